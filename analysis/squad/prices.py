"""Recruitment prices: what the squad's own cards change in what it pays (000 glossary "Costs X
less", 3.6; data/README.md "Recruitment prices").

The facts of kinds :data:`~analysis.cards.abilities.RECRUITMENT` are played here, never in a battle:

- ``discount`` [X]: while its card is in the squad, the cards it names cost X fewer crystals —
  ``target = "self"``: the card itself (every copy of its name), ``"ally"``: the other cards of the
  squad its ``vs_*`` fields select; ``needs``: what the rest of the squad (the priced card not
  counted) must hold, each at least once; ``per = "mulligans"``: X is the player's mulligans. Facts
  of one name and index do not add up however many copies are in the squad (000 2.15: of several
  identical named abilities only one applies); a card never costs less than 0.
- ``recruit_gold`` [N]: while its card is in the squad its player has N more gold crystals (it
  gains them on recruiting it; once per name).

000 3.6 recruits one card at a time, and a card in the squad changes the price of those recruited
after it; the player picks the order, so the price is that of the whole squad (the discounting card
first).

    >>> from analysis.cards.table import load_cards
    >>> db = load_cards()
    >>> squad_prices([db.find("40/3"), db.find("60/22")])[0]
    [3, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analysis.cards.abilities import Ability
from analysis.cards.ability_rules import facts, matches
from analysis.cards.schema import CARD_TYPES
from analysis.cards.table import Card
from analysis.util.textnorm import name_key


@dataclass(frozen=True)
class PriceRule:
    """One recruitment fact of a card name: ``name`` (its key), the fact's ``index`` among the
    card's facts, and the fact."""

    name: str
    index: int
    ability: Ability

    def amount(self, mulligans: int) -> int:
        """X of the discount (or N of the gold)."""
        return mulligans if self.ability.per == "mulligans" else self.ability.damage[0]


def price_rules(cards: Sequence[Card]) -> tuple[PriceRule, ...]:
    """The distinct recruitment facts of ``cards`` (one per card name and fact), in card order."""
    seen: set[tuple[str, int]] = set()
    out: list[PriceRule] = []
    for card in cards:
        for i, ab in enumerate(facts(card)):
            if ab.kind in ("discount", "recruit_gold") and (card.key, i) not in seen:
                seen.add((card.key, i))
                out.append(PriceRule(card.key, i, ab))
    return tuple(out)


def fills(card: Card, need: str) -> bool:
    """Whether ``card`` is what a ``needs`` entry asks for: a card type, ``symbiote`` (a companion
    or a parasite, 000 1.5.2) or a class."""
    if need == "symbiote":
        return card.type in ("companion", "parasite")
    if need in CARD_TYPES:
        return card.type == need
    return name_key(need) in card.class_keys


def affects(rule: PriceRule, card: Card) -> bool:
    """Whether ``rule`` (a ``discount``) prices ``card``: the giver's own name for ``self``, another
    card its ``vs_*`` select for ``ally``."""
    ab = rule.ability
    if ab.kind != "discount":
        return False
    if ab.target == "self":
        return card.key == rule.name
    return card.key != rule.name and matches(ab, card)


def holds(rule: PriceRule, squad: Sequence[Card], card: Card | None = None) -> bool:
    """Whether ``rule`` applies in ``squad`` (to ``card`` of it, for a discount): its card is in the
    squad (for ``ally`` and ``recruit_gold``) and the rest of the squad meets its ``needs``."""
    ab = rule.ability
    if (ab.kind == "recruit_gold" or ab.target == "ally") and not any(c.key == rule.name for c in squad):
        return False
    for need in ab.needs:
        have = sum(1 for c in squad if fills(c, need))
        if card is not None and fills(card, need):
            have -= 1  # (the rest of the squad: not the card being priced)
        if have < 1:
            return False
    return True


def squad_prices(cards: Sequence[Card], mulligans: int = 0,
                 rules: Sequence[PriceRule] | None = None) -> tuple[list[int], int]:
    """The crystals each card of the squad ``cards`` costs to recruit, and the gold crystals its
    ``recruit_gold`` facts give."""
    rules = price_rules(cards) if rules is None else rules
    if not rules:
        return [c.cost for c in cards], 0
    costs = []
    for card in cards:
        off = sum(r.amount(mulligans) for r in rules if affects(r, card) and holds(r, cards, card))
        costs.append(max(0, card.cost - off))
    gold = sum(r.amount(mulligans) for r in rules if r.ability.kind == "recruit_gold" and holds(r, cards))
    return costs, gold


__all__ = ["PriceRule", "affects", "fills", "holds", "price_rules", "squad_prices"]
