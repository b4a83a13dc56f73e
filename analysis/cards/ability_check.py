"""The editors' check of ability files: ``python3 -m analysis.cards.ability_check FILE…``.

Reads each file against the ability schema (:mod:`analysis.cards.abilities`) and the card table
(:mod:`analysis.cards.table`), and prints how many printings and abilities it holds. It lives apart
from both so that the schema module never imports the card table (the table imports the schema).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from analysis.cards.abilities import STATUSES, builtin_ability_files, check_against_cards, read_ability_file
from analysis.cards.table import load_cards
from analysis.util.errors import BerserkInputError


def main(argv: Sequence[str] | None = None) -> int:
    """``python3 -m analysis.cards.ability_check FILE…``: check ability files against the schema and the card
    table, and print how many printings and abilities each holds (the editors' check)."""
    paths = list(sys.argv[1:] if argv is None else argv) or [str(p) for p in builtin_ability_files()]
    db = load_cards()
    try:
        for path in paths:
            entries = read_ability_file(path)
            check_against_cards({e.code: e for e in entries}, db)
            status = {s: sum(e.status == s for e in entries) for s in STATUSES}
            n_abilities = sum(len(e.abilities) for e in entries)
            print(f"{path}: {len(entries)} printing(s), {n_abilities} abilities; "
                  + ", ".join(f"{k} {v}" for k, v in status.items()))
    except BerserkInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
