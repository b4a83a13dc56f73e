"""Plotly figures of the planner and the deck report, drawn from the library's DataFrames.

Each function takes a frame made by :mod:`analysis.summaries.deck`, :mod:`analysis.summaries.deals` or
the planner and returns a ``plotly.graph_objects.Figure``; the dashboard shows them with
``st.plotly_chart`` and the HTML report embeds them. Intervals are drawn as error bars.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go

KIND_COLOURS = {"elite": "#c9a227", "ordinary": "#6b7b8c"}
ELEMENT_COLOURS = {"steppes": "#d9a441", "mountains": "#7f8fa6", "forests": "#4c9a4c", "swamps": "#5e7d5a",
                   "darkness": "#5b3f7a", "neutral": "#a0a0a0"}
DECK_COLOURS = ("#b8322a", "#3b7dd8")
"""Two decks side by side: the first red, the second blue."""
FIELD_COLOUR, MINE_COLOUR = "#8c9bab", "#b8322a"


def _errors(frame: pd.DataFrame, value: str, lo: str, hi: str) -> dict:
    return {"type": "data", "symmetric": False, "array": (frame[hi] - frame[value]).clip(lower=0).tolist(),
            "arrayminus": (frame[value] - frame[lo]).clip(lower=0).tolist()}


def expected_score_figure(frame: pd.DataFrame, subtitle: str = "") -> go.Figure:
    """Expected score per candidate (a :meth:`MetaResult.frame`), best on top, 95 % intervals as bars."""
    shown = frame.iloc[::-1]
    colours = [FIELD_COLOUR if f else MINE_COLOUR for f in shown["in_field"]]
    fig = go.Figure(go.Bar(
        x=shown["expected_score"], y=shown["deck"], orientation="h", marker_color=colours,
        error_x=_errors(shown, "expected_score", "lo", "hi"),
        text=[f"{v:.3f}" for v in shown["expected_score"]], textposition="inside",
        hovertemplate="%{y}: %{x:.3f}<extra></extra>",
    ))
    fig.add_vline(x=0.5, line_dash="dot", line_color="#555")
    fig.update_layout(
        title="Expected score against the field (wins + draws/2, share-weighted)"
              + (f"<br><sup>{subtitle}; 95 % intervals; grey: field decks, red: your decks</sup>"
                 if subtitle else ""),
        xaxis={"title": "expected score", "range": [0, 1]}, yaxis={"title": ""},
        height=max(320, 34 * len(frame) + 160), margin={"l": 10},
    )
    return fig


def meta_heatmap(matchups: pd.DataFrame, rows: Sequence[str], cols: Sequence[str],
                 shares: Mapping[str, float]) -> go.Figure:
    """Score of each candidate (rows) against each field deck (columns, with its share)."""
    table = matchups.pivot(index="deck", columns="opponent", values="score").reindex(index=list(rows),
                                                                                     columns=list(cols))
    info = {(r.deck, r.opponent): r for r in matchups.itertuples(index=False)}
    hover = [[_matchup_hover(info.get((a, b))) for b in cols] for a in rows]
    labels = [f"{c} ({shares[c]:.0%})" for c in cols]
    fig = go.Figure(go.Heatmap(
        z=table.values, x=labels, y=list(rows), zmin=0, zmax=1, colorscale="RdBu",
        text=[[("" if math.isnan(v) else f"{v:.2f}") for v in row] for row in table.values],
        texttemplate="%{text}", hovertext=hover, hoverinfo="text", colorbar={"title": "score"},
    ))
    fig.update_layout(title="The matchups behind it: score of the row deck against each field deck (share)",
                      xaxis={"title": "field deck"}, yaxis={"autorange": "reversed"},
                      height=max(380, 40 * len(rows) + 220))
    return fig


def _matchup_hover(r) -> str:
    if r is None:
        return ""
    if r.mirror:
        return f"{r.deck} vs {r.opponent}: mirror, ½ by symmetry"
    return (f"{r.deck} vs {r.opponent}<br>{r.wins}-{r.draws}-{r.losses} (W-D-L) of {r.games}"
            f"<br>score {r.score:.3f} [{r.lo:.3f}, {r.hi:.3f}]")


def matchup_bars(matchups: pd.DataFrame, title: str = "Score against each field deck") -> go.Figure:
    """One candidate's matchups (rows of :meth:`MetaResult.matchups_frame`) as bars with intervals."""
    shown = matchups.sort_values("score")
    fig = go.Figure(go.Bar(
        x=shown["score"],
        y=[f"{o} ({s:.0%})" for o, s in zip(shown["opponent"], shown["share"], strict=True)],
        orientation="h", marker_color=["#a0a0a0" if m else "#3b7dd8" for m in shown["mirror"]],
        error_x=_errors(shown, "score", "lo", "hi"), text=[f"{v:.2f}" for v in shown["score"]],
        textposition="inside", hovertemplate="%{y}: %{x:.3f}<extra></extra>",
    ))
    fig.add_vline(x=0.5, line_dash="dot", line_color="#555")
    fig.update_layout(title=title + " (share in brackets; 95 % Wilson intervals; grey: mirror, ½)",
                      xaxis={"title": "score (wins + draws/2)", "range": [0, 1]},
                      height=max(300, 30 * len(shown) + 150), margin={"l": 10})
    return fig


def gain_figure(swaps: pd.DataFrame) -> go.Figure:
    """Estimated gain of each tuning swap (rows of :meth:`TuneResult.frame`) with its 95 % interval."""
    shown = swaps.iloc[::-1]
    colours = ["#2e8b57" if lo > 0 else "#b8322a" if hi < 0 else "#8c9bab"
               for lo, hi in zip(shown["gain_lo"], shown["gain_hi"], strict=True)]
    fig = go.Figure(go.Bar(
        x=shown["gain"], y=shown["swap"], orientation="h", marker_color=colours,
        error_x=_errors(shown, "gain", "gain_lo", "gain_hi"),
        customdata=shown[["games"]].values,
        hovertemplate="%{y}<br>gain %{x:+.3f}<br>%{customdata[0]:,} games<extra></extra>",
    ))
    fig.add_vline(x=0, line_color="#555")
    fig.update_layout(title="Gain in expected score against the field (95 % intervals; green: surely better)",
                      xaxis={"title": "gain in expected score"}, yaxis={"title": ""},
                      height=max(320, 28 * len(swaps) + 160), margin={"l": 10})
    return fig


# --------------------------------------------------------------------------- one deck, or two side by side


def curve_figure(curves: pd.DataFrame) -> go.Figure:
    """Cost curve (:func:`analysis.summaries.deck.cost_curve`, optionally with a ``deck`` column for two
    decks side by side): copies per cost, stacked elite/ordinary, grouped by deck."""
    fig = go.Figure()
    decks = list(dict.fromkeys(curves["deck"])) if "deck" in curves else [None]
    for i, deck in enumerate(decks):
        part = curves if deck is None else curves[curves["deck"] == deck]
        for kind in ("elite", "ordinary"):
            rows = part[part["kind"] == kind]
            name = kind if deck is None else f"{deck}: {kind}"
            fig.add_bar(x=rows["cost"], y=rows["copies"], name=name, offsetgroup=str(i),
                        marker_color=KIND_COLOURS[kind] if deck is None else DECK_COLOURS[i % 2],
                        marker_pattern_shape="" if kind == "elite" else "/",
                        hovertemplate=f"{name}<br>cost %{{x}}: %{{y}} copies<extra></extra>")
    # elite and ordinary stack within a deck (one offset group per deck); decks stand side by side
    fig.update_layout(barmode="relative", title="Cost curve", xaxis={"title": "cost", "dtick": 1},
                      yaxis={"title": "copies"})
    return fig


def elements_figure(elements: pd.DataFrame) -> go.Figure:
    """Copies per element (:func:`analysis.summaries.deck.element_counts`, optionally per ``deck``)."""
    if "deck" not in elements:
        return go.Figure(go.Bar(x=elements["element"], y=elements["copies"], text=elements["copies"],
                                marker_color=[ELEMENT_COLOURS.get(e, "#888") for e in elements["element"]]),
                         layout={"title": "Elements (a card of two elements counts in both)",
                                 "yaxis": {"title": "copies"}})
    fig = go.Figure()
    for i, deck in enumerate(dict.fromkeys(elements["deck"])):
        part = elements[elements["deck"] == deck]
        fig.add_bar(x=part["element"], y=part["copies"], name=deck, marker_color=DECK_COLOURS[i % 2],
                    text=part["copies"])
    fig.update_layout(barmode="group", title="Elements", yaxis={"title": "copies"})
    return fig


def count_odds_figure(odds: pd.DataFrame, quantity: str = "elites") -> go.Figure:
    """Exact P(k) of one quantity of the first deal (:func:`analysis.summaries.deals.count_odds_frame`,
    optionally per ``deck``)."""
    part = odds[odds["quantity"] == quantity]
    fig = go.Figure()
    decks = list(dict.fromkeys(part["deck"])) if "deck" in part else [None]
    for i, deck in enumerate(decks):
        rows = part if deck is None else part[part["deck"] == deck]
        fig.add_bar(x=rows["k"], y=rows["p"], name=deck or quantity, marker_color=DECK_COLOURS[i % 2],
                    hovertemplate="k=%{x}: %{y:.4f}<extra></extra>")
    fig.update_layout(barmode="group", title=f"First deal: number of {quantity} (exact, hypergeometric)",
                      xaxis={"title": quantity, "dtick": 1}, yaxis={"title": "probability"})
    return fig


def thresholds_figure(thresholds: pd.DataFrame) -> go.Figure:
    """Optimal mulligan thresholds per seat (frames of :func:`analysis.summaries.deals.threshold_frame`
    with a ``seat`` column), with their 95 % intervals."""
    fig = go.Figure()
    for i, (seat, rows) in enumerate(thresholds.groupby("seat", sort=True)):
        fig.add_scatter(x=rows["mulligans_taken"], y=rows["threshold"], mode="lines+markers",
                        name=f"player {seat}", line_color=DECK_COLOURS[i % 2],
                        error_y=_errors(rows, "threshold", "lo", "hi"))
    fig.update_layout(title="Redeal when the best squad of the deal is worth less than this",
                      xaxis={"title": "mulligans already taken", "dtick": 1},
                      yaxis={"title": "threshold (crystals)"})
    return fig


def value_distribution_figure(dist: pd.DataFrame, title: str = "Value of the optimal squad",
                              unit: str = "crystals") -> go.Figure:
    """Distribution of the squad's value (:func:`analysis.summaries.deals.value_frame` or
    ``distribution_frame`` frames with a ``series`` column: a seat or a deck), with 95 % Wilson
    intervals; binned values (a ``width`` column) are drawn as bins overlaid, whole numbers grouped."""
    fig = go.Figure()
    series = list(dict.fromkeys(dist["series"])) if "series" in dist else [None]
    binned = "width" in dist and bool((dist["width"] != 1.0).any())
    for i, s in enumerate(series):
        rows = dist if s is None else dist[dist["series"] == s]
        extra = {"width": rows["width"], "opacity": 0.6} if binned else {}
        fig.add_bar(x=rows["value"], y=rows["p"], name=str(s) if s is not None else "squads",
                    marker_color=DECK_COLOURS[i % 2], error_y=_errors(rows, "p", "lo", "hi"), **extra)
    fig.update_layout(barmode="overlay" if binned else "group", title=title,
                      xaxis={"title": f"squad value ({unit})"}, yaxis={"title": "share of games"})
    return fig


def seat_budget_figure(values: pd.DataFrame, unit: str = "crystals") -> go.Figure:
    """Expected squad value per seat (and deck) with 95 % intervals (rows deck, seat, value, lo, hi)."""
    fig = go.Figure()
    for i, (deck, rows) in enumerate(values.groupby("deck", sort=False)):
        fig.add_scatter(x=[f"player {s}" for s in rows["seat"]], y=rows["value"], name=str(deck),
                        mode="markers+text", marker={"color": DECK_COLOURS[i % 2], "size": 12},
                        error_y=_errors(rows, "value", "lo", "hi"), text=[f"{v:.2f}" for v in rows["value"]],
                        textposition="middle right")
    seats = values["seat"].nunique()
    fig.update_layout(title="Expected value of the optimal squad by seat (95 % intervals)",
                      yaxis={"title": unit}, xaxis={"title": "", "range": [-0.5, seats - 0.5]},
                      height=380)
    return fig


def head_to_head_figure(seats: pd.DataFrame, a: str, b: str) -> go.Figure:
    """Wins, draws and losses of ``a`` against ``b`` (:func:`analysis.summaries.matchup.seat_frame`):
    all games and split by who moved first, as stacked shares with the win rate's interval."""
    fig = go.Figure()
    for column, label, colour in (("wins", f"{a} wins", DECK_COLOURS[0]), ("draws", "draws", "#bbbbbb"),
                                  ("losses", f"{b} wins", DECK_COLOURS[1])):
        share = seats[column] / seats["n"].where(seats["n"] > 0)
        extra = {}
        if column == "wins":
            extra["error_x"] = {"type": "data", "symmetric": False,
                                "array": (seats["win_hi"] - seats["win_rate"]).tolist(),
                                "arrayminus": (seats["win_rate"] - seats["win_lo"]).tolist()}
        fig.add_bar(y=seats["games"], x=share, name=label, orientation="h", marker_color=colour,
                    text=[f"{v:.0%}" for v in share.fillna(0)], textposition="inside", **extra)
    fig.update_layout(barmode="stack", title=f"Head-to-head: {a} against {b}",
                      xaxis={"title": "share of games", "range": [0, 1]}, yaxis={"autorange": "reversed"},
                      height=300)
    return fig


__all__ = [
    "count_odds_figure",
    "curve_figure",
    "elements_figure",
    "expected_score_figure",
    "gain_figure",
    "head_to_head_figure",
    "matchup_bars",
    "meta_heatmap",
    "seat_budget_figure",
    "thresholds_figure",
    "value_distribution_figure",
]
