"""Which deck to bring: the expected score of every candidate deck against the expected field.

    >>> result = expected_scores(field, MatchupSettings(rules), extra=[("mine", deck)], games=1000)
    >>> result.frame()            # candidate, expected score, 95 % interval, best and worst matchup
    >>> result.matchups_frame()   # the matchups behind it: score, interval, share, contribution
    >>> result.figure()           # bar chart with the intervals

Each candidate (every field deck, plus the player's own decks) meets each field deck o in
``games`` games of :func:`analysis.matchup.simulate.deck_matchup`; its expected score is Σ_o s_o · p_o
(:mod:`analysis.planning.stats`; the mirror counts ½). Each unordered pair of deck contents is one
block of games with its own seed derived from the user's seed and the two decks, so a pair's
result does not depend on which other decks are in the field: adding a deck plays only its new
pairs, and the others come from the cache (:class:`~analysis.planning.games.GameRunner`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from analysis.decks.deck import Deck
from analysis.matchup.simulate import MatchupResult, MatchupSettings, deck_names, summarise
from analysis.planning.field import Field
from analysis.planning.games import Block, GameRunner, flip_rows
from analysis.planning.keys import content_key, deck_key, derived_seed
from analysis.planning.stats import Sample, ScoreEstimate, combine, matchup_interval, score_sample
from analysis.util.errors import BerserkInputError

PairId = tuple[str, str]
"""An unordered pair of deck contents, as (smaller key, larger key); the first plays as A."""


@dataclass(frozen=True)
class Matchup:
    """A candidate against one field deck: counts from the candidate's side and the score's interval.
    A mirror (the same deck contents) has no games and a score of exactly ½."""

    candidate: str
    opponent: str
    share: float
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    lo: float
    hi: float

    @property
    def mirror(self) -> bool:
        return self.games == 0

    def to_dict(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "score": round(self.score, 6)}


@dataclass(frozen=True)
class CandidateScore:
    """A candidate's expected score against the field and its best and worst (non-mirror) matchups."""

    deck: str
    expected: ScoreEstimate
    best: Matchup | None
    worst: Matchup | None
    in_field: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "expected_score": round(self.expected.mean, 6),
            "ci95": [round(self.expected.lo, 6), round(self.expected.hi, 6)],
            "in_field": self.in_field,
            "best_matchup": self.best.to_dict() if self.best else None,
            "worst_matchup": self.worst.to_dict() if self.worst else None,
        }


@dataclass(frozen=True)
class MetaResult:
    """Expected scores of the candidates (best first), the matchups behind them, and how they were made."""

    field: Field
    candidates: tuple[CandidateScore, ...]
    matchups: tuple[Matchup, ...]
    games: int
    seed: int
    settings: MatchupSettings
    pair_samples: dict[PairId, Sample]
    weights: dict[str, tuple[float, tuple[tuple[PairId, float], ...]]]
    """Per candidate: the constant (mirrors) and the coefficient of each pair's A-side mean score."""

    @property
    def best(self) -> str:
        """The candidate with the highest expected score."""
        return self.candidates[0].deck

    def candidate(self, name: str) -> CandidateScore:
        for c in self.candidates:
            if c.deck == name:
                return c
        raise BerserkInputError(f"no candidate named {name!r}; candidates: "
                                f"{', '.join(c.deck for c in self.candidates)}")

    def difference(self, a: str, b: str) -> ScoreEstimate:
        """Expected score of ``a`` minus that of ``b``, with its 95 % interval: the games both rest on
        (their own pair, counted from both sides) are accounted for, not treated as independent."""
        self.candidate(a)
        self.candidate(b)
        const_a, terms_a = self.weights[a]
        const_b, terms_b = self.weights[b]
        terms = [(p, c, self.pair_samples[p]) for p, c in terms_a]
        terms += [(p, -c, self.pair_samples[p]) for p, c in terms_b]
        return combine(const_a - const_b, terms, bounds=(-1.0, 1.0))

    def frame(self) -> pd.DataFrame:
        """One row per candidate, best first: expected score, interval, best and worst matchup."""
        rows = []
        for rank, c in enumerate(self.candidates, start=1):
            rows.append({
                "rank": rank, "deck": c.deck, "in_field": c.in_field,
                "expected_score": c.expected.mean, "lo": c.expected.lo, "hi": c.expected.hi,
                "games": c.expected.games,
                "best_opponent": c.best.opponent if c.best else None,
                "best_score": c.best.score if c.best else math.nan,
                "worst_opponent": c.worst.opponent if c.worst else None,
                "worst_score": c.worst.score if c.worst else math.nan,
            })
        return pd.DataFrame(rows, columns=["rank", "deck", "in_field", "expected_score", "lo", "hi", "games",
                                           "best_opponent", "best_score", "worst_opponent", "worst_score"])

    def matchups_frame(self, candidate: str | None = None) -> pd.DataFrame:
        """The matchups behind the scores (one candidate's, or all): share, W-D-L, score with its Wilson
        interval, and the contribution share × score to the expected score."""
        rows = [{
            "deck": m.candidate, "opponent": m.opponent, "share": m.share, "games": m.games,
            "wins": m.wins, "draws": m.draws, "losses": m.losses, "score": m.score, "lo": m.lo, "hi": m.hi,
            "contribution": m.share * m.score, "mirror": m.mirror,
        } for m in self.matchups if candidate is None or m.candidate == candidate]
        return pd.DataFrame(rows, columns=["deck", "opponent", "share", "games", "wins", "draws", "losses",
                                           "score", "lo", "hi", "contribution", "mirror"])

    def score_table(self) -> pd.DataFrame:
        """Square-ish table: candidates (rows, best first) × field decks (columns), score of the row deck."""
        frame = self.matchups_frame()
        table = frame.pivot(index="deck", columns="opponent", values="score")
        return table.reindex(index=[c.deck for c in self.candidates], columns=list(self.field.names))

    def figure(self):
        """Horizontal bars of the expected scores with their 95 % intervals; your decks in another colour."""
        from analysis.planning.figures import expected_score_figure

        return expected_score_figure(self.frame(), f"{self.games} games per pair, seed {self.seed}")

    def matchup_figure(self):
        """Heatmap of the matchups behind the scores (candidates × field decks)."""
        from analysis.planning.figures import meta_heatmap

        return meta_heatmap(self.matchups_frame(), [c.deck for c in self.candidates], list(self.field.names),
                            dict(zip(self.field.names, self.field.shares, strict=True)))

    def to_dict(self) -> dict[str, Any]:
        """The ``berserk meta --json`` object."""
        return {
            "field": self.field.to_dict(),
            "candidates": [c.to_dict() for c in self.candidates],
            "best": self.best,
            "games_per_pair": self.games,
            "seed": self.seed,
            "ruleset": self.settings.rules.name,
            "notes": list(self.field.notes),
        }


def _pair_id(a: Deck, b: Deck) -> PairId:
    ka, kb = deck_key(a), deck_key(b)
    return (ka, kb) if ka <= kb else (kb, ka)


def pair_block(a: Deck, b: Deck, games: int, seed: int) -> tuple[Block, bool]:
    """The block of games the planner plays for decks ``a`` and ``b`` (whichever has the smaller
    :func:`~analysis.planning.keys.deck_key` is A; the seed comes from the user's seed and both
    decks), and whether ``a`` is its B side."""
    pid = _pair_id(a, b)
    flipped = deck_key(a) != pid[0]
    first, second = (b, a) if flipped else (a, b)
    return Block(first, second, games, derived_seed(seed, "meta-pair", *pid)), flipped


def head_to_head(a: Deck, b: Deck, runner: GameRunner, games: int = 1_000, seed: int = 0,
                 names: tuple[str, str] = ("A", "B")) -> MatchupResult:
    """Deck ``a`` against deck ``b`` from ``a``'s side, on the very games ``berserk meta`` plays for
    this pair with this seed (so the cache serves both)."""
    block, flipped = pair_block(a, b, games, seed)
    rows = runner.play([block])[0]
    return summarise(names[0], names[1], flip_rows(rows) if flipped else rows, block.seed, "decks",
                     runner.settings)


def _mirror(a: Deck, b: Deck) -> bool:
    """The same cards (in any order): the score is ½ by symmetry, no games needed."""
    return content_key(a) == content_key(b)


def expected_scores(
    field: Field,
    settings: MatchupSettings,
    extra: Sequence[tuple[str, Deck]] = (),
    games: int = 1_000,
    seed: int = 0,
    runner: GameRunner | None = None,
    field_candidates: bool = True,
) -> MetaResult:
    """Every field deck (unless ``field_candidates`` is false) and every ``extra`` (name, deck)
    against the field (module docstring). ``runner`` plays and caches the games (default: two
    processes, no cache)."""
    if games < 2:
        raise BerserkInputError(f"--games must be at least 2 (seats alternate), got {games}")
    runner = runner or GameRunner(settings)
    if runner.settings != settings:
        raise ValueError("the runner was made for other settings")
    labels = deck_names([d.deck for d in field.decks] + [d for _, d in extra],
                        [*field.names, *(n for n, _ in extra)])
    candidates: list[tuple[str, Deck, bool]] = [(labels[i], d.deck, True) for i, d in enumerate(field.decks)
                                                if field_candidates]
    candidates += [(labels[len(field.decks) + i], d, False) for i, (_, d) in enumerate(extra)]
    if not candidates:
        raise BerserkInputError("no candidate deck: give a deck, or let the field's decks be candidates")

    pairs: dict[PairId, Block] = {}
    for _, deck, _ in candidates:
        for opp in field.decks:
            pid = _pair_id(deck, opp.deck)
            if not _mirror(deck, opp.deck) and pid not in pairs:
                pairs[pid] = pair_block(deck, opp.deck, games, seed)[0]
    order = list(pairs)
    rows = dict(zip(order, runner.play([pairs[p] for p in order], "games"), strict=True))
    samples = {p: score_sample(r) for p, r in rows.items()}

    scores, matchups, weights = [], [], {}
    for name, deck, in_field in candidates:
        mine: list[Matchup] = []
        const, terms = 0.0, []
        for opp_name, opp in zip(field.names, field.decks, strict=True):
            pid = _pair_id(deck, opp.deck)
            if _mirror(deck, opp.deck):
                mine.append(Matchup(name, opp_name, opp.share, 0, 0, 0, 0, 0.5, 0.5, 0.5))
                const += 0.5 * opp.share
                continue
            r = rows[pid]
            outcome = r[:, 1] if deck_key(deck) == pid[0] else -r[:, 1]
            wins, draws = int((outcome == 1).sum()), int((outcome == 0).sum())
            losses = len(r) - wins - draws
            lo, hi = matchup_interval(wins, draws, len(r))
            mine.append(Matchup(name, opp_name, opp.share, len(r), wins, draws, losses,
                                (wins + 0.5 * draws) / len(r), lo, hi))
            if deck_key(deck) == pid[0]:
                terms.append((pid, opp.share))
            else:  # the pair's A side is the opponent: score = 1 − A's score
                const += opp.share
                terms.append((pid, -opp.share))
        weights[name] = (const, tuple(terms))
        expected = combine(const, [(p, c, samples[p]) for p, c in terms])
        played = [m for m in mine if not m.mirror]
        best = max(played, key=lambda m: m.score, default=None)
        worst = min(played, key=lambda m: m.score, default=None)
        scores.append(CandidateScore(name, expected, best, worst, in_field))
        matchups.extend(mine)
    ranked = sorted(scores, key=lambda c: -c.expected.mean)
    order_of = {c.deck: i for i, c in enumerate(ranked)}
    matchups.sort(key=lambda m: order_of[m.candidate])
    return MetaResult(field, tuple(ranked), tuple(matchups), games, seed, settings, samples, weights)


__all__ = ["CandidateScore", "Matchup", "MetaResult", "expected_scores", "head_to_head", "pair_block"]
