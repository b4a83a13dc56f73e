"""berserk-nxt's compact deck code: a hand-made code decodes as the format says, round trips, errors."""

from __future__ import annotations

import pytest

from analysis.decks.code import ALPHABET, decode_entries, encode_entries, looks_like_code, set_ids
from analysis.decks.deck import format_deck, guess_format, parse_deck, read_deck, sample_deck_paths
from analysis.util.errors import BerserkInputError


def _by_hand(copies: int, set_id: int, number: int) -> str:
    """Three characters built straight from the format: copies·2^15 + set index·2^8 + number."""
    index = [10, 20, 21, 22, 30, 40, 50, 60].index(set_id)
    value = copies * 2**15 + index * 2**8 + number
    return "".join(ALPHABET[(value // 64**k) % 64] for k in (2, 1, 0))


def test_set_indexes_follow_ascending_set_ids():
    assert set_ids() == (10, 20, 21, 22, 30, 40, 50, 60)


def test_hand_made_code_decodes_to_the_intended_deck(db):
    code = "#" + _by_hand(3, 10, 185) + _by_hand(2, 20, 159) + _by_hand(1, 60, 173)
    got = [(card.code, n) for card, n in decode_entries(code, db)]
    assert got == [("10/185", 3), ("20/159", 2), ("60/173", 1)]


def test_more_than_seven_copies_take_several_groups(db):
    card = db.find("10/1")
    code = encode_entries([(card, 9)])
    assert len(code) == 1 + 6
    assert decode_entries(code, db) == [(card, 9)]


def test_every_sample_deck_round_trips(db):
    for path in sample_deck_paths():
        deck = read_deck(path, db)
        code = format_deck(deck, "nxt")
        assert guess_format("pasted", code) == "nxt"
        assert parse_deck(code, db, "nxt").entries == deck.entries


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("#YA", "multiple of 3"),
        ("#YA!", "character '!'"),
        ("#", "empty"),
        ("#AAB", "zero copies"),
        ("#" + _by_hand(1, 10, 250), "no card 10/250"),
        ("#" + ALPHABET[0b001111] + "AB", "set index"),
        ("#" + "YAB" * 3000, "too long"),
    ],
)
def test_malformed_codes_are_clear_errors(db, code, words):
    with pytest.raises(BerserkInputError, match=words.replace("(", r"\(")):
        decode_entries(code, db, "pasted")


def test_a_deck_list_is_not_taken_for_a_code():
    assert not looks_like_code("# Ковен\n3 Гуль\n")
    assert not looks_like_code("#Orcs")
    assert looks_like_code("#YAB")
