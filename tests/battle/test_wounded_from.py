"""Trigger conditions: ``from`` on the ``wounded`` triggers — only wounds from those attacks set
them off (20/86 Рузарх "когда получает раны от ближнего удара существа противника", 60/39 Ратник
хирда "от немагической атаки", 60/135 Гигантская каракатица "когда получает раны от {strike}") —
and a ``move`` trigger's ``when`` read after the step. Fixed dice."""

from __future__ import annotations

from analysis.battle import Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

INK = facts('{ kind = "stun", cost = "trigger", trigger = "wounded", from = ["simple"], uses_per_turn = 1, '
            'via = "effect" }')


def test_the_real_printings_carry_the_field():
    book = load_abilities()
    assert book["20/86"].status == "full" and book["60/39"].status == "full"
    assert [a.applies_to for a in book["60/135"].abilities if a.kind == "stun" and a.trigger == "wounded"] \
        == [("simple",)]


def test_wounds_from_a_simple_strike_set_it_off_a_shot_does_not():
    """60/135: the attacker that wounded it by a simple strike does not open next turn; a shot's
    wounds leave the shooter alone."""
    cuttle = card("Cuttle", strike=(1, 1, 1), life=12, abilities=INK)
    hitter = card("Hitter", strike=(2, 2, 2), life=9)
    shooter = card("Shooter", strike=(1, 1, 1), life=9,
                   abilities=facts('{ kind = "shot", damage = [1], cost = "tap" }'))
    b = start([hitter, shooter], [cuttle, card("Back")],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}), dice=[6] * 20)
    b.apply(UseAbility(1, 0, (2,)))
    assert b.wounds[2] == 1 and b.stunned[1] == 0
    b.open[2] = False                                 # closed: the strike hits (000 4.2)
    b.apply(Strike(0, 2))
    assert b.wounds[2] > 1 and b.stunned[0]


def test_a_move_trigger_reads_the_square_it_stepped_onto():
    """50/77 Антар: "при движении на клетку рядом с существом противника — метание на 1, дальность
    3": a step next to an enemy creature throws, a step elsewhere does not."""
    antar = card("Antar", move=2, abilities=facts(
        '{ kind = "throw", damage = [1], range = 3, cost = "trigger", trigger = "move", '
        'when = "adjacent_enemy" }'))
    b = start([antar], [card("Foe", life=9), card("Back", life=9)],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}))
    b.apply(Move(0, square(1, 2)))                    # row 1: no enemy next to it
    assert b.wounds[1] + b.wounds[2] == 0
    b.apply(Move(0, square(2, 2)))                    # row 2: next to the foe in row 3
    assert b.wounds[1] + b.wounds[2] == 1
