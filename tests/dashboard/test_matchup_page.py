"""Matchup page (AppTest): the matrix of a small field, a pair in detail, the first game drawn."""

from __future__ import annotations

import pytest
from app_helpers import chart_titles, frame_with, metric, open_app, plotly_specs, texts

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.matchup.simulate import MatchupSettings, matchup_matrix
from analysis.rules import load_ruleset

DB = load_cards()
SAMPLES = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}
SUBMIT = "matchup_run"


def test_matrix_and_pair_details():
    at = open_app("matchup")
    assert any("Run matchups" in i for i in texts(at.info))
    # issue 21 item 6: optimal mulligans by default, as the CLI, the Tournament page and the saved matrix
    assert at.selectbox(key="matchup_mulligan").value == "optimal"
    assert "Optimal (the default)" in at.selectbox(key="matchup_mulligan").help
    at.selectbox(key="matchup_mulligan").set_value("never")
    at.multiselect(key="matchup_samples").set_value(["tournament-02", "tournament-03"])
    at.number_input(key="matchup_games").set_value(30)
    at.number_input(key="matchup_seed").set_value(4)
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    decks = [SAMPLES["tournament-01"], SAMPLES["tournament-02"], SAMPLES["tournament-03"]]
    names = ["Ковеноглина · current", "Инкорн", "Ковен"]  # deck names, not file names
    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never", estimate_trials=300)
    expected = matchup_matrix(decks, settings, games=30, seed=4, labels=names, executor="serial")
    table = frame_with(at, "Opponent")
    assert len(table) == 6  # ordered pairs of three decks
    want = expected.frame()
    for row in table.itertuples():
        other = want[(want.deck == row.Deck) & (want.opponent == row.Opponent)].iloc[0]
        assert (row.Wins, row.Losses, row.Draws) == (other.wins, other.losses, other.draws)
    titles = chart_titles(at)
    assert (
        titles[0].startswith("Matchup matrix: score of the row deck")
        and "30 games per pair, seed 4" in titles[0]
    )
    pair = expected.pair(names[0], "Инкорн")
    assert f"{names[0]} against Инкорн: 30 games" in texts(at.subheader)
    assert metric(at, "Wins, all games") == f"{pair.a_wins / pair.games:.1%}"
    first, second = pair.by_seat["a_first"], pair.by_seat["b_first"]
    assert metric(at, "Wins moving first") == f"{first.a_wins / first.games:.1%}"  # beside the odds
    assert metric(at, "Wins moving second") == f"{second.a_wins / second.games:.1%}"
    seats = frame_with(at, "Draw rate")
    assert list(seats.Games) == [30, 15, 15] and seats.Wins.iloc[0] == pair.a_wins
    assert list(seats["Which games"]) == ["all games", f"{names[0]} moves first", "Инкорн moves first"]
    columns = ("wins 95% lo", "Win rate", "wins 95% hi")  # a static table: "56.3%" text (issue 21)
    lo, rate, hi = (seats[c].str.rstrip("%").astype(float) / 100 for c in columns)
    assert (lo <= rate).all() and (rate <= hi).all()
    bars = next(s for s in plotly_specs(at) if s["layout"]["title"]["text"] == "Win rate by seat (95% CI)")
    assert bars["data"][0]["textposition"] == "outside"  # readable numbers on the seat bars
    assert bars["data"][0]["text"] == [f"{p:.1%}" for p in rate]
    # issue 9: the page states how much of each deck's copies the battle models, from the data
    from analysis.decks.coverage import deck_row

    modelled = next(c for c in texts(at.caption) if c.startswith("How much of the cards' texts"))
    for name, deck in ((names[0], decks[0]), ("Инкорн", decks[1])):
        row = deck_row(deck)
        full = row.status["full"]  # issue 21 item 7: the headline figure is the fully modelled copies
        none = row.status["none"] + row.status["missing"]
        assert (f"**{name}** — {full} of {row.copies} copies modelled fully ({full / row.copies:.1%}), "
                f"{row.status['partial']} partly, {none} not") in modelled
    at.selectbox(key="matchup_a").set_value("Ковен").run()
    at.selectbox(key="matchup_b").set_value("Инкорн").run()
    pair = expected.pair("Ковен", "Инкорн")
    assert metric(at, "Wins, all games") == f"{pair.a_wins / pair.games:.1%}"
    assert len(at.get("plotly_chart")) == 2  # the matrix and the seats; the board is a table of cards
    log = at.code[0].value
    assert log.startswith("Turn 1: Ковен moves") and " strikes " in log and ("dice " in log or "die " in log)


def test_the_board_shows_card_names_with_life_and_the_turn_log():
    from analysis.battle.record import replay
    from analysis.matchup.simulate import first_game_record
    from analysis.summaries.matchup import battle_log, board_units

    at = open_app("matchup")
    at.multiselect(key="matchup_samples").set_value(["tournament-02"])
    at.number_input(key="matchup_games").set_value(10)
    at.selectbox(key="matchup_mulligan").set_value("never")
    at.button(key=SUBMIT).click().run()
    at.select_slider(key="matchup_step").set_value(2).run()
    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never", estimate_trials=300)
    result = matchup_matrix(
        [SAMPLES["tournament-01"], SAMPLES["tournament-02"]], settings, games=10, seed=1, executor="serial"
    ).pair(0, 1)
    events = first_game_record(SAMPLES["tournament-01"], SAMPLES["tournament-02"], settings, seed=result.seed)
    rep = replay(events, DB)
    board = board_units(rep, rep.turn_frames()[2])
    html = next(m for m in texts(at.markdown) if m.startswith("<table"))
    for unit in board[board.zone == "board"].itertuples():
        assert unit.name in html and f"♥ {unit.life_left}/{unit.life}" in html
    # issue 21 item 10: a long name is hyphenated as Russian, not cut at any letter
    assert "hyphens:auto;word-break:normal" in html and "lang='ru'" in html
    turn = next(m for m in texts(at.markdown) if m.startswith("- Turn 2: Инкорн moves"))
    strikes = battle_log(events)
    strikes = strikes[(strikes.kind == "strike") & (strikes.turn == 2)]
    assert turn.count(" strikes ") == len(strikes)
    assert any("What the battle models" in e.label for e in at.expander)


def test_precomputed_sample_field_shows_before_a_run(tmp_path):
    """With no run yet, the page draws the committed matrix of the sample decks."""
    from analysis.summaries.matchup import saved_matrix

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
    from analysis.matchup.simulate import deck_matchup
    from analysis.summaries.matchup import seat_frame

    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never")
    result = deck_matchup(SAMPLES["tournament-04"], SAMPLES["tournament-05"], settings, games=games, seed=2)
    frame = seat_frame(result)
    assert frame.n.iloc[0] == games == frame.n.iloc[1] + frame.n.iloc[2]
    assert frame.wins.iloc[0] == frame.wins.iloc[1] + frame.wins.iloc[2] == result.a_wins
    assert (frame.wins + frame.draws + frame.losses == frame.n).all()


def test_sides_default_to_strength_and_heuristic_from_the_registry():
    """One objective and one player for both sides by default (strength, heuristic); the players are
    the library's registry, so a player added there is offered without touching the page; the model
    text says how the squads are recruited and who plays."""
    from analysis.battle.registry import PLAYERS
    from analysis.matchup.simulate import MATCHUP_OBJECTIVES

    at = open_app("matchup")
    assert at.checkbox(key="matchup_same").value is True
    assert at.selectbox(key="matchup_objective_a").value == "strength"
    assert at.selectbox(key="matchup_player_a").value == "heuristic"
    assert at.selectbox(key="matchup_objective_a").options == [
        {"strength": "strength for winning", "crystals": "crystals", "rating": "duel ratings"}[o]
        for o in MATCHUP_OBJECTIVES
    ]
    assert len(at.selectbox(key="matchup_player_a").options) == len(PLAYERS)
    assert not any(s.key == "matchup_objective_b" for s in at.selectbox)  # same for both: no side B pickers
    model = " ".join(texts(at.markdown))
    assert "**Both sides:** squads recruited by **strength for winning**" in model
    assert "fitted from many simulated battles" in model and "Played by the **heuristic** player" in model
    assert any("each pair of decks is played once" in c for c in texts(at.caption))


def test_sides_that_differ_play_a_cross_matrix_as_the_library_does():
    """Side A strength with the heuristic player, side B crystals: every ordered pair and the mirrors
    are played; the table, the pair and the caption equal matchup_matrix with those settings."""
    at = open_app("matchup")
    at.checkbox(key="matchup_same").set_value(False).run()
    at.selectbox(key="matchup_objective_b").set_value("crystals").run()
    assert at.selectbox(key="matchup_player_b").value == "heuristic"
    model = " ".join(texts(at.markdown))
    assert "**Side A:** squads recruited by **strength for winning**" in model
    assert "**Side B:** squads recruited by **crystals**" in model
    assert any("cross matrix" in c for c in texts(at.caption))
    at.multiselect(key="matchup_samples").set_value(["tournament-02"])
    at.number_input(key="matchup_games").set_value(20)
    at.number_input(key="matchup_seed").set_value(2)
    at.selectbox(key="matchup_mulligan").set_value("never")
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    names = ["Ковеноглина · current", "Инкорн"]
    settings = MatchupSettings(
        load_ruleset("relaunch"), mulligan="never", objectives=("strength", "crystals"), estimate_trials=300
    )
    expected = matchup_matrix(
        [SAMPLES["tournament-01"], SAMPLES["tournament-02"]],
        settings,
        games=20,
        seed=2,
        labels=names,
        executor="serial",
    )
    assert expected.cross
    table = frame_with(at, "Opponent")
    assert len(table) == 4  # two decks: every ordered pair, the mirrors included
    want = expected.frame()
    for row in table.itertuples():
        other = want[(want.deck == row.Deck) & (want.opponent == row.Opponent)].iloc[0]
        assert (row.Wins, row.Losses, row.Draws) == (other.wins, other.losses, other.draws)
    heatmap = plotly_specs(at)[0]
    assert heatmap["layout"]["yaxis"]["title"]["text"].startswith("deck as side A (recruited by strength")
    assert "side B (recruited by crystals" in heatmap["layout"]["xaxis"]["title"]["text"]
    caption = next(c for c in texts(at.caption) if c.startswith("Ruleset relaunch"))
    assert "side A recruited by strength for winning, played by heuristic" in caption
    assert "side B recruited by crystals, played by heuristic" in caption
    # a deck against itself: the mirror of the cross matrix, with the sides told apart in the log
    at.selectbox(key="matchup_b").set_value(names[0]).run()
    mirror = expected.pair(names[0], names[0])
    assert metric(at, "Wins, all games") == f"{mirror.a_wins / mirror.games:.1%}"
    assert at.code[0].value.startswith(f"Turn 1: {names[0]} (A) moves")


def test_a_player_added_to_the_registry_appears_and_plays(monkeypatch):
    """The page lists analysis.battle.registry.PLAYERS as it is: a player registered there (here a
    copy of the heuristic under another name) is offered and plays, with no change to the page."""
    from analysis.battle import players, registry

    class Lookalike(players.HeuristicPlayer):
        pass

    monkeypatch.setitem(registry.PLAYERS, "lookalike", Lookalike)
    at = open_app("matchup")
    assert "lookalike" in at.selectbox(key="matchup_player_a").options
    at.selectbox(key="matchup_player_a").set_value("lookalike").run()
    assert "Played by the **lookalike** player" in " ".join(texts(at.markdown))
    at.multiselect(key="matchup_samples").set_value(["tournament-02"])
    at.number_input(key="matchup_games").set_value(10)
    at.selectbox(key="matchup_mulligan").set_value("never")
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    caption = next(c for c in texts(at.caption) if c.startswith("Ruleset relaunch"))
    assert "played by lookalike" in caption
    settings = MatchupSettings(
        load_ruleset("relaunch"), mulligan="never", players=("lookalike", "lookalike"), estimate_trials=300
    )
    expected = matchup_matrix(
        [SAMPLES["tournament-01"], SAMPLES["tournament-02"]], settings, games=10, seed=1, executor="serial"
    ).pair(0, 1)
    assert metric(at, "Wins, all games") == f"{expected.a_wins / expected.games:.1%}"


def test_the_current_deck_identical_to_a_sample_is_in_the_field_once():
    """Issue 21 item 8: the default field (the current deck, opened from tournament-01, and the first
    samples) holds Ковеноглина once, and the pair in detail opens on two different decks."""
    at = open_app("matchup")
    assert "tournament-01" in at.multiselect(key="matchup_samples").value
    at.multiselect(key="matchup_samples").set_value(["tournament-01", "tournament-02"])
    at.number_input(key="matchup_games").set_value(10)
    at.selectbox(key="matchup_mulligan").set_value("never")
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    table = frame_with(at, "Opponent")
    assert set(table.Deck) == {"Ковеноглина · current", "Инкорн"} and len(table) == 2
    assert at.selectbox(key="matchup_a").value != at.selectbox(key="matchup_b").value
