"""Shared dashboard state and small drawing helpers (no analysis here: that lives in ``analysis``).

The current deck, the ruleset name, the deck format and the language live in ``st.session_state``
so every page sees the same ones; the deck (as a compact berserk-nxt code) and the language are
also kept in the URL, so a reload or a shared link opens the same deck. Cached loaders keep the
card table and the sample decks in memory once. Every word shown comes from :mod:`i18n`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pandas as pd
import streamlit as st
from i18n import LANGUAGES, current_language, t, tn

from analysis.cards.table import Card, CardDB, load_cards
from analysis.decks.deck import Deck, format_deck_json, format_nxt, parse_deck_json, parse_nxt
from analysis.decks.legality import Finding, LegalityReport, check_deck
from analysis.rules import Ruleset, builtin_ruleset_names, load_ruleset
from analysis.summaries.deck import ELEMENT_ORDER, card_elements, sample_decks, strike_text
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import GROUP, printf, table_value
from analysis.util.textnorm import inert_markup

PAGE_LIST = (
    ("pages/deck.py", "deck", ":material/style:"),
    ("pages/cards.py", "cards", ":material/search:"),
    ("pages/deals.py", "deals", ":material/casino:"),
    ("pages/recruit.py", "recruit", ":material/groups:"),
    ("pages/combat.py", "combat", ":material/swords:"),
    ("pages/budgets.py", "budgets", ":material/savings:"),
    ("pages/matchup.py", "matchup", ":material/trophy:"),
    ("pages/tournament.py", "tournament", ":material/leaderboard:"),
    ("pages/compare.py", "compare", ":material/compare_arrows:"),
)
"""The pages in menu order: (path relative to ``main.py``, catalog name, icon); titles are ``page.<name>``."""

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
STATUS_ICONS = {"problem": "✖", "warning": "⚠", "info": "ℹ", "ok": "✓"}
assert set(ELEMENT_COLOURS) == set(ELEMENT_ORDER)
PLOTLY_CONFIG = {
    "displaylogo": False,
    # Only the picture download stays in plotly's toolbar: a one-button bar sits in the top-right
    # corner and never covers a title (left-aligned) or a legend (below the plot).
    "modeBarButtonsToRemove": [
        "zoom2d",
        "pan2d",
        "select2d",
        "lasso2d",
        "zoomIn2d",
        "zoomOut2d",
        "autoScale2d",
        "resetScale2d",
        "toggleSpikelines",
        "hoverClosestCartesian",
        "hoverCompareCartesian",
        "zoom3d",
        "pan3d",
        "resetViews",
        "sendDataToCloud",
    ],
}


# --------------------------------------------------------------------------- data loaded once


@st.cache_resource(show_spinner=False)
def card_db() -> CardDB:
    """The built-in card table (loaded once per server)."""
    return load_cards()


@st.cache_resource(show_spinner=False)
def samples() -> dict[str, Deck]:
    """Sample decks by file stem."""
    return sample_decks(card_db())


def sample_labels() -> dict[str, str]:
    """Sample stem → label for pickers: ``tournament-01 — Ковеноглина (30 карт)``."""
    return {
        stem: t("sample.label", stem=stem, title=deck.title, cards=tn("unit.cards", deck.size))
        for stem, deck in samples().items()
    }


# --------------------------------------------------------------------------- the shared state


def deck_code(deck: Deck) -> str | None:
    """The deck as a compact berserk-nxt code without its ``#`` (for the URL), or None if it has none."""
    try:
        return format_nxt(deck).strip().lstrip("#") or None
    except BerserkInputError:
        return None


def _deck_from_url() -> Deck | None:
    """The deck of the URL's ``?deck=CODE&title=…`` (a reload or a shared link), or None."""
    code = st.query_params.get("deck")
    if not code:
        return None
    try:
        deck = parse_nxt("#" + code, card_db(), "URL")
    except BerserkInputError as exc:
        st.session_state["url_error"] = exc
        return None
    return dataclasses.replace(deck, title=st.query_params.get("title", ""))


def ensure_state() -> None:
    """First open: the deck of the URL, else the default sample deck; the default ruleset."""
    current_language()
    if "deck" not in st.session_state:
        deck = _deck_from_url()
        if deck is not None:
            set_deck(deck, ("url",))
        else:
            stem = DEFAULT_SAMPLE if DEFAULT_SAMPLE in samples() else next(iter(samples()))
            set_deck(samples()[stem], ("sample", stem))
    st.session_state.setdefault("rules_name", DEFAULT_RULES)
    st.session_state.setdefault("deck_format", "constructed")


def _sync_url() -> None:
    """Keep the deck code, its title and the language in the URL (a reload opens the same)."""
    wanted = {"lang": current_language()}
    code = deck_code(current_deck())
    if code:
        wanted["deck"] = code
        wanted["title"] = current_deck().title
    for key, value in wanted.items():
        if st.query_params.get(key) != value:
            st.query_params[key] = value
    if not code and "deck" in st.query_params:
        del st.query_params["deck"]


def set_deck(deck: Deck, source: tuple[str, ...]) -> None:
    """Make ``deck`` the current deck of every page; ``source`` = (kind, detail…) for the sidebar."""
    st.session_state["deck"] = deck
    st.session_state["deck_source"] = source
    st.session_state["deck_version"] = st.session_state.get("deck_version", 0) + 1


def current_deck() -> Deck:
    return st.session_state["deck"]


def deck_title(deck: Deck | None = None) -> str:
    deck = deck or current_deck()
    return deck.title or t("deck.untitled")


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


def current_report() -> LegalityReport:
    return check_deck(current_deck(), current_rules(), current_format())


# --------------------------------------------------------------------------- the page frame


def page_setup() -> None:
    """Called first by every page: wide layout, the shared state, the sidebar and the legality banner.

    Each page draws the sidebar itself (not ``main.py``) because Streamlit runs a file of a
    ``pages/`` folder on its own, without the entry script, when that page is the first thing a
    fresh server is asked for (and on every rerun under ``streamlit.testing``).
    """
    st.set_page_config(page_title=t("app.name"), page_icon="⚔️", layout="wide")
    ensure_state()
    with st.sidebar:
        st.markdown(f"### ⚔ {t('app.name')}")
        for path, name, icon in PAGE_LIST:
            st.page_link(path, label=t(f"page.{name}"), icon=icon)
        st.divider()
    sidebar()
    _sync_url()
    error = st.session_state.pop("url_error", None)
    if error is not None:
        show_input_error(error, t("error.url_deck"))
    illegal_banner()


def _language_changed() -> None:
    st.session_state["lang"] = st.session_state["lang_pick"]


def _copy_state(source: str, target: str) -> None:
    st.session_state[target] = st.session_state[source]


def sidebar() -> None:
    """Language, current deck and the ruleset/format pickers, drawn on every page.

    The chosen language, ruleset and format live in ``lang`` / ``rules_name`` / ``deck_format``,
    which no widget owns, so they survive any page; each page's pickers copy into them.
    """
    deck = current_deck()
    with st.sidebar:
        st.session_state["lang_pick"] = current_language()
        st.segmented_control(
            t("sidebar.language"),
            list(LANGUAGES),
            format_func=words_for(LANGUAGES, lambda code: t(f"language.{code}")),
            key="lang_pick",
            on_change=_language_changed,
            required=True,
        )
        st.markdown(
            t(
                "sidebar.current_deck",
                title=md(deck_title(deck)),
                cards=tn("unit.cards", deck.size),
                entries=tn("unit.entries", len(deck.entries)),
            )
        )
        st.caption(source_text(st.session_state.get("deck_source", ("unknown",))))
        names = builtin_ruleset_names()
        st.session_state["rules_pick"] = st.session_state.get("rules_name", DEFAULT_RULES)
        st.selectbox(
            t("sidebar.ruleset"),
            names,
            key="rules_pick",
            on_change=_copy_state,
            args=("rules_pick", "rules_name"),
            format_func=words_for(names, ruleset_label),
            help=t("sidebar.ruleset_help"),
        )
        st.caption(ruleset_description(st.session_state["rules_pick"]))
        formats = list(current_rules().format_names)
        fmt = current_format()
        st.session_state["deck_format"] = fmt
        st.session_state["format_pick"] = fmt
        st.selectbox(
            t("sidebar.format"),
            formats,
            key="format_pick",
            on_change=_copy_state,
            args=("format_pick", "deck_format"),
            format_func=words_for(formats, format_label),
        )


def illegal_banner() -> None:
    """A banner on every page while the current deck is illegal under the chosen ruleset."""
    report = current_report()
    if report.legal:
        return
    shown = "; ".join(finding_text(f) for f in report.problems[:3])
    more = len(report.problems) - 3
    st.warning(
        t(
            "banner.illegal",
            title=md(deck_title()),
            rules=report.ruleset,
            format=format_label(report.format),
            problems=shown + (t("banner.more", n=more) if more > 0 else ""),
        ),
        icon="⚠️",
    )


def words_for(options: Iterable[Any], word: Callable[[Any], str]) -> Callable[[Any], str]:
    """A widget's ``format_func`` with every option's words computed now, in the current language.

    Streamlit's test runner calls format functions outside the script run (where the session's
    language is unknown), so a format function must not look the language up itself.
    """
    words = {option: word(option) for option in options}
    return lambda option: words.get(option, str(option))


def md(text: object) -> str:
    """User text (a deck title, a file, card or field name) to put into Markdown or HTML: shown
    exactly as written, never as markup (:func:`analysis.util.textnorm.inert_markup`)."""
    return inert_markup(str(text))


def source_text(source: tuple[str, ...]) -> str:
    """Where the current deck came from, for a caption (its detail, a file name or sample label, is
    user text: kept inert)."""
    kind, *detail = source
    return t(f"source.{kind}", detail=md(detail[0]) if detail else "")


def ruleset_label(name: str) -> str:
    return t(f"ruleset.{name}.label")


def ruleset_description(name: str) -> str:
    return t(f"ruleset.{name}.description")


def format_label(fmt: str) -> str:
    return t(f"format.{fmt}")


# --------------------------------------------------------------------------- words for data


def element_name(element: str) -> str:
    return t(f"element.{element}")


def elements_text(card: Card) -> str:
    return ", ".join(element_name(e) for e in card_elements(card))


def type_name(card_type: str) -> str:
    return t(f"type.{card_type}")


def kind_name(elite: bool | str) -> str:
    if isinstance(elite, str):
        return t(f"kind.{elite}")
    return t("kind.elite" if elite else "kind.ordinary")


def yes_no(value: bool) -> str:
    return t("common.yes" if value else "common.no")


def keyword_name(column: str) -> str:
    return t(f"keyword.{column}")


def translate_list(text: str, prefix: str) -> str:
    """``"steppes, darkness"`` → ``"Степи, Тьма"``: each comma-separated id through ``prefix.<id>``."""
    return ", ".join(t(f"{prefix}.{part.strip()}") for part in text.split(",") if part.strip())


def finding_text(finding: Finding, with_card: bool = True, markup: bool = True) -> str:
    """A legality finding in the current language, from its code and numbers (not the English text);
    ``markup``: for Markdown (the card name kept inert), else for a table cell (plain text)."""
    params = dict(finding.params)
    key = f"legality.{finding.code}"
    if finding.code == "deck_size":
        key += "_short" if "short" in params else "_over"
    if "count" in params:
        params["copies"] = tn("unit.copies", int(params["count"]))
    if "size" in params:
        params["size"] = tn("unit.cards", int(params["size"]))
    if finding.code == "copies" and params.get("horde"):
        key += "_horde"
    if finding.code == "banned":
        key += "_flag" if params.get("by_flag") else "_name"
    if "format" in params:
        params["format"] = format_label(str(params["format"]))
    if "missing" in params:
        params["missing"] = ", ".join(t(f"missing.{m}") for m in params["missing"])
    card = md(finding.card) if finding.card and markup else finding.card
    text = t(key, card=card, **params)
    return t("legality.about", card=card, text=text) if with_card and finding.card else text


# --------------------------------------------------------------------------- drawing helpers


def show_input_error(exc: BerserkInputError, what: str) -> None:
    """A bad-input message: what failed (translated) and the library's detail (file, line, card,
    closest names), which stays in English like the command line's."""
    detail = str(exc)
    longest = max((len(run) for run in re.findall(r"`+", detail)), default=0)
    fence = "`" * max(3, longest + 1)  # the detail (it may quote a file) cannot close the block
    st.error(f"**{what}**\n\n{t('error.detail')}\n\n{fence}\n{detail}\n{fence}")



def seed_input(key: str, default: int = 1, container=None) -> int:
    """A seed field: every Monte Carlo figure on the pages is reproducible from it."""
    target = container or st
    return int(
        target.number_input(
            t("common.seed"),
            min_value=0,
            max_value=2**31 - 1,
            value=default,
            step=1,
            key=key,
            persist_state="session",
            help=t("common.seed_help"),
        )
    )


def table(
    frame: pd.DataFrame,
    key: str,
    formats: Mapping[str, str] | None = None,
    progress: Iterable[str] = (),
    height: int | str = "auto",
    wide: Iterable[str] = (),
    raw: Iterable[str] = (),
    static: bool = False,
    kinds: Mapping[str, str] | None = None,
    widths: Mapping[str, str] | None = None,
) -> None:
    """``st.dataframe`` with every column header from the catalog (``col.<name>``).

    ``kinds`` name the kind of figure of number columns (``share``, ``gain``, ``strength``,
    ``crystals``, ``count``; :mod:`analysis.util.numbers`): the column is shown by that kind's rule
    (shares in percent with one decimal, …), the same rule as the CLI and the report. ``formats``
    are printf formats by column for anything else; ``widths`` give text columns a width
    (``small``/``medium``/``large``) where the grid's own sizing would cut them; ``progress``
    columns are drawn as 0-1 bars and ``wide`` columns get the large width; ``raw`` columns keep
    their header as it is (notation such as ``P(3)``, the same in every language). ``static`` draws
    a plain table whose cells wrap, for short tables of long texts (a data grid cuts a long text to
    the column's width).
    """
    formats = dict(formats or {})
    if kinds:
        frame = frame.copy()
        for column, kind in kinds.items():
            frame[column] = frame[column].map(lambda v, kind=kind: v if v is None else table_value(v, kind))
            formats[column] = printf(kind)
    progress, wide, raw = set(progress), set(wide), set(raw)
    config = {}
    labels = {c: c if c in raw else t(f"col.{c}") for c in frame.columns}
    if static:
        shown = frame.copy()
        for column, fmt in formats.items():
            shown[column] = shown[column].map(lambda v, fmt=fmt: fmt % v if v == v and v is not None else "")
        st.table(shown.rename(columns=labels), hide_index=True)
        return
    for column in frame.columns:
        label = labels[column]
        if column in progress:
            config[label] = st.column_config.ProgressColumn(
                label, format=formats.get(column, "%.3f"), min_value=0.0, max_value=1.0
            )
        elif column in formats:
            config[label] = st.column_config.NumberColumn(label, format=formats[column])
        elif column in wide:
            config[label] = st.column_config.TextColumn(label, width="large")
        elif widths and column in widths:
            config[label] = st.column_config.TextColumn(label, width=widths[column])
    shown = frame.rename(columns=labels)
    st.dataframe(shown, hide_index=True, width="stretch", height=height, column_config=config, key=key)


def chart(
    fig, key: str, container=None, height: int | None = None, legend: bool | str = True, top: int = 60
) -> None:
    """A plotly figure with the house layout: title top left, the legend on one line just under the
    title (``legend="bottom"``: under the plot, for charts with facet titles on top), a toolbar with
    the picture download only (top right, clear of both), ``top`` pixels above the plot."""
    layout = dict(
        title=dict(x=0, xanchor="left", y=1, yanchor="top", pad=dict(t=8)),
        margin=dict(t=top, b=10, l=10, r=10),
    )
    if legend == "bottom":
        layout["legend"] = dict(orientation="h", x=0, xanchor="left", y=-0.2, yanchor="top", title_text="")
        layout["margin"]["b"] = 60
    elif legend:
        layout["legend"] = dict(
            orientation="h", x=0, xanchor="left", y=1.0, yanchor="bottom", title_text="", traceorder="normal"
        )
        layout["margin"]["t"] = top + 30
    if height:
        layout["height"] = height
    # Numbers as the figure rules write them (analysis.util.numbers): a decimal point, thousands
    # grouped by the language's mark, never plotly's "k"/"M"/"B" abbreviations (English words on a
    # Russian page, issue 21 #9: "231.0B").
    layout["separators"] = "." + GROUP.get(current_language(), ",")
    fig.update_layout(**layout)
    axes = dict(automargin=True, exponentformat="none", separatethousands=True)
    fig.update_xaxes(**axes)  # automargin: long axis titles and tick labels get room instead of being cut
    fig.update_yaxes(**axes)
    (container or st).plotly_chart(fig, width="stretch", key=key, config=PLOTLY_CONFIG)


def keep_valid(key: str, options: list) -> None:
    """Before drawing a kept picker whose options changed (filters, a new field of decks): a kept
    value that is no longer an option becomes the first option, so the picker and the value that
    the page uses agree (dropping the value instead leaves the browser showing the old choice)."""
    if key in st.session_state and st.session_state[key] not in options and options:
        st.session_state[key] = options[0]


def multiselect(container, label: str, options, **kwargs):
    """``multiselect`` with the catalog's placeholder (Streamlit's own is English) and without
    Streamlit's "Select all" entry (English only, whatever the page's language)."""
    return container.multiselect(label, options, placeholder=t("common.choose"), select_all=False, **kwargs)


def card_tiles(cards, per_row: int = 5, values: Mapping[int, float] | None = None) -> None:
    """Cards as small bordered tiles (elites first, dearest first): name, cost, type, elements, stats;
    with ``values`` (card id → value under the objective) each tile shows its card's value too."""
    ordered = sorted(cards, key=lambda c: (not c.elite, -c.cost, c.name))
    for start in range(0, len(ordered), per_row):
        for column, card in zip(st.columns(per_row), ordered[start : start + per_row], strict=False):
            with column.container(border=True):
                dots = " ".join(
                    f"<span style='color:{ELEMENT_COLOURS[e]}'>●</span>" for e in card_elements(card)
                )
                price = (
                    f"<span style='color:#a8841a'>{t('tile.elite', cost=card.cost)}</span>"
                    if card.elite
                    else t("tile.ordinary", cost=card.cost)
                )
                st.markdown(f"**{md(card.name)}** {dots}  \n{price}", unsafe_allow_html=True)
                stats = (
                    t("tile.stats", type=type_name(card.type), strike=strike_text(card), life=card.life)
                    if card.strike
                    else type_name(card.type)
                )
                if values is not None and card.id in values:
                    stats += " · " + t("tile.value", value=values[card.id])
                st.caption(stats)


def error_bars(frame, y: str = "p", lo: str = "lo", hi: str = "hi") -> dict:
    """Plotly ``error_y`` for a frame with an estimate and its 95 % interval."""
    return dict(
        type="data",
        symmetric=False,
        array=(frame[hi] - frame[y]).tolist(),
        arrayminus=(frame[y] - frame[lo]).tolist(),
        color="#444",
        thickness=1.2,
        width=3,
    )


def progress_steps(bar, done: int, total: int, text: str) -> None:
    """Move a progress bar after a step of a long run (steps are cached below the loop, so a
    repeated run passes through every step at once)."""
    bar.progress(min(1.0, done / max(total, 1)), text=text)
