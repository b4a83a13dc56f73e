"""Drawing a replayed battle: the board as text, and as a plotly figure with one frame per turn.

Units are labelled by seat and squad index: ``A1`` … for the First player, ``B1`` … for the Second;
a lower-case label marks a closed card; ``wounds/life`` follows when the life is known.
"""

from __future__ import annotations

from typing import Any

from analysis.battle.board import AUX, COLS, ROWS
from analysis.battle.record import Frame, Replay


def unit_labels(rep: Replay) -> list[str]:
    """``A1``, ``A2``… for seat 0, ``B1``… for seat 1."""
    counters = [0, 0]
    out = []
    for s in rep.seats:
        counters[s] += 1
        out.append("AB"[s] + str(counters[s]))
    return out


def _cell(rep: Replay, frame: Frame, u: int, labels: list[str]) -> str:
    label = labels[u] if frame.open[u] else labels[u].lower()
    if rep.life[u]:
        return f"{label} {frame.wounds[u]}/{rep.life[u]}"
    return f"{label} {frame.wounds[u]}w"


def board_text(rep: Replay, frame: Frame) -> str:
    """The board of one frame as text: Second player's back row on top, the auxiliary zone below."""
    labels = unit_labels(rep)
    width = 10
    cells: dict[int, list[str]] = {}
    aux: list[str] = []
    for u, p in enumerate(frame.pos):
        if not frame.alive[u]:
            continue
        if p == AUX:
            aux.append(_cell(rep, frame, u, labels))
        elif p >= 0:
            cells.setdefault(p, []).append(_cell(rep, frame, u, labels))
    head = f"turn {frame.turn + 1} (seat {'AB'[frame.seat]})" if frame.turn >= 0 else "placement"
    lines = [f"{head}, event {frame.index}: {frame.event}"]
    border = "+" + "+".join("-" * width for _ in range(COLS)) + "+"
    lines.append("   " + " ".join(f"{c:^{width}}" for c in "abcde"))
    for r in range(ROWS - 1, -1, -1):
        lines.append("   " + border)
        row = []
        for c in range(COLS):
            text = "+".join(cells.get(r * COLS + c, []))
            row.append(f"{text[:width]:<{width}}")
        lines.append(f"{r + 1:>2} |" + "|".join(row) + "|")
    lines.append("   " + border)
    lines.append("aux: " + (", ".join(aux) if aux else "-"))
    return "\n".join(lines)


def battle_text(rep: Replay) -> str:
    """The board after reveal and at the end of every turn, then the result."""
    parts = [board_text(rep, f) for f in rep.turn_frames()]
    if rep.result:
        w = rep.result.get("winner")
        who = "draw" if w is None else f"seat {'AB'[w]} wins"
        parts.append(f"result: {who} ({rep.result.get('reason')})")
    return "\n\n".join(parts)


def battle_figure(rep: Replay) -> Any:
    """A plotly figure of the board with a slider over turns (cards as labelled markers)."""
    import plotly.graph_objects as go

    labels = unit_labels(rep)
    frames = rep.turn_frames()

    def traces(frame: Frame) -> list[Any]:
        out = []
        for seat, colour in ((0, "#1f77b4"), (1, "#d62728")):
            xs, ys, texts, hover, symbols = [], [], [], [], []
            aux_i = 0
            for u, p in enumerate(frame.pos):
                if rep.seats[u] != seat or not frame.alive[u] or p == -2:
                    continue
                if p == AUX:
                    x, y = COLS + 0.8 + 0.9 * (aux_i % 2), (aux_i // 2) * 0.9 + (0 if seat == 0 else 3.2)
                    aux_i += 1
                else:
                    x, y = p % COLS, p // COLS
                    if any(q == p and v < u and frame.alive[v] for v, q in enumerate(frame.pos)):
                        x, y = x + 0.25, y - 0.25  # a rider beside its host
                xs.append(x)
                ys.append(y)
                life = f"/{rep.life[u]}" if rep.life[u] else "w"
                texts.append(f"{labels[u]}<br>{frame.wounds[u]}{life}")
                hover.append(f"{labels[u]} {rep.names[u]}: {frame.wounds[u]} wounds, "
                             f"{'open' if frame.open[u] else 'closed'}")
                symbols.append("square" if frame.open[u] else "square-open")
            out.append(go.Scatter(x=xs, y=ys, mode="markers+text", text=texts, hovertext=hover,
                                  hoverinfo="text", name=f"seat {'AB'[seat]}",
                                  marker={"size": 34, "color": colour, "symbol": symbols, "opacity": 0.75},
                                  textfont={"size": 9}))
        return out

    def title(frame: Frame) -> str:
        return "after reveal" if frame.turn < 0 else f"end of turn {frame.turn + 1} (seat {'AB'[frame.seat]})"

    fig = go.Figure(
        data=traces(frames[0]),
        frames=[go.Frame(data=traces(f), name=str(i), layout={"title": title(f)})
                for i, f in enumerate(frames)],
    )
    fig.update_layout(
        title=title(frames[0]),
        xaxis={"range": [-0.6, COLS + 2.3], "tickvals": list(range(COLS)), "ticktext": list("abcde")},
        yaxis={"range": [-0.6, ROWS - 0.4], "tickvals": list(range(ROWS)),
               "ticktext": [str(r + 1) for r in range(ROWS)], "scaleanchor": "x"},
        sliders=[{"steps": [{"args": [[str(i)], {"mode": "immediate", "frame": {"duration": 0}}],
                             "label": str(i), "method": "animate"} for i in range(len(frames))],
                  "currentvalue": {"prefix": "frame "}}],
        shapes=[{"type": "line", "x0": -0.5, "x1": COLS - 0.5, "y0": 2.5, "y1": 2.5,
                 "line": {"dash": "dot", "color": "grey"}}],
        height=560,
    )
    return fig
