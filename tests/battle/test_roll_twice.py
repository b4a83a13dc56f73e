"""``roll_twice`` (50/30 Орк-воевода: "когда сражается {strike} в ваш ход бросьте кубик дважды, выберите
один из результатов бросков (бешенство активируется каждым из бросков)")."""

from __future__ import annotations

from analysis.battle import Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

WARLORD = facts('{ kind = "roll_twice", when = "own_turn" }',
                '{ kind = "extra_life", damage = [1], cost = "trigger", trigger = "fury", fury = 3, '
                'target = "self" }')


def _warlord():
    return card("Warlord", strike=(3, 3, 4), life=12, abilities=WARLORD)


def test_it_keeps_the_better_of_two_rolls_and_each_sets_its_fury_off():
    """Dice: 1 (its first roll), 3 (the parrier), 6 (its second roll): it keeps the 6 (d = 3: medium,
    no answer); only the 1 is 3 or less: its fury fires once."""
    b = start([_warlord()], [card("Foe", strike=(1, 2, 3), life=20), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[1, 3, 6], p1=HeuristicPlayer())
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3 and b.wounds[0] == 0
    assert b.life[0] == 13                 # the fury of the first roll (1) fired: +1 extra life


def test_both_low_rolls_set_the_fury_off_twice():
    b = start([_warlord()], [card("Foe", strike=(1, 2, 3), life=20), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[2, 1, 3], p1=HeuristicPlayer())
    b.apply(Strike(0, 1))
    assert b.life[0] == 14


def test_in_the_opponents_turn_it_rolls_once():
    b = start([card("Foe", strike=(1, 2, 3), life=20)], [_warlord(), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[1, 6], p2=Scripted())
    b.apply(Strike(0, 1))                  # the warlord parries: its own 6 against 1, no second die
    assert b.wounds[0] == 3 and b.wounds[1] == 0     # (d = −5: it strikes back medium)
