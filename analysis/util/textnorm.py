"""Card-name normalisation and close-name suggestions, and user text made safe to show.

Copies are counted by name (000 glossary "Copy"), compared case-insensitively with ё = е and
every apostrophe variant folded to ``'`` (cards_raw README).

Text from users (deck titles, file names, field and card names) is shown literally: on the dashboard
through :func:`inert_markup` wherever Markdown or HTML is rendered, on a terminal through
:func:`terminal_text` (no escape sequences or line breaks of its own).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

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


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """:func:`normalize_name`, cached: for the few hundred class and card names the recruiter and
    the battle compare in their inner loops."""
    return normalize_name(name)


def closest_names(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """Up to ``n`` candidate names closest to ``name`` (best first), for "did you mean" hints."""
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(normalize_name(candidate), candidate)
    keys = difflib.get_close_matches(normalize_name(name), list(by_key), n=n, cutoff=0.0)
    return [by_key[k] for k in keys]


_MARKUP = {ord(c): f"&#{ord(c)};" for c in "\\`*_[]<>&|~$"}
"""The characters Markdown (emphasis, code, links and images, tables, Streamlit's ``$`` formulas
and ``:colour[…]`` directives) or HTML (tags, entities) read as syntax anywhere in a line, as numeric
character references: a reference is decoded to the same character both in Markdown text and in
raw HTML, so one form is safe in either (and the rest of the text stays as it is)."""
_BLOCK_START = re.compile(r"^(\s*)(\d+(?=[.)])|[#>+=-])")
"""What starts a heading, quote, list or rule at the start of a line."""


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch not in "\u200d"


def inert_markup(text: str) -> str:
    """``text`` to put inside Markdown or HTML so that it shows exactly as written, never as markup:
    the syntax characters as character references (a leading ``#``, ``-``, ``1.`` … too), line breaks
    and other control characters as spaces.

    >>> inert_markup("![t] <b>")
    '!&#91;t&#93; &#60;b&#62;'
    >>> inert_markup("# big")
    '&#35; big'
    """
    cleaned = "".join(" " if _is_control(ch) else ch for ch in str(text)).translate(_MARKUP)
    return _BLOCK_START.sub(lambda m: m.group(1) + "".join(f"&#{ord(c)};" for c in m.group(2)), cleaned)


def terminal_text(text: str) -> str:
    """``text`` for one line of a terminal: control characters (ESC, carriage return, line breaks,
    bidirectional overrides …) shown as ``\\xNN`` / ``\\uNNNN`` escapes, so a deck name cannot move the
    cursor, recolour the terminal or forge a line.

    >>> terminal_text("a\\x1b[31mb\\nc")
    'a\\\\x1b[31mb\\\\nc'
    """
    out = []
    for ch in str(text):
        if ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append(" ")
        elif _is_control(ch):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code <= 0xFFFF
                       else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP "CSV injection")."""


def spreadsheet_cell(text: str) -> str:
    """A text cell for a CSV file a spreadsheet may open: one starting like a formula gets a
    leading ``'`` (shown as text; :func:`from_spreadsheet_cell` takes it off again).

    >>> spreadsheet_cell("=HYPERLINK(1)"), spreadsheet_cell("Ковен")
    ("'=HYPERLINK(1)", 'Ковен')
    """
    return "'" + text if text.startswith(_FORMULA_START) or text.startswith("'") else text


def from_spreadsheet_cell(text: str) -> str:
    """The text :func:`spreadsheet_cell` was given."""
    return text[1:] if text.startswith("'") else text
