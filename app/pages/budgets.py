"""Budgets page: expected squad value by ruleset, seat and deck (current deck and the samples),
with 95 % confidence intervals, and how many elements the optimal squads use."""

from __future__ import annotations

import plotly.express as px
import streamlit as st
from ui import current_deck, deck_from_key, deck_key, page_setup, sample_labels, samples, seed_input

from analysis.deal_summary import budget_comparison, seat_difference
from analysis.rules import builtin_ruleset_names, load_ruleset

page_setup()

CURRENT = "current deck"
RULES_COLOURS = {
    "classic": "#8c6d3f", "relaunch": "#b8322a", "realms": "#3b7dd8", "relaunch-casual": "#e39b3a"}
LEGEND = dict(orientation="h", y=1.2, x=1, xanchor="right", title_text="")


@st.cache_data(show_spinner=False, max_entries=16)
def compare(deck_jsons: tuple[tuple[str, str], ...], rules_names: tuple[str, ...], players: tuple[int, ...],
            trials: int, seed: int, policy: str, _progress=None):
    """The budget table for these decks × rulesets × seats (cached by inputs, not by the bar)."""
    decks = {name: deck_from_key(text) for name, text in deck_jsons}

    def report(done, total):
        if _progress is not None:
            _progress.progress(done / total, text=f"Simulated {done} of {total} deck × ruleset × seat cells")

    return budget_comparison(decks, [load_ruleset(r) for r in rules_names], players, trials, seed, policy,
                             progress=report)


deck = current_deck()
st.title("Budgets")
st.caption("What each ruleset and seat is worth to a deck: the expected value (total cost) of the optimal "
           "squad over many deals, with 95% confidence intervals. Same seed in every cell.")

labels = sample_labels()
with st.form("budgets_form"):
    c1, c2 = st.columns([3, 2])
    chosen = c1.multiselect("Sample decks to compare with the current deck", list(labels),
                            default=list(labels)[:4], format_func=labels.get, key="budgets_samples")
    rulesets = c2.multiselect("Rulesets", builtin_ruleset_names(), default=["classic", "relaunch", "realms"],
                              key="budgets_rules")
    c3, c4, c5, c6 = st.columns(4)
    seats = c3.multiselect("Seats", [1, 2], default=[1, 2], format_func=lambda p: f"player {p}",
                           key="budgets_seats")
    trials = int(c4.number_input("Deals per cell", min_value=100, max_value=50_000, value=1_000, step=500,
                                 key="budgets_trials"))
    with c5:
        seed = seed_input("budgets_seed", 1)
    policy = c6.selectbox("Mulligan policy", ["never", "optimal"], key="budgets_policy")
    run = st.form_submit_button("Compare budgets", type="primary")

if run:
    if not rulesets or not seats:
        st.error("Pick at least one ruleset and one seat.")
        st.stop()
    decks = ((CURRENT, deck_key(deck)),) + tuple((s, deck_key(samples()[s])) for s in chosen)
    bar = st.progress(0.0, text="Starting…")
    result = compare(decks, tuple(rulesets), tuple(sorted(seats)), trials, seed, policy, _progress=bar)
    bar.progress(1.0, text=f"Done: {len(result[0])} cells × {trials:,} deals, seed {seed}.")
    st.session_state["budgets_result"] = (deck_key(deck), result, trials, seed, policy)

stored = st.session_state.get("budgets_result")
if stored is None:
    st.info("Choose decks, rulesets and seats, then press **Compare budgets**.")
    st.stop()
if stored[0] != deck_key(deck):
    st.warning("The current deck changed since this comparison; press **Compare budgets** to update it.")
_, (values, elements), trials, seed, policy = stored

values = values.assign(seat=values.seat.map(lambda p: f"player {p}"),
                       err_plus=values.hi - values.value, err_minus=values.value - values.lo)
fig = px.bar(values, x="deck", y="value", color="ruleset", facet_col="seat", barmode="group",
             error_y="err_plus", error_y_minus="err_minus", color_discrete_map=RULES_COLOURS,
             title=f"Expected squad value (95% CI; {trials:,} deals per bar, seed {seed}, policy {policy})",
             labels={"value": "expected squad value", "deck": ""})
low = float(values.lo.min())
fig.update_yaxes(range=[max(0.0, low - 3), float(values.hi.max()) + 1])
fig.update_layout(height=440, margin=dict(t=100, b=10), legend=LEGEND)
fig.for_each_annotation(lambda a: a.update(text=a.text.replace("seat=", "")))
st.plotly_chart(fig, width="stretch", key="chart_budgets")

st.dataframe(values.drop(columns=["err_plus", "err_minus"]), hide_index=True, width="stretch",
             key="budgets_table",
             column_config={c: st.column_config.NumberColumn(format="%.3f")
                            for c in ("value", "lo", "hi", "mulligan_rate")})

diff = seat_difference(values.assign(seat=values.seat.str.replace("player ", "").astype(int)))
if not diff.empty:
    st.subheader("Second seat minus first seat")
    st.dataframe(diff, hide_index=True, width="stretch", key="budgets_seat_diff",
                 column_config={c: st.column_config.NumberColumn(format="%.3f")
                                for c in ("difference", "lo", "hi")})
    st.caption("95% interval of the difference: ±√(h₁² + h₂²) from the two cells' half-widths. Both seats "
               "see the same deals (same seed), so this interval is conservative.")

st.subheader("Elements in the optimal squad")
mine = elements[elements.deck == CURRENT].assign(seat=lambda f: f.seat.map(lambda p: f"player {p}"))
fig = px.bar(mine, x="elements", y="p", color="ruleset", facet_col="seat", barmode="group",
             error_y=mine.hi - mine.p, error_y_minus=mine.p - mine.lo, color_discrete_map=RULES_COLOURS,
             title="Current deck: distinct elements in the optimal squad (share of games, 95% CI)",
             labels={"p": "share of games", "elements": "elements"})
fig.update_layout(height=380, margin=dict(t=100, b=10), legend=LEGEND)
fig.update_xaxes(dtick=1)
fig.for_each_annotation(lambda a: a.update(text=a.text.replace("seat=", "")))
st.plotly_chart(fig, width="stretch", key="chart_budget_elements")
