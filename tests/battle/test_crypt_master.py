"""50/178 Хозяин склепа: "При гибели нелетающего существа — получает {counter}. Не может иметь более 3
{counter}. {tap}: Метание «черепа» на 1, дальность 5. +2 к метанию за каждую {counter}. При метании —
теряет все {counter}" — ``attack_bonus`` per counters (twice: +2 each), ``lose_counters`` on its
``attack``, ``when_state = "nonflying"`` on ``creature_dies``."""

from __future__ import annotations

from analysis.battle import UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, facts, start
from tests.battle_helpers import card

MASTER = facts('{ kind = "throw", damage = [1], range = 5, cost = "tap" }',
               '{ kind = "attack_bonus", per = "counters", from = ["throw"] }',
               '{ kind = "attack_bonus", per = "counters", from = ["throw"] }',
               '{ kind = "lose_counters", cost = "trigger", trigger = "attack", target = "self" }',
               '{ kind = "gain_counter", damage = [1], cost = "trigger", trigger = "creature_dies", '
               'target = "self", when_state = "nonflying" }', max_counters=3)


def test_each_counter_adds_two_to_the_throw_then_all_are_lost():
    master = card("Master", strike=(2, 2, 3), life=8, abilities=MASTER)
    b = start([master], [card("Foe", life=20), card("Far", life=10)],
              ({0: P1_FRONT}, {1: square(4, 2), 2: square(5, 3)}))
    b.counters[0] = 2
    b._situate()
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 5 and b.counters[0] == 0


def test_a_counter_when_a_non_flying_creature_dies_not_a_flyer():
    master = card("Master", strike=(2, 2, 3), life=8, abilities=MASTER)
    b = start([master], [card("Walker", life=1), card("Flyer", life=1, type="flyer"), card("Far", life=10)],
              ({0: P1_FRONT}, {1: square(4, 2), 2: square(5, 2), 3: square(5, 3)}))
    b.wounds[2] = 1
    b._settle((2,), -1, None, "effect")
    assert b.counters[0] == 0
    b.wounds[1] = 1
    b._settle((1,), -1, None, "effect")
    assert b.counters[0] == 1
