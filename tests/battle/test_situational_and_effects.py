"""The vocabulary added for all of «Война стихий» (issue 9): facts that depend on the board, facts
given for a while, and the new kinds and triggers, each with fixed dice and hand-built positions
against its rulebook passage (000 = the classic rulebook, 002 = the Russian glossary, 003 = the
detailed rules; glossary entries in quotes). The cards are synthetic (tests.battle_helpers.card)
with the facts of the set-10 printing named in each test."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.cards.abilities import parse_abilities
from analysis.cards.ability_rules import strike_passives
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, P2_MID, facts, start
from tests.battle_helpers import Scripted, card


def bonus(b, u):
    """The standing strike bonus of unit ``u``'s card as it plays now (its variant)."""
    return strike_passives(b.cards[u], None, b.seat[u]).bonus


def unit(name="X", *abilities, entry=None, **kw):
    return card(name, abilities=facts(*abilities, **(entry or {})) if abilities else "", **kw)


# ---------------------------------------------------------------- formation and keyword grants


def test_formation_keyword_armor_holds_only_next_to_a_formation_partner():
    """000 glossary "Formation": two creatures of one squad with formation standing next to each
    other, not diagonally, get the "Строй:" abilities; broken formation loses them (10/29 Пеший
    латник: "Строй: {armor} 2")."""
    knight = unit("Knight", '{ kind = "keyword", keyword = "armor", damage = [2], formation = true }',
                  life=12, formation=1)
    partner = card("Partner", formation=1)
    plain = card("Plain")
    b = start([knight, partner, plain], [card("Foe")],
              ({0: P1_MID, 1: square(1, 1), 2: square(0, 2)}, {3: P2_FRONT}))
    assert b.armor[0] == 2 and b.armor_left[0] == 2          # orthogonally next to a partner
    copy = b.clone()
    b.apply(Move(1, square(0, 1)))                             # now diagonal: formation broken
    assert b.armor[0] == 0 and b.armor_left[0] == 0
    assert copy.armor[0] == 2 and copy.key[0] != b.key[0]     # a clone keeps its own variants
    b2 = start([knight, plain], [card("Foe")], ({0: P1_MID, 1: square(1, 1)}, {2: P2_FRONT}))
    assert b2.armor[0] == 0                                    # the neighbour has no formation


def test_formation_partner_rank_elite_or_common():
    """10/48 Смотритель горнила: armor 2 in formation with an elite, defence experience 2 with a
    common creature (``partner``)."""
    keeper = unit("Keeper", '{ kind = "keyword", keyword = "armor", damage = [2], formation = true, '
                            'partner = "elite" }',
                  '{ kind = "keyword", keyword = "exp_defence", damage = [2], formation = true, '
                  'partner = "common" }',
                  formation=1)
    common = card("Common", formation=1)
    b = start([keeper, common], [card("Foe")], ({0: P1_MID, 1: square(1, 1)}, {2: P2_FRONT}))
    assert b.armor[0] == 0 and b.cards[0].keyword("exp_defence") == 2


def test_formation_count_two_partners_for_a_directed_strike():
    """10/44 Страж чертогов: directed while in formation with at least two creatures (``count``)."""
    guard = unit("Guard", '{ kind = "directed", formation = true, count = 2 }', formation=1)
    one, two = card("One", formation=1), card("Two", formation=1)
    b = start([guard, one, two], [card("Foe")], ({0: P1_MID, 1: square(1, 1), 2: square(0, 3)},
                                                 {3: P2_FRONT}))
    assert not b.directed[0]
    b.apply(Move(2, square(1, 3)))
    assert b.directed[0]


def test_squad_has_elements_at_the_start_of_the_battle():
    """10/196 Гермет: "в начале боя получает" armor 1 with a mountain creature, +1 movement with a
    steppe one, +1 medium and strong strike with a dark one (``squad_has``)."""
    hermet = unit("Hermet", '{ kind = "keyword", keyword = "move", damage = [1], squad_has = ["steppes"] }',
                  '{ kind = "keyword", keyword = "armor", damage = [1], squad_has = ["mountains"] }',
                  '{ kind = "strike_bonus", damage = [0, 1, 1], squad_has = ["darkness"] }', strike=(2, 3, 4))
    b = start([hermet, card("Dwarf", elements=("mountains",))], [card("Foe")],
              ({0: P1_MID, 1: P1_BACK}, {2: P2_FRONT}), dice=[5])
    assert b.armor[0] == 1 and b.move_points[0] == 1       # no steppe creature: no extra movement
    assert bonus(b, 0) == (0, 0, 0)                         # nor a dark one
    dark = start([hermet, card("Ghoul", elements=("darkness",)), card("Nomad", elements=("steppes",))],
                 [card("Foe")], ({0: P1_MID, 1: P1_BACK, 2: square(1, 1)}, {3: P2_FRONT}))
    assert bonus(dark, 0) == (0, 1, 1) and dark.move_points[0] == 2 and dark.armor[0] == 0


def test_seat_marked_keyword_grant_counts_only_for_its_seat():
    """000 1.9.5 with the card's {first} mark (20/17 Боргак, 50/72 Орм: "{first}: +1 {move}"): the
    grant holds only while its owner is the First player."""
    borgak = unit("Borgak", '{ kind = "keyword", keyword = "move", damage = [1], seat = "first" }')
    first = start([borgak], [card("Foe")], ({0: P1_MID}, {1: P2_FRONT}))
    assert first.move_points[0] == 2
    second = start([card("Foe")], [borgak], ({0: P1_MID}, {1: P2_FRONT}))
    assert second.move_points[1] == 1


# ---------------------------------------------------------------- when conditions


def test_strike_bonus_after_moving_and_vs_the_card_opposite():
    """10/30 Бронтобей: +1 to its strike after moving this turn ("при перемещении … до конца хода"),
    +1 against the creature opposite it (000 glossary "Opposite the specified": one square forward)."""
    bronto = unit("Bronto", '{ kind = "strike_bonus", damage = [1], when = "moved" }',
                  '{ kind = "strike_bonus", damage = [1], vs_position = "opposite" }', strike=(2, 2, 3),
                  move=2)
    b = start([bronto], [card("Foe", life=20), card("Side", life=20)],
              ({0: P1_MID}, {1: P2_FRONT, 2: square(3, 3)}), dice=[1, 1, 1])
    b.open[1] = b.open[2] = False
    b.apply(Move(0, P1_FRONT))                  # moved; the foe is now opposite it
    b.apply(Strike(0, 1))                       # weak 2 + 1 (moved) + 1 (opposite)
    assert b.wounds[1] == 4
    b2 = start([bronto], [card("Foe", life=20), card("Side", life=20)],
               ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3)}), dice=[1])
    b2.open[2] = False
    b2.apply(Strike(0, 2))                      # diagonal, not moved: the printed weak strike
    assert b2.wounds[2] == 2


def test_crossed_and_returned_halves():
    """10/12 Кабаний наездник: +1 after moving from its own half onto the enemy's, and does not
    close on attacking after moving back (``when`` crossed / returned)."""
    rider = unit("Rider", '{ kind = "strike_bonus", damage = [1], when = "crossed" }',
                 '{ kind = "stays_open", when = "returned" }', strike=(2, 3, 4), move=2, life=11)
    b = start([rider], [card("Foe", life=20)], ({0: P1_FRONT}, {1: P2_MID}), dice=[1])
    b.open[1] = False
    b.apply(Move(0, P2_FRONT))                  # onto the enemy half
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3 and not b.open[0]


def test_moved_straight_and_turning():
    """10/23 Риала: directed after 2 squares in one direction, attack experience 2 after 2 squares
    in different directions, to the end of its turn."""
    riala = unit("Riala", '{ kind = "directed", when = "moved_straight" }',
                 '{ kind = "keyword", keyword = "exp_attack", damage = [2], when = "moved_turning" }', move=2)
    b = start([riala], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(Move(0, P1_MID))
    assert not b.directed[0]
    b.apply(Move(0, P1_FRONT))
    assert b.directed[0] and b.cards[0].keyword("exp_attack") == 0
    b.apply(END_TURN)
    assert not b.directed[0]                    # a new turn: it has not moved in it
    b2 = start([riala], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    b2.apply(Move(0, P1_MID))
    b2.apply(Move(0, square(1, 1)))
    assert b2.cards[0].keyword("exp_attack") == 2 and not b2.directed[0]


def test_allies_outnumber_and_classes_adjacent():
    """10/186 Головорез (more of its creatures than enemies next to it), 10/197 Эорвал (creatures of
    four classes next to it), 10/91 Дикий целитель (three unwounded creatures of its squad next to it)."""
    cutthroat = unit("Cut", '{ kind = "directed", when = "outnumber" }')
    b = start([cutthroat, card("A")], [card("Foe")], ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}))
    assert not b.directed[0]                    # one ally, one enemy next to it: not more
    healer = unit("Healer", '{ kind = "strike_bonus", damage = [1], when = "allies_adjacent", count = 3, '
                  'when_state = "unwounded" }')
    b2 = start([healer, card("A"), card("B"), card("C")], [card("Foe")],
               ({0: P1_MID, 1: square(1, 1), 2: square(1, 3), 3: P1_BACK}, {4: P2_BACK}))
    assert b2.cards[0].abilities.abilities[0].when is None    # standing: three unwounded neighbours
    b2.wounds[3] = 1
    b2._situate()
    assert b2.cards[0].abilities.abilities[0].when == "allies_adjacent"
    eorval = unit("Eorval", '{ kind = "reduce", damage = [1], from = ["nonmagic"], '
                            'when = "classes_adjacent", count = 2 }')
    b3 = start([eorval, card("Orc", classes=("Орк",)), card("Elf", classes=("Эльф",))], [card("Foe")],
               ({0: P1_MID, 1: square(1, 1), 2: square(1, 3)}, {3: P2_BACK}))
    assert b3.cards[0].abilities.abilities[0].when is None


def test_cutthroat_outnumber_flips_with_the_board():
    cutthroat = unit("Cut", '{ kind = "directed", when = "outnumber" }')
    b = start([cutthroat, card("A"), card("B")], [card("Foe")],
              ({0: P1_FRONT, 1: P1_MID, 2: square(2, 1)}, {3: P2_FRONT}))
    assert b.directed[0]                        # two allies, one enemy
    b.apply(Move(2, square(1, 1)))              # still next to it (diagonal)
    assert b.directed[0]


def test_enemy_front_row_empty():
    """10/33 Скелос: +1 to its strike while the enemy's first row holds none of his cards."""
    skelos = unit("Skelos", '{ kind = "strike_bonus", damage = [1], when = "enemy_front_empty" }',
                  strike=(3, 4, 5))
    b = start([skelos], [card("Foe")], ({0: P1_FRONT}, {1: P2_MID}))
    assert b.cards[0].abilities.abilities[0].when is None
    b2 = start([skelos], [card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT}))
    assert b2.cards[0].abilities.abilities[0].when == "enemy_front_empty"


# ---------------------------------------------------------------- strike-time positions and amounts


def test_reduce_from_diagonal_and_from_directed_strikes():
    """10/64 Гобрах: −2 from strikes from a diagonal square; 10/33 Скелос: −2 from directed strikes
    (000 glossary "Directed strike")."""
    gobrah = unit("Gobrah",
                  '{ kind = "reduce", damage = [2], from = ["simple"], vs_position = "diagonal" }', life=20)
    hitter = card("Hitter", strike=(3, 3, 3))
    b = start([hitter, card("Other", strike=(3, 3, 3))], [gobrah], ({0: square(2, 1), 1: P1_FRONT},
                                                                    {2: P2_FRONT}),
              dice=[1, 1])
    b.open[2] = False
    b.apply(Strike(0, 2))                        # diagonal: 3 - 2
    assert b.wounds[2] == 1
    b.apply(Strike(1, 2))                        # opposite: 3
    assert b.wounds[2] == 4
    skelos = unit("Skelos", '{ kind = "reduce", damage = [2], from = ["directed"] }', life=20)
    arrow = card("Arrow", strike=(3, 3, 3), directed_strike=1)
    b2 = start([arrow, hitter], [skelos], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[1, 1])
    b2.open[2] = False
    b2.apply(Strike(0, 2))
    b2.apply(Strike(1, 2))
    assert b2.wounds[2] == 1 + 3


def test_isolated_target_unanswerable():
    """10/106 Римаанды: an unanswerable strike on an enemy with no other creature of his to its left
    and right (000 glossary "Unanswerable strike": the target does not fight)."""
    rimaandy = unit("Rim", '{ kind = "unanswerable", vs_position = "isolated" }', type="flyer", move=0)
    b = start([rimaandy], [card("Lone", life=20), card("Pair", life=20), card("Mate", life=20)],
              ({0: P1_BACK}, {1: square(3, 0), 2: square(3, 2), 3: square(3, 3)}), dice=[1, 1])
    b.apply(Strike(0, 1))                        # alone in its row part: one die, it does not fight
    assert b.wounds[1] == 1 and b.wounds[0] == 0
    b2 = start([rimaandy], [card("Pair", life=20), card("Mate", life=20)],
               ({0: P1_BACK}, {1: square(3, 2), 2: square(3, 3)}), dice=[1, 6])
    b2.apply(Strike(0, 1))                       # a mate at its side: it fights (1 against 6: medium back)
    assert b2.wounds[0] == 2 and b2.wounds[1] == 0


def test_per_target_strike_and_half_life_and_kin():
    """10/156 Метаморф (+X, X = the struck creature's printed strike), 10/158 Уордак (+X to the
    strong strike, X = half the struck card's life left), 10/151 Зомби (+1 per other dark creature of
    its squad, at most 2)."""
    meta = unit("Meta", '{ kind = "strike_bonus", per = "target_strike" }', strike=(0, 0, 0))
    b = start([meta], [card("Foe", strike=(2, 3, 4), life=20)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[4])
    b.open[1] = False
    b.apply(Strike(0, 1))                        # medium: 0 + 3
    assert b.wounds[1] == 3
    wordak = unit("Wordak", '{ kind = "strike_bonus", per = "target_half_life", tiers = ["strong"] }',
                  strike=(2, 3, 0))
    b2 = start([wordak], [card("Foe", life=9)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    b2.open[1] = False
    b2.apply(Strike(0, 1))                       # strong: 0 + 9 // 2
    assert b2.wounds[1] == 4
    zombie = unit("Zombie", '{ kind = "strike_bonus", per = "kin", per_max = 2 }', strike=(1, 2, 2),
                  elements=("darkness",))
    dark = [card(f"D{i}", elements=("darkness",)) for i in range(3)]
    b3 = start([zombie, *dark], [card("Foe", life=20)],
               ({0: P1_FRONT, 1: P1_MID, 2: square(1, 1), 3: P1_BACK}, {4: P2_FRONT}), dice=[1])
    b3.open[4] = False
    b3.apply(Strike(0, 4))
    assert b3.wounds[4] == 1 + 2


def test_counters_strike_bonus_gained_at_turn_end_when_still_lost_on_moving():
    """10/84 Камнедрев: a counter at the end of its turn if it did not move; +X to its strike per
    counter; moving loses them all (``turn_end`` trigger, ``per = "counters"``, ``lose_counters``)."""
    tree = unit("Tree", '{ kind = "gain_counter", damage = [1], cost = "trigger", trigger = "turn_end", '
                        'when = "still" }',
                '{ kind = "strike_bonus", per = "counters" }',
                '{ kind = "lose_counters", cost = "trigger", trigger = "move" }', strike=(2, 3, 4), life=12)
    b = start([tree], [card("Foe", life=30)], ({0: P1_MID}, {1: P2_MID}))
    b.apply(END_TURN)
    assert b.counters[0] == 1 and bonus(b, 0) == (1, 1, 1)
    b.apply(END_TURN)
    b.apply(Move(0, P1_FRONT))
    assert b.counters[0] == 0 and bonus(b, 0) == (0, 0, 0)
    b.apply(END_TURN)                            # it moved this turn: no counter
    assert b.counters[0] == 0


def test_magic_strike_of_the_side_weak_strikes():
    """10/87 Фагор: magic strike X, X = the weak strikes of its creatures to its left and right."""
    fagor = unit("Fagor", '{ kind = "magic_strike", per = "side_weak", cost = "counter_tap" }',
                 entry={"start_counters": 1})
    b = start([fagor, card("L", strike=(2, 2, 2)), card("R", strike=(1, 1, 1))], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3)}, {3: P2_FRONT}))
    assert b.ability(0, 0).damage == (3,)
    b.apply(UseAbility(0, 0, (3,)))
    assert b.wounds[3] == 3


# ---------------------------------------------------------------- stays open, defends, blocks


def test_stays_open_after_attacking_but_acts_no_more():
    """000 2.x (Baraka): after attacking it does not close, but does not act again (one action per
    turn); 10/165 Барака."""
    baraka = unit("Baraka", '{ kind = "stays_open" }', strike=(3, 4, 4), life=13)
    b = start([baraka], [card("Foe", life=20)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.open[0] and b.acted[0] and not b.can_act(0)


def test_defender_heals_defended_and_defends_open():
    """000 4.10-4.14: a defender takes the strike; 10/80 Бьерн heals 2 the card it defends
    (trigger ``defends``); 10/85 Леккен does not close as defender (``defends_open``)."""
    bjorn = unit("Bjorn", '{ kind = "heal", damage = [2], cost = "trigger", trigger = "defends" }',
                 '{ kind = "defends_open" }', life=10)
    ward = card("Ward", life=10)
    b = start([card("Att", strike=(1, 1, 1))], [ward, bjorn], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3)}),
              dice=[1, 1], p2=Scripted(defender=2))
    b.wounds[1] = 3
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 1 and b.open[2]        # healed 2; the defender stays open


def test_grant_on_defending_lasts_to_the_end_of_its_next_turn():
    """10/82 Клаэр: when it becomes a defender it gets +2 to its strike and attack experience 1 to
    the end of its owner's next turn (``lasts = "own_turn"``; 000 1.9.5 acquired ability)."""
    klaer = unit("Klaer", '{ kind = "strike_bonus", damage = [2], cost = "trigger", '
                          'trigger = "defends", target = "self", '
                 'lasts = "own_turn" }', strike=(1, 2, 4), life=11)
    b = start([card("Att", strike=(1, 1, 1))], [card("Ward"), klaer], ({0: P1_FRONT}, {1: P2_FRONT,
                                                                                       2: square(3, 3)}),
              dice=[1, 1], p2=Scripted(defender=2))
    b.apply(Strike(0, 1))
    assert bonus(b, 2) == (2, 2, 2)
    b.apply(END_TURN)                            # its owner's turn: still
    assert bonus(b, 2) == (2, 2, 2)
    b.apply(END_TURN)                            # that turn is over
    assert bonus(b, 2) == (0, 0, 0)


def test_block_the_first_strike_each_turn():
    """000 2.7: a blocked action is paid for (the attacker closes) and not carried out; 10/108 Дети
    топи block the first strike on them each turn (``block``, ``uses_per_turn``)."""
    bog = unit("Bog", '{ kind = "block", from = ["close"], uses_per_turn = 1 }', life=9)
    b = start([card("A", strike=(3, 3, 3)), card("B", strike=(3, 3, 3))], [bog],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[1])
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 0 and not b.open[0] and b.acted[0]
    b.apply(Strike(1, 2))
    assert b.wounds[2] == 3


def test_block_ranged_attacks_on_a_five_or_six():
    """10/189 Воин храма: a ranged attack on it is blocked on a die of 5 or 6 (``roll``)."""
    temple = unit("Temple", '{ kind = "block", from = ["ranged"], roll = [5, 6] }', life=13)
    shooter = unit("Shooter", '{ kind = "shot", damage = [2], cost = "tap" }')
    for die, wounds in ((5, 0), (4, 2)):
        b = start([shooter], [temple], ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
        b.apply(UseAbility(0, 0, (1,)))
        assert b.wounds[1] == wounds


# ---------------------------------------------------------------- triggers


def test_attacked_special_strike_back_and_stun():
    """Trigger ``attacked`` with ``from``: 10/29 Пеший латник deals a special strike 2 at a close
    attacker; 10/134 Уриил: the attacker does not open at the start of its next turn (``stun``)."""
    knight = unit("Knight",
                  '{ kind = "special_strike", damage = [2], cost = "trigger", trigger = "attacked", '
                  'from = ["close"] }', life=12)
    b = start([card("Att", strike=(1, 1, 1), life=10)], [knight], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.wounds[0] == 2
    uriil = unit("Uriil", '{ kind = "stun", cost = "trigger", trigger = "attacked", from = ["simple"] }',
                 life=12)
    b2 = start([card("Att", strike=(1, 1, 1))], [uriil], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b2.open[1] = False
    b2.apply(Strike(0, 1))
    b2.apply(END_TURN)
    b2.apply(END_TURN)                           # its owner's turn: it stays closed
    assert not b2.open[0] and not b2.can_act(0) and not b2.stunned[0]
    b2.apply(END_TURN)
    b2.apply(END_TURN)
    assert b2.open[0]


def test_valhalla_from_the_graveyard_gives_an_ally_a_strike_bonus_this_turn():
    """"Вальхалла:" at the start of its owner's turn while it lies in the graveyard; 10/62
    Костедробитель: an ally gets +1 to its strike to the end of that turn."""
    crusher = unit("Crusher",
                   '{ kind = "strike_bonus", damage = [1], cost = "trigger", trigger = "valhalla", '
                   'target = "ally", lasts = "own_turn" }', life=1)
    ally = card("Ally", strike=(1, 2, 3))
    b = start([crusher, ally], [unit("Shooter", '{ kind = "shot", damage = [2], cost = "tap" }')],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK}))
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))              # the crusher dies
    assert not b.alive[0]
    b.apply(END_TURN)                            # its owner's turn begins: valhalla
    assert bonus(b, 1) == (1, 1, 1)
    b.apply(END_TURN)
    assert bonus(b, 1) == (0, 0, 0)


def test_concentration_fires_at_the_end_of_the_enemy_turn_only_unwounded():
    """003 L1407-1413 "Koncentrácia": at the end of the opponent's turn, if the card took no wounds
    this round; 60/32 Алый пламевержец's fire wall wounds 2."""
    flamer = unit("Flamer", '{ kind = "effect", damage = [2], cost = "trigger", trigger = "concentration" }',
                  type="flyer", move=0, life=10)
    foe = card("Foe", life=10)
    b = start([flamer], [foe], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(END_TURN)                            # the opponent's turn
    b.apply(END_TURN)                            # it ends: concentration
    assert b.wounds[1] == 2
    shooter = unit("Shooter", '{ kind = "shot", damage = [1], cost = "tap" }', life=10)
    b2 = start([flamer], [shooter], ({0: P1_BACK}, {1: P2_BACK}))
    b2.apply(END_TURN)
    b2.apply(UseAbility(1, 0, (0,)))              # wounded this round
    b2.apply(END_TURN)
    assert b2.wounds[1] == 0


def test_incarnation_opens_with_a_bonus_for_the_turn():
    """000 glossary "Incarnation - X"; 10/141 Моровой всадник incarnates open with attack experience
    2 and +2 to its strike to the end of the turn (trigger ``incarnate``, ``open``, ``lasts``)."""
    rider = unit("Rider", '{ kind = "incarnation", damage = [1] }',
                 '{ kind = "open", cost = "trigger", trigger = "incarnate", target = "self" }',
                 '{ kind = "strike_bonus", damage = [2], cost = "trigger", trigger = "incarnate", '
                 'target = "self", '
                 'lasts = "turn" }', strike=(2, 3, 3), life=1)
    b = start([rider, card("Ally")], [unit("Shooter", '{ kind = "shot", damage = [2], cost = "tap" }')],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK}))
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))
    b.apply(END_TURN)                            # token 1 of 1: it returns, open and able to act
    assert b.alive[0] and b.open[0] and not b.acted[0] and bonus(b, 0) == (2, 2, 2)
    b.apply(END_TURN)
    assert bonus(b, 0) == (0, 0, 0)


def test_turn_end_triggers_and_teleport_next_to_enemies():
    """``enemy_turn_end``; 000 3.15 teleportation to an unoccupied square (10/170 Демон жадности:
    to the free square next to the most enemies, then wounds 2 each adjacent enemy)."""
    demon = unit("Demon", '{ kind = "teleport", cost = "trigger", trigger = "enemy_turn_end" }',
                 '{ kind = "effect", damage = [2], cost = "trigger", trigger = "enemy_turn_end", '
                 'range = 1, every = true }',
                 life=16)
    b = start([demon], [card("F1", life=9), card("F2", life=9), card("F3", life=9)],
              ({0: P1_BACK}, {1: square(4, 1), 2: square(4, 3), 3: P2_BACK}))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.pos[0] != P1_BACK and sum(b.wounds[1:]) >= 4


def test_defends_and_carrion_eating_and_extra_life():
    """002 "Трупоедство": killing an adjacent non-incorporeal enemy creature heals it completely and
    removes its poisoning; 10/179 Жжраг then gains 3 extra lives (trigger ``eats``)."""
    eater = unit("Eater", '{ kind = "carrion_eating" }',
                 '{ kind = "extra_life", damage = [3], cost = "trigger", trigger = "eats" }',
                 strike=(2, 2, 3), life=10)
    b = start([eater], [card("Prey", life=2), card("Other")], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}),
              dice=[1])
    b.wounds[0] = 4
    b.poison[0] = 1
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[0] == 0 and b.poison[0] == 0 and b.life[0] == 13


def test_ally_combo_opens_the_watcher():
    """10/93 Очи Кронга open when other forest creatures of its squad strike, shoot and heal in a
    row in any order (``ally_combo``)."""
    eyes = unit("Eyes", '{ kind = "open", cost = "trigger", trigger = "ally_combo", from = ["simple", '
                        '"shot", "heal"], '
                'target = "self", vs_elements = ["forests"] }', type="flyer", move=0, elements=("forests",))
    archer = unit("Archer", '{ kind = "shot", damage = [1], cost = "tap" }', elements=("forests",))
    druid = unit("Druid", '{ kind = "heal", damage = [1], cost = "tap" }', elements=("forests",))
    fighter = card("Fighter", elements=("forests",))
    b = start([eyes, archer, druid, fighter], [card("Foe", life=20)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: P1_FRONT}, {4: P2_FRONT}), dice=[1, 1, 1])
    b.open[0] = False
    b.open[4] = False
    b.apply(UseAbility(1, 0, (4,)))
    b.apply(UseAbility(2, 0, (3,)))
    assert not b.open[0]
    b.apply(Strike(3, 4))
    assert b.open[0]


def test_enemy_poisoned_wounds_a_neighbour_and_poison_grows_to_two():
    """10/123 Ноками: when an enemy takes poison wounds, a creature next to it takes 1 (``area =
    "near_target"``); tap: a poisoned creature's poisoning becomes 2 (``vs_state = "poisoned"``)."""
    nokami = unit("Nokami", '{ kind = "effect", damage = [1], cost = "trigger", trigger = "enemy_poisoned", '
                  'area = "near_target", target = "any" }',
                  '{ kind = "poison", damage = [2], cost = "tap", vs_state = "poisoned" }')
    b = start([nokami], [card("Sick", life=10), card("Next", life=10)],
              ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 3)}), p1=Scripted(targets=(2,)))
    b.apply(UseAbility(0, 1, (1,)))              # not poisoned: nothing
    assert b.poison[1] == 0
    b.poison[1] = 1
    b.open[0] = True
    b.acted[0] = False
    b.apply(UseAbility(0, 1, (1,)))
    assert b.poison[1] == 2
    b.apply(END_TURN)                            # the enemy turn: 2 poison wounds, then the trigger
    assert b.wounds[1] == 2 and b.wounds[2] == 1


# ---------------------------------------------------------------- new kinds


def test_finishing_by_the_squares_moved_and_no_wounds_from_counter_strikes():
    """000 glossary "Finishing off at X" (an adjacent creature with X or less life left dies; it
    deals no wounds); 10/18 Килсус: X = squares it moved this turn, and it takes no wounds from
    counter-strikes (000 4.4)."""
    kilsus = unit("Kilsus", '{ kind = "protection", from = ["counter"] }',
                  '{ kind = "finishing", per = "steps", cost = "trigger", trigger = "strike", '
                  'uses_per_turn = 2 }',
                  strike=(2, 3, 4), move=2, life=11)
    b = start([kilsus], [card("Foe", strike=(5, 5, 5), life=6)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[1, 1])
    b.apply(Move(0, P1_MID))
    b.apply(Move(0, P1_FRONT))
    b.apply(Strike(0, 1))                        # weak 2 both ways: 4 left ≤ 2? no
    assert b.wounds[0] == 0 and b.alive[1]
    b2 = start([kilsus], [card("Foe", life=4)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[1, 6])
    b2.apply(Move(0, P1_MID))
    b2.apply(Move(0, P1_FRONT))
    b2.open[1] = False
    b2.apply(Strike(0, 1))                       # weak 2: 2 left ≤ 2 steps: finished off
    assert not b2.alive[1]


def test_push_or_wounds_and_root():
    """10/58 Молотобоец: on its strike in its own turn the struck creature moves one square further
    in the strike's direction, or takes 2 (``push``); 10/116 Василиск: the struck creature cannot move
    until the basilisk moves (``root``)."""
    hammer = unit("Hammer",
                  '{ kind = "push", damage = [2], cost = "trigger", trigger = "strike", when = "own_turn" }',
                  strike=(1, 1, 1), life=12)
    b = start([hammer], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.pos[1] == P2_MID and b.wounds[1] == 1
    b2 = start([hammer], [card("Foe", life=10), card("Wall")], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_MID}),
               dice=[1])
    b2.open[1] = False
    b2.apply(Strike(0, 1))
    assert b2.pos[1] == P2_FRONT and b2.wounds[1] == 3
    basilisk = unit("Basilisk", '{ kind = "root", cost = "trigger", trigger = "strike" }', strike=(1, 1, 1),
                    life=12)
    b3 = start([basilisk], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b3.open[1] = False
    b3.apply(Strike(0, 1))
    b3.apply(END_TURN)
    assert b3.steps(1) == []
    b3.apply(END_TURN)
    b3.apply(Move(0, square(2, 1)))
    b3.apply(END_TURN)
    assert b3.steps(1)


def test_open_an_ally_and_give_a_counter():
    """``open`` (10/31 Ойуун opens an ally and wounds it 1) — a card that acted this turn does not act
    again (000 2.x, one action per turn); ``gain_counter`` as an action (10/25 Хронос)."""
    oyun = unit("Oyun", '{ kind = "open", damage = [1], cost = "tap", uses_per_turn = 2 }')
    chronos = unit("Chronos",
                   '{ kind = "gain_counter", damage = [1], cost = "counter_tap", target = "ally" }',
                   entry={"start_counters": 1})
    ally = card("Ally", life=10)
    b = start([oyun, chronos, ally], [card("Foe")], ({0: P1_BACK, 1: square(0, 1), 2: P1_FRONT},
                                                     {3: P2_BACK}))
    b._close(2)                                  # it acted this turn and closed
    b.apply(UseAbility(0, 0, (2,)))
    assert b.open[2] and b.wounds[2] == 1 and not b.can_act(2)   # open to parry, no second action
    b.apply(UseAbility(1, 0, (2,)))
    assert b.counters[2] == 1 and b.counters[1] == 0


def test_rehost_companion():
    """40/110 Танаби: at the start of its turn a companion may move onto an adjacent creature of its
    squad (its player picks the host: ``Player.attach``)."""
    class Picker(Scripted):
        calls = 0

        def attach(self, battle, unit, hosts):
            self.calls += 1
            return hosts[0] if self.calls == 1 else hosts[-1]   # A at the reveal, then C

    tanabi = unit("Tanabi", '{ kind = "rehost", cost = "trigger", trigger = "turn_start" }',
                  type="companion", move=0)
    a, c = card("A"), card("C")
    b = start([a, c, tanabi], [card("Foe")], ({0: P1_MID, 1: P1_BACK, 2: square(1, 1)}, {3: P2_BACK}),
              p1=Picker())
    assert b.host[2] == 1 and b.pos[2] == P1_BACK          # the last host offered at the turn start


def test_jump_and_its_die():
    """002 "Прыжок": instead of moving, to any free square within range X; then no movement left, it
    stays open and may act; 10/185 Шакси rolls on landing (``roll``: 1-2 wound an adjacent creature 2)."""
    shaksi = unit("Shaksi", '{ kind = "jump", damage = [3] }',
                  '{ kind = "effect", damage = [2], cost = "trigger", trigger = "jump", range = 1, '
                  'roll = [1, 2] }')
    b = start([shaksi], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[2])
    assert square(2, 2) in b.steps(0)
    b.apply(Move(0, square(2, 2)))
    assert b.moves[0] == 0 and b.open[0] and b.wounds[1] == 2 and b.can_act(0)


def test_wraps_edge_squares():
    """10/143 Возница: the two edge squares of a row are next to each other for its steps and strikes."""
    driver = unit("Driver", '{ kind = "wraps" }', strike=(3, 3, 3), move=2)
    b = start([driver], [card("Foe", life=10)], ({0: P1_FRONT}, {1: square(3, 4)}), dice=[1])
    b.apply(Move(0, square(2, 1)))
    b.apply(Move(0, square(2, 0)))
    assert b.targets(0) == []                    # (3, 4) is not next to (2, 0) or wrapped
    b2 = start([driver], [card("Foe", life=10)], ({0: P1_FRONT}, {1: square(3, 4)}))
    b2.apply(Move(0, square(2, 1)))
    b2.apply(Move(0, square(2, 0)))
    b2.apply(END_TURN)
    b2.apply(END_TURN)
    b2.apply(Move(0, square(3, 0)))              # now in the foe's row, the other edge
    assert 1 in b2.targets(0)


def test_taunts_draw_shots_and_throws_regardless_of_range():
    """10/167 Мерцающий змей: enemy shots and throws may be declared only at it, whatever the range;
    10/88 Резчик идолов only while next to an enemy (``taunt``)."""
    serpent = unit("Serpent", '{ kind = "taunt", from = ["shot", "throw"] }', type="flyer", move=0, life=13)
    shooter = unit("Shooter", '{ kind = "shot", damage = [1], range = 1, cost = "tap" }')
    b = start([shooter], [card("Foe"), serpent], ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}))
    assert b.ability_targets(0, 0) == [2]
    carver = unit("Carver", '{ kind = "taunt", from = ["shot", "throw"], when = "adjacent_enemy" }', life=10)
    far = unit("Shooter", '{ kind = "shot", damage = [1], cost = "tap" }')
    b2 = start([far, card("Near")], [card("Foe"), carver], ({0: P1_BACK, 1: P1_FRONT}, {2: square(3, 3),
                                                                                        3: P2_FRONT}))
    assert b2.ability_targets(0, 0) == [3]
    b3 = start([far], [card("Foe"), carver], ({0: P1_BACK}, {1: square(3, 3), 2: P2_BACK}))
    assert b3.ability_targets(0, 0) == [1, 2]


def test_flyer_taunt_and_ignore_protection_from_flyers():
    """10/77 Паук-пересмешник: enemy flyers may attack only it; 10/21 Мантикора ignores protection
    from flying creatures and gets +1 and a directed strike against cards with magic (``vs_has``)."""
    spider = unit("Spider", '{ kind = "taunt", from = ["all"], vs_types = ["flyer"] }')
    flyer = card("Flyer", type="flyer", move=0)
    b = start([flyer], [card("Foe"), spider], ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}))
    assert b.targets(0) == [2]
    manticore = unit("Manticore", '{ kind = "ignore_prot_flyers" }',
                     '{ kind = "strike_bonus", damage = [1], vs_has = ["discharge", "magic_strike", '
                     '"spell"] }',
                     type="flyer", move=0, strike=(2, 2, 3))
    mage = unit("Mage", '{ kind = "discharge", damage = [1], cost = "tap" }', prot_flyers=1, life=10)
    b2 = start([manticore], [mage], ({0: P1_BACK}, {1: P2_FRONT}), dice=[1])
    b2.open[1] = False
    b2.apply(Strike(0, 1))
    assert b2.wounds[1] == 3


def test_responses_flip_a_die_and_cap_a_strike():
    """{instant}{tap} responses in a simple strike: 60/207 Шулер turns a die to its opposite face
    (000 1.1: 1-6, 2-5, 3-4), 10/20 Глорм reduces a strike on its squad to 1; their player decides
    (asked as for weakening) and they close."""
    sharper = unit("Sharper", '{ kind = "flip_die", cost = "tap" }', strike=(1, 1, 1), life=5)
    b = start([card("Att", strike=(1, 2, 3)), sharper], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), dice=[1], p1=Scripted(weaken=True))
    b.open[2] = False
    b.apply(Strike(0, 2))                        # die 1 turned to 6: strong 3
    assert b.wounds[2] == 3 and not b.open[1]
    glorm = unit("Glorm", '{ kind = "cap_strike", damage = [1], cost = "tap" }', life=7)
    b2 = start([card("Att", strike=(4, 4, 4))], [card("Ward", life=20), glorm],
               ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[1], p2=Scripted(weaken=True))
    b2.open[1] = False
    b2.apply(Strike(0, 1))
    assert b2.wounds[1] == 1 and not b2.open[2]


def test_redirected_strike_and_ignored_abilities():
    """10/200 Волот: the opponent may redirect its strike to another of his creatures next to it
    (000 glossary "Redirecting an attack"); 10/98 Етун ignores the struck card's abilities (armor)."""
    volot = unit("Volot", '{ kind = "redirectable" }', strike=(5, 6, 7), life=24)
    b = start([volot], [card("Target", life=20), card("Taker", life=20)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3)}), dice=[1], p2=Scripted(defender=2))
    b.open[2] = False
    b.apply(Strike(0, 1))
    assert b.wounds[2] == 5 and b.wounds[1] == 0
    jotun = unit("Jotun", '{ kind = "ignore_abilities" }', strike=(3, 4, 5), life=14)
    b2 = start([jotun], [card("Armored", life=20, armor=2)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b2.open[1] = False
    b2.apply(Strike(0, 1))
    assert b2.wounds[1] == 3 and b2.armor_left[1] == 2


def test_grant_to_the_sides_protection_of_the_strikes_value():
    """10/192 Ревнитель Сеггера: on its strike the creatures of its squad to its left and right get
    protection from non-magic attacks of that value to the end of the next enemy turn (``area =
    "sides"``, ``per = "strike_value"``, protection with a power)."""
    zealot = unit("Zealot",
                  '{ kind = "protection", per = "strike_value", from = ["nonmagic"], cost = "trigger", '
                  'trigger = "strike", area = "sides", target = "ally", every = true, lasts = "enemy_turn" }',
                  strike=(2, 3, 3))
    left = card("Left", life=10)
    b = start([zealot, left], [card("Foe", life=20), card("Hitter", strike=(2, 2, 2))],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 1)}), dice=[1, 1])
    b.open[2] = False
    b.apply(Strike(0, 2))                        # weak 2: the left ally is protected from power 2
    b.apply(END_TURN)
    b.open[1] = False
    b.apply(Strike(3, 1))
    assert b.wounds[1] == 0
    b.apply(END_TURN)
    assert not b.grants[1]
    b2 = start([zealot, left], [card("Foe", life=20), card("Hitter", strike=(3, 3, 3))],
               ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 1)}), dice=[1, 1])
    b2.open[2] = False
    b2.apply(Strike(0, 2))
    b2.apply(END_TURN)
    b2.open[1] = False
    b2.apply(Strike(3, 1))                       # power 3: not covered
    assert b2.wounds[1] == 3


def test_keyword_given_by_tap_lasts_the_battle_and_clones_are_independent():
    """000 glossary "Receives [text]": without a stated time an acquired ability is kept to the end of
    the battle (10/31 Ойуун: tap: gain protection from flying creatures); a clone's variant changes do
    not reach the original."""
    oyun = unit("Oyun", '{ kind = "keyword", keyword = "prot_flyers", cost = "tap", lasts = "battle" }')
    b = start([oyun], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    copy = b.clone()
    b.apply(UseAbility(0, 0, (0,)))
    assert b.prot_flyers[0] and not copy.prot_flyers[0] and copy.key[0] != b.key[0]
    for _ in range(4):
        b.apply(END_TURN)
    assert b.prot_flyers[0]


def test_extra_life_for_the_second_player_and_move_wounds():
    """10/90 Дверг: {second}: starts the battle with 3 extra lives (000 glossary "Additional life");
    ``move_wounds`` (10/110 Рэккен takes up to 2 wounds of another creature onto itself)."""
    dwarf = unit("Dwarf", '{ kind = "extra_life", damage = [3], cost = "trigger", trigger = "battle_start", '
                 'seat = "second" }', life=7)
    b = start([card("Foe")], [dwarf], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.life[1] == 10
    b1 = start([dwarf], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    assert b1.life[0] == 7
    rekken = unit("Rekken", '{ kind = "move_wounds", damage = [2], cost = "tap", target = "self" }', life=7)
    hurt = card("Hurt", life=10)
    b2 = start([rekken, hurt], [card("Foe")], ({0: P1_BACK, 1: P1_MID}, {2: P2_BACK}))
    b2.wounds[1] = 3
    b2.apply(UseAbility(0, 0, (0,)))
    assert b2.wounds == [2, 1, 0]


# ---------------------------------------------------------------- schema


@pytest.mark.parametrize("body, field", [
    ('{ kind = "keyword", keyword = "armour", damage = [2] }', "keyword"),
    ('{ kind = "strike_bonus", damage = [1], when = "sometimes" }', "when"),
    ('{ kind = "strike_bonus", per = "luck" }', "per"),
    ('{ kind = "strike_bonus", damage = [1], per = "kin" }', "damage"),
    ('{ kind = "strike_bonus", damage = [1], cost = "tap" }', "lasts"),
    ('{ kind = "strike_bonus", damage = [1], lasts = "turn" }', "lasts"),
    ('{ kind = "reduce", damage = [1], from = ["simple"], vs_position = "beneath" }', "vs_position"),
    ('{ kind = "effect", damage = [1], cost = "trigger", trigger = "strike", area = "everywhere" }', "area"),
    ('{ kind = "effect", damage = [1], cost = "trigger", trigger = "strike", roll = [7] }', "roll"),
    ('{ kind = "open", cost = "tap", rest = 1 }', "rest"),
    ('{ kind = "cap_strike", damage = [1], cost = "trigger", trigger = "strike" }', "cost"),
    ('{ kind = "taunt" }', "from"),
    ('{ kind = "strike_bonus", damage = [1], vs_has = ["wings"] }', "vs_has"),
    ('{ kind = "keyword", keyword = "armor", damage = [1], partner = "elite" }', "partner"),
    ('{ kind = "keyword", keyword = "armor", damage = [1], squad_has = ["sea"] }', "squad_has"),
    ('{ kind = "effect", damage = [1], cost = "trigger", trigger = "ally_combo", from = ["shot"] }', "from"),
])
def test_schema_errors_name_file_line_and_field(body, field):
    text = f'[[card]]\ncode = "10/1"\nname = "Кочевник"\nstatus = "full"\nabilities = [\n  {body},\n]\n'
    with pytest.raises(BerserkInputError) as err:
        parse_abilities(text, "new.toml")
    assert "new.toml line 6" in str(err.value) and f"field {field!r}" in str(err.value)


# ---------------------------------------------------------------- duels


def test_duel_with_a_strike_that_does_not_close_and_no_counter_strike_wounds():
    """In a duel (the exact DP and its simulation alike) a ``stays_open`` creature (10/165 Барака)
    waits open after its strike, so the other's blows meet an open parrier; a creature protected from
    counter-strikes (10/18 Килсус) takes no wounds when it attacks an open card (000 4.4)."""
    from analysis.combat.duel import duel
    from analysis.combat.monte_carlo import simulate_duels
    from analysis.combat.strike import fighter_from_card, fighter_from_facts, strike_odds

    baraka = unit("Baraka", '{ kind = "stays_open" }', strike=(3, 4, 4), life=13)
    plain = card("Plain", strike=(3, 4, 4), life=13)
    foe = card("Foe", strike=(2, 3, 4), life=12)
    fb, fp, ff = fighter_from_card(baraka), fighter_from_card(plain), fighter_from_card(foe)
    assert fb.stays_open and not fp.stays_open
    exact = duel(fb, ff)
    assert abs(exact.first_wins - duel(fp, ff).first_wins) > 0.001
    sim = simulate_duels(fb, ff, n=60_000, seed=3)
    assert sim.first_wins.lo - 0.005 <= exact.first_wins <= sim.first_wins.hi + 0.005
    kilsus = unit("Kilsus", '{ kind = "protection", from = ["counter"] }', strike=(2, 3, 4), life=11)
    fk = fighter_from_facts(kilsus, (2, 3, 4), 11, foe)
    assert fk.prot_counter
    odds = strike_odds(fk, fighter_from_facts(foe, (2, 3, 4), 12, kilsus))
    assert odds.expected_to_attacker == 0


def test_more_amounts_and_conditions():
    """``per`` own_wounds (10/110 Рэккен: throw X = its wounds, at most 4), poisoned_near_target
    (10/115 Кровяница: finishing off at X + 1), behind_weak (10/199 Тич: on a strong strike the target
    takes the weak strike of the card behind it); a tap finishing off reaches only an adjacent
    creature (000 glossary "Finishing off at X"); ``vs_min_move`` (10/83 Серк), ``vs_rank`` (10/162
    Тварь roots only a common creature)."""
    rekken = unit("Rekken", '{ kind = "throw", per = "own_wounds", per_max = 4, range = 4, '
                            'cost = "tap" }', life=9)
    b = start([rekken], [card("Foe", life=20)], ({0: P1_BACK}, {1: P2_FRONT}))
    b.wounds[0] = 6
    b._situate()
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 4
    blood = unit("Blood", '{ kind = "finishing", per = "poisoned_near_target", plus = 1, cost = "tap" }')
    b2 = start([blood], [card("Weak", life=10), card("Sick"), card("Far", life=3)],
               ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3), 3: P2_BACK}))
    assert 3 not in b2.ability_targets(0, 0)                  # not adjacent
    b2.wounds[1] = 8
    b2.poison[2] = 1
    b2.apply(UseAbility(0, 0, (1,)))                            # 2 left ≤ 1 poisoned + 1
    assert not b2.alive[1]
    teach = unit("Teach", '{ kind = "effect", per = "behind_weak", cost = "trigger", trigger = "strike", '
                 'tiers = ["strong"] }', strike=(2, 3, 4))
    b3 = start([teach], [card("Front", life=20), card("Back", strike=(3, 3, 3))],
               ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_MID}), dice=[6])
    b3.open[1] = False
    b3.apply(Strike(0, 1))
    assert b3.wounds[1] == 4 + 3
    serk = unit("Serk", '{ kind = "reduce", damage = [1], from = ["simple"], vs_min_move = 2 }', life=9)
    b4 = start([card("Fast", strike=(2, 2, 2), move=2), card("Slow", strike=(2, 2, 2))], [serk],
               ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[1, 1])
    b4.open[2] = False
    b4.apply(Strike(0, 2))
    b4.apply(Strike(1, 2))
    assert b4.wounds[2] == 1 + 2
    beast = unit("Beast", '{ kind = "root", cost = "tap", range = 1, vs_rank = "common" }')
    elite = card("Elite")
    elite = type(elite)(**{**elite.__dict__, "elite": True})
    b5 = start([beast], [card("Common"), elite], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3)}))
    assert b5.ability_targets(0, 0) == [1]


def test_formation_area_open_rests_and_columns_and_own_turn():
    """10/15 Рубаки Холверта: on its strike a creature in formation with it opens but acts no more
    this turn (``area = "formation"``, ``rest``); 10/182 Матросы Аделаиды: attack experience in an edge
    column, defence experience in the centre; 10/58 Молотобоец pushes only in its own turn (a
    counter-strike in the enemy's turn does not)."""
    cutters = unit("Cutters", '{ kind = "open", cost = "trigger", trigger = "strike", formation = true, '
                   'area = "formation", rest = true, uses_per_turn = 1 }', formation=1, strike=(2, 3, 4))
    mate = card("Mate", formation=1)
    b = start([cutters, mate], [card("Foe", life=20)], ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}), dice=[1])
    b._close(1)
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.open[1] and not b.can_act(1)
    sailors = unit("Sailors", '{ kind = "keyword", keyword = "exp_defence", damage = [1], '
                              'when = "centre_column" }',
                   '{ kind = "keyword", keyword = "exp_attack", damage = [1], when = "edge_column" }', move=2)
    b2 = start([card("Foe")], [sailors], ({0: P1_BACK}, {1: square(3, 2)}))
    assert b2.cards[1].keyword("exp_defence") == 1 and b2.cards[1].keyword("exp_attack") == 0
    b2.apply(END_TURN)
    b2.apply(Move(1, square(3, 1)))
    b2.apply(Move(1, square(3, 0)))
    assert b2.cards[1].keyword("exp_attack") == 1 and b2.cards[1].keyword("exp_defence") == 0
    hammer = unit("Hammer", '{ kind = "push", damage = [2], cost = "trigger", trigger = "strike", '
                            'when = "own_turn" }',
                  strike=(1, 1, 1), life=12)
    b3 = start([card("Att", strike=(1, 1, 1), life=20)], [hammer], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1,
                                                                                                         6])
    b3.apply(Strike(0, 1))                       # 1 against 6: only the hammer's counter-strike lands
    assert b3.pos[0] == P1_FRONT and b3.wounds[0] == 1   # not pushed (and no 2 wounds instead)


def test_heal_by_the_value_of_the_strike_that_set_it_off():
    """30/97 Таликс: after its simple strike it heals a creature next to it by that strike's power
    (``heal`` with ``per = "strike_value"``; the amount is known only when the strike lands)."""
    healer = unit("Healer", '{ kind = "heal", per = "strike_value", range = 1, cost = "trigger", '
                            'trigger = "strike", target = "ally" }', strike=(2, 3, 3))
    ally = card("Ally", life=10)
    b = start([healer, ally], [card("Foe", life=20)], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}),
              dice=[1, 1], p1=Scripted(targets=[1]))
    b.open[2] = False
    b.wounds[1] = 4
    b.apply(Strike(0, 2))                        # a weak strike of 2 on a closed card
    assert b.wounds[2] == 2 and b.wounds[1] == 2


def test_heuristic_players_play_a_heal_whose_amount_is_a_quantity():
    """The heuristic's estimate of a ``per`` heal (no printed N) is a stand-in amount, not a crash:
    whole battles with such a card run for many seeds."""
    from analysis.battle import HeuristicPlayer, play_battle

    healer = unit("Healer", '{ kind = "heal", per = "strike_value", range = 1, cost = "trigger", '
                            'trigger = "strike", target = "ally" }', strike=(2, 3, 3))
    squads = ([healer, card("Ally", life=10), card("Ally 2", life=8)], [card("Foe", life=12), card("Foe 2")])
    for seed in range(30):
        result = play_battle(squads, (HeuristicPlayer(), HeuristicPlayer()), seed=seed)
        assert result.turns >= 1
