"""Decks and their file formats: ProBerserk text, berserk-nxt ``.brsd``, and JSON.

ProBerserk text (``.txt``)::

    # Deck title
    3 Смотрящий в ночь
    2x Инзела
    1 x Эллион
    1 Мертвяцкая бомбарда [20/159]

``#`` lines are the title (the first) and comments. ``COUNT NAME``, ``COUNTx NAME`` and
``COUNT x NAME`` are accepted, and so are the count-last lines players paste (``NAME x3``,
``NAME х3``, ``NAME ×3``, ``NAME - 3``, ``NAME (3)``; :mod:`analysis.decks.lines`). A
``[SET/NUMBER]`` suffix pins a printing other than the newest; the writer adds it only when
needed, so name-only lists round-trip unchanged.

``.brsd`` (berserk-nxt): ``#Title`` then ``COUNT ID`` lines, ID = set_id·1000 + number.
JSON: ``{"title": str, "notes": [str], "cards": [{"count", "name", "set_id", "number"}]}``.
``.nxt``: one berserk-nxt compact deck code (:mod:`analysis.decks.code`); it carries no title.

Bounds, checked before anything is allocated per card: a file of at most :data:`MAX_DECK_BYTES`,
card lines of at most :data:`~analysis.decks.lines.MAX_LINE_CHARS` characters, 1 to
:data:`~analysis.decks.lines.MAX_COPIES_PER_LINE` copies per line, and a deck of at most
:data:`MAX_DECK_CARDS` cards in all. Closest-name suggestions are computed for the first
:data:`SUGGESTED_PROBLEMS` problems only (they are all that is shown).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from analysis.cards.table import Card, CardDB
from analysis.decks.code import decode_entries, encode_entries, looks_like_code
from analysis.decks.lines import (
    MAX_COPIES_PER_LINE,
    MAX_LINE_CHARS,
    checked_count,
    line_too_long,
    parse_card_line,
    split_id_line,
)
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.textnorm import normalize_name, terminal_text
from analysis.util.userfiles import parse_json, read_user_bytes

MAX_DECK_BYTES = 256_000
MAX_DECK_CARDS = 500
"""Most cards a deck may have: ten times the largest deck any ruleset allows (50). Dealing
allocates per deck card, so the bound is checked before any deal, squad or matchup."""
SUGGESTED_PROBLEMS = 10
"""Problems shown in full (with closest names); the rest are counted."""
DECK_FORMATS = ("txt", "brsd", "json", "nxt")


@dataclass(frozen=True)
class DeckEntry:
    card: Card
    count: int


@dataclass(frozen=True)
class Deck:
    """A deck: a title, free comment lines, and (printing, count) entries in file order."""

    title: str
    entries: tuple[DeckEntry, ...]
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # A title is one line of text: control characters (ESC sequences, line breaks, bidi
        # overrides) are kept as visible escapes, so no output (terminal, CSV, page) obeys them.
        if not self.title.isprintable():
            object.__setattr__(self, "title", terminal_text(self.title))

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return sum(e.count for e in self.entries)

    def cards(self) -> list[Card]:
        """Every card of the deck, one element per copy (what gets shuffled and dealt)."""
        return [e.card for e in self.entries for _ in range(e.count)]

    def counts_by_name(self) -> dict[str, int]:
        """Copies per card name (the normalised key), summing printings of the same name."""
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.card.key] = out.get(e.card.key, 0) + e.count
        return out

    def with_counts(self, counts: Iterable[tuple[Card, int]]) -> Deck:
        """A copy with other entries (counts ≤ 0 dropped); the title and notes are kept."""
        return Deck(self.title, _merge_entries(counts), self.notes)


def _merge_entries(items: Iterable[tuple[Card, int]]) -> tuple[DeckEntry, ...]:
    merged: dict[int, list] = {}
    for card, count in items:
        if card.id in merged:
            merged[card.id][1] += count
        else:
            merged[card.id] = [card, count]
    return tuple(DeckEntry(c, n) for c, n in merged.values() if n > 0)


def _too_many_problems(source: str, problems: list[str]) -> BerserkInputError:
    shown = "\n  ".join(problems[:SUGGESTED_PROBLEMS])
    more = (f"\n  … and {len(problems) - SUGGESTED_PROBLEMS:,} more"
            if len(problems) > SUGGESTED_PROBLEMS else "")
    return BerserkInputError(f"{source}: {len(problems):,} problem(s) in the deck:\n  {shown}{more}")


def check_deck_size(cards: int, source: str) -> None:
    """An input error when a deck of ``cards`` cards is above :data:`MAX_DECK_CARDS`."""
    if cards > MAX_DECK_CARDS:
        raise BerserkInputError(
            f"{source}: a deck of {cards:,} cards is too large to analyse; at most {MAX_DECK_CARDS:,} "
            "(the largest legal deck has 50)")


def _build(source: str, title: str, items: list[tuple[Card, int]], notes: tuple[str, ...]) -> Deck:
    """The deck of parsed items, once its size is known to be within :data:`MAX_DECK_CARDS`."""
    check_deck_size(sum(count for _, count in items), source)
    return Deck(title, _merge_entries(items), notes)


def _resolve(db: CardDB, name: str, code: tuple[int, int] | None, where: str,
             suggest: bool = True) -> Card | str:
    """A card, or the problem text for that line (closest names only when ``suggest``)."""
    if code is not None:
        card = db.by_id(code[0] * 1000 + code[1]) if code[1] < 1000 else None
        if card is None:
            return f"{where}: no card {code[0]}/{code[1]}"
        if name and card.key != normalize_name(name):
            return f"{where}: {code[0]}/{code[1]} is {card.name!r}, not {name!r}"
        return card
    try:
        return db.find(name, suggest=suggest)
    except BerserkInputError as exc:
        return f"{where}: {exc}"


LineReader = Callable[[str, str, bool], "tuple[Card, int] | str"]
"""Reads one card line (text, "line N", whether to suggest names) into (card, count), or returns
the problem text."""


def _parse_lines(text: str, source: str, read_line: LineReader, example: str) -> Deck:
    """The line-based formats: ``#`` lines are the title (the first) and notes, the rest card lines.

    Every bad line is collected, so one error names all of them with their line numbers; closest
    names are looked for only while fewer than :data:`SUGGESTED_PROBLEMS` problems are known.
    """
    title, notes, items, problems = "", [], [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith("#"):
            comment = line[1:].strip()
            if not title and not items and not notes:
                title = comment
            else:
                notes.append(comment)
            continue
        if len(line) > MAX_LINE_CHARS:  # before any parsing, whatever the format
            problems.append(f"line {number}: {line_too_long(line)}")
            continue
        read = read_line(line, f"line {number}", len(problems) < SUGGESTED_PROBLEMS)
        if isinstance(read, str):
            problems.append(read)
        else:
            items.append(read)
    if problems:
        raise _too_many_problems(source, problems)
    if not items:
        raise BerserkInputError(f"{source}: no cards found; expected lines like {example!r}")
    return _build(source, title, items, tuple(notes))


def parse_deck_text(text: str, db: CardDB, source: str = "<text>") -> Deck:
    """Parse the ProBerserk text format (any count spelling of :mod:`analysis.decks.lines`); every
    bad line is reported with its number."""

    def read_line(line: str, where: str, suggest: bool) -> tuple[Card, int] | str:
        parsed = parse_card_line(line)
        if isinstance(parsed, str):
            return f"{where}: {parsed}"
        if parsed.count is None:
            return f"{where}: expected 'COUNT NAME' (e.g. '3 Гуль' or 'Гуль x3'), got {line[:60]!r}"
        card = _resolve(db, parsed.name, parsed.pin, where, suggest)
        return card if isinstance(card, str) else (card, parsed.count)

    return _parse_lines(text, source, read_line, "3 Гуль")


def parse_brsd(text: str, db: CardDB, source: str = "<brsd>") -> Deck:
    """Parse berserk-nxt's ``.brsd``: ``#Title`` then ``COUNT ID`` lines."""

    def read_line(line: str, where: str, suggest: bool) -> tuple[Card, int] | str:
        parts = split_id_line(line)
        if parts is None:
            return f"{where}: expected 'COUNT ID' (e.g. '3 10185'), got {line[:60]!r}"
        count = checked_count(parts[0])
        if isinstance(count, str):
            return f"{where}: {count}"
        card = db.by_id(int(parts[1])) if len(parts[1]) <= 6 else None
        if card is None:
            card_id = parts[1] if len(parts[1]) <= 12 else f"{parts[1][:12]}…"
            return f"{where}: no card with id {card_id} (ID = set × 1000 + number, e.g. 10185)"
        return card, count

    return _parse_lines(text, source, read_line, "3 10185")


def parse_deck_json(text: str, db: CardDB, source: str = "<json>") -> Deck:
    """Parse the JSON form written by :func:`format_deck_json`."""
    data = parse_json(text, source)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise BerserkInputError(f"{source}: expected an object with a 'cards' list")
    title = data.get("title", "")
    notes = data.get("notes", [])
    if (
        not isinstance(title, str)
        or not isinstance(notes, list)
        or not all(isinstance(n, str) for n in notes)
    ):
        raise BerserkInputError(f"{source}: 'title' must be a string and 'notes' a list of strings")
    items, problems = [], []
    for index, entry in enumerate(data["cards"]):
        where = f"cards[{index}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected an object with 'count' and 'name'")
            continue
        count, name = entry.get("count"), entry.get("name")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COPIES_PER_LINE:
            problems.append(f"{where}: 'count' must be a whole number from 1 to {MAX_COPIES_PER_LINE}")
            continue
        if not isinstance(name, str):
            problems.append(f"{where}: 'name' must be a string")
            continue
        set_id, num = entry.get("set_id"), entry.get("number")
        code = None
        if _is_plain_int(set_id) and _is_plain_int(num):
            code = (set_id, num)
        elif any(v is not None and not _is_plain_int(v) for v in (set_id, num)):
            problems.append(f"{where}: 'set_id' and 'number' must be whole numbers from 0 to 999")
            continue
        card = _resolve(db, name, code, where, len(problems) < SUGGESTED_PROBLEMS)
        if isinstance(card, str):
            problems.append(card)
        else:
            items.append((card, count))
    if problems:
        raise _too_many_problems(source, problems)
    if not items:
        raise BerserkInputError(f"{source}: the 'cards' list is empty")
    return _build(source, title, items, tuple(notes))


def _is_plain_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1000


def parse_nxt(text: str, db: CardDB, source: str = "<nxt>") -> Deck:
    """Parse a berserk-nxt compact deck code (``#`` lines of the file other than the code are
    ignored only if they cannot be a code; the file holds one code)."""
    body = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(body) != 1:
        raise BerserkInputError(f"{source}: expected one deck code (like '#YAB…'), found {len(body)} lines")
    items = decode_entries(body[0], db, source)
    check_deck_size(sum(count for _, count in items), source)
    for card, count in items:
        problem = checked_count(count)
        if isinstance(problem, str):
            raise BerserkInputError(f"{source}: {card.label()}: {problem}")
    return _build(source, "", items, ())


def format_nxt(deck: Deck) -> str:
    """The deck as one compact code line (title and notes are not part of the format)."""
    return encode_entries((e.card, e.count) for e in deck.entries) + "\n"


def format_deck_text(deck: Deck, db: CardDB | None = None) -> str:
    """ProBerserk text; a ``[SET/NUM]`` suffix marks printings a bare name would not give."""
    lines = [f"# {deck.title}"] if deck.title or deck.notes else []
    lines += [f"# {n}" for n in deck.notes]
    for e in deck.entries:
        pinned = db is None or db.default_printing(e.card).id != e.card.id
        suffix = f" [{e.card.code}]" if pinned else ""
        lines.append(f"{e.count} {e.card.name}{suffix}")
    return "\n".join(lines) + "\n"


def format_brsd(deck: Deck) -> str:
    """berserk-nxt ``.brsd`` text."""
    lines = [f"#{deck.title}"] + [f"#{n}" for n in deck.notes]
    lines += [f"{e.count} {e.card.id}" for e in deck.entries]
    return "\n".join(lines) + "\n"


def format_deck_json(deck: Deck) -> str:
    """The JSON form (UTF-8, names kept readable)."""
    data = {
        "title": deck.title,
        "notes": list(deck.notes),
        "cards": [
            {"count": e.count, "name": e.card.name, "set_id": e.card.set_id, "number": e.card.number}
            for e in deck.entries
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def decode_deck_bytes(data: bytes, source: str) -> str:
    """Bytes of an uploaded or read deck file → text; size, binary and encoding checked."""
    if len(data) > MAX_DECK_BYTES:
        raise BerserkInputError(
            f"{source}: {len(data):,} bytes is too large for a deck file (limit {MAX_DECK_BYTES:,})"
        )
    if b"\x00" in data:
        raise BerserkInputError(f"{source}: looks like a binary file, not a deck list")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    text = data.decode("cp1251", errors="strict") if _looks_cp1251(data) else None
    if text is None:
        raise BerserkInputError(f"{source}: not UTF-8 text; save the deck list as UTF-8")
    return text


def _looks_cp1251(data: bytes) -> bool:
    try:
        text = data.decode("cp1251")
    except UnicodeDecodeError:
        return False
    letters = sum(1 for ch in text if ch.isalpha())
    cyrillic = sum(1 for ch in text if "а" <= ch.lower() <= "я" or ch in "ёЁ")
    return letters > 0 and cyrillic / letters > 0.5


def guess_format(name: str, text: str) -> str:
    """``txt``, ``brsd`` or ``json`` from the file name, else from the content."""
    suffix = Path(name).suffix.lower().lstrip(".")
    if suffix in DECK_FORMATS:
        return suffix
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{"):
        return "json"
    if looks_like_code(stripped):
        return "nxt"
    body = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if body and all((parts := split_id_line(ln)) and len(parts[1]) >= 4 for ln in body):
        return "brsd"
    return "txt"


def parse_deck(text: str, db: CardDB, fmt: str = "txt", source: str = "<text>") -> Deck:
    """Parse deck text in one of :data:`DECK_FORMATS`."""
    parsers = {"txt": parse_deck_text, "brsd": parse_brsd, "json": parse_deck_json, "nxt": parse_nxt}
    if fmt not in parsers:
        raise BerserkInputError(f"unknown deck format {fmt!r}; use one of {', '.join(DECK_FORMATS)}")
    return parsers[fmt](text, db, source)


def read_deck(path: Path | str, db: CardDB, fmt: str | None = None) -> Deck:
    """Read a deck file; the format comes from the extension or the content."""
    path = Path(path)
    data = read_user_bytes(path, "deck")
    text = decode_deck_bytes(data, str(path))
    return parse_deck(text, db, fmt or guess_format(path.name, text), str(path))


def format_deck(deck: Deck, fmt: str, db: CardDB | None = None) -> str:
    """Deck text in one of :data:`DECK_FORMATS`."""
    if fmt == "txt":
        return format_deck_text(deck, db)
    if fmt == "brsd":
        return format_brsd(deck)
    if fmt == "json":
        return format_deck_json(deck)
    if fmt == "nxt":
        return format_nxt(deck)
    raise BerserkInputError(f"unknown deck format {fmt!r}; use one of {', '.join(DECK_FORMATS)}")


def write_deck(deck: Deck, path: Path | str, db: CardDB | None = None, fmt: str | None = None) -> None:
    """Write a deck atomically; the format comes from the extension unless given."""
    path = Path(path)
    fmt = fmt or (
        path.suffix.lower().lstrip(".") if path.suffix.lower().lstrip(".") in DECK_FORMATS else "txt"
    )
    write_text_atomic(path, format_deck(deck, fmt, db))


def sample_deck_paths() -> list[Path]:
    """The built-in sample decks (``data/decks``)."""
    return sorted((data_dir() / "decks").glob("*.txt"))
