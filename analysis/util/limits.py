"""The bounds on how much work one request may ask for, in one place.

Every size a user chooses (trials, games, simulated strikes, worker processes, seeds, turns) is
checked against these before anything is allocated or started, by the library functions
themselves (so the dashboard and notebooks get the same answer as the command line) and by the
command line's option parser (so ``--help`` names each bound). Each bound keeps a single request
within minutes and a few hundred megabytes on an ordinary machine; the figures behind them are in
``docs/reference/limits.md`` (the documentation's *Input limits*).
"""

from __future__ import annotations

import os

from analysis.util.errors import BerserkInputError

MAX_TRIALS = 10_000_000
"""Simulated games of ``deal`` (about 13,000 a second per core)."""
MAX_ESTIMATE_TRIALS = 1_000_000
"""Deals per stage used to estimate the optimal mulligan thresholds."""
MAX_HORIZON = 50
"""Mulligans the optimal policy may plan for."""
MAX_GAMES = 10_000_000
"""Games per pair of ``matchup`` / ``matrix``."""
MAX_SIMULATE = 2_000_000
"""Simulated strikes and duels of ``odds --simulate`` (2,000,000 of each take about 2 s and
240 MB; memory grows by about 120 MB per million)."""
MAX_DUEL_TURNS = 1_000
"""Turns of a duel before it is called undecided."""
MAX_ROUNDS = 1_000
"""Rounds of a battle before the round cap ends it."""
MAX_TOP = 1_000
"""Next-best squads of ``recruit --top``."""
MAX_SEED = 2**63 - 1
"""Largest seed (seeds are 0 … 2⁶³−1, what NumPy's and Python's generators take alike)."""


def max_processes() -> int:
    """Most worker processes: twice the machine's cores (at least 2); more only adds memory."""
    return max(2, 2 * (os.cpu_count() or 1))


def check_range(name: str, value: int, low: int, high: int) -> int:
    """``value`` when ``low ≤ value ≤ high``; otherwise an input error naming ``name`` and the range."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = f"{value:,}" if isinstance(value, int) else repr(value)
        raise BerserkInputError(f"{name} must be between {low:,} and {high:,}, got {shown}")
    return value


def check_seed(seed: int, name: str = "--seed") -> int:
    """A seed between 0 and :data:`MAX_SEED`."""
    return check_range(name, seed, 0, MAX_SEED)


def check_processes(processes: int, name: str = "--processes") -> int:
    """A worker count between 1 and :func:`max_processes`."""
    return check_range(name, processes, 1, max_processes())


__all__ = [
    "MAX_DUEL_TURNS", "MAX_ESTIMATE_TRIALS", "MAX_GAMES", "MAX_HORIZON", "MAX_ROUNDS", "MAX_SEED",
    "MAX_SIMULATE", "MAX_TOP", "MAX_TRIALS", "check_processes", "check_range", "check_seed",
    "max_processes",
]
