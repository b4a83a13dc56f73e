"""Triggers and the ``shield`` kind added for the sample decks' last unmodelled cards, with fixed
dice and hand-built positions, each against its rulebook passage (000 = the classic rulebook,
glossary entries in quotes): ``enemy_turn_start`` and ``move`` (each step) triggers, a squad's
shield from non-magic wounds, ``creature_dies`` / ``ally_dies`` with ``when_state``, and
``squad_wounded`` with ``when_keyword`` and ``once_per_card``."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Move, UseAbility
from analysis.battle.board import square
from analysis.cards.abilities import parse_abilities
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P2_BACK, facts, start
from tests.battle_helpers import Scripted, card

SHOT_2 = '{ kind = "shot", damage = [2], cost = "tap" }'
BOLT_2 = '{ kind = "discharge", damage = [2], cost = "tap" }'


def archer(name="Archer", ability=SHOT_2):
    return card(name, strike=(1, 1, 1), life=10, abilities=facts(ability))


def test_shield_at_the_enemy_turn_start_stops_the_next_non_magic_wound():
    """``enemy_turn_start`` fires when the opponent's turn begins (000 glossary "Triggered ability");
    the shield stops the next non-magic wound to a card of its squad (a protection, 000 2.8: no
    wounds); a discharge is magical and is not stopped; the shield ends with that turn."""
    jamia = card("Jamia", life=10, abilities=facts(
        '{ kind = "shield", damage = [1], cost = "trigger", trigger = "enemy_turn_start" }'))
    ally = card("Ally", life=10)
    b = start([jamia, ally], [archer(), archer("Mage", BOLT_2), archer("Second")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1), 4: square(5, 3)}))
    assert b.shield == [0, 0]                 # not on its own turn
    b.apply(END_TURN)
    assert b.shield == [1, 0]
    b.apply(UseAbility(3, 0, (1,)))            # discharge: magical, not stopped
    assert b.wounds[1] == 2 and b.shield == [1, 0]
    b.apply(UseAbility(2, 0, (1,)))            # shot 2: one wound stopped
    assert b.wounds[1] == 3 and b.shield == [0, 0]
    b.apply(UseAbility(4, 0, (0,)))            # the shield is spent
    assert b.wounds[0] == 2


def test_shield_per_step_up_to_three_lasts_through_the_next_enemy_turn():
    """``move`` fires after each step (``uses_per_turn = 3`` caps it); the shield gathered on its
    own turn covers the next enemy turn only, then is gone."""
    drover = card("Drover", life=10, move=4, abilities=facts(
        '{ kind = "shield", damage = [1], cost = "trigger", trigger = "move", uses_per_turn = 3 }'))
    b = start([drover], [archer()], ({0: P1_BACK}, {1: P2_BACK}))
    for col in (1, 0):
        b.apply(Move(0, square(0, col)))
    assert b.shield == [2, 0]
    b.apply(Move(0, square(1, 0)))
    b.apply(Move(0, square(2, 0)))
    assert b.shield == [3, 0]                 # four steps, at most three
    b.apply(END_TURN)
    assert b.shield == [3, 0]
    b.apply(UseAbility(1, 0, (0,)))            # shot 2: both stopped
    assert b.wounds[0] == 0 and b.shield == [1, 0]
    b.apply(END_TURN)
    assert b.shield == [0, 0]                 # the enemy turn it covered is over


def test_a_cursed_creature_dying_blesses_a_creature_once_per_turn():
    """``creature_dies`` with ``when_state = "cursed"``: when another creature of either squad dies
    cursed, a creature becomes blessed (000 glossary "Blessing"); ``uses_per_turn = 1``; a creature
    dying without a curse triggers nothing."""
    knight = card("Knight", life=10, abilities=facts(
        '{ kind = "give_blessing", cost = "trigger", trigger = "creature_dies", when_state = "cursed", '
        'target = "any", uses_per_turn = 1 }'))
    cursed = '{ kind = "curse" }'
    foes = [card("Doomed", life=1, abilities=facts(cursed)), card("Plain", life=1),
            card("Doomed2", life=1, abilities=facts(cursed))]
    b = start([knight, archer(), archer("Second")], foes,
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)},
               {3: P2_BACK, 4: square(5, 1), 5: square(5, 3)}),
              p1=Scripted(targets=(0,)))
    key = b.key[0]
    b.apply(UseAbility(1, 0, (4,)))            # the plain one dies: nothing
    assert b.key[0] == key
    b.apply(UseAbility(2, 0, (3,)))            # the cursed one dies: the knight is blessed
    assert b.key[0] != key
    assert b._in_state(0, "blessed")


def test_ally_dies_fires_only_for_its_own_squad():
    """``ally_dies``: another creature of its squad dies (an enemy's death does not count)."""
    mourner = card("Mourner", life=10, abilities=facts(
        '{ kind = "gain_counter", damage = [1], cost = "trigger", trigger = "ally_dies" }'))
    b = start([mourner, card("Weak", life=1), archer()], [card("Foe", life=1), archer("Enemy")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK, 4: square(5, 1)}))
    b.apply(UseAbility(2, 0, (3,)))
    assert b.counters[0] == 0
    b.apply(END_TURN)
    b.apply(UseAbility(4, 0, (1,)))
    assert b.counters[0] == 1


def test_discharge_at_whoever_wounds_a_concentrating_creature_first_each_turn():
    """``squad_wounded`` (any card of its squad, itself included) with ``when_keyword =
    "concentration"`` and ``once_per_card``: a discharge 1 at the attacker, the first time in a turn
    each such creature is wounded by an enemy attack; none for a creature without the keyword."""
    dragon = card("Dragon", life=11, abilities=facts(
        '{ kind = "discharge", damage = [1], cost = "trigger", trigger = "squad_wounded", '
        'when_keyword = "concentration", once_per_card = true, uses_per_turn = 2 }'), concentration=1)
    focus = card("Focus", life=10, concentration=1)
    plain = card("Plain", life=10)
    b = start([dragon, focus, plain], [archer("A"), archer("B"), archer("C")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK, 4: square(5, 1),
                                                                  5: square(5, 3)}))
    b.apply(END_TURN)
    b.apply(UseAbility(3, 0, (2,)))            # a creature without concentration: nothing
    assert b.wounds[3] == 0
    b.apply(UseAbility(4, 0, (1,)))            # the focused one, first time: discharge at B
    assert b.wounds[4] == 1
    b.apply(UseAbility(5, 0, (1,)))            # the same creature again this turn: nothing
    assert b.wounds[5] == 0


def test_shield_and_when_fields_in_the_description():
    text = ('[[card]]\ncode = "40/27"\nname = "X"\nstatus = "full"\nabilities = [\n'
            '  { kind = "shield", damage = [1], cost = "trigger", trigger = "move", uses_per_turn = 3 },\n'
            '  { kind = "discharge", damage = [1], cost = "trigger", trigger = "squad_wounded", '
            'when_keyword = "concentration", once_per_card = true },\n]\n')
    first, second = parse_abilities(text, "t.toml")[0].abilities
    assert first.describe() == "Shields its squad from non-magic wounds: 1, 3× per turn — on move"
    assert "when it has concentration" in second.describe() and second.conditional


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        ('{ kind = "shield", damage = [1, 2, 3], cost = "trigger", trigger = "move" }', "damage"),
        ('{ kind = "shield", damage = [1], cost = "tap" }', "cost"),
        ('{ kind = "heal", damage = [1], cost = "trigger", trigger = "ally_dies", when_state = "sad" }',
         "when_state"),
        ('{ kind = "shot", damage = [1], cost = "trigger", trigger = "wounded", when_keyword = "wings" }',
         "when_keyword"),
        ('{ kind = "shot", damage = [1], cost = "trigger", trigger = "death", once_per_card = true }',
         "once_per_card"),
        ('{ kind = "shot", damage = [1], cost = "trigger", trigger = "wounded", once_per_card = 1 }',
         "once_per_card"),
    ],
)
def test_bad_new_fields_name_file_line_and_field(ability, field):
    text = f'[[card]]\ncode = "40/168"\nname = "X"\nstatus = "full"\nabilities = [\n  {ability},\n]\n'
    with pytest.raises(BerserkInputError) as err:
        parse_abilities(text, "bad.toml")
    assert "bad.toml line 6 " in str(err.value) and f"field {field!r}" in str(err.value)
