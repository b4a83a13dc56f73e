"""Incarnation tokens as engine state and currency, with fixed dice and hand-built positions, each
against the rulebook passage or the card text it implements (000 = the classic rulebook, glossary
entries in quotes): the ``tokens`` cost (tokens taken from cards of the owner's graveyard), the
``grave_token`` kind (a graveyard card gets tokens), the ``ally_incarnates`` / ``ally_token``
triggers (also heard by a card lying in the graveyard), incarnation any number of times
(``repeats``), and the heuristic player's choice of the token to pay or to give."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, HeuristicPlayer, Strike, UseAbility
from analysis.battle.board import square
from analysis.cards.abilities import parse_abilities
from analysis.combat.strike import duel_attacks
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

P1_LEFT = square(0, 1)
P1_RIGHT = square(0, 3)


def undead(name: str = "Undead", x: int = 3, **kw):
    return card(name, strike=(1, 1, 1), life=2, **kw,
                abilities=facts(f'{{ kind = "incarnation", damage = [{x}] }}'))


def bury(b, *units: int) -> None:
    """Destroy ``units`` (000 4.17: wounds reach life)."""
    for u in units:
        b.wounds[u] = b.life[u]
    b._settle(list(units))
    assert not any(b.alive[u] for u in units)


def rider():
    """40/160 Костяной всадник's rule: at the start of its owner's turn, for one incarnation token
    from a card of its graveyard, a chosen enemy creature is poisoned at 1."""
    return card("Rider", strike=(2, 3, 4), life=10, abilities=facts(
        '{ kind = "poison", damage = [1], cost = "trigger", trigger = "turn_start", tokens = 1 }'))


def test_turn_start_poison_paid_with_a_graveyard_token():
    """The ``tokens`` cost: 000 glossary "Incarnation token" (tokens lie on the card in the
    graveyard); the triggered ability takes one off and fires; without a token it does not fire."""
    b = start([rider(), undead()], [card(life=10), card(life=10)],
              ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT, 3: P2_BACK}))
    bury(b, 1)
    b.tokens[1] = 1
    b._fire(0, "turn_start")
    assert b.tokens[1] == 0 and max(b.poison[2], b.poison[3]) == 1
    b.poison[2] = b.poison[3] = 0
    b._fire(0, "turn_start")                      # no token left: nothing happens
    assert b.poison[2] == b.poison[3] == 0


def test_token_cost_in_a_whole_turn_delays_the_incarnation():
    """Both start-of-turn rules in order (the token step of incarnation first, 000 6.3): the buried
    creature takes its token, the rider takes it away for its poisoning."""
    b = start([rider(), card(life=10), undead(x=3)], [card(life=10)],
              ({0: P1_BACK, 1: P1_LEFT, 2: P1_RIGHT}, {3: P2_FRONT}))
    bury(b, 2)
    b.apply(END_TURN)
    b.apply(END_TURN)                              # First player's turn 2: token 1, then paid
    assert b.tokens[2] == 0 and b.poison[3] == 1


def test_token_action_needs_a_token_and_pays_it():
    """60/173 Мертвяцкая бомбарда's rule as recorded (+2 to its shot for a token of a creature of
    its graveyard, once per turn): the stronger shot is ready only while a token lies there."""
    bombard = card("Bombard", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "shot", damage = [1, 2, 2], cost = "tap" }',
        '{ kind = "shot", damage = [3, 4, 4], cost = "tap", tokens = 1, uses_per_turn = 1 }'))
    b = start([bombard, undead()], [card(life=10)], ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT}), dice=[4])
    bury(b, 1)
    assert not b.ability_ready(0, 1) and b.ability_ready(0, 0)
    b.tokens[1] = 2
    assert b.ability_ready(0, 1)
    b.apply(UseAbility(0, 1, (2,)))
    assert b.wounds[2] == 4 and b.tokens[1] == 1
    assert duel_attacks(bombard) == duel_attacks(card("Plain", abilities=facts(
        '{ kind = "shot", damage = [1, 2, 2], cost = "tap" }')))   # a duel has no graveyard


def test_heuristic_plays_the_token_shot():
    bombard = card("Bombard", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "shot", damage = [1, 2, 2], cost = "tap" }',
        '{ kind = "shot", damage = [3, 4, 4], cost = "tap", tokens = 1, uses_per_turn = 1 }'))
    b = start([bombard, undead()], [card(life=10)], ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT}),
              p1=HeuristicPlayer())
    bury(b, 1)
    b.tokens[1] = 1
    action = HeuristicPlayer().choose_action(b)
    assert action == UseAbility(0, 1, (2,))
    b.tokens[1] = 2                                # 3 of 3 next turn: that token is kept
    assert HeuristicPlayer().choose_action(b) == UseAbility(0, 0, (2,))


def test_heuristic_pays_with_the_token_that_brings_nothing_back():
    """``token_holder``: a token on a card without incarnation (or beyond its X) is paid first; then
    the creature furthest from returning; a triggered payment is declined when every holder would
    return at its owner's next turn start. A token given goes to the creature nearest to returning."""
    plain = card("Plain", life=2)
    b = start([rider(), plain, undead("Near", x=3), undead("Far", x=5)], [card(life=10)],
              ({0: P1_BACK, 1: P1_LEFT, 2: P1_RIGHT, 3: P1_FRONT}, {4: P2_FRONT}))
    bury(b, 1, 2, 3)
    b.tokens[1:4] = [1, 2, 1]
    h = HeuristicPlayer()
    assert h.token_holder(b, 0, [1, 2, 3], False) == 1         # the plain card's token is free
    assert h.token_holder(b, 0, [2, 3], False) == 3            # Far: 4 tokens still to go
    assert h.token_holder(b, 0, [2], False) == -1              # Near returns next turn: kept
    assert h.token_holder(b, 0, [1, 2, 3], True) == 2          # given: Near is one token short
    b = start([rider(), undead("Near", x=3)], [card(life=10), card(life=10)],
              ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT, 3: P2_BACK}), p1=HeuristicPlayer())
    bury(b, 1)
    b.tokens[1] = 2
    b._fire(0, "turn_start")                                   # declined: no poisoning
    assert b.tokens[1] == 2 and b.poison[2] == b.poison[3] == 0


def shaggon():
    """40/171 Шаггон: incarnation 5; when another creature of its squad incarnates or loses an
    incarnation token: +1 simple strike until the end of the turn in play, or an incarnation token
    in the graveyard (2 times per turn)."""
    return card("Shaggon", strike=(2, 3, 3), life=9, move=2, abilities=facts(
        '{ kind = "incarnation", damage = [5] }',
        '{ kind = "strike_bonus", damage = [1], cost = "trigger", trigger = "ally_token", lasts = "turn", '
        'uses_per_turn = 2 }',
        '{ kind = "grave_token", cost = "trigger", trigger = "ally_token", target = "self", '
        'uses_per_turn = 2 }'))


def test_ally_incarnating_gives_shaggon_a_strike_bonus_this_turn():
    """``ally_token`` on a return (000 glossary "Incarnation - X": it returns at the start of its
    owner's turn): +1 to the simple strike until the end of that turn."""
    b = start([shaggon(), undead(x=1), card(life=10)], [card(life=20)],
              ({0: P1_FRONT, 1: P1_LEFT, 2: P1_RIGHT}, {3: P2_FRONT}), dice=[6, 6])
    bury(b, 1)
    b.apply(END_TURN)
    b.apply(END_TURN)                              # token 1: it returns; Шаггон hears it
    assert b.alive[1]
    b.open[3] = False
    b.apply(Strike(0, 3))
    assert b.wounds[3] == 4                        # strong 3 + 1
    b = start([shaggon(), card(life=10)], [card(life=20)], ({0: P1_FRONT, 1: P1_LEFT}, {2: P2_FRONT}),
              dice=[6])
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 3                        # no incarnation: no bonus


def test_shaggon_in_the_graveyard_takes_a_token_when_an_ally_loses_one():
    """In the graveyard the same event gives it an incarnation token (2 times per turn); a token
    taken off a card by a ``tokens`` cost is such an event; its own token lost is not another
    creature's."""
    b = start([rider(), shaggon(), card("Plain", life=2)], [card(life=10)],
              ({0: P1_BACK, 1: P1_LEFT, 2: P1_RIGHT}, {3: P2_FRONT}), p1=HeuristicPlayer())
    bury(b, 1, 2)
    b.tokens[2] = 3
    for _ in range(3):
        b._fire(0, "turn_start")                   # three tokens of the plain card paid
    assert b.tokens[2] == 0 and b.tokens[1] == 2   # Шаггон: twice this turn
    b = start([rider(), shaggon()], [card(life=10)], ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT}))
    bury(b, 1)
    b.tokens[1] = 1
    b._fire(0, "turn_start")
    assert b.tokens[1] == 0 and b.poison[2] == 1


def test_ally_incarnates_curses_a_chosen_creature():
    """50/171 Лоботомист: when a creature of its squad incarnates, a chosen creature is cursed
    (``squad_incarnates``; the curse: 000 glossary "Curse")."""
    lobo = card("Lobotomist", strike=(1, 2, 2), life=9, abilities=facts(
        '{ kind = "give_curse", cost = "trigger", trigger = "squad_incarnates", target = "any" }'))
    b = start([lobo, undead(x=1)], [card(life=10)], ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT}),
              p1=HeuristicPlayer())
    keys = list(b.key)
    bury(b, 1)
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.alive[1] and b.key[2] != keys[2] and b.key[0] == keys[0]


def test_chton_keeps_a_closed_enemy_shut_when_it_or_an_ally_incarnates():
    """50/158 Хтон: when a creature of its squad — itself included — incarnates, a spell: a chosen
    enemy creature within 3 does not open at the start of its next turn (1 per turn). Played as
    ``stun`` on a closed enemy (on an open one the text does nothing); protection from spells
    blocks it (000 2.8)."""
    chton = card("Chton", strike=(1, 1, 2), life=8, abilities=facts(
        '{ kind = "incarnation", damage = [1] }',
        '{ kind = "stun", cost = "trigger", trigger = "squad_incarnates", via = "spell", range = 3, '
        'vs_state = "closed", uses_per_turn = 1 }'))
    b = start([chton, card(life=10)], [card("Open", life=10), card("Shut", life=10)],
              ({0: P1_LEFT, 1: P1_BACK}, {2: square(3, 0), 3: square(3, 1)}), p1=HeuristicPlayer())
    bury(b, 0)
    b.apply(END_TURN)
    b.open[3] = False
    b.apply(END_TURN)
    assert b.stunned == [False, False, False, True]      # offered only the closed one
    for shield, kept in ((0, True), (1, False)):
        enemy = card("Enemy", life=10, prot_spells=shield)
        b = start([chton, card(life=10)], [enemy], ({0: P1_LEFT, 1: P1_BACK}, {2: P2_FRONT}))
        bury(b, 0)
        b.apply(END_TURN)
        b.open[2] = False                          # it acted in its own turn
        b.apply(END_TURN)                          # Хтон returns; the enemy is 3 squares away
        assert b.alive[0] and b.stunned[2] == kept
        b.apply(END_TURN)
        assert b.open[2] != kept


def test_ally_combo_in_the_graveyard_gives_its_own_token():
    """60/175 Очи Нальдана as recorded: the chain of its allies' actions that opens it in play gives
    it an incarnation token in the graveyard instead (``ally_combo`` heard there by a card with its
    own ``grave_token`` on it)."""
    combo = 'cost = "trigger", trigger = "ally_combo", from = ["simple", "shot"], target = "self"'
    eyes = card("Eyes", life=2, abilities=facts(
        '{ kind = "incarnation", damage = [4] }', f'{{ kind = "open", {combo} }}',
        f'{{ kind = "grave_token", {combo} }}'))
    archer = card("Archer", life=10, abilities=facts('{ kind = "shot", damage = [1], cost = "tap" }'))
    for dead in (True, False):
        b = start([eyes, archer, card("Fighter", life=10)], [card("Foe", life=20)],
                  ({0: P1_LEFT, 1: P1_BACK, 2: P1_FRONT}, {3: P2_FRONT}), dice=[1, 1, 1])
        if dead:
            bury(b, 0)
        else:
            b.open[0] = False
        b.open[3] = False
        b.apply(UseAbility(1, 0, (3,)))
        b.apply(Strike(2, 3))
        assert b.tokens[0] == (1 if dead else 0) and (dead or b.open[0])


def test_grave_token_gives_a_token_to_a_graveyard_ally():
    """``grave_token`` (target ally): a card of its squad lying in the graveyard gets a token; the
    heuristic gives it to the creature nearest to returning; nothing when none lies there."""
    giver = card("Giver", life=10, abilities=facts(
        '{ kind = "grave_token", cost = "trigger", trigger = "turn_start" }'))
    b = start([giver, undead("Near", x=3), undead("Far", x=5)], [card(life=10)],
              ({0: P1_BACK, 1: P1_LEFT, 2: P1_RIGHT}, {3: P2_FRONT}), p1=HeuristicPlayer())
    b._fire(0, "turn_start")
    assert b.tokens[1:3] == [0, 0]
    bury(b, 1, 2)
    b.tokens[1] = 1
    b._fire(0, "turn_start")
    assert b.tokens[1:3] == [2, 0]


def test_incarnation_any_number_of_times():
    """50/161 Эйдерик: incarnation 2 "any number of times per battle" (``repeats``): after its
    return its tokens start again from 0; a plain incarnation returns once (the first test file)."""
    eid = card("Eideric", strike=(3, 3, 4), life=10, abilities=facts(
        '{ kind = "incarnation", damage = [1], repeats = true }'))
    b = start([card(life=10)], [eid, card(life=10)], ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}))
    for _ in range(3):
        bury(b, 1)
        b.apply(END_TURN)                          # its owner's turn: token 1, it returns
        assert b.alive[1] and b.tokens[1] == 0
        b.apply(END_TURN)


def test_destroys_itself_and_a_target_at_half_life():
    """50/161 Эйдерик: on its simple strike, if the struck card has half or less of its life left
    (additional life counted), it destroys itself and that card (``destroy`` with ``self_too``,
    ``vs_state = "half_life"``; 000 4.17: a destroyed card goes to the graveyard); it then returns
    by its incarnation, which repeats."""
    def eideric():
        return card("Eideric", strike=(3, 3, 4), life=10, abilities=facts(
            '{ kind = "incarnation", damage = [2], repeats = true }',
            '{ kind = "destroy", cost = "trigger", trigger = "strike", vs_state = "half_life", '
            'self_too = true }'))
    b = start([eideric(), card(life=10)], [card(life=10), card(life=10)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}), dice=[6])
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 4 and b.alive[0] and b.alive[2]          # 6 of 10 left: more than half
    b = start([eideric(), card(life=10)], [card(life=10), card(life=10)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}), dice=[6])
    b.open[2] = False
    b.wounds[2] = 1
    b.apply(Strike(0, 2))                                          # 5 of 10 left: half
    assert not b.alive[0] and not b.alive[2]
    b.life = [*b.life[:2], 12, *b.life[3:]]                        # (extra life counts)
    assert not b._in_state(3, "half_life")
    b.wounds[3] = 6
    assert b._in_state(3, "half_life")


def test_bone_knight_restores_its_armor_for_a_token():
    """40/176 Костяной рыцарь: {instant}, a token of a card of its graveyard: its armor is restored
    (1 per turn). The engine uses the sudden action right after an enemy attack has spent some of
    its armor (000 glossary "Armor": it stops that many non-magical wounds per turn), so the next
    attack in the turn meets the whole armor again; with its armor whole it is not used."""
    knight = card("Knight", strike=(3, 4, 5), life=10, armor=2, abilities=facts(
        '{ kind = "restore_armor", cost = "trigger", trigger = "attacked", tokens = 1, uses_per_turn = 1 }'))
    archers = [card(f"Archer {k}", strike=(1, 1, 1), life=10, abilities=facts(
        '{ kind = "shot", damage = [3], cost = "tap" }')) for k in range(3)]
    b = start(archers, [knight, undead()], ({0: P1_BACK, 1: P1_LEFT, 2: P1_RIGHT}, {3: P2_FRONT, 4: P2_BACK}))
    bury(b, 4)
    b.tokens[4] = 2
    b.apply(UseAbility(0, 0, (3,)))
    assert b.wounds[3] == 1 and b.armor_left[3] == 2 and b.tokens[4] == 1   # 3 - 2, armor restored
    b.apply(UseAbility(1, 0, (3,)))
    assert b.wounds[3] == 2 and b.armor_left[3] == 0 and b.tokens[4] == 1   # once per turn
    b.apply(UseAbility(2, 0, (3,)))
    assert b.wounds[3] == 5


def test_death_priest_claims_an_enemy_that_incarnates_on_its_side():
    """50/160 Жрец смерти: at the start of the battle an enemy creature of cost 6 or less without
    incarnation gains "Incarnation 3; incarnates on its opponent's third row under his control"
    (``claim_incarnation``); the heuristic picks the dearest. Its tokens come at its owner's turn
    starts (000 glossary "Incarnation - X"); it returns closed on the priest's third row, counted
    for the priest's side (000 glossary "To take into the squad": on incarnation)."""
    priest = card("Priest", strike=(1, 1, 2), life=9, abilities=facts(
        '{ kind = "claim_incarnation", damage = [3], cost = "trigger", trigger = "battle_start", '
        'vs_max_cost = 6 }'))
    foes = [card("Cheap", life=4, cost=3), card("Dear", life=4, cost=6), card("Dearest", life=4, cost=7),
            undead("Undead", cost=5)]
    b = start([priest, card(life=10)], foes,
              ({0: P1_BACK, 1: P1_LEFT}, {2: P2_FRONT, 3: square(3, 1), 4: square(3, 3), 5: P2_BACK}),
              p1=HeuristicPlayer())
    assert b.incarnation[3] == 3 and b.claimed[3] == 0 and not b.incarnation[2] and not b.incarnation[4]
    assert b.incarnation[5] == 3 and b.claimed[5] == -1      # (it had its own incarnation)
    bury(b, 3)
    for turn in range(3):
        b.apply(END_TURN)                          # the Second player's turn: a token
        assert b.alive[3] == (turn == 2)
        if turn < 2:
            b.apply(END_TURN)
    assert b.seat[3] == 0 and 3 in b.units[0] and 3 not in b.units[1]
    assert b.pos[3] // 5 == 0 and not b.open[3]    # the First player's third row, closed
    assert b.n_creatures == [3, 3]
    b.apply(END_TURN)
    assert b.open[3] and b.can_act(3)              # it opens and acts at the First player's turn


def test_bone_warrior_may_incarnate_open_on_any_third_row_for_a_token():
    """50/167 Костяной воитель: incarnation 3; it may instead return open onto any third row — its
    own or the enemy's — taking a token off another creature of its squad (``anywhere`` with
    ``tokens = 1``). The heuristic pays with a token it would pay anyway and lands next to the most
    enemy creatures; with no such token it returns the ordinary way, closed on its own third row."""
    def warrior():
        return card("Warrior", strike=(2, 3, 3), life=5, abilities=facts(
            '{ kind = "incarnation", damage = [3], anywhere = true, tokens = 1 }'))
    for spare, square_row, opened in ((1, 5, True), (0, 0, False)):
        b = start([warrior(), card("Plain", life=2), card(life=10)], [card(life=10), card(life=10)],
                  ({0: P1_LEFT, 1: P1_RIGHT, 2: P1_BACK}, {3: square(5, 1), 4: square(5, 3)}),
                  p1=HeuristicPlayer())
        bury(b, 0, 1)
        b.tokens[0] = 2
        b.tokens[1] = spare                        # a plain card's token: free to pay
        b.apply(END_TURN)
        b.apply(END_TURN)                          # token 3: it returns
        assert b.alive[0] and b.pos[0] // 5 == square_row and b.open[0] == opened
        assert b.tokens[1] == 0
        if opened:
            assert b.pos[0] == square(5, 2) and b.can_act(0)   # between the two enemies


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        ('{ kind = "incarnation", damage = [2], tokens = 1 }', "tokens"),
        ('{ kind = "shot", damage = [1], cost = "tap", tokens = -1 }', "tokens"),
        ('{ kind = "shot", damage = [1], cost = "tap", repeats = true }', "repeats"),
        ('{ kind = "grave_token", cost = "tap" }', "cost"),
        ('{ kind = "grave_token", cost = "trigger", trigger = "death", target = "enemy" }', "target"),
        ('{ kind = "shot", damage = [1], cost = "tap", self_too = true }', "self_too"),
        ('{ kind = "incarnation", damage = [3], anywhere = true }', "anywhere"),
    ],
)
def test_bad_token_fields_name_file_line_and_field(ability, field):
    text = f'[[card]]\ncode = "40/168"\nname = "X"\nstatus = "full"\nabilities = [\n  {ability},\n]\n'
    with pytest.raises(BerserkInputError) as err:
        parse_abilities(text, "bad.toml")
    assert "bad.toml line 6 " in str(err.value) and f"field {field!r}" in str(err.value)


def test_orc_zombie_in_the_graveyard_takes_a_token_at_a_strong_strike_of_its_squad():
    """30/140 Орк-зомби: "когда ваше существо наносит сильный {strike}" it gains a token while it lies
    in the graveyard (trigger ``squad_strike`` with ``tiers``, heard there); a weak strike gives none."""
    zombie = card("Zombie", strike=(1, 1, 1), life=2, abilities=facts(
        '{ kind = "incarnation", damage = [5] }',
        '{ kind = "grave_token", cost = "trigger", trigger = "squad_strike", target = "self", '
        'tiers = ["strong"], may = true }'))
    for die, gained in ((6, 1), (1, 0)):
        b = start([card("Hitter", strike=(1, 2, 3)), zombie], [card("Foe", life=20)],
                  ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), dice=[die])
        bury(b, 1)
        before = b.tokens[1]
        b.open[2] = False
        b.apply(Strike(0, 2))
        assert b.tokens[1] == before + gained, die


def test_librarian_concentration_gives_a_graveyard_creature_a_token():
    """30/139 Лич-библиотекарь: "Концентрация: существо на вашем кладбище получает жетон инкарнации"."""
    lib = card("Librarian", strike=(1, 1, 1), abilities=facts(
        '{ kind = "grave_token", cost = "trigger", trigger = "concentration" }'))
    b = start([lib, undead()], [card("Foe", life=20)], ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}))
    bury(b, 1)
    before = b.tokens[1]
    b._fire(0, "concentration")
    assert b.tokens[1] == before + 1
