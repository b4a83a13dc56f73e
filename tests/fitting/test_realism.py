"""The realism check's pure parts (analysis/fitting/realism.py, scripts/realism.py): piles keep the
deck's profile and never use a played card; the AUC against a hand count and against scipy's ranks;
the score intervals; the script's option bounds. No battles."""

from __future__ import annotations

import importlib.util
import itertools
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from analysis.decks.deck import Deck, read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.fitting.realism import (
    MAX_COST_WIDENING,
    auc,
    average_ranks,
    bootstrap_auc,
    bootstrap_aucs,
    build_pile,
    mean_over_piles,
    mean_score,
    pile_pool,
    played_keys,
    score_estimate,
    separation,
)
from analysis.squad.deals import proportion_ci
from analysis.squad.strength_table import strength_table
from analysis.util.errors import BerserkInputError
from tests.conftest import make_deck

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "realism.py"


@pytest.fixture(scope="module")
def samples(db) -> list[Deck]:
    return [read_deck(p, db) for p in sample_deck_paths()]


@pytest.fixture(scope="module")
def pool(db, samples, relaunch) -> list:
    return pile_pool(db, samples, relaunch)


# --------------------------------------------------------------------------- piles of the sample decks


def test_the_pool_holds_no_played_name_no_ban_and_only_the_decks_sets(pool, samples, relaunch):
    played = played_keys(samples)
    sets = {e.card.set_id for d in samples for e in d.entries}
    assert pool and all(c.key not in played for c in pool)
    assert all(c.set_id in sets and not c.banned and c.complete for c in pool)
    assert played == {e.card.key for d in samples for e in d.entries}


@pytest.mark.parametrize("seed", [0, 7])
def test_each_sample_pile_keeps_the_profile_and_is_legal(samples, pool, relaunch, seed):
    played = played_keys(samples)
    for deck in samples:
        pile = build_pile(deck, pool, relaunch, seed)
        elements = {e for entry in deck.entries for e in entry.card.elements}
        assert pile.deck.size == deck.size
        assert [r.count for r in pile.replacements] == [e.count for e in deck.entries]
        for r, entry in zip(pile.replacements, deck.entries, strict=True):
            assert r.original == entry.card
            assert r.card.key not in played
            assert (r.card.type, r.card.elite) == (entry.card.type, entry.card.elite)
            assert r.card.cost - entry.card.cost == r.cost_shift
            assert abs(r.cost_shift) <= MAX_COST_WIDENING
            assert set(r.card.elements) <= elements  # the deck's own elements, or none
            assert r.element_differs == (r.card.elements != entry.card.elements)
        report = check_deck(pile.deck, relaunch)
        assert report.legal, [p.message for p in report.problems]


def test_a_pile_is_a_function_of_its_seed(samples, pool, relaunch):
    deck = samples[0]
    first = build_pile(deck, pool, relaunch, 3)
    assert first == build_pile(deck, pool, relaunch, 3)
    others = {build_pile(deck, pool, relaunch, s).deck for s in range(4, 9)}
    assert len(others | {first.deck}) > 1


def test_the_cost_is_widened_only_when_no_card_of_that_cost_is_left(samples, pool, relaunch):
    """Replay the rule by hand: a widened group had no unused pool card of its type, flag, element
    and cost; an unwidened one kept its element."""
    for deck in samples:
        pile = build_pile(deck, pool, relaunch, 11)
        held: set[str] = set()
        for r in pile.replacements:
            o = r.original
            exact = [c for c in pool if (c.type, c.elite, c.elements, c.cost) == (o.type, o.elite, o.elements,
                                                                                 o.cost)
                     and c.key not in held]
            if r.cost_shift or r.element_differs or r.reused:
                assert not exact, f"{o.label()} was widened though {exact[0].label()} matched"
            else:
                assert r.card in exact
            held.add(r.card.key)


# --------------------------------------------------------------------------- piles of small made-up pools


def _cards(db, n: int):
    """``n`` plain silver, non-unique ground creatures of one element, to rewrite."""
    out = [c for c in db if c.type == "creature" and not c.elite and not c.unique and not c.horde
           and c.elements == ("darkness",)]
    return out[:n]


def test_widening_is_counted_and_a_missing_match_names_the_card(db, relaunch):
    base, a, b = _cards(db, 3)
    original = replace(base, cost=4)
    deck = make_deck([(original, 3)])
    pile = build_pile(deck, [replace(a, cost=5), replace(b, cost=7)], relaunch, 0)
    (r,) = pile.replacements
    assert (r.card.cost, r.cost_shift, pile.widened_groups, pile.widened_copies) == (5, 1, 1, 3)
    with pytest.raises(BerserkInputError, match=original.name):
        build_pile(deck, [replace(b, cost=8)], relaunch, 0)


def test_uniqueness_is_matched_first(db, relaunch):
    base, a, b = _cards(db, 3)
    deck = make_deck([(replace(base, cost=4, unique=True), 1)])
    pool = [replace(a, cost=4, unique=False), replace(b, cost=4, unique=True)]
    for seed in range(10):
        (r,) = build_pile(deck, pool, relaunch, seed).replacements
        assert r.card.unique and not r.unique_differs


def test_a_card_is_reused_only_when_nothing_else_is_left_and_within_the_copy_limit(db, relaunch):
    x, y, a = _cards(db, 3)
    deck = make_deck([(replace(x, cost=4), 1), (replace(y, cost=4), 2)])
    pile = build_pile(deck, [replace(a, cost=4)], relaunch, 0)
    assert [r.reused for r in pile.replacements] == [False, True]
    assert pile.deck.counts_by_name() == {a.key: 3}
    bigger = make_deck([(replace(x, cost=4), 2), (replace(y, cost=4), 2)])  # 4 copies: over the limit of 3
    with pytest.raises(BerserkInputError):
        build_pile(bigger, [replace(a, cost=4)], relaunch, 0)


# --------------------------------------------------------------------------- AUC


def test_auc_against_a_hand_count():
    # pairs (played, unplayed): 3>1, 3<5, 3>2 → 2; 5>1, 5=5 (½), 5>2 → 2.5 twice; 7 of 9 pairs
    assert auc([3, 5, 5], [1, 5, 2]) == pytest.approx(7 / 9)
    assert auc([1], [2]) == 0.0 and auc([2], [1]) == 1.0 and auc([4, 4], [4]) == 0.5


def test_average_ranks_and_auc_match_scipy():
    rng = np.random.default_rng(5)
    for _ in range(20):
        pos = rng.integers(0, 6, rng.integers(1, 30)).astype(float)
        neg = rng.integers(0, 6, rng.integers(1, 30)).astype(float)
        both = np.concatenate([pos, neg])
        assert np.allclose(average_ranks(both), stats.rankdata(both))
        u = stats.mannwhitneyu(pos, neg, alternative="two-sided").statistic
        assert auc(pos, neg) == pytest.approx(u / (len(pos) * len(neg)))
        assert auc(pos, neg) + auc(neg, pos) == pytest.approx(1.0)


def test_auc_by_brute_force_over_pairs():
    rng = np.random.default_rng(9)
    pos, neg = rng.normal(0.3, 1, 17).round(1), rng.normal(0, 1, 23).round(1)
    pairs = [1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(pos, neg)]
    assert auc(pos, neg) == pytest.approx(sum(pairs) / len(pairs))


def test_auc_refuses_empty_groups_and_missing_scores():
    with pytest.raises(BerserkInputError):
        auc([], [1.0])
    with pytest.raises(BerserkInputError):
        auc([float("nan")], [1.0])


def test_bootstrap_is_seeded_and_brackets_the_value():
    rng = np.random.default_rng(2)
    pos, neg = rng.normal(0.5, 1, 60), rng.normal(0, 1, 200)
    est = bootstrap_auc(pos, neg, resamples=300, seed=4)
    assert est == bootstrap_auc(pos, neg, resamples=300, seed=4)
    assert est.lo < est.value < est.hi and est.lo >= 0.0 and est.hi <= 1.0
    with pytest.raises(BerserkInputError, match="--bootstrap"):
        bootstrap_auc(pos, neg, resamples=0)


def test_separation_uses_the_fitted_strength_and_splits_by_played_name(db, samples, relaunch):
    played = played_keys(samples)
    creatures = [c for c in db if c.set_id == 60 and c.is_creature]
    table = strength_table(relaunch)
    sep = separation("set 60", creatures, played, table, resamples=50, seed=1)
    pos = [c for c in creatures if c.key in played]
    neg = [c for c in creatures if c.key not in played]
    assert (sep.played, sep.unplayed) == (len(pos), len(neg))
    strengths = auc([table.value(c) for c in pos], [table.value(c) for c in neg])
    assert sep.strength.value == pytest.approx(strengths)
    assert sep.rarity.value == pytest.approx(auc([c.rarity for c in pos], [c.rarity for c in neg]))
    assert sep.strength_minus_rarity.value == pytest.approx(sep.strength.value - sep.rarity.value)


# --------------------------------------------------------------------------- scores


def test_a_draw_counts_half_in_the_score_and_its_interval():
    score, lo, hi = score_estimate(wins=6, draws=2, games=10)
    est = proportion_ci(7, 10)
    assert (score, lo, hi) == pytest.approx((0.7, est.lo, est.hi))


def test_mean_scores_and_their_intervals():
    mean, lo, hi = mean_score([(0.6, 100), (0.8, 100)])
    half = 1.959963984540054 * np.sqrt(0.6 * 0.4 / 100 + 0.8 * 0.2 / 100) / 2
    assert (mean, lo, hi) == pytest.approx((0.7, 0.7 - half, 0.7 + half))
    mean, lo, hi = mean_over_piles([[0.5, 0.7], [0.9, 0.9]])
    half = 1.959963984540054 * np.sqrt(0.02 / 2 + 0.0) / 2
    assert (mean, lo, hi) == pytest.approx((0.75, 0.75 - half, 0.75 + half))
    with pytest.raises(BerserkInputError, match="--piles"):
        mean_over_piles([[0.5]])


# --------------------------------------------------------------------------- the script's options


def _script():
    spec = importlib.util.spec_from_file_location("realism_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("argv, name", [
    (["--games", "0"], "--games"), (["--seed", "-1"], "--seed"), (["--processes", "0"], "--processes"),
    (["--piles", "0"], "--piles"), (["--bootstrap", "0"], "--bootstrap"),
])
def test_the_script_refuses_out_of_bounds_options_with_exit_2(argv, name, capsys, tmp_path):
    assert _script().main([*argv, "--out", str(tmp_path / "r")]) == 2
    assert name in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_script_refuses_an_output_folder_that_does_not_exist(capsys, tmp_path):
    assert _script().main(["--out", str(tmp_path / "missing" / "r")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_deck_seeds_are_reproducible_and_distinct():
    seeds = _script().deck_seeds(19, 10, 5)
    assert seeds == _script().deck_seeds(19, 10, 5)
    flat = [s for row in seeds for s in row]
    assert len(set(flat)) == 50 and all(0 <= s < 2**63 for s in flat)


def test_scores_bootstrapped_together_give_paired_differences():
    rng = np.random.default_rng(8)
    pos, neg = rng.normal(0.4, 1, 40), rng.normal(0, 1, 90)
    noisy_pos, noisy_neg = pos + rng.normal(0, 0.5, 40), neg + rng.normal(0, 0.5, 90)
    (a, b, same), (a_b, a_same) = bootstrap_aucs([pos, noisy_pos, pos], [neg, noisy_neg, neg], 400, 3)
    assert a == bootstrap_auc(pos, neg, 400, 3)  # one score alone draws the same resamples
    assert (a_same.value, a_same.lo, a_same.hi) == (0.0, 0.0, 0.0)  # a score against itself, paired
    assert a_b.value == pytest.approx(a.value - b.value)
    assert a_b.hi - a_b.lo < (a.hi - a.lo) + (b.hi - b.lo)  # pairing narrows the difference's interval
    with pytest.raises(BerserkInputError):
        bootstrap_aucs([pos, pos[:10]], [neg, neg], 10, 0)
