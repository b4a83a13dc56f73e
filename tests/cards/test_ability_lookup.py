"""``berserk abilities CARD`` (the look-up contract), ``--coverage`` (figures recomputed here from the
data, never written out) and ``--abilities FILE`` wherever ``--cards`` is accepted."""

from __future__ import annotations

import json

import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.decks.coverage import ATTACK_ICONS, ICON_KINDS, coverage
from analysis.decks.deck import read_deck, sample_deck_paths

GIRRIT = """[[card]]
code = "10/4"
name = "Гиррит"
status = "partial"
unmodelled = ["hunt marker: +2 wounds from flyers"]
abilities = [
  { kind = "shot", damage = [1], range = 3, cost = "tap" },
  { kind = "shot", damage = [2], cost = "counter_tap", vs_types = ["flyer"] },
]
"""


@pytest.fixture()
def girrit(tmp_path):
    path = tmp_path / "girrit.toml"
    path.write_text(GIRRIT, encoding="utf-8")
    return path


def run_json(capsys, *argv: str):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_lookup_json_is_exactly_the_contract(capsys, girrit):
    out = run_json(capsys, "abilities", "10/4", "--abilities", str(girrit), "--json")
    assert list(out) == ["card", "code", "modelled", "abilities", "unmodelled"]
    assert (out["card"], out["code"], out["modelled"]) == ("Гиррит", "10/4", "partial")
    assert out["abilities"] == [
        {"kind": "shot", "damage": [1], "range": 3, "cost": "tap", "targets": 1, "conditional": False},
        {
            "kind": "shot",
            "damage": [2],
            "range": None,
            "cost": "counter_tap",
            "targets": 1,
            "conditional": True,
        },
    ]
    assert out["unmodelled"] == ["hunt marker: +2 wounds from flyers"]
    by_name = run_json(capsys, "abilities", "Гиррит", "--abilities", str(girrit), "--json")
    assert by_name == out


def test_lookup_text_and_errors(capsys, girrit):
    assert main(["abilities", "Гиррит", "--abilities", str(girrit)]) == 0
    text = capsys.readouterr().out
    assert "Shot 1, range 3 — tap" in text and "not modelled: hunt marker" in text
    assert main(["abilities", "Гирритт"]) == 2
    assert "Гиррит" in capsys.readouterr().err  # the closest names
    assert main(["abilities"]) == 2
    bad = girrit.parent / "bad.toml"
    bad.write_text(
        GIRRIT.replace('kind = "shot", damage = [1]', 'kind = "shoot", damage = [1]'), encoding="utf-8"
    )
    assert main(["abilities", "10/4", "--abilities", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml line 7" in err and "'kind'" in err


def test_abilities_option_wherever_cards_is_accepted(capsys, tmp_path):
    """A user's fact changes what the commands compute (here a strike bonus in ``odds``)."""
    path = tmp_path / "bonus.toml"
    path.write_text(
        '[[card]]\ncode = "10/1"\nname = "Кочевник"\nstatus = "full"\n'
        'abilities = [\n  { kind = "strike_bonus", damage = [10] },\n]\n',
        encoding="utf-8",
    )
    plain = run_json(capsys, "odds", "10/1", "10/1", "--closed", "--json")
    boosted = run_json(capsys, "odds", "10/1", "10/1", "--closed", "--json", "--abilities", str(path))
    assert plain != boosted
    for command in ("cards", "check", "recruit", "deal", "matchup", "matrix", "odds", "ratings", "convert"):
        help_text = _help(command, capsys)
        assert "--abilities" in help_text, command


def _help(command: str, capsys) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return capsys.readouterr().out


def test_coverage_figures_follow_the_data(capsys, girrit):
    """Every figure is recomputed here from the card table and the facts."""
    db = load_cards(abilities=(girrit,))
    decks = [read_deck(p, db) for p in sample_deck_paths()]
    report = coverage(db, decks)
    creatures = [c for c in db if c.is_creature]
    for row in report.by_icon:
        column, kinds = ICON_KINDS[row.icon]
        carriers = [c for c in creatures if c.has(column)]
        modelled = [
            c for c in carriers if c.abilities and {a.kind for a in c.abilities.played} & set(kinds)
        ]
        assert (row.creatures.total, row.creatures.modelled) == (len(carriers), len(modelled))
    attack = [c for c in creatures if any(c.has(ICON_KINDS[i][0]) for i in ATTACK_ICONS)]
    assert report.attack_icons.total == len(attack)
    girrit_card = db.find("10/4")
    assert girrit_card.abilities is not None and girrit_card in attack
    assert report.attack_icons.modelled >= 1
    for row in report.by_set:
        cards = [c for c in db if c.set_id == row.set_id]
        assert row.printings == len(cards)
        assert row.status["partial"] == sum(
            1 for c in cards if c.abilities and c.abilities.status == "partial"
        )
        assert sum(row.status.values()) == len(cards)
    copies = sum(e.count for d in decks for e in d.entries)
    assert report.deck_copies.copies == copies
    with_entry = sum(e.count for d in decks for e in d.entries if e.card.abilities is not None)
    assert copies - report.deck_copies.status["missing"] == with_entry
    for status in ("full", "partial", "none"):  # the sample-deck copies per status, recounted
        assert report.deck_copies.status[status] == sum(
            e.count for d in decks for e in d.entries
            if e.card.abilities is not None and e.card.abilities.status == status)
    out = run_json(capsys, "abilities", "--coverage", "--json", "--abilities", str(girrit))
    assert out["attack_icons"]["total"] == len(attack)
    assert out["sample_decks"]["copies"] == copies
    assert out["kinds"].get("shot", 0) == sum(
        1 for c in db for a in (c.abilities.abilities if c.abilities else ()) if a.kind == "shot"
    )
