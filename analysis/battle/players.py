"""Players: the decisions of a battle, behind the interface of :mod:`analysis.battle.interface`.

A player answers the questions listed on :class:`~analysis.battle.interface.Player`, reads the
documented state, and acts only through ``state.apply(action)``; the engine checks every action.
This module does not import the engine (ARCHITECTURE.md "Game, state, player apart").

Players draw randomness only from ``state.prng``, so a battle is a pure function of its seed.
To add a player, subclass :class:`Player` and register it in
:data:`analysis.battle.registry.PLAYERS` (which imports the players, so no player module imports it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from analysis.battle.board import (
    ADJ4,
    ADJ4_MASK,
    ADJ8,
    ADJ8_MASK,
    AUX,
    CHEBYSHEV,
    COLS,
    MANHATTAN,
    NEAR,
    NEAR_MASK,
    RING,
    SQUARES,
    SQUARES_OF,
    squares_of,
)
from analysis.battle.effects import heuristic_gain
from analysis.battle.interface import (
    MOVES,
    STRIKES,
    Accumulate,
    Action,
    IllegalAction,
    Player,
    Prepare,
    Strike,
    UseAbility,
    first_action,
    use_ability,
)
from analysis.battle.powers import (
    EVERYWHERE,
    SHOOTING,
    WOUNDING,
    Slot,
    ability,
    reach_mask,
    reach_slot,
    triggered,
)
from analysis.battle.situational import spec_of
from analysis.battle.tables import (
    ABILITIES,
    ARTIFACT,
    COMPANION,
    FLYER,
    GROUND,
    PROFILES,
    card_key,
)
from analysis.cards.abilities import ENTRIES, MAGICAL, MARKERS
from analysis.cards.ability_rules import attack_bonus, facts, matches, protected, wounds_after
from analysis.combat.strike import Branch, decide_weakening

if TYPE_CHECKING:
    from analysis.battle.engine import Battle

from analysis.battle.valuation import (
    _ABILITY_GAINS,
    _FIELDS,
    _GAINS,
    _MEAN_CLOSED,
    _PER_UNIT,
    _PLACEMENTS,
    _ZONES,
    GIVEN_STATE,
    UNKNOWN_CARD,
    _ability_gain,
    _Ctx,
    _distance_field,
    _exact_gain,
    _front_first,
    _mean_closed,
    _slot_gains,
    _target_codes,
    _zones,
    board_per,
    card_value,
    helps,
    outcome_gain,
    role,
    state_role,
)

_DIPS: dict[int, int] = {}
"""Per card key, whose squares its steps pay off on (:meth:`HeuristicPlayer._dip`): 1 any
creature's, 2 a magic creature's, 3 an enemy creature's, 4 an ally's, 0 none."""

_DEPTH_PREFS: dict[int, int] = {}
"""Per card key, :func:`depth_pref`."""


def depth_pref(key: int) -> int:
    """Whether a card would rather stand at depth (> 0) or on the surface (< 0): its "На глубине:"
    facts and dive triggers count for depth, its "На поверхности:" facts and surfacing triggers for
    the surface (data/README.md "Depth and surface"); 0: it does not care."""
    out = _DEPTH_PREFS.get(key)
    if out is None:
        out = 0
        for ab in ABILITIES[key]:
            if ab.when == "at_depth" or (ab.cost == "trigger" and ab.trigger in ("dives", "squad_dives")):
                out += 1
            elif ab.when == "on_surface" or (ab.cost == "trigger" and ab.trigger == "surfaces"):
                out -= 1
        _DEPTH_PREFS[key] = out
    return out


# --------------------------------------------------------------------------- heuristic player


def _strikable(b: Battle, v: int) -> bool:
    """Whether a creature of the active side can still make a simple strike on ``v`` this turn (open,
    not acted, with a strike; next to it, or a flyer)."""
    pv = b.pos[v]
    for w in b.units[b.active]:
        if b.alive[w] and b.open[w] and not b.acted[w] and b.has_strike[w] and (
                b.kind[w] == FLYER or (pv >= 0 and b.pos[w] >= 0 and pv in ADJ8[b.pos[w]])):
            return True
    return False


def _this_turn_bonus(ab) -> bool:
    """Whether ``ab`` gives a bonus to its target's attacks for this turn only (``lasts`` ``turn`` or
    ``next_attack_turn``): worthless on a card that has acted or is closed in its own turn."""
    return ab.lasts in ("turn", "next_attack_turn") and ab.kind in ("attack_bonus", "strike_bonus")


def _curses(ab) -> bool:
    """Whether an action curses its target (``give_curse`` or an attack that ``gives`` a curse)."""
    return ab.kind == "give_curse" or ab.gives == "curse"


_NEAR_AURAS = ("adjacent", "sides", "formation")


def _aura_holders(battle: Battle, placed: dict[int, int]) -> int:
    """How many (aura, holder) pairs the squares ``placed`` give the squad's auras that reach only the
    cards next to their source (``area`` adjacent / sides / formation, ``target`` ally)."""
    total = 0
    for u, p in placed.items():
        for ab in facts(battle.cards[u]):
            if ab.cost != "aura" or ab.area not in _NEAR_AURAS or ab.target not in ("ally", "any"):
                continue
            near = ADJ4[p] if ab.area == "formation" else ADJ8[p]
            for w, q in placed.items():
                if w == u or q not in near or battle.kind[w] != GROUND:
                    continue
                if ab.area == "sides" and q // COLS != p // COLS:
                    continue
                if ab.area == "formation" and not (battle.cards[u].has("formation")
                                                   and battle.cards[w].has("formation")):
                    continue
                if matches(ab, battle.cards[w]):
                    total += 1
    return total


def _aura_places(battle: Battle, placed: dict[int, int]) -> None:
    """Move the sources of near auras (60/140 Ведьма, 30/114 Страж Уорлога, 60/186 Аларино) next to
    the cards that hold them: swap two ground creatures' squares while that reaches more holders
    (a few passes; the squares stay the ones the default placement chose)."""
    if not any(ab.cost == "aura" and ab.area in _NEAR_AURAS for u in placed for ab in facts(battle.cards[u])):
        return
    ground = [u for u in placed if battle.kind[u] == GROUND]
    best = _aura_holders(battle, placed)
    for _ in range(3):
        improved = False
        for i, u in enumerate(ground):
            for w in ground[i + 1:]:
                placed[u], placed[w] = placed[w], placed[u]
                score = _aura_holders(battle, placed)
                if score > best:
                    best, improved = score, True
                else:
                    placed[u], placed[w] = placed[w], placed[u]
        if not improved:
            return


@mypyc_attr(allow_interpreted_subclasses=True)  # (players are extended in Python)
class HeuristicPlayer(Player):
    """A greedy tactical player, fast enough for thousands of battles a second.

    - **Placement:** ground creatures by strength (cost) from the front centre backwards, shooters
      (cards with a playable ranged attack, spell or effect) behind them; cards that leave the
      board at reveal (flyers, terrains, companions) take the remaining squares. Companions ride
      the ground creature with the most life; parasites the most costly enemy in reach. The Second
      player hides every 3rd-row card it may.
    - **Gain:** every option is scored by its expected *gain*, ``Σ p · (value lost by the enemy −
      value lost by us)`` over its exact outcome distribution, where a kill costs a card its whole
      value (cost + 1 + its strongest strike as threat) and a wound that does not kill half its
      share of life. Strikes: the open exchange or the strike on a closed card from the combat
      engine's tables (armor left this turn included). Abilities: the exact damage distribution
      of the die against each target with its protections, "−X from" and armor
      (:func:`analysis.battle.powers.hit_distribution`), summed over the best targets of a
      several-target ability; a heal is worth the wounds it removes. An action that closes a
      ground card is lowered by ``caution`` times its *exposure*: the enemies next to it will hit
      it next turn without a counter-strike.
    - **The turn:** first the cards that can do something where they stand (strike in contact, use
      an ability whose gain beats what walking into a strike would bring, accumulate a counter when
      nothing better is there for a card whose counter ability is its main weapon) act, best gain
      first. Then the rest move: shooters walk only to squares from which a target is in range and
      that are not next to an enemy creature (they keep out of reach), the others walk the
      shortest path (through empty squares) towards a square next to an enemy creature; after
      moving each takes its best option again.
    - **Counters:** a counter ability is used when its gain is above ``threshold``; a card
      accumulates when its best counter ability would be worth more than its simple strike and no
      better action is open to it, or when it has nothing else to do.
    - **Defenders:** appoints the open candidate that minimises the attacker's expected gain, if
      that is clearly better than letting the target take the strike.
    - **Weakening:** the combat engine's ``best`` rule (:func:`analysis.combat.strike.decide_weakening`)
      with a position-aware value: a kill or a death outweighs any difference in wounds.
    - **Triggered abilities:** the targets with the highest gain.
    - **4.16:** when the enemy has only flyers left, ground creatures close to strike them.
    """

    name = "heuristic"

    def __init__(self, threshold: float = 0.0, caution: float = 0.5):
        self.threshold = threshold
        self.caution = caution
        self._unknown = card_key(UNKNOWN_CARD)
        self._enemy_squares = 0
        self._bound: Any = None
        self._ctx: Any = ()
        self._turn_battle: Any = None
        self._turn_number = -1
        self._turn_cache: dict[int, float] = {}
        """Per turn: each unit's accumulate value (key u) and each seat's mean enemy wound value
        (key -1 - seat)."""
        self._codes: tuple | None = None
        """While the turn's first plans are made (nothing is applied meanwhile): (the battle, each
        enemy unit's memo key in :data:`_ABILITY_GAINS` or None until first needed), shared by the
        cards' evaluations; else None."""

    # ---------------------------------------------------------------- setup decisions

    def place(self, battle: Battle, seat: int) -> dict[int, int]:
        n0 = battle.seat[:battle.n_squad].count(0)  # seat 0's squad first, then seat 1's (BattleState)
        units = range(n0) if seat == 0 else range(n0, battle.n_squad)
        # The placement depends only on the seat, the units' numbers and their cards (kind, cost and
        # life come from the card key), so it is memoised per squad and seat.
        keys = battle.key
        memo = (seat, tuple(units), tuple(keys[n0:battle.n_squad] if seat else keys[:n0]))
        placed = _PLACEMENTS.get(memo)
        if placed is None:
            squares = _front_first(seat, len(units))
            kind = battle.kind

            def order(u: int) -> tuple[int, int]:
                if kind[u] == GROUND:
                    tier = 1 if role(keys[u]).shooter else 0
                else:
                    tier = 2 if kind[u] == ARTIFACT else 3
                return (tier, -battle.cost[u] - battle.life[u])

            if len(_PLACEMENTS) > 100_000:
                _PLACEMENTS.clear()
            placed = dict(zip(sorted(units, key=order), squares, strict=True))
            _aura_places(battle, placed)
            _PLACEMENTS[memo] = placed
        return dict(placed)

    def attach(self, battle: Battle, unit: int, hosts: list[int]) -> int:
        if battle.kind[unit] == COMPANION and battle.host[unit] >= 0 and len(hosts) > 1 \
                and triggered(battle.key[unit], "rehosted"):
            # (a companion whose move pays off, 30/88 Сугед's throw: it moves, to the sturdiest other host)
            return max(hosts[1:], key=lambda h: (battle.life[h] - battle.wounds[h], -h))
        if battle.kind[unit] == COMPANION:
            if battle._furies and battle._fury_bonus(unit) > 0:
                # A companion that raises its host's fury (60/23 Дух ярости) rides on to a fury
                # creature that may still attack this turn, else the sturdiest.
                return max(hosts, key=lambda h: (battle.open[h] and not battle.acted[h]
                                                 and bool(triggered(battle.key[h], "fury")),
                                                 battle.life[h] - battle.wounds[h], -h))
            return max(hosts, key=lambda h: (battle.life[h] - battle.wounds[h], -h))
        return max(hosts, key=lambda h: (battle.cost[h], -h))

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return list(candidates)

    def choose_action(self, battle: Battle) -> Action:
        """The first action of the turn this player would play (see :func:`first_action`)."""
        return first_action(self, battle)

    # ---------------------------------------------------------------- evaluation

    def _gain(self, b: Battle, u: int, v: int) -> float:
        """Expected value won by ``u``'s side when ``u`` strikes ``v`` (``v`` parries); memoised
        on (cards, life left, armor left, whether ``v`` fights), which is all it depends on."""
        ctx = self._context(b)
        (_, _, _, _, _, _, _, keys, life, wounds, armor_left, hidden, opened, creature, _, cache, _, _, _,
         model) = ctx
        if hidden[v]:
            kv, rem_v = self._unknown, 6
        else:
            kv, rem_v = keys[v], life[v] - wounds[v]
        fights = opened[v] and creature[v] and not (b.unanswerable[u] and b.strike_flag(u, v, "unanswerable"))
        rem_u = life[u] - wounds[u] if fights else 0
        ku, arm_u, arm_v = keys[u], armor_left[u], armor_left[v]
        # Fields ku|kv|rem_u|rem_v|arm_u|arm_v|fights, 57/37/27/17/9/1/0 bits up (as _best_target).
        key = ku << 57 | kv << 37 | rem_u << 27 | rem_v << 17 | arm_u << 9 | arm_v << 1 | fights
        g = cache.get(key)
        if g is None:
            if len(cache) > 2_000_000:
                cache.clear()
            g = _exact_gain(ku, kv, rem_u, rem_v, arm_u, arm_v, fights, model)
            cache[key] = g
        return g

    def _context(self, b: Battle) -> _Ctx:
        """:meth:`_bind`'s tuple for battle ``b``, made again when ``b`` is another battle or has
        replaced its ``key``, ``life`` or ``seat`` list (a blessing, a curse, vampirism and additional
        life replace them rather than change them in place, since clones share them; so does a change
        of control, :meth:`Triggers._change_control`)."""
        ctx = self._ctx
        if self._bound is not b or ctx[7] is not b.key or ctx[8] is not b.life or ctx[3] is not b.seat:
            ctx = self._bind(b)
        return ctx

    def _bind(self, b: Battle) -> _Ctx:
        """The battle's per-unit lists and memo tables, looked up once per binding (the other lists
        are only ever mutated in place, so their references stay valid; see :meth:`_context`)."""
        model = b.config.model
        cache = _GAINS.get(model)
        if cache is None:
            cache = _GAINS.setdefault(model, {})
        means = _MEAN_CLOSED.get(model)
        if means is None:
            means = _MEAN_CLOSED.setdefault(model, {})
        for k in (*b.key, self._unknown):
            if k not in means:
                means[k] = _mean_closed(k, self._unknown, model)
        # Per unit: the mean closed strike it deals (exposure) and what losing it costs (both fixed
        # by the card keys and the model, so shared by the battles of the same squads; read-only).
        memo = (model, tuple(b.key))
        per_unit = _PER_UNIT.get(memo)
        if per_unit is None:
            if len(_PER_UNIT) > 100_000:
                _PER_UNIT.clear()
            per_unit = _PER_UNIT[memo] = ([means[k] for k in b.key], [card_value(k) for k in b.key])
        mean_of, value_of = per_unit
        ctx = (b.kind, b.prepared, b.n_ground, b.seat, b.pos, b.board, b.rider, b.key, b.life, b.wounds,
               b.armor_left, b.hidden, b.open, b.creature, b.has_strike, cache, means[self._unknown],
               mean_of, value_of, model)
        self._bound = b
        self._ctx = ctx
        return ctx

    def _best_target(self, b: Battle, u: int) -> tuple[float, int]:
        """The best strike of ``u`` (which must be able to act) and its gain; (-1e9, -1) if none.
        Same as taking the best :meth:`_gain` over ``battle.targets(u)``, inlined for speed."""
        ctx = self._context(b)
        (kind, prepared, n_ground, seat, pos, board, rider, keys, life, wounds, armor_left, hidden,
         opened, creature, has_strike, cache, mean_unknown, mean_of, value_of, model) = ctx
        best, target = -1e9, -1
        flyer = kind[u] == FLYER
        if flyer or (prepared[u] == 2 and n_ground[1 - seat[u]] == 0) or b._far_strikers \
                or (b._doublers and b.twice[u] == b.turn) \
                or b._binders or b._strike_limits or b._taunters:
            # (a second strike may refuse its first target; a bind, a strike limit or a taunt keeps
            # some neighbours out of reach: the engine's own list then)
            candidates = b.targets(u)
        else:
            # The enemy cards on u's square and its neighbours (as Battle.targets), found through the
            # bit mask of the squares enemy cards stood on at the start of the turn.
            near = NEAR_MASK[pos[u]] & self._enemy_squares
            if not near:
                return best, target
            me = seat[u]
            candidates = []
            squares = SQUARES_OF.get(near)
            if squares is None:
                squares = squares_of(near)
            for sq in squares:
                w = board[sq]
                if w >= 0:
                    if seat[w] != me:
                        candidates.append(w)
                    r = rider[w]
                    if r >= 0 and seat[r] != me:
                        candidates.append(r)
            if not candidates:
                return best, target
        ku = keys[u]
        rem_u_open = life[u] - wounds[u]
        arm_u = armor_left[u]
        # The memo key of :meth:`_gain` (fields ku|kv|rem_u|rem_v|arm_u|arm_v|fights, 57/37/27/17/9/1/0
        # bits up), with u's fields put together once.
        u_closed = ku << 57 | arm_u << 9
        u_open = u_closed | rem_u_open << 27 | 1
        unknown = self._unknown
        maybe_unanswerable = b.unanswerable[u]
        # Exposure (for the caution below): the enemies next to u (exactly the candidates) that can
        # hit it closed next turn, summed in candidate order.
        exposed = bool(self.caution) and not flyer
        total = 0.0
        at_strike = b._strikers and bool(spec_of(ku).strike)  # facts that hold for the pair and position
        # An enemy ``taunt`` on simple strikes (60/164) leaves only its cards to strike; the others still
        # count for the exposure.
        allowed = b._taunt_filter(u, candidates, "simple") if b._taunters and not flyer else candidates
        if b._strike_limits:  # (60/79, 60/95: only a card in its position)
            allowed = [v for v in allowed if b._strike_ok(u, v)]
        if b._binders and b.bound(u) >= 0:  # (``bind``: only the card it is bound to, 50/83)
            allowed = [v for v in allowed if v == b.bound(u)]
        for v in candidates:
            if v not in allowed:
                if exposed and has_strike[v]:
                    total += mean_unknown if hidden[v] else mean_of[v]
                continue
            if at_strike:
                ku = b._strike_key(u, v, True)
                u_closed = ku << 57 | arm_u << 9
                u_open = u_closed | rem_u_open << 27 | 1
            if hidden[v]:
                kv, rem_v = unknown, 6
            else:
                kv, rem_v = keys[v], life[v] - wounds[v]
            if opened[v] and creature[v] and not (maybe_unanswerable and b.strike_flag(u, v, "unanswerable")):
                key = u_open | kv << 37 | rem_v << 17 | armor_left[v] << 1
                g = cache.get(key)
                if g is None:
                    if len(cache) > 2_000_000:
                        cache.clear()
                    g = _exact_gain(ku, kv, rem_u_open, rem_v, arm_u, armor_left[v], True, model)
                    cache[key] = g
            else:
                key = u_closed | kv << 37 | rem_v << 17 | armor_left[v] << 1
                g = cache.get(key)
                if g is None:
                    g = _exact_gain(ku, kv, 0, rem_v, arm_u, armor_left[v], False, model)
                    cache[key] = g
            if g > best:
                best, target = g, v
            if exposed and has_strike[v]:
                total += mean_unknown if hidden[v] else mean_of[v]
        if best > self.threshold and exposed and total:  # (else rejected anyway)
            best -= self.caution * 0.25 * total * value_of[u] / life[u]
        return best, target

    def _exposure(self, b: Battle, u: int) -> float:
        """What closing ``u`` costs: ``caution`` × the mean closed strikes of the enemy creatures
        next to it, in its share of value (0 for a flyer or a card out of contact)."""
        if not self.caution or b.kind[u] == FLYER or b.pos[u] < 0:
            return 0.0
        ctx = self._context(b)
        near = NEAR_MASK[b.pos[u]] & self._enemy_squares
        if not near:
            return 0.0
        seat, board, rider, hidden, has_strike = b.seat, b.board, b.rider, b.hidden, b.has_strike
        mean_unknown, mean_of, value_of = ctx[16], ctx[17], ctx[18]
        total = 0.0
        squares = SQUARES_OF.get(near)
        if squares is None:
            squares = squares_of(near)
        me = seat[u]
        for sq in squares:  # the card on each square, then its rider
            w = board[sq]
            if w < 0:
                continue
            if seat[w] != me and has_strike[w]:
                total += mean_unknown if hidden[w] else mean_of[w]
            w = rider[w]
            if w >= 0 and seat[w] != me and has_strike[w]:
                total += mean_unknown if hidden[w] else mean_of[w]
        return self.caution * 0.25 * total * value_of[u] / b.life[u]

    def _target_gain(self, b: Battle, u: int, index: int, v: int) -> float:
        """Expected gain of one use of ``u``'s ability ``index`` on ``v`` (negative on its own side),
        memoised on (card, ability, target card, its life left, its armor left)."""
        ku = b.key[u]
        ab = ability(ku, index)
        if b.hidden[v]:
            kv, rem_v = self._unknown, 6
        else:
            kv, rem_v = b.key[v], b.life[v] - b.wounds[v]
            if board_per(ab):
                return self._per_gain(b, u, index, v)
        armor = b.armor_left[v]
        gains = _slot_gains(ku << 6 | index)
        memo = kv << 18 | rem_v << 8 | armor
        g = gains.get(memo)
        if g is None:
            g = _ability_gain(ku, index, kv, rem_v, armor, gains, memo)
        if g and _this_turn_bonus(ab) and b.seat[v] == b.active and (b.acted[v] or not b.open[v]):
            return 0.0  # (a bonus to its attacks this turn, given to a card that cannot attack any more)
        if g and ab.kind == "taken_as" and ab.lasts == "turn" and b.seat[v] != b.active \
                and not _strikable(b, v):
            return 0.0  # ("все {strike} по выбранному существу": only worth it on a foe we can strike now)
        if (b.seat[v] == b.seat[u]) != helps(ab):
            return -g
        return g

    def _cross_gain(self, b: Battle, u: int, index: int, sq: int) -> float:
        """What ``u``'s ``area = "cross"`` ability ``index`` gains aimed at square ``sq``: its gain on each
        card of that row and column (the crossing's twice; its own side's count against it)."""
        return sum(self._target_gain(b, u, index, y) for y in b._cross_hits(sq))

    def _per_gain(self, b: Battle, u: int, index: int, v: int) -> float:
        """Expected gain of one use of ``u``'s wounding ability ``index`` whose amount is a ``per``
        quantity read off the board at each use (:func:`board_per`: the target's movement, the
        poisoned creatures next to it, the trigger's strike …) on the open card ``v``: that amount,
        as :meth:`Effects._per_wounds` deals it (negative on its own side). Not memoised: the
        amount changes with the board."""
        ab = ability(b.key[u], index)
        power = max(0, b._amount_for(u, ab, v) + attack_bonus(b.cards[u], ab.kind, b.seat[u]))
        armor = b.armor_left[v] if ab.kind in ("shot", "throw", "strike_through_row", "special_strike") else 0
        w = wounds_after(power, ab.kind, b.cards[v], b.cards[u], armor, b.seat[v])[0]
        rem, value = b.life[v] - b.wounds[v], card_value(b.key[v])
        g = value if w >= rem else 0.5 * value / max(1, b.life[v]) * w
        return -g if (b.seat[v] == b.seat[u]) != helps(ab) else g

    def _best_use(self, b: Battle, u: int, sl: Slot,
                  cands: list[int] | None = None) -> tuple[float, tuple[int, ...]]:
        """The best targets of ``u``'s compiled ability ``sl`` now (among ``cands``, default all it
        may be aimed at) and their total gain (-1e9 if none)."""
        ab = sl.ability
        if ab.area == "cross":  # (a row and a column its player picks: the best square's worth, 60/34)
            if cands is None and not b.slot_ready(u, sl):
                return -1e9, ()
            return max(self._cross_gain(b, u, sl.index, sq) for sq in range(len(b.board))), (u,)
        heal = helps(ab)
        lean = ab.targets == 1 and not heal and ab.target == "enemy"
        me = b.seat[u]
        mask: Any = None
        codes: Any = None
        if cands is None:
            codes = self._codes
            if not b.slot_ready(u, sl):  # (u is a living unit of the active player here)
                return -1e9, ()
            if lean and sl.plain and not b._taunters:  # (a taunt narrows the reach: reach_slot)
                mask = reach_mask(sl, b.pos[u])
            # With a mask, the pool itself, filtered below by the mask as reach_slot would.
            cands = reach_slot(b, u, sl) if mask is None else b.units[1 - me]
        if not cands:
            return -1e9, ()
        ku, index = sl.key, sl.index
        if board_per(ab):  # (an amount read off the board: valued target by target, not memoised)
            per_scored = sorted(((self._target_gain(b, u, index, v), v) for v in cands), reverse=True)
            if ab.targets == 1:
                return per_scored[0][0], (per_scored[0][1],)
            chosen = [(g, v) for g, v in per_scored[:ab.targets] if g > 0] or per_scored[:1]
            return sum(g for g, _ in chosen), tuple(sorted(v for _, v in chosen))
        seat, hidden, keys = b.seat, b.hidden, b.key
        life, wounds, armor_left = b.life, b.wounds, b.armor_left
        unknown = self._unknown
        gains = _ABILITY_GAINS.get(sl.id)
        if gains is None:
            gains = _slot_gains(sl.id)
        get = gains.get
        marks = ab.kind == "taken_as" and ab.lasts == "turn"  # (worth nothing on a foe none of ours can
        #                                                       strike now: "все {strike} по выбранному")
        if lean:  # the common case, kept lean
            best, target = -1e9, -1
            pos = b.pos
            ring = mask is not None and mask != EVERYWHERE
            if codes is not None and codes[0] is b:  # (cands are enemies: each has its code)
                codes = codes[1]
                if codes is None:  # made on first use
                    codes = _target_codes(b, b.units[1 - me], unknown)
                    self._codes = (b, codes)
                for v in cands:
                    if ring:
                        p = pos[v]
                        if p != AUX and not (p >= 0 and mask >> p & 1):
                            continue
                    memo = codes[v]
                    g = get(memo)
                    if g is None:
                        kv, rem_v = (unknown, 6) if hidden[v] else (keys[v], life[v] - wounds[v])
                        g = _ability_gain(ku, index, kv, rem_v, armor_left[v], gains, memo)
                    if marks and not _strikable(b, v):
                        g = 0.0
                    if g > best:
                        best, target = g, v
                return (best, (target,)) if target >= 0 else (-1e9, ())
            for v in cands:
                if ring:
                    p = pos[v]
                    if p != AUX and not (p >= 0 and mask >> p & 1):
                        continue
                if hidden[v]:
                    kv, rem_v = unknown, 6
                else:
                    kv, rem_v = keys[v], life[v] - wounds[v]
                memo = kv * 262144 + rem_v * 256 + armor_left[v]  # kv << 18 | rem_v << 8 | armor
                g = get(memo)
                if g is None:
                    g = _ability_gain(ku, index, kv, rem_v, armor_left[v], gains, memo)
                if marks and not _strikable(b, v):
                    g = 0.0
                if g > best:
                    best, target = g, v
            if target < 0:
                return -1e9, ()
            return best, (target,)
        scored = []
        spent = _this_turn_bonus(ab)  # (worth nothing to a card of the active side that cannot attack)
        for v in cands:  # the memo lookup of _target_gain, inlined
            if hidden[v]:
                kv, rem_v = unknown, 6
            else:
                kv, rem_v = keys[v], life[v] - wounds[v]
            armor = armor_left[v]
            memo = kv << 18 | rem_v << 8 | armor
            g = get(memo)
            if g is None:
                g = _ability_gain(ku, index, kv, rem_v, armor, gains, memo)
            if (spent and seat[v] == b.active and (b.acted[v] or not b.open[v])) or (
                    marks and seat[v] != b.active and not _strikable(b, v)):
                g = 0.0
            scored.append((-g if (seat[v] == me) != heal else g, v))
        if ab.targets == 1:
            g, v = max(scored)
            return g, (v,)
        scored.sort(reverse=True)
        chosen = [(g, v) for g, v in scored[:ab.targets] if g > 0] or scored[:1]
        return sum(g for g, _ in chosen), tuple(sorted(v for _, v in chosen))

    def _options(self, b: Battle, u: int, contact: bool) -> tuple[float, Action | None]:
        """The best action of ``u`` where it stands: a strike (if it is in contact or can reach a
        flyer), an ability, or accumulating a counter; (gain, action)."""
        best: float = -1e9
        act: Action | None = None
        if b.has_strike[u] and b.open[u] and not b.acted[u] and (contact or b.kind[u] == FLYER
                                                              or b.prepared[u] == 2):
            g, v = self._best_target(b, u)
            if v >= 0:
                best, act = g, STRIKES[u][v]
        if b.acts[u] and not (b._doublers and b.twice[u] == b.turn):  # (then only a second strike is left)
            exposure = -1.0
            slots = b.slots[u]
            use = -1
            use_targets: tuple[int, ...] = ()
            for index in b.profiles[u].actions:
                sl = slots[index]
                if sl.ability.kind in ENTRIES:
                    g, targets = self._entry_use(b, u, slots, index)
                elif (index + 1 < len(slots) and slots[index + 1].ability.cost == "then") or (
                        b._trig["cursed_again"] and _curses(sl.ability)):
                    g, targets = self._chain_use(b, u, sl)
                elif sl.ability.every:
                    g, targets = self._every_use(b, u, sl)
                elif sl.ability.area == "target_column":
                    g, targets = self._column_use(b, u, sl)
                elif sl.ability.kind == "cleanse" and "poison" in sl.ability.removes:
                    g, targets = self._cleanse_use(b, u, sl)
                else:
                    g, targets = self._best_use(b, u, sl)
                if not targets or (sl.ability.vs_state and not all(
                        b._in_state(v, sl.ability.vs_state) for v in targets)):
                    continue  # (a condition on the target's state: "a poisoned creature")
                if sl.ability.tokens and self.token_holder(b, u, b._token_holders(b.seat[u]), False) < 0:
                    continue  # (each token would hold back a creature that returns next turn)
                if sl.ability.kind == "open" and any(b.open[v] or v == u for v in targets):
                    continue  # opening is worth it for another card that is closed
                if sl.closes and contact:
                    if exposure < 0:
                        exposure = self._exposure(b, u)
                    g -= exposure
                if g > best:
                    best, use, use_targets = g, index, targets
            if use >= 0:  # (the action is built once, for the best use only)
                act = use_ability(u, use, use_targets)
        if b.can_accumulate(u) and b.counters[u] < role(b.key[u]).saving:
            g = self._accumulate_value(b, u) - (self._exposure(b, u) if contact else 0.0)
            if g > best and (role(b.key[u]).caster or act is None):
                best, act = g, Accumulate(u)
        return best, act

    def _column_use(self, b: Battle, u: int, sl: Slot) -> tuple[float, tuple[int, ...]]:
        """An action on every card of a column (``area = "target_column"``, 50/35): the column whose
        cards, both sides', gain most (its own cards count against it), named by one of its cards."""
        if not b.slot_ready(u, sl):
            return -1e9, ()
        best, pick = -1e9, -1
        seen: set[int] = set()
        for v in reach_slot(b, u, sl):
            p = b.pos[v]
            if p < 0 or p % COLS in seen:
                continue
            seen.add(p % COLS)
            x = b._amount_for(u, sl.ability, v)  # (the same amount for every card of that column)
            g = 0.0
            for w in b.column_cards(v):
                if protected(b.cards[w], sl.ability.kind, b.cards[u], b.seat[w]):
                    continue
                rem, value = b.life[w] - b.wounds[w], card_value(b.key[w])
                worth = value if x >= rem else 0.5 * value / max(1, b.life[w]) * x
                g += worth if b.seat[w] != b.seat[u] else -worth
            if g > best:
                best, pick = g, v
        return (best, (pick,)) if pick >= 0 and best > 0 else (-1e9, ())

    def _entry_use(self, b: Battle, u: int, slots: Sequence[Slot],
                   index: int) -> tuple[float, tuple[int, ...]]:
        """An action that moves cards between the deck, the graveyard, exile and play, with the
        abilities that follow it (``then``): the value of the dearest card each brings into play
        (a card kept for a turn only: a third of it), less the card itself when it goes to exile.
        Worth using only when that is positive."""
        if not b.slot_ready(u, slots[index]):
            return -1e9, ()
        if slots[index].ability.kind == "prophecy":
            g = self.prophecy_worth(b, u, index)
            return (g, (u,)) if g > 0 else (-1e9, ())
        g = 0.0
        i = index
        while i < len(slots) and (i == index or slots[i].ability.cost == "then"):
            if slots[i].ability.kind in ENTRIES:  # (a fact on the card entered, 60/205: not valued)
                g += self.entry_worth(b, u, slots[i].ability)
            i += 1
        return (g, (u,)) if g > 0 else (-1e9, ())

    def prophecy_worth(self, b: Battle, u: int, index: int) -> float:
        """What ``u``'s ``prophecy`` ``index`` and the facts after it win: for each card shown, the
        best use of each fact whose ``shown`` it meets, on the targets of its ``shown_cost``. The
        cards a prophecy showed since the deck was last shuffled are known (they stay on top); else
        each card of the deck is as likely (the player knows its deck, not its order)."""
        slots = b.slots[u]
        seat = b.seat[u]
        ab = slots[index].ability
        n = ab.damage[0] if ab.damage else 1
        deck = b.deck[seat]
        if not deck:
            return 0.0
        follow = []
        i = index + 1
        while i < len(slots) and slots[i].ability.cost == "then":
            follow.append(slots[i])
            i += 1
        known = b.seen_top[seat] >= min(n, len(deck))
        pool = deck[:n] if known else deck
        total = 0.0
        cache: dict[int, float] = {}
        for c in pool:
            key = b.key[c]
            g = cache.get(key)
            if g is None:
                g = 0.0
                for sl in follow:
                    f = sl.ability
                    if f.shown and not b.shown_meets(u, c, f.shown):
                        continue
                    if f.kind in ENTRIES:  # (the shown card itself enters play: worth that card)
                        g += card_value(b.key[c]) if f.kind == "summon" else 0.0
                        continue
                    cands = b.shown_targets(u, sl, c)
                    if cands:
                        best, _ = self._best_use(b, u, sl, cands)
                        if best > 0 or (not f.may and best > -1e8):
                            g += best
                cache[key] = g
            total += g
        return total if known else total * min(n, len(deck)) / len(deck)

    def entry_worth(self, b: Battle, u: int, ab: Any) -> float:
        """What one carried-out fact of a kind of ``ENTRIES`` wins ``u``'s side (see :meth:`_entry_use`)."""
        if ab.kind == "exile":
            alive = b.alive[u]
            return -card_value(b.key[u]) * (b.life[u] - b.wounds[u]) / max(1, b.life[u]) if alive else 0.0
        if ab.kind == "to_graveyard":
            return 0.5 if b._deck_cands(u, ab) else 0.0
        if ab.kind in ("grave_exile", "prophecy"):
            return 0.0  # (what the facts after it gain is valued with them)
        cands = b._grave_cands(u, ab) if ab.kind == "resurrect" else b._deck_cands(u, ab)
        if not cands:
            return 0.0
        best = max(card_value(b.key[v]) for v in cands) * min(ab.targets, len(cands))
        return best / 3 if ab.lasts else best

    def choose_card(self, battle: Battle, unit: int, why: str, candidates: Sequence[int]) -> int:
        """The card a summoning or a resurrection brings into play: the dearest (:func:`card_value`);
        one put into the graveyard: one that comes back from it (incarnation) or acts there
        (Вальхалла) first, else the cheapest."""
        keys = battle.key
        if why == "grave_exile":  # (a card of its graveyard to exile for what the facts after it read)
            return self._grave_exile_pick(battle, unit, candidates)
        if why == "to_graveyard":
            def back(v: int) -> tuple[bool, float]:
                card = battle.cards[v]
                return (bool(battle.incarnation[v]) or card.has("valhalla"), -card_value(keys[v]))

            return max(candidates, key=back)
        return max(candidates, key=lambda v: (card_value(keys[v]), -v))

    def _grave_exile_pick(self, b: Battle, u: int, candidates: Sequence[int]) -> int:
        """``grave_exile``: the card whose X (its movement or regeneration, as the facts after it read)
        is largest, one that would not come back from the graveyard (incarnation, Вальхалла) first;
        none (-1) when that gains nothing — an X of 0, or a heal with no wounds to heal."""
        pers = {sl.ability.per for sl in b.slots[u]}

        def x(v: int) -> int:
            card = b.cards[v]
            if "exiled_move" in pers:
                return card.move or 0
            if "exiled_regen" in pers:
                return card.keyword("regeneration")
            return 0

        def back(v: int) -> bool:
            return bool(b.incarnation[v]) or b.cards[v].has("valhalla")

        best = max(candidates, key=lambda v: (not back(v), x(v), -v))
        heals = any(sl.ability.kind == "heal" and sl.ability.per == "exiled_regen" for sl in b.slots[u])
        if x(best) <= 0 or (heals and b.wounds[u] == 0):
            return -1
        return best

    def _chain_use(self, b: Battle, u: int, sl: Slot) -> tuple[float, tuple[int, ...]]:
        """:meth:`_best_use` of an ability followed by ``then`` abilities (one target): the gain of
        each target plus what the abilities after it then take — for ``every`` with ``vs_state``,
        from every card in that state once the first one is carried out (the target it curses or
        blesses included: "curses a creature, then wounds every cursed enemy creature")."""
        if not b.slot_ready(u, sl):
            return -1e9, ()
        cands = reach_slot(b, u, sl)
        if not cands:
            return -1e9, ()
        ab = sl.ability
        state = GIVEN_STATE.get(ab.kind) or {"curse": "cursed", "blessing": "blessed"}.get(ab.gives or "")
        slots = b.slots[u]
        follow = []
        i = sl.index + 1
        while i < len(slots) and slots[i].ability.cost == "then":
            follow.append(slots[i])
            i += 1
        again = self._recurse_payoff(b, u) if state == "cursed" else None
        best, target = -1e9, -1
        # (what a follow-up gains does not depend on the first target but for that target itself:
        # worked out once per follow-up, added per target in the same order)
        best_of: dict[int, float] = {}
        every_of: dict[int, list[tuple[int, float, bool]]] = {}
        for v in cands:
            g = self._target_gain(b, u, sl.index, v)
            if ab.kind == "swap" and ab.targets < 2 and b.seat[v] == b.seat[u]:
                # (with a creature of its own: worth it only to take a more wounded one out of the fight)
                where = self._swap_worth(b, u, v)
                if where <= 0:
                    continue
                g += where
            if again is not None and b.creature[v] and b._in_state(v, "cursed"):
                g += self._target_gain(b, again[0], again[1], v)  # ("instead wound it 1")
            before = ab
            for f in follow:
                fa = f.ability
                if fa.kind in ENTRIES:  # ("уничтожить себя, при этом вызвать на его клетку …": 30/187)
                    g += self.entry_worth(b, u, fa)
                    before = fa
                    continue
                if fa.target == "self" and not fa.every:
                    if fa.vs_state == "unwounded" and v != u and b.creature[v] and b.wounds[v] == 0:
                        g += self._target_gain(b, u, f.index, u)  # ("when it wounds one without wounds")
                    before = fa
                    continue  # (a gain of its own: counters, not valued here)
                if not fa.every and fa.target != before.target:  # its player picks: the best one
                    top = best_of.get(f.index)
                    if top is None:
                        top = best_of[f.index] = max(
                            (self._target_gain(b, u, f.index, w) for w in reach_slot(b, u, f)), default=0.0)
                    g += top
                    before = fa
                    continue
                before = fa
                if fa.every:
                    pool = every_of.get(f.index)
                    if pool is None:
                        pool = every_of[f.index] = [
                            (w, self._target_gain(b, u, f.index, w),
                             not fa.vs_state or b._in_state(w, fa.vs_state)) for w in reach_slot(b, u, f)]
                    for w, gain, held_state in pool:
                        if held_state or (w == v and fa.vs_state == state and b.creature[v]):
                            g += gain
                    continue
                if fa.vs_state and not b._in_state(v, fa.vs_state) and not (
                        fa.vs_state == state and b.creature[v]):
                    continue
                g += self._target_gain(b, u, f.index, v)
            if g > best:
                best, target = g, v
        return (best, (target,)) if target >= 0 else (-1e9, ())

    def _every_use(self, b: Battle, u: int, sl: Slot) -> tuple[float, tuple[int, ...]]:
        """:meth:`_best_use` of an action on every card it may aim at (``every``, in its
        ``vs_state``): the sum of the gains on all of them ("heals every blessed ally")."""
        if not b.slot_ready(u, sl):
            return -1e9, ()
        state = sl.ability.vs_state
        cands = [v for v in reach_slot(b, u, sl) if not state or b._in_state(v, state)]
        if not cands:
            return -1e9, ()
        return sum(self._target_gain(b, u, sl.index, v) for v in cands), (cands[0],)

    def _cleanse_use(self, b: Battle, u: int, sl: Slot) -> tuple[float, tuple[int, ...]]:
        """:meth:`_best_use` of a ``cleanse`` that lifts poisoning too: the poisoning is the unit's,
        not its card's (outside the memoised gains), worth the wounds of one of its turns."""
        if not b.slot_ready(u, sl):
            return -1e9, ()
        best, target = -1e9, -1
        for v in reach_slot(b, u, sl):
            g = self._target_gain(b, u, sl.index, v)
            if b.poison[v] and not b.hidden[v]:
                worth = b.poison[v] * 0.5 * card_value(b.key[v]) / b.life[v]
                g += worth if b.seat[v] == b.seat[u] else -worth
            if g > best:
                best, target = g, v
        return (best, (target,)) if target >= 0 else (-1e9, ())

    def _recurse_payoff(self, b: Battle, u: int) -> tuple[int, int] | None:
        """A living card of ``u``'s squad whose ``cursed_again`` ability may still fire this turn
        (unit, ability index), if any: a curse on a cursed creature is then worth that ability."""
        for w in b._trig["cursed_again"]:
            if b.seat[w] != b.seat[u] or not b.alive[w]:
                continue
            for index in triggered(b.key[w], "cursed_again"):
                if b._allowed(w, index, b.slots[w][index].ability):
                    return w, index
        return None

    def _accumulate_value(self, b: Battle, u: int) -> float:
        """Worth of one more counter: half the best gain its counter abilities could bring against
        any enemy at the start of this turn, per counter they cost."""
        cache = self._turn_cache_of(b)
        cached = cache.get(u)
        if cached is not None:
            return cached
        best = 0.0
        ku, me = b.key[u], b.seat[u]
        hidden, keys, life, wounds, armor_left = b.hidden, b.key, b.life, b.wounds, b.armor_left
        for index in b.profiles[u].actions:
            ab = ability(ku, index)
            if not ab.counters:
                continue
            # _target_gain on each enemy, inlined (v is an enemy: negative for a help, see HELPS).
            gains = _slot_gains(ku << 6 | index)
            helping = helps(ab)
            scale, counters = min(ab.targets, 2), ab.counters
            for v in b.units[1 - me]:
                if hidden[v]:
                    kv, rem_v = self._unknown, 6
                else:
                    kv, rem_v = keys[v], life[v] - wounds[v]
                armor = armor_left[v]
                memo = kv << 18 | rem_v << 8 | armor
                g = gains.get(memo)
                if g is None:
                    g = _ability_gain(ku, index, kv, rem_v, armor, gains, memo)
                x = (-g if helping else g) * scale / counters
                if x > best:
                    best = x
        cache[u] = 0.5 * best
        return 0.5 * best

    def _walk_worth(self, b: Battle, u: int) -> float:
        """What walking into contact could bring ``u`` (a rough look ahead): its mean strike on a
        closed card times the mean value per wound of the enemy ground creatures (per turn)."""
        if not b.has_strike[u]:
            return 0.0
        ctx = self._context(b)
        cache = self._turn_cache_of(b)
        value = cache.get(-1 - b.seat[u])
        if value is None:
            total, count = 0.0, 0
            value_of = ctx[18]
            for v in b.units[1 - b.seat[u]]:
                if b.creature[v] and b.kind[v] != FLYER:
                    total += 0.5 * value_of[v] / b.life[v]
                    count += 1
            value = cache[-1 - b.seat[u]] = total / count if count else 0.0
        return ctx[17][u] * value

    def _closing_cost(self, b: Battle, w: int) -> float:
        """What closing creature ``w`` now (to move a war machine) costs its side: nothing if a
        ``hauls`` ability reopens it, else its best action where it stands or, away from enemies,
        what walking into contact could bring."""
        if any(b.slots[w][i].ability.kind == "open" and b._allowed(w, i, b.slots[w][i].ability)
               for i in triggered(b.key[w], "hauls")):
            return 0.0  # (it opens again: its turn goes on)
        p = b.pos[w]
        contact = p >= 0 and any(b.creature[v] and b.pos[v] >= 0 and ADJ8_MASK[p] >> b.pos[v] & 1
                                 for v in b.units[1 - b.seat[w]])
        g, act = self._options(b, w, contact) if (b.acts[w] or b.counter_user[w] or contact) else (0.0, None)
        best = g if act is not None else 0.0
        if not contact and b.moves[w] > 0:
            best = max(best, self._walk_worth(b, w))
        return max(0.0, best)

    def fight_target(self, battle: Battle, fighter: int, candidates: list[int]) -> int:
        """The enemy creature ``fighter`` fights (``fight``): the one its simple strike gains most on
        (:meth:`_gain`, the foe fighting back as an open card)."""
        return max(candidates, key=lambda x: (self._gain(battle, fighter, x), -x))

    def hauler(self, battle: Battle, machine: int, candidates: list[int]) -> int:
        """The creature that closes to move a war machine: the one whose closing costs least
        (:meth:`_closing_cost`), a reopening ``hauls`` ability first."""
        return min(candidates, key=lambda w: (self._closing_cost(battle, w), battle.cost[w], w))

    def _haul_gain(self, b: Battle, u: int, sq: int) -> float:
        """What moving war machine ``u`` onto ``sq`` brings: its ``hauled`` abilities there (an
        attack's best target from ``sq``, a grant to itself) and how much better its own best action
        is from ``sq`` than from where it stands."""
        gain = 0.0
        me = b.seat[u]
        for index in triggered(b.key[u], "hauled"):
            sl = b.slots[u][index]
            ab = sl.ability
            if ab.target == "self":
                gain += max(0.0, self._target_gain(b, u, index, u))
            else:
                cands = [v for v in reach_slot(b, u, sl, sq) if b.seat[v] != me]
                g, targets = self._best_use(b, u, sl, cands) if cands else (0.0, ())
                gain += max(0.0, g) if targets else 0.0
        if b.acts[u] and b.open[u] and not b.acted[u]:
            here = there = 0.0
            for index in b.profiles[u].actions:
                sl = b.slots[u][index]
                if not b.slot_ready(u, sl) or sl.ability.target not in ("enemy", "any"):
                    continue
                for src, which in ((b.pos[u], 0), (sq, 1)):
                    cands = [v for v in reach_slot(b, u, sl, src) if b.seat[v] != me]
                    g, targets = self._best_use(b, u, sl, cands) if cands else (0.0, ())
                    if targets and g > (here, there)[which]:
                        if which:
                            there = g
                        else:
                            here = g
            gain += there - here
        return gain

    def _haul_machines(self, b: Battle, units: list[int]) -> None:
        """War machines of the squad (``hauled``) move first when a creature next to them is worth
        less closed than what the move brings (:meth:`_haul_gain`), as many times as their uses
        allow."""
        for u in units:
            if b.kind[u] == GROUND or not b.alive[u] or b.over:
                continue
            for _ in range(4):  # (its uses per turn end it sooner)
                squares = b.steps(u)
                if not squares:
                    break
                cands = b._haulers(u)
                w = self.hauler(b, u, cands)
                cost = self._closing_cost(b, w)
                best, sq = max((self._haul_gain(b, u, s), -s) for s in squares)
                if best - cost <= self.threshold or best <= 0:
                    break
                b.apply(MOVES[u][-sq])
                if b.over:
                    return

    def _turn_cache_of(self, b: Battle) -> dict[int, float]:
        """Values this player keeps for the turn in progress of battle ``b`` (the battle object is
        held, so a new battle can never be taken for it)."""
        if self._turn_battle is not b or self._turn_number != b.turn:
            self._turn_battle, self._turn_number = b, b.turn
            self._turn_cache = {}
        return self._turn_cache

    # ---------------------------------------------------------------- the turn

    def play_turn(self, battle: Battle) -> None:
        b = battle
        me = b.active
        enemy = 1 - me
        units = b.units[me] + b.lands[me] if b.lands[me] else b.units[me]  # (terrains use abilities)
        thr = self.threshold
        opened, acted, has_strike, alive = b.open, b.acted, b.has_strike, b.alive
        pos, kind = b.pos, b.kind
        acts, counter_user = b.acts, b.counter_user
        apply = b.apply
        # Squares next to an enemy card (bit mask): only cards there (or flyers) can strike without
        # moving; and the squares of enemy creatures, for "in contact" (as at the start of the turn).
        foes = 0
        enemy_squares = 0
        creature = b.creature
        for v in b.units[enemy]:
            p = pos[v]
            if p >= 0:
                enemy_squares |= 1 << p
                if creature[v]:
                    foes |= 1 << p
        self._enemy_squares = enemy_squares
        if b._ghosts:
            self._step_off(b, units)
            if b.over:
                return
        if b._hauling:  # war machines move first (``hauled``), their new squares for the plans below
            self._haul_machines(b, units)
            if b.over:
                return
        standing_at_start = len(b.units[0]) + len(b.units[1])
        masks = _ZONES.get(enemy_squares << SQUARES | foes)
        if masks is None:
            masks = _zones(enemy_squares, foes)
        hot, near_foes = masks
        # Actions from where the cards stand, best first (a plan is redone if it went stale).
        plans: list[tuple[float, int, Any]] = []
        passed: dict[int, int] = {}
        """Units that found nothing worth doing in phase 1, with the square they stood on."""
        prepared = b.prepared
        best_target = self._best_target
        self._codes = (b, None)  # the enemies' codes for _best_use, valid until something is applied
        act: Any
        for u in units:
            if acts[u] or counter_user[u]:
                contact = pos[u] >= 0 and bool(hot >> pos[u] & 1)
                g, act = self._options(b, u, contact)
                if act is None or g <= thr:
                    passed[u] = pos[u]
                    continue
                if not contact and kind[u] == GROUND and type(act) is not Strike and b.moves[u] > 0 \
                        and not role(b.key[u]).shooter and g < self._walk_worth(b, u):
                    continue  # walking into a strike is worth more: decide after the walk
                plans.append((g, u, act))
            elif opened[u] and has_strike[u] and (kind[u] == FLYER or prepared[u] == 2
                                                  or (pos[u] >= 0 and hot >> pos[u] & 1)
                                                  or (b._far_strikers and bool(b.targets(u)))):
                g, v = best_target(b, u)
                if v >= 0 and g > thr:
                    plans.append((g, u, STRIKES[u][v]))
        self._codes = None
        if plans:
            plans.sort(reverse=True)  # highest gain first (one plan per unit: actions never compared)
            readers = self._readers(b, plans)
            applied = False
            for g, u, act in plans:
                if not alive[u] or acted[u] or b.over:
                    continue
                # A plan goes stale when a card died since it was made, when a hidden target was
                # revealed (000 3.11.1) and turned out not to qualify for it, or when an action
                # carried out since moved a card (pushes, teleports, a landing flyer, a heal that a
                # card takes as a jump: 30/72 Глоа).
                if type(act) is Strike:
                    stale = not alive[act[1]] or ((applied or b._displacers or bool(b._sudden) or b._shapers)
                                                  and not b.is_legal(act))
                else:
                    stale = not b.is_legal(act) or (applied and u in readers)
                if stale:
                    contact = pos[u] >= 0 and bool(hot >> pos[u] & 1)
                    g, act = self._options(b, u, contact) if (acts[u] or counter_user[u]) else (
                        self._strike_option(b, u))
                    if act is None or g <= thr:
                        continue
                apply(act)
                applied = True
                if b.over:
                    return
                if b._doublers and type(act) is Strike:
                    self._second_strike(b, u)
                    if b.over:
                        return
        # 000 4.16: nothing but flyers left on the other side.
        if b.n_ground[enemy] == 0:
            for u in list(units):
                if b.can_prepare(u):
                    apply(Prepare(u))
            return
        # Movement towards the enemy (shooters: towards a safe square in range), then act if it pays.
        board, moves, rider, seat = b.board, b.moves, b.rider, b.seat
        # Those in contact chose above; those boxed in by other cards cannot step.
        occupied = b.occupied
        free = ~occupied
        movers = [u for u in units if kind[u] == GROUND and opened[u] and not acted[u]
                  and not ADJ8_MASK[pos[u]] & foes and ADJ4_MASK[pos[u]] & free
                  and not (b._roots and b._rooted(u))]
        if movers:
            key = (occupied << SQUARES) | (near_foes & ~occupied)
            field = _FIELDS.get(key)
            if field is None:
                if len(_FIELDS) > 200_000:
                    _FIELDS.clear()
                field = _distance_field(occupied, near_foes & ~occupied)
                _FIELDS[key] = field
            dist = field

            def here(u: int) -> int:
                """Steps from u's square to contact (u is not in contact): 1 + the best empty neighbour."""
                d_min = 999
                for sq in ADJ4[pos[u]]:
                    if board[sq] < 0:
                        d = dist[sq]
                        if d < d_min:
                            d_min = d
                return 1 + (98 if d_min == 999 else d_min)

            if len(movers) > 1:
                movers.sort(key=here)
            for u in movers:
                if not alive[u] or acted[u]:
                    continue
                shooter = (acts[u] or counter_user[u]) and role(b.key[u]).shooter
                walk = self._shooter_field(b, u, foes) if shooter else dist
                moved = False
                if b._ghosts and b.ghost[u] and moves[u] >= 2 and not b.sharing(u):
                    moved = self._dip(b, u, walk)
                    if b.over:
                        return
                diagonal = b._steppers and b._has(u, "diagonal") is not None
                if b._steppers:  # a jump (002 "Прыжок") when it lands nearer than walking can
                    jumps = [sq for sq in b.steps(u) if sq not in ADJ4[pos[u]] and board[sq] < 0
                             and not (diagonal and sq in ADJ8[pos[u]])]
                    if jumps:
                        sq = min(jumps, key=lambda s: (walk[s], s))
                        if walk[sq] < max(0, walk[pos[u]] - moves[u]):
                            apply(MOVES[u][sq])
                            if b.over:
                                return
                            moved = True
                while b.alive[u] and moves[u] > 0 and not ADJ8_MASK[pos[u]] & foes:
                    if shooter and walk[pos[u]] == 0:
                        break  # in range and out of reach: stay
                    step, d_best = -1, 99
                    barred = b.barred(u) if b._barrers else 0  # (squares an enemy ``bar`` closes to it)
                    for sq in (ADJ8[pos[u]] if diagonal else ADJ4[pos[u]]):  # (diagonal steps too)
                        if board[sq] < 0 and walk[sq] < d_best and not barred >> sq & 1:
                            step, d_best = sq, walk[sq]
                    if step >= 0 and b._deep and d_best < 99:
                        step = self._depth_step(b, u, step, d_best, walk, diagonal)
                    if step < 0 or d_best >= 99 or (shooter and d_best >= walk[pos[u]]) \
                            or step not in b.steps(u):  # (a trigger of its last step may have stopped it)
                        break
                    apply(MOVES[u][step])
                    if b.over:  # an ability on moving may end the game
                        return
                    moved = True
                    r = rider[u]
                    if r >= 0 and seat[r] == enemy:  # an enemy parasite rides along
                        self._enemy_squares |= 1 << step
                if not b.alive[u] or not b.open[u]:
                    continue  # a trigger on its step (an enemy's "when a card moves next to it") took it
                if acts[u] or counter_user[u]:
                    g, act = self._options(b, u, bool(ADJ8_MASK[pos[u]] & foes))
                    if act is not None and g > thr:
                        apply(act)
                        if b.over:
                            return
                elif moved and has_strike[u] and b.can_act(u):  # (a step may have ended its acting)
                    g, v = best_target(b, u)
                    if v >= 0 and g > thr:
                        apply(STRIKES[u][v])
                        if b.over:
                            return
                        if b._doublers:
                            self._second_strike(b, u)
                            if b.over:
                                return
        # Cards that could neither strike nor move (flyers without a good strike, boxed-in casters):
        # an ability or a counter if it pays.
        unchanged = len(b.units[0]) + len(b.units[1]) == standing_at_start
        for u in list(units):
            if (acts[u] or counter_user[u]) and alive[u] and not acted[u] and not b.over:
                if unchanged and passed.get(u, -9) == pos[u]:
                    continue  # nothing changed for it since it found nothing worth doing
                g, act = self._options(b, u, pos[u] >= 0 and bool(ADJ8_MASK[pos[u]] & foes))
                if act is not None and g > thr:
                    apply(act)
        # ``strike_again``: a card that may make one more simple strike this turn makes it if it pays.
        again = b.again
        for u in list(units):
            while again[u] == b.turn and not b.over and b.can_act(u):  # (a trigger may have closed it)
                g, v = best_target(b, u)
                if v < 0 or g <= thr:
                    break
                apply(STRIKES[u][v])

    def _second_strike(self, b: Battle, u: int) -> None:
        """``strikes_twice`` (50/36 Минотавр): a card still able to act right after its strike strikes
        again, at the best target it may take (right away: a second strike "in a row" is lost after
        any other action), if that gains anything."""
        if not b.can_act(u):
            return
        best, target = self.threshold, -1
        for v in b.targets(u):
            g = self._gain(b, u, v)
            if g > best:
                best, target = g, v
        if target >= 0:
            b.apply(STRIKES[u][target])

    def _readers(self, b: Battle, plans: list[tuple[float, int, Any]]) -> set[int]:
        """Curses and blessings before their payoffs: when the turn's plans hold both a card whose
        action curses or blesses and one whose ability is only for a cursed or blessed target
        (:func:`~analysis.battle.valuation.state_role`), the plans of the pure givers move first
        (in place, by gain) and the readers' plans are made again when their turn in the order comes
        (the set returned), so "curse, then wound every cursed enemy" sees this turn's curses."""
        givers = readers = False
        for _, u, act in plans:
            gives, reads = state_role(b.key[u])
            givers = givers or (gives and not reads and type(act) is not Strike)
            readers = readers or reads
        if not (givers and readers):
            return set()
        first: list[tuple[float, int, Any]] = []
        rest: list[tuple[float, int, Any]] = []
        for plan in plans:
            gives, reads = state_role(b.key[plan[1]])
            (first if gives and not reads and type(plan[2]) is not Strike else rest).append(plan)
        plans[:] = first + rest
        return {u for _, u, _ in rest if state_role(b.key[u])[1]}

    def choose_square(self, battle: Battle, unit: int, marker: str, squares: Sequence[int]) -> int:
        """Where ``unit`` puts a ``marker``: a free square next to the most enemy ground creatures that
        can step and that it (or the marker it leaves) does not spare (one of them will likely step
        onto it: an ambush, 30/12; rot, 60/158), the one nearest its own
        back row on a tie; a marker that wounds what stands on it at a turn start (a fire wall, 60/32)
        goes onto the enemy card with the least life left, never onto a square with its own card; for
        a ``reposition`` (40/16) the offered square nearest where it stands; to ``"incarnate"`` open on
        a marked square (60/180) the one next to the most enemy creatures, nearest its back row."""
        b = battle
        if marker == "cross":  # (a row and a column to wound, 60/34: the square whose lines gain most)
            index = next(i for i, s in enumerate(b.slots[unit]) if s.ability.area == "cross")
            return max(squares, key=lambda s: (self._cross_gain(b, unit, index, s), -s))
        if marker == "flood":  # (a surface square becomes depth: under its card that wants it most)
            seat = b.seat[unit]

            def want(sq: int) -> tuple[int, int]:
                w = b.board[sq]
                if w < 0:
                    return (0, -sq)
                return (depth_pref(b.base[w]) * (1 if b.seat[w] == seat else -1), -sq)

            return max(squares, key=want)
        b = battle
        if marker == "land":  # (a flyer coming down, data/README.md "Type changes")
            return self._landing(b, unit, squares)
        if marker == "reposition":  # (a move it must make: the free square nearest where it stands)
            p = b.pos[unit]
            return min(squares, key=lambda s: (MANHATTAN[p][s] if p >= 0 else 0, s))
        enemy = 1 - b.seat[unit]
        if marker == "enter":  # (a card entering play: next to the most enemies, then the farthest forward)
            forward = 1 if b.seat[unit] == 0 else -1
            return max(squares, key=lambda s: (sum(1 for t in ADJ8[s] if s >= 0 and b.board[t] >= 0
                                                   and b.seat[b.board[t]] == enemy) if s >= 0 else 0,
                                               forward * (s // 5) if s >= 0 else 0, -s))
        if marker == "incarnate":  # (60/180: returning open on a marked square: next to the most enemies)
            back = 0 if b.seat[unit] == 0 else 5
            return max(squares, key=lambda s: (sum(1 for t in ADJ4[s] if b.board[t] >= 0
                                                   and b.seat[b.board[t]] == enemy), -abs(s // 5 - back), -s))
        if MARKERS[marker].moment in ("enemy_turn_start", "owner_turn_start"):
            # (it wounds what stands there then: the enemy card with the least life left, no own card)
            hit = [sq for sq in squares if b.board[sq] >= 0 and b.seat[b.board[sq]] == enemy
                   and (b.share[sq] < 0 or b.seat[b.share[sq]] == enemy)]
            if hit:
                return min(hit, key=lambda s: (b.life[b.board[s]] - b.wounds[b.board[s]], s))
        back = 0 if b.seat[unit] == 0 else 5
        m = MARKERS[marker]
        spared = set(m.spares) | (set(MARKERS[m.leaves].spares) if m.leaves else set())
        best, key = squares[0], (-1, 0)
        for sq in squares:
            if b.board[sq] >= 0:
                continue
            near = 0
            for t in ADJ4[sq]:
                w = b.board[t]
                if w >= 0 and b.seat[w] == enemy and b.kind[w] == GROUND and b.move_points[w] > 0 \
                        and not spared & set(b.cards[w].elements):  # (rot spares dark creatures)
                    near += 1
            here = (near, -abs(sq // 5 - back))
            if here > key:
                best, key = sq, here
        return best

    def _landing(self, b: Battle, unit: int, squares: Sequence[int]) -> int:
        """Where a flyer lands: if it may still act this turn, next to the most enemy creatures (it
        strikes one now), the weakest of them on a tie; otherwise next to the fewest (they would strike
        it first), nearest its own back row."""
        enemy = 1 - b.seat[unit]
        back = 0 if b.seat[unit] == 0 else 5

        def foes(sq: int) -> list[int]:
            return [w for w in (b.board[t] for t in ADJ8[sq])
                    if w >= 0 and b.seat[w] == enemy and b.creature[w]]

        if b.seat[unit] == b.active and b.open[unit] and not b.acted[unit]:
            def near(sq: int) -> tuple[int, int, int]:
                found = foes(sq)
                weakest = min((b.life[w] - b.wounds[w] for w in found), default=99)
                return (len(found), -weakest, -sq)
            return max(squares, key=near)
        return min(squares, key=lambda sq: (len(foes(sq)), abs(sq // COLS - back), sq))

    def _shape_worth(self, b: Battle, u: int, index: int, v: int) -> bool:
        """Whether to take a ``become`` its player may decline (data/README.md "Type changes"): an
        enemy into an artifact, always; into a flyer, when no enemy creature stands next to it (a
        flyer reaches every card; one in contact keeps fighting where it is); a flyer landing, when
        what comes with it pays (a standing strike bonus, a wound: 50/198, 50/173, 30/195) or it may
        still act this turn and lands next to an enemy creature."""
        slots = b.slots[u]
        ab = slots[index].ability
        if ab.into == "artifact":
            return b.seat[v] != b.seat[u]
        enemy = 1 - b.seat[v]

        def engaged(sq: int) -> bool:  # (an enemy creature next to the square)
            return any(w >= 0 and b.seat[w] == enemy and b.creature[w]
                       for w in (b.board[t] for t in ADJ8[sq]))

        if ab.into == "flyer":
            p = b.pos[v]
            if p >= 0 and engaged(p):
                return False
            return any(b.creature[w] for w in b.units[enemy])
        i = index + 1
        while i < len(slots) and slots[i].ability.cost == "then":
            f = slots[i].ability
            if (f.kind == "strike_bonus" and f.lasts == "battle" and f.damage and f.damage[0] > 0) \
                    or (f.kind in WOUNDING and max(b._about, b._context) >= 0
                        and b.alive[b._about if b._about >= 0 else b._context]):
                return True
            i += 1
        if not (b.seat[v] == b.active and b.open[v] and not b.acted[v]):
            return False
        return any(engaged(sq) for sq in b._landing_squares(v, ab.onto))

    def _dip(self, b: Battle, u: int, walk: Any) -> bool:
        """An incorporeal creature whose facts follow its steps onto creatures' squares (``when =
        "moved_onto_creature"``, ``per = "magic_entries"``, trigger ``enters_creature``: 30/3,
        50/150, 40/142, 40/92) passes through such a
        square next to it on its way, ending on a free square no farther from the enemy than a
        plain step would take it (it never stops on the shared square)."""
        wants = _DIPS.get(b.base[u])
        if wants is None:
            abilities = ABILITIES[b.base[u]]
            enters = [ab.target for ab in abilities
                      if ab.cost == "trigger" and ab.trigger == "enters_creature"]
            wants = _DIPS[b.base[u]] = (
                2 if any(ab.per == "magic_entries" for ab in abilities)
                else 1 if any(ab.when == "moved_onto_creature" for ab in abilities)
                else 3 if "enemy" in enters else 4 if "ally" in enters else 1 if enters else 0)
        if not wants:
            return False
        board, share, pos = b.board, b.share, b.pos
        here = pos[u]
        plain = min([walk[s] for s in ADJ4[here] if board[s] < 0], default=99)
        best, best_d = (-1, -1), 99
        for x in ADJ4[here]:
            w = board[x]
            if w < 0 or share[x] >= 0 or not b.creature[w]:
                continue
            if wants == 2 and not any(ab.kind in MAGICAL for ab in facts(b.cards[w])):
                continue
            if (wants == 3 and b.seat[w] == b.seat[u]) or (wants == 4 and b.seat[w] != b.seat[u]):
                continue
            for f in ADJ4[x]:
                if (f == here or board[f] < 0) and walk[f] < best_d and walk[f] <= plain:
                    best, best_d = (x, f), walk[f]
        if best[0] < 0:
            return False
        b.apply(MOVES[u][best[0]])
        if b.alive[u] and not b.over and b.sharing(u) and best[1] in b.steps(u):
            # (a trigger of the square it passed may have taken its movement or filled the free one)
            b.apply(MOVES[u][best[1]])
        return True

    def _step_off(self, b: Battle, units: list[int]) -> None:
        """An incorporeal creature of the squad sharing a square dies as soon as its player
        announces another action (000 glossary "Incorporeal creature"): before anything else, it
        steps onto a free square (the one nearest an enemy creature). The player itself never stops
        one on an occupied square (its walks use free squares only)."""
        enemies = [b.pos[v] for v in b.units[1 - b.active] if b.creature[v] and b.pos[v] >= 0]
        for u in list(units):
            if b.alive[u] and b.sharing(u) and not b.over:
                free = [s for s in b.steps(u) if b.board[s] < 0]
                if free:
                    best = min(free, key=lambda s: (min([MANHATTAN[s][p] for p in enemies], default=0), s))
                    b.apply(MOVES[u][best])

    def _depth_step(self, b: Battle, u: int, step: int, d_best: int, walk: Any, diagonal: bool) -> int:
        """Of the steps as near the enemy as ``step``, one onto the kind of square its facts prefer
        (:func:`depth_pref`: dive with "На глубине:" facts, stay up with "На поверхности:" ones)."""
        pref = depth_pref(b.base[u])
        if not pref or b._deep_sq(step) == (pref > 0):
            return step
        board = b.board
        barred = b.barred(u) if b._barrers else 0
        for sq in (ADJ8[b.pos[u]] if diagonal else ADJ4[b.pos[u]]):
            if board[sq] < 0 and walk[sq] == d_best and b._deep_sq(sq) == (pref > 0) and not barred >> sq & 1:
                return sq
        return step

    def _strike_option(self, b: Battle, u: int) -> tuple[float, Action | None]:
        g, v = self._best_target(b, u) if b.can_act(u) else (-1e9, -1)
        return (g, STRIKES[u][v]) if v >= 0 else (-1e9, None)

    def _shooter_field(self, b: Battle, u: int, foes: int) -> tuple[int, ...]:
        """Steps from each square to a square from which one of ``u``'s ranged abilities reaches an
        enemy ground card and that is not next to an enemy creature (0 there, 99 unreachable)."""
        reach_of = 0
        for index in b.profiles[u].actions:
            ab = ability(b.key[u], index)
            if ab.kind in SHOOTING or ab.kind == "strike_through_row" or (
                    ab.kind in ("spell", "effect", "wound") and ab.damage):
                rng = 2 if ab.kind == "strike_through_row" else (ab.range or 5)
                reach_of = max(reach_of, rng)
        goals = 0
        for v in b.units[1 - b.seat[u]]:
            pv = b.pos[v]
            if pv >= 0:
                goals |= RING[min(reach_of, 5)][pv]
        near_foes = 0
        m = foes
        while m:
            low = m & -m
            m ^= low
            near_foes |= NEAR_MASK[low.bit_length() - 1]
        own = 1 << b.pos[u]
        occupied = b.occupied & ~own
        goals &= ~near_foes & ~occupied
        key = (occupied << SQUARES) | goals
        field = _FIELDS.get(key)
        if field is None:
            field = _FIELDS[key] = _distance_field(occupied, goals)
        return field

    # ---------------------------------------------------------------- reactions

    def choose_defender(self, battle: Battle, attacker: int, target: int, candidates: list[int]) -> int:
        b = battle
        base = self._gain(b, attacker, target)
        best, choice = base - 0.25, -1
        for w in candidates:
            g = self._gain(b, attacker, w)
            if g < best:
                best, choice = g, w
        return choice

    def redirect(self, battle: Battle, unit: int, attacker: int, target: int, candidates: list[int],
                 index: int) -> int:
        """A sudden ``redirect``: onto the candidate where the attack wins its side least (a simple
        strike as :meth:`_gain`, an ability as :meth:`_target_gain`; a card of the attacker's own
        side counts against it), when that saves at least as much as appointing a defender would."""
        b = battle

        def gain(x: int) -> float:
            if index < 0:
                g = self._gain(b, attacker, x)
                return -g if b.seat[x] == b.seat[attacker] else g
            return self._target_gain(b, attacker, index, x)

        best, choice = gain(target) - 0.25, -1
        for x in candidates:
            g = gain(x)
            if g < best:
                best, choice = g, x
        return choice

    def sudden(self, battle: Battle, seat: int, moment: str, attacker: int, target: int,
               options: Sequence[tuple[int, int]]) -> UseAbility | None:
        """A sudden action outside its own turn (data/README.md "Sudden actions"): one that kills or
        closes the announced attacker (its action is then interrupted, 000 2.9, 5.4), else the best
        use that kills an enemy card, else — at the end of the opponent's turn, when a card that
        closes for it opens again at the start of its own turn — the best use that gains anything;
        otherwise it passes (keeps the card open to defend)."""
        saved = self._codes  # (the same player may be in the middle of the other seat's turn)
        self._codes = None
        try:
            return self._sudden_pick(battle, seat, moment, attacker, options)
        finally:
            self._codes = saved

    def _sudden_pick(self, b: Battle, seat: int, moment: str, attacker: int,
                     options: Sequence[tuple[int, int]]) -> UseAbility | None:
        best: float = self.threshold
        pick: UseAbility | None = None
        for u, index in options:
            sl = b.slots[u][index]
            ab = sl.ability
            if attacker >= 0 and not helps(ab) and attacker in reach_slot(b, u, sl):
                act = use_ability(u, index, (attacker,))
                if ab.kind == "cancel":
                    if moment == "attack" and (not ab.vs_state or b._in_state(attacker, ab.vs_state)):
                        return act  # (an attack on its squad: cancelled)
                    continue
                if self._sudden_kills(b, seat, act, attacker):
                    return act
            g, targets = self._best_use(b, u, sl)
            if not targets or g <= best:
                continue
            act = use_ability(u, index, targets)
            free = moment == "turn_end" and sl.closes and not ab.counters and not ab.tokens
            if free or self._sudden_kills(b, seat, act):
                best, pick = g, act
        return pick

    def _sudden_kills(self, b: Battle, seat: int, act: UseAbility, attacker: int = -1) -> bool:
        """Whether ``seat``'s sudden ``act`` kills one of its enemy targets, or kills or closes the
        ``attacker`` whose action it answers (looked ahead on a clone with fresh dice)."""
        probe = b.clone(b.prng.randrange(1 << 30))
        try:
            probe.apply_sudden(seat, act)
        except IllegalAction:
            return False
        if attacker >= 0 and b.alive[attacker] and not (probe.alive[attacker] and probe.open[attacker]):
            return True
        return any(b.alive[v] and not probe.alive[v] and b.seat[v] != seat for v in act[2])

    def weaken(self, battle: Battle, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        b = battle
        magic_a = b.magic[attacker] and b.strike_flag(attacker, parrier, "magic")
        magic_p = b.magic[parrier] and b.strike_flag(parrier, attacker, "magic")
        rem_p = b.life[parrier] - b.wounds[parrier] + (0 if magic_a else b.armor_left[parrier])
        rem_a = b.life[attacker] - b.wounds[attacker] + (0 if magic_p else b.armor_left[attacker])

        def value(pair: tuple[int, int], who: str) -> float:
            to_p, to_a = pair
            score = (to_p - to_a) + 100 * ((to_p >= rem_p) - (to_a >= rem_a))
            return score if who == "attacker" else -score

        who = "attacker" if chooser == attacker else "parrier"
        return decide_weakening(Branch(1, base, alt, who), "best", value)

    def choose_option(self, battle: Battle, unit: int, options: Sequence[int],
                      candidates: Sequence[Sequence[int]]) -> int:
        """The alternative whose best use gains most now ("ранить … или излечиться"); when the
        player of its target picks (``picker = "target"``: "по выбору противника"), the one that
        gains its owner least."""
        sign = -1.0 if battle.slots[unit][options[0]].ability.picker == "target" else 1.0
        best, pick = -1e18, options[0]
        for index, cands in zip(options, candidates, strict=True):
            g = sign * self._best_use(battle, unit, battle.slots[unit][index], list(cands))[0]
            if g > best:
                best, pick = g, index
        return pick

    def choose_targets(self, battle: Battle, unit: int, index: int, candidates: Sequence[int],
                       most: int) -> tuple[int, ...]:
        gain = self._target_gain
        if battle.slots[unit][index].ability.kind == "claim_incarnation":
            return (max(candidates, key=lambda v: (battle.cost[v], -v)),)  # the dearest to win over
        if battle.slots[unit][index].ability.kind == "hypnosis":
            # (the hypnotised enemy strikes a card next to it: its own side's weakest card, else
            # the sturdiest of ours)
            me = battle.seat[unit]
            return (min(candidates, key=lambda v: (battle.seat[v] == me,
                                                   (battle.life[v] - battle.wounds[v])
                                                   * (-1 if battle.seat[v] == me else 1), v)),)
        ab = battle.slots[unit][index].ability
        if ab.kind == "swap" and most == 2 and not ab.every:  # (two of its creatures next to each other:
            pairs = [(self._swap_gain(battle, a, c), a, c) for a in candidates for c in candidates
                     if a < c and battle.pos[a] >= 0 and battle.pos[c] >= 0
                     and NEAR[battle.pos[a]][battle.pos[c]]]  # the best pair, or any, 40/85)
            if pairs:
                g, a, c = max(pairs)
                return (a, c)
        if ab.may or (ab.sudden and ab.cost == "trigger"):
            # ("может …"; an "{instant}{tap}: при …" trigger is a choice as well: only targets that
            # gain — a fight's exchange, the target parrying as an open card; a recurring curse's payoff
            # counted; none at all declines it, and its price stays unpaid: 60/14 Горт's counter,
            # 50/172 Счастливчик Тони's curse)
            again = self._recurse_payoff(battle, unit) if ab.kind == "give_curse" else None

            def worth(v: int) -> float:
                g = self._may_gain(battle, unit, index, v)
                if again is not None and battle.creature[v] and battle._in_state(v, "cursed") and (
                        battle.slots[again[0]][again[1]].ability.kind != "fight" or battle._fight_foes(v)):
                    g += gain(battle, again[0], again[1], v)
                return g

            scored = sorted(((worth(v), v) for v in candidates), reverse=True)
            return tuple(sorted(v for g, v in scored[:most] if g > 0))
        if most == 1:
            g, targets = self._best_use(battle, unit, battle.slots[unit][index], list(candidates))
            return targets
        if battle.slots[unit][index].ability.delay == "apart":
            # (its wounds land at the turn end only on a target not next to it then: a creature that
            # stands next to it now will likely still be there, the others come first)
            near = ADJ8[battle.pos[unit]]
            scored = sorted(((gain(battle, unit, index, v) * (0.1 if battle.pos[v] in near else 1.0), v)
                             for v in candidates), reverse=True)
        else:
            scored = sorted(((gain(battle, unit, index, v), v) for v in candidates), reverse=True)
        chosen = [v for g, v in scored[:most] if g > 0] or [scored[0][1]]
        return tuple(sorted(chosen))

    def token_holder(self, battle: Battle, unit: int, candidates: Sequence[int], give: bool) -> int:
        """Incarnation tokens of the graveyard (000 glossary "Incarnation - X"): a token given goes
        to the creature it brings nearest to returning (fewest tokens still missing, then the
        dearer); a token paid comes first from a card it cannot bring back (no incarnation, or more
        tokens than it needs), then from the creature furthest from returning (then the cheaper);
        a triggered payment is declined (-1) when every holder would return at its owner's next
        turn start — that token is worth a creature back a turn sooner."""
        x, tokens, cost = battle.incarnation, battle.tokens, battle.cost
        if give:
            near = [v for v in candidates if x[v] and tokens[v] < x[v]]
            if not near:
                return candidates[0]
            return min(near, key=lambda v: (x[v] - tokens[v], -cost[v], v))
        free = [v for v in candidates if not x[v] or tokens[v] > x[v]]
        if free:
            return free[0]
        far = [v for v in candidates if x[v] - tokens[v] >= 2]
        if not far:
            return -1
        return max(far, key=lambda v: (x[v] - tokens[v], -cost[v], -v))

    def incarnate_early(self, battle: Battle, unit: int, missing: int) -> bool:
        """``early`` incarnation (60/168 Зомби-гризли): a turn sooner for one missing token (2
        wounds, −1 strike for the battle) while that leaves it at least two thirds of its life;
        never for two or more missing tokens."""
        return missing == 1 and 3 * (battle.life[unit] - 2) >= 2 * battle.life[unit]

    def incarnate_square(self, battle: Battle, unit: int, squares: Sequence[int]) -> int:
        """Return open anywhere (``anywhere``) when the token is one it would pay: onto the square
        next to the most enemy creatures (its own third row first on a tie)."""
        seat = battle.seat[unit]
        holders = [v for v in battle._token_holders(seat) if v != unit and battle.creature[v]]
        if not holders or self.token_holder(battle, unit, holders, False) < 0:
            return -1
        board, seats = battle.board, battle.seat

        def foes(sq: int) -> int:
            return sum(1 for t in ADJ8[sq] if board[t] >= 0 and seats[board[t]] != seat)

        return max(squares, key=lambda sq: (foes(sq), -squares.index(sq)))

    def relocate(self, battle: Battle, unit: int, why: str, squares: Sequence[int]) -> int:
        """A move it may make (``dash`` after its attack, a ``leap``, a ``relocate`` — an enemy card
        it moves goes where it is next to the fewest of its creatures, if fewer than now; its own card
        to a square of the depth it prefers, :func:`depth_pref` —, a ``shift`` of its own card; for
        ``"shift_enemy"`` an enemy card that the player's card moves: to the square next to the most of
        the player's creatures, if more than where it stands): a card that may still act on
        its own turn goes to the square next to the most enemy creatures (where it attacks), if more
        than where it stands; any other (closed after its attack, or on the opponent's turn) to the
        square next to the fewest (out of their reach), if fewer; with a ``dash`` trigger (an
        ability "при рывке") it always dashes, to such a square. -1: it stays."""
        seat = battle.seat[unit]
        board, seats, creature = battle.board, battle.seat, battle.creature

        def foes(sq: int) -> int:
            return sum(1 for t in ADJ8[sq] if board[t] >= 0 and board[t] != unit and seats[board[t]] != seat
                       and creature[board[t]])

        me = 0 if battle.players[0] is self else 1
        if why == "relocate" and seat != me:  # (an enemy card: where it is next to the fewest of its cards)
            here_n = foes(battle.pos[unit])
            best = min(squares, key=lambda sq: (foes(sq), squares.index(sq)))
            return best if foes(best) < here_n else -1
        if why == "relocate" and battle._deep:  # (its own card: depth it prefers, then the fight)
            pref = depth_pref(battle.base[unit])
            if pref:
                liked = [sq for sq in squares if battle._deep_sq(sq) == (pref > 0)]
                squares = liked or squares

        here = foes(battle.pos[unit])
        if why == "pounce":  # (a jump to strike the target: next to it, among the fewest other enemies)
            return min(squares, key=lambda sq: (foes(sq), squares.index(sq)))
        if why == "shift_enemy":  # (an enemy card it moves: next to the most of its own creatures)
            best = max(squares, key=lambda sq: (foes(sq), -squares.index(sq)))
            return best if foes(best) > here else -1
        if battle.active == seat and battle.open[unit] and not battle.acted[unit] and battle.has_strike[unit]:
            best = max(squares, key=lambda sq: (foes(sq), -squares.index(sq)))
            return best if foes(best) > here else -1
        best = min(squares, key=lambda sq: (foes(sq), squares.index(sq)))
        if (why == "dash" and unit in battle._trig["dash"]) or foes(best) < here:
            return best
        return -1

    def choose_form(self, battle: Battle, unit: int) -> str:
        """A werewolf's form for the coming turn and the opponent's next (data/README.md "Werewolves";
        the reminder text of 60/60): the form whose simple strike fares best against the enemy
        creatures it may reach (its movement in either form plus one square) — its side's gain striking
        each of them, less theirs striking it back, as exact exchanges; with none in reach, the form
        that moves farther (movement, then jump range) to close in; human on a tie (its texts add
        abilities)."""
        wolf, human = battle.form_keys(unit)
        seat, p, model = battle.seat[unit], battle.pos[unit], battle.config.model
        rem_u, arm_u = battle.life[unit] - battle.wounds[unit], battle.armor_left[unit]
        near: list[int] = []
        if p >= 0:
            reach = max(PROFILES[wolf].move, PROFILES[human].move) + 1
            near = [v for v in battle.units[1 - seat] if battle.alive[v] and battle.creature[v]
                    and not battle.hidden[v] and battle.pos[v] >= 0 and MANHATTAN[p][battle.pos[v]] <= reach]

        def score(k: int) -> float:
            if near:
                total = 0.0
                for v in near:
                    kv, rem_v, arm_v = battle.key[v], battle.life[v] - battle.wounds[v], battle.armor_left[v]
                    total += _exact_gain(k, kv, rem_u, rem_v, arm_u, arm_v, True, model)
                    total -= _exact_gain(kv, k, rem_v, rem_u, arm_v, arm_u, True, model)
                return total
            jump = max((a.damage[0] for a in ABILITIES[k]
                        if a.kind == "jump" and a.cost == "passive" and a.damage), default=0)
            return PROFILES[k].move + 0.5 * jump

        return "wolf" if score(wolf) > score(human) else "human"

    def dirty_trick(self, battle: Battle, unit: int, x: int, candidates: Sequence[int]) -> int:
        """Подлость X: wound one's own creature only for what it sets off — a creature whose
        ``dirty_tricked`` ability (50/102 Шриб Длиннохвост's special strike) has a use that gains
        something now, and that keeps more than X + 1 life; the one whose payoff gains most. -1: none
        (a dirty trick with nothing to set off only costs wounds)."""
        b = battle
        best, pick = 0.0, -1
        for v in candidates:
            if b.life[v] - b.wounds[v] <= x + 1:
                continue
            for i in triggered(b.key[v], "dirty_tricked"):
                sl = b.slots[v][i]
                if sl.limited and not b._allowed(v, i, sl.ability):
                    continue
                g = self._best_use(b, v, sl)[0]
                if g > best:
                    best, pick = g, v
        return pick

    def stay_closed(self, battle: Battle, unit: int) -> bool:
        """A host whose rider wounds it as it opens (``host_opens``, 30/69 Люмми) stays closed
        only when those wounds would kill it: else acting this turn is worth the wounds."""
        b = battle
        r = b.rider[unit]
        if r < 0:
            return False
        hurt = 0
        for ab in facts(b.cards[r]):
            if ab.cost == "trigger" and ab.trigger == "host_opens" and ab.area == "host" and ab.damage \
                    and ab.kind not in ("heal", "extra_life", "gain_counter", "open"):
                hurt += max(ab.damage)
        return hurt > 0 and b.life[unit] - b.wounds[unit] <= hurt

    def _curse_payoff(self, b: Battle, v: int) -> float:
        """What a curse on ``v`` unlocks: the facts it would hold under its side's auras that need a
        cursed holder (``when_state = "cursed"``: 30/164 Маэнас, "ваши пираты с проклятием имеют +1 к
        {move} и +1 к {strike}"), valued as grants for the rest of the battle."""
        if b._in_state(v, "cursed") or not b.creature[v]:
            return 0.0
        total = 0.0
        kv = b.key[v]
        rem, value = b.life[v] - b.wounds[v], card_value(kv)
        for s, i in b._auras:
            if not b.alive[s] or b.seat[s] != b.seat[v]:
                continue
            ab = ABILITIES[b.base[s]][i]
            if ab.when_state != "cursed" or ab.target == "enemy" or not matches(ab, b.cards[v]):
                continue
            total += heuristic_gain(replace(ab, cost="passive", lasts="battle", when_state=None), kv, rem,
                                    value)
        return total

    def _may_gain(self, battle: Battle, unit: int, index: int, v: int) -> float:
        """What ``unit``'s optional (``may``) ability ``index`` gains on ``v``: a ``fight`` the exchange
        of its simple strike with ``v`` parrying as an open card, else the target's estimated gain."""
        kind = battle.slots[unit][index].ability.kind
        if kind == "become":  # (a type change: whether it is worth it now, :meth:`_shape_worth`)
            return 1.0 if self._shape_worth(battle, unit, index, v) else -1.0
        if kind == "give_curse" and battle.seat[v] == battle.seat[unit] and battle._auras:
            # (a curse on its own creature: worth what its side's auras give a cursed holder)
            return self._target_gain(battle, unit, index, v) + self._curse_payoff(battle, v)
        ab0, slots = battle.slots[unit][index].ability, battle.slots[unit]
        if kind == "wound" and ab0.vs_state == "extra_life" and battle.seat[v] == battle.seat[unit] \
                and index + 1 < len(slots) and slots[index + 1].ability.cost == "then":
            # (the price of what follows: one additional life of its own creature, 60/161 — paid while that
            # creature keeps some, for a strike it makes unanswerable)
            return 1.0 if battle.life[v] - battle.wounds[v] > (battle.cards[v].life or 0) else -1.0
        if kind == "poison" and v == unit:  # (poisoning itself pays only for a fact that reads it, 60/114,
            # while it keeps a margin of life over the poisoning it will take)
            b = battle
            ab = b.slots[unit][index].ability
            reads = any(s.ability.per == "own_poison" for s in b.slots[unit])
            after = b._amount_for(unit, ab, unit) if ab.per else (ab.damage[0] if ab.damage else 0)
            return 1.0 if reads and b.life[unit] - b.wounds[unit] > 2 * after + 1 else -1.0
        x = battle._context
        if kind == "fight" and battle.seat[v] == battle.seat[unit] and x >= 0 \
                and "source" in battle.slots[unit][index].ability.foes:
            unit, v = v, x  # (its creature fights the attacker: the exchange of that strike)
        elif kind == "swap":  # (with its own creature: the sturdier one in front, 40/12; with an enemy:
            if battle.seat[v] == battle.seat[unit]:  # what comes with it, 40/51's closing)
                return self._swap_gain(battle, unit, v)
            return self._then_gain(battle, unit, index, v)
        elif kind != "fight" or battle.seat[v] == battle.seat[unit]:
            return self._target_gain(battle, unit, index, v) + self._then_gain(battle, unit, index, v)
        was = battle.open[v]
        battle.open[v] = True  # (it parries as an open card)
        try:
            return self._gain(battle, unit, v)
        finally:
            battle.open[v] = was

    def choose_roll(self, battle: Battle, unit: int, parrier: int,
                    outcomes: Sequence[tuple[int, int]]) -> int:
        """``roll_twice`` (50/30 Орк-воевода): the roll whose exchange is worth most to its side."""
        b = battle
        ku, kp = b.key[unit], b.key[parrier]
        rem_u, rem_p = b.life[unit] - b.wounds[unit], b.life[parrier] - b.wounds[parrier]
        arm_u, arm_p = b.armor_left[unit], b.armor_left[parrier]
        return max(range(len(outcomes)), key=lambda k: (
            outcome_gain(ku, kp, rem_u, rem_p, arm_u, arm_p, outcomes[k][0], outcomes[k][1]), -k))

    def fix_fight(self, battle: Battle, unit: int, attacker: int, parrier: int,
                  fixed: tuple[int, int]) -> bool:
        """``fight_result`` (60/5 Поури: "может сделать результатом сражения «сильный-сильный»"): when
        the fixed exchange is worth more to its side than the Strike Table's expected one."""
        b = battle
        ku, kp = b.key[attacker], b.key[parrier]
        rem_u, rem_p = b.life[attacker] - b.wounds[attacker], b.life[parrier] - b.wounds[parrier]
        arm_u, arm_p = b.armor_left[attacker], b.armor_left[parrier]
        rolled = _exact_gain(ku, kp, rem_u, rem_p, arm_u, arm_p, True, b.config.model)
        sure = outcome_gain(ku, kp, rem_u, rem_p, arm_u, arm_p, fixed[0], fixed[1])
        return sure > rolled if unit == attacker else sure < rolled

    def _swap_worth(self, b: Battle, u: int, v: int) -> float:
        """``swap`` of ``u`` with ``v`` of its squad (30/13 Дружинник): worth it when it takes the
        more wounded of the two off the square with more enemy creatures next to it — their wound
        shares apart times the enemies apart, in ``v``'s value; else nothing or less."""
        if v == u or b.pos[u] < 0 or b.pos[v] < 0 or not b.creature[v]:
            return 0.0
        foes = 0
        for w in b.units[1 - b.seat[u]]:
            if b.alive[w] and b.creature[w] and b.pos[w] >= 0:
                foes |= 1 << b.pos[w]
        near_u = bin(NEAR_MASK[b.pos[u]] & foes).count("1")
        near_v = bin(NEAR_MASK[b.pos[v]] & foes).count("1")
        hurt = b.wounds[v] / max(1, b.life[v]) - b.wounds[u] / max(1, b.life[u])
        return 0.2 * (near_v - near_u) * hurt * card_value(b.key[v])

    @staticmethod
    def _swap_gain(b: Battle, a: int, c: int) -> float:
        """What exchanging the squares of two cards of one squad gains: some when the one with more
        life left goes to the square nearer the enemy creatures (it takes the blows), a loss
        otherwise (40/12 Стражник Тугарда)."""
        pa, pc = b.pos[a], b.pos[c]
        foes = [b.pos[w] for w in b.units[1 - b.seat[a]] if b.alive[w] and b.creature[w] and b.pos[w] >= 0]
        if pa < 0 or pc < 0 or not foes:
            return -1.0
        da = min(CHEBYSHEV[pa][f] for f in foes)
        dc = min(CHEBYSHEV[pc][f] for f in foes)
        la, lc = b.life[a] - b.wounds[a], b.life[c] - b.wounds[c]
        if da == dc or la == lc:
            return -1.0
        return 1.0 if (la > lc) == (da > dc) else -1.0  # (the sturdier one stands farther now)

    def _then_gain(self, b: Battle, u: int, index: int, v: int = -1) -> float:
        """What the ``then`` abilities after ``u``'s optional ability ``index`` add, aimed elsewhere
        than its target: on the card itself (30/177 Флагеллянт wounds itself, then is blessed), or at
        the best card its player picks (another side: after losing its blessing, a heal next to it); with its
        target ``v``, the ``then`` abilities aimed at it too — "может ранить себя на 1, при этом получает +1
        к бешенству" (40/22) is worth its grant less its wound, none while the wound would leave it 2 life
        or less."""
        slots = b.slots[u]
        g = 0.0
        first = slots[index].ability
        if first.kind in WOUNDING and v == u:
            amount = first.damage[0] if first.damage else 0
            if b.life[u] - b.wounds[u] <= amount + 2:
                return -1e6
        i = index + 1
        while i < len(slots) and slots[i].ability.cost == "then":
            fa = slots[i].ability
            if fa.kind == "destroy" and fa.target == "self":  # (its own life: 30/154 Наргойл's dive)
                worth = card_value(b.key[u]) * (b.life[u] - b.wounds[u]) / max(1, b.life[u])
                g -= worth * (0.5 if b.incarnation[u] else 1.0)
            elif fa.target == "self":
                g += self._target_gain(b, u, i, u)
            elif v >= 0 and fa.target == first.target:
                g += self._target_gain(b, u, i, v)
            elif fa.target != first.target and not fa.every:
                g += max((self._target_gain(b, u, i, w) for w in reach_slot(b, u, slots[i])), default=0.0)
            i += 1
        return g

    def accept(self, battle: Battle, unit: int, index: int, target: int) -> bool:
        """A ``fight`` (50/101 Легард: "может сразиться … как с открытым") only when the strike, the
        target parrying as an open card, gains something; wounding itself to open (50/18 Страж
        Аккении) while it keeps more than 2 life beyond the wound; other optional abilities: yes."""
        b = battle
        ab = b.slots[unit][index].ability
        if ab.kind == "become":
            return self._shape_worth(b, unit, index, target)
        if ab.kind == "takes_poison":  # (an ally's poisoning on itself, 60/77: only its own side's, while it
            # keeps a margin of life over that poisoning)
            return b.seat[target] == b.seat[unit] and b.life[unit] - b.wounds[unit] > 3
        if ab.kind == "open":  # (wounding itself to open: while it keeps a margin of life)
            return b.life[unit] - b.wounds[unit] > (ab.damage[0] if ab.damage else 0) + 2
        if ab.kind == "block":  # (a block that costs it — 40/205 Нимерт's −1 strike: only a strong attack,
            strike = b.cards[target].strike  # or one that could finish it)
            power = max((max(a.damage) for a in facts(b.cards[target]) if a.is_action and a.damage),
                        default=0)
            power = max(power, max(strike) if strike else 0)
            return power >= 3 or power >= b.life[unit] - b.wounds[unit]
        if ab.kind != "fight":
            return True
        return self._may_gain(b, unit, index, target) > 0

    def choose_direction(self, battle: Battle, unit: int) -> str:
        """``moves_heading``: the direction most of its ground creatures will step in this turn.
        They walk towards the nearest enemy creature (the turn plan above), so each one not yet in
        contact votes for the main direction towards it; forward on a tie."""
        seat = battle.seat[unit]
        pos = battle.pos
        enemies = [pos[v] for v in battle.units[1 - seat]
                   if battle.alive[v] and battle.creature[v] and pos[v] >= 0]
        contact = sum(1 << e for e in enemies)
        ahead = 1 if seat == 0 else -1
        votes = {"forward": 0, "back": 0, "left": 0, "right": 0}
        for u in battle.units[seat]:
            p = pos[u]
            if not enemies or not battle.alive[u] or battle.kind[u] != GROUND or p < 0 \
                    or battle.move_points[u] <= 0 or NEAR_MASK[p] & contact:
                continue
            goal = min(enemies, key=lambda e: max(abs(e // COLS - p // COLS), abs(e % COLS - p % COLS)))
            dr, dc = (goal // COLS - p // COLS) * ahead, (goal % COLS - p % COLS) * ahead
            if abs(dr) >= abs(dc):
                votes["forward" if dr > 0 else "back"] += 1
            else:
                votes["right" if dc > 0 else "left"] += 1
        return max(votes, key=lambda d: votes[d])  # (forward first among equals)


