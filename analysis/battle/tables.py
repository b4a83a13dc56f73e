"""Per-card stat tuples and per-pair strike outcome tables: what the battle engine's hot loop reads.

A simple strike is fully decided by the dice, so for each (attacker, parrier) pair the engine looks
the outcome up instead of recomputing the Strike Table: an *open* table has 36 entries indexed by
``(attacker_die - 1) * 6 + (parrier_die - 1)``, a *closed* table 6 entries indexed by the
attacker's die. Each open entry is ``(to_parrier, to_attacker, weakened_to_parrier,
weakened_to_attacker, chooser)`` in wounds before armor, where ``chooser`` is 0 (no weakening
possible), 1 (the attacker may weaken) or 2 (the parrier may weaken; 000 4.5). The outcome kinds
come from the combat engine (:mod:`analysis.combat`), so the battle uses exactly its rules and
modifiers; tables are built once per pair and cached for the whole process. Under the
defence-die model (``realms``) a table lists equally likely outcomes after the re-rolls
(:func:`analysis.combat.strike_space`) and the engine draws one uniformly; there is no weakening.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import gcd

from analysis.cards import Card
from analysis.combat import (
    STRIKE_TABLE,
    Fighter,
    fighter_from_card,
    fighter_from_stats,
    resolve_strike,
    strike_space,
)
from analysis.errors import BerserkInputError

GROUND, FLYER, COMPANION, PARASITE, ARTIFACT, TERRAIN = range(6)
KIND_OF_TYPE = {
    "creature": GROUND,
    "flyer": FLYER,
    "companion": COMPANION,
    "parasite": PARASITE,
    "artifact": ARTIFACT,
    "terrain": TERRAIN,
}
KIND_NAMES = ("ground", "flyer", "companion", "parasite", "artifact", "terrain")


@dataclass(frozen=True)
class Profile:
    """The battle-relevant facts of one card, as plain ints (built once per card and cached).

    Cards with no life in the data fight with 1 life; cards with no strike do not strike.
    """

    kind: int
    life: int
    move: int
    strike: tuple[int, int, int] | None
    cost: int
    armor: int
    regeneration: int
    directed: bool
    unanswerable: bool
    magic: bool
    prot_flyers: bool

    @property
    def is_creature(self) -> bool:
        """Counts for victory and fights (ground, flying, companions, parasites; 000 1.5)."""
        return self.kind in (GROUND, FLYER, COMPANION, PARASITE)


_KEYS: dict[Card, int] = {}
_CARDS: list[Card] = []
PROFILES: list[Profile] = []
"""Profile of each interned card, indexed by its key (see :func:`card_key`)."""
ROWS: list[tuple] = []
"""Per key, the profile as the tuple of per-unit columns the engine keeps (see ``Battle``)."""


_BY_ID: dict[int, tuple[Card, int]] = {}
"""``id(card)`` → (that card object, its key): skips hashing the whole frozen dataclass for card
objects already seen (the object is held, so its id cannot be reused while the entry lives)."""


def card_key(card: Card) -> int:
    """A small int standing for a card's facts in this process (interned on first use)."""
    hit = _BY_ID.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    key = _KEYS.get(card)
    if key is None:
        prof = _make_profile(card)  # may refuse the card: intern nothing then
        key = len(_CARDS)
        _KEYS[card] = key
        _CARDS.append(card)
        PROFILES.append(prof)
        ROWS.append((prof.kind, prof.life, prof.move, prof.strike is not None, prof.armor,
                     prof.regeneration, prof.directed, prof.unanswerable, prof.magic, prof.prot_flyers,
                     prof.cost, prof.is_creature))
    if len(_BY_ID) > 100_000:
        _BY_ID.clear()
    _BY_ID[id(card)] = (card, key)
    return key


def profile(card: Card) -> Profile:
    """The battle facts of a card (cached)."""
    return PROFILES[card_key(card)]


MAX_LIFE, MAX_ARMOR, MAX_CARDS = 1023, 255, 65535
"""Bounds of the packed keys the engine and the heuristic use (far beyond any printed card)."""


def _make_profile(card: Card) -> Profile:
    if (card.life or 0) > MAX_LIFE or card.keyword("armor") > MAX_ARMOR or len(_CARDS) > MAX_CARDS:
        raise BerserkInputError(
            f"{card.label()}: life above {MAX_LIFE}, armor above {MAX_ARMOR} or more than {MAX_CARDS} "
            "distinct cards are outside what the battle engine supports"
        )
    kind = KIND_OF_TYPE[card.type]
    strike = card.strike if (card.strike is not None and kind <= PARASITE) else None
    return Profile(
        kind=kind,
        life=max(1, card.life or 1),
        move=card.move if kind == GROUND else 0,
        strike=strike,
        cost=card.cost,
        armor=card.keyword("armor"),
        regeneration=card.keyword("regeneration"),
        directed=card.has("directed_strike"),
        unanswerable=card.has("unanswerable_strike"),
        magic=card.has("magic_strike"),
        prot_flyers=card.has("prot_flyers"),
    )


# --------------------------------------------------------------------------- strike outcome tables

OpenEntry = tuple[int, int, int, int, int]
OPEN_TABLES: dict[str, dict[int, tuple[OpenEntry, ...]]] = {}
"""Per combat model: ``(attacker_key << 20) | parrier_key`` → the 36 open outcomes."""
CLOSED_TABLES: dict[str, dict[int, tuple[int, ...]]] = {}
"""Per combat model: attacker key → wounds per attacker die 1..6 against a card that does not fight."""
OPEN_SUMMARIES: dict[str, dict[int, tuple[tuple[int, int, float], ...]]] = {}
"""Per combat model, same keys as :data:`OPEN_TABLES`: see :func:`open_summary`."""
CLOSED_SUMMARIES: dict[str, dict[int, tuple[tuple[int, float], ...]]] = {}


def _wounds(strike: tuple[int, int, int] | None, kind: int) -> int:
    return 0 if strike is None or kind < 0 else strike[kind]


def open_table(ka: int, kp: int, model: str = "strike_table") -> tuple[OpenEntry, ...]:
    """The 36 outcomes of a simple strike by card ``ka`` on open card ``kp`` (keys; cached)."""
    tables = OPEN_TABLES.setdefault(model, {})
    key = (ka << 20) | kp
    table = tables.get(key)
    if table is None:
        table = _build_open(_CARDS[ka], _CARDS[kp], model)
        tables[key] = table
    return table


def closed_table(ka: int, model: str = "strike_table") -> tuple[int, ...]:
    """Wounds (before armor) dealt by card ``ka`` to a card that does not fight, per die 1..6."""
    tables = CLOSED_TABLES.setdefault(model, {})
    table = tables.get(ka)
    if table is None:
        table = _build_closed(_CARDS[ka], model)
        tables[ka] = table
    return table


def open_summary(ka: int, kp: int, model: str = "strike_table") -> tuple[tuple[int, int, float], ...]:
    """Distinct (to parrier, to attacker, probability) of an open exchange, each side weakening
    when that lowers the wounds it takes by more than it lowers the wounds it deals (for players'
    estimates; the engine asks the player)."""
    cache = OPEN_SUMMARIES.setdefault(model, {})
    key = (ka << 20) | kp
    out = cache.get(key)
    if out is None:
        acc: dict[tuple[int, int], float] = {}
        table = open_table(ka, kp, model)
        for tp, ta, wp, wa, chooser in table:
            if (chooser == 1 and tp - ta < wp - wa) or (chooser == 2 and ta - tp < wa - wp):
                tp, ta = wp, wa
            acc[(tp, ta)] = acc.get((tp, ta), 0.0) + 1 / len(table)
        out = tuple(sorted(((tp, ta, pr) for (tp, ta), pr in acc.items()), reverse=True))
        cache[key] = out
    return out


def closed_summary(ka: int, model: str = "strike_table") -> tuple[tuple[int, float], ...]:
    """Distinct (wounds, probability) of a strike on a card that does not fight."""
    cache = CLOSED_SUMMARIES.setdefault(model, {})
    out = cache.get(ka)
    if out is None:
        acc: dict[int, float] = {}
        table = closed_table(ka, model)
        for w in table:
            acc[w] = acc.get(w, 0.0) + 1 / len(table)
        out = tuple(sorted(acc.items(), reverse=True))
        cache[ka] = out
    return out


# --------------------------------------------------------------------------- built on analysis.combat


class _FixedDice:
    """Stand-in RNG for :func:`analysis.combat.resolve_strike` that returns given dice."""

    def __init__(self, *dice: int):
        self._dice = list(dice)

    def randint(self, lo: int, hi: int) -> int:
        return self._dice.pop(0)


def _fighter(card: Card) -> Fighter:
    """The combat engine's profile of a card, armor set to 0 (the engine applies armor per turn)."""
    if card.is_creature and card.strike is not None and card.life is not None:
        fighter = fighter_from_card(card)
    else:
        prof = profile(card)
        fighter = fighter_from_stats(prof.strike or (0, 0, 0), prof.life, name=card.name, cost=card.cost)
    return replace(fighter, armor=0)


def _build_open(attacker: Card, parrier: Card, model: str) -> tuple[OpenEntry, ...]:
    att, par = _fighter(attacker), _fighter(parrier)
    if model == STRIKE_TABLE:
        out = []
        for a in range(1, 7):
            for p in range(1, 7):
                plain = resolve_strike(att, par, _FixedDice(a, p), rules=model, weaken="never")
                weak = resolve_strike(att, par, _FixedDice(a, p), rules=model, weaken="always")
                chooser = {None: 0, "attacker": 1, "parrier": 2}[plain.chooser]
                out.append((plain.to_target, plain.to_attacker, weak.to_target, weak.to_attacker, chooser))
        return tuple(out)
    return _expand(strike_space(att, par, model, closed=False))


def _build_closed(attacker: Card, model: str) -> tuple[int, ...]:
    att = _fighter(attacker)
    dummy = fighter_from_stats((0, 0, 0), 1)
    if model == STRIKE_TABLE:
        return tuple(resolve_strike(att, dummy, _FixedDice(a), rules=model, closed=True).to_target
                     for a in range(1, 7))
    return tuple(e[0] for e in _expand(strike_space(att, dummy, model, closed=True)))


def _expand(space) -> tuple[OpenEntry, ...]:
    """A weighted outcome space as a list of equally likely entries (gcd-reduced)."""
    g = 0
    for b in space.branches:
        g = gcd(g, b.weight)
    out: list[OpenEntry] = []
    for b in space.branches:
        w = b.weakened or b.plain
        chooser = {None: 0, "attacker": 1, "parrier": 2}[b.chooser]
        out.extend([(b.plain[0], b.plain[1], w[0], w[1], chooser)] * (b.weight // g))
    return tuple(out)
