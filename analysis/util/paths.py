"""Where the built-in data lives (``data/`` at the repository root, or ``$BERSERK_DATA``)."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    """The folder holding ``cards.csv``, ``rules/`` and ``decks/``."""
    override = os.environ.get("BERSERK_DATA")
    return Path(override) if override else REPO_ROOT / "data"


def reports_dir() -> Path:
    """The folder that generated reports and benchmark results go to."""
    return REPO_ROOT / "reports"


def locales_dir() -> Path:
    """The message catalogs of the dashboard (``app/locales``), which the HTML report shares."""
    return REPO_ROOT / "app" / "locales"
