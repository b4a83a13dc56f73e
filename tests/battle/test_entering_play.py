"""The deck, the graveyard and cards entering play mid-battle (data/README.md "Deck, graveyard and
cards entering play"): ``summon`` (000 glossary "Summoning": a card of its controller's deck, placed
open next to the card), ``resurrect`` (000 glossary "Resurrection"), ``to_graveyard`` (000 2.1.4: a
card may reach the graveyard from the deck), ``exile``; a battle without decks is the squads' alone.
Synthetic cards, fixed dice."""

from __future__ import annotations

from analysis.battle import END_TURN, Battle, BattleConfig, HeuristicPlayer, UseAbility
from analysis.battle.board import ADJ8, AUX, square
from analysis.battle.common import ZONE_DECK, ZONE_EXILE, ZONE_GRAVE
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_FRONT, facts
from tests.battle_helpers import Scripted, card


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


def battle(a, b, placements, decks=None, graves=None, dice=(), p1=None, p2=None, record=False) -> Battle:
    out = Battle((a, b), (p1 or Scripted(), p2 or Scripted()), dice=dice, placements=placements,
                 config=BattleConfig(), decks=decks, graves=graves, record=record)
    out._start_turn()
    return out


SUMMON_ORC = '{ kind = "summon", cost = "tap", vs_classes = ["Орк"], vs_max_cost = 4 }'


def test_no_deck_mechanic_no_reserves():
    """Decks given to squads that never take from them add no unit: the battle is as without decks."""
    a, b = [card("A")], [card("B")]
    plain = battle(a, b, ({0: P1_FRONT}, {1: P2_FRONT}))
    decked = battle(a, b, ({0: P1_FRONT}, {1: P2_FRONT}), decks=([card("D")], [card("E")]))
    assert plain.n == decked.n == decked.n_squad == 2
    assert not decked._reserved and decked.deck == ([], [])


def test_summon_from_the_deck_next_to_the_card():
    """A tap summon: a card of its deck meeting the conditions enters open on a free square next to
    the summoner; one that does not meet them stays in the deck; the deck is shuffled after."""
    shaman = unit("Shaman", SUMMON_ORC, strike=(1, 1, 1))
    orc = card("Orc", classes=("Орк",), cost=4)
    big = card("BigOrc", classes=("Орк",), cost=6)
    elf = card("Elf", cost=2)
    b = battle([shaman], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}), decks=([big, orc, elf], []))
    assert b.n == 5 and b.n_squad == 2 and sorted(b.deck[0]) == [2, 3, 4]
    assert all(b.zone[v] == ZONE_DECK and not b.alive[v] for v in (2, 3, 4))
    assert b.ability_targets(0, 0) == [0]
    b.apply(UseAbility(0, 0, (0,)))
    v = 3  # (the orc of cost 4: the one that meets "orc of cost 4 or less")
    assert b.alive[v] and b.open[v] and b.pos[v] in ADJ8[P1_BACK] and v in b.units[0]
    assert b.zone[v] == ZONE_GRAVE and v not in b.deck[0] and sorted(b.deck[0]) == [2, 4]
    assert b.n_creatures[0] == 2 and not b.open[0]
    assert b.ability_targets(0, 0) == []  # (closed, and no orc left in the deck)


def test_summoned_card_dies_into_the_graveyard_and_incarnation_skips_the_deck():
    """A card lying in the deck never takes incarnation tokens; a summoned one that dies lies in the
    graveyard like any other."""
    shaman = unit("Shaman", SUMMON_ORC, strike=(1, 1, 1))
    zombie = card("Zombie", classes=("Орк",), cost=3,
                  abilities=facts('{ kind = "incarnation", damage = [1] }'))
    b = battle([shaman], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}), decks=([zombie], []))
    for _ in range(4):
        b.apply(END_TURN)
    assert not b.alive[2] and b.zone[2] == ZONE_DECK and b.tokens[2] == 0


def test_summon_for_a_turn_is_exiled_at_its_end():
    """``lasts = "turn"``: the summoned card is exiled at the end of this turn — no death."""
    caller = unit("Caller", '{ kind = "summon", cost = "tap", vs_types = ["creature"], lasts = "turn" }',
                  strike=(1, 1, 1))
    b = battle([caller], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}), decks=([card("Spirit")], []),
               record=True)
    b.apply(UseAbility(0, 0, (0,)))
    assert b.alive[2]
    b.apply(END_TURN)
    assert not b.alive[2] and b.zone[2] == ZONE_EXILE
    assert any(e["e"] == "exile" and e["u"] == 2 for e in b.log)
    assert not any(e["e"] == "death" and e["u"] == 2 for e in b.log)


def test_flyer_enters_the_auxiliary_zone():
    caller = unit("Caller", SUMMON_ORC)
    b = battle([caller], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}),
               decks=([card("Bird", type="flyer", classes=("Орк",), cost=2)], []))
    b.apply(UseAbility(0, 0, (0,)))
    assert b.alive[2] and b.pos[2] == AUX


def test_death_trigger_summons_onto_where_it_died():
    """A ``death`` trigger with ``onto = "died_at"``: the card enters on the square where the dying
    card stood (free now) or next to it."""
    tank = unit("Tank", '{ kind = "summon", cost = "trigger", trigger = "death", onto = "died_at", '
                'vs_max_cost = 3, targets = 2 }', life=1)
    killer = card("Killer", strike=(5, 5, 5))
    b = battle([killer], [tank], ({0: P1_FRONT}, {1: P2_FRONT}),
               decks=([], [card("D1", cost=2), card("D2", cost=3), card("D3", cost=5)]), dice=[6])
    b.open[1] = False
    from analysis.battle import Strike
    b.apply(Strike(0, 1))
    assert not b.alive[1]
    entered = [v for v in (2, 3, 4) if b.alive[v]]
    assert sorted(entered) == [2, 3]
    assert all(b.pos[v] in (P2_FRONT, *ADJ8[P2_FRONT]) for v in entered) and b.seat[2] == 1


def test_resurrect_an_enemy_under_its_control():
    """``resurrect`` with ``target = "enemy"``: a creature of the enemy's graveyard enters next to
    the card, under its control (000 glossary "Resurrection", "To take into the squad")."""
    necro = unit("Necro", '{ kind = "resurrect", cost = "tap", target = "enemy", vs_max_cost = 4 }',
                 strike=(1, 1, 1))
    b = battle([necro], [card("Foe", cost=5), card("Dead", cost=3)],
               ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 1)}))
    b._kill(2)
    b.apply(UseAbility(0, 0, (0,)))
    assert b.alive[2] and b.seat[2] == 0 and 2 in b.units[0] and b.pos[2] in ADJ8[P1_BACK]


def test_graveyard_given_before_the_battle_incarnates():
    """A card put into the graveyard before recruiting (``graves``) lies there from the start: its
    incarnation counts tokens and brings it into play."""
    dust = card("Dust", abilities=facts('{ kind = "incarnation", damage = [2] }'))
    b = battle([card("A")], [card("B")], ({0: P1_FRONT}, {1: P2_FRONT}), graves=([dust], []))
    assert b.n == 3 and not b.alive[2] and b.zone[2] == ZONE_GRAVE and b.tokens[2] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)  # (its owner's next turn: the second token, X = 2: it returns)
    assert b.alive[2] and b.pos[2] >= 0


def test_to_graveyard_from_the_deck_when_wounded():
    """``to_graveyard`` on a trigger: a card of its deck meeting ``vs_has`` goes into the
    graveyard (000 2.1.4); the heuristic player picks one that acts there (Вальхалла)."""
    jarl = unit("Jarl", '{ kind = "to_graveyard", cost = "trigger", trigger = "wounded", '
                'vs_has = ["valhalla"] }', life=10)
    hero = card("Hero", valhalla=1)
    b = battle([card("Foe", strike=(2, 2, 2))], [jarl], ({0: P1_FRONT}, {1: P2_FRONT}),
               decks=([], [card("Plain"), hero]), dice=[6], p2=HeuristicPlayer())
    b.open[1] = False
    from analysis.battle import Strike
    b.apply(Strike(0, 1))
    assert b.zone[3] == ZONE_GRAVE and 3 not in b.deck[1] and b.zone[2] == ZONE_DECK


def test_heuristic_summons_and_clone_keeps_zones():
    """The heuristic player uses a summon that brings a card into play; a clone copies the zones
    and the deck (its own order)."""
    shaman = unit("Shaman", SUMMON_ORC, strike=(1, 1, 1))
    b = battle([shaman], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}),
               decks=([card("Orc", classes=("Орк",), cost=4)], []), p1=HeuristicPlayer(), dice=[3] * 20)
    c = b.clone(dice_seed=5)
    assert c.deck == b.deck and c.zone == b.zone and c.zone is not b.zone
    HeuristicPlayer().play_turn(b)
    assert b.alive[2]


def test_exile_itself_then_summon_onto_its_square():
    """30/189 Мика Безбожник: 2 counters + tap, once per battle — it is exiled, then a dark demon
    or spirit of cost 9 or less is summoned onto its square (``exile``, then ``summon`` with
    ``onto = "own_square"``); the heuristic player does it when such a card waits in the deck."""
    mika = unit("Mika", '{ kind = "exile", cost = "counter_tap", counters = 2, uses_per_battle = 1 }',
                '{ kind = "summon", cost = "then", vs_classes = ["Демон"], vs_elements = ["darkness"], '
                'vs_max_cost = 9, onto = "own_square" }', strike=(1, 1, 1))
    demon = card("Demon", classes=("Демон",), elements=("darkness",), cost=8, strike=(4, 5, 6), life=12)
    b = battle([mika], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}),
               decks=([card("Elf", cost=2), demon], []), p1=HeuristicPlayer(), dice=[3] * 20, record=True)
    b.counters[0] = 2
    HeuristicPlayer().play_turn(b)
    assert not b.alive[0] and b.zone[0] == ZONE_EXILE
    assert b.alive[3] and b.units[0] == [3]
    assert any(e["e"] == "enter" and e["u"] == 3 and e["pos"] == P1_BACK for e in b.log)  # (then it walks)
    assert not any(e["e"] == "death" and e["u"] == 0 for e in b.log)


def test_a_deck_matchup_with_summoners_whose_units_pass_the_old_table_size():
    """Found by the README's meta example after the merges: with the decks in the battle (Инкорн's
    summoners take their whole deck in), a battle has more than the 32 units the players' action
    tables once held, and a unit entering play from the deck could not move (IndexError). Twenty
    games of tournament-02 against tournament-07, seed 0, reached such a unit."""
    from analysis.cards.table import load_cards
    from analysis.decks.deck import read_deck
    from analysis.matchup.simulate import MatchupSettings, deck_matchup
    from analysis.rules import load_ruleset

    db = load_cards()
    a = read_deck("data/decks/tournament-02.txt", db)
    b = read_deck("data/decks/tournament-07.txt", db)
    result = deck_matchup(a, b, MatchupSettings(load_ruleset("relaunch", db)), games=20, seed=0)
    assert result.games == 20


def test_a_resurrected_enemy_dying_again_lies_in_its_owners_graveyard():
    """A card resurrected from the enemy's graveyard fights for its new controller; when it dies again
    it goes to its owner's graveyard (only control changed, 000 glossary "Resurrection"): its owner
    may resurrect it from there as its own, and to its controller it is an enemy's dead card again."""
    necro = unit("Necro", '{ kind = "resurrect", cost = "tap", target = "enemy", vs_max_cost = 4 }',
                 strike=(1, 1, 1))
    own = unit("Own", '{ kind = "resurrect", cost = "tap", target = "ally" }', strike=(1, 1, 1))
    b = battle([necro], [own, card("Dead", cost=3)], ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 1)}),
               record=True)
    b._kill(2)
    b.apply(UseAbility(0, 0, (0,)))
    assert b.alive[2] and b.seat[2] == 0
    b._destroy(1, 2, False)
    assert not b.alive[2] and b.seat[2] == 1 and b.owner[2] == 1
    assert b._grave_cands(1, b.slots[1][0].ability) == [2]
    assert b._grave_cands(0, b.slots[0][0].ability) == [2]  # (the enemy's graveyard again)
    assert any(e["e"] == "control" and e["u"] == 2 and e["seat"] == 1 for e in b.log)


def test_imitator_exiles_itself_and_takes_the_creature_it_killed():
    """30/90 Подражатель: when its simple strike destroys an enemy creature of cost 6 or less, it is
    exiled and that creature (``area = "about"``: not another of the graveyard) is resurrected on its
    square under its control; a dearer victim sets nothing off."""
    from analysis.battle import Strike
    imitator = unit("Imitator",
                    '{ kind = "exile", cost = "trigger", trigger = "kill", from = ["simple"], '
                    'vs_types = ["creature", "flyer"], vs_max_cost = 6 }',
                    '{ kind = "resurrect", cost = "then", target = "enemy", area = "about", '
                    'vs_types = ["creature", "flyer"], vs_max_cost = 6, onto = "own_square" }',
                    strike=(5, 5, 5))
    for cost, taken in ((5, True), (7, False)):
        victim = card("Victim", cost=cost, life=2)
        other = card("Other", cost=3)
        b = battle([imitator], [victim, card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}),
                   graves=([], [other]), dice=[6])
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert (b.zone[0] == ZONE_EXILE) == taken
        assert (b.alive[1] and b.seat[1] == 0 and b.pos[1] == P1_FRONT) == taken
        assert not b.alive[3]  # (the other dead card stays in the graveyard)


def test_exiling_a_graveyard_creature_gives_its_movement_as_a_strike_bonus():
    """60/19 Рыцарь ветра: "в начале вашего хода — может изгнать наземное существо с {move} Х с вашего
    кладбища; получить +Х к {strike} до конца хода" (``grave_exile``, then ``per = "exiled_move"``):
    the heuristic exiles the fastest creature that would not come back."""
    knight = unit("Knight", '{ kind = "grave_exile", cost = "trigger", trigger = "turn_start", '
                  'vs_types = ["creature"], may = true }',
                  '{ kind = "strike_bonus", cost = "then", target = "self", per = "exiled_move", '
                  'lasts = "turn" }', strike=(1, 1, 1))
    fast, slow = card("Fast", move=3), card("Slow", move=1)
    b = battle([knight], [card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT}), graves=([slow, fast], []),
               p1=HeuristicPlayer(), record=True)  # (its turn starts: the trigger fires)
    assert b.zone[3] == ZONE_EXILE and b.zone[2] == ZONE_GRAVE
    (fact, _), = b.grants[0]
    assert fact.kind == "strike_bonus" and fact.damage == (3,)
    assert any(e["e"] == "exile" and e["u"] == 3 for e in b.log)


def test_exiling_a_regenerating_creature_heals_by_its_regeneration_only_when_wounded():
    """60/148 Дуболом: "может изгнать существо с Х{regen} с вашего кладбища; излечиться на Х"; with no
    wounds the heuristic keeps the graveyard as it is."""
    club = unit("Club", '{ kind = "grave_exile", cost = "trigger", trigger = "turn_start", '
                'vs_has = ["regeneration"], may = true }',
                '{ kind = "heal", cost = "then", target = "self", per = "exiled_regen" }', life=16)
    troll = card("Troll", regeneration=2)
    b = battle([club], [card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT}), graves=([troll], []),
               p1=HeuristicPlayer())  # (its turn starts: the trigger fires)
    assert b.zone[2] == ZONE_GRAVE  # (unwounded: nothing to gain)
    b.wounds[0] = 5
    b._fire(0, "turn_start")
    assert b.zone[2] == ZONE_EXILE and b.wounds[0] == 3


def test_angel_of_hope_returns_from_the_graveyard_when_its_squad_is_small():
    """60/200 Ангел надежды: in the graveyard, at its owner's turn start, if its squad has three or
    fewer cards in play it resurrects itself (``squad_max = 3``, once per battle)."""
    angel_facts = ('{ kind = "resurrect", cost = "trigger", trigger = "valhalla", target = "self", '
                   'squad_max = 3, uses_per_battle = 1 }')
    for allies, back in ((2, True), (4, False)):
        angel = unit("Angel", angel_facts, type="flyer", move=0)
        mine = [card(f"A{i}") for i in range(allies)]
        places = {i: sq for i, sq in enumerate((P1_FRONT, P1_BACK, square(0, 1), square(0, 3))[:allies])}
        places[allies] = square(1, 1)
        b = battle([*mine, angel], [card("Foe")], (places, {allies + 1: P2_FRONT}))
        b._kill(allies)
        b._fire(allies, "valhalla")
        assert b.alive[allies] == back, allies


def test_the_many_faced_exiles_the_enemy_creature_it_destroys():
    """40/165 Многоликий: "когда уничтожает существо противника изгоняет это существо" — the killed
    card goes from the enemy's graveyard into exile (``grave_exile``, ``target = "enemy"``, ``area =
    "about"``): no incarnation, no resurrection for it."""
    from analysis.battle import Strike
    faced = unit("Faced", '{ kind = "grave_exile", cost = "trigger", trigger = "kill", target = "enemy", '
                 'area = "about", vs_types = ["creature", "flyer"] }', strike=(5, 5, 5))
    victim = card("Victim", life=2, abilities=facts('{ kind = "incarnation", damage = [1] }'))
    b = battle([faced], [victim, card("Foe")], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.zone[1] == ZONE_EXILE
