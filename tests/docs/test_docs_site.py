"""The documentation site builds with ``mkdocs build --strict``, which fails on a broken link, a bad
anchor or an API reference that does not resolve (mkdocs.yml). Skipped without the docs extra."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_ci_builds_the_site_strictly_and_never_quietly():
    """``mkdocs build --strict --quiet`` passes with a broken link (the warnings are dropped before
    strict mode counts them), so CI must build without ``--quiet``/``-q``."""
    lines = [line for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
             if "mkdocs build" in line and not line.lstrip().startswith("#")]
    assert lines, ".ci/run does not build the documentation site"
    for line in lines:
        assert "--strict" in line, line
        assert not re.search(r"\s(--quiet|-q)\b", line), line


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "reference" / "cli.html").exists()
