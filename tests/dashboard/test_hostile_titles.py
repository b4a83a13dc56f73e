"""Issue 20 #3: a deck title from a shared link (``?deck=…&title=…``) reaches every page only as
text. Wherever the dashboard renders Markdown or HTML (the sidebar, captions, headings, alerts,
labels and help, the Matchup board's auxiliary zone), the title's tags and its Markdown image come
out as character references, never as an ``<img>``/``<script>`` tag or an image to fetch."""

from __future__ import annotations

import pytest
from app_helpers import MAIN, TIMEOUT
from streamlit.testing.v1 import AppTest

from analysis.cards.table import load_cards
from analysis.decks.deck import format_nxt, read_deck
from analysis.util.paths import data_dir
from analysis.util.textnorm import inert_markup

HOSTILE = "<img src=x onerror=alert(1)> <script>alert(2)</script> ![t](https://example.invalid/p.png)"
RAW = ("<img", "<script", "![t](", "](https://example.invalid")
PAGES = ["deck", "cards", "combat", "recruit", "deals", "budgets", "compare", "matchup", "tournament"]
MARKUP_TYPES = ("markdown", "caption", "title", "header", "subheader", "info", "warning", "error", "success",
                "toast", "exception")


def _code() -> str:
    deck = read_deck(data_dir() / "decks" / "tournament-01.txt", load_cards())
    return format_nxt(deck).strip().lstrip("#")


def _rendered(at: AppTest) -> list[str]:
    """Every string the page hands to Markdown or HTML: element bodies of the Markdown kinds, and the
    labels and help of every element (both are Markdown in Streamlit)."""
    out = []
    for kind in MARKUP_TYPES:
        out += [str(e.value) for e in at.get(kind)]
    stack = [at._tree]
    while stack:
        node = stack.pop()
        for name in ("label", "help", "placeholder"):
            value = getattr(node, name, None)
            if isinstance(value, str):
                out.append(value)
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            stack.extend(children.values())
    return out


def _open(page: str | None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=TIMEOUT)
    at.query_params.update({"deck": _code(), "title": HOSTILE, "lang": "en"})
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["deck"].title == HOSTILE  # the title arrived as it was sent
    if page:
        at.switch_page(f"pages/{page}.py").run()
        assert not at.exception, at.exception
    return at


def _assert_inert(at: AppTest) -> None:
    rendered = _rendered(at)
    leaks = [s for s in rendered if any(r in s for r in RAW)]
    assert leaks == []
    assert any(inert_markup(HOSTILE) in s for s in rendered)  # it is on the page, as text


@pytest.mark.parametrize("page", PAGES)
def test_a_hostile_title_is_only_text_on_every_page(page):
    _assert_inert(_open(page))


def test_a_hostile_title_is_only_text_on_the_matchup_board():
    """The current deck against a sample: the board, its auxiliary zone (flyers) and the turn log
    name the sides by their titles."""
    at = _open("matchup")
    at.multiselect(key="matchup_samples").set_value(["tournament-02"])
    at.number_input(key="matchup_games").set_value(4)
    at.button(key="matchup_run").click().run()
    assert not at.exception, at.exception
    for step in range(0, 6):
        at.select_slider(key="matchup_step").set_value(step).run()
        assert not at.exception, at.exception
        _assert_inert(at)


def test_a_link_or_upload_with_two_hashes_shows_an_error():
    """Issue 20 #7: ``?deck=%23YAB`` (the code then has two leading '#') and an uploaded ``##YAB``
    raised StopIteration on the page."""
    at = AppTest.from_file(MAIN, default_timeout=TIMEOUT)
    at.query_params.update({"deck": "#YAB", "lang": "en"})
    at.run()
    assert not at.exception, at.exception
    assert any("deck code has the character '#'" in str(e.value) for e in at.error)
    at.switch_page("pages/deck.py").run()
    at.file_uploader(key="deck_upload").set_value(("d.nxt", b"##YAB", "text/plain")).run()
    assert not at.exception, at.exception
    assert any("d.nxt could not be read" in str(e.value) for e in at.error)
