"""The ability kinds added for the sample decks' last unmodelled cards, with fixed dice and
hand-built positions, each against its rulebook passage (000 = the classic rulebook, glossary
entries in quotes; 003 = the detailed rules, by line): caps by strength, parity and state,
vampirism with a life cap, incarnation, blessing and curse given during the battle, and the
``enemy_moves_adjacent`` trigger."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import AUX, square
from analysis.battle.tables import card_key, closed_table
from analysis.battle.valuation import _ability_gain
from analysis.cards.abilities import parse_abilities
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

ATTACKS = '["simple", "shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike"]'
SHOT_234 = '{ kind = "shot", damage = [2, 3, 4], cost = "tap" }'


def shooter():
    return card("Shooter", strike=(1, 1, 1), life=10, abilities=facts(SHOT_234))


def shot_wounds(target, die: int) -> int:
    b = start([shooter()], [target], ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
    b.apply(UseAbility(0, 0, (1,)))
    return b.wounds[1]


def test_cap_on_medium_and_strong_attacks():
    """003 L1877 "reduction of an attack to X": the value becomes X if it was greater; with
    ``tiers`` only medium and strong attacks (a die-picked shot: 1-3 weak, 4-5 medium, 6 strong;
    a simple strike on a closed card: the same bands, 000 4.9)."""
    ghost = card("Ghost", life=10, abilities=facts(
        f'{{ kind = "cap", damage = [1], from = {ATTACKS}, tiers = ["medium", "strong"] }}'))
    assert [shot_wounds(ghost, d) for d in (1, 3, 4, 5, 6)] == [2, 2, 1, 1, 1]
    plain = card("Plain", life=10)
    assert [shot_wounds(plain, d) for d in (1, 4, 6)] == [2, 3, 4]
    hitter = card("Hitter", strike=(2, 3, 4), life=10)
    plain_table = closed_table(card_key(hitter), card_key(plain))
    capped_table = closed_table(card_key(hitter), card_key(ghost))
    assert set(plain_table) == {2, 3, 4}
    assert capped_table == tuple(2 if w == 2 else 1 for w in plain_table)


def test_protection_from_attacks_of_even_power():
    """000 2.8 (a protection: no wounds) held only for attacks of even power ("не получает раны от
    атак чётной величины"): shot 2-3-4 deals 0, 3, 0; a simple strike 2-3-4 likewise."""
    ghost = card("Ghost", life=10, abilities=facts(
        f'{{ kind = "protection", from = {ATTACKS}, parity = "even" }}'))
    assert [shot_wounds(ghost, d) for d in (1, 4, 6)] == [0, 3, 0]
    hitter = card("Hitter", strike=(2, 3, 4), life=10)
    table = closed_table(card_key(hitter), card_key(ghost))
    assert set(table) == {0, 3}


def test_cap_while_closed_applies_only_to_a_closed_card():
    """003 L1877 with ``self_state = "closed"``: simple strikes on it while closed drop to 1; an
    open card takes the full strike (the engine checks the state when the wounds are dealt)."""
    faceless = card("Faceless", strike=(0, 0, 0), life=12, abilities=facts(
        '{ kind = "cap", damage = [1], from = ["simple"], self_state = "closed" }'))
    brute = card("Brute", strike=(5, 5, 5), life=10)
    b = start([brute], [faceless], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 1
    b = start([brute], [faceless], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 1])
    b.apply(Strike(0, 1))                 # open: it fights, the strike is not capped
    assert b.wounds[1] == 5
    b = start([shooter()], [faceless], ({0: P1_BACK}, {1: P2_FRONT}), dice=[6])
    b.open[1] = False
    b.apply(UseAbility(0, 0, (1,)))       # the cap is from simple strikes only
    assert b.wounds[1] == 4


def test_protection_while_closed_only_against_cheap_cards():
    """30/131 Килхе: while closed, protection from all attacks of cards of cost 4 or less (000 2.8
    with ``self_state = "closed"`` and ``vs_max_cost = 4``): a cost-4 brute deals nothing, a cost-5
    one deals its full strike, and so does a cheap shooter's shot once Килхе is open."""
    kilhe = card("Kilhe", strike=(0, 0, 0), life=12, abilities=facts(
        '{ kind = "protection", from = ["all"], vs_max_cost = 4, self_state = "closed" }'))
    for cost, wounds in ((4, 0), (5, 5)):
        brute = card(f"Brute {cost}", strike=(5, 5, 5), life=10, cost=cost)
        b = start([brute], [kilhe], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == wounds, cost
    cheap_shooter = card("Shooter", strike=(1, 1, 1), life=10, cost=3, abilities=facts(SHOT_234))
    b = start([cheap_shooter], [kilhe], ({0: P1_BACK}, {1: P2_FRONT}), dice=[6])
    b.open[1] = False
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 0
    b = start([cheap_shooter], [kilhe], ({0: P1_BACK}, {1: P2_FRONT}), dice=[6])
    b.apply(UseAbility(0, 0, (1,)))       # open: no protection
    assert b.wounds[1] == 4


def test_vampirism_heals_then_adds_life_up_to_its_cap():
    """000 glossary "Vampirism": X wounds dealt heal X; what is left becomes additional life, never
    more than the target had; not against artifacts or incorporeal creatures; ``life_cap`` bounds
    its life."""
    vampire = card("Vampire", strike=(3, 3, 3), life=10,
                   abilities=facts('{ kind = "vampirism", life_cap = 11 }'))
    uncapped = card("Uncapped", strike=(3, 3, 3), life=10, abilities=facts('{ kind = "vampirism" }'))
    b = start([vampire], [card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    b.wounds[0] = 1
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3 and b.wounds[0] == 0 and b.life[0] == 11   # 1 healed, +1 life (cap 11)
    b = start([uncapped], [card(life=2), card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}),
              dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.life[0] == 12                   # 3 dealt, but the target had only 2 life left
    for other in (card(life=10, incorporeal=1), card(life=10, type="artifact", strike=None, move=0)):
        b = start([vampire], [other, card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6])
        b.wounds[0] = 2
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[0] == 2 and b.life[0] == 10
    clone_source = start([vampire], [card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    clone = clone_source.clone()
    clone_source.open[1] = False
    clone_source.apply(Strike(0, 1))
    assert clone_source.life[0] == 11 and clone.life[0] == 10     # a clone keeps its own life


def test_incarnation_returns_closed_to_the_third_row_once():
    """000 glossary "Incarnation - X" / "Incarnation token": a token at each start of its owner's
    turn in the graveyard; at X it returns closed and unwounded to a free square of the owner's
    third row; once per battle."""
    undead = card("Undead", strike=(1, 1, 1), life=2,
                  abilities=facts('{ kind = "incarnation", damage = [2] }'))
    friend, brute = card("Friend", life=10), card("Brute", strike=(5, 5, 5), life=20)
    b = start([friend], [undead, brute], ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}), dice=[6])
    b.wounds[1] = 2
    b._settle([1])                            # it dies in the First player's turn
    assert not b.alive[1]
    b.apply(END_TURN)                         # its owner's turn: token 1
    assert not b.alive[1] and b.tokens[1] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)                         # token 2: it returns
    assert b.alive[1] and not b.open[1] and b.wounds[1] == 0
    assert b.pos[1] // 5 == 5 and b.board[b.pos[1]] == 1 and 1 in b.units[1]
    b.wounds[1] = 2
    b._settle([1])
    for _ in range(6):
        b.apply(END_TURN)
    assert not b.alive[1]                     # once per battle


def test_incarnation_of_a_flyer_goes_to_the_auxiliary_zone():
    bat = card("Bat", type="flyer", life=1, move=0, abilities=facts('{ kind = "incarnation", damage = [1] }'))
    b = start([card(life=10)], [bat, card(life=10)], ({0: P1_BACK}, {1: P2_BACK, 2: P2_FRONT}))
    b.wounds[1] = 1
    b._settle([1])
    b.apply(END_TURN)
    assert b.alive[1] and b.pos[1] == AUX


def test_blessing_given_by_an_action_and_curse_on_strike():
    """000 glossary "Blessing" / "Curse": +1 / −1 on any roll for the card, for the rest of the
    battle (an acquired ability, p.135); given again it changes nothing; given as an effect,
    fortitude blocks it (000 2.8, "Fortitude")."""
    priest = card("Priest", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "give_blessing", cost = "tap", via = "effect" }'))
    archer = shooter()
    b = start([priest, archer], [card(life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}), dice=[5])
    before = b.clone()
    b.apply(UseAbility(0, 0, (1,)))
    b.apply(UseAbility(1, 0, (2,)))           # 5 + 1 = 6: the strong shot
    assert b.wounds[2] == 4
    before.apply(UseAbility(1, 0, (2,)), draws=(5,))   # the clone taken before is not blessed: medium
    assert before.wounds[2] == 3
    witch = card("Witch", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "give_curse", cost = "trigger", trigger = "strike" }'))
    b = start([witch, card(life=10)], [shooter()], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), dice=[6])
    b.open[2] = False
    b.apply(Strike(0, 2))
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (1,)), draws=(4,))   # 4 − 1 = 3: the weak shot
    assert b.wounds[1] == 2
    stout = card("Stout", life=10, fortitude=1)
    fixer = card("Fixer", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "give_curse", cost = "tap", via = "effect" }'))
    b = start([fixer], [stout], ({0: P1_BACK}, {1: P2_FRONT}))
    key = b.key[1]
    b.apply(UseAbility(0, 0, (1,)))
    assert b.key[1] == key                    # fortitude: the effect does not reach it


def test_heuristic_values_a_curse_only_on_an_uncursed_creature():
    witch = card("Witch", strike=(1, 1, 1), life=10, abilities=facts('{ kind = "give_curse", cost = "tap" }'))
    cursed = card("Cursed", life=10, abilities=facts('{ kind = "curse" }'))
    plain = card("Plain", life=10)
    kw = card_key(witch)
    assert _ability_gain(kw, 0, card_key(plain), 10, 0, {}, 0) > 0
    assert _ability_gain(kw, 0, card_key(cursed), 10, 0, {}, 0) == 0


def test_enemy_stepping_next_to_it_is_cursed_once_per_turn():
    """``enemy_moves_adjacent``: a triggered ability (000 glossary "Triggered ability") aimed at the
    enemy creature that ended a step next to it; ``uses_per_turn = 1``."""
    cat = card("Cat", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "give_curse", cost = "trigger", trigger = "enemy_moves_adjacent", via = "effect", '
        'uses_per_turn = 1 }'))
    walker, other = card("Walker", life=10, move=3), card("Other", life=10, move=3)
    b = start([walker, other], [cat], ({0: square(1, 1), 1: square(1, 3)}, {2: square(4, 2)}))
    keys = list(b.key)
    b.apply(Move(0, square(2, 1)))            # not next to the cat at (4, 2)
    assert b.key[0] == keys[0]
    b.apply(Move(0, square(3, 1)))            # next to it: cursed
    assert b.key[0] != keys[0]
    b.apply(Move(1, square(2, 3)))
    b.apply(Move(1, square(3, 3)))            # next to it, but once per turn
    assert b.key[1] == keys[1]


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        ('{ kind = "cap", damage = [1], from = ["simple"], tiers = ["huge"] }', "tiers"),
        ('{ kind = "cap", damage = [1], from = ["simple"], parity = "prime" }', "parity"),
        ('{ kind = "shot", damage = [1], cost = "tap", tiers = ["weak"] }', "tiers"),
        ('{ kind = "shot", damage = [1], cost = "tap", life_cap = 12 }', "life_cap"),
        ('{ kind = "vampirism", life_cap = -1 }', "life_cap"),
        ('{ kind = "vampirism", damage = [2] }', "damage"),
    ],
)
def test_bad_new_fields_name_file_line_and_field(ability, field):
    text = f'[[card]]\ncode = "40/168"\nname = "X"\nstatus = "full"\nabilities = [\n  {ability},\n]\n'
    with pytest.raises(BerserkInputError) as err:
        parse_abilities(text, "bad.toml")
    assert "bad.toml line 6 " in str(err.value) and f"field {field!r}" in str(err.value)
