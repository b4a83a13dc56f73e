"""Build the product's card table ``data/cards.csv`` from the source facts ``data/cards_raw.json``.

Rerunnable and deterministic: the same JSON always gives the same CSV, byte for byte.
Run it with ``berserk import-cards`` (or ``python -m analysis.card_import``).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from analysis.atomic import write_text_atomic
from analysis.errors import BerserkInputError
from analysis.paths import data_dir
from analysis.schema import CARD_TYPES, card_columns, element_bits, keywords, set_names

NEUTRAL_BIT = 32


def _elements(mask: int) -> str:
    bits = element_bits()
    return "|".join(bits[b] for b in sorted(bits) if b != NEUTRAL_BIT and mask & b)


def _flag(value: Any) -> str:
    return "true" if value else "false"


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
    """The CSV text of the card table built from the raw JSON."""
    raw_path = raw_path or data_dir() / "cards_raw.json"
    try:
        raw_cards = json.loads(raw_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise BerserkInputError(f"{raw_path}: cannot read the raw card file: {exc}") from exc
    rows = sorted((raw_card_to_row(c) for c in raw_cards), key=lambda r: int(r["id"]))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(card_columns()), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def import_cards(raw_path: Path | None = None, out_path: Path | None = None) -> Path:
    """Rebuild ``data/cards.csv`` (atomically) and return its path."""
    out_path = out_path or data_dir() / "cards.csv"
    write_text_atomic(out_path, build_card_table(raw_path))
    return out_path


if __name__ == "__main__":
    print(import_cards())
