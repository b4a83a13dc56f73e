"""Fury (Бешенство X): no rulebook at hand defines it, so it plays as the cards' reminder text says
(40/5 Цепной пёс: "if the die roll, when it attacks on its own turn, is X or less", 50/30
Орк-воевода: fury is set off by each roll): trigger ``fury`` with ``fury = X``; its X raised by
``keyword = "fury"`` facts (printed, given for a while, or its companion's); the companion's
``host_fury``; ``next_roll`` (50/6 Кровавый шаман) and ``roll_wounds`` (60/4 Головорез племени).
Synthetic cards with the facts of the printings named, fixed dice."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.cards.abilities import parse_abilities
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

FURY3_WOUND = '{ kind = "effect", damage = [2], cost = "trigger", trigger = "fury", fury = 3 }'


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


@pytest.mark.parametrize("die, extra", [(1, 2), (3, 2), (4, 0), (6, 0)])
def test_fury_fires_on_an_attack_roll_of_x_or_less(die, extra):
    """Fury 3: the attacker's die 1-3 sets it off (it aims at the attacked card), 4-6 does not."""
    orc = unit("Orc", FURY3_WOUND, strike=(1, 1, 1))
    b = start([orc], [card("Foe", life=20)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[die])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 1 + extra


def test_fury_only_on_its_own_turn_and_on_ranged_attack_dice():
    """"When it attacks on its own turn": parrying in the enemy's turn sets nothing off; the die of
    a shot does."""
    orc = unit("Orc", FURY3_WOUND, '{ kind = "shot", damage = [1, 2, 3], range = 3, cost = "tap" }',
               strike=(1, 1, 1), life=20)
    b = start([card("Foe", strike=(1, 1, 1), life=20)], [orc], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1])
    b.apply(Strike(0, 1))                          # the orc parries with a 1: not its turn
    assert b.wounds[0] <= 1                        # (no fury 2 on the attacker)
    shooter = unit("Shooter", FURY3_WOUND, '{ kind = "shot", damage = [1, 2, 3], range = 3, cost = "tap" }',
                   strike=(1, 1, 1))
    b2 = start([shooter], [card("Foe", life=20)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[2])
    b2.apply(UseAbility(0, 1, (1,)))
    assert b2.wounds[1] == 1 + 2


def test_companion_raises_its_hosts_fury_and_moves_on_when_it_fires():
    """60/23 Дух ярости: its host has +2 fury (fury 3 fires on a 5) and, when the host's fury fires,
    it may move onto another adjacent ally (``host_fury`` + ``rehost``, 2 per turn); the heuristic
    player moves it to a fury creature that may still attack (an open fury orc, not the sturdier
    plain ally)."""
    spirit = unit("Spirit", '{ kind = "keyword", keyword = "fury", damage = [2] }',
                  '{ kind = "rehost", cost = "trigger", trigger = "host_fury", uses_per_turn = 2 }',
                  type="companion", move=0, life=5, strike=(1, 1, 1))
    orc = unit("Orc", FURY3_WOUND, strike=(1, 1, 1), life=10)
    orc2 = unit("Orc2", FURY3_WOUND, strike=(1, 1, 1), life=10)
    big = card("Big", life=30)
    from analysis.battle.players import HeuristicPlayer

    b = start([orc, spirit, orc2, big], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: square(1, 2), 2: square(2, 1), 3: square(2, 3)}, {4: P2_FRONT}),
              dice=[5], p1=HeuristicPlayer())
    assert b.host[1] == 0 and b._fury_bonus(0) == 2 and b._fury_bonus(2) == 0
    b.open[4] = False
    b.apply(Strike(0, 4))
    assert b.wounds[4] == 1 + 2                    # fury 3 + 2 fired on a 5
    assert b.host[1] == 2 and b.rider[0] == -1 and b._fury_bonus(2) == 2


def test_next_roll_fixes_the_next_die_of_your_card_this_turn():
    """50/6 Кровавый шаман, fury 6: the next die roll of a card of yours this turn equals this roll
    (the dice would give 6; the second orc's strike rolls the shaman's 2); it does not outlive the
    turn."""
    shaman = unit("Shaman", '{ kind = "next_roll", cost = "trigger", trigger = "fury", fury = 6 }',
                  strike=(1, 2, 3), life=10)
    orc = card("Orc", strike=(1, 2, 3), life=10)
    b = start([shaman, orc], [card("Foe", life=20), card("Foe2", life=20)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 1)}), dice=[2, 6])
    b.open[2] = b.open[3] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 1 and b.next_face[0] == 2
    b.apply(Strike(1, 3))                          # die 6 rolled, shows 2: weak 1, not strong 3
    assert b.wounds[3] == 1 and b.next_face[0] == 0
    b3 = start([shaman], [card("Foe", life=20)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[2])
    b3.open[1] = False
    b3.apply(Strike(0, 1))
    b3.apply(END_TURN)
    assert b3.next_face == [0, 0]


def test_roll_wounds_given_by_fury_until_the_end_of_the_opponents_turn():
    """60/4 Головорез племени, fury 3: the struck card wounds itself 1 on each of its die rolls until
    the end of the opponent's turn (``roll_wounds`` given with ``lasts = "own_turn"``, the end of
    the holder's own turn): its attack roll costs it 1; after its turn it is gone."""
    cutthroat = unit("Cutthroat", '{ kind = "roll_wounds", damage = [1], cost = "trigger", trigger = "fury", '
                     'fury = 3, target = "enemy", lasts = "own_turn" }', strike=(1, 1, 1), life=30)
    b = start([cutthroat], [card("Foe", strike=(1, 1, 1), life=30)], ({0: P1_FRONT}, {1: P2_FRONT}),
              dice=[1, 6, 1, 1, 1, 1, 1])
    b.apply(Strike(0, 1))                          # 1 vs 6 (open foe): fury fires on the 1
    w = b.wounds[1]
    b.apply(END_TURN)
    b.apply(Strike(1, 0))                          # the foe attacks the closed cutthroat: its roll costs 1
    assert b.wounds[1] == w + 1 and b.wounds[0] == 1 + 1
    b.apply(END_TURN)                              # the end of the foe's own turn: it is gone
    assert b.grants[1] == () and b._roll_hurt
    w = b.wounds[1]
    b.apply(Strike(0, 1))                          # 1 vs 1 (the foe closed): no roll of its own
    assert b.wounds[1] == w + 1


def test_granted_fury_bonus_until_the_end_of_your_turn():
    """50/28 Нартал / 50/14 Орк-сокрушитель: "+N to fury until the end of your turn" is a
    ``keyword = "fury"`` grant that adds N to every fury X of the card (fury 2 + 1 fires on a 3)."""
    crusher = unit("Crusher", '{ kind = "effect", damage = [1], cost = "trigger", trigger = "fury", '
                   'fury = 2, area = "near_target", every = true }',
                   '{ kind = "keyword", keyword = "fury", damage = [1], cost = "trigger", '
                   'trigger = "wounded", target = "self", lasts = "own_turn" }', strike=(1, 1, 1), life=20)
    b = start([card("Foe", strike=(1, 1, 1), life=20), card("Side", life=20)], [crusher],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[6, 1])
    b.apply(Strike(0, 2))                          # the crusher is wounded in the enemy's turn
    assert b._fury_bonus(2) == 1
    b.apply(END_TURN)
    b.open[0] = False
    b._draws = iter([3])
    b.apply(Strike(2, 0))                          # a 3 <= 2 + 1: wounds the card next to the target
    assert b.wounds[1] == 1
    b.apply(END_TURN)
    assert b._fury_bonus(2) == 0


@pytest.mark.parametrize("body", [
    '{ kind = "effect", damage = [1], cost = "trigger", trigger = "fury" }',
    '{ kind = "effect", damage = [1], cost = "trigger", trigger = "strike", fury = 3 }',
    '{ kind = "next_roll", cost = "trigger", trigger = "strike" }',
])
def test_fury_schema(body):
    text = f'[[card]]\ncode = "10/1"\nname = "Кочевник"\nstatus = "full"\nabilities = [\n  {body},\n]\n'
    with pytest.raises(BerserkInputError):
        parse_abilities(text, "new.toml")


def test_sample_deck_fury_cards_play_their_facts():
    """The printings of «Орки Карапета» this plays are full (60/4, 50/6, 60/23) and the fury facts
    parse as the vocabulary says."""
    from analysis.cards.abilities import load_abilities

    book = load_abilities()
    for code in ("60/4", "50/6", "60/23", "50/14", "40/28"):
        assert book[code].status == "full", code
    assert any(a.trigger == "fury" and a.fury == 6 for a in book["50/6"].abilities)
    _ = Scripted


@pytest.mark.parametrize("die, shot, itself", [(2, 2, 0), (4, 3, 1), (5, 3, 1), (6, 4, 2)])
def test_attack_trigger_by_the_band_of_the_die(die, shot, itself):
    """60/27 Лучник Захры: after its shot it wounds itself 1 on a medium shot, 2 on a strong one
    (trigger ``attack`` with ``tiers``: the band of the shot's die, 1-3 / 4-5 / 6)."""
    archer = unit("Archer", '{ kind = "shot", damage = [2, 3, 4], range = 4, cost = "tap" }',
                  '{ kind = "effect", damage = [1], cost = "trigger", trigger = "attack", '
                  'tiers = ["medium"], target = "self" }',
                  '{ kind = "effect", damage = [2], cost = "trigger", trigger = "attack", '
                  'tiers = ["strong"], target = "self" }', strike=(1, 1, 1), life=10)
    b = start([archer], [card("Foe", life=20)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
    b.apply(UseAbility(0, 0, (1,)))
    assert (b.wounds[1], b.wounds[0]) == (shot, itself)


def test_squad_rolls_reads_the_die_that_set_it_off():
    """40/24 Анволд: when a die roll of a creature of its squad is 1, the next non-magic wound to its
    cards until the end of the opponent's turn is prevented (``shield`` on trigger ``squad_rolls``
    with ``roll = [1]``, 2 per turn); a roll of 2 does nothing."""
    anvold = unit("Anvold", '{ kind = "shield", damage = [1], cost = "trigger", trigger = "squad_rolls", '
                  'roll = [1], uses_per_turn = 2 }', strike=(1, 1, 2), life=8)
    b = start([card("Orc", strike=(1, 1, 1), life=10), anvold], [card("Foe", strike=(2, 2, 2), life=20)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), dice=[1])
    b.open[2] = False
    b.apply(Strike(0, 2))                          # the orc rolls a 1
    assert b.shield[0] == 1
    b2 = start([card("Orc", strike=(1, 1, 1), life=10), anvold], [card("Foe", life=20)],
               ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), dice=[2])
    b2.open[2] = False
    b2.apply(Strike(0, 2))
    assert b2.shield[0] == 0


def test_formation_partners_add_fury_one_each():
    """40/68 Гном-варвар: "Строй: +X к бешенству, X — партнёры по строю": one ``keyword = "fury"``
    fact per partner count (``formation``, ``count`` 1..4) adds up to X; fury 1 then fires on a 2
    with one partner and wounds 2 an enemy card next to the target (``area = "near_target"``)."""
    dwarf = unit("Dwarf", '{ kind = "effect", damage = [2], cost = "trigger", trigger = "fury", fury = 1, '
                 'area = "near_target" }',
                 '{ kind = "keyword", keyword = "fury", damage = [1], formation = true }',
                 '{ kind = "keyword", keyword = "fury", damage = [1], formation = true, count = 2 }',
                 strike=(1, 1, 1), life=12, formation=1)
    b = start([dwarf, card("Partner", formation=1)], [card("Foe", life=20), card("Side", life=20)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 3)}), dice=[2])
    assert b._fury_bonus(0) == 1
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[3] == 2
