"""Card-name normalisation and close-name suggestions.

Copies are counted by name (000 glossary "Copy"), compared case-insensitively with ё = е and
every apostrophe variant folded to ``'`` (cards_raw README).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "ʼ": "'", "´": "'"})
_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-"})
_SPACES = re.compile(r"\s+")


def normalize_name(name: str) -> str:
    """The key two names are compared by: lower case, ё→е, straight apostrophes, single spaces.

    >>> normalize_name("  Тёмный   Менестрель ")
    'темный менестрель'
    """
    text = name.translate(_APOSTROPHES).translate(_DASHES).lower().replace("ё", "е")
    return _SPACES.sub(" ", text).strip()


def closest_names(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """Up to ``n`` candidate names closest to ``name`` (best first), for "did you mean" hints."""
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(normalize_name(candidate), candidate)
    keys = difflib.get_close_matches(normalize_name(name), list(by_key), n=n, cutoff=0.0)
    return [by_key[k] for k in keys]
