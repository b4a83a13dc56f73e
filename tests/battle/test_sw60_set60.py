"""Set 60 «Призрачный легион», wave-3 sweep (SW60): the generic pieces added for its printings, each
with fixed dice against the card text it implements (berserk-nxt ``resources/data.json`` at commit
6f3af261)."""

from __future__ import annotations

from dataclasses import replace

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.ability_rules import protected, strike_passives
from tests.battle.test_ability_kinds import facts, start
from tests.battle.test_set30_printings import Mover
from tests.battle.test_set60_markers import Picks, _printing
from tests.battle_helpers import Scripted, card

B2, C2, B5, C5, D5 = square(1, 1), square(1, 2), square(4, 1), square(4, 2), square(4, 3)


# 60/191 Проныра: "Может нападать {strike} на летающих как на стоящие рядом карты, пока стоит рядом
# с постройкой или боевой машиной" — ``when = "class_adjacent"`` with ``classes``.
SNEAK = facts('{ kind = "far_strike", vs_types = ["flyer"], when = "class_adjacent", '
              'classes = ["Постройка", "Боевая машина"] }')


def test_sneak_strikes_flyers_only_next_to_a_building_or_war_machine():
    bird = card("Bird", type="flyer", move=0, life=12)
    tower = card("Tower", type="artifact", strike=None, move=0, life=6, classes=("Постройка",))
    relic = card("Relic", type="artifact", strike=None, move=0, life=6)
    b = start([card("Sneak", abilities=SNEAK), tower], [bird, card("Foe")], ({0: B2, 1: C2}, {2: C5, 3: B5}))
    assert 2 in b.targets(0)
    plain = start([card("Sneak", abilities=SNEAK), relic], [bird, card("Foe")],
                  ({0: B2, 1: C2}, {2: C5, 3: B5}))
    assert 2 not in plain.targets(0)                 # an artifact of no such class does not count
    machine = card("Cart", strike=(2, 2, 2), classes=("Боевая машина",))
    enemy_side = start([card("Sneak", abilities=SNEAK)], [bird, machine],
                       ({0: square(2, 1)}, {1: C5, 2: square(3, 1)}))
    assert 1 in enemy_side.targets(0)                # a war machine creature of either side counts


def test_archdemon_teleports_next_to_the_enemy_at_concentration():
    """60/169 Архидемон: "Концентрация: телепортация" — at the end of the opponent's turn, unwounded,
    it teleports to the free square next to the most enemy creatures."""
    demon = _printing("60/169")
    b = start([demon], [card("Foe", move=0), card("Foe2", move=0)],
              ({0: square(0, 2)}, {1: square(4, 1), 2: square(4, 3)}))
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # the opponent's turn ends: concentration
    assert b.pos[0] in (square(3, 2), square(4, 2), square(5, 2))


def test_coquette_moves_its_host_at_concentration():
    """60/133 Кокетка: "Концентрация: может переместить хозяина на соседнюю с ним клетку" — a
    ``shift`` with ``area = "host"``; its player picks the square (or leaves it)."""
    coquette = _printing("60/133")
    b = start([coquette, card("Mine")], [card("Host", move=0)],
              ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2)}), p1=Mover(square(4, 2)))
    assert b.host[0] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.pos[2] == square(4, 2) and b.host[0] == 2


def test_little_dragon_calls_a_flying_ally_to_fight_its_attacker():
    """60/134 Дракончик: "Когда получает раны от атаки карты противника — ваше летающее существо может
    сразиться {strike} с атаковавшим как с открытым (1 раз за ход)" — a ``fight`` of an ally with
    ``foes = ["source"]``: the flyer reaches the attacker wherever it stands."""
    for mother, hit in ((card("Mother", type="flyer", move=0, strike=(3, 3, 3), life=10), True),
                        (card("Walker", strike=(3, 3, 3), life=10), False)):
        b = start([card("Brute", strike=(2, 2, 2), life=12)], [_printing("60/134"), mother],
                  ({0: square(2, 2)}, {1: square(3, 2), 2: square(3, 1)}), dice=[6, 6, 1, 6, 1],
                  p1=Scripted([[("strike", 0, 1)]]))
        b.open[1] = False                            # (closed: it does not strike back itself)
        b.players[0].play_turn(b)
        assert b.wounds[1] > 0
        assert (b.wounds[0] > 0) == hit


def test_archaal_blight_raises_its_own_poisoning_and_passes_it_on():
    """60/114 Хворь Архааля: "В начале вашего хода — может получить отравление на 1 или +1 к отравлению
    (максимум до 3). При {strike} — атакованный получает отравление на Х, где Х — величина отравления
    Хвори" — ``poison`` with ``per = "target_poison"``, ``plus = 1``, ``per_max = 3`` on itself and
    ``per = "own_poison"`` on the struck card; the heuristic poisons itself (it has the payoff)."""
    b = start([_printing("60/114")], [card("Foe", life=12)], ({0: square(2, 2)}, {1: square(3, 2)}),
              dice=[6, 1] * 4)
    for _turn in range(4):
        b.apply(END_TURN)
        b.apply(END_TURN)
        b.wounds[0] = 0                                  # (its own poisoning's wounds aside)
    assert b.poison[0] == 3                              # 1, 2, 3, then stays at 3
    h = start([_printing("60/114")], [card("Foe", life=12)], ({0: square(2, 2)}, {1: square(3, 2)}),
              p1=HeuristicPlayer())
    assert h.players[0].choose_targets(h, 0, 0, [0], 1) == (0,)      # healthy: it poisons itself
    h.wounds[0] = 5
    assert h.players[0].choose_targets(h, 0, 0, [0], 1) == ()        # 2 life left: it does not
    s = start([_printing("60/114")], [card("Foe", life=12)], ({0: square(2, 2)}, {1: square(3, 2)}),
              dice=[6, 1], p1=Scripted([[("strike", 0, 1)]]))
    s.poison = [2, 0]
    s.players[0].play_turn(s)
    assert s.poison[1] == 2                              # its own poisoning, passed on


def test_yarkhat_raises_an_enemy_poisoning_when_a_regenerating_ally_dies_and_gives_regeneration():
    """60/130 Ярхат: "При гибели вашего существа с {regen} существо противника с отравлением получает
    +1 к отравлению (максимум до 3). {tap}: Заклинание — ваше наземное существо получает {regen}1,
    существо противника получает отравление на 1"."""
    b = start([_printing("60/130"), card("Troll", life=3, regeneration=1)], [card("Foe", life=12)],
              ({0: square(0, 2), 1: square(1, 2)}, {2: square(3, 2)}), p1=Scripted(targets=[1]))
    b.apply(UseAbility(0, 1, (2,)))
    assert b.poison[2] == 1 and b.cards[1].has("regeneration")
    b.wounds[1] = 3
    b._settle([1])
    assert not b.alive[1] and b.poison[2] == 2


def test_high_druid_gives_extra_life_to_the_defender_that_took_the_attack():
    """60/82 Верховный друид: "Когда ваше существо перенаправляет атаку (в том числе выступая
    защитником) — оно получает 1 дополнительную {health}" — trigger ``squad_redirects`` is about the
    card that redirected the attack (``area = "about"``)."""
    b = start([card("Brute", strike=(2, 2, 2), life=12)],
              [card("Target", life=8), card("Guard", life=8), _printing("60/82")],
              ({0: square(2, 2)}, {1: square(3, 2), 2: square(3, 1), 3: square(3, 3)}),
              dice=[1, 1], p1=Scripted([[("strike", 0, 1)]]), p2=Scripted(defender=2))
    b.players[0].play_turn(b)
    assert b.life[2] == 9 and b.life[1] == 8             # the defender gained it, not the target


def test_zhagna_is_destroyed_at_concentration_only_on_the_enemy_half():
    """60/152 Жагна: "Концентрация: уничтожается, если стоит на половине поля боя противника" — a
    ``destroy`` of itself with ``vs_state = "intruding"``; then its death puts rot on its square."""
    for sq, dies in ((square(3, 2), True), (square(2, 2), False)):
        b = start([_printing("60/152")], [card("Foe", move=0)], ({0: square(1, 2)}, {1: square(5, 2)}))
        b.apply(Move(0, sq))                             # (a jump)
        b.apply(END_TURN)
        b.apply(END_TURN)
        assert b.alive[0] != dies
        assert bool(b.marks[sq]) == dies


def test_malachite_dragon_may_take_flight_with_a_second_ground_copy():
    """60/110 Малахитовый дракон: "В начале боя, если в вашем отряде два и более нелетающих Малахитовых
    дракона — может получить полет" — ``become`` into flyer, ``when = "namesakes"``, ``count = 2``."""
    one = start([_printing("60/110"), card("Mine")], [card("Foe")],
                ({0: square(0, 1), 1: square(0, 2)}, {2: square(3, 2)}))
    assert one.pos[0] >= 0                                # one copy: it stays on the ground
    two = start([_printing("60/110"), _printing("60/110")], [card("Foe")],
                ({0: square(0, 1), 1: square(0, 2)}, {2: square(3, 2)}))
    assert two.pos[0] < 0 and two.pos[1] < 0              # both took flight (the auxiliary zone)


def test_talaina_moves_an_adjacent_creature_whose_attack_missed():
    """60/119 Талайна: "При промахе в нападении {strike} стоящего рядом существа — может переместить
    это существо на соседнюю с ним клетку (1 раз за ход)" — trigger ``adjacent_misses``, a ``shift``."""
    for dice, moved in (([1, 6], True), ([6, 1], False)):
        b = start([card("Brute", strike=(2, 2, 2), life=12)], [card("Target", life=12), _printing("60/119")],
                  ({0: square(2, 2)}, {1: square(3, 2), 2: square(3, 1)}), dice=dice,
                  p1=Scripted([[("strike", 0, 1)]]), p2=Mover(square(2, 3)))
        b.players[0].play_turn(b)
        assert (b.pos[0] == square(2, 3)) == moved


def test_jester_throw_gives_unhealing_wounds_until_the_end_of_the_targets_turn():
    """60/97 Королевский паяц: "При метании — подлость 1; атакованный получает «незаживающие раны» до
    конца своего хода" — ``no_heal`` (given, ``lasts = "own_turn"``): no regeneration, no heal, no
    extra life, until the end of the target's next turn."""
    b = start([_printing("60/97")], [card("Troll", life=10, regeneration=2)],
              ({0: square(1, 2)}, {1: square(3, 2)}), dice=[6])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2
    b.apply(END_TURN)                                    # its turn starts: no regeneration
    assert b.wounds[1] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)                                    # its next turn: it regenerates again
    assert b.wounds[1] == 0


def test_babr_gains_extra_life_when_another_ally_does():
    """60/102 Бабр: "Когда ваше другое существо получает дополнительные {health} — получить 1
    дополнительную {health}" — trigger ``ally_gets_extra_life``."""
    giver = card("Giver", abilities=facts('{ kind = "extra_life", damage = [2], cost = "tap", '
                                          'target = "ally" }'))
    b = start([_printing("60/102"), giver], [card("Foe")],
              ({0: square(1, 2), 1: square(1, 1)}, {2: square(3, 2)}))
    life = b.life[0]
    b.apply(UseAbility(1, 0, (1,)))
    assert b.life[1] == 10 and b.life[0] == life + 1


def test_marksman_shoots_one_harder_at_its_maximum_range():
    """60/78 Меткий стрелок: "+1 к выстрелу по картам на поле боя, выполненному с максимальной
    дальностью" — ``attack_bonus`` with ``vs_position = "max_range"`` (its shot has range 4)."""
    for foe_sq, wounds in ((square(4, 2), 2), (square(3, 2), 1)):
        b = start([_printing("60/78")], [card("Foe", life=10)], ({0: square(0, 2)}, {1: foe_sq}), dice=[6])
        b.apply(UseAbility(0, 0, (1,)))
        assert b.wounds[1] == wounds


def test_ash_dragon_weakens_every_ranged_attack_at_its_maximum_range():
    """60/184 Пепельный дракон: "Дальние атаки (кроме {uchr}) по картам на поле боя, наносимые с
    максимальной дальностью, имеют -1 к величине" — an ``attack_bonus`` aura of −1 at ``max_range``
    held by the cards of both sides."""
    gun = card("Gun", abilities=facts('{ kind = "shot", damage = [2], range = 3, cost = "tap" }'))
    for gun_sq, wounds in ((square(0, 2), 1), (square(1, 2), 2)):
        b = start([gun], [card("Foe", life=10), _printing("60/184")],
                  ({0: gun_sq}, {1: square(3, 2), 2: square(5, 1)}))
        b.apply(UseAbility(0, 0, (1,)))
        assert b.wounds[1] == wounds                     # 3 squares away: its maximum range, −1


def test_vorrox_drags_a_cheap_struck_card_along_a_line_by_the_strikes_value():
    """60/63 Воррокс: "При {strike} по карте стоимостью 4 или менее — переместить ее на Х или менее
    клеток по вертикали или горизонтали, где Х — величина этого {strike}" — ``relocate`` with ``per =
    "strike_value"`` and ``onto = "line"``."""
    for cost, moved in ((4, True), (5, False)):
        b = start([_printing("60/63")], [card("Foe", life=12, cost=cost)],
                  ({0: square(1, 2)}, {1: square(3, 2)}), dice=[6, 1], p1=Mover(square(3, 4)))
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert (b.pos[1] == square(3, 4)) == moved
    b = start([_printing("60/63")], [card("Foe", life=12)], ({0: square(1, 2)}, {1: square(3, 2)}),
              dice=[6, 1], p1=Mover(square(4, 3)))
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.pos[1] == square(3, 2)                      # a diagonal square is not in its line


def test_lightning_elementals_wound_every_card_between_them_at_their_turn_end():
    """60/61 Элементаль молний: "в конце вашего хода — выберите другого Элементаля молний, который стоит
    в одном ряду или столбце с этим; ранить все стоящие между ними карты на 1 (заклинание)" — area
    ``kin_between`` with ``every``: each of the pair fires, so a card between them takes 2."""
    b = start([_printing("60/61"), _printing("60/61"), card("Mine", life=10)],
              [card("Foe", life=10), card("Aside", life=10)],
              ({0: square(0, 2), 1: square(2, 2), 2: square(1, 2)}, {3: square(3, 2), 4: square(3, 3)}))
    b.apply(END_TURN)
    assert b.wounds[2] == 2 and b.wounds[3] == 0 and b.wounds[4] == 0


def test_kersam_castle_counts_your_vampirism_and_spends_three_counters_on_a_vampire():
    """60/149 Замок Керсам: "При вампиризме вашего существа — получить {counter}. Максимум 3 {counter}.
    3{counter}{tap}: ваше существо с вампиризмом получает +1 к {move} до конца хода либо 2 дополнительные
    {health}" — trigger ``squad_vampirism`` (the terrain hears it from the auxiliary zone)."""
    vamp = card("Vamp", strike=(2, 2, 2), life=10,
                abilities=facts('{ kind = "vampirism" }'))
    b = start([vamp, _printing("60/149")], [card("Foe", life=10)],
              ({0: square(2, 2), 1: square(0, 1)}, {2: square(3, 2)}), dice=[6] * 8)
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.counters[1] == 1
    b.counters = [0, 3, 0]
    life = b.life[0]                                     # (12: its vampirism's extra life)
    assert b.ability_targets(1, 2) == [0]
    b.apply(UseAbility(1, 2, (0,)))
    assert b.life[0] == life + 2 and b.counters[1] == 0


def test_hungry_rat_passes_dirty_trick_wounds_on_to_its_host():
    """60/76 Голодный крыс (a parasite): "Когда получает раны от подлости — может перераспределить их на
    хозяина (1 раз за ход)" — ``move_wounds`` with ``self_too``, ``per = "trick_wounds"``, ``area =
    "host"``; the dirty trick of 60/80 Пороховой крыс next to the host sets it off."""
    b = start([_printing("60/76"), _printing("60/80")], [card("Host", life=12)],
              ({0: square(1, 1), 1: square(2, 2)}, {2: square(3, 2)}), dice=[6])
    assert b.host[0] == 2
    b.players[0].dirty_trick = lambda battle, u, x, cands: 0 if 0 in cands else -1
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert b.wounds[0] == 0 and b.wounds[2] == 3 + 2     # its strong strike 3, then the trick's 2 moved over


def test_living_cocoon_moves_all_its_wounds_onto_its_host():
    """60/112 Живой кокон: "{tap}: Воздействие «стазис» — перераспределить все раны с себя на хозяина" —
    an action with ``area = "host"``, ``self_too`` and ``per = "own_wounds"``."""
    b = start([_printing("60/112"), card("Mine")], [card("Host", life=12)],
              ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2)}))
    b.wounds = [3, 0, 0]
    b._situate()                                         # (the engine's update after an action)
    assert b.ability_targets(0, 1) == [2]
    b.apply(UseAbility(0, 1, (2,)))
    assert b.wounds[0] == 0 and b.wounds[2] == 3


def test_overseer_bik_answers_a_dirty_trick_only_on_its_trickster():
    """60/94 Надзиратель Бик: "Когда получает раны от вашего стоящего рядом существа — подлость 2
    (только по этому существу)" — a ``dirty_trick`` on ``dirty_tricked`` with ``area = "about"``: the
    trigger is about the trickster, and only it may be wounded (not another creature next to Бик)."""
    b = start([_printing("60/94"), _printing("60/89"), card("Other", life=10)], [card("Foe", life=20)],
              ({0: square(1, 2), 1: square(2, 2), 2: square(1, 1)}, {3: square(3, 2)}), dice=[6])
    offered = []

    def trick(battle, u, x, cands):
        offered.append((u, sorted(cands)))
        return 0 if u == 1 else cands[0]
    b.players[0].dirty_trick = trick
    b.open[3] = False
    b.apply(Strike(1, 3))
    assert offered == [(1, [0, 2]), (0, [1])]            # Бик's trick is offered only its trickster
    assert b.wounds[0] == 2 and b.wounds[1] == 2 and b.wounds[2] == 0


def test_desert_thorn_becomes_a_parasite_and_wounds_its_host_as_it_moves():
    """60/1 Пустынная колючка (an artifact): "Концентрация: стать паразитом с {strike} 1-1-1 наземному
    существу противника, дальность 3 (1 раз за бой). Имеет «При перемещении хозяина — ранить его на 1»,
    пока паразит" — kind ``attach`` with ``damage``, trigger ``host_moves``."""
    b = start([_printing("60/1"), card("Mine")], [card("Foe", life=10, move=2), card("Far", life=10)],
              ({0: square(1, 2), 1: square(1, 1)}, {2: square(3, 2), 3: square(5, 3)}))
    b.apply(END_TURN)
    b.apply(END_TURN)                                    # concentration: onto the foe within 3
    assert b.host[0] == 2 and b.rider[2] == 0 and b.board[square(1, 2)] == -1
    assert b.creature[0] and b.cards[0].strike == (1, 1, 1)
    b.apply(END_TURN)
    b.apply(Move(2, square(3, 3)))                       # the host steps: 1 wound
    assert b.wounds[2] == 1 and b.pos[0] == square(3, 3)


def test_shaya_rides_an_enemy_as_its_parasite_and_curses_it():
    """60/150 Шайя (a companion): "Концентрация: может стать паразитом выбранному существу противника, при
    этом оно получает проклятие" — ``attach`` then ``give_curse``; its old host keeps no rider."""
    b = start([_printing("60/150"), card("Mine")], [card("Foe", life=10)],
              ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2)}))
    assert b.host[0] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.host[0] == 2 and b.rider[1] == -1 and b.kind[0] == 3   # a parasite now
    assert b._in_state(2, "cursed")


def test_coquette_becomes_the_parasite_of_the_creature_whose_strike_killed_its_host():
    """60/133 Кокетка: "Если должна погибнуть в результате гибели хозяина от {strike} — вместо этого может
    стать паразитом атаковавшего существа" — ``rides_killer``; a host dying otherwise takes it along."""
    b = start([_printing("60/133"), card("Killer", strike=(5, 5, 5), life=10)], [card("Host", life=3)],
              ({0: square(1, 1), 1: square(2, 2)}, {2: square(3, 2)}), dice=[6])
    assert b.host[0] == 2
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert not b.alive[2] and b.alive[0] and b.host[0] == 1 and b.kind[0] == 3
    s = start([_printing("60/133"), card("Mine")], [card("Host", life=3)],
              ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2)}))
    s.wounds[2] = 3
    s._settle([2])
    assert not s.alive[0]                                # (not by a strike: it dies with its host)


def test_er_marib_wounds_a_chosen_row_and_column_and_again_on_a_kill_at_the_crossing():
    """60/34 Эр-Мариб: "{tap}: Заклинание — ранить каждую вскрытую карту в выбранном ряду на 1, ранить
    каждую вскрытую карту в выбранном столбце на 1, если уничтожил карту на пересечении — ранить каждую
    вскрытую карту в этом ряду и столбце на 1" — ``area = "cross"``; the heuristic picks the square."""
    foes = [card("Cross", life=2), card("Row", life=10), card("Col", life=10), card("Off", life=10)]
    b = start([_printing("60/34"), card("Mine", life=10)], foes,
              ({0: square(0, 2), 1: square(1, 1)}, {2: square(3, 2), 3: square(3, 1), 4: square(4, 2),
                                                    5: square(4, 3)}), p1=Picks(square(3, 2)))
    b.apply(UseAbility(0, 0, (0,)))
    assert not b.alive[2]                                # twice on the crossing: dead
    assert b.wounds[3] == 2 and b.wounds[4] == 2 and b.wounds[5] == 0
    assert b.wounds[0] == 0                              # its own column: its protection from magic
    h = start([_printing("60/34"), card("Mine", life=10)], foes,
              ({0: square(0, 2), 1: square(1, 1)}, {2: square(3, 2), 3: square(3, 1), 4: square(4, 2),
                                                    5: square(4, 3)}), p1=HeuristicPlayer())
    assert h.players[0].choose_square(h, 0, "cross", list(range(30))) in (square(3, 2), square(4, 2))


def test_holy_grove_blocks_an_enemy_attack_of_value_one_from_the_auxiliary_zone():
    """60/75 Святолесье (a terrain): "{instant}{tap}: Заблокировать атаку величиной 1" — a sudden
    ``block_attack`` [1]: an enemy shot of value 1 on its squad is blocked and the terrain closes; one of
    value 2 is not answered."""
    for value, blocked in ((1, True), (2, False)):
        shot = f'{{ kind = "shot", damage = [{value}], range = 5, cost = "tap" }}'
        gun = card("Gun", abilities=facts(shot))
        b = start([gun], [card("Mine", life=10), _printing("60/75")],
                  ({0: square(0, 2)}, {1: square(3, 2), 2: square(5, 1)}))
        b.apply(UseAbility(0, 0, (1,)))
        assert (b.wounds[1] == 0) == blocked and b.open[2] != blocked


def test_void_mage_destroys_an_artifact_and_wounds_every_card_around_it():
    """60/12 Маг пустоты: "3{counter}{tap}: Уничтожить выбранный артефакт; ранить на 2 каждую стоящую
    рядом с ним карту" — ``destroy`` then an ``effect`` with ``area = "near_target"`` and ``every`` (the
    cards next to where the artifact stood)."""
    relic = card("Relic", type="artifact", strike=None, move=0, life=9)
    b = start([_printing("60/12")], [relic, card("Near", life=10), card("Far", life=10)],
              ({0: square(0, 2)}, {1: square(3, 2), 2: square(3, 1), 3: square(5, 3)}))
    b.counters = [3, 0, 0, 0]
    b.apply(UseAbility(0, 2, (1,)))
    assert not b.alive[1] and b.wounds[2] == 2 and b.wounds[3] == 0 and b.counters[0] == 0


def test_ice_giant_carrion_heals_at_most_the_eaten_cards_cost():
    """60/58 Ледовый гигант: "Трупоедство. При трупоедстве может излечиться не более чем на Х, где Х —
    стоимость уничтоженного" — ``carrion_eating`` with ``per = "target_cost"``."""
    b = start([_printing("60/58")], [card("Snack", life=2, cost=3)], ({0: square(2, 2)}, {1: square(3, 2)}),
              dice=[6])
    b.wounds = [7, 0]
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[0] == 4


def test_kimulis_throws_when_a_poisoned_creature_is_cursed_or_a_cursed_one_poisoned():
    """60/127 Кимулис: "Когда существо с отравлением получает проклятие или наоборот — метание на 1,
    дальность 4 (2 раза за ход). {tap}: существо получает проклятие или отравление на 1" — trigger
    ``poison_curse``: its own curse on a poisoned enemy sets its throw off."""
    b = start([_printing("60/127")], [card("Foe", life=10)], ({0: square(0, 2)}, {1: square(3, 2)}), dice=[6])
    b.poison = [0, 1]
    b.apply(UseAbility(0, 1, (1,)))                      # a curse on the poisoned foe: the throw
    assert b._in_state(1, "cursed") and b.wounds[1] == 1
    c = start([_printing("60/127")], [card("Foe", life=10)], ({0: square(0, 2)}, {1: square(3, 2)}), dice=[6])
    c.apply(UseAbility(0, 2, (1,)))                      # poisoning an uncursed foe: nothing more
    assert c.poison[1] == 1 and c.wounds[1] == 0


def test_unuk_heals_when_a_creature_dies_of_poisoning_only():
    """60/142 Унук: "При гибели существа от отравления — излечиться на 2" — ``creature_dies`` with ``from
    = ["poison"]`` (the turn-start poisoning's deaths carry that cause); a death by a strike does not."""
    b = start([_printing("60/142")], [card("Sick", life=10), card("Other", life=10)],
              ({0: square(0, 2)}, {1: square(3, 2), 2: square(3, 1)}))
    b.wounds = [5, 9, 0]
    b.poison = [0, 1, 0]
    b.apply(END_TURN)                                    # the Sick's turn: poisoning kills it
    assert not b.alive[1] and b.wounds[0] == 3
    b.wounds = [5, 0, 10]
    b._settle([2], 0, None, "simple")
    assert not b.alive[2] and b.wounds[0] == 5


def test_higart_answers_the_death_of_a_hero_by_its_class():
    """60/218 Хигарт Несокрушимый: "Когда ваш герой покидает зону битвы, если это … герой-маг — разряд на
    1-2-2, … герой-жрец — излечить существо на 2" — ``ally_dies`` facts with ``classes``."""
    mage = card("Mage", life=3, classes=("Герой-маг",))
    b = start([_printing("60/218"), mage], [card("Foe", life=10)],
              ({0: square(1, 2), 1: square(2, 2)}, {2: square(3, 2)}), dice=[6], p1=Scripted(targets=[2]))
    b.wounds = [0, 3, 0]
    b._settle([1], 2, None, "simple")
    assert not b.alive[1] and b.wounds[2] == 2            # a strong discharge
    priest = card("Priest", life=3, classes=("Герой-жрец",))
    h = start([_printing("60/218"), priest, card("Hurt", life=10)], [card("Foe", life=10)],
              ({0: square(1, 2), 1: square(2, 2), 2: square(1, 1)}, {3: square(3, 2)}),
              p1=Scripted(targets=[2]))
    h.wounds = [0, 3, 4, 0]
    h._settle([1], 3, None, "simple")
    assert h.wounds[2] == 2


def test_yoro_may_move_onto_an_adjacent_enemy_creature_at_its_turn_start():
    """60/187 Йоро (a parasite): "В начале вашего хода — может переместиться на стоящее рядом существо
    противника" — ``attach`` on ``turn_start`` within range 1 of its host's square."""
    b = start([_printing("60/187"), card("Mine")], [card("Host", life=10), card("Next", life=10)],
              ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2), 3: square(3, 3)}))
    first = b.host[0]                                    # (its first turn start may have moved it)
    b.apply(END_TURN)
    b.apply(END_TURN)                                    # its next turn starts: onto the other one
    assert {first, b.host[0]} == {2, 3} and b.rider[first] == -1 and b.kind[0] == 3


def test_voronga_strike_takes_a_counter_and_is_directed_at_cards_with_counters():
    """60/116 Воронга: "{direct} по картам с {counter} … При {strike} атакованный теряет {counter}" —
    ``directed`` with ``vs_state = "has_counters"``, ``lose_counters`` [1] on ``strike``."""
    b = start([_printing("60/116")], [card("Foe", life=10)], ({0: square(0, 2)}, {1: square(3, 2)}),
              dice=[6])
    b.counters = [0, 2]
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.counters[1] == 1 and b.wounds[1] > 0


def test_flickering_ghost_wounds_by_its_straight_steps_as_it_enters_an_enemys_square():
    """60/163 Мерцающий призрак: "При движении на клетку, занятую существом противника — ранить его на Х,
    где Х — количество передвижений в этом направлении в этот ход (максимум на 2)" — ``per =
    "heading_steps"`` on ``enters_creature``; "-1 от атак {elite} карт" — ``reduce`` with ``vs_rank``."""
    b = start([_printing("60/163")], [card("Foe", life=10)], ({0: square(1, 2)}, {1: square(3, 2)}))
    b.apply(Move(0, square(2, 2)))
    b.apply(Move(0, square(3, 2)))                       # its 2nd step forward, onto the foe: 2
    assert b.wounds[1] == 2
    c = start([_printing("60/163")], [card("Foe", life=10)], ({0: square(2, 1)}, {1: square(3, 2)}))
    c.apply(Move(0, square(2, 2)))
    c.apply(Move(0, square(3, 2)))                       # one step right, then one forward: 1
    assert c.wounds[1] == 1
    gold = replace(card("Gold", strike=(3, 3, 3), life=10), elite=True)
    d = start([gold], [_printing("60/163")], ({0: square(2, 2)}, {1: square(3, 2)}), dice=[6])
    d.open[1] = False
    d.apply(Strike(0, 1))
    assert d.wounds[1] == 2


def test_alfin_hunt_marker_makes_a_flyers_next_attack_wound_two_more_once():
    """60/42 Альфин (a flyer): "При {strike} — атакованная карта получает маркер охоты (когда она получает
    раны от атаки летающего существа — ранить её на 2 и удалить маркер)" — the grant ``hunted`` [2]:
    Альфин's own strike sets it, the next flyer attack that wounds the card adds 2 and spends it."""
    b = start([_printing("60/42")], [card("Prey", life=20)], ({0: square(1, 2)}, {1: square(3, 2)}),
              dice=[6, 6, 6, 6])
    b.open[1] = False
    b.apply(Strike(0, 1))                                # 2 wounds; the marker
    assert b.wounds[1] == 2 and b._has(1, "hunted") is not None
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.open[1] = False
    b.apply(Strike(0, 1))                                # 2 more, then the marker's 2, then it is gone
    assert b.wounds[1] == 6


def test_amber_dragon_reads_the_attacks_its_squad_made_this_turn():
    """60/219 Янтарный дракон: "Имеет +2 к {strike}, если в этом ходу ваши карты совершили {strike},
    магический и особый удар" — ``when = "squad_did"`` with ``needs``; the record starts again each turn."""
    mage = card("Mage", abilities=facts('{ kind = "magic_strike", damage = [1], cost = "tap" }'))
    brawler = card("Brawler", abilities=facts('{ kind = "special_strike", damage = [1], cost = "tap" }'))
    b = start([_printing("60/219"), mage, brawler, card("Hitter")],
              [card("F1", life=20), card("F2", life=20), card("F3", life=20)],
              ({0: square(0, 2), 1: square(2, 1), 2: square(2, 2), 3: square(2, 3)},
               {4: square(3, 1), 5: square(3, 2), 6: square(3, 3)}), dice=[6] * 10)
    assert strike_passives(b.cards[0]).bonus == (0, 0, 0)
    b.apply(UseAbility(1, 0, (4,)))
    b.apply(UseAbility(2, 0, (5,)))
    b.apply(Strike(3, 6))
    assert strike_passives(b.cards[0]).bonus == (2, 2, 2)
    b.apply(END_TURN)
    assert strike_passives(b.cards[0]).bonus == (0, 0, 0)


def test_boar_strikes_one_harder_for_each_diagonal_step_this_turn():
    """60/81 Вепрь Святолесья: "Может двигаться по диагонали, пока не имеет ран. … При перемещении по
    диагонали — получить +1 к {strike} до конца хода (максимум +3)" — ``strike_bonus`` with ``per =
    "diagonal_steps"`` (its diagonal steps this turn), ``per_max = 3``."""
    b = start([_printing("60/81")], [card("Foe", life=10)], ({0: square(1, 1)}, {1: square(5, 2)}))
    b.apply(Move(0, square(2, 2)))                       # diagonal
    assert strike_passives(b.cards[0]).bonus == (1, 1, 1)
    b.apply(Move(0, square(2, 3)))                       # sideways: no more
    assert strike_passives(b.cards[0]).bonus == (1, 1, 1)
    b.apply(END_TURN)
    assert strike_passives(b.cards[0]).bonus == (0, 0, 0)


def test_dwarf_healer_also_heals_a_creature_in_formation_with_the_healed_one():
    """60/59 Гном-целитель: "{tap}: Излечить стоящее рядом существо на 2; излечить существо в строю с ним
    на 1" — a ``then`` heal with ``area = "target_formation"``."""
    b = start([_printing("60/59"), card("Hurt", life=10, formation=1), card("Partner", life=10, formation=1)],
              [card("Foe")], ({0: square(1, 1), 1: square(1, 2), 2: square(1, 3)}, {3: square(3, 2)}))
    b.wounds = [0, 3, 3, 0]
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 1 and b.wounds[2] == 2


def test_zeltrad_gains_a_counter_when_your_spirit_steps_to_an_adjacent_square():
    """60/113 Зелтрад утонувший (a terrain): "Когда ваш дух двигается на соседнюю с собой клетку не по
    диагонали — получить {counter}" — trigger ``squad_steps`` with ``classes``."""
    spirit = card("Spirit", move=2, classes=("Дух",))
    b = start([spirit, card("Other", move=2), _printing("60/113")], [card("Foe")],
              ({0: square(1, 1), 1: square(1, 3), 2: square(0, 2)}, {3: square(5, 2)}))
    b.apply(Move(0, square(2, 1)))
    b.apply(Move(1, square(2, 3)))
    assert b.counters[2] == 1


def test_ophidia_strikes_harder_while_a_mountain_card_of_yours_holds_two_counters():
    """60/46 Офидия: "+1 к удару пока в вашем отряде есть горная карта с двумя или более {counter}" —
    ``when = "squad_charged"`` with ``needs = ["mountains"]`` and ``count = 2``."""
    b = start([_printing("60/46"), card("Mage", elements=("mountains",))], [card("Foe")],
              ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2)}))
    assert strike_passives(b.cards[0]).bonus == (0, 0, 0)
    b.counters = [0, 2, 0]
    b._situate()
    assert strike_passives(b.cards[0]).bonus == (1, 1, 1)


def test_scrap_golem_becomes_an_artifact_after_a_shot_a_throw_and_a_discharge_in_one_enemy_turn():
    """60/211 Голем со свалки: "В конце хода противника, если в этот ход получил раны от выстрела, от
    метания и от разряда — стать артефактом" — ``become`` on ``enemy_turn_end`` with ``when = "took_all"``."""
    def unit(name, kind):
        return card(name, abilities=facts(f'{{ kind = "{kind}", damage = [1], range = 5, cost = "tap" }}'))
    for kinds, turns in ((("shot", "throw", "discharge"), True), (("shot", "throw", "shot"), False)):
        b = start([unit("A", kinds[0]), unit("B", kinds[1]), unit("C", kinds[2])],
                  [_printing("60/211"), card("Foe")],
                  ({0: square(0, 1), 1: square(0, 2), 2: square(0, 3)}, {3: square(3, 2), 4: square(3, 1)}))
        for u in (0, 1, 2):
            b.apply(UseAbility(u, 0, (3,)))
        b.apply(END_TURN)
        assert (b.kind[3] == 4) == turns


def test_shishiga_pulls_the_killer_of_your_creature_onto_the_freed_square():
    """60/122 Шишига: "При гибели вашего существа от ближней атаки существа противника — может
    переместить атаковавшего на клетку, которую занимал погибший (1 раз за ход)" — ``relocate`` on
    ``ally_dies`` with ``from = ["close"]``, ``area = "source"`` (the killer) and ``onto = "died_at"``."""
    b = start([card("Brute", strike=(5, 5, 5), life=12)], [card("Victim", life=2), _printing("60/122")],
              ({0: square(2, 2)}, {1: square(3, 2), 2: square(4, 1)}), dice=[6], p2=Mover(square(3, 2)))
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.pos[0] == square(3, 2)


def test_nalaya_wounds_the_cheapest_adjacent_enemy_when_it_jumps_among_two():
    """60/104 Налайа: "При прыжке, если рядом стоят две или более карты противника — ранить на 1 выбранную
    карту наименьшей стоимости" — ``when = "beset"``, ``vs_state = "cheapest"``."""
    b = start([_printing("60/104")], [card("Cheap", cost=2, life=9), card("Dear", cost=6, life=9)],
              ({0: square(0, 2)}, {1: square(3, 1), 2: square(3, 3)}))
    b.apply(Move(0, square(2, 2)))                       # a jump onto the square next to both
    assert b.wounds[1] == 1 and b.wounds[2] == 0
    c = start([_printing("60/104")], [card("Cheap", cost=2, life=9), card("Dear", cost=6, life=9)],
              ({0: square(0, 1)}, {1: square(3, 1), 2: square(4, 3)}))
    c.apply(Move(0, square(2, 1)))                       # next to one only: nothing
    assert c.wounds[1] == 0


def test_lake_serpent_may_push_a_moving_enemy_one_more_square_instead_of_wounding_it():
    """60/141 Озёрный змей: "При перемещении существа противника в ваш ход — может переместить его на
    одну клетку в направлении перемещения или ранить его на 2 (1 раз за ход)" — an ``effect`` 2 with the
    ``or`` alternative ``relocate`` ``onto = "onward"``; its player picks."""
    class Onward(Mover):
        def choose_option(self, battle, unit, options, targets):
            return options[-1]
    pusher = card("Pusher", abilities=facts('{ kind = "push", cost = "tap", range = 1 }'))
    b = start([pusher, _printing("60/141")], [card("Foe", life=10)],
              ({0: square(2, 2), 1: square(1, 1)}, {2: square(3, 2)}), p1=Onward(square(5, 2)))
    b.apply(UseAbility(0, 0, (2,)))                      # pushed onto (4, 2), then on to (5, 2)
    assert b.pos[2] == square(5, 2) and b.wounds[2] == 0


def test_mist_maiden_moves_the_enemy_whose_square_it_enters_on_along_its_move():
    """60/138 Туманница: "При движении на клетку, занятую существом противника — может переместить его
    на клетку в направлении движения Туманницы (1 раз за ход)" — ``relocate`` ``onto = "onward"`` on
    ``enters_creature``."""
    b = start([_printing("60/138")], [card("Foe", life=10, move=0)], ({0: square(2, 2)}, {1: square(3, 2)}),
              p1=Mover(square(4, 2)))
    b.apply(Move(0, square(3, 2)))
    assert b.pos[1] == square(4, 2)


def test_vampire_arrow_wounds_the_shot_creature_each_time_it_moves_in_its_turn():
    """60/160 Снайпер Керсам: "При выстреле — атакованное существо до конца своего хода получает маркер
    «стрела-вампир» (когда оно двигается — ранить его на 1 …)" — the grant ``step_wounds`` [1]."""
    b = start([_printing("60/160")], [card("Foe", life=10, move=2)], ({0: square(0, 2)}, {1: square(3, 2)}),
              dice=[1])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 1
    b.apply(END_TURN)
    b.apply(Move(1, square(3, 3)))
    b.apply(Move(1, square(3, 4)))
    assert b.wounds[1] == 3                              # 1 a step
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(Move(1, square(4, 4)))                       # its next turn: the marker is gone
    assert b.wounds[1] == 3


def test_flandir_moves_a_wounded_elf_away_from_its_attacker_and_heals_it():
    """60/91 Фландир: "Когда ваш эльф получает раны от немагической атаки карты противника — может
    переместить его на соседнюю с ним клетку не рядом с атаковавшим, при этом излечить этого эльфа на 1
    (2 раза за ход)" — ``relocate`` (``area = "about"``, ``onto = "away_source"``), then a heal."""
    for pick, moved in ((square(4, 2), True), (square(3, 3), False)):
        elf = card("Elf", life=10, classes=("Эльф",))
        b = start([card("Brute", strike=(3, 3, 3), life=12)], [elf, _printing("60/91")],
                  ({0: square(2, 2)}, {1: square(3, 2), 2: square(5, 3)}), dice=[6], p2=Mover(pick))
        b.open[1] = False
        b.apply(Strike(0, 1))
        if moved:                                        # onto a square not next to the brute, healed 1
            assert b.pos[1] == square(4, 2) and b.wounds[1] == 2
        else:                                            # a square next to it is not offered: no heal
            assert b.pos[1] == square(3, 2) and b.wounds[1] == 3


def test_swaps_the_card_with_the_creature_opposite_or_two_chosen_allies():
    """``swap``: 60/111 Рогаль ({second}: "в начале боя — может поменяться местами со стоящим напротив
    существом") and 60/103 Морлас ("Концентрация: может поменять местами двух ваших наземных эльфов")."""
    b = start([card("Foe")], [_printing("60/111"), card("Other")],
              ({0: square(2, 2)}, {1: square(3, 2), 2: square(3, 1)}))
    assert b.pos[1] == square(2, 2) and b.pos[0] == square(3, 2)
    elf1, elf2 = card("Elf1", classes=("Эльф",)), card("Elf2", classes=("Эльф",))
    m = start([_printing("60/103"), elf1, elf2], [card("Foe", move=0)],
              ({0: square(0, 2), 1: square(1, 1), 2: square(2, 3)}, {3: square(5, 2)}),
              p1=Scripted(targets=[1, 2]))
    m.apply(END_TURN)
    m.apply(END_TURN)                                    # concentration: the two elves change squares
    assert m.pos[1] == square(2, 3) and m.pos[2] == square(1, 1)


def test_legionary_dash_drags_its_formation_partner_the_same_way():
    """60/10 Легионер: "Рывок. … При рывке — может переместить существо, с которым стоял в строю, в том
    же направлении" — ``relocate`` with ``area = "former_formation"`` and ``onto = "onward"``."""
    class Dasher(Scripted):
        def relocate(self, battle, unit, why, squares):
            return square(2, 3) if why == "dash" else (squares[0] if squares else -1)
    b = start([_printing("60/10"), card("Pal", formation=1)], [card("Foe", life=20)],
              ({0: square(2, 2), 1: square(1, 2)}, {2: square(3, 2)}), dice=[1, 6], p1=Dasher())
    b.apply(Strike(0, 2))                                # it attacks, then dashes right
    assert b.pos[0] == square(2, 3) and b.pos[1] == square(1, 3)


def test_archaal_mouths_are_incorporeal_by_their_text():
    """60/143 Уста Архааля: "Бестеленый: -1 от {strike}…" — the card list lacks the incorporeal icon;
    a standing ``keyword = "incorporeal"`` fact makes it an incorporeal creature (it may step onto an
    enemy's square and share it)."""
    b = start([_printing("60/143")], [card("Foe")], ({0: square(2, 2)}, {1: square(3, 2)}))
    assert b.ghost[0] and square(3, 2) in b.steps(0)


def test_jackal_eats_carrion_only_when_it_attacks_next_to_at_most_one_enemy():
    """60/2 Шакал: "При нападении {strike}, если рядом стоит не более одного существа противника —
    получить трупоедство до конца хода" — a ``carrion_eating`` grant on ``declares`` with ``when =
    "lone_foe"``: it heals completely on the kill; beside two enemies it does not."""
    for others, healed in (([], True), ([card("Second", life=20)], False)):
        b = start([_printing("60/2")], [card("Prey", life=2), *others],
                  ({0: square(2, 2)}, {1: square(3, 2), **({2: square(3, 3)} if others else {})}), dice=[6])
        b.wounds[0] = 4
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert not b.alive[1] and (b.wounds[0] == 0) == healed


def test_orcapult_may_throw_an_adjacent_ally_next_to_its_target():
    """60/13 Оркопульта: "{tap}: Метание на 2, дальность 4, при этом может переместить стоящее рядом ваше
    существо стоимостью 5 или менее на клетку рядом с атакованным" — a ``then`` ``relocate`` with ``onto =
    "near_target"``."""
    b = start([_printing("60/13"), card("Orc", cost=4)], [card("Foe", life=10)],
              ({0: square(1, 2), 1: square(1, 1)}, {2: square(4, 2)}), dice=[6], p1=Mover(square(3, 2)))
    b.apply(UseAbility(0, 1, (2,)))
    assert b.wounds[2] == 2 and b.pos[1] == square(3, 2)


def test_rat_carriage_drags_the_creature_it_tricked_beside_itself():
    """60/109 Крысиная карета: "При движении — подлость 1; переместить существо, получившее раны от этой
    подлости, на клетку рядом с собой" — a ``then`` ``relocate`` with ``onto = "near"``."""
    class Tricky(Mover):
        def dirty_trick(self, battle, unit, x, candidates):
            return candidates[0]
    b = start([_printing("60/109"), card("Rat", life=10)], [card("Foe")],
              ({0: square(1, 2), 1: square(1, 1)}, {2: square(5, 2)}), p1=Tricky(square(2, 1)))
    b.apply(Move(0, square(2, 2)))
    assert b.wounds[1] == 1 and b.pos[1] == square(2, 1)


def test_powder_rat_plants_a_bomb_that_wounds_around_its_target_at_its_death():
    """60/80 Пороховой крыс: "При {strike} — … атакованный получает «при гибели — ранить каждую стоящую
    рядом карту на 1»" — the grant ``death_blast`` [1]."""
    b = start([_printing("60/80")], [card("Target", life=4), card("Beside", life=10)],
              ({0: square(2, 2)}, {1: square(3, 2), 2: square(3, 3)}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.alive[1] and b._has(1, "death_blast") is not None
    b.wounds[1] = 4
    b._settle([1])
    assert not b.alive[1] and b.wounds[2] == 1 and b.wounds[0] == 0   # (the rat: its fortitude)


def test_blood_priestess_gives_an_orc_teleportation_until_the_end_of_the_enemy_turn():
    """60/9 Жрица крови: "{counter}{tap}: ваш орк до конца хода противника получает … телепортацию" — a
    ``teleportation`` grant."""
    orc = card("Orc", move=1, classes=("Орк",))
    b = start([_printing("60/9"), orc], [card("Foe")],
              ({0: square(0, 2), 1: square(1, 1)}, {2: square(5, 2)}))
    b.counters = [1, 0, 0]
    b.apply(UseAbility(0, 3, (1,)))
    assert square(4, 4) in b.steps(1)


def test_taster_takes_an_allys_poisoning_on_itself_once_and_never_an_enemys():
    """60/77 Дегустатор: "Когда стоящее рядом существо должно получить отравление на Х — вместо этого оно
    может получить {zoo}, а Дегустатор — отравление на Х (1 раз за бой)" — ``takes_poison``; the heuristic
    takes it for its own creature only."""
    poisoner = card("Poisoner", abilities=facts('{ kind = "poison", damage = [2], cost = "tap" }'))
    b = start([poisoner, card("Foe")], [_printing("60/77"), card("Friend", life=10)],
              ({0: square(1, 2), 1: square(2, 1)}, {2: square(3, 2), 3: square(3, 3)}), p2=HeuristicPlayer())
    b.apply(UseAbility(0, 0, (3,)))
    assert b.poison[3] == 0 and b.poison[2] == 2
    assert protected(b.cards[3], "poison")              # its protection from poison, for the battle


def test_spirit_vampire_drains_incorporeal_creatures_and_gives_it_to_flanking_slua():
    """60/172 Духовный вампир: "Вампиризм Духовного вампира и ваших слуа, стоящих справа и слева от него,
    срабатывает на их {strike} по бестелесным" — ``drains_ghosts``, standing and an aura (``sides``)."""
    ghost = card("Ghost", life=10, incorporeal=1)
    b = start([_printing("60/172")], [ghost], ({0: square(2, 2)}, {1: square(3, 2)}), dice=[6])
    b.wounds[0] = 3
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.wounds[1] > 0 and b.wounds[0] < 3               # healed by draining a ghost
    slua = card("Slua", strike=(2, 2, 2), life=10, classes=("Слуа",),
                abilities=facts('{ kind = "vampirism" }'))
    s = start([_printing("60/172"), slua], [ghost], ({0: square(2, 2), 1: square(2, 3)}, {2: square(3, 3)}),
              dice=[6])
    s.wounds[1] = 2
    s.open[2] = False
    s.apply(Strike(1, 2))
    assert s.wounds[1] == 0


def test_sea_wolf_shoots_at_the_end_of_a_turn_it_wounded_three_enemy_cards():
    """60/203 Морской волк: "В конце хода, если нанес раны трем или более картам противника в этот ход —
    выстрел на 2, дальность 3" — ``when = "hurt_many"`` with ``count = 3`` on the turn end."""
    wolf = _printing("60/203")
    b = start([wolf], [card("A", life=20), card("B", life=20), card("C", life=20)],
              ({0: square(1, 2)}, {1: square(3, 1), 2: square(3, 2), 3: square(3, 3)}), dice=[6] * 6)
    b.hurt_set = [(1 << 1) | (1 << 2) | (1 << 3), 0, 0, 0]
    b._situate()
    before = sum(b.wounds)
    b.apply(END_TURN)
    assert sum(b.wounds) == before + 2
    c = start([wolf], [card("A", life=20), card("B", life=20), card("C", life=20)],
              ({0: square(1, 2)}, {1: square(3, 1), 2: square(3, 2), 3: square(3, 3)}), dice=[6] * 6)
    c.hurt_set = [(1 << 1) | (1 << 2), 0, 0, 0]
    c._situate()
    c.apply(END_TURN)
    assert sum(c.wounds) == 0


def test_the_enemy_cards_a_card_wounded_are_recorded_for_the_turn():
    """``hurt_set`` (``when = "hurt_many"``): a simple strike's wounds are recorded, and a new turn starts
    the record again."""
    b = start([_printing("60/203")], [card("A", life=20)], ({0: square(2, 2)}, {1: square(3, 2)}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.hurt_set[0] == 1 << 1
    b.apply(END_TURN)
    assert b.hurt_set[0] == 0


def test_ambush_master_throws_when_an_enemy_creature_reveals_it():
    """60/208 Мастер засад: "{second}: Когда существо противника вскрывает Мастера засад — метание на 2,
    дальность 5, атакованный получает отравление на 1" — trigger ``revealed`` (a hidden card, 000 3.11.1,
    revealed by an enemy's strike or ability)."""
    shot = facts('{ kind = "shot", damage = [1], range = 5, cost = "tap" }')
    b = start([card("Archer", life=10, abilities=shot)], [_printing("60/208"), card("Front")],
              ({0: square(1, 2)}, {1: square(5, 2), 2: square(3, 2)}), dice=[1, 6],
              p2=Scripted(hide=[1], targets=[0]))
    assert b.hidden[1]
    b.apply(UseAbility(0, 0, (1,)))
    assert not b.hidden[1] and b.wounds[0] == 2 and b.poison[0] == 1


def test_lagomorph_strikes_cards_next_to_its_formation_partner_as_adjacent():
    """60/189 Лагоморф: "может нападать {strike} на карты, стоящие рядом с существом в строю с Лагоморфом,
    как на стоящие рядом" — ``far_strike`` with ``vs_position = "partner_near"``."""
    b = start([_printing("60/189"), card("Pal", formation=1)], [card("Foe", life=10)],
              ({0: square(1, 1), 1: square(2, 1)}, {2: square(3, 2)}), dice=[6, 1])
    assert 2 in b.targets(0)
    b.apply(Strike(0, 2))
    assert b.wounds[2] > 0
    alone = start([_printing("60/189"), card("Pal")], [card("Foe", life=10)],
                  ({0: square(1, 1), 1: square(2, 1)}, {2: square(3, 2)}))
    assert 2 not in alone.targets(0)                     # (no formation: no reach)


def test_bloodthirsty_take_an_extra_life_of_another_slua_to_make_their_strike_unanswerable():
    """60/161 Алчущие крови: "При нападении {strike} — может снять с другого вашего слуа 1 дополнительную
    {health}, при этом этот {strike} становится безответным" — on ``declares`` a ``wound`` 1 of an ally slua
    with additional life (``may``; the heuristic pays while it has some), then ``unanswerable`` until the
    next attack."""
    slua = card("Slua", life=8, classes=("Слуа",))
    b = start([_printing("60/161"), slua], [card("Foe", strike=(5, 5, 5), life=20)],
              ({0: square(2, 2), 1: square(1, 1)}, {2: square(3, 2)}), dice=[1, 6], p1=HeuristicPlayer())
    b.life = [b.life[0], 9, b.life[2]]                  # (the slua has 1 additional life)
    b.apply(Strike(0, 2))
    assert b.life[1] - b.wounds[1] == 8                  # its additional life paid
    assert b.wounds[0] == 0                              # unanswerable: no blow back


def test_faizer_teleports_after_a_weak_strike_of_another_ally_in_its_turn():
    """60/176 Файзер: "При слабом {strike} другого вашего существа в ваш ход — может телепортироваться
    (2 раза за ход)" — ``squad_strike`` with ``tiers = ["weak"]`` and ``when_state = "other"``."""
    for die, moved in ((1, True), (6, False)):
        b = start([_printing("60/176"), card("Ally", strike=(1, 2, 3))], [card("Foe", life=20), card("Far")],
                  ({0: square(0, 1), 1: square(2, 2)}, {2: square(3, 2), 3: square(5, 3)}), dice=[die, 1, 1])
        b.open[2] = False
        b.apply(Strike(1, 2))
        assert (b.pos[0] != square(0, 1)) == moved


def test_living_cocoon_defends_better_on_a_forest_host():
    """60/112 Живой кокон: "+1 к {ovz}, пока хозяин лесной" — ``when = "host_of"`` with ``needs``
    (its printed {ovz} 1 becomes 2)."""
    for element, ovz in (("forests", 2), ("swamps", 1)):
        b = start([_printing("60/112"), card("Mine")], [card("Host", life=10, elements=(element,))],
                  ({0: square(1, 1), 1: square(1, 2)}, {2: square(3, 2)}))
        assert b.cards[0].keyword("exp_defence") == ovz


def test_overseer_bik_gains_the_weak_strike_of_the_ally_that_tricked_it():
    """60/94 Надзиратель Бик: "… получить до конца хода +Х к {strike}, где Х — слабый {strike} этого
    существа (1 раз за ход)" — a ``strike_bonus`` grant with ``per = "about_weak"``."""
    b = start([_printing("60/94"), _printing("60/89")], [card("Foe", life=20)],
              ({0: square(1, 2), 1: square(2, 2)}, {2: square(3, 2)}), dice=[6])
    b.players[0].dirty_trick = lambda battle, u, x, cands: 0 if u == 1 else -1
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert strike_passives(b.cards[0]).bonus == (2, 2, 2)    # Придворный палач: weak strike 2
    b.apply(END_TURN)
    assert strike_passives(b.cards[0]).bonus == (0, 0, 0)


def test_mor_tauron_is_protected_from_spells_next_to_a_poisoned_creature():
    """60/147 Мор-Таурон: "{zoz}, пока стоит рядом с существом с отравлением" — a ``protection`` with
    ``when = "near_poisoned"`` (either side's creature)."""
    b = start([_printing("60/147")], [card("Foe", life=10)], ({0: square(2, 2)}, {1: square(3, 2)}))
    assert not protected(b.cards[0], "spell")
    b.poison = [0, 1]
    b._situate()
    assert protected(b.cards[0], "spell")


def test_assassins_apprentice_borrows_the_ranged_attacks_of_its_neighbours():
    """60/213 Ученик убийцы: "Имеет «{tap}: Метание на 1-2-2», пока стоит рядом с вашим существом с
    метанием. Имеет «{tap}: Выстрел на 1-2-2», пока стоит рядом с вашим существом с выстрелом. +1 к дальним
    атакам, пока имеет и выстрел, и метание" — ``when = "allies_adjacent"`` with ``needs`` (ability kinds)."""
    thrower = card("Thrower", abilities=facts('{ kind = "throw", damage = [1], cost = "tap" }'))
    archer = card("Archer", abilities=facts('{ kind = "shot", damage = [1], cost = "tap" }'))
    b = start([_printing("60/213"), thrower], [card("Foe", life=20)],
              ({0: square(1, 2), 1: square(1, 1)}, {2: square(4, 2)}), dice=[6])
    assert b.ability_targets(0, 0) == [2] and b.ability_targets(0, 1) == []
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 2                              # no +1: it has no shot
    c = start([_printing("60/213"), thrower, archer], [card("Foe", life=20)],
              ({0: square(1, 2), 1: square(1, 1), 2: square(1, 3)}, {3: square(4, 2)}), dice=[6])
    c.apply(UseAbility(0, 0, (3,)))
    assert c.wounds[3] == 3                              # both: +1 to its ranged attacks


def test_magic_teacher_gains_fury_when_an_ally_makes_a_weak_magic_attack():
    """60/199 Учитель магии: "При слабой магической атаке вашего существа — получить +1 к бешенству до
    конца хода" — trigger ``squad_attack`` with ``from = ["magic"]`` and ``tiers = ["weak"]``."""
    mage = card("Mage", abilities=facts('{ kind = "discharge", damage = [1, 2, 3], cost = "tap" }'))
    for die, gained in ((1, True), (6, False)):
        b = start([_printing("60/199"), mage], [card("Foe", life=20)],
                  ({0: square(1, 2), 1: square(1, 1)}, {2: square(4, 2)}), dice=[die])
        b.apply(UseAbility(1, 0, (2,)))
        assert (b._has(0, "keyword") is not None and any(
            a.keyword == "fury" for a in b.cards[0].abilities.abilities if a.cost == "passive")) == gained
