"""What identifies a batch of games, so a cached result is reused only for the very same inputs.

A block of games is a function of: the two decks (every fact of every card, in deck order — the
deal samples positions of the deck list, so order matters to the exact games, not to their
distribution), the full :class:`~analysis.matchup.simulate.MatchupSettings` (every field, the ruleset's
content included: a field added later changes the key by itself), the number of games, the seed,
and the game code itself (:func:`engine_version`: a hash of the library's source, so an upgraded
battle engine never reuses results of the old one).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from analysis.decks.deck import Deck
from analysis.matchup.simulate import MatchupSettings
from analysis.rules import Ruleset

LIBRARY = Path(__file__).resolve().parent.parent
_NOT_GAME_CODE = ("cli", "planning", "summaries")
"""Folders of the library that do not decide a game's outcome (output and the planner itself)."""


def _canonical(value: Any) -> Any:
    """Plain JSON-able data for dataclasses, tuples, dicts and anything else (by repr)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.compare}
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return repr(value)
    return repr(value)


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``."""
    text = json.dumps(_canonical(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=4096)
def deck_key(deck: Deck) -> str:
    """Every fact of every entry, in order (not the title or notes: they do not play)."""
    return digest([[e.card, e.count] for e in deck.entries])


@lru_cache(maxsize=4096)
def content_key(deck: Deck) -> str:
    """The deck's cards regardless of their order (two decks with this key equal are the same deck,
    e.g. for a mirror match)."""
    merged: dict[int, list] = {}
    for e in deck.entries:
        merged.setdefault(e.card.id, [e.card, 0])[1] += e.count
    return digest(sorted(([c, n] for c, n in merged.values()), key=lambda cn: cn[0].id))


def distinct_from(deck: Deck, named: Mapping[str, Deck], names: Iterable[str] | None = None) -> list[str]:
    """The names (of ``names``, default all of ``named``) whose decks are not ``deck``'s cards.

    A field, a budget table or a comparison that holds the current deck beside the samples shows a
    deck once: the current deck opened from a sample is that sample (issue 21 item 8).
    """
    mine = content_key(deck)
    return [n for n in (named if names is None else names) if content_key(named[n]) != mine]


def deck_label(deck: Deck) -> str:
    """A readable form of the deck for a cache entry: ``COUNTxID`` in deck order."""
    return ",".join(f"{e.count}x{e.card.id}" for e in deck.entries)


def ruleset_hash(rules: Ruleset) -> str:
    """Hash of the ruleset's content (every number; not where it was read from)."""
    return digest(dataclasses.replace(rules, source=""))


def settings_key(settings: MatchupSettings) -> str:
    """Hash of every field of the settings (the ruleset's content included, its file path not)."""
    return digest(dataclasses.replace(settings, rules=dataclasses.replace(settings.rules, source="")))


@lru_cache(maxsize=1)
def engine_version() -> str:
    """Hash of the library's game code (every ``analysis/**/*.py`` outside ``cli/`` and ``planning/``)."""
    h = hashlib.sha256()
    for path in sorted(LIBRARY.rglob("*.py")):
        rel = path.relative_to(LIBRARY)
        if rel.parts[0] in _NOT_GAME_CODE or "__pycache__" in rel.parts:
            continue
        h.update(str(rel).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def block_key(a: Deck, b: Deck, settings: MatchupSettings, games: int, seed: int) -> dict[str, Any]:
    """The key of :func:`analysis.matchup.simulate.deck_matchup` ``(a, b, settings, games, seed)``'s games."""
    return {
        "kind": "deck_matchup_rows",
        "engine": engine_version(),
        "settings": settings_key(settings),
        "ruleset": settings.rules.name,
        "ruleset_hash": ruleset_hash(settings.rules),
        "a": deck_key(a),
        "b": deck_key(b),
        "a_cards": deck_label(a),
        "b_cards": deck_label(b),
        "games": games,
        "seed": seed,
    }


def thresholds_key(deck: Deck, settings: MatchupSettings) -> dict[str, Any]:
    """The key of :func:`analysis.matchup.simulate.mulligan_thresholds` for a deck."""
    return {
        "kind": "mulligan_thresholds",
        "engine": engine_version(),
        "settings": settings_key(settings),
        "ruleset": settings.rules.name,
        "deck": deck_key(deck),
        "cards": deck_label(deck),
    }


def derived_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for one stream of games, from the user's seed and what the stream is for
    (e.g. the two decks of a pair), so each stream is independent of which others are played."""
    text = json.dumps([seed, *[str(p) for p in parts]])
    return int(hashlib.sha256(text.encode()).hexdigest()[:16], 16) >> 1


__all__ = ["block_key", "content_key", "deck_key", "derived_seed", "digest", "distinct_from",
           "engine_version", "ruleset_hash", "settings_key", "thresholds_key"]
