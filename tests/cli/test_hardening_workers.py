"""Issue 20 #8 (last point): Ctrl-C still ends a parallel run with one line when the command was
started with SIGINT ignored (``nohup … &`` or a background test run passes that on)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from analysis.util.paths import REPO_ROOT, data_dir

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses ps")
DECK = str(data_dir() / "decks" / "tournament-01.txt")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_ctrl_c_works_when_started_with_sigint_ignored():
    proc = subprocess.Popen([sys.executable, "-m", "analysis.cli", "deal", DECK, "--processes", "2",
                             "--trials", "5000000", "--quiet"], cwd=REPO_ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_ignore_sigint)
    deadline = time.monotonic() + 60
    while True:
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(proc.pid)], capture_output=True, text=True)
        if len(out.stdout.split()) >= 2 or proc.poll() is not None or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert err == "berserk: interrupted\n"


def _crash(task):
    os.kill(os.getpid(), signal.SIGKILL)  # as the compiled engine's SIGSEGV on a runaway chain did


def test_a_dead_worker_ends_the_run_with_one_line(monkeypatch, capsys):
    """Issue 20 #5: the run used to hang for ever (multiprocessing.Pool lost the task)."""
    from analysis.cli import main

    monkeypatch.setattr("analysis.matchup.simulate.play_chunk", _crash)
    start = time.monotonic()
    code = main(["matchup", DECK, DECK, "--games", "200", "--processes", "2"])
    err = capsys.readouterr().err
    assert time.monotonic() - start < 60
    assert code == 3 and err.startswith("berserk: error: a worker process died") and err.count("\n") == 1
