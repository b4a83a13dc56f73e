"""What every benchmark script records about the machine it ran on."""

from __future__ import annotations

import importlib
import os
import platform
from pathlib import Path


def machine(*packages: str) -> dict[str, object]:
    """CPU model, core count, Python and platform, plus the versions of ``packages``."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info: dict[str, object] = {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version()}
    for name in packages:
        info[name] = importlib.import_module(name).__version__
    info["platform"] = platform.platform()
    return info


def load() -> float:
    """The 1-minute load average (NaN where the system has none): other work skews timings."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return float("nan")


def load_note(before: float, after: float) -> str:
    """One sentence on how busy the machine was, for the markdown summary."""
    busiest = max(before, after)
    if busiest < 1.5:
        return f"1-minute load {before:.2f} before and {after:.2f} after: nothing else was running."
    return (f"1-minute load {before:.2f} before and {after:.2f} after: other work shared the 2 cores, "
            "so these timings are pessimistic.")
