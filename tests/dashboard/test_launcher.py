"""Issue 13 #4: ``berserk app`` serves the dashboard on 127.0.0.1 only, with usage statistics off
and the upload limit, from any folder; ``.streamlit/config.toml`` holds the same settings."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request

import pytest

from analysis.util.app_launch import SETTINGS, app_script, is_loopback, streamlit_command
from analysis.util.paths import REPO_ROOT


def test_the_config_file_and_the_launcher_agree():
    with (REPO_ROOT / ".streamlit" / "config.toml").open("rb") as handle:
        config = tomllib.load(handle)
    flat = {f"{section}.{key}": value for section, table in config.items() for key, value in table.items()}
    assert flat == SETTINGS


def test_the_command_passes_every_setting():
    command = streamlit_command(8600, "127.0.0.1")
    assert command[:5] == [sys.executable, "-m", "streamlit", "run", str(app_script())]
    assert {"--server.address=127.0.0.1", "--server.port=8600", "--browser.gatherUsageStats=false",
            "--server.maxUploadSize=1", "--server.headless=true"} <= set(command)
    assert app_script().is_file()


@pytest.mark.parametrize(("address", "loopback"),
                         [("127.0.0.1", True), ("localhost", True), ("::1", True), ("0.0.0.0", False),
                          ("192.168.1.5", False), ("example.org", False)])
def test_loopback_addresses(address, loopback):
    assert is_loopback(address) is loopback


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> set[str]:
    """Local addresses (hex, as the kernel writes them) listening on ``port`` over TCP and TCP6."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table, encoding="ascii") as handle:
            for line in handle.readlines()[1:]:
                fields = line.split()
                address, hex_port = fields[1].rsplit(":", 1)
                if int(hex_port, 16) == port and fields[3] == "0A":  # 0A = LISTEN
                    out.add(address)
    return out


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads the kernel's socket table")
def test_berserk_app_listens_on_localhost_only_from_any_folder(tmp_path):
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "analysis.cli", "app", "--port", str(port)], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the dashboard did not start: {proc.communicate(timeout=5)[1][-800:]}")
            time.sleep(0.3)
        assert _listening(port) == {"0100007F"}  # 127.0.0.1, and nothing on 0.0.0.0 or ::
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        out, _ = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}" in out
    assert not any(tmp_path.iterdir())  # nothing written in the folder it was started from
