"""The battle engine: two squads on the 5×6 board, from placement to the end of the game.

Rules implemented (000 = the classic rulebook, RULES.md §4 and §6):

- Placement (000 3.8-3.10): the First player (seat 0) places first; each seat fills its placement
  tiers in order (:data:`analysis.battle.board.PLACEMENT_TIERS`), the Second player may use his
  whole 1st row at once. One card per square.
- Reveal (000 3.11-3.12): flying creatures and terrains go to the auxiliary zone; companions
  (symbiotes) are put on a non-flying creature of their own squad, parasites on an enemy creature
  in the enemy's 1st row, one per host; those without a host die. The Second player may leave cards
  of his 3rd row hidden until the end of the First player's first turn (3.11.1): they fight
  normally, but the opponent's player sees them only as unknown cards.
- Turns (000 6.3-6.5): at the start of a turn the active player's cards open, regeneration heals,
  armor is renewed for every card (armor works "during each player's turn"), a card prepared for a
  strike on flyers becomes ready. A ground creature that has not acted moves orthogonally to empty
  squares, one square per movement point, and may then strike; striking (an action) ends its
  movement and closes it (000 2.4, 4.1.1). Companions and parasites move with their host.
- Simple strikes (000 4.1-4.9): against an adjacent card (8 neighbours; a host and its rider are
  adjacent) or, for a flying creature, against any enemy card. Both roll if the parrier is an open
  creature, else only the attacker (4.9; artifacts always, and unanswerable strikes). Outcomes come
  from :mod:`analysis.battle.tables` (built on the combat engine), with weakening chosen by the
  player of the higher roller (4.5). Armor absorbs the first X wounds each turn (none from a
  creature with the magic-strike keyword); a card with protection from flying creatures takes no
  wounds from a flyer's strike (its counter-strike still lands); regeneration heals at the start
  of its owner's turn (after the cards open, so always: 003 L1631 heals a card that opened this
  turn too). Modifiers (experience, blessing, curse, clumsiness) act through the tables.
- Defenders (000 4.10-4.14): the inactive player may appoint an open creature next to both the
  attacker and the target (against a flyer's strike: next to the target, or any open flyer; for a
  target in the auxiliary zone: only another flyer); none against a directed strike. The defender
  becomes the parrier and closes.
- Flying creatures (000 1.5.1, 4.16): they do not move and stand next to nothing; non-flying
  creatures may strike them only when the enemy has nothing but flyers left, and only after
  closing "for a strike against a flying creature" on the turn before.
- Death (4.17) at wounds ≥ life; a host's rider dies with it. End (7.1, 7.5): a player with no
  creatures loses, both at once is a draw. Optional 7.6: a draw after ``stall_rounds`` full rounds
  with no change of life. A hard cap of ``max_rounds`` full rounds ends every game: 7.3/7.4 (higher
  total cost of the surviving squad wins, equal is a draw) or a plain draw (``timeout_rule``).

Simplifications (the game is far richer than this): card texts and abilities other than the
keywords above are not modelled (no shots, throws, discharges, spells, special or magical
abilities, vanguard, "at the beginning of the battle" or token abilities, no terrain effects);
creatures never attack their own squad (4.15), never jump or teleport; the 7.6 clause about a
repeating game situation is not checked (the round cap covers it); a hidden Second-player card
is never a flyer (flyers always go to the auxiliary zone at reveal); there is no stack, so no
sudden actions in response; a card with no life in the data has 1, one with no strike deals none.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analysis.battle.board import (
    ADJ4,
    AUX,
    NEAR,
    NEAR_MASK,
    NOWHERE,
    half_rows,
    placement_problem,
    row_of,
)
from analysis.battle.tables import (
    ARTIFACT,
    CLOSED_TABLES,
    COMPANION,
    FLYER,
    GROUND,
    OPEN_TABLES,
    PARASITE,
    PROFILES,
    ROWS,
    TERRAIN,
    card_key,
    closed_table,
    open_table,
)
from analysis.cards import Card

if TYPE_CHECKING:
    from analysis.battle.players import Player


class IllegalAction(ValueError):
    """A player asked for an action the rules do not allow (a bug in that player)."""


TIMEOUT_RULES = ("cost", "draw")


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


class Battle:
    """One battle between seat 0 (the First player) and seat 1. Build, then :meth:`run`.

    Unit ``u`` is an index into the per-unit lists (``seat``, ``kind``, ``wounds``, ``pos``,
    ``open``…): seat 0's squad first, then seat 1's. Players read these lists (read-only) and act
    through :meth:`move`, :meth:`strike` and :meth:`prepare`, which check the rules and raise
    :class:`IllegalAction` otherwise. ``dice`` replaces the seeded d6 by fixed values (tests).
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
        self.cards: list[Card] = list(squads[0]) + list(squads[1])
        n0 = len(squads[0])
        n = len(self.cards)
        self.n = n
        self.seat = [0] * n0 + [1] * (n - n0)
        self.key = [card_key(c) for c in self.cards]
        # The per-card columns depend only on the card keys: shared by battles of the same squads.
        columns = _COLUMNS.get(tuple(self.key))
        if columns is None:
            if len(_COLUMNS) > 100_000:
                _COLUMNS.clear()
            columns = _COLUMNS[tuple(self.key)] = (
                tuple([PROFILES[k] for k in self.key]),
                tuple(zip(*[ROWS[k] for k in self.key], strict=True)) if n else ((),) * 12,
            )
        self.profiles = list(columns[0])
        (kind, life, move, has_strike, armor, regen, directed, unanswerable, magic, prot, cost,
         creature) = columns[1]
        self.kind = list(kind)
        self.life = list(life)
        self.move_points = list(move)
        self.has_strike = list(has_strike)
        self.armor = list(armor)
        self._any_armor = any(armor)
        self.regen = list(regen)
        self.directed = list(directed)
        self.unanswerable = list(unanswerable)
        self.magic = list(magic)
        self.prot_flyers = list(prot)
        self.cost = list(cost)
        self.creature = list(creature)
        self.wounds = [0] * n
        self.pos = [NOWHERE] * n
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
        self.units: tuple[list[int], list[int]] = ([], [])
        self.n_creatures = [0, 0]
        self.n_ground = [0, 0]
        self.seed = seed
        rng = random.Random(seed)
        self.rng = rng
        self._prng: random.Random | None = None
        self._rand = rng.random
        self._fixed = None if dice is None else iter(dice)
        """Fixed dice (tests): each strike takes the attacker's die, then the parrier's if it fights."""
        self._by_dice = self.config.model == "strike_table"
        self._otab = OPEN_TABLES.setdefault(self.config.model, {})
        self._ctab = CLOSED_TABLES.setdefault(self.config.model, {})
        self.turn = 0
        self.active = 0
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self._quiet_from = 0
        self._started = False
        self.log: list[dict[str, Any]] | None = [] if record else None
        self._placements = placements
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
        for seat in (0, 1):
            mine = [u for u in range(self.n) if self.seat[u] == seat]
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
        candidates = [
            u
            for u in range(self.n)
            if self.seat[u] == 1 and self.pos[u] >= 0 and row_of(self.pos[u]) == back
            and self.kind[u] in (GROUND, ARTIFACT)
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
        players = self.players
        while not self.over:
            self._start_turn()
            players[self.active].play_turn(self)
            if self.over:
                break
            self._end_turn()
        return self.result()

    def result(self) -> BattleResult:
        """The result so far (``turns``: turns begun, 0 if the game ended at reveal)."""
        left = (self.n_creatures[0], self.n_creatures[1])
        return BattleResult(self.winner, self.reason, self.turn + 1 if self._started else 0, left)

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
        prepared = self.prepared
        healed = False
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
        if healed:
            self._quiet_from = self.turn + 1

    def _end_turn(self) -> None:
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
                totals = [sum(self.cost[u] for u in self.units[s] if self.alive[u]) for s in (0, 1)]
                if totals[0] == totals[1]:
                    self._finish(None, "timeout_draw")
                else:
                    self._finish(0 if totals[0] > totals[1] else 1, "timeout_cost")
            else:
                self._finish(None, "timeout_draw")
        if not self.over:
            self.turn = played
            self.active ^= 1

    def _finish(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.reason = reason
        if self.log is not None:
            self._emit({"e": "end", "winner": winner, "reason": reason, "turn": self.turn})

    def _check_end(self) -> None:
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
        """Squares unit ``u`` may step to now (000 3.14)."""
        if not (self.alive[u] and self.kind[u] == GROUND and self.seat[u] == self.active and self.open[u]
                and not self.acted[u] and self.moves[u] > 0):
            return []
        board = self.board
        return [s for s in ADJ4[self.pos[u]] if board[s] < 0]

    def targets(self, u: int) -> list[int]:
        """Enemy cards unit ``u`` may strike now (empty if it cannot act)."""
        if not self.can_act(u):
            return []
        enemy = 1 - self.seat[u]
        if self.kind[u] == FLYER:
            return list(self.units[enemy])
        if self.kind[u] not in (GROUND, COMPANION, PARASITE):
            return []
        out = []
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

    def defenders(self, attacker: int, target: int) -> list[int]:
        """Cards the inactive player may appoint as defender (000 4.11-4.14, 4.16)."""
        if self.directed[attacker]:
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

    # ------------------------------------------------------------------ actions

    def move(self, u: int, to: int) -> None:
        """One orthogonal step of ground creature ``u`` to the empty square ``to`` (000 3.14)."""
        if self.over:
            raise IllegalAction("the game is over")
        frm = self.pos[u]
        if (not self.alive[u] or self.seat[u] != self.active or self.kind[u] != GROUND or not self.open[u]
                or self.acted[u] or self.moves[u] <= 0 or to not in ADJ4[frm] or self.board[to] >= 0):
            raise IllegalAction(f"unit {u} cannot move to square {to}")
        self.board[frm] = -1
        self.board[to] = u
        self.occupied ^= (1 << frm) | (1 << to)
        self.pos[u] = to
        r = self.rider[u]
        if r >= 0:
            self.pos[r] = to
        self.moves[u] -= 1
        if self.log is not None:
            self._emit({"e": "move", "u": u, "to": to})

    def prepare(self, u: int) -> None:
        """000 4.16: close ``u`` so that next turn it may strike a flying creature once."""
        if self.over or not self.can_prepare(u):
            raise IllegalAction(f"unit {u} cannot close for a strike against a flying creature")
        self.open[u] = False
        self.acted[u] = True
        self.moves[u] = 0
        self.prepared[u] = 1
        if self.log is not None:
            self._emit({"e": "prepare", "u": u})

    def strike(self, u: int, v: int) -> None:
        """Simple strike of the active player's ``u`` on enemy card ``v`` (000 4.1-4.14)."""
        if self.over:
            raise IllegalAction("the game is over")
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
            elif not NEAR[self.pos[u]][self.pos[v]]:
                raise IllegalAction(f"unit {u} is not next to unit {v}")
        hidden = self.hidden
        hidden[v] = False
        parrier = v
        candidates = () if self.directed[u] else self.defenders(u, v)
        if candidates:
            d = self.players[1 - active].choose_defender(self, u, v, candidates)
            if d >= 0:
                if d not in candidates:
                    raise IllegalAction(f"unit {d} cannot defend unit {v}")
                parrier = d
                hidden[d] = False
        keys = self.key
        weak = False
        fixed = self._fixed
        if opened[parrier] and self.creature[parrier] and not self.unanswerable[u]:
            table = self._otab.get((keys[u] << 20) | keys[parrier])
            if table is None:
                table = open_table(keys[u], keys[parrier], self.config.model)
            if fixed is not None:
                a = next(fixed)
                p = next(fixed)
                i = a * 6 + p - 7
            elif self._by_dice:  # two d6 at once: index = (a - 1) * 6 + (p - 1)
                i = int(self._rand() * 36)
            else:  # defence-die model: equally likely outcomes after re-rolls
                i = int(self._rand() * len(table))
            entry = table[i]
            to_p, to_a = entry[0], entry[1]
            chooser = entry[4]
            if chooser:
                who = u if chooser == 1 else parrier
                alt = (entry[2], entry[3])
                if self.players[seat[who]].weaken(self, who, u, parrier, (to_p, to_a), alt):
                    to_p, to_a = entry[2], entry[3]
                    weak = True
            fought = True
        else:
            ctable = self._ctab.get(keys[u])
            if ctable is None:
                ctable = closed_table(keys[u], self.config.model)
            i = next(fixed) - 1 if fixed is not None else int(self._rand() * len(ctable))
            to_p = ctable[i]
            to_a = 0
            fought = False
        prot = self.prot_flyers
        if kind[u] == FLYER and prot[parrier]:
            to_p = 0
        if kind[parrier] == FLYER and prot[u]:
            to_a = 0
        if self._any_armor:
            armor_left = self.armor_left
            if to_p and armor_left[parrier] and not self.magic[u]:
                absorbed = min(to_p, armor_left[parrier])
                armor_left[parrier] -= absorbed
                to_p -= absorbed
            if to_a and armor_left[u] and not self.magic[parrier]:
                absorbed = min(to_a, armor_left[u])
                armor_left[u] -= absorbed
                to_a -= absorbed
        wounds = self.wounds
        wounds[parrier] += to_p
        wounds[u] += to_a
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
        if self.log is not None:
            # Dice of the Strike Table; under the defence-die model the index of the outcome.
            dice = ([i // 6 + 1, i % 6 + 1] if fought else [i + 1]) if self._by_dice else [i]
            self._emit({"e": "strike", "u": u, "target": v, "parrier": parrier, "dice": dice,
                        "weakened": weak, "wounds": [to_p, to_a]})
        life = self.life
        if wounds[parrier] >= life[parrier] or wounds[u] >= life[u]:
            if wounds[parrier] >= life[parrier]:
                self._kill(parrier)
            if wounds[u] >= life[u]:
                self._kill(u)
            self._check_end()

    def _kill(self, x: int) -> None:
        if not self.alive[x]:
            return
        self.alive[x] = False
        s = self.seat[x]
        p = self.pos[x]
        if p >= 0 and self.board[p] == x:
            self.board[p] = -1
            self.occupied &= ~(1 << p)
        self.pos[x] = NOWHERE
        self.units[s].remove(x)
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


_COLUMNS: dict[tuple[int, ...], tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]] = {}
"""Per tuple of card keys: the cards' profiles and their :data:`ROWS` columns (see ``Battle``)."""

_UNCHECKED = object()
_PLACEMENT_PROBLEMS: dict[tuple[int, tuple[int, ...]], str | None] = {}
"""Memo of :func:`placement_problem` per (seat, squares): squads meet the same placements again."""

SQUARES_OF: dict[int, tuple[int, ...]] = {}
"""Memo of :func:`squares_of` (the masks met are parts of a 3×3 neighbourhood, a few thousand)."""


def squares_of(mask: int) -> tuple[int, ...]:
    """The squares of a bit mask in increasing order (memoised in :data:`SQUARES_OF`): iterating a
    stored tuple is cheaper than peeling the low bits off every time."""
    out = []
    m = mask
    while m:
        low = m & -m
        m ^= low
        out.append(low.bit_length() - 1)
    squares = SQUARES_OF[mask] = tuple(out)
    return squares


def play_battle(
    squads: tuple[Sequence[Card], Sequence[Card]],
    players: tuple[Player, Player],
    seed: int = 0,
    config: BattleConfig | None = None,
) -> BattleResult:
    """Play one battle (seat 0 moves first) and return its result. Deterministic for a seed."""
    return Battle(squads, players, seed=seed, config=config).run()


__all__ = ["Battle", "BattleConfig", "BattleResult", "IllegalAction", "play_battle"]
