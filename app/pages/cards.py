"""Cards page: search and filter the card table, read a card's details, add it to the deck."""

from __future__ import annotations

import streamlit as st
from ui import ELEMENT_COLOURS, card_db, current_deck, page_setup, set_deck

from analysis.deck_summary import (
    ELEMENT_ORDER,
    add_copies,
    card_details,
    card_frame,
    card_keywords,
    copies_in,
    keyword_columns_in_use,
    set_copies,
)
from analysis.errors import BerserkInputError
from analysis.schema import CARD_TYPES, set_names

page_setup()

db = card_db()
st.title("Cards")

c1, c2, c3 = st.columns([2, 2, 2])
text = c1.text_input("Name contains", key="cards_text", placeholder="e.g. гуль")
sets = set_names()
chosen_sets = c2.multiselect("Sets", list(sets), format_func=lambda s: f"{s} {sets[s]}", key="cards_sets")
chosen_elements = c3.multiselect("Elements", list(ELEMENT_ORDER), key="cards_elements")
c1, c2, c3, c4 = st.columns([2, 2, 1, 2])
chosen_types = c1.multiselect("Types", list(CARD_TYPES), key="cards_types")
max_cost = max(c.cost for c in db)
cost = c2.slider("Cost", 0, max_cost, (0, max_cost), key="cards_cost")
elite_choice = c3.radio("Kind", ["any", "elite", "ordinary"], key="cards_elite")
chosen_keywords = c4.multiselect("Has every keyword", keyword_columns_in_use(db), key="cards_keywords")

table = card_frame(
    db,
    text=text,
    sets=chosen_sets,
    elements=chosen_elements,
    types=chosen_types,
    cost=tuple(cost),
    elite=None if elite_choice == "any" else elite_choice == "elite",
    keyword_columns=chosen_keywords,
)
st.caption(f"{len(table)} of {len(db)} printings match.")
st.dataframe(table.drop(columns=["id"]), hide_index=True, width="stretch", key="cards_table",
             height=min(320, 35 * (len(table) + 1) + 3))

if table.empty:
    st.info("No card matches these filters.")
    st.stop()

st.header("Card details")
labels = {int(r.id): f"{r.name} ({r.code}) — {r.type}, cost {r.cost}" for r in table.itertuples()}
card_id = st.selectbox("Card", list(labels), format_func=labels.get, key="cards_pick")
card = db.by_id(card_id)
left, right = st.columns([3, 4])
with left:
    colour = ELEMENT_COLOURS[(card.elements or ("neutral",))[0]]
    st.markdown(f"### <span style='color:{colour}'>■</span> {card.name}", unsafe_allow_html=True)
    details = card_details(card)
    st.dataframe(
        {"fact": list(details), "value": [str(v) for v in details.values()]},
        hide_index=True, width="stretch", height=35 * len(details) + 40, key="card_details")
with right:
    st.markdown("**Keywords**")
    kw = card_keywords(card)
    if kw.empty:
        st.caption("No modelled keywords.")
    else:
        st.dataframe(kw, hide_index=True, width="stretch", key="card_keywords")

    deck = current_deck()
    have = copies_in(deck, card)
    st.markdown(f"**In the current deck:** {have} cop{'y' if have == 1 else 'ies'} of {card.name}")
    n = st.number_input("Copies to add", min_value=1, max_value=10, value=1, step=1, key="cards_add_n")
    a, b = st.columns(2)
    if a.button("Add to deck", type="primary", key="cards_add"):
        try:
            set_deck(add_copies(deck, card, int(n)), "edited on the Cards page")
        except BerserkInputError as exc:  # e.g. a deck over the size bound
            st.error(str(exc))
        else:
            st.session_state["cards_message"] = f"Added {int(n)} × {card.name} to the deck."
            st.rerun()
    if b.button("Remove this printing", disabled=not any(e.card.id == card.id for e in deck.entries),
                key="cards_remove"):
        set_deck(set_copies(deck, card, 0), "edited on the Cards page")
        st.session_state["cards_message"] = f"Removed {card.name} ({card.code}) from the deck."
        st.rerun()
    message = st.session_state.pop("cards_message", None)
    if message:
        st.success(message + f" The deck now has {current_deck().size} cards.")
