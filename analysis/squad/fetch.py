"""Before recruiting: cards that reveal themselves, go into the squad and fetch a card of the deck.

The texts "До набора отряда (вы можете) показать X; возьмите его в отряд; …" (data/README.md "Before
recruiting") are recruitment facts with cost ``recruit``, played where a side recruits
(:class:`analysis.matchup.simulate._Side`), never in a battle:

- ``fetch`` — "найдите в колоде …, покажите её и возьмите в раздачу / в отряд": a card of the deck
  (the cards not dealt) meeting the fact's ``vs_*`` joins the deal (``into = "deal"``, 40/216
  Поработитель Ордена) or must join the squad too (``into = "squad"``, 40/188 Вербовщик, 50/96 Нейя);
  ``missing`` with ``count``: only when ``count`` other cards of the deal of distinct costs (within
  ``vs_min_cost``–``vs_max_cost``) or elements are shown, and then a card of a cost / an element not
  among them.
- ``to_graveyard`` (not ``target = "self"``) — "положите на кладбище существо стоимостью 5 или менее"
  (60/167 Гробовщик): a card of the deck meeting ``vs_*`` goes into the graveyard when the card is
  recruited (:func:`graveyard_fetches`).

The revealed card goes into the squad, so a side reveals only when the best squad of the enlarged
deal holds it (and, ``into = "squad"``, the fetched card) and is worth more than the plain one: among
the :data:`FETCH_TOP` best squads of the recruiter (its prices, ``discount`` included, are the
recruiter's own) the first that holds them. Which card to fetch is the side's choice: each candidate
printing is tried. No dice are rolled and nothing is shuffled, so a deck without such a fact recruits
exactly as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analysis.cards.ability_rules import matches
from analysis.cards.table import Card

if TYPE_CHECKING:
    from analysis.cards.abilities import Ability
    from analysis.squad.recruit import Found, Recruiter

FETCH_TOP = 24
"""How many of the best squads of an enlarged deal are searched for one holding the revealed card."""


def fetch_facts(card: Card) -> list[Ability]:
    """The card's played ``fetch`` facts (cost ``recruit``)."""
    entry = card.abilities
    if entry is None:
        return []
    return [ab for ab in entry.played if ab.kind == "fetch" and ab.cost == "recruit"]


def grave_facts(card: Card) -> list[Ability]:
    """The card's played before-recruiting ``to_graveyard`` facts that take another card of the deck
    (not the gold-priced one of the card itself)."""
    entry = card.abilities
    if entry is None:
        return []
    return [ab for ab in entry.played
            if ab.kind == "to_graveyard" and ab.cost == "recruit" and ab.target != "self"]


def uses_fetch(cards: Sequence[Card]) -> bool:
    """Whether some card of a deck fetches before recruiting."""
    return any(fetch_facts(c) for c in cards)


def _minus(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    out = list(cards)
    for c in taken:
        if c in out:
            out.remove(c)
    return out


def candidates(revealer: Card, ab: Ability, deal: Sequence[Card], rest: Sequence[Card]) -> list[Card]:
    """The printings of ``rest`` (the deck not dealt) that ``revealer``'s ``fetch`` ``ab`` may take
    with this ``deal`` (the revealer among it), one per printing."""
    shown = _minus(deal, [revealer])
    out: dict[int, Card] = {}
    for c in rest:
        if c.id in out or not matches(ab, c):
            continue
        if ab.missing == "cost":
            lo = ab.vs_min_cost if ab.vs_min_cost is not None else 0
            hi = ab.vs_max_cost if ab.vs_max_cost is not None else 99
            costs = {d.cost for d in shown if lo <= d.cost <= hi and d.cost != c.cost}
            if len(costs) < ab.count:
                continue
        elif ab.missing == "element":
            ok = False
            for e in c.elements:
                elements = {x for d in shown for x in d.elements if x != e}
                if len(elements) >= ab.count:
                    ok = True
                    break
            if not ok:
                continue
        out[c.id] = c
    return list(out.values())


def best_fetch(recruiter: Recruiter, deck: Sequence[Card], counts: Sequence[int], mulligans: int,
               plain: Found) -> tuple[Found, tuple[int, ...]]:
    """The side's choice before recruiting: the best squad of the deal ``counts`` (``plain``, its
    optimum) or of the deal a ``fetch`` of one of its cards enlarges, holding that card (and with
    ``into = "squad"`` the fetched one). Returns ((value, squad counts), deal counts)."""
    best, best_counts = plain, tuple(counts)
    deal = recruiter.cards_of(counts)
    rest = _minus(deck, deal)
    index = recruiter.index
    seen: set[int] = set()
    for revealer in deal:
        if revealer.id in seen:
            continue
        seen.add(revealer.id)
        u = index[revealer.id]
        for ab in fetch_facts(revealer):
            for c in candidates(revealer, ab, deal, rest):
                i = index.get(c.id)
                if i is None:
                    continue
                grown = list(counts)
                grown[i] += 1
                for value, vec in recruiter.solve(grown, mulligans, FETCH_TOP):
                    if vec[u] >= 1 and (ab.into != "squad" or vec[i] >= 1):
                        if value > best[0]:
                            best, best_counts = (value, vec), tuple(grown)
                        break
    return best, best_counts


def graveyard_fetches(squad: Sequence[Card], rest: Sequence[Card]) -> list[Card]:
    """The cards of ``rest`` (the deck in battle) that the squad's before-recruiting ``to_graveyard``
    facts put into the graveyard, one per fact: a card that comes back from it (incarnation) or acts
    there (Вальхалла) first, else the cheapest (as :meth:`HeuristicPlayer.choose_card` picks)."""
    pool = list(rest)
    out: list[Card] = []
    for card in squad:
        for ab in grave_facts(card):
            cands = [c for c in pool if matches(ab, c)]
            if not cands:
                continue

            def back(c: Card) -> tuple[bool, int, int]:
                returns = c.has("incarnation") or c.has("valhalla") or (
                    c.abilities is not None and any(a.kind == "incarnation" for a in c.abilities.played))
                return (returns, -c.cost, -c.id)

            pick = max(cands, key=back)
            pool.remove(pick)
            out.append(pick)
    return out


__all__ = ["FETCH_TOP", "best_fetch", "candidates", "fetch_facts", "grave_facts", "graveyard_fetches",
           "uses_fetch"]
