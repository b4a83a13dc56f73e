"""The examples in the packages' docstrings (shown on the documentation site's API pages) run and
print what they say."""

from __future__ import annotations

import doctest
import importlib

import pytest

PACKAGES = ["analysis.cards", "analysis.decks", "analysis.squad", "analysis.combat"]


@pytest.mark.parametrize("name", PACKAGES)
def test_package_docstring_examples_hold(name: str, monkeypatch):
    monkeypatch.chdir(importlib.import_module("analysis.util.paths").REPO_ROOT)
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(module, name, globs={})
    assert tests and tests[0].examples, f"{name} has no example in its docstring"
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} print something else"
