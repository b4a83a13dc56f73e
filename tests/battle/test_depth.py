"""Depth and surface (На глубине / На поверхности, the ``dep`` / ``sur`` icons of «Ложные боги» and
later sets): no rulebook at hand defines them; the card texts read them as two kinds of square —
"На глубине: …" facts hold while the card stands on a depth square, "На поверхности: …" on a surface
one; "погружается на глубину" / "всплывает на поверхность" (40/109) is a move from one kind onto the
other; "клетка поверхности считается глубиной" (50/122, 50/124) and "считается поверхностью … до
конца хода" (60/117) change a square. Which squares are depth when the battle starts no text says:
the analyzer's default layout is the centre column (``BattleConfig.depth_layout``). Fixed positions
and dice (data/README.md "Depth and surface")."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import AUX, DEPTH_LAYOUTS, square
from analysis.battle.engine import BattleConfig
from analysis.battle.players import HeuristicPlayer, depth_pref
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import facts, start
from tests.battle_helpers import Scripted, card

C2, C3, C4, C5 = square(1, 2), square(2, 2), square(3, 2), square(4, 2)   # depth (the centre column)
B2, B3, D2, D3 = square(1, 1), square(2, 1), square(1, 3), square(2, 3)   # surface
B4, B5, D4 = square(3, 1), square(4, 1), square(3, 3)


class Mover(Scripted):
    """A scripted player that also answers ``relocate`` and ``choose_square``."""

    def __init__(self, *args, to: int = -1, square_pick: int = -1, **kw):
        super().__init__(*args, **kw)
        self.to = to
        self.square_pick = square_pick
        self.relocate_calls: list[tuple[int, str, list[int]]] = []

    def relocate(self, battle, unit, why, squares):
        self.relocate_calls.append((unit, why, list(squares)))
        return self.to if self.to in squares else -1

    def choose_square(self, battle, unit, marker, squares):
        return self.square_pick if self.square_pick in squares else squares[0]


def foe(name: str = "Foe", life: int = 12, **kw):
    return card(name, strike=(1, 1, 1), life=life, **kw)


# --------------------------------------------------------------------------- the board


def test_the_layout_is_an_option_and_the_default_is_the_centre_column():
    b = start([card("A")], [foe()], ({0: C2}, {1: B5}))
    assert b.depth_sq == DEPTH_LAYOUTS["centre_column"] and b._depth_at(0) == 1 and b._depth_at(1) == 0
    flat = start([card("A")], [foe()], ({0: C2}, {1: B5}), depth_layout="none")
    assert flat._depth_at(0) == 0
    with pytest.raises(ValueError):
        BattleConfig(depth_layout="lake")


def test_a_flyer_is_neither_at_depth_nor_on_the_surface():
    fish = card("Fish", type="flyer", move=0, abilities=facts(
        '{ kind = "keyword", keyword = "exp_defence", damage = [1], when = "at_depth" }',
        '{ kind = "keyword", keyword = "exp_attack", damage = [1], when = "on_surface" }'))
    b = start([fish], [foe()], ({0: C2}, {1: B5}))
    assert b.pos[0] == AUX
    assert b._depth_at(0) == -1 and not b.cards[0].has("exp_defence") and not b.cards[0].has("exp_attack")


# ------------------------------------------------------------------- "На глубине:", "На поверхности:"

# 40/112 Тритон: "На глубине: {ovz} 1. На поверхности: {tap}: Добивание на 2"
TRITON = facts('{ kind = "keyword", keyword = "exp_defence", damage = [1], when = "at_depth" }',
               '{ kind = "finishing", damage = [2], cost = "tap", when = "on_surface" }')


def test_depth_facts_hold_at_depth_and_surface_facts_on_the_surface():
    b = start([card("Triton", abilities=TRITON)], [foe(life=2)], ({0: B3}, {1: B4}))
    assert not b.cards[0].has("exp_defence") and b.ability_targets(0, 1) == [1]
    deep = start([card("Triton", abilities=TRITON)], [foe(life=2)], ({0: C3}, {1: B4}))
    assert deep.cards[0].has("exp_defence") and deep.ability_targets(0, 1) == []
    b.apply(Move(0, C3))                               # one step into the centre column: it dives
    assert b.cards[0].has("exp_defence") and b.ability_targets(0, 1) == []


def test_the_real_printings_carry_their_depth_and_surface_facts():
    book = load_abilities()
    for code in ("40/112", "40/113", "40/115", "40/118", "40/136", "40/137", "40/139", "40/184", "50/124",
                 "50/138", "50/141", "50/144", "60/125", "60/131"):
        assert book[code].status == "full", code
        whens = {a.when for a in book[code].abilities}
        assert "at_depth" in whens or "on_surface" in whens, code
    assert [a.trigger for a in book["40/118"].abilities if a.kind == "throw"] == ["surfaces"]
    assert book["40/107"].max_counters == 5 and book["40/107"].counters_are_tokens


# --------------------------------------------------------------------------- diving and surfacing

# 40/136 Мирмидон: "При погружении на глубину получает +1 к {strike} до конца хода"
MYRMIDON = facts('{ kind = "strike_bonus", damage = [1], cost = "trigger", trigger = "dives", '
                 'target = "self", lasts = "turn" }')
# 40/118 Страж рифов: "При всплытии на поверхность метание трезубца на 1, дальность 2"
REEF = facts('{ kind = "throw", damage = [1], range = 2, cost = "trigger", trigger = "surfaces" }')


def test_a_step_onto_a_depth_square_is_a_dive_and_back_a_surfacing():
    b = start([card("Myr", abilities=MYRMIDON)], [foe()], ({0: B2}, {1: B5}))
    b.apply(Move(0, C2))
    assert [g.kind for g, _ in b.grants[0]] == ["strike_bonus"]
    b.apply(END_TURN)
    assert b.grants[0] == ()                            # "до конца хода"
    reef = start([card("Reef", move=2, abilities=REEF)], [foe()], ({0: C3}, {1: square(4, 3)}), dice=[6])
    reef.apply(Move(0, C4))                             # depth to depth: nothing
    assert reef.wounds[1] == 0
    reef.apply(Move(0, B4))                             # surfacing: the throw at the foe two squares off
    assert reef.wounds[1] == 1


def test_a_push_or_a_jump_dives_too_and_a_flyer_never_does():
    """Any move counts (here a jump of 3 from the surface onto the centre column)."""
    jumper = card("Jumper", abilities=facts('{ kind = "jump", damage = [3] }',
                                            '{ kind = "strike_bonus", damage = [1], cost = "trigger", '
                                            'trigger = "dives", target = "self", lasts = "turn" }'))
    b = start([jumper], [foe()], ({0: B2}, {1: B5}))
    b.apply(Move(0, C4))
    assert b.grants[0]


# 40/107 Кельпи: "При погружении или всплытии получить {token}. Максимум 5 {token}"
KELPIE = facts('{ kind = "gain_counter", damage = [1], cost = "trigger", trigger = "changes_depth", '
               'target = "self" }', '{ kind = "shot", damage = [1], cost = "counter_tap" }',
               max_counters=5, counters_are_tokens="true")


def test_tokens_on_each_dive_and_surfacing_are_not_accumulated_by_closing():
    b = start([card("Kelpie", move=2, abilities=KELPIE)], [foe()], ({0: B2}, {1: B5}))
    assert not b.can_accumulate(0)                      # ({token}s come only as the text says)
    b.apply(Move(0, C2))
    b.apply(Move(0, D2))
    assert b.counters[0] == 2


# 40/139 Кирин: "При погружении на глубину или всплытии на поверхность ранить все стоящие рядом карты
# на 1 (1 раз за ход)"
KIRIN = facts('{ kind = "wound", damage = [1], cost = "trigger", trigger = "changes_depth", target = "any", '
              'range = 1, every = true, uses_per_turn = 1 }')


def test_kirin_wounds_every_card_next_to_it_once_a_turn():
    b = start([card("Kirin", move=2, abilities=KIRIN), card("Mate")], [foe(), foe("Far")],
              ({0: B3, 1: C2}, {2: C4, 3: B5}))
    b.apply(Move(0, C3))                                # dives: its mate and the foe next to it take 1
    assert (b.wounds[1], b.wounds[2], b.wounds[3], b.wounds[0]) == (1, 1, 0, 0)
    b.apply(Move(0, D3))                                # surfaces: once a turn, nothing more
    assert (b.wounds[1], b.wounds[2]) == (1, 1)


# 50/138 Акулоголовый: "При погружении вашего акванита Акулоголовый получает +1 к {strike} до конца
# хода (2 раза за ход)"
SHARK = facts('{ kind = "strike_bonus", damage = [1], cost = "trigger", trigger = "squad_dives", '
              'target = "self", vs_classes = ["Акванит"], lasts = "turn", uses_per_turn = 2 }')


def test_a_squad_dive_of_an_aquanite_sets_off_the_shark():
    shark = card("Shark", classes=("Акванит",), abilities=SHARK)
    diver = card("Diver", classes=("Акванит",))
    walker = card("Walker", move=2)
    b = start([shark, diver, walker], [foe()], ({0: square(0, 1), 1: B2, 2: D2}, {3: B5}))
    b.apply(Move(2, C2))                                 # not an aquanite
    b.apply(Move(2, D2))
    assert b.grants[0] == ()
    b.apply(Move(1, C2))                                 # an aquanite of its squad dives
    assert [g.kind for g, _ in b.grants[0]] == ["strike_bonus"]


# --------------------------------------------------------------------------- moving cards to depth


# 40/137 Кватус: "Когда ваш акванит погружается вы можете переместить его на любую клетку глубины"
QUATUS = facts('{ kind = "relocate", cost = "trigger", trigger = "squad_dives", target = "ally", '
               'vs_classes = ["Акванит"], onto = "depth" }')


def test_quatus_moves_a_diving_aquanite_to_any_depth_square():
    p1 = Mover(to=C5)
    b = start([card("Quatus", classes=("Акванит",), abilities=QUATUS), card("Diver", classes=("Акванит",))],
              [foe()], ({0: square(0, 1), 1: B2}, {2: B5}), p1=p1)
    b.apply(Move(1, C2))
    unit, why, squares = p1.relocate_calls[0]
    assert (unit, why) == (1, "relocate") and set(squares) == {square(0, 2), C3, C4, C5, square(5, 2)}
    assert b.pos[1] == C5


# 60/125 Затонувший матрос: "При метании по карте, стоящей на клетке поверхности — может переместить
# ее на соседнюю с ней клетку глубины"
SAILOR = facts('{ kind = "throw", damage = [2], range = 3, cost = "tap" }',
               '{ kind = "relocate", damage = [1], cost = "trigger", trigger = "attack", '
               'vs_state = "on_surface", onto = "depth" }')


def test_the_sailor_drags_a_target_on_the_surface_into_the_depth_next_to_it():
    p1 = Mover(to=C4)
    b = start([card("Sailor", abilities=SAILOR)], [foe()], ({0: B2}, {1: B4}), p1=p1, dice=[6])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2 and b.pos[1] == C4
    p1.relocate_calls.clear()
    deep = start([card("Sailor", abilities=SAILOR)], [foe()], ({0: B2}, {1: C4}), p1=Mover(to=C5), dice=[6])
    deep.apply(UseAbility(0, 0, (1,)))
    assert deep.pos[1] == C4                            # already at depth: not dragged


# 50/141 Волнорез: "На глубине: При перемещении существа противника на клетку рядом с Волнорезом может
# переместить его на одну клетку в любом направлении (кроме клеток рядом с Волнорезом, 1 раз за ход)"
BREAKER = facts('{ kind = "relocate", damage = [1], cost = "trigger", trigger = "enemy_moves_adjacent", '
                'onto = "away", uses_per_turn = 1, when = "at_depth" }')


def test_the_breakwater_at_depth_throws_back_an_enemy_stepping_next_to_it():
    p2 = Mover(to=square(3, 0))
    b = start([foe("Walker")], [card("Breaker", abilities=BREAKER)], ({0: B3}, {1: C5}), p2=p2)
    b.apply(Move(0, B4))                                # next to the breakwater (c5)
    unit, _, squares = p2.relocate_calls[0]
    assert unit == 0 and sorted(squares) == sorted([square(2, 0), B3, C3, square(3, 0), square(4, 0)])
    assert b.pos[0] == square(3, 0)


# --------------------------------------------------------------------------- squares changing

# 50/124 Колокол Кварата: "На глубине: {zoal}. На поверхности: {tap}: Воздействие «наводнение» — эта
# клетка считается глубиной и не считается поверхностью (1 раз за бой)"
BELL = facts('{ kind = "keyword", keyword = "prot_flyers", when = "at_depth" }',
             '{ kind = "flood", cost = "tap", lasts = "battle", uses_per_battle = 1, via = "effect", '
             'when = "on_surface" }')


def test_the_bell_floods_its_own_square_for_the_battle():
    b = start([card("Bell", abilities=BELL)], [foe()], ({0: B2}, {1: B5}))
    assert not b.cards[0].has("prot_flyers")
    b.apply(UseAbility(0, 1, (0,)))
    assert b._depth_at(0) == 1 and b.cards[0].has("prot_flyers") and b.depth_sq >> B2 & 1
    assert b.ability_targets(0, 1) == []               # on the surface only, once a battle


# 50/122 Ману Кварат: "В начале хода воздействие «затопление» клетка поверхности считается глубиной …,
# пока Ману Кварат в отряде"
MANU = facts('{ kind = "flood", cost = "trigger", trigger = "turn_start" }')


def test_a_flood_at_the_turn_start_lasts_while_its_card_is_in_play():
    p1 = Mover(square_pick=B3)
    b = start([card("Manu", abilities=MANU)], [foe()], ({0: B2}, {1: B5}), p1=p1)
    assert b.depth_sq >> B3 & 1 and b._floods == ((B3, 0),)
    b._kill(0)
    assert not b.depth_sq >> B3 & 1


# 60/117 Оракул пучины: "На глубине: {tap}: Воздействие «всплывший кит» — выбранная клетка считается
# поверхностью и не считается глубиной до конца хода, ранить стоящую на ней карту на 1"
ORACLE = facts('{ kind = "drain", cost = "tap", target = "any", via = "effect", when = "at_depth" }',
               '{ kind = "effect", damage = [1], cost = "then" }')


def test_the_oracle_drains_a_square_until_the_end_of_the_turn():
    deep_foe = card("Diver", life=9, abilities=facts(
        '{ kind = "keyword", keyword = "exp_defence", damage = [2], when = "at_depth" }'))
    b = start([card("Oracle", abilities=ORACLE)], [deep_foe], ({0: C2}, {1: C5}))
    assert b.cards[1].has("exp_defence")
    b.apply(UseAbility(0, 0, (1,)))
    assert b._depth_at(1) == 0 and not b.cards[1].has("exp_defence") and b.wounds[1] == 1
    b.apply(END_TURN)
    assert b._depth_at(1) == 1 and b.cards[1].has("exp_defence")


# 40/115 Жрец Кватуса: "На глубине: {instant} {tap}: Заклинание «власть Кватуса» закрыть небестелесное
# существо стоимостью 3 или менее"
PRIEST = facts('{ kind = "close", cost = "tap", sudden = true, via = "spell", vs_types = ["creature", '
               '"flyer"], vs_max_cost = 3, vs_state = "corporeal", when = "at_depth" }')


def test_the_priest_closes_a_cheap_corporeal_creature_and_interrupts_its_strike():
    cheap, dear, ghost = foe("Cheap"), foe("Dear", cost=5), foe("Ghost", incorporeal=1)
    b = start([card("Priest", abilities=PRIEST)], [cheap, dear, ghost],
              ({0: C2}, {1: B5, 2: D4, 3: square(5, 1)}))
    assert 2 not in b.ability_targets(0, 0)            # (cost 5)
    b.apply(UseAbility(0, 0, (3,)))                     # an incorporeal one: nothing happens
    assert b.open[3]
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(0, 0, (1,)))
    assert not b.open[1]
    # in the opponent's turn, a sudden answer to a strike on its squad: the striker closes, no strike
    priest = card("Priest", abilities=PRIEST)
    striker = card("Striker", strike=(4, 4, 4), cost=3)
    battle = start([priest, card("Mate", life=10)], [striker],
                   ({0: C2, 1: B3}, {2: B4}), p1=HeuristicPlayer(), dice=[6] * 10)
    battle.apply(END_TURN)
    battle.apply(Strike(2, 1))
    assert not battle.open[2] and battle.wounds[1] == 0


# --------------------------------------------------------------------------- the heuristic player


def test_the_heuristic_player_walks_onto_the_kind_of_square_its_facts_want():
    """Two steps as near the foe (c3 at depth, b4 on the surface): the one its facts want."""
    lander = card("Lander", move=1, abilities=facts(
        '{ kind = "keyword", keyword = "exp_attack", damage = [2], when = "on_surface" }'))
    b = start([lander], [foe()], ({0: B3}, {1: square(4, 3)}), p1=HeuristicPlayer())
    assert depth_pref(b.base[0]) < 0
    b.players[0].play_turn(b)
    assert b.pos[0] == B4
    diver = card("Diver", move=1, abilities=facts(
        '{ kind = "keyword", keyword = "exp_attack", damage = [2], when = "at_depth" }'))
    d = start([diver], [foe()], ({0: B3}, {1: square(4, 3)}), p1=HeuristicPlayer())
    d.players[0].play_turn(d)
    assert d.pos[0] == C3


def test_a_flag_column_given_only_under_a_condition_is_not_standing():
    """40/127 Атлант "На поверхности: Неповоротливость": at depth it is not clumsy, on the surface it
    is (regeneration 1 at depth). (The card table no longer sets clumsiness from the icon, a mention,
    since wave 3; the engine also keeps a flag column given only under a condition off the standing
    card.)"""
    from analysis.cards.table import load_cards

    atlas = load_cards().find("40/127")
    assert atlas.keyword("clumsiness") == 0
    up = start([atlas], [foe()], ({0: B2}, {1: B5}))
    down = start([atlas], [foe()], ({0: C2}, {1: B5}))
    assert up.cards[0].keyword("clumsiness") == 1 and down.cards[0].keyword("clumsiness") == 0
    assert down.cards[0].keyword("regeneration") == 1 and up.cards[0].keyword("regeneration") == 0


# 60/131 Акванит-громила: "На глубине: Может нападать {strike} на карты на клетках глубины как на
# стоящие рядом. … -1 к {strike} по картам на клетках глубины, не стоящим рядом с Акванитом-громилой"
BRUTE = facts('{ kind = "far_strike", vs_state = "at_depth", when = "at_depth" }',
              '{ kind = "strike_bonus", damage = [-1], vs_state = "at_depth", vs_position = "far" }')


def test_the_brute_at_depth_strikes_cards_on_depth_squares_as_if_adjacent_with_minus_one():
    b = start([card("Brute", strike=(3, 3, 3), abilities=BRUTE)], [foe(), foe("Dry")],
              ({0: C2}, {1: C5, 2: B5}), dice=[6, 1])
    assert b.targets(0) == [1]                           # c5 is depth, b5 surface
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 2                               # 3 − 1: not next to it
    up = start([card("Brute", strike=(3, 3, 3), abilities=BRUTE)], [foe()], ({0: B2}, {1: C5}))
    assert up.targets(0) == []                            # on the surface: no reach


# 40/139 Кирин: "На поверхности: Может нападать {strike} на летающих как на стоящие рядом карты"
KIRIN_FLY = facts('{ kind = "far_strike", vs_types = ["flyer"], when = "on_surface" }')


def test_kirin_on_the_surface_strikes_a_flyer():
    bird = card("Bird", type="flyer", move=0, life=12)
    b = start([card("Kirin", abilities=KIRIN_FLY)], [bird, foe()], ({0: B2}, {1: C5, 2: B5}))
    assert 1 in b.targets(0)
    deep = start([card("Kirin", abilities=KIRIN_FLY)], [bird, foe()], ({0: C2}, {1: C5, 2: B5}))
    assert 1 not in deep.targets(0)
