"""Atomic file writes: write a temporary file beside the target, then rename it over."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text_atomic(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` so readers see either the old file or the new one, never half."""
    write_bytes_atomic(path, text.encode(encoding))


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (same-folder temp file + ``os.replace``)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp creates 0600; give the file the mode a plain open() would (0666 less the umask).
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
