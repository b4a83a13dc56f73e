"""Teleportation: a ``teleportation`` fact (000 3.15: "Teleportation is made to any
unoccupied square of the battlefield … if the creature has not yet moved in its turn. After a
jump (teleportation) the card loses all units of movement"; glossary "Teleportation": a jump
without a range limit). Fixed positions and dice."""

from __future__ import annotations

from analysis.battle import Move
from analysis.battle.board import square
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

FAR = square(4, 0)                                     # the enemy half, four rows and two columns away


def test_the_real_printings_carry_the_fact():
    book = load_abilities()
    for code in ("50/151", "50/168", "60/171", "60/176", "60/181"):
        assert any(a.kind == "teleportation" for a in book[code].abilities), code
    assert book["60/99"].status == "full"
    assert [a.trigger for a in book["60/176"].abilities if a.kind == "shot"] == ["teleports"]


def test_teleportation_reaches_any_free_square_and_spends_the_movement():
    demon = card("Demon", move=2, abilities=facts('{ kind = "teleportation" }'))
    b = start([demon], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    assert FAR in b.steps(0) and square(5, 0) in b.steps(0) and P2_BACK not in b.steps(0)
    b.apply(Move(0, FAR))
    assert b.pos[0] == FAR and b.moves[0] == 0 and b.steps(0) == []


def test_no_teleportation_after_a_step_and_only_in_formation_when_the_text_says_so():
    """000 3.15: only if it has not moved yet; 50/156 "Строй: Телепортация"."""
    demon = card("Demon", move=2, abilities=facts('{ kind = "teleportation" }'))
    b = start([demon], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(Move(0, P1_MID))
    assert FAR not in b.steps(0)
    bomber = card("Bomber", abilities=facts('{ kind = "teleportation", formation = true }'))
    alone = start([bomber], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    assert FAR not in alone.steps(0)
    mate = card("Mate", formation=1)
    together = start([bomber, mate], [card("Foe", life=10), card("F2")],
                     ({0: P1_BACK, 1: P1_MID}, {2: P2_FRONT, 3: P2_BACK}))
    assert FAR in together.steps(0)


def test_a_teleport_sets_off_its_teleports_trigger():
    """60/176 Файзер: "При телепортации — выстрел на 1, дальность 3"."""
    faizer = card("Faizer", abilities=facts('{ kind = "teleportation" }',
                                             '{ kind = "shot", damage = [1], range = 3, cost = "trigger", '
                                             'trigger = "teleports" }'))
    b = start([faizer], [card("Foe", life=10), card("Back", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6] * 5)
    b.apply(Move(0, square(3, 0)))
    assert b.wounds[1] + b.wounds[2] == 1
