"""Auras extended (issue 19, wave 2): the areas ``sides``, ``formation`` and ``squad``, an aura's
``self_state`` (the state of the card giving it), ``when_state`` (the state of the card holding it,
``low_life`` among them) and ``per`` (a quantity of the holder, ``own_regen``), the held kinds
``carrion_eating`` and ``jump_range``, and ``reduce`` from ``poison``. Each against the printing it
was read from (berserk-nxt ``resources/data.json``); synthetic cards, fixed dice."""

from __future__ import annotations

from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_FRONT, P2_MID, facts, start
from tests.battle_helpers import card


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


def test_aura_on_the_sides_while_its_card_is_open_gives_armor_by_the_holders_regeneration():
    """30/114 Страж Уорлога: "пока Страж Уорлога открыт, стоящие справа и слева ваши болотные существа
    имеют {armor} Х, где Х величина их {regen}": the swamp creature on its left (regeneration 2) has
    armor 2, the one diagonally next to it and the forest creature on its right none; once the Warden
    closes, the armor is gone."""
    warden = unit("Warden", '{ kind = "keyword", keyword = "armor", per = "own_regen", cost = "aura", '
                  'area = "sides", target = "ally", vs_elements = ["swamps"], self_state = "open" }',
                  life=10, elements=("swamps",), regeneration=2)
    left = card("Left", life=10, elements=("swamps",), regeneration=2)
    diag = card("Diag", life=10, elements=("swamps",), regeneration=1)
    right = card("Right", life=10, elements=("forests",), regeneration=1)
    b = start([warden, left, diag, right], [card("Foe", life=10)],
              ({0: square(1, 2), 1: square(1, 1), 2: square(0, 1), 3: square(1, 3)}, {4: P2_FRONT}))
    assert b.armor[1] == 2
    assert b.armor[2] == 0 and b.armor[3] == 0 and b.armor[0] == 0
    b.open[0] = False
    b._situate()
    assert b.armor[1] == 0


def test_squad_aura_with_a_holder_state_gives_carrion_eating_to_low_cursed_pirates_itself_included():
    """40/162 Проклятый капер: "ваши пираты с проклятием имеют трупоедство, пока их {health} меньше или
    равны их слабому {strike}" (``area = "squad"``: itself too; ``vs_has = ["curse"]``, ``when_state =
    "low_life"``): a cursed pirate with 3 life left and weak strike 3 has it, with 4 left it has not; an
    uncursed pirate never has it; the Caper (cursed, weak 3) has it at 3 life left."""
    caper = unit("Caper", '{ kind = "curse" }',
                 '{ kind = "carrion_eating", cost = "aura", area = "squad", target = "ally", '
                 'vs_classes = ["Пират"], vs_has = ["curse"], when_state = "low_life" }',
                 life=12, strike=(3, 4, 5), classes=("Пират",))
    cursed = unit("Cursed", '{ kind = "curse" }', life=8, strike=(3, 3, 4), classes=("Пират",))
    plain = card("Plain", life=8, strike=(3, 3, 4), classes=("Пират",))
    b = start([caper, cursed, plain], [card("Foe", life=10)],
              ({0: P1_BACK, 1: P1_MID, 2: square(1, 1)}, {3: P2_FRONT}))

    def eats(u: int) -> bool:
        return b._has(u, "carrion_eating") is not None

    assert not eats(0) and not eats(1) and not eats(2)
    b.wounds[1] = 4                                # 4 left > weak 3
    b.wounds[2] = 6                                # 2 left, but no curse
    b._situate()
    assert not eats(1) and not eats(2)
    b.wounds[1] = 5                                # 3 left ≤ weak 3
    b.wounds[0] = 9                                # the Caper itself: 3 left
    b._situate()
    assert eats(1) and eats(0) and not eats(2)


def test_formation_aura_reaches_only_the_formation_partners_of_its_class():
    """30/24 Полководец: "ваши аккенийцы имеют +1 к атакам, пока они в строю с Полководцем" (``area =
    "formation"``): the Akkenian with formation orthogonally next to it strikes 1 harder; the one
    diagonally next to it, and one without formation, do not."""
    from analysis.cards.ability_rules import strike_passives

    general = unit("General", '{ kind = "strike_bonus", damage = [1], cost = "aura", area = "formation", '
                   'target = "ally", vs_classes = ["Аккениец"] }',
                   life=10, classes=("Аккениец",), formation=1)
    partner = card("Partner", life=10, classes=("Аккениец",), formation=1)
    diag = card("Diag", life=10, classes=("Аккениец",), formation=1)
    loner = card("Loner", life=10, classes=("Аккениец",))
    b = start([general, partner, diag, loner], [card("Foe", life=10)],
              ({0: square(1, 2), 1: square(1, 1), 2: square(2, 3), 3: square(0, 2)}, {4: P2_MID}))
    assert strike_passives(b.cards[1]).bonus == (1, 1, 1)
    assert strike_passives(b.cards[2]).bonus == (0, 0, 0)
    assert strike_passives(b.cards[3]).bonus == (0, 0, 0)
    assert strike_passives(b.cards[0]).bonus == (0, 0, 0)


def test_jump_range_aura_lengthens_the_jumps_of_the_creatures_next_to_it():
    """60/186 Аларино: "ваши стоящие рядом с Аларино существа с прыжком имеют +1 к дальности прыжка"
    (``jump_range`` [1], ``vs_has = ["jump"]``): a jumper of range 2 next to it reaches a square 3 away;
    away from it, it does not."""
    alarino = unit("Alarino", '{ kind = "jump", damage = [3] }',
                   '{ kind = "jump_range", damage = [1], cost = "aura", area = "adjacent", target = "ally", '
                   'vs_has = ["jump"] }', life=6)
    jumper = unit("Jumper", '{ kind = "jump", damage = [2] }', life=8)
    far = square(3, 1)                             # 3 rows up from (0, 1)
    b = start([alarino, jumper], [card("Foe", life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}))
    assert far in b.steps(1)
    b._place_on(0, P1_BACK, square(1, 4))          # Аларино away from it
    b._situate()
    assert far not in b.steps(1)
    assert square(2, 1) in b.steps(1)


def test_reduce_from_poison_adds_wounds_to_the_poisoning_of_the_enemies_next_to_it():
    """60/143 Уста Архааля: "стоящие рядом существа противника получают на 1 рану больше от
    отравления" (an aura ``reduce`` [−1] from ``poison``): a poisoned enemy next to it takes 2 from
    poisoning 1 at the start of its turn, one further away takes 1."""
    from analysis.battle import END_TURN

    mouth = unit("Mouth", '{ kind = "reduce", damage = [-1], from = ["poison"], cost = "aura", '
                 'area = "adjacent", target = "enemy", vs_types = ["creature"] }', life=10)
    near = card("Near", life=10)
    away = card("Away", life=10)
    b = start([mouth], [near, away], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 0)}))
    b.poison[1] = b.poison[2] = 1
    b.apply(END_TURN)                              # the Second player's turn starts: poisoning
    assert b.wounds[1] == 2 and b.wounds[2] == 1


def test_squad_strike_with_classes_fires_only_for_a_striker_of_that_class():
    """60/143 Уста Архааля: "при {strike} вашего духа — атакованный получает отравление (2 раза за ход)"
    (``squad_strike`` with ``classes = ["Дух"]``): the spirit's strike poisons its target, another
    ally's strike does not."""
    from analysis.battle import Strike

    mouth = unit("Mouth", '{ kind = "poison", damage = [1], cost = "trigger", trigger = "squad_strike", '
                 'classes = ["Дух"], via = "effect", uses_per_turn = 2 }', life=10, classes=("Дух",))
    spirit = card("Spirit", life=10, strike=(1, 1, 1), classes=("Дух",))
    orc = card("Orc", life=10, strike=(1, 1, 1), classes=("Орк",))
    foe = card("Foe", life=20, strike=(1, 1, 1))
    foe2 = card("Foe2", life=20, strike=(1, 1, 1))
    b = start([mouth, spirit, orc], [foe, foe2],
              ({0: P1_BACK, 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT, 4: square(3, 1)}), dice=[6, 1, 6, 1])
    b.open[3] = b.open[4] = False
    b.apply(Strike(1, 3))
    assert b.poison[3] == 1
    b.apply(Strike(2, 4))
    assert b.poison[4] == 0 and b.wounds[4] > 0


def test_heuristic_placement_puts_a_near_aura_source_next_to_its_holders():
    """The heuristic player places the source of an ``adjacent`` aura (60/140 Ведьма: "ваши болотные
    существа имеют -1 от {strike}, пока стоят рядом с Ведьмой") next to the swamp creatures of its
    squad rather than where the default order puts it."""
    from analysis.battle import Battle, BattleConfig, HeuristicPlayer
    from analysis.battle.board import ADJ8
    from tests.battle_helpers import Scripted

    witch = unit("Witch", '{ kind = "reduce", damage = [1], from = ["simple"], cost = "aura", '
                 'area = "adjacent", target = "ally", vs_elements = ["swamps"], vs_types = ["creature"] }',
                 life=6, cost=3, strike=(1, 1, 1), elements=("swamps",))
    squad = [witch] + [card(f"Mid{i}", life=10, cost=5) for i in range(6)] \
        + [card(f"Swamp{i}", life=12, cost=7, elements=("swamps",)) for i in range(2)]
    n = len(squad)
    b = Battle((squad, [card("Foe", life=10)]), (HeuristicPlayer(), Scripted()),
               placements=(None, {n: P2_FRONT}), config=BattleConfig())
    near = ADJ8[b.pos[0]]                          # (by cost alone it would stand in the back row)
    assert b.pos[n - 2] in near and b.pos[n - 1] in near
