"""``next_roll`` with a face: "ваш первый за ход бросок кубика равен 6" (60/17 Ясновидящая, ``area =
"squad"`` on ``turn_start`` and ``enemy_turn_start``), "{second}: первый бросок кубика Хитрого лепрекона
за бой равен 6" (40/97, ``battle_start`` on itself), "следующий бросок кубика вашего выбранного существа
равен 6" (40/46 Сказитель Фроди's valhalla: a creature its player picks)."""

from __future__ import annotations

from analysis.battle import Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

SEER = facts('{ kind = "next_roll", damage = [6], cost = "trigger", trigger = "turn_start", area = "squad" }',
             '{ kind = "next_roll", damage = [6], cost = "trigger", trigger = "enemy_turn_start", '
             'area = "squad" }',
             '{ kind = "discharge", damage = [1], range = 4, cost = "tap" }')


def test_the_first_die_roll_of_the_squad_each_turn_is_six():
    seer = card("Seer", strike=(1, 1, 2), life=8, abilities=SEER)
    hitter = card("Hitter", strike=(1, 2, 4), life=10)
    b = start([seer, hitter], [card("Foe", strike=(1, 2, 3), life=20), card("Far", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=[1, 1])
    b.open[2] = False
    b.apply(Strike(1, 2))                  # the die shows 1, the first roll of the turn counts as 6
    assert b.wounds[2] == 4
    b.open[1] = True
    b.acted[1] = False
    b.apply(Strike(1, 2))                  # the second roll is the die's own
    assert b.wounds[2] == 5


def test_in_the_opponents_turn_its_first_roll_is_six_too_a_parrying_die_included():
    seer = card("Seer", strike=(1, 1, 2), life=8, abilities=SEER)
    b = start([seer, card("Parrier", strike=(1, 2, 4), life=10)],
              [card("Foe", strike=(1, 2, 3), life=20), card("Far", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=[3, 1])
    b._end_turn()
    b._start_turn()                        # the opponent's turn: its attacker rolls 3, the parrier 1 → 6
    b.apply(Strike(2, 1))                  # d = 3 − 6 = −3: the attacker misses, the parrier strikes weak
    assert b.wounds[1] == 0 and b.wounds[2] == 1


LEPRECHAUN = facts('{ kind = "next_roll", damage = [6], cost = "trigger", trigger = "battle_start", '
                   'target = "self", seat = "second" }')


def test_the_second_players_card_rolls_six_the_first_time():
    from analysis.battle import Battle, BattleConfig

    lep = card("Leprechaun", strike=(1, 2, 2), life=7, abilities=LEPRECHAUN)
    b = Battle(([card("Foe", strike=(1, 1, 1), life=10), card("Far", life=10)], [lep]),
               (Scripted(), Scripted()), dice=[1, 1],
               placements=({0: P1_FRONT, 1: square(0, 2)}, {2: P2_FRONT}), config=BattleConfig())
    b._start_turn()
    b._end_turn()
    b._start_turn()                        # the second player's turn
    b.open[0] = False
    b.apply(Strike(2, 0))
    assert b.wounds[0] == 2                # a 6: its strong strike
    b.open[2] = True
    b.acted[2] = False
    b.apply(Strike(2, 0))
    assert b.wounds[0] == 3                # then the die's own 1: weak


FRODI = facts('{ kind = "next_roll", damage = [6], cost = "trigger", trigger = "enemy_turn_start", '
              'target = "ally" }')


def test_the_heuristic_gives_the_sure_six_to_the_creature_with_the_widest_strike():
    frodi = card("Frodi", strike=(1, 2, 3), life=8, abilities=FRODI)
    b = start([frodi, card("Flat", strike=(3, 3, 3), life=10), card("Wide", strike=(1, 3, 6), life=10)],
              [card("Foe", life=20), card("Far", life=10)],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(2, 3)}, {3: P2_FRONT, 4: square(5, 2)}),
              dice=[1], p1=Scripted(targets=[2]))
    assert HeuristicPlayer().choose_targets(b, 0, 0, [0, 1, 2], 1) == (2,)
    b._end_turn()
    b._start_turn()                        # the opponent's turn start: "Wide" gets the 6
    b._end_turn()
    b._start_turn()
    b.open[3] = False
    b.apply(Strike(2, 3))
    assert b.wounds[3] == 6
