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
from typing import Any

from mypy_extensions import mypyc_attr

from analysis.battle.board import ADJ4, ADJ8_SELF, COLS, NEAR_MASK, half_rows, row_of
from analysis.battle.fields import EngineFields
from analysis.battle.powers import slots_of
from analysis.battle.tables import ARTIFACT, PROFILES, ROWS, card_key, card_of
from analysis.cards.abilities import MAGICAL, UNIT_PERS, Ability, CardAbilities
from analysis.cards.ability_rules import facts, has_condition

_ZERO_WALK = (0, 0, 0, 0, 0, 0, 0, 0, 0)
_WALK_WHENS = frozenset({"moved", "still", "moved_straight", "moved_turning", "crossed", "returned",
                         "moved_onto_creature"})
"""Per unit this turn: (steps, up, down, left, right, crossed, returned, steps onto a square a
creature holds, steps onto the square of a creature with a magical ability)."""
_GUARDED = ("cap", "protection")
"""Kinds whose ``self_state`` the engine's guards check
(:func:`analysis.cards.ability_rules.state_limits`)."""
_STRIKE_PERS = ("target_strike", "target_half_life")


@mypyc_attr(native_class=False)  # (a plain class: pickled like the pure-Python one)
class Spec:
    """Which facts of a card key depend on the board (indices into its abilities)."""

    __slots__ = ("board", "unit_per", "strike", "static", "keywords", "active", "deps")

    def __init__(self, abilities: tuple[Ability, ...]):
        board, unit_per, strike, static, keywords = [], [], [], [], []
        for i, ab in enumerate(abilities):
            if ab.cost == "passive" and ab.kind == "keyword":
                keywords.append(i)
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
            if ab.when in _WALK_WHENS or ab.per in ("steps", "magic_entries"):
                deps.add("walk")
            elif ab.when in ("own_turn", "enemy_turn"):
                deps.add("turn")
            elif ab.when in ("centre_column", "edge_column"):
                deps.add("pos")
            elif ab.when == "enemy_front_empty":
                deps.add("board")
            elif ab.when == "enemy_more_closed":
                deps.update(("opens", "alive"))
            elif ab.when == "war_machine":
                deps.add("alive")
            elif ab.when == "rebuff":
                deps.add("rebuff")
            elif ab.when is not None:
                deps.update(("near", "wounds") if ab.when == "allies_adjacent" else ("near",))
            if ab.per in ("counters", "own_wounds"):
                deps.add("self")
            elif ab.per == "kin":
                deps.add("alive")
            elif ab.per == "side_weak":
                deps.add("near")
        self.deps = frozenset(deps)
        """What its variant depends on (the engine recomputes it only when that changed)."""


_SPECS: dict[int, Spec] = {}


def spec_of(key: int) -> Spec:
    out = _SPECS.get(key)
    if out is None:
        out = _SPECS[key] = Spec(facts(card_of(key)))
    return out


def needs_variants(key: int) -> bool:
    """Whether a unit of this card key needs the situational machinery."""
    sp = spec_of(key)
    return sp.active or bool(sp.strike)


def _standing_copy(ab: Ability, **changes: Any) -> Ability:
    """``ab`` with its board conditions cleared (it holds now)."""
    clear: dict[str, Any] = dict(formation=False, partner=None, when=None, count=1, squad_has=())
    if ab.when == "allies_adjacent":
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
                or has_condition(ab) or ab.vs_state or ab.vs_position \
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
    entry = card.abilities or CardAbilities(card.code, card.name, "none", unmodelled=("-",))
    new_card = replace(card, abilities=replace(entry, abilities=tuple(abilities)))
    new_card = _merge_keywords(new_card, tuple(abilities), seat)
    out = _VARIANTS[memo] = card_key(new_card, seat)
    if len(_VARIANTS) > 200_000:
        _VARIANTS.clear()
    return out


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


def granted(ab: Ability) -> Ability:
    """The standing fact a unit holds while a ``lasts`` grant of ``ab`` is on it."""
    return replace(ab, cost="passive", trigger=None, lasts=None, target="self", range=None, targets=1,
                   counters=0, uses_per_battle=0, uses_per_turn=0, seat=None, vs_elements=(), vs_classes=(),
                   vs_types=(), vs_min_cost=None, vs_max_cost=None, vs_has=(), vs_min_move=None, vs_rank=None,
                   vs_state=None, area=None, every=False, roll=(), when=None, formation=False, per=None,
                   plus=0, per_max=0, tiers=() if ab.kind != "cap" else ab.tiers, extra="")


def forward(seat: int) -> int:
    """Board rows towards the enemy for a unit of ``seat`` (row 0 is the First player's 3rd row)."""
    return 1 if seat == 0 else -1


_BOARD: dict[tuple[int, ...], tuple] = {}
"""Per tuple of card keys: (the units whose variant follows the board, whether some card has
strike-time facts, whether some card gives facts for a while)."""
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
                any(ab.lasts or ab.early for k in self.key for ab in facts(card_of(k))),
                tuple(u for u in range(n) if any(ab.kind == "silence" for ab in facts(card_of(self.key[u])))))
        self._board_units = list(found[0])
        self._silencers = list(found[3])
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
        self._static = [0] * n
        if self._silencers:  # (every enemy creature's variant then follows where it stands)
            sides = {self.seat[w] for w in self._silencers}
            self._board_units += [u for u in range(n) if u not in found[0] and 1 - self.seat[u] in sides]
            self._sit_deps = self._sit_deps | {"opens"}
        self._variable = bool(self._board_units or self._strikers)
        self._granting = found[2]
        if self._variable or self._granting:
            self._variable = True
            self.guards = list(self.guards)

    def _clone_extras(self, original) -> None:
        """:meth:`Battle.clone`: the copy gets its own lists of this state (the original's stay)."""
        for name in ("walk", "grants", "base", "stunned", "rooted", "held", "conc_wounds", "combo", "fresh"):
            setattr(self, name, list(getattr(original, name)))
        if original._variable:
            for name in _VARIABLE:
                setattr(self, name, list(getattr(original, name)))
            self._board_units = list(original._board_units)
            self._sit_memo = dict(original._sit_memo)
            self._sit_deps = original._sit_deps

    def _situate(self) -> None:
        """Bring each board-dependent unit's key up to date (see the module docstring); a unit
        whose variant depends on nothing that changed since it was last computed is skipped."""
        glance: Any = [self.occupied, self._board_ver, self._grant_ver]
        needs = self._sit_deps
        if "turn" in needs:
            glance.append(self.active)
        if "walk" in needs:
            glance.append(tuple(self.walk))
        if "self" in needs or "wounds" in needs:
            glance.append(tuple(self.wounds))
        if "self" in needs:
            glance.append(tuple(self.counters))
            glance.append(tuple(self.open))
            glance.append(tuple(self.life))
        if "alive" in needs:
            glance.append(tuple(self.alive))
        if "opens" in needs:
            glance.append(tuple(self.open))
        if "rebuff" in needs:
            glance.append(self._rebuff)
        glance = tuple(glance)
        if glance == self._sit_glance:
            return  # nothing any variant depends on has changed
        self._sit_glance = glance
        alive = wounds = None
        memo = self._sit_memo
        for u in self._board_units:
            if not self.alive[u]:
                continue
            deps = spec_of(self.base[u]).deps
            parts = [self.base[u], self.grants[u], self._static[u]]
            if "board" in deps:
                parts.append(self.occupied)  # (every change of the board changes it, or the version)
                parts.append(self._board_ver)
            elif "near" in deps:  # only the squares next to it (and where it stands)
                p = self.pos[u]
                parts.append(p)
                parts.append(self.occupied & NEAR_MASK[p] if p >= 0 else 0)
                parts.append(self._board_ver)
            elif "pos" in deps:
                parts.append(self.pos[u])
            if "walk" in deps:
                parts.append(self.walk[u])
            if "turn" in deps:
                parts.append(self.active)
            if "self" in deps:
                parts.append((self.wounds[u], self.counters[u], self.open[u], self.life[u]))
            if "wounds" in deps:
                if wounds is None:
                    wounds = tuple(self.wounds)
                parts.append(wounds)
            if "alive" in deps:
                if alive is None:
                    alive = tuple(self.alive)
                parts.append(alive)
            if "opens" in deps:
                parts.append(tuple(self.open))
            if "rebuff" in deps:
                parts.append(self._rebuff[self.seat[u]])
            if self._silencers:
                parts.append(self._silenced(u))
            snapshot = tuple(parts)
            if memo.get(u) == snapshot:
                continue
            memo[u] = snapshot
            new = self._variant_of(u)
            if new != self.key[u]:
                self._rekey(u, new)

    def _silenced(self, u: int) -> bool:
        """Whether creature ``u`` has lost its abilities to an enemy ``silence`` now: it stands in
        the fact's ``vs_position`` to that card, which is in the fact's ``self_state`` if one."""
        if not self.creature[u] or self.pos[u] < 0:
            return False
        for w in self._silencers:
            if self.seat[w] == self.seat[u] or not self.alive[w] or self.pos[w] < 0:
                continue
            for ab in facts(card_of(self.base[w])):
                if ab.kind == "silence" and ab.vs_position is not None \
                        and (ab.self_state is None or self._in_state(w, ab.self_state)) \
                        and self._position(w, u, ab.vs_position):
                    return True
        return False

    def _variant_of(self, u: int) -> int:
        if self._silencers and self._silenced(u):
            return stripped(self.base[u], self.seat[u])  # ("теряют особенности")
        base = self.base[u]
        sp = spec_of(base)
        abilities = facts(card_of(base))
        holds = self._static[u]
        for i in sp.board:
            if self._holds(u, abilities[i]):
                holds |= 1 << i
        amounts = tuple((i, _amount(abilities[i], self._quantity(u, abilities[i].per))) for i in sp.unit_per)
        grants = tuple(g for g, _ in self.grants[u])
        if not sp.active and not grants:
            return base
        return variant(base, self.seat[u], holds, amounts, grants)

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
            abilities = facts(card_of(self.base[u]))
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
        if per == "counters":
            return self.counters[u]
        if per == "own_wounds":
            return self.wounds[u]
        if per == "kin":
            mine = set(self.cards[u].elements)
            return sum(1 for w in self.units[self.seat[u]] if w != u and self.creature[w]
                       and mine & set(self.cards[w].elements)) if mine else 0
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
        if when == "war_machine":  # (a card of that class of its squad in play)
            return any(self.alive[w] and "Боевая машина" in self.cards[w].classes
                       for w in self.units[self.seat[u]])
        if when == "enemy_front_empty":
            enemy = 1 - self.seat[u]
            row = half_rows(enemy)[0]
            return not any(self.board[row * COLS + c] >= 0 and self.seat[self.board[row * COLS + c]] == enemy
                           for c in range(COLS))
        near = self._neighbours(u)
        me = self.seat[u]
        if when == "adjacent_enemy":
            return any(self.seat[w] != me and self.creature[w] for w in near)
        if when == "adjacent_artifact":  # (an artifact of either side next to it)
            return any(self.kind[w] == ARTIFACT for w in near)
        if when == "allies_adjacent":
            mine = [w for w in near if self.seat[w] == me and self.creature[w]]
            if ab.when_state:
                mine = [w for w in mine if self._in_state(w, ab.when_state)]
            return len(mine) >= ab.count
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

    # ------------------------------------------------------------------ hooks

    def _after_step(self, u: int, frm: int, to: int, onto: int = -1) -> None:
        """Record a step of ``u`` (for ``moved`` / ``steps`` / ``crossed`` …); ``onto``: the card
        holding the square it stepped onto (an incorporeal creature sharing it), -1 none."""
        steps, up, down, left, right, crossed, returned, occupied, magical = self.walk[u]
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
        seat = self.seat[u]
        own = set(half_rows(seat))
        if frm >= 0 and to >= 0:
            if row_of(frm) in own and row_of(to) not in own:
                crossed = 1
            elif row_of(frm) not in own and row_of(to) in own:
                returned = 1
        self.walk[u] = (steps + 1, up, down, left, right, crossed, returned, occupied, magical)

    def _rebuff_check(self) -> None:
        """Before a turn begins: which squad has fewer cards in play than the other (Отпор, the
        reminder text of 60/56 Наррах: "до начала хода, если в вашем отряде меньше карт, чем в
        отряде противника — до конца хода получает …"); the ``when = "rebuff"`` facts hold for that
        squad to the end of the turn, whatever happens during it."""
        alive = self.alive
        n0 = sum(1 for w in self.units[0] if alive[w])
        n1 = sum(1 for w in self.units[1] if alive[w])
        self._rebuff = (n0 < n1, n1 < n0)

    def _new_turn_walks(self) -> None:
        for u in range(self.n):
            if self.walk[u] is not _ZERO_WALK:
                self.walk[u] = _ZERO_WALK

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
        elif ab.lasts == "next_attack":
            until = -2  # (until its next attack: :meth:`_spend_attack`)
        else:  # enemy_turn
            until = self.turn if self.active != self.seat[v] else self.turn + 1
        fact = granted(ab)
        kept = []
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
        for u in range(self.n):
            g = self.grants[u]
            if g and any(until == turn for _, until in g):
                self.grants[u] = tuple(x for x in g if x[1] != turn)
                self._grant_ver += 1

    def _spend_attack(self, u: int) -> None:
        """``u`` has carried out an attack: the facts it held until its next attack go."""
        g = self.grants[u]
        if g and any(until == -2 for _, until in g):
            self.grants[u] = tuple(x for x in g if x[1] != -2)
            self._grant_ver += 1
            self._situate()

    def _drop_grants(self, u: int) -> None:
        """000 2.1.4: a card put into the graveyard loses its acquired abilities."""
        if self.grants[u]:
            self.grants[u] = ()
            self._grant_ver += 1

    # ------------------------------------------------------------------ strike-time facts

    def _strike_key(self, u: int, w: int, attacking: bool) -> int:
        """The key ``u`` plays a simple strike against (or parries) card ``w`` under."""
        key = self.key[u]
        sp = spec_of(key)
        if not sp.strike:
            return key
        abilities = facts(card_of(key))
        holds, amounts = 0, []
        for i in sp.strike:
            ab = abilities[i]
            if ab.per in _STRIKE_PERS:
                if not attacking:
                    continue
                if ab.per == "target_strike":
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
            if ab.vs_state and not self._in_state(w, ab.vs_state):
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
        if pu < 0 or pw < 0:
            return False
        dr, dc = row_of(pw) - row_of(pu), pw % COLS - pu % COLS
        if position == "opposite":
            return dc == 0 and dr == forward(self.seat[u])
        return abs(dr) == 1 and abs(dc) == 1  # diagonal

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
