"""How long the 10-deck matrix would take with the searching player (issue 10 part 4).

    python3 scripts/matrix_search_estimate.py     # writes reports/matrix_search_estimate.json and .md

Times a few deck pairs through the whole pipeline (``deck_matchup``: deals, mulligan ``optimal``,
recruitment by strength, battle) with ``--players search`` and with the heuristic, on one process,
and extrapolates to ``berserk matrix data/decks/*.txt --games 2000`` (45 pairs, 90,000 games) on
two processes (assumed to scale perfectly, so the figure is a lower bound).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, load_note, machine  # noqa: E402

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.matchup.simulate import MatchupSettings, mulligan_thresholds, pair_tasks, run_tasks  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402

MATRIX_GAMES = 45 * 2000


def per_game(decks, players: str, games: int, seed: int) -> float:
    """CPU seconds per game over the pairs (deck i, deck i + 1); the mulligan thresholds (computed
    once per deck in the matrix too) are computed before the timing."""
    settings = MatchupSettings(load_ruleset("relaunch"), players=(players, players))
    thresholds = [mulligan_thresholds(deck, settings) for deck in decks]
    total = 0.0
    for i in range(len(decks) - 1):
        pair = (thresholds[i], thresholds[i + 1])
        tasks = pair_tasks(decks[i], decks[i + 1], settings, games, seed + i, pair)
        t0 = time.process_time()
        run_tasks(tasks)
        total += time.process_time() - t0
    return total / (games * (len(decks) - 1))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--search", default="search")
    p.add_argument("--pairs", type=int, default=3)
    p.add_argument("--games", type=int, default=100, help="games per timed pair")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=ROOT / "reports" / "matrix_search_estimate")
    args = p.parse_args(argv)
    db = load_cards()
    decks = [read_deck(path, db) for path in sorted(sample_deck_paths())][: args.pairs + 1]
    before = load()
    heuristic = per_game(decks, "heuristic", args.games * 5, args.seed)
    search = per_game(decks, args.search, args.games, args.seed)
    after = load()
    est = {name: MATRIX_GAMES * s / 2 for name, s in (("heuristic", heuristic), (args.search, search))}
    out = {
        "pairs": args.pairs,
        "games_per_pair": {"heuristic": args.games * 5, args.search: args.games},
        "cpu_s_per_game": {"heuristic": round(heuristic, 6), args.search: round(search, 6)},
        "matrix_games": MATRIX_GAMES,
        "estimated_matrix_s_on_2_processes": {k: round(v) for k, v in est.items()},
        "seed": args.seed,
        "load": [before, after],
        "machine": machine(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(args.out.with_suffix(".json"), json.dumps(out, indent=2) + "\n")
    md = [
        "# The 10-deck matrix with the searching player: an estimate",
        "",
        f"Written by `python3 scripts/matrix_search_estimate.py` (seed {args.seed}): {args.pairs} deck pairs "
        "(sample decks i and i + 1) through the whole pipeline (mulligan optimal, recruitment by strength), "
        "the same player on both sides, CPU time of one process.",
        "",
        "| players | games timed | CPU ms per game | matrix (90,000 games) on 2 processes |",
        "|---|---:|---:|---:|",
    ]
    for name, s in (("heuristic", heuristic), (args.search, search)):
        md.append(
            f"| {name} | {out['games_per_pair'][name] * args.pairs:,} | {1000 * s:.2f} | "
            f"{est[name] / 60:.1f} min |"
        )
    md += [
        "",
        "Two processes are assumed to halve the time (a lower bound). "
        f"Machine: {out['machine']['cpu']}, shared with other sessions. " + load_note(before, after),
        "",
    ]
    write_text_atomic(args.out.with_suffix(".md"), "\n".join(md))
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
