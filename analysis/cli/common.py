"""Options and output helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from analysis.cards import CardDB, load_cards
from analysis.decks import Deck, read_deck
from analysis.rules import Ruleset, load_ruleset


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        metavar="CSV",
        action="append",
        default=[],
        help="extra cards from a CSV in the card-table schema (repeatable)",
    )
    parser.add_argument(
        "--abilities",
        metavar="FILE",
        action="append",
        default=[],
        help="extra or overriding ability facts from a TOML file in the data/abilities schema (repeatable)",
    )


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        metavar="NAME|PATH",
        default="relaunch",
        help="built-in ruleset (classic, relaunch, realms, relaunch-banlist) or a .toml file "
        "(default: relaunch)",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")


def cards_from(args: argparse.Namespace) -> CardDB:
    return load_cards(extra=tuple(getattr(args, "cards", []) or ()),
                      abilities=tuple(getattr(args, "abilities", []) or ()))


def rules_from(args: argparse.Namespace) -> Ruleset:
    return load_ruleset(args.rules)


def deck_from(args: argparse.Namespace, db: CardDB, attr: str = "deck") -> Deck:
    return read_deck(getattr(args, attr), db)


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def progress_printer(enabled: bool, label: str):
    """A callback ``(done, total)`` reporting progress on stderr, or None when ``enabled`` is false.

    On a terminal it redraws one progress-bar line; in a log (stderr not a terminal) it writes a
    plain line every 10 % so the log stays readable.
    """
    if not enabled:
        return None
    interactive = sys.stderr.isatty()
    step = 1 if interactive else 10
    state = {"last": -1}

    def report(done: int, total: int) -> None:
        percent = int(100 * done / total) if total else 100
        shown = percent - percent % step
        if shown == state["last"]:
            return
        state["last"] = shown
        if interactive:
            bar = "#" * (percent // 4)
            end = "\n" if done >= total else ""
            sys.stderr.write(f"\r{label} [{bar:<25}] {percent:3d}% ({done:,}/{total:,}){end}")
        else:
            sys.stderr.write(f"{label}: {percent}% ({done:,}/{total:,})\n")
        sys.stderr.flush()

    return report
