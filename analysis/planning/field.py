"""The field: the decks a player expects at a tournament, each with its expected share.

A field file is TOML with one ``[[deck]]`` table per deck::

    title = "Regional cup, spring"          # optional

    [[deck]]
    path = "../decks/tournament-01.txt"    # relative to this file; .txt, .brsd, .json or .nxt
    share = 0.25                          # expected share of the field (> 0)
    name = "Ковеноглина"                  # optional; default: the deck's title, else the file name

    [[deck]]
    code = "#YWhYeaYSd…"                  # or the berserk-nxt compact code instead of a path
    share = 0.75
    name = "Фарро"

A ``path`` (relative to the field file's folder, or absolute) must name a regular file with a deck
extension (:data:`DECK_EXTENSIONS`); a file that does not read as a deck is an error naming the file
and its lines, never quoting them (a field file shared by someone else may name any local file).

Shares must be positive (at most :data:`MAX_SHARE`); when they do not add up to 1 they are divided
by their sum and the field carries a note saying so. Every deck must be legal under the ruleset and
format the planner uses (RULES.md §2): a missing, unreadable or illegal deck is an error naming the
entry.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from analysis.cards.table import CardDB
from analysis.decks.deck import Deck, decode_deck_bytes, format_nxt, guess_format, parse_deck, parse_nxt
from analysis.decks.legality import check_deck
from analysis.rules import Ruleset
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.textnorm import terminal_text
from analysis.util.userfiles import parse_toml, read_user_bytes, read_user_text

MAX_FIELD_BYTES = 200_000
MAX_FIELD_DECKS = 64
"""A field of 64 decks is 2,016 pairs; more is not a tournament forecast any more."""
SHARE_TOLERANCE = 1e-9
MAX_SHARE = 1_000_000
"""Shares are relative (they are normalised), so no field needs a larger one; the bound keeps their
sum finite (two shares of 1e308 overflowed)."""
DECK_EXTENSIONS = (".txt", ".brsd", ".json", ".nxt")
"""What a field entry's ``path`` may name: a deck file, not any file."""
_LINE_NUMBER = re.compile(r"\bline (\d+)")
_DECK_KEYS = ("path", "code", "share", "name")


@dataclass(frozen=True)
class FieldDeck:
    """One deck of the field: display name, share (normalised, the shares add up to 1), the deck,
    and where it came from (the path as written, ``code`` for an inline code, or "")."""

    name: str
    share: float
    deck: Deck
    origin: str = ""


@dataclass(frozen=True)
class Field:
    """The expected field of a tournament. ``notes`` say what was adjusted (normalised shares)."""

    decks: tuple[FieldDeck, ...]
    title: str = ""
    source: str = "<field>"
    notes: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.decks)

    @property
    def shares(self) -> tuple[float, ...]:
        return tuple(d.share for d in self.decks)

    def deck(self, name: str) -> Deck:
        """The deck of the entry named ``name``."""
        for d in self.decks:
            if d.name == name:
                return d.deck
        raise BerserkInputError(f"the field has no deck named {name!r}; it has: {', '.join(self.names)}")

    def frame(self) -> pd.DataFrame:
        """One row per deck: name, share, cards, origin."""
        rows = [{"deck": d.name, "share": d.share, "cards": d.deck.size, "origin": d.origin}
                for d in self.decks]
        return pd.DataFrame(rows, columns=["deck", "share", "cards", "origin"])

    def to_dict(self) -> list[dict[str, Any]]:
        """The ``"field"`` list of the planner's JSON: ``[{"deck", "share"}]``."""
        return [{"deck": d.name, "share": round(d.share, 6)} for d in self.decks]


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _share_ok(share: Any) -> bool:
    if not _number(share):
        return False
    if isinstance(share, int):
        return 0 < share <= MAX_SHARE
    return math.isfinite(share) and 0 < share <= MAX_SHARE


def _normalise(shares: Sequence[float], source: str) -> tuple[list[float], list[str]]:
    total = math.fsum(shares)
    if abs(total - 1.0) <= SHARE_TOLERANCE:
        return list(shares), []
    note = f"{source}: the shares add up to {total:g}, not 1; each was divided by {total:g}"
    return [s / total for s in shares], [note]


def _check_legal(deck: Deck, label: str, rules: Ruleset, fmt: str) -> None:
    report = check_deck(deck, rules, fmt)
    if not report.legal:
        problems = "; ".join(p.message for p in report.problems)
        raise BerserkInputError(f"{label} is not legal under {rules.name} / {fmt}: {problems} "
                                "(see `berserk check`)")


def make_field(
    entries: Sequence[tuple[str, Deck, float]],
    rules: Ruleset | None = None,
    fmt: str = "constructed",
    title: str = "",
    source: str = "<field>",
) -> Field:
    """A field from ``(name, deck, share)`` triples, validated as a field file is: at least one deck,
    distinct names, shares > 0 (normalised with a note), and, given ``rules``, every deck legal."""
    if not entries:
        raise BerserkInputError(f"{source}: the field has no decks; add at least one [[deck]]")
    if len(entries) > MAX_FIELD_DECKS:
        raise BerserkInputError(f"{source}: {len(entries)} decks is too many for a field "
                                f"(at most {MAX_FIELD_DECKS})")
    seen: dict[str, int] = {}
    entries = [(terminal_text(name) if isinstance(name, str) else name, deck, share)
               for name, deck, share in entries]  # (a name is one line: ESC, line breaks shown escaped)
    title = terminal_text(title)
    for i, (name, deck, share) in enumerate(entries, start=1):
        label = f"{source}: deck {i} ({name!r})"
        if not name:
            raise BerserkInputError(f"{source}: deck {i} has no name")
        if name in seen:
            raise BerserkInputError(f"{source}: decks {seen[name]} and {i} are both named {name!r}; "
                                    "give one of them another 'name'")
        seen[name] = i
        if not _share_ok(share):
            shown = f"{share!r}" if not isinstance(share, int) or abs(share) < 10**15 else "a huge number"
            raise BerserkInputError(f"{label}: 'share' must be a number above 0 and at most {MAX_SHARE:,}, "
                                    f"got {shown}")
        if deck.size < 1:
            raise BerserkInputError(f"{label}: the deck has no cards")
        if rules is not None:
            _check_legal(deck, label, rules, fmt)
    shares, notes = _normalise([float(s) for _, _, s in entries], source)
    decks = tuple(FieldDeck(name, share, deck)
                  for (name, deck, _), share in zip(entries, shares, strict=True))
    return Field(decks, title, source, tuple(notes))


def equal_field(decks: Mapping[str, Deck], rules: Ruleset | None = None, fmt: str = "constructed") -> Field:
    """Every deck with the same share (e.g. the sample decks, to start a field from)."""
    return make_field([(name, deck, 1.0 / len(decks)) for name, deck in decks.items()] if decks else [],
                      rules, fmt, source="<equal field>")


def read_field(path: Path | str, db: CardDB, rules: Ruleset | None = None, fmt: str = "constructed") -> Field:
    """Read and validate a field file (module docstring); decks are read relative to its folder."""
    path = Path(path)
    source = str(path)
    text = read_user_text(path, "field", MAX_FIELD_BYTES)
    data = parse_toml(text, source)  # (deep nesting, 5,000-digit numbers: input errors)
    unknown = sorted(set(data) - {"title", "deck"})
    if unknown:
        raise BerserkInputError(f"{source}: unknown key {unknown[0]!r}; a field file has 'title' and "
                                "[[deck]] tables with path (or code), share and name")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise BerserkInputError(f"{source}: 'title' must be a string")
    tables = data.get("deck")
    if not isinstance(tables, list) or not tables or not all(isinstance(t, dict) for t in tables):
        raise BerserkInputError(f"{source}: no decks; list each deck as a [[deck]] table with 'path' and "
                                "'share'")
    if len(tables) > MAX_FIELD_DECKS:
        raise BerserkInputError(f"{source}: {len(tables)} decks is too many for a field "
                                f"(at most {MAX_FIELD_DECKS})")
    entries, origins = [], []
    for i, table in enumerate(tables, start=1):
        deck, origin, name = _read_entry(table, i, path, db)
        entries.append((name, deck, table.get("share")))
        origins.append(origin)
    field = make_field(entries, rules, fmt, title, source)
    decks = tuple(FieldDeck(d.name, d.share, d.deck, o) for d, o in zip(field.decks, origins, strict=True))
    return Field(decks, field.title, field.source, field.notes)


def sample_field_path() -> Path:
    """The sample decks that are legal under the current ban list as they were played, equal shares."""
    return data_dir() / "fields" / "sample-field.toml"


def current_field_path() -> Path:
    """The current field: the ten sample archetypes made legal under today's ban list (their banned
    cards replaced by the closest legal cards, :mod:`analysis.decks.legalize`), equal shares; where
    the Tournament page starts (``data/fields/README.md``)."""
    return data_dir() / "fields" / "current-field.toml"


def current_field_decks(db: CardDB) -> dict[str, tuple[Deck, float]]:
    """The current field's decks by id (a sample's file stem, or ``<stem>-legal`` for a sample's legal
    version) → (deck, share), in file order."""
    field = read_field(current_field_path(), db)
    out = {}
    for d in field.decks:
        stem = Path(d.origin).stem
        out[stem if d.origin.startswith("../decks/") else f"{stem}-legal"] = (d.deck, d.share)
    return out


def sample_field_shares(db: CardDB) -> dict[str, float]:
    """Sample deck (file stem, as in ``data/decks/``) → its share in the built-in field, in file order:
    where the dashboard's field editor starts."""
    field = read_field(sample_field_path(), db)
    return {Path(d.origin).stem: d.share for d in field.decks}


def _read_entry(table: dict[str, Any], i: int, path: Path, db: CardDB) -> tuple[Deck, str, str]:
    where = f"{path}: deck {i}"
    unknown = sorted(set(table) - set(_DECK_KEYS))
    if unknown:
        raise BerserkInputError(f"{where}: unknown key {unknown[0]!r}; use {', '.join(_DECK_KEYS)}")
    if "share" not in table:
        raise BerserkInputError(f"{where}: 'share' is missing (the deck's expected share of the field)")
    has_path, has_code = "path" in table, "code" in table
    if has_path == has_code:
        raise BerserkInputError(f"{where}: give either 'path' (a deck file) or 'code' (a compact deck code)")
    name = table.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise BerserkInputError(f"{where}: 'name' must be a non-empty string")
    if has_path:
        rel = table["path"]
        if not isinstance(rel, str) or not rel:
            raise BerserkInputError(f"{where}: 'path' must be a file name (relative to the field file)")
        where = f"{where} ({rel})"
        deck = _field_deck(path.parent / rel, db, where)
        default_name = deck.title or Path(rel).stem
        origin = rel
    else:
        code = table["code"]
        if not isinstance(code, str):
            raise BerserkInputError(f"{where}: 'code' must be a string like '#YAB…'")
        deck = parse_nxt(code, db, where)
        default_name = f"deck {i}"
        origin = "code"
    return deck, origin, (name.strip() if name else default_name)


def _field_deck(deck_path: Path, db: CardDB, where: str) -> Deck:
    """The deck file a field entry names: a regular file with a deck extension, read within the
    usual bound; when it does not read as a deck the error gives its line numbers, not its text."""
    if deck_path.suffix.lower() not in DECK_EXTENSIONS:
        raise BerserkInputError(f"{where}: 'path' must name a deck file ({', '.join(DECK_EXTENSIONS)}), "
                                f"not {deck_path.name!r}")
    try:
        data = read_user_bytes(deck_path, "deck")  # regular files only (its errors name the path only)
    except BerserkInputError as exc:
        raise BerserkInputError(f"{where}: {exc}") from None
    try:
        text = decode_deck_bytes(data, str(deck_path))
        return parse_deck(text, db, guess_format(deck_path.name, text), str(deck_path))
    except BerserkInputError as exc:
        lines = sorted({int(n) for n in _LINE_NUMBER.findall(str(exc))})
        at = f" (problems at line {', '.join(str(n) for n in lines[:10])})" if lines else ""
        raise BerserkInputError(f"{where}: {deck_path} does not read as a deck{at}; its content is not shown "
                                f"here: check the file with  berserk check {deck_path}") from None


def _toml_escape(ch: str) -> str:
    r"""A character TOML must not hold raw: ``\uXXXX``, or ``\UXXXXXXXX`` above U+FFFF (``\u`` takes
    exactly four digits, so ``\u1f600`` would be U+1F60 then a ``0``)."""
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(ch if ch.isprintable() else _toml_escape(ch) for ch in escaped) + '"'


def field_to_toml(field: Field) -> str:
    """The field as a self-contained field file: each deck as its compact code (no paths needed)."""
    lines = [f"title = {_toml_string(field.title)}", ""] if field.title else []
    for d in field.decks:
        lines += ["[[deck]]", f"name = {_toml_string(d.name)}", f"share = {d.share!r}",
                  f"code = {_toml_string(format_nxt(d.deck).strip())}", ""]
    return "\n".join(lines)


__all__ = ["Field", "FieldDeck", "equal_field", "field_to_toml", "make_field", "read_field",
           "sample_field_path", "sample_field_shares", "current_field_path", "current_field_decks"]
