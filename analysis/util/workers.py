"""Worker processes that never outlive or outshout their parent.

The deal simulation and the matchups spread chunks of work over a pool of forked processes
(:func:`worker_pool`). Three rules keep an interrupted run tidy:

- **Ctrl-C** reaches the whole foreground process group. Workers ignore SIGINT, so only the parent
  sees it (one ``KeyboardInterrupt``, one line from the command line) and no worker prints a
  traceback; the parent then terminates the pool.
- **Any exception** in the parent (an interrupt, SIGTERM turned into :class:`Terminated` by the
  command line, an error) terminates the workers before it propagates; a normal end closes the
  pool and waits for it.
- **A parent killed outright** (SIGKILL, or SIGTERM without the command line's handler) takes its
  workers with it: on Linux each worker asks the kernel for SIGTERM when its parent dies
  (``prctl(PR_SET_PDEATHSIG)``), and exits at once if the parent is already gone.
- **A worker that dies** (a crash, the kernel's out-of-memory killer) ends the run at once with
  :class:`WorkerDied`: the pool is a :class:`concurrent.futures.ProcessPoolExecutor`, which notices
  a lost worker (``multiprocessing.Pool`` replaces it and waits forever for its task).

The Dask path keeps its own workers (:func:`quiet_workers` only keeps Ctrl-C and shutdown warnings
from them; Dask's worker processes exit by themselves when their parent's pipe closes).
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from analysis.util.frame_stack import on_fresh_frame_stack
from analysis.util.limits import check_processes

_PR_SET_PDEATHSIG = 1
_CAN_MASK = hasattr(signal, "pthread_sigmask")
_HELD = {signal.SIGINT, signal.SIGTERM}


class Terminated(BaseException):
    """Raised in the parent by the command line's SIGTERM handler, so cleanup runs (a
    ``BaseException``, like ``KeyboardInterrupt``: no ``except Exception`` swallows it)."""


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to send this process SIGTERM when its parent dies (Linux only)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


class WorkerDied(RuntimeError):
    """A worker process ended without returning its task (killed by a signal or exited): the run
    stops with this error instead of waiting for the lost task."""


T = TypeVar("T")
R = TypeVar("R")


class WorkerPool:
    """Forked worker processes mapping a function over tasks in order (:meth:`imap`, like
    ``multiprocessing.Pool.imap``); made by :func:`worker_pool`."""

    def __init__(self, processes: int):
        self.processes = processes
        self._executor = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"),
                                             initializer=_init_worker, initargs=(os.getpid(),))

    def imap(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """``fn(task)`` for each task, in task order, a few tasks ahead per worker (bounded memory for
        long task lists). A dead worker raises :class:`WorkerDied`; a task's own exception is raised
        as it is."""
        ahead: collections.deque[Future[R]] = collections.deque()
        window = 4 * self.processes
        try:
            for task in tasks:
                ahead.append(self._submit(fn, task))
                if len(ahead) >= window:
                    yield ahead.popleft().result()
            while ahead:
                yield ahead.popleft().result()
        except BrokenProcessPool as exc:
            raise WorkerDied(
                "a worker process died before finishing its task (a crash or the system's memory limit);"
                " rerun with --processes 1 to see the error") from exc

    def _submit(self, fn: Callable[[T], R], task: T) -> Future[R]:
        """``submit`` of ``fn(task)`` on a fresh chunk of the worker's frame stack
        (:func:`~analysis.util.frame_stack.on_fresh_frame_stack`: a worker forked from a deep stack
        could otherwise spend most of its time mapping and unmapping chunks), with Ctrl-C and
        SIGTERM held back until it returns: an interrupt raised while ``submit`` holds the
        executor's lock would leave it locked, and stopping the pool (which takes that lock) would
        then wait for ever."""
        if not _CAN_MASK or threading.current_thread() is not threading.main_thread():
            return self._executor.submit(on_fresh_frame_stack, fn, task)
        old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
        try:
            return self._executor.submit(on_fresh_frame_stack, fn, task)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a held signal is raised here

    def close(self) -> None:
        """Wait for the workers to finish and end them (a normal end)."""
        self._executor.shutdown(wait=True)

    def terminate(self) -> None:
        """Stop every worker now (SIGTERM, then SIGKILL after a second) and drop the queued tasks.
        The workers go first, so the executor's own thread sees them gone and winds down; its lock is
        taken only if free (an interrupt may have left it held)."""
        procs: dict[Any, Any] = dict(getattr(self._executor, "_processes", None) or {})
        for proc in procs.values():
            with contextlib.suppress(OSError, ValueError, AttributeError):
                proc.terminate()
        lock = getattr(self._executor, "_shutdown_lock", None)
        if lock is None or lock.acquire(timeout=1.0):
            if lock is not None:
                lock.release()
            self._executor.shutdown(wait=False, cancel_futures=True)
        for proc in procs.values():
            with contextlib.suppress(OSError, ValueError, AttributeError):
                proc.join(1.0)
                if proc.is_alive():
                    proc.kill()
                    proc.join(1.0)


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker inherits the parent's handler
    # Forked inside _submit, with SIGINT and SIGTERM held back: take them again, after the handlers
    # above, so that a Ctrl-C held meanwhile is dropped and a SIGTERM ends the worker.
    if _CAN_MASK:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    _die_with_parent(parent)


@contextlib.contextmanager
def worker_pool(processes: int) -> Iterator[WorkerPool]:
    """A pool of ``processes`` forked workers (checked against
    :func:`~analysis.util.limits.max_processes`) that follows the module's rules: closed and joined on a
    normal exit, terminated on any exception, including ``KeyboardInterrupt``, :class:`Terminated`
    and :class:`WorkerDied`."""
    check_processes(processes)
    pool = WorkerPool(processes)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        raise
    pool.close()


_DASK_WORKER_LOGGING = "DASK_LOGGING__DISTRIBUTED"


@contextlib.contextmanager
def quiet_workers() -> Iterator[None]:
    """Processes started inside this block ignore SIGINT and log only Dask's CRITICAL messages,
    unless the user set that level: a task's own failure reaches the parent as the future's
    exception anyway, and what a worker logs at a shutdown (cancelled tasks, a heartbeat to a
    scheduler that has just closed) is noise under the command line's one-line message.

    An ignored signal stays ignored across ``exec``, so Dask's spawned workers print no traceback
    on Ctrl-C. The disposition is process-wide, so this process ignores Ctrl-C too while the block
    runs (Dask's start-up, a few seconds); its handler and the environment are restored afterwards.
    (Blocking the signal instead would not reach the workers: Dask spawns them from threads whose
    signal mask is not the main thread's.) Only the main thread may change signal handlers."""
    own_level = _DASK_WORKER_LOGGING not in os.environ
    if own_level:
        os.environ[_DASK_WORKER_LOGGING] = "critical"
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
        if own_level:
            os.environ.pop(_DASK_WORKER_LOGGING, None)


__all__ = ["Terminated", "WorkerDied", "WorkerPool", "quiet_workers", "worker_pool"]
