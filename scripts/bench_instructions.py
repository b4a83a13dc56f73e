"""Instructions per battle, counted by valgrind's callgrind: a speed figure other load cannot skew.

    python3 scripts/bench_instructions.py                       # this checkout → reports/bench_instructions.*
    python3 scripts/bench_instructions.py --against /path/to/other/checkout   # both, side by side

Wall-clock and CPU timings on a shared 2-core machine move by a tenth or more between runs;
callgrind counts the instructions the process executes, which repeat to a few parts in a thousand
for the same binary and inputs, whatever else runs. The count per battle is the difference of two
runs of the same process, one playing ``--battles`` battles more than the other (start-up, imports
and a warm-up of 50 battles cancel out): heuristic against heuristic, the squads of
``scripts/bench_battle.py`` (the first 12 distinct names of each sample deck, deck i against deck
i+1). ``--against`` measures another checkout of the project (e.g. ``git worktree add /tmp/old
COMMIT`` and ``python3 setup.py build_ext --inplace`` there for its compiled engine) with the same
battles, so a refactoring can show it costs nothing. Needs ``valgrind`` (Debian package).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchlib import machine  # noqa: E402

from analysis.util.atomic import write_text_atomic  # noqa: E402

_PLAYER = r'''
import sys
root, battles = sys.argv[1], int(sys.argv[2])
sys.path[:0] = [root, root + "/scripts"]
import analysis.battle as B
from bench_battle import squads_12
try:
    from analysis.cards.table import load_cards
    from analysis.decks.deck import read_deck, sample_deck_paths
except ImportError:  # a checkout from before the concept packages
    from analysis.cards import load_cards
    from analysis.decks import read_deck, sample_deck_paths
squads = squads_12([read_deck(p, load_cards()) for p in sample_deck_paths()])
pairs = [(squads[i], squads[(i + 1) % len(squads)]) for i in range(len(squads))]
def play(count, first_seed):
    for i in range(count):
        a, b = pairs[i % len(pairs)]
        B.play_battle((a, b), (B.HeuristicPlayer(), B.HeuristicPlayer()), seed=first_seed + i)
play(50, 10**6)
play(battles, 0)
print("compiled" if B.COMPILED else "pure")
'''


def _collected(root: Path, battles: int, workdir: Path) -> tuple[int, str]:
    """Instructions callgrind collected for a run with ``battles`` battles after the warm-up."""
    script = workdir / "play.py"
    script.write_text(_PLAYER, encoding="utf-8")
    out = workdir / f"callgrind.{battles}"
    proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                           str(script), str(root), str(battles)], capture_output=True, text=True, cwd=workdir)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode != 0 or not found:
        raise SystemExit(f"callgrind run failed for {root} ({battles} battles):\n{proc.stderr[-2000:]}")
    return int(found.group(1)), proc.stdout.strip()


def per_battle(root: Path, battles: int) -> dict[str, object]:
    """Instructions per battle of the checkout at ``root`` (and whether its engine ran compiled)."""
    with tempfile.TemporaryDirectory() as tmp:
        base, _ = _collected(root, 0, Path(tmp))
        total, mode = _collected(root, battles, Path(tmp))
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    return {"checkout": str(root), "commit": commit, "engine": mode, "battles": battles,
            "instructions_per_battle": round((total - base) / battles)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=100, help="battles counted (default 100)")
    parser.add_argument("--against", type=Path, help="another checkout of the project to measure too")
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "bench_instructions")
    args = parser.parse_args(argv)
    if not 1 <= args.battles <= 10_000:
        parser.error("--battles must be between 1 and 10000")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    runs = []
    for root in [ROOT, *([args.against.resolve()] if args.against else [])]:
        print(f"counting {args.battles} battles in {root} …", file=sys.stderr, flush=True)
        runs.append(per_battle(root, args.battles))
    report = {"machine": machine(), "runs": runs}
    write_text_atomic(args.out.with_suffix(".json"), json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    lines = ["# Instructions per battle (callgrind)", "",
             f"Command: `python3 scripts/bench_instructions.py --battles {args.battles}"
             + (" --against OTHER" if args.against else "") + "`. "
             f"Machine: {report['machine']['cpu']}, {report['machine']['cores']} cores, "
             f"Python {report['machine']['python']}.", "",
             "| checkout | commit | engine | battles | instructions per battle |", "|---|---|---|---|---|"]
    lines += [f"| {Path(str(r['checkout'])).name} | {r.get('commit', '')} | {r['engine']} | {r['battles']} | "
              f"{int(r['instructions_per_battle']):,} |" for r in runs]
    if len(runs) == 2:
        a, b = (int(r["instructions_per_battle"]) for r in runs)
        lines += ["", f"This checkout needs {a / b:.3f}× the instructions of the other one per battle."]
    write_text_atomic(args.out.with_suffix(".md"), "\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
