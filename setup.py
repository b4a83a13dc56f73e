"""Build of berserk-analyzer: the metadata is in pyproject.toml; this file only adds the battle engine
compiled with mypyc (C extension modules next to the pure-Python sources, about 2.5x the battles per
second). The pure-Python modules stay the fallback:

- ``BERSERK_PURE=1 pip install .`` (or ``-e .``) builds nothing: the package runs as plain Python;
- without mypyc (``--no-build-isolation`` in an environment without mypy) the build warns and
  installs the plain-Python package;
- a type error in the compiled modules stops the build (mypyc needs exact types; the message says
  where: a fault of the code, which the tests must see);
- a machine without a working C compiler (or Python headers) gets the plain-Python package, with a
  warning: the build of the extension modules is optional (:class:`OptionalBuildExt`);
- at import, :mod:`analysis.battle` uses the extension modules only if they were built from the
  sources next to them (``_build_info.py``), else it warns and imports the sources — so an edit of
  an editable install is never shadowed by a stale build (re-run ``pip install -e .`` to compile
  it); ``BERSERK_PURE=1`` at run time imports the sources too.

Whether an installed copy is compiled: ``python3 -c "import analysis.battle as b; print(b.COMPILED)"``.
"""

from __future__ import annotations

import hashlib
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

COMPILED_MODULES = ("board", "tables", "powers", "interface", "fields", "situational", "effects", "common",
                    "triggers", "ability_use", "strikes", "turns", "placement", "engine", "valuation",
                    "players", "random_player", "search")
"""The modules of :mod:`analysis.battle` that are compiled (the others, ``record``, ``draw`` and
``registry``, stay Python: they are cold)."""


def _warn(message: str) -> None:
    print(f"\n*** berserk-analyzer: {message}\n", file=sys.stderr)


def _source_digests() -> dict[str, str]:
    root = os.path.dirname(os.path.abspath(__file__))
    out = {}
    for m in COMPILED_MODULES:
        with open(os.path.join(root, "analysis", "battle", f"{m}.py"), "rb") as f:
            out[m] = hashlib.sha256(f.read()).hexdigest()
    return out


def battle_extensions() -> list:
    root = os.path.dirname(os.path.abspath(__file__))
    info = os.path.join(root, "analysis", "battle", "_build_info.py")
    if os.environ.get("BERSERK_PURE", "") not in ("", "0"):
        _warn("BERSERK_PURE is set: the battle engine is not compiled (pure Python)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not installed: the battle engine is not compiled (pure Python)")
        return []
    paths = [f"analysis/battle/{m}.py" for m in COMPILED_MODULES]
    try:
        extensions = mypycify(
            ["--ignore-missing-imports", "--follow-imports=silent", *paths],
            opt_level="3",
            group_name="analysis.battle.compiled",
            target_dir=os.path.join("build", "mypyc"),
        )
    except SystemExit as err:  # mypyc exits on a type error (printed above)
        raise SystemExit(f"mypyc could not compile the battle engine ({err}); fix the types, "
                         "or install with BERSERK_PURE=1 for the pure-Python engine") from None
    # Which sources were compiled (analysis.battle checks them at import: an extension module
    # built from other sources, e.g. after editing an editable install, is not used).
    with open(info, "w", encoding="utf-8") as f:
        f.write('"""Written by setup.py when it compiles the battle engine: the sha256 of each compiled '
                'module\'s source."""\n\nSOURCES = {\n')
        for m, digest in _source_digests().items():
            f.write(f'    "{m}": "{digest}",\n')
        f.write("}\n")
    return extensions


_COMPILER_ERRORS = (CCompilerError, CompileError, ExecError, LinkError, PlatformError, OSError)


class OptionalBuildExt(build_ext):
    """Builds the extension modules if the machine can; else warns and leaves the pure-Python engine
    (``_build_info.py`` removed, so a partial build is never imported: see analysis/battle/_select.py)."""

    def run(self) -> None:
        try:
            super().run()
        except _COMPILER_ERRORS as err:
            self._give_up(err)

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except _COMPILER_ERRORS as err:
            self._give_up(err)

    def _give_up(self, err: BaseException) -> None:
        _warn(f"the C compiler failed ({err}): the battle engine is not compiled (pure Python, about "
              "2.5x slower battles); install gcc and the Python headers, then pip install again")
        root = os.path.dirname(os.path.abspath(__file__))
        info = os.path.join(root, "analysis", "battle", "_build_info.py")
        if os.path.exists(info):
            os.remove(info)
        self.extensions = []


setup(ext_modules=battle_extensions(), cmdclass={"build_ext": OptionalBuildExt})
