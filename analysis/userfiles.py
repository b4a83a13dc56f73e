"""Reading a file the user named (deck, ruleset, ratings): one place maps every OS failure to a
:class:`~analysis.errors.BerserkInputError` that names the file and the fix."""

from __future__ import annotations

from pathlib import Path

from analysis.errors import BerserkInputError


def read_user_bytes(path: Path, kind: str, max_bytes: int | None = None) -> bytes:
    """The bytes of ``path``; ``kind`` ("deck", "ruleset", …) words the messages."""
    if path.is_dir():  # before the size check: a folder has a size too
        raise BerserkInputError(f"{path}: is a folder, not a {kind} file")
    try:
        if max_bytes is not None and path.stat().st_size > max_bytes:
            raise BerserkInputError(f"{path}: {kind} file is larger than {max_bytes:,} bytes")
        return path.read_bytes()
    except FileNotFoundError:
        raise BerserkInputError(f"{path}: no such {kind} file") from None
    except OSError as exc:
        raise BerserkInputError(f"{path}: cannot read: {exc.strerror}") from None


def read_user_text(path: Path, kind: str, max_bytes: int | None = None) -> str:
    """The UTF-8 text of ``path`` (a byte-order mark is dropped); anything else is an input error."""
    data = read_user_bytes(path, kind, max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BerserkInputError(f"{path}: not UTF-8 text; save the {kind} file as UTF-8") from None
