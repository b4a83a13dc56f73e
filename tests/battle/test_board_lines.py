"""The board (issue 19, wave 2, F5): rows, columns and markers read by conditions and areas, with
fixed dice and hand-built positions, against the card texts that define them — 40/62 Йети's lair
(``mark`` at ``battle_start`` on its own square; ``when = "marker_column"`` / ``"marker_row"``),
40/67 Балеог (``vs_position = "other_column"``), 40/121 Водяница (``when = "back_rows"``) and 40/33
Магистр пламени (trigger ``opens``, ``area = "lines"``)."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card


def _printing(code):
    from analysis.cards.table import load_cards

    return next(c for c in load_cards() if f"{c.set_id}/{c.number}" == code)


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


SHOT2 = '{ kind = "shot", damage = [2], cost = "tap" }'


def test_lair_marks_its_square_at_battle_start_and_gives_the_column_bonus():
    """40/62 Йети: "at the start of the battle the square it stands on gets a lair marker; +1 to its
    strike while it stands in one column with your lair": the marker is put on its own square; in
    the lair's column its weak strike 2 deals 3, out of it 2."""
    yeti = _printing("40/62")
    b = start([yeti], [card("Opposite", life=20), card("Aside", life=20)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1, 1])
    assert b.marks[P1_FRONT] == (("lair", 0, 0),)
    b.open[1] = b.open[2] = False
    b.apply(Strike(0, 1))                       # the lair's column: weak 2 + 1
    assert b.wounds[1] == 3
    b2 = start([yeti], [card("Opposite", life=20), card("Aside", life=20)],
               ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1])
    b2.open[1] = b2.open[2] = False
    b2.apply(Move(0, square(2, 1)))             # another column (still the lair's row)
    b2.apply(Strike(0, 2))
    assert b2.wounds[2] == 2 and b2.marks[P1_FRONT]   # (the marker stays where it was put)


def test_lair_row_reduces_nonmagic_attacks_and_only_your_own_lair_counts():
    """40/62 Йети: "−1 from non-magic attacks while it stands in one row with your lair": an enemy
    shot 2 deals it 1 in the lair's row, 2 once it stands in another row; a lair of the opponent's
    squad is not "yours"."""
    yeti = _printing("40/62")
    shooter = unit("Shooter", SHOT2, life=10)
    b = start([yeti], [shooter], ({0: P1_MID}, {1: square(5, 1)}))
    b.apply(END_TURN)
    b.apply(UseAbility(1, 0, (0,)))
    assert b.wounds[0] == 1
    b = start([yeti], [shooter], ({0: P1_MID}, {1: square(5, 1)}))
    b._place_on(0, P1_MID, P1_BACK)             # (as if it had walked back a row)
    b._situate()
    b.apply(END_TURN)
    b.apply(UseAbility(1, 0, (0,)))
    assert b.wounds[0] == 2
    b = start([yeti], [shooter], ({0: P1_MID}, {1: square(5, 1)}))
    b.marks[P1_MID] = (("lair", 1, 0),)          # (the opponent's lair instead of its own)
    b._situate()
    b.apply(END_TURN)
    b.apply(UseAbility(1, 0, (0,)))
    assert b.wounds[0] == 2


def test_other_column_protection_from_attacks():
    """40/67 Балеог: "takes no wounds from attacks of cards standing in other columns": a shot from
    another column and a diagonal strike deal nothing; a shot along its own column wounds it."""
    baleog = unit("Baleog", '{ kind = "protection", from = ["attacks"], vs_position = "other_column" }',
                  life=12)
    side, line = unit("Side", SHOT2, life=10), unit("Line", SHOT2, life=10)
    b = start([baleog], [side, line], ({0: P1_MID}, {1: square(5, 1), 2: square(5, 2)}))
    b.apply(END_TURN)
    b.apply(UseAbility(1, 0, (0,)))
    assert b.wounds[0] == 0
    b.apply(UseAbility(2, 0, (0,)))
    assert b.wounds[0] == 2
    hitter = card("Hitter", strike=(3, 3, 3), life=10)
    b = start([hitter], [baleog], ({0: square(2, 1)}, {1: P2_FRONT}), dice=[6, 1])
    b.apply(Strike(0, 1))                       # diagonal: another column
    assert b.wounds[1] == 0


def test_back_rows_directed_and_third_row_reduction():
    """40/121 Водяница: "{direct} while in the 2nd or 3rd row; −1 from attacks while in the 3rd row"
    — its own rows: directed in its 2nd row, not in its 1st; a shot 2 deals 1 in its 3rd row."""
    maid = _printing("40/121")
    b = start([maid], [card("Foe")], ({0: P1_MID}, {1: P2_FRONT}))
    assert b.directed[0]
    b = start([maid], [card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT}))
    assert not b.directed[0]
    shooter = unit("Shooter", SHOT2, life=10)
    for sq, wounds in ((P1_BACK, 1), (P1_MID, 2)):
        b = start([maid], [shooter], ({0: sq}, {1: square(5, 1)}))
        b.apply(END_TURN)
        b.apply(UseAbility(1, 0, (0,)))
        assert b.wounds[0] == wounds


def test_opens_spell_hits_every_enemy_card_in_its_row_and_column():
    """40/33 Магистр пламени: "when it opens — spell: wound 1 every enemy card standing with it in one
    row or column": after it acted and closed, its opening at its next turn start wounds the enemy
    cards in its column and its row (any distance), not those elsewhere nor its own cards; a card
    open already does not "open"."""
    magister = _printing("40/33")
    foes = [card("Col", life=10), card("Far col", life=10), card("Row", life=10, move=0),
            card("Elsewhere", life=10)]
    b = start([magister, card("Mate", life=10)], foes,
              ({0: P1_FRONT, 1: square(2, 1)},
               {2: P2_FRONT, 3: square(5, 2), 4: square(4, 1), 5: square(4, 3)}), dice=[1, 1])
    b.apply(Strike(0, 2))                       # it acts and closes
    hit = b.wounds[2]
    b.apply(END_TURN)
    b._place_on(4, square(4, 1), square(2, 4))  # (an enemy card now in its row)
    b._situate()
    b.apply(END_TURN)                            # its turn: it opens
    assert b.wounds[2] == hit + 1 and b.wounds[3] == 1 and b.wounds[4] == 1
    assert b.wounds[5] == 0 and b.wounds[1] == 0
    b.apply(END_TURN)
    b.apply(END_TURN)                            # open already: no second spell
    assert b.wounds[3] == 1


def test_strike_bonus_per_unspent_movement_at_a_card_in_the_row_ahead():
    """60/18 Боевой носорог: "attacking with {strike} a card in the row opposite, +1 to this strike for
    each of its unspent movement points" (``per = "moves_left"``, ``vs_position = "ahead"``): with 2
    movement unspent its weak 2 deals 4 to a card diagonally ahead; after one step 3; at a card beside
    it nothing is added."""
    rhino = _printing("60/18")
    foes = [card("Ahead", life=20), card("Beside", life=20)]
    b = start([rhino], foes, ({0: square(2, 1)}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))                       # diagonal ahead, 2 movement left: 2 + 2
    assert b.wounds[1] == 4
    b = start([rhino], foes, ({0: P1_MID}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1])
    b.open[1] = False
    b.apply(Move(0, P1_FRONT))                  # one step: 1 movement left
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3
    b = start([rhino], foes, ({0: P1_FRONT}, {1: square(4, 1), 2: square(3, 1)}), dice=[1])
    b._place_on(1, square(4, 1), square(2, 3))  # (an enemy card beside it)
    b._situate()
    b.open[1] = False
    b.apply(Strike(0, 1))                       # beside it, not ahead: weak 2
    assert b.wounds[1] == 2


# ------------------------------------------------------------------ enemy_enters (zones)


class _Victim(Scripted):
    """Picks the given alternative when asked (``choose_option``), else like Scripted."""

    def __init__(self, turns=(), pick=None):
        super().__init__(turns)
        self.pick = pick
        self.asked: list[int] = []

    def choose_option(self, battle, unit, options, candidates):
        self.asked.append(unit)
        return self.pick if self.pick in options else options[0]


def test_enemy_entering_the_column_takes_a_wound_or_closes_at_its_own_players_choice():
    """30/70 Цветок лотоса: "when an enemy creature moves onto a square of the column the lotus stands
    in — wound it 1 or close it (the opponent's choice)": the entering creature's player picks; a step
    onto another column sets nothing off; an own creature entering the column neither."""
    lotus = _printing("30/70")
    for pick, wounds, closed in ((1, 1, False), (2, 0, True)):
        walker = card("Walker", life=8, move=2)
        p2 = _Victim([[("move", 2, square(4, 2))]], pick=pick)
        b = start([lotus, card("Mate")], [walker], ({0: P1_MID, 1: square(1, 1)}, {2: square(4, 1)}),
                  p2=p2)
        b.apply(Move(1, square(2, 1)))          # its own creature: nothing
        b.apply(END_TURN)
        assert b.wounds[2] == 0 and b.open[2]
        b.apply(Move(2, square(4, 2)))          # into the lotus's column
        assert p2.asked == [0] and b.wounds[2] == wounds and b.open[2] != closed
    b = start([lotus, card("Mate")], [card("Walker", move=2)], ({0: P1_MID, 1: square(1, 1)},
                                                                {2: square(4, 1)}))
    b.apply(END_TURN)
    b.apply(Move(2, square(4, 0)))              # another column
    assert b.wounds[2] == 0 and b.open[2]


def test_heuristic_victim_picks_the_lesser_harm():
    """The heuristic player of the entering creature takes the alternative that gains the lotus's side
    least (``picker = "target"``): an open creature with a strike to make prefers the wound of 1."""
    from analysis.battle.players import HeuristicPlayer

    lotus = _printing("30/70")
    b = start([lotus, card("Mate")], [card("Walker", life=8, move=2)],
              ({0: P1_MID, 1: square(1, 1)}, {2: square(4, 1)}))
    b.apply(END_TURN)
    h = HeuristicPlayer()
    options = [1, 2]
    gains = [h._best_use(b, 0, b.slots[0][i], [2])[0] for i in options]
    pick = h.choose_option(b, 0, options, [[2], [2]])
    assert gains[options.index(pick)] == min(gains)


def test_hedge_wounds_an_enemy_entering_its_row_and_itself():
    """40/94 Терновая изгородь: "when an enemy creature moves onto a square in the hedge's row — effect:
    wound the hedge and that creature 2"; fortitude (no wounds from effects) spares the creature."""
    hedge = _printing("40/94")
    b = start([hedge, card("Mate")], [card("Walker", life=8, move=2),
                                      card("Stout", life=8, move=2, fortitude=1)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: square(3, 1), 3: square(3, 3)}))
    b.apply(END_TURN)
    b.apply(Move(2, square(2, 1)))              # into its row
    assert b.wounds[2] == 2 and b.wounds[0] == 2
    b.apply(Move(3, square(2, 3)))
    assert b.wounds[3] == 0 and b.wounds[0] == 4


def test_watchman_gains_a_counter_once_per_row_of_its_half():
    """60/88 Караульный: "when an enemy card moves onto a square of a row of your half — gain a counter
    (once per battle for each row)": the first entry of its 1st row gives one, a second entry of the
    same row none, the 2nd row another."""
    watch = _printing("60/88")
    b = start([watch], [card("A", move=3), card("B", move=3)],
              ({0: square(0, 1)}, {1: square(3, 2), 2: square(3, 3)}))
    b.apply(END_TURN)
    b.apply(Move(1, square(2, 2)))
    assert b.counters[0] == 1
    b.apply(Move(2, square(2, 3)))              # the same row again
    assert b.counters[0] == 1
    b.apply(Move(1, square(1, 2)))              # its 2nd row
    assert b.counters[0] == 2


def test_knight_errant_third_row_start_and_reaching_the_enemy_third_row():
    """40/201 Странствующий рыцарь: "at the start of the battle, if it stands in your third row, gain +1
    to {strike}" (its weak 2 deals 3; from the 2nd row 2) and "when it moves onto a square of the
    opponent's 3rd row, heal completely and gain a blessing (once per battle)"."""
    knight = _printing("40/201")
    for sq, wounds in ((P1_BACK, 3), (P1_MID, 2)):
        b = start([knight], [card("Foe", life=20)], ({0: sq}, {1: P2_FRONT}), dice=[1])
        b._place_on(0, sq, square(2, 2))
        b._situate()
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == wounds
    b = start([knight], [card("Foe", life=20)], ({0: P1_MID}, {1: square(4, 1)}))
    b._place_on(0, P1_MID, square(4, 3))        # (as if it had walked up to the enemy's 2nd row)
    b.wounds[0] = 4
    b.moves[0] = 1
    b.apply(Move(0, square(5, 3)))              # onto the enemy's 3rd row
    assert b.wounds[0] == 0 and b._in_state(0, "blessed")
    b.wounds[0] = 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(Move(0, square(5, 2)))              # once per battle
    assert b.wounds[0] == 2


def test_scorpion_strikes_an_enemy_moving_onto_or_off_the_square_behind_it():
    """40/195 Скорпион: "when an enemy creature moves off the square behind the scorpion or onto it —
    a special strike 1-2-3 at that creature" (``enemy_enters`` / ``enemy_leaves`` with
    ``zone = "behind"``): stepping onto that square takes the weak 1; stepping off it to a square
    still next to the scorpion the strong 3; a step elsewhere nothing."""
    scorpion = _printing("40/195")
    b = start([scorpion], [card("Sneak", life=20, move=3), card("Other", life=20, move=2)],
              ({0: P1_FRONT}, {1: square(4, 1), 2: square(4, 3)}), dice=[1, 6])
    b._place_on(1, square(4, 1), square(1, 1))  # (as if it had walked round)
    b.apply(END_TURN)
    b.apply(Move(2, square(3, 3)))              # not behind it
    assert b.wounds[2] == 0
    b.apply(Move(1, P1_MID))                    # onto the square behind it: weak 1
    assert b.wounds[1] == 1
    b.apply(Move(1, square(1, 3)))              # off it, still next to it: strong 3
    assert b.wounds[1] == 4


def test_stout_giant_bars_the_squares_beside_it_under_rebuff():
    """60/67 Тучный великан: "Rebuff: ground corporeal enemy creatures cannot move onto the squares to
    the right and left of it" (kind ``bar``, ``zone = "sides"``, ``when = "rebuff"``): with fewer cards
    than the opponent, an enemy walker may not step beside it (the heuristic player walks round);
    an incorporeal one may; with as many cards the bar is off."""
    from analysis.battle.interface import IllegalAction
    from analysis.battle.players import HeuristicPlayer

    giant = _printing("60/67")
    walker = card("Walker", life=8, move=2)
    ghost = card("Ghost", life=8, move=2, incorporeal=1)
    b = start([giant], [walker, ghost], ({0: P1_FRONT}, {1: square(3, 1), 2: square(3, 3)}))
    b.apply(END_TURN)
    assert square(2, 1) not in b.steps(1) and square(2, 3) in b.steps(2)
    try:
        b.apply(Move(1, square(2, 1)))
        raise AssertionError("the walker stepped beside the giant")
    except IllegalAction:
        pass
    b = start([giant, card("Mate")], [walker, ghost], ({0: P1_FRONT, 1: P1_BACK},
                                                       {2: square(3, 1), 3: square(3, 3)}))
    b.apply(END_TURN)
    assert square(2, 1) in b.steps(2)
    b = start([giant], [card("Walker", life=8, move=1), card("Far", move=0)],
              ({0: P1_FRONT}, {1: square(4, 1), 2: square(5, 3)}), p2=HeuristicPlayer())
    b._place_on(1, square(4, 1), square(2, 0))  # (one step from the square beside the giant)
    b.apply(END_TURN)
    b.players[1].play_turn(b)                   # the heuristic never tries the barred square
    assert b.pos[1] != square(2, 1)


def test_ram_special_strike_by_the_movement_of_its_flank_creatures():
    """60/28 Орочий таран: "tap: special strike X at the card opposite, X the sum of the movement of
    your corporeal creatures to its right and left (at most 4)": flankers of movement 1 and 2 make 3;
    an incorporeal flanker does not count; only the card opposite may be aimed at."""
    ram = _printing("60/28")
    foes = [card("Opposite", life=20), card("Aside", life=20)]
    b = start([ram, card("L", move=1), card("R", move=2)], foes,
              ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3)}, {3: P2_FRONT, 4: square(3, 1)}))
    assert b.ability_targets(0, 0) == [3]
    b.apply(UseAbility(0, 0, (3,)))
    assert b.wounds[3] == 3
    b = start([ram, card("L", move=3), card("R", move=2, incorporeal=1)], foes,
              ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3)}, {3: P2_FRONT, 4: square(3, 1)}))
    b.apply(UseAbility(0, 0, (3,)))
    assert b.wounds[3] == 3


def test_grimnar_strikes_through_the_square_of_the_card_it_destroyed():
    """60/55 Гримнар: "when it destroys with {strike} a card next to it, not diagonally — it may declare
    a strike through a row X−1 through the square that card held, X the value of that strike": its
    strong strike 5 kills the card in front, then the card behind that takes 4 (``area = "beyond"``);
    a diagonal kill sets nothing off."""
    grimnar = _printing("60/55")
    b = start([grimnar], [card("Front", life=3), card("Back", life=20)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(4, 2)}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[2] == 4
    b = start([grimnar], [card("Diag", life=3), card("Back", life=20)],
              ({0: P1_FRONT}, {1: square(3, 1), 2: square(4, 1)}), dice=[6])
    b._place_on(2, square(4, 1), square(4, 0))  # (diagonally past the victim)
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[2] == 0


def test_lake_serpent_wounds_an_enemy_moved_in_its_players_turn():
    """60/141 Озёрный змей (a flyer): "when an enemy creature moves in your turn — … wound it 2 (once a
    turn)" (``enemy_enters`` with ``zone = "any"``, ``when = "own_turn"``): an enemy pushed in its
    turn takes 2, a second push that turn nothing more, its own steps in its turn nothing."""
    serpent = _printing("60/141")
    pusher = unit("Pusher", '{ kind = "push", damage = [1], cost = "tap" }', life=10)
    pusher2 = unit("Pusher 2", '{ kind = "push", damage = [1], cost = "tap" }', life=10)
    b = start([serpent, pusher, pusher2], [card("Foe", life=20, move=2), card("Foe 2", life=20)],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT, 4: square(3, 1)}))
    b.apply(UseAbility(1, 0, (3,)))
    assert b.pos[3] == square(4, 2) and b.wounds[3] == 2
    b.apply(UseAbility(2, 0, (4,)))
    assert b.pos[4] == square(4, 1) and b.wounds[4] == 0   # (once a turn)
    b.apply(END_TURN)
    b.apply(Move(3, square(3, 2)))
    assert b.wounds[3] == 2


def test_lycanthrope_heals_the_ally_its_strike_through_a_row_goes_over():
    """30/62 Ликантроп: "{tap}: strike through a row 2 … when it strikes through a row over your
    creature, heal it 2" (trigger ``attack``, ``area = "between"``)."""
    lyc = _printing("30/62")
    b = start([lyc, card("Mate", life=10)], [card("Foe", life=10)],
              ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT}))
    b.wounds[1] = 3
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 2 and b.wounds[1] == 1


def test_earth_elemental_slows_the_enemy_whose_square_it_enters():
    """40/91 Элементаль земли (incorporeal): "when it moves onto a square an enemy creature holds, that
    creature gets −1 to {move} until the end of the opponent's turn (effect)": the foe has 1 movement
    in its next turn instead of 2, then 2 again; fortitude blocks the effect."""
    elem = _printing("40/91")
    b = start([elem, card("Mate")], [card("Foe", life=10, move=2)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}))
    b.apply(Move(0, P2_FRONT))                  # onto the foe's square
    b.apply(Move(0, square(3, 1)))              # (off it again, to a free square)
    b.apply(END_TURN)
    assert b.moves[2] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.moves[2] == 2
    b = start([elem, card("Mate")], [card("Stout", life=10, move=2, fortitude=1)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}))
    b.apply(Move(0, P2_FRONT))
    b.apply(Move(0, square(3, 1)))
    b.apply(END_TURN)
    assert b.moves[2] == 2                      # (fortitude: no effect on it)
