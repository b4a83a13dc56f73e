"""Turns and movement: what opens, heals and wounds at the start of a turn, the end of a turn and
of the game, steps on the board, closing, preparing and accumulating (a mixin of
:class:`~analysis.battle.engine.Battle`; 000 = the classic rulebook, RULES.md §6).

- Turns (000 6.3-6.5): at the start of a turn the active player's cards open, regeneration heals,
  poisoning wounds (glossary "Poisoning at X": an open creature takes X wounds at the start of its
  turn), armor is renewed for every card (armor works "during each player's turn"), a card prepared
  for a strike on flyers becomes ready, and the "at the start of the turn" abilities fire. A ground
  creature that has not acted moves orthogonally to empty squares, one square per movement point,
  and may then act; acting (a strike, a ``tap`` ability, accumulating a counter, closing for a
  flyer) ends its movement and closes it (000 2.4, 4.1.1). An ability paid with counters only
  (``counter``) is not an action (000 2.6): the card keeps its movement and may still act.
  Companions and parasites move with their host.
- Incorporeal creatures (000 glossary "Incorporeal creature", 003 L1230): a ground incorporeal
  creature may also step onto a square another card holds and share it (``share``: per square, the
  incorporeal card standing on a square whose ``board`` holder is another card; one per square). It
  dies when its player announces any other action than its own further movement (the engine's
  ``_announce``, :mod:`~analysis.battle.triggers`); while sharing it makes no attack of its own (it
  would die announcing it) and can be attacked as a card on that square. When the holder leaves or
  dies, the incorporeal card holds the square alone (:meth:`Turns._leave`). Ending the turn is no
  game action: a sharing card survives it.
- Markers on squares (``marks``: per square, the markers on it as (kind, owner unit, turn placed);
  the kinds are data, :data:`analysis.cards.abilities.MARKERS`): a ``mark`` fact or an attack with
  ``marker`` puts one on a square (:meth:`Turns._place_mark`); an ``enter`` marker wounds a creature
  that moves onto its square (a step, a push, a teleport: :meth:`Turns._entered`), an
  ``owner_turn_start`` one every card on its square at the start of its owner's next turn. Their
  wounds are an effect of the card that put them there (fortitude and protection from effects block
  them; 30/145 Аранта, 10/22 Орк-бомбардир).
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from analysis.battle.board import ADJ4, COLS, NEAR, SQUARES
from analysis.battle.common import _ADJACENT, _ENEMY_TURN_START, _MOVE, _TURN_START
from analysis.battle.interface import IllegalAction
from analysis.battle.powers import triggered
from analysis.battle.strikes import Strikes
from analysis.battle.tables import ABILITIES, FLYER, GROUND
from analysis.cards.abilities import MARKERS
from analysis.cards.ability_rules import granted_keywords, protected


@mypyc_attr(allow_interpreted_subclasses=True)
class Turns(Strikes):
    """Turns, steps and the end of the game (see the module docstring)."""

    def _init_squares(self) -> None:
        """Incorporeal creatures and shared squares (see the module docstring)."""
        self.ghost = [self.creature[u] and (self.cards[u].has("incorporeal") or any(
            kw == ("incorporeal", 1) for kw in granted_keywords(self.cards[u], self.seat[u])))
            for u in range(self.n)]
        """Per unit: an incorporeal creature (000 glossary "Incorporeal creature"; a standing ``keyword``
        fact may say it where the card list lacks the icon: 60/143 Уста Архааля, "Бестеленый:")."""
        self._ghosts = any(self.ghost)
        self.share = [-1] * 30
        """Per square: the incorporeal card sharing it with the ``board`` holder (-1: none)."""
        self.marks = [()] * SQUARES
        """Per square: its markers, (kind, owner unit, turn placed) each (see the module docstring)."""
        self._markers = any(ab.marker or ab.kind == "delayed_wound"
                            for k in set(self.key) for ab in ABILITIES[k])
        """Markers on squares or delayed wounds on cards can occur."""
        self.doomed = [()] * self.n
        """Per unit: its ``delayed_wound``s, (source unit, wounds, turn due) each (60/115)."""
        self.grave_wound = [0] * self.n
        """Per unit lying in the graveyard: the wounds of the ``grave_wound`` it held as it died (30/63)."""

    def _place_mark(self, owner: int, sq: int, kind: str) -> None:
        """Unit ``owner`` puts a ``kind`` marker on square ``sq`` (one of a kind per square)."""
        if sq < 0 or any(m[0] == kind for m in self.marks[sq]):
            return
        self.marks[sq] = (*self.marks[sq], (kind, owner, self.turn))
        if self.log is not None:
            self._emit({"e": "mark", "u": owner, "sq": sq, "kind": kind})

    def _entered(self, v: int, sq: int) -> None:
        """Card ``v`` has just moved onto square ``sq``: its ``enter`` markers act on it."""
        for kind, owner, _ in self.marks[sq]:
            m = MARKERS[kind]
            if m.moment != "enter" or not self.alive[v] or self.over:
                continue
            if m.enemies_only and self.seat[owner] == self.seat[v]:
                continue
            if m.strike:
                if self.creature[v] and self.alive[owner] and self.has_strike[owner]:
                    self._ambush(owner, v)
                continue
            if m.wounds and (m.every_card or self.creature[v]) \
                    and not set(self.cards[v].elements) & set(m.spares):
                self._mark_wound(v, m.wounds, owner, kind)
                if m.once:
                    self.marks[sq] = tuple(x for x in self.marks[sq] if x[0] != kind)
        watchers = self._trig["squad_enters_mark"]
        if watchers and self.creature[v] and self.alive[v] and not self.over:
            for w in list(watchers):  # ``squad_enters_mark``: a creature of its squad entered a marked square
                if self.alive[w] and self.seat[w] == self.seat[v] and not self.over:
                    self._fire(w, "squad_enters_mark", v)

    def _ambush(self, u: int, v: int, event: str = "ambush") -> None:
        """``u`` fights ``v`` with its simple strike, as with an open card, without closing (out of
        its turn: it keeps its state): an ambush marker's strike, or a ``fight`` (log ``event``)."""
        was = (self.open[u], self.acted[u], self.moves[u])
        opened_v = self.open[v]
        self.open[v] = True
        if self.log is not None:
            self._emit({"e": event, "u": u, "target": v})
        self._strike_on(u, v, v, False)
        if self.alive[v]:
            self.open[v] = opened_v
        if self.alive[u]:
            self.open[u], self.acted[u], self.moves[u] = was

    def _turn_marks(self, seat: int) -> None:
        """The ``owner_turn_start`` markers put by ``seat``'s cards before this turn act on every
        card on their squares, then go."""
        for sq in range(SQUARES):
            for mark in self.marks[sq]:
                kind, owner, placed = mark
                m = MARKERS[kind]
                if m.moment == "enemy_turn_start":  # at the start of each turn of its owner's opponent
                    if self.seat[owner] == seat:
                        continue
                elif m.moment != "owner_turn_start" or self.seat[owner] != seat or placed >= self.turn:
                    continue
                self._timed_mark(sq, mark)

    def _end_marks(self) -> None:
        """The end of a turn: the ``owner_turn_end`` markers put by the active player's cards before
        this turn act on every card on their squares, then go (30/53 Мастер порталов)."""
        seat = self.active
        for sq in range(SQUARES):
            for mark in self.marks[sq]:
                kind, owner, placed = mark
                m = MARKERS[kind]
                if m.moment != "owner_turn_end" or self.seat[owner] != seat or placed >= self.turn:
                    continue
                self._timed_mark(sq, mark)

    def _timed_mark(self, sq: int, mark: tuple[str, int, int]) -> None:
        """A marker whose moment has come (:meth:`_turn_marks`, :meth:`_end_marks`) acts on the cards
        on square ``sq`` — the creatures, or every card, and a rider — but those it ``spares``; a
        ``once`` marker goes first."""
        kind, owner, _ = mark
        m = MARKERS[kind]
        if m.once:
            self.marks[sq] = tuple(x for x in self.marks[sq] if x != mark)
        here = [x for x in (self.board[sq], self.share[sq]) if x >= 0]
        if here and self.rider[here[0]] >= 0:
            here.append(self.rider[here[0]])
        for v in here:
            if self.alive[v] and not self.over and (m.every_card or self.creature[v]) \
                    and not set(self.cards[v].elements) & set(m.spares):
                self._mark_wound(v, m.wounds, owner, kind)

    def _unmark(self, x: int) -> None:
        """Card ``x`` has died: the ``owner_bound`` markers it put go (60/32 Алый пламевержец)."""
        for sq in range(SQUARES):
            if self.marks[sq] and any(m[1] == x and MARKERS[m[0]].owner_bound for m in self.marks[sq]):
                self.marks[sq] = tuple(m for m in self.marks[sq]
                                       if m[1] != x or not MARKERS[m[0]].owner_bound)

    def _expire_marks(self) -> None:
        """The end of a turn: the ``this_turn`` markers go; a square losing one that ``leaves`` another
        gets it from the same card, if it is in play (60/165: a lost bonfire leaves rot)."""
        for sq in range(SQUARES):
            if not self.marks[sq]:
                continue
            gone = [m for m in self.marks[sq] if MARKERS[m[0]].this_turn]
            if gone:
                self.marks[sq] = tuple(m for m in self.marks[sq] if not MARKERS[m[0]].this_turn)
                for kind, owner, _ in gone:
                    if MARKERS[kind].leaves and self.alive[owner]:
                        self._place_mark(owner, sq, MARKERS[kind].leaves)

    def _spare(self, u: int, v: int, how: str = "") -> None:
        """``u`` attacks ``v`` (``how``: ``simple`` or the attack kind): its ``delayed_wound``s from
        ``v`` due this turn are lifted (60/115: not if it attacks the phantom that turn), and those
        whose ``from`` names ``how`` whatever card it attacks (50/207: "если … не нападёт {strike}");
        one with ``delay = "near"`` is never lifted (50/85 Рысь)."""
        self.doomed[u] = tuple(d for d in self.doomed[u]
                               if d[2] != self.turn or d[4] == "near"
                               or (d[0] != v if not d[3] else how not in d[3]))

    def _doom_due(self) -> None:
        """The end of a turn: each ``delayed_wound`` due now on a card of the active player wounds it
        (a plain wound, "ранится", or an effect), then every due one goes; one with ``delay = "near"``
        lands only on a target that stands next to its source then (50/85 Рысь)."""
        for v in list(self.units[self.active]):
            if not self.doomed[v]:
                continue
            due = [d for d in self.doomed[v] if d[2] == self.turn]
            self.doomed[v] = tuple(d for d in self.doomed[v] if d[2] > self.turn)
            for src, n, _, _, delay, how in due:
                if delay == "near" and not (self.alive[src] and self.pos[src] >= 0 and self.pos[v] >= 0
                                            and NEAR[self.pos[src]][self.pos[v]]):
                    continue
                if self.alive[v] and not self.over \
                        and not protected(self.cards[v], how, self.cards[src], self.seat[v]):
                    self.wounds[v] += n
                    self._quiet_from = self.turn + 1
                    if self.log is not None:
                        self._emit({"e": "wound", "u": v, "by": n, "by_what": "delayed_wound"})
                    self._settle([v], src, None, "wound")

    def _mark_wound(self, v: int, n: int, owner: int, kind: str) -> None:
        """A marker of ``owner`` wounds ``v`` by ``n`` (an effect of ``owner``'s card, or a spell:
        :attr:`~analysis.cards.abilities.Marker.via`)."""
        if protected(self.cards[v], MARKERS[kind].via, self.cards[owner], self.seat[v]):
            return
        self.wounds[v] += n
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "wound", "u": v, "by": n, "by_what": kind})
        self._settle([v], owner, None, "effect")
        if self._avengers and self.alive[v] and self.seat[v] != self.seat[owner] and not self.over:
            self._hurt(v, owner, "effect", n)

    def _spring_traps(self, u: int) -> None:
        """``trap``: ``u`` has just taken an action; if it is a creature of a squad traps are laid for,
        they all spring on it — each wounds it as its ``via`` (its protections apply) — and go (30/78)."""
        seat = self.seat[u]
        laid = self.traps[seat]
        if not laid or not self.creature[u] or not self.alive[u]:
            return
        self.traps = list(self.traps)
        self.traps[seat] = ()
        for owner, n, via in laid:
            if not self.alive[u] or self.over:
                break
            if not n or protected(self.cards[u], via, self.cards[owner], seat):
                continue
            self.wounds[u] += n
            self._quiet_from = self.turn + 1
            if self.log is not None:
                self._emit({"e": "wound", "u": u, "by": n, "by_what": "trap"})
            self._settle([u], owner, None, via)
            if self._avengers and self.alive[u] and not self.over:
                self._hurt(u, owner, via)

    def sharing(self, u: int) -> bool:
        """Whether incorporeal unit ``u`` stands on a square another card holds."""
        p = self.pos[u]
        return p >= 0 and self.share[p] == u

    def _leave(self, x: int, s: int) -> None:
        """Card ``x`` leaves square ``s`` (a step, a push, its death): a card sharing the square
        with it holds it alone now."""
        board = self.board
        if board[s] == x:
            other = self.share[s]
            if other >= 0:
                board[s] = other
                self.share[s] = -1
            else:
                board[s] = -1
                self.occupied &= ~(1 << s)
        elif self.share[s] == x:
            self.share[s] = -1

    def _pass_turn(self) -> None:
        """000 6.5: the active player passes; the other's turn begins."""
        self._end_turn()
        if self._acting is not None:
            self._guarded = True  # the player whose turn it was may not act any more
        if not self.over:
            self._start_turn()

    def _start_turn(self) -> None:
        self._started = True
        self._again = -1  # (a second strike "in a row" never outlives its turn)
        active = self.active
        if "rebuff" in self._sit_deps:
            self._rebuff_check()
        if self._wolves:
            self._take_forms(active)  # (before the turn: a werewolf's form, data/README.md "Werewolves")
        over: list[int] = []  # (``overhealed``: more regeneration than wounds)
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
        for u in self.lands[active]:  # a terrain opens too (it closes to pay for its abilities)
            opened[u] = True
            acted[u] = False
        self._fired = 0
        self._turn_actions = 0
        prepared, poison, stunned = self.prepared, self.poison, self.stunned
        healed = False
        poisoned = False
        closed: list[int] = []
        if self._host_watch:
            closed = [u for u in self.units[active] if not opened[u]]
            self._host_choices(active)
        openers = self._trig["opens"]
        opening = [u for u in openers if self.seat[u] == active and self.alive[u] and not opened[u]
                   and not stunned[u]] if openers else []  # ("когда открывается": it was closed)
        for u in self.units[active]:
            opened[u] = True
            acted[u] = False
            moves[u] = points[u]
            if prepared[u] == 1:
                prepared[u] = 2
            if stunned[u]:
                # 002 "Регенерация", "Отравление": a creature that did not open at the start of its
                # turn (a stun keeps it closed) neither regenerates nor takes its poisoning.
                continue
            if regen[u] and wounds[u] and not (self._ghosts and self.ghost[u]) \
                    and not self._sick(u):  # 002 "Регенерация"
                heal = min(regen[u], wounds[u])
                if regen[u] > wounds[u] and u in self._trig["overhealed"]:
                    over.append(u)  # (more regeneration than wounds: "избыточное лечение", 40/124)
                if self._healers:  # ("излечивается на X+1", 30/71)
                    heal = min(wounds[u], heal + self._heal_more(u, heal))
                if self._heal_jumpers and self._heal_jump(u, heal):
                    heal = 0  # (a jump instead of the heal: 30/72 Глоа)
                wounds[u] -= heal
                healed = True
                if self._last_life:
                    self._respare(u)
                if self.log is not None:
                    self._emit({"e": "heal", "u": u, "by": heal})
            if poison[u]:
                poisoned = True
        if self._tracking:
            self._new_turn_walks()
        if self.done[0] or self.done[1]:
            self.done = [0, 0]  # ("в этом ходу": the attacks made this turn, 60/219)
        if self._took_watch and any(self.took):
            self.took = [0] * self.n  # ("в этот ход получил раны от …", 60/211)
        if self._hurt_watch and any(self.hurt_set):
            self.hurt_set = [0] * self.n  # ("нанес раны трем или более картам противника в этот ход", 60/203)
        kept: list[int] = [u for u in self.units[active] if stunned[u]] if poisoned and self._stuns else []
        if self._stuns:
            self._keep_stunned(active)
        if closed and not self.over:
            self._hosts_opened(active, closed)
        if self._grave_wounds and not self.over:
            self._grave_wounding(active)  # (a ``grave_wound`` kept in the graveyard: 30/63)
        for u in over:
            if self.alive[u] and not self.over:
                self._fire(u, "overhealed")
        if self._x_trig:
            self._turn_start_triggers(active)
        if self._variable and not self.over:
            self._situate()
        if healed:
            self._quiet_from = self.turn + 1
        if poisoned:
            # Glossary "Poisoning at X": an open creature takes X wounds at the start of its turn.
            for u in list(self.units[active]):
                if self.poison[u] and self.alive[u] and u not in kept:
                    by = self._poison_wounds(u) if self._poison_mods else self.poison[u]
                    self.wounds[u] += by
                    self._quiet_from = self.turn + 1
                    if self.log is not None:
                        self._emit({"e": "wound", "u": u, "by": by, "by_what": "poison"})
                    if self._trig["enemy_poisoned"]:
                        self._poisoned(u)
            self._settle(list(self.units[active]), -1, None, "poison")  # (deaths "от отравления", 60/142)
        if self._markers and not self.over:
            self._turn_marks(active)
        if self._any_incarnation and not self.over:
            self._incarnate(active)  # a start-of-turn trigger: after the cards open (000 6.3)
        if self._any_triggers and not self.over:
            seat_triggers = self._seat_triggers
            if seat_triggers[active] & _TURN_START:
                for u in self.units[active] + self.lands[active]:
                    if self.triggers[u] & _TURN_START and self.alive[u] and not self.over:
                        self._fire(u, "turn_start")
            if seat_triggers[1 - active] & _ENEMY_TURN_START:
                for u in self.units[1 - active] + self.lands[1 - active]:
                    if self.triggers[u] & _ENEMY_TURN_START and self.alive[u] and not self.over:
                        self._fire(u, "enemy_turn_start")
        for u in opening:  # (it opened in this opening phase: 000 6.3)
            if self.alive[u] and self.open[u] and not self.over:
                self._fire(u, "opens")
        if self._sudden and not self.over:
            self._sudden_window(1 - active, "turn_start", -1, -1)  # (data/README.md "Sudden actions")

    def _end_turn(self) -> None:
        if self.leaving and not self.over:  # (cards that entered for this turn go to exile first)
            self._leave_at_end()
        if (self._x_trig or self.delayed) and not self.over:
            self._turn_end_triggers()
            if self.over:
                return
        if self.aloft and not self.over:
            self._shapes_due()  # (type changes "until the end of the turn", data/README.md "Type changes")
            if self.over:
                return
        if self._sudden and not self.over:
            self._sudden_window(1 - self.active, "turn_end", -1, -1)  # after the end-of-turn triggers
            if self.over:
                return
        if self._markers and not self.over:
            self._end_marks()  # (``owner_turn_end`` markers: 30/53's portal)
            if self.over:
                return
            self._doom_due()
            if self.over:
                return
        if self._dry and not self.over:
            self._reshape(self.depth_sq, 0, self._floods)  # (a ``drain`` lasts to the end of the turn)
        if self._variable:
            self._expire_grants()
            if not self.over:
                self._situate()
        self.shield[1 - self.active] = 0  # a shield lasts until the end of the enemy turn it covers
        if self.shield_next[1 - self.active]:  # (one kept for the opponent's next turn)
            self.shield = list(self.shield)
            self.shield[1 - self.active] = self.shield_next[1 - self.active]
            self.shield_next = list(self.shield_next)
            self.shield_next[1 - self.active] = 0
        if (self._furies or self._forcing) and (self.next_face[0] or self.next_face[1]):
            self.next_face = [0, 0]  # ``next_roll``: "this turn"
        if self._markers:
            self._expire_marks()
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

    def _reached(self, what: str, u: int, trigger: str) -> None:
        """A bound of the engine (``what``, :mod:`analysis.battle.common`) stopped unit ``u``'s
        ``trigger`` (empty: an action): added to :attr:`limit` the first time, with a ``limit``
        event in the record."""
        if what in self.limit.split(","):
            return
        self.limit = f"{self.limit},{what}" if self.limit else what
        if self.log is not None:
            self._emit({"e": "limit", "u": u, "what": what, "trigger": trigger or None, "turn": self.turn})

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

    def can_act(self, u: int) -> bool:
        """Whether the active player's unit ``u`` may still strike this turn."""
        return (
            self.alive[u] and self.seat[u] == self.active and self.open[u] and not self.acted[u]
            and self.has_strike[u] and not (self._ghosts and self.sharing(u))
        )

    def steps(self, u: int) -> list[int]:
        """Squares unit ``u`` may step to now (000 3.14; a jump or a wrap: :meth:`_extra_steps`),
        none an enemy ``bar`` closes to it (:meth:`barred`)."""
        out = self._steps(u)
        if self._barrers and out:
            barred = self.barred(u)
            if barred:
                return [s for s in out if not barred >> s & 1]
        return out

    def _steps(self, u: int) -> list[int]:
        """:meth:`steps` before the enemy bars (a war machine moved by closing a creature next to it:
        :meth:`_haul_steps`)."""
        if self._strike_only(u):
            return []  # (``strike_again`` / ``strikes_twice``: one more simple strike, nothing else)
        if self._hauling and self.kind[u] != GROUND:
            return self._haul_steps(u)
        if self._steppers and self.alive[u] and self.kind[u] == GROUND and self.seat[u] == self.active \
                and self.open[u] and not self.acted[u] and not (self._roots and self._rooted(u)):
            board = self.board
            near = [s for s in ADJ4[self.pos[u]] if board[s] < 0] if self.moves[u] > 0 else []
            if self._ghosts and self.ghost[u] and self.moves[u] > 0:
                near = [s for s in ADJ4[self.pos[u]] if board[s] < 0 or self.share[s] < 0]
            return near + [s for s in self._extra_steps(u) if s not in near]
        if not (self.alive[u] and self.kind[u] == GROUND and self.seat[u] == self.active and self.open[u]
                and not self.acted[u] and self.moves[u] > 0) or (self._roots and self._rooted(u)):
            return []
        board = self.board
        if self._ghosts and self.ghost[u]:  # 000 glossary "Incorporeal creature": occupied squares too
            share = self.share
            return [s for s in ADJ4[self.pos[u]] if board[s] < 0 or share[s] < 0]
        return [s for s in ADJ4[self.pos[u]] if board[s] < 0]

    def _move(self, u: int, to: int) -> None:
        """One orthogonal step of ground creature ``u`` to the empty square ``to`` (000 3.14)."""
        if self._hauling and self.kind[u] != GROUND:
            self._haul(u, to)  # (a war machine: ``hauled``)
            return
        frm = self.pos[u]
        if self._jump_swaps and 0 <= to < SQUARES and self.board[to] >= 0 and self.board[to] != u \
                and self.seat[self.board[to]] == self.seat[u] and self.alive[u] \
                and self.seat[u] == self.active and self.open[u] and not self.acted[u] \
                and to in self._extra_steps(u):
            self._jump_swap(u, to)  # (onto the square of a creature of its squad: 30/172)
            return
        extra = self._steppers and to not in ADJ4[frm] and to in self._extra_steps(u)
        if (not self.alive[u] or self.seat[u] != self.active or self.kind[u] != GROUND or not self.open[u]
                or self.acted[u] or (self.moves[u] <= 0 and not extra) or (to not in ADJ4[frm] and not extra)
                or self.again[u] == self.turn
                or (self.board[to] >= 0 and not (self._ghosts and self.ghost[u] and self.share[to] < 0))
                or (self._roots and self._rooted(u))
                or (self._barrers and self.barred(u) >> to & 1)):
            raise IllegalAction(f"unit {u} cannot move to square {to}")
        onto = other = -1
        if self._ghosts:
            other = self.share[frm]  # (for the record: who stays on the square it leaves)
            self._leave(u, frm)
            onto = self.board[to]
            if onto >= 0:
                self.share[to] = u  # an incorporeal creature shares the square
            else:
                self.board[to] = u
                self.occupied |= 1 << to
        else:
            self.board[frm] = -1
            self.board[to] = u
            self.occupied ^= (1 << frm) | (1 << to)
        self.pos[u] = to
        if self.shifted[u] == self.turn:
            self.reshifted[u] = self.turn  # (a second move this turn: ``vs_state = "moved_again"``)
        self.shifted[u] = self.turn
        r = self.rider[u]
        if r >= 0:
            self.pos[r] = to
        self.moves[u] -= 1
        self.hidden[u] = False
        if self.log is not None:
            if other < 0:
                self._emit({"e": "move", "u": u, "to": to})
            elif other == u:  # an incorporeal card leaves a shared square: the holder stays
                self._emit({"e": "move", "u": u, "to": to, "solo": 1})
            else:  # the holder leaves: the incorporeal card sharing its square stays
                self._emit({"e": "move", "u": u, "to": to, "stay": other})
        if self._tracking:
            self._after_step(u, frm, to, onto)
        if self._roots:
            self._unroot_by(u)
        if self._deep:
            self._depth_moved(u, frm)  # (a dive or a surfacing: data/README.md "Depth and surface")
        if extra and self._is_jump(u, frm, to):
            self.moves[u] = 0  # 002 "Прыжок": all movement is spent; it stays open and may act
            if self._variable and (u in self._trig["jump"] or u in self._trig["teleports"]):
                self._situate()  # (its ``when`` conditions read the square it landed on: 60/136)
            if self._teleported(u, frm, to):  # (000 3.15: a teleportation spends it all the same)
                if u in self._trig["teleports"]:
                    self._fire(u, "teleports")
                for w in self._trig["squad_teleports"]:  # ("при телепортации другого вашего …", 50/151)
                    if w != u and self.seat[w] == self.seat[u] and self.alive[w] and not self.over:
                        saved, self._vacated = self._vacated, frm  # (``onto = "vacated"``: 30/161 Кседдэн)
                        self._fire(w, "squad_teleports", u, u)
                        self._vacated = saved
            else:
                if self._jump_watch:
                    self._count_jump(u)
                if u in self._trig["jump"]:
                    self._jump_from = frm  # (``area = "jumped"``: the squares it passed over, 30/95)
                    self._fire(u, "jump")
            r = self.rider[u]  # ("при прыжке или телепортации хозяина", 50/147 Демонёнок)
            if r >= 0 and self._trig["host_jumps"] and r in self._trig["host_jumps"] and self.alive[r] \
                    and not self.over:
                self._fire(r, "host_jumps", u, u)
        if self._markers and self.marks[to] and not self.over:
            self._entered(u, to)
        if self._zoned and self.alive[u] and not self.over:
            self._zone_entered(u, frm, to, True)  # (``enemy_enters`` / ``enemy_leaves``: a watched square;
            #                                         its own move: ``sides_walk``, 30/131)
        if onto >= 0 and self.creature[onto] and u in self._trig["enters_creature"] \
                and self.alive[u] and self.alive[onto] and not self.over:
            self._last_step = to - frm  # (``per = "heading_steps"``: the direction of this step)
            self._moving(frm, to)  # (``onto = "onward"``: on along its move, 60/138)
            self._fire(u, "enters_creature", onto, onto)  # (an incorporeal creature shares its square;
            # ``when_state`` reads that creature: 50/52 "получить {counter}, если оно закрыто")
        if onto >= 0 and u in self._trig["enters_creature"]:  # (for ``area = "entered_pair"``)
            self.entered = list(self.entered)
            self.entered[u] = (self.turn, self.moves[u], to, onto)
        if onto >= 0 and onto in self._trig["ghost_enters"] and self.alive[u] and self.alive[onto] \
                and not self.over:
            self._fire(onto, "ghost_enters", u)  # (the holder of the square it shares: 50/210 Медиум)
        if onto >= 0 and onto in self._trig["ally_enters"] and self.seat[onto] == self.seat[u] \
                and self.alive[u] and self.alive[onto] and not self.over:
            self._fire(onto, "ally_enters", u)  # (``ghost_enters`` of its own squad's: 40/191)
        if self._watchers and self.creature[u] and self.alive[u]:
            self._watched(u, to)
        if self._trig["squad_approached"] and self.creature[u] and self.alive[u] and not self.over:
            self._approached(u, frm, to)
        if self._trig["moves_heading"] and self.creature[u] and not self.over:
            self._stepped(u, frm, to)
        if self._trig["enemy_leaves_adjacent"] and self.creature[u] and not self.over:
            self._left(u, frm, to)
        if self._step_hurt and not self.over:
            self._moved_hurt(u)  # ("при перемещении — раниться на 2", 60/25)
        if self._trig["squad_steps"] and frm >= 0 and to in ADJ4[frm] and self.alive[u] and not self.over:
            for w in self._trig["squad_steps"]:  # ("когда ваш дух двигается на соседнюю клетку", 60/113)
                if self.seat[w] == self.seat[u] and self.alive[w] and not self.over:
                    self._fire(w, "squad_steps", -1, u)
        if self._trig["host_moves"] and self.rider[u] >= 0 and not self.over:
            self._host_moved(u)  # (its rider's "при перемещении хозяина", 60/1, 30/120)
        if u in self._trig["leaves_opposite"] and self.alive[u] and not self.over:
            self._left_opposite(u, frm, to)  # (40/117 Сирена)
        if self._movers and self.triggers[u] & _MOVE and self.alive[u] and not self.over:
            dr, dc = to // COLS - frm // COLS, to % COLS - frm % COLS  # (``when = "stepped_back"``)
            self._drag_step = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
            if self._variable:
                self._situate()  # (its ``when`` conditions read the square it has just stepped onto)
            self._fire(u, "move")

    def _watched(self, u: int, to: int) -> None:
        """The ``enemy_moves_adjacent`` abilities of the enemy cards next to square ``to``, where
        enemy creature ``u`` just stepped (000 glossary "Triggered ability": it fires when its
        condition occurs; aimed at the creature that moved). Those of the cards of its own squad fire
        too when one of their facts on it has ``target = "any"`` (any creature: 50/187 Фонарщик); its
        other facts then find no target."""
        near = NEAR[to]
        for w in list(self.units[1 - self.seat[u]]) + list(self.units[self.seat[u]]):
            if (w != u and self.triggers[w] & _ADJACENT and self.alive[w] and self.pos[w] >= 0
                    and near[self.pos[w]] and self.alive[u] and not self.over
                    and (self.seat[w] != self.seat[u] or any(
                        self.slots[w][i].ability.target == "any"
                        for i in triggered(self.key[w], "enemy_moves_adjacent")))):
                self._fire(w, "enemy_moves_adjacent", u)

    def _approached(self, u: int, frm: int, to: int) -> None:
        """``squad_approached``: enemy creature ``u`` stepped from ``frm`` onto ``to``; for each creature
        of the watcher's squad it is now next to and was not before, the watcher fires, aimed at ``u``,
        about that creature (30/76 Одвин: "когда существо противника передвигается на клетку рядом с
        вашим стражем леса этот страж леса может сразиться с этим существом")."""
        near, was = NEAR[to], NEAR[frm] if frm >= 0 else None
        for w in list(self._trig["squad_approached"]):
            if self.seat[w] == self.seat[u] or not self.alive[w]:
                continue
            for x in list(self.units[self.seat[w]]):
                p = self.pos[x]
                if (self.alive[x] and self.creature[x] and p >= 0 and near[p] and not (was and was[p])
                        and self.alive[u] and self.alive[w] and not self.over):
                    self._fire(w, "squad_approached", u, x)

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
        if self._trig["counters_reach"]:
            self._counted(u)
        for w in self._trig["squad_accumulates"]:  # ("когда ваше существо копит {counter}", 50/59)
            if self.seat[w] == self.seat[u] and self.alive[w] and self.alive[u] and not self.over:
                self._fire(w, "squad_accumulates", u, u)

    def can_prepare(self, u: int) -> bool:
        """000 4.16: unit ``u`` may close now "for a strike against a flying creature"."""
        enemy = 1 - self.active
        return (
            self.can_act(u) and self.kind[u] != FLYER and self.n_ground[enemy] == 0
            and self.n_creatures[enemy] > 0 and self.prepared[u] == 0
            and not (self._doublers and self.twice[u] == self.turn)
        )

    def can_accumulate(self, u: int) -> bool:
        """000 1.11.1: a card that pays with counters may close to accumulate one (up to its
        ``max_counters``)."""
        if not (self.counter_user[u] and self.alive[u] and self.seat[u] == self.active and self.open[u]
                and not self.acted[u]) or (self._ghosts and self.sharing(u)) or self._strike_only(u) \
                or (self._binders and self.bound(u) >= 0):
            return False
        most = self.profiles[u].max_counters
        return not most or self.counters[u] < most
