"""Values learnt from battles, and the checks that they win.

- :mod:`~analysis.fitting.strength`: card strengths fitted from simulated battles (a
  Bradley–Terry / logistic model), written to ``data/strength/`` for the ``strength`` objective;
- :mod:`~analysis.fitting.objective_duel`: two recruitment objectives on the same deals, squad
  against squad: which one's squads win.

Values come from the battles only (never from rarity, cost, price or deck inclusion).

Imports: everything below it (:mod:`analysis.util` … :mod:`analysis.matchup`).
"""
