"""Rerun the README's console examples and show (or write) what they print now.

    python3 scripts/readme_examples.py               # run every example, print a diff per changed one
    python3 scripts/readme_examples.py --only tune   # only the commands containing "tune"
    python3 scripts/readme_examples.py --write       # also put the new output into README.md

Every ```console block of README.md is a list of ``$ command`` lines (a trailing backslash continues
one) each followed by what it printed. The commands run in a scratch folder whose ``data`` is the
repository's (so the files they write, e.g. ``ковеноглина-tuned.nxt``, land there and later
commands of the same block find them), with the installed ``berserk``. An example whose printed
text was shortened by hand (a ``…`` in it, e.g. compact JSON, or a command piped into
``head``/``tail``/``grep``) is compared line by line but never rewritten: ``--write`` lists
it for a manual edit.
The numbers of the README change whenever the engine, the facts or the fitted tables do; this
script is how they are kept true (run it after ``scripts/rebuild_reports.py``).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis.util.atomic import write_text_atomic  # noqa: E402

FENCE = re.compile(r"^```console\n(.*?)^```", re.S | re.M)
PROGRESS = re.compile(r"^(.*: \d+% \(|round \d+: \d+%|cache: |\s*\d+%\s)")


@dataclass
class Example:
    command: str
    expected: list[str]
    start: int = 0
    """Offset of the expected output in README.md (after the command's last line)."""
    end: int = 0
    actual: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def shortened(self) -> bool:
        return any("…" in line or line.strip() == "..." for line in self.expected) \
            or bool(re.search(r"\|\s*(head|tail|grep)\b", self.command))


def examples(text: str) -> list[Example]:
    """The ``$`` commands of every console block with the lines printed under each."""
    out: list[Example] = []
    for block in FENCE.finditer(text):
        body, base = block.group(1), block.start(1)
        lines = body.splitlines(keepends=True)
        pos = base
        i = 0
        while i < len(lines):
            line = lines[i]
            if not line.startswith("$ "):
                pos += len(line)
                i += 1
                continue
            command = line[2:].rstrip("\n")
            pos += len(line)
            i += 1
            while command.endswith("\\") and i < len(lines):
                command = command[:-1] + " " + lines[i].strip()
                pos += len(lines[i])
                i += 1
            start = pos
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                expected.append(lines[i].rstrip("\n"))
                pos += len(lines[i])
                i += 1
            out.append(Example(command, expected, start, pos))
    return out


def run(example: Example, cwd: Path) -> None:
    t0 = time.perf_counter()
    done = subprocess.run(["bash", "-c", example.command], cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, env={**os.environ, "COLUMNS": "200"})
    example.seconds = time.perf_counter() - t0
    # stdout and stderr in the order printed (the README shows notes and "wrote …" lines too), less
    # the progress lines of long commands
    lines = [line for line in done.stdout.rstrip("\n").splitlines() if not PROGRESS.match(line)]
    example.actual = lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", action="append", default=[], help="run only commands containing this text")
    p.add_argument("--write", action="store_true", help="write the new outputs into README.md")
    args = p.parse_args(argv)
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    # An example that shows no output (``berserk app``, ``import-cards``, ``fit-strength`` …) only
    # illustrates a command; some of those serve or rebuild data, so they are never run here.
    todo = [e for e in examples(text) if e.expected
            and (not args.only or any(o in e.command for o in args.only))]
    # a command that saves a file others read (tune --save-best) runs first
    todo.sort(key=lambda e: "--save-best" not in e.command)
    manual = []
    with tempfile.TemporaryDirectory(prefix="readme-examples-") as tmp:
        cwd = Path(tmp)
        (cwd / "data").symlink_to(ROOT / "data")
        (cwd / "reports").mkdir()
        for example in todo:
            print(f"$ {example.command}", file=sys.stderr)
            run(example, cwd)
            if example.actual == example.expected:
                print(f"  same ({example.seconds:.1f} s)", file=sys.stderr)
                continue
            diff = difflib.unified_diff(example.expected, example.actual, "README", "now", lineterm="", n=1)
            print("\n".join(diff))
            if example.shortened:
                manual.append(example)
    if args.write:
        for example in sorted(todo, key=lambda e: -e.start):
            if example.actual != example.expected and not example.shortened and example.actual:
                new = "".join(line + "\n" for line in example.actual)
                text = text[:example.start] + new + text[example.end:]
        write_text_atomic(readme, text)
        for example in manual:
            print(f"edit by hand (shortened example): $ {example.command}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
