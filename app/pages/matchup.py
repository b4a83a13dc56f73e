"""Matchup page: the matchup matrix of a field of decks (whole pipeline: deals, mulligans, optimal
recruitment, battle), one pair by seat, and its first game on the board with a log of every strike.
Each side recruits by its objective (strength by default) and is played by its player (from the
library's registry); when the sides differ the matrix is a cross matrix (every ordered pair)."""

from __future__ import annotations

import math

import plotly.graph_objects as go
import streamlit as st
from i18n import has, num, t, tn
from ui import (
    card_db,
    chart,
    current_deck,
    current_rules,
    deck_from_key,
    deck_key,
    deck_title,
    error_bars,
    keep_valid,
    md,
    multiselect,
    page_setup,
    progress_steps,
    sample_labels,
    samples,
    seed_input,
    table,
    words_for,
)

from analysis.battle.board import COLS, ROWS
from analysis.battle.record import replay
from analysis.battle.registry import PLAYERS
from analysis.cards.abilities import KINDS, MARKERS, TRIGGERS
from analysis.decks.coverage import deck_row
from analysis.matchup.simulate import (
    MATCHUP_OBJECTIVES,
    MatchupSettings,
    deck_names,
    first_game_record,
    matrix_chunks,
    matrix_from_chunks,
    mulligan_thresholds,
    play_matrix_chunk,
    score_table,
)
from analysis.planning.keys import distinct_from
from analysis.rules import load_ruleset
from analysis.summaries.matchup import (
    LOG_TEMPLATES,
    battle_log,
    board_units,
    log_lines,
    saved_matrix,
    seat_frame,
    turn_events,
)
from analysis.util.errors import BerserkInputError

page_setup()

SIDE_COLOURS = ("#3b7dd8", "#cf4b3f")
SIDE_FILLS = ("#e3edfa", "#fae5e2")
LOG_HEIGHT = 480  # pixels of the whole-game log box (it scrolls inside; a bare string here would be shown)


Pair = tuple[str, str]


def _settings(rules_name: str, mulligan: str, players: Pair, objectives: Pair) -> MatchupSettings:
    return MatchupSettings(
        load_ruleset(rules_name),
        mulligan=mulligan,
        players=players,
        objectives=objectives,
        estimate_trials=300,
    )


@st.cache_data(show_spinner=False, max_entries=64)
def thresholds(deck_json: str, rules_name: str, mulligan: str, objective: str):
    """A deck's mulligan thresholds for both seats under a side's objective (cached: the optimal
    policy estimates them)."""
    settings = _settings(rules_name, mulligan, ("heuristic", "heuristic"), (objective, objective))
    return mulligan_thresholds(deck_from_key(deck_json), settings, objective)


@st.cache_data(show_spinner=False, max_entries=4096)
def chunk_rows(
    a_json: str, b_json: str, rules_name: str, mulligan: str, players: Pair, objectives: Pair, chunk
):
    """One chunk of games of a pair (≤ 250), cached by its inputs. The page loops over the chunks
    and moves the progress bar between them, outside this function, so a repeated run is instant."""
    settings = _settings(rules_name, mulligan, players, objectives)
    pair = (
        thresholds(a_json, rules_name, mulligan, objectives[0]),
        thresholds(b_json, rules_name, mulligan, objectives[1]),
    )
    return play_matrix_chunk(deck_from_key(a_json), deck_from_key(b_json), settings, chunk, pair)


@st.cache_data(show_spinner=False, max_entries=16)
def first_game(
    a_text: str, b_text: str, rules_name: str, seed: int, mulligan: str, players: Pair, objectives: Pair
):
    """The recorded first game of the pair (JSON-lines events)."""
    return first_game_record(
        deck_from_key(a_text),
        deck_from_key(b_text),
        _settings(rules_name, mulligan, players, objectives),
        seed=seed,
    )


def player_name(name: str) -> str:
    return t(f"player.{name}") if has(f"player.{name}") else name


def player_about(name: str) -> str:
    """What a player does, from the catalog (a player added to the registry without words: its name)."""
    return t(f"player_about.{name}") if has(f"player_about.{name}") else player_name(name)


def side_text(objective: str, player: str) -> str:
    return t("matchup.side_text", objective=t(f"objective.{objective}.label"), player=player_name(player))


def matrix_chart(frame, names, subtitle: str, key: str, axes: tuple[str, str] | None = None) -> None:
    """The score heatmap (row deck against column deck) with W-D-L and the interval on hover;
    ``axes`` names the rows' and the columns' side in a cross matrix."""
    scores = score_table(frame, names)
    labels = list(scores.index)
    rows = {(r.deck, r.opponent): r for r in frame.itertuples(index=False)}
    hover = [
        [
            t(
                "matchup.hover",
                a=a,
                b=b,
                wins=r.wins,
                draws=r.draws,
                losses=r.losses,
                games=r.games,
                rate=r.win_rate,
                lo=r.win_ci95_lo,
                hi=r.win_ci95_hi,
            )
            if (r := rows.get((a, b)))
            else ""
            for b in labels
        ]
        for a in labels
    ]
    fig = go.Figure(
        go.Heatmap(
            z=scores.values,
            x=labels,
            y=labels,
            zmin=0,
            zmax=1,
            colorscale="RdBu",
            text=[[("" if math.isnan(v) else num(v, "share")) for v in row] for row in scores.values],
            texttemplate="%{text}",
            hovertext=hover,
            hoverinfo="text",
            colorbar={"title": t("matchup.score")},
        )
    )
    fig.update_layout(
        title=t("matchup.chart_matrix", subtitle=subtitle),
        height=max(440, 60 * len(labels) + 200),
        xaxis={"title": axes[1] if axes else t("matchup.opponent")},
        yaxis={"title": axes[0] if axes else t("matchup.deck"), "autorange": "reversed"},
    )
    chart(fig, key, legend=False)


deck = current_deck()
rules = current_rules()
st.title(t("page.matchup"))
st.caption(t("matchup.intro", rules=rules.name))
# --------------------------------------------------------------------------- the sides
# Outside the form, so "same for both sides" shows or hides side B's pickers at once; the results
# keep the sides they were played with (their caption says which).
OBJECTIVES = list(MATCHUP_OBJECTIVES)
PLAYER_NAMES = list(PLAYERS)  # the library's registry: a new player appears here by itself
st.subheader(t("matchup.sides"))
same = st.checkbox(t("matchup.same_sides"), value=True, key="matchup_same", persist_state="session")
s1, s2, s3, s4 = st.columns(4)
keep_valid("matchup_player_a", PLAYER_NAMES)
keep_valid("matchup_player_b", PLAYER_NAMES)
objective_a = s1.selectbox(
    t("matchup.objective_a") if not same else t("matchup.objective_both"),
    OBJECTIVES,
    key="matchup_objective_a",
    format_func=words_for(OBJECTIVES, lambda o: t(f"objective.{o}.label")),
    persist_state="session",
)
player_a = s2.selectbox(
    t("matchup.player_a") if not same else t("matchup.player_both"),
    PLAYER_NAMES,
    index=PLAYER_NAMES.index("heuristic"),
    key="matchup_player_a",
    format_func=words_for(PLAYER_NAMES, player_name),
    persist_state="session",
)
if same:
    objective_b, player_b = objective_a, player_a
else:
    objective_b = s3.selectbox(
        t("matchup.objective_b"),
        OBJECTIVES,
        key="matchup_objective_b",
        format_func=words_for(OBJECTIVES, lambda o: t(f"objective.{o}.label")),
        persist_state="session",
    )
    player_b = s4.selectbox(
        t("matchup.player_b"),
        PLAYER_NAMES,
        index=PLAYER_NAMES.index("heuristic"),
        key="matchup_player_b",
        format_func=words_for(PLAYER_NAMES, player_name),
        persist_state="session",
    )
objectives = (objective_a, objective_b)
players = (player_a, player_b)
cross = objectives[0] != objectives[1] or players[0] != players[1]
st.caption(t("matchup.cross_note") if cross else t("matchup.same_note"))

with st.expander(t("matchup.model_title")):
    st.markdown(t("matchup.model_text"))
    sides_shown = [("side_a", 0), ("side_b", 1)] if cross else [("side_both", 0)]
    st.markdown(
        "\n".join(
            "- "
            + t(
                "matchup.model_side",
                side=t(f"matchup.{side}"),
                objective=t(f"objective.{objectives[k]}.label"),
                what=t(f"objective.{objectives[k]}.what"),
                player=player_name(players[k]),
                about=player_about(players[k]),
            )
            for side, k in sides_shown
        )
    )

labels = sample_labels()
with st.form("matchup_form"):
    c1, c2 = st.columns([3, 1])
    chosen = multiselect(
        c1,
        t("matchup.samples"),
        list(labels),
        default=list(labels)[:4],
        format_func=labels.get,
        key="matchup_samples",
        persist_state="session",
    )
    with_current = c2.checkbox(
        t("matchup.add_current"), value=True, key="matchup_current", persist_state="session"
    )
    c3, c4, c5 = st.columns(3)
    games = int(
        c3.number_input(
            t("matchup.games"),
            min_value=10,
            max_value=20_000,
            value=200,
            step=50,
            key="matchup_games",
            persist_state="session",
        )
    )
    seed = seed_input("matchup_seed", 1, c4)
    mulligan = c5.selectbox(  # optimal first: the CLI, the Tournament page and the saved matrix use it
        t("matchup.mulligan"),
        ["optimal", "never"],
        key="matchup_mulligan",
        format_func=words_for(["optimal", "never"], lambda p: t(f"policy.{p}", value="")),
        help=t("matchup.mulligan_help"),
        persist_state="session",
    )
    run = st.form_submit_button(t("matchup.run"), type="primary", key="matchup_run")

if run:
    if with_current:  # the current deck opened from a sample is that sample: shown once
        chosen = distinct_from(current_deck(), samples(), chosen)
    field_decks = ([current_deck()] if with_current else []) + [samples()[s] for s in chosen]
    if len(field_decks) < 2:
        st.error(t("matchup.need_two"))
        st.stop()
    titles = [
        (t("matchup.current_title", title=deck_title(deck)) if with_current and i == 0 else d.title)
        for i, d in enumerate(field_decks)
    ]
    names = deck_names(field_decks, titles)
    texts = [deck_key(d) for d in field_decks]
    try:
        chunks = matrix_chunks(len(field_decks), games, seed, cross)
    except BerserkInputError as exc:
        st.error(t("matchup.failed"))
        st.caption(str(exc))
        st.stop()
    bar = st.progress(0.0, text=t("common.starting"))
    total = sum(c.games for c in chunks)
    rows, done = [], 0
    for c in chunks:
        progress_steps(
            bar, done, total,
            t("matchup.progress", done=done, total=total, a=md(names[c.i]), b=md(names[c.j])),
        )
        rows.append(chunk_rows(texts[c.i], texts[c.j], rules.name, mulligan, players, objectives, c))
        done += c.games
    settings = _settings(rules.name, mulligan, players, objectives)
    matrix = matrix_from_chunks(names, settings, chunks, rows, games, seed, cross=cross)
    pairs = len(matrix.pairs)
    progress_steps(bar, 1, 1, t("matchup.done", pairs=pairs, games=games, seed=seed))
    st.session_state["matchup_result"] = (
        dict(zip(names, texts, strict=True)),
        matrix,
        rules.name,
        mulligan,
        players,
        objectives,
    )

stored = st.session_state.get("matchup_result")
if stored is None:
    st.info(t("matchup.press_run"))
    saved = saved_matrix()
    if saved is not None:
        games_saved = int(saved["games"].max())
        st.header(t("matchup.saved"))
        matrix_chart(saved, None, t("matchup.games_per_pair", games=games_saved), "chart_saved_matrix")
        st.caption(t("matchup.saved_caption", pairs=len(saved), games=games_saved))
    st.stop()
field_texts, matrix, rules_name, mulligan_used, players_used, objectives_used = stored

st.header(t("matchup.matrix"))
sides_used = [side_text(o, p) for o, p in zip(objectives_used, players_used, strict=True)]
matrix_chart(
    matrix.frame(),
    matrix.names,
    t("matchup.subtitle", games=matrix.games, seed=matrix.seed),
    "chart_matrix",
    (t("matchup.rows_side", side=sides_used[0]), t("matchup.columns_side", side=sides_used[1]))
    if matrix.cross
    else None,
)
table(
    matrix.frame().drop(columns=["games", "score"]),  # games: the caption; score: the heatmap
    "matchup_table",
    kinds=dict.fromkeys(
        ("win_rate", "win_ci95_lo", "win_ci95_hi", "win_rate_first", "win_rate_second"), "share"
    ),
    formats={"mean_turns": "%.1f"},
)
st.caption(
    t(
        "matchup.matrix_caption",
        rules=rules_name,
        mulligan=t(f"policy.{mulligan_used}", value=""),
        sides=t("matchup.sides_cross", a=sides_used[0], b=sides_used[1]) if matrix.cross else sides_used[0],
        games=matrix.games,
        seed=matrix.seed,
    )
)
if matrix.cross:
    st.caption(t("matchup.cross_caption"))

# --------------------------------------------------------------------------- one pair
st.header(t("matchup.pair"))
p1, p2 = st.columns(2)
names = list(matrix.names)
keep_valid("matchup_a", names)
a = p1.selectbox(t("matchup.deck"), names, key="matchup_a", persist_state="session")
others = names if matrix.cross else [n for n in names if n != a]  # a cross matrix has mirrors
keep_valid("matchup_b", others)
b = p2.selectbox(t("matchup.opponent"), others, key="matchup_b", persist_state="session")
result = matrix.pair(a, b)
seats = seat_frame(result)
overall, first, second = seats.iloc[0], seats.iloc[1], seats.iloc[2]
st.subheader(t("matchup.pair_heading", a=md(a), b=md(b), games=result.games))


def modelled_text(name: str) -> str:
    """How much of a deck's text the battle plays (issue 9): its copies by modelling status."""
    row = deck_row(deck_from_key(field_texts[name]))
    none = row.status["none"] + row.status["missing"]
    full = row.status["full"]
    return t("matchup.modelled_deck", name=md(name), full_share=full / row.copies if row.copies else 0.0,
             full=full, partial=row.status["partial"], none=none, copies=row.copies)


st.caption(t("matchup.modelled", decks="; ".join(modelled_text(n) for n in dict.fromkeys((a, b)))))
m = st.columns(6)
m[0].metric(
    t("matchup.m_wins"),
    num(overall.win_rate, "share"),
    help=t("matchup.ci_help", lo=overall.win_lo, hi=overall.win_hi, games=result.games),
)
m[1].metric(
    t("matchup.m_first"),
    num(first.win_rate, "share"),
    help=t("matchup.ci_help", lo=first.win_lo, hi=first.win_hi, games=int(first.n)),
)
m[2].metric(
    t("matchup.m_second"),
    num(second.win_rate, "share"),
    help=t("matchup.ci_help", lo=second.win_lo, hi=second.win_hi, games=int(second.n)),
)
m[3].metric(t("matchup.m_draws"), num(overall.draw_rate, "share"))
m[4].metric(
    t("matchup.m_losses"),
    num(result.b_wins / result.games, "share"),
    help=t("matchup.m_losses_help", name=md(b)),
)
m[5].metric(t("matchup.m_turns"), f"{result.mean_turns:.1f}")
subsets = [t("matchup.all_games"), t("matchup.moves_first", name=a), t("matchup.moves_first", name=b)]
table(
    seats.assign(games=subsets).rename(columns={"games": "subset"}),
    "matchup_seats",
    kinds=dict.fromkeys(("win_rate", "win_lo", "win_hi", "draw_rate", "draw_lo", "draw_hi"), "share"),
    static=True,
)
left, right = st.columns([2, 3])
bars = [t("matchup.bar_all"), t("matchup.bar_first"), t("matchup.bar_second")]
fig = go.Figure(
    go.Bar(
        x=bars,
        y=seats.win_rate,
        error_y=error_bars(seats, "win_rate", "win_lo", "win_hi"),
        marker_color=["#3b7dd8", "#9dbde0", "#9dbde0"],
        text=[num(p, "share") for p in seats.win_rate],
        textposition="outside",
        textfont=dict(size=14, color="#111"),
        cliponaxis=False,
    )
)
fig.update_layout(
    title=t("matchup.chart_seats"),
    height=340,
    yaxis=dict(range=[0, 1.18], title=t("axis.win_rate"), tickformat=".0%"),
)
chart(fig, "chart_pair", left, legend=False)
right.caption(t("matchup.seat_note", name=md(a)))

# --------------------------------------------------------------------------- the first game
st.subheader(t("matchup.first_game"))
events = first_game(
    field_texts[a], field_texts[b], rules_name, result.seed, mulligan_used, players_used, objectives_used
)
rep = replay(events, card_db())
log = battle_log(events)
# game 0: deck A is the First player (seat 0); a mirror's two sides are told apart by their letter
sides = (
    (t("matchup.side_name", name=a, side="A"), t("matchup.side_name", name=b, side="B")) if a == b else (a, b)
)
sides_md = tuple(md(s) for s in sides)  # the side names inside Markdown and HTML (user text: inert)
frames = rep.turn_frames()


def step_label(i: int, markup: bool = False) -> str:
    """The step's label: plain text for the picker, ``markup`` for a Markdown heading."""
    f = frames[i]
    return (
        t("matchup.after_reveal")
        if f.turn < 0
        else t("matchup.after_turn", turn=f.turn + 1, name=(sides_md if markup else sides)[f.seat])
    )


if st.session_state.get("matchup_step", 0) >= len(frames):
    st.session_state["matchup_step"] = len(frames) - 1
step = st.select_slider(
    t("matchup.turn"),
    options=list(range(len(frames))),
    format_func=words_for(range(len(frames)), step_label),
    key="matchup_step",
)
board = board_units(rep, frames[step])


def unit_html(u) -> str:
    life = (
        t("matchup.life", left=u.life_left, life=u.life)
        if u.life is not None and u.life == u.life
        else t("matchup.wounds", wounds=u.wounds)
    )
    frame = "solid" if u.open else "dashed"
    style = f"border:2px {frame} {SIDE_COLOURS[u.side]};background:{SIDE_FILLS[u.side]};"
    closed = "" if u.open else f"<br><i>{t('matchup.closed')}</i>"
    return (
        f"<div style='{style}border-radius:4px;padding:2px 4px;margin:1px 0;"
        # card names (Russian data) break only at hyphenation points, never "Чернокнижни/к"
        "font-size:0.8rem;line-height:1.2;hyphens:auto;word-break:normal;overflow-wrap:normal' lang='ru'>"
        f"<b>{md(u.name)}</b><br>{life}{closed}</div>"
    )


cells = {}
for u in board.itertuples():
    if u.zone == "board":
        cells.setdefault((u.row, u.col), []).append(unit_html(u))
grid = [
    "<table style='border-collapse:collapse;width:100%;table-layout:fixed'>",
    "<tr><th style='width:2em'></th>" + "".join(f"<th>{c}</th>" for c in "abcde") + "</tr>",
]
for r in range(ROWS - 1, -1, -1):
    grid.append(
        f"<tr><th>{r + 1}</th>"
        + "".join(
            f"<td style='border:1px solid #ccc;height:4.2em;vertical-align:top;padding:2px'>"
            f"{''.join(cells.get((r, c), []))}</td>"
            for c in range(COLS)
        )
        + "</tr>"
    )
grid.append("</table>")
left, right = st.columns([3, 2])
with left:
    st.markdown("".join(grid), unsafe_allow_html=True)
    aux = board[board.zone == "aux"]
    for side in (0, 1):
        mine = aux[aux.side == side]
        if len(mine):
            st.markdown(
                t("matchup.aux", name=sides_md[side]) + " "
                + "".join(unit_html(u) for u in mine.itertuples()),
                unsafe_allow_html=True,
            )
    st.caption(t("matchup.board_caption", a=md(a), b=md(b)))
with right:
    reasons = {
        r: t(f"matchup.reason_{r}")
        for r in ("elimination", "mutual", "stall", "timeout_draw", "timeout_cost")
    }
    templates = {k: t(f"log.{k}") for k in LOG_TEMPLATES}
    model = events[0]["config"]["model"]
    words = {
        "ability_words": {k: t(f"ability_kind.{k}") for k in KINDS}
        | {k: t(f"ability_marker.{k}") for k in MARKERS}  # a marker's wound names the marker
        | {k: t(f"log_word.{k}") for k in ("forward", "back", "left", "right", "shared_square", "curse",
                                           "blessing", "wolf", "human", "creature", "artifact",
                                           "flyer")},
        "trigger_words": {k: t(f"trigger.{k}") for k in TRIGGERS},
    }
    this_turn = log_lines(turn_events(rep, log, step), sides_md, templates, reasons, model, **words)
    st.markdown(f"**{step_label(step, markup=True)}**")
    if this_turn:
        st.markdown("\n".join(f"- {line}" for line in this_turn))
    else:
        st.caption(t("matchup.no_events"))
    if rep.result:
        w = rep.result.get("winner")
        outcome = t("matchup.result_draw") if w is None else t("matchup.result_win", name=sides_md[w])
        st.markdown(
            t(
                "matchup.result",
                outcome=outcome,
                reason=reasons.get(rep.result.get("reason"), rep.result.get("reason")),
                turns=tn("unit.turns", rep.result.get("turn", 0) + 1),
            )
        )
    with st.expander(t("matchup.full_log", lines=tn("unit.lines", len(log)))):
        # a box of its own height that scrolls, lines wrapped: a 200-line log would stretch the page
        st.code("\n".join(log_lines(log, sides, templates, reasons, model, **words)), language=None,
                wrap_lines=True, height=LOG_HEIGHT)
