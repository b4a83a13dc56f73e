"""The one exception type for bad user input (files, names, rulesets).

The CLI and the dashboard catch :class:`BerserkInputError` and show its message;
anything else escaping is a bug in the analyzer, not in the input.
"""

from __future__ import annotations


class BerserkInputError(ValueError):
    """Input the analyzer cannot use; the message names the file, line or card and the fix."""
