"""``berserk odds``: exact odds of one simple strike and of the duel between two creatures."""

from __future__ import annotations

import argparse

from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_rules_option,
    add_seed_option,
    bounded_int,
    cards_from,
    print_json,
    rules_from,
)
from analysis.combat.duel import DEFAULT_MAX_TURNS, DUEL_POLICIES, DuelResult, duel
from analysis.combat.monte_carlo import DuelSim, Estimate, StrikeSim, simulate_duels, simulate_strikes
from analysis.combat.strike import WEAKEN_POLICIES, StrikeOdds, parse_fighter_spec, strike_odds
from analysis.util.limits import MAX_DUEL_TURNS, MAX_SIMULATE
from analysis.util.numbers import figure

FIGHTER_HELP = ("card name or SET/NUM (optionally NAME+MODIFIERS, e.g. 'Эвтерпа+exp_attack=2'), or custom "
                "stats X-Y-Z:LIFE[:MODIFIERS], e.g. 2-3-4:8:armor=1,blessing")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "odds",
        help="exact odds of a simple strike and of a duel",
        description="Exact distribution of one simple strike of ATTACKER on TARGET (wounds to each) "
        "and the exact duel between them, ATTACKER moving first. Modifiers: exp_attack, exp_defence, "
        "blessing, curse, clumsiness, armor, regeneration (named: the largest applies), roll and "
        "power (added).",
    )
    p.add_argument("attacker", metavar="ATTACKER", help=FIGHTER_HELP)
    p.add_argument("target", metavar="TARGET", help=FIGHTER_HELP)
    p.add_argument("--closed", action="store_true", help="the target is closed (only the attacker rolls)")
    p.add_argument("--weaken", choices=WEAKEN_POLICIES, default="best",
                   help="weakening on the Strike Table: never, always, or best for the chooser (default)")
    p.add_argument("--duel-policy", choices=DUEL_POLICIES, default="always_attack",
                   help="always_attack (default) or optimal (attack or hold back, by value iteration)")
    p.add_argument("--max-turns", type=bounded_int(0, MAX_DUEL_TURNS), default=DEFAULT_MAX_TURNS, metavar="N",
                   help="duel turns (both players' turns counted) before 'undecided' "
                   f"(default {DEFAULT_MAX_TURNS})")
    p.add_argument("--simulate", type=bounded_int(0, MAX_SIMULATE), default=0, metavar="N",
                   help="also run N simulated strikes and N simulated duels (Monte Carlo, 95%% intervals; "
                   f"N ≤ {MAX_SIMULATE:,})")
    add_seed_option(p, "Monte Carlo seed")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def _interval(e: Estimate) -> dict[str, float]:
    return {"p": e.value, "lo": e.lo, "hi": e.hi}


def simulation_json(sim: StrikeSim, duel_sim: DuelSim | None) -> dict[str, object]:
    """The ``monte_carlo`` object of ``--json --simulate N``."""
    return {
        "n": sim.n,
        "seed": sim.seed,
        "outcomes": [{"to_target": t, "to_attacker": a, **_interval(e)}
                     for (t, a), e in sim.outcomes.items()],
        "p_target_dies": _interval(sim.p_target_dies),
        "duel": None if duel_sim is None else {
            "n": duel_sim.n,
            "policy": duel_sim.policy,
            **{k: _interval(getattr(duel_sim, k))
               for k in ("first_wins", "second_wins", "both_die", "undecided")},
        },
    }


def odds_json(odds: StrikeOdds, result: DuelResult, rules_name: str) -> dict[str, object]:
    """The ``--json`` object: the issue's keys plus the names, rules and policies used."""
    return {
        "attacker": odds.attacker.describe(),
        "target": odds.target.describe(),
        "rules": rules_name,
        "combat_model": odds.model,
        "closed": odds.closed,
        "weaken": odds.policy,
        "outcomes": [
            {"to_target": o.to_target, "to_attacker": o.to_attacker, "p": float(o.p),
             "p_exact": f"{o.p.numerator}/{o.p.denominator}"}
            for o in odds.outcomes
        ],
        "p_target_dies": float(odds.p_target_dies),
        "duel": {
            "first_wins": result.first_wins,
            "second_wins": result.second_wins,
            "both_die": result.both_die,
            "undecided": result.undecided,
            "policy": result.policy,
            "weaken": result.weaken,
            "max_turns": result.max_turns,
        },
    }


def _share(p: object) -> str:
    """A probability as the figure rules write shares (percent, one decimal; the exact fraction is
    printed beside it where there is one)."""
    return figure(float(p), "share")  # type: ignore[arg-type]


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    rules = rules_from(args, db)
    attacker = parse_fighter_spec(args.attacker, db.find)
    target = parse_fighter_spec(args.target, db.find)
    odds = strike_odds(attacker, target, rules, closed=args.closed, weaken=args.weaken)
    result = duel(attacker, target, rules, policy=args.duel_policy, weaken=args.weaken,
                  max_turns=args.max_turns)
    sim = duel_sim = None
    if args.simulate:
        sim = simulate_strikes(attacker, target, rules, args.closed, args.weaken, n=args.simulate,
                               seed=args.seed)
        duel_sim = simulate_duels(attacker, target, rules, args.weaken, n=args.simulate,
                                  max_turns=args.max_turns, seed=args.seed, policy=args.duel_policy)
    if args.json:
        out = odds_json(odds, result, rules.name)
        if sim is not None:
            out["monte_carlo"] = simulation_json(sim, duel_sim)
        print_json(out)
        return 0
    state = "closed" if args.closed else "open"
    print(f"{attacker.describe()}\n  strikes {target.describe()} ({state})")
    print(f"rules {rules.name} ({odds.model}), weakening: {odds.policy}")
    print(f"{'to target':>9}  {'to attacker':>11}  {'probability':>11}  exact")
    for o in odds.outcomes:
        exact = f"{o.p.numerator}/{o.p.denominator}"
        print(f"{o.to_target:>9}  {o.to_attacker:>11}  {_share(o.p):>11}  {exact}")
    print(f"P(target dies) = {_share(odds.p_target_dies)}   P(attacker dies) = "
          f"{_share(odds.p_attacker_dies)}   expected wounds {float(odds.expected_to_target):.2f} dealt, "
          f"{float(odds.expected_to_attacker):.2f} taken")
    print(f"duel ({result.policy}, weakening {result.weaken}, {result.max_turns} turns; "
          f"{attacker.name} moves first):")
    print(f"  first wins {_share(result.first_wins)}   second wins {_share(result.second_wins)}   "
          f"both die {_share(result.both_die)}   undecided {_share(result.undecided)}")
    if sim is not None:
        print(f"Monte Carlo, {sim.n:,} strikes (seed {sim.seed}), 95% intervals:")
        for (t, a), e in sim.outcomes.items():
            print(f"{t:>9}  {a:>11}  {_share(e.value):>11}  [{_share(e.lo)}, {_share(e.hi)}]")
        d = sim.p_target_dies
        print(f"P(target dies) = {_share(d.value)} [{_share(d.lo)}, {_share(d.hi)}]")
        if duel_sim is not None:
            parts = [f"{label} {_share(getattr(duel_sim, k).value)} [{_share(getattr(duel_sim, k).lo)}, "
                     f"{_share(getattr(duel_sim, k).hi)}]"
                     for label, k in (("first wins", "first_wins"), ("second wins", "second_wins"),
                                      ("both die", "both_die"), ("undecided", "undecided"))]
            print(f"  {duel_sim.n:,} duels: " + "   ".join(parts))
    return 0
