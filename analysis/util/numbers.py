"""Readable numbers: one rule per kind of figure, the same on the pages, in the CLI and in the report.

    >>> figure(19.40517, "strength"), figure(0.4231, "share"), figure(44.6, "crystals")
    ('19.41', '42.3%', '45')
    >>> figure(0.0123, "gain"), figure(1234567, "count", "ru")
    ('+1.2 pp', '1\u202f234\u202f567')

=========== ======================================================== ============
kind        rule                                                     example
=========== ======================================================== ============
strength    two decimals (squad strength, duel ratings)              19.41
share       a share of 1 as a percent with one decimal (odds, rates,  42.3%
            win rates, expected scores)
gain        a change of a share, signed percentage points, one        +1.2 pp
            decimal (the gain of a swap)
crystals    whole crystals (costs, budgets, crystal and weighted values) 45
count       whole and grouped (games, deals, cards)                   1,234,567
=========== ======================================================== ============

The decimal mark is a point in both languages (the dashboard's tables cannot show a comma); Russian
groups thousands with a narrow no-break space, English with a comma. A value that is not a number
(``None``, NaN) is shown as an empty string. Tables that format columns themselves take
:func:`printf` and :func:`table_value` (shares are shown ×100).
"""

from __future__ import annotations

import math

FIGURE_KINDS = ("strength", "share", "gain", "crystals", "count")
DECIMALS = {"strength": 2, "share": 1, "gain": 1, "crystals": 0, "count": 0}
"""Decimals shown per kind (shares and gains in percent)."""
POINTS = {"en": "pp", "ru": "п. п."}
"""The unit of a gain: percentage points."""
GROUP = {"en": ",", "ru": "\u202f"}
OBJECTIVE_KINDS = {
    "strength": "strength", "rating": "strength", "weights": "crystals", "crystals": "crystals",
}
"""The kind of figure a squad value of each recruiting objective is."""


def _check(kind: str) -> None:
    if kind not in DECIMALS:
        raise ValueError(f"unknown kind of figure {kind!r}; use one of {', '.join(FIGURE_KINDS)}")


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def figure(value: float | int | None, kind: str, lang: str = "en", sign: bool = False) -> str:
    """``value`` written by the rule of ``kind`` (see the module table); ``sign`` adds ``+`` to
    positive values (gains always carry their sign). Minus is the minus sign ``−``."""
    _check(kind)
    if _missing(value):
        return ""
    number = float(value)  # type: ignore[arg-type]
    places = DECIMALS[kind]
    if kind in ("share", "gain"):
        number *= 100
    number = round(number, places) + 0.0  # no "-0.0"
    body = f"{abs(number):,.{places}f}".replace(",", GROUP.get(lang, ","))
    if number < 0:
        body = "−" + body
    elif (sign or kind == "gain") and number > 0:
        body = "+" + body
    if kind == "share":
        return body + "%"
    if kind == "gain":
        return f"{body} {POINTS.get(lang, POINTS['en'])}"
    return body


def interval(lo: float, hi: float, kind: str, lang: str = "en") -> str:
    """A 95 % interval ``lo – hi`` by the rule of ``kind`` (``19.02 – 19.43``, ``41.0% – 43.5%``)."""
    return f"{figure(lo, kind, lang)} – {figure(hi, kind, lang)}"


def objective_kind(objective: str) -> str:
    """The kind of figure a squad value is under a recruiting objective (crystals whole, else two
    decimals)."""
    return OBJECTIVE_KINDS.get(objective, "strength")


def printf(kind: str) -> str:
    """The printf format of a table column of this kind, for values from :func:`table_value`."""
    _check(kind)
    places = DECIMALS[kind]
    if kind == "share":
        return f"%.{places}f%%"
    if kind == "gain":
        return f"%+.{places}f"
    if kind == "count":
        return "%d"
    return f"%.{places}f"


def table_value(value: float, kind: str) -> float:
    """The number a table column of ``kind`` holds: shares and gains in percent, others as they are."""
    _check(kind)
    return value * 100 if kind in ("share", "gain") else value


__all__ = ["DECIMALS", "FIGURE_KINDS", "GROUP", "OBJECTIVE_KINDS", "figure", "interval", "objective_kind",
           "printf", "table_value"]
