"""``set_die`` (60/137 Лекарь Уорлога: "{instant}{tap}: Воздействие «отролление» — свести выбранный
бросок кубика существа к 1"): a response that makes one die — of a simple strike or an ability, either
side's — show N, when its player prefers that outcome."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

HEALER = facts('{ kind = "set_die", damage = [1], cost = "tap", via = "effect" }')


def test_the_enemy_strike_die_is_set_to_one():
    """The opponent's strike on its closed ally rolls 6 (strong 5); set to 1 it is weak (2)."""
    healer = card("Healer", strike=(2, 2, 2), life=9, abilities=HEALER)
    brute = card("Brute", strike=(2, 3, 5), life=10)
    b = start([healer, card("Ally", strike=(1, 1, 1), life=12)], [brute, card("Far", life=10)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}),
              dice=[6], p1=HeuristicPlayer(), p2=Scripted())
    b.apply(END_TURN)
    b.open[1] = False
    b.apply(Strike(2, 1))
    assert b.wounds[1] == 2 and not b.open[0]


def test_an_enemy_shot_die_is_set_to_one():
    healer = card("Healer", strike=(2, 2, 2), life=9, abilities=HEALER)
    shooter = card("Shooter", strike=(1, 1, 1), life=9,
                   abilities=facts('{ kind = "shot", damage = [1, 2, 3], range = 5, cost = "tap" }'))
    b = start([healer, card("Ally", life=12)], [shooter, card("Far", life=10)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: square(5, 2), 3: square(5, 1)}),
              dice=[6], p1=HeuristicPlayer(), p2=Scripted())
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (1,)))
    assert b.wounds[1] == 1 and not b.open[0]


def test_no_action_of_its_own():
    healer = card("Healer", strike=(2, 2, 2), life=9, abilities=HEALER)
    b = start([healer], [card("Foe", life=10)], ({0: square(0, 1)}, {1: P2_FRONT}))
    assert not any(isinstance(a, UseAbility) and a[0] == 0 for a in b.legal_actions())
