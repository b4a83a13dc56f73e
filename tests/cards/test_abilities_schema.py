"""The ability facts file: a good entry reads as the vocabulary says; a bad one names file, line, field."""

from __future__ import annotations

import pytest

from analysis.cards.abilities import check_against_cards, parse_abilities
from analysis.util.errors import BerserkInputError

GOOD = """\
[[card]]
code = "10/4"
name = "Гиррит"
status = "partial"
unmodelled = ["hunt marker"]
abilities = [
  { kind = "shot", damage = [1], range = 3, cost = "tap" },
  { kind = "shot", damage = [2], cost = "counter_tap" },
]

[[card]]
code = "10/10"
name = "Аколит Дзара"
status = "full"
abilities = [
  { kind = "discharge", damage = [1], cost = "tap", targets = 3 },
]
"""

STRONG = '{ kind = "shot", damage = [2], cost = "counter_tap" }'


def test_a_good_file_reads_into_the_vocabulary(db):
    girrit, akolit = parse_abilities(GOOD, "good.toml")
    check_against_cards({e.code: e for e in (girrit, akolit)}, db)
    shot, strong = girrit.abilities
    assert (shot.kind, shot.damage, shot.range, shot.cost, shot.counters) == ("shot", (1,), 3, "tap", 0)
    assert (strong.cost, strong.counters, strong.range) == ("counter_tap", 1, None)
    assert akolit.abilities[0].targets == 3
    assert akolit.to_dict()["abilities"][0] == {
        "kind": "discharge", "damage": [1], "range": None, "cost": "tap", "targets": 3, "conditional": False}


def test_damage_triple_is_picked_by_the_die():
    (entry,) = parse_abilities(GOOD.split("\n\n")[0].replace("damage = [1]", "damage = [1, 2, 3]"), "x")
    shot = entry.abilities[0]
    assert [shot.damage_by_roll(r) for r in range(1, 8)] == [1, 1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ('kind = "shot", damage = [1], range', 'kind = "arrow", damage = [1], range', 7, "kind"),
        ("damage = [1], range = 3", "damage = [-1], range = 3", 7, "damage"),
        (STRONG, '{ kind = "shot", damage = [2] }', 8, "cost"),
        (STRONG, '{ damage = [2], cost = "tap" }', 8, "kind"),
        ('status = "partial"', 'status = "full"', 1, "status"),
        ('name = "Гиррит"\n', "", 1, "name"),
        ("range = 3", "range = 0", 7, "range"),
        ("targets = 3", "targets = 0", 16, "targets"),
    ],
)
def test_bad_entries_name_file_line_and_field(old, new, line, field):
    assert old in GOOD
    with pytest.raises(BerserkInputError) as err:
        parse_abilities(GOOD.replace(old, new, 1), "bad.toml")
    assert f"bad.toml line {line} " in str(err.value)
    assert f"field {field!r}" in str(err.value)


def test_a_wrong_name_or_unknown_code_is_caught_against_the_card_table(db):
    (entry,) = parse_abilities(GOOD.split("\n\n")[0].replace("Гиррит", "Гирит"), "typo.toml")
    with pytest.raises(BerserkInputError, match="10/4 is 'Гиррит', not 'Гирит'"):
        check_against_cards({entry.code: entry}, db)
    (entry,) = parse_abilities(GOOD.split("\n\n")[0].replace("10/4", "10/999"), "x.toml")
    with pytest.raises(BerserkInputError, match="no card 10/999"):
        check_against_cards({entry.code: entry}, db)


def test_one_entry_per_printing():
    with pytest.raises(BerserkInputError, match="already given"):
        parse_abilities(GOOD + "\n" + GOOD.split("\n\n")[0], "dup.toml")
