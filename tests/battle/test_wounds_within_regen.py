"""50/113 Бумбол: "Когда Бумбол или ваше стоящее рядом существо получает X или менее ран, где Х —
величина его {regen} — Бумбол получает +1 к следующему {strike} (максимум +2)": ``when_state =
"within_regen"`` on ``wounded`` / ``ally_wounded`` (``vs_position = "near"``), the grant's attacks
named by ``boosts`` (its ``from`` would filter what wounds set it off)."""

from __future__ import annotations

from analysis.battle import Strike
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

BUMBOL = facts('{ kind = "attack_bonus", damage = [1], boosts = ["simple"], cost = "trigger", '
               'trigger = "wounded", target = "self", lasts = "next_attack", per_max = 2, '
               'when_state = "within_regen" }',
               '{ kind = "attack_bonus", damage = [1], boosts = ["simple"], cost = "trigger", '
               'trigger = "ally_wounded", target = "self", lasts = "next_attack", per_max = 2, '
               'when_state = "within_regen", vs_position = "near" }')


NEXT_TO = square(2, 1)


def _battle(foe_strike, dice, ally_at=NEXT_TO, ally_regen=1, bumbol_at=P1_FRONT):
    bumbol = card("Bumbol", strike=(1, 2, 3), life=8, regeneration=2, abilities=BUMBOL)
    ally = card("Ally", strike=(1, 1, 1), life=10, regeneration=ally_regen)
    foe = card("Foe", strike=foe_strike, life=30)
    b = start([bumbol, ally], [foe, card("Far", life=10)],
              ({0: bumbol_at, 1: ally_at}, {2: P2_FRONT, 3: square(3, 1)}), dice=dice)
    b._end_turn()
    b._start_turn()                        # the opponent's turn
    b.open[0] = b.open[1] = False
    return b


def _bonus(b) -> int:
    return sum(g.damage[0] for g, _ in b.grants[0] if g.kind == "attack_bonus")


def test_wounds_up_to_its_regeneration_give_one_more_to_its_next_strike():
    b = _battle((2, 2, 2), [1])
    b.apply(Strike(2, 0))                  # 2 wounds, its regeneration 2
    assert b.wounds[0] == 2 and _bonus(b) == 1


def test_more_wounds_than_its_regeneration_give_nothing():
    b = _battle((3, 3, 3), [1])
    b.apply(Strike(2, 0))
    assert b.wounds[0] == 3 and _bonus(b) == 0


def test_an_adjacent_ally_within_its_own_regeneration_counts_up_to_two():
    b = _battle((1, 1, 1), [1, 1, 1], ally_regen=1)
    b.apply(Strike(2, 1))                  # the ally (regeneration 1) takes 1
    assert _bonus(b) == 1
    b.open[2], b.acted[2] = True, False
    b.apply(Strike(2, 0))
    b.open[2], b.acted[2] = True, False
    b.apply(Strike(2, 0))
    assert _bonus(b) == 2                  # (at most +2)


def test_an_ally_without_regeneration_or_not_adjacent_gives_nothing():
    b = _battle((1, 1, 1), [1], ally_regen=0)
    b.apply(Strike(2, 1))
    assert _bonus(b) == 0
    b = _battle((1, 1, 1), [1], ally_at=square(2, 3), bumbol_at=square(2, 1))
    b.apply(Strike(2, 1))                  # (two columns away from Bumbol)
    assert b.wounds[1] == 1 and _bonus(b) == 0


def test_the_bonus_goes_to_its_next_simple_strike():
    b = _battle((2, 2, 2), [1, 1])
    b.apply(Strike(2, 0))
    b._end_turn()
    b._start_turn()
    b.open[2] = False
    b.apply(Strike(0, 2))                  # weak 1 + 1
    assert b.wounds[2] == 2 and _bonus(b) == 0
