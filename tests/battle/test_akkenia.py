"""40/6 Аккения (a terrain): "При рывке вашего существа, если оно переместилось на клетку первого ряда
он получает {armor}2 до конца хода противника, иначе следующая атака вашего существа сводится к сильной
(1 раз за ход). {tap}: Ваше {ordinary} степное существо получает рывок до конца хода." — ``squad_dash``
from a terrain, ``vs_state`` ``front_row`` / ``off_front_row``, ``dash`` given for the turn."""

from __future__ import annotations

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from analysis.combat.strike import fighter_from_card
from tests.battle.test_ability_kinds import facts, start
from tests.battle_helpers import Scripted, card

AKKENIA = facts(
    '{ kind = "keyword", keyword = "armor", damage = [2], cost = "trigger", trigger = "squad_dash", '
    'target = "ally", vs_state = "front_row", lasts = "enemy_turn", uses_per_turn = 1 }',
    '{ kind = "counts_as", tiers = ["strong"], from = ["attacks"], cost = "trigger", trigger = "squad_dash", '
    'target = "ally", vs_state = "off_front_row", lasts = "next_attack", uses_per_turn = 1 }',
    '{ kind = "dash", cost = "tap", target = "ally", vs_elements = ["steppes"], vs_rank = "common", '
    'lasts = "turn" }')


class Dasher(Scripted):
    """Dashes onto the given square."""

    def __init__(self, to, **kw):
        super().__init__(**kw)
        self.to = to

    def relocate(self, state, unit, why, squares):
        return self.to if self.to in squares else -1


def _battle(to):
    rider = card("Rider", strike=(1, 2, 3), life=10, elements=("steppes",))
    land = card("Akkenia", strike=None, life=0, type="terrain", abilities=AKKENIA)
    return start([rider, land], [card("Foe", strike=(1, 1, 1), life=20), card("Far", life=10)],
                 ({0: square(1, 2), 1: square(0, 1)}, {2: square(3, 1), 3: square(5, 2)}),
                 dice=[1, 1], p1=Dasher(to))


def test_a_dash_onto_the_first_row_gives_armor_else_a_strong_next_attack():
    for to, armored in ((square(2, 1), True), (square(1, 2), False)):
        b = _battle(to)
        b.apply(UseAbility(1, 2, (0,)))
        b._put(0, b.pos[0], square(2, 2))
        b.apply(Strike(0, 2))
        assert b.pos[0] == to
        assert (b.cards[0].keyword("armor") == 2) == armored
        assert (fighter_from_card(b.cards[0]).strike == (3, 3, 3)) == (not armored)
