"""Deals page (AppTest): exact odds, the sample deal, and a simulation of the three policies."""

from __future__ import annotations

import pytest
from app_helpers import (
    chart_titles,
    frame_with,
    metric,
    open_app,
    plotly_specs,
    set_sidebar,
    texts,
    trace_values,
)

from analysis.cards import load_cards
from analysis.deals import deal_odds, simulate
from analysis.decks import read_deck, sample_deck_paths
from analysis.recruit import recruit
from analysis.rules import load_ruleset
from analysis.squad_summary import random_deal

DB = load_cards()
DECK = read_deck(sample_deck_paths()[0], DB)
RULES = load_ruleset("relaunch")
SUBMIT = "deals_run"


def test_exact_odds_and_sample_deal():
    at = open_app("deals")
    odds = deal_odds(DECK, 15)
    table = frame_with(at, "How many (k)").set_index("How many (k)")
    mean_elites = sum(k * p for k, p in enumerate(odds.elite_count_pmf))
    assert f"elites {mean_elites:.2f}" in next(
        c for c in texts(at.caption) if c.startswith("Expected in a deal")
    )
    for k, p in enumerate(odds.elite_count_pmf):
        if p >= 5e-5:
            assert table.loc[k, "elites"] == pytest.approx(p)
    assert "element Darkness" in table.columns
    cards = frame_with(at, "P(at least one)").set_index("Card")
    for name, p in odds.card_probability.items():
        assert cards.loc[name, "P(at least one)"] == pytest.approx(p)
    rec = recruit(random_deal(DECK, 15, 1), RULES)
    assert any(f"Optimal squad value **{rec.value:g}**" in m for m in texts(at.markdown))
    at.number_input(key="deals_sample_seed").set_value(9).run()
    rec = recruit(random_deal(DECK, 15, 9), RULES)
    assert any(f"Optimal squad value **{rec.value:g}**" in m for m in texts(at.markdown))
    assert any("press **Run simulation**" in i for i in texts(at.info))


def test_simulation_shows_the_policies_with_intervals():
    at = open_app("deals")
    at.number_input(key="deals_trials").set_value(400)
    at.number_input(key="deals_estimate").set_value(200)
    at.number_input(key="deals_seed").set_value(3)
    at.number_input(key="deals_threshold").set_value(44.0)
    at.button(key=SUBMIT).click().run()
    assert not at.exception
    expected = {
        p: simulate(DECK, RULES, 1, trials=400, seed=3, policy=p, estimate_trials=200, objective="crystals")
        for p in ("never", "threshold:44", "optimal")
    }
    # the page's words (crystals, a threshold of 44 crystals) and its figures agree
    assert all(20 < sim.squad_value.mean < 60 and sim.squad_value_pmf for sim in expected.values())
    policies = frame_with(at, "Mulligan rate").set_index("Mulligan policy")
    words = {"never": "never redeal", "threshold:44": "redeal below 44", "optimal": "optimal mulligans"}
    for name, sim in expected.items():
        assert policies.loc[words[name], "Value"] == pytest.approx(sim.squad_value.mean)
        assert policies.loc[words[name], "95% lo"] == pytest.approx(sim.squad_value.lo)
        assert policies.loc[words[name], "Mulligan rate"] == pytest.approx(sim.mulligan_rate.mean)
    assert policies.loc["never redeal", "Mulligan rate"] == 0
    best = expected["optimal"].squad_value.mean
    assert metric(at, "Expected value (optimal)") == f"{best:.2f}"
    titles = chart_titles(at)
    for wanted in (
        "Expected squad value (95% CI)",
        "Squad value (optimal mulligans)",
        "Elites in the first deal",
    ):
        assert any(t.startswith(wanted) for t in titles), titles
    policy_chart = plotly_specs(at)[titles.index("Expected squad value (95% CI)")]
    assert trace_values(policy_chart["data"][0], "y") == pytest.approx(list(policies.Value))
    assert any("seed 3" in c for c in texts(at.caption))
    at.radio(key="deals_detail").set_value("never").run()
    assert "Squad value (never redeal)" in chart_titles(at)
    set_sidebar(at, rules_name="classic")
    assert any("press **Run simulation**" in i for i in texts(at.info))  # results were for relaunch


def test_form_and_results_always_match():
    """Results are shown only for the inputs in the form; the form keeps its values across pages."""
    at = open_app("deals")
    at.number_input(key="deals_trials").set_value(300)
    at.number_input(key="deals_estimate").set_value(100)
    at.button(key=SUBMIT).click().run()
    assert any("Done: 300 deals per policy" in p.proto.text for p in at.get("progress"))
    at.switch_page("pages/combat.py").run()
    at.switch_page("pages/deals.py").run()
    assert at.number_input(key="deals_trials").value == 300  # the form came back as it was run
    assert frame_with(at, "Mulligan rate")["Deals"].tolist() == [300, 300, 300]
    at.number_input(key="deals_trials").set_value(400)
    at.button(key=SUBMIT).click().run()
    assert frame_with(at, "Mulligan rate")["Deals"].tolist() == [400, 400, 400]
    at.session_state["deck"] = read_deck(sample_deck_paths()[1], DB)  # another deck: no stale figures
    at.run()
    assert not any("Mulligan rate" in d.value.columns for d in at.dataframe)
    assert any("changed since the last run" in i for i in texts(at.info))
