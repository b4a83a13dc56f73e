"""Triggers, wounds and death: abilities that fire on an event, protections and caps against an
attack, vampirism, blessing and curse given in the battle, incarnation, and what a death sets
off (a mixin of :class:`~analysis.battle.engine.Battle`; 000 = the classic rulebook).

- Death (4.17) at wounds ≥ life; a host's rider dies with it; "on death" abilities fire from where
  the card stood, then "on kill" abilities of the card that destroyed it. End (7.1, 7.5): a player
  with no creatures loses, both at once is a draw. Optional 7.6: a draw after ``stall_rounds`` full
  rounds with no change of life. A hard cap of ``max_rounds`` full rounds ends every game: 7.3/7.4
  (higher total cost of the squad in play, terrain included, wins; equal is a draw) or a plain
  draw (``timeout_rule``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from mypy_extensions import mypyc_attr

from analysis.battle.board import AUX, NOWHERE, half_rows
from analysis.battle.common import (
    _AIMED,
    _ALLY_DIES,
    _ALLY_WOUNDED,
    _CREATURE_DIES,
    _DEATH,
    _DIES,
    _HURT,
    _KILL,
    _MARKED,
    _SQUAD_WOUNDED,
    _WOUNDED,
    MAX_TRIGGER_DEPTH,
    MAX_TRIGGERS_PER_TURN,
    has_limit,
)
from analysis.battle.effects import Effects
from analysis.battle.interface import IllegalAction
from analysis.battle.powers import (
    meets,
    reach,
    slot,
    slots_of,
    triggered,
)
from analysis.battle.tables import FLYER, PROFILES, card_key, card_of
from analysis.cards.abilities import Ability, CardAbilities
from analysis.cards.ability_rules import (
    covers,
    facts,
    groups,
    matches,
    protected,
    strike_passives,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Triggers(Effects):
    """Triggered abilities, guards and deaths (see the module docstring)."""

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
        if state == "even_life":
            return self.creature[v] and (self.life[v] - self.wounds[v]) % 2 == 0
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
        attack that set off ``attacked`` (its ``from`` must cover it). Beyond
        :data:`~analysis.battle.common.MAX_TRIGGER_DEPTH` nested triggers, or
        :data:`~analysis.battle.common.MAX_TRIGGERS_PER_TURN` in the turn, nothing fires: the chain
        stops there and :meth:`_reached` records it (an endless chain would exhaust the stack)."""
        if self._depth >= MAX_TRIGGER_DEPTH:
            self._reached("trigger_depth", u, trigger)
            return
        if self._fired >= MAX_TRIGGERS_PER_TURN:
            self._reached("triggers_per_turn", u, trigger)
            return
        self._fired += 1
        self._depth += 1
        try:
            self._fire_now(u, trigger, context, about, kind)
        finally:
            self._depth -= 1

    def _fire_now(self, u: int, trigger: str, context: int, about: int, kind: str | None) -> None:
        """:meth:`_fire` within the bounds."""
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
            if ab.kind == "reposition":  # to a free square of its own 2nd or 3rd row, its player's pick
                if limited:
                    self._count_use(u, index)
                self._reposition(u)
                continue
            if ab.kind == "mark":  # a marker on the square of the card the trigger is about
                if limited:
                    self._count_use(u, index)
                if trigger in ("turn_start", "enemy_turn_start"):  # on a square its player picks
                    squares = list(range(30))
                    sq = self.players[self.seat[u]].choose_square(self, u, ab.marker or "", squares)
                    if sq not in squares:
                        raise IllegalAction(f"square {sq} is not a battlefield square")
                else:
                    x = about if about >= 0 else context if context >= 0 else u
                    sq = self.pos[x] if self.alive[x] else self.died_at[x]
                self._place_mark(u, sq, ab.marker or "")
                continue
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
            elif trigger == "enters_creature" and ab.range is None:  # the creatures on the square it entered
                cands = [u] if ab.target == "self" else []
                here = ([context, self.rider[context]] if ab.every else [context]) if context >= 0 else []
                for w in here if ab.target != "self" else ():
                    mine = w >= 0 and self.seat[w] == self.seat[u]
                    if (w >= 0 and self.alive[w] and self.creature[w]
                            and (ab.target == "any" or (ab.target == "ally") == mine)
                            and (self.hidden[w] or meets(slot(self.key[u], index), self.key[w]))
                            and (ab.kind not in ("heal", "poison") or not self.ghost[w])):
                        cands.append(w)
            elif trigger == "defends" and ab.range is None and ab.target in ("ally", "any"):
                cands = [context] if context >= 0 and self.alive[context] else []
            elif trigger in _AIMED and ab.range is None \
                    and ab.target in ("enemy", "any"):
                ok = (context >= 0 and self.alive[context] and self.seat[context] != self.seat[u]
                      and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context]))
                      and (ab.kind not in ("heal", "poison") or (self.creature[context]
                                                                 and not self.ghost[context])))
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
            if state == "vs_even_life":  # against attacks by creatures with even life left
                holds = self.creature[src] and (self.life[src] - self.wounds[src]) % 2 == 0
            elif state == "closed":
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
        healed = 0 if self.ghost[x] else min(dealt, self.wounds[x])  # (incorporeal: extra life only)
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

    def _reposition(self, u: int) -> None:
        """``reposition``: ground card ``u`` moves to a free square of its own 2nd or 3rd row that
        its player chooses (``Player.choose_square``)."""
        p = self.pos[u]
        if p < 0 or self.host[u] >= 0 or not self.alive[u]:
            return
        rows = half_rows(self.seat[u])[1:]
        squares = [r * 5 + c for r in rows for c in range(5) if self.board[r * 5 + c] < 0]
        if not squares:
            return
        to = self.players[self.seat[u]].choose_square(self, u, "reposition", squares)
        if to not in squares:
            raise IllegalAction(f"square {to} is not a free square of unit {u}'s 2nd or 3rd row")
        self._leave(u, p)
        self.board[to] = u
        self.occupied |= 1 << to
        self.pos[u] = to
        self._board_ver += 1
        if self.rider[u] >= 0:
            self.pos[self.rider[u]] = to
        if self.log is not None:
            self._emit({"e": "move", "u": u, "to": to})
        if self._markers and self.marks[to]:
            self._entered(u, to)

    def _announce(self, u: int, moving: bool, seat: int = -1) -> None:
        """The active player (or ``seat``: the other appoints a defender) announces an action of
        unit ``u`` (``moving``: a step): each of his incorporeal creatures sharing a square dies,
        except ``u`` stepping on (000 glossary "Incorporeal creature": it dies when its player
        announces any game action other than its further movement). A destruction: no wounds; its
        "on death" abilities fire."""
        dead = [x for x in self.units[self.active if seat < 0 else seat]
                if self.ghost[x] and self.pos[x] >= 0 and self.share[self.pos[x]] == x
                and not (moving and x == u)]
        if not dead:
            return
        fallen = []
        for x in dead:
            r = self.rider[x]
            if self.log is not None:
                self._emit({"e": "destroyed", "u": x, "by_what": "shared_square"})
            self._kill(x)
            fallen.append(x)
            if r >= 0 and not self.alive[r]:
                fallen.append(r)
        if self._any_triggers:
            for x in fallen:
                if self.triggers[x] & _DEATH:
                    self._fire(x, "death")
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
        if p >= 0:
            self._leave(x, p)  # (a card sharing the square, incorporeal, holds it alone now)
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
