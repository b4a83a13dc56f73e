""""My decks": the saved list as the browser keeps it (issue 21 #12), read and changed here."""

from __future__ import annotations

import doctest

import pytest

import analysis.decks.saved as saved
from analysis.decks.saved import (
    MAX_SAVED,
    MAX_TITLE,
    SavedDeck,
    delete_deck,
    read_saved,
    rename_deck,
    save_deck,
    saved_to_json,
)
from analysis.util.errors import BerserkInputError


def test_module_examples():
    assert doctest.testmod(saved).failed == 0


def test_a_list_round_trips_through_its_stored_form():
    decks = save_deck(save_deck((), "Ковен", "#AbC"), "Орки", "XyZ")
    assert decks == (SavedDeck("Ковен", "AbC"), SavedDeck("Орки", "XyZ"))
    assert read_saved(saved_to_json(decks)) == (decks, 0)


@pytest.mark.parametrize(
    ("raw", "kept", "dropped"),
    [
        (None, 0, 0),  # nothing stored yet
        ("unreadable", 0, 1),  # the browser's JSON did not parse
        ({"title": "a", "code": "b"}, 0, 1),  # not a list
        ([{"title": "a", "code": "b"}, {"title": "A", "code": "c"}], 1, 1),  # same title twice
        ([{"title": "", "code": "b"}, {"title": "x" * (MAX_TITLE + 1), "code": "b"}], 0, 2),
        ([{"title": "a", "code": ""}, {"title": "b", "code": 5}, ["a", "b"]], 0, 3),
        ([{"title": f"d{i}", "code": "c"} for i in range(MAX_SAVED + 3)], MAX_SAVED, 3),
    ],
)
def test_an_untrusted_stored_list_loses_only_what_it_cannot_read_and_says_how_many(raw, kept, dropped):
    decks, n = read_saved(raw)
    assert (len(decks), n) == (kept, dropped)


def test_saving_under_a_known_title_replaces_it_in_place():
    decks = save_deck(save_deck((), "Ковен", "A"), "Орки", "B")
    again = save_deck(decks, " ковен ", "C")  # case and spacing aside
    assert [(d.title, d.code) for d in again] == [("ковен", "C"), ("Орки", "B")]


def test_limits_and_refusals_name_the_problem():
    full = tuple(SavedDeck(f"d{i}", "c") for i in range(MAX_SAVED))
    with pytest.raises(BerserkInputError, match="at most 50 saved decks"):
        save_deck(full, "one more", "c")
    with pytest.raises(BerserkInputError, match="needs a title"):
        save_deck((), "   ", "c")
    with pytest.raises(BerserkInputError, match="no deck code"):
        save_deck((), "t", "")
    decks = save_deck(save_deck((), "a", "1"), "b", "2")
    with pytest.raises(BerserkInputError, match="already called 'B'"):
        rename_deck(decks, "a", "B")
    with pytest.raises(BerserkInputError, match="no saved deck is called 'z'"):
        rename_deck(decks, "z", "y")
    assert rename_deck(decks, "a", "A") == (SavedDeck("A", "1"), SavedDeck("b", "2"))  # its own title
    assert delete_deck(decks, "A") == (SavedDeck("b", "2"),)
    assert delete_deck(decks, "nothing") == decks
