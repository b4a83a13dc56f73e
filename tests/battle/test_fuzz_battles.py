"""The engine fuzzer (scripts/fuzz_battles.py) and the invariant checker it uses
(analysis/battle/invariants.py): a broken board is caught, a few seeded battles pass, a seed
replays the same battle, and bad arguments are refused with exit code 2."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from analysis.battle import make_player
from analysis.battle.invariants import CheckedBattle, InvariantError, check_invariants, random_squads
from analysis.cards.table import load_cards

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fuzz_battles.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_battles_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks its module up there)
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def test_the_checker_finds_a_broken_board():
    pool = [c for c in load_cards() if c.complete and c.type == "creature"]
    squads = random_squads(pool, random.Random(3), sizes=(3, 3))
    b = CheckedBattle(squads, (make_player("random"), make_player("random")), seed=3)
    check_invariants(b)
    u = b.units[0][0]
    b.wounds[u] = -1
    with pytest.raises(InvariantError, match=f"unit {u}: negative wounds"):
        check_invariants(b)
    b.wounds[u] = 0
    b.occupied ^= 1 << b.pos[u]
    with pytest.raises(InvariantError, match="occupancy bit"):
        check_invariants(b)


def test_random_squads_are_distinct_cards_of_the_pool_and_a_function_of_the_stream():
    pool = [c for c in load_cards() if c.complete][:60]
    a, b = random_squads(pool, random.Random(11))
    assert 4 <= len(a) <= 15 and 4 <= len(b) <= 15
    assert len({c.code for c in a}) == len(a) and all(c in pool for c in a + b)
    assert (a, b) == random_squads(pool, random.Random(11))


def test_a_few_seeds_pass_and_a_seed_replays_the_same_battle(fuzz, capsys):
    assert fuzz.main(["--battles", "4", "--seed", "20"]) == 0
    assert "0 of 4 battles failed (seeds 20-23)" in capsys.readouterr().out
    assert fuzz.main(["--replay", "21"]) == 0
    first = capsys.readouterr().out
    assert fuzz.main(["--replay", "21"]) == 0
    assert capsys.readouterr().out == first and "no invariant broken" in first and "squad A:" in first


@pytest.mark.parametrize("argv", [["--battles", "0"], ["--seed", "-1"], ["--stop-after", "0"],
                                  ["--replay", "-5"]])
def test_bad_arguments_are_refused(fuzz, argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        fuzz.main(argv)
    assert exit_.value.code == 2 and "error:" in capsys.readouterr().err


def test_players_can_be_chosen_and_an_unknown_one_is_named(fuzz, capsys):
    assert fuzz.main(["--battles", "2", "--seed", "7", "--players", "search,heuristic"]) == 0
    assert "0 of 2 battles failed" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        fuzz.main(["--players", "heuristic,hero"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "unknown hero" in err and "search" in err
