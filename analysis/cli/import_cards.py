"""``berserk import-cards``: rebuild ``data/cards.csv`` from ``data/cards_raw.json``."""

from __future__ import annotations

import argparse
from pathlib import Path

from analysis.cards.importer import import_cards


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "import-cards",
        help="rebuild the card table from the raw card facts",
        description="Rebuild data/cards.csv from data/cards_raw.json (deterministic, rerunnable).",
    )
    p.add_argument("--raw", type=Path, help="raw JSON (default: data/cards_raw.json)")
    p.add_argument("-o", "--output", type=Path, help="CSV to write (default: data/cards.csv)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path = import_cards(args.raw, args.output)
    print(f"wrote {path}")
    return 0
