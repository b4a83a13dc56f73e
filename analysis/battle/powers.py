"""Card abilities on the board: where an ability reaches, and the exact outcome of one use on one
target. Pure functions of the documented battle state (:class:`~analysis.battle.interface.
BattleState`) and of card keys, so the engine resolves with them and players evaluate with them.

Reach (000 = the classic rulebook; glossary entries in quotes):

- shots, throws, discharges ("Ranged attack", "Range X"): never against an adjacent card (a rider
  and its host share a square and are adjacent); within ``range`` squares counted in any direction
  (no range: no limit); a card in the auxiliary zone (a flyer) whatever the range (000 2.1.2). A
  flyer is adjacent to nothing and not on a square, so its ranged attacks reach any card;
- strike through a row ("Strike through a row"): the card two squares away vertically or
  horizontally, through an empty square or a square holding only its own side's cards;
- magic and special strikes ("Close strike"): an adjacent card, or any card for a flyer; with a
  ``range``, any card within it ("Strike with range X"), flyers included (2.1.2);
- spells, effects, heals and triggered poisonings: within ``range`` (none: anywhere; 000 glossary
  "Spell": "the target may be any card in the game zone"), flyers whatever the range;
- ``target``: ``enemy`` / ``ally`` (its own side, itself included) / ``self`` / ``any``; heals and
  poisonings only reach creatures (000 1.7: an artifact cannot be healed or poisoned); terrains are
  never targets (000 1.8: a terrain blocks all attacks and cannot receive wounds);
- ``vs_*`` conditions: a hidden card is a legal target whatever it is (000 glossary "Hidden card":
  an action that turns out illegal on it is blocked, which the engine does on resolution).
"""

from __future__ import annotations

from analysis.abilities import Ability
from analysis.ability_rules import (
    damage_by_die,
    facts,
    matches,
    roll_modifier,
    wounds_after,
)
from analysis.battle.board import AUX, CHEBYSHEV, NEAR, THROUGH_ROW
from analysis.battle.tables import COMPANION, FLYER, GROUND, PARASITE, SEATS, card_of

SHOOTING = frozenset({"shot", "throw", "discharge"})
CLOSE = frozenset({"magic_strike", "special_strike"})
WOUNDING = frozenset({"shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike",
                      "spell", "effect"})
"""Kinds whose use wounds its targets."""
CREATURE_KINDS = (GROUND, FLYER, COMPANION, PARASITE)


def ability(key: int, index: int) -> Ability:
    """Ability ``index`` of the card with key ``key``."""
    return facts(card_of(key))[index]


def rolls(ab: Ability) -> bool:
    """Whether one use rolls a die per target: a wounding ability with damage X-Y-Z."""
    return len(ab.damage) == 3 and ab.kind in WOUNDING


_MATCHES: dict[tuple[Ability, int], bool] = {}


def meets(ab: Ability, kv: int) -> bool:
    """Whether ``ab``'s ``vs_*`` conditions hold against card key ``kv`` (cached)."""
    memo = (ab, kv)
    hit = _MATCHES.get(memo)
    if hit is None:
        if len(_MATCHES) > 500_000:
            _MATCHES.clear()
        hit = _MATCHES[memo] = matches(ab, card_of(kv))
    return hit


def reaches(state, ab: Ability, seat: int, src: int, v: int) -> bool:
    """Whether an ability of kind ``ab.kind`` used from square ``src`` (``AUX`` for a flyer) by a
    card of ``seat`` may be aimed at unit ``v`` (geometry only; see the module docstring)."""
    kind = ab.kind
    pv = state.pos[v]
    if pv < AUX:
        return False
    rng = ab.range
    if kind in SHOOTING:
        if pv == AUX or src == AUX:
            return True
        return not NEAR[src][pv] and (rng is None or CHEBYSHEV[src][pv] <= rng)
    if kind == "strike_through_row":
        if src < 0 or pv < 0:
            return False
        board, seats, rider = state.board, state.seat, state.rider
        for target_sq, middle in THROUGH_ROW[src]:
            if target_sq != pv:
                continue
            w = board[middle]
            if w < 0:
                return True
            return seats[w] == seat and (rider[w] < 0 or seats[rider[w]] == seat)
        return False
    if kind in CLOSE:
        if src == AUX:
            return True
        if rng is None:
            return pv >= 0 and NEAR[src][pv]
        return pv == AUX or CHEBYSHEV[src][pv] <= rng
    if pv == AUX or src == AUX or rng is None:
        return True
    return CHEBYSHEV[src][pv] <= rng


def reach(state, u: int, ab: Ability, src: int | None = None) -> list[int]:
    """The units ability ``ab`` of unit ``u`` may be aimed at from square ``src`` (default: where
    ``u`` stands), in unit order (see the module docstring)."""
    seat = state.seat[u]
    src = state.pos[u] if src is None else src
    mode = ab.target
    units = state.units
    if mode == "self":
        pool = [u] if state.alive[u] else []
    elif mode == "enemy":
        pool = units[1 - seat]
    elif mode == "ally":
        pool = units[seat]
    else:
        pool = sorted(units[0] + units[1])
    only_creatures = ab.kind in ("heal", "poison")
    kinds, hidden, keys = state.kind, state.hidden, state.key
    out = []
    for v in pool:
        if only_creatures and kinds[v] not in CREATURE_KINDS:
            continue
        if mode != "self" and not reaches(state, ab, seat, src, v):
            continue
        if not hidden[v] and not meets(ab, keys[v]):
            continue
        out.append(v)
    return out


_HITS: dict[tuple[int, int, int, int], tuple[tuple[int, int, float], ...]] = {}


def hit_distribution(ku: int, index: int, kv: int, armor_left: int) -> tuple[tuple[int, int, float], ...]:
    """Distinct (wounds, armor used, probability) of one use of ability ``index`` of card ``ku`` on
    card ``kv`` with ``armor_left`` armor this turn: the die with its modifiers (000 2.14, "Shot at
    X-Y-Z"), protections (000 2.8), "−X from" and armor (cached)."""
    memo = (ku, index, kv, armor_left)
    out = _HITS.get(memo)
    if out is None:
        ab = ability(ku, index)
        source, target = card_of(ku), card_of(kv)
        if rolls(ab):
            faces = damage_by_die(ab, roll_modifier(source, ab.kind, target, SEATS[ku]))
        else:
            faces = (ab.damage[0] if ab.damage else 0,)
        acc: dict[tuple[int, int], float] = {}
        for dmg in faces:
            pair = wounds_after(dmg, ab.kind, target, source, armor_left, SEATS[kv])
            acc[pair] = acc.get(pair, 0.0) + 1 / len(faces)
        out = tuple(sorted(((w, a, p) for (w, a), p in acc.items()), reverse=True))
        if len(_HITS) > 500_000:
            _HITS.clear()
        _HITS[memo] = out
    return out


def face_groups(ku: int, index: int, kv: int, armor_left: int) -> tuple[tuple[int, float], ...]:
    """The die faces of one use on ``kv`` merged by their effect: (a representative face,
    probability), for :meth:`Battle.outcomes`. ``((0, 1.0),)`` when no die is rolled."""
    ab = ability(ku, index)
    if not rolls(ab):
        return ((0, 1.0),)
    source, target = card_of(ku), card_of(kv)
    faces = damage_by_die(ab, roll_modifier(source, ab.kind, target, SEATS[ku]))
    groups: dict[tuple[int, int], list[int]] = {}
    for face, dmg in enumerate(faces, start=1):
        groups.setdefault(wounds_after(dmg, ab.kind, target, source, armor_left, SEATS[kv]), []).append(face)
    return tuple((fs[0], len(fs) / 6) for fs in groups.values())


__all__ = [
    "CLOSE", "SHOOTING", "WOUNDING", "ability", "face_groups", "hit_distribution", "meets", "reach",
    "reaches", "rolls",
]
