"""Deck page: load a deck (sample, paste, upload), check it, see its shape, download it."""

from __future__ import annotations

import plotly.express as px
import streamlit as st
from ui import (
    ELEMENT_COLOURS,
    KIND_COLOURS,
    STATUS_ICONS,
    card_db,
    current_deck,
    current_format,
    current_rules,
    page_setup,
    sample_labels,
    samples,
    set_deck,
    show_input_error,
)

from analysis.deck_summary import (
    cost_curve,
    deck_findings,
    deck_frame,
    deck_from_bytes,
    deck_stats,
    element_counts,
    elite_split,
    flyer_costs,
    flyer_summary,
    legality_frame,
    type_counts,
    unique_copies,
)
from analysis.decks import DECK_FORMATS, MAX_DECK_BYTES, format_deck
from analysis.errors import BerserkInputError
from analysis.legality import check_deck

page_setup()

FORMAT_LABELS = {"auto": "guess", "txt": "ProBerserk text", "brsd": "berserk-nxt .brsd", "json": "JSON",
                 "nxt": "berserk-nxt code"}


def _load_sample() -> None:
    stem = st.session_state["sample_pick"]
    set_deck(samples()[stem], f"sample {stem}")
    st.session_state["load_message"] = ("ok", f"Loaded sample {sample_labels()[stem]}.")


def _load_pasted() -> None:
    text = st.session_state.get("paste_text", "")
    fmt = st.session_state.get("paste_format", "auto")
    try:
        deck = deck_from_bytes("pasted deck", text.encode("utf-8"), card_db(), None if fmt == "auto" else fmt)
    except BerserkInputError as exc:
        st.session_state["load_message"] = ("error", "The pasted deck could not be read", exc)
        return
    set_deck(deck, "pasted text")
    st.session_state["load_message"] = ("ok", f"Loaded the pasted deck: {deck.size} cards.")


def _load_upload() -> None:
    upload = st.session_state.get("deck_upload")
    if upload is None:
        return
    try:
        deck = deck_from_bytes(upload.name, upload.getvalue(), card_db())
    except BerserkInputError as exc:
        st.session_state["load_message"] = ("error", f"{upload.name} could not be read", exc)
        return
    set_deck(deck, f"file {upload.name}")
    st.session_state["load_message"] = ("ok", f"Loaded {upload.name}: {deck.size} cards.")


st.title("Deck")

with st.expander("Load a deck", expanded=True):
    sample_tab, paste_tab, upload_tab = st.tabs(["Sample decks", "Paste a list", "Upload a file"])
    with sample_tab:
        labels = sample_labels()
        st.selectbox("Sample deck", list(labels), format_func=labels.get, key="sample_pick")
        st.button("Load sample", on_click=_load_sample, type="primary", key="load_sample")
    with paste_tab:
        st.text_area(
            "Deck list",
            key="paste_text",
            height=180,
            placeholder="# My deck\n3 Смотрящий в ночь\n2x Инзела\n1 Мертвяцкая бомбарда [20/159]",
            help="ProBerserk text (COUNT NAME per line), .brsd (COUNT ID) or JSON.",
        )
        st.selectbox("Format", list(FORMAT_LABELS), format_func=FORMAT_LABELS.get, key="paste_format")
        st.button("Load pasted deck", on_click=_load_pasted, key="load_paste")
    with upload_tab:
        st.file_uploader(
            f"Deck file (.txt, .brsd, .json, .nxt; at most {MAX_DECK_BYTES // 1000} kB, "
            "UTF-8 or Windows-1251)",
            type=list(DECK_FORMATS),
            key="deck_upload",
            on_change=_load_upload,
        )
        st.caption("The file is only read in memory; nothing uploaded is run or saved.")

message = st.session_state.pop("load_message", None)
if message and message[0] == "ok":
    st.success(message[1])
elif message:
    show_input_error(message[2], message[1])

deck = current_deck()
rules = current_rules()
fmt = current_format()
report = check_deck(deck, rules, fmt)
stats = deck_stats(deck, rules)

st.subheader(f"{deck.title or 'Untitled deck'} — {deck.size} cards")
cols = st.columns(6)
cols[0].metric("Cards", stats.cards)
cols[1].metric("Distinct names", stats.distinct)
cols[2].metric("Mean cost", f"{stats.mean_cost:.2f}")
cols[3].metric("Elite / ordinary", f"{stats.elites} / {stats.ordinaries}")
cols[4].metric("Flyers", stats.flyers)
cols[5].metric("Elements", len(stats.elements), help=", ".join(stats.elements) or "neutral only")

# --------------------------------------------------------------------------- legality
st.header("Legality")
if report.legal:
    st.success(f"LEGAL under **{rules.name}** / **{fmt}** "
               f"({len(report.warnings)} warning{'s' if len(report.warnings) != 1 else ''}).")
else:
    st.error(f"NOT LEGAL under **{rules.name}** / **{fmt}**: {len(report.problems)} problem"
             f"{'s' if len(report.problems) != 1 else ''}.")
for row in deck_findings(report).itertuples():
    (st.error if row.kind == "problem" else st.warning)(f"Whole deck — {row.code}: {row.message}")
legal = legality_frame(deck, report)
legal["status"] = legal["status"].map(STATUS_ICONS)
st.dataframe(
    legal,
    hide_index=True,
    width="stretch",
    column_config={
        "status": st.column_config.TextColumn("Status", width="small"),
        "count": st.column_config.NumberColumn("Copies", width="small"),
        "name": st.column_config.TextColumn("Card"),
        "code": st.column_config.TextColumn("Set/No.", width="small"),
        "findings": st.column_config.TextColumn("Findings", width="large"),
    },
    key="legality_table",
)
findings = legal[legal.findings != ""]
if not findings.empty:
    with st.expander(f"Every finding in full ({len(findings)} cards)", expanded=not report.legal):
        for row in findings.itertuples():
            for line in row.findings.split("\n"):
                st.markdown(f"- {row.status} · **{row.name}** ({row.code}) — {line}")

# --------------------------------------------------------------------------- summary
st.header("Summary")
left, right = st.columns(2)
curve = cost_curve(deck)
fig = px.bar(curve, x="cost", y="copies", color="kind", color_discrete_map=KIND_COLOURS,
             title="Cost curve", labels={"copies": "copies", "cost": "cost", "kind": ""})
fig.update_layout(xaxis=dict(dtick=1), legend=dict(orientation="h", y=1.12, x=1, xanchor="right"),
                  margin=dict(t=60, b=10), height=340)
left.plotly_chart(fig, width="stretch", key="chart_cost_curve")

split = elite_split(deck)
fig = px.pie(split, names="kind", values="copies", color="kind", color_discrete_map=KIND_COLOURS,
             hole=0.45, title="Elite / ordinary copies")
fig.update_traces(textinfo="label+value", hovertemplate="%{label}: %{value} copies<extra></extra>")
fig.update_layout(margin=dict(t=60, b=10), height=340, showlegend=False)
right.plotly_chart(fig, width="stretch", key="chart_elite")

left, right = st.columns(2)
elements = element_counts(deck)
fig = px.bar(elements, x="element", y="copies", color="element", color_discrete_map=ELEMENT_COLOURS,
             text="copies", title="Elements (a multi-element card counts in each)",
             hover_data={"cards": True})
fig.update_layout(showlegend=False, margin=dict(t=60, b=10), height=340)
left.plotly_chart(fig, width="stretch", key="chart_elements")

types = type_counts(deck)
fig = px.bar(types, x="type", y="copies", text="copies", title="Card types",
             color_discrete_sequence=["#5b7a99"])
fig.update_layout(margin=dict(t=60, b=10), height=340)
right.plotly_chart(fig, width="stretch", key="chart_types")

left, right = st.columns(2)
with left:
    flyers = flyer_costs(deck)
    fsum = flyer_summary(deck, rules)
    if flyers.empty:
        st.markdown("**Flyer cost**")
        st.info("No flying creatures in this deck.")
    else:
        shown = flyers.assign(kind=flyers.elite.map({True: "elite", False: "ordinary"}))
        fig = px.bar(shown, x="cost", y="name", orientation="h", text="copies", color="kind",
                     color_discrete_map=KIND_COLOURS, title="Flyer cost (bar label: copies)",
                     labels={"name": "", "kind": ""})
        fig.update_layout(margin=dict(t=60, b=10), height=340, yaxis=dict(autorange="reversed"),
                          legend=dict(orientation="h", y=1.12, x=1, xanchor="right"))
        st.plotly_chart(fig, width="stretch", key="chart_flyers")
        cap = f"cap {fsum.cap}" if fsum.cap else "no flying cost cap in this ruleset"
        fit = "all fit together" if fsum.all_fit else "they cannot all be in one squad"
        st.caption(f"One of each flyer costs {fsum.cost_one_of_each} ({cap}): {fit}.")
with right:
    unique = unique_copies(deck, rules)
    if unique.empty:
        st.markdown("**Unique copies**")
        st.info(f"No unique cards under {rules.name}.")
    else:
        long = unique.melt(id_vars=["name"], value_vars=["usable", "dead"], var_name="copy", value_name="n")
        fig = px.bar(long, x="n", y="name", color="copy", orientation="h",
                     color_discrete_map={"usable": "#4c9a4c", "dead": "#c0504d"},
                     title="Unique cards: only one copy can be in a squad",
                     labels={"n": "copies", "name": ""})
        fig.update_layout(margin=dict(t=60, b=10), height=340, yaxis=dict(autorange="reversed"),
                          legend=dict(orientation="h", y=1.12, x=1, xanchor="right", title=""))
        st.plotly_chart(fig, width="stretch", key="chart_unique")
        st.caption(f"{stats.dead_unique_copies} dead cop{'y' if stats.dead_unique_copies == 1 else 'ies'}: "
                   "extra copies of a unique card can never join the same squad.")

st.header("Cards in the deck")
st.dataframe(deck_frame(deck), hide_index=True, width="stretch", key="deck_table")

# --------------------------------------------------------------------------- download
st.header("Download")
stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in (deck.title or "deck"))
stem = stem.strip("-") or "deck"
mimes = {"txt": "text/plain", "brsd": "text/plain", "json": "application/json", "nxt": "text/plain"}
for column, out_fmt in zip(st.columns(len(DECK_FORMATS)), DECK_FORMATS, strict=True):
    column.download_button(
        f"Download {FORMAT_LABELS[out_fmt]}",
        data=format_deck(deck, out_fmt, card_db()).encode("utf-8"),
        file_name=f"{stem}.{out_fmt}",
        mime=mimes[out_fmt],
        key=f"download_{out_fmt}",
    )
