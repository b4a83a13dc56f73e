"""The console examples of the README and of the documentation site print what the commands print now.

scripts/readme_examples.py reads every ```console block of README.md and docs/**/*.md as commands
with their output; the tests below check how it reads and compares them, and then rerun every
block with this checkout's code (issue 21: the Deals example showed 19.386/19.539/19.799 while the
page computed 19.062/19.190/19.405, and nothing noticed, because the old test only parsed a sample
text, the script exited 0 whatever it found, it ran the installed ``berserk`` of another checkout,
and that example sat in a plain code block with no command, so no check could rerun it). Blocks of
whole matchups, matrices, tuning and long simulations are marked ``slow`` and left out of the
default run (pyproject.toml: ``-m "not slow"``); ``python3 -m pytest -m slow tests/docs`` runs them.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "readme_examples.py"
spec = importlib.util.spec_from_file_location("readme_examples", SCRIPT)
readme_examples = importlib.util.module_from_spec(spec)
sys.modules["readme_examples"] = readme_examples  # (its dataclasses look their module up)
spec.loader.exec_module(readme_examples)

TEXT = """Intro.

```console
$ berserk check a.txt
a.txt: deck (30 cards) is LEGAL
$ berserk recruit A B \\
    C D --top 1
Best squad = 3
```

```python
$ not a console block
```

```console
$ berserk odds X Y | tail -1
P = 0.5
$ berserk abilities Z --json
{"card": "Z", …}
$ berserk app
```
"""


def test_commands_and_their_printed_lines_are_read_from_console_blocks_only():
    found = readme_examples.examples(TEXT)
    assert [e.command for e in found] == [
        "berserk check a.txt", "berserk recruit A B  C D --top 1", "berserk odds X Y | tail -1",
        "berserk abilities Z --json", "berserk app"]
    assert [e.expected for e in found] == [
        ["a.txt: deck (30 cards) is LEGAL"], ["Best squad = 3"], ["P = 0.5"], ['{"card": "Z", …}'], []]
    # the offsets cut out exactly the printed lines, so a rewrite touches nothing else
    first = found[0]
    assert TEXT[first.start:first.end] == "a.txt: deck (30 cards) is LEGAL\n"
    blocks = readme_examples.blocks(TEXT, "X.md")
    counts = [(b.name, len(b.examples), len(b.run_examples)) for b in blocks]
    assert counts == [("X.md:3", 2, 2), ("X.md:15", 3, 2)]


def test_shortened_outputs_are_never_rewritten():
    found = readme_examples.examples(TEXT)
    assert [e.shortened for e in found] == [False, False, True, True, False]


def test_progress_lines_are_not_part_of_the_output():
    progress = readme_examples.PROGRESS
    assert progress.match("round 2: 41% (1,600/3,900)")
    assert progress.match("battles: 10% (10,000/100,000)")
    assert progress.match("cache: /root/.cache/berserk-analyzer (6 entries read, 15 computed)")
    assert not progress.match("Baseline expected score 0.249 (95 % CI 0.239-0.259, 3,200 games)")


def test_a_changed_figure_is_stale_and_an_ellipsis_stands_only_for_what_was_left_out():
    matches = readme_examples.matches
    # issue 21: the same table with other numbers is not the same example
    assert not matches(["never 19.386 19.361"], ["never 19.062 19.041"])
    assert matches(["never 19.062 19.041"], ["never 19.062 19.041"])
    assert not matches(["a", "b"], ["a", "b", "c"])  # a complete output must be complete
    # a "…" line: any number of lines, the shown ones in order, the start anchored
    assert matches(["head", "…"], ["head", "x", "y"])
    assert matches(["head", "…", "tail"], ["head", "tail"])
    assert not matches(["head", "…"], ["other", "head"])
    assert not matches(["head 1.5", "…"], ["head 1.6", "x"])
    # "…" inside a line; JSON compared in its compact form, wrapped by hand
    indented = ['{', '  "card": "Z",', '  "abilities": [', '    1,', '    2', '  ],', '  "x": 0.5', '}']
    assert matches(['{"card": "Z", "abilities": [1, …],', ' "x": 0.5}'], indented)
    assert not matches(['{"card": "Z", "abilities": [1, …],', ' "x": 0.6}'], indented)
    assert not matches(['{"card": "Y", …}'], indented)
    # a warning line on stderr before the JSON is shown as printed, the JSON still compact
    warned = ["berserk: warning: not legal", *indented]
    assert matches(["berserk: warning: not legal", '{"card": "Z", …, "x": 0.5}'], warned)
    assert not matches(["berserk: warning: other", '{"card": "Z", …, "x": 0.5}'], warned)


def test_a_stale_example_is_reported_and_rewritten(tmp_path):
    for name in ("data", "scripts"):
        (tmp_path / name).mkdir()
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    before = "Text.\n\n```console\n$ echo 1; echo 2\n1\n3\n$ echo same\nsame\n```\nEnd.\n"
    page.write_text(before, encoding="utf-8")
    (tmp_path / "README.md").write_text("No examples.\n", encoding="utf-8")
    (block,) = readme_examples.collect(tmp_path)
    assert block.name == "docs/page.md:3"
    stale = readme_examples.run_block(block, {}, tmp_path / "cache", tmp_path)
    assert [e.command for e in stale] == ["echo 1; echo 2"] and stale[0].actual == ["1", "2"]
    assert readme_examples.write(page, stale) == []
    assert page.read_text(encoding="utf-8") == before.replace("1\n3\n", "1\n2\n")


def test_examples_run_this_checkouts_berserk(tmp_path):
    """The scratch folder's ``berserk`` is this checkout's library, whatever is installed."""
    with readme_examples.Scratch(tmp_path / "cache") as scratch:
        example = readme_examples.Example(
            "berserk --help > /dev/null && python3 -c 'import analysis; print(analysis.__file__)'", ["?"])
        scratch.run(example)
    assert example.actual == [str(ROOT / "analysis" / "__init__.py")]


BLOCKS = readme_examples.in_order(readme_examples.collect())
MADE_BY = readme_examples.providers(BLOCKS)


def test_every_printed_example_is_in_a_console_block():
    """An output shown under a ``$`` command in another kind of block would never be rerun."""
    hidden = []
    for path in readme_examples.documents():
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
            if match.group(1) != "console" and re.search(r"^\$ ", match.group(2), re.M):
                hidden.append(f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}")
    assert not hidden, f"command examples outside ```console blocks: {hidden}"


def test_the_readme_and_the_site_have_examples_to_check():
    paths = {b.path for b in BLOCKS if b.run_examples}
    assert "README.md" in paths and "docs/guide/pages/deals.md" in paths
    assert len(paths) >= 8


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """One fresh planner cache for the module's blocks (the tuning example reports what it played)."""
    return tmp_path_factory.mktemp("examples-cache")


@pytest.mark.parametrize("block", [pytest.param(b, id=b.name, marks=[pytest.mark.slow] if b.slow else [])
                                   for b in BLOCKS if b.run_examples])
def test_example_prints_what_the_command_prints_now(block, cache):
    stale = readme_examples.run_block(block, MADE_BY, cache)
    assert not stale, ("stale example(s); rerun `python3 scripts/readme_examples.py --write`:\n"
                       + "\n".join(readme_examples.diff(block, e) for e in stale))


def test_a_shortened_example_is_rewritten_in_its_old_shape():
    """``--write`` keeps a hand-shortened example's shape: as many lines around each ``…`` as before,
    the runs after a ``…`` taken from where the new output is most like the old one."""
    old = ["rank  swap", "   1  −3 A +3 B  +34.0 pp", "   …", "37,200 games, 4 round(s)", "…"]
    new = ["rank  swap", "   1  −2 C +2 B  +30.9 pp", "   2  −3 A +3 B  +30.1 pp",
           "36,200 games, 4 round(s)", "unsure = …", "  B: full"]
    assert readme_examples.reshorten(old, new) == [
        "rank  swap", "   1  −2 C +2 B  +30.9 pp", "   …", "36,200 games, 4 round(s)", "…"]
    # a last run not followed by "…" is the end of the output
    assert readme_examples.reshorten(["head", "…", "total 5"], ["head", "x", "total 6"]) == [
        "head", "…", "total 6"]
    # a shape the new output no longer fills is left for a hand edit
    assert readme_examples.reshorten(["a", "b", "c", "…"], ["a", "b"]) is None
