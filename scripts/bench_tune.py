"""Benchmark of the tournament planner (issue 11): ``tune`` and ``meta`` on the sample field.

    python3 scripts/bench_tune.py            # writes reports/bench_tune.json and .md
    python3 scripts/bench_tune.py --quick    # a small run for a smoke test (not the targets)

Measures:

1. ``tune``: ``--candidates`` swaps (default 50) for ``--deck`` (default tournament-01) against the
   ten sample decks at equal shares (data/fields/sample-field-2025.toml, under relaunch-casual:
   five of them predate the March 2026 ban list), default settings (optimal
   mulligans, heuristic players), two processes, a fresh cache each run: wall-clock time from the
   pre-screen to the answer, games played, rounds, and whether the best ``--top`` swaps were
   resolved to ± ``--target`` (95 % half-width of the gain). Median of ``--repeats`` runs (the same
   seed, so the same answer; only the time varies). Target: under 10 minutes.
2. ``meta`` on the same field with ``--meta-games`` games per pair: once with an empty cache, then
   ``--repeats`` times with the warm cache, both in-process (the library call, after imports) and
   end to end (``python3 -m analysis.cli meta … --json`` as a new process: interpreter start,
   imports, cards, field, cache reads). Target: under 2 seconds with the cache.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, load_note, machine  # noqa: E402

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck  # noqa: E402
from analysis.matchup.simulate import MatchupSettings  # noqa: E402
from analysis.planning.cache import GameCache  # noqa: E402
from analysis.planning.field import read_field  # noqa: E402
from analysis.planning.games import GameRunner  # noqa: E402
from analysis.planning.meta import expected_scores  # noqa: E402
from analysis.planning.swaps import candidate_swaps  # noqa: E402
from analysis.planning.tune import tune  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402

FIELD = ROOT / "data" / "fields" / "sample-field-2025.toml"
RULES = "relaunch-casual"


def run_tune(args, db, rules, field, deck, cache_dir: Path) -> dict:
    settings = MatchupSettings(rules)
    runner = GameRunner(settings, GameCache(cache_dir), args.processes)
    t0 = time.perf_counter()
    candidates = candidate_swaps(deck, db, rules, "constructed", "elements", field, args.candidates)
    t_pre = time.perf_counter() - t0
    result = tune(deck, field, settings, candidates, seed=args.seed, block=args.block,
                  max_games=args.max_games, target=args.target, top=args.top, runner=runner)
    wall = time.perf_counter() - t0
    best = result.swaps[:args.top]
    return {
        "wall_s": round(wall, 1), "prescreen_s": round(t_pre, 2), "candidates": len(candidates),
        "games_total": result.games_total, "games_played": result.games_played, "rounds": result.rounds,
        "games_per_s": round(result.games_played / wall, 1),
        "top_resolved": all(s.gain.half_width <= args.target for s in best),
        "top_half_widths": [round(s.gain.half_width, 4) for s in best],
        "baseline": result.baseline.to_dict(),
        "top": [{"swap": s.swap.label(), "gain": round(s.gain.mean, 4), "gain_ci95": [round(s.gain.lo, 4),
                 round(s.gain.hi, 4)], "expected_score": round(s.expected.mean, 4), "games": s.games,
                 "status": s.status} for s in result.swaps[:10]],
        "statuses": {k: sum(1 for s in result.swaps if s.status == k)
                     for k in sorted({s.status for s in result.swaps})},
    }


def run_meta(args, db, rules, cache_dir: Path) -> dict:
    settings = MatchupSettings(rules)
    field = read_field(FIELD, db, rules)
    t0 = time.perf_counter()
    cold_runner = GameRunner(settings, GameCache(cache_dir), args.processes)
    expected_scores(field, settings, (), args.meta_games, args.seed, cold_runner)
    cold = time.perf_counter() - t0
    warm_lib = []
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        db2 = load_cards()
        field2 = read_field(FIELD, db2, rules)
        runner = GameRunner(settings, GameCache(cache_dir), args.processes)
        expected_scores(field2, settings, (), args.meta_games, args.seed, runner)
        warm_lib.append(time.perf_counter() - t0)
        assert runner.games_played == 0, "the warm run played games"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "analysis.cli", "meta", str(FIELD), "--games", str(args.meta_games),
           "--seed", str(args.seed), "--cache", str(cache_dir), "--json", "--quiet",
           "--processes", str(args.processes), "--rules", RULES]
    warm_cli = []
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        warm_cli.append(time.perf_counter() - t0)
    best = json.loads(done.stdout)["best"]
    return {
        "games_per_pair": args.meta_games, "pairs": 45, "cold_s": round(cold, 1),
        "cold_games_per_s": round(45 * args.meta_games / cold, 1),
        "warm_library_s": {"median": round(statistics.median(warm_lib), 3),
                           "runs": [round(x, 3) for x in warm_lib]},
        "warm_cli_s": {"median": round(statistics.median(warm_cli), 3),
                       "runs": [round(x, 3) for x in warm_cli]},
        "best": best,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deck", default=str(ROOT / "data" / "decks" / "tournament-01.txt"))
    parser.add_argument("--candidates", type=int, default=50)
    parser.add_argument("--target", type=float, default=0.02)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--block", type=int, default=100)
    parser.add_argument("--max-games", type=int, default=1_600)
    parser.add_argument("--meta-games", type=int, default=1_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="10 candidates, 100 meta games, 1 repeat")
    parser.add_argument("--out", default=str(ROOT / "reports" / "bench_tune.json"))
    args = parser.parse_args()
    if args.quick:
        args.candidates, args.meta_games, args.repeats, args.max_games = 10, 100, 1, 400
    db = load_cards()
    rules = load_ruleset(RULES)
    field = read_field(FIELD, db, rules)
    deck = read_deck(args.deck, db)
    report: dict = {"machine": machine("numpy", "pandas", "plotly"), "load_before": load(),
                    "settings": {k: v for k, v in vars(args).items() if k != "out"}}
    runs = []
    for i in range(args.repeats):
        with tempfile.TemporaryDirectory() as tmp:
            runs.append(run_tune(args, db, rules, field, deck, Path(tmp)))
        last = runs[-1]
        print(f"tune run {i + 1}: {last['wall_s']} s, {last['games_played']:,} games", file=sys.stderr)
    walls = [r["wall_s"] for r in runs]
    report["tune"] = {"median_wall_s": statistics.median(walls), "runs_wall_s": walls, "first_run": runs[0],
                      "same_answer_every_run": all(r["top"] == runs[0]["top"] for r in runs)}
    report["load_after_tune"] = load()
    with tempfile.TemporaryDirectory() as tmp:
        report["meta"] = run_meta(args, db, rules, Path(tmp))
    report["load_after"] = load()
    out = Path(args.out)
    write_text_atomic(out, json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    write_text_atomic(out.with_suffix(".md"), summary(report))
    print(summary(report))


def summary(r: dict) -> str:
    t, m, s = r["tune"], r["meta"], r["settings"]
    first = t["first_run"]
    ok_tune = t["median_wall_s"] < 600 and first["top_resolved"]
    lines = [
        "# Tournament planner benchmark (`scripts/bench_tune.py`)", "",
        f"Machine: {r['machine']['cpu']}, {r['machine']['cores']} cores, Python {r['machine']['python']}. "
        + load_note(r["load_before"], r["load_after"]), "",
        f"## tune: {s['candidates']} candidate swaps against the 10-deck sample field", "",
        f"Deck `{Path(s['deck']).name}`, pool `elements`, default settings (optimal mulligans, heuristic "
        f"players), {s['processes']} processes, block {s['block']} games, at most {s['max_games']} games per "
        f"swap and field deck, seed {s['seed']}, a fresh cache each run.", "",
        f"- wall time: median **{t['median_wall_s']:.0f} s** of {len(t['runs_wall_s'])} run(s) "
        f"({', '.join(f'{x:.0f}' for x in t['runs_wall_s'])} s); target < 600 s",
        f"- top {s['top']} resolved to ±{s['target']}: **{'yes' if first['top_resolved'] else 'NO'}** "
        f"(half-widths {', '.join(f'{x:.4f}' for x in first['top_half_widths'])})",
        f"- {first['games_played']:,} games in {first['rounds']} rounds ({first['games_per_s']:,.0f} games/s "
        f"overall, pre-screen {first['prescreen_s']} s); swaps by how they ended: "
        + ", ".join(f"{k}: {v}" for k, v in first["statuses"].items()),
        f"- baseline expected score {first['baseline']['mean']:.3f} "
        f"[{first['baseline']['ci95'][0]:.3f}, {first['baseline']['ci95'][1]:.3f}]; same answer every run: "
        f"{t['same_answer_every_run']}",
        f"- verdict: {'target met' if ok_tune else 'TARGET MISSED'}", "",
        "| swap | gain | 95 % CI | tuned score | games | status |", "|---|---|---|---|---|---|",
    ]
    lines += [f"| {x['swap']} | {x['gain']:+.4f} | {x['gain_ci95'][0]:+.4f} – {x['gain_ci95'][1]:+.4f} | "
              f"{x['expected_score']:.4f} | {x['games']:,} | {x['status']} |" for x in first["top"]]
    ok_meta = m["warm_cli_s"]["median"] < 2
    lines += [
        "", f"## meta: the sample field, {m['games_per_pair']:,} games per pair", "",
        f"- empty cache: {m['cold_s']:.0f} s ({m['pairs']} pairs, {m['cold_games_per_s']:,.0f} games/s)",
        f"- warm cache, library call (cards, field, cache reads, scores): median "
        f"**{m['warm_library_s']['median']:.2f} s** (runs {m['warm_library_s']['runs']})",
        f"- warm cache, `berserk meta … --json` as a new process (start-up and imports included): median "
        f"**{m['warm_cli_s']['median']:.2f} s** (runs {m['warm_cli_s']['runs']}); target < 2 s: "
        f"{'met' if ok_meta else 'MISSED'}",
        f"- best choice: {m['best']}", "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
