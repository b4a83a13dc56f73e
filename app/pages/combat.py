"""Combat page: two creatures (or custom stats), open or closed, modifiers, weakening policy →
the 6×6 dice grid, the exact outcome distribution, duel odds, and one creature against a deck."""

from __future__ import annotations

import plotly.express as px
import plotly.graph_objects as go
import streamlit as st
from ui import card_db, current_deck, current_rules, page_setup

from analysis.combat import (
    WEAKEN_POLICIES,
    fighter_from_card,
    fighter_from_stats,
    model_of,
    parse_modifiers,
    strike_odds,
)
from analysis.combat_summary import (
    OUTCOMES,
    dice_grid,
    duel_frame,
    outcome_frame,
    outcome_totals,
    versus_deck,
    weighted_win,
)
from analysis.duel import DUEL_POLICIES, duel
from analysis.errors import BerserkInputError
from analysis.ratings import creature_pool

page_setup()

OUTCOME_COLOURS = dict(
    zip(OUTCOMES, ("#1a7f37", "#8250df", "#cf222e", "#d4a72c", "#74c476", "#f4a3a3", "#d0d7de"), strict=True)
)

db = card_db()
deck = current_deck()
rules = current_rules()
model = model_of(rules)
pool = creature_pool(db)
labels = {
    c.id: f"{c.name} ({c.code}) {'-'.join(map(str, c.strike))} life {c.life}, cost {c.cost}" for c in pool
}
in_deck = [
    db.default_printing(e.card).id
    for e in deck.entries
    if e.card.is_creature and e.card.strike and e.card.life
]
in_deck = [i for i in dict.fromkeys(in_deck) if i in labels]
defaults = (in_deck + [c.id for c in pool])[:2]

st.title("Combat")
st.caption(
    f"Ruleset **{rules.name}**: combat model `{model}`"
    + (" (Strike Table, opposed d6)." if model == "strike_table" else " (attack die and defence die).")
)


def fighter_input(side: str, default_id: int):
    """A creature card or custom stats, plus modifiers; returns a Fighter or None (error shown)."""
    st.subheader(side.capitalize())
    kind = st.radio("Fighter", ["card", "custom stats"], horizontal=True, key=f"combat_{side}_kind")
    mods_text = st.text_input(
        "Extra modifiers",
        key=f"combat_{side}_mods",
        placeholder="e.g. exp_attack=1, armor=1, blessing",
        help="Keyword columns (exp_attack, exp_defence, armor, regeneration, blessing, "
        "curse, clumsiness): the largest of the card's and yours applies; "
        "roll and power add up.",
    )
    try:
        mods = parse_modifiers(mods_text) if mods_text.strip() else None
        if kind == "card":
            options = list(labels)
            card_id = st.selectbox(
                "Creature",
                options,
                index=options.index(default_id),
                format_func=labels.get,
                key=f"combat_{side}_card",
            )
            return fighter_from_card(db.by_id(card_id), mods)
        c1, c2 = st.columns(2)
        strike = c1.text_input("Strike X-Y-Z", value="2-3-4", key=f"combat_{side}_strike")
        life = int(c2.number_input("Life", min_value=1, max_value=200, value=10, key=f"combat_{side}_life"))
        return fighter_from_stats(strike, life, mods, name=f"{side} {strike}/{life}")
    except BerserkInputError as exc:
        st.error(str(exc))
        return None


left, right = st.columns(2)
with left:
    attacker = fighter_input("attacker", defaults[0])
with right:
    target = fighter_input("target", defaults[-1])
if attacker is None or target is None:
    st.stop()
st.caption(f"Attacker: {attacker.describe()} · Target: {target.describe()}")

o1, o2, o3 = st.columns(3)
closed = o1.radio("Target", ["open (parries)", "closed"], horizontal=True, key="combat_closed") == "closed"
weaken = o2.selectbox(
    "Weakening policy",
    WEAKEN_POLICIES,
    index=WEAKEN_POLICIES.index("best"),
    key="combat_weaken",
    help="never, always, or best = the chooser's wounds dealt minus taken "
    "(in a duel: the higher chance to win)",
)
policy = o3.selectbox(
    "Duel play",
    DUEL_POLICIES,
    key="combat_duel_policy",
    help="always_attack: both strike every turn; optimal: each side attacks or holds back "
    "to maximise its chance to win",
)

# --------------------------------------------------------------------------- one strike
st.header("One strike")
grid = dice_grid(attacker, target, rules, closed=closed, weaken=weaken)
odds = strike_odds(attacker, target, rules, closed=closed, weaken=weaken)
outcomes = outcome_frame(odds)
left, right = st.columns([3, 2])
with left:
    codes = {o: i for i, o in enumerate(OUTCOMES)}
    z = grid.pivot(index="attacker_die", columns="parrier_die", values="outcome").map(codes.get)
    text = grid.assign(
        t=grid.to_target.astype(str)
        + " / "
        + grid.to_attacker.astype(str)
        + grid.weakened.map({True: " *", False: ""})
    ).pivot(index="attacker_die", columns="parrier_die", values="t")
    hover = grid.assign(
        h="dealt " + grid.dealt + ", returned " + grid.returned + "<br>" + grid.outcome
    ).pivot(index="attacker_die", columns="parrier_die", values="h")
    n = len(OUTCOMES)
    scale = []
    for i, o in enumerate(OUTCOMES):
        scale += [(i / n, OUTCOME_COLOURS[o]), ((i + 1) / n, OUTCOME_COLOURS[o])]
    fig = go.Figure(
        go.Heatmap(
            z=z.values,
            x=list(z.columns),
            y=list(z.index),
            text=text.values,
            texttemplate="%{text}",
            customdata=hover.values,
            zmin=-0.5,
            zmax=n - 0.5,
            colorscale=scale,
            showscale=False,
            xgap=2,
            ygap=2,
            hovertemplate="attacker %{y}, parrier %{x}<br>%{customdata}<extra></extra>",
        )
    )
    parrier = "defence die" if model == "defence_die" else "parrier's die"
    fig.update_layout(
        title="Dice grid: wounds to target / to attacker (* weakened)",
        height=430,
        margin=dict(t=50, b=10),
        xaxis=dict(title=parrier + (" (not rolled)" if closed else ""), dtick=1, side="top"),
        yaxis=dict(title="attacker's die", dtick=1, autorange="reversed"),
    )
    st.plotly_chart(fig, width="stretch", key="chart_dice_grid")
    present = [o for o in OUTCOMES if o in set(grid.outcome)]
    st.markdown(
        " ".join(
            f"<span style='background:{OUTCOME_COLOURS[o]};padding:1px 6px;border-radius:3px;"
            f"color:{'#fff' if o in ('target dies', 'both die', 'attacker dies') else '#000'}'>"
            f"{o}</span>"
            for o in present
        ),
        unsafe_allow_html=True,
    )
    if model == "defence_die":
        st.caption(
            "Faces are final faces after re-rolls; with experience or blessing they are not equally likely "
            "(the distribution on the right is exact)."
        )
with right:
    totals = outcome_totals(outcomes)
    fig = px.bar(
        totals,
        x="p",
        y="outcome",
        orientation="h",
        color="outcome",
        color_discrete_map=OUTCOME_COLOURS,
        text=totals.p.map(lambda p: f"{p:.3f}"),
        title="Outcome distribution (exact)",
    )
    fig.update_layout(
        showlegend=False,
        height=300,
        margin=dict(t=50, b=10),
        yaxis=dict(title=""),
        xaxis=dict(title="probability", range=[0, 1]),
    )
    st.plotly_chart(fig, width="stretch", key="chart_outcomes")
    k1, k2 = st.columns(2)
    k1.metric("P(target dies)", f"{float(odds.p_target_dies):.3f}", help=str(odds.p_target_dies))
    k2.metric("P(attacker dies)", f"{float(odds.p_attacker_dies):.3f}", help=str(odds.p_attacker_dies))
    st.dataframe(
        outcomes,
        hide_index=True,
        width="stretch",
        key="combat_outcomes",
        column_config={"p": st.column_config.NumberColumn(format="%.4f")},
    )

# --------------------------------------------------------------------------- duel
st.header("Duel to the death")
try:
    results = [
        duel(attacker, target, rules, policy=policy, weaken=weaken),
        duel(target, attacker, rules, policy=policy, weaken=weaken),
    ]
except BerserkInputError as exc:
    st.error(str(exc))
    st.stop()
duels = duel_frame(results)
a_wins = 0.5 * (results[0].first_wins + results[1].second_wins)
t_wins = 0.5 * (results[0].second_wins + results[1].first_wins)
d1, d2, d3, d4 = st.columns(4)
d1.metric(f"{attacker.name} wins (moving first)", f"{results[0].first_wins:.3f}")
d2.metric(f"{attacker.name} wins (moving second)", f"{results[1].second_wins:.3f}")
d3.metric(f"{attacker.name} wins (first strike split)", f"{a_wins:.3f}")
d4.metric(f"{target.name} wins (first strike split)", f"{t_wins:.3f}")
st.dataframe(
    duels,
    hide_index=True,
    width="stretch",
    key="combat_duels",
    column_config={
        c: st.column_config.NumberColumn(format="%.4f")
        for c in ("first_wins", "second_wins", "both_die", "undecided")
    },
)
st.caption(
    f"Exact (dynamic programming over wounds); play `{policy}`, weakening `{results[0].weaken}`; "
    "duels longer than 100 turns count as undecided."
)

# --------------------------------------------------------------------------- against the deck
st.header(f"{attacker.name} against every creature of {deck.title or 'the deck'}")
try:
    versus = versus_deck(attacker, deck, rules, weaken=weaken)
except BerserkInputError as exc:
    st.info(str(exc))
    st.stop()
st.metric(
    "Win probability against a random creature of the deck",
    f"{weighted_win(versus):.3f}",
    help="Always-attack duels, first strike split evenly, weighted by copies.",
)
long = versus.melt(
    id_vars=["name"], value_vars=["win", "both_die", "loss"], var_name="result", value_name="p"
)
fig = px.bar(
    long,
    x="p",
    y="name",
    color="result",
    orientation="h",
    color_discrete_map={"win": "#1a7f37", "both_die": "#8250df", "loss": "#cf222e"},
    title=f"Duel results of {attacker.name} (always attack, first strike split)",
)
fig.update_layout(
    barmode="stack",
    height=max(300, 28 * len(versus) + 100),
    margin=dict(t=50, b=10),
    yaxis=dict(title="", autorange="reversed"),
    xaxis=dict(title="probability", range=[0, 1]),
    legend=dict(orientation="h", y=1.08, x=1, xanchor="right", title_text=""),
)
st.plotly_chart(fig, width="stretch", key="chart_versus")
st.dataframe(
    versus,
    hide_index=True,
    width="stretch",
    key="combat_versus",
    column_config={c: st.column_config.NumberColumn(format="%.3f") for c in ("win", "loss", "both_die")},
)
