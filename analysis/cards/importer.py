"""Build the product's card table ``data/cards.csv`` from the source facts ``data/cards_raw.json``.

Rerunnable and deterministic: the same JSON always gives the same CSV, byte for byte.
Run it with ``berserk import-cards`` (or ``python -m analysis.cards.importer``).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from analysis.cards.schema import CARD_TYPES, card_columns, element_bits, keywords, set_names
from analysis.cards.table import cards_from_csv_text
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.userfiles import parse_json, read_user_text

NEUTRAL_BIT = 32


def _elements(mask: int) -> str:
    bits = element_bits()
    return "|".join(bits[b] for b in sorted(bits) if b != NEUTRAL_BIT and mask & b)


def _flag(value: Any) -> str:
    return "true" if value else "false"


MAX_RAW_BYTES = 50_000_000
"""Largest raw card file read (the built-in one has 0.4 MB)."""

_REQUIRED = {"set_id": int, "number": int, "name": str, "type": int, "cost": int, "color": int}
_OPTIONAL = {"rarity": int, "life": int, "move": int, "hit": list, "icons": dict, "class": list}


def _check_raw(raw: Any, index: int) -> None:
    """The raw facts a row is built from have the types the import needs; an input error naming
    the card (its position and name) and the key otherwise."""
    if not isinstance(raw, dict):
        raise BerserkInputError(f"card #{index + 1}: expected an object with the card's facts, "
                                f"got {type(raw).__name__}")
    label = f"card #{index + 1}" + (f" {raw['name']!r}" if isinstance(raw.get("name"), str) else "")

    def fail(key: str, expected: str) -> BerserkInputError:
        return BerserkInputError(f"{label}: key {key!r} must be {expected}, got {raw.get(key)!r:.60}")

    for key in _REQUIRED:
        if key not in raw:
            raise BerserkInputError(f"{label}: key {key!r} is missing")
    for key, kind in (*_REQUIRED.items(), *_OPTIONAL.items()):
        value = raw.get(key)
        if value is None and key in _OPTIONAL:
            continue
        if kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise fail(key, "a whole number ≥ 0")
        if kind is not int and not isinstance(value, kind):
            raise fail(key, f"a {'string' if kind is str else kind.__name__}")
    if not raw["name"].strip():
        raise fail("name", "a card name")
    if raw["type"] >= len(CARD_TYPES):
        raise fail("type", f"a type code from 0 to {len(CARD_TYPES) - 1}")
    hit = raw.get("hit")
    if hit is not None and (len(hit) != 3 or not all(isinstance(h, int) and not isinstance(h, bool)
                                                      for h in hit)):
        raise fail("hit", "three whole numbers [weak, medium, strong]")
    if not all(isinstance(c, str) for c in raw.get("class") or []):
        raise fail("class", "a list of class names")
    icons = raw.get("icons") or {}
    if not all(isinstance(v, (int, type(None))) and not isinstance(v, bool) for v in icons.values()):
        raise fail("icons", "keyword codes with whole-number values")


def raw_card_to_row(raw: dict[str, Any]) -> dict[str, str]:
    """One raw printing → one row of the card table (all values as CSV text)."""
    card_type = CARD_TYPES[int(raw["type"])]
    hit = raw.get("hit")
    life = raw.get("life")
    icons = raw.get("icons") or {}
    row: dict[str, str] = {
        "id": str(int(raw["set_id"]) * 1000 + int(raw["number"])),
        "set_id": str(raw["set_id"]),
        "set_name": set_names().get(int(raw["set_id"]), ""),
        "number": str(raw["number"]),
        "name": raw["name"].strip(),
        "rarity": str(raw.get("rarity") or ""),
        "elements": _elements(int(raw["color"])),
        "type": card_type,
        "cost": str(raw["cost"]),
        "elite": _flag(raw.get("elite")),
        "unique": _flag(raw.get("uniq")),
        "life": "" if life is None else str(life),
        "move": str(raw.get("move") or 0),
        "strike_weak": "" if hit is None else str(hit[0]),
        "strike_medium": "" if hit is None else str(hit[1]),
        "strike_strong": "" if hit is None else str(hit[2]),
        "horde": _flag(raw.get("horde")),
        "banned": _flag(raw.get("ban")),
        "classes": "|".join(c for c in raw.get("class") or [] if c),
    }
    for kw in keywords():
        if kw.code not in icons:
            row[kw.column] = "0"
        elif kw.kind == "number":
            row[kw.column] = str(int(icons[kw.code] or 0))
        else:
            row[kw.column] = "1"  # a flag's presence is what counts (value 0 or 1 both occur)
    unknown = set(icons) - {kw.code for kw in keywords()}
    if unknown:
        raise BerserkInputError(
            f"card {row['id']} {row['name']!r} has keyword codes {sorted(unknown)} "
            "missing from data/keywords.csv; add them there first"
        )
    missing = []
    needs_life = card_type in ("creature", "flyer", "companion", "parasite", "artifact")
    if needs_life and life is None:
        missing.append("life")
    if card_type in ("creature", "flyer", "companion", "parasite") and hit is None:
        missing.append("strike")
    row["missing"] = "|".join(missing)
    row["complete"] = _flag(not missing)
    return row


def build_card_table(raw_path: Path | None = None) -> str:
    """The CSV text of the card table built from the raw JSON, validated with the loader's own
    schema (:func:`analysis.cards.table.cards_from_csv_text`) before it is returned: a table this
    returns is one every command can load."""
    raw_path = Path(raw_path) if raw_path else data_dir() / "cards_raw.json"
    source = str(raw_path)
    raw_cards = parse_json(read_user_text(raw_path, "raw card", MAX_RAW_BYTES), source)
    if not isinstance(raw_cards, list) or not raw_cards:
        raise BerserkInputError(f"{source}: expected a non-empty JSON list of cards")
    rows = []
    for index, raw in enumerate(raw_cards):
        try:
            _check_raw(raw, index)
            rows.append(raw_card_to_row(raw))
        except BerserkInputError as exc:
            raise BerserkInputError(f"{source}: {exc}") from None
    rows.sort(key=lambda r: int(r["id"]))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(card_columns()), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    text = out.getvalue()
    try:
        cards_from_csv_text(text, "the built table")
    except BerserkInputError as exc:
        raise BerserkInputError(f"{source}: the raw cards do not make a valid card table, so nothing "
                                f"was written: {exc}") from None
    return text


def import_cards(raw_path: Path | None = None, out_path: Path | None = None) -> Path:
    """Rebuild ``data/cards.csv`` (atomically, only once the whole table is valid) and return its path."""
    out_path = out_path or data_dir() / "cards.csv"
    write_text_atomic(out_path, build_card_table(raw_path))
    return out_path


if __name__ == "__main__":
    print(import_cards())
