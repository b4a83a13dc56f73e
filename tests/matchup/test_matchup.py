"""Matchups through the whole pipeline, the executors (serial, processes, Dask), the matrix, the CLI."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.decks.deck import Deck, DeckEntry, read_deck, sample_deck_paths
from analysis.matchup.simulate import (
    CHUNK,
    MatchupSettings,
    deck_matchup,
    first_game_record,
    matchup_matrix,
    matrix_chunks,
    matrix_figure,
    matrix_from_chunks,
    play_matrix_chunk,
    score_table,
    squad_matchup,
)
from analysis.squad.deals import proportion_ci
from analysis.util.errors import BerserkInputError


@pytest.fixture(scope="module")
def settings(relaunch):
    return MatchupSettings(relaunch, mulligan="never")


@pytest.fixture(scope="module")
def decks(db):
    return [read_deck(p, db) for p in sorted(sample_deck_paths())[:3]]


def _plain_creatures(db):
    return [c for c in db.cards if c.type == "creature" and c.complete and c.strike and not c.unique
            and not c.horde and not c.banned and db.default_printing(c).id == c.id]


def test_mirror_with_alternating_seats_is_even(decks, settings):
    """A deck against itself with seats alternating: neither label is favoured. A 95 % interval
    misses 0.5 for one seed in twenty (seed 11 at 400 games did: 220-179), so the test allows
    3.4 standard errors of 800 games (a false alarm about once in 1,500 seeds) — enough to catch a
    side that is favoured by construction (a lopsided seed stream or tie-break)."""
    deck = decks[0]
    r = deck_matchup(deck, deck, settings, games=800, seed=11)
    assert r.games == r.a_wins + r.b_wins + r.draws == 800
    assert r.by_seat["a_first"].games == r.by_seat["b_first"].games == 400
    share = proportion_ci(r.a_wins, r.a_wins + r.b_wins).mean
    assert abs(share - 0.5) < 0.06


def test_strongest_cards_beat_weakest(db, settings):
    creatures = _plain_creatures(db)
    power = sorted(creatures, key=lambda c: sum(c.strike) * c.life)
    weakest = [c for c in power if sum(c.strike) * c.life > 0][:10]
    strongest = power[-10:]
    strong = Deck("strong", tuple(DeckEntry(c, 3) for c in strongest))
    weak = Deck("weak", tuple(DeckEntry(c, 3) for c in weakest))
    r = deck_matchup(strong, weak, settings, games=100, seed=2)
    assert r.a_wins / r.games > 0.9
    lo, hi = r.to_dict()["a_wins_ci95"]
    assert lo > 0.8 and r.by_seat["a_first"].a_wins > 40 and r.by_seat["b_first"].a_wins > 40


def test_executors_give_the_same_answer(db, settings):
    squad = [db.find("Кочевник"), db.find("Кшар")] * 3
    other = _plain_creatures(db)[100:106]
    games = CHUNK + 20
    serial = squad_matchup(squad, other, settings, games=games, seed=5)
    procs = squad_matchup(squad, other, settings, games=games, seed=5, executor="processes", processes=2)
    dask = squad_matchup(squad, other, settings, games=games, seed=5, executor="dask", processes=1)
    assert serial.to_dict() == procs.to_dict() == dask.to_dict()
    assert serial.mode == "squads" and serial.mean_mulligans == (0.0, 0.0)


def test_first_game_record_is_game_zero(db, settings, decks):
    events = first_game_record(decks[0], decks[1], settings, seed=4)
    assert events[0]["e"] == "header" and events[-1]["e"] == "end"
    one = deck_matchup(decks[0], decks[1], settings, games=1, seed=4)
    winner = events[-1]["winner"]  # game 0: A is seat 0
    assert one.a_wins == (winner == 0) and one.b_wins == (winner == 1)


def test_matrix_frame_and_pairs(decks, settings):
    m = matchup_matrix(decks, settings, games=30, seed=1, executor="serial")
    assert set(m.pairs) == {(0, 1), (0, 2), (1, 2)}
    frame = m.frame()
    assert len(frame) == 6 and {"deck", "opponent", "win_rate", "win_ci95_lo", "score"} <= set(frame.columns)
    ab, ba = m.pair(0, 1), m.pair(m.names[1], m.names[0])
    assert (ab.a_wins, ab.b_wins, ab.draws) == (ba.b_wins, ba.a_wins, ba.draws)
    assert ab.by_seat["a_first"].a_wins == ba.by_seat["b_first"].b_wins
    table = m.score_table()
    assert pd.isna(table.iat[0, 0]) and abs(table.iat[0, 1] + table.iat[1, 0] - 1) < 1e-12
    assert m.figure().data[0].type == "heatmap"
    with pytest.raises(BerserkInputError):
        matchup_matrix(decks[:1], settings, games=10)


def test_matrix_played_chunk_by_chunk_is_the_same_matrix(decks, settings):
    """The dashboard plays (and caches) a matrix one chunk at a time: same result as in one call."""
    games = CHUNK + 30  # two chunks per pair, the second one short
    whole = matchup_matrix(decks, settings, games=games, seed=4, labels=["x", "y", "z"], executor="serial")
    chunks = matrix_chunks(len(decks), games, seed=4)
    assert len(chunks) == 3 * 2 and sum(c.games for c in chunks) == 3 * games
    rows = [play_matrix_chunk(decks[c.i], decks[c.j], settings, c) for c in chunks]
    parts = matrix_from_chunks(("x", "y", "z"), settings, chunks, rows, games, 4)
    pd.testing.assert_frame_equal(parts.frame(), whole.frame())
    assert {k: r.seed for k, r in parts.pairs.items()} == {k: r.seed for k, r in whole.pairs.items()}


def test_cross_matrix_when_the_sides_differ(decks, relaunch):
    """Side A recruits by strength, side B by crystals: every ordered pair is played (the diagonal
    too, a mirror only the objectives tell apart), and each cell is deck_matchup of that pair with
    the pair's seed; chunk by chunk gives the same matrix."""
    cross = MatchupSettings(relaunch, mulligan="never", objectives=("strength", "crystals"))
    assert cross.sides_differ and not MatchupSettings(relaunch).sides_differ
    assert MatchupSettings(relaunch, players=("heuristic", "random")).sides_differ
    two = decks[:2]
    m = matchup_matrix(two, cross, games=20, seed=3, executor="serial")
    assert m.cross and set(m.pairs) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    frame = m.frame()
    assert len(frame) == 4 and (frame.deck == frame.opponent).sum() == 2
    for (i, j), r in m.pairs.items():
        alone = deck_matchup(two[i], two[j], cross, games=20, seed=r.seed)
        assert (r.a_wins, r.b_wins, r.draws) == (alone.a_wins, alone.b_wins, alone.draws)
    table = m.score_table()
    assert not pd.isna(table.iat[0, 0])  # the mirror has a score
    chunks = matrix_chunks(2, 20, seed=3, cross=True)
    rows = [play_matrix_chunk(two[c.i], two[c.j], cross, c) for c in chunks]
    parts = matrix_from_chunks(m.names, cross, chunks, rows, 20, 3, cross=True)
    pd.testing.assert_frame_equal(parts.frame(), frame)


def test_cli_matchup_json(capsys):
    a, b = sorted(sample_deck_paths())[:2]
    assert main(["matchup", str(a), str(b), "--games", "20", "--seed", "3", "--mulligan", "never",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "a_wins", "b_wins", "draws", "a_wins_ci95", "by_seat"):
        assert key in out
    assert out["games"] == 20 and set(out["by_seat"]) == {"a_first", "b_first"}
    assert out["a_wins"] + out["b_wins"] + out["draws"] == 20
    # The CLI prints exactly what the library computes for the same settings and seed.
    from analysis.cli import build_parser
    from analysis.cli.matchup import settings_from

    args = build_parser().parse_args(["matchup", str(a), str(b), "--mulligan", "never"])
    db = load_cards()
    expected = deck_matchup(read_deck(a, db), read_deck(b, db), settings_from(args, db), 20, 3, "serial", 1)
    assert out == json.loads(json.dumps(expected.to_dict(), ensure_ascii=False))


def test_cli_matchup_text_squads_and_record(capsys, tmp_path):
    a, b = sorted(sample_deck_paths())[:2]
    rec = tmp_path / "g.jsonl"
    # A sample deck has more than 15 cards: as a squad it cannot be placed.
    assert main(["matchup", str(a), str(b), "--squads", "--games", "5"]) == 2
    assert "1 to 15" in capsys.readouterr().err
    squad = tmp_path / "squad.txt"
    squad.write_text("# S\n3 Кочевник\n3 Кшар\n", encoding="utf-8")
    plot = tmp_path / "g.html"
    assert main(["matchup", str(squad), str(squad), "--squads", "--games", "10", "--record", str(rec),
                 "--draw", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "A wins" in out and "A moves first" in out and "aux:" in out
    assert rec.read_text(encoding="utf-8").startswith('{"e": "header"')
    assert "plotly" in plot.read_text(encoding="utf-8")


def test_realms_rules_use_the_defence_die(db):
    from analysis.rules import load_ruleset

    realms = MatchupSettings(load_ruleset("realms"), mulligan="never")
    assert realms.battle.model == "defence_die"
    squad = [db.find("Кочевник"), db.find("Кшар")] * 3
    r = squad_matchup(squad, squad, realms, games=40, seed=1)
    assert r.games == 40 and r.a_wins + r.b_wins + r.draws == 40


def test_cli_matrix_writes_reports(tmp_path, capsys):
    paths = [str(p) for p in sorted(sample_deck_paths())[:3]]
    out = tmp_path / "m"
    assert main(["matrix", *paths, "--games", "10", "--mulligan", "never", "--executor", "serial",
                 "-o", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["pairs"]) == 3
    frame = pd.read_csv(tmp_path / "m.csv")
    assert len(frame) == 6
    table = score_table(frame)
    assert list(table.index) == data["decks"] and table.shape == (3, 3)
    assert matrix_figure(frame).data[0].type == "heatmap"
    assert "plotly" in (tmp_path / "m.html").read_text(encoding="utf-8")
    assert main(["matrix", paths[0], "--games", "10"]) == 2
