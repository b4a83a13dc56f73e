"""Berserk deck lab: ``streamlit run app/main.py``.

Navigation between the pages in ``app/pages``; the current deck (a sample on first open), the
ruleset and the format are shared by all pages through ``st.session_state``; every page starts
with ``ui.page_setup()`` (state and sidebar), so a page also works when run on its own.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui import PAGE_LIST, ensure_state  # noqa: E402

st.set_page_config(page_title="Berserk deck lab", page_icon="⚔️", layout="wide")
ensure_state()

PAGES = [st.Page(path, title=title, icon=icon, default=i == 0)
         for i, (path, title, icon) in enumerate(PAGE_LIST)]

# The menu is drawn by each page (ui.page_setup) so it looks the same however the page was reached.
navigation = st.navigation(PAGES, position="hidden")
navigation.run()
