"""``import-cards`` on malformed raw files: an input error naming the card and the key, and no
table written; what it writes passes the loader's own schema (issue 13 #6, #11)."""

from __future__ import annotations

import json

import pytest

from analysis.cards.importer import build_card_table, import_cards
from analysis.cli import main
from analysis.util.errors import BerserkInputError

GOOD = {"set_id": 99, "number": 1, "name": "Сырой", "rarity": 1, "cost": 3, "elite": False, "uniq": False,
        "color": 1, "class": [""], "type": 0, "life": 8, "move": 2, "hit": [1, 2, 3], "icons": {},
        "horde": None, "ban": None}


def _card(**changes) -> dict:
    card = dict(GOOD)
    for key, value in changes.items():
        if value is KeyError:
            card.pop(key)
        else:
            card[key] = value
    return card


MALFORMED = [
    ("not json", "{", "not valid JSON"),
    ("deep nesting", "[" * 50_000 + "]" * 50_000, "nested too deeply"),
    ("an object", json.dumps({"cards": []}), "expected a non-empty JSON list of cards"),
    ("empty list", "[]", "expected a non-empty JSON list of cards"),
    ("entry not an object", json.dumps([1]), "card #1: expected an object"),
    ("missing key", json.dumps([_card(cost=KeyError)]), "card #1 'Сырой': key 'cost' is missing"),
    ("type code out of range", json.dumps([_card(type=9)]), "key 'type' must be a type code from 0 to 5"),
    ("name not a string", json.dumps([_card(name=7)]), "card #1: key 'name' must be a string"),
    ("cost a word", json.dumps([_card(cost="abc")]), "key 'cost' must be a whole number ≥ 0, got 'abc'"),
    ("cost negative", json.dumps([_card(cost=-1)]), "key 'cost' must be a whole number ≥ 0"),
    ("cost a float", json.dumps([_card(cost=2.5)]), "key 'cost' must be a whole number ≥ 0"),
    ("cost too large", json.dumps([_card(cost=150)]), "column 'cost' must be a whole number from 0 to 99"),
    ("huge integer", '[{"cost": ' + "9" * 5000 + "}]", "has 5,000 digits"),
    ("hit of two", json.dumps([_card(hit=[1, 2])]), "key 'hit' must be three whole numbers"),
    ("hit of words", json.dumps([_card(hit=["a", "b", "c"])]), "key 'hit' must be three whole numbers"),
    ("icons a list", json.dumps([_card(icons=[1])]), "key 'icons' must be a dict"),
    ("unknown keyword", json.dumps([_card(icons={"zz": 1})]), "missing from data/keywords.csv"),
    ("duplicate id", json.dumps([_card(), _card(name="Другой")]),
     "id 99001 (99/1, 'Другой') is already used"),
    ("NaN", '[{"cost": NaN}]', "NaN is not a number JSON allows"),
]


@pytest.mark.parametrize(("label", "text", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_raw_files_write_nothing(tmp_path, label, text, message):
    raw, out = tmp_path / "raw.json", tmp_path / "cards.csv"
    raw.write_text(text, encoding="utf-8")
    with pytest.raises(BerserkInputError) as err:
        import_cards(raw, out)
    assert str(err.value).startswith(f"{raw}: ") and message in str(err.value)
    assert not out.exists()


def test_malformed_raw_file_exits_2_on_the_command_line(tmp_path, capsys):
    raw, out = tmp_path / "raw.json", tmp_path / "cards.csv"
    raw.write_text(json.dumps([_card(cost="abc")]), encoding="utf-8")
    assert main(["import-cards", "--raw", str(raw), "-o", str(out)]) == 2
    assert "key 'cost' must be a whole number" in capsys.readouterr().err
    assert not out.exists()


def test_a_good_raw_file_builds_a_loadable_table(tmp_path):
    raw = tmp_path / "raw.json"
    raw.write_text(json.dumps([_card(), _card(number=2, name="Второй", hit=None, life=None, type=4)]),
                   encoding="utf-8")
    text = build_card_table(raw)
    assert text.count("\n") == 3 and ",Сырой," in text and ",Второй," in text
