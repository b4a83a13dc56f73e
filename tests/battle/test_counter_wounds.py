"""30/7 Орк-охотник: "Когда ваше существо получает ответный {strike} получить +1 к следующему выстрелу
до конца хода (2 раза за ход)": ``squad_wounded`` with ``from = ["counter"]`` (the parrier's strike in
a fight, 000 4.4) and ``boosts = ["shot"]`` (the grant is for its shots)."""

from __future__ import annotations

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

HUNTER = facts('{ kind = "attack_bonus", damage = [1], from = ["counter"], boosts = ["shot"], '
               'cost = "trigger", trigger = "squad_wounded", target = "self", lasts = "next_attack_turn", '
               'uses_per_turn = 2 }',
               '{ kind = "shot", damage = [1], range = 4, cost = "tap" }')


def _battle(dice):
    hunter = card("Hunter", strike=(1, 2, 3), life=8, abilities=HUNTER)
    ally = card("Ally", strike=(1, 1, 1), life=10)
    foe = card("Foe", strike=(1, 1, 1), life=20)
    return start([hunter, ally], [foe, card("Far", life=10)],
                 ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=dice)


def test_a_counter_strike_on_your_creature_gives_its_next_shot_one_more():
    b = _battle([1, 6])
    b.apply(Strike(1, 2))                  # the ally misses, the foe's counter-strike wounds it
    assert b.wounds[1] == 1
    b.apply(UseAbility(0, 1, (3,)))        # shot 1 + 1
    assert b.wounds[3] == 2


def test_wounds_of_an_attack_are_no_counter_strike():
    b = _battle([6])
    b._end_turn()
    b._start_turn()
    b.open[1] = False
    b.apply(Strike(2, 1))                  # the foe attacks the ally: no counter-strike
    assert b.wounds[1] == 1
    assert not any(g.kind == "attack_bonus" for g, _ in b.grants[0])
