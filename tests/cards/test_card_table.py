"""Card table: the import is reproducible, the schema is validated, lookups and user cards work."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest

from analysis.cards.importer import build_card_table
from analysis.cards.schema import CARD_TYPES, ELEMENTS, card_columns
from analysis.cards.table import load_cards, read_card_csv
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir


def test_committed_table_is_what_the_import_builds():
    committed = (data_dir() / "cards.csv").read_text(encoding="utf-8")
    assert build_card_table() == committed


def test_table_has_every_documented_column_and_all_printings(db):
    header = (data_dir() / "cards.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    assert tuple(header) == card_columns()
    raw = json.loads((data_dir() / "cards_raw.json").read_text(encoding="utf-8"))
    assert len(db) == len(raw) == 1310
    frame = db.to_frame()
    assert set(frame["type"]) <= set(CARD_TYPES)
    assert all(set(filter(None, e.split("|"))) <= set(ELEMENTS) for e in frame["elements"])
    readme = (data_dir() / "README.md").read_text(encoding="utf-8")
    for column in card_columns():
        assert f"`{column}`" in readme, f"data/README.md does not document column {column}"


def test_raw_facts_map_to_columns(db):
    shaksi = db.find("10/185")
    assert shaksi.name == "Шакси" and shaksi.unique  # a correction listed in the source README
    kondor = db.find("Пустынный кондор")
    assert kondor.type == "flyer" and kondor.elements == ("steppes",)
    besy = db.find("Бес")
    assert besy.horde and besy.keyword("exp_defence") == 1
    # the ban list flags 10/39 only; a ban covers every printing of the name (issue 21 item 2)
    assert db.find("10/39").banned and db.find("50/43").banned


def test_incomplete_cards_are_flagged(db):
    incomplete = [c for c in db if not c.complete]
    assert len(incomplete) == 8
    assert all(c.type == "artifact" and c.set_id == 30 and c.life is None for c in incomplete)


@pytest.mark.parametrize("query", ["ТЁМНЫЙ МЕНЕСТРЕЛЬ", "темный менестрель", "  Тёмный   менестрель "])
def test_lookup_ignores_case_yo_and_spaces(db, query):
    assert db.find(query).name == "Тёмный менестрель"


def test_lookup_normalises_apostrophes(db):
    names = [c.name for c in db if "'" in c.name]
    assert names, "the data has names with apostrophes"
    curly = names[0].replace("'", "’")
    assert db.find(curly).name == names[0]


def test_lookup_by_set_and_number_and_newest_printing(db):
    assert db.find("20/159").set_id == 20
    assert db.find("Мертвяцкая бомбарда").id == 60173  # newest printing by default
    assert [c.id for c in db.printings("мертвяцкая бомбарда")] == [60173, 20159]


def test_unknown_name_suggests_three_closest(db):
    with pytest.raises(BerserkInputError) as err:
        db.find("Гульь")
    message = str(err.value)
    assert "'Гульь'" in message and "'Гуль'" in message
    assert message.count("'") - 2 == 6  # the query plus three quoted suggestions


def test_unknown_set_number(db):
    with pytest.raises(BerserkInputError, match="no card 99/1"):
        db.find("99/1")


def _write_user_csv(path, rows):
    columns = [
        "set_id",
        "number",
        "name",
        "type",
        "cost",
        "elite",
        "unique",
        "life",
        "move",
        "strike_weak",
        "strike_medium",
        "strike_strong",
        "elements",
        "armor",
    ]
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        for row in rows:
            writer.writerow({c: row.get(c, "") for c in columns})


def test_user_cards_are_added(tmp_path):
    path = tmp_path / "mine.csv"
    _write_user_csv(
        path,
        [
            {
                "set_id": 99,
                "number": 1,
                "name": "Тестовый рыцарь",
                "type": "creature",
                "cost": 5,
                "elite": "true",
                "unique": "false",
                "life": 9,
                "move": 1,
                "strike_weak": 2,
                "strike_medium": 3,
                "strike_strong": 4,
                "elements": "mountains",
                "armor": 1,
            }
        ],
    )
    db = load_cards(extra=[path])
    card = db.find("тестовый рыцарь")
    assert card.id == 99001 and card.elite and card.keyword("armor") == 1
    assert card.strike == (2, 3, 4) and card.elements == ("mountains",)
    assert len(db) == 1311


def test_user_card_clash_names_both_rows(tmp_path):
    path = tmp_path / "clash.csv"
    _write_user_csv(
        path,
        [
            {
                "set_id": 10,
                "number": 1,
                "name": "Новый",
                "type": "creature",
                "cost": 3,
                "elite": "false",
                "unique": "false",
                "life": 5,
            }
        ],
    )
    with pytest.raises(BerserkInputError) as err:
        load_cards(extra=[path])
    message = str(err.value)
    assert "clash.csv line 2" in message and "cards.csv line" in message and "10/1" in message


def test_user_card_with_builtin_name_clashes(tmp_path):
    path = tmp_path / "dup.csv"
    _write_user_csv(
        path,
        [
            {
                "set_id": 99,
                "number": 2,
                "name": "гуль",
                "type": "creature",
                "cost": 3,
                "elite": "false",
                "unique": "false",
                "life": 5,
            }
        ],
    )
    with pytest.raises(BerserkInputError, match="clashes with Гуль"):
        load_cards(extra=[path])


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ({"cost": "abc"}, "column 'cost' must be a whole number"),
        ({"type": "dragon"}, "column 'type' must be one of"),
        ({"elite": "maybe"}, "column 'elite' must be true or false"),
        ({"elements": "fire"}, "column 'elements' must be elements from"),
        ({"strike_weak": "1"}, "column 'strike_weak' must be given with"),
        # issue 13 #6, #11: no float rounding, no overflow, no infinity
        ({"cost": "99999999999999999999999"}, "column 'cost' must be a whole number from 0 to 99"),
        ({"cost": "inf"}, "column 'cost' must be a whole number from 0 to 99"),
        ({"cost": "1e400"}, "column 'cost' must be a whole number from 0 to 99"),
        ({"cost": "-1"}, "column 'cost' must be a whole number from 0 to 99"),
        ({"cost": "3.5"}, "column 'cost' must be a whole number from 0 to 99"),
        ({"cost": "３"}, "column 'cost' must be a whole number from 0 to 99"),
        ({"life": "1" * 5000}, "column 'life' must be a whole number from 0 to 200 or empty"),
        ({"number": "1000"}, "column 'number' must be a whole number from 0 to 999"),
        ({"armor": "100"}, "column 'armor' must be a whole number from 0 to 99"),
        ({"name": "x" * 101}, "column 'name' must be a card name of 1 to 100 printable characters"),
    ],
)
def test_bad_user_rows_name_line_and_column(tmp_path, row, expected):
    base = {
        "set_id": 99,
        "number": 3,
        "name": "Плохой",
        "type": "creature",
        "cost": 3,
        "elite": "false",
        "unique": "false",
        "life": 5,
    }
    base.update(row)
    path = tmp_path / "bad.csv"
    _write_user_csv(path, [base])
    with pytest.raises(BerserkInputError) as err:
        read_card_csv(path)
    assert "bad.csv line 2" in str(err.value) and expected in str(err.value)


def test_unknown_column_and_missing_file(tmp_path):
    path = tmp_path / "odd.csv"
    path.write_text("set_id,number,name,type,cost,elite,unique,colour\n", encoding="utf-8")
    with pytest.raises(BerserkInputError, match="unknown column"):
        read_card_csv(path)
    with pytest.raises(BerserkInputError, match="no such card file"):
        read_card_csv(tmp_path / "missing.csv")


def test_filter(db):
    flyers = db.filter(sets=[10], elements=["steppes"], types=["flyer"])
    assert flyers and all(c.set_id == 10 and c.is_flyer and "steppes" in c.elements for c in flyers)
    neutral = db.filter(elements=["neutral"])
    assert neutral and all(c.elements == () for c in neutral)


def test_whole_numbers_may_be_written_as_floats(tmp_path):
    path = tmp_path / "ok.csv"
    _write_user_csv(path, [{"set_id": 99, "number": 3, "name": "Целый", "type": "creature", "cost": "4.0",
                            "elite": "false", "unique": "false", "life": "7.", "strike_weak": 1,
                            "strike_medium": 2, "strike_strong": 3}])
    card = read_card_csv(path)[0]
    assert (card.cost, card.life) == (4, 7)


def _user_row(number: int, name: str) -> dict:
    return {"set_id": 99, "number": number, "name": name, "type": "creature", "cost": 3,
            "elite": "false", "unique": "false", "life": 5}


def test_duplicate_ids_in_one_table_are_refused(tmp_path):
    path = tmp_path / "twice.csv"
    _write_user_csv(path, [_user_row(4, "Первый"), _user_row(4, "Второй")])
    expected = r"twice.csv line 3: id 99004 .* already used at .*twice.csv line 2"
    with pytest.raises(BerserkInputError, match=expected):
        read_card_csv(path)


def test_duplicate_user_card_names_are_refused(tmp_path):
    """Issue 13 #11: two user cards of one name made the name mean two different cards."""
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    _write_user_csv(one, [_user_row(5, "Двойник")])
    _write_user_csv(two, [_user_row(6, "двойник")])
    with pytest.raises(BerserkInputError, match=r"99/6\) at .*two.csv line 2 clashes with Двойник \(99/5\)"):
        load_cards(extra=[one, two])
    both = tmp_path / "both.csv"
    _write_user_csv(both, [_user_row(5, "Двойник"), _user_row(6, "Двойник")])
    with pytest.raises(BerserkInputError, match="clashes with Двойник"):
        load_cards(extra=[both])


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_special_card_files_are_refused(tmp_path, special):
    path = Path(special) if special.startswith("/") else tmp_path / "cards.csv"
    if special == "fifo":
        os.mkfifo(path)
    with pytest.raises(BerserkInputError, match="not a card file"):
        read_card_csv(path)
