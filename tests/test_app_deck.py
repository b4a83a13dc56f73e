"""Deck page (AppTest): loading from samples, pasted text and uploads; legality; summary; downloads."""

from __future__ import annotations

import pytest
from app_helpers import (
    chart_titles,
    frame_with,
    metric,
    open_app,
    plotly_specs,
    set_sidebar,
    texts,
    trace_values,
)

from analysis.cards import load_cards
from analysis.deck_summary import cost_curve
from analysis.decks import format_deck, read_deck, sample_deck_paths

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}


@pytest.fixture(scope="module")
def first_open():
    return open_app()


def test_first_open_shows_the_sample_deck_with_every_chart(first_open):
    at = first_open
    deck = SAMPLES["tournament-01"]
    assert metric(at, "Cards") == str(deck.size)
    assert metric(at, "Distinct names") == str(len(deck.counts_by_name()))
    assert any(deck.title in s.value for s in at.subheader)
    assert any("LEGAL under **relaunch** / **constructed**" in s for s in texts(at.success))
    titles = chart_titles(at)
    for wanted in ("Cost curve", "Elite / ordinary copies", "Elements", "Card types", "Unique cards"):
        assert any(t.startswith(wanted) for t in titles), (wanted, titles)
    assert [b.label for b in at.get("download_button")] == [
        "Download ProBerserk text", "Download berserk-nxt .brsd", "Download JSON",
        "Download berserk-nxt code"]
    assert "tournament-01" in at.sidebar.caption[0].value


def test_cost_curve_chart_shows_the_deck_curve(first_open):
    spec = plotly_specs(first_open)[0]
    expected = cost_curve(SAMPLES["tournament-01"])
    for trace in spec["data"]:
        want = expected[expected.kind == trace["name"]]
        assert trace_values(trace, "x") == list(want.cost)
        assert trace_values(trace, "y") == list(want.copies)


def test_picking_a_sample_loads_it_everywhere():
    at = open_app()
    at.selectbox(key="sample_pick").set_value("tournament-08")
    at.button(key="load_sample").click().run()
    deck = SAMPLES["tournament-08"]
    assert any("Loaded sample tournament-08" in s for s in texts(at.success))
    assert metric(at, "Cards") == str(deck.size)
    assert metric(at, "Flyers") == str(sum(c.is_flyer for c in deck.cards()))
    assert any(t.startswith("Flyer cost") for t in chart_titles(at))
    at.switch_page("pages/cards.py").run()
    assert at.session_state["deck"].title == deck.title


def test_pasted_list_with_unknown_card_is_reported_with_suggestions():
    at = open_app()
    at.text_area(key="paste_text").input("# Test\n3 Смотрящий в ночь\n2 Инзелла\n").run()
    at.button(key="load_paste").click().run()
    errors = texts(at.error)
    assert any("could not be read" in e and "line 3" in e and "'Инзела'" in e for e in errors), errors
    assert metric(at, "Cards") == str(SAMPLES["tournament-01"].size)  # the deck did not change


def test_pasted_list_loads_and_is_checked():
    at = open_app()
    at.text_area(key="paste_text").input("# Short\n3 Смотрящий в ночь\n2x Инзела\n").run()
    at.button(key="load_paste").click().run()
    assert metric(at, "Cards") == "5"
    assert any("NOT LEGAL" in e for e in texts(at.error))
    assert any("deck_size" in w and "25 short" in w for w in texts(at.error))


@pytest.mark.parametrize("fmt", ["txt", "brsd", "json"])
def test_upload_in_every_format(fmt):
    deck = SAMPLES["tournament-05"]
    at = open_app()
    data = format_deck(deck, fmt, DB).encode("utf-8")
    at.file_uploader(key="deck_upload").set_value((f"mine.{fmt}", data, "text/plain")).run()
    assert any(f"Loaded mine.{fmt}" in s for s in texts(at.success)), texts(at.error)
    assert metric(at, "Cards") == str(deck.size)
    assert metric(at, "Distinct names") == str(len(deck.counts_by_name()))


def test_upload_in_windows_1251_is_read():
    at = open_app()
    data = "# Степь\n3 Смотрящий в ночь\n".encode("cp1251")
    at.file_uploader(key="deck_upload").set_value(("old.txt", data, "text/plain")).run()
    assert metric(at, "Cards") == "3"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x00\x01\x02binary", "binary"),
        (b"3 x\n" * 70_000, "too large"),
        (b"\xff\xfe\x81\x82 bad", "not UTF-8"),
        ("3 Гуль\n1 Нет такой карты\n".encode(), "unknown card"),
    ],
)
def test_bad_uploads_are_reported(data, message):
    at = open_app()
    at.file_uploader(key="deck_upload").set_value(("bad.txt", data, "text/plain")).run()
    assert any("bad.txt could not be read" in e and message in e for e in texts(at.error)), texts(at.error)
    assert metric(at, "Cards") == str(SAMPLES["tournament-01"].size)


def test_default_ruleset_marks_the_banned_card():
    at = open_app()
    at.selectbox(key="sample_pick").set_value("tournament-03")
    at.button(key="load_sample").click().run()
    assert any("NOT LEGAL under **relaunch**" in e for e in texts(at.error))
    table = frame_with(at, "findings")
    banned = table[table.status.str.contains("problem")]
    assert list(banned.name) == ["Илинси"]
    assert "banned" in banned.findings.iloc[0]
    full = [m for m in texts(at.markdown) if "**Илинси**" in m]
    assert full and "problem" in full[0] and "tournament ban list" in full[0]


def test_format_follows_the_ruleset():
    at = open_app()
    assert at.sidebar.selectbox(key="format_pick").options == ["constructed", "draft", "sealed"]
    set_sidebar(at, rules_name="realms")
    assert any("under **realms** / **constructed**" in s for s in texts(at.success) + texts(at.error))
    set_sidebar(at, rules_name="classic", deck_format="draft")
    assert any("/ **draft**" in s for s in texts(at.success) + texts(at.error))
