"""``berserk tune``: which swap makes a deck score better against the field."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_rules_option,
    bounded_int,
    cards_from,
    print_json,
)
from analysis.cli.planner import (
    add_planner_options,
    field_from,
    legal_deck,
    planner_settings,
    print_notes,
    runner_from,
)
from analysis.decks.deck import write_deck
from analysis.planning.collection import read_collection
from analysis.planning.swaps import POOLS, candidate_swaps
from analysis.planning.tune import MAX_GAMES, MAX_TOP, TuneResult, check_tune_options, tune
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import figure, interval


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "tune",
        help="suggest card swaps that raise a deck's expected score against a field",
        description="Suggest swaps (remove k copies of a card, add k copies of another; every tuned deck "
        "legal) ranked by the gain in expected score against the field, with 95 % intervals. Candidates "
        "come from the pool and a duel-strength pre-screen; they race on the same games (common random "
        "numbers), and the games go to the promising ones (successive halving and elimination).",
    )
    p.add_argument("deck", metavar="DECK", help="the deck to tune")
    p.add_argument("--field", required=True, metavar="FIELD", help="field file (TOML)")
    p.add_argument("--pool", default="elements", metavar="all|elements|FILE",
                   help="cards to add: elements (default: the deck's elements and neutral cards), all, or "
                        "your collection file (berserk-nxt format, one 'ID COUNT' per line)")
    p.add_argument("--candidates", type=bounded_int(1, 500), default=30, metavar="K",
                   help="swaps to race, picked by the pre-screen (default 30)")
    add_planner_options(p, f"most games per swap and field deck, 2 to {MAX_GAMES:,} (default 1,600)", 1_600)
    for action in p._actions:
        if action.dest == "games":
            action.type = bounded_int(2, MAX_GAMES)  # (the help says the same bound)
    p.add_argument("--block", type=bounded_int(2, MAX_GAMES), default=100, metavar="B",
                   help="games per field deck in a racing step (even, at most --games; default 100)")
    p.add_argument("--target", type=float, default=0.02, metavar="H",
                   help="stop a swap once its gain is known to ±H (95 %% half-width; default 0.02)")
    p.add_argument("--top", type=bounded_int(1, MAX_TOP), default=5, metavar="T",
                   help=f"how many best swaps to resolve, 1 to {MAX_TOP} (default 5)")
    p.add_argument("--save-best", metavar="PATH",
                   help="write the deck with the best swap applied (format from the extension)")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    check_tune_options(args.block, args.games, args.target, args.top)  # before any work
    db = cards_from(args)
    settings = planner_settings(args, db)
    deck = legal_deck(args.deck, db, settings.rules, args.format)
    field = field_from(args, db, settings.rules)
    pool = args.pool if args.pool in POOLS else read_collection(args.pool, db)
    candidates = candidate_swaps(deck, db, settings.rules, args.format, pool, field, args.candidates)
    runner = runner_from(args, settings)
    if not args.quiet:
        print(f"racing {len(candidates)} swap(s) against {len(field.decks)} field deck(s)", file=sys.stderr)
    result = tune(deck, field, settings, candidates, args.seed, args.block, args.games, args.target, args.top,
                  runner)
    print_notes([*field.notes, *runner.cache.notes])
    if not args.quiet:
        print(runner.cache.describe(), file=sys.stderr)
    if args.save_best:
        if not result.swaps:
            raise BerserkInputError("no swap to apply: the pool offers no legal swap")
        write_deck(result.tuned_deck(1), args.save_best, db)
        if not args.quiet:
            print(f"wrote {args.save_best} ({result.swaps[0].swap.label()})", file=sys.stderr)
    if args.json:
        print_json(result.to_dict())
    else:
        name = deck.title or Path(args.deck).stem
        pool_name = args.pool if args.pool in POOLS else f"collection {args.pool}"
        print(tune_text(result, name, pool_name))
    return 0


def tune_text(result: TuneResult, name: str, pool: str) -> str:
    """The plain-text table of ``berserk tune``."""
    base = result.baseline
    field = result.field
    lines = [f"Tuning {name} against {field.title or 'the field'} ({len(field.decks)} deck(s)); "
             f"pool: {pool}; seed {result.seed}",
             f"Baseline expected score {figure(base.mean, 'share')} (95 % CI "
             f"{interval(base.lo, base.hi, 'share')}, {base.games:,} games)"]
    if not result.swaps:
        lines.append("No legal swap from this pool.")
        return "\n".join(lines)
    width = max(len(s.swap.label()) for s in result.swaps)
    rows = []
    for rank, s in enumerate(result.swaps, start=1):
        g, caveat = s.gain, s.caveat
        unsure = figure(caveat.unsure_share, "share") + (" limit" if caveat.has_limit else "")
        rows.append((f"{rank:>4}", s.swap.label(), figure(g.mean, "gain"),
                     f"{figure(g.lo, 'gain')} to {figure(g.hi, 'gain')}", figure(s.expected.mean, "share"),
                     f"{s.games:,}", unsure, s.status))
    head = ("rank", "swap", "gain", "95 % CI", "score", "games", "unsure", "status")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    widths[1] = max(width, len("swap"))
    right = {0, 2, 4, 5, 6}
    for row in [head, *rows]:
        lines.append("  ".join(c.rjust(w) if i in right else c.ljust(w)
                               for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip())
    played = result.games_played
    lines.append(f"{result.games_total:,} games ({played:,} played now, the rest from the cache), "
                 f"{result.rounds} round(s); gains are paired (common random numbers), resolved to "
                 f"±{figure(result.target, 'gain').lstrip('+')} for the best {result.top}")
    lines.append("unsure = the share of a swap's gain that rests on cards not modelled in full or on a "
                 "listed model limit (data/model_limits.toml); 'limit' marks the latter. Read such gains "
                 "as \"in this model\":")
    seen: dict[str, str] = {}
    for s in result.swaps:
        for card in s.caveat.cards:
            if card.unsure > 0 and card.card not in seen:
                seen[card.card] = card.note()
    lines.extend(f"  {note}" for note in seen.values())
    return "\n".join(lines)
