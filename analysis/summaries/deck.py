"""Tables that describe a deck and the card table, for the dashboard and reports.

Plain functions returning pandas DataFrames (or small frozen dataclasses), so a page only draws:

    >>> deck = read_deck("data/decks/tournament-01.txt", load_cards())
    >>> cost_curve(deck).groupby("kind").copies.sum().to_dict()
    {'elite': 12, 'ordinary': 18}

Copies are counted per card of the deck (one row per copy dealt), so every table sums to the deck
size except where a card belongs to several elements (it is counted once per element, as the
element adjustment counts it, RULES.md §1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from analysis.cards.schema import CARD_TYPES, ELEMENTS, keywords
from analysis.cards.table import Card, CardDB
from analysis.decks.coverage import status_of
from analysis.decks.deck import (
    Deck,
    check_deck_size,
    decode_deck_bytes,
    guess_format,
    parse_deck,
    read_deck,
    sample_deck_paths,
)
from analysis.decks.legality import Finding, LegalityReport
from analysis.rules import Ruleset
from analysis.util.catalog import Catalog
from analysis.util.errors import BerserkInputError

NEUTRAL = "neutral"
ELEMENT_ORDER = (*ELEMENTS, NEUTRAL)
"""Elements in display order; ``neutral`` stands for cards without an element."""

STATUS_ORDER = ("problem", "warning", "info", "ok")


def card_elements(card: Card) -> tuple[str, ...]:
    """The card's elements, ``("neutral",)`` for a card without any."""
    return card.elements or (NEUTRAL,)


def strike_text(card: Card) -> str:
    """Printed simple strike as ``X-Y-Z`` (empty when the card has none)."""
    return "-".join(str(s) for s in card.strike) if card.strike else ""


def is_unique_under(card: Card, rules: Ruleset) -> bool:
    """Whether only one copy of the card can be in a squad under ``rules`` (flag, or elite in realms)."""
    return card.unique or (rules.squad.uniqueness == "elite_unique" and card.elite)


# --------------------------------------------------------------------------- deck tables


def deck_frame(deck: Deck) -> pd.DataFrame:
    """One row per deck entry with the facts a player scans: count, name, cost, elite, type, …"""
    rows = [
        {
            "count": e.count,
            "name": e.card.name,
            "code": e.card.code,
            "cost": e.card.cost,
            "elite": e.card.elite,
            "type": e.card.type,
            "elements": ", ".join(card_elements(e.card)),
            "life": e.card.life,
            "strike": strike_text(e.card),
            "move": e.card.move,
            "unique": e.card.unique,
        }
        for e in deck.entries
    ]
    frame = pd.DataFrame(
        rows,
        columns=["count", "name", "code", "cost", "elite", "type", "elements", "life", "strike", "move",
                 "unique"],
    )
    frame["life"] = frame["life"].astype("Int64")
    return frame


def cost_curve(deck: Deck) -> pd.DataFrame:
    """Copies per (cost, elite/ordinary): the deck's cost curve in long form, every cost min..max."""
    counts: dict[tuple[int, str], int] = {}
    for e in deck.entries:
        key = (e.card.cost, "elite" if e.card.elite else "ordinary")
        counts[key] = counts.get(key, 0) + e.count
    top = max((c for c, _ in counts), default=0)
    low = min((c for c, _ in counts), default=0)
    rows = [
        {"cost": cost, "kind": kind, "copies": counts.get((cost, kind), 0)}
        for cost in range(low, top + 1)
        for kind in ("elite", "ordinary")
    ]
    return pd.DataFrame(rows, columns=["cost", "kind", "copies"])


def elite_split(deck: Deck) -> pd.DataFrame:
    """Elite against ordinary: copies, total cost and mean cost (elites are paid with gold only)."""
    rows = []
    for kind, elite in (("elite", True), ("ordinary", False)):
        entries = [e for e in deck.entries if e.card.elite == elite]
        copies = sum(e.count for e in entries)
        total = sum(e.count * e.card.cost for e in entries)
        mean = total / copies if copies else 0.0
        rows.append({"kind": kind, "copies": copies, "total_cost": total, "mean_cost": mean})
    return pd.DataFrame(rows, columns=["kind", "copies", "total_cost", "mean_cost"])


def element_counts(deck: Deck) -> pd.DataFrame:
    """Copies and distinct cards per element (neutral included); multi-element cards count in each."""
    copies = dict.fromkeys(ELEMENT_ORDER, 0)
    names: dict[str, set[str]] = {e: set() for e in ELEMENT_ORDER}
    for e in deck.entries:
        for element in card_elements(e.card):
            copies[element] += e.count
            names[element].add(e.card.key)
    rows = [
        {"element": el, "copies": copies[el], "cards": len(names[el])} for el in ELEMENT_ORDER if copies[el]
    ]
    return pd.DataFrame(rows, columns=["element", "copies", "cards"])


def type_counts(deck: Deck) -> pd.DataFrame:
    """Copies per card type, in the card table's type order (types absent from the deck left out)."""
    copies = dict.fromkeys(CARD_TYPES, 0)
    for e in deck.entries:
        copies[e.card.type] += e.count
    rows = [{"type": t, "copies": n} for t, n in copies.items() if n]
    return pd.DataFrame(rows, columns=["type", "copies"])


def flyer_costs(deck: Deck) -> pd.DataFrame:
    """The deck's flying creatures with their cost, copies and elite flag, dearest first."""
    rows = [
        {"name": e.card.name, "cost": e.card.cost, "copies": e.count, "elite": e.card.elite}
        for e in deck.entries
        if e.card.is_flyer
    ]
    frame = pd.DataFrame(rows, columns=["name", "cost", "copies", "elite"])
    return frame.sort_values(["cost", "name"], ascending=[False, True], ignore_index=True)


@dataclass(frozen=True)
class FlyerSummary:
    """Flyers against the squad's flying cost cap (``cap = 0``: no cap in this ruleset)."""

    copies: int
    distinct: int
    cheapest: int | None
    cost_one_of_each: int
    cap: int

    @property
    def all_fit(self) -> bool:
        """Whether one copy of every flyer fits under the cap together."""
        return self.cap == 0 or self.cost_one_of_each <= self.cap


def flyer_summary(deck: Deck, rules: Ruleset) -> FlyerSummary:
    """How the deck's flyers sit against ``rules.squad.flying_cost_cap``."""
    frame = flyer_costs(deck)
    return FlyerSummary(
        copies=int(frame["copies"].sum()) if len(frame) else 0,
        distinct=len(frame),
        cheapest=int(frame["cost"].min()) if len(frame) else None,
        cost_one_of_each=int(frame["cost"].sum()) if len(frame) else 0,
        cap=rules.squad.flying_cost_cap,
    )


def unique_copies(deck: Deck, rules: Ruleset) -> pd.DataFrame:
    """Unique cards under ``rules`` with their copies: only one can be in a squad, the rest are dead."""
    counts = deck.counts_by_name()
    seen: set[str] = set()
    rows = []
    for e in deck.entries:
        if e.card.key in seen or not is_unique_under(e.card, rules):
            continue
        seen.add(e.card.key)
        n = counts[e.card.key]
        rows.append({"name": e.card.name, "copies": n, "usable": 1, "dead": n - 1, "elite": e.card.elite})
    return pd.DataFrame(rows, columns=["name", "copies", "usable", "dead", "elite"])


@dataclass(frozen=True)
class DeckStats:
    """Headline numbers of a deck."""

    cards: int
    distinct: int
    mean_cost: float
    elites: int
    ordinaries: int
    flyers: int
    elements: tuple[str, ...]
    dead_unique_copies: int


def deck_stats(deck: Deck, rules: Ruleset) -> DeckStats:
    """Size, distinct names, mean cost, elite/ordinary/flyer copies, elements, dead unique copies."""
    cards = deck.cards()
    elements = tuple(el for el in ELEMENTS if any(el in c.elements for c in cards))
    return DeckStats(
        cards=len(cards),
        distinct=len(deck.counts_by_name()),
        mean_cost=sum(c.cost for c in cards) / len(cards) if cards else 0.0,
        elites=sum(1 for c in cards if c.elite),
        ordinaries=sum(1 for c in cards if not c.elite),
        flyers=sum(1 for c in cards if c.is_flyer),
        elements=elements,
        dead_unique_copies=int(unique_copies(deck, rules)["dead"].sum()),
    )


# --------------------------------------------------------------------------- legality against cards


def legality_frame(deck: Deck, report: LegalityReport,
                   describe: Callable[[Finding], str] | None = None) -> pd.DataFrame:
    """Every deck entry with its findings: ``status`` (problem/warning/info/ok), the codes and texts.

    Findings about a card name attach to every entry (printing) of that name; findings about the
    whole deck (``card == ""``) are in :func:`deck_findings`. ``codes`` lists the findings' codes
    (``|``-joined) and ``findings`` their texts (one per line): ``describe(finding)``, by default
    ``"code: message"`` (a dashboard passes its own wording).
    """
    describe = describe or (lambda f: f"{f.code}: {f.message}")
    by_name: dict[str, list[tuple[str, str, str]]] = {}
    for kind, findings in report.by_level():
        for f in findings:
            if f.card:
                by_name.setdefault(f.card, []).append((kind, f.code, describe(f)))
    rows = []
    for e in deck.entries:
        found = by_name.get(e.card.name, [])
        kinds = {k for k, _, _ in found}
        status = next((s for s in STATUS_ORDER if s in kinds), "ok")
        rows.append(
            {
                "status": status,
                "count": e.count,
                "name": e.card.name,
                "code": e.card.code,
                "codes": "|".join(c for _, c, _ in found),
                "findings": "\n".join(m for _, _, m in found),
            }
        )
    frame = pd.DataFrame(rows, columns=["status", "count", "name", "code", "codes", "findings"])
    order = {s: i for i, s in enumerate(STATUS_ORDER)}
    return frame.sort_values("status", key=lambda s: s.map(order), kind="stable", ignore_index=True)


def finding_words(finding: Finding, words: Catalog, with_card: bool = True) -> str:
    """A legality finding worded from its code and numbers in the catalog's language (not the
    English message): the same words as the dashboard's (``legality.*`` of ``app/locales``)."""
    params = dict(finding.params)
    key = f"legality.{finding.code}"
    if finding.code == "deck_size":
        key += "_short" if "short" in params else "_over"
    if "count" in params:
        params["copies"] = words.tn("unit.copies", int(params["count"]))  # type: ignore[call-overload]
    if "size" in params:
        params["size"] = words.tn("unit.cards", int(params["size"]))  # type: ignore[call-overload]
    if finding.code == "copies" and params.get("horde"):
        key += "_horde"
    if finding.code == "banned":
        key += "_flag" if params.get("by_flag") else "_name"
    if "format" in params:
        params["format"] = words.t(f"format.{params['format']}")
    if "missing" in params:
        params["missing"] = ", ".join(words.t(f"missing.{m}") for m in params["missing"])  # type: ignore
    text = words.t(key, card=finding.card, **params)
    return words.t("legality.about", card=finding.card, text=text) if with_card and finding.card else text


def deck_findings(report: LegalityReport) -> pd.DataFrame:
    """Findings about the deck as a whole (size and the like): kind, code, message."""
    rows = [
        {"kind": kind, "code": f.code, "message": f.message}
        for kind, findings in report.by_level()
        for f in findings
        if not f.card
    ]
    return pd.DataFrame(rows, columns=["kind", "code", "message"])


# --------------------------------------------------------------------------- loading and editing


def deck_from_bytes(name: str, data: bytes, db: CardDB, fmt: str | None = None) -> Deck:
    """An uploaded or pasted deck file: size, binary and encoding checked, format guessed from name or text.

    Only the bytes are read (nothing is executed or written); errors are :class:`BerserkInputError`
    with the line, the card and the closest names.
    """
    text = decode_deck_bytes(data, name)
    chosen = fmt or guess_format(name, text)
    return parse_deck(text, db, chosen, name)


def sample_decks(db: CardDB) -> dict[str, Deck]:
    """The built-in sample decks by file stem (``tournament-01`` …)."""
    return {p.stem: read_deck(p, db) for p in sample_deck_paths()}


def deck_label(stem: str, deck: Deck) -> str:
    """``tournament-01 — Ковеноглина (30 cards)``: how a sample is named in pickers."""
    title = f" — {deck.title}" if deck.title else ""
    return f"{stem}{title} ({deck.size} cards)"


def set_copies(deck: Deck, card: Card, count: int) -> Deck:
    """The deck with exactly ``count`` copies of this printing (0 removes it); order kept, new cards last."""
    if count < 0:
        raise BerserkInputError(f"copies of {card.name!r} must be ≥ 0, got {count}")
    items = [(e.card, e.count) for e in deck.entries if e.card.id != card.id]
    position = next((i for i, e in enumerate(deck.entries) if e.card.id == card.id), len(items))
    items.insert(position, (card, count))
    check_deck_size(sum(n for _, n in items if n > 0), "the edited deck")
    return deck.with_counts(items)


def add_copies(deck: Deck, card: Card, count: int = 1) -> Deck:
    """The deck with ``count`` more copies of this printing."""
    have = next((e.count for e in deck.entries if e.card.id == card.id), 0)
    return set_copies(deck, card, have + count)


@dataclass(frozen=True)
class CopyStep:
    """The result of one + / − on a card: the new deck, the copy limit of its name in the format
    (0 = none), and ``refused`` when a + would pass that limit (the deck is then unchanged)."""

    deck: Deck
    copies: int
    limit: int
    refused: bool


def copy_limit(card: Card, rules: Ruleset, fmt: str) -> int:
    """How many copies of the card's name a deck may hold in ``fmt`` (0 = no limit; Horde cards
    have their own limit, 000 glossary "Horde")."""
    limits = rules.deck_limits(fmt)
    return limits.horde_copies if card.horde else limits.copies


def step_copies(deck: Deck, card: Card, delta: int, rules: Ruleset, fmt: str) -> CopyStep:
    """One more (``delta = 1``) or one fewer (``delta = -1``) copy of this printing, within the copy
    limit of its name: a + that would pass the limit is refused; a − on the last copy removes it."""
    if delta not in (1, -1):
        raise BerserkInputError(f"a deck edit adds or removes one copy, got {delta}")
    limit = copy_limit(card, rules, fmt)
    have = copies_in(deck, card)
    if delta == 1 and limit and have >= limit:
        return CopyStep(deck, have, limit, True)
    printing = next((e.count for e in deck.entries if e.card.id == card.id), 0)
    if delta == -1 and printing == 0:
        return CopyStep(deck, have, limit, False)
    new = set_copies(deck, card, printing + delta)
    return CopyStep(new, copies_in(new, card), limit, False)


def copies_in(deck: Deck, card: Card) -> int:
    """Copies of the card's name in the deck (all printings)."""
    return deck.counts_by_name().get(card.key, 0)


# --------------------------------------------------------------------------- the card table


def card_frame(
    db: CardDB,
    text: str | None = None,
    sets: list[int] | None = None,
    elements: list[str] | None = None,
    types: list[str] | None = None,
    cost: tuple[int, int] | None = None,
    elite: bool | None = None,
    keyword_columns: list[str] | None = None,
    statuses: list[str] | None = None,
) -> pd.DataFrame:
    """The card table filtered like ``berserk cards``: name part, sets, elements (incl. neutral),
    types, a cost range, elite or ordinary, cards having every given keyword, and (``statuses``)
    how much of the card's text the battle plays: ``full``, ``partial``, ``none`` (``none`` also
    takes a printing without ability facts; :func:`analysis.decks.coverage.status_of`)."""
    cards = db.filter(sets=sets or None, elements=elements or None, types=types or None, text=text or None)
    if cost is not None:
        cards = [c for c in cards if cost[0] <= c.cost <= cost[1]]
    if elite is not None:
        cards = [c for c in cards if c.elite == elite]
    for column in keyword_columns or ():
        cards = [c for c in cards if c.has(column)]
    if statuses:
        cards = [c for c in cards if played_status(c) in statuses]
    rows = [
        {
            "id": c.id,
            "code": c.code,
            "name": c.name,
            "set": c.set_name,
            "type": c.type,
            "elements": ", ".join(card_elements(c)),
            "cost": c.cost,
            "elite": c.elite,
            "unique": c.unique,
            "life": c.life,
            "strike": strike_text(c),
            "move": c.move,
            "keywords": ", ".join(_keyword_label(k, v) for k, v in c.keywords),
            "status": played_status(c),
        }
        for c in cards
    ]
    frame = pd.DataFrame(
        rows,
        columns=["id", "code", "name", "set", "type", "elements", "cost", "elite", "unique", "life",
                 "strike", "move", "keywords", "status"],
    )
    frame["life"] = frame["life"].astype("Int64")
    return frame


def played_status(card: Card) -> str:
    """How much of the printing's text the battle plays: ``full``, ``partial`` or ``none`` (a
    printing without ability facts plays nothing of its text either)."""
    status = status_of(card)
    return "none" if status == "missing" else status


def _keyword_label(column: str, value: int) -> str:
    kind = next((k.kind for k in keywords() if k.column == column), "flag")
    return f"{column} {value}" if kind == "number" else column


def keyword_columns_in_use(db: CardDB) -> list[str]:
    """Keyword columns that at least one card has, in the keyword table's order."""
    used = {k for c in db for k, _ in c.keywords}
    return [k.column for k in keywords() if k.column in used]


def card_details(card: Card) -> dict[str, object]:
    """A card's stats as label → value (for a details panel)."""
    return {
        "Name": card.name,
        "Set / number": f"{card.set_name} ({card.code})",
        "Type": card.type,
        "Elements": ", ".join(card_elements(card)),
        "Cost": f"{card.cost} {'gold (elite)' if card.elite else '(ordinary: gold or silver)'}",
        "Life": "—" if card.life is None else card.life,
        "Strike (weak-medium-strong)": strike_text(card) or "—",
        "Move": card.move,
        "Unique": "yes" if card.unique else "no",
        "Horde": "yes" if card.horde else "no",
        "Banned in tournaments": "yes" if card.banned else "no",
        "Classes": ", ".join(card.classes) or "—",
        "Complete data": "yes" if card.complete else "no (some facts missing)",
    }


def card_keywords(card: Card) -> pd.DataFrame:
    """The card's keywords with their value and meaning from ``data/keywords.csv``."""
    meaning = {k.column: k for k in keywords()}
    rows = [
        {
            "keyword": column,
            "value": value if meaning.get(column) and meaning[column].kind == "number" else "",
            "meaning": meaning[column].meaning if column in meaning else "",
        }
        for column, value in card.keywords
    ]
    return pd.DataFrame(rows, columns=["keyword", "value", "meaning"])


__all__ = [
    "DeckStats",
    "FlyerSummary",
    "add_copies",
    "card_details",
    "card_elements",
    "card_frame",
    "card_keywords",
    "copies_in",
    "copy_limit",
    "CopyStep",
    "cost_curve",
    "deck_findings",
    "deck_frame",
    "deck_from_bytes",
    "deck_label",
    "deck_stats",
    "elite_split",
    "element_counts",
    "flyer_costs",
    "flyer_summary",
    "is_unique_under",
    "keyword_columns_in_use",
    "legality_frame",
    "sample_decks",
    "set_copies",
    "step_copies",
    "strike_text",
    "type_counts",
    "unique_copies",
]
