"""scripts/readme_examples.py: the README's console examples are read as commands with their output,
and only complete outputs are ever rewritten."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "readme_examples.py"
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


def test_shortened_outputs_are_never_rewritten():
    found = readme_examples.examples(TEXT)
    assert [e.shortened for e in found] == [False, False, True, True, False]


def test_progress_lines_are_not_part_of_the_output():
    progress = readme_examples.PROGRESS
    assert progress.match("round 2: 41% (1,600/3,900)")
    assert progress.match("battles: 10% (10,000/100,000)")
    assert progress.match("cache: /root/.cache/berserk-analyzer (6 entries read, 15 computed)")
    assert not progress.match("Baseline expected score 0.249 (95 % CI 0.239-0.259, 3,200 games)")
