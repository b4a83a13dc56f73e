"""berserk-analyzer: deck, deal, squad and combat analysis for the Berserk trading card game.

The library is plain functions and small immutable data classes::

    from analysis.cards import load_cards
    from analysis.decks import read_deck
    from analysis.legality import check_deck
    from analysis.rules import load_ruleset

    cards = load_cards()
    deck = read_deck("data/decks/tournament-01.txt", cards)
    report = check_deck(deck, load_ruleset("relaunch"))
"""
