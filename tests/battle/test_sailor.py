"""40/193 Матрос Эллиона: "+1 к {strike}, пока стоит рядом с артефактом" (``when =
"adjacent_artifact"``) and "может передвигаться на клетки с артефактами как на соседние"
(``far_step`` with ``vs_types = ["artifact"]``: an incorporeal creature shares that square)."""

from __future__ import annotations

from analysis.battle import Move
from analysis.battle.board import square
from analysis.cards.ability_rules import strike_passives
from tests.battle.test_ability_kinds import facts, start
from tests.battle_helpers import card

SAILOR = ('{ kind = "reduce", damage = [1], from = ["simple", "special_strike", "magic_strike"] }',
          '{ kind = "strike_bonus", damage = [1], when = "adjacent_artifact" }',
          '{ kind = "far_step", vs_types = ["artifact"] }')


def sailor():
    return card("Sailor", strike=(1, 2, 3), life=8, move=2, incorporeal=1, abilities=facts(*SAILOR))


def relic():
    return card("Relic", type="artifact", strike=None, move=0, life=5)


def test_sailor_strikes_one_harder_next_to_an_artifact():
    b = start([sailor(), relic()], [card("Foe")], ({0: square(1, 2), 1: square(1, 1)}, {2: square(5, 2)}))
    assert strike_passives(b.cards[0]).bonus == (1, 1, 1)
    b2 = start([sailor(), relic()], [card("Foe")], ({0: square(0, 1), 1: square(2, 3)}, {2: square(5, 2)}))
    assert strike_passives(b2.cards[0]).bonus == (0, 0, 0)


def test_sailor_steps_onto_a_distant_artifacts_square_as_onto_an_adjacent_one():
    """The enemy artifact two rows away is one step for it: it then shares that square."""
    b = start([sailor(), card("Mine")], [relic(), card("Foe")],
              ({0: square(2, 2), 1: square(1, 2)}, {2: square(4, 1), 3: square(5, 2)}))
    assert square(4, 1) in b.steps(0)
    b.apply(Move(0, square(4, 1)))
    assert b.pos[0] == square(4, 1) and b.moves[0] == 1
