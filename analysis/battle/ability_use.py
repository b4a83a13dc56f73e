"""Abilities used on the board: shots, throws, discharges, spells, heals, poisonings and the
other ability kinds, their costs, uses and targets (a mixin of
:class:`~analysis.battle.engine.Battle`; 000 = the classic rulebook).

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
- Curse and blessing payoffs (data/README.md "Curse and blessing payoffs"): an attack or wounding
  action with ``gives`` also gives each target it was carried out on (not blocked, 000 2.7) that state
  (000 glossary "Curse", "Blessing"), before the deaths it causes are settled; the abilities with cost
  ``then`` that follow an ability are carried out right after it, as part of the same action or
  trigger ("затем"): with ``every`` on all the cards they may aim at (in ``vs_state`` if given),
  with ``target = "self"`` on the card itself when a target of the first meets their ``vs_*``, with
  another target side on the cards its player picks, otherwise on the same targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from analysis.battle.board import COLS, NEAR, ROWS, SQUARES
from analysis.battle.common import _EFFECT_KINDS
from analysis.battle.interface import IllegalAction, UseAbility
from analysis.battle.powers import (
    WOUNDING,
    aimable,
    hit,
    hit_shifted,
    meets,
    reach_slot,
    triggered,
)
from analysis.battle.powers import ability as ability_of
from analysis.battle.tables import ARTIFACT, card_of
from analysis.battle.triggers import Triggers
from analysis.cards.abilities import ATTACKS, ENTRIES, MAGICAL, SHAPES, Ability
from analysis.cards.ability_rules import ARMOR_STOPS, forced_tier, protected, raised_tier, roll_modifier

MAX_SUDDEN_PER_WINDOW = 8
"""At most this many sudden actions of one player in one window (each pays, so few are ever ready)."""
BLOCKED = -1000
"""What :meth:`AbilityUse._effect` returns for an attack its target blocked (000 2.7: paid for, not
carried out — no wounds, no accompanying abilities)."""


_GIVE_CURSE = Ability("give_curse")
_GIVE_BLESSING = Ability("give_blessing")
"""What an attack with ``gives`` does to the card it wounded (facts are immutable: made once)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class AbilityUse(Triggers):
    """Using an ability: checks, payment, targets and what it does (see the module docstring)."""

    def ability(self, u: int, index: int) -> Ability:
        """Ability ``index`` of unit ``u``'s card."""
        return ability_of(self.key[u], index)

    def ability_ready(self, u: int, index: int) -> bool:
        """Whether the active player's unit ``u`` may pay for its playable ability ``index`` now (or,
        for a ``sudden`` one, the unit of the player carrying out a sudden action, :meth:`apply_sudden`):
        ``tap`` needs an open card that has not acted, counters must be there (000 1.11), uses per
        battle / turn and the seat mark must allow it."""
        if not (self.acts[u] and self.alive[u]):
            return False
        if self.seat[u] != self.active and not (self.seat[u] == self._responding
                                                and self._sudden_slot(u, index)):
            return False
        if self._ghosts and self.sharing(u):
            return False  # announcing it would destroy it first (000 glossary "Incorporeal creature")
        if self.seat[u] == self.active and self._strike_only(u):
            return False  # (``strike_again`` / ``strikes_twice``: one more simple strike, nothing else)
        if index not in self.profiles[u].actions:
            return False
        return self.slot_ready(u, self.slots[u][index])

    def _sudden_slot(self, u: int, index: int) -> bool:
        """Whether ``u``'s playable ability ``index`` is a ``sudden`` action."""
        return index in self.profiles[u].actions and self.slots[u][index].ability.sudden

    # ------------------------------------------------------------------ sudden actions

    def sudden_options(self, seat: int) -> list[tuple[int, int]]:
        """The (unit, ability index) pairs of ``seat``'s ``sudden`` actions that could be used now
        outside its turn order (paid for, with a target in reach; data/README.md "Sudden actions")."""
        out: list[tuple[int, int]] = []
        if self.over:
            return out
        for u in self._sudden:
            if self.seat[u] != seat or not self.alive[u] or not self.acts[u]:
                continue
            if self._ghosts and self.sharing(u):
                continue
            for index in self.profiles[u].actions:
                sl = self.slots[u][index]
                if sl.ability.sudden and self.slot_ready(u, sl) and reach_slot(self, u, sl):
                    out.append((u, index))
        return out

    def sudden_targets(self, u: int, index: int) -> list[int]:
        """The units ``u``'s sudden action ``index`` may be aimed at now, whoever's turn it is."""
        if not (self.alive[u] and self._sudden_slot(u, index)):
            return []
        sl = self.slots[u][index]
        return reach_slot(self, u, sl) if self.slot_ready(u, sl) else []

    def apply_sudden(self, seat: int, action: Any) -> None:
        """Carry out ``seat``'s sudden action ``action`` (a ``UseAbility`` of one of its ``sudden``
        abilities, 000 1.9.4) now, whoever's turn it is: what the engine does with a player's answer
        in a sudden window; a player may call it on a clone to look ahead. Checked as an action
        (:class:`IllegalAction`); its dice come from the battle's own stream, never from the draws
        given to the action it answers."""
        if not isinstance(action, UseAbility) or not isinstance(action[0], int) \
                or not 0 <= action[0] < self.n:
            raise IllegalAction(f"{action!r} is not a sudden ability use")
        u, index, targets = action[0], action[1], action[2]
        if self.seat[u] != seat or not isinstance(index, int) or not self._sudden_slot(u, index):
            raise IllegalAction(f"ability {index} of unit {u} is not a sudden action of seat {seat}")
        before, draws = self._responding, self._draws
        self._responding = seat
        self._draws = None
        try:
            self._use(u, index, targets)
        finally:
            self._responding = before
            self._draws = draws

    def _sudden_window(self, seat: int, moment: str, attacker: int, target: int) -> None:
        """``seat`` gets priority outside its turn order (000 5.1, 1.9.4): at ``moment`` —
        ``attack`` / ``action`` (an enemy attack or other action by ``attacker`` announced on
        ``target`` of its squad, before it is carried out), ``turn_start`` / ``turn_end`` (of the
        opponent's turn; ``attacker`` and ``target`` -1) — its player may use sudden actions
        (``Player.sudden``), one after another, until it passes. No answer to an answer: the other
        side gets no window of its own here (a simplification of the stack, 000 5.4)."""
        if self._responding >= 0 or self.over:
            return
        player = self.players[seat]
        before = self._answering
        self._answering = attacker
        try:
            self._answer(player, seat, moment, attacker, target)
        finally:
            self._answering = before

    def _answer(self, player: Any, seat: int, moment: str, attacker: int, target: int) -> None:
        for _ in range(MAX_SUDDEN_PER_WINDOW):
            options = self.sudden_options(seat)
            if not options:
                return
            action = player.sudden(self, seat, moment, attacker, target, options)
            if action is None:
                return
            self.apply_sudden(seat, action)
            if self.over or self._cancelled:
                return

    def slot_ready(self, u: int, sl) -> bool:
        """:meth:`ability_ready` for a living unit of the active player and one of its playable
        abilities, compiled (``slots[u][index]`` with ``index`` in ``profiles[u].actions``)."""
        if sl.closes and (not self.open[u] or self.acted[u]):
            return False
        if self._binders and self.bound(u) >= 0 and self.seat[u] == self.active:
            return False  # (``bind``: it may act only by a simple strike at its binder)
        ab = sl.ability
        if self._nomagic and (ab.kind in MAGICAL or ab.via == "spell") \
                and self._has(u, "no_magic") is not None:
            return False  # ("не может использовать магические способности", 30/87)
        if ab.kind in ENTRIES and not self._entry_possible(u, ab):
            return False
        if ab.counters > self.counters[u]:
            return False
        if ab.tokens and not self._can_pay_tokens(u, ab.tokens):
            return False
        return not sl.limited or self._allowed(u, sl.index, ab)

    def _shape_targets(self, u: int, ab: Ability, t: int) -> tuple[int, ...]:
        """The cards an ``area`` of :data:`SHAPES` hits when aimed at ``t`` (:meth:`_shape_group`);
        none when no group of squares holds ``t``. Asks only: nothing of the battle changes."""
        return self._shape_group(u, ab, t)[0]

    def _shape_group(self, u: int, ab: Ability, t: int) -> tuple[tuple[int, ...], int]:
        """The cards an ``area`` of :data:`SHAPES` hits when aimed at ``t`` and its own cards on those
        squares (at most 4, for ``per = "shape_own"``): of the groups of squares holding ``t``
        (``around_free``: the squares next to a free square next to both ``u`` and ``t``;
        ``square_2x2``; ``diagonal_line``: a diagonal of the board), the one with the most enemy cards
        less its own cards hit (times its own cards on it for ``shape_own``) — every card of the
        ``target`` side on it."""
        p, q = self.pos[u], self.pos[t]
        if q < 0:
            return (), 0
        groups: list[list[int]] = []
        if ab.area == "around_free":
            if p < 0:
                return (), 0
            for f in range(SQUARES):
                if self.board[f] < 0 and NEAR[p][f] and NEAR[q][f]:
                    groups.append([s for s in range(SQUARES) if NEAR[f][s]])
        elif ab.area == "square_2x2":
            r, c = divmod(q, COLS)
            for r0 in (r - 1, r):
                for c0 in (c - 1, c):
                    if 0 <= r0 < ROWS - 1 and 0 <= c0 < COLS - 1:
                        groups.append([(r0 + i) * COLS + c0 + j for i in (0, 1) for j in (0, 1)])
        else:  # ``diagonal_line``: both diagonals through its square
            r, c = divmod(q, COLS)
            for dc in (1, -1):
                groups.append([rr * COLS + c + (rr - r) * dc for rr in range(ROWS)
                               if 0 <= c + (rr - r) * dc < COLS])
        me = self.seat[u]
        best: tuple[int, ...] = ()
        best_score, best_own = -10 ** 9, 0
        for squares in groups:
            cards = []
            for sq in squares:
                for w in (self.board[sq], self.share[sq]):
                    if w >= 0:
                        cards.append(w)
                        if self.rider[w] >= 0:
                            cards.append(self.rider[w])
            cards = [w for w in cards if self.alive[w] and self.kind[w] != 5]
            own = sum(1 for w in cards if self.seat[w] == me)  # (itself too: "ваших карт на этих клетках")
            foes = sum(1 for w in cards if self.seat[w] != me)
            hit = tuple(w for w in cards if (w != u or ab.target == "any")  # ("все карты": itself too)
                        and (ab.target == "any" or (self.seat[w] != me) == (ab.target != "ally")))
            score = foes * min(own, 4) if ab.per == "shape_own" else foes - (own if ab.target == "any" else 0)
            if t in hit and score > best_score:
                best, best_score, best_own = hit, score, min(own, 4)
        return best, best_own

    def _self_too(self, w: int) -> bool:
        """Whether one of ``w``'s ``enemy_ranged`` facts also counts the attacks aimed at it
        (``self_too``: "при дальней атаке существа противника", 30/109 Унния)."""
        return any(sl.ability.self_too and sl.ability.trigger == "enemy_ranged" for sl in self.slots[w])

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
                raise IllegalAction(f"ability {index} ({ab.kind}) of unit {u} cannot be aimed at unit {v}")
        if ab.every:  # "ранить всех …": every card it may aim at (in its ``vs_state``), not a choice
            targets = tuple(v for v in reach_slot(self, u, sl, src)
                            if not ab.vs_state or self._in_state(v, ab.vs_state))
        if ab.area == "target_column":  # every card in the column of the named one (50/35 Медный дракон)
            targets = self.column_cards(targets[0])
            if not targets:
                raise IllegalAction(f"ability {index} of unit {u} names a card on no square")
        elif ab.area in SHAPES:  # (a group of squares given by the card aimed at: 30/119, 30/103, 30/46)
            targets, self._shape_own = self._shape_group(u, ab, targets[0])
            if not targets:
                raise IllegalAction(f"ability {index} ({ab.kind}) of unit {u}: no {ab.area} holds its target")
        if self._sudden and self._responding < 0:
            foe = 1 - self.seat[u]
            aimed = -1
            for v in targets:
                if self.seat[v] == foe:
                    aimed = v
                    break
            if aimed >= 0:  # the enemy may answer before it is carried out and paid for (000 5.2)
                self._sudden_window(foe, "attack" if ab.kind in ATTACKS else "action", u, aimed)
                # Interrupted (000 2.9, 5.8): cancelled, its card is gone or can no longer pay; no
                # payment.
                if self._cancelled:
                    self._cancelled = False
                    return
                if self.over or not self.alive[u] or (sl.closes and not self.open[u]) \
                        or ab.counters > self.counters[u]:
                    return
                src = self.pos[u]
                targets = tuple(v for v in targets if self.alive[v] and aimable(self, u, sl, v, src))
                if not targets:
                    return
        self.hidden[u] = False
        if self._markers and self.doomed[u] and ab.kind in ATTACKS:
            for v in targets:
                self._spare(u, v, ab.kind)  # (it attacks the card that doomed it: 60/115)
        if sl.closes:
            self.open[u] = False
            self.acted[u] = True
            self.moves[u] = 0
        self.counters[u] -= ab.counters
        if ab.tokens:
            self._pay_tokens(u, ab.tokens, False)
        if sl.limited:
            self._count_use(u, index)
        if sl.closes and self._openers and ab.kind in ATTACKS and self._stays_open(u):
            self.open[u] = True  # its attacks do not close it
        if self._redirectors and ab.kind in ATTACKS:  # sudden redirects (000 "Redirecting an attack")
            targets = tuple([self._redirect_window(u, v, ab.kind, index) for v in targets])
            if self.over or not self.alive[u]:
                return  # (a card answering the redirect may have killed it: 30/79 Мёбу)
        self._resolve(u, sl, targets, trigger=None)
        if self._x_trig and ab.kind in ("shot", "throw", "discharge") and self._trig["enemy_ranged"]:
            for w in list(self._trig["enemy_ranged"]):  # (50/58 Див: a ranged attack not at it)
                if self.over or not self.alive[u]:
                    break
                if self.alive[w] and self.seat[w] != self.seat[u] and (w not in targets or self._self_too(w)):
                    self._ranged_at_me = w in targets
                    self._fire(w, "enemy_ranged", u, u)  # (about the attacker: ``when_type``, 30/109)
                    self._ranged_at_me = False
        if ab.counters and self._trig["squad_loses_counters"] and not self.over:
            self._lost_counters(u, ab.counters)  # ("единовременно теряет 2 или более {counter}": 60/45)
        if self._dashers and ab.kind in ATTACKS and not self.over:
            self._dash(u)  # (Рывок: "при атаке" it may move to a free adjacent square)

    def column_cards(self, v: int) -> tuple[int, ...]:
        """Every card in play on a square of ``v``'s column (riders and cards sharing a square too;
        a flyer stands in no column): ``area = "target_column"``."""
        p = self.pos[v]
        if p < 0:
            return ()
        col = p % COLS
        return tuple(w for w in range(self.n)
                     if self.alive[w] and self.pos[w] >= 0 and self.pos[w] % COLS == col)

    def _count_use(self, u: int, index: int) -> None:
        """Count a use (only abilities limited in uses or by seat are counted: :meth:`_allowed`)."""
        self.uses_battle[(u, index)] = self.uses_battle.get((u, index), 0) + 1
        self.uses_turn[(u, index)] = self.uses_turn.get((u, index), 0) + 1

    def _resolve(self, u: int, sl, targets: Sequence[int], trigger: str | None) -> None:
        """Carry out the compiled ability ``sl`` of ``u`` on each target, then the deaths it caused."""
        ab = sl.ability
        dealt: list[int] = []
        dice: list[int] = []
        gives = ab.gives
        given: list[int] = []
        nxt = sl.index + 1
        fresh: list[int] = []  # (for a ``then`` on itself "when it wounds a creature without wounds")
        if self._furies and targets and trigger is None:
            self._fury_pre = self.wounds[targets[0]]  # (as the die is rolled: 60/16)
        if nxt < len(self.slots[u]) and self.slots[u][nxt].ability.cost == "then" \
                and self.slots[u][nxt].ability.target == "self" \
                and self.slots[u][nxt].ability.vs_state == "unwounded":
            fresh = [v for v in targets if v != u and self.creature[v] and self.wounds[v] == 0]
        if ab.kind in ("become", "relocate", "swap", "rehost"):
            self._shaped = False  # (set when it changed a card: the ``then`` abilities follow only then)
        if ab.kind == "swap" and (ab.targets >= 2 or ab.every) and len(targets) == 2:
            self._swap(u, targets[0], targets[1], ab)  # ("поменять местами двух …", 60/103)
        if self._did_watch and ab.kind in ATTACKS:
            self._did(u, ab.kind)  # ("ваши карты совершили разряд, метание и выстрел" this turn, 60/219)
        magical = ab.kind in MAGICAL
        for v in targets:
            if self.hidden[v]:
                self.hidden[v] = False
                if self._trig["revealed"] and v in self._trig["revealed"] and self.seat[v] != self.seat[u]:
                    self._fire(v, "revealed", u, u)  # ("когда существо противника вскрывает …", 60/208)
                    if self.over or not self.alive[u]:
                        return
            d = self._effect(u, sl, v, dice)
            if d == BLOCKED:
                d = 0
            elif gives is not None and self.alive[v] and self.creature[v]:
                given.append(v)
            if d > 0 and magical:
                self.hexed[v] = self.turn  # (``vs_state = "magic_wounded"``: 60/11)
            if d > 0 and self._took_watch:
                self._took_hit(v, ab.kind)  # ("получил раны от выстрела, от метания и от разряда", 60/211)
            if d > 0 and self._hurt_watch and self.seat[v] != self.seat[u]:
                self._note_hurt(u, v)  # ("нанес раны трем или более картам противника", 60/203)
            dealt.append(d)
        if self._hunting and ab.kind in ATTACKS:  # (a hunt marker: a flyer's attack, 2 more; 60/42)
            for v, d in zip(targets, dealt, strict=True):
                if d > 0 and self.seat[v] != self.seat[u]:
                    self._hunt(v, u, ab.kind)
        for v in given:  # "при выстреле атакованный получает проклятие": before the deaths are settled
            self._bless(u, v, _GIVE_CURSE if gives == "curse" else _GIVE_BLESSING)
        if self.log is not None:
            event: dict[str, Any] = {"e": "ability", "u": u, "i": sl.index, "kind": ab.kind,
                                     "targets": list(targets), "dice": dice, "wounds": dealt,
                                     "closes": trigger is None and ab.cost not in ("counter", "then")}
            if trigger:
                event["trigger"] = trigger
            self._emit(event)
        if self._overhealed:  # ("при избыточном лечении", 40/124 Слизни Гворна)
            over, self._overhealed = self._overhealed, []
            for v in over:
                if self.alive[v] and not self.over:
                    self._fire(v, "overhealed")
        if ab.marker is not None and ab.kind != "mark":  # the attack also marks its target's square
            for v in targets:
                self._place_mark(u, self.pos[v], ab.marker)
        if self._granting and ab.kind in ATTACKS and self.alive[u]:
            self._spend_attack(u, ab.kind)  # (what it held "until its next attack" of this kind)
        wounds, life = self.wounds, self.life
        for v in targets:
            if wounds[v] >= life[v]:  # (else _settle has nothing to do)
                self._settle(targets, u, None, ab.kind)
                break
        if self._avengers and ab.kind in ATTACKS:
            for v, d in zip(targets, dealt, strict=True):
                if d > 0 and not self.over and self.seat[v] != self.seat[u]:
                    self._hurt(v, u, ab.kind, d)
        if dice and (self._furies or self._roll_watch) and not self.over:
            if self._roll_watch:
                self._rolled(u, dice)
            if self._furies and ab.kind in ATTACKS and not self.over:
                self._fury(u, dice, targets[0])
        if self._x_trig and not self.over:
            if trigger is None and ab.kind in ATTACKS and ((self._trig["attack"] and triggered(
                    self.key[u], "attack")) or self._trig["squad_attack"]):
                self._after_attack(u, sl, targets, dice)
            if (self._trig["attacked"] or self._trig["adjacent_enemy_attacks"]) and ab.kind in ATTACKS:
                for v in targets:
                    if self.seat[v] != self.seat[u] and not self.over:
                        self._attacked(v, u, ab.kind)
            if self._trig["ally_combo"] and trigger is None:
                self._combo_step(u, ab.kind)
            if self._trig["enemy_magic"] and (ab.kind in MAGICAL or ab.via == "spell") and not self.over:
                self._magic_used(u)
            if self._trig["squad_spell"] and (ab.kind == "spell" or ab.via == "spell") and self.creature[u]:
                for w in self._trig["squad_spell"]:  # ("когда ваше существо выполняет заклинание", 50/12)
                    if self.seat[w] == self.seat[u] and self.alive[w] and not self.over:
                        self._fire(w, "squad_spell", u, u)
            if self._trig["enemy_roll_over_cost"]:
                for d in dice:
                    if not self.over:
                        self._over_cost(u, d)
        if ab.kind in ("become", "relocate", "swap", "rehost") and not self._shaped:
            return  # ("при этом": what follows a type change or a move comes only with it, 50/3)
        if ab.kind == "prophecy":
            self._after_prophecy(u, sl.index, trigger)  # (once for each card shown)
            return
        if nxt < len(self.slots[u]) and self.slots[u][nxt].ability.cost == "then":
            if fresh:
                fresh = [v for v, d in zip(targets, dealt, strict=True) if v in fresh and d > 0]
            self._dealt = sum(d for d in dealt if d > 0)  # (``per = "dealt"`` of the ``then``: 30/149)
            self._follow(u, nxt, targets, trigger, fresh)

    def _follow(self, u: int, index: int, targets: Sequence[int], trigger: str | None,
                fresh: Sequence[int] = ()) -> None:
        """Ability ``index`` of ``u`` (cost ``then``) right after the one before it, which aimed at
        ``targets``: with ``every`` on all the cards it may aim at now (those in its ``vs_state``);
        ``target = "self"``: on itself, if one of ``targets`` meets its ``vs_*`` ("if it is dark,
        it gains a counter"; ``vs_state = "unwounded"``: another creature that had no wounds before
        the ability before it and took wounds from it, ``fresh`` — 60/154 Тёмный менестрель); with
        another ``target`` side than the ability before it (an ally after an enemy), on the cards its
        player chooses; else on those of ``targets`` it may aim at. Then
        the ``then`` ability after it, if any."""
        if self.over:
            return
        if targets:
            self._prior = targets[0]  # (``relocate`` ``onto = "near_target"``: next to it, 60/13)
        sl = self.slots[u][index]
        ab = sl.ability
        if self._shown >= 0 and (ab.shown or ab.shown_cost):
            self._follow_shown(u, index, trigger)  # (after a prophecy, on the card it showed)
            return
        if ab.kind in ENTRIES:  # (also once the card has left play: "exile itself; summon onto its square")
            kept = self._chain_about
            self._chain_about = targets[0] if targets and targets[0] != u else -1
            self._resolve(u, sl, (u,), trigger)  # (``onto = "died_at"``: next to the card aimed at before)
            self._chain_about = kept
            return
        if not self.alive[u]:
            return
        if ab.seat is not None and ("first", "second")[self.seat[u]] != ab.seat:
            # (its board condition fails now — ``when``, ``formation``: 30/52 — or its seat is the other)
            if index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                self._follow(u, index + 1, targets, trigger)
            return
        if ab.kind == "grave_token":  # ("при этом карта на вашем кладбище получает жетон инкарнации")
            self._give_token(u, index, ab, trigger or "")
            if index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                self._follow(u, index + 1, targets, trigger)
            return
        if ab.kind == "dirty_trick":  # (its own target; the ``then`` after it is about the wounded one)
            v = self._dirty_trick(u, index)
            if index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                self._follow(u, index + 1, [v] if v >= 0 else [], trigger)
            return
        if sl.limited and not self._allowed(u, index, ab):  # (its own uses: "(2 раза за бой)", 50/215)
            if index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                self._follow(u, index + 1, targets, trigger)
            return
        chosen: list[int] = []
        if self.slots[u][index - 1].ability.kind == "grave_exile":  # (it reads the card just exiled)
            if self._exiled_last >= 0 and self.alive[u]:
                if ab.target == "self":
                    self._resolve(u, sl, (u,), trigger)
                    return
            elif index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                self._follow(u, index + 1, targets, trigger)
                return
            else:
                return
        if ab.area == "entered":  # (the cards the summon before it brought in: 60/205 Кутила)
            chosen = [v for v in self._entered_now if self.alive[v]]
        elif ab.area == "host":  # (its host now: "стать паразитом этого существа, при этом ранить его")
            h = self.host[u]
            if h >= 0 and self.alive[h] and (not sl.conditional or meets(sl, self.key[h])):
                chosen = [h]
        elif ab.area == "near_target":  # (next to the target of the ability before it, where it died if it
            # did: "уничтожить выбранный артефакт; ранить на 2 каждую стоящую рядом с ним карту", 60/12)
            x = targets[0] if targets else -1
            pool = ([] if x < 0 else [w for w in self._neighbours(x) if w != x] if self.alive[x]
                    else self._around(self.died_at[x], x))
            chosen = [w for w in pool if self.alive[w] and self.kind[w] != 5
                      and (ab.target == "any" or (ab.target == "ally") == (self.seat[w] == self.seat[u]))
                      and (not sl.conditional or meets(sl, self.key[w]))]
            if not ab.every and len(chosen) > 1:
                chosen = list(self.players[self.seat[u]].choose_targets(self, u, index, chosen, ab.targets))
        elif ab.area == "target_formation":  # (in formation with the target before it: 60/59)
            x = targets[0] if targets else -1
            chosen = [w for w in (self._formation_partners(x) if x >= 0 and self.alive[x] else [])
                      if not sl.conditional or meets(sl, self.key[w])]
            if ab.kind == "heal":
                chosen = [w for w in chosen if self.wounds[w] > 0 and not self.ghost[w]]
            if len(chosen) > 1 and not ab.every:
                chosen = list(self.players[self.seat[u]].choose_targets(self, u, index, chosen, ab.targets))
        elif ab.area == "about":  # (the card the trigger is about: "ранить её на 2", 30/195 Микаэль)
            about = self._about if self._about >= 0 else self._context
            if about >= 0 and self.alive[about] and (not sl.conditional or meets(sl, self.key[about])):
                chosen = [about]
        elif ab.every:
            chosen = [v for v in reach_slot(self, u, sl)
                      if not ab.vs_state or self._in_state(v, ab.vs_state)]
        elif ab.target == "self" and ab.vs_state == "unwounded":
            # (60/154: another creature that had no wounds took some from the ability before: ``fresh``)
            if any(meets(sl, self.key[v]) for v in fresh):
                chosen = [u]
        elif ab.target == "self":
            if not sl.conditional or any(meets(sl, self.key[v]) for v in targets):
                if ab.kind == "gain_counter":  # (its condition was the other card's: carried out here)
                    self.counters[u] = self._capped(u, self.counters[u] + ab.damage[0])
                    if self._variable:
                        self._situate()  # (its facts ``per = "counters"`` follow: 40/22, 40/178)
                    if self.log is not None:
                        self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [u],
                                    "dice": [], "wounds": [0], "closes": False})
                elif not sl.conditional:
                    chosen = [u]
        elif ab.target != self.slots[u][index - 1].ability.target:
            near = targets[0] if targets else self._context  # (``near_target``: the card aimed at before)
            self._kin_ref = targets[0] if targets else -1  # (``vs_state = "kindred"``: 40/209 Джокер)
            pool = self._area_targets(u, index, ab, near) if ab.area else reach_slot(self, u, sl)
            cands = [v for v in pool if not ab.vs_state or self._in_state(v, ab.vs_state)]
            if len(cands) > 1 or (ab.may and cands):
                most = min(ab.targets, len(cands))
                picked = tuple(self.players[self.seat[u]].choose_targets(self, u, index, cands, most))
                if ((not picked and not ab.may) or len(picked) > most or len(set(picked)) != len(picked)
                        or any(v not in cands for v in picked)):
                    raise IllegalAction(f"unit {u}: {picked} are not 1 to {most} of the targets {cands}")
                chosen = list(picked)  # (none: "может", its player declined)
            else:
                chosen = cands
        else:
            src = self.pos[u]
            chosen = [v for v in targets if aimable(self, u, sl, v, src)]
        if chosen:
            if sl.limited:
                self._count_use(u, index)
            self._resolve(u, sl, chosen, trigger)  # (it carries out the next ``then`` ability)
        elif index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
            self._follow(u, index + 1, targets, trigger)

    def _after_attack(self, u: int, sl, targets: Sequence[int], dice: list[int]) -> None:
        """Trigger ``attack``: after ``u``'s attack ability used as an action, once per target (aimed
        at it), with the band of its die for ``tiers`` (1-3 weak, 4-5 medium, 6+ strong, its
        modifiers added: 000 glossary "Shot at X-Y-Z"; a fixed value has no band)."""
        ab = sl.ability
        for k, v in enumerate(targets):
            if self.over or not self.alive[u]:
                break
            tier = -1
            if sl.rolls and k < len(dice):
                d = dice[k] + roll_modifier(self.cards[u], ab.kind, self.cards[v], self.seat[u])
                tier = 0 if d <= 3 else 1 if d <= 5 else 2
            if self._tier_setters:  # ("сводится к сильному": that strength whatever the die)
                source = card_of(self._strike_key(u, v, True)) if self._strikers else self.cards[u]
                forced = forced_tier(source, ab.kind, self.cards[v], self.seat[u], self.seat[v])
                if forced >= 0:
                    tier = forced
                elif tier >= 0:  # ("слабые атаки … сводятся к средним")
                    low, high = raised_tier(source, ab.kind, self.cards[v], self.seat[u], self.seat[v])
                    if tier == low:
                        tier = high
            self._strike_tier = tier
            if self._trig["attack"] and triggered(self.key[u], "attack"):
                self._fire(u, "attack", v, v)  # (``when_state``: the attacked card after the attack)
            if self._trig["squad_attack"] and not self.over:
                self._squad_attacked(u, v, ab.kind, tier)
        self._strike_tier = -1

    def _effect(self, u: int, sl, v: int, dice: list[int]) -> int:
        """What one use of slot ``sl`` (:func:`~analysis.battle.powers.slot`) by ``u`` does to ``v``:
        wounds dealt (negative: healed)."""
        ab = sl.ability
        kind = ab.kind
        if kind in ENTRIES:  # (cards from the deck or the graveyard, into exile; ``lasts``: how long;
            self._entry(u, sl.index, ab, self._chain_about)  # after the card left play too: "then summon …")
            slots = self.slots[u]
            if sl.index + 1 >= len(slots) or slots[sl.index + 1].ability.cost != "then":
                self._check_end()  # (an exile may leave a squad with no creature; after its chain)
            return 0
        if kind == "claim_incarnation" and not self.alive[v]:  # (its dead creature: 30/178)
            self._claim(u, v, ab.damage[0])
            return 0
        if not self.alive[v]:
            return 0
        if ab.area == "cross":  # (a chosen row and column: 60/34 Эр-Мариб, :meth:`_cross`)
            self._cross(u, sl)
            return 0
        die = self._die() if sl.rolls else 0
        if die and (self._furies or self._forcing):
            die = self._forced_roll(u, die)  # ``next_roll``
        if die and self._responders and kind in WOUNDING:
            die = self._flip_roll(u, sl, v, die)  # ``flip_die`` on an ability's die
        if die:
            dice.append(die)
        if sl.conditional and not meets(sl, self.key[v]):  # a hidden target that turned out illegal
            return 0
        if ab.vs_state and ab.cost != "passive" and not self._in_state(v, ab.vs_state):
            return 0
        if ab.delay:  # the wounds land at the end of this turn (Effects._land_delayed)
            self.delayed = [*self.delayed, (u, sl.index, v, self.key[u])]  # (the facts it chose with)
            return 0
        if ab.lasts or kind in _EFFECT_KINDS:
            return self._new_kind(u, sl, v, dice)
        if kind == "destroy":
            return self._destroy(u, v, ab.self_too)
        if kind == "delayed_wound":  # (as an action: 50/207 Вольный пират; see Triggers for the trigger)
            due = self.turn + (1 if self.active != self.seat[v] else 2)  # (its next turn)
            self.doomed[v] = (*self.doomed[v], (u, ab.damage[0], due, ab.applies_to, ab.delay or "",
                                                "effect" if ab.via == "effect" else "wound"))
            return 0
        if kind == "claim_incarnation":
            self._claim(u, v, ab.damage[0])
            return 0
        if kind == "restore_armor":  # 000 glossary "Armor": what this turn's attacks used comes back
            self.armor_left[v] = self.armor[v]
            return 0
        if kind == "heal":  # its amount: the printed N, or a ``per`` quantity ("на величину этого удара")
            amount = self._amount_for(u, ab, v)
            healed = 0 if self.ghost[v] or self._sick(v) else min(amount, self.wounds[v])
            if healed and amount > healed and v in self._trig["overhealed"]:
                self._overhealed = [*self._overhealed, v]  # (fired once the heal is done: 40/124)
            if healed and self._healers:  # ("излечивается на X+1", 30/71)
                healed = min(self.wounds[v], healed + self._heal_more(v, healed))
            if healed and self._heal_jumpers and self._heal_jump(v, healed):
                return 0  # (a jump instead: 30/72)
            self.wounds[v] -= healed
            if healed:
                self._quiet_from = self.turn + 1
                if self._last_life:
                    self._respare(v)
            return -healed
        if kind == "poison":
            if self.creature[v] and not self.ghost[v] \
                    and not protected(self.cards[v], "poison", self.cards[u], self.seat[v]):
                amount = self._amount_for(u, ab, v) if ab.per else ab.damage[0]
                if amount and self._tasters and self._taste(v, amount):
                    return 0  # (a taster next to it took it instead: 60/77 Дегустатор)
                self.poison[v] = max(self.poison[v], amount)
                if amount and self._trig["poison_curse"] and self._in_state(v, "cursed"):
                    self._blighted(v)  # (a cursed creature receives poisoning: 60/127)
            return 0
        if kind == "gain_counter":
            self.counters[v] = self._capped(v, self.counters[v] + ab.damage[0])
            if self._trig["counters_reach"]:
                self._counted(v)
            return 0
        if kind == "roll_bonus":  # (its next die roll gets +N: "+1 к следующему броску кубика"; they add up)
            if self.creature[v] or self.kind[v] == ARTIFACT:
                self.unit_plus = list(self.unit_plus)
                self.unit_plus[v] += ab.damage[0]
            return 0
        if kind == "next_roll":  # (a card's own next die roll shows N: "следующий бросок … равен 6")
            if self.creature[v] or self.kind[v] == ARTIFACT:
                self.unit_face = list(self.unit_face)
                self.unit_face[v] = ab.damage[0]
            return 0
        if kind in ("give_blessing", "give_curse"):
            self._bless(u, v, ab)
            return 0
        if kind == "cleanse":
            self._cleanse(u, v, ab)
            return 0
        if kind not in WOUNDING:
            return 0  # kinds of the vocabulary the engine does not play yet
        if self._blockers and kind in ATTACKS and self._blocked(
                u, v, kind, ab.damage[0] if len(ab.damage) == 1 and not ab.per else -1):
            return BLOCKED
        if ab.per:
            return self._per_wounds(u, sl, v)
        armor = self.armor_left[v] if kind in ARMOR_STOPS else 0
        shielded = self.shield[self.seat[v]] and self.seat[v] != self.active and (
            kind in ARMOR_STOPS or kind == "effect")
        kv = self.key[v]
        ku = self.key[u]
        if self._strikers and self.seat[v] != self.seat[u]:
            # A standing "−N from" / protection of ``v`` that holds only against a card in a state
            # (``vs_state``, e.g. "−2 from the non-magic attacks of cursed creatures") or a position
            # covers every attack its ``from`` names, not only simple strikes (issue 19 item 5); so
            # does a ``counts_as`` of ``u`` on a target in a state ("атаки … по существам с
            # проклятием сводятся к сильным", 40/173).
            kv = self._strike_key(v, u, False)
            ku = self._strike_key(u, v, True)
        edge = self._edge_bonus(u, sl, v) if self._edgy else 0
        if edge:  # (an ``attack_bonus`` at the attack's maximum range: 60/78, 60/184)
            if self._any_guards and self.guards[v]:
                power = self._guard(v, kind, hit_shifted(ku, sl.index, kv, 0, die, edge)[0], u)
                used = min(power, armor)
            else:
                power, used = hit_shifted(ku, sl.index, kv, armor, die, edge)
            self.armor_left[v] -= used
            power -= used if self._any_guards and self.guards[v] else 0
            if shielded and power:
                power = self._shielded(v, power)
            self.wounds[v] += power
            if power:
                self._quiet_from = self.turn + 1
            return power
        if self._any_guards and self.guards[v]:
            power = self._guard(v, kind, hit(ku, sl.index, kv, 0, die)[0], u)
            used = min(power, armor)
            self.armor_left[v] -= used
            power -= used
            if shielded and power:
                power = self._shielded(v, power)
            self.wounds[v] += power
            if power:
                self._quiet_from = self.turn + 1
            return power
        wounds, used = hit(ku, sl.index, kv, armor, die)
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
