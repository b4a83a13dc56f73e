"""Abilities that hold only in some positions, turns or states, and abilities given for a while.

The strike tables, the ability slots and the per-unit columns of :class:`~analysis.battle.engine.
Battle` are built from *card keys* (:func:`analysis.battle.tables.card_key`). A card whose facts
depend on the board — the formation abilities (000 glossary "Formation": two creatures of one squad
with formation standing next to each other, not diagonally, get the abilities after "Строй:"; "as
soon as the formation is broken … they are lost"), the ``when`` conditions, a ``self_state`` on a
property other than a cap, an amount ``per`` a quantity of its own state, the keyword columns its
``keyword`` facts give it, the properties other cards gave it for a while (``lasts``; 000 1.9.5
"acquired ability") — plays under the key of a *variant* of its card: the same facts, those whose
condition holds now made standing (their condition cleared, their amount filled in), the granted
ones appended, the keyword grants merged into its keyword columns (000 2.15: of one named modifier
only the largest applies). An action or trigger whose condition fails is marked for the other seat,
so the engine's seat check refuses it. The engine recomputes each such unit's variant after every
action and at the turn's start and end (:meth:`Situational._situate`); variants are interned once
per process, so the tables of a variant are built once.

Conditions on the card a simple strike is aimed at — ``vs_position`` (opposite, diagonal,
isolated), ``vs_state`` on a passive, ``per`` ``target_strike`` / ``target_half_life`` — are applied
for the strike only (:meth:`Situational._strike_variants`): the attacker (and the parrier) play it
under a variant made for that pair and position, and take their own key back afterwards.

Cards without such facts never get here: the engine only calls in when some unit has them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from mypy_extensions import mypyc_attr

from analysis.battle.board import (
    ADJ4,
    ADJ8,
    ADJ8_SELF,
    AT_EDGE,
    COLS,
    DEPTH_LAYOUTS,
    NEAR_MASK,
    SQUARES,
    half_rows,
    row_of,
)
from analysis.battle.fields import EngineFields
from analysis.battle.powers import slots_of
from analysis.battle.tables import ABILITIES, ARTIFACT, PROFILES, ROWS, card_key, card_of
from analysis.cards.abilities import MAGICAL, UNIT_PERS, Ability, CardAbilities
from analysis.cards.ability_rules import class_overlap, covers, facts, has_condition, matches, strike_passives

_ZERO_WALK = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_WALK_WHENS = frozenset({"moved", "still", "moved_straight", "moved_turning", "crossed", "returned",
                         "moved_onto_creature", "moved_twice", "stepped_back"})
"""Per unit this turn: (steps, up, down, left, right, crossed, returned, steps onto a square a
creature holds, steps onto the square of a creature with a magical ability, diagonal steps)."""
_GUARDED = ("cap", "protection")
"""Kinds whose ``self_state`` the engine's guards check
(:func:`analysis.cards.ability_rules.state_limits`)."""
_STRIKE_PERS = ("target_strike", "target_half_life", "streak")
_DEPTH_WHENS = ("at_depth", "on_surface")
"""The ``when`` conditions on the square a card stands on (data/README.md "Depth and surface")."""
_SQUAD_WHENS = frozenset({"squad_class", "top_strike", "squad_more_closed", "counters_cards",
                          "enemy_elements", "few_elements", "enemy_last_life", "no_enemy_flyers",
                          "enemy_opposite"})
"""``when`` conditions on the squads in play (:meth:`Situational._squad_when`)."""
_HOST_WHENS = frozenset({"host_open", "host_closed", "host_unwounded", "host_of", "host_weaker"})
DID_BITS = {k: 1 << i for i, k in enumerate(("simple", "shot", "throw", "discharge", "strike_through_row",
                                             "magic_strike", "special_strike"))}
"""The bit of each attack kind in a seat's record of the attacks its cards made this turn (``done``)."""
"""``when`` conditions on the host of a companion or parasite (000 1.5.2; 30/123 Крайт)."""
_NAME_WHENS = frozenset({"cheapest", "odd_costs", "enemy_namesakes", "no_namesakes", "own_half_no_cheap"})
"""``when`` conditions on the names and costs of the cards in play (wave 3, set 40:
:meth:`Situational._cost_when`)."""


@mypyc_attr(native_class=False)  # (a plain class: pickled like the pure-Python one)
class Spec:
    """Which facts of a card key depend on the board (indices into its abilities)."""

    __slots__ = ("board", "unit_per", "strike", "static", "keywords", "active", "deps", "bits")

    def __init__(self, abilities: tuple[Ability, ...]):
        board, unit_per, strike, static, keywords = [], [], [], [], []
        for i, ab in enumerate(abilities):
            if ab.cost == "passive" and ab.kind in ("keyword", "range_bonus"):
                keywords.append(i)  # (standing columns and ranges: its variant carries them)
            if ab.squad_has:
                static.append(i)
            if ab.formation or ab.when or (ab.self_state and ab.kind not in _GUARDED):
                board.append(i)
            if ab.per in UNIT_PERS:
                unit_per.append(i)
            if ab.cost == "passive" and (ab.vs_position or ab.vs_state or ab.per in _STRIKE_PERS):
                strike.append(i)
        self.board = tuple(board)
        self.unit_per = tuple(unit_per)
        self.strike = tuple(strike)
        self.static = tuple(static)
        self.keywords = tuple(keywords)
        self.active = bool(board or unit_per or static or keywords)
        """Its variant follows the board (else only the strike-time facts, if any)."""
        deps: set[str] = set()
        for i in (*board, *unit_per):
            ab = abilities[i]
            if ab.formation:
                deps.add("near")
            if ab.self_state and ab.kind not in _GUARDED:
                deps.add("self")
            if ab.when in _WALK_WHENS or ab.per in ("steps", "magic_entries", "diagonal_steps"):
                deps.add("walk")
            elif ab.when in ("own_turn", "enemy_turn"):
                deps.add("turn")
            elif ab.when in ("centre_column", "edge_column", "third_row", "back_rows", "enemy_back_row",
                             "at_edge", "off_edge"):
                deps.add("pos")
            elif ab.when in ("flanked", "unflanked"):
                deps.add("board")
            elif ab.when in ("marker_row", "marker_column"):
                deps.update(("pos", "marks"))
            elif ab.when in ("column_clear", "rows_held", "squad_jumps"):
                deps.add("board")  # (``squad_jumps``: any jump moves a card on the board)
            elif ab.when == "host_formation":
                deps.add("host")
            elif ab.when == "clear_of_enemies":
                deps.update(("near", "opens"))
            elif ab.when == "enemy_front_empty":
                deps.add("board")
            elif ab.when == "enemy_more_closed":
                deps.update(("opens", "alive"))
            elif ab.when in ("war_machine", "squad_class", "top_strike", "enemy_elements", "few_elements",
                             "no_enemy_flyers"):
                deps.add("alive")
            elif ab.when == "squad_more_closed":
                deps.update(("opens", "alive"))
            elif ab.when == "counters_cards":
                deps.update(("counters", "alive"))
            elif ab.when == "enemy_last_life":
                deps.update(("wounds", "alive"))
            elif ab.when == "enemy_opposite":
                deps.add("board")
            elif ab.when == "counters":
                deps.add("self")
            elif ab.when == "squad_tokens":
                deps.update(("counters", "alive"))
            elif ab.when == "enemy_no_open":
                deps.update(("opens", "alive"))
            elif ab.when == "enemy_flyers":
                deps.add("alive")
            elif ab.when == "rebuff":
                deps.add("rebuff")
            elif ab.when in _DEPTH_WHENS:
                deps.add("depth")
            elif ab.when == "behind_caster":
                deps.add("board")
            elif ab.when == "squad_cursed":
                deps.update(("bases", "alive"))
            elif ab.when in ("wolf", "human"):
                deps.add("form")
            elif ab.when in _HOST_WHENS:
                deps.update(("opens", "wounds", "host", "lives"))
            elif ab.when == "enemy_back_row_full":
                deps.add("board")
            elif ab.when == "squad_extra_life":
                deps.update(("wounds", "alive", "lives"))
            elif ab.when == "namesakes":
                deps.add("alive")
            elif ab.when in ("squad_did", "took_all", "hurt_many"):
                deps.add("done")
            elif ab.when == "squad_charged":
                deps.update(("counters", "alive"))
            elif ab.when == "near_poisoned":
                deps.update(("near", "poison"))
            elif ab.when in _NAME_WHENS:
                deps.update(("alive", "board") if ab.when == "own_half_no_cheap" else ("alive",))
            elif ab.when == "extra_life_near":
                deps.update(("near", "wounds", "lives"))
            elif ab.when == "armor_left":
                deps.add("armor")
            elif ab.when == "state_adjacent":
                deps.update(("near", "opens", "wounds", "alive"))
            elif ab.when is not None:
                deps.update(("near", "wounds") if ab.when == "allies_adjacent" else ("near",))
            if ab.per in ("counters", "own_wounds", "own_extra_life"):
                deps.add("self")
            elif ab.per in ("kin", "kin_class"):
                deps.add("alive")
            elif ab.per in ("side_weak", "free_adjacent", "adjacent_enemies", "side_move"):
                deps.add("near")
            elif ab.per == "adjacent_even_enemies":
                deps.update(("near", "wounds"))
            elif ab.per == "adjacent_poisoned":
                deps.update(("near", "poison"))
            elif ab.per == "wounded_allies":
                deps.update(("wounds", "alive"))
            elif ab.per == "allies_enemy_half":
                deps.add("board")
            elif ab.per == "moves_left":
                deps.update(("moves", "turn"))
            elif ab.per == "open_enemies":
                deps.update(("opens", "alive"))
            elif ab.per == "squad_flyers":
                deps.add("alive")
        self.deps = frozenset(deps)
        """What its variant depends on (the engine recomputes it only when that changed)."""
        self.bits = dep_bits(self.deps)
        """:attr:`deps` as bits of :data:`DEPS` (read after every action)."""


DEPS = ("board", "near", "pos", "walk", "turn", "self", "wounds", "alive", "opens", "counters", "host",
        "rebuff", "bases", "depth", "form", "lives", "marks", "moves", "poison", "done", "armor")
"""What a variant may depend on (:attr:`Spec.deps`); bit ``i`` of :attr:`Spec.bits` is ``DEPS[i]``."""
BOARD: Final = 1
NEAR: Final = 2
POS: Final = 4
WALK: Final = 8
TURN: Final = 16
SELF: Final = 32
WOUNDS: Final = 64
ALIVE: Final = 128
OPENS: Final = 256
COUNTERS: Final = 512
HOST: Final = 1024
REBUFF: Final = 2048
BASES: Final = 4096
DEPTH: Final = 8192
FORM: Final = 16384
LIVES: Final = 32768
MARKS: Final = 65536
MOVES: Final = 131072
POISON: Final = 262144
DONE: Final = 524288
ARMOR: Final = 1048576


def dep_bits(deps) -> int:
    """The bits of :data:`DEPS` named in ``deps`` (an unknown name is an error)."""
    bits = 0
    for name in deps:
        bits |= 1 << DEPS.index(name)
    return bits


_SPECS: dict[int, Spec] = {}


_FITS: dict[tuple[int, int], tuple[str, bool]] = {}


def _aura_fits(source: int, index: int, key: int) -> tuple[str, bool]:
    """The ``target`` side of ``aura`` fact ``index`` of card ``source`` and whether card ``key`` meets
    its card filters (those of a ``far_strike`` name what it reaches, not its holder), cached."""
    memo = (source << 6 | index, key)
    hit = _FITS.get(memo)
    if hit is None:
        ab = ABILITIES[source][index]
        fits = ab.kind == "far_strike" or not has_condition(ab) or matches(ab, card_of(key))
        if len(_FITS) > 200_000:
            _FITS.clear()
        hit = _FITS[memo] = (ab.target, fits)
    return hit


def spec_of(key: int) -> Spec:
    out = _SPECS.get(key)
    if out is None:
        out = _SPECS[key] = Spec(ABILITIES[key])
    return out


def needs_variants(key: int) -> bool:
    """Whether a unit of this card key needs the situational machinery."""
    sp = spec_of(key)
    return sp.active or bool(sp.strike)


def _standing_copy(ab: Ability, **changes: Any) -> Ability:
    """``ab`` with its board conditions cleared (it holds now)."""
    clear: dict[str, Any] = dict(formation=False, partner=None, when=None, count=1, squad_has=())
    if ab.when in ("allies_adjacent", "clear_of_enemies"):
        clear["when_state"] = None
    if ab.self_state and ab.kind not in _GUARDED:
        clear["self_state"] = None
    clear.update(changes)
    return replace(ab, **clear)


def _amount(ab: Ability, quantity: int) -> tuple[int, ...]:
    """The damage of a fact with ``per`` for a quantity (plus ``plus``, at most ``per_max``)."""
    x = quantity + ab.plus
    if ab.per_max:
        x = min(x, ab.per_max)
    x = max(0, x)
    if ab.negative:  # ("−X": 30/165 Молох's −1 per open enemy creature)
        x = -x
    if ab.kind != "strike_bonus":
        return (x,)
    if ab.tiers:
        return tuple(x if t in ab.tiers else 0 for t in ("weak", "medium", "strong"))
    return (x, x, x)


def _merge_keywords(card, abilities: tuple[Ability, ...], seat: int):
    """The card with the keyword columns of its standing, unconditional ``keyword`` facts merged in;
    a fact marked for a seat ({first}/{second}) counts only for a unit of that seat."""
    own = ("first", "second")[seat]
    merged = dict(card.keywords)
    move = card.move
    changed = False
    for ab in abilities:
        if ab.kind != "keyword" or ab.cost != "passive" or ab.formation or ab.when or ab.squad_has \
                or ab.self_state or ab.extra or ab.uses_per_battle or ab.uses_per_turn \
                or has_condition(ab) or ab.vs_state or ab.vs_position or ab.per \
                or (ab.seat and ab.seat != own):
            continue
        value = ab.damage[0] if ab.damage else 1
        if ab.keyword == "move":
            move += value
            changed = True
        elif value > merged.get(ab.keyword, 0):
            merged[ab.keyword] = value
            changed = True
    if not changed:
        return card
    return replace(card, keywords=tuple(sorted(merged.items())), move=max(0, move))


_FLAGS: list[frozenset[str]] = []


def _flag_columns() -> frozenset[str]:
    """The flag keyword columns of ``data/keywords.csv`` (read once)."""
    if not _FLAGS:
        from analysis.cards.schema import keywords

        _FLAGS.append(frozenset(k.column for k in keywords() if k.kind == "flag"))
    return _FLAGS[0]


def _held_flags(abilities: tuple[Ability, ...]) -> set[str]:
    """The flag columns a card's own facts give only under a condition ("На поверхности:
    Неповоротливость", 40/127, 50/144): the card table sets such a column from the icon, which marks
    that the text mentions it, so the column is not standing; the fact says when it holds."""
    return {ab.keyword for ab in abilities
            if ab.kind == "keyword" and ab.cost == "passive" and ab.keyword is not None
            and (ab.when or ab.formation or ab.self_state) and ab.keyword in _flag_columns()}


_VARIANTS: dict[tuple, int] = {}


def variant(base: int, seat: int, holds: int, amounts: tuple[tuple[int, tuple[int, ...]], ...],
            grants: tuple[Ability, ...]) -> int:
    """The key of card key ``base`` (of a unit of ``seat``) with the board facts of bit mask
    ``holds`` standing, the failing conditional actions and triggers refused (marked for the other
    seat), the amounts of its ``per`` facts filled in and the ``grants`` appended (cached)."""
    memo = (base, seat, holds, amounts, grants)
    out = _VARIANTS.get(memo)
    if out is not None:
        return out
    card = card_of(base)
    sp = spec_of(base)
    abilities = list(facts(card))
    other = ("second", "first")[seat]
    for i in sp.board + sp.static:
        ab = abilities[i]
        if holds >> i & 1:
            abilities[i] = _standing_copy(ab)
        elif ab.cost != "passive":
            abilities[i] = replace(ab, seat=other)  # refused by the seat check while it fails
    for i, amount in amounts:
        abilities[i] = replace(abilities[i], damage=amount, per=None, plus=0, per_max=0,
                               tiers=() if abilities[i].kind == "strike_bonus" else abilities[i].tiers)
    abilities.extend(grants)
    _extend_ranges(abilities)
    entry = card.abilities or CardAbilities(card.code, card.name, "none", unmodelled=("-",))
    new_card = replace(card, abilities=replace(entry, abilities=tuple(abilities)))
    held = _held_flags(facts(card))
    if held:
        new_card = replace(new_card, keywords=tuple(kv for kv in new_card.keywords if kv[0] not in held))
    new_card = _merge_keywords(new_card, tuple(abilities), seat)
    if new_card.strike and any(a.kind == "swap_strikes" and a.cost == "passive" for a in abilities):
        weak, medium, strong = new_card.strike  # ("поменять местами значения сильного и слабого удара")
        new_card = replace(new_card, strike=(strong, medium, weak))
    lost = {ab.keyword for ab in abilities if ab.kind == "lose_keyword" and ab.cost == "passive"
            and not (ab.formation or ab.when or ab.self_state or ab.extra or has_condition(ab))}
    if lost:  # ("теряет {armor}": the column goes, printed, given or held from an aura)
        new_card = replace(new_card, keywords=tuple(kv for kv in new_card.keywords if kv[0] not in lost))
    out = _VARIANTS[memo] = card_key(new_card, seat)
    if len(_VARIANTS) > 200_000:
        _VARIANTS.clear()
    return out


def _names_ranged(ab: Ability) -> bool:
    """Whether ``range_bonus`` ``ab``'s ``from`` names kinds with a range (30/89 "+2 к дальности
    выстрела"); a ``from`` naming none is the filter of the trigger that gave it (50/200: a kill by its
    simple strike), and the bonus is for its shots, throws and discharges."""
    return bool(ab.applies_to) and any(covers(ab, k) for k in ("shot", "throw", "discharge",
                                                               "strike_through_row", "spell", "effect"))


def _extend_ranges(abilities: list[Ability]) -> None:
    """+n to the range of the abilities with a range among ``abilities`` for each standing
    ``range_bonus`` fact among them (its amount filled in): those of its ``from`` kinds ("+2 к
    дальности выстрела", 30/89), without one its shots, throws and discharges (50/86, 50/200)."""
    bonus = [ab for ab in abilities
             if ab.kind == "range_bonus" and ab.cost == "passive" and ab.damage and not (
                 ab.formation or ab.when or ab.self_state or ab.vs_state or ab.extra or ab.per
                 or has_condition(ab))]
    if not bonus:
        return
    for i, ab in enumerate(abilities):
        if ab.range is None or ab.kind == "range_bonus":
            continue
        add = sum(r.damage[0] for r in bonus if (covers(r, ab.kind) if _names_ranged(r)
                                                 else ab.kind in ("shot", "throw", "discharge")))
        if add:
            abilities[i] = replace(ab, range=max(1, ab.range + add))


_STRIKE_VARIANTS: dict[tuple, int] = {}


def strike_variant(key: int, seat: int, holds: int, amounts: tuple[tuple[int, tuple[int, ...]], ...]) -> int:
    """The key ``key`` plays one simple strike under: its strike-time facts of mask ``holds``
    standing (``vs_position`` / ``vs_state`` cleared), the ``per`` target amounts filled in."""
    if not holds and not amounts:
        return key
    memo = (key, seat, holds, amounts)
    out = _STRIKE_VARIANTS.get(memo)
    if out is None:
        card = card_of(key)
        abilities = list(facts(card))
        for i, ab in enumerate(abilities):
            if holds >> i & 1:
                abilities[i] = replace(ab, vs_position=None, vs_state=None)
        for i, amount in amounts:
            abilities[i] = replace(abilities[i], damage=amount, per=None, plus=0, per_max=0, tiers=(),
                                   vs_position=None, vs_state=None)
        new_card = replace(card, abilities=replace(card.abilities, abilities=tuple(abilities)))  # type: ignore[type-var]
        out = _STRIKE_VARIANTS[memo] = card_key(new_card, seat)
        if len(_STRIKE_VARIANTS) > 200_000:
            _STRIKE_VARIANTS.clear()
    return out


_STRIPPED: dict[int, int] = {}


def stripped(key: int, seat: int) -> int:
    """The key of the card without its abilities (its facts and keyword columns): what a card that
    "ignores the abilities of the attacked creature" strikes (``ignore_abilities``)."""
    out = _STRIPPED.get(key)
    if out is None:
        card = card_of(key)
        out = _STRIPPED[key] = card_key(replace(card, abilities=None, keywords=()), seat)
    return out


_GRANTED: dict[int, tuple[Ability, Ability]] = {}


def granted(ab: Ability) -> Ability:
    """The standing fact a unit holds while a ``lasts`` grant of ``ab`` is on it (a ``far_strike``
    keeps its card filters: what the held strike reaches, 50/210 Медиум); cached per fact object."""
    hit = _GRANTED.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1]
    out = _granted(ab)
    if len(_GRANTED) > 50_000:
        _GRANTED.clear()
    _GRANTED[id(ab)] = (ab, out)
    return out


def _granted(ab: Ability) -> Ability:
    if ab.kind == "far_strike":
        return replace(ab, cost="passive", trigger=None, lasts=None, target="self", range=None, targets=1,
                       counters=0, uses_per_battle=0, uses_per_turn=0, seat=None, area=None, every=False,
                       roll=(), when=None, formation=False, extra="", via=None)
    if ab.boosts:  # (the trigger's ``from`` filtered what set it off; the grant is for these attacks)
        ab = replace(ab, applies_to=ab.boosts, boosts=())
    return replace(ab, cost="passive", trigger=None, lasts=None, target="self", range=None, targets=1,
                   counters=0, uses_per_battle=0, uses_per_turn=0, seat=None, vs_elements=(), vs_classes=(),
                   # (``foes`` on a reduce, protection or cap: the attackers it covers, 40/7 Вейла)
                   vs_types=ab.foes if ab.kind in ("reduce", "protection", "cap") else (), foes=(),
                   vs_min_cost=None, vs_max_cost=None, vs_has=(), vs_min_move=None,
                   vs_max_move=None, vs_rank=None,
                   vs_state=None, vs_position=None, area=None, every=False, roll=(), when=None,
                   formation=False, per=None, plus=0, per_max=0,
                   tiers=ab.tiers if ab.kind in ("cap", "reduce", "counts_as", "taken_as") else (), extra="")


def forward(seat: int) -> int:
    """Board rows towards the enemy for a unit of ``seat`` (row 0 is the First player's 3rd row)."""
    return 1 if seat == 0 else -1


_BOARD: dict[tuple[int, ...], tuple] = {}
"""Per tuple of card keys: (the units whose variant follows the board, whether some card has
strike-time facts, whether some card gives facts for a while, the (unit, fact index) of its auras)."""

_HELD: dict[Ability, Ability] = {}


def held(ab: Ability) -> Ability:
    """The standing fact a card holds under an ``aura`` fact ``ab`` of another card: its card
    filters (which cards hold it), area and ``when`` (read from the card giving it) cleared;
    ``vs_state`` / ``vs_position`` stay (cached)."""
    out = _HELD.get(ab)
    if out is None and ab.kind == "far_strike":  # (its filters name what its strike reaches)
        out = _HELD[ab] = replace(ab, cost="passive", area=None, target="self", when=None, count=1)
    if out is None:
        out = _HELD[ab] = replace(ab, cost="passive", area=None, target="self", when=None, count=1,
                                  vs_elements=(), vs_classes=(),
                                  vs_types=(), vs_min_cost=None, vs_max_cost=None, vs_has=(), vs_rank=None,
                                  vs_min_move=None, self_state=None, when_state=None)
    return out


_HELD_PER: dict[tuple[Ability, int], Ability] = {}


def held_per(ab: Ability, quantity: int) -> Ability:
    """:func:`held` with the amount of an aura's ``per`` filled in from the holder's ``quantity``."""
    memo = (ab, quantity)
    out = _HELD_PER.get(memo)
    if out is None:
        base = held(ab)
        out = _HELD_PER[memo] = replace(base, damage=_amount(ab, quantity), per=None, plus=0, per_max=0)
        if len(_HELD_PER) > 10_000:
            _HELD_PER.clear()
    return out
_VARIABLE = ("key", "cards", "profiles", "slots", "armor", "regen", "directed", "unanswerable", "magic",
             "prot_flyers", "move_points", "guards")
"""The per-unit columns a variant changes in place (copied by a clone when some unit has variants)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Situational(EngineFields):
    """The engine's part of the situational facts (a mixin of :class:`~analysis.battle.engine.Battle`)."""

    def _init_situational(self) -> None:
        """Per-unit state the situational facts read, and which units follow the board."""
        n = self.n
        self.walk = [_ZERO_WALK] * n
        self.hurt_set = [0] * n
        """Per unit: the enemy units it wounded this turn, a bit each (``when = "hurt_many"``); replaced,
        never changed in place (clones share it)."""
        self.took = [0] * n
        """Per unit: the attack kinds that wounded it this turn (:data:`DID_BITS`; ``when = "took_all"``);
        replaced, never changed in place (clones share it)."""
        self.done = [0, 0]
        """Per seat: the attack kinds its cards made this turn (:data:`DID_BITS`; ``when = "squad_did"``);
        replaced, never changed in place (clones share it)."""
        """(steps, up, down, left, right, crossed, returned) of each unit this turn."""
        self.grants = [()] * n
        """Per unit: (granted fact, the turn it lasts to; -1 = the battle) given by other cards."""
        self.base = list(self.key)
        """Each unit's key before its situational variant (a blessing changes it)."""
        memo = tuple(self.key)
        found = _BOARD.get(memo)
        if found is None:
            if len(_BOARD) > 50_000:
                _BOARD.clear()
            found = _BOARD[memo] = (
                tuple(u for u in range(n) if spec_of(self.key[u]).active),
                any(spec_of(k).strike for k in self.key),
                any(ab.lasts or ab.early or ab.kind == "takes_poison"  # (gives a protection, 60/77)
                    for k in self.key for ab in ABILITIES[k]),
                tuple((u, i) for u in range(n) for i, ab in enumerate(ABILITIES[self.key[u]])
                      if ab.cost == "aura"),
                tuple(u for u in range(n) if any(ab.kind == "silence" for ab in ABILITIES[self.key[u]])))
        self._board_units = list(found[0])
        self._silencers = list(found[4])
        """Units with a ``silence`` fact: the enemy creatures in its ``vs_position`` lose their abilities."""
        self._sit_memo = {}
        """Per board-dependent unit: what its variant was last computed from."""
        self._sit_glance = ()
        self._sit_deps = frozenset().union(*(spec_of(self.key[u]).deps for u in self._board_units))
        self._grant_ver = 0
        self._board_ver = 0
        """Bumped when cards change squares in ways ``occupied`` may not show (pushes, teleports,
        companions changing hosts, incarnations)."""
        self._rebuff = (False, False)
        """Per seat: its squad had fewer cards in play than the opponent's before this turn began
        (``when = "rebuff"``, Отпор; set by :meth:`_rebuff_check`)."""
        self._frm = [self.creature[u] and self.cards[u].has("formation") for u in range(n)]
        """Per unit: a creature with the formation keyword (000 glossary "Formation")."""
        self._strikers = found[1]
        self.depth_sq = DEPTH_LAYOUTS[self.config.depth_layout]
        """Bit mask of the depth squares (the rest are surface; data/README.md "Depth and surface"):
        the battle's layout, changed by ``flood`` facts."""
        self._dry = 0
        """Bit mask of the squares that count as surface until the end of this turn (``drain``)."""
        self._floods = ()
        """(square, unit) of the squares a ``flood`` made depth while that unit is in play."""
        self.form = [0] * n
        """Per unit: a werewolf's form (the ``wohu`` icon, data/README.md "Werewolves"): 1 wolf, 2 human,
        0 none yet."""
        self._wolves = [u for u in range(n) if self.creature[u] and self.cards[u].has("wohu")]
        """The werewolves (creatures with the ``wohu`` icon): they take a form before their owner's turn."""
        self._auras = found[3]
        """(unit, fact index) of the ``aura`` facts in play: every unit's variant may hold them."""
        self._aura_states = False
        """Some aura depends on the state of its card or of its holder (``self_state``, ``when_state``,
        ``per``): the variants follow the units' wounds, open states and lives too."""
        if self._auras:
            self._board_units = list(range(n))
            self._sit_deps = self._sit_deps | {"alive"}
            self._aura_states = any(
                ABILITIES[self.key[s]][i].self_state or ABILITIES[self.key[s]][i].when_state
                or ABILITIES[self.key[s]][i].per for s, i in self._auras)
            self._strikers = self._strikers or any(
                ABILITIES[self.key[s]][i].vs_state or ABILITIES[self.key[s]][i].vs_position
                for s, i in self._auras)
        self._static = [0] * n
        if self._silencers:  # (every enemy creature's variant then follows where it stands)
            sides = {self.seat[w] for w in self._silencers}
            self._board_units += [u for u in range(n)
                                  if u not in self._board_units and 1 - self.seat[u] in sides]
            self._sit_deps = self._sit_deps | {"opens"}
        self._variable = bool(self._board_units or self._strikers)
        self._granting = found[2]
        if self._variable or self._granting:
            self._variable = True
            self.guards = list(self.guards)

    def _clone_extras(self, original) -> None:
        """:meth:`Battle.clone`: the copy gets its own lists of this state (the original's stay)."""
        for name in ("walk", "grants", "base", "stunned", "rooted", "held", "conc_wounds", "combo", "fresh",
                     "form", "again"):
            setattr(self, name, list(getattr(original, name)))
        if original._variable:
            for name in _VARIABLE:
                setattr(self, name, list(getattr(original, name)))
            self._board_units = list(original._board_units)
            self._sit_memo = dict(original._sit_memo)
            self._sit_deps = original._sit_deps

    def _situate(self) -> None:
        """Bring each board-dependent unit's key up to date (see the module docstring); a unit
        whose variant depends on nothing that changed since it was last computed is skipped.
        (Each per-unit list is copied into a tuple once per call, shared by the glance and every
        unit's snapshot: this runs after nearly every action.)"""
        needs = self._sit_deps
        auras = bool(self._auras)
        states = auras and self._aura_states
        own = "self" in needs
        wounds = tuple(self.wounds) if own or states or "wounds" in needs else ()
        counters = tuple(self.counters) if own or "counters" in needs else ()
        opens = tuple(self.open) if own or states or "opens" in needs else ()
        lives = tuple(self.life) if own or states or "lives" in needs else ()
        alive = tuple(self.alive) if auras or "alive" in needs else ()
        poison = tuple(self.poison) if states or "poison" in needs else ()
        bases = tuple(self.base) if states or "bases" in needs else ()
        marks = tuple(self.marks) if "marks" in needs else ()
        hosts = tuple(self.host) if auras or "host" in needs else ()
        aura_board = (self.occupied, self._board_ver, alive, hosts) if auras else ()
        aura_states = (wounds, opens, lives, bases, poison) if states else ()
        glance: Any = [self.occupied, self._board_ver, self._grant_ver]
        if "turn" in needs:
            glance.append(self.active)
        if "walk" in needs:
            glance.append(tuple(self.walk))
        if own or "wounds" in needs:
            glance.append(wounds)
        if "counters" in needs or own:
            glance.append(counters)
        if own:
            glance.append(opens)
            glance.append(lives)
        if "alive" in needs:
            glance.append(alive)
        if "opens" in needs:
            glance.append(opens)
        if "rebuff" in needs:
            glance.append(self._rebuff)
        if "marks" in needs:
            glance.append(marks)
        if "moves" in needs:
            glance.append(tuple(self.moves))
        if "poison" in needs:
            glance.append(poison)
        if auras or "host" in needs:
            glance.append(hosts)
            if states:  # (and poisonings: "существа противника с отравлением", 30/100)
                glance.append(aura_states)
        if "lives" in needs:
            glance.append(lives)
        if "done" in needs:
            glance.append(tuple(self.done))
            glance.append(tuple(self.took))
            glance.append(tuple(self.hurt_set))
        if "bases" in needs:  # (the curses and blessings of every unit: ``when = "squad_cursed"``)
            glance.append(bases)
        if "armor" in needs:
            glance.append(tuple(self.armor_left))
        glance = tuple(glance)
        if glance == self._sit_glance:
            return  # nothing any variant depends on has changed
        self._sit_glance = glance
        memo = self._sit_memo
        silence = self._silences() if self._silencers else []
        for u in self._board_units:
            if not self.alive[u]:
                continue
            deps = spec_of(self.base[u]).bits
            parts = [self.base[u], self.grants[u], self._static[u]]
            if deps & BOARD:
                parts.append(self.occupied)  # (every change of the board changes it, or the version)
                parts.append(self._board_ver)
            elif deps & NEAR:  # only the squares next to it (and where it stands)
                p = self.pos[u]
                parts.append(p)
                parts.append(self.occupied & NEAR_MASK[p] if p >= 0 else 0)
                parts.append(self._board_ver)
            elif deps & POS:
                parts.append(self.pos[u])
            if deps & WALK:
                parts.append(self.walk[u])
            if deps & TURN:
                parts.append(self.active)
            if deps & SELF:
                parts.append((self.wounds[u], self.counters[u], self.open[u], self.life[u]))
            if deps & WOUNDS:
                parts.append(wounds)
            if deps & ALIVE:
                parts.append(alive)
            if deps & OPENS:
                parts.append(opens)
            if deps & COUNTERS:
                parts.append(counters)
            if deps & HOST:
                parts.append(self.host[u])
            if auras:  # (what the auras in play reach: the board, who lives, who rides whom)
                if self._aura_reachable(u):
                    parts.append(aura_board)
                    if states:
                        parts.append(aura_states)
                else:
                    parts.append(False)  # (none holds for it wherever the cards stand)
            if deps & REBUFF:
                parts.append(self._rebuff[self.seat[u]])
            if deps & BASES:
                parts.append(bases)
            if deps & DEPTH:
                parts.append(self._depth_at(u))
            if deps & FORM:
                parts.append(self.form[u])
            if deps & LIVES:
                parts.append(lives)
            if self._silencers:
                parts.append(self._silenced_by(u, silence))
            if deps & MARKS:
                parts.append(marks)
            if deps & MOVES:
                parts.append(self.moves[u])
            if deps & POISON:
                parts.append(poison)
            if deps & DONE:
                parts.append(self.done[self.seat[u]])
                parts.append(self.took[u])
                parts.append(self.hurt_set[u])
            if deps & ARMOR:
                parts.append(self.armor_left[u])
            snapshot = tuple(parts)
            if memo.get(u) == snapshot:
                continue
            memo[u] = snapshot
            new = self._variant_of(u, silence)
            if new != self.key[u]:
                self._rekey(u, new)

    def _silenced(self, u: int) -> bool:
        """Whether creature ``u`` has lost its abilities to an enemy ``silence`` now: it stands in
        the fact's ``vs_position`` to that card, which is in the fact's ``self_state`` if one."""
        return self._silenced_by(u, self._silences())

    def _silences(self) -> list[tuple[int, str]]:
        """The ``silence`` facts that hold now (:meth:`_silenced`): (card, ``vs_position``) of each living
        silencer on the board whose card is in the fact's ``self_state``, if one."""
        out = []
        for w in self._silencers:
            if not self.alive[w] or self.pos[w] < 0:
                continue
            for ab in ABILITIES[self.base[w]]:
                if ab.kind == "silence" and ab.vs_position is not None \
                        and (ab.self_state is None or self._in_state(w, ab.self_state)):
                    out.append((w, ab.vs_position))
        return out

    def _silenced_by(self, u: int, silences: list[tuple[int, str]]) -> bool:
        """:meth:`_silenced` with the facts of :meth:`_silences` (worked out once for many units)."""
        if not self.creature[u] or self.pos[u] < 0:
            return False
        seat = self.seat[u]
        return any(self.seat[w] != seat and self._position(w, u, where) for w, where in silences)

    def _variant_of(self, u: int, silence: list[tuple[int, str]] | None = None) -> int:
        """The key unit ``u`` plays as now: its base card with the board-dependent facts that hold,
        the amounts read off the board, the facts granted and the auras' (``silence``: the silence
        facts of :meth:`_silences`, when already worked out)."""
        if self._silencers and (self._silenced(u) if silence is None else self._silenced_by(u, silence)):
            return stripped(self.base[u], self.seat[u])  # ("теряют особенности")
        base = self.base[u]
        sp = spec_of(base)
        abilities = ABILITIES[base]
        holds = self._static[u]
        for i in sp.board:
            if self._holds(u, abilities[i]):
                holds |= 1 << i
        amounts = tuple((i, _amount(abilities[i], self._quantity(u, abilities[i].per))) for i in sp.unit_per)
        grants = tuple(g for g, _ in self.grants[u])
        if self._auras:
            grants += self._aura_on(u)
        if not sp.active and not grants:
            return base
        return variant(base, self.seat[u], holds, amounts, grants)

    def _aura_reachable(self, u: int) -> bool:
        """Whether an ``aura`` in play could hold for unit ``u`` wherever the cards stand
        (:meth:`_aura_may_hold`; when none may, the board cannot change what they give ``u``: nothing)."""
        return any(self._aura_may_hold(s, i, u) for s, i in self._auras)

    def _aura_may_hold(self, s: int, i: int, u: int) -> bool:
        """Whether ``aura`` fact ``i`` of unit ``s`` may hold for unit ``u`` by what does not depend on
        where the cards stand: ``s`` lives, ``u`` is on its ``target`` side (``s`` itself only for an
        ``area = "squad"``) and ``u``'s card meets its card filters (its card now, a curse or blessing
        just given counted, not the facts it holds; a ``far_strike``'s filters name what it reaches)."""
        if not self.alive[s]:
            return False
        target, fits = _aura_fits(self.base[s], i, self.base[u])
        if not fits or (s == u and ABILITIES[self.base[s]][i].area != "squad"):
            return False
        mine = self.seat[s] == self.seat[u]
        return not ((target == "ally" and not mine) or (target == "enemy" and mine))

    def _aura_on(self, u: int) -> tuple[Ability, ...]:
        """The facts unit ``u`` holds under the ``aura`` facts of the other cards in play: those whose
        ``target`` side, ``area`` (:data:`analysis.cards.abilities.AURA_AREAS`) and card filters it
        meets (40/33 Магистр пламени: "ваши элементали имеют {ova} 1")."""
        if not self.alive[u]:
            return ()
        out: list[Ability] = []
        for s, i in self._auras:
            if not self._aura_may_hold(s, i, u):
                continue
            ab = ABILITIES[self.base[s]][i]
            area = ab.area
            if area == "adjacent" and u not in self._neighbours(s):
                continue
            if area == "host" and self.host[s] != u:
                continue
            if area == "rider" and self.host[u] != s:
                continue
            if area == "sides":  # (the squares to its left and right)
                p, q = self.pos[s], self.pos[u]
                if p < 0 or q < 0 or q // COLS != p // COLS or abs(q - p) != 1 or self.host[u] >= 0:
                    continue
            if area == "formation" and not (self._frm[s] and self._frm[u] and self.pos[s] >= 0
                                            and self.pos[u] in ADJ4[self.pos[s]] and self.host[u] < 0):
                continue  # (000 glossary "Formation": both with formation, orthogonally next to each other)
            if area == "opposite":  # (the square in front of it, as its owner sees the board)
                p, q = self.pos[s], self.pos[u]
                if p < 0 or q < 0 or q != p + COLS * forward(self.seat[s]) or self.host[u] >= 0:
                    continue
            if ab.self_state is not None and not self._in_state(s, ab.self_state):
                continue  # (a state of the card giving it: "пока Страж Уорлога открыт")
            if ab.when is not None and not self._when(s, ab):
                continue  # (a condition read from the card giving it: "пока все карты в вашем отряде
                #           нейтральные — они имеют +1 к атакам", 50/181 Храм вольных)
            if ab.when_state is not None and not self._in_state(u, ab.when_state):
                continue  # (a state of the holder: "ваши пираты с проклятием")
            out.append(held_per(ab, self._quantity(u, ab.per)) if ab.per else held(ab))
        return tuple(out)


    def _setup_static(self) -> None:
        """``squad_has``: the elements of the other creatures of each squad at the start of the battle."""
        for u in self._board_units:
            sp = spec_of(self.base[u])
            if not sp.static:
                continue
            elements = set()
            for w in self.units[self.seat[u]]:
                if w != u and self.creature[w]:
                    elements.update(self.cards[w].elements)
            mask = 0
            abilities = ABILITIES[self.base[u]]
            for i in sp.static:
                ab = abilities[i]
                if set(ab.squad_has) & elements and not (ab.formation or ab.when or ab.self_state):
                    mask |= 1 << i
            self._static[u] = mask

    def _rekey(self, u: int, new: int) -> None:
        """Unit ``u`` plays as card key ``new`` from now on (its columns follow; armor left keeps
        what was already used this turn)."""
        old_armor, old_points = self.armor[u], self.move_points[u]
        row = ROWS[new]
        self.key[u] = new
        self.cards[u] = card_of(new)
        self.profiles[u] = PROFILES[new]
        self.slots[u] = slots_of(new)
        self.move_points[u] = row[2]
        if row[2] != old_points and self.seat[u] == self.active:
            # (a movement change within its own turn changes the steps it has left this turn)
            self.moves[u] = max(0, self.moves[u] + row[2] - old_points)
        self.armor[u] = row[4]
        if row[4] != old_armor:
            self.armor_left[u] = max(0, self.armor_left[u] + row[4] - old_armor)
            self._any_armor = self._any_armor or bool(row[4])
        self.regen[u] = row[5]
        self.directed[u] = row[6]
        self.unanswerable[u] = row[7]
        self.magic[u] = row[8]
        self.prot_flyers[u] = row[9]

    def _quantity(self, u: int, per: str | None) -> int:
        """A quantity of unit ``u``'s own state (:data:`analysis.cards.abilities.UNIT_PERS`)."""
        if per == "steps":
            return self.walk[u][0]
        if per == "magic_entries":
            return self.walk[u][8]
        if per == "diagonal_steps":  # (its diagonal steps this turn: 60/81 Вепрь Святолесья)
            return self.walk[u][9]
        if per == "own_extra_life":  # (its additional life: its life above the printed one, wounds aside;
            return max(0, self.life[u] - (self.cards[u].life or 0))  # at its death, what it had)
        if per == "squad_elements":  # (the elements of the cards of its squad, a neutral one of none: 50/145)
            elements: set[str] = set()
            for w in self.units[self.seat[u]] + self.lands[self.seat[u]]:
                if self.alive[w]:
                    elements.update(self.cards[w].elements)
            return len(elements)
        if per == "adjacent_enemies":  # (the enemy cards next to it, companions too)
            me = self.seat[u]
            return sum(1 for w in self._neighbours(u) if self.seat[w] != me)
        if per == "adjacent_poisoned":  # (the enemy creatures next to it with a poisoning: 50/130)
            me = self.seat[u]
            return sum(1 for w in self._neighbours(u)
                       if self.seat[w] != me and self.creature[w] and self.poison[w])
        if per == "adjacent_even_enemies":  # (those with an even number of life left: 50/69)
            me = self.seat[u]
            return sum(1 for w in self._neighbours(u)
                       if self.seat[w] != me and (self.life[w] - self.wounds[w]) % 2 == 0)
        if per == "allies_enemy_half":  # (creatures of its squad on the enemy half, itself included: 60/171)
            theirs = set(half_rows(1 - self.seat[u]))
            return sum(1 for w in self.units[self.seat[u]] if self.alive[w] and self.creature[w]
                       and self.pos[w] >= 0 and row_of(self.pos[w]) in theirs)
        if per == "partners":  # (the creatures in formation with it: 30/61 Хальдар)
            return len(self._formation_partners(u))
        if per == "open_enemies":  # (the open creatures of the opponent's squad: 30/165 Молох)
            return sum(1 for w in self.units[1 - self.seat[u]] if self.alive[w] and self.creature[w]
                       and self.open[w])
        if per == "wounded_allies":  # (creatures of its squad with wounds, itself included: 60/215)
            return sum(1 for w in self.units[self.seat[u]] if self.alive[w] and self.creature[w]
                       and self.wounds[w] > 0)
        if per == "counters":
            return self.counters[u]
        if per == "squad_flyers":  # (the other flying creatures of its squad in play: 40/98 Вуйвр)
            return sum(1 for w in self.units[self.seat[u]] if w != u and self.alive[w] and self.kind[w] == 1)
        if per == "moves_left":  # (its movement not yet spent this turn: 60/18)
            return self.moves[u] if self.active == self.seat[u] else 0
        if per == "own_regen":
            return self.regen[u]
        if per == "own_weak":  # (its weak simple strike with its standing modifiers: 40/178 Угасающий)
            strike = PROFILES[self.key[u]].strike
            if not strike:
                return 0
            return max(0, strike[0] + strike_passives(self.cards[u], None, self.seat[u]).bonus[0])
        if per == "own_wounds":
            return self.wounds[u]
        if per == "free_adjacent":  # (the free squares next to it, 8 neighbours)
            p = self.pos[u]
            return sum(1 for sq in ADJ8[p] if self.board[sq] < 0) if p >= 0 else 0
        if per == "kin_class":  # (other creatures of its squad sharing a class with it)
            classes = {c for c in self.cards[u].classes if c}
            return sum(1 for w in self.units[self.seat[u]] if w != u and self.alive[w] and self.creature[w]
                       and classes & set(self.cards[w].classes)) if classes else 0
        if per == "kin":
            mine = set(self.cards[u].elements)
            return sum(1 for w in self.units[self.seat[u]] if w != u and self.creature[w]
                       and mine & set(self.cards[w].elements)) if mine else 0
        if per == "side_move":  # (its corporeal creatures to its left and right: their movement, 60/28)
            return sum(self.move_points[w] for w in self._sides(u)
                       if self.seat[w] == self.seat[u] and self.creature[w]
                       and not (self._ghosts and self.ghost[w]))
        if per == "side_weak":
            total = 0
            for w in self._sides(u):
                strike = PROFILES[self.key[w]].strike
                if self.seat[w] == self.seat[u] and self.creature[w] and strike:
                    total += strike[0]
            return total
        return 0

    # ------------------------------------------------------------------ conditions

    def _holds(self, u: int, ab: Ability) -> bool:
        """Whether the board conditions of ``ab`` hold for unit ``u`` now."""
        if ab.formation and not self._in_formation(u, ab.count, ab.partner):
            return False
        if ab.self_state and ab.kind not in _GUARDED and not self._in_state(u, ab.self_state):
            return False
        return not ab.when or self._when(u, ab)

    def _in_formation(self, u: int, count: int = 1, partner: str | None = None) -> bool:
        return len(self._formation_partners(u, partner)) >= count

    def _formation_partners(self, u: int, partner: str | None = None) -> list[int]:
        """The creatures of ``u``'s squad with the formation keyword on the squares orthogonally next
        to it (000 glossary "Formation": next to each other, not diagonally)."""
        p = self.pos[u]
        if p < 0 or self.host[u] >= 0:
            return []
        out = []
        board, seats, frm = self.board, self.seat, self._frm
        seat = seats[u]
        for sq in ADJ4[p]:
            w = board[sq]
            if w >= 0 and frm[w] and seats[w] == seat and (
                    partner is None or self.cards[w].elite == (partner == "elite")):
                out.append(w)
        return out

    def _neighbours(self, u: int) -> list[int]:
        """The cards next to ``u`` (8 squares; a host and its riders are next to each other)."""
        p = self.pos[u]
        if p < 0:
            return []
        out = []
        board, rider = self.board, self.rider
        for sq in ADJ8_SELF[p]:
            w = board[sq]
            if w >= 0:
                if w != u:
                    out.append(w)
                r = rider[w]
                if r >= 0 and r != u:
                    out.append(r)
        return out

    def _sides(self, u: int) -> list[int]:
        """The cards on the squares to the left and right of ``u`` (same row)."""
        p = self.pos[u]
        if p < 0:
            return []
        out = []
        c = p % COLS
        for dc in (-1, 1):
            if 0 <= c + dc < COLS and self.board[p + dc] >= 0:
                out.append(self.board[p + dc])
        return out

    def _when(self, u: int, ab: Ability) -> bool:
        when = ab.when
        walk = self.walk[u]
        if when == "moved":
            return walk[0] > 0
        if when == "still":
            return walk[0] == 0
        if when == "moved_twice":  # (it moved a second time this turn: 40/59 Хейсар)
            return walk[0] >= 2
        if when == "stepped_back":  # (its last step went back, as its owner sees the board: 40/53)
            step = self._drag_step
            return walk[0] > 0 and step[0] == -forward(self.seat[u]) and step[1] == 0
        if when == "moved_straight":
            return max(walk[1:5]) >= 2
        if when == "moved_turning":
            return sum(1 for d in walk[1:5] if d) >= 2
        if when == "crossed":
            return bool(walk[5])
        if when == "returned":
            return bool(walk[6])
        if when == "moved_onto_creature":
            return bool(walk[7])
        if when == "own_turn":
            return self.active == self.seat[u]
        if when == "enemy_turn":
            return self.active != self.seat[u]
        p = self.pos[u]
        if when == "wolf":
            return bool(self.form[u] & 1)
        if when == "human":
            return bool(self.form[u] & 2)
        if when in ("at_depth", "on_surface"):  # (an ``amphibious`` grant: on any square, 40/116)
            return self._depth_at(u) == (when == "at_depth") or any(
                g.kind == "amphibious" for g, _ in self.grants[u])
        if when in ("flanked", "unflanked"):  # (enemy cards in front of it and behind it: 40/83 Скаш)
            if p < 0:
                return when == "unflanked"
            ahead, back = p + COLS * forward(self.seat[u]), p - COLS * forward(self.seat[u])
            both = all(0 <= sq < SQUARES and self.board[sq] >= 0 and self.seat[self.board[sq]] != self.seat[u]
                       for sq in (ahead, back))
            return both == (when == "flanked")
        if when in ("at_edge", "off_edge"):  # (on a square of the board's edge or not: 40/82 Нейбл;
            return (p >= 0 and AT_EDGE[p]) == (when == "at_edge")  # the test of ``vs_state = "at_edge"``)
        if when == "centre_column":
            return p >= 0 and p % COLS == 2
        if when == "edge_column":
            return p >= 0 and p % COLS in (0, COLS - 1)
        if when == "enemy_more_closed":
            theirs = [w for w in self.units[1 - self.seat[u]] if self.alive[w]]
            closed = sum(1 for w in theirs if not self.open[w])
            return closed > len(theirs) - closed
        if when == "rebuff":
            return self._rebuff[self.seat[u]]
        if when == "counters":  # (at least ``count`` counters or tokens on it)
            return self.counters[u] >= ab.count
        if when == "squad_tokens":  # (a card of its squad holds a token: ``counters_are_tokens``)
            return any(self.alive[w] and self.counters[w] > 0 and self.profiles[w].tokens_only
                       for w in self.units[self.seat[u]])
        if when == "enemy_flyers":  # (a flying creature of the opponent's squad in play)
            return any(self.alive[w] and self.cards[w].type == "flyer" for w in self.units[1 - self.seat[u]])
        if when == "enemy_no_open":  # (no creature of the opponent's squad is open)
            return not any(self.alive[w] and self.creature[w] and self.open[w]
                           for w in self.units[1 - self.seat[u]])
        if when == "namesakes":  # (cards of its name in its squad in play, itself included: 60/2)
            name = self.cards[u].name
            return sum(1 for w in self.units[self.seat[u]]
                       if self.alive[w] and self.cards[w].name == name) >= ab.count
        if when == "squad_extra_life":  # every creature of its squad in play has additional life (60/96)
            return all(self._in_state(w, "extra_life") for w in self.units[self.seat[u]]
                       if self.alive[w] and self.creature[w])
        if when == "enemy_back_row_full":  # every square of the opponent's third row holds a card (60/166)
            row = half_rows(1 - self.seat[u])[2]
            return all(self.board[row * COLS + c] >= 0 for c in range(COLS))
        if when == "war_machine":  # (a card of that class of its squad in play)
            return any(self.alive[w] and "Боевая машина" in self.cards[w].classes
                       for w in self.units[self.seat[u]])
        if when in _SQUAD_WHENS:
            return self._squad_when(u, ab)
        if when in _NAME_WHENS:
            return self._cost_when(u, ab)
        if when == "armor_left":  # (its armor not yet used up this turn: 40/167 Демон-легионер)
            return self.armor_left[u] > 0
        if when in _HOST_WHENS:  # (its host's state; no host, no hold)
            h = self.host[u]
            if h < 0 or not self.alive[h]:
                return False
            if when == "host_unwounded":
                return self.wounds[h] == 0
            if when == "host_of":  # (its host of one of the ``needs`` elements: "пока хозяин лесной", 60/112)
                return bool(set(self.cards[h].elements) & set(ab.needs))
            if when == "host_weaker":  # (its life left above its host's: 50/109 Пиявки Ракштольна)
                return self.life[u] - self.wounds[u] > self.life[h] - self.wounds[h]
            return self.open[h] == (when == "host_open")
        if when == "third_row":  # it stands in its own third row (50/54 Фарсат)
            return p >= 0 and p // COLS == half_rows(self.seat[u])[2]
        if when == "back_rows":  # its own second or third row (40/121 Водяница)
            return p >= 0 and p // COLS in half_rows(self.seat[u])[1:]
        if when == "enemy_back_row":  # the opponent's third row (40/201 Странствующий рыцарь)
            return p >= 0 and p // COLS == half_rows(1 - self.seat[u])[2]
        if when in ("marker_row", "marker_column"):  # in line with a marker of its squad (40/62 Йети)
            if p < 0:
                return False
            side = self.seat[u]
            by_row = when == "marker_row"
            return any(m[0] == ab.marker and self.seat[m[1]] == side
                       for sq in range(SQUARES)
                       if (sq // COLS == p // COLS if by_row else sq % COLS == p % COLS)
                       for m in self.marks[sq])
        if when == "column_clear":  # no enemy card in its column (50/40 Снург)
            if p < 0:
                return False
            foe = 1 - self.seat[u]
            col = p % COLS
            return not any(self.board[sq] >= 0 and self.seat[self.board[sq]] == foe
                           for sq in range(col, SQUARES, COLS))
        if when == "rows_held":  # a creature of its squad in every row of the battlefield (50/154)
            held = 0
            for w in self.units[self.seat[u]]:
                if self.alive[w] and self.creature[w] and self.pos[w] >= 0:
                    held |= 1 << (self.pos[w] // COLS)
            return held == (1 << (SQUARES // COLS)) - 1
        if when == "enemy_front_empty":
            enemy = 1 - self.seat[u]
            row = half_rows(enemy)[0]
            return not any(self.board[row * COLS + c] >= 0 and self.seat[self.board[row * COLS + c]] == enemy
                           for c in range(COLS))
        if when == "host_formation":  # its host has the formation keyword (50/38: "считается стоящим в строю
            # с хозяином, если у него есть строй")
            h = self.host[u]
            return h >= 0 and self.alive[h] and self.cards[h].has("formation")
        if when == "squad_jumps":  # its squad's creatures jumped ``count`` or more times this turn (50/218)
            i = 2 * self.seat[u]
            return self.leapt[i] == self.turn and self.leapt[i + 1] >= max(1, ab.count)
        near = self._neighbours(u)
        me = self.seat[u]
        if when == "beset":  # two or more enemy cards next to it (50/84: "две или более его карты", 60/104)
            return sum(1 for w in near if self.seat[w] != me) >= 2
        if when == "adjacent_enemy":
            return any(self.seat[w] != me and self.creature[w] for w in near)
        if when == "alone":  # no other card next to it (60/6: "клетку, рядом с которой нет других карт")
            return not near
        if when == "near_poisoned":  # (a poisoned creature of either side next to it: 60/147 Мор-Таурон)
            return any(self.creature[w] and self.poison[w] > 0 for w in self._neighbours(u))
        if when == "hurt_many":  # (it wounded ``count`` or more enemy cards this turn: 60/203)
            return bin(self.hurt_set[u]).count("1") >= ab.count
        if when == "lone_foe":  # (at most one enemy creature next to it: "если рядом стоит не более
            me = self.seat[u]  # одного существа противника", 60/2 Шакал)
            return sum(1 for w in self._neighbours(u) if self.seat[w] != me and self.creature[w]) <= 1
        if when == "squad_charged":  # (a card of its squad of those elements with ``count`` counters, 60/46)
            me = self.seat[u]
            return any(self.alive[w] and self.seat[w] == me and self.counters[w] >= ab.count
                       and set(self.cards[w].elements) & set(ab.needs) for w in range(self.n))
        if when == "took_all":  # (it took wounds from each of these attacks this turn: 60/211)
            need = 0
            for k in ab.needs:
                need |= DID_BITS[k]
            return self.took[u] & need == need
        if when == "squad_did":  # (its squad has made each of these attacks this turn: 60/219)
            need = 0
            for k in ab.needs:
                need |= DID_BITS[k]
            return self.done[self.seat[u]] & need == need
        if when == "squad_cursed":  # (every creature of its squad in play is cursed: 30/178)
            return all(self._in_state(w, "cursed") for w in self.units[self.seat[u]]
                       if self.alive[w] and self.creature[w])
        if when == "behind_caster":  # (the card behind it has a discharge or a spell: 30/51)
            p = self.pos[u]
            sq = p - COLS * forward(self.seat[u]) if p >= 0 else -1
            w = self.board[sq] if 0 <= sq < SQUARES else -1
            return w >= 0 and any(a.kind in ("discharge", "spell") for a in facts(self.cards[w]))
        if when == "adjacent_artifact":  # (an artifact of either side next to it; with ``classes`` one of
            # its own squad of those classes: "пока стоит рядом с вашей постройкой", 50/206 Алтарник)
            if ab.classes:
                return any(self.kind[w] == ARTIFACT and self.seat[w] == me
                           and set(ab.classes) & set(self.cards[w].classes) for w in near)
            return any(self.kind[w] == ARTIFACT for w in near)
        if when == "class_adjacent":  # (a card of either side next to it of one of the classes, 60/191)
            return any(class_overlap(ab.classes, self.cards[w].classes) for w in near)
        if when == "no_own_artifact_near":  # (no artifact of its squad next to it: 30/52)
            return not any(self.kind[w] == ARTIFACT and self.seat[w] == me for w in near)
        if when == "extra_life_near":  # (it or a creature of its squad next to it has additional life: 40/90)
            return self._in_state(u, "extra_life") or any(
                self.seat[w] == me and self.creature[w] and self._in_state(w, "extra_life") for w in near)
        if when == "state_adjacent":  # (a creature of either squad next to it in ``when_state``: 40/170)
            return any(self.creature[w] and (not ab.when_state or self._in_state(w, ab.when_state))
                       for w in near)
        if when == "allies_adjacent":
            mine = [w for w in near if self.seat[w] == me and self.creature[w]]
            if ab.when_state:
                mine = [w for w in mine if self._in_state(w, ab.when_state)]
            if ab.classes:  # ("пока стоит рядом с вашим героем", 30/80 Сатир: heroes' classes)
                mine = [w for w in mine if set(ab.classes) & set(self.cards[w].classes)]
            if ab.needs:  # (they have, together, each of these ability kinds: "рядом с вашим существом с
                have = {a.kind for w in mine for a in facts(self.cards[w])}  # метанием", 60/213)
                if not set(ab.needs) <= have:
                    return False
            return len(mine) >= ab.count
        if when == "clear_of_enemies":  # no enemy card next to it (``when_state``: in that state; 50/115;
            # ``when_type = "creature"``: no enemy creature, 60/87 "пока рядом … нет существ противника")
            return not any(self.seat[w] != me and (not ab.when_state or self._in_state(w, ab.when_state))
                           and (ab.when_type != "creature" or self.creature[w]) for w in near)
        if when == "outnumber":
            n_mine = sum(1 for w in near if self.seat[w] == me and self.creature[w])
            n_theirs = sum(1 for w in near if self.seat[w] != me and self.creature[w])
            return n_mine > n_theirs
        if when == "classes_adjacent":
            classes: set[str] = set()
            for w in near:
                if self.creature[w]:
                    classes.update(c for c in self.cards[w].classes if c)
            return len(classes) >= ab.count
        return False

    def _squad_when(self, u: int, ab: Ability) -> bool:
        """The ``when`` conditions on the squads in play (:data:`_SQUAD_WHENS`; issue 19, set 30)."""
        when, me, alive, seat = ab.when, self.seat[u], self.alive, self.seat
        # (every card in play, terrains too: ``units`` holds the cards on the board only)
        mine = [w for w in range(self.n) if alive[w] and seat[w] == me]
        theirs = [w for w in range(self.n) if alive[w] and seat[w] != me]
        if when == "squad_class":  # another card of its squad of one of the classes (its terrain too)
            wanted = set(ab.classes)
            extra: set[str] = set()
            for w in mine:
                for g in facts(self.cards[w]):
                    if g.kind == "terrain_class":
                        extra.update(g.classes)
            found = 0
            for w in mine:
                if w == u:
                    continue
                classes = set(self.cards[w].classes)
                if self.kind[w] == 5:  # (a terrain: "ваша местность считается рекой", 30/105)
                    classes |= extra
                if classes & wanted:
                    found += 1
                    if found >= ab.count:  # (``count``: "два или более элементаля", 50/209)
                        return True
            return False
        if when == "top_strike":  # its strong strike above every enemy creature's (printed + blessing)
            own = PROFILES[self.key[u]].strike
            if not own:
                return False
            for w in theirs:
                theirs_strike = PROFILES[self.base[w]].strike
                if self.creature[w] and theirs_strike and theirs_strike[2] >= own[2]:
                    return False
            return True
        if when == "squad_more_closed":
            creatures = [w for w in mine if self.creature[w]]
            closed = sum(1 for w in creatures if not self.open[w])
            return closed > len(creatures) - closed
        if when == "counters_cards":
            return sum(1 for w in mine if self.counters[w] > 0) >= ab.count
        if when in ("enemy_elements", "few_elements"):
            elements: set[str] = set()
            for w in theirs if when == "enemy_elements" else mine:
                elements.update(self.cards[w].elements)
            return len(elements) >= ab.count if when == "enemy_elements" else len(elements) <= ab.count
        if when == "enemy_last_life":
            return any(self.creature[w] and self.life[w] - self.wounds[w] == 1 for w in theirs)
        if when == "no_enemy_flyers":
            return not any(self.kind[w] == 1 for w in theirs)
        # enemy_opposite
        return any(self.seat[w] != me and self.creature[w] for w in self._toward_square(u))

    def _cost_when(self, u: int, ab: Ability) -> bool:
        """The ``when`` conditions on names and costs (:data:`_NAME_WHENS`; wave 3, set 40)."""
        when, me, alive, seat = ab.when, self.seat[u], self.alive, self.seat
        if when == "cheapest":  # no other creature of its squad as cheap or cheaper, namesakes aside (40/74)
            own, name = self.cards[u].cost, self.cards[u].name
            return not any(alive[w] and w != u and self.creature[w] and self.cards[w].cost <= own
                           and self.cards[w].name != name for w in self.units[me])
        if when == "own_half_no_cheap":  # no creature of cost ``count`` or less on its half (40/106)
            rows = set(half_rows(me))
            return not any(alive[w] and self.creature[w] and self.pos[w] >= 0
                           and row_of(self.pos[w]) in rows and self.cards[w].cost <= ab.count
                           for w in range(self.n))
        if when == "odd_costs":  # every revealed card of its squad in play has an odd cost (40/200)
            return all(self.cards[w].cost % 2 == 1 for w in range(self.n)
                       if alive[w] and seat[w] == me and not self.hidden[w])
        names = [self.cards[w].name for w in range(self.n)
                 if alive[w] and (seat[w] != me if when == "enemy_namesakes" else seat[w] == me)]
        doubled = len(set(names)) < len(names)
        return doubled if when == "enemy_namesakes" else not doubled  # (40/202 Урайон)

    def _toward_square(self, u: int) -> list[int]:
        """The card (and its rider) on the square in front of ``u``, as its owner sees the board."""
        p = self.pos[u]
        if p < 0:
            return []
        sq = p + COLS * forward(self.seat[u])
        if not 0 <= sq < 6 * COLS or self.board[sq] < 0:
            return []
        w = self.board[sq]
        return [w, self.rider[w]] if self.rider[w] >= 0 else [w]

    # ------------------------------------------------------------------ hooks

    def _after_step(self, u: int, frm: int, to: int, onto: int = -1) -> None:
        """Record a step of ``u`` (for ``moved`` / ``steps`` / ``crossed`` …); ``onto``: the card
        holding the square it stepped onto (an incorporeal creature sharing it), -1 none."""
        steps, up, down, left, right, crossed, returned, occupied, magical, diagonal = self.walk[u]
        if onto >= 0 and self.creature[onto]:
            occupied += 1
            if any(ab.kind in MAGICAL for ab in facts(self.cards[onto])):
                magical += 1  # 000 glossary "Magical ability": a spell, magic strike or discharge
        d = to - frm
        if d == COLS:
            up += 1
        elif d == -COLS:
            down += 1
        elif d == 1:
            right += 1
        elif d == -1:
            left += 1
        elif frm >= 0 and to in ADJ8[frm]:
            diagonal += 1  # (a diagonal step: "при перемещении по диагонали", 60/81)
        seat = self.seat[u]
        own = set(half_rows(seat))
        if frm >= 0 and to >= 0:
            if row_of(frm) in own and row_of(to) not in own:
                crossed = 1
            elif row_of(frm) not in own and row_of(to) in own:
                returned = 1
        self.walk[u] = (steps + 1, up, down, left, right, crossed, returned, occupied, magical, diagonal)

    def _deep_sq(self, sq: int) -> bool:
        """Whether square ``sq`` is a depth square now (a ``drain`` makes one surface this turn)."""
        return sq >= 0 and bool((self.depth_sq & ~self._dry) >> sq & 1)

    def _depth_at(self, u: int) -> int:
        """Where unit ``u`` stands: 1 on a depth square ("на глубине"), 0 on a surface square ("на
        поверхности"), -1 on neither (a flyer in the auxiliary zone, a dead card)."""
        p = self.pos[u]
        if p < 0 or not self.alive[u]:
            return -1
        return 1 if (self.depth_sq & ~self._dry) >> p & 1 else 0

    def _take_forms(self, seat: int) -> None:
        """Before ``seat``'s turn: each of its werewolves takes the wolf or the human form its player
        picks (``Player.choose_form``), to the end of the opponent's next turn — the reminder text of
        60/60 Щенок Ульфгарда ("до начала вашего хода — получить {wolf} либо {human} до конца хода
        противника")."""
        changed = False
        for u in self._wolves:
            if self.seat[u] != seat or not self.alive[u]:
                continue
            pick = self.players[seat].choose_form(self, u)
            if pick not in ("wolf", "human"):
                raise ValueError(f"unit {u}: the form must be wolf or human, got {pick!r}")
            form = 1 if pick == "wolf" else 2
            if form != self.form[u]:
                self.form[u] = form
                changed = True
                if self.log is not None:
                    self._emit({"e": "form", "u": u, "form": pick})
        if changed:
            self._board_ver += 1
            if self._variable:
                self._situate()

    def _rebuff_check(self) -> None:
        """Before a turn begins: which squad has fewer cards in play than the other (Отпор, the
        reminder text of 60/56 Наррах: "до начала хода, если в вашем отряде меньше карт, чем в
        отряде противника — до конца хода получает …"); the ``when = "rebuff"`` facts hold for that
        squad to the end of the turn, whatever happens during it."""
        alive = self.alive
        n0 = sum(1 for w in self.units[0] if alive[w])
        n1 = sum(1 for w in self.units[1] if alive[w])
        self._rebuff = (n0 < n1, n1 < n0)

    def form_keys(self, u: int) -> tuple[int, int]:
        """The card keys unit ``u`` would play under in its wolf and its human form (for a player
        weighing the two)."""
        was = self.form[u]
        self.form[u] = 1
        wolf = self._variant_of(u)
        self.form[u] = 2
        human = self._variant_of(u)
        self.form[u] = was
        return wolf, human

    def _did(self, u: int, kind: str) -> None:
        """``u``'s side made an attack of ``kind`` this turn (``when = "squad_did"``, 60/219)."""
        bit = DID_BITS.get(kind, 0)
        s = self.seat[u]
        if bit and not self.done[s] & bit:
            done = list(self.done)
            done[s] |= bit
            self.done = done

    def _note_hurt(self, u: int, v: int) -> None:
        """``u`` wounded the enemy card ``v`` this turn (``when = "hurt_many"``, 60/203)."""
        if u >= 0 and not self.hurt_set[u] >> v & 1:
            hurt = list(self.hurt_set)
            hurt[u] |= 1 << v
            self.hurt_set = hurt

    def _took_hit(self, v: int, kind: str) -> None:
        """``v`` took wounds from an attack of ``kind`` this turn (``when = "took_all"``, 60/211)."""
        bit = DID_BITS.get(kind, 0)
        if bit and not self.took[v] & bit:
            took = list(self.took)
            took[v] |= bit
            self.took = took

    def _new_turn_walks(self) -> None:
        zero, walk = _ZERO_WALK, self.walk
        for u in range(self.n):
            if walk[u] is not zero:
                walk[u] = zero

    def _give(self, u: int, v: int, ab: Ability) -> None:
        """Unit ``v`` holds the passive fact ``ab`` (given by ``u``) for ``ab.lasts``."""
        if ab.lasts == "battle":
            until = -1
        elif ab.lasts == "turn":
            until = self.turn
        elif ab.lasts == "own_turn":
            until = self.turn if self.active == self.seat[v] else self.turn + 1
        elif ab.lasts == "next_enemy_turn":
            until = self.turn + 2 if self.active != self.seat[v] else self.turn + 1
        elif ab.lasts == "next_own_turn":  # (its holder's next turn, the current one not counted)
            until = self.turn + 2 if self.active == self.seat[v] else self.turn + 1
        elif ab.lasts == "next_attack":
            until = -2  # (until its next attack: :meth:`_spend_attack`)
        elif ab.lasts == "next_attack_turn":  # (until its next attack, lost at the end of its holder's
            #                                    turn: this one, or its next if given in the opponent's)
            until = -3 - (self.turn if self.active == self.seat[v] else self.turn + 1)
        else:  # enemy_turn
            until = self.turn if self.active != self.seat[v] else self.turn + 1
        fact = granted(ab)
        kept = []
        if until > -2 and ab.kind == "attack_bonus" and ab.per_max:
            # bonuses for a while given again add up to ``per_max`` ("получает +1 к добиванию (максимум
            # +2)", 50/182 Вешатель), lasting to the later end
            for g, end in self.grants[v]:
                if end > -2 and g.kind == "attack_bonus" and g.applies_to == fact.applies_to:
                    fact = replace(fact, damage=(min(g.damage[0] + fact.damage[0], ab.per_max),))
                    until = -1 if -1 in (until, end) else max(until, end)
                else:
                    kept.append((g, end))
        elif until <= -2 and ab.kind == "attack_bonus":
            # bonuses to the next attack add up ("+1 к следующему {strike} (максимум +2)", 000 2.13)
            for g, end in self.grants[v]:
                if end <= -2 and g.kind == "attack_bonus" and g.applies_to == fact.applies_to:
                    total = g.damage[0] + fact.damage[0]
                    if ab.per_max:
                        total = min(total, ab.per_max)
                    fact = replace(fact, damage=(total,))
                    until = min(until, end) if end <= -3 and until <= -3 else -2
                else:
                    kept.append((g, end))
        elif (until == -1 and ab.kind in ("strike_bonus", "range_bonus")) or (
                ab.kind == "keyword" and ab.keyword == "fury"):
            kept = list(self.grants[v])  # (gifts for the battle add up, 000 2.13: 50/88, 50/200; so do
            #                             "+N к бешенству" ones, whatever their end: 50/14, 50/19)
        else:
            for g, end in self.grants[v]:  # the same fact again: it lasts to the later end
                if g == fact:
                    until = -1 if -1 in (until, end) else max(until, end)
                else:
                    kept.append((g, end))
        self.grants[v] = (*kept, (fact, until))
        self._grant_ver += 1
        if v not in self._board_units:
            self._board_units = [*self._board_units, v]
        self._situate()
        if self.log is not None:
            self._emit({"e": "grant", "u": v, "by": u, "kind": ab.kind})

    def _expire_grants(self) -> None:
        """Grants lasting to the turn that ends now are lost."""
        turn = self.turn
        gone = (turn, -3 - turn)  # (``next_attack_turn`` grants of this turn too)
        for u in range(self.n):
            g = self.grants[u]
            if g and any(until in gone for _, until in g):
                self.grants[u] = tuple(x for x in g if x[1] not in gone)
                self._grant_ver += 1

    def _spend_attack(self, u: int, kind: str = "simple") -> None:
        """``u`` has carried out an attack of ``kind`` (``simple``: a simple strike): the facts it held
        until its next attack go — an ``attack_bonus`` only if its ``from`` covers the kind ("+1 к
        следующему разряду" waits for a discharge). Called once its wounds are dealt and before the
        deaths are settled: a bonus its kill gives is for the next attack (30/164 Маэнас)."""
        g = self.grants[u]
        if g and any(until <= -2 for _, until in g):
            kept = tuple(x for x in g if x[1] > -2 or (
                x[0].kind in ("attack_bonus", "counts_as") and x[0].applies_to and not covers(x[0], kind)))
            if len(kept) != len(g):
                self.grants[u] = kept
                self._grant_ver += 1
                self._situate()

    def _drop_grants(self, u: int) -> None:
        """000 2.1.4: a card put into the graveyard loses its acquired abilities — but a
        ``grave_wound`` it held stays with it there (30/63 Локи: kept unless it is not in the
        graveyard at the end of the turn)."""
        if self.grants[u]:
            for g, _ in self.grants[u]:
                if g.kind == "grave_wound" and g.damage:
                    self.grave_wound = list(self.grave_wound)
                    self.grave_wound[u] = max(self.grave_wound[u], g.damage[0])
            self.grants[u] = ()
            self._grant_ver += 1

    # ------------------------------------------------------------------ strike-time facts

    def _strike_key(self, u: int, w: int, attacking: bool) -> int:
        """The key ``u`` plays a simple strike against (or parries) card ``w`` under."""
        key = self.key[u]
        sp = spec_of(key)
        if not sp.strike:
            return key
        abilities = ABILITIES[key]
        holds, amounts = 0, []
        for i in sp.strike:
            ab = abilities[i]
            if ab.per in _STRIKE_PERS:
                if not attacking:
                    continue
                if ab.per == "streak":  # (its hits in a row on this card: 30/18 Орки-губители)
                    on, n = self.streak[u]
                    amounts.append((i, _amount(ab, n if on == w else 0)))
                elif ab.per == "target_strike":
                    strike = PROFILES[self.key[w]].strike or (0, 0, 0)
                    add = tuple(max(0, s + ab.plus) for s in strike)
                    if ab.per_max:
                        add = tuple(min(a, ab.per_max) for a in add)
                    amounts.append((i, add))
                else:
                    amounts.append((i, _amount(ab, max(0, self.life[w] - self.wounds[w]) // 2)))
                continue
            if ab.vs_position and not self._position(u, w, ab.vs_position):
                continue
            if ab.vs_state == "not_livelier":  # (its current life not above u's own: 60/102)
                if self.life[w] - self.wounds[w] > self.life[u] - self.wounds[u]:
                    continue
            elif ab.vs_state and not self._in_state(w, ab.vs_state):
                continue
            holds |= 1 << i
        return strike_variant(key, self.seat[u], holds, tuple(amounts))

    def _position(self, u: int, w: int, position: str) -> bool:
        """Whether card ``w`` stands in ``position`` to ``u`` (:data:`analysis.cards.abilities.POSITIONS`)."""
        pu, pw = self.pos[u], self.pos[w]
        if position == "isolated":
            if pw < 0:
                return True
            seat = self.seat[w]
            return not any(self.seat[x] == seat and self.creature[x] for x in self._sides(w))
        if position == "near_ward":
            if pw < 0:
                return False
            seat = self.seat[u]
            return any(self.seat[x] == seat and self.creature[x] and x != w
                       and any(a.kind == "ward" for a in facts(self.cards[x])) for x in self._neighbours(w))
        if position == "own_half":  # (on a square of its own player's half; a flyer is on none)
            return pw >= 0 and row_of(pw) in half_rows(self.seat[u])
        if position == "other_column":  # (a square of another column; a flyer stands in none: 40/67)
            return pw >= 0 and pu >= 0 and pw % COLS != pu % COLS
        if pu < 0 or pw < 0:
            return False
        if position == "far":  # (not next to it: struck by its ``far_strike``)
            return max(abs(row_of(pw) - row_of(pu)), abs(pw % COLS - pu % COLS)) > 1
        if position == "near":  # (next to it, one of its 8 neighbours: "стоящее рядом")
            return pw != pu and max(abs(row_of(pw) - row_of(pu)), abs(pw % COLS - pu % COLS)) == 1
        dr, dc = row_of(pw) - row_of(pu), pw % COLS - pu % COLS
        if position == "opposite":
            return dc == 0 and dr == forward(self.seat[u])
        if position == "ahead":  # (the row just in front of it: 60/18)
            return dr == forward(self.seat[u])
        if position == "behind":  # (the square just behind it: 30/167)
            return dc == 0 and dr == -forward(self.seat[u])
        return abs(dr) == 1 and abs(dc) == 1  # diagonal

    def _position_sq(self, u: int, pw: int, position: str) -> bool:
        """Whether square ``pw`` (a card's square, or where it died) is ``opposite``, ``diagonal`` or
        ``near`` to ``u`` (the trigger ``creature_dies`` / ``ally_dies`` with ``vs_position``: "при
        гибели карты на клетке напротив", 60/79)."""
        pu = self.pos[u]
        if pu < 0 or pw < 0:
            return False
        dr, dc = row_of(pw) - row_of(pu), pw % COLS - pu % COLS
        if position == "opposite":
            return dc == 0 and dr == forward(self.seat[u])
        if position == "near":  # ("ваше стоящее рядом существо получает раны", 50/113; 50/125)
            return pw != pu and abs(dr) <= 1 and abs(dc) <= 1
        if position == "ahead":  # (the row just in front of it: "по карте в ряду напротив", 50/196)
            return dr == forward(self.seat[u]) and abs(dc) <= 1
        return position == "diagonal" and abs(dr) == 1 and abs(dc) == 1

    def _swap_key(self, u: int, key: int) -> None:
        """Play ``u`` as ``key`` for one strike (the flags the strike reads follow)."""
        if key == self.key[u]:
            return
        row = ROWS[key]
        self.key[u] = key
        self.cards[u] = card_of(key)
        self.profiles[u] = PROFILES[key]
        self.directed[u] = row[6]
        self.unanswerable[u] = row[7]
        self.magic[u] = row[8]
        self.prot_flyers[u] = row[9]


__all__ = ["Situational", "needs_variants", "spec_of", "strike_variant", "stripped", "variant"]
