"""Squad tables: deals, budget bars and alternatives agree with the economy and the optimizer."""

from __future__ import annotations

import pytest

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.squad.economy import check_squad, mulligan_gold
from analysis.squad.prices import squad_prices
from analysis.squad.recruit import recruit
from analysis.summaries.squad import (
    alternatives_frame,
    budget_frame,
    copy_choices,
    random_deal,
    squad_difference,
    squad_frame,
)
from analysis.util.errors import BerserkInputError

DB = load_cards()
DECKS = [read_deck(p, DB) for p in sample_deck_paths()]


def test_random_deal_is_seeded_and_drawn_from_the_deck():
    deck = DECKS[0]
    deal = random_deal(deck, 15, 5)
    assert deal == random_deal(deck, 15, 5) and len(deal) == 15
    pool = deck.counts_by_name()
    for card in deal:
        assert sum(1 for c in deal if c.key == card.key) <= pool[card.key]
    assert any(random_deal(deck, 15, s) != deal for s in range(6, 10))
    with pytest.raises(BerserkInputError):
        random_deal(deck, deck.size + 1, 1)


@pytest.mark.parametrize("rules_name", ["classic", "relaunch", "realms"])
@pytest.mark.parametrize("player", [1, 2])
def test_budget_bars_add_up(rules_name, player):
    rules = load_ruleset(rules_name)
    for seed, deck in enumerate(DECKS):
        mulligans = seed % 3
        deal = random_deal(deck, rules.deal.size_after(mulligans), seed)
        rec = recruit(deal, rules, player=player, mulligans=mulligans, objective="crystals")
        assert check_squad(rec.squad, rules, player, mulligans).ok
        frame = budget_frame(rec.payment, rec.squad, rules, mulligans).set_index("resource")
        gold = frame.loc["gold"]
        seat_gold, seat_silver = rules.seat_crystals(player)
        assert gold["mulligans"] == mulligan_gold(rules, mulligans)
        assert gold["used"] + gold["left"] + gold["element penalty"] + gold["mulligans"] == gold["capacity"]
        assert gold["capacity"] == seat_gold + max(0, rec.payment.element_adjustment)
        assert frame.loc["silver", "capacity"] == seat_silver
        # (what the squad costs to recruit: the printed costs less its ``discount`` facts, 000 glossary
        # "Costs X less")
        paid = sum(squad_prices(rec.squad, mulligans)[0])
        assert frame.loc["silver", "used"] + frame.loc["gold", "used"] == paid
        assert frame.loc["squad size", "used"] == len(rec.squad)
        flyers = sum(c.cost for c in rec.squad if c.is_flyer)
        assert frame.loc["flyer cap", "used"] == flyers


def test_alternatives_and_differences():
    rules = load_ruleset("relaunch")
    rec = recruit(random_deal(DECKS[7], 15, 3), rules, top=4, objective="crystals")
    frame = alternatives_frame(rec)
    assert list(frame["rank"]) == list(range(1, len(rec.alternatives) + 2))
    assert frame.value.iloc[0] == rec.value and (frame.gap >= 0).all()
    only_best, only_greedy = squad_difference(rec.squad, rec.greedy_squad)
    assert len(rec.squad) - len(only_best) == len(rec.greedy_squad) - len(only_greedy)
    squad = squad_frame(rec.squad)
    assert len(squad) == len(rec.squad) and squad.cost.sum() == sum(c.cost for c in rec.squad)
    assert "value" not in squad.columns


def test_squad_frame_shows_each_cards_value_summing_to_the_squad_value():
    from analysis.squad.recruit import card_values

    rules = load_ruleset("relaunch")
    deal = random_deal(DECKS[2], 15, 5)
    weights = {deal[0].key: 2.0}
    rec = recruit(deal, rules, objective="weights", weights=weights)
    squad = squad_frame(rec.squad, card_values(rec.squad, "weights", weights=weights))
    assert squad.value.sum() == pytest.approx(rec.value)
    by_name = dict(zip(squad.name, squad.value, strict=False))
    assert by_name.get(deal[0].name, 2.0 * deal[0].cost) == 2.0 * deal[0].cost


def test_copy_choices_label_every_copy():
    deck = DECKS[0]
    choices = copy_choices(deck)
    assert len(choices) == deck.size and len({label for label, _ in choices}) == deck.size


def test_alternatives_name_their_changes():
    rules = load_ruleset("relaunch")
    rec = recruit(random_deal(DECKS[7], 15, 1), rules, top=3, objective="crystals")
    frame = alternatives_frame(rec)
    assert frame.changes.iloc[0] == "(best)"
    for alt, changes in zip(rec.alternatives, frame.changes.iloc[1:], strict=True):
        dropped, added = squad_difference(rec.squad, alt.squad)
        assert changes.count("+") == len(added) and changes.count("−") == len(dropped)


def test_deck_ratings_cover_every_card():
    from analysis.combat.ratings import ratings_map
    from analysis.summaries.squad import deck_ratings

    deck = DECKS[7]  # has artifacts, a terrain and flyers
    rules = load_ruleset("relaunch")
    ratings = deck_ratings(deck, rules)
    assert set(ratings) == set(deck.counts_by_name())
    fighters = [e.card for e in deck.entries if e.card.is_creature and e.card.strike and e.card.life]
    direct = ratings_map(rules, cards=fighters)
    for card in (e.card for e in deck.entries):
        assert ratings[card.key] == (direct[card.key] if card in fighters else 0.0)
