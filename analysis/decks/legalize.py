"""A legal version of a deck: each banned card replaced by the closest legal card (issue 21 item 4).

    >>> legal, replaced = legal_version(deck, db, load_ruleset("relaunch"))
    >>> [(r.banned.name, r.copies, r.added.name) for r in replaced]

**The rule.** All copies of a banned card B give way to as many copies of one card C, the first of
these lists that has one:

1. *like for like*: C has B's type, B's elements exactly and B's rank (elite or ordinary);
2. *the deck's colours*: C has B's type and rank, and every element of C is one of the deck's (or C
   is neutral).

C is the newest printing of its name, legal under the ruleset (not banned by the card flag or by
name), with complete facts and its text modelled in full or in part (ability status ``full`` or
``partial``: the battle plays it; set 22's cards have no texts), and its name is not in the deck
yet (so the copy limits hold). Among those, the closest to B wins: the smallest cost difference,
then life difference, then the sum of the strike differences (weak, medium, strong), then the move
difference, then the name in alphabetical order (so the choice never depends on the order of the
card table). A deck without banned cards is returned as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.cards.table import Card, CardDB
from analysis.decks.coverage import status_of
from analysis.decks.deck import Deck, DeckEntry
from analysis.rules import Ruleset
from analysis.util.errors import BerserkInputError
from analysis.util.textnorm import normalize_name

STEPS = ("like for like", "the deck's colours")
"""The candidate lists of the rule, in order (module docstring)."""


@dataclass(frozen=True)
class Replacement:
    """``copies`` of the banned card ``banned`` replaced by ``added``, found at ``step``."""

    banned: Card
    added: Card
    copies: int
    step: str

    def label(self) -> str:
        """``−2 Илинси +2 Гидра (like for like)``."""
        return f"−{self.copies} {self.banned.name} +{self.copies} {self.added.name} ({self.step})"


def is_banned(card: Card, rules: Ruleset) -> bool:
    """Whether ``card`` is banned under ``rules`` (the card flag, when applied, or the ruleset's names)."""
    names = {normalize_name(n) for n in rules.bans.names}
    return (rules.bans.use_card_flag and card.banned) or card.key in names


def _distance(card: Card, banned: Card) -> tuple:
    strike = card.strike or (0, 0, 0)
    target = banned.strike or (0, 0, 0)
    return (abs(card.cost - banned.cost), abs((card.life or 0) - (banned.life or 0)),
            sum(abs(a - b) for a, b in zip(strike, target, strict=True)), abs(card.move - banned.move),
            card.name)


def closest_legal(banned: Card, deck: Deck, db: CardDB, rules: Ruleset,
                  taken: set[str] = frozenset()) -> tuple[Card, str]:  # type: ignore[assignment]
    """The card that replaces ``banned`` in ``deck`` by the rule (module docstring) and the step that
    found it; ``taken`` are names already chosen for other banned cards of the deck."""
    in_deck = {e.card.key for e in deck.entries} | set(taken)
    colours = {el for e in deck.entries for el in e.card.elements}
    pool = [c for c in db if db.default_printing(c) is c and c.complete and not is_banned(c, rules)
            and c.key not in in_deck and c.type == banned.type and c.elite == banned.elite
            and status_of(c) in ("full", "partial")]
    steps = (
        [c for c in pool if set(c.elements) == set(banned.elements)],
        [c for c in pool if set(c.elements) <= colours],
    )
    for step, candidates in zip(STEPS, steps, strict=True):
        if candidates:
            return min(candidates, key=lambda c: _distance(c, banned)), step
    raise BerserkInputError(f"no legal card can replace {banned.label()}: none of its type and rank in the "
                            "deck's elements is left")


def legal_version(deck: Deck, db: CardDB, rules: Ruleset, title: str | None = None
                  ) -> tuple[Deck, tuple[Replacement, ...]]:
    """``deck`` with every banned card replaced by the rule of the module docstring (in place, in the
    deck's order), and the replacements made; ``title`` names the new deck (default: the old one)."""
    entries: list[DeckEntry] = []
    done: dict[str, Replacement] = {}
    for entry in deck.entries:
        if not is_banned(entry.card, rules):
            entries.append(entry)
            continue
        previous = done.get(entry.card.key)
        if previous is None:
            added, step = closest_legal(entry.card, deck, db, rules, {r.added.key for r in done.values()})
            previous = Replacement(entry.card, added, 0, step)
        done[entry.card.key] = Replacement(previous.banned, previous.added, previous.copies + entry.count,
                                           previous.step)
        entries.append(DeckEntry(previous.added, entry.count))
    merged: dict[int, int] = {}
    order: list[Card] = []
    for e in entries:
        if e.card.id not in merged:
            order.append(e.card)
        merged[e.card.id] = merged.get(e.card.id, 0) + e.count
    new = Deck(deck.title if title is None else title, tuple(DeckEntry(c, merged[c.id]) for c in order),
               deck.notes)
    return new, tuple(done.values())


__all__ = ["STEPS", "Replacement", "closest_legal", "is_banned", "legal_version"]
