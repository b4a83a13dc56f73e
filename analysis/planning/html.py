"""Self-contained HTML pages: plotly.js embedded once, so a file opens offline and prints as it shows.

Every HTML file the product writes goes through here or through :func:`offline_figure_html`:
no ``<script src="http…">``, no fonts or styles from the network. Figures get fixed ``div`` ids,
so the same inputs give the same bytes.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import pandas as pd

from analysis.util.atomic import write_text_atomic

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem auto;
       max-width: 1100px; padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { margin-bottom: .2rem; }
h2 { border-bottom: 2px solid #b8322a; padding-bottom: .2rem; margin-top: 2.2rem; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .9rem; }
th, td { border: 1px solid #ccc; padding: .25rem .55rem; text-align: left; }
th { background: #f3f0ea; } .table { overflow-x: auto; max-width: 100%; }
.muted { color: #666; font-size: .9rem; } .ok { color: #2e7d32; font-weight: 600; }
.bad { color: #b8322a; font-weight: 600; } code { background: #f3f0ea; padding: .05rem .3rem; }
nav ul { columns: 2; } .figure { page-break-inside: avoid; }
td, th { overflow-wrap: anywhere; } .table.wide table { font-size: .8rem; }
@page { size: A4; margin: 12mm; }
@media print { nav { display: none; } body { margin: 0; max-width: none; font-size: 10pt; }
  table { font-size: 8pt; max-width: 100%; page-break-inside: auto; } tr { page-break-inside: avoid; }
  .table { overflow: visible; } .table.wide table { font-size: 7pt; } th, td { padding: .1rem .25rem; }
  .figure { max-width: 186mm; } }
"""
A4 = 186
"""Millimetres of an A4 page's width inside the print margins: the widest a printed table may be."""


@lru_cache(maxsize=1)
def plotly_js() -> str:
    """The plotly.js bundle shipped with the plotly package (about 4.8 MB), to inline once per page."""
    from plotly.offline import get_plotlyjs

    return get_plotlyjs()


def figure_div(figure, div_id: str) -> str:
    """A figure as a ``<div>`` plus its drawing script, without plotly.js (the page holds it once)."""
    return ('<div class="figure">'
            + figure.to_html(full_html=False, include_plotlyjs=False, div_id=div_id,
                             config={"displaylogo": False, "responsive": True})
            + "</div>")


def table_html(frame: pd.DataFrame, digits: int = 3, cls: str = "table") -> str:
    """A DataFrame as an HTML table (values escaped, floats rounded) in a ``div`` of class ``cls``
    (``table wide``: printed in a smaller font, so a wide table fits an A4 page)."""
    return (f'<div class="{text(cls)}">' + frame.to_html(index=False, escape=True, na_rep="—", border=0,
                                                         float_format=lambda x: f"{x:.{digits}f}") + "</div>")


def text(value: object) -> str:
    """Escaped text for the page."""
    return html.escape(str(value))


def page(title: str, body: str, lang: str = "ru") -> str:
    """A whole HTML document in ``lang``: the style and plotly.js inline in the head, then ``body``."""
    return (f"<!DOCTYPE html>\n<html lang=\"{text(lang)}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{text(title)}</title>\n<style>{STYLE}</style>\n"
            f"<script type=\"text/javascript\">{plotly_js()}</script>\n</head>\n"
            f"<body>\n{body}\n</body>\n</html>\n")


def figures_page(title: str, figures: Sequence, intro: str = "") -> str:
    """A page with a title, an optional paragraph and the figures."""
    body = [f"<h1>{text(title)}</h1>"]
    if intro:
        body.append(f"<p class=\"muted\">{text(intro)}</p>")
    body += [figure_div(fig, f"figure-{i + 1}") for i, fig in enumerate(figures)]
    return page(title, "\n".join(body))


def write_figures_html(path: Path | str, title: str, figures: Sequence, intro: str = "") -> None:
    """Write :func:`figures_page` atomically."""
    write_text_atomic(path, figures_page(title, figures, intro))


def offline_figure_html(figure, div_id: str) -> str:
    """One figure as a full page with plotly.js embedded (what ``berserk matrix`` and ``matchup --plot``
    write)."""
    return figure.to_html(include_plotlyjs=True, full_html=True, div_id=div_id)


__all__ = ["figure_div", "figures_page", "offline_figure_html", "page", "plotly_js", "table_html", "text",
           "write_figures_html"]
