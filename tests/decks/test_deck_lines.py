"""Card lines: every count spelling players paste, and bounded work for hostile lines (issue 11,
issue 13 #1, #6, #9)."""

from __future__ import annotations

import pytest

from analysis.decks.code import encode_entries
from analysis.decks.deck import MAX_DECK_CARDS, SUGGESTED_PROBLEMS, parse_deck, parse_deck_text
from analysis.decks.lines import (
    MAX_COPIES_PER_LINE,
    MAX_LINE_CHARS,
    CardLine,
    checked_count,
    parse_card_line,
    split_id_line,
)
from analysis.util.errors import BerserkInputError


@pytest.mark.parametrize(
    "line",
    [
        "3 Гуль", "3x Гуль", "3 x Гуль", "3 х Гуль", "3× Гуль", "3 × Гуль", "3X Гуль",
        "Гуль x3", "Гуль х3", "Гуль ×3", "Гуль X3", "Гуль x 3", "Гуль - 3", "Гуль -3", "Гуль – 3",
        "Гуль (3)", "Гуль ( 3 )", "Гуль\u00a0x3", "3\tГуль",
    ],
)
def test_every_count_spelling_means_three(line):
    assert parse_card_line(line) == CardLine(3, "Гуль")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("1 Мертвяцкая бомбарда [20/159]", CardLine(1, "Мертвяцкая бомбарда", (20, 159))),
        ("Мертвяцкая бомбарда x2 [20/159]", CardLine(2, "Мертвяцкая бомбарда", (20, 159))),
        ("Мертвяцкая бомбарда [20/159] x2", CardLine(2, "Мертвяцкая бомбарда", (20, 159))),
        ("2 [ 20 / 159 ]", CardLine(2, "", (20, 159))),
        ("2 Зомби-гризли", CardLine(2, "Зомби-гризли", None)),
        ("1 Хозяин болот", CardLine(1, "Хозяин болот", None)),  # a name starting with Х is no marker
        ("Гуль", CardLine(None, "Гуль", None)),
        ("Гульx3", CardLine(None, "Гульx3", None)),  # the marker must stand apart
        ("3Гуль", CardLine(None, "3Гуль", None)),
        ("10/1", CardLine(None, "10/1", None)),
    ],
)
def test_pins_and_lines_without_a_count(line, expected):
    assert parse_card_line(line) == expected


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("3 Гуль x2", "two counts (3 and 2)"),
        ("3 Гуль [abc]", "expected a printing like [20/159]"),
        ("0 Гуль", "count 0 must be between 1 and 999"),
        ("Гуль (1000)", "count 1000 must be between 1 and 999"),
        ("9" * 150 + " Гуль", "count 999999999999… (150 digits)"),
        ("9" * 5000 + " Гуль", "a card line of 5,005 characters is too long"),
        ("1 a" + " " * 4000 + "b", "a card line of 4,004 characters is too long (at most 200)"),
        ("³ Гуль", None),  # not a count: a name, looked up (and unknown) later
    ],
)
def test_bad_lines_are_problems_not_exceptions(line, problem):
    parsed = parse_card_line(line)
    if problem is None:
        assert isinstance(parsed, CardLine) and parsed.count is None
    else:
        assert isinstance(parsed, str) and problem in parsed


def test_the_line_cap_and_count_bounds_agree_with_the_docs():
    assert MAX_LINE_CHARS == 200 and MAX_COPIES_PER_LINE == 999
    assert checked_count("999") == 999 and checked_count(1) == 1
    assert isinstance(checked_count(1000), str)
    assert split_id_line("3 10185") == ("3", "10185")
    assert split_id_line("3 ١٠١٨٥") is None  # Arabic-Indic digits are not ASCII digits
    assert split_id_line("3 10185 x") is None


def test_loose_lines_read_as_a_deck(db):
    text = "# Pasted\nГуль x3\nБес х2\nТови ×1\nКочевник - 2\nЭллион (1)\n"
    deck = parse_deck_text(text, db)
    assert [(e.card.name, e.count) for e in deck.entries] == [
        ("Гуль", 3), ("Бес", 2), ("Тови", 1), ("Кочевник", 2), ("Эллион", 1)]


def test_the_worst_backtracking_line_is_refused_with_its_line_number(db):
    text = "3 Гуль\n1 a" + " " * 4000 + "b\n"
    with pytest.raises(BerserkInputError, match="line 2: a card line of 4,004 characters is too long"):
        parse_deck_text(text, db, "s.txt")


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("txt", "999 Гуль\n999 Бес\n"),
        ("brsd", "999 10001\n999 10002\n"),
        ("json", '{"cards": [{"count": 999, "name": "Гуль"}, {"count": 999, "name": "Бес"}]}'),
        ("nxt", None),
    ],
)
def test_a_deck_above_the_bound_is_refused_before_any_deal(db, fmt, text):
    if fmt == "nxt":
        text = encode_entries([(db.find("10/1"), MAX_DECK_CARDS + 1)])
    with pytest.raises(BerserkInputError) as err:
        parse_deck(text, db, fmt, "big")
    assert str(err.value).startswith("big: a deck of ")
    assert f"cards is too large to analyse; at most {MAX_DECK_CARDS}" in str(err.value)


def test_the_bound_itself_is_accepted(db):
    assert parse_deck_text(f"{MAX_DECK_CARDS} Гуль\n", db).size == MAX_DECK_CARDS


@pytest.mark.parametrize("fmt", ["txt", "json"])
def test_closest_names_are_computed_for_the_first_problems_only(db, monkeypatch, fmt):
    calls = []
    original = type(db).suggest

    def counting(self, name, n=3):
        calls.append(name)
        return original(self, name, n)

    monkeypatch.setattr(type(db), "suggest", counting)
    names = [f"zz{i}" for i in range(2_000)]
    text = ("".join(f"1 {n}\n" for n in names) if fmt == "txt" else
            '{"cards": [' + ", ".join(f'{{"count": 1, "name": "{n}"}}' for n in names) + "]}")
    with pytest.raises(BerserkInputError) as err:
        parse_deck(text, db, fmt, "unknown")
    assert len(calls) == SUGGESTED_PROBLEMS
    assert "2,000 problem(s)" in str(err.value) and "… and 1,990 more" in str(err.value)
    assert str(err.value).count("closest names") == SUGGESTED_PROBLEMS


def test_a_huge_name_is_unknown_without_comparing(db, monkeypatch):
    monkeypatch.setattr(type(db), "suggest", lambda *a, **k: pytest.fail("suggest called"))
    with pytest.raises(BerserkInputError, match=r"\(5,000 characters; no card name is longer than 100\)"):
        db.find("я" * 5000)
