"""``roll_bonus``: "+N к следующему броску кубика" — a card's next die roll gets +N, the face raised
to at most 6 (000 2.14), then its other modifiers apply. 40/8 Дозорный: "Строй: Рывок. После рывка
стоящая рядом карта может получить +1 к следующему броску кубика"."""

from __future__ import annotations

from analysis.battle import Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P2_FRONT, facts, start
from tests.battle.test_movement import Dasher
from tests.battle_helpers import card

SCOUT = facts('{ kind = "dash" }',
              '{ kind = "roll_bonus", damage = [1], cost = "trigger", trigger = "dash", target = "ally", '
              'range = 1 }')


def _scout_battle(dice, targets=(1,)):
    scout = card("Scout", strike=(1, 1, 1), life=8, abilities=SCOUT)
    hitter = card("Hitter", strike=(1, 2, 4), life=10)
    foe = card("Foe", strike=(1, 1, 1), life=30)
    p1 = Dasher(to=[square(1, 2)], targets=targets)
    return start([scout, hitter], [foe, card("Far", life=10)],
                 ({0: square(2, 2), 1: square(2, 1)}, {2: P2_FRONT, 3: square(5, 2)}), dice=dice, p1=p1)


def test_after_its_dash_the_adjacent_ally_rolls_one_more():
    b = _scout_battle([6, 3])
    b.open[2] = False                      # (a closed foe: one die, 1-3 weak, 4-5 medium, 6 strong)
    b.apply(Strike(0, 2))                  # the scout strikes, then dashes back, next to the hitter
    assert b.pos[0] == square(1, 2) and b.unit_plus[1] == 1
    b.apply(Strike(1, 2))                  # its die shows 3, +1 → 4: a medium strike of 2 (not weak 1)
    assert b.wounds[2] == 1 + 2 and b.unit_plus[1] == 0


def test_the_bonus_is_used_by_the_next_roll_only_and_stops_at_six():
    b = _scout_battle([6, 6, 3])
    b.open[2] = False
    b.apply(Strike(0, 2))
    b.apply(Strike(1, 2))                  # 6 + 1: still a strong 4
    assert b.wounds[2] == 1 + 4
    b.open[1], b.acted[1] = True, False
    b.apply(Strike(1, 2))                  # the die's own 3: weak
    assert b.wounds[2] == 1 + 4 + 1


def test_it_raises_an_ability_die_too():
    shooter = card("Shooter", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "shot", damage = [1, 2, 3], cost = "tap" }'))
    scout = card("Scout", strike=(1, 1, 1), life=8, abilities=SCOUT)
    foe = card("Foe", strike=(1, 1, 1), life=30)
    b = start([scout, shooter], [foe, card("Far", life=10)],
              ({0: square(2, 2), 1: square(2, 1)}, {2: P2_FRONT, 3: square(5, 2)}), dice=[6, 1, 5],
              p1=Dasher(to=[square(1, 2)], targets=(1,)))
    b.apply(Strike(0, 2))
    b.apply(UseAbility(1, 0, (3,)))        # 5 + 1 = 6: a strong shot of 3
    assert b.wounds[3] == 3


def test_the_heuristic_gives_it_to_the_widest_strike():
    scout = card("Scout", strike=(1, 1, 1), life=8, abilities=SCOUT)
    b = start([scout, card("Flat", strike=(3, 3, 3), life=10), card("Wide", strike=(1, 3, 6), life=10)],
              [card("Foe", life=20), card("Far", life=10)],
              ({0: square(2, 2), 1: square(2, 1), 2: square(2, 3)}, {3: P2_FRONT, 4: square(5, 2)}))
    assert HeuristicPlayer().choose_targets(b, 0, 1, [1, 2], 1) == (2,)


SARG = facts('{ kind = "teleportation" }',
             '{ kind = "roll_bonus", damage = [1], cost = "trigger", trigger = "squad_teleports", '
             'target = "self", lasts = "turn", uses_per_turn = 2 }',
             '{ kind = "strike_bonus", damage = [0, 0, 1], cost = "trigger", trigger = "squad_teleports", '
             'target = "self", lasts = "turn", uses_per_turn = 2 }',
             '{ kind = "shot", damage = [1, 2, 3], cost = "tap" }')


def _sarg_battle(dice):
    sarg = card("Sarg", strike=(1, 2, 2), life=9, abilities=SARG)
    demon = card("Demon", strike=(1, 1, 1), life=9, move=2, abilities=facts('{ kind = "teleportation" }'))
    foe = card("Foe", strike=(1, 1, 1), life=30)
    b = start([sarg, demon], [foe, card("Far", life=30)],
              ({0: square(2, 2), 1: square(2, 1)}, {2: P2_FRONT, 3: square(5, 2)}), dice=dice)
    b.open[2] = b.open[3] = False
    return b


def test_another_creatures_teleport_gives_one_more_to_every_roll_this_turn():
    """50/151 Сарг: "При телепортации другого вашего существа — до конца хода получить +1 к броскам
    кубика и +1 к сильному {strike}"."""
    from analysis.battle import Move

    b = _sarg_battle([5, 5])
    b.apply(Move(1, square(4, 4)))         # the demon teleports
    b.apply(Strike(0, 2))                  # 5 + 1 = 6: strong 2, +1
    assert b.wounds[2] == 3
    b = _sarg_battle([5])
    b.apply(Move(1, square(4, 4)))
    b.open[0], b.acted[0] = True, False
    b.apply(UseAbility(0, 3, (3,)))        # its shot's die 5 + 1: strong 3
    assert b.wounds[3] == 3


def test_a_step_gives_nothing():
    b = _sarg_battle([5])
    b.apply(Move(1, square(1, 1)))         # a step
    b.apply(Strike(0, 2))                  # 5: medium 2
    assert b.wounds[2] == 2
