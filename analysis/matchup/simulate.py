"""Deck against deck through the whole pipeline, squad against squad, and the matchup matrix.

One game of deck A against deck B (:func:`deck_matchup`):

1. seats alternate: even games A is the First player (seat 0), odd games B is;
2. each side is dealt ``rules.deal.size`` cards from its shuffled deck and follows the mulligan
   policy of :mod:`analysis.squad.deals` (``never``, ``threshold:V``, or ``optimal``: the backward-
   induction thresholds of :func:`analysis.squad.deals.simulate` for that deck and seat);
3. each side recruits the optimal squad of its kept deal (:class:`analysis.squad.recruit.Recruiter`,
   with its own objective — ``strength`` by default, the card strengths fitted from battles —
   the seat's crystals and the mulligans paid);
4. the squads fight a battle (:mod:`analysis.battle`) with the chosen players.

Win, draw and loss rates carry Wilson 95 % intervals (:func:`analysis.squad.deals.proportion_ci`) and
are split by seat. Games are cut into chunks of :data:`CHUNK` with child seeds
(``numpy.random.SeedSequence(seed).spawn``), so a seed gives the same answer however the chunks
are spread: serially, over processes (:func:`analysis.util.workers.worker_pool`) or over a Dask cluster
(``dask.distributed``) — all three run the very same :func:`play_chunk`.

For the dashboard:

- :func:`deck_matchup` / :func:`squad_matchup` → :class:`MatchupResult` (``to_dict()`` is the
  ``berserk matchup --json`` object; ``by_seat`` holds the per-seat figures);
- :func:`matchup_matrix` → :class:`MatrixResult` (or chunk by chunk: :func:`matrix_chunks`,
  :func:`play_matrix_chunk`, :func:`matrix_from_chunks`, e.g. to cache each chunk);
  ``.frame()`` is a pandas DataFrame with one row per ordered pair (row deck vs column deck),
  ``.score_table()`` the square table of scores (wins + draws/2 per game) for a heatmap,
  ``.figure()`` that heatmap in plotly, and
  ``.pair(a, b)`` the :class:`MatchupResult` of one pair;
- :func:`score_table` / :func:`matrix_figure` do the same from a frame alone, e.g. the committed
  ``reports/matchup_matrix.csv`` read with pandas (no games to play).

Simplifications: those of the battle engine (see :mod:`analysis.battle.engine`); the
``strength`` objective adds up per-card strengths (no card pairs or board roles).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from analysis.battle import Battle, BattleConfig, make_player
from analysis.battle.record import record_battle
from analysis.battle.registry import player_problem
from analysis.cards.table import Card
from analysis.decks.deck import Deck, check_deck_size
from analysis.rules import Ruleset
from analysis.squad.deals import default_horizon, parse_policy, proportion_ci, simulate
from analysis.squad.economy import pay
from analysis.squad.fetch import best_fetch, grave_facts, graveyard_fetches, uses_fetch
from analysis.squad.recruit import DEFAULT_OBJECTIVE, Recruiter, before_recruit
from analysis.util.errors import BerserkInputError
from analysis.util.frame_stack import on_fresh_frame_stack
from analysis.util.limits import MAX_GAMES, MAX_ROUNDS, check_processes, check_range, check_seed
from analysis.util.workers import quiet_workers, worker_pool

CHUNK = 250
"""Games per task; each chunk has its own child seed, so results do not depend on the executor."""
EXECUTORS = ("serial", "processes", "dask")
Progress = Callable[[int, int], None]


# --------------------------------------------------------------------------- settings and sides


@dataclass(frozen=True)
class MatchupSettings:
    """Everything a game needs besides the two decks (picklable, so it travels to workers)."""

    rules: Ruleset
    mulligan: str = "optimal"
    players: tuple[str, str] = ("heuristic", "heuristic")
    battle: BattleConfig = field(default_factory=BattleConfig)
    objectives: tuple[str, str] = (DEFAULT_OBJECTIVE, DEFAULT_OBJECTIVE)
    """Recruitment objective of side A and of side B (:data:`MATCHUP_OBJECTIVES`)."""
    estimate_trials: int = 500
    """Deals per stage used to estimate the ``optimal`` mulligan thresholds."""

    def __post_init__(self) -> None:
        parse_policy(self.mulligan)
        check_range("--max-rounds", self.battle.max_rounds, 1, MAX_ROUNDS)
        check_range("--stall-rounds", self.battle.stall_rounds, 0, MAX_ROUNDS)
        if self.battle.model != self.rules.combat_model:  # the ruleset decides the combat model
            object.__setattr__(self, "battle", replace(self.battle, model=self.rules.combat_model))
        for name in self.players:
            problem = player_problem(name)
            if problem:
                raise BerserkInputError(problem)
        for name in self.objectives:
            if name not in MATCHUP_OBJECTIVES:
                raise BerserkInputError(f"unknown objective {name!r} for a matchup; objectives: "
                                        f"{', '.join(MATCHUP_OBJECTIVES)}")

    @property
    def sides_differ(self) -> bool:
        """Whether side A and side B recruit or play differently (then a matrix is a cross matrix)."""
        return self.objectives[0] != self.objectives[1] or self.players[0] != self.players[1]


MATCHUP_OBJECTIVES = ("strength", "crystals", "rating")
"""Objectives a side can recruit by (``weights`` needs a user's weights and is not offered here)."""


def objective_ratings(objective: str, rules: Ruleset) -> dict[str, float] | None:
    """The ratings a side needs: the duel ratings of every built-in creature for ``rating``."""
    if objective != "rating":
        return None
    key = rules.name, rules.combat_model
    if key not in _RATINGS:
        from analysis.combat.ratings import ratings_map

        _RATINGS[key] = ratings_map(rules)
    return _RATINGS[key]


_RATINGS: dict[tuple[str, str], dict[str, float]] = {}


Thresholds = tuple[tuple[float, ...], tuple[float, ...]]
"""Mulligan thresholds of a deck for player 1 and player 2 (empty: keep every deal)."""


def mulligan_thresholds(deck: Deck, settings: MatchupSettings, objective: str = DEFAULT_OBJECTIVE
                        ) -> Thresholds:
    """The redeal thresholds of ``deck`` for each seat under the settings' mulligan policy; for
    ``optimal``, the backward-induction thresholds of :func:`analysis.squad.deals.simulate` (seed 0) for
    the side's recruitment ``objective``."""
    rules = settings.rules
    policy = parse_policy(settings.mulligan)
    out = []
    for player in (1, 2):
        if policy.kind == "never":
            out.append(())
        elif policy.kind == "threshold":
            out.append((policy.value,) * default_horizon(rules, player))
        else:
            sim = simulate(deck, rules, player, trials=1, seed=0, policy="optimal", objective=objective,
                           ratings=objective_ratings(objective, rules), default_rating=0.0,
                           estimate_trials=settings.estimate_trials)
            out.append(tuple(sim.thresholds))
    return out[0], out[1]


class _Side:
    """A deck compiled for one seat: its recruiter and mulligan thresholds."""

    def __init__(self, deck: Deck, rules: Ruleset, player: int, thresholds: tuple[float, ...],
                 objective: str = DEFAULT_OBJECTIVE):
        self.cards = deck.cards()
        self.rules = rules
        self.recruiter = Recruiter(self.cards, rules, player, objective, objective_ratings(objective, rules),
                                   default_rating=0.0)
        self.units = [self.recruiter.index[c.id] for c in self.cards]
        self.thresholds = thresholds
        self.fetches = uses_fetch(self.cards)
        """Some card of the deck fetches before recruiting (:mod:`analysis.squad.fetch`)."""
        self.grave_fetches = any(grave_facts(c) for c in self.cards)

    def squad(self, rng: random.Random) -> tuple[tuple[Card, ...], int]:
        """Deal, mulligan by the thresholds, recruit optimally: (squad, mulligans taken)."""
        squad, m, _ = self.squad_and_deal(rng)
        return squad, m

    def squad_and_deal(self, rng: random.Random) -> tuple[tuple[Card, ...], int, tuple[Card, ...]]:
        """:meth:`squad` and the kept deal it was recruited from."""
        r = self.recruiter
        n_units = len(r.units)
        m = 0
        while True:
            size = min(self.rules.deal.size_after(m), len(self.units))
            counts = [0] * n_units
            for u in rng.sample(self.units, size):
                counts[u] += 1
            value, vec = r.solve(counts, m, 1)[0]
            if self.fetches:  # ("до набора отряда … найдите в колоде …": the side's choice)
                (value, vec), dealt = best_fetch(r, self.cards, counts, m, (value, vec))
                counts = list(dealt)
            if m >= len(self.thresholds) or value >= self.thresholds[m]:
                return r.cards_of(vec), m, r.cards_of(counts)
            m += 1

    def zones(self, squad: Sequence[Card], deal: Sequence[Card], m: int) -> tuple[list[Card], list[Card]]:
        """The deck in battle and the graveyard of a recruited ``squad``: the cards put into the
        graveyard before recruiting (:func:`~analysis.squad.recruit.before_recruit`, paid from the
        gold the squad leaves), and every other card of the deck not in the squad — the rest of the
        deal goes back into the deck (000 3.6) — in deck order (the battle shuffles it)."""
        grave = before_recruit(deal, squad, pay(squad, self.rules, self.recruiter.player, m).gold_left)
        deck = list(self.cards)
        for c in (*squad, *grave):
            if c in deck:
                deck.remove(c)
        if self.grave_fetches:  # ("… возьмите его в отряд; положите на кладбище существо …", 60/167)
            taken = graveyard_fetches(squad, deck)
            for c in taken:
                deck.remove(c)
            grave = (*grave, *taken)
        return deck, list(grave)


_SIDES: dict[tuple[Deck, Ruleset, int, tuple[float, ...], str], _Side] = {}


def _side(deck: Deck, rules: Ruleset, player: int, thresholds: tuple[float, ...], objective: str) -> _Side:
    """Cached per process: compiling a recruiter costs more than a game."""
    key = (deck, rules, player, thresholds, objective)
    side = _SIDES.get(key)
    if side is None:
        if len(_SIDES) > 64:
            _SIDES.clear()
        side = _Side(deck, rules, player, thresholds, objective)
        _SIDES[key] = side
    return side


# --------------------------------------------------------------------------- one chunk of games


@dataclass(frozen=True)
class Task:
    """A chunk of games of one pair: what a worker receives."""

    pair: int
    a: Deck | tuple[Card, ...]
    b: Deck | tuple[Card, ...]
    settings: MatchupSettings
    first_game: int
    games: int
    seed: int
    thresholds: tuple[Thresholds, Thresholds] = ((), ())
    """Mulligan thresholds of A and of B (decks only), computed once by the caller."""


def _game(task: Task, rng: random.Random, i: int):
    """Squads (by seat), A's seat, mulligans, battle seed of game ``i`` of a chunk and the zones
    (decks and graveyards by seat, or None for squads without decks); advances ``rng``."""
    s = task.settings
    a_seat = (task.first_game + i) % 2
    zones = None
    if isinstance(task.a, Deck):
        thr_a, thr_b = task.thresholds
        obj_a, obj_b = s.objectives
        side_a = _side(task.a, s.rules, a_seat + 1, thr_a[a_seat], obj_a)
        side_b = _side(task.b, s.rules, 2 - a_seat, thr_b[1 - a_seat], obj_b)  # type: ignore[arg-type]
        squad_a, mull_a, deal_a = side_a.squad_and_deal(rng)
        squad_b, mull_b, deal_b = side_b.squad_and_deal(rng)
        za, zb = side_a.zones(squad_a, deal_a, mull_a), side_b.zones(squad_b, deal_b, mull_b)
        first, second = (za, zb) if a_seat == 0 else (zb, za)
        zones = ((first[0], second[0]), (first[1], second[1]))
    else:
        squad_a, squad_b, mull_a, mull_b = task.a, task.b, 0, 0  # type: ignore[assignment]
    squads = (squad_a, squad_b) if a_seat == 0 else (squad_b, squad_a)
    return squads, a_seat, mull_a, mull_b, rng.getrandbits(63), zones


def play_chunk(task: Task) -> np.ndarray:
    """Play a chunk; one row per game: (A's seat, outcome for A: 1 win, 0 draw, -1 loss, turns,
    mulligans of A, mulligans of B). The same function runs serially, in processes and on Dask."""
    s = task.settings
    rng = random.Random(task.seed)
    players = (make_player(s.players[0]), make_player(s.players[1]))
    rows = np.zeros((task.games, 5), dtype=np.int64)
    for i in range(task.games):
        squads, a_seat, mull_a, mull_b, battle_seed, zones = _game(task, rng, i)
        seat_players = players if a_seat == 0 else (players[1], players[0])
        decks, graves = zones if zones is not None else (None, None)
        result = Battle(squads, seat_players, seed=battle_seed, config=s.battle, decks=decks,
                        graves=graves).run()
        outcome = 0 if result.winner is None else 1 if result.winner == a_seat else -1
        rows[i] = (a_seat, outcome, result.turns, mull_a, mull_b)
    return rows


def first_game_record(a, b, settings: MatchupSettings, seed: int = 0) -> list[dict[str, Any]]:
    """The battle record (JSON-lines events, :mod:`analysis.battle.record`) of game 0 of the
    matchup :func:`deck_matchup` / :func:`squad_matchup` would play with this seed."""
    if isinstance(a, Deck):
        thresholds = (mulligan_thresholds(a, settings, settings.objectives[0]),
                      mulligan_thresholds(b, settings, settings.objectives[1]))
        task = _tasks(0, a, b, settings, 1, seed, thresholds)[0]
    else:
        task = _tasks(0, tuple(a), tuple(b), settings, 1, seed)[0]
    squads, a_seat, _, _, battle_seed, zones = _game(task, random.Random(task.seed), 0)
    names = settings.players if a_seat == 0 else (settings.players[1], settings.players[0])
    decks, graves = zones if zones is not None else (None, None)
    return record_battle(squads, names, battle_seed, settings.battle, decks=decks, graves=graves)


def _seeds(seed: int, n: int) -> list[int]:
    return [int(s.generate_state(1, dtype=np.uint64)[0] >> 1) for s in np.random.SeedSequence(seed).spawn(n)]


def _chunk_bounds(games: int, seed: int) -> list[tuple[int, int, int]]:
    """(first game, games, child seed) of each chunk of ``games`` games played with ``seed``."""
    n = -(-games // CHUNK)
    seeds = _seeds(seed, n)
    return [(j * CHUNK, min(CHUNK, games - j * CHUNK), seeds[j]) for j in range(n)]


def _tasks(pair: int, a, b, settings: MatchupSettings, games: int, seed: int,
           thresholds: tuple[Thresholds, Thresholds] = ((), ())) -> list[Task]:
    return [Task(pair, a, b, settings, first, n, chunk_seed, thresholds)
            for first, n, chunk_seed in _chunk_bounds(games, seed)]


def pair_tasks(a: Deck, b: Deck, settings: MatchupSettings, games: int, seed: int,
               thresholds: tuple[Thresholds, Thresholds], pair: int = 0) -> list[Task]:
    """The chunks :func:`deck_matchup` plays for ``a`` against ``b`` (``thresholds`` from
    :func:`mulligan_thresholds`), for callers that batch many pairs into one :func:`run_tasks`:
    the concatenated rows equal ``deck_matchup``'s game for game."""
    _check_games(games)
    return _tasks(pair, a, b, settings, games, seed, thresholds)


def run_tasks(
    tasks: Sequence[Task],
    executor: str = "serial",
    processes: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[np.ndarray]:
    """Run chunks with ``serial``, ``processes`` (``processes`` workers) or ``dask`` (the cluster
    at ``scheduler``, or a LocalCluster of ``processes`` workers); results in task order."""
    if executor not in EXECUTORS:
        raise BerserkInputError(f"unknown executor {executor!r}; use one of {', '.join(EXECUTORS)}")
    check_processes(processes)
    total = sum(t.games for t in tasks)
    done = 0
    out: list[np.ndarray] = []
    if executor == "serial" or (executor == "processes" and processes <= 1):
        for t in tasks:
            out.append(on_fresh_frame_stack(play_chunk, t))
            done += t.games
            if progress:
                progress(done, total)
        return out
    if executor == "processes":
        with worker_pool(processes) as pool:
            for t, rows in zip(tasks, pool.imap(play_chunk, tasks), strict=True):
                out.append(rows)
                done += t.games
                if progress:
                    progress(done, total)
        return out
    return _run_dask(tasks, processes, scheduler, progress, total)


def _run_dask(tasks: Sequence[Task], processes: int, scheduler: str | None, progress: Progress | None,
              total: int) -> list[np.ndarray]:
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    try:
        if scheduler:
            try:
                client = Client(scheduler, timeout="10s")
            except OSError as exc:
                raise BerserkInputError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
        else:
            with quiet_workers():  # its worker processes leave Ctrl-C and its messages to this one
                cluster = LocalCluster(n_workers=max(1, processes), threads_per_worker=1,
                                       processes=processes > 1, dashboard_address=None)
            client = Client(cluster)
        with client:
            try:
                futures = client.map(play_chunk, list(tasks), pure=False)
                index = {f.key: i for i, f in enumerate(futures)}
                results: list[Any] = [None] * len(tasks)
                done = 0
                for fut in as_completed(futures):
                    i = index[fut.key]
                    results[i] = fut.result()
                    done += tasks[i].games
                    if progress:
                        progress(done, total)
                return results
            except BaseException:
                _silence_dask_logs()  # before the client closes: one line for an interrupt, no log
                raise
    finally:
        if cluster is not None:
            cluster.close()


def _silence_dask_logs() -> None:
    """Mute ``distributed``'s loggers while an interrupted run shuts its cluster down: the scheduler
    (in this process) logs an ERROR for every result it can no longer hand out, which would bury the
    CLI's one-line "interrupted" message."""
    import logging

    names = [n for n in logging.root.manager.loggerDict if n == "distributed" or n.startswith("distributed.")]
    for name in ("distributed", *names):  # Dask sets levels on its child loggers too
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


# --------------------------------------------------------------------------- results


def _ci(k: int, n: int) -> list[float]:
    e = proportion_ci(k, n)
    return [round(e.lo, 6), round(e.hi, 6)]


@dataclass(frozen=True)
class SeatResult:
    """Counts for the games where A had one seat."""

    games: int
    a_wins: int
    b_wins: int
    draws: int

    def to_dict(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "a_win_rate": round(self.a_wins / n, 6) if n else None,
            "a_wins_ci95": _ci(self.a_wins, n),
        }


@dataclass(frozen=True)
class MatchupResult:
    """Deck (or squad) A against B: counts, intervals and the split by seat.

    ``by_seat["a_first"]`` are the games where A was the First player, ``["b_first"]`` the others.
    """

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    draws: int
    by_seat: dict[str, SeatResult]
    mean_turns: float
    mean_mulligans: tuple[float, float]
    seed: int
    mode: str
    settings: MatchupSettings

    @property
    def a_win_rate(self) -> float:
        return self.a_wins / self.games if self.games else math.nan

    @property
    def a_score(self) -> float:
        """A's wins plus half its draws, per game (the heatmap's figure)."""
        return (self.a_wins + 0.5 * self.draws) / self.games if self.games else math.nan

    def to_dict(self) -> dict[str, Any]:
        """The ``berserk matchup --json`` object."""
        s = self.settings
        return {
            "a": self.a,
            "b": self.b,
            "mode": self.mode,
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "a_wins_ci95": _ci(self.a_wins, self.games),
            "b_wins_ci95": _ci(self.b_wins, self.games),
            "draws_ci95": _ci(self.draws, self.games),
            "by_seat": {k: v.to_dict() for k, v in self.by_seat.items()},
            "mean_turns": round(self.mean_turns, 3),
            "mean_mulligans": [round(x, 4) for x in self.mean_mulligans],
            "seed": self.seed,
            "ruleset": s.rules.name,
            "mulligan": s.mulligan if self.mode == "decks" else None,
            "players": list(s.players),
            "objectives": list(s.objectives) if self.mode == "decks" else None,
            "battle": {"max_rounds": s.battle.max_rounds, "timeout_rule": s.battle.timeout_rule,
                       "stall_rounds": s.battle.stall_rounds},
        }


def summarise(
    a: str, b: str, rows: np.ndarray, seed: int, mode: str, settings: MatchupSettings
) -> MatchupResult:
    """A :class:`MatchupResult` from the rows of :func:`play_chunk`."""
    seat, outcome = rows[:, 0], rows[:, 1]

    def seat_result(mask: np.ndarray) -> SeatResult:
        o = outcome[mask]
        return SeatResult(int(mask.sum()), int((o == 1).sum()), int((o == -1).sum()), int((o == 0).sum()))

    n = len(rows)
    return MatchupResult(
        a=a,
        b=b,
        games=n,
        a_wins=int((outcome == 1).sum()),
        b_wins=int((outcome == -1).sum()),
        draws=int((outcome == 0).sum()),
        by_seat={"a_first": seat_result(seat == 0), "b_first": seat_result(seat == 1)},
        mean_turns=float(rows[:, 2].mean()) if n else math.nan,
        mean_mulligans=(float(rows[:, 3].mean()), float(rows[:, 4].mean())) if n else (math.nan, math.nan),
        seed=seed,
        mode=mode,
        settings=settings,
    )


def _check_games(games: int) -> None:
    check_range("--games", games, 1, MAX_GAMES)


def deck_matchup(
    a: Deck,
    b: Deck,
    settings: MatchupSettings,
    games: int = 1_000,
    seed: int = 0,
    executor: str = "serial",
    processes: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> MatchupResult:
    """Deck ``a`` against deck ``b`` over ``games`` full games (see the module docstring)."""
    _check_games(games)
    check_seed(seed)
    for deck in (a, b):
        if deck.size < 1:
            raise BerserkInputError(f"deck {deck.title!r} has no cards")
        check_deck_size(deck.size, f"deck {deck.title!r}")
    thresholds = (mulligan_thresholds(a, settings, settings.objectives[0]),
                  mulligan_thresholds(b, settings, settings.objectives[1]))
    tasks = _tasks(0, a, b, settings, games, seed, thresholds)
    rows = np.concatenate(run_tasks(tasks, executor, processes, scheduler, progress))
    return summarise(a.title or "A", b.title or "B", rows, seed, "decks", settings)


def check_squad(squad: Sequence[Card], label: str) -> None:
    """A squad the battle can place: 1-15 cards."""
    if not 1 <= len(squad) <= 15:
        raise BerserkInputError(
            f"squad {label!r} has {len(squad)} cards; a squad has 1 to 15 (one per square)"
        )


def squad_matchup(
    a: Sequence[Card],
    b: Sequence[Card],
    settings: MatchupSettings,
    games: int = 1_000,
    seed: int = 0,
    labels: tuple[str, str] = ("A", "B"),
    executor: str = "serial",
    processes: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> MatchupResult:
    """Two given squads fight ``games`` battles, seats alternating (no deals, no recruitment)."""
    _check_games(games)
    check_seed(seed)
    check_squad(a, labels[0])
    check_squad(b, labels[1])
    tasks = _tasks(0, tuple(a), tuple(b), settings, games, seed)
    rows = np.concatenate(run_tasks(tasks, executor, processes, scheduler, progress))
    return summarise(labels[0], labels[1], rows, seed, "squads", settings)


# --------------------------------------------------------------------------- the matrix


@dataclass(frozen=True)
class MatrixResult:
    """Every pair of a field of decks. ``pairs[(i, j)]`` (i < j) is deck i (as A) against deck j.

    A ``cross`` matrix (sides that recruit or play differently, :attr:`MatchupSettings.sides_differ`)
    holds every ordered pair, the diagonal included: ``pairs[(i, j)]`` is deck i with side A's
    objective and player against deck j with side B's, so (i, j) and (j, i) are different games and
    (i, i) is a mirror that only the sides' choices tell apart."""

    names: tuple[str, ...]
    pairs: dict[tuple[int, int], MatchupResult]
    games: int
    seed: int
    executor: str
    cross: bool = False

    def pair(self, a: str | int, b: str | int) -> MatchupResult:
        """The result of deck ``a`` against deck ``b`` (by index or name), from ``a``'s side."""
        i = a if isinstance(a, int) else self.names.index(a)
        j = b if isinstance(b, int) else self.names.index(b)
        if (i, j) in self.pairs:
            return self.pairs[(i, j)]
        r = self.pairs[(j, i)]
        return MatchupResult(
            a=r.b, b=r.a, games=r.games, a_wins=r.b_wins, b_wins=r.a_wins, draws=r.draws,
            by_seat={"a_first": _swap(r.by_seat["b_first"]), "b_first": _swap(r.by_seat["a_first"])},
            mean_turns=r.mean_turns, mean_mulligans=(r.mean_mulligans[1], r.mean_mulligans[0]),
            seed=r.seed, mode=r.mode, settings=r.settings,
        )

    def frame(self):
        """One row per ordered pair (deck vs opponent): counts, rates, intervals, per-seat rates."""
        import pandas as pd

        rows = []
        n = len(self.names)
        for i in range(n):
            for j in range(n):
                if (i == j and not self.cross) or ((i, j) not in self.pairs and (j, i) not in self.pairs):
                    continue
                r = self.pair(i, j)
                lo, hi = _ci(r.a_wins, r.games)
                first, second = r.by_seat["a_first"], r.by_seat["b_first"]
                rows.append({
                    "deck": r.a, "opponent": r.b, "games": r.games, "wins": r.a_wins, "losses": r.b_wins,
                    "draws": r.draws, "win_rate": r.a_win_rate, "win_ci95_lo": lo, "win_ci95_hi": hi,
                    "score": r.a_score,
                    "win_rate_first": first.a_wins / first.games if first.games else math.nan,
                    "win_rate_second": second.a_wins / second.games if second.games else math.nan,
                    "mean_turns": r.mean_turns,
                })
        return pd.DataFrame(rows)

    def score_table(self):
        """Square DataFrame: score (wins + draws/2 per game) of the row deck against the column deck."""
        return score_table(self.frame(), self.names)

    def figure(self):
        """Plotly heatmap of :meth:`score_table` (hover: wins/draws/losses and the 95 % interval)."""
        return matrix_figure(self.frame(), self.names,
                             f"{self.games} games per pair, seed {self.seed}")


def score_table(frame, names: Sequence[str] | None = None):
    """The square score table (row deck vs column deck) from a matrix frame — :meth:`MatrixResult.frame`
    or a ``reports/matchup_matrix.csv`` read with pandas; NaN on the diagonal and for missing pairs."""
    names = list(names) if names is not None else list(dict.fromkeys([*frame["deck"], *frame["opponent"]]))
    table = frame.pivot(index="deck", columns="opponent", values="score")
    return table.reindex(index=names, columns=names).astype(float)


def matrix_figure(frame, names: Sequence[str] | None = None, subtitle: str = ""):
    """Plotly heatmap of a matrix frame (see :func:`score_table`), with W-D-L and the win-rate
    interval of each cell on hover. The dashboard can draw the committed CSV with it."""
    import plotly.graph_objects as go

    table = score_table(frame, names)
    labels = list(table.index)
    rows = {(r.deck, r.opponent): r for r in frame.itertuples(index=False)}
    hover = [["" for _ in labels] for _ in labels]
    for i, a in enumerate(labels):
        for j, b in enumerate(labels):
            r = rows.get((a, b))
            if r is not None:
                hover[i][j] = (f"{a} vs {b}<br>{r.wins}-{r.draws}-{r.losses} (W-D-L) of {r.games}"
                               f"<br>win rate {r.win_rate:.3f} [{r.win_ci95_lo:.3f}, {r.win_ci95_hi:.3f}]")
    fig = go.Figure(go.Heatmap(
        z=table.values, x=labels, y=labels, zmin=0, zmax=1, colorscale="RdBu",
        text=[[("" if math.isnan(v) else f"{v:.2f}") for v in row] for row in table.values],
        texttemplate="%{text}", hovertext=hover, hoverinfo="text", colorbar={"title": "score"},
    ))
    fig.update_layout(
        title="Matchup matrix: score of the row deck (wins + draws/2)"
              + (f", {subtitle}" if subtitle else ""),
        xaxis={"title": "opponent"}, yaxis={"title": "deck", "autorange": "reversed"},
        height=max(420, 60 * len(labels) + 200),
    )
    return fig


def _swap(s: SeatResult) -> SeatResult:
    return SeatResult(s.games, s.b_wins, s.a_wins, s.draws)


def deck_names(decks: Sequence[Deck], labels: Sequence[str] | None = None) -> tuple[str, ...]:
    """Distinct display names: the given labels, else the deck titles (numbered when repeated)."""
    base = list(labels) if labels else [d.title or f"deck {i + 1}" for i, d in enumerate(decks)]
    out: list[str] = []
    for name in base:
        label, k = name, 2
        while label in out:
            label = f"{name} ({k})"
            k += 1
        out.append(label)
    return tuple(out)


@dataclass(frozen=True)
class MatrixChunk:
    """One chunk of a matrix: games ``first_game`` … of pair ``pair`` (deck ``i`` as A against deck
    ``j``), played with ``seed``; ``pair_seed`` is the pair's seed reported in its result."""

    pair: int
    i: int
    j: int
    first_game: int
    games: int
    seed: int
    pair_seed: int


def matrix_chunks(n_decks: int, games: int, seed: int = 0, cross: bool = False) -> list[MatrixChunk]:
    """Every chunk :func:`matchup_matrix` plays for a field of ``n_decks``, in its order: the pairs
    i < j, or with ``cross`` every ordered pair (i, j), the diagonal included (see :class:`MatrixResult`).

    A caller may play them one by one (:func:`play_matrix_chunk`), e.g. to show progress or to
    cache each chunk, and assemble the same result with :func:`matrix_from_chunks`.
    """
    if n_decks < 2:
        raise BerserkInputError("a matrix needs at least two decks")
    _check_games(games)
    if cross:
        pairs = [(i, j) for i in range(n_decks) for j in range(n_decks)]
    else:
        pairs = [(i, j) for i in range(n_decks) for j in range(i + 1, n_decks)]
    out = []
    for k, ((i, j), pair_seed) in enumerate(zip(pairs, _seeds(seed, len(pairs)), strict=True)):
        for first, n, chunk_seed in _chunk_bounds(games, pair_seed):
            out.append(MatrixChunk(k, i, j, first, n, chunk_seed, pair_seed))
    return out


def play_matrix_chunk(a: Deck, b: Deck, settings: MatchupSettings, chunk: MatrixChunk,
                      thresholds: tuple[Thresholds, Thresholds] | None = None) -> np.ndarray:
    """The rows (:func:`play_chunk`) of one matrix chunk of ``a`` against ``b``; ``thresholds`` are
    :func:`mulligan_thresholds` of both decks (computed here when not given)."""
    if thresholds is None:
        thresholds = (mulligan_thresholds(a, settings, settings.objectives[0]),
                      mulligan_thresholds(b, settings, settings.objectives[1]))
    return play_chunk(Task(chunk.pair, a, b, settings, chunk.first_game, chunk.games, chunk.seed, thresholds))


def matrix_from_chunks(
    names: Sequence[str],
    settings: MatchupSettings,
    chunks: Sequence[MatrixChunk],
    rows: Sequence[np.ndarray],
    games: int,
    seed: int,
    executor: str = "serial",
    cross: bool = False,
) -> MatrixResult:
    """The :class:`MatrixResult` of played chunks (``rows[k]`` belongs to ``chunks[k]``; ``cross`` as
    the chunks were made by :func:`matrix_chunks`)."""
    by_pair: dict[int, list[np.ndarray]] = {}
    meta: dict[int, MatrixChunk] = {}
    for chunk, part in zip(chunks, rows, strict=True):
        by_pair.setdefault(chunk.pair, []).append(part)
        meta.setdefault(chunk.pair, chunk)
    out = {
        (c.i, c.j): summarise(names[c.i], names[c.j], np.concatenate(by_pair[k]), c.pair_seed, "decks",
                              settings)
        for k, c in sorted(meta.items())
    }
    return MatrixResult(tuple(names), out, games, seed, executor, cross)


def matchup_matrix(
    decks: Sequence[Deck],
    settings: MatchupSettings,
    games: int = 1_000,
    seed: int = 0,
    labels: Sequence[str] | None = None,
    executor: str = "processes",
    processes: int = 2,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> MatrixResult:
    """Every pair (i < j) of ``decks``, ``games`` games each, spread over the executor's workers.
    When the sides differ (:attr:`MatchupSettings.sides_differ`: another objective or player for B)
    the matrix is a cross matrix: every ordered pair, the diagonal included (:class:`MatrixResult`)."""
    check_seed(seed)
    for deck in decks:
        check_deck_size(deck.size, f"deck {deck.title!r}")
    cross = settings.sides_differ
    chunks = matrix_chunks(len(decks), games, seed, cross)
    names = deck_names(decks, labels)
    by_objective = {o: [mulligan_thresholds(d, settings, o) for d in decks] for o in set(settings.objectives)}
    side_a, side_b = (by_objective[o] for o in settings.objectives)
    tasks = [Task(c.pair, decks[c.i], decks[c.j], settings, c.first_game, c.games, c.seed,
                  (side_a[c.i], side_b[c.j])) for c in chunks]
    results = run_tasks(tasks, executor, processes, scheduler, progress)
    return matrix_from_chunks(names, settings, chunks, results, games, seed, executor, cross)
