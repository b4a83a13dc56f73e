"""Write data/fields/current-field.toml: the ten sample decks made legal under today's ban list.

    python3 scripts/current_field.py [--date 2026-12-03]

Each sample deck (data/decks/) that is legal under ``relaunch`` enters the field as it is; each one
with banned cards enters as its legal version (analysis/decks/legalize.py: every banned card
replaced by the closest legal card, by the rule stated there and in the field file's comments),
written to data/fields/current/<stem>.txt. Equal shares. Re-run after a ban list or card-data change.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths, write_deck  # noqa: E402
from analysis.decks.legality import BAN_LIST_DATE, check_deck  # noqa: E402
from analysis.decks.legalize import STEPS, legal_version  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402

FIELDS = ROOT / "data" / "fields"
LEGAL_TITLE = "{title} · легальная"
"""The title of a sample's legal version (deck titles are data, in the samples' language)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", default=datetime.date.today().isoformat(), help="the field's date")
    args = parser.parse_args()
    db, rules = load_cards(), load_ruleset("relaunch")
    entries, changes = [], []
    for path in sample_deck_paths():
        deck = read_deck(path, db)
        legal, replaced = legal_version(deck, db, rules, LEGAL_TITLE.format(title=deck.title))
        if replaced:
            notes = tuple(f"legal version of data/decks/{path.name} under {rules.name} (ban list of "
                          f"{BAN_LIST_DATE}): {r.label()}" for r in replaced)
            legal = type(legal)(legal.title, legal.entries, notes)
            out = FIELDS / "current" / path.name
            out.parent.mkdir(exist_ok=True)
            write_deck(legal, out, db)
            rel = f"current/{path.name}"
            changes.extend(f"#   {path.name} {deck.title}: {r.label()}" for r in replaced)
        else:
            rel = f"../decks/{path.name}"
        report = check_deck(read_deck(FIELDS / rel, db), rules)
        if not report.legal:
            raise SystemExit(f"{rel} is still illegal: {[p.message for p in report.problems]}")
        entries.append(rel)
    share = round(1 / len(entries), 6)
    lines = [
        f"# The current field ({args.date}): the ten sample decks' archetypes as they can be played under",
        f"# today's ban list (relaunch, ban list of {BAN_LIST_DATE}). Written by scripts/current_field.py;",
        "# every deck passes `berserk check` under relaunch.",
        "# Source: the sample decks (data/decks/, real tournament lists played before the ban list) and",
        "# the card table's ban flags (data/cards.csv `banned`, berserk-nxt's list of March 2026).",
        "# Decks without banned cards enter as they are; each other one enters as its legal version",
        "# (current/*.txt), where all copies of a banned card give way to as many copies of the closest",
        "# legal card (analysis/decks/legalize.py): of the same type and rank (elite or ordinary), legal,",
        "# with complete facts and its text modelled in full or in part, not yet in the deck; first with",
        f"# the banned card's elements exactly ({STEPS[0]!r}), else within the deck's elements",
        f"# ({STEPS[1]!r}); the closest by cost, then life, then strike, then move, then name.",
        "# Replacements:",
        *changes,
        "# Equal shares: the archetypes' real frequencies at today's tournaments are not known here.",
        f'title = "Current field {args.date}: the ten sample archetypes, legal under the ban list of '
        f'{BAN_LIST_DATE}, equal shares"',
        "",
    ]
    for rel in entries:
        lines += ["[[deck]]", f'path = "{rel}"', f"share = {share}", ""]
    write_text_atomic(FIELDS / "current-field.toml", "\n".join(lines))
    print(f"wrote {FIELDS / 'current-field.toml'} ({len(entries)} decks, {len(changes)} replacement(s))")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
