"""Crystals, the element adjustment and squad feasibility (RULES.md §1, §3) on the rulebook's examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from analysis.cards.table import load_cards
from analysis.rules import load_ruleset
from analysis.squad.economy import check_squad, max_mulligans, pay, seat_budget, squad_elements
from analysis.util.errors import BerserkInputError


@pytest.fixture(scope="module")
def db():
    return load_cards()


def test_seat_budgets_per_ruleset():
    assert seat_budget(load_ruleset("classic"), 1) == (23, 22)
    assert seat_budget(load_ruleset("classic"), 2) == (23, 23)
    assert seat_budget(load_ruleset("relaunch"), 2) == (24, 23)
    assert seat_budget(load_ruleset("classic"), 1, mulligans=3) == (20, 22)  # 000 3.3: 1 gold each
    assert seat_budget(load_ruleset("relaunch"), 1, mulligans=3) == (23, 22)  # 004 L129: free
    assert seat_budget(load_ruleset("realms"), 1, mulligans=3) == (23, 22)  # shrink: free
    with pytest.raises(BerserkInputError):
        seat_budget(load_ruleset("relaunch"), 1, mulligans=-1)


def test_max_mulligans_models():
    assert max_mulligans(load_ruleset("classic"), 1) == 23  # 1 gold each, while gold lasts
    assert max_mulligans(load_ruleset("relaunch"), 1) == 14  # 15, 14, ..., 1
    assert max_mulligans(load_ruleset("realms"), 1) == 14  # 15, 14, ..., 1


def test_004_example_1_steppes_swamps_neutral_player_1(db):
    squad = [db.find("Кочевник"), db.find("Полудница"), db.find("Регуэль")]
    assert squad_elements(squad) == ("steppes", "swamps")
    p = pay(squad, load_ruleset("realms"), player=1)
    assert (p.gold_eff, p.silver) == (23, 22)
    assert p.element_adjustment == 0


def test_004_example_2_one_element_player_2(db):
    squad = [db.find("Кочевник"), db.find("Регуэль")]
    p = pay(squad, load_ruleset("realms"), player=2)
    assert (p.gold_eff, p.silver) == (25, 23)
    assert p.element_adjustment == 1


def test_third_element_penalty_is_paid_before_the_card_003_L782(db):
    rules = load_ruleset("classic")
    # Two elements, 17 gold of elites: 23 - 17 = 6 gold left, no silver used.
    squad = [db.find("Чернокнижник"), db.find("Инзела"), db.find("Королева медуз")]
    p = pay(squad, rules, player=1)
    assert p.gold_left == 6 and p.elements == ("swamps", "darkness")
    elmor = db.find("Элмор")  # forests, elite, costs 6
    assert elmor.elite and elmor.cost == 6 and elmor.elements == ("forests",)
    verdict = check_squad(squad + [elmor], rules, player=1)
    assert not verdict.ok
    assert [v.code for v in verdict.violations] == ["elite_gold"]
    assert "22 gold is available" in verdict.reasons[0]
    # The same card as an ordinary card fits: it is paid with silver.
    assert check_squad(squad + [replace(elmor, elite=False)], rules, player=1).ok


def test_silver_first_keeps_gold(db):
    rules = load_ruleset("relaunch")
    squad = [db.find("Чернокнижник")] + [db.find("Немая стража")] * 3
    p = pay(squad, rules, player=1)
    assert (p.elite_cost, p.ordinary_cost) == (5, 12)
    assert (p.silver_spent, p.gold_spent) == (12, 5)
    assert (p.gold_left, p.silver_left) == (19, 10)  # one element: 23 + 1 gold
    big = [db.find("Немая стража")] * 7  # 28 crystals of ordinary cards: 22 silver + 6 gold
    p = pay(big, rules, player=1)
    assert (p.silver_spent, p.gold_spent, p.gold_left, p.silver_left) == (22, 6, 18, 0)


def test_every_violation_is_named(db):
    rules = load_ruleset("classic")
    flyer = db.find("Алый пламевержец")  # flyer, 5
    terrain = db.find("Аль-Джамия")
    companion = db.find("Дух ярости")
    squad = [flyer, flyer, flyer, flyer, terrain, terrain, companion, companion]
    codes = {v.code for v in check_squad(squad, rules).violations}
    assert {"flying_cap", "terrains", "uniqueness", "companion_host"} <= codes
    many = [db.find("Кочевник")] * 16
    codes = {v.code for v in check_squad(many, rules).violations}
    assert {"squad_size", "crystals"} <= codes


def test_uniqueness_models(db):
    elite_plain = db.find("Вереселень")  # elite, not unique-flagged
    assert elite_plain.elite and not elite_plain.unique
    assert check_squad([elite_plain, elite_plain], load_ruleset("classic")).ok
    v = check_squad([elite_plain, elite_plain], load_ruleset("realms"))
    assert [x.code for x in v.violations] == ["uniqueness"]


def test_multi_element_card_counts_each_element(db):
    base = db.find("Кочевник")
    dual = replace(base, id=999001, name="Dual", elements=("steppes", "forests"))
    third = db.find("Полудница")
    p = pay([dual, third], load_ruleset("relaunch"), player=1)
    assert p.elements == ("steppes", "forests", "swamps") and p.element_adjustment == -1
