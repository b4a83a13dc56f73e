"""The state every part of the battle engine reads, declared once: the per-unit columns, the
per-side lists and the flags of :class:`~analysis.battle.engine.Battle`, and the engine's methods
that a lower part calls before the class that defines them (mypyc needs both declared on the
base of the mixins). It holds no rules: :class:`Battle`'s constructor sets every field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from analysis.cards.abilities import Ability


@mypyc_attr(allow_interpreted_subclasses=True)
class EngineFields:
    """The fields and the forward-declared methods of the battle engine (see the module docstring)."""

    _acting: int | None
    n_squad: int
    zone: list[int]
    deck: tuple[list[int], list[int]]
    seen_top: tuple[int, int]
    exiled_on_death: list[int]
    owner: tuple[int, ...]
    _controlled: bool
    _shown: int
    _shown_now: list[int]
    _entered_now: list[int]
    _chain_about: int
    _exiled_last: int
    leaving: list[tuple[int, int]]
    _reserved: bool
    _deck_rng: Any
    _any_armor: bool
    _any_guards: bool
    _any_incarnation: bool
    _any_tiered: bool
    _any_triggers: bool
    _any_vampire: bool
    _avengers: bool
    _blockers: bool
    _board_units: list[int]
    _board_ver: int
    _by_dice: bool
    _capture: Any
    _ctab: dict[Any, Any]
    _depth: int
    _displacers: bool
    _doublers: bool
    _cause: str
    _excess: int
    _tricked: int
    _slayer: int
    _last_step: int
    _moved_from: int
    _move_dr: int
    _move_dc: int
    _prior: int
    _hunting: bool
    _step_hurt: bool
    _blasting: bool
    _tasters: list[int]
    done: list[int]
    _did_watch: bool
    _took_watch: bool
    _hurt_watch: bool
    hurt_set: list[int]
    took: list[int]
    _attack_blockers: list[int]
    _healed_now: int
    _again: int
    _draws: Any
    _eaters: bool
    _poison_mods: bool
    _aura_states: bool
    _fired: int
    _fixed: Any
    _furies: bool
    _forcing: bool
    _fixers: bool
    _twicers: bool
    _upgraders: bool
    _tier_setters: bool
    _first_roll: list[int]
    _fix_tier: int
    _fury_add: int
    _fury_die: int
    _about: int
    _hurt_by: int
    _context: int
    _fury_pre: int
    _frm: list[bool]
    _grant_ver: int
    _ghosts: bool
    _granting: bool
    _guarded: bool
    _answer_follow: list[tuple[int, int]]
    shield_next: list[int]
    _hauling: bool
    _markers: bool
    _ignorers: bool
    _last_strike_value: int
    _mourners: bool
    _movers: bool
    _openers: bool
    _otab: dict[Any, Any]
    _piercers: bool
    _placements: tuple[Any, ...]
    _prng: Any
    _quiet_from: int
    _rand: Any
    _redirect: bool
    _redirectors: list[int]
    _responders: list[int]
    _responding: int
    _answering: int
    _cancelled: bool
    _sudden: list[int]
    _event_die: int
    _roll_hurt: bool
    _unhealing: bool
    _edgy: bool
    _roll_watch: bool
    _roots: bool
    _seat_triggers: tuple[int, ...]
    _sit_deps: Any
    _silencers: list[int]
    _sit_glance: tuple[Any, ...]
    _sit_memo: dict[Any, Any]
    _start_counters: tuple[Any, ...]
    _started: bool
    _static: list[int]
    _steppers: bool
    _strike_tier: int
    _strikers: bool
    _auras: tuple[tuple[int, int], ...]
    _stuns: bool
    _shaped: bool
    _shapers: bool
    aloft: list[tuple[int, int, str, int, tuple[int, ...]]]
    shapes: dict[int, tuple[str, int, tuple[int, ...]]]
    _taunt_skip: bool
    _taunt_free: bool
    _taunters: bool
    _strike_limits: bool
    _tiered: list[bool]
    _tiers_now: tuple[Any, ...]
    _tracking: bool
    _trig: dict[Any, Any]
    _turn_actions: int
    _variable: bool
    _watchers: bool
    _zone_sq: int
    _zone_from: int
    _dealt: int
    _jump_from: int
    _zone_mover: int
    _zoned: bool
    _barrers: bool
    _x_kinds: Any
    _x_trig: bool
    acted: list[bool]
    active: int
    acts: list[bool]
    alive: list[bool]
    armor: list[int]
    armor_left: list[int]
    base: list[int]
    board: list[int]
    cards: list[Any]
    combo: list[Any]
    conc_wounds: list[int]
    config: Any
    cost: list[int]
    counter_user: list[bool]
    counters: list[int]
    creature: list[bool]
    died_at: list[int]
    directed: list[int]
    fresh: list[int]
    again: list[int]
    ghost: list[bool]
    grants: list[Any]
    guards: Any
    has_strike: list[bool]
    hidden: list[bool]
    host: list[int]
    incarnation: tuple[Any, ...]
    key: list[int]
    kind: list[int]
    lands: tuple[list[int], list[int]]
    life: list[int]
    limit: str
    log: Any
    magic: list[int]
    marks: list[Any]
    doomed: list[Any]
    grave_wound: list[int]
    _grave_wounds: bool
    _squad_blocks: bool
    _no_defenders: bool
    _defender: int
    _streaks: bool
    streak: list[tuple[int, int]]
    _dashers: bool
    kill_sq: list[tuple[int, int]]
    _nomagic: bool
    _healers: bool
    move_points: list[int]
    moves: list[int]
    n: int
    n_creatures: list[int]
    n_ground: list[int]
    next_face: list[int]
    unit_face: list[int]
    unit_plus: list[int]
    occupied: int
    open: list[bool]
    over: bool
    players: Any
    poison: list[int]
    pos: list[int]
    prepared: list[int]
    profiles: list[Any]
    prot_flyers: list[bool]
    reason: str
    regen: list[int]
    rider: list[int]
    rng: Any
    rooted: list[int]
    held: list[int]
    first_acts: list[int]
    traps: list[tuple[tuple[int, int, str], ...]]
    _trapped: bool
    _ranged_at_me: bool
    _zone_walk: bool
    _vacated: int
    _shape_own: int
    _jump_swaps: bool
    _gateways: bool
    _heal_jumpers: bool
    hexed: list[int]
    shifted: list[int]
    reshifted: list[int]
    _drag_step: tuple[int, int]
    _kin_ref: int
    _overhealed: list[int]
    entered: list[tuple[int, int, int, int]]
    _lost_now: int
    seat: list[int]
    seed: int
    share: list[int]
    shield: list[int]
    slots: Any
    stunned: list[bool]
    dashed: list[int]
    leapt: list[int]
    raged: list[int]
    _fury_nth: int
    bound_by: list[int]
    bound_until: list[int]
    _binders: bool
    _stand_binders: list[int]
    _cheaters: bool
    _closed_parry: bool
    _jump_watch: bool
    twice: list[int]
    twice_on: list[int]
    heading: list[int]
    delayed: list[tuple[int, int, int, int]]
    spare: list[int]
    _last_life: bool
    _rebuff: tuple[bool, bool]
    depth_sq: int
    _dry: int
    _floods: tuple[Any, ...]
    _deep: bool
    _far_strikers: bool
    _far_guards: list[int]
    _host_watch: bool
    _rider_fates: bool
    form: list[int]
    _wolves: list[int]
    tokens: list[int]
    claimed: list[int]
    triggers: list[int]
    turn: int
    unanswerable: list[int]
    units: tuple[list[int], list[int]]
    uses_battle: dict[Any, Any]
    uses_turn: dict[Any, Any]
    vampire: tuple[Any, ...]
    walk: list[Any]
    winner: int | None
    wounds: list[int]

    # The engine's methods these mixins call (defined by :class:`~analysis.battle.engine.Battle`;
    # declared here so the mixins type-check and compile).

    def _grave_combo(self, u: int) -> bool:
        raise NotImplementedError

    def _entry(self, u: int, index: int, ab: Ability, about: int) -> bool:
        raise NotImplementedError

    def _entry_possible(self, u: int, ab: Ability) -> bool:
        raise NotImplementedError

    def _after_prophecy(self, u: int, index: int, trigger: str | None) -> None:
        raise NotImplementedError

    def _follow_shown(self, u: int, index: int, trigger: str | None) -> None:
        raise NotImplementedError

    def _in_grave(self, v: int) -> bool:
        raise NotImplementedError

    def _leave_at_end(self) -> None:
        raise NotImplementedError

    def _spend_attack(self, u: int, kind: str = "simple") -> None:
        raise NotImplementedError

    def _haul_steps(self, u: int) -> list[int]:
        raise NotImplementedError

    def _haul(self, u: int, to: int) -> None:
        raise NotImplementedError

    def _in_state(self, v: int, state: str) -> bool:
        raise NotImplementedError

    def _forced_roll(self, u: int, die: int) -> int:
        raise NotImplementedError

    def _emit(self, event: dict[str, Any]) -> None:
        raise NotImplementedError

    def _die(self) -> int:
        raise NotImplementedError

    def _flip_roll(self, u: int, sl, v: int, die: int) -> int:
        raise NotImplementedError

    def _respare(self, v: int) -> None:
        raise NotImplementedError

    def _flip_event(self, u: int, die: int, faces: tuple[int, ...]) -> int:
        raise NotImplementedError

    def _give_token(self, u: int, index: int, ab: Ability, trigger: str) -> None:
        raise NotImplementedError

    def _count_use(self, u: int, index: int) -> None:
        raise NotImplementedError

    def _allowed(self, u: int, index: int, ab: Ability) -> bool:
        raise NotImplementedError

    def _capped(self, u: int, counters: int) -> int:
        raise NotImplementedError

    def _fire(self, u: int, trigger: str, context: int = -1, about: int = -1,
              kind: str | None = None) -> None:
        raise NotImplementedError

    def _resolve(self, u: int, sl, targets: Sequence[int], trigger: str | None) -> None:
        raise NotImplementedError

    def _follow(self, u: int, index: int, targets: Sequence[int], trigger: str | None,
                fresh: Sequence[int] = ()) -> None:
        raise NotImplementedError

    def _check_end(self) -> None:
        raise NotImplementedError

    def _kill(self, x: int, dies: bool = True) -> None:
        raise NotImplementedError

    def _reached(self, what: str, u: int, trigger: str) -> None:
        raise NotImplementedError

    def _index(self, size: int) -> int:
        raise NotImplementedError

    def sharing(self, u: int) -> bool:
        raise NotImplementedError

    def _leave(self, x: int, s: int) -> None:
        raise NotImplementedError

    def _entered(self, v: int, sq: int) -> None:
        raise NotImplementedError

    def _watched(self, u: int, to: int) -> None:
        raise NotImplementedError

    def _jump_swap(self, u: int, to: int) -> None:
        raise NotImplementedError

    def _heal_jump(self, v: int, x: int) -> bool:
        raise NotImplementedError

    def _after_step(self, u: int, frm: int, to: int, onto: int = -1) -> None:
        raise NotImplementedError

    def _zone_entered(self, v: int, frm: int, to: int, walk: bool = False) -> None:
        raise NotImplementedError

    def barred(self, u: int) -> int:
        raise NotImplementedError

    def _beyond(self, u: int, x: int, orthogonal: bool) -> list[int]:
        raise NotImplementedError

    def _between(self, u: int, x: int) -> list[int]:
        raise NotImplementedError

    def _in_zone(self, u: int, index: int, zone: str, sq: int) -> bool:
        raise NotImplementedError

    def _unflood(self, x: int) -> None:
        raise NotImplementedError

    def _heal_more(self, v: int, x: int) -> int:
        raise NotImplementedError

    def _streak_after(self, u: int, v: int, hit: bool) -> None:
        raise NotImplementedError

    def _ignores_taunt(self, u: int, kind: str) -> bool:
        raise NotImplementedError

    def _host_moved(self, h: int) -> None:
        raise NotImplementedError

    def _place_mark(self, owner: int, sq: int, kind: str) -> None:
        raise NotImplementedError

    def _unmark(self, x: int) -> None:
        raise NotImplementedError

    def _spare(self, u: int, v: int, how: str = "") -> None:
        raise NotImplementedError

    def bound(self, u: int) -> int:
        raise NotImplementedError

    def parries_closed(self, v: int) -> bool:
        raise NotImplementedError

    def may_defend(self, v: int) -> bool:
        raise NotImplementedError

    def _position(self, u: int, w: int, position: str) -> bool:
        raise NotImplementedError

    def _defended_open(self, u: int) -> bool:
        raise NotImplementedError

    def column_cards(self, v: int) -> tuple[int, ...]:
        raise NotImplementedError

    def _strike_on(self, u: int, v: int, parrier: int, via_prepare: bool) -> None:
        raise NotImplementedError

    def _ambush(self, u: int, v: int, event: str = "ambush") -> None:
        raise NotImplementedError

    def _settle(self, suspects: Sequence[int], source: int = -1,
                killers: dict[int, int] | None = None, how: str = "") -> None:
        raise NotImplementedError
