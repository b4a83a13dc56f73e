"""The ``berserk`` command contract: cards, check, convert, import-cards; exit codes; no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.decks.deck import parse_deck_text, read_deck
from analysis.util.limits import max_processes
from analysis.util.paths import REPO_ROOT, data_dir

SAMPLE = str(data_dir() / "decks" / "tournament-01.txt")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal_json(capsys):
    code, out, err = run(capsys, "check", SAMPLE, "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True and data["cards"] == 30
    assert data["ruleset"] == "relaunch" and data["format"] == "constructed"
    assert data["warnings"] == [] and {i["code"] for i in data["info"]} == {"unique_copies"}


def test_check_banned_card_under_the_default_ruleset_exits_1(capsys):
    deck = str(data_dir() / "decks" / "tournament-03.txt")
    code, out, _ = run(capsys, "check", deck)
    assert code == 1 and "ILLEGAL under relaunch" in out and "problem [banned]" in out and "Илинси" in out
    assert "info [unique_copies]" in out
    code, out, _ = run(capsys, "check", deck, "--json")
    data = json.loads(out)
    assert code == 1 and [p["code"] for p in data["problems"]] == ["banned"]
    code, out, _ = run(capsys, "check", deck, "--rules", "relaunch-casual")
    assert code == 0 and "LEGAL under relaunch-casual" in out


def test_check_format_option(capsys):
    code, out, _ = run(capsys, "check", SAMPLE, "--format", "draft", "--json")
    assert code == 0 and json.loads(out)["format"] == "draft"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "missing.txt"], "missing.txt: no such deck file"),
        (["check", SAMPLE, "--rules", "modern"], "unknown ruleset 'modern'"),
        (["check", SAMPLE, "--cards", "nope.csv"], "nope.csv: no such card file"),
        (["cards", "--element", "fire"], "unknown element 'fire'"),
    ],
)
def test_input_errors_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_unknown_card_in_deck_exit_2(capsys, tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("3 Гульь\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(deck))
    assert code == 2 and "line 1: unknown card 'Гульь'; closest names: 'Гуль'" in err


def test_cards_filters_and_json(capsys):
    code, out, _ = run(capsys, "cards", "--set", "10", "--type", "flyer", "--element", "steppes", "--json")
    rows = json.loads(out)
    assert code == 0 and rows
    assert all(r["set_id"] == 10 and r["type"] == "flyer" and "steppes" in r["elements"] for r in rows)
    code, out, _ = run(capsys, "cards", "--name", "ведьма")
    assert code == 0 and "Ведьма" in out and "card(s)" in out


def test_convert_round_trip(capsys, tmp_path):
    brsd = tmp_path / "deck.brsd"
    assert run(capsys, "convert", SAMPLE, str(brsd))[0] == 0
    assert brsd.read_text(encoding="utf-8").startswith("#Ковеноглина\n")
    code, out, _ = run(capsys, "convert", str(brsd), "--to", "txt")
    db = load_cards()
    assert code == 0 and parse_deck_text(out, db) == read_deck(SAMPLE, db)
    assert "3 Тёмный менестрель" in out  # names are written as the card table spells them


def test_import_cards_is_reproducible(capsys, tmp_path):
    out_csv = tmp_path / "cards.csv"
    code, out, _ = run(capsys, "import-cards", "-o", str(out_csv))
    assert code == 0 and out_csv.read_bytes() == (data_dir() / "cards.csv").read_bytes()


def test_console_script_has_no_traceback_on_bad_input():
    result = subprocess.run(
        [sys.executable, "-m", "analysis.cli", "check", "/nonexistent/deck.txt", "--json"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == "" and "no such deck file" in result.stderr and "Traceback" not in result.stderr


def test_help_of_every_command_renders(capsys):
    """``--help`` of the tool and of each sub-command prints its usage (argparse %-formats help)."""
    from analysis.cli import COMMAND_MODULES

    commands = [None, *(m.replace("_", "-") for m in COMMAND_MODULES)]
    for command in commands:
        with pytest.raises(SystemExit) as done:
            main([command, "--help"] if command else ["--help"])
        out = capsys.readouterr().out
        assert done.value.code == 0 and out.startswith("usage: berserk"), command
        assert "%%" not in out, f"{command}: a literal %% in the help text"
    with pytest.raises(SystemExit):
        main(["matrix", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"worker processes (default: 2; at most {max_processes()} on this machine)" in out
