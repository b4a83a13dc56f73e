"""Incorporeal creatures on the board, with fixed dice and hand-built positions (000 glossary
"Incorporeal creature"; 003 L1230-1244; 002 "Отравление", "Регенерация"; 003 L1557): an
incorporeal creature may move onto any square, an occupied one too, and shares it; it dies when its
player announces any game action other than its own further movement; it is never healed nor
poisoned. Synthetic cards (tests.battle_helpers.card)."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, IllegalAction, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P1_MID, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card


def ghost(name="Ghost", move=2, **kw):
    return card(name, life=6, move=move, incorporeal=1, **kw)


def test_incorporeal_steps_onto_an_occupied_square_and_shares_it():
    """Glossary: an incorporeal creature may move to any square, one occupied by another card
    too; a corporeal one may not (000 glossary "Occupied battlefield square")."""
    b = start([ghost(), card("Ally"), card("Plain", move=2)], [card("Foe")],
              ({0: P1_MID, 1: P1_FRONT, 2: square(1, 1)}, {3: P2_FRONT}))
    assert P1_FRONT in b.steps(0)                     # the ally's square
    assert P1_MID not in b.steps(2) and square(1, 2) not in b.steps(2)
    b.apply(Move(0, P1_FRONT))
    assert b.pos[0] == P1_FRONT and b.board[P1_FRONT] == 1 and b.share[P1_FRONT] == 0
    assert b.sharing(0) and not b.sharing(1)
    assert b.board[P1_MID] == -1 and not b.occupied >> P1_MID & 1
    b.apply(Move(0, P2_FRONT))                        # on: the enemy's square, still moving
    assert b.alive[0] and b.share[P2_FRONT] == 0 and b.share[P1_FRONT] == -1
    assert b.board[P1_FRONT] == 1                    # the ally holds its square alone


def test_sharing_incorporeal_dies_when_its_player_announces_another_action():
    """Glossary: on a square occupied by another card it dies when its player announces any game
    action other than its own further movement (a destruction: no wounds); ending the turn is no
    game action."""
    b = start([ghost(), card("Ally", strike=(1, 1, 1)), card("Other")], [card("Foe", life=10)],
              ({0: P1_MID, 1: P1_FRONT, 2: square(0, 1)}, {3: P2_FRONT}), dice=[1, 1])
    b.apply(Move(0, P1_FRONT))
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # its player's next turn: still there
    assert b.alive[0] and b.sharing(0)
    assert not b.can_act(0) and Strike(0, 3) not in b.legal_actions()   # no attack of its own
    b.apply(Strike(1, 3))                              # the ally's strike is announced
    assert not b.alive[0] and b.wounds[0] == 0 and b.board[P1_FRONT] == 1 and b.share[P1_FRONT] == -1
    assert b.wounds[3] == 1                            # and the strike is carried out


def test_holder_leaving_or_dying_leaves_the_incorporeal_alone_on_the_square():
    """When the card holding the square leaves it or dies, the incorporeal card holds it alone
    (and no longer dies by its player's actions)."""
    b = start([ghost(), card("Ally", move=2), card("Other")], [card("Foe")],
              ({0: P1_MID, 1: P1_FRONT, 2: square(0, 1)}, {3: square(5, 1)}))
    b.apply(Move(0, P1_FRONT))
    b.apply(Move(1, square(2, 1)))                     # its own player moves the holder: announced,
    assert not b.alive[0] and b.board[P1_FRONT] == -1  # the sharing ghost died first
    b = start([ghost(), card("Ally", move=2)], [card("Foe", move=2)],
              ({0: P1_MID, 1: square(0, 1)}, {2: P2_FRONT}))
    b.apply(Move(0, P1_FRONT))
    b.apply(Move(0, P2_FRONT))                         # onto the enemy's square
    b.apply(END_TURN)
    b.apply(Move(2, square(3, 1)))                     # the enemy holder steps away
    assert b.alive[0] and b.board[P2_FRONT] == 0 and b.share[P2_FRONT] == -1 and not b.sharing(0)
    assert b.occupied >> P2_FRONT & 1
    copy = b.clone()
    assert copy.share == b.share and copy.share is not b.share


def test_incorporeal_on_an_enemy_square_can_be_struck_by_its_holder():
    """Sharing a square it stands next to the holder (the same square): the enemy holder may strike
    it as an adjacent card."""
    b = start([ghost(), card("Other")], [card("Foe", strike=(2, 2, 2))],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: square(3, 1)}), dice=[1, 1])
    b.apply(Move(0, square(3, 2)))
    b.apply(Move(0, square(3, 1)))                     # onto the enemy's square
    b.apply(END_TURN)
    assert 0 in b.targets(2)
    b.apply(Strike(2, 0))
    assert b.wounds[0] == 2


HEAL = '{ kind = "heal", damage = [3], cost = "tap", target = "ally" }'
POISON = '{ kind = "poison", damage = [2], cost = "tap" }'


def test_incorporeal_is_never_healed_nor_poisoned():
    """Glossary: an incorporeal creature cannot be healed; poisoning cannot be applied to it (002
    "Отравление"; 003 L1557); regeneration heals only a non-incorporeal creature (002
    "Регенерация")."""
    healer = card("Healer", abilities=facts(HEAL))
    ghost_ally = card("Ghost", life=6, incorporeal=1, regeneration=2)
    b = start([healer, ghost_ally, card("Body")], [card("Foe")],
              ({0: P1_MID, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT}))
    b.wounds[1] = 3
    b.wounds[2] = 3
    assert 1 not in b.ability_targets(0, 0) and 2 in b.ability_targets(0, 0)  # corporeal allies only
    with pytest.raises(IllegalAction):
        b.apply(UseAbility(0, 0, (1,)))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.wounds[1] == 3                            # no regeneration either
    poisoner = card("Poisoner", abilities=facts(POISON))
    b = start([poisoner], [ghost("Spirit"), card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}))
    assert b.ability_targets(0, 0) == [2]


def test_heuristic_player_steps_a_sharing_incorporeal_off_before_acting():
    """The heuristic player keeps its incorporeal creature safe: sharing a square at the start of
    its turn, it steps onto a free square before its other cards act (their actions would destroy
    it), and its walks never stop one on an occupied square."""
    hero = HeuristicPlayer()
    b = start([ghost(), card("Ally", strike=(3, 3, 3))], [card("Foe", life=3)],
              ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT}), dice=[6, 1] * 10, p1=hero, p2=Scripted())
    b.apply(Move(0, P1_FRONT))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.sharing(0)
    b._acting = 0
    hero.play_turn(b)
    assert b.alive[0] and not b.sharing(0)
    assert not b.alive[2]                              # and the ally struck the foe all the same


def test_incorporeal_hosts_only_an_incorporeal_symbiote():
    """000 1.5.2 b, 003 L1232: a non-incorporeal symbiote cannot be placed on an incorporeal
    creature (it finds no host and leaves the battle); an incorporeal one can."""
    plain_rider = card("Rider", type="companion", move=0, life=5)
    b = start([ghost(), plain_rider], [card("Foe")], ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}))
    assert b.host[1] == -1 and not b.alive[1]
    spirit_rider = card("Spirit rider", type="companion", move=0, life=5, incorporeal=1)
    b = start([ghost(), spirit_rider], [card("Foe")], ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}))
    assert b.host[1] == 0 and b.pos[1] == P1_FRONT


def _printing(code):
    from analysis.cards.table import load_cards

    set_id, number = code.split("/")
    return load_cards().by_id(int(set_id) * 1000 + int(number))


def test_silent_guard_magic_strike_grows_after_entering_a_magic_creature_square():
    """50/150 Немая стража: incorporeal; stepping onto a square held by a creature with a magical
    ability (000 glossary "Magical ability": spell, magic strike, discharge) gives +1 to its magic
    strike this turn (``per = "magic_entries"``); it steps off before striking (announcing the strike
    on the shared square would destroy it)."""
    guard = _printing("50/150")
    mage = card("Mage", abilities=facts('{ kind = "discharge", damage = [1], cost = "tap" }'))
    b = start([guard, mage, card("Body")], [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(1, 1)}, {3: square(3, 3)}))
    use = b.profiles[0].actions[0]
    assert b.slots[0][use].ability.damage == (1,)
    b.apply(Move(0, square(2, 2)))                     # onto the mage's square
    assert b.slots[0][use].ability.damage == (2,) and not b.ability_ready(0, use)
    b.apply(Move(0, square(2, 3)))                     # off again, next to the foe
    assert b.alive[0] and b.slots[0][use].ability.damage == (2,)
    b.apply(UseAbility(0, use, (3,)))
    assert b.wounds[3] == 2
    b.apply(END_TURN)
    assert b.slots[0][use].ability.damage == (1,)     # this turn only


def test_farro_slave_gets_its_magic_strike_only_after_entering_a_creature_square():
    """30/3 Раб Фарро: incorporeal; its magic strike 1 exists only this turn after it stepped onto
    a square another creature holds (``when = "moved_onto_creature"``)."""
    slave = _printing("30/3")
    b = start([slave, card("Body"), card("Other")], [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(1, 1)}, {3: square(3, 2)}))
    b.apply(Move(0, square(3, 1)))                     # a free square next to the foe
    assert not any(type(a) is UseAbility for a in b.legal_actions())    # no magic strike
    b = start([slave, card("Body"), card("Other")], [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(1, 1)}, {3: square(3, 3)}))
    b.apply(Move(0, square(2, 2)))                     # onto the creature's square
    b.apply(Move(0, square(2, 3)))
    uses = [a for a in b.legal_actions() if type(a) is UseAbility]
    assert uses == [UseAbility(0, 1, (3,))]
    b.apply(uses[0])
    assert b.wounds[3] == 1


def test_fire_elemental_caps_attacks_of_creatures_with_even_life_left():
    """40/16 Элементаль огня: incorporeal; attacks on it by creatures with an even number of life
    left are reduced to 1 (``cap`` with ``vs_state = "even_life"``: a simple strike through the
    strike-time facts, an ability through the engine's guards); odd life: full damage."""
    elemental = _printing("40/16")
    even = card("Even", life=8, strike=(4, 4, 4))
    b = start([elemental, card("Other")], [even, card("Odd", life=7, strike=(4, 4, 4))],
              ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT, 3: square(3, 1)}), dice=[6, 1, 6, 1])
    b.apply(END_TURN)
    b.apply(Strike(2, 0))                              # 8 life left: reduced to 1
    assert b.wounds[0] == 1
    b.wounds[3] = 0
    b.apply(Strike(3, 0))                              # 7 life left: 4
    assert b.wounds[0] == 5
    shot = '{ kind = "shot", damage = [3], range = 3, cost = "tap" }'
    shooter = card("Shooter", life=6, abilities=facts(shot))
    b = start([elemental, card("Other")], [shooter, card("Foe")],
              ({0: P1_FRONT, 1: P1_MID}, {2: square(4, 2), 3: square(3, 1)}))
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))                    # a shot by a creature with 6 life left
    assert b.wounds[0] == 1


def test_fire_elemental_as_second_player_moves_to_its_second_or_third_row_at_battle_start():
    """40/16 Элементаль огня, {second}: at the start of the battle it moves to a free square of its
    2nd or 3rd row (its player picks: the heuristic player the one nearest where it stands); as the
    First player it stays."""
    from analysis.battle import Battle

    elemental = _printing("40/16")
    b = Battle(([card("Foe"), card("Foe 2")], [elemental, card("Other")]),
               (HeuristicPlayer(), HeuristicPlayer()),
               placements=({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT, 3: square(4, 2)}))
    assert b.pos[2] in (square(4, 1), square(4, 3))   # row 2 of the Second player, next to it
    b = Battle(([elemental, card("Other")], [card("Foe"), card("Foe 2")]),
               (HeuristicPlayer(), HeuristicPlayer()),
               placements=({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT, 3: square(4, 2)}))
    assert b.pos[0] == P1_FRONT


def test_heuristic_player_passes_an_incorporeal_through_a_creature_square_to_gain_its_fact():
    """30/3 Раб Фарро's magic strike needs a step onto a creature's square this turn: the heuristic
    player passes it through its neighbour's square on its walk and ends on a free square (never
    on the shared one), then it may use the strike."""
    slave = _printing("30/3")
    hero = HeuristicPlayer()
    b = start([slave, card("Body", move=0)], [card("Foe", life=10), card("Back")],
              ({0: square(1, 2), 1: P1_FRONT}, {2: square(4, 2), 3: square(5, 1)}),
              p1=hero, p2=Scripted())
    b._acting = 0
    hero.play_turn(b)
    assert b.alive[0] and not b.sharing(0)
    assert b.walk[0][7] >= 1                           # it stepped onto the body's square


def test_sharing_incorporeal_dies_when_its_player_appoints_a_defender():
    """Appointing a defender in the opponent's turn is a game action of its player too (000 4.11):
    his incorporeal creature sharing a square dies when he announces it."""
    b = start([ghost(), card("Body"), card("Guard", life=10)], [card("Foe", strike=(1, 1, 1))],
              ({0: P1_MID, 1: P1_FRONT, 2: square(2, 3)}, {3: P2_FRONT}),
              dice=[1, 1], p1=Scripted(defender=2))
    b.apply(Move(0, P1_FRONT))                         # shares the body's square
    b.apply(END_TURN)
    assert 2 in b.defenders(3, 1)
    b.apply(Strike(3, 1))                              # the guard is appointed defender
    assert not b.alive[0] and b.wounds[2] >= 0 and b.wounds[1] == 0


def test_soultrad_wraith_steps_onto_a_cursed_creature_square_anywhere_as_onto_an_adjacent_one():
    """30/144 Умертвие Соултрада: incorporeal; it may move onto the squares of creatures with a
    curse as onto adjacent squares (``far_step`` with ``vs_state = "cursed"``: one movement point,
    it shares that square, not a jump); not onto an uncursed creature's far square."""
    wraith = _printing("30/144")
    cursed = card("Cursed", abilities=facts('{ kind = "curse" }'))
    b = start([wraith, card("Other")], [cursed, card("Plain")],
              ({0: P1_MID, 1: square(1, 1)}, {2: square(4, 2), 3: square(4, 1)}))
    assert square(4, 2) in b.steps(0) and square(4, 1) not in b.steps(0)
    b.apply(Move(0, square(4, 2)))
    assert b.pos[0] == square(4, 2) and b.sharing(0) and b.moves[0] == b.move_points[0] - 1 and b.open[0]


def test_poison_fog_poisons_the_enemy_whose_square_it_enters():
    """40/142 Ядовитый туман: incorporeal; stepping onto a square held by an enemy creature gives
    that creature poisoning 1 (trigger ``enters_creature``); an ally's square does nothing; 40/92
    Сердце леса: onto your creature's square, that creature gets 1 extra life."""
    fog = _printing("40/142")
    b = start([fog, card("Ally")], [card("Foe", life=10), card("Back")],
              ({0: P1_MID, 1: square(1, 1)}, {2: P2_FRONT, 3: square(5, 1)}))
    b.apply(Move(0, P1_FRONT))
    b.apply(Move(0, P2_FRONT))                         # onto the foe's square
    assert b.poison[2] == 1
    b = start([fog, card("Ally")], [card("Foe", life=10), card("Back")],
              ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}))
    b.apply(Move(0, P1_FRONT))                         # onto the ally's square
    assert b.poison[1] == 0
    heart = _printing("40/92")
    b = start([heart, card("Ally", life=5)], [card("Foe"), card("Back")],
              ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}))
    b.apply(Move(0, P1_FRONT))
    assert b.life[1] == 6


def test_heuristic_player_passes_the_heart_of_the_forest_through_an_ally_square():
    """The heuristic player passes 40/92 Сердце леса through an adjacent ally's square on its walk
    (the ally gets 1 extra life) and stops on a free square."""
    heart = _printing("40/92")
    hero = HeuristicPlayer()
    b = start([heart, card("Ally", life=5, move=0)], [card("Foe", life=10), card("Back")],
              ({0: P1_MID, 1: P1_FRONT}, {2: square(5, 2), 3: square(5, 1)}),
              dice=[3] * 20, p1=hero, p2=Scripted())
    b._acting = 0
    hero.play_turn(b)
    assert b.alive[0] and not b.sharing(0) and b.life[1] == 6


def test_ghost_knight_wounds_every_other_creature_on_the_square_it_enters():
    """20/144 Призрачный рыцарь: incorporeal; stepping onto a square, an effect wounds by 1 each
    other creature there (the holder and its symbiote; either side: ``target = "any"``)."""
    knight = _printing("20/144")
    rider = card("Rider", type="companion", move=0, life=5)
    b = start([knight, card("Ally", life=6), rider], [card("Foe", life=10), card("Back")],
              ({0: P1_MID, 1: P1_FRONT, 2: square(1, 1)}, {3: P2_FRONT, 4: square(5, 1)}))
    assert b.host[2] == 1
    b.apply(Move(0, P1_FRONT))                         # onto the ally carrying a companion
    assert b.wounds[1] == 1 and b.wounds[2] == 1 and b.wounds[0] == 0
    b.apply(Move(0, P2_FRONT))                         # then onto the foe
    assert b.wounds[3] == 1


def test_an_ability_aimed_at_the_sharing_incorporeal_it_kills_by_its_announcement_does_nothing():
    """The announcement of a game action kills the sharing incorporeal creature before the action is
    carried out (000 glossary "Incorporeal creature"): an effect its player aims at that very
    creature finds no target — nothing happens, the card does not close, and no IllegalAction (the
    invariant test's random player found this)."""
    zap = 'status = "full"\nabilities = [ { kind = "effect", damage = [1], cost = "tap", target = "any" } ]'
    b = start([ghost(), card("Ally"), card("Zapper", abilities=zap)], [card("Foe", life=10)],
              ({0: P1_MID, 1: P1_FRONT, 2: square(0, 1)}, {3: P2_FRONT}))
    b.apply(Move(0, P1_FRONT))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.sharing(0) and UseAbility(2, 0, (0,)) in b.legal_actions()
    b.apply(UseAbility(2, 0, (0,)))
    assert not b.alive[0] and b.wounds[0] == 0        # destroyed by the announcement, not wounded
    assert b.open[2]                                   # nothing paid: it did not close
    b.apply(UseAbility(2, 0, (3,)))                    # still open: it may act
    assert b.wounds[3] == 1
