"""Fuzz the battle engine: many seeded battles of random squads, every state checked.

    python3 scripts/fuzz_battles.py                       # 2,000 battles from seed 0
    python3 scripts/fuzz_battles.py --battles 20000 --seed 100000
    python3 scripts/fuzz_battles.py --replay 111009       # one battle again, with its last events
    python3 scripts/fuzz_battles.py --players search,heuristic --battles 500

Each battle is a function of its seed: two squads of 4-15 distinct cards drawn from the complete
printings (two battles in three from the sets the tournaments use, 30-60; the third from every set),
players drawn for each side from ``--players`` (random and heuristic unless told), 3-30 rounds. No
squad rule is applied: the engine must cope with any cards. After every action
:func:`analysis.battle.invariants.check_invariants` checks the board, and the battle must end for a
reason of the rules. The random player applies actions from :meth:`Battle.legal_actions`, so an
action listed as legal and then refused shows up too.

A failure prints the seed, the players, both squads (set/number codes), the error and where it was
raised; the exit code is 1 if any battle failed. The hypothesis tests of
``tests/battle/test_invariants.py`` check the same invariants on fewer, smaller examples on every
test run; this script is for long runs after an engine or card-fact change (about 25 battles a
second with the compiled engine). Memory grows by about 110 MB per 1,000 battles: every new pair of
random cards interns new variants (a card under another's aura, with a granted fact …) for the life
of the process, so a run is capped at 100,000 battles; run more as several seed ranges.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis.battle import COMPILED, PLAYERS, BattleConfig, make_player  # noqa: E402
from analysis.battle.invariants import END_REASONS, CheckedBattle, check_invariants, random_squads  # noqa: E402
from analysis.cards.table import Card, load_cards  # noqa: E402

TOURNAMENT_SETS = ("30", "40", "50", "60")
DEFAULT_PLAYERS = ("heuristic", "random")
MAX_BATTLES = 100_000


@dataclass(frozen=True)
class Case:
    """One fuzzed battle, all drawn from its seed."""

    seed: int
    squads: tuple[list[Card], list[Card]]
    players: tuple[str, str]
    rounds: int


def case_of(seed: int, every: list[Card], recent: list[Card],
            players: tuple[str, ...] = DEFAULT_PLAYERS) -> Case:
    """The battle of ``seed`` (see the module docstring), each side's player drawn from ``players``."""
    rng = random.Random(seed)
    pool = recent if seed % 3 else every
    squads = random_squads(pool, rng)
    sides = (rng.choice(players), rng.choice(players))
    return Case(seed, squads, sides, rng.randint(3, 30))


def battle_of(case: Case, record: bool = False) -> CheckedBattle:
    """The battle of ``case``, set up (placed) and checked, not yet played."""
    battle = CheckedBattle(case.squads, (make_player(case.players[0]), make_player(case.players[1])),
                           seed=case.seed, config=BattleConfig(max_rounds=case.rounds), record=record)
    check_invariants(battle)
    return battle


def play(battle: CheckedBattle) -> None:
    """Play ``battle`` to its end, checking every state; raises on the first failure."""
    result = battle.run()
    check_invariants(battle)
    if not (battle.over and result.reason in END_REASONS):
        raise AssertionError(f"the battle ended for no reason of the rules: {result.reason!r}")


def describe(case: Case) -> str:
    names = [", ".join(c.code for c in squad) for squad in case.squads]
    return (f"seed {case.seed}, players {case.players[0]} / {case.players[1]}, {case.rounds} rounds\n"
            f"  squad A: {names[0]}\n  squad B: {names[1]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=2000, help="battles to play (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the first battle's seed (default 0)")
    parser.add_argument("--stop-after", type=int, default=10,
                        help="stop after this many failures (default 10)")
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS),
                        help=f"players drawn for each side, comma-separated, of {', '.join(PLAYERS)} "
                             f"(default {','.join(DEFAULT_PLAYERS)}; search is about ten times slower)")
    parser.add_argument("--replay", type=int, metavar="SEED",
                        help="play one battle again and print its last events")
    args = parser.parse_args(argv)
    if not 1 <= args.battles <= MAX_BATTLES:
        parser.error(f"--battles must be 1 to {MAX_BATTLES:,}")
    if args.seed < 0 or (args.replay is not None and args.replay < 0):
        parser.error("seeds are whole numbers ≥ 0")
    if args.stop_after < 1:
        parser.error("--stop-after must be at least 1")
    players = tuple(p.strip() for p in args.players.split(",") if p.strip())
    unknown = [p for p in players if p not in PLAYERS]
    if not players or unknown:
        parser.error(f"--players: unknown {', '.join(unknown) or 'empty list'}; "
                     f"the players are {', '.join(PLAYERS)}")

    every = [c for c in load_cards() if c.complete]
    recent = [c for c in every if c.code.split("/")[0] in TOURNAMENT_SETS]
    if args.replay is not None:
        case = case_of(args.replay, every, recent, players)
        print(describe(case))
        battle = None
        try:
            battle = battle_of(case, record=True)
            play(battle)
        except Exception:
            traceback.print_exc(limit=-8)
            return 1
        finally:
            for event in (battle.log if battle is not None else [])[-12:]:
                print("  ", event)
        print("  no invariant broken")
        return 0

    asked = "" if players == DEFAULT_PLAYERS else f" --players {','.join(players)}"
    print(f"fuzzing {args.battles:,} battles from seed {args.seed} (engine compiled: {COMPILED}); "
          f"{len(recent)} printings of sets {', '.join(TOURNAMENT_SETS)}, {len(every)} in all",
          file=sys.stderr)
    failures, started = 0, time.perf_counter()
    for i, seed in enumerate(range(args.seed, args.seed + args.battles), 1):
        case = case_of(seed, every, recent, players)
        try:
            play(battle_of(case))
        except Exception as err:
            failures += 1
            frame = traceback.extract_tb(err.__traceback__)[-1]
            print(f"FAILED {describe(case)}\n  {type(err).__name__}: {err}\n"
                  f"  at {Path(frame.filename).name}:{frame.lineno} ({frame.name})\n"
                  f"  replay: python3 scripts/fuzz_battles.py --replay {seed}{asked}", flush=True)
            if failures >= args.stop_after:
                print(f"stopping after {failures} failures", file=sys.stderr)
                break
        if i % 500 == 0 or i == args.battles:
            rate = i / (time.perf_counter() - started)
            print(f"  {i:,}/{args.battles:,} battles, {failures} failed, {rate:.0f}/s",
                  file=sys.stderr, flush=True)
    print(f"{failures} of {i:,} battles failed (seeds {args.seed}-{args.seed + i - 1})")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
