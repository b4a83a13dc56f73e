"""Tournament page (AppTest): the field editor, expected scores, matchups and tuning — what the page
shows equals what :mod:`analysis.planning` answers for the same inputs — and a swap applied to the
current deck (and undone)."""

from __future__ import annotations

import pytest
from app_helpers import (
    chart_titles,
    edit_field,
    frame_with,
    metric,
    open_app,
    plotly_specs,
    texts,
    trace_values,
)

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.matchup.simulate import MatchupSettings
from analysis.planning.cache import GameCache
from analysis.planning.field import current_field_decks, make_field
from analysis.planning.games import GameRunner
from analysis.planning.meta import expected_scores
from analysis.planning.swaps import apply_swap, candidate_swaps
from analysis.planning.tune import tune
from analysis.rules import load_ruleset
from analysis.util.numbers import figure

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
RULES = load_ruleset("relaunch")
SETTINGS = MatchupSettings(RULES)
PAIR = ("tournament-01", "tournament-02")


def runner() -> GameRunner:
    """The library's runner on the session's game cache (the page uses the same one): the same
    inputs give the same games whichever of the two plays them first."""
    return GameRunner(SETTINGS, GameCache.default(), 1)


def small_field():
    return make_field([(SAMPLES[s].title, SAMPLES[s], 20.0) for s in PAIR], RULES, "constructed")


def test_the_field_starts_from_the_current_field():
    """Issue 21 item 4: the page opens on data/fields/current-field.toml — the ten sample archetypes,
    legal under today's ban list — and still offers the samples as they were played."""
    at = open_app("tournament")
    editor = at.data_editor[0].value
    assert list(editor.columns) == ["In the field", "Deck", "From", "Share, %", "Legal"]
    current = current_field_decks(DB)
    legal_ids = [i for i in current if i.endswith("-legal")]
    assert len(current) == 10 and len(legal_ids) == 5
    rest = [s for s in SAMPLES if s not in current]
    shown = [f"{i.removesuffix('-legal')}, legal version" if i.endswith("-legal") else i for i in current]
    assert list(editor["From"]) == ["current deck", *shown, *rest]
    assert list(editor["In the field"]) == [False, *([True] * 10), *([False] * len(rest))]
    assert (editor["Share, %"] == 10.0).all()
    assert (editor["Legal"].iloc[1:11] == "✓").all()  # every deck of the current field is legal
    for stem, legal in zip(rest, editor["Legal"].iloc[11:], strict=True):
        report = check_deck(SAMPLES[stem], RULES, "constructed")
        assert (legal == "✓") == report.legal
        if not report.legal:  # the cards that make it illegal are named
            assert all(p.card in legal for p in report.problems if p.card)
    names = ", ".join(f"{deck.title} 10%" for deck, _ in current.values())
    assert f"**Field:** 10 decks — {names}." in texts(at.markdown)
    # The current deck (tournament-01) is the field's Ковеноглина: its scores are that deck's.
    assert any("same cards as the field deck 'Ковеноглина'" in c for c in texts(at.caption))
    assert "Press **Compute scores**" in " ".join(texts(at.info))


def test_scores_and_matchups_are_the_planners():
    at = edit_field(open_app("tournament"))
    at.number_input(key="tournament_games").set_value(20)
    at.number_input(key="tournament_seed").set_value(3)
    at.button(key="tournament_run").click().run()
    assert not at.exception, at.exception
    want = expected_scores(small_field(), SETTINGS, [], 20, 3, runner())
    assert [p.proto.text for p in at.get("progress")] == [
        "Done: 2 decks against the field, 20 games per pair, seed 3."
    ]
    shown = frame_with(at, "Expected score")
    frame = want.frame()
    assert list(shown["Deck"]) == list(frame.deck)
    assert list(shown["Expected score"]) == pytest.approx(list(100 * frame.expected_score))  # percent
    assert list(shown["95% lo"]) == pytest.approx(list(100 * frame.lo))
    mine = want.candidate("Ковеноглина")
    assert metric(at, "Current deck") == figure(mine.expected.mean, "share")
    assert metric(at, "Rank") == f"{[c.deck for c in want.candidates].index('Ковеноглина') + 1} of 2"
    assert metric(at, "Best choice") == want.best
    diff = want.difference(want.candidates[0].deck, want.candidates[1].deck)
    assert any(f"by {figure(diff.mean, 'gain')}" in m for m in texts(at.markdown))
    # the bar chart: the scores with their intervals, the current deck red
    bars = next(s for s in plotly_specs(at) if s["layout"]["title"]["text"].startswith("Expected score"))
    assert trace_values(bars["data"][0], "x") == pytest.approx(list(frame.expected_score[::-1]))
    colours = dict(zip(trace_values(bars["data"][0], "y"), bars["data"][0]["marker"]["color"], strict=True))
    assert colours["Ковеноглина"] == "#b8322a" and colours["Инкорн"] != "#b8322a"
    # the matchups behind them: heatmap and the current deck's table
    heat = next(s for s in plotly_specs(at) if s["data"][0]["type"] == "heatmap")
    z = heat["data"][0]["z"]
    flat = trace_values({"z": z}, "z") if isinstance(z, dict) else [v for row in z for v in row]
    assert flat == want.score_table().values.ravel().tolist()
    behind = frame_with(at, "Contribution")
    expect = want.matchups_frame("Ковеноглина")
    assert list(behind["Wins"]) == list(expect.wins) and list(behind["Losses"]) == list(expect.losses)
    assert sum(behind["Contribution"]) == pytest.approx(100 * mine.expected.mean)
    assert at.selectbox(key="tournament_matchups_of").value == "Ковеноглина"
    at.selectbox(key="tournament_matchups_of").set_value("Инкорн").run()
    assert list(frame_with(at, "Contribution")["Wins"]) == list(want.matchups_frame("Инкорн").wins)


def test_a_deck_outside_the_field_is_scored_too():
    """The current deck with other cards than any field deck is one more candidate, marked as current."""
    at = edit_field(open_app("tournament"), keep=("tournament-02",))
    at.session_state["deck"] = SAMPLES["tournament-04"]
    at.run()
    at.number_input(key="tournament_games").set_value(10)  # a form's value counts when it is submitted
    at.button(key="tournament_run").click().run()
    assert not at.exception, at.exception
    field = make_field([("Инкорн", SAMPLES["tournament-02"], 1.0)], RULES)
    want = expected_scores(
        field, SETTINGS, [("Орки Карапета · current", SAMPLES["tournament-04"])], 10, 0, runner()
    )
    shown = frame_with(at, "Expected score")
    assert set(shown["Deck"]) == {"Инкорн", "Орки Карапета · current"}
    orcs = want.candidate("Орки Карапета · current").expected.mean
    assert metric(at, "Current deck") == figure(orcs, "share")
    assert dict(zip(shown["Deck"], shown["In the field"], strict=True))["Орки Карапета · current"] == "no"


def test_tuning_shows_the_planners_swaps_and_a_button_applies_one():
    at = edit_field(open_app("tournament"))
    at.number_input(key="tournament_candidates").set_value(2)
    at.number_input(key="tournament_max_games").set_value(100)
    at.button(key="tournament_tune_run").click().run()
    assert not at.exception, at.exception
    deck = SAMPLES["tournament-01"]
    field = small_field()
    found = candidate_swaps(deck, DB, RULES, "constructed", "elements", field, 2)
    want = tune(deck, field, SETTINGS, found, 0, 100, 100, 0.03, 3, runner())
    table = frame_with(at, "Gain")
    assert list(table["Swap"]) == [s.swap.label() for s in want.swaps]
    assert list(table["Gain"]) == pytest.approx([100 * s.gain.mean for s in want.swaps])  # pp
    assert list(table["gain 95% lo"]) == pytest.approx([100 * s.gain.lo for s in want.swaps])
    assert list(table["Games"]) == [s.games for s in want.swaps]
    # issue 21 item 3: each swap says how much of its gain rests on cards not modelled in full
    assert list(table["Unsure share"]) == pytest.approx([100 * s.caveat.unsure_share for s in want.swaps])
    for s in want.swaps:
        if s.caveat.unsure_share > 0:
            share = figure(s.caveat.unsure_share, "share")
            assert any(c.startswith(f"⚠ {share} of this gain rests on cards not modelled in full")
                       and s.caveat.unsure_cards[0].card in c for c in texts(at.caption)), s.swap.label()
    assert metric(at, "Score of the deck as it is") == figure(want.baseline.mean, "share")
    assert "Gain in expected score" in chart_titles(at)[-1]
    # Apply the best swap: the current deck of every page becomes the tuned deck.
    at.button(key="tournament_apply_1").click().run()
    assert not at.exception, at.exception
    tuned = apply_swap(deck, want.swaps[0].swap)
    assert at.session_state["deck"].counts_by_name() == tuned.counts_by_name()
    # issue 21 item 8: the tuned deck gets its own title, never the old one (Compare named both alike)
    assert at.session_state["deck"].title == f"{deck.title} {want.swaps[0].swap.label()}" != deck.title
    assert any(f"Applied the swap {want.swaps[0].swap.label()}" in s for s in texts(at.success))
    assert at.session_state["deck_source"] == ("swap", want.swaps[0].swap.label())
    assert all(at.button(key=f"tournament_apply_{i}").disabled for i in (1, 2))  # measured on the old deck
    assert any("changed since the tuning" in w for w in texts(at.warning))
    # ... and bring the old deck back.
    at.button(key="tournament_undo_button").click().run()
    assert at.session_state["deck"] == deck
    assert not at.button(key="tournament_apply_1").disabled


def test_shares_are_normalised_with_a_note():
    at = edit_field(open_app("tournament"), shares={"tournament-01": 30.0})  # the other keeps its 10 %
    assert "**Field:** 2 decks — Ковеноглина 75%, Инкорн 25%." in texts(at.markdown)
    assert "The shares add up to 40.0%, not 100%: each was divided by the sum." in texts(at.caption)
    at.button(key="tournament_equal").click().run()
    assert "**Field:** 2 decks — Ковеноглина 50%, Инкорн 50%." in texts(at.markdown)
    at.button(key="tournament_reset").click().run()
    assert any(m.startswith("**Field:** 10 decks") for m in texts(at.markdown))


@pytest.mark.parametrize(
    ("keep", "shares", "detail"),
    [
        ((), None, "the field has no decks"),
        (("tournament-03",), None, "deck 1 ('Ковен') is not legal under relaunch / constructed"),
        (PAIR, {"tournament-02": 0.0}, "deck 2 ('Инкорн'): 'share' must be a number above 0"),
    ],
)
def test_a_bad_field_is_reported_with_the_entry(keep, shares, detail):
    at = edit_field(open_app("tournament"), keep=keep, shares=shares)
    (error,) = texts(at.error)
    assert error.startswith("**The field did not pass the check**") and detail in error
    assert not [b for b in at.button if b.key == "tournament_run"]  # nothing runs on a bad field


def test_an_illegal_current_deck_is_left_out_and_not_tuned():
    at = open_app("tournament")
    at.session_state["deck"] = SAMPLES["tournament-03"]  # holds banned cards
    at.run()
    assert any("is not legal under the chosen rules" in w for w in texts(at.warning))
    assert any("Tuning needs a legal deck" in i for i in texts(at.info))
    assert not [b for b in at.button if b.key == "tournament_tune_run"]


def test_the_field_and_the_results_stick_across_pages_and_languages():
    at = edit_field(open_app("tournament"), shares={"tournament-01": 20.0, "tournament-02": 30.0})
    at.number_input(key="tournament_games").set_value(10)
    at.button(key="tournament_run").click().run()
    at.switch_page("pages/deck.py").run()
    at.button_group(key="lang_pick").set_value("ru").run()
    at.switch_page("pages/tournament.py").run()
    assert not at.exception, at.exception
    assert "**Поле:** 2 колоды — Ковеноглина 40%, Инкорн 60%." in texts(at.markdown)
    assert at.number_input(key="tournament_games").value == 10
    assert frame_with(at, "Ожидаемые очки") is not None  # the scores are still shown


def test_tuning_within_a_pasted_collection():
    """Issue 21 item 12: the collection limit of `berserk tune --pool FILE` on the page: swaps add only
    owned cards, never more copies than owned; the pasted collection outlives a language switch."""
    from analysis.planning.collection import parse_collection

    owned_text = "50153 3\n60167 3\n40160 3\n"
    at = edit_field(open_app("tournament"))
    at.selectbox(key="tournament_pool").set_value("collection")
    at.button(key="tournament_tune_run").click().run()
    assert any("Paste or load your collection" in w for w in texts(at.warning))
    at.selectbox(key="tournament_pool").set_value("collection")
    at.text_area(key="tournament_collection").input(owned_text)
    at.number_input(key="tournament_candidates").set_value(2)
    at.number_input(key="tournament_max_games").set_value(100)
    at.button(key="tournament_tune_run").click().run()
    assert not at.exception, at.exception
    owned = parse_collection(owned_text, DB).owned_by_name(DB)
    deck = SAMPLES["tournament-01"]
    pool = parse_collection(owned_text, DB)
    found = candidate_swaps(deck, DB, RULES, "constructed", pool, small_field(), 2)
    want = tune(deck, small_field(), SETTINGS, found, 0, 100, 100, 0.03, 3, runner())
    table = frame_with(at, "Gain")
    assert list(table["Swap"]) == [s.swap.label() for s in want.swaps] and len(want.swaps) > 0
    for s in want.swaps:
        assert s.swap.add.key in owned and s.swap.copies <= owned[s.swap.add.key]
    at.switch_page("pages/deck.py").run()
    at.button_group(key="lang_pick").set_value("ru").run()
    at.switch_page("pages/tournament.py").run()
    assert at.text_area(key="tournament_collection").value == owned_text
    at.text_area(key="tournament_collection").input("10185 x")
    at.selectbox(key="tournament_pool").set_value("collection")
    at.button(key="tournament_tune_run").click().run()
    assert any("Коллекцию не удалось прочитать" in e for e in texts(at.error))
