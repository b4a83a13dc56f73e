"""Deck page: load a deck (sample, paste a list or a code, upload), check it, edit it copy by copy,
see its shape, share and download it."""

from __future__ import annotations

import dataclasses

import plotly.express as px
import streamlit as st
from browser_store import browser_decks
from i18n import t, tn
from ui import (
    ELEMENT_COLOURS,
    KIND_COLOURS,
    STATUS_ICONS,
    card_db,
    chart,
    current_deck,
    current_format,
    current_report,
    current_rules,
    deck_code,
    deck_title,
    element_name,
    finding_text,
    format_label,
    kind_name,
    md,
    page_setup,
    sample_labels,
    samples,
    set_deck,
    show_input_error,
    table,
    translate_list,
    type_name,
    words_for,
)

from analysis.decks.deck import DECK_FORMATS, MAX_DECK_BYTES, format_deck, parse_nxt
from analysis.decks.legality import check_deck
from analysis.decks.saved import SavedDeck, delete_deck, read_saved, rename_deck, save_deck, saved_to_json
from analysis.summaries.deck import (
    cost_curve,
    deck_frame,
    deck_from_bytes,
    deck_stats,
    element_counts,
    elite_split,
    flyer_costs,
    flyer_summary,
    legality_frame,
    step_copies,
    type_counts,
    unique_copies,
)
from analysis.util.errors import BerserkInputError

page_setup()

PASTE_FORMATS = ("auto", "txt", "brsd", "json", "nxt")
MIMES = {"txt": "text/plain", "brsd": "text/plain", "json": "application/json", "nxt": "text/plain"}


def _say(slot: str, text: str) -> None:
    """Keep a success message for the next run (a callback cannot draw it itself)."""
    st.session_state[slot] = ("ok", text)


def _fail(slot: str, what: str, exc: BerserkInputError) -> None:
    """Keep an input error for the next run: what failed, and the error naming the fix."""
    st.session_state[slot] = ("error", what, exc)


def _show_message(slot: str) -> bool:
    """Draw the message kept in ``slot`` (success, or the input error); True if it was an error."""
    message = st.session_state.pop(slot, None)
    if message and message[0] == "ok":
        st.success(message[1])
    elif message:
        show_input_error(message[2], message[1])
        return True
    return False


def _load_sample() -> None:
    stem = st.session_state["sample_pick"]
    set_deck(samples()[stem], ("sample", stem))
    _say("load_message", t("deck.loaded_sample", label=md(sample_labels()[stem])))


def _load_pasted() -> None:
    text = st.session_state.get("paste_text", "")
    fmt = st.session_state.get("paste_format", "auto")
    try:
        deck = deck_from_bytes("pasted deck", text.encode("utf-8"), card_db(), None if fmt == "auto" else fmt)
    except BerserkInputError as exc:
        _fail("load_message", t("deck.paste_failed"), exc)
        return
    set_deck(deck, ("paste",))
    _say("load_message", t("deck.loaded_paste", cards=tn("unit.cards", deck.size)))


def _load_upload() -> None:
    upload = st.session_state.get("deck_upload")
    if upload is None:
        return
    try:
        deck = deck_from_bytes(upload.name, upload.getvalue(), card_db())
    except BerserkInputError as exc:
        _fail("load_message", t("deck.upload_failed", name=md(upload.name)), exc)
        return
    set_deck(deck, ("file", upload.name))
    _say("load_message", t("deck.loaded_file", name=md(upload.name), cards=tn("unit.cards", deck.size)))


# --------------------------------------------------------------------------- My decks (browser storage)


def _saved() -> tuple[SavedDeck, ...]:
    return st.session_state.get("my_decks_list", ())


def _store(decks: tuple[SavedDeck, ...]) -> None:
    """Hand the changed list to the browser store (written on the next mount)."""
    st.session_state["my_decks_write"] = saved_to_json(decks)
    st.session_state["my_decks_version"] = st.session_state.get("my_decks_version", 0) + 1
    st.session_state["my_decks_list"] = decks


def _mine_change(change, message: str, **fmt) -> None:
    try:
        decks = change(_saved())
    except BerserkInputError as exc:
        _fail("mine_message", t("deck.mine_failed"), exc)
        return
    _store(decks)
    _say("mine_message", t(message, **{k: md(v) for k, v in fmt.items()}))


def _save_mine() -> None:
    title = st.session_state.get("mine_title", "") or deck_title()
    code = deck_code(current_deck()) or ""
    _mine_change(lambda d: save_deck(d, title, code), "deck.mine_saved", title=title)


def _rename_mine() -> None:
    old, new = st.session_state.get("mine_pick"), st.session_state.get("mine_new_title", "")
    _mine_change(lambda d: rename_deck(d, old or "", new), "deck.mine_renamed", old=old or "", new=new)


def _delete_mine() -> None:
    title = st.session_state.get("mine_pick") or ""
    _mine_change(lambda d: delete_deck(d, title), "deck.mine_deleted", title=title)


def _load_mine() -> None:
    title = st.session_state.get("mine_pick")
    entry = next((d for d in _saved() if d.title == title), None)
    if entry is None:
        return
    try:
        deck = parse_nxt("#" + entry.code, card_db(), f"saved deck {entry.title}")
    except BerserkInputError as exc:
        _fail("load_message", t("deck.mine_bad_code", title=md(entry.title)), exc)
        return
    set_deck(dataclasses.replace(deck, title=entry.title), ("saved", entry.title))
    _say("load_message", t("deck.mine_loaded", title=md(entry.title), cards=tn("unit.cards", deck.size)))


def my_decks_tab() -> None:
    """The list kept in the browser: save the current deck, open, rename or delete a saved one."""
    pending = st.session_state.get("my_decks_write")
    raw, error = browser_decks(pending, st.session_state.get("my_decks_version", 0))
    decks, dropped = read_saved(pending if pending is not None else raw)
    st.session_state["my_decks_list"] = decks
    st.caption(t("deck.mine_intro"))
    _show_message("mine_message")
    if error:
        st.warning(t("deck.mine_write_error", error=md(error)))
    if dropped:
        st.warning(t("deck.mine_dropped", n=dropped))
    save_col, button_col = st.columns([3, 1], vertical_alignment="bottom")
    save_col.text_input(t("deck.mine_save_title"), value=deck_title(), key="mine_title", max_chars=80)
    button_col.button(t("deck.mine_save"), on_click=_save_mine, key="mine_save", type="primary")
    if not decks:
        st.info(t("deck.mine_empty"))
        return
    titles = [d.title for d in decks]
    if st.session_state.get("mine_pick") not in titles:
        st.session_state["mine_pick"] = titles[0]
    st.selectbox(t("deck.mine_pick"), titles, key="mine_pick")
    open_col, delete_col, _ = st.columns([1, 1, 4])
    open_col.button(t("deck.mine_load"), on_click=_load_mine, key="mine_load")
    delete_col.button(t("deck.mine_delete"), on_click=_delete_mine, key="mine_delete")
    rename_col, rename_button = st.columns([3, 1], vertical_alignment="bottom")
    rename_col.text_input(t("deck.mine_rename_to"), key="mine_new_title", max_chars=80)
    rename_button.button(t("deck.mine_rename"), on_click=_rename_mine, key="mine_rename")


def _step(card_id: int, delta: int) -> None:
    """+ or − one copy of a printing (a + past the copy limit is refused with a warning)."""
    card = card_db().by_id(card_id)
    step = step_copies(current_deck(), card, delta, current_rules(), current_format())
    if step.refused:
        st.session_state["edit_message"] = (
            "warning",
            t("deck.edit_limit", card=card.name, limit=step.limit, format=format_label(current_format())),
        )
        return
    set_deck(step.deck, ("edit",))
    key = "deck.edit_added" if delta > 0 else "deck.edit_removed"
    st.session_state["edit_message"] = ("ok", t(key, card=card.name, copies=tn("unit.copies", step.copies)))


st.title(t("page.deck"))

rules = current_rules()
fmt = current_format()
with st.expander(t("deck.load"), expanded=True):
    sample_tab, paste_tab, upload_tab, mine_tab = st.tabs(
        [t("deck.tab_samples"), t("deck.tab_paste"), t("deck.tab_upload"), t("deck.tab_mine")]
    )
    with mine_tab:
        my_decks_tab()
    with sample_tab:
        labels = sample_labels()
        st.selectbox(
            t("deck.sample"), list(labels), format_func=labels.get, key="sample_pick", persist_state="session"
        )
        st.button(t("deck.load_sample"), on_click=_load_sample, type="primary", key="load_sample")
        banned = {
            stem: sorted({p.card for p in check_deck(d, rules, fmt).problems if p.code == "banned"})
            for stem, d in samples().items()
        }
        banned = {stem: cards for stem, cards in banned.items() if cards}
        if banned:
            listed = "; ".join(f"{stem} ({', '.join(cards)})" for stem, cards in banned.items())
            st.caption(t("deck.samples_banned", n=len(banned), rules=rules.name, list=listed))
    with paste_tab:
        st.text_area(
            t("deck.paste_label"),
            key="paste_text",
            height=180,
            persist_state="session",
            placeholder=t("deck.paste_placeholder"),
            help=t("deck.paste_help"),
        )
        st.selectbox(
            t("deck.paste_format"),
            list(PASTE_FORMATS),
            format_func=words_for(PASTE_FORMATS, lambda f: t(f"file_format.{f}")),
            key="paste_format",
            persist_state="session",
        )
        st.button(t("deck.load_paste"), on_click=_load_pasted, key="load_paste")
    with upload_tab:
        st.file_uploader(
            t("deck.upload_label", kb=MAX_DECK_BYTES // 1000),
            type=list(DECK_FORMATS),
            key="deck_upload",
            on_change=_load_upload,
        )
        st.caption(t("deck.upload_note"))

if _show_message("load_message"):
    # The error takes the place of the report: the deck below would be the previous one.
    st.info(t("deck.still_current", title=md(deck_title())))
    st.button(t("deck.show_current"), key="show_current")
    st.stop()

deck = current_deck()
report = current_report()
stats = deck_stats(deck, rules)

st.subheader(t("deck.heading", title=md(deck_title(deck)), cards=tn("unit.cards", deck.size)))
cols = st.columns(6)
cols[0].metric(t("deck.m_cards"), stats.cards)
cols[1].metric(t("deck.m_distinct"), stats.distinct)
cols[2].metric(t("deck.m_mean_cost"), f"{stats.mean_cost:.2f}", help=t("deck.m_mean_cost_help"))
cols[3].metric(t("deck.m_split"), f"{stats.elites} / {stats.ordinaries}")
cols[4].metric(t("deck.m_flyers"), stats.flyers)
cols[5].metric(
    t("deck.m_elements"),
    len(stats.elements),
    help=", ".join(element_name(e) for e in stats.elements) or element_name("neutral"),
)

# --------------------------------------------------------------------------- legality
st.header(t("deck.legality"))
if report.legal:
    st.success(
        t(
            "deck.legal",
            rules=rules.name,
            format=format_label(fmt),
            warnings=tn("unit.warnings", len(report.warnings)),
            info=tn("unit.notes", len(report.info)),
        )
    )
else:
    st.error(
        t(
            "deck.illegal",
            rules=rules.name,
            format=format_label(fmt),
            problems=tn("unit.problems", len(report.problems)),
        )
    )
level_box = {"problem": st.error, "warning": st.warning, "info": st.info}
for level, findings in report.by_level():
    for f in findings:
        if not f.card:
            level_box[level](t("deck.whole_deck", text=finding_text(f)))
legal = legality_frame(deck, report, lambda f: finding_text(f, with_card=False, markup=False))
legal = legal[legal.status != "ok"]  # every card with a finding; the others are in the deck table
if legal.empty:
    st.caption(t("deck.no_findings"))
else:
    legal = legal.assign(
        status=legal.status.map(lambda s: f"{STATUS_ICONS[s]} {t(f'status.{s}')}"),
        findings=legal.findings.str.replace("\n", " · "),
    ).drop(columns=["codes"])
    table(legal, "legality_table", static=True)

# --------------------------------------------------------------------------- editing
st.header(t("deck.edit"))
st.caption(t("deck.edit_help", format=format_label(fmt)))
edit = st.session_state.pop("edit_message", None)
if edit:
    (st.success if edit[0] == "ok" else st.warning)(edit[1])
head = st.columns([5, 2, 1, 3, 1, 1])
for column, key in zip(head, ("name", "type", "cost", "count", "plus", "minus"), strict=True):
    column.markdown(f"**{t(f'deck.edit_col_{key}')}**")
for e in deck.entries:
    c = st.columns([5, 2, 1, 3, 1, 1], vertical_alignment="center")
    c[0].markdown(f"{md(e.card.name)} <span style='color:#888'>({e.card.code})</span>",
                  unsafe_allow_html=True)
    c[1].markdown(type_name(e.card.type))
    c[2].markdown(str(e.card.cost))
    c[3].markdown(f"{e.count} × {kind_name(e.card.elite)}")
    c[4].button(
        "+",
        key=f"plus_{e.card.id}",
        on_click=_step,
        args=(e.card.id, 1),
        help=t("deck.plus_help", card=md(e.card.name)),
    )
    c[5].button(
        "−",
        key=f"minus_{e.card.id}",
        on_click=_step,
        args=(e.card.id, -1),
        help=t("deck.minus_help", card=md(e.card.name)),
    )
st.caption(t("deck.add_more"))

# --------------------------------------------------------------------------- summary
st.header(t("deck.summary"))
left, right = st.columns(2)
curve = cost_curve(deck).assign(kind=lambda f: f.kind.map(kind_name))
fig = px.bar(
    curve,
    x="cost",
    y="copies",
    color="kind",
    color_discrete_map={kind_name(k): c for k, c in KIND_COLOURS.items()},
    title=t("deck.chart_curve"),
    labels={"copies": t("axis.copies"), "cost": t("axis.cost"), "kind": ""},
)
fig.update_layout(xaxis=dict(dtick=1), height=360)
chart(fig, "chart_cost_curve", left)

split = elite_split(deck).assign(kind=lambda f: f.kind.map(kind_name))
fig = px.pie(
    split,
    names="kind",
    values="copies",
    color="kind",
    hole=0.45,
    title=t("deck.chart_split"),
    color_discrete_map={kind_name(k): c for k, c in KIND_COLOURS.items()},
)
fig.update_traces(textinfo="label+value", hovertemplate="%{label}: %{value}<extra></extra>")
fig.update_layout(height=360, showlegend=False)
chart(fig, "chart_elite", right, legend=False)

left, right = st.columns(2)
elements = element_counts(deck).assign(element=lambda f: f.element.map(element_name))
fig = px.bar(
    elements,
    x="element",
    y="copies",
    color="element",
    text="copies",
    title=t("deck.chart_elements"),
    color_discrete_map={element_name(k): c for k, c in ELEMENT_COLOURS.items()},
    labels={"copies": t("axis.copies"), "element": "", "cards": t("axis.cards")},
    hover_data={"cards": True},
)
fig.update_layout(showlegend=False, height=360)
chart(fig, "chart_elements", left, legend=False)

types = type_counts(deck).assign(type=lambda f: f.type.map(type_name))
fig = px.bar(
    types,
    x="type",
    y="copies",
    text="copies",
    title=t("deck.chart_types"),
    color_discrete_sequence=["#5b7a99"],
    labels={"copies": t("axis.copies"), "type": ""},
)
fig.update_layout(height=360)
chart(fig, "chart_types", right, legend=False)

left, right = st.columns(2)
with left:
    flyers = flyer_costs(deck)
    fsum = flyer_summary(deck, rules)
    if flyers.empty:
        st.markdown(f"**{t('deck.chart_flyers_plain')}**")
        st.info(t("deck.no_flyers"))
    else:
        shown = flyers.assign(kind=flyers.elite.map(kind_name))
        fig = px.bar(
            shown,
            x="cost",
            y="name",
            orientation="h",
            text="copies",
            color="kind",
            color_discrete_map={kind_name(k): c for k, c in KIND_COLOURS.items()},
            title=t("deck.chart_flyers"),
            labels={"name": "", "kind": "", "cost": t("axis.cost"), "copies": t("axis.copies")},
        )
        fig.update_layout(height=360, yaxis=dict(autorange="reversed"))
        chart(fig, "chart_flyers")
        cap = t("deck.flyer_cap", cap=fsum.cap) if fsum.cap else t("deck.flyer_no_cap")
        fit = t("deck.flyers_fit") if fsum.all_fit else t("deck.flyers_do_not_fit")
        st.caption(t("deck.flyer_caption", cost=fsum.cost_one_of_each, cap=cap, fit=fit))
with right:
    unique = unique_copies(deck, rules)
    if unique.empty:
        st.markdown(f"**{t('deck.chart_unique_plain')}**")
        st.info(t("deck.no_unique", rules=rules.name))
    else:
        long = unique.melt(id_vars=["name"], value_vars=["usable", "dead"], var_name="copy", value_name="n")
        long["copy"] = long["copy"].map({"usable": t("deck.unique_usable"), "dead": t("deck.unique_extra")})
        fig = px.bar(
            long,
            x="n",
            y="name",
            color="copy",
            orientation="h",
            color_discrete_map={t("deck.unique_usable"): "#4c9a4c", t("deck.unique_extra"): "#d9a441"},
            title=t("deck.chart_unique"),
            labels={"n": t("axis.copies"), "name": "", "copy": ""},
        )
        fig.update_layout(height=360, yaxis=dict(autorange="reversed"))
        chart(fig, "chart_unique")
        st.caption(t("deck.unique_caption", copies=tn("unit.extra_copies", stats.dead_unique_copies)))

st.header(t("deck.cards_in_deck"))
cards = deck_frame(deck)
cards = cards.assign(
    elite=cards.elite.map(kind_name),
    type=cards.type.map(type_name),
    elements=cards.elements.map(lambda s: translate_list(s, "element")),
    unique=cards.unique.map(lambda u: t("common.yes") if u else ""),
)
cards = cards.rename(columns={"elite": "kind"})
table(cards, "deck_table")

# --------------------------------------------------------------------------- share and download
st.header(t("deck.share"))
code = deck_code(deck)
if code:
    st.markdown(t("deck.share_help"))
    st.code("#" + code, language=None)
st.subheader(t("deck.download"))
stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in (deck.title or "deck"))
stem = stem.strip("-") or "deck"
for column, out_fmt in zip(st.columns(len(DECK_FORMATS)), DECK_FORMATS, strict=True):
    column.download_button(
        t("deck.download_as", ext=out_fmt),
        help=t("deck.download_help", format=t(f"file_format.{out_fmt}")),
        data=format_deck(deck, out_fmt, card_db()).encode("utf-8"),
        file_name=f"{stem}.{out_fmt}",
        mime=MIMES[out_fmt],
        key=f"download_{out_fmt}",
    )
