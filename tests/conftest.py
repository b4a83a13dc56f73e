"""Shared fixtures: the built-in card database and rulesets, and a deck builder for tests."""

from __future__ import annotations

import os

import pytest

from analysis.cards.table import CardDB, load_cards
from analysis.decks.deck import Deck, DeckEntry
from analysis.rules import Ruleset, load_ruleset


@pytest.fixture(scope="session", autouse=True)
def private_game_cache(tmp_path_factory):
    """The planner's on-disk game cache of this test session: the dashboard's Tournament and Compare
    pages (and any planner call without an explicit cache) keep their games in a temporary folder,
    shared by the whole session (a deck's mulligan thresholds are estimated once), never in the
    user's cache folder."""
    old = os.environ.get("BERSERK_CACHE")
    os.environ["BERSERK_CACHE"] = str(tmp_path_factory.mktemp("game-cache"))
    yield
    if old is None:
        os.environ.pop("BERSERK_CACHE", None)
    else:
        os.environ["BERSERK_CACHE"] = old


@pytest.fixture(scope="session")
def db() -> CardDB:
    return load_cards()


@pytest.fixture(scope="session")
def relaunch() -> Ruleset:
    return load_ruleset("relaunch")


@pytest.fixture(scope="session")
def plain_cards(db: CardDB) -> list:
    """Distinct-named, complete, ordinary cards: no Horde, not unique, not banned, not elite."""
    seen, out = set(), []
    for card in db:
        if card.key in seen or card.horde or card.unique or card.banned or card.elite or not card.complete:
            continue
        if db.default_printing(card).id != card.id:
            continue
        seen.add(card.key)
        out.append(card)
    return out


def make_deck(items, title: str = "test") -> Deck:
    """A deck from (card, count) pairs."""
    return Deck(title, tuple(DeckEntry(c, n) for c, n in items))


def filler(plain_cards, n_cards: int, skip: int = 0) -> list:
    """(card, count) pairs of ordinary cards, 3 copies each, adding up to ``n_cards``."""
    items, left, i = [], n_cards, skip
    while left > 0:
        take = min(3, left)
        items.append((plain_cards[i], take))
        left -= take
        i += 1
    return items
