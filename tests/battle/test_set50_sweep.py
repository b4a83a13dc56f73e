"""Wave-3 sweep of set 50 «Путь хранителей» (texts of berserk-nxt 1d6ff4f2 / 6f3af261): the small
generic pieces its texts needed, each against the printing that reads it, with synthetic cards
carrying that printing's facts and fixed dice."""

from __future__ import annotations

from analysis.battle import Move, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card


class Mover(Scripted):
    """A scripted player that takes the first square offered to a relocation, shift or leap."""

    def relocate(self, battle, unit, why, squares):
        return squares[0]


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


JUMPER = '{ kind = "jump", damage = [3] }'
STRONGMAN = ('{ kind = "shift", cost = "trigger", trigger = "strike", when = "squad_jumps", count = 2, '
             'via = "effect" }')


def _circus(jumps: int):
    """50/218 Цирковой силач strikes after ``jumps`` jumps of its squad this turn."""
    strongman = unit("Strongman", STRONGMAN, strike=(1, 1, 1), life=13)
    hoppers = [unit(f"Hopper{i}", JUMPER, life=5) for i in range(2)]
    b = start([strongman, *hoppers], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3)}, {3: P2_FRONT}), dice=[6], p1=Mover())
    for i in range(jumps):
        b.apply(Move(1 + i, square(0, 1 if i == 0 else 3)))
    b.open[3] = False
    before = b.pos[3]
    b.apply(Strike(0, 3))
    return b, before


def test_squad_jumps_counts_the_jumps_of_its_squad_this_turn():
    """50/218 "при {strike}, если в этот ход ваши существа совершили два или более прыжка — может
    переместить атакованного на соседнюю с ним клетку": after one jump the struck card stays, after
    two it is moved (``when = "squad_jumps"``, ``count = 2``; a ``shift`` on trigger ``strike``)."""
    b, before = _circus(1)
    assert b.leapt[0] == b.turn and b.leapt[1] == 1
    assert b.pos[3] == before
    b, before = _circus(2)
    assert b.leapt[1] == 2
    assert b.alive[3] and b.pos[3] != before


def test_beset_leap_at_the_opponents_turn_start():
    """50/84 Эмиссар Энтарна: at the start of the opponent's turn, if two or more of his cards stand
    next to it, it may jump, range 2 (``leap`` with ``when = "beset"``); with one it stays."""
    emissary = ('{ kind = "leap", damage = [2], cost = "trigger", trigger = "enemy_turn_start", '
                'target = "self", when = "beset" }')
    for foes, moved in ((1, False), (2, True)):
        em = unit("Emissary", emissary, life=11)
        enemies = [card(f"Foe{i}", life=9) for i in range(foes)]
        where = {1 + i: sq for i, sq in enumerate((P2_FRONT, square(3, 1))[:foes])}
        b = start([em], enemies, ({0: P1_FRONT}, where), p1=Mover())
        b.active = 1
        b._fire(0, "enemy_turn_start")
        assert (b.pos[0] != P1_FRONT) == moved


def test_at_edge_state_and_a_battle_long_clumsiness():
    """50/39 Крейд-Моор: at the start of the battle a chosen creature at the edge of the battlefield
    becomes clumsy (``vs_state = "at_edge"``: an outer column or the first or last row)."""
    b = start([card("A")], [card("Centre"), card("Edge")], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 0)}))
    assert b._in_state(2, "at_edge") and not b._in_state(1, "at_edge")
    assert b._in_state(0, "at_edge") is False
    corner = start([card("A")], [card("B")], ({0: square(0, 2)}, {1: square(5, 2)}))
    assert corner._in_state(0, "at_edge") and corner._in_state(1, "at_edge")


def test_war_wagon_spends_two_forage_tokens_to_open_allies_and_is_destroyed():
    """50/1 Военный обоз: "{tap}, потерять два маркера «фуража»: уничтожить Военный обоз; открыть до
    двух ваших стоящих рядом с ним существ" — ``open`` (counter_tap, 2 counters, 2 targets, range 1),
    then ``destroy`` on itself; its markers are tokens (``counters_are_tokens``)."""
    wagon = card("Wagon", strike=None, type="artifact", move=0, life=7, abilities=facts(
        '{ kind = "hauled", uses_per_turn = 1 }',
        '{ kind = "gain_counter", cost = "trigger", trigger = "hauled", target = "self" }',
        '{ kind = "open", cost = "counter_tap", counters = 2, targets = 2, range = 1, target = "ally" }',
        '{ kind = "destroy", cost = "then", target = "self" }', counters_are_tokens="true"))
    b = start([wagon, card("Ally1"), card("Ally2")], [card("Foe", life=20)],
              ({0: square(2, 2), 1: square(2, 1), 2: square(2, 3)}, {3: P2_FRONT}))
    assert not b.can_accumulate(0)                 # (tokens: no implied accumulating)
    b.counters[0] = 2
    b.open[1] = b.open[2] = False
    b.apply(UseAbility(0, 2, (1, 2)))
    assert b.open[1] and b.open[2]
    assert not b.alive[0]                          # (then destroyed: "уничтожить Военный обоз")


BUGUR = ('{ kind = "relocate", cost = "trigger", trigger = "strike", formation = true, '
         'vs_state = "corporeal", onto = "behind", via = "effect" }')


def test_relocate_onto_the_square_behind_the_card():
    """50/47 Бугур "Строй: при {strike} может переместить атакованное небестелесное существо на
    свободную клетку позади себя": ``relocate`` with ``onto = "behind"`` — only that square is offered
    (as its owner sees the board); without a formation partner nothing happens."""
    for partner in (True, False):
        bugur = unit("Bugur", BUGUR, strike=(1, 1, 1), life=11, formation=1)
        mates = [card("Mate", formation=1)] if partner else []
        where = {0: P1_FRONT, **({1: square(2, 1)} if partner else {})}
        foe = len(mates) + 1
        b = start([bugur, *mates], [card("Foe", life=20)], (where, {foe: P2_FRONT}), dice=[6], p1=Mover())
        b.open[foe] = False
        b.apply(Strike(0, foe))
        assert b.pos[foe] == (square(1, 2) if partner else P2_FRONT)


TAUNT = '{ kind = "delayed_wound", damage = [2], cost = "tap", target = "enemy", from = ["simple"] }'


def test_delayed_wound_as_an_action_lifted_by_any_simple_strike():
    """50/207 Вольный пират «насмешка»: "если выбранное существо противника в свой следующий ход не
    нападёт {strike}, в конце своего хода оно ранится на 2" — a ``delayed_wound`` action with
    ``from = ["simple"]``: a simple strike at any card in its next turn lifts it, else it takes 2 at
    that turn's end."""
    for strikes in (False, True):
        pirate = unit("Pirate", TAUNT, life=6)
        foe = card("Foe", strike=(1, 1, 1), life=10)
        other = card("Other", life=10)
        turns = [[("strike", 2, 1)]] if strikes else [[]]
        b = start([pirate, other], [foe], ({0: square(1, 2), 2 - 1: P1_FRONT}, {2: P2_FRONT}), dice=[1, 1],
                  p2=Scripted(turns))
        b.apply(UseAbility(0, 0, (2,)))
        assert b.doomed[2]
        b._end_turn()
        b._start_turn()
        b.players[1].play_turn(b)
        b._end_turn()
        assert b.wounds[2] == (0 if strikes else 2)


FLOWERS = ('{ kind = "bind", cost = "trigger", trigger = "enemy_moves_adjacent", self_state = "open", '
           'uses_per_turn = 1, via = "effect" }')


def test_bind_lets_the_target_act_only_by_striking_the_binder():
    """50/83 Элементаль цветов: "когда существо противника передвигается на клетку рядом с открытым
    Элементалем цветов — оно не может действовать в этот ход, кроме нападения {strike} на Элементаля
    цветов" — ``bind`` on ``enemy_moves_adjacent``: that creature's strikes go only at the elemental,
    its abilities and accumulating are barred; it may still move; a closed elemental binds nothing."""
    from analysis.battle.interface import IllegalAction

    shot = '{ kind = "shot", damage = [1], range = 3, cost = "tap" }'
    for open_ in (True, False):
        elemental = unit("Flowers", FLOWERS, life=11)
        other = card("Other", life=9)
        foe = unit("Foe", shot, life=9)
        b = start([foe], [elemental, other], ({0: square(2, 2)}, {1: square(4, 1), 2: square(3, 3)}))
        b.open[1] = open_
        b._situate()                           # (its variant follows the state set here)
        b.apply(Move(0, square(3, 2)))         # next to both
        if not open_:
            assert b.bound(0) == -1 and 2 in b.targets(0)
            continue
        assert b.bound(0) == 1
        assert b.targets(0) == [1]
        assert not b.ability_ready(0, 0) and not b.can_accumulate(0)
        try:
            b.apply(Strike(0, 2))
        except IllegalAction:
            pass
        else:
            raise AssertionError("a bound creature struck another card")
        b._end_turn()
        b._start_turn()
        b._end_turn()
        b._start_turn()
        assert b.bound(0) == -1                    # (for that turn only)


def test_elder_orc_fury_weakens_the_attacked_not_itself():
    """50/13 Орк-старейшина "Бешенство 4: атакованный получает −1 к {strike} до конца хода
    противника": the −1 goes to the attacked card (``target = "enemy"``), the orc keeps its strike."""
    elder = unit("Elder", '{ kind = "strike_bonus", damage = [-1], cost = "trigger", trigger = "fury", '
                 'fury = 4, target = "enemy", lasts = "own_turn" }', strike=(2, 2, 3), life=11)
    b = start([elder], [card("Foe", strike=(2, 2, 3), life=20)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b._fury_bonus(0) == 0
    assert any(g.kind == "strike_bonus" and g.damage == (-1,) for g, _ in b.grants[1])
    assert not b.grants[0]


ARBAK = ('{ kind = "protection", from = ["ranged"], cost = "trigger", trigger = "squad_wounded", '
         'area = "about", target = "ally", '
         'classes = ["Герой-воин", "Герой-маг", "Герой-жрец", "Герой-разбойник"], '
         'lasts = "turn", uses_per_turn = 2 }')


def test_arbak_protects_a_hero_wounded_by_a_ranged_attack_for_the_turn():
    """50/197 Арбак "когда ваш герой получает раны от дальней атаки — он получает «Защита от всех
    атак, кроме {strike}» до конца хода": a hero of its squad shot once is not wounded by the next
    shot this turn; a creature of no hero class is; Arbak has no standing protection of its own."""
    shot = '{ kind = "shot", damage = [1], range = 5, cost = "tap" }'
    for classes, second in ((("Герой-маг",), 0), ((), 1)):
        arbak = unit("Arbak", ARBAK, life=14, classes=("Герой-воин",))
        ally = card("Ally", life=9, classes=classes)
        shooters = [unit(f"S{i}", shot, life=5) for i in range(2)]
        b = start(shooters, [arbak, ally], ({0: square(1, 1), 1: square(1, 3)},
                                            {2: square(4, 2), 3: square(3, 2)}))
        b.apply(UseAbility(0, 0, (3,)))
        assert b.wounds[3] == 1
        b.apply(UseAbility(1, 0, (3,)))
        assert b.wounds[3] == 1 + second
        assert not any(g.kind == "protection" for g, _ in b.grants[2])


KNIGHT = '{ kind = "cheats_death", damage = [5], from = ["attacks"], uses_per_battle = 1 }'


def test_cheats_death_heals_instead_of_dying_once_per_battle():
    """50/92 Витязь Святолесья "вместо гибели от атаки карты противника … излечиться на 5 (1 раз за
    бой)": lethal wounds from an enemy strike heal it 5 instead; the second lethal blow kills it."""
    knight = unit("Knight", KNIGHT, life=14, strike=(1, 1, 1))
    foe = card("Foe", strike=(14, 14, 14), life=30)
    b = start([foe], [knight], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 1, 6, 1])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.alive[1] and b.wounds[1] == 14 - 5
    b.wounds[1] = 13
    b.acted[0] = False
    b.open[0] = True
    b.apply(Strike(0, 1))
    assert not b.alive[1]


SPAWN = ('{ kind = "root", cost = "trigger", trigger = "enemy_turn_start", area = "host", target = "enemy", '
         'nth = 1 }',
         '{ kind = "destroy", cost = "trigger", trigger = "enemy_turn_start", area = "host", '
         'target = "enemy", nth = 3 }')


def test_spawn_strangles_its_host_root_then_destroy_on_the_third_marker():
    """50/165 Отпрыск твари: at the start of each opponent turn its host gets a strangling marker —
    with one it cannot move (``root`` on ``area = "host"``, ``nth = 1``: until the parasite leaves
    play), with the third it is destroyed by the parasite (``destroy``, ``nth = 3``)."""
    spawn = unit("Spawn", *SPAWN, type="parasite", move=0, life=5, strike=(1, 1, 1))
    host = card("Host", life=20, move=2)
    b = start([spawn], [host], ({0: P1_FRONT}, {1: P2_FRONT}))
    assert b.host[0] == 1
    for k in range(3):
        b._end_turn()
        b._start_turn()                        # the opponent's turn: a marker
        if k == 0:
            assert b._rooted(1) and not b.steps(1)
        if k < 2:
            assert b.alive[1]
            b._end_turn()
            b._start_turn()
    assert not b.alive[1]


KAZAGIR = ('{ kind = "wound", per = "about_weak", cost = "trigger", trigger = "squad_strike", '
           'tiers = ["strong"], uses_per_turn = 1 }')


def test_squad_strong_strike_wounds_by_the_strikers_weak_strike():
    """50/34 Казагир "при сильном {strike} вашего существа — ранить атакованную карту на Х, где Х —
    слабый {strike} этого существа (1 раз за ход)": ``squad_strike`` with ``tiers = ["strong"]`` and
    ``per = "about_weak"``; a weak strike sets nothing off, and only once a turn."""
    for die, extra in ((6, 2), (1, 0)):
        kaz = unit("Kazagir", KAZAGIR, life=13, strike=(2, 4, 5))
        ally = card("Ally", strike=(2, 3, 4), life=10)
        b = start([kaz, ally], [card("Foe", life=30)], ({0: square(1, 2), 1: P1_FRONT}, {2: P2_FRONT}),
                  dice=[die])
        b.open[2] = False
        b.apply(Strike(1, 2))
        assert b.wounds[2] == (4 if die == 6 else 2) + extra


MEDIUM = ('{ kind = "strike_bonus", damage = [1], cost = "trigger", trigger = "ghost_enters", '
          'target = "any", lasts = "turn", uses_per_turn = 3, via = "spell" }',
          '{ kind = "far_strike", cost = "then", target = "any", '
          'vs_has = ["incorporeal", "discharge", "magic_strike", "spell"], lasts = "turn" }')


def test_ghost_entering_the_mediums_square_gains_a_strike_and_a_far_reach():
    """50/210 Медиум: "при перемещении бестелесного существа на клетку с Медиумом — до конца хода он
    получает «+1 к {strike}. Может нападать {strike} на бестелесных и на существ с магическими
    способностями как на стоящих рядом»": trigger ``ghost_enters`` (aimed at the entering creature),
    a ``strike_bonus`` and then a ``far_strike`` grant for the turn (``far_strike`` is a grant now)."""
    medium = unit("Medium", *MEDIUM, life=9)
    ghost = card("Ghost", life=7, incorporeal=1)
    mage = unit("Mage", '{ kind = "discharge", damage = [1], cost = "tap" }', life=8)
    plain = card("Plain", life=8)
    b = start([medium, ghost], [mage, plain], ({0: square(1, 2), 1: square(2, 2)},
                                              {2: square(5, 1), 3: square(5, 3)}))
    b.apply(Move(1, square(1, 2)))             # onto the medium's square
    kinds = {g.kind for g, _ in b.grants[1]}
    assert kinds == {"strike_bonus", "far_strike"}
    b.share[square(1, 2)] = -1                 # (as if it had stepped off again)
    b.board[square(1, 2)], b.pos[1] = 0, square(1, 1)
    b.board[square(1, 1)] = 1
    b._situate()
    assert b._far_ok(1, 2) and not b._far_ok(1, 3)


def test_closed_formation_dwarf_parries_as_an_open_card():
    """50/56 Хелгат "Строй: пока Хелгат закрыт, он отражает {strike} как открытая карта": a closed
    Helgat in formation fights back (the attacker takes its strike); without a partner it does not."""
    for partner in (True, False):
        helgat = unit("Helgat", '{ kind = "parries_closed", formation = true }', life=14, strike=(3, 4, 5),
                      formation=1)
        mates = [card("Mate", formation=1)] if partner else []
        where = {1: P2_FRONT, **({2: square(3, 1)} if partner else {})}
        b = start([card("Foe", strike=(1, 1, 1), life=20)], [helgat, *mates], ({0: P1_FRONT}, where),
                  dice=[1, 6])
        b.open[1] = False
        b._situate()
        b.apply(Strike(0, 1))
        assert (b.wounds[0] > 0) == partner


def test_companion_counts_in_formation_with_a_formation_host():
    """50/38 Карликовый гном "Строй: {armor}1 (считается стоящим в строю с хозяином, если у него есть
    строй)": ``when = "host_formation"`` — armor 1 on a host with formation, none on one without."""
    for host_formation in (1, 0):
        gnome = unit("Gnome", '{ kind = "keyword", keyword = "armor", damage = [1], formation = true }',
                     '{ kind = "keyword", keyword = "armor", damage = [1], when = "host_formation" }',
                     type="companion", move=0, life=6, strike=(1, 1, 2), formation=1)
        host = card("Host", life=9, formation=host_formation)
        b = start([host, gnome], [card("Foe")], ({0: P1_FRONT, 1: square(1, 2)}, {2: P2_FRONT}))
        assert b.host[1] == 0                  # (attached at the placement, 000 3.11)
        assert b.armor[1] == host_formation


def test_a_then_ability_keeps_its_own_uses():
    """50/215 Пират-чароплёт "при разряде подлость 1; атакованный теряет {counter} (заклинание, 2 раза
    за бой)": the ``lose_counters`` after the discharge (cost ``then``) is spent after two uses; the
    discharge goes on."""
    pirate = unit("Pirate", '{ kind = "discharge", damage = [2, 2, 3], range = 4, cost = "tap" }',
                  '{ kind = "lose_counters", damage = [1], cost = "then", target = "enemy", '
                  'uses_per_battle = 2, via = "spell" }', life=10)
    foe = card("Foe", life=40)
    b = start([pirate], [foe], ({0: square(1, 2)}, {1: P2_FRONT}), dice=[1, 1, 1])
    b.counters[1] = 5
    for _ in range(3):
        b.open[0], b.acted[0] = True, False
        b.apply(UseAbility(0, 0, (1,)))
    assert b.counters[1] == 3 and b.wounds[1] == 6


def test_strike_through_a_row_over_an_ally_may_shift_it():
    """50/41 Бродяги севера "при {uchr} через ваше существо — может переместить это существо на
    соседнюю с ним клетку": trigger ``attack`` with ``area = "between"``, a ``shift`` of the ally."""
    tramps = unit("Tramps", '{ kind = "strike_through_row", damage = [2], cost = "tap" }',
                  '{ kind = "shift", cost = "trigger", trigger = "attack", area = "between", '
                  'target = "ally" }',
                  life=9)
    ally = card("Ally", life=9)
    b = start([tramps, ally], [card("Foe", life=20)], ({0: square(1, 2), 1: P1_FRONT}, {2: P2_FRONT}),
              p1=Mover())
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 2 and b.pos[1] != P1_FRONT


def test_medusa_turns_a_weak_enough_ground_enemy_to_stone_for_its_turn():
    """50/140 Королева медуз: at the start of the opponent's turn a ground enemy creature with life
    left at most its weak strike becomes an artifact until that turn ends (``become``, ``vs_state =
    "low_life"``); a healthier one is not offered."""
    medusa = unit("Medusa", '{ kind = "become", into = "artifact", cost = "trigger", '
                  'trigger = "enemy_turn_start", target = "enemy", vs_types = ["creature"], '
                  'vs_state = "low_life", lasts = "turn", may = true, via = "effect" }', life=10)
    weak, sturdy = card("Weak", strike=(3, 3, 4), life=8), card("Sturdy", strike=(1, 1, 2), life=8)
    b = start([medusa], [weak, sturdy], ({0: square(1, 2)}, {1: square(4, 1), 2: square(4, 3)}))
    b.wounds[1] = 5                                # 3 left, weak strike 3
    b._end_turn()
    b._start_turn()
    assert not b.creature[1]                       # (an artifact for the opponent's turn)
    assert b.creature[2]


def test_armorless_and_has_counters_states_and_squad_elements():
    """50/66 Тяжёлая кавалерия (``vs_state = "armorless"`` on itself at the end of the opponent's
    turn: +2 movement to the end of its turn), 50/162 Зомби-грифон (``has_counters``) and 50/145 Чёрный
    лотос (``gain_counter`` with ``per = "squad_elements"`` at the start of the battle)."""
    cavalry = unit("Cavalry", '{ kind = "keyword", keyword = "move", damage = [2], cost = "trigger", '
                   'trigger = "enemy_turn_end", target = "self", vs_state = "armorless", '
                   'lasts = "own_turn" }',
                   life=10, armor=2)
    lotus = card("Lotus", strike=None, type="artifact", move=0, life=7, abilities=facts(
        '{ kind = "gain_counter", per = "squad_elements", cost = "trigger", trigger = "battle_start", '
        'target = "self" }'), elements=("darkness",))
    fire = card("Fire", elements=("steppes",))
    b = start([cavalry, lotus, fire], [card("Foe")], ({0: P1_FRONT, 1: square(1, 2), 2: square(2, 1)},
                                                     {3: P2_FRONT}))
    assert b.counters[1] == 2                      # (darkness and steppes)
    assert not b._in_state(3, "has_counters") and b._in_state(1, "has_counters")
    assert not b._in_state(0, "armorless")
    b.armor_left[0] = 0
    assert b._in_state(0, "armorless")


def test_heals_when_a_creature_of_its_squad_casts_a_spell():
    """50/12 Воин Тоа-Дана "когда ваше существо выполняет заклинание — излечивается на 1": trigger
    ``squad_spell`` (a spell of an ally, not a discharge)."""
    warrior = unit("Warrior", '{ kind = "heal", damage = [1], cost = "trigger", trigger = "squad_spell", '
                   'target = "self" }', life=10)
    mage = unit("Mage", '{ kind = "spell", damage = [1], cost = "tap" }',
                '{ kind = "discharge", damage = [1], cost = "tap" }', life=8)
    b = start([warrior, mage], [card("Foe", life=20)], ({0: P1_FRONT, 1: square(1, 2)}, {2: P2_FRONT}))
    b.wounds[0] = 3
    b.apply(UseAbility(1, 1, (2,)))
    assert b.wounds[0] == 3
    b.open[1], b.acted[1] = True, False
    b.apply(UseAbility(1, 0, (2,)))
    assert b.wounds[0] == 2


ALTHEA = ('{ kind = "relocate", onto = "near", cost = "trigger", trigger = "squad_dash", target = "ally", '
          'uses_per_turn = 2, via = "effect" }',
          '{ kind = "heal", damage = [2], cost = "then", target = "ally" }')


def test_althea_pulls_a_dashing_ally_next_to_itself_and_heals_it():
    """50/3 Алтея "при рывке другого вашего существа — может переместить его на клетку рядом с собой,
    при этом излечить его на 2": ``relocate`` with ``onto = "near"`` on ``squad_dash``, then a heal
    that comes only with the move (declined: no heal)."""
    for player, moved in ((Mover(), True), (Scripted(), False)):
        althea = unit("Althea", *ALTHEA, life=8)
        rider = unit("Rider", '{ kind = "dash" }', life=10, strike=(1, 1, 1))
        b = start([althea, rider], [card("Foe", life=20)], ({0: square(0, 2), 1: P1_FRONT}, {2: P2_FRONT}),
                  dice=[1], p1=player)
        b.wounds[1] = 4
        b.open[2] = False
        b.apply(Strike(1, 2))
        if moved:
            assert b.pos[1] in [sq for sq in range(30) if abs(sq // 5 - 0) <= 1 and abs(sq % 5 - 2) <= 1]
            assert b.wounds[1] == 2
        else:
            assert b.wounds[1] == 4


def test_squad_class_counts_two_or_more_cards_of_the_class():
    """50/209 Магистр элементов "+1 к {strike} и −1 от атак, пока в вашем отряде два или более
    элементаля": ``when = "squad_class"`` with ``count = 2``."""
    for n in (1, 2):
        mag = unit("Magister", '{ kind = "strike_bonus", damage = [1], when = "squad_class", '
                   'classes = ["Элементаль"], count = 2 }', life=9)
        elems = [card(f"E{i}", classes=("Элементаль",)) for i in range(n)]
        where = {0: P1_FRONT, **{1 + i: square(2, 1 + 2 * i) for i in range(n)}}
        b = start([mag, *elems], [card("Foe")], (where, {n + 1: P2_FRONT}))
        assert b._when(0, card_of_base(b, 0)) == (n == 2)


def card_of_base(b, u):
    """The first fact of unit ``u``'s printed card."""
    from analysis.battle.tables import card_of

    return card_of(b.base[u]).abilities.played[0]


COPPER = ('{ kind = "spell", per = "column_free", plus = -1, cost = "tap", target = "any", '
          'area = "target_column" }')


def test_column_spell_wounds_every_card_of_the_column_by_its_free_squares_less_one():
    """50/35 Медный дракон "заклинание «огненный шквал» ранить каждую карту в выбранном столбце на
    X−1, где Х число свободных клеток в этом столбце": ``area = "target_column"`` (every card, either
    side's) with ``per = "column_free"``, ``plus = -1``; the heuristic names the column that pays."""
    from analysis.battle.players import HeuristicPlayer

    dragon = unit("Dragon", COPPER, type="flyer", move=0, life=12)
    ally = card("Ally", life=9)
    foes = [card("Foe1", life=9), card("Foe2", life=9)]
    b = start([dragon, ally], foes, ({0: square(0, 2), 1: square(2, 1)},
                                     {2: square(3, 3), 3: square(4, 3)}), p1=HeuristicPlayer())
    assert b.pos[0] < 0                            # (a flyer: in no column)
    b.apply(UseAbility(0, 0, (2,)))                # column d: 2 cards, 4 free squares
    assert b.wounds[2] == 3 and b.wounds[3] == 3 and b.wounds[1] == 0
    b2 = start([unit("Dragon", COPPER, type="flyer", move=0, life=12), card("Ally", life=9)],
               [card("Foe1", life=9), card("Foe2", life=9)],
               ({0: square(0, 2), 1: square(2, 3)}, {2: square(3, 3), 3: square(4, 1)}),
               p1=HeuristicPlayer())
    g, targets = b2.players[0]._column_use(b2, 0, b2.slots[0][0])
    assert targets and b2.pos[targets[0]] % 5 == 1  # (column b: an enemy alone; column d holds its ally)
