"""Set-60 square markers (``marks``; kinds in analysis.cards.abilities.MARKERS), with fixed dice and
hand-built positions, against the card texts of berserk-nxt 6f3af261 that define them: the fire wall
of 60/32 Алый пламевержец (concentration: a chosen square gets it; at the start of each opponent's
turn every card on it takes 2; its death removes its fire walls), 60/158 Камала (concentration: a
chosen square gets rot; heals 2 a dark creature of its squad moving onto rot, twice a turn), the
bonfire of 60/165 Отринувший свет (a free square at the opponent's turn start, until the end of that
turn; a square losing it gets rot) and 60/180 Магистр Шарль (the square of a creature it destroys
gets rot)."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

FIRE = '{ kind = "mark", marker = "fire_wall", cost = "trigger", trigger = "concentration" }'
SHOT = '{ kind = "shot", damage = [1], cost = "tap" }'


def _printing(code):
    from analysis.cards.table import load_cards

    return next(c for c in load_cards() if f"{c.set_id}/{c.number}" == code)


class Picks(Scripted):
    """Puts every marker it chooses on one square."""

    def __init__(self, sq, **kw):
        super().__init__(**kw)
        self.sq = sq

    def choose_square(self, battle, unit, marker, squares):
        return self.sq if self.sq in squares else squares[0]


def test_fire_wall_wounds_every_card_on_its_square_at_each_opponent_turn_start_and_stays():
    """60/32: concentration (end of the opponent's turn, unwounded) puts a fire wall on the chosen
    square; at the start of each opponent's turn every card standing there takes 2 (not at its
    owner's turn start); the wall stays and wounds whoever stands there then."""
    pyro = _printing("60/32")
    b = start([pyro, card("Mine")], [card("Foe", life=10, move=0), card("Walker", life=10, move=2)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: square(4, 1)}), p1=Picks(P2_FRONT))
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # the opponent's turn ends: concentration
    assert b.marks[P2_FRONT] == (("fire_wall", 0, 1),)
    assert b.wounds[2] == 0                            # its owner's turn start: nothing
    b.apply(END_TURN)
    assert b.wounds[2] == 2                            # the opponent's turn start: 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.wounds[2] == 4 and b.marks[P2_FRONT]     # again: the wall stays


def test_fire_walls_go_when_the_card_that_put_them_dies():
    """60/32: its death removes all its fire walls: no wall is left and no card is wounded at the
    next opponent turn start."""
    pyro = card("Pyro", life=1, type="flyer", abilities=facts(FIRE))
    gun = card("Shooter", strike=(1, 1, 1), life=10, move=0, abilities=facts(SHOT))
    b = start([pyro, card("Mine")], [gun, card("Other")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 1)}), dice=[1],
              p1=Picks(P2_FRONT))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.marks[P2_FRONT]
    b.apply(END_TURN)
    assert b.wounds[2] == 2
    b.apply(UseAbility(2, 0, (0,)))                    # the shooter kills it
    assert not b.alive[0] and b.marks[P2_FRONT] == ()
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.wounds[2] == 2


def test_kamala_concentration_rot_heals_a_dark_ally_entering_it_twice_a_turn():
    """60/158: concentration puts rot on the chosen square; a dark creature of its squad moving onto
    a rot square is healed 2 (2 times a turn); a non-dark one takes the rot's 2 and is not healed."""
    kamala = _printing("60/158")
    dark = card("Dark", life=10, move=3, elements=("darkness",))
    plain = card("Plain", life=10, move=3)
    rot = square(2, 3)
    b = start([kamala, dark, plain], [card("Foe"), card("Other")],
              ({0: P1_BACK, 1: square(1, 3), 2: square(1, 1)}, {3: P2_BACK, 4: square(5, 1)}),
              p1=Picks(rot))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.marks[rot] == (("rot", 0, 1),)
    b.wounds[1] = 5
    b.apply(Move(1, rot))                              # a dark ally onto the rot: healed 2
    assert b.wounds[1] == 3
    b.apply(Move(1, P1_FRONT))
    b.apply(Move(2, P1_MID))
    b.apply(Move(2, square(1, 3)))
    b.apply(Move(2, rot))                              # a non-dark one: the rot's 2, no heal
    assert b.wounds[2] == 2 and b.wounds[1] == 3


def test_kamala_heal_counts_two_per_turn():
    """60/158: "(2 раза за ход)": the third entry in a turn heals nothing."""
    kamala = _printing("60/158")
    dark = card("Dark", life=10, move=6, elements=("darkness",))
    rot = square(2, 3)
    b = start([kamala, dark], [card("Foe"), card("Other")],
              ({0: P1_BACK, 1: square(1, 3)}, {2: P2_BACK, 3: square(5, 1)}), p1=Picks(rot))
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.wounds[1] = 8
    for _ in range(3):
        b.apply(Move(1, rot))
        b.apply(Move(1, square(1, 3)))
    assert b.wounds[1] == 4


def test_bonfire_on_a_free_square_each_opponent_turn_turns_to_rot_when_it_goes():
    """60/165: at the opponent's turn start a free square gets its bonfire until the end of that
    turn (no text read gives the bonfire an effect of its own); when the square loses it, it gets
    rot: a non-dark creature stepping there later takes 2."""
    fallen = _printing("60/165")
    spot = square(3, 1)
    walker = card("Walker", life=10, move=2)
    b = start([fallen, card("Mine")], [walker, card("Other")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), p1=Picks(spot))
    b.apply(END_TURN)                                  # the opponent's turn begins: a bonfire
    assert b.marks[spot] == (("bonfire", 0, 1),)
    b.apply(END_TURN)                                  # it goes: rot instead
    assert b.marks[spot] == (("rot", 0, 1),)
    b.apply(END_TURN)
    b.apply(Move(2, square(3, 1)))
    assert b.wounds[2] == 2


def test_bonfire_only_on_a_free_square():
    """60/165: "свободная клетка": the squares offered hold no card."""
    fallen = _printing("60/165")
    seen = []

    class Looks(Scripted):
        def choose_square(self, battle, unit, marker, squares):
            seen.extend(squares)
            return squares[0]

    b = start([fallen, card("Mine")], [card("Foe"), card("Other")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), p1=Looks())
    b.apply(END_TURN)
    assert seen and not {P1_BACK, square(0, 1), P2_FRONT, square(5, 3)} & set(seen)


def test_charles_kill_leaves_rot_on_the_destroyed_creature_square():
    """60/180: the square of a creature it destroys gets a rot marker."""
    charles = _printing("60/180")
    b = start([charles, card("Mine")], [card("Victim", life=2), card("Other")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[6, 1])
    b.apply(Strike(0, 2))
    assert not b.alive[2] and b.marks[P2_FRONT] == (("rot", 0, 0),)


def test_heuristic_player_puts_the_fire_wall_on_the_weakest_enemy_card():
    """The heuristic player puts a fire wall on the square of the enemy card with the least life
    left, never on a square with its own card."""
    from analysis.battle.players import HeuristicPlayer

    pyro = _printing("60/32")
    b = start([pyro, card("Mine")], [card("Big", life=12), card("Small", life=4)],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT, 3: P2_BACK}))
    assert HeuristicPlayer().choose_square(b, 0, "fire_wall", list(range(30))) == P2_BACK


def test_swamp_phantom_simple_strikes_of_three_or_more_on_it_are_reduced_to_one():
    """60/115 Болотный фантом (incorporeal: simple strikes of 3 or more on it are reduced to 1;
    003 L1877: the value becomes 1 if it was greater): a strike of 4 deals 1, one of 2 deals 2."""
    phantom = _printing("60/115")
    b = start([card("Brute", strike=(4, 4, 4)), card("Mine")], [phantom, card("Other")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[6, 1])
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 1
    b = start([card("Weak", strike=(2, 2, 2)), card("Mine")], [phantom, card("Other")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[6, 1])
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 2


def test_min_power_is_only_for_caps_and_protections():
    import pytest

    from analysis.cards.abilities import parse_abilities
    from analysis.util.errors import BerserkInputError

    text = ('[[card]]\ncode = "60/115"\nname = "X"\nstatus = "full"\nabilities = [\n'
            '  { kind = "shot", damage = [1], cost = "tap", min_power = 3 },\n]\n')
    with pytest.raises(BerserkInputError):
        parse_abilities(text, "bad.toml")


def test_dark_minstrel_gains_extra_life_when_its_effect_wounds_an_unwounded_creature():
    """60/154 Тёмный менестрель: {tap} effect 1 on a creature; when its effect wounds another
    creature that had no wounds it gains 1 extra life (never above its life cap 9): +1 life
    after wounding an unwounded creature, nothing after wounding a wounded one."""
    minstrel = _printing("60/154")
    b = start([minstrel, card("Mine")], [card("Fresh", life=10), card("Hurt", life=10)],
              ({0: P1_MID, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}))
    life = b.life[0]
    b.apply(UseAbility(0, 1, (2,)))
    assert b.wounds[2] == 1 and b.life[0] == life + 1
    b = start([minstrel, card("Mine")], [card("Fresh", life=10), card("Hurt", life=10)],
              ({0: P1_MID, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}))
    b.wounds[2] = 2
    b.apply(UseAbility(0, 1, (2,)))
    assert b.wounds[2] == 3 and b.life[0] == life


def test_heuristic_minstrel_wounds_the_unwounded_creature_for_its_extra_life():
    """The heuristic player aims the minstrel's effect at an unwounded enemy creature (it then gains
    1 extra life) rather than at an equally sturdy wounded one."""
    from analysis.battle.players import HeuristicPlayer

    minstrel = _printing("60/154")
    b = start([minstrel, card("Mine")], [card("Hurt", life=10), card("Fresh", life=10)],
              ({0: P1_MID, 1: square(0, 1)}, {2: P2_FRONT, 3: P2_BACK}))
    b.wounds[2] = 2
    g, targets = HeuristicPlayer()._chain_use(b, 0, b.slots[0][1])
    assert targets == (3,)


def test_swamp_phantom_entering_an_enemy_square_wounds_it_at_the_end_of_its_next_turn():
    """60/115: when it moves onto an enemy creature's square, that creature takes 2 at the end of its
    own next turn unless it attacks the phantom that turn: the enemy takes 2 at
    the end of its own next turn (not at the end of the phantom's turn)."""
    phantom = _printing("60/115")
    b = start([phantom, card("Mine")], [card("Foe", life=10, strike=(1, 1, 1)), card("Other")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}))
    b.apply(Move(0, P2_FRONT))                         # onto the foe's square: it shares it
    assert b.doomed[2] == ((0, 2, 1, (), "", "wound"),)
    b.apply(Move(0, square(3, 1)))                     # (off it again, onto a free square)
    b.apply(END_TURN)
    assert b.wounds[2] == 0
    b.apply(END_TURN)                                  # the foe's turn ends: it did not attack
    assert b.wounds[2] == 2 and b.doomed[2] == ()


def test_swamp_phantom_curse_lifted_when_the_enemy_attacks_it_that_turn():
    """60/115: an enemy that attacks the phantom during its next turn takes nothing (a strike of 1
    on it still wounds the phantom 1)."""
    phantom = _printing("60/115")
    b = start([phantom, card("Mine")], [card("Foe", life=10, strike=(1, 1, 1)), card("Other")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[6, 1])
    b.apply(Move(0, P2_FRONT))
    b.apply(Move(0, square(3, 1)))
    b.apply(END_TURN)
    b.apply(Strike(2, 0))                              # the foe attacks the phantom next to it
    b.apply(END_TURN)
    assert b.wounds[2] == 0 and b.doomed[2] == ()


def test_charles_lets_a_creature_of_its_squad_incarnate_open_on_a_rot_square_removing_it():
    """60/180: its creatures may return by incarnation open on a square with rot in any row (the
    enemy's half too); that square loses the rot, and the creature takes no rot wounds."""
    charles = _printing("60/180")
    reborn = card("Reborn", life=1, move=1, abilities=facts('{ kind = "incarnation", damage = [1] }'))
    gun = card("Shooter", strike=(1, 1, 1), life=10, move=0, abilities=facts(SHOT))
    b = start([charles, reborn], [card("Victim", life=2), gun],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[6, 1])
    b.apply(Strike(0, 2))                              # its kill leaves rot on P2_FRONT
    assert b.marks[P2_FRONT] == (("rot", 0, 0),)
    b.apply(END_TURN)
    b.apply(UseAbility(3, 0, (1,)))                    # the shooter kills the reborn one
    assert not b.alive[1]
    b.apply(END_TURN)                                  # its owner's turn: incarnation 1
    assert b.alive[1] and b.pos[1] == P2_FRONT and b.open[1] and not b.acted[1]
    assert b.marks[P2_FRONT] == () and b.wounds[1] == 0


def test_heuristic_player_incarnates_on_the_rot_square_next_to_most_enemies():
    from analysis.battle.players import HeuristicPlayer

    charles = _printing("60/180")
    b = start([charles, card("Mine")], [card("Foe"), card("Other")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: P2_BACK}))
    near, far = square(3, 1), square(1, 0)
    assert HeuristicPlayer().choose_square(b, 1, "incarnate", [far, near]) == near


def test_zhagna_death_leaves_rot_on_its_square_and_wounds_the_creatures_next_to_it():
    """60/152 Жагна: on its death its square gets a rot marker and every creature next to that
    square takes 1."""
    zhagna = _printing("60/152")
    b = start([card("Hitter", strike=(6, 6, 6)), card("Mine")], [zhagna, card("Near", life=5)],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(3, 1)}), dice=[6, 1])
    b.apply(Strike(0, 2))
    assert not b.alive[2] and b.marks[P2_FRONT] == (("rot", 2, 0),)
    assert b.wounds[3] == 1 and b.wounds[0] == 1


def test_phantom_legion_strikes_through_a_row_from_the_square_of_the_creature_it_enters():
    """60/153 Призрачный легион (incorporeal): when it moves onto a square a creature holds it may
    declare a strike through a row 1 — from that square (at the card beyond the next one), not on
    the creature it shares the square with."""
    legion = _printing("60/153")
    b = start([legion, card("Mine")], [card("Holder", life=10), card("Far", life=10)],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: P2_BACK}))
    b.apply(Move(0, P2_FRONT))
    assert b.wounds[3] == 1 and b.wounds[2] == 0 and b.alive[0]


def test_heuristic_player_puts_rot_next_to_enemies_it_does_not_spare():
    """Rot spares dark creatures: the heuristic player puts it (60/158's concentration, 60/165's
    bonfire that turns to rot) next to a non-dark enemy that can step rather than a dark one."""
    from analysis.battle.players import HeuristicPlayer

    kamala = _printing("60/158")
    b = start([kamala, card("Mine")], [card("Dark", move=1, elements=("darkness",)), card("Plain", move=1)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: square(3, 1), 3: square(3, 3)}))
    free = [square(2, 1), square(2, 3)]
    assert HeuristicPlayer().choose_square(b, 0, "rot", free) == square(2, 3)
    assert HeuristicPlayer().choose_square(b, 0, "bonfire", free) == square(2, 3)


def test_kamala_does_not_spend_a_heal_on_an_unwounded_creature():
    """60/158's heal is optional ("may"): an unwounded dark creature entering rot uses none of the
    two heals of the turn."""
    kamala = _printing("60/158")
    dark = card("Dark", life=10, move=6, elements=("darkness",))
    rot = square(2, 3)
    b = start([kamala, dark], [card("Foe"), card("Other")],
              ({0: P1_BACK, 1: square(1, 3)}, {2: P2_BACK, 3: square(5, 1)}), p1=Picks(rot))
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(Move(1, rot))                              # unwounded: nothing spent
    b.apply(Move(1, square(1, 3)))
    b.wounds[1] = 6
    for _ in range(2):
        b.apply(Move(1, rot))
        b.apply(Move(1, square(1, 3)))
    assert b.wounds[1] == 2
