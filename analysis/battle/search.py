"""A player that looks ahead: one-ply expectimax over the turn's actions with the exact odds.

At every decision of its turn :class:`SearchPlayer` weighs a few candidate actions and plays the
one whose expected evaluation is highest:

- **Candidates**, best first: the action the heuristic player would take
  (:class:`~analysis.battle.players.HeuristicPlayer`, asked on a copy of the state), ending the
  turn, every strike and ability use of the position ranked by the heuristic's expected gain, and
  the other steps of the unit the heuristic would move. At most ``budget`` candidates are
  examined per decision: the budget is the number of chance nodes expanded.
- **Chance nodes are exact:** each candidate's dice distribution comes from
  ``state.outcomes(action, parrier)`` (the parrier the heuristic would appoint as defender); each
  outcome is played on ``state.clone(dice_seed)`` with ``apply(action, draws)``, so every child is
  the position that outcome leads to, weighted by its probability. All candidates of a decision
  share one ``dice_seed`` (common random numbers for the dice of triggered abilities).
- **Leaves** are scored by :meth:`SearchPlayer.evaluate` from the searching side's view:
  material (each card's value, cost + 1 + its strongest strike, less half its share of life per
  wound, as the heuristic values cards), plus ``alpha`` times what its cards that may still act
  this turn could win (the best expected gain against an enemy they can reach this turn), minus
  ``lam`` times the *threat*: what each enemy creature could win next turn against the cards it
  can reach (ground creatures: within its movement + 1 squares; flyers: anywhere), where a card
  that has acted is closed and cannot strike back. So a card does not walk into reach of the
  enemy without striking, and strikes when the exchange pays for being closed afterwards.
- **Reactions** (defenders, weakening, triggered targets), placement, companions and hiding are
  the heuristic's; inside the look-ahead both sides' reactions are modelled by the heuristic.

Randomness comes only from ``state.prng`` (the ``dice_seed`` of each decision), so a battle is a
pure function of its seed. Hidden cards of the Second player (000 3.11.1) are valued as the
unknown average card and are never the target of an alternative candidate (only of the
heuristic's own proposal, which already treats them as unknown).

    >>> SearchPlayer(8).budget, parse_budget("search:32")
    (8, 32)
"""

from __future__ import annotations

from collections.abc import Sequence

from analysis.battle.board import CHEBYSHEV
from analysis.battle.interface import (
    END_TURN,
    Action,
    EndTurn,
    Move,
    Player,
    Strike,
    UseAbility,
)
from analysis.battle.players import UNKNOWN_CARD, HeuristicPlayer, card_value
from analysis.battle.tables import FLYER, GROUND, card_key

DEFAULT_BUDGET = 4
"""Chance nodes (candidate actions, each with its whole outcome distribution) per decision."""
MAX_BUDGET = 1_000
WIN = 1_000.0
"""Value of a won battle in material units (a card is worth about 5-15)."""


def parse_budget(name: str) -> int:
    """The node budget of a player name ``search`` or ``search:N`` (N from 1 to 1,000).

    >>> parse_budget("search"), parse_budget("search:4")
    (16, 4)
    """
    base, sep, rest = name.partition(":")
    if base != "search":
        raise ValueError(f"not a search player name: {name!r}")
    if not sep:
        return DEFAULT_BUDGET
    if not rest.isdigit() or not 1 <= int(rest) <= MAX_BUDGET:
        raise ValueError(f"search player budget {rest!r} in {name!r} must be a whole number from 1 to "
                         f"{MAX_BUDGET:,} (nodes per decision), e.g. search:16")
    return int(rest)


class _Found(Exception):
    """Raised by a probe copy to hand back the first action a player applies."""

    def __init__(self, action: Action):
        self.action = action


class SearchPlayer(Player):
    """One-ply expectimax with exact outcome odds and a material/threat evaluation (module doc)."""

    name = "search"

    def __init__(self, budget: int = DEFAULT_BUDGET, lam: float = 0.0, alpha: float = 0.8, steps: bool = True,
                 hold: bool = False):
        if not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"search budget must be a whole number from 1 to {MAX_BUDGET:,}, not {budget!r}")
        self.budget = budget
        self.lam = lam
        self.alpha = alpha
        self.steps = steps
        self.hold = hold
        self.name = "search" if budget == DEFAULT_BUDGET else f"search:{budget}"
        self._h = HeuristicPlayer()
        self._held: set[int] = set()
        self._masked: frozenset[int] = frozenset()
        self._model = (self._h, self._h)
        self._unknown_value = card_value(card_key(UNKNOWN_CARD))

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

    # ---------------------------------------------------------------- the turn

    def play_turn(self, state) -> None:
        me = state.active
        turn = state.turn
        self._held: set[int] = set()
        while not state.over and state.active == me and state.turn == turn:
            action = self._decide(state)
            if type(action) is EndTurn:
                return
            state.apply(action)

    def choose_action(self, state) -> Action:
        """The action this player would take first here (no unit held back yet)."""
        self._held = set()
        return self._decide(state)

    def _decide(self, state) -> Action:
        """The candidate with the highest expected evaluation (ties: the earlier candidate). A
        unit held back (the candidate "this unit does nothing more this turn") is left out of the
        heuristic's later proposals; when every unit is held back the turn ends."""
        while True:
            seed = state.prng.getrandbits(32)
            candidates = self._candidates(state, seed)
            h = candidates[0]
            if type(h) is EndTurn:
                return h
            me = state.active
            self._masked = frozenset(u for u in range(state.n) if state.hidden[u])
            best, choice = -1e18, -1
            if self.hold:
                best = self.evaluate(state, me, held=self._held | {h[0]})
            for i, action in enumerate(candidates):
                q = self._expected(state, action, me, seed)
                if q > best or (i == 0 and q >= best):
                    best, choice = q, i
            if choice >= 0:
                return candidates[choice]
            self._held.add(h[0])

    def _proposal(self, state, seed: int) -> Action:
        """The heuristic's next action here (its turn played on a copy until it applies one)."""
        probe = state.clone(seed)
        for u in self._held:  # held back: the heuristic must not use it again this turn
            probe.acted[u] = True
            probe.moves[u] = 0
        probe.capture = _Found
        try:
            self._h.play_turn(probe)
        except _Found as found:
            return found.action
        return END_TURN

    def _candidates(self, state, seed: int) -> list[Action]:
        """The heuristic's proposal, ending the turn, then strikes and ability uses by the
        heuristic's gain, then the proposed mover's other steps; at most ``budget``."""
        h = self._proposal(state, seed)
        out: list[Action] = [h]
        if type(h) is not EndTurn and not self.hold:
            out.append(END_TURN)
        if type(h) is EndTurn or len(out) >= self.budget:
            return out[:self.budget]
        hidden = state.hidden
        ranked: list[tuple[float, int, Action]] = []
        heur = self._h
        k = 0
        for action in state.legal_actions():
            t = type(action)
            if t is Strike:
                if hidden[action.target]:
                    continue
                g = heur._gain(state, action.unit, action.target)
            elif t is UseAbility:
                if any(hidden[v] for v in action.targets):
                    continue
                g = sum(heur._target_gain(state, action.unit, action.index, v) for v in action.targets)
            elif self.steps and t is Move and type(h) is Move and action.unit == h.unit:
                g = -1e6  # after the strikes and abilities
            else:
                continue
            if action != h and action[0] not in self._held:
                ranked.append((g, -k, action))
            k += 1
        ranked.sort(reverse=True)
        out.extend(a for _, _, a in ranked[:self.budget - len(out)])
        return out

    def _expected(self, state, action: Action, me: int, seed: int) -> float:
        """Σ p · evaluation over the action's exact outcomes (ending the turn: no copy needed)."""
        if type(action) is EndTurn:
            return self.evaluate(state, me, ended=True, held=self._held)
        parrier = None
        if type(action) is Strike:
            u, v = action
            cands = state.defenders(u, v)
            if cands:
                d = self._h.choose_defender(state, u, v, cands)
                if d >= 0:
                    parrier = d
        total = 0.0
        for p, draws in state.outcomes(action, parrier):
            child = state.clone(seed)
            child.players = self._model
            child.apply(action, draws)
            total += p * self.evaluate(child, me, held=self._held)
        return total

    # ---------------------------------------------------------------- evaluation

    def evaluate(self, b, me: int, ended: bool = False, held: set[int] | frozenset = frozenset()) -> float:
        """Material + ``alpha`` · what ``me``'s cards may still win this turn − ``lam`` · the
        enemy's threat next turn, in card-value units (``ended``: the turn is over)."""
        if b.over:
            return 0.0 if b.winner is None else (WIN if b.winner == me else -WIN)
        h = self._h
        ctx = h._ctx if h._bound is b else h._bind(b)
        value_of = ctx[18]
        alive, life, wounds, hidden, seat = b.alive, b.life, b.wounds, b.hidden, b.seat
        unknown = self._unknown_value
        masked = self._masked
        material = 0.0
        for u in range(b.n):
            if alive[u]:
                if u in masked:  # hidden at the decision (3.11.1): the unknown card, 6 life
                    v = unknown * (1.0 - 0.5 * min(wounds[u], 5) / 6)
                else:
                    v = value_of[u] * (1.0 - 0.5 * wounds[u] / life[u])
                material += v if seat[u] == me else -v
        mine, theirs = b.units[me], b.units[1 - me]
        pos, kind, creature, has_strike = b.pos, b.kind, b.creature, b.has_strike
        gain = h._gain
        potential = 0.0
        if not ended and b.active == me:
            opened, acted, moves = b.open, b.acted, b.moves
            pairs = []
            for u in mine:
                if not opened[u] or acted[u] or not has_strike[u] or u in held:
                    continue
                pu = pos[u]
                flyer = kind[u] == FLYER
                if not flyer and pu < 0:
                    continue
                reach = 1 + moves[u]
                for v in theirs:
                    pv = pos[v]
                    if not hidden[v] and (flyer or (pv >= 0 and CHEBYSHEV[pu][pv] <= reach)):
                        g = gain(b, u, v)
                        if g > 0:
                            pairs.append((g, u, v))
            potential = _matched(pairs)
        points = b.move_points
        pairs = []
        for e in theirs:
            if not has_strike[e] or not creature[e]:
                continue
            pe = pos[e]
            flyer = kind[e] == FLYER
            if not flyer and (pe < 0 or kind[e] != GROUND):
                continue
            reach = 1 + points[e]
            for v in mine:
                pv = pos[v]
                if flyer or (pv >= 0 and CHEBYSHEV[pe][pv] <= reach):
                    g = gain(b, e, v)
                    if g > 0:
                        pairs.append((g, e, v))
        threat = _matched(pairs)
        return material + self.alpha * potential - self.lam * threat


def _matched(pairs: list[tuple[float, int, int]]) -> float:
    """Total gain of a greedy one-to-one matching of attackers to targets (best pair first): a
    card strikes once, and a card killed once is not killed again by a second attacker."""
    if len(pairs) < 2:
        return pairs[0][0] if pairs else 0.0
    pairs.sort(reverse=True)
    used_a: set[int] = set()
    used_t: set[int] = set()
    total = 0.0
    for g, a, t in pairs:
        if a not in used_a and t not in used_t:
            used_a.add(a)
            used_t.add(t)
            total += g
    return total


__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "SearchPlayer", "parse_budget"]
