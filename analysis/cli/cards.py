"""``berserk cards``: list and filter the card table."""

from __future__ import annotations

import argparse

from analysis.cards.schema import CARD_TYPES, ELEMENTS
from analysis.cli.common import add_cards_option, add_json_option, cards_from, print_json
from analysis.util.errors import BerserkInputError

SHOWN = [
    "id",
    "name",
    "set_name",
    "elements",
    "type",
    "cost",
    "elite",
    "unique",
    "life",
    "move",
    "strike_weak",
    "strike_medium",
    "strike_strong",
]


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("cards", help="list and filter cards", description="List and filter cards.")
    p.add_argument(
        "--set", type=int, action="append", dest="sets", metavar="SET_ID", help="set id, e.g. 10 (repeatable)"
    )
    p.add_argument(
        "--element",
        action="append",
        dest="elements",
        metavar="ELEMENT",
        help=f"one of {', '.join(ELEMENTS)}, neutral (repeatable)",
    )
    p.add_argument(
        "--type",
        action="append",
        dest="types",
        metavar="TYPE",
        help=f"one of {', '.join(CARD_TYPES)} (repeatable)",
    )
    p.add_argument("--name", help="part of the name")
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for element in args.elements or []:
        if element not in (*ELEMENTS, "neutral"):
            raise BerserkInputError(f"unknown element {element!r}; use one of {', '.join(ELEMENTS)}, neutral")
    for card_type in args.types or []:
        if card_type not in CARD_TYPES:
            raise BerserkInputError(f"unknown type {card_type!r}; use one of {', '.join(CARD_TYPES)}")
    db = cards_from(args)
    cards = db.filter(args.sets, args.elements, args.types, args.name)
    frame = db.to_frame()
    frame = frame[frame["id"].isin([c.id for c in cards])]
    if args.json:
        print_json(frame.astype(object).where(frame.notna(), None).to_dict("records"))
    else:
        with_width = frame[SHOWN].fillna("")
        print(with_width.to_string(index=False))
        print(f"{len(cards)} card(s)")
    return 0
