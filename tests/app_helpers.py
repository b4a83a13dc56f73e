"""Helpers shared by the dashboard's AppTest tests."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

MAIN = str(Path(__file__).resolve().parent.parent / "app" / "main.py")
TIMEOUT = 120


def open_app(page: str | None = None) -> AppTest:
    """The app after its first run (sample deck loaded), switched to ``pages/<page>.py`` if given."""
    at = AppTest.from_file(MAIN, default_timeout=TIMEOUT)
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
    """The first dataframe on the page that has ``column``."""
    for element in at.dataframe:
        if column in element.value.columns:
            return element.value
    raise AssertionError(f"no dataframe with a {column!r} column")
