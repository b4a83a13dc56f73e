"""Set-30 («Семена раздора») printings completed in issue 19 with fixed dice and hand-built
positions, each against its text in berserk-nxt ``resources/data.json`` (commit 1d6ff4f2): the real
printings are loaded, so a test fails if their facts change."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, P2_MID, start
from tests.battle.test_set60_markers import Picks, _printing
from tests.battle_helpers import card


class Mover(Picks):
    """Moves a card it moves (``shift``) onto one square, if it may."""

    def relocate(self, battle, unit, why, squares):
        return self.sq if self.sq in squares else -1


def test_scarlet_dragon_puts_a_fire_wall_at_the_end_of_its_own_turn():
    """30/33 Алый дракон: "в конце вашего хода положите маркер стена огня на клетку поля боя (в начале
    хода противника ранить каждую карту на клетке … на 2)"."""
    dragon = _printing("30/33")
    b = start([dragon], [card("Foe", life=10, move=0), card("Other", move=0)],
              ({0: P1_BACK}, {1: P2_FRONT, 2: square(5, 1)}), p1=Picks(P2_FRONT))
    b.apply(END_TURN)                                  # its turn ends: the wall
    assert [m[0] for m in b.marks[P2_FRONT]] == ["fire_wall"]
    assert b.wounds[1] == 2                            # the opponent's turn starts: 2


def test_horned_one_strikes_only_the_card_opposite_at_the_enemy_turn_start():
    """30/86 Рогач: "в начале хода противника особый удар рогами на 2-3-4 по карте напротив" — not
    a card beside it."""
    horn = _printing("30/86")
    b = start([horn], [card("Opposite", life=10, move=0), card("Beside", life=10, move=0)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[6, 6, 6])
    b.apply(END_TURN)
    assert b.wounds[1] == 4 and b.wounds[2] == 0


def test_houngan_wounds_by_the_wounds_its_target_has():
    """30/128 Хунган: "{counter}{tap}: ранить выбранное существо на X, где X число ран на этом
    существе"; the heuristic player aims it at the most wounded enemy."""
    houngan = _printing("30/128")
    b = start([houngan], [card("A", life=12, move=0), card("B", life=12, move=0)],
              ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    b.counters[0] = 1
    b.wounds[1], b.wounds[2] = 3, 5
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 10 and b.counters[0] == 0
    b2 = start([houngan], [card("A", life=12, move=0), card("B", life=12, move=0)],
               ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    b2.counters[0] = 1
    b2.wounds[1], b2.wounds[2] = 3, 5
    HeuristicPlayer().play_turn(b2)
    assert b2.wounds[2] == 10 and b2.wounds[1] == 3


def test_tree_keeper_heals_by_the_weak_strike_of_the_healed_creature():
    """30/82 Хранитель древа: "{tap}: излечить существо на X, где X величина его слабого удара"."""
    keeper = _printing("30/82")
    brute = card("Brute", strike=(3, 4, 5), life=12)
    b = start([keeper, brute], [card("Foe", move=0)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    b.wounds[1] = 5
    b.apply(UseAbility(0, 1, (1,)))
    assert b.wounds[1] == 2


# ---------------------------------------------------------------- conditions on the squads in play


def _reduce_of(b, u, kind="close"):
    from analysis.cards.ability_rules import facts

    return sum(ab.damage[0] for ab in facts(b.cards[u]) if ab.kind == "reduce" and ab.cost == "passive"
               and not ab.when and not ab.per and kind in ab.applies_to)


def test_hunchback_has_defence_experience_only_with_a_city_in_its_squad():
    """30/138 Горбун: "{ovz} 1, пока в вашем отряде есть город" — a terrain of class Город."""
    hunch = _printing("30/138")
    city = card("City", type="terrain", classes=("Город",))
    with_city = start([hunch, city], [card("Foe")], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert with_city.cards[0].keyword("exp_defence") == 1
    plain = start([hunch, card("Field", type="terrain", classes=("Степь",))], [card("Foe")],
                  ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert plain.cards[0].keyword("exp_defence") == 0


def test_kikimora_reduces_close_attacks_by_the_river_maidens_and_moves_more_with_a_river():
    """30/112 Кикимора: "+1 к {move}, пока в вашем отряде есть река или болото. −X от ближних атак,
    где X число речных дев в вашем отряде" (itself included); 30/105 Озорница: "ваша местность
    считается рекой, пока Озорница в отряде"."""
    kiki = _printing("30/112")
    maiden = card("Maiden", classes=("Речная дева",))
    b = start([kiki, maiden, card("Hills", type="terrain", classes=("Горы",))], [card("Foe")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    assert _reduce_of(b, 0) == 2 and b.move_points[0] == 1
    mischief = _printing("30/105")
    b = start([kiki, mischief, card("Hills", type="terrain", classes=("Горы",))], [card("Foe")],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    assert _reduce_of(b, 0) == 2 and b.move_points[0] == 2   # (Озорница is a river maiden too)
    alone = start([kiki], [card("Foe")], ({0: P1_BACK}, {1: P2_BACK}))
    assert _reduce_of(alone, 0) == 1 and alone.move_points[0] == 1


def test_tribe_brute_has_attack_experience_while_its_strong_strike_is_the_greatest():
    """30/30 Громила племени (3-4-5): "{ova} 2, пока сильный удар … больше, чем у любого существа
    противника" — not against an enemy with a strong strike of 5."""
    brute = _printing("30/30")
    b = start([brute], [card("Weak", strike=(1, 2, 4))], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.cards[0].keyword("exp_attack") == 2
    b = start([brute], [card("Weak", strike=(1, 2, 4)), card("Equal", strike=(2, 3, 5))],
              ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    assert b.cards[0].keyword("exp_attack") == 0


def test_korh_has_attack_experience_while_more_of_its_creatures_are_closed():
    """30/10 Хищный корх: "{ova} 1, пока в вашем отряде больше закрытых существ, чем открытых"."""
    korh = _printing("30/10")
    b = start([korh, card("A"), card("B")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    assert b.cards[0].keyword("exp_attack") == 0
    b.open[1] = b.open[2] = False
    b._situate()
    assert b.cards[0].keyword("exp_attack") == 1


def test_novice_discharge_needs_three_cards_with_counters():
    """30/41 Послушник: "имеет {tap}: Разряд на 2, пока у трёх или более ваших карт есть {counter}"."""
    novice = _printing("30/41")
    b = start([novice, card("A"), card("B")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    assert b.ability_targets(0, 1) == []
    b.counters[0] = b.counters[1] = b.counters[2] = 1
    b._situate()
    assert b.ability_targets(0, 1) == [3]
    b.apply(UseAbility(0, 1, (3,)))
    assert b.wounds[3] == 2 and b.counters[0] == 1


def test_elements_in_play_set_the_champion_armor_and_the_hackers_directed_strike():
    """30/175 Поборник Ордена: "{armor} 2, пока в отряде противника есть карты трёх и более стихий";
    30/183 Рубака: "{direct}, пока в вашем отряде карты не более двух стихий"."""
    champ, hacker = _printing("30/175"), _printing("30/183")
    foes = [card("S", elements=("steppes",)), card("M", elements=("mountains",)),
            card("F", elements=("forests",))]
    b = start([champ, hacker], foes, ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1),
                                                                        4: square(5, 3)}))
    assert b.armor[0] == 2 and b.directed[1]
    assert not [e for c in (champ, hacker) for e in c.elements]  # (neutral: of no element)
    ours = [card(x, elements=(x,)) for x in ("darkness", "mountains", "steppes")]
    b = start([champ, hacker, *ours], foes[:2],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: square(1, 2), 4: square(1, 1)},
               {5: P2_BACK, 6: square(5, 1)}))
    assert b.armor[0] == 0 and not b.directed[1]       # (two enemy elements; three of its own)


def test_dwarf_sniper_shoots_harder_while_an_enemy_creature_has_one_life_left():
    """30/58 Гном-снайпер: "+1 к выстрелу, пока у противника есть существо с 1 текущей {health}"."""
    sniper = _printing("30/58")
    b = start([sniper], [card("A", life=10), card("B", life=10)],
              ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    assert b.ability_targets(0, 1) == []
    b.wounds[2] = 9
    b._situate()
    b.apply(UseAbility(0, 1, (1,)))
    assert b.wounds[1] == 2


def test_raksar_gains_its_bonus_only_with_an_enemy_creature_opposite_at_its_turn_start():
    """30/65 Раксар: "в начале вашего хода, если напротив стоит существо противника получает +2 к
    удару и {direct} до конца хода"."""
    raksar = _printing("30/65")
    b = start([raksar], [card("Foe", life=12)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b.open[1] = False
    assert b.directed[0]
    b.apply(Strike(0, 1))                              # weak 3 + 2
    assert b.wounds[1] == 5
    b = start([raksar], [card("Foe", life=12)], ({0: P1_FRONT}, {1: square(3, 1)}), dice=[1])
    b.open[1] = False
    assert not b.directed[0]
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3


def test_satyr_magic_strike_only_next_to_a_hero_of_its_squad():
    """30/80 Сатир: "имеет {tap}: Магический удар на 2-2-3, пока стоит рядом с вашим героем"."""
    satyr = _printing("30/80")
    hero = card("Hero", classes=("Герой-воин",))
    b = start([satyr, hero], [card("Foe", life=10)], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}))
    assert b.ability_targets(0, 1) == [2]
    b = start([satyr, card("Plain")], [card("Foe", life=10)], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}))
    assert b.ability_targets(0, 1) == []


# ---------------------------------------------------------------- closing, moving, killed, nth time


def test_blue_dragon_closes_an_enemy_creature_stepping_next_to_it_twice_a_turn():
    """30/66 Синий дракон: "когда существо противника перемещается на соседнюю с Синим драконом
    свободную клетку закрыть это существо (2 раза за ход)"."""
    from analysis.battle import Move

    dragon = _printing("30/66")
    walkers = [card(f"W{i}", move=2, life=10) for i in range(3)]
    b = start([dragon], walkers, ({0: P1_FRONT}, {1: square(4, 1), 2: square(4, 2), 3: square(4, 3)}))
    b.apply(END_TURN)
    b.apply(Move(1, square(3, 1)))
    b.apply(Move(2, square(3, 2)))
    b.apply(Move(3, square(3, 3)))
    assert not b.open[1] and not b.open[2] and b.open[3]     # (the third: its uses are spent)


def test_lotus_closes_an_open_creature_of_cost_five_or_less():
    """30/70 Цветок лотоса: "{counter}{tap}: воздействие дрёма закрыть выбранное существо стоимостью
    5 или менее" (an open one: closing a closed card does nothing)."""
    lotus = _printing("30/70")
    b = start([lotus, card("Mine")], [card("Cheap", cost=5), card("Dear", cost=6)],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1)}))
    b.counters[0] = 1
    assert b.ability_targets(0, 0) == [1, 2]           # (any creature: its own too)
    b.apply(UseAbility(0, 0, (2,)))
    assert not b.open[2] and b.open[3]


def test_mermaid_concentration_moves_an_enemy_creature_next_to_it():
    """30/125 Русалка: "Концентрация: переместить выбранное существо противника на соседнюю с ним
    клетку" — its player picks the square."""
    mermaid = _printing("30/125")
    b = start([mermaid], [card("Foe", move=0)], ({0: P1_BACK}, {1: P2_FRONT}),
              p1=Mover(square(3, 3)))
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # the opponent's turn ends: concentration
    assert b.pos[1] == square(3, 3) and b.board[P2_FRONT] == -1


def test_harpy_may_move_the_struck_card_but_not_an_incorporeal_one():
    """30/43 Гарпия: "при ударе по небестелесной карте противника на поле боя может переместить её
    на соседнюю клетку"; the heuristic moves an enemy next to more of its creatures."""
    harpy = _printing("30/43")
    b = start([harpy, card("Mine"), card("Mine2")], [card("Foe", life=10)],
              ({0: P1_BACK, 1: square(2, 1), 2: square(2, 3)}, {3: square(4, 2)}), dice=[1, 1],
              p1=HeuristicPlayer())
    b.open[3] = False
    from analysis.battle import Strike as StrikeAction

    b.apply(StrikeAction(0, 3))
    assert b.wounds[3] == 1
    assert b.pos[3] in (square(3, 2),)                 # next to both of its creatures
    ghost = card("Ghost", life=10, incorporeal=1)
    b = start([harpy], [ghost], ({0: P1_BACK}, {1: P2_BACK}), dice=[1, 1], p1=HeuristicPlayer())
    b.open[1] = False
    b.apply(StrikeAction(0, 1))
    assert b.pos[1] == P2_BACK


def test_elkhovik_killed_in_melee_weakens_its_killer_and_by_a_shot_heals_an_ally():
    """30/73 Ельховик: "при гибели от ближней атаки атаковавший получает −2 к удару. При гибели от
    дальней атаки полностью излечить ваше существо" — a melee death heals nobody, a shot weakens
    nobody."""
    from tests.battle.test_ability_kinds import facts
    from tests.battle.test_situational_and_effects import bonus

    elk = _printing("30/73")
    brute = card("Brute", strike=(4, 4, 4), life=12)
    b = start([brute], [elk, card("Hurt", life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 1)}),
              dice=[1, 1])
    b.wounds[1], b.wounds[2] = 8, 4
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[2] == 4 and bonus(b, 0) == (-2, -2, -2)
    shot = '{ kind = "shot", damage = [2], cost = "tap" }'
    archer = card("Archer", strike=(1, 1, 1), abilities=facts(shot))
    b = start([archer], [elk, card("Hurt", life=10)], ({0: P1_BACK}, {1: P2_FRONT, 2: square(5, 1)}))
    b.wounds[1], b.wounds[2] = 8, 4
    b.apply(UseAbility(0, 0, (1,)))
    assert not b.alive[1] and b.wounds[2] == 0 and bonus(b, 0) == (0, 0, 0)


def test_squire_gains_its_gifts_the_second_time_it_defends():
    """30/176 Сквайр: "когда выступает защитником второй раз за бой получает +1 к {move},
    благословление и +2 к {strike} до конца боя" — nothing the first time."""
    from tests.battle.test_ability_kinds import P2_MID
    from tests.battle.test_situational_and_effects import bonus
    from tests.battle_helpers import Scripted

    squire = _printing("30/176")
    attackers = [card("A1", strike=(1, 1, 1)), card("A2", strike=(1, 1, 1))]
    b = start(attackers, [card("Ward", life=20), squire],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: square(3, 1)}), dice=[1] * 8,
              p2=Scripted(defender=3))
    b.apply(Strike(0, 2))
    assert bonus(b, 3) == (0, 0, 0)
    b.open[3] = True
    b.apply(Strike(1, 2))
    assert bonus(b, 3) == (2, 2, 2) and b.move_points[3] == 2
    assert b._in_state(3, "blessed")
    del P2_MID


def test_livrakh_has_armor_equal_to_its_wounds_from_each_turn_start():
    """30/59 Ливрах: "в начале хода получает {armor} X, где X число ран на Ливрахе (максимум 5)" —
    read at the start of each turn, for that turn."""
    livrakh = _printing("30/59")
    b = start([card("Mine")], [livrakh], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.armor[1] == 0
    b.wounds[1] = 7
    b.apply(END_TURN)                                  # its turn starts: armor 5 (at most)
    assert b.armor[1] == 5
    b.wounds[1] = 2
    b.apply(END_TURN)                                  # the opponent's turn starts: armor 2
    assert b.armor[1] == 2


def test_champion_blesses_a_creature_of_its_squad_that_destroys_an_enemy_creature_once_a_turn():
    """30/175 Поборник Ордена: "когда ваше существо уничтожает существо противника оно может получить
    благословление (1 раз за ход)"."""
    champ = _printing("30/175")
    a, c = card("A", strike=(3, 3, 3)), card("C", strike=(3, 3, 3))
    b = start([champ, a, c], [card("F1", life=2), card("F2", life=2), card("F3", life=9)],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT, 4: square(3, 1), 5: square(5, 1)}),
              dice=[1, 1, 1, 1])
    b.open[3] = b.open[4] = False
    b.apply(Strike(1, 3))
    assert not b.alive[3] and b._in_state(1, "blessed")
    b.apply(Strike(2, 4))
    assert not b.alive[4] and not b._in_state(2, "blessed")   # (once a turn)


# ---------------------------------------------------------------- attack riders, scaled strikes, protections


def test_skeleton_archer_poisons_on_a_strong_shot_only():
    """30/147 Скелет-лучник: "при сильном выстреле атакованный получает отравление на 1" (its shooting
    experience 1 counts: a 5 is strong, a 4 medium)."""
    archer = _printing("30/147")
    for die, poisoned in ((5, 1), (4, 0)):
        b = start([archer], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
        b.apply(UseAbility(0, 1, (1,)))
        assert b.poison[1] == poisoned


def test_initiate_curses_on_a_medium_or_strong_discharge():
    """30/142 Посвящённая: "при среднем или сильном разряде атакованный получает проклятие"."""
    initiate = _printing("30/142")
    for die, cursed in ((4, True), (3, False)):
        b = start([initiate], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
        b.apply(UseAbility(0, 0, (1,)))
        assert b._in_state(1, "cursed") == cursed


def test_griffin_shot_passes_protection_from_shots():
    """30/84 Грифон: "игнорирует {zoal} и {zov}" — its shot wounds a card with protection from
    shots."""
    griffin = _printing("30/84")
    b = start([griffin], [card("Shielded", life=10, prot_shots=1)], ({0: P1_BACK}, {1: P2_FRONT}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 3


def test_groll_strikes_harder_by_the_free_squares_around_it():
    """30/28 Гролль (0-1-2): "+X к удару, где X число свободных клеток рядом с Гроллем"."""
    groll = _printing("30/28")
    b = start([groll], [card("Foe", life=20)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))                              # 7 of its 8 neighbours are free: 0 + 7
    assert b.wounds[1] == 7


def test_night_killer_blade_only_at_a_cursed_and_poisoned_creature():
    """30/174 Ночной убийца: "ранить на 5 стоящее рядом существо с проклятием и отравлением"."""
    killer = _printing("30/174")
    b = start([killer], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}))
    b.counters[0] = 1
    b.poison[1] = 1
    b.apply(UseAbility(0, 1, (1,)))
    assert b.wounds[1] == 0                            # poisoned, not cursed: nothing
    from tests.battle.test_ability_kinds import facts

    cursed = card("Cursed", life=10, abilities=facts('{ kind = "curse" }'))
    b = start([killer], [cursed], ({0: P1_FRONT}, {1: P2_FRONT}))
    b.counters[0] = 1
    b.poison[1] = 1
    b.apply(UseAbility(0, 1, (1,)))
    assert b.wounds[1] == 5


def test_templar_concentration_gives_strike_or_movement():
    """30/26 Храмовник: "Концентрация: получает +1 к удару или +1 к движению до конца вашего хода" —
    its player picks one of the two."""
    from tests.battle.test_situational_and_effects import bonus

    templar = _printing("30/26")
    b = start([templar], [card("Foe", life=10)], ({0: P1_BACK}, {1: P2_BACK}), p1=HeuristicPlayer())
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # concentration at the end of the enemy turn
    assert (bonus(b, 0) == (1, 1, 1)) != (b.move_points[0] == 2)


# ---------------------------------------------------------------- states of the target, prey and pounce


def test_executioner_finishes_off_at_four_on_its_own_half():
    """30/153 Палач: "{tap}: добивание на 2. +2 к добиванию существ, стоящих на вашей половине"."""
    execu = _printing("30/153")
    b = start([execu], [card("Foe", life=10)], ({0: P1_MID}, {1: P2_BACK}))
    b.pos[1], b.board[P2_BACK], b.board[P1_FRONT] = P1_FRONT, -1, 1   # (the foe stands on its half)
    b.occupied = (b.occupied & ~(1 << P2_BACK)) | (1 << P1_FRONT)
    b.wounds[1] = 6
    b.apply(UseAbility(0, 2, (1,)))
    assert not b.alive[1]
    b = start([execu], [card("Foe", life=10)], ({0: square(2, 2)}, {1: P2_FRONT}))
    b.wounds[1] = 6
    b.apply(UseAbility(0, 2, (1,)))
    assert b.alive[1]                                  # (on its own half: +0)


def test_warrior_of_faith_strikes_harder_at_an_element_its_squad_lacks():
    """30/192 Воин веры: "+1 к удару по существам, не принадлежащим к стихиям, которые есть в вашем
    отряде"."""
    warrior = _printing("30/192")
    for element, wounds in (("forests", 3), ("mountains", 2)):
        b = start([warrior, card("M", elements=("mountains",))], [card("Foe", life=10, elements=(element,))],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[1])
        b.open[2] = False
        b.apply(Strike(0, 2))
        assert b.wounds[2] == wounds


def test_blizzard_wounds_each_enemy_walker_without_two_allies_beside_it():
    """30/60 Метель: "в начале вашего хода воздействие вьюга ранить каждое нелетающее существо
    противника, рядом с которым нет хотя бы двух других его существ на 1"."""
    blizzard = _printing("30/60")
    foes = [card(f"F{i}", life=10) for i in range(4)]
    b = start([blizzard, card("Mine")], foes,
              ({0: P1_BACK, 1: square(0, 1)},
               {2: square(3, 0), 3: square(4, 1), 4: square(4, 2), 5: square(4, 3)}))
    assert [b.wounds[u] for u in (2, 3, 4, 5)] == [1, 0, 0, 1]   # (its first turn has just begun)


def test_statue_moves_an_enemy_standing_in_its_third_row():
    """30/107 Статуя скорби: "{tap}: воздействие плач переместить существо в 3 ряду противника на
    соседнюю с ним клетку"."""
    statue = _printing("30/107")
    b = start([statue, card("Mine")], [card("Back"), card("Front")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: P2_FRONT}))
    b.apply(UseAbility(0, 0, (3,)))                    # not in its third row: it stays
    assert b.pos[3] == P2_FRONT
    b = start([statue, card("Mine")], [card("Back"), card("Front")],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: P2_FRONT}), p1=Mover(P2_MID))
    b.apply(UseAbility(0, 0, (2,)))
    assert b.pos[2] == P2_MID


def test_lidana_strikes_its_chosen_enemy_harder_after_moving():
    """30/17 Лидана: "в начале вашего хода выбрать существо противника. При движении получает +1 к
    удару по этому существу до конца вашего хода"."""
    from analysis.battle import Move
    from tests.battle_helpers import Scripted

    lidana = _printing("30/17")
    b = start([lidana], [card("Chosen", life=10), card("Other", life=10)],
              ({0: P1_MID}, {1: P2_FRONT, 2: square(3, 3)}), dice=[1, 1], p1=Scripted(targets=(1,)))
    b.open[1] = b.open[2] = False
    b.apply(Move(0, P1_FRONT))
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 2                            # weak 1 + 1 (moved, the chosen one)
    b = start([lidana], [card("Chosen", life=10), card("Other", life=10)],
              ({0: P1_MID}, {1: P2_FRONT, 2: square(3, 3)}), dice=[1, 1], p1=Scripted(targets=(2,)))
    b.open[1] = False
    b.apply(Move(0, P1_FRONT))
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 1                            # not the chosen one


def test_snow_leopard_pounces_on_its_marked_prey_at_concentration():
    """30/50 Снежный барс: "в начале хода противника его выбранное нелетающее существо получает маркер
    кошки-мышки до конца хода. Концентрация: может объявить прыжок на свободную клетку рядом с
    существом с маркером …, при этом особый удар когтями на 2 по нему"."""
    from tests.battle_helpers import Scripted

    class Leaps(Scripted):
        def relocate(self, battle, unit, why, squares):
            return squares[0]

    leopard = _printing("30/50")
    b = start([leopard], [card("Prey", life=10, move=0), card("Other", life=10, move=0)],
              ({0: P1_BACK}, {1: P2_MID, 2: square(5, 1)}), p1=Leaps(targets=(1,)))
    b.apply(END_TURN)                                  # enemy turn start: the mark
    b.apply(END_TURN)                                  # its end: concentration
    assert b.wounds[1] == 2 and b.wounds[2] == 0
    from analysis.battle.board import NEAR

    assert NEAR[b.pos[0]][b.pos[1]]


def test_moebu_strikes_when_a_defender_takes_an_attack_off_its_squad():
    """30/79 Мёбу: "при перенаправлении атаки с вашего существа (в том числе при назначении защитника)
    может объявить особый удар хвостом на 1 (2 раза за ход)" — at a card next to it."""
    from tests.battle_helpers import Scripted

    moebu = _printing("30/79")
    attacker = card("Att", strike=(1, 1, 1), life=10)
    b = start([attacker], [card("Ward", life=10), card("Guard", strike=(0, 0, 0), life=10), moebu],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3), 3: square(3, 1)}), dice=[1] * 6,
              p2=Scripted(defender=2))
    b.apply(Strike(0, 1))
    assert b.wounds[0] == 1 and b.wounds[2] == 1       # the tail strike on the attacker next to it


def test_defiler_forces_a_defender_when_one_may_be_appointed():
    """30/141 Осквернитель: "если от удара Осквернителя можно назначить защитника, противник обязан
    это сделать" — a player declining gets its defender appointed all the same."""
    from tests.battle_helpers import Scripted

    defiler = _printing("30/141")
    b = start([defiler], [card("Ward", life=10), card("Guard", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 3)}), dice=[1, 1], p2=Scripted(defender=-1))
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 0 and b.wounds[2] >= 1
