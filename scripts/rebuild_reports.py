"""Rebuild every committed figure that depends on the battle engine, in dependency order.

    python3 scripts/rebuild_reports.py                  # the whole chain (about 45 min on 2 cores)
    python3 scripts/rebuild_reports.py --list           # the steps and their commands
    python3 scripts/rebuild_reports.py --only ratings,matrix
    python3 scripts/rebuild_reports.py --from strength-report

Why a chain: the card strengths (``data/strength/*.csv``) are fitted on battles, so any change to
the engine, the players or the ability facts makes them stale; the strength report, the matchup
matrix (recruited by strength), the searching player's benchmark and the seat effect are measured
on top of them. Each step is the documented command of its report (docs/benchmarks), run as a
separate process from the repository root; the chain stops at the first step that fails. The first
two steps (the ability facts' coverage and the keyword audit in ``data/README.md``) depend on the
facts only and take seconds. Nothing here runs
during the tests: reports are rebuilt on request.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable


@dataclass(frozen=True)
class Step:
    """One report: its name, what it writes and the command that writes it."""

    name: str
    writes: str
    command: tuple[str, ...]
    env: tuple[tuple[str, str], ...] = ()


def _cli(*args: str) -> tuple[str, ...]:
    return (PY, "-m", "analysis.cli", *args)


def _script(name: str, *args: str) -> tuple[str, ...]:
    return (PY, str(Path("scripts") / name), *args)


STEPS: tuple[Step, ...] = (
    Step("coverage", "reports/coverage.md", _cli("abilities", "--coverage", "--out", "reports/coverage.md")),
    Step("keywords-readme", "data/README.md (keyword audit)", _script("keywords_readme.py")),
    Step("ratings", "reports/card_ratings.csv", _cli("ratings", "-o", "reports/card_ratings.csv", "--quiet")),
    Step(
        "strength-relaunch",
        "data/strength/relaunch.csv + .json",
        _cli("fit-strength", "--rules", "relaunch", "--battles", "100000", "--seed", "1", "--processes", "2"),
    ),
    Step(
        "strength-realms",
        "data/strength/realms.csv + .json",
        _cli("fit-strength", "--rules", "realms", "--battles", "50000", "--seed", "1", "--processes", "2"),
    ),
    Step(
        "strength-report",
        "reports/strength.md, strength_validation.json, strength_vs_*.svg",
        _script("strength_report.py", "--games", "1000", "--seed", "1"),
    ),
    Step("matrix", "reports/bench_battle.*, reports/matchup_matrix.*", _script("bench_battle.py")),
    Step(
        "search",
        "reports/bench_search.*",
        _script(
            "bench_search.py",
            "--search",
            "search",
            "--squad-games",
            "1000",
            "--deck-games",
            "1000",
            "--seed",
            "10000",
        ),
    ),
    Step(
        "search-4",
        "reports/bench_search_4.*",
        _script(
            "bench_search.py",
            "--search",
            "search:4",
            "--squad-games",
            "1000",
            "--deck-games",
            "1000",
            "--seed",
            "10000",
            "--out",
            "reports/bench_search_4",
        ),
    ),
    Step(
        "seat-effect",
        "reports/seat_effect.*",
        _script("seat_effect.py", "--games", "2000", "--search-games", "400", "--same-tiers-games", "2000",
                "--seed", "1"),
    ),
    Step("matrix-search-estimate", "reports/matrix_search_estimate.*", _script("matrix_search_estimate.py")),
    Step("recruit", "reports/bench_recruit.*", _script("bench_recruit.py")),
    Step("tune", "reports/bench_tune.*", _script("bench_tune.py")),
    Step(
        "screenshots",
        "reports/screenshots/*.png (needs chromium)",
        (PY, "-m", "pytest", "-q", "tests/dashboard/test_browser_e2e.py"),
        env=(("BERSERK_SCREENSHOTS", "1"),),
    ),
)


def select(steps: tuple[Step, ...], only: str | None, start: str | None) -> list[Step]:
    """The steps to run: ``only`` (comma-separated names) or every step from ``start`` on."""
    names = [s.name for s in steps]
    for wanted in [n for n in (only or "").split(",") if n] + ([start] if start else []):
        if wanted not in names:
            raise SystemExit(f"rebuild_reports: unknown step {wanted!r}; the steps are {', '.join(names)}")
    if only:
        keep = set(only.split(","))
        return [s for s in steps if s.name in keep]
    if start:
        return list(steps[names.index(start) :])
    return list(steps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the steps and exit")
    parser.add_argument("--only", metavar="A,B", help="run only these steps")
    parser.add_argument("--from", dest="start", metavar="STEP", help="run this step and every later one")
    args = parser.parse_args(argv)
    steps = select(STEPS, args.only, args.start)
    if args.list:
        for s in steps:
            print(f"{s.name:24} -> {s.writes}\n    {' '.join(s.command)}")
        return 0
    total = time.monotonic()
    for i, s in enumerate(steps, 1):
        print(f"[{i}/{len(steps)}] {s.name}: {' '.join(s.command)}", flush=True)
        t0 = time.monotonic()
        done = subprocess.run(s.command, cwd=ROOT, env={**os.environ, **dict(s.env)})
        took = time.monotonic() - t0
        if done.returncode != 0:
            print(
                f"[{i}/{len(steps)}] {s.name} failed (exit {done.returncode}) after {took:.0f} s;"
                " later steps not run",
                file=sys.stderr,
            )
            return done.returncode
        print(f"[{i}/{len(steps)}] {s.name} done in {took:.0f} s -> {s.writes}", flush=True)
    print(f"all {len(steps)} steps done in {time.monotonic() - total:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
