"""War machines moved by closing a creature next to them (``hauled``; the cards' "закрыть стоящее
рядом ваше существо: переместить … на соседнюю клетку"): 40/18 Требушет, 50/24 Кулеврина орков, and
the creatures that profit from closing for one (``hauls``: 30/8 Орки-носильщики)."""

from __future__ import annotations

from analysis.battle import Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

TREBUCHET = ('{ kind = "hauled", uses_per_turn = 1 }',
             '{ kind = "attack_bonus", damage = [1], from = ["throw"], cost = "trigger", trigger = "hauled", '
             'target = "self", lasts = "turn" }',
             '{ kind = "throw", damage = [1], range = 4, cost = "tap", targets = 3 }')
CULVERIN = ('{ kind = "hauled", uses_per_turn = 2 }',
            '{ kind = "shot", damage = [1, 2, 2], range = 4, cost = "trigger", trigger = "hauled" }',
            '{ kind = "shot", damage = [2, 3, 3], range = 4, cost = "counter_tap" }')
PORTERS = '{ kind = "open", target = "self", cost = "trigger", trigger = "hauls", uses_per_turn = 1 }'


def machine(name, *abilities, life=12):
    return card(name, type="artifact", strike=None, move=0, life=life, classes=("Боевая машина",),
                abilities=facts(*abilities))


def test_trebuchet_moves_by_closing_an_adjacent_ally_and_throws_one_harder_this_turn():
    """40/18 Требушет: a Move of the machine closes the creature next to it (the payment) and
    moves it one square; once per turn; its throws get +1 this turn."""
    treb = machine("Trebuchet", *TREBUCHET)
    orc = card("Orc", life=8)
    b = start([treb, orc], [card("Foe", life=10)], ({0: square(1, 2), 1: square(1, 1)}, {2: square(5, 2)}))
    assert set(b.steps(0)) == {square(0, 2), square(2, 2), square(1, 3)}
    b.apply(Move(0, square(2, 2)))
    assert b.pos[0] == square(2, 2) and not b.open[1] and b.open[0]
    assert b.steps(0) == []                   # (1 per turn)
    b.apply(UseAbility(0, 2, (2,)))
    assert b.wounds[2] == 2                   # throw 1 + 1


def test_no_move_without_an_open_creature_next_to_it():
    """Without an open creature of its squad next to it the machine cannot be moved."""
    treb = machine("Trebuchet", *TREBUCHET)
    b = start([treb, card("Far", life=8)], [card("Foe", life=10)], ({0: square(0, 1), 1: square(2, 3)},
                                                                     {2: square(5, 2)}))
    assert b.steps(0) == []


def test_culverin_shoots_as_it_is_moved_twice_a_turn():
    """50/24 Кулеврина орков: each move (2 a turn) comes with a shot 1-2-2, range 4, from the new
    square (a die of 4: 2 wounds)."""
    cul = machine("Culverin", *CULVERIN, life=7)
    a, c = card("A", life=8), card("C", life=8)
    b = start([cul, a, c], [card("Foe", life=10)],
              ({0: square(1, 2), 1: square(1, 1), 2: square(1, 3)}, {3: square(5, 2)}),
              dice=[4, 4], p1=Scripted(targets=(3,)))
    b.apply(Move(0, square(2, 2)))
    assert b.wounds[3] == 2
    b.apply(Move(0, square(2, 3)))
    assert b.wounds[3] == 4 and not b.open[1] and not b.open[2]
    assert b.steps(0) == []


def test_porters_reopen_after_closing_to_move_a_war_machine():
    """30/8 Орки-носильщики: when they close to move a war machine of their squad they may open
    (once a turn) and act again."""
    treb = machine("Trebuchet", *TREBUCHET)
    porters = card("Porters", life=8, abilities=facts(PORTERS))
    b = start([treb, porters], [card("Foe", life=10)], ({0: square(1, 2), 1: square(1, 1)},
                                                        {2: square(5, 2)}))
    b.apply(Move(0, square(2, 2)))
    assert b.open[1] and not b.acted[1]


def test_heuristic_hauls_the_culverin_for_its_free_shot_with_an_idle_ally():
    """The heuristic player moves the Кулеврина when an ally next to it has nothing better to do
    (the porters, which reopen, cost nothing): the move's shot lands on the enemy."""
    cul = machine("Culverin", *CULVERIN, life=7)
    porters = card("Porters", life=8, move=0, abilities=facts(PORTERS))
    p1 = HeuristicPlayer()
    b = start([cul, porters], [card("Foe", life=10)], ({0: square(1, 2), 1: square(1, 1)},
                                                       {2: square(4, 2)}), dice=[4] * 20, p1=p1)
    b.log = []
    p1.play_turn(b)
    hauls = [e for e in b.log if e.get("e") == "haul"]
    assert hauls and hauls[0]["u"] == 0 and hauls[0]["by"] == 1
    assert b.wounds[2] > 0


LORD = ('{ kind = "strike_again", cost = "trigger", trigger = "own_strike", target = "self", '
        'formation = true, uses_per_turn = 1 }')


def test_a_creature_holding_its_second_strike_cannot_close_to_move_a_war_machine():
    """40/30 Лорд войны after its first strike stays open for one more simple strike and nothing
    else (``strike_again``); closing to move 40/18 Требушет is another action, so the lord is no
    hauler then. Found by fuzzing: the machine's move was listed as legal, and carrying it out first
    cost the lord its pending strike and then found no hauler (IllegalAction)."""
    treb = machine("Trebuchet", *TREBUCHET)
    lord = card("Lord", strike=(2, 2, 2), life=13, move=2, abilities=facts(LORD))
    partner = card("Partner", life=10, formation=1)
    b = start([treb, lord, partner], [card("Foe", life=20)],
              ({0: square(1, 1), 1: P1_FRONT, 2: square(2, 3)}, {3: P2_FRONT}), dice=[4, 4])
    b.open[3] = False
    assert 1 in b._haulers(0) and b.steps(0)  # (before its strike the lord may close for it)
    b.apply(Strike(1, 3))
    assert b.again[1] == b.turn and b.open[1]
    assert 1 not in b._haulers(0) and b.steps(0) == []
    assert not any(isinstance(x, Move) and x.unit == 0 for x in b.legal_actions())
    b.apply(Strike(1, 3))                           # the second strike is still there
    assert not b.open[1]
