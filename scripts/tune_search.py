"""Tuning runs of the searching player's settings, on seeds and squads the benchmark does not use.

    python3 scripts/tune_search.py --games 2000 budget=2,lam=1.0 budget=3,lam=1.0,floor=0.5

Each setting plays squad mirrors against the heuristic (seats alternating), as
``bench_search.py`` does, but on other squads: each sample deck's first 12 distinct names after a
shuffle with seed ``--squad-seed`` + deck index (the benchmark uses 0), battle seeds from
``--seed`` (the benchmark's are 10000 and up). Every setting plays the same battles (common random
numbers), so differences between settings are less noisy than their intervals. Prints, per
setting, the searching player's share of decisive games (Wilson 95 %) and its CPU time per battle;
two processes.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_battle import squads_12  # noqa: E402
from bench_search import play_mirrors  # noqa: E402

from analysis.battle.search import SearchPlayer  # noqa: E402
from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.squad.deals import proportion_ci  # noqa: E402


def parse_setting(text: str) -> dict:
    """``budget=3,lam=0.8,floor=0.5`` → keyword arguments of :class:`SearchPlayer`."""
    out: dict = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        out[name] = int(value) if name == "budget" else float(value)
    return out


def _chunk(args) -> tuple[int, int, int, float]:
    setting, squad_seed, seeds = args
    db = load_cards()
    decks = [read_deck(path, db) for path in sorted(sample_deck_paths())]
    squads = squads_12(decks, squad_seed)
    return play_mirrors(squads, lambda: SearchPlayer(**setting), seeds, 0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("settings", nargs="+", help="e.g. budget=3,lam=1.0,floor=0.5")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--squad-seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [seeds[i::args.workers * 4] for i in range(args.workers * 4)]
    with ProcessPoolExecutor(args.workers) as pool:
        for text in args.settings:
            setting = parse_setting(text)
            parts = list(pool.map(_chunk, [(setting, args.squad_seed, c) for c in chunks]))
            w, l_, d = (sum(x[i] for x in parts) for i in range(3))
            t = sum(x[3] for x in parts)
            est = proportion_ci(w, max(1, w + l_))
            print(f"{text:40s} {w:5d}-{l_:<5d} d{d:<4d} {100 * w / max(1, w + l_):5.1f} % "
                  f"({100 * est.lo:.1f}-{100 * est.hi:.1f})  {1000 * t / len(seeds):6.2f} ms/battle",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
