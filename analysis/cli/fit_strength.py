"""``berserk fit-strength``: rebuild the card strength table of a ruleset from simulated battles."""

from __future__ import annotations

import argparse

from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_processes_option,
    add_rules_option,
    add_seed_option,
    bounded_int,
    cards_from,
    print_json,
    progress_printer,
    rules_from,
)
from analysis.combat.ratings import ratings_map
from analysis.fitting.strength import MAX_BATTLES, fit_strength, simulate_battles, write_fit


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "fit-strength",
        help="fit card strengths for winning from simulated battles (the 'strength' objective)",
        description="Play battles between random legal squads (sample-deck deals and random card-pool "
        "squads, recruited under random weights), fit each printing's contribution to its squad's "
        "log-odds of winning (logistic Bradley-Terry model, L2 chosen on a validation split) and write "
        "data/strength/<ruleset>.csv with a .json of the fit's quality on held-out battles. The same "
        "seed and battle count give the same table.",
    )
    p.add_argument("--battles", type=bounded_int(1, MAX_BATTLES), default=200_000, metavar="N",
                   help=f"battles to simulate, 1 to {MAX_BATTLES:,} (default 200,000)")
    add_seed_option(p, "seed of the battles")
    add_processes_option(p, default=2)
    p.add_argument("-o", "--output", metavar="CSV",
                   help="where to write the table (default data/strength/<ruleset>.csv)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    rules = rules_from(args, db)
    progress = progress_printer(not args.quiet, "battles")
    data = simulate_battles(db, rules, args.battles, args.seed, args.processes, progress=progress)
    fit = fit_strength(data, db, ratings_map(rules))
    path = write_fit(fit, db, args.output)
    if args.json:
        print_json({"table": str(path), **fit.to_meta()})
        return 0
    print(f"{fit.battles:,} battles ({rules.name}, seed {fit.seed}); {len(fit.values)} printings fitted, "
          f"L2 = {fit.l2}, first-seat effect {fit.seat_effect:+.3f} log-odds; wrote {path}")
    print("held-out test battles:   log-loss   Brier   accuracy (decisive)")
    for q in fit.quality:
        print(f"  {q.name:<20} {q.log_loss:9.4f} {q.brier:7.4f} {q.accuracy:9.3f}")
    return 0
