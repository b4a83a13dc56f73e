"""The ``berserk`` command: argument parsing and output only; the work is done in ``analysis``.

Each sub-command lives in its own module of this package with a ``register(subparsers)``
function that adds its parser and sets ``func``. Exit codes: 0 success, 1 a negative answer
(an illegal deck), 2 an input error (message on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence

from analysis.errors import BerserkInputError

COMMAND_MODULES = ("cards", "abilities", "check", "convert", "import_cards", "recruit", "deal", "matchup",
                   "matrix", "odds", "ratings")
"""Sub-command modules, in help order. Add a module name here to add a command."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="berserk",
        description="Deck, deal, squad and combat analysis for the Berserk trading card game.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"analysis.cli.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BerserkInputError as exc:
        print(f"berserk: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("berserk: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug in the analyzer, not in the input
        if os.environ.get("BERSERK_DEBUG"):
            traceback.print_exc()
        print(
            f"berserk: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in berserk-analyzer; rerun with BERSERK_DEBUG=1 for details.",
            file=sys.stderr,
        )
        return 3


def entry_point() -> None:
    """Console-script entry point."""
    sys.exit(main())
