"""Deck page (AppTest): loading from samples, pasted text, codes and uploads; legality and the banner;
editing copy by copy; the deck kept in the URL; summary; downloads."""

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
from streamlit.testing.v1 import AppTest

from analysis.cards.table import load_cards
from analysis.decks.deck import format_deck, format_nxt, read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.rules import load_ruleset
from analysis.summaries.deck import cost_curve

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
RELAUNCH = load_ruleset("relaunch")


@pytest.fixture(scope="module")
def first_open():
    return open_app()


def test_first_open_shows_the_sample_deck_with_every_chart(first_open):
    at = first_open
    deck = SAMPLES["tournament-01"]
    assert metric(at, "Cards") == str(deck.size)
    assert metric(at, "Distinct names") == str(len(deck.counts_by_name()))
    assert any(deck.title in s.value for s in at.subheader)
    info = len(check_deck(deck, RELAUNCH).info)
    assert any(
        f"LEGAL under **relaunch** / **constructed** (0 warnings, {info} notes)" in s
        for s in texts(at.success)
    )
    titles = chart_titles(at)
    for wanted in ("Cost curve", "Elite / ordinary copies", "Elements", "Card types", "Unique cards"):
        assert any(t.startswith(wanted) for t in titles), (wanted, titles)
    assert [b.label for b in at.get("download_button")] == [
        "Download .txt",
        "Download .brsd",
        "Download .json",
        "Download .nxt",
    ]
    assert at.get("download_button")[3].proto.help == "Format: berserk-nxt deck code (.nxt)"
    assert "tournament-01" in at.sidebar.caption[0].value
    assert not at.warning  # a legal deck: no banner


def test_unique_copies_are_information_in_the_table(first_open):
    table = frame_with(first_open, "Findings")
    notes = table[table.Status.str.contains("note")]
    unique = {i.card for i in check_deck(SAMPLES["tournament-01"], RELAUNCH).info}
    assert set(notes.Card) == unique
    assert all("one can be in a squad; the others raise the odds of drawing it" in f for f in notes.Findings)


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


def test_failed_paste_shows_its_error_in_place_of_the_report():
    at = open_app()
    at.text_area(key="paste_text").input("# Test\n3 Смотрящий в ночь\n2 Инзелла\n").run()
    at.button(key="load_paste").click().run()
    errors = texts(at.error)
    assert any("could not be read" in e and "line 3" in e and "'Инзела'" in e for e in errors), errors
    assert not at.metric and not at.dataframe  # not the previous deck's report under the error
    assert any("still 'Ковеноглина'" in i for i in texts(at.info))
    assert at.session_state["deck"] == SAMPLES["tournament-01"]  # the deck did not change
    at.button(key="show_current").click().run()
    assert metric(at, "Cards") == str(SAMPLES["tournament-01"].size)


def test_pasted_list_loads_and_is_checked():
    at = open_app()
    at.text_area(key="paste_text").input("# Short\n3 Смотрящий в ночь\n2x Инзела\n").run()
    at.button(key="load_paste").click().run()
    assert metric(at, "Cards") == "5"
    assert any("NOT LEGAL" in e for e in texts(at.error))
    assert any(
        "Whole deck: the deck has 5 cards; constructed needs at least 30 (25 short)" in e
        for e in texts(at.error)
    )
    assert any("is not legal under relaunch" in w for w in texts(at.warning))  # the banner


def test_pasted_deck_code_loads():
    at = open_app()
    code = format_nxt(SAMPLES["tournament-04"]).strip()
    at.text_area(key="paste_text").input(code).run()
    at.button(key="load_paste").click().run()
    assert metric(at, "Cards") == str(SAMPLES["tournament-04"].size)
    assert at.session_state["deck"].entries == SAMPLES["tournament-04"].entries


@pytest.mark.parametrize("fmt", ["txt", "brsd", "json", "nxt"])
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
    assert at.session_state["deck"] == SAMPLES["tournament-01"]


def test_default_ruleset_marks_the_banned_card_and_every_page_shows_a_banner():
    at = open_app()
    at.selectbox(key="sample_pick").set_value("tournament-03")
    at.button(key="load_sample").click().run()
    assert any("NOT LEGAL under **relaunch**" in e for e in texts(at.error))
    table = frame_with(at, "Findings")
    banned = table[table.Status.str.contains("problem")]
    assert list(banned.Card) == ["Илинси"]
    assert "tournament ban list (March 2026)" in banned.Findings.iloc[0]
    assert "remove 2 copies" in banned.Findings.iloc[0]
    for page in ("cards", "deals", "recruit", "combat", "budgets", "matchup"):
        at.switch_page(f"pages/{page}.py").run()
        assert any(
            "Deck 'Ковен' is not legal under relaunch" in w and "Илинси" in w for w in texts(at.warning)
        ), page
    set_sidebar(at, rules_name="relaunch-casual")
    assert not [w for w in texts(at.warning) if "is not legal" in w]


def test_deck_page_names_the_samples_the_ruleset_bans(first_open):
    note = next(c for c in texts(first_open.caption) if "hold cards banned since" in c)
    banned = sorted(stem for stem, deck in SAMPLES.items() if not check_deck(deck, RELAUNCH).legal)
    assert note.startswith(f"The samples are older tournament lists. {len(banned)} of them")
    assert all(stem in note for stem in banned)


def test_plus_and_minus_edit_the_deck_within_the_copy_limit():
    at = open_app()
    deck = SAMPLES["tournament-01"]
    full = next(e for e in deck.entries if e.count == 3)
    at.button(key=f"plus_{full.card.id}").click().run()
    assert any(f"'{full.card.name}': already 3, the most constructed allows." in w for w in texts(at.warning))
    assert metric(at, "Cards") == str(deck.size)
    at.button(key=f"minus_{full.card.id}").click().run()
    assert metric(at, "Cards") == str(deck.size - 1)
    assert any(f"Removed a copy of '{full.card.name}': 2 copies left." in s for s in texts(at.success))
    at.button(key=f"plus_{full.card.id}").click().run()
    assert metric(at, "Cards") == str(deck.size)
    single = next(e for e in deck.entries if e.count == 1)
    at.button(key=f"minus_{single.card.id}").click().run()
    assert all(b.key != f"minus_{single.card.id}" for b in at.button)  # the card is gone
    assert "edited by hand" in at.sidebar.caption[0].value


def test_the_deck_survives_a_reload_through_the_url():
    at = open_app()
    single = next(e for e in SAMPLES["tournament-01"].entries if e.count == 1)
    at.button(key=f"minus_{single.card.id}").click().run()
    edited = at.session_state["deck"]
    code, title = at.query_params["deck"], at.query_params["title"]
    assert code == format_nxt(edited).strip().lstrip("#") and title == edited.title
    reloaded = AppTest.from_file(at._script_path, default_timeout=120)  # a new session, same URL
    reloaded.query_params.update({"deck": code, "title": title, "lang": "en"})
    reloaded.run()
    assert reloaded.session_state["deck"].entries == edited.entries
    assert reloaded.session_state["deck"].title == edited.title
    assert "opened from a link" in reloaded.sidebar.caption[0].value


def test_a_broken_code_in_the_url_is_reported_and_a_sample_opens():
    at = AppTest.from_file(open_app.__globals__["MAIN"], default_timeout=120)
    at.query_params.update({"deck": "YA", "lang": "en"})
    at.run()
    assert any(
        "The deck in the link could not be read" in e and "multiple of 3" in e for e in texts(at.error)
    )
    assert at.session_state["deck"] == SAMPLES["tournament-01"]


def test_format_follows_the_ruleset():
    at = open_app()
    assert at.sidebar.selectbox(key="format_pick").options == ["constructed", "draft", "sealed"]
    set_sidebar(at, rules_name="realms")
    assert any("under **realms** / **constructed**" in s for s in texts(at.success) + texts(at.error))
    set_sidebar(at, rules_name="classic", deck_format="draft")
    assert any("/ **draft**" in s for s in texts(at.success) + texts(at.error))
