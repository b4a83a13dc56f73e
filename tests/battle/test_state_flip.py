"""Trigger ``state_flip`` and grants ``lasts = "next_attack"`` (50/157 Искуситель: "когда существо
с проклятием получает благословление или наоборот оно получает +2 или −2 к следующей атаке"): the
heuristic player gives +2 to its own creature and −2 to an enemy one, and the bonus goes with that
creature's next attack."""

from __future__ import annotations

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.ability_rules import strike_passives
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

ATTACKS = '["simple", "shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike"]'
TEMPTER = (f'{{ kind = "attack_bonus", damage = [2], from = {ATTACKS}, cost = "trigger", '
           'trigger = "state_flip", target = "any", lasts = "next_attack" }',
           f'{{ kind = "attack_bonus", damage = [-2], from = {ATTACKS}, cost = "or", target = "any", '
           'lasts = "next_attack" }',
           '{ kind = "give_curse", cost = "tap", target = "any", via = "effect" }',
           '{ kind = "give_blessing", cost = "tap", target = "any", via = "effect" }')


def test_own_cursed_creature_blessed_gets_two_to_its_next_attack_only():
    tempter = card("Tempter", strike=(1, 2, 2), life=9, abilities=facts(*TEMPTER))
    cursed = card("Cursed", strike=(2, 2, 2), life=10, abilities=facts('{ kind = "curse" }'))
    b = start([tempter, cursed], [card("Foe", life=20, strike=(1, 1, 1)), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}),
              dice=[1, 1, 1, 1], p1=HeuristicPlayer(), p2=Scripted())
    b.apply(UseAbility(0, 3, (1,)))            # a blessing on the cursed creature: +2 (own side)
    assert strike_passives(b.cards[1]).bonus == (2, 2, 2)
    b.apply(Strike(1, 2))
    assert strike_passives(b.cards[1]).bonus == (0, 0, 0)   # (spent on that attack)


def test_enemy_blessed_creature_cursed_gets_minus_two():
    tempter = card("Tempter", strike=(1, 2, 2), life=9, abilities=facts(*TEMPTER))
    blessed = card("Blessed", strike=(3, 3, 3), life=10, abilities=facts('{ kind = "blessing" }'))
    b = start([tempter, card("Mine", life=10)], [blessed, card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}),
              p1=HeuristicPlayer(), p2=Scripted())
    b.apply(UseAbility(0, 2, (2,)))            # a curse on the blessed enemy: −2
    assert strike_passives(b.cards[2]).bonus == (-2, -2, -2)
