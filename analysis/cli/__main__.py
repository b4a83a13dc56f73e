"""``python -m analysis.cli`` runs the ``berserk`` command."""

from analysis.cli import entry_point

entry_point()
