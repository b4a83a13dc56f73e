"""Combat tables: the dice grid reproduces the exact strike distribution; deck duels match duel()."""

from __future__ import annotations

from fractions import Fraction

import pytest

from analysis.cards.table import load_cards
from analysis.combat.duel import duel
from analysis.combat.strike import fighter_from_card, fighter_from_stats, strike_odds
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.summaries.combat import (
    OUTCOMES,
    dice_grid,
    outcome_frame,
    outcome_label,
    outcome_totals,
    versus_deck,
    weighted_win,
)

DB = load_cards()
RELAUNCH = load_ruleset("relaunch")
DECK = read_deck(sample_deck_paths()[7], DB)
FIGHTERS = [
    fighter_from_stats("2-3-4", 8),
    fighter_from_stats("1-2-3", 6, {"exp_defence": 1, "armor": 1}),
    fighter_from_stats("3-4-5", 12, {"exp_attack": 2}),
    fighter_from_card(DB.find("Морраг")),
]


@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("weaken", ["never", "always", "best"])
@pytest.mark.parametrize("pair", [(0, 1), (1, 0), (2, 3), (3, 1)])
def test_grid_frequencies_are_the_exact_distribution(pair, weaken, closed):
    att, tgt = FIGHTERS[pair[0]], FIGHTERS[pair[1]]
    grid = dice_grid(att, tgt, RELAUNCH, closed=closed, weaken=weaken)
    assert len(grid) == 36
    counts = grid.groupby(["to_target", "to_attacker"]).size()
    exact = {
        (o.to_target, o.to_attacker): o.p for o in strike_odds(att, tgt, RELAUNCH, closed, weaken).outcomes
    }
    assert {k: Fraction(int(v), 36) for k, v in counts.items()} == exact
    if closed:
        assert (grid.to_attacker == 0).all() and grid.parrier_roll.isna().all()
    if weaken == "never":
        assert not grid.weakened.any()


def test_realms_grid_without_rerolls_is_exact():
    realms = load_ruleset("realms")
    att = FIGHTERS[0]  # no experience or blessing: no re-rolls, so every cell is 1/36
    grid = dice_grid(att, fighter_from_stats("1-2-3", 6, {"armor": 1}), realms)
    counts = grid.groupby(["to_target", "to_attacker"]).size()
    exact = {
        (o.to_target, o.to_attacker): o.p
        for o in strike_odds(att, fighter_from_stats("1-2-3", 6, {"armor": 1}), realms).outcomes
    }
    assert {k: Fraction(int(v), 36) for k, v in counts.items()} == exact
    assert set(grid[grid.parrier_die == 6].outcome) <= {"attacker wounded", "attacker dies"}


def test_outcome_frames():
    att, tgt = FIGHTERS[2], FIGHTERS[0]
    odds = strike_odds(att, tgt, RELAUNCH)
    frame = outcome_frame(odds)
    assert frame.p.sum() == pytest.approx(1.0)
    totals = outcome_totals(frame)
    assert list(totals.outcome) == [o for o in OUTCOMES if o in set(frame.outcome)]
    dies = totals.set_index("outcome").p.get("target dies", 0.0) + totals.set_index("outcome").p.get(
        "both die", 0.0
    )
    assert dies == pytest.approx(float(odds.p_target_dies))
    assert outcome_label(8, 8, tgt, tgt) == "both die" and outcome_label(0, 0, tgt, tgt) == "no wounds"


def test_versus_deck_matches_duels():
    fighter = FIGHTERS[0]
    frame = versus_deck(fighter, DECK, RELAUNCH)
    creatures = [e for e in DECK.entries if e.card.is_creature and e.card.strike and e.card.life]
    assert len(frame) == len(creatures) and frame.copies.sum() == sum(e.count for e in creatures)
    row = frame.iloc[len(frame) // 2]
    other = fighter_from_card(DB.find(row["name"]))
    first, second = duel(fighter, other, RELAUNCH), duel(other, fighter, RELAUNCH)
    assert row.win == pytest.approx(0.5 * (first.first_wins + second.second_wins), abs=1e-9)
    assert row.loss == pytest.approx(0.5 * (first.second_wins + second.first_wins), abs=1e-9)
    assert 0 <= weighted_win(frame) <= 1
