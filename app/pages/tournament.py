"""Tournament page: the field you expect (sample decks and the current deck, with shares), the expected
score of every deck against it with the matchups behind it, and tuning swaps for the current deck
with a button that applies one. All numbers come from :mod:`analysis.planning`; the games are kept
in its on-disk cache, so a repeated or extended run only plays what is new."""

from __future__ import annotations

import dataclasses
import math

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from i18n import current_language, num, t, tn
from ui import (
    card_db,
    chart,
    current_deck,
    current_format,
    current_report,
    current_rules,
    deck_key,
    deck_title,
    finding_text,
    md,
    page_setup,
    progress_steps,
    samples,
    seed_input,
    set_deck,
    show_input_error,
    table,
    words_for,
)

from analysis.decks.legality import check_deck
from analysis.matchup.simulate import MatchupSettings, deck_names
from analysis.planning.cache import GameCache
from analysis.planning.collection import MAX_COLLECTION_BYTES, parse_collection
from analysis.planning.field import Field, current_field_decks, field_to_toml, make_field
from analysis.planning.games import GameRunner
from analysis.planning.keys import content_key
from analysis.planning.meta import MetaResult, expected_scores
from analysis.planning.swaps import POOLS, apply_swap, candidate_swaps, tuned_title
from analysis.planning.tune import TuneResult, status_parts, tune
from analysis.util.errors import BerserkInputError

page_setup()

CURRENT = "current"
PROCESSES = 2  # worker processes for the games: both cores of the machine the dashboard is made for
BLOCK = 100  # games per field deck in one racing step of the tuning (the command line's default)
# (Comments, not docstrings: Streamlit would draw a bare string of a page on the page.)
FIELD_KEY, FIELD_VERSION = "tournament_field", "tournament_field_version"
GAIN_COLOURS = {"better": "#2e8b57", "worse": "#b8322a", "unclear": "#8c9bab"}
FIELD_COLOUR, MINE_COLOUR = "#8c9bab", "#b8322a"


# --------------------------------------------------------------------------- the field (state)


@st.cache_resource(show_spinner=False)
def _current_field() -> dict[str, tuple]:
    return current_field_decks(card_db())


def field_choices() -> dict:
    """The decks the editor offers: the current field's (the sample archetypes legal under today's ban
    list, ``<stem>-legal`` for a sample's legal version) first, then the samples not in it."""
    current = {i: deck for i, (deck, _) in _current_field().items()}
    return current | {stem: deck for stem, deck in samples().items() if stem not in current}


def _row_ids() -> list[str]:
    return [CURRENT, *field_choices()]


def _default_rows() -> dict[str, dict]:
    """The current field (data/fields/current-field.toml: the sample archetypes legal under today's
    ban list, equal shares) as the editor's rows: included decks with their share in percent; every
    other sample and the current deck left out, ready with the same share."""
    shares = {i: share for i, (_, share) in _current_field().items()}
    usual = 100.0 / max(len(shares), 1)
    return {
        i: {"include": i in shares, "share": round(100.0 * shares.get(i, usual / 100.0), 4)}
        for i in _row_ids()
    }


def field_rows() -> dict[str, dict]:
    """The field being edited: row id → include and share (kept in the session, so it survives a
    page switch, a language switch and every rerun)."""
    rows = st.session_state.get(FIELD_KEY)
    if rows is None or set(rows) != set(_row_ids()):
        rows = _default_rows()
        st.session_state[FIELD_KEY] = rows
    return rows


def _editor_key() -> str:
    return f"tournament_field_editor_{st.session_state.get(FIELD_VERSION, 0)}"


def _new_editor() -> None:
    """A fresh editor (after a reset or equal shares), so edits made before are not applied again."""
    st.session_state[FIELD_VERSION] = st.session_state.get(FIELD_VERSION, 0) + 1


def keep_edits(edited: pd.DataFrame) -> None:
    """The editor's table (the kept rows with the user's edits on top) back into the kept rows, so the
    edits outlive the editor (a page switch, a language switch, a reset makes a new one). Applying the
    same edits again on the next run changes nothing."""
    rows = field_rows()
    include, share = edited[t("col.in_field")], edited[t("col.share_percent")]
    for row_id, ticked, value in zip(_row_ids(), include, share, strict=True):
        rows[row_id]["include"] = bool(ticked)
        if value is not None and value == value:  # an emptied cell keeps the share it had
            rows[row_id]["share"] = float(value)


def _reset_field() -> None:
    st.session_state[FIELD_KEY] = _default_rows()
    _new_editor()


def _equal_shares() -> None:
    rows = field_rows()
    chosen = [r for r in rows.values() if r["include"]]
    for r in chosen:
        r["share"] = round(100.0 / len(chosen), 4)
    _new_editor()


def _deck_of(row_id: str):
    return current_deck() if row_id == CURRENT else field_choices()[row_id]


def current_name() -> str:
    return t("tournament.current_title", title=deck_title())


def _names() -> dict[str, str]:
    """Row id → the deck's display name (distinct): the current deck is marked as such."""
    ids = _row_ids()
    titles = [current_name() if i == CURRENT else field_choices()[i].title for i in ids]
    return dict(zip(ids, deck_names([_deck_of(i) for i in ids], titles), strict=True))


def build_field() -> Field:
    """The field of the ticked rows, validated by the library (every deck legal under the sidebar's
    ruleset and format, shares above 0, normalised)."""
    names = _names()
    entries = [(names[i], _deck_of(i), r["share"]) for i, r in field_rows().items() if r["include"]]
    return make_field(entries, current_rules(), current_format(), source=t("tournament.field_source"))


def field_signature(field: Field) -> tuple:
    return tuple((d.name, deck_key(d.deck), round(d.share, 9)) for d in field.decks)


# --------------------------------------------------------------------------- running games


def stage_text(stage: str, done: int, total: int) -> str:
    """The runner's progress stages ("mulligan thresholds", "games", "round N") in words."""
    if stage == "mulligan thresholds":
        return t("tournament.progress_thresholds", done=done, total=total)
    if stage.startswith("round "):
        return t("tournament.progress_round", round=stage.split()[1], done=done, total=total)
    return t("tournament.progress_games", done=done, total=total)


def make_runner(settings: MatchupSettings, bar) -> GameRunner:
    """Games on both cores, kept in the on-disk cache; progress moves ``bar`` (in this script run,
    outside any ``st.cache_data`` function, so a repeated run cannot fail on a cache replay)."""

    def progress(stage: str, done: int, total: int) -> None:
        progress_steps(bar, done, total, stage_text(stage, done, total))

    return GameRunner(settings, GameCache.default(), PROCESSES, progress)


def cache_caption(runner: GameRunner) -> None:
    cache = runner.cache
    if cache.root is not None:
        st.caption(
            t(
                "tournament.cache",
                root=md(str(cache.root)),
                cached=runner.games_cached,
                played=runner.games_played,
            )
        )
    if cache.notes:
        st.warning(t("tournament.cache_notes") + "\n\n```\n" + "\n".join(cache.notes) + "\n```")


# --------------------------------------------------------------------------- charts


def score_chart(result: MetaResult, mine: str | None, key: str) -> None:
    """Expected score of every candidate with its 95 % interval, best on top; the current deck red."""
    frame = result.frame().iloc[::-1]
    fig = go.Figure(
        go.Bar(
            x=frame.expected_score,
            y=frame.deck,
            orientation="h",
            marker_color=[MINE_COLOUR if d == mine else FIELD_COLOUR for d in frame.deck],
            error_x=dict(
                type="data",
                symmetric=False,
                array=(frame.hi - frame.expected_score).tolist(),
                arrayminus=(frame.expected_score - frame.lo).tolist(),
                color="#333",
            ),
            text=[num(v, "share") for v in frame.expected_score],
            textposition="inside",
            insidetextanchor="start",
            hovertext=[
                t("tournament.score_hover", deck=d, score=s, lo=lo, hi=hi)
                for d, s, lo, hi in zip(frame.deck, frame.expected_score, frame.lo, frame.hi, strict=True)
            ],
            hoverinfo="text",
        )
    )
    fig.add_vline(x=0.5, line_dash="dot", line_color="#555")
    fig.update_layout(
        title=t("tournament.chart_scores"),
        xaxis=dict(title=t("tournament.axis_score"), range=[0, 1]),
        yaxis=dict(title=""),
        height=max(300, 40 * len(frame) + 140),
    )
    chart(fig, key, legend=False)
    st.caption(t("tournament.chart_scores_caption", games=result.games, seed=result.seed))


def matchup_heatmap(result: MetaResult, key: str) -> None:
    """Score of each candidate (rows) against each field deck (columns, with its share)."""
    frame = result.matchups_frame()
    rows = [c.deck for c in result.candidates]
    cols = list(result.field.names)
    scores = frame.pivot(index="deck", columns="opponent", values="score").reindex(index=rows, columns=cols)
    info = {(r.deck, r.opponent): r for r in frame.itertuples(index=False)}

    def hover(a: str, b: str) -> str:
        r = info.get((a, b))
        if r is None:
            return ""
        if r.mirror:
            return t("tournament.hover_mirror", a=a, b=b)
        return t(
            "tournament.hover_matchup",
            a=a,
            b=b,
            wins=r.wins,
            draws=r.draws,
            losses=r.losses,
            games=r.games,
            score=r.score,
            lo=r.lo,
            hi=r.hi,
        )

    shares = dict(zip(result.field.names, result.field.shares, strict=True))
    fig = go.Figure(
        go.Heatmap(
            z=scores.values,
            x=[t("tournament.field_column", name=c, share=shares[c]) for c in cols],
            y=rows,
            zmin=0,
            zmax=1,
            colorscale="RdBu",
            text=[["" if math.isnan(v) else num(v, "share") for v in row] for row in scores.values],
            texttemplate="%{text}",
            hovertext=[[hover(a, b) for b in cols] for a in rows],
            hoverinfo="text",
            colorbar={"title": t("matchup.score")},
        )
    )
    fig.update_layout(
        title=t("tournament.chart_matchups"),
        xaxis={"title": t("tournament.axis_field_deck")},
        yaxis={"autorange": "reversed"},
        height=max(380, 46 * len(rows) + 220),
    )
    chart(fig, key, legend=False)


def gain_chart(result: TuneResult, key: str) -> None:
    """The gain of every raced swap with its 95 % interval: green surely better, red surely worse."""
    frame = result.frame().iloc[::-1]
    colours = [
        GAIN_COLOURS["better" if lo > 0 else "worse" if hi < 0 else "unclear"]
        for lo, hi in zip(frame.gain_lo, frame.gain_hi, strict=True)
    ]
    fig = go.Figure(
        go.Bar(
            x=frame.gain,
            y=[f"{r}. {s}" for r, s in zip(frame["rank"], frame.swap, strict=True)],
            orientation="h",
            marker_color=colours,
            error_x=dict(
                type="data",
                symmetric=False,
                array=(frame.gain_hi - frame.gain).tolist(),
                arrayminus=(frame.gain - frame.gain_lo).tolist(),
                color="#333",
            ),
            hovertext=[
                t("tournament.gain_hover", swap=s, gain=g, lo=lo, hi=hi, games=n)
                for s, g, lo, hi, n in zip(
                    frame.swap, frame.gain, frame.gain_lo, frame.gain_hi, frame.games, strict=True
                )
            ],
            hoverinfo="text",
        )
    )
    fig.add_vline(x=0, line_color="#555")
    fig.update_layout(
        title=t("tournament.chart_gains"),
        xaxis={"title": t("tournament.axis_gain")},
        yaxis={"title": ""},
        height=max(300, 32 * len(frame) + 150),
    )
    chart(fig, key, legend=False)


def status_text(status: str) -> str:
    kind, numbers = status_parts(status)
    return t(f"tournament.status_{kind}", **numbers) if kind != "other" else status


# --------------------------------------------------------------------------- applying a swap


def caveat_note(card) -> str:
    """One card behind a swap's unsure share, in the page's language: status, parts left out, limit."""
    text = t("tournament.caveat_card", card=card.card, status=t(f"modelling.{card.status}"))
    if card.left_out:
        text += t("tournament.caveat_parts", parts=card.left_out)
    if card.limit is not None:
        what = card.limit.what_ru if current_language() == "ru" else card.limit.what
        text += t("tournament.caveat_limit", what=what)
    return text


def _apply_swap(rank: int) -> None:
    stored = st.session_state.get("tournament_tune")
    if stored is None:
        return
    swap = stored["result"].swaps[rank - 1].swap
    deck = current_deck()
    try:
        tuned = apply_swap(deck, swap)
        tuned = dataclasses.replace(tuned, title=tuned_title(deck_title(deck), swap))  # never the old name
    except BerserkInputError as exc:
        st.session_state["tournament_message"] = ("error", t("tournament.apply_failed"), exc)
        return
    st.session_state["tournament_undo"] = (deck, st.session_state.get("deck_source", ("unknown",)))
    set_deck(tuned, ("swap", swap.label()))
    st.session_state["tournament_message"] = ("ok", t("tournament.applied", swap=swap.label()))


def _undo_swap() -> None:
    kept = st.session_state.pop("tournament_undo", None)
    if kept is None:
        return
    deck, source = kept
    set_deck(deck, source)
    st.session_state["tournament_message"] = ("ok", t("tournament.undone", title=md(deck_title(deck))))


# --------------------------------------------------------------------------- page: the field

deck = current_deck()
rules = current_rules()
fmt = current_format()
report = current_report()
st.title(t("page.tournament"))
st.caption(t("tournament.intro", rules=rules.name))
with st.expander(t("matchup.model_title")):
    st.markdown(t("matchup.model_text"))

message = st.session_state.pop("tournament_message", None)
if message is not None:
    if message[0] == "ok":
        st.success(message[1])
    else:
        show_input_error(message[2], message[1])

st.header(t("tournament.field"))
st.caption(t("tournament.field_help"))
rows = field_rows()
names = _names()


def legal_text(row_id: str) -> str:
    """✓, or ✖ with the cards that make the deck illegal (or the problem itself, e.g. its size)."""
    found = check_deck(_deck_of(row_id), rules, fmt)
    if found.legal:
        return "✓"
    cards = sorted({p.card for p in found.problems if p.card})
    problem = finding_text(found.problems[0], with_card=False, markup=False)
    return "✖ " + (", ".join(cards) if cards else problem)


def source_text_of(row_id: str) -> str:
    """Where a row's deck comes from: the current deck, a sample's file stem, or its legal version."""
    if row_id == CURRENT:
        return t("tournament.source_current")
    if row_id.endswith("-legal"):
        return t("tournament.source_legal", stem=row_id.removesuffix("-legal"))
    return row_id


editor_frame = pd.DataFrame(
    {
        t("col.in_field"): [rows[i]["include"] for i in rows],
        t("col.deck"): [names[i] for i in rows],
        t("col.source"): [source_text_of(i) for i in rows],
        t("col.share_percent"): [rows[i]["share"] for i in rows],
        t("col.legal"): [legal_text(i) for i in rows],
    }
)
edited = st.data_editor(
    editor_frame,
    key=_editor_key(),
    hide_index=True,
    num_rows="fixed",
    height=35 * (len(editor_frame) + 1) + 3,  # every row visible, no inner scrolling
    disabled=[t("col.deck"), t("col.source"), t("col.legal")],
    column_config={
        t("col.in_field"): st.column_config.CheckboxColumn(t("col.in_field"), width="medium"),
        t("col.share_percent"): st.column_config.NumberColumn(
            t("col.share_percent"),
            min_value=0.0,
            max_value=1000.0,
            step=0.5,
            format="%.1f",
            help=t("tournament.share_help"),
        ),
        t("col.legal"): st.column_config.TextColumn(t("col.legal"), width="large"),
    },
    width="stretch",
)
keep_edits(edited)
b1, b2, _ = st.columns([1, 1, 3])
b1.button(t("tournament.equal_shares"), on_click=_equal_shares, key="tournament_equal")
b2.button(t("tournament.reset_field"), on_click=_reset_field, key="tournament_reset")

try:
    field = build_field()
except BerserkInputError as exc:
    show_input_error(exc, t("tournament.field_invalid"))
    st.stop()
total = sum(r["share"] for r in rows.values() if r["include"])
st.markdown(
    t(
        "tournament.field_summary",
        decks=tn("unit.decks", len(field.decks)),
        shares=", ".join(f"{n} {s:.0%}" for n, s in zip(field.names, field.shares, strict=True)),
    )
)
if abs(total - 100.0) > 1e-6:
    st.caption(t("tournament.shares_normalised", total=total))
st.download_button(
    t("tournament.download_field"),
    field_to_toml(field),
    file_name="field.toml",
    mime="text/plain",
    key="tournament_download_field",
    help=t("tournament.download_field_help"),
)

# The current deck is a candidate (a deck you might bring) when it is legal. When a field deck has the
# same cards, that deck's scores are the current deck's (no second copy of the same numbers).
twin = next((d.name for d in field.decks if content_key(d.deck) == content_key(deck)), None)
if not report.legal:
    st.warning(t("tournament.current_illegal", title=md(deck_title())))
    extra, mine_now = [], None
elif twin is not None:
    extra, mine_now = [], twin
    if twin != current_name():
        st.caption(t("tournament.current_is", name=md(twin)))
else:
    extra, mine_now = [(current_name(), deck)], current_name()
settings = MatchupSettings(rules)
signature = (field_signature(field), rules.name, fmt, deck_key(deck))

# --------------------------------------------------------------------------- page: expected scores

st.header(t("tournament.scores"))
with st.form("tournament_meta_form"):
    c1, c2, _ = st.columns([1, 1, 2])
    games = int(
        c1.number_input(
            t("tournament.games"),
            min_value=10,
            max_value=5_000,
            value=500,
            step=100,
            key="tournament_games",
            persist_state="session",
            help=t("tournament.games_help"),
        )
    )
    seed = seed_input("tournament_seed", 0, c2)
    run_meta = st.form_submit_button(t("tournament.run_scores"), type="primary", key="tournament_run")

if run_meta:
    bar = st.progress(0.0, text=t("common.starting"))
    runner = make_runner(settings, bar)
    try:
        result = expected_scores(field, settings, extra, games, seed, runner)
    except BerserkInputError as exc:
        bar.empty()
        show_input_error(exc, t("tournament.failed"))
        st.stop()
    progress_steps(
        bar, 1, 1, t("tournament.done_scores", candidates=len(result.candidates), games=games, seed=seed)
    )
    st.session_state["tournament_meta"] = {
        "result": result,
        "signature": signature,
        "mine": mine_now,
        "played": runner.games_played,
        "cached": runner.games_cached,
    }
    cache_caption(runner)

stored = st.session_state.get("tournament_meta")
if stored is None:
    st.info(t("tournament.press_run"))
else:
    result: MetaResult = stored["result"]
    if stored["signature"] != signature:
        st.warning(t("tournament.scores_changed"))
    mine = stored["mine"]
    ranked = [c.deck for c in result.candidates]
    m = st.columns(3)
    if mine in ranked:
        me = result.candidate(mine)
        m[0].metric(
            t("tournament.m_current"),
            num(me.expected.mean, "share"),  # an expected score is a share of the points
            help=t("tournament.ci_help", lo=num(me.expected.lo, "share"), hi=num(me.expected.hi, "share"),
                   games=me.expected.games),
        )
        lo, hi = num(me.expected.lo, "share"), num(me.expected.hi, "share")
        m[0].caption(t("tournament.ci_caption", lo=lo, hi=hi))
        m[1].metric(
            t("tournament.m_rank"), t("tournament.rank_of", rank=ranked.index(mine) + 1, total=len(ranked))
        )
    m[2].metric(t("tournament.m_best"), result.best)
    if len(result.candidates) > 1:
        first, second = result.candidates[0], result.candidates[1]
        diff = result.difference(first.deck, second.deck)
        key = "tournament.best_clear" if diff.lo > 0 else "tournament.best_unclear"
        st.markdown(t(key, best=md(first.deck), second=md(second.deck), diff=num(diff.mean, "gain"),
                      lo=num(diff.lo, "gain"), hi=num(diff.hi, "gain")))
        if mine in ranked and mine != first.deck:
            gap = result.difference(mine, first.deck)
            st.markdown(t("tournament.current_gap", best=md(first.deck), diff=num(gap.mean, "gain"),
                          lo=num(gap.lo, "gain"), hi=num(gap.hi, "gain")))
    score_chart(result, mine, "tournament_chart_scores")
    frame = result.frame()
    table(
        frame.assign(in_field=frame.in_field.map(lambda f: t("common.yes" if f else "common.no"))),
        "tournament_scores_table",
        kinds=dict.fromkeys(("expected_score", "lo", "hi", "best_score", "worst_score"), "share"),
    )
    st.caption(
        t(
            "tournament.scores_caption",
            rules=result.settings.rules.name,
            games=result.games,
            seed=result.seed,
            played=stored["played"],
            cached=stored["cached"],
        )
    )
    st.subheader(t("tournament.matchups"))
    matchup_heatmap(result, "tournament_chart_matchups")
    options = ranked
    if st.session_state.get("tournament_matchups_of") not in options:
        st.session_state["tournament_matchups_of"] = mine if mine in options else options[0]
    chosen = st.selectbox(t("tournament.matchups_of"), options, key="tournament_matchups_of")
    behind = result.matchups_frame(chosen)
    table(
        behind.drop(columns=["deck"]).assign(
            mirror=behind.mirror.map(lambda f: t("common.yes" if f else "common.no"))
        ),
        "tournament_matchups_table",
        kinds=dict.fromkeys(("share", "score", "lo", "hi", "contribution"), "share"),
    )
    st.caption(t("tournament.matchups_caption"))

# --------------------------------------------------------------------------- page: tuning

st.header(t("tournament.tuning"))
st.caption(t("tournament.tuning_help"))
if not report.legal:
    st.info(t("tournament.tune_needs_legal"))
    st.stop()
with st.form("tournament_tune_form"):
    c1, c2, c3, c4 = st.columns(4)
    pools = [*POOLS, "collection"]  # issue 21 item 12: tune within the cards the player owns
    pool = c1.selectbox(
        t("tournament.pool"),
        pools,
        key="tournament_pool",
        format_func=words_for(pools, lambda p: t(f"tournament.pool_{p}")),
        persist_state="session",
        help=t("tournament.pool_help"),
    )
    candidates = int(
        c2.number_input(
            t("tournament.candidates"),
            min_value=1,
            max_value=30,
            value=8,
            step=1,
            key="tournament_candidates",
            persist_state="session",
            help=t("tournament.candidates_help"),
        )
    )
    max_games = int(
        c3.number_input(
            t("tournament.max_games"),
            min_value=BLOCK,
            max_value=3_200,
            value=400,
            step=BLOCK,
            key="tournament_max_games",
            persist_state="session",
            help=t("tournament.max_games_help"),
        )
    )
    tune_seed = seed_input("tournament_tune_seed", 0, c4)
    with st.expander(t("tournament.more")):
        d1, d2 = st.columns(2)
        top = int(
            d1.number_input(
                t("tournament.top"),
                min_value=1,
                max_value=10,
                value=3,
                step=1,
                key="tournament_top",
                persist_state="session",
                help=t("tournament.top_help"),
            )
        )
        target = float(
            d2.number_input(
                t("tournament.target"),
                min_value=0.005,
                max_value=0.2,
                value=0.03,
                step=0.005,
                format="%.3f",
                key="tournament_target",
                persist_state="session",
                help=t("tournament.target_help"),
            )
        )
    k1, k2 = st.columns([3, 2])
    collection_text = k1.text_area(
        t("tournament.collection"),
        key="tournament_collection",
        height=100,
        placeholder="10185 3\n50153 2",
        help=t("tournament.collection_help"),
        persist_state="session",
    )
    collection_file = k2.file_uploader(t("tournament.collection_file"), type=["txt"],
                                       key="tournament_collection_file")
    run_tune = st.form_submit_button(t("tournament.run_tuning"), type="primary", key="tournament_tune_run")

if run_tune and pool == "collection":
    if collection_file is not None:  # a loaded file fills the box, so the session keeps it
        collection_text = collection_file.getvalue()[:MAX_COLLECTION_BYTES].decode("utf-8", "replace")
        st.session_state["tournament_collection_loaded"] = collection_text
    collection_text = collection_text or st.session_state.get("tournament_collection_loaded", "")
    if not collection_text.strip():
        st.warning(t("tournament.collection_needed"))
        st.stop()
    try:
        chosen_pool = parse_collection(collection_text, card_db(), t("tournament.collection_source"))
    except BerserkInputError as exc:
        show_input_error(exc, t("tournament.collection_failed"))
        st.stop()
else:
    chosen_pool = pool

if run_tune:
    bar = st.progress(0.0, text=t("tournament.prescreen"))
    runner = make_runner(settings, bar)
    try:
        found = candidate_swaps(deck, card_db(), rules, fmt, chosen_pool, field, candidates)
        if not found:
            bar.empty()
            st.warning(t("tournament.no_swaps"))
            st.stop()
        tuned = tune(deck, field, settings, found, tune_seed, BLOCK, max_games, target, top, runner)
    except BerserkInputError as exc:
        bar.empty()
        show_input_error(exc, t("tournament.tune_failed"))
        st.stop()
    progress_steps(
        bar,
        1,
        1,
        t("tournament.done_tuning", swaps=len(tuned.swaps), games=tuned.games_total, rounds=tuned.rounds),
    )
    st.session_state["tournament_tune"] = {
        "result": tuned,
        "deck": deck_key(deck),
        "signature": signature,
        "pool": pool,
    }
    cache_caption(runner)

kept = st.session_state.get("tournament_tune")
if kept is None:
    st.info(t("tournament.press_tune"))
    st.stop()
tuned: TuneResult = kept["result"]
fresh = kept["deck"] == deck_key(deck)
if not fresh:
    st.warning(t("tournament.tune_deck_changed"))
elif kept["signature"] != signature:
    st.warning(t("tournament.tune_field_changed"))
base = tuned.baseline
m = st.columns(3)
m[0].metric(
    t("tournament.m_baseline"),
    num(base.mean, "share"),
    help=t("tournament.ci_help", lo=num(base.lo, "share"), hi=num(base.hi, "share"), games=base.games),
)
m[0].caption(t("tournament.ci_caption", lo=num(base.lo, "share"), hi=num(base.hi, "share")))
m[1].metric(
    t("tournament.m_games"),
    t("tournament.games_count", n=tuned.games_total),
    help=t("tournament.m_games_help", played=tuned.games_played, rounds=tuned.rounds),
)
best = tuned.swaps[0]
m[2].metric(
    t("tournament.m_best_gain"),
    num(best.gain.mean, "gain"),
    help=t("tournament.gain_ci_help", lo=num(best.gain.lo, "gain"), hi=num(best.gain.hi, "gain")),
)
m[2].caption(t("tournament.best_gain_caption", swap=best.swap.label(), lo=num(best.gain.lo, "gain"),
               hi=num(best.gain.hi, "gain")))
gain_chart(tuned, "tournament_chart_gains")
swaps = tuned.frame()
table(
    swaps[
        [
            "rank",
            "swap",
            "gain",
            "gain_lo",
            "gain_hi",
            "status",  # before the wide numbers: why a swap stopped is part of the answer
            "games",
            "expected_score",
            "rounds",
            "prescreen",
            "unsure_share",  # issue 21: how much of the gain rests on what the model does not play
        ]
    ].assign(status=swaps.status.map(status_text)),
    "tournament_swaps_table",
    kinds=dict.fromkeys(("expected_score", "prescreen", "unsure_share"), "share")
    | dict.fromkeys(("gain", "gain_lo", "gain_hi"), "gain"),
)
st.caption(t("tournament.unsure_help"))
st.caption(
    t(
        "tournament.tuning_caption",
        pool=t(f"tournament.pool_{kept['pool']}"),
        block=tuned.block,
        target=tuned.target,
        top=tuned.top,
        seed=tuned.seed,
    )
)

st.subheader(t("tournament.apply"))
st.caption(t("tournament.apply_help") if fresh else t("tournament.apply_stale"))
for rank, swap in enumerate(tuned.swaps, start=1):
    left, right = st.columns([5, 1])
    left.markdown(
        t(
            "tournament.apply_row",
            rank=rank,
            swap=swap.swap.label(),
            gain=num(swap.gain.mean, "gain"),
            lo=num(swap.gain.lo, "gain"),
            hi=num(swap.gain.hi, "gain"),
            score=num(swap.expected.mean, "share"),
            games=swap.games,
        )
    )
    caveat = swap.caveat
    if caveat.unsure_share > 0:  # say it beside the swap, in the page's language
        notes = "; ".join(caveat_note(c) for c in caveat.unsure_cards)
        left.caption(t("tournament.caveat", share=num(caveat.unsure_share, "share"), notes=notes))
    right.button(
        t("tournament.apply_button"),
        key=f"tournament_apply_{rank}",
        on_click=_apply_swap,
        args=(rank,),
        disabled=not fresh,
        width="stretch",
    )
if "tournament_undo" in st.session_state:
    before = st.session_state["tournament_undo"][0]
    st.button(
        t("tournament.undo", title=md(deck_title(before))), on_click=_undo_swap, key="tournament_undo_button"
    )
