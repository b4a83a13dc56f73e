"""Atomic writes: the file appears whole, with ordinary permissions, and no temp file is left."""

from __future__ import annotations

import os
import socket

import pytest

from analysis.util.atomic import writable_target, write_text_atomic
from analysis.util.errors import BerserkInputError


def test_write_replaces_whole_file_with_umask_mode(tmp_path):
    target = tmp_path / "sub" / "out.txt"
    target.parent.mkdir()
    write_text_atomic(target, "first")
    write_text_atomic(target, "second")
    assert target.read_text(encoding="utf-8") == "second"
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    assert [p.name for p in target.parent.iterdir()] == ["out.txt"]


def test_failed_write_leaves_old_file_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    write_text_atomic(target, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_text_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


# ------------------------------------------------------------------ what may be replaced (issue 13 #3, #6)


def test_a_symlink_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"


def test_a_replaced_file_keeps_its_mode(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_text_atomic(target, "new")
    assert target.stat().st_mode & 0o777 == 0o640


def _fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def _socket(tmp_path):
    """A Unix socket file: a special file a test may safely try to overwrite (unlike /dev/null)."""
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path


def _dangling(tmp_path):
    link = tmp_path / "dangling"
    link.symlink_to(tmp_path / "missing" / "x")
    return link


def _link_to_fifo(tmp_path):
    link = tmp_path / "to-pipe"
    link.symlink_to(_fifo(tmp_path))
    return link


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda t: t, "is a folder; give a file name inside it"),
        (lambda t: t / "no" / "such" / "out.txt", "does not exist; create it first"),
        (_fifo, "is not a regular file (a device, FIFO or socket)"),
        (_link_to_fifo, "is not a regular file (a device, FIFO or socket)"),
        (_dangling, "is a symbolic link to a missing file"),
        (_socket, "is not a regular file (a device, FIFO or socket)"),
    ],
)
def test_special_targets_are_refused_and_left_alone(tmp_path, make, message):
    target = make(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    kind = os.stat(target).st_mode if os.path.exists(target) else None
    with pytest.raises(BerserkInputError) as err:
        write_text_atomic(target, "x")
    assert message in str(err.value)
    assert str(target) in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no temp file left, nothing created
    if kind is not None:
        assert os.stat(target).st_mode == kind  # the special file is still what it was


def test_create_parents_only_when_asked(tmp_path):
    target = tmp_path / "reports" / "out.csv"
    write_text_atomic(target, "x", create_parents=True)
    assert target.read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_devices_are_refused_by_the_target_check(device):
    """Issue 13 #3: as root, ``-o /dev/null`` used to replace /dev/null with a regular file. Only the
    check is called here (it never writes), so a regression cannot harm the machine."""
    with pytest.raises(BerserkInputError, match=f"^{device}: is not a regular file"):
        writable_target(device)
