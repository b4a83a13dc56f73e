"""Triggers, wounds and death: abilities that fire on an event, protections and caps against an
attack, vampirism, blessing and curse given in the battle, incarnation, and what a death sets
off (a mixin of :class:`~analysis.battle.engine.Battle`; 000 = the classic rulebook).

- Incarnation tokens (000 glossary "Incarnation token") are state of the cards in the graveyard
  and a currency: the ``tokens`` cost takes them off, ``grave_token`` gives them, ``ally_token`` /
  ``ally_incarnates`` / ``squad_incarnates`` watch them; an incarnation may repeat (``repeats``),
  return open anywhere for a token (``anywhere``) or, given by ``claim_incarnation``, return under
  the claimer's control; ``destroy`` and ``restore_armor`` are carried out here too.

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

from analysis.battle.board import ADJ8, AT_EDGE, AUX, CHEBYSHEV, COLS, NOWHERE, SQUARES, half_rows, row_of
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
    ZONE_EXILE,
    ZONE_GRAVE,
    has_limit,
)
from analysis.battle.effects import Effects
from analysis.battle.interface import IllegalAction
from analysis.battle.powers import (
    meets,
    reach,
    reach_slot,
    slot,
    slots_of,
    triggered,
)
from analysis.battle.tables import (
    ABILITIES,
    ARTIFACT,
    COMPANION,
    FLYER,
    GROUND,
    PARASITE,
    PROFILES,
    card_key,
    card_of,
    solo_passives,
)
from analysis.cards.abilities import (
    CHOSEN_SQUARE,
    ENTRIES,
    HOST_ONTO,
    MARKERS,
    RANGED,
    Ability,
    CardAbilities,
)
from analysis.cards.ability_rules import (
    class_overlap,
    covers,
    facts,
    groups,
    has_condition,
    matches,
    protected,
    strike_passives,
    wounds_after,
)

KILL_KINDS = frozenset({"simple", "shot", "throw", "discharge", "strike_through_row", "magic_strike",
                        "special_strike", "spell", "effect", "wound", "finishing"})
"""The kinds of a killing blow that a ``killed`` fact's ``from`` can name."""
_SQUAD_CONTEXT = ("squad_kill", "squad_strike", "squad_dash", "squad_dives", "squad_changes_depth",
                  "squad_enters_mark")
"""Triggers aimed at the creature of its squad that set them off: a ``gain_counter`` on the card itself
reads its ``vs_*`` on that creature."""
_GRAVE_TRIGGERS = ("ally_incarnates", "ally_token", "ally_combo", "squad_strike")
"""Triggers that also reach a card in the graveyard (its own ``grave_token`` acts only there)."""
_WATCHED = ("enemy_magic", "enemy_roll_over_cost")
"""Triggers set off by an enemy's act whose ``range`` bounds the distance to that enemy, aimed at it."""
_TIERED_TRIGGERS = ("strike", "attack", "squad_strike", "squad_attack")
"""Triggers whose ``tiers`` name the strength of the strike or the band of the die that set them off."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Triggers(Effects):
    """Triggered abilities, guards and deaths (see the module docstring)."""

    def _in_state(self, v: int, state: str) -> bool:
        """Whether unit ``v`` is in ``state`` (:data:`analysis.cards.abilities.VS_STATES`)."""
        if state in ("blessed", "cursed", "cursed_or_blessed"):
            # (a unit's own variant may be out of date while its base has just been marked: read the base)
            passives = solo_passives(self.base[v] if self._variable else self.key[v])
            blessed, cursed = passives.blessing, passives.curse
            if self._variable and self._auras and not (cursed and blessed):
                held = solo_passives(self.key[v])  # (a curse or blessing held from an aura: 30/169)
                blessed, cursed = blessed or held.blessing, cursed or held.curse
            if state == "blessed":
                return blessed
            if state == "cursed":
                return cursed
            return cursed or blessed
        if state == "unique":  # (a unique card, ⚜: "или +2, если она уникальная", 40/150)
            return self.cards[v].unique
        if state == "flying":  # ("если летающий": a flyer, in the auxiliary zone)
            return self.kind[v] == FLYER
        if state == "grounded":
            return self.kind[v] == GROUND
        if state == "nonflying":  # (any creature but a flying one: "нелетающее существо", 50/178)
            return self.kind[v] != FLYER
        if state == "no_counters":
            return self.counters[v] == 0
        if state == "has_counters":  # with counters or tokens ("по картам с {counter}", 60/116, 50/162)
            return self.counters[v] > 0
        if state in ("cheapest", "other"):  # (read among a trigger's targets / by Triggers._fire_now)
            return True
        if state == "foes_wounded":  # (every card of the opponent's squad in play has wounds: 30/99)
            return all(self.wounds[w] > 0 for w in self.units[1 - self.seat[v]] if self.alive[w])
        if state == "defending":  # (it parries as the defender appointed against this strike: 30/37)
            return v == self._defender
        if state == "livelier":  # (relative to the card attacked: only read at a block, 30/23)
            return False
        if state == "on_kill_square":  # (on the square of a card it destroyed this turn: 30/31 Илле)
            turn, sq = self.kill_sq[v]
            return turn == self.turn and sq >= 0 and self.pos[v] == sq
        if state == "no_ground_squad":
            return self.n_ground[self.seat[v]] == 0
        if state == "open":
            return self.open[v]
        if state == "closed":
            return not self.open[v]
        if state == "poisoned":
            return self.poison[v] > 0
        if state == "cursed_poisoned":
            return self.poison[v] > 0 and self._in_state(v, "cursed")
        if state == "free_behind":  # (the square behind it, as its owner sees the board, is free: 50/70)
            p = self.pos[v]
            if p < 0:
                return False
            sq = p - COLS * (1 if self.seat[v] == 0 else -1)
            return 0 <= sq < SQUARES and self.board[sq] < 0 and self.share[sq] < 0
        if state in ("intruding", "back_row", "front_row", "off_front_row"):  # (its half / its third or
            p = self.pos[v]                                                 # first row, as its owner sees)
            if p < 0:
                return False
            rows = half_rows(self.seat[v])
            if state == "front_row":
                return row_of(p) == rows[0]
            if state == "off_front_row":
                return row_of(p) != rows[0]
            return row_of(p) not in rows if state == "intruding" else row_of(p) == rows[-1]
        if state == "sealed":  # (a flame seal on it: 30/25 Азнагул)
            return self._has(v, "flame_seal") is not None
        if state == "near_fumes":  # (a card next to it with acid fumes: 30/151 Чёрный дракон)
            return any(self._has(w, "acid_fumes") is not None for w in self._neighbours(v))
        if state == "no_extra_life":  # ("без дополнительных {health}", 30/71)
            return self.creature[v] and self.life[v] - self.wounds[v] <= (self.cards[v].life or 0)
        if state == "foreign":  # of no element its opponent's cards in play have
            theirs: set[str] = set()
            for w in range(self.n):
                if self.alive[w] and self.seat[w] != self.seat[v]:
                    theirs.update(self.cards[w].elements)
            return not set(self.cards[v].elements) & theirs
        if state == "few_allies":  # fewer than two other creatures of its squad next to it
            return sum(1 for w in self._neighbours(v) if self.seat[w] == self.seat[v]
                       and self.creature[w]) < 2
        if state == "half_life":
            return 2 * (self.life[v] - self.wounds[v]) <= self.life[v]
        if state == "extra_life":  # "пока имеет дополнительные {health}": more left than printed
            return self.creature[v] and self.life[v] - self.wounds[v] > (self.cards[v].life or 0)
        if state == "even_life":
            return self.creature[v] and (self.life[v] - self.wounds[v]) % 2 == 0
        if state == "at_depth":  # (standing on a depth square: data/README.md "Depth and surface")
            return self._depth_at(v) == 1
        if state == "on_surface":
            return self._depth_at(v) == 0
        if state == "corporeal":  # "небестелесное существо" (40/115, 60/192)
            return self.creature[v] and not self.ghost[v]
        if state == "magic_wounded":  # wounded by a magical ability this turn (60/11)
            return self.hexed[v] == self.turn
        if state == "moved":  # moved this turn, by a step or an ability (60/123)
            return self.shifted[v] == self.turn
        if state == "armorless":  # no unit of its armor left this turn ("не имеет единиц {armor}", 50/66)
            return self.armor_left[v] == 0
        if state == "within_regen":  # (its wounds just taken, at most its regeneration: 50/113)
            return 0 < self._hurt_by <= self.regen[v]
        if state == "at_edge":  # on a square at the edge of the battlefield (50/39: "у края поля боя")
            p = self.pos[v]
            return p >= 0 and AT_EDGE[p]
        if state == "moved_again":  # moved a second time or more this turn (40/130 Нереида)
            return self.reshifted[v] == self.turn
        if state == "kindred":  # (another creature sharing an element with the card the ability before
            ref = self._kin_ref  # it aimed at: "существо той же стихии, что и уничтоженный", 40/209)
            return ref >= 0 and v != ref and self.creature[v] and bool(
                set(self.cards[v].elements) & set(self.cards[ref].elements))
        if state == "unmoved":  # (it has not moved this turn: 40/44 Никзар "которое не передвигалось")
            return self.shifted[v] != self.turn
        if state == "unpoisoned":  # (no poisoning: 40/135 Карающий's first branch)
            return self.poison[v] == 0
        if state == "poisoned_uncursed":  # ("если уже имеет отравление", no curse yet: 40/135)
            return self.poison[v] > 0 and not self._in_state(v, "cursed")
        if state == "near_building":  # next to a card of class «Постройка» ("стоящему рядом с
            return any("Постройка" in self.cards[w].classes  # постройкой", 40/197 Воин ночи)
                       for w in self._neighbours(v))
        if state == "not_clumsy":  # without clumsiness, printed or given (40/185 Юнга)
            return self.creature[v] and not self.cards[v].has("clumsiness")
        if state == "near_enemy_extra_life":  # next to a creature of its opponent's squad with additional
            seat = self.seat[v]  # life ("рядом с вашими существами с дополнительными {health}", 40/98)
            return any(self.seat[w] != seat and self.creature[w] and self._in_state(w, "extra_life")
                       for w in self._neighbours(v))
        if state == "beset":  # two or more enemy cards next to it (60/86)
            seat = self.seat[v]
            return sum(1 for w in self._neighbours(v) if self.seat[w] != seat) >= 2
        if state == "not_livelier":
            return False  # (relative to a striker: only checked at a strike, Situational._strike_key)
        if state == "feeble":  # weak simple strike 1 or less, its standing modifiers counted (60/49)
            strike = PROFILES[self.key[v]].strike
            return self.creature[v] and strike is not None and (
                strike[0] + strike_passives(self.cards[v], None, self.seat[v]).bonus[0] <= 1)
        if state == "forward":  # (its own first row or the opponent's half, as its owner sees them)
            p = self.pos[v]
            if p < 0:
                return False
            rows = half_rows(self.seat[v])
            return row_of(p) == rows[0] or row_of(p) not in rows
        if state in ("has_parasite", "has_companion", "has_symbiote"):  # (a rider on it, 000 1.5.2)
            r = self.rider[v]
            if r < 0 or not self.alive[r]:
                return False
            return state == "has_symbiote" or self.kind[r] == (PARASITE if state == "has_parasite"
                                                                 else COMPANION)
        if state == "no_incarnation":  # (no incarnation icon or fact: 60/174 Элевера)
            card = self.cards[v]
            return not card.has("incarnation") and not any(a.kind == "incarnation" for a in facts(card))
        if state == "low_life":  # (its life left at most its printed weak simple strike: 40/162)
            strike = self.cards[v].strike
            return self.creature[v] and strike is not None and self.life[v] - self.wounds[v] <= strike[0]
        return (self.wounds[v] > 0) == (state == "wounded")

    def _hurt(self, v: int, source: int, kind: str | None = None, amount: int = 0) -> None:
        """Enemy ``source`` has just wounded ``v``: the ``wounded`` abilities of ``v`` and the
        ``ally_wounded`` / ``squad_wounded`` abilities of its squad fire, aimed at ``source``
        (000 glossary "Triggered ability": it fires when its condition occurs); ``kind``: what
        wounded it (``simple``, an attack kind, ``effect``), which a fact's ``from`` must cover;
        ``amount``: the wounds it took (``when_state = "within_regen"``, ``per = "wounds_taken"``: 50/113,
        50/121)."""
        if not self._seat_triggers[self.seat[v]] & _HURT:
            return
        saved, self._hurt_by = self._hurt_by, amount
        try:
            self._hurt_all(v, source, kind)
        finally:
            self._hurt_by = saved

    def _hurt_all(self, v: int, source: int, kind: str | None) -> None:
        """:meth:`_hurt`'s firing."""
        for w in list(self.units[self.seat[v]]):
            t = self.triggers[w]
            if not t & _HURT or not self.alive[w] or self.over:
                continue
            if w == v and t & _WOUNDED:
                self._fire(w, "wounded", source, v, kind)
            if w != v and t & _ALLY_WOUNDED and not self.over:
                self._fire(w, "ally_wounded", source, v, kind)
            if t & _SQUAD_WOUNDED and not self.over:
                self._fire(w, "squad_wounded", source, v, kind)

    def _squad_attacked(self, u: int, v: int, kind: str, tier: int = -1) -> None:
        """Trigger ``squad_attack``: ``u`` has attacked ``v`` with an attack of ``kind`` (a simple
        strike, hit or miss, or an attack ability, once per target): the ``squad_attack`` abilities of
        the living cards of ``u``'s squad fire, aimed at ``v``, about ``u`` (``area = "about"``: the
        attacker), with ``tier`` the attack's strength for ``tiers`` ("при слабом разряде … вашего
        линунга", 30/64; "при дальней атаке вашего существа", 40/32)."""
        saved = self._strike_tier
        self._strike_tier = tier
        try:
            for w in self._trig["squad_attack"]:
                if self.seat[w] == self.seat[u] and self.alive[w] and not self.over:
                    self._fire(w, "squad_attack", v, u, kind)
        finally:
            self._strike_tier = saved

    def _mourn(self, dead: Sequence[int], cause: str = "", killers: dict[int, int] | None = None,
               source: int = -1) -> None:
        """The ``ally_dies`` (another creature of its squad) and ``creature_dies`` (another creature
        of either squad) abilities of the living cards, for each creature in ``dead``; the ``enemy_dies``
        abilities of the living cards of the other squad, for each card in ``dead`` (``cause``: the
        kind of attack or action that killed them, their ``from``, which an ``enemy_dies`` fact's
        ``from`` filters: "при гибели существа противника от магической атаки", 40/105); the card that
        killed each (``killers``, else ``source``) is the trigger's context (``area = "source"``:
        "атаковавшего", 60/122). An ``ally_dies`` / ``creature_dies`` ``from`` reads the kind of an enemy
        card's killing blow ("от атаки карты противника", 30/74 Мститель) or a death from poisoning
        (60/142 Унук, 50/125: "погибает от отравления")."""
        watchers = self._trig["enemy_dies"]
        kind = cause if cause in KILL_KINDS or cause == "poison" else None
        for x in dead:
            for w in watchers:  # "при гибели карты противника" (40/23 Вождь клана): a creature or not
                if self.alive[w] and self.seat[w] != self.seat[x] and not self.over:
                    self._fire(w, "enemy_dies", x, x, kind)  # (aimed around the dead card: 50/125)
            if not self.creature[x]:
                continue
            for w in range(self.n):
                t = self.triggers[w]
                if not t & _DIES or w == x or not self.alive[w] or self.over:
                    continue
                killer = killers.get(x, source) if killers else source
                by = cause if cause == "poison" or (cause in KILL_KINDS and killer >= 0
                                                    and self.seat[killer] != self.seat[x]) else None
                if t & _ALLY_DIES and self.seat[w] == self.seat[x]:
                    self._fire(w, "ally_dies", killer, x, by)  # (``from``: "от атаки противника", 30/74)
                if t & _CREATURE_DIES and not self.over:
                    self._fire(w, "creature_dies", killer, x, by)  # (``from``: "от отравления", 60/142)

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
        saved, self._about = self._about, about
        saved_context, self._context = self._context, context
        try:
            self._fire_now(u, trigger, context, about, kind)
        finally:
            self._depth -= 1
            self._about = saved
            self._context = saved_context

    def _fire_now(self, u: int, trigger: str, context: int, about: int, kind: str | None) -> None:
        """:meth:`_fire` within the bounds."""
        die = self._event_die if trigger == "squad_rolls" else 0  # (the die that set it off)
        for index in triggered(self.key[u], trigger):
            if self.over:
                break
            if index >= len(self.slots[u]) or self.slots[u][index].ability.trigger != trigger:
                continue  # (an ability before it in this loop changed the card's facts: silenced, …)
            ab = self.slots[u][index].ability
            limited = self.slots[u][index].limited
            if limited and not self._allowed(u, index, ab):
                continue
            if ab.tiers and trigger in _TIERED_TRIGGERS and ab.kind != "reduce" and (
                    self._strike_tier < 0 or ("weak", "medium", "strong")[self._strike_tier] not in ab.tiers):
                continue  # "on a strong strike" …: only after a strike of that strength (a ``reduce``
                #           given for a while keeps its ``tiers``: the attacks it covers)
            if kind is not None and ab.applies_to and not covers(ab, kind) and not (
                    kind == "counter" and covers(ab, "simple")):
                continue  # (a counter-strike is a simple strike too; ``from = ["counter"]``: only it)
            if ab.applies_to and kind is None and trigger in ("kill", "death", "squad_kill", "enemy_dies",
                                                               "creature_dies", "ally_dies"):
                continue  # ("от атаки карты противника": a death of no known cause does not count)
            if trigger == "killed" and ab.applies_to and kind is None:
                continue  # ("при гибели от ближней атаки": a death of another cause does not count)
            if ab.nth:  # ("второй раз за бой": only the nth time it fires in the battle)
                seen = self.uses_battle.get((u, -1 - index), 0) + 1
                self.uses_battle[(u, -1 - index)] = seen
                if seen != ab.nth:
                    continue
            own_token = ab.kind == "grave_token" and ab.target == "self"
            if trigger in _GRAVE_TRIGGERS and self.alive[u] == own_token:
                continue  # in the graveyard only its own token is taken; in play, the rest acts
            if ab.kind == "incarnation":  # ("получает инкарнацию 2": it has it from now on, 50/63)
                if not self.incarnation[u] and self.creature[u] and ab.damage:
                    if limited:
                        self._count_use(u, index)
                    column = list(self.incarnation)
                    column[u] = ab.damage[0]
                    self.incarnation = tuple(column)
                    self._any_incarnation = True
                continue
            if ab.kind == "grave_token":
                if not ab.tokens or self._pay_tokens(u, ab.tokens, True):
                    self._give_token(u, index, ab, trigger)
                continue
            if trigger == "counters_reach" and self.counters[u] < ab.count:
                continue
            if trigger == "enemy_ranged" and self._ranged_at_me and not ab.self_too:
                continue  # (an attack aimed at it counts only with ``self_too``: 30/109, not 50/58)
            if trigger == "squad_fury" and self._fury_nth != ab.count:
                continue  # (only the ``count``-th fury of its squad this turn: 50/13)
            if trigger == "eats" and ab.count > 1 and self._healed_now < ab.count:
                continue  # ("когда излечивается на 3 и более в результате трупоедства", 50/88)
            if trigger == "squad_loses_counters" and self._lost_now < ab.count:
                continue  # ("единовременно теряет 2 или более {counter}")
            if ab.zone and not self._in_zone(u, index, ab.zone, self._zone_sq):
                continue  # (``enemy_enters`` / ``enemy_leaves``: only a move onto / off a zone square)
            if trigger in _WATCHED and ab.range is not None and not (
                    context >= 0 and self._within(u, context, ab.range)):
                continue  # "… дальность N": only when the enemy that set it off is within N
            if ab.fury and self._fury_die > ab.fury + self._fury_add:
                continue  # Бешенство X: only on a roll of X or less (Effects._fury)
            if ab.roll:
                if not die:  # one die for the event (000 1.1), which a ``flip_die`` may turn
                    die = self._forced(self.seat[u], self._die())
                    if self._responders:
                        die = self._flip_event(u, die, ab.roll)
                if die not in ab.roll:
                    continue
            if about >= 0:
                if ab.when_state == "other":  # (another card than itself: "другого вашего существа", 60/176)
                    if about == u:
                        continue
                elif ab.when_state and not self._in_state(about, ab.when_state):
                    continue
                if ab.vs_position and not self._position_sq(
                        u, self.pos[about] if self.alive[about] else self.died_at[about], ab.vs_position):
                    continue  # ("при гибели карты на клетке напротив": where it stood, 60/79)
                if ab.when_keyword and not self.cards[about].has(ab.when_keyword) and not any(
                        g.kind == ab.when_keyword and g.cost == "passive" for g in facts(self.cards[about])):
                    continue  # (a keyword column, or a marker given for a while: ``contract``, 40/215)
                if ab.classes and ab.when not in ("squad_class", "allies_adjacent", "class_adjacent") \
                        and not class_overlap(ab.classes, self.cards[about].classes):
                    continue  # (of one of these classes: "при {strike} вашего духа", 60/143)
                if ab.when_type and (not self.creature[about] if ab.when_type == "creature"
                                     else self.cards[about].type != ab.when_type):
                    continue  # (``creature``: any creature, flying or not — "существо противника")
                if ab.when_max_cost is not None and self.cost[about] > ab.when_max_cost:
                    continue  # ("существа меньшей стоимости", 30/85)
                if ab.when_min_cost is not None and self.cost[about] < ab.when_min_cost:
                    continue  # ("существо стоимостью 7 или более", 30/185)
                if ab.when_elements and not set(ab.when_elements) & set(self.cards[about].elements):
                    continue  # ("при ударе тёмного существа", 30/137)
                if ab.once_per_card:
                    if (u, index, about) in self.uses_turn:
                        continue
                    self.uses_turn[(u, index, about)] = 1
            if ab.kind in ENTRIES:  # (cards from the deck, the graveyard, into exile: no target card)
                if limited and not self._allowed(u, index, ab):
                    continue
                aim = context if ab.same_cost and context >= 0 and trigger not in (
                    "ally_dies", "creature_dies", "enemy_dies") else about if about >= 0 else context
                if self._entry(u, index, ab, aim) and limited:  # (``same_cost``: the card it aims at)
                    self._count_use(u, index)
                if ab.kind == "prophecy":
                    self._after_prophecy(u, index, trigger)
                elif index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                    self._follow(u, index + 1, (u,), trigger)  # ("изгоните …, при этом возродите …": 30/90)
                continue
            if ab.kind == "reposition":  # to a free square of its own 2nd or 3rd row, its player's pick
                if limited:
                    self._count_use(u, index)
                self._reposition(u)
                continue
            if ab.kind == "flood" and trigger in ("turn_start", "enemy_turn_start"):
                if limited:
                    self._count_use(u, index)
                self._flood_choice(u)  # (a surface square its player chooses becomes depth)
                continue
            if ab.kind == "dirty_trick":  # (its player may wound an adjacent creature of its squad)
                if limited:
                    self._count_use(u, index)
                v = self._dirty_trick(u, index)
                if index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                    self._follow(u, index + 1, [v] if v >= 0 else [], trigger)
                continue
            if ab.kind == "mark":  # a marker on the square of the card the trigger is about
                if limited:
                    self._count_use(u, index)
                if trigger in CHOSEN_SQUARE:  # on a square its player picks
                    free = MARKERS[ab.marker or ""].free_only
                    squares = [sq for sq in range(30)
                               if not free or (self.board[sq] < 0 and self.share[sq] < 0)]
                    if not squares:
                        continue
                    sq = self.players[self.seat[u]].choose_square(self, u, ab.marker or "", squares)
                    if sq not in squares:
                        raise IllegalAction(f"square {sq} is not a battlefield square")
                elif trigger == "dash":  # ("при рывке — освободившаяся клетка получает маркер", 50/163)
                    sq = self._vacated
                    if sq < 0:
                        continue
                else:
                    x = about if about >= 0 else context if context >= 0 else u
                    if ab.vs_types and self.cards[x].type not in ab.vs_types:
                        continue  # ("когда уничтожает существо": a creature's square only)
                    sq = self.pos[x] if self.alive[x] else self.died_at[x]
                self._place_mark(u, sq, ab.marker or "")
                continue
            if ab.kind == "delayed_wound":  # (wounds at the end of the target's next turn, unless …)
                cands = self._trigger_cands(u, index, ab, trigger, context)
                if not cands:
                    continue
                if limited:
                    self._count_use(u, index)
                for v in cands:
                    due = self.turn + (1 if self.active != self.seat[v] else 2)  # (its next turn)
                    self.doomed[v] = (*self.doomed[v], (u, ab.damage[0], due, ab.applies_to, ab.delay or "",
                                                        "effect" if ab.via == "effect" else "wound"))
                    if self.log is not None:
                        self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [v],
                                    "dice": [], "wounds": [0], "closes": False, "trigger": trigger})
                continue
            if ab.kind == "shield":
                if limited:
                    self._count_use(u, index)
                amount = self._amount_for(u, ab, u) if ab.per else ab.damage[0] if ab.damage else 0
                if ab.lasts == "next_enemy_turn" and self.active != self.seat[u]:
                    # ("в следующий ход противника", gained in the opponent's turn: kept for the next one)
                    self.shield_next = list(self.shield_next)
                    self.shield_next[self.seat[u]] += amount
                else:
                    self.shield[self.seat[u]] += amount
                if self.log is not None:
                    self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [u],
                                "dice": [], "wounds": [0], "closes": False, "trigger": trigger})
                continue
            if ab.kind == "next_roll" and (not ab.damage or ab.area == "squad"):
                # (its squad's next die roll this turn: the fury's roll, or the face N given)
                if limited:
                    self._count_use(u, index)
                face = ab.damage[0] if ab.damage else self._fury_die
                self.next_face = list(self.next_face)
                self.next_face[self.seat[u]] = face
                if self.log is not None:
                    self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [u],
                                "dice": [face], "wounds": [0], "closes": False, "trigger": trigger})
                continue
            if ab.kind == "gain_counter" and ab.target == "self":
                if trigger in _SQUAD_CONTEXT and context >= 0 and self.slots[u][index].conditional \
                        and not (self.hidden[context] or meets(self.slots[u][index], self.key[context])):
                    continue  # (its ``vs_*`` name the creature of its squad: "когда ваш герой …", 40/183)
                if limited:
                    self._count_use(u, index)
                gain = self._amount_for(u, ab, u) if ab.per else ab.damage[0]  # (50/145: X its elements)
                self.counters[u] = self._capped(u, self.counters[u] + gain)
                if self._variable:
                    self._situate()  # (its facts ``per = "counters"`` follow)
                if self.log is not None:
                    self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [u],
                                "dice": [], "wounds": [0], "closes": False, "trigger": trigger})
                if self._trig["counters_reach"]:
                    self._counted(u)
                if index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                    self._follow(u, index + 1, [u], trigger)  # ("получить 3 {counter} и потерять полёт")
                continue
            if ab.sudden and not self.open[u]:
                continue  # ("{instant}{tap}: при …": its {tap} needs an open card)
            counted, price = index, ab.tokens  # (an ``or`` alternative has the first one's cost)
            paid_counters = 0
            cands = self._trigger_cands(u, index, ab, trigger, context)
            nxt = index + 1
            if nxt < len(self.slots[u]) and self.slots[u][nxt].ability.cost == "or":
                index, cands = self._pick_option(u, index, cands, trigger, context)
                ab = self.slots[u][index].ability
            if not cands:
                continue
            if ab.counters and self.counters[u] < ab.counters:
                continue  # ("может потерять {counter}; …": a price it cannot pay)
            most = len(cands) if ab.every else min(ab.targets, len(cands))
            if (ab.every or len(cands) == 1) and not ab.may and not ab.sudden:
                chosen: tuple[int, ...] = tuple(cands)
            else:  # (``may``: its player may pick none — "может …" — before any price is paid)
                chosen = tuple(self.players[self.seat[u]].choose_targets(self, u, index, list(cands), most))
                if ((not chosen and not (ab.may or ab.sudden)) or len(chosen) > most
                        or len(set(chosen)) != len(chosen)
                        or any(v not in cands for v in chosen)):
                    raise IllegalAction(f"unit {u}: {chosen} are not 1 to {most} of the targets {cands}")
                if not chosen:
                    continue  # its player declines
                if ab.every:
                    chosen = tuple(cands)
            if price and not self._pay_tokens(u, price, True):
                continue
            if ab.counters:
                self.counters[u] -= ab.counters
                if self._trig["squad_loses_counters"]:
                    paid_counters = ab.counters
            if limited:
                self._count_use(u, counted)
            if ab.sudden:  # (the {tap} of an "{instant}{tap}: при …" trigger, 000 2.4)
                self.open[u] = False
                if self.active == self.seat[u]:
                    self.acted[u] = True
                    self.moves[u] = 0
            if index != counted and (ab.uses_per_turn or ab.uses_per_battle):
                self._count_use(u, index)  # (an ``or`` alternative with uses of its own)
            if trigger == "counters_reach":
                if self._trig["squad_loses_counters"]:
                    paid_counters = self.counters[u]
                self.counters[u] = 0  # "при этом теряет все {counter}"
            self._resolve(u, self.slots[u][index], chosen, trigger)
            if paid_counters and not self.over:
                self._lost_counters(u, paid_counters)
                paid_counters = 0
        if die and self._trig["enemy_roll_over_cost"] and not self.over:
            self._over_cost(u, die)

    def _trigger_cands(self, u: int, index: int, ab: Ability, trigger: str, context: int) -> list[int]:
        """The cards triggered ability ``index`` of ``u`` may aim at (see :meth:`_fire`)."""
        if trigger == "enemy_moves_adjacent" and ab.target != "any" and context >= 0 \
                and self.seat[context] == self.seat[u]:
            return []  # (a creature of its own squad moved: only the facts for any creature answer)
        if ab.area is not None:
            cands = self._area_targets(u, index, ab, context)
        elif trigger == "enters_creature" and ab.range is None and ab.kind not in RANGED:
            # the creatures on the square it entered (a ranged attack takes its own reach from there)
            cands = [u] if ab.target == "self" else []
            here = ([context, self.rider[context]] if ab.every else [context]) if context >= 0 else []
            for w in here if ab.target != "self" else ():
                mine = w >= 0 and self.seat[w] == self.seat[u]
                if (w >= 0 and self.alive[w] and self.creature[w]
                        and (ab.target == "any" or (ab.target == "ally") == mine)
                        and (self.hidden[w] or meets(slot(self.key[u], index), self.key[w]))
                        and (ab.kind not in ("heal", "poison") or not self.ghost[w])):
                    cands.append(w)
        elif trigger == "squad_dash" and ab.target != "enemy":  # the creature of its squad that dashed,
            # within ``range`` of it (an attack on the enemy reaches by its own range: 50/20)
            pu, pc = self.pos[u], self.pos[context] if context >= 0 else -1
            ok = (context >= 0 and self.alive[context] and self.seat[context] == self.seat[u]
                  and pc >= 0 and (ab.range is None or (pu >= 0 and CHEBYSHEV[pu][pc] <= ab.range))
                  and (ab.target != "self" or context == u)
                  and (ab.target == "enemy" or self.hidden[context]
                       or meets(slot(self.key[u], index), self.key[context])))
            if ab.target == "enemy":  # (an attack of its own by its reach, when another creature dashes
                #                       next to it: 30/24 Полководец "он может объявить особый удар знаменем")
                cands = [v for v in reach(self, u, index, pu) if v != u] if ok and context != u else []
            else:
                cands = [context] if ok else []
        elif trigger in ("squad_dives", "squad_changes_depth"):  # the creature of its squad that dived
            ok = (context >= 0 and self.alive[context] and self.seat[context] == self.seat[u]
                  and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context])))
            cands = ([u] if ab.target == "self" else [context]) if ok else []
        elif trigger == "squad_kill" or trigger == "squad_enters":  # (the creature of its squad it is about)
            ok = (context >= 0 and self.alive[context] and self.seat[context] == self.seat[u]
                  and (ab.target != "self" or context == u)
                  and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context])))
            cands = [context] if ok else []
        elif trigger == "squad_enters_mark":  # the creature of its squad that entered the square
            ok = (context >= 0 and self.alive[context] and self.seat[context] == self.seat[u]
                  and (ab.target != "self" or context == u)
                  and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context]))
                  and (ab.kind not in ("heal", "poison") or not self.ghost[context])
                  and (ab.kind != "heal" or self.wounds[context] > 0))  # ("может излечить": not unwounded)
            cands = [context] if ok else []
        elif trigger == "cursed_again" and ab.target == "ally":  # (the cursed creature, if one of its squad)
            ok = (context >= 0 and self.alive[context] and self.seat[context] == self.seat[u]
                  and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context])))
            cands = [context] if ok else []
        elif trigger == "defends" and ab.range is None and ab.target in ("ally", "any"):
            cands = [context] if context >= 0 and self.alive[context] else []
        elif (trigger in _AIMED and ab.range is None or trigger in _WATCHED) \
                and ab.target in ("enemy", "any"):
            ok = (context >= 0 and self.alive[context]
                  and (self.seat[context] != self.seat[u] or ab.target == "any")
                  and (self.hidden[context] or meets(slot(self.key[u], index), self.key[context]))
                  and (ab.kind not in ("heal", "poison") or (self.creature[context]
                                                             and not self.ghost[context])))
            cands = [context] if ok else []
        else:
            src = self.pos[u] if self.alive[u] else self.died_at[u]  # (a teleport may have moved it)
            cands = reach(self, u, index, src)
            if ab.target == "any" and ab.range is not None:
                cands = [v for v in cands if v != u]  # ("стоящую рядом карту": never itself)
        if ab.vs_state == "cheapest" and cands:  # (of the least cost among them: "наименьшей стоимости")
            least = min(self.cost[v] for v in cands)
            cands = [v for v in cands if self.cost[v] == least]
        elif ab.vs_state and cands:  # a chosen target must be in that state (else the ability does nothing)
            cands = [v for v in cands if self.hidden[v] or self._in_state(v, ab.vs_state)]
        if ab.kind == "restore_armor":
            cands = [v for v in cands if self.armor_left[v] < self.armor[v]]  # (else it does nothing)
        elif ab.kind == "fight" and ab.target in ("ally", "self") and "source" in ab.foes:
            cands = [v for v in cands if context >= 0 and self._fights_source(v, context)]
        elif ab.kind == "fight" and ab.target in ("ally", "self"):  # (its creature needs a foe next to it)
            cands = [v for v in cands if self._fight_foes(v, "artifact" in ab.foes)]
        elif ab.kind == "attach":  # (a ground creature on the battlefield without a rider)
            cands = [v for v in cands if self._riding(u, v)]
        elif ab.kind == "swap":  # (cards that may change squares, and the card itself too with one target)
            cands = [v for v in cands
                     if self._swappable(v) and (ab.targets >= 2 or ab.every or self._swappable(u))]
        elif ab.kind == "claim_incarnation":
            cands = [v for v in cands if self.creature[v] and not self.incarnation[v]]
        return cands

    def _pick_option(self, u: int, index: int, cands: list[int], trigger: str,
                     context: int) -> tuple[int, list[int]]:
        """Triggered ability ``index`` of ``u`` and the abilities with cost ``or`` after it are
        alternatives ("ранить … или излечиться"): the options with a target, and of those the one
        its player picks (``Player.choose_option``); (index, its targets), ``cands`` empty if none."""
        options: list[tuple[int, list[int]]] = [(index, cands)] if cands else []
        i = index + 1
        while i < len(self.slots[u]) and self.slots[u][i].ability.cost == "or":
            alt_sl = self.slots[u][i]
            if alt_sl.limited and (alt_sl.ability.uses_per_turn or alt_sl.ability.uses_per_battle) \
                    and not self._allowed(u, i, alt_sl.ability):
                i += 1
                continue  # (its own uses spent: "… (1 раз за ход) или …", 50/9 Хешир)
            alt = self._trigger_cands(u, i, alt_sl.ability, trigger, context)
            if alt:
                options.append((i, alt))
            i += 1
        if not options:
            return index, []
        if len(options) == 1:
            return options[0]
        picker = self.seat[u]
        if self.slots[u][index].ability.picker == "target" and context >= 0:
            picker = self.seat[context]  # ("по выбору противника": the player of the card it aims at)
        pick = self.players[picker].choose_option(self, u, [o[0] for o in options],
                                                  [o[1] for o in options])
        for option in options:
            if option[0] == pick:
                return option
        raise IllegalAction(f"unit {u}: {pick} is not one of the options {[o[0] for o in options]}")

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
        if dealt <= 0 or not self.alive[x] or not self.creature[y]:
            return
        if self.cards[y].has("incorporeal") and not any(
                a.kind == "drains_ghosts" and a.cost == "passive" for a in facts(self.cards[x])):
            return  # (not against incorporeal creatures, unless it holds ``drains_ghosts``: 60/172)
        if not any(a.kind == "vampirism" and a.cost == "passive"
                   and not (a.self_state or a.formation or a.when or a.squad_has)
                   for a in facts(self.cards[x])):
            return  # its vampirism holds only in a state that does not hold now ("пока имеет проклятие"),
            #         or only while given ("получает вампиризм до конца вашего хода", 50/146)
        if self._sick(x):
            return  # ("незаживающие раны": no heal, no additional life)
        healed = 0 if self.ghost[x] else min(dealt, self.wounds[x])  # (incorporeal: extra life only)
        extra = dealt - healed
        if healed and self._healers:  # ("излечивается на X+1", 30/71)
            healed = min(self.wounds[x], healed + self._heal_more(x, healed))
        self.wounds[x] -= healed
        cap = self.vampire[x]
        if extra and cap:
            extra = max(0, min(extra, cap - self.life[x]))
        if extra:
            self.life = list(self.life)  # shared with clones: replaced, not changed in place
            self.life[x] += extra
            if self._trig["gets_extra_life"] and x in self._trig["gets_extra_life"]:
                self._fire(x, "gets_extra_life", y)  # ("когда получает дополнительные {health}")
            if self._trig["ally_gets_extra_life"] and not self.over:
                self._ally_gained(x)
        if self._last_life and (healed or extra):
            self._respare(x)
        if self.log is not None and (healed or extra):
            self._emit({"e": "heal", "u": x, "by": healed, "extra_life": extra, "by_what": "vampirism"})
        if (healed or extra) and self._trig["squad_vampirism"]:
            for w in self._trig["squad_vampirism"]:  # ("при вампиризме вашего существа", 60/149)
                if self.seat[w] == self.seat[x] and self.alive[w] and not self.over:
                    self._fire(w, "squad_vampirism", -1, x)

    def _bless(self, u: int, v: int, ab: Ability) -> None:
        """``v`` becomes blessed (``give_blessing``) or cursed (``give_curse``) for the rest of the
        battle: 000 glossary "Blessing" / "Curse" (+1 / −1 on any roll for the card; receiving it
        again changes nothing) and p.135 (an acquired ability of the card). Given as a spell or an
        effect (``via``), the target's protections from it apply (000 2.8). The unit takes the key
        of its card with that standing fact, so every table and roll sees it."""
        if ab.via and protected(self.cards[v], ab.via, self.cards[u], self.seat[v]):
            return
        name = "blessing" if ab.kind == "give_blessing" else "curse"
        flip = False
        if self._trig["state_flip"] and self.creature[v]:  # (a curse meets a blessing, or the reverse)
            had = solo_passives(self.key[v])
            flip = had.curse if name == "blessing" else had.blessing
        if name == "curse" and self._trig["cursed_again"] and solo_passives(self.key[v]).curse:
            for w in self._trig["cursed_again"]:  # "if a cursed creature should receive a curse …"
                if self.alive[w] and not self.over and self.creature[v] and self.alive[v]:
                    self._fire(w, "cursed_again", v, v)
            return
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
        if new != key:
            self._state_key(u, v, new, name)
            watchers = self._trig["gets_" + name]
            if watchers and v in watchers and self.alive[v] and not self.over:
                self._fire(v, "gets_" + name, u)  # ("когда получает благословление / проклятие", 30/173)
            if name == "curse" and self.poison[v] and self._trig["poison_curse"]:
                self._blighted(v)  # (a poisoned creature receives a curse: 60/127)
        if flip:  # ``state_flip``: "когда существо с проклятием получает благословление или наоборот"
            for w in self._trig["state_flip"]:
                if self.alive[w] and self.alive[v] and not self.over:
                    self._fire(w, "state_flip", v, v)

    def _state_key(self, u: int, v: int, new: int, event: str) -> None:
        """``v`` plays as card key ``new`` (its card with a curse or blessing added or taken off),
        its variant and columns following; logged as ``event`` by ``u``."""
        if self._variable:
            self.base[v] = new
            if v in self._board_units or self.grants[v]:
                # its variant follows (a fact "while it has a curse" may hold now): every column
                self._rekey(v, self._variant_of(v))
                if self.log is not None:
                    self._emit({"e": event, "u": v, "by": u})
                return
        for column, value in (("key", new), ("cards", card_of(new)), ("profiles", PROFILES[new])):
            lst = list(getattr(self, column))
            lst[v] = value
            setattr(self, column, lst)
        slots = list(self.slots)
        slots[v] = slots_of(new)
        self.slots = slots
        if self.log is not None:
            self._emit({"e": event, "u": v, "by": u})

    def _cleanse(self, u: int, v: int, ab: Ability) -> None:
        """``cleanse``: ``v`` loses the states of ``removes`` ("существо теряет отравление и теряет
        проклятие"): its poisoning, and the curse / blessing facts of its card (given in the battle or
        printed), so its rolls lose their ±1 (000 glossary "Curse", "Blessing", "Poisoning"). Given as a
        spell or an effect, the target's protections from it apply (000 2.8)."""
        if ab.via and protected(self.cards[v], ab.via, self.cards[u], self.seat[v]):
            return
        if "poison" in ab.removes and self.poison[v]:
            self.poison[v] = 0
            if self.log is not None:
                self._emit({"e": "cleansed", "u": v, "by": u, "state": "poison"})
        for name in ("curse", "blessing"):
            if name not in ab.removes:
                continue
            key = self.base[v] if self._variable else self.key[v]
            memo = (key, "-" + name)
            new = _MARKED.get(memo)
            if new is None:
                card = card_of(key)
                entry = card.abilities
                kept = tuple(a for a in entry.abilities if a.kind != name) if entry is not None else ()
                if entry is None or len(kept) == len(entry.abilities):
                    new = key
                else:
                    new = card_key(replace(card, abilities=replace(entry, abilities=kept)), self.seat[v])
                _MARKED[memo] = new
            if new != key:
                self._state_key(u, v, new, "lost_" + name)

    def _incarnate(self, seat: int) -> None:
        """000 glossary "Incarnation - X" (and "Incarnation token"): at the start of its owner's
        turn a creature in the graveyard with incarnation takes a token; at X tokens they are removed
        and it returns closed, unwounded, to a free square of its owner's third row (a flyer to the
        auxiliary zone); with no free square it waits in the graveyard until one frees up; once per
        battle (003 "Inkarnácia X", L1388-1398). It takes the first free square from the left."""
        for u in range(self.n):
            x = self.incarnation[u]
            if not x or self.alive[u] or self.seat[u] != seat or self.tokens[u] < 0 or self.host[u] >= 0 \
                    or self.zone[u]:  # (only from the graveyard: not from the deck or exile)
                continue
            early = self._early(u, x, seat) if self.tokens[u] < x else 0  # (before this turn's token)
            if self.tokens[u] < x and not early:
                self.tokens[u] += 1
            if self.tokens[u] < x and not early:
                continue
            owner = seat
            if self.claimed[u] >= 0:
                seat = self.claimed[u]  # it returns on the claimer's side (``claim_incarnation``)
            where = self._anywhere_square(u, seat) if self.kind[u] != FLYER else NOWHERE
            if where < 0 and self.kind[u] != FLYER and self._markers:
                where = self._marked_square(u, seat)
            opened = where >= 0
            if opened:
                self.board[where] = u
                self.occupied |= 1 << where
            elif self.kind[u] == FLYER:
                where = AUX
            else:
                row = half_rows(seat)[2]
                free = [row * 5 + c for c in range(5) if self.board[row * 5 + c] < 0]
                if not free:
                    seat = owner
                    if early:
                        self.tokens[u] += 1  # (no square: it waits, and this turn's token comes)
                    continue
                where = free[0]
                self.board[where] = u
                self.occupied |= 1 << where
            again = self._repeats(u)
            self.tokens[u] = 0 if again else -1  # (50/161 Эйдерик: any number of times per battle)
            self.alive[u] = True
            self.pos[u] = where
            removed = self.wounds[u]
            self.wounds[u] = 0
            if early:  # 2 wounds and -1 simple strike per missing token
                self.wounds[u] = 2 * early
                self._give(u, u, Ability(kind="strike_bonus", damage=(-early,), lasts="battle"))
            if self._last_life:
                self._respare(u)
            self.poison[u] = 0
            self.counters[u] = 0
            self.open[u] = False
            self.acted[u] = True
            self.moves[u] = 0
            self.prepared[u] = 0
            self.armor_left[u] = self.armor[u]
            if opened:  # (``anywhere``: open, it may act this turn)
                self.open[u] = True
                self.acted[u] = False
                self.moves[u] = self.move_points[u]
            if seat != owner:
                self._change_control(u, seat)
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
            if self._x_trig and not self.over:
                self._token_event(u, False)
            if self._x_trig and self._trig["incarnates_adjacent"] and where >= 0 and not self.over:
                for w in self._trig["incarnates_adjacent"]:  # (60/177 Берроу и Бон)
                    if w != u and self.alive[w] and self.pos[w] >= 0 and where in ADJ8[self.pos[w]] \
                            and not self.over:
                        self._fire(w, "incarnates_adjacent", -1, u)
            seat = owner

    def _anywhere_square(self, u: int, seat: int) -> int:
        """``incarnation`` with ``anywhere`` (50/167 Костяной воитель): the free square of either
        third row where ``u`` returns open, its player's choice (``Player.incarnate_square``; -1: the
        ordinary way), once the tokens of other cards of its squad's graveyard are paid."""
        ab = next((a for a in facts(self.cards[u]) if a.kind == "incarnation" and a.anywhere), None)
        if ab is None:
            return -1
        holders = [v for v in self._token_holders(seat) if v != u and self.creature[v]]
        if sum(self.tokens[v] for v in holders) < ab.tokens:
            return -1
        squares = [row * 5 + c for row in (half_rows(seat)[2], half_rows(1 - seat)[2]) for c in range(5)
                   if self.board[row * 5 + c] < 0]
        if not squares:
            return -1
        player = self.players[seat]
        where = player.incarnate_square(self, u, squares)
        if where not in squares:
            return -1
        for _ in range(ab.tokens):
            holders = [v for v in self._token_holders(seat) if v != u and self.creature[v]]
            v = player.token_holder(self, u, holders, False)
            self._lose_token(v if v in holders else holders[0], u)
        return where

    def _marked_square(self, u: int, seat: int) -> int:
        """``incarnate_on_mark`` of a card of ``seat`` in play (60/180 Магистр Шарль): ``u`` may return
        open onto a free square with that marker, in any row, its player's choice
        (``Player.choose_square`` with ``"incarnate"``; not one of them: the ordinary way); the square
        loses that marker."""
        kinds = [ab.marker for w in self.units[seat] if self.alive[w]
                 for ab in facts(self.cards[w]) if ab.kind == "incarnate_on_mark" and ab.marker]
        if not kinds:
            return -1
        squares = [sq for sq in range(30) if self.board[sq] < 0 and self.share[sq] < 0
                   and any(m[0] in kinds for m in self.marks[sq])]
        if not squares:
            return -1
        where = self.players[seat].choose_square(self, u, "incarnate", squares)
        if where not in squares:
            return -1
        gone = next(m for m in self.marks[where] if m[0] in kinds)
        self.marks[where] = tuple(m for m in self.marks[where] if m != gone)
        return where

    def _claim(self, u: int, v: int, x: int) -> None:
        """``claim_incarnation`` (50/160 Жрец смерти): enemy creature ``v`` without incarnation gains
        incarnation ``x`` (000 glossary "Incarnation - X": tokens at the start of its owner's turns)
        that returns it onto the third row of ``u``'s owner, under his control."""
        if not self.creature[v] or self.incarnation[v] or (self.seat[v] == self.seat[u] and (
                self.alive[v] or self.zone[v])):
            return  # (an enemy creature; or one of its own squad lying in the graveyard: 30/178)
        column = list(self.incarnation)
        column[v] = x
        self.incarnation = tuple(column)
        claimed = list(self.claimed)
        claimed[v] = self.seat[u]
        self.claimed = claimed
        self._any_incarnation = True
        if self.log is not None:
            self._emit({"e": "claim", "u": v, "by": u, "x": x})

    def _change_control(self, u: int, seat: int) -> None:
        """Unit ``u``, returning to play, comes under the control of ``seat`` (000 glossary "To take
        into the squad": on incarnation, or when taking a card under one's control): it counts for
        that side from now on; its owner — whose seat marks ({first}/{second}) its facts follow —
        does not change."""
        seats = list(self.seat)
        seats[u] = seat
        self.seat = seats
        if seat != self.owner[u]:
            self._controlled = True
        marks = list(self._seat_triggers)
        marks[seat] |= self.triggers[u]
        self._seat_triggers = tuple(marks)
        if self.log is not None:
            self._emit({"e": "control", "u": u, "seat": seat})

    # ------------------------------------------------------------------ incarnation tokens as currency

    def _grave_combo(self, u: int) -> bool:
        """Whether unit ``u`` lying in the graveyard still hears ``ally_combo`` (its own
        ``grave_token`` on it: 60/175 Очи Нальдана, "in the graveyard it gains a token instead")."""
        return any(a.kind == "grave_token" and a.trigger == "ally_combo" and a.target == "self"
                   for a in facts(self.cards[u]))

    def _early(self, u: int, x: int, seat: int) -> int:
        """``early`` incarnation: the tokens ``u`` would return without (at least one held), if its
        player takes that now (``Player.incarnate_early``), else 0."""
        held = self.tokens[u]
        if held < 1 or not any(a.kind == "incarnation" and a.early for a in facts(self.cards[u])):
            return 0
        return x - held if self.players[seat].incarnate_early(self, u, x - held) else 0

    def _repeats(self, u: int) -> bool:
        """Whether unit ``u``'s incarnation returns any number of times (``repeats``)."""
        return any(a.kind == "incarnation" and a.repeats for a in facts(self.cards[u]))

    def _token_holders(self, seat: int) -> list[int]:
        """The cards of ``seat`` in the graveyard that hold incarnation tokens (000 glossary
        "Incarnation token": they lie on the card in the graveyard)."""
        tokens, alive, host = self.tokens, self.alive, self.host
        return [v for v in range(self.n) if self.seat[v] == seat and not alive[v] and tokens[v] > 0
                and host[v] < 0 and not self.zone[v]]

    def _can_pay_tokens(self, u: int, need: int) -> bool:
        return sum(self.tokens[v] for v in self._token_holders(self.seat[u])) >= need

    def _pay_tokens(self, u: int, need: int, optional: bool) -> bool:
        """Pay ``need`` incarnation tokens of ``u``'s graveyard for one of its abilities (the
        ``tokens`` cost: "снять жетон инкарнации с существа на вашем кладбище"): its player picks
        the card for each token (``Player.token_holder``; -1 declines, allowed only when
        ``optional`` — a triggered "may"). Each token lost sets off ``ally_token``."""
        seat = self.seat[u]
        if not self._can_pay_tokens(u, need):
            return False
        player = self.players[seat]
        for paid in range(need):
            holders = self._token_holders(seat)
            v = player.token_holder(self, u, holders, False)
            if v < 0 and optional and paid == 0:
                return False
            if v not in holders:
                v = holders[0]  # (once begun, a payment is completed)
            self._lose_token(v, u)
        return True

    def _lose_token(self, v: int, by: int) -> None:
        self.tokens[v] -= 1
        if self.log is not None:
            self._emit({"e": "token", "u": v, "by": by, "tokens": self.tokens[v]})
        if self._x_trig and not self.over:
            self._token_event(v, True)

    def _give_token(self, u: int, index: int, ab: Ability, trigger: str) -> None:
        """``grave_token``: ``damage`` incarnation tokens onto a card of ``u``'s squad lying in the
        graveyard (``target = "self"``: onto ``u`` itself, which must lie there). A card that has
        already incarnated (and may not again) takes none: its incarnation is spent."""
        if ab.target == "self":
            cands = [u] if not self.alive[u] and self.tokens[u] >= 0 and self.host[u] < 0 \
                and not self.zone[u] else []
        else:
            seat = self.seat[u]
            cands = [v for v in range(self.n) if self.seat[v] == seat and not self.alive[v]
                     and self.tokens[v] >= 0 and self.host[v] < 0 and v != u and not self.zone[v]]
        if not cands:
            return
        v = cands[0] if len(cands) == 1 else self.players[self.seat[u]].token_holder(self, u, cands, True)
        if v not in cands:
            v = cands[0]
        if self.slots[u][index].limited:
            self._count_use(u, index)
        self.tokens[v] += ab.damage[0]
        if self.log is not None:
            self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [v], "dice": [],
                        "wounds": [0], "closes": False, "trigger": trigger})

    def _token_event(self, v: int, lost: bool) -> None:
        """Unit ``v`` of a squad incarnated or lost an incarnation token (``lost``): the cards of its
        squad watching it fire — on a return ``squad_incarnates`` (those in play, ``v`` included) and
        ``ally_incarnates``, on both ``ally_token`` (40/171 Шаггон); these two for the other cards,
        in play or in the graveyard (:meth:`_fire_now` keeps to what acts where)."""
        trig = self._trig
        seat = self.seat[v]
        if not lost:
            for w in trig["squad_incarnates"]:
                if self.seat[w] == seat and self.alive[w] and not self.over:
                    self._fire(w, "squad_incarnates", -1, v)
        for name in (() if lost else ("ally_incarnates",)) + ("ally_token",):
            for w in trig[name]:
                if w != v and self.seat[w] == seat and not self.over:
                    self._fire(w, name, -1, v)

    def _destroy(self, u: int, v: int, self_too: bool) -> int:
        """``destroy`` (000 4.17: a destroyed card goes to the graveyard): ``v`` dies outright —
        no wounds are dealt, so nothing reduces or prevents it — and ``u`` with it when
        ``self_too`` ("уничтожить себя и атакованного"); both die at once, ``v`` by ``u``."""
        left = self.life[v] - self.wounds[v]
        self.wounds[v] = self.life[v]
        doomed = [v]
        if self_too and self.alive[u] and u != v:
            own = self.life[u] - self.wounds[u]
            self.wounds[u] = self.life[u]
            doomed.append(u)
            if self.log is not None and own > 0:  # (the record carries its own end, as a wound)
                self._emit({"e": "wound", "u": u, "by": own, "by_what": "destroy"})
        self._quiet_from = self.turn + 1
        self._settle(doomed, killers={v: u})
        return max(left, 0)

    def _settle(self, suspects: Iterable[int], source: int = -1,
                killers: dict[int, int] | None = None, how: str = "") -> None:
        """Destroy the ``suspects`` whose wounds reached their life (000 4.17; a rider dies with its
        host, 1.5.2 a), then fire the "on death" abilities of the dead and the "on kill" abilities
        of who destroyed them (``source``, or per card ``killers``), then check the end of the game.
        ``how``: the kind of attack or action that dealt the last wounds (``simple``, ``shot`` …; empty
        when unknown), for the ``killed`` facts with ``from``."""
        life, wounds, alive, rider = self.life, self.wounds, self.alive, self.rider
        cause = how or self._cause  # (what dealt these wounds: read once, the triggers below may settle more)
        self._cause = ""
        excess = {x: wounds[x] - life[x] for x in suspects if alive[x] and wounds[x] > life[x]}
        dead, fallen = [], []
        blasts: list[tuple[int, int]] = []
        last = self._last_life
        ones: list[int] = []
        kept: list[int] = []
        for x in suspects:
            if self._cheaters and alive[x] and wounds[x] >= life[x]:
                self._cheat_death(x, killers.get(x, source) if killers else source, cause)
            if self._rider_fates and alive[x] and wounds[x] >= life[x] and rider[x] >= 0:
                saver = self._saves_host(x)  # (40/73 Ящерка: heals its host instead, then is destroyed)
                if saver >= 0:
                    dead.append(saver)
                    fallen.append(saver)
            if alive[x] and wounds[x] >= life[x]:
                if last and self.creature[x] and self.spare[x] == 1:
                    ones.append(x)  # (the life left before these wounds: trigger ``last_life_lost``)
                r = rider[x]
                if self._rider_fates and r >= 0 and cause == "simple":  # (its slayer: ``rides_killer``)
                    self._slayer = killers.get(x, source) if killers else source
                if self._blasting:
                    bomb = self._has(x, "death_blast")  # (held until its death: "подложить бомбу", 60/80)
                    if bomb is not None and bomb.damage:
                        blasts.append((x, bomb.damage[0]))
                self._kill(x)
                self._slayer = -1
                dead.append(x)
                fallen.append(x)
                if r >= 0 and not alive[r] and r not in fallen:
                    fallen.append(r)
            elif last and alive[x]:
                kept.append(x)
        if kept:
            self._respare_all(kept)
        if not dead:
            return
        if self._dashers:  # (where each killer's last victim died: ``vs_state = "on_kill_square"``, 30/31)
            for x in dead:
                killer = killers.get(x, source) if killers else source
                if killer >= 0 and self.seat[killer] != self.seat[x]:
                    self.kill_sq = list(self.kill_sq)
                    self.kill_sq[killer] = (self.turn, self.died_at[x])
        if self._eaters:  # 002 "Трупоедство": before the triggers of the deaths
            for x in dead:
                self._eat(killers.get(x, source) if killers else source, x)
        if self._any_triggers:
            for x in fallen:
                if self.triggers[x] & _DEATH:
                    killer = killers.get(x, source) if killers else source
                    by = cause if cause in KILL_KINDS and killer >= 0 and self.seat[killer] != self.seat[x] \
                        else None  # (a kind ``from`` can name: not a finishing-off, a destruction …)
                    if by is None and cause == "poison":  # (it died of its poisoning: 50/125, 50/127)
                        by = cause
                    self._fire(x, "death", -1, -1, by)  # (``from``: what an enemy killed it with)
            for x in dead:
                killer = killers.get(x, source) if killers else source
                if killer >= 0 and alive[killer] and self.triggers[killer] & _KILL \
                        and self.seat[killer] != self.seat[x]:
                    self._excess = excess.get(x, 0)
                    self._fire(killer, "kill", x, x, cause or None)  # (``when_state``: the state it died in)
            if self._mourners:
                self._mourn(fallen, cause, killers, source)
        if self._x_trig and (self._trig["killed"] or self._trig["squad_kill"]) and not self.over:
            self._killings(dead, source, killers, cause, excess)
        if ones:
            self._last_lives(ones)
        if blasts and not self.over:
            self._blast(blasts)
        if self.exiled_on_death:
            self._exile_on_deaths(dead)
        if self._controlled:
            self._return_to_owners(fallen)
        self._check_end()

    def _blast(self, blasts: list[tuple[int, int]]) -> None:
        """``death_blast``: each card of ``blasts`` (card, n) that died holding it wounds every card next
        to where it died by n — an effect (fortitude stops it): "при гибели — ранить каждую стоящую рядом
        карту на 1" (60/80 Пороховой крыс); then their deaths."""
        hit: list[int] = []
        for x, n in blasts:
            for w in self._around(self.died_at[x], x):
                if self.alive[w] and self.kind[w] != 5:
                    dealt = wounds_after(n, "effect", self.cards[w], None, 0, self.seat[w])[0]
                    self.wounds[w] += dealt
                    if dealt:
                        self._quiet_from = self.turn + 1
                        hit.append(w)
            if self.log is not None:
                self._emit({"e": "blast", "u": x, "by": n})
        if hit:
            self._settle(hit)

    def _return_to_owners(self, fallen: Sequence[int]) -> None:
        """A dead card that was under another seat's control (resurrected from the enemy's graveyard,
        taken into a squad) lies in its owner's graveyard: its seat is its owner's again, once the
        abilities its death sets off have fired (000 glossary "Resurrection", "To take into the
        squad": control, not ownership, changes)."""
        for x in fallen:
            if not self.alive[x] and self.seat[x] != self.owner[x]:
                seats = list(self.seat)
                seats[x] = self.owner[x]
                self.seat = seats
                if self.log is not None:
                    self._emit({"e": "control", "u": x, "seat": self.owner[x]})

    def _exile_on_deaths(self, dead: Sequence[int]) -> None:
        """``lasts = "enemy_dies"``: each card that entered so and is in play is exiled when a card of
        its enemy is among ``dead`` ("При гибели карты противника — изгоняется", 60/20 Орк-ведун)."""
        keep: list[int] = []
        gone: list[int] = []
        for v in self.exiled_on_death:
            if not self.alive[v]:
                continue
            if any(self.seat[x] != self.seat[v] for x in dead):
                gone.append(v)
            else:
                keep.append(v)
        self.exiled_on_death = keep
        for v in gone:
            self._exile(v, v)

    def _killings(self, dead: Sequence[int], source: int, killers: dict[int, int] | None, how: str,
                  excess: dict[int, int]) -> None:
        """Triggers ``killed`` (the dead card's, aimed at its enemy killer; ``from``: ``how`` it was
        killed) and ``squad_kill`` (the living cards of the killer's squad, aimed at the killer — its
        abilities aimed at it need it alive — about the dead card; ``from``: ``how``; ``per =
        "excess"``: the wounds beyond the life it had left, ``excess``) for each card in ``dead``."""
        kind = how if how in KILL_KINDS else None
        for x in dead:
            killer = killers.get(x, source) if killers else source
            if killer < 0 or self.seat[killer] == self.seat[x] or self.over:
                continue
            if x in self._trig["killed"]:
                self._fire(x, "killed", killer, x, kind)
            for w in self._trig["squad_kill"]:
                if self.seat[w] == self.seat[killer] and self.alive[w] and not self.over:
                    self._excess = excess.get(x, 0)
                    self._fire(w, "squad_kill", killer, x, kind)

    def _respare(self, v: int) -> None:
        """Trigger ``last_life_lost``: ``v``'s life left is now what its next wounds start from."""
        spare = list(self.spare)
        spare[v] = self.life[v] - self.wounds[v]
        self.spare = spare

    def _respare_all(self, units: Sequence[int]) -> None:
        spare = list(self.spare)
        for x in units:
            if self.alive[x]:
                spare[x] = self.life[x] - self.wounds[x]
        self.spare = spare

    def _last_lives(self, ones: Sequence[int]) -> None:
        """Trigger ``last_life_lost`` (60/179 Инзела: "когда существо с 1 текущей {health} получает
        смертельные раны или уничтожается"): each creature of either squad that died with 1 life
        left sets off the living cards with it (aimed by their own range; about the dead one)."""
        for x in ones:
            for w in self._trig["last_life_lost"]:
                if w != x and self.alive[w] and not self.over:
                    self._fire(w, "last_life_lost", -1, x)

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
        self._place_on(u, p, to)
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
        if self._last_life:
            self._last_lives([x for x in dead if self.spare[x] == 1])
        self._check_end()

    def _kill(self, x: int, dies: bool = True) -> None:
        """``x`` leaves play: it dies (``dies``), else it is exiled (:meth:`_exile` logs that)."""
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
        if self._markers:
            self._unmark(x)  # (its ``owner_bound`` markers go: "при гибели — убрать все ваши …")
        if self._floods:
            self._unflood(x)  # (its floods that last while it is in play)
        if p >= 0:
            self._leave(x, p)  # (a card sharing the square, incorporeal, holds it alone now)
        self.pos[x] = NOWHERE
        self.units[s].remove(x)  # (terrains, in no unit list, never die: 000 1.8)
        if self.creature[x]:
            self.n_creatures[s] -= 1
            if self.kind[x] != FLYER:
                self.n_ground[s] -= 1
        if self.log is not None and dies:
            self._emit({"e": "death", "u": x})
        h = self.host[x]
        if h >= 0:
            self.rider[h] = -1
        r = self.rider[x]
        if r >= 0:
            self.rider[x] = -1
            if not (self._rider_fates and self._outlives(r, x)):
                self._kill(r)  # 000 1.5.2 a: the symbiote dies with its host
        if self._shapers and x in self.shapes:
            self._unshape(x)  # (000 2.1.4: its printed type again, out of play)

    def _cheat_death(self, x: int, killer: int, how: str) -> None:
        """``x`` has lethal wounds from ``killer`` (``how``: what dealt the last ones): its
        ``cheats_death`` fact, if its ``from`` and uses allow, heals it instead (50/92 Витязь
        Святолесья: "вместо гибели от атаки карты противника … излечиться на 5 (1 раз за бой)")."""
        for i, ab in enumerate(ABILITIES[self.base[x]]):
            if ab.kind != "cheats_death":
                continue
            if ab.applies_to and (killer < 0 or self.seat[killer] == self.seat[x] or how not in KILL_KINDS
                                  or not covers(ab, how)):
                continue
            if not self._allowed(x, i, ab):
                continue
            self._count_use(x, i)
            healed = min(ab.damage[0] if ab.damage else 0, self.wounds[x])
            self.wounds[x] -= healed
            if self.log is not None:
                self._emit({"e": "heal", "u": x, "by": healed, "by_what": "cheats_death"})
            return

    def _saves_host(self, x: int) -> int:
        """``x`` has lethal wounds: its rider's ``saves_host`` (its ``vs_state`` on ``x``) heals it
        by the rider's life left instead, and the rider is destroyed (40/73 Ящерка). The destroyed
        rider, or -1."""
        r = self.rider[x]
        if r < 0 or not self.alive[r]:
            return -1
        for ab in ABILITIES[self.base[r]]:  # (its printed facts: a ``vs_state`` passive is not standing)
            if ab.kind != "saves_host" or (ab.vs_state and not self._in_state(x, ab.vs_state)):
                continue
            left = max(0, self.life[r] - self.wounds[r])
            healed = 0 if self._sick(x) else min(left, self.wounds[x])
            self.wounds[x] -= healed
            if self.log is not None:
                self._emit({"e": "heal", "u": x, "by": healed})
                self._emit({"e": "destroyed", "u": r, "by_what": "saves_host"})
            self._kill(r)
            return r
        return -1

    # ------------------------------------------------------------------ deck, graveyard, entering play

    def _entry(self, u: int, index: int, ab: Ability, about: int) -> bool:
        """Carry out ``u``'s fact ``index`` of a kind of :data:`~analysis.cards.abilities.ENTRIES`
        (data/README.md "Deck, graveyard and cards entering play"); ``about``: the card its trigger
        is about (``onto = "died_at"``). Whether anything moved."""
        kind = ab.kind
        seat = self.seat[u]
        if kind == "exile":  # (the card itself leaves play for exile: no death)
            if not self.alive[u]:
                return False
            if about >= 0 and has_condition(ab) and not matches(ab, self.cards[about]):
                return False  # ("когда уничтожает существо стоимостью 6 или менее — изгоните …": 30/90)
            self._exile(u, u)  # (the end of the game is checked after the chain it starts)
            return True
        if kind == "prophecy":
            return self._prophesy(u, ab.damage[0] if ab.damage else 1)
        if kind == "grave_exile":
            return self._grave_exile(u, ab, about)
        if ab.squad_max and len(self.units[seat]) + len(self.lands[seat]) > ab.squad_max:
            return False  # ("если в вашем отряде три или менее карты": 60/200)
        name = self.cards[u].key
        if ab.grave_lacks_name and any(  # ("если на вашем кладбище нет другого …": 60/151)
                w != u and self.seat[w] == seat and self._in_grave(w) and self.cards[w].key == name
                for w in range(self.n)):
            return False
        done = False
        self._entered_now = []
        most = ab.targets
        if ab.per:  # ("вызвать из колоды Х или менее …, где Х …": 30/160 Древний упырь)
            most = max(0, self._quantity(u, ab.per) + ab.plus)
            if ab.per_max:
                most = min(most, ab.per_max)
        elif ab.damage and kind in ("summon", "resurrect"):
            most = ab.damage[0]  # (its ``per`` amount, as the card's situation last set it)
        for _ in range(most):
            if self.over:
                break
            cands = self._grave_cands(u, ab, about) if kind == "resurrect" else self._deck_cands(u, ab, about)
            if not cands:
                break
            v = cands[0] if len(cands) == 1 else self.players[seat].choose_card(self, u, kind, cands)
            if v not in cands:
                raise IllegalAction(f"unit {v} is not one of the cards {cands} unit {u} may take")
            if kind == "to_graveyard":
                self._take_from_deck(v)
                self.zone[v] = ZONE_GRAVE
                if self.log is not None:
                    self._emit({"e": "to_graveyard", "u": v, "by": u})
                done = True
                continue
            if self.kind[v] in (COMPANION, PARASITE):  # (onto a host: "вызвать на себя компаньона")
                hosts = self._entry_hosts(u, v, ab, about)
                if not hosts:
                    break
                host = hosts[0] if len(hosts) == 1 else self.players[seat].attach(self, v, hosts)
                if host not in hosts:
                    raise IllegalAction(f"unit {host} cannot host unit {v}")
                if kind == "summon":
                    self._take_from_deck(v)
                self._enter_rider(v, seat, host, kind, u)
                self._entered_now = [*self._entered_now, v]
                done = True
                continue
            squares = self._entry_squares(u, v, ab, about)
            if not squares:
                break
            sq = (squares[0] if len(squares) == 1
                  else self.players[seat].choose_square(self, v, "enter", squares))
            if sq not in squares:
                raise IllegalAction(f"square {sq} is not one where unit {v} may enter")
            if kind == "summon":
                self._take_from_deck(v)
            self._enter(v, seat, sq, kind, u)
            self._entered_now = [*self._entered_now, v]
            if ab.lasts == "turn":
                self.leaving = [*self.leaving, (v, self.turn)]
            elif ab.lasts == "enemy_dies":
                self.exiled_on_death = [*self.exiled_on_death, v]
            done = True
        if done and kind != "resurrect":
            self._shuffle_deck(seat)  # 000 2.1.3: after a card is taken from the deck it is shuffled
        return done

    def _deck_cands(self, u: int, ab: Ability, about: int = -1) -> list[int]:
        """The cards of ``u``'s deck that ``ab`` may take (its ``vs_*``, ``same_name``); for a
        summon only cards that can stand on the battlefield (no terrain, no symbiote) and are
        legal in the squad (a unique card whose name is in play is not, 000 glossary "Summoning")."""
        seat = self.seat[u]
        out = []
        if ab.shown and self._shown >= 0:  # (after a prophecy: the card it showed, 30/118 Тугодум)
            v = self._shown
            return [v] if v in self.deck[seat] and self._takes(u, ab, v, about) and (
                ab.kind != "summon" or self._may_enter(v, seat, ab)) else []
        for v in self.deck[seat]:
            if self._takes(u, ab, v, about) and (ab.kind != "summon" or self._may_enter(v, seat, ab)):
                out.append(v)
        return out

    def _grave_cands(self, u: int, ab: Ability, about: int = -1) -> list[int]:
        """The cards of a graveyard ``ab`` may bring back: ``u`` itself (``target = "self"``), the
        creatures of its own squad's graveyard (``ally``) or of the enemy's (``enemy``)."""
        seat = self.seat[u]
        if ab.target == "self":
            return [u] if self._in_grave(u) and self._may_enter(u, seat, ab) else []
        if ab.area == "about":  # (the card its trigger is about: "возродите … это существо", 30/90)
            x = about if about >= 0 else self._about if self._about >= 0 else self._context
            side = seat if ab.target == "ally" else 1 - seat
            return [x] if (x >= 0 and x != u and self.seat[x] == side and self._in_grave(x)
                           and self._takes(u, ab, x, about) and self._may_enter(x, seat, ab)) else []
        side = seat if ab.target == "ally" else 1 - seat
        return [v for v in range(self.n) if v != u and self.seat[v] == side and self._in_grave(v)
                and self._takes(u, ab, v, about) and self._may_enter(v, seat, ab)]

    def _in_grave(self, v: int) -> bool:
        """Whether unit ``v`` lies in a graveyard (not a symbiote still counted with its host)."""
        return not self.alive[v] and self.zone[v] == ZONE_GRAVE

    def _takes(self, u: int, ab: Ability, v: int, about: int = -1) -> bool:
        """Whether card ``v`` meets ``ab``'s conditions on the card it takes (``same_cost``: the cost
        of ``about``, the card its trigger is about)."""
        if ab.same_cost and (about < 0 or self.cards[v].cost != self.cards[about].cost):
            return False
        if ab.same_name and self.cards[v].name != self.cards[u].name:
            return False
        if ab.new_name and (any(self._in_grave(w) and self.seat[w] == self.seat[u]
                                and self.cards[w].key == self.cards[v].key for w in range(self.n))
                            if ab.kind == "to_graveyard" else
                            any(self.cards[w].key == self.cards[v].key for w in self.units[self.seat[u]])):
            return False  # (where it goes holds no card of its name: "с разным названием", 50/55)
        if ab.same_name and v == u:
            return False
        return matches(ab, self.cards[v])

    def _may_enter(self, v: int, seat: int, ab: Ability | None = None) -> bool:
        """Whether card ``v`` may enter play under ``seat``: a creature or an artifact standing on
        a square or in the auxiliary zone (no terrain; a symbiote only by a fact that names its host,
        ``onto = "host_…"``), not a unique card whose name ``seat`` already has in play (000 glossary
        "Summoning", "Uniqueness")."""
        k = self.kind[v]
        if k in (COMPANION, PARASITE):
            if ab is None or ab.onto not in HOST_ONTO:
                return False
        elif k not in (GROUND, FLYER, ARTIFACT):
            return False
        card = self.cards[v]
        return not (card.unique and any(self.cards[w].name == card.name for w in self.units[seat]))

    def _entry_squares(self, u: int, v: int, ab: Ability, about: int) -> list[int]:
        """Where card ``v`` may enter for ``u``'s ``ab``: the auxiliary zone for a flyer; else the
        free squares next to ``u`` (000 glossary "Summoning", "Resurrection"), those next to the
        square where ``about`` died and that square itself (``died_at``), or every free square
        (``any``; also when ``u`` stands on no square)."""
        if self.kind[v] == FLYER:
            return [AUX]
        board, share = self.board, self.share
        if ab.onto in ("died_at", "about_square") and about >= 0:
            p = self.died_at[about] if not self.alive[about] else self.pos[about]
            if p >= 0:
                near = (p, *ADJ8[p]) if ab.onto == "died_at" else (p,)
                return [sq for sq in near if board[sq] < 0 and share[sq] < 0]
            if ab.onto == "about_square":
                return []
        p = self.pos[u] if self.alive[u] else self.died_at[u]
        if ab.onto == "own_square":
            return [p] if p >= 0 and board[p] < 0 and share[p] < 0 else []
        if ab.onto == "any" or p < 0:
            return [sq for sq in range(30) if board[sq] < 0 and share[sq] < 0]
        return [sq for sq in ADJ8[p] if board[sq] < 0 and share[sq] < 0]

    def _grave_exile(self, u: int, ab: Ability, about: int) -> bool:
        """``grave_exile``: a card of ``u``'s own graveyard meeting ``ab``'s ``vs_*`` is exiled, its
        player's pick (``may``: or none; ``Player.choose_card`` returning -1); the facts after it
        read it (:attr:`_exiled_last`, ``per = "exiled_move"`` …). Whether a card was exiled."""
        seat = self.seat[u]
        self._exiled_last = -1
        side = seat if ab.target != "enemy" else 1 - seat  # (``enemy``: the enemy's graveyard)
        cands = [v for v in range(self.n) if v != u and self.seat[v] == side and self._in_grave(v)
                 and self._takes(u, ab, v, about)]
        if ab.area == "about":  # (the card its trigger is about: "изгоняет это существо", 40/165)
            x = about if about >= 0 else self._about if self._about >= 0 else self._context
            cands = [v for v in cands if v == x]
        if not cands:
            return False
        v = cands[0] if len(cands) == 1 and not ab.may else \
            self.players[seat].choose_card(self, u, "grave_exile", cands)
        if v < 0:
            if ab.may:
                return False  # (its player declines)
            v = cands[0]  # (not a may: one is exiled)
        if v not in cands:
            raise IllegalAction(f"unit {v} is not one of the cards {cands} unit {u} may exile")
        self.zone[v] = ZONE_EXILE
        if self.tokens[v] > 0:
            self.tokens[v] = 0
        self._exiled_last = v
        if self.log is not None:
            self._emit({"e": "exile", "u": v, "by": u})
        return True

    def _prophesy(self, u: int, n: int) -> bool:
        """Пророчество N (``prophecy``; read from the cards' texts, data/README.md "Prophecy"): the top
        ``n`` cards of ``u``'s deck are shown — both players see them — and stay where they are, in
        order; the facts after it read them (:meth:`_after_prophecy`). Whether any card was shown."""
        seat = self.seat[u]
        shown = self.deck[seat][:n]
        self._shown_now = list(shown)
        if not shown:
            return False
        seen = max(self.seen_top[seat], len(shown))
        self.seen_top = (seen, self.seen_top[1]) if seat == 0 else (self.seen_top[0], seen)
        if self.log is not None:
            self._emit({"e": "prophecy", "u": u, "shown": list(shown)})
        return True

    def _after_prophecy(self, u: int, index: int, trigger: str | None) -> None:
        """The facts after ``u``'s ``prophecy`` ``index`` (cost ``then``), once for each card it showed
        ("за каждую показанную карту", 40/132 Горуг), that card being :attr:`_shown` meanwhile."""
        shown = self._shown_now
        self._shown_now = []
        nxt = index + 1
        if nxt >= len(self.slots[u]) or self.slots[u][nxt].ability.cost != "then":
            return
        for c in shown:
            if self.over:
                break
            self._shown = c
            self._follow(u, nxt, (u,), trigger)
        self._shown = -1

    def shown_meets(self, u: int, c: int, shown: Sequence[str]) -> bool:
        """Whether card ``c`` shown by ``u``'s prophecy is one of ``shown`` (:data:`SHOWN`)."""
        card = self.cards[c]
        for what in shown:
            if what == "odd" and card.cost % 2 == 1 or what == "even" and card.cost % 2 == 0:
                return True
            if what == "elite" and card.elite or what == "common" and not card.elite:
                return True
            if what == "neutral" and not card.elements:
                return True
            if what == "missing_element" and card.elements:
                have = {e for w in self.units[self.seat[u]] for e in self.cards[w].elements}
                if any(e not in have for e in card.elements):
                    return True
            if what == card.type:
                return True
        return False

    def shown_targets(self, u: int, sl, c: int) -> list[int]:
        """The cards ``u``'s fact ``sl`` after a prophecy may aim at, ``c`` being the card shown: its
        reach (from where ``u`` stood if it left play), those of the shown card's cost with
        ``shown_cost`` (``equal`` / ``at_most``)."""
        ab = sl.ability
        if ab.area == "about":  # (the card its trigger is about: "по атакованному", 40/76)
            about = self._about if self._about >= 0 else self._context
            return [about] if about >= 0 and self.alive[about] and (
                not sl.conditional or meets(sl, self.key[about])) else []
        src = self.pos[u] if self.alive[u] else self.died_at[u]
        cands = reach_slot(self, u, sl, src if src >= 0 or src == AUX else AUX)
        if ab.shown_cost is not None:
            x = self.cards[c].cost
            if ab.shown_cost == "equal":
                cands = [v for v in cands if self.cards[v].cost == x]
            else:
                cands = [v for v in cands if self.cards[v].cost <= x]
        if ab.vs_state:
            cands = [v for v in cands if self._in_state(v, ab.vs_state)]
        return cands

    def _follow_shown(self, u: int, index: int, trigger: str | None) -> None:
        """Fact ``index`` of ``u`` after a prophecy (``shown`` / ``shown_cost``): when the card shown
        meets its ``shown``, on the targets its player picks (:meth:`shown_targets`; with ``may`` none);
        else, or with no target, the ``then`` fact after it."""
        sl = self.slots[u][index]
        ab = sl.ability
        c = self._shown
        chosen: list[int] = []
        if ab.kind in ENTRIES:  # (the shown card itself may enter play: "если показан компаньон …")
            if c >= 0 and (not ab.shown or self.shown_meets(u, c, ab.shown)):
                self._resolve(u, sl, (u,), trigger)  # (it carries out the next ``then`` fact)
            elif index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
                self._follow(u, index + 1, (u,), trigger)
            return
        if c >= 0 and (not ab.shown or self.shown_meets(u, c, ab.shown)):
            cands = self.shown_targets(u, sl, c)
            if cands:
                most = min(ab.targets, len(cands))
                picked = tuple(self.players[self.seat[u]].choose_targets(self, u, index, cands, most))
                if ((not picked and not ab.may) or len(picked) > most or len(set(picked)) != len(picked)
                        or any(v not in cands for v in picked)):
                    raise IllegalAction(f"unit {u}: {picked} are not 1 to {most} of the targets {cands}")
                chosen = list(picked)
        if chosen:
            self._resolve(u, sl, chosen, trigger)  # (it carries out the next ``then`` fact)
        elif index + 1 < len(self.slots[u]) and self.slots[u][index + 1].ability.cost == "then":
            self._follow(u, index + 1, (u,), trigger)

    def _entry_hosts(self, u: int, v: int, ab: Ability, about: int) -> list[int]:
        """The creatures symbiote ``v`` may enter play on for ``u``'s ``ab`` (000 1.5.2: a ground
        creature without a symbiote; an incorporeal host only for an incorporeal symbiote):
        ``host_self`` the card itself, ``host_about`` the card its trigger is about ("на атакованное
        существо"), ``host_adjacent`` a creature next to it — of its squad for a companion, of the
        enemy's for a parasite."""
        seat = self.seat[u]

        def fits(h: int) -> bool:
            return (h >= 0 and self.alive[h] and self.kind[h] == GROUND and self.pos[h] >= 0
                    and self.rider[h] < 0 and h != v and (self.ghost[v] or not self.ghost[h]))

        if ab.onto == "host_self":
            return [u] if fits(u) else []
        if ab.onto == "host_about":
            x = about if about >= 0 else self._about if self._about >= 0 else self._context
            return [x] if fits(x) else []
        p = self.pos[u]
        if p < 0:
            return []
        side = seat if self.kind[v] == COMPANION else 1 - seat
        return [h for h in self.units[side] if fits(h) and self.pos[h] in ADJ8[p]]

    def _enter_rider(self, v: int, seat: int, host: int, how: str, by: int) -> None:
        """Symbiote ``v`` enters play under ``seat`` on ``host`` (000 1.5.2), open and unwounded, as
        :meth:`_enter` puts a card on a square."""
        if self.seat[v] != seat:
            self._change_control(v, seat)
        self.alive[v] = True
        self.zone[v] = ZONE_GRAVE
        self.host[v] = host
        self.rider[host] = v
        self.pos[v] = self.pos[host]
        self._enter_fresh(v, seat)
        self.moves[v] = 0  # (a symbiote never moves on its own)
        self._quiet_from = self.turn + 1
        self._board_ver += 1
        if self.log is not None:
            self._emit({"e": "enter", "u": v, "pos": self.pos[v], "seat": seat, "how": how, "by": by,
                        "host": host})

    def _enter_fresh(self, v: int, seat: int) -> None:
        """What entering play resets for :meth:`_enter` and :meth:`_enter_rider`: unwounded,
        unpoisoned, open, not acted, unprepared, revealed, its counters, armor and tokens as new,
        its full movement; it joins ``seat``'s units."""
        self.wounds[v] = 0
        self.poison[v] = 0
        self.counters[v] = self._start_counters[v] if self._start_counters else 0
        self.open[v] = True
        self.acted[v] = False
        self.moves[v] = self.move_points[v]
        self.prepared[v] = 0
        self.hidden[v] = False
        self.armor_left[v] = self.armor[v]
        if self.tokens[v] > 0:
            self.tokens[v] = 0
        if self._last_life:
            self._respare(v)
        self.units[seat].append(v)

    def _take_from_deck(self, v: int) -> None:
        seat = self.seat[v]
        deck = self.deck
        if self.seen_top[seat] and v in deck[seat][:self.seen_top[seat]]:
            seen = self.seen_top[seat] - 1
            self.seen_top = (seen, self.seen_top[1]) if seat == 0 else (self.seen_top[0], seen)
        if seat:
            self.deck = (deck[0], [w for w in deck[1] if w != v])
        else:
            self.deck = ([w for w in deck[0] if w != v], deck[1])

    def _shuffle_deck(self, seat: int) -> None:
        if self.seen_top[seat]:
            self.seen_top = (0, self.seen_top[1]) if seat == 0 else (self.seen_top[0], 0)
        if self._deck_rng is not None and len(self.deck[seat]) > 1:
            order = list(self.deck[seat])
            self._deck_rng.shuffle(order)
            self.deck = (order, self.deck[1]) if seat == 0 else (self.deck[0], order)

    def _enter(self, v: int, seat: int, where: int, how: str, by: int) -> None:
        """Card ``v`` enters play under ``seat`` on square ``where`` (``AUX``: the auxiliary zone),
        revealed and open (000 glossary "Summoning", "Resurrection"), unwounded, with what it had in
        the graveyard gone (000 2.1.4); its tokens reset."""
        if self.seat[v] != seat:
            self._change_control(v, seat)
        self.alive[v] = True
        self.zone[v] = ZONE_GRAVE
        self.pos[v] = where
        if where >= 0:
            self.board[where] = v
            self.occupied |= 1 << where
        self._enter_fresh(v, seat)
        if self.creature[v]:
            self.n_creatures[seat] += 1
            if self.kind[v] != FLYER:
                self.n_ground[seat] += 1
        self._quiet_from = self.turn + 1
        self._board_ver += 1
        if self.log is not None:
            self._emit({"e": "enter", "u": v, "pos": where, "seat": seat, "how": how, "by": by})
        if where >= 0 and self._markers and self.marks[where]:
            self._entered(v, where)
        if how == "summon" and v in self._trig["summoned"] and self.alive[v] and not self.over:
            self._fire(v, "summoned", by, by)  # ("при вызове из Яйца дракона", 30/194)

    def _exile(self, x: int, by: int) -> None:
        """Card ``x`` leaves play for exile: it does not die (no "on death" ability, no kill), and
        lies in no graveyard (no incarnation); a symbiote on it dies (000 1.5.2 a)."""
        if not self.alive[x]:
            return
        self._kill(x, False)
        self.zone[x] = ZONE_EXILE
        if self.log is not None:
            self._emit({"e": "exile", "u": x, "by": by})

    def _leave_at_end(self) -> None:
        """The cards that entered for this turn (``lasts = "turn"``) are exiled now."""
        due = [v for v, turn in self.leaving if turn == self.turn]
        self.leaving = [(v, turn) for v, turn in self.leaving if turn != self.turn]
        for v in due:
            if self.alive[v] and not self.over:
                self._exile(v, v)
        self._check_end()

    def _entry_possible(self, u: int, ab: Ability) -> bool:
        """Whether ``u``'s action of a kind of ``ENTRIES`` would move a card now (a card to take
        and, for one entering play, a place for it): an action that would do nothing is not offered."""
        if ab.kind == "exile":
            return self.alive[u]
        if ab.kind == "prophecy":
            return bool(self.deck[self.seat[u]])
        if ab.kind == "grave_exile":
            seat = self.seat[u]
            return any(v != u and self.seat[v] == seat and self._in_grave(v) and self._takes(u, ab, v)
                       for v in range(self.n))
        cands = self._grave_cands(u, ab) if ab.kind == "resurrect" else self._deck_cands(u, ab)
        if ab.kind == "to_graveyard" or not cands:
            return bool(cands)
        return any(self._entry_squares(u, v, ab, -1) for v in cands)
