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

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.squad.deals import deal_odds, simulate, suggested_threshold
from analysis.squad.recruit import recruit
from analysis.summaries.squad import random_deal
from analysis.util.numbers import figure

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
            assert table.loc[k, "elites"] == pytest.approx(100 * p)  # shown as percent
    assert "element Darkness" in table.columns
    cards = frame_with(at, "P(at least one)").set_index("Card")
    for name, p in odds.card_probability.items():
        assert cards.loc[name, "P(at least one)"] == pytest.approx(p)
    # the sample deal's squad is recruited by the page's objective: strength by default
    assert at.selectbox(key="deals_objective").value == "strength"
    unit = "strength (log-odds of winning)"
    rec = recruit(random_deal(DECK, 15, 1), RULES, objective="strength")
    assert any(f"Optimal squad value **{rec.value:.4g}** ({unit})" in m for m in texts(at.markdown))
    at.number_input(key="deals_sample_seed").set_value(9).run()
    rec = recruit(random_deal(DECK, 15, 9), RULES, objective="strength")
    assert any(f"Optimal squad value **{rec.value:.4g}** ({unit})" in m for m in texts(at.markdown))
    at.selectbox(key="deals_objective").set_value("crystals").run()
    rec = recruit(random_deal(DECK, 15, 9), RULES, objective="crystals")
    assert any(f"Optimal squad value **{rec.value:g}** (crystals)" in m for m in texts(at.markdown))
    assert any("press **Run simulation**" in i for i in texts(at.info))


def _run(at, objective: str, threshold: float | None = None):
    at.selectbox(key="deals_objective").set_value(objective).run()
    at.number_input(key="deals_trials").set_value(400)
    at.number_input(key="deals_estimate").set_value(200)
    at.number_input(key="deals_seed").set_value(3)
    if threshold is not None:
        at.number_input(key=f"deals_threshold_{objective}").set_value(threshold)
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception


def _check_policies(at, expected, words):
    policies = frame_with(at, "Mulligan rate").set_index("Mulligan policy")
    for name, sim in expected.items():
        assert policies.loc[words[name], "Value"] == pytest.approx(sim.squad_value.mean)
        assert policies.loc[words[name], "95% lo"] == pytest.approx(sim.squad_value.lo)
        assert policies.loc[words[name], "Mulligan rate"] == pytest.approx(100 * sim.mulligan_rate.mean)
    assert policies.loc["never redeal", "Mulligan rate"] == 0
    return policies


def test_strength_by_default_with_a_quantile_threshold_and_binned_values():
    """The default objective is strength: the threshold's default is the 10th percentile of 1,000 seeded
    first deals (the library's suggested_threshold), the figures are simulate(objective='strength')'s, the
    value distribution is binned (strengths are not whole numbers) and every label names the unit."""
    at = open_app("deals")
    tip = suggested_threshold(DECK, RULES, 1, "strength", trials=1_000, seed=0)
    assert at.number_input(key="deals_threshold_strength").value == pytest.approx(tip.value)
    default = f"Threshold by default: {tip.value:.4g}"
    assert any(default in c and "the 10th percentile" in c for c in texts(at.caption))
    _run(at, "strength")
    policy = f"threshold:{tip.value:g}"
    expected = {
        p: simulate(DECK, RULES, 1, trials=400, seed=3, policy=p, estimate_trials=200, objective="strength")
        for p in ("never", policy, "optimal")
    }
    # strengths: a few tens of log-odds units at most, never a crystal budget, and no whole-number pmf
    assert all(not sim.squad_value_pmf and sim.squad_value_bins for sim in expected.values())
    words = {"never": "never redeal", policy: f"redeal below {tip.value:g}", "optimal": "optimal mulligans"}
    _check_policies(at, expected, words)
    assert 0 < expected[policy].mulligan_rate.mean < 0.5  # it redeals the weakest deals only
    best = expected["optimal"].squad_value.mean
    assert metric(at, "Expected value (optimal)") == figure(best, "strength")
    titles = chart_titles(at)
    specs = plotly_specs(at)
    value_chart = specs[titles.index("Squad value (optimal mulligans)")]
    bins = expected["optimal"].squad_value_bins
    heights = trace_values(value_chart["data"][0], "y")
    assert heights == pytest.approx([b.share.mean for b in bins]) and sum(heights) == pytest.approx(1.0)
    assert trace_values(value_chart["data"][0], "x") == pytest.approx([(b.lo + b.hi) / 2 for b in bins])
    assert "log-odds" in value_chart["layout"]["xaxis"]["title"]["text"]
    bins_caption = f"The values are not whole numbers: {len(bins)} equal bins"
    assert any(c.startswith(bins_caption) for c in texts(at.caption))
    policy_chart = specs[titles.index("Expected squad value (95% CI)")]
    assert policy_chart["layout"]["yaxis"]["range"][0] <= 0  # issue 21 item 10: bars start at 0
    assert "log-odds" in policy_chart["layout"]["yaxis"]["title"]["text"]
    assert not any("crystals" in c for c in texts(at.caption) if "Squad value:" in c)


def test_simulation_in_crystals_with_the_40_crystal_threshold():
    at = open_app("deals")
    at.selectbox(key="deals_objective").set_value("crystals").run()
    assert at.number_input(key="deals_threshold_crystals").value == 40.0
    assert any("Threshold by default: 40 crystals" in c for c in texts(at.caption))
    _run(at, "crystals", threshold=44.0)
    expected = {
        p: simulate(DECK, RULES, 1, trials=400, seed=3, policy=p, estimate_trials=200, objective="crystals")
        for p in ("never", "threshold:44", "optimal")
    }
    # the page's words (crystals, a threshold of 44 crystals) and its figures agree
    assert all(20 < sim.squad_value.mean < 60 and sim.squad_value_pmf for sim in expected.values())
    words = {"never": "never redeal", "threshold:44": "redeal below 44", "optimal": "optimal mulligans"}
    policies = _check_policies(at, expected, words)
    best = expected["optimal"].squad_value.mean
    assert metric(at, "Expected value (optimal)") == figure(best, "crystals")  # crystals whole
    titles = chart_titles(at)
    for wanted in (
        "Expected squad value (95% CI)",
        "Squad value (optimal mulligans)",
        "Elites in the first deal",
    ):
        assert any(t.startswith(wanted) for t in titles), titles
    specs = plotly_specs(at)
    policy_chart = specs[titles.index("Expected squad value (95% CI)")]
    assert trace_values(policy_chart["data"][0], "y") == pytest.approx(list(policies.Value))
    value_chart = specs[titles.index("Squad value (optimal mulligans)")]
    pmf = expected["optimal"].squad_value_pmf
    assert trace_values(value_chart["data"][0], "x") == sorted(pmf)  # one bar per whole crystal
    assert value_chart["layout"]["xaxis"]["title"]["text"] == "squad value, crystals"
    assert any("seed 3" in c for c in texts(at.caption))
    at.radio(key="deals_detail").set_value("never").run()
    assert "Squad value (never redeal)" in chart_titles(at)
    # the strength threshold kept its own value: switching objectives never carries 40 crystals over
    at.selectbox(key="deals_objective").set_value("strength").run()
    assert at.number_input(key="deals_threshold_strength").value < 40
    assert any("press **Run simulation**" in i or "changed since" in i for i in texts(at.info))
    at.selectbox(key="deals_objective").set_value("crystals").run()
    assert frame_with(at, "Mulligan rate") is not None  # the crystal results match the form again
    set_sidebar(at, rules_name="classic")
    assert any("press **Run simulation**" in i or "changed since" in i for i in texts(at.info))


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
