"""User-named files: every failure is an input error naming the file and the kind of file."""

from __future__ import annotations

import pytest

from analysis.errors import BerserkInputError
from analysis.userfiles import read_user_bytes, read_user_text


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
