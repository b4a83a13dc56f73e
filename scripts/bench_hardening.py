"""Benchmark of the hostile inputs of issue 13: each reproduction must end in a clear message (exit 2)
or the right answer within a second or two, with bounded memory.

    python3 scripts/bench_hardening.py             # writes reports/bench_hardening.json and .md
    python3 scripts/bench_hardening.py --repeats 1 # a quicker run

Every case runs the real command line in a fresh process (``python3 -m analysis.cli …``), as a user
would, ``--repeats`` times, the cases taking turns; the summary gives the median wall time, the
exit status, the peak memory of the process (``wait4``'s maximum resident set size) and its error
message.
A plain ``berserk check`` of a sample deck is measured too: most of every figure is the start-up
that any command pays (importing NumPy, pandas, SciPy and loading the card table).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import load, load_note, machine  # noqa: E402

from analysis.util.atomic import write_text_atomic  # noqa: E402

DECK = str(ROOT / "data" / "decks" / "tournament-01.txt")


def make_inputs(folder: Path) -> None:
    """The crafted files of the issue's reproductions."""
    (folder / "s.txt").write_text("1 a" + " " * 4000 + "b\n", encoding="utf-8")
    (folder / "s20k.txt").write_text("1 a" + " " * 20_000 + "b\n", encoding="utf-8")
    with (ROOT / "data" / "cards.csv").open(encoding="utf-8") as handle:
        ids = [row["id"] for row in csv.DictReader(handle)]
    (folder / "big.brsd").write_text("#big\n" + "".join(f"999 {i}\n" for i in ids), encoding="utf-8")
    (folder / "unknown.txt").write_text("".join(f"1 zz{i}\n" for i in range(22_000)), encoding="utf-8")
    (folder / "nested.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    os.mkfifo(folder / "fifo.txt")


CASES = [
    ("baseline: check a sample deck", ["check", DECK]),
    ("#1 deck line '1 a' + 4,000 spaces + 'b'", ["check", "{d}/s.txt"]),
    ("#1 deck line of 20 kB", ["check", "{d}/s20k.txt"]),
    ("#2 1,308,690-card .brsd: check", ["check", "{d}/big.brsd"]),
    ("#2 1,308,690-card .brsd: deal", ["deal", "{d}/big.brsd", "--quiet"]),
    ("#2 1,308,690-card .brsd: matchup", ["matchup", "{d}/big.brsd", DECK]),
    ("#5 --processes 100000", ["deal", DECK, "--processes", "100000"]),
    ("#6 deck JSON nested 100,000 deep", ["check", "{d}/nested.json"]),
    ("#6 /dev/zero as a deck", ["check", "/dev/zero"]),
    ("#7 FIFO as a deck", ["check", "{d}/fifo.txt"]),
    ("#9 22,000 unknown names", ["check", "{d}/unknown.txt"]),
    ("#10 --estimate-trials 10^12",
     ["deal", DECK, "--policy", "optimal", "--estimate-trials", "1000000000000"]),
    ("#10 odds --simulate 10^12", ["odds", "Гуль", "Бес", "--simulate", "1000000000000"]),
]


def run_once(args: list[str]) -> tuple[float, int, int, str]:
    """(wall seconds, exit status, peak resident memory in MB, first line of stderr)."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "analysis.cli", *args], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        lines = err.read().decode("utf-8", "replace").strip().splitlines()
    return elapsed, proc.returncode, usage.ru_maxrss // 1024, _message(lines)


def _message(lines: list[str]) -> str:
    """The error line of stderr, with the first problem when the error lists several."""
    for i, line in enumerate(lines):
        if "error:" in line:
            detail = f" {lines[i + 1].strip()}" if line.endswith(":") and i + 1 < len(lines) else ""
            return (line + detail)[:160]
    return (lines[0] if lines else "")[:160]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "reports" / "bench_hardening"))
    args = parser.parse_args()
    load_before = load()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_inputs(folder)
        argvs = [[a.replace("{d}", str(folder)) for a in case] for _, case in CASES]
        by_case: list[list[tuple[float, int, int, str]]] = [[] for _ in CASES]
        for _ in range(args.repeats):  # round robin: a busy spell slows every case alike
            for i, argv in enumerate(argvs):
                by_case[i].append(run_once(argv))
        for (label, _), argv, runs in zip(CASES, argvs, by_case, strict=True):
            rows.append({
                "case": label,
                "command": "berserk " + " ".join(a.replace(str(folder), "…").replace(str(ROOT) + "/", "")
                                                 for a in argv),
                "median_s": round(statistics.median(r[0] for r in runs), 3),
                "runs_s": [round(r[0], 3) for r in runs],
                "exit": sorted({r[1] for r in runs}),
                "peak_mb": max(r[2] for r in runs),
                "message": runs[0][3].replace(str(folder), "…"),
            })
            print(f"{label}: {rows[-1]['median_s']:.2f} s, exit {rows[-1]['exit']}, {rows[-1]['peak_mb']} MB",
                  file=sys.stderr)
    report = {"machine": machine("numpy", "pandas"), "load_before": load_before, "load_after": load(),
              "repeats": args.repeats, "cases": rows}
    out = Path(args.out)
    write_text_atomic(out.with_suffix(".json"), json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    write_text_atomic(out.with_suffix(".md"), markdown(report))


def markdown(report: dict) -> str:
    m = report["machine"]
    lines = [
        "# Hostile inputs (issue 13)",
        "",
        "`python3 scripts/bench_hardening.py`: each case is the real command in a fresh process, median "
        f"of {report['repeats']} runs (wall time, Python start-up and card table included); *beyond the "
        "baseline* is that median minus the plain check's. "
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}. "
        + load_note(report["load_before"], report["load_after"]),
        "",
        "| case | median | beyond the baseline | exit | peak memory | message |",
        "|---|---:|---:|---:|---:|---|",
    ]
    base = report["cases"][0]["median_s"]
    for r in report["cases"]:
        message = r["message"].replace("|", "\\|")
        lines.append(f"| {r['case']} | {r['median_s']:.2f} s | {r['median_s'] - base:+.2f} s | "
                     f"{', '.join(map(str, r['exit']))} | {r['peak_mb']} MB | {message} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
