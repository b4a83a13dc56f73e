"""Findings of the data pass over sets 30 and 40 (issue 19), kept as expected failures so that the
fix shows up: a ``keyword`` fact ``move`` given for a while (``lasts``) during its owner's turn did
not add to the movement the creature has left in that turn (fixed with 60/22 Аль-Джамия: the test
now passes outright), and the card table's clumsiness column
(built from the ``clm`` icon) made clumsy some cards whose text gives clumsiness only under a
condition or to another card (fixed in wave 3: the test now passes outright)."""

from __future__ import annotations

import pytest

from analysis.battle import UseAbility
from analysis.battle.board import square
from analysis.cards.table import load_cards
from tests.battle.test_ability_kinds import P1_BACK, P2_BACK, facts, start
from tests.battle_helpers import card

GRANT_MOVE = ('{ kind = "keyword", keyword = "move", damage = [1], cost = "tap", target = "ally", '
              'lasts = "own_turn" }')


def test_move_granted_in_its_own_turn_adds_movement_this_turn():
    """30/4 Белегос ("{tap}: the creature gets +1 {move} until the end of your turn"), 40/148
    Урангрунд and the valhalla grant of 20/50 Сигурд (fired at the turn's start, after the
    movement is set) give +1 movement for this turn: a move-1 ally may then take two steps."""
    giver = card("Giver", abilities=facts(GRANT_MOVE))
    ally = card("Ally", life=10, move=1)
    b = start([giver, ally], [card("Foe")], ({0: square(0, 1), 1: P1_BACK}, {2: P2_BACK}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.cards[1].move == 2          # the grant is on the card …
    assert b.moves[1] == 2               # … and in the movement left this turn (fixed: Situational._rekey)


@pytest.mark.parametrize("code", ["40/51", "40/59", "40/127", "40/185"])
def test_conditional_clumsiness_is_not_a_standing_column(code):
    """40/59 Хейсар is clumsy only after its second move in a turn, 40/185 Юнга gives clumsiness to
    an ally, 40/51 Трактирный забияка only in formation, 40/127 Атлант only on the surface; none is
    clumsy by itself (berserk-nxt text; data/keywords.csv plays the column as a standing -1 on its
    die). Fixed in wave 3: their ``clm`` icon was taken out of ``cards_raw.json`` (it marks a text
    that mentions clumsiness) and the condition is a fact (``when`` / a trigger's grant)."""
    assert load_cards().find(code).keyword("clumsiness") == 0
