"""The game / player interface: actions, outcomes, the documented state, and what a player is.

The engine (:mod:`analysis.battle.engine`) and the players (:mod:`analysis.battle.players`) both
import this module and never each other (ARCHITECTURE.md "Game, state, player apart", as OpenSpiel
keeps them). A player reads the state described by :class:`BattleState` and acts only through
``state.apply(action)``; the engine checks every action and raises :class:`IllegalAction` for one the
rules do not allow, so a faulty player cannot break the game.

**Actions** are small immutable values (named tuples, so they are cheap, hashable and print well):

- ``Move(unit, to)``: one orthogonal step to an empty square (000 3.14);
- ``Strike(unit, target)``: a simple strike (000 4.1-4.14);
- ``UseAbility(unit, index, targets)``: a playable ability of the card (cost ``tap``,
  ``counter_tap`` or ``counter``; ``index`` into the card's played facts,
  :func:`analysis.cards.ability_rules.facts`) on up to its
  ``targets`` different cards (000 1.9.3);
- ``Prepare(unit)``: close "for a strike against a flying creature" (000 4.16);
- ``Accumulate(unit)``: ``[tap]: accumulate 1 counter`` (000 1.11.1);
- ``END_TURN``: pass the turn (000 6.5).

**Chance** is separable for a searching player: ``state.outcomes(action)`` lists the exact
distribution of the action's own dice as ``(probability, draws)`` pairs (outcomes with the same
effect merged), ``state.apply(action, draws)`` applies the action with those dice instead of
drawing them from the battle's seeded stream, and ``state.clone()`` is a cheap independent copy
(``state.clone(dice_seed)``: with fresh dice, so a look-ahead cannot see the battle's own).
Decisions of the other side inside an action (appointing a defender, weakening) are still asked of
the players through the reaction questions below.

    >>> Move(3, 12), Strike(3, 17).target, UseAbility(2, 0, (14,)).targets
    (Move(unit=3, to=12), 17, (14,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from mypy_extensions import mypyc_attr


class IllegalAction(ValueError):
    """A player asked for an action the rules do not allow (a bug in that player)."""


class Move(NamedTuple):
    """Ground creature ``unit`` steps to the empty square ``to`` (000 3.14)."""

    unit: int
    to: int


class Strike(NamedTuple):
    """``unit`` attacks ``target`` with a simple strike (000 4.1)."""

    unit: int
    target: int


class UseAbility(NamedTuple):
    """``unit`` uses its playable ability number ``index`` on ``targets`` (different cards)."""

    unit: int
    index: int  # type: ignore[assignment]  # (shadows tuple.index, as the field of the action)
    targets: tuple[int, ...]


class Prepare(NamedTuple):
    """``unit`` closes "for a strike against a flying creature" (000 4.16)."""

    unit: int


class Accumulate(NamedTuple):
    """``unit`` closes to accumulate one counter (000 1.11.1)."""

    unit: int


class EndTurn(NamedTuple):
    """The active player passes the turn."""


END_TURN = EndTurn()
Action = Move | Strike | UseAbility | Prepare | Accumulate | EndTurn

_new_tuple = tuple.__new__


def use_ability(unit: int, index: int, targets: tuple[int, ...]) -> UseAbility:
    """``UseAbility(unit, index, targets)``, built without the named tuple's Python-level
    ``__new__`` (several times cheaper; for players' hot loops)."""
    return _new_tuple(UseAbility, (unit, index, targets))


MAX_UNITS = 160
"""The most units a battle may have: the two squads plus the cards of the decks and graveyards that may
enter play (two 50-card decks and their graveyards stay below it)."""
STRIKES: tuple[tuple[Strike, ...], ...] = tuple(tuple(Strike(u, v) for v in range(MAX_UNITS))
                                                for u in range(MAX_UNITS))
"""``STRIKES[u][v] == Strike(u, v)``, built once: actions are values, so a fast player may reuse
them instead of building new ones in its inner loop (30 squares, at most :data:`MAX_UNITS` units)."""
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(u, s) for s in range(30))
                                            for u in range(MAX_UNITS))
"""``MOVES[u][s] == Move(u, s)``."""
Draws = tuple[int, ...]
"""The dice an action consumes, in order: for a simple strike under the Strike Table the
attacker's die then (when the parrier fights) the parrier's; under the defence-die model the index
of the equally likely outcome; for an ability one die per target whose damage a roll decides."""


class BattleState(Protocol):
    """What a player may read and call. Everything is read-only for players; unit ``u`` indexes the
    per-unit lists (seat 0's squad first, then seat 1's). Squares are ``row * 5 + col``
    (:mod:`analysis.battle.board`); ``AUX`` (-1) is the auxiliary zone, ``NOWHERE`` (-2) a dead card.

    Per unit: ``seat``, ``kind`` (``tables.GROUND``, ``FLYER``…), ``key`` (card key, see
    :func:`analysis.battle.tables.card_key`), ``cards`` (the :class:`~analysis.cards.table.Card`),
    ``life``, ``wounds``, ``cost``, ``creature``, ``move_points``, ``moves`` (left this turn),
    ``has_strike``, ``armor``, ``armor_left`` (this turn), ``regen``, ``pos``, ``host`` / ``rider``
    (-1: none), ``open``, ``acted``, ``prepared`` (0, 1 closed for 4.16, 2 may strike a flyer),
    ``hidden`` (the Second player's hidden 3rd row, 3.11.1: the other side must treat it as
    unknown), ``alive``, ``counters``, ``poison``, ``slots`` (its card's abilities compiled,
    :class:`analysis.battle.powers.Slot`, by index), ``profiles`` (:class:`~analysis.battle.tables.
    Profile`; ``profiles[u].actions``: the indices of its playable abilities).
    Board: ``board`` (square → unit or -1), ``occupied`` (bit mask), ``share`` (square → the
    incorporeal unit sharing it with its ``board`` holder, or -1), ``ghost`` (per unit: incorporeal),
    ``sharing(u)``. Sides: ``units`` (per seat, the
    living units in play, terrains excluded), ``n_creatures``, ``n_ground``. Game: ``n``, ``turn``,
    ``active``, ``over``, ``winner``, ``config``, ``prng`` (the players' own seeded stream).
    Queries: ``can_act(u)``, ``steps(u)``, ``targets(u)``, ``can_prepare(u)``, ``can_accumulate(u)``,
    ``ability_ready(u, index)``, ``slot_ready(u, slot)``, ``ability_targets(u, index)``,
    ``defenders(attacker, target)``,
    ``strike_flag(u, v, which)``, ``is_legal(action)``, ``squad_costs()``.
    """

    n: int
    active: int
    over: bool

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action, draws: Draws | None = None) -> None: ...

    def outcomes(self, action: Action, parrier: int | None = None) -> list[tuple[float, Draws]]: ...

    def clone(self, dice_seed: int | None = None) -> BattleState: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class Player:
    """The questions the engine asks a player, with simple legal defaults.

    - ``place(state, seat) -> {unit: square}`` where the squad stands (000 3.8-3.10);
    - ``attach(state, unit, hosts) -> host`` which creature carries a companion or parasite;
    - ``hauler(state, machine, candidates) -> unit`` which creature next to a war machine closes to
      move it (a ``Move`` of the machine; ``hauled``);
    - ``fight_target(state, fighter, candidates) -> unit`` which enemy creature next to it a creature
      fights by a ``fight``;
    - ``hide(state, candidates) -> [unit]`` which 3rd-row cards the Second player keeps hidden;
    - ``play_turn(state)``: the whole turn, acting through ``state.apply(action)``; returning (or
      applying ``END_TURN``) ends it. The default asks :meth:`choose_action` until ``END_TURN``;
    - ``choose_action(state) -> Action``: one action (default ``END_TURN``);
    - ``choose_defender(state, attacker, target, candidates) -> unit`` (-1: none; 000 4.11);
    - ``weaken(state, chooser, attacker, parrier, base, alt) -> bool`` whether the higher roller
      weakens (000 4.5); ``base``/``alt`` are (wounds to parrier, wounds to attacker) before armor;
    - ``choose_targets(state, unit, index, candidates, most) -> targets``: the targets of a
      triggered ability (at least one, at most ``most`` different candidates);
    - ``token_holder(state, unit, candidates, give) -> unit``: the card of ``unit``'s graveyard that
      gives up an incarnation token for one of ``unit``'s abilities (-1: decline a triggered one,
      only before the first token of a payment) or, with ``give``, that receives one;
    - ``incarnate_square(state, unit, squares) -> square``: where a creature that may incarnate
      open on any third row does so (-1: the ordinary way, closed on its own third row);
    - ``incarnate_early(state, unit, missing) -> bool``: whether a creature with ``early``
      incarnation returns now, ``missing`` tokens short (2 wounds, −1 strike per missing token);
    - ``choose_direction(state, unit) -> str``: the direction (``forward``, ``back``, ``left``,
      ``right``, seen from its side) a ``moves_heading`` card picks at the start of its turn
      (default ``forward``);
    - ``choose_form(state, unit) -> str``: the form (``wolf`` or ``human``) a werewolf (the ``wohu``
      icon) takes before its owner's turn, to the end of the opponent's next turn (default ``wolf``);
    - ``redirect(state, unit, attacker, target, candidates, index) -> unit``: whether ``unit``'s
      sudden ``redirect`` sends ``attacker``'s attack on ``target`` (its ability ``index``, -1 a
      simple strike) onto one of ``candidates`` (-1: no; 000 glossary "Redirecting an attack");
    - ``choose_square(state, unit, marker, squares) -> square``: where ``unit`` puts a ``marker``
      (:data:`analysis.cards.abilities.MARKERS`) it may put on any of ``squares``;
    - ``relocate(state, unit, why, squares) -> square``: where ``unit`` moves by a move it may
      make, one of the free ``squares`` (-1: it stays; the default): ``why`` is ``"dash"`` (Рывок,
      after its attack) or ``"leap"`` (a ``leap`` fact: a jump now);
    - ``sudden(state, seat, moment, attacker, target, options) -> UseAbility | None``: a sudden
      action (``sudden`` ability, 000 1.9.4) ``seat`` uses now outside its turn order, or ``None``
      to pass; ``moment`` is ``attack`` / ``action`` (``attacker``'s announced action on
      ``target``, not yet carried out), ``turn_start`` or ``turn_end`` (of the opponent's turn);
      ``options``: the (unit, ability index) pairs it may use (``state.apply_sudden`` carries one
      out on a clone, to look ahead);
    - ``dirty_trick(state, unit, x, candidates) -> unit``: which creature of ``unit``'s squad next to
      it its dirty trick (Подлость X) wounds by ``x`` (-1: none, the default);
    - ``accept(state, unit, index, target) -> bool``: whether ``unit`` carries out its optional
      ability ``index`` (a ``fight``: "может сразиться …"; an ``open`` that wounds itself: "может
      раниться на 1, при этом открыться"; any fact marked ``may``, asked before its price is paid)
      on ``target`` now (default yes).
    - ``stay_closed(state, unit) -> bool``: whether ``unit``, a closed host whose rider lets it stay
      closed (``host_may_stay_closed``, 30/69 Люмми), does not open at the start of its turn (default
      no).

    Players draw randomness only from ``state.prng``, so a battle is a pure function of its seed.
    """

    name = "base"

    def place(self, state, seat: int) -> dict[int, int]:
        from analysis.battle.board import default_placement

        return default_placement(state, seat)

    def attach(self, state, unit: int, hosts: list[int]) -> int:
        return hosts[0]

    def hauler(self, state, machine: int, candidates: list[int]) -> int:
        """Which of ``candidates`` (creatures next to war machine ``machine``) closes to move it."""
        return candidates[0]

    def fight_target(self, state, fighter: int, candidates: list[int]) -> int:
        """Which enemy creature next to ``fighter`` it fights (a ``fight``)."""
        return candidates[0]

    def stay_closed(self, state, unit: int) -> bool:
        return False

    def hide(self, state, candidates: list[int]) -> list[int]:
        return []

    def play_turn(self, state) -> None:
        while not state.over:
            action = self.choose_action(state)
            if type(action) is EndTurn:
                return
            state.apply(action)

    def choose_action(self, state) -> Action:
        return END_TURN

    def choose_defender(self, state, attacker: int, target: int, candidates: list[int]) -> int:
        return -1

    def weaken(self, state, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        return False

    def choose_targets(self, state, unit: int, index: int, candidates: Sequence[int],
                       most: int) -> tuple[int, ...]:
        return tuple(candidates[:most])

    def choose_option(self, state, unit: int, options: Sequence[int],
                      candidates: Sequence[Sequence[int]]) -> int:
        """Which of the alternative triggered abilities is carried out (``options``: ability indices
        of ``unit``, the first with cost ``trigger``, the others ``or``; ``candidates``: the targets
        each may aim at, never empty)."""
        return options[0]

    def token_holder(self, state, unit: int, candidates: Sequence[int], give: bool) -> int:
        return candidates[0]

    def incarnate_square(self, state, unit: int, squares: Sequence[int]) -> int:
        return -1

    def incarnate_early(self, state, unit: int, missing: int) -> bool:
        return False

    def choose_direction(self, state, unit: int) -> str:
        return "forward"

    def choose_form(self, state, unit: int) -> str:
        return "wolf"

    def redirect(self, state, unit: int, attacker: int, target: int, candidates: list[int],
                 index: int) -> int:
        return -1

    def choose_square(self, state, unit: int, marker: str, squares: Sequence[int]) -> int:
        return squares[0]

    def choose_card(self, state, unit: int, why: str, candidates: Sequence[int]) -> int:
        """Which card of a deck or a graveyard (units out of play) ``unit``'s ``why`` takes
        (``summon``, ``resurrect``, ``to_graveyard``); a summoned card's square is asked with
        :meth:`choose_square` and ``"enter"``."""
        return candidates[0]

    def relocate(self, state, unit: int, why: str, squares: Sequence[int]) -> int:
        return -1

    def sudden(self, state, seat: int, moment: str, attacker: int, target: int,
               options: Sequence[tuple[int, int]]) -> UseAbility | None:
        return None

    def dirty_trick(self, state, unit: int, x: int, candidates: Sequence[int]) -> int:
        return -1

    def accept(self, state, unit: int, index: int, target: int) -> bool:
        return True

    def choose_roll(self, state, unit: int, parrier: int, outcomes: Sequence[tuple[int, int]]) -> int:
        """``roll_twice``: which of the rolls ``unit`` keeps (``outcomes``: for each, the wounds to the
        parrier and to ``unit`` before armor and weakening): by default the one dealing most."""
        return max(range(len(outcomes)), key=lambda k: (outcomes[k][0] - outcomes[k][1], -k))

    def fix_fight(self, state, unit: int, attacker: int, parrier: int, fixed: tuple[int, int]) -> bool:
        """Whether ``unit`` (the attacker or the parrier) makes the exchange's result fixed instead of
        rolling (``fight_result``): ``fixed`` = (wounds to the parrier, to the attacker) before armor."""
        return False


class _FirstAction(Exception):
    def __init__(self, action: Action):
        self.action = action


def first_action(player: Player, state) -> Action:
    """The action ``player`` would take first in ``state``: its ``play_turn`` is run on a clone
    until it applies an action (which is then not carried out). Lets any player, however it
    plans its turn, be asked for its best action in a position."""
    probe = state.clone()
    probe.capture = _FirstAction
    try:
        player.play_turn(probe)
    except _FirstAction as found:
        return found.action
    return END_TURN


__all__ = [
    "END_TURN", "MOVES", "STRIKES", "Accumulate", "Action", "BattleState", "Draws", "EndTurn",
    "IllegalAction", "Move", "Player", "Prepare", "Strike", "UseAbility", "first_action", "use_ability",
]
