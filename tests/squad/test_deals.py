"""Deals and mulligans: exact odds, the Monte Carlo checked against them, backward induction."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from analysis.cards.table import load_cards
from analysis.decks.deck import Deck, DeckEntry, read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.squad.deals import (
    CRYSTAL_THRESHOLD,
    backward_induction,
    binned_histogram,
    count_pmf,
    deal_odds,
    default_horizon,
    parse_policy,
    prob_all_present,
    proportion_ci,
    simulate,
    suggested_threshold,
)
from analysis.squad.recruit import recruit
from analysis.util.errors import BerserkInputError


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.fixture(scope="module")
def deck(db):
    return read_deck(sample_deck_paths()[3], db)  # Орки Карапета: companions, terrain, flyers, 3 elements


@pytest.fixture(scope="module")
def sim_never(deck):
    return simulate(deck, load_ruleset("relaunch"), 1, trials=6000, seed=3, policy="never",
                    objective="crystals")


def test_count_pmf_is_the_hypergeometric_formula():
    for total, k, n in [(30, 10, 15), (31, 3, 15), (30, 0, 15), (20, 20, 15), (10, 4, 15)]:
        pmf = count_pmf(total, k, n)
        n_eff = min(n, total)
        for j, p in enumerate(pmf):
            exact = math.comb(k, j) * math.comb(total - k, n_eff - j) / math.comb(total, n_eff)
            assert p == pytest.approx(exact, abs=1e-12)
        assert sum(pmf) == pytest.approx(1.0)


def test_deal_odds_fields(deck):
    odds = deal_odds(deck, 15)
    elites = sum(c.elite for c in deck.cards())
    assert odds.elite_count_pmf == pytest.approx(count_pmf(30, elites, 15))
    assert set(odds.element_count_pmf) == {"steppes", "forests", "swamps"}
    assert odds.card_probability["Танаби"] == pytest.approx(0.5)  # 1 copy of 30, 15 dealt
    assert odds.card_probability["Орк-ведун"] == pytest.approx(1 - math.comb(27, 15) / math.comb(30, 15))
    assert odds.flyer_count_pmf[0] == pytest.approx(math.comb(28, 15) / math.comb(30, 15))
    d = odds.to_dict()
    assert d["deal_size"] == 15 and len(d["elite_count_pmf"]) == len(odds.elite_count_pmf)


def test_prob_all_present_inclusion_exclusion(deck):
    one = prob_all_present(deck, ["Танаби"], 15)
    assert one == pytest.approx(0.5)
    # Two single copies: P(both) = C(28, 13) / C(30, 15).
    both = prob_all_present(deck, ["Танаби", "Регуэль"], 15)
    assert both == pytest.approx(math.comb(28, 13) / math.comb(30, 15))
    with pytest.raises(BerserkInputError, match="not in the deck"):
        prob_all_present(deck, ["Гуль"], 15)


def test_monte_carlo_agrees_with_exact_odds(deck, sim_never):
    odds = deal_odds(deck, 15)
    n = sim_never.trials
    for k, exact in enumerate(odds.elite_count_pmf):
        est = sim_never.first_deal_elite_pmf.get(k)
        hits = 0 if est is None else round(est.mean * n)
        # every bin inside its 99.9 % Wilson interval (many bins are checked at once)
        assert proportion_ci(hits, n, z=3.2905).contains(exact), (k, hits / n, exact)
    for name, exact in odds.card_probability.items():
        est = sim_never.first_deal_card_probability[name]
        assert proportion_ci(round(est.mean * n), n, z=3.2905).contains(exact), name
    # one headline figure at the reported 95 % level
    assert sim_never.first_deal_card_probability["Танаби"].contains(0.5)


def test_simulated_values_are_optimal_squads(deck, sim_never):
    """The first-deal squad value is the optimizer's; it is never below the greedy baseline."""
    assert sim_never.first_deal_optimizer_gain.mean >= 0
    assert sim_never.first_deal_optimizer_gain.lo <= sim_never.first_deal_optimizer_gain.hi
    assert sim_never.squad_value.mean == pytest.approx(sim_never.first_deal_value.mean)
    assert sim_never.mulligan_rate.mean == 0
    assert sum(e.mean for e in sim_never.cards_recruited.values()) == pytest.approx(1.0)
    d = sim_never.to_dict()
    assert set(d["squad_value"]) == {"mean", "ci95", "n"} and d["thresholds"] == []


def test_optimizer_never_below_greedy_deal_by_deal(deck):
    """Deal by deal (not only on average), the optimum is at least the rulebook's greedy squad."""
    rng = np.random.default_rng(5)
    cards = deck.cards()
    rules = load_ruleset("relaunch")
    gains = []
    for _ in range(200):
        deal = [cards[i] for i in rng.choice(len(cards), 15, replace=False)]
        result = recruit(deal, rules, 1, objective="crystals")
        assert result.value >= result.greedy_value, [c.name for c in deal]
        gains.append(result.value - result.greedy_value)
    assert max(gains) > 0  # on some deals the optimizer does strictly better


def test_deterministic_deck_has_exact_answers(db):
    """A 15-card deck dealt 15: every deal is the whole deck, so everything is known exactly."""
    cards = read_deck(sample_deck_paths()[0], db).cards()[:15]
    deck = Deck("fifteen", tuple(DeckEntry(c, 1) for c in cards))
    rules = load_ruleset("classic")  # pay a gold, redeal the same 15 (000 3.3)
    exact = [recruit(cards, rules, 1, mulligans=m, objective="crystals").value for m in range(4)]
    sim = simulate(deck, rules, 1, trials=300, seed=1, policy="optimal", horizon=3,
                   estimate_trials=60, objective="crystals")
    assert sim.thresholds == pytest.approx(exact[1:])  # C_m = V_{m+1}: redealing never helps
    assert sim.squad_value.mean == exact[0] and sim.mulligan_rate.mean == 0
    forced = simulate(deck, rules, 1, trials=50, seed=1, policy="threshold:1000", horizon=3,
                      objective="crystals")
    assert forced.squad_value.mean == exact[3] and forced.mulligans_taken[3].mean == 1.0


def test_backward_induction_by_hand():
    thresholds, est = backward_induction([np.array([0.0]), np.array([1.0, 5.0]), np.array([2.0, 4.0])])
    assert thresholds == [4.0, 3.0]  # C_1 = mean(2, 4); C_0 = mean(max(1, 3), max(5, 3))
    assert est[0].lo <= 4.0 <= est[0].hi


def test_optimal_policy_is_at_least_as_good(deck, sim_never):
    rules = load_ruleset("relaunch")
    opt = simulate(deck, rules, 1, trials=6000, seed=3, policy="optimal", horizon=3,
                   estimate_trials=800, objective="crystals")
    thr = simulate(deck, rules, 1, trials=6000, seed=3, policy="threshold:40", horizon=3,
                   objective="crystals")
    slack = lambda a, b: (a.hi - a.lo) / 2 + (b.hi - b.lo) / 2  # noqa: E731
    assert opt.squad_value.mean >= sim_never.squad_value.mean - slack(opt.squad_value, sim_never.squad_value)
    assert opt.squad_value.mean >= thr.squad_value.mean - slack(opt.squad_value, thr.squad_value)
    assert len(opt.thresholds) == 3 and opt.thresholds[0] > opt.thresholds[1] > opt.thresholds[2]
    assert 0 < opt.mulligan_rate.mean < 1
    assert sum(e.mean for e in opt.mulligans_taken.values()) == pytest.approx(1.0)


def test_shrink_model_deals_one_card_fewer(deck):
    rules = load_ruleset("realms")
    assert default_horizon(rules, 1) == 14
    sim = simulate(deck, rules, 1, trials=200, seed=2, policy="threshold:1000", horizon=10,
                   objective="crystals")
    assert set(sim.mulligans_taken) == {10}
    assert max(sim.cards_recruited) <= rules.deal.size_after(10) == 5


def test_seed_reproducible_and_process_count_independent(deck):
    rules = load_ruleset("classic")
    calls = []
    a = simulate(deck, rules, 2, trials=2500, seed=9, policy="optimal", horizon=2, estimate_trials=200,
                 progress=lambda d, t: calls.append((d, t)))
    b = simulate(deck, rules, 2, trials=2500, seed=9, policy="optimal", horizon=2, estimate_trials=200,
                 processes=2)
    assert a.to_dict() == b.to_dict()
    assert calls[-1][0] == calls[-1][1] == 2500 + 3 * 200
    c = simulate(deck, rules, 2, trials=2500, seed=10, policy="never", objective="crystals")
    assert c.to_dict() != a.to_dict()


def test_bad_inputs(deck):
    rules = load_ruleset("relaunch")
    with pytest.raises(BerserkInputError, match="policy"):
        parse_policy("sometimes")
    with pytest.raises(BerserkInputError, match="horizon"):
        simulate(deck, rules, trials=10, policy="optimal", horizon=99, objective="crystals")
    with pytest.raises(BerserkInputError, match="trials"):
        simulate(deck, rules, trials=0, objective="crystals")
    assert parse_policy("threshold:44.5").value == 44.5
    tiny = replace(rules, deal=replace(rules.deal, size=40, min_size=40))
    sim = simulate(deck, tiny, trials=20, seed=1,
                   objective="crystals")  # a deal larger than the deck deals the whole deck
    assert sim.cards_recruited


def test_binned_histogram_covers_every_value():
    values = np.array([0.1, 0.2, 0.25, 1.0, 1.9, 2.0])
    bins = binned_histogram(values, bins=4)
    assert len(bins) == 4 and bins[0].lo == pytest.approx(0.1) and bins[-1].hi == pytest.approx(2.0)
    assert [round(b.share.mean * 6) for b in bins] == [3, 1, 0, 2]  # the maximum falls in the last bin
    assert sum(b.share.mean for b in bins) == pytest.approx(1.0)
    assert all(b.share.lo - 1e-12 <= b.share.mean <= b.share.hi for b in bins)
    assert len(binned_histogram(np.array([3.0, 3.0]))) == 1 and binned_histogram(np.array([])) == ()


def test_strength_values_have_a_binned_distribution(deck):
    """Strength values are not whole numbers: no pmf, but bins that hold every simulated squad and
    whose range is the range of the values (the mean lies inside it)."""
    sim = simulate(deck, load_ruleset("relaunch"), 1, trials=800, seed=2, objective="strength")
    assert not sim.squad_value_pmf and sim.squad_value_bins
    assert sum(b.share.mean for b in sim.squad_value_bins) == pytest.approx(1.0)
    assert sim.squad_value_bins[0].lo <= sim.squad_value.mean <= sim.squad_value_bins[-1].hi
    centre = sum((b.lo + b.hi) / 2 * b.share.mean for b in sim.squad_value_bins)
    width = sim.squad_value_bins[0].hi - sim.squad_value_bins[0].lo
    assert centre == pytest.approx(sim.squad_value.mean, abs=width / 2)
    assert len(sim.to_dict()["squad_value_bins"]) == len(sim.squad_value_bins)


def test_suggested_threshold_is_on_the_objective_scale(deck):
    rules = load_ruleset("relaunch")
    assert suggested_threshold(deck, rules, objective="crystals").value == CRYSTAL_THRESHOLD
    tip = suggested_threshold(deck, rules, 1, "strength", trials=400, seed=5)
    assert (tip.quantile, tip.trials, tip.seed) == (0.1, 400, 5)
    never = simulate(deck, rules, 1, trials=400, seed=5, objective="strength")
    first = list(never.squad_value_bins)
    assert first[0].lo <= tip.value <= first[-1].hi  # a quantile of first deals: on the strength scale
    # about a tenth of first deals lie below it (other deals: the simulation draws from its own child
    # seeds, so compare shares loosely)
    below = sum(b.share.mean for b in first if b.hi <= tip.value)
    above = sum(b.share.mean for b in first if b.lo >= tip.value)
    assert below < 0.2 and above > 0.8
    assert suggested_threshold(deck, rules, 1, "strength", trials=400, seed=5) == tip
    median = suggested_threshold(deck, rules, 1, "strength", trials=400, seed=5, quantile=0.5)
    assert median.value > tip.value
    with pytest.raises(BerserkInputError, match="quantile"):
        suggested_threshold(deck, rules, objective="strength", quantile=1.5)
