"""Cards: the card table, the ability facts of each printing, and the rules those facts obey.

    >>> from analysis.cards import load_cards
    >>> db = load_cards()
    >>> db.find("Гуль").code  # a bare name resolves to its default printing
    '50/43'

- :mod:`~analysis.cards.table`: :class:`Card` and :class:`CardDB`, read from ``data/cards.csv``
  (plus a user's CSV);
- :mod:`~analysis.cards.schema`: the table's columns and code tables (elements, types, keywords);
- :mod:`~analysis.cards.abilities`: the ability vocabulary and the facts of ``data/abilities``
  (:class:`Ability`, :class:`CardAbilities`);
- :mod:`~analysis.cards.ability_rules`: what the facts mean for a strike or an attack
  (protections, reductions, caps, roll modifiers), shared by combat and battle;
- :mod:`~analysis.cards.ability_check`: the editors' check of ability files
  (``python3 -m analysis.cards.ability_check FILE…``);
- :mod:`~analysis.cards.importer`: building ``data/cards.csv`` from the raw card export.

Imports: :mod:`analysis.util` only. The schema of the facts (:mod:`~analysis.cards.abilities`)
never imports the table; the table reads the facts.
"""

from analysis.cards.abilities import Ability, CardAbilities, load_abilities
from analysis.cards.table import Card, CardDB, load_cards

__all__ = ["Ability", "Card", "CardAbilities", "CardDB", "load_abilities", "load_cards"]
