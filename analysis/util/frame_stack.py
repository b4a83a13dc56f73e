"""Run a long task on a fresh chunk of CPython's frame stack, so its hot loops never thrash it.

Why: CPython 3.11+ keeps the frames of Python functions on a per-thread stack made of chunks (16 KiB
at first). A call whose frame does not fit in the current chunk maps a new chunk, and the return
that empties it unmaps it again at once. When a hot loop calls a Python function exactly at a chunk
boundary, every call costs an ``mmap`` and a ``munmap`` (and the page faults in between). Where the
boundaries fall depends on how deep the stack already is, so the same work can run three times
slower in one caller than in another: measured on the strength fit's worker processes, forked from
the command line's stack, 1,000 battles took 108 s (86 s of it in the kernel, 1.6 million
``mmap``/``munmap`` calls) against 56 s when each task ran through :func:`on_fresh_frame_stack`.

How: :func:`on_fresh_frame_stack` is a function with a very large frame (:data:`FRAME_SLOTS` local
variables). Calling it cannot fit in the current chunk, so CPython maps a new chunk of twice that
size; the task's own frames then fit in the rest of that chunk, far from any boundary, whatever the
caller's depth. The chunk is unmapped when the task returns: one ``mmap`` per task. On other Python
implementations the helper simply calls the task.

>>> on_fresh_frame_stack(sum, [1, 2, 3])
6
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")

FRAME_SLOTS = 16_000
"""Local variables of the runner's frame (8 bytes each): a 128 KiB frame, so a 256 KiB chunk with
about 128 KiB left for the task's frames (hundreds of calls deep)."""


def _runner_source(slots: int) -> str:
    """The source of the runner: ``slots`` local variables, set once, then the call."""
    names = " = ".join(f"_{i}" for i in range(slots))
    return f"def run(fn, args):\n    {names} = None\n    return fn(*args)\n"


def _direct(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    return fn(*args)


def _make_runner(slots: int) -> Callable[[Callable[..., Any], tuple[Any, ...]], Any]:
    """The big-frame runner on CPython (compiled from :func:`_runner_source`), a plain call elsewhere."""
    if sys.implementation.name != "cpython":
        return _direct
    namespace: dict[str, Any] = {}
    exec(compile(_runner_source(slots), "<frame_stack runner>", "exec"), namespace)
    return namespace["run"]


_RUN = _make_runner(FRAME_SLOTS)


def on_fresh_frame_stack(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)``, its frames on a chunk of the frame stack of their own (module docstring).
    A module-level function, so a worker pool can pickle it as a task."""
    return _RUN(fn, args)


__all__ = ["FRAME_SLOTS", "on_fresh_frame_stack"]
