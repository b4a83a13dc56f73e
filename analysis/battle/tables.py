"""Per-card stat tuples and per-pair strike outcome tables: what the battle engine's hot loop reads.

A simple strike is fully decided by the dice, so for each (attacker, parrier) pair the engine looks
the outcome up instead of recomputing the Strike Table: an *open* table has 36 entries indexed by
``(attacker_die - 1) * 6 + (parrier_die - 1)``, a *closed* table 6 entries indexed by the
attacker's die. Each open entry is ``(to_parrier, to_attacker, weakened_to_parrier,
weakened_to_attacker, chooser)`` in wounds before armor, where ``chooser`` is 0 (no weakening
possible), 1 (the attacker may weaken) or 2 (the parrier may weaken; 000 4.5). The outcome kinds
come from the combat engine (:mod:`analysis.combat.strike`), so the battle uses exactly its rules and
modifiers; tables are built once per pair and cached for the whole process. Under the
defence-die model (``realms``) a table lists equally likely outcomes after the re-rolls
(:func:`analysis.combat.strike.strike_space`) and the engine draws one uniformly; there is no weakening.

Tables are per *pair* of cards (closed ones too), because a card's standing ability facts may hold
only against some opponents (a strike bonus against mountain creatures, "−1 from simple strikes of
orcs"): each side's strike is built with :func:`analysis.combat.strike.fighter_from_facts` against the other.
Entries also say whether each side's strike *landed* (not a miss, not stopped by a protection), which
"on strike" triggers need (000 4.7: on a miss no accompanying ability triggers). A card whose facts
hold only for one seat gets a key per seat (:func:`card_key`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import gcd
from typing import Final

from mypy_extensions import mypyc_attr

from analysis.cards.ability_rules import (
    NO_PASSIVES,
    StrikePassives,
    depends_on_opponent,
    facts,
    seat_dependent,
    strike_passives,
)
from analysis.cards.table import Card
from analysis.combat import strike_table as st
from analysis.combat.strike import (
    STRIKE_TABLE,
    Fighter,
    fighter_from_facts,
    resolve_strike,
    strike_space,
)
from analysis.combat.strike import _wounds as st_wounds
from analysis.util.errors import BerserkInputError

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


TRIGGER_BITS = {"death": 1, "turn_start": 2, "battle_start": 4, "strike": 8, "kill": 16,
                "enemy_moves_adjacent": 32, "ally_dies": 64, "creature_dies": 128, "wounded": 256,
                "ally_wounded": 512, "squad_wounded": 1024, "enemy_turn_start": 2048, "move": 4096}
"""Bit of each trigger in :attr:`Profile.triggers`."""
ALWAYS, DEPENDS = 1, 2
"""Values of the per-card strike flags (``directed``, ``unanswerable``, ``magic``): 0 never, 1 always,
2 depends on the opponent (see :func:`pair_passives`)."""


@mypyc_attr(native_class=False)  # (a plain class: pickled like the pure-Python one)
@dataclass(frozen=True)
class Profile:
    """The battle-relevant facts of one card, as plain ints (built once per card key and cached).

    Cards with no life in the data fight with 1 life; cards with no strike do not strike.
    """

    kind: int
    life: int
    move: int
    strike: tuple[int, int, int] | None
    cost: int
    armor: int
    regeneration: int
    directed: int
    unanswerable: int
    magic: int
    prot_flyers: bool
    actions: tuple[int, ...] = ()
    """Indices (into the card's abilities) of its playable abilities: cost tap, counter_tap, counter."""
    triggers: int = 0
    """Bit mask of the triggers it has abilities for (:data:`TRIGGER_BITS`)."""
    counter_user: bool = False
    """It pays for something with counters, so it may accumulate them (000 1.11.1)."""
    start_counters: int = 0
    max_counters: int = 0
    tokens_only: bool = False
    """Its counters stand for tokens (``counters_are_tokens``): never accumulated by closing."""

    @property
    def is_creature(self) -> bool:
        """Counts for victory and fights (ground, flying, companions, parasites; 000 1.5)."""
        return self.kind in (GROUND, FLYER, COMPANION, PARASITE)


_KEYS: dict[tuple[Card, int | None], int] = {}
_CARDS: list[Card] = []
SEATS: list[int | None] = []
"""Per key, the seat its seat-marked facts were resolved for (None: the card has none)."""
PROFILES: list[Profile] = []
"""Profile of each interned card, indexed by its key (see :func:`card_key`)."""
ROWS: list[tuple] = []
"""Per key, the profile as the tuple of per-unit columns the engine keeps (see ``Battle``)."""
ABILITIES: list[tuple] = []
"""Per key, the card's ability facts (:func:`analysis.cards.ability_rules.facts`)."""


_BY_ID: dict[int, tuple[Card, bool, dict[int | None, int]]] = {}
"""``id(card)`` → (that card object, whether its facts depend on the seat, its keys by seat): skips
hashing the whole frozen dataclass for card objects already seen (the object is held, so its id
cannot be reused while the entry lives)."""


def card_key(card: Card, seat: int | None = None) -> int:
    """A small int standing for a card's facts in this process (interned on first use). A card
    with facts for one seat only (``{first}``/``{second}`` marks) has a key per ``seat``."""
    hit = _BY_ID.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_BY_ID) > 100_000:
            _BY_ID.clear()
        hit = _BY_ID[id(card)] = (card, seat_dependent(card), {})
    which = seat if hit[1] else None
    key = hit[2].get(which)
    if key is None:
        key = hit[2][which] = _intern(card, which)
    return key


def _intern(card: Card, seat: int | None) -> int:
    key = _KEYS.get((card, seat))
    if key is None:
        prof = _make_profile(card, seat)  # may refuse the card: intern nothing then
        key = len(_CARDS)
        _KEYS[(card, seat)] = key
        _CARDS.append(card)
        SEATS.append(seat)
        ABILITIES.append(facts(card))
        PROFILES.append(prof)
        ROWS.append((prof.kind, prof.life, prof.move, prof.strike is not None, prof.armor,
                     prof.regeneration, prof.directed, prof.unanswerable, prof.magic, prof.prot_flyers,
                     prof.cost, prof.is_creature, bool(prof.actions), prof.triggers, prof.counter_user))
    return key


def card_of(key: int) -> Card:
    """The card behind a key."""
    return _CARDS[key]


def profile(card: Card, seat: int | None = None) -> Profile:
    """The battle facts of a card (cached)."""
    return PROFILES[card_key(card, seat)]


MAX_LIFE, MAX_ARMOR, MAX_CARDS = 1023, 255, (1 << 20) - 1
"""Bounds of the packed keys the engine and the heuristic use (10 bits of life left, 8 of armor,
20 of card key: far beyond any printed card). The card keys count the variants a battle plays as
well (a card under an aura, with a granted fact, …): long runs of random squads intern tens of
thousands of them in one process (about 65,000 after 26,000 fuzzed battles)."""
PAIR_TABLES_KEPT: Final = 100_000
"""Strike tables and summaries kept per combat model before the cache starts again (an open table
holds 36 outcomes: about 400 MB at this size)."""


def _flag(card: Card, seat: int | None, name: str) -> int:
    """0 never, 1 always, 2 against some opponents only (:data:`DEPENDS`)."""
    if getattr(strike_passives(card, None, seat), name):
        return ALWAYS
    kind = {"magical": "simple_magic"}.get(name, name)
    return DEPENDS if depends_on_opponent(card, (kind,)) else 0


def _make_profile(card: Card, seat: int | None) -> Profile:
    if (card.life or 0) > MAX_LIFE or card.keyword("armor") > MAX_ARMOR or len(_CARDS) > MAX_CARDS:
        raise BerserkInputError(
            f"{card.label()}: life above {MAX_LIFE}, armor above {MAX_ARMOR} or more than {MAX_CARDS} "
            "distinct cards are outside what the battle engine supports"
        )
    kind = KIND_OF_TYPE[card.type]
    strike = card.strike if (card.strike is not None and kind <= PARASITE) else None
    abilities = facts(card)
    actions = tuple(i for i, ab in enumerate(abilities)
                    if ab.is_action and ab.kind not in ("redirect", "cap_strike", "flip_die", "shift_die",
                                                        "set_die", "block_attack"))
    # (the responses are used only in answer to a strike, an ability or a die: never as an action)
    triggers = 0
    for ab in abilities:
        if ab.cost == "trigger":
            triggers |= TRIGGER_BITS.get(ab.trigger or "", 0)  # triggers the engine plays
    entry = card.abilities
    return Profile(
        kind=kind,
        life=max(1, card.life or 1),
        move=card.move if kind == GROUND else 0,
        strike=strike,
        cost=card.cost,
        armor=card.keyword("armor"),
        regeneration=card.keyword("regeneration"),
        directed=_flag(card, seat, "directed"),
        unanswerable=_flag(card, seat, "unanswerable"),
        magic=_flag(card, seat, "magical"),
        prot_flyers=card.has("prot_flyers"),
        actions=actions,
        triggers=triggers,
        counter_user=any(ab.cost in ("counter", "counter_tap") for ab in abilities) and not (
            entry is not None and entry.counters_are_tokens),
        start_counters=entry.start_counters if entry else 0,
        max_counters=entry.max_counters if entry else 0,
        tokens_only=bool(entry is not None and entry.counters_are_tokens),
    )


_PAIR_PASSIVES: dict[int, StrikePassives] = {}


def pair_passives(ka: int, kp: int) -> StrikePassives:
    """The simple-strike facts of card ``ka`` against card ``kp`` (keys; cached)."""
    key = (ka << 20) | kp
    out = _PAIR_PASSIVES.get(key)
    if out is None:
        card = _CARDS[ka]
        out = strike_passives(card, _CARDS[kp], SEATS[ka]) if facts(card) or card.keywords else NO_PASSIVES
        if len(_PAIR_PASSIVES) > 1_000_000:
            _PAIR_PASSIVES.clear()
        _PAIR_PASSIVES[key] = out
    return out


_SOLO_PASSIVES: dict[int, StrikePassives] = {}


def solo_passives(k: int) -> StrikePassives:
    """The unconditional simple-strike facts of card key ``k`` (no opponent, no seat; cached): its
    blessing and curse marks are read here many times a battle."""
    out = _SOLO_PASSIVES.get(k)
    if out is None:
        out = _SOLO_PASSIVES[k] = strike_passives(_CARDS[k])
    return out


# --------------------------------------------------------------------------- strike outcome tables

OpenEntry = tuple[int, int, int, int, int, int, int]
"""(to parrier, to attacker, the same weakened, chooser, landed, landed weakened): ``landed`` has bit
1 when the attacker's strike landed and bit 2 when the parrier's counter-strike did."""
OPEN_TABLES: dict[str, dict[int, tuple[OpenEntry, ...]]] = {}
"""Per combat model: ``(attacker_key << 20) | parrier_key`` → the 36 open outcomes."""
CLOSED_TABLES: dict[str, dict[int, tuple[int, ...]]] = {}
"""Per combat model, same keys: wounds per attacker die 1..6 against a card that does not fight
(−1 where the strike is stopped by a protection: no wounds, and it did not land)."""
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
        table = _build_open(ka, kp, model)
        if len(tables) >= PAIR_TABLES_KEPT:
            tables.clear()  # (a battle reads these through .get: a cleared entry is built again)
        tables[key] = table
    return table


def closed_table(ka: int, kp: int, model: str = "strike_table") -> tuple[int, ...]:
    """Wounds (before armor) dealt by card ``ka`` to card ``kp`` that does not fight, per die 1..6
    (-1: stopped by a protection)."""
    tables = CLOSED_TABLES.setdefault(model, {})
    key = (ka << 20) | kp
    table = tables.get(key)
    if table is None:
        table = _build_closed(ka, kp, model)
        if len(tables) >= PAIR_TABLES_KEPT:
            tables.clear()
        tables[key] = table
    return table


_FIXED: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}


def fixed_exchange(ka: int, kp: int, tier: int, back: int = -2) -> tuple[int, int, int]:
    """(wounds to the parrier, wounds to the attacker, landed bits) of an open exchange whose result is
    fixed: the attacker strikes ``tier``, the parrier ``back`` (default: the same; -1 a miss) —
    ``fight_result``'s "«сильный-сильный»", ``fight_upgrade``'s "средний-слабый" — before armor, as the
    Strike Table's entries (bit 1: the attacker's strike landed, bit 2: the parrier's)."""
    if back == -2:
        back = tier
    memo = (ka, kp, tier, back)
    out = _FIXED.get(memo)
    if out is None:
        att, par = _fighter(ka, kp), _fighter(kp, ka)
        to_p, to_a = st_wounds(att, par, tier), st_wounds(par, att, back, True)
        out = _FIXED[memo] = (to_p, to_a, _landed(tier, par) | _landed(back, att) << 1)
        if len(_FIXED) > 100_000:
            _FIXED.clear()
    return out


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
        for tp, ta, wp, wa, chooser, _, _ in table:
            if (chooser == 1 and tp - ta < wp - wa) or (chooser == 2 and ta - tp < wa - wp):
                tp, ta = wp, wa
            acc[(tp, ta)] = acc.get((tp, ta), 0.0) + 1 / len(table)
        out = tuple(sorted(((tp, ta, pr) for (tp, ta), pr in acc.items()), reverse=True))
        if len(cache) >= PAIR_TABLES_KEPT:
            cache.clear()
        cache[key] = out
    return out


def closed_summary(ka: int, kp: int, model: str = "strike_table") -> tuple[tuple[int, float], ...]:
    """Distinct (wounds, probability) of a strike by ``ka`` on ``kp`` when ``kp`` does not fight."""
    cache = CLOSED_SUMMARIES.setdefault(model, {})
    key = (ka << 20) | kp
    out = cache.get(key)
    if out is None:
        acc: dict[int, float] = {}
        table = closed_table(ka, kp, model)
        for w in table:
            w = max(0, w)
            acc[w] = acc.get(w, 0.0) + 1 / len(table)
        out = tuple(sorted(acc.items(), reverse=True))
        if len(cache) >= PAIR_TABLES_KEPT:
            cache.clear()
        cache[key] = out
    return out


# --------------------------------------------------------------------------- built on analysis.combat.strike


class _FixedDice:
    """Stand-in RNG for :func:`analysis.combat.strike.resolve_strike` that returns given dice."""

    def __init__(self, *dice: int):
        self._dice = list(dice)

    def randint(self, lo: int, hi: int) -> int:
        return self._dice.pop(0)


_FIGHTERS: dict[tuple[int, int], Fighter] = {}


def _fighter(ka: int, kb: int) -> Fighter:
    """The combat engine's profile of card ``ka`` against card ``kb`` (keys), armor set to 0 (the
    engine applies armor per turn); cached (a strike's tiers and both tables of a pair ask for it)."""
    out = _FIGHTERS.get((ka, kb))
    if out is None:
        card, other = _CARDS[ka], _CARDS[kb]
        prof = PROFILES[ka]
        fighter = fighter_from_facts(card, prof.strike or (0, 0, 0), prof.life, other, SEATS[ka])
        if len(_FIGHTERS) > 200_000:
            _FIGHTERS.clear()
        out = _FIGHTERS[(ka, kb)] = replace(fighter, armor=0)
    return out


def _landed(kind: int, receiver: Fighter) -> int:
    return int(kind != st.MISS and not receiver.prot_simple)


def _build_open(ka: int, kp: int, model: str) -> tuple[OpenEntry, ...]:
    att, par = _fighter(ka, kp), _fighter(kp, ka)
    if model == STRIKE_TABLE:
        out = []
        for a in range(1, 7):
            for p in range(1, 7):
                plain = resolve_strike(att, par, _FixedDice(a, p), rules=model, weaken="never")
                weak = resolve_strike(att, par, _FixedDice(a, p), rules=model, weaken="always")
                chooser = {None: 0, "attacker": 1, "parrier": 2}[plain.chooser]
                landed = _landed(plain.dealt, par) | _landed(plain.returned, att) << 1
                landed_w = _landed(weak.dealt, par) | _landed(weak.returned, att) << 1
                out.append((plain.to_target, plain.to_attacker, weak.to_target, weak.to_attacker, chooser,
                            landed, landed_w))
        return tuple(out)
    return _expand(strike_space(att, par, model, closed=False))


def _build_closed(ka: int, kp: int, model: str) -> tuple[int, ...]:
    att, par = _fighter(ka, kp), _fighter(kp, ka)
    if par.prot_simple:
        return (-1,) * 6
    par = replace(par, strike=(0, 0, 0), life=1)
    if model == STRIKE_TABLE:
        return tuple(resolve_strike(att, par, _FixedDice(a), rules=model, closed=True).to_target
                     for a in range(1, 7))
    return tuple(e[0] for e in _expand(strike_space(att, par, model, closed=True)))


def _expand(space) -> tuple[OpenEntry, ...]:
    """A weighted outcome space as a list of equally likely entries (gcd-reduced). Under the
    defence-die model a strike counts as landed when it wounds."""
    g = 0
    for b in space.branches:
        g = gcd(g, b.weight)
    out: list[OpenEntry] = []
    for b in space.branches:
        w = b.weakened or b.plain
        chooser = {None: 0, "attacker": 1, "parrier": 2}[b.chooser]
        landed = int(b.plain[0] > 0) | int(b.plain[1] > 0) << 1
        landed_w = int(w[0] > 0) | int(w[1] > 0) << 1
        out.extend([(b.plain[0], b.plain[1], w[0], w[1], chooser, landed, landed_w)] * (b.weight // g))
    return tuple(out)
