"""Deck files: the four formats, lossless round trips, and clear errors for any bad input."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.decks.deck import (
    DECK_FORMATS,
    MAX_DECK_BYTES,
    Deck,
    decode_deck_bytes,
    format_deck,
    guess_format,
    parse_deck,
    parse_deck_text,
    read_deck,
    sample_deck_paths,
    write_deck,
)
from analysis.util.errors import BerserkInputError
from tests.conftest import make_deck


def test_ten_samples_read(db):
    paths = sample_deck_paths()
    assert len(paths) == 10
    for path in paths:
        deck = read_deck(path, db)
        assert deck.title and 30 <= deck.size <= 50


def test_count_spellings(db):
    text = "# Title\n# a note\n3 Гуль\n2x Бес\n1 x Тови\n1 х Кочевник\n"
    deck = parse_deck_text(text, db)
    assert deck.title == "Title" and deck.notes == ("a note",)
    assert [(e.card.name, e.count) for e in deck.entries] == [
        ("Гуль", 3),
        ("Бес", 2),
        ("Тови", 1),
        ("Кочевник", 1),
    ]


def test_repeated_lines_add_up(db):
    deck = parse_deck_text("2 Гуль\n1 гуль\n", db)
    assert [(e.card.name, e.count) for e in deck.entries] == [("Гуль", 3)]


def test_pinned_printing_round_trips(db):
    deck = parse_deck_text("1 Мертвяцкая бомбарда [20/159]\n2 Мертвяцкая бомбарда\n", db)
    assert [(e.card.id, e.count) for e in deck.entries] == [(20159, 1), (60173, 2)]
    text = format_deck(deck, "txt", db)
    assert "[20/159]" in text and text.count("[") == 1
    assert parse_deck_text(text, db) == deck


@pytest.mark.parametrize("fmt", DECK_FORMATS)
def test_samples_round_trip_every_format(db, fmt, tmp_path):
    for path in sample_deck_paths():
        deck = read_deck(path, db)
        assert _same(parse_deck(format_deck(deck, fmt, db), db, fmt), deck, fmt)
        out = tmp_path / f"deck.{fmt}"
        write_deck(deck, out, db)
        assert _same(read_deck(out, db), deck, fmt)


def _same(read: Deck, deck: Deck, fmt: str) -> bool:
    """Equal decks; the compact code (nxt) carries the cards only, not the title and notes."""
    return read.entries == deck.entries if fmt == "nxt" else read == deck


def test_brsd_uses_set_times_1000_plus_number(db):
    deck = parse_deck("#Mine\n3 10185\n2 20159\n", db, "brsd")
    assert [(e.card.code, e.count) for e in deck.entries] == [("10/185", 3), ("20/159", 2)]
    assert format_deck(deck, "brsd") == "#Mine\n3 10185\n2 20159\n"


def test_errors_name_every_bad_line_with_a_fix(db):
    with pytest.raises(BerserkInputError) as err:
        parse_deck_text("# t\n3 Гульь\nпросто текст\n0 Гуль\n1 Гуль [10/1]\n", db, "deck.txt")
    message = str(err.value)
    assert message.startswith("deck.txt: 4 problem(s)")
    assert "line 2: unknown card 'Гульь'; closest names: 'Гуль'" in message
    assert "line 3: expected 'COUNT NAME'" in message
    assert "line 4: count 0" in message
    assert "line 5: 10/1 is 'Кочевник', not 'Гуль'" in message


def test_brsd_and_json_errors(db):
    with pytest.raises(BerserkInputError, match="line 2: no card with id 99001"):
        parse_deck("#x\n1 99001\n", db, "brsd")
    with pytest.raises(BerserkInputError, match="not valid JSON"):
        parse_deck("{", db, "json")
    with pytest.raises(BerserkInputError, match=r"cards\[0\]: 'count'"):
        parse_deck('{"cards": [{"name": "Гуль", "count": "3"}]}', db, "json")


def test_empty_deck_is_an_error(db):
    with pytest.raises(BerserkInputError, match="no cards found"):
        parse_deck_text("# only a title\n", db)


def test_file_errors(db, tmp_path):
    with pytest.raises(BerserkInputError, match="no such deck file"):
        read_deck(tmp_path / "none.txt", db)
    with pytest.raises(BerserkInputError, match="is a folder"):
        read_deck(tmp_path, db)
    with pytest.raises(BerserkInputError, match="too large"):
        decode_deck_bytes(b"1 x\n" * (MAX_DECK_BYTES // 4 + 1), "big.txt")
    with pytest.raises(BerserkInputError, match="binary"):
        decode_deck_bytes(b"\x00\x01", "img.png")
    with pytest.raises(BerserkInputError, match="not UTF-8"):
        decode_deck_bytes(b"\xff\xfe\x00".replace(b"\x00", b"") + b"\x81\x8d\x8f", "odd.txt")


def test_windows_1251_is_decoded(db):
    raw = "# Колода\n3 Гуль\n".encode("cp1251")
    assert parse_deck_text(decode_deck_bytes(raw, "w.txt"), db).size == 3


def test_guess_format():
    assert guess_format("a.brsd", "") == "brsd"
    assert guess_format("upload", '{"cards": []}') == "json"
    assert guess_format("upload", "#x\n3 10185\n") == "brsd"
    assert guess_format("upload", "3 Гуль\n") == "txt"


# --------------------------------------------------------------------------- properties


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(data=st.data())
def test_round_trip_property(db, plain_cards, data):
    pool = [c for c in db][::7]
    picks = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=12, unique_by=lambda c: c.key))
    counts = data.draw(st.lists(st.integers(1, 9), min_size=len(picks), max_size=len(picks)))
    title = data.draw(
        st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=20).map(
            str.strip
        )
    )
    deck = make_deck(list(zip(picks, counts, strict=True)), title=title)
    for fmt in DECK_FORMATS:
        assert _same(parse_deck(format_deck(deck, fmt, db), db, fmt), deck, fmt)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(text=st.text(max_size=300), fmt=st.sampled_from(DECK_FORMATS))
def test_arbitrary_text_never_raises_anything_but_input_errors(db, text, fmt):
    try:
        parse_deck(text, db, fmt)
    except BerserkInputError as exc:
        assert str(exc)


@settings(max_examples=100, deadline=None)
@given(raw=st.binary(max_size=300))
def test_arbitrary_bytes_decode_or_fail_clearly(raw):
    try:
        decode_deck_bytes(raw, "upload.txt")
    except BerserkInputError as exc:
        assert "upload.txt" in str(exc)
