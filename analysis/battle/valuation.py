"""What cards, exchanges and squares are worth to the heuristic player (and to the searching
player that builds on it): card values and roles, the expected gain of a strike or an ability,
distance fields on the board, and the memos behind them. Pure functions of card keys and
bit masks; like the players, this module does not import the engine at run time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from analysis.battle.board import (
    ADJ8_MASK,
    NEAR_MASK,
    SQUARES,
    half_rows,
    row_of,
    tier_squares,
)
from analysis.battle.effects import GAIN_KINDS, HELPING, heuristic_gain
from analysis.battle.powers import SHOOTING, WOUNDING, ability, hit_distribution
from analysis.battle.tables import (
    ABILITIES,
    ALWAYS,
    ARTIFACT,
    DEPENDS,
    FLYER,
    PROFILES,
    SEATS,
    card_of,
    closed_summary,
    open_summary,
    pair_passives,
    solo_passives,
)
from analysis.cards.abilities import Ability
from analysis.cards.ability_rules import attack_bonus, wounds_after
from analysis.cards.table import Card

if TYPE_CHECKING:
    from analysis.battle.engine import Battle


_Ctx = tuple[list[int], list[int], list[int], list[int], list[int], list[int], list[int], list[int],
             list[int], list[int], list[int], list[bool], list[bool], list[bool], list[bool],
             dict[int, float], float, list[float], list[float], str]
""":meth:`HeuristicPlayer._bind`'s view of a battle: kind, prepared, n_ground, seat, pos, board, rider, key,
life, wounds, armor_left, hidden, open, creature, has_strike, the gains memo, the mean closed strike of an
unknown card, each unit's mean closed strike and value, the combat model."""

_FRONT_FIRST: dict[tuple[int, int], list[int]] = {}
_PLACEMENTS: dict[tuple, dict[int, int]] = {}
"""Memo of :meth:`HeuristicPlayer.place` per (seat, units, card keys)."""


def _front_first(seat: int, n: int) -> list[int]:
    """The legal squares for ``n`` cards, front centre first (cached: it depends on seat and n)."""
    out = _FRONT_FIRST.get((seat, n))
    if out is None:
        front = half_rows(seat)[0]
        pref = sorted(range(SQUARES), key=lambda s: (abs(row_of(s) - front), abs(s % 5 - 2), s))
        out = sorted(tier_squares(seat, n, pref), key=pref.index)
        _FRONT_FIRST[(seat, n)] = out
    return out


UNKNOWN_CARD = Card(
    id=0, set_id=0, set_name="", number=0, name="?", rarity=0, elements=(), type="creature", cost=4,
    elite=False, unique=False, life=6, move=1, strike=(1, 2, 3), horde=False, banned=False,
)
"""What a player assumes a hidden card is (000 3.11.1): an average small creature."""


_ABILITY_GAINS: dict[int, dict[int, float]] = {}
"""Per ability slot (``key << 6 | index``): gains by ``target key << 18 | life left << 8 | armor
left`` (kept below 2**30 for the usual card keys: small ints hash fast)."""


HELPS = frozenset(("heal", "give_blessing", "cleanse", *HELPING))
"""Kinds that help the card they aim at (gain on one's own side, loss on the enemy's)."""


def helps(ab: Ability) -> bool:
    """Whether ``ab`` helps the card it aims at (:data:`HELPS`; a ``fight`` when aimed at a creature
    of its own squad, which then fights an enemy next to it — aimed at an enemy it is an attack)."""
    if ab.kind == "fight":
        return ab.target in ("ally", "self")
    return ab.kind in HELPS


def _target_codes(b: Battle, units: Sequence[int], unknown: int) -> list[int]:
    """Per unit (0 for those not in ``units``): its memo key in :data:`_ABILITY_GAINS` now, as a
    player sees it (a hidden card as ``unknown`` with 6 life)."""
    hidden, keys, life, wounds, armor_left = b.hidden, b.key, b.life, b.wounds, b.armor_left
    codes = [0] * b.n
    hidden_code = unknown * 262144 + 6 * 256
    for v in units:
        code = hidden_code if hidden[v] else keys[v] * 262144 + (life[v] - wounds[v]) * 256
        codes[v] = code + armor_left[v]
    return codes


def _slot_gains(sid: int) -> dict[int, float]:
    gains = _ABILITY_GAINS.get(sid)
    if gains is None:
        if len(_ABILITY_GAINS) > 20_000:
            _ABILITY_GAINS.clear()
        gains = _ABILITY_GAINS[sid] = {}
    return gains


_TARGET_PERS = ("target_wounds", "target_weak", "target_spread")
"""``per`` amounts read off the card an action aims at, which the memo key (card key, life left)
already fixes: so they are valued exactly, not by :func:`_nominal_amount`."""


def _target_amount(ab: Ability, kv: int, rem_v: int) -> int:
    """The amount of an action with a :data:`_TARGET_PERS` ``per`` on card ``kv`` with ``rem_v``
    life left (as :meth:`~analysis.battle.effects.Effects._amount_for` finds it on the board)."""
    prof = PROFILES[kv]
    if ab.per == "target_wounds":
        q = max(0, prof.life - rem_v)
    else:
        strike = prof.strike
        q = 0 if not strike else strike[0] if ab.per == "target_weak" else max(0, strike[2] - strike[0])
    x = q + ab.plus
    return min(x, ab.per_max) if ab.per_max else x


def board_per(ab: Ability) -> bool:
    """A wounding ability whose amount is a ``per`` quantity read off the board at each use (not
    one of :data:`_TARGET_PERS`, which the memo key fixes, nor a quantity of the card's own state,
    which its variant holds as ``damage``): the heuristic player values each use of it
    on the board as the engine will carry it out (:meth:`Effects._amount_for`)."""
    return bool(ab.per) and not ab.damage and ab.kind in WOUNDING and ab.per not in _TARGET_PERS


def _nominal_amount(ab: Ability) -> int:
    """An ability's amount as the memoised estimates see it: the printed N, or for a ``per`` amount
    (known only on the board, e.g. the power of the strike that set a heal off) its ``per_max``, else
    ``plus`` + 2, about a simple strike's power or a turn's steps."""
    if ab.damage:
        return ab.damage[0]
    return ab.per_max or ab.plus + 2


def _ability_gain(ku: int, index: int, kv: int, rem_v: int, armor: int, gains: dict[int, float],
                  memo: int) -> float:
    """Expected value taken from card ``kv`` (``rem_v`` life left) by one use of ability ``index``
    of card ``ku`` (a heal: the value of the wounds it removes); stored in ``gains`` under ``memo``."""
    ab = ability(ku, index)
    prof = PROFILES[kv]
    value = card_value(kv)
    if ab.kind == "heal":
        amount = _target_amount(ab, kv, rem_v) if ab.per in _TARGET_PERS else _nominal_amount(ab)
        g = min(amount, prof.life - rem_v) * 0.5 * value / prof.life
    elif ab.kind in WOUNDING and (ab.per in _TARGET_PERS or (ab.per and not ab.damage)):
        # (a ``per`` amount read off the board — the heuristic player values it there, see
        # :func:`board_per`; a memoised estimate takes its nominal amount, never 0 wounds)
        power = _target_amount(ab, kv, rem_v) if ab.per in _TARGET_PERS else _nominal_amount(ab)
        w = wounds_after(power, ab.kind, card_of(kv), card_of(ku), armor, SEATS[kv])[0]
        g = value if w >= rem_v else 0.5 * value / prof.life * w
    elif ab.kind in WOUNDING:
        half = 0.5 * value / prof.life
        g = 0.0
        for w, _, p in hit_distribution(ku, index, kv, armor):
            g += p * (value if w >= rem_v else half * w)
        if ab.gives:  # (an attack that also curses or blesses: the state's worth on top)
            passives = solo_passives(kv)
            has = passives.blessing if ab.gives == "blessing" else passives.curse
            if not has and prof.is_creature:
                g += (0.1 if ab.gives == "curse" else -0.1) * value * rem_v / prof.life
    elif ab.kind in ("give_blessing", "give_curse"):
        # ±1 on every roll for the rest of the battle (000 glossary "Blessing", "Curse"): about a
        # tenth of the card's worth, nothing if it already has it.
        passives = solo_passives(kv)
        has = passives.blessing if ab.kind == "give_blessing" else passives.curse
        g = 0.0 if has or not prof.is_creature else 0.1 * value * rem_v / prof.life
    elif ab.kind == "cleanse":
        # the curse it lifts is worth what a curse costs (see above), a blessing it lifts the same less
        passives = solo_passives(kv)
        worth = 0.1 * value * rem_v / prof.life if prof.is_creature else 0.0
        lifted = ("curse" in ab.removes and passives.curse) - ("blessing" in ab.removes and passives.blessing)
        g = worth * lifted
    elif ab.kind == "become" and prof.kind == ARTIFACT and ab.into != "artifact" and len(ab.damage) == 3:
        # an artifact coming to life (30/107, 30/190): it strikes from now on — worth its strike
        g = 0.1 * value * sum(ab.damage) / 3
    elif ab.kind == "fight" and not helps(ab):  # its simple strike on an open card: the exchange, it at
        # full life (a fight of its own creature: heuristic_gain)
        g = _exact_gain(ku, kv, PROFILES[ku].life, rem_v, 0, armor, True, "strike_table")
    elif ab.kind == "finishing" and not ab.lasts and ab.damage:  # (its X with its standing bonus: 50/182)
        bonus = attack_bonus(card_of(ku), "finishing", SEATS[ku])
        g = heuristic_gain(replace(ab, damage=(max(0, ab.damage[0] + bonus),)) if bonus else ab,
                           kv, rem_v, value)
    elif ab.kind in GAIN_KINDS or ab.lasts:
        g = heuristic_gain(ab, kv, rem_v, value)
    else:
        g = 0.0
    if len(gains) > 100_000:
        gains.clear()
    gains[memo] = g
    return g


GIVEN_STATE = {"give_curse": "cursed", "give_blessing": "blessed"}
_STATE_ROLES: dict[int, tuple[bool, bool]] = {}


def state_role(key: int) -> tuple[bool, bool]:
    """(gives, reads) of a card key for the heuristic's order of a turn (cached): *gives* — one of its
    actions curses or blesses (``give_curse`` / ``give_blessing`` or an attack with ``gives``);
    *reads* — one of its actions, or an ability that follows one (cost ``then``), is only for a target
    in a curse or blessing (``vs_state``), so it pays to play it after the givers of the turn."""
    out = _STATE_ROLES.get(key)
    if out is None:
        gives = reads = False
        for ab in ABILITIES[key]:
            if ab.is_action and (ab.kind in GIVEN_STATE or ab.gives):
                gives = True
            if (ab.is_action or ab.cost == "then") and ab.vs_state in ("cursed", "blessed"):
                reads = True
        out = _STATE_ROLES[key] = (gives, reads)
    return out


@mypyc_attr(native_class=False)  # (a plain class: pickled like the pure-Python one)
@dataclass(frozen=True)
class Role:
    """How the heuristic uses a card: ``shooter`` (a playable ranged attack, spell or effect that
    wounds at least as much as its simple strike: placed behind, kept out of reach) and ``caster``
    (a counter ability wounds more than its simple strike: it accumulates counters, up to
    ``saving``, when nothing better is open to it)."""

    shooter: bool
    caster: bool
    saving: int = 0
    """Counters worth holding: enough for two uses of its dearest counter ability."""


_ROLES: dict[int, Role] = {}


def role(key: int) -> Role:
    """The heuristic's role of a card key (cached)."""
    out = _ROLES.get(key)
    if out is None:
        prof = PROFILES[key]
        shooter = caster = False
        strike_mean = sum(prof.strike) / 3 if prof.strike else 0.0
        saving = 0
        for index in prof.actions:
            ab = ability(key, index)
            saving = max(saving, 2 * ab.counters)
            if ab.target not in ("enemy", "any") or ab.kind not in WOUNDING or not ab.damage:
                continue
            mean = sum(ab.damage) / len(ab.damage) * min(ab.targets, 3)
            if ab.kind in SHOOTING or ab.kind in ("strike_through_row", "spell", "effect", "wound"):
                shooter = shooter or mean >= strike_mean
            if ab.counters and mean > strike_mean:
                caster = True
        out = _ROLES[key] = Role(shooter, caster, saving)
    return out


_MEAN_CLOSED: dict[str, dict[int, float]] = {}
_FIELDS: dict[int, tuple[int, ...]] = {}
_ZONES: dict[int, tuple[int, int]] = {}


def _zones(enemy_squares: int, foes: int) -> tuple[int, int]:
    """The squares on or next to an enemy card, and those next to an enemy creature (bit masks),
    from the squares of the enemy cards and creatures; memoised in ``_ZONES``."""
    if len(_ZONES) > 200_000:
        _ZONES.clear()
    hot = near_foes = 0
    m = enemy_squares
    while m:
        low = m & -m
        m ^= low
        p = low.bit_length() - 1
        hot |= NEAR_MASK[p]
        if foes >> p & 1:
            near_foes |= ADJ8_MASK[p]
    masks = _ZONES[enemy_squares << SQUARES | foes] = (hot, near_foes)
    return masks


_FULL = (1 << SQUARES) - 1
_COL0 = sum(1 << (r * 5) for r in range(6))
_COL4 = _COL0 << 4


def _distance_field(occupied: int, goals: int) -> tuple[int, ...]:
    """Steps through empty squares (not in the ``occupied`` mask) from each square to one of the
    ``goals`` (empty squares next to an enemy creature); 99 where no path exists. A breadth-first
    search on bit masks (a whole level at a time); memoised by the caller on (occupied, goals),
    which is all it depends on."""
    free = ~occupied & _FULL
    dist = [99] * SQUARES
    level, frontier, seen = 0, goals, goals
    while frontier:
        m = frontier
        while m:
            low = m & -m
            m ^= low
            dist[low.bit_length() - 1] = level
        grown = (((frontier & ~_COL4) << 1) | ((frontier & ~_COL0) >> 1) | (frontier << 5)
                 | (frontier >> 5)) & free & ~seen
        seen |= grown
        frontier = grown
        level += 1
    return tuple(dist)
_GAINS: dict[str, dict[int, float]] = {}
_PER_UNIT: dict[tuple[str, tuple[int, ...]], tuple[list[float], list[float]]] = {}
"""Per (model, the battle's card keys): each unit's mean closed strike and card value."""


def card_value(key: int) -> float:
    """What losing a card costs its side, for the heuristic: cost + 1 + its strongest strike."""
    prof = PROFILES[key]
    return prof.cost + 1.0 + (prof.strike or (0, 0, 0))[2]


def _flag(ka: int, kb: int, which: str) -> bool:
    """A strike flag of card ``ka`` against card ``kb`` (see ``Battle.strike_flag``)."""
    value = getattr(PROFILES[ka], which)
    if value == DEPENDS:
        passives = pair_passives(ka, kb)
        return passives.magical if which == "magic" else getattr(passives, which)
    return value == ALWAYS


def _exact_gain(ku: int, kv: int, rem_u: int, rem_v: int, armor_u: int, armor_v: int, fights: bool,
                model: str) -> float:
    """Expected value won by the attacker's side (see :meth:`HeuristicPlayer._gain`)."""
    pu, pv = PROFILES[ku], PROFILES[kv]
    if pu.kind == FLYER and pv.prot_flyers:
        return -1.0
    val_v = card_value(kv)
    arm_v = 0 if _flag(ku, kv, "magic") else armor_v
    half_v = 0.5 * val_v / pv.life
    gain = 0.0
    if fights and not _flag(ku, kv, "unanswerable"):
        val_u = card_value(ku)
        arm_u = 0 if _flag(kv, ku, "magic") else armor_u
        no_back = pv.kind == FLYER and pu.prot_flyers
        half_u = 0.5 * val_u / pu.life
        for tp, ta, pr in open_summary(ku, kv, model):
            tp -= arm_v
            ta = 0 if no_back else ta - arm_u
            g = 0.0
            if tp >= rem_v:
                g = val_v
            elif tp > 0:
                g = half_v * tp
            if ta >= rem_u:
                g -= val_u
            elif ta > 0:
                g -= half_u * ta
            gain += pr * g
    else:
        for tp, pr in closed_summary(ku, kv, model):
            tp -= arm_v
            if tp >= rem_v:
                gain += pr * val_v
            elif tp > 0:
                gain += pr * half_v * tp
    return gain


def outcome_gain(ku: int, kv: int, rem_u: int, rem_v: int, armor_u: int, armor_v: int,
                 to_v: int, to_u: int) -> float:
    """Value won by the attacker's side from one known exchange (``to_v`` wounds to ``kv``, ``to_u``
    to ``ku``, before armor), valued as :func:`_exact_gain` values each outcome."""
    pu, pv = PROFILES[ku], PROFILES[kv]
    val_v, val_u = card_value(kv), card_value(ku)
    tp = to_v - (0 if _flag(ku, kv, "magic") else armor_v)
    ta = to_u - (0 if _flag(kv, ku, "magic") else armor_u)
    g = val_v if tp >= rem_v else 0.5 * val_v / pv.life * tp if tp > 0 else 0.0
    if ta >= rem_u:
        g -= val_u
    elif ta > 0:
        g -= 0.5 * val_u / pu.life * ta
    return g


def _mean_closed(key: int, unknown: int, model: str) -> float:
    """Mean wounds card ``key`` deals to a card that does not fight (before armor; against the
    average card a player assumes for a hidden one)."""
    return sum(w * p for w, p in closed_summary(key, unknown, model))
