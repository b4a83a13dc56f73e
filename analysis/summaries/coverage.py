"""How much of the cards' texts the battle plays, as tables for a page (issue 19).

The figures come from :func:`analysis.decks.coverage.coverage` (the card table and the ability
facts, nothing typed by hand); these functions only lay them out: the issue's targets, and the
printings of each set and the copies of each sample deck by status. A printing without ability
facts counts as ``none`` (nothing of its text is played).

    >>> from analysis.cards.table import load_cards
    >>> from analysis.decks.coverage import coverage
    >>> report = coverage(load_cards())
    >>> list(target_frame(report).columns)
    ['target', 'counted', 'of', 'share', 'goal', 'met']
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from analysis.decks.coverage import TOURNAMENT_SETS, Coverage

STATUS_ORDER: tuple[str, ...] = ("full", "partial", "none")
"""The statuses as the tables show them (a printing without facts counts as ``none``)."""


def target_frame(report: Coverage) -> pd.DataFrame:
    """One row per coverage target: its name, what it counted of how many, the share (0–1), the
    goal as written (``≥ 80 %``) and whether it is met."""
    return pd.DataFrame(
        [
            {
                "target": t.name,
                "counted": t.count.modelled,
                "of": t.count.total,
                "share": t.count.share,
                "goal": t.goal,
                "met": t.met,
            }
            for t in report.targets
        ],
        columns=["target", "counted", "of", "share", "goal", "met"],
    )


def status_frame(report: Coverage, sets: Sequence[int] = TOURNAMENT_SETS) -> pd.DataFrame:
    """Long table (group, kind, status, count, share): the printings of each of ``sets`` and the
    copies of each sample deck by status, the share within its group; ``kind`` is ``set`` or
    ``deck``. Ready for a stacked bar per group."""
    rows: list[dict[str, object]] = []
    for row in report.by_set:
        if row.set_id in sets:
            counts = _three(row.status)
            rows += _rows(f"{row.set_id} {row.set_name}", "set", counts, row.printings)
    for deck in report.decks:
        rows += _rows(deck.deck, "deck", _three(deck.status), deck.copies)
    return pd.DataFrame(rows, columns=["group", "kind", "status", "count", "share"])


def _three(status: dict[str, int]) -> dict[str, int]:
    return {"full": status["full"], "partial": status["partial"], "none": status["none"] + status["missing"]}


def _rows(group: str, kind: str, counts: dict[str, int], total: int) -> list[dict[str, object]]:
    return [
        {"group": group, "kind": kind, "status": s, "count": counts[s],
         "share": counts[s] / total if total else 0.0}
        for s in STATUS_ORDER
    ]
