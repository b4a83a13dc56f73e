"""The on-disk cache of game results: one small JSON file per key, in the user's cache folder.

Where: ``--cache DIR``, else ``$BERSERK_CACHE``, else ``$XDG_CACHE_HOME/berserk-analyzer``, else
``~/.cache/berserk-analyzer`` — never inside the repository. Each entry is
``matchups/<2 hex>/<sha256 of the key>.json`` holding the key itself, the value and a digest.

Safe to delete at any time (everything in it can be recomputed). What the cache trusts
(``docs/cache.md``):

- **Its folder only when it is the user's own**: the cache folder and its ``matchups`` folders must
  be owned by the user running the tool and not writable by group or others; the subfolders must
  be real folders, not symbolic links. Otherwise the cache is off for the run, with one note.
- **Writes never follow links**: an entry is written to a new temporary file opened with
  ``O_CREAT|O_EXCL|O_NOFOLLOW`` beside it, then renamed over the entry only when that is a regular
  file or missing (a rename replaces a link itself, never the file it points to).
- **Reads are bounded**: an entry is opened with ``O_NOFOLLOW|O_NONBLOCK``, must be a regular file
  and is read up to :data:`MAX_ENTRY_BYTES` (a link to ``/dev/zero`` or a FIFO is refused at once).
- **Every entry carries a digest** of its key and value: an HMAC-SHA256 with a random secret kept in
  the cache folder (``.secret``, mode 0600), so an entry that was damaged, edited by hand or copied
  from another cache fails the check; the caller then checks the value against the schema of what
  it holds (:mod:`analysis.planning.games`). A failed entry is discarded with one note and recomputed.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from analysis.planning.keys import digest

ENV_VAR = "BERSERK_CACHE"
APP_FOLDER = "berserk-analyzer"
FORMAT = 2
"""Entries of another format (1: no digest) are misses, replaced when the games are played again."""
MAX_ENTRY_BYTES = 20_000_000
SECRET_NAME = ".secret"
_SECRET_BYTES = 32
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def default_cache_dir() -> Path:
    """``$BERSERK_CACHE``, else ``$XDG_CACHE_HOME/berserk-analyzer``, else ``~/.cache/berserk-analyzer``."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / APP_FOLDER


class _Refused(Exception):
    """An entry or folder the cache does not trust (the message says why)."""


def _private_folder(path: Path, follow: bool) -> None:
    """``path`` exists as a folder owned by this user, not writable by group or others (the cache
    root may be reached through a link the user made; the folders inside it may not)."""
    st = os.stat(path) if follow else os.lstat(path)
    if not stat.S_ISDIR(st.st_mode):
        if follow:
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
        raise _Refused(f"{path} is not a folder (a symbolic link or a file)")
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        raise _Refused(f"{path} belongs to another user")
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise _Refused(f"{path} is writable by other users (chmod go-w {path})")


def _folder(path: Path, follow: bool) -> None:
    """Make ``path`` (mode 0700; for the root also its missing parents) if missing, then require it to
    be private (:func:`_private_folder`)."""
    if follow and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
    _private_folder(path, follow)


def _read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (not a link), at most ``limit``; FileNotFoundError when
    missing, :class:`_Refused` for anything else that is not a small regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | _CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:  # ELOOP: a symbolic link
        raise _Refused(f"cannot be opened without following links ({exc.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _Refused("is not a regular file")
        chunks, size = [], 0
        while True:
            block = os.read(fd, 1 << 16)
            if not block:
                break
            size += len(block)
            if size > limit:
                raise _Refused(f"is larger than {limit:,} bytes")
            chunks.append(block)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _write_new(folder: Path, name: str, data: bytes) -> None:
    """Write ``data`` to ``folder/name`` through a fresh temporary file that no link can redirect, then
    rename it over ``name`` when that is a regular file or missing."""
    target = folder / name
    try:
        if not stat.S_ISREG(os.lstat(target).st_mode):
            raise _Refused(f"{target} is not a regular file (a link, folder or special file); not replaced")
    except FileNotFoundError:
        pass
    tmp = folder / f".{name}.{secrets.token_hex(8)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)  # (replaces a link planted since the check, not its target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number an entry holds")


def _short_int(text: str) -> int:
    if len(text) > 40:  # (seeds are 63-bit: 19 digits)
        raise ValueError(f"a number of {len(text):,} digits")
    return int(text)


def _parse_entry(data: bytes) -> Any:
    """JSON of an entry; ``NaN``/``Infinity`` and integers of more than 40 digits are ValueErrors."""
    return json.loads(data.decode("utf-8"), parse_constant=_no_constant, parse_int=_short_int)


def _canonical(key: dict[str, Any], value: Any) -> bytes:
    return json.dumps({"format": FORMAT, "key": key, "value": value}, sort_keys=True, ensure_ascii=True,
                      separators=(",", ":"), allow_nan=False).encode("ascii")


class GameCache:
    """Get and put JSON values by key (a JSON-able dict). ``root=None`` is a cache that never hits."""

    def __init__(self, root: Path | str | None):
        self.root = Path(root).expanduser() if root is not None else None
        self.notes: list[str] = []
        self.hits = 0
        self.misses = 0
        self._write_failed = False
        self._secret: bytes | None = None
        self._untrusted = False

    @classmethod
    def default(cls) -> GameCache:
        return cls(default_cache_dir())

    @classmethod
    def disabled(cls) -> GameCache:
        return cls(None)

    def path_of(self, key: dict[str, Any]) -> Path | None:
        if self.root is None:
            return None
        h = digest(key)
        return self.root / "matchups" / h[:2] / f"{h}.json"

    # ------------------------------------------------------------------ trust

    def _key(self, create: bool) -> bytes | None:
        """The cache's secret (made on the first write), or None: no secret yet, or a folder the
        cache does not trust (noted once; the cache is then off)."""
        if self._secret is not None or self._untrusted or self.root is None:
            return self._secret
        try:
            if create:
                _folder(self.root, follow=True)
            elif not self.root.exists():
                return None
            _private_folder(self.root, follow=True)
            path = self.root / SECRET_NAME
            try:
                data = _read_bounded(path, 1024)
            except FileNotFoundError:
                if not create:
                    return None
                data = self._new_secret(path)
            if len(data) != _SECRET_BYTES:
                raise _Refused(f"{path} is not a secret this tool made (delete the cache folder)")
            if os.stat(path, follow_symlinks=False).st_mode & 0o077:
                raise _Refused(f"{path} may be read by other users (chmod 600 {path})")
        except _Refused as exc:
            self._distrust(str(exc))
            return None
        except OSError as exc:
            if create:
                self._cannot_write(exc)
            return None
        self._secret = data
        return data

    @staticmethod
    def _new_secret(path: Path) -> bytes:
        """A new random secret at ``path``: written whole to a private temporary file, then linked to
        its name (which fails if another run made one meanwhile: that one is read)."""
        data = secrets.token_bytes(_SECRET_BYTES)
        tmp = path.with_name(f"{SECRET_NAME}.{secrets.token_hex(8)}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                data = _read_bounded(path, 1024)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return data

    def _distrust(self, why: str) -> None:
        self._untrusted = True
        self.notes.append(f"cache: not using {self.root}: {why}; results are not cached "
                          "(use --cache DIR with a folder of your own, or --no-cache)")

    def _cannot_write(self, exc: BaseException) -> None:
        self._write_failed = True
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        self.notes.append(f"cache: cannot write to {self.root} ({reason}); results are "
                          "not cached (use --cache DIR or --no-cache)")

    # ------------------------------------------------------------------ get and put

    def get(self, key: dict[str, Any]) -> Any | None:
        """The stored value for ``key``, or None (missing, unreadable, untrusted or damaged: noted,
        not raised). The caller still checks the value against what it should hold."""
        path = self.path_of(key)
        secret = self._key(create=False) if path is not None else None
        if path is None or secret is None:
            self.misses += 1
            return None
        try:
            for folder in (path.parent.parent, path.parent):
                _private_folder(folder, follow=False)
        except FileNotFoundError:
            self.misses += 1
            return None
        except (_Refused, OSError) as exc:
            self._distrust(str(exc))
            self.misses += 1
            return None
        try:
            data = _parse_entry(_read_bounded(path, MAX_ENTRY_BYTES))
        except FileNotFoundError:
            self.misses += 1
            return None
        except (_Refused, OSError, ValueError, RecursionError) as exc:  # (JSON, UTF-8: ValueErrors)
            why = str(exc) if isinstance(exc, _Refused) else f"not valid JSON: {exc.__class__.__name__}"
            return self._discard(path, why)
        if not isinstance(data, dict) or set(data) != {"format", "key", "value", "digest"}:
            if isinstance(data, dict) and data.get("format") != FORMAT:
                self.misses += 1  # an older format: replaced when these games are played again
                return None
            return self._discard(path, "not a cache entry")
        if data["format"] != FORMAT or data["key"] != key:
            return self._discard(path, "not an entry for this key")
        try:
            expected = hmac.new(secret, _canonical(key, data["value"]), hashlib.sha256).hexdigest()
        except (TypeError, ValueError):
            return self._discard(path, "not an entry this tool wrote")
        if not isinstance(data["digest"], str) or not hmac.compare_digest(expected, data["digest"]):
            return self._discard(path, "its digest does not match: damaged or edited")
        self.hits += 1
        return data["value"]

    def _discard(self, path: Path, why: str) -> None:
        self.notes.append(f"cache: ignored entry {path} ({why}); it will be recomputed")
        self.misses += 1
        return None

    def put(self, key: dict[str, Any], value: Any) -> None:
        """Store ``value`` with its digest (never through a link); a cache folder that cannot be
        written or is not trusted costs one note."""
        path = self.path_of(key)
        if path is None or self._write_failed or self._untrusted:
            return
        secret = self._key(create=True)
        if secret is None:
            return
        try:
            body = _canonical(key, value)
        except (TypeError, ValueError):  # (NaN or a non-JSON value: not worth keeping)
            return
        entry = {"format": FORMAT, "key": key, "value": value,
                 "digest": hmac.new(secret, body, hashlib.sha256).hexdigest()}
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        try:
            for folder in (path.parent.parent, path.parent):
                _folder(folder, follow=False)
            _write_new(path.parent, path.name, text.encode("utf-8"))
        except _Refused as exc:
            self._distrust(str(exc))
        except OSError as exc:
            self._cannot_write(exc)

    def describe(self) -> str:
        """One line for the user: where the cache is and how it was used."""
        if self.root is None:
            return "cache: off"
        return (f"cache: {self.root} ({self.hits} entr{'y' if self.hits == 1 else 'ies'} read, "
                f"{self.misses} computed; games and mulligan thresholds)")


__all__ = ["ENV_VAR", "GameCache", "default_cache_dir"]
