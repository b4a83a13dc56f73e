"""``berserk convert``: rewrite a deck in another file format."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from analysis.cli.common import add_cards_option, cards_from, deck_from
from analysis.decks.deck import DECK_FORMATS, format_deck, write_deck


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "convert",
        help="convert a deck between txt, brsd, json and nxt (compact code)",
        description="Convert a deck file (txt, brsd, json, or nxt: one berserk-nxt compact code). The output "
        "format comes from --to or OUTPUT's extension.",
    )
    p.add_argument("deck", metavar="DECK")
    p.add_argument("output", metavar="OUTPUT", nargs="?", help="file to write (default: stdout)")
    p.add_argument("--to", choices=DECK_FORMATS, help="output format")
    add_cards_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    deck = deck_from(args, db)
    target = args.to or (Path(args.output).suffix.lower().lstrip(".") if args.output else "txt")
    if target == "nxt" and (deck.title or deck.notes):
        print("note: the compact deck code carries no title or comments; they are left out", file=sys.stderr)
    if args.output:
        write_deck(deck, args.output, db, args.to)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(format_deck(deck, args.to or "txt", db))
    return 0
