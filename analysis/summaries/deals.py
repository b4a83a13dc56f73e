"""Tables from deal odds and deal simulations, for the dashboard's Deals and Budgets pages.

    >>> sim = simulate(deck, rules, trials=5_000, seed=1, policy="optimal")
    >>> distribution_frame(sim.squad_value_pmf)      # value, p, lo, hi (whole-number values)
    >>> value_frame(sim)                             # value, width, p, lo, hi (any objective)
    >>> policy_frame([never, optimal, threshold])    # policies side by side with 95 % intervals

Plain functions returning DataFrames; Monte Carlo rows always carry their 95 % interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pandas as pd

from analysis.decks.deck import Deck
from analysis.rules import Ruleset
from analysis.squad.deals import DealOdds, Estimate, Simulation, proportion_ci, simulate
from analysis.squad.recruit import DEFAULT_OBJECTIVE

OBJECTIVE_UNITS = {
    "strength": "strength, log-odds of winning",
    "crystals": "crystals",
    "rating": "expected duel wins",
    "weights": "weighted crystals",
}
"""The unit of a squad value under each recruitment objective (English; the dashboard has its own)."""


def distribution_frame(hist: Mapping[int, Estimate]) -> pd.DataFrame:
    """A simulated distribution (value → proportion with Wilson interval) as rows value, p, lo, hi."""
    rows = [{"value": k, "p": e.mean, "lo": e.lo, "hi": e.hi} for k, e in sorted(hist.items())]
    return pd.DataFrame(rows, columns=["value", "p", "lo", "hi"])


def value_frame(sim: Simulation) -> pd.DataFrame:
    """The squad value's distribution as bars: rows value (bar centre), width, p, lo, hi. Whole-number
    values (crystals) get one bar per value (width 1); real values (strength, ratings) the equal-width
    bins of :func:`analysis.squad.deals.binned_histogram`, centred on the bin."""
    if sim.squad_value_pmf:
        return distribution_frame(sim.squad_value_pmf).assign(width=1.0)[["value", "width", "p", "lo", "hi"]]
    rows = [{"value": (b.lo + b.hi) / 2, "width": b.hi - b.lo, "p": b.share.mean, "lo": b.share.lo,
             "hi": b.share.hi} for b in sim.squad_value_bins]
    return pd.DataFrame(rows, columns=["value", "width", "p", "lo", "hi"])


def exact_against_simulated(exact: Sequence[float], simulated: Mapping[int, Estimate]) -> pd.DataFrame:
    """An exact pmf next to its simulated estimate: k, exact, simulated, lo, hi, and whether the
    exact value lies inside the 95 % interval (about 1 row in 20 may not, by chance). A k never
    seen in the simulation is an estimate of 0 with the Wilson interval of 0 out of n."""
    n = next(iter(simulated.values())).n if simulated else 0
    rows = []
    for k in range(max(len(exact), max(simulated, default=-1) + 1)):
        p = exact[k] if k < len(exact) else 0.0
        est = simulated.get(k) or proportion_ci(0, n)
        rows.append({"k": k, "exact": p, "simulated": est.mean, "lo": est.lo, "hi": est.hi,
                     "inside": bool(est.lo <= p <= est.hi)})
    return pd.DataFrame(rows, columns=["k", "exact", "simulated", "lo", "hi", "inside"])


def count_odds_frame(odds: DealOdds) -> pd.DataFrame:
    """Exact P(exactly k) of elites, flyers and each element's cards in the first deal, long form."""
    rows = []
    series = {"elites": odds.elite_count_pmf, "flyers": odds.flyer_count_pmf}
    series |= {f"{e} cards": pmf for e, pmf in odds.element_count_pmf.items()}
    for quantity, pmf in series.items():
        for k, p in enumerate(pmf):
            rows.append({"quantity": quantity, "k": k, "p": p})
    return pd.DataFrame(rows, columns=["quantity", "k", "p"])


def count_odds_table(odds: DealOdds) -> pd.DataFrame:
    """The same odds as a wide table: one row per quantity, with the mean and P(k) columns."""
    long = count_odds_frame(odds)
    wide = long.pivot(index="quantity", columns="k", values="p").fillna(0.0)
    wide.columns = [f"P({k})" for k in wide.columns]
    means = long.assign(m=long.k * long.p).groupby("quantity").m.sum()
    wide.insert(0, "expected", means)
    order = [q for q in dict.fromkeys(long.quantity)]
    return wide.loc[order].reset_index()


def card_odds_frame(deck: Deck, odds: DealOdds) -> pd.DataFrame:
    """Per card name: copies in the deck, P(at least one in the deal), expected copies dealt."""
    counts = deck.counts_by_name()
    display = {}
    for e in deck.entries:
        display.setdefault(e.card.key, e.card.name)
    rows = []
    for key, n in counts.items():
        name = display[key]
        pmf = odds.copies_pmf[name]
        rows.append({"name": name, "copies": n, "p_at_least_one": odds.card_probability[name],
                     "expected_dealt": sum(k * p for k, p in enumerate(pmf))})
    frame = pd.DataFrame(rows, columns=["name", "copies", "p_at_least_one", "expected_dealt"])
    return frame.sort_values(["p_at_least_one", "name"], ascending=[False, True], ignore_index=True)


def policy_frame(sims: Sequence[Simulation]) -> pd.DataFrame:
    """Mulligan policies side by side: expected squad value and mulligan rate with 95 % intervals,
    mean mulligans, and the thresholds the policy used (the optimal policy's are estimated)."""
    rows = []
    for s in sims:
        mean_mulls = sum(k * e.mean for k, e in s.mulligans_taken.items())
        rows.append({
            "policy": s.policy,
            "value": s.squad_value.mean, "value_lo": s.squad_value.lo, "value_hi": s.squad_value.hi,
            "mulligan_rate": s.mulligan_rate.mean,
            "rate_lo": s.mulligan_rate.lo, "rate_hi": s.mulligan_rate.hi,
            "mean_mulligans": mean_mulls,
            "thresholds": ", ".join(f"{t:.2f}" for t in s.thresholds) if s.thresholds else "—",
            "trials": s.trials, "seed": s.seed,
        })
    columns = ["policy", "value", "value_lo", "value_hi", "mulligan_rate", "rate_lo", "rate_hi",
               "mean_mulligans", "thresholds", "trials", "seed"]
    return pd.DataFrame(rows, columns=columns)


def threshold_frame(sim: Simulation) -> pd.DataFrame:
    """The optimal policy's thresholds: redeal after m mulligans when the squad value is below C_m."""
    rows = []
    for m, t in enumerate(sim.thresholds):
        est = sim.threshold_estimates[m] if m < len(sim.threshold_estimates) else None
        lo, hi = (est.lo, est.hi) if est else (t, t)
        rows.append({"mulligans_taken": m, "threshold": t, "lo": lo, "hi": hi})
    return pd.DataFrame(rows, columns=["mulligans_taken", "threshold", "lo", "hi"])


# --------------------------------------------------------------------------- budgets


VALUE_COLUMNS = ["deck", "ruleset", "seat", "objective", "value", "lo", "hi", "mulligan_rate", "trials"]
ELEMENT_COLUMNS = ["deck", "ruleset", "seat", "elements", "p", "lo", "hi"]


@dataclass(frozen=True)
class BudgetCell:
    """One (deck, ruleset, seat) cell of a budget comparison: its value row and element rows."""

    value: dict[str, object]
    elements: tuple[dict[str, object], ...]


def budget_cell(name: str, deck: Deck, rules: Ruleset, player: int, trials: int, seed: int,
                policy: str = "never", objective: str = DEFAULT_OBJECTIVE) -> BudgetCell:
    """One seeded :func:`analysis.squad.deals.simulate` run: the expected squad value of ``deck`` for a
    seat under the recruitment ``objective``, with its 95 % interval, and the distribution of
    elements the optimal squads use."""
    sim = simulate(deck, rules, player=player, trials=trials, seed=seed, policy=policy,
                   estimate_trials=max(200, min(trials, 2_000)), objective=objective)
    value = {"deck": name, "ruleset": rules.name, "seat": player, "objective": objective,
             "value": sim.squad_value.mean,
             "lo": sim.squad_value.lo, "hi": sim.squad_value.hi,
             "mulligan_rate": sim.mulligan_rate.mean, "trials": trials}
    elements = tuple({"deck": name, "ruleset": rules.name, "seat": player, "elements": k,
                      "p": est.mean, "lo": est.lo, "hi": est.hi}
                     for k, est in sorted(sim.elements_recruited.items()))
    return BudgetCell(value, elements)


def budget_frames(cells: Sequence[BudgetCell]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(values, elements)`` frames of played cells (see :func:`budget_comparison`)."""
    return (pd.DataFrame([c.value for c in cells], columns=VALUE_COLUMNS),
            pd.DataFrame([row for c in cells for row in c.elements], columns=ELEMENT_COLUMNS))


def budget_comparison(
    decks: Mapping[str, Deck],
    rulesets: Sequence[Ruleset],
    players: Sequence[int] = (1, 2),
    trials: int = 2_000,
    seed: int = 1,
    policy: str = "never",
    progress: Callable[[int, int], None] | None = None,
    objective: str = DEFAULT_OBJECTIVE,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Expected squad value per (deck, ruleset, seat), and the distribution of elements recruited.
    ``objective`` is the recruitment objective (strength by default; ``crystals`` for budget use).

    Every cell is one seeded :func:`budget_cell` (the same ``seed`` for every cell, so the cells see
    the same deals where the rules allow). Returns ``(values, elements)``: ``values`` rows deck,
    ruleset, seat, objective, value, lo, hi, mulligan_rate, trials; ``elements`` rows deck, ruleset, seat,
    elements (distinct elements in the optimal squad), p, lo, hi.
    """
    keys = [(d, r, p) for d in decks for r in rulesets for p in players]
    cells = []
    for i, (name, rules, player) in enumerate(keys):
        cells.append(budget_cell(name, decks[name], rules, player, trials, seed, policy, objective))
        if progress:
            progress(i + 1, len(keys))
    return budget_frames(cells)


__all__ = [
    "OBJECTIVE_UNITS",
    "BudgetCell",
    "budget_cell",
    "budget_comparison",
    "budget_frames",
    "card_odds_frame",
    "count_odds_frame",
    "count_odds_table",
    "distribution_frame",
    "exact_against_simulated",
    "policy_frame",
    "seat_difference",
    "threshold_frame",
    "value_frame",
]


def seat_difference(values: pd.DataFrame) -> pd.DataFrame:
    """Second seat minus first seat per (deck, ruleset) from :func:`budget_comparison`'s values.

    The half-width given is √(h₁² + h₂²) with h the half-widths of the two intervals: exact for
    independent runs, and conservative (too wide) for cells run with the same seed, whose deals
    are shared and so positively correlated.
    """
    rows = []
    for (deck, ruleset), group in values.groupby(["deck", "ruleset"], sort=False):
        by_seat = group.set_index("seat")
        if 1 not in by_seat.index or 2 not in by_seat.index:
            continue
        one, two = by_seat.loc[1], by_seat.loc[2]
        diff = float(two.value - one.value)
        half = math.hypot(float(two.hi - two.value), float(one.hi - one.value))
        rows.append({"deck": deck, "ruleset": ruleset, "difference": diff,
                     "lo": diff - half, "hi": diff + half})
    return pd.DataFrame(rows, columns=["deck", "ruleset", "difference", "lo", "hi"])
