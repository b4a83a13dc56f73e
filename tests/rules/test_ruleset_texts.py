"""The words that describe a ruleset (the dashboard catalogs and the TOML's own ``description``) say
what its data says: the mulligan model, the second player's crystals, the ban list and the combat model.

Issue 21 item 1: the sidebar said relaunch mulligans cost a gold crystal while ``relaunch.toml`` has a
free, shrinking redeal. Each claim a text makes is checked against the loaded ruleset; a text that says
nothing about a topic (``relaunch-casual`` only says "without bans") is not asked to.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from analysis.rules import Ruleset, builtin_ruleset_names, load_ruleset

LOCALES = Path(__file__).resolve().parents[2] / "app" / "locales"

# Per language: words that mark a free redeal, a paid one, and any mention of mulligans at all.
FREE = {"ru": ("бесплатн",), "en": ("free",)}
PAID = {"ru": ("за 1 золот", "за золот"), "en": ("pay 1 gold", "costs 1 gold", "pay gold")}
MULLIGAN = {"ru": ("пересдач",), "en": ("mulligan", "redeal")}
GOLD = {"ru": r"\+(\d+) золот", "en": r"\+(\d+) gold"}
SILVER = {"ru": r"\+(\d+) серебр", "en": r"\+(\d+) silver"}
SECOND = {"ru": "второму игроку", "en": "second player"}
BAN_LIST = {"ru": "бан-лист марта", "en": "ban list of march"}
NO_BANS = {
    "ru": ("без бан", "разрешены все"),
    "en": ("without the ban", "without bans", "every card allowed"),
}
STRIKE_TABLE = {"ru": "таблица ударов", "en": "strike table"}
DEFENCE_DIE = {"ru": "кубик защиты", "en": "defence die"}


def _texts() -> list[tuple[str, str, str]]:
    """(ruleset, language, text) for every built-in ruleset in both catalogs and in its own TOML."""
    out = []
    for lang in ("ru", "en"):
        with open(LOCALES / f"{lang}.toml", "rb") as handle:
            described = tomllib.load(handle)["ruleset"]
        for name in builtin_ruleset_names():
            out.append((name, lang, described[name]["description"]))
    for name in builtin_ruleset_names():
        out.append((name, "en", load_ruleset(name).description))
    return out


def _claims_match(rules: Ruleset, lang: str, text: str) -> list[str]:
    """Every way ``text`` contradicts ``rules`` (empty when it says only true things)."""
    low = text.lower()
    wrong = []
    if any(w in low for w in MULLIGAN[lang]):
        free = rules.deal.mulligan_gold_cost == 0
        if free and not any(w in low for w in FREE[lang]):
            wrong.append("mulligans are free but the text does not say so")
        if free and any(w in low for w in PAID[lang]):
            wrong.append("mulligans are free but the text says they cost gold")
        if not free and not any(w in low for w in PAID[lang]):
            wrong.append(f"mulligans cost {rules.deal.mulligan_gold_cost} gold; the text does not say so")
        shrink = rules.deal.mulligan == "shrink"
        says_shrink = any(w in low for w in ("меньше", "уменьш", "smaller", "shrink"))
        if shrink != says_shrink:
            wrong.append(f"mulligan model is {rules.deal.mulligan!r}; the text says otherwise")
    if SECOND[lang] in low:
        tail = low.split(SECOND[lang], 1)[1]
        gold = re.search(GOLD[lang], tail)
        silver = re.search(SILVER[lang], tail)
        if (int(gold.group(1)) if gold else 0) != rules.crystals.second_player_gold:
            wrong.append(f"second player gold is +{rules.crystals.second_player_gold}")
        if (int(silver.group(1)) if silver else 0) != rules.crystals.second_player_silver:
            wrong.append(f"second player silver is +{rules.crystals.second_player_silver}")
    if BAN_LIST[lang] in low and not rules.bans.use_card_flag:
        wrong.append("the text names the ban list but the ruleset does not apply it")
    if any(w in low for w in NO_BANS[lang]) and rules.bans.use_card_flag:
        wrong.append("the text says no bans but the ruleset applies the ban list")
    if STRIKE_TABLE[lang] in low and rules.combat_model != "strike_table":
        wrong.append(f"combat model is {rules.combat_model!r}, not the Strike Table")
    if DEFENCE_DIE[lang] in low and rules.combat_model != "defence_die":
        wrong.append(f"combat model is {rules.combat_model!r}, not the defence die")
    return wrong


@pytest.mark.parametrize(
    ("name", "lang", "text"), [pytest.param(*x, id=f"{x[0]}-{x[1]}-{i}") for i, x in enumerate(_texts())]
)
def test_ruleset_text_matches_its_data(name, lang, text):
    assert _claims_match(load_ruleset(name), lang, text) == [], f"{name} ({lang}): {text}"


def test_the_checker_catches_the_old_relaunch_text():
    """The sentence the sidebar used to show for relaunch is caught (so the test above can fail)."""
    old = "Таблица ударов, пересдача за 1 золото, второму игроку +1 золото и +1 серебро."
    assert _claims_match(load_ruleset("relaunch"), "ru", old)
    assert _claims_match(load_ruleset("classic"), "ru", old)  # classic gives the second player no gold


def test_every_ruleset_says_how_mulligans_work_in_both_languages():
    """Rulesets with their own deal rules must describe the mulligan (casual inherits relaunch's)."""
    for name, lang, text in _texts():
        if name == "relaunch-casual":
            continue
        assert any(w in text.lower() for w in MULLIGAN[lang]), f"{name} ({lang}) omits the mulligan: {text}"
