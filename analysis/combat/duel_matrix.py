"""All-pairs duels, fast: the always-attack duel of every row fighter (moving first) against every
column fighter, following each pair's plan (:mod:`analysis.combat.duel_plan`), equal to the exact
:func:`analysis.combat.duel.duel` pair by pair.

Under always-attack only the first blow can meet an open target (an exchange, 000 4.2); after it
each creature's wounds depend only on what the other does to it and on its own turn starts
(regeneration, poisoning), so the two wound processes are independent given the first blow. For
each creature we list its *events* after the first turn — its turn starts (``S``, ``P`` when
poisoned) and the hits it takes (``H``) — as a small automaton (a head, then a repeating cycle), and
tabulate per (hit distribution, life, regeneration, poison, automaton) the chance ``D[w, j]`` that
it is dead after its first ``j`` events from ``w`` wounds (numpy, all at once). The two creatures'
events interleave in time in a way fixed by the plan, so

    P(first wins) = Σ_j (D_B[j] − D_B[j−1]) · (1 − D_A[c_A(j)])

where ``c_A(j)`` counts the first creature's events before the second's ``j``-th (in a turn the
mover's start comes before the hit it deals), and symmetrically. The first blow is split into its
outcomes (the exchange's rows, with the ``best`` weakening choice made by win probability, or the
die of an ability or shot). Pairs of creatures with no ability, flight or poison take the
vectorised Strike Table path; the others (and every pair under the defence-die model) are planned
one by one. A pair with a fighter whose simple strikes neither path models (caps on the strikes it
receives, protection from counter-strikes, a strike that does not close it: :func:`_needs_exact`)
is solved by the exact :func:`analysis.combat.duel.duel` itself.

    >>> from analysis.combat.strike import fighter_from_stats
    >>> a, b = fighter_from_stats("2-3-4", 8), fighter_from_stats("1-2-3", 8)
    >>> m = duel_matrix([a, b], [a, b])
    >>> bool(m.first_wins[0, 1] > m.first_wins[1, 0])
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from analysis.combat.duel import DEFAULT_MAX_TURNS, TIE
from analysis.combat.duel_plan import IDLE, PREPARE, SHOOT, SIMPLE, STRIKE, DuelPlan, defence, plan_duel
from analysis.combat.strike import (
    STRIKE_TABLE,
    Fighter,
    StrikeSpace,
    exchange_kind_rows,
    model_of,
    strike_space,
)
from analysis.util.errors import BerserkInputError

CHUNK_TERMS = 50_000


@dataclass(frozen=True)
class DuelMatrix:
    """``first_wins[i, j]`` / ``second_wins[i, j]`` / ``both_die[i, j]``: duel of ``rows[i]`` moving
    first against ``cols[j]``, always attacking."""

    rows: tuple[Fighter, ...]
    cols: tuple[Fighter, ...]
    first_wins: np.ndarray
    second_wins: np.ndarray
    both_die: np.ndarray


def _profile(f: Fighter) -> Fighter:
    """The fighter without its name and cost: cards with equal profiles fight identically."""
    return replace(f, name="", cost=0, key="")


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
    index_r = {p: i for i, p in enumerate(uniq_r)}
    index_c = {p: i for i, p in enumerate(uniq_c)}
    ri = np.array([index_r[p] for p in rows_p], dtype=np.int64)
    ci = np.array([index_c[p] for p in cols_p], dtype=np.int64)
    take = np.ix_(ri, ci)
    return DuelMatrix(tuple(rows), tuple(cols), fw[take], sw[take], bd[take])


_CACHE: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _profile_matrix(
    rows: tuple[Fighter, ...],
    cols: tuple[Fighter, ...],
    model: str,
    weaken: str,
    max_turns: int,
    progress=None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    key = (rows, cols, model, weaken, max_turns)
    if key not in _CACHE:
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = _compute(rows, cols, model, weaken, max_turns, progress)
    return _CACHE[key]


# --------------------------------------------------------------------------- events and automata

PATTERNS = {
    "strike": ((), (STRIKE,)),
    "shoot": ((), (SHOOT,)),
    "rhythm": ((), (PREPARE, STRIKE)),
    "shoot_strike": ((SHOOT,), (STRIKE,)),
    "idle": ((), (IDLE,)),
}
"""Own-turn actions of a side: (head, cycle) (see :mod:`analysis.combat.duel_plan`)."""


def _pattern_name(head: tuple[str, ...], cycle: tuple[str, ...]) -> str:
    for name, (h, c) in PATTERNS.items():
        if (h, c) == (head, cycle):
            return name
    raise AssertionError(f"unknown plan pattern {head}, {cycle}")


def _action(pattern: str, k: int) -> str:
    head, cycle = PATTERNS[pattern]
    return head[k] if k < len(head) else cycle[(k - len(head)) % len(cycle)]


@dataclass(frozen=True)
class Timeline:
    """The events of both creatures after the first turn, for a pair of patterns and the turns
    from which each is poisoned: tokens (``S`` start, ``P`` poisoned start, ``H`` hit) as
    automata, and for each event of one creature how many of the other's come before it."""

    automata: tuple[tuple[tuple[str, ...], tuple[str, ...]], tuple[tuple[str, ...], tuple[str, ...]]]
    before: tuple[np.ndarray, np.ndarray]
    """``before[x][j − 1]``: events of the other creature before creature x's ``j``-th event."""


def _compress(tokens: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The shortest head + cycle that reproduces ``tokens`` (the cycle then goes on for ever)."""
    n = len(tokens)
    for head in range(0, n + 1):
        for period in range(1, 7):
            if head + period > n:
                break
            cycle = tokens[head : head + period]
            if all(tokens[i] == cycle[(i - head) % period] for i in range(head, n)):
                return tuple(tokens[:head]), tuple(cycle)
    return tuple(tokens), ("S",)


@lru_cache(maxsize=256)
def timeline(pa: str, pb: str, poisoned_a: int, poisoned_b: int, turns: int) -> Timeline:
    """Events for turns 1..``turns``−1 when the first side acts by pattern ``pa`` and the second by
    ``pb``; creature x is poisoned at its turn starts after global turn ``poisoned_x`` (−1: never)."""
    events: list[list[tuple[int, int, str]]] = [[], []]
    for t in range(1, turns):
        mover = t % 2
        start = "P" if 0 <= (poisoned_a if mover == 0 else poisoned_b) < t else "S"
        events[mover].append((t, 0, start))
        action = _action(pa if mover == 0 else pb, t // 2)
        if action in (STRIKE, SHOOT):
            events[1 - mover].append((t, 1, "H"))
    keys = [np.array([t * 2 + order for t, order, _ in ev], dtype=np.int64) for ev in events]
    before = tuple(np.searchsorted(keys[1 - x], keys[x]) for x in (0, 1))
    automata = tuple(_compress([tok for _, _, tok in ev] or ["S"]) for ev in events)
    return Timeline(automata, before)  # type: ignore[arg-type]


class _EventTables:
    """``dead[c, w, j]``: P(the creature of combo ``c`` is dead after its first ``j`` events from
    ``w`` wounds). A combo is (hit wounds, hit probabilities, life, regeneration, poison,
    automaton); the tables of all combos with the same automaton are built together."""

    def __init__(self, combos: list[tuple], automata: list[tuple], steps: int):
        n = len(combos)
        max_hit = max((max(c[0]) for c in combos), default=0)
        max_life = max((c[2] for c in combos), default=1)
        max_poison = max((c[4] for c in combos), default=0)
        width = max_life + max(max_hit, max_poison) + 1
        self.width = width
        self.dead = np.empty((n, width, steps + 1))
        w = np.arange(width)
        by_automaton: dict[int, list[int]] = {}
        for i, c in enumerate(combos):
            by_automaton.setdefault(c[5], []).append(i)
        for auto, members in by_automaton.items():
            head, cycle = automata[auto]
            tokens = head + cycle
            nxt = [i + 1 for i in range(len(tokens))]
            nxt[-1] = len(head)
            idx = np.array(members)
            k = max(len(combos[i][0]) for i in members)
            wounds = np.zeros((len(idx), k), dtype=np.int64)
            probs = np.zeros((len(idx), k))
            for row, i in enumerate(members):
                hw, hp = combos[i][0], combos[i][1]
                wounds[row, : len(hw)], probs[row, : len(hp)] = hw, hp
            life = np.array([combos[i][2] for i in members], dtype=np.int64)
            regen = np.array([combos[i][3] for i in members], dtype=np.int64)
            poison = np.array([combos[i][4] for i in members], dtype=np.int64)
            dead0 = (w[None, :] >= life[:, None]).astype(float)
            after_hit = np.minimum(w[None, None, :] + wounds[:, :, None], width - 1)  # (g, k, w)
            start = np.where(dead0 > 0, w[None, :], np.maximum(0, w[None, :] - regen[:, None]))
            after_start = np.minimum(start, width - 1)
            after_poison = np.minimum(start + poison[:, None], width - 1)
            rows = np.arange(len(idx))[:, None]
            rows3 = rows[:, :, None]
            prev = [dead0] * len(tokens)
            self.dead[idx, :, 0] = dead0
            for j in range(1, steps + 1):
                cur = []
                for s, tok in enumerate(tokens):
                    table = prev[nxt[s]]
                    if tok == "H":
                        val = (probs[:, :, None] * table[rows3, after_hit]).sum(axis=1)
                    elif tok == "P":
                        val = table[rows, after_poison]
                    else:
                        val = table[rows, after_start]
                    cur.append(np.maximum(dead0, val))
                prev = cur
                self.dead[idx, :, j] = cur[0]


# --------------------------------------------------------------------------- pair specifications


class _Terms:
    """Columns of the terms: one per (pair, outcome of the first blow). Terms come as blocks of
    arrays (vectorised pairs) or one at a time (pairs planned one by one)."""

    FIELDS = (
        "pair",
        "weight",
        "dt",
        "da",
        "dt_w",
        "da_w",
        "has_weak",
        "chooser",
        "combo_a",
        "combo_b",
        "line",
    )

    def __init__(self) -> None:
        self.blocks: dict[str, list] = {k: [] for k in self.FIELDS}
        self.rows: list[tuple] = []

    def add(self, **values) -> None:
        if np.ndim(values["pair"]) == 0:
            self.rows.append(tuple(values[k] for k in self.FIELDS))
            return
        for k, v in values.items():
            self.blocks[k].append(np.asarray(v))

    def arrays(self) -> dict[str, np.ndarray]:
        out = {}
        single = list(zip(*self.rows, strict=True)) if self.rows else [()] * len(self.FIELDS)
        for k, column in zip(self.FIELDS, single, strict=True):
            kind = float if k == "weight" else bool if k == "has_weak" else np.int64
            parts = [*self.blocks[k], np.array(column, dtype=kind)]
            out[k] = np.concatenate(parts).astype(kind)
        return out


class _Builder:
    """Collects the combos (creature processes) and timelines the terms refer to."""

    def __init__(self, turns: int):
        self.turns = turns
        self.combos: dict[tuple, int] = {}
        self.automata: dict[tuple, int] = {}
        self.lines: dict[tuple, int] = {}
        self.line_list: list[Timeline] = []
        self.line_auto: list[tuple[int, int]] = []

    def line(self, pa: str, pb: str, poisoned_a: int, poisoned_b: int) -> int:
        key = (pa, pb, poisoned_a, poisoned_b)
        if key not in self.lines:
            tl = timeline(pa, pb, poisoned_a, poisoned_b, self.turns)
            autos = tuple(self.automata.setdefault(a, len(self.automata)) for a in tl.automata)
            self.lines[key] = len(self.line_list)
            self.line_list.append(tl)
            self.line_auto.append(autos)  # type: ignore[arg-type]
        return self.lines[key]

    def combo(
        self,
        hit: tuple[tuple[int, ...], tuple[float, ...]],
        life: int,
        regen: int,
        poison: int,
        automaton: int,
    ) -> int:
        key = (hit[0], hit[1], life, regen, poison, automaton)
        return self.combos.setdefault(key, len(self.combos))


def _dist(space: StrikeSpace) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """A closed-target space as (wounds, probabilities), merged and sorted."""
    acc: dict[int, int] = {}
    for b in space.branches:
        acc[b.plain[0]] = acc.get(b.plain[0], 0) + b.weight
    items = sorted(acc.items())
    return tuple(w for w, _ in items), tuple(c / space.denominator for _, c in items)


NO_HITS: tuple[tuple[int, ...], tuple[float, ...]] = ((0,), (1.0,))


def _side_hits(plan: DuelPlan, mover: int, f: Fighter, other: Fighter, model: str):
    """The distribution of the hits ``f`` deals after the first turn (by its repeating action)."""
    side = plan.side(mover)
    action = side.cycle[0] if side.cycle != (PREPARE, STRIKE) else STRIKE
    if action == IDLE:
        return NO_HITS
    return _closed_dist(side.choice(action, False), f, defence(other), model)


@lru_cache(maxsize=200_000)
def _closed_dist(choice, f: Fighter, other: Fighter, model: str):
    """:func:`_dist` of a choice's closed-target space, cached by the target's defence."""
    return _dist(choice.space(f, other, model, False))


def _poisoned_at(plan: DuelPlan, victim: int) -> int:
    """Global turn after which ``victim`` is poisoned (−1: never)."""
    poisoner = plan.side(1 - victim)
    if not poisoner.poison or poisoner.poisons_from is None:
        return -1
    return 2 * poisoner.poisons_from + (1 - victim)


def _plan_terms(a: Fighter, b: Fighter, pair: int, model: str, builder: _Builder, terms: _Terms) -> None:
    """The terms of one pair, planned one by one (:func:`analysis.combat.duel_plan.plan_duel`)."""
    plan = plan_duel(a, b, model)
    pa = _pattern_name(plan.first.head, plan.first.cycle)
    pb = _pattern_name(plan.second.head, plan.second.cycle)
    line = builder.line(pa, pb, _poisoned_at(plan, 0), _poisoned_at(plan, 1))
    auto_a, auto_b = builder.line_auto[line]
    combo_a = builder.combo(
        _side_hits(plan, 1, b, a, model), a.life, a.regeneration, plan.second.poison, auto_a
    )
    combo_b = builder.combo(
        _side_hits(plan, 0, a, b, model), b.life, b.regeneration, plan.first.poison, auto_b
    )
    first = plan.first.action(0)
    common = {"pair": pair, "combo_a": combo_a, "combo_b": combo_b, "line": line}
    if first in (PREPARE, IDLE):
        terms.add(weight=1.0, dt=0, da=0, dt_w=0, da_w=0, has_weak=False, chooser=0, **common)
        return
    choice = plan.first.choice(first, True)
    space = choice.space(a, b, model, True)
    for br in space.branches:
        weak = br.weakened or br.plain
        terms.add(
            weight=br.weight / space.denominator,
            dt=br.plain[0],
            da=br.plain[1],
            dt_w=weak[0],
            da_w=weak[1],
            has_weak=br.weakened is not None,
            chooser=0 if br.chooser == "attacker" else 1,
            **common,
        )


def _plain_terms(
    a: Fighter, b: Fighter, pair: int, model: str, builder: _Builder, terms: _Terms, line: int
) -> None:
    """The terms of a pair of plain fighters (:func:`_plain`), without planning: both strike every
    turn, the first blow is an exchange."""
    auto_a, auto_b = builder.line_auto[line]
    combo_a = builder.combo(_closed_dist(SIMPLE, b, defence(a), model), a.life, a.regeneration, 0, auto_a)
    combo_b = builder.combo(_closed_dist(SIMPLE, a, defence(b), model), b.life, b.regeneration, 0, auto_b)
    space = strike_space(a, b, model, closed=False)
    for br in space.branches:
        weak = br.weakened or br.plain
        terms.add(
            pair=pair,
            weight=br.weight / space.denominator,
            dt=br.plain[0],
            da=br.plain[1],
            dt_w=weak[0],
            da_w=weak[1],
            has_weak=br.weakened is not None,
            chooser=0 if br.chooser == "attacker" else 1,
            combo_a=combo_a,
            combo_b=combo_b,
            line=line,
        )


def _plain(f: Fighter) -> bool:
    """A fighter whose duels need no plan: no ability attack, flight or poison."""
    return not f.attacks and not f.flyer and not f.poison


def _unique_rows(mat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(mat, axis=0, return_inverse=True)`` of a matrix of small non-negative ints (−1
    allowed), through one packed int64 key per row when the columns fit in 63 bits (much faster)."""
    low = mat.min(axis=0)
    span = mat.max(axis=0) - low + 1
    bits = [max(1, int(x - 1).bit_length()) for x in span]
    if sum(bits) > 63:
        uniq, inv = np.unique(mat, axis=0, return_inverse=True)
        return uniq, inv.reshape(-1)
    key = np.zeros(len(mat), dtype=np.int64)
    for col, b in enumerate(bits):
        key = (key << b) | (mat[:, col] - low[col])
    _, first, inv = np.unique(key, return_index=True, return_inverse=True)
    return mat[first], inv.reshape(-1)


_ARMOR_KINDS = ("shot", "throw", "strike_through_row", "special_strike")
PATTERN_CODES = ("strike", "shoot", "rhythm", "shoot_strike", "idle")
_STRIKE_P, _SHOOT_P, _RHYTHM_P, _SHOOT_STRIKE_P, _IDLE_P = range(5)


@dataclass(frozen=True)
class _Choices:
    """What each attacker does to each target (arrays over (attacker, target)), as
    :func:`analysis.combat.duel_plan.plan_duel` decides it, for the Strike Table: every option's
    outcome on a closed card is 6 equally likely die faces, so means are compared exactly in sixths."""

    contact: np.ndarray
    """−1: the simple strike; k ≥ 0: the attacker's ability ``k``."""
    contact_sum: np.ndarray
    """Wounds summed over the 6 faces (6 × the mean)."""
    shoot: np.ndarray
    """−2: none; k ≥ 0: its ability ``k``."""
    shoot_sum: np.ndarray
    contact_faces: np.ndarray
    """(attacker, target, 6) wounds per face of the contact choice against a closed target."""
    shoot_faces: np.ndarray
    simple_faces: np.ndarray


def _choices(att: Sequence[Fighter], tgt: Sequence[Fighter]) -> _Choices:
    na, nt = len(att), len(tgt)
    red = np.array([f.reduce for f in tgt], dtype=np.int64)
    arm = np.array([f.armor for f in tgt], dtype=np.int64)
    prot = np.array([f.prot_simple for f in tgt], dtype=bool)
    prot_fl = np.array([f.prot_flyers for f in tgt], dtype=bool)
    fly_t = np.array([f.flyer for f in tgt], dtype=bool)
    kinds = (
        "shot",
        "throw",
        "discharge",
        "strike_through_row",
        "magic_strike",
        "special_strike",
        "spell",
        "effect",
        "wound",
    )
    guard = {k: np.array([k in f.guards for f in tgt], dtype=bool) for k in kinds}
    kind_red = {k: np.array([f.reduction(k) for f in tgt], dtype=np.int64) for k in kinds}
    faces = np.arange(1, 7)
    simple = np.zeros((na, nt, 6), dtype=np.int64)
    contact = np.full((na, nt), -1, dtype=np.int64)
    shoot = np.full((na, nt), -2, dtype=np.int64)
    contact_faces = np.zeros((na, nt, 6), dtype=np.int64)
    shoot_faces = np.zeros((na, nt, 6), dtype=np.int64)
    for x, f in enumerate(att):
        roll = np.clip(faces + f.attack_mod, 1, 6)
        band = np.where(roll <= 3, 0, np.where(roll <= 5, 1, 2))
        power = np.array([f.wounds(int(b)) for b in band], dtype=np.int64)  # per face
        cut = red + (0 if f.magical else arm)
        wounds = np.maximum(0, power[None, :] - cut[:, None])
        blocked = prot | (prot_fl if f.flyer else False)
        wounds[blocked] = 0
        simple[x] = wounds
        contact_faces[x] = wounds
        if not f.attacks:
            continue
        best_c = wounds.sum(axis=1)  # the simple strike first; an ability must do strictly better
        best_s = np.full(nt, -1, dtype=np.int64)
        ground_vs_flyer = fly_t & (not f.flyer)
        for k, a in enumerate(f.attacks):
            dmg = np.array([a.by_face(int(face)) for face in faces], dtype=np.int64)
            w = np.maximum(0, dmg[None, :] - kind_red[a.kind][:, None])
            if a.kind in _ARMOR_KINDS:
                w = np.maximum(0, w - arm[:, None])
            w[guard[a.kind]] = 0
            total = w.sum(axis=1)
            row_kind = a.kind == "strike_through_row"
            if f.flyer:  # anything but a strike through a row reaches from the auxiliary zone
                in_contact = np.full(nt, not row_kind)
                at_range = np.zeros(nt, dtype=bool)
            else:
                reach_flyer = not row_kind and not (
                    a.kind in ("magic_strike", "special_strike") and a.range is None
                )
                in_contact = np.where(fly_t, False, a.close)
                at_range = np.where(fly_t, reach_flyer, a.ranged)
            better = in_contact & (total > best_c)
            contact[x][better] = k
            contact_faces[x][better] = w[better]
            best_c = np.where(better, total, best_c)
            take = at_range & (total > best_s)
            shoot[x][take] = k
            shoot_faces[x][take] = w[take]
            best_s = np.where(take, total, best_s)
        # a ground creature against a flyer strikes with its simple strike (000 4.16)
        contact[x][ground_vs_flyer] = -1
        contact_faces[x][ground_vs_flyer] = wounds[ground_vs_flyer]
    return _Choices(
        contact, contact_faces.sum(axis=2), shoot, shoot_faces.sum(axis=2), contact_faces, shoot_faces, simple
    )


def _patterns(ch_ab: _Choices, ch_ba_t: _Choices, a: Sequence[Fighter], b: Sequence[Fighter]):
    """Pattern codes (:data:`PATTERN_CODES`) of the first (rows) and second (cols) side per pair,
    as :func:`analysis.combat.duel_plan._actions` decides them. ``ch_ba_t`` holds the second side's
    choices transposed to (row, col)."""
    fly_a = np.array([f.flyer for f in a], dtype=bool)[:, None]
    fly_b = np.array([f.flyer for f in b], dtype=bool)[None, :]
    move_a = np.array([f.move >= 1 for f in a], dtype=bool)[:, None]
    move_b = np.array([f.move >= 1 for f in b], dtype=bool)[None, :]
    has_sa, has_sb = ch_ab.shoot >= 0, ch_ba_t.shoot >= 0
    sa, sb = ch_ab.shoot_sum, ch_ba_t.shoot_sum
    ca, cb = ch_ab.contact_sum, ch_ba_t.contact_sum
    shape = np.broadcast(fly_a, fly_b).shape
    pa = np.full(shape, _STRIKE_P, dtype=np.int64)
    pb = np.full(shape, _STRIKE_P, dtype=np.int64)
    flying = fly_a | fly_b
    # 000 4.16: the ground side against a flyer closes then strikes, or shoots every turn
    ga = flying & ~fly_a
    gb = flying & ~fly_b
    pa[ga] = np.where(has_sa & (2 * sa >= ca), _SHOOT_P, _RHYTHM_P)[ga]
    pb[gb] = np.where(has_sb & (2 * sb >= cb), _SHOOT_P, _RHYTHM_P)[gb]
    ground = ~flying
    shoots_a = ground & has_sa & (sa >= ca)
    shoots_b = ground & has_sb & (sb >= cb)
    both = shoots_a & shoots_b
    pa[both], pb[both] = _SHOOT_P, _SHOOT_P
    only_a = shoots_a & ~shoots_b
    pa[only_a & move_b] = _SHOOT_STRIKE_P
    pa[only_a & ~move_b], pb[only_a & ~move_b] = _SHOOT_P, _IDLE_P
    only_b = shoots_b & ~shoots_a & ~move_a
    pa[only_b], pb[only_b] = _IDLE_P, _SHOOT_P
    return pa, pb


_FIRST_STRIKE = {_STRIKE_P: 0, _SHOOT_STRIKE_P: 1, _RHYTHM_P: 1}
"""Own-turn index of a pattern's first strike (patterns without one are absent)."""


def _table_terms(rows: Sequence[Fighter], cols: Sequence[Fighter], builder: _Builder, terms: _Terms) -> None:
    """All pairs under the Strike Table, vectorised (see :class:`_Choices`)."""
    nr, nc = len(rows), len(cols)
    if not nr or not nc:
        return
    ab = _choices(rows, cols)
    ba = _choices(cols, rows)
    ba_t = _Choices(
        *(
            np.swapaxes(x, 0, 1)
            for x in (
                ba.contact,
                ba.contact_sum,
                ba.shoot,
                ba.shoot_sum,
                ba.contact_faces,
                ba.shoot_faces,
                ba.simple_faces,
            )
        )
    )
    pa, pb = _patterns(ab, ba_t, rows, cols)

    # poisoning: from the poisoner's first simple strike (not through a protection from poison or
    # from simple strikes: 000 2.8)
    def poisoned_at(pattern, choice, poison, victims_guarded, mover):
        first = np.full(pattern.shape, -1, dtype=np.int64)
        for code, k in _FIRST_STRIKE.items():
            first[pattern == code] = 2 * k + mover
        ok = (poison > 0) & (choice == -1) & ~victims_guarded & (first >= 0)
        return np.where(ok, first, -1)

    poison_r = np.array([f.poison for f in rows], dtype=np.int64)[:, None]
    poison_c = np.array([f.poison for f in cols], dtype=np.int64)[None, :]
    shield_r = np.array(["poison" in f.guards or f.prot_simple for f in rows], dtype=bool)[:, None]
    shield_c = np.array(["poison" in f.guards or f.prot_simple for f in cols], dtype=bool)[None, :]
    at_b = poisoned_at(pa, ab.contact, poison_r, shield_c, 0)  # rows poison cols after turn at_b
    at_a = poisoned_at(pb, ba_t.contact, poison_c, shield_r, 1)
    n_on_b = np.where(at_b >= 0, poison_r, 0)
    n_on_a = np.where(at_a >= 0, poison_c, 0)
    # timelines per distinct (patterns, poison turns)
    key = np.stack([pa, pb, at_a, at_b], axis=-1).reshape(-1, 4)
    uniq, inverse = _unique_rows(key)
    lines = np.array(
        [
            builder.line(PATTERN_CODES[int(x)], PATTERN_CODES[int(y)], int(u), int(v))
            for x, y, u, v in uniq.tolist()
        ],
        dtype=np.int64,
    )
    line = lines[inverse.reshape(-1)].reshape(nr, nc)
    auto = np.array(builder.line_auto, dtype=np.int64)
    auto_a, auto_b = auto[line, 0], auto[line, 1]

    # the hits after the first turn: by the repeating action of the other side
    def hits(pattern, choices: _Choices):
        out = np.where((pattern == _SHOOT_P)[..., None], choices.shoot_faces, choices.contact_faces)
        out = np.where((pattern == _RHYTHM_P)[..., None], choices.simple_faces, out)
        return np.where((pattern == _IDLE_P)[..., None], 0, out)

    on_b = np.sort(hits(pa, ab), axis=-1)
    on_a = np.sort(hits(pb, ba_t), axis=-1)
    life_r = np.array([f.life for f in rows], dtype=np.int64)[:, None]
    life_c = np.array([f.life for f in cols], dtype=np.int64)[None, :]
    regen_r = np.array([f.regeneration for f in rows], dtype=np.int64)[:, None]
    regen_c = np.array([f.regeneration for f in cols], dtype=np.int64)[None, :]
    shape = (nr, nc)

    def combo_ids(faces, life, regen, n_poison, autos):
        mat = np.concatenate(
            [
                faces.reshape(-1, 6),
                np.broadcast_to(life, shape).reshape(-1, 1),
                np.broadcast_to(regen, shape).reshape(-1, 1),
                n_poison.reshape(-1, 1),
                autos.reshape(-1, 1),
            ],
            axis=1,
        )
        uniq, inv = _unique_rows(mat)
        ids = []
        for row in uniq.tolist():
            acc: dict[int, int] = {}
            for w in row[:6]:
                acc[w] = acc.get(w, 0) + 1
            items = sorted(acc.items())
            hit = (tuple(w for w, _ in items), tuple(c / 6 for _, c in items))
            ids.append(builder.combo(hit, row[6], row[7], row[8], row[9]))
        return np.array(ids, dtype=np.int64)[inv.reshape(-1)].reshape(shape)

    combo_b = combo_ids(on_b, life_c, regen_c, n_on_b, auto_b)
    combo_a = combo_ids(on_a, life_r, regen_r, n_on_a, auto_a)
    pair_grid = np.arange(nr * nc, dtype=np.int64).reshape(shape)
    # the first blow: an exchange (the simple strike on the open target), an ability's or a shot's die
    # (the target does not fight), or nothing (closing for 4.16, or idle)
    exchange = (pa == _STRIKE_P) & (ab.contact == -1)
    by_die = ((pa == _STRIKE_P) & (ab.contact >= 0)) | (pa == _SHOOT_P) | (pa == _SHOOT_STRIKE_P)
    quiet = (pa == _RHYTHM_P) | (pa == _IDLE_P)
    ii, jj = np.nonzero(quiet)
    if len(ii):
        zeros = np.zeros(len(ii), dtype=np.int64)
        terms.add(
            pair=pair_grid[ii, jj],
            weight=np.ones(len(ii)),
            dt=zeros,
            da=zeros,
            dt_w=zeros,
            da_w=zeros,
            has_weak=np.zeros(len(ii), dtype=bool),
            chooser=zeros,
            combo_a=combo_a[ii, jj],
            combo_b=combo_b[ii, jj],
            line=line[ii, jj],
        )
    ii, jj = np.nonzero(by_die)
    if len(ii):
        faces = np.where((pa[ii, jj] == _STRIKE_P)[:, None], ab.contact_faces[ii, jj], ab.shoot_faces[ii, jj])
        zeros = np.zeros(len(ii), dtype=np.int64)
        for f in range(6):
            terms.add(
                pair=pair_grid[ii, jj],
                weight=np.full(len(ii), 1 / 6),
                dt=faces[:, f],
                da=zeros,
                dt_w=faces[:, f],
                da_w=zeros,
                has_weak=np.zeros(len(ii), dtype=bool),
                chooser=zeros,
                combo_a=combo_a[ii, jj],
                combo_b=combo_b[ii, jj],
                line=line[ii, jj],
            )
    if not exchange.any():
        return

    def strikes(fs):  # (n, 4): power of miss, weak, medium, strong
        return np.array([[0, *(f.wounds(k) for k in (0, 1, 2))] for f in fs], dtype=np.int64)

    def cut(fs):
        red = np.array([f.reduce for f in fs], dtype=np.int64)
        arm = np.array([f.armor for f in fs], dtype=np.int64)
        prot = np.array([f.prot_simple for f in fs], dtype=bool)
        fl = np.array([f.prot_flyers for f in fs], dtype=bool)
        return red + arm, red, prot, fl

    def flag(fs, name):
        return np.array([getattr(f, name) for f in fs], dtype=bool)

    s_r, s_c = strikes(rows), strikes(cols)
    plain_r, magic_r, prot_r, pfl_r = cut(rows)
    plain_c, magic_c, prot_c, pfl_c = cut(cols)
    cut_rc = np.where(flag(rows, "magical")[:, None], magic_c[None, :], plain_c[None, :])
    cut_cr = np.where(flag(cols, "magical")[None, :], magic_r[:, None], plain_r[:, None])
    block_rc = prot_c[None, :] | (flag(rows, "flyer")[:, None] & pfl_c[None, :])
    block_cr = prot_r[:, None] | (flag(cols, "flyer")[None, :] & pfl_r[:, None])
    am_r = np.array([f.attack_mod for f in rows], dtype=np.int64)
    pm_c = np.array([f.parry_mod for f in cols], dtype=np.int64)
    for am in np.unique(am_r):
        for pm in np.unique(pm_c):
            mask = exchange & (am_r == am)[:, None] & (pm_c == pm)[None, :]
            ii, jj = np.nonzero(mask)
            if not len(ii):
                continue
            dealt = np.where(block_rc[ii, jj, None], 0, np.maximum(0, s_r[ii] - cut_rc[ii, jj, None]))
            back = np.where(block_cr[ii, jj, None], 0, np.maximum(0, s_c[jj] - cut_cr[ii, jj, None]))
            n = np.arange(len(ii))
            for ways, (ka, kp), weak, chooser in exchange_kind_rows(int(am), int(pm)):
                wk = weak or (ka, kp)
                terms.add(
                    pair=pair_grid[ii, jj],
                    weight=np.full(len(ii), ways / 36),
                    dt=dealt[n, ka + 1],
                    da=back[n, kp + 1],
                    dt_w=dealt[n, wk[0] + 1],
                    da_w=back[n, wk[1] + 1],
                    has_weak=np.full(len(ii), weak is not None),
                    chooser=np.full(len(ii), 0 if chooser == "attacker" else 1),
                    combo_a=combo_a[ii, jj],
                    combo_b=combo_b[ii, jj],
                    line=line[ii, jj],
                )


# --------------------------------------------------------------------------- the matrix


def _compute(
    rows: tuple[Fighter, ...],
    cols: tuple[Fighter, ...],
    model: str,
    weaken: str,
    max_turns: int,
    progress=None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if max_turns < 1:
        raise BerserkInputError(f"max_turns must be at least 1, got {max_turns}")
    if weaken not in ("never", "always", "best"):
        raise BerserkInputError(f"unknown weakening policy {weaken!r}; use never, always or best")
    nr, nc = len(rows), len(cols)
    builder = _Builder(max_turns)
    terms = _Terms()
    if model == STRIKE_TABLE:
        _table_terms(rows, cols, builder, terms)
    else:
        plain_line = builder.line("strike", "strike", -1, -1)
        plain_r = [_plain(f) for f in rows]
        plain_c = [_plain(f) for f in cols]
        for i in range(nr):
            for j in range(nc):
                if plain_r[i] and plain_c[j]:
                    _plain_terms(rows[i], cols[j], i * nc + j, model, builder, terms, plain_line)
                else:
                    _plan_terms(rows[i], cols[j], i * nc + j, model, builder, terms)
    t = terms.arrays()
    combos = list(builder.combos)
    automata = list(builder.automata)
    tables = _EventTables(combos, automata, max_turns)
    life_of = np.array([c[2] for c in combos], dtype=np.int64)
    total_terms = len(t["pair"])

    def outcome(
        dt: np.ndarray, da: np.ndarray, sel: np.ndarray, report: bool
    ) -> tuple[np.ndarray, np.ndarray]:
        """P(first wins), P(second wins) after the first blow dealt ``dt`` / took ``da``: computed
        once per distinct (both processes, both wounds, timeline), which many pairs share."""
        cols = np.stack(
            [
                t["combo_a"][sel],
                t["combo_b"][sel],
                np.minimum(da, tables.width - 1),
                np.minimum(dt, tables.width - 1),
                t["line"][sel],
            ],
            axis=1,
        )
        uniq, inv = _unique_rows(cols)
        w1, w2 = _distinct_outcome(uniq, report)
        return w1[inv], w2[inv]

    def _distinct_outcome(keys: np.ndarray, report: bool) -> tuple[np.ndarray, np.ndarray]:
        win1, win2 = np.zeros(len(keys)), np.zeros(len(keys))
        lines = keys[:, 4]
        total_keys = len(keys)
        done = 0
        for line in np.unique(lines):
            tl = builder.line_list[line]
            in_line = np.flatnonzero(lines == line)
            ja, jb = len(tl.before[0]), len(tl.before[1])
            before_a, before_b = tl.before  # the other's events before each of A's / B's
            for start in range(0, len(in_line), CHUNK_TERMS):
                part = in_line[start : start + CHUNK_TERMS]
                ca, cb, wa, wb = keys[part, 0], keys[part, 1], keys[part, 2], keys[part, 3]
                dead_a = tables.dead[ca, wa, : ja + 1]  # (n, ja + 1)
                dead_b = tables.dead[cb, wb, : jb + 1]
                alive0_a = wa < life_of[ca]
                alive0_b = wb < life_of[cb]
                both0 = alive0_a & alive0_b
                # the first blow already decided it
                w1 = (alive0_a & ~alive0_b).astype(float)
                w2 = (~alive0_a & alive0_b).astype(float)
                # B dies at its j-th event while A has had before_b[j-1] events
                died_b = dead_b[:, 1:] - dead_b[:, :-1]
                w1 += both0 * (died_b * (1.0 - dead_a[:, before_b])).sum(axis=1)
                died_a = dead_a[:, 1:] - dead_a[:, :-1]
                w2 += both0 * (died_a * (1.0 - dead_b[:, before_a])).sum(axis=1)
                win1[part], win2[part] = w1, w2
                done += len(part)
                if progress is not None and report:
                    progress(done, total_keys)
        return win1, win2

    every = np.arange(total_terms)
    win1, win2 = outcome(t["dt"], t["da"], every, True)
    dt, da = t["dt"].copy(), t["da"].copy()
    weak = np.flatnonzero(t["has_weak"])
    if weaken != "never" and len(weak):
        w1, w2 = outcome(t["dt_w"][weak], t["da_w"][weak], weak, False)
        if weaken == "always":
            use = np.ones(len(weak), dtype=bool)
        else:  # best: the chooser's own win probability, strictly better; a tie keeps the plain row
            # (within TIE, as in the exact duel: the event tables carry float rounding — a die's
            # sixths may sum to 1 − 1e-16 — so an exact tie must not read as a gain)
            attacker = t["chooser"][weak] == 0
            use = np.where(attacker, w1 > win1[weak] + TIE, w2 > win2[weak] + TIE)
        sel = weak[use]
        win1[sel], win2[sel] = w1[use], w2[use]
        dt[sel], da[sel] = t["dt_w"][sel], t["da_w"][sel]
    both = ((da >= life_of[t["combo_a"]]) & (dt >= life_of[t["combo_b"]])).astype(float)
    size = nr * nc

    def total(values: np.ndarray) -> np.ndarray:
        return np.bincount(t["pair"], weights=t["weight"] * values, minlength=size).reshape(nr, nc)

    fw, sw, bd = total(win1), total(win2), total(both)
    _exact_pairs(rows, cols, model, weaken, max_turns, fw, sw, bd)
    return fw, sw, bd


def _needs_exact(f: Fighter) -> bool:
    """A fighter whose duels the event automata do not describe: caps on the strikes it receives
    ("reduced to 1", protection from weak strikes …), protection from counter-strikes, or a simple
    strike that leaves it open (the exact duel plays all three)."""
    return bool(f.caps or f.prot_counter or f.stays_open)


def _exact_pairs(rows: Sequence[Fighter], cols: Sequence[Fighter], model: str, weaken: str, max_turns: int,
                 fw: np.ndarray, sw: np.ndarray, bd: np.ndarray) -> None:
    """Overwrite, in place, the pairs with a :func:`_needs_exact` fighter by the exact duel."""
    from analysis.combat.duel import duel

    exact_r = [_needs_exact(f) for f in rows]
    exact_c = [_needs_exact(f) for f in cols]
    if not any(exact_r) and not any(exact_c):
        return
    for i, a in enumerate(rows):
        for j, b in enumerate(cols):
            if exact_r[i] or exact_c[j]:
                r = duel(a, b, model, "always_attack", weaken, max_turns)
                fw[i, j], sw[i, j], bd[i, j] = r.first_wins, r.second_wins, r.both_die


__all__ = ["DuelMatrix", "Timeline", "duel_matrix", "timeline"]
