"""``berserk check``: is a deck legal under a ruleset and a format?"""

from __future__ import annotations

import argparse

from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_rules_option,
    cards_from,
    deck_from,
    print_json,
    rules_from,
)
from analysis.decks.legality import check_deck
from analysis.rules import FORMATS


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "check",
        help="check a deck's legality",
        description="Check a deck against a ruleset (default relaunch: tournament rules with the ban "
        "list of March 2026; relaunch-casual has no bans). Prints problems (the deck is illegal), "
        "warnings and information. Exit 0 legal, 1 illegal, 2 input error.",
    )
    p.add_argument("deck", metavar="DECK", help="deck file (.txt, .brsd, .json or .nxt)")
    add_rules_option(p)
    p.add_argument("--format", choices=FORMATS, default="constructed", help="default: constructed")
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    rules = rules_from(args, db)
    deck = deck_from(args, db)
    report = check_deck(deck, rules, args.format)
    if args.json:
        print_json(report.to_dict())
    else:
        title = f"{deck.title!r} " if deck.title else ""
        verdict = "LEGAL" if report.legal else "ILLEGAL"
        print(
            f"{args.deck}: deck {title}({report.cards} cards) is {verdict} "
            f"under {report.ruleset} / {report.format}"
        )
        for level, findings in report.by_level():
            for finding in findings:
                print(f"  {level} [{finding.code}] {finding.message}")
    return 0 if report.legal else 1
