"""How the ability facts act: the one interpreter the battle, the duels and the ratings call.

:mod:`analysis.cards.abilities` reads the facts (``data/abilities``); this module answers the rules
questions about them, as plain functions of cards (000 = the classic rulebook, glossary entries in
quotes):

- :func:`matches`: whether a conditional fact applies against another card (``vs_elements``,
  ``vs_classes``, ``vs_types``, ``vs_min_cost``, ``vs_max_cost``);
- :func:`strike_passives`: what a card's standing facts do to its simple strike against a given
  opponent — strike bonus, directed, unanswerable, magical, blessing, curse;
- :func:`covers` / :func:`protected` / :func:`reduction`: which protections and "−N from" facts
  stop or lessen an attack or action of a given kind;
- :func:`roll_modifier` and :func:`damage_by_die`: the die of an ability (000 2.14: modifiers
  added, the result clamped to 1..6; "Shot at X-Y-Z": 1-3 weak, 4-5 medium, 6 strong).

Icons in the card table only say what a text mentions: the ``bls``/``cur`` icons give no ±1 and the
``uht``/``mht`` icons make no strike unanswerable or magical; only the facts do (issue 9 audit).
The keyword columns that are properties in their own right — directed strike, experience,
armor, regeneration, the protections, fortitude — keep acting.

    >>> from analysis.cards.abilities import Ability
    >>> damage_by_die(Ability("shot", (1, 2, 3), cost="tap"), 1)
    (1, 1, 2, 2, 3, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analysis.cards.abilities import ATTACKS, MAGICAL, RANGED, Ability
from analysis.util.textnorm import name_key, normalize_name

ATTACK_KINDS = ("simple", "shot", "throw", "discharge", "strike_through_row", "magic_strike",
                "special_strike")
"""Attacks (000 2.6 table): armor works against the non-magical ones."""
ARMOR_STOPS = frozenset({"simple", "shot", "throw", "strike_through_row", "special_strike"})
"""000 glossary "Armor X": the first X wounds from non-magical attacks each turn."""

_NONMAGIC = frozenset({"simple", "shot", "throw", "strike_through_row", "special_strike"})
_CLOSE = frozenset({"simple", "magic_strike", "special_strike"})
_GROUPS: dict[str, frozenset[str]] = {
    kind: frozenset({kind, "all"}
                    | ({"ranged"} if kind in RANGED else set())
                    | ({"magic"} if kind in MAGICAL else set())
                    | ({"nonmagic"} if kind in _NONMAGIC else set())
                    | ({"close"} if kind in _CLOSE else set()))
    for kind in ("simple", "shot", "throw", "discharge", "strike_through_row", "magic_strike",
                 "special_strike", "spell", "effect", "wound", "poison")
}
for _kind in ("simple", *ATTACKS):
    _GROUPS[_kind] = _GROUPS[_kind] | {"attacks"}  # ("от атаки": any attack, not spells or effects)
_GROUPS["directed"] = frozenset({"directed"})
_GROUPS["counter"] = frozenset({"counter"})
_GROUPS["finishing"] = frozenset({"finishing"})  # (an ``attack_bonus`` to its X: 50/182)
"""Which ``from`` names of ``reduce``/``protection`` cover each kind (``ranged``: 000 glossary
"Ranged attack"; ``magic``: "Magical ability"; ``nonmagic``: the attacks that are not magical, the
simple strike counted among them; ``close``: 000 glossary "Close strike"). ``directed`` and
``counter`` name only themselves: a simple strike of a directed-strike card, a counter-strike
(000 4.4), which :func:`analysis.combat.strike.fighter_from_facts` adds to the simple strike's facts."""

_COLUMN_PROTECTS: dict[str, tuple[str, ...]] = {
    "shot": ("prot_shots",),
    "throw": ("prot_throws",),
    "discharge": ("prot_discharges", "prot_magic"),
    "magic_strike": ("prot_magic",),
    "spell": ("prot_spells", "prot_magic"),
    "poison": ("prot_poison",),
}
"""Keyword columns that are protections (000 glossary: "Protection from shots", "Protection from
magic" = from spells, magic strikes and discharges, "Protection from spells", "Protection from
poisoning"; "Throw": protection from shots and discharges does not protect from throws)."""


def groups(kind: str) -> frozenset[str]:
    """The ``from`` names that cover an attack or action of ``kind``."""
    return _GROUPS[kind]


@lru_cache(maxsize=4096)
def _norm_set(values: tuple[str, ...]) -> frozenset[str]:
    """The non-empty names of ``values`` as names are compared (a few hundred distinct tuples of
    class names, asked in the battle's inner loops: computed once each)."""
    return frozenset(normalize_name(v) for v in values if v)


def class_overlap(wanted: Iterable[str], classes: Iterable[str]) -> bool:
    """Whether a card of ``classes`` has one of the ``wanted`` class names (names compared normalised)."""
    return not _norm_set(tuple(wanted)).isdisjoint(_norm_set(tuple(classes)))


def has_condition(ab: Ability) -> bool:
    """Whether the fact only applies against some cards (a ``vs_*`` field is set)."""
    return bool(ab.vs_elements or ab.vs_classes or ab.vs_types or ab.vs_min_cost is not None
                or ab.vs_max_cost is not None or ab.vs_has or ab.vs_min_move is not None
                or ab.vs_max_move is not None or ab.vs_rank or ab.named)


def has_any(card, names: Iterable[str]) -> bool:
    """Whether ``card`` has one of ``names``: an ability kind among its facts or a keyword column
    (``vs_has``: "against cards with a discharge, magic strike or spell")."""
    kinds = {a.kind for a in facts(card)}
    return any(n in kinds or card.has(n) for n in names)


def matches(ab: Ability, other) -> bool:
    """Whether ``ab``'s ``vs_*`` conditions hold against card ``other`` (None: an unknown card,
    which meets no condition)."""
    if not has_condition(ab):
        return True
    if other is None:
        return False
    if ab.vs_elements and not set(ab.vs_elements) & set(other.elements):
        return False
    if ab.vs_classes and _norm_set(ab.vs_classes).isdisjoint(other.class_keys):
        return False
    if ab.vs_types and other.type not in ab.vs_types:
        return False
    if ab.vs_min_cost is not None and other.cost < ab.vs_min_cost:
        return False
    if ab.vs_max_cost is not None and other.cost > ab.vs_max_cost:
        return False
    if ab.vs_has and not has_any(other, ab.vs_has):
        return False
    if ab.vs_min_move is not None and (other.move or 0) < ab.vs_min_move:
        return False
    if ab.vs_max_move is not None and (other.move or 0) > ab.vs_max_move:
        return False
    if ab.named is not None and other.key != name_key(ab.named):
        return False
    return not (ab.vs_rank is not None and other.elite != (ab.vs_rank == "elite"))


def facts(card) -> tuple[Ability, ...]:
    """The card's ability facts that are played (empty without an entry): those with ``requires``
    (a condition or cost the vocabulary cannot check) are left out."""
    return card.abilities.played if card.abilities is not None else ()


def _standing(card, kind: str, seat: int | None) -> Iterable[Ability]:
    """The card's passives of ``kind`` that hold for its seat (a passive with a seat mark applies
    only when the seat is known and right; one limited in uses is not a standing property, nor one
    whose ``extra`` names a condition the vocabulary cannot express, e.g. "only while unwounded",
    nor one that depends on the board — ``self_state``, ``formation``, ``vs_state`` — which the
    battle engine applies itself: :func:`state_limits`)."""
    for ab in facts(card):
        if ab.kind != kind or ab.uses_per_battle or ab.uses_per_turn or ab.extra or ab.cost != "passive":
            continue
        if ab.self_state or ab.formation or ab.vs_state or ab.when or ab.per or ab.vs_position \
                or ab.squad_has:
            continue
        if ab.seat is not None and (seat is None or ("first", "second")[seat] != ab.seat):
            continue
        yield ab


def seat_dependent(card) -> bool:
    """Whether some passive of the card holds only for one seat (its profile then depends on it)."""
    return any(ab.seat is not None and ab.cost == "passive" for ab in facts(card))


@dataclass(frozen=True)
class StrikePassives:
    """What a card's standing facts do to its simple strike against one opponent."""

    bonus: tuple[int, int, int] = (0, 0, 0)
    """Added to the weak, medium and strong strike ("+X to attack", 000 2.13)."""
    directed: bool = False
    """No defender may be appointed (the ``direct`` icon or a ``directed`` fact; 000 4.11)."""
    unanswerable: bool = False
    """The target does not fight and no defender may be appointed (000 glossary, 4.11)."""
    magical: bool = False
    """The strike is magical: armor does not stop it (``simple_magic``)."""
    blessing: bool = False
    curse: bool = False


NO_PASSIVES = StrikePassives()


def strike_passives(card, other=None, seat: int | None = None) -> StrikePassives:
    """The simple-strike facts of ``card`` against card ``other`` (None: only unconditional ones).

    A ``strike_bonus`` of ``[n]`` adds n to all three strikes, ``[w, m, s]`` each to its own."""
    bonus = [0, 0, 0]
    flags = {"directed": card.has("directed_strike"), "unanswerable": False, "simple_magic": False,
             "blessing": False, "curse": False}
    for kind in ("strike_bonus", *flags):
        for ab in _standing(card, kind, seat):
            if not matches(ab, other):
                continue
            if kind == "strike_bonus":
                add = ab.damage * 3 if len(ab.damage) == 1 else ab.damage
                bonus = [b + d for b, d in zip(bonus, add, strict=True)]
            else:
                flags[kind] = True
    for ab in _standing(card, "attack_bonus", seat):  # ("+2 к следующей атаке": simple strikes too)
        if covers(ab, "simple") and matches(ab, other):
            bonus = [b + ab.damage[0] for b in bonus]
    if not any(bonus) and not any(flags.values()):
        return NO_PASSIVES
    return StrikePassives(tuple(bonus), flags["directed"], flags["unanswerable"], flags["simple_magic"],
                          flags["blessing"], flags["curse"])


def depends_on_opponent(card, kinds: Iterable[str] = ("strike_bonus", "directed", "unanswerable",
                                                      "simple_magic", "blessing", "curse", "reduce",
                                                      "protection")) -> bool:
    """Whether a passive of the given kinds is conditional on the other card."""
    wanted = set(kinds)
    return any(ab.kind in wanted and has_condition(ab) for ab in facts(card))


def covers(ab: Ability, kind: str) -> bool:
    """Whether a ``reduce``/``protection`` fact applies to attacks or actions of ``kind``."""
    return bool(set(ab.applies_to) & _GROUPS[kind])


_PROTECTED: dict[tuple[int, str, int, int | None], tuple[Any, Any, bool]] = {}


def protected(card, kind: str, source=None, seat: int | None = None) -> bool:
    """Whether ``card`` takes no wounds from an attack or action of ``kind`` by card ``source``
    (000 2.8 and the glossary's protections; fortitude: no wounds from the opponent's effects). A
    ``source`` with an ``ignore_protection`` fact covering ``kind`` passes them all (30/84).
    Cached per card object (cards are immutable; the battle asks this for every wound)."""
    memo = (id(card), kind, id(source), seat)
    hit = _PROTECTED.get(memo)
    if hit is not None and hit[0] is card and hit[1] is source:
        return hit[2]
    out = _protected(card, kind, source, seat)
    if len(_PROTECTED) > 100_000:
        _PROTECTED.clear()
    _PROTECTED[memo] = (card, source, out)
    return out


def _protected(card, kind: str, source, seat: int | None) -> bool:
    if source is not None and source.abilities is not None and any(
            covers(ab, kind) for ab in _standing(source, "ignore_protection", None)):
        return False
    for column in _COLUMN_PROTECTS.get(kind, ()):
        if card.has(column):
            return True
    if kind in ("effect", "poison") and card.has("fortitude"):
        return True
    return any(covers(ab, kind) and matches(ab, source) and not ab.tiers and ab.parity is None
               and not ab.damage for ab in _standing(card, "protection", seat))


TIER_OF = {"weak": 0, "medium": 1, "strong": 2}
"""Strengths of an attack as :mod:`analysis.combat.strike_table` numbers them (weak 0, medium 1, strong 2;
-1: an attack with no strength, e.g. a fixed-damage shot)."""


def die_tier(roll: int) -> int:
    """The strength a modified die roll picks for an X-Y-Z attack (000 "Shot at X-Y-Z": 3 or less
    weak, 4-5 medium, 6 or more strong)."""
    return 0 if roll <= 3 else 1 if roll <= 5 else 2


def limits(card, kind: str, source=None, seat: int | None = None) -> tuple[tuple[int, int, int], ...]:
    """The standing caps of ``card`` against an attack of ``kind`` by ``source``, as (most wounds,
    tier mask, parity) triples for the hot loops: ``cap`` N ("attacks on it are reduced to N", 003
    "reduction of an attack to X") and the protections that hold only for some strengths or
    parities (cap 0; 000 2.8). Tier mask: bit t for tier t, 7 = any; parity 0 any, 1 even, 2 odd,
    3 + n: only an attack of power exactly n (a ``protection`` with ``damage = [n]``); -n: only an
    attack of power n or more (``min_power``)."""
    out = []
    for name in ("cap", "protection"):
        for ab in _standing(card, name, seat):
            if not covers(ab, kind) or not matches(ab, source):
                continue
            if name == "protection" and not ab.tiers and ab.parity is None and not ab.damage \
                    and not ab.min_power:
                continue  # a plain protection: :func:`protected`
            mask = sum(1 << TIER_OF[t] for t in ab.tiers) if ab.tiers else 7
            parity = {None: 0, "even": 1, "odd": 2}[ab.parity]
            if name == "protection" and ab.damage:
                parity = 3 + ab.damage[0]  # only attacks of exactly this power
            elif ab.min_power:
                parity = -ab.min_power  # only attacks of this power or more
            out.append((ab.damage[0] if name == "cap" else 0, mask, parity))
    return tuple(out)


def apply_limits(power: int, tier: int, caps: tuple[tuple[int, int, int], ...]) -> int:
    """``power`` after the caps of :func:`limits` (an attack with no strength, ``tier`` -1, meets
    only the caps for any strength)."""
    for most, mask, parity in caps:
        if mask != 7 and (tier < 0 or not mask >> tier & 1):
            continue
        if parity < 0:
            if power < -parity:
                continue
        elif parity >= 3:
            if power != parity - 3:
                continue
        elif parity and (power % 2 == 0) != (parity == 1):
            continue
        if power > most:
            power = most
    return power


StateLimit = tuple[str, tuple[str, ...], int, Ability | None]
"""(state, from, most wounds, the fact when it holds only against some cards, else None)."""


def state_limits(card, seat: int | None = None) -> tuple[StateLimit, ...]:
    """The caps and protections of ``card`` that hold only while it is in a ``self_state`` (open,
    closed, wounded, unwounded), as (state, from, most wounds, the fact when it holds only against
    some cards — ``vs_*`` — else None): the battle engine checks them on the board (e.g. "simple
    strikes on it while it is closed are reduced to 1"; 30/131 Килхе: "while closed, protection
    from the attacks of cards of cost 4 or less")."""
    out = []
    for ab in facts(card):
        if ab.kind in ("cap", "protection") and ab.vs_state == "even_life" and not ab.self_state \
                and not (ab.extra or ab.uses_per_battle or ab.uses_per_turn or ab.formation or ab.tiers
                         or ab.parity or ab.when or ab.vs_position or ab.cost != "passive"
                         or (ab.kind == "protection" and ab.damage)):
            if ab.seat is None or (seat is not None and ("first", "second")[seat] == ab.seat):
                # against attacks by creatures with even life left (checked at each attack)
                out.append(("vs_even_life", ab.applies_to, ab.damage[0] if ab.kind == "cap" else 0,
                            ab if has_condition(ab) else None))
            continue
        if ab.kind not in ("cap", "protection") or not ab.self_state or ab.extra or ab.uses_per_battle \
                or ab.uses_per_turn or ab.formation or ab.vs_state or ab.tiers or ab.parity \
                or ab.cost != "passive" \
                or ab.when or ab.vs_position or (ab.kind == "protection" and ab.damage):
            continue
        if ab.seat is not None and (seat is None or ("first", "second")[seat] != ab.seat):
            continue
        out.append((ab.self_state, ab.applies_to, ab.damage[0] if ab.kind == "cap" else 0,
                    ab if has_condition(ab) else None))
    return tuple(out)


def reduction(card, kind: str, source=None, seat: int | None = None, tier: int = -1) -> int:
    """Wounds ``card`` takes off an attack or action of ``kind`` by ``source`` ("−X from attack",
    000 glossary: a modifier the target puts on the attack's power); a fact with ``tiers`` only off
    an attack of that strength (``tier``: 0 weak, 1 medium, 2 strong, -1 none — 40/81 Наводчик: "на
    1 рану больше от слабых выстрелов" is ``reduce`` −1 from weak shots)."""
    return sum(ab.damage[0] for ab in _standing(card, "reduce", seat) if covers(ab, kind)
               and matches(ab, source) and (not ab.tiers or (tier >= 0 and _TIER_NAMES[tier] in ab.tiers)))


_TIER_NAMES = ("weak", "medium", "strong")


def granted_keywords(card, seat: int | None = None) -> tuple[tuple[str, int], ...]:
    """The keyword columns the card's standing ``keyword`` facts give it, as (column, X) — X = 1
    for a flag; ``move`` is extra movement. Conditional ones (formation, ``when`` …) are the battle
    engine's to apply (:mod:`analysis.battle.situational`)."""
    out = []
    for ab in _standing(card, "keyword", seat):
        if not has_condition(ab):
            out.append((ab.keyword, ab.damage[0] if ab.damage else 1))
    return tuple(out)


VS_KEYWORDS = ("exp_attack", "exp_defence")
"""Keyword columns a standing ``keyword`` fact may give only against some cards (``vs_*``; a
``vs_state`` the battle checks at the strike): the simple strike's experience ("{ova} 1 по
болотным", "{ovz} 1, пока сражается с болотным существом")."""


def keywords_against(card, against, seat: int | None = None) -> tuple[tuple[str, int], ...]:
    """The experience columns ``card``'s conditional ``keyword`` facts give it in a simple strike
    against ``against`` (:data:`VS_KEYWORDS`; none against an unknown card)."""
    out = []
    for ab in _standing(card, "keyword", seat):
        if ab.keyword in VS_KEYWORDS and has_condition(ab) and matches(ab, against):
            out.append((ab.keyword, ab.damage[0] if ab.damage else 1))
    return tuple(out)


def stays_open(card, seat: int | None = None) -> bool:
    """Whether the card's simple strike does not close it (a standing, unlimited ``stays_open``)."""
    return any(True for _ in _standing(card, "stays_open", seat))


def counter_protected(card, against=None, seat: int | None = None) -> bool:
    """Whether ``card`` takes no wounds from counter-strikes (a ``protection`` from ``counter``, 000
    4.4: the parrier's strike back is a simple strike; the text "не получает ран от ответных ударов")."""
    return any("counter" in ab.applies_to and matches(ab, against) for ab in _standing(card, "protection",
                                                                                       seat))


def directed_reduction(card, against=None, seat: int | None = None) -> int:
    """"−X from directed strikes": the wounds ``card`` takes off the simple strikes of ``against``
    when that card's strike is directed against it (000 glossary "Directed strike"); 0 against an
    unknown card."""
    if against is None:
        return 0
    total = sum(ab.damage[0] for ab in _standing(card, "reduce", seat) if "directed" in ab.applies_to
                and matches(ab, against))
    if not total:
        return 0
    return total if strike_passives(against, card).directed else 0


def roll_modifier(card, kind: str, other=None, seat: int | None = None) -> int:
    """The modifier on the die of ``card``'s ability of ``kind`` against ``other``: experience in
    shooting for shots (000 glossary "Experience in shooting"; a ``keyword = "exp_shooting"`` fact
    with ``vs_*`` only against such cards), blessing +1 and curse −1 on any roll of the card
    ("Blessing", "Curse")."""
    passives = strike_passives(card, other, seat)
    mod = card.keyword("exp_shooting") if kind == "shot" else 0
    if kind == "shot" and other is not None and card.abilities is not None:
        # "{ovs} 1 по степным и тёмным" (60/87): a standing exp_shooting fact held only against some
        # cards; of one named modifier only the largest applies (000 2.15)
        for ab in _standing(card, "keyword", seat):
            if ab.keyword == "exp_shooting" and has_condition(ab) and matches(ab, other):
                mod = max(mod, ab.damage[0] if ab.damage else 1)
    return mod + passives.blessing - passives.curse + roll_bonus(card, seat)


def roll_bonus(card, seat: int | None = None) -> int:
    """The standing change to every die roll of ``card``: the ``roll_bonus`` facts it holds for a
    while ("до конца хода получить +1 к броскам кубика", 50/151; 000 2.13: modifiers add up)."""
    if card.abilities is None:
        return 0
    return sum(ab.damage[0] for ab in _standing(card, "roll_bonus", seat) if ab.damage)


def attack_bonus(card, kind: str, seat: int | None = None, target=None) -> int:
    """The standing change (+n or −n) to the power of ``card``'s own attacks and wounding actions of
    ``kind`` on card ``target``: its ``attack_bonus`` facts whose ``from`` covers the kind and whose
    ``vs_*`` the target meets (None: only unconditional ones; "+1 к ударам по героям", 40/195
    Скорпион's special strikes) — given ones included, as a unit's variant holds them; 000 2.13:
    modifiers add up."""
    return sum(ab.damage[0] for ab in _standing(card, "attack_bonus", seat)
               if covers(ab, kind) and matches(ab, target))


def forced_tier(card, kind: str, other=None, seat: int | None = None, other_seat: int | None = None) -> int:
    """The strength (weak 0, medium 1, strong 2; -1: none) ``card``'s attack of ``kind`` on card
    ``other`` counts as: a ``taken_as`` of ``other`` for the attacks of ``card`` (its ``vs_*`` on the
    attacker), else a ``counts_as`` of ``card`` (its ``vs_*`` on the target) — "сводится к сильному"."""
    if other is not None and other.abilities is not None:
        for ab in _standing(other, "taken_as", other_seat):
            if len(ab.tiers) == 1 and covers(ab, kind) and matches(ab, card):
                return TIER_OF[ab.tiers[0]]
    if card.abilities is not None:
        for ab in _standing(card, "counts_as", seat):
            if len(ab.tiers) == 1 and covers(ab, kind) and matches(ab, other):
                return TIER_OF[ab.tiers[0]]
    return -1


NO_RAISE = (-1, -1)


def raised_tier(card, kind: str, other=None, seat: int | None = None,
                other_seat: int | None = None) -> tuple[int, int]:
    """(from, to): ``card``'s attacks of ``kind`` on ``other`` of strength ``from`` count as strength
    ``to`` — a ``counts_as`` / ``taken_as`` with two ``tiers`` ("слабые атаки … сводятся к средним",
    40/181), the attacked card's ``taken_as`` first; :data:`NO_RAISE` when none."""
    if other is not None and other.abilities is not None:
        for ab in _standing(other, "taken_as", other_seat):
            if len(ab.tiers) == 2 and covers(ab, kind) and matches(ab, card):
                return TIER_OF[ab.tiers[0]], TIER_OF[ab.tiers[1]]
    if card.abilities is not None:
        for ab in _standing(card, "counts_as", seat):
            if len(ab.tiers) == 2 and covers(ab, kind) and matches(ab, other):
                return TIER_OF[ab.tiers[0]], TIER_OF[ab.tiers[1]]
    return NO_RAISE


@lru_cache(maxsize=4096)
def damage_by_die(ab: Ability, modifier: int = 0) -> tuple[int, ...]:
    """The ability's damage for each die face 1..6 with a roll modifier (000 2.14: the modified
    result is clamped to 1..6; "Shot at X-Y-Z": 3 or less X, 4-5 Y, 6 or more Z)."""
    return tuple(ab.damage_by_roll(min(6, max(1, face + modifier))) for face in range(1, 7))


def wounds_after(damage: int, kind: str, target, source=None, armor_left: int = 0,
                 seat: int | None = None, tier: int = -1) -> tuple[int, int]:
    """(wounds dealt, armor used) when an attack or action of ``kind`` with power ``damage`` (of
    strength ``tier``, -1 none) by ``source`` reaches ``target``: protection → 0; "−X from" lowers
    the power (not below 0, 000 2.13); caps (:func:`limits`); armor absorbs from non-magical
    attacks (000 "Armor X")."""
    if protected(target, kind, source, seat):
        return 0, 0
    power = max(0, damage - reduction(target, kind, source, seat, tier))
    caps = limits(target, kind, source, seat)
    if caps:
        power = apply_limits(power, tier, caps)
    used = min(power, armor_left) if kind in ARMOR_STOPS else 0
    if used and source is not None and source.abilities is not None and any(
            covers(ab, kind) for ab in _standing(source, "ignore_armor", None)):
        used = 0  # ("игнорирует {armor}": 50/78 Глаз сокола's shots)
    return power - used, used


__all__ = [
    "ARMOR_STOPS", "ATTACK_KINDS", "NO_PASSIVES", "TIER_OF", "StrikePassives", "apply_limits", "attack_bonus",
    "forced_tier", "raised_tier", "NO_RAISE",
    "covers",
    "damage_by_die", "depends_on_opponent", "die_tier", "facts", "groups", "has_any", "has_condition",
    "limits", "matches", "state_limits",
    "counter_protected", "directed_reduction", "granted_keywords", "stays_open",
    "protected", "reduction", "roll_bonus", "roll_modifier", "seat_dependent", "strike_passives",
    "wounds_after",
]
