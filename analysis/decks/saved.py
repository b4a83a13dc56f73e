"""A player's saved decks ("My decks"): a short list of titled deck codes kept outside the repository.

The dashboard keeps this list in the browser's storage, so it survives a reload and is never sent
anywhere; this module is the part that does not depend on where the list lives: reading an untrusted
stored list, and saving, renaming and deleting entries. Every change returns a new tuple (the list is
immutable data); a stored list that is not what this module writes loses only its unreadable
entries, and says how many.

    >>> decks, dropped = read_saved([{"title": "Ковен", "code": "AbC"}, {"title": 5}])
    >>> [d.title for d in decks], dropped
    (['Ковен'], 1)
    >>> decks = save_deck(decks, "Ковен v2", "XyZ")
    >>> [d.title for d in rename_deck(decks, "Ковен", "Ковен v1")]
    ['Ковен v1', 'Ковен v2']
    >>> [d.title for d in delete_deck(decks, "Ковен")]
    ['Ковен v2']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from analysis.util.errors import BerserkInputError
from analysis.util.textnorm import normalize_name

MAX_SAVED = 50
"""Decks a player may keep (browser storage is small: 5 MB per site in common browsers)."""
MAX_TITLE = 80
"""Characters of a saved deck's title."""
MAX_CODE = 4000
"""Characters of a stored deck code (a 50-card deck's berserk-nxt code is about 300)."""


@dataclass(frozen=True)
class SavedDeck:
    """One saved deck: the player's title and the deck's berserk-nxt code (without ``#``)."""

    title: str
    code: str

    def to_dict(self) -> dict[str, str]:
        return {"title": self.title, "code": self.code}


def _clean_title(title: str) -> str:
    text = " ".join(str(title).split())
    if not text:
        raise BerserkInputError("a saved deck needs a title")
    if len(text) > MAX_TITLE:
        raise BerserkInputError(f"a saved deck's title has at most {MAX_TITLE} characters, not {len(text)}")
    return text


def _same(a: str, b: str) -> bool:
    return normalize_name(a) == normalize_name(b)


def read_saved(raw: object) -> tuple[tuple[SavedDeck, ...], int]:
    """The saved decks of a stored list (JSON as the browser keeps it) and how many entries were
    dropped as unreadable (not a title and a code, too long, a repeated title, beyond
    :data:`MAX_SAVED`). Anything that is not a list reads as no decks, with nothing dropped if it
    is ``None`` (nothing stored yet)."""
    if raw is None:
        return (), 0
    if not isinstance(raw, list):
        return (), 1
    decks: list[SavedDeck] = []
    dropped = 0
    for entry in raw:
        title = entry.get("title") if isinstance(entry, dict) else None
        code = entry.get("code") if isinstance(entry, dict) else None
        if (not isinstance(title, str) or not isinstance(code, str) or not code.strip()
                or len(code) > MAX_CODE or len(decks) >= MAX_SAVED):
            dropped += 1
            continue
        try:
            title = _clean_title(title)
        except BerserkInputError:
            dropped += 1
            continue
        if any(_same(d.title, title) for d in decks):
            dropped += 1
            continue
        decks.append(SavedDeck(title, code.strip().lstrip("#")))
    return tuple(decks), dropped


def save_deck(decks: Iterable[SavedDeck], title: str, code: str) -> tuple[SavedDeck, ...]:
    """``decks`` with ``code`` saved under ``title``: an entry of the same title (case and ё/е
    aside) is replaced in place, else the deck is added at the end."""
    title = _clean_title(title)
    code = code.strip().lstrip("#")
    if not code or len(code) > MAX_CODE:
        raise BerserkInputError("this deck has no deck code to save (a card the code cannot name?)")
    decks = list(decks)
    for i, d in enumerate(decks):
        if _same(d.title, title):
            decks[i] = SavedDeck(title, code)
            return tuple(decks)
    if len(decks) >= MAX_SAVED:
        raise BerserkInputError(f"at most {MAX_SAVED} saved decks: delete one first")
    return (*decks, SavedDeck(title, code))


def rename_deck(decks: Iterable[SavedDeck], old: str, new: str) -> tuple[SavedDeck, ...]:
    """``decks`` with the entry ``old`` retitled ``new`` (refused if another entry has that title)."""
    new = _clean_title(new)
    decks = list(decks)
    if any(_same(d.title, new) and not _same(d.title, old) for d in decks):
        raise BerserkInputError(f"a saved deck is already called {new!r}")
    for i, d in enumerate(decks):
        if _same(d.title, old):
            decks[i] = SavedDeck(new, d.code)
            return tuple(decks)
    raise BerserkInputError(f"no saved deck is called {old!r}")


def delete_deck(decks: Iterable[SavedDeck], title: str) -> tuple[SavedDeck, ...]:
    """``decks`` without the entry ``title`` (unchanged if there is none)."""
    return tuple(d for d in decks if not _same(d.title, title))


def saved_to_json(decks: Iterable[SavedDeck]) -> list[dict[str, str]]:
    """The list as it is stored (what :func:`read_saved` reads back)."""
    return [d.to_dict() for d in decks]


__all__ = ["MAX_CODE", "MAX_SAVED", "MAX_TITLE", "SavedDeck", "delete_deck", "read_saved", "rename_deck",
           "save_deck", "saved_to_json"]
