"""How the dashboard is started: the Streamlit server settings it needs, whatever the folder.

Streamlit reads ``.streamlit/config.toml`` from the current folder only, so ``streamlit run`` from
another folder would listen on every interface, with usage statistics on and a 200 MB upload
limit. ``berserk app`` passes every setting below on Streamlit's command line instead, which wins
over any config file; ``.streamlit/config.toml`` holds the same values (a test keeps the two
equal) so that ``streamlit run app/main.py`` from the repository root behaves the same.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
import sys
from pathlib import Path

from analysis.util.errors import BerserkInputError
from analysis.util.paths import REPO_ROOT

DEFAULT_ADDRESS = "127.0.0.1"
DEFAULT_PORT = 8501
SETTINGS: dict[str, object] = {
    "server.address": DEFAULT_ADDRESS,  # this machine only
    "server.headless": True,
    "server.maxUploadSize": 1,  # MB; deck files are at most 256 kB (analysis.decks.deck.MAX_DECK_BYTES)
    "browser.gatherUsageStats": False,
    "client.showSidebarNavigation": False,  # every page draws the same menu (app/ui.py)
    "client.toolbarMode": "minimal",  # a player's tool: no Deploy button
    "theme.primaryColor": "#b8322a",
}
"""Streamlit options, as ``section.key`` → value."""


def app_script() -> Path:
    """The dashboard's entry script, found from the package, not from the current folder."""
    return REPO_ROOT / "app" / "main.py"


def _flag_value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def streamlit_command(port: int = DEFAULT_PORT, address: str = DEFAULT_ADDRESS) -> list[str]:
    """The command line that runs the dashboard with :data:`SETTINGS` (address and port given)."""
    settings = {**SETTINGS, "server.address": address, "server.port": port}
    flags = [f"--{key}={_flag_value(value)}" for key, value in settings.items()]
    return [sys.executable, "-m", "streamlit", "run", str(app_script()), *flags]


def is_loopback(address: str) -> bool:
    """Whether ``address`` is this machine only (``localhost``, 127.x.x.x, ``::1``)."""
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def check_listen(address: str, port: int) -> None:
    """An input error, before Streamlit starts, when the dashboard could not listen on ``address``
    and ``port``: a host name that does not resolve, an address of another machine, a port another
    program holds (Streamlit would print a traceback or exit 1 without saying why)."""
    try:
        infos = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) and exc.strerror else exc
        raise BerserkInputError(f"--address {address!r} is not an address or a host name that resolves "
                                f"({reason}); use e.g. 127.0.0.1 (this machine only)") from None
    family, kind, proto, _, where = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself does
        try:
            probe.bind(where)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise BerserkInputError(f"port {port} on {address} is in use by another program; stop it or "
                                        "choose another port with --port N") from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise BerserkInputError(f"--address {address!r} is not an address of this machine; use "
                                        "127.0.0.1 (this machine only) or one of its own addresses") from None
            if exc.errno == errno.EACCES:
                raise BerserkInputError(f"port {port} needs administrator rights; choose a port above 1023 "
                                        "with --port N") from None
            raise BerserkInputError(f"cannot listen on {address}:{port}: {exc.strerror or exc}") from None


__all__ = ["DEFAULT_ADDRESS", "DEFAULT_PORT", "SETTINGS", "app_script", "check_listen", "is_loopback",
           "streamlit_command"]
