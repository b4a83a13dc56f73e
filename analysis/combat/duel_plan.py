"""What two creatures do in a duel, turn by turn: the plan the exact duel (:mod:`analysis.combat.duel`), its
simulation (:mod:`analysis.combat.monte_carlo`) and the ratings (:mod:`analysis.combat.ratings`) all follow.

Every turn the creature to move opens and regenerates (and takes its poisoning), then does one of:

- ``strike``: its attack in contact — its simple strike, or a ``tap`` ability that wounds
  (magic or special strike, spell, effect; for a flyer or against one also its ranged attacks,
  since a flyer stands next to nothing: 000 1.5.1 a), whichever deals the most wounds on average
  to this opponent as a closed card (armor, protections and "−X from" included; a tie goes to the
  simple strike). The same attack is used against an open target, where the simple strike is an
  exchange (000 4.2). Attacking closes it (000 2.4);
- ``shoot``: its best ranged attack (shot, throw, discharge, strike through a row, spell, effect
  usable two squares away); the target does not fight (000 glossary "Ranged attack");
- ``prepare``: it closes "for a strike against a flying creature" (000 4.16), no attack;
- ``idle``: it cannot reach the other and stays open.

**The approach.** On the 5×6 board the two 1st rows touch (000 2.1.1, 3.9-3.10), so two creatures
that fight in contact start in contact. A *shooter* — a creature whose best ranged attack deals on
average at least as many wounds to the other as its contact attack — stays one row back, two
squares from the enemy (:data:`APPROACH_DISTANCE`): if it moves first it shoots once, and the other
walks one square and strikes it (closed, since shooting closed it) on its first turn — or, with no
movement, never reaches it and is shot every turn. Two shooters never close in and shoot each other
every turn. A ground creature fights a flyer under 000 4.16: it closes on one turn and strikes on
the next, or — if that is worth more — shoots it every turn (ranged attacks, spells and effects
reach flyers whatever the range, 000 2.1.2).

**Poison** (a ``poison`` fact on trigger ``strike``): the target takes X wounds at the start of each
of its turns after the poisoner's first simple strike (not if it is protected from poison or has
fortitude). Counter-strikes do not poison here, and under ``optimal`` a held-back first strike does
not delay it.

**A strike that does not close** (a standing ``stays_open``, 10/165 Барака; 000 2.x: it does not
act again either): when its contact attack is its simple strike, it waits open after a ``strike``,
so the other's attacks meet an open parrier. Protection from counter-strikes, "−X from directed
strikes", keyword grants that hold without a condition and the ``vs_has`` conditions come with the
fighters (:func:`analysis.combat.strike.fighter_from_facts`).

Left out of duels: abilities paid with counters or limited in uses, heals, triggered abilities
other than poisoning on strike, abilities that hold only against some opponents (unless the
fighters were built against each other), several targets, the other cards of a battle.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from analysis.combat.strike import AbilityAttack, Fighter, StrikeSpace, ability_space, strike_space

STRIKE, SHOOT, PREPARE, IDLE = "strike", "shoot", "prepare", "idle"
APPROACH_DISTANCE = 2
"""Squares between a creature with a ranged attack and its opponent when the duel starts."""


def _expected(space: StrikeSpace) -> tuple[float, float]:
    """Mean wounds (to the target, to the attacker) of a space, without weakening."""
    den = space.denominator
    return (
        sum(b.weight * b.plain[0] for b in space.branches) / den,
        sum(b.weight * b.plain[1] for b in space.branches) / den,
    )


@dataclass(frozen=True)
class Choice:
    """An attack of one side against the other: the simple strike (``attack`` None) or an ability."""

    attack: AbilityAttack | None = None

    @property
    def simple(self) -> bool:
        return self.attack is None

    @property
    def label(self) -> str:
        return "simple strike" if self.attack is None else self.attack.kind.replace("_", " ")

    def space(self, att: Fighter, tgt: Fighter, model: str, target_open: bool) -> StrikeSpace:
        """Its outcome space; an ability's target never fights."""
        if self.attack is None:
            return strike_space(att, tgt, model, closed=not target_open)
        return ability_space(self.attack, tgt)


SIMPLE = Choice()


@dataclass(frozen=True)
class Side:
    """What one creature does on its own turns (``head`` first, then ``cycle`` repeated) and
    which attacks it uses."""

    head: tuple[str, ...]
    cycle: tuple[str, ...]
    strike_closed: Choice = SIMPLE
    strike_open: Choice = SIMPLE
    shoot: Choice | None = None
    poison: int = 0
    """Poisoning it imposes on the other (0: none or the other is protected)."""
    poisons_from: int | None = None
    """Its own-turn index of the first simple strike that poisons (None: never)."""
    stays_open: bool = False
    """Its contact attack is its simple strike and does not close it (``stays_open``): after a
    ``strike`` it waits open (000 2.x, Baraka)."""

    def action(self, k: int) -> str:
        """Its action on its ``k``-th own turn (0-based)."""
        if k < len(self.head):
            return self.head[k]
        return self.cycle[(k - len(self.head)) % len(self.cycle)]

    def choice(self, action: str, target_open: bool) -> Choice:
        if action == SHOOT:
            assert self.shoot is not None
            return self.shoot
        return self.strike_open if target_open else self.strike_closed


@dataclass(frozen=True)
class DuelPlan:
    """The plan of a duel in which ``first`` (seat 0) moves on even turns."""

    first: Side
    second: Side

    def side(self, mover: int) -> Side:
        return self.first if mover == 0 else self.second

    def action(self, t: int) -> str:
        """The mover's action on global turn ``t`` (0 = the first creature's first turn)."""
        return self.side(t % 2).action(t // 2)

    def poison_on(self, t: int) -> int:
        """Wounds the mover of turn ``t`` takes from poisoning at the start of that turn."""
        other = self.side(1 - t % 2)
        if not other.poison or other.poisons_from is None:
            return 0
        poisoned_at = 2 * other.poisons_from + (1 - t % 2)  # the global turn of that strike
        return other.poison if t > poisoned_at else 0

    @property
    def head_turns(self) -> int:
        """Global turns before the plan repeats (heads and the start of any poisoning)."""
        head = 2 * max(len(self.first.head), len(self.second.head))
        for mover in (0, 1):
            s = self.side(mover)
            if s.poison and s.poisons_from is not None:
                head = max(head, 2 * s.poisons_from + mover + 2)
        return head

    @property
    def period(self) -> int:
        """Global turns after which the plan repeats (past :attr:`head_turns`)."""
        a, b = len(self.first.cycle), len(self.second.cycle)
        from math import lcm

        return 2 * lcm(a, b)

    def describe(self) -> str:
        parts = []
        for name, s in (("first", self.first), ("second", self.second)):
            turns = [s.action(k) for k in range(4)]
            parts.append(f"{name}: {', '.join(turns)}, … (strike: {s.strike_closed.label})")
        return "; ".join(parts)


def _usable(f: Fighter, other: Fighter, adjacent: bool) -> list[AbilityAttack]:
    """The fighter's ability attacks usable against ``other``: in contact (``adjacent``) or from
    two squares away; when a flyer is involved, every one that can reach the other (a flyer stands
    on no square and next to nothing, 000 1.5.1 a; a ground card's close strikes reach no flyer)."""
    out = []
    for a in f.attacks:
        if a.kind == "strike_through_row" and (f.flyer or other.flyer):
            continue  # it needs squares in a row
        if f.flyer:
            out.append(a)
        elif other.flyer:
            if not (a.kind in ("magic_strike", "special_strike") and a.range is None):
                out.append(a)
        elif (adjacent and a.close) or (not adjacent and a.ranged):
            out.append(a)
    return out


def closed_mean(choice: Choice, f: Fighter, other: Fighter, model: str) -> float:
    """Mean wounds of one use of ``choice`` by ``f`` on ``other`` as a closed card."""
    return _expected(choice.space(f, other, model, False))[0]


@lru_cache(maxsize=65_536)
def defence(f: Fighter) -> Fighter:
    """The part of a fighter that decides what attacks on it as a closed card do (armor,
    protections, "−X from", flight): two fighters with the same defence suffer alike."""
    return Fighter(
        name="",
        strike=(0, 0, 0),
        life=1,
        armor=f.armor,
        reduce=f.reduce,
        prot_simple=f.prot_simple,
        flyer=f.flyer,
        prot_flyers=f.prot_flyers,
        guards=f.guards,
        reductions=f.reductions,
    )


def _best(
    f: Fighter, other: Fighter, options: list[AbilityAttack], model: str, with_simple: bool = True
) -> tuple[Choice | None, float]:
    """The option with the most expected wounds to ``other`` as a closed card; ties go to the
    simple strike, then to the first ability listed (cached by the other's :func:`defence`)."""
    return _best_cached(f, defence(other), tuple(options), model, with_simple)


@lru_cache(maxsize=200_000)
def _best_cached(
    f: Fighter, other: Fighter, options: tuple[AbilityAttack, ...], model: str, with_simple: bool
) -> tuple[Choice | None, float]:
    best: Choice | None = None
    score = -1.0
    if with_simple:
        best, score = SIMPLE, closed_mean(SIMPLE, f, other, model)
    for a in options:
        dealt = closed_mean(Choice(a), f, other, model)
        if dealt > score + 1e-12:
            best, score = Choice(a), dealt
    return best, score


def _poison_start(side: Side, f: Fighter, other: Fighter) -> Side:
    """Fill in when (on which own turn) the side's simple strike first poisons the other."""
    if not f.poison or "poison" in other.guards or other.prot_simple:  # 000 2.8: nothing accompanies
        return side
    for k in range(len(side.head) + 2 * len(side.cycle) + 2):
        action = side.action(k)
        if action == STRIKE and side.choice(action, k == 0).simple:
            return Side(side.head, side.cycle, side.strike_closed, side.strike_open, side.shoot, f.poison, k,
                        side.stays_open)
    return side


def plan_duel(first: Fighter, second: Fighter, model: str) -> DuelPlan:
    """The plan of the duel of ``first`` (moving first) and ``second`` (see the module docstring)."""
    sides = []
    for f, other in ((first, second), (second, first)):
        if other.flyer and not f.flyer:  # 000 4.16: its simple strike, or an ability every turn
            contact, contact_score = SIMPLE, closed_mean(SIMPLE, f, other, model)
            ranged = _usable(f, other, adjacent=True)
        else:
            contact, contact_score = _best(f, other, _usable(f, other, adjacent=True), model)
            ranged = [] if (f.flyer or other.flyer) else _usable(f, other, adjacent=False)
        shoot, shoot_score = _best(f, other, ranged, model, with_simple=False)
        sides.append((f, other, contact, contact_score, shoot if ranged else None, shoot_score))
    (_, _, _, ca_score, sa, sa_score), (_, _, _, cb_score, sb, sb_score) = sides
    actions = _actions(first, second, sa, sb, sa_score, sb_score, ca_score, cb_score)
    out = []
    for (head, cycle), (f, other, contact, _, shoot, _) in zip(actions, sides, strict=True):
        side = Side(head, cycle, contact, contact, shoot, stays_open=f.stays_open and contact.simple)
        out.append(_poison_start(side, f, other))
    return DuelPlan(out[0], out[1])


def _actions(
    a: Fighter,
    b: Fighter,
    sa: Choice | None,
    sb: Choice | None,
    sa_score: float,
    sb_score: float,
    ca_score: float,
    cb_score: float,
) -> tuple[tuple, tuple]:
    """(head, cycle) of own-turn actions for each side (see the module docstring)."""
    if a.flyer or b.flyer:
        out = []
        for f, shoot, score, contact in ((a, sa, sa_score, ca_score), (b, sb, sb_score, cb_score)):
            if f.flyer:
                out.append(((), (STRIKE,)))
            elif shoot is not None and 2 * score >= contact:  # 000 4.16 or shooting every turn
                out.append(((), (SHOOT,)))
            else:
                out.append(((), (PREPARE, STRIKE)))
        return out[0], out[1]
    shoots_a = sa is not None and sa_score >= ca_score
    shoots_b = sb is not None and sb_score >= cb_score
    if not shoots_a and not shoots_b:
        return ((), (STRIKE,)), ((), (STRIKE,))
    if shoots_a and shoots_b:
        return ((), (SHOOT,)), ((), (SHOOT,))
    if shoots_a:  # a shoots once; b walks one square and strikes, or cannot walk
        if b.move >= 1:
            return ((SHOOT,), (STRIKE,)), ((), (STRIKE,))
        return ((), (SHOOT,)), ((), (IDLE,))
    if a.move >= 1:  # a walks in and strikes at once: b never shoots
        return ((), (STRIKE,)), ((), (STRIKE,))
    return ((), (IDLE,)), ((), (SHOOT,))


__all__ = [
    "APPROACH_DISTANCE",
    "IDLE",
    "PREPARE",
    "SHOOT",
    "STRIKE",
    "Choice",
    "DuelPlan",
    "Side",
    "closed_mean",
    "plan_duel",
]
