"""Issue 20 #4 and #7: a field file's deck path must name a regular deck file (.txt, .brsd, .json,
.nxt), an error never quotes the file it names, and hostile TOML (huge or overflowing shares, deep
nesting) is an input error, not exit 3."""

from __future__ import annotations

import os

import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.planning.field import MAX_SHARE, read_field
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir

DB = load_cards()
SECRET = "hunter2:x:0:0:hunter2:/home/hunter2:/bin/bash"
GOOD = str(data_dir() / "decks" / "tournament-01.txt")


def _field(tmp_path, body: str):
    path = tmp_path / "field.toml"
    path.write_text(body, encoding="utf-8")
    return path


def _error(path) -> str:
    with pytest.raises(BerserkInputError) as caught:
        read_field(path, DB)
    return str(caught.value)


@pytest.mark.parametrize("rel", ["../../../../../../etc/passwd", "/etc/passwd", "secret", "notes.toml"])
def test_a_path_without_a_deck_extension_is_refused_unread(tmp_path, rel):
    (tmp_path / "secret").write_text(SECRET, encoding="utf-8")
    message = _error(_field(tmp_path, f'[[deck]]\npath = "{rel}"\nshare = 1\n'))
    assert "must name a deck file" in message and SECRET not in message and "hunter2" not in message


def test_a_deck_file_that_is_not_a_deck_is_named_but_not_quoted(tmp_path):
    (tmp_path / "leak.txt").write_text(f"{SECRET}\nsecond secret line\n", encoding="utf-8")
    message = _error(_field(tmp_path, '[[deck]]\npath = "leak.txt"\nshare = 1\n'))
    assert "leak.txt" in message and "line 1" in message
    assert "hunter2" not in message and "secret line" not in message


@pytest.mark.parametrize("kind", ["folder", "fifo", "link_to_device"])
def test_a_special_file_with_a_deck_name_is_refused(tmp_path, kind):
    target = tmp_path / "d.txt"
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    message = _error(_field(tmp_path, '[[deck]]\npath = "d.txt"\nshare = 1\n'))
    assert "d.txt" in message


@pytest.mark.parametrize(("body", "words"), [
    (f'[[deck]]\npath = "{GOOD}"\nshare = 1e308\n[[deck]]\npath = "{GOOD}"\nname = "b"\nshare = 1e308\n',
     f"at most {MAX_SHARE:,}"),
    (f'[[deck]]\npath = "{GOOD}"\nshare = {"9" * 400}\n', "a huge number"),
    (f'[[deck]]\npath = "{GOOD}"\nshare = {"9" * 5000}\n', "not valid TOML"),
    ("title = " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),
])
def test_hostile_toml_is_an_input_error(tmp_path, body, words):
    message = _error(_field(tmp_path, body))
    assert words in message and len(message) < 600


def test_the_command_line_says_so_with_exit_2(tmp_path, capsys):
    (tmp_path / "leak.txt").write_text(SECRET + "\n", encoding="utf-8")
    field = _field(tmp_path, '[[deck]]\npath = "leak.txt"\nshare = 1\n')
    assert main(["meta", str(field), "--no-cache"]) == 2
    err = capsys.readouterr().err
    assert "does not read as a deck" in err and "hunter2" not in err


def test_field_to_toml_keeps_characters_above_u_ffff(tmp_path):
    """Issue 20 #8: a non-printable character above U+FFFF was written as ``\\u`` with five digits."""
    from analysis.planning.field import field_to_toml, make_field

    deck = read_field(_field(tmp_path, f'[[deck]]\npath = "{GOOD}"\nshare = 1\n'), DB).decks[0].deck
    name = "emoji😀 private\U0010fffd unassigned\U0003fffe"
    field = make_field([(name, deck, 1.0)], title="t\U0010fffd")
    text = field_to_toml(field)
    assert "\\U0010fffd" in text
    again = read_field(_field(tmp_path, text), DB)
    assert again.names == (name,) and again.title == "t\U0010fffd"


def test_names_and_titles_are_one_line(tmp_path):
    body = f'title = "a\\nb"\n[[deck]]\npath = "{GOOD}"\nname = "x\\u001b[31my"\nshare = 1\n'
    field = read_field(_field(tmp_path, body), DB)
    assert field.title == "a\\nb" and field.names == ("x\\x1b[31my",)
