"""berserk-nxt's compact deck code: a whole deck in one short string, for links and chat.

The code is ``#`` followed by groups of three characters over the URL-safe alphabet
``A–Z a–z 0–9 - _`` (6 bits each, the first character most significant). A group holds 18 bits::

    copies (3 bits) · 2^15  +  set index (7 bits) · 2^8  +  collector number (8 bits)

The set index is the position of the set id among the known set ids in ascending order
(10 → 0, 20 → 1, 21 → 2, 22 → 3, 30 → 4, 40 → 5, 50 → 6, 60 → 7; ``data/sets.csv``). A printing
with more than 7 copies takes several groups; decoding adds them up. The code carries no title.

    >>> from analysis.cards.table import load_cards
    >>> db = load_cards()
    >>> encode_entries([(db.find("10/1"), 3)])
    '#YAB'
    >>> [(c.code, n) for c, n in decode_entries("#YAB", db)]
    [('10/1', 3)]
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from functools import lru_cache

from analysis.cards.table import Card, CardDB
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
MAX_CODE_CHARS = 3 * 2_000
"""A code longer than this (2,000 groups) is refused before decoding."""
_SHAPE = re.compile(r"^#?[A-Za-z0-9_-]*$")


@lru_cache(maxsize=1)
def set_ids() -> tuple[int, ...]:
    """The known set ids in ascending order (their positions are the codes' set indexes)."""
    with open(data_dir() / "sets.csv", encoding="utf-8", newline="") as handle:
        return tuple(sorted(int(row["set_id"]) for row in csv.DictReader(handle)))


def _group(copies: int, card: Card) -> str:
    ids = set_ids()
    if card.set_id not in ids:
        raise BerserkInputError(
            f"{card.label()}: set {card.set_id} has no index in the compact deck code "
            f"(known sets: {', '.join(map(str, ids))})"
        )
    if not 0 <= card.number <= 255:
        raise BerserkInputError(f"{card.label()}: collector number above 255 cannot be written as a code")
    value = copies << 15 | ids.index(card.set_id) << 8 | card.number
    return ALPHABET[value >> 12 & 63] + ALPHABET[value >> 6 & 63] + ALPHABET[value & 63]


def encode_entries(entries: Iterable[tuple[Card, int]]) -> str:
    """The compact code of (printing, copies) pairs, in the given order."""
    out = ["#"]
    for card, count in entries:
        while count > 0:
            chunk = min(count, 7)
            out.append(_group(chunk, card))
            count -= chunk
    return "".join(out)


def decode_entries(code: str, db: CardDB, source: str = "<code>") -> list[tuple[Card, int]]:
    """(printing, copies) pairs of a compact code, groups of the same printing added up, in the
    order of their first group. A malformed code is an input error that says what is wrong."""
    text = code.strip()
    if len(text) > MAX_CODE_CHARS + 1:
        raise BerserkInputError(f"{source}: deck code of {len(text):,} characters is too long "
                                f"(at most {MAX_CODE_CHARS:,})")
    if not _SHAPE.match(text):
        rest = text[1:] if text.startswith("#") else text  # one leading '#' only ("##YAB": the second is bad)
        bad = next((ch for ch in rest if ch not in _VALUE), "#")
        raise BerserkInputError(f"{source}: deck code has the character {bad!r}; a code is '#' followed "
                                "by letters A-Z a-z, digits, '-' and '_'")
    body = text[1:] if text.startswith("#") else text
    if not body:
        raise BerserkInputError(f"{source}: the deck code is empty")
    if len(body) % 3:
        raise BerserkInputError(f"{source}: deck code length {len(body)} is not a multiple of 3 "
                                "(each card is three characters); was it cut off?")
    ids = set_ids()
    counts: dict[int, list] = {}
    problems = []
    for start in range(0, len(body), 3):
        a, b, c = (_VALUE[ch] for ch in body[start:start + 3])
        value = a << 12 | b << 6 | c
        copies, set_index, number = value >> 15, value >> 8 & 127, value & 255
        where = f"group {start // 3 + 1} ({body[start:start + 3]!r})"
        if copies == 0:
            problems.append(f"{where}: zero copies")
            continue
        if set_index >= len(ids):
            problems.append(f"{where}: set index {set_index} is unknown (0-{len(ids) - 1})")
            continue
        card = db.by_id(ids[set_index] * 1000 + number)
        if card is None:
            problems.append(f"{where}: no card {ids[set_index]}/{number}")
            continue
        if card.id in counts:
            counts[card.id][1] += copies
        else:
            counts[card.id] = [card, copies]
    if problems:
        shown = "; ".join(problems[:5]) + (f"; … and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise BerserkInputError(f"{source}: bad deck code: {shown}")
    return [(card, n) for card, n in counts.values()]


def looks_like_code(text: str) -> bool:
    """Whether a pasted text is a compact code rather than a deck list (one token, ``#`` first)."""
    stripped = text.strip()
    return (stripped.startswith("#") and len(stripped) >= 4 and (len(stripped) - 1) % 3 == 0
            and bool(_SHAPE.match(stripped)))


__all__ = ["ALPHABET", "decode_entries", "encode_entries", "looks_like_code", "set_ids"]
