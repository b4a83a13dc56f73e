"""``attack_bonus``: a change to the power of a card's own attacks of some kinds (000 2.13),
standing or given for a while — 30/111 Илинси («в начале хода противника выбранное существо
получает −X к величине своих дальних атак до конца хода, где X его слабый {strike}»)."""

from __future__ import annotations

from analysis.battle import END_TURN, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_BACK, P2_BACK, facts, start
from tests.battle_helpers import Scripted, card

ILINSI = ('{ kind = "attack_bonus", per = "target_weak", negative = true, from = ["ranged"], '
          'cost = "trigger", trigger = "enemy_turn_start", target = "enemy", lasts = "turn" }')
SHOT = '{ kind = "shot", damage = [3], range = 5, cost = "tap" }'


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


def test_standing_bonus_adds_to_the_power_of_its_attacks_of_those_kinds():
    """A standing ``attack_bonus`` +1 on throws: a throw 2 deals 3; its shot is unchanged."""
    thrower = unit("Thrower", '{ kind = "throw", damage = [2], range = 5, cost = "tap" }',
                   '{ kind = "shot", damage = [2], range = 5, cost = "tap" }',
                   '{ kind = "attack_bonus", damage = [1], from = ["throw"] }', strike=(1, 1, 1))
    b = start([thrower], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 3
    b2 = start([thrower], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    b2.apply(UseAbility(0, 1, (1,)))
    assert b2.wounds[1] == 2


def test_ilinsi_takes_the_weak_strike_off_the_enemy_shooters_ranged_attacks_this_turn():
    """30/111 Илинси: at the start of the opponent's turn its heuristic player picks the enemy
    shooter (weak strike 2): its shot 3 deals 1 this turn; the next turn it is picked again, and
    without Илинси's pick it would deal 3."""
    ilinsi = unit("Ilinsi", ILINSI, strike=(1, 2, 2), life=8)
    shooter = unit("Shooter", SHOT, strike=(2, 2, 3), life=10)
    b = start([ilinsi, card("Mine", life=20)], [shooter, card("Brute", strike=(1, 1, 1))],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1)}),
              p1=HeuristicPlayer(), p2=Scripted())
    b.apply(END_TURN)
    assert b.active == 1
    b.apply(UseAbility(2, 0, (1,)))
    assert b.wounds[1] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (1,)))
    assert b.wounds[1] == 2
    plain = start([card("Plain", life=8), card("Mine", life=20)], [shooter, card("Brute")],
                  ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1)}))
    plain.apply(END_TURN)
    plain.apply(UseAbility(2, 0, (1,)))
    assert plain.wounds[1] == 3
