"""How to tune a deck: race candidate swaps against the field with common random numbers.

    >>> candidates = candidate_swaps(deck, db, rules, "constructed", "elements", field, limit=30)
    >>> result = tune(deck, field, MatchupSettings(rules), candidates, seed=0)
    >>> result.frame()        # swaps ranked by the gain in expected score, 95 % intervals, games spent
    >>> apply_swap(deck, result.swaps[0].swap)

**Common random numbers.** Every deck — the baseline and each swapped deck — meets field deck o
in blocks of ``block`` games whose seeds depend only on the user's seed, o and the block number.
The swapped deck lists the added copies where the removed ones were
(:func:`~analysis.planning.swaps.aligned_deck`), so in game g both decks are dealt the same
positions of their lists, the opponent the same cards, and the battle gets the same seed: the
games differ only where the swap matters. The gain of a swap is the mean of the per-game score
differences (paired), weighted by the shares, with a normal 95 % interval
(:mod:`analysis.planning.stats`) — far narrower than comparing two independent samples.

**Racing** (successive elimination with successive halving, after Maron & Moore's racing and
Karnin et al.'s successive halving): in round r every swap still running has played 2^(r−1)
blocks against each field deck (the budget per survivor doubles). After each round:

1. a swap whose upper 95 % bound is below the ``top``-th best lower bound is out (it is, with 95 %
   confidence, not among the best ``top``);
2. while more than 2·``top`` swaps remain, only the better half by estimated gain goes on
   (successive halving; at least 2·``top`` stay);
3. a remaining swap stops once its gain is known to ± ``target`` (95 % half-width) or it has
   played ``max_games`` games against each field deck.

Every swap is reported, with the games it played and why it stopped; the repeated looks make the
intervals of the dropped swaps slightly optimistic, those of the finishers are fine.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from analysis.decks.deck import Deck
from analysis.matchup.simulate import MatchupSettings
from analysis.planning.caveats import SwapCaveat, swap_caveat
from analysis.planning.field import Field
from analysis.planning.games import Block, GameRunner
from analysis.planning.keys import content_key, deck_key, derived_seed
from analysis.planning.stats import (
    ScoreEstimate,
    combine,
    difference_sample,
    score_sample,
    weighted_score,
)
from analysis.planning.swaps import Swap, SwapCandidate, aligned_deck, apply_swap
from analysis.util.errors import BerserkInputError

RESOLVED, CAPPED = "resolved", "game cap"
OUT_OF_TOP = "out of the top {top} after round {round}"
LOWER_HALF = "lower half after round {round}"
"""Why a swap stopped racing: its gain is known to the target, it reached the game cap, it was out
of the ``top`` best with 95 % confidence, or it was in the lower half when the field was halved."""
MAX_GAMES = 1_000_000
MAX_TOP = 500
"""Most games per swap and field deck (a bound on the work one command can ask for)."""


@dataclass(frozen=True)
class SwapResult:
    """One raced swap: the tuned deck's expected score, its gain over the baseline (paired), the
    games it played (all field decks together), the rounds it ran and why it stopped."""

    swap: Swap
    prescreen: float
    expected: ScoreEstimate
    gain: ScoreEstimate
    games: int
    rounds: int
    status: str

    @property
    def caveat(self) -> SwapCaveat:
        """The share of the gain that rests on cards not modelled in full or on a listed model limit
        (:mod:`analysis.planning.caveats`), with the cards behind it."""
        return swap_caveat(self.swap)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.swap.to_dict(),
            "expected_score": round(self.expected.mean, 6),
            "ci95": [round(self.expected.lo, 6), round(self.expected.hi, 6)],
            "gain": round(self.gain.mean, 6),
            "gain_ci95": [round(self.gain.lo, 6), round(self.gain.hi, 6)],
            "games": self.games,
            "rounds": self.rounds,
            "status": self.status,
            "prescreen": round(self.prescreen, 6),
            "caveat": self.caveat.to_dict(),
        }


@dataclass(frozen=True)
class TuneResult:
    """The baseline and every raced swap, best estimated gain first."""

    deck: Deck
    field: Field
    baseline: ScoreEstimate
    swaps: tuple[SwapResult, ...]
    games_total: int
    games_played: int
    rounds: int
    seed: int
    block: int
    target: float
    top: int
    max_games: int
    settings: MatchupSettings

    def tuned_deck(self, rank: int = 1) -> Deck:
        """The deck after the swap ranked ``rank`` (1 = the best estimated gain)."""
        if not 1 <= rank <= len(self.swaps):
            raise BerserkInputError(f"there is no swap ranked {rank} (there are {len(self.swaps)})")
        return apply_swap(self.deck, self.swaps[rank - 1].swap)

    def frame(self) -> pd.DataFrame:
        """One row per swap, best gain first: the swap, the tuned deck's expected score and interval,
        the gain and its interval, games, rounds, status, pre-screen score, and the share of the gain
        resting on cards not modelled in full or on a listed model limit, with the notes why."""
        rows = [{
            "rank": i, "swap": s.swap.label(), "remove": s.swap.remove.name, "add": s.swap.add.name,
            "copies": s.swap.copies, "expected_score": s.expected.mean, "lo": s.expected.lo,
            "hi": s.expected.hi, "gain": s.gain.mean, "gain_lo": s.gain.lo, "gain_hi": s.gain.hi,
            "half_width": s.gain.half_width, "games": s.games, "rounds": s.rounds, "status": s.status,
            "prescreen": s.prescreen, "unsure_share": s.caveat.unsure_share,
            "model_limit": s.caveat.has_limit, "caveats": "; ".join(s.caveat.notes()),
        } for i, s in enumerate(self.swaps, start=1)]
        columns = ["rank", "swap", "remove", "add", "copies", "expected_score", "lo", "hi", "gain", "gain_lo",
                   "gain_hi", "half_width", "games", "rounds", "status", "prescreen", "unsure_share",
                   "model_limit", "caveats"]
        return pd.DataFrame(rows, columns=columns)

    def figure(self, limit: int = 20):
        """Bars of the best ``limit`` gains with their 95 % intervals."""
        from analysis.planning.figures import gain_figure

        return gain_figure(self.frame().head(limit))

    def to_dict(self) -> dict[str, Any]:
        """The ``berserk tune --json`` object."""
        return {
            "baseline": {"expected_score": round(self.baseline.mean, 6),
                         "ci95": [round(self.baseline.lo, 6), round(self.baseline.hi, 6)],
                         "games": self.baseline.games},
            "swaps": [s.to_dict() for s in self.swaps],
            "games_total": self.games_total,
            "games_played": self.games_played,
            "rounds": self.rounds,
            "seed": self.seed,
            "block": self.block,
            "target": self.target,
            "top": self.top,
            "max_games": self.max_games,
            "field": self.field.to_dict(),
            "ruleset": self.settings.rules.name,
        }


class _Race:
    """The per-game rows gathered so far, and the estimates they give."""

    def __init__(self, deck: Deck, field: Field, swaps: Sequence[Swap]):
        self.field = field
        self.shares = field.shares
        self.base_mirror = [content_key(deck) == content_key(o.deck) for o in field.decks]
        self.decks = [aligned_deck(deck, s) for s in swaps]
        self.mirror = [[content_key(d) == content_key(o.deck) for o in field.decks] for d in self.decks]
        self.base_rows: list[list[np.ndarray]] = [[] for _ in field.decks]
        self.rows: list[list[list[np.ndarray]]] = [[[] for _ in field.decks] for _ in swaps]

    def blocks_of(self, i: int) -> int:
        """Blocks per field deck swap ``i`` has played (the same against every non-mirror deck)."""
        return max((len(r) for r in self.rows[i]), default=0)

    def _cat(self, parts: list[np.ndarray], n: int) -> np.ndarray:
        return np.concatenate(parts[:n])

    def gain(self, i: int) -> ScoreEstimate:
        n = self.blocks_of(i)
        const, terms = 0.0, []
        for j, share in enumerate(self.shares):
            cm, bm = self.mirror[i][j], self.base_mirror[j]
            if not cm and not bm:
                terms.append((j, share, difference_sample(self._cat(self.rows[i][j], n),
                                                          self._cat(self.base_rows[j], n))))
            elif cm:   # the swap turns the deck into this field deck: ½ against it
                const += 0.5 * share
                terms.append((j, -share, score_sample(self._cat(self.base_rows[j], n))))
            else:      # the baseline is this field deck: ½ for it, the swapped deck plays
                const -= 0.5 * share
                terms.append((j, share, score_sample(self._cat(self.rows[i][j], n))))
        return combine(const, terms, bounds=(-1.0, 1.0))

    def expected(self, i: int) -> ScoreEstimate:
        n = self.blocks_of(i)
        return weighted_score([
            (share, None if self.mirror[i][j] else score_sample(self._cat(self.rows[i][j], n)))
            for j, share in enumerate(self.shares)])

    def baseline(self) -> ScoreEstimate:
        return weighted_score([
            (share, None if self.base_mirror[j] else score_sample(np.concatenate(self.base_rows[j])))
            for j, share in enumerate(self.shares)])

    def games_of(self, i: int) -> int:
        return sum(sum(len(b) for b in per_opp) for per_opp in self.rows[i])


def check_tune_options(block: int, max_games: int, target: float, top: int) -> None:
    """The racing options' bounds (``--block``, ``--games``, ``--target``, ``--top``), checked by the
    command line before any work (reading the field, the pre-screen) and again by :func:`tune`."""
    if block < 2 or block % 2:
        raise BerserkInputError(f"--block must be an even number of games (seats alternate), got {block}")
    if max_games < block:
        raise BerserkInputError(f"--games ({max_games}) must be at least one block ({block})")
    if max_games > MAX_GAMES:
        raise BerserkInputError(f"--games {max_games:,} is too many; use at most {MAX_GAMES:,} per swap and "
                                "field deck")
    if not (isinstance(target, int | float) and 0 < target < 1):
        raise BerserkInputError(f"--target must be between 0 and 1, got {target}")
    if top < 1:
        raise BerserkInputError(f"--top must be at least 1, got {top}")
    if top > MAX_TOP:
        raise BerserkInputError(f"--top must be at most {MAX_TOP}, got {top}")


def tune(
    deck: Deck,
    field: Field,
    settings: MatchupSettings,
    candidates: Sequence[SwapCandidate | Swap],
    seed: int = 0,
    block: int = 100,
    max_games: int = 1_600,
    target: float = 0.02,
    top: int = 5,
    runner: GameRunner | None = None,
) -> TuneResult:
    """Race the ``candidates`` against the field (module docstring)."""
    check_tune_options(block, max_games, target, top)
    runner = runner or GameRunner(settings)
    played_before = runner.games_played
    swaps = [c.swap if isinstance(c, SwapCandidate) else c for c in candidates]
    prescreen = [c.prescreen if isinstance(c, SwapCandidate) else math.nan for c in candidates]
    race = _Race(deck, field, swaps)
    seeds: dict[tuple[int, int], int] = {}

    def seed_of(j: int, b: int) -> int:
        if (j, b) not in seeds:
            seeds[(j, b)] = derived_seed(seed, "tune-block", deck_key(field.decks[j].deck), b)
        return seeds[(j, b)]

    max_blocks = max_games // block
    status: dict[int, str] = {}
    rounds_of = [0] * len(swaps)
    contenders = list(range(len(swaps)))
    active = list(contenders)
    rnd = 0
    while True:
        rnd += 1
        want = min(2 ** (rnd - 1), max_blocks)
        base_want = want   # the baseline plays every block any swap plays (the pairs need both)
        jobs: list[tuple[str, int, int, int]] = []   # (who, swap index or -1, field index, block)
        for j in range(len(field.decks)):
            if not race.base_mirror[j]:
                for b in range(len(race.base_rows[j]), base_want):
                    jobs.append(("base", -1, j, b))
            for i in active:
                if not race.mirror[i][j]:
                    for b in range(len(race.rows[i][j]), want):
                        jobs.append(("swap", i, j, b))
        blocks = [Block(deck if who == "base" else race.decks[i], field.decks[j].deck, block, seed_of(j, b))
                  for who, i, j, b in jobs]
        for (who, i, j, _), rows in zip(jobs, runner.play(blocks, f"round {rnd}"), strict=True):
            (race.base_rows[j] if who == "base" else race.rows[i][j]).append(rows)
        for i in active:
            rounds_of[i] = rnd
        if not active:
            break
        gains = {i: race.gain(i) for i in contenders}
        by_gain = sorted(contenders, key=lambda i: -gains[i].mean)
        if len(by_gain) > top:
            bar = sorted((gains[i].lo for i in contenders), reverse=True)[top - 1]
            for i in by_gain:
                if gains[i].hi < bar:
                    status[i] = OUT_OF_TOP.format(top=top, round=rnd)
            by_gain = [i for i in by_gain if i not in status]
        if len(by_gain) > 2 * top:
            keep = max(2 * top, math.ceil(len(by_gain) / 2))
            for i in by_gain[keep:]:
                status[i] = LOWER_HALF.format(round=rnd)
            by_gain = by_gain[:keep]
        contenders = by_gain
        active = [i for i in contenders
                  if gains[i].half_width > target and race.blocks_of(i) < max_blocks]
        if not active:
            break
    for i in contenders:
        status[i] = RESOLVED if race.gain(i).half_width <= target else CAPPED
    results = [SwapResult(swaps[i], prescreen[i], race.expected(i), race.gain(i), race.games_of(i),
                          rounds_of[i], status[i]) for i in range(len(swaps))]
    results.sort(key=lambda r: -r.gain.mean)
    base = race.baseline()
    games_total = base.games + sum(r.games for r in results)
    return TuneResult(deck, field, base, tuple(results), games_total, runner.games_played - played_before,
                      rnd, seed, block, target, top, max_games, settings)


def status_parts(status: str) -> tuple[str, dict[str, int]]:
    """A :attr:`SwapResult.status` as a kind and its numbers, e.g. for a translated label:
    ``("resolved", {})``, ``("game_cap", {})``, ``("out_of_top", {"top": 5, "round": 1})`` or
    ``("lower_half", {"round": 2})``; an unknown text is ``("other", {})``."""
    if status == RESOLVED:
        return "resolved", {}
    if status == CAPPED:
        return "game_cap", {}
    for kind, template in (("out_of_top", OUT_OF_TOP), ("lower_half", LOWER_HALF)):
        pattern = re.escape(template).replace(r"\{top\}", r"(?P<top>\d+)").replace(r"\{round\}",
                                                                                   r"(?P<round>\d+)")
        found = re.fullmatch(pattern, status)
        if found:
            return kind, {k: int(v) for k, v in found.groupdict().items()}
    return "other", {}


__all__ = ["CAPPED", "LOWER_HALF", "MAX_GAMES", "OUT_OF_TOP", "RESOLVED", "SwapResult", "TuneResult",
           "check_tune_options", "status_parts", "tune"]
