"""Deck legality under a ruleset and a format (RULES.md §2).

    >>> report = check_deck(deck, load_ruleset("relaunch"), "constructed")
    >>> report.legal, [p.code for p in report.problems]

Problem codes (the deck is illegal): ``deck_size``, ``copies``, ``banned``, ``set_not_allowed``.
Warning codes (legal, but worth knowing): ``unique_copies``, ``incomplete_card``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from analysis.decks import Deck
from analysis.rules import Ruleset
from analysis.textnorm import normalize_name

PROBLEM_CODES = ("deck_size", "copies", "banned", "set_not_allowed")
WARNING_CODES = ("unique_copies", "incomplete_card")


@dataclass(frozen=True)
class Finding:
    """One problem or warning: a stable code, the card it is about ("" for the whole deck), a message."""

    code: str
    card: str
    message: str


@dataclass(frozen=True)
class LegalityReport:
    ruleset: str
    format: str
    cards: int
    problems: tuple[Finding, ...]
    warnings: tuple[Finding, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, object]:
        """The ``berserk check --json`` object."""
        return {
            "legal": self.legal,
            "ruleset": self.ruleset,
            "format": self.format,
            "cards": self.cards,
            "problems": [asdict(p) for p in self.problems],
            "warnings": [asdict(w) for w in self.warnings],
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
                )
            )
        if flagged or key in banned_names:
            why = "banned in tournaments" if flagged else f"banned by ruleset {rules.name!r}"
            problems.append(
                Finding(
                    "banned",
                    card.name,
                    (f"{card.name!r} is {why}; remove {'it' if count == 1 else f'all {count} copies'}"),
                )
            )
        unique = card.unique or (rules.squad.uniqueness == "elite_unique" and card.elite)
        if unique and count > 1:
            warnings.append(
                Finding(
                    "unique_copies",
                    card.name,
                    (
                        f"{card.name!r} is unique: only 1 of its {count} copies can be in a squad at once "
                        f"(the other {count - 1} can never join the same squad)"
                    ),
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
                )
            )

    return LegalityReport(rules.name, fmt, size, tuple(problems), tuple(warnings))


def _missing_facts(card) -> list[str]:
    out = []
    if card.life is None and card.type != "terrain":
        out.append("life")
    if card.strike is None and card.type not in ("artifact", "terrain"):
        out.append("strike")
    return out
