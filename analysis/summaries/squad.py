"""Tables that lay out a deal, a squad and its payment, for the dashboard's Recruit and Deals pages.

    >>> rec = recruit(deal, rules, player=1, top=3)
    >>> budget_frame(rec.payment, rec.squad, rules)      # gold / silver / elements / flyers used
    >>> alternatives_frame(rec)                          # the optimum and the next-best squads

Plain functions returning DataFrames; no drawing here.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from analysis.cards.table import Card
from analysis.decks.deck import Deck
from analysis.rules import Ruleset
from analysis.squad.economy import Payment, mulligan_gold
from analysis.squad.recruit import Recruitment
from analysis.summaries.deck import card_elements, strike_text
from analysis.util.errors import BerserkInputError


def random_deal(deck: Deck, size: int, seed: int) -> tuple[Card, ...]:
    """``size`` cards dealt from the shuffled deck (seeded: the same seed gives the same deal)."""
    cards = deck.cards()
    if not 1 <= size <= len(cards):
        raise BerserkInputError(
            f"a deal of {size} cards needs a deck of at least {size}; it has {len(cards)}")
    order = np.random.default_rng(seed).permutation(len(cards))[:size]
    return tuple(cards[i] for i in sorted(order))


def copy_choices(deck: Deck) -> list[tuple[str, Card]]:
    """One (label, card) per copy in the deck, labels unique (``Name #2``), for picking a deal by hand."""
    out = []
    for e in deck.entries:
        for k in range(1, e.count + 1):
            out.append((f"{e.card.name} ({e.card.code}) #{k}", e.card))
    return out


def squad_frame(cards: Sequence[Card], values: Sequence[float] | None = None) -> pd.DataFrame:
    """Cards of a deal or squad, dearest first: name, cost, elite, type, elements, life, strike, and
    each card's ``value`` under the objective when ``values`` (one per card, as
    :func:`analysis.squad.recruit.card_values` gives them) are passed."""
    rows = [
        {
            "name": c.name,
            "value": values[i] if values is not None else None,
            "cost": c.cost,
            "elite": c.elite,
            "type": c.type,
            "elements": ", ".join(card_elements(c)),
            "life": c.life,
            "strike": strike_text(c),
        }
        for i, c in enumerate(cards)
    ]
    columns = ["name", "value", "cost", "elite", "type", "elements", "life", "strike"]
    frame = pd.DataFrame(rows, columns=columns)
    frame["life"] = frame["life"].astype("Int64")
    if values is None:
        frame = frame.drop(columns=["value"])
    return frame.sort_values(["elite", "cost", "name"], ascending=[False, False, True], ignore_index=True)


def budget_frame(payment: Payment, squad: Sequence[Card], rules: Ruleset, mulligans: int = 0) -> pd.DataFrame:
    """What the squad uses of each limit, as bar segments per resource.

    Columns: ``used``, ``left``, ``element penalty`` (gold lost to elements beyond the free ones),
    ``mulligans`` (gold paid for redeals) and ``capacity`` (what the seat had before those). Rows:
    ``gold``, ``silver``, ``flyer cap`` (flyers' cost; capacity 0 when the ruleset has no cap) and
    ``squad size``. A mono-element bonus raises the gold capacity instead (see ``note``).
    """
    flyers = sum(c.cost for c in squad if c.is_flyer)
    cap = rules.squad.flying_cost_cap
    penalty = max(0, -payment.element_adjustment)
    redeals = mulligan_gold(rules, mulligans)
    elements = ", ".join(payment.elements) or "none"
    rows = [
        {"resource": "gold", "used": payment.gold_spent, "left": payment.gold_left,
         "element penalty": penalty, "mulligans": redeals,
         "capacity": payment.gold + redeals + max(0, payment.element_adjustment),
         "note": f"elements: {elements} ({payment.element_adjustment:+d} gold)"},
        {"resource": "silver", "used": payment.silver_spent, "left": payment.silver_left,
         "element penalty": 0, "mulligans": 0, "capacity": payment.silver,
         "note": "ordinary cards are paid with silver first"},
        {"resource": "flyer cap", "used": flyers, "left": max(0, cap - flyers) if cap else 0,
         "element penalty": 0, "mulligans": 0, "capacity": cap,
         "note": f"flyers' cost against the cap of {cap}" if cap else "no flying cost cap"},
        {"resource": "squad size", "used": len(squad), "left": rules.squad.max_cards - len(squad),
         "element penalty": 0, "mulligans": 0, "capacity": rules.squad.max_cards,
         "note": f"at most {rules.squad.max_cards} cards"},
    ]
    return pd.DataFrame(
        rows, columns=["resource", "used", "left", "element penalty", "mulligans", "capacity", "note"])


def alternatives_frame(rec: Recruitment) -> pd.DataFrame:
    """The optimal squad and the next-best ones: rank, value, gap to the best, size, what changes
    against the best squad (``+name`` added, ``−name`` dropped) and the cards."""
    rows = [{"rank": 1, "value": rec.value, "gap": 0.0, "cards": len(rec.squad), "changes": "(best)",
             "squad": ", ".join(c.name for c in rec.squad)}]
    for i, alt in enumerate(rec.alternatives, start=2):
        dropped, added = squad_difference(rec.squad, alt.squad)
        changes = ", ".join([f"+{n}" for n in added] + [f"−{n}" for n in dropped]) or "same cards"
        rows.append({"rank": i, "value": alt.value, "gap": rec.value - alt.value, "cards": len(alt.squad),
                     "changes": changes, "squad": ", ".join(c.name for c in alt.squad)})
    return pd.DataFrame(rows, columns=["rank", "value", "gap", "cards", "changes", "squad"])


def deck_ratings(deck: Deck, rules: Ruleset) -> dict[str, float]:
    """Every card name of the deck → its duel rating (:func:`analysis.combat.ratings.ratings_map`: the mean
    chance to win a duel against every creature of the card table, under the ruleset's combat model).

    Cards that do not duel (artifacts, terrains, companions, or creatures without strike or life)
    are worth 0 under this objective, so the ``rating`` objective recruits fighting creatures.
    """
    from analysis.combat.ratings import ratings_map

    cards = [e.card for e in deck.entries]
    fighters = [c for c in cards if c.is_creature and c.strike is not None and c.life is not None]
    rated = ratings_map(rules, cards=fighters) if fighters else {}
    return {c.key: float(rated.get(c.key, 0.0)) for c in cards}


def squad_difference(best: Sequence[Card], other: Sequence[Card]) -> tuple[list[str], list[str]]:
    """(names only in ``best``, names only in ``other``), copies counted."""
    left = [c.name for c in best]
    right = [c.name for c in other]
    only_best, only_other = list(left), []
    for name in right:
        if name in only_best:
            only_best.remove(name)
        else:
            only_other.append(name)
    return only_best, only_other


__all__ = [
    "alternatives_frame",
    "budget_frame",
    "copy_choices",
    "deck_ratings",
    "random_deal",
    "squad_difference",
    "squad_frame",
]
