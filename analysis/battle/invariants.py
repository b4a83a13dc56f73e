"""What must hold in every battle state, and battles that check it after every action.

Used by the property tests (``tests/battle/test_invariants.py``) and by the fuzzer
(``scripts/fuzz_battles.py``), which plays many seeded battles of random squads to find engine
bugs that no hand-written test describes:

    >>> from analysis.battle import make_player
    >>> from analysis.battle.invariants import CheckedBattle, random_squads
    >>> squads = random_squads(pool, random.Random(7))                  # doctest: +SKIP
    >>> players = (make_player("random"), make_player("heuristic"))
    >>> CheckedBattle(squads, players, seed=7).run()                    # doctest: +SKIP

Not compiled (``setup.py`` lists the compiled modules): it is only run while testing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from analysis.battle.board import AUX, NOWHERE
from analysis.battle.engine import Battle
from analysis.battle.tables import FLYER, TERRAIN
from analysis.cards.table import Card

END_REASONS = frozenset({"elimination", "mutual", "stall", "timeout_cost", "timeout_draw"})
"""How a battle may end (``BattleResult.reason``) without hitting a safety bound."""


class InvariantError(AssertionError):
    """A battle state broke an invariant (the message says which, and where)."""


def check_invariants(b: Battle) -> None:
    """Raise :class:`InvariantError` if the state of ``b`` is inconsistent: wounds negative or
    lethal on a living card, a dead card still on the board, a rider away from its host, two
    independent cards on a square (an incorporeal card may share one: 000 glossary "Incorporeal
    creature"), the board's occupancy bits or the squads' creature counts out of step. (Each message
    is only written when its check fails: the fuzzer runs this after every action.)"""
    per_square: dict[int, int] = {}
    for u in range(b.n):
        if b.wounds[u] < 0:
            raise InvariantError(f"unit {u}: negative wounds {b.wounds[u]}")
        if not b.alive[u]:
            if not (b.pos[u] == NOWHERE and u not in b.units[b.seat[u]]):
                raise InvariantError(f"dead unit {u} still in play")
            continue
        if b.wounds[u] >= b.life[u]:
            raise InvariantError(f"unit {u} alive with {b.wounds[u]} wounds of {b.life[u]} life")
        p = b.pos[u]
        if b.host[u] >= 0:
            h = b.host[u]
            if not (b.alive[h] and p == b.pos[h] and b.rider[h] == u):
                raise InvariantError(f"rider {u} (square {p}) apart from its host {h} (square {b.pos[h]})")
        elif b.kind[u] in (FLYER, TERRAIN):
            if p != AUX:
                raise InvariantError(f"flyer or terrain {u} on square {p}")
        elif p >= 0 and b.share[p] == u:  # an incorporeal card sharing a square
            if not (b.ghost[u] and b.board[p] not in (-1, u)):
                raise InvariantError(f"unit {u} shares square {p}")
        else:
            if not (p >= 0 and b.board[p] == u):
                raise InvariantError(f"unit {u} at square {p}, which holds {b.board[p] if p >= 0 else '-'}")
            per_square[p] = per_square.get(p, 0) + 1
    if any(n != 1 for n in per_square.values()):
        raise InvariantError("two independent cards on a square")
    for s, u in enumerate(b.board):
        if not (u < 0 or (b.alive[u] and b.pos[u] == s)):
            raise InvariantError(f"square {s} holds unit {u} elsewhere or dead")
        if (b.occupied >> s & 1) != (u >= 0):
            raise InvariantError(f"occupancy bit of square {s} out of step")
        x = b.share[s]
        if not (x < 0 or (u >= 0 and b.alive[x] and b.pos[x] == s)):
            raise InvariantError(f"square {s} shared by {x} wrongly")
    for seat in (0, 1):
        alive = [u for u in b.units[seat] if b.creature[u]]
        if len(alive) != b.n_creatures[seat]:
            raise InvariantError(f"seat {seat}: creature count out of step")
        if sum(1 for u in alive if b.kind[u] != FLYER) != b.n_ground[seat]:
            raise InvariantError(f"seat {seat}: ground creature count out of step")


class CheckedBattle(Battle):
    """A :class:`~analysis.battle.engine.Battle` that checks :func:`check_invariants` after every
    action (slower; for tests and the fuzzer)."""

    def apply(self, action, draws=None):  # type: ignore[override]
        super().apply(action, draws)
        check_invariants(self)


def random_squads(pool: Sequence[Card], rng: random.Random,
                  sizes: tuple[int, int] = (4, 15)) -> tuple[list[Card], list[Card]]:
    """Two squads of distinct cards drawn from ``pool`` with ``rng`` (each of ``sizes[0]`` to
    ``sizes[1]`` cards); no squad rule is applied: the engine must cope with any cards."""
    cards = list(pool)
    lo, hi = min(sizes[0], len(cards)), min(sizes[1], len(cards))
    return rng.sample(cards, rng.randint(lo, hi)), rng.sample(cards, rng.randint(lo, hi))
