"""Wave-3 sweep of set 50 «Путь хранителей», second pass (texts of berserk-nxt 6f3af261): the small
generic pieces its texts needed, each against the printing that reads it, with synthetic cards
carrying that printing's facts and fixed dice."""

from __future__ import annotations

from dataclasses import replace

from analysis.battle import END_TURN, Accumulate, Move, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P1_MID, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card


def printing(code):
    from analysis.cards.table import load_cards

    set_id, number = code.split("/")
    return load_cards().by_id(int(set_id) * 1000 + int(number))


class Taker(Scripted):
    """A scripted player that takes every optional trigger (its first candidate)."""


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


HITTER = card("Hitter", strike=(3, 3, 3), life=10)


def test_adjacent_artifact_with_classes_is_an_own_building():
    """50/206 Алтарник "-1 от немагических атак, пока стоит рядом с вашей постройкой": next to an
    artifact of its squad with the class Постройка a strike on it deals 1 less; next to another
    artifact of its squad, or to an enemy building, it does not (``when = "adjacent_artifact"`` with
    ``classes``)."""
    altar = ('{ kind = "reduce", damage = [1], from = ["nonmagic"], when = "adjacent_artifact", '
             'classes = ["Постройка"] }')
    for classes, mine, wounds in ((("Постройка",), True, 2), (("Постройка",), False, 3), ((), True, 3)):
        building = card("Building", type="artifact", strike=None, life=6, classes=classes)
        altar_card = unit("Altar", altar, life=8)
        if mine:
            b = start([HITTER], [altar_card, building], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}),
                      dice=[4])
            target = 1
        else:
            b = start([HITTER, building], [altar_card], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}),
                      dice=[4])
            target = 2
        b.open[target] = False
        b.apply(Strike(0, target))
        assert b.wounds[target] == wounds


def test_reduce_per_adjacent_poisoned_enemies():
    """50/130 Обращённый "-Х от немагических атак, где Х - число стоящих рядом существ противника с
    отравлением": with no poisoned enemy next to it a strike deals its full 3, with two poisoned enemy
    creatures next to it 1 (``per = "adjacent_poisoned"``, kept up to date as poisonings change)."""
    turned = '{ kind = "reduce", per = "adjacent_poisoned", from = ["nonmagic"] }'
    for poisoned, wounds in ((0, 3), (1, 2), (2, 1)):
        b = start([HITTER, card("Other", life=10)], [unit("Turned", turned, life=9)],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[4])
        for w in range(poisoned):
            b.poison[w] = 1
        b._situate()
        b.open[2] = False
        b.apply(Strike(0, 2))
        assert b.wounds[2] == wounds


def test_ice_elemental_gains_a_counter_on_a_closed_creature_or_pays_one_to_close_an_open_one():
    """50/52 Элементаль льда "при движении на клетку, занятую существом — получить {counter}, если оно
    закрыто, либо может потерять {counter}, при этом закрыть его": stepping onto a closed enemy's
    square it gains a counter (``when_state`` on trigger ``enters_creature`` reads that creature);
    onto an open one it may spend a counter to close it (a spell), and with no counter it cannot."""
    for closed, counters, after_counters, after_open in ((True, 0, 1, False), (False, 1, 0, False),
                                                         (False, 0, 0, True)):
        b = start([printing("50/52"), card("Ally")], [card("Foe", life=10), card("Back")],
                  ({0: P1_MID, 1: square(1, 1)}, {2: P2_FRONT, 3: square(5, 1)}), p1=Taker())
        b.open[2] = not closed
        b.counters[0] = counters
        b.apply(Move(0, P1_FRONT))
        b.apply(Move(0, P2_FRONT))                         # onto the foe's square
        assert b.counters[0] == after_counters and b.open[2] == after_open


def test_lynx_wounds_the_struck_card_at_the_end_of_the_next_enemy_turn_only_if_still_next_to_it():
    """50/85 Рысь "при {strike} — в конце следующего хода противника, если атакованный стоит рядом с
    Рысью — ранить его на 2": the struck creature takes 2 at the end of its own next turn if it stands
    next to the lynx then, even after attacking the lynx that turn; if it moved away, nothing
    (``delayed_wound`` with ``delay = "near"`` on trigger ``strike``)."""
    for away, hits_back in ((False, False), (False, True), (True, False)):
        b = start([printing("50/85"), card("Mine")], [card("Foe", life=12, strike=(1, 1, 1), move=2),
                                                      card("Other")],
                  ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 3)}), dice=[4, 1, 6, 1])
        b.open[2] = False
        b.apply(Strike(0, 2))
        struck = b.wounds[2]
        assert struck > 0
        b.apply(END_TURN)
        if away:
            b.apply(Move(2, square(4, 2)))
            b.apply(Move(2, square(5, 2)))
        if hits_back:
            b.apply(Strike(2, 0))
        b.apply(END_TURN)
        assert b.wounds[2] == struck + (0 if away else 2)


def test_mokosha_opens_only_when_an_ally_dies_to_an_enemy_attack():
    """50/89 Мокоша "при гибели вашего существа от атаки карты противника — открывается": an ally
    killed by an enemy strike opens it (``from = ["attacks"]`` on trigger ``ally_dies``); an ally
    killed by its own squad's dirty trick, a plain wound of no enemy card, does not."""
    for by_enemy in (True, False):
        b = start([card("Foe", strike=(3, 3, 3))], [printing("50/89"), card("Weak", life=2)],
                  ({0: P1_FRONT}, {1: square(4, 2), 2: P2_FRONT}), dice=[4])
        b.open[1] = b.open[2] = False
        if by_enemy:
            b.apply(Strike(0, 2))
        else:
            b.wounds[2] = 2
            b._settle([2], 1, None, "wound")
        assert not b.alive[2] and b.open[1] == by_enemy


def test_lamplighter_wounds_any_incorporeal_creature_moving_next_to_it():
    """50/187 Фонарщик "когда бестелесное существо перемещается на клетку рядом с Фонарщиком — ранить
    это существо на 1": an incorporeal creature of its own squad stepping next to it is wounded too
    (trigger ``enemy_moves_adjacent`` with ``target = "any"``); a corporeal one is not."""
    for incorporeal, wounds in ((1, 1), (0, 0)):
        ghost = card("Ghost", life=6, move=2, incorporeal=incorporeal)
        b = start([printing("50/187"), ghost], [card("Foe")],
                  ({0: square(2, 1), 1: square(2, 3)}, {2: P2_FRONT}))
        b.apply(Move(1, P1_FRONT))                         # next to the lamplighter
        assert b.wounds[1] == wounds and b.wounds[0] == 0


def test_vampirism_given_for_a_while():
    """50/146 Бледный всадник "концентрация: получает вампиризм до конца вашего хода": ``vampirism``
    may be given (``lasts``); while held, its strike heals it, and without it the strike heals nothing."""
    rider = ('{ kind = "vampirism", cost = "trigger", trigger = "concentration", target = "self", '
             'lasts = "own_turn" }')
    for given, wounds_after in ((True, 0), (False, 2)):
        b = start([unit("Rider", rider, strike=(2, 2, 2), life=7)], [card("Foe", life=10)],
                  ({0: P1_FRONT}, {1: P2_FRONT}), dice=[4])
        b.wounds[0] = 2
        if given:
            b._fire(0, "concentration")
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == 2 and b.wounds[0] == wounds_after


def test_a_shot_target_may_not_defend_this_turn():
    """50/199 Пушкарь "при выстреле — подлость 1; атакованный не может выступать защитником до конца
    хода": the creature it shot is no defender candidate against this turn's strikes (``no_defend``
    given for the turn as a ``then``); another enemy next to both still is."""
    gunner = printing("50/199")
    b = start([gunner, card("Hitter", strike=(2, 2, 2)), card("Third")],
              [card("Target", life=10), card("Guard", life=10), card("Shot", life=10)],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(2, 3)},
               {3: P2_FRONT, 4: square(3, 1), 5: square(3, 3)}), dice=[4])
    assert sorted(b.defenders(1, 3)) == [4, 5]
    b.apply(UseAbility(0, 0, (5,)))
    assert b.defenders(1, 3) == [4] and b.wounds[5] == 2


def test_temple_gives_its_all_neutral_squad_plus_one_to_attacks():
    """50/181 Храм вольных "пока все карты в вашем отряде нейтральные — они имеют +1 к атакам": an
    ``attack_bonus`` aura (area ``squad``) under ``when = "few_elements"`` with ``count = 0``, read from
    the terrain giving it: a neutral striker deals 3 instead of 2; with a forest card in the squad, 2."""
    temple = printing("50/181")
    for elements, wounds in (((), 3), (("forests",), 2)):
        b = start([card("Striker", strike=(2, 2, 2)), card("Other", elements=elements), temple],
                  [card("Foe", life=10)],
                  ({0: P1_FRONT, 1: square(2, 1), 2: square(0, 1)}, {3: P2_FRONT}), dice=[4])
        b.open[3] = False
        b.apply(Strike(0, 3))
        assert b.wounds[3] == wounds


class Hopper(Scripted):
    """A scripted player whose rider moves onto the last host offered."""

    def attach(self, battle, unit, hosts):
        return hosts[-1]


def test_imp_carrying_a_parasite_does_not_become_a_companion():
    """50/147 Демонёнок with an enemy parasite on it stays a ground creature when its concentration
    fires: a host is a creature other than a symbiote (002 "Хозяин симбиота"), so it cannot ride an ally
    and carry its rider along (the property test found the parasite left on the imp's old square)."""
    from analysis.battle.tables import GROUND
    leech = card("Leech", type="parasite", strike=(1, 1, 1), life=4, move=0)
    imp, ally = printing("50/147"), card("Ally", life=10)
    b = start([imp, ally], [leech, card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: square(3, 1), 3: square(3, 3)}), p1=Hopper())
    assert b.host[2] == 0 and b.rider[0] == 2                # (the parasite rides the imp)
    b._fire(0, "concentration")
    assert b.kind[0] == GROUND and b.host[0] == -1 and b.pos[0] == square(2, 1)
    assert b.rider[0] == 2 and b.pos[2] == b.pos[0]


def test_parasite_moves_onto_a_creature_next_to_its_moving_host_and_wounds_it():
    """50/21 Унд-прихлебатель "когда хозяин перемещается на клетку рядом с другим существом противника —
    может стать паразитом этого существа, при этом ранить его на 1 (1 раз за ход)": trigger
    ``host_moves``, a parasite's ``rehost`` onto a creature of its host's squad next to the host, then
    a wound 1 on its new host (``area = "host"``); staying put, nothing; once a turn."""
    for moves in (True, False):
        b = start([printing("50/21"), card("Mine", life=10)], [card("Host", life=10, move=2),
                                                                card("Other", life=10)],
                  ({0: square(2, 3), 1: square(2, 2)}, {2: square(3, 3), 3: square(3, 1)}),
                  p1=Scripted())
        assert b.host[0] == 2
        if moves:
            b.players = (Hopper(), b.players[1])
        b.apply(END_TURN)
        b.apply(Move(2, P2_FRONT))                         # next to Other
        if moves:
            assert b.host[0] == 3 and b.rider[3] == 0 and b.rider[2] == -1 and b.wounds[3] == 1
            b.apply(Move(3, square(4, 1)))                 # its new host moves on: once a turn
            assert b.host[0] == 3
        else:
            assert b.host[0] == 2 and b.wounds[3] == 0


class Dasher(Taker):
    """Takes the first square offered to a dash or relocation."""

    def relocate(self, battle, unit, why, squares):
        return squares[0]


def test_dash_leaves_a_rot_marker_on_the_square_it_left():
    """50/163 Воин великой тьмы "при рывке — освободившаяся клетка получает маркер «гнили»": a ``mark``
    on trigger ``dash`` goes on the square it dashed from; a non-dark creature stepping onto it
    then takes 2."""
    warrior = printing("50/163")
    b = start([warrior, card("Mine", life=10, move=2)], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[4, 1], p1=Dasher())
    b.apply(Strike(0, 2))
    assert b.pos[0] != P1_FRONT
    assert any(m[0] == "rot" for m in b.marks[P1_FRONT])
    b.apply(Move(1, P1_FRONT))
    assert b.wounds[1] == 2


def test_leeches_drain_a_host_with_less_life_left_at_the_start_of_its_turn():
    """50/109 Пиявки Ракштольна "в начале хода противника, если Пиявок больше, чем {health} хозяина —
    ранить его на 1, при этом излечиться на 1": with the host's life left below the leeches' it takes
    1 and the leeches heal 1 (``when = "host_weaker"``, ``area = "host"``, then a heal on itself);
    with the host healthier, nothing."""
    for host_wounds, fires in ((7, True), (6, False)):
        b = start([printing("50/109"), card("Mine", life=10)], [card("Host", life=10)],
                  ({0: square(1, 1), 1: square(1, 2)}, {2: P2_FRONT}))
        assert b.host[0] == 2
        b.wounds[0] = 1                                   # 4 left of 5
        b.wounds[2] = host_wounds                          # 3 or 4 left of 10
        b._situate()
        b.apply(END_TURN)                                  # the host's player's turn starts
        assert b.wounds[2] == host_wounds + (1 if fires else 0)
        assert b.wounds[0] == (0 if fires else 1)


def test_concentration_gives_its_shots_a_pass_through_protection_from_shots_and_armor():
    """50/78 Глаз сокола "концентрация: игнорирует {zov} и {armor} до конца вашего хода": after its
    concentration its shot wounds an armored card protected from shots in full (``ignore_protection``
    and ``ignore_armor`` on shots, given for its turn); without it, nothing."""
    for concentrated, wounds in ((True, 2), (False, 0)):
        eye = printing("50/78")
        b = start([eye, card("Mine")], [card("Foe", life=10, armor=1, prot_shots=1), card("Back")],
                  ({0: square(2, 1), 1: P1_FRONT}, {2: square(4, 1), 3: P2_FRONT}), dice=[4])
        if concentrated:
            b._fire(0, "concentration")
        b.apply(UseAbility(0, 3, (2,)))
        assert b.wounds[2] == wounds


def test_hangman_finishing_grows_each_enemy_turn_end_it_is_open_up_to_plus_two():
    """50/182 Вешатель "в конце хода противника, если открыт — получает +1 к добиванию (максимум +2).
    {tap}: Добивание на 1": an ``attack_bonus`` with ``from = ["finishing"]`` given for the battle,
    its gifts adding up to ``per_max`` 2: after three such turn ends it finishes off a creature with
    3 life left, not one with 4; while closed it gains nothing."""
    for ends, left, dies in ((3, 3, True), (3, 4, False), (1, 2, True), (0, 2, False)):
        b = start([printing("50/182")], [card("Foe", life=10), card("Back")],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(4, 1)}))
        for _ in range(ends):
            b._fire(0, "enemy_turn_end")
        b.open[0] = False
        b._situate()
        b._fire(0, "enemy_turn_end")                       # closed: no more
        b.open[0] = True
        b._situate()
        b.wounds[1] = 10 - left
        b.apply(UseAbility(0, 1, (1,)))
        assert b.alive[1] != dies


def test_a_koyar_beyond_the_struck_card_fights_it_as_an_open_card():
    """50/216 Аррани "при {strike} по карте противника, если на следующей за атакованным клетке в
    направлении удара стоит ваш койар — этот койар может сразиться {strike} с атакованным как с
    открытым": a ``fight`` on trigger ``strike`` with ``area = "beyond"`` and ``vs_classes``: the koyar
    fights the struck card (and no other enemy next to it); a non-koyar there does nothing."""
    for classes, fought in ((("Койар",), True), ((), False)):
        koyar = unit("Koyar", '{ kind = "jump", damage = [3] }', strike=(3, 3, 3), life=10, classes=classes)
        b = start([printing("50/216"), koyar], [card("Foe", life=20, strike=(1, 1, 1)),
                                                card("Other", life=20)],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 1)}), dice=[4] * 6,
                  p1=Taker())
        b.apply(Move(1, square(4, 2)))                     # beyond the foe, seen from Аррани
        b.open[2] = False
        b.apply(Strike(0, 2))
        struck = b.wounds[2]
        assert struck == 3 + (3 if fought else 0) and b.wounds[3] == 0


def test_a_throw_may_finish_off_a_card_next_to_its_target_as_if_adjacent():
    """50/159 Безголовый "{tap}: метание «головы» на 2, дальность 3, при этом может объявить добивание
    на 2 карты, стоящей рядом с атакованным (как стоящей рядом)": a ``finishing`` as a ``then`` with
    ``area = "near_target"``: an enemy creature next to the thrown-at card with 2 life left dies,
    though far from the thrower; one with 3 left does not."""
    for left, dies in ((2, True), (3, False)):
        b = start([printing("50/159"), card("Mine")], [card("Target", life=10), card("Weak", life=10)],
                  ({0: square(2, 1), 1: P1_FRONT}, {2: square(4, 3), 3: square(5, 3)}), dice=[4],
                  p1=Taker())
        b.wounds[3] = 10 - left
        b.apply(UseAbility(0, 0, (2,)))
        assert b.wounds[2] == 2 and b.alive[3] != dies


def test_stays_open_when_a_defender_was_appointed():
    """50/17 Змееглав-ветеран "не закрывается после нападения {strike}, если от этого {strike} был
    назначен защитник": ``stays_open`` with ``when = "defended"``: it stays open after a strike a
    defender took, and closes after one that reached its target."""
    for defend, stays in ((True, True), (False, False)):
        b = start([printing("50/17")], [card("Target", life=20), card("Guard", life=20)],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[4, 4],
                  p2=Scripted(defender=2 if defend else -1))
        b.apply(Strike(0, 1))
        assert b.open[0] == stays
        assert (b.wounds[2] > 0) == defend


def test_yordlings_with_a_free_square_behind_them_strike_through_a_row_harder():
    """50/70 Йорд-Башар "ваши йордлинги, клетка позади которых свободна, имеют +1 к {uchr}": an
    ``attack_bonus`` aura on strikes through a row for the yordlings of its squad in ``when_state =
    "free_behind"``: 2 instead of 1 with the square behind free, 1 with a card there."""
    row = '{ kind = "strike_through_row", damage = [1], cost = "tap" }'
    for blocked, wounds in ((False, 2), (True, 1)):
        yordling = unit("Yordling", row, classes=("Йордлинг",), life=8)
        mine = {0: square(1, 2), 1: square(2, 1)}
        if blocked:
            mine[2] = square(0, 2)
        squad = [yordling, printing("50/70")] + ([card("Behind")] if blocked else [])
        b = start(squad, [card("Foe", life=10)], (mine, {len(squad): P2_FRONT}))
        b.apply(UseAbility(0, 0, (len(squad),)))
        assert b.wounds[len(squad)] == wounds


def test_poisoning_grows_by_one_up_to_three():
    """50/134 Указующий путь "концентрация: существо получает отравление на 1 или +1 к отравлению
    (максимум до 3)": a ``poison`` of ``per = "target_poison"``, ``plus = 1``, ``per_max = 3``: an
    unpoisoned creature gets poisoning 1, one with 2 gets 3, one with 3 keeps 3."""
    for before, after in ((0, 1), (2, 3), (3, 3)):
        b = start([printing("50/134")], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}),
                  p1=Scripted(targets=[1]))
        b.poison[1] = before
        b._fire(0, "concentration")
        assert b.poison[1] == after


def test_womb_poisons_on_a_miss_and_heals_when_an_enemy_next_to_it_dies_of_poison():
    """50/125 Чрево Архааля "при промахе {strike} в нападении — атакованный получает отравление на 2.
    Когда стоящее рядом существо противника погибает от отравления — полностью излечиться": trigger
    ``misses``; trigger ``enemy_dies`` with ``from = ["poison"]`` and ``vs_position = "near"``."""
    for dice, poisoned in (([1, 6], True), ([6, 1], False)):
        b = start([printing("50/125")], [card("Foe", life=20, strike=(1, 1, 1))],
                  ({0: P1_FRONT}, {1: P2_FRONT}), dice=dice)
        b.apply(Strike(0, 1))
        assert (b.poison[1] == 2) == poisoned
    for near, heals in ((True, True), (False, False)):
        b = start([printing("50/125"), card("Mine")], [card("Sick", life=10), card("Far", life=10)],
                  ({0: square(2, 3), 1: square(2, 1)},
                   {2: square(3, 3) if near else square(3, 1), 3: P2_FRONT}))
        b.wounds[0] = 5
        b.wounds[2], b.poison[2] = 9, 1
        b.apply(END_TURN)                                  # the Sick one dies of its poisoning
        assert not b.alive[2] and b.wounds[0] == (0 if heals else 5)


def test_quarantine_closes_a_card_next_to_an_enemy_that_dies_of_poison():
    """50/127 Льер-Кулат "при гибели существа противника от отравления — заклинание «карантин» — может
    закрыть стоящую рядом с ним карту (1 раз за ход)": trigger ``enemy_dies`` with ``from =
    ["poison"]``, a ``close`` on ``area = "near_target"``; a death by a strike does nothing."""
    for by_poison in (True, False):
        b = start([printing("50/127"), card("Hitter", strike=(3, 3, 3))],
                  [card("Sick", life=10), card("Neighbour", life=10)],
                  ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(3, 3)}), dice=[4],
                  p1=Taker(targets=[3]))
        b.wounds[2] = 9
        if by_poison:
            b.poison[2] = 1
            b.apply(END_TURN)
        else:
            b.open[2] = False
            b.apply(Strike(1, 2))
        assert not b.alive[2] and b.open[3] == (not by_poison)


def test_range_bonus_per_free_adjacent_square_and_given_for_the_battle():
    """50/86 Страж восхода "+1 к дальности выстрела за каждую свободную клетку рядом с собой": its shot
    of range 2 reaches 2 + the free squares next to it (``range_bonus`` with ``per =
    "free_adjacent"``), kept up to date as cards come and go; 50/200 Снорри и Свэль "когда уничтожает
    карту {strike} — получает +1 к дальности выстрела": each such kill adds 1 for the battle."""
    b = start([printing("50/86"), card("Mine")], [card("Foe")],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT}))
    b._situate()
    assert b.slots[0][0].ability.range == 2 + 6          # 8 neighbours, 2 taken (Mine, Foe)
    b.apply(Move(1, square(2, 3)))                     # Mine steps away from it
    b._situate()
    assert b.slots[0][0].ability.range == 2 + 7
    snorri = printing("50/200")
    b = start([snorri], [card("Weak", life=1), card("Weak2", life=1), card("Back", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: square(3, 3)}), dice=[6] * 6)
    shot = next(i for i, s in enumerate(b.slots[0]) if s.ability.kind == "shot")
    assert b.slots[0][shot].ability.range == 2
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.slots[0][shot].ability.range == 3
    b._fire(0, "kill", 2, 2, "simple")
    assert b.slots[0][shot].ability.range == 4


def test_carrion_eating_that_heals_three_or_more_gives_plus_one_strike_for_the_battle():
    """50/88 Крысоогр "когда излечивается на 3 и более в результате трупоедства — получает +1 к {strike}":
    trigger ``eats`` with ``count = 3`` (at least 3 healed): after eating with 4 wounds its strike is
    +1 for the battle (and +2 after a second such meal), with 2 wounds nothing."""
    for wounded, bonus in ((4, 1), (2, 0)):
        b = start([printing("50/88")], [card("Prey", life=1), card("Prey2", life=1), card("Back")],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: square(5, 1)}), dice=[6] * 4)
        b.wounds[0] = wounded
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert not b.alive[1] and b.wounds[0] == 0
        assert sum(1 for g, _ in b.grants[0] if g.kind == "strike_bonus") == bonus
        b.wounds[0] = 3                                    # a second meal that heals 3
        b.wounds[2] = 1
        b._settle([2], 0, None, "simple")
        assert not b.alive[2] and sum(1 for g, _ in b.grants[0] if g.kind == "strike_bonus") == bonus + 1


class LastOption(Scripted):
    """Picks the last alternative offered."""

    def choose_option(self, battle, unit, options, targets):
        return options[-1]


def test_an_allys_concentration_gives_extra_life_once_a_turn_or_plus_one_strike():
    """50/9 Хешир "при срабатывании концентрации вашей карты — получает 1 дополнительную {health} (1 раз
    за ход) или +1 к {strike} до конца вашего хода (максимум +1)": trigger ``squad_concentration``;
    the extra life, an ``or`` alternative with its own ``uses_per_turn``, is offered once a turn, then
    only the strike bonus, which does not grow past +1."""
    sage = unit("Sage", '{ kind = "gain_counter", cost = "trigger", trigger = "concentration", '
                        'target = "self" }')
    b = start([printing("50/9"), sage], [card("Foe")], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}),
              p1=LastOption())
    life = b.life[0]
    b._concentrates(1)
    assert b.life[0] == life + 1 and b.counters[1] == 1
    b._concentrates(1)
    b._concentrates(1)
    assert b.life[0] == life + 1
    assert sum(1 for g, _ in b.grants[0] if g.kind == "strike_bonus") == 1


def test_a_creature_accumulating_a_counter_gains_extra_life():
    """50/59 Тотем грома "когда ваше существо копит {counter} — оно получает 1 дополнительную {health}":
    trigger ``squad_accumulates`` (000 1.11.1's accumulating), ``extra_life`` on the accumulator."""
    caster = unit("Caster", '{ kind = "discharge", damage = [2], cost = "counter_tap" }', life=6)
    b = start([caster, printing("50/59")], [card("Foe")], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}))
    b.apply(Accumulate(0))
    assert b.counters[0] == 1 and b.life[0] == 7


def test_each_miss_of_a_squad_creature_raises_the_fury_by_two():
    """50/19 Мастер поединка "при промахе вашего существа {strike} получает +2 к бешенству до конца вашего
    хода": trigger ``squad_miss``; the ``keyword = "fury"`` gifts add up (+2 per miss); a hit gives
    nothing."""
    for dice, bonus in (([1, 6], 2), ([6, 1], 0)):
        b = start([printing("50/19"), card("Ally", strike=(1, 1, 1))], [card("Foe", life=20), card("Back")],
                  ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}), dice=dice)
        b.apply(Strike(1, 2))
        assert b._fury_bonus(0) == bonus
    b = start([printing("50/19"), card("Ally", strike=(1, 1, 1)), card("Ally2", strike=(1, 1, 1))],
              [card("Foe", life=20), card("Back")],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(2, 3)}, {3: P2_FRONT, 4: square(5, 1)}),
              dice=[1, 6, 1, 6])
    b.apply(Strike(1, 3))
    b.apply(Strike(2, 3))
    assert b._fury_bonus(0) == 4


def test_the_third_fury_of_the_squad_in_a_turn_gives_plus_one_strike():
    """50/13 Орк-старейшина "когда бешенство ваших существ срабатывает третий раз за ход — получить +1 к
    {strike} до конца хода": trigger ``squad_fury`` with ``count = 3``: after two furies nothing, after
    the third +1 (and not again on a fourth)."""
    rager = '{ kind = "wound", damage = [1], cost = "trigger", trigger = "fury", fury = 6 }'
    b = start([printing("50/13"), unit("Rager", rager, strike=(1, 1, 1))],
              [card("Foe", life=30), card("Back")],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}))
    for n, bonus in ((1, 0), (2, 0), (3, 1), (4, 1)):
        b._fury(1, [1], 2)
        assert b.raged[1] == n
        assert sum(1 for g, _ in b.grants[0] if g.kind == "strike_bonus") == bonus


class Onward(Taker):
    """Dashes onto the square furthest up the board."""

    def relocate(self, battle, unit, why, squares):
        return max(squares)


def test_a_dash_onto_the_enemy_half_lets_it_whip_for_the_row_number():
    """50/20 Харседан "когда ваше существо совершает рывок на клетку половины поля боя противника — может
    совершить особый удар «хлыстом» на Х, где Х — номер ряда, в котором находится эта клетка": trigger
    ``squad_dash`` with ``when_state = "intruding"`` (on the dasher), a ``special_strike`` of ``per =
    "about_row"`` at an enemy next to it: a dash into the opponent's second row deals 2."""
    dasher = unit("Dasher", '{ kind = "dash" }', strike=(1, 1, 1), life=10)
    b = start([printing("50/20"), dasher], [card("Foe", life=20, strike=(1, 1, 1)), card("Back", life=20)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: square(3, 1), 3: square(3, 3)}), dice=[4] * 4,
              p1=Onward())
    b.apply(Move(1, P2_FRONT))                             # into the opponent's first row
    b.open[2] = False
    b.apply(Strike(1, 2))                                  # then dashes into its second row
    assert b.pos[1] == square(4, 2)
    assert b.wounds[2] == 1 + 2


def test_a_dash_on_the_way_it_moved_gives_a_special_strike():
    """50/31 Ярость песков "при рывке, если переместились в направлении, в котором передвигались в этот
    ход — могут совершить особый удар на 2": trigger ``dash_onward``: having stepped forward this turn,
    a dash forward lets it strike 2; having stepped sideways, a dash forward does not."""
    for walk, extra in (((1, 1, 0, 0, 0, 0, 0, 0, 0), 2), ((1, 0, 0, 0, 1, 0, 0, 0, 0), 0)):
        b = start([printing("50/31"), card("A"), card("B")],
                  [card("Foe", life=20, strike=(1, 1, 1)), card("Foe2", life=20, strike=(1, 1, 1))],
                  ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3)}, {3: square(3, 1), 4: square(3, 3)}),
                  dice=[4] * 4, p1=Onward())
        b.walk[0] = walk                                   # its steps this turn: forward / sideways
        b.open[3] = False
        b.apply(Strike(0, 3))
        assert b.pos[0] == P2_FRONT                        # it dashed forward
        assert b.wounds[3] + b.wounds[4] == 2 + extra


def test_a_companion_throws_when_a_defender_is_appointed_against_its_hosts_strike():
    """50/38 Карликовый гном "если от {strike} хозяина назначен защитник — метание «шлема» на 1,
    дальность 3": trigger ``host_defended``; no defender, no throw."""
    for defend in (True, False):
        b = start([card("Host", strike=(1, 1, 1), life=10), printing("50/38")],
                  [card("Target", life=20), card("Guard", life=20), card("Far", life=20)],
                  ({0: P1_FRONT, 1: square(1, 2)}, {2: P2_FRONT, 3: square(3, 1), 4: square(5, 2)}),
                  dice=[4, 4, 4], p1=Scripted(targets=[4]), p2=Scripted(defender=3 if defend else -1))
        assert b.host[1] == 0
        b.apply(Strike(0, 2))
        assert b.wounds[4] == (1 if defend else 0)


def test_swap_places_with_an_adjacent_ally_after_a_strike_through_a_row():
    """50/37 Ватажник "при {uchr} — может поменяться местами со стоящим рядом вашим существом": kind
    ``swap`` on trigger ``attack`` (``target = "ally"``, ``range = 1``, ``may``): the two exchange
    squares; declined, nothing moves."""
    for take in (True, False):
        b = start([printing("50/37"), card("Mate")], [card("Foe", life=10), card("Back")],
                  ({0: square(1, 2), 1: square(2, 2)}, {2: square(3, 2), 3: square(5, 1)}),
                  p1=Scripted(targets=[1] if take else []))
        b.apply(UseAbility(0, 0, (2,)))
        assert b.wounds[2] == 1
        front, back = square(2, 2), square(1, 2)
        assert (b.pos[0], b.pos[1]) == ((front, back) if take else (back, front))
        assert b.board[square(2, 2)] == (0 if take else 1)


def test_peat_elemental_swaps_with_an_enemy_and_heals_the_wounds_an_ally_takes():
    """50/121 Элементаль торфа "концентрация: может поменяться местами со стоящей рядом картой
    противника … когда другое ваше существо получает Х ран от атаки карты противника — может
    излечиться на Х (1 раз за ход)": ``swap`` on ``concentration``; a ``heal`` of ``per =
    "wounds_taken"`` on ``ally_wounded``, once a turn."""
    b = start([printing("50/121"), card("Mate", life=10)], [card("Foe", life=10, strike=(3, 3, 3))],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), p1=Taker(), dice=[4, 4])
    b._fire(0, "concentration")
    assert b.pos[0] == P2_FRONT and b.pos[2] == P1_FRONT
    b.wounds[0] = 5
    b.apply(END_TURN)
    b.open[1] = False
    b.apply(Strike(2, 1))                                  # Mate takes 3
    assert b.wounds[1] == 3 and b.wounds[0] == 2


def test_a_dash_goes_diagonally_while_the_card_may_move_diagonally():
    """50/91 Бер "может двигаться и совершать рывок по диагонали, пока имеет дополнительные {health}":
    with additional life its dash is offered the free diagonal squares too; without, only the
    orthogonal ones."""
    class Watch(Scripted):
        def relocate(self, battle, unit, why, squares):
            self.offered = list(squares)
            return -1

    for extra, diagonal in ((True, True), (False, False)):
        watch = Watch()
        b = start([printing("50/91")], [card("Foe", life=30)], ({0: P1_FRONT}, {1: P2_FRONT}),
                  dice=[4, 4], p1=watch)
        if extra:
            b.life[0] += 1
            b._situate()
        b.apply(Strike(0, 1))
        assert (square(1, 1) in watch.offered) == diagonal and square(2, 1) in watch.offered


def test_chimera_on_a_strike_ahead_moves_the_creature_on_its_left_or_poisons_the_one_behind():
    """50/196 Химера "при {strike} по карте в ряду напротив — может переместить существо слева от Химеры
    на соседнюю с ним клетку, или существо позади Химеры может получить отравление на 1": a trigger
    ``strike`` with ``vs_position = "ahead"``: a ``shift`` on ``area = "left"`` or (``or``) a
    ``poison`` on ``area = "behind"``, its player's pick."""
    for pick_last, poisoned in ((True, True), (False, False)):
        b = start([printing("50/196"), card("Left"), card("Behind")],
                  [card("Foe", life=20), card("Back")],
                  ({0: P1_FRONT, 1: square(2, 1), 2: square(1, 2)}, {3: P2_FRONT, 4: square(5, 1)}),
                  dice=[4] * 4, p1=LastOption() if pick_last else Dasher())
        b.open[3] = False
        b.apply(Strike(0, 3))
        assert (b.poison[2] == 1) == poisoned
        assert (b.pos[1] != square(2, 1)) == (not poisoned)


def test_the_war_wagon_is_hauled_only_forward():
    """50/1 Военный обоз "закрыть стоящее рядом ваше существо: переместить Военный обоз на клетку вперёд":
    ``hauled`` with ``onto = "forward"`` offers only the square in front of it (for the Second player,
    towards the First player's side)."""
    b = start([printing("50/1"), card("Ally1"), card("Ally2")], [card("Foe", life=20)],
              ({0: square(1, 2), 1: square(2, 1), 2: square(2, 3)}, {3: square(4, 2)}))
    assert b._haul_steps(0) == [square(2, 2)]
    b = start([card("Foe", life=20)], [printing("50/1"), card("Ally1"), card("Ally2")],
              ({0: square(1, 2)}, {1: square(4, 2), 2: square(3, 1), 3: square(3, 3)}))
    b.apply(END_TURN)
    assert b._haul_steps(1) == [square(3, 2)]


def test_unhealing_wounds_stop_heals_regeneration_and_extra_life_until_the_end_of_its_turn():
    """50/112 Акванит-фермер "на поверхности: при метании — атакованный не может излечиваться и получать
    дополнительные {health} до конца своего хода": ``no_heal`` given on trigger ``attack`` (``when =
    "on_surface"``): the thrown-at creature does not regenerate at the start of its turn (heals,
    vampirism, carrion-eating and additional life are stopped alike); after that turn it heals again
    (the centre column is depth here: the
    farmer stands on a surface square)."""
    b = start([printing("50/112"), card("Mine")], [card("Foe", life=10, regeneration=2), card("Back")],
              ({0: square(1, 1), 1: square(2, 1)}, {2: square(4, 2), 3: square(5, 1)}), dice=[4])
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 1 and b._sick(2)
    b.wounds[2] = 3
    b.apply(END_TURN)                                      # its turn: no regeneration
    assert b.wounds[2] == 3
    life = b.life[2]
    b.apply(END_TURN)
    b.apply(END_TURN)                                      # its next turn: regeneration 2 again
    assert not b._sick(2) and b.wounds[2] == 1 and b.life[2] == life


def test_a_strike_through_a_row_over_two_squares():
    """50/65 Ингвард "может объявлять {uchr} через 2 клетки по вертикали или горизонтали": a
    ``strike_through_row`` with ``range = 3`` also reaches a card three squares away in a line over two
    free (or own) squares, not over an enemy card; two squares away it still reaches as usual."""
    b = start([printing("50/65"), card("Mine")], [card("Far", life=10), card("Near", life=10)],
              ({0: square(1, 2), 1: square(2, 1)}, {2: square(4, 2), 3: square(3, 1)}))
    assert 2 in b.ability_targets(0, 1)                 # (1,2) -> (4,2) over (2,2) and (3,2)
    b = start([printing("50/65"), card("Mine")], [card("Far", life=10), card("Block", life=10)],
              ({0: square(1, 2), 1: square(2, 1)}, {2: square(4, 2), 3: square(3, 2)}))
    assert 2 not in b.ability_targets(0, 1) and 3 in b.ability_targets(0, 1)


def test_exiled_einherjar_strikes_over_common_enemies_and_gains_incarnation_when_killed():
    """50/63 Изгнанный эйнхерий "может объявлять {uchr} через клетки, занятые {ordinary} существами
    противника. При гибели от атаки карты противника — получает инкарнацию 2": ``row_over`` with
    ``vs_rank = "common"`` (not over an elite one), and ``incarnation`` 2 gained on ``death`` from an
    attack: it returns two of its turns later; killed otherwise it stays dead."""
    for elite, over in ((False, True), (True, False)):
        middle = card("Middle", life=10)
        if elite:
            middle = replace(middle, elite=True)
        b = start([printing("50/63"), card("Mine")], [middle, card("Back", life=10)],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(4, 2)}))
        assert (3 in b.ability_targets(0, 0)) == over
    for by_attack, back in ((True, True), (False, False)):
        b = start([printing("50/63"), card("Mine")], [card("Foe", strike=(9, 9, 9), life=20), card("Back")],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(5, 1)}), dice=[4] * 4)
        if by_attack:
            b.apply(END_TURN)
            b.open[0] = False
            b.apply(Strike(2, 0))
        else:
            b.wounds[0] = 9
            b._settle([0], 1, None, "wound")
            b.apply(END_TURN)
        assert not b.alive[0]
        for _ in range(4):
            b.apply(END_TURN)
        assert b.alive[0] == back


def test_enemies_opposite_the_duellist_may_act_only_by_striking_it_and_are_wounded_moving_off():
    """50/190 Бретёр "существа противника, стоящие напротив Бретёра, имеют «не может действовать, кроме
    нападения {strike} на Бретёра. Когда объявляет движение — ранится на 2»": a standing ``bind`` with
    ``vs_position = "opposite"`` (its strikes go only at the duellist) and a wound 2 on ``enemy_leaves``
    with ``zone = "opposite"`` in the enemy's turn; a creature elsewhere is free."""
    b = start([printing("50/190"), card("Mine")], [card("Foe", life=10, move=2), card("Side", life=10)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 1)}))
    b.apply(END_TURN)
    assert b.bound(2) == 0 and b.bound(3) == -1
    assert b.targets(2) == [0] and 1 in b.targets(3)
    b.apply(Move(2, square(4, 2)))                         # it moves off the square opposite: 2 wounds
    assert b.wounds[2] == 2 and b.bound(2) == -1


def test_imp_becomes_a_companion_and_jumps_off_when_its_host_jumps():
    """50/147 Демонёнок "концентрация: может стать компаньоном вашему стоящему рядом существу. При
    прыжке или телепортации хозяина — может переместиться на соседнюю свободную клетку, вернув свой
    подтип существа; получить +1 к {strike} до конца хода": ``become`` into a companion (its square is
    freed, it rides the ally), then on trigger ``host_jumps`` ``become`` into a creature on a free square
    next to its host, then +1 strike for the turn."""
    from analysis.battle.tables import COMPANION, GROUND
    jumper = unit("Jumper", '{ kind = "jump", damage = [3] }', life=10)
    b = start([printing("50/147"), jumper], [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: square(3, 3)}), p1=Hopper())
    grounded = b.n_ground[0]
    b._fire(0, "concentration")
    assert b.kind[0] == COMPANION and b.host[0] == 1 and b.rider[1] == 0 and b.board[square(2, 1)] == -1
    assert b.pos[0] == P1_FRONT and b.n_ground[0] == grounded  # (a companion counts as placed)
    b.apply(Move(1, square(4, 2)))                         # the host jumps
    assert b.kind[0] == GROUND and b.host[0] == -1 and b.rider[1] == -1
    assert b.pos[0] in (square(3, 1), square(3, 2), square(3, 3), square(4, 1), square(4, 3), square(5, 1),
                        square(5, 2), square(5, 3))
    assert b.board[b.pos[0]] == 0 and b.n_ground[0] == grounded
    assert any(g.kind == "strike_bonus" for g, _ in b.grants[0])
