"""Issue 20 #7 and #8 through the real command line: each reproduction ends in a clear message
with exit 2 (or the right answer) at once: a deck code with two leading '#', ``berserk app`` on a
bad address or a port in use, ``tune`` option bounds (checked before any work, as ``--help`` says),
formula-like titles in the matrix CSV, control characters in deck names."""

from __future__ import annotations

import csv
import json
import socket
import time
from pathlib import Path

import pytest

from analysis.cli import main
from analysis.planning.tune import MAX_GAMES
from analysis.summaries.matchup import saved_matrix
from analysis.util.paths import data_dir

DECK = str(data_dir() / "decks" / "tournament-01.txt")
FIELD = str(data_dir() / "fields" / "sample-field.toml")
SECONDS = 5.0


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as done:  # argparse usage errors
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hash_hash(tmp_path):
    path = tmp_path / "d.nxt"
    path.write_text("##YAB", encoding="utf-8")
    field = tmp_path / "f.toml"
    field.write_text('[[deck]]\ncode = "##YAB"\nshare = 1\n', encoding="utf-8")
    return path, field


@pytest.mark.parametrize("command", ["check", "convert", "meta", "report", "field"])
def test_a_code_with_two_hashes_is_an_input_error(capsys, hash_hash, command):
    deck, field = hash_hash
    args = {"check": ["check", str(deck)], "convert": ["convert", str(deck)],
            "meta": ["meta", FIELD, "--deck", str(deck), "--no-cache"],
            "report": ["report", str(deck), "--no-cache"],
            "field": ["meta", str(field), "--no-cache"]}[command]
    code, _, err = run(capsys, *args)
    assert code == 2, err
    assert "deck code has the character '#'" in err


@pytest.fixture
def no_exec(monkeypatch):
    """``berserk app`` must stop before it hands the process to Streamlit."""
    def refuse(*args):
        raise AssertionError("Streamlit was started")
    monkeypatch.setattr("os.execv", refuse)


def test_app_on_a_bad_host_says_so(capsys, no_exec):
    code, _, err = run(capsys, "app", "--address", "bad host")
    assert code == 2 and "--address 'bad host'" in err and "Traceback" not in err


def test_app_on_a_port_in_use_says_so(capsys, no_exec):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        code, _, err = run(capsys, "app", "--port", str(port))
    assert code == 2 and f"port {port} on 127.0.0.1 is in use" in err


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--games", str(MAX_GAMES + 1), f"between 2 and {MAX_GAMES:,}"),
    ("--games", "10000000", f"between 2 and {MAX_GAMES:,}"),
    ("--target", "0", "--target must be between 0 and 1"),
    ("--target", "nan", "--target must be between 0 and 1"),
    ("--top", "0", "between 1 and"),
    ("--block", "3", "--block must be an even number"),
    ("--candidates", "0", "between 1 and 500"),
])
def test_tune_bounds_are_checked_before_any_work(capsys, option, value, words):
    start = time.monotonic()
    code, _, err = run(capsys, "tune", DECK, "--field", FIELD, "--no-cache", option, value)
    assert time.monotonic() - start < SECONDS
    assert code == 2 and words in err


def test_tune_help_states_the_games_bound(capsys):
    code, out, _ = run(capsys, "tune", "--help")
    assert code == 0 and f"2 to {MAX_GAMES:,}" in " ".join(out.split())


def test_a_formula_title_is_text_in_the_matrix_csv(capsys, tmp_path):
    lines = Path(DECK).read_text(encoding="utf-8").splitlines()
    evil = tmp_path / "evil.txt"
    evil.write_text("\n".join(["# =HYPERLINK(\"https://example.invalid\",\"x\")", *lines[1:]]) + "\n",
                    encoding="utf-8")
    other = str(data_dir() / "decks" / "tournament-02.txt")
    code, _, err = run(capsys, "matrix", str(evil), other, "--games", "2", "--processes", "1",
                       "-o", str(tmp_path / "m"))
    assert code == 0, err
    with open(tmp_path / "m.csv", encoding="utf-8", newline="") as handle:
        cells = [row[0] for row in csv.reader(handle)][1:]
    assert all(not c.startswith(("=", "+", "-", "@")) for c in cells)
    assert "'=HYPERLINK(\"https://example.invalid\",\"x\")" in cells
    back = saved_matrix(tmp_path / "m.csv")
    assert '=HYPERLINK("https://example.invalid","x")' in set(back["deck"])  # the dashboard reads it back


def test_control_characters_in_a_deck_name_are_shown_escaped(capsys, tmp_path):
    path = tmp_path / "d.json"
    path.write_text(json.dumps({"title": "ok\x1b[2J\x1b]0;owned\x07\nberserk: forged line\r",
                                "cards": [{"count": 3, "name": "Гуль"}]}), encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert "\x1b" not in out + err and "\r" not in out + err and "\x07" not in out + err
    assert not any(line.startswith("berserk: forged") for line in (out + err).splitlines())
    assert "\\x1b[2J" in out
