"""``berserk abilities``: a card's modelled abilities, or the coverage of the ability facts."""

from __future__ import annotations

import argparse
import shlex

from analysis.cards.abilities import lookup_contract
from analysis.cli.common import add_cards_option, add_json_option, cards_from, print_json
from analysis.decks.coverage import coverage, coverage_markdown, coverage_text
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "abilities",
        help="a card's modelled abilities, or the coverage of the ability facts",
        description="Show the modelled abilities of CARD (name or SET/NUMBER) from data/abilities, "
        "or with --coverage the share of the card list they model (by icon, by set, by sample-deck "
        "copies), issue 19's targets (full copies and printings, none printings) and the keyword "
        "columns the battle does not play.",
    )
    p.add_argument("card", metavar="CARD", nargs="?", help="card name or SET/NUMBER, e.g. 10/4")
    p.add_argument("--coverage", action="store_true", help="report the coverage instead of one card")
    p.add_argument("-o", "--out", metavar="PATH",
                   help="with --coverage: also write the report as Markdown to PATH (atomically)")
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.coverage == bool(args.card):
        raise BerserkInputError("give a CARD (name or SET/NUMBER) or --coverage, not both or neither")
    if args.out is not None and not args.coverage:
        raise BerserkInputError("--out writes the coverage report: give it with --coverage")
    db = cards_from(args)
    if args.coverage:
        report = coverage(db)
        if args.out is not None:
            write_text_atomic(args.out, coverage_markdown(report, _command(args)))
        if args.json:
            print_json(report.to_dict())
        else:
            print(coverage_text(report))
        return 0
    card = db.find(args.card)
    entry = card.abilities
    if args.json:
        print_json(lookup_contract(card.name, card.code, entry))
        return 0
    status = entry.status if entry is not None else "none (no entry)"
    print(f"{card.name} ({card.code}): {status}")
    for i, ability in enumerate(entry.abilities if entry is not None else ()):
        print(f"  {i}. {ability.describe()}")
    if entry is not None:
        if entry.start_counters or entry.start_counters_second or entry.max_counters:
            parts = []
            if entry.start_counters:
                parts.append(f"starts with {entry.start_counters} counter(s)")
            if entry.start_counters_second:
                parts.append(f"+{entry.start_counters_second} as the Second player")
            if entry.max_counters:
                parts.append(f"at most {entry.max_counters}")
            print("  counters: " + ", ".join(parts))
        for phrase in entry.unmodelled:
            print(f"  not modelled: {phrase}")
        print(f"  source: {entry.source}")
    else:
        print("  not modelled: no ability facts for this printing in data/abilities yet")
    return 0


def _command(args: argparse.Namespace) -> str:
    """The command line that writes this report, for the report's own record."""
    words = ["berserk", "abilities", "--coverage"]
    for path in args.cards:
        words += ["--cards", path]
    for path in args.abilities:
        words += ["--abilities", path]
    words += ["--out", args.out]
    return shlex.join(words)
