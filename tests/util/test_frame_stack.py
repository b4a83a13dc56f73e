"""The fresh-frame-stack runner of the worker pools: it returns what the task returns, passes its
exception on, carries deep recursion, and (on CPython) its frame is big enough to need a chunk of
its own (analysis/util/frame_stack.py explains why)."""

from __future__ import annotations

import sys

import pytest

from analysis.util import frame_stack
from analysis.util.frame_stack import FRAME_SLOTS, on_fresh_frame_stack


def _depth(n: int) -> int:
    return 0 if n == 0 else 1 + _depth(n - 1)


def test_it_returns_what_the_task_returns():
    assert on_fresh_frame_stack(divmod, 17, 5) == (3, 2)
    assert on_fresh_frame_stack(sorted, [3, 1, 2]) == [1, 2, 3]


def test_a_task_error_is_passed_on():
    with pytest.raises(ZeroDivisionError):
        on_fresh_frame_stack(divmod, 1, 0)


def test_deep_recursion_runs_across_chunks():
    assert on_fresh_frame_stack(_depth, 600) == 600


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython's chunked frame stack")
def test_the_runner_frame_outgrows_a_first_chunk():
    code = frame_stack._RUN.__code__
    assert code.co_nlocals >= FRAME_SLOTS
    assert FRAME_SLOTS * 8 > 16 * 1024  # CPython's first chunk: 16 KiB
