"""Tables for the dashboard's Combat page: the 6×6 dice grid of one strike, its outcome
distribution, duel odds and one creature against every creature of a deck.

    >>> grid = dice_grid(att, tgt, rules, closed=False, weaken="best")   # 36 rows, one per pair of dice
    >>> versus_deck(att, deck, rules)                                     # duel odds per deck creature

Plain functions returning DataFrames; the numbers come from :mod:`analysis.combat.strike`,
:mod:`analysis.combat.duel` and :mod:`analysis.combat.ratings`.
"""

from __future__ import annotations

import pandas as pd

from analysis.combat import strike_table as st
from analysis.combat.duel import DuelResult
from analysis.combat.ratings import duel_matrix
from analysis.combat.strike import (
    DEFENCE_DIE,
    Fighter,
    StrikeOdds,
    fighter_from_card,
    model_of,
    resolve_strike,
)
from analysis.decks.deck import Deck
from analysis.util.errors import BerserkInputError

OUTCOMES = (
    "target dies",
    "both die",
    "attacker dies",
    "both wounded",
    "target wounded",
    "attacker wounded",
    "no wounds",
)
"""Outcome labels of one strike, from the attacker's best to its worst."""


class _ScriptedDice:
    """A stand-in RNG that returns fixed die faces in order (``randint`` like ``random.Random``)."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def randint(self, lo: int, hi: int) -> int:
        return self.faces.pop(0)


def outcome_label(to_target: int, to_attacker: int, attacker: Fighter, target: Fighter) -> str:
    """One of :data:`OUTCOMES` for the wounds one strike dealt each way."""
    t_dies, a_dies = to_target >= target.life, to_attacker >= attacker.life
    if t_dies and a_dies:
        return "both die"
    if t_dies:
        return "target dies"
    if a_dies:
        return "attacker dies"
    if to_target and to_attacker:
        return "both wounded"
    if to_target:
        return "target wounded"
    if to_attacker:
        return "attacker wounded"
    return "no wounds"


def dice_grid(
    attacker: Fighter, target: Fighter, rules, closed: bool = False, weaken: str = "best"
) -> pd.DataFrame:
    """Every pair of dice (attacker's face × parrier's face, 1..6 each): the strikes and wounds.

    Strike Table model: the faces are the dice before modifiers; each of the 36 cells has
    probability 1/36, so the grid's frequencies are the exact distribution (against a closed target
    the parrier's die is not rolled and only the row matters). Defence-die model (realms): the faces
    are the final faces after any re-rolls that experience or blessing allow, so with re-rolls the
    cells are not equally likely. Columns: attacker_die, parrier_die, attacker_roll, parrier_roll,
    dealt, returned (kind names), to_target, to_attacker, weakened, outcome.
    """
    model = model_of(rules)
    rows = []
    for a in range(1, 7):
        for p in range(1, 7):
            if model == DEFENCE_DIE:
                roll = _realms_cell(attacker, target, a, p, closed)
            else:
                roll = resolve_strike(
                    attacker, target, _ScriptedDice(a, p), rules=model, closed=closed, weaken=weaken
                )
            rows.append(
                {
                    "attacker_die": a,
                    "parrier_die": p,
                    "attacker_roll": roll.attacker_roll,
                    "parrier_roll": roll.parrier_roll,
                    "dealt": st.KIND_NAMES[roll.dealt],
                    "returned": st.KIND_NAMES[roll.returned],
                    "to_target": roll.to_target,
                    "to_attacker": roll.to_attacker,
                    "weakened": roll.weakened,
                    "outcome": outcome_label(roll.to_target, roll.to_attacker, attacker, target),
                }
            )
    columns = [
        "attacker_die",
        "parrier_die",
        "attacker_roll",
        "parrier_roll",
        "dealt",
        "returned",
        "to_target",
        "to_attacker",
        "weakened",
        "outcome",
    ]
    return pd.DataFrame(rows, columns=columns)


def _realms_cell(att: Fighter, tgt: Fighter, a: int, d: int, closed: bool):
    """The defence-die rule (004 L241-247) for final faces ``a`` (attack) and ``d`` (defence)."""
    from analysis.combat.strike import StrikeRoll

    face = min(6, max(1, a + att.roll))
    kind = st.closed_target_kind(face)  # same bands: 1-3 light, 4-5 medium, 6 strong
    dealt = max(0, att.wounds(kind) - tgt.armor)
    defence = min(6, max(1, d + tgt.roll))
    if closed or defence <= 4:
        return StrikeRoll(face, None if closed else defence, kind, st.MISS, dealt, 0, False, None)
    if defence == 5:
        return StrikeRoll(face, defence, st.MISS, st.MISS, 0, 0, False, None)
    back = max(0, tgt.wounds(st.WEAK) - att.armor)
    return StrikeRoll(face, defence, st.MISS, st.WEAK, 0, back, False, None)


def outcome_frame(odds: StrikeOdds) -> pd.DataFrame:
    """The exact outcome distribution of one strike: wounds each way, label, probability (float and exact)."""
    rows = [
        {
            "to_target": o.to_target,
            "to_attacker": o.to_attacker,
            "outcome": outcome_label(o.to_target, o.to_attacker, odds.attacker, odds.target),
            "p": float(o.p),
            "exact": str(o.p),
        }
        for o in odds.outcomes
    ]
    frame = pd.DataFrame(rows, columns=["to_target", "to_attacker", "outcome", "p", "exact"])
    return frame.sort_values("p", ascending=False, ignore_index=True)


def outcome_totals(frame: pd.DataFrame) -> pd.DataFrame:
    """P(outcome) summed over wound pairs, in :data:`OUTCOMES` order (absent outcomes left out)."""
    totals = frame.groupby("outcome").p.sum()
    return pd.DataFrame(
        [{"outcome": o, "p": float(totals[o])} for o in OUTCOMES if o in totals], columns=["outcome", "p"]
    )


def duel_frame(results: list[DuelResult]) -> pd.DataFrame:
    """Duel results side by side: who moved first, each ending's probability, the play assumed."""
    rows = [
        {
            "first": r.first,
            "second": r.second,
            "first_wins": r.first_wins,
            "second_wins": r.second_wins,
            "both_die": r.both_die,
            "undecided": r.undecided,
            "policy": r.policy,
            "weaken": r.weaken,
        }
        for r in results
    ]
    return pd.DataFrame(
        rows,
        columns=["first", "second", "first_wins", "second_wins", "both_die", "undecided", "policy", "weaken"],
    )


def versus_deck(fighter: Fighter, deck: Deck, rules, weaken: str = "best") -> pd.DataFrame:
    """``fighter`` in an always-attack duel against every creature of ``deck`` (first strike split evenly).

    One row per creature printing with strike and life: copies, win, loss, both_die (exact, from
    :func:`analysis.combat.ratings.duel_matrix`), best first. ``win`` averages moving first and second.
    """
    entries = [e for e in deck.entries if e.card.is_creature and e.card.strike and e.card.life]
    if not entries:
        raise BerserkInputError(f"deck {deck.title!r} has no creature with strike and life")
    others = [fighter_from_card(e.card) for e in entries]
    first = duel_matrix([fighter], others, rules, weaken)
    second = duel_matrix(others, [fighter], rules, weaken)
    win = 0.5 * first.first_wins[0] + 0.5 * second.second_wins[:, 0]
    loss = 0.5 * first.second_wins[0] + 0.5 * second.first_wins[:, 0]
    both = 0.5 * first.both_die[0] + 0.5 * second.both_die[:, 0]
    frame = pd.DataFrame(
        {
            "name": [e.card.name for e in entries],
            "copies": [e.count for e in entries],
            "cost": [e.card.cost for e in entries],
            "strike": ["-".join(map(str, e.card.strike)) for e in entries],
            "life": [e.card.life for e in entries],
            "win": win,
            "loss": loss,
            "both_die": both,
        }
    )
    return frame.sort_values(["win", "name"], ascending=[False, True], ignore_index=True)


def weighted_win(frame: pd.DataFrame) -> float:
    """Win probability against a creature drawn at random from the deck (weighted by copies)."""
    return float((frame.win * frame.copies).sum() / frame.copies.sum())


__all__ = [
    "OUTCOMES",
    "dice_grid",
    "duel_frame",
    "outcome_frame",
    "outcome_label",
    "outcome_totals",
    "versus_deck",
    "weighted_win",
]
