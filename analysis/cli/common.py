"""Options and output helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from analysis.cards.table import Card, CardDB, load_cards
from analysis.decks.deck import Deck, read_deck
from analysis.decks.legality import LegalityReport, check_deck
from analysis.rules import Ruleset, load_ruleset
from analysis.util.limits import MAX_SEED, max_processes
from analysis.util.textnorm import normalize_name


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
        help="built-in ruleset (classic, relaunch = tournament rules with the ban list, "
        "relaunch-casual = no bans, realms) or a .toml file (default: relaunch)",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")


def cards_from(args: argparse.Namespace) -> CardDB:
    return load_cards(extra=tuple(getattr(args, "cards", []) or ()),
                      abilities=tuple(getattr(args, "abilities", []) or ()))


def rules_from(args: argparse.Namespace, db: CardDB) -> Ruleset:
    """The ruleset of ``--rules``, its banned names and sets checked against the cards."""
    return load_ruleset(args.rules, db)


def deck_from(args: argparse.Namespace, db: CardDB, attr: str = "deck") -> Deck:
    return read_deck(getattr(args, attr), db)


def warn_if_illegal(deck: Deck, rules: Ruleset, label: str, fmt: str = "constructed") -> LegalityReport:
    """Check ``deck`` and print one ``warning:`` line per problem on stderr when it is illegal.

    Commands that still answer for an illegal deck (``deal``) say so, so a player does not plan
    with a deck a tournament would refuse; the figures stay, and ``--quiet`` does not hide this.
    """
    report = check_deck(deck, rules, fmt)
    for problem in report.problems:
        print(f"berserk: warning: {label}: the deck is not legal under {rules.name} / {fmt}: "
              f"{problem.message} (see `berserk check`)", file=sys.stderr)
    return report


def warn_banned_cards(cards: list[Card], rules: Ruleset, label: str) -> set[str]:
    """Names among ``cards`` banned under ``rules`` (card flag or the ruleset's names), each warned
    about once on stderr; a legal deck cannot deal them."""
    extra = {normalize_name(n) for n in rules.bans.names}
    banned = sorted({c.name for c in cards if (rules.bans.use_card_flag and c.banned) or c.key in extra})
    for name in banned:
        print(f"berserk: warning: {label}: {name!r} is banned under {rules.name}; no legal deck deals it",
              file=sys.stderr)
    return set(banned)


def bounded_int(low: int, high: int):
    """An argparse ``type``: a whole number from ``low`` to ``high``; anything else is a usage error
    (exit 2) that names the option and the range, before any work starts."""

    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in "+-" else body
        if not digits or not all("0" <= ch <= "9" for ch in digits):
            raise argparse.ArgumentTypeError(f"expected a whole number from {low:,} to {high:,}, "
                                             f"got {text[:40]!r}")
        if len(digits) > len(str(max(abs(low), abs(high)))) or not low <= int(body) <= high:
            raise argparse.ArgumentTypeError(f"must be between {low:,} and {high:,}, got {text[:40]}")
        return int(body)

    parse.__name__ = "whole number"
    return parse


def add_seed_option(parser: argparse.ArgumentParser, what: str = "random seed") -> None:
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0, metavar="S",
                        help=f"{what}, 0 to 2^63-1 (default 0)")


def add_processes_option(parser: argparse.ArgumentParser, default: int = 1) -> None:
    parser.add_argument("--processes", type=bounded_int(1, max_processes()), default=default, metavar="P",
                        help="worker processes (default: %(default)s; at most "
                        f"{max_processes()} on this machine)")


def print_json(data: Any) -> None:
    """One JSON object on stdout. ``NaN`` and ``Infinity`` are not JSON: the inputs that could
    produce them are refused earlier, so meeting one here is a bug (exit 3), never invalid output."""
    text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False)
    sys.stdout.write(text + "\n")


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
