"""Simple strikes and defenders: who may strike whom, who defends, the exchange on the Strike
Table, armor and the strike's triggers (a mixin of :class:`~analysis.battle.engine.Battle`;
000 = the classic rulebook, RULES.md §4).

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
- Flying creatures (000 1.5.1, 4.16): they do not move and stand next to nothing; non-flying
  creatures may strike them only when the enemy has nothing but flyers left, and only after
  closing "for a strike against a flying creature" on the turn before. Ranged attacks, spells and
  effects reach them whatever the range (2.1.2).
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from analysis.battle.ability_use import AbilityUse
from analysis.battle.board import NEAR, NEAR_MASK, SQUARES_OF, squares_of
from analysis.battle.common import _STRIKE
from analysis.battle.interface import IllegalAction
from analysis.battle.tables import (
    ALWAYS,
    DEPENDS,
    FLYER,
    TERRAIN,
    closed_table,
    fixed_exchange,
    open_table,
    pair_passives,
)
from analysis.cards.ability_rules import TIER_OF, facts, matches


@mypyc_attr(allow_interpreted_subclasses=True)
class Strikes(AbilityUse):
    """Simple strikes, counter-strikes and defenders (see the module docstring)."""

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
        directed or unanswerable strike; none holding a ``no_defend``; a card with
        ``guards_far`` whose ``vs_*`` the target meets may defend it wherever it stands (40/155)."""
        out = self._defenders(attacker, target)
        if self._no_defenders and out:
            out = [w for w in out if self.may_defend(w)]
        return out

    def _defenders(self, attacker: int, target: int) -> list[int]:
        """:meth:`defenders` before the cards that may not defend are left out: the near ones, then
        the ``guards_far`` ones."""
        out = self._near_defenders(attacker, target)
        if not self._far_guards or (not out and not self._defendable(attacker, target)):
            return out
        for w in self._far_guards:
            if (w != target and w not in out and self.alive[w] and self.open[w] and self.creature[w]
                    and self.seat[w] == self.seat[target]):
                guard = self._has(w, "guards_far")
                if guard is not None and (self.hidden[target] or matches(guard, self.cards[target])):
                    out.append(w)
        return out

    def _defendable(self, attacker: int, target: int) -> bool:
        """Whether a defender may be appointed against ``attacker``'s strike on ``target`` at all."""
        d, un = self.directed[attacker], self.unanswerable[attacker]
        if d == ALWAYS or un == ALWAYS:
            return False
        return not ((d or un) and (self.strike_flag(attacker, target, "directed")
                                   or self.strike_flag(attacker, target, "unanswerable")))

    def _near_defenders(self, attacker: int, target: int) -> list[int]:
        """The defenders by the rulebook's geometry (000 4.11-4.14, 4.16)."""
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
            if seat[w] == enemy and w != target and opened[w] and creature[w] \
                    and not (self._no_defenders and self._has(w, "no_defend") is not None):
                out.append(w)
            x = rider[w]
            if x >= 0 and seat[x] == enemy and x != target and opened[x] and creature[x]:
                out.append(x)
        if len(out) > 1:
            out.sort()  # unit order, as for the other kinds of defence
        return out

    def _capped(self, u: int, counters: int) -> int:
        most = self.profiles[u].max_counters
        return min(counters, most) if most else counters

    def _far_ok(self, u: int, v: int) -> bool:
        """Whether ground creature ``u``'s standing ``far_strike`` lets its simple strike reach enemy
        card ``v`` as an adjacent one (its ``vs_*``: a flyer, a card on a depth square …)."""
        if self.kind[u] == FLYER or self.pos[u] < 0 or not self.alive[v]:
            return False
        for ab in facts(self.cards[u]):
            if ab.kind != "far_strike" or ab.cost != "passive" or ab.formation or ab.when or ab.self_state \
                    or ab.extra or ab.seat:
                continue
            if not matches(ab, self.cards[v]):
                continue
            if ab.vs_state and not self._in_state(v, ab.vs_state):
                continue
            if ab.vs_position == "partner_near":  # (next to a creature in formation with it, 60/189)
                pv = self.pos[v]
                if pv < 0 or not any(NEAR[self.pos[w]][pv] for w in self._formation_partners(u)):
                    continue
            return True
        return False

    def _second_roll(self, u: int, parrier: int, i: int, table) -> int:
        """``roll_twice``: the attacker rolls its die a second time and its player keeps one of the two
        (``Player.choose_roll`` with the outcomes, wounds to the parrier and to the attacker, before
        any weakening); both rolls set its fury off (50/30 Орк-воевода). The Strike Table index kept."""
        a1, p = i // 6 + 1, i % 6 + 1
        a2 = self._die()
        j = (a2 - 1) * 6 + p - 1
        self._first_roll = [a1, a2]
        pick = self.players[self.seat[u]].choose_roll(self, u, parrier, [table[i][:2], table[j][:2]])
        return j if pick == 1 else i

    def _upgrade(self, u: int, parrier: int, i: int, weak: bool, to_p: int, to_a: int,
                 landed: int) -> tuple[int, int, int]:
        """``fight_upgrade`` (30/20 Орк-истязатель: "если его бросок кубика больше и результат
        сражения слабый-промах может свести его к средний-слабый, а если средний-промах — к
        сильный-слабый"): the attacker, whose die is the higher, may move such a result one line up;
        its player decides as for weakening (``Player.weaken``)."""
        kinds = self._strike_tiers(self.key[u], self.key[parrier], i, True, weak)
        if kinds not in ((0, -1), (1, -1)):
            return to_p, to_a, landed
        out = fixed_exchange(self.key[u], self.key[parrier], kinds[0] + 1, 0)
        if self.players[self.seat[u]].weaken(self, u, u, parrier, (to_p, to_a), (out[0], out[1])):
            return out
        return to_p, to_a, landed

    def _fixed_fight(self, u: int, parrier: int) -> bool:
        """Whether a ``fight_result`` card in this exchange (the attacker, else the parrier) makes its
        result that strength for both instead of rolling ("сражаясь {strike} с открытым существом
        противника, может сделать результатом сражения «сильный-сильный»", 60/5 Поури): its player's
        choice (:meth:`Player.fix_fight`); the strength is left in ``_fix_tier``."""
        for w, other in ((u, parrier), (parrier, u)):
            ab = self._has(w, "fight_result")
            if ab is None or not matches(ab, self.cards[other]):
                continue
            tier = TIER_OF[ab.tiers[0]]
            out = fixed_exchange(self.key[u], self.key[parrier], tier)
            if self.players[self.seat[w]].fix_fight(self, w, u, parrier, (out[0], out[1])):
                self._fix_tier = tier
                return True
        return False

    def _strike(self, u: int, v: int) -> None:
        """Simple strike of the active player's ``u`` on enemy card ``v`` (000 4.1-4.14)."""
        kind, seat, alive, opened, acted = self.kind, self.seat, self.alive, self.open, self.acted
        active = self.active
        if (not (alive[u] and seat[u] == active and opened[u] and not acted[u]
                 and self.has_strike[u]) or not alive[v] or seat[v] == seat[u] or kind[v] == TERRAIN):
            raise IllegalAction(f"unit {u} cannot strike unit {v}")
        if self._doublers and self.twice[u] == self.turn and v == self.twice_on[u] and self._second_apart(u):
            raise IllegalAction(f"unit {u} must strike another card with its second strike")
        if self._binders and self.bound(u) not in (-1, v):
            raise IllegalAction(f"unit {u} is bound to strike only unit {self.bound(u)}")
        if self._markers and self.doomed[u]:
            self._spare(u, v, "simple")  # (it attacks the card that doomed it: 60/115; any card: 50/207)
        via_prepare = False
        if kind[u] != FLYER and not (self._far_strikers and self._far_ok(u, v)):
            if kind[v] == FLYER:
                if not (self.prepared[u] == 2 and self.n_ground[seat[v]] == 0):
                    raise IllegalAction(f"unit {u} may not strike flying unit {v} (000 4.16)")
                via_prepare = True
            elif not NEAR[self.pos[u]][self.pos[v]] and not (self._steppers and self._wrap_near(u, v)):
                raise IllegalAction(f"unit {u} is not next to unit {v}")
        if self._taunters and not self._taunt_filter(u, [v], "simple"):
            raise IllegalAction(f"unit {u} may only attack the cards that draw its attacks")
        if self._strike_limits and not self._strike_ok(u, v):
            raise IllegalAction(f"unit {u} may strike only a card in its position (strike_limit)")
        if self._did_watch:
            self._did(u, "simple")  # ("ваши карты совершили {strike}" this turn, 60/219)
        if self._sudden and self._responding < 0:
            # The enemy may answer the announced strike before it is carried out (000 1.9.4, 5.1);
            # interrupted (000 2.9, 5.8: no payment, the attacker stays open) if the attacker is gone
            # or closed, or the target is gone or out of reach.
            self._sudden_window(1 - active, "attack", u, v)
            if self._cancelled:  # (a ``cancel``: not carried out, not paid)
                self._cancelled = False
                return
            if self.over or not (alive[u] and opened[u] and not acted[u]) or not alive[v]:
                return
            if kind[u] != FLYER and kind[v] != FLYER and not NEAR[self.pos[u]][self.pos[v]] \
                    and not (self._steppers and self._wrap_near(u, v)):
                return
        hidden = self.hidden
        hidden[u] = False
        if hidden[v]:
            hidden[v] = False
            if self._trig["revealed"] and v in self._trig["revealed"]:
                self._fire(v, "revealed", u, u)  # ("когда существо противника вскрывает …", 60/208)
                if self.over or not self.alive[u] or not self.alive[v]:
                    return
        if self._trig["declares"] and u in self._trig["declares"]:
            self._fire(u, "declares", v, v)  # ("при нападении {strike}": before it is carried out, 60/2)
            if self.over or not self.alive[u] or not self.alive[v]:
                return
        if self._redirect:
            w = self._redirected(u, v)
            if self.over or not self.alive[u] or not self.alive[w]:
                return  # (a card answering the redirect — 30/79 Мёбу — may have killed one of them)
            if w != v:
                return self._strike_on(u, w, w, via_prepare)
        if self._redirectors:  # a sudden redirect, before any defender (000 "Redirecting an attack")
            w = self._redirect_window(u, v, "simple", -1)
            if self.over or not self.alive[u] or not self.alive[w]:
                return  # (a card answering the redirect — 30/79 Мёбу — may have killed one of them)
            if w != v:
                return self._strike_on(u, w, w, via_prepare)
        parrier = v
        candidates = (self.defenders(u, v)
                      if self.directed[u] != ALWAYS and self.unanswerable[u] != ALWAYS else None)
        if candidates:
            d = self.players[1 - active].choose_defender(self, u, v, candidates)
            if d < 0 and "forces_defender" in self._x_kinds and self._has(u, "forces_defender") is not None:
                # ("если можно назначить защитника, противник обязан это сделать", 30/141): the one
                # with the most life left
                d = max(candidates, key=lambda c: (self.life[c] - self.wounds[c], -c))
            if d >= 0:
                if d not in candidates:
                    raise IllegalAction(f"unit {d} cannot defend unit {v}")
                parrier = d
                hidden[d] = False
                if self._ghosts:  # appointing a defender is a game action of its player
                    self._announce(d, False, 1 - active)
                    if self.over or not self.alive[v] or not self.alive[d]:
                        return
                if self._x_trig:
                    self._defending(d, v)
                    if self.over or not self.alive[d] or not self.alive[u]:
                        return
                r = self.rider[u]  # ("если от {strike} хозяина назначен защитник", 50/38 Карликовый гном)
                if r >= 0 and self._trig["host_defended"] and r in self._trig["host_defended"] \
                        and self.alive[r] and not self.over:
                    self._fire(r, "host_defended", d, d)
                    if self.over or not self.alive[d] or not self.alive[u]:
                        return
        self._strike_on(u, v, parrier, via_prepare)

    def _strike_on(self, u: int, v: int, parrier: int, via_prepare: bool) -> None:
        """The simple strike of ``u`` on ``v`` once ``parrier`` (the target or a defender) is known."""
        kind, seat, alive, opened, acted = self.kind, self.seat, self.alive, self.open, self.acted
        active = self.active
        self._defender = parrier if parrier != v else -1  # (``vs_state = "defending"``: 30/37)
        if self._blockers and self._strike_block(u, parrier):
            return
        if self._furies:
            self._fury_pre = self.wounds[parrier]  # (its wounds as the die is rolled: 60/16)
        saved = None
        if self._twicers:
            self._first_roll = []
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
        fixed = self._fixers and opened[parrier] and self.creature[parrier] and answerable \
            and self._fixed_fight(u, parrier)
        if fixed:  # ("может сделать результатом сражения «сильный-сильный» (вместо броска кубика)")
            to_p, to_a, landed = fixed_exchange(keys[u], keys[parrier], self._fix_tier)
            i = -1
            fought = True
        elif (opened[parrier] or (self._closed_parry and self.parries_closed(parrier))) \
                and self.creature[parrier] and answerable:
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
            if (self._furies or self._forcing) and self._by_dice:  # ``next_roll``: either die
                i = (self._forced_roll(u, i // 6 + 1) - 1) * 6 + self._forced_roll(parrier, i % 6 + 1) - 1
            if self._twicers and self._by_dice and self._has(u, "roll_twice") is not None:
                i = self._second_roll(u, parrier, i, table)  # ("бросьте кубик дважды, выберите один")
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
            if self._upgraders and self._by_dice and i // 6 > i % 6 \
                    and self._has(u, "fight_upgrade") is not None:
                to_p, to_a, landed = self._upgrade(u, parrier, i, weak, to_p, to_a, landed)
            fought = True
        else:
            ctable = self._ctab.get(pair)
            if ctable is None:
                ctable = closed_table(keys[u], keys[parrier], self.config.model)
            if self._fixed is not None or self._draws is not None:
                i = self._die() - 1 if self._by_dice else self._index(len(ctable))
            else:
                i = int(self._rand() * len(ctable))
            if (self._furies or self._forcing) and self._by_dice:
                i = self._forced_roll(u, i + 1) - 1  # ``next_roll``
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
        stays = self._openers and (self._stays_open(u, fought) or (parrier != v and self._defended_open(u)))
        stays_d = self._openers and parrier != v and self._has(parrier, "defends_open") is not None
        if stays:
            opened[u] = True  # 000 2.x (Baraka): it does not close, and does not act again
        if self._doublers:
            self._strike_again(u, v)  # (``strikes_twice``: open, and it may strike once more)
        if stays_d:
            opened[parrier] = True
        if self._any_tiered and (self._tiered[u] or self._tiered[parrier]):
            self._tiers_now = (self._strike_tiers(keys[u], keys[parrier], i, fought, weak) if i >= 0
                               else (self._fix_tier, self._fix_tier))
        if saved is not None:
            self._swap_key(u, saved[0])
            self._swap_key(parrier, saved[1])
        if stripped_armor:
            self.armor_left[parrier] = stripped_armor[0]
            if self._any_guards:
                self.guards[parrier] = stripped_armor[1]
        if self.log is not None:
            # Dice of the Strike Table; under the defence-die model the index of the outcome.
            dice = ([] if i < 0 else [i // 6 + 1, i % 6 + 1] if fought else [i + 1]) if self._by_dice else [i]
            event = {"e": "strike", "u": u, "target": v, "parrier": parrier, "dice": dice,
                     "weakened": weak, "wounds": [to_p, to_a]}
            if stays or stays_d:
                event["stays_open"] = [x for x, f in ((u, stays), (parrier, stays_d)) if f]
            self._emit(event)
        if self._granting and alive[u]:
            self._spend_attack(u)  # (what it held "until its next attack": before the deaths' triggers)
        life = self.life
        if self._hurt_watch:  # (the enemy cards it wounded this turn: 60/203)
            if to_p:
                self._note_hurt(u, parrier)
            if to_a:
                self._note_hurt(parrier, u)
        if self._took_watch:  # (the attacks that wounded it this turn: 60/211)
            if to_p:
                self._took_hit(parrier, "simple")
            if to_a:
                self._took_hit(u, "simple")
        if self._hunting:  # (a hunt marker held before this strike: a flyer's wounds, 2 more; 60/42)
            if to_p:
                self._hunt(parrier, u, "simple")
            if to_a:
                self._hunt(u, parrier, "simple")
        if wounds[parrier] >= life[parrier] or wounds[u] >= life[u]:
            self._settle((parrier, u), u, {parrier: u, u: parrier}, "simple")
        if self._any_triggers and landed and not self.over:
            # On-strike abilities (000 glossary "On strike"; 4.4: a counter-strike is a simple strike).
            triggers = self.triggers
            tiers = self._tiers_now if self._any_tiered else (-1, -1)
            if landed & 1 and triggers[u] & _STRIKE and alive[u]:
                self._strike_tier = tiers[0]
                self._fire(u, "strike", parrier, parrier)  # (``when_state``: the struck card)
            if landed & 2 and triggers[parrier] & _STRIKE and alive[parrier] and not self.over:
                self._strike_tier = tiers[1]
                self._fire(parrier, "strike", u, u)
        if self._streaks and not self.over:
            self._streak_after(u, parrier, bool(landed & 1))  # (``per = "streak"``: 30/18)
        if landed & 1 and self._trig["rider_strike"] and self.host[u] >= 0 and alive[u] and not self.over:
            h = self.host[u]  # ("при {strike} своего компаньона", 30/129 Аммах)
            if self.alive[h] and h in self._trig["rider_strike"]:
                self._fire(h, "rider_strike", parrier, parrier)
        if self._x_trig and landed and self._trig["squad_strike"] and not self.over:
            tiers = self._tiers_now if self._any_tiered else (-1, -1)  # (``tiers`` on it: 50/34)
            tier_was = self._strike_tier
            if landed & 1 and alive[u]:
                self._strike_tier = tiers[0]  # (its strength: "при слабом {strike} вашего существа", 60/176)
                self._squad_struck(u, parrier)
            if landed & 2 and alive[parrier] and not self.over:
                self._strike_tier = tiers[1]
                self._squad_struck(parrier, u)
            self._strike_tier = tier_was
        if (self._furies or self._roll_watch) and self._by_dice and not self.over and i >= 0:
            if self._roll_watch:  # each side rolled one die (the closed parrier none)
                self._rolled(u, [i // 6 + 1 if fought else i + 1])
                if fought and not self.over:
                    self._rolled(parrier, [i % 6 + 1])
            if self._furies and alive[u] and not self.over:
                self._fury(u, self._first_roll if self._first_roll else [i // 6 + 1 if fought else i + 1],
                           parrier)  # ("бешенство активируется каждым из бросков")
        if self._avengers and not self.over:
            if to_p:
                self._hurt(parrier, u, "simple", to_p)
            if to_a and not self.over:  # (the parrier's counter-strike, 000 4.4: "ответный удар")
                self._hurt(u, parrier, "counter" if fought else "simple", to_a)
        if self._x_trig and not self.over:
            if self._trig["attacked"] or self._trig["adjacent_enemy_attacks"]:
                self._attacked(parrier, u, "simple")
            if self._trig["ally_combo"]:
                self._combo_step(u, "simple")
            if self._trig["enemy_roll_over_cost"] and self._by_dice and not self.over and i >= 0:
                # the Strike Table's dice: the attacker's, then (in a fight) the parrier's
                self._over_cost(u, i // 6 + 1 if fought else i + 1)
                if fought and not self.over:
                    self._over_cost(parrier, i % 6 + 1)
            if self._trig["own_strike"] and alive[u] and not self.over and u in self._trig["own_strike"]:
                self._fire(u, "own_strike", parrier)  # (after its simple strike, hit or miss)
            if not landed & 1 and (self._trig["misses"] or self._trig["adjacent_misses"]) and not self.over:
                self._missed(u, parrier)  # ("при промахе в нападении {strike}")
            if self._trig["squad_attack"] and not self.over:  # (its squad sees the attack, hit or miss)
                self._squad_attacked(u, parrier, "simple", self._tiers_now[0] if self._any_tiered else -1)
            if self._trig["squad_miss"] and not landed & 1 and not self.over:
                for w in self._trig["squad_miss"]:  # ("при промахе вашего существа {strike}", 50/19)
                    if seat[w] == seat[u] and alive[w] and not self.over:
                        self._fire(w, "squad_miss", parrier, u)

        if self._dashers and not self.over:
            self._dash(u)  # (Рывок: "при атаке" it may move to a free adjacent square)
