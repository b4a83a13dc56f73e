"""Recruit page: a deal (random or chosen), seat, mulligans, objective → the optimal squad, each
card's value under the objective, and the budget it uses."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st
from i18n import has, num, t, tn
from ui import (
    card_tiles,
    chart,
    current_deck,
    current_rules,
    deck_from_key,
    deck_key,
    deck_title,
    element_name,
    kind_name,
    md,
    multiselect,
    page_setup,
    seed_input,
    table,
    translate_list,
    type_name,
    words_for,
)

from analysis.rules import load_ruleset
from analysis.squad.economy import max_mulligans
from analysis.squad.recruit import OBJECTIVES, card_values, recruit
from analysis.summaries.squad import (
    alternatives_frame,
    budget_frame,
    copy_choices,
    deck_ratings,
    random_deal,
    squad_difference,
    squad_frame,
)
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import objective_kind, printf

page_setup()


@st.cache_data(show_spinner=False, max_entries=16)
def deck_ratings_cached(deck_json: str, rules_name: str) -> dict[str, float]:
    """Duel ratings of the deck's cards (cached by deck and ruleset)."""
    return deck_ratings(deck_from_key(deck_json), load_ruleset(rules_name))


SEGMENTS = (
    ("used", "#3b7dd8"),
    ("left", "#b9d3f0"),
    ("element penalty", "#c0504d"),
    ("mulligans", "#e39b3a"),
)
SEGMENT_KEYS = {"used": "used", "left": "left", "element penalty": "penalty", "mulligans": "mulligans"}
RESOURCE_KEYS = {"gold": "gold", "silver": "silver", "flyer cap": "flyer_cap", "squad size": "squad_size"}

deck = current_deck()
rules = current_rules()
st.title(t("page.recruit"))
st.caption(t("recruit.intro", title=md(deck_title(deck)), cards=deck.size, rules=rules.name))

objectives = [o for o in ("strength", "crystals", "weights", "rating", *OBJECTIVES)
              if has(f"objective.{o}.label")]
objectives = list(dict.fromkeys(o for o in objectives if o in OBJECTIVES))
c1, c2, c3, c4 = st.columns(4)
player = c1.radio(
    t("common.seat"),
    [1, 2],
    horizontal=True,
    key="recruit_seat",
    format_func=words_for([1, 2], lambda p: t(f"common.player{p}_long")),
    persist_state="session",
)
mulligans = int(
    c2.number_input(
        t("recruit.mulligans"),
        min_value=0,
        max_value=max_mulligans(rules, player),
        value=0,
        step=1,
        key="recruit_mulligans",
        persist_state="session",
        help=t("recruit.mulligans_help", mulligan=t(f"mulligan.{rules.deal.mulligan}")),
    )
)
objective = c3.selectbox(
    t("recruit.objective"),
    objectives,
    key="recruit_objective",
    persist_state="session",
    format_func=words_for(objectives, lambda o: t(f"objective.{o}.label")),
)
top = int(
    c4.number_input(
        t("recruit.top"), min_value=0, max_value=10, value=3, key="recruit_top", persist_state="session"
    )
)
st.info(
    t("recruit.objective_box", what=t(f"objective.{objective}.what"), unit=t(f"objective.{objective}.unit"))
)

weights = ratings = None
if objective == "rating":
    with st.spinner(t("recruit.rating_spinner")):
        ratings = deck_ratings_cached(deck_key(deck), rules.name)
if objective == "weights":
    names = sorted({e.card.name for e in deck.entries})
    w1, w2 = st.columns(2)
    for key in ("recruit_favour", "recruit_avoid"):  # kept choices of another deck are dropped
        if key in st.session_state:
            st.session_state[key] = [n for n in st.session_state[key] if n in names]
    favour = multiselect(w1, t("recruit.favour"), names, key="recruit_favour", persist_state="session")
    avoid = multiselect(w2, t("recruit.avoid"), names, key="recruit_avoid", persist_state="session")
    by_name = {e.card.name: e.card.key for e in deck.entries}
    weights = {by_name[n]: 2.0 for n in favour if n in by_name} | {
        by_name[n]: 0.0 for n in avoid if n in by_name
    }

size = rules.deal.size_after(mulligans)
source = st.radio(
    t("recruit.deal"),
    ["random", "chosen"],
    horizontal=True,
    key="recruit_source",
    format_func=words_for(["random", "chosen"], lambda s: t(f"recruit.deal_{s}")),
    persist_state="session",
)
if source == "random":
    d1, _ = st.columns([1, 3])
    seed = seed_input("recruit_seed", 1, d1)
    try:
        deal = random_deal(deck, size, seed)
    except BerserkInputError:
        st.error(t("deals.deck_too_small", size=size, cards=deck.size))
        st.stop()
    st.caption(
        t(
            "recruit.dealt",
            size=tn("unit.cards", size),
            seed=seed,
            mulligan=t(f"mulligan.{rules.deal.mulligan}"),
            mulligans=mulligans,
        )
    )
else:
    choices = dict(copy_choices(deck))
    if "recruit_pick" in st.session_state:  # kept cards of another deck or a larger deal are dropped
        st.session_state["recruit_pick"] = [p for p in st.session_state["recruit_pick"] if p in choices][
            :size
        ]
    picked = multiselect(
        st,
        t("recruit.pick", size=size),
        list(choices),
        key="recruit_pick",
        max_selections=size,
        persist_state="session",
    )
    deal = tuple(choices[p] for p in picked)
    if not deal:
        st.info(t("recruit.pick_prompt"))
        st.stop()

with st.expander(t("recruit.the_deal", cards=tn("unit.cards", len(deal))), expanded=False):
    card_tiles(deal)

try:
    rec = recruit(
        deal,
        rules,
        player=player,
        mulligans=mulligans,
        objective=objective,
        weights=weights,
        ratings=ratings,
        top=top,
    )
except BerserkInputError as exc:
    st.error(t("recruit.failed"))
    st.caption(str(exc))
    st.stop()
values = card_values(rec.squad, objective, ratings=ratings, weights=weights, rules=rules)

st.header(t("recruit.optimal"))
unit = t(f"objective.{objective}.unit")
kind = objective_kind(objective)  # one rule per figure: strength two decimals, crystals whole
m = st.columns(5)
m[0].metric(t("recruit.m_value"), num(rec.value, kind), help=t("recruit.m_value_help", unit=unit))
m[1].metric(t("recruit.m_cards"), len(rec.squad))
m[2].metric(t("recruit.m_gold_left"), rec.payment.gold_left)
m[3].metric(t("recruit.m_silver_left"), rec.payment.silver_left)
m[4].metric(
    t("recruit.m_greedy"),
    num(rec.greedy_value, kind),
    delta=num(rec.greedy_value - rec.value, kind),
    help=t("recruit.m_greedy_help"),
)
card_tiles(rec.squad, values={c.id: v for c, v in zip(rec.squad, values, strict=True)})
squad = squad_frame(rec.squad, values)
squad = squad.assign(
    elite=squad.elite.map(kind_name),
    type=squad.type.map(type_name),
    elements=squad.elements.map(lambda s: translate_list(s, "element")),
).rename(columns={"elite": "kind"})
table(squad, "recruit_squad", formats={"value": printf(kind)})
st.caption(t("recruit.values_sum", value=num(rec.value, kind), unit=unit))

st.subheader(t("recruit.budget"))
budget = budget_frame(rec.payment, rec.squad, rules, mulligans)
resources = [t(f"recruit.res_{RESOURCE_KEYS[r]}") for r in budget.resource]
fig = go.Figure()
for segment, colour in SEGMENTS:
    fig.add_bar(
        y=resources,
        x=budget[segment],
        name=t(f"recruit.seg_{SEGMENT_KEYS[segment]}"),
        orientation="h",
        marker_color=colour,
        text=[v if v else "" for v in budget[segment]],
        textposition="inside",
        insidetextanchor="middle",
    )
fig.update_layout(
    barmode="stack",
    height=300,
    yaxis=dict(autorange="reversed"),
    title=t("recruit.chart_budget"),
    xaxis=dict(title=t("axis.crystals_or_cards")),
)
chart(fig, "chart_budget")
pay = rec.payment
cap = rules.squad.flying_cost_cap
notes = [
    t(
        "recruit.note_gold",
        elements=", ".join(element_name(e) for e in pay.elements) or t("common.none"),
        adjustment=f"{pay.element_adjustment:+d}",
    ),
    t("recruit.note_silver"),
    t("recruit.note_flyers", cap=cap) if cap else t("recruit.note_no_flyer_cap"),
    t("recruit.note_size", max=rules.squad.max_cards),
]
st.caption(" · ".join(notes))

left, right = st.columns(2)
with left:
    st.subheader(t("recruit.next_best"))
    alternatives = alternatives_frame(rec)
    alternatives = alternatives.assign(
        changes=alternatives.changes.replace(
            {"(best)": t("recruit.best"), "same cards": t("recruit.same_cards")}
        )
    )
    # The changes against the best squad say what differs; the full card lists would not fit.
    table(
        alternatives.drop(columns=["squad"]),
        "recruit_alternatives",
        formats={"value": printf(kind), "gap": printf(kind)},
        static=True,
    )
with right:
    st.subheader(t("recruit.greedy"))
    only_best, only_greedy = squad_difference(rec.squad, rec.greedy_squad)
    if rec.greedy_value >= rec.value:
        st.success(t("recruit.greedy_same", value=num(rec.greedy_value, kind)))
    else:
        st.warning(t("recruit.greedy_less", value=num(rec.greedy_value, kind),
                     gap=num(rec.value - rec.greedy_value, kind)))
    if only_best or only_greedy:
        st.markdown(t("recruit.only", best=", ".join(only_best) or "—", greedy=", ".join(only_greedy) or "—"))
    greedy = squad_frame(rec.greedy_squad)
    greedy = greedy.assign(
        elite=greedy.elite.map(kind_name),
        type=greedy.type.map(type_name),
        elements=greedy.elements.map(lambda s: translate_list(s, "element")),
    ).rename(columns={"elite": "kind"})
    table(greedy[["name", "cost", "kind", "elements"]], "recruit_greedy")
