"""Summoning a named card and a card destroying itself to summon onto its square (data/README.md
"Deck, graveyard and cards entering play"): 30/187 Яйцо дракона ("4 {counter}{tap}: уничтожить Яйцо
дракона, при этом вызвать на его клетку дракона"; 2 counters: "Вылупившегося дракона"), 30/98 Золотой
дракон ("вызвать или возродить Яйцо дракона"; "каждое Яйцо дракона в вашем отряде получает
{counter}"). ``named``: only cards of that name. Synthetic cards, fixed dice."""

from __future__ import annotations

from analysis.battle import Battle, BattleConfig, HeuristicPlayer, UseAbility
from analysis.battle.board import ADJ8
from analysis.battle.common import ZONE_EXILE, ZONE_GRAVE
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_FRONT, facts
from tests.battle_helpers import Scripted, card

EGG = facts('{ kind = "destroy", cost = "counter_tap", counters = 4, target = "self" }',
            '{ kind = "summon", cost = "then", vs_classes = ["Дракон"], onto = "own_square" }',
            '{ kind = "destroy", cost = "counter_tap", counters = 2, target = "self" }',
            '{ kind = "summon", cost = "then", named = "Вылупившийся дракон", onto = "own_square" }')


def battle(a, b, placements, decks=None, graves=None, p1=None) -> Battle:
    out = Battle((a, b), (p1 or Scripted(), Scripted()), placements=placements, config=BattleConfig(),
                 decks=decks, graves=graves, record=True)
    out._start_turn()
    return out


def test_the_egg_destroys_itself_and_a_hatchling_enters_its_square():
    """Two counters: the egg dies (into the graveyard) and the card named Вылупившийся дракон — not
    the other dragon — enters open on the square it held."""
    egg = card("Яйцо дракона", type="artifact", abilities=EGG, life=0)
    hatch = card("Вылупившийся дракон", classes=("Дракон",), cost=6, life=12)
    big = card("Big", classes=("Дракон",), cost=9, life=16)
    b = battle([card("Guard"), egg], [card("Foe")], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}),
               decks=([big, hatch], []))
    b.counters[1] = 2
    assert b.ability_targets(1, 0) == []  # (four counters needed for any dragon)
    b.apply(UseAbility(1, 2, (1,)))
    hatch_u = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Вылупившийся дракон")
    big_u = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Big")
    assert not b.alive[1] and b.zone[1] == ZONE_GRAVE
    assert b.alive[hatch_u] and b.pos[hatch_u] == P1_BACK and b.open[hatch_u]
    assert not b.alive[big_u]
    assert any(e["e"] == "death" and e["u"] == 1 for e in b.log)


def test_four_counters_summon_any_dragon_and_the_heuristic_hatches():
    """Four counters: a dragon of the deck (the player's pick: the heuristic takes the dearest)."""
    egg = card("Яйцо дракона", type="artifact", abilities=EGG, life=0)
    big = card("Big", classes=("Дракон",), cost=9, life=16, strike=(4, 5, 6))
    b = battle([card("Guard"), egg], [card("Foe")], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}),
               decks=([card("Elf"), big], []), p1=HeuristicPlayer())
    b.counters[1] = 4
    g, act = b.players[0]._options(b, 1, False)
    assert act == UseAbility(1, 0, (1,)) and g > 0  # (the dragon is worth far more than the egg)
    b.apply(act)
    big_u = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Big")
    assert b.alive[big_u] and b.pos[big_u] == P1_BACK


def test_golden_dragon_summons_resurrects_and_feeds_eggs():
    """30/98: a tap summons an egg from the deck or resurrects one from its graveyard (only that
    name); another gives each egg of its squad in play a counter."""
    gold = card("Gold", abilities=facts(
        '{ kind = "summon", cost = "tap", named = "Яйцо дракона", via = "effect" }',
        '{ kind = "resurrect", cost = "tap", named = "Яйцо дракона", target = "ally", via = "effect" }',
        '{ kind = "gain_counter", damage = [1], cost = "tap", target = "ally", named = "Яйцо дракона", '
        'every = true, via = "effect" }'), strike=(1, 1, 1))
    egg = card("Яйцо дракона", type="artifact", abilities=EGG, life=0)
    b = battle([gold], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}),
               decks=([card("Elf"), egg], []))
    b.apply(UseAbility(0, 0, (0,)))
    eggs = [v for v in range(b.n_squad, b.n) if b.cards[v].name == "Яйцо дракона"]
    assert len(eggs) == 1 and b.alive[eggs[0]] and b.pos[eggs[0]] in ADJ8[P1_BACK]
    elf = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Elf")
    assert not b.alive[elf]
    b2 = battle([gold], [card("Foe")], ({0: P1_BACK}, {1: P2_FRONT}), graves=([egg, card("Elf")], []))
    assert b2.ability_targets(0, 1) == [0]
    b2.apply(UseAbility(0, 1, (0,)))
    assert b2.alive[2] and not b2.alive[3]
    b3 = battle([gold, egg], [card("Foe")], ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}))
    b3.apply(UseAbility(0, 2, (1,)))
    assert b3.counters[1] == 1


def test_a_kill_summons_an_elemental_of_a_new_name_onto_the_dead_cards_square():
    """40/34 Элементалист Дзара: when it destroys an enemy card, an elemental of its deck whose name
    no card of its squad has enters exactly where that card stood (``onto = "about_square"``,
    ``new_name``)."""
    from analysis.battle import Strike
    dzara = card("Dzara", abilities=facts(
        '{ kind = "summon", cost = "trigger", trigger = "kill", vs_classes = ["Элементаль"], '
        'new_name = true, onto = "about_square" }'), strike=(5, 5, 5))
    fire = card("Fire", classes=("Элементаль",), cost=4)
    water = card("Water", classes=("Элементаль",), cost=4)
    b = Battle(([dzara, fire], [card("Foe", life=2)]), (Scripted(), Scripted()),
               placements=({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), config=BattleConfig(),
               decks=([card("Fire", classes=("Элементаль",), cost=4), water], []), dice=[6])
    b._start_turn()
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert not b.alive[2]
    entered = [v for v in range(b.n_squad, b.n) if b.alive[v]]
    assert [b.cards[v].name for v in entered] == ["Water"] and b.pos[entered[0]] == P2_FRONT


def test_wounded_by_an_attack_puts_a_valhalla_creature_of_the_attackers_cost_into_the_graveyard():
    """40/57 Ярл викингов: wounded by an enemy card's attack of cost X, a creature with Вальхалла of
    cost X goes from its deck into its graveyard (``same_cost``: the attacker's cost); 3 per battle."""
    from analysis.battle import Strike
    jarl = card("Jarl", abilities=facts(
        '{ kind = "to_graveyard", cost = "trigger", trigger = "wounded", from = ["attacks"], '
        'vs_has = ["valhalla"], same_cost = true, may = true, uses_per_battle = 3 }'), life=18)
    v4 = card("V4", cost=4, valhalla=1)
    v5 = card("V5", cost=5, valhalla=1)
    plain4 = card("P4", cost=4)
    attacker = card("Attacker", cost=4, strike=(2, 2, 2))
    b = Battle(([attacker], [jarl]), (Scripted(), Scripted()), placements=({0: P1_FRONT}, {1: P2_FRONT}),
               config=BattleConfig(), decks=([], [v5, plain4, v4]), dice=[6], record=True)
    b._start_turn()
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 2
    by_name = {b.cards[v].name: v for v in range(b.n_squad, b.n)}
    assert b.zone[by_name["V4"]] == ZONE_GRAVE and by_name["V4"] not in b.deck[1]
    assert by_name["V5"] in b.deck[1] and by_name["P4"] in b.deck[1]


def test_fury_summons_a_chain_dog_and_death_summons_a_cheap_flyer():
    """40/14 Повелитель псов: Бешенство 3 — a Цепной пёс of its deck enters next to it. 40/99
    Говорящая с птицами: at its death a flyer of cost 3 or less enters (the auxiliary zone)."""
    from analysis.battle import Strike
    lord = card("Lord", abilities=facts(
        '{ kind = "summon", cost = "trigger", trigger = "fury", fury = 3, named = "Цепной пёс" }'),
        strike=(1, 1, 1))
    b = Battle(([lord], [card("Foe", life=9)]), (Scripted(), Scripted()),
               placements=({0: P1_FRONT}, {1: P2_FRONT}), config=BattleConfig(),
               decks=([card("Wolf", cost=3), card("Цепной пёс", cost=3)], []), dice=[2])
    b._start_turn()
    b.open[1] = False
    b.apply(Strike(0, 1))
    dog = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Цепной пёс")
    assert b.alive[dog] and b.pos[dog] in ADJ8[P1_FRONT]
    talker = card("Talker", abilities=facts(
        '{ kind = "summon", cost = "trigger", trigger = "death", vs_types = ["flyer"], vs_max_cost = 3 }'),
        life=1)
    b2 = Battle(([card("Killer", strike=(5, 5, 5))], [talker]), (Scripted(), Scripted()),
                placements=({0: P1_FRONT}, {1: P2_FRONT}), config=BattleConfig(),
                decks=([], [card("Big bird", type="flyer", cost=5), card("Bird", type="flyer", cost=3)]),
                dice=[6])
    b2._start_turn()
    b2.open[1] = False
    b2.apply(Strike(0, 1))
    bird = next(v for v in range(b2.n_squad, b2.n) if b2.cards[v].name == "Bird")
    assert b2.alive[bird] and b2.seat[bird] == 1


def test_a_dying_orc_calls_an_orc_that_leaves_when_an_enemy_card_dies():
    """60/20 Орк-ведун: when an orc of its squad dies, an orc of cost 4 or less of its deck enters
    next to it "with 'when an enemy card dies — it is exiled'" (``lasts = "enemy_dies"``): the first
    enemy death exiles it (no death of its own)."""
    from analysis.battle import Strike
    seer = card("Seer", classes=("Орк",), abilities=facts(
        '{ kind = "summon", cost = "trigger", trigger = "ally_dies", classes = ["Орк"], '
        'vs_classes = ["Орк"], vs_max_cost = 4, lasts = "enemy_dies", via = "effect" }'), life=12)
    grunt = card("Grunt", classes=("Орк",), life=1)
    killer = card("Killer", strike=(5, 5, 5), life=20)
    weak = card("Weak", life=1)
    b = Battle(([seer, grunt], [killer, weak]), (Scripted(), Scripted()),
               placements=({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT, 3: P2_FRONT + 1}),
               config=BattleConfig(),
               decks=([card("Big orc", classes=("Орк",), cost=6),
                       card("Small orc", classes=("Орк",), cost=3)], []), dice=[6, 6], record=True)
    b._start_turn()
    b.active = 1
    b.open[1] = False
    b.apply(Strike(2, 1))
    assert not b.alive[1]
    small = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Small orc")
    assert b.alive[small] and b.exiled_on_death == [small]
    b._destroy(0, 3, False)  # (an enemy card dies, by any cause)
    assert not b.alive[small] and b.zone[small] == ZONE_EXILE and b.exiled_on_death == []
    assert not any(e["e"] == "death" and e["u"] == small for e in b.log)


def test_incarnating_puts_another_copy_into_the_graveyard_unless_one_lies_there():
    """60/151 Балторн: at its incarnation another Балторн of its deck goes into its graveyard, only if
    none other lies there (``grave_lacks_name``)."""
    facts_ = facts('{ kind = "to_graveyard", cost = "trigger", trigger = "incarnate", same_name = true, '
                   'grave_lacks_name = true }')
    for lying in (False, True):
        balt = card("Balt", abilities=facts_)
        graves = ([card("Balt", abilities=facts_)], []) if lying else None
        b = Battle(([balt, card("Guard")], [card("Foe")]), (Scripted(), Scripted()),
                   placements=({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}), config=BattleConfig(),
                   decks=([card("Balt", abilities=facts_), card("Other")], []), graves=graves)
        b._start_turn()
        b._fire(0, "incarnate")
        in_deck = [v for v in b.deck[0] if b.cards[v].name == "Balt"]
        assert (in_deck == []) != lying  # (taken from the deck into the graveyard only when none lay there)


def test_a_creature_without_incarnation_dying_puts_one_of_its_cost_into_the_graveyard():
    """60/174 Элевера: when a creature without incarnation dies, a creature of the same cost from its
    deck may go into its graveyard (once a turn); a dying creature with incarnation sets nothing off."""
    from analysis.battle import Strike
    elevera = card("Elevera", abilities=facts(
        '{ kind = "to_graveyard", cost = "trigger", trigger = "creature_dies", '
        'when_state = "no_incarnation", same_cost = true, may = true, uses_per_turn = 1 }'))
    for incarnate in (False, True):
        extra = facts('{ kind = "incarnation", damage = [2] }') if incarnate else ""
        victim = card("Victim", cost=4, life=1, abilities=extra)
        b = Battle(([card("Killer", strike=(5, 5, 5)), elevera], [victim, card("Foe")]),
                   (Scripted(), Scripted()),
                   placements=({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_FRONT + 1}),
                   config=BattleConfig(), decks=([card("Five", cost=5), card("Four", cost=4)], []), dice=[6])
        b._start_turn()
        b.open[2] = False
        b.apply(Strike(0, 2))
        four = next(v for v in range(b.n_squad, b.n) if b.cards[v].name == "Four")
        assert (b.zone[four] == ZONE_GRAVE) != incarnate
        assert all(b.cards[v].name != "Five" for v in range(b.n_squad, b.n) if b.zone[v] == ZONE_GRAVE)


def test_ancient_ghoul_killed_by_an_attack_summons_bats_by_its_extra_life():
    """30/160 Древний упырь: "при гибели от атаки карты противника вызвать из колоды Х или менее
    Нетопырей, где Х число своих дополнительных {health}" (``per = "own_extra_life"`` on a summon:
    how many); with no extra life none comes."""
    from analysis.battle import Strike
    ghoul_facts = facts('{ kind = "summon", cost = "trigger", trigger = "death", from = ["attacks"], '
                        'named = "Нетопырь", per = "own_extra_life", uses_per_battle = 1 }')
    for extra, bats in ((2, 2), (0, 0)):
        ghoul = card("Ghoul", abilities=ghoul_facts, life=13)
        deck = [card("Нетопырь", type="flyer", cost=2) for _ in range(3)]
        b = Battle(([card("Killer", strike=(5, 5, 5))], [ghoul, card("Guard")]), (Scripted(), Scripted()),
                   placements=({0: P1_FRONT}, {1: P2_FRONT, 2: P2_FRONT + 1}), config=BattleConfig(),
                   decks=([], deck), dice=[6])
        b._start_turn()
        b.life = list(b.life)
        b.life[1] = 13 + extra
        b._situate()
        b.wounds[1] = b.life[1] - 1
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert not b.alive[1]
        assert sum(1 for v in range(b.n_squad, b.n) if b.alive[v]) == bats


def test_battle_start_puts_up_to_three_war_machines_of_different_names_into_the_graveyard():
    """50/55 Механический дракон: at the start of the battle up to 3 war machines with different
    names go from its deck into its graveyard (``targets = 3``, ``new_name``: none of that name there)."""
    dragon = card("Mech", abilities=facts(
        '{ kind = "to_graveyard", cost = "trigger", trigger = "battle_start", '
        'vs_classes = ["Боевая машина"], targets = 3, new_name = true }'))
    machines = [card(n, type="artifact", classes=("Боевая машина",)) for n in ("Ram", "Ram", "Gun", "Cart")]
    b = Battle(([dragon], [card("Foe")]), (Scripted(), Scripted()), placements=({0: P1_BACK}, {1: P2_FRONT}),
               config=BattleConfig(), decks=([*machines, card("Elf")], []))
    b._fire(0, "battle_start")
    graved = sorted(b.cards[v].name for v in range(b.n_squad, b.n) if b.zone[v] == ZONE_GRAVE)
    assert graved == ["Cart", "Gun", "Ram"]


def test_the_reveller_summons_a_pirate_that_enters_clumsy_and_poisoned():
    """60/205 Кутила: an ordinary pirate of cost 3 from its deck enters; the facts after the summon
    (``area = "entered"``) aim at it: poisoning 1 and clumsiness for the battle (3 times a battle)."""
    reveller = card("Reveller", abilities=facts(
        '{ kind = "summon", cost = "tap", vs_classes = ["Пират"], vs_min_cost = 3, vs_max_cost = 3, '
        'vs_rank = "common", uses_per_battle = 3, via = "effect" }',
        '{ kind = "poison", damage = [1], cost = "then", area = "entered" }',
        '{ kind = "keyword", keyword = "clumsiness", cost = "then", area = "entered", lasts = "battle" }'),
        strike=(1, 1, 1))
    pirate = card("Pirate", classes=("Пират",), cost=3)
    b = Battle(([reveller], [card("Foe")]), (Scripted(), Scripted()),
               placements=({0: P1_BACK}, {1: P2_FRONT}),
               config=BattleConfig(), decks=([card("Big pirate", classes=("Пират",), cost=5), pirate], []))
    b._start_turn()
    b.apply(UseAbility(0, 0, (0,)))
    v = next(w for w in range(b.n_squad, b.n) if b.cards[w].name == "Pirate")
    assert b.alive[v] and b.poison[v] == 1 and b.poison[0] == 0
    assert b.grants[v] and not b.grants[0]


def test_a_summoned_companion_enters_on_its_summoner():
    """50/139 Вайрен: "Бешенство 2: вызвать на себя компаньона стоимостью 5 или менее" — a companion
    of its deck enters play riding it (``onto = "host_self"``; 000 1.5.2)."""
    from analysis.battle import Strike
    wyren = card("Wyren", abilities=facts(
        '{ kind = "summon", cost = "trigger", trigger = "fury", fury = 2, vs_types = ["companion"], '
        'vs_max_cost = 5, onto = "host_self" }'), strike=(1, 1, 1))
    comp = card("Comp", type="companion", cost=3)
    b = Battle(([wyren], [card("Foe", life=9)]), (Scripted(), Scripted()),
               placements=({0: P1_FRONT}, {1: P2_FRONT}), config=BattleConfig(),
               decks=([card("Big comp", type="companion", cost=6), comp], []), dice=[1], record=True)
    b._start_turn()
    b.open[1] = False
    b.apply(Strike(0, 1))
    v = next(w for w in range(b.n_squad, b.n) if b.cards[w].name == "Comp")
    assert b.alive[v] and b.host[v] == 0 and b.rider[0] == v and b.pos[v] == P1_FRONT and v in b.units[0]
    assert any(e["e"] == "enter" and e["u"] == v and e.get("host") == 0 for e in b.log)


def test_prophecy_shows_a_symbiote_that_enters_on_itself_or_on_the_struck_card():
    """30/118 Тугодум: at its simple strike, prophecy 1: a companion shown may enter riding it, a
    parasite shown may enter on the creature it struck; any other card shown: nothing."""
    from analysis.battle import Strike
    troll_facts = facts('{ kind = "prophecy", damage = [1], cost = "trigger", trigger = "strike" }',
                        '{ kind = "summon", cost = "then", shown = ["companion"], onto = "host_self", '
                        'may = true }',
                        '{ kind = "summon", cost = "then", shown = ["parasite"], onto = "host_about", '
                        'may = true }')
    for top, host in (("companion", 0), ("parasite", 1), ("creature", -1)):
        troll = card("Troll", abilities=troll_facts, strike=(1, 1, 1))
        b = Battle(([troll], [card("Foe", life=9)]), (Scripted(), Scripted()),
                   placements=({0: P1_FRONT}, {1: P2_FRONT}), config=BattleConfig(),
                   decks=([card("Top", type=top, cost=2), card("Next", type="companion", cost=2)], []),
                   dice=[6])
        b.deck = (sorted(b.deck[0], key=lambda w: b.cards[w].name != "Top"), [])
        b._start_turn()
        b.open[1] = False
        b.apply(Strike(0, 1))
        t = next(w for w in range(b.n_squad, b.n) if b.cards[w].name == "Top")
        assert b.alive[t] == (host >= 0) and (host < 0 or b.host[t] == host), top
        assert all(not b.alive[w] for w in range(b.n_squad, b.n) if b.cards[w].name == "Next")


def test_the_living_vine_calls_another_copy_onto_an_adjacent_enemy():
    """50/75 Живая лоза (a parasite): "Концентрация: вызвать Живую лозу на стоящее рядом существо
    противника" — another copy of its deck enters as a parasite on an enemy creature next to it."""
    vine_facts = facts('{ kind = "summon", cost = "trigger", trigger = "concentration", same_name = true, '
                       'onto = "host_adjacent", via = "effect" }')
    vine = card("Vine", type="parasite", abilities=vine_facts)
    b = Battle(([card("Mine"), vine], [card("Foe", life=9), card("Near", life=9)]),
               (Scripted(), Scripted()),
               placements=({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_FRONT + 1}),
               config=BattleConfig(),
               decks=([card("Vine", type="parasite", abilities=vine_facts)], []))
    b._start_turn()
    host = b.host[1]
    assert host in (2, 3)
    b._fire(1, "concentration")
    copy = b.n - 1
    assert b.alive[copy] and b.host[copy] == ({2, 3} - {host}).pop() and b.seat[copy] == 0


def test_a_spirit_called_next_to_the_wounded_creature_cannot_act_and_leaves_at_turn_end():
    """60/146 Повелитель призраков: "ранить существо на 1, вызвать на соседнюю с этим существом клетку
    духа, он входит в игру с «Не может действовать. В конце хода — изгоняется»" — the summon after
    the effect enters next to the card the effect aimed at (``onto = "died_at"`` on a ``then``), is
    closed (``close`` on ``area = "entered"``) and exiled at the end of the turn."""
    from analysis.battle import END_TURN
    from analysis.battle.board import ADJ8
    lord = card("Lord", abilities=facts(
        '{ kind = "effect", damage = [1], cost = "tap" }',
        '{ kind = "summon", cost = "then", vs_classes = ["Дух"], onto = "died_at", lasts = "turn" }',
        '{ kind = "close", cost = "then", area = "entered" }'), strike=(1, 1, 1))
    b = Battle(([lord], [card("Foe", life=9)]), (Scripted(), Scripted()),
               placements=({0: P1_BACK}, {1: P2_FRONT}), config=BattleConfig(),
               decks=([card("Ghost", classes=("Дух",))], []))
    b._start_turn()
    b.apply(UseAbility(0, 0, (1,)))
    g = b.n - 1
    assert b.wounds[1] == 1 and b.alive[g] and b.pos[g] in ADJ8[P2_FRONT] and not b.open[g]
    b.apply(END_TURN)
    assert not b.alive[g] and b.zone[g] == ZONE_EXILE
