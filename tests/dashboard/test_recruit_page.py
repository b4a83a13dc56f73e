"""Recruit page (AppTest): the squad shown is the optimizer's answer for the deal, seat and mulligans."""

from __future__ import annotations

import pytest
from app_helpers import frame_with, metric, open_app, plotly_specs, set_sidebar, texts, trace_values

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.squad.recruit import recruit
from analysis.squad.strength_table import strength_table
from analysis.summaries.squad import budget_frame, copy_choices, random_deal
from analysis.util.numbers import figure

DB = load_cards()
DECK = read_deck(sample_deck_paths()[0], DB)  # tournament-01, the deck loaded on first open


def test_random_deal_gives_the_optimal_squad_and_budget():
    at = open_app("recruit")
    rules = load_ruleset("relaunch")
    deal = random_deal(DECK, 15, 1)
    rec = recruit(deal, rules, player=1, mulligans=0, top=3)
    assert metric(at, "Squad value") == figure(rec.value, "strength")
    assert metric(at, "Cards") == str(len(rec.squad))
    assert len(metric(at, "Squad value").split(".")[1]) == 2  # issue 21 item 9: two decimals, not 19.8255
    assert metric(at, "Greedy (elites first)") == figure(rec.greedy_value, "strength")
    budget = budget_frame(rec.payment, rec.squad, rules)
    spec = plotly_specs(at)[0]
    used = next(t for t in spec["data"] if t["name"] == "used")
    assert trace_values(used, "x") == list(budget.used)
    alternatives = frame_with(at, "Gap")
    values = alternatives.Value.astype(float)
    assert len(alternatives) == 1 + len(rec.alternatives)
    assert values.iloc[0] == pytest.approx(rec.value, rel=1e-3)  # shown rounded
    assert (values <= rec.value * (1 + 1e-3)).all()


def test_the_squad_shows_each_cards_value_and_the_objective_its_unit():
    at = open_app("recruit")
    rules = load_ruleset("relaunch")
    rec = recruit(random_deal(DECK, 15, 1), rules)  # the default objective: strength
    squad = frame_with(at, "Value")
    assert sorted(squad.Card) == sorted(c.name for c in rec.squad)
    assert squad.Value.astype(float).sum() == pytest.approx(rec.value, abs=1e-3)
    table = strength_table(rules)
    assert all(float(v) == pytest.approx(max(0.0, table.value(c)), abs=1e-3)
               for v, c in zip(squad.Value, sorted(rec.squad, key=lambda c: list(squad.Card).index(c.name)),
                               strict=True))
    box = texts(at.info)[0]
    assert "simulated battles" in box and "**Unit:** strength (log-odds of winning)" in box
    at.selectbox(key="recruit_objective").set_value("crystals").run()
    rec = recruit(random_deal(DECK, 15, 1), rules, objective="crystals")
    squad = frame_with(at, "Value")
    assert squad.Value.sum() == rec.value  # crystals: each card's value is its cost
    assert all(v == c for v, c in zip(squad.Value, squad.Cost, strict=True))
    box = texts(at.info)[0]
    assert "**What it measures:** how many crystals" in box and "**Unit:** crystals" in box
    at.selectbox(key="recruit_objective").set_value("rating").run()
    box = texts(at.info)[0]
    assert "exact chance (0 to 1) to win a duel" in box and "expected duel wins" in box


def test_seat_mulligans_and_seed_change_the_answer():
    at = open_app("recruit")
    at.radio(key="recruit_seat").set_value(2).run()
    at.number_input(key="recruit_mulligans").set_value(2).run()
    at.number_input(key="recruit_seed").set_value(7).run()
    rules = load_ruleset("relaunch")
    rec = recruit(random_deal(DECK, rules.deal.size_after(2), 7), rules, player=2, mulligans=2)
    assert metric(at, "Squad value") == figure(rec.value, "strength")
    assert metric(at, "Gold left") == str(rec.payment.gold_left)


def test_realms_deal_shrinks_with_mulligans():
    at = open_app("recruit")
    set_sidebar(at, rules_name="realms")
    at.number_input(key="recruit_mulligans").set_value(3).run()
    assert any("12 cards dealt with seed 1" in c and "after 3 mulligans" in c for c in texts(at.caption))
    rec = recruit(random_deal(DECK, 12, 1), load_ruleset("realms"), player=1, mulligans=3)
    assert metric(at, "Squad value") == figure(rec.value, "strength")


def test_chosen_cards_and_weights():
    at = open_app("recruit")
    at.radio(key="recruit_source").set_value("chosen").run()
    assert any("Pick the cards" in i for i in texts(at.info))
    choices = copy_choices(DECK)
    picked = [label for label, _ in choices[::2]][:15]
    at.multiselect(key="recruit_pick").set_value(picked).run()
    deal = [card for label, card in choices if label in picked]
    rules = load_ruleset("relaunch")
    rec = recruit(deal, rules)
    assert metric(at, "Squad value") == figure(rec.value, "strength")
    at.selectbox(key="recruit_objective").set_value("crystals").run()
    rec = recruit(deal, rules, objective="crystals")
    assert metric(at, "Squad value") == figure(rec.value, "crystals")
    top_card = max(rec.squad, key=lambda c: c.cost)
    at.selectbox(key="recruit_objective").set_value("weights").run()
    at.multiselect(key="recruit_avoid").set_value([top_card.name]).run()
    weighted = recruit(deal, rules, objective="weights", weights={top_card.key: 0.0})
    assert metric(at, "Squad value") == figure(weighted.value, "crystals")
    assert weighted.value < rec.value


def test_rating_objective_uses_duel_ratings():
    from analysis.summaries.squad import deck_ratings

    at = open_app("recruit")
    at.selectbox(key="recruit_objective").set_value("rating").run()
    assert not at.exception
    rules = load_ruleset("relaunch")
    ratings = deck_ratings(DECK, rules)
    rec = recruit(random_deal(DECK, 15, 1), rules, objective="rating", ratings=ratings, top=3)
    assert metric(at, "Squad value") == figure(rec.value, "strength")
    assert all(0 <= r <= 1 for r in ratings.values())


def test_kept_choices_of_another_deck_are_dropped():
    """Weights and a hand-picked deal are kept across pages, and dropped for cards a new deck lacks."""
    at = open_app("recruit")
    at.selectbox(key="recruit_objective").set_value("weights").run()
    name = DECK.entries[0].card.name
    at.multiselect(key="recruit_avoid").set_value([name]).run()
    at.switch_page("pages/deck.py").run()
    at.switch_page("pages/recruit.py").run()
    assert at.multiselect(key="recruit_avoid").value == [name]
    at.switch_page("pages/deck.py").run()
    at.selectbox(key="sample_pick").set_value("tournament-04")
    at.button(key="load_sample").click().run()
    at.switch_page("pages/recruit.py").run()
    assert not at.exception
    assert at.multiselect(key="recruit_avoid").value == []
