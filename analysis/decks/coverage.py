"""How much of the card list the ability facts model: by icon, by set and by sample-deck copies.

Computed from the card table and ``data/abilities`` (plus users' files), never written out by
hand. A printing counts as *modelled* when its entry's status is ``full`` or ``partial``; for the
attack icons, a creature printing has *its attacks modelled* when, for every attack icon it carries,
its entry has an ability of that kind (``sht`` → shot, ``thr`` → throw, ``dsc`` → discharge, ``mht``
→ magic strike; issue 9's target: at least 60 % of the creature printings with one of these icons).

Issue 19's targets (:func:`coverage_targets`): at least 80 % of the sample decks' copies ``full``;
of the printings of the tournament sets (:data:`TOURNAMENT_SETS`) at least 50 % ``full`` and at
most 5 % ``none`` (a printing with no entry counts as ``none``: nothing of it is played). The
keyword audit (:func:`keyword_audit`) counts the printings carrying each keyword column and says,
from the ``played`` column of ``data/keywords.csv``, whether the battle plays it.

    >>> from analysis.cards.table import load_cards
    >>> report = coverage(load_cards())
    >>> 0.0 <= report.attack_icons.share <= 1.0
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from analysis.cards.abilities import Ability
from analysis.cards.schema import PLAYED, Keyword, keywords
from analysis.cards.table import Card, CardDB
from analysis.decks.deck import Deck
from analysis.util.errors import BerserkInputError

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
TOURNAMENT_SETS: tuple[int, ...] = (30, 40, 50, 60)
"""The sets the current tournaments use (30 «Семена раздора» to 60 «Призрачный легион»; issue 19)."""


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
class Target:
    """A coverage target of issue 19: ``count.modelled`` of ``count.total`` (the cards counted, e.g.
    the ``full`` copies) against a bound in per cent, met when the share is at least the bound (or
    at most, with ``at_most``). Nothing to count meets no target."""

    name: str
    label: str
    count: Share
    bound: int
    at_most: bool = False

    @property
    def met(self) -> bool:
        n, total = self.count.modelled, self.count.total
        if not total:
            return False
        return 100 * n <= self.bound * total if self.at_most else 100 * n >= self.bound * total

    @property
    def goal(self) -> str:
        """The target as text, e.g. ``≥ 80 %``."""
        return f"{'≤' if self.at_most else '≥'} {self.bound} %"

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "label": self.label, **self.count.to_dict(),
                "target": ("at most " if self.at_most else "at least ") + f"{self.bound} %", "met": self.met}


@dataclass(frozen=True)
class KeywordRow:
    """One keyword column: how the battle plays it (from ``keywords.csv``) and the printings with it."""

    keyword: Keyword
    printings: int
    by_set: dict[int, int]
    """Printings carrying it in each of :data:`TOURNAMENT_SETS`."""
    with_facts: int | None
    """Of ``printings``, those whose played facts include one named in the keyword's ``facts``
    (None when it names none)."""

    def to_dict(self) -> dict[str, object]:
        k = self.keyword
        return {"column": k.column, "code": k.code, "played": k.played, "facts": list(k.facts), "how": k.how,
                "printings": self.printings, "by_set": {str(s): n for s, n in self.by_set.items()},
                "with_facts": self.with_facts}


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
    targets: tuple[Target, ...] = ()
    """Issue 19's coverage targets (:func:`coverage_targets`)."""
    keywords: tuple[KeywordRow, ...] = ()
    """The keyword audit (:func:`keyword_audit`)."""

    def not_played(self, how: str = "no") -> tuple[KeywordRow, ...]:
        """The keyword columns with ``played`` = ``how`` (``no`` or ``partly``)."""
        return tuple(r for r in self.keywords if r.keyword.played == how)

    @property
    def deck_copies(self) -> DeckRow:
        """All sample decks' copies together."""
        return all_copies(self.decks)

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
            "targets": [t.to_dict() for t in self.targets],
            "keywords": [r.to_dict() for r in self.keywords],
            "keywords_not_played": [r.keyword.column for r in self.not_played("no")],
            "keywords_partly_played": [r.keyword.column for r in self.not_played("partly")],
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
        coverage_targets(all_copies(deck_rows), by_set),
        keyword_audit(db),
    )


def all_copies(decks: Sequence[DeckRow]) -> DeckRow:
    """The copies of all ``decks`` together, per status."""
    status = {s: sum(d.status[s] for d in decks) for s in STATUSES}
    return DeckRow("all", sum(d.copies for d in decks), status)


def coverage_targets(copies: DeckRow, by_set: Sequence[SetRow],
                     sets: Sequence[int] = TOURNAMENT_SETS) -> tuple[Target, ...]:
    """Issue 19's targets from the sample decks' copies (all decks together) and the set rows: the
    share of copies ``full`` (≥ 80 %), and of the printings of ``sets`` the share ``full`` (≥ 50 %)
    and ``none`` or without an entry (≤ 5 %)."""
    rows = [r for r in by_set if r.set_id in sets]
    printings = sum(r.printings for r in rows)
    full = sum(r.status["full"] for r in rows)
    none = sum(r.status["none"] + r.status["missing"] for r in rows)
    named = "/".join(str(s) for s in sets)
    return (
        Target("deck_copies_full", "sample decks' copies full", Share(copies.copies, copies.status["full"]),
               80),
        Target("sets_full", f"printings of sets {named} full", Share(printings, full), 50),
        Target("sets_none", f"printings of sets {named} none (or no entry)", Share(printings, none), 5,
               at_most=True),
    )


def plays(ab: Ability, name: str) -> bool:
    """Whether ability ``ab`` is one the keyword audit's ``facts`` entry ``name`` names: a kind,
    ``trigger:NAME``, ``via:NAME``, ``field:NAME`` (a field that is set, e.g. ``field:formation``) or
    ``when:VALUE`` / ``vs_state:VALUE`` (that condition, e.g. ``when:at_depth``)."""
    what, _, value = name.partition(":")
    if not value:
        return ab.kind == name
    if what == "trigger":
        return ab.cost == "trigger" and ab.trigger == value
    if what == "via":
        return ab.via == value
    if what == "field":
        return bool(getattr(ab, value, None))
    if what in ("when", "vs_state"):  # a condition of that value ("when:at_depth")
        return getattr(ab, what) == value
    return False


def keyword_audit(cards: Iterable[Card], table: Sequence[Keyword] | None = None,
                  sets: Sequence[int] = TOURNAMENT_SETS) -> tuple[KeywordRow, ...]:
    """For each keyword column (default: ``data/keywords.csv``), the printings carrying it, per set
    of ``sets``, and how many of them have a played fact of those its ``facts`` entry names."""
    cards = list(cards)
    out = []
    for kw in table if table is not None else keywords():
        carriers = [c for c in cards if c.has(kw.column)]
        with_facts = None
        if kw.facts:
            with_facts = sum(1 for c in carriers if c.abilities is not None
                             and any(plays(a, f) for a in c.abilities.played for f in kw.facts))
        out.append(KeywordRow(kw, len(carriers), {s: sum(1 for c in carriers if c.set_id == s) for s in sets},
                              with_facts))
    return tuple(out)


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
    if report.targets:
        lines += ["", "targets (issue 19; full = every rule of the card's text is played):"]
        width = max(len(t.label) for t in report.targets)
        for t in report.targets:
            c = t.count
            verdict = "met" if t.met else "not met"
            lines.append(f"  {t.label:<{width}} {c.modelled:>4}/{c.total:<4} {c.share:6.1%}   "
                         f"target {t.goal:<6} {verdict}")
    if report.keywords:
        counted = {p: sum(1 for r in report.keywords if r.keyword.played == p) for p in PLAYED}
        lines += ["", f"keyword columns the battle plays ({len(report.keywords)}; data/keywords.csv): "
                  + ", ".join(f"{p} {n}" for p, n in counted.items())]
        for how in ("no", "partly"):
            rows = report.not_played(how)
            label = "not played" if how == "no" else "partly played"
            sets = "/".join(str(s) for s in TOURNAMENT_SETS)
            named = ", ".join(f"{r.keyword.column} ({r.printings}; {sum(r.by_set.values())})" for r in rows)
            lines.append(f"  {label} (printings; in sets {sets}): {named or 'none'}")
    return "\n".join(lines)


def _named(rows: Sequence[KeywordRow]) -> str:
    return ", ".join(f"`{r.keyword.column}` ({r.printings} printings)" for r in rows) or "none"


def _pct(share: Share) -> str:
    return f"{share.share:.1%}".replace("%", " %")


PLAYED_NOTE = (
    "`keyword`: the engine reads the column and plays it; `facts`: the column plays nothing by itself, "
    "only the card's ability facts do (a printing with the icon but no such fact does not get it); "
    "`partly`: part of what the rulebook or the cards define is played; `no`: not played. *Facts*: the "
    "kinds of the facts that play it (`trigger:`, `via:`, `field:` name a fact's trigger, its class or a "
    "field it sets). Any column may also be read as a condition of another card's facts (`vs_has`, "
    "`when_keyword`: \"against creatures with teleportation\"); that does not play the keyword itself."
)
"""What the ``played`` values and the table's columns mean (the report and ``data/README.md``)."""
WITH_FACTS_NOTE = ("*With a fact*: of the printings carrying the keyword, those whose played facts "
                   "include one of those kinds.")


def keyword_table_markdown(rows: Sequence[KeywordRow], sets: Sequence[int] = TOURNAMENT_SETS,
                           with_facts: bool = True) -> str:
    """The keyword audit as a Markdown table: column, code, played, printings (all and per set of
    ``sets``), the facts that play it, how many printings have one (``with_facts``; left out of
    ``data/README.md``, whose table follows the card table and ``keywords.csv`` only), and how."""
    head = ["column", "code", "played", "printings", *(f"set {s}" for s in sets), "facts",
            *(["with a fact"] if with_facts else []), "how"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        k = r.keyword
        facts = ", ".join(f"`{f}`" for f in k.facts) or "—"
        count = ["—" if r.with_facts is None else str(r.with_facts)] if with_facts else []
        played = f"**{k.played}**" if k.played in ("no", "partly") else k.played
        counts = [str(r.printings), *(str(r.by_set.get(s, 0)) for s in sets)]
        how = (k.how or "—").replace("|", "/")
        cells = [f"`{k.column}`", f"`{k.code}`", played, *counts, facts, *count, how]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def coverage_markdown(report: Coverage, command: str = "berserk abilities --coverage") -> str:
    """The report as a Markdown page (``--out``): the targets, the sets, the sample decks and the
    keyword audit, with the command that wrote it."""
    lines = ["# Ability facts coverage", "",
             f"Written by `{command}` from the card table and `data/abilities` (nothing here is typed "
             "by hand). Status `full`: every rule of the card's text is played; `partial`: part of it; "
             "`none`: nothing; `no entry`: the printing has no facts yet.", "",
             "## Targets (issue 19)", "", "| target | counted | of | share | goal | met |",
             "|---|---|---|---|---|---|"]
    for t in report.targets:
        lines.append(f"| {t.label} | {t.count.modelled} | {t.count.total} | {_pct(t.count)} | {t.goal} | "
                     f"{'yes' if t.met else '**no**'} |")
    a, p = report.attack_icons, report.all_printings
    lines += ["", f"Creature printings with a `sht`/`thr`/`dsc`/`mht` icon whose attacks are modelled: "
              f"{a.modelled} of {a.total} ({_pct(a)}; issue 9's target ≥ 60 %). All printings modelled "
              f"(`full` or `partial`): {p.modelled} of {p.total} ({_pct(p)}).", "",
              "## By set", "", "| set | name | printings | full | partial | none | no entry | modelled |",
              "|---|---|---|---|---|---|---|---|"]
    for row in report.by_set:
        st = row.status
        lines.append(f"| {row.set_id} | {row.set_name} | {row.printings} | {st['full']} | {st['partial']} | "
                     f"{st['none']} | {st['missing']} | {_pct(row.modelled)} |")
    lines += ["", "## Sample decks (copies)", "",
              "| deck | copies | full | partial | none | no entry | modelled |",
              "|---|---|---|---|---|---|---|"]
    for deck in (*report.decks, report.deck_copies):
        st = deck.status
        lines.append(f"| {deck.deck} | {deck.copies} | {st['full']} | {st['partial']} | {st['none']} | "
                     f"{st['missing']} | {_pct(deck.modelled)} |")
    if report.keywords:
        lines += ["", "## Keyword columns the battle plays", "", keyword_audit_markdown(report.keywords)]
    return "\n".join(lines) + "\n"


def keyword_audit_markdown(rows: Sequence[KeywordRow], with_facts: bool = True) -> str:
    """The keyword audit as Markdown: what ``played`` means, the columns not (or partly) played and
    the table (:func:`keyword_table_markdown`); the report and ``data/README.md`` (``with_facts``
    False) both show it."""
    counted = ", ".join(f"{p} {sum(1 for r in rows if r.keyword.played == p)}" for p in PLAYED)
    no = tuple(r for r in rows if r.keyword.played == "no")
    partly = tuple(r for r in rows if r.keyword.played == "partly")
    note = f"{PLAYED_NOTE} {WITH_FACTS_NOTE}" if with_facts else PLAYED_NOTE
    return "\n".join([f"From `data/keywords.csv` ({len(rows)} columns: {counted}). {note}", "",
                      f"Not played: {_named(no)}. Partly played: {_named(partly)}.", "",
                      keyword_table_markdown(rows, with_facts=with_facts)])


README_START = "<!-- keyword audit: generated by scripts/keywords_readme.py, do not edit -->"
README_END = "<!-- end of keyword audit -->"


def with_keyword_section(readme: str, rows: Sequence[KeywordRow]) -> str:
    """``readme`` (the text of ``data/README.md``) with the generated part between
    :data:`README_START` and :data:`README_END` replaced by the audit of ``rows``."""
    start, end = readme.find(README_START), readme.find(README_END)
    if start < 0 or end < start:
        raise BerserkInputError(f"data/README.md: the markers {README_START!r} and {README_END!r} are "
                                "missing; put them where the keyword audit goes")
    block = keyword_audit_markdown(rows, with_facts=False)
    return readme[:start] + README_START + "\n\n" + block + "\n\n" + readme[end:]


__all__ = [
    "ATTACK_ICONS",
    "Coverage",
    "ICON_KINDS",
    "KeywordRow",
    "Share",
    "TOURNAMENT_SETS",
    "Target",
    "attacks_modelled",
    "coverage",
    "coverage_markdown",
    "coverage_targets",
    "coverage_text",
    "deck_row",
    "icons_of",
    "README_END",
    "README_START",
    "all_copies",
    "keyword_audit",
    "keyword_audit_markdown",
    "keyword_table_markdown",
    "with_keyword_section",
    "plays",
    "status_of",
]
