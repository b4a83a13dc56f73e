"""Plumbing every other package may use; it imports nothing of the library but itself.

- :mod:`~analysis.util.errors`: :class:`~analysis.util.errors.BerserkInputError`, the one error a
  user's bad input becomes (file, line, card and the fix in its message);
- :mod:`~analysis.util.userfiles`: reading a file the user named, bounded and regular files only;
- :mod:`~analysis.util.atomic`: writing files atomically (a reader never sees half a file);
- :mod:`~analysis.util.limits`: the bounds on how much work one request may ask for;
- :mod:`~analysis.util.workers`: worker processes that never outlive or outshout their parent;
- :mod:`~analysis.util.paths`: where the built-in data and reports live;
- :mod:`~analysis.util.textnorm`: card-name normalisation and close-name suggestions;
- :mod:`~analysis.util.app_launch`: the dashboard's server settings and how it is started.

Import the modules themselves (``from analysis.util.errors import BerserkInputError``): this package
re-exports nothing, so importing one helper never loads the others.
"""
