"""Two decks side by side: curve, elements, deal odds, squad strength and head-to-head.

    >>> cmp = compare_decks(deck, tuned, rules, names=("before", "after"), games=1000)
    >>> cmp.summary                 # one row per measure, one column per deck
    >>> cmp.figures()["curve"]      # plotly figures: curve, elements, elites, strength, head_to_head

Everything is computed by the library functions the single-deck views use
(:mod:`analysis.summaries.deck`, :func:`analysis.squad.deals.deal_odds`,
:func:`analysis.squad.deals.simulate`) with a ``deck`` column added; the head-to-head plays the
same games ``berserk meta`` plays for the
pair (:func:`analysis.planning.meta.head_to_head`), so the cache serves both. "Squad strength" is
the value of the optimal squad of a deal under the deck's optimal mulligan policy (what the
recruitment optimizer maximises), for each seat, under the recruitment ``objective``: ``strength``
(the default, as in the matchups: fitted card strengths, log-odds of winning) or ``crystals``. The
distribution of that value (``strength``, :func:`analysis.summaries.deals.value_frame`) has one bar per
crystal for ``crystals`` and equal-width bins (a ``width`` column) for the real-valued strengths.

A caller that shows progress can run the four seeded deal simulations itself
(:func:`seat_simulation`, e.g. cached one by one) and pass them in as ``simulations``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pandas as pd

from analysis.decks.deck import Deck
from analysis.matchup.simulate import MatchupResult, MatchupSettings
from analysis.planning.games import GameRunner, Progress
from analysis.planning.meta import head_to_head
from analysis.rules import Ruleset
from analysis.squad.deals import Simulation, deal_odds, simulate
from analysis.squad.recruit import DEFAULT_OBJECTIVE
from analysis.summaries.deals import OBJECTIVE_UNITS, count_odds_frame, value_frame
from analysis.summaries.deck import cost_curve, deck_stats, element_counts
from analysis.summaries.matchup import seat_frame

SUMMARY_MEASURES = (
    ("cards", "cards"),
    ("distinct", "distinct names"),
    ("mean_cost", "mean cost"),
    ("elites", "elites"),
    ("flyers", "flyers"),
    ("elements", "elements"),
    ("dead_unique", "dead unique copies"),
    ("first_deal_elites", "expected elites in the first deal"),
    ("value_player1", "squad value, player 1"),
    ("value_player2", "squad value, player 2"),
    ("mulligan_player1", "mulligan rate, player 1"),
)
"""The rows of :attr:`DeckComparison.summary`: a stable id (for a translated label) and the English
label; a head-to-head adds the row ``head_to_head``."""


@dataclass(frozen=True)
class DeckComparison:
    """The tables of two decks side by side (each has a ``deck`` column) and their head-to-head."""

    names: tuple[str, str]
    summary: pd.DataFrame
    curve: pd.DataFrame
    elements: pd.DataFrame
    deal_odds: pd.DataFrame
    strength: pd.DataFrame
    strength_by_seat: pd.DataFrame
    head_to_head: MatchupResult | None
    measure_ids: tuple[str, ...] = ()
    """The id of each summary row, in order (:data:`SUMMARY_MEASURES`, then ``head_to_head``)."""
    objective: str = DEFAULT_OBJECTIVE
    """The recruitment objective the squad values are measured in."""

    @property
    def unit(self) -> str:
        """The unit of the squad values (:data:`analysis.summaries.deals.OBJECTIVE_UNITS`)."""
        return OBJECTIVE_UNITS.get(self.objective, self.objective)

    def head_to_head_frame(self) -> pd.DataFrame:
        """W/D/L of the first deck against the second, all games and by who moved first, with intervals."""
        if self.head_to_head is None:
            return pd.DataFrame()
        return seat_frame(self.head_to_head)

    def figures(self) -> dict:
        """Plotly figures: ``curve``, ``elements``, ``elites`` (first deal), ``strength`` and, when
        played, ``head_to_head``."""
        from analysis.planning import figures as f

        out = {
            "curve": f.curve_figure(self.curve),
            "elements": f.elements_figure(self.elements),
            "elites": f.count_odds_figure(self.deal_odds, "elites"),
            "strength": f.value_distribution_figure(
                self.strength.rename(columns={"deck": "series"}),
                f"Value of the optimal squad, player 1 (objective {self.objective})", self.unit),
            "seats": f.seat_budget_figure(self.strength_by_seat, self.unit),
        }
        if self.head_to_head is not None:
            out["head_to_head"] = f.head_to_head_figure(self.head_to_head_frame(), *self.names)
        return out


def seat_simulation(deck: Deck, rules: Ruleset, player: int, trials: int, seed: int,
                    policy: str = "optimal", objective: str = DEFAULT_OBJECTIVE) -> Simulation:
    """The seeded deal simulation :func:`compare_decks` runs for one deck and seat."""
    return simulate(deck, rules, player, trials, seed, policy, objective=objective,
                    estimate_trials=max(200, min(trials, 2_000)))


def compare_decks(
    a: Deck,
    b: Deck,
    rules: Ruleset,
    names: tuple[str, str] = ("A", "B"),
    trials: int = 2_000,
    seed: int = 1,
    policy: str = "optimal",
    games: int = 0,
    settings: MatchupSettings | None = None,
    runner: GameRunner | None = None,
    progress: Progress | None = None,
    objective: str = DEFAULT_OBJECTIVE,
    simulations: Mapping[tuple[int, int], Simulation] | None = None,
) -> DeckComparison:
    """Compare two decks (module docstring). ``trials`` deals per deck and seat (seeded); ``games``
    head-to-head games (0: none) under ``settings`` (default: the ruleset's defaults).
    ``simulations`` maps (0 for ``a`` or 1 for ``b``, player) to :func:`seat_simulation` results
    already made with these arguments; the missing ones are run here."""
    if names[0] == names[1]:
        names = (f"{names[0]} (1)", f"{names[1]} (2)")
    decks = dict(zip(names, (a, b), strict=True))
    given = dict(simulations or {})
    curve = pd.concat([cost_curve(d).assign(deck=n) for n, d in decks.items()], ignore_index=True)
    elements = pd.concat([element_counts(d).assign(deck=n) for n, d in decks.items()], ignore_index=True)
    odds = {n: deal_odds(d, rules.deal.size) for n, d in decks.items()}
    odds_frame = pd.concat([count_odds_frame(o).assign(deck=n) for n, o in odds.items()], ignore_index=True)
    sims = {}
    cells = [(n, p) for n in decks for p in (1, 2)]
    for k, (n, player) in enumerate(cells, start=1):
        made = given.get((names.index(n), player))
        sims[(n, player)] = made if made is not None else seat_simulation(decks[n], rules, player, trials,
                                                                          seed, policy, objective)
        if progress:
            progress("deals", k, len(cells))
    strength = pd.concat([value_frame(sims[(n, 1)]).assign(deck=n) for n in decks], ignore_index=True)
    by_seat = pd.DataFrame([{"deck": n, "seat": p, "value": s.squad_value.mean, "lo": s.squad_value.lo,
                             "hi": s.squad_value.hi, "mulligan_rate": s.mulligan_rate.mean, "trials": trials}
                            for (n, p), s in sims.items()])
    h2h = None
    if games:
        settings = settings or MatchupSettings(rules)
        runner = runner or GameRunner(settings, progress=progress)
        h2h = head_to_head(a, b, runner, games, seed, names)
    rows, ids = [], []
    stats = {n: deck_stats(d, rules) for n, d in decks.items()}
    values = {
        "cards": lambda n: stats[n].cards,
        "distinct": lambda n: stats[n].distinct,
        "mean_cost": lambda n: round(stats[n].mean_cost, 2),
        "elites": lambda n: stats[n].elites,
        "flyers": lambda n: stats[n].flyers,
        "elements": lambda n: ", ".join(stats[n].elements) or "neutral",
        "dead_unique": lambda n: stats[n].dead_unique_copies,
        "first_deal_elites": lambda n: round(sum(k * p for k, p in enumerate(odds[n].elite_count_pmf)), 2),
        "value_player1": lambda n: _estimate(sims[(n, 1)].squad_value),
        "value_player2": lambda n: _estimate(sims[(n, 2)].squad_value),
        "mulligan_player1": lambda n: f"{sims[(n, 1)].mulligan_rate.mean:.1%}",
    }
    for key, label in SUMMARY_MEASURES:
        rows.append({"measure": label, **{n: values[key](n) for n in decks}})
        ids.append(key)
    if h2h is not None:
        rows.append({"measure": f"head-to-head score ({h2h.games} games)",
                     names[0]: f"{h2h.a_score:.3f}", names[1]: f"{1 - h2h.a_score:.3f}"})
        ids.append("head_to_head")
    summary = pd.DataFrame(rows, columns=["measure", *names]).astype({n: str for n in names})
    return DeckComparison(names, summary, curve, elements, odds_frame, strength, by_seat, h2h, tuple(ids),
                          objective)


def _estimate(e) -> str:
    return f"{e.mean:.2f} [{e.lo:.2f}, {e.hi:.2f}]"


__all__ = ["SUMMARY_MEASURES", "DeckComparison", "compare_decks", "seat_simulation"]
