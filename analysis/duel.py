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

    >>> from analysis.combat import fighter_from_stats
    >>> r = duel(fighter_from_stats("1-2-3", 3), fighter_from_stats("1-2-3", 3))
    >>> round(r.first_wins + r.second_wins + r.both_die + r.undecided, 12)
    1.0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

import numpy as np

from analysis.combat import (
    STRIKE_TABLE,
    WEAKEN_POLICIES,
    Fighter,
    StrikeSpace,
    model_of,
    strike_space,
)
from analysis.errors import BerserkInputError

DUEL_POLICIES = ("always_attack", "optimal")
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


class _Side:
    """The strikes of one mover: against a closed and against an open opponent."""

    def __init__(self, mover: Fighter, other: Fighter, model: str):
        self.closed = _grouped(strike_space(mover, other, model, True))
        self.open = _grouped(strike_space(mover, other, model, False))
        pairs = [p for _, a, b, _ in self.closed + self.open for p in (a, b) if p is not None]
        self.max_dealt = max(p[0] for p in pairs)
        self.max_taken = max(p[1] for p in pairs)


def _attack_value(padded, branches, mover: int, weaken: str, la: int, lb: int):
    """Expected outcome vector of attacking, for every (wA, wB) at once."""
    total = np.zeros((3, la, lb))

    def sliced(pair):
        dealt, taken = pair
        sa, sb = (taken, dealt) if mover == 0 else (dealt, taken)
        return padded[:, sa : sa + la, sb : sb + lb]

    for p, plain, weakened, chooser in branches:
        value = sliced(plain)
        if weakened is not None and weaken != "never":
            other = sliced(weakened)
            if weaken == "always":
                value = other
            else:
                channel = mover if chooser == "attacker" else 1 - mover
                value = np.where(other[channel] > value[channel], other, value)
        total += p * value
    return total


def _choose(attack, hold, mover: int):
    """Attack or hold, per state, for the mover (own win ↑, then opponent's win ↓, then attack)."""
    own, opp = mover, 1 - mover
    better_hold = (hold[own] > attack[own]) | ((hold[own] == attack[own]) & (hold[opp] < attack[opp]))
    return np.where(better_hold, hold, attack)


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
    if max_turns < 0:
        raise BerserkInputError(f"max_turns must be ≥ 0, got {max_turns}")
    for f in (first, second):
        if f.life > MAX_LIFE:
            raise BerserkInputError(f"{f.name}: life {f.life} is above the duel limit {MAX_LIFE}")
    probs = _duel(first, second, model, policy, weaken, int(max_turns))
    w1, w2, both = (float(x) for x in probs)
    undecided = max(0.0, 1.0 - w1 - w2 - both)
    shown = weaken if model == STRIKE_TABLE else "n/a"
    return DuelResult(first.name, second.name, w1, w2, both, undecided, policy, shown, model, int(max_turns))


@lru_cache(maxsize=4096)
def _duel(a: Fighter, b: Fighter, model: str, policy: str, weaken: str, max_turns: int) -> tuple[float, ...]:
    if max_turns == 0:
        return (0.0, 0.0, 0.0)
    final, _, _ = _solve(a, b, model, policy, weaken, max_turns)
    return tuple(float(x) for x in final[1][:, 0, 0])


def _solve(a: Fighter, b: Fighter, model: str, policy: str, weaken: str, max_turns: int):
    """(values with the first to move, values one turn later, the padding template): each a pair of
    (3, life_a, life_b) arrays for the waiting creature closed / open; channels first wins,
    second wins, both die."""
    la, lb = a.life, b.life
    sides = (_Side(a, b, model), _Side(b, a, model))
    pad_a = max(sides[0].max_taken, sides[1].max_dealt) + 1
    pad_b = max(sides[0].max_dealt, sides[1].max_taken) + 1
    template = np.zeros((3, la + pad_a, lb + pad_b))
    template[1, la:, :lb] = 1.0  # A dead, B alive: second wins
    template[0, :la, lb:] = 1.0  # B dead, A alive: first wins
    template[2, la:, lb:] = 1.0  # both dead
    regen_index = (
        np.maximum(0, np.arange(la) - a.regeneration),
        np.maximum(0, np.arange(lb) - b.regeneration),
    )
    optimal = policy == "optimal"

    def step(mover: int, nxt: tuple[np.ndarray, np.ndarray], top: bool) -> tuple[np.ndarray, np.ndarray]:
        """Values with the mover to play, from the values after its turn (opponent to play)."""
        padded = template.copy()
        padded[:, :la, :lb] = nxt[0]  # the mover attacked, so it waits closed
        side = sides[mover]
        closed = _attack_value(padded, side.closed, mover, weaken, la, lb)
        # Under always-attack the waiting creature is open only on the very first turn.
        opened = _attack_value(padded, side.open, mover, weaken, la, lb) if optimal or top else closed
        if optimal:
            hold = nxt[1]
            closed, opened = _choose(closed, hold, mover), _choose(opened, hold, mover)
        idx = regen_index[mover]
        if mover == 0:
            return closed[:, idx, :], opened[:, idx, :]
        return closed[:, :, idx], opened[:, :, idx]

    zero = np.zeros((3, la, lb))
    recent: list[tuple[np.ndarray, np.ndarray]] = [(zero, zero)]  # values with n turns left
    for n in range(1, max_turns + 1):
        mover = (max_turns - n) % 2  # A moves when an even number of turns has been played
        values = step(mover, recent[-1], top=n == max_turns)
        recent = [*recent[-2:], values]
        if 3 <= n < max_turns - 1 and _same(values, recent[-3]):
            # Stationary: the values repeat every two turns from here on.
            below = recent[-2] if (max_turns - n) % 2 == 0 else values
            return step(0, below, top=True), below, template
    return recent[-1], recent[-2], template


def first_exchange_choices(
    first: Fighter, second: Fighter, rules=STRIKE_TABLE, max_turns: int = DEFAULT_MAX_TURNS
) -> dict[tuple[tuple[int, int], tuple[int, int], str], bool]:
    """Under ``always_attack`` with ``best`` weakening, whether the chooser weakens on each
    weakenable row of the opening exchange: (plain, weakened, chooser) → True/False, decided by the
    chooser's probability of winning the rest of the duel (strictly better; a tie: no weakening).
    The Monte Carlo duel uses it to play the same policy as the exact one."""
    model = model_of(rules)
    if max_turns < 1:
        return {}
    _, below, template = _solve(first, second, model, "always_attack", "best", max_turns)
    la, lb = first.life, second.life
    padded = template.copy()
    padded[:, :la, :lb] = below[0]
    out = {}
    for br in strike_space(first, second, model, False).branches:
        if br.weakened is None:
            continue
        own = 0 if br.chooser == "attacker" else 1
        plain = padded[own, br.plain[1], br.plain[0]]
        weak = padded[own, br.weakened[1], br.weakened[0]]
        out[(br.plain, br.weakened, br.chooser)] = bool(weak > plain)
    return out


def _same(x: tuple[np.ndarray, np.ndarray], y: tuple[np.ndarray, np.ndarray]) -> bool:
    return np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1])


__all__ = ["DEFAULT_MAX_TURNS", "DUEL_POLICIES", "DuelResult", "duel", "first_exchange_choices"]
