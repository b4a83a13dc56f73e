"""Set-30 («Семена раздора») printings of the wave-3 sweep, with fixed dice and hand-built
positions, each against its text in berserk-nxt ``resources/data.json`` (commit 1d6ff4f2): the real
printings are loaded, so a test fails if their facts change."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, IllegalAction, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, P2_MID, facts, start
from tests.battle.test_set60_markers import Picks, _printing
from tests.battle_helpers import Scripted, card


class Declines(Scripted):
    """Declines every optional triggered ability (picks no target)."""

    def choose_targets(self, battle, unit, index, candidates, most):
        ab = battle.slots[unit][index].ability
        if ab.may or ab.sudden:
            return ()
        return super().choose_targets(battle, unit, index, candidates, most)


def _use(b, u, kind):
    """The index of ``u``'s first action of ``kind``."""
    return next(i for i, sl in enumerate(b.slots[u]) if sl.ability.kind == kind and sl.ability.is_action)


# ---------------------------------------------------------------- terrains acting (000 1.8)


def test_belegos_gives_a_creature_one_more_move_this_turn():
    """30/4 Белегос: "{tap}: Воздействие родные места существо получает +1 к {move} до конца вашего
    хода" — a terrain's action: the walker has one more step now; the terrain closes."""
    walker = card("Walker", life=10, move=1)
    b = start([walker, _printing("30/4")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    before = b.moves[0]
    b.apply(UseAbility(1, _use(b, 1, "keyword"), (0,)))
    assert b.moves[0] == before + 1 and not b.open[1]


def test_elenyamen_gives_extra_life_only_to_a_creature_without_it():
    """30/71 Эленьямен: "{tap}: ваше существо без дополнительных {health} получает одну
    дополнительную {health}" — a creature with additional life already is no target."""
    a, c = card("A", life=8), card("C", life=8)
    b = start([a, c, _printing("30/71")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    b.life[1] += 1  # (C has one additional life)
    i = _use(b, 2, "extra_life")
    b.apply(UseAbility(2, i, (1,)))             # (the condition is checked as it is carried out)
    assert b.life[1] - b.wounds[1] == 9 and not b.open[2]
    b2 = start([a, c, _printing("30/71")], [card("Foe", life=10)],
               ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    b2.apply(UseAbility(2, i, (0,)))
    assert b2.life[0] - b2.wounds[0] == 9


# ---------------------------------------------------------------- "{instant}{tap}: при …" triggers


def test_rakshtoln_swamps_poison_the_target_of_a_swamp_creatures_strike_and_close():
    """30/100 Болота Ракштольна: "{instant}{tap}: при атаке вашего болотного существа воздействие
    слизь атакованный получает отравление на 1" — the terrain closes for it (000 2.4), so the next
    strike of the turn poisons nothing; a non-swamp creature's strike never does."""
    swamp = card("Swamp", strike=(2, 2, 2), life=10, elements=("swamps",))
    other = card("Other", strike=(2, 2, 2), life=10, elements=("steppes",))
    foes = [card("Foe", life=10, move=0), card("Foe2", life=10, move=0)]
    b = start([other, swamp, _printing("30/100")], foes,
              ({0: square(2, 1), 1: P1_FRONT, 2: square(0, 1)}, {3: P2_FRONT, 4: square(3, 1)}),
              dice=[6, 6, 6])
    b.open[3] = b.open[4] = False
    b.apply(Strike(0, 4))                       # a steppe creature: no poisoning, the terrain stays open
    assert b.poison[4] == 0 and b.open[2]
    b.apply(Strike(1, 3))                       # the swamp creature: poisoning 1, the terrain closes
    assert b.poison[3] == 1 and not b.open[2]


def test_rakshtoln_swamps_poison_on_a_miss_and_on_an_attack_ability_too():
    """30/100 Болота Ракштольна: "При атаке вашего болотного существа" — any attack: a simple strike
    that misses, and a shot used as an action, each set it off (the terrain opened again between)."""
    swamp = card("Swamp", strike=(0, 0, 0), life=10, elements=("swamps",))
    archer = card("Archer", life=10, elements=("swamps",), abilities='status = "full"\nabilities = [\n'
                  '  { kind = "shot", damage = [1], cost = "tap" },\n]')
    foes = [card("Foe", life=10, move=0), card("Foe2", life=10, move=0)]
    b = start([swamp, archer, _printing("30/100")], foes,
              ({0: P1_FRONT, 1: square(0, 1), 2: square(0, 3)}, {3: P2_FRONT, 4: square(5, 1)}),
              dice=[1, 1, 1])
    b.open[3] = False
    b.apply(Strike(0, 3))                       # a strike of 0: no wounds, the poisoning all the same
    assert b.poison[3] == 1 and not b.open[2]
    b.open[2] = True
    b.apply(UseAbility(1, _use(b, 1, "shot"), (4,)))
    assert b.poison[4] == 1


def test_rakshtoln_swamps_may_be_declined():
    """The {instant} answer is a choice: declined, nothing is poisoned and the terrain stays open."""
    swamp = card("Swamp", strike=(2, 2, 2), life=10, elements=("swamps",))
    b = start([swamp, _printing("30/100")], [card("Foe", life=10, move=0)],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}), dice=[6], p1=Declines())
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.poison[2] == 0 and b.open[1]


def test_soultrad_curses_a_first_row_creature_at_the_start_as_the_second_player():
    """30/137 Соултрад: "{second}: В начале боя выбранное существо в первом ряду получает проклятие"
    — only a creature in its owner's first row is offered."""
    front, back = card("Front", life=10), card("Back", life=10)
    b = start([front, back], [card("Mine", life=10), _printing("30/137")],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK, 3: square(5, 1)}))
    assert b._in_state(0, "cursed") and not b._in_state(1, "cursed")


def test_soultrad_curses_the_target_of_a_dark_creatures_strike():
    """30/137 Соултрад: "{instant}{tap}: При ударе тёмного существа воздействие печать тьмы
    атакованный получает проклятие" — a dark creature of its squad; the terrain closes."""
    dark = card("Dark", strike=(2, 2, 2), life=10, elements=("darkness",))
    b = start([dark, _printing("30/137")], [card("Foe", life=10, move=0)],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}), dice=[6])
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b._in_state(2, "cursed") and not b.open[1]


# ---------------------------------------------------------------- a price, then the payoff


def test_flagellant_wounds_itself_to_be_blessed_and_the_heuristic_takes_it():
    """30/177 Флагеллянт: "В начале вашего хода может раниться на 1, при этом получить
    благословление" — the heuristic player takes it (a blessing is worth more than a wound)."""
    b = start([card("Mine", life=10), _printing("30/177")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}), p1=HeuristicPlayer(), p2=Scripted())
    b.apply(END_TURN)
    b.apply(END_TURN)                           # its next turn starts
    assert b.wounds[1] == 1 and b._in_state(1, "blessed")


def test_flagellant_may_drop_its_blessing_on_a_strike_to_heal_a_neighbour():
    """30/177: "При {strike} может потерять благословление, при этом излечить стоящее рядом существо
    на 2" — not itself; without a blessing (its turn-start wound declined) nothing happens."""
    flag = _printing("30/177")
    ally = card("Ally", life=10)
    b = start([flag, ally], [card("Foe", life=20, move=0)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[6], p1=Declines())
    b.wounds[1] = 3
    b.open[2] = False
    b.apply(Strike(0, 2))                       # no blessing: no heal
    assert b.wounds[0] == 0 and b.wounds[1] == 3
    b2 = start([flag, ally], [card("Foe", life=20, move=0)],
               ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[6])
    assert b2.wounds[0] == 1 and b2._in_state(0, "blessed")   # (its turn start: wounded 1, blessed)
    b2.wounds[1] = 3
    b2.open[2] = False
    b2.apply(Strike(0, 2))
    assert b2.wounds[1] == 1 and b2.wounds[0] == 1 and not b2._in_state(0, "blessed")


class DarkensNotHeals(Scripted):
    """Declines the heal alternative of 30/177, takes the darkening one."""

    def choose_targets(self, battle, unit, index, candidates, most):
        nxt = battle.slots[unit][index + 1].ability if index + 1 < len(battle.slots[unit]) else None
        if nxt is not None and nxt.kind == "heal" and nxt.cost == "then":
            return ()
        return super().choose_targets(battle, unit, index, candidates, most)


def test_flagellant_may_instead_make_the_struck_creature_dark():
    """30/177: "… при этом излечить стоящее рядом существо на 2 или атакованное существо становится
    тёмным" — the other choice: its blessing lost, the struck creature's element is darkness and no
    one is healed; a second alternative is not offered once the blessing is gone."""
    ally = card("Ally", life=10)
    b = start([_printing("30/177"), ally], [card("Foe", life=20, move=0, elements=("forest",))],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[6], p1=DarkensNotHeals())
    b.wounds[1] = 3
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.cards[2].elements == ("darkness",) and b.wounds[1] == 3 and not b._in_state(0, "blessed")


# ---------------------------------------------------------------- swapping squares (kind ``swap``)


def test_druzhinnik_swaps_with_an_ally_without_closing_and_shields_it():
    """30/13 Дружинник: "1 раз за ход: Поменять Дружинника местами со стоящим рядом вашим
    небестелесным существом; это существо получает -1 от немагических атак до конца хода
    противника" — no {tap}: it stays open; once a turn; the ally takes 2 from a strike of 3."""
    druzh = _printing("30/13")
    ally = card("Ally", strike=(1, 1, 1), life=10)
    foe = card("Foe", strike=(3, 3, 3), life=10, move=0)
    b = start([druzh, ally], [foe], ({0: square(2, 1), 1: P1_FRONT}, {2: square(3, 1)}), dice=[1])
    i = _use(b, 0, "swap")
    b.apply(UseAbility(0, i, (1,)))
    assert b.pos[0] == P1_FRONT and b.pos[1] == square(2, 1)
    assert b.open[0] and not b.acted[0] and UseAbility(0, i, (1,)) not in b.legal_actions()
    b.apply(END_TURN)
    b.open[1] = False                            # (closed: one die, the attacker's)
    b.apply(Strike(2, 1))
    assert b.wounds[1] == 2


def test_heuristic_swaps_a_wounded_ally_out_of_contact():
    """The heuristic player swaps when the ally is more wounded and has more enemies next to it
    than the Druzhinnik; not when that would put the wounded one into the fight."""
    druzh = _printing("30/13")
    ally = card("Ally", strike=(1, 1, 1), life=10, move=0)
    foe = card("Foe", strike=(1, 1, 1), life=30, move=0)
    b = start([druzh, ally], [foe], ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT}),
              p1=HeuristicPlayer(), p2=Scripted())
    b.wounds[1] = 6
    b.players[0].play_turn(b)
    assert b.pos[0] == P1_FRONT and b.pos[1] == P1_MID
    b2 = start([druzh, ally], [foe], ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}),
               p1=HeuristicPlayer(), p2=Scripted())
    b2.wounds[1] = 6
    b2.players[0].play_turn(b2)
    assert b2.pos[0] == P1_FRONT and b2.pos[1] == P1_MID


# ---------------------------------------------------------------- markers acting at a turn's end


def test_portal_master_wounds_the_cards_on_its_portal_at_the_end_of_its_next_turn():
    """30/53 Мастер порталов: "В начале хода противника заклинание открыть портал выбрать свободную
    клетку поля боя; … в конце вашего следующего хода заклинание закрыть портал ранить стоящие на
    ней карты на 2" — not at the end of the opponent's turn; then the portal is gone."""
    master = _printing("30/53")
    walker = card("Walker", life=10, move=2)
    b = start([master], [walker], ({0: P1_BACK}, {1: P2_FRONT}), p1=Picks(square(3, 1)))
    b.apply(END_TURN)                            # the opponent's turn starts: the portal opens
    assert [m[0] for m in b.marks[square(3, 1)]] == ["portal"]
    b.apply(Move(1, square(3, 1)))               # an enemy steps onto it
    b.apply(END_TURN)
    assert b.wounds[1] == 0
    b.apply(END_TURN)                            # the end of the master's next turn: 2
    assert b.wounds[1] == 2 and not b.marks[square(3, 1)]


# ---------------------------------------------------------------- markers on cards, a card closing


def test_black_dragon_fumes_wound_a_creature_closing_next_to_the_struck_card():
    """30/151 Чёрный дракон: "При {strike} атакованная карта получает маркер кислотные пары до конца
    хода противника (когда рядом с картой с маркером кислотные пары закрывается существо ранить
    его на 1)" — a creature closing next to it takes 1; the marked card itself closing does not
    (nothing marked stands next to it); after the opponent's turn the fumes are gone."""
    dragon = _printing("30/151")
    marked = card("Marked", life=20, move=0)
    neighbour = card("Neighbour", strike=(1, 1, 1), life=20, move=0)
    mine = card("Mine", life=20, move=0)
    b = start([dragon, mine], [marked, neighbour],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT, 3: square(3, 1)}), dice=[6, 1, 1])
    b.open[2] = False
    b.apply(Strike(0, 2))                        # the dragon's strike: fumes on Marked
    assert b._has(2, "acid_fumes") is not None
    b.apply(END_TURN)
    b.open[1] = False
    b.apply(Strike(3, 1))                        # Neighbour closes next to Marked: 1
    assert b.wounds[3] == 1
    b.apply(Strike(2, 1))                        # Marked closes: nothing marked next to it
    assert b.wounds[2] == 4
    b.apply(END_TURN)
    assert b._has(2, "acid_fumes") is None       # (until the end of the opponent's turn)


def test_aznagul_seals_and_wounds_every_closed_sealed_enemy_when_one_closes():
    """30/25 Азнагул: "{tap}: Заклинание заклеймить огнём ранить карту противника на 1-2-2, она получает
    маркер пламенная печать. Когда карта противника с пламенной печатью закрывается ранить все
    закрытые карты противника с пламенной печатью на 1" — the sealed card that closes is one of
    them; an open sealed card is not; an unsealed closing card sets nothing off."""
    azn = _printing("30/25")
    a, c, d = card("A", life=20, move=0), card("C", life=20, move=0), card("D", life=20, move=0)
    b = start([azn, card("Mine", life=30, move=0)], [a, c, d],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT, 3: square(3, 1), 4: square(3, 3)}),
              dice=[1, 1, 1, 1])
    spell = _use(b, 0, "spell")
    b.apply(UseAbility(0, spell, (2,)))          # A: 1 and sealed
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(0, spell, (3,)))          # C: 1 and sealed (C stays open)
    b.apply(END_TURN)
    assert b.wounds[2] == 1 and b.wounds[3] == 1
    b.open[1] = False
    b.apply(Strike(4, 1))                        # D is not sealed: nothing
    assert b.wounds[2] == 1 and b.wounds[3] == 1
    b.apply(Strike(2, 1))                        # A closes: every closed sealed enemy card takes 1
    assert b.wounds[2] == 2 and b.wounds[3] == 1


def test_toplyanitsa_keeps_the_creature_opposite_closed_after_it_closes_on_its_turn():
    """30/115 Топляница: "Когда стоящее напротив существо противника закрывается в свой ход оно не
    открывается в начале своего следующего хода" — not a creature beside it."""
    top = _printing("30/115")
    opp, beside = card("Opposite", strike=(1, 1, 1), life=20), card("Beside", strike=(1, 1, 1), life=20)
    b = start([top], [opp, beside], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1, 1])
    b.apply(END_TURN)
    b.open[0] = False
    b.apply(Strike(1, 0))
    b.apply(Strike(2, 0))
    b.apply(END_TURN)
    b.apply(END_TURN)                            # the opponent's next turn starts
    assert not b.open[1] and b.open[2]


# ---------------------------------------------------------------- losing a keyword (``lose_keyword``)


def test_armourer_takes_the_armor_of_an_enemy_card_until_the_end_of_its_turn():
    """30/36 Оружейник: "{tap}: Воздействие повредить доспех карта противника теряет {armor} до конца
    вашего хода" — a strike of 2 at armor 2 deals 2 then; the armor is back in the next turn."""
    arm = _printing("30/36")
    striker = card("Striker", strike=(2, 2, 2), life=10)
    knight = card("Knight", life=10, move=0, armor=2)
    b = start([arm, striker], [knight], ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}), dice=[1, 1])
    b.apply(UseAbility(0, _use(b, 0, "lose_keyword"), (2,)))
    assert b.armor[2] == 0 and not b.open[0]
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert b.wounds[2] == 2
    b.apply(END_TURN)
    assert b.armor[2] == 2


def test_rakshtoln_swamps_take_experience_from_poisoned_enemies():
    """30/100 Болота Ракштольна: "Существа противника с отравлением теряют {ovz} и {ova}" — an aura of
    the terrain on each poisoned enemy creature, while it is poisoned."""
    vet = card("Veteran", life=10, exp_attack=2, exp_defence=1)
    b = start([card("Mine", life=10), _printing("30/100")], [vet],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert b.cards[2].keyword("exp_attack") == 2
    b.poison[2] = 1
    b._situate()
    assert b.cards[2].keyword("exp_attack") == 0 and b.cards[2].keyword("exp_defence") == 0


def test_hatchling_summoned_by_an_artifact_may_trade_its_armor_for_flight():
    """30/194 Вылупившийся дракон: "При вызове из Яйца дракона может потерять {armor}, при этом
    получить полёт и -1 к {strike}" — summoned by an artifact (the egg, 30/187), it flies with no
    armor and a weak strike one lower; declined, it stays a ground creature with its armor."""
    from analysis.battle import Battle, BattleConfig
    from tests.battle.test_ability_kinds import facts

    egg = card("Egg", type="artifact", strike=None, life=None, move=0,
               abilities=facts('{ kind = "summon", cost = "tap", vs_classes = ["Дракон"] }'))
    for p1, flies in ((Scripted(), True), (Declines(), False)):
        b = Battle(([egg, card("Mine")], [card("Foe")]), (p1, Scripted()),
                   placements=({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}),
                   config=BattleConfig(), decks=([_printing("30/194")], []))
        b._start_turn()
        b.apply(UseAbility(0, 0, (0,)))
        v = 3
        assert b.alive[v] and (b.kind[v] == 1) == flies  # (FLYER)
        assert b.armor[v] == (0 if flies else 1)


# ---------------------------------------------------------------- a Valhalla given to an enemy


def test_loki_poisoned_mead_wounds_its_owners_creatures_from_the_graveyard():
    """30/63 Локи: "В начале вашего хода воздействие отравленный мёд стоящее рядом существо противника
    получает Вальхалла: ранить ваше существо на 2 (в конце хода, если эта карта не на кладбище эта
    особенность теряется)" — the creature killed that turn wounds a creature of its own squad by 2 at
    the start of each of its owner's turns (the one with the most life left)."""
    loki = _printing("30/63")
    victim = card("Victim", life=3, move=0)
    big, small = card("Big", life=12, move=0), card("Small", life=6, move=0)
    b = start([loki], [victim, big, small],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 1), 3: square(5, 3)}), dice=[6])
    assert b._has(1, "grave_wound") is not None
    b.open[1] = False
    b.apply(Strike(0, 1))                        # 5 wounds: it dies this turn, holding it
    assert not b.alive[1]
    b.apply(END_TURN)                            # its owner's turn starts: Big takes 2
    assert b.wounds[2] == 2 and b.wounds[3] == 0
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.wounds[2] == 4                      # (each of its owner's turns)


def test_loki_mead_is_lost_at_the_end_of_the_turn_by_a_survivor():
    """A creature given the mead that survives the turn loses it: killed later, it wounds nothing."""
    loki = _printing("30/63")
    victim = card("Victim", life=7, move=0)
    big = card("Big", life=12, move=0)
    b = start([loki], [victim, big], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 1)}))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b._has(1, "grave_wound") is not None  # (given again at Loki's turn start)
    b.wounds[1] = 7
    b._settle([1])                               # (dies now, in the turn it was given: kept)
    b.apply(END_TURN)
    assert b.wounds[2] == 2
    b2 = start([loki], [victim, big], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 1)}))
    b2.apply(END_TURN)                           # the mead goes at the turn end
    assert b2._has(1, "grave_wound") is None
    b2.wounds[1] = 7
    b2._settle([1])
    b2.apply(END_TURN)
    b2.apply(END_TURN)
    assert b2.wounds[2] == 0


# ---------------------------------------------------------------- strong shots, auras, dashes


def test_velit_strong_shot_is_one_stronger_against_mountain_cards():
    """30/1 Велит: "{tap}: Выстрел на 1, дальность 3. +1 к сильному выстрелу по горным" — against a
    mountain card a roll of 6 deals 2, a lower roll 1; a shot at another card stays 1."""
    for elements, die, wounds in ((("mountains",), 6, 2), (("mountains",), 5, 1), (("forests",), 6, 1)):
        b = start([_printing("30/1")], [card("Foe", life=10, move=0, elements=elements)],
                  ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
        best = max((i for i, sl in enumerate(b.slots[0]) if sl.ability.kind == "shot"
                    and 1 in b.ability_targets(0, i)), key=lambda i: sum(b.slots[0][i].ability.damage))
        b.apply(UseAbility(0, best, (1,)))
        assert b.wounds[1] == wounds


class Dasher(Scripted):
    """Dashes onto one square, if it may."""

    def __init__(self, sq, **kw):
        super().__init__(**kw)
        self.sq = sq

    def relocate(self, battle, unit, why, squares):
        return self.sq if why == "dash" and self.sq in squares else -1


def test_warlord_gives_akkenians_in_formation_one_more_to_attacks():
    """30/24 Полководец: "Ваши аккенийцы имеют +1 к атакам, пока они в строю с Полководцем" — an
    Akkenian orthogonally next to it (formation) strikes 1 + 1; one of another class does not."""
    for classes, wounds in ((("Аккениец",), 2), ((), 1)):
        ally = card("Ally", strike=(1, 1, 1), life=10, classes=classes, formation=1)
        b = start([_printing("30/24"), ally], [card("Foe", life=10, move=0)],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: square(3, 1)}), dice=[1])
        b.open[2] = False
        b.apply(Strike(1, 2))
        assert b.wounds[2] == wounds


def test_warlord_strikes_when_an_ally_dashes_next_to_it():
    """30/24: "Когда ваше существо совершает рывок на клетку рядом с Полководцем он может объявить
    особый удар знаменем на 1" — at an enemy next to the Warlord."""
    rider = card("Rider", strike=(1, 1, 1), life=10, dash=1,
                 abilities=facts('{ kind = "dash" }'))
    b = start([_printing("30/24"), rider], [card("Far", life=10, move=0), card("Near", life=10, move=0)],
              ({0: square(2, 3), 1: square(2, 1)}, {2: square(3, 1), 3: square(3, 3)}), dice=[1],
              p1=Dasher(P1_FRONT))
    b.open[2] = False
    b.apply(Strike(1, 2))                        # then it dashes onto (2, 2), next to the Warlord
    assert b.pos[1] == P1_FRONT and b.wounds[3] == 1


# ---------------------------------------------------------------- more printings of the sweep


def test_white_moon_children_step_onto_the_square_of_their_row_strike_victim_and_strike():
    """30/44 Дети Белой Луны: "Когда уничтожают карту {uchr} могут переместиться на клетку, которая
    она занимала, при этом два или менее магических удара на 1" — onto that square only, then the
    magic strikes at the enemies next to it there."""
    from tests.battle.test_set30_printings import Mover

    kids = _printing("30/44")
    victim, near = card("Victim", life=2, move=0), card("Near", life=10, move=0)
    b = start([kids], [victim, near], ({0: P1_FRONT}, {1: P2_MID, 2: square(4, 3)}), dice=[1],
              p1=Mover(P2_MID))
    b.apply(UseAbility(0, _use(b, 0, "strike_through_row"), (1,)))
    assert not b.alive[1] and b.pos[0] == P2_MID and b.wounds[2] == 1
    b2 = start([kids], [victim, near], ({0: P1_FRONT}, {1: P2_MID, 2: square(4, 3)}), dice=[1])
    b2.apply(UseAbility(0, _use(b2, 0, "strike_through_row"), (1,)))   # (it stays: no magic strikes)
    assert b2.pos[0] == P1_FRONT and b2.wounds[2] == 0


def test_avenger_gets_two_more_to_all_strikes_after_an_ally_falls_to_an_enemy_attack():
    """30/74 Мститель: "При гибели вашего существа от атаки карты противника Мститель получает +2 ко
    всем ударам до конца вашего хода" — its magic strike 1 deals 3; a death of another cause
    gives nothing."""
    ally = card("Ally", life=1, move=0)
    foe = card("Foe", strike=(2, 2, 2), life=20, move=0)
    b = start([_printing("30/74"), ally], [foe], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}),
              dice=[1, 1])
    b.apply(END_TURN)
    b.open[1] = False
    b.apply(Strike(2, 1))                        # the ally dies to an enemy strike
    b.apply(END_TURN)
    b.apply(UseAbility(0, _use(b, 0, "magic_strike"), (2,)))
    assert b.wounds[2] == 3
    b2 = start([_printing("30/74"), ally], [foe], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}))
    b2.wounds[1] = 1
    b2._settle([1])                              # (a death of no known cause)
    b2.apply(UseAbility(0, _use(b2, 0, "magic_strike"), (2,)))
    assert b2.wounds[2] == 1


def test_snowfall_priestess_gains_a_counter_on_a_weak_discharge():
    """30/46 Жрица снегопадов: "При слабом разряде получает {counter}" — not on a medium one."""
    for die, counters in ((1, 1), (4, 0)):
        b = start([_printing("30/46")], [card("Foe", life=10, move=0)], ({0: P1_BACK}, {1: P2_FRONT}),
                  dice=[die])
        b.apply(UseAbility(0, _use(b, 0, "discharge"), (1,)))
        assert b.counters[0] == counters


def test_battle_mage_concentration_gives_two_armor_to_the_end_of_the_next_enemy_turn():
    """30/51 Боевой маг: "Концентрация: получает +2 к {armor} до конца следующего хода противника"."""
    b = start([_printing("30/51")], [card("Foe", life=10, move=0)], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(END_TURN)
    assert b.armor[0] == 0
    b.apply(END_TURN)                            # the end of the opponent's turn: concentration
    b.apply(END_TURN)
    assert b.active == 1 and b.armor[0] == 2


# ---------------------------------------------------------------- crossing the middle line


def test_belegos_gives_a_creature_crossing_to_the_enemy_half_one_more_to_its_strikes():
    """30/4 Белегос: "При перемещении со своей половины поля боя на половину поля боя противника ваше
    существо получает +1 к ударам до конца хода противника (1 раз за ход для каждого существа)" —
    a step within its own half gives nothing; the crossing step does."""
    from analysis.battle import Move

    walker = card("Walker", strike=(1, 1, 1), life=10, move=2)
    b = start([walker, _printing("30/4")], [card("Foe", life=10, move=0)],
              ({0: P1_MID, 1: square(0, 1)}, {2: square(4, 2)}), dice=[1])
    b.apply(Move(0, P1_FRONT))                   # within its own half
    assert not b.grants[0]
    b.apply(Move(0, P2_FRONT))                   # onto the enemy half
    assert b.grants[0]
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 2


def test_yor_hummocks_close_an_enemy_stepping_into_your_first_row_and_add_armor():
    """30/42 Торосы Йора: "При передвижении со своей половины поля боя на свободную клетку вашего
    первого ряда существо противника закрывается. {tap}: … небестелесное нелетающее существо получает
    {armor} 1 или +1 {armor} до конца хода противника" — armor 1 becomes 2."""
    from analysis.battle import Move

    mine = card("Mine", life=10, armor=1)
    walker = card("Walker", life=10, move=1)
    b = start([mine, _printing("30/42")], [walker], ({0: P1_BACK, 1: square(0, 1)}, {2: square(3, 1)}))
    b.apply(UseAbility(1, _use(b, 1, "keyword"), (0,)))
    assert b.armor[0] == 2
    b.apply(END_TURN)
    assert b.armor[0] == 2                       # (until the end of the opponent's turn)
    b.apply(Move(2, square(2, 1)))               # into the Hummocks' owner's first row: it closes
    assert not b.open[2]


# ---------------------------------------------------------------- blessings, second strikes, open foes


def test_akkenian_swordsman_strikes_when_blessed():
    """30/6 Мечник Аккении: "Когда получает благословление особый удар клинком на 2" — at an enemy next
    to it."""
    from analysis.cards.abilities import Ability

    b = start([_printing("30/6")], [card("Foe", life=10, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}))
    b._bless(0, 0, Ability(kind="give_blessing", cost="tap"))
    assert b._in_state(0, "blessed") and b.wounds[1] == 2


def test_allar_heals_fully_once_when_blessed():
    """30/89 Аллар: "Когда получает благословление полностью излечиться (1 раз за бой)"."""
    from analysis.cards.abilities import Ability

    b = start([_printing("30/89")], [card("Foe", life=10, move=0)], ({0: P1_BACK}, {1: P2_BACK}))
    b.wounds[0] = 5
    b._bless(0, 0, Ability(kind="give_blessing", cost="tap"))
    assert b.wounds[0] == 0


def test_dark_beast_strikes_again_after_striking_a_flyer():
    """30/143 Тёмная бестия: "При {strike} по летающему не закрывается после {strike} и может нападать
    {strike} ещё раз до конца хода (1 раз за ваш ход)"."""
    beast = _printing("30/143")
    bird, bird2 = card("Bird", type="flyer", life=10, move=0), card("Bird2", type="flyer", life=10, move=0)
    b = start([beast], [bird, bird2], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}), dice=[6, 6, 6])
    b.open[1] = b.open[2] = False
    b.apply(Strike(0, 1))
    assert b.open[0] and Strike(0, 2) in b.legal_actions()
    b.apply(Strike(0, 2))
    assert not b.open[0]


def test_renegade_minotaur_strikes_twice_in_a_row_after_defending():
    """30/152 Минотавр-отступник: "Когда выступает защитником получает «может нападать {strike} два
    раза за ход, только подряд» до конца вашего хода"."""
    mino = _printing("30/152")
    ally = card("Ally", life=20)
    foe = card("Foe", strike=(1, 1, 1), life=30, move=0)
    b = start([mino, ally], [foe], ({0: square(2, 1), 1: P1_FRONT}, {2: square(3, 1)}),
              dice=[1, 1, 6, 1, 6, 1], p1=Scripted(defender=0))
    b.apply(END_TURN)
    b.apply(Strike(2, 1))                        # the Minotaur defends its ally
    assert b._has(0, "strikes_twice_in_a_row") is not None
    b.apply(END_TURN)
    b.apply(Strike(0, 2))
    assert Strike(0, 2) in b.legal_actions()


def test_moloch_loses_one_strike_per_open_enemy_creature():
    """30/165 Молох: "-1 к {strike} за каждое открытое существо в отряде противника (максимум -3)"."""
    foes = [card(f"F{i}", life=20, move=0) for i in range(4)]
    b = start([_printing("30/165")], foes,
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: square(3, 3), 4: square(3, 0)}), dice=[1])
    b.open[1] = False                            # three open: 6 − 3
    b._situate()
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3


def test_dragon_slayer_strikes_a_flyer_as_an_adjacent_card():
    """30/180 Драконоборец: "Может нападать {strike} на летающих как на стоящие рядом карты"."""
    b = start([_printing("30/180")], [card("Bird", type="flyer", life=10, move=0), card("Foe", life=10)],
              ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    assert Strike(0, 1) in b.legal_actions() and Strike(0, 2) not in b.legal_actions()


def test_vereselen_gains_movement_by_its_strike():
    """30/121 Вереселень: "При {strike} на X получает +X к {move}" — kept (no end given), so its
    movement grows strike by strike."""
    b = start([_printing("30/121")], [card("Foe", life=20, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}),
              dice=[6])
    before = b.move_points[0]
    b.open[1] = False
    b.apply(Strike(0, 1))                        # a strong strike of 3
    assert b.move_points[0] == before + 3


def test_tinnik_opens_the_parasite_of_the_creature_it_throws_at():
    """30/108 Тинник: "При метании по существу с паразитом открыть этого паразита" — the parasite
    riding the target (its own side's, placed on the enemy creature)."""
    tinnik = _printing("30/108")
    parasite = card("Leech", type="parasite", move=0, life=5)
    b = start([tinnik, parasite], [card("Host", life=20)],
              ({0: P1_BACK, 1: square(1, 1)}, {2: P2_FRONT}), dice=[1])
    assert b.rider[2] == 1
    b.open[1] = False
    b.apply(UseAbility(0, _use(b, 0, "throw"), (2,)))
    assert b.open[1]


def test_glutton_heals_by_the_wounds_its_decay_deals():
    """30/149 Проглот: "ранить каждое стоящее рядом существо противника на 1, при этом излечиться на X,
    где X число нанесённых ран" — two neighbours: it heals 2."""
    foes = [card("A", life=10, move=0), card("B", life=10, move=0), card("Far", life=10, move=0)]
    b = start([_printing("30/149")], foes,
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: square(5, 2)}))
    b.wounds[0] = 4
    b.apply(END_TURN)
    assert b.wounds[1] == b.wounds[2] == 1 and b.wounds[3] == 0 and b.wounds[0] == 2


def test_nargoyl_may_dive_to_its_death_to_wound_the_struck_creature():
    """30/154 Наргойл: "При сильном {strike} … вы можете уничтожить Наргойла, при этом ранить
    атакованое существо на 3" — taken, it dies and the target takes 3 more; declined, nothing."""
    for player, dead in ((Scripted(), True), (Declines(), False)):
        b = start([_printing("30/154"), card("Mine", life=10)], [card("Foe", life=20, move=0)],
                  ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}), dice=[6], p1=player)
        b.open[2] = False
        b.apply(Strike(0, 2))
        assert (not b.alive[0]) == dead and b.wounds[2] == 3 + (3 if dead else 0)


def test_chaos_serpent_teleports_and_drags_the_struck_creature_next_to_it():
    """30/163 Змей хаоса: "При {strike} телепортироваться, при этом переместить атакованное существо
    на свободную клетку рядом с собой" — its player picks both squares."""

    class Picks2(Scripted):
        def relocate(self, battle, unit, why, squares):
            want = square(0, 0) if unit == 0 else square(1, 0)
            return want if want in squares else -1

    b = start([_printing("30/163")], [card("Foe", life=20, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}),
              dice=[1], p1=Picks2())
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.pos[0] == square(0, 0) and b.pos[1] == square(1, 0)


def test_free_shooter_stops_the_target_healing_until_the_end_of_its_turn():
    """30/171 Вольный стрелок: "При выстреле воздействие незаживающие раны атакованный не может
    излечиваться или получать дополнительные {health} до конца хода противника" — its regeneration
    does nothing at the start of its turn; at the next one it heals again."""
    troll = card("Troll", life=12, move=0, regeneration=2)
    b = start([_printing("30/171")], [troll], ({0: P1_BACK}, {1: P2_FRONT}), dice=[4])
    b.apply(UseAbility(0, _use(b, 0, "shot"), (1,)))
    assert b.wounds[1] == 2
    b.apply(END_TURN)                            # its turn: no regeneration
    assert b.wounds[1] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)                            # its next turn: regeneration 2
    assert b.wounds[1] == 0


def test_thief_steals_a_counter_and_passes_it_on():
    """30/168 Вор: "{tap}: Воздействие кража переместить {counter} с противника на себя. {tap}:
    Воздействие украденная сила переместить {counter} с себя на вашу карту"."""
    thief = _printing("30/168")
    mage = card("Mage", life=10, move=0)
    b = start([thief, card("Mine", life=10)], [mage], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    b.counters[2] = 2
    b.apply(UseAbility(0, _use(b, 0, "lose_counters"), (2,)))
    assert b.counters[2] == 1 and b.counters[0] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)
    give = next(i for i, sl in enumerate(b.slots[0]) if sl.ability.kind == "gain_counter"
                and sl.ability.cost == "counter_tap")
    b.apply(UseAbility(0, give, (1,)))
    assert b.counters[0] == 0 and b.counters[1] == 1


def test_green_dragon_strips_poison_protection_and_poisons_by_the_strike():
    """30/132 Зелёный дракон: "При {strike} атакованный теряет {zoo} до конца боя и получает
    отравление на 1-2-3. В начале хода противника выбранное существо с отравлением получает -Х к
    {strike} до конца хода, где Х величина его отравления"."""
    dragon = _printing("30/132")
    foe = card("Foe", strike=(4, 4, 4), life=20, move=0, prot_poison=1)
    b = start([dragon], [foe], ({0: P1_BACK}, {1: P2_BACK}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))                        # a strong strike: poisoning 3, despite its protection
    assert b.poison[1] == 3 and not b.cards[1].has("prot_poison")
    b.apply(END_TURN)                            # its turn: −3 to its strike this turn
    assert b.wounds[1] == 4 + 3
    from analysis.cards.ability_rules import strike_passives

    assert strike_passives(b.cards[1]).bonus == (-3, -3, -3)


def test_elenyamen_heals_its_creatures_one_more_once_a_turn():
    """30/71 Эленьямен: "Если ваше существо должно излечиться на X вместо этого оно излечивается на
    X+1 (1 раз за ход для каждого существа)" — its regeneration 1 heals 2."""
    troll = card("Troll", life=12, regeneration=1)
    b = start([troll, _printing("30/71")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    b.wounds[0] = 5
    b.apply(END_TURN)
    b.apply(END_TURN)                            # its regeneration: 1 + 1
    assert b.wounds[0] == 3


def test_pursh_moves_its_killer_to_any_free_square():
    """30/83 Пурш: "При гибели от атаки нелетающей карты противника переместить её на любую свободную
    клетку поля боя"."""
    from tests.battle.test_set30_printings import Mover

    pursh = _printing("30/83")
    killer = card("Killer", strike=(20, 20, 20), life=20)
    b = start([pursh, card("Mine", life=10)], [killer],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}), dice=[1, 1], p1=Mover(square(5, 0)))
    b.apply(END_TURN)
    b.open[0] = False
    b.apply(Strike(2, 0))
    assert not b.alive[0] and b.pos[2] == square(5, 0)


def test_vyurr_stops_the_struck_card_using_magic_on_its_next_turn():
    """30/87 Вьюрр: "При ударе воздействие бессилие атакованный не может использовать магические
    способности в свой следующий ход"."""
    mage = card("Mage", life=12, move=0,
                abilities=facts('{ kind = "discharge", damage = [2], cost = "tap" }'))
    b = start([_printing("30/87")], [mage], ({0: P1_BACK}, {1: P2_BACK}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    b.apply(END_TURN)
    assert UseAbility(1, 0, (0,)) not in b.legal_actions()
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert UseAbility(1, 0, (0,)) in b.legal_actions()


def test_goblin_shaman_moves_an_enemy_poisoning_to_its_neighbour_as_poisoning_2():
    """30/102 Шаман гоблинов: "{tap}: Заклинание обряд Пум-Пу существо противника с отравлением теряет
    его; стоящее рядом с ним существо получает отравление на 2"."""
    sham = _printing("30/102")
    a, c = card("A", life=10, move=0), card("C", life=10, move=0)
    b = start([sham], [a, c], ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 1)}))
    b.poison[1] = 1
    b.apply(UseAbility(0, _use(b, 0, "cleanse"), (1,)))
    assert b.poison[1] == 0 and b.poison[2] == 2


def test_klok_wounds_a_card_beside_a_fallen_ally_by_its_regeneration():
    """30/124 Клок Мудрый: "При гибели вашего существа может ранить карту на соседней с погибшим клетке
    на Х, где Х величина {regen} погибшего существа"."""
    troll = card("Troll", life=5, regeneration=3, move=0)
    b = start([_printing("30/124"), troll], [card("Foe", life=10, move=0)],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}))
    b.wounds[1] = 5
    b._settle([1])
    assert b.wounds[2] == 3


def test_lycanthrope_leaps_into_the_gap_of_its_row_strike_and_fights():
    """30/62 Ликантроп: "При {uchr} через свободную клетку может переместиться на неё, при этом
    сразиться {strike} со стоящей рядом картой противника как с открытой"."""
    from tests.battle.test_set30_printings import Mover

    lyc = _printing("30/62")
    far = card("Far", strike=(1, 1, 1), life=20, move=0)
    side = card("Side", strike=(1, 1, 1), life=20, move=0)
    b = start([lyc], [far, side], ({0: P1_FRONT}, {1: P2_MID, 2: square(3, 1)}), dice=[6, 1],
              p1=Mover(P2_FRONT))
    b.apply(UseAbility(0, _use(b, 0, "strike_through_row"), (1,)))
    assert b.pos[0] == P2_FRONT                  # onto the square it struck through
    assert b.wounds[1] == 2 + 4                  # (then its simple strike fights Far: strong 4)


def test_und_instigator_lets_a_cheap_host_jump_after_its_strike():
    """30/21 Унд-подстрекатель: "При {strike}, если хозяин стоит 6 или меньше он может совершить
    прыжок, дальность 3" — not a dearer host."""
    from tests.battle.test_set30_printings import Mover

    for cost, moved in ((6, True), (7, False)):
        und = _printing("30/21")
        host = card("Host", life=10, cost=cost)
        b = start([host, und], [card("Foe", life=20, move=0)],
                  ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}), dice=[6, 1], p1=Mover(square(0, 1)))
        assert b.host[1] == 0
        b.apply(Strike(1, 2))
        assert (b.pos[0] == square(0, 1)) == moved


def test_drilling_rig_moves_itself_to_a_chosen_square():
    """30/57 Буровая установка: "{counter}{tap}: Воздействие подкоп переместиться на выбранную клетку
    поля боя" — any free square its player picks."""
    from tests.battle.test_set30_printings import Mover

    rig = _printing("30/57")
    b = start([rig, card("Mine", life=10)], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}), p1=Mover(square(3, 4)))
    b.counters[0] = 1
    b.apply(UseAbility(0, _use(b, 0, "relocate"), (0,)))
    assert b.pos[0] == square(3, 4) and b.counters[0] == 0


def test_great_ram_strikes_only_opposite_and_harder_after_being_hauled():
    """30/29 Великий таран: "Закрыть стоящее рядом ваше существо: переместить Великий таран на соседнюю
    клетку, при этом он получает +X к особому удару до конца хода, где X слабый {strike} этого
    существа. {tap}: Особый удар тараном на 3 по карте напротив" — 3 + 2 at the card opposite; the
    card beside it is no target."""
    from analysis.battle import Move

    ram = _printing("30/29")
    orc = card("Orc", strike=(2, 3, 4), life=10)
    opp, beside = card("Opp", life=20, move=0), card("Beside", life=20, move=0)
    b = start([ram, orc], [opp, beside], ({0: square(1, 2), 1: square(1, 1)}, {2: P2_FRONT, 3: square(3, 1)}))
    b.apply(Move(0, P1_FRONT))                   # hauled by the orc (weak strike 2)
    i = _use(b, 0, "special_strike")
    assert b.ability_targets(0, i) == [2]
    b.apply(UseAbility(0, i, (2,)))
    assert b.wounds[2] == 5


def test_ice_vine_keeps_its_host_off_its_owners_half():
    """30/34 Ледяная лоза: "Хозяин не может перемещаться на клетки вашей половины поля боя"."""
    from analysis.battle import Move

    vine = _printing("30/34")
    host, other = card("Host", life=10, move=2), card("Other", life=10, move=2)
    b = start([vine, card("Mine", life=10)], [host, other],
              ({0: square(1, 1), 1: square(0, 2)}, {2: P2_FRONT, 3: square(3, 3)}))
    assert b.host[0] == 2
    b.apply(END_TURN)
    assert Move(2, P1_FRONT) not in b.legal_actions()
    assert Move(3, square(2, 3)) in b.legal_actions()


def test_battle_mage_strikes_harder_with_a_caster_behind_it():
    """30/51 Боевой маг: "+1 к магическому удару, если на клетке сзади стоит карта с разрядом или
    заклинанием"."""
    caster = card("Caster", life=10, abilities=facts('{ kind = "discharge", damage = [1], cost = "tap" }'))
    for behind, wounds in ((caster, 3), (card("Plain", life=10), 2)):
        b = start([_printing("30/51"), behind], [card("Foe", life=20, move=0)],
                  ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}))
        best = max((i for i, sl in enumerate(b.slots[0]) if sl.ability.kind == "magic_strike"
                    and b.ability_ready(0, i)), key=lambda i: b.slots[0][i].ability.damage[0])
        b.apply(UseAbility(0, best, (2,)))
        assert b.wounds[2] == wounds


def test_haldar_cannot_strike_in_formation_and_grows_with_its_partners():
    """30/61 Хальдар: "Строй: не может нападать {strike}. В начале вашего хода получает +1 к {strike}
    до конца хода за каждое существо, с которым стоит в строю"."""
    partner = card("Partner", life=10, formation=1)
    b = start([_printing("30/61"), partner], [card("Foe", life=10, move=0)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}))
    assert Strike(0, 2) not in b.legal_actions()
    assert b.grants[0] and b.grants[0][0][0].damage == (1, 1, 1)
    b2 = start([_printing("30/61"), partner], [card("Foe", life=10, move=0)],
               ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}))
    assert Strike(0, 2) in b2.legal_actions()


def test_wind_master_blocks_the_third_enemy_shot_or_throw_of_the_turn_at_its_squad():
    """30/40 Мастер ветра: "Блокирует третью за ход противника дальнюю немагическую атаку по вашим
    картам (кроме {uchr})" — the first two land, the third does not."""
    shot = facts('{ kind = "shot", damage = [1], cost = "tap" }')
    archers = [card(n, life=10, move=0, abilities=shot) for n in ("A", "B", "C")]
    b = start([_printing("30/40"), card("Mine", life=20)], archers,
              ({0: square(0, 1), 1: P1_BACK}, {2: P2_FRONT, 3: square(3, 1), 4: square(3, 3)}))
    b.apply(END_TURN)
    for shooter in (2, 3, 4):
        b.apply(UseAbility(shooter, 0, (1,)))
    assert b.wounds[1] == 2


def test_ille_lets_a_creature_that_dashed_onto_its_victims_square_open():
    """30/31 Илле: "После того, как ваше существо уничтожает карту противника оно может открыться,
    если совершило рывок на клетку, которую та занимала (1 раз за ход для каждого существа)"."""
    rider = card("Rider", strike=(5, 5, 5), life=10, dash=1, abilities=facts('{ kind = "dash" }'))
    foes = [card("Victim", life=3, move=0), card("Other", life=20, move=0)]
    b = start([_printing("30/31"), rider], foes,
              ({0: square(1, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=[6], p1=Dasher(P2_FRONT))
    b.open[2] = False
    b.apply(Strike(1, 2))                        # it kills the victim and dashes onto its square
    assert b.pos[1] == P2_FRONT and b.open[1]


def test_soultrad_weakens_the_first_attack_of_a_cursed_enemy_each_turn():
    """30/137 Соултрад: "Первая за ход атака существа противника с проклятием получает -1 к величине"
    — its first strike 3 deals 2, its second 3."""
    from analysis.cards.abilities import Ability

    foe = card("Foe", strike=(3, 3, 3), life=20, move=0)
    b = start([card("Mine", life=20), _printing("30/137")], [foe],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}), dice=[1, 1])
    b._bless(1, 2, Ability(kind="give_curse", cost="tap"))
    b.apply(END_TURN)                            # the opponent's turn starts: the cursed foe is marked
    b.open[0] = False
    b.apply(Strike(2, 0))
    assert b.wounds[0] == 2


def test_captains_pet_cannot_defend_and_curses_its_host():
    """30/169 Любимец капитана: "Не может выступать защитником. Хозяин имеет проклятие"."""
    pet = _printing("30/169")
    host = card("Host", life=10)
    b = start([pet, card("Mine", life=10)], [host], ({0: square(1, 1), 1: P1_BACK}, {2: P2_FRONT}))
    assert b.host[0] == 2 and b._in_state(2, "cursed")


def test_allar_concentration_adds_two_to_its_shot_range():
    """30/89 Аллар: "Концентрация: получает +2 к дальности выстрела до конца вашего хода" — a shot of
    range 3 reaches 5 in its next turn."""
    b = start([_printing("30/89")], [card("Foe", life=10, move=0)], ({0: P1_BACK}, {1: P2_MID}))
    shot = _use(b, 0, "shot")
    assert b.ability_targets(0, shot) == []      # 4 squares away
    b.apply(END_TURN)
    b.apply(END_TURN)                            # the concentration at the opponent's turn end
    assert b.ability_targets(0, _use(b, 0, "shot")) == [1]


def test_statue_of_sorrow_gains_a_counter_when_its_side_moves_an_enemy():
    """30/107 Статуя скорби: "Когда ваша карта перемещает карту противника получить {counter}" — its
    own shift of an enemy in the third row counts."""
    from tests.battle.test_set30_printings import Mover

    statue = _printing("30/107")
    b = start([statue, card("Mine", life=10)], [card("Back", life=10, move=0)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}), p1=Mover(square(5, 3)))
    b.apply(UseAbility(0, _use(b, 0, "shift"), (2,)))
    assert b.pos[2] == square(5, 3) and b.counters[0] == 1


def test_chaosite_swaps_an_enemy_creatures_weak_and_strong_strikes():
    """30/150 Хаосит: "{instant}{tap}: Воздействие касание хаоса поменять местами значения сильного и
    слабого {strike} существа до конца хода противника" — a 1-2-5 strikes 5-2-1 in its turn."""
    foe = card("Foe", strike=(1, 2, 5), life=10, move=0)
    b = start([_printing("30/150")], [foe], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(UseAbility(0, _use(b, 0, "swap_strikes"), (1,)))
    assert b.cards[1].strike == (5, 2, 1)
    b.apply(END_TURN)
    assert b.cards[1].strike == (5, 2, 1)
    b.apply(END_TURN)
    assert b.cards[1].strike == (1, 2, 5)


def test_chaosite_swap_on_its_own_creature_lasts_through_the_opponents_turn():
    """30/150 Хаосит on a creature of its own squad, in its own turn: the swap holds to the end of
    the opponent's next turn, then ends."""
    mine = card("Mine", strike=(1, 2, 5), life=10)
    b = start([_printing("30/150"), mine], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    i = next(i for i, sl in enumerate(b.slots[0]) if sl.ability.kind == "swap_strikes"
             and sl.ability.target == "ally")
    b.apply(UseAbility(0, i, (1,)))
    assert b.cards[1].strike == (5, 2, 1)
    b.apply(END_TURN)
    assert b.cards[1].strike == (5, 2, 1)
    b.apply(END_TURN)
    assert b.cards[1].strike == (1, 2, 5)


def test_destroyer_orcs_strike_harder_with_each_hit_in_a_row_on_one_card():
    """30/18 Орки-губители: "Могут нападать {strike} два раза за ход … При {strike} получают +1 к
    ударам по атакованному, пока не совершат промах или удар по другой карте (максимум +3)" — the
    second strike at the same card: 1 + 1; at another card: 1."""
    orcs = _printing("30/18")
    a, c = card("A", life=30, move=0), card("C", life=30, move=0)
    b = start([orcs], [a, c], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1, 1, 1])
    b.open[1] = b.open[2] = False
    b.apply(Strike(0, 1))
    b.apply(Strike(0, 1))                        # its second strike this turn, at the same card
    assert b.wounds[1] == 1 + 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.open[2] = False
    b.apply(Strike(0, 2))                        # another card: the run starts again
    assert b.wounds[2] == 1


def test_ballista_throws_only_straight_ahead_and_ignores_taunts():
    """30/11 Баллиста: "Игнорирует особенности, обязывающие выбирать цель метания. … {tap}: Метание на
    2-3-4, только вперед по прямой" — a card ahead in its column (not the one next to it), not one
    aside; an enemy taunt on throws does not bind it."""
    taunt = facts('{ kind = "taunt", from = ["throw"] }')
    ahead, aside = card("Ahead", life=20, move=0), card("Aside", life=20, move=0, abilities=taunt)
    b = start([_printing("30/11"), card("Mine", life=10)], [ahead, aside],
              ({0: P1_MID, 1: square(0, 1)}, {2: P2_BACK, 3: square(3, 1)}), dice=[6])
    throw = _use(b, 0, "throw")
    assert b.ability_targets(0, throw) == [2]
    b.apply(UseAbility(0, throw, (2,)))
    assert b.wounds[2] == 4


def test_scarecrow_draws_the_ranged_attacks_of_cards_at_the_edge_of_both_squads():
    """30/190 Пугало: "Карты, стоящие у края поля, могут объявлять дальние атаки только по Пугалу
    (кроме {uchr}, независимо от дальности)" — an enemy archer at the edge may shoot only it, one in
    the middle anything; its own archer at the edge shoots no enemy."""
    shot = facts('{ kind = "shot", damage = [1], cost = "tap" }')
    crow = _printing("30/190")
    mine = card("Mine", life=10)
    my_archer = card("MyArcher", life=10, move=0, abilities=shot)
    edge = card("Edge", life=10, move=0, abilities=shot)
    middle = card("Middle", life=10, move=0, abilities=shot)
    b = start([crow, mine, my_archer], [edge, middle],
              ({0: P1_FRONT, 1: P1_MID, 2: square(1, 1)}, {3: square(3, 0), 4: P2_MID}))
    assert b.targets  # (the battle is set)
    b.pos[2] = square(0, 0)                      # (its own archer at the corner of the field)
    b.occupied ^= (1 << square(1, 1)) | (1 << square(0, 0))
    b.board[square(1, 1)], b.board[square(0, 0)] = -1, 2
    b.apply(END_TURN)
    assert b.ability_targets(3, 0) == [0]
    assert sorted(b.ability_targets(4, 0)) == [0, 1, 2]
    b.apply(END_TURN)
    assert 3 not in b.ability_targets(2, 0) and 4 not in b.ability_targets(2, 0)


def test_djinn_blocks_the_non_magic_attacks_of_livelier_cards():
    """30/23 Джинн Дзара: "Бестелесный: блокирует по себе немагические атаки карт с большим количеством
    текущих {health}, чем у Джинна Дзара" — a strike by a card with more life left does nothing, one
    by a card with less lands."""
    for life, wounds in ((12, 0), (4, 2)):
        foe = card("Foe", strike=(2, 2, 2), life=life, move=0)
        b = start([_printing("30/23"), card("A", life=10), card("B", life=10), card("C", life=10)], [foe],
                  ({0: P1_FRONT, 1: square(0, 1), 2: square(0, 2), 3: square(0, 3)}, {4: P2_FRONT}),
                  dice=[1, 1])
        b.apply(END_TURN)
        b.open[0] = False
        b.apply(Strike(4, 0))
        assert b.wounds[0] == wounds


def test_velga_strikes_defenders_harder():
    """30/37 Вельга: "+1 к {strike} по защитникам" — not against the card it attacked itself."""
    velga = _printing("30/37")
    target, guard = card("Target", life=20, move=0), card("Guard", life=20, move=0)
    b = start([velga], [target, guard], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[6, 1],
              p2=Scripted(defender=2))
    b.apply(Strike(0, 1))                        # the guard defends: a strong strike 4 + 1
    assert b.wounds[2] == 4 + 1 and b.wounds[1] == 0


def test_warlock_owl_rides_only_a_caster_and_gives_it_a_counter():
    """30/56 Сова колдуна: "При рассадке симбиотов может быть помещена только на существо с магическими
    особенностями. {counter}{tap}: Воздействие мудрость совы хозяин получает {counter}"."""
    owl = _printing("30/56")
    caster = card("Caster", life=10, abilities=facts('{ kind = "discharge", damage = [1], cost = "tap" }'))
    plain = card("Plain", life=10)
    b = start([plain, owl], [card("Foe", life=10)], ({0: P1_FRONT, 1: P1_MID}, {2: P2_BACK}))
    assert not b.alive[1]                        # (no creature with a magical ability to ride)
    b = start([caster, owl], [card("Foe", life=10)], ({0: P1_FRONT, 1: P1_MID}, {2: P2_BACK}))
    assert b.host[1] == 0
    b.counters[1] = 1
    give = next(i for i, sl in enumerate(b.slots[1])
                if sl.ability.kind == "gain_counter" and sl.ability.is_action)
    assert b.ability_targets(1, give) == [0]
    b.apply(UseAbility(1, give, (0,)))
    assert b.counters[0] == 1 and b.counters[1] == 0


def test_owlbear_strikes_again_when_every_enemy_card_is_wounded():
    """30/99 Медвесыч: "При первом своём {strike} в ваш ход метание пера на 1 по каждой карте
    противника, стоящей рядом с целью атаки … затем, если в отряде противника нет карт без ран, не
    закрывается после {strike} и может нападать {strike} ещё раз до конца хода"."""
    bear = _printing("30/99")
    a, c = card("A", life=20, move=0), card("C", life=20, move=0)
    b = start([bear], [a, c], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))                        # A struck, C (next to A) takes the feather: all wounded
    assert b.wounds[2] == 1 and b.open[0] and Strike(0, 1) in b.legal_actions()
    far = card("Far", life=20, move=0)
    b2 = start([bear], [a, c, far], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: P2_BACK}), dice=[1])
    b2.open[1] = False
    b2.apply(Strike(0, 1))                       # Far has no wounds: no second strike
    assert not b2.open[0]


def test_bosun_has_vampirism_while_every_creature_of_its_squad_is_cursed():
    """30/178 Боцман проклятых: "Проклятие. … Имеет «Вампиризм. Максимум 12 {health}», пока все ваши
    существа имеют проклятие"."""
    from analysis.cards.abilities import Ability

    for cursed, healed in ((True, True), (False, False)):
        ally = card("Ally", life=10)
        b = start([_printing("30/178"), ally], [card("Foe", life=20, move=0)],
                  ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}), dice=[6])
        if cursed:
            b._bless(2, 1, Ability(kind="give_curse", cost="tap"))
            b._situate()
        b.wounds[0] = 3
        b.open[2] = False
        b.apply(Strike(0, 2))
        assert (b.wounds[0] < 3) == healed


def test_treebreaker_strikes_when_a_cheaper_neighbour_ally_dies():
    """30/85 Древолом: "При гибели вашего стоящего рядом существа меньшей стоимости может объявить
    особый удар лесиной на X, где X величина слабого {strike} этого существа (1 раз за ход)" — not for
    an ally that is not next to it, nor a dearer one."""
    for where, cost, wounds in ((square(2, 1), 4, 3), (square(0, 1), 4, 0), (square(2, 1), 8, 0)):
        ally = card("Ally", strike=(3, 3, 3), life=2, move=0, cost=cost)
        b = start([_printing("30/85"), ally], [card("Foe", life=20, move=0)],
                  ({0: P1_FRONT, 1: where}, {2: P2_FRONT}))
        b.wounds[1] = 2
        b._settle([1])
        assert b.wounds[2] == wounds


def test_panther_claws_every_creature_it_jumps_over_in_a_line():
    """30/95 Пантера: "При прыжке по прямой особый удар когтями на 2 по любому существу, через которого
    совершила прыжок"."""
    from analysis.battle import Move

    over = card("Over", life=10, move=0)
    b = start([_printing("30/95")], [over], ({0: P1_FRONT}, {1: P2_FRONT}))
    b.apply(Move(0, P2_MID))                     # a jump of 2 straight ahead, over the foe
    assert b.pos[0] == P2_MID and b.wounds[1] == 2


def test_devourers_pack_gains_life_when_its_side_eats_carrion():
    """30/117 Свора пожирателей: "При трупоедстве вашего существа получить дополнительную {health}"."""
    eater = card("Eater", strike=(5, 5, 5), life=10, carrion_eating=1,
                 abilities=facts('{ kind = "carrion_eating" }'))
    b = start([_printing("30/117"), eater], [card("Prey", life=2, move=0), card("Other", life=10, move=0)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=[6])
    before = b.life[0]
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert not b.alive[2] and b.life[0] == before + 1


def test_piranha_bites_its_host_moving_next_to_a_river_maiden():
    """30/120 Пиранья: "При перемещении хозяина на клетку рядом с вашей речной девой ранить его на
    1-2-2" — a step next to the maiden: a die's worth; elsewhere nothing."""
    from analysis.battle import Move

    fish = _printing("30/120")
    maiden = card("Maiden", life=10, move=0, classes=("Речная дева",))
    host = card("Host", life=10, move=1)
    b = start([fish, maiden], [host], ({0: square(1, 1), 1: P1_FRONT}, {2: square(3, 3)}), dice=[6])
    assert b.host[0] == 2
    b.apply(END_TURN)
    b.apply(Move(2, P2_FRONT))                   # (3, 2): next to the maiden at (2, 2)
    assert b.wounds[2] == 2


def test_ammah_fights_the_card_its_companion_struck():
    """30/129 Аммах: "При {strike} своего компаньона может сразиться с атакованным как с открытой
    картой (1 раз за ход)"."""
    amm = _printing("30/129")
    pet = card("Pet", type="companion", strike=(1, 1, 1), life=5, move=0)
    b = start([amm, pet], [card("Foe", strike=(1, 1, 1), life=20, move=0)],
              ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}), dice=[6, 6, 1])
    assert b.host[1] == 0
    b.open[2] = False
    b.apply(Strike(1, 2))                        # the companion's strike: 1; Ammah fights: strong 4
    assert b.wounds[2] == 1 + 4


# ---------------------------------------------------------------- traps (``trap``)


def test_catcher_trap_wounds_the_next_enemy_creature_to_act():
    """30/78 Ловчий: "{tap}: Воздействие ловушка следующее существо противника, которое действует,
    ранится на 3" — laid in its turn, it springs on the first enemy creature that acts (a move is no
    action), once; the creature after it acts unharmed."""
    foe, foe2 = card("Foe", life=10, strike=(1, 1, 1)), card("Foe2", life=10, strike=(1, 1, 1))
    mine = card("Mine", life=10)
    b = start([_printing("30/78"), mine], [foe, foe2],
              ({0: P1_BACK, 1: square(2, 2)}, {2: square(3, 2), 3: P2_BACK}), dice=[1, 1, 1, 1])
    b.apply(UseAbility(0, _use(b, 0, "trap"), (0,)))
    assert not b.open[0] and b.traps[1]
    b.apply(END_TURN)
    b.apply(Move(3, square(5, 1)))              # a move: no action, the trap waits
    assert b.wounds[3] == 0 and b.traps[1]
    b.apply(Strike(2, 1))                       # the first enemy creature to act: wounded 3
    assert b.wounds[2] == 3 and not b.traps[1]


def test_thunderer_throws_at_the_card_behind_and_then_stays_closed():
    """30/52 Громобой: "{tap}: Метание грома на 2, дальность 4, затем метание на 1 по карте позади
    атакованной" and "После метания в начале своего следующего хода не открывается, если не стоит
    рядом с вашим артефактом": the card behind the target (as its owner sees the board) takes 1;
    the thrower stays closed at its next turn start."""
    foe, behind = card("Foe", life=10), card("Behind", life=10)
    b = start([_printing("30/52")], [foe, behind],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_MID}))
    b.apply(UseAbility(0, _use(b, 0, "throw"), (1,)))
    assert b.wounds[1] == 2 and b.wounds[2] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert not b.open[0]                        # (no artifact of its squad next to it: it stays closed)


def test_thunderer_next_to_its_artifact_opens_and_formation_adds_one():
    """30/52 Громобой next to an artifact of its squad opens as usual; in formation both throws
    are one stronger ("Строй: +1 к метанию")."""
    foe, behind = card("Foe", life=10), card("Behind", life=10)
    ally = card("Ally", life=10, formation=1)
    art = card("Art", type="artifact", life=5)
    b = start([_printing("30/52"), ally, art], [foe, behind],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_FRONT, 4: P2_MID}))
    b.apply(UseAbility(0, _use(b, 0, "throw"), (3,)))
    assert b.wounds[3] == 3 and b.wounds[4] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.open[0]


# ---------------------------------------------------------------- an enemy stepping next to an ally


def test_odvin_guardian_fights_an_enemy_stepping_next_to_it_once_a_turn():
    """30/76 Одвин: "Когда существо противника передвигается на клетку рядом с вашим стражем леса
    этот страж леса может сразиться с этим существом {strike} как с открытой картой (1 раз за ход)" —
    the guardian strikes the enemy that stepped next to it, which strikes back; a creature that is
    no forest guardian does not; the second step of the turn sets nothing off."""
    guardian = card("Guardian", strike=(3, 3, 3), life=10, classes=("Страж леса",))
    other = card("Other", strike=(3, 3, 3), life=10)
    foe = card("Foe", strike=(1, 1, 1), life=10, move=3)
    b = start([_printing("30/76"), guardian, other], [foe],
              ({0: square(0, 2), 1: square(2, 3), 2: square(2, 1)}, {3: square(3, 0)}),
              dice=[6, 1, 6, 1, 6, 1])
    b.apply(END_TURN)
    b.apply(Move(3, square(3, 1)))              # next to the other creature only (no guardian): nothing
    assert b.wounds[3] == 0
    b.apply(Move(3, square(3, 2)))              # next to the guardian now: it fights the foe
    assert b.wounds[3] == 3 and b.wounds[1] == 0
    b.apply(Move(3, square(3, 3)))              # still next to it: nothing more
    assert b.wounds[3] == 3


def test_odvin_fight_may_be_declined():
    guardian = card("Guardian", strike=(3, 3, 3), life=10, classes=("Страж леса",))
    foe = card("Foe", strike=(1, 1, 1), life=10, move=3)
    b = start([_printing("30/76"), guardian], [foe],
              ({0: square(0, 2), 1: square(2, 3)}, {2: square(3, 1)}), dice=[6, 1], p1=Declines())
    b.apply(END_TURN)
    b.apply(Move(2, square(3, 2)))
    assert b.wounds[2] == 0


def test_talix_may_swap_with_an_ally_instead_of_dashing_and_heals_by_its_strike():
    """30/97 Таликс: "Рывок. Вместо рывка может поменяться местами с вашим стоящим рядом существом.
    После {strike} может излечить стоящее рядом существо на величину этого {strike}" — after its
    strike it swaps squares with the wounded ally next to it (diagonally too), which it heals by the
    strike's power."""
    ally = card("Ally", life=10)
    foe = card("Foe", life=20, move=0)
    b = start([_printing("30/97"), ally], [foe],
              ({0: P1_FRONT, 1: square(1, 1)}, {2: P2_FRONT}), dice=[6, 1], p1=Dasher(square(1, 1)))
    b.wounds[1] = 6
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 5                     # (its strong strike: 5, directed)
    assert b.pos[0] == square(1, 1) and b.pos[1] == P1_FRONT
    assert b.wounds[1] == 1


def test_unniya_makes_an_enemy_ranged_attacker_step_forward_or_wounds_it():
    """30/109 Унния: "При дальней атаке существа противника (кроме {uchr}) оно перемещается на клетку
    вперёд, если не может ранить его на 2 (1 раз за ход)" — an attack at Унния itself counts too;
    the attacker steps one square ahead (toward Унния's side); blocked, it takes 2; once a turn."""
    shooter = card("Shooter", life=10, move=0, abilities='status = "full"\nabilities = [\n'
                   '  { kind = "shot", damage = [1], cost = "tap" },\n]')
    shooter2 = card("Shooter2", life=10, move=0, abilities='status = "full"\nabilities = [\n'
                    '  { kind = "shot", damage = [1], cost = "tap" },\n]')
    b = start([_printing("30/109")], [shooter, shooter2],
              ({0: P1_BACK}, {1: P2_MID, 2: square(3, 1)}))
    b.apply(END_TURN)
    b.apply(UseAbility(1, _use(b, 1, "shot"), (0,)))   # at Унния itself: it steps forward
    assert b.pos[1] == P2_FRONT and b.wounds[1] == 0
    b.apply(UseAbility(2, _use(b, 2, "shot"), (0,)))   # once a turn: nothing more
    assert b.pos[2] == square(3, 1) and b.wounds[2] == 0


def test_unniya_wounds_a_ranged_attacker_that_cannot_step_forward():
    shooter = card("Shooter", life=10, move=0, abilities='status = "full"\nabilities = [\n'
                   '  { kind = "shot", damage = [1], cost = "tap" },\n]')
    blocker = card("Blocker", life=10)
    b = start([_printing("30/109"), blocker], [shooter],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}))
    b.apply(END_TURN)
    b.apply(UseAbility(2, _use(b, 2, "shot"), (0,)))   # the square ahead of it is taken: wounded 2
    assert b.pos[2] == P2_FRONT and b.wounds[2] == 2


class Relocator(Scripted):
    """Moves a card by ``relocate`` onto the first square offered."""

    def relocate(self, battle, unit, why, squares):
        return squares[0] if why == "relocate" and squares else -1


def test_kilhe_may_move_a_creature_stepping_beside_it_to_its_other_side():
    """30/131 Килхе: "Когда существо передвигается на клетку слева от Килхе вы можете переместить
    его на клетку справа от Килхе, если она свободна, и наоборот" — an enemy's step and one of its
    own squad alike; a card moved there by the ability does not set it off again."""
    foe = card("Foe", life=10, move=2)
    ally = card("Ally", life=10, move=1)
    b = start([_printing("30/131"), ally], [foe],
              ({0: P1_FRONT, 1: square(1, 3)}, {2: square(3, 1)}), p1=Relocator())
    b.apply(Move(1, square(2, 3)))              # its own creature steps to its right: moved to its left
    assert b.pos[1] == square(2, 1)
    b2 = start([_printing("30/131")], [foe],
               ({0: P1_FRONT}, {1: square(3, 1)}), p1=Relocator())
    b2.apply(END_TURN)
    b2.apply(Move(1, square(2, 1)))             # an enemy steps to its left: moved to its right
    assert b2.pos[1] == square(2, 3)


def test_kilhe_may_decline():
    foe = card("Foe", life=10, move=2)
    b = start([_printing("30/131")], [foe], ({0: P1_FRONT}, {1: square(3, 1)}))
    b.apply(END_TURN)
    b.apply(Move(1, square(2, 1)))
    assert b.pos[1] == square(2, 1)


def test_kseddan_follows_a_teleporting_demon_with_a_special_strike():
    """30/161 Кседдэн: "При телепортации другого вашего демона может телепортироваться на клетку,
    которую тот демон занимал, при этом особый удар адским клинком на 2 (3 раза за ход)" — it
    moves onto the square the demon left and strikes a card next to it for 2; a teleporting
    creature that is no demon is not followed."""
    demon = card("Demon", life=10, classes=("Демон",), abilities='status = "full"\nabilities = [\n'
                 '  { kind = "teleportation" },\n]')
    foe = card("Foe", life=10, move=0)
    b = start([_printing("30/161"), demon], [foe],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT}), p1=Relocator())
    b.apply(Move(1, square(4, 4)))              # the demon teleports away
    assert b.pos[0] == P1_FRONT and b.wounds[2] == 2
    other = card("Other", life=10, abilities='status = "full"\nabilities = [\n'
                 '  { kind = "teleportation" },\n]')
    b2 = start([_printing("30/161"), other], [foe],
               ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT}), p1=Relocator())
    b2.apply(Move(1, square(4, 4)))
    assert b2.pos[0] == square(0, 1) and b2.wounds[2] == 0


def test_troglodyte_follows_an_enemy_leaving_a_square_next_to_it():
    """30/116 Троглодит: "При перемещении существа противника с соседней клетки переместиться на
    эту клетку, при этом особый удар «вслепую» на 2-3-3 (1 раз за ход)" — no choice: it moves onto
    the square left (its player declining changes nothing) and strikes a card next to it; once a
    turn."""
    foe = card("Foe", life=10, move=3)
    b = start([_printing("30/116")], [foe],
              ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    b.apply(END_TURN)
    b.apply(Move(1, P2_MID))                    # off the square next to it: it follows, strikes 3
    assert b.pos[0] == P2_FRONT and b.wounds[1] == 3
    b.apply(Move(1, P2_BACK))                   # once a turn: it stays
    assert b.pos[0] == P2_FRONT


# ---------------------------------------------------------------- groups of squares (area around_free …)


def test_balamut_wounds_every_enemy_card_around_a_free_square_next_to_it():
    """30/119 Баламут: "{tap}: Воздействие сотрясение выбрать незанятую клетку рядом с собой; ранить
    все стоящие рядом с этой клеткой карты противника на 2" — aimed at an enemy next to such a
    square: every enemy card around it takes 2, its own cards none."""
    foes = [card(f"Foe{i}", life=10, move=0) for i in range(3)]
    mine = card("Mine", life=10)
    b = start([_printing("30/119"), mine], foes,
              ({0: P1_FRONT, 1: square(2, 1)}, {2: square(3, 1), 3: square(3, 3), 4: square(5, 3)}))
    b.apply(UseAbility(0, _use(b, 0, "effect"), (3,)))   # (the free square: the one opposite it)
    assert b.wounds[2] == 2 and b.wounds[3] == 2 and b.wounds[4] == 0 and b.wounds[1] == 0


def test_gurr_shaman_wounds_enemies_in_a_2x2_square_by_its_own_cards_there():
    """30/103 Гурр-шаман: "{counter}{tap}: Воздействие облако спор выбрать квадрат 2x2, ранить каждую
    карту противника на этих клетках на X, где X количество ваших карт на этих клетках (максимум
    4)" — two of its cards and two enemies in one 2x2 square: each enemy takes 2."""
    foes = [card(f"Foe{i}", life=10, move=0) for i in range(2)]
    mine = card("Mine", life=10)
    b = start([_printing("30/103"), mine], foes,
              ({0: square(2, 1), 1: P1_FRONT}, {2: square(3, 1), 3: P2_FRONT}))
    b.counters[0] = 1
    b.apply(UseAbility(0, _use(b, 0, "effect"), (2,)))
    assert b.wounds[2] == 2 and b.wounds[3] == 2 and b.counters[0] == 0


def test_snowfall_priestess_blizzard_hits_every_card_on_the_diagonal():
    """30/46 Жрица снегопадов: "{counter}{tap}: Заклинание буран ранить все карты, стоящие на
    выбранной диагонали, на 1-2-2" — both enemy cards on one diagonal, not the card off it."""
    foes = [card(f"Foe{i}", life=10, move=0) for i in range(3)]
    b = start([_printing("30/46")], foes,
              ({0: square(0, 1)}, {1: square(3, 1), 2: square(4, 2), 3: square(5, 2)}), dice=[6, 6, 6])
    b.counters[0] = 1
    b.apply(UseAbility(0, _use(b, 0, "spell"), (1,)))
    assert b.wounds[1] == 2 and b.wounds[2] == 2 and b.wounds[3] == 0


def test_a_diagonal_is_never_aimed_at_a_flyer():
    """30/46 Жрица снегопадов's blizzard chooses a diagonal of squares through the card it is aimed
    at: a flyer stands on no square, so it is no target (the strength fit's random squads once had
    the heuristic aim it at one, and the engine refused the use); a ground card on a diagonal is."""
    foes = [card("Foe", life=10, move=0), card("Bird", type="flyer", life=10, move=0)]
    b = start([_printing("30/46")], foes, ({0: square(0, 1)}, {1: square(3, 1), 2: square(5, 1)}))
    b.counters[0] = 1
    index = _use(b, 0, "spell")
    assert 1 in b.ability_targets(0, index) and 2 not in b.ability_targets(0, index)
    with pytest.raises(IllegalAction):
        b.apply(UseAbility(0, index, (2,)))


def test_colossus_stays_open_only_after_an_exchange_and_stomps_around():
    """30/185 Колосс: "После размена {strike} не закрывается. Когда ваше существо стоимостью 7 или
    более не закрывается после действия воздействие «поступь гиганта» ранить все стоящие рядом с
    ним карты противника на 1 (1 раз за ход для каждого существа)" — its strike on an open card
    leaves it open and every enemy card next to it takes 1; on a closed card it closes."""
    foes = [card(f"Foe{i}", life=10, move=0, strike=(1, 1, 1)) for i in range(2)]
    b = start([_printing("30/185")], foes, ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1, 1])
    b.apply(Strike(0, 1))                       # an exchange: it stays open, the stomp hits both
    assert b.open[0] and b.wounds[1] == 4 + 1 and b.wounds[2] == 1
    foes2 = [card(f"Foe{i}", life=10, move=0) for i in range(2)]
    b2 = start([_printing("30/185")], foes2, ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1])
    b2.open[1] = False
    b2.apply(Strike(0, 1))                      # a closed card: no exchange, it closes, no stomp
    assert not b2.open[0] and b2.wounds[2] == 0


def test_captains_pet_redirects_an_attack_on_itself_to_its_host():
    """30/169 Любимец капитана: "{instant}: Перенаправить атаку с себя в хозяина (1 раз за ход)" —
    an enemy strike at the parasite goes onto its host (the heuristic player takes it: the host is
    the attacker's own creature)."""
    pet = _printing("30/169")
    host, attacker = card("Host", life=10, move=0), card("Attacker", strike=(2, 2, 2), life=10, move=0)
    b = start([pet, card("Mine", life=10)], [host, attacker],
              ({0: square(1, 1), 1: square(2, 3)}, {2: P2_FRONT, 3: square(3, 1)}),
              dice=[6, 6, 6, 6], p1=HeuristicPlayer())
    assert b.host[0] == 2
    b.apply(END_TURN)
    b.apply(Strike(3, 0))                       # at the pet: redirected onto its host
    assert b.wounds[0] == 0 and b.wounds[2] > 0


def test_soul_killer_jumps_onto_a_dwarf_swapping_and_gains_a_directed_strike():
    """30/172 Душегуб: "Прыжок, дальность 3. Может объявлять прыжок на клетку, занятую другим вашим
    гномом или койаром, поменявшись с ним местами, при этом получает {direct} до конца хода" — the
    two swap squares, it may move no more, and its strike this turn is directed; a creature of
    another class is no such square."""
    dwarf = card("Dwarf", life=10, classes=("Гном",))
    other = card("Other", life=10)
    b = start([_printing("30/172"), dwarf, other], [card("Foe", life=10)],
              ({0: square(0, 2), 1: square(2, 2), 2: square(2, 1)}, {3: P2_BACK}))
    with pytest.raises(IllegalAction):
        b.apply(Move(0, square(2, 1)))          # (no dwarf nor koyar there)
    b.apply(Move(0, square(2, 2)))
    assert b.pos[0] == square(2, 2) and b.pos[1] == square(0, 2) and b.moves[0] == 0
    assert b.directed[0]
    with pytest.raises(IllegalAction):
        b.apply(Move(0, square(2, 1)))          # (it jumped: no more moves)


def test_drilling_rig_lets_mountain_creatures_step_next_to_it_from_afar():
    """30/57 Буровая установка: "Ваши горные существа могут передвигаться на клетки рядом с Буровой
    установкой как на соседние" — a mountain creature far from it steps onto a square next to it for
    one movement point (no jump: it may move on); a creature of another element may not."""
    mountain = card("Mountain", life=10, move=2, elements=("mountains",))
    forest = card("Forest", life=10, move=2, elements=("forest",))
    b = start([_printing("30/57"), mountain, forest], [card("Foe", life=10)],
              ({0: square(2, 3), 1: square(0, 1), 2: square(0, 2)}, {3: P2_BACK}))
    b.apply(Move(1, square(1, 3)))              # next to the rig, three squares away: one step
    assert b.pos[1] == square(1, 3) and b.moves[1] == 1
    with pytest.raises(IllegalAction):
        b.apply(Move(2, square(1, 4)))


class Leaper(Scripted):
    """Jumps onto one square when offered, if it may."""

    def __init__(self, sq, **kw):
        super().__init__(**kw)
        self.sq = sq

    def relocate(self, battle, unit, why, squares):
        return self.sq if why == "leap" and self.sq in squares else -1


def test_gloa_may_jump_instead_of_regenerating():
    """30/72 Глоа: "Если должен излечиться на X вместо этого может объявить прыжок, дальность X" —
    at its turn start its regeneration 2 would heal 2: it jumps up to 2 squares instead and keeps
    its wounds; declining, it heals."""
    b = start([_printing("30/72")], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}),
              p1=Leaper(P1_FRONT))
    b.wounds[0] = 3
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.pos[0] == P1_FRONT and b.wounds[0] == 3
    b2 = start([_printing("30/72")], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    b2.wounds[0] = 3
    b2.apply(END_TURN)
    b2.apply(END_TURN)
    assert b2.pos[0] == P1_BACK and b2.wounds[0] == 1


def test_bosun_gives_a_dying_cursed_pirate_incarnation_four():
    """30/178 Боцман проклятых: "При гибели другого вашего {ordinary} пирата с проклятием он
    получает Инкарнацию 4 (2 раза за бой)" — the cursed pirate killed lies in the graveyard with
    incarnation 4; an uncursed one gets none."""
    for cursed, x in ((True, 4), (False, 0)):
        pirate = card("Pirate", life=2, classes=("Пират",),
                      abilities='status = "full"\nabilities = [\n  { kind = "curse" },\n]' if cursed else "")
        foe = card("Foe", strike=(3, 3, 3), life=10)
        b = start([_printing("30/178"), pirate], [foe],
                  ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT}), dice=[6, 1, 6, 1])
        b.apply(END_TURN)
        b.apply(Strike(2, 1))
        assert not b.alive[1] and b.incarnation[1] == x
        for _ in range(8):                      # (four turns of its owner: it returns)
            if not b.over:
                b.apply(END_TURN)
        assert b.alive[1] == cursed


# ---------------------------------------------------------------- turning dark (``darken``)


def test_temple_knight_kicks_a_creature_next_to_it_that_turns_dark():
    """30/184 Рыцарь Храма: "Когда стоящее рядом нетёмное существо становится тёмным может объявить
    по нему особый удар копытом на 1-2-2" — a `darken` (a synthetic effect) on the enemy next to it:
    the creature's element is darkness, and it takes the special strike; one far away does not."""
    darkener = card("Darkener", life=10, abilities='status = "full"\nabilities = [\n'
                    '  { kind = "darken", cost = "tap", via = "effect" },\n]')
    near, far = card("Near", life=10, elements=("forest",)), card("Far", life=10, elements=("forest",))
    b = start([_printing("30/184"), darkener], [near, far],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[6])
    b.apply(UseAbility(1, _use(b, 1, "darken"), (2,)))
    assert b.cards[2].elements == ("darkness",) and b.wounds[2] == 2
    b.open[1] = True
    b.acted[1] = False
    b.apply(UseAbility(1, _use(b, 1, "darken"), (3,)))
    assert b.cards[3].elements == ("darkness",) and b.wounds[3] == 0
