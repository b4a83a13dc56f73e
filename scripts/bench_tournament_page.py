"""Benchmark of the dashboard's Tournament and Compare pages: how long their runs take.

    python3 scripts/bench_tournament_page.py            # writes reports/bench_tournament_page.json and .md
    python3 scripts/bench_tournament_page.py --quick    # a small run for a smoke test

Each case is the library call the page makes for the button, with the page's settings (two
processes, the on-disk game cache, relaunch with the ban list, the default matchup settings:
optimal mulligans, heuristic players, recruiting by strength), timed from the button to the answer:

- ``scores``: the five samples of data/fields/sample-field.toml at their page defaults (500 games
  per pair, seed 0), the current deck being tournament-01 (a field deck: no extra pairs);
- ``scores + new deck``: the same with a current deck outside the field (tournament-01 after its
  best-looking swap), which adds five pairs and one deck's mulligan thresholds;
- ``scores, warm cache``: ``scores`` again on the cache the first run filled;
- ``scores, 2,000 games``: 2,000 games per pair;
- ``tuning``: the page's defaults (8 swaps, at most 400 games per swap and field deck, blocks of
  100, ±0.03, best 3, elements pool, seed 0) for tournament-01;
- ``compare``: tournament-01 against tournament-02 with 1,000 deals per deck and seat and 500
  head-to-head games (strength objective, seed 1);
- ``tuning, 30 swaps × 1,600`` (only with ``--large``, once): the command line's defaults.

Every case starts from an empty cache (the worst case: a first visit) unless it says warm; each is
repeated ``--repeats`` times and the median reported, with the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, load_note, machine  # noqa: E402

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck  # noqa: E402
from analysis.matchup.simulate import MatchupSettings  # noqa: E402
from analysis.planning.cache import GameCache  # noqa: E402
from analysis.planning.compare import compare_decks  # noqa: E402
from analysis.planning.field import read_field, sample_field_path  # noqa: E402
from analysis.planning.games import GameRunner  # noqa: E402
from analysis.planning.meta import expected_scores  # noqa: E402
from analysis.planning.swaps import apply_swap, candidate_swaps  # noqa: E402
from analysis.planning.tune import tune  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402

PROCESSES = 2


def timed(case: Callable[[Path], dict], repeats: int, warm: Path | None = None) -> dict:
    """Median wall time of ``case`` over ``repeats`` runs, each on a fresh cache (or on ``warm``)."""
    walls, facts = [], {}
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as fresh:
            folder = warm if warm is not None else Path(fresh)
            t0 = time.perf_counter()
            facts = case(folder)
            walls.append(time.perf_counter() - t0)
    return {"median_s": round(statistics.median(walls), 2), "runs_s": [round(w, 2) for w in walls], **facts}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--quick", action="store_true", help="few games: a smoke test, not the page's figures"
    )
    parser.add_argument("--large", action="store_true", help="also the command line's tuning defaults (once)")
    parser.add_argument("--out", default=str(ROOT / "reports" / "bench_tournament_page"))
    args = parser.parse_args()
    db = load_cards()
    rules = load_ruleset("relaunch")
    settings = MatchupSettings(rules)
    field = read_field(sample_field_path(), db, rules)
    deck = read_deck(ROOT / "data" / "decks" / "tournament-01.txt", db)
    other = read_deck(ROOT / "data" / "decks" / "tournament-02.txt", db)
    games, large_games = (20, 60) if args.quick else (500, 2_000)
    k, cap = (2, 100) if args.quick else (8, 400)
    swap = candidate_swaps(deck, db, rules, "constructed", "elements", field, 1)[0].swap
    new_deck = apply_swap(deck, swap)

    def runner(folder: Path) -> GameRunner:
        return GameRunner(settings, GameCache(folder), PROCESSES)

    def scores(n: int, extra=()):
        def case(folder: Path) -> dict:
            r = runner(folder)
            result = expected_scores(field, settings, list(extra), n, 0, r)
            return {
                "games_played": r.games_played,
                "games_cached": r.games_cached,
                "candidates": len(result.candidates),
            }

        return case

    def tuning(candidates: int, max_games: int, target: float, top: int):
        def case(folder: Path) -> dict:
            found = candidate_swaps(deck, db, rules, "constructed", "elements", field, candidates)
            r = runner(folder)
            result = tune(deck, field, settings, found, 0, 100, max_games, target, top, r)
            return {
                "swaps": len(result.swaps),
                "games_total": result.games_total,
                "rounds": result.rounds,
                "best": result.swaps[0].swap.label(),
                "best_gain": round(result.swaps[0].gain.mean, 4),
            }

        return case

    def comparison(folder: Path) -> dict:
        trials = 200 if args.quick else 1_000
        r = runner(folder)
        cmp = compare_decks(
            deck, other, rules, ("Ковеноглина", "Инкорн"), trials, 1, games=games, settings=settings, runner=r
        )
        return {"trials": trials, "games": games, "a_score": round(cmp.head_to_head.a_score, 4)}

    before = load()
    cases: dict[str, dict] = {}
    cases["scores"] = timed(scores(games), args.repeats)
    cases["scores + new deck"] = timed(scores(games, [("new", new_deck)]), args.repeats)
    with tempfile.TemporaryDirectory() as warm:
        scores(games)(Path(warm))
        cases["scores, warm cache"] = timed(scores(games), args.repeats, Path(warm))
    cases[f"scores, {large_games:,} games"] = timed(scores(large_games), args.repeats)
    cases["tuning"] = timed(tuning(k, cap, 0.03, 3), args.repeats)
    cases["compare"] = timed(comparison, args.repeats)
    if args.large:
        cases["tuning, 30 swaps × 1,600"] = timed(tuning(30, 1_600, 0.02, 5), 1)
    after = load()

    report = {
        "machine": machine("numpy", "pandas", "streamlit"),
        "load_before": before,
        "load_after": after,
        "processes": PROCESSES,
        "repeats": args.repeats,
        "quick": args.quick,
        "games_per_pair": games,
        "new_deck": swap.label(),
        "cases": cases,
    }
    out = Path(args.out)
    write_text_atomic(out.with_suffix(".json"), json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    lines = [
        "# Tournament and Compare pages: how long the buttons take",
        "",
        f"`python3 scripts/bench_tournament_page.py{' --large' if args.large else ''}`; the library calls "
        f"the pages make, {PROCESSES} processes, relaunch, a fresh game cache per run unless warm; median of "
        f"{args.repeats} run(s). {load_note(before, after)}",
        "",
        f"Machine: {report['machine']['cpu']}, {report['machine']['cores']} cores, "
        f"Python {report['machine']['python']}.",
        "",
        "| case | median (s) | runs (s) | facts |",
        "|---|---:|---|---|",
    ]
    for name, c in cases.items():
        facts = ", ".join(f"{k} {v}" for k, v in c.items() if k not in ("median_s", "runs_s"))
        lines.append(f"| {name} | {c['median_s']} | {', '.join(map(str, c['runs_s']))} | {facts} |")
    write_text_atomic(out.with_suffix(".md"), "\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
