"""``counts_as`` / ``taken_as``: attacks that count as one strength ("сводится к сильному / слабым").

30/134 Одержимый: "{strike} Одержимого по существам с проклятием сводятся к сильному"; 40/173 Эльята:
"атаки Эльяты по существам с проклятием сводятся к сильным"; 50/81 Остроморд: "атаки болотных карт по
Остроморду сводятся к слабым"; 30/191 Феликс Гаптор: "до конца этого хода все {strike} по выбранному
существу сводятся к сильным"; 30/159 Тухлопуз: "следующий {strike} сводится к сильному"."""

from __future__ import annotations

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.tables import card_key, card_of
from analysis.battle.valuation import _exact_gain
from analysis.cards.ability_rules import strike_passives
from analysis.combat.strike import fighter_from_card
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

POSSESSED = facts('{ kind = "counts_as", tiers = ["strong"], from = ["simple"], vs_state = "cursed" }')
CURSED = facts('{ kind = "curse" }')


def _closed_strike(attacker, target, die):
    b = start([attacker], [target, card("Far", life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}),
              dice=[die])
    b.open[1] = False
    b.apply(Strike(0, 1))
    return b.wounds[1]


def test_simple_strike_on_a_cursed_creature_counts_as_strong():
    possessed = card("Possessed", strike=(1, 1, 3), life=7, abilities=POSSESSED)
    assert _closed_strike(possessed, card("Cursed", life=10, abilities=CURSED), 1) == 3
    assert _closed_strike(possessed, card("Plain", life=10), 1) == 1


def test_duels_and_the_heuristic_odds_see_it():
    """The heuristic's exact strike odds use the strike-time variant of the attacker (its facts that
    hold against this target), whose closed odds are those of a 3-3-3 striker here."""
    possessed = card("Possessed", strike=(1, 1, 3), life=7, abilities=POSSESSED)
    cursed = card("Cursed", strike=(1, 1, 1), life=10, abilities=CURSED)
    b = start([possessed], [cursed, card("Far", life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}))
    ku = b._strike_key(0, 1, True)
    strong = card_key(card("Strong", strike=(3, 3, 3), life=7))
    kc = b.key[1]
    assert _exact_gain(ku, kc, 7, 10, 0, 0, False, "strike_table") == _exact_gain(
        strong, kc, 7, 10, 0, 0, False, "strike_table")
    assert fighter_from_card(card_of(ku), against=cursed).strike == (3, 3, 3)   # (a duel's fighter)


ELYATA = facts('{ kind = "discharge", damage = [1, 2, 2], range = 5, cost = "tap" }',
               '{ kind = "counts_as", tiers = ["strong"], from = ["attacks"], vs_state = "cursed" }')


def test_an_xyz_attack_counts_as_strong_whatever_its_die():
    for target, wounds in ((card("Cursed", life=10, abilities=CURSED), 2), (card("Plain", life=10), 1)):
        b = start([card("Elyata", strike=(1, 2, 3), life=9, abilities=ELYATA)],
                  [target, card("Far", life=10)], ({0: P1_FRONT}, {1: square(4, 2), 2: square(5, 2)}),
                  dice=[1])
        b.apply(UseAbility(0, 0, (1,)))
        assert b.wounds[1] == wounds


SNOUT = facts('{ kind = "taken_as", tiers = ["weak"], from = ["attacks"], vs_elements = ["swamps"] }')


def test_attacks_of_swamp_cards_on_it_count_as_weak():
    snout = card("Snout", strike=(2, 2, 3), life=20, abilities=SNOUT)
    assert _closed_strike(card("Swamp", strike=(2, 3, 4), elements=("swamps",)), snout, 6) == 2
    assert _closed_strike(card("Forest", strike=(2, 3, 4), elements=("forests",)), snout, 6) == 4
    fighter = fighter_from_card(card("Swamp", strike=(2, 3, 4), elements=("swamps",)), against=snout)
    assert fighter.strike == (2, 2, 2)


HATRED = facts('{ kind = "taken_as", tiers = ["strong"], from = ["simple"], cost = "tap", target = "any", '
               'lasts = "turn", via = "effect" }')


def test_an_effect_makes_every_strike_on_the_chosen_creature_strong_this_turn():
    felix = card("Felix", strike=(1, 2, 3), life=9, abilities=HATRED)
    b = start([felix, card("Hitter", strike=(1, 2, 4), life=10)],
              [card("Foe", life=20), card("Far", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=[1])
    b.apply(UseAbility(0, 0, (2,)))
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert b.wounds[2] == 4
    b._end_turn()
    assert fighter_from_card(b.cards[1], against=b.cards[2]).strike == (1, 2, 4)


NEXT_STRONG = facts('{ kind = "counts_as", tiers = ["strong"], from = ["simple"], cost = "tap", '
                    'target = "ally", lasts = "next_attack", via = "effect" }')


def test_the_next_strike_counts_as_strong_then_it_is_spent():
    b = start([card("Giver", life=6, abilities=NEXT_STRONG), card("Hitter", strike=(1, 2, 4), life=10)],
              [card("Foe", life=20), card("Far", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=[1])
    b.apply(UseAbility(0, 0, (1,)))
    assert fighter_from_card(b.cards[1]).strike == (4, 4, 4)
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert b.wounds[2] == 4 and fighter_from_card(b.cards[1]).strike == (1, 2, 4)


def test_the_heuristic_marks_a_foe_one_of_its_creatures_can_still_strike():
    from analysis.battle.players import HeuristicPlayer

    felix = card("Felix", strike=(1, 2, 3), life=9, abilities=HATRED)
    b = start([felix, card("Hitter", strike=(1, 2, 4), life=10)],
              [card("Near", life=12), card("Far", life=12)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}))
    player = HeuristicPlayer()
    assert player._target_gain(b, 0, 0, 3) == 0.0 < player._target_gain(b, 0, 0, 2)
    assert player.choose_targets(b, 0, 0, [0, 1, 2, 3], 1) == (2,)


COVE = facts('{ kind = "strike_bonus", damage = [1], cost = "aura", area = "squad", target = "ally", '
             'vs_classes = ["Пират"], vs_position = "behind" }')


def test_a_terrain_aura_for_strikes_on_the_card_behind():
    """30/167 Бухта подлецов: "каждый ваш пират … имеет +1 к {strike} по существам, стоящим на клетке
    позади него" (the square behind it, as its owner sees the board)."""
    cove = card("Cove", strike=None, life=0, type="terrain", abilities=COVE)
    pirate = card("Pirate", strike=(2, 2, 2), life=10, classes=("Пират",))
    for foe_square, wounds in ((square(1, 2), 3), (square(3, 2), 2)):
        b = start([pirate, cove], [card("Foe", life=10), card("Far", life=10)],
                  ({0: P1_FRONT, 1: square(0, 1)}, {2: square(3, 1), 3: square(5, 2)}), dice=[1])
        b._put(2, b.pos[2], foe_square)   # (an enemy behind it, or in front of it)
        b.open[2] = False
        b.apply(Strike(0, 2))
        assert b.wounds[2] == wounds


CHIEF = facts('{ kind = "taken_as", tiers = ["weak"], from = ["attacks"], vs_state = "unwounded" }',
              '{ kind = "strike_bonus", per = "adjacent_even_enemies" }')


def test_attacks_by_unwounded_cards_count_as_weak_and_even_neighbours_raise_its_strike():
    """50/69 Вождь дирров: "атаки карт без ран по Вождю дирров сводятся к слабым. +1 к {strike} за
    каждую стоящую рядом карту противника с чётным количеством {health}"."""
    for wounded, wounds in ((0, 2), (1, 4)):
        chief = card("Chief", strike=(2, 3, 4), life=15, abilities=CHIEF)
        b = start([card("Hitter", strike=(2, 3, 4), life=10)], [chief, card("Far", life=10)],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[6])
        b.wounds[0] = wounded
        b.open[1] = False
        b.apply(Strike(0, 1))                       # a 6: strong 4, or weak 2 from an unwounded card
        assert b.wounds[1] == wounds
    chief = card("Chief", strike=(2, 3, 4), life=15, abilities=CHIEF)
    b = start([card("Even", life=10), card("Odd", life=9)], [chief, card("Far", life=10)],
              ({0: P1_FRONT, 1: square(2, 3)}, {2: P2_FRONT, 3: square(5, 2)}))
    assert strike_passives(b.cards[2]).bonus == (1, 1, 1)   # one neighbour with 10 life left
    b.wounds[1] = 1
    b._situate()
    assert strike_passives(b.cards[2]).bonus == (2, 2, 2)


STASH = facts('{ kind = "counts_as", tiers = ["weak", "medium"], from = ["attacks"], cost = "aura", '
              'area = "squad", target = "ally", vs_classes = ["Пират"] }')
"""40/181 Пиратский схрон: "слабые атаки пиратов … сводятся к средним" (its owner's pirates: the
stash goes under the opponent's control, whose opponent they are)."""


def _stash_battle(attacker, die, ability=False):
    stash = card("Stash", life=6, abilities=STASH, type="artifact")
    target = card("Foe", life=20)
    b = start([attacker, stash], [target, card("Far", life=10)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: square(4, 2) if ability else P2_FRONT, 3: square(5, 2)}),
              dice=[die])
    b.open[2] = False
    if ability:
        b.apply(UseAbility(0, 0, (2,)))
    else:
        b.apply(Strike(0, 2))
    return b.wounds[2]


def test_weak_attacks_of_your_pirates_count_as_medium():
    pirate = card("Pirate", strike=(1, 3, 4), life=8, classes=("Пират",))
    assert _stash_battle(pirate, 2) == 3       # a weak strike deals its medium 3
    assert _stash_battle(pirate, 6) == 4       # a strong one stays strong
    other = card("Other", strike=(1, 3, 4), life=8)
    assert _stash_battle(other, 2) == 1        # not a pirate


def test_a_pirates_weak_throw_counts_as_medium():
    thrower = card("Thrower", strike=(1, 1, 1), life=8, classes=("Пират",), abilities=facts(
        '{ kind = "throw", damage = [1, 2, 3], cost = "tap" }'))
    assert _stash_battle(thrower, 1, ability=True) == 2
    assert _stash_battle(thrower, 6, ability=True) == 3


def test_two_tiers_must_go_up():
    import pytest

    with pytest.raises(ValueError):
        card("Bad", abilities=facts('{ kind = "counts_as", tiers = ["medium", "weak"], from = ["attacks"] }'))
