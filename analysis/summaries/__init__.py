"""The tables and figures the dashboard and the reports show, one module per page's subject.

- :mod:`~analysis.summaries.deck`: a deck's cards, cost curve, elements and legality as tables;
- :mod:`~analysis.summaries.deals`: deal odds, the mulligan simulation and thresholds as tables;
- :mod:`~analysis.summaries.squad`: a recruited squad and its alternatives;
- :mod:`~analysis.summaries.combat`: strike odds and duels as tables and figures;
- :mod:`~analysis.summaries.matchup`: a matchup's scores, the board of a recorded game.

They compute nothing new: they call the library below and shape its answers (pandas frames, plotly
figures), so a notebook gets what the dashboard shows.

Imports: everything below it (:mod:`analysis.util` … :mod:`analysis.fitting`), never
:mod:`analysis.planning` (which uses these tables for its reports).
"""
