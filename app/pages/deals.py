"""Deals page: exact deal odds, a sample deal with its optimal squad, and a Monte Carlo of N deals
under the mulligan policies side by side (every figure with its 95 % interval and seed)."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st
from ui import (
    ELEMENT_COLOURS,
    card_tiles,
    current_deck,
    current_rules,
    deck_from_key,
    deck_key,
    error_bars,
    page_setup,
    seed_input,
)

from analysis.deal_summary import (
    card_odds_frame,
    count_odds_table,
    distribution_frame,
    exact_against_simulated,
    policy_frame,
    threshold_frame,
)
from analysis.deals import deal_odds, simulate
from analysis.errors import BerserkInputError
from analysis.recruit import recruit
from analysis.rules import load_ruleset
from analysis.squad_summary import random_deal

page_setup()

POLICY_COLOURS = {"never": "#8c8c8c", "optimal": "#3b7dd8"}


@st.cache_data(show_spinner=False, max_entries=16)
def run_policies(deck_json: str, rules_name: str, player: int, trials: int, seed: int, threshold: float,
                 estimate_trials: int, _progress=None):
    """never, threshold:V and optimal on the same seed (cached by every input but the progress bar)."""
    deck, rules = deck_from_key(deck_json), load_ruleset(rules_name)
    policies = ["never", f"threshold:{threshold:g}", "optimal"]
    out = []
    for i, policy in enumerate(policies):
        def report(done, total, i=i, policy=policy):
            if _progress is not None:
                _progress.progress((i + done / max(total, 1)) / len(policies),
                                   text=f"Simulating policy {policy}: {done:,} of {total:,} deals")
        out.append(simulate(deck, rules, player=player, trials=trials, seed=seed, policy=policy,
                            estimate_trials=estimate_trials, progress=report))
    return out


deck = current_deck()
rules = current_rules()
st.title("Deals")
st.caption(f"Deck **{deck.title or 'untitled'}** ({deck.size} cards) under **{rules.name}**: "
           f"deals of {rules.deal.size} cards, mulligans `{rules.deal.mulligan}`.")

# --------------------------------------------------------------------------- exact odds
st.header("Exact odds of the first deal")
odds = deal_odds(deck, rules.deal.size)
left, right = st.columns([3, 2])
with left:
    st.markdown(f"**How many of each in a deal of {odds.deal_size}** (hypergeometric, exact)")
    st.dataframe(count_odds_table(odds), hide_index=True, width="stretch", key="deals_count_odds",
                 column_config={c: st.column_config.NumberColumn(format="%.4f")
                                for c in count_odds_table(odds).columns if c != "quantity"})
with right:
    st.markdown("**Each card: P(at least one copy dealt)**")
    st.dataframe(card_odds_frame(deck, odds), hide_index=True, width="stretch", height=260,
                 key="deals_card_odds",
                 column_config={"p_at_least_one": st.column_config.ProgressColumn(
                     "P(≥ 1)", format="%.3f", min_value=0.0, max_value=1.0),
                     "expected_dealt": st.column_config.NumberColumn("expected", format="%.2f")})

# --------------------------------------------------------------------------- sample deal
st.header("A sample deal and its optimal squad")
c1, c2, _ = st.columns([1, 1, 2])
with c1:
    sample_seed = seed_input("deals_sample_seed", 1)
sample_player = c2.radio("Seat", [1, 2], horizontal=True, key="deals_sample_seat",
                         format_func=lambda p: f"player {p}")
try:
    deal = random_deal(deck, rules.deal.size, sample_seed)
except BerserkInputError as exc:
    st.error(str(exc))
    st.stop()
rec = recruit(deal, rules, player=sample_player)
st.markdown(f"Optimal squad value **{rec.value:g}** with {len(rec.squad)} cards "
            f"({rec.payment.gold_left} gold and {rec.payment.silver_left} silver left); "
            f"elites-first greedy buying gets **{rec.greedy_value:g}**.")
card_tiles(rec.squad)
left_out = [c.name for c in deal]
for card in rec.squad:
    left_out.remove(card.name)
st.caption("Left in the deal: " + (", ".join(sorted(left_out)) or "nothing"))

# --------------------------------------------------------------------------- simulation
st.header("Simulate many deals")
with st.form("deals_form"):
    f1, f2, f3, f4, f5 = st.columns(5)
    player = f1.radio("Seat", [1, 2], horizontal=True, key="deals_seat", format_func=lambda p: f"player {p}")
    trials = int(f2.number_input("Deals (N)", min_value=100, max_value=200_000, value=5_000, step=1_000,
                                 key="deals_trials"))
    with f3:
        seed = seed_input("deals_seed", 1)
    threshold = float(f4.number_input("Threshold policy: redeal below", min_value=0.0, max_value=100.0,
                                      value=40.0, step=1.0, key="deals_threshold"))
    estimate_trials = int(f5.number_input("Deals per stage for the optimal thresholds", min_value=100,
                                          max_value=20_000, value=2_000, step=500, key="deals_estimate"))
    run = st.form_submit_button("Run simulation", type="primary")

inputs = (deck_key(deck), rules.name, player, trials, seed, threshold, estimate_trials)
if run:
    bar = st.progress(0.0, text="Starting…")
    try:
        sims = run_policies(*inputs, _progress=bar)
    except BerserkInputError as exc:
        st.error(str(exc))
        st.stop()
    bar.progress(1.0, text=f"Done: {trials:,} deals per policy, seed {seed}.")
    st.session_state["deals_result"] = (inputs, sims)

stored = st.session_state.get("deals_result")
if stored is None or stored[0][:2] != inputs[:2]:
    st.info("Set the number of deals and press **Run simulation**: the policies never, threshold and "
            "optimal are simulated on the same seed (for the current deck and ruleset).")
    st.stop()
used, sims = stored
never, thresh, optimal = sims

st.subheader("Mulligan policies side by side")
policies = policy_frame(sims)
p1, p2 = st.columns([3, 2])
with p1:
    st.dataframe(
        policies, hide_index=True, width="stretch", key="deals_policies",
        column_config={
            "value": st.column_config.NumberColumn("expected value", format="%.3f"),
            "value_lo": st.column_config.NumberColumn("95% lo", format="%.3f"),
            "value_hi": st.column_config.NumberColumn("95% hi", format="%.3f"),
            "mulligan_rate": st.column_config.NumberColumn("mulligan rate", format="%.4f"),
            "rate_lo": st.column_config.NumberColumn("95% lo", format="%.4f"),
            "rate_hi": st.column_config.NumberColumn("95% hi", format="%.4f"),
            "mean_mulligans": st.column_config.NumberColumn("mean mulligans", format="%.3f"),
        })
with p2:
    fig = go.Figure(go.Bar(
        x=policies.policy, y=policies.value, error_y=error_bars(policies, "value", "value_lo", "value_hi"),
        marker_color=[POLICY_COLOURS.get(p, "#e39b3a") for p in policies.policy],
        text=[f"{v:.2f}" for v in policies.value], textposition="inside"))
    low = float(policies.value_lo.min())
    fig.update_layout(title="Expected squad value (95% CI)", height=300, margin=dict(t=50, b=10),
                      yaxis=dict(range=[max(0.0, low - 2), float(policies.value_hi.max()) + 1]))
    st.plotly_chart(fig, width="stretch", key="chart_policies")

m = st.columns(4)
m[0].metric("Expected value (optimal)", f"{optimal.squad_value.mean:.2f}",
            help=f"95% CI {optimal.squad_value.lo:.3f} – {optimal.squad_value.hi:.3f}, "
                 f"{optimal.trials:,} deals, seed {optimal.seed}")
m[1].metric("Mulligan rate (optimal)", f"{optimal.mulligan_rate.mean:.1%}",
            help=f"95% CI {optimal.mulligan_rate.lo:.2%} – {optimal.mulligan_rate.hi:.2%}")
m[2].metric("First deal: optimal squad", f"{never.first_deal_value.mean:.2f}",
            help=f"95% CI {never.first_deal_value.lo:.3f} – {never.first_deal_value.hi:.3f}")
m[3].metric("First deal: greedy buying", f"{never.first_deal_greedy_value.mean:.2f}",
            delta=f"{-never.first_deal_optimizer_gain.mean:.2f}",
            help="What buying elites first would get from the same deals.")
st.caption(f"95% intervals: expected value {optimal.squad_value.lo:.3f} – {optimal.squad_value.hi:.3f}; "
           f"{optimal.trials:,} deals per policy, seed {optimal.seed}.")

if optimal.thresholds:
    th = threshold_frame(optimal)
    fig = go.Figure(go.Scatter(x=th.mulligans_taken, y=th.threshold, mode="lines+markers",
                               error_y=error_bars(th, "threshold"), name="threshold"))
    fig.update_layout(title="Optimal policy: redeal when the squad value is below this (by mulligans taken)",
                      height=300, margin=dict(t=50, b=10),
                      xaxis=dict(title="mulligans already taken", dtick=1), yaxis=dict(title="squad value"))
    st.plotly_chart(fig, width="stretch", key="chart_thresholds")

st.subheader("Distributions over the simulated games")
detail = st.radio("Show the distributions of", [s.policy for s in sims], index=2, horizontal=True,
                  key="deals_detail")
sim = next(s for s in sims if s.policy == detail)
left, right = st.columns(2)
values = distribution_frame(sim.squad_value_pmf)
fig = go.Figure(go.Bar(x=values.value, y=values.p, error_y=error_bars(values), marker_color="#3b7dd8"))
fig.update_layout(title=f"Squad value ({sim.policy})", height=320, margin=dict(t=50, b=10),
                  xaxis=dict(title="value of the optimal squad", dtick=1), yaxis=dict(title="share of games"))
left.plotly_chart(fig, width="stretch", key="chart_value")

elements = distribution_frame(sim.elements_recruited)
fig = go.Figure(go.Bar(x=elements.value, y=elements.p, error_y=error_bars(elements),
                       marker_color=ELEMENT_COLOURS["forests"]))
fig.update_layout(title="Elements in the optimal squad", height=320, margin=dict(t=50, b=10),
                  xaxis=dict(title="distinct elements", dtick=1), yaxis=dict(title="share of games"))
right.plotly_chart(fig, width="stretch", key="chart_elements_recruited")

left, right = st.columns(2)
elites = exact_against_simulated(odds.elite_count_pmf, sim.first_deal_elite_pmf)
elites = elites[(elites.exact > 1e-4) | (elites.simulated > 0)]
fig = go.Figure()
fig.add_bar(x=elites.k, y=elites.simulated, error_y=error_bars(elites, "simulated"), name="simulated",
            marker_color="#c9a227")
fig.add_scatter(x=elites.k, y=elites.exact, mode="markers+lines", name="exact", marker_color="#222")
fig.update_layout(title="Elites in the first deal: simulated vs exact", height=320, margin=dict(t=50, b=10),
                  xaxis=dict(title="elite cards dealt", dtick=1), yaxis=dict(title="probability"),
                  legend=dict(orientation="h", y=1.12, x=1, xanchor="right"))
left.plotly_chart(fig, width="stretch", key="chart_elites")
inside = int(elites.inside.sum())
left.caption(f"The exact value lies inside the simulated 95% interval for {inside} of {len(elites)} counts.")

cards = distribution_frame(sim.cards_recruited)
fig = go.Figure(go.Bar(x=cards.value, y=cards.p, error_y=error_bars(cards), marker_color="#7b4fa0"))
fig.update_layout(title="Cards in the optimal squad", height=320, margin=dict(t=50, b=10),
                  xaxis=dict(title="cards recruited", dtick=1), yaxis=dict(title="share of games"))
right.plotly_chart(fig, width="stretch", key="chart_cards_recruited")
