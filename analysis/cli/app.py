"""``berserk app``: start the dashboard on this machine, with the right settings from any folder."""

from __future__ import annotations

import argparse
import os
import sys

from analysis.cli.common import bounded_int
from analysis.util.app_launch import (
    DEFAULT_ADDRESS,
    DEFAULT_PORT,
    app_script,
    check_listen,
    is_loopback,
    streamlit_command,
)
from analysis.util.errors import BerserkInputError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "app",
        help="start the dashboard (Streamlit) on this machine",
        description="Start the deck lab dashboard. It listens on 127.0.0.1 only, with usage statistics off "
        "and a 1 MB upload limit, whatever the current folder (the settings are passed to Streamlit "
        "directly). Stop it with Ctrl-C.",
    )
    p.add_argument("--port", type=bounded_int(1, 65_535), default=DEFAULT_PORT, metavar="N",
                   help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--address", default=DEFAULT_ADDRESS, metavar="A",
                   help=f"address to listen on (default {DEFAULT_ADDRESS}: this machine only; another "
                   "address makes the dashboard reachable from other machines)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not app_script().is_file():
        raise BerserkInputError(f"the dashboard is not installed: {app_script()} is missing; install from "
                                "the repository with 'python3 -m pip install -e .'")
    check_listen(args.address, args.port)
    if not is_loopback(args.address):
        print(f"berserk: warning: listening on {args.address} makes the dashboard reachable from other "
              "machines", file=sys.stderr)
    host = f"[{args.address}]" if ":" in args.address else args.address
    print(f"Berserk deck lab: http://{host}:{args.port} (Ctrl-C stops it)", flush=True)
    command = streamlit_command(args.port, args.address)
    os.execv(command[0], command)  # Streamlit takes over this process (and its signals)
    return 0  # not reached
