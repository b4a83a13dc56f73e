"""``fight_result``: 60/5 Поури — "сражаясь {strike} с открытым существом противника, может сделать
результатом сражения «сильный-сильный» (вместо броска кубика)"."""

from __future__ import annotations

from analysis.battle import Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

POURI = facts('{ kind = "fight_result", tiers = ["strong"] }')


class Fixing(Scripted):
    """Always fixes the result."""

    def fix_fight(self, state, unit, attacker, parrier, fixed):
        return True


def _pouri():
    return card("Pouri", strike=(2, 3, 4), life=10, abilities=POURI)


def test_the_fight_is_strong_strong_without_a_roll():
    b = start([_pouri()], [card("Foe", strike=(1, 2, 3), life=10), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[], p1=Fixing())
    b.apply(Strike(0, 1))                     # no die: the dice list is empty
    assert b.wounds[1] == 4 and b.wounds[0] == 3


def test_declined_it_rolls_as_usual():
    b = start([_pouri()], [card("Foe", strike=(1, 2, 3), life=10), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[1, 1])
    b.apply(Strike(0, 1))                     # 1 v 1: a weak strike, no answer
    assert b.wounds[1] == 2 and b.wounds[0] == 0


def test_parrying_it_may_fix_it_too():
    b = start([card("Foe", strike=(1, 2, 3), life=10)], [_pouri(), card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=[], p2=Fixing())
    b.apply(Strike(0, 1))
    assert b.wounds[0] == 4 and b.wounds[1] == 3


def test_the_heuristic_fixes_it_when_the_sure_exchange_is_better():
    weak = card("Weak", strike=(1, 1, 1), life=4)
    b = start([_pouri()], [weak, card("Far", life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}))
    player = HeuristicPlayer()
    assert player.fix_fight(b, 0, 0, 1, (4, 1))          # a sure kill for a wound
    giant = card("Giant", strike=(2, 6, 12), life=30)
    b = start([_pouri()], [giant, card("Far", life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}))
    assert not player.fix_fight(b, 0, 0, 1, (4, 12))     # its own death for 4 wounds


TORTURER = facts('{ kind = "fight_upgrade", cost = "aura", area = "squad", target = "ally", '
                 'vs_classes = ["Орк"], vs_rank = "common" }')


def test_a_won_fight_of_a_common_orc_may_move_a_line_up():
    """30/20 Орк-истязатель: dice 5 v 2 (d = 3, medium-miss) → strong-weak; 2 v 1 (weak-miss) →
    medium-weak; a tie or a lower die: as rolled."""
    for dice, wounds in (([5, 2], (5, 1)), ([2, 1], (4, 1)), ([2, 2], (3, 0))):
        torturer = card("Torturer", strike=(3, 4, 5), life=11, classes=("Орк",), abilities=TORTURER)
        b = start([torturer], [card("Foe", strike=(1, 2, 3), life=20), card("Far", life=10)],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)}), dice=dice, p1=Scripted(weaken=True))
        b.apply(Strike(0, 1))
        assert (b.wounds[1], b.wounds[0]) == wounds, dice
