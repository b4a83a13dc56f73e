"""The Strike Table (000 4.3-4.9, RULES.md §4) as pure functions of the modified die results.

Strike kinds index a creature's printed simple strike X-Y-Z: :data:`WEAK` = 0, :data:`MEDIUM` = 1,
:data:`STRONG` = 2, and :data:`MISS` = -1 for no strike.

    >>> open_exchange(6, 2)            # d = 4: strong for the attacker, weak back
    (2, 0)
    >>> open_exchange(6, 2, weaken=True)   # the higher roller moves up one line: medium, miss
    (1, -1)
    >>> closed_target_kind(7)          # against a closed card the roll is clamped to 1..6
    2

Modified results are *not* clamped between two open creatures (000 2.14, 003 L221).
"""

from __future__ import annotations

MISS, WEAK, MEDIUM, STRONG = -1, 0, 1, 2
KIND_NAMES = {MISS: "miss", WEAK: "weak", MEDIUM: "medium", STRONG: "strong"}

# d = attacker − parrier → (attacker deals, parrier deals), for |d| ≤ 4 except d = 0.
_TABLE: dict[int, tuple[int, int]] = {
    4: (STRONG, WEAK),
    3: (MEDIUM, MISS),
    2: (MEDIUM, WEAK),
    1: (WEAK, MISS),
    -1: (WEAK, MISS),
    -2: (MISS, MISS),
    -3: (MISS, WEAK),
    -4: (WEAK, MEDIUM),
}
WEAKENING_ROWS = (4, 2, -4)
"""Rows where both sides strike, so the higher roller may weaken (000 4.5, 002 L23)."""


def exchange_row(d: int, tied_high: bool = False) -> tuple[int, int]:
    """The table row for difference ``d``; at d = 0 ``tied_high`` says both results are ≥ 5."""
    if d >= 5:
        return STRONG, MISS
    if d <= -5:
        return MISS, MEDIUM
    if d == 0:
        return (MISS, WEAK) if tied_high else (WEAK, MISS)
    return _TABLE[d]


def can_weaken(d: int) -> bool:
    """Whether the row for ``d`` lets the higher roller weaken (both sides strike)."""
    return d in WEAKENING_ROWS


def weakener(d: int) -> str | None:
    """Who may weaken on row ``d``: ``"attacker"``, ``"parrier"`` or None."""
    if not can_weaken(d):
        return None
    return "attacker" if d > 0 else "parrier"


def open_exchange(attacker_result: int, parrier_result: int, weaken: bool = False) -> tuple[int, int]:
    """(kind the attacker deals, kind the parrier deals) for an open target.

    ``weaken`` applies only where :func:`can_weaken` holds: the line moves one up, i.e. to row
    ``d − 1`` for the attacker (4 → 3, 2 → 1) and ``d + 1`` for the parrier (−4 → −3).
    """
    d = attacker_result - parrier_result
    if weaken and can_weaken(d):
        d = d - 1 if d > 0 else d + 1
    return exchange_row(d, tied_high=attacker_result >= 5)


def closed_target_kind(attacker_result: int) -> int:
    """Kind dealt when the target does not fight (closed, artifact, unanswerable…): 1-3 weak,
    4-5 medium, 6 strong, after clamping the result to 1..6 (000 2.14, 4.9)."""
    roll = min(6, max(1, attacker_result))
    if roll <= 3:
        return WEAK
    if roll <= 5:
        return MEDIUM
    return STRONG


def strike_power(strike: tuple[int, int, int], kind: int, bonus: int = 0) -> int:
    """Wounds of a strike of ``kind`` with power modifier ``bonus``; below 0 counts as 0 (000 2.13)."""
    if kind == MISS:
        return 0
    return max(0, strike[kind] + bonus)
