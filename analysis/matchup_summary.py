"""Tables for the dashboard's Matchup page, from :mod:`analysis.matchup` results.

>>> seat_frame(result)      # all games, A moving first, B moving first: W/D/L with 95 % intervals
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analysis.deals import proportion_ci
from analysis.matchup import MatchupResult
from analysis.paths import reports_dir

SAVED_MATRIX_COLUMNS = ("deck", "opponent", "games", "wins", "losses", "draws", "win_rate",
                        "win_ci95_lo", "win_ci95_hi", "score")


def saved_matrix(path: Path | None = None) -> pd.DataFrame | None:
    """The matrix frame saved by ``berserk matrix`` (default ``reports/matchup_matrix.csv``), or None
    when there is none or it lacks the matrix columns; draw it with :func:`analysis.matchup.matrix_figure`."""
    path = path or reports_dir() / "matchup_matrix.csv"
    try:
        frame = pd.read_csv(path, encoding="utf-8")
    except (OSError, ValueError):
        return None
    if not set(SAVED_MATRIX_COLUMNS) <= set(frame.columns) or frame.empty:
        return None
    return frame


def seat_frame(result: MatchupResult) -> pd.DataFrame:
    """Wins, draws and losses of A (all games, and split by who moved first) with Wilson 95 % intervals."""
    parts = [("all games", result.games, result.a_wins, result.draws, result.b_wins)]
    for key, label in (("a_first", f"{result.a} moves first"), ("b_first", f"{result.b} moves first")):
        s = result.by_seat[key]
        parts.append((label, s.games, s.a_wins, s.draws, s.b_wins))
    rows = []
    for label, games, wins, draws, losses in parts:
        win = proportion_ci(wins, games)
        draw = proportion_ci(draws, games)
        rows.append(
            {
                "games": label,
                "n": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "win_rate": win.mean,
                "win_lo": win.lo,
                "win_hi": win.hi,
                "draw_rate": draw.mean,
                "draw_lo": draw.lo,
                "draw_hi": draw.hi,
            }
        )
    return pd.DataFrame(
        rows,
        columns=[
            "games",
            "n",
            "wins",
            "draws",
            "losses",
            "win_rate",
            "win_lo",
            "win_hi",
            "draw_rate",
            "draw_lo",
            "draw_hi",
        ],
    )


__all__ = ["seat_frame"]
