"""Checks of the model against what tournament players choose (issue 19 item 4).

Two measurements, both on the sample decks (``data/decks``), neither feeding back into any value:

- **Decks against piles** (:func:`build_pile`): each deck is matched with a "pile", a deck of cards no
  sample deck plays, built copy group by copy group with the same type, gold/silver (elite) flag,
  element and cost as the deck's own cards (the matching rule is :func:`build_pile`'s docstring). A
  model that knows what makes the real decks good should see them beat such piles clearly.
- **Played against unplayed** (:func:`auc`, :func:`bootstrap_auc`): how well a per-card score (the
  fitted strength; rarity or cost as references) ranks the creatures the sample decks play above the
  unplayed creatures of the same sets — the ROC AUC, i.e. the chance that a random played creature
  scores higher than a random unplayed one (ties count half). 0.5 is a coin.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from analysis.cards.table import Card
from analysis.decks.deck import Deck, DeckEntry
from analysis.rules import Ruleset
from analysis.squad.deals import Z95, proportion_ci
from analysis.squad.strength_table import StrengthTable
from analysis.util.errors import BerserkInputError
from analysis.util.limits import check_range, check_seed
from analysis.util.textnorm import normalize_name

MAX_COST_WIDENING = 3
"""Largest cost difference a pile card may have from the card it stands for."""
MAX_BOOTSTRAP = 100_000
"""Bootstrap resamples of :func:`bootstrap_auc` (10,000 of 800 scores take about a second)."""


# --------------------------------------------------------------------------- piles


def is_unique(card: Card, rules: Ruleset) -> bool:
    """Whether only one copy of ``card`` may be in a squad under ``rules`` (as the legality check says)."""
    return card.unique or (rules.squad.uniqueness == "elite_unique" and card.elite)


def played_keys(decks: Iterable[Deck]) -> frozenset[str]:
    """Normalised names of every card any of ``decks`` plays (all printings of a name count)."""
    return frozenset(e.card.key for d in decks for e in d.entries)


def pile_pool(cards: Iterable[Card], decks: Sequence[Deck], rules: Ruleset) -> list[Card]:
    """The cards a pile may use: printings of the sets the ``decks`` draw from whose name no deck
    plays, that ``rules`` does not ban (card flag or name list) and whose card data is complete."""
    sets = {e.card.set_id for d in decks for e in d.entries}
    played = played_keys(decks)
    banned = {normalize_name(n) for n in rules.bans.names}
    allowed = set(rules.bans.allowed_sets)
    return [
        c for c in cards
        if c.set_id in sets and c.key not in played and c.complete
        and not (rules.bans.use_card_flag and c.banned) and c.key not in banned
        and (not allowed or c.set_id in allowed)
    ]


@dataclass(frozen=True)
class Replacement:
    """One copy group of a deck and the pile card that stands for it."""

    original: Card
    count: int
    card: Card
    cost_shift: int
    """Pile card's cost minus the original's (0 unless no card of the same cost matched)."""
    unique_differs: bool
    """Whether the pile card's uniqueness differs (only when no card with the same one matched)."""
    element_differs: bool = False
    """Another element of the deck, or none, than the original's (only when none of its own matched)."""
    reused: bool = False
    """The pile already held this card for an earlier copy group (only when no other matched)."""


@dataclass(frozen=True)
class Pile:
    """A deck's pile: the pile as a :class:`Deck` and how each copy group was matched."""

    deck: Deck
    replacements: tuple[Replacement, ...]
    seed: int

    @property
    def widened_groups(self) -> int:
        """Copy groups whose pile card has another cost."""
        return sum(1 for r in self.replacements if r.cost_shift)

    @property
    def widened_copies(self) -> int:
        return sum(r.count for r in self.replacements if r.cost_shift)

    @property
    def element_groups(self) -> int:
        """Copy groups whose pile card has another element of the deck or none."""
        return sum(1 for r in self.replacements if r.element_differs)

    @property
    def reused_groups(self) -> int:
        """Copy groups whose pile card also stands for an earlier group."""
        return sum(1 for r in self.replacements if r.reused)

    @property
    def unique_differs_copies(self) -> int:
        return sum(r.count for r in self.replacements if r.unique_differs)


def _copy_limit(card: Card, rules: Ruleset, fmt: str) -> int:
    limits = rules.deck_limits(fmt)
    return limits.horde_copies if card.horde else limits.copies


def build_pile(deck: Deck, pool: Sequence[Card], rules: Ruleset, seed: int, fmt: str = "constructed",
               max_widening: int = MAX_COST_WIDENING) -> Pile:
    """The seeded pile of ``deck`` from ``pool`` (:func:`pile_pool`).

    Matching rule, for each copy group (a printing and its number of copies) in deck order: the pile
    card is drawn at random (``random.Random(seed)``) among the pool's cards with the same type
    (creature, flyer, artifact, terrain, …), the same elite flag (gold or silver), the same element
    (every card has one element or none; so the pile uses the deck's elements) and the same cost,
    that the pile does not hold yet; among those, cards with the same uniqueness under the
    ruleset come first (a unique card counts once in a squad). The group keeps its number of copies.
    Only when no card matches is the cost widened, to ±1, then ±2 … up to ``max_widening`` (counted
    in :attr:`Pile.widened_groups`); only when still none matches is the element widened, to the
    deck's other elements one by one (alphabetically), then, for a card of an element, to neutral
    cards (no element, which add none to a squad), each again from the same cost outwards
    (:attr:`Pile.element_groups`); only when still none matches may a card the pile already holds
    be taken again (:attr:`Pile.reused_groups`), while its copies stay within the format's copy
    limit. A copy group that nothing matches is an input error naming the card.
    """
    check_seed(seed, "pile seed")
    check_range("cost widening", max_widening, 0, 100)
    rng = random.Random(seed)
    by_profile: dict[tuple, list[Card]] = {}
    for c in sorted(pool, key=lambda c: c.id):
        by_profile.setdefault((c.type, c.elite, c.elements, c.cost), []).append(c)
    held: dict[str, int] = {}
    chosen: list[Replacement] = []
    deck_elements = sorted({e for entry in deck.entries for e in entry.card.elements})
    for entry in deck.entries:
        pick = _match(entry, deck_elements, by_profile, held, rules, fmt, rng, max_widening)
        if pick is None:
            o = entry.card
            raise BerserkInputError(
                f"{deck.title!r}: no unplayed card can stand for {entry.count} × {o.label()} "
                f"({o.type}, {'gold' if o.elite else 'silver'}, {'/'.join(o.elements) or 'neutral'}, "
                f"cost {o.cost}, ±{max_widening}); widen the cost or enlarge the pool")
        card, shift = pick
        reused = card.key in held
        held[card.key] = held.get(card.key, 0) + entry.count
        chosen.append(Replacement(entry.card, entry.count, card, shift,
                                  is_unique(card, rules) != is_unique(entry.card, rules),
                                  card.elements != entry.card.elements, reused))
    title = f"pile for {deck.title}" if deck.title else "pile"
    pile = Deck(title, (), (f"seed {seed}",)).with_counts((r.card, r.count) for r in chosen)
    return Pile(pile, tuple(chosen), seed)


def _match(entry: DeckEntry, deck_elements: Sequence[str], by_profile: dict[tuple, list[Card]],
           held: dict[str, int], rules: Ruleset, fmt: str, rng: random.Random, max_widening: int
           ) -> tuple[Card, int] | None:
    """(card, cost shift) for one copy group under :func:`build_pile`'s rule, or None."""
    o = entry.card
    unique = is_unique(o, rules)

    def fits(c: Card, reuse: bool) -> bool:
        limit = _copy_limit(c, rules, fmt)
        have = held.get(c.key, 0)
        if (have > 0) != reuse:
            return False
        return not limit or have + entry.count <= limit

    elements = [o.elements] + [(e,) for e in deck_elements if (e,) != o.elements]
    if o.elements:
        elements.append(())
    for reuse in (False, True):
        for element in elements:
            for widening in range(max_widening + 1):
                shifts = (0,) if widening == 0 else (-widening, widening)
                found = [(c, s) for s in shifts
                         for c in by_profile.get((o.type, o.elite, element, o.cost + s), ())
                         if fits(c, reuse)]
                if found:
                    same = [f for f in found if is_unique(f[0], rules) == unique]
                    return rng.choice(same or found)
    return None


# --------------------------------------------------------------------------- AUC


def average_ranks(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Ranks 1…n of ``values``, ties sharing the mean of their ranks (as ``scipy.stats.rankdata``)."""
    x = np.asarray(values, dtype=float)
    if np.isnan(x).any():
        raise BerserkInputError("a score is missing (NaN); every card needs a value to be ranked")
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    mean_rank = np.cumsum(counts) - (counts - 1) / 2  # a tie group at positions i+1…i+k has mean i+(k+1)/2
    return mean_rank[inverse.reshape(-1)]


def auc(positive: Sequence[float] | np.ndarray, negative: Sequence[float] | np.ndarray) -> float:
    """ROC AUC of a score separating ``positive`` from ``negative`` items: the chance a random positive
    scores above a random negative, ties counting half (the Mann–Whitney U over both counts)."""
    pos = np.asarray(positive, dtype=float)
    neg = np.asarray(negative, dtype=float)
    if len(pos) == 0 or len(neg) == 0:
        raise BerserkInputError(f"an AUC needs items of both kinds; got {len(pos)} positive and "
                                f"{len(neg)} negative")
    ranks = average_ranks(np.concatenate([pos, neg]))
    u = ranks[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2
    return float(u / (len(pos) * len(neg)))


@dataclass(frozen=True)
class AucEstimate:
    """An AUC with its percentile bootstrap interval."""

    value: float
    lo: float
    hi: float
    resamples: int

    def to_dict(self) -> dict[str, object]:
        return {"auc": round(self.value, 4), "ci95": [round(self.lo, 4), round(self.hi, 4)],
                "resamples": self.resamples}


def bootstrap_auc(positive: Sequence[float] | np.ndarray, negative: Sequence[float] | np.ndarray,
                  resamples: int = 2_000, seed: int = 0) -> AucEstimate:
    """:func:`auc` with a 95 % percentile bootstrap interval: positives and negatives are resampled
    separately with replacement (their numbers stay fixed), ``resamples`` times, seeded."""
    return bootstrap_aucs([positive], [negative], resamples, seed)[0][0]


def bootstrap_aucs(positive: Sequence[Sequence[float]], negative: Sequence[Sequence[float]],
                   resamples: int = 2_000, seed: int = 0) -> tuple[list[AucEstimate], list[AucEstimate]]:
    """Several scores of the same items, bootstrapped together: ``positive[k]`` / ``negative[k]``
    hold score ``k`` of every positive / negative item (same item order for every score). Each
    resample draws one set of positive and one set of negative items (with replacement, numbers
    fixed) for all scores, so the differences are paired. Returns (the AUC of each score, the
    difference of score 0's AUC minus score k's for k ≥ 1), each with its 95 % percentile interval."""
    check_range("--bootstrap", resamples, 1, MAX_BOOTSTRAP)
    check_seed(seed)
    pos = [np.asarray(p, dtype=float) for p in positive]
    neg = [np.asarray(n, dtype=float) for n in negative]
    if not pos or len(pos) != len(neg) or len({len(p) for p in pos}) != 1 or len({len(n) for n in neg}) != 1:
        raise BerserkInputError("bootstrap_aucs needs the same items, in the same numbers, for every score")
    values = [auc(p, n) for p, n in zip(pos, neg, strict=True)]
    rng = np.random.default_rng(seed)
    n_pos, n_neg = len(pos[0]), len(neg[0])
    draws = np.empty((resamples, len(pos)))
    for i in range(resamples):
        ip, ineg = rng.integers(0, n_pos, n_pos), rng.integers(0, n_neg, n_neg)
        draws[i] = [auc(p[ip], n[ineg]) for p, n in zip(pos, neg, strict=True)]

    def estimate(value: float, column: np.ndarray) -> AucEstimate:
        lo, hi = np.quantile(column, [0.025, 0.975])
        return AucEstimate(value, float(lo), float(hi), resamples)

    each = [estimate(v, draws[:, k]) for k, v in enumerate(values)]
    diffs = [estimate(values[0] - values[k], draws[:, 0] - draws[:, k]) for k in range(1, len(values))]
    return each, diffs


# --------------------------------------------------------------------------- measurements


def score_estimate(wins: int, draws: int, games: int) -> tuple[float, float, float]:
    """A side's score (wins plus half the draws, per game) with the Wilson 95 % interval of
    :func:`analysis.squad.deals.proportion_ci` on the score count (a draw counts as half a win; with
    draws the interval is slightly wider than it needs to be)."""
    est = proportion_ci(wins + 0.5 * draws, games)  # type: ignore[arg-type]
    return est.mean, est.lo, est.hi


def mean_score(scores: Sequence[tuple[float, int]]) -> tuple[float, float, float]:
    """Mean of per-deck scores ``(score, games)`` with a normal 95 % interval from the per-deck
    binomial variances (the decks' games are independent): mean ± 1.96·√(Σ s(1−s)/n)/k."""
    if not scores:
        raise BerserkInputError("no deck scores to average")
    k = len(scores)
    mean = sum(s for s, _ in scores) / k
    half = Z95 * np.sqrt(sum(s * (1 - s) / n for s, n in scores)) / k
    return mean, max(0.0, mean - half), min(1.0, mean + half)


@dataclass(frozen=True)
class Separation:
    """How three scores of a creature separate the played creatures from the unplayed ones."""

    label: str
    played: int
    unplayed: int
    strength: AucEstimate
    rarity: AucEstimate
    cost: AucEstimate
    strength_minus_rarity: AucEstimate
    """The strength's AUC minus rarity's, with its paired bootstrap interval."""
    strength_minus_cost: AucEstimate

    def to_dict(self) -> dict[str, object]:
        return {"label": self.label, "played": self.played, "unplayed": self.unplayed,
                "strength": self.strength.to_dict(), "rarity": self.rarity.to_dict(),
                "cost": self.cost.to_dict(), "strength_minus_rarity": self.strength_minus_rarity.to_dict(),
                "strength_minus_cost": self.strength_minus_cost.to_dict()}


def separation(label: str, creatures: Sequence[Card], played: frozenset[str], strength: StrengthTable,
               resamples: int, seed: int) -> Separation:
    """AUCs of the fitted strength, of rarity alone and of cost alone for ``creatures`` split into
    played (name in ``played``) and unplayed, bootstrapped together (:func:`bootstrap_aucs`); every
    creature must have a fitted strength (the table's fallback is cost × a rate and would make the
    first AUC a cost AUC)."""
    unfitted = [c.label() for c in creatures if not strength.fitted(c)]
    if unfitted:
        raise BerserkInputError(f"{len(unfitted)} creature(s) have no fitted strength in {strength.source}, "
                                f"e.g. {unfitted[0]}; refit with 'berserk fit-strength'")
    pos = [c for c in creatures if c.key in played]
    neg = [c for c in creatures if c.key not in played]
    scores = (strength.value, lambda c: c.rarity, lambda c: c.cost)
    (s, r, c), (s_r, s_c) = bootstrap_aucs([[f(x) for x in pos] for f in scores],
                                           [[f(x) for x in neg] for f in scores], resamples, seed)
    return Separation(label, len(pos), len(neg), s, r, c, s_r, s_c)


def mean_over_piles(scores: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """Mean over the decks of each deck's mean score over its piles (``scores[deck][pile]``), with a
    normal 95 % interval from the pile-to-pile spread within each deck (so it covers the draw of the
    piles and the games' noise for these decks): mean ± 1.96·√(Σ var_d / n_d)/k; needs 2+ piles each."""
    if not scores or any(len(row) < 2 for row in scores):
        raise BerserkInputError("the spread over piles needs at least 2 piles per deck (--piles 2 or more)")
    means = [float(np.mean(row)) for row in scores]
    k = len(scores)
    mean = sum(means) / k
    half = Z95 * np.sqrt(sum(float(np.var(row, ddof=1)) / len(row) for row in scores)) / k
    return mean, max(0.0, mean - half), min(1.0, mean + half)


__all__ = [
    "MAX_BOOTSTRAP", "MAX_COST_WIDENING", "AucEstimate", "Pile", "Replacement", "Separation", "auc",
    "average_ranks", "bootstrap_auc", "bootstrap_aucs", "build_pile", "is_unique", "mean_over_piles",
    "mean_score", "pile_pool", "played_keys", "score_estimate", "separation",
]
