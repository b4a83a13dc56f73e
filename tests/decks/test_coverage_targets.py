"""Issue 19's coverage targets and the keyword audit (analysis.decks.coverage, ``berserk abilities
--coverage``): the shares and verdicts on small synthetic inputs, the audit's counts on synthetic
cards, and that every keyword column of the card schema says whether the battle plays it."""

from __future__ import annotations

import csv
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from analysis.cards.abilities import Ability, CardAbilities
from analysis.cards.schema import BASE_COLUMNS, PLAYED, TAIL_COLUMNS, Keyword, card_columns, keywords
from analysis.cli import main
from analysis.decks.coverage import (
    README_END,
    README_START,
    TOURNAMENT_SETS,
    DeckRow,
    SetRow,
    Share,
    Target,
    coverage_markdown,
    coverage_targets,
    coverage_text,
    keyword_audit,
    keyword_audit_markdown,
    plays,
    with_keyword_section,
)
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir

ROOT = Path(__file__).resolve().parents[2]


def _status(full: int = 0, partial: int = 0, none: int = 0, missing: int = 0) -> dict[str, int]:
    return {"full": full, "partial": partial, "none": none, "missing": missing}


def _set(set_id: int, **status: int) -> SetRow:
    st = _status(**status)
    return SetRow(set_id, f"set {set_id}", sum(st.values()), st)


@pytest.mark.parametrize(("n", "total", "bound", "at_most", "met"), [
    (80, 100, 80, False, True),   # exactly the bound is met
    (79, 100, 80, False, False),
    (4, 5, 80, False, True),      # 80 % of 5 copies, no rounding error
    (1, 2, 50, False, True),
    (5, 100, 5, True, True),
    (6, 100, 5, True, False),
    (1, 21, 5, True, True),       # 4.76 %
    (2, 21, 5, True, False),      # 9.5 %
    (0, 0, 80, False, False),     # nothing counted meets no target
    (0, 0, 5, True, False),
])
def test_target_verdicts(n, total, bound, at_most, met):
    target = Target("t", "t", Share(total, n), bound, at_most)
    assert target.met is met
    assert target.goal == f"{'≤' if at_most else '≥'} {bound} %"
    assert target.to_dict()["met"] is met and target.to_dict()["share"] == round(n / total if total else 0, 4)


def test_coverage_targets_from_synthetic_rows():
    copies = DeckRow("all", 10, _status(full=8, partial=1, none=1))
    rows = [_set(10, full=100),                                   # not a tournament set: left out
            _set(30, full=3, partial=5, none=1, missing=1),
            _set(60, full=2, partial=8)]
    deck, full, none = coverage_targets(copies, rows)
    assert (deck.count.total, deck.count.modelled, deck.met) == (10, 8, True)
    assert (full.count.total, full.count.modelled) == (20, 5)
    assert not full.met                                           # 25 % < 50 %
    assert (none.count.total, none.count.modelled) == (20, 2)    # `none` and no entry together
    assert not none.met                                           # 10 % > 5 %
    assert none.at_most and not full.at_most and not deck.at_most
    met = coverage_targets(DeckRow("all", 5, _status(full=3, partial=2)),
                           [_set(40, full=19, none=1), _set(50, full=1, partial=19)])
    assert [t.met for t in met] == [False, True, True]            # 60 %; 20/40 = 50 %; 1/40 = 2.5 %
    assert TOURNAMENT_SETS == (30, 40, 50, 60)


def test_keyword_audit_counts_synthetic_cards(db):
    base = next(c for c in db if c.is_creature)
    table = (Keyword("x", "jump", "flag", "jump", "facts", ("jump", "trigger:jump"), "jump facts"),
             Keyword("y", "armor", "number", "armor X", "keyword"),
             Keyword("z", "fury", "flag", "fury", "no", (), "no rulebook"))
    jumper = CardAbilities("30/1", base.name, "partial", (Ability("jump", (2,)),), ("-",))
    wanting = CardAbilities("40/1", base.name, "partial",
                            (Ability("jump", (2,), requires="only in wolf form"),), ("-",))  # never played
    trigger = CardAbilities("60/1", base.name, "partial",
                            (Ability("heal", (1,), cost="trigger", trigger="jump"),), ("-",))
    cards = [replace(base, id=30001, set_id=30, keywords=(("jump", 1),), abilities=jumper),
             replace(base, id=40001, set_id=40, keywords=(("jump", 1), ("fury", 1)), abilities=wanting),
             replace(base, id=60001, set_id=60, keywords=(("armor", 2), ("jump", 1)), abilities=trigger),
             replace(base, id=10001, set_id=10, keywords=(("jump", 1),), abilities=None)]
    jump, armor, fury = keyword_audit(cards, table)
    assert (jump.printings, jump.by_set, jump.with_facts) == (4, {30: 1, 40: 1, 50: 0, 60: 1}, 2)
    assert (armor.printings, armor.by_set[60], armor.with_facts) == (1, 1, None)
    assert (fury.printings, fury.with_facts) == (1, None)
    text = keyword_audit_markdown((jump, armor, fury))
    assert "Not played: `fury` (1 printings)" in text and "Partly played: none" in text
    assert "| `jump` | `x` | facts | 4 | 1 | 1 | 0 | 1 | `jump`, `trigger:jump` | 2 | jump facts |" in text
    assert "| `armor` | `y` | keyword | 1 | 0 | 0 | 0 | 1 | — | — | — |" in text
    plain = keyword_audit_markdown((jump, armor, fury), with_facts=False)  # the README's table
    assert "| `jump` | `x` | facts | 4 | 1 | 1 | 0 | 1 | `jump`, `trigger:jump` | jump facts |" in plain
    assert "with a fact" not in plain


def test_plays_names_kinds_triggers_classes_and_fields():
    assert plays(Ability("jump", (1,)), "jump") and not plays(Ability("jump", (1,)), "teleport")
    assert plays(Ability("heal", (1,), cost="trigger", trigger="valhalla"), "trigger:valhalla")
    assert not plays(Ability("heal", (1,), cost="trigger", trigger="death"), "trigger:valhalla")
    assert plays(Ability("heal", (1,), cost="tap", via="spell"), "via:spell")
    assert not plays(Ability("heal", (1,), cost="tap", via="effect"), "via:spell")
    assert plays(Ability("keyword", (1,), keyword="armor", formation=True), "field:formation")
    assert not plays(Ability("keyword", (1,), keyword="armor"), "field:formation")
    assert not plays(Ability("jump", (1,)), "nonsense:jump")


def test_every_keyword_column_of_the_schema_says_whether_it_is_played():
    columns = [c for c in card_columns() if c not in BASE_COLUMNS and c not in TAIL_COLUMNS]
    audited = {k.column: k for k in keywords()}
    assert columns and set(columns) == set(audited)
    for column in columns:
        k = audited[column]
        assert k.played in PLAYED, column
        assert k.played == "keyword" or k.how, column       # a reason wherever it is not simply read
    with open(data_dir() / "keywords.csv", encoding="utf-8", newline="") as fh:
        header = next(csv.reader(fh))
    assert header[:4] == ["code", "column", "kind", "meaning"]
    assert {"played", "facts", "how"} <= set(header)


@pytest.mark.parametrize(("played", "how", "message"), [
    ("maybe", "x", "column 'played' must be one of"),
    ("", "x", "column 'played' must be one of"),
    ("no", "", "column 'how' is empty"),
])
def test_keyword_table_refuses_an_unaudited_row(tmp_path, played, how, message):
    (tmp_path / "keywords.csv").write_text(
        "code,column,kind,meaning,played,facts,how\n"
        "ova,exp_attack,number,experience,keyword,,\n"
        f'fry,fury,flag,fury,{played},,"{how}"\n', encoding="utf-8")
    with pytest.raises(BerserkInputError) as err:
        keywords(tmp_path)
    assert message in str(err.value) and "line 3" in str(err.value) and "fury" in str(err.value)


def test_readme_keyword_section_is_current(db):
    readme = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    assert readme.count(README_START) == 1 and readme.count(README_END) == 1
    assert with_keyword_section(readme, keyword_audit(db)) == readme, \
        "data/README.md's keyword audit is stale: run python3 scripts/keywords_readme.py"
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import keywords_readme
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert keywords_readme.main(["--check"]) == 0
    with pytest.raises(BerserkInputError, match="markers"):
        with_keyword_section("# no markers\n", keyword_audit(db))


def test_cli_coverage_adds_targets_and_keywords(capsys, tmp_path):
    assert main(["abilities", "--coverage"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Ability facts coverage (status full or partial = modelled)")
    assert "creature printings with a sht/thr/dsc/mht icon, attacks modelled:" in text  # kept
    assert "sample decks (copies: full / partial / none / no entry):" in text
    out = tmp_path / "coverage.md"
    assert main(["abilities", "--coverage", "--json", "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in report["targets"]] == ["deck_copies_full", "sets_full", "sets_none"]
    copies = report["sample_decks"]
    deck = report["targets"][0]
    assert (deck["total"], deck["modelled"]) == (copies["copies"], copies["status"]["full"])
    assert deck["met"] == (100 * deck["modelled"] >= 80 * deck["total"])
    sets = [r for r in report["by_set"] if r["set"] in TOURNAMENT_SETS]
    assert report["targets"][1]["total"] == sum(r["printings"] for r in sets)
    assert report["targets"][2]["modelled"] == sum(r["status"]["none"] + r["status"]["missing"] for r in sets)
    assert report["keywords_not_played"] == [k.column for k in keywords() if k.played == "no"]
    assert report["keywords_partly_played"] == [k.column for k in keywords() if k.played == "partly"]
    for line in (f"{t['label']}" for t in report["targets"]):
        assert line in text
    page = out.read_text(encoding="utf-8")
    assert page.startswith("# Ability facts coverage")
    assert f"`berserk abilities --coverage --out {out}`" in page
    for t in report["targets"]:
        assert f"| {t['label']} | {t['modelled']} | {t['total']} |" in page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["coverage.md"]  # no temporary file left


def test_cli_out_needs_coverage_and_a_writable_path(capsys, tmp_path):
    assert main(["abilities", "10/4", "--out", str(tmp_path / "x.md")]) == 2
    assert "--out" in capsys.readouterr().err and not (tmp_path / "x.md").exists()
    assert main(["abilities", "--coverage", "--out", str(tmp_path / "missing" / "x.md")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_markdown_and_text_name_every_unplayed_column(db):
    from analysis.decks.coverage import coverage

    report = coverage(db)
    page, text = coverage_markdown(report), coverage_text(report)
    for k in keywords():
        if k.played in ("no", "partly"):
            assert f"`{k.column}`" in page and f"{k.column} (" in text
