"""Rules-audit fixes of issue 19 item 5, each against its rulebook passage or card text (002 = the
Russian glossary): regeneration and poisoning skip a creature a stun kept closed; a standing fact
with ``vs_state`` covers every attack its ``from`` names; a plain "ранить" after a prophecy is no
effect (fortitude does not stop it)."""

from __future__ import annotations

from analysis.battle import END_TURN, UseAbility
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

STUN = '{ kind = "stun", cost = "tap" }'


def _stunner():
    return card("Stunner", strike=(1, 1, 1), life=10, abilities=facts(STUN))


def test_a_stunned_creature_neither_regenerates_nor_takes_its_poisoning():
    """002 "Регенерация" / "Отравление": they fire at the start of its turn only if the creature is
    open; one that did not open (a stun kept it closed) is not healed nor wounded by poison."""
    troll = card("Troll", life=10, regeneration=2)
    victim = card("Victim", life=10)
    b = start([_stunner()], [troll, victim], ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}))
    b.wounds[1] = 4
    b.poison[2] = 2
    b.apply(UseAbility(0, 0, (1,)))
    b.stunned[2] = True                        # the second one is stunned as well
    b.apply(END_TURN)                          # their turn: both stay closed
    assert not b.open[1] and not b.open[2]
    assert b.wounds[1] == 4 and b.wounds[2] == 0
    b.apply(END_TURN)
    b.apply(END_TURN)                          # their next turn: they open, regenerate, are poisoned
    assert b.open[1] and b.wounds[1] == 2 and b.wounds[2] == 2


def test_a_vs_state_reduction_covers_shots_not_only_simple_strikes():
    """30/148 Чёрный рыцарь: −2 from the non-magic attacks of cursed creatures — a shot of a cursed
    creature is reduced too; an uncursed one's is not; a discharge (magical) is not."""
    knight = card("Knight", life=12, abilities=facts(
        '{ kind = "reduce", damage = [2], from = ["nonmagic"], vs_state = "cursed" }'))
    cursed = card("Cursed", strike=(1, 1, 1), abilities=facts(
        '{ kind = "shot", damage = [3], cost = "tap" }', '{ kind = "curse" }'))
    plain = card("Plain", strike=(1, 1, 1), abilities=facts('{ kind = "shot", damage = [3], cost = "tap" }'))
    mage = card("Mage", strike=(1, 1, 1), abilities=facts(
        '{ kind = "discharge", damage = [3], cost = "tap" }', '{ kind = "curse" }'))
    b = start([cursed, plain, mage], [knight], ({0: P1_BACK, 1: square_of(0, 1), 2: square_of(0, 3)},
                                                  {3: P2_BACK}))
    b.apply(UseAbility(0, 0, (3,)))
    assert b.wounds[3] == 1
    b.apply(UseAbility(1, 0, (3,)))
    assert b.wounds[3] == 4
    b.apply(UseAbility(2, 0, (3,)))
    assert b.wounds[3] == 7


def test_the_real_black_knight_and_renegade_minotaur_facts():
    """The sample-deck printings carry the fact the engine now plays for every attack."""
    book = load_abilities()
    assert any(a.kind == "reduce" and a.vs_state == "cursed" and "nonmagic" in a.applies_to
               for a in book["30/148"].abilities)
    assert any(a.kind == "reduce" and a.vs_state == "cursed" and "ranged" in a.applies_to
               for a in book["30/152"].abilities)


def test_the_prophecy_wound_of_the_swamp_queen_is_not_an_effect():
    """10/130 Королева топи: its tap wound after a prophecy is neither a spell nor an effect, so a
    creature with fortitude (no wounds from the opponent's effects) takes it."""
    queen_fact = load_abilities()["10/130"].abilities[0]
    assert queen_fact.kind == "wound"
    queen = card("Queen", strike=(1, 1, 1), abilities=facts('{ kind = "wound", damage = [1], cost = "tap" }'))
    stout = card("Stout", life=10, fortitude=1)
    b = start([queen], [stout], ({0: P1_FRONT}, {1: P2_BACK}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 1
    imp = card("Imp", strike=(1, 1, 1), abilities=facts('{ kind = "effect", damage = [1], cost = "tap" }'))
    b = start([imp], [stout], ({0: P1_FRONT}, {1: P2_BACK}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 0


def square_of(row: int, col: int) -> int:
    from analysis.battle.board import square

    return square(row, col)
