"""Cards page: search and filter the card table, read a card's details, add it to the deck."""

from __future__ import annotations

import pandas as pd
import streamlit as st
from i18n import t, tn
from ui import (
    ELEMENT_COLOURS,
    card_db,
    current_deck,
    element_name,
    elements_text,
    keep_valid,
    keyword_name,
    kind_name,
    multiselect,
    page_setup,
    set_deck,
    show_input_error,
    table,
    translate_list,
    type_name,
    words_for,
    yes_no,
)

from analysis.deck_summary import (
    ELEMENT_ORDER,
    add_copies,
    card_frame,
    copies_in,
    keyword_columns_in_use,
    set_copies,
    strike_text,
)
from analysis.errors import BerserkInputError
from analysis.schema import CARD_TYPES, keywords, set_names

page_setup()


def keywords_text(text: str) -> str:
    """``"exp_attack 1, armor 2"`` (the card table's keyword cell) in words: ``Опыт в атаке 1, Броня 2``."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        column, _, value = part.partition(" ")
        out.append(f"{keyword_name(column)} {value}".strip())
    return ", ".join(out)


db = card_db()
st.title(t("page.cards"))

c1, c2, c3 = st.columns([2, 2, 2])
text = c1.text_input(
    t("cards.name_contains"),
    key="cards_text",
    placeholder=t("cards.name_placeholder"),
    persist_state="session",
)
sets = set_names()
chosen_sets = multiselect(
    c2,
    t("cards.sets"),
    list(sets),
    format_func=lambda s: f"{s} {sets[s]}",
    key="cards_sets",
    persist_state="session",
)
chosen_elements = multiselect(
    c3,
    t("cards.elements"),
    list(ELEMENT_ORDER),
    format_func=words_for(ELEMENT_ORDER, element_name),
    key="cards_elements",
    persist_state="session",
)
c1, c2, c3, c4 = st.columns([2, 2, 1, 2])
chosen_types = multiselect(
    c1,
    t("cards.types"),
    list(CARD_TYPES),
    format_func=words_for(CARD_TYPES, type_name),
    key="cards_types",
    persist_state="session",
)
max_cost = max(c.cost for c in db)
cost = c2.slider(t("cards.cost"), 0, max_cost, (0, max_cost), key="cards_cost", persist_state="session")
elite_choice = c3.radio(
    t("cards.kind"),
    ["any", "elite", "ordinary"],
    key="cards_elite",
    format_func=words_for(
        ["any", "elite", "ordinary"], lambda k: t("cards.kind_any") if k == "any" else kind_name(k)
    ),
    persist_state="session",
)
in_use = keyword_columns_in_use(db)
chosen_keywords = multiselect(
    c4,
    t("cards.keywords"),
    in_use,
    format_func=words_for(in_use, keyword_name),
    key="cards_keywords",
    persist_state="session",
)

found = card_frame(
    db,
    text=text,
    sets=chosen_sets,
    elements=chosen_elements,
    types=chosen_types,
    cost=tuple(cost),
    elite=None if elite_choice == "any" else elite_choice == "elite",
    keyword_columns=chosen_keywords,
)
st.caption(t("cards.match", shown=len(found), total=len(db)))
shown = (
    found.drop(columns=["id", "set"])  # the set is the first number of the code
    .assign(
        type=found.type.map(type_name),
        elements=found.elements.map(lambda s: translate_list(s, "element")),
        elite=found.elite.map(kind_name),
        unique=found.unique.map(lambda u: t("common.yes") if u else ""),
        keywords=found.keywords.map(keywords_text),
    )
    .rename(columns={"elite": "kind"})
)
table(shown, "cards_table", height=min(320, 35 * (len(found) + 1) + 3), wide=["keywords"])

if found.empty:
    st.info(t("cards.none"))
    st.stop()

st.header(t("cards.details"))
labels = {
    int(r.id): t("cards.pick_label", name=r.name, code=r.code, type=type_name(r.type), cost=r.cost)
    for r in found.itertuples()
}
keep_valid("cards_pick", list(labels))
card_id = st.selectbox(
    t("cards.card"), list(labels), format_func=labels.get, key="cards_pick", persist_state="session"
)
card = db.by_id(card_id)
left, right = st.columns([3, 4])
with left:
    colour = ELEMENT_COLOURS[(card.elements or ("neutral",))[0]]
    st.markdown(f"### <span style='color:{colour}'>■</span> {card.name}", unsafe_allow_html=True)
    facts = {
        "set": f"{card.set_name} ({card.code})",
        "type": type_name(card.type),
        "elements": elements_text(card),
        "cost": t("cards.cost_elite" if card.elite else "cards.cost_ordinary", cost=card.cost),
        "life": "—" if card.life is None else str(card.life),
        "strike": strike_text(card) or "—",
        "move": str(card.move),
        "unique": yes_no(card.unique),
        "horde": yes_no(card.horde),
        "banned": yes_no(card.banned),
        "classes": ", ".join(card.classes) or "—",
        "complete": yes_no(card.complete),
    }
    table(
        pd.DataFrame({"fact": [t(f"fact.{k}") for k in facts], "detail": list(facts.values())}),
        "card_details",
        static=True,
    )
with right:
    st.markdown(f"**{t('cards.keywords_of')}**")
    numbered = {k.column for k in keywords() if k.kind == "number"}
    if not card.keywords:
        st.caption(t("cards.no_keywords"))
    else:
        kw = pd.DataFrame(
            [
                {
                    "keyword": keyword_name(col),
                    "x": str(value) if col in numbered else "",
                    "meaning": t(f"keyword_meaning.{col}"),
                }
                for col, value in card.keywords
            ]
        )
        table(kw, "card_keywords", static=True)

    deck = current_deck()
    have = copies_in(deck, card)
    st.markdown(t("cards.in_deck", copies=tn("unit.copies", have), card=card.name))
    n = st.number_input(
        t("cards.copies_to_add"), min_value=1, max_value=10, value=1, step=1, key="cards_add_n"
    )
    a, b = st.columns(2)
    if a.button(t("cards.add"), type="primary", key="cards_add"):
        try:
            set_deck(add_copies(deck, card, int(n)), ("edit",))
        except BerserkInputError as exc:  # e.g. a deck over the size bound
            show_input_error(exc, t("error.add_copies"))
        else:
            st.session_state["cards_message"] = t("cards.added", copies=tn("unit.copies", int(n)),
                                                  card=card.name)
            st.rerun()
    if b.button(
        t("cards.remove"), disabled=not any(e.card.id == card.id for e in deck.entries), key="cards_remove"
    ):
        set_deck(set_copies(deck, card, 0), ("edit",))
        st.session_state["cards_message"] = t("cards.removed", card=card.name, code=card.code)
        st.rerun()
    message = st.session_state.pop("cards_message", None)
    if message:
        st.success(message + " " + t("cards.deck_now", cards=tn("unit.cards", current_deck().size)))
