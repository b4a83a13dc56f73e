"""Recruit page: a deal (random or chosen), seat, mulligans, objective → the optimal squad and its budget."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st
from ui import card_tiles, current_deck, current_rules, deck_from_key, deck_key, page_setup, seed_input

from analysis.economy import max_mulligans
from analysis.errors import BerserkInputError
from analysis.recruit import recruit
from analysis.rules import load_ruleset
from analysis.squad_summary import (
    alternatives_frame,
    budget_frame,
    copy_choices,
    deck_ratings,
    random_deal,
    squad_difference,
    squad_frame,
)

page_setup()

@st.cache_data(show_spinner="Rating the deck's creatures by exact duels…", max_entries=16)
def deck_ratings_cached(deck_json: str, rules_name: str) -> dict[str, float]:
    """Duel ratings of the deck's cards (cached by deck and ruleset)."""
    return deck_ratings(deck_from_key(deck_json), load_ruleset(rules_name))


SEGMENTS = (
    ("used", "#3b7dd8"), ("left", "#b9d3f0"), ("element penalty", "#c0504d"), ("mulligans", "#e39b3a"))


deck = current_deck()
rules = current_rules()
st.title("Recruit")
st.caption(f"Deck **{deck.title or 'untitled'}** ({deck.size} cards) under **{rules.name}**. "
           "The optimizer is exact (branch and bound, proven optimal).")

c1, c2, c3, c4 = st.columns(4)
player = c1.radio("Seat", [1, 2], horizontal=True, key="recruit_seat",
                  format_func=lambda p: f"player {p}" + (" (first)" if p == 1 else " (second)"))
mulligans = int(c2.number_input("Mulligans taken", min_value=0, max_value=max_mulligans(rules, player),
                                value=0, step=1, key="recruit_mulligans"))
objective = c3.selectbox("Objective", ["crystals", "weights", "rating"], key="recruit_objective",
                         format_func={"crystals": "crystals (total cost)",
                                      "weights": "crystals, with my weights",
                                      "rating": "duel ratings of the creatures"}.get,
                         help="rating: each creature is worth its chance to win a duel against every "
                              "creature of the card table (exact duels); cards that do not duel are worth 0.")
top = int(c4.number_input("Next-best squads", min_value=0, max_value=10, value=3, key="recruit_top"))

weights = ratings = None
if objective == "rating":
    ratings = deck_ratings_cached(deck_key(deck), rules.name)
if objective == "weights":
    names = sorted({e.card.name for e in deck.entries})
    w1, w2 = st.columns(2)
    favour = w1.multiselect("Cards worth double", names, key="recruit_favour")
    avoid = w2.multiselect("Cards never worth taking", names, key="recruit_avoid")
    by_name = {e.card.name: e.card.key for e in deck.entries}
    weights = {by_name[n]: 2.0 for n in favour} | {by_name[n]: 0.0 for n in avoid}

size = rules.deal.size_after(mulligans)
source = st.radio("Deal", ["random from the deck", "chosen cards"], horizontal=True, key="recruit_source")
if source == "random from the deck":
    d1, _ = st.columns([1, 3])
    with d1:
        seed = seed_input("recruit_seed", 1)
    try:
        deal = random_deal(deck, size, seed)
    except BerserkInputError as exc:
        st.error(str(exc))
        st.stop()
    st.caption(f"{size} cards dealt with seed {seed} ({rules.deal.mulligan} mulligans: "
               f"the deal has {size} cards after {mulligans}).")
else:
    choices = dict(copy_choices(deck))
    picked = st.multiselect(f"Cards of the deal (up to {size})", list(choices), key="recruit_pick",
                            max_selections=size)
    deal = tuple(choices[p] for p in picked)
    if not deal:
        st.info("Pick the cards of the deal from the deck.")
        st.stop()

with st.expander(f"The deal ({len(deal)} cards)", expanded=False):
    card_tiles(deal)

try:
    rec = recruit(deal, rules, player=player, mulligans=mulligans, objective=objective, weights=weights,
                  ratings=ratings, top=top)
except BerserkInputError as exc:
    st.error(str(exc))
    st.stop()

st.header("Optimal squad")
m = st.columns(5)
m[0].metric("Squad value", f"{rec.value:g}")
m[1].metric("Cards", len(rec.squad))
m[2].metric("Gold left", rec.payment.gold_left)
m[3].metric("Silver left", rec.payment.silver_left)
m[4].metric("Greedy (elites first)", f"{rec.greedy_value:g}", delta=f"{rec.greedy_value - rec.value:g}",
            help="004's advice: buy elites first, then ordinary cards, each by value.")
card_tiles(rec.squad)

st.subheader("Budget")
budget = budget_frame(rec.payment, rec.squad, rules, mulligans)
fig = go.Figure()
for segment, colour in SEGMENTS:
    fig.add_bar(y=budget.resource, x=budget[segment], name=segment, orientation="h", marker_color=colour,
                text=[v if v else "" for v in budget[segment]], textposition="inside")
fig.update_layout(barmode="stack", height=280, margin=dict(t=30, b=10), yaxis=dict(autorange="reversed"),
                  legend=dict(orientation="h", y=1.15, x=1, xanchor="right"))
st.plotly_chart(fig, width="stretch", key="chart_budget")
st.caption(" · ".join(f"**{r.resource}**: {r.note}" for r in budget.itertuples()))

left, right = st.columns(2)
with left:
    st.subheader("Next-best squads")
    st.dataframe(alternatives_frame(rec), hide_index=True, width="stretch", key="recruit_alternatives")
with right:
    st.subheader("Elites-first greedy buying")
    only_best, only_greedy = squad_difference(rec.squad, rec.greedy_squad)
    if rec.greedy_value >= rec.value:
        st.success(f"Greedy buying also reaches the optimum ({rec.greedy_value:g}).")
    else:
        st.warning(f"Greedy buying gets {rec.greedy_value:g}, {rec.value - rec.greedy_value:g} less than the "
                   "optimum.")
    if only_best or only_greedy:
        st.markdown(f"Optimal squad only: {', '.join(only_best) or '—'}  \n"
                    f"Greedy squad only: {', '.join(only_greedy) or '—'}")
    st.dataframe(squad_frame(rec.greedy_squad), hide_index=True, width="stretch", key="recruit_greedy")
