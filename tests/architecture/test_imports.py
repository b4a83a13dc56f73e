"""The library's packages import one way: each may use only the packages below it.

Order (lowest first; ``squad`` and ``combat`` stand side by side and never import each other):
util → cards → rules → decks → squad | combat → battle → matchup → fitting → summaries → planning → cli.
Every import counts, also one inside a function: a lazy import upwards is still a cycle in the
design. The dashboard (``app/``) may import anything of the library; the library never imports it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

LIBRARY = Path(__file__).resolve().parents[2] / "analysis"

LEVEL = {"util": 0, "cards": 1, "rules": 2, "decks": 3, "squad": 4, "combat": 4, "battle": 5,
         "matchup": 6, "fitting": 7, "summaries": 8, "planning": 9, "cli": 10}
"""Each top-level part of :mod:`analysis` and its place in the order."""


def _part(path: Path) -> str:
    return path.relative_to(LIBRARY).parts[0].removesuffix(".py")


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every ``analysis`` import in the file, at any depth."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "analysis":
                found += [(node.lineno, f"analysis.{a.name}") for a in node.names]
            elif node.module.startswith("analysis."):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("analysis.")]
    return found


SOURCES = sorted(p for p in LIBRARY.rglob("*.py") if p.name != "__init__.py" or p.parent != LIBRARY)


def test_every_part_of_the_library_has_a_place_in_the_order():
    parts = {_part(p) for p in SOURCES} - {"__init__"}
    assert parts <= set(LEVEL), f"parts without a place in LEVEL: {sorted(parts - set(LEVEL))}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(LIBRARY)))
def test_imports_run_one_way(path: Path):
    source = _part(path)
    wrong = []
    for line, module in _imports(path):
        target = module.split(".")[1]
        if target == source:
            continue
        if target not in LEVEL:
            wrong.append(f"line {line}: {module} is no part of the library")
        elif LEVEL[target] >= LEVEL[source]:
            wrong.append(f"line {line}: {source} may not import {module} ({target} is not below it)")
    assert not wrong, f"{path.relative_to(LIBRARY)}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(LIBRARY)))
def test_the_library_never_imports_the_dashboard(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [m for m in names if m == "streamlit" or m.startswith(("streamlit.", "app.", "i18n", "ui"))]


def test_the_check_sees_an_upward_import(tmp_path: Path):
    """The parser finds a lazy import inside a function (the kind that hid the old cards/abilities cycle)."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from analysis.cards.table import load_cards\n    return load_cards\n")
    assert _imports(probe) == [(2, "analysis.cards.table")]
