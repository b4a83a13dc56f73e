"""``shift_die`` (40/24 Анволд: "{instant}{tap}: уменьшить выбранный бросок кубика на 2, при этом
разряд на 1"): a response that lowers one die by 2 (never below 1), either side's, with the
``then`` discharge carried out once the action it answered is; and its shield on a die of 1."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

ANVOLD = ('{ kind = "shield", damage = [1], cost = "trigger", trigger = "squad_rolls", roll = [1], '
          'uses_per_turn = 2 }',
          '{ kind = "shift_die", damage = [2], cost = "tap" }',
          '{ kind = "discharge", damage = [1], cost = "then" }')


def test_anvold_lowers_the_enemy_strike_die_and_discharges():
    """In the opponent's turn its strike on Анволд's closed ally rolls 6 (strong 5); Анволд's player
    lowers it to 4 (medium 3) and the discharge 1 follows at an enemy; Анволд closes."""
    anvold = card("Anvold", strike=(1, 1, 2), life=8, abilities=facts(*ANVOLD))
    ally = card("Ally", strike=(1, 1, 1), life=12)
    brute = card("Brute", strike=(2, 3, 5), life=10)
    b = start([anvold, ally], [brute, card("Far", life=10)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}),
              dice=[6], p1=HeuristicPlayer(), p2=Scripted())
    b.apply(END_TURN)
    b.open[1] = False
    b.log = []
    b.apply(Strike(2, 1))
    assert b.wounds[1] == 3 and not b.open[0]
    shots = [e for e in b.log if e.get("e") == "ability" and e.get("kind") == "discharge"]
    assert shots and shots[0]["u"] == 0 and shots[0]["wounds"] == [1]


def test_anvold_is_no_action_of_its_own():
    """The response is not offered as an action: without a die to lower, no discharge either."""
    anvold = card("Anvold", strike=(1, 1, 2), life=8, abilities=facts(*ANVOLD))
    b = start([anvold], [card("Foe", life=10)], ({0: square(0, 1)}, {1: P2_FRONT}))
    assert not any(isinstance(a, UseAbility) and a[0] == 0 for a in b.legal_actions())


def test_anvold_lowers_the_die_of_an_enemy_shot():
    """The die of an enemy shot 1-2-3 at its squad shows 6 (3 wounds): lowered by 2 to 4, 2 wounds."""
    anvold = card("Anvold", strike=(1, 1, 2), life=8, abilities=facts(*ANVOLD))
    shooter = card("Shooter", strike=(1, 1, 1), life=9,
                   abilities=facts('{ kind = "shot", damage = [1, 2, 3], range = 5, cost = "tap" }'))
    b = start([anvold, card("Ally", life=12)], [shooter, card("Far", life=10)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: square(5, 2), 3: square(5, 1)}),
              dice=[6], p1=HeuristicPlayer(), p2=Scripted())
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (1,)))
    assert b.wounds[1] == 2 and not b.open[0]
