"""The deck report, the deck comparison, and every HTML file the product writes opening offline."""

from __future__ import annotations

import re

import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.matchup.simulate import MatchupSettings
from analysis.planning.cache import GameCache
from analysis.planning.compare import SUMMARY_MEASURES, compare_decks, seat_simulation
from analysis.planning.field import make_field
from analysis.planning.games import GameRunner
from analysis.planning.meta import expected_scores
from analysis.planning.report import SECTIONS, build_report
from analysis.rules import load_ruleset
from analysis.util.catalog import catalog
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import figure


@pytest.fixture(scope="module")
def relaunch():
    """The relaunch rules without the March 2026 ban list: five sample decks predate it, and these
    tests are about the planner's mechanics (the ban list has its own tests)."""
    return load_ruleset("relaunch-casual")


NETWORK_SCRIPT = re.compile(r"<script[^>]*\bsrc\s*=\s*[\"']?(https?:)?//", re.IGNORECASE)


def assert_offline(html: str) -> None:
    """No script, style or font fetched from the network; plotly.js is inside the page."""
    assert not NETWORK_SCRIPT.search(html)
    assert '<script src="http' not in html
    assert not re.search(r"<link[^>]*href\s*=\s*[\"']?https?://", html, re.IGNORECASE)
    assert "Plotly.newPlot" in html and len(html) > 1_000_000   # the bundle itself is inline


@pytest.fixture(scope="module")
def samples(db):
    return {p.stem: read_deck(p, db) for p in sample_deck_paths()}


@pytest.fixture(scope="module")
def settings(relaunch):
    return MatchupSettings(relaunch, mulligan="never")


def test_report_has_every_section_and_opens_offline(samples, relaunch, settings, tmp_path):
    field = make_field([("Орки", samples["tournament-04"], 0.7), ("Фарро", samples["tournament-09"], 0.3)])
    deck = samples["tournament-02"]
    runner = GameRunner(settings, GameCache(tmp_path), 1)
    report = build_report(deck, relaunch, name="Инкорн", source="t2.txt", field=field, settings=settings,
                          trials=400, games=20, seed=3, runner=runner)
    html = report.html("en")
    assert_offline(html)
    for key, title in SECTIONS:
        assert f'<section id="{key}">' in html and title in html
    assert report.code and report.code in html and "LEGAL under relaunch" in html
    # the field section shows the same expected score the planner computes for this deck
    meta = expected_scores(field, settings, [("Инкорн", deck)], 20, 3, runner, field_candidates=False)
    e = meta.candidate("Инкорн").expected
    assert f"Expected score {figure(e.mean, 'share')}" in html
    assert runner.games_played == 40   # the second call was served by the cache
    # thresholds and strength come from the seeded simulations, one per seat
    assert set(report.thresholds()["seat"]) == {1, 2}
    budgets = report.budgets()
    assert (budgets["lo"] <= budgets["value"]).all() and (budgets["value"] <= budgets["hi"]).all()
    assert report.html("en") == html                    # same inputs, same bytes
    # the deal sections speak the objective's unit (strength by default), never crystals
    assert report.objective == "strength" and "log-odds of winning" in html
    assert "(crystals recruited)" not in html
    assert report.strength().groupby("series").p.sum().tolist() == pytest.approx([1.0, 1.0])


def test_report_of_an_illegal_deck_without_a_field(samples, db):
    banlist = load_ruleset("relaunch")  # with the March 2026 ban list
    report = build_report(samples["tournament-03"], banlist, trials=200, seed=1)
    html = report.html("en")
    assert "ILLEGAL under relaunch" in html and "ban list" in html
    assert "No field given" in html
    assert_offline(html)
    crystals = build_report(samples["tournament-03"], banlist, trials=200, seed=1, objective="crystals")
    assert crystals.objective == "crystals" and "(crystals; objective: crystals" in crystals.html("en")
    assert (crystals.strength().width == 1).all()  # whole crystals: one bar per value
    with pytest.raises(BerserkInputError, match="unknown objective 'gold'"):
        build_report(samples["tournament-03"], banlist, trials=200, seed=1, objective="gold")


def _visible(html: str) -> str:
    """The words a reader sees: the body without scripts and tags."""
    body = re.sub(r"<script.*?</script>", " ", html[html.index("<body>"):], flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_report_is_russian_by_default_with_readable_tables(samples, db):
    """Issue 21 item 5: the report speaks Russian unless asked (the dashboard's catalog), no raw
    column names or booleans, the mulligan chart in the objective's unit, a true footer, and tables
    narrow enough for an A4 page."""
    import html as html_lib

    report = build_report(samples["tournament-03"], load_ruleset("relaunch"), trials=200, seed=1)
    html = report.html()
    ru = catalog("ru")
    assert '<html lang="ru">' in html and ru["report.section.legality"] in html
    assert ru["report.title"].format(name=report.name) in html
    headers = {html_lib.unescape(h) for h in re.findall(r"<th>([^<]*)</th>", html)}
    allowed = {v for k, v in ru.items() if k.startswith(("col.", "report.col."))}
    assert headers and {h for h in headers if not h.startswith("P(")} <= allowed, headers - allowed
    seen = _visible(html)
    for raw in ("True", "False", "p_at_least_one", "expected_dealt", "mulligans_taken", "creature"):
        assert raw not in seen, raw
    # every table fits an A4 page: at most ten columns (the deal odds are split)
    for table in re.findall(r"<table.*?</table>", html, flags=re.S):
        assert table.split("</tr>")[0].count("<th>") <= 11
    assert html.count("P(0)") == 1 and "P(8)" in html  # the odds run on in a second table
    # the mulligan chart says what its values are: the objective's unit, never crystals
    assert ru["report.axis_threshold"].format(unit=ru["objective.strength.unit"]) in html
    assert "threshold (crystals)" not in html
    # the footer says what the model plays and what recruitment maximises
    assert "crystal cost" not in html and "beyond the modelled keywords" not in html
    assert ru["objective.strength.label"] in seen
    english = report.html("en")
    assert '<html lang="en">' in english and "Deck report:" in english and "Отчёт о колоде" not in english
    assert "threshold (strength (log-odds of winning))" in english


def test_the_report_shows_tuning_with_the_unsure_share(samples, relaunch, settings, tmp_path):
    """Issue 21 item 3: each swap in the report carries the share of its gain resting on cards not
    modelled in full, as on the Tournament page and in `berserk tune`."""
    from analysis.planning.swaps import candidate_swaps
    from analysis.planning.tune import tune

    deck = samples["tournament-01"]
    field = make_field([("Орки", samples["tournament-04"], 1.0)], relaunch)
    runner = GameRunner(settings, GameCache(tmp_path), 1)
    found = candidate_swaps(deck, load_cards(), relaunch, "constructed", "elements", field, 2)
    tuned = tune(deck, field, settings, found, 0, block=10, max_games=20, runner=runner)
    report = build_report(deck, relaunch, trials=200, tuning=tuned)
    html = report.html()
    ru = catalog("ru")
    assert ru["report.section.tuning"] in html and ru["col.unsure_share"] in html
    seen = _visible(html)
    for s in tuned.swaps:
        assert s.swap.label() in seen
        if s.caveat.unsure_share > 0:
            assert f"{s.swap.label()}: ⚠ {figure(s.caveat.unsure_share, 'share', 'ru')}" in seen
    assert ru["report.no_tuning"].split(":")[0] in build_report(deck, relaunch, trials=200).html()


def test_report_command(tmp_path, capsys, monkeypatch):
    field = tmp_path / "f.toml"
    field.write_text(f'[[deck]]\npath = "{sample_deck_paths()[3]}"\nshare = 1\n', encoding="utf-8")
    out = tmp_path / "r.html"
    code = main(["report", "--rules", "relaunch-casual",
                 str(sample_deck_paths()[0]), "--field", str(field), "-o", str(out),
                 "--trials", "200", "--games", "10", "--mulligan", "never", "--processes", "1",
                 "--cache", str(tmp_path / "c"),
                 "--quiet"])
    text = capsys.readouterr().out
    assert code == 0 and f"wrote {out}" in text and "expected score" in text
    assert_offline(out.read_text(encoding="utf-8"))
    assert '<html lang="ru">' in out.read_text(encoding="utf-8")  # Russian unless --lang en
    english = tmp_path / "en.html"
    assert main(["report", "--rules", "relaunch-casual", str(sample_deck_paths()[0]), "-o", str(english),
                 "--trials", "200", "--lang", "en", "--quiet"]) == 0
    assert '<html lang="en">' in english.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["report", "--rules", "relaunch-casual",
                 str(sample_deck_paths()[1]), "--trials", "200", "--quiet"]) == 0
    assert (tmp_path / "tournament-02.report.html").exists()
    assert main(["report", "--rules", "relaunch-casual", str(sample_deck_paths()[1]), "-o", "r.pdf"]) == 2
    assert "give a file name ending in .html" in capsys.readouterr().err


def test_matrix_and_battle_plot_html_open_offline(tmp_path, capsys):
    decks = [str(p) for p in sample_deck_paths()[:2]]
    assert main(["matrix", *decks, "--games", "4", "--mulligan", "never", "--processes", "1",
                 "-o", str(tmp_path / "m")]) == 0
    assert_offline((tmp_path / "m.html").read_text(encoding="utf-8"))
    plot = tmp_path / "b.html"
    assert main(["matchup", *decks, "--games", "2", "--mulligan", "never", "--plot", str(plot)]) == 0
    assert_offline(plot.read_text(encoding="utf-8"))
    capsys.readouterr()


def test_committed_matrix_html_opens_offline():
    from analysis.util.paths import reports_dir

    assert_offline((reports_dir() / "matchup_matrix.html").read_text(encoding="utf-8"))


def test_two_decks_side_by_side(samples, relaunch, settings, tmp_path):
    a, b = samples["tournament-01"], samples["tournament-04"]
    runner = GameRunner(settings, GameCache(tmp_path), 1)
    cmp = compare_decks(a, b, relaunch, names=("Ковеноглина", "Орки"), trials=300, seed=2, games=20,
                        settings=settings, runner=runner)
    both = {"Ковеноглина", "Орки"}
    assert set(cmp.curve["deck"]) == set(cmp.elements["deck"]) == set(cmp.deal_odds["deck"]) == both
    assert cmp.curve.groupby("deck").copies.sum().to_dict() == {"Ковеноглина": 30, "Орки": 30}
    assert list(cmp.summary.columns) == ["measure", "Ковеноглина", "Орки"]
    # the head-to-head is the pair's games of `berserk meta`
    field = make_field([("Орки", b, 1.0)])
    meta = expected_scores(field, settings, [("Ковеноглина", a)], 20, 2, runner, field_candidates=False)
    assert cmp.head_to_head.a_score == pytest.approx(meta.candidate("Ковеноглина").expected.mean)
    h2h = cmp.head_to_head_frame()
    assert h2h["n"].tolist() == [20, 10, 10]
    figures = cmp.figures()
    assert set(figures) == {"curve", "elements", "elites", "strength", "seats", "head_to_head"}
    assert cmp.measure_ids == (*(key for key, _ in SUMMARY_MEASURES), "head_to_head")
    assert len(cmp.measure_ids) == len(cmp.summary)
    # the default objective (strength) is not a whole number: its distribution is binned
    assert cmp.objective == "strength" and (cmp.strength.width < 1).all()
    for total in cmp.strength.groupby("deck").p.sum():
        assert total == pytest.approx(1.0)
    assert "log-odds" in figures["strength"].layout.xaxis.title.text
    seats = cmp.strength_by_seat
    assert list(seats.seat) == [1, 2, 1, 2] and (seats.lo < seats.value).all()


def test_compare_in_crystals_and_with_simulations_made_beforehand(samples, relaunch):
    """Crystals have a distribution (each deck's adds up to 1); simulations run one by one (as the
    dashboard does, to show progress and cache each) give the very same comparison."""
    a, b = samples["tournament-01"], samples["tournament-04"]
    whole = compare_decks(a, b, relaunch, trials=300, seed=5, objective="crystals")
    assert whole.objective == "crystals"
    for total in whole.strength.groupby("deck").p.sum():
        assert total == pytest.approx(1.0)
    made = {(i, p): seat_simulation(d, relaunch, p, 300, 5, objective="crystals")
            for i, d in enumerate((a, b)) for p in (1, 2)}
    parts = compare_decks(a, b, relaunch, trials=300, seed=5, objective="crystals", simulations=made)
    assert parts.summary.equals(whole.summary)
    assert parts.strength.equals(whole.strength) and parts.strength_by_seat.equals(whole.strength_by_seat)
    assert "head_to_head" not in whole.measure_ids  # no games asked for
