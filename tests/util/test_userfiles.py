"""User-named files: every failure is an input error naming the file and the kind of file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from analysis.util.errors import BerserkInputError
from analysis.util.userfiles import parse_json, parse_toml, read_user_bytes, read_user_text


def test_reads_text_and_drops_the_bom(tmp_path):
    path = tmp_path / "r.csv"
    path.write_bytes("\ufeffname,rating\n".encode())
    assert read_user_text(path, "ratings") == "name,rating\n"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p, "no such ratings file"),
        (lambda p: (p.mkdir(), p)[1], "is a folder, not a ratings file"),
        (lambda p: (p.write_bytes(b"x" * 11), p)[1], "ratings file is larger than 10 bytes"),
        (lambda p: (p.write_bytes(b"\xff\xfe\x81"), p)[1], "not UTF-8 text; save the ratings file as UTF-8"),
    ],
)
def test_failures_name_the_file(tmp_path, make, message):
    path = make(tmp_path / "r.csv")
    with pytest.raises(BerserkInputError) as err:
        read_user_text(path, "ratings", max_bytes=10)
    assert str(err.value) == f"{path}: {message}"


def test_bytes_are_not_decoded(tmp_path):
    path = tmp_path / "d.txt"
    path.write_bytes(b"\xff")
    assert read_user_bytes(path, "deck") == b"\xff"


# --------------------------------------------------------------------------- special files (issue 13 #7)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(BerserkInputError, match=r"is a FIFO \(named pipe\), not a deck file"):
        read_user_bytes(fifo, "deck")
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_before_reading(device):
    with pytest.raises(BerserkInputError, match=f"^{device}: is a device, not a ruleset file"):
        read_user_text(Path(device), "ruleset")


def test_the_bound_holds_whatever_the_file_claims(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 100)
    assert read_user_bytes(path, "deck", max_bytes=100) == b"x" * 100
    with pytest.raises(BerserkInputError, match="larger than 99 bytes"):
        read_user_bytes(path, "deck", max_bytes=99)


# --------------------------------------------------------------------------- JSON and TOML (issue 13 #6, #11)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"count": ' + "9" * 5000 + "}", "has 5,000 digits"),
        ('{"x": NaN}', "NaN is not a number JSON allows"),
        ('{"x": -Infinity}', "-Infinity is not a number JSON allows"),
        ('{"x": 1e400}', "too large"),
        ('{"x": ', "not valid JSON"),
    ],
)
def test_hostile_json_is_an_input_error(text, message):
    with pytest.raises(BerserkInputError) as err:
        parse_json(text, "deck.json")
    assert str(err.value).startswith("deck.json: not valid JSON")
    assert message in str(err.value)


def test_ordinary_json_parses():
    assert parse_json('{"a": [1, -2, 2.5, null, true]}', "x") == {"a": [1, -2, 2.5, None, True]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a = " + "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("a = " + "{b = " * 3000 + "1" + "}" * 3000, "nested too deeply"),
        ("a = " + "9" * 5000, "4300 digits"),
        ("a = ", "not valid TOML"),
    ],
)
def test_hostile_toml_is_an_input_error(text, message):
    with pytest.raises(BerserkInputError) as err:
        parse_toml(text, "my.toml")
    assert str(err.value).startswith("my.toml: not valid TOML")
    assert message in str(err.value)
