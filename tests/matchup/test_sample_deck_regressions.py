"""Deck matchups of the sample decks that once stopped with an engine error after the issue-19
merges (each found by running the README's and the guide's commands, then narrowed to a pair, a
number of games and a seed). They must play to the end."""

from __future__ import annotations

import pytest

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck
from analysis.matchup.simulate import MatchupSettings, deck_matchup
from analysis.rules import load_ruleset

CASES = [
    # a flyer that landed mid-turn (30/173 Мятущаяся душа, cursed) kept its planned strike at a
    # card it no longer reached: the heuristic player re-checks such plans now
    ("tournament-07.txt", "tournament-07.txt", 40, 0),
    # an ability fired earlier in the same trigger loop changed the card's facts, and the loop read
    # an index the card no longer had
    ("tournament-02.txt", "tournament-06.txt", 100, 1),
]


@pytest.mark.parametrize("a, b, games, seed", CASES)
def test_sample_deck_matchup_plays_to_the_end(a, b, games, seed):
    db = load_cards()
    deck_a = read_deck(f"data/decks/{a}", db)
    deck_b = read_deck(f"data/decks/{b}", db)
    result = deck_matchup(deck_a, deck_b, MatchupSettings(load_ruleset("relaunch", db)), games=games,
                          seed=seed)
    assert result.games == games
    assert result.a_wins + result.b_wins + result.draws == games


def test_an_announced_step_the_actor_can_no_longer_make_does_nothing():
    """tournament-07 against tournament-08, 12 cards each, random against search, seed 6: an
    incorporeal 30/173 Мятущаяся душа announced a step; the announcement destroyed an incorporeal card
    of its squad sharing a square, whose death blessed the soul, and a blessed soul takes flight. The
    step can no longer be made (it is a flyer now): nothing more happens, the battle goes on (it
    stopped with IllegalAction before)."""
    import random

    from analysis.battle.record import record_battle
    from analysis.decks.deck import sample_deck_paths

    db = load_cards()
    decks = [read_deck(p, db) for p in sorted(sample_deck_paths())]
    a, b = decks[6].cards(), decks[7].cards()
    random.Random(6).shuffle(a)
    random.Random(-6).shuffle(b)
    assert "Мятущаяся душа" in [c.name for c in a[:12]]
    record = record_battle((a[:12], b[:12]), players=("random", "search"), seed=6)
    assert record[-1]["e"] == "end"  # (it played to the end)
