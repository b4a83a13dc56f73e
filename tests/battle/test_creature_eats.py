"""Trigger ``creature_eats``: "когда другое существо выполняет трупоедство" (60/170 Гриф Соултрада:
"получить +1 к следующему {strike} до конца вашего хода (1 раз за ход)")."""

from __future__ import annotations

from analysis.battle import Strike
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

VULTURE = facts('{ kind = "carrion_eating" }',
                '{ kind = "attack_bonus", damage = [1], from = ["simple"], cost = "trigger", '
                'trigger = "creature_eats", target = "self", lasts = "next_attack_turn", via = "effect", '
                'uses_per_turn = 1 }')
EATER = facts('{ kind = "carrion_eating" }')


def _battle(eater_facts: str, dice):
    vulture = card("Vulture", strike=(1, 1, 1), life=7, abilities=VULTURE)
    eater = card("Eater", strike=(2, 2, 2), life=9, abilities=eater_facts)
    prey = card("Prey", strike=(1, 1, 1), life=2)
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([vulture, eater], [prey, foe],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(3, 1)}), dice=dice)
    b.open[2] = b.open[3] = False
    b.wounds[1] = 3
    return b


def test_another_creatures_carrion_eating_gives_its_next_strike_one_more():
    b = _battle(EATER, [1, 1])
    b.apply(Strike(1, 2))                  # the eater kills the prey next to it and eats
    assert not b.alive[2] and b.wounds[1] == 0
    b.apply(Strike(0, 3))                  # the vulture's weak 1 + 1
    assert b.wounds[3] == 2


def test_no_bonus_when_the_killer_does_not_eat():
    b = _battle("", [1, 1])
    b.apply(Strike(1, 2))
    assert not b.alive[2]
    b.apply(Strike(0, 3))
    assert b.wounds[3] == 1
