"""Issue 20 #5: a chain of triggered abilities that set each other off, or a player that never ends
its turn, stops at the engine's bounds (analysis.battle.common) as a recorded outcome, not as a
RecursionError, a crash of the compiled engine or a hang."""

from __future__ import annotations

from analysis.battle import Battle, BattleConfig, Move, UseAbility
from analysis.battle.board import square
from analysis.battle.common import MAX_ACTIONS_PER_TURN, MAX_TRIGGER_DEPTH, MAX_TRIGGERS_PER_TURN
from analysis.battle.interface import Player
from tests.battle.test_ability_kinds import P1_BACK, P2_BACK, facts
from tests.battle_helpers import Scripted, card

PING = '{ kind = "shot", damage = [1], cost = "trigger", trigger = "squad_wounded" }'
MEND = '{ kind = "heal", damage = [99], cost = "trigger", trigger = "wounded", target = "self" }'
OPENER = '{ kind = "shot", damage = [1], range = 5, cost = "tap" }'


def pinger(name: str, *extra: str):
    """A card whose wound sets off a shot at who wounded it and heals it again (the issue's pair)."""
    return card(name, strike=(1, 1, 1), life=50, abilities=facts(*extra, PING, MEND))


def _battle(a, b, placements) -> Battle:
    battle = Battle((a, b), (Scripted(), Scripted()), placements=placements, config=BattleConfig(),
                    record=True)
    battle._start_turn()
    return battle


def test_an_endless_trigger_chain_stops_at_the_depth_bound_and_is_recorded():
    b = _battle([pinger("A", OPENER)], [pinger("B")], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(UseAbility(0, 0, (1,)))  # the opening shot sets the chain off
    assert b.limit == "trigger_depth"
    limits = [ev for ev in b.log if ev["e"] == "limit"]
    assert [ev["what"] for ev in limits] == ["trigger_depth"]
    shots = [ev for ev in b.log if ev["e"] == "ability" and ev["kind"] == "shot" and ev.get("trigger")]
    assert 0 < len(shots) <= MAX_TRIGGER_DEPTH
    assert b._depth == 0  # unwound
    assert not b.over and all(b.alive)  # the chain stopped, the battle goes on


def test_a_branching_chain_stops_at_the_per_turn_bound():
    """Three pingers a side: each wound sets off three shots, a tree far wider than the per-turn
    bound long before it is deep."""
    a = [pinger("A", OPENER), pinger("A2"), pinger("A3")]
    bb = [pinger("B"), pinger("B2"), pinger("B3")]
    places = ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK, 4: square(5, 1), 5: square(5, 3)})
    b = _battle(a, bb, places)
    b.apply(UseAbility(0, 0, (3,)))
    assert "triggers_per_turn" in b.limit.split(",")
    fired = [ev for ev in b.log if ev["e"] == "ability" and ev.get("trigger")]
    assert len(fired) <= MAX_TRIGGERS_PER_TURN
    assert b.result().limit == b.limit


class Pacer(Player):
    """Steps back and forth for ever (it never ends its turn)."""

    name = "pacer"

    def play_turn(self, battle: Battle) -> None:
        u = battle.units[battle.active][0]
        here = battle.pos[u]
        while not battle.over:
            there = square(1, 2) if battle.pos[u] == here else here
            battle.apply(Move(u, there))

    def hide(self, battle, candidates):
        return []


def test_a_player_that_never_ends_its_turn_draws_at_the_action_bound():
    walker = card("Walker", move=10 * MAX_ACTIONS_PER_TURN)
    b = Battle(([walker], [card("Foe")]), (Pacer(), Scripted()), placements=({0: P1_BACK}, {1: P2_BACK}),
               record=True)
    result = b.run()
    assert (result.winner, result.reason, result.limit) == (None, "action_limit", "actions_per_turn")
    assert sum(ev["e"] == "move" for ev in b.log) == MAX_ACTIONS_PER_TURN


def test_an_ordinary_battle_reaches_no_bound():
    from tests.battle.test_ability_kinds import shooter

    b = Battle(([shooter(OPENER)], [shooter(OPENER)]), (Scripted(), Scripted()),
               placements=({0: P1_BACK}, {1: P2_BACK}), config=BattleConfig(max_rounds=2))
    assert b.run().limit == ""
