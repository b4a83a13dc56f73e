"""Card ratings: each creature's expected duel win probability against a reference pool.

A creature's rating is the mean, over the pool (equally weighted; by default every creature of the
selected sets, one entry per card name, the creature itself included), of its probability of winning
the duel of :mod:`analysis.combat.duel` under the ``always_attack`` policy, with the first strike split
evenly (half the duels it moves first, half second). ``per_crystal`` divides that by the card's cost.

The duels follow each pair's plan (:mod:`analysis.combat.duel_plan`): the creatures' abilities that act
in a duel (magic and special strikes, spells and effects that wound, strike bonus, "−X from",
protections, poisoning, regeneration), the approach (a creature with a ranged attack shoots before
the other reaches it), and 000 4.16 when one of them flies. All ~1,100 built-in creatures against
each other are computed at once by :func:`analysis.combat.duel_matrix.duel_matrix`, which equals
:func:`analysis.combat.duel.duel` pair by pair (the tests check it).

    >>> from analysis.combat.strike import fighter_from_stats
    >>> a, b = fighter_from_stats("2-3-4", 8), fighter_from_stats("1-2-3", 8)
    >>> m = duel_matrix([a, b], [a, b])
    >>> bool(m.first_wins[0, 1] > m.first_wins[1, 0])
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from analysis.cards.table import Card, CardDB, load_cards
from analysis.combat.duel import DEFAULT_MAX_TURNS
from analysis.combat.duel_matrix import DuelMatrix, duel_matrix
from analysis.combat.strike import STRIKE_TABLE, fighter_from_card, model_of
from analysis.util.errors import BerserkInputError

# --------------------------------------------------------------------------- ratings of cards


def creature_pool(db: CardDB, sets: Sequence[int] | None = None) -> list[Card]:
    """One card per creature name (its newest printing) with strike and life, of the given sets."""
    seen: dict[str, Card] = {}
    for card in db.filter(sets=sets):
        if card.is_creature and card.strike is not None and card.life is not None:
            seen.setdefault(card.key, db.default_printing(card))
    return sorted(seen.values(), key=lambda c: c.id)


def ratings(
    cards: Sequence[Card] | None = None,
    pool: Sequence[Card] | None = None,
    rules=STRIKE_TABLE,
    weaken: str = "best",
    max_turns: int = DEFAULT_MAX_TURNS,
    db: CardDB | None = None,
    sets: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> pd.DataFrame:
    """Rating table: one row per rated creature, best first.

    ``cards`` default to every creature of ``sets`` (all sets when None); ``pool`` defaults to the
    same (pass a deck's creatures to rate against a deck; copies in a deck weigh by count). Columns:
    ``key, name, code, cost, life, strike, win, loss, both_die, undecided, rating_per_crystal``
    where ``win`` is the pool-mean probability of winning with the first strike split evenly.
    """
    db = db or load_cards()
    rated = list(cards) if cards is not None else creature_pool(db, sets)
    against = list(pool) if pool is not None else creature_pool(db, sets)
    rated = [c for c in rated if c.is_creature and c.strike is not None and c.life is not None]
    against = [c for c in against if c.is_creature and c.strike is not None and c.life is not None]
    if not rated:
        raise BerserkInputError("no creature with strike and life to rate")
    if not against:
        raise BerserkInputError("the reference pool has no creature with strike and life")
    fr = [fighter_from_card(c) for c in rated]
    fp = [fighter_from_card(c) for c in against]
    as_first = duel_matrix(fr, fp, rules, weaken, max_turns, progress)
    as_second = duel_matrix(fp, fr, rules, weaken, max_turns)
    win = 0.5 * as_first.first_wins.mean(axis=1) + 0.5 * as_second.second_wins.mean(axis=0)
    loss = 0.5 * as_first.second_wins.mean(axis=1) + 0.5 * as_second.first_wins.mean(axis=0)
    both = 0.5 * as_first.both_die.mean(axis=1) + 0.5 * as_second.both_die.mean(axis=0)
    frame = pd.DataFrame(
        {
            "key": [c.key for c in rated],
            "name": [c.name for c in rated],
            "code": [c.code for c in rated],
            "cost": [c.cost for c in rated],
            "life": [c.life for c in rated],
            "strike": ["-".join(str(v) for v in c.strike) for c in rated],  # type: ignore[union-attr]
            "win": win,
            "loss": loss,
            "both_die": both,
            "undecided": np.clip(1.0 - win - loss - both, 0.0, 1.0),
        }
    )
    frame["rating_per_crystal"] = frame["win"] / frame["cost"].where(frame["cost"] > 0)
    frame = frame.sort_values(["win", "name"], ascending=[False, True], kind="stable").reset_index(drop=True)
    frame.attrs.update({"rules": model_of(rules), "weaken": weaken, "max_turns": max_turns,
                        "policy": "always_attack", "pool_size": len(against)})
    return frame


def ratings_map(
    rules=STRIKE_TABLE,
    cards: Sequence[Card] | None = None,
    pool: Sequence[Card] | None = None,
    per_crystal: bool = False,
    db: CardDB | None = None,
    sets: Sequence[int] | None = None,
    weaken: str = "best",
    max_turns: int = DEFAULT_MAX_TURNS,
) -> dict[str, float]:
    """``Card.key`` → rating, for the recruitment optimizer's ``rating`` objective.

    The rating is the expected duel win probability (0..1) against the pool (see :func:`ratings`),
    or, with ``per_crystal``, that divided by the card's cost. Cached per arguments by the duel
    matrix, so a second call is fast.
    """
    frame = ratings(cards, pool, rules, weaken, max_turns, db, sets)
    column = "rating_per_crystal" if per_crystal else "win"
    return {k: float(v) for k, v in zip(frame["key"], frame[column].fillna(0.0), strict=True)}


__all__ = ["DuelMatrix", "creature_pool", "duel_matrix", "ratings", "ratings_map"]  # (re-exported)
