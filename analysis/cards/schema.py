"""The card table's columns, and the code tables it is built with (all read from ``data/``).

One place names every column of ``data/cards.csv`` so the import step, the loader and the
user-card check agree on them.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir

CARD_TYPES: tuple[str, ...] = ("creature", "flyer", "companion", "parasite", "artifact", "terrain")
"""Card types in the order of the raw data's codes 0..5."""

CREATURE_TYPES = frozenset({"creature", "flyer"})


PLAYED: tuple[str, ...] = ("keyword", "facts", "partly", "no")
"""How the battle engine plays a keyword column (``played`` in ``keywords.csv``): ``keyword`` — the
engine reads the column itself; ``facts`` — only through ability facts in ``data/abilities``;
``partly`` — part of what the rulebook or the cards define; ``no`` — not at all."""


@dataclass(frozen=True)
class Keyword:
    """One keyword column: its raw code, its column, ``number`` (value X) or ``flag`` (0/1), and the
    audit of how the battle plays it (``played`` of :data:`PLAYED`; ``facts``: the ability kinds,
    ``trigger:NAME``, ``via:NAME`` or ``field:NAME`` of the facts that play it; ``how``: where and
    why, with the rulebook passage)."""

    code: str
    column: str
    kind: str
    meaning: str
    played: str = "no"
    facts: tuple[str, ...] = ()
    how: str = ""


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@lru_cache(maxsize=4)
def keywords(root: Path | None = None) -> tuple[Keyword, ...]:
    """The keyword table ``data/keywords.csv``."""
    path = (root or data_dir()) / "keywords.csv"
    rows = _read_csv(path)
    out = []
    for line, r in enumerate(rows, start=2):
        played, how = (r.get("played") or "").strip(), (r.get("how") or "").strip()
        if played not in PLAYED:
            raise BerserkInputError(f"{path} line {line} ({r.get('column')}): column 'played' must be one of "
                                    f"{', '.join(PLAYED)}, got {played!r}; audit the keyword and fill it in")
        if played != "keyword" and not how:
            raise BerserkInputError(f"{path} line {line} ({r.get('column')}): column 'how' is empty; say how "
                                    "the facts play it, what part is left out, or why it is not played")
        facts = tuple(f for f in (r.get("facts") or "").split("|") if f)
        out.append(Keyword(r["code"], r["column"], r["kind"], r["meaning"], played, facts, how))
    return tuple(out)


@lru_cache(maxsize=4)
def set_names(root: Path | None = None) -> dict[int, str]:
    """Set id → set name, from ``data/sets.csv``."""
    return {int(r["set_id"]): r["set_name"] for r in _read_csv((root or data_dir()) / "sets.csv")}


@lru_cache(maxsize=4)
def element_bits(root: Path | None = None) -> dict[int, str]:
    """Element bit → English label, from ``data/elements.csv`` (neutral included, bit 32)."""
    return {int(r["bit"]): r["element"] for r in _read_csv((root or data_dir()) / "elements.csv")}


ELEMENTS: tuple[str, ...] = ("steppes", "mountains", "forests", "swamps", "darkness")
"""The five elements. Neutral is not an element (RULES.md §1)."""

BASE_COLUMNS: tuple[str, ...] = (
    "id",
    "set_id",
    "set_name",
    "number",
    "name",
    "rarity",
    "elements",
    "type",
    "cost",
    "elite",
    "unique",
    "life",
    "move",
    "strike_weak",
    "strike_medium",
    "strike_strong",
    "horde",
    "banned",
    "classes",
)
TAIL_COLUMNS: tuple[str, ...] = ("complete", "missing")

COLUMN_MAX: dict[str, int] = {
    "id": 999_999,
    "set_id": 999,
    "number": 999,  # id = set_id·1000 + number: a number of 1000 or more would be another set's id
    "rarity": 9,
    "cost": 99,
    "life": 200,  # the duel engine's limit (analysis.combat.duel.MAX_LIFE)
    "move": 20,
    "strike_weak": 99,
    "strike_medium": 99,
    "strike_strong": 99,
}
"""Largest value of each whole-number column (the smallest is 0). The built-in cards stay far below
(cost ≤ 10, life ≤ 30, strike ≤ 8); the bounds keep user cards finite and exactly representable."""
KEYWORD_MAX = 99
"""Largest value of a keyword column (armor X, regeneration X, …)."""


def column_max(column: str) -> int:
    """The largest value a whole-number column of the card table may hold."""
    return COLUMN_MAX.get(column, KEYWORD_MAX)


def card_columns() -> tuple[str, ...]:
    """Every column of the card table, in file order."""
    return BASE_COLUMNS + tuple(k.column for k in keywords()) + TAIL_COLUMNS
