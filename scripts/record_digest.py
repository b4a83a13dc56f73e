"""A digest of battle records and matchup results: proof that a change leaves every battle as it was.

    python3 scripts/record_digest.py                  # this checkout
    python3 scripts/record_digest.py /path/to/other   # another checkout (e.g. `git worktree add`)

For the sample decks paired 1-2, 3-4, …, 9-10 under ``relaunch`` with the default matchup settings:
the full event record of the first game of each pair for seeds 0, 1 and 2, and the wins, losses and
draws of 40 games (seed 1) — fifteen recorded games and five matchups through the whole pipeline
(deals, mulligans, recruitment, battle). It prints one SHA-256: two checkouts that print the same
one play these battles identically, event for event. A refactoring must keep it (the concept
packages and the engine's split into mixins did: ``62a50929…`` before and after); a change of the
rules or the players is expected to move it. Takes one to two minutes (compiled engine).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    from analysis.cards.table import load_cards
    from analysis.decks.deck import read_deck
    from analysis.matchup.simulate import MatchupSettings, deck_matchup, first_game_record
except ImportError:  # a checkout from before the concept packages
    from analysis.cards import load_cards  # type: ignore[no-redef]
    from analysis.decks import read_deck  # type: ignore[no-redef]
    from analysis.matchup import MatchupSettings, deck_matchup, first_game_record  # type: ignore[no-redef]
from analysis.rules import load_ruleset  # noqa: E402


def digest(root: Path) -> str:
    """The SHA-256 of the records and results described in the module docstring."""
    db = load_cards()
    decks = sorted((root / "data" / "decks").glob("tournament-*.txt"))
    settings = MatchupSettings(rules=load_ruleset("relaunch"))
    h = hashlib.sha256()
    for i in range(0, len(decks) - 1, 2):
        a, b = read_deck(decks[i], db), read_deck(decks[i + 1], db)
        for seed in range(3):
            record = first_game_record(a, b, settings, seed=seed)
            h.update(json.dumps(record, ensure_ascii=False, sort_keys=True, default=str).encode())
        result = deck_matchup(a, b, settings, games=40, seed=1, processes=1)
        h.update(repr((result.a_wins, result.b_wins, result.draws)).encode())
    return h.hexdigest()


if __name__ == "__main__":
    import analysis

    print(f"library: {Path(analysis.__file__).parent}", file=sys.stderr)
    print(digest(ROOT))
