"""Combat: the Strike Table, one simple strike exactly, duels, the duel matrix and card ratings.

    >>> from analysis.combat import fighter_from_stats, strike_odds
    >>> odds = strike_odds(fighter_from_stats("2-3-4", 5), fighter_from_stats("1-2-3", 4))
    >>> sum(o.p for o in odds.outcomes)  # exact fractions over the 36 rolls
    Fraction(1, 1)

- :mod:`~analysis.combat.strike_table`: the Strike Table of the rulebook (two d6 → outcome);
- :mod:`~analysis.combat.strike`: :class:`Fighter` and one simple strike's outcome distribution;
- :mod:`~analysis.combat.monte_carlo`: Monte Carlo strikes and duels, tested against the exact ones;
- :mod:`~analysis.combat.duel_plan` and :mod:`~analysis.combat.duel`: one creature against another
  to the end, exactly (a dynamic programme over the wounds);
- :mod:`~analysis.combat.duel_matrix` and :mod:`~analysis.combat.ratings`: every creature against
  every other, and the duel ratings read from that matrix.

Imports: :mod:`analysis.util`, :mod:`analysis.cards`, :mod:`analysis.rules`, :mod:`analysis.decks`
(never :mod:`analysis.squad`).
"""

from analysis.combat.strike import Fighter, fighter_from_card, fighter_from_stats, strike_odds

__all__ = ["Fighter", "fighter_from_card", "fighter_from_stats", "strike_odds"]
