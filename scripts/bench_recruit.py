"""Benchmark of the squad optimizer and the deal simulation (issue 3).

    python3 scripts/bench_recruit.py            # writes reports/bench_recruit.json and .md
    python3 scripts/bench_recruit.py --quick    # a smaller run for a smoke test

Measures, on 15-card deals from the sample decks in data/decks/ (ruleset relaunch, player 1):

1. Optimal recruitments per second on one core, on *distinct* deals with the memo switched off
   (the headline), for the ``crystals`` objective, a ``rating`` objective (fixed pseudo-random
   ratings per card name) and the ``strength`` objective (the committed strength table), median
   of ``--repeats`` runs.
2. ``scipy.optimize.milp`` (HiGHS) on a subset of the same deals in the same run, per deal; the
   speed-up is measured on exactly that subset, and every value is compared with the optimizer.
3. With the memo on, a Monte-Carlo-like stream of deals (repeats allowed), reported separately.
4. ``analysis.squad.deals.simulate``: 100,000 simulated games with optimal recruitment and the optimal
   mulligan policy (threshold estimation included), with ``--processes`` worker processes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, load_note, machine  # noqa: E402

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.squad.deals import simulate  # noqa: E402
from analysis.squad.recruit import Recruiter, milp_value  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402


def distinct_deals(decks, per_deck: int, seed: int):
    """``per_deck`` distinct 15-card deals (as multisets) from each deck."""
    rng = np.random.default_rng(seed)
    out = []
    for deck in decks:
        cards = deck.cards()
        seen = set()
        tries = 0
        while len(seen) < per_deck and tries < per_deck * 50:
            tries += 1
            deal = tuple(sorted(cards[i].id for i in rng.permutation(len(cards))[:15]))
            seen.add(deal)
        by_id = {c.id: c for c in cards}
        out.append((deck, [[by_id[i] for i in deal] for deal in sorted(seen)]))
    return out


def ratings_for(decks, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    keys = sorted({c.key for d in decks for c in d.cards()})
    return {k: float(np.round(rng.uniform(1, 10), 2)) for k in keys}


def time_optimizer(deals_by_deck, rules, objective, ratings, repeats):
    """Median seconds per deal (memo off), over ``repeats`` runs of every deal."""
    runs = []
    values = None
    for _ in range(repeats):
        total, n, vals = 0.0, 0, []
        for deck, deals in deals_by_deck:
            r = Recruiter(deck.cards(), rules, 1, objective, ratings, memo_size=0)
            counts = [r.counts_of(d) for d in deals]
            t0 = time.perf_counter()
            for c in counts:
                vals.append(r.solve(c, 0, 1)[0][0])
            total += time.perf_counter() - t0
            n += len(counts)
        runs.append(total / n)
        values = vals
    return statistics.median(runs), runs, values


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-deck", type=int, default=1000, help="distinct deals per sample deck")
    ap.add_argument("--milp-per-deck", type=int, default=30, help="of those, deals also solved by milp")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--sim-trials", type=int, default=100_000)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="small sizes (smoke test)")
    ap.add_argument("--out", default=str(ROOT / "reports" / "bench_recruit"))
    args = ap.parse_args()
    if args.quick:
        args.per_deck, args.milp_per_deck, args.repeats, args.sim_trials = 100, 5, 2, 5_000

    db = load_cards()
    rules = load_ruleset("relaunch")
    decks = [read_deck(p, db) for p in sample_deck_paths()]
    report: dict[str, object] = {
        "machine": machine("numpy", "scipy"), "load_before": load(), "ruleset": rules.name}
    deals_by_deck = distinct_deals(decks, args.per_deck, seed=1)
    n_deals = sum(len(d) for _, d in deals_by_deck)
    ratings = ratings_for(decks, seed=2)

    # 1. the optimizer, distinct deals, memo off
    per_deal, runs, values = time_optimizer(deals_by_deck, rules, "crystals", None, args.repeats)
    r_per_deal, r_runs, r_values = time_optimizer(deals_by_deck, rules, "rating", ratings, args.repeats)
    s_per_deal, s_runs, s_values = time_optimizer(deals_by_deck, rules, "strength", None, args.repeats)
    report["optimizer"] = {
        "deals": n_deals,
        "distinct": True,
        "memo": False,
        "repeats": args.repeats,
        "crystals": {"median_us_per_deal": per_deal * 1e6, "per_second": 1 / per_deal,
                     "runs_us": [x * 1e6 for x in runs], "mean_value": float(np.mean(values))},
        "rating": {"median_us_per_deal": r_per_deal * 1e6, "per_second": 1 / r_per_deal,
                   "runs_us": [x * 1e6 for x in r_runs], "mean_value": float(np.mean(r_values))},
        "strength": {"median_us_per_deal": s_per_deal * 1e6, "per_second": 1 / s_per_deal,
                     "runs_us": [x * 1e6 for x in s_runs], "mean_value": float(np.mean(s_values)),
                     "ratio_to_crystals": s_per_deal / per_deal},
    }

    # 2. milp on a subset of the same deals, same run
    subset = [(deck, deals[: args.milp_per_deck]) for deck, deals in deals_by_deck]
    sub_n = sum(len(d) for _, d in subset)
    bnb_sub, _, bnb_vals = time_optimizer(subset, rules, "crystals", None, args.repeats)
    milp_times, milp_vals = [], []
    for _, deals in subset:
        for deal in deals:
            t0 = time.perf_counter()
            milp_vals.append(milp_value(deal, rules, 1, 0))
            milp_times.append(time.perf_counter() - t0)
    mismatches = sum(abs(a - b) > 1e-6 for a, b in zip(bnb_vals, milp_vals, strict=True))
    r_bnb_sub, _, r_bnb_vals = time_optimizer(subset, rules, "rating", ratings, args.repeats)
    r_milp_times, r_milp_vals = [], []
    for _, deals in subset:
        for deal in deals:
            t0 = time.perf_counter()
            r_milp_vals.append(milp_value(deal, rules, 1, 0, [ratings[c.key] for c in deal]))
            r_milp_times.append(time.perf_counter() - t0)
    r_mismatches = sum(abs(a - b) > 1e-6 for a, b in zip(r_bnb_vals, r_milp_vals, strict=True))
    milp_mean = float(np.mean(milp_times))
    r_milp_mean = float(np.mean(r_milp_times))
    report["milp"] = {
        "deals": sub_n,
        "crystals": {"milp_mean_us": milp_mean * 1e6, "bnb_median_us": bnb_sub * 1e6,
                     "speedup": milp_mean / bnb_sub, "value_mismatches": mismatches},
        "rating": {"milp_mean_us": r_milp_mean * 1e6, "bnb_median_us": r_bnb_sub * 1e6,
                   "speedup": r_milp_mean / r_bnb_sub, "value_mismatches": r_mismatches},
    }

    # 3. memo on: a stream of random deals with repeats (what the Monte Carlo sees)
    rng = np.random.default_rng(3)
    stream_t, stream_n, hits = 0.0, 0, 0
    for deck in decks:
        cards = deck.cards()
        r = Recruiter(cards, rules, 1, "crystals")
        deals = [[cards[i] for i in rng.permutation(len(cards))[:15]] for _ in range(args.per_deck)]
        counts = [r.counts_of(d) for d in deals]
        t0 = time.perf_counter()
        for c in counts:
            r.solve(c, 0, 1)
        stream_t += time.perf_counter() - t0
        stream_n += len(counts)
        hits += r.memo_hits
    report["memo_stream"] = {"deals": stream_n, "us_per_deal": stream_t / stream_n * 1e6,
                             "per_second": stream_n / stream_t, "memo_hit_rate": hits / stream_n}

    # 4. the simulation: 100k games, optimal recruitment, optimal mulligans
    sims = []
    for name, deck_index in (("relaunch", 0), ("realms", 0)):
        sim_rules = load_ruleset(name)
        t0 = time.perf_counter()
        sim = simulate(decks[deck_index], sim_rules, 1, trials=args.sim_trials, seed=1, policy="optimal",
                       processes=args.processes)
        wall = time.perf_counter() - t0
        sims.append({
            "ruleset": name, "mulligan_model": sim_rules.deal.mulligan, "deck": decks[deck_index].title,
            "objective": sim.objective,
            "trials": args.sim_trials, "processes": args.processes, "horizon": sim.horizon,
            "estimate_trials_per_stage": sim.estimate_trials, "optimizer_solves": sim.solves, "wall_s": wall,
            "squad_value": sim.squad_value.to_dict(), "mulligan_rate": sim.mulligan_rate.to_dict(),
            "thresholds": list(sim.thresholds),
        })
    report["simulation"] = sims
    report["load_after"] = load()

    out = Path(args.out)
    write_text_atomic(out.with_suffix(".json"), json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    write_text_atomic(out.with_suffix(".md"), markdown(report, args))
    print(markdown(report, args))
    return 0


def markdown(rep: dict, args) -> str:
    m, o, mi, st = rep["machine"], rep["optimizer"], rep["milp"], rep["memo_stream"]
    lines = [
        "# Recruitment benchmark (issue 3)",
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, numpy {m['numpy']}, "
        f"scipy {m['scipy']}. " + load_note(rep["load_before"], rep["load_after"]),
        "Command: `python3 scripts/bench_recruit.py`" + (" --quick" if args.quick else "") + ".",
        "",
        f"**Optimizer, one core, {o['deals']:,} distinct 15-card deals from the 10 sample decks, memo off, "
        f"median of {o['repeats']} runs** (ruleset {rep['ruleset']}, player 1):",
        "",
        "| objective | µs per deal | recruitments/s |",
        "|---|---|---|",
        f"| crystals | {o['crystals']['median_us_per_deal']:.0f} | {o['crystals']['per_second']:,.0f} |",
        f"| rating | {o['rating']['median_us_per_deal']:.0f} | {o['rating']['per_second']:,.0f} |",
        f"| strength | {o['strength']['median_us_per_deal']:.0f} | {o['strength']['per_second']:,.0f} |",
        "",
        f"Strength costs {o['strength']['ratio_to_crystals']:.2f}× the crystals objective per deal "
        "(issue 10 target: within 2×).",
        "",
        f"**Against `scipy.optimize.milp`** on {mi['deals']} of the same deals, same run "
        "(milp: mean of one solve each; optimizer: median of the runs):",
        "",
        "| objective | milp µs | optimizer µs | speed-up | value mismatches |",
        "|---|---|---|---|---|",
    ]
    for k in ("crystals", "rating"):
        x = mi[k]
        lines.append(f"| {k} | {x['milp_mean_us']:,.0f} | {x['bnb_median_us']:.0f} | "
                     f"{x['speedup']:,.0f}× | {x['value_mismatches']} |")
    lines += [
        "",
        f"With the memo on, a stream of {st['deals']:,} random deals (repeats allowed, as in the "
        f"Monte Carlo): {st['us_per_deal']:.0f} µs per deal, {st['per_second']:,.0f}/s, memo hit rate "
        f"{st['memo_hit_rate']:.1%} (reported separately; not the headline).",
        "",
        "**Simulation** (`analysis.squad.deals.simulate`, optimal recruitment of every deal, optimal "
        "mulligan policy including the estimation of its thresholds):",
        "",
        "| ruleset (mulligans) | games | processes | horizon | optimizer solves | wall s "
        "| squad value (95% CI) | mulligan rate |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for s in rep["simulation"]:
        v, r = s["squad_value"], s["mulligan_rate"]
        lines.append(
            f"| {s['ruleset']} ({s['mulligan_model']}) | {s['trials']:,} | {s['processes']} "
            f"| {s['horizon']} | {s['optimizer_solves']:,} | {s['wall_s']:.1f} "
            f"| {v['mean']:.3f} ({v['ci95'][0]:.3f}–{v['ci95'][1]:.3f}) | {r['mean']:.3f} |")
    lines.append("")
    lines.append(f"Deck for the simulation: {rep['simulation'][0]['deck']!r} (data/decks/tournament-01.txt), "
                 f"objective {rep['simulation'][0].get('objective', 'crystals')}.")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
