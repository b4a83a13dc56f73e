"""Set-40 («Ложные боги») printings completed in wave 3, with fixed dice and hand-built positions,
each against its text in berserk-nxt ``resources/data.json`` (commit 1d6ff4f2): the real printings
are loaded, so a test fails if their facts change."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.tables import FLYER, card_of
from analysis.cards.ability_rules import attack_bonus, protected, reduction, strike_passives
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, P2_MID, start
from tests.battle.test_set60_markers import _printing
from tests.battle_helpers import Scripted, card


def strike(b, u: int) -> tuple[int, ...]:
    """Unit ``u``'s simple strike with its standing bonuses (unconditional ones)."""
    base = b.cards[u].strike
    bonus = strike_passives(b.cards[u], None, b.seat[u]).bonus
    return tuple(x + y for x, y in zip(base, bonus, strict=True))


class Mover(Scripted):
    """Moves a card it relocates onto one square, if it may."""

    def __init__(self, sq, **kw):
        super().__init__(**kw)
        self.sq = sq

    def relocate(self, battle, unit, why, squares):
        return self.sq if self.sq in squares else -1


class Prefers(Scripted):
    """Aims every triggered ability at one card when it may, else at its first candidate."""

    def __init__(self, unit, **kw):
        super().__init__(**kw)
        self.unit = unit

    def choose_targets(self, battle, unit, index, candidates, most):
        return (self.unit,) if self.unit in candidates else tuple(candidates[:1])


class Option(Scripted):
    """Takes the last alternative of an ``or`` trigger."""

    def choose_option(self, battle, unit, options, candidates):
        return options[-1]


def test_navigator_may_curse_a_pirate_at_the_battle_start():
    """40/219 Штурман Маэнаса: "в начале боя выбранный пират может получить проклятие" — its player
    picks the pirate (itself is one) or none."""
    pirate = card("Pirate", classes=("Пират",))
    b = start([_printing("40/219"), pirate], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              p1=Scripted(targets=(1,)))
    assert b._in_state(1, "cursed") and not b._in_state(0, "cursed")
    b = start([_printing("40/219"), pirate], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              p1=Scripted(targets=()))
    assert not b._in_state(0, "cursed") and not b._in_state(1, "cursed")


def test_orc_berserker_may_wound_itself_for_fury():
    """40/22 Орк-берсеркер: "в начале вашего хода может ранить себя на 1, при этом получает +1 к
    бешенству" (no duration: for the battle, 000 1.9.5; each time one more, kept as its tokens)."""
    b = start([_printing("40/22")], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.wounds[0] == 1 and b._fury_bonus(0) == 1
    b.apply(END_TURN)
    assert b._fury_bonus(0) == 1
    b.apply(END_TURN)
    assert b.wounds[0] == 2 and b._fury_bonus(0) == 2
    b = start([_printing("40/22")], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}), p1=Scripted(targets=()))
    assert b.wounds[0] == 0 and b._fury_bonus(0) == 0


def test_thunder_cavalry_takes_a_strike_bonus_or_flight_and_attack_experience():
    """40/63 Кавалерия грома: "в начале боя может получить либо +1 к {strike}, либо полёт и {ova} 1"."""
    b = start([_printing("40/63")], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}), p1=Option())
    assert b.kind[0] == FLYER and b.cards[0].keyword("exp_attack") == 1 and strike(b, 0) == (2, 2, 3)
    b = start([_printing("40/63")], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.kind[0] != FLYER and b.cards[0].keyword("exp_attack") == 0 and strike(b, 0) == (3, 3, 4)


def test_sot_gifts_an_adjacent_steppe_creature_with_experience():
    """40/36 Сот: "в начале хода ваше стоящее рядом степное существо получает маркер дар Сота … имеет
    {ova} 1 и {ovz} 1" (its loss of abilities and new strike are not played)."""
    steppe = card("Steppe", elements=("steppes",))
    other = card("Other", elements=("forests",))
    b = start([_printing("40/36"), steppe, other], [card("Foe")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    assert b.cards[1].keyword("exp_attack") == 1 and b.cards[1].keyword("exp_defence") == 1
    assert b.cards[2].keyword("exp_attack") == 0


def test_ghurt_stone_closes_a_creature_with_a_parasite_by_a_sudden_spell():
    """40/133 Гхуртов камень: "{instant}{counter}{tap}: заклинание хватка трясины закрыть выбранное
    существо с паразитом" — not a creature without one."""
    stone = _printing("40/133")
    rat = card("Rat", type="parasite", life=3)
    foe, bare = card("Host", life=10), card("Bare", life=10)
    b = start([stone, rat], [foe, bare], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: square(3, 1)}))
    b.host[1], b.rider[2], b.pos[1] = 2, 1, b.pos[2]
    b.counters[0] = 1
    b.apply(UseAbility(0, 0, (2,)))
    assert not b.open[2] and b.open[3] and b.counters[0] == 0


def test_heysar_is_clumsy_only_after_its_second_move():
    """40/59 Хейсар: "когда передвигается первый раз за ход получает +1 к {strike} до конца хода. Когда
    передвигается второй раз за ход получает неповоротливость до конца хода" — not clumsy before (the
    card table's clumsiness column no longer says so)."""
    heysar = _printing("40/59")
    assert heysar.keyword("clumsiness") == 0
    b = start([heysar], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    assert not b.cards[0].has("clumsiness") and strike(b, 0) == (1, 2, 2)
    b.apply(Move(0, P1_MID))
    assert not b.cards[0].has("clumsiness") and strike(b, 0) == (2, 3, 3)
    b.apply(Move(0, P1_FRONT))
    assert b.cards[0].has("clumsiness")
    b.apply(END_TURN)
    assert not b.cards[0].has("clumsiness") and strike(b, 0) == (1, 2, 2)


def test_cabin_boy_may_give_a_nimble_ally_clumsiness_for_stronger_strikes():
    """40/185 Юнга: "в начале вашего хода стоящее рядом ваше существо без неповоротливости может
    получить неповоротливость. +1 к средним и сильным {strike} до конца хода"; Юнга itself is not
    clumsy, and a clumsy ally is not offered."""
    boy = _printing("40/185")
    assert boy.keyword("clumsiness") == 0
    ally, clumsy = card("Ally", strike=(1, 2, 3)), card("Clumsy", strike=(1, 2, 3), clumsiness=1)
    p1 = Scripted()
    b = start([boy, ally, clumsy], [card("Foe")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}),
              p1=p1)
    assert [c[2] for c in p1.target_calls] == [[1]]
    assert b.cards[1].has("clumsiness") and strike(b, 1) == (1, 3, 4)
    b.apply(END_TURN)
    assert not b.cards[1].has("clumsiness") and strike(b, 1) == (1, 2, 3)


def test_tavern_brawler_is_clumsy_only_in_formation():
    """40/51 Трактирный забияка: "Строй: Неповоротливость" — alone it is not clumsy."""
    brawler = _printing("40/51")
    assert brawler.keyword("clumsiness") == 0
    partner = card("Partner", formation=1)
    b = start([brawler, partner], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert b.cards[0].has("clumsiness")
    b.apply(Move(1, square(1, 1)))                     # (diagonal: no longer in formation)
    assert not b.cards[0].has("clumsiness")


def test_reed_cat_reduces_only_while_the_cheapest_creature_of_its_squad():
    """40/74 Камышовый кот: "−1 от немагических атак, пока в вашем отряде нет существ такой же или
    меньшей стоимости (кроме Камышовых котов)"."""
    cat = _printing("40/74")
    b = start([cat, card("Dear", cost=5), _printing("40/74")], [card("Foe")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    assert reduction(b.cards[0], "simple", b.cards[3], 0) == 1
    b = start([cat, card("Cheap", cost=3)], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert reduction(b.cards[0], "simple", b.cards[2], 0) == 0


def test_grey_blade_is_directed_while_it_or_an_adjacent_ally_has_extra_life():
    """40/90 Серый клинок: "+1 к {strike} и {direct}, пока Серый клинок или стоящее рядом ваше
    существо имеет дополнительные {health}"."""
    blade = _printing("40/90")
    b = start([blade, card("Ally", life=8)], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert strike(b, 0) == (2, 3, 4)
    b.life[1] = 9  # (one additional life)
    b._situate()
    assert strike(b, 0) == (3, 4, 5) and b.directed[0]


def test_verber_is_directed_only_without_cheap_creatures_on_its_half():
    """40/106 Вербер: "{direct}, пока на вашей половине поля боя нет существ стоимостью 3 или менее"."""
    verber = _printing("40/106")
    b = start([verber, card("Dear", cost=4)], [card("Foe", cost=2)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert b.directed[0]
    b = start([verber, card("Cheap", cost=3)], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert not b.directed[0]


def test_veteran_mercenary_gains_with_an_odd_cost_squad():
    """40/200 Наёмник-ветеран: "в начале боя, если все ваши вскрытые карты имеют нечётную стоимость
    получить +1 к {move} и +2 к {strike}"."""
    vet = _printing("40/200")
    b = start([vet, card("Odd", cost=3)], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert strike(b, 0) == (4, 5, 5) and b.cards[0].move == 2
    b = start([vet, card("Even", cost=4)], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert strike(b, 0) == (2, 3, 3) and b.cards[0].move == 1


def test_urayon_reads_the_names_of_both_squads():
    """40/202 Урайон: "{armor}2, пока в отряде противника есть карты с одинаковым названием. +2 к
    {strike}, пока в вашем отряде нет карт с одинаковым названием"."""
    ur = _printing("40/202")
    b = start([ur], [card("Twin"), card("Twin")], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    assert b.armor[0] == 2 and strike(b, 0) == (3, 4, 5)
    b = start([ur, _printing("40/202")], [card("A"), card("B")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1)}))
    assert b.armor[0] == 0 and strike(b, 0) == (1, 2, 3)


def test_legionary_demon_has_protection_from_magic_while_armor_is_left():
    """40/167 Демон-легионер: "{zom}, пока у Демона-легионера одна или более единицы {armor}"."""
    b = start([_printing("40/167")], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    assert protected(b.cards[0], "discharge", b.cards[1], 0)
    b.armor_left[0] = 0                                # (its armor used up this turn)
    b._situate()
    assert not protected(b.cards[0], "discharge", b.cards[1], 0)


def test_wyvern_counts_the_other_flyers_and_is_directed_near_extra_life():
    """40/98 Вуйвр: "+Х к {strike}, где Х число других ваших летающих существ (максимум +2). {direct}
    по картам, стоящим рядом с вашими существами с дополнительными {health}"."""
    wyvern = _printing("40/98")
    flyers = [card(f"F{i}", type="flyer") for i in range(3)]
    b = start([wyvern, *flyers, card("Ally", life=8)], [card("Foe")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: square(1, 1), 4: P1_FRONT}, {5: P2_FRONT}))
    assert strike(b, 0) == (2, 3, 4)              # +2 at most
    assert not strike_passives(card_of(b._strike_key(0, 5, True)), b.cards[5], 0).directed
    b.life[4] = 9                                      # (the ally next to the foe: additional life)
    assert strike_passives(card_of(b._strike_key(0, 5, True)), b.cards[5], 0).directed


def test_soultrad_champion_may_curse_after_stepping_next_to_a_cursed_creature():
    """40/170 Чемпион Соултрада: "при движении на клетку рядом с существом с проклятием стоящее рядом
    существо может получить проклятие"."""
    champ = _printing("40/170")
    cursed = card("Cursed", abilities='status = "full"\nabilities = [ { kind = "curse" } ]', move=0)
    plain = card("Plain", move=0)
    b = start([champ], [cursed, plain], ({0: P1_FRONT}, {1: square(4, 1), 2: square(4, 3)}),
              p1=Scripted(targets=(2,)))
    b.apply(Move(0, P2_FRONT))
    assert b._in_state(2, "cursed")
    b = start([champ], [plain, card("Other", move=0)], ({0: P1_FRONT}, {1: square(4, 1), 2: square(4, 3)}),
              p1=Scripted(targets=(1,)))
    b.apply(Move(0, P2_FRONT))
    assert not b._in_state(1, "cursed")


def test_nereid_wounds_an_enemy_moving_a_second_time_in_a_turn():
    """40/130 Нереида: "когда одно и то же существо противника перемещается второй или более раз за ход
    ранить его на 1 (2 раза за ход)"."""
    nereid = _printing("40/130")
    b = start([nereid], [card("Walker", move=4, life=10)], ({0: P1_BACK}, {1: square(4, 1)}))
    b.apply(END_TURN)
    b.apply(Move(1, square(4, 0)))
    assert b.wounds[1] == 0
    b.apply(Move(1, square(3, 0)))
    assert b.wounds[1] == 1
    b.apply(Move(1, square(3, 1)))
    assert b.wounds[1] == 2                            # twice a turn
    b.apply(Move(1, square(2, 1)))
    assert b.wounds[1] == 2


def test_the_heuristic_wounds_itself_for_a_payoff_while_it_has_life_to_spare():
    """40/22 Орк-берсеркер (1 wound for +1 fury this turn) and 40/178 Угасающий ("в начале вашего хода
    может раниться на 2, при этом получить +1 к {strike}"): the heuristic player takes the trade while
    the wound leaves it more than 2 life, and declines it after that."""
    from analysis.battle.players import HeuristicPlayer

    for code, wound in (("40/22", 1), ("40/178", 2)):
        b = start([_printing(code)], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}), p1=HeuristicPlayer())
        assert b.wounds[0] == wound and (b.grants[0] or b.counters[0] == 1)
        low = start([_printing(code)], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}), p1=HeuristicPlayer())
        low.wounds[0] = low.life[0] - wound - 2
        low.apply(END_TURN)
        low.apply(END_TURN)
        assert low.wounds[0] == low.life[0] - wound - 2


def test_underwater_hall_gains_tokens_on_dives_and_surfacings_and_moves_a_creature():
    """40/109 Подводный чертог (a terrain): "когда ваше существо погружается на глубину или всплывает на
    поверхность Подводный чертог получает {tok}. 3{tok}{tap}: воздействие водоворот переместить ваше
    существо на соседнюю с ним клетку и излечить его на 1" (depth: the centre column)."""
    hall = _printing("40/109")
    diver = card("Diver", move=3, life=10)
    b = start([hall, diver], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              p1=Mover(square(0, 1)))
    b.apply(Move(1, square(0, 2)))                     # dives
    b.apply(Move(1, square(1, 2)))                     # still at depth: nothing
    b.apply(Move(1, square(1, 1)))                     # surfaces
    assert b.counters[0] == 2
    b.counters[0] = 3
    b.wounds[1] = 2
    b.apply(UseAbility(0, 1, (1,)))
    assert b.counters[0] == 0 and b.wounds[1] == 1 and b.pos[1] == square(0, 1)


def test_flying_ray_frees_the_depth_and_surface_abilities_of_an_ally():
    """40/116 Летающий скат: "при {strike} воздействие прилив: особенности на глубине и на поверхности
    выбранной вашей карты в следующий ход противника работают на любой клетке"."""
    ray = _printing("40/116")
    ally = card("Amphibian", abilities='status = "full"\nabilities = [ { kind = "strike_bonus", '
                'damage = [1], when = "at_depth" } ]')
    b = start([ray, ally], [card("Foe", life=10)], ({0: P1_MID, 1: square(0, 1)}, {2: P2_FRONT}),
              dice=[6, 1], p1=Scripted(targets=(1,)))
    assert strike(b, 1) == (1, 2, 3)                   # (on a surface square)
    b.apply(Strike(0, 2))
    assert strike(b, 1) == (2, 3, 4)
    b.apply(END_TURN)
    assert strike(b, 1) == (2, 3, 4)                   # the opponent's next turn
    b.apply(END_TURN)
    assert strike(b, 1) == (1, 2, 3)


def test_rigorn_guard_may_defend_a_teleporting_ally_anywhere():
    """40/155 Страж Ригорна (a flyer): "может выступать защитником любому вашему существу с
    телепортацией" — not one without it."""
    guard = _printing("40/155")
    tele, plain = card("Tele", teleportation=1, life=10), card("Plain", life=10)
    b = start([guard, tele, plain], [card("Foe", life=10)],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT}))
    b.apply(END_TURN)
    assert 0 in b.defenders(3, 1) and 0 not in b.defenders(3, 2)


def test_slum_rat_rides_any_revealed_enemy_when_the_first_row_is_empty():
    """40/182 Трущобная крыса: with no enemy creature in his first row it may go onto a revealed enemy
    creature of any row, which receives a curse and poisoning 1; on a first-row host it does not
    curse."""
    rat = _printing("40/182")
    b = start([rat], [card("Back", life=10)], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.host[0] == 1 and b._in_state(1, "cursed") and b.poison[1] == 1
    b = start([rat], [card("Front", life=10), card("Back", life=10)],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_MID}))
    assert b.host[0] == 1 and not b._in_state(1, "cursed") and b.poison[1] == 0


def test_mimic_collects_tokens_strikes_with_its_lid_and_comes_to_life():
    """40/203 Мимик (an artifact): "когда стоящая рядом карта противника нападает не на Мимика получить
    {tok}. В начале хода может потерять [{tok}]: особый удар крышкой на 2. 3{tok}: становится существом с
    {move} 1, {strike} 4-5-6 и трупоедством" (the token of the lid strike is missing from the source's
    text; read as its price)."""
    mimic = _printing("40/203")
    b = start([card("Mine", life=10), mimic], [card("Foe", strike=(1, 1, 1), life=10)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[3] * 10)
    b.apply(END_TURN)
    b.apply(Strike(2, 0))                              # an adjacent enemy attacks another card
    assert b.counters[1] == 1
    b.apply(END_TURN)                                  # its turn start: the lid, paying the token
    assert b.wounds[2] == 2 and b.counters[1] == 0
    b.counters[1] = 3
    b.apply(UseAbility(1, 2, (1,)))
    assert b.creature[1] and b.cards[1].strike == (4, 5, 6) and b.cards[1].move == 1
    assert b._has(1, "carrion_eating") is not None and b.counters[1] == 0


def test_siren_drags_the_creature_opposite_the_way_it_steps_or_wounds_it():
    """40/117 Сирена: "при движении с клетки, напротив которой стоит существо противника воздействие
    песнь сирены может переместить это существо на 1 клетку в том же направлении; если оно не может
    переместиться ранить его на 1-2-2"."""
    siren = _printing("40/117")
    b = start([siren], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}))
    b.apply(Move(0, square(2, 1)))
    assert b.pos[1] == square(3, 1) and b.wounds[1] == 0
    b = start([siren], [card("Foe", life=10), card("Beside", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[6])
    b.apply(Move(0, square(2, 1)))
    assert b.pos[1] == P2_FRONT and b.wounds[1] == 2
    b = start([siren], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), p1=Scripted(targets=()))
    b.apply(Move(0, square(2, 1)))                     # ("может": declined)
    assert b.pos[1] == P2_FRONT and b.wounds[1] == 0


def test_siege_master_gains_a_token_when_it_closes_to_move_a_war_machine():
    """40/2 Мастер осад: "когда закрывается, чтобы переместить вашу боевую машину получает {token}.
    {token}{tap}: выстрел на 2-3-3" — the implied accumulation (000 1.11.1) is not its way."""
    master, cannon = _printing("40/2"), _printing("40/10")
    b = start([master, cannon], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert not b.can_accumulate(0)
    b.apply(Move(1, square(1, 1)))                     # the master closes to haul the cannon
    assert b.counters[0] == 1 and not b.open[0]


def test_sunset_guard_weak_shot_weakens_the_target_to_the_end_of_its_turn():
    """40/96 Страж заката: "при слабом выстреле атакованный получает -1 к {strike} до конца хода
    противника" — not on a medium shot."""
    guard = _printing("40/96")
    b = start([guard], [card("Foe", life=10, strike=(2, 3, 4))], ({0: P1_BACK}, {1: P2_FRONT}), dice=[1])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 1 and strike(b, 1) == (1, 2, 3)
    b.apply(END_TURN)
    assert strike(b, 1) == (1, 2, 3)                   # the opponent's turn
    b.apply(END_TURN)
    assert strike(b, 1) == (2, 3, 4)
    b = start([guard], [card("Foe", life=10, strike=(2, 3, 4))], ({0: P1_BACK}, {1: P2_FRONT}), dice=[4])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2 and strike(b, 1) == (2, 3, 4)


def test_cursed_armour_keeps_its_closed_host_closed():
    """40/146 Проклятый доспех (a parasite): "Концентрация: хозяин не открывается в начале своего
    следующего хода" (an open host has nothing to open: it stays as it is)."""
    armour = _printing("40/146")
    b = start([card("Foe", life=10)], [armour], ({0: P1_FRONT}, {1: P2_BACK}))
    assert b.host[1] == 0
    b.open[0] = False                                  # (the host acted this turn)
    b.apply(END_TURN)                                  # the host's turn ends: concentration
    b.apply(END_TURN)                                  # the parasite's turn ends
    assert not b.open[0]                               # its host's turn: it does not open


def test_ulfsark_valhalla_gives_armor_or_one_more_armor():
    """40/64 Ульфсарк: "Вальхалла: ваше существо получает {armor} 1 или +1 к {armor} до конца хода
    противника"."""
    ulf = _printing("40/64")
    shooter = card("Shooter", abilities='status = "full"\nabilities = [ { kind = "shot", damage = [9], '
                   'cost = "tap" } ]')
    for ally, armor in ((card("Armored", armor=1, life=10), 2), (card("Bare", life=10), 1)):
        b = start([ulf, ally], [shooter], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK}),
                  p1=Scripted(targets=(1,)))
        b.apply(END_TURN)
        b.apply(UseAbility(2, 0, (0,)))                # the ulfsark dies
        assert b.armor[1] == armor - 1
        b.apply(END_TURN)                              # its owner's turn: valhalla
        assert b.armor[1] == armor
        b.apply(END_TURN)
        assert b.armor[1] == armor                     # to the end of the opponent's turn


def test_naldan_hand_concentration_raises_its_finishing_off():
    """40/78 Длань Нальдана: "Концентрация: получить +1 к добиванию до конца вашего хода. {tap}:
    добивание на 2" — a creature with 3 life left is finished off after an unwounded enemy turn."""
    hand = _printing("40/78")
    b = start([hand], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}))
    b.wounds[1] = 7
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # concentration at the end of the enemy turn
    b.apply(UseAbility(0, 0, (1,)))
    assert not b.alive[1]


def test_veyla_vulnerability_spell_adds_a_wound_to_walkers_strikes():
    """40/7 Вейла: "{counter}{tap}: заклинание уязвимость: выбранное существо получает на 1 рану больше
    от {strike} нелетающих существ до конца хода противника"."""
    veyla = _printing("40/7")
    b = start([veyla, card("Walker", strike=(2, 2, 2))], [card("Foe", life=10, move=0)],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}), dice=[6, 1])
    b.counters[0] = 1
    b.apply(UseAbility(0, 3, (2,)))
    b.apply(Strike(1, 2))
    assert b.wounds[2] == 3
    assert reduction(b.cards[2], "simple", card("Flyer", type="flyer"), 1) == 0
    b.apply(END_TURN)
    assert reduction(b.cards[2], "simple", b.cards[1], 1) == -1   # the opponent's turn
    b.apply(END_TURN)
    assert reduction(b.cards[2], "simple", b.cards[1], 1) == 0


def test_rune_priest_may_fight_an_adjacent_enemy_on_its_ranged_attack():
    """40/45 Рунный жрец: "при дальней атаке может сразиться {strike} со стоящим рядом существом
    противника как с открытым"."""
    priest = _printing("40/45")
    b = start([priest], [card("Near", life=10, strike=(1, 1, 1)), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6, 1, 6, 1])
    b.apply(UseAbility(0, 1, (2,)))                    # the discharge at the far one
    assert b.wounds[2] == 1 and b.wounds[1] == 1       # then the fight: its strong strike is 1 (3-2-1)


def test_snorling_gains_defence_experience_defending_a_valhalla_creature():
    """40/47 Снорлинг: "когда выступает защитником вашему существу с вальхаллой получает {ovz}2 до конца
    хода" — not for another creature."""
    snor = _printing("40/47")
    for ally, exp in ((card("Viking", valhalla=1, life=10), 2), (card("Plain", life=10), 0)):
        b = start([ally, snor], [card("Foe", life=10)], ({0: P1_FRONT, 1: square(2, 1)}, {2: square(3, 1)}),
                  dice=[1, 1, 1, 1], p1=Scripted(defender=1))
        b.apply(END_TURN)
        b.apply(Strike(2, 0))
        assert b.cards[1].keyword("exp_defence") == exp


def test_nairung_guard_stays_open_next_to_an_artifact_and_closes_stepping_back():
    """40/53 Страж Найрунга: "не закрывается после нападения, пока стоит рядом с артефактом. Когда
    передвигается на клетку назад закрывается"."""
    guard = _printing("40/53")
    anvil = card("Anvil", type="artifact", strike=None, life=8, move=0)
    b = start([guard, anvil], [card("Foe", life=20, strike=(1, 1, 1))],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[1, 1])
    b.apply(Strike(0, 2))
    assert b.open[0]
    b = start([guard], [card("Foe")], ({0: P1_MID}, {1: P2_BACK}))
    b.apply(Move(0, P1_BACK))
    assert not b.open[0]
    b = start([guard], [card("Foe")], ({0: P1_MID}, {1: P2_BACK}))
    b.apply(Move(0, P1_FRONT))
    assert b.open[0]


def test_kelpie_spends_x_tokens_to_move_x_squares_and_magic_strike_x():
    """40/107 Кельпи: "Х {token}{tap}: переместиться на свободную клетку, дальность Х, при этом
    магический удар на Х" (one fact per X)."""
    kelpie = _printing("40/107")
    b = start([kelpie], [card("Foe", life=10)], ({0: P1_FRONT}, {1: square(4, 2)}),
              p1=Mover(P2_FRONT))
    b.counters[0] = 3
    b.apply(UseAbility(0, 5, (0,)))                    # X = 2: onto the square next to the foe
    assert b.pos[0] == P2_FRONT and b.counters[0] == 1 and b.wounds[1] == 2


def test_dryagv_slows_with_counters_and_sheds_them():
    """40/128 Дрягв: "-Х к {strike}, где Х число фишек на Дрягве. После движения или атаки получает
    {counter}. Концентрация: потерять {counter}. {tap}: воздействие отдышаться потерять 2 или менее
    {counter}"."""
    dr = _printing("40/128")
    b = start([dr], [card("Foe", life=30)], ({0: P1_MID}, {1: P2_FRONT}), dice=[1, 1])
    assert not b.can_accumulate(0)
    b.apply(Move(0, P1_FRONT))
    assert b.counters[0] == 1 and strike(b, 0) == (4, 5, 6)
    b.counters[0] = 3
    b.apply(UseAbility(0, 4, (0,)))
    assert b.counters[0] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # concentration: one more
    assert b.counters[0] == 0


def test_punisher_poisons_curses_or_wounds_by_the_targets_state():
    """40/135 Карающий: "при {strike} атакованный получает отравление на 1, либо проклятие (если уже
    имеет отравление), либо ранить его на 2 (если он уже имеет проклятие и отравление)"."""
    pun = _printing("40/135")
    b = start([pun], [card("Foe", life=20, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1, 1])
    b.apply(Strike(0, 1))
    assert b.poison[1] == 1 and not b._in_state(1, "cursed") and b.wounds[1] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(Strike(0, 1))
    assert b._in_state(1, "cursed") and b.poison[1] == 1
    w = b.wounds[1]
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(Strike(0, 1))
    assert b.wounds[1] - w - 1 in (3, 4)               # its strike, the poison tick, and 2 more


def test_navka_weakens_the_magic_and_special_strikes_of_the_creature_opposite():
    """40/138 Навка: "существа противника имеют −1 к {move} и −1 к ударам, пока стоят напротив Навки"
    — magic and special strikes too."""
    navka = _printing("40/138")
    b = start([navka], [card("Foe", life=10), card("Beside", life=10)], ({0: P1_FRONT}, {1: P2_FRONT,
              2: square(3, 1)}))
    assert attack_bonus(b.cards[1], "special_strike", 1) == -1
    assert attack_bonus(b.cards[1], "magic_strike", 1) == -1
    assert attack_bonus(b.cards[2], "special_strike", 1) == 0


def test_night_warrior_effect_only_next_to_a_building():
    """40/197 Воин ночи: "при {strike} по существу, стоящему рядом с постройкой воздействие столкнуть
    вниз ранить его на 2"."""
    warrior = _printing("40/197")
    hut = card("Hut", type="artifact", strike=None, life=8, move=0, classes=("Постройка",))
    b = start([warrior], [card("Foe", life=20, move=0), hut], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}),
              dice=[1, 1])
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 2 + 2
    b = start([warrior], [card("Foe", life=20, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1])
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 2


def test_glaive_strikes_the_card_behind_it_after_its_strike():
    """40/208 Глефа: "при {strike} может объявить особый удар на излёте на 2 по карте в направлении,
    противоположном направлению этого {strike}"."""
    glaive = _printing("40/208")
    b = start([glaive, card("Behind", life=20, move=0)], [card("Front", life=20, move=0)],
              ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}), dice=[1, 1])
    b.apply(Strike(0, 2))
    assert b.wounds[1] == 2                            # (its player may decline it: "может")


class Redirects(Scripted):
    """Redirects every attack it may onto its first candidate."""

    def redirect(self, battle, unit, attacker, target, candidates, index):
        return candidates[0]


def test_gudrun_redirects_an_attack_between_formation_partners_once_per_enemy_turn():
    """40/61 Гудрун: "{instant}: перенаправить атаку с вашего существа со строем в существо, стоящее с
    ним в строю (1 раз за ход противника)"."""
    gudrun = _printing("40/61")
    a, partner = card("A", formation=1, life=10), card("B", formation=1, life=10)
    b = start([gudrun, a, partner], [card("Foe", life=10, strike=(2, 2, 2))],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT}), dice=[1, 1, 1, 1],
              p1=Redirects())
    b.apply(END_TURN)
    b.apply(Strike(3, 1))
    assert b.wounds[1] == 0 and b.wounds[2] == 2


def test_centaur_chief_fury_grows_per_step_and_its_victim_picks_push_or_wound():
    """40/20 Вождь кентавров: "при перемещении на соседнюю клетку получает +1 к бешенству до конца
    хода. Бешенство 2: переместить атакованное существо на 1 клетку в направлении атаки; если
    атакованный не может или не хочет быть перемещён ранить его на 2" — two steps make it fury 4."""
    chief = _printing("40/20")
    for pick, where, extra in ((0, square(4, 2), 0), (-1, P2_FRONT, 2)):
        foe = Option() if pick else Scripted()
        b = start([chief], [card("Foe", life=20, move=0)], ({0: square(1, 1)}, {1: P2_FRONT}),
                  dice=[4, 1], p2=foe)
        b.apply(Move(0, square(2, 1)))
        b.apply(Move(0, P1_FRONT))
        assert b._fury_bonus(0) == 2
        b.apply(Strike(0, 1))                          # a roll of 4: fury 2 + 2
        assert b.pos[1] == where and b.wounds[1] == 4 + extra   # (its medium strike 4)


def test_nikzar_freezes_an_unmoved_creature_up_to_three_plus_its_counters():
    """40/44 Никзар: "{instant}{tap}: заклинание заморозки закрыть существо стоимостью 3+Х или менее,
    которое не передвигалось в этот ход, где Х число {counter} на Никзар" (one fact per X)."""
    nik = _printing("40/44")
    b = start([nik], [card("Four", cost=4, life=10), card("Five", cost=5, life=10)],
              ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    b.counters[0] = 1
    b._situate()
    ready = [i for i in range(len(b.slots[0]))
             if b.ability_ready(0, i) and b.slots[0][i].ability.kind == "close"]
    assert [b.slots[0][i].ability.vs_max_cost for i in ready] == [3, 4]
    b.apply(UseAbility(0, ready[-1], (1,)))
    assert not b.open[1] and b.counters[0] == 1
    b = start([nik], [card("Walker", cost=3, life=10, move=2)], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(END_TURN)
    b.apply(Move(1, P2_MID))
    assert not b._in_state(1, "unmoved")                # (it moved this turn: no target)
    assert b.ability_targets(0, 2) == []


def test_living_armour_comes_to_life_when_an_incorporeal_ally_enters_its_square():
    """40/191 Живой доспех: "когда ваше бестелесное существо перемещается на клетку, занятую Живым
    доспехом, воздействие ожить: стать существом с {move} 1 и {strike} 2-3-4 до конца вашего хода"."""
    armour = _printing("40/191")
    ghost = card("Ghost", incorporeal=1, move=2, life=5)
    b = start([armour, ghost], [card("Foe")], ({0: P1_MID, 1: P1_BACK}, {2: P2_BACK}))
    assert not b.creature[0]
    b.apply(Move(1, P1_MID))
    assert b.creature[0] and b.cards[0].strike == (2, 3, 4) and b.cards[0].move == 1
    b.apply(END_TURN)
    assert not b.creature[0]


def test_night_guest_spends_a_sluaghs_extra_life_for_a_jump():
    """40/152 Ночной гость: "в начале вашего хода вы можете снять 1 дополнительную {health} с вашего
    слуа; Ночной гость получает прыжок, дальность 4 до конца хода"."""
    guest = _printing("40/152")
    b = start([guest], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}), p1=Scripted(targets=(0,)))
    assert b.life[0] - b.wounds[0] == 7                 # (the First player: no extra life)
    b2 = start([card("Foe")], [guest], ({0: P1_BACK}, {1: P2_BACK}), p2=Scripted(targets=(1,)))
    assert b2.life[1] - b2.wounds[1] == 8              # {second}: 1 additional life
    b2.apply(END_TURN)
    assert b2.life[1] - b2.wounds[1] == 7
    b2.apply(Move(1, square(2, 2)))                    # a jump of 3 squares
    assert b2.pos[1] == square(2, 2)


def test_zunrak_contracts_pay_two_to_its_next_strike_when_two_die_in_its_turn():
    """40/215 Зунрак: "в начале хода противника воздействие три заказа: выберите до 3 его существ; …
    когда погибают двое получить +2 к следующему {strike}" (the other two payoffs are not played)."""
    zun = _printing("40/215")
    gun = 'status = "full"\nabilities = [ { kind = "shot", damage = [9], cost = "tap" } ]'
    foes = [card(f"F{i}", life=3, move=0) for i in range(3)]
    b = start([zun, card("Gun1", abilities=gun), card("Gun2", abilities=gun)], foes,
              ({0: P1_FRONT, 1: P1_BACK, 2: square(0, 1)}, {3: P2_FRONT, 4: square(3, 1), 5: square(5, 1)}),
              p1=Scripted(targets=(3, 4, 5)))
    b.apply(END_TURN)                                  # the opponent's turn starts: the contracts
    assert all(any(g.kind == "contract" for g, _ in b.grants[v]) for v in (3, 4, 5))
    b.apply(END_TURN)
    b.apply(UseAbility(1, 0, (3,)))
    assert b.counters[0] == 1
    b.apply(UseAbility(2, 0, (4,)))                    # the second contract dies: +2 to its next strike
    assert b.counters[0] == 0 and attack_bonus(b.cards[0], "simple", 0) == 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert attack_bonus(b.cards[0], "simple", 0) == 2  # (until its next strike)


def test_kanor_vein_gains_a_token_when_a_hero_of_its_squad_kills():
    """40/183 Канор-Вэйн (a terrain): "когда ваш герой уничтожает карту противника получить {token}" —
    not for a kill by another creature (its exile-and-summon action is not played)."""
    city = _printing("40/183")
    gun = 'status = "full"\nabilities = [ { kind = "shot", damage = [9], cost = "tap" } ]'
    hero = card("Hero", abilities=gun, classes=("Герой-воин",))
    plain = card("Plain", abilities=gun)
    b = start([city, hero, plain], [card("A", life=3, move=0), card("B", life=3, move=0)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK, 4: square(5, 1)}))
    b.apply(UseAbility(2, 0, (3,)))
    assert b.counters[0] == 0
    b.apply(UseAbility(1, 0, (4,)))
    assert b.counters[0] == 1


def test_river_maiden_may_take_the_square_an_enemy_leaves_in_her_turn():
    """40/121 Водяница: "когда существо противника перемещается в ваш ход Водяница может переместиться
    на клетку, которую оно занимало (1 раз за ход)" — an enemy pushed in her turn."""
    maiden = _printing("40/121")
    pusher = card("Pusher", abilities='status = "full"\nabilities = [ { kind = "push", damage = [1], '
                  'cost = "tap" } ]')
    b = start([maiden, pusher], [card("Foe", life=10, move=0)],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT}), p1=Mover(P2_FRONT))
    b.apply(UseAbility(1, 0, (2,)))
    assert b.pos[2] == P2_MID and b.pos[0] == P2_FRONT


def test_neibl_throws_or_gives_extra_life_and_both_at_the_edge():
    """40/82 Нейбл: "при {strike} метание сферы на 1, дальность 3, либо ваше существо получает 1
    дополнительную {health} (совершите оба, если Нейбл стоит у края поля боя)"."""
    neibl = _printing("40/82")
    b = start([neibl, card("Ally", life=5)], [card("Foe", life=20, move=0), card("Far", life=20, move=0)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_MID}), dice=[1, 1], p1=Option())
    b.apply(Strike(0, 2))
    assert b.life[0] + b.life[1] == 9 + 5 + 1 and b.wounds[3] == 0     # one of them (the extra life)
    b = start([neibl, card("Ally", life=5)], [card("Foe", life=20, move=0), card("Far", life=20, move=0)],
              ({0: square(2, 1), 1: P1_BACK}, {2: square(3, 0), 3: square(4, 1)}), dice=[1, 1],
              p1=Prefers(3))
    b.apply(Move(0, square(2, 0)))                     # onto the edge
    b.apply(Strike(0, 2))
    assert b.wounds[3] == 1                            # at the edge: the throw …
    assert b.life[0] + b.life[1] == 9 + 5 + 1          # … and the extra life


def test_skash_stays_open_or_strikes_another_card_and_both_when_flanked():
    """40/83 Скаш: "при {strike} не закрывается после этой атаки, либо особый удар на 1-2-2 вторым
    клинком по другой карте (совершите оба, если на клетках напротив и сзади Скаша есть карты
    противника)"."""
    skash = _printing("40/83")
    b = start([skash], [card("Foe", life=20, move=0), card("Other", life=20, move=0)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1, 1])
    b.apply(Strike(0, 1))
    assert b.open[0] and b.wounds[2] == 0              # (the first alternative: it stays open)
    b = start([skash], [card("Foe", life=20, move=0), card("Other", life=20, move=0)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[1, 1, 6], p1=Option())
    b.apply(Strike(0, 1))
    assert not b.open[0] and b.wounds[2] == 2          # (the second: a special strike at the other)
    b = start([skash], [card("Front", life=20, move=0), card("Back", life=20, move=0),
                        card("Other", life=20, move=0)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK, 3: square(4, 1)}), dice=[1, 1, 6], p1=Prefers(3))
    b.apply(Move(0, P2_MID))                           # a jump between two enemy cards: flanked
    b.apply(Strike(0, 2))
    assert b.open[0] and b.wounds[3] == 2              # both


def test_clever_troll_may_wound_itself_for_regeneration_and_discharges_it_at_death():
    """40/134 Смышлёный тролль: "{tap}: особый удар странной палкой на 2, при этом может раниться на 2;
    получить +1 к {regen} (максимум +2). При гибели разряд на Х, где Х его {regen}" — the choice is
    between two actions, with and without the wound."""
    troll = _printing("40/134")
    b = start([troll], [card("Foe", life=20, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}))
    assert b.regen[0] == 1
    b.apply(UseAbility(0, 1, (1,)))
    assert b.wounds[1] == 2 and b.wounds[0] == 2 and b.counters[0] == 1 and b.regen[0] == 2
    assert not b.can_accumulate(0)


def test_scorpion_adds_one_against_heroes_to_its_special_strikes_too():
    """40/195 Скорпион: "+1 к ударам по героям" — its simple strike and its special strikes (an
    ``attack_bonus`` with ``vs_classes`` reads the target)."""
    from analysis.battle.powers import hit

    scorpion = _printing("40/195")
    hero, plain = card("Hero", classes=("Герой-маг",), life=10), card("Plain", life=10)
    b = start([scorpion], [hero, plain], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_MID}))
    special = 3
    assert hit(b.key[0], special, b.key[1], 0, 1)[0] == 2
    assert hit(b.key[0], special, b.key[2], 0, 1)[0] == 1
    assert attack_bonus(b.cards[0], "special_strike", 0, b.cards[1]) == 1
    assert attack_bonus(b.cards[0], "special_strike", 0, b.cards[2]) == 0


def test_skeleton_mage_strikes_harder_when_an_enemy_dies_to_finishing_off():
    """40/153 Скелет-маг: "при гибели существа противника от добивания получить +1 к ударам до конца
    хода" — not for another death."""
    mage = _printing("40/153")
    finisher = card("Finisher", abilities='status = "full"\nabilities = [ { kind = "finishing", '
                    'damage = [3], cost = "tap" } ]')
    gun = card("Gun", abilities='status = "full"\nabilities = [ { kind = "shot", damage = [9], '
               'cost = "tap" } ]')
    b = start([mage, finisher, gun], [card("A", life=10, move=0), card("B", life=10, move=0)],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(0, 1)}, {3: P2_FRONT, 4: P2_BACK}))
    b.apply(UseAbility(2, 0, (4,)))                    # a shot kills B: nothing
    assert strike(b, 0) == (1, 2, 2)
    b.wounds[3] = 7
    b.apply(UseAbility(1, 0, (3,)))                    # finished off
    assert not b.alive[3] and strike(b, 0) == (2, 3, 3)
    assert attack_bonus(b.cards[0], "magic_strike", 0) == 1


def test_drummer_wounds_every_enemy_card_facing_one_of_its_creatures():
    """40/40 Барабанщик: "{tap}: воздействие дружный натиск ранить на 1 каждую карту противника,
    напротив которой стоит ваше существо"."""
    drum = _printing("40/40")
    b = start([drum, card("A"), card("B")], [card("X", life=5), card("Y", life=5), card("Z", life=5)],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT, 4: square(3, 1), 5: square(3, 3)}))
    assert b.ability_targets(0, 0) == [3, 4]
    b.apply(UseAbility(0, 0, (3,)))
    assert (b.wounds[3], b.wounds[4], b.wounds[5]) == (1, 1, 0)


def test_heart_of_the_forest_takes_a_dying_forest_allys_extra_life():
    """40/92 Сердце леса: "при гибели вашего лесного существа Сердце леса может получить Х дополнительных
    {health}, где Х число дополнительных {health} у погибшего (2 раза за бой)" — not a swamp one's."""
    heart = _printing("40/92")
    gun = card("Gun", abilities='status = "full"\nabilities = [ { kind = "shot", damage = [20], '
               'cost = "tap" } ]')
    elf, frog = card("Elf", life=5, elements=("forests",)), card("Frog", life=5, elements=("swamps",))
    b = start([heart, elf, frog], [gun], ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_BACK}))
    b.life[1], b.life[2] = 7, 7                        # two additional life each
    b.apply(END_TURN)
    b.apply(UseAbility(3, 0, (2,)))
    assert b.life[0] == 12
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(3, 0, (1,)))
    assert b.life[0] == 14


def test_nimert_may_block_a_strong_attack_at_minus_one_strike_for_the_battle():
    """40/205 Нимерт: "может блокировать любую атаку по себе, при этом получает -1 к {strike} до конца боя
    (5 раз за бой)" — the heuristic blocks only a strong attack; the penalties add up."""
    from analysis.battle.players import HeuristicPlayer

    nim = _printing("40/205")
    gun = 'status = "full"\nabilities = [ { kind = "throw", damage = [4], cost = "tap" } ]'
    pea = 'status = "full"\nabilities = [ { kind = "throw", damage = [1], cost = "tap" } ]'
    b = start([nim], [card("Gun", abilities=gun, strike=(1, 1, 1)),
                      card("Pea", abilities=pea, strike=(1, 1, 1))],
              ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}), p1=HeuristicPlayer())  # (throws: it has {zov})
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))
    assert b.wounds[0] == 1 and b.counters[0] == 0     # a weak shot: not blocked
    b.apply(UseAbility(1, 0, (0,)))
    assert b.wounds[0] == 1 and b.counters[0] == 1     # a strong one: blocked
    assert strike(b, 0) == (4, 5, 6)


def test_horror_of_iskhar_poisons_then_wounds_every_poisoned_creature_next_to_it():
    """40/144 Ужас Исхара: "при {strike} атакованный получает отравление на 1, затем ранить каждое
    стоящее рядом существо с отравлением на 1" (the struck one included, its own too)."""
    horror = _printing("40/144")
    b = start([horror, card("Mine", life=10)], [card("Foe", life=20, move=0), card("Other", life=20, move=0)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 3)}), dice=[1, 1])
    b.poison[1] = 1
    b.apply(Strike(0, 2))
    assert b.poison[2] == 1 and b.wounds[2] == 4 + 1   # its strike 4, then 1 as a poisoned neighbour
    assert b.wounds[1] == 1 and b.wounds[3] == 0


def test_fading_one_cannot_heal_and_its_death_spell_wounds_by_its_weak_strike():
    """40/178 Угасающий: "не может получать дополнительные {health} и быть излечен. В начале вашего хода
    может раниться на 2, при этом получить +1 к {strike}. При гибели заклинание рёв бездны ранить стоящую
    рядом карту на Х, где Х слабый {strike} Угасающего с учётом модификаторов"."""
    fading = _printing("40/178")
    healer = card("Healer", abilities='status = "full"\nabilities = [ { kind = "heal", damage = [3], '
                  'cost = "tap" }, { kind = "extra_life", damage = [2], cost = "tap" } ]')
    gun = card("Gun", abilities='status = "full"\nabilities = [ { kind = "shot", damage = [30], '
               'cost = "tap" } ]')
    b = start([fading, healer], [gun, card("Near", life=20, move=0)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK, 3: P2_FRONT}))
    assert b.wounds[0] == 2 and b.counters[0] == 1     # (the default player takes the trade)
    b.apply(UseAbility(1, 0, (0,)))
    assert b.wounds[0] == 2                            # no heal
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))                    # it dies: its weak strike 2 + 1
    assert not b.alive[0] and b.wounds[3] == 3


def test_tugard_guard_may_swap_with_its_formation_partner_the_sturdier_in_front():
    """40/12 Стражник Тугарда: "в начале хода может поменяться местами с существом, с которым стоит в
    строю" — the heuristic puts the one with more life left nearer the enemy."""
    from analysis.battle.players import HeuristicPlayer

    guard = _printing("40/12")
    weak = card("Weak", formation=1, life=3)
    b = start([guard, weak], [card("Foe", move=0)], ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT}),
              p1=HeuristicPlayer())
    assert b.pos[0] == P1_FRONT and b.pos[1] == P1_MID
    b = start([guard, weak], [card("Foe", move=0)], ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT}),
              p1=HeuristicPlayer())
    assert b.pos[0] == P1_FRONT and b.pos[1] == P1_MID


def test_aelen_may_swap_the_enemy_cards_left_and_right_after_a_jump():
    """40/100 Аэлен: "при прыжке, если справа и слева стоят наземные карты противника может поменять их
    местами"."""
    aelen = _printing("40/100")
    a, c = card("A", move=0, life=10), card("C", move=0, life=10)
    b = start([aelen], [a, c], ({0: P1_MID}, {1: square(3, 1), 2: square(3, 3)}))
    b.apply(Move(0, P2_FRONT))                         # a jump between them
    assert b.pos[1] == square(3, 3) and b.pos[2] == square(3, 1)


def test_scarlet_bowstring_swaps_two_adjacent_allies_and_shoots_on_every_swap():
    """40/85 Алая тетива: "Концентрация: поменять двух ваших стоящих рядом друг с другом существ
    местами. Когда карты на поле боя меняются местами выстрел на 1, дальность 5 (2 раза за ход)"."""
    from analysis.battle.players import HeuristicPlayer

    bow = _printing("40/85")
    x, y = card("X", life=10), card("Y", life=3)
    b = start([bow, x, y], [card("Foe", life=10, move=0)],
              ({0: P1_BACK, 1: square(1, 1), 2: P1_MID}, {3: P2_FRONT}))
    b.players = (Scripted(targets=(1, 2)), b.players[1])
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # concentration: the swap, then the shot
    assert b.pos[1] == P1_MID and b.pos[2] == square(1, 1)
    assert b.wounds[3] == 1
    assert HeuristicPlayer().choose_targets(b, 0, 0, [0, 1, 2], 2) in ((1, 2), (0, 2))


def test_water_elemental_may_block_a_walkers_close_attack_and_swap_with_it():
    """40/120 Элементаль воды: "может блокировать ближнюю атаку наземного существа по себе, при этом
    меняется местами с атакующим (воздействие перетекание, 1 раз за ход)"."""
    elemental = _printing("40/120")
    foe = card("Foe", life=10, strike=(4, 4, 4))
    b = start([elemental], [foe, card("Second", life=10, strike=(4, 4, 4))],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[6, 1, 6, 1])
    b.apply(END_TURN)
    b.apply(Strike(1, 0))
    assert b.wounds[0] == 0 and b.pos[0] == P2_FRONT and b.pos[1] == P1_FRONT
    b.apply(Strike(2, 0))                              # (once a turn)
    assert b.wounds[0] > 0


def test_tavern_brawler_after_a_miss_stays_open_and_may_swap_with_the_target_closing_it():
    """40/51 Трактирный забияка: "при промахе в нападении не закрывается; может поменяться местами с
    атакованным существом, при этом закрыть его"."""
    brawler = _printing("40/51")
    b = start([brawler], [card("Foe", life=20, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 6])
    b.apply(Strike(0, 1))                              # a 1 against a 6: a miss
    assert b.open[0] and b.pos[0] == P2_FRONT and b.pos[1] == P1_FRONT and not b.open[1]


def test_ogre_turak_after_a_miss_may_open_itself_and_a_clumsy_ally():
    """40/56 Огр Турак: "после промаха в нападении может открыться и открыть ваше существо с
    неповоротливостью (1 раз за ход)"."""
    ogre = _printing("40/56")
    clumsy = card("Clumsy", clumsiness=1)
    b = start([ogre, clumsy], [card("Foe", life=20, move=0)], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}),
              dice=[1, 6])
    b.open[1] = False
    b.apply(Strike(0, 2))
    assert b.open[0] and b.open[1]


def test_swamp_lights_swap_the_two_walkers_they_pass_through_in_a_row():
    """40/131 Болотные огоньки (incorporeal): "при перемещении через две клетки в одном ряду, занятые
    наземными существами поменять этих существ местами (1 раз за ход)"."""
    lights = _printing("40/131")
    a, c = card("A", life=10, move=0), card("C", life=10, move=0)
    b = start([lights], [a, c], ({0: square(2, 1)}, {1: square(3, 1), 2: P2_FRONT}))
    b.apply(Move(0, square(3, 1)))
    assert b.pos[1] == square(3, 1)
    b.apply(Move(0, P2_FRONT))
    assert b.pos[1] == P2_FRONT and b.pos[2] == square(3, 1) and b.pos[0] == P2_FRONT


def test_joker_finishing_off_may_wound_a_creature_of_the_same_element():
    """40/209 Джокер: "{tap}: добивание на 2, при этом может ранить на 2 существо той же стихии, что и
    уничтоженный" — not one of another element."""
    joker = _printing("40/209")
    p1 = Scripted()
    b = start([joker], [card("Prey", life=8, elements=("forests",)),
                        card("Kin", life=8, elements=("forests",)),
                        card("Other", life=8, elements=("swamps",))],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK, 3: square(5, 1)}), p1=p1)
    b.wounds[1] = 6
    b.apply(UseAbility(0, 1, (1,)))
    assert not b.alive[1] and b.wounds[2] == 2 and b.wounds[3] == 0
    assert p1.target_calls[-1][2] == [2]


def test_gworn_slugs_overhealing_poisons_an_adjacent_creature():
    """40/124 Слизни Гворна: "+Х к {regen}, где Х количество стоящих рядом карт противника (максимум +3).
    При избыточном лечении Слизней Гворна стоящее рядом существо получает отравление на 1 (1 раз за
    ход)" — regeneration 2 on 1 wound is an overheal."""
    slugs = _printing("40/124")
    b = start([slugs], [card("Foe", life=10, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}), p1=Prefers(1))
    b.wounds[0] = 1
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # its turn start: regeneration 2 heals its 1 wound
    assert b.wounds[0] == 0 and b.poison[1] == 1
    b = start([slugs], [card("Foe", life=10, move=0)], ({0: P1_FRONT}, {1: P2_FRONT}), p1=Prefers(1))
    b.wounds[0] = 3
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.wounds[0] == 1 and b.poison[1] == 0
