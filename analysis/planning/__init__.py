"""The tournament planner: which deck to bring against the field you expect, and how to tune it.

- :mod:`~analysis.planning.field`: the field file (TOML) — the decks expected at a tournament and
  their shares;
- :mod:`~analysis.planning.keys` and :mod:`~analysis.planning.cache`: what identifies a batch of
  games, and the on-disk cache of their results (user cache folder, atomic writes, safe to delete);
- :mod:`~analysis.planning.games`: the planner's only door to the games — blocks of
  :func:`analysis.matchup.simulate.deck_matchup` games, batched over processes and cached;
- :mod:`~analysis.planning.stats`: share-weighted scores and paired differences with 95 % intervals;
- :mod:`~analysis.planning.meta`: the expected score of every candidate deck against the field;
- :mod:`~analysis.planning.swaps` and :mod:`~analysis.planning.collection`: legal card swaps from a
  pool (the deck's elements, every card, or the player's collection);
- :mod:`~analysis.planning.tune`: racing the swaps with common random numbers;
- :mod:`~analysis.planning.compare`: two decks side by side;
- :mod:`~analysis.planning.figures`, :mod:`~analysis.planning.html` and
  :mod:`~analysis.planning.report`: plotly figures, pages with plotly.js inside (they open offline),
  and the HTML deck report.

The planner never looks inside a game: it calls the matchup layer (:mod:`analysis.matchup.simulate`), so
better battles (card abilities, other players, other recruitment objectives) improve its numbers
without a change here, and new :class:`~analysis.matchup.simulate.MatchupSettings` fields invalidate the
cache by themselves.

Imports: everything below it (:mod:`analysis.util` … :mod:`analysis.summaries`); only
:mod:`analysis.cli` and the dashboard use it.
"""
