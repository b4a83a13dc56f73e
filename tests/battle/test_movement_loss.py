"""A negative movement grant: ``keyword = "move"`` with ``damage = [-n]`` ("получает −1 к {move}",
50/114 Вилия: "при {strike} атакованный получает −1 к {move} до конца хода противника"; 60/197
Рейтар, 60/129 Живоглот on themselves). Fixed dice."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

VILIA = facts('{ kind = "keyword", keyword = "move", damage = [-1], cost = "trigger", trigger = "strike", '
              'target = "enemy", lasts = "own_turn" }')


def test_the_real_printings_carry_the_fact():
    book = load_abilities()
    assert book["50/114"].status == "full" and book["60/197"].status == "full"
    assert any(a.keyword == "move" and a.damage == (-1,) for a in book["60/129"].abilities)


def test_the_struck_creature_has_one_movement_less_in_its_next_turn_only():
    vilia = card("Vilia", strike=(1, 2, 2), life=7, abilities=VILIA)
    foe = card("Foe", life=10, move=2)
    b = start([vilia, card("Back")], [foe, card("F2")],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}), dice=[6] * 10)
    b.open[2] = False                                 # closed: the strike hits (000 4.2)
    b.apply(Strike(0, 2))
    assert b.wounds[2] > 0
    b.apply(END_TURN)                                 # the opponent's turn: one step instead of two
    assert b.active == 1 and b.moves[2] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)                                 # its next turn: the grant has gone
    assert b.active == 1 and b.moves[2] == 2
