"""Benchmark of the combat odds engine (issue 4).

    python3 scripts/bench_combat.py            # writes reports/bench_combat.json and .md
    python3 scripts/bench_combat.py --quick    # a smaller run for a smoke test

Measures, each as the median of ``--repeats`` runs, caches cleared before every timed call:

1. Exact single strike (``analysis.combat.strike.strike_odds``) on real card pairs from the sample decks:
   Strike Table open (best weakening), closed, and the realms defence die (target: < 0.1 ms).
2. Exact duel (``analysis.combat.duel.duel``) with life 20 against life 20, always attack and optimal
   play, with and without regeneration (target: < 5 ms).
3. Monte Carlo simple strikes per second on one core (``simulate_strikes``, 5 million per run;
   target ≥ 5 million/s), and Monte Carlo duels per second.
4. Ratings of all built-in creatures against the full pool (``analysis.combat.ratings.ratings``, relaunch
   and realms; target < 1 minute).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, load_note, machine  # noqa: E402

from analysis.cards.table import load_cards  # noqa: E402
from analysis.combat import duel as duel_module  # noqa: E402
from analysis.combat import ratings as ratings_module  # noqa: E402
from analysis.combat import strike as combat  # noqa: E402
from analysis.combat.duel import duel  # noqa: E402
from analysis.combat.monte_carlo import simulate_duels, simulate_strikes  # noqa: E402
from analysis.combat.ratings import ratings  # noqa: E402
from analysis.combat.strike import fighter_from_card, fighter_from_stats, strike_odds  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402


def clear_caches() -> None:
    combat.strike_space.cache_clear()
    combat._odds.cache_clear()
    combat._realms_space_of.cache_clear()
    combat.exchange_kind_rows.cache_clear()
    combat.closed_kind_weights.cache_clear()
    duel_module._duel.cache_clear()
    ratings_module._CACHE.clear()


def median_time(fn, repeats: int, inner: int = 1) -> float:
    """Median over ``repeats`` of the mean seconds per call of ``inner`` calls (caches cleared)."""
    times = []
    for _ in range(repeats):
        total = 0.0
        for _ in range(inner):
            clear_caches()
            t0 = time.perf_counter()
            fn()
            total += time.perf_counter() - t0
        times.append(total / inner)
    return statistics.median(times)


def deck_pairs(n: int):
    db = load_cards()
    creatures = []
    for path in sample_deck_paths():
        for card in read_deck(path, db).cards():
            if card.is_creature and card.strike and card.life and card not in creatures:
                creatures.append(card)
    fighters = [fighter_from_card(c) for c in creatures]
    rng = np.random.default_rng(0)
    idx = rng.integers(0, len(fighters), size=(n, 2))
    return [(fighters[i], fighters[j]) for i, j in idx]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller runs")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--out", default=str(ROOT / "reports" / "bench_combat"))
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 7)
    load_before = load()
    results: dict[str, object] = {"machine": machine("numpy"), "repeats": repeats, "quick": args.quick}

    # 1. exact single strike
    pairs = deck_pairs(50)
    strikes = {}
    for label, kwargs in [("strike_table open, best", {"rules": "strike_table", "weaken": "best"}),
                          ("strike_table closed", {"rules": "strike_table", "closed": True}),
                          ("defence_die open (realms)", {"rules": "defence_die"})]:
        per_pair = [median_time(lambda a=a, b=b, kw=kwargs: strike_odds(a, b, **kw), repeats, inner=20)
                    for a, b in pairs]
        strikes[label] = {"median_ms": statistics.median(per_pair) * 1e3, "max_ms": max(per_pair) * 1e3,
                          "pairs": len(pairs)}
    results["exact_strike"] = strikes

    # 2. exact duels, life 20
    duel_cases = {
        "life 20 vs 20, no regeneration": (fighter_from_stats("2-3-4", 20), fighter_from_stats("1-3-5", 20)),
        "life 20 vs 20, regeneration 1 / armor 1": (
            fighter_from_stats("2-3-4", 20, {"regeneration": 1, "exp_attack": 1}),
            fighter_from_stats("1-3-5", 20, {"armor": 1, "exp_defence": 1})),
    }
    duels = {}
    for label, (a, b) in duel_cases.items():
        for policy in ("always_attack", "optimal"):
            for rules in ("strike_table", "defence_die"):
                t = median_time(lambda a=a, b=b, p=policy, r=rules: duel(a, b, r, policy=p), repeats, inner=3)
                res = duel(a, b, rules, policy=policy)
                duels[f"{label}, {policy}, {rules}"] = {"median_ms": t * 1e3, "first_wins": res.first_wins,
                                                         "undecided": res.undecided}
    results["exact_duel"] = duels

    # 3. Monte Carlo throughput, one core
    a, b = pairs[0]
    n_strikes = 1_000_000 if args.quick else 5_000_000
    mc = {}
    for label, kwargs in [("strike_table open, best", {"rules": "strike_table"}),
                          ("strike_table closed", {"rules": "strike_table", "closed": True}),
                          ("defence_die open (realms)", {"rules": "defence_die"})]:
        t = median_time(lambda kw=kwargs: simulate_strikes(a, b, n=n_strikes, seed=1, **kw), repeats)
        mc[label] = {"strikes": n_strikes, "median_s": t, "strikes_per_s": n_strikes / t}
    n_duels = 100_000 if args.quick else 500_000
    t = median_time(lambda: simulate_duels(a, b, n=n_duels, seed=1), max(1, repeats // 2))
    mc["duels (always attack, strike_table)"] = {"duels": n_duels, "median_s": t, "duels_per_s": n_duels / t,
                                                 "pair": f"{a.name} vs {b.name}"}
    t = median_time(lambda: simulate_duels(a, b, n=n_duels, seed=1, policy="optimal"), max(1, repeats // 2))
    mc["duels (optimal play, strike_table; includes solving the DP)"] = {
        "duels": n_duels, "median_s": t, "duels_per_s": n_duels / t, "pair": f"{a.name} vs {b.name}"}
    results["monte_carlo"] = mc

    # 4. ratings of all built-in creatures against the full pool
    rating_runs = {}
    for rules, reps in (("strike_table", 1 if args.quick else 3), ("defence_die", 1)):
        times = []
        for _ in range(reps):
            clear_caches()
            t0 = time.perf_counter()
            frame = ratings(rules=rules)
            times.append(time.perf_counter() - t0)
        rating_runs[rules] = {"creatures": len(frame), "pool": frame.attrs["pool_size"],
                              "median_s": statistics.median(times), "runs": reps,
                              "top": frame.iloc[0]["name"], "top_win": float(frame.iloc[0]["win"])}
    results["ratings_all_creatures"] = rating_runs
    results["load_1min"] = {"before": load_before, "after": load()}

    out = Path(args.out)
    write_text_atomic(out.with_suffix(".json"), json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    write_text_atomic(out.with_suffix(".md"), summary(results))
    print(summary(results))
    return 0


def summary(r: dict) -> str:
    m = r["machine"]
    lines = [
        "# Combat odds benchmark (issue 4)",
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, numpy {m['numpy']}. "
        + load_note(r["load_1min"]["before"], r["load_1min"]["after"]) + " "
        f"Command: `python3 scripts/bench_combat.py{' --quick' if r['quick'] else ''}`; "
        f"median of {r['repeats']} runs, caches cleared before each timed call.",
        "",
        "**Exact single strike** (`strike_odds`, 50 random pairs of sample-deck creatures; target < 0.1 ms):",
        "",
        "| case | median ms (over pairs) | slowest pair ms |",
        "|---|---|---|",
    ]
    for label, v in r["exact_strike"].items():
        lines.append(f"| {label} | {v['median_ms']:.4f} | {v['max_ms']:.4f} |")
    lines += ["", "**Exact duel** (`duel`, 100 turns; target < 5 ms for life up to 20):", "",
              "| case | ms | first wins | undecided |", "|---|---|---|---|"]
    for label, v in r["exact_duel"].items():
        lines.append(f"| {label} | {v['median_ms']:.2f} | {v['first_wins']:.4f} | {v['undecided']:.2e} |")
    lines += ["", "**Monte Carlo, one core** (target ≥ 5 million strikes/s):", "",
              "| case | runs of | median s | per second |", "|---|---|---|---|"]
    for label, v in r["monte_carlo"].items():
        if "strikes" in v:
            lines.append(f"| {label} | {v['strikes']:,} strikes | {v['median_s']:.3f} | "
                         f"{v['strikes_per_s'] / 1e6:.1f} M strikes |")
        else:
            lines.append(f"| {label} | {v['duels']:,} duels | {v['median_s']:.3f} | "
                         f"{v['duels_per_s'] / 1e3:.0f} k duels |")
    lines += ["", "**Ratings of all built-in creatures against the full pool** (`ratings`, target < 1 min):",
              "", "| combat model | creatures | pool | runs | median s | top card (win) |",
              "|---|---|---|---|---|---|"]
    for rules, v in r["ratings_all_creatures"].items():
        lines.append(f"| {rules} | {v['creatures']} | {v['pool']} | {v['runs']} | {v['median_s']:.1f} | "
                     f"{v['top']} ({v['top_win']:.4f}) |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
