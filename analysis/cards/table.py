"""The card database: load and validate ``data/cards.csv``, look cards up by name or set/number.

    >>> db = load_cards()
    >>> db.find("тёмный менестрель").name
    'Темный менестрель'
    >>> db.find("10/1").name
    'Кочевник'

Copies are counted by name; when a name has several printings (reprints), a lookup by name gives
the newest printing, whose facts are the current ones. ``SET/NUMBER`` picks a printing exactly.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path

import pandas as pd

from analysis.cards.abilities import CardAbilities, check_against_cards, load_abilities
from analysis.cards.schema import (
    BASE_COLUMNS,
    CARD_TYPES,
    CREATURE_TYPES,
    ELEMENTS,
    TAIL_COLUMNS,
    card_columns,
    column_max,
    keywords,
)
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.textnorm import closest_names, normalize_name
from analysis.util.userfiles import read_user_text

_CODE = re.compile(r"^\s*(\d{1,3})\s*/\s*(\d{1,4})\s*$", re.ASCII)
MAX_USER_CARD_BYTES = 5_000_000
MAX_NAME_CHARS = 100
"""A looked-up name longer than this is unknown at once (the longest card name has 22 characters)."""


@dataclass(frozen=True)
class Card:
    """One printing of a card. Immutable and hashable; ``keywords`` holds only non-zero values."""

    id: int
    set_id: int
    set_name: str
    number: int
    name: str
    rarity: int
    elements: tuple[str, ...]
    type: str
    cost: int
    elite: bool
    unique: bool
    life: int | None
    move: int
    strike: tuple[int, int, int] | None
    horde: bool
    banned: bool
    classes: tuple[str, ...] = ()
    keywords: tuple[tuple[str, int], ...] = ()
    complete: bool = True
    abilities: CardAbilities | None = None
    """The modelled facts of the card's rules text (``data/abilities``); None = no entry."""
    source: str = field(default="built-in", compare=False)

    @property
    def code(self) -> str:
        """``SET/NUMBER``, e.g. ``10/185``."""
        return f"{self.set_id}/{self.number}"

    @cached_property
    def key(self) -> str:
        """The name as copies are compared (see :func:`analysis.util.textnorm.normalize_name`;
        computed once: the recruiter asks for it in its inner loops)."""
        return normalize_name(self.name)

    @cached_property
    def class_keys(self) -> frozenset[str]:
        """Its classes as names are compared (:func:`~analysis.util.textnorm.normalize_name`;
        computed once: the recruiter's prices ask for them in its inner loops)."""
        return frozenset(normalize_name(c) for c in self.classes)

    @property
    def is_creature(self) -> bool:
        """Ground or flying creature (the cards that fight with a simple strike)."""
        return self.type in CREATURE_TYPES

    @property
    def is_flyer(self) -> bool:
        return self.type == "flyer"

    def keyword(self, column: str) -> int:
        """The value of a keyword column (``armor``, ``exp_attack``…), 0 when absent."""
        for name, value in self.keywords:
            if name == column:
                return value
        return 0

    def has(self, column: str) -> bool:
        """Whether the card has a keyword (flag or numbered with X > 0)."""
        return self.keyword(column) > 0

    def label(self) -> str:
        """Short human label: ``Name (SET/NUM)``."""
        return f"{self.name} ({self.code})"


def _ban_every_printing(cards: list[Card]) -> tuple[Card, ...]:
    """The cards with ``banned`` set on every printing of a name that has one banned printing.

    Copies are counted by name (000 glossary "Copy"), so a ban on a card covers all its printings;
    the ban list flags one printing (``Гуль`` 10/39 but not its reprint 50/43), and a bare name
    resolves to the newest printing, which would otherwise slip past the ban.
    """
    banned_keys = {c.key for c in cards if c.banned}
    return tuple(replace(c, banned=True) if c.key in banned_keys and not c.banned else c for c in cards)


class CardDB:
    """All printings, indexed by id and by normalised name. Build with :func:`load_cards`."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: tuple[Card, ...] = _ban_every_printing(sorted(cards, key=lambda c: c.id))
        self._by_id = {c.id: c for c in self.cards}
        by_name: dict[str, list[Card]] = {}
        for card in self.cards:
            by_name.setdefault(card.key, []).append(card)
        # Newest printing first: a name lookup gives the current facts.
        self._by_name = {k: sorted(v, key=lambda c: -c.id) for k, v in by_name.items()}

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and normalize_name(name) in self._by_name

    @property
    def names(self) -> list[str]:
        """One display name per distinct card name."""
        return [printings[0].name for printings in self._by_name.values()]

    def by_id(self, card_id: int) -> Card | None:
        return self._by_id.get(card_id)

    def printings(self, name: str) -> list[Card]:
        """Every printing of a name, newest first (empty when unknown)."""
        return list(self._by_name.get(normalize_name(name), []))

    def default_printing(self, card: Card) -> Card:
        """The printing a bare name resolves to."""
        return self._by_name[card.key][0]

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The ``n`` known names closest to ``name``."""
        return closest_names(name, self.names, n)

    def find(self, query: str, suggest: bool = True) -> Card:
        """A card by name (any case, ё = е) or by ``SET/NUMBER``; unknown → an input error with the
        closest names (unless ``suggest`` is false: they cost a comparison with every name)."""
        if len(query) > MAX_NAME_CHARS:
            raise BerserkInputError(f"unknown card {query[:40].strip()!r}… ({len(query):,} characters; "
                                    f"no card name is longer than {MAX_NAME_CHARS})")
        match = _CODE.match(query)
        if match:
            set_id, number = int(match.group(1)), int(match.group(2))
            card = self._by_id.get(set_id * 1000 + number)
            if card is None:
                raise BerserkInputError(f"no card {set_id}/{number} in the card database")
            return card
        printings = self._by_name.get(normalize_name(query))
        if not printings:
            if not suggest:
                raise BerserkInputError(f"unknown card {query.strip()!r}")
            hint = ", ".join(repr(n) for n in self.suggest(query))
            raise BerserkInputError(f"unknown card {query.strip()!r}; closest names: {hint}")
        return printings[0]

    def to_frame(self) -> pd.DataFrame:
        """The table as pandas, one row per printing, with the card table's columns."""
        frame = pd.DataFrame([card_to_row(c) for c in self.cards], columns=list(card_columns()))
        for column in ("life", "strike_weak", "strike_medium", "strike_strong"):
            frame[column] = frame[column].astype("Int64")
        return frame

    def filter(
        self,
        sets: Sequence[int] | None = None,
        elements: Sequence[str] | None = None,
        types: Sequence[str] | None = None,
        text: str | None = None,
    ) -> list[Card]:
        """Cards matching every given filter (sets by id, elements incl. ``neutral``, types, name part)."""
        needle = normalize_name(text) if text else None
        out = []
        for card in self.cards:
            if sets and card.set_id not in sets:
                continue
            if types and card.type not in types:
                continue
            if elements:
                card_elements = set(card.elements) or {"neutral"}
                if not card_elements & set(elements):
                    continue
            if needle and needle not in card.key:
                continue
            out.append(card)
        return out


def card_to_row(card: Card) -> dict[str, object]:
    """A card as a row of the card table (the inverse of reading one)."""
    strike = card.strike or (None, None, None)
    row: dict[str, object] = {
        "id": card.id,
        "set_id": card.set_id,
        "set_name": card.set_name,
        "number": card.number,
        "name": card.name,
        "rarity": card.rarity,
        "elements": "|".join(card.elements),
        "type": card.type,
        "cost": card.cost,
        "elite": card.elite,
        "unique": card.unique,
        "life": card.life,
        "move": card.move,
        "strike_weak": strike[0],
        "strike_medium": strike[1],
        "strike_strong": strike[2],
        "horde": card.horde,
        "banned": card.banned,
        "classes": "|".join(card.classes),
    }
    kw = dict(card.keywords)
    for k in keywords():
        row[k.column] = kw.get(k.column, 0)
    row["complete"] = card.complete
    row["missing"] = "" if card.complete else _missing(card)
    return row


def _missing(card: Card) -> str:
    parts = []
    if card.life is None and card.type != "terrain":
        parts.append("life")
    if card.strike is None and card.type not in ("artifact", "terrain"):
        parts.append("strike")
    return "|".join(parts)


# --------------------------------------------------------------------------- loading

_BOOL = {"true": True, "false": False, "1": True, "0": False, "yes": True, "no": False, "": False}


class _RowReader:
    """Typed access to one CSV row with errors that name the file, line and column."""

    def __init__(self, source: str, line: int, row: dict[str, str]):
        self.source, self.line, self.row = source, line, row

    def fail(self, column: str, expected: str) -> BerserkInputError:
        name = self.row.get("name", "?")
        value = self.row.get(column, "")
        return BerserkInputError(
            f"{self.source} line {self.line} (card {name!r}): column {column!r} must be "
            f"{expected}, got {value!r}"
        )

    def text(self, column: str) -> str:
        return (self.row.get(column) or "").strip()

    def int(self, column: str, optional: bool = False) -> int | None:
        """A whole number from 0 to :func:`~analysis.cards.schema.column_max` (``3`` or ``3.0``; ASCII
        digits only, checked by length before conversion, so no float rounding and no overflow)."""
        value = self.text(column)
        if value == "" and optional:
            return None
        top = column_max(column)
        digits, dot, zeros = value.partition(".")
        if (not digits or len(digits) > len(str(top)) or not _ascii_digits(digits)
                or (dot and not (zeros == "" or _ascii_digits(zeros))) or int(digits) > top):
            raise self.fail(column, f"a whole number from 0 to {top}" + (" or empty" if optional else ""))
        if dot and zeros.strip("0"):
            raise self.fail(column, f"a whole number from 0 to {top}")
        return int(digits)

    def bool(self, column: str) -> bool:
        value = self.text(column).lower()
        if value not in _BOOL:
            raise self.fail(column, "true or false")
        return _BOOL[value]


def _ascii_digits(text: str) -> bool:
    return all("0" <= ch <= "9" for ch in text)


def _card_from_row(reader: _RowReader, source_label: str) -> Card:
    name = reader.text("name")
    if not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
        raise reader.fail("name", f"a card name of 1 to {MAX_NAME_CHARS} printable characters")
    card_type = reader.text("type")
    if card_type not in CARD_TYPES:
        raise reader.fail("type", "one of " + ", ".join(CARD_TYPES))
    elements = tuple(e for e in reader.text("elements").split("|") if e)
    for element in elements:
        if element not in ELEMENTS:
            raise reader.fail("elements", "elements from " + "|".join(ELEMENTS) + " (empty = neutral)")
    set_id, number = reader.int("set_id"), reader.int("number")
    assert set_id is not None and number is not None
    card_id = reader.int("id", optional=True)
    if card_id is None:
        card_id = set_id * 1000 + number
    elif card_id != set_id * 1000 + number:
        raise reader.fail("id", f"set_id*1000+number = {set_id * 1000 + number}")
    strikes = [reader.int(c, optional=True) for c in ("strike_weak", "strike_medium", "strike_strong")]
    if any(s is None for s in strikes) and not all(s is None for s in strikes):
        raise reader.fail("strike_weak", "given with strike_medium and strike_strong, or all empty")
    strike = None if strikes[0] is None else (int(strikes[0]), int(strikes[1] or 0), int(strikes[2] or 0))
    kws = []
    for kw in keywords():
        value = reader.int(kw.column, optional=True) or 0
        if value:
            kws.append((kw.column, value))
    cost = reader.int("cost")
    move = reader.int("move", optional=True) or 0
    complete = reader.bool("complete") if reader.text("complete") else True
    return Card(
        id=card_id,
        set_id=set_id,
        set_name=reader.text("set_name"),
        number=number,
        name=name,
        rarity=reader.int("rarity", optional=True) or 0,
        elements=elements,
        type=card_type,
        cost=cost or 0,
        elite=reader.bool("elite"),
        unique=reader.bool("unique"),
        life=reader.int("life", optional=True),
        move=move,
        strike=strike,
        horde=reader.bool("horde"),
        banned=reader.bool("banned"),
        classes=tuple(c for c in reader.text("classes").split("|") if c),
        keywords=tuple(kws),
        complete=complete,
        source=f"{source_label} line {reader.line}",
    )


REQUIRED_USER_COLUMNS = ("set_id", "number", "name", "type", "cost", "elite", "unique")


def read_card_csv(path: Path | str, label: str | None = None) -> list[Card]:
    """Read a card table (built-in or a user's) from a regular file of at most
    :data:`MAX_USER_CARD_BYTES` and validate every row (:func:`cards_from_csv_text`)."""
    path = Path(path)
    label = label or str(path)
    try:
        text = read_user_text(path, "card", MAX_USER_CARD_BYTES)
    except BerserkInputError as exc:  # name the file as the caller labels it
        raise BerserkInputError(str(exc).replace(str(path), label, 1)) from None
    return cards_from_csv_text(text, label)


def cards_from_csv_text(text: str, label: str) -> list[Card]:
    """The cards of a card table's CSV text, every row checked against the schema: the columns
    (:mod:`analysis.cards.schema`), each value's type and range, and no id twice. The loader and
    ``berserk import-cards`` (before it writes) both use it, so they accept the same tables."""
    try:
        frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, ValueError) as exc:
        raise BerserkInputError(f"{label}: cannot read as CSV: {exc}") from None
    known = set(card_columns())
    unknown = [c for c in frame.columns if c not in known]
    if unknown:
        raise BerserkInputError(
            f"{label}: unknown column(s) {unknown}; the columns are documented in data/README.md"
        )
    missing = [c for c in REQUIRED_USER_COLUMNS if c not in frame.columns]
    if missing:
        raise BerserkInputError(f"{label}: missing required column(s) {missing}")
    cards: list[Card] = []
    by_id: dict[int, Card] = {}
    for index, row in enumerate(frame.to_dict("records")):
        card = _card_from_row(_RowReader(label, index + 2, row), label)
        if card.id in by_id:
            raise BerserkInputError(f"{card.source}: id {card.id} ({card.code}, {card.name!r}) is already "
                                    f"used at {by_id[card.id].source}; every printing needs its own "
                                    "set/number")
        by_id[card.id] = card
        cards.append(card)
    return cards


def _merge(builtin: list[Card], extra: list[Card]) -> list[Card]:
    """The built-in cards and the users': a user card may share neither an id nor a name with
    any other card (built-in or user), so a name always means one card."""
    by_id = {c.id: c for c in builtin}
    by_name = {c.key: c for c in builtin}
    for card in extra:
        clash = by_id.get(card.id) or by_name.get(card.key)
        if clash is not None:
            raise BerserkInputError(
                f"user card {card.label()} at {card.source} clashes with {clash.label()} at "
                f"{clash.source}; give it another set/number and a new name, or remove it"
            )
        by_id[card.id] = by_name[card.key] = card
    return builtin + extra


@lru_cache(maxsize=8)
def _load(path: Path, extra: tuple[Path, ...], ability_files: tuple[Path, ...]) -> CardDB:
    builtin = read_card_csv(path, label=str(path.name) if path.parent == data_dir() else str(path))
    user: list[Card] = []
    for extra_path in extra:
        user.extend(read_card_csv(extra_path))
    cards = _merge(builtin, user)
    book = load_abilities(ability_files)
    check_against_cards(book, cards)
    return CardDB(replace(c, abilities=book.get(c.code)) if c.code in book else c for c in cards)


def load_cards(
    path: Path | str | None = None,
    extra: Sequence[Path | str] = (),
    abilities: Sequence[Path | str] = (),
) -> CardDB:
    """Load the built-in card table plus the users' card CSVs (``--cards FILE``), with the ability
    facts of ``data/abilities`` and the users' ability files (``--abilities FILE``). Cached."""
    base = Path(path) if path else data_dir() / "cards.csv"
    return _load(base, tuple(Path(p) for p in extra), tuple(Path(p) for p in abilities))


__all__ = ["Card", "CardDB", "card_to_row", "cards_from_csv_text", "load_cards", "read_card_csv",
           "BASE_COLUMNS", "TAIL_COLUMNS"]
