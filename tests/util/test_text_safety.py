"""Issue 20 #3 and #8: user text shown literally — inert in Markdown/HTML, one escaped line on a
terminal, never a formula in a spreadsheet."""

from __future__ import annotations

import pytest

from analysis.decks.deck import Deck
from analysis.util.textnorm import from_spreadsheet_cell, inert_markup, spreadsheet_cell, terminal_text


@pytest.mark.parametrize("text", ["![t](https://example.invalid/p.png)", "<img src=x onerror=alert(1)>",
                                  "<script>alert(1)</script>", "**bold** _it_ `code` $x$ :red[x] ~~s~~",
                                  "# heading", "- item", "12. item", "> quote", "a | b", "&amp;"])
def test_inert_markup_leaves_no_syntax(text):
    out = inert_markup(text)
    assert not any(ch in out for ch in "<>[]`*_$~|") and not out.lstrip().startswith(("#", "-", ">", "1"))
    import html
    assert html.unescape(out) == text  # and it reads back as the same text


def test_inert_markup_joins_lines():
    assert "\n" not in inert_markup("a\n# b\r\nc")


def test_terminal_text_escapes_every_control_character():
    out = terminal_text("a\x1b[31mb\nc\rd\x07e\u202ef\x9bg\U000e0041")
    assert out.isprintable() and out == "a\\x1b[31mb\\nc\\x0dd\\x07e\\u202ef\\x9bg\\U000e0041"


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "'quoted", "plain", ""])
def test_spreadsheet_cells_round_trip(text):
    cell = spreadsheet_cell(text)
    assert not cell.startswith(("=", "+", "-", "@", "\t"))
    assert from_spreadsheet_cell(cell) == text


def test_a_deck_title_is_one_printable_line():
    assert Deck("x\x1b[2Jy\nz", ()).title == "x\\x1b[2Jy\\nz"
    assert Deck("Ковен · 3 × Гуль", ()).title == "Ковен · 3 × Гуль"
