"""The battle engine: two squads on the 5×6 board, from placement to the end of the game.

The engine is the game and its state; players (:mod:`analysis.battle.players`) are separate and
reach it only through :mod:`analysis.battle.interface`: they read the documented state, list
:meth:`Battle.legal_actions`, and :meth:`Battle.apply` one (checked: an illegal one raises
:class:`IllegalAction`). For a searching player the chance is separable (:meth:`Battle.outcomes`,
``apply(action, draws)``) and :meth:`Battle.clone` copies the state cheaply.

The rules (000 = the classic rulebook, RULES.md §4 and §6) live in the parts of the engine, one
mixin each, stacked in this order under :class:`Battle` (each part may call the parts below it; a
call upwards is declared in :class:`~analysis.battle.fields.EngineFields`, the state every part reads):

- :mod:`~analysis.battle.placement`: placement and reveal (000 3.8-3.13);
- :mod:`~analysis.battle.turns`: turns, movement and the end of the game (000 6.3-6.5, 7);
- :mod:`~analysis.battle.strikes`: simple strikes, defenders and flyers (000 4.1-4.17);
- :mod:`~analysis.battle.ability_use`: abilities used on the board (000 2, 1.11);
- :mod:`~analysis.battle.triggers`: triggers, guards, vampirism, blessing and curse, death;
- :mod:`~analysis.battle.effects`: the kinds and triggers added for «Война стихий» (finishing off,
  stunning, rooting, pushing, jumps, blocks, taunts, carrion-eating, the sudden responses …);
- :mod:`~analysis.battle.situational`: situational facts (formation, ``when``, ``per``, grants)
  through card variants.

This module holds the state (:class:`Battle`'s constructor), the legal actions, applying an
action, the chance outcomes and cloning for a searching player.

Simplifications: the card texts beyond their modelled facts (each printing's ``unmodelled`` list,
``berserk abilities CARD``) do nothing — no vanguard, auras for other cards (summoning and
  resurrection play only with the decks given, data/README.md "Deck, graveyard and cards entering play"),
prophecies, markers on squares other than the kinds of
:data:`~analysis.cards.abilities.MARKERS`, terrain effects other than a terrain's own facts (it acts from the
auxiliary zone, ``lands``: its actions and turn triggers); creatures never attack their own squad
(4.15); the stack is one level deep: a sudden action (``sudden``, data/README.md "Sudden actions")
answers an enemy action on its squad or acts at the start and end of the opponent's turn, with no
answer to it, and triggered abilities resolve at once in a fixed order (on-strike abilities after
the deaths the strike caused, for the cards still
alive); the 7.6 clause about a repeating situation is covered by the round cap; a hidden
Second-player card is never a flyer; a card with no life in the data has 1, one with no strike
deals none; a flyer's ranged attacks have no range limit (it stands on no square).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from mypy_extensions import mypyc_attr

from analysis.battle.board import DEFAULT_DEPTH_LAYOUT, DEPTH_LAYOUTS, NEAR, NOWHERE
from analysis.battle.common import (
    _ADJACENT,
    _DIES,
    _HURT,
    _MOVE,
    MAX_ACTIONS_PER_TURN,
    TIMEOUT_RULES,
    ZONE_DECK,
    ZONE_GRAVE,
    has_limit,
    uses_deck,
)
from analysis.battle.interface import (
    END_TURN,
    MAX_UNITS,
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
from analysis.battle.placement import Placement
from analysis.battle.powers import ability as ability_of
from analysis.battle.powers import aimable, face_groups, rolls, slots_of
from analysis.battle.tables import (
    CLOSED_TABLES,
    COMPANION,
    FLYER,
    GROUND,
    OPEN_TABLES,
    PARASITE,
    PROFILES,
    ROWS,
    card_key,
    card_of,
    closed_table,
    open_table,
)
from analysis.cards.ability_rules import facts, state_limits
from analysis.cards.table import Card


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
    depth_layout: str = DEFAULT_DEPTH_LAYOUT
    """Which squares are depth at the start (:data:`~analysis.battle.board.DEPTH_LAYOUTS`; no text
    at hand says it, data/README.md "Depth and surface")."""

    def __post_init__(self) -> None:
        if self.max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        if self.timeout_rule not in TIMEOUT_RULES:
            raise ValueError(f"timeout_rule must be one of {TIMEOUT_RULES}")
        if self.stall_rounds < 0:
            raise ValueError("stall_rounds must be ≥ 0")
        if self.depth_layout not in DEPTH_LAYOUTS:
            raise ValueError(f"depth_layout must be one of {tuple(DEPTH_LAYOUTS)}")


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
    limit: str = ""
    """The bounds of the engine the battle reached, comma-separated in the order first reached
    (``trigger_depth``, ``triggers_per_turn``, ``actions_per_turn``; :mod:`analysis.battle.common`),
    empty for an ordinary battle."""


_MUTABLE = ("wounds", "pos", "board", "host", "rider", "open", "moves", "acted", "armor_left", "prepared",
            "hidden", "alive", "counters", "poison", "died_at", "n_creatures", "n_ground", "tokens", "shield",
            "share", "marks", "doomed", "dashed", "zone", "twice", "twice_on", "first_acts", "traps", "hexed",
            "shifted", "leapt", "bound_by", "bound_until", "grave_wound", "kill_sq", "streak",
            "raged",
    "reshifted")
"""The per-unit and per-side lists :meth:`Battle.clone` copies (the rest is shared, read-only;
``key``, ``cards``, ``profiles``, ``slots`` and ``life`` change rarely — a blessing, vampirism —
and are replaced, never changed in place, so clones may share them)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Battle(Placement):
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
        decks: tuple[Sequence[Card], Sequence[Card]] | None = None,
        graves: tuple[Sequence[Card], Sequence[Card]] | None = None,
    ):
        self.config = config or BattleConfig()
        self.players = players
        self.cards = list(squads[0]) + list(squads[1])
        n0 = len(squads[0])
        self.n_squad = len(self.cards)
        """Units ``0 … n_squad - 1`` are the two squads (seat 0's first); the units after them are the
        cards of the decks and graveyards that may enter play (:func:`reserves`)."""
        extra, extra_seats, in_deck = reserves(squads, decks, graves)
        self.cards.extend(extra)
        n = len(self.cards)
        if n > MAX_UNITS:
            raise ValueError(f"a battle holds at most {MAX_UNITS} cards (squads, decks and graveyards); "
                             f"got {n}")
        self.n = n
        self.seat = [0] * n0 + [1] * (self.n_squad - n0) + extra_seats
        self.owner = tuple(self.seat)
        """Per unit: its owner's seat, whose graveyard it goes to when it dies (``seat`` is whose control
        it is under; a card taken under control returns to its owner at its death)."""
        self._controlled = False
        """Some unit has come under another seat's control (:meth:`_change_control`)."""
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
        self.shield_next = [0, 0]
        """Per seat: shield kept for the opponent's next turn (gained in the opponent's turn)."""
        self._answer_follow: list[tuple[int, int]] = []
        """(card, index) of the ``then`` abilities of die responses to carry out after the action."""
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
        self.zone = [ZONE_GRAVE] * n
        """Per unit out of play: where it lies — the graveyard (``ZONE_GRAVE``; a squad's dead cards,
        000 2.1.4), its owner's deck (``ZONE_DECK``) or exile (``ZONE_EXILE``)."""
        self.deck = ([], [])
        """Per seat: its deck in battle, top card first (units, ``ZONE_DECK``); 000 2.1.3."""
        self.exiled_on_death = []
        """Cards that entered play to be exiled when a card of their enemy dies (``lasts =
        "enemy_dies"``); replaced, never changed in place (clones share it)."""
        self.seen_top = (0, 0)
        """Per seat: how many of its deck's top cards a prophecy has shown since it was last shuffled
        (both players know them: the heuristic player reads only these)."""
        self._shown = -1
        """The card a ``prophecy`` shows, while the facts after it are carried out for it."""
        self._shown_now = []
        """The cards the ``prophecy`` just carried out showed (for the facts after it)."""
        self._entered_now = []
        """The cards the ``summon`` / ``resurrect`` just carried out brought in (``area = "entered"``)."""
        self._exiled_last = -1
        """The card the last ``grave_exile`` exiled from a graveyard (-1: none)."""
        self._chain_about = -1
        """For a deck/graveyard move with cost ``then``: the card the fact before it aimed at."""
        self.leaving = []
        """(unit, turn): cards that entered for a while and are exiled at the end of that turn;
        replaced, never changed in place (clones share it)."""
        self._reserved = n > self.n_squad
        """Some card of a deck or a graveyard may enter play (summoning, resurrection …)."""
        self._deck_rng = None
        if self._reserved:
            for u in range(self.n_squad, n):
                self.alive[u] = False
                if in_deck[u - self.n_squad]:
                    self.zone[u] = ZONE_DECK
                    self.deck[self.seat[u]].append(u)
            if self.deck[0] or self.deck[1]:
                self._deck_rng = random.Random(seed ^ 0xDEC0DE)  # (own stream: the dice stay as they were)
                for s in (0, 1):
                    self._deck_rng.shuffle(self.deck[s])
        self.counters = [0] * n
        self.tokens = [0] * n
        """Incarnation tokens of each unit in the graveyard; -1 once it has incarnated (000 glossary
        "Incarnation - X": once per battle)."""
        self.claimed = [-1] * n
        """Per unit: the seat whose third row and control it incarnates into (``claim_incarnation``;
        -1: its own). Shared with clones: replaced, never changed in place."""
        self.poison = [0] * n
        """Poisoning X on each unit (named: the largest applies; 000 glossary "Poisoning at X")."""
        self.uses_battle = {}
        """(unit, ability index) → uses so far (for ``uses_per_battle``)."""
        self.uses_turn = {}
        self.units = ([], [])
        self.lands = ([], [])
        """Per seat, its terrains: in the auxiliary zone, never targets (000 1.8), not in ``units``, but
        they open at their owner's turn start, use their abilities and fire their turn triggers."""
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
        self.limit = ""
        """The engine bounds reached (:attr:`BattleResult.limit`)."""
        self._depth = 0
        """How deep the triggered abilities now firing are (:data:`MAX_TRIGGER_DEPTH`)."""
        self._fired = 0
        """Triggered abilities fired this turn (:data:`MAX_TRIGGERS_PER_TURN`)."""
        self._turn_actions = 0
        """Actions applied this turn (:data:`MAX_ACTIONS_PER_TURN`)."""
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
        self._init_squares()
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
        return BattleResult(self.winner, self.reason, self.turn + 1 if self._started else 0, left, self.limit)


    # ------------------------------------------------------------------ queries for players


    def targets(self, u: int) -> list[int]:
        """Enemy cards unit ``u`` may strike now (empty if it cannot act; a ``strike_limit`` keeps
        those in its position)."""
        if self._binders and self.bound(u) >= 0:  # (``bind``: only the card it is bound to, and
            bound = [v for v in self._targets(u) if v == self.bound(u)]  # only if its limit allows)
            return [v for v in bound if self._strike_ok(u, v)] if self._strike_limits else bound
        if self._strike_limits:
            return [v for v in self._targets(u) if self._strike_ok(u, v)]
        return self._targets(u)

    def _targets(self, u: int) -> list[int]:
        """:meth:`targets` before a ``strike_limit``."""
        if not self.can_act(u):
            return []
        enemy = 1 - self.seat[u]
        if self.kind[u] == FLYER:
            if self._taunters:
                return self._taunt_filter(u, list(self.units[enemy]), "simple")
            return list(self.units[enemy])
        if self.kind[u] not in (GROUND, COMPANION, PARASITE):
            return []
        if self._steppers or self._taunters or self._far_strikers:
            out = self._plain_targets(u)
            if self._steppers:
                out += [v for v in self.units[enemy] if v not in out and self._wrap_near(u, v)]
            if self._far_strikers:
                out += [v for v in self.units[enemy] if v not in out and self._far_ok(u, v)]
            if self._taunters:
                out = self._taunt_filter(u, out, "simple")
        else:
            out = self._plain_targets(u)
        if self._doublers and self.twice[u] == self.turn and self._second_apart(u):
            return [v for v in out if v != self.twice_on[u]]  # ("по разным картам": the second one)
        return out

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


    def legal_actions(self) -> list[Action]:
        """Every legal action of the active player: ``END_TURN`` first, then per unit its moves,
        strikes, 4.16 closing, accumulating and ability uses. An ability on N different targets is
        listed with as many targets as it may take (fewer are legal too; :meth:`is_legal`)."""
        if self.over:
            return []
        out: list[Action] = [END_TURN]
        lands = self.lands[self.active]
        for u in self.units[self.active] + lands if lands else self.units[self.active]:
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
        lose_again = self._again >= 0 and not (t is Strike and act[0] == self._again)
        if lose_again and t is not EndTurn and not self.is_legal(action):
            raise IllegalAction(f"{action} is not legal here")  # (an illegal one must cost nothing)
        self._turn_actions += 1
        if lose_again:
            self._lose_again()  # ("только подряд": the second strike had to come next)
        if self._turn_actions > MAX_ACTIONS_PER_TURN and t is not EndTurn:
            self._reached("actions_per_turn", act[0], "")
            self._finish(None, "action_limit")
            return
        if self._ghosts and t is not EndTurn:
            if not self.is_legal(action):  # (checked first: an illegal announcement changes nothing)
                raise IllegalAction(f"{action} is not legal here")
            self._announce(act[0], t is Move)  # an incorporeal card sharing a square may die
            if self.over:
                return
            if t is UseAbility or t is Strike:
                # Its target may be that incorporeal card: the announcement killed it before the
                # action was carried out, so the action is aimed at the targets still alive (000
                # glossary "Incorporeal creature"); with none left nothing happens and nothing is paid.
                aimed = act[2] if t is UseAbility else (act[1],)
                if isinstance(aimed, tuple) and any(isinstance(v, int) and 0 <= v < self.n
                                                    and not self.alive[v] for v in aimed):
                    left = tuple(v for v in aimed if not (isinstance(v, int) and 0 <= v < self.n)
                                 or self.alive[v])
                    if not left:
                        return
                    if t is UseAbility:
                        act = UseAbility(act[0], act[1], left)
            if t is not UseAbility and not self.is_legal(act):
                # A death the announcement caused changed the actor itself (e.g. a blessing from a
                # dying card made 30/173 take flight): the step or strike can no longer be made, so
                # nothing more happens (000 glossary "Incorporeal creature").
                return
        closers = self._trig["card_closes"]
        was_open = list(self.open) if closers and t is not EndTurn else None
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
        if self._answer_follow:
            self._answers_done()
        if was_open is not None and not self.over:
            self._closings(was_open)
        if t is not Move and t is not EndTurn and self._trig["enemy_first_action"] and not self.over:
            self._first_act(act[0])
        if self._trapped and t is not Move and t is not EndTurn and not self.over:
            self._spring_traps(act[0])
        if self._trig["squad_stays_open"] and t is not Move and t is not EndTurn and not self.over:
            self._stayed_open(act[0])
        if self._variable and not self.over:
            self._situate()

    def _stayed_open(self, u: int) -> None:
        """Trigger ``squad_stays_open``: creature ``u`` took an action and is still open (30/185)."""
        if not (self.alive[u] and self.creature[u] and self.open[u]):
            return
        for w in list(self._trig["squad_stays_open"]):
            if self.seat[w] == self.seat[u] and self.alive[w] and self.alive[u] and not self.over:
                self._fire(w, "squad_stays_open", u, u)

    def _closings(self, was_open: list[bool]) -> None:
        """Trigger ``card_closes``: each card in play that was open before the action just carried out
        and is closed now sets off the watchers' abilities, aimed at it (30/151, 30/25, 30/115)."""
        for x in range(self.n):
            if was_open[x] and not self.open[x] and self.alive[x] and not self.over:
                for w in list(self._trig["card_closes"]):
                    if self.alive[w] and self.alive[x] and not self.over:
                        self._fire(w, "card_closes", x, x)

    def _answers_done(self) -> None:
        """The ``then`` abilities of the die responses used during the action just carried out
        (40/24 Анволд: "уменьшить выбранный бросок кубика на 2, при этом разряд на 1")."""
        while self._answer_follow and not self.over:
            (w, index), *rest = self._answer_follow
            self._answer_follow = rest
            if self.alive[w]:
                self._follow(w, index, (), None)
        self._answer_follow = []

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
        new._dashers = self._dashers
        new._jump_swaps = self._jump_swaps
        new._gateways = self._gateways
        new._heal_jumpers = self._heal_jumpers
        new._doublers = self._doublers
        new._cause = self._cause
        new._excess = self._excess
        new._tricked = self._tricked
        new._slayer = self._slayer
        new._last_step = self._last_step
        new._moved_from = self._moved_from
        new._move_dr = self._move_dr
        new._move_dc = self._move_dc
        new._prior = self._prior
        new._hunting = self._hunting
        new._step_hurt = self._step_hurt
        new._blasting = self._blasting
        new._tasters = self._tasters
        new.done = self.done
        new._did_watch = self._did_watch
        new._took_watch = self._took_watch
        new._hurt_watch = self._hurt_watch
        new.hurt_set = self.hurt_set
        new.took = self.took
        new._attack_blockers = self._attack_blockers
        new._healed_now = self._healed_now
        new._fury_nth = self._fury_nth
        new._again = self._again
        new._draws = self._draws
        new._eaters = self._eaters
        new._poison_mods = self._poison_mods
        new._fixed = self._fixed
        new._furies = self._furies
        new._forcing = self._forcing
        new._fixers = self._fixers
        new._twicers = self._twicers
        new._upgraders = self._upgraders
        new._tier_setters = self._tier_setters
        new._first_roll = []
        new._fix_tier = self._fix_tier
        new._fury_add = self._fury_add
        new._fury_die = self._fury_die
        new._about = self._about
        new._hurt_by = self._hurt_by
        new._fury_pre = self._fury_pre
        new._roll_hurt = self._roll_hurt
        new._unhealing = self._unhealing
        new._edgy = self._edgy
        new._roll_watch = self._roll_watch
        new._event_die = self._event_die
        new._redirectors = self._redirectors
        new._rebuff = self._rebuff
        new.depth_sq = self.depth_sq
        new._dry = self._dry
        new._floods = self._floods
        new._deep = self._deep
        new._far_strikers = self._far_strikers
        new._far_guards = self._far_guards
        new._drag_step = self._drag_step
        new._kin_ref = self._kin_ref
        new._overhealed = []
        new.entered = self.entered
        new._host_watch = self._host_watch
        new._rider_fates = self._rider_fates
        new._wolves = self._wolves
        new.next_face = list(self.next_face)
        new.unit_face = self.unit_face  # (replaced, never changed in place)
        new.unit_plus = self.unit_plus  # (the same)
        new._frm = self._frm
        new._grant_ver = self._grant_ver
        new._granting = self._granting
        new._guarded = self._guarded
        new._hauling = self._hauling
        new._ghosts = self._ghosts
        new._markers = self._markers
        new.ghost = self.ghost
        new._ignorers = self._ignorers
        new._last_strike_value = self._last_strike_value
        new.shield_next = self.shield_next
        new._answer_follow = self._answer_follow
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
        new._responding = self._responding
        new._answering = self._answering
        new._cancelled = self._cancelled
        new._sudden = self._sudden
        new._roots = self._roots
        new._seat_triggers = self._seat_triggers
        new._sit_deps = self._sit_deps
        new._silencers = self._silencers
        new._sit_glance = self._sit_glance
        new._sit_memo = self._sit_memo
        new._start_counters = self._start_counters
        new._started = self._started
        new._static = self._static
        new._steppers = self._steppers
        new._barrers = self._barrers
        new._strike_tier = self._strike_tier
        new._strikers = self._strikers
        new._auras = self._auras
        new._aura_states = self._aura_states
        new._stuns = self._stuns
        new._grave_wounds = self._grave_wounds
        new._trapped = self._trapped
        new._ranged_at_me = False  # (transient: only while an ``enemy_ranged`` trigger fires)
        new._zone_walk = False
        new._vacated = -1
        new._shape_own = 0
        new._squad_blocks = self._squad_blocks
        new._no_defenders = self._no_defenders
        new._defender = -1
        new._streaks = self._streaks
        new._nomagic = self._nomagic
        new._healers = self._healers
        new._shapers = self._shapers
        new._shaped = self._shaped
        new.aloft = self.aloft  # (replaced, never changed in place)
        new.shapes = self.shapes
        new._context = self._context
        new._taunt_skip = self._taunt_skip
        new._taunt_free = self._taunt_free
        new._taunters = self._taunters
        new._jump_watch = self._jump_watch
        new._binders = self._binders
        new._stand_binders = self._stand_binders
        new._cheaters = self._cheaters
        new._closed_parry = self._closed_parry
        new._strike_limits = self._strike_limits
        new._lost_now = self._lost_now
        new._tiered = self._tiered
        new._tiers_now = self._tiers_now
        new._tracking = self._tracking
        new._trig = self._trig
        new._variable = self._variable
        new._watchers = self._watchers
        new._zone_sq = -1
        new._zone_from = -1
        new._dealt = 0
        new._jump_from = -1
        new._zone_mover = -1
        new._zoned = self._zoned
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
        new.limit = self.limit
        new._depth = self._depth
        new._fired = self._fired
        new._turn_actions = self._turn_actions
        new.regen = self.regen
        new.rider = self.rider
        new.rng = self.rng
        new.rooted = self.rooted
        new.seat = self.seat
        new.owner = self.owner
        new._controlled = self._controlled
        new.seed = self.seed
        new.shield = self.shield
        new.slots = self.slots
        new.stunned = self.stunned
        new.heading = self.heading
        new.delayed = self.delayed
        new.spare = self.spare
        new._last_life = self._last_life
        new.tokens = self.tokens
        new.claimed = self.claimed
        new.triggers = self.triggers
        new.turn = self.turn
        new.unanswerable = self.unanswerable
        new.units = self.units
        new.lands = self.lands
        new.uses_battle = self.uses_battle
        new.uses_turn = self.uses_turn
        new.vampire = self.vampire
        new.walk = self.walk
        new.winner = self.winner
        new.wounds = self.wounds
        new.n_squad = self.n_squad
        new.zone = self.zone
        new.leaving = self.leaving
        new._reserved = self._reserved
        new._deck_rng = self._deck_rng
        new.deck = (list(self.deck[0]), list(self.deck[1]))
        new.seen_top = self.seen_top
        new.exiled_on_death = self.exiled_on_death
        new._shown = -1
        new._shown_now = []
        new._entered_now = []
        new._chain_about = -1
        new._exiled_last = -1
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
        if self._deck_rng is not None:
            if dice_seed is not None:  # (a look-ahead must not see the deck's order: shuffled afresh)
                new._deck_rng = random.Random(dice_seed ^ 0xDEC0DE)
                new.seen_top = (0, 0)
                for s in (0, 1):
                    new._deck_rng.shuffle(new.deck[s])
            else:
                new._deck_rng = random.Random()
                new._deck_rng.setstate(self._deck_rng.getstate())
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


    # ------------------------------------------------------------------ abilities


    # ------------------------------------------------------------------ death


_COLUMNS: dict[tuple[tuple[int, ...], int], tuple] = {}
"""Per (card keys, size of seat 0's squad): the cards' profiles, their :data:`ROWS` columns and
their start counters (see ``Battle``)."""

_SEEDED: list[Any] = [None, None]
"""The last seed given to :func:`_seeded_stream` and its generator state."""


def _seeded_stream(seed: int) -> random.Random:
    """A fresh ``random.Random(seed)``; asked again for the same seed, it is made from that seed's
    kept state: a searching player clones several copies with one seed per decision, and restoring
    a state costs about two thirds of seeding (a sudden action's look-ahead asks each seed once)."""
    if _SEEDED[0] != seed:  # (a seed seen once is only seeded: keeping its state would cost more)
        _SEEDED[0], _SEEDED[1] = seed, None
        return random.Random(seed)
    if _SEEDED[1] is None:
        _SEEDED[1] = random.Random(seed).getstate()
    stream = random.Random.__new__(random.Random)
    stream.setstate(_SEEDED[1])
    return stream


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
        xs = [a.damage[0] for a in found if a.kind == "incarnation" and a.cost == "passive" and not a.extra
              and a.damage and PROFILES[k].is_creature]
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


def reserves(
    squads: tuple[Sequence[Card], Sequence[Card]],
    decks: tuple[Sequence[Card], Sequence[Card]] | None,
    graves: tuple[Sequence[Card], Sequence[Card]] | None,
) -> tuple[list[Card], list[int], list[bool]]:
    """The cards beyond the squads that get a unit of the battle (they may enter play): the whole
    deck of a seat some card of whose squad takes cards from it (:data:`DECK_KINDS`, ``prophecy``),
    then every card of the graveyards given (put there before recruiting). Per card its seat and
    whether it lies in the deck. None of them: the battle is the squads' alone, as without decks."""
    cards: list[Card] = []
    seats: list[int] = []
    in_deck: list[bool] = []
    if decks is not None:
        for s in (0, 1):
            if decks[s] and any(uses_deck(c) for c in squads[s]):
                cards.extend(decks[s])
                seats.extend([s] * len(decks[s]))
                in_deck.extend([True] * len(decks[s]))
    if graves is not None:
        for s in (0, 1):
            cards.extend(graves[s])
            seats.extend([s] * len(graves[s]))
            in_deck.extend([False] * len(graves[s]))
    return cards, seats, in_deck


def play_battle(
    squads: tuple[Sequence[Card], Sequence[Card]],
    players: tuple[Player, Player],
    seed: int = 0,
    config: BattleConfig | None = None,
) -> BattleResult:
    """Play one battle (seat 0 moves first) and return its result. Deterministic for a seed."""
    return Battle(squads, players, seed=seed, config=config).run()


__all__ = ["Battle", "BattleConfig", "BattleResult", "IllegalAction", "play_battle"]
