"""The browser's storage for "My decks": a tiny two-way component that reads and writes one key
of the page's ``localStorage`` and hands the stored list to Python.

The list never leaves the player's browser (no server file, nothing in the address). Python owns
the changes (:mod:`analysis.decks.saved`): it passes the new list with a version number that grows
with each change; the script stores a list only when its version is newer than the last one it
stored in this page, then reports what the storage holds. Reading happens on every mount, so a
reload or a second tab sees the list as it is.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

STORAGE_KEY = "berserk-analyzer.my-decks"

_JS = """
export default function (component) {
  const { data, setStateValue } = component;
  const key = "__KEY__";
  let stored = null;
  try {
    const text = window.localStorage.getItem(key);
    stored = text === null ? null : JSON.parse(text);
  } catch (e) {
    stored = "unreadable";
  }
  const applied = window.__berserkDecksVersion || 0;
  if (data && Array.isArray(data.write) && data.version > applied) {
    try {
      window.localStorage.setItem(key, JSON.stringify(data.write));
      stored = data.write;
    } catch (e) {
      setStateValue("error", String(e && e.name || e));
    }
    window.__berserkDecksVersion = data.version;
  }
  setStateValue("decks", stored);
}
""".replace("__KEY__", STORAGE_KEY)

_component = st.components.v2.component("berserk_my_decks", js=_JS)


def browser_decks(write: list[dict[str, str]] | None, version: int) -> tuple[Any, str | None]:
    """Mount the store: ``write`` (with a ``version`` above the last stored one) replaces the stored
    list. Returns what the browser storage holds (``None`` before the browser has answered or when
    nothing is stored; any JSON value otherwise, to be read by
    :func:`analysis.decks.saved.read_saved`) and the storage's error name if a write failed."""
    result = _component(
        key="my_decks_store",
        data={"write": write, "version": version},
        default={"decks": None, "error": None},
        on_decks_change=lambda: None,
        on_error_change=lambda: None,
    )
    return getattr(result, "decks", None), getattr(result, "error", None)
