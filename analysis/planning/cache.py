"""The on-disk cache of game results: one small JSON file per key, in the user's cache folder.

Where: ``--cache DIR``, else ``$BERSERK_CACHE``, else ``$XDG_CACHE_HOME/berserk-analyzer``, else
``~/.cache/berserk-analyzer`` — never inside the repository. Each entry is
``matchups/<2 hex>/<sha256 of the key>.json`` holding the key itself and the value; it is written
atomically (:mod:`analysis.util.atomic`), so a crash leaves the old entry or the new one.

Safe to delete at any time (everything in it can be recomputed). An entry that cannot be read,
is not valid JSON, or whose stored key differs from the one asked for is ignored (and recomputed)
with a note in :attr:`GameCache.notes`; a folder that cannot be written only costs a note.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from analysis.planning.keys import digest
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError

ENV_VAR = "BERSERK_CACHE"
APP_FOLDER = "berserk-analyzer"
FORMAT = 1
MAX_ENTRY_BYTES = 20_000_000


def default_cache_dir() -> Path:
    """``$BERSERK_CACHE``, else ``$XDG_CACHE_HOME/berserk-analyzer``, else ``~/.cache/berserk-analyzer``."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / APP_FOLDER


class GameCache:
    """Get and put JSON values by key (a JSON-able dict). ``root=None`` is a cache that never hits."""

    def __init__(self, root: Path | str | None):
        self.root = Path(root).expanduser() if root is not None else None
        self.notes: list[str] = []
        self.hits = 0
        self.misses = 0
        self._write_failed = False

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

    def get(self, key: dict[str, Any]) -> Any | None:
        """The stored value for ``key``, or None (missing, unreadable or corrupt: noted, not raised)."""
        path = self.path_of(key)
        if path is None:
            self.misses += 1
            return None
        try:
            if path.stat().st_size > MAX_ENTRY_BYTES:
                raise ValueError("too large")
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            self.misses += 1
            return None
        except (OSError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            self.notes.append(f"cache: ignored unreadable entry {path} ({exc.__class__.__name__}); "
                              "it will be recomputed")
            self.misses += 1
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key \
                or "value" not in data:
            self.notes.append(f"cache: ignored entry {path} (not an entry for this key); it will be "
                              "recomputed")
            self.misses += 1
            return None
        self.hits += 1
        return data["value"]

    def put(self, key: dict[str, Any], value: Any) -> None:
        """Store ``value`` atomically; a cache folder that cannot be written costs one note."""
        path = self.path_of(key)
        if path is None or self._write_failed:
            return
        text = json.dumps({"format": FORMAT, "key": key, "value": value}, ensure_ascii=False,
                          separators=(",", ":"))
        try:
            write_text_atomic(path, text, create_parents=True)  # the cache makes its own folders
        except (OSError, BerserkInputError) as exc:
            self._write_failed = True
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.notes.append(f"cache: cannot write to {self.root} ({reason}); results are "
                              "not cached (use --cache DIR or --no-cache)")

    def describe(self) -> str:
        """One line for the user: where the cache is and how it was used."""
        if self.root is None:
            return "cache: off"
        return (f"cache: {self.root} ({self.hits} entr{'y' if self.hits == 1 else 'ies'} read, "
                f"{self.misses} computed; games and mulligan thresholds)")


__all__ = ["ENV_VAR", "GameCache", "default_cache_dir"]
