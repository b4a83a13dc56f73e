"""Issue 13 #8: Ctrl-C and SIGTERM end a parallel run with one line and no worker traces, and a
parent that dies (even by SIGKILL) takes its worker processes with it. Each test starts the real
command in its own session, waits until its workers run, signals it as a terminal or a process
manager would, and checks the exit, stderr and that no worker is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from analysis.util.paths import REPO_ROOT, data_dir

DECKS = [str(data_dir() / "decks" / f"tournament-0{i}.txt") for i in (1, 2)]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc and ps")


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _start(args: list[str], workers: int, settle: float = 1.0):
    """The command started in a new session, once ``workers`` child processes run."""
    proc = subprocess.Popen([sys.executable, "-m", "analysis.cli", *args], cwd=REPO_ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < workers:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"{args[0]} did not start {workers} workers: {proc.communicate()[1][-500:]}")
        time.sleep(0.1)
    time.sleep(settle)
    return proc, _children(proc.pid)


def _gone(pids: list[int], within: float = 10.0) -> list[int]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        left = [p for p in pids if _running(p)]
        if not left:
            return []
        time.sleep(0.1)
    for p in left:  # do not leave them behind for the next test
        os.kill(p, signal.SIGKILL)
    return left


def test_ctrl_c_on_a_parallel_deal_prints_one_line():
    proc, workers = _start(["deal", DECKS[0], "--processes", "2", "--trials", "5000000", "--quiet"], 2)
    os.killpg(proc.pid, signal.SIGINT)  # what the terminal does: the whole process group
    _, err = proc.communicate(timeout=120)  # generous: a loaded machine starts slowly
    assert proc.returncode == 130
    assert err == "berserk: interrupted\n"
    assert _gone(workers) == []


@pytest.mark.parametrize(("sig", "status", "line"), [(signal.SIGTERM, 143, "berserk: terminated\n"),
                                                     (signal.SIGINT, 130, "berserk: interrupted\n")])
def test_a_signalled_matrix_stops_its_workers(tmp_path, sig, status, line):
    proc, workers = _start(["matrix", *DECKS, "--processes", "2", "--games", "100000",
                            "-o", str(tmp_path / "m")], 2)
    os.kill(proc.pid, sig)  # the parent only, as a process manager would
    _, err = proc.communicate(timeout=120)  # generous: a loaded machine starts slowly
    assert proc.returncode == status and err == line
    assert _gone(workers) == []
    assert list(tmp_path.iterdir()) == []  # no half-written matrix


def test_a_killed_parent_takes_its_workers_with_it(tmp_path):
    proc, workers = _start(["matrix", *DECKS, "--processes", "2", "--games", "100000",
                            "-o", str(tmp_path / "m")], 2)
    proc.kill()
    proc.communicate(timeout=30)
    assert _gone(workers) == []


def test_ctrl_c_on_a_dask_matrix_prints_one_line(tmp_path):
    """Dask's workers start with SIGINT ignored (so they print nothing); the parent itself ignores
    Ctrl-C while the cluster starts, so the signal is sent once games are being played (the first
    progress line)."""
    args = ["matrix", *DECKS, "--executor", "dask", "--processes", "2", "--games", "100000", "--progress",
            "-o", str(tmp_path / "m")]
    proc = subprocess.Popen([sys.executable, "-m", "analysis.cli", *args], cwd=REPO_ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
    reader.start()
    deadline = time.monotonic() + 90
    while not any(line.startswith("matrix:") for line in lines):
        if proc.poll() is not None or time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"no progress from the Dask matrix: {''.join(lines)[-500:]}")
        time.sleep(0.1)
    workers = _children(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(timeout=60)
    reader.join(timeout=10)
    after = [line for line in lines if not line.startswith("matrix:")]
    assert proc.returncode == 130
    assert after == ["berserk: interrupted\n"]
    assert _gone(workers, within=20) == []
