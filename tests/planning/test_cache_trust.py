"""Issue 20 #1 and #2: the planner's cache never writes through a link, reads only small regular
files, refuses a folder other users may write, and discards (with one note, then replays) an entry
that is damaged, edited or holds values of the wrong shape: counts that are not the games, and
thresholds of NaN, Infinity, 1e308, nested lists or true."""

from __future__ import annotations

import json
import os
import time

import numpy as np
import pytest

from analysis.matchup.simulate import MatchupSettings
from analysis.planning.cache import GameCache
from analysis.planning.games import Block, GameRunner, _rows_from_cache, _valid_thresholds
from analysis.planning.keys import block_key, thresholds_key
from analysis.rules import load_ruleset
from analysis.util.paths import data_dir

KEY = {"kind": "test", "n": 1}


@pytest.fixture(scope="module")
def settings():
    return MatchupSettings(load_ruleset("relaunch-casual"), mulligan="never")


@pytest.fixture(scope="module")
def decks():
    from analysis.cards.table import load_cards
    from analysis.decks.deck import read_deck

    db = load_cards()
    return [read_deck(data_dir() / "decks" / f"tournament-0{i}.txt", db) for i in (1, 2)]


def test_a_value_comes_back_and_the_entry_is_private(tmp_path):
    root = tmp_path / "c"
    GameCache(root).put(KEY, {"a": [1, 2.5]})
    again = GameCache(root)
    assert again.get(KEY) == {"a": [1, 2.5]} and again.notes == []
    entry = again.path_of(KEY)
    assert entry.stat().st_mode & 0o077 == 0 and (root / ".secret").stat().st_mode & 0o077 == 0


def test_a_write_never_follows_a_link(tmp_path):
    root = tmp_path / "c"
    cache = GameCache(root)
    cache.put({"kind": "other"}, 1)  # makes the folders and the secret
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    entry = cache.path_of(KEY)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.symlink_to(victim)
    fresh = GameCache(root)
    fresh.put(KEY, {"rows": [1]})
    assert victim.read_text(encoding="utf-8") == "precious"
    assert len(fresh.notes) == 1 and "not a regular file" in fresh.notes[0]


def test_a_linked_subfolder_is_not_written_through(tmp_path):
    root = tmp_path / "c"
    GameCache(root).put({"kind": "other"}, 1)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cache = GameCache(root)
    sub = cache.path_of(KEY).parent
    if sub.exists():
        for f in sub.iterdir():
            f.unlink()
        sub.rmdir()
    sub.symlink_to(elsewhere, target_is_directory=True)
    cache.put(KEY, 2)
    assert list(elsewhere.iterdir()) == []
    assert any("symbolic link" in n for n in cache.notes)


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o722])
def test_a_folder_others_may_write_is_not_used(tmp_path, mode):
    root = tmp_path / "shared"
    root.mkdir()
    root.chmod(mode)
    cache = GameCache(root)
    cache.put(KEY, 1)
    assert cache.get(KEY) is None
    assert list(root.iterdir()) == []
    assert len(cache.notes) == 1 and "writable by other users" in cache.notes[0]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_a_folder_of_another_user_is_not_used(tmp_path):
    root = tmp_path / "theirs"
    root.mkdir(mode=0o755)
    os.chown(root, 65534, 65534)
    cache = GameCache(root)
    cache.put(KEY, 1)
    assert list(root.iterdir()) == [] and "another user" in cache.notes[0]


@pytest.mark.parametrize("kind", ["dev_zero", "fifo", "huge", "link"])
def test_a_special_or_huge_entry_is_refused_at_once(tmp_path, kind, monkeypatch):
    root = tmp_path / "c"
    cache = GameCache(root)
    cache.put(KEY, 1)
    entry = cache.path_of(KEY)
    entry.unlink()
    if kind == "dev_zero":
        entry.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(entry)
    elif kind == "link":
        other = tmp_path / "other.json"
        other.write_text("{}", encoding="utf-8")
        entry.symlink_to(other)
    else:
        monkeypatch.setattr("analysis.planning.cache.MAX_ENTRY_BYTES", 1000)
        entry.write_text(" " * 5000, encoding="utf-8")
    start = time.monotonic()
    again = GameCache(root)
    assert again.get(KEY) is None
    assert time.monotonic() - start < 2
    assert len(again.notes) == 1 and "ignored entry" in again.notes[0]


def _edit(path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_an_edited_entry_is_discarded_and_the_games_replayed(tmp_path, settings, decks):
    """The issue's attack: every outcome set to 1 (the deck then looked clearly ahead)."""
    a, b = decks
    honest = GameRunner(settings, GameCache(tmp_path), 1).play([Block(a, b, 20, 1)])[0]
    entry = GameCache(tmp_path).path_of(block_key(a, b, settings, 20, 1))

    def all_won(data):
        for row in data["value"]["rows"]:
            row[1] = 1
    _edit(entry, all_won)
    again = GameRunner(settings, GameCache(tmp_path), 1)
    rows = again.play([Block(a, b, 20, 1)])[0]
    assert np.array_equal(rows, honest) and again.games_played == 20
    notes = [n for n in again.cache.notes if "ignored" in n]
    assert len(notes) == 1 and "digest" in notes[0]


def test_an_entry_copied_from_another_cache_is_discarded(tmp_path):
    GameCache(tmp_path / "theirs").put(KEY, 5)
    mine = GameCache(tmp_path / "mine")
    mine.put({"kind": "other"}, 1)
    target = mine.path_of(KEY)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(GameCache(tmp_path / "theirs").path_of(KEY).read_bytes())
    again = GameCache(tmp_path / "mine")
    assert again.get(KEY) is None and "digest" in again.notes[0]


@pytest.mark.parametrize("bad", [[[float("nan")], [1.0]], [[float("inf")], []], [[1e308], []],
                                 [[[], []], []], [[True], [1.0]], [[1.0]], [["1"], []]])
def test_thresholds_of_the_wrong_shape_are_not_used(tmp_path, settings, decks, bad):
    assert not _valid_thresholds(bad)
    cache = GameCache(tmp_path)
    key = thresholds_key(decks[0], settings)
    cache.put(key, bad)  # even with a good digest (NaN is never stored at all)
    runner = GameRunner(settings, GameCache(tmp_path), 1)
    got = runner.thresholds([decks[0]])
    assert all(len(seat) < 64 for seat in next(iter(got.values())))
    assert got == GameRunner(settings, GameCache.disabled(), 1).thresholds([decks[0]])


@pytest.mark.parametrize("change", ["count", "true", "fraction", "outcome", "columns", "turns"])
def test_rows_of_the_wrong_shape_are_not_used(change):
    rows = [[g % 2, 1, 20, 0, 1] for g in range(4)]
    value = {"columns": ["seat", "outcome", "turns", "mulligans_a", "mulligans_b"], "rows": rows}
    assert _rows_from_cache(value, 4) is not None
    if change == "count":
        rows.pop()
    elif change == "true":
        rows[0][1] = True
    elif change == "fraction":
        rows[0][2] = 2.5
    elif change == "outcome":
        rows[0][1] = 2
    elif change == "columns":
        value["columns"] = ["x"]
    else:
        rows[0][2] = 10**12
    assert _rows_from_cache(value, 4) is None


def test_thresholds_estimated_in_worker_processes_equal_the_serial_ones(decks):
    """The thresholds pool follows the worker rules (analysis.util.workers) and gives the same answer."""
    optimal = MatchupSettings(load_ruleset("relaunch-casual"), mulligan="optimal", estimate_trials=200)
    serial = GameRunner(optimal, GameCache.disabled(), 1).thresholds(decks)
    parallel = GameRunner(optimal, GameCache.disabled(), 2).thresholds(decks)
    assert parallel == serial and all(len(seat) for t in serial.values() for seat in t)
