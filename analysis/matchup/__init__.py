"""Deck against deck through the whole pipeline: deal, mulligan, recruit, battle; and the matrix.

- :mod:`~analysis.matchup.simulate`: :func:`deck_matchup`, :func:`squad_matchup`,
  :func:`matchup_matrix` and their settings (:class:`MatchupSettings`), spread over worker
  processes.

Imports: everything below it (:mod:`analysis.util` … :mod:`analysis.battle`).
"""

from analysis.matchup.simulate import MatchupSettings, deck_matchup, matchup_matrix, squad_matchup

__all__ = ["MatchupSettings", "deck_matchup", "matchup_matrix", "squad_matchup"]
