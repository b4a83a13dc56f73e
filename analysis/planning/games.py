"""The planner's only door to the games: blocks of deck-against-deck games, batched and cached.

A :class:`Block` is ``deck_matchup(a, b, settings, games, seed)`` of :mod:`analysis.matchup.simulate` —
the same chunks, the same child seeds, so its rows equal that call's game for game. A
:class:`GameRunner` plays many blocks in one pool of worker processes (the chunks of every pair
together keep both cores busy), computes each deck's mulligan thresholds once (in parallel, and
cached), and keeps every block's per-game rows in the :class:`~analysis.planning.cache.GameCache`,
so a block already played is read back instead of replayed.

Rows are those of :func:`analysis.matchup.simulate.play_chunk`: (A's seat, outcome for A: 1 win, 0 draw,
-1 loss, turns, mulligans of A, mulligans of B).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from analysis.decks.deck import Deck
from analysis.matchup.simulate import (
    MatchupResult,
    MatchupSettings,
    Thresholds,
    mulligan_thresholds,
    pair_tasks,
    run_tasks,
    summarise,
)
from analysis.planning.cache import GameCache
from analysis.planning.keys import block_key, deck_key, thresholds_key
from analysis.util.frame_stack import on_fresh_frame_stack
from analysis.util.workers import worker_pool

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: a stage label ("mulligan thresholds", "games"…) and its count."""
ROW_COLUMNS = ("seat", "outcome", "turns", "mulligans_a", "mulligans_b")


@dataclass(frozen=True)
class Block:
    """``games`` games of deck ``a`` against deck ``b`` with ``seed`` (seats alternate, A first in even
    games), exactly as :func:`analysis.matchup.simulate.deck_matchup` plays them."""

    a: Deck
    b: Deck
    games: int
    seed: int


def flip_rows(rows: np.ndarray) -> np.ndarray:
    """The same games seen from B's side: seats swapped, outcomes negated, mulligans swapped."""
    out = rows[:, [0, 1, 2, 4, 3]].copy()
    out[:, 0] = 1 - rows[:, 0]
    out[:, 1] = -rows[:, 1]
    return out


def _thresholds_job(job: tuple[Deck, MatchupSettings]) -> Thresholds:
    deck, settings = job
    return mulligan_thresholds(deck, settings)


MAX_CACHED_TURNS = 10_000
MAX_CACHED_MULLIGANS = 1_000
MAX_THRESHOLD = 1e9
MAX_THRESHOLDS = 64


def _whole(x: object) -> bool:
    return type(x) is int


def _rows_from_cache(value: object, games: int) -> np.ndarray | None:
    """Rows stored by :meth:`GameRunner.play`, or None when they are not what a block of ``games`` has:
    exactly the columns, ``games`` rows of whole numbers (no ``true``, no fractions), seats 0/1,
    outcomes -1/0/1, turns and mulligans non-negative and bounded."""
    if not isinstance(value, dict) or set(value) != {"columns", "rows"} \
            or value["columns"] != list(ROW_COLUMNS) or not isinstance(value["rows"], list):
        return None
    if len(value["rows"]) != games or not all(
            isinstance(r, list) and len(r) == len(ROW_COLUMNS) and all(_whole(x) for x in r)
            for r in value["rows"]):
        return None
    try:
        rows = np.array(value["rows"], dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        return None
    if rows.shape != (games, len(ROW_COLUMNS)):
        return None
    seats_ok = np.isin(rows[:, 0], (0, 1)).all()
    if not (seats_ok and np.isin(rows[:, 1], (-1, 0, 1)).all() and (rows[:, 2:] >= 0).all()):
        return None
    if (rows[:, 2] > MAX_CACHED_TURNS).any() or (rows[:, 3:] > MAX_CACHED_MULLIGANS).any():
        return None
    return rows


class GameRunner:
    """Plays :class:`Block` s for one set of settings over ``processes`` workers, with a cache.

    ``progress(stage, done, total)`` is called while thresholds are estimated and games played.
    """

    def __init__(self, settings: MatchupSettings, cache: GameCache | None = None, processes: int = 2,
                 progress: Progress | None = None):
        self.settings = settings
        self.cache = cache if cache is not None else GameCache.disabled()
        self.processes = max(1, processes)
        self.progress = progress
        self._thresholds: dict[str, Thresholds] = {}
        self.games_played = 0
        self.games_cached = 0

    # ------------------------------------------------------------------ thresholds

    def thresholds(self, decks: Sequence[Deck]) -> dict[str, Thresholds]:
        """Mulligan thresholds per :func:`~analysis.planning.keys.deck_key` (memoised, cached on disk,
        the missing ones estimated in parallel)."""
        missing: dict[str, Deck] = {}
        for deck in decks:
            k = deck_key(deck)
            if k in self._thresholds or k in missing:
                continue
            stored = self.cache.get(thresholds_key(deck, self.settings))
            if _valid_thresholds(stored):
                self._thresholds[k] = (tuple(stored[0]), tuple(stored[1]))  # type: ignore[index]
            else:
                if stored is not None:
                    self.cache.notes.append("cache: ignored a malformed entry of mulligan thresholds; "
                                            "estimating them again")
                missing[k] = deck
        if missing:
            jobs = [(d, self.settings) for d in missing.values()]
            total = len(jobs)
            self._report("mulligan thresholds", 0, total)
            if self.processes > 1 and total > 1 and self.settings.mulligan == "optimal":
                with worker_pool(min(self.processes, total)) as pool:  # (Ctrl-C, SIGTERM, a dead worker)
                    found = []
                    for i, t in enumerate(pool.imap(_thresholds_job, jobs), start=1):
                        found.append(t)
                        self._report("mulligan thresholds", i, total)
            else:
                found = []
                for i, job in enumerate(jobs, start=1):
                    found.append(on_fresh_frame_stack(_thresholds_job, job))
                    self._report("mulligan thresholds", i, total)
            for (k, deck), t in zip(missing.items(), found, strict=True):
                self._thresholds[k] = t
                self.cache.put(thresholds_key(deck, self.settings), [list(t[0]), list(t[1])])
        return {deck_key(d): self._thresholds[deck_key(d)] for d in decks}

    # ------------------------------------------------------------------ games

    def play(self, blocks: Sequence[Block], stage: str = "games") -> list[np.ndarray]:
        """Per-game rows of every block, in order: read from the cache or played (all missing blocks
        in one pool, so both cores stay busy), then stored."""
        keys = [block_key(b.a, b.b, self.settings, b.games, b.seed) for b in blocks]
        found: dict[int, np.ndarray] = {}
        todo: dict[str, int] = {}   # digest of key -> index of the first block with it
        pending: list[int] = []
        for i, (block, key) in enumerate(zip(blocks, keys, strict=True)):
            stored = self.cache.get(key)
            rows = _rows_from_cache(stored, block.games) if stored is not None else None
            if stored is not None and rows is None:
                self.cache.notes.append(f"cache: ignored a malformed entry for {block.games} games; "
                                        "replaying them")
            if rows is not None:
                found[i] = rows
                self.games_cached += block.games
                continue
            ident = repr(sorted(key.items()))
            if ident not in todo:
                todo[ident] = i
                pending.append(i)
        if pending:
            th = self.thresholds([d for i in pending for d in (blocks[i].a, blocks[i].b)])
            tasks = []
            for i in pending:
                b = blocks[i]
                tasks.extend(pair_tasks(b.a, b.b, self.settings, b.games, b.seed,
                                        (th[deck_key(b.a)], th[deck_key(b.b)]), pair=i))
            executor = "processes" if self.processes > 1 else "serial"
            results = run_tasks(tasks, executor, self.processes,
                                progress=(lambda d, t: self._report(stage, d, t)) if self.progress else None)
            by_block: dict[int, list[np.ndarray]] = {}
            for task, rows in zip(tasks, results, strict=True):
                by_block.setdefault(task.pair, []).append(rows)
            for i in pending:
                rows = np.concatenate(by_block[i])
                found[i] = rows
                self.games_played += blocks[i].games
                self.cache.put(keys[i], {"columns": list(ROW_COLUMNS), "rows": rows.tolist()})
        out = []
        for i, key in enumerate(keys):
            if i not in found:   # a duplicate of a block played above
                found[i] = found[todo[repr(sorted(key.items()))]]
            out.append(found[i])
        return out

    def matchup(self, block: Block, a_name: str, b_name: str) -> MatchupResult:
        """One block as a :class:`~analysis.matchup.simulate.MatchupResult` (what ``deck_matchup``
        returns)."""
        rows = self.play([block])[0]
        return summarise(a_name, b_name, rows, block.seed, "decks", self.settings)

    def _report(self, stage: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)


def _valid_thresholds(value: object) -> bool:
    """Two lists (one per seat) of at most :data:`MAX_THRESHOLDS` finite numbers within
    ±:data:`MAX_THRESHOLD` (``NaN``, ``Infinity``, ``1e308``, ``true`` and nested lists are not)."""
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(seat, list) and len(seat) <= MAX_THRESHOLDS
                    and all(type(x) in (int, float) and math.isfinite(x) and abs(x) <= MAX_THRESHOLD
                            for x in seat)
                    for seat in value))


__all__ = ["Block", "GameRunner", "Progress", "ROW_COLUMNS", "flip_rows"]
