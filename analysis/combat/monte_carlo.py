"""Monte Carlo for simple strikes and duels: vectorised numpy dice, seeded, with 95 % intervals.

The simulation rolls real dice and applies the rules itself, vectorised over millions of strikes:
the Strike Table through :func:`analysis.combat.strike_table.exchange_row` looked up by the modified
difference (unclamped), the closed-target bands with the clamp, the realms defence die with the
re-roll rule of :func:`analysis.combat.strike.reroll_plan`. It does not use the exact outcome spaces of
:mod:`analysis.combat.strike`, so the tests can check each figure against them.

    >>> from analysis.combat.strike import fighter_from_stats
    >>> sim = simulate_strikes(fighter_from_stats("2-3-4", 5), fighter_from_stats("1-2-3", 4),
    ...                        closed=True, n=60_000, seed=1)
    >>> est = sim.outcomes[(2, 0)]
    >>> est.lo < 0.5 < est.hi
    True

Intervals are Wilson score intervals for proportions (z = 1.96) and normal intervals for means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from analysis.combat import strike_table as st
from analysis.combat.duel import DEFAULT_MAX_TURNS, DUEL_POLICIES, duel_policy
from analysis.combat.duel_plan import IDLE, PREPARE, STRIKE, plan_duel
from analysis.combat.strike import (
    STRIKE_TABLE,
    WEAKEN_POLICIES,
    Fighter,
    _band,
    _face_weights,
    _realms_faces,
    _wounds,
    lone_value,
    model_of,
    reroll_plan,
    strike_space,
)
from analysis.util.errors import BerserkInputError
from analysis.util.limits import MAX_DUEL_TURNS, MAX_SIMULATE, check_range, check_seed

Z95 = 1.959963984540054
BATCH = 1 << 20
_SPAN = 40  # modified differences are looked up in −_SPAN.._SPAN


@dataclass(frozen=True)
class Estimate:
    """A simulated proportion (``k`` of ``n``) or mean (``sd`` given) with its 95 % interval."""

    value: float
    lo: float
    hi: float
    n: int
    k: int | None = None
    sd: float | None = None

    def contains(self, x: float, slack: float = 1e-12) -> bool:
        """Whether ``x`` lies in the interval (``slack`` absorbs float rounding of exact values)."""
        return self.lo - slack <= x <= self.hi + slack

    def at_level(self, level: float) -> Estimate:
        """The same estimate with an interval of another confidence level (e.g. Bonferroni)."""
        z = NormalDist().inv_cdf(0.5 + level / 2)
        if self.k is not None:
            return wilson(self.k, self.n, z)
        return _mean_z(self.value, self.sd or 0.0, self.n, z)


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval of a proportion."""
    if n <= 0:
        return Estimate(math.nan, 0.0, 1.0, 0, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, lo, hi, n, successes)


def _mean_z(mean: float, sd: float, n: int, z: float) -> Estimate:
    half = z * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, None, sd)


def _mean(total: float, total_sq: float, n: int) -> Estimate:
    mean = total / n
    var = max(0.0, total_sq / n - mean * mean) * n / max(1, n - 1)
    return _mean_z(mean, math.sqrt(var), n, Z95)


@dataclass(frozen=True)
class StrikeSim:
    """Simulated distribution of one simple strike: outcome (to_target, to_attacker) → estimate."""

    n: int
    seed: int
    model: str
    closed: bool
    policy: str
    outcomes: dict[tuple[int, int], Estimate]
    p_target_dies: Estimate
    p_attacker_dies: Estimate
    to_target: Estimate
    to_attacker: Estimate


class _Dice:
    """Roll faces for each side under the rules of the model (vectorised)."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def d6(self, n: int) -> np.ndarray:
        return self.rng.integers(1, 7, size=n, dtype=np.int16)

    def with_plan(self, n: int, plan: tuple[tuple[bool, ...], ...]) -> np.ndarray:
        """Faces after optimal re-rolls: with k re-rolls left, re-roll faces ``plan[k]`` drops."""
        face = self.d6(n)
        active = np.ones(n, dtype=bool)
        for k in range(len(plan) - 1, 0, -1):
            keep = np.array(plan[k])
            active &= ~keep[face - 1]
            count = int(active.sum())
            if not count:
                break
            face[active] = self.d6(count)
        return face


def _kind_wounds(striker: Fighter, receiver: Fighter) -> np.ndarray:
    """Wounds by kind + 1 (index 0 = miss) after the receiver's armor."""
    return np.array([_wounds(striker, receiver, k) for k in (st.MISS, st.WEAK, st.MEDIUM, st.STRONG)],
                    dtype=np.int16)


def _table_luts():
    """Kind lookup by modified difference d (offset by _SPAN): plain and after weakening."""
    ds = range(-_SPAN, _SPAN + 1)
    plain = np.array([st.exchange_row(d) for d in ds], dtype=np.int16)  # d = 0 row: both ≤ 4
    weak = np.array([st.exchange_row(d - 1 if d > 0 else d + 1) if st.can_weaken(d) else st.exchange_row(d)
                     for d in ds], dtype=np.int16)
    can = np.array([st.can_weaken(d) for d in ds])
    chooser_attacker = np.array([d > 0 for d in ds])
    return plain, weak, can, chooser_attacker


_PLAIN, _WEAK, _CAN, _CHOOSER_ATT = _table_luts()
_TIE_HIGH = np.array(st.exchange_row(0, tied_high=True), dtype=np.int16)


def _table_rules(ra: np.ndarray, rp: np.ndarray | None, dealt: np.ndarray, back: np.ndarray,
                 weaken_rows) -> tuple[np.ndarray, np.ndarray]:
    """The Strike Table applied to arrays of modified results ``ra`` (attacker) and ``rp`` (parrier,
    None for a closed target): (wounds to target, wounds to attacker)."""
    if rp is None:
        roll = np.clip(ra, 1, 6)  # against a closed card the roll is clamped (000 2.14)
        kinds = np.where(roll <= 3, st.WEAK, np.where(roll <= 5, st.MEDIUM, st.STRONG))
        return dealt[kinds + 1], np.zeros(len(ra), dtype=np.int16)
    d = np.clip(ra - rp, -_SPAN, _SPAN) + _SPAN  # not clamped between open creatures
    kinds = _PLAIN[d].copy()
    tie_high = (ra == rp) & (ra >= 5)
    kinds[tie_high] = _TIE_HIGH
    to_t, to_a = dealt[kinds[:, 0] + 1], back[kinds[:, 1] + 1]
    can = _CAN[d]
    if can.any():
        wk = _WEAK[d[can]]
        wt, wa = dealt[wk[:, 0] + 1], back[wk[:, 1] + 1]
        use = weaken_rows(to_t[can], to_a[can], wt, wa, _CHOOSER_ATT[d[can]])
        idx = np.flatnonzero(can)[use]
        to_t[idx], to_a[idx] = wt[use], wa[use]
    return to_t, to_a


class _Striker:
    """One attacker → target simple strike, simulated: the rules are applied once to every
    combination of die faces (36, or 6 against a closed target) and the random dice index that
    table; in realms the faces come from simulated re-rolls."""

    def __init__(self, att: Fighter, tgt: Fighter, model: str, closed: bool, weaken_rows):
        self.model, self.closed = model, closed
        faces = np.arange(1, 7, dtype=np.int16)
        if model == STRIKE_TABLE:
            dealt, back = _kind_wounds(att, tgt), _kind_wounds(tgt, att)
            if closed:
                self.lut = _table_rules(faces + att.attack_mod, None, dealt, back, weaken_rows)
            else:
                a, p = np.repeat(faces, 6), np.tile(faces, 6)
                self.lut = _table_rules(a + att.attack_mod, p + tgt.parry_mod, dealt, back, weaken_rows)
            return
        # defence die (realms)
        faces_a = _realms_faces(att.roll)
        dealt_face = np.array([_wounds(att, tgt, _band(f)) for f in faces_a], dtype=np.int16)
        self.plan_a = reroll_plan(tuple(Fraction(int(w)) for w in dealt_face), att.exp_attack + att.blessing)
        if closed:
            self.lut = (dealt_face, np.zeros(6, dtype=np.int16))
            return
        # the defender's re-roll rule needs the attacker's expected wounds (exact, from the plan)
        weights = _face_weights(self.plan_a)
        total = sum(w * int(x) for w, x in zip(weights, dealt_face, strict=True))
        expected = Fraction(total, 6 ** len(self.plan_a))
        light_back = _wounds(tgt, att, st.WEAK)
        faces_d = _realms_faces(tgt.roll)
        worth = tuple(-expected if f <= 4 else Fraction(0 if f == 5 else light_back) for f in faces_d)
        self.plan_d = reroll_plan(worth, tgt.exp_defence + tgt.blessing)
        fa = np.repeat(np.arange(6), 6)
        fd = np.array(faces_d, dtype=np.int16)[np.tile(np.arange(6), 6)]
        to_t = np.where(fd <= 4, dealt_face[fa], 0).astype(np.int16)  # 1-4: the attack hits
        to_a = np.where(fd == 6, light_back, 0).astype(np.int16)  # 6: the defender strikes back
        self.lut = (to_t, to_a)

    def __call__(self, dice: _Dice, n: int) -> tuple[np.ndarray, np.ndarray]:
        if self.model == STRIKE_TABLE:
            a = dice.d6(n)
            idx = a - 1 if self.closed else (a - 1) * 6 + dice.d6(n) - 1
        else:
            a = dice.with_plan(n, self.plan_a)
            idx = a - 1 if self.closed else (a - 1) * 6 + dice.with_plan(n, self.plan_d) - 1
        return self.lut[0][idx], self.lut[1][idx]


def _lone_rule(policy: str):
    def rule(pt, pa, wt, wa, chooser_att):
        if policy == "never":
            return np.zeros(len(pt), dtype=bool)
        if policy == "always":
            return np.ones(len(pt), dtype=bool)
        # best for a lone strike: the chooser's wounds dealt minus taken, strictly better
        plain = np.where(chooser_att, pt.astype(int) - pa, pa.astype(int) - pt)
        weak = np.where(chooser_att, wt.astype(int) - wa, wa.astype(int) - wt)
        return weak > plain

    assert lone_value((1, 0), "attacker") == 1  # the same rule as the exact odds
    return rule


def simulate_strikes(
    attacker: Fighter,
    target: Fighter,
    rules=STRIKE_TABLE,
    closed: bool = False,
    weaken: str = "best",
    n: int = 1_000_000,
    seed: int = 0,
) -> StrikeSim:
    """``n`` simulated simple strikes; each outcome's probability with a 95 % Wilson interval."""
    model = model_of(rules)
    if weaken not in WEAKEN_POLICIES:
        raise BerserkInputError(f"unknown weakening policy {weaken!r}; use never, always or best")
    check_range("--simulate", n, 1, MAX_SIMULATE)
    check_seed(seed)
    dice = _Dice(np.random.default_rng(seed))
    counts: dict[int, int] = {}
    sums = np.zeros(4)
    dies = np.zeros(2, dtype=np.int64)
    strike = _Striker(attacker, target, model, bool(closed), _lone_rule(weaken))
    done = 0
    while done < n:
        m = min(BATCH, n - done)
        to_t, to_a = strike(dice, m)
        code = to_t.astype(np.int64) * 1024 + to_a
        values, freq = np.unique(code, return_counts=True)
        for v, f in zip(values.tolist(), freq.tolist(), strict=True):
            counts[v] = counts.get(v, 0) + f
        t64, a64 = to_t.astype(np.float64), to_a.astype(np.float64)
        sums += (t64.sum(), (t64 * t64).sum(), a64.sum(), (a64 * a64).sum())
        dies += (int((to_t >= target.life).sum()), int((to_a >= attacker.life).sum()))
        done += m
    outcomes = {(c // 1024, c % 1024): wilson(k, n) for c, k in sorted(counts.items())}
    policy = weaken if model == STRIKE_TABLE and not closed else "n/a"
    return StrikeSim(n, seed, model, bool(closed), policy, outcomes, wilson(int(dies[0]), n),
                     wilson(int(dies[1]), n), _mean(sums[0], sums[1], n), _mean(sums[2], sums[3], n))


@dataclass(frozen=True)
class DuelSim:
    """Simulated duel ends (always attack), each with a 95 % Wilson interval."""

    n: int
    seed: int
    first_wins: Estimate
    second_wins: Estimate
    both_die: Estimate
    undecided: Estimate
    policy: str
    weaken: str
    max_turns: int


def _open_table(att: Fighter, tgt: Fighter, weak_keys: tuple) -> tuple[np.ndarray, ...]:
    """Strike Table on an open target for the 36 die combinations: wounds without and with
    weakening, and the index of the combination's weakenable row in ``weak_keys`` (−1: none)."""
    faces = np.arange(1, 7, dtype=np.int16)
    ra, rp = np.repeat(faces, 6) + att.attack_mod, np.tile(faces, 6) + tgt.parry_mod
    dealt, back = _kind_wounds(att, tgt), _kind_wounds(tgt, att)
    pt, pa = _table_rules(ra, rp, dealt, back, lambda *x: np.zeros(len(x[0]), dtype=bool))
    wt, wa = _table_rules(ra, rp, dealt, back, lambda *x: np.ones(len(x[0]), dtype=bool))
    d = np.clip(ra - rp, -_SPAN, _SPAN) + _SPAN
    index = {key: r for r, key in enumerate(weak_keys)}
    row = np.full(36, -1, dtype=np.int64)
    for c in np.flatnonzero(_CAN[d]):
        chooser = "attacker" if _CHOOSER_ATT[d[c]] else "parrier"
        key = ((int(pt[c]), int(pa[c])), (int(wt[c]), int(wa[c])), chooser)
        row[c] = index[key]
    return pt, pa, wt, wa, row


class _AbilityStriker:
    """One use of an ability attack, simulated: a die face indexes the wounds it deals."""

    def __init__(self, attack, tgt: Fighter):
        self.lut = np.array([tgt.taken(attack, f) for f in range(1, 7)], dtype=np.int16)

    def __call__(self, dice: _Dice, n: int) -> tuple[np.ndarray, np.ndarray]:
        return self.lut[dice.d6(n) - 1], np.zeros(n, dtype=np.int16)


def simulate_duels(
    first: Fighter,
    second: Fighter,
    rules=STRIKE_TABLE,
    weaken: str = "best",
    n: int = 200_000,
    max_turns: int = DEFAULT_MAX_TURNS,
    seed: int = 0,
    policy: str = "always_attack",
) -> DuelSim:
    """``n`` simulated duels (the first moves first; see :mod:`analysis.combat.duel`).

    The creatures follow the duel's plan (:mod:`analysis.combat.duel_plan`: attacks, shots, 000 4.16,
    poisoning) and the exact duel's decisions (:func:`analysis.combat.duel.duel_policy`): under
    ``optimal`` whether to attack or hold back, and under ``best`` whether to weaken, given the
    wounds, who is open and the turns left; so the simulated figures estimate the exact ones."""
    model = model_of(rules)
    if weaken not in WEAKEN_POLICIES:
        raise BerserkInputError(f"unknown weakening policy {weaken!r}; use never, always or best")
    if policy not in DUEL_POLICIES:
        raise BerserkInputError(f"unknown duel policy {policy!r}; use one of {', '.join(DUEL_POLICIES)}")
    check_range("--simulate", n, 1, MAX_SIMULATE)
    check_range("--max-turns", max_turns, 0, MAX_DUEL_TURNS)
    check_seed(seed)
    table = model == STRIKE_TABLE
    decided = policy == "optimal" or (weaken == "best" and table)
    plan = duel_policy(first, second, model, policy, weaken, max_turns) if decided else None
    duel_plan = plan.plan if plan is not None else plan_duel(first, second, model)
    dice = _Dice(np.random.default_rng(seed))
    fighters = (first, second)
    wounds = np.zeros((2, n), dtype=np.int64)
    is_open = np.ones((2, n), dtype=bool)  # both creatures start open
    result = np.full(n, 3, dtype=np.int8)  # 0 first wins, 1 second wins, 2 both die, 3 undecided
    active = np.arange(n)
    no_rule = _lone_rule("never")
    strikers: dict = {}

    def striker(mover: int, action: str, target_open: bool):
        """What the mover's ``action`` does to an open or a closed target (cached)."""
        key = (mover, action, target_open)
        if key not in strikers:
            me, other = fighters[mover], fighters[1 - mover]
            choice = duel_plan.side(mover).choice(action, target_open)
            if not choice.simple:
                strikers[key] = _AbilityStriker(choice.attack, other)
            elif target_open and table:
                keys = plan.weak_keys[mover] if plan is not None else _all_weak_keys(me, other)
                strikers[key] = _open_table(me, other, keys)
            else:
                strikers[key] = _Striker(me, other, model, not target_open, no_rule)
        return strikers[key]

    for turn in range(1, max_turns + 1):
        if not len(active):
            break
        t = turn - 1
        left = max_turns - t
        mover = t % 2
        me, other = fighters[mover], fighters[1 - mover]
        action = duel_plan.action(t)
        w = wounds[:, active]
        # it opens, regenerates and takes its poisoning (000 glossary "Regeneration", "Poisoning at X")
        w[mover] = np.maximum(0, w[mover] - me.regeneration) + duel_plan.poison_on(t)
        poisoned = w[mover] >= me.life
        if poisoned.any():
            wounds[:, active] = w
            result[active[poisoned]] = 1 - mover
            active = active[~poisoned]
            w = wounds[:, active]
        if action in (PREPARE, IDLE):
            wounds[:, active] = w
            is_open[mover, active] = action == IDLE  # 000 4.16: closing for a strike on a flyer
            continue
        holds, weakens = plan.decisions(left) if plan is not None else (None, None)
        waiting_open = is_open[1 - mover, active]
        if holds is not None:
            hold = holds[waiting_open.astype(np.int64), w[0], w[1]]
        else:
            hold = np.zeros(len(active), dtype=bool)
        to_o = np.zeros(len(active), dtype=np.int64)
        to_me = np.zeros(len(active), dtype=np.int64)
        closed_att = np.flatnonzero(~hold & ~waiting_open)
        if len(closed_att):
            to_o[closed_att] = striker(mover, action, False)(dice, len(closed_att))[0]
        open_att = np.flatnonzero(~hold & waiting_open)
        if len(open_att):
            strike = striker(mover, action, True)
            if isinstance(strike, tuple):  # the Strike Table on an open target, with weakening
                pt, pa, wt, wa, row = strike
                combo = (dice.d6(len(open_att)) - 1) * 6 + dice.d6(len(open_att)) - 1
                r = row[combo]
                if weaken == "always":
                    use = r >= 0
                elif weaken == "best" and weakens is not None:
                    use = np.zeros(len(open_att), dtype=bool)
                    has = r >= 0
                    use[has] = weakens[r[has], w[0][open_att][has], w[1][open_att][has]]
                else:
                    use = np.zeros(len(open_att), dtype=bool)
                to_o[open_att] = np.where(use, wt[combo], pt[combo])
                to_me[open_att] = np.where(use, wa[combo], pa[combo])
            else:
                t_, a_ = strike(dice, len(open_att))
                to_o[open_att], to_me[open_att] = t_, a_
        w[mover] += to_me
        w[1 - mover] += to_o
        wounds[:, active] = w
        # striking closes the attacker (unless its strike does not close it); holding back keeps it open
        is_open[mover, active] = hold | (action == STRIKE and duel_plan.side(mover).stays_open)
        dead_me, dead_other = w[mover] >= me.life, w[1 - mover] >= other.life
        ended = dead_me | dead_other
        outcome = np.where(dead_me & dead_other, 2, np.where(dead_other, mover, 1 - mover))
        result[active[ended]] = outcome[ended]
        active = active[~ended]
    counts = np.bincount(result, minlength=4)
    shown = weaken if table else "n/a"
    return DuelSim(n, seed, *(wilson(int(c), n) for c in counts), policy, shown, max_turns)


def _all_weak_keys(att: Fighter, tgt: Fighter) -> tuple:
    space = strike_space(att, tgt, STRIKE_TABLE, False)
    return tuple((b.plain, b.weakened, b.chooser) for b in space.branches if b.weakened is not None)


__all__ = ["DuelSim", "Estimate", "StrikeSim", "simulate_duels", "simulate_strikes", "wilson"]
