"""Reading a file the user named (deck, ruleset, card CSV, ratings, raw card import): one place maps
every OS failure to a :class:`~analysis.util.errors.BerserkInputError` that names the file and the fix.

Only regular files are read, and never more than a bound: the file is opened without blocking (a
FIFO would otherwise wait for a writer forever), checked with ``fstat`` on the open descriptor
(devices such as ``/dev/zero``, FIFOs, sockets and folders are refused at once), then read in
blocks until the bound is passed. The size the file system reports is not trusted: a file may
grow while it is read, and special files report 0.

The JSON and TOML helpers turn every way a parser can fail on hostile text (deep nesting, integers
of thousands of digits, ``NaN``/``Infinity``) into an input error naming the file.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from analysis.util.errors import BerserkInputError

DEFAULT_MAX_BYTES = 5_000_000
"""The bound for a user file when the caller names none."""
_BLOCK = 1 << 16


def _kind_of_mode(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_user_bytes(path: Path | str, kind: str, max_bytes: int | None = None) -> bytes:
    """The bytes of ``path``, a regular file of at most ``max_bytes`` (default
    :data:`DEFAULT_MAX_BYTES`); ``kind`` ("deck", "ruleset", …) words the messages."""
    path = Path(path)
    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise BerserkInputError(f"{path}: no such {kind} file") from None
    except IsADirectoryError:
        raise BerserkInputError(f"{path}: is a folder, not a {kind} file") from None
    except OSError as exc:
        raise BerserkInputError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise BerserkInputError(f"{path}: is a folder, not a {kind} file")
        if not stat.S_ISREG(mode):
            raise BerserkInputError(f"{path}: is {_kind_of_mode(mode)}, not a {kind} file; "
                                    f"give the path of a regular file")
        chunks, size = [], 0
        while True:
            block = os.read(fd, min(_BLOCK, limit + 1 - size))
            if not block:
                break
            chunks.append(block)
            size += len(block)
            if size > limit:
                raise BerserkInputError(f"{path}: {kind} file is larger than {limit:,} bytes")
        return b"".join(chunks)
    except OSError as exc:
        if exc.errno == errno.EISDIR:
            raise BerserkInputError(f"{path}: is a folder, not a {kind} file") from None
        raise BerserkInputError(f"{path}: cannot read: {exc.strerror}") from None
    finally:
        os.close(fd)


def read_user_text(path: Path | str, kind: str, max_bytes: int | None = None) -> str:
    """The UTF-8 text of ``path`` (a byte-order mark is dropped); anything else is an input error."""
    data = read_user_bytes(path, kind, max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BerserkInputError(f"{path}: not UTF-8 text; save the {kind} file as UTF-8") from None


MAX_INT_DIGITS = 18
"""Whole numbers in user JSON longer than this are refused (no count or id needs more)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"the number {text[:12]}… has {len(text.lstrip('-')):,} digits "
                         f"(at most {MAX_INT_DIGITS})")
    return int(text)


def parse_json(text: str, source: str) -> Any:
    """JSON text → Python values; ``NaN``/``Infinity``, numbers too large for a float, integers of
    more than :data:`MAX_INT_DIGITS` digits and nesting too deep to parse are input errors."""

    def finite_float(token: str) -> float:
        value = float(token)
        if value in (float("inf"), float("-inf")):
            raise ValueError(f"the number {token[:20]} is too large")
        return value

    try:
        return json.loads(text, parse_constant=_reject_constant, parse_int=_bounded_int,
                          parse_float=finite_float)
    except json.JSONDecodeError as exc:
        raise BerserkInputError(f"{source}: not valid JSON: {exc}") from None
    except RecursionError:
        raise BerserkInputError(f"{source}: not valid JSON: nested too deeply") from None
    except ValueError as exc:
        raise BerserkInputError(f"{source}: not valid JSON: {exc}") from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """TOML text → a dict; syntax errors, nesting too deep to parse and integers too long to
    convert are input errors naming ``source``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BerserkInputError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise BerserkInputError(f"{source}: not valid TOML: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise BerserkInputError(f"{source}: not valid TOML: {exc}") from None


__all__ = ["DEFAULT_MAX_BYTES", "parse_json", "parse_toml", "read_user_bytes", "read_user_text"]
