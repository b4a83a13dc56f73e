"""The message catalogs (``app/locales/<lang>.toml``), readable from the library without Streamlit.

The dashboard (``app/i18n.py``) and the HTML report (``berserk report --lang``) word their texts
from the same catalogs, so a label reads the same on a page and in a report.

    >>> words = Catalog("ru")
    >>> words.t("report.title", name="Ковен"), words.tn("unit.cards", 3)
"""

from __future__ import annotations

import string
import tomllib
from functools import cache
from typing import Any

from analysis.util.errors import BerserkInputError
from analysis.util.paths import locales_dir

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = "ru"


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out |= _flatten(value, name + ".")
        else:
            out[name] = str(value)
    return out


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every message of a language by dotted key (``[deck]`` + ``title`` = ``deck.title``), read once."""
    if lang not in LANGUAGES:
        raise BerserkInputError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
    with open(locales_dir() / f"{lang}.toml", "rb") as handle:
        return _flatten(tomllib.load(handle))


class _Formatter(string.Formatter):
    """str.format, with Russian digit grouping (a narrow no-break space instead of ``,``)."""

    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        text = format(value, format_spec)
        if self.lang == "ru" and "," in format_spec:
            text = text.replace(",", "\u202f")
        return text


def fill(lang: str, template: str, /, **fmt: Any) -> str:
    """``template`` with its ``{fields}`` filled (any names, ``text`` too), numbers grouped the
    language's way."""
    return _Formatter(lang).format(template, **fmt) if fmt else template


def plural_form(n: int, lang: str) -> str:
    """``one``, ``few`` or ``many`` for the count ``n`` (Russian rules; English: one or many)."""
    n = abs(int(n))
    if lang != "ru":
        return "one" if n == 1 else "many"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


class Catalog:
    """The messages of one language: ``t(key, **fields)``, ``tn(key, n)`` and ``has(key)``."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE):
        self.lang = lang
        self.messages = catalog(lang)

    def t(self, key: str, /, **fmt: Any) -> str:
        try:
            text = self.messages[key]
        except KeyError:
            raise KeyError(f"message {key!r} is missing from app/locales/{self.lang}.toml") from None
        return fill(self.lang, text, **fmt)

    def tn(self, key: str, n: int, /, **fmt: Any) -> str:
        return self.t(f"{key}.{plural_form(n, self.lang)}", n=n, **fmt)

    def has(self, key: str) -> bool:
        return key in self.messages

    def word(self, prefix: str, value: object) -> str:
        """``prefix.value`` from the catalog when it has one, else the value as it is (data)."""
        key = f"{prefix}.{value}"
        return self.messages[key] if key in self.messages else str(value)


__all__ = ["Catalog", "DEFAULT_LANGUAGE", "LANGUAGES", "catalog", "fill", "plural_form"]
