"""Matchup page: the matchup matrix of a field of decks (whole pipeline: deals, mulligans, optimal
recruitment, battle) and the details of one pair, with the first game drawn on the board."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st
from ui import (
    card_db,
    current_deck,
    current_rules,
    deck_from_key,
    deck_key,
    error_bars,
    page_setup,
    sample_labels,
    samples,
)
from ui import seed_input as seed_field

from analysis.battle.draw import battle_figure, battle_text, unit_labels
from analysis.battle.players import PLAYERS
from analysis.battle.record import replay
from analysis.errors import BerserkInputError
from analysis.matchup import MatchupSettings, first_game_record, matchup_matrix, matrix_figure
from analysis.matchup_summary import saved_matrix, seat_frame
from analysis.rules import load_ruleset

page_setup()

CURRENT = "current deck"


def _settings(rules_name: str, mulligan: str, players: tuple[str, str]) -> MatchupSettings:
    return MatchupSettings(load_ruleset(rules_name), mulligan=mulligan, players=players, estimate_trials=300)


@st.cache_data(show_spinner=False, max_entries=8)
def run_matrix(
    decks: tuple[tuple[str, str], ...],
    rules_name: str,
    games: int,
    seed: int,
    mulligan: str,
    players: tuple[str, str],
    _progress=None,
):
    """The matrix for these decks and settings (cached by inputs, not by the progress bar)."""

    def report(done, total):
        if _progress is not None:
            _progress.progress(done / total, text=f"Played {done:,} of {total:,} games")

    return matchup_matrix(
        [deck_from_key(text) for _, text in decks],
        _settings(rules_name, mulligan, players),
        games=games,
        seed=seed,
        labels=[name for name, _ in decks],
        executor="serial",
        progress=report,
    )


@st.cache_data(show_spinner=False, max_entries=16)
def first_game(a_text: str, b_text: str, rules_name: str, seed: int, mulligan: str, players: tuple[str, str]):
    """The recorded first game of the pair (JSON-lines events)."""
    return first_game_record(
        deck_from_key(a_text), deck_from_key(b_text), _settings(rules_name, mulligan, players), seed=seed
    )


deck = current_deck()
rules = current_rules()
st.title("Matchup")
st.caption(
    f"Ruleset **{rules.name}**. Each game: seats alternate, both sides are dealt, take mulligans by the "
    "policy, recruit their optimal squad, and a battle on the 5×6 board decides (heuristic players)."
)

labels = sample_labels()
with st.form("matchup_form"):
    c1, c2 = st.columns([3, 1])
    chosen = c1.multiselect(
        "Sample decks in the field",
        list(labels),
        default=list(labels)[:4],
        format_func=labels.get,
        key="matchup_samples",
    )
    with_current = c2.checkbox("Add the current deck", value=True, key="matchup_current")
    c3, c4, c5, c6 = st.columns(4)
    games = int(
        c3.number_input(
            "Games per pair", min_value=10, max_value=20_000, value=200, step=50, key="matchup_games"
        )
    )
    with c4:
        seed = seed_field("matchup_seed", 1)
    mulligan = c5.selectbox("Mulligan policy", ["never", "optimal"], key="matchup_mulligan")
    player = c6.selectbox(
        "Players", list(PLAYERS), index=list(PLAYERS).index("heuristic"), key="matchup_players"
    )
    run = st.form_submit_button("Run matchups", type="primary")

if run:
    field = ([(CURRENT, deck_key(deck))] if with_current else []) + [
        (s, deck_key(samples()[s])) for s in chosen
    ]
    if len(field) < 2:
        st.error("A matchup needs at least two decks: pick samples or add the current deck.")
        st.stop()
    bar = st.progress(0.0, text="Starting…")
    try:
        matrix = run_matrix(tuple(field), rules.name, games, seed, mulligan, (player, player), _progress=bar)
    except BerserkInputError as exc:
        st.error(str(exc))
        st.stop()
    pairs = len(field) * (len(field) - 1) // 2
    bar.progress(1.0, text=f"Done: {pairs} pairs × {games:,} games, seed {seed}.")
    st.session_state["matchup_result"] = (dict(field), matrix, rules.name, mulligan, (player, player))

stored = st.session_state.get("matchup_result")
if stored is None:
    st.info(
        "Choose the field and press **Run matchups**: every pair of decks plays the given number of games."
    )
    saved = saved_matrix()
    if saved is not None:
        games_saved = int(saved["games"].max())
        st.header("The sample field, precomputed")
        fig = matrix_figure(saved, subtitle=f"{games_saved:,} games per pair")
        fig.update_layout(margin=dict(t=60, b=10))
        st.plotly_chart(fig, width="stretch", key="chart_saved_matrix")
        st.caption(
            f"From `reports/matchup_matrix.csv` ({len(saved)} ordered pairs, {games_saved:,} games per pair, "
            "relaunch, heuristic players), written by `berserk matrix data/decks/*.txt --games 2000 "
            "--seed 1`. Hover a cell for W-D-L and the 95% interval."
        )
    st.stop()
field_texts, matrix, rules_name, mulligan_used, players_used = stored

st.header("Matrix")
fig = matrix.figure()
fig.update_layout(margin=dict(t=60, b=10))
st.plotly_chart(fig, width="stretch", key="chart_matrix")
table = matrix.frame()
st.dataframe(
    table,
    hide_index=True,
    width="stretch",
    key="matchup_table",
    column_config={
        c: st.column_config.NumberColumn(format="%.3f")
        for c in (
            "win_rate",
            "win_ci95_lo",
            "win_ci95_hi",
            "score",
            "win_rate_first",
            "win_rate_second",
            "mean_turns",
        )
    },
)
st.caption(
    f"Ruleset {rules_name}, mulligans {mulligan_used}, players {players_used[0]}; "
    f"{matrix.games:,} games per pair, seed {matrix.seed}. Intervals are Wilson 95%."
)

st.header("One pair in detail")
p1, p2 = st.columns(2)
names = list(matrix.names)
a = p1.selectbox("Deck", names, index=0, key="matchup_a")
b = p2.selectbox("Opponent", [n for n in names if n != a], index=0, key="matchup_b")
result = matrix.pair(a, b)
seats = seat_frame(result)
m = st.columns(4)
overall = seats.iloc[0]
m[0].metric(
    f"{a} wins", f"{overall.win_rate:.1%}", help=f"95% CI {overall.win_lo:.1%} – {overall.win_hi:.1%}"
)
m[1].metric("Draws", f"{overall.draw_rate:.1%}")
m[2].metric(f"{b} wins", f"{result.b_wins / result.games:.1%}")
m[3].metric("Mean turns", f"{result.mean_turns:.1f}")
left, right = st.columns([3, 2])
left.dataframe(
    seats,
    hide_index=True,
    width="stretch",
    key="matchup_seats",
    column_config={
        c: st.column_config.NumberColumn(format="%.3f")
        for c in ("win_rate", "win_lo", "win_hi", "draw_rate", "draw_lo", "draw_hi")
    },
)
fig = go.Figure(
    go.Bar(
        x=seats["games"],
        y=seats.win_rate,
        error_y=error_bars(seats, "win_rate", "win_lo", "win_hi"),
        marker_color=["#3b7dd8", "#9dbde0", "#9dbde0"],
        text=seats.win_rate.map(lambda p: f"{p:.2f}"),
        textposition="inside",
    )
)
fig.update_layout(
    title=f"{a}: win rate by seat (95% CI)",
    height=300,
    margin=dict(t=50, b=10),
    yaxis=dict(range=[0, 1], title="win rate"),
)
right.plotly_chart(fig, width="stretch", key="chart_pair")

st.subheader("The first game of the pair on the board")
events = first_game(field_texts[a], field_texts[b], rules_name, result.seed, mulligan_used, players_used)
rep = replay(events, card_db())
board = battle_figure(rep)
for trace in [*board.data, *(t for frame in board.frames for t in frame.data)]:
    trace.update(textfont=dict(size=10, color="#111"), marker=dict(size=46, opacity=0.55))
board.update_layout(
    height=620, margin=dict(t=50, b=10), legend=dict(orientation="h", y=1.06, x=1, xanchor="right")
)
left, right = st.columns([3, 2])
left.plotly_chart(board, width="stretch", key="chart_board")
with right:
    st.caption(
        "Move the slider under the board to step through the turns. Each card shows its label and "
        "wounds/life (hover for its name); a hollow square is a closed card; cards right of the board "
        f"are in the auxiliary zone (flyers, terrains). Blue (A) is {a}, moving first; red (B) is {b}."
    )
    st.dataframe(
        {"card": unit_labels(rep), "name": list(rep.names), "life": list(rep.life)},
        hide_index=True,
        width="stretch",
        height=300,
        key="matchup_units",
    )
    with st.expander("The same game as text, turn by turn"):
        st.code(battle_text(rep), language=None)
