"""The battle engine's part of the ability kinds and triggers added for «Война стихий» (issue 9):
what opening, stunning, rooting, pushing, finishing off, extra life, moving wounds, carrion-eating,
blocks, taunts, the sudden responses in a simple strike and the new triggers do on the board. A
mixin of :class:`~analysis.battle.engine.Battle` (000 = the classic rulebook, 002 = the Russian
glossary; glossary entries in quotes):

- ``finishing`` ("Finishing off at X"): destroys an adjacent enemy creature with X or less life
  left; it deals no wounds; not artifacts, symbiotes (000 1.5.2 g) or incorporeal creatures;
- ``extra_life`` ("Additional life"): the target's life grows by N (not an artifact, 000 1.7);
  ``move_wounds`` (003 "Prerozdelenie"): up to N wounds from the most wounded creature of its squad
  in range go to the target;
- ``open``: the target opens (000 2.4: an open card may act); with ``rest`` it cannot act again
  this turn; ``damage`` wounds it as well; ``stun``: the target closes and does not open at the start
  of its owner's next turn ("не открывается в свой следующий ход"); ``root``: the target cannot move
  while the card that rooted it stays where it is and lives ("не может передвигаться … пока
  Василиск не переместится или не покинет поле боя"); ``push``: the target moves one square further
  along the line from the card (the square beyond it), or — off the board, onto a taken square, or a
  card that is not a ground creature — takes ``damage`` as an effect instead; ``rehost``: a companion
  moves onto another creature of its squad next to it, the player's choice (``Player.attach``);
  ``lose_counters``: its counters are gone; ``teleport``: it moves to the free square next to the
  most enemy creatures (000 3.15: "Teleportation is made to any unoccupied square");
- ``carrion_eating`` (002 "Трупоедство"): when it destroys an adjacent non-incorporeal enemy
  creature by its attack or ability (a flyer: any card), it heals completely and loses its poisoning
  (trigger ``eats``);
- ``block`` (000 2.7: the attack is paid for and not carried out — no wounds, no accompanying
  abilities): attacks of the ``from`` kinds on it, ``uses_per_turn`` of them, on the die faces of
  ``roll`` if given;
- ``taunt``: enemy cards (``vs_*``: which) may declare attacks of the ``from`` kinds only at it while
  it can be a target, whatever the range (the "могут объявлять … только по" abilities);
- ``cap_strike`` / ``flip_die``: sudden actions ({instant}{tap}) in a simple strike: a simple
  strike on a card of its squad is reduced to N; a die of the strike turns to its opposite face
  (000 1.1: 1-6, 2-5, 3-4); its player decides (``Player.weaken`` is asked: keep or take the other
  outcome); ``flip_die`` also turns the die of an attack ability or a wounding trigger
  (:meth:`Effects._flip_roll`) and a die that decides whether a fact acts, its ``roll`` faces
  (:meth:`Effects._flip_event`: 60/207 Шулер "перевернуть кубик" names any die);
- ``redirect``: the response window of every enemy attack (a simple strike, an attack ability)
  declared on a card of its squad, before the target is fixed (000 1.9.4; glossary "Redirecting
  an attack": once per attack, never onto the attacker, no defender after it); ``ward`` marks the
  card such a redirect protects;
- fury (Бешенство X; no rulebook at hand defines it, the cards' reminder text does: "if the die
  roll, when it attacks on its own turn, is X or less"): trigger ``fury`` after an attack of the
  card on its own turn, once per die it rolled, for the abilities whose ``fury`` X plus its bonus
  (its ``keyword = "fury"`` facts and its companion's) reaches that roll; then its companion's
  ``host_fury``; ``next_roll`` fixes the next roll of its side this turn, ``roll_wounds`` wounds a
  card on each of its rolls;
- triggers ``defends`` (000 4.10), ``attacked`` (after an enemy attack of the ``from`` kinds on it),
  ``turn_end``, ``enemy_turn_end``, ``concentration`` (003 L1407-1413: at the end of the opponent's
  turn, if it took no wounds since its own turn began), ``valhalla`` (at the start of its owner's
  turn while it lies in the graveyard), ``incarnate``, ``jump``, ``enemy_poisoned``, ``eats``,
  ``ally_combo``.
"""

from __future__ import annotations

from dataclasses import replace

from mypy_extensions import mypyc_attr

from analysis.battle.board import (
    ADJ4,
    ADJ8,
    ADJ8_SELF,
    AUX,
    CHEBYSHEV,
    COLS,
    NEAR,
    NOWHERE,
    ROWS,
    SQUARES,
    WITHIN,
    half_rows,
    row_of,
)
from analysis.battle.interface import IllegalAction
from analysis.battle.powers import WOUNDING, hit, meets, triggered
from analysis.battle.situational import Situational, forward, stripped
from analysis.battle.tables import (
    ARTIFACT,
    COMPANION,
    FLYER,
    GROUND,
    KIND_OF_TYPE,
    PARASITE,
    PROFILES,
    card_key,
    card_of,
)
from analysis.battle.tables import ROWS as KEY_ROWS
from analysis.cards.abilities import Ability
from analysis.cards.ability_rules import (
    attack_bonus,
    covers,
    facts,
    has_condition,
    matches,
    protected,
    wounds_after,
)

_STRIKE_KINDS = {"simple", "magic_strike", "special_strike"}
_NEW_TRIGGERS = ("defends", "attacked", "turn_end", "enemy_turn_end", "concentration", "valhalla",
                 "incarnate",
                 "jump", "enemy_poisoned", "eats", "ally_combo", "ally_incarnates",
                 "squad_incarnates", "ally_token", "enemy_magic", "enemy_roll_over_cost",
                 "moves_heading", "counters_reach", "squad_strike", "cursed_again",
                 "fury", "host_fury", "attack", "squad_rolls", "enters_creature", "last_life_lost",
                 "incarnates_adjacent", "squad_enters_mark", "dash", "teleports", "squad_dash",
                 "dives", "surfaces", "changes_depth", "squad_dives", "killed", "squad_kill",
                 "squad_redirects", "enemy_dies", "own_strike", "dirty_tricked", "enemy_ranged",
                 "host_opens", "gets_blessing", "gets_curse", "gets_extra_life", "blocks",
                 "enemy_leaves_adjacent", "enemy_first_action", "displaced", "squad_loses_counters", "opens",
                 "enemy_enters", "enemy_leaves", "hauled", "hauls", "state_flip", "rehosted", "ghost_enters",
                 "squad_spell", "squad_changes_depth", "adjacent_enemy_attacks", "hosted_anywhere",
                 "leaves_opposite", "ally_enters", "swapped", "misses", "overhealed")
_DEPTH_TRIGGERS = ("dives", "surfaces", "changes_depth", "squad_dives", "squad_changes_depth")
_DEPTH_STATES = ("at_depth", "on_surface")
DIRECTIONS = ("forward", "back", "left", "right")
"""The directions a player may pick for ``moves_heading`` (seen from its own side of the board)."""
_STEPS = ((1, 0), (-1, 0), (0, -1), (0, 1))
"""(rows, columns) of a step up, down, left and right on the board (row 0: the First player's 3rd row)."""


def heading_of(seat: int, direction: str) -> int:
    """The index in :data:`_STEPS` of ``direction`` (:data:`DIRECTIONS`) as seen by ``seat``."""
    ahead = 1 if seat == 0 else -1
    step = {"forward": (ahead, 0), "back": (-ahead, 0), "left": (0, -ahead), "right": (0, ahead)}[direction]
    return _STEPS.index(step)


_TYPE_OF_KIND = {GROUND: "creature", FLYER: "flyer", ARTIFACT: "artifact"}
"""The card type a ``become`` gives for each kind it makes (data/README.md "Type changes")."""


def _kinds_of(key: int) -> set[str]:
    return {a.kind for a in facts(card_of(key))}


_SUMMARIES: dict[tuple[int, ...], tuple] = {}
"""Per tuple of card keys: what :meth:`Effects._init_effects` needs (kinds in play, the units with
each trigger added here, tiered strike triggers, responders, a ``per = "steps"`` fact)."""


def _summary(keys) -> tuple:
    kinds: set[str] = set()
    trig: dict[str, list[int]] = {t: [] for t in _NEW_TRIGGERS}
    tiered = [False] * len(keys)
    responders = []
    sudden: list[int] = []
    steps = False
    deep = False
    for u, key in enumerate(keys):
        for ab in facts(card_of(key)):
            kinds.add(ab.kind)
            if ab.kind == "reduce" and "poison" in ab.applies_to:
                kinds.add("poison_reduce")  # (a standing change to the wounds of poisoning: 60/143)
            if ab.when == "squad_jumps":
                kinds.add("when:squad_jumps")  # (the jumps of each squad this turn are counted: 50/218)
            deep = deep or ab.when in _DEPTH_STATES or ab.vs_state in _DEPTH_STATES \
                or ab.when_state in _DEPTH_STATES or ab.trigger in _DEPTH_TRIGGERS \
                or ab.kind in ("flood", "drain") or ab.onto is not None
            if ab.cost == "trigger" and ab.trigger in trig and u not in trig[ab.trigger]:
                trig[ab.trigger].append(u)
            if ab.cost == "trigger" and ab.trigger == "strike" and (ab.tiers or ab.per == "strike_value"):
                tiered[u] = True
            if ab.kind in ("cap_strike", "flip_die", "redirect", "shift_die", "set_die") \
                    and u not in responders:
                responders.append(u)
            if ab.sudden and u not in sudden:
                sudden.append(u)
            steps = steps or ab.per == "steps"
            if ab.cost == "trigger" and ab.trigger == "squad_strike" and ab.tiers:
                kinds.add("squad_tiers")  # (any creature's strike may set it off: every strike's tiers)
    if "squad_tiers" in kinds:
        tiered = [True] * len(keys)
    return frozenset(kinds), trig, tiered, responders, steps, sudden, deep


@mypyc_attr(allow_interpreted_subclasses=True)
class Effects(Situational):
    """The new kinds and triggers on the board (see the module docstring)."""

    def _init_effects(self) -> None:
        n = self.n
        self.stunned = [False] * n
        self.rooted = [-1] * n
        """Per unit: the unit that rooted it (-1: free)."""
        self.held = [-1] * n
        """Per unit: the turn until the end of which it cannot move (``root`` with ``lasts = "turn"``)."""
        self.fresh = [-1] * n
        self.again = [-1] * n
        """Per unit: the turn in which ``strike_again`` let it make one more simple strike (and only
        that: no step, ability or counter)."""
        """Per unit: the turn in which it was closed without acting (stunned, incarnated closed)."""
        self.conc_wounds = [0] * n
        """Wounds of each unit when its owner's turn began (``concentration``)."""
        self.combo = [(), ()]
        """Per seat: the action kinds of the current ``ally_combo`` chain."""
        self.heading = [-1] * n
        self.delayed = []
        """(card, slot, target) of the wounds a ``delay`` ability lands at the end of this turn;
        replaced, never changed in place (clones share it)."""
        """Per unit: the direction picked for ``moves_heading`` this turn (index in ``_STEPS``; -1
        none); replaced, never changed in place (clones share it)."""
        memo = tuple(self.key)
        summary = _SUMMARIES.get(memo)
        if summary is None:
            if len(_SUMMARIES) > 50_000:
                _SUMMARIES.clear()
            summary = _SUMMARIES[memo] = _summary(self.key)
        kinds, trig, tiered, responders, steps, sudden, deep = summary
        self._deep = deep
        """Some card reads or changes depth and surface: moves look for dives (``_depth_moved``)."""
        self._sudden = sudden
        """Units with a ``sudden`` action (their order: the unit order; data/README.md "Sudden actions")."""
        self._responding = -1
        """The seat whose sudden action is being carried out outside its turn order (-1: none)."""
        self._answering = -1
        """The unit whose announced action a sudden window answers now (-1: none)."""
        self._cancelled = False
        """A ``cancel`` in the window cancelled that action (000 2.9: not carried out, not paid)."""
        self._trig = trig
        if trig["enemy_dies"]:
            self._mourners = self._any_triggers = True  # (Triggers._mourn: "при гибели карты противника")
        self._last_life = bool(trig["last_life_lost"])
        self.spare = [self.life[u] - self.wounds[u] for u in range(n)] if self._last_life else []
        """Per unit: its life left when its wounds were last settled or it was last healed
        (trigger ``last_life_lost``); replaced, never changed in place (clones share it)."""
        self._tiered = tiered
        self._x_kinds = kinds
        self._openers = bool(kinds & {"stays_open", "defends_open"})
        self._blockers = "block" in kinds
        self._taunters = "taunt" in kinds
        self._strike_limits = "strike_limit" in kinds
        self._taunt_skip = False
        self._responders = responders
        self._eaters = "carrion_eating" in kinds
        self._poison_mods = "poison_reduce" in kinds
        """Some card changes the wounds poisoning deals (``reduce`` from ``poison``)."""
        self._ignorers = "ignore_abilities" in kinds
        self._piercers = "ignore_prot_flyers" in kinds
        self._redirect = "redirectable" in kinds
        self._steppers = bool(kinds & {"wraps", "jump", "far_step", "teleportation", "diagonal"})
        self._barrers = "bar" in kinds
        """Some card bars squares to enemy creatures (kind ``bar``, 60/67)."""
        self._dashers = "dash" in kinds
        self._far_strikers = "far_strike" in kinds
        self._sealers = "unhealable" in kinds
        """Some card can neither be healed nor gain additional life (``unhealable``, 40/178)."""
        self._far_guards = [u for u in range(n) if "guards_far" in _kinds_of(self.key[u])] \
            if "guards_far" in kinds else []
        """Units that may defend a card of their squad anywhere (``guards_far``, 40/155)."""
        self.dashed = [-1] * n
        """Per unit: the turn in which it last moved by its ``dash`` (once per turn)."""
        self.first_acts = [-1, -1]
        """Per seat: the turn of its first action (``enemy_first_action``); replaced, never changed
        in place (clones share it)."""
        self.hexed = [-1] * n
        """Per unit: the turn it last took wounds from a magical ability (``vs_state = "magic_wounded"``)."""
        self.shifted = [-1] * n
        """Per unit: the turn it last moved, by a step or an ability (``vs_state = "moved"``)."""
        self.bound_by = [-1] * n
        """Per unit: the card its ``bind`` binds it to (-1: none), until the end of turn ``bound_until``."""
        self.bound_until = [-1] * n
        self._binders = "bind" in kinds
        self._cheaters = "cheats_death" in kinds
        self._closed_parry = "parries_closed" in kinds
        """Some card parries simple strikes while closed (:meth:`parries_closed`)."""
        """Some card heals instead of dying (``cheats_death``: :meth:`Triggers._cheat_death`)."""
        """Some card may bind an enemy to strike only it (:meth:`bound`)."""
        self.leapt = [-1, 0, -1, 0]
        """Per seat (``2 * seat``, ``2 * seat + 1``): the turn of its creatures' last jump and their
        jumps in that turn (``when = "squad_jumps"``); replaced, never changed in place."""
        self._jump_watch = "when:squad_jumps" in kinds
        """Some card reads the jumps of its squad this turn (:meth:`_count_jump`)."""
        self._swap_first = (-1, -1)
        """(card, first target) of a ``swap`` of two targets being carried out."""
        self._overhealed: list[int] = []
        """Units an ability has just healed by more than their wounds (``overhealed``)."""
        self._kin_ref = -1
        """The card a ``then`` ability's predecessor aimed at (``vs_state = "kindred"``)."""
        self.entered = [(-1, -1, -1, -1)] * n
        """Per unit: (turn, movement left, square, holder) of its last step onto a square another card
        holds (``area = "entered_pair"``)."""
        self._drag_step = (0, 0)
        """The direction (rows, columns) of the step that set off a ``leaves_opposite`` (``drag``)."""
        self.reshifted = [-1] * n
        """Per unit: the turn it moved a second time or more (``vs_state = "moved_again"``)."""
        self._lost_now = 0
        """The counters the card now watched lost at once (``squad_loses_counters``)."""
        self._doublers = bool(kinds & {"strikes_twice", "strikes_twice_in_a_row"})
        self.twice = [-1] * n
        """Per unit: the turn of its first simple strike as the attacker, after which a
        ``strikes_twice`` card may strike again (-1: none)."""
        self.twice_on = [-1] * n
        """Per unit: the card its first strike of that turn was declared at."""
        self._again = -1
        """The unit whose ``strikes_twice_in_a_row`` second strike must be the next action (-1: none)."""
        self._cause = ""
        """The kind of the attack or action whose wounds are settled next (``simple``, an ability
        kind; "" unknown): what a ``kill`` / ``death`` fact's ``from`` reads."""
        self._excess = 0
        """The excess damage of the kill that set off the ``kill`` trigger now (``per = "excess"``)."""
        self._zone_sq = -1
        """The square a card just moved onto / off, read by ``enemy_enters`` / ``enemy_leaves``."""
        self._stuns = "stun" in kinds
        self._host_watch = bool(trig["host_opens"]) or "host_may_stay_closed" in kinds
        """Some rider acts when its host opens (``host_opens``) or lets it stay closed
        (``host_may_stay_closed``): the turn start looks at the hosts (:meth:`_host_choices`)."""
        self._rider_fates = bool(kinds & {"flies_from_dead_host", "rehosts_riders", "saves_host"})
        """Some rider outlives its host or saves it (:meth:`_outlives`, :meth:`_saves_host`)."""
        if "host_may_stay_closed" in kinds:
            self._stuns = True  # (a host staying closed is kept closed as a stunned card is)
        self._shapers = "become" in kinds
        """Some card changes its type mid-battle (``become``, data/README.md "Type changes")."""
        self._shaped = False
        """The last ``become`` carried out changed its target (its ``then`` abilities follow)."""
        self.aloft = []
        """(unit, turn, type, movement, strike) of the type changes that end at the end of that turn
        (``become`` with ``lasts``): what the card takes back then; replaced, never changed in place."""
        self.shapes = {}
        """Per unit whose type changed: its type, movement and strike before the first change (what it
        takes back on leaving play); replaced, never changed in place (clones share it)."""
        # (``host_fury``: a rehost)
        self._displacers = (bool(kinds & {"push", "teleport", "dash", "leap", "relocate", "shift", "pounce"})
                            or bool(trig["host_fury"]))
        """Some card moves other cards (or itself) out of turn: players' plans may go stale."""
        self._roots = "root" in kinds
        self._hauling = "hauled" in kinds
        """Some card is a war machine moved by closing a creature next to it (``hauled``)."""
        self._any_tiered = any(tiered)
        self._x_trig = any(trig.values())
        self._tracking = bool(self._board_units) or self._steppers or steps
        self._tiers_now = (-1, -1)
        self._strike_tier = -1
        self.next_face = [0, 0]
        """Per seat: the face its next die roll this turn shows (``next_roll``; 0: none)."""
        self.unit_face = [0] * self.n
        """Per unit: the face its own next die roll shows (``next_roll`` [N] aimed at a card; 0: none);
        replaced, never changed in place."""
        self._furies = bool(trig["fury"])
        self._forcing = "next_roll" in kinds
        """Some card fixes the face of a next die roll (``next_roll``)."""
        self._fixers = "fight_result" in kinds
        """Some card may fix the result of its fights (``fight_result``)."""
        self._fix_tier = 2
        self._tier_setters = bool(kinds & {"counts_as", "taken_as"})
        """Some card's attacks (or attacks on it) count as one strength (``counts_as``, ``taken_as``)."""
        self._upgraders = "fight_upgrade" in kinds
        """Some card may move a won fight's result up a line (``fight_upgrade``)."""
        self._twicers = "roll_twice" in kinds
        """Some card rolls its attacking die twice and keeps one (``roll_twice``)."""
        self._first_roll = []
        """The two rolls of a ``roll_twice`` strike now (its fury reads both)."""
        self._fury_die = 0
        self._about = -1
        self._context = -1
        """The card the triggers firing now aim at (their ``context``: the struck card of ``strike``)."""
        """The card the triggers firing now are about (``area = "about"``; -1: none)."""
        self._fury_pre = 0
        """The wounds of the card attacked by the current attack before it (``per = "target_wounds"``
        on a fury bonus: the count as the die is rolled)."""
        self._fury_add = 0
        self._roll_hurt = "roll_wounds" in kinds
        self._roll_watch = bool(self._roll_hurt or trig["squad_rolls"])
        """Some card acts on die rolls (``roll_wounds``, trigger ``squad_rolls``)."""
        self._event_die = 0
        self._redirectors = [u for u in responders if "redirect" in _kinds_of(self.key[u])]
        """Units with a ``redirect`` response (their order: the unit order)."""

    # ------------------------------------------------------------------ standing facts on the board

    def _sealed(self, u: int) -> bool:
        """Whether ``u`` can neither be healed nor gain additional life (``unhealable``, 40/178)."""
        return self._sealers and self._has(u, "unhealable") is not None

    def _has(self, u: int, kind: str) -> Ability | None:
        """The unit's standing fact of ``kind`` (its current variant), if any."""
        for ab in facts(self.cards[u]):
            if ab.kind == kind and ab.cost == "passive" and not (ab.formation or ab.when or ab.self_state
                                                                  or ab.extra or ab.seat):
                return ab
        return None

    def _strike_ok(self, u: int, v: int) -> bool:
        """``strike_limit``: whether ``u``'s simple strike may be declared at ``v`` (its position to
        ``u``: "только на карту напротив", 60/79; "только по диагонали", 60/95)."""
        ab = self._has(u, "strike_limit")
        return ab is None or ab.vs_position is None or self._position(u, v, ab.vs_position)

    def _stays_open(self, u: int) -> bool:
        """``stays_open``: its attack does not close it (000 2.x, Baraka: it does not act again)."""
        ab = self._has(u, "stays_open")
        if ab is None:
            return False
        if ab.uses_per_turn:
            index = facts(self.cards[u]).index(ab)
            if self.uses_turn.get((u, index), 0) >= ab.uses_per_turn:
                return False
            self._count_use(u, index)
        return True

    def _area_targets(self, u: int, index: int, ab: Ability, context: int) -> list[int]:
        """The cards an ability with an ``area`` may aim at (its ``target`` side, ``vs_*``)."""
        from analysis.battle.powers import meets, slot

        if ab.area == "near_target":
            if context < 0:
                return []
            pool = [w for w in self._neighbours(context) if w != u] if self.alive[context] else (
                self._around(self.died_at[context], context))
        elif ab.area == "sides":
            pool = self._sides(u)
        elif ab.area == "least_wounded":
            wounded = [w for w in self.units[self.seat[u]]
                       if w != u and self.alive[w] and self.creature[w] and self.wounds[w] > 0]
            least = min((self.wounds[w] for w in wounded), default=0)
            pool = [w for w in wounded if self.wounds[w] == least]
        elif ab.area == "others":
            pool = [w for w in range(self.n) if w != u]
        elif ab.area == "adjacent":  # ("стоящая рядом карта": the cards next to it, never itself)
            pool = self._neighbours(u)
        elif ab.area == "about":  # (the card the trigger is about: the wounded, dying … one)
            pool = [self._about] if self._about >= 0 else []
        elif ab.area == "host":  # (the creature this companion or parasite rides)
            h = self.host[u]
            pool = [h] if h >= 0 and self.alive[u] and self.alive[h] else []
        elif ab.area == "beside":  # next to it, but not the card the trigger is about (60/185)
            pool = [w for w in self._neighbours(u) if w != context]
        elif ab.area in ("left", "right", "opposite", "behind"):
            pool = self._toward(u, ab.area)
        elif ab.area in ("row", "column", "lines"):
            pool = self._in_lines(u, ab.area)
        elif ab.area == "between":  # (on the square between it and the card the trigger is about)
            pool = self._between(u, self._about if self._about >= 0 else context)
        elif ab.area == "entered_pair":  # (the holders of the two squares of a row it just passed: 40/131)
            pool = self._entered_pair(u, context)
        elif ab.area == "reverse":  # (on its other side from the card the trigger is about: 40/208)
            pool = self._reverse(u, self._about if self._about >= 0 else context)
        elif ab.area == "beyond":  # (past the card the trigger is about, along the line from it)
            pool = self._beyond(u, self._about if self._about >= 0 else context,
                                ab.kind == "strike_through_row")
        else:
            pool = self._formation_partners(u)
        me = self.seat[u]
        sl = slot(self.key[u], index)
        out = []
        for w in pool:
            if not self.alive[w] or self.kind[w] == 5:  # never a terrain
                continue
            if (ab.target == "enemy" and self.seat[w] == me) or (ab.target == "ally" and self.seat[w] != me):
                continue
            if ab.target == "self" and w != u:
                continue
            if ab.kind in ("heal", "poison", "open", "stun", "close", "extra_life") and not self.creature[w]:
                continue
            if ab.kind in ("heal", "poison") and self.ghost[w]:
                continue  # 000 glossary "Incorporeal creature": never healed nor poisoned
            if sl.conditional and not self.hidden[w] and not meets(sl, self.key[w]):
                continue
            out.append(w)
        return sorted(set(out))

    def _entered_pair(self, u: int, x: int) -> list[int]:
        """The creatures on the two squares of one row that incorporeal ``u`` has just stepped onto,
        one after the other (``x`` holds the second; :attr:`entered` the first step), or none."""
        turn, left, sq, w = self.entered[u]
        p = self.pos[u]
        if x < 0 or turn != self.turn or left != self.moves[u] + 1 or p < 0 or sq < 0 \
                or sq // COLS != p // COLS or abs(sq - p) != 1 or self.board[sq] != w or w == x:
            return []
        return [w, x] if self.kind[w] == GROUND and self.kind[x] == GROUND else []

    def _reverse(self, u: int, x: int) -> list[int]:
        """The card (and its rider) on the square next to ``u`` on the side opposite to card ``x``
        next to it ("по карте в направлении, противоположном направлению этого {strike}", 40/208)."""
        pu = self.pos[u]
        px = self.pos[x] if x >= 0 and self.alive[x] else -1
        if pu < 0 or px < 0:
            return []
        dr, dc = pu // COLS - px // COLS, pu % COLS - px % COLS
        r, c = pu // COLS + (dr > 0) - (dr < 0), pu % COLS + (dc > 0) - (dc < 0)
        if (dr == 0 and dc == 0) or not (0 <= r < ROWS and 0 <= c < COLS):
            return []
        w = self.board[r * COLS + c]
        if w < 0:
            return []
        return [w] if self.rider[w] < 0 else [w, self.rider[w]]

    def _toward(self, u: int, where: str) -> list[int]:
        """The card (and its companion) on the square to the ``left`` / ``right`` of ``u``, in front
        of it (``opposite``, 000 glossary "Opposite the specified") or ``behind`` it, as its owner
        sees the board: the First player looks from row 0 with column 0 on his left, the Second from
        row 5 with column 4 on his left."""
        p = self.pos[u]
        if p < 0:
            return []
        ahead = 1 if self.seat[u] == 0 else -1
        r, c = divmod(p, COLS)
        if where in ("left", "right"):
            c += (-ahead if where == "left" else ahead)
        else:
            r += ahead if where == "opposite" else -ahead
        if not (0 <= r < ROWS and 0 <= c < COLS):
            return []
        w = self.board[r * COLS + c]
        if w < 0:
            return []
        return [w, self.rider[w]] if self.rider[w] >= 0 else [w]

    def _between(self, u: int, x: int) -> list[int]:
        """The cards on the square between ``u`` and card ``x`` (where it died, if it did), two squares
        apart in a line (30/62 Ликантроп: the card a strike through a row went over)."""
        p = self.pos[u]
        if x < 0 or p < 0:
            return []
        sq = self.pos[x] if self.alive[x] else self.died_at[x]
        if sq < 0:
            return []
        dr, dc = sq // COLS - p // COLS, sq % COLS - p % COLS
        if max(abs(dr), abs(dc)) != 2 or dr % 2 or dc % 2:
            return []
        mid = p + (dr // 2) * COLS + dc // 2
        out = []
        for w in (self.board[mid], self.share[mid]):
            if w >= 0:
                out.append(w)
                if self.rider[w] >= 0:
                    out.append(self.rider[w])
        return out

    def _beyond(self, u: int, x: int, orthogonal: bool) -> list[int]:
        """The cards on the square past card ``x``'s square (where it died, if it did) along the line
        from ``u``, ``x`` next to ``u`` (``orthogonal``: not diagonally); 60/55 Гримнар."""
        p = self.pos[u]
        if x < 0 or p < 0:
            return []
        sq = self.pos[x] if self.alive[x] else self.died_at[x]
        if sq < 0:
            return []
        dr, dc = sq // COLS - p // COLS, sq % COLS - p % COLS
        if max(abs(dr), abs(dc)) != 1 or (orthogonal and dr and dc):
            return []
        r, c = sq // COLS + dr, sq % COLS + dc
        if not (0 <= r < ROWS and 0 <= c < COLS):
            return []
        out = []
        for w in (self.board[r * COLS + c], self.share[r * COLS + c]):
            if w >= 0:
                out.append(w)
                if self.rider[w] >= 0:
                    out.append(self.rider[w])
        return out

    def _in_lines(self, u: int, area: str) -> list[int]:
        """The cards on the other squares of the ``row`` / ``column`` of ``u`` (``lines``: both), any
        distance, with a card sharing a square and a companion (40/33 Магистр пламени: "в одном ряду
        или столбце")."""
        p = self.pos[u]
        if p < 0:
            return []
        r, c = divmod(p, COLS)
        squares = [sq for sq in range(SQUARES) if sq != p and (
            (area != "column" and sq // COLS == r) or (area != "row" and sq % COLS == c))]
        out = []
        for sq in squares:
            for w in (self.board[sq], self.share[sq]):
                if w >= 0:
                    out.append(w)
                    if self.rider[w] >= 0:
                        out.append(self.rider[w])
        return out

    def _around(self, sq: int, skip: int) -> list[int]:
        if sq < 0:
            return []
        out = []
        for t in ADJ8_SELF[sq]:
            w = self.board[t]
            if w >= 0 and w != skip:
                out.append(w)
                if self.rider[w] >= 0:
                    out.append(self.rider[w])
        return out

    # ------------------------------------------------------------------ moves

    def _extra_steps(self, u: int) -> list[int]:
        """Squares ``u`` may also move to: a ``jump`` within its range if it has not moved this turn
        (002 "Прыжок": instead of moving, any free square within range X; it loses its movement), any
        free square by ``teleportation`` on the same terms (000 3.15), a free diagonal neighbour with
        ``diagonal`` (one movement point), the other edge square of its row with ``wraps``."""
        out: list[int] = []
        p = self.pos[u]
        board = self.board
        jump = self._has(u, "jump")
        if jump is not None and self.walk[u][0] == 0 and jump.damage:
            mask = WITHIN[min(self._jump_reach(u, jump), 5)][p]
            out.extend(sq for sq in range(ROWS * COLS)
                       if mask >> sq & 1 and board[sq] < 0 and sq not in ADJ4[p])
        if self.walk[u][0] == 0 and self._has(u, "teleportation") is not None:
            # 000 3.15 / glossary "Teleportation": a jump without a range limit, onto any free square
            out.extend(sq for sq in range(ROWS * COLS)
                       if board[sq] < 0 and sq != p and sq not in ADJ4[p] and sq not in out)
        far = self._has(u, "far_step")
        if far is not None and self.moves[u] > 0 and self.ghost[u]:
            # 30/144: onto the square of any creature in ``vs_state`` as onto an adjacent one (one
            # movement point; an incorporeal creature shares that square)
            for w in range(self.n):
                q = self.pos[w]
                kind_ok = self.cards[w].type in far.vs_types if far.vs_types else self.creature[w]
                if w != u and self.alive[w] and kind_ok and q >= 0 and q != p \
                        and self.share[q] < 0 and q not in ADJ4[p] and q not in out \
                        and (far.vs_state is None or self._in_state(w, far.vs_state)):
                    out.append(q)
        if self.moves[u] > 0 and self._has(u, "diagonal") is not None:
            # "может двигаться по диагонали": a step onto a free diagonal neighbour (one movement point)
            out.extend(sq for sq in ADJ8[p] if sq not in ADJ4[p] and board[sq] < 0 and sq not in out)
        if self._has(u, "wraps") is not None and self.moves[u] > 0:
            c = p % COLS
            if c in (0, COLS - 1):
                other = p - c + (COLS - 1 - c)
                if board[other] < 0 and other not in out:
                    out.append(other)
        return out

    def _dash(self, u: int) -> None:
        """``dash`` (Рывок; the reminder text of 30/19): after its attack the ground creature ``u`` may
        move to a free square orthogonally next to it, once per turn, its player's choice
        (``Player.relocate``; -1 stays); rooted, it does not. Then its ``dash`` trigger."""
        p = self.pos[u]
        if (not self.alive[u] or p < 0 or self.kind[u] != GROUND or self.dashed[u] == self.turn
                or self.over or (self._roots and self._rooted(u)) or self._has(u, "dash") is None):
            return
        board = self.board
        squares = [s for s in ADJ4[p] if board[s] < 0]
        if not squares:
            return
        to = self.players[self.seat[u]].relocate(self, u, "dash", squares)
        if to < 0:
            return
        if to not in squares:
            raise IllegalAction(f"unit {u} cannot dash to square {to}")
        self.dashed[u] = self.turn
        self._put(u, p, to)
        if self._variable and not self.over:
            self._situate()  # (its ``when`` conditions read the square it has just dashed onto: 60/6)
        if u in self._trig["dash"] and self.alive[u] and not self.over:
            self._fire(u, "dash")
        for w in list(self._trig["squad_dash"]):  # "при рывке вашего существа …" (50/26)
            if self.seat[w] == self.seat[u] and self.alive[w] and self.alive[u] and not self.over:
                self._fire(w, "squad_dash", u, u)

    def _teleported(self, u: int, frm: int, to: int) -> bool:
        """Whether ``u``'s move from ``frm`` to ``to`` (a jump-like one) was its teleportation: it
        has one and the square is beyond its jump's range (or it has no jump)."""
        if self._has(u, "teleportation") is None:
            return False
        jump = self._has(u, "jump")
        return jump is None or not jump.damage or not WITHIN[min(self._jump_reach(u, jump), 5)][frm] >> to & 1

    def _jump_reach(self, u: int, jump: Ability) -> int:
        """The range of ``u``'s ``jump``: its X plus the ``jump_range`` facts it holds (60/186 Аларино's
        aura: "+1 к дальности прыжка")."""
        reach = jump.damage[0]
        for ab in facts(self.cards[u]):
            if ab.kind == "jump_range" and ab.cost == "passive" and ab.damage and not (
                    ab.formation or ab.when or ab.self_state or ab.extra or ab.seat):
                reach += ab.damage[0]
        return reach

    def _poison_wounds(self, u: int) -> int:
        """The wounds ``u``'s poisoning deals at its turn start: its poisoning less the ``reduce``
        facts from ``poison`` it holds ("получают на 1 рану больше от отравления" = −1: 60/143)."""
        by = self.poison[u]
        for ab in facts(self.cards[u]):
            if ab.kind == "reduce" and ab.cost == "passive" and "poison" in ab.applies_to and ab.damage \
                    and not (ab.formation or ab.when or ab.self_state or ab.extra or ab.seat):
                by -= ab.damage[0]
        return max(0, by)

    def _is_jump(self, u: int, frm: int, to: int) -> bool:
        if self.share[to] == u:
            return False  # a ``far_step`` onto a creature's square, not a jump
        if to in ADJ8[frm] and self._has(u, "diagonal") is not None:
            return False  # a diagonal step
        return to not in ADJ4[frm] and not (self._has(u, "wraps") is not None and abs(to - frm) == COLS - 1
                                            and frm // COLS == to // COLS)

    def _wrap_near(self, u: int, v: int) -> bool:
        """With ``wraps``: the two edge squares of a row are next to each other for its strikes."""
        pu, pv = self.pos[u], self.pos[v]
        if pu < 0 or pv < 0 or self._has(u, "wraps") is None:
            return False
        return pu // COLS == pv // COLS and {pu % COLS, pv % COLS} == {0, COLS - 1}

    # ------------------------------------------------------------------ strikes

    def _redirected(self, u: int, v: int) -> int:
        """``redirectable``: the target's player may redirect the simple strike of ``u`` to another
        of his creatures next to ``u`` (000 glossary "Redirecting an attack"; no defender then)."""
        if self._has(u, "redirectable") is None or self.pos[u] < 0:
            return v
        enemy = self.seat[v]
        cands = [w for w in self._neighbours(u) if w != v and self.seat[w] == enemy and self.creature[w]
                 and self.alive[w]]
        if not cands:
            return v
        w = self.players[enemy].choose_defender(self, u, v, sorted(cands))
        if w >= 0 and w in cands:
            if self.log is not None:
                self._emit({"e": "redirect", "u": w, "by": u, "from": v})
            if self._trig["squad_redirects"]:
                self._squad_redirect(v)
            return w
        return v

    def _blocked(self, u: int, v: int, kind: str) -> bool:
        """Whether ``v`` blocks an attack of ``kind`` by ``u`` (``block``; 000 2.7)."""
        for index, ab in enumerate(facts(self.cards[v])):
            if ab.kind != "block" or ab.cost != "passive" or not covers(ab, kind):
                continue
            if ab.formation or ab.when or ab.self_state:
                continue
            if ab.uses_per_turn and self.uses_turn.get((v, index), 0) >= ab.uses_per_turn:
                continue
            if ab.uses_per_battle and self.uses_battle.get((v, index), 0) >= ab.uses_per_battle:
                continue
            if has_condition(ab) and not matches(ab, self.cards[u]):
                continue  # (its ``vs_*``: which attackers — "атаку наземного существа", 40/120)
            if ab.may and not self.players[self.seat[v]].accept(self, v, index, u):
                continue  # ("может блокировать": its player decides, 40/205 Нимерт)
            if ab.roll:
                die = self._die()
                if self._responders:
                    die = self._flip_event(v, die, ab.roll)
                if die not in ab.roll:
                    continue
            if ab.uses_per_turn or ab.uses_per_battle:
                self._count_use(v, index)
            if self.log is not None:
                self._emit({"e": "block", "u": v, "by": u, "kind": kind})
            if self._trig["blocks"] and v in self._trig["blocks"]:
                self._fire(v, "blocks", u)  # (40/89 Небесный патруль lands)
            return True
        return False

    def _strike_block(self, u: int, parrier: int) -> bool:
        """A blocked simple strike: paid for (the attacker closes, 000 2.7), nothing else."""
        if not self._blocked(u, parrier, "simple"):
            return False
        self.open[u] = False
        self.acted[u] = True
        self.moves[u] = 0
        return True

    def _keys_for_strike(self, u: int, parrier: int) -> tuple[int, int, tuple[int, int]]:
        """The keys ``u`` and ``parrier`` fight this strike under (strike-time facts, a card that
        ignores the abilities of the one it strikes), and their own keys to restore."""
        saved = (self.key[u], self.key[parrier])
        ku = self._strike_key(u, parrier, True) if self._strikers else saved[0]
        kp = self._strike_key(parrier, u, False) if self._strikers else saved[1]
        if self._ignorers and self._has(u, "ignore_abilities") is not None:
            kp = stripped(kp, self.seat[parrier])
        return ku, kp, saved

    # ------------------------------------------------------------------ responses

    def _responders_of(self, seat: int, kind: str) -> list[tuple[int, int, Ability]]:
        out = []
        for w in self._responders:
            if self.seat[w] != seat or not self.alive[w] or not self.open[w]:
                continue
            for index, ab in enumerate(facts(self.cards[w])):
                if ab.kind == kind and ab.counters <= self.counters[w] and (
                        not (ab.seat or ab.uses_per_battle or ab.uses_per_turn) or self._allowed(w, index,
                                                                                                 ab)):
                    out.append((w, index, ab))
                    break
        return out

    def _pay_response(self, w: int, index: int, ab: Ability) -> None:
        self.open[w] = False
        self.acted[w] = self.acted[w] or self.active == self.seat[w]
        self.counters[w] -= ab.counters
        if ab.seat or ab.uses_per_battle or ab.uses_per_turn:
            self._count_use(w, index)

    def _take_flip(self, w: int, index: int, ab: Ability) -> None:
        """Card ``w`` turns a die with its ``flip_die`` / ``shift_die`` fact ``index``: it pays (closes,
        spends) and the log records it (the one step of every die response); a ``then`` ability
        after it is carried out once the action it answered is (:meth:`_answers_done`)."""
        self._pay_response(w, index, ab)
        if self.log is not None:
            self._emit({"e": "ability", "u": w, "i": index, "kind": ab.kind, "targets": [w],
                        "dice": [], "wounds": [0], "closes": True})
        if index + 1 < len(self.slots[w]) and self.slots[w][index + 1].ability.cost == "then":
            self._answer_follow = [*self._answer_follow, (w, index + 1)]

    def _die_answers(self, seat: int) -> list[tuple[int, int, Ability]]:
        """The die responses (``flip_die``, ``shift_die``, ``set_die``) ``seat``'s cards could pay for now."""
        return (self._responders_of(seat, "flip_die") + self._responders_of(seat, "shift_die")
                + self._responders_of(seat, "set_die"))

    @staticmethod
    def _turned(ab: Ability, die: int) -> int:
        """The face a die response makes of ``die``: the opposite face, N lower (at least 1), or N."""
        if ab.kind == "flip_die":
            return 7 - die
        return ab.damage[0] if ab.kind == "set_die" else max(1, die - ab.damage[0])

    def _flip_dice(self, u: int, parrier: int, i: int, table, fought: bool) -> int:
        """``flip_die``: a card of either side may turn one die of this strike to its opposite face
        (000 1.1) when its player prefers that outcome (asked through ``Player.weaken``)."""
        if not self._by_dice:
            return i
        opened, alive = self.open, self.alive
        if not any(opened[w] and alive[w] for w in self._responders):
            return i
        for seat in (self.seat[u], self.seat[parrier]):
            for w, index, ab in self._die_answers(seat):
                if fought:
                    a, p = i // 6 + 1, i % 6 + 1
                    options = [(self._turned(ab, a) - 1) * 6 + p - 1, (a - 1) * 6 + self._turned(ab, p) - 1]
                    options = [j for j in options if j != i]
                    base = table[i][:2]
                    alts = [(j, table[j][:2]) for j in options]
                else:
                    options = [j for j in (self._turned(ab, i + 1) - 1,) if j != i]
                    base = (max(0, table[i]), 0)
                    alts = [(j, (max(0, table[j]), 0)) for j in options]
                if not alts:
                    continue
                chooser = u if seat == self.seat[u] else parrier
                sign = 1 if chooser == u else -1
                j, alt = max(alts, key=lambda x: sign * (x[1][0] - x[1][1]))
                if alt == base or not self.players[seat].weaken(self, chooser, u, parrier, base, alt):
                    continue
                self._take_flip(w, index, ab)
                return j
        return i

    def _flip_roll(self, u: int, sl, v: int, die: int) -> int:
        """``flip_die`` on the die of an attack ability or effect (a shot, a discharge, a triggered
        wound…) of ``u`` on ``v``: «перевернуть кубик» names any die, not only a simple strike's
        (000 1.1: the opposite face is 7 minus it). A card of either side may turn it when its
        player prefers the other number of wounds (``Player.weaken``, asked as if ``u`` struck
        ``v``: the pairs are (wounds to ``v``, 0))."""
        if not any(self.open[w] and self.alive[w] for w in self._responders):
            return die
        armor = self.armor_left[v]
        base = (hit(self.key[u], sl.index, self.key[v], armor, die)[0], 0)
        for seat in (self.seat[u], self.seat[v]):
            chooser = u if seat == self.seat[u] else v
            for w, index, ab in self._die_answers(seat):
                new = self._turned(ab, die)
                alt = (hit(self.key[u], sl.index, self.key[v], armor, new)[0], 0)
                if new == die or alt == base:
                    continue
                if not self.players[seat].weaken(self, chooser, u, v, base, alt):
                    continue
                self._take_flip(w, index, ab)
                return new
        return die

    def _flip_event(self, u: int, die: int, faces: tuple[int, ...]) -> int:
        """``flip_die`` on a die that decides whether ``u``'s fact acts (its ``roll`` faces: a
        block "on a 1-3", a trigger "if the die shows 6"): a card of ``u``'s side turns it when that
        makes the fact act, an enemy one when that stops it (000 1.1; asked through
        ``Player.weaken`` with the pairs (1, 0) for "it acts" and (0, 0) for "it does not")."""
        now = die in faces
        if not any(self.open[w] and self.alive[w] for w in self._responders):
            return die
        base, alt = ((1, 0), (0, 0)) if now else ((0, 0), (1, 0))
        for seat in (self.seat[u], 1 - self.seat[u]):
            if (seat == self.seat[u]) == now:
                continue  # (that side likes the die as it is)
            for w, index, ab in self._die_answers(seat):
                new = self._turned(ab, die)
                if (new in faces) == now:
                    continue  # (this response would not change whether it acts)
                chooser = u if seat == self.seat[u] else w
                if not self.players[seat].weaken(self, chooser, u, u, base, alt):
                    continue
                self._take_flip(w, index, ab)
                return new
        return die

    def _cap_strike(self, u: int, parrier: int, to_p: int, to_a: int) -> int:
        """``cap_strike``: a card of the parrier's squad reduces the simple strike on it to N."""
        for w, index, ab in self._responders_of(self.seat[parrier], "cap_strike"):
            most = ab.damage[0]
            if to_p <= most:
                return to_p
            if not self.players[self.seat[parrier]].weaken(self, parrier, u, parrier, (to_p, to_a), (most,
                                                                                                     to_a)):
                continue
            self._pay_response(w, index, ab)
            if self.log is not None:
                self._emit({"e": "ability", "u": w, "i": index, "kind": "cap_strike", "targets": [parrier],
                            "dice": [], "wounds": [0], "closes": True})
            return most
        return to_p

    # ------------------------------------------------------------------ redirecting an attack

    def _redirect_window(self, u: int, v: int, kind: str, index: int) -> int:
        """The response window of an enemy attack of ``kind`` by ``u`` declared on ``v`` (``index``:
        ``u``'s ability, -1 for a simple strike), before its target is fixed: a ``redirect`` of
        ``v``'s squad may send it elsewhere (000 glossary "Redirecting an attack": before the
        target is determined, once per attack, never onto the attacker; a sudden action, 000 1.9.4,
        answered by the player it concerns, 000 5.1 — the attacker's side has nothing to redirect).
        Its player decides (``Player.redirect``); the card pays as for its other responses. The
        new target, or ``v``."""
        seat = self.seat[v]
        if seat == self.seat[u]:
            return v
        for w in self._redirectors:
            if self.seat[w] != seat or not self.alive[w]:
                continue
            for i, ab in enumerate(facts(self.cards[w])):
                if ab.kind != "redirect" or not covers(ab, kind) or ab.counters > self.counters[w]:
                    continue
                if ab.cost != "passive" and not self.open[w]:
                    continue
                if (ab.uses_per_turn or ab.uses_per_battle or ab.seat) and not self._allowed(w, i, ab):
                    continue
                if not self._matches_card(ab, v):
                    continue
                if ab.every and w == v and (ab.uses_per_turn or ab.uses_per_battle):
                    self._count_use(w, i)  # "the first attack … is redirected onto it": this one was
                    continue
                cands = self._redirect_targets(w, ab, u, v)
                if not cands:
                    continue
                # ``every``: not a choice (onto itself, or the first candidate)
                choice = cands[0] if ab.every else self.players[seat].redirect(self, w, u, v, cands, index)
                if choice < 0 or choice not in cands:
                    continue
                if ab.cost != "passive":
                    self.open[w] = False
                    self.acted[w] = self.acted[w] or self.active == seat
                self.counters[w] -= ab.counters
                if ab.uses_per_turn or ab.uses_per_battle or ab.seat:
                    self._count_use(w, i)
                self.hidden[choice] = False
                if self.log is not None:
                    self._emit({"e": "redirect", "u": choice, "by": u, "from": v, "via": w})
                if self._trig["squad_redirects"]:
                    self._squad_redirect(v)
                return choice
        return v

    def _redirect_targets(self, w: int, ab: Ability, u: int, v: int) -> list[int]:
        """Where ``w``'s ``redirect`` may send ``u``'s attack on ``v``: itself, an enemy creature, a
        creature in formation with ``v`` (``area = "formation"``) or a card next to ``v`` — alive, on
        the board or in the auxiliary zone, never ``u`` or ``v``."""
        alive, pos = self.alive, self.pos
        if ab.target == "self":
            out = [w] if w != v and w != u and alive[w] else []
        elif ab.area == "formation":  # (a creature in formation with the attacked one: 40/61 Гудрун)
            out = [x for x in self._formation_partners(v) if x != u and alive[x]]
        elif ab.target == "enemy":  # ("в выбранное существо противника": a creature)
            out = [x for x in self.units[self.seat[u]] if x != u and alive[x] and pos[x] >= AUX
                   and self.creature[x]]
        else:
            out = [x for x in self._neighbours(v) if x not in (u, v) and alive[x]]
        return out

    # ------------------------------------------------------------------ fury (Бешенство X)

    def _fury_bonus(self, u: int, target: int = -1) -> int:
        """What raises ``u``'s fury X: its standing ``keyword = "fury"`` facts (printed or given for
        a while, "+2 к бешенству до конца хода") and those of its companion ("its host gets +2
        fury"), added up; a fact ``per = "target_wounds"`` adds the wounds of the attacked
        ``target`` (60/16 Лыкхан: "+Х к бешенству, где Х — число ран атакованного")."""
        bonus = 0
        if target >= 0:
            for ab in facts(self.cards[u]):
                if ab.kind == "keyword" and ab.keyword == "fury" and ab.per == "target_wounds" \
                        and ab.cost == "passive" and not (ab.formation or ab.when or ab.self_state):
                    x = max(0, self._fury_pre + ab.plus)
                    bonus += min(x, ab.per_max) if ab.per_max else x
        c = self.rider[u]
        for w in (u, c):
            if w < 0 or not self.alive[w]:
                continue
            for ab in facts(self.cards[w]):
                if ab.kind == "keyword" and ab.keyword == "fury" and ab.cost == "passive" and ab.damage \
                        and not (ab.formation or ab.when or ab.self_state or ab.extra or ab.requires):
                    bonus += ab.damage[0]
        return bonus

    def _fury(self, u: int, dice: list[int], target: int) -> None:
        """Fury X of ``u`` (the cards' reminder text: "if the die roll, when it attacks on its own
        turn, is X or less"): for each of ``dice``, the rolls of ``u``'s attack on ``target``, that
        is X or less, its ``fury`` abilities of that X fire (aimed at ``target``), then the
        ``host_fury`` abilities of its companion."""
        if self.active != self.seat[u] or not triggered(self.key[u], "fury"):
            return
        for die in dice:
            if self.over or not self.alive[u]:
                return
            self._fury_add = add = self._fury_bonus(u, target)
            if not any(die <= self.slots[u][i].ability.fury + add for i in triggered(self.key[u], "fury")):
                continue
            self._fury_die = die
            self._fire(u, "fury", target)
            c = self.rider[u]
            if c >= 0 and self.alive[c] and not self.over and triggered(self.key[c], "host_fury"):
                self._fire(c, "host_fury", target)

    def _forced_roll(self, u: int, die: int) -> int:
        """``die`` rolled by card ``u``, or the face a ``next_roll`` set for it (its own, else its
        squad's next roll this turn; used up)."""
        face = self.unit_face[u]
        if face:
            self.unit_face = list(self.unit_face)
            self.unit_face[u] = 0
            return face
        return self._forced(self.seat[u], die)

    def _forced(self, seat: int, die: int) -> int:
        """``die``, or the face a ``next_roll`` set for this roll of a card of ``seat`` (used up)."""
        face = self.next_face[seat]
        if not face:
            return die
        self.next_face = list(self.next_face)
        self.next_face[seat] = 0
        return face

    def _rolled(self, x: int, faces: list[int]) -> None:
        """Card ``x`` has rolled ``faces``: its ``roll_wounds``, then the ``squad_rolls`` abilities of
        its squad, once per die (their ``roll`` read on that die)."""
        if self._roll_hurt:
            self._roll_wounds(x, len(faces))
        watchers = self._trig["squad_rolls"]
        if not watchers or not self.creature[x]:
            return
        for w in watchers:
            if self.seat[w] != self.seat[x]:
                continue
            for f in faces:
                if self.over or not self.alive[w]:
                    break
                self._event_die = f
                self._fire(w, "squad_rolls", -1, x)  # (about the roller: ``area = "about"``)
        self._event_die = 0

    def _roll_wounds(self, u: int, rolls: int) -> None:
        """``roll_wounds``: ``u`` wounds itself N on each of its ``rolls`` die rolls (then dies if
        that is its last life)."""
        if rolls <= 0 or not self.alive[u]:
            return
        n = 0
        for ab in facts(self.cards[u]):
            if ab.kind == "roll_wounds" and ab.cost == "passive" and ab.damage:
                n += ab.damage[0]
        if not n:
            return
        self.wounds[u] += n * rolls
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "ability", "u": u, "i": -1, "kind": "roll_wounds", "targets": [u], "dice": [],
                        "wounds": [n * rolls], "closes": False})
        if self.wounds[u] >= self.life[u]:
            self._settle((u,))

    # ------------------------------------------------------------------ taunts

    def _taunt_filter(self, u: int, cands: list[int], kind: str) -> list[int]:
        """Enemy taunts: an attack of ``kind`` by ``u`` may only be declared at them."""
        enemy = 1 - self.seat[u]
        taunting = []
        for w in self.units[enemy]:
            for ab in facts(self.cards[w]):
                if ab.kind == "taunt" and ab.cost == "passive" and covers(ab, kind) and (
                        not ab.when or self._when(w, ab)) and self._matches_card(ab, u) and (
                        not ab.vs_state or self._in_state(u, ab.vs_state)) and (  # (50/176: cursed ones only)
                        not ab.vs_position or self._position(w, u, ab.vs_position)):
                    # (``vs_position``: only the enemy cards in that position to it — "стоящие
                    # напротив существа противника", 60/164)
                    taunting.append(w)
                    break
        if not taunting:
            return cands
        if kind == "simple":
            return [w for w in taunting if w in cands]
        if self.pos[u] >= 0:  # a ranged attack is never declared at an adjacent card; range does not count
            taunting = [w for w in taunting if not (self.pos[w] >= 0 and NEAR[self.pos[u]][self.pos[w]])]
        return taunting

    def _taunted_reach(self, u: int, sl, src: int | None) -> list[int]:
        """:func:`~analysis.battle.powers.reach_slot` under enemy taunts: an attack or wounding
        action they cover may only be aimed at them (own cards stay for a ``target = "any"``)."""
        from analysis.battle.powers import reach_slot

        self._taunt_skip = True
        try:
            cands = reach_slot(self, u, sl, src)
        finally:
            self._taunt_skip = False
        if sl.ability.kind not in WOUNDING:
            return cands
        me = self.seat[u]
        enemies = [v for v in cands if self.seat[v] != me]
        kept = self._taunt_filter(u, enemies, sl.ability.kind)
        if kept is enemies:
            return cands
        if sl.ability.kind not in ("shot", "throw", "discharge"):
            kept = [v for v in kept if v in enemies]
        return sorted([v for v in cands if self.seat[v] == me] + kept)

    def _matches_card(self, ab: Ability, u: int) -> bool:
        from analysis.cards.ability_rules import matches

        return matches(ab, self.cards[u])

    # ------------------------------------------------------------------ new kinds

    def _new_kind(self, u: int, sl, v: int, dice: list[int]) -> int:
        """What one use of a kind added here does to ``v``: wounds dealt (negative: healed)."""
        ab = sl.ability
        kind = ab.kind
        if kind == "become":  # (a type change: data/README.md "Type changes")
            self._become(u, sl, v)
            return 0
        if kind == "bind":  # (it may act only by a simple strike at ``u``: 50/83 Элементаль цветов)
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0
            if self.creature[v]:
                lasts = ab.lasts or "turn"
                until = -1 if lasts == "battle" else self.turn if lasts == "turn" or (
                    lasts == "own_turn" and self.active == self.seat[v]) or (
                    lasts == "enemy_turn" and self.active != self.seat[v]) else self.turn + 1
                self.bound_by[v] = u
                self.bound_until[v] = until
            return 0
        if ab.lasts and kind not in ("root", "flood"):
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8: given as a spell or an effect, the target's protections apply
            if ab.per:  # the amount is fixed when it is given ("защиту от атак такой величины")
                ab = replace(ab, damage=(self._amount_for(u, ab, v),), per=None, plus=0, per_max=0,
                             negative=False)
            self._give(u, v, ab)
            return 0
        if kind == "finishing":  # (+ its ``attack_bonus`` on finishing: "+1 к добиванию", 40/78)
            return self._finish_off(u, v, self._amount_for(u, ab, v)
                                    + attack_bonus(self.cards[u], "finishing", self.seat[u], self.cards[v]))
        if kind == "fight":  # a simple strike as at an open card, without closing (data/README.md)
            if self.seat[v] == self.seat[u]:  # its own creature fights a foe next to it (50/28, 50/172)
                self._fight(v, "artifact" in ab.foes)
            elif self.alive[u] and self.alive[v] and self.creature[v] and self.has_strike[u] \
                    and self.pos[u] >= 0 and self.pos[v] >= 0 \
                    and (ab.may or self.players[self.seat[u]].accept(self, u, sl.index, v)):
                self._ambush(u, v, "fight")  # (it fights the target: 50/101, 60/14, 60/220; a ``may``
                #                              fact was accepted before its price was paid)
            return 0
        if kind == "extra_life":
            if self.creature[v] and self.kind[v] != ARTIFACT and not self._sealed(v):
                add = self._amount_for(u, ab, v)
                cap = self.vampire[v]  # "Максимум N {health}": its life never grows beyond N
                if cap > 0:
                    add = max(0, min(add, cap - self.life[v]))
                if add:
                    self.life = list(self.life)
                    self.life[v] += add
                    self._quiet_from = self.turn + 1
                    if self._last_life:
                        self._respare(v)
                    if self._trig["gets_extra_life"] and v in self._trig["gets_extra_life"]:
                        self._fire(v, "gets_extra_life", u)  # ("когда получает дополнительные {health}")
            return 0
        if kind == "move_wounds":
            return self._move_wounds(u, sl, v)
        if kind == "concentrate":  # its concentration fires now (60/22 Аль-Джамия)
            if self.creature[v]:
                self._fire(v, "concentration")
            return 0
        if kind == "open":
            if ab.damage and v == u and not self.players[self.seat[u]].accept(self, u, sl.index, v):
                return 0  # ("может раниться на 1, при этом открыться": its player may decline, 50/18)
            if ab.damage and self.creature[v]:
                self.wounds[v] += ab.damage[0]
                self._quiet_from = self.turn + 1
            if not self.open[v]:
                self.open[v] = True
                if v in self._trig["opens"] and self.alive[v]:
                    self._fire(v, "opens")  # ("когда открывается", 40/33)
                if not ab.rest and self.active == self.seat[v] and self.fresh[v] == self.turn:
                    self.acted[v] = False  # it has not acted this turn (000 2.x: one action per turn)
                elif not ab.rest and self.active == self.seat[v] and v == u and ab.uses_per_turn:
                    # 000 2.5: a card opened during the turn regains its movement and may act again
                    # (played for a card that opens itself a bounded number of times per turn:
                    # "открывается (1 раз за ход)")
                    self.acted[v] = False
                    self.moves[v] = self.move_points[v]
                if self._host_watch and self.rider[v] >= 0:
                    self._hosts_opened(self.seat[v], [v])  # (its rider's ``host_opens``)
            return ab.damage[0] if ab.damage else 0
        if kind == "stun":
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8: a stun given as a spell or an effect meets the target's protections
            if self.creature[v]:
                self.open[v] = False
                self.stunned[v] = True
            return 0
        if kind == "strike_again":  # ("не закрывается и может нападать {strike} ещё раз до конца хода")
            if self.alive[v] and self.seat[v] == self.active and self.acted[v]:
                self.open[v] = True
                self.acted[v] = False
                self.moves[v] = 0
                self.again = list(self.again)
                self.again[v] = self.turn
            return 0
        if kind == "pounce":
            self._pounce(u, v)
            return 0
        if kind == "shift":
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8: as a spell or an effect, the target's protections apply
            self._shift(u, v)
            return 0
        if kind == "root":
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8
            if self.creature[v] and self.kind[v] == GROUND:
                if ab.lasts == "turn":  # ("не может двигаться в этот ход")
                    self.held[v] = self.turn
                elif ab.lasts == "next_own_turn":  # (to the end of its next turn: 60/95 Мастодонт)
                    self.held[v] = self.turn + (2 if self.active == self.seat[v] else 1)
                else:
                    self.rooted[v] = u
            return 0
        if kind == "cancel":
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8
            if v == self._answering and v >= 0:
                self._cancelled = True
            return 0
        if kind == "hypnosis":
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8: a spell meets the target's protection from spells
            self._hypnosis(u, sl, v)
            return 0
        if kind == "push":
            return self._push(u, v, ab.damage[0] if ab.damage else 0)
        if kind == "swap":  # (with itself; two targets, ``every`` or ``targets = 2``: with each other)
            if not (ab.every or ab.targets > 1):
                self._swap(u, u, v)
            elif self._swap_first[0] == u:
                a = self._swap_first[1]
                if ab.every or (self.pos[a] >= 0 and self.pos[v] >= 0 and NEAR[self.pos[a]][self.pos[v]]):
                    self._swap(u, a, v)  # (``targets = 2``: "двух … стоящих рядом друг с другом")
                self._swap_first = (-1, -1)
            else:
                self._swap_first = (u, v)
            return 0
        if kind == "drag":
            return self._drag(u, v, ab, dice)
        if kind == "pull":
            self._pull(u, v)
            return 0
        if kind == "rehost":
            self._rehost(u, ab.range)
            return 0
        if kind == "lose_counters":  # (all of them, or ``damage`` [n]: "потерять {counter}", 40/220)
            lost = min(self.counters[v], ab.damage[0]) if ab.damage else self.counters[v]
            self.counters[v] -= lost
            if lost and self._trig["squad_loses_counters"]:
                self._lost_counters(v, lost)
            return 0
        if kind == "teleport":
            self._teleport(u)
            return 0
        if kind == "leap":
            self._leap(v, ab.damage[0] if ab.damage else 1)
            return 0
        if kind == "gain_counter":
            self.counters[v] = self._capped(v, self.counters[v] + ab.damage[0])
            return 0
        if kind == "flood":
            self._flood(u, self.pos[v], ab.lasts == "battle")
            return 0
        if kind == "drain":
            p = self.pos[v]
            if p >= 0 and not self._dry >> p & 1:
                self._reshape(self.depth_sq, self._dry | 1 << p, self._floods)
            return 0
        if kind == "relocate":
            self._relocate(u, v, ab)
            return 0
        if kind == "close":  # ("закрыть": in its own turn it cannot act any more)
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8
            if self.open[v]:
                self.open[v] = False
                if self.active == self.seat[v]:
                    self.acted[v] = True
                    self.moves[v] = 0
            return 0
        return 0

    def _amount_for(self, u: int, ab: Ability, v: int) -> int:
        """The amount of an action or trigger on ``v``: its damage, or its ``per`` quantity."""
        if not ab.per:
            return ab.damage[0] if ab.damage else 0
        per = ab.per
        if per == "poisoned_near_target":
            q = sum(1 for w in self._neighbours(v) if self.creature[w] and self.poison[w])
        elif per == "behind_weak":
            q = 0
            pv = self.pos[v]
            if pv >= 0:
                sq = pv - COLS * (1 if self.seat[v] == 0 else -1)  # the square behind it, seen by its owner
                if 0 <= sq < ROWS * COLS and self.board[sq] >= 0:
                    strike = PROFILES[self.key[self.board[sq]]].strike
                    q = strike[0] if strike else 0
        elif per == "fury_roll":  # the roll that set the fury off (60/16 Лыкхан)
            q = self._fury_die
        elif per == "target_sides_weak":  # the weak strikes of the creatures left and right of it (60/71)
            q = 0
            for w in self._sides(v):
                strike = PROFILES[self.key[w]].strike
                if self.creature[w] and strike:
                    q += strike[0]
        elif per == "strike_value":
            q = self._last_strike_value
        elif per == "target_wounds":
            q = self.wounds[v]
        elif per in ("target_weak", "target_spread"):  # (the printed strike of the card it aims at)
            strike = PROFILES[self.key[v]].strike
            q = 0 if not strike else strike[0] if per == "target_weak" else max(0, strike[2] - strike[0])
        elif per in ("exiled_move", "exiled_regen"):  # (the card the ``grave_exile`` before it exiled)
            x = self._exiled_last
            q = 0 if x < 0 else (self.cards[x].move or 0) if per == "exiled_move" \
                else self.cards[x].keyword("regeneration")
        elif per == "armor_left":  # ("количество оставшихся единиц {armor}": not used this turn)
            q = self.armor_left[u]
        elif per == "about_extra_life":  # (the card the trigger is about: its life above the printed one)
            x = self._about
            q = max(0, self.life[x] - (self.cards[x].life or 0)) if x >= 0 else 0
        elif per == "target_armor":  # (the armor it has now: "+1 к {armor}", 40/64)
            q = self.armor[v]
        elif per == "target_move":  # ("где Х его {move}": the movement it has now)
            q = self.move_points[v] if self.creature[v] else 0
        elif per == "about_weak":  # (the weak strike of the card the trigger is about: 30/164, 50/34)
            about = self._about
            strike = PROFILES[self.key[about]].strike if about >= 0 else None
            q = strike[0] if strike else 0
        elif per == "excess":  # ("избыточный урон" of the kill that set off the trigger)
            q = self._excess
        elif per == "column_free":  # (the free squares of its target's column: 50/35 Медный дракон)
            pv = self.pos[v]
            q = 0 if pv < 0 else sum(1 for sq in range(pv % COLS, ROWS * COLS, COLS) if self.board[sq] < 0)
        else:
            q = self._quantity(u, per)
        x = max(0, q + ab.plus)  # (a negative ``plus``: "X−2", never below 0)
        x = min(x, ab.per_max) if ab.per_max else x
        return -x if ab.negative else x  # (``negative``: "−X")

    def _per_wounds(self, u: int, sl, v: int) -> int:
        """Wounds of an attack or wounding action whose amount is a ``per`` quantity (no die)."""
        ab = sl.ability
        power = max(0, self._amount_for(u, ab, v) + attack_bonus(self.cards[u], ab.kind, self.seat[u],
                                                                 self.cards[v]))
        armor = self.armor_left[v] if ab.kind in ("shot", "throw", "strike_through_row",
                                                  "special_strike") else 0
        wounds, used = wounds_after(power, ab.kind, self.cards[v], self.cards[u], armor, self.seat[v])
        self.armor_left[v] -= used
        self.wounds[v] += wounds
        if wounds:
            self._quiet_from = self.turn + 1
        return wounds

    def _finish_off(self, u: int, v: int, x: int) -> int:
        """Finishing off at X (000 glossary): the creature dies if it has X or less life left."""
        if not self.creature[v] or self.kind[v] == COMPANION or self.cards[v].has("incorporeal"):
            return 0
        pu, pv = self.pos[u], self.pos[v]
        if not (pu == AUX or pv == AUX or (pu >= 0 and pv >= 0 and NEAR[pu][pv])):
            return 0
        if protected(self.cards[v], "effect", self.cards[u], self.seat[v]):
            return 0  # an effect (000 glossary "Effect": finishing-off at X): fortitude
        left = self.life[v] - self.wounds[v]
        if 0 < left <= x:
            self.wounds[v] = self.life[v]
            self._quiet_from = self.turn + 1
            return left
        return 0

    def _move_wounds(self, u: int, sl, v: int) -> int:
        """Up to N wounds from the most wounded creature of its squad within range onto ``v``."""
        ab = sl.ability
        rng = ab.range
        me = self.seat[u]
        best, most = -1, 0
        for w in self.units[me]:
            if w == v or not self.creature[w] or not self.wounds[w]:
                continue
            if rng is not None and self.pos[u] >= 0 and self.pos[w] >= 0 and not (
                    WITHIN[min(rng, 5)][self.pos[u]] >> self.pos[w] & 1):
                continue
            if self.wounds[w] > most:
                best, most = w, self.wounds[w]
        if best < 0:
            return 0
        n = min(ab.damage[0], most)
        if ab.via and protected(self.cards[v], ab.via, self.cards[u], self.seat[v]) and self.seat[v] != me:
            return 0
        self.wounds[best] -= n
        self.wounds[v] += n
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "heal", "u": best, "by": n, "by_what": "move_wounds"})
        return n

    def _push(self, u: int, v: int, damage: int) -> int:
        """``push``: ``v`` moves one square further from ``u`` along their line, or takes ``damage``."""
        pu, pv = self.pos[u], self.pos[v]
        if pu >= 0 and pv >= 0 and self.kind[v] == GROUND and self.host[v] < 0:
            dr, dc = pv // COLS - pu // COLS, pv % COLS - pu % COLS
            if dr == 0 or dc == 0 or abs(dr) == abs(dc):
                # one square on along the line (a card pushed once already stands two squares away:
                # 60/73 Хребтолом's second push goes on in the same direction)
                dr, dc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
            r, c = pv // COLS + dr, pv % COLS + dc
            if 0 <= r < ROWS and 0 <= c < COLS and self.board[r * COLS + c] < 0:
                to = r * COLS + c
                self._place_on(v, pv, to)
                if self._markers and self.marks[to]:
                    self._entered(v, to)  # (a marker on the square it is pushed onto)
                if v != u and v in self._trig["displaced"] and self.alive[v] and not self.over:
                    self._fire(v, "displaced", u)  # (moved by another card: 60/108)
                return 0
        if protected(self.cards[v], "effect", self.cards[u], self.seat[v]) or not self.creature[v]:
            return 0
        self.wounds[v] += damage
        if damage:
            self._quiet_from = self.turn + 1
        return damage

    def _drag(self, u: int, v: int, ab: Ability, dice: list[int]) -> int:
        """``drag``: ground creature ``v`` moves one square in the direction of ``u``'s last step
        (:attr:`_drag_step`); if it cannot, it takes ``damage`` by a die, as an effect (40/117 Сирена:
        "может переместить это существо на 1 клетку в том же направлении; если оно не может
        переместиться ранить его на 1-2-2")."""
        dr, dc = self._drag_step
        pv = self.pos[v]
        if pv >= 0 and self.kind[v] == GROUND and self.host[v] < 0 and (dr or dc):
            r, c = pv // COLS + dr, pv % COLS + dc
            if 0 <= r < ROWS and 0 <= c < COLS and self.board[r * COLS + c] < 0:
                to = r * COLS + c
                self._place_on(v, pv, to)
                if self._roots:
                    self._unroot_by(v)
                if self._markers and self.marks[to] and not self.over:
                    self._entered(v, to)
                if v != u and v in self._trig["displaced"] and self.alive[v] and not self.over:
                    self._fire(v, "displaced", u)
                return 0
        if protected(self.cards[v], "effect", self.cards[u], self.seat[v]) or not self.creature[v]:
            return 0
        die = self._die()
        dice.append(die)
        damage = ab.damage_by_roll(die)
        self.wounds[v] += damage
        if damage:
            self._quiet_from = self.turn + 1
        return damage

    def _left_opposite(self, u: int, frm: int, to: int) -> None:
        """``leaves_opposite``: ``u`` stepped off square ``frm`` in front of which (as its owner sees the
        board) an enemy creature stands; its abilities fire, aimed at that creature (40/117 Сирена)."""
        sq = frm + COLS * forward(self.seat[u])
        if frm < 0 or to < 0 or not 0 <= sq < SQUARES:
            return
        w = self.board[sq]
        if w < 0 or self.seat[w] == self.seat[u] or not self.creature[w] or not self.alive[w]:
            return
        dr, dc = to // COLS - frm // COLS, to % COLS - frm % COLS
        self._drag_step = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
        self._fire(u, "leaves_opposite", w)

    def _pull(self, u: int, v: int) -> None:
        """``pull``: ground creature ``v`` moves one square towards ``u`` along the line between them
        (one step in each of the row and the column), if that square is free and not ``u``'s own
        (60/44 Гарпунщик, 60/136 Грокса)."""
        pu, pv = self.pos[u], self.pos[v]
        if pu < 0 or pv < 0 or self.kind[v] != GROUND or self.host[v] >= 0 or not self.alive[v]:
            return
        dr, dc = pu // COLS - pv // COLS, pu % COLS - pv % COLS
        r, c = pv // COLS + (dr > 0) - (dr < 0), pv % COLS + (dc > 0) - (dc < 0)
        to = r * COLS + c
        if to == pu or self.board[to] >= 0:
            return
        self._place_on(v, pv, to)
        if self._roots:
            self._unroot_by(v)
        if self._markers and self.marks[to] and not self.over:
            self._entered(v, to)
        if v != u and v in self._trig["displaced"] and self.alive[v] and not self.over:
            self._fire(v, "displaced", u)

    def _rehost(self, u: int, reach: int | None = None) -> None:
        """A companion moves onto another creature of its squad next to its host, or within
        ``reach`` of it ("поместить на ваше существо, дальность 2"; its player picks it,
        ``Player.attach``; keeping its host is a choice too); then its ``rehosted`` abilities."""
        h = self.host[u]
        if h < 0 or self.pos[h] < 0:
            return
        ph = self.pos[h]
        hosts = [w for w in self.units[self.seat[u]] if w != h and self.kind[w] == GROUND and self.alive[w]
                 and self.rider[w] < 0 and self.pos[w] >= 0
                 and (NEAR[ph][self.pos[w]] if reach is None else 0 < CHEBYSHEV[ph][self.pos[w]] <= reach)
                 and (self.ghost[u] or not self.ghost[w])]  # 000 1.5.2 b: incorporeal hosts
        if not hosts:
            return
        new = self.players[self.seat[u]].attach(self, u, [h, *hosts])
        if new == h or new not in hosts:
            return
        self.rider[h] = -1
        self._board_ver += 1
        self.host[u] = new
        self.rider[new] = u
        self.pos[u] = self.pos[new]
        if self.log is not None:
            self._emit({"e": "rehost", "u": u, "host": new, "pos": self.pos[new]})
        if u in self._trig["rehosted"] and not self.over:
            self._fire(u, "rehosted")

    def _twice_fact(self, u: int) -> Ability | None:
        """The unit's standing ``strikes_twice`` / ``strikes_twice_in_a_row`` fact, if any."""
        return self._has(u, "strikes_twice") or self._has(u, "strikes_twice_in_a_row")

    def _second_apart(self, u: int) -> bool:
        """Whether its second strike must be at another card ("по разным картам", ``once_per_card``)."""
        ab = self._twice_fact(u)
        return ab is not None and ab.once_per_card

    def _strike_again(self, u: int, v: int) -> None:
        """After ``u``'s simple strike declared at ``v`` was paid for: a ``strikes_twice`` card's first
        one this turn leaves it open and able to strike once more (50/36 Минотавр: "может нападать
        {strike} два раза за ход, после первого нападения {strike} не закрывается"); its second one
        is an ordinary strike. ``strikes_twice_in_a_row``: only as the very next action (50/107)."""
        if self.seat[u] != self.active:
            return  # (a strike out of its own turn order: an ambush, a hypnosis)
        if not self.alive[u] or self.twice[u] == self.turn:
            if self._again == u:
                self._again = -1
            return
        ab = self._twice_fact(u)
        if ab is None:
            return
        self.twice[u] = self.turn
        self.twice_on[u] = v
        self.open[u] = True
        self.acted[u] = False
        if ab.kind == "strikes_twice_in_a_row":
            self._again = u

    def _lose_again(self) -> None:
        """Another action came between: the pending second strike in a row is lost (it stays open)."""
        u = self._again
        self._again = -1
        if self.alive[u] and self.seat[u] == self.active:
            self.acted[u] = True

    def _dirty_trick(self, u: int, index: int) -> int:
        """``dirty_trick`` [X] of ``u`` (Подлость X; the reminder text of 50/186 Ург-флибустьер: "может
        ранить ваше стоящее рядом существо на X"): its player may wound a creature of its squad next to
        it (8 squares, a rider or host included; ``vs_*`` on it) by X — a plain wound, its deaths
        settled — or decline (``Player.dirty_trick``); then the wounded creature's ``dirty_tricked``
        abilities fire. The unit wounded, -1 none."""
        if self.over or not self.alive[u]:
            return -1
        ab = self.slots[u][index].ability
        sl = self.slots[u][index]
        me = self.seat[u]
        cands = [w for w in self._neighbours(u)
                 if self.seat[w] == me and self.creature[w] and self.alive[w]
                 and (self.hidden[w] or meets(sl, self.key[w]))]
        if not cands:
            return -1
        x = ab.damage[0]
        v = self.players[me].dirty_trick(self, u, x, list(cands))
        if v < 0:
            return -1
        if v not in cands:
            raise IllegalAction(f"unit {u}: {v} is not one of its dirty trick's targets {cands}")
        self.wounds[v] += x
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [v],
                        "dice": [], "wounds": [x], "closes": False})
        if self.wounds[v] >= self.life[v]:
            self._settle((v,), u)
        if self.alive[v] and not self.over and v in self._trig["dirty_tricked"]:
            self._fire(v, "dirty_tricked", u, v)
        return v

    def _leap(self, u: int, reach: int) -> None:
        """``leap`` [X]: ground creature ``u`` may jump now onto a free square within range X (002
        "Прыжок": "переместиться на любую незанятую клетку … в радиусе Х"), its player's choice
        (``Player.relocate`` with ``"leap"``; -1 stays). Not a jump instead of moving: its movement
        left is kept."""
        p = self.pos[u]
        if p < 0 or not self.alive[u] or self.kind[u] != GROUND or self.host[u] >= 0 or self.over \
                or (self._roots and self._rooted(u)):
            return
        mask = WITHIN[min(reach, 5)][p]
        board = self.board
        squares = [sq for sq in range(ROWS * COLS) if mask >> sq & 1 and board[sq] < 0 and sq != p]
        if not squares:
            return
        to = self.players[self.seat[u]].relocate(self, u, "leap", squares)
        if to < 0:
            return
        if to not in squares:
            raise IllegalAction(f"unit {u} cannot leap to square {to}")
        self._put(u, p, to)
        if self._jump_watch:
            self._count_jump(u)

    def parries_closed(self, v: int) -> bool:
        """Whether ``v`` now has a standing ``parries_closed`` (its variant: a formation one holds)."""
        return any(ab.kind == "parries_closed" and ab.cost == "passive" and not ab.formation and not ab.when
                   and not ab.self_state and not ab.extra and not ab.requires for ab in facts(self.cards[v]))

    def bound(self, u: int) -> int:
        """The card ``u`` is bound to by a ``bind`` now (it may act only by a simple strike at it),
        or -1."""
        w = self.bound_by[u]
        if w < 0 or not self.alive[w] or (self.bound_until[u] != -1 and self.bound_until[u] < self.turn):
            return -1
        return w

    def _count_jump(self, u: int) -> None:
        """``u`` has jumped (a jump instead of moving, a ``leap``, a ``pounce``): one more jump of its
        squad this turn (``when = "squad_jumps"``: "если в этот ход ваши существа совершили два или
        более прыжка", 50/218 Цирковой силач)."""
        i = 2 * self.seat[u]
        leapt = list(self.leapt)
        leapt[i + 1] = leapt[i + 1] + 1 if leapt[i] == self.turn else 1
        leapt[i] = self.turn
        self.leapt = leapt

    def _shift(self, u: int, v: int) -> None:
        """``shift``: card ``v`` (on a square, not incorporeal, no companion) moves onto a free square
        next to it (8 neighbours), which ``u``'s player picks (``Player.relocate`` with ``"shift"``,
        or ``"shift_enemy"`` for a card of the other side; -1: it stays). Not a step of its own: the
        markers on the square and the watchers next to it act, as for a push."""
        p = self.pos[v]
        if p < 0 or not self.alive[v] or self.kind[v] not in (GROUND, ARTIFACT) or self.host[v] >= 0 \
                or self.ghost[v] or self.over:
            return
        board = self.board
        squares = [sq for sq in ADJ8[p] if board[sq] < 0]
        if not squares:
            return
        why = "shift" if self.seat[v] == self.seat[u] else "shift_enemy"
        to = self.players[self.seat[u]].relocate(self, v, why, squares)
        if to < 0:
            return
        if to not in squares:
            raise IllegalAction(f"unit {v} cannot be moved to square {to}")
        self._put(v, p, to)
        if v != u and v in self._trig["displaced"] and self.alive[v] and not self.over:
            self._fire(v, "displaced", u)  # (moved by another card: 60/108)

    def _pounce(self, u: int, v: int) -> None:
        """``pounce``: ground creature ``u`` may jump now onto a free square next to ``v`` (002 "Прыжок";
        its player's choice, ``Player.relocate`` with ``"pounce"``; -1 stays), not while rooted."""
        p, pv = self.pos[u], self.pos[v]
        if p < 0 or pv < 0 or not self.alive[u] or self.kind[u] != GROUND or self.host[u] >= 0 or self.over \
                or (self._roots and self._rooted(u)):
            return
        squares = [sq for sq in ADJ8[pv] if self.board[sq] < 0]
        if not squares:
            return
        to = self.players[self.seat[u]].relocate(self, u, "pounce", squares)
        if to < 0:
            return
        if to not in squares:
            raise IllegalAction(f"unit {u} cannot pounce to square {to}")
        self._put(u, p, to)
        if self._jump_watch:
            self._count_jump(u)

    def _place_on(self, u: int, p: int, to: int) -> None:
        """Card ``u`` leaves square ``p`` for the free square ``to`` (not a step of its own): the
        board, the occupied mask, its rider and the log's move; what the move sets off (markers on
        ``to``, roots, watchers) is the caller's, as the moving ability's text says."""
        self._leave(u, p)  # (a card sharing its square stays there)
        if self.shifted[u] == self.turn:
            self.reshifted[u] = self.turn
        self.shifted[u] = self.turn
        self.board[to] = u
        self.occupied |= 1 << to
        self.pos[u] = to
        self._board_ver += 1
        if self.rider[u] >= 0:
            self.pos[self.rider[u]] = to
        if self.log is not None:
            self._emit({"e": "move", "u": u, "to": to})
        if self._deep:
            self._depth_moved(u, p)  # (a dive or a surfacing: data/README.md "Depth and surface")
        if (self._trig["enemy_enters"] or self._trig["enemy_leaves"]) and not self.over:
            self._zone_entered(u, p, to)  # (any move onto a square: the zone watchers)

    def _swap(self, u: int, a: int, b: int) -> None:
        """``swap`` by ``u``: cards ``a`` and ``b`` (ground cards on squares, neither a rider nor sharing
        a square) exchange squares; what moving onto a square sets off follows for each, then the
        ``swapped`` watchers fire (40/12 Стражник Тугарда, 40/100 Аэлен, 40/85 Алая тетива)."""
        pa, pb = self.pos[a], self.pos[b]
        if a == b or pa < 0 or pb < 0 or not (self.alive[a] and self.alive[b]) or self.host[a] >= 0 \
                or self.host[b] >= 0 or self.kind[a] not in (GROUND, ARTIFACT) \
                or self.kind[b] not in (GROUND, ARTIFACT) \
                or self.board[pa] != a or self.board[pb] != b \
                or (self._roots and ((self.kind[a] == GROUND and self._rooted(a))
                                     or (self.kind[b] == GROUND and self._rooted(b)))):
            return
        self.board[pa], self.board[pb] = b, a
        self.pos[a], self.pos[b] = pb, pa
        self._board_ver += 1
        for x, to in ((a, pb), (b, pa)):
            if self.shifted[x] == self.turn:
                self.reshifted[x] = self.turn
            self.shifted[x] = self.turn
            if self.rider[x] >= 0:
                self.pos[self.rider[x]] = to
            if self.log is not None:
                self._emit({"e": "move", "u": x, "to": to})
        for x, frm, to in ((a, pa, pb), (b, pb, pa)):
            if self.over or not self.alive[x]:
                continue
            if self._deep:
                self._depth_moved(x, frm)
            if (self._trig["enemy_enters"] or self._trig["enemy_leaves"]) and not self.over:
                self._zone_entered(x, frm, to)
            if self._markers and self.marks[to] and not self.over:
                self._entered(x, to)
            if x != u and x in self._trig["displaced"] and self.alive[x] and not self.over:
                self._fire(x, "displaced", u)
        for w in self._trig["swapped"]:  # ("когда карты на поле боя меняются местами", 40/85)
            if self.alive[w] and not self.over:
                self._fire(w, "swapped")

    def _zone_entered(self, v: int, frm: int, to: int) -> None:
        """Card ``v`` has just moved from square ``frm`` onto square ``to``: the ``enemy_leaves`` and
        ``enemy_enters`` abilities of the enemy cards whose ``zone`` holds ``frm`` / ``to`` fire,
        aimed at it (the zone is checked per ability in
        :meth:`~analysis.battle.triggers.Triggers._fire_now`, on :attr:`_zone_sq`)."""
        for trigger, sq in (("enemy_leaves", frm), ("enemy_enters", to)):
            if sq < 0:
                continue
            for w in list(self._trig[trigger]):
                if self.alive[w] and self.seat[w] != self.seat[v] and self.alive[v] and not self.over:
                    saved, self._zone_sq = self._zone_sq, sq
                    self._fire(w, trigger, v, v)
                    self._zone_sq = saved

    def barred(self, u: int) -> int:
        """Bit mask of the squares unit ``u`` may not move onto now: the ``zone`` squares of the
        standing ``bar`` facts of enemy cards, for a ground creature that is not incorporeal (60/67
        Тучный великан)."""
        if not self._barrers or self.kind[u] != GROUND or (self._ghosts and self.ghost[u]):
            return 0
        mask = 0
        for w in self.units[1 - self.seat[u]]:
            if not self.alive[w] or self.pos[w] < 0:
                continue
            ab = self._has(w, "bar")
            if ab is not None:
                for sq in range(SQUARES):
                    if self._in_zone(w, -1, ab.zone or "", sq):
                        mask |= 1 << sq
        return mask

    def _in_zone(self, u: int, index: int, zone: str, sq: int) -> bool:
        """Whether square ``sq`` is in ``zone`` of unit ``u`` (:data:`ZONES`); an ``own_half_first``
        row counts once per battle for ability ``index``."""
        p = self.pos[u]
        if zone == "any":  # (any square of the battlefield; the card may be a flyer)
            return sq >= 0
        if p < 0 or sq < 0 or sq == p:
            return False
        if zone == "row":
            return sq // COLS == p // COLS
        if zone == "column":
            return sq % COLS == p % COLS
        if zone == "behind":
            return sq == p - COLS * forward(self.seat[u])
        if zone == "sides":  # (the squares to its left and right)
            return sq // COLS == p // COLS and abs(sq % COLS - p % COLS) == 1
        rows = half_rows(self.seat[u])
        if sq // COLS not in rows:
            return False
        if zone == "own_half_first":  # ("1 раз за бой для каждого ряда": that row's first entry)
            key = (u, -1000 - 8 * index - sq // COLS)
            if key in self.uses_battle:
                return False
            self.uses_battle[key] = 1
        return True

    # ------------------------------------------------------------------ depth and surface

    def _depth_moved(self, u: int, frm: int) -> None:
        """Unit ``u`` has just left square ``frm`` (a step, a jump, a push, a relocation …): if it
        went from a surface square onto a depth square it dives, the other way it surfaces
        (data/README.md "Depth and surface"; "погружается на глубину" / "всплывает на поверхность",
        40/109). A flyer or a card coming from nowhere does neither."""
        if frm < 0:
            return
        self._depth_events(u, 1 if self._deep_sq(frm) else 0)

    def _depth_events(self, u: int, was: int) -> None:
        """The triggers of a change of ``u``'s depth from ``was`` (1 depth, 0 surface, -1 neither) to
        where it stands now: its ``dives`` / ``surfaces`` and ``changes_depth``, then for a dive the
        ``squad_dives`` abilities of its squad (itself included), aimed at it."""
        now = self._depth_at(u)
        if was < 0 or now < 0 or was == now or self.over:
            return
        if self._variable:
            self._situate()  # (its "На глубине:" facts hold from now on)
        if self.log is not None:
            self._emit({"e": "dive" if now else "surface", "u": u})
        trig = self._trig
        if now and u in trig["dives"]:
            self._fire(u, "dives")
        if not now and u in trig["surfaces"] and self.alive[u] and not self.over:
            self._fire(u, "surfaces")
        if u in trig["changes_depth"] and self.alive[u] and not self.over:
            self._fire(u, "changes_depth")
        if now and self.creature[u]:
            for w in list(trig["squad_dives"]):
                if self.seat[w] == self.seat[u] and self.alive[w] and self.alive[u] and not self.over:
                    self._fire(w, "squad_dives", u, u)
        if self.creature[u]:  # (a dive or a surfacing of a creature of its squad: 40/109 Подводный чертог)
            for w in list(trig["squad_changes_depth"]):
                if self.seat[w] == self.seat[u] and self.alive[w] and self.alive[u] and not self.over:
                    self._fire(w, "squad_changes_depth", u, u)

    def _reshape(self, depth: int, dry: int, floods: tuple) -> None:
        """The depth squares become ``depth`` (``dry``: those counting as surface this turn,
        ``floods``: the floods bound to a card): the cards on squares that changed dive or surface."""
        before = self.depth_sq & ~self._dry
        after = depth & ~dry
        self.depth_sq, self._dry, self._floods = depth, dry, floods
        self._board_ver += 1
        changed = before ^ after
        if not changed:
            return
        movers = [u for u in range(self.n)
                  if self.alive[u] and self.pos[u] >= 0 and changed >> self.pos[u] & 1 and self.host[u] < 0]
        for u in movers:
            self._depth_events(u, 1 if before >> self.pos[u] & 1 else 0)

    def _flood(self, u: int, sq: int, lasting: bool) -> None:
        """``flood``: square ``sq`` becomes a depth square — for the battle (``lasting``), else while
        ``u`` is in play (50/122 Ману Кварат: "пока Ману Кварат в отряде")."""
        if sq < 0 or self.depth_sq >> sq & 1 and not self._dry >> sq & 1:
            return
        floods = self._floods if lasting else (*self._floods, (sq, u))
        if self.log is not None:
            self._emit({"e": "flood", "u": u, "sq": sq})
        self._reshape(self.depth_sq | 1 << sq, self._dry & ~(1 << sq), floods)

    def _unflood(self, x: int) -> None:
        """Card ``x`` leaves play: the squares its floods made depth while it was in play are surface
        again (no dive or surfacing is set off by it: the card has just died)."""
        mine = [sq for sq, w in self._floods if w == x]
        if not mine:
            return
        depth = self.depth_sq
        for sq in mine:
            depth &= ~(1 << sq)
        self.depth_sq = depth
        self._floods = tuple(f for f in self._floods if f[1] != x)
        self._board_ver += 1

    def _flood_choice(self, u: int) -> None:
        """A ``flood`` on a turn trigger: a surface square its player chooses becomes depth."""
        shallow = ~(self.depth_sq & ~self._dry)
        squares = [sq for sq in range(ROWS * COLS) if shallow >> sq & 1]
        if not squares:
            return
        sq = self.players[self.seat[u]].choose_square(self, u, "flood", squares)
        if sq not in squares:
            raise IllegalAction(f"square {sq} is not a surface square")
        self._flood(u, sq, False)

    # ------------------------------------------------------------------ type changes (become)

    def _become(self, u: int, sl, v: int) -> None:
        """``become``: ``v`` changes its type (data/README.md "Type changes"). Into a flyer it leaves
        its square for the auxiliary zone (000 1.5.1, 2.1.2) and its symbiote dies (000 1.5.2 a: "if a
        creature … becomes flying, its symbiote dies"); a flyer landing (into a ground creature)
        goes onto a free square its player picks (003 "Let" L1587: with movement 1 unless the text says
        otherwise; with no free square it dies) — ``onto`` narrows the squares, and then with none it
        simply does not land; an artifact coming to life stays where it stands, with the simple strike
        ``damage`` and movement ``move``; into an artifact a flyer is put on a free square (003 L1589).
        ``lasts``: at the end of that turn it takes back its type. ``may``: its player may decline.
        Sets ``_shaped`` when it changed ``v`` (the ``then`` abilities after it follow only then)."""
        ab = sl.ability
        self._shaped = False
        if not self.alive[v] or self.host[v] >= 0 or self.kind[v] not in (GROUND, FLYER, ARTIFACT):
            return  # (symbiotes and terrains keep their type: not played)
        into = ab.into or "creature"
        want = FLYER if into == "flyer" else GROUND if into == "creature" else ARTIFACT
        if self.kind[v] == want:
            return
        if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                              self.seat[v]):
            return  # 000 2.8: given as a spell or an effect, the target's protections apply
        squares: list[int] = []
        if self.kind[v] == FLYER:  # (it comes down onto the battlefield)
            squares = self._landing_squares(v, ab.onto)
            if not squares and ab.onto is not None:
                return  # (no square of that kind: it does not land)
        if ab.may and ab.cost != "trigger" and not self.players[self.seat[u]].accept(self, u, sl.index, v):
            return  # (a triggered one was asked as it fired, before its price: Triggers._fire_now)
        old = card_of(self.base[v] if self._variable else self.key[v])
        if v not in self.shapes:
            self.shapes = {**self.shapes, v: (old.type, old.move, old.strike or ())}
        printed = self.shapes[v]
        if want in (FLYER, ARTIFACT):
            move = 0
        elif ab.move is not None:
            move = ab.move
        elif self.kind[v] == FLYER:  # 003 L1587: "Pohyb 1" unless it was printed a ground creature
            move = printed[1] if printed[0] == "creature" else 1
        else:
            move = old.move
        strike = tuple(ab.damage) if len(ab.damage) == 3 else old.strike
        if ab.lasts in ("turn", "own_turn"):
            due = self.turn if ab.lasts == "turn" or self.active == self.seat[v] else self.turn + 1
            self.aloft = [*self.aloft, (v, due, old.type, old.move, old.strike or ())]
        self._retype(v, _TYPE_OF_KIND[want], move, strike, squares, u)
        self._shaped = True

    def _landing_squares(self, v: int, onto: str | None) -> list[int]:
        """The free squares a landing flyer ``v`` may go onto (``onto``: its player's half, a depth
        square, next to the card its trigger is about)."""
        board, share = self.board, self.share
        out = [sq for sq in range(ROWS * COLS) if board[sq] < 0 and share[sq] < 0]
        if onto == "own_half":
            rows = half_rows(self.seat[v])
            out = [sq for sq in out if row_of(sq) in rows]
        elif onto == "depth":
            deep = self.depth_sq & ~self._dry
            out = [sq for sq in out if deep >> sq & 1]
        elif onto == "adjacent":  # (next to the card its trigger is about, or aims at: the struck one)
            about = self._about if self._about >= 0 else self._context
            p = self.pos[about] if about >= 0 and self.alive[about] else NOWHERE
            out = [sq for sq in out if p >= 0 and sq in ADJ8[p]]
        return out

    def _retype(self, v: int, type_name: str, move: int, strike: tuple[int, ...] | None,
                 squares: list[int], by: int) -> None:
        """``v`` plays as its card with type ``type_name``, movement ``move`` and simple strike
        ``strike`` from now on, placed accordingly: to the auxiliary zone as a flyer, onto a square of
        ``squares`` (its player's choice; none: any free square, and with none it dies) when it
        comes down from there, where it stands otherwise."""
        seat = self.seat[v]
        was = self.kind[v]
        card = card_of(self.base[v] if self._variable else self.key[v])
        shaped = replace(card, type=type_name, move=move,
                         strike=(strike[0], strike[1], strike[2]) if strike and len(strike) == 3 else None)
        new = card_key(shaped, seat)
        row = KEY_ROWS[new]
        kind = row[0]
        sq = NOWHERE
        if was == FLYER and kind != FLYER:
            if not squares:
                squares = self._landing_squares(v, None)
            if not squares:  # 003 L1587: with no free square the card dies
                self.wounds[v] = self.life[v]
                if self.log is not None:
                    self._emit({"e": "wound", "u": v, "by": 0, "by_what": "no_landing"})
                self._settle([v])
                return
            sq = squares[0] if len(squares) == 1 else self.players[seat].choose_square(
                self, v, "land", squares)
            if sq not in squares:
                raise IllegalAction(f"square {sq} is not one where unit {v} may land")
        self._set_shape(v, new)
        if not self.alive[v]:
            return
        creature_was = was != ARTIFACT
        creature_now = kind != ARTIFACT
        if creature_was != creature_now:
            self.n_creatures[seat] += 1 if creature_now else -1
        ground_was, ground_now = was == GROUND, kind == GROUND
        if ground_was != ground_now:
            self.n_ground[seat] += 1 if ground_now else -1
        if kind == FLYER:  # (to the auxiliary zone: it stands next to nothing, 000 1.5.1 a)
            p = self.pos[v]
            if p >= 0:
                self._leave(v, p)
            self.pos[v] = AUX
            self.rooted[v] = -1
            r = self.rider[v]
            if r >= 0:  # 000 1.5.2 a: its symbiote dies
                self.rider[v] = -1
                self._kill(r)
        elif sq >= 0:
            self.pos[v] = sq
            self.board[sq] = v
            self.occupied |= 1 << sq
        self._board_ver += 1
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "become", "u": v, "into": type_name, "pos": self.pos[v], "by": by})
        if sq >= 0 and self._markers and self.marks[sq]:
            self._entered(v, sq)
        if not creature_now or self.n_creatures[seat] == 0:
            self._check_end()

    def _set_shape(self, v: int, new: int) -> None:
        """``v`` plays as card key ``new`` (its card of another type): the per-unit columns of the new
        card (shared with clones: replaced, not changed in place) and its situational variant."""
        row = KEY_ROWS[new]
        for name, value in (("kind", row[0]), ("has_strike", row[3]), ("creature", row[11]),
                            ("acts", row[12]), ("triggers", row[13]), ("counter_user", row[14])):
            column = list(getattr(self, name))
            column[v] = value
            setattr(self, name, column)
        for name in ("key", "cards", "profiles", "slots", "move_points", "armor", "regen", "directed",
                     "unanswerable", "magic", "prot_flyers"):
            setattr(self, name, list(getattr(self, name)))
        self.base[v] = new
        if self._variable and self.alive[v] and (v in self._board_units or self.grants[v]):
            self._rekey(v, self._variant_of(v))
        else:
            self._rekey(v, new)

    def _shapes_due(self) -> None:
        """The type changes that last to the end of this turn end now: each card takes back the type,
        movement and strike it had (a flyer landing on a square its player picks)."""
        due = [e for e in self.aloft if e[1] == self.turn]
        self.aloft = [e for e in self.aloft if e[1] != self.turn]
        for v, _, type_name, move, strike in due:
            if self.over or not self.alive[v] or self.kind[v] == KIND_OF_TYPE[type_name]:
                continue
            self._retype(v, type_name, move, strike, [], v)

    def _unshape(self, x: int) -> None:
        """A card leaving play takes back its printed type (000 2.1.4: in the graveyard it keeps
        nothing it acquired): dead, it stands nowhere, so only its card and columns change."""
        printed = self.shapes.get(x)
        if printed is None:
            return
        self.shapes = {k: w for k, w in self.shapes.items() if k != x}
        self.aloft = [e for e in self.aloft if e[0] != x]
        type_name, move, strike = printed
        card = card_of(self.base[x] if self._variable else self.key[x])
        new = card_key(replace(card, type=type_name, move=move,
                               strike=(strike[0], strike[1], strike[2]) if len(strike) == 3 else None),
                       self.seat[x])
        self._set_shape(x, new)

    def _relocate(self, u: int, v: int, ab: Ability) -> None:
        """``relocate``: ``v`` may move onto a free square within ``damage`` [X] of it (any without),
        of the kind ``onto`` names; ``u``'s player chooses (``Player.relocate`` with
        ``"relocate"``; -1: it stays). Not a step: it moves by the ability (markers, watchers and
        dives follow, :meth:`_put`)."""
        p = self.pos[v]
        if p < 0 or not self.alive[v] or self.host[v] >= 0 or self.over or (
                self.kind[v] == GROUND and self._roots and self._rooted(v)):
            return
        reach = WITHIN[min(ab.damage[0], 5)][p] if ab.damage else (1 << ROWS * COLS) - 1
        onto, pu = ab.onto, self.pos[u]
        squares = []
        for sq in range(ROWS * COLS):
            if not reach >> sq & 1 or sq == p or self.board[sq] >= 0:
                continue
            if (onto == "depth" and not self._deep_sq(sq)) or (onto == "surface" and self._deep_sq(sq)):
                continue
            if onto == "away" and pu >= 0 and NEAR[pu][sq]:
                continue
            if onto == "near" and (pu < 0 or not NEAR[pu][sq]):
                continue  # (a square next to the card: "на клетку рядом с собой", 50/3)
            if onto == "behind" and (pu < 0 or sq != pu - COLS * forward(self.seat[u])):
                continue  # (the square behind the card: "на свободную клетку позади себя", 50/47)
            if onto == "vacated" and sq != self._zone_sq:
                continue  # (the square the enemy the trigger is about just left: 40/121 Водяница)
            squares.append(sq)
        if not squares:
            return
        to = self.players[self.seat[u]].relocate(self, v, "relocate", squares)
        if to < 0:
            return
        if to not in squares:
            raise IllegalAction(f"unit {v} cannot be moved to square {to}")
        self._put(v, p, to)
        self._shaped = True  # (it moved: a ``then`` after it follows, "при этом", 50/3 Алтея)
        if v != u and v in self._trig["displaced"] and self.alive[v] and not self.over:
            self._fire(v, "displaced", u)  # (moved by another card: 60/108)

    def _put(self, u: int, p: int, to: int) -> None:
        """Card ``u`` moves from square ``p`` onto the free square ``to`` by an ability (not a step):
        the board, its rider, the log, roots and markers on ``to``, enemy cards it lands next to."""
        self._place_on(u, p, to)
        if self._roots:
            self._unroot_by(u)
        if self._markers and self.marks[to] and not self.over:
            self._entered(u, to)
        if self._watchers and self.creature[u] and self.alive[u] and not self.over:
            self._watched(u, to)

    # ------------------------------------------------------------------ war machines

    def _haul_slot(self, u: int) -> int:
        """The index of ``u``'s ``hauled`` fact, or -1."""
        for i, sl in enumerate(self.slots[u]):
            if sl.ability.kind == "hauled":
                return i
        return -1

    def _haulers(self, u: int) -> list[int]:
        """The creatures of ``u``'s squad that may close to move it now (``hauled``): open, not yet
        acted, standing next to it (000 glossary "Standing next to")."""
        p = self.pos[u]
        if p < 0:
            return []
        near = NEAR[p]
        return [w for w in self.units[self.seat[u]] if w != u and self.creature[w] and self.alive[w]
                and self.open[w] and not self.acted[w] and self.pos[w] >= 0 and near[self.pos[w]]
                and not (self._ghosts and self.sharing(w))]

    def _haul_steps(self, u: int) -> list[int]:
        """Free squares orthogonally next to war machine ``u`` it may be moved onto now by closing a
        creature of its squad next to it (its ``hauled`` fact and uses allowing)."""
        if not self.alive[u] or self.seat[u] != self.active or self.pos[u] < 0 or self.over:
            return []
        index = self._haul_slot(u)
        if index < 0:
            return []
        sl = self.slots[u][index]
        if sl.limited and not self._allowed(u, index, sl.ability):
            return []
        if not self._haulers(u):
            return []
        board, share = self.board, self.share
        return [s for s in ADJ4[self.pos[u]] if board[s] < 0 and share[s] < 0]

    def _haul(self, u: int, to: int) -> None:
        """War machine ``u`` moves onto ``to`` (``hauled``): its player picks the creature that
        closes for it (``Player.hauler``), which closes and loses its movement (000 2.4); then the
        machine's ``hauled`` and the creature's ``hauls`` abilities fire."""
        if to not in self._haul_steps(u):
            raise IllegalAction(f"unit {u} cannot be moved to square {to}")
        cands = self._haulers(u)
        w = self.players[self.seat[u]].hauler(self, u, cands)
        if w not in cands:
            raise IllegalAction(f"unit {w} cannot close to move unit {u}")
        index = self._haul_slot(u)
        if self.slots[u][index].limited:
            self._count_use(u, index)
        self.open[w] = False  # (the payment, 000 2.4: it closes and loses its movement)
        self.acted[w] = True
        self.moves[w] = 0
        self.hidden[w] = False
        self.hidden[u] = False
        if self.log is not None:
            self._emit({"e": "haul", "u": u, "by": w})
        self._put(u, self.pos[u], to)
        if self._variable and not self.over:
            self._situate()
        if u in self._trig["hauled"] and self.alive[u] and not self.over:
            self._fire(u, "hauled", w, w)
        if w in self._trig["hauls"] and self.alive[w] and not self.over:
            self._fire(w, "hauls", u, u)

    def _teleport(self, u: int) -> None:
        """``teleport``: to the free square next to the most enemy creatures (the first such)."""
        p = self.pos[u]
        if p < 0:
            return
        enemy = 1 - self.seat[u]
        best, score = -1, -1
        for sq in range(ROWS * COLS):
            if self.board[sq] >= 0:
                continue
            s = sum(1 for t in ADJ8[sq] if self.board[t] >= 0 and self.seat[self.board[t]] == enemy
                    and self.creature[self.board[t]])
            if s > score:
                best, score = sq, s
        if best < 0 or score <= 0:
            return
        self._place_on(u, p, best)
        if self._markers and self.marks[best]:
            self._entered(u, best)

    def _hypnosis(self, u: int, sl, v: int) -> None:
        """``hypnosis`` (50/126 Шаман-душегрыз, 000 5.4 example): the open creature ``v`` deals its
        simple strike to a card next to it that ``u``'s player picks (it fights back as in any
        simple strike), then closes (it has acted)."""
        if not (self.creature[v] and self.open[v] and self.alive[v]) or self.pos[v] < 0:
            return
        near = NEAR[self.pos[v]]
        cands = [x for x in range(self.n)
                 if x != v and self.alive[x] and self.pos[x] >= 0 and near[self.pos[x]]]
        if cands and self.has_strike[v]:
            picked = tuple(self.players[self.seat[u]].choose_targets(self, u, sl.index, cands, 1))
            if len(picked) != 1 or picked[0] not in cands:
                raise IllegalAction(f"unit {u}: {picked} is not one of the cards {cands} next to unit {v}")
            x = picked[0]
            if self.log is not None:
                self._emit({"e": "hypnosis", "u": v, "target": x})
            self._strike_on(v, x, x, False)
        if self.alive[v]:
            self.open[v] = False
            self.acted[v] = True
            self.moves[v] = 0

    def _fight_foes(self, v: int, artifacts: bool = False) -> list[int]:
        """The enemy creatures (and artifacts, if ``artifacts``) next to creature ``v`` on the
        battlefield: whom it may fight."""
        if not (self.creature[v] and self.alive[v] and self.has_strike[v]) or self.pos[v] < 0:
            return []
        near = NEAR[self.pos[v]]
        return [x for x in self.units[1 - self.seat[v]]
                if (self.creature[x] or (artifacts and self.kind[x] == ARTIFACT)) and self.alive[x]
                and self.pos[x] >= 0 and near[self.pos[x]]]

    def _fight(self, v: int, artifacts: bool = False) -> None:
        """``fight`` aimed at a creature of the user's own squad: creature ``v`` fights an enemy
        creature next to it (its player picks, ``Player.fight_target``) with its simple strike, as with
        an open card, without closing (:meth:`_ambush`)."""
        foes = self._fight_foes(v, artifacts)
        if not foes:
            return
        x = self.players[self.seat[v]].fight_target(self, v, foes)
        if x not in foes:
            raise IllegalAction(f"unit {v} cannot fight unit {x}")
        self._ambush(v, x, "fight")

    def _rooted(self, u: int) -> bool:
        """Whether ``u`` may not move: rooted by a card that lives and has not moved since, or held
        for this turn."""
        if self.held[u] >= self.turn:
            return True
        r = self.rooted[u]
        if r < 0:
            return False
        if not self.alive[r]:
            self.rooted[u] = -1
            return False
        return True

    def _unroot_by(self, u: int) -> None:
        for v in range(self.n):
            if self.rooted[v] == u:
                self.rooted[v] = -1

    def _keep_stunned(self, seat: int) -> None:
        """Stunned cards do not open at the start of their owner's turn (and then may again)."""
        for u in self.units[seat]:
            if self.stunned[u]:
                self.stunned[u] = False
                self.open[u] = False
                self.acted[u] = True
                self.moves[u] = 0
                self.fresh[u] = self.turn

    # ------------------------------------------------------------------ riders and their hosts

    def _host_choices(self, seat: int) -> None:
        """Before ``seat``'s cards open: each host whose rider has ``host_may_stay_closed`` may stay
        closed this turn, its player's choice (``Player.stay_closed``; 30/69 Люмми) — kept closed
        as a stunned card is (no regeneration, no poisoning: 002 "Регенерация")."""
        for u in self.units[seat]:
            r = self.rider[u]
            if r < 0 or not self.alive[r] or self.open[u] or self.stunned[u]:
                continue
            if "host_may_stay_closed" not in _kinds_of(self.key[r]):
                continue
            if self.players[seat].stay_closed(self, u):
                self.stunned[u] = True
                if self.log is not None:
                    self._emit({"e": "stays_closed", "u": u})

    def _outlives(self, r: int, x: int) -> bool:
        """Rider ``r`` of ``x``, which has just left play, would die with it (000 1.5.2 a): whether it
        lives on instead — as a flyer (``flies_from_dead_host``, 40/58 Морозная бабочка) or on another
        creature of ``x``'s squad by a ``rehosts_riders`` card of its own squad (30/106 Старый вайл)."""
        if not self.alive[r]:
            return False
        s = self.seat[r]
        if "flies_from_dead_host" in _kinds_of(self.base[r]):
            self.kind = list(self.kind)
            self.kind[r] = FLYER
            self.host[r] = -1
            self.pos[r] = AUX
            self.n_ground[s] -= 1
            self._board_ver += 1
            if self.log is not None:
                self._emit({"e": "takes_flight", "u": r})
            return True
        for w in self.units[s]:
            if not self.alive[w] or w == r:
                continue
            for index in range(len(self.slots[w])):
                sl = self.slots[w][index]
                ab = sl.ability
                if ab.kind != "rehosts_riders" or (sl.limited and not self._allowed(w, index, ab)):
                    continue
                if sl.conditional and not meets(sl, self.key[r]):
                    continue
                hosts = [h for h in self.units[self.seat[x]]
                         if h != x and self.alive[h] and self.kind[h] == GROUND and self.pos[h] >= 0
                         and self.rider[h] < 0 and (self.ghost[r] or not self.ghost[h])]
                if not hosts:
                    return False
                new = self.players[s].attach(self, r, hosts)
                if new not in hosts:
                    raise IllegalAction(f"unit {new} cannot host unit {r}")
                if sl.limited:
                    self._count_use(w, index)
                self.host[r] = new
                self.rider[new] = r
                self.pos[r] = self.pos[new]
                self._board_ver += 1
                if self.log is not None:
                    self._emit({"e": "rehost", "u": r, "host": new, "pos": self.pos[new]})
                return True
        return False

    def _hosts_opened(self, seat: int, closed: list[int]) -> None:
        """After ``seat``'s cards opened at its turn start: the ``host_opens`` abilities of the
        riders of each host that was closed and is open now (30/69 Люмми wounds its host)."""
        for u in closed:
            r = self.rider[u]
            if (r >= 0 and self.alive[u] and self.open[u] and self.alive[r] and not self.over
                    and triggered(self.key[r], "host_opens")):
                self._fire(r, "host_opens", u, u)

    # ------------------------------------------------------------------ carrion-eating

    def _eat(self, killer: int, victim: int) -> None:
        """002 "Трупоедство": the killer heals completely and loses its poisoning when it destroyed an
        adjacent non-incorporeal enemy creature (a flying killer: any card)."""
        if killer < 0 or not self.alive[killer] or self.seat[killer] == self.seat[victim]:
            return
        if not self.creature[victim] or self.cards[victim].has("incorporeal") or self._has(killer,
                                                                                           "carrion_eating") \
                is None:
            return
        pk, pv = self.pos[killer], self.died_at[victim]
        if self.kind[killer] != FLYER and not (pk >= 0 and pv >= 0 and NEAR[pk][pv]):
            return
        healed = 0 if self.ghost[killer] or self._sealed(killer) else self.wounds[killer]  # (never healed)
        self.wounds[killer] -= healed
        self.poison[killer] = 0
        if self._last_life:
            self._respare(killer)
        if self.log is not None:
            self._emit({"e": "heal", "u": killer, "by": healed, "by_what": "carrion_eating"})
        if killer in self._trig["eats"] and not self.over:
            self._fire(killer, "eats", victim)

    # ------------------------------------------------------------------ triggers

    def _fire_list(self, trigger: str, units, context: int = -1) -> None:
        for u in list(units):
            if self.alive[u] and not self.over:
                self._fire(u, trigger, context)

    def _land_delayed(self) -> None:
        """``delay = "apart"``: at the end of the turn, the wounds of the targets chosen in it land
        on those not next to the card that chose them (60/128 Халниада), if both are still on the
        battlefield; an effect, so armor does not stop it."""
        pending, self.delayed = self.delayed, []
        hurt = []
        for u, index, v in pending:
            if not (self.alive[u] and self.alive[v]) or self.pos[v] in ADJ8[self.pos[u]]:
                continue
            wounds = hit(self.key[u], index, self.key[v], 0, 0)[0]
            self.wounds[v] += wounds
            if wounds:
                self._quiet_from = self.turn + 1
                hurt.append((v, u))
            if self.log is not None:
                self._emit({"e": "ability", "u": u, "i": index, "kind": self.slots[u][index].ability.kind,
                            "targets": [v], "dice": [], "wounds": [wounds], "closes": False})
        for v, u in hurt:
            if self.over:
                break
            self._settle([v], u)

    def _turn_end_triggers(self) -> None:
        if self.delayed:
            self._land_delayed()
            if self.over:
                return
        active = self.active
        trig = self._trig
        if trig["turn_end"]:
            self._fire_list("turn_end", [u for u in trig["turn_end"] if self.seat[u] == active])
        if trig["enemy_turn_end"]:
            self._fire_list("enemy_turn_end", [u for u in trig["enemy_turn_end"] if self.seat[u] != active])
        if trig["concentration"]:
            calm = [u for u in trig["concentration"] if self.seat[u] != active and self.alive[u]
                    and self.wounds[u] <= self.conc_wounds[u]]
            self._fire_list("concentration", calm)

    def _turn_start_triggers(self, seat: int) -> None:
        for u in self.units[seat]:
            self.conc_wounds[u] = self.wounds[u]
        for u in self._trig["valhalla"]:
            if self.seat[u] == seat and not self.alive[u] and not self.over and self.creature[u] \
                    and not self.zone[u]:  # (in the graveyard: not in the deck or exile)
                self._fire(u, "valhalla")
        headed = self._trig["moves_heading"]
        if headed:
            heading = list(self.heading)
            for u in headed:
                heading[u] = -1
                if self.seat[u] == seat and self.alive[u]:
                    picked = self.players[seat].choose_direction(self, u)
                    if picked not in DIRECTIONS:
                        raise IllegalAction(f"unit {u}: {picked!r} is not one of {', '.join(DIRECTIONS)}")
                    heading[u] = heading_of(seat, picked)
                    if self.log is not None:
                        self._emit({"e": "heading", "u": u, "direction": picked})
            self.heading = heading

    def _stepped(self, u: int, frm: int, to: int) -> None:
        """``moves_heading``: creature ``u`` stepped from ``frm`` to ``to``; the watchers of the
        active seat whose picked direction is that step's fire, about ``u``."""
        if frm < 0 or to < 0:
            return
        dr, dc = to // COLS - frm // COLS, to % COLS - frm % COLS
        if (dr != 0) == (dc != 0):
            return  # not a straight step along a row or a column
        step = _STEPS.index((max(-1, min(1, dr)), max(-1, min(1, dc))))
        for w in self._trig["moves_heading"]:
            if self.heading[w] == step and self.seat[w] == self.active and self.alive[w] and not self.over:
                self._fire(w, "moves_heading", u, u)

    def _lost_counters(self, v: int, n: int) -> None:
        """``squad_loses_counters``: card ``v`` has just lost ``n`` counters at once; the watchers of its
        squad whose ``count`` is at most ``n`` fire (60/45 Жрец штормов)."""
        for w in self._trig["squad_loses_counters"]:
            if self.seat[w] == self.seat[v] and self.alive[w] and not self.over:
                self._lost_now = n
                self._fire(w, "squad_loses_counters", -1, v)
        self._lost_now = 0

    def _first_act(self, u: int) -> None:
        """``enemy_first_action``: ``u`` has just taken an action (a strike, an ability used as an
        action, accumulating, closing for a flyer); if it is its side's first this turn and ``u`` is
        a creature, the enemy watchers fire, aimed at it (60/64 Суттунг)."""
        seat = self.seat[u]
        if self.first_acts[seat] == self.turn:
            return
        self.first_acts = list(self.first_acts)
        self.first_acts[seat] = self.turn
        if not self.creature[u] or not self.alive[u]:
            return
        for w in self._trig["enemy_first_action"]:
            if self.seat[w] != seat and self.alive[w] and self.alive[u] and not self.over:
                self._fire(w, "enemy_first_action", u)

    def _left(self, u: int, frm: int, to: int) -> None:
        """``enemy_leaves_adjacent``: enemy creature ``u`` stepped from ``frm``, next to the watcher,
        onto ``to``, not next to it (60/220 Сорвиголова); the watcher fires, aimed at ``u``."""
        for w in self._trig["enemy_leaves_adjacent"]:
            q = self.pos[w]
            if (self.seat[w] != self.seat[u] and self.alive[w] and q >= 0 and frm >= 0 and to >= 0
                    and NEAR[frm][q] and not NEAR[to][q] and self.alive[u] and not self.over):
                self._fire(w, "enemy_leaves_adjacent", u)

    def _squad_struck(self, u: int, v: int) -> None:
        """``squad_strike``: the simple strike of ``u`` hit ``v``; the watchers of ``u``'s squad fire,
        aimed at ``v``, about ``u`` (``when_type`` …)."""
        for w in self._trig["squad_strike"]:
            if self.seat[w] == self.seat[u] and (self.alive[w] or self._in_grave(w)) and self.alive[v] \
                    and not self.over:
                self._fire(w, "squad_strike", v, u)  # (in the graveyard only its own token: 30/140)

    def _counted(self, u: int) -> None:
        """``counters_reach``: ``u`` has just gained counters; its facts whose ``count`` it now has
        or more fire (using one spends all its counters: :meth:`_fire_now`)."""
        if u in self._trig["counters_reach"] and self.alive[u] and not self.over:
            self._fire(u, "counters_reach")

    def _attacked(self, v: int, u: int, kind: str) -> None:
        """``attacked``: after an enemy attack of ``kind`` on ``v`` (the ``from`` kinds; aims at ``u``)."""
        if v in self._trig["attacked"] and self.alive[v] and not self.over:
            self._fire(v, "attacked", u, -1, kind)
        near = self._trig["adjacent_enemy_attacks"]
        if near and self.pos[u] >= 0:  # (an enemy card next to a watcher attacked another card: 40/203)
            for w in near:
                if (w != v and self.alive[w] and self.seat[w] != self.seat[u] and self.pos[w] >= 0
                        and NEAR[self.pos[u]][self.pos[w]] and self.alive[u] and not self.over):
                    self._fire(w, "adjacent_enemy_attacks", u, -1, kind)

    def _defending(self, d: int, v: int) -> None:
        if d in self._trig["defends"] and not self.over:
            self._fire(d, "defends", v, v)  # (about the defended card: ``when_keyword``, 40/47)
        if self._trig["squad_redirects"]:
            self._squad_redirect(v)

    def _squad_redirect(self, v: int) -> None:
        """``squad_redirects``: an enemy attack on ``v`` went to a defender or was redirected; the
        watchers of ``v``'s squad fire (by their own reach)."""
        for w in self._trig["squad_redirects"]:
            if self.seat[w] == self.seat[v] and self.alive[w] and not self.over:
                self._fire(w, "squad_redirects", -1, v)

    def _poisoned(self, v: int) -> None:
        """``enemy_poisoned``: an enemy creature ``v`` took wounds from poisoning."""
        for w in self._trig["enemy_poisoned"]:
            if self.seat[w] != self.seat[v] and self.alive[w] and not self.over:
                self._fire(w, "enemy_poisoned", v)

    def _magic_used(self, u: int) -> None:
        """``enemy_magic``: enemy creature ``u`` has used a magical ability (000 glossary "Magical
        ability": a discharge, magic strike or spell); the watchers whose fact's ``range`` reaches
        ``u`` (any distance without one; a flyer is always within range) fire, aimed at ``u``."""
        if not self.creature[u]:
            return
        for w in self._trig["enemy_magic"]:
            if self.seat[w] != self.seat[u] and self.alive[w] and not self.over:
                self._fire(w, "enemy_magic", u)

    def _over_cost(self, u: int, face: int) -> None:
        """``enemy_roll_over_cost``: creature ``u`` rolled ``face`` on a die (a fight of a simple
        strike, an ability's or a trigger's roll); the enemy watchers fire, aimed at ``u``, when the
        face is above ``u``'s cost (40/218 Эллион)."""
        if face <= self.cost[u] or not self.creature[u] or not self.alive[u]:
            return
        for w in self._trig["enemy_roll_over_cost"]:
            if self.seat[w] != self.seat[u] and self.alive[w] and not self.over:
                self._fire(w, "enemy_roll_over_cost", u)

    def _within(self, u: int, v: int, rng: int) -> bool:
        """Whether ``v`` stands within ``rng`` squares of ``u`` (any direction; a flyer, off the
        board's squares, is always within range: 000 glossary "Range X")."""
        pu, pv = self.pos[u], self.pos[v]
        if pu == AUX or pv == AUX:
            return True
        if pu < 0 or pv < 0:
            return False
        return bool(WITHIN[min(rng, 5)][pu] >> pv & 1)

    def _combo_step(self, u: int, kind: str) -> None:
        """``ally_combo``: record an action of ``u``; fire the watchers whose chain is complete."""
        seat = self.seat[u]
        chain = (*self.combo[seat], (u, kind))
        fired = False
        for w in self._trig["ally_combo"]:
            if self.seat[w] != seat or w == u or (
                    not self.alive[w] and (self.zone[w] or not self._grave_combo(w))):
                continue
            for ab in facts(self.cards[w]):
                if ab.trigger != "ally_combo" or ab.cost != "trigger":
                    continue
                want = list(ab.applies_to)
                tail = [k for x, k in chain if x != w and self._matches_card(ab, x)][-len(want):]
                if sorted(tail) == sorted(want):
                    self._fire(w, "ally_combo", u)
                    fired = True
                    break
        self.combo[seat] = () if fired else chain[-4:]

    # ------------------------------------------------------------------ strike tiers

    def _strike_tiers(self, ku: int, kp: int, i: int, fought: bool, weak: bool) -> tuple[int, int]:
        """The strengths (0 weak, 1 medium, 2 strong, -1 none) the attacker's strike and the
        parrier's counter-strike had (Strike Table model only; -1 under the defence die)."""
        from analysis.battle.tables import _fighter, _FixedDice
        from analysis.combat.strike import STRIKE_TABLE, resolve_strike

        if self.config.model != STRIKE_TABLE:
            return -1, -1
        memo = (ku, kp, i, fought, weak)
        out = _TIER_MEMO.get(memo)
        if out is None:
            att, par = _fighter(ku, kp), _fighter(kp, ku)
            if fought:
                r = resolve_strike(att, par, _FixedDice(i // 6 + 1, i % 6 + 1), rules=STRIKE_TABLE,
                                   weaken="always" if weak else "never")
                out = (r.dealt, r.returned)
            else:
                r = resolve_strike(att, par, _FixedDice(i + 1), rules=STRIKE_TABLE, closed=True)
                out = (r.dealt, -1)
            if len(_TIER_MEMO) > 200_000:
                _TIER_MEMO.clear()
            _TIER_MEMO[memo] = out
        return out


_TIER_MEMO: dict[tuple, tuple[int, int]] = {}

_ = (PARASITE, half_rows)


GAIN_KINDS = frozenset({"finishing", "extra_life", "gain_counter", "open", "stun", "root", "push", "poison",
                        "delayed_wound",
                        "move_wounds", "concentrate", "close", "shift", "pull", "fight", "next_roll", "bind",
                        "drag"})
"""Kinds added here that the heuristic player values (:func:`heuristic_gain`)."""
HELPING = ("open", "extra_life", "gain_counter", "strike_bonus", "directed", "unanswerable", "simple_magic",
           "reduce", "protection", "cap", "stays_open", "keyword", "concentrate", "attack_bonus", "next_roll",
           "amphibious", "carrion_eating")
"""Kinds (or granted kinds) whose use helps the card they aim at: a gain on one's own side."""


def heuristic_gain(ab: Ability, kv: int, rem_v: int, value: float) -> float:
    """A rough worth of one use of ``ab`` on card key ``kv`` (``rem_v`` life left, worth ``value``):
    for the kinds that help (:data:`HELPING`) the help to that card, else the harm done to it."""
    prof = PROFILES[kv]
    per_wound = 0.5 * value / max(1, prof.life)
    amount = ab.damage[0] if ab.damage else ab.plus
    if ab.lasts:
        if ab.kind == "keyword" and ab.keyword == "fury":  # (+X fury: worth its fury abilities' chances)
            n = sum(1 for a in facts(card_of(kv)) if a.cost == "trigger" and a.trigger == "fury")
            return 0.05 * value * amount * (3.0 if ab.lasts == "battle" else 1.0) * min(n, 2)
        if ab.kind == "keyword" and (ab.keyword != "move" and card_of(kv).keyword(ab.keyword) >= (  # type: ignore[arg-type]
                ab.damage[0] if ab.damage else 1)):
            return 0.0  # it has it already
        scale = 3.0 if ab.lasts == "battle" else 1.0
        if ab.kind == "keyword" and (ab.keyword == "clumsiness" or (ab.keyword == "move" and amount < 0)):
            return -0.05 * value * scale  # (a harm, though a keyword: −1 on its dice, less movement)
        if ab.kind == "strike_bonus":
            bonus = (sum(ab.damage) / 3 if len(ab.damage) == 3 else amount) if ab.damage else 0
            return 0.05 * value * bonus * scale
        if ab.kind == "reduce":
            return 0.05 * value * amount * scale
        if ab.kind == "amphibious":  # (worth the "На глубине:" / "На поверхности:" facts it frees: 40/116)
            n = sum(1 for a in facts(card_of(kv)) if a.when in ("at_depth", "on_surface"))
            return 0.05 * value * scale * min(n, 2)
        if ab.kind == "attack_bonus":  # (worth its change to the attacks of those kinds the card has)
            if ab.per == "target_weak":
                amount = (prof.strike[0] if prof.strike else 0) + ab.plus
            if ab.negative:
                amount = -amount
            n = sum(1 for a in facts(card_of(kv))
                    if a.is_action and a.kind in WOUNDING and covers(ab, a.kind))
            n += 1 if covers(ab, "simple") and prof.strike else 0
            return 0.05 * value * amount * scale * min(n, 2)
        return (0.1 if ab.kind in ("protection", "cap") else 0.05) * value * scale
    kind = ab.kind
    if kind == "finishing":
        return value if prof.is_creature and prof.kind != COMPANION and 0 < rem_v <= amount else 0.0
    if kind == "extra_life":
        return amount * per_wound
    if kind == "gain_counter":
        return 0.1 * value if prof.counter_user or prof.tokens_only else 0.0
    if kind == "open":
        return 0.1 * value - amount * per_wound
    if kind == "stun":
        return 0.2 * value if prof.is_creature else 0.0
    if kind == "close":
        return 0.1 * value if prof.is_creature else 0.0
    if kind == "root":
        return 0.05 * value if prof.kind == GROUND else 0.0
    if kind in ("push", "shift", "pull", "drag"):
        return 0.02 * value
    if kind == "bind":  # (its actions this turn are spent on the binder, or not at all)
        return 0.05 * value if prof.is_creature else 0.0
    if kind == "poison":
        return 2 * amount * per_wound if prof.is_creature else 0.0
    if kind == "delayed_wound":  # (wounds later, unless the target pays with its next turn: half)
        return 0.5 * amount * per_wound if prof.is_creature else 0.0
    if kind == "move_wounds":
        return amount * per_wound
    if kind == "next_roll":  # (a sure face on its next die: worth the spread of its strike it secures)
        if not prof.is_creature or not prof.strike:
            return 0.0
        return 0.02 * value * (1 + max(0, prof.strike[2] - prof.strike[0]))
    if kind == "fight":  # (an extra simple strike of that creature: about its mean strike's worth)
        return 0.05 * value * (sum(prof.strike) / 3 if prof.strike else 0.0) if prof.is_creature else 0.0
    if kind == "concentrate":  # (what its concentration gives, as a grant of the same kind would)
        return sum(heuristic_gain(a, kv, rem_v, value) if a.lasts else 0.1 * value
                   for a in facts(card_of(kv)) if a.cost == "trigger" and a.trigger == "concentration")
    return 0.0
