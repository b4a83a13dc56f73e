"""One card line of a pasted or saved deck list, read in time linear in its length.

The card lines players paste put the count in many places; all of these mean three copies::

    3 Гуль          3x Гуль        3 x Гуль       3 х Гуль (Cyrillic х)     3× Гуль
    Гуль x3         Гуль х3        Гуль ×3        Гуль - 3                  Гуль (3)

and ``[SET/NUMBER]`` at the end pins a printing (``1 Мертвяцкая бомбарда [20/159]``). The reader
walks the characters from both ends, with no regular expression, so its work is proportional to
the line; and lines longer than :data:`MAX_LINE_CHARS` are refused before they are looked at at
all (the longest card name has 22 characters). Only ASCII digits count: ``²`` or ``٣`` are not
numbers here. A count is checked by its number of digits before it is converted.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_LINE_CHARS = 200
"""Longest card line read; a longer one is reported without being parsed."""
MAX_COPIES_PER_LINE = 999
"""Most copies one line may give (the whole deck is bounded separately)."""

_MULTIPLIERS = frozenset("xXхХ×")
"""Count markers: Latin x, Cyrillic х, the multiplication sign."""
_DASHES = frozenset("-–—")


@dataclass(frozen=True)
class CardLine:
    """A card line split into its parts: ``count`` (None when the line has none), the name as
    written (may be empty when only a pin is given), and the pinned ``(set, number)`` if any."""

    count: int | None
    name: str
    pin: tuple[int, int] | None = None


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def checked_count(count: int | str) -> int | str:
    """A count of copies (an int, or ASCII digits) → the int, or the problem text when it is not
    between 1 and :data:`MAX_COPIES_PER_LINE`; a long digit string is not converted."""
    if isinstance(count, str):
        if len(count) > len(str(MAX_COPIES_PER_LINE)):
            shown = count if len(count) <= 12 else f"{count[:12]}… ({len(count):,} digits)"
            return f"count {shown} must be between 1 and {MAX_COPIES_PER_LINE}"
        count = int(count)
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        return f"count {count} must be between 1 and {MAX_COPIES_PER_LINE}"
    return count


def _strip_end(text: str) -> str:
    end = len(text)
    while end and text[end - 1].isspace():
        end -= 1
    return text[:end]


def _take_pin(text: str) -> tuple[tuple[int, int] | None, str, str | None]:
    """(pin, text before it, problem) for a trailing ``[SET/NUMBER]``; no bracket → (None, text, None)."""
    body = _strip_end(text)
    if not body.endswith("]"):
        return None, text, None
    start = body.rfind("[")
    if start < 0:
        return None, text, None
    inside = body[start + 1:-1]
    set_part, slash, number_part = inside.partition("/")
    set_part, number_part = set_part.strip(), number_part.strip()
    if (not slash or not set_part or not number_part or len(set_part) > 3 or len(number_part) > 4
            or not all(map(_is_digit, set_part)) or not all(map(_is_digit, number_part))):
        return None, text, f"expected a printing like [20/159] at the end, got [{inside[:20]}]"
    return (int(set_part), int(number_part)), body[:start], None


def _take_leading_count(text: str) -> tuple[str | None, str]:
    """(digits, rest) for ``3 NAME``, ``3x NAME``, ``3 x NAME``; (None, text) otherwise."""
    i = 0
    while i < len(text) and _is_digit(text[i]):
        i += 1
    if i == 0:
        return None, text
    j = i
    while j < len(text) and text[j].isspace():
        j += 1
    if j < len(text) and text[j] in _MULTIPLIERS and j + 1 < len(text) and text[j + 1].isspace():
        j += 1
        while j < len(text) and text[j].isspace():
            j += 1
    if j == i or not text[j - 1].isspace():
        return None, text  # digits glued to a word ("3Гуль", "10/1"): not a count
    return text[:i], text[j:]


def _take_trailing_count(text: str) -> tuple[str | None, str]:
    """(digits, rest) for ``NAME x3``, ``NAME х3``, ``NAME ×3``, ``NAME - 3``, ``NAME (3)``."""
    body = _strip_end(text)
    closing = body.endswith(")")
    end = len(body) - 1 if closing else len(body)
    if closing:
        while end and body[end - 1].isspace():
            end -= 1
    k = end
    while k and _is_digit(body[k - 1]):
        k -= 1
    if k == end:
        return None, text
    digits = body[k:end]
    while k and body[k - 1].isspace():
        k -= 1
    if k == 0:
        return None, text
    marker = body[k - 1]
    if closing:
        if marker != "(":
            return None, text
    elif marker not in _MULTIPLIERS and marker not in _DASHES:
        return None, text
    before = k - 1
    if before == 0 or not body[before - 1].isspace():
        return None, text  # the marker must stand apart from the name ("Гуль x3", not "Гульx3")
    return digits, body[:before]


def line_too_long(line: str) -> str:
    """The problem text for a line over :data:`MAX_LINE_CHARS`."""
    return (f"a card line of {len(line):,} characters is too long (at most {MAX_LINE_CHARS}); "
            "write one card per line")


def parse_card_line(line: str) -> CardLine | str:
    """A stripped card line → :class:`CardLine`, or the problem text (without the line number)."""
    if len(line) > MAX_LINE_CHARS:
        return line_too_long(line)
    pin, rest, problem = _take_pin(line)
    if problem:
        return problem
    lead, rest = _take_leading_count(rest)
    trail, rest_after = _take_trailing_count(rest)
    if lead is not None and trail is not None:
        return f"two counts ({lead} and {trail}) on one line; write it as '{lead} NAME'"
    if trail is not None:
        rest = rest_after
        if pin is None:
            pin, rest, problem = _take_pin(rest)
            if problem:
                return problem
    digits = lead if lead is not None else trail
    name = " ".join(rest.split())
    if not name and pin is None:
        return "no card name"
    if digits is None:
        return CardLine(None, name, pin)
    count = checked_count(digits)
    return count if isinstance(count, str) else CardLine(count, name, pin)


def split_id_line(line: str) -> tuple[str, str] | None:
    """``COUNT ID`` (a ``.brsd`` line) → the two ASCII digit strings, unconverted, or None when
    the line is not two such numbers (or is longer than :data:`MAX_LINE_CHARS`)."""
    if len(line) > MAX_LINE_CHARS:
        return None
    parts = line.split()
    if len(parts) != 2 or not all(p and all(map(_is_digit, p)) for p in parts):
        return None
    return parts[0], parts[1]


__all__ = ["MAX_COPIES_PER_LINE", "MAX_LINE_CHARS", "CardLine", "checked_count", "line_too_long",
           "parse_card_line", "split_id_line"]
