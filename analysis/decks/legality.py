"""Deck legality under a ruleset and a format (RULES.md §2).

    >>> report = check_deck(deck, load_ruleset("relaunch"), "constructed")
    >>> report.legal, [p.code for p in report.problems]

Three levels of findings, each with a stable code:

- problems (the deck is illegal): ``deck_size``, ``copies``, ``banned``, ``set_not_allowed``;
- warnings (legal, but a figure may be off): ``incomplete_card``;
- information (legal and fine, worth knowing): ``unique_copies`` — several copies of a unique card
  are allowed; only one can be in a squad (002 L229), the others raise the odds of drawing it.

Each finding carries its numbers in ``params`` so a dashboard can word it in another language.
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.decks.deck import Deck
from analysis.rules import Ruleset
from analysis.util.textnorm import normalize_name

PROBLEM_CODES = ("deck_size", "copies", "banned", "set_not_allowed")
WARNING_CODES = ("incomplete_card",)
INFO_CODES = ("unique_copies",)
LEVELS = ("problem", "warning", "info")
BAN_LIST_DATE = "March 2026"
"""Date of the ban list carried by the card table's ``banned`` flag (data/README.md)."""


@dataclass(frozen=True)
class Finding:
    """One finding: a stable code, the card it is about ("" for the whole deck), an English message,
    and the numbers in it (``params``: name → value pairs, for messages in other languages)."""

    code: str
    card: str
    message: str
    params: tuple[tuple[str, object], ...] = ()

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "card": self.card, "message": self.message}


@dataclass(frozen=True)
class LegalityReport:
    ruleset: str
    format: str
    cards: int
    problems: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    info: tuple[Finding, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems

    def by_level(self) -> tuple[tuple[str, tuple[Finding, ...]], ...]:
        """``(("problem", problems), ("warning", warnings), ("info", info))``."""
        return (("problem", self.problems), ("warning", self.warnings), ("info", self.info))

    def to_dict(self) -> dict[str, object]:
        """The ``berserk check --json`` object."""
        return {
            "legal": self.legal,
            "ruleset": self.ruleset,
            "format": self.format,
            "cards": self.cards,
            "problems": [p.to_dict() for p in self.problems],
            "warnings": [w.to_dict() for w in self.warnings],
            "info": [i.to_dict() for i in self.info],
        }


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} " + (word[:-1] + "ies" if word.endswith("y") else word + "s")


def check_deck(deck: Deck, rules: Ruleset, fmt: str = "constructed") -> LegalityReport:
    """Every problem and warning of ``deck`` under ``rules`` in format ``fmt``."""
    limits = rules.deck_limits(fmt)
    problems: list[Finding] = []
    warnings: list[Finding] = []
    info: list[Finding] = []

    size = deck.size
    if size < limits.min_cards:
        problems.append(
            Finding(
                "deck_size",
                "",
                (
                    f"the deck has {_plural(size, 'card')}; {fmt} needs at least {limits.min_cards} "
                    f"({limits.min_cards - size} short)"
                ),
                (("size", size), ("format", fmt), ("min", limits.min_cards),
                 ("short", limits.min_cards - size)),
            )
        )
    elif size > limits.max_cards:
        problems.append(
            Finding(
                "deck_size",
                "",
                (
                    f"the deck has {_plural(size, 'card')}; {fmt} allows at most {limits.max_cards} "
                    f"({size - limits.max_cards} over)"
                ),
                (("size", size), ("format", fmt), ("max", limits.max_cards),
                 ("over", size - limits.max_cards)),
            )
        )

    first_of_name = {}
    for entry in deck.entries:
        first_of_name.setdefault(entry.card.key, entry.card)
    counts = deck.counts_by_name()
    banned_names = {normalize_name(n) for n in rules.bans.names}
    for key, count in counts.items():
        card = first_of_name[key]
        printings = [e.card for e in deck.entries if e.card.key == key]
        any_horde = any(c.horde for c in printings)
        flagged = rules.bans.use_card_flag and any(c.banned for c in printings)
        limit = limits.horde_copies if any_horde else limits.copies
        if limit and count > limit:
            kind = "a Horde card" if any_horde else "a card"
            problems.append(
                Finding(
                    "copies",
                    card.name,
                    (
                        f"{count} copies of {card.name!r}: {kind} may have at most {limit} in {fmt} "
                        f"({count - limit} over)"
                    ),
                    (("count", count), ("limit", limit), ("format", fmt), ("over", count - limit),
                     ("horde", any_horde)),
                )
            )
        if flagged or key in banned_names:
            why = (f"on the tournament ban list ({BAN_LIST_DATE})" if flagged
                   else f"banned by ruleset {rules.name!r}")
            problems.append(
                Finding(
                    "banned",
                    card.name,
                    (f"{card.name!r} is {why}; remove {'it' if count == 1 else f'all {count} copies'}"),
                    (("count", count), ("by_flag", flagged), ("ruleset", rules.name)),
                )
            )
        unique = card.unique or (rules.squad.uniqueness == "elite_unique" and card.elite)
        if unique and count > 1:
            info.append(
                Finding(
                    "unique_copies",
                    card.name,
                    (
                        f"{card.name!r}: {count} copies of a unique card: one can be in a squad; "
                        "the others raise the odds of drawing it"
                    ),
                    (("count", count),),
                )
            )

    if rules.bans.allowed_sets:
        allowed = set(rules.bans.allowed_sets)
        for entry in deck.entries:
            if entry.card.set_id not in allowed:
                sets = ", ".join(str(s) for s in sorted(allowed))
                problems.append(
                    Finding(
                        "set_not_allowed",
                        entry.card.name,
                        (
                            f"{entry.card.label()} is from set {entry.card.set_id} ({entry.card.set_name}); "
                            f"ruleset {rules.name!r} allows only sets {sets} "
                            f"({_plural(entry.count, 'copy')} to replace)"
                        ),
                        (("code", entry.card.code), ("set", entry.card.set_id),
                         ("set_name", entry.card.set_name), ("allowed", sets), ("count", entry.count),
                         ("ruleset", rules.name)),
                    )
                )

    for entry in deck.entries:
        if not entry.card.complete:
            missing = ", ".join(_missing_facts(entry.card)) or "some facts"
            warnings.append(
                Finding(
                    "incomplete_card",
                    entry.card.name,
                    (
                        f"{entry.card.label()} has no {missing} in the card data; figures that need it "
                        "treat it as unknown"
                    ),
                    (("code", entry.card.code), ("missing", tuple(_missing_facts(entry.card)))),
                )
            )

    return LegalityReport(rules.name, fmt, size, tuple(problems), tuple(warnings), tuple(info))


def _missing_facts(card) -> list[str]:
    out = []
    if card.life is None and card.type != "terrain":
        out.append("life")
    if card.strike is None and card.type not in ("artifact", "terrain"):
        out.append("strike")
    return out
