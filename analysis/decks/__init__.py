"""Decks: reading and writing deck files, their lines and codes, legality, and ability coverage.

    >>> from analysis.cards import load_cards
    >>> from analysis.decks import check_deck, read_deck
    >>> from analysis.rules import load_ruleset
    >>> deck = read_deck("data/decks/tournament-01.txt", load_cards())
    >>> check_deck(deck, load_ruleset("classic")).legal
    True

- :mod:`~analysis.decks.deck`: :class:`Deck` and its file formats (ProBerserk text, ``.brsd``,
  JSON, ``.nxt`` codes), the sample decks;
- :mod:`~analysis.decks.lines`: one pasted line (``3 Name``, ``Name x3``, ``[20/159]``…);
- :mod:`~analysis.decks.code`: the compact berserk-nxt deck code;
- :mod:`~analysis.decks.legality`: copies, Horde, bans and uniqueness under a ruleset and format;
- :mod:`~analysis.decks.coverage`: how much of the card pool and of the sample decks the ability
  facts model.

Imports: :mod:`analysis.util`, :mod:`analysis.cards`, :mod:`analysis.rules`.
"""

from analysis.decks.deck import Deck, DeckEntry, parse_deck, read_deck, sample_deck_paths, write_deck
from analysis.decks.legality import LegalityReport, check_deck

__all__ = ["Deck", "DeckEntry", "LegalityReport", "check_deck", "parse_deck", "read_deck",
           "sample_deck_paths", "write_deck"]
