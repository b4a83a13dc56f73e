"""berserk-analyzer: deck, deal, squad and combat analysis for the Berserk trading card game.

The library is plain functions and small immutable data classes::

    from analysis.cards import load_cards
    from analysis.decks import check_deck, read_deck
    from analysis.rules import load_ruleset

    cards = load_cards()
    deck = read_deck("data/decks/tournament-01.txt", cards)
    report = check_deck(deck, load_ruleset("relaunch"))

One package per concept; each may import only the ones above it in this list (checked by
``tests/architecture/test_imports.py``):

1. :mod:`analysis.util` — errors, bounded file reading, atomic writes, limits, worker processes;
2. :mod:`analysis.cards` — the card table and the ability facts;
3. :mod:`analysis.rules` — the rulesets (``data/rules/*.toml``);
4. :mod:`analysis.decks` — deck files, codes, legality, ability coverage;
5. :mod:`analysis.squad` and :mod:`analysis.combat` — side by side: crystals, recruitment, deals
   and mulligans; the Strike Table, strikes, duels and ratings;
6. :mod:`analysis.battle` — the battle engine and its players;
7. :mod:`analysis.matchup` — deck against deck through the whole pipeline;
8. :mod:`analysis.fitting` — card strengths fitted from battles, objectives checked in battles;
9. :mod:`analysis.summaries` — the tables and figures the pages show;
10. :mod:`analysis.planning` — the tournament planner (field, meta, tune, report);
11. :mod:`analysis.cli` — the ``berserk`` command (the dashboard, ``app/``, sits beside it).
"""
