"""Compare page: two decks side by side — cost curve, elements, the exact odds of the first deal,
squad strength by seat, and head-to-head games — all from :func:`analysis.planning.compare.compare_decks`."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st
from i18n import num, t
from ui import (
    ELEMENT_COLOURS,
    card_db,
    chart,
    current_deck,
    current_rules,
    deck_from_key,
    deck_key,
    deck_title,
    element_name,
    error_bars,
    keep_valid,
    kind_name,
    md,
    page_setup,
    progress_steps,
    sample_labels,
    samples,
    seed_input,
    show_input_error,
    table,
    translate_list,
    words_for,
)

from analysis.matchup.simulate import MatchupSettings, deck_names
from analysis.planning.cache import GameCache
from analysis.planning.compare import DeckComparison, compare_decks, seat_simulation
from analysis.planning.field import sample_field_shares
from analysis.planning.games import GameRunner
from analysis.planning.keys import content_key, distinct_from
from analysis.rules import load_ruleset
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import objective_kind

page_setup()

CURRENT, BEFORE = "current", "before"
PROCESSES = 2
DECK_COLOURS = ("#b8322a", "#3b7dd8")  # the first deck red, the second blue, in every chart of the page
OBJECTIVES = ["strength", "crystals"]
MIN_LABELLED_SHARE = 0.08  # the narrowest head-to-head segment that shows its percentage


@st.cache_data(show_spinner=False, max_entries=64)
def seat_sim(deck_json: str, rules_name: str, player: int, trials: int, seed: int, objective: str):
    """One deck and seat's seeded deal simulation, cached by its inputs. The page loops over the four
    and moves the progress bar between them, outside this function, so a repeated run is instant."""
    return seat_simulation(
        deck_from_key(deck_json), load_ruleset(rules_name), player, trials, seed, objective=objective
    )


def options() -> list[str]:
    """The decks one can pick: the current deck, the deck before the last swap (Tournament page) and
    the samples."""
    before = [BEFORE] if "tournament_undo" in st.session_state else []
    return [CURRENT, *before, *distinct_from(current_deck(), samples())]  # the current deck once


def deck_of(choice: str):
    if choice == CURRENT:
        return current_deck()
    if choice == BEFORE:
        return st.session_state["tournament_undo"][0]
    return samples()[choice]


def label_of(choice: str) -> str:
    if choice == CURRENT:
        return t("compare.current", title=deck_title())
    if choice == BEFORE:
        return t("compare.before", title=deck_title(deck_of(BEFORE)))
    return sample_labels()[choice]


def name_of(choice: str) -> str:
    """The deck's name in the tables and charts (short: the title, the current deck marked)."""
    if choice == CURRENT:
        return t("compare.current_name", title=deck_title())
    if choice == BEFORE:
        return t("compare.before_name", title=deck_title(deck_of(BEFORE)))
    return samples()[choice].title or choice


def default_opponent() -> str:
    """The first deck of the sample field that is not the current deck's cards."""
    mine = content_key(current_deck())
    for stem in sample_field_shares_cached():
        if content_key(samples()[stem]) != mine:
            return stem
    return next(iter(samples()))


@st.cache_resource(show_spinner=False)
def sample_field_shares_cached() -> dict[str, float]:
    return sample_field_shares(card_db())


def quantity_name(quantity: str) -> str:
    """``elites``, ``flyers`` or ``<element> cards`` of :func:`analysis.summaries.deals.count_odds_frame`."""
    if quantity in ("elites", "flyers"):
        return t(f"deals.q_{quantity}")
    return t("deals.q_element", element=element_name(quantity.removesuffix(" cards")))


# --------------------------------------------------------------------------- charts


def curve_chart(cmp: DeckComparison, container) -> None:
    """Copies per cost, elite and ordinary stacked, the two decks side by side."""
    fig = go.Figure()
    for i, name in enumerate(cmp.names):
        part = cmp.curve[cmp.curve.deck == name]
        for kind in ("elite", "ordinary"):
            rows = part[part.kind == kind]
            fig.add_bar(
                x=rows.cost,
                y=rows.copies,
                name=t("compare.curve_series", deck=name, kind=kind_name(kind)),
                offsetgroup=str(i),
                marker_color=DECK_COLOURS[i],
                marker_pattern_shape="" if kind == "elite" else "/",
                marker_opacity=1.0 if kind == "elite" else 0.55,
            )
    fig.update_layout(
        barmode="relative",
        title=t("compare.chart_curve"),
        xaxis=dict(title=t("axis.cost"), dtick=1),
        yaxis=dict(title=t("axis.copies")),
        height=400,
    )
    chart(fig, "compare_chart_curve", container, legend="bottom")


def elements_chart(cmp: DeckComparison, container) -> None:
    fig = go.Figure()
    for i, name in enumerate(cmp.names):
        part = cmp.elements[cmp.elements.deck == name]
        fig.add_bar(
            x=[element_name(e) for e in part.element],
            y=part.copies,
            name=name,
            marker_color=DECK_COLOURS[i],
            marker_line=dict(color=[ELEMENT_COLOURS.get(e, "#888") for e in part.element], width=3),
            text=part.copies,
            textposition="outside",
            cliponaxis=False,
        )
    fig.update_layout(
        barmode="group", title=t("compare.chart_elements"), yaxis=dict(title=t("axis.copies")), height=400
    )
    chart(fig, "compare_chart_elements", container, legend="bottom")


def odds_chart(cmp: DeckComparison, quantity: str) -> None:
    part = cmp.deal_odds[cmp.deal_odds.quantity == quantity]
    fig = go.Figure()
    for i, name in enumerate(cmp.names):
        rows = part[part.deck == name]
        fig.add_bar(x=rows.k, y=rows.p, name=name, marker_color=DECK_COLOURS[i])
    fig.update_layout(
        barmode="group",
        title=t("compare.chart_odds", quantity=quantity_name(quantity)),
        xaxis=dict(title=t("compare.axis_k", quantity=quantity_name(quantity)), dtick=1),
        yaxis=dict(title=t("axis.probability")),
        height=380,
    )
    chart(fig, "compare_chart_odds")


def seats_chart(cmp: DeckComparison, unit: str, container) -> None:
    """Expected value of the optimal squad per seat and deck, with 95 % intervals."""
    fig = go.Figure()
    values = cmp.strength_by_seat
    for i, name in enumerate(cmp.names):
        rows = values[values.deck == name]
        fig.add_bar(
            x=[t(f"common.player{p}") for p in rows.seat],
            y=rows.value,
            name=name,
            marker_color=DECK_COLOURS[i],
            error_y=error_bars(rows, "value", "lo", "hi"),
            text=[num(v, objective_kind(cmp.objective)) for v in rows.value],
            textposition="inside",
        )
    low, high = float(values.lo.min()), float(values.hi.max())
    margin = max(0.05 * abs(high), 0.1 * (high - low), 1e-3)
    fig.update_layout(
        barmode="group",
        title=t("compare.chart_seats"),
        yaxis=dict(title=unit, range=[min(0.0, low - margin), high + margin]),
        height=400,
    )
    chart(fig, "compare_chart_seats", container, legend="bottom")


def distribution_chart(cmp: DeckComparison, unit: str, container) -> None:
    """Distribution of the optimal squad's value, player 1: a bar per crystal, or bins of strength."""
    binned = bool((cmp.strength.width != 1.0).any())
    fig = go.Figure()
    for i, name in enumerate(cmp.names):
        rows = cmp.strength[cmp.strength.deck == name]
        extra = {"width": rows.width, "opacity": 0.6} if binned else {}
        fig.add_bar(
            x=rows.value,
            y=rows.p,
            name=name,
            marker_color=DECK_COLOURS[i],
            error_y=error_bars(rows, "p"),
            **extra,
        )
    fig.update_layout(
        barmode="overlay" if binned else "group",
        title=t("compare.chart_distribution"),
        xaxis=dict(title=t("axis.squad_value_in", unit=unit)),
        yaxis=dict(title=t("axis.share_of_games")),
        height=400,
    )
    chart(fig, "compare_chart_distribution", container, legend="bottom")


def head_to_head_chart(cmp: DeckComparison, subsets: list[str]) -> None:
    """Wins, draws and losses of the first deck: all games and by who moved first (stacked shares)."""
    seats = cmp.head_to_head_frame()
    a, b = cmp.names
    fig = go.Figure()
    for column, label, colour in (
        ("wins", t("compare.wins_of", name=a), DECK_COLOURS[0]),
        ("draws", t("matchup.m_draws"), "#bbbbbb"),
        ("losses", t("compare.wins_of", name=b), DECK_COLOURS[1]),
    ):
        share = seats[column] / seats.n.where(seats.n > 0)
        extra = {}
        if column == "wins":
            extra["error_x"] = dict(
                type="data",
                symmetric=False,
                array=(seats.win_hi - seats.win_rate).tolist(),
                arrayminus=(seats.win_rate - seats.win_lo).tolist(),
                color="#333",
            )
        fig.add_bar(
            y=subsets,
            x=share,
            name=label,
            orientation="h",
            marker_color=colour,
            # a label only where the segment has room: "0 %" and "100 %" no longer overlap
            text=[f"{v:.0%}" if v >= MIN_LABELLED_SHARE else "" for v in share.fillna(0)],
            textposition="inside",
            **extra,
        )
    fig.update_layout(
        barmode="stack",
        legend=dict(traceorder="normal"),
        title=t("compare.chart_h2h", a=a, b=b),
        xaxis=dict(title=t("axis.share_of_games"), range=[0, 1], tickformat=".0%"),
        yaxis=dict(autorange="reversed"),
        height=320,
    )
    chart(fig, "compare_chart_h2h", legend="bottom")


# --------------------------------------------------------------------------- the form

rules = current_rules()
st.title(t("page.compare"))
st.caption(t("compare.intro", rules=rules.name))

choices = options()
keep_valid("compare_a", choices)
keep_valid("compare_b", choices)
if "compare_b" not in st.session_state:
    st.session_state["compare_b"] = default_opponent()
labels = {c: label_of(c) for c in choices}
with st.form("compare_form"):
    c1, c2 = st.columns(2)
    pick_a = c1.selectbox(t("compare.deck_a"), choices, key="compare_a", format_func=labels.get)
    pick_b = c2.selectbox(t("compare.deck_b"), choices, key="compare_b", format_func=labels.get)
    c3, c4, c5, c6 = st.columns(4)
    trials = int(
        c3.number_input(
            t("compare.trials"),
            min_value=100,
            max_value=20_000,
            value=1_000,
            step=500,
            key="compare_trials",
            persist_state="session",
            help=t("compare.trials_help"),
        )
    )
    games = int(
        c4.number_input(
            t("compare.games"),
            min_value=0,
            max_value=5_000,
            value=500,
            step=100,
            key="compare_games",
            persist_state="session",
            help=t("compare.games_help"),
        )
    )
    objective = c5.selectbox(
        t("compare.objective"),
        OBJECTIVES,
        key="compare_objective",
        format_func=words_for(OBJECTIVES, lambda o: t(f"objective.{o}.label")),
        persist_state="session",
        help=t("compare.objective_help"),
    )
    seed = seed_input("compare_seed", 1, c6)
    run = st.form_submit_button(t("compare.run"), type="primary", key="compare_run")

if run:
    decks = (deck_of(pick_a), deck_of(pick_b))
    names = deck_names(decks, [name_of(pick_a), name_of(pick_b)])
    keys = [deck_key(d) for d in decks]
    settings = MatchupSettings(rules)
    bar = st.progress(0.0, text=t("common.starting"))
    cells = [(i, p) for i in (0, 1) for p in (1, 2)]
    sims = {}
    try:
        for k, (i, p) in enumerate(cells):
            progress_steps(
                bar, k, len(cells), t("compare.progress_deals", k=k + 1, total=len(cells), trials=trials)
            )
            sims[(i, p)] = seat_sim(keys[i], rules.name, p, trials, seed, objective)

        def games_progress(stage: str, done: int, total: int) -> None:
            text = (
                t("tournament.progress_thresholds", done=done, total=total)
                if stage == "mulligan thresholds"
                else t("tournament.progress_games", done=done, total=total)
            )
            progress_steps(bar, done, total, text)

        runner = GameRunner(settings, GameCache.default(), PROCESSES, games_progress)
        result = compare_decks(
            *decks,
            rules,
            names=names,
            trials=trials,
            seed=seed,
            games=games,
            settings=settings,
            runner=runner,
            objective=objective,
            simulations=sims,
        )
    except BerserkInputError as exc:
        bar.empty()
        show_input_error(exc, t("compare.failed"))
        st.stop()
    progress_steps(bar, 1, 1, t("compare.done", trials=trials, games=games, seed=seed))
    st.session_state["compare_result"] = {
        "result": result,
        "decks": tuple(keys),
        "picks": (pick_a, pick_b),
        "rules": rules.name,
        "trials": trials,
        "games": games,
        "seed": seed,
    }

stored = st.session_state.get("compare_result")
if stored is None:
    st.info(t("compare.press_run"))
    st.stop()
cmp: DeckComparison = stored["result"]
now = tuple(deck_key(deck_of(p)) if p in choices else None for p in stored["picks"])
if now != stored["decks"] or stored["rules"] != rules.name:
    st.warning(t("compare.changed"))
a, b = cmp.names
unit = t(f"objective.{cmp.objective}.unit")

# --------------------------------------------------------------------------- the comparison

st.header(t("compare.side_by_side", a=md(a), b=md(b)))
measures = [
    t("compare.measure_head_to_head", games=cmp.head_to_head.games)
    if key == "head_to_head"
    else t(f"compare.measure_{key}", unit=unit)
    for key in cmp.measure_ids
]
summary = cmp.summary.assign(measure=measures)
elements_row = cmp.measure_ids.index("elements")
for name in cmp.names:
    summary.loc[elements_row, name] = translate_list(cmp.summary.loc[elements_row, name], "element")
table(summary, "compare_summary", raw=[a, b], static=True)
st.caption(
    t(
        "compare.summary_caption",
        trials=stored["trials"],
        seed=stored["seed"],
        rules=stored["rules"],
        unit=unit,
    )
)

st.subheader(t("compare.shape"))
left, right = st.columns(2)
curve_chart(cmp, left)
elements_chart(cmp, right)

st.subheader(t("compare.odds"))
quantities = list(dict.fromkeys(cmp.deal_odds.quantity))
keep_valid("compare_quantity", quantities)
quantity = st.selectbox(
    t("compare.quantity"),
    quantities,
    key="compare_quantity",
    format_func=words_for(quantities, quantity_name),
)
odds_chart(cmp, quantity)
st.caption(t("compare.odds_caption"))

st.subheader(t("compare.strength"))
left, right = st.columns(2)
seats_chart(cmp, unit, left)
distribution_chart(cmp, unit, right)
by_seat = cmp.strength_by_seat.assign(seat=cmp.strength_by_seat.seat.map(lambda p: t(f"common.player{p}")))
table(
    by_seat,
    "compare_seats_table",
    kinds=dict.fromkeys(("value", "lo", "hi"), objective_kind(cmp.objective)) | {"mulligan_rate": "share"},
)
st.caption(t("compare.strength_caption", unit=unit, trials=stored["trials"], seed=stored["seed"]))

st.subheader(t("compare.head_to_head"))
if cmp.head_to_head is None:
    st.info(t("compare.no_games"))
    st.stop()
h2h = cmp.head_to_head
seats = cmp.head_to_head_frame()
m = st.columns(4)
m[0].metric(
    t("compare.m_score", name=md(a)),
    num(h2h.a_score, "share"),
    help=t("compare.score_help", games=h2h.games),
)
overall = seats.iloc[0]
m[1].metric(
    t("compare.m_wins", name=md(a)),
    num(overall.win_rate, "share"),
    help=t("matchup.ci_help", lo=overall.win_lo, hi=overall.win_hi, games=h2h.games),
)
m[2].metric(t("matchup.m_draws"), num(overall.draw_rate, "share"))
m[3].metric(t("compare.m_wins", name=md(b)), num(h2h.b_wins / h2h.games, "share"))
subsets = [t("matchup.all_games"), t("matchup.moves_first", name=a), t("matchup.moves_first", name=b)]
head_to_head_chart(cmp, subsets)
table(
    seats.assign(games=subsets).rename(columns={"games": "subset"}),
    "compare_h2h_table",
    kinds=dict.fromkeys(("win_rate", "win_lo", "win_hi", "draw_rate", "draw_lo", "draw_hi"), "share"),
    static=True,
)
st.caption(t("compare.h2h_caption", games=h2h.games, seed=stored["seed"], a=md(a)))
