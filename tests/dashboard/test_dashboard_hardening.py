"""Issue 13 #6: the attack inputs that showed a traceback on dashboard pages now show the
library's input error in an error box, and the page keeps working."""

from __future__ import annotations

import pytest
from app_helpers import open_app, texts

from analysis.decks.deck import MAX_DECK_CARDS
from analysis.summaries.deck import set_copies


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("nested.json", b"[" * 100_000 + b"]" * 100_000, "not valid JSON: nested too deeply"),
        ("count.json", ('{"cards": [{"count": ' + "9" * 5000 + ', "name": "Гуль"}]}').encode(),
         "has 5,000 digits"),
        ("count.txt", b"9" * 5000 + " Гуль\n".encode(), "a card line of 5,005 characters is too long"),
        ("big.brsd", b"#big\n999 10001\n999 10002\n", "a deck of 1,998 cards is too large"),
    ],
    ids=["nested JSON", "5000-digit JSON count", "5000-digit text count", "deck over the bound"],
)
def test_hostile_uploads_show_an_error_box(name, data, message):
    at = open_app("deck")
    at.file_uploader(key="deck_upload").set_value((name, data, "text/plain")).run()
    assert not at.exception, at.exception
    assert any(f"{name} could not be read" in e and message in e for e in texts(at.error)), texts(at.error)


def test_a_pasted_5000_digit_count_shows_an_error_box():
    at = open_app("deck")
    at.text_area(key="paste_text").input("9" * 5000 + " Гуль\n").run()
    at.button(key="load_paste").click().run()
    assert not at.exception, at.exception
    assert any("could not be read" in e and "too long" in e for e in texts(at.error)), texts(at.error)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("combat_attacker_strike", "99999999999999999999999-2-3", "each power must be between 0 and 99"),
        ("combat_attacker_strike", "²-3-4", "must look like X-Y-Z"),
        ("combat_attacker_mods", "roll=99999999999999999999999", "the value is too large"),
        ("combat_attacker_mods", "armor=1000", "at most 99"),
    ],
)
def test_hostile_combat_inputs_show_an_error(field, value, message):
    at = open_app("combat")
    at.radio(key="combat_attacker_kind").set_value("custom stats").run()
    at.text_input(key=field).input(value).run()
    assert not at.exception, at.exception
    assert any(message in e for e in texts(at.error)), texts(at.error)


def test_adding_cards_beyond_the_deck_bound_shows_an_error_and_keeps_the_deck():
    at = open_app("cards")
    deck = at.session_state["deck"]
    card = deck.entries[0].card
    at.session_state["deck"] = set_copies(deck, card, MAX_DECK_CARDS - deck.size + deck.entries[0].count)
    at.text_input(key="cards_text").input(card.name).run()
    at.selectbox(key="cards_pick").set_value(card.id).run()
    at.button(key="cards_add").click().run()
    assert not at.exception, at.exception
    too_large = f"a deck of {MAX_DECK_CARDS + 1} cards is too large"
    assert any(too_large in e for e in texts(at.error)), texts(at.error)
    assert at.session_state["deck"].size == MAX_DECK_CARDS
