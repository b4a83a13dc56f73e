"""Rebuff (Отпор, the ``reb`` icon of set 60): facts with ``when = "rebuff"`` hold for a turn that
began with their squad having fewer cards in play than the opponent's — the reminder text of 60/56
Наррах ("до начала хода, если в вашем отряде меньше карт, чем в отряде противника — до конца хода
получает …"). Fixed positions and dice."""

from __future__ import annotations

from analysis.battle import END_TURN, UseAbility
from analysis.battle.board import square
from analysis.battle.interface import first_action
from analysis.battle.players import HeuristicPlayer
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import P1_BACK, P2_BACK, facts, start
from tests.battle_helpers import card

# 60/48 Сасквоч: "Отпор: +1 к метанию … метание на 1-2-2, дальность 3" (a second throw, one more)
SASQUATCH = facts('{ kind = "throw", damage = [1], range = 5, cost = "tap" }',
                  '{ kind = "throw", damage = [2], range = 5, cost = "tap", when = "rebuff" }',
                  '{ kind = "keyword", keyword = "fortitude", when = "rebuff" }')


def _battle(enemies: int):
    me = card("Sasquatch", strike=(1, 1, 1), life=8, abilities=SASQUATCH)
    foes = [card(f"F{i}", life=2 if i == 0 else 9) for i in range(enemies)]
    theirs = {1 + i: sq for i, sq in enumerate((P2_BACK, square(5, 1), square(5, 3))[:enemies])}
    return start([me], foes, ({0: P1_BACK}, theirs), dice=[6] * 20)


def test_the_real_printings_carry_the_rebuff_facts():
    """60/48, 60/36 are full with their rebuff facts; 60/148's fortitude is one."""
    book = load_abilities()
    for code in ("60/48", "60/36"):
        assert book[code].status == "full"
        assert any(a.when == "rebuff" for a in book[code].abilities)
    assert [a.keyword for a in book["60/148"].abilities if a.when == "rebuff"] == ["fortitude"]


def test_rebuff_holds_only_for_the_squad_with_fewer_cards():
    """One card against two: the rebuff throw and fortitude are there; one against one: not."""
    b = _battle(2)
    assert b.ability_targets(0, 0) and b.ability_targets(0, 1)
    assert b.cards[0].has("fortitude")
    even = _battle(1)
    assert even.ability_targets(0, 0) and not even.ability_targets(0, 1)
    assert not even.cards[0].has("fortitude")


def test_rebuff_lasts_to_the_end_of_the_turn_and_is_checked_again_before_the_next():
    """"До начала хода … до конца хода": a kill that evens the squads mid-turn does not take it
    away; before the opponent's turn the squads are even, so it is gone."""
    b = _battle(2)
    b.apply(UseAbility(0, 1, (1,)))                    # the rebuff throw of 2 kills the 2-life foe
    assert not b.alive[1]
    assert b.cards[0].has("fortitude")                 # still this turn (one card against one now)
    b.apply(END_TURN)
    assert b.active == 1 and not b.cards[0].has("fortitude")


def test_the_heuristic_player_takes_the_stronger_rebuff_throw():
    b = _battle(2)
    action = first_action(HeuristicPlayer(), b)
    assert isinstance(action, UseAbility) and action.index == 1
