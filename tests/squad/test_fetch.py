"""Before recruiting (data/README.md "Before recruiting"): a card reveals itself from the deal, goes
into the squad and fetches a card of the deck — 50/96 Нейя (4 cards of distinct costs 4-8 shown, a
card of the missing cost into the squad), 40/188 Вербовщик (3 elements shown, a card of a fourth into
the squad), 40/216 Поработитель Ордена (an elemental into the deal), 60/167 Гробовщик (a creature of
cost 5 or less into the graveyard). The side reveals only when that improves its squad; a deck
without such a card recruits as before."""

from __future__ import annotations

from dataclasses import replace

import pytest

from analysis.cards.table import load_cards
from analysis.rules import load_ruleset
from analysis.squad.fetch import best_fetch, candidates, fetch_facts, graveyard_fetches
from analysis.squad.recruit import Recruiter


@pytest.fixture(scope="module")
def db():
    return load_cards()


def plain(db, name: str, cost: int, n: int, elements=None, classes=(), type: str = "creature"):
    """A card without facts: a copy of Кочевник with another name, cost, elements and classes."""
    base = db.find("Кочевник")
    return replace(base, id=981_000 + n, number=n, name=name, cost=cost, type=type, elite=False,
                   unique=False, classes=tuple(classes),
                   elements=base.elements if elements is None else tuple(elements), abilities=None)


def test_neya_fetches_the_missing_cost_and_takes_it_into_the_squad(db):
    """50/96: shown costs 4, 5, 6, 7 from the deal: only a card of cost 8 may be fetched (not 5, shown;
    not 3, out of 4-8); the squad then holds Нейя and it, worth 8 more crystals."""
    neya = db.find("50/96")
    (ab,) = fetch_facts(neya)
    deal = [neya, *(plain(db, f"C{c}", c, c) for c in (4, 5, 6, 7))]
    c8, c5, c3 = plain(db, "C8", 8, 8), plain(db, "D5", 5, 15), plain(db, "C3", 3, 3)
    assert [c.name for c in candidates(neya, ab, deal, [c8, c5, c3])] == ["C8"]
    assert candidates(neya, ab, deal[:-1], [c8, c5, c3]) == []  # (only three costs shown)
    rules = load_ruleset("relaunch")
    deck = [*deal, c8, c5, c3]
    r = Recruiter(deck, rules, player=1, objective="crystals")
    counts = r.counts_of(deal)
    plain_best = r.solve(counts)[0]
    (value, vec), dealt = best_fetch(r, deck, counts, 0, plain_best)
    squad = r.cards_of(vec)
    assert "C8" in [c.name for c in squad] and neya in squad
    assert value == plain_best[0] + 8 and sum(dealt) == sum(counts) + 1


def test_recruiter_fetches_a_card_of_a_fourth_element(db):
    """40/188: three elements shown from the deal; a card of another element is fetched (not one of
    an element shown)."""
    recruiter = db.find("40/188")
    (ab,) = fetch_facts(recruiter)
    deal = [recruiter, plain(db, "S", 4, 21, ("steppes",)), plain(db, "M", 4, 22, ("mountains",)),
            plain(db, "F", 4, 23, ("forests",))]
    swamp, forest = plain(db, "Sw", 5, 24, ("swamps",)), plain(db, "F2", 5, 25, ("forests",))
    assert [c.name for c in candidates(recruiter, ab, deal, [forest, swamp])] == ["Sw"]
    assert candidates(recruiter, ab, deal[:3], [swamp]) == []


def test_enslaver_fetches_an_elemental_into_the_deal_only_if_it_pays(db):
    """40/216: an elemental of the deck joins the deal; with no elemental in the deck, nothing."""
    enslaver = db.find("40/216")
    deal = [enslaver, plain(db, "A", 3, 31)]
    elemental = plain(db, "El", 5, 32, classes=("Элементаль",))
    rules = load_ruleset("relaunch")
    deck = [*deal, elemental, plain(db, "B", 6, 33)]
    r = Recruiter(deck, rules, player=1, objective="crystals")
    counts = r.counts_of(deal)
    base = r.solve(counts)[0]
    (value, vec), dealt = best_fetch(r, deck, counts, 0, base)
    assert elemental in r.cards_of(dealt) and value == base[0] + 5
    r2 = Recruiter([*deal, plain(db, "B", 6, 33)], rules, player=1, objective="crystals")
    c2 = r2.counts_of(deal)
    assert best_fetch(r2, [*deal, plain(db, "B", 6, 33)], c2, 0, r2.solve(c2)[0])[1] == tuple(c2)


def test_undertaker_puts_a_cheap_creature_into_the_graveyard(db):
    """60/167: recruited, a creature of cost 5 or less of the deck goes into the graveyard — one with
    incarnation first."""
    undertaker = db.find("60/167")
    incarnate = next(c for c in db.cards if c.set_id == 60 and c.cost <= 5 and c.is_creature
                     and c.abilities is not None and any(a.kind == "incarnation" for a in c.abilities.played))
    rest = [plain(db, "Big", 7, 41), plain(db, "Small", 2, 42), incarnate]
    assert graveyard_fetches([undertaker], rest) == [incarnate]
    assert graveyard_fetches([undertaker], rest[:2])[0].name == "Small"
    assert graveyard_fetches([plain(db, "X", 3, 43)], rest) == []


def test_a_side_recruiting_the_undertaker_starts_with_a_creature_in_its_graveyard(db):
    """The matchup side (analysis.matchup.simulate): a squad holding 60/167 Гробовщик lies with one
    creature of cost 5 or less of its deck in the graveyard, taken out of the deck in battle."""
    from pathlib import Path

    from analysis.decks.deck import read_deck
    from analysis.matchup.simulate import _Side

    deck = read_deck(Path(__file__).parents[2] / "data" / "decks" / "tournament-02.txt", db)
    side = _Side(deck, load_ruleset("relaunch"), 1, (), "crystals")
    undertaker = next(c for c in side.cards if c.code == "60/167")
    squad = [undertaker]
    in_battle, grave = side.zones(squad, squad, 0)
    assert len(grave) == 1 and grave[0].cost <= 5 and grave[0].is_creature
    assert len(in_battle) == len(side.cards) - 2
