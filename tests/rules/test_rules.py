"""Rulesets load from TOML, match RULES.md §1, and reject bad files with the offending key."""

from __future__ import annotations

import os

import pytest

from analysis.rules import builtin_ruleset_names, load_ruleset
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir


def test_builtin_rulesets_exist():
    assert {"classic", "relaunch", "relaunch-casual", "realms"} <= set(builtin_ruleset_names())


def test_relaunch_casual_is_relaunch_without_bans():
    relaunch, casual = load_ruleset("relaunch"), load_ruleset("relaunch-casual")
    assert relaunch.bans.use_card_flag and not casual.bans.use_card_flag
    assert casual.deal == relaunch.deal and casual.crystals == relaunch.crystals
    assert casual.formats == relaunch.formats and casual.squad == relaunch.squad


def test_a_base_may_itself_have_a_base(tmp_path):
    path = tmp_path / "casual-cup.toml"
    path.write_text('base = "relaunch-casual"\nname = "casual-cup"\n', encoding="utf-8")
    rules = load_ruleset(str(path))
    assert rules.name == "casual-cup" and not rules.bans.use_card_flag
    assert rules.crystals == load_ruleset("relaunch").crystals


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


# --------------------------------------------------------------------------- issue 13 #6, #11


def test_a_base_may_have_a_base(tmp_path):
    path = tmp_path / "cup.toml"
    path.write_text('base = "relaunch-banlist"\nname = "cup"\n', encoding="utf-8")
    rules = load_ruleset(str(path))
    banlist = load_ruleset("relaunch-banlist")
    assert rules.name == "cup" and rules.bans == banlist.bans and rules.formats == banlist.formats


def test_a_ruleset_without_a_name_is_named_after_its_file(tmp_path):
    path = tmp_path / "spring-cup.toml"
    path.write_text('base = "relaunch"\n[deck.bans]\nnames = ["Гуль"]\n', encoding="utf-8")
    assert load_ruleset(str(path)).name == "spring-cup"


def test_unknown_banned_names_and_sets_are_refused_with_the_cards(tmp_path, db):
    path = tmp_path / "typo.toml"
    path.write_text('base = "relaunch"\n[deck.bans]\nnames = ["Гульь", "Нет такой"]\n', encoding="utf-8")
    assert load_ruleset(str(path)).bans.names == ("Гульь", "Нет такой")  # no cards: not checked
    with pytest.raises(BerserkInputError) as err:
        load_ruleset(str(path), db)
    assert str(err.value) == (f"{path}: key 'deck.bans.names': unknown card 'Гульь' (and 1 more unknown); "
                              "closest names: " + ", ".join(repr(n) for n in db.suggest("Гульь")))
    path.write_text('base = "relaunch"\n[deck.bans]\nallowed_sets = [10, 99]\n', encoding="utf-8")
    with pytest.raises(BerserkInputError, match="'deck.bans.allowed_sets': no card has set id 99"):
        load_ruleset(str(path), db)
    for name in builtin_ruleset_names():
        load_ruleset(name, db)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('base = "relaunch"\n[crystals]\ngold = ' + "9" * 5000 + "\n", "not valid TOML"),
        ('base = "relaunch"\n[crystals]\ngold = 10_000_000_000\n', "must be between 0 and 1,000"),
        ('base = "relaunch"\n[crystals]\ngold = inf\n', "must be a whole number"),
        ("name = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested too deeply"),
        ('base = "relaunch"\n[deck.bans]\nallowed_sets = [10000]\n', "deck.bans.allowed_sets"),
    ],
    ids=["5000-digit integer", "ten billion", "infinity", "deep nesting", "set id 10000"],
)
def test_hostile_rulesets_are_input_errors(tmp_path, body, message):
    path = tmp_path / "evil.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(BerserkInputError, match=message):
        load_ruleset(str(path))


def test_a_fifo_ruleset_is_refused(tmp_path):
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    with pytest.raises(BerserkInputError, match=r"is a FIFO \(named pipe\), not a ruleset file"):
        load_ruleset(str(fifo))
