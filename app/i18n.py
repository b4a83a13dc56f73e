"""The dashboard's words: one message catalog per language, ``app/locales/<lang>.toml``.

    >>> t("deck.title")                     # "Колода" (Russian is the default)
    >>> t("deals.done", trials=5000, seed=1)  # placeholders are str.format fields
    >>> tn("unit.cards", 3)                 # "3 карты": plural forms one / few / many

Every text a page shows comes from here; the library and the command line stay English. The
language is Russian unless the sidebar switch or the URL (``?lang=en``) says otherwise; it lives in
``st.session_state["lang"]`` and is written back to the URL so a reload keeps it. Catalog keys are
dotted (``[deck]`` + ``title`` = ``deck.title``); both catalogs have the same keys (a test checks).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

from analysis.util.catalog import catalog as library_catalog
from analysis.util.catalog import fill
from analysis.util.numbers import figure

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = "ru"
LOCALES = Path(__file__).resolve().parent / "locales"
PLURAL_FORMS = ("one", "few", "many")
"""Plural keys end in these: Russian needs all three (1 карта, 2 карты, 5 карт); English uses one/many."""


def catalog(lang: str) -> dict[str, str]:
    """Every message of a language by dotted key (read once per process; the library's reader, so
    the HTML report words its texts from the same catalogs)."""
    return library_catalog(lang)


class _Formatter:
    """str.format with Russian digit grouping (the library's :func:`analysis.util.catalog.fill`)."""

    def __init__(self, lang: str):
        self.lang = lang

    def format(self, template: str, /, **fmt: Any) -> str:
        return fill(self.lang, template, **fmt)


def current_language() -> str:
    """``ru`` or ``en``: the session's choice, else the URL's ``?lang=``, else Russian."""
    lang = st.session_state.get("lang")
    if lang not in LANGUAGES:
        asked = st.query_params.get("lang")
        lang = asked if asked in LANGUAGES else DEFAULT_LANGUAGE
        st.session_state["lang"] = lang
    return lang


def t(key: str, **fmt: Any) -> str:
    """The message ``key`` in the current language, its ``{fields}`` filled from ``fmt``.

    A key missing from the catalog is a bug (``KeyError`` naming the key and the language): the
    tests render every page in both languages, so a missing message fails them.
    """
    lang = current_language()
    try:
        text = catalog(lang)[key]
    except KeyError:
        raise KeyError(f"message {key!r} is missing from app/locales/{lang}.toml") from None
    return _Formatter(lang).format(text, **fmt) if fmt else text


def num(value: float | int | None, kind: str, sign: bool = False) -> str:
    """A figure in the current language by the rule of its kind (:mod:`analysis.util.numbers`:
    strength two decimals, shares as percent with one, crystals whole)."""
    return figure(value, kind, current_language(), sign)


def plural_form(n: int, lang: str | None = None) -> str:
    """``one``, ``few`` or ``many`` for the count ``n`` (Russian rules; English: one or many)."""
    lang = lang or current_language()
    n = abs(int(n))
    if lang != "ru":
        return "one" if n == 1 else "many"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def tn(key: str, n: int, **fmt: Any) -> str:
    """The plural form of ``key`` for ``n`` (``key.one`` / ``key.few`` / ``key.many``), with ``{n}``."""
    return t(f"{key}.{plural_form(n)}", n=n, **fmt)


def has(key: str) -> bool:
    """Whether the current language's catalog has ``key`` (for optional texts, e.g. an objective's unit)."""
    return key in catalog(current_language())


__all__ = ["LANGUAGES", "catalog", "current_language", "has", "plural_form", "t", "tn"]
