"""Deal tables: exact odds sum to one, simulated figures agree with exact ones, budgets per cell."""

from __future__ import annotations

import pandas as pd
import pytest

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.squad.deals import deal_odds, simulate
from analysis.summaries.deals import (
    budget_cell,
    budget_comparison,
    budget_frames,
    card_odds_frame,
    count_odds_frame,
    count_odds_table,
    distribution_frame,
    exact_against_simulated,
    policy_frame,
    seat_difference,
    threshold_frame,
)

DB = load_cards()
DECKS = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
RELAUNCH = load_ruleset("relaunch")


def test_exact_tables_are_distributions():
    deck = DECKS["tournament-08"]
    odds = deal_odds(deck, 15)
    long = count_odds_frame(odds)
    for _, group in long.groupby("quantity"):
        assert group.p.sum() == pytest.approx(1.0)
    wide = count_odds_table(odds).set_index("quantity")
    elites = sum(c.elite for c in deck.cards())
    assert wide.loc["elites", "expected"] == pytest.approx(15 * elites / deck.size)  # hypergeometric mean
    cards = card_odds_frame(deck, odds)
    assert cards.expected_dealt.sum() == pytest.approx(15)
    assert (cards.p_at_least_one.diff().dropna() <= 1e-12).all()


def test_simulated_elites_agree_with_the_exact_pmf():
    deck = DECKS["tournament-01"]
    sim = simulate(deck, RELAUNCH, trials=4000, seed=2, objective="crystals")
    table = exact_against_simulated(deal_odds(deck, 15).elite_count_pmf, sim.first_deal_elite_pmf)
    assert table.simulated.sum() == pytest.approx(1.0)
    likely = table[table.exact > 0.01]
    assert likely.inside.mean() >= 0.75  # 95 % intervals: a miss now and then is expected
    dist = distribution_frame(sim.squad_value_pmf)
    assert dist.p.sum() == pytest.approx(1.0) and (dist.lo <= dist.p).all() and (dist.p <= dist.hi).all()


def test_policy_and_threshold_frames():
    deck = DECKS["tournament-05"]
    sims = [simulate(deck, RELAUNCH, trials=300, seed=1, policy=p, estimate_trials=100, objective="crystals")
            for p in ("never", "optimal")]
    frame = policy_frame(sims).set_index("policy")
    assert frame.loc["never", "mulligan_rate"] == 0 and frame.loc["never", "thresholds"] == "—"
    assert frame.loc["optimal", "value"] == sims[1].squad_value.mean
    th = threshold_frame(sims[1])
    assert list(th.threshold) == list(sims[1].thresholds)
    assert (th.lo <= th.threshold).all() and (th.threshold <= th.hi).all()


def test_budget_comparison_has_every_cell():
    decks = {k: DECKS[k] for k in ("tournament-01", "tournament-08")}
    rulesets = [load_ruleset("classic"), RELAUNCH, load_ruleset("realms")]
    calls = []
    values, elements = budget_comparison(decks, rulesets, players=(1, 2), trials=300, seed=4,
                                         progress=lambda d, t: calls.append((d, t)), objective="crystals")
    assert len(values) == 2 * 3 * 2 and calls[-1] == (12, 12)
    pick = (values.deck == "tournament-08") & (values.ruleset == "relaunch") & (values.seat == 2)
    row = values[pick].iloc[0]
    sim = simulate(DECKS["tournament-08"], RELAUNCH, player=2, trials=300, seed=4, objective="crystals")
    assert row.value == sim.squad_value.mean and (row.lo, row.hi) == sim.squad_value.ci95
    for _, group in elements.groupby(["deck", "ruleset", "seat"]):
        assert group.p.sum() == pytest.approx(1.0)


def test_seat_difference_combines_intervals():
    import math

    decks = {"tournament-02": DECKS["tournament-02"]}
    values, _ = budget_comparison(decks, [RELAUNCH], players=(1, 2), trials=300, seed=2)
    diff = seat_difference(values).iloc[0]
    one, two = values.iloc[0], values.iloc[1]
    assert diff.difference == pytest.approx(two.value - one.value)
    assert diff.hi - diff.difference == pytest.approx(math.hypot(one.hi - one.value, two.hi - two.value))


def test_budget_cells_one_by_one_make_the_same_frames():
    """The dashboard caches one cell at a time; the assembled frames equal one comparison."""
    decks = {"a": DECKS["tournament-01"], "b": DECKS["tournament-02"]}
    values, elements = budget_comparison(decks, [RELAUNCH], players=(1, 2), trials=300, seed=3)
    cells = [budget_cell(n, d, RELAUNCH, p, 300, 3) for n, d in decks.items() for p in (1, 2)]
    again_values, again_elements = budget_frames(cells)
    pd.testing.assert_frame_equal(again_values, values)
    pd.testing.assert_frame_equal(again_elements, elements)
