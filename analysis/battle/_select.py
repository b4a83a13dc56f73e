"""Compiled or pure Python: which modules of :mod:`analysis.battle` are imported (see ``setup.py``).

Imported first by the package: when its extension modules (mypyc) are absent, were built from other
sources than those beside them (an edited editable install) or ``BERSERK_PURE=1`` is set, a finder
that imports the ``.py`` sources instead is put first on ``sys.meta_path``, for those modules only
(all of them or none: the compiled modules call each other natively).
"""

from __future__ import annotations

import hashlib as _hashlib
import importlib.machinery as _machinery
import importlib.util as _util
import os as _os
import sys as _sys
import warnings as _warnings

_PACKAGE = "analysis.battle"


def _built_modules() -> list[str]:
    """The modules of this package that have an extension module beside their source."""
    here = _os.path.dirname(__file__)
    found = []
    for name in sorted(_os.listdir(here)):
        for suffix in _machinery.EXTENSION_SUFFIXES:
            if name.endswith(suffix) and "__mypyc" not in name:
                module = name[: -len(suffix)]
                if _os.path.exists(_os.path.join(here, module + ".py")):
                    found.append(module)
    return found


def _stale(modules: list[str]) -> list[str]:
    """The compiled modules whose source changed since they were built (or of an unknown build)."""
    try:
        from analysis.battle._build_info import SOURCES  # written by setup.py
    except ImportError:
        return modules
    here = _os.path.dirname(__file__)
    out = []
    for m in modules:
        with open(_os.path.join(here, m + ".py"), "rb") as f:
            if SOURCES.get(m) != _hashlib.sha256(f.read()).hexdigest():
                out.append(m)
    return out


class _SourcesFirst:
    """Finds the pure-Python source of the compiled modules of this package (before the extension)."""

    def __init__(self, modules: list[str]):
        self.names = {f"{_PACKAGE}.{m}" for m in modules}

    def find_spec(self, fullname, path=None, target=None):
        if fullname in self.names:
            source = _os.path.join(_os.path.dirname(__file__), fullname.rpartition(".")[2] + ".py")
            return _util.spec_from_file_location(fullname, source)
        return None


def _choose() -> bool:
    modules = _built_modules()
    if not modules:
        return False
    if _os.environ.get("BERSERK_PURE", "") in ("", "0"):
        stale = _stale(modules)
        if not stale:
            return True
        _warnings.warn(f"analysis.battle: the compiled modules ({', '.join(stale)}) were not built from "
                       "the sources beside them; using the pure-Python sources (re-run pip install to "
                       "compile them)", stacklevel=3)
    _sys.meta_path.insert(0, _SourcesFirst(modules))
    return False


COMPILED: bool = _choose()
"""Whether the engine runs compiled (mypyc extension modules) rather than as pure Python."""
