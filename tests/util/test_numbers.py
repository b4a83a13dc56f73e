"""One rule per kind of figure (issue 21): strength two decimals, shares as percent with one, crystals
whole; the same text for the pages, the CLI and the report."""

from __future__ import annotations

import math

import pytest

from analysis.util.numbers import (
    DECIMALS,
    FIGURE_KINDS,
    figure,
    interval,
    objective_kind,
    printf,
    table_value,
)


@pytest.mark.parametrize(
    ("value", "kind", "lang", "text"),
    [
        (19.8255, "strength", "en", "19.83"),
        (-0.427989, "strength", "en", "−0.43"),
        (0.4231, "share", "en", "42.3%"),
        (1.0, "share", "ru", "100.0%"),
        (44.6, "crystals", "en", "45"),
        (19.062, "crystals", "en", "19"),
        (0.01234, "gain", "en", "+1.2 pp"),
        (-0.004, "gain", "ru", "−0.4 п. п."),
        (231_000_000_000, "count", "en", "231,000,000,000"),
        (1_234, "count", "ru", "1\u202f234"),
        (-0.0001, "strength", "en", "0.00"),  # never "-0.00"
    ],
)
def test_one_rule_per_kind(value, kind, lang, text):
    assert figure(value, kind, lang) == text


def test_decimals_never_vary_within_a_kind():
    """The Recruit page showed 19.8255 beside −0.427989: every value of a kind has the same places."""
    for kind in FIGURE_KINDS:
        shown = [figure(v, kind) for v in (0.5, 19.8255, -0.427989, 3.0, 123.456789)]
        tails = {len(s.split(".")[1].rstrip("%").split(" ")[0]) if "." in s else 0 for s in shown}
        assert tails == {DECIMALS[kind]}, (kind, shown)


def test_missing_values_are_blank_and_unknown_kinds_fail():
    assert figure(None, "share") == "" and figure(math.nan, "strength") == ""
    with pytest.raises(ValueError, match="unknown kind"):
        figure(1.0, "percent")


def test_tables_and_text_agree():
    assert printf("share") % table_value(0.4231, "share") == figure(0.4231, "share")
    assert printf("strength") % table_value(19.8255, "strength") == figure(19.8255, "strength")
    assert printf("crystals") % 44.6 == figure(44.6, "crystals")
    assert interval(0.41, 0.435, "share") == "41.0% – 43.5%"
    assert objective_kind("crystals") == "crystals" and objective_kind("strength") == "strength"
    assert objective_kind("rating") == "strength" and objective_kind("weights") == "crystals"


def test_a_catalog_message_may_have_a_field_named_text():
    """The legality messages fill ``{text}``; the catalog reader must not take it for its own argument."""
    from analysis.util.catalog import Catalog, fill

    assert fill("ru", "{card}: {text}", card="Гуль", text="запрещена") == "Гуль: запрещена"
    assert Catalog("en").t("legality.about", card="Гуль", text="banned") == "'Гуль': banned"


def test_the_gain_unit_is_the_catalogs():
    """The unit the numbers module writes after a gain is the one the catalogs name."""
    from analysis.util.catalog import catalog
    from analysis.util.numbers import POINTS

    assert {lang: catalog(lang)["common.points"] for lang in ("en", "ru")} == POINTS
