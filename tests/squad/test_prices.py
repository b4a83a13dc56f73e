"""Recruitment prices the squad's own cards change (000 glossary "Costs X less", 3.6, 2.15): the
``discount`` and ``recruit_gold`` facts in the payment and in the exact optimizer."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest

from analysis.cards.table import load_cards
from analysis.rules import load_ruleset
from analysis.squad.economy import check_squad, pay
from analysis.squad.prices import squad_prices
from analysis.squad.recruit import Recruiter, milp_value


@pytest.fixture(scope="module")
def db():
    return load_cards()


def plain(db, name: str, cost: int, type: str = "creature", elite: bool = False, classes=(), n: int = 0):
    """A card without facts: a copy of Кочевник with another name, cost, type and classes."""
    base = db.find("Кочевник")
    return replace(base, id=980_000 + n, number=n, name=name, cost=cost, type=type, elite=elite,
                   unique=False, classes=tuple(classes), elements=base.elements, abilities=None)


def test_mirage_makes_your_terrain_one_crystal_cheaper(db):
    """40/3 Мираж: while it is in the squad, your terrain costs 1 crystal less; a second Мираж
    gives no more (000 2.15: of identical named abilities only one applies)."""
    mirage, jamia = db.find("40/3"), db.find("60/22")
    assert squad_prices([jamia])[0] == [jamia.cost]
    assert squad_prices([mirage, jamia])[0] == [mirage.cost, jamia.cost - 1]
    assert squad_prices([mirage, mirage, jamia])[0][2] == jamia.cost - 1


def test_ammah_costs_two_gold_less_with_a_symbiote(db):
    """30/129 Аммах: 2 fewer (gold) crystals if the squad has a symbiote (a companion or parasite)."""
    ammah = db.find("30/129")
    companion = plain(db, "Comp", 3, "companion", n=1)
    parasite = plain(db, "Para", 2, "parasite", n=2)
    assert squad_prices([ammah])[0] == [ammah.cost]
    assert squad_prices([ammah, companion])[0][0] == ammah.cost - 2
    assert squad_prices([ammah, parasite])[0][0] == ammah.cost - 2
    p = pay([ammah, companion], load_ruleset("relaunch"))
    assert p.elite_cost == ammah.cost - 2


def test_sworn_costs_one_less_per_mulligan(db):
    """40/11 Присягнувшая: X fewer crystals, X = its player's mulligans."""
    sworn = db.find("40/11")
    assert squad_prices([sworn], mulligans=0)[0] == [sworn.cost]
    assert squad_prices([sworn], mulligans=2)[0] == [sworn.cost - 2]
    assert squad_prices([sworn], mulligans=9)[0] == [0]


def test_ermand_is_free_with_the_four_hero_classes_another_warrior_among_them(db):
    """40/213 Эрманд: free if the squad has a hero-mage, a hero-priest, a hero-rogue and another
    hero-warrior (he is one himself, which does not count)."""
    ermand = db.find("40/213")
    heroes = [plain(db, f"H{i}", 3, classes=(c,), n=10 + i)
              for i, c in enumerate(("Герой-маг", "Герой-жрец", "Герой-разбойник"))]
    warrior = plain(db, "W", 3, classes=("Герой-воин",), n=20)
    assert squad_prices([ermand, *heroes])[0][0] == ermand.cost
    assert squad_prices([ermand, *heroes, warrior])[0][0] == 0


def test_marauder_gives_a_gold_crystal(db):
    """50/184 Мародёр: recruiting it gives 1 gold crystal."""
    rules = load_ruleset("relaunch")
    marauder = db.find("50/184")
    assert pay([marauder], rules).gold == pay([], rules).gold + 1


def _tight(gold: int, silver: int, cards: int = 6):
    rules = load_ruleset("relaunch")
    return replace(rules, crystals=replace(rules.crystals, gold=gold, silver=silver),
                   squad=replace(rules.squad, max_cards=cards))


def test_recruiter_takes_the_terrain_only_mirage_makes_affordable(db):
    """The optimizer prices the squad as a whole: Мираж (3) + Аль-Джамия (2, now 1) fit in 4
    crystals, which the printed costs (5) would not."""
    mirage, jamia = db.find("40/3"), db.find("60/22")
    rules = _tight(gold=4, silver=0)
    deal = [mirage, jamia]
    r = Recruiter(deal, rules, player=1, objective="crystals")
    value, vec = r.solve(r.counts_of(deal))[0]
    assert sorted(c.name for c in r.cards_of(vec)) == sorted([mirage.name, jamia.name])
    assert value == mirage.cost + jamia.cost  # (the value is the printed cost: 000 7.3)
    assert check_squad(r.cards_of(vec), rules).ok
    assert value == pytest.approx(milp_value(deal, rules, 1))


def test_recruiter_counts_the_mulligans_of_the_sworn(db):
    """40/11 Присягнувшая (4) costs 2 after two mulligans: with 2 crystals it is taken only then."""
    sworn = db.find("40/11")
    rules = replace(_tight(gold=2, silver=0), deal=replace(load_ruleset("relaunch").deal))
    r = Recruiter([sworn], rules, player=1, objective="crystals")
    assert r.best_value(r.counts_of([sworn]), 0) == 0
    assert r.best_value(r.counts_of([sworn]), 2) == sworn.cost


def _brute(r: Recruiter, deal, mulligans: int, top: int):
    counts = r.counts_of(deal)
    ranked = []
    for vec in itertools.product(*(range(k + 1) for k in counts)):
        squad = r.cards_of(vec)
        if check_squad(squad, r.rules, r.player, mulligans).ok:
            ranked.append((sum(r.value[u] * k for u, k in enumerate(vec)), vec))
    ranked.sort(reverse=True)
    return ranked[:top]


def test_recruiter_with_prices_is_exact_against_brute_force_and_milp(db):
    """Random small deals of the price-changing cards and plain ones: the optimizer's top squads
    are those of a brute force over every sub-squad (checked by ``check_squad`` at the squad's
    prices), and its optimum is the MILP's."""
    specials = [db.find(c) for c in ("40/3", "30/129", "40/11", "40/213", "50/184", "60/22", "30/88")]
    fillers = [plain(db, f"P{i}", c, t, elite=e, classes=k, n=30 + i) for i, (c, t, e, k) in enumerate((
        (2, "creature", False, ("Герой-маг",)), (3, "creature", True, ("Герой-жрец",)),
        (2, "creature", False, ("Герой-разбойник",)), (3, "creature", True, ("Герой-воин",)),
        (2, "terrain", False, ()), (1, "companion", True, ()), (4, "creature", False, ())))]
    rng = np.random.default_rng(3)
    for _ in range(40):
        pool = specials + fillers
        deal = [pool[i] for i in rng.choice(len(pool), size=int(rng.integers(3, 8)), replace=False)]
        rules = _tight(gold=int(rng.integers(3, 10)), silver=int(rng.integers(0, 6)))
        mulligans = int(rng.integers(0, 3))
        r = Recruiter(deal, rules, player=1, objective="crystals")
        assert list(r.solve(r.counts_of(deal), mulligans, top=3)) == _brute(r, deal, mulligans, 3)
        best = r.best_value(r.counts_of(deal), mulligans)
        assert best == pytest.approx(milp_value(deal, rules, 1, mulligans))
