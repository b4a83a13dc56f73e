"""Deals page: exact deal odds, a sample deal with its optimal squad, and a Monte Carlo of N deals
under the mulligan policies side by side (every figure with its 95 % interval and seed). Squads are
recruited by the chosen objective (strength by default, crystals or duel ratings); every value,
unit, threshold and chart on the page is in that objective's unit."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st
from i18n import num, t, tn
from ui import (
    ELEMENT_COLOURS,
    card_tiles,
    chart,
    current_deck,
    current_rules,
    deck_from_key,
    deck_key,
    deck_title,
    element_name,
    error_bars,
    md,
    page_setup,
    progress_steps,
    seed_input,
    table,
    words_for,
)

from analysis.rules import load_ruleset
from analysis.squad.deals import deal_odds, simulate, suggested_threshold
from analysis.squad.recruit import recruit
from analysis.summaries.deals import (
    card_odds_frame,
    count_odds_table,
    distribution_frame,
    exact_against_simulated,
    policy_frame,
    threshold_frame,
    value_frame,
)
from analysis.summaries.squad import deck_ratings, random_deal
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import objective_kind, printf

page_setup()

POLICY_COLOURS = {"never": "#8c8c8c", "optimal": "#3b7dd8"}
# Strength answers "which squad wins" (the default); crystals "how much of the budget is spent";
# duel ratings the older one-on-one measure. Weights need a user's choices: the Recruit page has them.
DEAL_OBJECTIVES = ["strength", "crystals", "rating"]
# First deals behind the suggested threshold of a non-crystal objective (their 10th percentile).
THRESHOLD_TRIALS, THRESHOLD_SEED = 1_000, 0


@st.cache_data(show_spinner=False, max_entries=16)
def ratings_for(deck_json: str, rules_name: str, objective: str) -> dict[str, float] | None:
    """The duel ratings the ``rating`` objective needs (None for the others), cached by deck."""
    if objective != "rating":
        return None
    return deck_ratings(deck_from_key(deck_json), load_ruleset(rules_name))


@st.cache_data(show_spinner=False, max_entries=48)
def simulate_policy(
    deck_json: str,
    rules_name: str,
    player: int,
    trials: int,
    seed: int,
    policy: str,
    estimate_trials: int,
    objective: str,
):
    """One policy's simulation, cached by its inputs. The page loops over the policies and moves
    the progress bar between them, outside this function, so a cached run replays nothing."""
    return simulate(
        deck_from_key(deck_json),
        load_ruleset(rules_name),
        player=player,
        trials=trials,
        seed=seed,
        policy=policy,
        estimate_trials=estimate_trials,
        objective=objective,
        ratings=ratings_for(deck_json, rules_name, objective),
    )


@st.cache_data(show_spinner=False, max_entries=48)
def default_threshold(deck_json: str, rules_name: str, player: int, objective: str):
    """The threshold policy's default for the objective (:func:`suggested_threshold`), cached."""
    return suggested_threshold(
        deck_from_key(deck_json),
        load_ruleset(rules_name),
        player,
        objective,
        ratings=ratings_for(deck_json, rules_name, objective),
        trials=THRESHOLD_TRIALS,
        seed=THRESHOLD_SEED,
    )


def value_text(value: float) -> str:
    """A squad value: whole crystals as they are, strengths and ratings to four figures."""
    return f"{value:.4g}"


def policy_name(policy: str) -> str:
    """``never`` / ``threshold:40`` / ``optimal`` in words."""
    kind, _, value = policy.partition(":")
    return t(f"policy.{kind}", value=value)


def quantity_name(quantity: str) -> str:
    """A row of the exact-odds table: ``elites``, ``flyers`` or ``<element> cards``."""
    if quantity.endswith(" cards"):
        return t("deals.q_element", element=element_name(quantity.removesuffix(" cards")))
    return t(f"deals.q_{quantity}")


deck = current_deck()
rules = current_rules()
st.title(t("page.deals"))
st.caption(
    t(
        "deals.intro",
        title=md(deck_title(deck)),
        cards=deck.size,
        rules=rules.name,
        size=rules.deal.size,
        mulligan=t(f"mulligan.{rules.deal.mulligan}"),
    )
)

objective = st.selectbox(
    t("deals.objective"),
    DEAL_OBJECTIVES,
    key="deals_objective",
    format_func=words_for(DEAL_OBJECTIVES, lambda o: t(f"objective.{o}.label")),
    persist_state="session",
    help=t("deals.objective_help"),
)
unit = t(f"objective.{objective}.unit")
st.info(t("recruit.objective_box", what=t(f"objective.{objective}.what"), unit=unit))
if objective == "rating":
    with st.spinner(t("recruit.rating_spinner")):
        ratings = ratings_for(deck_key(deck), rules.name, objective)
else:
    ratings = None

# --------------------------------------------------------------------------- exact odds
st.header(t("deals.exact"))
odds = deal_odds(deck, rules.deal.size)
st.markdown(t("deals.how_many", size=odds.deal_size))
counts = count_odds_table(odds)
names = [quantity_name(q) for q in counts.quantity]
# One row per count k (a tall table reads better than sixteen P(k) columns); counts no quantity
# reaches with probability 0.0001 are left out.
by_k = counts.set_index("quantity").drop(columns=["expected"]).T
by_k.columns = names
by_k = by_k[by_k.max(axis=1) >= 5e-5]
by_k.insert(0, "k", [int(c[2:-1]) for c in by_k.index])
means = dict(zip(names, counts.expected, strict=True))
shown_k = by_k.reset_index(drop=True)
shown_k[names] = shown_k[names] * 100  # probabilities as percent with one decimal (analysis.util.numbers)
table(shown_k, "deals_count_odds", formats=dict.fromkeys(names, printf("share")), raw=names)
st.caption(t("deals.means", means="; ".join(f"{n} {num(m, 'strength')}" for n, m in means.items())))
left, _ = st.columns([3, 2])
with left:
    st.markdown(t("deals.each_card"))
    table(
        card_odds_frame(deck, odds),
        "deals_card_odds",
        formats={"expected_dealt": "%.2f"},
        progress=["p_at_least_one"],
        height=260,
    )

# --------------------------------------------------------------------------- sample deal
st.header(t("deals.sample"))
c1, c2, _ = st.columns([1, 1, 2])
sample_seed = seed_input("deals_sample_seed", 1, c1)
sample_player = c2.radio(
    t("common.seat"),
    [1, 2],
    horizontal=True,
    key="deals_sample_seat",
    format_func=words_for([1, 2], lambda p: t(f"common.player{p}")),
    persist_state="session",
)
try:
    deal = random_deal(deck, rules.deal.size, sample_seed)
except BerserkInputError as exc:
    st.error(t("deals.deck_too_small", size=rules.deal.size, cards=deck.size))
    st.caption(str(exc))
    st.stop()
rec = recruit(deal, rules, player=sample_player, objective=objective, ratings=ratings)
st.markdown(
    t(
        "deals.sample_result",
        value=value_text(rec.value),
        unit=unit,
        cards=len(rec.squad),
        gold=rec.payment.gold_left,
        silver=rec.payment.silver_left,
        greedy=value_text(rec.greedy_value),
    )
)
card_tiles(rec.squad)
left_out = [c.name for c in deal]
for card in rec.squad:
    left_out.remove(card.name)
st.caption(t("deals.left_in_deal", cards=", ".join(sorted(left_out)) or t("common.nothing")))

# --------------------------------------------------------------------------- simulation
st.header(t("deals.simulate"))
st.caption(t("deals.value_meaning", objective=t(f"objective.{objective}.label"), unit=unit))
seat_now = st.session_state.get("deals_seat", 1)
suggestion = default_threshold(deck_key(deck), rules.name, seat_now, objective)
with st.form("deals_form"):
    f1, f2, f3, f4, f5 = st.columns(5)
    player = f1.radio(
        t("common.seat"),
        [1, 2],
        horizontal=True,
        key="deals_seat",
        format_func=words_for([1, 2], lambda p: t(f"common.player{p}")),
        persist_state="session",
    )
    trials = int(
        f2.number_input(
            t("deals.trials"),
            min_value=100,
            max_value=200_000,
            value=5_000,
            step=1_000,
            key="deals_trials",
            persist_state="session",
        )
    )
    seed = seed_input("deals_seed", 1, f3)
    # One threshold per objective: 40 crystals would redeal every strength deal, and back.
    threshold = float(
        f4.number_input(
            t("deals.threshold"),
            min_value=-1000.0,
            max_value=1000.0,
            value=float(suggestion.value),
            step=1.0 if objective == "crystals" else 0.1,
            format="%.0f" if objective == "crystals" else "%.2f",
            key=f"deals_threshold_{objective}",
            persist_state="session",
            help=t("deals.threshold_help", unit=unit),
        )
    )
    estimate_trials = int(
        f5.number_input(
            t("deals.estimate"),
            min_value=100,
            max_value=20_000,
            value=2_000,
            step=500,
            key="deals_estimate",
            persist_state="session",
            help=t("deals.estimate_help"),
        )
    )
    if suggestion.quantile is None:
        st.caption(t("deals.threshold_default_fixed", value=value_text(suggestion.value), unit=unit))
    else:
        st.caption(
            t(
                "deals.threshold_default_quantile",
                value=value_text(suggestion.value),
                percent=f"{100 * suggestion.quantile:g}",
                unit=unit,
                trials=suggestion.trials,
                seed=suggestion.seed,
                seat=t(f"common.player{seat_now}"),
            )
        )
    run = st.form_submit_button(t("deals.run"), type="primary", key="deals_run")

inputs = (deck_key(deck), rules.name, player, trials, seed, threshold, estimate_trials, objective)
policies = ["never", f"threshold:{threshold:g}", "optimal"]
if run:
    bar = st.progress(0.0, text=t("common.starting"))
    sims = []
    try:
        for i, policy in enumerate(policies):
            progress_steps(
                bar,
                i,
                len(policies),
                t("deals.progress", i=i + 1, total=len(policies), policy=policy_name(policy), trials=trials),
            )
            sims.append(simulate_policy(*inputs[:5], policy, estimate_trials, objective))
    except BerserkInputError as exc:
        bar.empty()
        st.error(t("deals.failed"))
        st.caption(str(exc))
        st.stop()
    progress_steps(bar, 1, 1, t("deals.done", trials=trials, seed=seed))
    st.session_state["deals_result"] = (inputs, sims)

stored = st.session_state.get("deals_result")
if stored is None:
    st.info(t("deals.press_run"))
    st.stop()
if stored[0] != inputs:
    # The form (or the deck, or the ruleset) no longer matches the results: never show stale figures.
    st.info(t("deals.changed"))
    st.stop()
used, sims = stored
never, thresh, optimal = sims

st.subheader(t("deals.side_by_side"))
policies_frame = policy_frame(sims)
shown = policies_frame.assign(policy=policies_frame.policy.map(policy_name))
value_kind = objective_kind(objective)  # one rule per figure: strength two decimals, crystals whole
shown = shown.assign(**{c: shown[c] * 100 for c in ("mulligan_rate", "rate_lo", "rate_hi")})
table(
    shown.drop(columns=["thresholds", "seed"]),  # the thresholds: the chart below; the seed: the caption
    "deals_policies",
    formats=dict.fromkeys(("value", "value_lo", "value_hi"), printf(value_kind))
    | dict.fromkeys(("mulligan_rate", "rate_lo", "rate_hi"), printf("share"))
    | {"mean_mulligans": printf("strength")},
)
p1, p2 = st.columns(2)
fig = go.Figure(
    go.Bar(
        x=["<br>".join(p.split(" ", 1)) for p in shown.policy],  # two-line labels: no rotated text
        y=policies_frame.value,
        error_y=error_bars(policies_frame, "value", "value_lo", "value_hi"),
        marker_color=[POLICY_COLOURS.get(p, "#e39b3a") for p in policies_frame.policy],
        text=[num(v, value_kind) for v in policies_frame.value],
        textposition="inside",
        insidetextanchor="middle",
        textfont=dict(size=14),
    )
)
low, high = float(policies_frame.value_lo.min()), float(policies_frame.value_hi.max())
margin = max(0.05 * abs(high), 0.1 * (high - low), 1e-3)  # crystals sit near 45, strengths near 20
fig.update_layout(
    title=t("deals.chart_policies"),
    height=340,
    yaxis=dict(
        title=t("axis.squad_value_in", unit=unit),
        range=[min(0.0, low - margin), high + margin],  # bars start at 0: their length is the value
    ),
)
chart(fig, "chart_policies", p1, legend=False)
m = p2.columns(2)
m[0].metric(
    t("deals.m_value"),
    num(optimal.squad_value.mean, value_kind),
    help=t(
        "deals.m_value_help",
        unit=unit,
        lo=optimal.squad_value.lo,
        hi=optimal.squad_value.hi,
        trials=optimal.trials,
        seed=optimal.seed,
    ),
)
m[1].metric(
    t("deals.m_rate"),
    num(optimal.mulligan_rate.mean, "share"),
    help=t("deals.m_rate_help", lo=optimal.mulligan_rate.lo, hi=optimal.mulligan_rate.hi),
)
m = p2.columns(2)
m[0].metric(
    t("deals.m_first"),
    num(never.first_deal_value.mean, value_kind),
    help=t("deals.ci_help", lo=never.first_deal_value.lo, hi=never.first_deal_value.hi),
)
m[1].metric(
    t("deals.m_greedy"),
    num(never.first_deal_greedy_value.mean, value_kind),
    delta=num(-never.first_deal_optimizer_gain.mean, value_kind),
    help=t("deals.m_greedy_help", unit=unit),
)
p2.caption(
    t(
        "deals.ci_caption",
        lo=optimal.squad_value.lo,
        hi=optimal.squad_value.hi,
        trials=optimal.trials,
        seed=optimal.seed,
    )
)

if optimal.thresholds:
    th = threshold_frame(optimal)
    fig = go.Figure(
        go.Scatter(
            x=th.mulligans_taken,
            y=th.threshold,
            mode="lines+markers",
            error_y=error_bars(th, "threshold"),
            name=t("deals.threshold_series"),
        )
    )
    fig.update_layout(
        title=t("deals.chart_thresholds"),
        height=320,
        xaxis=dict(title=t("axis.mulligans_taken"), dtick=1),
        yaxis=dict(title=t("axis.squad_value_in", unit=unit)),
    )
    chart(fig, "chart_thresholds", legend=False)

st.subheader(t("deals.distributions"))
detail = st.radio(
    t("deals.show_for"),
    [s.policy for s in sims],
    index=2,
    horizontal=True,
    key="deals_detail",
    format_func=words_for([s.policy for s in sims], policy_name),
)
sim = next(s for s in sims if s.policy == detail)
left, right = st.columns(2)
# Whole crystals: a bar per value; strengths and ratings are real numbers: equal-width bins.
values = value_frame(sim)
binned = not sim.squad_value_pmf
fig = go.Figure(
    go.Bar(
        x=values.value,
        y=values.p,
        width=values.width if binned else None,
        error_y=error_bars(values),
        marker_color="#3b7dd8",
        marker_line=dict(width=0.5, color="#fff") if binned else None,
    )
)
fig.update_layout(
    title=t("deals.chart_value", policy=policy_name(sim.policy)),
    height=340,
    xaxis=dict(title=t("axis.squad_value_in", unit=unit), dtick=None if binned else 1),
    yaxis=dict(title=t("axis.share_of_games")),
)
chart(fig, "chart_value", left, legend=False)
if binned and len(values):
    bins = tn("unit.bins", len(values))  # "24 равных интервала", not "24 равных интервалов"
    left.caption(t("deals.value_bins", bins=bins, width=float(values.width.iloc[0]), unit=unit))

elements = distribution_frame(sim.elements_recruited)
fig = go.Figure(
    go.Bar(
        x=elements.value, y=elements.p, error_y=error_bars(elements), marker_color=ELEMENT_COLOURS["forests"]
    )
)
fig.update_layout(
    title=t("deals.chart_elements"),
    height=340,
    xaxis=dict(title=t("axis.distinct_elements"), dtick=1),
    yaxis=dict(title=t("axis.share_of_games")),
)
chart(fig, "chart_elements_recruited", right, legend=False)

left, right = st.columns(2)
elites = exact_against_simulated(odds.elite_count_pmf, sim.first_deal_elite_pmf)
elites = elites[(elites.exact > 1e-4) | (elites.simulated > 0)]
fig = go.Figure()
fig.add_bar(
    x=elites.k,
    y=elites.simulated,
    error_y=error_bars(elites, "simulated"),
    name=t("deals.simulated"),
    marker_color="#c9a227",
)
fig.add_scatter(
    x=elites.k, y=elites.exact, mode="markers+lines", name=t("deals.exact_series"), marker_color="#222"
)
fig.update_layout(
    title=t("deals.chart_elites"),
    height=360,
    xaxis=dict(title=t("axis.elites_dealt"), dtick=1),
    yaxis=dict(title=t("axis.probability")),
)
chart(fig, "chart_elites", left)
inside = int(elites.inside.sum())
left.caption(t("deals.inside", inside=inside, total=len(elites)))

cards = distribution_frame(sim.cards_recruited)
fig = go.Figure(go.Bar(x=cards.value, y=cards.p, error_y=error_bars(cards), marker_color="#7b4fa0"))
fig.update_layout(
    title=t("deals.chart_cards"),
    height=340,
    xaxis=dict(title=t("axis.cards_recruited"), dtick=1),
    yaxis=dict(title=t("axis.share_of_games")),
)
chart(fig, "chart_cards_recruited", right, legend=False)
