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

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from analysis.battle.board import AUX, COLS, NEAR, RING, ROWS, SQUARES, THROUGH_ROW, THROUGH_TWO, WITHIN
from analysis.battle.tables import ABILITIES, COMPANION, FLYER, GROUND, PARASITE, SEATS, TERRAIN, card_of
from analysis.cards.abilities import ENTRIES, SHAPES, Ability
from analysis.cards.ability_rules import (
    attack_bonus,
    damage_by_die,
    die_tier,
    forced_tier,
    has_condition,
    matches,
    raised_tier,
    roll_modifier,
    wounds_after,
)

SHOOTING = frozenset({"shot", "throw", "discharge"})
CLOSE = frozenset({"magic_strike", "special_strike", "finishing", "fight"})
WOUNDING = frozenset({"shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike",
                      "spell", "effect", "wound"})
"""Kinds whose use wounds its targets."""
CREATURE_KINDS = (GROUND, FLYER, COMPANION, PARASITE)
_SHOOT, _ROW, _CLOSE, _ANY, _FACING, _SQUARED, _HOST, _OPPOSED = range(8)
FACING = ("left", "right", "opposite", "behind", "forward", "host")
"""``area`` of an action aimed at the one square on that side of the card (geometry ``_FACING``)."""
"""Geometry of a slot: ranged attack, strike through a row, close strike, anything else."""


def ability(key: int, index: int) -> Ability:
    """Ability ``index`` of the card with key ``key``."""
    return ABILITIES[key][index]


def rolls(ab: Ability) -> bool:
    """Whether one use rolls a die per target: a wounding ability with damage X-Y-Z."""
    return len(ab.damage) == 3 and ab.kind in WOUNDING


@mypyc_attr(native_class=False)  # (a plain class: pickled like the pure-Python one)
@dataclass(frozen=True)
class Slot:
    """Ability ``index`` of card key ``key``, compiled for the hot loops (see :func:`slot`)."""

    key: int
    index: int
    ability: Ability
    geometry: int
    range: int | None
    mode: str
    conditional: bool
    creatures_only: bool
    limited: bool
    """A seat mark or a limit of uses per battle / turn."""
    rolls: bool
    """One die per target (:func:`rolls`)."""
    closes: bool
    """Paid by closing the card (``tap`` or ``counter_tap``)."""
    id: int
    """``key << 6 | index``: a small int naming the slot in memo keys."""
    plain: bool = False
    """Neither ``vs_*`` conditions nor creatures only: its reach is geometry alone (:func:`reach_mask`)."""


_SLOTS: dict[int, Slot] = {}


def slot(key: int, index: int) -> Slot:
    """The compiled ability ``index`` of card key ``key`` (cached)."""
    sid = key << 6 | index
    out = _SLOTS.get(sid)
    if out is None:
        ab = ABILITIES[key][index]
        kind = ab.kind
        geometry = (_SHOOT if kind in SHOOTING else _ROW if kind == "strike_through_row"
                    else _CLOSE if (kind in CLOSE and not (kind == "fight" and ab.target in ("ally", "self")))
                    or (kind == "swap" and ab.targets < 2)  # (with a card next to it: 30/13; two: anywhere)
                    else _ANY)  # (a fight of its own creature: that creature, anywhere, fights its neighbour)
        if ab.area in FACING and ab.cost in ("tap", "counter_tap", "counter", "free"):
            geometry = _FACING  # (an action at the one square on that side of it: 60/28 "по карте напротив")
        elif ab.area == "target_column":
            geometry = _SQUARED  # (names a column by a card on a square: 50/35 Медный дракон)
        elif ab.area == "host" and ab.cost in ("tap", "counter_tap", "counter"):
            geometry = _HOST  # (a rider's action at its host, on its own square: 60/112 "на хозяина")
        elif ab.area == "facing" and ab.cost in ("tap", "counter_tap", "counter"):
            geometry = _OPPOSED  # (a card standing opposite a creature of its squad: 40/40 Барабанщик)
        limited = bool(ab.seat or ab.uses_per_battle or ab.uses_per_turn)
        closes = ab.cost in ("tap", "counter_tap")
        conditional, creatures_only = has_condition(ab), kind in ("heal", "poison")
        if kind in ENTRIES:  # (its ``vs_*`` pick the card that enters; it aims at no card but itself)
            conditional = False
        out = _SLOTS[sid] = Slot(key, index, ab, geometry, ab.range, "self" if kind in ENTRIES else ab.target,
                                 conditional,
                                 creatures_only, limited, rolls(ab), closes, sid,
                                 not conditional and not creatures_only)
    return out


_SLOTS_OF: dict[int, tuple[Slot, ...]] = {}


def slots_of(key: int) -> tuple[Slot, ...]:
    """Every ability of card key ``key`` as a :class:`Slot`, by index (cached)."""
    out = _SLOTS_OF.get(key)
    if out is None:
        out = _SLOTS_OF[key] = tuple(slot(key, i) for i in range(len(ABILITIES[key])))
    return out


_TRIGGERED: dict[tuple[int, str], tuple[int, ...]] = {}


def triggered(key: int, trigger: str) -> tuple[int, ...]:
    """Indices of the abilities of card key ``key`` that fire on ``trigger`` (cached)."""
    out = _TRIGGERED.get((key, trigger))
    if out is None:
        out = _TRIGGERED[(key, trigger)] = tuple(
            i for i, ab in enumerate(ABILITIES[key]) if ab.cost == "trigger" and ab.trigger == trigger)
    return out


_MATCHES: dict[int, bool] = {}


def meets(sl: Slot, kv: int) -> bool:
    """Whether the slot's ``vs_*`` conditions hold against card key ``kv`` (cached)."""
    if not sl.conditional:
        return True
    memo = sl.id << 20 | kv
    hit = _MATCHES.get(memo)
    if hit is None:
        if len(_MATCHES) > 500_000:
            _MATCHES.clear()
        hit = _MATCHES[memo] = matches(sl.ability, card_of(kv))
    return hit


_ROW_OVER: dict[int, tuple[Ability, ...]] = {}


def _row_over(key: int) -> tuple[Ability, ...]:
    """The standing ``row_over`` facts of card key ``key`` (cached): the enemy cards its strikes
    through a row may pass over ("через клетки, занятые {ordinary} существами противника", 50/63)."""
    out = _ROW_OVER.get(key)
    if out is None:
        out = _ROW_OVER[key] = tuple(ab for ab in ABILITIES[key]
                                     if ab.kind == "row_over" and ab.cost == "passive")
    return out


def _passable(state, key: int, seat: int, w: int) -> bool:
    """Whether a strike through a row of a card of ``seat`` (card key ``key``) passes over the square
    holding unit ``w``: its own card (with no enemy rider), or an enemy card a ``row_over`` of it selects."""
    seats, rider = state.seat, state.rider
    if seats[w] == seat:
        return rider[w] < 0 or seats[rider[w]] == seat
    over = _row_over(key)
    return bool(over) and rider[w] < 0 and any(matches(ab, card_of(state.key[w])) for ab in over)


def reaches(state, sl: Slot, seat: int, src: int, v: int) -> bool:
    """Whether the slot's ability used from square ``src`` (``AUX`` for a flyer) by a card of
    ``seat`` may be aimed at unit ``v`` (geometry only; see the module docstring)."""
    pv = state.pos[v]
    if pv < AUX:
        return False
    geometry, rng = sl.geometry, sl.range
    if geometry == _SQUARED:  # (any card on a square of the battlefield)
        return pv >= 0
    if geometry == _SHOOT:
        if pv == AUX or src == AUX:
            return True
        return bool(RING[5 if rng is None or rng > 5 else rng][src] >> pv & 1)
    if geometry == _ROW:
        if src < 0 or pv < 0:
            return False
        board = state.board
        for target_sq, middle in THROUGH_ROW[src]:
            if target_sq != pv:
                continue
            w = board[middle]
            if w < 0:
                return True
            return _passable(state, sl.key, seat, w)
        if rng is not None and rng >= 3:  # (over two squares: 50/65 Ингвард)
            for target_sq, first, second in THROUGH_TWO[src]:
                if target_sq != pv:
                    continue
                for middle in (first, second):
                    w = board[middle]
                    if w >= 0 and not _passable(state, sl.key, seat, w):
                        return False
                return True
        return False
    if geometry == _FACING:  # (the one square on that side of it, as its owner sees the board)
        if src < 0 or pv < 0:
            return False
        ahead = 1 if seat == 0 else -1
        r, c = divmod(src, COLS)
        area = sl.ability.area
        if area == "host":  # (a rider's action at the creature it rides, on its square: 30/56)
            return pv == src and state.board[src] == v
        if area == "forward":  # (any square ahead of it in its column: "только вперёд по прямой", 30/11;
            #                    a ranged attack never at the card next to it)
            dr = (pv // COLS - r) * ahead
            return pv % COLS == c and dr > (1 if sl.ability.kind in SHOOTING else 0)
        if area in ("left", "right"):
            c += -ahead if area == "left" else ahead
        else:
            r += ahead if area == "opposite" else -ahead
        return 0 <= r < ROWS and 0 <= c < COLS and pv == r * COLS + c
    if geometry == _HOST:  # (the host of the rider standing on ``src``: the card on it with a rider)
        return pv >= 0 and pv == src and state.rider[v] >= 0
    if geometry == _OPPOSED:  # (the square in front of it holds a creature of ``seat``'s squad, facing it)
        if pv < 0:
            return False
        below = pv - COLS * (1 if seat == 0 else -1)
        w = state.board[below] if 0 <= below < ROWS * COLS else -1
        return w >= 0 and state.seat[w] == seat and state.creature[w]
    if geometry == _CLOSE:
        if src == AUX:
            return True
        if rng is None:
            return pv >= 0 and NEAR[src][pv]
        return pv == AUX or bool(WITHIN[min(rng, 5)][src] >> pv & 1)
    if pv == AUX or src == AUX or rng is None:
        return True
    return bool(WITHIN[min(rng, 5)][src] >> pv & 1)


def aimable(state, u: int, sl: Slot, v: int, src: int) -> bool:
    """Whether unit ``v`` is in :func:`reach` of slot ``sl`` of unit ``u`` from ``src`` (one target)."""
    if not (0 <= v < state.n) or not state.alive[v] or state.kind[v] == TERRAIN:
        return False
    if state._taunters and sl.mode in ("enemy", "any") and state.seat[v] != state.seat[u]:
        return v in reach_slot(state, u, sl, src)  # enemy taunts (``taunt``)
    mode, seat = sl.mode, state.seat[u]
    if mode == "self":
        return v == u
    if (mode == "enemy" and state.seat[v] == seat) or (mode == "ally" and state.seat[v] != seat):
        return False
    if sl.creatures_only and (state.kind[v] not in CREATURE_KINDS or state.ghost[v]):
        return False  # (no healing nor poisoning of incorporeal creatures: 000 glossary)
    # (An ability without geometry and range reaches every living card: no reaches() call.)
    if not (sl.geometry == _ANY and sl.range is None) and not reaches(state, sl, seat, src, v):
        return False
    if sl.ability.area == "around_free" and not _free_between(state, src, v):
        return False
    if sl.ability.area in SHAPES and not state._shape_targets(u, sl.ability, v):
        return False  # (no group of squares of its area holds ``v``: a flyer, say)
    return not sl.conditional or state.hidden[v] or meets(sl, state.key[v])


def _free_between(state, src: int, v: int) -> bool:
    """``area = "around_free"`` (30/119 Баламут): a free square next to both ``src`` and ``v``."""
    q = state.pos[v]
    if src < 0 or q < 0:
        return False
    board = state.board
    return any(board[f] < 0 and NEAR[src][f] and NEAR[q][f] for f in range(SQUARES))


def reach(state, u: int, index: int, src: int | None = None) -> list[int]:
    """The units ability ``index`` of unit ``u`` may be aimed at from square ``src`` (default:
    where ``u`` stands), in unit order (see the module docstring)."""
    return reach_slot(state, u, slot(state.key[u], index), src)


def reach_slot(state, u: int, sl: Slot, src: int | None = None) -> list[int]:
    """:func:`reach` of a compiled ability. An ``area`` of squares given by the card aimed at
    (:data:`~analysis.cards.abilities.SHAPES`) keeps only the cards some such group holds (not a
    flyer, which stands on no square)."""
    out = _reach_slot(state, u, sl, src)
    if out and sl.ability.area in SHAPES:
        ab = sl.ability
        return [v for v in out if state._shape_targets(u, ab, v)]
    return out


def _reach_slot(state, u: int, sl: Slot, src: int | None = None) -> list[int]:
    """:func:`reach_slot` before the shape of its area."""
    if state._taunters and sl.mode in ("enemy", "any") and not state._taunt_skip \
            and not (state._taunt_free and state._ignores_taunt(u, sl.ability.kind)):
        return state._taunted_reach(u, sl, src)
    seat = state.seat[u]
    src = state.pos[u] if src is None else src
    mode = sl.mode
    units = state.units
    if mode == "self":
        return [u] if state.alive[u] else []
    if mode == "enemy":
        pool = units[1 - seat]
    elif mode == "ally":
        pool = units[seat]
    else:
        pool = sorted(units[0] + units[1])
    geometry = sl.geometry
    free = (geometry == _ANY and (sl.range is None or src == AUX)) or (geometry == _SHOOT and src == AUX)
    plain = not sl.conditional and not sl.creatures_only
    if free and plain:
        return list(pool)
    if plain and geometry == _SHOOT:  # a bit mask of the squares it lands on; flyers always
        ring = RING[5 if sl.range is None or sl.range > 5 else sl.range][src]
        pos = state.pos
        return [v for v in pool if pos[v] == AUX or (pos[v] >= 0 and ring >> pos[v] & 1)]
    kinds, hidden, keys = state.kind, state.hidden, state.key
    shaped = sl.ability.area == "around_free"
    out = []
    for v in pool:
        if sl.creatures_only and (kinds[v] not in CREATURE_KINDS or state.ghost[v]):
            continue
        if not free and not reaches(state, sl, seat, src, v):
            continue
        if sl.conditional and not hidden[v] and not meets(sl, keys[v]):
            continue
        if shaped and not _free_between(state, src, v):
            continue
        out.append(v)
    return out


EVERYWHERE = -1
""":func:`reach_mask` of an ability that reaches every card of its pool."""


def reach_mask(sl: Slot, src: int) -> int | None:
    """The reach of a :attr:`Slot.plain` ability from square ``src`` for loops over its pool
    without :func:`reach_slot`'s list: :data:`EVERYWHERE`, or for a ranged attack the bit mask of
    the squares it lands on (a card in the auxiliary zone is always reached); None for any other
    geometry (use :func:`reach_slot`). The same reach as :func:`reach_slot`, unit for unit."""
    geometry = sl.geometry
    if src == AUX:
        return EVERYWHERE if geometry in (_ANY, _SHOOT) else None
    if geometry == _ANY:
        return EVERYWHERE if sl.range is None else None
    if geometry == _SHOOT:
        return RING[5 if sl.range is None or sl.range > 5 else sl.range][src]
    return None


def _tiers(modifier: int) -> tuple[int, ...]:
    """The strength (weak 0, medium 1, strong 2) each die face 1..6 picks with a roll modifier
    (000 2.14: the modified result clamped to 1..6; "Shot at X-Y-Z")."""
    return tuple(die_tier(min(6, max(1, face + modifier))) for face in range(1, 7))


_HITS: dict[int, tuple[tuple[int, int, float], ...]] = {}


def hit_distribution(ku: int, index: int, kv: int, armor_left: int) -> tuple[tuple[int, int, float], ...]:
    """Distinct (wounds, armor used, probability) of one use of ability ``index`` of card ``ku`` on
    card ``kv`` with ``armor_left`` armor this turn: the die with its modifiers (000 2.14, "Shot at
    X-Y-Z"), protections (000 2.8), "−X from" and armor (cached)."""
    memo = ((ku << 6 | index) << 20 | kv) << 8 | armor_left
    out = _HITS.get(memo)
    if out is None:
        ab = ABILITIES[ku][index]
        source, target = card_of(ku), card_of(kv)
        if rolls(ab):
            mod = roll_modifier(source, ab.kind, target, SEATS[ku])
            faces = damage_by_die(ab, mod)
            tiers = _tiers(mod)
        else:
            faces = (ab.damage[0] if ab.damage else 0,)
            tiers = (-1,)
        forced = forced_tier(source, ab.kind, target, SEATS[ku], SEATS[kv])
        if forced >= 0:  # ("сводится к сильному": that strength whatever the die)
            faces = (ab.damage[forced] if len(ab.damage) == 3 else faces[0],)
            tiers = (forced,)
        elif len(ab.damage) == 3:
            faces, tiers = _raised(source, ab, target, ku, kv, faces, tiers)
        bonus = attack_bonus(source, ab.kind, SEATS[ku], target)
        if bonus:
            faces = tuple(max(0, d + bonus) for d in faces)
        acc: dict[tuple[int, int], float] = {}
        for dmg, tier in zip(faces, tiers, strict=True):
            pair = wounds_after(dmg, ab.kind, target, source, armor_left, SEATS[kv], tier)
            acc[pair] = acc.get(pair, 0.0) + 1 / len(faces)
        out = tuple(sorted(((w, a, p) for (w, a), p in acc.items()), reverse=True))
        if len(_HITS) > 500_000:
            _HITS.clear()
        _HITS[memo] = out
    return out


def _raised(source, ab: Ability, target, ku: int, kv: int, faces: tuple[int, ...],
            tiers: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The faces and strengths of an X-Y-Z attack whose results of one strength count as a higher
    one (``counts_as`` / ``taken_as`` with two ``tiers``: "слабые атаки … сводятся к средним")."""
    low, high = raised_tier(source, ab.kind, target, SEATS[ku], SEATS[kv])
    if low < 0:
        return faces, tiers
    return (tuple(ab.damage[high] if t == low else f for f, t in zip(faces, tiers, strict=True)),
            tuple(high if t == low else t for t in tiers))


_HIT: dict[int, tuple[int, int]] = {}


def hit(ku: int, index: int, kv: int, armor_left: int, die: int) -> tuple[int, int]:
    """(wounds dealt, armor used) of one use of ability ``index`` of card ``ku`` on card ``kv`` with
    ``armor_left`` armor and die ``die`` (0: no die is rolled), as :func:`hit_distribution`
    (cached: the engine resolves every use through it)."""
    memo = (((ku << 6 | index) << 20 | kv) << 8 | armor_left) << 3 | die
    out = _HIT.get(memo)
    if out is None:
        ab = ABILITIES[ku][index]
        source, target = card_of(ku), card_of(kv)
        tier = -1
        if die:
            mod = roll_modifier(source, ab.kind, target, SEATS[ku])
            damage = damage_by_die(ab, mod)[die - 1]
            tier = _tiers(mod)[die - 1]
        else:
            damage = ab.damage[0] if ab.damage else 0
        forced = forced_tier(source, ab.kind, target, SEATS[ku], SEATS[kv])
        if forced >= 0:  # ("сводится к сильному")
            tier = forced
            if len(ab.damage) == 3:
                damage = ab.damage[forced]
        elif tier >= 0 and len(ab.damage) == 3:  # ("слабые атаки … сводятся к средним")
            low, high = raised_tier(source, ab.kind, target, SEATS[ku], SEATS[kv])
            if tier == low:
                tier, damage = high, ab.damage[high]
        bonus = attack_bonus(source, ab.kind, SEATS[ku], target)
        if bonus:
            damage = max(0, damage + bonus)
        out = wounds_after(damage, ab.kind, target, source, armor_left, SEATS[kv], tier)
        if len(_HIT) > 500_000:
            _HIT.clear()
        _HIT[memo] = out
    return out


def hit_shifted(ku: int, index: int, kv: int, armor_left: int, die: int, delta: int) -> tuple[int, int]:
    """:func:`hit` with the attack's power changed by ``delta`` (a board-dependent ``attack_bonus``:
    ``vs_position = "max_range"``, 60/78, 60/184; not cached, as rare)."""
    ab = ABILITIES[ku][index]
    source, target = card_of(ku), card_of(kv)
    tier = -1
    if die:
        mod = roll_modifier(source, ab.kind, target, SEATS[ku])
        damage = damage_by_die(ab, mod)[die - 1]
        tier = _tiers(mod)[die - 1]
    else:
        damage = ab.damage[0] if ab.damage else 0
    damage = max(0, damage + attack_bonus(source, ab.kind, SEATS[ku]) + delta)
    return wounds_after(damage, ab.kind, target, source, armor_left, SEATS[kv], tier)


def face_groups(ku: int, index: int, kv: int, armor_left: int) -> tuple[tuple[int, float], ...]:
    """The die faces of one use on ``kv`` merged by their effect: (a representative face,
    probability), for :meth:`Battle.outcomes`. ``((0, 1.0),)`` when no die is rolled."""
    ab = ABILITIES[ku][index]
    if not rolls(ab):
        return ((0, 1.0),)
    source, target = card_of(ku), card_of(kv)
    mod = roll_modifier(source, ab.kind, target, SEATS[ku])
    faces = damage_by_die(ab, mod)
    tiers = _tiers(mod)
    forced = forced_tier(source, ab.kind, target, SEATS[ku], SEATS[kv])
    if forced >= 0:  # (every face: that strength)
        faces = (ab.damage[forced],) * 6
        tiers = (forced,) * 6
    elif len(ab.damage) == 3:
        faces, tiers = _raised(source, ab, target, ku, kv, faces, tiers)
    bonus = attack_bonus(source, ab.kind, SEATS[ku], target)
    if bonus:
        faces = tuple(max(0, d + bonus) for d in faces)
    groups: dict[tuple[int, int], list[int]] = {}
    for face, dmg in enumerate(faces, start=1):
        pair = wounds_after(dmg, ab.kind, target, source, armor_left, SEATS[kv], tiers[face - 1])
        groups.setdefault(pair, []).append(face)
    return tuple((fs[0], len(fs) / 6) for fs in groups.values())


__all__ = [
    "CLOSE", "SHOOTING", "WOUNDING", "Slot", "ability", "aimable", "face_groups", "hit", "hit_distribution",
    "hit_shifted",
    "EVERYWHERE", "meets", "reach", "reach_mask", "reach_slot", "reaches", "rolls", "slot", "slots_of",
    "triggered",
]
