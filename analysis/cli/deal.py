"""``berserk deal``: exact deal odds of a deck and a Monte Carlo of squads and mulligans."""

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
    deck_from,
    print_json,
    progress_printer,
    rules_from,
    warn_if_illegal,
)
from analysis.cli.recruit import add_objective_options, objective_inputs
from analysis.squad.deals import deal_odds, prob_all_present, simulate
from analysis.summaries.deals import OBJECTIVE_UNITS
from analysis.util.limits import MAX_ESTIMATE_TRIALS, MAX_HORIZON, MAX_TRIALS
from analysis.util.numbers import figure, interval, objective_kind


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "deal",
        help="deal odds, squad values and mulligan policies of a deck",
        description="Exact odds of the first deal (hypergeometric) and a seeded Monte Carlo of the optimal "
        "squad under a mulligan policy: never, threshold:V (redeal while value < V) or optimal "
        "(backward induction). Every estimate has a 95 % confidence interval.",
    )
    p.add_argument("deck", metavar="DECK", help="deck file (.txt, .brsd, .json or .nxt)")
    add_rules_option(p)
    p.add_argument("--player", type=int, choices=(1, 2), default=1, help="seat (default 1)")
    p.add_argument("--trials", type=bounded_int(1, MAX_TRIALS), default=10_000, metavar="N",
                   help=f"simulated games, 1 to {MAX_TRIALS:,} (default 10,000)")
    add_seed_option(p)
    p.add_argument("--policy", default="never", metavar="never|optimal|threshold:V",
                   help="mulligan policy (default never)")
    p.add_argument("--horizon", type=bounded_int(0, MAX_HORIZON), default=None, metavar="H",
                   help=f"at most H mulligans, H ≤ {MAX_HORIZON} (default: 8 for pay-gold rules, every "
                   "redeal for shrink)")
    p.add_argument("--estimate-trials", type=bounded_int(30, MAX_ESTIMATE_TRIALS), default=4_000, metavar="N",
                   help=f"deals per stage to estimate the optimal thresholds, 30 to {MAX_ESTIMATE_TRIALS:,} "
                   "(default 4,000)")
    add_processes_option(p)
    p.add_argument("--together", action="append", default=[], metavar="NAME",
                   help="exact P(the first deal has at least one copy of every such name) (repeatable)")
    add_objective_options(p)
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    rules = rules_from(args, db)
    deck = deck_from(args, db)
    legality = warn_if_illegal(deck, rules, args.deck)
    ratings, weights = objective_inputs(args, db, rules, deck.cards())
    odds = deal_odds(deck, rules.deal.size)
    together = prob_all_present(deck, args.together, rules.deal.size) if args.together else None
    sim = simulate(
        deck, rules, args.player, args.trials, args.seed, args.policy, args.objective, ratings, weights,
        args.horizon, args.estimate_trials, args.processes, progress_printer(not args.quiet, "deal"),
        args.default_rating,
    )
    if args.json:
        out = {"deck": deck.title, **odds.to_dict(), **sim.to_dict(), "legal": legality.legal,
               "problems": [p.to_dict() for p in legality.problems]}
        if together is not None:
            out["together"] = {"names": args.together, "probability": round(together, 6)}
        print_json(out)
        return 0
    v, mr = sim.squad_value, sim.mulligan_rate
    print(f"{args.deck}: {deck.title!r}, {deck.size} cards; {rules.name}, player {args.player}, "
          f"deal of {odds.deal_size}")
    if not legality.legal:
        print(f"  NOT LEGAL under {rules.name}: " + "; ".join(p.message for p in legality.problems))
    print("Exact odds of the first deal:")
    elites = ", ".join(
        f"{k}: {figure(p, 'share')}" for k, p in enumerate(odds.elite_count_pmf) if p >= 0.0005)
    print(f"  elite cards: {elites}")
    print("  P(at least one copy): " + ", ".join(
        f"{k} {figure(p, 'share')}" for k, p in sorted(odds.card_probability.items(), key=lambda kv: -kv[1])))
    if together is not None:
        print(f"  P(at least one copy of each of {', '.join(args.together)}): {figure(together, 'share')}")
    print(f"Monte Carlo, {sim.trials:,} games, seed {sim.seed}, policy {sim.policy}, "
          f"objective {sim.objective}:")
    unit = OBJECTIVE_UNITS.get(sim.objective, sim.objective)
    kind = objective_kind(sim.objective)  # one rule per figure (analysis.util.numbers)
    print(f"  squad value {figure(v.mean, kind)} {unit}  (95% CI {interval(v.lo, v.hi, kind)})")
    print(f"  mulligan rate {figure(mr.mean, 'share')}  (95% CI {interval(mr.lo, mr.hi, 'share')})")
    if sim.thresholds:
        print("  redeal when the squad value is below: " + ", ".join(
            f"stage {m}: {figure(t, kind)}" for m, t in enumerate(sim.thresholds)))
    print("  mulligans taken: " + ", ".join(
        f"{k}: {figure(e.mean, 'share')}" for k, e in sorted(sim.mulligans_taken.items())))
    print("  elements recruited: " + ", ".join(
        f"{k}: {figure(e.mean, 'share')}" for k, e in sorted(sim.elements_recruited.items())))
    g, gain = sim.first_deal_greedy_value, sim.first_deal_optimizer_gain
    print(f"  first deal: optimal {figure(sim.first_deal_value.mean, kind)}, rulebook greedy "
          f"{figure(g.mean, kind)}, the optimizer adds {figure(gain.mean, kind)} "
          f"(95% CI {interval(gain.lo, gain.hi, kind)})")
    return 0
