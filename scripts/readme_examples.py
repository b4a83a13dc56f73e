"""Rerun the console examples of the README and of the documentation site; show (or write) what changed.

    python3 scripts/readme_examples.py               # run every example; a diff per stale one, exit 1
    python3 scripts/readme_examples.py --only tune   # only the blocks with a command containing "tune"
    python3 scripts/readme_examples.py --quick       # leave out the slow blocks (whole matchups, tuning, …)
    python3 scripts/readme_examples.py --list        # the blocks, where they are, and which are slow
    python3 scripts/readme_examples.py --write       # also put the new output into the files

Every ```console block of README.md and of docs/**/*.md is a list of ``$ command`` lines (a trailing
backslash continues one) each followed by what it printed. A block runs in its own scratch folder
whose ``data`` and ``scripts`` are the repository's (so the files its commands write, e.g.
``ковеноглина.nxt``, land there and later commands of the same block find them), with ``berserk``
being this checkout's ``python3 -m analysis.cli`` (never an installed copy of another checkout). A
file that a ``--save-best PATH`` command of another block writes is made first, by that command.

An example matches when its printed lines are exactly what the command prints now. An example
shortened by hand carries ``…``: a line that is only ``…`` stands for any number of lines, a ``…``
inside a line for any text (across lines, too: compact JSON is wrapped by hand), and the other text
must appear in order; JSON output is compared in its compact one-line form. ``--write`` rewrites
such an example in its old shape (the same number of lines shown around each ``…``, taken from where
the new output is most like the old; :func:`reshorten`) and lists it for a hand edit when that shape
no longer fits; one piped into ``head``/``tail``/``grep`` is compared and rewritten exactly. An example
that shows no output (``berserk app``, ``import-cards`` …) only illustrates a command; some of those
serve or rebuild data, so they are never run.

The numbers of the examples change whenever the engine, the facts or the fitted tables do; this
script (and tests/docs/test_readme_examples.py, which runs it) is how they are kept true: run it
after ``scripts/rebuild_reports.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis.util.atomic import write_text_atomic  # noqa: E402

FENCE = re.compile(r"^```console\n(.*?)^```", re.S | re.M)
PROGRESS = re.compile(r"^(.*: \d+% \(|round \d+: \d+%|cache: |\s*\d+%\s)")
ELLIPSIS = "…"
SLOW = re.compile(r"berserk (matchup|matrix|meta|tune|report|ratings)\b|--trials \d{5,}|--simulate \d{6,}")
"""Commands that take more than a few seconds (whole battles, tuning, every creature's rating, long
simulations): their blocks are marked ``slow`` in the tests."""
COMMAND_TIMEOUT = 1800
"""Seconds one command may take before the check gives up on it (the slowest, ``tune``, takes a few
minutes as pure Python)."""


@dataclass
class Example:
    command: str
    expected: list[str]
    start: int = 0
    """Offset of the expected output in its file (after the command's last line)."""
    end: int = 0
    actual: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def shortened(self) -> bool:
        """Shortened by hand (``…``) or piped through a filter (the README's long outputs)."""
        return self.abridged or bool(re.search(r"\|\s*(head|tail|grep)\b", self.command))

    @property
    def abridged(self) -> bool:
        return any(ELLIPSIS in line or line.strip() == "..." for line in self.expected)

    @property
    def same(self) -> bool:
        return matches(self.expected, self.actual)


@dataclass
class Block:
    """One console block: its file (relative to the repository), its place there and its examples."""

    path: str
    line: int
    examples: list[Example]

    @property
    def name(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def run_examples(self) -> list[Example]:
        """The examples that are run: those that show what they print."""
        return [e for e in self.examples if e.expected]

    @property
    def slow(self) -> bool:
        return any(SLOW.search(e.command) for e in self.run_examples)


def examples(text: str) -> list[Example]:
    """The ``$`` commands of every console block with the lines printed under each."""
    return [e for block in blocks(text, "") for e in block.examples]


def blocks(text: str, path: str) -> list[Block]:
    """The console blocks of one file's ``text``, each with its commands and their printed lines."""
    out: list[Block] = []
    for match in FENCE.finditer(text):
        body, base = match.group(1), match.start(1)
        lines = body.splitlines(keepends=True)
        found: list[Example] = []
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
            found.append(Example(command, expected, start, pos))
        out.append(Block(path, text.count("\n", 0, match.start()) + 1, found))
    return out


def documents(root: Path = ROOT) -> list[Path]:
    """The files whose examples are checked: the README and every page of the documentation site."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


def collect(root: Path = ROOT) -> list[Block]:
    """Every console block of :func:`documents`, in file order."""
    found: list[Block] = []
    for path in documents(root):
        found += blocks(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())
    return found


def _pattern(expected: list[str]) -> re.Pattern[str]:
    """A regular expression for a shortened output: ``…`` lines and ``…`` inside lines are wildcards,
    line breaks and other white space match any white space (hand-wrapped JSON)."""
    parts: list[str] = []
    for line in expected:
        if line.strip() in (ELLIPSIS, "..."):
            parts.append(r"[\s\S]*?")
            continue
        pieces = [re.escape(piece.strip()) for piece in line.split(ELLIPSIS)]
        parts.append(r"[\s\S]*?".join(re.sub(r"(\\ )+", r"\\s+", piece) for piece in pieces))
    return re.compile(r"\A\s*" + r"\s*".join(parts) + r"\s*\Z")


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is what ``expected`` shows: the same lines, or for an example shortened
    with ``…`` the shown text in order with anything in place of each ``…``."""
    if not any(ELLIPSIS in line or line.strip() == "..." for line in expected):
        return expected == actual
    text = "\n".join(actual)
    start = next((i for i, line in enumerate(expected) if line.startswith(("{", "["))), None)
    if start is not None and expected[:start] == actual[:start]:
        # JSON is shown compact and abridged; the commands print it indented (after any warning lines
        # on stderr, which are shown as printed)
        with contextlib.suppress(ValueError):
            text = "\n".join([*actual[:start], json.dumps(json.loads("\n".join(actual[start:])),
                                                          ensure_ascii=False)])
    return _pattern(expected).match(text) is not None


class Scratch:
    """A scratch folder for one block: ``data`` and ``scripts`` of the repository, an empty
    ``reports``, and ``berserk`` on PATH running this checkout's library. The planner's games go to
    ``cache`` (the blocks of one run share it, so an example that reports what it played starts from
    a fresh cache and never from the user's)."""

    def __init__(self, cache: Path, root: Path = ROOT) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="readme-examples-")
        self.cwd = Path(self._tmp.name)
        for name in ("data", "scripts"):
            (self.cwd / name).symlink_to(root / name)
        (self.cwd / "reports").mkdir()
        bin_dir = self.cwd / ".bin"
        bin_dir.mkdir()
        shim = bin_dir / "berserk"
        shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m analysis.cli "$@"\n',
                        encoding="utf-8")
        shim.chmod(0o755)
        path = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
        python_path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p)
        self.env = {**os.environ, "COLUMNS": "200", "PATH": path, "PYTHONPATH": python_path,
                    "BERSERK_CACHE": str(cache)}

    def run(self, example: Example) -> None:
        """Run the example's command; its stdout and stderr in the order printed (the examples show
        notes and "wrote …" lines too), less the progress lines of long commands."""
        t0 = time.perf_counter()
        try:
            done = subprocess.run(["bash", "-c", example.command], cwd=self.cwd, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, env=self.env, timeout=COMMAND_TIMEOUT)
            output = done.stdout
        except subprocess.TimeoutExpired:
            output = f"(timed out after {COMMAND_TIMEOUT} s)"
        example.seconds = time.perf_counter() - t0
        example.actual = [line for line in output.rstrip("\n").splitlines() if not PROGRESS.match(line)]

    def close(self) -> None:
        self._tmp.cleanup()

    def __enter__(self) -> Scratch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def providers(every: Iterable[Block]) -> dict[str, Example]:
    """The commands that save a file other blocks read: ``--save-best PATH`` → PATH."""
    found = {}
    for block in every:
        for example in block.examples:
            match = re.search(r"--save-best\s+(\S+)", example.command)
            if match:
                found[match.group(1)] = example
    return found


def in_order(every: Iterable[Block]) -> list[Block]:
    """The blocks with a command that saves a file for others (``--save-best``) first, so that it
    plays on a fresh cache and the blocks that read its file replay it from the cache."""
    return sorted(every, key=lambda b: not any("--save-best" in e.command for e in b.examples))


def run_block(block: Block, made_by: dict[str, Example], cache: Path, root: Path = ROOT) -> list[Example]:
    """Run the block's examples in a fresh scratch folder (first the commands of other blocks that
    make a file it reads) and return those whose printed lines no longer match."""
    with Scratch(cache, root) as scratch:
        own = {e.command for e in block.examples}
        for path, maker in made_by.items():
            if maker.command not in own and any(path in e.command for e in block.run_examples):
                scratch.run(Example(maker.command, []))
        todo = block.run_examples
        # a command that saves a file the others read (tune --save-best) runs first
        todo.sort(key=lambda e: "--save-best" not in e.command)
        for example in todo:
            scratch.run(example)
    return [e for e in todo if not e.same]


def diff(block: Block, example: Example) -> str:
    lines = difflib.unified_diff(example.expected, example.actual, block.name, "now", lineterm="", n=1)
    return f"$ {example.command}\n" + "\n".join(lines)


def _is_gap(line: str) -> bool:
    return line.strip() in (ELLIPSIS, "...")


def reshorten(expected: list[str], actual: list[str]) -> list[str] | None:
    """The new output ``actual`` shortened the way ``expected`` was: each run of shown lines between
    ``…`` lines is replaced by as many new lines from where the new output is most like it (the
    first run from the start, a last run not followed by ``…`` from the end); lines with a ``…``
    inside are kept as written. None when the result does not match ``actual`` (a hand edit)."""
    runs: list[list[str]] = [[]]
    gaps: list[str] = []
    for line in expected:
        if _is_gap(line):
            gaps.append(line)
            runs.append([])
        else:
            runs[-1].append(line)
    out: list[str] = []
    pos = 0
    for i, run in enumerate(runs):
        if i:
            out.append(gaps[i - 1])
        if not run:
            continue
        if i == 0:
            at = 0
        elif i == len(runs) - 1:
            at = max(pos, len(actual) - len(run))
        else:
            def likeness(j: int, first: str = run[0]) -> float:
                return difflib.SequenceMatcher(None, first, actual[j]).ratio()

            options = range(pos, max(pos, len(actual) - len(run)) + 1)
            at = max(options, key=likeness, default=pos)
        new = actual[at:at + len(run)]
        if len(new) < len(run):
            return None
        out += [old if ELLIPSIS in old else line for old, line in zip(run, new, strict=True)]
        pos = at + len(run)
    return out if matches(out, actual) else None


def write(path: Path, changed: list[Example]) -> list[Example]:
    """Put the new output of ``changed`` into ``path``: as printed, or for a shortened example the
    new lines in its old shape (:func:`reshorten`); return the ones left for a hand edit."""
    text = path.read_text(encoding="utf-8")
    manual = []
    for example in sorted(changed, key=lambda e: -e.start):
        lines = example.actual
        if example.abridged and lines:
            lines = reshorten(example.expected, example.actual) or []
        if not lines:
            manual.append(example)
            continue
        new = "".join(line + "\n" for line in lines)
        text = text[:example.start] + new + text[example.end:]
    write_text_atomic(path, text)
    return manual


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", action="append", default=[], help="only blocks with a command containing this")
    p.add_argument("--quick", action="store_true", help="leave out the slow blocks")
    p.add_argument("--list", action="store_true", help="list the blocks and stop")
    p.add_argument("--write", action="store_true", help="write the new outputs into the files")
    args = p.parse_args(argv)
    every = collect()
    made_by = providers(every)
    todo = [b for b in every if b.run_examples
            and (not args.only or any(o in e.command for e in b.examples for o in args.only))
            and not (args.quick and b.slow)]
    if args.list:
        for block in todo:
            print(f"{block.name}  {len(block.run_examples)} example(s){'  slow' if block.slow else ''}")
        return 0
    stale: dict[str, list[Example]] = {}
    cache = tempfile.TemporaryDirectory(prefix="readme-examples-cache-")
    for block in in_order(todo):
        print(f"{block.name} ({len(block.run_examples)} example(s))", file=sys.stderr)
        changed = run_block(block, made_by, Path(cache.name))
        for example in block.run_examples:
            state = "stale" if example in changed else "same"
            print(f"  {state} ({example.seconds:.1f} s): $ {example.command}", file=sys.stderr)
        for example in changed:
            print(diff(block, example))
        if changed:
            stale.setdefault(block.path, []).extend(changed)
    cache.cleanup()
    count = sum(len(v) for v in stale.values())
    left = count
    if args.write:
        left = 0
        for path, changed in stale.items():
            for example in write(ROOT / path, changed):
                print(f"edit by hand (shortened example) in {path}: $ {example.command}", file=sys.stderr)
                left += 1
    written = f"; {count - left} rewritten, {left} left to edit by hand" if args.write else ""
    print(f"{count} stale example(s) in {len(todo)} block(s){written}", file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main())
