"""Card ratings: each creature's expected duel win probability against a reference pool.

A creature's rating is the mean, over the pool (equally weighted; by default every creature of the
selected sets, one entry per card name, the creature itself included), of its probability of winning
the duel of :mod:`analysis.duel` under the ``always_attack`` policy, with the first strike split
evenly (half the duels it moves first, half second). ``per_crystal`` divides that by the card's cost.

All ~1,100 built-in creatures against each other is ~200,000 distinct duels (after merging cards with
the same fighting profile), too many for one dynamic programme each. Under ``always_attack`` only
the first blow meets an open parrier; after it, each creature's wounds depend only on the other's
closed-target rolls and its own regeneration, so the two wound processes are independent given the
first exchange. Per (attacker, target) profile we tabulate the chance that the target is dead after
k attacks from w wounds (numpy, all at once), and combine the two tables per first-exchange outcome:
P(first wins) = Σ_k P(second dies at the first's k-th attack) · P(first survives k − 1 attacks).
The result equals :func:`analysis.duel.duel` (the tests check it pair by pair), including the
``best`` weakening choice on the first exchange (made by win probability).

    >>> from analysis.combat import fighter_from_stats
    >>> a, b = fighter_from_stats("2-3-4", 8), fighter_from_stats("1-2-3", 8)
    >>> m = duel_matrix([a, b], [a, b])
    >>> bool(m.first_wins[0, 1] > m.first_wins[1, 0])
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from analysis.cards import Card, CardDB, load_cards
from analysis.combat import (
    STRIKE_TABLE,
    Fighter,
    closed_kind_weights,
    exchange_kind_rows,
    fighter_from_card,
    model_of,
    strike_space,
)
from analysis.duel import DEFAULT_MAX_TURNS
from analysis.errors import BerserkInputError

CHUNK_TERMS = 50_000
_TERM_FIELDS = ("pair", "weight", "dt", "da", "dt_w", "da_w", "has_weak", "chooser")
"""One term per (pair, first-exchange row): its weight, the wounds to the second (dt) and to the
first (da), the same after weakening, whether the row may be weakened, and who chooses (0 first)."""


def _profile(f: Fighter) -> Fighter:
    """The fighter without its name and cost: cards with equal profiles fight identically."""
    return replace(f, name="", cost=0, key="")


@dataclass(frozen=True)
class DuelMatrix:
    """``first_wins[i, j]`` / ``second_wins[i, j]`` / ``both_die[i, j]``: duel of ``rows[i]`` moving
    first against ``cols[j]``, always attacking."""

    rows: tuple[Fighter, ...]
    cols: tuple[Fighter, ...]
    first_wins: np.ndarray
    second_wins: np.ndarray
    both_die: np.ndarray


class _DeathTables:
    """Per (attacker profile, target profile): the closed-target damage and the death-time tables.

    ``dead[c, w, k]``: P(target dead after k steps of "target regenerates, then is struck") from w
    wounds; ``first[c, w, m]``: the same when the first step has no regeneration before it.
    """

    def __init__(self, combos: list[tuple[tuple[tuple[float, int], ...], int, int]], steps: int):
        n = len(combos)
        max_dmg = max((d for dist, _, _ in combos for _, d in dist), default=0)
        max_life = max((life for _, life, _ in combos), default=1)
        width = max_life + max_dmg + 1
        self.width = width
        outcomes = max(len(dist) for dist, _, _ in combos) if combos else 1
        prob = np.zeros((n, outcomes))
        dmg = np.zeros((n, outcomes), dtype=np.int64)
        life = np.array([lf for _, lf, _ in combos], dtype=np.int64)
        regen = np.array([r for _, _, r in combos], dtype=np.int64)
        for c, (dist, _, _) in enumerate(combos):
            for o, (p, d) in enumerate(dist):
                prob[c, o], dmg[c, o] = p, d
        w = np.arange(width)
        dead0 = (w[None, :] >= life[:, None]).astype(float)
        after_regen = np.maximum(0, w[None, :] - regen[:, None])
        after_regen = np.where(dead0 > 0, w[None, :], after_regen)
        idx_regen = np.minimum(after_regen[:, None, :] + dmg[:, :, None], width - 1)  # (n, o, w)
        idx_plain = np.minimum(w[None, None, :] + dmg[:, :, None], width - 1)
        dead = np.empty((n, width, steps + 1))
        first = np.empty((n, width, steps + 1))
        dead[:, :, 0] = dead0
        first[:, :, 0] = dead0
        rows = np.arange(n)[:, None, None]
        for k in range(1, steps + 1):
            prev = dead[:, :, k - 1]
            dead[:, :, k] = np.maximum(dead0, (prob[:, :, None] * prev[rows, idx_regen]).sum(axis=1))
            first[:, :, k] = np.maximum(dead0, (prob[:, :, None] * prev[rows, idx_plain]).sum(axis=1))
        self.dead, self.first = dead, first


def _closed_damage(att: Fighter, tgt: Fighter, model: str) -> tuple[tuple[float, int], ...]:
    space = strike_space(att, tgt, model, True)
    return tuple(sorted((b.weight / space.denominator, b.plain[0]) for b in space.branches))


def duel_matrix(
    rows: Sequence[Fighter],
    cols: Sequence[Fighter],
    rules=STRIKE_TABLE,
    weaken: str = "best",
    max_turns: int = DEFAULT_MAX_TURNS,
    progress: Callable[[int, int], None] | None = None,
) -> DuelMatrix:
    """Always-attack duel outcomes of every row fighter moving first against every column fighter."""
    model = model_of(rules)
    rows_p = [_profile(f) for f in rows]
    cols_p = [_profile(f) for f in cols]
    uniq_r = list(dict.fromkeys(rows_p))
    uniq_c = list(dict.fromkeys(cols_p))
    fw, sw, bd = _profile_matrix(tuple(uniq_r), tuple(uniq_c), model, weaken, int(max_turns), progress)
    ri = np.array([uniq_r.index(p) for p in rows_p], dtype=np.int64) if rows_p else np.zeros(0, np.int64)
    ci = np.array([uniq_c.index(p) for p in cols_p], dtype=np.int64) if cols_p else np.zeros(0, np.int64)
    take = np.ix_(ri, ci)
    return DuelMatrix(tuple(rows), tuple(cols), fw[take], sw[take], bd[take])


_CACHE: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _profile_matrix(rows: tuple[Fighter, ...], cols: tuple[Fighter, ...], model: str, weaken: str,
                    max_turns: int, progress=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    key = (rows, cols, model, weaken, max_turns)
    if key not in _CACHE:
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = _compute_matrix(rows, cols, model, weaken, max_turns, progress)
    return _CACHE[key]


def _compute_matrix(rows: tuple[Fighter, ...], cols: tuple[Fighter, ...], model: str, weaken: str,
                    max_turns: int, progress=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if max_turns < 1:
        raise BerserkInputError(f"max_turns must be at least 1, got {max_turns}")
    if weaken not in ("never", "always", "best"):
        raise BerserkInputError(f"unknown weakening policy {weaken!r}; use never, always or best")
    k_first, k_second = (max_turns + 1) // 2, max_turns // 2
    builder = _table_terms if model == STRIKE_TABLE else _generic_terms
    combos, cij, cji, t = builder(rows, cols, model)
    tables = _DeathTables(combos, k_first)
    n_cols = len(cols)
    life_first = np.array([f.life for f in rows], dtype=np.int64)[t["pair"] // n_cols]
    life_second = np.array([f.life for f in cols], dtype=np.int64)[t["pair"] % n_cols]
    c1, c2 = cij[t["pair"]], cji[t["pair"]]

    def outcome(dt: np.ndarray, da: np.ndarray, sel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """P(first wins), P(second wins) after a first exchange (dt to the second, da to the first)."""
        n = len(sel)
        win1, win2 = np.empty(n), np.empty(n)
        for start in range(0, n, CHUNK_TERMS):
            part = sel[start : start + CHUNK_TERMS]
            d_t = np.minimum(dt[part], tables.width - 1)
            d_a = np.minimum(da[part], tables.width - 1)
            # FY(k), k = 1..K1: second dead by the first's k-th attack (k = 1 is the exchange).
            fy = tables.dead[c1[part], d_t, :k_first]
            # SX(m), m = 0..K2: first still alive after the second's m-th attack.
            sx = 1.0 - tables.first[c2[part], d_a, : k_second + 1]
            fy_prev = np.concatenate([np.zeros((len(part), 1)), fy[:, :-1]], axis=1)
            win1[start : start + len(part)] = ((fy - fy_prev) * sx[:, :k_first]).sum(axis=1)
            died = sx[:, :-1] - sx[:, 1:]  # first dies at the second's m-th attack, m = 1..K2
            # ... which counts when the second survived the first's m-th attack (it comes before)
            lost_exchange = (d_a >= life_first[part]) & (d_t < life_second[part])
            win2[start : start + len(part)] = lost_exchange + (died * (1.0 - fy[:, :k_second])).sum(axis=1)
            if progress is not None and n == total_terms:
                progress(start + len(part), total_terms)
        return win1, win2

    total_terms = len(t["pair"])
    every = np.arange(total_terms)
    win1, win2 = outcome(t["dt"], t["da"], every)
    dt, da = t["dt"].copy(), t["da"].copy()
    weak = np.flatnonzero(t["has_weak"])
    if weaken != "never" and len(weak):
        w1, w2 = outcome(t["dt_w"], t["da_w"], weak)
        if weaken == "always":
            use = np.ones(len(weak), dtype=bool)
        else:  # best: the chooser's own win probability, strictly better; a tie keeps the plain row
            attacker = t["chooser"][weak] == 0
            use = np.where(attacker, w1 > win1[weak], w2 > win2[weak])
        sel = weak[use]
        win1[sel], win2[sel] = w1[use], w2[use]
        dt[sel], da[sel] = t["dt_w"][sel], t["da_w"][sel]
    both = ((da >= life_first) & (dt >= life_second)).astype(float)
    shape = (len(rows), n_cols)
    size = shape[0] * shape[1]

    def total(values: np.ndarray) -> np.ndarray:
        return np.bincount(t["pair"], weights=t["weight"] * values, minlength=size).reshape(shape)

    return total(win1), total(win2), total(both)


def _combo_ids(keys: list[tuple]) -> tuple[list[tuple], np.ndarray]:
    index: dict[tuple, int] = {}
    ids = np.array([index.setdefault(k, len(index)) for k in keys], dtype=np.int64)
    return list(index), ids


def _generic_terms(rows, cols, model):
    """Terms from :func:`analysis.combat.strike_space`, pair by pair (any combat model)."""
    keys_ij, keys_ji = [], []
    t: dict[str, list] = {k: [] for k in _TERM_FIELDS}
    for i, a in enumerate(rows):
        for j, b in enumerate(cols):
            keys_ij.append((_closed_damage(a, b, model), b.life, b.regeneration))
            keys_ji.append((_closed_damage(b, a, model), a.life, a.regeneration))
            space = strike_space(a, b, model, False)
            for br in space.branches:
                weak = br.weakened or br.plain
                t["pair"].append(i * len(cols) + j)
                t["weight"].append(br.weight / space.denominator)
                t["dt"].append(br.plain[0])
                t["da"].append(br.plain[1])
                t["dt_w"].append(weak[0])
                t["da_w"].append(weak[1])
                t["has_weak"].append(br.weakened is not None)
                t["chooser"].append(0 if br.chooser == "attacker" else 1)
    combos, ids = _combo_ids(keys_ij + keys_ji)
    n = len(keys_ij)
    arrays = {k: np.array(v, dtype=float if k == "weight" else bool if k == "has_weak" else np.int64)
              for k, v in t.items()}
    return combos, ids[:n], ids[n:], arrays


def _table_terms(rows, cols, model):
    """Terms for the Strike Table, vectorised over pairs: the kinds of the exchange depend only on
    the two roll modifiers (:func:`analysis.combat.exchange_kind_rows`), the wounds on strikes and armor."""
    nr, nc = len(rows), len(cols)

    def strikes(fs):  # (n, 4): wounds of miss, weak, medium, strong before armor
        return np.array([[0, *(f.wounds(k) for k in (0, 1, 2))] for f in fs], dtype=np.int64)

    s_r, s_c = strikes(rows), strikes(cols)

    def soak(fs):  # (n,): what a receiver takes off a non-magical / magical strike, and protection
        red = np.array([f.reduce for f in fs], dtype=np.int64)
        arm = np.array([f.armor for f in fs], dtype=np.int64)
        prot = np.array([f.prot_simple for f in fs], dtype=bool)
        return red + arm, red, prot

    def magical(fs):
        return np.array([f.magical for f in fs], dtype=bool)

    plain_r, magic_r, prot_r = soak(rows)
    plain_c, magic_c, prot_c = soak(cols)
    # row → col and col → row wounds by kind + 1 (miss first): power less "−X from" and (for a
    # non-magical strike) armor, not below 0; nothing through protection from simple strikes.
    cut_rc = np.where(magical(rows)[:, None], magic_c[None, :], plain_c[None, :])
    cut_cr = np.where(magical(cols)[None, :], magic_r[:, None], plain_r[:, None])
    dealt = np.where(prot_c[None, :, None], 0, np.maximum(0, s_r[:, None, :] - cut_rc[:, :, None]))
    back = np.where(prot_r[:, None, None], 0, np.maximum(0, s_c[None, :, :] - cut_cr[:, :, None]))
    am_r = np.array([f.attack_mod for f in rows], dtype=np.int64)
    am_c = np.array([f.attack_mod for f in cols], dtype=np.int64)
    pm_c = np.array([f.parry_mod for f in cols], dtype=np.int64)

    def closed_rows(am_att, dmg, life_t, regen_t):
        """Per pair (attacker's roll modifier clamped to where it matters, wounds of weak /
        medium / strong, target life, target regeneration): what the closed-target race depends on."""
        shape = dmg.shape[:2]
        return np.stack([np.broadcast_to(np.clip(am_att, -6, 6), shape), dmg[:, :, 1], dmg[:, :, 2],
                         dmg[:, :, 3], np.broadcast_to(life_t, shape), np.broadcast_to(regen_t, shape)],
                        axis=-1).reshape(-1, 6)

    life_r = np.array([f.life for f in rows], dtype=np.int64)
    life_c = np.array([f.life for f in cols], dtype=np.int64)
    regen_r = np.array([f.regeneration for f in rows], dtype=np.int64)
    regen_c = np.array([f.regeneration for f in cols], dtype=np.int64)
    keys = np.concatenate([
        closed_rows(am_r[:, None], dealt, life_c[None, :], regen_c[None, :]),  # row attacks column
        closed_rows(am_c[None, :], back, life_r[:, None], regen_r[:, None]),  # column attacks row
    ])
    uniq, inverse = np.unique(keys, axis=0, return_inverse=True)
    ids = inverse.reshape(-1)
    combos = []
    for am, w, m, st_, life, regen in uniq.tolist():
        wounds = {0: w, 1: m, 2: st_}
        dist = tuple(sorted((n / 6, wounds[k]) for k, n in closed_kind_weights(am)))
        combos.append((dist, life, regen))
    n = nr * nc
    pair_grid = np.arange(n).reshape(nr, nc)
    parts: dict[str, list[np.ndarray]] = {k: [] for k in _TERM_FIELDS}
    for am in np.unique(am_r):
        for pm in np.unique(pm_c):
            mask = (am_r == am)[:, None] & (pm_c == pm)[None, :]
            ii, jj = np.nonzero(mask)
            if not len(ii):
                continue
            for ways, (ka, kp), weak, chooser in exchange_kind_rows(int(am), int(pm)):
                wk = weak or (ka, kp)
                parts["pair"].append(pair_grid[ii, jj])
                parts["weight"].append(np.full(len(ii), ways / 36))
                parts["dt"].append(dealt[ii, jj, ka + 1])
                parts["da"].append(back[ii, jj, kp + 1])
                parts["dt_w"].append(dealt[ii, jj, wk[0] + 1])
                parts["da_w"].append(back[ii, jj, wk[1] + 1])
                parts["has_weak"].append(np.full(len(ii), weak is not None))
                parts["chooser"].append(np.full(len(ii), 0 if chooser == "attacker" else 1))
    arrays = {k: np.concatenate(v) for k, v in parts.items()}
    return combos, ids[:n], ids[n:], arrays


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


__all__ = ["DuelMatrix", "creature_pool", "duel_matrix", "ratings", "ratings_map"]
