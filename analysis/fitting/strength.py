"""Card strength for winning, fitted from simulated battles (a Bradley–Terry / logistic model).

The question a player asks while recruiting is "which of these cards should I take to win?". The
``crystals`` objective spends the budget and the ``rating`` objective adds up one-on-one duels;
neither sees the board, defenders, flyers or ranged attacks. This module answers it from the
battles themselves:

1. **Squads.** Legal squads are drawn two ways (:func:`random_squad`): from the sample decks
   (a deal of 15, recruited by the exact optimizer under random per-card weights, so different
   subsets of the same deal are tried) and from the whole card pool (1-3 random elements plus
   neutrals, a random "deal" of 15 printings from them, recruited the same way). Every squad obeys
   every squad rule of the ruleset, for the seat it plays.
2. **Battles.** Two such squads fight a full battle (:mod:`analysis.battle`, the heuristic
   player on both sides) on a random seat order. Chunks of battles have child seeds
   (``numpy.random.SeedSequence``), so the data set is a function of the seed whatever the
   number of processes.
3. **Model.** The result of battle ``i`` (1 = the First player wins, ½ a draw, 0 a loss) is
   modelled as ``P(First wins) = σ(β + Σ_c w_c · (n_First,c − n_Second,c))``: each card adds a
   fixed amount ``w_c`` to its side's log-odds of winning, and ``β`` is the first-seat effect.
   The fit minimises the cross-entropy with an L2 penalty ``λ Σ w_c²`` under ``w_c ≥ 0`` (a
   card is never worse than an empty square: it soaks strikes, blocks paths and counts for the
   cost total of 000 7.3) by L-BFGS-B on the sparse design matrix. ``λ`` is chosen on a
   validation split; the quality is measured on a held-out test split against two baselines
   fitted on the same training battles: the duel ratings (``a + b · Σ rating``) and the crystals
   (``a + b · Σ cost``).

The values are additive, so the exact recruitment optimizer (:mod:`analysis.squad.recruit`) proves
the best squad for them exactly as for crystals (objective ``strength``). Unit: log-odds of
winning per card ("logit"); near even odds one unit of strength ≈ +25 percentage points of win
probability, 0.04 ≈ +1 point.

Printings that never appeared in the fit's battles (a user's cards) get the pool's mean strength
per crystal times their cost, flagged ``fitted = False``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy import optimize, sparse

from analysis.battle import BattleConfig, make_player, play_battle
from analysis.cards.schema import ELEMENTS
from analysis.cards.table import Card, CardDB
from analysis.decks.deck import Deck, read_deck, sample_deck_paths
from analysis.rules import Ruleset
from analysis.squad.recruit import Recruiter
from analysis.squad.strength_table import strength_dir
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError
from analysis.util.frame_stack import on_fresh_frame_stack
from analysis.util.limits import check_processes, check_range, check_seed
from analysis.util.workers import worker_pool

Progress = Callable[[int, int], None]
CHUNK = 500
"""Battles per task; each chunk has its own child seed."""
DEAL = 15
L2_GRID = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0)
"""Penalties tried (on the summed log-loss of the training battles); the validation split picks one."""
SPLIT = (0.8, 0.1, 0.1)
"""Train / validation / test shares of the battles (by battle index, after a seeded shuffle)."""
MAX_BATTLES = 5_000_000


# --------------------------------------------------------------------------- squads


def _weights(cards: Sequence[Card], rng: random.Random) -> dict[str, float]:
    """Random per-name weights (log-normal, σ = 0.6) for the optimizer's ``weights`` objective:
    the optimum then spends the budget on a random, still legal, subset of the deal."""
    return {c.key: math.exp(rng.gauss(0.0, 0.6)) for c in cards}


def _recruit(deal: Sequence[Card], rules: Ruleset, player: int, rng: random.Random) -> tuple[Card, ...]:
    recruiter = Recruiter(deal, rules, player, "weights", weights=_weights(deal, rng), memo_size=0)
    counts = recruiter.counts_of(deal)
    _, vec = recruiter.solve(counts, 0, 1)[0]
    return recruiter.cards_of(vec)


@dataclass(frozen=True)
class SquadSource:
    """Where squads come from: the sample decks and the card pool (per element, neutrals apart)."""

    decks: tuple[Deck, ...]
    by_element: dict[str, tuple[Card, ...]]
    neutral: tuple[Card, ...]
    deck_share: float = 0.5
    """Share of squads dealt from a sample deck; the rest come from the card pool."""


def squad_source(db: CardDB, decks: Sequence[Deck] | None = None, deck_share: float = 0.5) -> SquadSource:
    """The sample decks (default: ``data/decks``) and the pool of every complete printing."""
    if decks is None:
        decks = [read_deck(p, db) for p in sample_deck_paths()]
    pool = [c for c in db if c.complete]
    by_element = {e: tuple(c for c in pool if e in c.elements) for e in ELEMENTS}
    neutral = tuple(c for c in pool if not c.elements)
    return SquadSource(tuple(decks), by_element, neutral, deck_share)


def random_squad(source: SquadSource, rules: Ruleset, player: int, rng: random.Random) -> tuple[Card, ...]:
    """One legal squad for ``player`` (see the module docstring, step 1)."""
    if source.decks and rng.random() < source.deck_share:
        deck = rng.choice(source.decks).cards()
        deal = rng.sample(deck, min(DEAL, len(deck)))
    else:
        n_elements = rng.choices((1, 2, 3), weights=(0.3, 0.55, 0.15))[0]
        elements = rng.sample(ELEMENTS, n_elements)
        pool = [c for e in elements for c in source.by_element[e]] + list(source.neutral)
        deal = rng.sample(pool, min(DEAL, len(pool)))
    return _recruit(deal, rules, player, rng)


# --------------------------------------------------------------------------- battles


@dataclass(frozen=True)
class BattleData:
    """The fit's data set: per battle the two squads (as printing codes) and the result.

    ``result[i]`` is 1 when the First player won battle ``i``, 0.5 for a draw, 0 for a loss.
    """

    first: tuple[tuple[str, ...], ...]
    second: tuple[tuple[str, ...], ...]
    result: np.ndarray
    seed: int
    ruleset: str
    players: tuple[str, str]

    def __len__(self) -> int:
        return len(self.result)


@dataclass(frozen=True)
class _Task:
    n: int
    seed: int
    rules: Ruleset
    source: SquadSource
    players: tuple[str, str]
    battle: BattleConfig


def _play(task: _Task) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], list[float]]:
    rng = random.Random(task.seed)
    players = (make_player(task.players[0]), make_player(task.players[1]))
    first, second, result = [], [], []
    for _ in range(task.n):
        a = random_squad(task.source, task.rules, 1, rng)
        b = random_squad(task.source, task.rules, 2, rng)
        outcome = play_battle((a, b), players, seed=rng.getrandbits(63), config=task.battle)
        first.append(tuple(c.code for c in a))
        second.append(tuple(c.code for c in b))
        result.append(0.5 if outcome.winner is None else 1.0 if outcome.winner == 0 else 0.0)
    return first, second, result


def _child_seeds(seed: int, n: int) -> list[int]:
    return [int(s.generate_state(1, dtype=np.uint64)[0] >> 1) for s in np.random.SeedSequence(seed).spawn(n)]


def simulate_battles(
    db: CardDB,
    rules: Ruleset,
    battles: int = 200_000,
    seed: int = 0,
    processes: int = 1,
    players: tuple[str, str] = ("heuristic", "heuristic"),
    source: SquadSource | None = None,
    progress: Progress | None = None,
) -> BattleData:
    """Play ``battles`` battles between random legal squads (module docstring, steps 1-2)."""
    check_range("--battles", battles, 1, MAX_BATTLES)
    check_processes(processes)
    check_seed(seed)
    source = source or squad_source(db)
    config = BattleConfig(model=rules.combat_model)
    n_chunks = -(-battles // CHUNK)
    seeds = _child_seeds(seed, n_chunks)
    tasks = [_Task(min(CHUNK, battles - j * CHUNK), seeds[j], rules, source, players, config)
             for j in range(n_chunks)]
    first: list[tuple[str, ...]] = []
    second: list[tuple[str, ...]] = []
    result: list[float] = []
    done = 0

    def collect(part) -> None:
        nonlocal done
        first.extend(part[0])
        second.extend(part[1])
        result.extend(part[2])
        done += len(part[2])
        if progress:
            progress(done, battles)

    if processes <= 1:
        for task in tasks:
            collect(on_fresh_frame_stack(_play, task))
    else:
        with worker_pool(processes) as pool:  # workers die with the parent, ignore Ctrl-C
            for part in pool.imap(_play, tasks):
                collect(part)
    return BattleData(tuple(first), tuple(second), np.array(result), seed, rules.name, players)


# --------------------------------------------------------------------------- the fit


def _design(data: BattleData, index: Mapping[str, int]) -> sparse.csr_matrix:
    """Rows = battles, columns = printings: +copies for the First player's, −copies for the Second's."""
    rows, cols, vals = [], [], []
    for i, (a, b) in enumerate(zip(data.first, data.second, strict=True)):
        for code in a:
            rows.append(i)
            cols.append(index[code])
            vals.append(1.0)
        for code in b:
            rows.append(i)
            cols.append(index[code])
            vals.append(-1.0)
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(data), len(index)))


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of predictions ``p`` for results ``y`` ∈ {0, ½, 1} (nats)."""
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    """Mean squared error of ``p`` against ``y``."""
    return float(np.mean((p - y) ** 2))


def _fit_logistic(x: sparse.csr_matrix, y: np.ndarray, l2: float, nonneg: bool = True,
                  w0: np.ndarray | None = None) -> tuple[float, np.ndarray]:
    """(β, w) minimising Σ cross-entropy + λ Σ w² with w ≥ 0 (β free), by L-BFGS-B."""
    n, k = x.shape
    xt = x.T.tocsr()

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        beta, w = theta[0], theta[1:]
        z = beta + x @ w
        # cross-entropy with soft labels, computed stably: log(1+e^z) - y z
        loss = float(np.sum(np.logaddexp(0.0, z) - y * z)) + l2 * float(w @ w)
        r = _sigmoid(z) - y
        grad = np.empty(k + 1)
        grad[0] = r.sum()
        grad[1:] = xt @ r + 2 * l2 * w
        return loss, grad

    theta0 = np.zeros(k + 1) if w0 is None else np.concatenate([[0.0], w0])
    bounds = [(None, None)] + [(0.0, None) if nonneg else (None, None)] * k
    res = optimize.minimize(objective, theta0, jac=True, method="L-BFGS-B", bounds=bounds,
                            options={"maxiter": 5000, "ftol": 1e-12, "gtol": 1e-8})
    return float(res.x[0]), res.x[1:]


def _fit_scalar(z: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(a, b) of ``σ(a + b·z)`` by maximum likelihood (a baseline on one feature)."""

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        a, b = theta
        t = a + b * z
        loss = float(np.sum(np.logaddexp(0.0, t) - y * t))
        r = _sigmoid(t) - y
        return loss, np.array([r.sum(), (r * z).sum()])

    res = optimize.minimize(objective, np.zeros(2), jac=True, method="L-BFGS-B")
    return float(res.x[0]), float(res.x[1])


@dataclass(frozen=True)
class Quality:
    """Fit quality of one predictor on the held-out test battles."""

    name: str
    log_loss: float
    brier: float
    accuracy: float
    """Share of decisive test battles whose winner had the predicted probability above ½."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "log_loss": round(self.log_loss, 6), "brier": round(self.brier, 6),
                "accuracy": round(self.accuracy, 6)}


@dataclass(frozen=True)
class StrengthFit:
    """Fitted card strengths (log-odds of winning per card) and how well they predict."""

    ruleset: str
    values: dict[str, float]
    """Printing code → strength."""
    appearances: dict[str, int]
    """Printing code → copies seen in the fit's battles."""
    seat_effect: float
    """β: log-odds of the First player winning between equal squads."""
    l2: float
    battles: int
    seed: int
    players: tuple[str, str]
    quality: tuple[Quality, ...] = ()
    """On the test split: the strength model, then the baselines (duel ratings, crystals, seat only)."""
    validation: dict[float, float] = field(default_factory=dict)
    """λ → validation log-loss."""

    def to_meta(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "seat_effect": round(self.seat_effect, 6), "l2": self.l2,
            "battles": self.battles, "seed": self.seed, "players": list(self.players),
            "split": list(SPLIT), "quality": [q.to_dict() for q in self.quality],
            "validation": {str(k): round(v, 6) for k, v in self.validation.items()},
        }


def _split(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    order = np.random.default_rng(seed ^ 0x51AB).permutation(n)
    a, b = int(SPLIT[0] * n), int((SPLIT[0] + SPLIT[1]) * n)
    return order[:a], order[a:b], order[b:]


def _quality(name: str, p: np.ndarray, y: np.ndarray) -> Quality:
    decisive = y != 0.5
    acc = float(np.mean((p[decisive] > 0.5) == (y[decisive] == 1.0))) if decisive.any() else float("nan")
    return Quality(name, log_loss(p, y), brier(p, y), acc)


def fit_strength(data: BattleData, db: CardDB, ratings: Mapping[str, float] | None = None,
                 l2_grid: Sequence[float] = L2_GRID) -> StrengthFit:
    """Fit the model of the module docstring on ``data``; ``ratings`` (card key → duel rating) and
    the card costs give the baselines. Deterministic for the data."""
    if len(data) < 50:
        raise BerserkInputError(f"{len(data)} battles are too few to fit card strengths (at least 50)")
    codes = sorted({c for squad in (*data.first, *data.second) for c in squad},
                   key=lambda code: tuple(int(p) for p in code.split("/")))
    index = {c: i for i, c in enumerate(codes)}
    x = _design(data, index)
    y = data.result
    train, valid, test = _split(len(data), data.seed)
    validation: dict[float, float] = {}
    best: tuple[float, float] | None = None
    w = None
    for l2 in l2_grid:
        beta, w = _fit_logistic(x[train], y[train], l2, w0=w)
        loss = log_loss(_sigmoid(beta + x[valid] @ w), y[valid])
        validation[l2] = loss
        if best is None or loss < best[0]:
            best = (loss, l2)
    assert best is not None
    l2 = best[1]
    fit_rows = np.concatenate([train, valid])
    beta, w = _fit_logistic(x[fit_rows], y[fit_rows], l2)
    quality = [_quality("strength", _sigmoid(beta + x[test] @ w), y[test])]
    by_code = {c.code: c for c in db}
    cost = np.array([by_code[c].cost for c in codes], dtype=float)
    features = {"crystals": x @ cost}
    if ratings is not None:
        rating = np.array([ratings.get(by_code[c].key, 0.0) for c in codes])
        features = {"duel ratings": x @ rating, **features}
    for name, z in features.items():
        a, b = _fit_scalar(z[fit_rows], y[fit_rows])
        quality.append(_quality(name, _sigmoid(a + b * z[test]), y[test]))
    seat_only = float(np.clip(np.mean(y[fit_rows]), 1e-9, 1 - 1e-9))
    quality.append(_quality("seat only", np.full(len(test), seat_only), y[test]))
    counts = np.asarray(abs(x).sum(axis=0)).ravel()
    return StrengthFit(
        ruleset=data.ruleset,
        values={c: float(v) for c, v in zip(codes, w, strict=True)},
        appearances={c: int(n) for c, n in zip(codes, counts, strict=True)},
        seat_effect=beta, l2=l2, battles=len(data), seed=data.seed, players=data.players,
        quality=tuple(quality), validation=validation,
    )


# --------------------------------------------------------------------------- stored tables


def write_fit(fit: StrengthFit, db: CardDB, path: Path | str | None = None) -> Path:
    """Write ``code,name,strength,appearances`` (sorted by code) and a ``.json`` of the metadata
    beside it; atomically. Default: ``data/strength/<ruleset>.csv``."""
    path = Path(path) if path else strength_dir() / f"{fit.ruleset}.csv"
    by_code = {c.code: c for c in db}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["code", "name", "strength", "appearances"])
    for code in sorted(fit.values, key=lambda k: tuple(int(p) for p in k.split("/"))):
        writer.writerow([code, by_code[code].name, f"{fit.values[code]:.6f}", fit.appearances[code]])
    write_text_atomic(path, out.getvalue())
    write_text_atomic(path.with_suffix(".json"), json.dumps(fit.to_meta(), ensure_ascii=False, indent=2)
                      + "\n")
    return path



__all__ = [
    "BattleData", "Quality", "SquadSource", "StrengthFit", "brier", "fit_strength", "log_loss",
    "random_squad", "simulate_battles", "squad_source", "write_fit",
]
