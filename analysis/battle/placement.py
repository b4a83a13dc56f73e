"""Placement and reveal: the squads go onto the board, hidden cards and riders find their place,
the battle's start counters and "at the beginning of the battle" abilities (a mixin of
:class:`~analysis.battle.engine.Battle`; 000 = the classic rulebook, RULES.md §6).

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
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from analysis.battle.board import (
    AUX,
    COLS,
    NOWHERE,
    half_rows,
    placement_problem,
    row_of,
)
from analysis.battle.common import _BATTLE_START, _PLACEMENT_PROBLEMS, _UNCHECKED
from analysis.battle.interface import IllegalAction
from analysis.battle.tables import (
    ARTIFACT,
    COMPANION,
    FLYER,
    GROUND,
    PARASITE,
    TERRAIN,
)
from analysis.battle.turns import Turns
from analysis.cards.ability_rules import facts, matches


@mypyc_attr(allow_interpreted_subclasses=True)
class Placement(Turns):
    """The placement and reveal of both squads (see the module docstring)."""

    def _setup(self) -> None:
        n0 = self.seat[:self.n_squad].count(0)  # seat 0's squad first, then seat 1's (reserves after)
        squad = self.n_squad
        for seat in (0, 1):
            mine = list(range(n0)) if seat == 0 else list(range(n0, squad))
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
        special = [u for u in range(squad) if kind[u] != GROUND]
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
            for u in range(n0, squad)  # seat 1's units
            if pos[u] >= 0 and pos[u] // COLS == back and kind[u] in (GROUND, ARTIFACT)
        ]
        if candidates:
            for u in self.players[1].hide(self, candidates):
                if u not in candidates:
                    raise IllegalAction(f"unit {u} may not be hidden")
                self.hidden[u] = True
        # 3.12: parasites, the First player's first.
        far: list[int] = []
        for seat in (0, 1):
            for u in special:
                if self.seat[u] == seat and kind[u] == PARASITE and self._attach(u, 1 - seat):
                    far.append(u)
        for u in range(self.n):
            if not self.alive[u]:
                continue
            s = self.seat[u]
            if self.kind[u] != TERRAIN:
                self.units[s].append(u)
            else:
                self.lands[s].append(u)  # (acts from the auxiliary zone; never a target, 000 1.8)
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
                    "dead": [u for u in range(squad) if not self.alive[u]],
                }
            )
        if self._variable:  # the situational facts of the squads as placed (formation …)
            self._setup_static()
            self._situate()
        for u in far:  # (a parasite placed by its ``host_anywhere``: its ``hosted_anywhere`` facts)
            if self.alive[u] and not self.over:
                self._fire(u, "hosted_anywhere")
        if self._any_triggers:
            # 3.13: "at the beginning of the battle" abilities, the players alternating from the First.
            queues = [[u for u in self.units[s] + self.lands[s] if self.triggers[u] & _BATTLE_START]
                      for s in (0, 1)]
            while (queues[0] or queues[1]) and not self.over:
                for s in (0, 1):
                    if queues[s]:
                        u = queues[s].pop(0)
                        if self.alive[u]:
                            self._fire(u, "battle_start")
        self._check_end()

    def _may_host(self, u: int, h: int) -> bool:
        """``host_only``: rider ``u`` may be placed only on a host its filters select (30/56)."""
        for ab in facts(self.cards[u]):
            if ab.kind == "host_only" and not matches(ab, self.cards[h]):
                return False
        return True

    def _attach(self, u: int, host_seat: int) -> bool:
        """Put companion/parasite ``u`` on a host of ``host_seat`` chosen by its player, or kill it;
        whether a parasite's ``host_anywhere`` placed it outside the first row (40/182)."""
        front = half_rows(host_seat)[0]
        hosts = [
            h
            for h in range(self.n)
            if self.seat[h] == host_seat and self.kind[h] == GROUND and self.alive[h]
            and self.pos[h] >= 0 and self.rider[h] < 0
            and (self.kind[u] == COMPANION or row_of(self.pos[h]) == front)
            and (self.ghost[u] or not self.ghost[h])  # 000 1.5.2 b: only an incorporeal symbiote
            and self._may_host(u, h)
        ]
        anywhere = False
        if not hosts and self.kind[u] == PARASITE and any(ab.kind == "host_anywhere"
                                                          for ab in facts(self.cards[u])):
            # ("если … не может быть помещена на существо противника в его первом ряду — может быть
            # помещена на вскрытое существо противника в любом ряду", 40/182 Трущобная крыса)
            hosts = [h for h in range(self.n)
                     if self.seat[h] == host_seat and self.kind[h] == GROUND and self.alive[h]
                     and self.pos[h] >= 0 and self.rider[h] < 0 and not self.hidden[h]
                     and (self.ghost[u] or not self.ghost[h])]
            anywhere = bool(hosts)
        old = self.pos[u]
        self.board[old] = -1
        self.occupied &= ~(1 << old)
        host = self.players[self.seat[u]].attach(self, u, hosts) if hosts else -1
        if host < 0:
            self.alive[u] = False
            self.pos[u] = NOWHERE
            return False
        if host not in hosts:
            raise IllegalAction(f"unit {host} cannot host unit {u}")
        self.host[u] = host
        self.rider[host] = u
        self.pos[u] = self.pos[host]
        return anywhere
