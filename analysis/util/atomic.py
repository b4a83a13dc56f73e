"""Atomic file writes: write a temporary file beside the target, then rename it over.

A write goes only to a new path or over a regular file. A symbolic link is followed, so the file
it points to is replaced and the link kept; anything else that is not a regular file (a folder, a
device such as ``/dev/null``, a FIFO, a socket, a dangling link) is refused with an input error
before anything is written, because renaming over it would replace the special file itself. The
folder the file goes in must exist unless ``create_parents`` is set (the caller's own default
output folders, never a path the user typed).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from analysis.util.errors import BerserkInputError


def write_text_atomic(path: Path | str, text: str, encoding: str = "utf-8",
                      create_parents: bool = False) -> None:
    """Write ``text`` to ``path`` so readers see either the old file or the new one, never half."""
    write_bytes_atomic(path, text.encode(encoding), create_parents)


def writable_target(path: Path | str, create_parents: bool = False) -> Path:
    """The file a write to ``path`` replaces or creates (symbolic links followed); an input error
    naming ``path`` when that is not a regular file or a new name in an existing folder."""
    given = Path(path)
    if str(path) == "" or given.name in ("", ".", ".."):
        raise BerserkInputError(f"{str(path)!r}: give a file name to write to")
    target = Path(os.path.realpath(given))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise BerserkInputError(f"{given}: cannot write: {exc.strerror}") from None
    if mode is None:
        if os.path.islink(given):
            raise BerserkInputError(f"{given}: is a symbolic link to a missing file ({target}); "
                                    "refusing to write through it")
    elif stat.S_ISDIR(mode):
        raise BerserkInputError(f"{given}: is a folder; give a file name inside it, e.g. {given / 'out'}")
    elif not stat.S_ISREG(mode):
        raise BerserkInputError(f"{given}: is not a regular file (a device, FIFO or socket); "
                                "refusing to replace it; write to a regular file instead")
    parent = target.parent
    if not parent.is_dir():
        if create_parents and not parent.exists():
            parent.mkdir(parents=True, exist_ok=True)
        else:
            raise BerserkInputError(f"{given}: the folder {given.parent} does not exist; create it first")
    return target


def write_bytes_atomic(path: Path | str, data: bytes, create_parents: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (same-folder temp file + ``os.replace``); a file that is
    replaced keeps its permission bits, a new one gets what ``open()`` would give (0666 less the
    umask)."""
    target = writable_target(path, create_parents)
    try:
        old_mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        old_mode = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise BerserkInputError(f"{path}: cannot write in {target.parent}: {exc.strerror}") from None
    try:
        if old_mode is None:
            umask = os.umask(0)
            os.umask(umask)
            old_mode = 0o666 & ~umask
        os.fchmod(fd, old_mode)  # mkstemp creates 0600
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
