"""A player that looks ahead: expectimax over the turn's actions with the exact outcome odds.

At every decision of its turn where the heuristic would act (strike, use an ability, accumulate,
close for a flyer), :class:`SearchPlayer` weighs a few candidate actions and plays the one whose
expected evaluation is highest:

- **Candidates**, best first: the action the heuristic player would take
  (:class:`~analysis.battle.players.HeuristicPlayer`, asked on a copy of the state), then every
  other strike and ability use of the position ranked by the heuristic's expected gain (those
  with a gain above ``floor``); at most ``budget`` candidates per decision (the budget counts the
  chance nodes expanded). When the heuristic would move a card or end the turn, the searching
  player does the same: in the tuning runs on the sample squads, searching the steps and the end
  of the turn too cost more time than it won (README "Battles and matchups").
- **Chance nodes are exact:** each candidate's dice distribution comes from
  ``state.outcomes(action, parrier)`` (the parrier: the defender the heuristic would appoint); each
  outcome is played on ``state.clone(dice_seed)`` with ``apply(action, draws)`` and weighted by its
  probability. Outcomes that leave the same position are merged.
- **Leaves:** on each child the heuristic finishes the turn (its later dice from the copy's fresh
  stream; all candidates of a decision share one ``dice_seed``: common random numbers), then
  :meth:`SearchPlayer.evaluate` scores the position from the searching side's view: material
  (each card's value, cost + 1 + its strongest strike, less half its share of life per wound, as
  the heuristic values cards) minus ``lam`` times the *threat*, what the enemy creatures could win
  next turn against the cards they can reach (ground creatures: within their movement + 1
  squares; flyers: anywhere; each attacker and each target counted once, best pairs first), where
  a card that has acted is closed and cannot strike back. So the search prefers the strikes and
  targets after which the rest of the turn goes well and the squad is least exposed. (Scoring
  the children without finishing the turn, tried first, won no more games than the heuristic.)
- **Reactions** (defenders, weakening, triggered targets), placement, companions and hiding are
  the heuristic's; inside the look-ahead both sides' reactions are modelled by the heuristic.

Randomness comes only from ``state.prng`` (one ``dice_seed`` per decision), so a battle is a pure
function of its seed. The look-ahead never sees the battle's own future dice (the copies roll a
fresh stream). Hidden cards of the Second player (000 3.11.1) are valued as the unknown average
card and are never the target of an alternative candidate (only of the heuristic's own proposal,
which treats them as unknown).

    >>> SearchPlayer(8).budget, parse_budget("search:32")
    (8, 32)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analysis.battle.board import CHEBYSHEV
from analysis.battle.interface import (
    END_TURN,
    Accumulate,
    Action,
    EndTurn,
    Player,
    Prepare,
    Strike,
    UseAbility,
)
from analysis.battle.players import HeuristicPlayer
from analysis.battle.powers import ability
from analysis.battle.tables import FLYER, GROUND, card_key
from analysis.battle.valuation import UNKNOWN_CARD, _exact_gain, card_value

if TYPE_CHECKING:  # (for the types only: the players import no engine at run time)
    from analysis.battle.engine import Battle

DEFAULT_BUDGET = 3
"""Chance nodes (candidate actions, each with its whole outcome distribution) per decision: the
most that keeps a battle within 20x the heuristic's time (tuned with ``scripts/tune_search.py`` on
squads and seeds the benchmark does not use; README "Battles and matchups")."""
MAX_BUDGET = 1_000
WIN = 1_000.0
"""Value of a won battle in material units (a card is worth about 5-15)."""
LAM = 1.0
"""Weight of the enemy's threat next turn in the evaluation (tuned on squad mirrors)."""
FLOOR = 0.5
"""Alternatives whose heuristic gain is not above this are not examined (they were never worth
their time in the tuning runs)."""


def parse_budget(name: str) -> int:
    """The node budget of a player name ``search`` or ``search:N`` (N from 1 to 1,000).

    >>> parse_budget("search"), parse_budget("search:4")
    (3, 4)
    """
    base, sep, rest = name.partition(":")
    if base != "search":
        raise ValueError(f"not a search player name: {name!r}")
    if not sep:
        return DEFAULT_BUDGET
    if not rest.isdigit() or not 1 <= int(rest) <= MAX_BUDGET:
        raise ValueError(f"search player budget {rest!r} in {name!r} must be a whole number from 1 to "
                         f"{MAX_BUDGET:,} (nodes per decision), e.g. search:8")
    return int(rest)


class _Found(Exception):
    """Raised by a probe copy to hand back the first action a player applies."""

    def __init__(self, action: Action):
        self.action = action


class SearchPlayer(Player):
    """Expectimax over candidate actions with exact odds, heuristic finishing the turn, and a
    material/threat evaluation (see the module docstring)."""

    name = "search"

    def __init__(self, budget: int = DEFAULT_BUDGET, lam: float = LAM, floor: float = FLOOR):
        if not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"search budget must be a whole number from 1 to {MAX_BUDGET:,}, not {budget!r}")
        self.budget = budget
        self.lam = lam
        self.floor = floor
        self.name = "search" if budget == DEFAULT_BUDGET else f"search:{budget}"
        self._h = HeuristicPlayer()
        self._model = (self._h, self._h)
        self._masked: frozenset[int] = frozenset()
        self._unknown_key = card_key(UNKNOWN_CARD)
        self._unknown_value = card_value(self._unknown_key)

    # ---------------------------------------------------------------- delegated decisions

    def place(self, state, seat: int) -> dict[int, int]:
        return self._h.place(state, seat)

    def attach(self, state, unit: int, hosts: list[int]) -> int:
        return self._h.attach(state, unit, hosts)

    def hide(self, state, candidates: list[int]) -> list[int]:
        return self._h.hide(state, candidates)

    def choose_defender(self, state, attacker: int, target: int, candidates: list[int]) -> int:
        return self._h.choose_defender(state, attacker, target, candidates)

    def weaken(self, state, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        return self._h.weaken(state, chooser, attacker, parrier, base, alt)

    def choose_targets(self, state, unit: int, index: int, candidates: Sequence[int],
                       most: int) -> tuple[int, ...]:
        return self._h.choose_targets(state, unit, index, candidates, most)

    def choose_option(self, state, unit: int, options: Sequence[int],
                      candidates: Sequence[Sequence[int]]) -> int:
        return self._h.choose_option(state, unit, options, candidates)

    def token_holder(self, state, unit: int, candidates: Sequence[int], give: bool) -> int:
        return self._h.token_holder(state, unit, candidates, give)

    def incarnate_square(self, state, unit: int, squares: Sequence[int]) -> int:
        return self._h.incarnate_square(state, unit, squares)

    def incarnate_early(self, state, unit: int, missing: int) -> bool:
        return self._h.incarnate_early(state, unit, missing)

    def choose_direction(self, state, unit: int) -> str:
        return self._h.choose_direction(state, unit)

    def choose_form(self, state, unit: int) -> str:
        return self._h.choose_form(state, unit)

    def relocate(self, state, unit: int, why: str, squares: Sequence[int]) -> int:
        return self._h.relocate(state, unit, why, squares)

    def dirty_trick(self, state, unit: int, x: int, candidates: Sequence[int]) -> int:
        return self._h.dirty_trick(state, unit, x, candidates)

    def accept(self, state, unit: int, index: int, target: int) -> bool:
        return self._h.accept(state, unit, index, target)

    def stay_closed(self, state, unit: int) -> bool:
        return self._h.stay_closed(state, unit)

    def redirect(self, state, unit: int, attacker: int, target: int, candidates: list[int],
                 index: int) -> int:
        return self._h.redirect(state, unit, attacker, target, candidates, index)

    def sudden(self, state, seat: int, moment: str, attacker: int, target: int,
               options: Sequence[tuple[int, int]]) -> Any:
        return self._h.sudden(state, seat, moment, attacker, target, options)

    # ---------------------------------------------------------------- the turn

    def play_turn(self, state) -> None:
        me, turn = state.active, state.turn
        while not state.over and state.active == me and state.turn == turn:
            action = self.choose_action(state)
            if type(action) is EndTurn:
                return
            state.apply(action)

    def choose_action(self, state: Battle) -> Action:
        """The candidate with the highest expected evaluation (ties: the heuristic's)."""
        seed = state.prng.getrandbits(32)
        candidates = self._candidates(state, seed)
        if len(candidates) == 1:
            return candidates[0]
        me = state.active
        self._masked = frozenset([u for u in range(state.n) if state.hidden[u]])
        best, choice = -1e18, candidates[0]
        for action in candidates:
            q = self._expected(state, action, me, seed)
            if q > best:
                best, choice = q, action
        return choice

    def _proposal(self, state: Battle, seed: int) -> Action:
        """The heuristic's next action here (its turn played on a copy until it applies one)."""
        probe = state.clone(seed)
        probe.capture = _Found
        try:
            self._h.play_turn(probe)
        except _Found as found:
            return found.action
        return END_TURN

    def _candidates(self, state: Battle, seed: int) -> list[Action]:
        """The heuristic's proposal, then (if it acts rather than moves or ends the turn) the other
        strikes and ability uses by the heuristic's gain; at most ``budget``."""
        h = self._proposal(state, seed)
        t = type(h)
        if self.budget == 1 or not (t is Strike or t is UseAbility or t is Accumulate or t is Prepare):
            return [h]
        heur = self._h
        hidden = state.hidden
        ranked: list[tuple[float, int, Action]] = []
        k = 0
        for u in state.units[state.active] + state.lands[state.active]:
            for v in state.targets(u):
                if not hidden[v]:
                    strike = Strike(u, v)
                    if strike != h:
                        ranked.append((heur._gain(state, u, v), -k, strike))
                        k += 1
            if state.acts[u]:
                for index in state.profiles[u].actions:
                    cands = [v for v in state.ability_targets(u, index) if not hidden[v]]
                    if not cands:
                        continue
                    most = min(ability(state.key[u], index).targets, len(cands))
                    scored = sorted(((heur._target_gain(state, u, index, v), v) for v in cands), reverse=True)
                    # One target: each is a candidate; several: the best ones together.
                    options: list[tuple[float, tuple[int, ...]]]
                    if most == 1:
                        options = [(g, (v,)) for g, v in scored]
                    else:
                        best = scored[:most]
                        options = [(sum(g for g, _ in best), tuple(sorted(v for _, v in best)))]
                    for g, targets in options:
                        use = UseAbility(u, index, targets)
                        if use != h:
                            ranked.append((g, -k, use))
                            k += 1
        ranked.sort(reverse=True)
        return [h] + [a for g, _, a in ranked[:self.budget - 1] if g > self.floor]

    def _expected(self, state: Battle, action: Action, me: int, seed: int) -> float:
        """Σ p · value over the action's exact outcomes, each finished by the heuristic."""
        parrier = None
        if type(action) is Strike:
            u, v = action
            cands = state.defenders(u, v)
            if cands:
                d = self._h.choose_defender(state, u, v, cands)
                if d >= 0:
                    parrier = d
        children: dict[tuple, list] = {}
        for p, draws in state.outcomes(action, parrier):
            child = state.clone(seed)
            child.players = self._model
            child.apply(action, draws)
            # Outcomes that leave the same position are finished once, their odds added up.
            key = (tuple(child.wounds), tuple(child.poison), tuple(child.counters), child.over)
            seen = children.get(key)
            if seen is None:
                children[key] = [p, child]
            else:
                seen[0] += p
        total = 0.0
        for p, child in children.values():
            total += p * self._finish(child, me)
        return total

    def _finish(self, c: Battle, me: int) -> float:
        """The heuristic finishes ``me``'s turn on copy ``c``; the evaluation then (the turn is not
        passed: the start of the opponent's turn would cost time and change little between
        candidates)."""
        if not c.over and c.active == me:
            self._h.play_turn(c)
        return self.evaluate(c, me)

    # ---------------------------------------------------------------- evaluation

    def evaluate(self, b: Battle, me: int) -> float:
        """Material − ``lam`` · the enemy's threat next turn, in card-value units, for ``me``
        (±:data:`WIN` for a finished battle, 0 for a draw)."""
        if b.over:
            return 0.0 if b.winner is None else (WIN if b.winner == me else -WIN)
        h = self._h
        ctx = h._context(b)
        value_of, cache, model = ctx[18], ctx[15], ctx[19]
        life, wounds, hidden = b.life, b.wounds, b.hidden
        masked, unknown = self._masked, self._unknown_value
        material = 0.0
        for side in (0, 1):
            sign = 1.0 if side == me else -1.0
            for u in b.units[side]:
                if u in masked:  # hidden at the decision (3.11.1): the unknown card, 6 life
                    material += sign * unknown * (1.0 - 0.5 * min(wounds[u], 5) / 6)
                else:
                    material += sign * value_of[u] * (1.0 - 0.5 * wounds[u] / life[u])
        if not self.lam:
            return material
        # The threat: expected gain of each enemy creature's best strike next turn (the memo of
        # HeuristicPlayer._gain, inlined: its key fields ku|kv|rem_u|rem_v|arm_u|arm_v|fights).
        pos, kind, creature, opened, armor_left = b.pos, b.kind, b.creature, b.open, b.armor_left
        keys, unanswerable, unknown_key = b.key, b.unanswerable, self._unknown_key
        targets = []
        for v in b.units[me]:
            if hidden[v]:
                kv, rem_v = unknown_key, 6
            else:
                kv, rem_v = keys[v], life[v] - wounds[v]
            arm_v = armor_left[v]
            targets.append((v, pos[v], kv << 37 | rem_v << 17 | arm_v << 1, kv, rem_v, arm_v,
                            opened[v] and creature[v]))
        has_strike, points = b.has_strike, b.move_points
        pairs = []
        for e in b.units[1 - me]:
            if not has_strike[e] or not creature[e]:
                continue
            pe = pos[e]
            flyer = kind[e] == FLYER
            if not flyer and (pe < 0 or kind[e] != GROUND):
                continue
            reach = 1 + points[e]
            ke, arm_e, rem_e = keys[e], armor_left[e], life[e] - wounds[e]
            near = CHEBYSHEV[pe] if not flyer else None
            base = ke << 57 | arm_e << 9
            for v, pv, part, kv, rem_v, arm_v, can_fight in targets:
                if near is not None and (pv < 0 or near[pv] > reach):
                    continue
                fights = can_fight and not (unanswerable[e] and b.strike_flag(e, v, "unanswerable"))
                rem_u = rem_e if fights else 0
                key = base | part | rem_u << 27 | fights
                g = cache.get(key)
                if g is None:
                    if len(cache) > 2_000_000:
                        cache.clear()
                    g = cache[key] = _exact_gain(ke, kv, rem_u, rem_v, arm_e, arm_v, fights, model)
                if g > 0:
                    pairs.append((g, e, v))
        return material - self.lam * _matched(pairs)


def _matched(pairs: list[tuple[float, int, int]]) -> float:
    """Total gain of a greedy one-to-one matching of attackers to targets (best pair first): a
    card strikes once, and a card killed once is not killed again by a second attacker."""
    if len(pairs) < 2:
        return pairs[0][0] if pairs else 0.0
    pairs.sort(reverse=True)
    used_a = used_t = 0  # (bit masks of the units already matched)
    total = 0.0
    for g, a, t in pairs:
        if not (used_a >> a & 1 or used_t >> t & 1):
            used_a |= 1 << a
            used_t |= 1 << t
            total += g
    return total


__all__ = ["DEFAULT_BUDGET", "FLOOR", "LAM", "MAX_BUDGET", "SearchPlayer", "parse_budget"]
