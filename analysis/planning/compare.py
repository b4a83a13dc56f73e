"""Two decks side by side: curve, elements, deal odds, squad strength and head-to-head.

    >>> cmp = compare_decks(deck, tuned, rules, names=("before", "after"), games=1000)
    >>> cmp.summary                 # one row per measure, one column per deck
    >>> cmp.figures()["curve"]      # plotly figures: curve, elements, elites, strength, head_to_head

Everything is computed by the library functions the single-deck views use
(:mod:`analysis.deck_summary`, :func:`analysis.deals.deal_odds`, :func:`analysis.deals.simulate`)
with a ``deck`` column added; the head-to-head plays the same games ``berserk meta`` plays for the
pair (:func:`analysis.planning.meta.head_to_head`), so the cache serves both. "Squad strength" is
the value, in crystals, of the optimal squad of a deal under the deck's optimal mulligan policy
(what the recruitment optimizer maximises), for each seat.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from analysis.deal_summary import count_odds_frame, distribution_frame
from analysis.deals import deal_odds, simulate
from analysis.deck_summary import cost_curve, deck_stats, element_counts
from analysis.decks import Deck
from analysis.matchup import MatchupResult, MatchupSettings
from analysis.matchup_summary import seat_frame
from analysis.planning.games import GameRunner, Progress
from analysis.planning.meta import head_to_head
from analysis.rules import Ruleset


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
            "strength": f.value_distribution_figure(self.strength.rename(columns={"deck": "series"}),
                                                    "Value of the optimal squad, player 1 (crystals)"),
            "seats": f.seat_budget_figure(self.strength_by_seat),
        }
        if self.head_to_head is not None:
            out["head_to_head"] = f.head_to_head_figure(self.head_to_head_frame(), *self.names)
        return out


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
) -> DeckComparison:
    """Compare two decks (module docstring). ``trials`` deals per deck and seat (seeded); ``games``
    head-to-head games (0: none) under ``settings`` (default: the ruleset's defaults)."""
    if names[0] == names[1]:
        names = (f"{names[0]} (1)", f"{names[1]} (2)")
    decks = dict(zip(names, (a, b), strict=True))
    curve = pd.concat([cost_curve(d).assign(deck=n) for n, d in decks.items()], ignore_index=True)
    elements = pd.concat([element_counts(d).assign(deck=n) for n, d in decks.items()], ignore_index=True)
    odds = {n: deal_odds(d, rules.deal.size) for n, d in decks.items()}
    odds_frame = pd.concat([count_odds_frame(o).assign(deck=n) for n, o in odds.items()], ignore_index=True)
    sims = {}
    cells = [(n, p) for n in decks for p in (1, 2)]
    for k, (n, player) in enumerate(cells, start=1):
        sims[(n, player)] = simulate(decks[n], rules, player, trials, seed, policy,
                                     estimate_trials=max(200, min(trials, 2_000)))
        if progress:
            progress("deals", k, len(cells))
    strength = pd.concat([distribution_frame(sims[(n, 1)].squad_value_pmf).assign(deck=n) for n in decks],
                         ignore_index=True)
    by_seat = pd.DataFrame([{"deck": n, "seat": p, "value": s.squad_value.mean, "lo": s.squad_value.lo,
                             "hi": s.squad_value.hi, "mulligan_rate": s.mulligan_rate.mean, "trials": trials}
                            for (n, p), s in sims.items()])
    h2h = None
    if games:
        settings = settings or MatchupSettings(rules)
        runner = runner or GameRunner(settings, progress=progress)
        h2h = head_to_head(a, b, runner, games, seed, names)
    rows = []
    stats = {n: deck_stats(d, rules) for n, d in decks.items()}
    for label, get in (
        ("cards", lambda n: stats[n].cards),
        ("distinct names", lambda n: stats[n].distinct),
        ("mean cost", lambda n: round(stats[n].mean_cost, 2)),
        ("elites", lambda n: stats[n].elites),
        ("flyers", lambda n: stats[n].flyers),
        ("elements", lambda n: ", ".join(stats[n].elements) or "neutral"),
        ("dead unique copies", lambda n: stats[n].dead_unique_copies),
        ("expected elites in the first deal", lambda n: round(sum(k * p for k, p in
                                                                  enumerate(odds[n].elite_count_pmf)), 2)),
        ("squad value, player 1", lambda n: _estimate(sims[(n, 1)].squad_value)),
        ("squad value, player 2", lambda n: _estimate(sims[(n, 2)].squad_value)),
        ("mulligan rate, player 1", lambda n: f"{sims[(n, 1)].mulligan_rate.mean:.1%}"),
    ):
        rows.append({"measure": label, **{n: get(n) for n in decks}})
    if h2h is not None:
        rows.append({"measure": f"head-to-head score ({h2h.games} games)",
                     names[0]: f"{h2h.a_score:.3f}", names[1]: f"{1 - h2h.a_score:.3f}"})
    summary = pd.DataFrame(rows, columns=["measure", *names]).astype({n: str for n in names})
    return DeckComparison(names, summary, curve, elements, odds_frame, strength, by_seat, h2h)


def _estimate(e) -> str:
    return f"{e.mean:.2f} [{e.lo:.2f}, {e.hi:.2f}]"


__all__ = ["DeckComparison", "compare_decks"]
