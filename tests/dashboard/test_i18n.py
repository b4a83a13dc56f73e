"""The Russian interface: one message catalog per language, every page's words from it.

The coverage test drives every page through its main actions in Russian, collects every text
AppTest sees (titles, captions, messages, widget labels, options and help, metric labels, tabs,
table columns, chart titles, axes, legends and hover texts, the battle log) and fails on any word
that is neither in the Russian catalog nor data (card, set, class and deck names, ruleset names).
So a label typed into a page instead of the catalog fails it.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from app_helpers import edit_field, open_app, plotly_specs, shown_texts

from analysis.cards.schema import set_names
from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.rules import builtin_ruleset_names

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))
import i18n  # noqa: E402

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
WORD = re.compile(r"[A-Za-zА-Яа-яЁё]{2,}")
TAG = re.compile(r"<[^>]+>")
CODE = re.compile(r"`[^`\n]*`")
"""Inline code is data: a file path (the game cache's folder) or a command line."""


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(TAG.sub(" ", CODE.sub(" ", text)))}


def catalog_words(lang: str) -> set[str]:
    out: set[str] = set()
    for text in i18n.catalog(lang).values():
        out |= words(text)
    return out


def data_words() -> set[str]:
    """Words that are data, not interface: card, set, class and deck names, sample files, rulesets."""
    out: set[str] = set()
    for card in DB:
        out |= words(card.name) | words(" ".join(card.classes))
    for name in set_names().values():
        out |= words(name)
    for stem, deck in SAMPLES.items():
        out |= words(stem) | words(deck.title)
    for name in builtin_ruleset_names():
        out |= words(name)
    from analysis.planning.caveats import model_limits
    from analysis.planning.field import current_field_decks

    for limit in model_limits().values():  # data/model_limits.toml: the listed limits, in both languages
        out |= words(limit.what) | words(limit.what_ru)
    for deck, _ in current_field_decks(DB).values():  # data/fields/current: the legal versions' titles
        out |= words(deck.title)
    return out


DECK_CODE = re.compile(r"^#[A-Za-z0-9_-]+$")


def uncovered(texts: list[tuple[str, str]], lang: str) -> list[tuple[str, str, list[str]]]:
    """The texts with a word that is neither in the catalog nor data (a deck code is data too)."""
    allowed = catalog_words(lang) | data_words()
    texts = [(where, text) for where, text in texts if not DECK_CODE.match(text.strip())]
    return [(where, text, sorted(words(text) - allowed)) for where, text in texts if words(text) - allowed]


LATIN = re.compile(r"[A-Za-z]{2,}")
TECHNICAL = {"berserk", "nxt", "brsd", "txt", "json", "toml", "csv", "proberserk", "utf", "windows",
             "english", "language"}
"""Latin words a Russian page may show: file formats and the tool that writes them, text encodings,
and the language switch's own «Язык / Language» and «English»."""


def cell_texts(at) -> list[tuple[str, str]]:
    """The text cells of every table (an English status would be one; a bool column is drawn as
    check boxes, not words)."""
    out = []
    for element in [*at.dataframe, *at.table]:
        frame = element.value
        for column in frame.columns:
            if frame[column].dtype == object or str(frame[column].dtype) in ("str", "string"):
                out.extend(("cell", str(v)) for v in frame[column].unique()[:500])
    return out


def english_words(texts: list[tuple[str, str]]) -> list[tuple[str, str, list[str]]]:
    """Texts with a Latin word that is neither data (ruleset and sample names) nor :data:`TECHNICAL`;
    inline code, HTML tags and deck codes are data."""
    allowed = {w for w in data_words() if LATIN.fullmatch(w)} | TECHNICAL
    out = []
    for where, text in texts:
        if DECK_CODE.match(text.strip()):
            continue
        body = re.sub(r"#[A-Za-z0-9_-]+…?", " ", TAG.sub(" ", CODE.sub(" ", text)))
        bad = sorted({w for w in LATIN.findall(body) if w.lower() not in allowed})
        if bad:
            out.append((where, text[:120], bad))
    return out


def english_widget_internals(at) -> list[str]:
    """Streamlit's own English words a widget would show: the multiselect's "Select all" entry and
    its "Choose options" placeholder (the catalog's placeholder replaces it)."""
    out = []
    for element in at.get("multiselect"):
        if element.proto.select_all:
            out.append(f"multiselect {element.proto.label!r} offers Streamlit's English 'Select all'")
        if not element.proto.placeholder or LATIN.search(element.proto.placeholder):
            out.append(f"multiselect {element.proto.label!r} has no Russian placeholder")
    return out


# --------------------------------------------------------------------------- the catalogs


def test_catalogs_have_the_same_keys_and_fields():
    ru, en = i18n.catalog("ru"), i18n.catalog("en")
    assert set(ru) == set(en)
    for key in ru:
        fields_ru = {f for _, f, _, _ in string.Formatter().parse(ru[key]) if f}
        fields_en = {f for _, f, _, _ in string.Formatter().parse(en[key]) if f}
        assert fields_ru == fields_en, key


def test_every_literal_key_in_the_app_is_in_the_catalog():
    app = Path(__file__).resolve().parents[2] / "app"
    used = set()
    for path in app.rglob("*.py"):
        used |= set(re.findall(r"\bt\(\s*\"([a-z_.\-0-9]+)\"", path.read_text(encoding="utf-8")))
    plural = set(
        re.findall(
            r"\btn\(\s*\"([a-z_.\-0-9]+)\"", "".join(p.read_text(encoding="utf-8") for p in app.rglob("*.py"))
        )
    )
    ru = i18n.catalog("ru")
    assert not sorted(k for k in used if k not in ru)
    assert not sorted(k for k in plural if any(f"{k}.{f}" not in ru for f in i18n.PLURAL_FORMS))


def test_element_and_keyword_names_are_russian():
    ru = i18n.catalog("ru")
    assert [
        ru[f"element.{e}"] for e in ("steppes", "mountains", "forests", "swamps", "darkness", "neutral")
    ] == ["Степи", "Горы", "Леса", "Болота", "Тьма", "Нейтралы"]
    assert ru["keyword.exp_attack"] == "Опыт в атаке" and ru["keyword.armor"] == "Броня"
    assert ru["keyword.prot_magic"] == "Защита от магии"
    from analysis.cards.schema import keywords

    for k in keywords():
        assert f"keyword.{k.column}" in ru and f"keyword_meaning.{k.column}" in ru, k.column


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "one"),
        (2, "few"),
        (4, "few"),
        (5, "many"),
        (11, "many"),
        (12, "many"),
        (21, "one"),
        (22, "few"),
        (111, "many"),
        (0, "many"),
    ],
)
def test_russian_plural_forms(n, form):
    assert i18n.plural_form(n, "ru") == form
    assert i18n.plural_form(n, "en") == ("one" if n == 1 else "many")


# --------------------------------------------------------------------------- every page, in Russian


def _deck(at):
    yield at
    first = next(b for b in at.button if b.key.startswith("plus_"))
    at.button(key=first.key.replace("plus_", "minus_")).click().run()
    yield at
    at.selectbox(key="sample_pick").set_value("tournament-03")
    at.button(key="load_sample").click().run()
    yield at  # illegal: banner, problems, the note on banned samples


def _cards(at):
    yield at
    at.text_input(key="cards_text").input("гуль").run()
    at.button(key="cards_add").click().run()
    yield at


def _deals(at):
    yield at
    at.number_input(key="deals_trials").set_value(200)
    at.number_input(key="deals_estimate").set_value(100)
    at.button(key="deals_run").click().run()
    yield at  # strength: binned values, a median threshold
    at.selectbox(key="deals_objective").set_value("crystals").run()
    at.button(key="deals_run").click().run()
    yield at
    at.selectbox(key="deals_objective").set_value("rating").run()
    yield at


def _recruit(at):
    yield at
    at.selectbox(key="recruit_objective").set_value("weights").run()
    yield at
    at.selectbox(key="recruit_objective").set_value("rating").run()
    yield at


def _combat(at):
    yield at
    at.radio(key="combat_attacker_kind").set_value("custom").run()
    yield at


def _budgets(at):
    yield at
    at.multiselect(key="budgets_samples").set_value(["tournament-02"])
    at.multiselect(key="budgets_rules").set_value(["relaunch", "realms"])
    at.number_input(key="budgets_trials").set_value(100)
    at.button(key="budgets_run").click().run()
    yield at


def _matchup(at):
    yield at  # the precomputed matrix
    at.multiselect(key="matchup_samples").set_value(["tournament-02"])
    at.number_input(key="matchup_games").set_value(10)
    at.button(key="matchup_run").click().run()
    yield at
    at.select_slider(key="matchup_step").set_value(3).run()
    yield at
    at.checkbox(key="matchup_same").set_value(False).run()
    at.selectbox(key="matchup_objective_b").set_value("crystals").run()
    at.button(key="matchup_run").click().run()
    yield at  # a cross matrix: the sides named on the axes and in the caption
    at.selectbox(key="matchup_b").set_value(at.selectbox(key="matchup_a").value).run()
    yield at  # a mirror, its sides told apart by letter


def _tournament(at):
    yield at  # the field editor, nothing run yet
    edit_field(at, current=True, shares={"tournament-02": 30.0})
    yield at  # the current deck in the field, shares normalised
    at.session_state["tournament_games"] = 10
    at.session_state["tournament_candidates"] = 2
    at.session_state["tournament_max_games"] = 100
    at.button(key="tournament_run").click().run()
    yield at  # scores, chart, heatmap, tables
    at.button(key="tournament_tune_run").click().run()
    yield at  # the swaps, their chart and buttons
    at.button(key="tournament_apply_1").click().run()
    yield at  # a swap applied: messages, stale warnings, undo


def _compare(at):
    yield at
    at.session_state["compare_trials"] = 100
    at.session_state["compare_games"] = 10
    at.button(key="compare_run").click().run()
    yield at  # strength: seat means, head-to-head
    at.selectbox(key="compare_objective").set_value("crystals")
    at.button(key="compare_run").click().run()
    yield at  # crystals: the distribution too


PAGES = {
    "deck": _deck,
    "cards": _cards,
    "deals": _deals,
    "recruit": _recruit,
    "combat": _combat,
    "budgets": _budgets,
    "matchup": _matchup,
    "tournament": _tournament,
    "compare": _compare,
}


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_in_russian_shows_only_catalog_words(page):
    at = open_app(page, lang=None)  # as a player opens it: Russian by default
    seen = 0
    for state in PAGES[page](at):
        assert not state.exception, state.exception
        texts = shown_texts(state)
        seen += len(texts)
        assert any(where == "title" and text == i18n.catalog("ru")[f"page.{page}"] for where, text in texts)
        bad = uncovered(texts, "ru")
        assert not bad, bad[:10]
        # issue 21 item 9: no English word outside data, in the cells and the widgets' own words too
        english = english_words(texts + cell_texts(state))
        assert not english, english[:10]
        assert not english_widget_internals(state), english_widget_internals(state)
        # issue 21 item 9 ("231.0B"): charts write numbers as the pages do, no "k"/"M"/"B"
        for spec in plotly_specs(state):
            layout = spec.get("layout", {})
            assert layout.get("separators") == ".\u202f", layout.get("title")
            axes = {k: v for k, v in layout.items() if k.startswith(("xaxis", "yaxis"))}
            assert all(a.get("exponentformat") == "none" for a in axes.values()), layout.get("title")
    assert seen > 20


def test_the_english_word_check_catches_the_slips_it_is_for():
    """The checks above fail on what issue 21 found: modifier syntax, a raw boolean, "Select all"."""
    found = english_words([("help", "например, exp_attack=1, armor=1"), ("cell", "True"),
                           ("caption", "правила relaunch, код `banned`, файл .toml, #YWhYeaYSdYV-Qez")])
    assert [bad for _, _, bad in found] == [["armor", "attack", "exp"], ["True"]]


@pytest.mark.parametrize("page", ["deck", "matchup", "tournament", "compare"])
def test_english_pages_show_only_english_catalog_words(page):
    at = open_app(page, lang="en")
    for state in PAGES[page](at):
        assert not state.exception, state.exception
        bad = uncovered(shown_texts(state), "en")
        assert not bad, bad[:10]


# --------------------------------------------------------------------------- choosing the language


def test_language_from_the_url_and_the_sidebar_switch():
    at = open_app("deals", lang=None)
    assert at.title[0].value == "Раздачи" and at.query_params["lang"] == "ru"
    at.button_group(key="lang_pick").set_value("en").run()
    assert at.title[0].value == "Deals" and at.query_params["lang"] == "en"
    at.switch_page("pages/combat.py").run()
    assert at.title[0].value == "Combat"  # the choice holds on every page
    english = open_app("cards", lang="en")
    assert english.title[0].value == "Cards"
    assert open_app("cards", lang="xx").title[0].value == "Карты"  # an unknown language: Russian


def test_russian_numbers_are_grouped_with_a_narrow_space():
    at = open_app("cards", lang=None)
    caption = next(c.value for c in at.caption if "из" in c.value)
    assert f"из 1\u202f{len(DB) % 1000}" in caption
