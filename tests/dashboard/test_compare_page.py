"""Compare page (AppTest): two decks side by side, the figures equal to
:func:`analysis.planning.compare.compare_decks` for the same inputs."""

from __future__ import annotations

import pytest
from app_helpers import chart_titles, frame_with, metric, open_app, plotly_specs, texts, trace_values

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.matchup.simulate import MatchupSettings
from analysis.planning.cache import GameCache
from analysis.planning.compare import compare_decks
from analysis.planning.games import GameRunner
from analysis.rules import load_ruleset

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
RULES = load_ruleset("relaunch")
SETTINGS = MatchupSettings(RULES)


def run(at, trials=200, games=20, seed=2, objective=None):
    at.number_input(key="compare_trials").set_value(trials)
    at.number_input(key="compare_games").set_value(games)
    at.number_input(key="compare_seed").set_value(seed)
    if objective:
        at.selectbox(key="compare_objective").set_value(objective)
    at.button(key="compare_run").click().run()
    assert not at.exception, at.exception
    return at


def test_current_deck_against_a_sample_as_the_library_compares_them():
    at = open_app("compare")
    assert at.selectbox(key="compare_a").value == "current"
    assert at.selectbox(key="compare_b").value == "tournament-02"  # the first field deck that is not this one
    assert "Pick two decks" in " ".join(texts(at.info))
    # issue 21 item 8: the sample the current deck was opened from is not offered beside it
    assert not any("tournament-01" in o for o in at.selectbox(key="compare_b").options)
    assert any("tournament-02" in o for o in at.selectbox(key="compare_b").options)
    run(at)
    names = ("Ковеноглина · current", "Инкорн")
    want = compare_decks(
        SAMPLES["tournament-01"],
        SAMPLES["tournament-02"],
        RULES,
        names=names,
        trials=200,
        seed=2,
        games=20,
        settings=SETTINGS,
        runner=GameRunner(SETTINGS, GameCache.default(), 1),
    )
    assert [p.proto.text for p in at.get("progress")] == [
        "Done: 200 deals per deck and seat, 20 games between the decks, seed 2."
    ]
    summary = frame_with(at, "Measure")
    assert list(summary.columns) == ["Measure", *names]
    elements = want.measure_ids.index("elements")
    for i, key in enumerate(want.measure_ids):
        if key == "elements":  # translated element names
            continue
        assert list(summary.iloc[i, 1:]) == list(want.summary.iloc[i, 1:]), key
    english = {
        "swamps": "Swamps",
        "darkness": "Darkness",
        "steppes": "Steppes",
        "forests": "Forests",
        "mountains": "Mountains",
        "neutral": "Neutral",
    }
    assert list(summary.iloc[elements, 1:]) == [
        ", ".join(english[e] for e in want.summary.iloc[elements, i].split(", ")) for i in (1, 2)
    ]
    assert summary.iloc[elements, 1] == "Swamps, Darkness"  # Ковеноглина
    assert summary.iloc[-1, 0] == "Score in games against each other (20 games)"
    # squad strength by seat: the library's means and intervals
    seats = frame_with(at, "Mulligan rate")
    assert list(seats["Value"]) == pytest.approx(list(want.strength_by_seat.value))
    assert list(seats["95% hi"]) == pytest.approx(list(want.strength_by_seat.hi))
    # head-to-head: the pair's games as the Tournament page plays them
    h2h = want.head_to_head
    assert metric(at, f"Score: {names[0]}") == f"{h2h.a_score:.1%}"  # issue 21: shares in percent
    assert metric(at, f"Wins: {names[1]}") == f"{h2h.b_wins / h2h.games:.1%}"
    split = frame_with(at, "Draw rate")
    assert list(split.Games) == [20, 10, 10] and list(split.Wins) == list(want.head_to_head_frame().wins)
    titles = chart_titles(at)
    # issue 21 item 10: a segment too narrow for its label shows none (no "0%" over a "100%")
    h2h_title = "share of games (95% CI of the wins)"
    h2h_chart = next(s for s in plotly_specs(at) if h2h_title in s["layout"]["title"]["text"])
    for trace in h2h_chart["data"]:
        shares = trace_values(trace, "x")
        assert [bool(label) for label in trace["text"]] == [v >= 0.08 for v in shares]
    for start in ("Cost curve", "Elements", "First deal: elites", "Squad strength by seat", "Ковеноглина"):
        assert any(title.startswith(start) for title in titles), (start, titles)
    # strength is not a whole number: its distribution is the library's bins, on the strength axis
    where = next(i for i, x in enumerate(titles) if x.startswith("Distribution of the squad"))
    dist = plotly_specs(at)[where]
    for trace, name in zip(dist["data"], names, strict=True):
        rows = want.strength[want.strength.deck == name]
        assert trace_values(trace, "y") == pytest.approx(list(rows.p)) and (rows.width < 1).all()
    assert "log-odds" in dist["layout"]["xaxis"]["title"]["text"]
    # another quantity of the first deal: the chart follows the picker
    at.selectbox(key="compare_quantity").set_value("flyers").run()
    assert any(title.startswith("First deal: flyers") for title in chart_titles(at))


def test_crystals_have_a_distribution_and_no_games_no_head_to_head():
    at = run(open_app("compare"), trials=200, games=0, seed=1, objective="crystals")
    titles = chart_titles(at)
    assert any(title.startswith("Distribution of the squad value") for title in titles)
    assert "No games between the decks (0 games in the form)." in texts(at.info)
    want = compare_decks(
        SAMPLES["tournament-01"], SAMPLES["tournament-02"], RULES, trials=200, seed=1, objective="crystals"
    )
    assert len(want.strength) > 0  # crystals are whole numbers: a distribution exists
    seats = frame_with(at, "Mulligan rate")
    assert list(seats["Value"]) == pytest.approx(list(want.strength_by_seat.value))


def test_the_deck_before_a_swap_can_be_compared():
    at = open_app("compare")
    assert "before" not in at.selectbox(key="compare_a").options
    at.session_state["tournament_undo"] = (SAMPLES["tournament-04"], ("sample", "tournament-04"))
    at.run()
    assert "Deck before the swap — Орки Карапета" in at.selectbox(key="compare_b").options
    at.selectbox(key="compare_b").set_value("before")
    run(at, trials=100, games=10)
    assert list(frame_with(at, "Measure").columns)[1:] == [
        "Ковеноглина · current",
        "Орки Карапета · before the swap",
    ]
