"""MkDocs hooks (mkdocs.yml ``hooks:``): pages made from the repository at build time, offline.

- ``reference/cli.md``: every command's ``--help``, from the real parser (``analysis.cli.build_parser``),
  so the options the site lists are always the ones the command takes;
- ``reference/data.md`` and ``reference/sample-decks.md``: ``data/README.md`` and
  ``data/decks/README.md`` as they are (they stay beside the data they describe);
- ``benchmarks/reports/*.md``: the generated reports of ``reports/`` with their figures;
- ``screenshots/*.png``: the dashboard screenshots of ``reports/screenshots/``.

Nothing is fetched from the network; nothing is written into the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
HELP_WIDTH = "100"


def cli_reference() -> str:
    """Markdown with ``berserk --help`` and each command's ``--help``, in the parser's order."""
    sys.path.insert(0, str(ROOT))
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH  # argparse wraps to the terminal; fix it so the page is stable
    try:
        from analysis.cli import build_parser

        parser = build_parser()
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parts = [
            "# Command-line options\n",
            "Generated at build time from the parser itself (`python3 -m analysis.cli COMMAND --help`"
            " prints the same), so it cannot go stale. What the commands are for, with examples: the"
            " [player's guide](../guide/commands.md); exit codes and conventions shared by every"
            " command: [Commands](../guide/commands.md#conventions).\n",
            "## berserk\n", "```text\n" + parser.format_help() + "```\n",
        ]
        for name, command in sub.choices.items():
            parts += [f"## berserk {name}\n", "```text\n" + command.format_help() + "```\n"]
        return "\n".join(parts)
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


def _generated(config, uri: str, content: str) -> File:
    return File.generated(config, uri, content=content)


def _copied(config, source: Path, uri: str) -> File:
    return File.generated(config, uri, abs_src_path=str(source))


def on_files(files: Files, config) -> Files:
    files.append(_generated(config, "reference/cli.md", cli_reference()))
    copies = (("reference/data.md", "data/README.md"), ("reference/sample-decks.md", "data/decks/README.md"))
    for uri, source in copies:
        files.append(_generated(config, uri, (ROOT / source).read_text(encoding="utf-8")))
    reports = ROOT / "reports"
    for path in sorted(reports.glob("*.md")) + sorted(reports.glob("*.svg")):
        files.append(_copied(config, path, f"benchmarks/reports/{path.name}"))
    for path in sorted((reports / "screenshots").glob("*.png")):
        files.append(_copied(config, path, f"screenshots/{path.name}"))
    return files
