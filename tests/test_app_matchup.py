"""Matchup page (AppTest): the matrix of a small field, a pair in detail, the first game drawn."""

from __future__ import annotations

import pytest
from app_helpers import chart_titles, frame_with, metric, open_app, texts

from analysis.cards import load_cards
from analysis.decks import read_deck, sample_deck_paths
from analysis.matchup import MatchupSettings, matchup_matrix
from analysis.rules import load_ruleset

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
SUBMIT = "FormSubmitter:matchup_form-Run matchups"


def test_matrix_and_pair_details():
    at = open_app("matchup")
    assert any("Run matchups" in i for i in texts(at.info))
    at.multiselect(key="matchup_samples").set_value(["tournament-02", "tournament-03"])
    at.number_input(key="matchup_games").set_value(30)
    at.number_input(key="matchup_seed").set_value(4)
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    decks = [SAMPLES["tournament-01"], SAMPLES["tournament-02"], SAMPLES["tournament-03"]]
    names = ["current deck", "tournament-02", "tournament-03"]
    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never", estimate_trials=300)
    expected = matchup_matrix(decks, settings, games=30, seed=4, labels=names, executor="serial")
    table = frame_with(at, "win_ci95_lo")
    assert len(table) == 6  # ordered pairs of three decks
    want = expected.frame()
    for row in table.itertuples():
        other = want[(want.deck == row.deck) & (want.opponent == row.opponent)].iloc[0]
        assert (row.wins, row.losses, row.draws) == (other.wins, other.losses, other.draws)
    titles = chart_titles(at)
    assert (
        titles[0].startswith("Matchup matrix: score of the row deck")
        and "30 games per pair, seed 4" in titles[0]
    )
    pair = expected.pair("current deck", "tournament-02")
    assert metric(at, "current deck wins") == f"{pair.a_wins / pair.games:.1%}"
    seats = frame_with(at, "draw_rate")
    assert list(seats.n) == [30, 15, 15] and seats.wins.iloc[0] == pair.a_wins
    assert (seats.win_lo <= seats.win_rate).all() and (seats.win_rate <= seats.win_hi).all()
    at.selectbox(key="matchup_a").set_value("tournament-03").run()
    at.selectbox(key="matchup_b").set_value("tournament-02").run()
    pair = expected.pair("tournament-03", "tournament-02")
    assert metric(at, "tournament-03 wins") == f"{pair.a_wins / pair.games:.1%}"
    assert len(at.get("plotly_chart")) == 3  # matrix, seats, the board of the first game
    assert any("turn" in c.value or "result" in c.value for c in at.code)


def test_precomputed_sample_field_shows_before_a_run(tmp_path):
    """With no run yet, the page draws the committed matrix of the sample decks."""
    from analysis.matchup_summary import saved_matrix

    saved = saved_matrix()
    assert saved is not None and {"Ковеноглина", "Инкорн"} <= set(saved.deck)
    at = open_app("matchup")
    assert not at.exception, at.exception
    titles = chart_titles(at)
    assert titles and titles[0].startswith("Matchup matrix")
    assert f"{int(saved.games.max()):,} games" in titles[0]
    broken = tmp_path / "m.csv"
    broken.write_text("deck,opponent\n", encoding="utf-8")
    assert saved_matrix(broken) is None and saved_matrix(tmp_path / "none.csv") is None


def test_a_field_of_one_is_refused():
    at = open_app("matchup")
    at.multiselect(key="matchup_samples").set_value([])
    at.button(key=SUBMIT).click().run()
    assert any("at least two decks" in e for e in texts(at.error))


@pytest.mark.parametrize("games", [10])
def test_seat_frame_counts(games):
    from analysis.matchup import deck_matchup
    from analysis.matchup_summary import seat_frame

    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never")
    result = deck_matchup(SAMPLES["tournament-04"], SAMPLES["tournament-05"], settings, games=games, seed=2)
    frame = seat_frame(result)
    assert frame.n.iloc[0] == games == frame.n.iloc[1] + frame.n.iloc[2]
    assert frame.wins.iloc[0] == frame.wins.iloc[1] + frame.wins.iloc[2] == result.a_wins
    assert (frame.wins + frame.draws + frame.losses == frame.n).all()
