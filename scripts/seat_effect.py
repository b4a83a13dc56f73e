"""The seat effect re-measured (issue 10 part 5): the Second player's share of decisive games in
squad mirrors, for each pair of players.

    python3 scripts/seat_effect.py            # writes reports/seat_effect.json and .md

Squads: the ten sample-deck squads of ``bench_battle.py`` (12 cards each), the same squad on both
sides; pairs heuristic–heuristic, search–search, and mixed (search first / heuristic first, the
two halves of each mixed run). Battle seeds ``seed + k``; Wilson 95 % intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_battle import squads_12  # noqa: E402
from benchlib import machine  # noqa: E402

from analysis.atomic import write_text_atomic  # noqa: E402
from analysis.battle import Battle, make_player  # noqa: E402
from analysis.cards import load_cards  # noqa: E402
from analysis.deals import proportion_ci  # noqa: E402
from analysis.decks import read_deck, sample_deck_paths  # noqa: E402


def second_seat(squads, first: str, second: str, games: int, seed: int) -> dict:
    wins = [0, 0]
    draws = 0
    for k in range(games):
        squad = squads[k % len(squads)]
        result = Battle((squad, squad), (make_player(first), make_player(second)), seed=seed + k).run()
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
    est = proportion_ci(wins[1], max(1, wins[0] + wins[1]))
    return {
        "first": first,
        "second": second,
        "games": games,
        "first_wins": wins[0],
        "second_wins": wins[1],
        "draws": draws,
        "second_share_of_decisive": round(est.mean, 4),
        "ci95": [round(est.lo, 4), round(est.hi, 4)],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000, help="games of each heuristic-only pair")
    p.add_argument("--search-games", type=int, default=400, help="games of each pair with a searching player")
    p.add_argument("--search", default="search")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=ROOT / "reports" / "seat_effect")
    args = p.parse_args(argv)
    db = load_cards()
    squads = squads_12([read_deck(path, db) for path in sorted(sample_deck_paths())])
    s = args.search
    rows = [
        second_seat(squads, "heuristic", "heuristic", args.games, args.seed),
        second_seat(squads, s, s, args.search_games, args.seed),
        second_seat(squads, s, "heuristic", args.search_games, args.seed),
        second_seat(squads, "heuristic", s, args.search_games, args.seed),
    ]
    out = {"seed": args.seed, "rows": rows, "machine": machine()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(args.out.with_suffix(".json"), json.dumps(out, indent=2) + "\n")
    md = [
        "# Seat effect in squad mirrors",
        "",
        f"Written by `python3 scripts/seat_effect.py --games {args.games} "
        f"--search-games {args.search_games}` "
        f"(seed {args.seed}): the ten sample-deck squads, each against itself.",
        "",
        "| First player | Second player | games | First wins | Second wins | draws "
        "| Second's share of decisive (95 % CI) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        md.append(
            f"| {r['first']} | {r['second']} | {r['games']:,} | {r['first_wins']:,} | {r['second_wins']:,} | "
            f"{r['draws']:,} | {100 * r['second_share_of_decisive']:.1f} % "
            f"({100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}) |"
        )
    md.append("")
    write_text_atomic(args.out.with_suffix(".md"), "\n".join(md))
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
