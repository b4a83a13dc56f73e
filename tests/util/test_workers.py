"""Issue 20 #5: a worker process that dies ends the run at once with a clear error (a
``multiprocessing.Pool`` lost the task and waited for ever), and the pool still maps in order and
passes a task's own exception on."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from analysis.util.workers import WorkerDied, worker_pool

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers")


def _square(x: int) -> int:
    return x * x


def _die_on_three(x: int) -> int:
    if x == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # as a crash or the out-of-memory killer would
    time.sleep(0.05)
    return x


def _bad(x: int) -> int:
    raise ValueError(f"task {x}")


def test_results_come_in_task_order():
    with worker_pool(2) as pool:
        assert list(pool.imap(_square, range(40))) == [x * x for x in range(40)]


def test_a_dead_worker_ends_the_run_with_a_clear_error():
    start = time.monotonic()
    with pytest.raises(WorkerDied, match="worker process died"), worker_pool(2) as pool:
        list(pool.imap(_die_on_three, range(20)))
    assert time.monotonic() - start < 30


def test_a_task_error_is_passed_on_as_it_is():
    with pytest.raises(ValueError, match="task 0"), worker_pool(2) as pool:
        list(pool.imap(_bad, range(3)))
