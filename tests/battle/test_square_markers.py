"""Markers on board squares (``marks``; kinds in analysis.cards.abilities.MARKERS), with fixed dice
and hand-built positions, against the card texts that define them: the rot marker (гниль: "when a
non-dark creature moves onto a square with a rot marker, wound it 2" — the reminder text of 30/145
Аранта and 50/163 Воин великой тьмы) and the bomb (10/22 Орк-бомбардир: "at the start of your next
turn every card on that square takes 2", effect "взрыв")."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P1_MID, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

ROT = '{ kind = "mark", marker = "rot", cost = "trigger", trigger = "creature_dies", when_state = "cursed" }'
CURSED = '{ kind = "curse" }'


def _printing(code):
    from analysis.cards.table import load_cards

    return next(c for c in load_cards() if f"{c.set_id}/{c.number}" == code)


def test_rot_marker_on_the_square_of_a_dying_cursed_creature_wounds_non_dark_creatures_entering():
    """30/145 Аранта: when a cursed creature dies its freed square gets a rot marker; a non-dark
    creature moving onto it takes 2, a dark one nothing; the marker stays."""
    aranta = card("Aranta", life=9, elements=("darkness",), abilities=facts(ROT))
    victim = card("Victim", life=2, abilities=facts(CURSED))
    walker = card("Walker", life=8, move=3)
    dark = card("Dark walker", life=8, move=2, elements=("darkness",))
    b = start([card("Hitter", strike=(3, 3, 3)), aranta, walker, dark], [victim, card("Foe")],
              ({0: P1_FRONT, 1: square(0, 1), 2: square(2, 3), 3: square(2, 1)},
               {4: P2_FRONT, 5: square(5, 1)}), dice=[6, 1])
    b.apply(Strike(0, 4))
    assert not b.alive[4] and b.marks[P2_FRONT] == (("rot", 1, 0),)
    b.apply(Move(2, square(3, 3)))
    b.apply(Move(2, P2_FRONT))                         # the walker steps onto the rot
    assert b.wounds[2] == 2
    b.apply(Move(2, square(3, 3)))
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(Move(3, square(3, 1)))
    b.apply(Move(3, P2_FRONT))                         # a dark creature: spared
    assert b.wounds[3] == 0 and b.marks[P2_FRONT]     # (and the marker stays)


def test_rot_marker_needs_a_cursed_victim_and_fortitude_blocks_it():
    """No marker for an uncursed creature's death; fortitude (no wounds from effects) blocks the
    rot's wounds (000 glossary "Effect")."""
    aranta = card("Aranta", life=9, elements=("darkness",), abilities=facts(ROT))
    b = start([card("Hitter", strike=(3, 3, 3)), aranta], [card("Plain", life=2), card("Foe")],
              ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT, 3: square(5, 1)}), dice=[6, 1])
    b.apply(Strike(0, 2))
    assert not b.alive[2] and b.marks[P2_FRONT] == ()
    b = start([card("Hitter", strike=(3, 3, 3)), aranta, card("Stout", move=2, fortitude=1)],
              [card("Victim", life=2, abilities=facts(CURSED)), card("Foe")],
              ({0: P1_FRONT, 1: P1_MID, 2: square(2, 3)}, {3: P2_FRONT, 4: square(5, 1)}), dice=[6, 1])
    b.apply(Strike(0, 3))
    b.apply(Move(2, square(3, 3)))
    b.apply(Move(2, P2_FRONT))
    assert b.marks[P2_FRONT] and b.wounds[2] == 0


def test_bomb_explodes_on_every_card_of_the_square_at_the_start_of_its_owner_next_turn():
    """10/22 Орк-бомбардир: throw 1 (range 3) at a card on a square; at the start of its owner's
    next turn every card on that square takes 2 (the bomb then is gone): the card that stands
    there then, not the one first thrown at."""
    bomber = _printing("10/22")
    b = start([bomber, card("Other")], [card("Foe", life=10, move=1), card("Back", move=2)],
              ({0: P1_MID, 1: square(1, 1)}, {2: P2_FRONT, 3: square(4, 1)}), dice=[1])
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 1 and b.marks[P2_FRONT] == (("bomb", 0, 0),)
    b.apply(END_TURN)
    assert b.wounds[2] == 1                            # not at the opponent's turn start
    b.apply(Move(2, square(3, 1)))
    b.apply(Move(3, square(4, 2)))
    b.apply(Move(3, P2_FRONT))                         # another card stands there now
    b.apply(END_TURN)
    assert b.wounds[3] == 2 and b.wounds[2] == 1 and b.marks[P2_FRONT] == ()


def test_ambush_square_fights_an_enemy_moving_onto_it_without_closing():
    """30/12 Дозорный Аль-Джамии: at the start of the opponent's turn its player chooses a square
    until the end of that turn; when an enemy creature moves onto it, the watchman fights it with
    its simple strike as with an open card, without closing (the creature strikes back)."""
    watch = _printing("30/12")
    foe = card("Foe", life=10, strike=(1, 1, 1), move=2)

    class Picks(Scripted):
        def choose_square(self, battle, unit, marker, squares):
            return square(2, 2)

    b = start([foe, card("Back")], [watch, card("Guard")],
              ({0: P1_MID, 1: square(1, 1)}, {2: square(5, 2), 3: square(5, 1)}),
              dice=[6, 1], p2=Picks())
    b.apply(END_TURN)                                  # the watchman's turn: nothing
    b.apply(END_TURN)                                  # the opponent's turn begins: it picks
    assert b.marks[square(2, 2)] == (("ambush", 2, 2),)
    open_before = b.open[2]
    b.apply(Move(0, square(2, 2)))                     # the foe steps onto the ambush
    assert b.wounds[0] == 3 and b.open[2] == open_before and b.alive[0]
    b.apply(Move(0, square(3, 2)))                     # off it: nothing more
    assert b.wounds[0] == 3
    b.apply(END_TURN)
    assert b.marks[square(2, 2)] == ()                 # gone at the end of that turn


def test_heuristic_player_ambushes_the_square_an_enemy_will_step_onto():
    """The heuristic player puts the ambush on the free square next to the most enemy ground
    creatures that can move."""
    from analysis.battle.players import HeuristicPlayer

    watch = _printing("30/12")
    b = start([card("Foe", move=1), card("Back", move=0)], [watch, card("Guard")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: square(5, 2), 3: square(5, 1)}))
    sq = HeuristicPlayer().choose_square(b, 2, "ambush", list(range(30)))
    assert sq in (square(3, 2), square(2, 1), square(2, 3), square(1, 2))   # next to the foe
    assert sq == square(3, 2)                         # towards the watchman's side


ROT_SELF = '{ kind = "mark", marker = "rot", cost = "trigger", trigger = "death", self_state = "cursed" }'


def test_aranta_dying_cursed_leaves_rot_on_her_own_square():
    """30/145 Аранта: «при гибели существа с проклятием» covers her own death — dying with a curse
    she leaves a rot marker on the square she held; dying without one, none."""
    for cursed, marks in ((True, (("rot", 2, 0),)), (False, ())):
        extra = (CURSED,) if cursed else ()
        aranta = card("Aranta", life=2, elements=("darkness",), abilities=facts(ROT, ROT_SELF, *extra))
        b = start([card("Hitter", strike=(3, 3, 3)), card("Foe")], [aranta, card("Other")],
                  ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT, 3: square(5, 1)}), dice=[6, 1])
        b.apply(Strike(0, 2))
        assert not b.alive[2] and b.marks[P2_FRONT] == marks
