"""The ``berserk`` command: argument parsing and output only; the work is done in ``analysis``.

Each sub-command lives in its own module of this package with a ``register(subparsers)``
function that adds its parser and sets ``func``. Exit codes: 0 success, 1 a negative answer
(an illegal deck), 2 an input error (message on stderr, never a traceback), 3 a bug in the
analyzer, 130 after Ctrl-C and 143 after SIGTERM (one line on stderr, worker processes stopped).

Imports: any package of the library (it is the top of the import order); the dashboard (``app/``)
sits beside it and neither imports the other.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import traceback
from collections.abc import Sequence

from analysis.util.errors import BerserkInputError
from analysis.util.workers import Terminated, WorkerDied

COMMAND_MODULES = ("cards", "abilities", "check", "convert", "import_cards", "recruit", "deal", "matchup",
                   "matrix", "odds", "ratings", "meta", "tune", "report", "app", "fit_strength")
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


def _interrupted(message: str, status: int) -> int:
    """One line on stderr (after ending a progress bar's line on a terminal), and the status."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + f"berserk: {message}\n")
        sys.stderr.flush()
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 success, 1 a negative answer, 2 an input
    error, 3 a bug, 130 interrupted by Ctrl-C, 143 terminated by SIGTERM)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        return int(args.func(args) or 0)
    except BerserkInputError as exc:
        print(f"berserk: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted("interrupted", 130)
    except Terminated:
        return _interrupted("terminated", 143)
    except BrokenPipeError:
        return 0
    except WorkerDied as exc:
        print(f"berserk: error: {exc}", file=sys.stderr)
        return 3
    except Exception as exc:  # a bug in the analyzer, not in the input
        if os.environ.get("BERSERK_DEBUG"):
            traceback.print_exc()
        print(
            f"berserk: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in berserk-analyzer; rerun with BERSERK_DEBUG=1 for details.",
            file=sys.stderr,
        )
        return 3


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


def entry_point() -> None:
    """Console-script entry point: SIGTERM becomes :class:`~analysis.util.workers.Terminated`, so a
    terminated run stops its worker processes and exits 143 with one line."""
    signal.signal(signal.SIGTERM, _raise_terminated)
    # Ctrl-C is KeyboardInterrupt even when the shell started this process with SIGINT ignored
    # (``nohup … &``, a test run in the background): the workers ignore it, the parent must not.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    status = main()
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    if status in (130, 143):
        # Interrupted or terminated: the workers are stopped and the output flushed; leave now rather
        # than wait at exit for a pool's helper thread the signal may have caught holding a lock.
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
        os._exit(status)
    sys.exit(status)
