"""Helpers shared by the dashboard's AppTest tests."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

MAIN = str(Path(__file__).resolve().parent.parent / "app" / "main.py")
TIMEOUT = 120


def open_app(page: str | None = None, lang: str | None = "en") -> AppTest:
    """The app after its first run (sample deck loaded), switched to ``pages/<page>.py`` if given.

    ``lang`` is the URL's ``?lang=`` (English by default here, so the page tests read the words
    they compare with the library's; ``None`` opens the app as a player would, in Russian).
    """
    at = AppTest.from_file(MAIN, default_timeout=TIMEOUT)
    if lang:
        at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    if page:
        at.switch_page(f"pages/{page}.py").run()
        assert not at.exception, at.exception
    return at


def plotly_specs(at: AppTest) -> list[dict]:
    """The figures of every plotly chart on the page, parsed from their JSON."""
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]


def chart_titles(at: AppTest) -> list[str]:
    out = []
    for spec in plotly_specs(at):
        title = spec.get("layout", {}).get("title", {})
        out.append(title.get("text", "") if isinstance(title, dict) else str(title))
    return out


def texts(elements) -> list[str]:
    return [str(e.value) for e in elements]


def trace_values(trace: dict, axis: str) -> list:
    """A plotly trace's ``x`` or ``y`` values, decoding plotly's base64 typed arrays."""
    import base64

    import numpy as np

    values = trace.get(axis, [])
    if isinstance(values, dict) and "bdata" in values:
        return np.frombuffer(base64.b64decode(values["bdata"]), dtype=values["dtype"]).tolist()
    return list(values)


def metric(at: AppTest, label: str) -> str:
    """The value of the metric with this label."""
    for m in at.metric:
        if m.label == label:
            return str(m.value)
    raise AssertionError(f"no metric {label!r}; have {[m.label for m in at.metric]}")


def edit_field(
    at: AppTest, keep=("tournament-01", "tournament-02"), current: bool = False, shares=None
) -> AppTest:
    """On the Tournament page: tick exactly the sample decks ``keep`` (and the current deck if asked)
    and set ``shares`` (stem → percent) through the field editor's edit state, as clicks in the grid
    would, then rerun (in either language)."""
    editor = at.data_editor[0]
    lang = "ru" if "Откуда" in editor.value.columns else "en"
    include, share, source, current_label = {
        "en": ("In the field", "Share, %", "From", "current deck"),
        "ru": ("В поле", "Доля, %", "Откуда", "текущая колода"),
    }[lang]
    edits = {}
    for position, row in enumerate(editor.value[source]):
        edits[str(position)] = {include: row in keep or (row == current_label and current)}
        if shares and row in shares:
            edits[str(position)][share] = shares[row]
    at.session_state[editor.key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception, at.exception
    return at


def set_sidebar(at: AppTest, **values) -> AppTest:
    """Set the sidebar pickers (ruleset, format) and rerun.

    AppTest (Streamlit 1.67) drops the entry script's own elements from its element tree on every
    rerun of a ``st.navigation`` app (the browser test checks the real sidebar); so the tests set
    the state the pickers write (``rules_name``, ``deck_format``) directly.
    """
    for key, value in values.items():
        at.session_state[key] = value
    return at.run()


def frame_with(at: AppTest, column: str):
    """The first table (data grid or static table) on the page that has ``column``."""
    for element in [*at.dataframe, *at.table]:
        if column in element.value.columns:
            return element.value
    raise AssertionError(f"no dataframe with a {column!r} column")


WIDGETS = (
    "selectbox",
    "radio",
    "multiselect",
    "number_input",
    "text_input",
    "text_area",
    "slider",
    "select_slider",
    "checkbox",
    "button",
    "download_button",
    "button_group",
    "file_uploader",
    "page_link",
    "toggle",
)
TEXTS = (
    "title",
    "header",
    "subheader",
    "caption",
    "markdown",
    "info",
    "success",
    "warning",
    "error",
    "code",
    "text",
    "exception",
)


def shown_texts(at: AppTest) -> list[tuple[str, str]]:
    """Every text the page shows, as (where, text): titles, headers, captions, markdown, messages,
    code, widget labels, options, help and placeholders, metric labels, tab and expander labels,
    table columns, the progress text, and the titles, axis titles, legend names, annotations and
    hover texts of every plotly chart."""
    out: list[tuple[str, str]] = []
    for kind in TEXTS:
        for element in at.get(kind):
            out.append((kind, str(getattr(element, "value", "") or "")))
    for kind in WIDGETS:
        for element in at.get(kind):
            proto = element.proto
            for field in ("label", "help", "placeholder"):
                if getattr(proto, field, ""):
                    out.append((f"{kind}.{field}", getattr(proto, field)))
            for option in getattr(element, "options", None) or []:
                out.append((f"{kind}.option", str(option)))
    for element in at.get("metric"):
        out.append(("metric.label", element.proto.label))
        if element.proto.help:
            out.append(("metric.help", element.proto.help))
    for element in at.get("expander"):
        out.append(("expander", element.label))
    for element in at.get("tab"):
        out.append(("tab", element.label))
    for element in at.get("progress"):
        out.append(("progress", element.proto.text))
    for element in [*at.dataframe, *at.table]:
        out.extend(("column", str(c)) for c in element.value.columns)
    for spec in plotly_specs(at):
        layout = spec.get("layout", {})
        title = layout.get("title", {})
        out.append(("chart.title", title.get("text", "") if isinstance(title, dict) else str(title)))
        for axis, value in layout.items():
            if axis.startswith(("xaxis", "yaxis")) and isinstance(value, dict):
                axis_title = value.get("title", {})
                out.append(
                    (
                        "chart.axis",
                        axis_title.get("text", "") if isinstance(axis_title, dict) else str(axis_title),
                    )
                )
        for note in layout.get("annotations", []):
            out.append(("chart.annotation", str(note.get("text", ""))))
        for trace in spec.get("data", []):
            out.append(("chart.legend", str(trace.get("name", "") or "")))
            hover = trace.get("hovertext") or trace.get("customdata")
            if isinstance(hover, list):
                out.extend(
                    ("chart.hover", str(h))
                    for row in hover
                    for h in (row if isinstance(row, list) else [row])
                )
            colorbar = (trace.get("colorbar") or {}).get("title", {})
            if colorbar:
                out.append(
                    (
                        "chart.colorbar",
                        colorbar.get("text", "") if isinstance(colorbar, dict) else str(colorbar),
                    )
                )
    return [(where, text) for where, text in out if text]
