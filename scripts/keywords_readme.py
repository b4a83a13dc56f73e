"""Rewrite the keyword audit in ``data/README.md`` ("Keywords the battle plays") from the data.

    python3 scripts/keywords_readme.py          # rewrites the part between the markers
    python3 scripts/keywords_readme.py --check  # exit 1 when the README is not current

The table is computed from ``data/keywords.csv`` (``played``, ``facts``, ``how``), the card table and
``data/abilities`` (:func:`analysis.decks.coverage.keyword_audit`); a test checks that the committed
README holds exactly this text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.coverage import keyword_audit, with_keyword_section  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402

README = ROOT / "data" / "README.md"


def current_readme() -> str:
    """The README text with the keyword audit as the data give it now."""
    return with_keyword_section(README.read_text(encoding="utf-8"), keyword_audit(load_cards()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when the README is stale")
    args = parser.parse_args(argv)
    text = current_readme()
    if args.check:
        stale = text != README.read_text(encoding="utf-8")
        state = "stale; run scripts/keywords_readme.py" if stale else "current"
        print(f"data/README.md: keyword audit is {state}")
        return int(stale)
    write_text_atomic(README, text)
    print(f"wrote the keyword audit into {README.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
