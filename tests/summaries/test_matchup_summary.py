"""The Matchup page's readable battle: the log (who struck whom with which dice), its sentences, the
board after each turn, and the saved matrix. Checked against the replay of the same record."""

from __future__ import annotations

import pytest

from analysis.battle.record import replay
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.matchup.simulate import MatchupSettings, first_game_record
from analysis.rules import load_ruleset
from analysis.summaries.matchup import (
    LOG_TEMPLATES,
    battle_log,
    board_units,
    log_lines,
    square_name,
    turn_events,
)


@pytest.fixture(scope="module")
def game(db):
    decks = [read_deck(p, db) for p in sample_deck_paths()[:2]]
    settings = MatchupSettings(load_ruleset("relaunch"), mulligan="never")
    events = first_game_record(decks[0], decks[1], settings, seed=3)
    return events, replay(events, db)


def test_log_wounds_add_up_to_the_replayed_board(game):
    events, rep = game
    log = battle_log(events)
    assert len(log[log.kind == "strike"]) == sum(e["e"] == "strike" for e in events)
    final = rep.frames[-1]
    for u in range(len(rep.names)):
        rows = list(log.itertuples())
        dealt = sum(r.to_target for r in rows if r.kind == "strike" and r.parrier == u)
        back = sum(r.to_attacker for r in rows if r.kind == "strike" and r.unit == u)
        by_ability = sum(r.to_target for r in rows if r.kind == "ability" and r.target == u)
        poison = sum(r.to_target for r in rows if r.kind == "wound" and r.unit == u)
        healed = sum(r.healed for r in rows if r.kind in ("heal", "incarnation") and r.unit == u)
        healed += sum(r.healed for r in rows if r.kind == "ability" and r.target == u)
        assert dealt + back + by_ability + poison - healed == final.wounds[u], rep.names[u]
    dead = set()
    gone = set()  # (cards beyond the squads — deck, graveyard — out of play unless they entered)
    squads = next(e for e in events if e["e"] == "header")["squads"]
    n_squad = sum(len(squad) for squad in squads)
    entered = set()
    for r in log.itertuples():  # a card that incarnates comes back from the graveyard
        if r.kind == "death":
            dead.add(r.unit)
        elif r.kind in ("incarnation", "enter"):
            dead.discard(r.unit)
            entered.add(r.unit)
        elif r.kind == "exile":
            gone.add(r.unit)
    out = {u for u, alive in enumerate(final.alive) if not alive}
    assert dead - gone == {u for u in out if u < n_squad or u in entered} - gone
    for dice in log[log.kind == "strike"].dice:
        assert 1 <= len(dice) <= 2 and all(1 <= d <= 6 for d in dice)


def test_log_lines_name_the_decks_dice_and_winner(game):
    events, rep = game
    log = battle_log(events)
    lines = log_lines(log, ("Alpha", "Beta"))
    assert len(lines) == len(log)
    first_strike = log[log.kind == "strike"].iloc[0]
    line = lines[list(log.index).index(first_strike.name)]
    side = "Alpha" if first_strike.side == 0 else "Beta"
    assert line.startswith(f"{first_strike['name']} ({side}) strikes")
    dice = first_strike.dice
    assert (f"dice {dice[0]}:{dice[1]}" if len(dice) == 2 else f"die {dice[0]}") in line
    winner = rep.result["winner"]
    assert lines[-1] == (f"Draw ({rep.result['reason']})" if winner is None
                         else f"{('Alpha', 'Beta')[winner]} wins ({rep.result['reason']})")
    russian = log_lines(log, ("А", "Б"), {k: "x" for k in LOG_TEMPLATES} | {"turn": "Ход {turn}"})
    first_turn = list(log.kind).index("turn")  # (abilities at the start of the battle come before it)
    assert russian[first_turn] == "Ход 1"


def test_board_after_each_turn_shows_names_and_life_left(game):
    events, rep = game
    log = battle_log(events)
    frames = rep.turn_frames()
    seen = []
    for step, frame in enumerate(frames):
        board = board_units(rep, frame)
        assert len(board) == sum(frame.alive)
        known = board[board.life.notna()]
        assert (known.life_left == known.life - known.wounds).all()
        assert set(board.name) <= set(rep.names)
        on_board = board[board.zone == "board"]
        squares = zip(on_board.row, on_board.col, on_board.square, strict=True)
        assert all(square_name(r * 5 + c) == sq for r, c, sq in squares)
        seen.append(turn_events(rep, log, step))
    assert len(seen[0]) == 0
    assert sum(len(part) for part in seen) == int((log.event <= frames[-1].index).sum())


def test_square_names():
    assert square_name(0) == "a1" and square_name(4) == "e1" and square_name(29) == "e6"
