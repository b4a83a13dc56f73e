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
from analysis.battle.situational import Situational, forward, granted, stripped
from analysis.battle.tables import (
    ABILITIES,
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
from analysis.cards.abilities import ATTACKS, MAGICAL, Ability
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
                 "jump", "enemy_poisoned", "eats", "creature_eats", "squad_attack", "ally_combo",
                 "ally_incarnates",
                 "squad_incarnates", "ally_token", "enemy_magic", "enemy_roll_over_cost",
                 "moves_heading", "counters_reach", "squad_strike", "cursed_again",
                 "fury", "host_fury", "attack", "squad_rolls", "enters_creature", "last_life_lost",
                 "incarnates_adjacent", "squad_enters_mark", "dash", "teleports", "squad_teleports",
                 "squad_dash",
                 "dives", "surfaces", "changes_depth", "squad_dives", "killed", "squad_kill",
                 "squad_redirects", "enemy_dies", "own_strike", "dirty_tricked", "enemy_ranged",
                 "host_opens", "gets_blessing", "gets_curse", "gets_extra_life", "blocks",
                 "enemy_leaves_adjacent", "enemy_first_action", "displaced", "squad_loses_counters", "opens",
                 "enemy_enters", "enemy_leaves", "hauled", "hauls", "state_flip", "rehosted", "ghost_enters",
                 "squad_spell", "misses",
                 "adjacent_misses", "ally_gets_extra_life", "squad_vampirism", "host_moves",
                 "poison_curse", "squad_steps", "declares", "revealed", "card_closes",
                 "summoned", "squad_enters", "squad_moves_enemy", "rider_strike", "squad_eats",
                 "squad_approached", "squad_stays_open", "swaps", "darkens", "squad_concentration",
                 "squad_accumulates", "squad_miss", "squad_fury", "dash_onward", "host_defended",
                 "host_jumps",
                 "squad_changes_depth", "adjacent_enemy_attacks", "hosted_anywhere", "leaves_opposite",
                 "ally_enters", "swapped", "overhealed")
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
    return {a.kind for a in ABILITIES[key]}


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
        for ab in ABILITIES[key]:
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
            if ab.sudden and ab.cost != "trigger" and u not in sudden:
                sudden.append(u)
            steps = steps or ab.per in ("steps", "heading_steps", "diagonal_steps")
            if ab.cost == "trigger" and ab.trigger in ("squad_strike", "squad_attack") and ab.tiers:
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
        self._attack_blockers = [w for w in range(n) if "block_attack" in _kinds_of(self.key[w])]
        """Units with a sudden ``block_attack`` (60/75 Святолесье; terrains included)."""
        self._blockers = "block" in kinds or bool(self._attack_blockers)
        self._taunters = "taunt" in kinds
        self._taunt_free = "ignore_taunt" in kinds
        """Some card's attacks are not bound by enemy taunts (``ignore_taunt``: 30/11 Баллиста)."""
        self._strike_limits = "strike_limit" in kinds
        self._taunt_skip = False
        self._responders = responders
        self._eaters = "carrion_eating" in kinds
        self._poison_mods = "poison_reduce" in kinds
        """Some card changes the wounds poisoning deals (``reduce`` from ``poison``)."""
        self._ignorers = "ignore_abilities" in kinds
        self._piercers = "ignore_prot_flyers" in kinds
        self._redirect = "redirectable" in kinds
        self._heal_jumpers = "heal_to_jump" in kinds
        """Some card may jump instead of healing (30/72 Глоа)."""
        self._gateways = "gateway" in kinds
        """Some card lets creatures of its squad step onto the squares next to it (30/57)."""
        self._steppers = bool(kinds & {"wraps", "jump", "far_step", "teleportation", "diagonal", "gateway"})
        self._jump_swaps = "jump_swap" in kinds
        """Some card may jump onto the square of a creature of its squad, swapping (30/172)."""
        self._barrers = "bar" in kinds
        """Some card bars squares to enemy creatures (kind ``bar``, 60/67)."""
        self._dashers = "dash" in kinds
        self._far_strikers = "far_strike" in kinds
        self._far_guards = [u for u in range(n) if "guards_far" in _kinds_of(self.key[u])] \
            if "guards_far" in kinds else []
        """Units that may defend a card of their squad anywhere (``guards_far``, 40/155)."""
        self.dashed = [-1] * n
        """Per unit: the turn in which it last moved by its ``dash`` (once per turn)."""
        self.first_acts = [-1, -1]
        self.traps = [(), ()]
        """Per seat: the ``trap``s laid for its next creature that acts, (owner, wounds, via) each;
        replaced, never changed in place."""
        self._trapped = False
        self._vacated = -1
        """The square the card a ``squad_teleports`` trigger is about left (``onto = "vacated"``)."""
        self._shape_own = 0
        """Its own cards on the group of squares an action of a ``SHAPES`` area just hit (``shape_own``)."""
        self._zone_walk = False
        """The move the zone watchers now see is the card's own (a step, a jump: ``sides_walk``)."""
        self._ranged_at_me = False
        """The ``enemy_ranged`` attack now firing was aimed at the watcher itself (``self_too``)."""
        """Some trap may be laid (30/78)."""
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
        self._stand_binders = [u for u in range(n) if any(
            ab.kind == "bind" and ab.cost == "passive" for ab in ABILITIES[self.key[u]])]
        """Units with a standing ``bind`` (the enemy creatures in its ``vs_position`` are bound to it:
        50/190 Бретёр)."""
        self._cheaters = "cheats_death" in kinds
        self._closed_parry = "parries_closed" in kinds
        """Some card parries simple strikes while closed (:meth:`parries_closed`)."""
        self._no_defenders = "no_defend" in kinds
        """Some card may make a card unable to defend (:meth:`may_defend`)."""
        """Some card heals instead of dying (``cheats_death``: :meth:`Triggers._cheat_death`)."""
        """Some card may bind an enemy to strike only it (:meth:`bound`)."""
        self.leapt = [-1, 0, -1, 0]
        self.raged = [-1, 0, -1, 0]
        """Per seat (turn, count): the furies of its creatures that fired in that turn (``squad_fury``)."""
        self._fury_nth = 0
        """Per seat (``2 * seat``, ``2 * seat + 1``): the turn of its creatures' last jump and their
        jumps in that turn (``when = "squad_jumps"``); replaced, never changed in place."""
        self._jump_watch = "when:squad_jumps" in kinds
        """Some card reads the jumps of its squad this turn (:meth:`_count_jump`)."""
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
        self._tricked = 0
        self._moved_from = -1
        """The square a card last moved from (the enemy_enters watchers: ``onto = "onward"``)."""
        self._move_dr = 0
        self._move_dc = 0
        self._prior = -1
        """The first target of the ability before a ``then`` (``onto = "near_target"``)."""
        self._last_step = 0
        """The square difference of the step that set off ``enters_creature`` (``heading_steps``)."""
        """The wounds of the last dirty trick (``per = "trick_wounds"``)."""
        self._healed_now = 0
        """The wounds the carrion-eating that set off an ``eats`` trigger healed (its ``count``: 50/88)."""
        """The excess damage of the kill that set off the ``kill`` trigger now (``per = "excess"``)."""
        self._zone_sq = -1
        """The square a card just moved onto / off, read by ``enemy_enters`` / ``enemy_leaves``."""
        self._dealt = 0
        self._jump_from = -1
        """The square the card that jumps last jumped from (``area = "jumped"``: 30/95)."""
        """The wounds the ability just carried out dealt, for the ``then`` after it (``per = "dealt"``)."""
        self._zone_from = -1
        self._zone_mover = -1
        self._zoned = bool(trig["enemy_enters"] or trig["enemy_leaves"] or trig["squad_enters"])
        """Some card watches moves onto or off squares of a zone (``enemy_enters`` …)."""
        """The square the card that moves came from, and that card (zones ``cross`` / ``cross_front``)."""
        self._stuns = "stun" in kinds
        self._grave_wounds = "grave_wound" in kinds
        self._squad_blocks = "block" in kinds and any(a.kind == "block" and a.area == "squad"
                                                      for k in set(self.key) for a in ABILITIES[k])
        self._defender = -1
        """The defender parrying the simple strike now (-1: none; ``vs_state = "defending"``)."""
        self._streaks = any(a.per == "streak" for k in set(self.key) for a in ABILITIES[k])
        """Some card's strike grows with its hits in a row on one card (``per = "streak"``: 30/18)."""
        self.streak: list[tuple[int, int]] = [(-1, 0)] * n
        """Per unit: (the card, its hits in a row on it as the attacker) for ``per = "streak"``."""
        """Some card blocks attacks on any card of its squad (``block`` with ``area = "squad"``: 30/40)."""
        self.kill_sq: list[tuple[int, int]] = [(-1, -1)] * n
        """Per unit: (turn, square) of the last card it destroyed (``vs_state = "on_kill_square"``)."""
        self._nomagic = "no_magic" in kinds
        """Some card makes another unable to use its magical abilities (``no_magic``: 30/87)."""
        self._healers = "heal_bonus" in kinds
        """Some card makes its squad's heals greater (``heal_bonus``: 30/71)."""
        """Some card cannot heal, or makes another unable to (``no_heal``: 30/171)."""
        """Some card gives a ``grave_wound`` (30/63 Локи): the turn start looks at the graveyards."""
        self._host_watch = bool(trig["host_opens"]) or "host_may_stay_closed" in kinds
        """Some rider acts when its host opens (``host_opens``) or lets it stay closed
        (``host_may_stay_closed``): the turn start looks at the hosts (:meth:`_host_choices`)."""
        self._rider_fates = bool(kinds & {"flies_from_dead_host", "rehosts_riders", "saves_host",
                                          "rides_killer"})
        self._slayer = -1
        """The creature whose simple strike is killing the host being removed now (``rides_killer``)."""
        """Some rider outlives its host or saves it (:meth:`_outlives`, :meth:`_saves_host`)."""
        if "host_may_stay_closed" in kinds:
            self._stuns = True  # (a host staying closed is kept closed as a stunned card is)
        self._shapers = "become" in kinds or "attach" in kinds
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
        self._displacers = (bool(kinds & {"push", "teleport", "dash", "leap", "relocate", "shift", "pounce",
                                          "swap"})
                            or bool(trig["host_fury"]))
        """Some card moves other cards (or itself) out of turn: players' plans may go stale."""
        self._roots = "root" in kinds
        self._hauling = "hauled" in kinds
        """Some card is a war machine moved by closing a creature next to it (``hauled``)."""
        self._any_tiered = any(tiered)
        self._x_trig = any(trig.values())
        self._tracking = bool(self._board_units) or self._steppers or steps or bool(trig["dash_onward"])
        self._tiers_now = (-1, -1)
        self._strike_tier = -1
        self.next_face = [0, 0]
        """Per seat: the face its next die roll this turn shows (``next_roll``; 0: none)."""
        self.unit_face = [0] * self.n
        """Per unit: the face its own next die roll shows (``next_roll`` [N] aimed at a card; 0: none);
        replaced, never changed in place."""
        self.unit_plus = [0] * self.n
        """Per unit: the bonus its own next die roll gets (``roll_bonus``; 0: none); replaced, never
        changed in place."""
        self._furies = bool(trig["fury"])
        self._forcing = "next_roll" in kinds or "roll_bonus" in kinds
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
        self._hurt_by = 0
        """The wounds the card being hurt has just taken (while its ``wounded`` triggers fire)."""
        self._context = -1
        """The card the triggers firing now aim at (their ``context``: the struck card of ``strike``)."""
        """The card the triggers firing now are about (``area = "about"``; -1: none)."""
        self._fury_pre = 0
        """The wounds of the card attacked by the current attack before it (``per = "target_wounds"``
        on a fury bonus: the count as the die is rolled)."""
        self._fury_add = 0
        self._edgy = any(ab.vs_position == "max_range" for w in range(n) for ab in facts(self.cards[w]))
        """Some card has an ``attack_bonus`` at the maximum range (:meth:`_edge_bonus`)."""
        self._did_watch = any(ab.when == "squad_did" for w in range(n) for ab in facts(self.cards[w]))
        self._took_watch = any(ab.when == "took_all" for w in range(n) for ab in facts(self.cards[w]))
        self._hurt_watch = any(ab.when == "hurt_many" for w in range(n) for ab in facts(self.cards[w]))
        """Some card counts the enemy cards it wounded this turn (``when = "hurt_many"``)."""
        """Some card reads the attacks that wounded it this turn (``when = "took_all"``)."""
        """Some card reads the attacks its squad made this turn (``when = "squad_did"``: :meth:`_did`)."""
        self._tasters = [w for w in range(n) if "takes_poison" in _kinds_of(self.key[w])]
        """Units that may take a neighbour's poisoning on themselves (``takes_poison``, 60/77)."""
        self._blasting = "death_blast" in kinds
        """Some card gives ``death_blast`` (its holder wounds every card around it as it dies)."""
        self._step_hurt = "step_wounds" in kinds
        """Some card gives ``step_wounds`` (its holder is wounded as it moves: :meth:`_moved_hurt`)."""
        self._hunting = "hunted" in kinds
        """Some card gives a hunt marker (``hunted``: :meth:`_hunt`, as an attack's wounds are dealt)."""
        self._unhealing = "no_heal" in kinds
        """Some card gives ``no_heal`` (its holders are not healed: :meth:`_sick`)."""
        self._roll_hurt = "roll_wounds" in kinds
        self._roll_watch = bool(self._roll_hurt or trig["squad_rolls"])
        """Some card acts on die rolls (``roll_wounds``, trigger ``squad_rolls``)."""
        self._event_die = 0
        self._redirectors = [u for u in responders if "redirect" in _kinds_of(self.key[u])]
        """Units with a ``redirect`` response (their order: the unit order)."""

    # ------------------------------------------------------------------ standing facts on the board

    def _heal_more(self, v: int, x: int) -> int:
        """``heal_bonus``: what ``v``, about to heal ``x`` (> 0), heals more — the facts of the cards of
        its squad in play, its terrain included, each once per turn per creature with
        ``once_per_card`` (30/71 Эленьямен)."""
        if x <= 0 or not self.creature[v]:
            return 0
        seat = self.seat[v]
        more = 0
        for w in (*self.units[seat], *self.lands[seat]):
            if not self.alive[w]:
                continue
            ab = self._has(w, "heal_bonus")
            if ab is None or not ab.damage:
                continue
            if ab.once_per_card:
                key = (w, -5000 - v)
                if key in self.uses_turn:
                    continue
                self.uses_turn[key] = 1
            more += ab.damage[0]
        return more

    def _streak_after(self, u: int, v: int, hit: bool) -> None:
        """``u``'s simple strike as the attacker at ``v`` hit or missed: its run of hits on one card
        goes on, starts again at ``v``, or ends with a miss (``per = "streak"``: 30/18)."""
        on, n = self.streak[u]
        self.streak = list(self.streak)
        self.streak[u] = ((v, n + 1 if on == v else 1) if hit else (-1, 0))

    def _has(self, u: int, kind: str) -> Ability | None:
        """The unit's standing fact of ``kind`` (its current variant), if any."""
        for ab in facts(self.cards[u]):
            if ab.kind == kind and ab.cost == "passive" and not (ab.formation or ab.when or ab.self_state
                                                                  or ab.extra or ab.seat):
                return ab
        return None

    def _edge_bonus(self, u: int, sl, v: int) -> int:
        """The ``attack_bonus`` facts ``u`` holds (its own or an aura's) with ``vs_position =
        "max_range"`` that apply to its attack ``sl`` on ``v``: an ability with a ``range``, used from
        a square at a card on a square exactly that range away (60/78 Меткий стрелок's +1, 60/184
        Пепельный дракон's −1 on every card's ranged attacks)."""
        rng, pu, pv = sl.range, self.pos[u], self.pos[v]
        if rng is None or pu < 0 or pv < 0 or CHEBYSHEV[pu][pv] != rng:
            return 0
        kind = sl.ability.kind
        return sum(ab.damage[0] for ab in facts(self.cards[u])
                   if ab.kind == "attack_bonus" and ab.vs_position == "max_range" and ab.cost == "passive"
                   and ab.damage and covers(ab, kind))

    def _hunt(self, v: int, source: int, kind: str | None) -> None:
        """``hunted``: ``v``, holding a hunt marker, took wounds from an attack of the flying creature
        ``source``: it takes the marker's n more and loses it (60/42 Альфин)."""
        if not self.alive[v] or self.kind[source] != FLYER or (kind != "simple" and kind not in ATTACKS):
            return
        mark = self._has(v, "hunted")
        if mark is None or not mark.damage:
            return
        self.grants[v] = tuple(x for x in self.grants[v] if x[0].kind != "hunted")
        self._grant_ver += 1
        self._situate()
        self.wounds[v] += mark.damage[0]
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "wound", "u": v, "by": mark.damage[0], "by_what": "hunted"})

    def _moved_hurt(self, u: int) -> None:
        """``step_wounds``: ``u``, holding it, has just moved: it takes its n wounds (60/25, 60/160)."""
        ab = self._has(u, "step_wounds")
        if ab is None or not ab.damage or not self.alive[u] or self.over:
            return
        self.wounds[u] += ab.damage[0]
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "wound", "u": u, "by": ab.damage[0], "by_what": "step_wounds"})
        if self.wounds[u] >= self.life[u]:
            self._settle([u])

    def _taste(self, v: int, amount: int) -> bool:
        """``takes_poison``: creature ``v`` is to receive poisoning ``amount``; a card with that fact
        standing next to it may take it instead — ``v`` gains protection from poison for the battle and
        the card gets the poisoning ("вместо этого оно может получить {zoo}, а Дегустатор — отравление
        на Х (1 раз за бой)", 60/77 Дегустатор); its player decides (``Player.accept``). Whether one did."""
        pv = self.pos[v]
        for w in self._tasters:
            pw = self.pos[w]
            if w == v or not self.alive[w] or pw < 0 or pv < 0 or not NEAR[pw][pv] or not self.creature[w]:
                continue
            for index, ab in enumerate(facts(self.cards[w])):
                if ab.kind != "takes_poison" or ab.cost != "passive":
                    continue
                if (ab.uses_per_turn or ab.uses_per_battle) and not self._allowed(w, index, ab):
                    continue
                if not self.players[self.seat[w]].accept(self, w, index, v):
                    continue
                if ab.uses_per_turn or ab.uses_per_battle:
                    self._count_use(w, index)
                shield = Ability("protection", applies_to=("poison",), cost="trigger", lasts="battle")
                self._give(w, v, shield)
                if not self.ghost[w]:
                    self.poison[w] = max(self.poison[w], amount)
                return True
        return False

    def _sick(self, v: int) -> bool:
        """``no_heal`` ("незаживающие раны": "не может излечиваться и получать дополнительные {health}"):
        ``v`` now holds it — no heal, regeneration, vampirism, carrion-eating healing or extra life."""
        return self._unhealing and self._has(v, "no_heal") is not None

    def _ally_gained(self, v: int) -> None:
        """``ally_gets_extra_life``: creature ``v`` gained additional life; the watchers of its squad
        other than itself fire, about it ("когда ваше другое существо получает дополнительные
        {health}", 60/102 Бабр)."""
        for w in self._trig["ally_gets_extra_life"]:
            if w != v and self.seat[w] == self.seat[v] and self.alive[w] and not self.over:
                self._fire(w, "ally_gets_extra_life", -1, v)

    def _strike_ok(self, u: int, v: int) -> bool:
        """``strike_limit``: whether ``u``'s simple strike may be declared at ``v`` (its position to
        ``u``: "только на карту напротив", 60/79; "только по диагонали", 60/95)."""
        ab = self._has(u, "strike_limit")
        if ab is None:
            return True
        if ab.vs_position is None:
            return False  # ("Строй: не может нападать {strike}": none at all while it holds, 30/61)
        return self._position(u, v, ab.vs_position)

    def _defended_open(self, u: int) -> bool:
        """A ``stays_open`` with ``when = "defended"``: after a strike a defender took (50/17)."""
        return any(ab.kind == "stays_open" and ab.cost == "passive" and ab.when == "defended"
                   for ab in facts(self.cards[u]))

    def _stays_open(self, u: int, fought: bool = True) -> bool:
        """``stays_open``: its attack does not close it (000 2.x, Baraka: it does not act again);
        ``vs_state = "open"``: only after a simple strike the card struck parried open, an exchange of
        strikes (``fought``: "после размена {strike}", 30/185 Колосс)."""
        ab = self._has(u, "stays_open")
        if ab is None:
            return False
        if ab.vs_state == "open" and not fought:
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
                context = self._about  # (a trigger about a card with no context: the dead ally, 30/124)
            if context < 0:
                return []
            pool = [w for w in self._neighbours(context) if w != u] if self.alive[context] else (
                self._around(self.died_at[context], context))
        elif ab.area == "behind_target":  # (behind the card the ability before it aimed at: 30/52)
            pool = []
            if context >= 0 and self.pos[context] >= 0:
                sq = self.pos[context] - COLS * (1 if self.seat[context] == 0 else -1)
                if 0 <= sq < ROWS * COLS:
                    for w in (self.board[sq], self.share[sq]):
                        if w >= 0:
                            pool.append(w)
                            if self.rider[w] >= 0:
                                pool.append(self.rider[w])
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
        elif ab.area == "former_formation":  # (in formation with it on the square it just left, 60/10)
            q = self._moved_from
            pool = [w for w in (self.board[s] for s in ADJ4[q]) if w >= 0 and w != u and self._frm[w]
                    and self.seat[w] == self.seat[u]] if q >= 0 and self._frm[u] else []
        elif ab.area == "source":  # (the card that set the trigger off: the killer of ``ally_dies`` …)
            pool = [context] if context >= 0 and self.alive[context] else []
        elif ab.area == "rider":  # (the companion or parasite riding the card it aims at: 30/108 Тинник)
            x = context if context >= 0 else self._about
            r = self.rider[x] if x >= 0 else -1
            pool = [r] if r >= 0 and self.alive[r] else []
        elif ab.area == "jumped":  # (the cards on the squares it jumped over in a straight line: 30/95)
            pool = []
            frm, to = self._jump_from, self.pos[u]
            if frm >= 0 and to >= 0:
                dr, dc = to // COLS - frm // COLS, to % COLS - frm % COLS
                n = max(abs(dr), abs(dc))
                if n > 1 and (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
                    for k in range(1, n):
                        w = self.board[frm + (dr // n) * k * COLS + (dc // n) * k]
                        if w >= 0:
                            pool.append(w)
        elif ab.area == "host":  # (the creature this companion or parasite rides)
            h = self.host[u]
            pool = [h] if h >= 0 and self.alive[u] and self.alive[h] else []
        elif ab.area == "beside":  # next to it, but not the card the trigger is about (60/185)
            pool = [w for w in self._neighbours(u) if w != context]
        elif ab.area in ("left", "right", "opposite", "behind"):
            pool = self._toward(u, ab.area)
        elif ab.area in ("row", "column", "lines"):
            pool = self._in_lines(u, ab.area)
        elif ab.area == "kin_between":  # (between it and another card of its name in its line, 60/61)
            pool = self._kin_between(u)
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
            if (not self.alive[w] and not (ab.kind == "claim_incarnation" and ab.area == "about")) \
                    or self.kind[w] == 5:  # never a terrain (a dead creature only to claim: 30/178)
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

    def _cross_hits(self, sq: int) -> list[int]:
        """The revealed cards on the battlefield in the row and in the column of square ``sq`` (its
        own cards counted in both: twice), with the cards sharing a square and the riders."""
        r, c = divmod(sq, COLS)
        out: list[int] = []
        for t in range(SQUARES):
            times = (t // COLS == r) + (t % COLS == c)
            if not times:
                continue
            for x in (self.board[t], self.share[t]):
                for y in ((x, self.rider[x]) if x >= 0 else ()):
                    if y >= 0 and self.alive[y] and not self.hidden[y]:
                        out.extend([y] * times)
        return out

    def _cross(self, u: int, sl) -> None:
        """``area = "cross"`` on a wounding action (60/34 Эр-Мариб, "огненные лучи"): its player picks a
        square (``Player.choose_square`` with ``"cross"``); every revealed card in that row takes the
        action's wounds, and every one in that column (the crossing's cards twice); if that destroyed
        a card on the crossing, every revealed card in that row and column takes them once more."""
        ab = sl.ability
        sq = self.players[self.seat[u]].choose_square(self, u, "cross", list(range(SQUARES)))
        if not 0 <= sq < SQUARES:
            raise IllegalAction(f"square {sq} is not a battlefield square")
        crossing = [x for x in (self.board[sq], self.share[sq]) if x >= 0]
        for wave in (0, 1):
            hits = self._cross_hits(sq)
            if wave:
                hits = sorted(set(hits))
            struck = sorted(set(hits))
            for y in hits:
                if self.alive[y]:
                    dealt = wounds_after(ab.damage[0] if ab.damage else 1, ab.kind, self.cards[y],
                                         self.cards[u], 0, self.seat[y])[0]
                    self.wounds[y] += dealt
                    if dealt:
                        self._quiet_from = self.turn + 1
                        if ab.kind in MAGICAL:
                            self.hexed[y] = self.turn
            if self.log is not None:
                self._emit({"e": "ability", "u": u, "i": sl.index, "kind": ab.kind, "targets": struck,
                            "dice": [], "wounds": [0] * len(struck), "closes": False, "square": sq})
            if any(self.wounds[y] >= self.life[y] for y in struck if self.alive[y]):
                self._settle(struck, u, None, ab.kind)
            if wave or self.over or not any(not self.alive[x] for x in crossing):
                break

    def _kin_between(self, u: int) -> list[int]:
        """The cards on the squares strictly between ``u`` and another card of its name of its squad
        standing in its row or column (60/61 Элементаль молний: "выберите другого Элементаля молний,
        который стоит в одном ряду или столбце с этим; ранить все стоящие между ними карты"); of
        several such cards, the one whose line holds the most enemy cards less its own side's."""
        p = self.pos[u]
        if p < 0:
            return []
        name, me = self.cards[u].name, self.seat[u]
        best: list[int] = []
        score = -99
        for w in self.units[me]:
            q = self.pos[w]
            if w == u or not self.alive[w] or q < 0 or self.cards[w].name != name or q == p:
                continue
            dr, dc = q // COLS - p // COLS, q % COLS - p % COLS
            if dr and dc:
                continue  # (not in its row or column)
            n = max(abs(dr), abs(dc))
            step = (dr // n) * COLS + dc // n
            out = []
            for k in range(1, n):
                sq = p + k * step
                for x in (self.board[sq], self.share[sq]):
                    if x >= 0 and x != u and x != w:
                        out.append(x)
                        if self.rider[x] >= 0:
                            out.append(self.rider[x])
            s = sum(1 if self.seat[x] != me else -1 for x in out)
            if s > score:
                best, score = out, s
        return best

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
        swap = self._has(u, "jump_swap") if self._jump_swaps and jump is not None else None
        if swap is not None and self.walk[u][0] == 0 and jump is not None and jump.damage:
            out.extend(self._swap_jumps(u, swap, jump))
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
        if self._gateways and self.moves[u] > 0:
            for sq in self._gateway_squares(u):
                if sq not in out:
                    out.append(sq)
        if self._has(u, "wraps") is not None and self.moves[u] > 0:
            c = p % COLS
            if c in (0, COLS - 1):
                other = p - c + (COLS - 1 - c)
                if board[other] < 0 and other not in out:
                    out.append(other)
        return out

    def _swap_jumps(self, u: int, swap: Ability, jump: Ability) -> list[int]:
        """``jump_swap``: the squares within ``u``'s jump of the ground creatures of its squad of the
        ``classes`` given (none sharing a square) that it may jump onto, swapping (30/172 Душегуб)."""
        p = self.pos[u]
        mask = WITHIN[min(self._jump_reach(u, jump), 5)][p]
        out = []
        for w in self.units[self.seat[u]]:
            q = self.pos[w]
            if (w != u and self.alive[w] and self.creature[w] and self.kind[w] == GROUND and q >= 0
                    and mask >> q & 1 and self.share[q] < 0 and self.host[w] < 0
                    and (not swap.classes or set(swap.classes) & set(self.cards[w].classes))):
                out.append(q)
        return out

    def _jump_swap(self, u: int, to: int) -> None:
        """``u`` jumps onto square ``to`` of a creature of its squad, the two swapping squares (a jump:
        all its movement is spent, it stays open); then its ``swaps`` abilities (30/172)."""
        frm = self.pos[u]
        self._swap(u, u, self.board[to])
        self.moves[u] = 0
        if self._tracking:
            self._after_step(u, frm, to)  # (it moved this turn: no jump again)
        if self._variable and not self.over:
            self._situate()
        if u in self._trig["swaps"] and self.alive[u] and not self.over:
            self._fire(u, "swaps")

    def _dash(self, u: int) -> None:
        """``dash`` (Рывок; the reminder text of 30/19): after its attack the ground creature ``u`` may
        move to a free square orthogonally next to it (diagonally too while it holds a ``diagonal``),
        once per turn, its player's choice
        (``Player.relocate``; -1 stays); rooted, it does not. Then its ``dash`` trigger."""
        p = self.pos[u]
        if (not self.alive[u] or p < 0 or self.kind[u] != GROUND or self.dashed[u] == self.turn
                or self.over or (self._roots and self._rooted(u)) or self._has(u, "dash") is None):
            return
        board = self.board
        # (a one-square move: diagonally too while it may move so, "может двигаться и совершать рывок по
        # диагонали, пока имеет дополнительные {health}", 50/91 Бер)
        near = ADJ8[p] if self._has(u, "diagonal") is not None else ADJ4[p]
        squares = [s for s in near if board[s] < 0]
        mates = []  # ``dash_swap``: "вместо рывка может поменяться местами с вашим стоящим рядом существом"
        if self._has(u, "dash_swap") is not None:
            mates = [s for s in ADJ8[p] if board[s] >= 0 and self.seat[board[s]] == self.seat[u]
                     and self.creature[board[s]] and self.kind[board[s]] == GROUND and self.share[s] < 0]
        if not squares and not mates:
            return
        to = self.players[self.seat[u]].relocate(self, u, "dash", squares + mates)
        if to < 0:
            return
        if to not in squares and to not in mates:
            raise IllegalAction(f"unit {u} cannot dash to square {to}")
        self.dashed[u] = self.turn
        if to in mates:  # (a swap instead of the dash: no dash triggers, 30/97 Таликс)
            self._swap(u, u, board[to])
            if self._variable and not self.over:
                self._situate()
            return
        self._put(u, p, to)
        self._moving(p, to)  # (its partners in formation there: "в том же направлении", 60/10)
        if self._variable and not self.over:
            self._situate()  # (its ``when`` conditions read the square it has just dashed onto: 60/6)
        if u in self._trig["dash"] and self.alive[u] and not self.over:
            saved, self._vacated = self._vacated, p
            self._fire(u, "dash")
            self._vacated = saved
        if u in self._trig["dash_onward"] and self.alive[u] and not self.over \
                and self._dashed_onward(u, p, to):
            self._fire(u, "dash_onward")
        for w in list(self._trig["squad_dash"]):  # "при рывке вашего существа …" (50/26)
            if self.seat[w] == self.seat[u] and self.alive[w] and self.alive[u] and not self.over:
                self._fire(w, "squad_dash", u, u)

    def _dashed_onward(self, u: int, frm: int, to: int) -> bool:
        """Whether ``u``'s move from ``frm`` to ``to`` goes the way it stepped this turn ("при рывке, если
        переместились в направлении, в котором передвигались в этот ход", 50/31)."""
        walk = self.walk[u]
        d = to - frm
        index = 1 if d == COLS else 2 if d == -COLS else 3 if d == -1 else 4 if d == 1 else 0
        return index > 0 and walk[index] > 0

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

    def _gateway_squares(self, u: int) -> list[int]:
        """``gateway``: the free squares next to a card of ``u``'s squad with one whose ``vs_*`` ``u``
        meets — it may step onto them as onto adjacent squares, one movement point (30/57 Буровая
        установка: "ваши горные существа могут передвигаться на клетки рядом с … как на соседние")."""
        out: list[int] = []
        p = self.pos[u]
        for w in self.units[self.seat[u]]:
            q = self.pos[w]
            if w == u or not self.alive[w] or q < 0:
                continue
            ab = self._has(w, "gateway")
            if ab is None or not matches(ab, self.cards[u]):
                continue
            out.extend(sq for sq in ADJ8[q] if self.board[sq] < 0 and sq != p and sq not in out)
        return out

    def _gateway_near(self, u: int, sq: int) -> bool:
        """Whether square ``sq`` is next to a card of ``u``'s squad whose ``gateway`` serves ``u``."""
        for w in self.units[self.seat[u]]:
            q = self.pos[w]
            if w != u and self.alive[w] and q >= 0 and NEAR[q][sq]:
                ab = self._has(w, "gateway")
                if ab is not None and matches(ab, self.cards[u]):
                    return True
        return False

    def _is_jump(self, u: int, frm: int, to: int) -> bool:
        if self.share[to] == u:
            return False  # a ``far_step`` onto a creature's square, not a jump
        if self._gateways and self._gateway_near(u, to):
            return False  # a step by a ``gateway`` (30/57)
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
                self._squad_redirect(v, w)
            return w
        return v

    def _blocked(self, u: int, v: int, kind: str, power: int = -1) -> bool:
        """Whether ``v`` blocks an attack of ``kind`` by ``u`` (``block``; 000 2.7), or a card of its
        squad answers that attack, of the fixed value ``power`` (-1: none), with a ``block_attack``."""
        if power >= 0 and self._attack_blockers and self.seat[u] != self.seat[v] and self._block_answer(
                u, v, kind, power):
            return True
        if self._squad_blocks and self._squad_blocked(u, v, kind):
            return True  # (a ``block`` with ``area = "squad"`` of a card of its squad: 30/40 Мастер ветра)
        for index, ab in enumerate(facts(self.cards[v])):
            if ab.kind != "block" or ab.cost != "passive" or not covers(ab, kind):
                continue
            if ab.formation or ab.when or ab.self_state:
                continue
            if ab.vs_state == "livelier" and self.life[u] - self.wounds[u] <= self.life[v] - self.wounds[v]:
                continue  # (only attacks of cards with more life left: 30/23 Джинн Дзара)
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

    def _block_answer(self, u: int, v: int, kind: str, power: int) -> bool:
        """A sudden ``block_attack`` of ``v``'s squad answers ``u``'s attack of ``kind`` and fixed value
        ``power`` on ``v``: the first open card whose fact covers it and whose player takes it (it pays:
        it closes, its counters) blocks it (000 2.7)."""
        seat = self.seat[v]
        for w in self._attack_blockers:
            if self.seat[w] != seat or not self.alive[w] or not self.open[w]:
                continue
            for index, ab in enumerate(facts(self.cards[w])):
                if ab.kind != "block_attack" or not ab.damage or ab.damage[0] != power \
                        or (ab.applies_to and not covers(ab, kind)):
                    continue
                if (ab.uses_per_turn or ab.uses_per_battle) and not self._allowed(w, index, ab):
                    continue
                if self.counters[w] < (ab.counters if ab.cost == "counter_tap" else 0):
                    continue
                if not self.players[seat].accept(self, w, index, u):
                    continue
                self.open[w] = False
                if ab.cost == "counter_tap":
                    self.counters[w] -= ab.counters
                if ab.uses_per_turn or ab.uses_per_battle:
                    self._count_use(w, index)
                if self.log is not None:
                    self._emit({"e": "block", "u": v, "by": u, "kind": kind, "via": w})
                return True
        return False

    def _squad_blocked(self, u: int, v: int, kind: str) -> bool:
        """A ``block`` with ``area = "squad"`` of a card of ``v``'s squad: the attacks of its ``from``
        kinds on the cards of its squad are counted (``when`` holding), the ``nth`` of the turn blocked."""
        for w in (*self.units[self.seat[v]], *self.lands[self.seat[v]]):
            if not self.alive[w]:
                continue
            for index, ab in enumerate(facts(self.cards[w])):
                if ab.kind != "block" or ab.area != "squad" or not covers(ab, kind):
                    continue
                if ab.when == "enemy_turn" and self.active == self.seat[w]:
                    continue
                if ab.when == "own_turn" and self.active != self.seat[w]:
                    continue
                key = (w, -7000 - index)
                seen = self.uses_turn.get(key, 0) + 1
                self.uses_turn[key] = seen
                if ab.nth and seen != ab.nth:
                    continue
                if self.log is not None:
                    self._emit({"e": "block", "u": v, "by": u, "kind": kind})
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
                if ab.area == "host" and v != w:
                    continue  # ("перенаправить атаку с себя в хозяина": only an attack on itself, 30/169)
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
                    self._squad_redirect(v, w)
                return choice
        return v

    def _redirect_targets(self, w: int, ab: Ability, u: int, v: int) -> list[int]:
        """Where ``w``'s ``redirect`` may send ``u``'s attack on ``v``: itself, an enemy creature, a
        creature in formation with ``v`` (``area = "formation"``) or a card next to ``v`` — alive, on
        the board or in the auxiliary zone, never ``u`` or ``v``."""
        alive, pos = self.alive, self.pos
        if ab.area == "host":  # (onto the creature this rider rides: 30/169 Любимец капитана)
            h = self.host[w]
            out = [h] if h >= 0 and h not in (u, v) and alive[h] else []
        elif ab.target == "self":
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
            if self._trig["squad_fury"] and not self.over:
                self._squad_raged(u, target)
            c = self.rider[u]
            if c >= 0 and self.alive[c] and not self.over and triggered(self.key[c], "host_fury"):
                self._fire(c, "host_fury", target)

    def _squad_raged(self, u: int, target: int) -> None:
        """A fury of ``u`` fired: one more for its squad this turn; the ``squad_fury`` abilities of its
        squad whose ``count`` is that number fire ("когда бешенство ваших существ срабатывает третий раз
        за ход", 50/13 Орк-старейшина; about ``u``, aimed at the attacked card)."""
        i = 2 * self.seat[u]
        raged = list(self.raged)
        raged[i + 1] = raged[i + 1] + 1 if raged[i] == self.turn else 1
        raged[i] = self.turn
        self.raged = raged
        saved, self._fury_nth = self._fury_nth, raged[i + 1]
        for w in self._trig["squad_fury"]:
            if self.seat[w] == self.seat[u] and self.alive[w] and not self.over:
                self._fire(w, "squad_fury", target, u)
        self._fury_nth = saved

    def _forced_roll(self, u: int, die: int) -> int:
        """``die`` rolled by card ``u``, or the face a ``next_roll`` set for it (its own, else its
        squad's next roll this turn; used up), raised by a ``roll_bonus`` it holds (used up; the
        face at most 6, 000 2.14)."""
        face = self.unit_face[u]
        if face:
            self.unit_face = list(self.unit_face)
            self.unit_face[u] = 0
        else:
            face = self._forced(self.seat[u], die)
        plus = self.unit_plus[u]
        if plus:
            self.unit_plus = list(self.unit_plus)
            self.unit_plus[u] = 0
            face = min(6, face + plus)
        return face

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
        for w in (*self.units[enemy], *self.units[1 - enemy]):
            for ab in facts(self.cards[w]):
                if self.seat[w] != enemy and (ab.target != "any" or w == u):
                    continue  # (a taunt of its own squad binds it only with ``target = "any"``: 30/190)
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

    def _ignores_taunt(self, u: int, kind: str) -> bool:
        """``ignore_taunt``: enemy taunts do not bind ``u``'s attacks of ``kind`` (30/11)."""
        ab = self._has(u, "ignore_taunt")
        return ab is not None and covers(ab, kind)

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
        kept = [v for v in kept if self.seat[v] != me]  # (bound by a taunt of its own squad: no enemy target)
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
        if kind == "finishing":  # (``area = "near_target"`` on a ``then``: "как стоящей рядом", 50/159)
            return self._finish_off(u, v, max(0, self._amount_for(u, ab, v)
                                              + attack_bonus(self.cards[u], "finishing", self.seat[u],
                                                           self.cards[v])),
                                    ab.area == "near_target")
        if kind == "fight":  # a simple strike as at an open card, without closing (data/README.md)
            if self.seat[v] == self.seat[u] and "source" in ab.foes:  # (the card the trigger aims at:
                x = self._context                                   # its attacker, 60/134 Дракончик)
                if x >= 0 and self._fights_source(v, x):
                    self._ambush(v, x, "fight")
            elif self.seat[v] == self.seat[u]:  # its own creature fights a foe next to it (50/28, 50/172)
                if ab.trigger == "squad_approached":  # (the enemy that stepped next to it: 30/76)
                    x = self._context
                    if x >= 0 and x in self._fight_foes(v):
                        self._ambush(v, x, "fight")
                    return 0
                about = self._about if self._about >= 0 else self._context
                self._fight(v, "artifact" in ab.foes, about if ab.area == "beyond" else -1)
            elif self.alive[u] and self.alive[v] and self.creature[v] and self.has_strike[u] \
                    and self.pos[u] >= 0 and self.pos[v] >= 0 \
                    and (ab.may or self.players[self.seat[u]].accept(self, u, sl.index, v)):
                self._ambush(u, v, "fight")  # (it fights the target: 50/101, 60/14, 60/220; a ``may``
                #                              fact was accepted before its price was paid)
            return 0
        if kind == "extra_life":
            if self.creature[v] and self.kind[v] != ARTIFACT and not self._sick(v):
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
                    if self._trig["ally_gets_extra_life"] and not self.over:
                        self._ally_gained(v)
            return 0
        if kind == "move_wounds":
            return self._move_wounds(u, sl, v)
        if kind == "concentrate":  # its concentration fires now (60/22 Аль-Джамия)
            if self.creature[v]:
                self._concentrates(v)
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
        if kind == "darken":  # ("существо становится тёмным": 30/191, 30/177)
            if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                                  self.seat[v]):
                return 0  # 000 2.8
            self._darken(v)
            return 0
        if kind == "trap":  # (for the next enemy creature that acts: 30/78 Ловчий)
            enemy = 1 - self.seat[u]
            self.traps = list(self.traps)
            laid = (u, ab.damage[0] if ab.damage else 0, ab.via or "effect")
            self.traps[enemy] = (*self.traps[enemy], laid)
            self._trapped = True
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
            return self._push(u, v, ab.damage[0] if ab.damage else 0, ab.onto == "forward")
        if kind == "attach":
            self._ride(u, v, ab)
            return 0
        if kind == "swap":
            if ab.targets < 2 and not ab.every:  # (the card itself with its target; two: AbilityUse._resolve)
                self._swap(u, u, v, ab)
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
        elif per == "about_weak":  # (the weak strike of the card it is about: 30/29, 30/164, 50/34, 60/94)
            x = self._about if self._about >= 0 else self._context
            strike = PROFILES[self.key[x]].strike if x >= 0 else None
            q = strike[0] if strike else 0
        elif per == "about_regen":  # (the regeneration of the card the trigger is about: 30/124)
            x = self._about if self._about >= 0 else self._context
            q = self.cards[x].keyword("regeneration") if x >= 0 else 0
        elif per == "target_poison":  # (its poisoning: 30/132; on poison "+1 …", 60/114, 60/130)
            q = self.poison[v]
        elif per == "dealt":  # (the wounds the ability before it dealt: 30/149 Проглот)
            q = self._dealt
        elif per == "shape_own":  # (its own cards on the squares hit: 30/103 Гурр-шаман)
            q = self._shape_own
        elif per == "about_extra_life":  # (the card the trigger is about: its life above the printed one)
            x = self._about
            q = max(0, self.life[x] - (self.cards[x].life or 0)) if x >= 0 else 0
        elif per == "target_armor":  # ("{armor} 1 или +1 {armor}": the armor it has now, 30/42)
            q = self.armor[v]
        elif per == "target_move":  # ("где Х его {move}": the movement it has now)
            q = self.move_points[v] if self.creature[v] else 0
        elif per == "excess":  # ("избыточный урон" of the kill that set off the trigger)
            q = self._excess
        elif per == "wounds_taken":  # (the wounds that set off a ``wounded`` trigger: 50/121)
            q = self._hurt_by
        elif per == "about_row":  # (the row of the enemy half it stands in, 1-3: 50/20 Харседан)
            about = self._about
            rows = half_rows(1 - self.seat[u])
            p = self.pos[about] if about >= 0 and self.alive[about] else -1
            q = rows.index(p // COLS) + 1 if p >= 0 and p // COLS in rows else 0
        elif per == "target_poison":  # (its poisoning now: "+1 к отравлению (максимум до 3)", 50/134)
            q = self.poison[v]
        elif per == "column_free":  # (the free squares of its target's column: 50/35 Медный дракон)
            pv = self.pos[v]
            q = 0 if pv < 0 else sum(1 for sq in range(pv % COLS, ROWS * COLS, COLS) if self.board[sq] < 0)
        elif per == "heading_steps":  # (its steps this turn in the direction of its last one, 60/163)
            walk, d = self.walk[u], self._last_step
            q = (walk[1] if d == COLS else walk[2] if d == -COLS else walk[4] if d == 1
                 else walk[3] if d == -1 else 0)
        elif per == "trick_wounds":  # (the wounds of the dirty trick that set off ``dirty_tricked``)
            q = self._tricked
        elif per == "own_poison":  # ("отравление на Х, где Х — величина отравления …", 60/114)
            q = self.poison[u]
        else:
            q = self._quantity(u, per)
        x = max(0, q + ab.plus)  # (a negative ``plus``: "X−2", never below 0)
        x = min(x, ab.per_max) if ab.per_max else x
        return -x if ab.negative else x  # (``negative``: "−X")

    def _per_wounds(self, u: int, sl, v: int) -> int:
        """Wounds of an attack or wounding action whose amount is a ``per`` quantity (no die)."""
        ab = sl.ability
        power = max(0, self._amount_for(u, ab, v) + attack_bonus(self.cards[u], ab.kind, self.seat[u],
                                                                 self.cards[v])
                    + (self._edge_bonus(u, sl, v) if self._edgy else 0))
        armor = self.armor_left[v] if ab.kind in ("shot", "throw", "strike_through_row",
                                                  "special_strike") else 0
        wounds, used = wounds_after(power, ab.kind, self.cards[v], self.cards[u], armor, self.seat[v])
        self.armor_left[v] -= used
        self.wounds[v] += wounds
        if wounds:
            self._quiet_from = self.turn + 1
        return wounds

    def _finish_off(self, u: int, v: int, x: int, anywhere: bool = False) -> int:
        """Finishing off at X (000 glossary): the creature dies if it has X or less life left (next to
        ``u``, unless ``anywhere``: "как стоящей рядом")."""
        if not self.creature[v] or self.kind[v] == COMPANION or self.cards[v].has("incorporeal"):
            return 0
        pu, pv = self.pos[u], self.pos[v]
        if not anywhere and not (pu == AUX or pv == AUX or (pu >= 0 and pv >= 0 and NEAR[pu][pv])):
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
        if ab.self_too:  # (its own wounds: "перераспределить все раны с себя на хозяина", 60/112, 60/76)
            best, most = (u, self.wounds[u]) if self.alive[u] and self.wounds[u] and v != u else (-1, 0)
        for w in self.units[me] if not ab.self_too else ():
            if w == v or not self.creature[w] or not self.wounds[w]:
                continue
            if rng is not None and self.pos[u] >= 0 and self.pos[w] >= 0 and not (
                    WITHIN[min(rng, 5)][self.pos[u]] >> self.pos[w] & 1):
                continue
            if self.wounds[w] > most:
                best, most = w, self.wounds[w]
        if best < 0:
            return 0
        n = min(self._amount_for(u, ab, v) if ab.per else ab.damage[0], most)
        if n <= 0:
            return 0
        if ab.via and protected(self.cards[v], ab.via, self.cards[u], self.seat[v]) and self.seat[v] != me:
            return 0
        self.wounds[best] -= n
        self.wounds[v] += n
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "heal", "u": best, "by": n, "by_what": "move_wounds"})
        return n

    def _push(self, u: int, v: int, damage: int, forward: bool = False) -> int:
        """``push``: ``v`` moves one square further from ``u`` along their line (``forward``: one
        square ahead of it, as its owner sees the board — 30/109), or takes ``damage``."""
        pu, pv = self.pos[u], self.pos[v]
        if pu >= 0 and pv >= 0 and self.kind[v] == GROUND and self.host[v] < 0:
            dr, dc = pv // COLS - pu // COLS, pv % COLS - pu % COLS
            if forward:
                dr, dc = (1 if self.seat[v] == 0 else -1), 0
            elif dr == 0 or dc == 0 or abs(dr) == abs(dc):
                # one square on along the line (a card pushed once already stands two squares away:
                # 60/73 Хребтолом's second push goes on in the same direction)
                dr, dc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
            r, c = pv // COLS + dr, pv % COLS + dc
            if 0 <= r < ROWS and 0 <= c < COLS and self.board[r * COLS + c] < 0:
                to = r * COLS + c
                self._place_on(v, pv, to)
                if self._markers and self.marks[to]:
                    self._entered(v, to)  # (a marker on the square it is pushed onto)
                if v != u and not self.over:
                    self._moved_by(u, v)  # (``displaced``: 60/108; ``squad_moves_enemy``: 30/107)
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
        if v != u and not self.over:
            self._moved_by(u, v)  # (``displaced``: 60/108; ``squad_moves_enemy``: 30/107)

    def _rehost(self, u: int, reach: int | None = None) -> None:
        """A companion moves onto another creature of its squad next to its host, or within
        ``reach`` of it ("поместить на ваше существо, дальность 2"; its player picks it,
        ``Player.attach``; keeping its host is a choice too); then its ``rehosted`` abilities. A
        parasite moves onto another creature of its host's squad ("может стать паразитом этого
        существа", 50/21). Sets ``_shaped`` when it moved (the ``then`` abilities follow only then)."""
        self._shaped = False
        h = self.host[u]
        if h < 0 or self.pos[h] < 0:
            return
        ph = self.pos[h]
        hosts = [w for w in self.units[self.seat[h]] if w != h and self.kind[w] == GROUND and self.alive[w]
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
        self._shaped = True
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

    def _strike_only(self, u: int) -> bool:
        """Whether ``u`` holds a second simple strike this turn and may do nothing else
        (``strike_again`` / ``strikes_twice``: it stays open for that strike only)."""
        return self.again[u] == self.turn or (self._doublers and self.twice[u] == self.turn)

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
                 and (self.hidden[w] or meets(sl, self.key[w]))
                 and (ab.area != "about" or w == self._about)]  # ("только по этому существу", 60/94)
        if not cands:
            return -1
        x = ab.damage[0]
        v = self.players[me].dirty_trick(self, u, x, list(cands))
        if v < 0:
            return -1
        if v not in cands:
            raise IllegalAction(f"unit {u}: {v} is not one of its dirty trick's targets {cands}")
        self.wounds[v] += x
        self._tricked = x
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "ability", "u": u, "i": index, "kind": ab.kind, "targets": [v],
                        "dice": [], "wounds": [x], "closes": False})
        if self.wounds[v] >= self.life[v]:
            self._settle((v,), u)
        if self.alive[v] and not self.over and v in self._trig["dirty_tricked"]:
            self._fire(v, "dirty_tricked", u, u)  # (about the trickster: "только по этому существу", 60/94)
        return v

    def _heal_jump(self, v: int, x: int) -> bool:
        """``heal_to_jump``: ``v``, about to heal by ``x``, may instead jump now onto a free square
        within range ``x`` (its player's choice, ``Player.relocate`` with ``"leap"``; -1: it heals).
        True if it jumped — then it does not heal (30/72 Глоа: "если должен излечиться на X вместо
        этого может объявить прыжок, дальность X")."""
        if x <= 0 or self._has(v, "heal_to_jump") is None:
            return False
        p = self.pos[v]
        if p < 0 or not self.alive[v] or self.kind[v] != GROUND or self.host[v] >= 0 or self.over \
                or (self._roots and self._rooted(v)):
            return False
        mask = WITHIN[min(x, 5)][p]
        squares = [sq for sq in range(ROWS * COLS) if mask >> sq & 1 and self.board[sq] < 0 and sq != p]
        if not squares:
            return False
        to = self.players[self.seat[v]].relocate(self, v, "leap", squares)
        if to < 0:
            return False
        if to not in squares:
            raise IllegalAction(f"unit {v} cannot jump to square {to}")
        self._put(v, p, to)
        return True

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

    def may_defend(self, v: int) -> bool:
        """Whether ``v`` may be appointed defender: not while it holds a ``no_defend`` (50/199)."""
        return not any(ab.kind == "no_defend" and ab.cost == "passive" for ab in facts(self.cards[v]))

    def parries_closed(self, v: int) -> bool:
        """Whether ``v`` now has a standing ``parries_closed`` (its variant: a formation one holds)."""
        return any(ab.kind == "parries_closed" and ab.cost == "passive" and not ab.formation and not ab.when
                   and not ab.self_state and not ab.extra and not ab.requires for ab in facts(self.cards[v]))

    def bound(self, u: int) -> int:
        """The card ``u`` is bound to by a ``bind`` now (it may act only by a simple strike at it),
        or -1."""
        w = self.bound_by[u]
        if w < 0 or not self.alive[w] or (self.bound_until[u] != -1 and self.bound_until[u] < self.turn):
            w = -1
        if w < 0 and self._stand_binders and self.creature[u]:
            for x in self._stand_binders:  # ("существа противника, стоящие напротив Бретёра, имеют «не может
                #                            действовать, кроме нападения {strike} на Бретёра»", 50/190)
                if self.alive[x] and self.seat[x] != self.seat[u]:
                    ab = self._has(x, "bind")
                    if ab is not None and ab.vs_position and self._position(x, u, ab.vs_position):
                        return x
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
        if v != u and not self.over:
            self._moved_by(u, v)  # (``displaced``: 60/108; ``squad_moves_enemy``: 30/107)

    def _moved_by(self, u: int, v: int) -> None:
        """Card ``u`` has just moved card ``v`` by an ability (a push, pull, shift or relocation): ``v``'s
        ``displaced`` abilities (60/108 Эльф-рекрут) and, ``v`` being an enemy of ``u``, the
        ``squad_moves_enemy`` abilities of ``u``'s squad, its terrain's too (30/107 Статуя скорби)."""
        if v in self._trig["displaced"] and self.alive[v] and not self.over:
            self._fire(v, "displaced", u)
        if self._trig["squad_moves_enemy"] and self.seat[u] != self.seat[v]:
            for w in list(self._trig["squad_moves_enemy"]):
                if self.alive[w] and self.seat[w] == self.seat[u] and not self.over:
                    self._fire(w, "squad_moves_enemy", v, v)

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
        if self._zoned and not self.over:
            self._zone_entered(u, p, to)  # (any move onto a square: the zone watchers)

    def _zone_entered(self, v: int, frm: int, to: int, walk: bool = False) -> None:
        """Card ``v`` has just moved from square ``frm`` onto square ``to``: the ``enemy_leaves`` and
        ``enemy_enters`` abilities of the enemy cards whose ``zone`` holds ``frm`` / ``to`` fire,
        aimed at it (the zone is checked per ability in
        :meth:`~analysis.battle.triggers.Triggers._fire_now`, on :attr:`_zone_sq`)."""
        self._moving(frm, to)  # (``relocate`` ``onto = "onward"``: the direction of this move, 60/141)
        saved_from, self._zone_from = self._zone_from, frm
        saved_walk, self._zone_walk = self._zone_walk, walk  # (``walk``: its own move, ``sides_walk``)
        for trigger, sq in (("enemy_leaves", frm), ("enemy_enters", to), ("squad_enters", to)):
            if sq < 0:
                continue
            for w in list(self._trig[trigger]):
                ours = trigger == "squad_enters"
                if self.alive[w] and (self.seat[w] == self.seat[v]) == ours and self.alive[v] \
                        and not self.over and (not ours or self.creature[v]):
                    saved, self._zone_sq, self._zone_mover = self._zone_sq, sq, v
                    self._fire(w, trigger, v, v)
                    self._zone_sq = saved
        self._zone_from = saved_from
        self._zone_walk = saved_walk

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
            if ab is not None and not (ab.area == "host" and self.host[w] != u):  # (30/34: its host only)
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
        if zone in ("cross", "cross_front"):  # (the mover crosses the middle line into the other half)
            mover, frm = self._zone_mover, self._zone_from
            if sq < 0 or frm < 0 or mover < 0:
                return False
            own = half_rows(self.seat[mover])
            if frm // COLS not in own or sq // COLS in own:
                return False
            return zone == "cross" or sq // COLS == half_rows(1 - self.seat[mover])[0]
        if p < 0 or sq < 0 or sq == p:
            return False
        if zone == "row":
            return sq // COLS == p // COLS
        if zone == "column":
            return sq % COLS == p % COLS
        if zone == "behind":
            return sq == p - COLS * forward(self.seat[u])
        if zone == "near":  # (the squares next to it: "с соседней клетки", 30/116)
            return bool(NEAR[p][sq])
        if zone in ("sides", "sides_walk"):  # (the squares to its left and right; ``sides_walk``: onto
            # which the card moved by itself — a step, a jump —, not moved by an ability: 30/131)
            return sq // COLS == p // COLS and abs(sq % COLS - p % COLS) == 1 and (
                zone == "sides" or self._zone_walk)
        if zone == "opposite":  # (the square in front of it: 50/190)
            return sq == p + COLS * forward(self.seat[u])
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
        into = ab.into or "creature"
        if self.alive[v] and (into == "companion" or self.kind[v] == COMPANION):
            self._become_rider(u, sl, v, into)  # (a creature riding another and back: 50/147)
            return
        if not self.alive[v] or self.host[v] >= 0 or self.kind[v] not in (GROUND, FLYER, ARTIFACT):
            return  # (symbiotes and terrains keep their type: not played)
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

    def _swappable(self, x: int) -> bool:
        """Whether card ``x`` may change squares by a ``swap``: alive, holding a square (an incorporeal
        card sharing it stays on that square: 40/131), no rider on a host, not rooted."""
        p = self.pos[x]
        return (self.alive[x] and p >= 0 and self.host[x] < 0 and self.board[p] == x
                and not (self.kind[x] == GROUND and self._roots and self._rooted(x)))

    def _swap(self, u: int, a: int, b: int, ab: Ability | None = None) -> None:
        """``swap``: cards ``a`` and ``b`` change squares (:meth:`_swappable` both; ``u``'s ability); the
        markers, watchers, zones and depth of the squares follow, as for a move by an ability (60/111,
        60/103, 60/139). Sets ``_shaped`` when they did (a ``then`` after it follows only then)."""
        if a == b or not (self._swappable(a) and self._swappable(b)) or self.over:
            return
        for x in (a, b):
            if ab is not None and ab.via and x != u and self.seat[x] != self.seat[u] and protected(
                    self.cards[x], ab.via, self.cards[u], self.seat[x]):
                return  # 000 2.8
        pa, pb = self.pos[a], self.pos[b]
        self.board[pa], self.board[pb] = b, a
        self.pos[a], self.pos[b] = pb, pa
        for x in (a, b):
            if self.shifted[x] == self.turn:
                self.reshifted[x] = self.turn  # (``vs_state = "moved_again"``: 40/130)
            self.shifted[x] = self.turn
            if self.rider[x] >= 0:
                self.pos[self.rider[x]] = self.pos[x]
        self._board_ver += 1
        self._shaped = True
        if self.log is not None:
            self._emit({"e": "swap", "u": a, "with": b, "by": u})
        for x, frm, to in ((a, pa, pb), (b, pb, pa)):
            if self.over or not self.alive[x]:
                continue
            if self._deep:
                self._depth_moved(x, frm)
            if self._trig["enemy_enters"] or self._trig["enemy_leaves"]:
                self._zone_entered(x, frm, to)
            if self._roots:
                self._unroot_by(x)
            if self._markers and self.marks[to] and not self.over:
                self._entered(x, to)
            if self._watchers and self.creature[x] and self.alive[x] and not self.over:
                self._watched(x, to)
            if x != u and self.alive[x] and not self.over:
                self._moved_by(u, x)  # (``displaced``: 60/108; ``squad_moves_enemy``: 30/107)
        for w in self._trig["swapped"]:  # ("когда карты на поле боя меняются местами", 40/85)
            if self.alive[w] and not self.over:
                self._fire(w, "swapped")

    def _riding(self, u: int, v: int) -> bool:
        """Whether card ``u`` may become a rider of ``v`` (``attach``): an artifact or a rider in play,
        ``v`` a ground creature on the battlefield without a rider (an incorporeal one only for an
        incorporeal rider, 000 1.5.2 b)."""
        return (u != v and self.alive[u] and self.alive[v] and self.kind[u] in (ARTIFACT, COMPANION, PARASITE)
                and self.kind[v] == GROUND and self.pos[v] >= 0 and self.rider[v] < 0 and self.host[u] != v
                and (self.ghost[u] or not self.ghost[v]))

    def _ride(self, u: int, v: int, ab: Ability, as_type: str = "") -> None:
        """``attach``: card ``u`` becomes a rider of ``v`` (000 1.5.2): a parasite on an enemy creature,
        a companion on one of its own side — it leaves its square or its old host, takes the type (and
        with ``damage`` [w, m, s] that simple strike) and stands on ``v``'s square; out of play it takes
        back its printed card (:meth:`_unshape`). ``as_type``: that rider type whatever the side
        (``rides_killer``: "стать паразитом атаковавшего существа")."""
        if not self._riding(u, v) or self.over:
            return
        if ab.via and self.seat[v] != self.seat[u] and protected(self.cards[v], ab.via, self.cards[u],
                                                              self.seat[v]):
            return  # 000 2.8
        h, p = self.host[u], self.pos[u]
        if h >= 0:
            self.rider[h] = -1
        elif p >= 0:
            self._leave(u, p)
        card = card_of(self.base[u] if self._variable else self.key[u])
        if u not in self.shapes:
            self.shapes = {**self.shapes, u: (card.type, card.move, card.strike or ())}
        strike = tuple(ab.damage) if len(ab.damage) == 3 else card.strike
        type_name = as_type or ("parasite" if self.seat[v] != self.seat[u] else "companion")
        was = self.creature[u]
        self._set_shape(u, card_key(replace(card, type=type_name, move=0, strike=(
            (strike[0], strike[1], strike[2]) if strike and len(strike) == 3 else None)), self.seat[u]))
        if self.creature[u] and not was:
            self.n_creatures[self.seat[u]] += 1
            self.n_ground[self.seat[u]] += 1
        self.host[u] = v
        self.rider[v] = u
        self.pos[u] = self.pos[v]
        self._board_ver += 1
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "rehost", "u": u, "host": v, "pos": self.pos[v]})

    def _blighted(self, v: int) -> None:
        """``poison_curse``: creature ``v`` with poisoning received a curse, or a cursed one received
        poisoning; the watchers of either squad fire, about it ("когда существо с отравлением получает
        проклятие или наоборот", 60/127 Кимулис)."""
        for w in self._trig["poison_curse"]:
            if self.alive[w] and self.alive[v] and not self.over:
                self._fire(w, "poison_curse", -1, v)

    def _host_moved(self, h: int) -> None:
        """``host_moves``: host ``h`` has moved (a step of its own or by an ability); its rider's abilities
        fire, aimed at it (``area = "host"``: 60/1, 30/120 Пиранья)."""
        r = self.rider[h]
        if r >= 0 and r in self._trig["host_moves"] and self.alive[r] and self.alive[h] and not self.over:
            if self._variable:
                self._situate()  # (its conditions read the square now: 30/120 Пиранья)
            self._fire(r, "host_moves", h)  # (no "about": the ``classes`` are those of its ``when``, 30/120)

    def _become_rider(self, u: int, sl, v: int, into: str) -> None:
        """``become`` into a companion: ground creature ``v`` leaves its square and rides a creature of
        its squad next to it that has no symbiote (its player picks, ``Player.attach``; keeping its
        square is a choice), as a companion ("может стать компаньоном вашему стоящему рядом существу",
        50/147 Демонёнок). A companion becoming a creature leaves its host for a free square next to
        the host (its player picks; none: it stays) — "может переместиться на соседнюю свободную клетку,
        вернув свой подтип существа" — or, into a flyer, for the auxiliary zone. A creature carrying a
        symbiote stays as it is: a host is a creature other than a symbiote (002 "Хозяин симбиота",
        "Самостоятельное существо"), and the card says nothing of its own rider. Sets ``_shaped``."""
        seat = self.seat[v]
        if into == "companion":
            p = self.pos[v]
            if self.kind[v] not in (GROUND, FLYER) or self.host[v] >= 0 or self.rider[v] >= 0:
                return
            about = self._about

            def fits(w: int) -> bool:  # (a ground creature of its squad with no symbiote)
                return (w != v and self.alive[w] and self.kind[w] == GROUND and self.seat[w] == seat
                        and self.pos[w] >= 0 and self.rider[w] < 0 and (self.ghost[v] or not self.ghost[w]))

            if about >= 0 and fits(about):  # (the creature its trigger is about: 50/185 Попугай Тича)
                hosts = [about]
            else:
                hosts = [w for w in self.units[seat] if fits(w) and p >= 0 and NEAR[p][self.pos[w]]]
            if not hosts:
                return
            h = self.players[seat].attach(self, v, [v, *hosts])
            if h == v or h not in hosts:
                return
            was_ground = self.kind[v] == GROUND
            self._retype_as(v, "companion")
            if p >= 0:
                self._leave(v, p)
            self.host[v] = h
            self.rider[h] = v
            self.pos[v] = self.pos[h]
            if not was_ground:  # (a companion counts with the ground creatures, as when placed; a flyer not)
                self.n_ground = list(self.n_ground)
                self.n_ground[seat] += 1
        else:
            h = self.host[v]
            if h < 0 or into not in ("creature", "flyer"):
                return
            sq = NOWHERE
            if into == "creature":
                ph = self.pos[h]
                squares = [s for s in ADJ8[ph] if self.board[s] < 0 and self.share[s] < 0] if ph >= 0 else []
                if not squares:
                    return
                sq = squares[0] if len(squares) == 1 else self.players[seat].choose_square(self, v, "land",
                                                                                          squares)
                if sq not in squares:
                    raise IllegalAction(f"square {sq} is not one where unit {v} may land")
            self.rider[h] = -1
            self.host[v] = -1
            self._retype_as(v, into)
            if into == "creature":
                self.board[sq] = v
                self.occupied |= 1 << sq
                self.pos[v] = sq
            else:
                self.pos[v] = AUX
                self.n_ground = list(self.n_ground)
                self.n_ground[seat] -= 1  # (no longer with the ground creatures)
        self._board_ver += 1
        self._quiet_from = self.turn + 1
        if self.log is not None:
            self._emit({"e": "become", "u": v, "into": into, "pos": self.pos[v], "by": u})
        self._shaped = True

    def _retype_as(self, v: int, type_name: str) -> None:
        """``v`` plays as its card with type ``type_name`` (its printed movement and strike), for a
        type change between a ground creature, a flyer and a companion."""
        card = card_of(self.base[v] if self._variable else self.key[v])
        if v not in self.shapes:
            self.shapes = {**self.shapes, v: (card.type, card.move, card.strike or ())}
        printed = self.shapes[v]
        move = printed[1] if type_name == "creature" and printed[0] == "creature" else (
            1 if type_name == "creature" else 0)
        strike = printed[2]
        shaped = replace(card, type=type_name, move=move,
                         strike=(strike[0], strike[1], strike[2]) if strike and len(strike) == 3 else None)
        self._set_shape(v, card_key(shaped, self.seat[v]))

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

    def _darken(self, v: int) -> None:
        """``darken``: creature ``v`` becomes dark — darkness its only element from now on (its card
        changes as for a type change) — then the ``darkens`` watchers fire, aimed at it (30/184)."""
        if not self.alive[v] or not self.creature[v]:
            return
        card = card_of(self.base[v] if self._variable else self.key[v])
        if tuple(card.elements) == ("darkness",):
            return
        self._set_shape(v, card_key(replace(card, elements=("darkness",)), self.seat[v]))
        if self.log is not None:
            self._emit({"e": "darken", "u": v})
        for w in list(self._trig["darkens"]):
            if self.alive[w] and self.alive[v] and not self.over:
                self._fire(w, "darkens", v, v)

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

    def _moving(self, frm: int, to: int) -> None:
        """Record a move from square ``frm`` onto ``to``: its square of departure and its direction
        (a row, column or diagonal one) for ``onto = "onward"`` and ``area = "former_formation"``."""
        self._moved_from = frm
        if frm >= 0 and to >= 0 and frm != to:
            self._move_dr = (to // COLS > frm // COLS) - (to // COLS < frm // COLS)
            self._move_dc = (to % COLS > frm % COLS) - (to % COLS < frm % COLS)
        else:
            self._move_dr = self._move_dc = 0

    def _past(self, u: int, x: int) -> int:
        """The square past card ``x`` along the line from ``u`` (a row, column or diagonal), -1 none."""
        if x < 0 or u < 0:
            return -1
        pu, px = self.pos[u], self.pos[x]
        if pu < 0 or px < 0 or pu == px:
            return -1
        dr = (px // COLS > pu // COLS) - (px // COLS < pu // COLS)
        dc = (px % COLS > pu % COLS) - (px % COLS < pu % COLS)
        r, c = px // COLS + dr, px % COLS + dc
        return r * COLS + c if 0 <= r < ROWS and 0 <= c < COLS else -1

    def _onward(self, p: int) -> int:
        """The square one further from square ``p`` in the direction of the last move recorded
        (:meth:`_moving`), -1 off the board or none."""
        dr, dc = self._move_dr, self._move_dc
        if p < 0 or not (dr or dc):
            return -1
        r, c = p // COLS + dr, p % COLS + dc
        return r * COLS + c if 0 <= r < ROWS and 0 <= c < COLS else -1

    def _relocate(self, u: int, v: int, ab: Ability) -> None:
        """``relocate``: ``v`` may move onto a free square within ``damage`` [X] of it (any without),
        of the kind ``onto`` names; ``u``'s player chooses (``Player.relocate`` with
        ``"relocate"``; -1: it stays). Not a step: it moves by the ability (markers, watchers and
        dives follow, :meth:`_put`)."""
        p = self.pos[v]
        self._shaped = False  # (``onto = "died_at"``: what follows comes only with the move)
        if p < 0 or not self.alive[v] or self.host[v] >= 0 or self.over or (
                self.kind[v] == GROUND and self._roots and self._rooted(v)):
            return
        if ab.per:  # (its X a quantity: "на Х или менее клеток, где Х — величина этого {strike}", 60/63)
            x = self._amount_for(u, ab, v)
            if x <= 0:
                return
            reach = WITHIN[min(x, 5)][p]
        else:
            reach = WITHIN[min(ab.damage[0], 5)][p] if ab.damage else (1 << ROWS * COLS) - 1
        onto, pu = ab.onto, self.pos[u]
        about = self._about if self._about >= 0 else self._context
        if onto == "died_at":  # (the square the card the trigger is about held: 30/44, 60/122)
            if about < 0 or self.alive[about]:
                return
            reach = 1 << self.died_at[about] if self.died_at[about] >= 0 else 0
        elif onto == "between":  # (the square between it and the card its trigger is about: 30/62)
            sq = -1
            if about >= 0 and pu >= 0:
                at = self.pos[about] if self.alive[about] else self.died_at[about]
                if at >= 0:
                    dr, dc = at // COLS - pu // COLS, at % COLS - pu % COLS
                    if max(abs(dr), abs(dc)) == 2 and not dr % 2 and not dc % 2:
                        sq = pu + (dr // 2) * COLS + dc // 2
            reach = 1 << sq if sq >= 0 else 0
        elif onto == "vacated":  # (the square the card the trigger is about left: 30/161 Кседдэн; on a
            # zone trigger the square it moved from, 30/116 Троглодит)
            sq = self._vacated if self._vacated >= 0 else self._zone_from
            reach = 1 << sq if sq >= 0 else 0
        elif onto == "across":  # (the square on its other side in the row, mirrored: 30/131 Килхе)
            reach = 0
            if pu >= 0 and p // COLS == pu // COLS and abs(p - pu) == 1:
                sq = 2 * pu - p
                if sq // COLS == pu // COLS and 0 <= sq < ROWS * COLS:
                    reach = 1 << sq
        squares = []
        for sq in range(ROWS * COLS):
            if not reach >> sq & 1 or sq == p or self.board[sq] >= 0:
                continue
            if (onto == "depth" and not self._deep_sq(sq)) or (onto == "surface" and self._deep_sq(sq)):
                continue
            if onto == "away" and pu >= 0 and NEAR[pu][sq]:
                continue
            if onto == "near" and (pu < 0 or not NEAR[pu][sq]):
                continue  # (a square next to the card: "на клетку рядом с собой", 50/3, 60/109, 30/163)
            if onto == "behind" and (pu < 0 or sq != pu - COLS * forward(self.seat[u])):
                continue  # (the square behind the card: "на свободную клетку позади себя", 50/47)
            if onto == "line" and sq // COLS != p // COLS and sq % COLS != p % COLS:
                continue  # ("по вертикали или горизонтали": in its own row or column)
            if onto == "onward" and sq != self._onward(p):
                continue  # ("на одну клетку в направлении перемещения", 60/141)
            if onto == "away_source" and self._context >= 0 and self.pos[self._context] >= 0 \
                    and NEAR[self.pos[self._context]][sq]:
                continue  # ("на соседнюю с ним клетку не рядом с атаковавшим", 60/91)
            if onto == "near_target" and not (self._prior >= 0 and self.pos[self._prior] >= 0
                                              and NEAR[self.pos[self._prior]][sq]):
                continue  # ("на клетку рядом с атакованным", 60/13)
            if onto == "beyond" and sq != self._past(u, self._context):
                continue  # ("на клетку позади атакованного", 60/217)
            squares.append(sq)
        if not squares:
            return
        to = self.players[self.seat[u]].relocate(self, v, "relocate", squares)
        if to < 0 and onto == "vacated" and not ab.may:
            to = squares[0]  # ("переместиться на эту клетку": no choice, 30/116; "может": ``may``)
        if to < 0:
            return
        if to not in squares:
            raise IllegalAction(f"unit {v} cannot be moved to square {to}")
        self._put(v, p, to)
        self._shaped = True  # (it moved: a ``then`` after it follows, "при этом", 50/3 Алтея, 60/91)
        if v != u and not self.over:
            self._moved_by(u, v)  # (``displaced``: 60/108; ``squad_moves_enemy``: 30/107)

    def _put(self, u: int, p: int, to: int) -> None:
        """Card ``u`` moves from square ``p`` onto the free square ``to`` by an ability (not a step):
        the board, its rider, the log, roots and markers on ``to``, enemy cards it lands next to."""
        self._place_on(u, p, to)
        if self._trig["host_moves"] and self.rider[u] >= 0 and not self.over:
            self._host_moved(u)
        if self._step_hurt:
            self._moved_hurt(u)
        if self._roots:
            self._unroot_by(u)
        if self._markers and self.marks[to] and not self.over:
            self._entered(u, to)
        if self._watchers and self.creature[u] and self.alive[u] and not self.over:
            self._watched(u, to)
        if self._trig["host_moves"] and self.rider[u] >= 0 and not self.over:
            self._host_moved(u)

    # ------------------------------------------------------------------ war machines

    def _haul_slot(self, u: int) -> int:
        """The index of ``u``'s ``hauled`` fact, or -1."""
        for i, sl in enumerate(self.slots[u]):
            if sl.ability.kind == "hauled":
                return i
        return -1

    def _haulers(self, u: int) -> list[int]:
        """The creatures of ``u``'s squad that may close to move it now (``hauled``): open, not yet
        acted, standing next to it (000 glossary "Standing next to"), and not holding a second simple
        strike (``strike_again`` / ``strikes_twice`` leave it open for that strike and nothing else)."""
        p = self.pos[u]
        if p < 0:
            return []
        near = NEAR[p]
        return [w for w in self.units[self.seat[u]] if w != u and self.creature[w] and self.alive[w]
                and self.open[w] and not self.acted[w] and self.pos[w] >= 0 and near[self.pos[w]]
                and not (self._ghosts and self.sharing(w)) and not self._strike_only(w)]

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
        p = self.pos[u]
        if sl.ability.onto == "forward":  # (only the square in front of it: "на клетку вперёд", 50/1)
            s = p + COLS * (1 if self.seat[u] == 0 else -1)
            return [s] if 0 <= s < ROWS * COLS and board[s] < 0 and share[s] < 0 else []
        return [s for s in ADJ4[p] if board[s] < 0 and share[s] < 0]

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

    def _fights_source(self, v: int, x: int) -> bool:
        """Whether creature ``v`` may fight the enemy card ``x`` (a ``fight`` with ``foes =
        ["source"]``): both in play, ``v`` with a simple strike that reaches ``x`` — a flyer any card
        (000 2.1.2), a ground creature one next to it."""
        if not (self.creature[v] and self.alive[v] and self.has_strike[v] and self.alive[x]) \
                or self.seat[x] == self.seat[v] or self.kind[x] == 5:
            return False
        if self.pos[v] < 0:
            return self.kind[v] == FLYER
        return self.pos[x] >= 0 and bool(NEAR[self.pos[v]][self.pos[x]])

    def _fight(self, v: int, artifacts: bool = False, only: int = -1) -> None:
        """``fight`` aimed at a creature of the user's own squad: creature ``v`` fights an enemy
        creature next to it (its player picks, ``Player.fight_target``) with its simple strike, as with
        an open card, without closing (:meth:`_ambush`); ``only``: that one card, the one its trigger is
        about (``area = "beyond"``: "этот койар может сразиться {strike} с атакованным", 50/216)."""
        foes = self._fight_foes(v, artifacts)
        if only >= 0:
            foes = [x for x in foes if x == only]
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
        k = self._slayer
        if k >= 0 and "rides_killer" in _kinds_of(self.base[r]) and self._riding(r, k):
            for index, ab in enumerate(ABILITIES[self.base[r]]):
                if ab.kind == "rides_killer" and self.players[s].accept(self, r, index, k):
                    self.host[r] = -1
                    self._ride(r, k, ab, "parasite")  # ("вместо этого может стать паразитом
                    #                                    атаковавшего существа", 60/133)
                    return self.host[r] == k
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
        healed = 0 if self.ghost[killer] or self._sick(killer) else self.wounds[killer]  # (incorporeal:
        #                                                                                    never healed)
        eater = self._has(killer, "carrion_eating")
        if eater is not None and eater.per == "target_cost":  # ("не более чем на Х, где Х — стоимость
            healed = min(healed, self.cost[victim])            # уничтоженного", 60/58 Ледовый гигант)
        self.wounds[killer] -= healed
        self.poison[killer] = 0
        if self._last_life:
            self._respare(killer)
        if self.log is not None:
            self._emit({"e": "heal", "u": killer, "by": healed, "by_what": "carrion_eating"})
        if killer in self._trig["eats"] and not self.over:
            saved, self._healed_now = self._healed_now, healed
            self._fire(killer, "eats", victim)
            self._healed_now = saved
        for w in self._trig["creature_eats"]:  # ("когда другое существо выполняет трупоедство", 60/170)
            if w != killer and self.alive[w] and not self.over:
                self._fire(w, "creature_eats", killer, killer)
        for w in list(self._trig["squad_eats"]):  # ("при трупоедстве вашего существа", 30/117)
            if self.alive[w] and self.seat[w] == self.seat[killer] and not self.over:
                self._fire(w, "squad_eats", killer, killer)

    # ------------------------------------------------------------------ triggers

    def _fire_list(self, trigger: str, units, context: int = -1) -> None:
        for u in list(units):
            if self.alive[u] and not self.over:
                self._fire(u, trigger, context)

    def _land_delayed(self) -> None:
        """``delay = "apart"``: at the end of the turn, the wounds of the targets chosen in it land
        on those not next to the card that chose them (60/128 Халниада), if both are still on the
        battlefield; an effect, so armor does not stop it. The wounds are those of the ability as the
        card had it when it chose (its facts may have changed since: a silence, a new form)."""
        pending, self.delayed = self.delayed, []
        hurt = []
        for u, index, v, ku in pending:
            if not (self.alive[u] and self.alive[v]) or self.pos[v] in ADJ8[self.pos[u]]:
                continue
            wounds = hit(ku, index, self.key[v], 0, 0)[0]
            self.wounds[v] += wounds
            if wounds:
                self._quiet_from = self.turn + 1
                hurt.append((v, u))
            if self.log is not None:
                self._emit({"e": "ability", "u": u, "i": index, "kind": ABILITIES[ku][index].kind,
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
            for u in calm:
                if self.alive[u] and not self.over:
                    self._concentrates(u)

    def _concentrates(self, u: int) -> None:
        """The concentration of ``u`` fires, then the ``squad_concentration`` abilities of its squad
        ("при срабатывании концентрации вашей карты", 50/9 Хешир; about ``u``)."""
        self._fire(u, "concentration")
        for w in self._trig["squad_concentration"]:
            if self.seat[w] == self.seat[u] and self.alive[w] and not self.over:
                self._fire(w, "squad_concentration", u, u)

    def _grave_wounding(self, seat: int) -> None:
        """``grave_wound``: each card of ``seat`` lying in the graveyard with one wounds a creature of
        its squad in play by N (30/63 Локи's "Вальхалла: ранить ваше существо на 2"); its player's
        pick, taken as the creature with the most life left (the one that best affords it). A card
        out of the graveyard (in play again, in the deck, in exile) has none."""
        for x in range(self.n):
            n = self.grave_wound[x]
            if not n or self.seat[x] != seat or self.over:
                continue
            if self.alive[x] or self.zone[x]:
                self.grave_wound = list(self.grave_wound)
                self.grave_wound[x] = 0
                continue
            mine = [v for v in self.units[seat] if self.alive[v] and self.creature[v]]
            if not mine:
                continue
            v = max(mine, key=lambda w: (self.life[w] - self.wounds[w], -w))
            self.wounds[v] += n
            self._quiet_from = self.turn + 1
            if self.log is not None:
                self._emit({"e": "wound", "u": v, "by": n, "by_what": "grave_wound"})
            self._settle([v], -1, None, "wound")

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
            self._squad_redirect(v, d)

    def _missed(self, u: int, v: int) -> None:
        """``u``'s simple strike as the attacker at ``v`` missed (its strike did not land: a miss of the
        Strike Table, or stopped by a protection): ``u``'s ``misses`` abilities (about ``v``) and the
        ``adjacent_misses`` abilities of the cards of either side standing next to ``u`` (aimed at it)."""
        if u in self._trig["misses"] and self.alive[u]:
            self._fire(u, "misses", v, v)
        pu = self.pos[u]
        if pu < 0:
            return
        for w in self._trig["adjacent_misses"]:
            pw = self.pos[w]
            if w != u and self.alive[w] and pw >= 0 and NEAR[pw][pu] and self.alive[u] and not self.over:
                self._fire(w, "adjacent_misses", u, u)

    def _squad_redirect(self, v: int, by: int) -> None:
        """``squad_redirects``: an enemy attack on ``v`` went to a defender or was redirected; the
        watchers of ``v``'s squad fire (by their own reach), about the card that redirected it — the
        defender, or the card whose ``redirect`` it was (``area = "about"``: "оно получает …", 60/82)."""
        for w in self._trig["squad_redirects"]:
            if self.seat[w] == self.seat[v] and self.alive[w] and not self.over:
                self._fire(w, "squad_redirects", -1, by)

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
                        "roll_bonus", "attach",
                        "grave_wound", "lose_counters", "trap", "drag"})
"""Kinds added here that the heuristic player values (:func:`heuristic_gain`)."""
HELPING = ("open", "extra_life", "gain_counter", "strike_bonus", "directed", "unanswerable", "simple_magic",
           "reduce", "protection", "cap", "stays_open", "keyword", "concentrate", "attack_bonus", "next_roll",
           "roll_bonus", "trap", "amphibious", "carrion_eating")
"""Kinds (or granted kinds) whose use helps the card they aim at: a gain on one's own side."""


def heuristic_gain(ab: Ability, kv: int, rem_v: int, value: float) -> float:
    """A rough worth of one use of ``ab`` on card key ``kv`` (``rem_v`` life left, worth ``value``):
    for the kinds that help (:data:`HELPING`) the help to that card, else the harm done to it."""
    prof = PROFILES[kv]
    per_wound = 0.5 * value / max(1, prof.life)
    amount = ab.damage[0] if ab.damage else ab.plus
    if ab.kind == "grave_wound":  # (its wounds come if the card dies this turn: likelier the less life left)
        return amount * per_wound * 4.0 / max(1, rem_v) if prof.is_creature else 0.0
    if ab.lasts:
        if ab.kind == "keyword" and ab.keyword == "fury":  # (+X fury: worth its fury abilities' chances)
            n = sum(1 for a in ABILITIES[kv] if a.cost == "trigger" and a.trigger == "fury")
            return 0.05 * value * amount * (3.0 if ab.lasts == "battle" else 1.0) * min(n, 2)
        if ab.kind == "keyword" and ab.per is None and (ab.keyword != "move" and card_of(kv).keyword(
                ab.keyword) >= (  # type: ignore[arg-type]
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
            n = sum(1 for a in ABILITIES[kv] if a.when in ("at_depth", "on_surface"))
            return 0.05 * value * scale * min(n, 2)
        if ab.kind == "attack_bonus":  # (worth its change to the attacks of those kinds the card has)
            if ab.per == "target_weak":
                amount = (prof.strike[0] if prof.strike else 0) + ab.plus
            if ab.negative:
                amount = -amount
            boosted = granted(ab) if ab.boosts else ab  # (``boosts``: the attacks the grant is for)
            n = sum(1 for a in ABILITIES[kv]
                    if a.is_action and a.kind in WOUNDING and covers(boosted, a.kind))
            n += 1 if covers(boosted, "simple") and prof.strike else 0
            return 0.05 * value * amount * scale * min(n, 2)
        return (0.1 if ab.kind in ("protection", "cap") else 0.05) * value * scale
    kind = ab.kind
    if kind == "trap":  # (the wounds of a card about as worthy: the next enemy creature to act takes them)
        return amount * per_wound
    if kind == "finishing":
        return value if prof.is_creature and prof.kind != COMPANION and 0 < rem_v <= amount else 0.0
    if kind == "attach":  # (a parasite on it: its rider's facts act on it from now on)
        return 0.05 * value if prof.kind == GROUND else 0.0
    if kind == "extra_life":
        return amount * per_wound
    if kind == "gain_counter":
        return 0.1 * value if prof.counter_user or prof.tokens_only else 0.0
    if kind == "lose_counters":  # (a counter taken from a card that pays with them: 30/168 Вор)
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
    if kind == "roll_bonus":  # (+N on its next die: about N/3 of a sure face's worth)
        if not prof.is_creature or not prof.strike:
            return 0.0
        return 0.02 * value * (1 + max(0, prof.strike[2] - prof.strike[0])) * min(3, amount) / 3
    if kind == "fight":  # (an extra simple strike of that creature: about its mean strike's worth)
        return 0.05 * value * (sum(prof.strike) / 3 if prof.strike else 0.0) if prof.is_creature else 0.0
    if kind == "concentrate":  # (what its concentration gives, as a grant of the same kind would)
        return sum(heuristic_gain(a, kv, rem_v, value) if a.lasts else 0.1 * value
                   for a in ABILITIES[kv] if a.cost == "trigger" and a.trigger == "concentration")
    return 0.0
