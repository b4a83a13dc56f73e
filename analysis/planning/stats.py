"""Share-weighted scores and paired differences, with normal 95 % intervals.

A game's score for a deck is 1 for a win, ½ for a draw, 0 for a loss. A deck's **expected score**
against a field is Σ_o s_o · p_o over the field's decks o with shares s_o, where p_o is its mean
score against o (a mirror, the deck against itself, is exactly ½ by symmetry: seats alternate and
both sides play the same deck with the same player).

Every figure here is a linear combination of independent samples — the games of one pair, or
the per-game differences of two decks playing the same games — so its variance is
Σ (coefficient)² · σ²/n over the samples, and its 95 % interval is the normal one, mean ± 1.96 ·
standard error (the games of a sample are i.i.d. given the decks; with hundreds of games per
sample the central limit theorem makes the normal interval accurate). A sample's variance σ² is
computed with one pseudo-game at each end of the scale added (a win and a loss, or a difference of
+1 and −1): conservative, and a matchup won every time still has an interval (Agresti–Coull idea).
A single matchup's score gets the Wilson interval of its win-plus-half-draw rate
(:func:`wilson`, the formula of :func:`analysis.squad.deals.proportion_ci`), which draws make conservative.

Paired differences (common random numbers): when a tuned deck and its baseline play the same
games — the same seeds, the same deal positions — their per-game score difference has a much
smaller variance than two independent samples would, which is what makes small gains measurable.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from analysis.squad.deals import Z95


@dataclass(frozen=True)
class ScoreEstimate:
    """An estimate with its standard error and 95 % interval; ``games`` is how many games it rests on."""

    mean: float
    lo: float
    hi: float
    se: float
    games: int

    @property
    def ci95(self) -> tuple[float, float]:
        return (self.lo, self.hi)

    @property
    def half_width(self) -> float:
        """Half the width of the 95 % interval before clipping (Z95 · standard error)."""
        return Z95 * self.se

    def to_dict(self) -> dict[str, object]:
        return {"mean": round(self.mean, 6), "ci95": [round(self.lo, 6), round(self.hi, 6)],
                "games": self.games}


@dataclass(frozen=True)
class Sample:
    """Summary of one independent sample of per-game values: n, mean and (adjusted) variance."""

    n: int
    mean: float
    var: float

    @classmethod
    def of(cls, values: np.ndarray, low: float, high: float) -> Sample:
        """Mean of ``values``; variance with one pseudo-value at ``low`` and one at ``high`` added."""
        x = np.asarray(values, dtype=float)
        n = len(x)
        if n == 0:
            return cls(0, math.nan, math.nan)
        padded = np.concatenate([x, [low, high]])
        return cls(n, float(x.mean()), float(padded.var(ddof=1)))


def game_scores(rows: np.ndarray) -> np.ndarray:
    """Per-game scores of deck A from :func:`analysis.matchup.simulate.play_chunk` rows: 1, ½ or 0."""
    return (np.asarray(rows)[:, 1] + 1) / 2.0


def score_sample(rows: np.ndarray) -> Sample:
    """The per-game scores of A as a :class:`Sample` (pseudo-games: a loss and a win)."""
    return Sample.of(game_scores(rows), 0.0, 1.0)


def difference_sample(rows: np.ndarray, baseline_rows: np.ndarray) -> Sample:
    """Per-game score differences of two decks that played the same games (common random numbers)."""
    if len(rows) != len(baseline_rows):
        raise ValueError(f"paired samples must have equal length, got {len(rows)} and {len(baseline_rows)}")
    return Sample.of(game_scores(rows) - game_scores(baseline_rows), -1.0, 1.0)


def combine(const: float, terms: Iterable[tuple[Hashable, float, Sample]],
            bounds: tuple[float, float] = (0.0, 1.0)) -> ScoreEstimate:
    """``const + Σ coef · mean`` over samples named by a key (the same key twice adds its coefficients:
    the same games counted from two sides), with the normal 95 % interval clipped to ``bounds``."""
    coefs: dict[Hashable, float] = {}
    samples: dict[Hashable, Sample] = {}
    for key, coef, sample in terms:
        coefs[key] = coefs.get(key, 0.0) + coef
        samples[key] = sample
    mean = const + math.fsum(coefs[k] * samples[k].mean for k in coefs)
    var = math.fsum(coefs[k] ** 2 * samples[k].var / samples[k].n for k in coefs if samples[k].n)
    se = math.sqrt(var)
    games = sum(samples[k].n for k in coefs if coefs[k] != 0)
    half = Z95 * se
    return ScoreEstimate(mean, max(bounds[0], mean - half), min(bounds[1], mean + half), se, games)


def weighted_score(parts: Sequence[tuple[float, Sample | None]]) -> ScoreEstimate:
    """Σ share · mean score over (share, sample) parts; a part without a sample is a mirror (½)."""
    const = math.fsum(share * 0.5 for share, sample in parts if sample is None)
    terms = [(i, share, sample) for i, (share, sample) in enumerate(parts) if sample is not None]
    return combine(const, terms)


def wilson(k: float, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a rate k/n; ``k`` may be fractional (wins + draws/2)."""
    if n <= 0:
        return (math.nan, math.nan)
    p, z2 = k / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(max(0.0, p * (1 - p)) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def matchup_interval(wins: int, draws: int, games: int) -> tuple[float, float]:
    """Wilson 95 % interval of a matchup's score (wins + draws/2 per game)."""
    return wilson(wins + draws / 2, games)


__all__ = ["Sample", "ScoreEstimate", "combine", "difference_sample", "game_scores", "matchup_interval",
           "score_sample", "weighted_score", "wilson"]
