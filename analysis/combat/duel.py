"""Exact duels: two creatures strike each other in turn until one dies (RULES.md §4).

The turn structure (000 4.1, 4.9, glossary "Regeneration", "Armor"): the first creature moves
first. At the start of its owner's turn a creature opens and regenerates (heals X, never below
0 wounds). On its turn it attacks or holds back. Striking closes the attacker; the target
parries only when it is open, i.e. when it held back on its own last turn, so after the first
blow the attacks of an always-attacking pair meet a closed creature. Armor soaks the first X
wounds of each turn; in a duel each creature receives at most one strike per turn, so armor
simply reduces every strike by X. Wounds at or above life kill; an exchange may kill both.

The state is (wounds of each, whether the waiting creature is open, whose turn); the
probabilities come from backward induction over the turns left (dynamic programming), vectorised
over all wound pairs with numpy:

* ``always_attack``: both attack on every turn; weakening follows ``weaken`` (``best`` = the
  chooser takes the option with the higher probability of winning the duel; a tie means none).
* ``optimal``: value iteration in which each side, on its turn, attacks or holds back and
  weakens or not, maximising its own probability of winning; ties are broken by the lower
  winning chance of the opponent, then in favour of attacking (and of not weakening).

After ``max_turns`` turns (both players' turns counted) the rest is reported as ``undecided``.

    >>> from analysis.combat.strike import fighter_from_stats
    >>> r = duel(fighter_from_stats("1-2-3", 3), fighter_from_stats("1-2-3", 3))
    >>> round(r.first_wins + r.second_wins + r.both_die + r.undecided, 12)
    1.0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

import numpy as np

from analysis.combat.duel_plan import PREPARE, SHOOT, STRIKE, DuelPlan, plan_duel
from analysis.combat.strike import (
    STRIKE_TABLE,
    WEAKEN_POLICIES,
    Fighter,
    StrikeSpace,
    model_of,
)
from analysis.util.errors import BerserkInputError
from analysis.util.limits import MAX_DUEL_TURNS, check_range

DUEL_POLICIES = ("always_attack", "optimal")
TIE = 1e-12
"""Two choices whose values differ by less than this are a tie (float rounding, not a preference)."""
DEFAULT_MAX_TURNS = 100
MAX_LIFE = 200


@dataclass(frozen=True)
class DuelResult:
    """Probabilities of each end of a duel, and the play and rules they assume."""

    first: str
    second: str
    first_wins: float
    second_wins: float
    both_die: float
    undecided: float
    policy: str
    weaken: str
    model: str
    max_turns: int

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _grouped(space: StrikeSpace) -> list[tuple[float, tuple[int, int], tuple[int, int] | None, str | None]]:
    den = space.denominator
    return [(b.weight / den, b.plain, b.weakened, b.chooser) for b in space.branches]


class _Branches:
    """Strike outcomes of one mover as gather indices into the padded value grid, so that the value
    of attacking is a few numpy operations for all outcomes and all wound pairs at once.

    ``spaces`` are stacked as groups (e.g. closed target, open target); :meth:`value` returns
    (3, groups, la, lb)."""

    def __init__(self, spaces: list[StrikeSpace], mover: int, la: int, lb: int, width: int):
        rows, group = [], []
        for g, space in enumerate(spaces):
            for r in _grouped(space):
                rows.append(r)
                group.append(g)
        # weakenable rows last, so that they are one contiguous block (views, not copies)
        order = sorted(range(len(rows)), key=lambda i: rows[i][2] is not None)
        rows, group = [rows[i] for i in order], [group[i] for i in order]
        self.weights = np.zeros((len(spaces), len(rows)))
        self.weights[group, np.arange(len(rows))] = [r[0] for r in rows]
        self.shape = (len(rows), la, lb)
        ia, ib = np.arange(la)[None, :, None], np.arange(lb)[None, None, :]

        def index(pairs):
            """Flat indices into one channel of the padded grid (row-major, ``width`` columns)."""
            dealt = np.array([q[0] for q in pairs])[:, None, None]
            taken = np.array([q[1] for q in pairs])[:, None, None]
            sa, sb = (taken, dealt) if mover == 0 else (dealt, taken)
            return np.ascontiguousarray(((ia + sa) * width + (ib + sb)).reshape(-1))

        self.plain = index([r[1] for r in rows])
        weak_rows = [i for i, r in enumerate(rows) if r[2] is not None]
        self.weak_rows = np.array(weak_rows, dtype=np.int64)
        self.weak = index([rows[i][2] for i in weak_rows]) if weak_rows else None
        # the chooser's own channel (0 first wins, 1 second wins) on each weakenable row
        owners = [mover if rows[i][3] == "attacker" else 1 - mover for i in weak_rows]
        self.own = np.array(owners, dtype=np.int64)
        self.weak_shape = (len(weak_rows), la, lb)
        self.weak_keys = tuple((rows[i][1], rows[i][2], rows[i][3]) for i in weak_rows)
        self.last_better: np.ndarray | None = None  # the latest best-weakening choices, per weak row

    def value(self, padded: np.ndarray, weaken: str) -> np.ndarray:
        """Expected outcome vectors of attacking, (3, groups, la, lb), for every (wA, wB) at once."""
        flat = padded.reshape(3, -1)
        values = flat.take(self.plain, axis=1).reshape(3, *self.shape)  # (3, rows, la, lb)
        if self.weak is not None and weaken != "never":
            weak = flat.take(self.weak, axis=1).reshape(3, *self.weak_shape)
            block = values[:, self.shape[0] - len(self.weak_rows) :]  # a view: the weakenable rows
            if weaken == "always":
                block[...] = weak
            else:
                ar = np.arange(len(self.weak_rows))
                better = weak[self.own, ar] > block[self.own, ar] + TIE
                np.copyto(block, weak, where=better[None])
                self.last_better = better
        out = self.weights @ values.reshape(3, self.shape[0], -1)  # (3, groups, la·lb)
        return out.reshape(3, self.weights.shape[0], self.shape[1], self.shape[2])


class _Plan:
    """A duel's plan (:func:`analysis.combat.duel_plan.plan_duel`) compiled for the value iteration: per
    mover and attacking action, its outcome spaces against a closed and an open target as gather
    indices; the padding of the value grid; the wound index after each turn's start."""

    def __init__(self, a: Fighter, b: Fighter, model: str):
        self.plan = plan = plan_duel(a, b, model)
        self.la, self.lb = la, lb = a.life, b.life
        spaces: dict[tuple[int, str], list[StrikeSpace]] = {}
        for mover, f, other in ((0, a, b), (1, b, a)):
            side = plan.side(mover)
            for action in (STRIKE, SHOOT):
                if action == SHOOT and side.shoot is None:
                    continue
                spaces[(mover, action)] = [side.choice(action, o).space(f, other, model, o)
                                           for o in (False, True)]
        most = [[0, 0], [0, 0]]  # most wounds to A / to B dealt by mover 0 / 1
        for (mover, _), group in spaces.items():
            for space in group:
                for br in space.branches:
                    for q in (br.plain, br.weakened):
                        if q is not None:
                            most[mover][1 - mover] = max(most[mover][1 - mover], q[0])
                            most[mover][mover] = max(most[mover][mover], q[1])
        self.pad_a = max(most[0][0], most[1][0]) + 1 + plan.second.poison
        self.pad_b = max(most[0][1], most[1][1]) + 1 + plan.first.poison
        width = lb + self.pad_b
        self.branches = {key: _Branches(group, key[0], la, lb, width) for key, group in spaces.items()}
        self.regen = (np.maximum(0, np.arange(la) - a.regeneration),
                      np.maximum(0, np.arange(lb) - b.regeneration))

    def start_index(self, t: int) -> tuple[np.ndarray, bool]:
        """Wounds of the mover of turn ``t`` after its start (regeneration, then poisoning: 000
        glossary "Regeneration", "Poisoning at X") for each wound count before it, and whether it
        can reach its life (be killed by the poison)."""
        mover = t % 2
        poison = self.plan.poison_on(t)
        idx = self.regen[mover]
        return (idx + poison if poison else idx), bool(poison)


def duel(
    first: Fighter,
    second: Fighter,
    rules=STRIKE_TABLE,
    policy: str = "always_attack",
    weaken: str = "best",
    max_turns: int = DEFAULT_MAX_TURNS,
) -> DuelResult:
    """Exact outcome probabilities of a duel in which ``first`` moves first (see module docstring)."""
    model = model_of(rules)
    if policy not in DUEL_POLICIES:
        raise BerserkInputError(f"unknown duel policy {policy!r}; use one of {', '.join(DUEL_POLICIES)}")
    if weaken not in WEAKEN_POLICIES:
        raise BerserkInputError(f"unknown weakening policy {weaken!r}; use never, always or best")
    check_range("--max-turns", max_turns, 0, MAX_DUEL_TURNS)
    for f in (first, second):
        if f.life > MAX_LIFE:
            raise BerserkInputError(f"{f.name}: life {f.life} is above the duel limit {MAX_LIFE}")
    probs = _duel(first, second, model, policy, weaken, int(max_turns))
    w1, w2, both = (min(1.0, max(0.0, float(x))) for x in probs)  # float rounding may pass 1 by 1e-16
    undecided = max(0.0, 1.0 - w1 - w2 - both)
    shown = weaken if model == STRIKE_TABLE else "n/a"
    return DuelResult(first.name, second.name, w1, w2, both, undecided, policy, shown, model, int(max_turns))


@lru_cache(maxsize=4096)
def _duel(a: Fighter, b: Fighter, model: str, policy: str, weaken: str, max_turns: int) -> tuple[float, ...]:
    if max_turns == 0:
        return (0.0, 0.0, 0.0)
    final, _, _ = _solve(a, b, model, policy, weaken, max_turns)
    return tuple(float(x) for x in final[:, 1, 0, 0])


def _solve(a: Fighter, b: Fighter, model: str, policy: str, weaken: str, max_turns: int,
           record: dict | None = None):
    """(values with the first to move, the padding template, the compiled plan); values are
    (3, 2, life_a, life_b): channels first wins / second wins / both die, then the waiting
    creature closed / open, then the wounds of each. Turns follow the duel's plan
    (:mod:`analysis.combat.duel_plan`); with ``record``, each turn's decisions are kept by turns left."""
    compiled = _Plan(a, b, model)
    plan = compiled.plan
    la, lb = a.life, b.life
    pad_a, pad_b = compiled.pad_a, compiled.pad_b
    template = np.zeros((3, la + pad_a, lb + pad_b))
    template[1, la:, :lb] = 1.0  # A dead, B alive: second wins
    template[0, :la, lb:] = 1.0  # B dead, A alive: first wins
    template[2, la:, lb:] = 1.0  # both dead
    optimal = policy == "optimal"
    buffer = template.copy()
    full = np.empty((3, 2, la + pad_a, lb + pad_b))

    def step(t: int, nxt: np.ndarray, n: int) -> np.ndarray:
        """Values with the mover of global turn ``t`` to play (3, waiting closed/open, la, lb), from
        the values after its turn (``n`` turns left now)."""
        mover = t % 2
        action = plan.action(t)
        decision = (None, None)
        if action in (STRIKE, SHOOT):
            padded = buffer  # the padding (dead creatures) never changes; only the inside is rewritten
            # the mover attacked, so it waits closed (open if its strike does not close it)
            padded[:, :la, :lb] = nxt[:, 1 if action == STRIKE and plan.side(mover).stays_open else 0]
            side = compiled.branches[(mover, action)]
            values = side.value(padded, weaken)
            better_hold = None
            if optimal:
                hold = nxt[:, 1][:, None]  # the mover held back, so it waits open
                own, opp = mover, 1 - mover
                # Ties (within TIE: the same value up to float rounding) go to the choice that leaves
                # the opponent less, as in exact arithmetic; a bare == would let rounding decide them.
                gain = hold[own] - values[own]
                better_hold = (gain > TIE) | ((np.abs(gain) <= TIE) & (hold[opp] < values[opp] - TIE))
                values = np.where(better_hold[None], hold, values)
            decision = (better_hold, side.last_better if weaken == "best" else None)
            side.last_better = None
        elif action == PREPARE:  # 000 4.16: it closes, no attack
            values = np.repeat(nxt[:, 0][:, None], 2, axis=1)
        else:  # idle: it cannot reach the other and stays open
            values = np.repeat(nxt[:, 1][:, None], 2, axis=1)
        if record is not None:
            record[n] = decision
        idx, deadly = compiled.start_index(t)
        if deadly:  # poisoning may kill it at the start of its turn: read the dead states too
            full[:] = template[:, None]
            full[:, :, :la, :lb] = values
            return full[:, :, idx, :lb] if mover == 0 else full[:, :, :la, idx]
        return values[:, :, idx, :] if mover == 0 else values[:, :, :, idx]

    head, period = plan.head_turns, plan.period
    recent: dict[int, np.ndarray] = {0: np.zeros((3, 2, la, lb))}  # values with n turns left
    n = 1
    last = recent[0]
    while n <= max_turns:
        t = max_turns - n
        last = step(t, last, n)
        recent[n] = last
        recent.pop(n - period - 1, None)
        if t > head and n > period + 1 and np.array_equal(last, recent[n - period]):
            # Stationary: from here on the values repeat with the plan's period up to its head.
            base = n - period
            top = max_turns - head
            if record is not None:
                record["stationary"] = (n, period, top)
            last = recent[base + (top - base) % period]
            n = top + 1
            continue
        n += 1
    return last, template, compiled


@dataclass(frozen=True)
class DuelPolicy:
    """The decisions of the exact duel, turn by turn, for a simulation to follow.

    ``decisions(n)`` with ``n`` turns left (the mover is the first creature when ``max_turns − n``
    is even) gives ``(holds, weakens)``: ``holds[o, wA, wB]`` (``optimal`` only, else None) says
    the mover holds back when the waiting creature is closed (o = 0) or open (1); ``weakens[r, wA,
    wB]`` (``best`` weakening only, else None) says whether the chooser weakens on weakenable row
    ``r`` of the mover's open-target strike, rows as in ``weak_keys[mover]`` = (plain, weakened,
    chooser). Wounds are those after the mover's start of turn. ``plan`` is the duel's plan."""

    policy: str
    weaken: str
    max_turns: int
    steps: dict
    weak_keys: tuple[tuple, tuple]
    plan: DuelPlan | None = None

    def decisions(self, n: int) -> tuple[np.ndarray | None, np.ndarray | None]:
        stationary = self.steps.get("stationary")
        if stationary is not None and n not in self.steps:
            found, period, top = stationary
            base = found - period
            if base < n <= top:
                n = base + (n - base) % period
        return self.steps.get(n, (None, None))


def duel_policy(
    first: Fighter, second: Fighter, rules=STRIKE_TABLE, policy: str = "optimal", weaken: str = "best",
    max_turns: int = DEFAULT_MAX_TURNS,
) -> DuelPolicy:
    """The turn-by-turn decisions behind :func:`duel` (see :class:`DuelPolicy`)."""
    model = model_of(rules)
    record: dict = {}
    compiled = _solve(first, second, model, policy, weaken, max_turns, record)[2] if max_turns >= 1 \
        else _Plan(first, second, model)
    keys = tuple(compiled.branches[(m, STRIKE)].weak_keys if (m, STRIKE) in compiled.branches else ()
                 for m in (0, 1))
    return DuelPolicy(policy, weaken, max_turns, record, keys, compiled.plan)  # type: ignore[arg-type]


__all__ = ["DEFAULT_MAX_TURNS", "DUEL_POLICIES", "DuelPolicy", "DuelResult", "duel", "duel_policy"]
