"""Shared dashboard state and small drawing helpers (no analysis here: that lives in ``analysis``).

The current deck, the ruleset name and the deck format live in ``st.session_state`` so every page
sees the same deck. Cached loaders keep the card table and the sample decks in memory once.
"""

from __future__ import annotations

import streamlit as st

from analysis.cards import CardDB, load_cards
from analysis.deck_summary import ELEMENT_ORDER, card_elements, deck_label, sample_decks, strike_text
from analysis.decks import Deck, format_deck_json, parse_deck_json
from analysis.errors import BerserkInputError
from analysis.rules import Ruleset, builtin_ruleset_names, load_ruleset

PAGE_LIST = (
    ("pages/deck.py", "Deck", ":material/style:"),
    ("pages/cards.py", "Cards", ":material/search:"),
    ("pages/deals.py", "Deals", ":material/casino:"),
    ("pages/recruit.py", "Recruit", ":material/groups:"),
    ("pages/combat.py", "Combat", ":material/swords:"),
    ("pages/budgets.py", "Budgets", ":material/savings:"),
    ("pages/matchup.py", "Matchup", ":material/trophy:"),
)
"""The pages in menu order: (path relative to ``main.py``, title, icon)."""

DEFAULT_SAMPLE = "tournament-01"
DEFAULT_RULES = "relaunch"

ELEMENT_COLOURS = {
    "steppes": "#d9a441",
    "mountains": "#7fa7c9",
    "forests": "#4c9a4c",
    "swamps": "#3f7f74",
    "darkness": "#7b4fa0",
    "neutral": "#9a9a9a",
}
KIND_COLOURS = {"elite": "#c9a227", "ordinary": "#8c8c8c"}
STATUS_ICONS = {"problem": "✖ problem", "warning": "⚠ warning", "ok": "✓ ok"}
assert set(ELEMENT_COLOURS) == set(ELEMENT_ORDER)


@st.cache_resource(show_spinner=False)
def card_db() -> CardDB:
    """The built-in card table (loaded once per server)."""
    return load_cards()


@st.cache_resource(show_spinner=False)
def samples() -> dict[str, Deck]:
    """Sample decks by file stem."""
    return sample_decks(card_db())


def sample_labels() -> dict[str, str]:
    """Sample stem → label for pickers."""
    return {stem: deck_label(stem, deck) for stem, deck in samples().items()}


def ensure_state() -> None:
    """First open: load the default sample deck and the default ruleset."""
    if "deck" not in st.session_state:
        stem = DEFAULT_SAMPLE if DEFAULT_SAMPLE in samples() else next(iter(samples()))
        set_deck(samples()[stem], f"sample {stem}")
    st.session_state.setdefault("rules_name", DEFAULT_RULES)
    st.session_state.setdefault("deck_format", "constructed")


def page_setup() -> None:
    """Called first by every page: wide layout, the shared state, and the sidebar.

    Each page draws the sidebar itself (not ``main.py``) because Streamlit runs a file of a
    ``pages/`` folder on its own, without the entry script, when that page is the first thing a
    fresh server is asked for (and on every rerun under ``streamlit.testing``).
    """
    st.set_page_config(page_title="Berserk deck lab", page_icon="⚔️", layout="wide")
    ensure_state()
    with st.sidebar:
        st.markdown("### ⚔ Berserk deck lab")
        for path, title, icon in PAGE_LIST:
            st.page_link(path, label=title, icon=icon)
        st.divider()
    sidebar()


def set_deck(deck: Deck, source: str) -> None:
    """Make ``deck`` the current deck of every page."""
    st.session_state["deck"] = deck
    st.session_state["deck_source"] = source
    st.session_state["deck_version"] = st.session_state.get("deck_version", 0) + 1


def current_deck() -> Deck:
    return st.session_state["deck"]


def deck_key(deck: Deck | None = None) -> str:
    """The deck as JSON text: a stable, hashable key for ``st.cache_data``."""
    return format_deck_json(deck or current_deck())


def deck_from_key(key: str) -> Deck:
    """Inverse of :func:`deck_key` (used inside cached functions)."""
    return parse_deck_json(key, card_db(), "current deck")


def current_rules() -> Ruleset:
    return load_ruleset(st.session_state.get("rules_name", DEFAULT_RULES))


def current_format() -> str:
    rules = current_rules()
    fmt = st.session_state.get("deck_format", "constructed")
    return fmt if fmt in rules.format_names else rules.format_names[0]


def _copy_state(source: str, target: str) -> None:
    st.session_state[target] = st.session_state[source]


def sidebar() -> None:
    """Current deck and the ruleset/format pickers, drawn on every page.

    The chosen ruleset and format live in ``rules_name`` / ``deck_format``, which no widget owns,
    so they survive any page that does not draw the pickers; the pickers copy into them.
    """
    deck = current_deck()
    with st.sidebar:
        st.markdown(f"**Current deck:** {deck.title or 'untitled'}  \n{deck.size} cards · "
                    f"{len(deck.entries)} entries")
        st.caption(f"from {st.session_state.get('deck_source', '?')}")
        names = builtin_ruleset_names()
        # The pickers show the shared state on every page (each page draws its own copy).
        st.session_state["rules_pick"] = st.session_state.get("rules_name", DEFAULT_RULES)
        st.selectbox("Ruleset", names, key="rules_pick", on_change=_copy_state,
                     args=("rules_pick", "rules_name"),
                     help="classic, relaunch (default: tournament rules, ban list of March 2026), "
                          "relaunch-casual (no bans), realms")
        formats = list(current_rules().format_names)
        fmt = current_format()
        st.session_state["deck_format"] = fmt
        st.session_state["format_pick"] = fmt
        st.selectbox("Format", formats, key="format_pick", on_change=_copy_state,
                     args=("format_pick", "deck_format"))


def show_input_error(exc: BerserkInputError, what: str) -> None:
    """A bad-input message as the library wrote it (file, line, card, closest names)."""
    st.error(f"**{what}**\n\n```\n{exc}\n```")


def seed_input(key: str, default: int = 1) -> int:
    """A seed field: every Monte Carlo figure on the pages is reproducible from it."""
    return int(st.number_input("Seed", min_value=0, max_value=2**31 - 1, value=default, step=1, key=key))


def card_tiles(cards, per_row: int = 5) -> None:
    """Cards as small bordered tiles (elites first, dearest first): name, cost, type, elements, stats."""
    ordered = sorted(cards, key=lambda c: (not c.elite, -c.cost, c.name))
    for start in range(0, len(ordered), per_row):
        for column, card in zip(st.columns(per_row), ordered[start:start + per_row], strict=False):
            with column.container(border=True):
                dots = " ".join(
                    f"<span style='color:{ELEMENT_COLOURS[e]}'>●</span>" for e in card_elements(card))
                price = (f"<span style='color:#a8841a'>**{card.cost}** gold · elite</span>" if card.elite
                         else f"**{card.cost}** · ordinary")
                st.markdown(f"**{card.name}** {dots}  \n{price}", unsafe_allow_html=True)
                stats = f"{card.type} · {strike_text(card)} · life {card.life}" if card.strike else card.type
                st.caption(stats)


def error_bars(frame, y: str = "p", lo: str = "lo", hi: str = "hi") -> dict:
    """Plotly ``error_y`` for a frame with an estimate and its 95 % interval."""
    return dict(type="data", symmetric=False, array=(frame[hi] - frame[y]).tolist(),
                arrayminus=(frame[y] - frame[lo]).tolist(), color="#444", thickness=1.2, width=3)
