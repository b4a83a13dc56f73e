"""Berserk deck lab: ``streamlit run app/main.py``.

Navigation between the pages in ``app/pages``; the current deck (from the URL, else a sample),
the ruleset, the format and the language are shared by all pages through ``st.session_state``;
every page starts with ``ui.page_setup()`` (state, sidebar, banner), so a page also works when run
on its own.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from i18n import t  # noqa: E402
from ui import PAGE_LIST, ensure_state  # noqa: E402

ensure_state()

PAGES = [
    st.Page(path, title=t(f"page.{name}"), icon=icon, default=i == 0)
    for i, (path, name, icon) in enumerate(PAGE_LIST)
]

# The menu is drawn by each page (ui.page_setup) so it looks the same however the page was reached.
navigation = st.navigation(PAGES, position="hidden")
navigation.run()
