"""Benchmark of the battle engine and the matchup matrix (issues 6 and 9: with the ability facts).

    python3 scripts/bench_battle.py            # writes reports/bench_battle.json and .md
    python3 scripts/bench_battle.py --quick    # a smaller run for a smoke test
    python3 scripts/bench_battle.py --battles-only   # only measure 1 (heuristic), print it, write nothing

Measures:

1. Full battles per second on one core (one process), heuristic against heuristic, for 12-card
   squads: the first 12 distinct names of each sample deck (data/decks/, seeded shuffle), deck i
   against deck i+1; median of ``--repeats`` runs of ``--battles`` battles. Both wall-clock and
   process CPU time are reported (the machine is shared; CPU time is less sensitive to other
   load). The same for the random player, as a reference.
2. The 10-deck matchup matrix through the whole pipeline (deals, optimal mulligan thresholds,
   optimal recruitment, battle) with ``--games`` games per pair on ``--processes`` processes,
   timed once, wall-clock (its results are written to reports/matchup_matrix.csv and .html, as
   ``berserk matrix`` would); and the same matrix on a Dask LocalCluster with ``--dask-games``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, machine  # noqa: E402

from analysis.battle import COMPILED, Battle, make_player  # noqa: E402
from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.matchup.simulate import MatchupSettings, matchup_matrix  # noqa: E402
from analysis.planning.html import offline_figure_html  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402


def squads_12(decks, seed: int = 0):
    """The first 12 distinct names of each deck after a seeded shuffle."""
    out = []
    for i, deck in enumerate(decks):
        cards = deck.cards()
        random.Random(seed + i).shuffle(cards)
        seen, squad = set(), []
        for c in cards:
            if c.key not in seen:
                seen.add(c.key)
                squad.append(c)
            if len(squad) == 12:
                break
        out.append(squad)
    return out


def battles_per_second(squads, players: str, battles: int, seed: int) -> dict[str, float]:
    pairs = [(squads[i], squads[(i + 1) % len(squads)]) for i in range(len(squads))]
    turns = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for k in range(battles):
        a, b = pairs[k % len(pairs)]
        if k % 2:
            a, b = b, a
        battle = Battle((a, b), (make_player(players), make_player(players)), seed=seed + k)
        result = battle.run()
        turns += result.turns
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"wall_s": wall, "cpu_s": cpu, "per_s_wall": battles / wall, "per_s_cpu": battles / cpu,
            "mean_turns": turns / battles}


def actions_per_battle(squads, battles: int = 200) -> dict[str, float]:
    """What a heuristic battle of these squads contains (from seeded records): mean events per
    battle of each kind (abilities used or triggered, strikes, moves…)."""
    from analysis.battle.record import record_battle

    pairs = [(squads[i], squads[(i + 1) % len(squads)]) for i in range(len(squads))]
    counts: dict[str, int] = {}
    for k in range(battles):
        for event in record_battle(pairs[k % len(pairs)], seed=k)[1:]:
            counts[event["e"]] = counts.get(event["e"], 0) + 1
    keep = ("ability", "strike", "move", "accumulate", "death", "turn")
    return {k: round(counts.get(k, 0) / battles, 2) for k in keep}


def mirror_seats(squads, per_squad: int) -> dict[str, object]:
    """Each 12-card squad against itself, heuristic vs heuristic: how often each seat wins."""
    from analysis.squad.deals import proportion_ci

    wins = [0, 0]
    draws = 0
    for i, squad in enumerate(squads):
        for k in range(per_squad):
            result = Battle((squad, squad), (make_player("heuristic"), make_player("heuristic")),
                            seed=10_000 * i + k).run()
            if result.winner is None:
                draws += 1
            else:
                wins[result.winner] += 1
    second = proportion_ci(wins[1], wins[0] + wins[1])
    return {"battles": per_squad * len(squads), "first_wins": wins[0], "second_wins": wins[1],
            "draws": draws, "second_share_of_decisive": round(second.mean, 4),
            "second_share_ci95": [round(second.lo, 4), round(second.hi, 4)]}


def _verdict(met: bool) -> str:
    """How a measured figure stands against its target, in the report's words."""
    return "(met)" if met else "(**not met**)"


def median_run(squads, players, battles, repeats, seed):
    runs = [battles_per_second(squads, players, battles, seed + 1000 * r) for r in range(repeats)]
    return {
        "battles": battles,
        "repeats": repeats,
        "per_s_wall_median": round(statistics.median(r["per_s_wall"] for r in runs), 1),
        "per_s_cpu_median": round(statistics.median(r["per_s_cpu"] for r in runs), 1),
        "per_s_cpu_runs": [round(r["per_s_cpu"], 1) for r in runs],
        "mean_turns": round(statistics.mean(r["mean_turns"] for r in runs), 2),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--battles", type=int, default=2_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", type=int, default=2_000, help="games per pair of the matrix")
    ap.add_argument("--dask-games", type=int, default=400, help="games per pair of the Dask matrix")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--out", default=str(ROOT / "reports" / "bench_battle"))
    ap.add_argument("--matrix-files", action=argparse.BooleanOptionalAction, default=True,
                    help="write reports/matchup_matrix.csv/.html from the timed matrix (default: yes)")
    ap.add_argument("--battles-only", action="store_true",
                    help="only the heuristic battles per second (measure 1): print them, write no report")
    args = ap.parse_args()
    if args.quick:
        args.battles, args.repeats, args.games, args.dask_games = 200, 2, 40, 20
    db = load_cards()
    rules = load_ruleset("relaunch")
    decks = [read_deck(p, db) for p in sorted(sample_deck_paths())]
    squads = squads_12(decks)
    report: dict[str, object] = {"machine": machine("numpy", "dask"), "load_before": load(),
                                 "battle_engine": "compiled (mypyc)" if COMPILED else "pure Python",
                                 "ruleset": rules.name}
    # Warm the per-pair strike tables once, as a long run would have them.
    battles_per_second(squads, "heuristic", 20, 0)
    report["battles_heuristic"] = median_run(squads, "heuristic", args.battles, args.repeats, 1)
    if args.battles_only:
        report["load_after_battles"] = load()
        print(json.dumps({k: report[k] for k in ("battle_engine", "load_before", "battles_heuristic",
                                                 "load_after_battles")}))
        return 0
    report["battles_random"] = median_run(squads, "random", max(50, args.battles // 4), args.repeats, 2)
    report["mirror_seats"] = mirror_seats(squads, 100)
    report["events_per_battle"] = actions_per_battle(squads)
    report["ability_files"] = sorted(p.name for p in (ROOT / "data" / "abilities").glob("*.toml"))
    report["load_after_battles"] = load()
    settings = MatchupSettings(rules)  # optimal mulligans, heuristic players, default end rules
    t0 = time.perf_counter()
    matrix = matchup_matrix(decks, settings, games=args.games, seed=1, executor="processes",
                            processes=args.processes)
    wall = time.perf_counter() - t0
    n_games = len(matrix.pairs) * args.games
    report["matrix_processes"] = {
        "decks": len(decks), "pairs": len(matrix.pairs), "games_per_pair": args.games,
        "games": n_games, "processes": args.processes, "wall_s": round(wall, 1),
        "games_per_s": round(n_games / wall, 1),
    }
    report["load_after_matrix"] = load()
    # The matrix itself is a deliverable: the same files `berserk matrix data/decks/*.txt` writes.
    if args.matrix_files:
        reports = Path(args.out).parent
        csv = matrix.frame().to_csv(index=False, float_format="%.6g")
        write_text_atomic(reports / "matchup_matrix.csv", csv)
        html = offline_figure_html(matrix.figure(), "matchup-matrix")  # plotly.js inside: opens offline
        write_text_atomic(reports / "matchup_matrix.html", html)
    t0 = time.perf_counter()
    dmatrix = matchup_matrix(decks, settings, games=args.dask_games, seed=1, executor="dask",
                             processes=args.processes)
    wall = time.perf_counter() - t0
    n_games = len(dmatrix.pairs) * args.dask_games
    report["matrix_dask_local"] = {
        "games_per_pair": args.dask_games, "games": n_games, "workers": args.processes,
        "wall_s": round(wall, 1), "games_per_s": round(n_games / wall, 1),
    }
    report["load_after"] = load()
    out = Path(args.out)
    write_text_atomic(out.with_suffix(".json"), json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    h, r = report["battles_heuristic"], report["battles_random"]
    m, d = report["matrix_processes"], report["matrix_dask_local"]
    ms = report["mirror_seats"]
    mach = report["machine"]
    rows = [
        (f"full battles / s, one core, 12-card squads, heuristic vs heuristic "
         f"(CPU time, median of {h['repeats']} × {h['battles']})",
         f"**{h['per_s_cpu_median']}** (wall {h['per_s_wall_median']}; runs {h['per_s_cpu_runs']})",
         "≥ 1,000 " + _verdict(h["per_s_cpu_median"] >= 1000)),
        ("same, random vs random", f"{r['per_s_cpu_median']} (wall {r['per_s_wall_median']})", "—"),
        ("mean battle length (turns), heuristic", f"{h['mean_turns']}", "—"),
        ("events per heuristic battle (200 seeded records)",
         ", ".join(f"{k} {v}" for k, v in report["events_per_battle"].items()), "—"),
        (f"mirror battles (each squad against itself, {ms['battles']} battles): Second player's share "
         "of the decisive ones", f"{ms['second_share_of_decisive']} (95 % CI {ms['second_share_ci95']}; "
         f"{ms['first_wins']}-{ms['second_wins']}, {ms['draws']} draws)", "—"),
        (f"10-deck matrix, {m['games_per_pair']} games/pair ({m['games']:,} games, whole pipeline), "
         f"{m['processes']} processes", f"**{m['wall_s']} s** ({m['games_per_s']} games/s)",
         "< 600 s " + _verdict(m["wall_s"] < 600)),
        (f"same matrix on a Dask LocalCluster ({d['workers']} workers), {d['games_per_pair']} games/pair",
         f"{d['wall_s']} s ({d['games_per_s']} games/s)", "—"),
    ]
    table = "\n".join(f"| {a} | {b} | {c} |" for a, b, c in rows)
    md = (
        "# Battle benchmark (issues 6 and 9)\n\n"
        f"Machine: {mach['cpu']}, {mach['cores']} cores, Python {mach['python']}, numpy {mach['numpy']}, "
        f"dask {mach['dask']}. 1-minute load {report['load_before']} before, "
        f"{report['load_after_battles']} after the battle runs, {report['load_after']} at the end "
        "(above 1.5 other work shared the 2 cores, so the timings are pessimistic).\n\n"
        f"Ability facts on the branch: {', '.join(report['ability_files']) or 'none'}.\n\n"
        "| measure | result | target |\n|---|---|---|\n" + table + "\n\n"
        "Run: `python3 scripts/bench_battle.py` (writes this file and `bench_battle.json`).\n"
    )
    write_text_atomic(out.with_suffix(".md"), md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
