"""Rulesets load from TOML, match RULES.md §1, and reject bad files with the offending key."""

from __future__ import annotations

import pytest

from analysis.errors import BerserkInputError
from analysis.paths import data_dir
from analysis.rules import builtin_ruleset_names, load_ruleset


def test_builtin_rulesets_exist():
    assert {"classic", "relaunch", "realms"} <= set(builtin_ruleset_names())


@pytest.mark.parametrize(
    ("name", "p2", "carry", "mulligan", "cap", "uniq", "combat"),
    [
        ("classic", (23, 23), True, "pay_gold", 15, "unique_flag", "strike_table"),
        ("relaunch", (24, 23), True, "shrink", 15, "unique_flag", "strike_table"),
        ("realms", (24, 23), False, "shrink", 0, "elite_unique", "defence_die"),
    ],
)
def test_table_of_rules_md(name, p2, carry, mulligan, cap, uniq, combat):
    rules = load_ruleset(name)
    assert rules.seat_crystals(1) == (23, 22)
    assert rules.seat_crystals(2) == p2
    assert rules.crystals.carry_over is carry
    assert rules.deal.size == 15 and rules.deal.mulligan == mulligan
    assert rules.squad.max_cards == 15 and rules.squad.max_terrains == 1
    assert rules.squad.flying_cost_cap == cap and rules.squad.uniqueness == uniq
    assert rules.combat_model == combat
    limits = rules.deck_limits("constructed")
    assert (limits.min_cards, limits.max_cards, limits.copies) == (30, 50, 3)


def test_economy_worked_examples():
    """004 L123/L125: P1 with two elements 23/22; P2 with one element 25/23."""
    rules = load_ruleset("realms")
    gold, silver = rules.seat_crystals(1)
    assert (gold + rules.elements.adjustment(2), silver) == (23, 22)
    gold, silver = rules.seat_crystals(2)
    assert (gold + rules.elements.adjustment(1), silver) == (25, 23)
    adjust = load_ruleset("relaunch").elements.adjustment
    assert [adjust(e) for e in range(6)] == [1, 1, 0, -1, -2, -3]


def test_shrinking_mulligan_sizes():
    assert [load_ruleset("realms").deal.size_after(k) for k in (0, 1, 14, 20)] == [15, 14, 1, 1]
    assert [load_ruleset("relaunch").deal.size_after(k) for k in (0, 1, 14)] == [15, 14, 1]  # 004 L129
    assert load_ruleset("classic").deal.size_after(3) == 15  # 000 3.3: pay a gold, redeal 15


def test_formats_and_horde():
    relaunch = load_ruleset("relaunch")
    assert relaunch.deck_limits("constructed").horde_copies == 5
    assert relaunch.deck_limits("draft").copies == 0
    with pytest.raises(BerserkInputError, match="has no 'draft' format"):
        load_ruleset("realms").deck_limits("draft")


def test_every_builtin_value_cites_a_source():
    for path in (data_dir() / "rules").glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        assert text.lstrip().startswith("#"), f"{path.name} has no header comment"


def test_user_ruleset_with_base(tmp_path):
    path = tmp_path / "cup.toml"
    path.write_text('base = "relaunch"\nname = "cup"\n[deck.bans]\nnames = ["Гуль"]\n', encoding="utf-8")
    rules = load_ruleset(str(path))
    assert rules.name == "cup" and rules.bans.names == ("Гуль",)
    assert rules.crystals == load_ruleset("relaunch").crystals


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ('base = "relaunch"\nname = "x"\n[crystals]\ngold = "many"\n', "crystals.gold"),
        ('base = "relaunch"\nname = "x"\n[crystals]\ngold = -1\n', "crystals.gold"),
        ('base = "relaunch"\nname = "x"\n[deal]\nmulligan = "free"\n', "deal.mulligan"),
        ('base = "relaunch"\nname = "x"\n[squad]\nflying_cap = 3\n', "squad.flying_cap"),
        ('base = "relaunch"\nname = "x"\n[deck.constructed]\nmin_cards = 60\n', "deck.constructed.min_cards"),
        ('base = "relaunch"\nname = "x"\n[combat]\nmodel = "chess"\n', "combat.model"),
        ('base = "nope"\nname = "x"\n', "base"),
        ('name = "x"\n', "deck"),
        ('base = "relaunch"\nname = "x"\nextra = 1\n', "extra"),
        ('base = "relaunch"\nname = "x"\n[deck.bans]\nallowed_sets = ["ten"]\n', "deck.bans.allowed_sets"),
    ],
)
def test_invalid_ruleset_names_the_key(tmp_path, body, key):
    path = tmp_path / "bad.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(BerserkInputError) as err:
        load_ruleset(str(path))
    assert f"'{key}'" in str(err.value) and "bad.toml" in str(err.value)


def test_unreadable_rulesets(tmp_path):
    with pytest.raises(BerserkInputError, match="unknown ruleset 'modern'"):
        load_ruleset("modern")
    with pytest.raises(BerserkInputError, match="no such ruleset file"):
        load_ruleset(str(tmp_path / "missing.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [", encoding="utf-8")
    with pytest.raises(BerserkInputError, match="not valid TOML"):
        load_ruleset(str(broken))
