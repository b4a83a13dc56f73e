"""The battle engine: two squads on the 5×6 board, from placement to the end of the game.

The engine is the game and its state; players (:mod:`analysis.battle.players`) are separate and
reach it only through :mod:`analysis.battle.interface`: they read the documented state, list
:meth:`Battle.legal_actions`, and :meth:`Battle.apply` one (checked: an illegal one raises
:class:`IllegalAction`). For a searching player the chance is separable (:meth:`Battle.outcomes`,
``apply(action, draws)``) and :meth:`Battle.clone` copies the state cheaply.

Rules implemented (000 = the classic rulebook, RULES.md §4 and §6):

- Placement (000 3.8-3.10): the First player (seat 0) places first; each seat fills its placement
  tiers in order (:data:`analysis.battle.board.PLACEMENT_TIERS`), the Second player may use his
  whole 1st row at once. One card per square.
- Reveal (000 3.11-3.12): flying creatures and terrains go to the auxiliary zone; companions
  (symbiotes) are put on a non-flying creature of their own squad, parasites on an enemy creature
  in the enemy's 1st row, one per host; those without a host die. The Second player may leave cards
  of his 3rd row hidden until the end of the First player's first turn (3.11.1): they fight
  normally, but the opponent's player sees them only as unknown cards. Then the cards' counters
  are set (``start_counters``, and ``start_counters_second`` for the Second player) and the "at
  the beginning of the battle" abilities fire, the players alternating from the First (3.13).
- Turns (000 6.3-6.5): at the start of a turn the active player's cards open, regeneration heals,
  poisoning wounds (glossary "Poisoning at X": an open creature takes X wounds at the start of its
  turn), armor is renewed for every card (armor works "during each player's turn"), a card prepared
  for a strike on flyers becomes ready, and the "at the start of the turn" abilities fire. A ground
  creature that has not acted moves orthogonally to empty squares, one square per movement point,
  and may then act; acting (a strike, a ``tap`` ability, accumulating a counter, closing for a
  flyer) ends its movement and closes it (000 2.4, 4.1.1). An ability paid with counters only
  (``counter``) is not an action (000 2.6): the card keeps its movement and may still act.
  Companions and parasites move with their host.
- Simple strikes (000 4.1-4.9): against an adjacent card (8 neighbours; a host and its rider are
  adjacent) or, for a flying creature, against any enemy card. Both roll if the parrier is an open
  creature, else only the attacker (4.9; artifacts always, and unanswerable strikes). Outcomes come
  from :mod:`analysis.battle.tables` (built on the combat engine, with each side's standing ability
  facts against the other: strike bonus, "−X from", protection, blessing, curse), with weakening
  chosen by the player of the higher roller (4.5). Armor absorbs the first X wounds from
  non-magical attacks each turn (a ``simple_magic`` strike passes it); a card with protection from
  flying creatures takes no wounds from a flyer's strike (its counter-strike still lands);
  regeneration heals at the start of its owner's turn (after the cards open, so always: 003 L1631
  heals a card that opened this turn too). After a strike lands, "on strike" abilities fire (a
  counter-strike is a simple strike with all its abilities, 4.4; on a miss none, 4.7).
- Defenders (000 4.10-4.14): the inactive player may appoint an open creature next to both the
  attacker and the target (against a flyer's strike: next to the target, or any open flyer; for a
  target in the auxiliary zone: only another flyer); only against a simple strike that is neither
  directed nor unanswerable (4.11; glossary "Unanswerable strike", "Directed strike"). The defender
  becomes the parrier and closes.
- Abilities (:mod:`analysis.battle.powers` for their reach): shots, throws and discharges,
  strikes through a row, magic and special strikes (the target does not fight, no defender; 000
  glossary), spells and effects that wound, heals, poisonings; the protections of the keyword
  columns and of the facts, "−X from", fortitude against the opponent's effects, armor against
  non-magical attacks only; experience in shooting, blessing and curse on an ability's die; costs
  ``tap``, ``counter_tap``, ``counter`` (000 1.11) and the implied "[tap]: accumulate 1 counter"
  (1.11.1), ``max_counters``; triggers on death, at the start of the owner's turn, at the beginning
  of the battle, on strike, on kill, when an enemy steps next to the card, at the start of the
  opponent's turn, after each step, when a card of its squad is wounded by an enemy attack and when
  a creature dies (``when_state`` / ``when_keyword`` / ``once_per_card``); a squad's ``shield``
  from non-magic wounds in the enemy's turn (000 2.8); uses per battle /
  per turn, the seat marks, N different targets; caps and protections by strength, parity or the
  card's state (003 L1877); vampirism with a life cap; incarnation (once per battle); blessing and
  curse given during the battle (the unit takes the key of its card with that standing fact). A
  hidden card is a legal target; if a condition fails once it is revealed, the action is blocked
  (000 glossary "Hidden card").
- Flying creatures (000 1.5.1, 4.16): they do not move and stand next to nothing; non-flying
  creatures may strike them only when the enemy has nothing but flyers left, and only after
  closing "for a strike against a flying creature" on the turn before. Ranged attacks, spells and
  effects reach them whatever the range (2.1.2).
- Death (4.17) at wounds ≥ life; a host's rider dies with it; "on death" abilities fire from where
  the card stood, then "on kill" abilities of the card that destroyed it. End (7.1, 7.5): a player
  with no creatures loses, both at once is a draw. Optional 7.6: a draw after ``stall_rounds`` full
  rounds with no change of life. A hard cap of ``max_rounds`` full rounds ends every game: 7.3/7.4
  (higher total cost of the squad in play, terrain included, wins; equal is a draw) or a plain
  draw (``timeout_rule``).

Situational facts (formation, ``when`` conditions, amounts ``per`` a quantity, keyword grants,
facts given for a while) play through card variants (:mod:`analysis.battle.situational`); the
kinds and triggers added for «Война стихий» — finishing off, extra life, moving wounds, opening,
stunning, rooting, pushing, jumps, blocks, taunts, carrion-eating, the sudden responses
``cap_strike`` / ``flip_die``, the ``defends``, ``attacked``, ``valhalla``, ``concentration`` …
triggers — live in :mod:`analysis.battle.effects`.

Simplifications: the card texts beyond their modelled facts (each printing's ``unmodelled`` list,
``berserk abilities CARD``) do nothing — no vanguard, auras for other cards, resurrection,
prophecies, markers on squares, terrain effects; creatures never attack their own squad
(4.15); there is no stack, so no sudden actions in response and triggered abilities resolve at
once in a fixed order (on-strike abilities after the deaths the strike caused, for the cards still
alive); the 7.6 clause about a repeating situation is covered by the round cap; a hidden
Second-player card is never a flyer; a card with no life in the data has 1, one with no strike
deals none; a flyer's ranged attacks have no range limit (it stands on no square).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product
from typing import Any

from mypy_extensions import mypyc_attr

from analysis.battle.board import (
    ADJ4,
    AUX,
    COLS,
    NEAR,
    NEAR_MASK,
    NOWHERE,
    SQUARES_OF,
    half_rows,
    placement_problem,
    row_of,
    squares_of,
)
from analysis.battle.effects import Effects
from analysis.battle.interface import (
    END_TURN,
    Accumulate,
    Action,
    Draws,
    EndTurn,
    IllegalAction,
    Move,
    Player,
    Prepare,
    Strike,
    UseAbility,
)
from analysis.battle.powers import (
    WOUNDING,
    aimable,
    face_groups,
    hit,
    meets,
    reach,
    reach_slot,
    rolls,
    slot,
    slots_of,
    triggered,
)
from analysis.battle.powers import ability as ability_of
from analysis.battle.tables import (
    ALWAYS,
    ARTIFACT,
    CLOSED_TABLES,
    COMPANION,
    DEPENDS,
    FLYER,
    GROUND,
    OPEN_TABLES,
    PARASITE,
    PROFILES,
    ROWS,
    TERRAIN,
    TRIGGER_BITS,
    card_key,
    card_of,
    closed_table,
    open_table,
    pair_passives,
)
from analysis.cards.abilities import ATTACKS, Ability, CardAbilities
from analysis.cards.ability_rules import (
    ARMOR_STOPS,
    covers,
    facts,
    groups,
    matches,
    protected,
    state_limits,
    strike_passives,
)
from analysis.cards.table import Card

TIMEOUT_RULES = ("cost", "draw")
_DEATH, _TURN_START, _BATTLE_START, _STRIKE, _KILL, _ADJACENT = (
    TRIGGER_BITS[t]
    for t in ("death", "turn_start", "battle_start", "strike", "kill", "enemy_moves_adjacent"))
_ALLY_DIES, _CREATURE_DIES, _WOUNDED, _ALLY_WOUNDED, _SQUAD_WOUNDED, _ENEMY_TURN_START, _MOVE = (
    TRIGGER_BITS[t]
    for t in ("ally_dies", "creature_dies", "wounded", "ally_wounded", "squad_wounded", "enemy_turn_start",
              "move"))
_DIES = _ALLY_DIES | _CREATURE_DIES
_EFFECT_KINDS = frozenset({"finishing", "extra_life", "move_wounds", "open", "stun", "root", "push", "rehost",
                           "lose_counters", "teleport"})
"""Kinds carried out by :meth:`analysis.battle.effects.Effects._new_kind`."""
_HURT = _WOUNDED | _ALLY_WOUNDED | _SQUAD_WOUNDED
_AIMED = ("strike", "enemy_moves_adjacent", "wounded", "ally_wounded", "squad_wounded", "attacked",
          "enemy_poisoned")
"""Triggers whose abilities without a range aim at the card that caused them."""


@mypyc_attr(native_class=False)  # (pickled to worker processes)
@dataclass(frozen=True)
class BattleConfig:
    """Options of one battle (the rulebook's optional end-of-game rules and the safety cap)."""

    max_rounds: int = 40
    """Full rounds (a turn of each player) before the game is stopped."""
    timeout_rule: str = "cost"
    """At the cap: ``cost`` = 000 7.3/7.4 (higher total cost of the squad in play wins), ``draw``."""
    stall_rounds: int = 5
    """000 7.6: draw after this many full rounds with no change of any card's life; 0 = off."""
    model: str = "strike_table"
    """Combat model of the ruleset (``strike_table`` or ``defence_die``)."""

    def __post_init__(self) -> None:
        if self.max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        if self.timeout_rule not in TIMEOUT_RULES:
            raise ValueError(f"timeout_rule must be one of {TIMEOUT_RULES}")
        if self.stall_rounds < 0:
            raise ValueError("stall_rounds must be ≥ 0")


@mypyc_attr(native_class=False)  # (pickled to worker processes)
@dataclass(frozen=True)
class BattleResult:
    """How a battle ended: ``winner`` is the seat (0 = First player, 1 = Second) or None for a draw."""

    winner: int | None
    reason: str
    """``elimination``, ``mutual`` (both lost their last creature at once), ``stall`` (7.6),
    ``timeout_cost`` (7.3), ``timeout_draw`` (7.4 or the plain-draw cap)."""
    turns: int
    """Turns begun (a turn of one player each)."""
    creatures_left: tuple[int, int]


_MUTABLE = ("wounds", "pos", "board", "host", "rider", "open", "moves", "acted", "armor_left", "prepared",
            "hidden", "alive", "counters", "poison", "died_at", "n_creatures", "n_ground", "tokens", "shield")
"""The per-unit and per-side lists :meth:`Battle.clone` copies (the rest is shared, read-only;
``key``, ``cards``, ``profiles``, ``slots`` and ``life`` change rarely — a blessing, vampirism —
and are replaced, never changed in place, so clones may share them)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Battle(Effects):
    """One battle between seat 0 (the First player) and seat 1. Build, then :meth:`run`.

    The state players may read is documented in :class:`analysis.battle.interface.BattleState`;
    they act through :meth:`apply`. ``dice`` replaces the seeded dice by fixed values (tests): a
    strike takes the attacker's die, then the parrier's if it fights; an ability one die per target
    whose damage a roll decides.
    """

    def __init__(
        self,
        squads: tuple[Sequence[Card], Sequence[Card]],
        players: tuple[Player, Player],
        seed: int = 0,
        config: BattleConfig | None = None,
        dice: Iterable[int] | None = None,
        record: bool = False,
        placements: tuple[dict[int, int] | None, dict[int, int] | None] = (None, None),
    ):
        self.config = config or BattleConfig()
        self.players = players
        self.cards = list(squads[0]) + list(squads[1])
        n0 = len(squads[0])
        n = len(self.cards)
        self.n = n
        self.seat = [0] * n0 + [1] * (n - n0)
        self.key = [card_key(c, s) for c, s in zip(self.cards, self.seat, strict=True)]
        # The per-card columns depend only on the card keys: shared by battles of the same squads.
        memo = (tuple(self.key), n0)
        columns = _COLUMNS.get(memo)
        if columns is None:
            if len(_COLUMNS) > 100_000:
                _COLUMNS.clear()
            base = (
                tuple([PROFILES[k] for k in self.key]),
                tuple(zip(*[ROWS[k] for k in self.key], strict=True)) if n else ((),) * 15,
                _start_counters(self.key, self.seat),
                tuple([slots_of(k) for k in self.key]),
                _extras(self.key, self.seat),
                _seat_triggers(ROWS, self.key, self.seat),
            )
            columns = _COLUMNS[memo] = (*base, _flags(base[1], base[4]))
        (self._any_guards, self._any_vampire, self._any_incarnation, self._any_armor, self._any_triggers,
         self._watchers, self._movers, self._mourners, self._avengers) = columns[6]
        self.profiles = list(columns[0])
        self._start_counters = columns[2]
        self.slots = columns[3]
        self.guards, self.vampire, self.incarnation = columns[4]
        """Per unit: its caps and protections that hold only in a state (:func:`state_limits`);
        its vampirism (-1 none, else its life cap, 0 = none beyond the rulebook's); its incarnation
        X (0 none)."""
        """Per unit, its card's abilities compiled (:class:`analysis.battle.powers.Slot`), by index."""
        (kind, life, move, has_strike, armor, regen, directed, unanswerable, magic, prot, cost,
         creature, acts, triggers, counter_user) = columns[1]
        self.kind = list(kind)
        self.life = list(life)
        self.move_points = list(move)
        self.has_strike = list(has_strike)
        self.armor = list(armor)
        self.regen = list(regen)
        self.directed = list(directed)
        self.unanswerable = list(unanswerable)
        self.magic = list(magic)
        self.prot_flyers = list(prot)
        self.cost = list(cost)
        self.creature = list(creature)
        self.acts = list(acts)
        """Whether the unit's card has playable abilities."""
        self.triggers = list(triggers)
        self.counter_user = list(counter_user)
        """``_watchers``, ``_movers``, ``_mourners``, ``_avengers`` (from the memo above): some card
        fires when an enemy steps next to it / after its own steps / when a creature dies / when a
        card is wounded."""
        self._seat_triggers = columns[5]
        """Per seat, the union of its cards' trigger bits: loops over a squad for a trigger are
        skipped when no card of it has one."""
        self.shield = [0, 0]
        """Per seat: non-magic wounds its cards are still shielded from this enemy turn (``shield``)."""
        self.wounds = [0] * n
        self.pos = [NOWHERE] * n
        self.died_at = [NOWHERE] * n
        """Where each dead unit stood (its "on death" abilities reach from there)."""
        self.board = [-1] * 30
        self.occupied = 0
        """Bit mask of the squares with a card on them (mirrors ``board``)."""
        self.host = [-1] * n
        self.rider = [-1] * n
        self.open = [True] * n
        self.moves = [0] * n
        self.acted = [False] * n
        self.armor_left = list(self.armor)
        self.prepared = [0] * n
        self.hidden = [False] * n
        self.alive = [True] * n
        self.counters = [0] * n
        self.tokens = [0] * n
        """Incarnation tokens of each unit in the graveyard; -1 once it has incarnated (000 glossary
        "Incarnation - X": once per battle)."""
        self.poison = [0] * n
        """Poisoning X on each unit (named: the largest applies; 000 glossary "Poisoning at X")."""
        self.uses_battle = {}
        """(unit, ability index) → uses so far (for ``uses_per_battle``)."""
        self.uses_turn = {}
        self.units = ([], [])
        self.n_creatures = [0, 0]
        self.n_ground = [0, 0]
        self.seed = seed
        rng = random.Random(seed)
        self.rng = rng
        self._prng = None
        self._rand = rng.random
        self._fixed = None if dice is None else iter(dice)
        self._draws = None
        """The dice given to :meth:`apply` (used first, then the stream)."""
        self._by_dice = self.config.model == "strike_table"
        self._otab = OPEN_TABLES.setdefault(self.config.model, {})
        self._ctab = CLOSED_TABLES.setdefault(self.config.model, {})
        self.turn = 0
        self.active = 0
        self.over = False
        self.winner = None
        self.reason = ""
        self._quiet_from = 0
        self._started = False
        self._acting = None
        """The seat whose ``play_turn`` is running (:meth:`run`); actions for the other are refused."""
        self._capture = None
        self._guarded = False
        """True when :meth:`apply` must take its checked path (game over, turn passed, probe)."""
        self.log = [] if record else None
        self._placements = placements
        self._init_situational()
        self._init_effects()
        if self._variable:
            self.key, self.cards, self.slots = list(self.key), list(self.cards), list(self.slots)
        self._last_strike_value = 0
        self._setup()

    @property
    def prng(self) -> random.Random:
        """The players' own random stream (deterministic, separate from the dice; made on first use)."""
        if self._prng is None:
            self._prng = random.Random(self.seed ^ 0x5EED5EED)
        return self._prng

    # ------------------------------------------------------------------ setup

    def _emit(self, event: dict[str, Any]) -> None:
        assert self.log is not None
        self.log.append(event)

    def _setup(self) -> None:
        n0 = self.seat.count(0)  # seat 0's squad first, then seat 1's
        for seat in (0, 1):
            mine = list(range(n0)) if seat == 0 else list(range(n0, self.n))
            given = self._placements[seat]
            placed = given if given is not None else self.players[seat].place(self, seat)
            if sorted(placed) != mine:
                raise IllegalAction(f"seat {seat} placement must give a square for each of its cards")
            squares = tuple([placed[u] for u in mine])
            memo = (seat, squares)
            problem = _PLACEMENT_PROBLEMS.get(memo, _UNCHECKED)
            if problem is _UNCHECKED:
                if len(_PLACEMENT_PROBLEMS) > 100_000:
                    _PLACEMENT_PROBLEMS.clear()
                problem = _PLACEMENT_PROBLEMS[memo] = placement_problem(seat, list(squares))
            if problem:
                raise IllegalAction(f"seat {seat} placement: {problem}")
            for u in mine:
                self.pos[u] = placed[u]
                self.board[placed[u]] = u
                self.occupied |= 1 << placed[u]
        if self.log is not None:
            self._emit({"e": "place", "pos": list(self.pos)})
        # 000 3.11: reveal, flyers and terrains to the auxiliary zone, symbiotes to hosts.
        kind = self.kind
        special = [u for u in range(self.n) if kind[u] != GROUND]
        for seat in (0, 1):
            for u in special:
                if self.seat[u] == seat and kind[u] in (FLYER, TERRAIN):
                    self.board[self.pos[u]] = -1
                    self.occupied &= ~(1 << self.pos[u])
                    self.pos[u] = AUX
            for u in special:
                if self.seat[u] == seat and kind[u] == COMPANION:
                    self._attach(u, seat)
        # 3.11.1: the Second player's 3rd-row cards may stay hidden (never symbiotes; here never flyers).
        back = half_rows(1)[2]
        pos = self.pos
        candidates = [
            u
            for u in range(n0, self.n)  # seat 1's units
            if pos[u] >= 0 and pos[u] // COLS == back and kind[u] in (GROUND, ARTIFACT)
        ]
        if candidates:
            for u in self.players[1].hide(self, candidates):
                if u not in candidates:
                    raise IllegalAction(f"unit {u} may not be hidden")
                self.hidden[u] = True
        # 3.12: parasites, the First player's first.
        for seat in (0, 1):
            for u in special:
                if self.seat[u] == seat and kind[u] == PARASITE:
                    self._attach(u, 1 - seat)
        for u in range(self.n):
            if not self.alive[u]:
                continue
            s = self.seat[u]
            if self.kind[u] != TERRAIN:
                self.units[s].append(u)
            if self.creature[u]:
                self.n_creatures[s] += 1
                if self.kind[u] != FLYER:
                    self.n_ground[s] += 1
        if self._start_counters:  # 000 1.11: counters the cards begin the battle with
            for u in range(self.n):
                if self.alive[u]:
                    self.counters[u] = self._start_counters[u]
        if self.log is not None:
            self._emit(
                {
                    "e": "reveal",
                    "pos": list(self.pos),
                    "host": list(self.host),
                    "hidden": [u for u in range(self.n) if self.hidden[u]],
                    "dead": [u for u in range(self.n) if not self.alive[u]],
                }
            )
        if self._variable:  # the situational facts of the squads as placed (formation …)
            self._setup_static()
            self._situate()
        if self._any_triggers:
            # 3.13: "at the beginning of the battle" abilities, the players alternating from the First.
            queues = [[u for u in self.units[s] if self.triggers[u] & _BATTLE_START] for s in (0, 1)]
            while (queues[0] or queues[1]) and not self.over:
                for s in (0, 1):
                    if queues[s]:
                        u = queues[s].pop(0)
                        if self.alive[u]:
                            self._fire(u, "battle_start")
        self._check_end()

    def _attach(self, u: int, host_seat: int) -> None:
        """Put companion/parasite ``u`` on a host of ``host_seat`` chosen by its player, or kill it."""
        front = half_rows(host_seat)[0]
        hosts = [
            h
            for h in range(self.n)
            if self.seat[h] == host_seat and self.kind[h] == GROUND and self.alive[h]
            and self.pos[h] >= 0 and self.rider[h] < 0
            and (self.kind[u] == COMPANION or row_of(self.pos[h]) == front)
        ]
        old = self.pos[u]
        self.board[old] = -1
        self.occupied &= ~(1 << old)
        host = self.players[self.seat[u]].attach(self, u, hosts) if hosts else -1
        if host < 0:
            self.alive[u] = False
            self.pos[u] = NOWHERE
            return
        if host not in hosts:
            raise IllegalAction(f"unit {host} cannot host unit {u}")
        self.host[u] = host
        self.rider[host] = u
        self.pos[u] = self.pos[host]

    # ------------------------------------------------------------------ turns

    def run(self) -> BattleResult:
        """Play turns until the game ends; returns the result."""
        if not self._started and not self.over:
            self._start_turn()
        players = self.players
        while not self.over:
            seat, turn = self.active, self.turn
            self._acting = seat
            self._guarded = self._capture is not None
            players[seat].play_turn(self)
            self._acting = None
            if not self.over and self.turn == turn:
                self._pass_turn()
        return self.result()

    def result(self) -> BattleResult:
        """The result so far (``turns``: turns begun, 0 if the game ended at reveal)."""
        left = (self.n_creatures[0], self.n_creatures[1])
        return BattleResult(self.winner, self.reason, self.turn + 1 if self._started else 0, left)

    def _pass_turn(self) -> None:
        """000 6.5: the active player passes; the other's turn begins."""
        self._end_turn()
        if self._acting is not None:
            self._guarded = True  # the player whose turn it was may not act any more
        if not self.over:
            self._start_turn()

    def _start_turn(self) -> None:
        self._started = True
        active = self.active
        wounds, opened, regen, acted, moves, points = (
            self.wounds, self.open, self.regen, self.acted, self.moves, self.move_points)
        if self.log is not None:
            self._emit({"e": "turn", "n": self.turn, "seat": active})
        if self._any_armor:
            armor, armor_left = self.armor, self.armor_left
            for u in self.units[1 - active]:
                armor_left[u] = armor[u]
            for u in self.units[active]:
                armor_left[u] = armor[u]
        if self.uses_turn:
            self.uses_turn.clear()
        prepared, poison = self.prepared, self.poison
        healed = False
        poisoned = False
        for u in self.units[active]:
            opened[u] = True
            acted[u] = False
            moves[u] = points[u]
            if prepared[u] == 1:
                prepared[u] = 2
            if regen[u] and wounds[u]:
                heal = min(regen[u], wounds[u])
                wounds[u] -= heal
                healed = True
                if self.log is not None:
                    self._emit({"e": "heal", "u": u, "by": heal})
            if poison[u]:
                poisoned = True
        if self._tracking:
            self._new_turn_walks()
        if self._stuns:
            self._keep_stunned(active)
        if self._x_trig:
            self._turn_start_triggers(active)
        if self._variable and not self.over:
            self._situate()
        if healed:
            self._quiet_from = self.turn + 1
        if poisoned:
            # Glossary "Poisoning at X": an open creature takes X wounds at the start of its turn.
            for u in list(self.units[active]):
                if self.poison[u] and self.alive[u]:
                    self.wounds[u] += self.poison[u]
                    self._quiet_from = self.turn + 1
                    if self.log is not None:
                        self._emit({"e": "wound", "u": u, "by": self.poison[u], "by_what": "poison"})
                    if self._trig["enemy_poisoned"]:
                        self._poisoned(u)
            self._settle(list(self.units[active]))
        if self._any_incarnation and not self.over:
            self._incarnate(active)  # a start-of-turn trigger: after the cards open (000 6.3)
        if self._any_triggers and not self.over:
            seat_triggers = self._seat_triggers
            if seat_triggers[active] & _TURN_START:
                for u in list(self.units[active]):
                    if self.triggers[u] & _TURN_START and self.alive[u] and not self.over:
                        self._fire(u, "turn_start")
            if seat_triggers[1 - active] & _ENEMY_TURN_START:
                for u in list(self.units[1 - active]):
                    if self.triggers[u] & _ENEMY_TURN_START and self.alive[u] and not self.over:
                        self._fire(u, "enemy_turn_start")

    def _end_turn(self) -> None:
        if self._x_trig and not self.over:
            self._turn_end_triggers()
            if self.over:
                return
        if self._variable:
            self._expire_grants()
            if not self.over:
                self._situate()
        self.shield[1 - self.active] = 0  # a shield lasts until the end of the enemy turn it covers
        for u in self.units[self.active]:
            if self.prepared[u] == 2:
                self.prepared[u] = 0
        if self.turn == 0:
            for u in range(self.n):
                self.hidden[u] = False
        played = self.turn + 1
        cfg = self.config
        if cfg.stall_rounds and played - self._quiet_from >= 2 * cfg.stall_rounds:
            self._finish(None, "stall")
        elif played >= 2 * cfg.max_rounds:
            if cfg.timeout_rule == "cost":
                totals = self.squad_costs()
                if totals[0] == totals[1]:
                    self._finish(None, "timeout_draw")
                else:
                    self._finish(0 if totals[0] > totals[1] else 1, "timeout_cost")
            else:
                self._finish(None, "timeout_draw")
        if not self.over:
            self.turn = played
            self.active ^= 1

    def squad_costs(self) -> tuple[int, int]:
        """000 7.3: the total cost of each player's squad in play, terrain included (a gold
        crystal counts as a silver one)."""
        totals = [0, 0]
        for u in range(self.n):
            if self.alive[u]:
                totals[self.seat[u]] += self.cost[u]
        return totals[0], totals[1]

    def _finish(self, winner: int | None, reason: str) -> None:
        self.over = True
        self._guarded = True
        self.winner = winner
        self.reason = reason
        if self.log is not None:
            self._emit({"e": "end", "winner": winner, "reason": reason, "turn": self.turn})

    def _check_end(self) -> None:
        if self.over:
            return
        a, b = self.n_creatures
        if a and b:
            return
        if not a and not b:
            self._finish(None, "mutual")
        else:
            self._finish(0 if a else 1, "elimination")

    # ------------------------------------------------------------------ queries for players

    def can_act(self, u: int) -> bool:
        """Whether the active player's unit ``u`` may still strike this turn."""
        return (
            self.alive[u] and self.seat[u] == self.active and self.open[u] and not self.acted[u]
            and self.has_strike[u]
        )

    def steps(self, u: int) -> list[int]:
        """Squares unit ``u`` may step to now (000 3.14; a jump or a wrap: :meth:`_extra_steps`)."""
        if self._steppers and self.alive[u] and self.kind[u] == GROUND and self.seat[u] == self.active \
                and self.open[u] and not self.acted[u] and not (self._roots and self._rooted(u)):
            board = self.board
            near = [s for s in ADJ4[self.pos[u]] if board[s] < 0] if self.moves[u] > 0 else []
            return near + [s for s in self._extra_steps(u) if s not in near]
        if not (self.alive[u] and self.kind[u] == GROUND and self.seat[u] == self.active and self.open[u]
                and not self.acted[u] and self.moves[u] > 0) or (self._roots and self._rooted(u)):
            return []
        board = self.board
        return [s for s in ADJ4[self.pos[u]] if board[s] < 0]

    def targets(self, u: int) -> list[int]:
        """Enemy cards unit ``u`` may strike now (empty if it cannot act)."""
        if not self.can_act(u):
            return []
        enemy = 1 - self.seat[u]
        if self.kind[u] == FLYER:
            if self._taunters:
                return self._taunt_filter(u, list(self.units[enemy]), "simple")
            return list(self.units[enemy])
        if self.kind[u] not in (GROUND, COMPANION, PARASITE):
            return []
        if self._steppers or self._taunters:
            out = self._plain_targets(u)
            if self._steppers:
                out += [v for v in self.units[enemy] if v not in out and self._wrap_near(u, v)]
            return self._taunt_filter(u, out, "simple") if self._taunters else out
        return self._plain_targets(u)

    def _plain_targets(self, u: int) -> list[int]:
        """:meth:`targets` of a creature that is not a flyer and can act (000 4.1, 4.16)."""
        enemy = 1 - self.seat[u]
        out: list[int] = []
        if self.n_ground[enemy] == 0 and self.prepared[u] == 2:
            out.extend(v for v in self.units[enemy] if self.kind[v] == FLYER)
        pos, near = self.pos, NEAR[self.pos[u]]
        for v in self.units[enemy]:
            pv = pos[v]
            if pv >= 0 and near[pv]:
                out.append(v)
        # A parasite's host is an enemy on the same square (000 1.5.2 d).
        return out

    def can_prepare(self, u: int) -> bool:
        """000 4.16: unit ``u`` may close now "for a strike against a flying creature"."""
        enemy = 1 - self.active
        return (
            self.can_act(u) and self.kind[u] != FLYER and self.n_ground[enemy] == 0
            and self.n_creatures[enemy] > 0 and self.prepared[u] == 0
        )

    def can_accumulate(self, u: int) -> bool:
        """000 1.11.1: a card that pays with counters may close to accumulate one (up to its
        ``max_counters``)."""
        if not (self.counter_user[u] and self.alive[u] and self.seat[u] == self.active and self.open[u]
                and not self.acted[u]):
            return False
        most = self.profiles[u].max_counters
        return not most or self.counters[u] < most

    def strike_flag(self, u: int, v: int, which: str) -> bool:
        """Whether ``u``'s simple strike on ``v`` is ``directed``, ``unanswerable`` or ``magic``
        (its facts, some of which hold against some cards only)."""
        flag = getattr(self, which)[u]
        if flag == DEPENDS:
            passives = pair_passives(self.key[u], self.key[v])
            return {"directed": passives.directed, "unanswerable": passives.unanswerable,
                    "magic": passives.magical}[which]
        return flag == ALWAYS

    def defenders(self, attacker: int, target: int) -> list[int]:
        """Cards the inactive player may appoint as defender (000 4.11-4.14, 4.16): none against a
        directed or unanswerable strike."""
        d, un = self.directed[attacker], self.unanswerable[attacker]
        if d == ALWAYS or un == ALWAYS:
            return []
        if (d or un) and (self.strike_flag(attacker, target, "directed")
                          or self.strike_flag(attacker, target, "unanswerable")):
            return []
        enemy = self.seat[target]
        pos, opened, creature, kind = self.pos, self.open, self.creature, self.kind
        out = []
        if kind[target] == FLYER:
            for w in self.units[enemy]:
                if w != target and kind[w] == FLYER and opened[w]:
                    out.append(w)
            return out
        near_t = NEAR[pos[target]]
        if kind[attacker] == FLYER:
            for w in self.units[enemy]:
                if w == target or not opened[w] or not creature[w]:
                    continue
                pw = pos[w]
                if (pw >= 0 and near_t[pw]) or kind[w] == FLYER:
                    out.append(w)
            return out
        # Cards next to both: the occupied squares in both neighbourhoods (riders share a square).
        both = NEAR_MASK[pos[attacker]] & NEAR_MASK[pos[target]] & self.occupied
        board, seat, rider = self.board, self.seat, self.rider
        squares = SQUARES_OF.get(both)
        if squares is None:
            squares = squares_of(both)
        for sq in squares:
            w = board[sq]
            if seat[w] == enemy and w != target and opened[w] and creature[w]:
                out.append(w)
            x = rider[w]
            if x >= 0 and seat[x] == enemy and x != target and opened[x] and creature[x]:
                out.append(x)
        if len(out) > 1:
            out.sort()  # unit order, as for the other kinds of defence
        return out

    def ability(self, u: int, index: int) -> Ability:
        """Ability ``index`` of unit ``u``'s card."""
        return ability_of(self.key[u], index)

    def ability_ready(self, u: int, index: int) -> bool:
        """Whether the active player's unit ``u`` may pay for its playable ability ``index`` now:
        ``tap`` needs an open card that has not acted, counters must be there (000 1.11), uses per
        battle / turn and the seat mark must allow it."""
        if not (self.acts[u] and self.alive[u] and self.seat[u] == self.active):
            return False
        if index not in self.profiles[u].actions:
            return False
        return self.slot_ready(u, self.slots[u][index])

    def slot_ready(self, u: int, sl) -> bool:
        """:meth:`ability_ready` for a living unit of the active player and one of its playable
        abilities, compiled (``slots[u][index]`` with ``index`` in ``profiles[u].actions``)."""
        if sl.closes and (not self.open[u] or self.acted[u]):
            return False
        ab = sl.ability
        if ab.counters > self.counters[u]:
            return False
        return not sl.limited or self._allowed(u, sl.index, ab)

    def _allowed(self, u: int, index: int, ab: Ability) -> bool:
        if ab.seat is not None and ("first", "second")[self.seat[u]] != ab.seat:
            return False
        if ab.uses_per_battle and self.uses_battle.get((u, index), 0) >= ab.uses_per_battle:
            return False
        return not (ab.uses_per_turn and self.uses_turn.get((u, index), 0) >= ab.uses_per_turn)

    def ability_targets(self, u: int, index: int) -> list[int]:
        """The units unit ``u``'s playable ability ``index`` may be aimed at now (empty when it
        cannot be used; see :mod:`analysis.battle.powers` for the reach)."""
        if not self.ability_ready(u, index):
            return []
        return reach_slot(self, u, self.slots[u][index])

    def legal_actions(self) -> list[Action]:
        """Every legal action of the active player: ``END_TURN`` first, then per unit its moves,
        strikes, 4.16 closing, accumulating and ability uses. An ability on N different targets is
        listed with as many targets as it may take (fewer are legal too; :meth:`is_legal`)."""
        if self.over:
            return []
        out: list[Action] = [END_TURN]
        for u in self.units[self.active]:
            out.extend(Move(u, s) for s in self.steps(u))
            out.extend(Strike(u, v) for v in self.targets(u))
            if self.can_prepare(u):
                out.append(Prepare(u))
            if self.can_accumulate(u):
                out.append(Accumulate(u))
            if self.acts[u]:
                for index in self.profiles[u].actions:
                    cands = self.ability_targets(u, index)
                    if cands:
                        most = min(ability_of(self.key[u], index).targets, len(cands))
                        out.extend(UseAbility(u, index, combo) for combo in combinations(cands, most))
        return out

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        if self.over:
            return False
        t = type(action)
        act: Any = action  # (each kind of action by its type below)
        if t is EndTurn:
            return True
        u = act[0]
        if not (isinstance(u, int) and 0 <= u < self.n):
            return False
        if t is Move:
            return act.to in self.steps(u)
        if t is Strike:
            return act.target in self.targets(u)
        if t is Prepare:
            return self.can_prepare(u)
        if t is Accumulate:
            return self.can_accumulate(u)
        if t is UseAbility:
            targets = act.targets
            if not isinstance(targets, tuple) or not targets or len(set(targets)) != len(targets):
                return False
            if not self.ability_ready(u, act.index):
                return False
            sl = self.slots[u][act.index]
            if len(targets) > sl.ability.targets:
                return False
            # Each target in reach (aimable is reach's test for one unit: no list to build).
            src = self.pos[u]
            if len(targets) == 1:
                v = targets[0]
                return isinstance(v, int) and aimable(self, u, sl, v, src)
            return all(isinstance(v, int) and aimable(self, u, sl, v, src) for v in targets)
        return False

    # ------------------------------------------------------------------ the interface

    def apply(self, action: Action, draws: Draws | None = None) -> None:
        """Carry out one action of the active player (checked: :class:`IllegalAction` otherwise).
        ``draws`` (see :data:`analysis.battle.interface.Draws`) are used for the action's dice
        instead of the seeded stream; dice beyond them (triggered abilities) come from the stream."""
        if self._guarded or draws is not None:
            return self._apply_checked(action, draws)
        t = type(action)
        act: Any = action  # (each kind of action by its type below)
        if t is not EndTurn and not (0 <= act[0] < self.n):
            raise IllegalAction(f"{act}: no unit {act[0]}")
        if t is Strike:
            if not 0 <= act[1] < self.n:
                raise IllegalAction(f"{act}: no unit {act[1]}")
            self._strike(act[0], act[1])
        elif t is UseAbility:
            self._use(act[0], act[1], act[2])
        elif t is Move:
            self._move(act[0], act[1])
        elif t is EndTurn:
            self._pass_turn()
        elif t is Accumulate:
            self._accumulate(act[0])
        elif t is Prepare:
            self._prepare(act[0])
        else:
            raise IllegalAction(f"not an act: {act!r}")
        if self._variable and not self.over:
            self._situate()

    def _apply_checked(self, action: Action, draws: Draws | None) -> None:
        """:meth:`apply` when the game is over, the turn has passed, a probe is running
        (:func:`~analysis.battle.interface.first_action`) or dice are given."""
        if self.over:
            raise IllegalAction("the game is over")
        if self._acting is not None and self._acting != self.active:
            raise IllegalAction("the turn has passed; the other player acts now")
        if self.capture is not None:
            if not self.is_legal(action):
                raise IllegalAction(f"{action} is not legal here")
            found = self._capture(action)  # (compiled: a call through the property lost its argument)
            raise found
        if draws is None:  # a stale guard (e.g. set by a probe that is gone)
            self._guarded = False
            return self.apply(action)
        self._draws = iter(draws)
        try:
            self.apply(action)
        finally:
            self._draws = None

    @property
    def capture(self) -> Any:
        """Set by :func:`analysis.battle.interface.first_action`: the first action is raised, not
        applied."""
        return self._capture

    @capture.setter
    def capture(self, value: Any) -> None:
        self._capture = value
        self._guarded = True

    def outcomes(self, action: Action, parrier: int | None = None) -> list[tuple[float, Draws]]:
        """The exact distribution of ``action``'s own dice: (probability, draws) pairs whose draws
        have distinct effects (faces with the same effect merged). For a simple strike the
        parrier is ``parrier`` (default: the target, i.e. no defender; pass the defender a model of
        the opponent would appoint). Dice of the abilities the action triggers are not included."""
        t = type(action)
        act: Any = action  # (each kind of action by its type below)
        if t is Strike:
            u, v = act
            p = v if parrier is None else parrier
            ku, kp = self.key[u], self.key[p]
            model = self.config.model
            fights = self.open[p] and self.creature[p] and not self.strike_flag(u, v, "unanswerable")
            groups: dict[Any, list] = {}
            table: tuple[Any, ...]
            entry: Any
            if fights:
                table = open_table(ku, kp, model)
                for i, entry in enumerate(table):
                    draws = (i // 6 + 1, i % 6 + 1) if self._by_dice else (i,)
                    groups.setdefault(entry, [draws, 0])[1] += 1
            else:
                table = closed_table(ku, kp, model)
                for i, entry in enumerate(table):
                    draws = (i + 1,) if self._by_dice else (i,)
                    groups.setdefault(entry, [draws, 0])[1] += 1
            return [(count / len(table), draws) for draws, count in groups.values()]
        if t is UseAbility:
            u, index, targets = act
            if not rolls(ability_of(self.key[u], index)):
                return [(1.0, ())]
            per_target = [face_groups(self.key[u], index, self.key[v], self.armor_left[v]) for v in targets]
            out = []
            for combo in product(*per_target):
                prob = 1.0
                for _, p in combo:
                    prob *= p
                out.append((prob, tuple(face for face, _ in combo)))
            return out
        return [(1.0, ())]

    def clone(self, dice_seed: int | None = None) -> Battle:
        """An independent copy of the state (the players and the read-only columns are shared; no
        record). The dice stream and the players' stream continue from the same point, unless
        ``dice_seed`` is given: then both are fresh streams seeded from it — what a searching
        player's look-ahead needs (it must not see the battle's own future dice), and cheaper
        than copying a stream's state."""
        new = Battle.__new__(Battle)
        new._acting = self._acting
        new._any_armor = self._any_armor
        new._any_guards = self._any_guards
        new._any_incarnation = self._any_incarnation
        new._any_tiered = self._any_tiered
        new._any_triggers = self._any_triggers
        new._any_vampire = self._any_vampire
        new._avengers = self._avengers
        new._blockers = self._blockers
        new._board_units = self._board_units
        new._board_ver = self._board_ver
        new._by_dice = self._by_dice
        new._capture = self._capture
        new._ctab = self._ctab
        new._displacers = self._displacers
        new._draws = self._draws
        new._eaters = self._eaters
        new._fixed = self._fixed
        new._frm = self._frm
        new._grant_ver = self._grant_ver
        new._granting = self._granting
        new._guarded = self._guarded
        new._ignorers = self._ignorers
        new._last_strike_value = self._last_strike_value
        new._mourners = self._mourners
        new._movers = self._movers
        new._openers = self._openers
        new._otab = self._otab
        new._piercers = self._piercers
        new._placements = self._placements
        new._prng = self._prng
        new._quiet_from = self._quiet_from
        new._rand = self._rand
        new._redirect = self._redirect
        new._responders = self._responders
        new._roots = self._roots
        new._seat_triggers = self._seat_triggers
        new._sit_deps = self._sit_deps
        new._sit_glance = self._sit_glance
        new._sit_memo = self._sit_memo
        new._start_counters = self._start_counters
        new._started = self._started
        new._static = self._static
        new._steppers = self._steppers
        new._strike_tier = self._strike_tier
        new._strikers = self._strikers
        new._stuns = self._stuns
        new._taunt_skip = self._taunt_skip
        new._taunters = self._taunters
        new._tiered = self._tiered
        new._tiers_now = self._tiers_now
        new._tracking = self._tracking
        new._trig = self._trig
        new._variable = self._variable
        new._watchers = self._watchers
        new._x_kinds = self._x_kinds
        new._x_trig = self._x_trig
        new.acted = self.acted
        new.active = self.active
        new.acts = self.acts
        new.alive = self.alive
        new.armor = self.armor
        new.armor_left = self.armor_left
        new.base = self.base
        new.board = self.board
        new.cards = self.cards
        new.combo = self.combo
        new.conc_wounds = self.conc_wounds
        new.config = self.config
        new.cost = self.cost
        new.counter_user = self.counter_user
        new.counters = self.counters
        new.creature = self.creature
        new.died_at = self.died_at
        new.directed = self.directed
        new.fresh = self.fresh
        new.grants = self.grants
        new.guards = self.guards
        new.has_strike = self.has_strike
        new.hidden = self.hidden
        new.host = self.host
        new.incarnation = self.incarnation
        new.key = self.key
        new.kind = self.kind
        new.life = self.life
        new.log = self.log
        new.magic = self.magic
        new.move_points = self.move_points
        new.moves = self.moves
        new.n = self.n
        new.n_creatures = self.n_creatures
        new.n_ground = self.n_ground
        new.occupied = self.occupied
        new.open = self.open
        new.over = self.over
        new.players = self.players
        new.poison = self.poison
        new.pos = self.pos
        new.prepared = self.prepared
        new.profiles = self.profiles
        new.prot_flyers = self.prot_flyers
        new.reason = self.reason
        new.regen = self.regen
        new.rider = self.rider
        new.rng = self.rng
        new.rooted = self.rooted
        new.seat = self.seat
        new.seed = self.seed
        new.shield = self.shield
        new.slots = self.slots
        new.stunned = self.stunned
        new.tokens = self.tokens
        new.triggers = self.triggers
        new.turn = self.turn
        new.unanswerable = self.unanswerable
        new.units = self.units
        new.uses_battle = self.uses_battle
        new.uses_turn = self.uses_turn
        new.vampire = self.vampire
        new.walk = self.walk
        new.winner = self.winner
        new.wounds = self.wounds
        for name in _MUTABLE:
            setattr(new, name, list(getattr(self, name)))
        new.units = (list(self.units[0]), list(self.units[1]))
        new.uses_battle = dict(self.uses_battle)
        new.uses_turn = dict(self.uses_turn)
        if dice_seed is not None:
            new.rng = _seeded_stream(dice_seed)
            new._rand = new.rng.random
            new.seed = dice_seed  # the players' stream of the copy (made on first use) follows it
            new._prng = None
        else:
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
            new._rand = new.rng.random
            if self._prng is not None:
                new._prng = random.Random()
                new._prng.setstate(self._prng.getstate())
        new._fixed = None
        new._draws = None
        new._acting = None
        new._capture = None
        new._guarded = new.over
        new.log = None
        new._clone_extras(self)
        return new

    # ------------------------------------------------------------------ dice

    def _die(self) -> int:
        """One d6: from the draws given to :meth:`apply`, the fixed test dice, or the stream."""
        draws = self._draws
        if draws is not None:
            face = next(draws, None)
            if face is not None:
                return face
            self._draws = None
        if self._fixed is not None:
            return next(self._fixed)
        return int(self._rand() * 6) + 1

    def _index(self, size: int) -> int:
        """One equally likely outcome of ``size`` (the defence-die model's strike tables)."""
        draws = self._draws
        if draws is not None:
            face = next(draws, None)
            if face is not None:
                return face
            self._draws = None
        if self._fixed is not None:
            return next(self._fixed)
        return int(self._rand() * size)

    # ------------------------------------------------------------------ actions

    def _move(self, u: int, to: int) -> None:
        """One orthogonal step of ground creature ``u`` to the empty square ``to`` (000 3.14)."""
        frm = self.pos[u]
        extra = self._steppers and to not in ADJ4[frm] and to in self._extra_steps(u)
        if (not self.alive[u] or self.seat[u] != self.active or self.kind[u] != GROUND or not self.open[u]
                or self.acted[u] or (self.moves[u] <= 0 and not extra) or (to not in ADJ4[frm] and not extra)
                or self.board[to] >= 0 or (self._roots and self._rooted(u))):
            raise IllegalAction(f"unit {u} cannot move to square {to}")
        self.board[frm] = -1
        self.board[to] = u
        self.occupied ^= (1 << frm) | (1 << to)
        self.pos[u] = to
        r = self.rider[u]
        if r >= 0:
            self.pos[r] = to
        self.moves[u] -= 1
        self.hidden[u] = False
        if self.log is not None:
            self._emit({"e": "move", "u": u, "to": to})
        if self._tracking:
            self._after_step(u, frm, to)
        if self._roots:
            self._unroot_by(u)
        if extra and self._is_jump(u, frm, to):
            self.moves[u] = 0  # 002 "Прыжок": all movement is spent; it stays open and may act
            if u in self._trig["jump"]:
                self._fire(u, "jump")
        if self._watchers and self.creature[u]:
            self._watched(u, to)
        if self._movers and self.triggers[u] & _MOVE and self.alive[u] and not self.over:
            self._fire(u, "move")

    def _watched(self, u: int, to: int) -> None:
        """The ``enemy_moves_adjacent`` abilities of the enemy cards next to square ``to``, where
        enemy creature ``u`` just stepped (000 glossary "Triggered ability": it fires when its
        condition occurs; aimed at the creature that moved)."""
        near = NEAR[to]
        for w in list(self.units[1 - self.seat[u]]):
            if (self.triggers[w] & _ADJACENT and self.alive[w] and self.pos[w] >= 0 and near[self.pos[w]]
                    and self.alive[u] and not self.over):
                self._fire(w, "enemy_moves_adjacent", u)

    def _close(self, u: int) -> None:
        """Payment for an action (000 2.4): the card closes and loses its movement."""
        self.open[u] = False
        self.acted[u] = True
        self.moves[u] = 0

    def _prepare(self, u: int) -> None:
        """000 4.16: close ``u`` so that next turn it may strike a flying creature once."""
        if not self.can_prepare(u):
            raise IllegalAction(f"unit {u} cannot close for a strike against a flying creature")
        self._close(u)
        self.prepared[u] = 1
        if self.log is not None:
            self._emit({"e": "prepare", "u": u})

    def _accumulate(self, u: int) -> None:
        """000 1.11.1: "[tap]: accumulate 1 counter"."""
        if not self.can_accumulate(u):
            raise IllegalAction(f"unit {u} cannot accumulate a counter")
        self.hidden[u] = False
        self._close(u)
        self.counters[u] += 1
        if self.log is not None:
            self._emit({"e": "accumulate", "u": u})

    def _capped(self, u: int, counters: int) -> int:
        most = self.profiles[u].max_counters
        return min(counters, most) if most else counters

    def _strike(self, u: int, v: int) -> None:
        """Simple strike of the active player's ``u`` on enemy card ``v`` (000 4.1-4.14)."""
        kind, seat, alive, opened, acted = self.kind, self.seat, self.alive, self.open, self.acted
        active = self.active
        if (not (alive[u] and seat[u] == active and opened[u] and not acted[u]
                 and self.has_strike[u]) or not alive[v] or seat[v] == seat[u] or kind[v] == TERRAIN):
            raise IllegalAction(f"unit {u} cannot strike unit {v}")
        via_prepare = False
        if kind[u] != FLYER:
            if kind[v] == FLYER:
                if not (self.prepared[u] == 2 and self.n_ground[seat[v]] == 0):
                    raise IllegalAction(f"unit {u} may not strike flying unit {v} (000 4.16)")
                via_prepare = True
            elif not NEAR[self.pos[u]][self.pos[v]] and not (self._steppers and self._wrap_near(u, v)):
                raise IllegalAction(f"unit {u} is not next to unit {v}")
        if self._taunters and not self._taunt_filter(u, [v], "simple"):
            raise IllegalAction(f"unit {u} may only attack the cards that draw its attacks")
        hidden = self.hidden
        hidden[u] = False
        hidden[v] = False
        if self._redirect:
            w = self._redirected(u, v)
            if w != v:
                return self._strike_on(u, w, w, via_prepare)
        parrier = v
        candidates = (self.defenders(u, v)
                      if self.directed[u] != ALWAYS and self.unanswerable[u] != ALWAYS else None)
        if candidates:
            d = self.players[1 - active].choose_defender(self, u, v, candidates)
            if d >= 0:
                if d not in candidates:
                    raise IllegalAction(f"unit {d} cannot defend unit {v}")
                parrier = d
                hidden[d] = False
                if self._x_trig:
                    self._defending(d, v)
                    if self.over or not self.alive[d]:
                        return
        self._strike_on(u, v, parrier, via_prepare)

    def _strike_on(self, u: int, v: int, parrier: int, via_prepare: bool) -> None:
        """The simple strike of ``u`` on ``v`` once ``parrier`` (the target or a defender) is known."""
        kind, seat, alive, opened, acted = self.kind, self.seat, self.alive, self.open, self.acted
        active = self.active
        if self._blockers and self._strike_block(u, parrier):
            return
        saved = None
        if self._strikers or self._ignorers:
            ku_s, kp_s, saved = self._keys_for_strike(u, parrier)
            self._swap_key(u, ku_s)
            self._swap_key(parrier, kp_s)
        stripped_armor = self._ignorers and self._has(u, "ignore_abilities") is not None and (
            self.armor_left[parrier], self.guards[parrier])
        if stripped_armor:
            self.armor_left[parrier] = 0
            if self._any_guards:
                self.guards = list(self.guards)
                self.guards[parrier] = ()
        weak = False
        keys = self.key
        pair = (keys[u] << 20) | keys[parrier]
        answerable = not self.unanswerable[u] or not self.strike_flag(u, v, "unanswerable")
        if opened[parrier] and self.creature[parrier] and answerable:
            table = self._otab.get(pair)
            if table is None:
                table = open_table(keys[u], keys[parrier], self.config.model)
            if self._fixed is not None or self._draws is not None:
                if self._by_dice:
                    a = self._die()
                    i = a * 6 + self._die() - 7
                else:
                    i = self._index(len(table))
            elif self._by_dice:  # two d6 at once: index = (a - 1) * 6 + (p - 1)
                i = int(self._rand() * 36)
            else:  # defence-die model: equally likely outcomes after re-rolls
                i = int(self._rand() * len(table))
            if self._responders:
                i = self._flip_dice(u, parrier, i, table, True)
            entry = table[i]
            to_p, to_a = entry[0], entry[1]
            landed = entry[5]
            chooser = entry[4]
            if chooser:
                who = u if chooser == 1 else parrier
                alt = (entry[2], entry[3])
                if self.players[seat[who]].weaken(self, who, u, parrier, (to_p, to_a), alt):
                    to_p, to_a = entry[2], entry[3]
                    landed = entry[6]
                    weak = True
            fought = True
        else:
            ctable = self._ctab.get(pair)
            if ctable is None:
                ctable = closed_table(keys[u], keys[parrier], self.config.model)
            if self._fixed is not None or self._draws is not None:
                i = self._die() - 1 if self._by_dice else self._index(len(ctable))
            else:
                i = int(self._rand() * len(ctable))
            if self._responders:
                i = self._flip_dice(u, parrier, i, ctable, False)
            to_p = ctable[i]
            landed = 1
            if to_p < 0:  # stopped by a protection from simple strikes
                to_p, landed = 0, 0
            to_a = 0
            fought = False
        if self._any_guards:
            if to_p and self.guards[parrier]:
                to_p = self._guard(parrier, "simple", to_p, u)
            if to_a and self.guards[u]:
                to_a = self._guard(u, "simple", to_a, parrier)
        self._last_strike_value = to_p
        if self._responders and to_p:
            to_p = self._cap_strike(u, parrier, to_p, to_a)
        prot = self.prot_flyers
        if kind[u] == FLYER and prot[parrier] and not (self._piercers and self._has(u, "ignore_prot_flyers")):
            to_p = 0
            landed &= 2
        if kind[parrier] == FLYER and prot[u]:
            to_a = 0
            landed &= 1
        if self._any_armor:
            armor_left = self.armor_left
            magic_u = self.magic[u] and self.strike_flag(u, parrier, "magic")
            if to_p and armor_left[parrier] and not magic_u:
                absorbed = min(to_p, armor_left[parrier])
                armor_left[parrier] -= absorbed
                to_p -= absorbed
            if to_a and armor_left[u] and not (self.magic[parrier] and self.strike_flag(parrier, u, "magic")):
                absorbed = min(to_a, armor_left[u])
                armor_left[u] -= absorbed
                to_a -= absorbed
        if to_p and self.shield[seat[parrier]] and seat[parrier] != active \
                and not (self.magic[u] and self.strike_flag(u, parrier, "magic")):
            to_p = self._shielded(parrier, to_p)
        wounds = self.wounds
        if self._any_vampire:
            left_p, left_a = self.life[parrier] - wounds[parrier], self.life[u] - wounds[u]
        wounds[parrier] += to_p
        wounds[u] += to_a
        if self._any_vampire:
            if to_p and self.vampire[u] >= 0:
                self._drain(u, parrier, min(to_p, left_p))
            if to_a and self.vampire[parrier] >= 0:
                self._drain(parrier, u, min(to_a, left_a))
        if to_p or to_a:
            self._quiet_from = self.turn + 1
        # Payment (000 6.4.4 after-attack step): the attacker and a defender close.
        opened[u] = False
        acted[u] = True
        self.moves[u] = 0
        if via_prepare:
            self.prepared[u] = 0
        if parrier != v:
            opened[parrier] = False
        stays = self._openers and self._stays_open(u)
        stays_d = self._openers and parrier != v and self._has(parrier, "defends_open") is not None
        if stays:
            opened[u] = True  # 000 2.x (Baraka): it does not close, and does not act again
        if stays_d:
            opened[parrier] = True
        if self._any_tiered and (self._tiered[u] or self._tiered[parrier]):
            self._tiers_now = self._strike_tiers(keys[u], keys[parrier], i, fought, weak)
        if saved is not None:
            self._swap_key(u, saved[0])
            self._swap_key(parrier, saved[1])
        if stripped_armor:
            self.armor_left[parrier] = stripped_armor[0]
            if self._any_guards:
                self.guards[parrier] = stripped_armor[1]
        if self.log is not None:
            # Dice of the Strike Table; under the defence-die model the index of the outcome.
            dice = ([i // 6 + 1, i % 6 + 1] if fought else [i + 1]) if self._by_dice else [i]
            event = {"e": "strike", "u": u, "target": v, "parrier": parrier, "dice": dice,
                     "weakened": weak, "wounds": [to_p, to_a]}
            if stays or stays_d:
                event["stays_open"] = [x for x, f in ((u, stays), (parrier, stays_d)) if f]
            self._emit(event)
        life = self.life
        if wounds[parrier] >= life[parrier] or wounds[u] >= life[u]:
            self._settle((parrier, u), u, {parrier: u, u: parrier})
        if self._any_triggers and landed and not self.over:
            # On-strike abilities (000 glossary "On strike"; 4.4: a counter-strike is a simple strike).
            triggers = self.triggers
            tiers = self._tiers_now if self._any_tiered else (-1, -1)
            if landed & 1 and triggers[u] & _STRIKE and alive[u]:
                self._strike_tier = tiers[0]
                self._fire(u, "strike", parrier)
            if landed & 2 and triggers[parrier] & _STRIKE and alive[parrier] and not self.over:
                self._strike_tier = tiers[1]
                self._fire(parrier, "strike", u)
        if self._avengers and not self.over:
            if to_p:
                self._hurt(parrier, u)
            if to_a and not self.over:
                self._hurt(u, parrier)
        if self._x_trig and not self.over:
            if self._trig["attacked"]:
                self._attacked(parrier, u, "simple")
            if self._trig["ally_combo"]:
                self._combo_step(u, "simple")

    # ------------------------------------------------------------------ abilities

    def _use(self, u: int, index: int, targets: tuple[int, ...]) -> None:
        """Unit ``u`` uses its playable ability ``index`` on ``targets`` (000 1.9.3; paid after it
        is carried out, 5.2: ``tap`` closes the card, counters are spent)."""
        if not isinstance(index, int) or not self.ability_ready(u, index):
            raise IllegalAction(f"unit {u} cannot use ability {index} now")
        sl = self.slots[u][index]
        ab = sl.ability
        if not isinstance(targets, tuple) or not targets or len(targets) > ab.targets or (
                len(targets) > 1 and len(set(targets)) != len(targets)):
            raise IllegalAction(f"ability {index} of unit {u} takes 1 to {ab.targets} different targets")
        src = self.pos[u]
        for v in targets:
            if not aimable(self, u, sl, v, src):
                raise IllegalAction(f"ability {index} of unit {u} cannot be aimed at unit {v}")
        self.hidden[u] = False
        if sl.closes:
            self.open[u] = False
            self.acted[u] = True
            self.moves[u] = 0
        self.counters[u] -= ab.counters
        if sl.limited:
            self._count_use(u, index)
        if sl.closes and self._openers and ab.kind in ATTACKS and self._stays_open(u):
            self.open[u] = True  # its attacks do not close it
        self._resolve(u, sl, targets, trigger=None)

    def _count_use(self, u: int, index: int) -> None:
        """Count a use (only abilities limited in uses or by seat are counted: :meth:`_allowed`)."""
        self.uses_battle[(u, index)] = self.uses_battle.get((u, index), 0) + 1
        self.uses_turn[(u, index)] = self.uses_turn.get((u, index), 0) + 1

    def _resolve(self, u: int, sl, targets: Sequence[int], trigger: str | None) -> None:
        """Carry out the compiled ability ``sl`` of ``u`` on each target, then the deaths it caused."""
        ab = sl.ability
        dealt: list[int] = []
        dice: list[int] = []
        for v in targets:
            self.hidden[v] = False
            dealt.append(self._effect(u, sl, v, dice))
        if self.log is not None:
            event: dict[str, Any] = {"e": "ability", "u": u, "i": sl.index, "kind": ab.kind,
                                     "targets": list(targets), "dice": dice, "wounds": dealt,
                                     "closes": trigger is None and ab.cost != "counter"}
            if trigger:
                event["trigger"] = trigger
            self._emit(event)
        wounds, life = self.wounds, self.life
        for v in targets:
            if wounds[v] >= life[v]:  # (else _settle has nothing to do)
                self._settle(targets, u)
                break
        if self._avengers and ab.kind in ATTACKS:
            for v, d in zip(targets, dealt, strict=True):
                if d > 0 and not self.over and self.seat[v] != self.seat[u]:
                    self._hurt(v, u)
        if self._x_trig and not self.over:
            if self._trig["attacked"] and ab.kind in ATTACKS:
                for v in targets:
                    if self.seat[v] != self.seat[u] and not self.over:
                        self._attacked(v, u, ab.kind)
            if self._trig["ally_combo"] and trigger is None:
                self._combo_step(u, ab.kind)

    def _effect(self, u: int, sl, v: int, dice: list[int]) -> int:
        """What one use of slot ``sl`` (:func:`~analysis.battle.powers.slot`) by ``u`` does to ``v``:
        wounds dealt (negative: healed)."""
        ab = sl.ability
        kind = ab.kind
        if not self.alive[v]:
            return 0
        die = self._die() if sl.rolls else 0
        if die:
            dice.append(die)
        if sl.conditional and not meets(sl, self.key[v]):  # a hidden target that turned out illegal
            return 0
        if ab.vs_state and ab.cost != "passive" and not self._in_state(v, ab.vs_state):
            return 0
        if ab.lasts or kind in _EFFECT_KINDS:
            return self._new_kind(u, sl, v, dice)
        if kind == "heal":  # its amount: the printed N, or a ``per`` quantity ("на величину этого удара")
            healed = min(self._amount_for(u, ab, v), self.wounds[v])
            self.wounds[v] -= healed
            if healed:
                self._quiet_from = self.turn + 1
            return -healed
        if kind == "poison":
            if self.creature[v] and not protected(self.cards[v], "poison", self.cards[u], self.seat[v]):
                self.poison[v] = max(self.poison[v], ab.damage[0])
            return 0
        if kind == "gain_counter":
            self.counters[v] = self._capped(v, self.counters[v] + ab.damage[0])
            return 0
        if kind in ("give_blessing", "give_curse"):
            self._bless(u, v, ab)
            return 0
        if kind not in WOUNDING:
            return 0  # kinds of the vocabulary the engine does not play yet
        if self._blockers and kind in ATTACKS and self._blocked(u, v, kind):
            return 0
        if ab.per:
            return self._per_wounds(u, sl, v)
        armor = self.armor_left[v] if kind in ARMOR_STOPS else 0
        shielded = self.shield[self.seat[v]] and self.seat[v] != self.active and (
            kind in ARMOR_STOPS or kind == "effect")
        if self._any_guards and self.guards[v]:
            power = self._guard(v, kind, hit(self.key[u], sl.index, self.key[v], 0, die)[0], u)
            used = min(power, armor)
            self.armor_left[v] -= used
            power -= used
            if shielded and power:
                power = self._shielded(v, power)
            self.wounds[v] += power
            if power:
                self._quiet_from = self.turn + 1
            return power
        wounds, used = hit(self.key[u], sl.index, self.key[v], armor, die)
        self.armor_left[v] -= used
        if shielded and wounds:
            wounds = self._shielded(v, wounds)
        self.wounds[v] += wounds
        if wounds:
            self._quiet_from = self.turn + 1
        return wounds

    def _shielded(self, v: int, wounds: int) -> int:
        """``wounds`` of a non-magic attack or effect on ``v`` less what its squad's shield
        prevents (the ``shield`` kind: the next N non-magic wounds to its cards in this enemy turn
        are not dealt; 000 2.8: a protection means the card takes no wounds from it)."""
        pool = self.shield[self.seat[v]]
        stopped = min(pool, wounds)
        self.shield[self.seat[v]] = pool - stopped
        if stopped and self.log is not None:
            self._emit({"e": "shielded", "u": v, "by": stopped})
        return wounds - stopped

    def _in_state(self, v: int, state: str) -> bool:
        """Whether unit ``v`` is in ``state`` (:data:`analysis.cards.abilities.VS_STATES`)."""
        if state == "blessed":
            return strike_passives(self.cards[v]).blessing
        if state == "cursed":
            return strike_passives(self.cards[v]).curse
        if state == "open":
            return self.open[v]
        if state == "closed":
            return not self.open[v]
        if state == "poisoned":
            return self.poison[v] > 0
        return (self.wounds[v] > 0) == (state == "wounded")

    def _hurt(self, v: int, source: int) -> None:
        """Enemy ``source`` has just wounded ``v``: the ``wounded`` abilities of ``v`` and the
        ``ally_wounded`` / ``squad_wounded`` abilities of its squad fire, aimed at ``source``
        (000 glossary "Triggered ability": it fires when its condition occurs)."""
        if not self._seat_triggers[self.seat[v]] & _HURT:
            return
        for w in list(self.units[self.seat[v]]):
            t = self.triggers[w]
            if not t & _HURT or not self.alive[w] or self.over:
                continue
            if w == v and t & _WOUNDED:
                self._fire(w, "wounded", source, v)
            if w != v and t & _ALLY_WOUNDED and not self.over:
                self._fire(w, "ally_wounded", source, v)
            if t & _SQUAD_WOUNDED and not self.over:
                self._fire(w, "squad_wounded", source, v)

    def _mourn(self, dead: Sequence[int]) -> None:
        """The ``ally_dies`` (another creature of its squad) and ``creature_dies`` (another creature
        of either squad) abilities of the living cards, for each creature in ``dead``."""
        for x in dead:
            if not self.creature[x]:
                continue
            for w in range(self.n):
                t = self.triggers[w]
                if not t & _DIES or w == x or not self.alive[w] or self.over:
                    continue
                if t & _ALLY_DIES and self.seat[w] == self.seat[x]:
                    self._fire(w, "ally_dies", -1, x)
                if t & _CREATURE_DIES and not self.over:
                    self._fire(w, "creature_dies", -1, x)

    def _fire(self, u: int, trigger: str, context: int = -1, about: int = -1,
              kind: str | None = None) -> None:
        """The triggered abilities of ``u`` on ``trigger`` (000 1.9.2). ``context``: the card struck
        (``strike``) or that wounded (``wounded`` …), whose abilities without a range aim at it;
        ``about``: the card a ``when_*`` condition looks at (the wounded or dying one); ``kind``: the
        attack that set off ``attacked`` (its ``from`` must cover it)."""
        die = 0
        for index in triggered(self.key[u], trigger):
            if self.over:
                break
            ab = self.slots[u][index].ability
            limited = self.slots[u][index].limited
            if limited and not self._allowed(u, index, ab):
                continue
            if ab.tiers and trigger == "strike" and (
                    self._strike_tier < 0 or ("weak", "medium", "strong")[self._strike_tier] not in ab.tiers):
                continue  # "on a strong strike" …: only after a strike of that strength
            if kind is not None and ab.applies_to and not covers(ab, kind):
                continue
            if ab.roll:
                die = die or self._die()  # one die for the event (000 1.1)
                if die not in ab.roll:
                    continue
            if about >= 0:
                if ab.when_state and not self._in_state(about, ab.when_state):
                    continue
                if ab.when_keyword and not self.cards[about].has(ab.when_keyword):
                    continue
                if ab.once_per_card:
                    if (u, index, about) in self.uses_turn:
                        continue
                    self.uses_turn[(u, index, about)] = 1
            if ab.kind == "shield":
                if limited:
                    self._count_use(u, index)
                self.shield[self.seat[u]] += ab.damage[0]
                if self.log is not None:
                    self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [],
                                "dice": [], "wounds": [0], "closes": False, "trigger": trigger})
                continue
            if ab.kind == "gain_counter" and ab.target == "self":
                if limited:
                    self._count_use(u, index)
                self.counters[u] = self._capped(u, self.counters[u] + ab.damage[0])
                if self.log is not None:
                    self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [u],
                                "dice": [], "wounds": [0], "closes": False, "trigger": trigger})
                continue
            if ab.area is not None:
                cands = self._area_targets(u, index, ab, context)
            elif trigger == "defends" and ab.range is None and ab.target in ("ally", "any"):
                cands = [context] if context >= 0 and self.alive[context] else []
            elif trigger in _AIMED and ab.range is None \
                    and ab.target in ("enemy", "any"):
                ok = (context >= 0 and self.alive[context] and self.seat[context] != self.seat[u]
                      and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context]))
                      and (ab.kind not in ("heal", "poison") or self.creature[context]))
                cands = [context] if ok else []
            else:
                src = self.pos[u] if self.alive[u] else self.died_at[u]  # (a teleport may have moved it)
                cands = reach(self, u, index, src)
            if not cands:
                continue
            most = min(ab.targets, len(cands))
            if ab.every:
                chosen: tuple[int, ...] = tuple(cands)
            elif len(cands) == 1:
                chosen = (cands[0],)
            else:
                chosen = tuple(self.players[self.seat[u]].choose_targets(self, u, index, list(cands), most))
                if (not chosen or len(chosen) > most or len(set(chosen)) != len(chosen)
                        or any(v not in cands for v in chosen)):
                    raise IllegalAction(f"unit {u}: {chosen} are not 1 to {most} of the targets {cands}")
            if limited:
                self._count_use(u, index)
            self._resolve(u, self.slots[u][index], chosen, trigger)

    def _guard(self, v: int, kind: str, power: int, src: int) -> int:
        """``power`` of an attack or action of ``kind`` by ``src`` on ``v`` after ``v``'s caps and
        protections that hold only in a state (e.g. "simple strikes on it while it is closed are
        reduced to 1"): 003 "Zníženie útoku na X" (L1877: the value becomes X if it was greater),
        000 2.8 (a protection: no wounds)."""
        wanted = groups(kind)
        for state, froms, most, against in self.guards[v]:
            if power <= most or not wanted.intersection(froms):
                continue
            if against is not None and not matches(against, self.cards[src]):
                continue  # only against some cards (``vs_*``), and ``src`` is not one of them
            if state == "closed":
                holds = not self.open[v]
            elif state == "open":
                holds = self.open[v]
            elif state == "wounded":
                holds = self.wounds[v] > 0
            else:
                holds = self.wounds[v] == 0
            if holds:
                power = most
        return power

    def _drain(self, x: int, y: int, dealt: int) -> None:
        """Vampirism of ``x`` whose simple strike dealt ``dealt`` wounds to ``y`` (no more than
        ``y`` had life left): 000 glossary "Vampirism" — ``x`` heals that many wounds, the rest
        becomes additional life; never applied to artifacts and incorporeal creatures; its own
        ``life_cap`` bounds its life."""
        if dealt <= 0 or not self.alive[x] or not self.creature[y] or self.cards[y].has("incorporeal"):
            return
        healed = min(dealt, self.wounds[x])
        self.wounds[x] -= healed
        extra = dealt - healed
        cap = self.vampire[x]
        if extra and cap:
            extra = max(0, min(extra, cap - self.life[x]))
        if extra:
            self.life = list(self.life)  # shared with clones: replaced, not changed in place
            self.life[x] += extra
        if self.log is not None and (healed or extra):
            self._emit({"e": "heal", "u": x, "by": healed, "extra_life": extra, "by_what": "vampirism"})

    def _bless(self, u: int, v: int, ab: Ability) -> None:
        """``v`` becomes blessed (``give_blessing``) or cursed (``give_curse``) for the rest of the
        battle: 000 glossary "Blessing" / "Curse" (+1 / −1 on any roll for the card; receiving it
        again changes nothing) and p.135 (an acquired ability of the card). Given as a spell or an
        effect (``via``), the target's protections from it apply (000 2.8). The unit takes the key
        of its card with that standing fact, so every table and roll sees it."""
        if ab.via and protected(self.cards[v], ab.via, self.cards[u], self.seat[v]):
            return
        name = "blessing" if ab.kind == "give_blessing" else "curse"
        key = self.base[v] if self._variable else self.key[v]
        memo = (key, name)
        new = _MARKED.get(memo)
        if new is None:
            card = card_of(key)
            if any(a.kind == name and not a.extra and not has_limit(a) for a in facts(card)):
                new = key
            else:
                entry = card.abilities or CardAbilities(card.code, card.name, "none", unmodelled=("-",))
                mark = Ability(name, target="self")
                marked = replace(card, abilities=replace(entry, abilities=(*entry.abilities, mark)))
                new = card_key(marked, self.seat[v])
            _MARKED[memo] = new
        if new == key:
            return
        if self._variable:
            self.base[v] = new
            if v in self._board_units or self.grants[v]:
                new = self._variant_of(v)
        for column, value in (("key", new), ("cards", card_of(new)), ("profiles", PROFILES[new])):
            lst = list(getattr(self, column))
            lst[v] = value
            setattr(self, column, lst)
        slots = list(self.slots)
        slots[v] = slots_of(new)
        self.slots = slots
        if self.log is not None:
            self._emit({"e": name, "u": v, "by": u})

    def _incarnate(self, seat: int) -> None:
        """000 glossary "Incarnation - X" (and "Incarnation token"): at the start of its owner's
        turn a creature in the graveyard with incarnation takes a token; at X tokens they are removed
        and it returns closed, unwounded, to a free square of its owner's third row (a flyer to the
        auxiliary zone); with no free square it waits in the graveyard until one frees up; once per
        battle (003 "Inkarnácia X", L1388-1398). It takes the first free square from the left."""
        for u in range(self.n):
            x = self.incarnation[u]
            if not x or self.alive[u] or self.seat[u] != seat or self.tokens[u] < 0 or self.host[u] >= 0:
                continue
            if self.tokens[u] < x:
                self.tokens[u] += 1
            if self.tokens[u] < x:
                continue
            if self.kind[u] == FLYER:
                where = AUX
            else:
                row = half_rows(seat)[2]
                free = [row * 5 + c for c in range(5) if self.board[row * 5 + c] < 0]
                if not free:
                    continue
                where = free[0]
                self.board[where] = u
                self.occupied |= 1 << where
            self.tokens[u] = -1
            self.alive[u] = True
            self.pos[u] = where
            removed = self.wounds[u]
            self.wounds[u] = 0
            self.poison[u] = 0
            self.counters[u] = 0
            self.open[u] = False
            self.acted[u] = True
            self.moves[u] = 0
            self.prepared[u] = 0
            self.armor_left[u] = self.armor[u]
            self.units[seat].append(u)
            self.n_creatures[seat] += 1
            if self.kind[u] != FLYER:
                self.n_ground[seat] += 1
            self._quiet_from = self.turn + 1
            self._board_ver += 1
            if self.log is not None:
                self._emit({"e": "incarnation", "u": u, "pos": where, "by": removed})
            if self._x_trig and u in self._trig["incarnate"] and not self.over:
                self.fresh[u] = self.turn  # it returned closed without acting
                self._fire(u, "incarnate")

    # ------------------------------------------------------------------ death

    def _settle(self, suspects: Iterable[int], source: int = -1,
                killers: dict[int, int] | None = None) -> None:
        """Destroy the ``suspects`` whose wounds reached their life (000 4.17; a rider dies with its
        host, 1.5.2 a), then fire the "on death" abilities of the dead and the "on kill" abilities
        of who destroyed them (``source``, or per card ``killers``), then check the end of the game."""
        life, wounds, alive, rider = self.life, self.wounds, self.alive, self.rider
        dead, fallen = [], []
        for x in suspects:
            if alive[x] and wounds[x] >= life[x]:
                r = rider[x]
                self._kill(x)
                dead.append(x)
                fallen.append(x)
                if r >= 0 and not alive[r] and r not in fallen:
                    fallen.append(r)
        if not dead:
            return
        if self._eaters:  # 002 "Трупоедство": before the triggers of the deaths
            for x in dead:
                self._eat(killers.get(x, source) if killers else source, x)
        if self._any_triggers:
            for x in fallen:
                if self.triggers[x] & _DEATH:
                    self._fire(x, "death")
            for x in dead:
                killer = killers.get(x, source) if killers else source
                if killer >= 0 and alive[killer] and self.triggers[killer] & _KILL \
                        and self.seat[killer] != self.seat[x]:
                    self._fire(killer, "kill", x)
            if self._mourners:
                self._mourn(fallen)
        self._check_end()

    def _kill(self, x: int) -> None:
        if not self.alive[x]:
            return
        if self._variable:
            self._drop_grants(x)
        if self._stuns:
            self.stunned[x] = False
        self.alive[x] = False
        s = self.seat[x]
        p = self.pos[x]
        self.died_at[x] = p
        if p >= 0 and self.board[p] == x:
            self.board[p] = -1
            self.occupied &= ~(1 << p)
        self.pos[x] = NOWHERE
        self.units[s].remove(x)  # (terrains, in no unit list, never die: 000 1.8)
        if self.creature[x]:
            self.n_creatures[s] -= 1
            if self.kind[x] != FLYER:
                self.n_ground[s] -= 1
        if self.log is not None:
            self._emit({"e": "death", "u": x})
        h = self.host[x]
        if h >= 0:
            self.rider[h] = -1
        r = self.rider[x]
        if r >= 0:
            self.rider[x] = -1
            self._kill(r)  # 000 1.5.2 a: the symbiote dies with its host


_COLUMNS: dict[tuple[tuple[int, ...], int], tuple] = {}
"""Per (card keys, size of seat 0's squad): the cards' profiles, their :data:`ROWS` columns and
their start counters (see ``Battle``)."""

_SEEDED: list[Any] = [None, None]
"""The last seed given to :func:`_seeded_stream` and its generator state."""


def _seeded_stream(seed: int) -> random.Random:
    """A fresh ``random.Random(seed)``, made from the kept state of the last seed: a searching
    player clones several copies with one seed per decision, and restoring a state costs about
    two thirds of seeding."""
    if _SEEDED[0] != seed:
        _SEEDED[0], _SEEDED[1] = seed, random.Random(seed).getstate()
    stream = random.Random.__new__(random.Random)
    stream.setstate(_SEEDED[1])
    return stream


_UNCHECKED = object()
_PLACEMENT_PROBLEMS: dict[tuple[int, tuple[int, ...]], str | None] = {}
"""Memo of :func:`placement_problem` per (seat, squares): squads meet the same placements again."""


_MARKED: dict[tuple[int, str], int] = {}
"""(card key, ``blessing``/``curse``) → the key of that card with the standing fact (see
``Battle._bless``)."""


def has_limit(ab: Ability) -> bool:
    """Whether a fact is limited in uses or to a seat (not a standing property on its own)."""
    return bool(ab.uses_per_battle or ab.uses_per_turn or ab.seat)


def _extras(keys: Sequence[int], seats: Sequence[int]) -> tuple[tuple, tuple[int, ...], tuple[int, ...]]:
    """Per unit: its state caps (:func:`state_limits`), its vampirism (-1 none, else its
    ``life_cap``, 0 = none) and its incarnation X (0 none; the smallest if several, 000 glossary
    "Incarnation - X"). Only the facts count, not the icons (issue 9 audit)."""
    guards, vampire, incarnation = [], [], []
    for k, s in zip(keys, seats, strict=True):
        card = card_of(k)
        found = facts(card)
        guards.append(state_limits(card, s) if found else ())
        vamp = [a for a in found if a.kind == "vampirism" and not a.extra and not has_limit(a)]
        vampire.append(min((a.life_cap or 10**6) for a in vamp) % 10**6 if vamp else -1)
        xs = [a.damage[0] for a in found if a.kind == "incarnation" and not a.extra and a.damage
              and PROFILES[k].is_creature]
        incarnation.append(min(xs) if xs else 0)
    return tuple(guards), tuple(vampire), tuple(incarnation)


def _flags(columns: tuple, extras: tuple) -> tuple[bool, ...]:
    """Which optional rules can come up at all in a battle of these cards (the hot paths test these
    before any lookup): state caps, vampirism, incarnation, armor, any trigger, and triggers when an
    enemy steps next to a card / after a card's own steps / when a creature dies / when a card is
    wounded (``_any_guards`` … ``_avengers``)."""
    armor, triggers = columns[4], columns[13]
    guards, vampire, incarnation = extras
    return (any(guards), any(v >= 0 for v in vampire), any(incarnation), any(armor), any(triggers),
            any(t & _ADJACENT for t in triggers), any(t & _MOVE for t in triggers),
            any(t & _DIES for t in triggers), any(t & _HURT for t in triggers))


def _seat_triggers(rows: Sequence[tuple], keys: Sequence[int], seats: Sequence[int]) -> tuple[int, int]:
    """Per seat, the union of the trigger bits (:data:`TRIGGER_BITS`) of its cards."""
    out = [0, 0]
    for k, s in zip(keys, seats, strict=True):
        out[s] |= rows[k][13]
    return out[0], out[1]


def _start_counters(keys: Sequence[int], seats: Sequence[int]) -> tuple[int, ...]:
    """Counters each unit begins the battle with (``start_counters``, plus ``start_counters_second``
    for the Second player, at most ``max_counters``; 000 1.11); () when none has any."""
    out = []
    for k, s in zip(keys, seats, strict=True):
        entry = card_of(k).abilities
        start = 0
        if entry is not None:
            start = entry.start_counters + (entry.start_counters_second if s == 1 else 0)
            if entry.max_counters:
                start = min(start, entry.max_counters)
        out.append(start)
    return tuple(out) if any(out) else ()


def play_battle(
    squads: tuple[Sequence[Card], Sequence[Card]],
    players: tuple[Player, Player],
    seed: int = 0,
    config: BattleConfig | None = None,
) -> BattleResult:
    """Play one battle (seat 0 moves first) and return its result. Deterministic for a seed."""
    return Battle(squads, players, seed=seed, config=config).run()


__all__ = ["Battle", "BattleConfig", "BattleResult", "IllegalAction", "play_battle"]
