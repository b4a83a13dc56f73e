"""The player's collection: which printings they own and how many, in berserk-nxt's format.

One ``ID COUNT`` pair per line, ID = set·1000 + collector number (the ids of ``.brsd`` files and of
``data/cards.csv``)::

    # my cards
    10185 3
    20159 1

Blank lines and ``#`` comments are ignored; a comma or semicolon may separate the two numbers; an
id listed twice adds up. A bad line, an unknown id or a count outside 0–999 is an error naming the
line. The copies owned bound the swaps the tuner proposes: it never adds more copies of a name
than the collection holds (copies already in the deck count as owned ones).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from analysis.cards.table import CardDB
from analysis.util.errors import BerserkInputError
from analysis.util.userfiles import read_user_text

MAX_COLLECTION_BYTES = 1_000_000
MAX_COPIES = 999
_LINE = re.compile(r"^(\d{1,9})\s*[,;\s]\s*(\d{1,9})$")


@dataclass(frozen=True)
class Collection:
    """Copies owned per printing id."""

    copies: Mapping[int, int]
    source: str = "<collection>"

    def owned_by_name(self, db: CardDB) -> dict[str, int]:
        """Copies owned per card name (:attr:`Card.key`), all printings together."""
        out: dict[str, int] = {}
        for card_id, n in self.copies.items():
            card = db.by_id(card_id)
            if card is not None and n > 0:
                out[card.key] = out.get(card.key, 0) + n
        return out


def parse_collection(text: str, db: CardDB, source: str = "<collection>") -> Collection:
    """Parse collection text (module docstring); every bad line is reported with its number."""
    copies: dict[int, int] = {}
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        match = _LINE.match(line)
        if not match:
            problems.append(f"line {number}: expected 'ID COUNT' (e.g. '10185 3'), got {line[:60]!r}")
            continue
        card_id, count = int(match.group(1)), int(match.group(2))
        if db.by_id(card_id) is None:
            problems.append(f"line {number}: no card with id {card_id} (set {card_id // 1000}, "
                            f"number {card_id % 1000})")
            continue
        if count > MAX_COPIES:
            problems.append(f"line {number}: count {count} is above {MAX_COPIES}")
            continue
        copies[card_id] = copies.get(card_id, 0) + count
    if problems:
        shown = "\n  ".join(problems[:10])
        more = f"\n  … and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise BerserkInputError(f"{source}: {len(problems)} problem(s) in the collection:\n  {shown}{more}")
    if not any(copies.values()):
        raise BerserkInputError(f"{source}: the collection lists no cards; expected lines like '10185 3'")
    return Collection(copies, source)


def read_collection(path: Path | str, db: CardDB) -> Collection:
    """Read a collection file (UTF-8, at most 1 MB)."""
    path = Path(path)
    return parse_collection(read_user_text(path, "collection", MAX_COLLECTION_BYTES), db, str(path))


__all__ = ["Collection", "parse_collection", "read_collection"]
