"""Berserk deck lab: ``streamlit run app/main.py``.

Navigation between the pages in ``app/pages``; the current deck (a sample on first open), the
ruleset and the format are shared by all pages through ``st.session_state``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui import ensure_state, sidebar  # noqa: E402

st.set_page_config(page_title="Berserk deck lab", page_icon="⚔️", layout="wide")
ensure_state()

PAGES = [
    st.Page("pages/deck.py", title="Deck", icon=":material/style:", default=True),
    st.Page("pages/cards.py", title="Cards", icon=":material/search:"),
    st.Page("pages/recruit.py", title="Recruit", icon=":material/groups:"),
]

sidebar()
navigation = st.navigation(PAGES)
navigation.run()
