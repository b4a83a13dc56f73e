"""The squad: crystals and what they buy, the optimal recruitment, deals and mulligans.

    >>> from analysis.cards import load_cards
    >>> from analysis.decks import read_deck
    >>> from analysis.squad import deal_odds
    >>> deck = read_deck("data/decks/tournament-01.txt", load_cards())
    >>> deal_odds(deck).deal_size, deck.size
    (15, 30)

- :mod:`~analysis.squad.economy`: gold and silver crystals, elite and element costs, the flyer cap,
  one terrain, unique cards; a squad's payment and its violations;
- :mod:`~analysis.squad.recruit`: the proven-optimal squad of a deal under an objective, and its
  close alternatives (:class:`Recruiter`);
- :mod:`~analysis.squad.strength_table`: the stored card strengths the ``strength`` objective reads;
- :mod:`~analysis.squad.deals`: exact deal odds, the deal simulation and the mulligan policies.

Imports: :mod:`analysis.util`, :mod:`analysis.cards`, :mod:`analysis.rules`, :mod:`analysis.decks`
(never :mod:`analysis.combat`: the two stand side by side). The strengths are fitted from battles in
:mod:`analysis.fitting.strength`.
"""

from analysis.squad.deals import deal_odds, simulate
from analysis.squad.economy import check_squad, pay, seat_budget
from analysis.squad.recruit import Recruiter, Recruitment, recruit

__all__ = ["Recruiter", "Recruitment", "check_squad", "deal_odds", "pay", "recruit", "seat_budget",
           "simulate"]
