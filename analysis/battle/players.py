"""Players: the decisions of a battle behind one small interface.

A :class:`Player` answers six questions; the engine asks them and checks every answer:

- ``place(battle, seat) -> {unit: square}`` where the squad stands (000 3.8-3.10);
- ``attach(battle, unit, hosts) -> host`` which creature carries a companion or parasite (-1: none);
- ``hide(battle, candidates) -> [unit]`` which 3rd-row cards the Second player keeps hidden;
- ``play_turn(battle)`` the whole turn, acting through ``battle.move/strike/prepare``;
- ``choose_defender(battle, attacker, target, candidates) -> unit`` (-1: none);
- ``weaken(battle, chooser, attacker, parrier, base, alt) -> bool`` whether the higher roller
  weakens (000 4.5); ``base``/``alt`` are (wounds to parrier, wounds to attacker) before armor.

Players draw randomness only from ``battle.prng``, so a battle is a pure function of its seed.
To add a player, subclass :class:`Player` and register it in :data:`PLAYERS`.
"""

from __future__ import annotations

from analysis.battle.board import (
    ADJ4,
    ADJ4_MASK,
    ADJ8_MASK,
    NEAR_MASK,
    PLACEMENT_TIERS,
    SQUARES,
    half_rows,
    row_of,
)
from analysis.battle.engine import SQUARES_OF, Battle, squares_of
from analysis.battle.tables import (
    ARTIFACT,
    COMPANION,
    FLYER,
    GROUND,
    PROFILES,
    card_key,
    closed_summary,
    open_summary,
)
from analysis.cards import Card
from analysis.combat import Branch, decide_weakening


class Player:
    """The interface, with simple legal defaults (no hiding, no defenders, no weakening)."""

    name = "base"

    def place(self, battle: Battle, seat: int) -> dict[int, int]:
        units = [u for u in range(battle.n) if battle.seat[u] == seat]
        squares = _tier_squares(seat, len(units), list(range(SQUARES)))
        return dict(zip(units, squares, strict=True))

    def attach(self, battle: Battle, unit: int, hosts: list[int]) -> int:
        return hosts[0]

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return []

    def play_turn(self, battle: Battle) -> None:
        return None

    def choose_defender(self, battle: Battle, attacker: int, target: int, candidates: list[int]) -> int:
        return -1

    def weaken(self, battle: Battle, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        return False


def _tier_squares(seat: int, n: int, preference: list[int]) -> list[int]:
    """``n`` squares of a legal placement: whole tiers in order, then the preferred part of the next."""
    out: list[int] = []
    for tier in PLACEMENT_TIERS[seat]:
        room = n - len(out)
        if room <= 0:
            break
        if room >= len(tier):
            out.extend(tier)
        else:
            out.extend(sorted(tier, key=preference.index)[:room])
    if len(out) < n:
        raise ValueError(f"a squad of {n} cards does not fit the 15 squares of a half")
    return out


_FRONT_FIRST: dict[tuple[int, int], list[int]] = {}
_PLACEMENTS: dict[tuple, dict[int, int]] = {}
"""Memo of :meth:`HeuristicPlayer.place` per (seat, units, card keys)."""


def _front_first(seat: int, n: int) -> list[int]:
    """The legal squares for ``n`` cards, front centre first (cached: it depends on seat and n)."""
    out = _FRONT_FIRST.get((seat, n))
    if out is None:
        front = half_rows(seat)[0]
        pref = sorted(range(SQUARES), key=lambda s: (abs(row_of(s) - front), abs(s % 5 - 2), s))
        out = sorted(_tier_squares(seat, n, pref), key=pref.index)
        _FRONT_FIRST[(seat, n)] = out
    return out


# --------------------------------------------------------------------------- random player


class RandomPlayer(Player):
    """Baseline: every decision uniformly at random among the legal ones (ending the turn is one
    of the choices at each step)."""

    name = "random"

    def place(self, battle: Battle, seat: int) -> dict[int, int]:
        rng = battle.prng
        units = [u for u in range(battle.n) if battle.seat[u] == seat]
        pref = list(range(SQUARES))
        rng.shuffle(pref)
        squares = _tier_squares(seat, len(units), pref)
        rng.shuffle(squares)
        return dict(zip(units, squares, strict=True))

    def attach(self, battle: Battle, unit: int, hosts: list[int]) -> int:
        return battle.prng.choice(hosts)

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return [u for u in candidates if battle.prng.random() < 0.5]

    def play_turn(self, battle: Battle) -> None:
        rng = battle.prng
        while not battle.over:
            actions: list[tuple[int, int, int]] = [(0, -1, -1)]
            for u in battle.units[battle.active]:
                for s in battle.steps(u):
                    actions.append((1, u, s))
                for v in battle.targets(u):
                    actions.append((2, u, v))
                if battle.can_prepare(u):
                    actions.append((3, u, -1))
            what, u, x = actions[int(rng.random() * len(actions))]
            if what == 0:
                return
            if what == 1:
                battle.move(u, x)
            elif what == 2:
                battle.strike(u, x)
            else:
                battle.prepare(u)

    def choose_defender(self, battle: Battle, attacker: int, target: int, candidates: list[int]) -> int:
        rng = battle.prng
        return candidates[int(rng.random() * len(candidates))] if rng.random() < 0.5 else -1

    def weaken(self, battle: Battle, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        return battle.prng.random() < 0.5


# --------------------------------------------------------------------------- heuristic player

UNKNOWN_CARD = Card(
    id=0, set_id=0, set_name="", number=0, name="?", rarity=0, elements=(), type="creature", cost=4,
    elite=False, unique=False, life=6, move=1, strike=(1, 2, 3), horde=False, banned=False,
)
"""What a player assumes a hidden card is (000 3.11.1): an average small creature."""


class HeuristicPlayer(Player):
    """A greedy tactical player, fast enough for thousands of battles a second.

    - **Placement:** ground creatures by strength (cost) from the front centre backwards; cards
      that leave the board at reveal (flyers, terrains, companions) take the remaining squares.
      Companions ride the ground creature with the most life; parasites the most costly enemy in
      reach. The Second player hides every 3rd-row card it may.
    - **Target choice:** for each card that can strike, the expected *gain* of each legal strike:
      ``Σ p · (value lost by the enemy − value lost by us)`` over the exact outcome distribution
      (open exchange or strike on a closed card, armor left this turn included), where a kill
      costs a card its whole value (cost + 1 + its strongest strike as threat) and a wound that
      does not kill half its share of life. A ground card's gain is lowered by ``caution`` times its
      *exposure*: striking closes it, so the enemies next to it will hit it next turn without a
      counter-strike. Strikes are made best first while the gain is above ``threshold``.
    - **Movement:** cards that have not struck walk the shortest path (through empty squares)
      towards a square next to an enemy creature, then strike if it pays.
    - **Defenders:** appoints the open candidate that minimises the attacker's expected gain, if
      that is clearly better than letting the target take the strike.
    - **Weakening:** the combat engine's ``best`` rule (:func:`analysis.combat.decide_weakening`)
      with a position-aware value: a kill or a death outweighs any difference in wounds.
    - **4.16:** when the enemy has only flyers left, ground creatures close to strike them.
    """

    name = "heuristic"

    def __init__(self, threshold: float = 0.0, caution: float = 0.5):
        self.threshold = threshold
        self.caution = caution
        self._unknown = card_key(UNKNOWN_CARD)
        self._enemy_squares = 0
        self._bound: Battle | None = None
        self._ctx: tuple = ()

    # ---------------------------------------------------------------- setup decisions

    def place(self, battle: Battle, seat: int) -> dict[int, int]:
        units = [u for u in range(battle.n) if battle.seat[u] == seat]
        # The placement depends only on the seat, the units' numbers and their cards (kind, cost and
        # life come from the card key), so it is memoised per squad and seat.
        keys = battle.key
        memo = (seat, tuple(units), tuple([keys[u] for u in units]))
        placed = _PLACEMENTS.get(memo)
        if placed is None:
            squares = _front_first(seat, len(units))
            kind = battle.kind

            def order(u: int) -> tuple[int, int]:
                stays = kind[u] == GROUND or kind[u] == ARTIFACT
                return (0 if kind[u] == GROUND else 1 if stays else 2, -battle.cost[u] - battle.life[u])

            if len(_PLACEMENTS) > 100_000:
                _PLACEMENTS.clear()
            placed = _PLACEMENTS[memo] = dict(zip(sorted(units, key=order), squares, strict=True))
        return dict(placed)

    def attach(self, battle: Battle, unit: int, hosts: list[int]) -> int:
        if battle.kind[unit] == COMPANION:
            return max(hosts, key=lambda h: (battle.life[h] - battle.wounds[h], -h))
        return max(hosts, key=lambda h: (battle.cost[h], -h))

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return list(candidates)

    # ---------------------------------------------------------------- evaluation

    def _gain(self, b: Battle, u: int, v: int) -> float:
        """Expected value won by ``u``'s side when ``u`` strikes ``v`` (``v`` parries); memoised
        on (cards, life left, armor left, whether ``v`` fights), which is all it depends on."""
        ctx = self._ctx if self._bound is b else self._bind(b)
        (_, _, _, _, _, _, _, keys, life, wounds, armor_left, hidden, opened, creature, _, cache, _, _, _,
         model) = ctx
        if hidden[v]:
            kv, rem_v = self._unknown, 6
        else:
            kv, rem_v = keys[v], life[v] - wounds[v]
        fights = opened[v] and creature[v]
        rem_u = life[u] - wounds[u] if fights else 0
        ku, arm_u, arm_v = keys[u], armor_left[u], armor_left[v]
        # Fields ku|kv|rem_u|rem_v|arm_u|arm_v|fights, 53/37/27/17/9/1/0 bits up (as _best_target).
        key = ku << 53 | kv << 37 | rem_u << 27 | rem_v << 17 | arm_u << 9 | arm_v << 1 | fights
        g = cache.get(key)
        if g is None:
            if len(cache) > 2_000_000:
                cache.clear()
            g = _exact_gain(ku, kv, rem_u, rem_v, arm_u, arm_v, fights, model)
            cache[key] = g
        return g

    def _bind(self, b: Battle) -> tuple:
        """The battle's per-unit lists and memo tables, looked up once per battle (the lists are
        only ever mutated in place, so the references stay valid)."""
        model = b.config.model
        cache = _GAINS.get(model)
        if cache is None:
            cache = _GAINS.setdefault(model, {})
        means = _MEAN_CLOSED.get(model)
        if means is None:
            means = _MEAN_CLOSED.setdefault(model, {})
        for k in (*b.key, self._unknown):
            if k not in means:
                means[k] = _mean_closed(k, model)
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
        ctx = self._ctx if self._bound is b else self._bind(b)
        (kind, prepared, n_ground, seat, pos, board, rider, keys, life, wounds, armor_left, hidden,
         opened, creature, has_strike, cache, mean_unknown, mean_of, value_of, model) = ctx
        best, target = -1e9, -1
        flyer = kind[u] == FLYER
        if flyer or (prepared[u] == 2 and n_ground[1 - seat[u]] == 0):
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
        # The memo key of :meth:`_gain` (fields ku|kv|rem_u|rem_v|arm_u|arm_v|fights, 53/37/27/17/9/1/0
        # bits up), with u's fields put together once.
        u_closed = ku << 53 | arm_u << 9
        u_open = u_closed | rem_u_open << 27 | 1
        unknown = self._unknown
        # Exposure (for the caution below): the enemies next to u (exactly the candidates) that can
        # hit it closed next turn, summed in candidate order.
        exposed = bool(self.caution) and not flyer
        total = 0.0
        for v in candidates:
            if hidden[v]:
                kv, rem_v = unknown, 6
            else:
                kv, rem_v = keys[v], life[v] - wounds[v]
            if opened[v] and creature[v]:
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

    # ---------------------------------------------------------------- the turn

    def play_turn(self, battle: Battle) -> None:
        b = battle
        me = b.active
        enemy = 1 - me
        units = b.units[me]
        thr = self.threshold
        opened, acted, has_strike, alive = b.open, b.acted, b.has_strike, b.alive
        pos, kind = b.pos, b.kind
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
        masks = _ZONES.get(enemy_squares << SQUARES | foes)
        if masks is None:
            masks = _zones(enemy_squares, foes)
        hot, near_foes = masks
        # Strikes from where the cards stand, best first (a plan is redone if its target died).
        plans = []
        prepared = b.prepared
        best_target = self._best_target
        for u in units:
            if opened[u] and has_strike[u] and (kind[u] == FLYER or prepared[u] == 2 or hot >> pos[u] & 1):
                g, v = best_target(b, u)
                if v >= 0 and g > thr:
                    plans.append((g, u, v))
        if plans:
            plans.sort(reverse=True)
            for _, u, v in plans:
                if not alive[u] or acted[u]:
                    continue
                if not alive[v]:
                    g, v = best_target(b, u)
                    if v < 0 or g <= thr:
                        continue
                b.strike(u, v)
                if b.over:
                    return
        # 000 4.16: nothing but flyers left on the other side.
        if b.n_ground[enemy] == 0:
            for u in list(units):
                if b.can_prepare(u):
                    b.prepare(u)
            return
        # Movement towards the enemy, then a strike if it pays.
        board, moves, rider, seat, move = b.board, b.moves, b.rider, b.seat, b.move
        # Those in contact chose above; those boxed in by other cards cannot step.
        occupied = b.occupied
        free = ~occupied
        movers = [u for u in units if kind[u] == GROUND and opened[u] and not acted[u]
                  and not ADJ8_MASK[pos[u]] & foes and ADJ4_MASK[pos[u]] & free]
        if not movers:
            return

        def here(u: int) -> int:
            """Steps from u's square to contact (u is not in contact): 1 + the best empty neighbour."""
            d_min = 999
            for sq in ADJ4[pos[u]]:
                if board[sq] < 0:
                    d = dist[sq]
                    if d < d_min:
                        d_min = d
            return 1 + (98 if d_min == 999 else d_min)

        key = (occupied << SQUARES) | (near_foes & ~occupied)
        field = _FIELDS.get(key)
        if field is None:
            if len(_FIELDS) > 200_000:
                _FIELDS.clear()
            field = _distance_field(occupied, near_foes & ~occupied)
            _FIELDS[key] = field
        dist = field
        if len(movers) > 1:
            movers.sort(key=here)
        for u in movers:
            if not alive[u] or acted[u]:
                continue
            moved = False
            while moves[u] > 0 and not ADJ8_MASK[pos[u]] & foes:
                step, d_best = -1, 99
                for sq in ADJ4[pos[u]]:
                    if board[sq] < 0 and dist[sq] < d_best:
                        step, d_best = sq, dist[sq]
                if step < 0 or d_best >= 99:
                    break
                move(u, step)
                moved = True
                r = rider[u]
                if r >= 0 and seat[r] == enemy:  # an enemy parasite rides along
                    self._enemy_squares |= 1 << step
            if moved and has_strike[u]:
                g, v = best_target(b, u)
                if v >= 0 and g > thr:
                    b.strike(u, v)
                    if b.over:
                        return

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

    def weaken(self, battle: Battle, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        b = battle
        rem_p = b.life[parrier] - b.wounds[parrier] + (0 if b.magic[attacker] else b.armor_left[parrier])
        rem_a = b.life[attacker] - b.wounds[attacker] + (0 if b.magic[parrier] else b.armor_left[attacker])

        def value(pair: tuple[int, int], who: str) -> float:
            to_p, to_a = pair
            score = (to_p - to_a) + 100 * ((to_p >= rem_p) - (to_a >= rem_a))
            return score if who == "attacker" else -score

        who = "attacker" if chooser == attacker else "parrier"
        return decide_weakening(Branch(1, base, alt, who), "best", value)


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


def _exact_gain(ku: int, kv: int, rem_u: int, rem_v: int, armor_u: int, armor_v: int, fights: bool,
                model: str) -> float:
    """Expected value won by the attacker's side (see :meth:`HeuristicPlayer._gain`)."""
    pu, pv = PROFILES[ku], PROFILES[kv]
    if pu.kind == FLYER and pv.prot_flyers:
        return -1.0
    val_v = card_value(kv)
    arm_v = 0 if pu.magic else armor_v
    half_v = 0.5 * val_v / pv.life
    gain = 0.0
    if fights and not pu.unanswerable:
        val_u = card_value(ku)
        arm_u = 0 if pv.magic else armor_u
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
        for tp, pr in closed_summary(ku, model):
            tp -= arm_v
            if tp >= rem_v:
                gain += pr * val_v
            elif tp > 0:
                gain += pr * half_v * tp
    return gain


def _mean_closed(key: int, model: str) -> float:
    """Mean wounds card ``key`` deals to a card that does not fight (before armor)."""
    return sum(w * p for w, p in closed_summary(key, model))


PLAYERS: dict[str, type[Player]] = {"heuristic": HeuristicPlayer, "random": RandomPlayer}
"""Players by name (for the CLI and matchups)."""


def make_player(name: str) -> Player:
    """A fresh player by name (``heuristic`` or ``random``)."""
    try:
        return PLAYERS[name]()
    except KeyError:
        raise ValueError(f"unknown player {name!r}; players: {', '.join(PLAYERS)}") from None
