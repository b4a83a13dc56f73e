"""``berserk ratings``: every creature's expected duel win probability against a pool."""

from __future__ import annotations

import argparse
import sys

from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_rules_option,
    bounded_int,
    cards_from,
    deck_from,
    print_json,
    progress_printer,
    rules_from,
)
from analysis.combat.duel import DEFAULT_MAX_TURNS
from analysis.combat.ratings import creature_pool, ratings
from analysis.combat.strike import WEAKEN_POLICIES
from analysis.util.atomic import write_text_atomic
from analysis.util.limits import MAX_DUEL_TURNS

CSV_COLUMNS = ["name", "rating", "rating_per_crystal", "loss", "both_die", "undecided", "code", "cost",
               "life", "strike", "key"]
"""``name,rating`` first, so the file is a ``--ratings`` CSV for ``berserk recruit --objective rating``."""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "ratings",
        help="duel ratings of creatures (win probability against a pool, per crystal)",
        description="Rate creatures by their expected duel win probability (always attack, first "
        "strike split evenly) against a pool: every creature of the selected sets (default), or "
        "the creatures of --deck.",
    )
    p.add_argument("-o", "--output", metavar="CSV", help="write the table as CSV (name,rating,… columns)")
    p.add_argument("--set", type=int, action="append", dest="sets", metavar="SET_ID",
                   help="rate and pool the creatures of this set (repeatable; default all sets)")
    p.add_argument("--deck", metavar="FILE", help="pool = the creatures of this deck (copies count)")
    p.add_argument("--weaken", choices=WEAKEN_POLICIES, default="best",
                   help="weakening policy (default best)")
    p.add_argument("--max-turns", type=bounded_int(1, MAX_DUEL_TURNS), default=DEFAULT_MAX_TURNS, metavar="N",
                   help=f"duel length in turns before 'undecided', at most {MAX_DUEL_TURNS:,} "
                   f"(default {DEFAULT_MAX_TURNS})")
    p.add_argument("--top", type=bounded_int(0, 100_000), default=20, metavar="N",
                   help="rows to print (default 20; 0 = every row)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def _records(frame) -> list[dict]:
    """Rows for JSON; a missing figure (the per-crystal rating of a card that costs 0) is null."""
    return frame.astype(object).where(frame.notna(), None).to_dict("records")


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    rules = rules_from(args, db)
    cards = creature_pool(db, args.sets)
    pool = None
    if args.deck:
        pool = [c for c in deck_from(args, db).cards() if c.is_creature]
    progress = progress_printer(not args.quiet and not args.json and sys.stderr.isatty(), "duels")
    frame = ratings(cards, pool, rules, weaken=args.weaken, max_turns=args.max_turns, db=db,
                    sets=args.sets, progress=progress)
    frame = frame.rename(columns={"win": "rating"})
    if args.output:
        write_text_atomic(args.output, frame[CSV_COLUMNS].to_csv(index=False, float_format="%.6f"))
    if args.json:
        print_json({"rules": rules.name, "policy": "always_attack", "weaken": args.weaken,
                    "max_turns": args.max_turns, "pool_size": frame.attrs["pool_size"],
                    "output": args.output, "ratings": _records(frame[CSV_COLUMNS])})
        return 0
    shown = frame[["name", "code", "cost", "life", "strike", "rating", "rating_per_crystal"]]
    if args.top:
        shown = shown.head(args.top)
    print(shown.to_string(index=False, float_format=lambda v: f"{v:.4f}"))
    print(f"{len(frame)} creature(s) rated against a pool of {frame.attrs['pool_size']} under {rules.name} "
          f"(always attack, weakening {args.weaken}, {args.max_turns} turns)"
          + (f"; written to {args.output}" if args.output else ""))
    return 0
