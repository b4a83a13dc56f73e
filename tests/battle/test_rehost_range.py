"""``rehost`` with a ``range`` and trigger ``rehosted`` (30/88 Сугед: "в конце вашего хода вы можете
поместить Сугеда на ваше существо дальность 2, при этом метание ореха на 1, дальность 3")."""

from __future__ import annotations

from analysis.battle import END_TURN
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import facts, start
from tests.battle_helpers import Scripted, card

SUGED = ('{ kind = "rehost", range = 2, cost = "trigger", trigger = "turn_end" }',
         '{ kind = "throw", damage = [1], range = 3, cost = "trigger", trigger = "rehosted" }')


def test_suged_moves_two_squares_onto_another_ally_and_throws_from_there():
    """At the end of its turn the companion rides to an ally two squares from its host (the
    heuristic moves it, its move paying off) and throws 1 at an enemy within 3 of its new square."""
    suged = card("Suged", type="companion", strike=(1, 1, 2), life=6, move=0, abilities=facts(*SUGED))
    host, other = card("Host", life=10), card("Other", life=10)
    b = start([host, other, suged], [card("Foe", life=10)],
              ({0: square(0, 1), 1: square(2, 3), 2: square(1, 2)}, {3: square(4, 3)}),
              p1=HeuristicPlayer(), p2=Scripted())
    assert b.host[2] in (0, 1)
    first = b.host[2]
    b.apply(END_TURN)
    assert b.host[2] != first and b.pos[2] == b.pos[b.host[2]]
    assert b.wounds[3] == 1
