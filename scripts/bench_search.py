"""Benchmark of the searching player against the heuristic (issue 10 part 3).

    python3 scripts/bench_search.py                         # writes reports/bench_search.json and .md
    python3 scripts/bench_search.py --squad-games 200 --deck-games 100 --repeats 1   # a smoke test

1. Squad mirrors: each of the ten sample decks gives a 12-card squad (its first 12 distinct names
   after a seeded shuffle, as ``bench_battle.py``); both sides play that squad, the searching
   player and the heuristic alternate seats; battle seeds ``seed + k``.
2. Deck mirrors: each sample deck against itself through the whole pipeline (deals, mulligan
   ``never``, recruitment by strength), ``search`` against ``heuristic`` (seats alternate).
3. Time per battle on one core (one process): search against heuristic and heuristic against
   heuristic on the same squad mirrors (``--time-battles`` of them, seeds from ``--seed``), after
   an untimed warm-up, ``--repeats`` runs alternating the two; the medians and the median of the
   runs' ratios. (Until stop 17 the heuristic was timed on five times as many battles as the
   search, a different set: the ratio then moved by half between two runs of the same player.)

The share of decisive games won by the searching player carries a Wilson 95 % interval.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_battle import squads_12  # noqa: E402
from benchlib import load, load_note, machine  # noqa: E402

from analysis.battle import Battle, make_player  # noqa: E402
from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.matchup.simulate import MatchupSettings, deck_matchup  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.squad.deals import proportion_ci  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402


def play_mirrors(squads, make_search, games: Iterable[int], seed: int) -> tuple[int, int, int, float]:
    """Game ``k`` of ``games``: squad ``k`` mod the squads on both sides, the player from
    ``make_search()`` in seat ``k // len(squads) mod 2`` against the heuristic, battle seed
    ``seed + k``. The searching side's wins, losses and draws, and the CPU seconds of the battles."""
    wins = losses = draws = 0
    cpu = 0.0
    for k in games:
        squad = squads[k % len(squads)]
        search_seat = (k // len(squads)) % 2
        players = [make_player("heuristic"), make_player("heuristic")]
        players[search_seat] = make_search()
        t0 = time.process_time()
        result = Battle((squad, squad), tuple(players), seed=seed + k).run()
        cpu += time.process_time() - t0
        if result.winner is None:
            draws += 1
        elif result.winner == search_seat:
            wins += 1
        else:
            losses += 1
    return wins, losses, draws, cpu


def squad_mirrors(squads, search: str, games: int, seed: int) -> dict:
    """Search against the heuristic, same squad on both sides, seats alternating every game."""
    wins, losses, draws, _ = play_mirrors(squads, lambda: make_player(search), range(games), seed)
    return _share(wins, losses, draws)


def _share(wins: int, losses: int, draws: int) -> dict:
    est = proportion_ci(wins, max(1, wins + losses))
    lo, hi = est.lo, est.hi
    return {
        "games": wins + losses + draws,
        "search_wins": wins,
        "heuristic_wins": losses,
        "draws": draws,
        "search_share_of_decisive": round(wins / max(1, wins + losses), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def deck_mirrors(decks, search: str, games: int, seed: int) -> dict:
    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never", players=(search, "heuristic"))
    wins = losses = draws = 0
    per = max(2, games // len(decks))
    for i, deck in enumerate(decks):
        r = deck_matchup(deck, deck, settings, per, seed + i)
        wins, losses, draws = wins + r.a_wins, losses + r.b_wins, draws + r.draws
    return _share(wins, losses, draws)


def _battles_cpu(squads, players: tuple[str, str], battles: int, seed: int) -> float:
    """CPU seconds per battle of ``battles`` squad mirrors, ``players[0]`` in alternating seats."""
    t0 = time.process_time()
    for k in range(battles):
        squad = squads[k % len(squads)]
        pair = (make_player(players[k % 2]), make_player(players[1 - k % 2]))
        Battle((squad, squad), pair, seed=seed + k).run()
    return (time.process_time() - t0) / battles


def time_per_battle(squads, search: str, battles: int, repeats: int, seed: int) -> dict:
    """Search against heuristic and heuristic against heuristic on the *same* battles (seeds, squads
    and seats), after an untimed warm-up of each (the players' caches fill on the first battles);
    the repeats alternate the two, so a change of load falls on both. Medians, and the median of
    the repeats' ratios."""
    pairs = {"search": (search, "heuristic"), "heuristic": ("heuristic", "heuristic")}
    for players in pairs.values():
        _battles_cpu(squads, players, battles, seed)
    runs: dict[str, list[float]] = {"search": [], "heuristic": []}
    for _ in range(repeats):
        for name, players in pairs.items():
            runs[name].append(_battles_cpu(squads, players, battles, seed))
    ratios = [s / h for s, h in zip(runs["search"], runs["heuristic"], strict=True)]
    return {
        "search_vs_heuristic": round(statistics.median(runs["search"]), 5),
        "heuristic_vs_heuristic": round(statistics.median(runs["heuristic"]), 5),
        "ratio": round(statistics.median(ratios), 2),
        "ratios": [round(r, 2) for r in ratios],
        "battles": battles,
        "repeats": repeats,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--search", default="search", help="the searching player's name (default search)")
    p.add_argument("--squad-games", type=int, default=1000)
    p.add_argument("--deck-games", type=int, default=1000)
    p.add_argument("--time-battles", type=int, default=300)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=ROOT / "reports" / "bench_search")
    args = p.parse_args(argv)
    db = load_cards()
    decks = [read_deck(path, db) for path in sorted(sample_deck_paths())]
    squads = squads_12(decks)
    before = load()
    t0 = time.perf_counter()
    squad = squad_mirrors(squads, args.search, args.squad_games, args.seed)
    deck = deck_mirrors(decks, args.search, args.deck_games, args.seed)
    both = _share(
        squad["search_wins"] + deck["search_wins"],
        squad["heuristic_wins"] + deck["heuristic_wins"],
        squad["draws"] + deck["draws"],
    )
    timing = time_per_battle(squads, args.search, args.time_battles, args.repeats, args.seed)
    after = load()
    out = {
        "search": args.search,
        "seed": args.seed,
        "squad_mirrors": squad,
        "deck_mirrors": deck,
        "all": both,
        "time_per_battle_s": timing,
        "targets": {"share": 0.60, "ratio": 20},
        "wall_s": round(time.perf_counter() - t0, 1),
        "load": [before, after],
        "machine": machine(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(args.out.with_suffix(".json"), json.dumps(out, indent=2) + "\n")

    def row(name: str, r: dict) -> str:
        return (
            f"| {name} | {r['games']:,} | {r['search_wins']:,} | {r['heuristic_wins']:,} | {r['draws']:,} | "
            f"{100 * r['search_share_of_decisive']:.1f} % "
            f"({100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}) |"
        )

    tp = out["time_per_battle_s"]
    md = [
        f"# Searching player against the heuristic (`{args.search}`)",
        "",
        f"Written by `python3 scripts/bench_search.py --search {args.search} "
        f"--squad-games {args.squad_games} --deck-games {args.deck_games} --seed {args.seed}`. "
        "Mirrors with alternating seats; share of decisive games won "
        "by the searching player with its Wilson 95 % interval. "
        "Target: ≥ 60 % at ≤ 20× the heuristic's time.",
        "",
        "| mirrors | games | search wins | heuristic wins | draws | search share of decisive (95 % CI) |",
        "|---|---:|---:|---:|---:|---:|",
        row("squads (10 sample-deck squads)", squad),
        row("decks (10 sample decks, mulligan never)", deck),
        row("all", both),
        "",
        f"Time per battle on one core (process CPU time; both on the same {tp['battles']} squad mirrors, "
        f"{tp['repeats']} alternating runs after a warm-up; medians): search against heuristic "
        f"{1000 * tp['search_vs_heuristic']:.1f} ms, heuristic against heuristic "
        f"{1000 * tp['heuristic_vs_heuristic']:.2f} ms; median ratio of the runs **{tp['ratio']:.1f}×** "
        f"(runs: {', '.join(f'{r:.1f}' for r in tp['ratios'])}).",
        "",
        f"Machine: {out['machine']['cpu']}, {out['machine']['cores']} cores, shared with other sessions. "
        + load_note(before, after),
        "",
    ]
    write_text_atomic(args.out.with_suffix(".md"), "\n".join(md))
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
