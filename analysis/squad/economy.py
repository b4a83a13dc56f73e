"""Crystals: what a seat has, the element adjustment, and paying for a squad (RULES.md §1, §3).

    >>> rules = load_ruleset("relaunch")
    >>> seat_budget(rules, player=2)
    (24, 23)
    >>> pay(squad, rules, player=1).gold_left

A squad is feasible exactly when (RULES.md §3, 003 L782)::

    elite_cost ≤ gold_eff  and  elite_cost + ordinary_cost ≤ gold_eff + silver
    gold_eff = seat gold + elements.adjustment(E) − gold paid for mulligans

with E the distinct elements of the squad (neutral is not an element; a multi-element card counts
each of its elements). Ordinary cards are paid with silver first, so that the gold that only
elites can use is kept: ``silver_spent = min(silver, ordinary_cost)``. A card's cost is its price in
this squad (:func:`analysis.squad.prices.squad_prices`: "costs X less" discounts of the squad's own
cards), and gold its cards give on recruiting is added to the seat's gold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from analysis.cards.schema import ELEMENTS
from analysis.cards.table import Card
from analysis.rules import Ruleset
from analysis.squad.prices import squad_prices
from analysis.util.errors import BerserkInputError


def mulligan_gold(rules: Ruleset, mulligans: int) -> int:
    """Gold paid for ``mulligans`` redeals (0 under the free ``shrink`` model)."""
    if mulligans < 0:
        raise BerserkInputError(f"the number of mulligans must be ≥ 0, got {mulligans}")
    return rules.deal.mulligan_gold_cost * mulligans


def max_mulligans(rules: Ruleset, player: int) -> int:
    """How many redeals the rules allow: while gold lasts (``pay_gold``), or down to ``min_size``."""
    if rules.deal.mulligan == "shrink":
        return rules.deal.size - rules.deal.min_size
    gold, _ = rules.seat_crystals(player)
    cost = rules.deal.mulligan_gold_cost
    return gold // cost if cost else rules.deal.size - 1


def seat_budget(rules: Ruleset, player: int, mulligans: int = 0) -> tuple[int, int]:
    """(gold, silver) of a seat after paying for mulligans, before the element adjustment."""
    gold, silver = rules.seat_crystals(player)
    return gold - mulligan_gold(rules, mulligans), silver


def squad_elements(cards: Iterable[Card]) -> tuple[str, ...]:
    """Distinct elements of the cards, in the canonical order of :data:`ELEMENTS`."""
    present = {e for c in cards for e in c.elements}
    return tuple(e for e in ELEMENTS if e in present)


def is_unique_in_squad(card: Card, rules: Ruleset) -> bool:
    """Whether the uniqueness rule treats ``card`` as unique (flag; or any elite under ``elite_unique``)."""
    return card.unique or (rules.squad.uniqueness == "elite_unique" and card.elite)


@dataclass(frozen=True)
class Payment:
    """How a squad is paid. ``*_left`` are negative when the squad cannot be paid."""

    gold: int
    silver: int
    elements: tuple[str, ...]
    element_adjustment: int
    elite_cost: int
    ordinary_cost: int
    gold_spent: int
    silver_spent: int

    @property
    def gold_eff(self) -> int:
        """Gold after the element adjustment."""
        return self.gold + self.element_adjustment

    @property
    def gold_left(self) -> int:
        return self.gold_eff - self.gold_spent

    @property
    def silver_left(self) -> int:
        return self.silver - self.silver_spent

    @property
    def crystals_left(self) -> int:
        return self.gold_left + self.silver_left

    @property
    def total_cost(self) -> int:
        return self.elite_cost + self.ordinary_cost

    @property
    def affordable(self) -> bool:
        return self.elite_cost <= self.gold_eff and self.total_cost <= self.gold_eff + self.silver

    def to_dict(self) -> dict[str, object]:
        return {
            "gold_spent": self.gold_spent,
            "silver_spent": self.silver_spent,
            "gold_left": self.gold_left,
            "silver_left": self.silver_left,
            "elements": list(self.elements),
            "element_adjustment": self.element_adjustment,
        }


def pay(cards: Sequence[Card], rules: Ruleset, player: int = 1, mulligans: int = 0) -> Payment:
    """The payment of a squad: elites with gold, ordinary cards with silver first, then gold (each
    card at its price in the squad, :func:`~analysis.squad.prices.squad_prices`)."""
    gold, silver = seat_budget(rules, player, mulligans)
    prices, bonus = squad_prices(cards, mulligans)
    gold += bonus
    elements = squad_elements(cards)
    adjustment = rules.elements.adjustment(len(elements))
    elite = sum(p for c, p in zip(cards, prices, strict=True) if c.elite)
    ordinary = sum(p for c, p in zip(cards, prices, strict=True) if not c.elite)
    silver_spent = min(max(silver, 0), ordinary)
    return Payment(
        gold=gold,
        silver=silver,
        elements=elements,
        element_adjustment=adjustment,
        elite_cost=elite,
        ordinary_cost=ordinary,
        gold_spent=elite + ordinary - silver_spent,
        silver_spent=silver_spent,
    )


@dataclass(frozen=True)
class Violation:
    """One broken squad rule: a stable code and a message naming the cards and the numbers."""

    code: str
    message: str


VIOLATION_CODES = (
    "elite_gold", "crystals", "flying_cap", "terrains", "squad_size", "uniqueness", "companion_host",
)


@dataclass(frozen=True)
class Feasibility:
    ok: bool
    violations: tuple[Violation, ...]
    payment: Payment

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(v.message for v in self.violations)


def check_squad(cards: Sequence[Card], rules: Ruleset, player: int = 1, mulligans: int = 0) -> Feasibility:
    """Every squad rule of RULES.md §1/§3 that ``cards`` break, with the payment.

    This is written directly from the rules, card by card, and is the reference the optimizer's
    tests compare against.
    """
    p = pay(cards, rules, player, mulligans)
    out: list[Violation] = []
    adj = f"{p.gold} gold {p.element_adjustment:+d} for {len(p.elements)} element(s)"
    if p.elite_cost > p.gold_eff:
        out.append(Violation("elite_gold", (
            f"elite cards cost {p.elite_cost} gold but only {p.gold_eff} gold is available ({adj})")))
    if p.total_cost > p.gold_eff + p.silver:
        out.append(Violation("crystals", (
            f"the squad costs {p.total_cost} crystals but only {p.gold_eff + p.silver} are available "
            f"({adj}, {p.silver} silver)")))
    cap = rules.squad.flying_cost_cap
    prices = squad_prices(cards, mulligans)[0]
    flyers = sum(p for c, p in zip(cards, prices, strict=True) if c.is_flyer)
    if cap and flyers > cap:
        out.append(Violation("flying_cap", f"flying creatures cost {flyers} crystals; the cap is {cap}"))
    terrains = [c.name for c in cards if c.type == "terrain"]
    if len(terrains) > rules.squad.max_terrains:
        out.append(Violation("terrains", (
            f"{len(terrains)} terrains ({', '.join(terrains)}); at most {rules.squad.max_terrains} allowed")))
    if len(cards) > rules.squad.max_cards:
        out.append(Violation("squad_size", f"{len(cards)} cards; at most {rules.squad.max_cards} allowed"))
    by_name = Counter(c.key for c in cards)
    reported = set()
    for card in cards:
        if is_unique_in_squad(card, rules) and by_name[card.key] > 1 and card.key not in reported:
            reported.add(card.key)
            out.append(Violation("uniqueness", (
                f"{card.name!r} is unique but the squad has {by_name[card.key]} cards of that name")))
    companions = sum(1 for c in cards if c.type == "companion")
    hosts = sum(1 for c in cards if c.type == "creature")
    if companions > hosts:
        out.append(Violation("companion_host", (
            f"{companions} companion(s) but only {hosts} non-flying creature(s) to host them")))
    return Feasibility(not out, tuple(out), p)


__all__ = [
    "Feasibility",
    "Payment",
    "VIOLATION_CODES",
    "Violation",
    "check_squad",
    "is_unique_in_squad",
    "max_mulligans",
    "mulligan_gold",
    "pay",
    "seat_budget",
    "squad_elements",
]
