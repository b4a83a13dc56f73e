"""Combat page (AppTest): dice grid, exact outcome distribution, duel odds, one creature vs the deck."""

from __future__ import annotations

from app_helpers import MAIN, TIMEOUT, chart_titles, frame_with, metric, open_app, plotly_specs, texts
from streamlit.testing.v1 import AppTest

from analysis.cards.table import load_cards
from analysis.combat.duel import duel
from analysis.combat.strike import fighter_from_card, fighter_from_stats, strike_odds
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import load_ruleset
from analysis.summaries.combat import versus_deck, weighted_win
from analysis.util.numbers import figure

DB = load_cards()
DECK = read_deck(sample_deck_paths()[0], DB)
RELAUNCH = load_ruleset("relaunch")


def test_default_creatures_from_the_deck():
    at = open_app("combat")
    first, second = DECK.entries[0].card, DECK.entries[1].card
    att, tgt = fighter_from_card(first), fighter_from_card(second)
    titles = chart_titles(at)
    assert titles[:2] == [
        "Dice grid: wounds to target / to attacker (* weakened)",
        "Outcome distribution (exact)",
    ]
    grid = plotly_specs(at)[0]["data"][0]
    assert len(grid["text"]) == 6 and all(len(row) == 6 for row in grid["text"])
    odds = strike_odds(att, tgt, RELAUNCH)
    assert metric(at, "P(target dies)") == figure(float(odds.p_target_dies), "share")  # issue 21: percent
    result = duel(att, tgt, RELAUNCH)
    assert metric(at, "moving first") == figure(result.first_wins, "share")
    assert f"**{att.name}** wins:" in texts(at.markdown)
    versus = versus_deck(att, DECK, RELAUNCH)
    assert (
        metric(at, "Win probability against a random creature of the deck")
        == figure(weighted_win(versus), "share")
    )


def test_custom_stats_closed_target_and_policies():
    at = open_app("combat")
    at.radio(key="combat_attacker_kind").set_value("custom").run()
    at.text_input(key="combat_attacker_strike").input("3-4-6").run()
    at.number_input(key="combat_attacker_life").set_value(9).run()
    at.text_input(key="combat_attacker_mods").input("exp_attack=1").run()
    at.radio(key="combat_closed").set_value("closed").run()
    at.selectbox(key="combat_weaken").set_value("never").run()
    att = fighter_from_stats("3-4-6", 9, {"exp_attack": 1}, name="attacker 3-4-6/9")
    tgt = fighter_from_card(DECK.entries[1].card)
    odds = strike_odds(att, tgt, RELAUNCH, closed=True, weaken="never")
    outcomes = frame_with(at, "Exact (fraction)")
    assert sorted(outcomes["Exact (fraction)"].astype(str)) == sorted(str(o.p) for o in odds.outcomes)
    assert (outcomes["Wounds to attacker"] == 0).all()  # a closed target does not strike back
    at.selectbox(key="combat_duel_policy").set_value("optimal").run()
    result = duel(att, tgt, RELAUNCH, policy="optimal", weaken="never")
    duels = frame_with(at, "First wins")
    assert duels["First wins"].iloc[0] == figure(result.first_wins, "share")  # a static table: text
    assert set(duels["Play"]) == {"optimal"}


def test_the_chosen_creature_survives_a_bad_modifier_and_a_mode_switch():
    at = open_app("combat")
    other = next(c for c in DB if c.name == "Зомби-гризли" and DB.default_printing(c) is c)
    at.selectbox(key="combat_attacker_card").set_value(other.id).run()
    at.text_input(key="combat_attacker_mods").input("exp_atack=1").run()  # a typo
    assert any("could not be read" in e for e in texts(at.error))
    assert at.selectbox(key="combat_attacker_card").value == other.id  # still drawn, still chosen
    at.text_input(key="combat_attacker_mods").input("exp_attack=1").run()
    assert at.selectbox(key="combat_attacker_card").value == other.id
    at.radio(key="combat_attacker_kind").set_value("custom").run()
    at.radio(key="combat_attacker_kind").set_value("card").run()
    assert at.selectbox(key="combat_attacker_card").value == other.id
    at.switch_page("pages/deck.py").run()
    at.switch_page("pages/combat.py").run()
    assert at.selectbox(key="combat_attacker_card").value == other.id
    assert any(c.startswith(f"Attacker: {other.name}") for c in texts(at.caption))


def test_bad_modifier_and_realms():
    at = open_app("combat")
    at.text_input(key="combat_target_mods").input("shield=2").run()
    assert any("The fighter could not be read" in e for e in texts(at.error))
    assert any("unknown combat modifier 'shield'" in e for e in texts(at.error))  # the detail, in the box
    at.text_input(key="combat_target_mods").input("").run()
    at.session_state["rules_name"] = "realms"
    at.run()
    assert any("attack die and defence die" in c for c in texts(at.caption))
    assert any("defence die" in str(s["layout"]["xaxis"]["title"]) for s in plotly_specs(at)[:1])


def test_the_russian_page_takes_modifiers_by_their_russian_names():
    """Issue 21 item 9: the Russian page shows and reads «опыт в атаке=1», not ``exp_attack=1``."""
    at = open_app("combat", lang=None)
    box = at.text_input(key="combat_attacker_mods")
    assert "exp_attack" not in box.placeholder and "опыт в атаке" in box.placeholder
    at.radio(key="combat_attacker_kind").set_value("custom").run()
    at.text_input(key="combat_attacker_strike").input("3-4-6").run()
    at.number_input(key="combat_attacker_life").set_value(9).run()
    at.text_input(key="combat_attacker_mods").input("Опыт в атаке=1, броня, к броску=-1").run()
    assert not at.error, texts(at.error)
    russian = [e.value.to_dict() for e in at.dataframe]
    at.text_input(key="combat_attacker_mods").input("").run()
    assert [e.value.to_dict() for e in at.dataframe] != russian  # the modifiers changed the odds
    at.text_input(key="combat_attacker_mods").input("exp_attack=1, armor, roll=-1").run()
    assert not at.error and [e.value.to_dict() for e in at.dataframe] == russian
    at.text_input(key="combat_attacker_mods").input("щит=2").run()
    assert at.error  # an unknown name is still refused


def test_the_choices_survive_a_language_switch_through_the_address():
    """Issue 21 item 12: the chosen fight is kept in the address, so a new session (a reload, or
    ?lang=en typed into the address) opens the same creatures and options; bad values are ignored."""
    at = open_app("combat")
    other = next(c for c in DB if c.name == "Зомби-гризли" and DB.default_printing(c) is c)
    at.selectbox(key="combat_attacker_card").set_value(other.id).run()
    at.radio(key="combat_target_kind").set_value("custom").run()
    at.text_input(key="combat_target_strike").input("3-4-6").run()
    at.selectbox(key="combat_weaken").set_value("never").run()
    kept = at.query_params["combat"]
    kept = kept[0] if isinstance(kept, list) else kept
    fresh = AppTest.from_file(MAIN, default_timeout=TIMEOUT)  # a new session, the address as it was
    fresh.query_params["lang"] = "ru"
    fresh.query_params["combat"] = kept
    fresh.run()
    fresh.switch_page("pages/combat.py").run()
    assert not fresh.exception, fresh.exception
    assert fresh.selectbox(key="combat_attacker_card").value == other.id
    assert fresh.radio(key="combat_target_kind").value == "custom"
    assert fresh.text_input(key="combat_target_strike").value == "3-4-6"
    assert fresh.selectbox(key="combat_weaken").value == "never"
    broken = AppTest.from_file(MAIN, default_timeout=TIMEOUT)
    broken.query_params["combat"] = '{"combat_attacker_card": 999999999, "combat_weaken": "sometimes"}'
    broken.run()
    broken.switch_page("pages/combat.py").run()
    assert not broken.exception and broken.selectbox(key="combat_weaken").value == "best"
