"""Budgets page (AppTest): rulesets × seats × decks with 95 % intervals from the deals module."""

from __future__ import annotations

import pytest
from app_helpers import chart_titles, frame_with, open_app, plotly_specs, texts

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.squad.deals import simulate

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
SUBMIT = "budgets_run"


def test_compare_rulesets_and_seats():
    at = open_app("budgets")
    assert any("Compare budgets" in i for i in texts(at.info))
    at.multiselect(key="budgets_samples").set_value(["tournament-08"])
    at.multiselect(key="budgets_rules").set_value(["relaunch", "realms"])
    at.number_input(key="budgets_trials").set_value(300)
    at.number_input(key="budgets_seed").set_value(5)
    at.button(key=SUBMIT).click().run()
    assert not at.exception
    table = frame_with(at, "Mulligan rate")
    assert len(table) == 2 * 2 * 2  # (current deck, tournament-08) × 2 rulesets × 2 seats
    row = table[(table.Deck == "Морраг Флай") & (table.Ruleset == "realms") & (table.Seat == "player 2")]
    sim = simulate(SAMPLES["tournament-08"], load_ruleset("realms"), player=2, trials=300, seed=5)
    assert row.Value.iloc[0] == pytest.approx(sim.squad_value.mean)
    assert (row["95% lo"].iloc[0], row["95% hi"].iloc[0]) == pytest.approx(sim.squad_value.ci95)
    assert row["Mulligan rate"].iloc[0] == pytest.approx(100 * sim.mulligan_rate.mean)  # percent
    pick = (
        (table.Deck == "Ковеноглина · current") & (table.Ruleset == "relaunch") & (table.Seat == "player 1")
    )
    current = table[pick]
    sim = simulate(SAMPLES["tournament-01"], load_ruleset("relaunch"), player=1, trials=300, seed=5)
    assert current.Value.iloc[0] == pytest.approx(sim.squad_value.mean)
    diff = frame_with(at, "Difference")
    assert len(diff) == 4 and (diff["95% lo"] <= diff.Difference).all()
    titles = chart_titles(at)
    assert any(t.startswith("Expected squad value, strength for winning (95% CI; 300 deals per bar, seed 5")
               for t in titles)
    assert any(t.startswith("Current deck: distinct elements") for t in titles)


def test_nothing_to_compare_is_reported():
    at = open_app("budgets")
    at.multiselect(key="budgets_seats").set_value([])
    at.button(key=SUBMIT).click().run()
    assert any("at least one ruleset and one seat" in e for e in texts(at.error))


def test_a_sample_identical_to_the_current_deck_is_shown_once():
    """Issue 21 item 8: the current deck (opened from tournament-01) and tournament-01 are one deck."""
    at = open_app("budgets")
    at.multiselect(key="budgets_samples").set_value(["tournament-01", "tournament-08"])
    at.multiselect(key="budgets_rules").set_value(["relaunch"])
    at.number_input(key="budgets_trials").set_value(100)
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    table = frame_with(at, "Mulligan rate")
    assert set(table.Deck) == {"Ковеноглина · current", "Морраг Флай"} and len(table) == 2 * 2
    # issue 21 item 10: the value bars start at 0 (they started near 15), every axis makes room
    title = "Expected squad value"
    bars = next(s for s in plotly_specs(at) if s["layout"]["title"]["text"].startswith(title))
    axes = [v for k, v in bars["layout"].items() if k.startswith("yaxis") and "range" in v]
    assert axes and all(v["range"][0] <= 0 for v in axes)
    assert bars["layout"]["yaxis"]["automargin"] is True
