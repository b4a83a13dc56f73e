"""How much of the card list the ability facts model: by icon, by set and by sample-deck copies.

Computed from the card table and ``data/abilities`` (plus users' files), never written out by
hand. A printing counts as *modelled* when its entry's status is ``full`` or ``partial``; for the
attack icons, a creature printing has *its attacks modelled* when, for every attack icon it carries,
its entry has an ability of that kind (``sht`` → shot, ``thr`` → throw, ``dsc`` → discharge, ``mht``
→ magic strike; issue 9's target: at least 60 % of the creature printings with one of these icons).

    >>> from analysis.cards.table import load_cards
    >>> report = coverage(load_cards())
    >>> 0.0 <= report.attack_icons.share <= 1.0
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from analysis.cards.table import Card, CardDB
from analysis.decks.deck import Deck

ICON_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "sht": ("shot", ("shot",)),
    "thr": ("throw", ("throw",)),
    "dsc": ("discharge", ("discharge",)),
    "mht": ("magic_strike", ("magic_strike",)),
    "uht": ("unanswerable_strike", ("unanswerable", "special_strike")),
    "sph": ("special_strike", ("special_strike",)),
    "uchr": ("strike_through_row", ("strike_through_row",)),
    "spl": ("spell", ("spell",)),
    "imp": ("effect", ("effect",)),
}
"""Icon code → (keyword column, the ability kinds that express it)."""
ATTACK_ICONS = ("sht", "thr", "dsc", "mht")
STATUSES = ("full", "partial", "none", "missing")
"""An entry's status, or ``missing`` when the printing has no entry yet."""


@dataclass(frozen=True)
class Share:
    """``modelled`` of ``total`` (and the share; 0 when there is nothing to count)."""

    total: int
    modelled: int

    @property
    def share(self) -> float:
        return self.modelled / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, float | int]:
        return {"total": self.total, "modelled": self.modelled, "share": round(self.share, 4)}


@dataclass(frozen=True)
class IconRow:
    icon: str
    column: str
    creatures: Share
    """Creature printings with the icon; modelled = an ability of its kind in their entry."""


@dataclass(frozen=True)
class SetRow:
    set_id: int
    set_name: str
    printings: int
    status: dict[str, int]
    """Printings per status (:data:`STATUSES`)."""

    @property
    def modelled(self) -> Share:
        return Share(self.printings, self.status["full"] + self.status["partial"])


@dataclass(frozen=True)
class DeckRow:
    deck: str
    copies: int
    status: dict[str, int]
    """Copies per status."""

    @property
    def modelled(self) -> Share:
        return Share(self.copies, self.status["full"] + self.status["partial"])


@dataclass(frozen=True)
class Coverage:
    """The coverage report (see the module docstring)."""

    by_icon: tuple[IconRow, ...]
    attack_icons: Share
    """Creature printings with a ``sht``/``thr``/``dsc``/``mht`` icon whose attacks are all modelled."""
    by_set: tuple[SetRow, ...]
    decks: tuple[DeckRow, ...]
    all_printings: Share
    kinds: dict[str, int]
    """Abilities per kind over every entry."""

    @property
    def deck_copies(self) -> DeckRow:
        """All sample decks' copies together."""
        status = {s: sum(d.status[s] for d in self.decks) for s in STATUSES}
        return DeckRow("all", sum(d.copies for d in self.decks), status)

    def to_dict(self) -> dict[str, object]:
        total = self.deck_copies
        return {
            "all_printings": self.all_printings.to_dict(),
            "attack_icons": self.attack_icons.to_dict(),
            "by_icon": [{"icon": r.icon, "column": r.column, **r.creatures.to_dict()} for r in self.by_icon],
            "by_set": [
                {
                    "set": r.set_id,
                    "name": r.set_name,
                    "printings": r.printings,
                    "status": r.status,
                    "modelled_share": round(r.modelled.share, 4),
                }
                for r in self.by_set
            ],
            "sample_decks": {
                "copies": total.copies,
                "status": total.status,
                "modelled_share": round(total.modelled.share, 4),
                "decks": [
                    {
                        "deck": d.deck,
                        "copies": d.copies,
                        "status": d.status,
                        "modelled_share": round(d.modelled.share, 4),
                    }
                    for d in self.decks
                ],
            },
            "kinds": dict(self.kinds),
        }


def status_of(card: Card) -> str:
    """The printing's modelling status, ``missing`` without an entry."""
    return card.abilities.status if card.abilities is not None else "missing"


def kinds_of(card: Card) -> set[str]:
    """The kinds of the abilities the card plays (one with ``requires`` is never played, so an
    attack icon it stands for does not count as modelled)."""
    return {a.kind for a in card.abilities.played} if card.abilities is not None else set()


def icons_of(card: Card) -> list[str]:
    """The icon codes (of :data:`ICON_KINDS`) the printing carries."""
    return [icon for icon, (column, _) in ICON_KINDS.items() if card.has(column)]


def attacks_modelled(card: Card, icons: Iterable[str] = ATTACK_ICONS) -> bool:
    """Whether every attack icon the card carries comes with an ability of its kind."""
    kinds = kinds_of(card)
    carried = [i for i in icons if card.has(ICON_KINDS[i][0])]
    return bool(carried) and all(kinds & set(ICON_KINDS[i][1]) for i in carried)


def coverage(db: CardDB, decks: Sequence[Deck] = ()) -> Coverage:
    """The coverage of ``db``'s printings and of ``decks``' copies (default: the sample decks)."""
    if not decks:
        from analysis.decks.deck import read_deck, sample_deck_paths

        decks = [read_deck(p, db) for p in sample_deck_paths()]
    creatures = [c for c in db if c.is_creature]
    rows = []
    for icon, (column, kinds) in ICON_KINDS.items():
        carriers = [c for c in creatures if c.has(column)]
        rows.append(
            IconRow(icon, column, Share(len(carriers), sum(1 for c in carriers if kinds_of(c) & set(kinds))))
        )
    with_attack_icon = [c for c in creatures if any(c.has(ICON_KINDS[i][0]) for i in ATTACK_ICONS)]
    attack = Share(len(with_attack_icon), sum(1 for c in with_attack_icon if attacks_modelled(c)))
    sets: dict[int, list[Card]] = {}
    for c in db:
        sets.setdefault(c.set_id, []).append(c)
    by_set = tuple(
        SetRow(sid, cards[0].set_name, len(cards), _count(cards)) for sid, cards in sorted(sets.items())
    )
    deck_rows = tuple(deck_row(d) for d in decks)
    everything = _count(db)
    kinds: dict[str, int] = {}
    for c in db:
        for a in c.abilities.abilities if c.abilities is not None else ():
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
    return Coverage(
        tuple(rows),
        attack,
        by_set,
        deck_rows,
        Share(len(db), everything["full"] + everything["partial"]),
        dict(sorted(kinds.items())),
    )


def deck_row(deck: Deck) -> DeckRow:
    """How many of ``deck``'s copies are modelled ``full``, ``partial``, ``none`` (or have no
    entry): what the Matchup page states for each side."""
    return DeckRow(
        deck.title or "?",
        sum(e.count for e in deck.entries),
        _count(c for e in deck.entries for c in [e.card] * e.count),
    )


def _count(cards: Iterable[Card]) -> dict[str, int]:
    out = dict.fromkeys(STATUSES, 0)
    for c in cards:
        out[status_of(c)] += 1
    return out


def coverage_text(report: Coverage) -> str:
    """The report as plain text tables."""
    lines = ["Ability facts coverage (status full or partial = modelled)", ""]
    a = report.attack_icons
    lines.append(
        f"creature printings with a sht/thr/dsc/mht icon, attacks modelled: {a.modelled}/{a.total} "
        f"({a.share:.1%}; target ≥ 60 %)"
    )
    p = report.all_printings
    lines.append(f"all printings modelled: {p.modelled}/{p.total} ({p.share:.1%})")
    lines += ["", "by icon (creature printings with the icon that have an ability of its kind):"]
    for r in report.by_icon:
        lines.append(
            f"  {r.icon:<5} {r.column:<20} {r.creatures.modelled:>4}/{r.creatures.total:<4} "
            f"{r.creatures.share:6.1%}"
        )
    lines += ["", "by set (printings: full / partial / none / no entry):"]
    for r in report.by_set:
        s = r.status
        lines.append(
            f"  {r.set_id:>3} {r.set_name:<22} {r.printings:>4}: {s['full']:>4} / {s['partial']:>4} / "
            f"{s['none']:>4} / {s['missing']:>4}   modelled {r.modelled.share:6.1%}"
        )
    total = report.deck_copies
    lines += ["", "sample decks (copies: full / partial / none / no entry):"]
    for r in (*report.decks, total):
        s = r.status
        lines.append(
            f"  {r.deck:<22} {r.copies:>4}: {s['full']:>4} / {s['partial']:>4} / {s['none']:>4} / "
            f"{s['missing']:>4}   modelled {r.modelled.share:6.1%}"
        )
    return "\n".join(lines)


__all__ = [
    "ATTACK_ICONS",
    "Coverage",
    "ICON_KINDS",
    "Share",
    "attacks_modelled",
    "deck_row",
    "coverage",
    "coverage_text",
    "icons_of",
    "status_of",
]
