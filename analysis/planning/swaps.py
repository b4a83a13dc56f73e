"""Card swaps for tuning a deck: remove k copies of one card, add k copies of another.

    >>> swap = Swap(remove=db.find("Гуль"), add=db.find("Эллион"), copies=2)
    >>> apply_swap(deck, swap)                 # the tuned deck (same size)
    >>> candidate_swaps(deck, db, rules, "constructed", "elements", field, limit=30)

Where the added cards come from (the *pool*): ``elements`` (default) — every card whose elements
are all among the deck's elements, and neutral cards; ``all`` — every card; or a
:class:`~analysis.planning.collection.Collection` — the cards the player owns, never more copies
of a name than owned. Every proposed swap leaves the deck legal under the ruleset and format
(:func:`analysis.decks.legality.check_deck` on the result; RULES.md §2). Cards with missing facts are
never added.

There are thousands of possible swaps and each costs thousands of games, so a cheap pre-screen
picks the ones worth racing (:mod:`analysis.planning.tune`): a card's *strength* is its expected
duel win probability (:func:`analysis.combat.ratings.duel_matrix`, always attacking, first strike split
evenly) against the creatures of the field, weighted by their share of the field's cards — 0 for
cards that do not duel. A swap's pre-screen score is k · (strength of the added card − strength of
the removed one). The choice is spread out: at most ``max(2, ⌈K/4⌉)`` swaps remove the same card
and ``max(2, ⌈K/5⌉)`` add the same card. The pre-screen only orders candidates; the games decide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from analysis.cards.schema import ELEMENTS
from analysis.cards.table import Card, CardDB
from analysis.combat.ratings import duel_matrix
from analysis.combat.strike import fighter_from_card
from analysis.decks.deck import Deck, DeckEntry
from analysis.decks.legality import check_deck
from analysis.planning.collection import Collection
from analysis.planning.field import Field
from analysis.rules import Ruleset
from analysis.util.errors import BerserkInputError

POOLS = ("elements", "all")
"""Named pools; a collection file is the third kind."""


@dataclass(frozen=True)
class Swap:
    """Remove ``copies`` copies of the printing ``remove``, add as many of the printing ``add``."""

    remove: Card
    add: Card
    copies: int

    def label(self) -> str:
        """``−2 Гуль +2 Эллион``."""
        return f"−{self.copies} {self.remove.name} +{self.copies} {self.add.name}"

    def to_dict(self) -> dict[str, Any]:
        return {"remove": [{"card": self.remove.name, "code": self.remove.code, "copies": self.copies}],
                "add": [{"card": self.add.name, "code": self.add.code, "copies": self.copies}]}


@dataclass(frozen=True)
class SwapCandidate:
    """A legal swap with its pre-screen score (k · strength difference) and the two strengths."""

    swap: Swap
    prescreen: float
    strength_removed: float
    strength_added: float


def _check(deck: Deck, swap: Swap) -> int:
    """Index of the entry the swap removes from; errors when the deck lacks the copies."""
    if swap.copies < 1:
        raise BerserkInputError(f"a swap moves at least one copy, got {swap.copies}")
    if swap.remove.key == swap.add.key:
        raise BerserkInputError(f"a swap replaces a card by another; {swap.remove.name!r} is both")
    for i, e in enumerate(deck.entries):
        if e.card.id == swap.remove.id:
            if e.count < swap.copies:
                raise BerserkInputError(f"the deck has {e.count} copies of {swap.remove.label()}, "
                                        f"cannot remove {swap.copies}")
            return i
    raise BerserkInputError(f"the deck has no {swap.remove.label()} to remove")


def apply_swap(deck: Deck, swap: Swap) -> Deck:
    """The deck after the swap: fewer copies of the removed printing (gone at 0), more of the added
    one — in its entry if the deck has that printing, else right after the removed card's entry."""
    i = _check(deck, swap)
    entries = list(deck.entries)
    left = entries[i].count - swap.copies
    have = next((j for j, e in enumerate(entries) if e.card.id == swap.add.id), None)
    if have is not None:
        entries[have] = DeckEntry(swap.add, entries[have].count + swap.copies)
        entries[i] = DeckEntry(swap.remove, left)
    else:
        entries[i:i + 1] = [DeckEntry(swap.remove, left), DeckEntry(swap.add, swap.copies)]
    return Deck(deck.title, tuple(e for e in entries if e.count > 0), deck.notes)


def tuned_title(title: str, swap: Swap) -> str:
    """The title of a deck after an applied swap: the old title and the swap (``Ковеноглина −3 Гуль +3
    Эллион``), so the tuned deck is never named like the deck it came from."""
    return f"{title} {swap.label()}".strip()


def aligned_deck(deck: Deck, swap: Swap) -> Deck:
    """The swapped deck for the games: the added copies take the removed copies' places in the deck
    list (a second entry when the deck already has that printing), so the tuned deck and the
    baseline are dealt the same positions — common random numbers. The same cards as
    :func:`apply_swap`, only listed in another order."""
    i = _check(deck, swap)
    entries = list(deck.entries)
    left = entries[i].count - swap.copies
    entries[i:i + 1] = [DeckEntry(swap.remove, left), DeckEntry(swap.add, swap.copies)]
    return Deck(deck.title, tuple(e for e in entries if e.count > 0), deck.notes)


# --------------------------------------------------------------------------- the pool


def deck_elements(deck: Deck) -> tuple[str, ...]:
    """The elements of the deck's cards, in the schema's order."""
    have = {el for e in deck.entries for el in e.card.elements}
    return tuple(el for el in ELEMENTS if el in have)


def _allowed_printing(printings: list[Card], rules: Ruleset) -> Card | None:
    allowed = set(rules.bans.allowed_sets)
    for card in printings:  # newest first
        if not allowed or card.set_id in allowed:
            return card
    return None


def pool_cards(deck: Deck, db: CardDB, rules: Ruleset,
               pool: str | Collection) -> dict[str, tuple[Card, int | None]]:
    """Per card name: the printing to add and the most copies the deck may hold (None: no bound but
    the ruleset's). Only complete cards; the ruleset's allowed sets respected."""
    by_name: dict[str, list[Card]] = {}
    for card in sorted(db, key=lambda c: -c.id):
        by_name.setdefault(card.key, []).append(card)
    if isinstance(pool, Collection):
        out: dict[str, tuple[Card, int | None]] = {}
        for key, n in pool.owned_by_name(db).items():
            owned = [c for c in by_name[key] if pool.copies.get(c.id, 0) > 0]
            card = _allowed_printing(owned, rules)
            if card is not None and card.complete:
                out[key] = (card, n)
        return out
    if pool not in POOLS:
        raise BerserkInputError(f"unknown pool {pool!r}; use elements, all, or a collection file")
    elements = set(deck_elements(deck))
    out = {}
    for key, printings in by_name.items():
        card = _allowed_printing(printings, rules)
        if card is None or not card.complete:
            continue
        if pool == "elements" and not set(card.elements) <= elements:
            continue
        out[key] = (card, None)
    return out


# --------------------------------------------------------------------------- the pre-screen


def _fights(card: Card) -> bool:
    return card.is_creature and card.strike is not None and card.life is not None


def card_strength(cards: list[Card], field: Field, rules: Ruleset) -> dict[str, float]:
    """Per card name: expected duel win probability against the field's creatures, each weighted by
    its share of the field's cards (share × copies / deck size); 0 for cards that do not duel."""
    weights: dict[int, float] = {}
    opponents: dict[int, Card] = {}
    for fd in field.decks:
        for e in fd.deck.entries:
            if _fights(e.card):
                weights[e.card.id] = weights.get(e.card.id, 0.0) + fd.share * e.count / fd.deck.size
                opponents[e.card.id] = e.card
    fighters = [c for c in dict.fromkeys(cards) if _fights(c)]
    out = {c.key: 0.0 for c in cards}
    if not fighters or not opponents:
        return out
    cols = list(opponents.values())
    w = np.array([weights[c.id] for c in cols])
    w = w / w.sum()
    rows_f = [fighter_from_card(c) for c in fighters]
    cols_f = [fighter_from_card(c) for c in cols]
    first = duel_matrix(rows_f, cols_f, rules)
    second = duel_matrix(cols_f, rows_f, rules)
    win = 0.5 * (first.first_wins @ w) + 0.5 * (w @ second.second_wins)
    for card, value in zip(fighters, win, strict=True):
        out[card.key] = float(value)
    return out


def candidate_swaps(
    deck: Deck,
    db: CardDB,
    rules: Ruleset,
    fmt: str,
    pool: str | Collection,
    field: Field,
    limit: int = 30,
) -> list[SwapCandidate]:
    """Up to ``limit`` legal swaps, best pre-screen score first (module docstring)."""
    if limit < 1:
        raise BerserkInputError(f"--candidates must be at least 1, got {limit}")
    limits = rules.deck_limits(fmt)
    counts = deck.counts_by_name()
    adds = pool_cards(deck, db, rules, pool)
    strength = card_strength([e.card for e in deck.entries] + [c for c, _ in adds.values()], field, rules)
    options: list[tuple[float, int, int, Swap]] = []
    for entry in deck.entries:
        x = entry.card
        for key, (y, owned) in adds.items():
            if key == x.key:
                continue
            limit_y = limits.horde_copies if y.horde else limits.copies
            room = (limit_y or 10**6) - counts.get(key, 0)
            if owned is not None:
                room = min(room, owned - counts.get(key, 0))
            most = min(entry.count, room)
            if most < 1:
                continue
            for k in sorted({most, 1}):
                delta = strength.get(y.key, 0.0) - strength.get(x.key, 0.0)
                options.append((k * delta, y.id, x.id, Swap(x, y, k)))
    options.sort(key=lambda o: (-o[0], o[1], o[2], -o[3].copies))
    cap_remove, cap_add = max(2, math.ceil(limit / 4)), max(2, math.ceil(limit / 5))
    used_remove: dict[int, int] = {}
    used_add: dict[str, int] = {}
    chosen: list[SwapCandidate] = []
    for score, _, _, swap in options:
        if len(chosen) >= limit:
            break
        if used_remove.get(swap.remove.id, 0) >= cap_remove or used_add.get(swap.add.key, 0) >= cap_add:
            continue
        if not check_deck(apply_swap(deck, swap), rules, fmt).legal:
            continue
        used_remove[swap.remove.id] = used_remove.get(swap.remove.id, 0) + 1
        used_add[swap.add.key] = used_add.get(swap.add.key, 0) + 1
        chosen.append(SwapCandidate(swap, score, strength.get(swap.remove.key, 0.0),
                                    strength.get(swap.add.key, 0.0)))
    return chosen


def candidates_frame(candidates: list[SwapCandidate]) -> pd.DataFrame:
    """The pre-screened swaps: swap, copies, the two strengths and the pre-screen score."""
    rows = [{"swap": c.swap.label(), "remove": c.swap.remove.name, "add": c.swap.add.name,
             "copies": c.swap.copies, "strength_removed": c.strength_removed,
             "strength_added": c.strength_added, "prescreen": c.prescreen} for c in candidates]
    columns = ["swap", "remove", "add", "copies", "strength_removed", "strength_added", "prescreen"]
    return pd.DataFrame(rows, columns=columns)


def swap_from_names(deck: Deck, db: CardDB, remove: str, add: str, copies: int) -> Swap:
    """A swap named by the player (card names or SET/NUMBER): the removed printing is the deck's."""
    out = db.find(remove)
    entry = next((e for e in deck.entries if e.card.key == out.key), None)
    if entry is None:
        raise BerserkInputError(f"the deck has no {out.name!r} to remove")
    return Swap(entry.card, db.find(add), copies)


def strengths_of(deck: Deck, field: Field, rules: Ruleset) -> Mapping[str, float]:
    """Strength (module docstring) of every card of the deck against the field."""
    return card_strength([e.card for e in deck.entries], field, rules)


__all__ = ["POOLS", "Swap", "SwapCandidate", "aligned_deck", "apply_swap", "candidate_swaps",
           "candidates_frame", "card_strength", "deck_elements", "pool_cards", "strengths_of",
           "swap_from_names", "tuned_title"]
