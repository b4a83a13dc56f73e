"""Invariants under random and heuristic play (hypothesis): the board stays consistent, wounds are
never negative, every game ends; a battle is a pure function of its seed."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.battle import Battle, BattleConfig, make_player
from analysis.battle.board import AUX, NOWHERE
from analysis.battle.tables import FLYER, TERRAIN
from analysis.cards import load_cards

DB = load_cards()
POOL = [c for c in DB.cards if c.type != "creature"][:400] + [
    c for c in DB.cards if c.type == "creature"
][::3]
REASONS = {"elimination", "mutual", "stall", "timeout_cost", "timeout_draw"}


def check(b: Battle) -> None:
    per_square: dict[int, int] = {}
    for u in range(b.n):
        assert b.wounds[u] >= 0
        if not b.alive[u]:
            assert b.pos[u] == NOWHERE and u not in b.units[b.seat[u]]
            continue
        assert b.wounds[u] < b.life[u]
        if b.host[u] >= 0:
            h = b.host[u]
            assert b.alive[h] and b.pos[u] == b.pos[h] and b.rider[h] == u
        elif b.kind[u] in (FLYER, TERRAIN):
            assert b.pos[u] == AUX
        else:
            assert b.pos[u] >= 0 and b.board[b.pos[u]] == u
            per_square[b.pos[u]] = per_square.get(b.pos[u], 0) + 1
    assert all(n == 1 for n in per_square.values()), "two independent cards on a square"
    for s, u in enumerate(b.board):
        assert u < 0 or (b.alive[u] and b.pos[u] == s)
        assert (b.occupied >> s & 1) == (u >= 0)
    for seat in (0, 1):
        alive = [u for u in b.units[seat] if b.creature[u]]
        assert len(alive) == b.n_creatures[seat]
        assert sum(1 for u in alive if b.kind[u] != FLYER) == b.n_ground[seat]


class CheckedBattle(Battle):
    """Checks the invariants after every action."""

    def apply(self, action, draws=None):
        super().apply(action, draws)
        check(self)


squads = st.lists(st.sampled_from(POOL), min_size=1, max_size=15)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=squads, b=squads, players=st.tuples(st.sampled_from(["heuristic", "random"]),
                                              st.sampled_from(["heuristic", "random"])),
       seed=st.integers(0, 2**32), rounds=st.integers(1, 12))
def test_invariants_and_every_game_ends(a, b, players, seed, rounds):
    battle = CheckedBattle((a, b), (make_player(players[0]), make_player(players[1])), seed=seed,
                           config=BattleConfig(max_rounds=rounds))
    check(battle)
    result = battle.run()
    check(battle)
    assert battle.over and result.reason in REASONS
    assert result.turns <= 2 * rounds
    if result.reason == "elimination":
        assert battle.n_creatures[1 - result.winner] == 0 and battle.n_creatures[result.winner] > 0


@settings(max_examples=15, deadline=None)
@given(a=squads, b=squads, seed=st.integers(0, 2**32))
def test_a_seed_gives_the_same_battle(a, b, seed):
    runs = []
    for _ in range(2):
        battle = Battle((a, b), (make_player("heuristic"), make_player("random")), seed=seed, record=True)
        battle.run()
        runs.append(battle.log)
    assert runs[0] == runs[1]


@settings(max_examples=300, deadline=None)
@given(occupied=st.integers(0, 2**30 - 1), goals=st.integers(0, 2**30 - 1))
def test_movement_field_is_a_breadth_first_search(occupied, goals):
    from analysis.battle.board import ADJ4, SQUARES
    from analysis.battle.players import _distance_field

    goals &= ~occupied
    dist = [99] * SQUARES
    frontier = [s for s in range(SQUARES) if goals >> s & 1]
    for s in frontier:
        dist[s] = 0
    while frontier:
        nxt = []
        for s in frontier:
            for t in ADJ4[s]:
                if dist[t] == 99 and not occupied >> t & 1:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    assert _distance_field(occupied, goals) == tuple(dist)
