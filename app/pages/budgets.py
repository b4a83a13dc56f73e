"""Budgets page: expected squad value by ruleset, seat and deck (current deck and the samples),
with 95 % confidence intervals, and how many elements the optimal squads use."""

from __future__ import annotations

import plotly.express as px
import streamlit as st
from i18n import t
from ui import (
    chart,
    current_deck,
    deck_from_key,
    deck_key,
    deck_title,
    multiselect,
    page_setup,
    progress_steps,
    sample_labels,
    samples,
    seed_input,
    table,
    words_for,
)

from analysis.matchup.simulate import deck_names
from analysis.planning.keys import distinct_from
from analysis.rules import builtin_ruleset_names, load_ruleset
from analysis.summaries.deals import budget_cell, budget_frames, seat_difference
from analysis.util.numbers import objective_kind, printf

page_setup()

CURRENT = "current deck"
# Strength answers "how strong a squad"; crystals "how much of the budget is spent".
BUDGET_OBJECTIVES = ["strength", "crystals"]
RULES_COLOURS = {
    "classic": "#8c6d3f",
    "relaunch": "#b8322a",
    "realms": "#3b7dd8",
    "relaunch-casual": "#e39b3a",
}


@st.cache_data(show_spinner=False, max_entries=512)
def cell(name: str, deck_json: str, rules_name: str, player: int, trials: int, seed: int, policy: str,
         objective: str):
    """One deck × ruleset × seat cell, cached by its inputs. The page loops over the cells and moves
    the progress bar between them, outside this function, so a repeated run returns at once."""
    return budget_cell(name, deck_from_key(deck_json), load_ruleset(rules_name), player, trials, seed, policy,
                       objective)


deck = current_deck()
st.title(t("page.budgets"))
st.caption(t("budgets.intro"))

labels = sample_labels()
with st.form("budgets_form"):
    c1, c2 = st.columns([3, 2])
    chosen = multiselect(
        c1,
        t("budgets.samples"),
        list(labels),
        default=list(labels)[:4],
        format_func=labels.get,
        key="budgets_samples",
        persist_state="session",
    )
    rulesets = multiselect(
        c2,
        t("budgets.rulesets"),
        builtin_ruleset_names(),
        default=["classic", "relaunch", "realms"],
        key="budgets_rules",
        persist_state="session",
    )
    c3, c4, c5, c6, c7 = st.columns([2.2, 1, 1, 1.6, 1.6])  # room for two seat chips and long policy names
    seats = multiselect(
        c3,
        t("budgets.seats"),
        [1, 2],
        default=[1, 2],
        format_func=words_for([1, 2], lambda p: t(f"common.player{p}")),
        key="budgets_seats",
        persist_state="session",
    )
    trials = int(
        c4.number_input(
            t("budgets.trials"),
            min_value=100,
            max_value=50_000,
            value=1_000,
            step=500,
            key="budgets_trials",
            persist_state="session",
        )
    )
    seed = seed_input("budgets_seed", 1, c5)
    policy = c6.selectbox(
        t("budgets.policy"),
        ["never", "optimal"],
        key="budgets_policy",
        format_func=words_for(["never", "optimal"], lambda p: t(f"policy.{p}", value="")),
        persist_state="session",
    )
    objective = c7.selectbox(
        t("budgets.objective"),
        BUDGET_OBJECTIVES,
        key="budgets_objective",
        format_func=words_for(BUDGET_OBJECTIVES, lambda o: t(f"objective.{o}.label")),
        persist_state="session",
    )
    run = st.form_submit_button(t("budgets.run"), type="primary", key="budgets_run")

if run:
    if not rulesets or not seats:
        st.error(t("budgets.pick_one"))
        st.stop()
    others = distinct_from(deck, samples(), chosen)  # a sample identical to the current deck: once
    decks = ((CURRENT, deck_key(deck)),) + tuple((s, deck_key(samples()[s])) for s in others)
    keys = [(name, text, r, p) for name, text in decks for r in rulesets for p in sorted(seats)]
    bar = st.progress(0.0, text=t("common.starting"))
    cells = []
    for i, (name, text, r, p) in enumerate(keys):
        progress_steps(bar, i, len(keys), t("budgets.progress", i=i + 1, total=len(keys)))
        cells.append(cell(name, text, r, p, trials, seed, policy, objective))
    progress_steps(bar, 1, 1, t("budgets.done", cells=len(keys), trials=trials, seed=seed))
    st.session_state["budgets_result"] = (deck_key(deck), budget_frames(cells), trials, seed, policy,
                                          objective)

stored = st.session_state.get("budgets_result")
if stored is None:
    st.info(t("budgets.press_run"))
    st.stop()
if stored[0] != deck_key(deck):
    st.warning(t("budgets.deck_changed"))
_, (values, elements), trials, seed, policy, objective = stored


def _display_names(internal: list[str]) -> dict[str, str]:
    """Internal cell names (``current deck`` or a sample's file stem) → the decks' own names."""
    decks = [deck if n == CURRENT else samples()[n] for n in internal]
    titles = [
        t("budgets.current_title", title=deck_title(deck)) if n == CURRENT else d.title
        for n, d in zip(internal, decks, strict=True)
    ]
    return dict(zip(internal, deck_names(decks, titles), strict=True))


display = _display_names(list(dict.fromkeys(values.deck)))


def deck_name(name: str) -> str:
    return display[name]


def seat_name(p: int) -> str:
    return t(f"common.player{p}")


shown = values.assign(
    objective=values.objective.map(lambda o: t(f"objective.{o}.label")),
    deck=values.deck.map(deck_name),
    seat=values.seat.map(seat_name),
    err_plus=values.hi - values.value,
    err_minus=values.value - values.lo,
)
fig = px.bar(
    shown,
    x="deck",
    y="value",
    color="ruleset",
    facet_col="seat",
    barmode="group",
    error_y="err_plus",
    error_y_minus="err_minus",
    color_discrete_map=RULES_COLOURS,
    title=t("budgets.chart_value", trials=trials, seed=seed, policy=t(f"policy.{policy}", value=""),
            objective=t(f"objective.{objective}.label")),
    labels={
        "value": t("axis.expected_squad_value", unit=t(f"objective.{objective}.unit")),
        "deck": "",
        "ruleset": t("col.ruleset"),
        "seat": t("col.seat"),
    },
)
low, high = float(values.lo.min()), float(values.hi.max())
margin = max(0.05 * abs(high), 0.1 * (high - low), 1e-3)
fig.update_yaxes(range=[min(0.0, low - margin), high + margin])  # bars start at 0: their length is the value
fig.update_layout(height=460)
fig.for_each_annotation(lambda a: a.update(text=a.text.split("=")[-1]))
chart(fig, "chart_budgets", legend="bottom")

kind = objective_kind(objective)  # one rule per figure: strength two decimals, crystals whole, shares percent
table(
    shown.drop(columns=["err_plus", "err_minus"]).assign(mulligan_rate=shown.mulligan_rate * 100),
    "budgets_table",
    formats=dict.fromkeys(("value", "lo", "hi"), printf(kind)) | {"mulligan_rate": printf("share")},
)

diff = seat_difference(values)
if not diff.empty:
    st.subheader(t("budgets.seat_diff"))
    table(
        diff.assign(deck=diff.deck.map(deck_name)),
        "budgets_seat_diff",
        formats=dict.fromkeys(("difference", "lo", "hi"), printf(kind)),
    )
    st.caption(t("budgets.seat_diff_caption"))

st.subheader(t("budgets.elements"))
mine = elements[elements.deck == CURRENT].assign(seat=lambda f: f.seat.map(seat_name))
fig = px.bar(
    mine,
    x="elements",
    y="p",
    color="ruleset",
    facet_col="seat",
    barmode="group",
    error_y=mine.hi - mine.p,
    error_y_minus=mine.p - mine.lo,
    color_discrete_map=RULES_COLOURS,
    title=t("budgets.chart_elements"),
    labels={
        "p": t("axis.share_of_games"),
        "elements": t("axis.distinct_elements"),
        "ruleset": t("col.ruleset"),
        "seat": t("col.seat"),
    },
)
fig.update_layout(height=400)
fig.update_xaxes(dtick=1)
fig.for_each_annotation(lambda a: a.update(text=a.text.split("=")[-1]))
chart(fig, "chart_budget_elements", legend="bottom")
