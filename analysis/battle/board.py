"""The battlefield: 5 columns × 6 rows, squares as plain ints, adjacency and placement zones.

Square ``s = row * 5 + col``. Row 0 is the First player's 3rd (back) row, row 2 his 1st row,
row 3 the Second player's 1st row and row 5 his 3rd row (000 2.1.1). Everything here is a
precomputed tuple so the engine's hot loop only indexes.

    >>> square(2, 1), row_of(11), col_of(11)
    (11, 2, 1)
    >>> sorted(ADJ8[0])
    [1, 5, 6]
    >>> [len(t) for t in PLACEMENT_TIERS[0]], [len(t) for t in PLACEMENT_TIERS[1]]
    ([9, 4, 2], [11, 4])
"""

from __future__ import annotations

COLS = 5
ROWS = 6
SQUARES = COLS * ROWS
AUX = -1
"""Position of a card in the auxiliary zone (flying creatures, terrains; 000 2.1.2)."""
NOWHERE = -2
"""Position of a dead card."""


def square(row: int, col: int) -> int:
    """Square index of (row, col)."""
    return row * COLS + col


def row_of(s: int) -> int:
    return s // COLS


def col_of(s: int) -> int:
    return s % COLS


def _neighbours(s: int, diagonal: bool) -> tuple[int, ...]:
    r, c = divmod(s, COLS)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS:
                out.append(rr * COLS + cc)
    return tuple(out)


ADJ8: tuple[tuple[int, ...], ...] = tuple(_neighbours(s, True) for s in range(SQUARES))
"""The 8 neighbours of each square: adjacency for strikes and defenders (RULES.md §6)."""
ADJ4: tuple[tuple[int, ...], ...] = tuple(_neighbours(s, False) for s in range(SQUARES))
"""The orthogonal neighbours: one movement step (000 3.14)."""
ADJ8_SELF: tuple[tuple[int, ...], ...] = tuple((s, *ADJ8[s]) for s in range(SQUARES))
"""The square itself and its 8 neighbours (a host and its rider share a square)."""
NEAR_MASK: tuple[int, ...] = tuple(sum(1 << t for t in ADJ8_SELF[s]) for s in range(SQUARES))
"""Bit mask of :data:`ADJ8_SELF` (a square and its neighbours), for set operations on the board."""
ADJ8_MASK: tuple[int, ...] = tuple(sum(1 << t for t in ADJ8[s]) for s in range(SQUARES))
ADJ4_MASK: tuple[int, ...] = tuple(sum(1 << t for t in ADJ4[s]) for s in range(SQUARES))
NEAR: tuple[tuple[bool, ...], ...] = tuple(
    tuple(a == b or b in ADJ8[a] for b in range(SQUARES)) for a in range(SQUARES)
)
"""``NEAR[a][b]``: cards on a and b stand next to each other (same square: host and symbiote)."""
MANHATTAN: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(row_of(a) - row_of(b)) + abs(col_of(a) - col_of(b)) for b in range(SQUARES))
    for a in range(SQUARES)
)
CHEBYSHEV: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(row_of(a) - row_of(b)), abs(col_of(a) - col_of(b))) for b in range(SQUARES))
    for a in range(SQUARES)
)

AT_EDGE: tuple[bool, ...] = tuple(col_of(s) in (0, COLS - 1) or row_of(s) in (0, SQUARES // COLS - 1)
                                  for s in range(SQUARES))
"""``AT_EDGE[s]``: square s is at the edge of the battlefield — an outer column or the first or last row
("у края поля боя": ``vs_state = "at_edge"``, 50/39 Крейд-Моор; ``when = "at_edge"`` / ``"off_edge"``,
40/82 Нейбл)."""


def _layout(rule) -> int:
    return sum(1 << s for s in range(SQUARES) if rule(row_of(s), col_of(s)))


DEPTH_LAYOUTS: dict[str, int] = {
    "centre_column": _layout(lambda r, c: c == 2),
    "middle_rows": _layout(lambda r, c: r in (2, 3)),
    "edge_columns": _layout(lambda r, c: c in (0, 4)),
    "checkerboard": _layout(lambda r, c: (r + c) % 2 == 0),
    "none": 0,
}
"""Which squares are depth when the battle starts (bit masks), by name; the rest are surface. No
rulebook or card text at hand says which squares are depth at the start (data/README.md "Depth and
surface"): the layout is an option of the battle (``BattleConfig.depth_layout``). The default,
``centre_column``, is the analyzer's reading: one body of water through both halves (the texts
need contiguous depth — 60/202 Пиратский бриг sails from a depth square onto a next one, 60/131
Акванит-громила strikes cards on depth squares that are not next to it — and surface squares where
the melee is, for the many "На поверхности:" strikes), the same for both players.

    >>> [square_name(s) for s in range(SQUARES) if DEPTH_LAYOUTS["centre_column"] >> s & 1]
    ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']
"""
DEFAULT_DEPTH_LAYOUT = "centre_column"


def half_rows(seat: int) -> tuple[int, int, int]:
    """Board rows of a seat's 1st, 2nd and 3rd row (seat 0 = First player)."""
    return (2, 1, 0) if seat == 0 else (3, 4, 5)


def _tiers(seat: int) -> tuple[tuple[int, ...], ...]:
    first, second, third = half_rows(seat)
    centre = tuple(square(r, c) for r in (first, second, third) for c in (1, 2, 3))
    edges_back = tuple(square(r, c) for r in (second, third) for c in (0, 4))
    edges_front = tuple(square(first, c) for c in (0, 4))
    if seat == 0:
        # 000 3.9: the central 3×3 first, then the edges of rows 2-3, the 1st row's edges last.
        return (tuple(sorted(centre)), tuple(sorted(edges_back)), tuple(sorted(edges_front)))
    # 000 3.10: the Second player may use the central 3×3 and his whole 1st row at once.
    return (tuple(sorted(centre + edges_front)), tuple(sorted(edges_back)))


PLACEMENT_TIERS: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = (_tiers(0), _tiers(1))
"""Per seat, the squares in the order they may be filled: a tier is open once the previous is full."""


def placement_squares(seat: int, n: int) -> tuple[int, ...]:
    """The squares a legal placement of ``n`` cards may use: whole tiers, then part of the next."""
    out: list[int] = []
    for tier in PLACEMENT_TIERS[seat]:
        if len(out) >= n:
            break
        out.extend(tier)
    return tuple(out)


def placement_problem(seat: int, squares: list[int]) -> str | None:
    """Why a set of squares is not a legal placement for ``seat`` (000 3.8-3.10), or None."""
    if len(set(squares)) != len(squares):
        return "two cards on one square"
    tiers = PLACEMENT_TIERS[seat]
    used = [sum(1 for s in squares if s in tier) for tier in tiers]
    if sum(used) != len(squares):
        return "a card outside the player's half"
    for k in range(len(tiers) - 1):
        if used[k] < len(tiers[k]) and any(used[k + 1 :]):
            return f"placement tier {k + 2} used before tier {k + 1} is full"
    return None


def tier_squares(seat: int, n: int, preference: list[int]) -> list[int]:
    """``n`` squares of a legal placement: whole tiers in order, then the preferred part of the next."""
    out: list[int] = []
    for tier in PLACEMENT_TIERS[seat]:
        room = n - len(out)
        if room <= 0:
            break
        if room >= len(tier):
            out.extend(tier)
        else:
            out.extend(sorted(tier, key=preference.index)[:room])
    if len(out) < n:
        raise ValueError(f"a squad of {n} cards does not fit the 15 squares of a half")
    return out


def default_placement(state, seat: int) -> dict[int, int]:
    """A legal placement of ``seat``'s squad: its units on the tiers' squares in index order."""
    units = [u for u in range(state.n) if state.seat[u] == seat]
    return dict(zip(units, tier_squares(seat, len(units), list(range(SQUARES))), strict=True))


def _through_row(s: int) -> tuple[tuple[int, int], ...]:
    r, c = divmod(s, COLS)
    out = []
    for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append((rr * COLS + cc, (r + dr // 2) * COLS + c + dc // 2))
    return tuple(out)


THROUGH_ROW: tuple[tuple[tuple[int, int], ...], ...] = tuple(_through_row(s) for s in range(SQUARES))
"""Per square, the (target square, square passed through) of a strike through a row: two squares
away vertically or horizontally, never diagonally (000 glossary "Strike through a row")."""


def _through_two(s: int) -> tuple[tuple[int, int, int], ...]:
    r, c = divmod(s, COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + 3 * dr, c + 3 * dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append((rr * COLS + cc, (r + dr) * COLS + c + dc, (r + 2 * dr) * COLS + c + 2 * dc))
    return tuple(out)


THROUGH_TWO: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_through_two(s) for s in range(SQUARES))
"""Per square, the (target square, first and second squares passed through) of a strike through a row
over two squares, three squares away in a line ("может объявлять {uchr} через 2 клетки по вертикали или
горизонтали", 50/65 Ингвард: ``strike_through_row`` with ``range = 3``)."""

def _ring(radius: int, sq: int) -> int:
    return sum(1 << t for t in range(SQUARES) if 1 < CHEBYSHEV[sq][t] <= radius)


RING: tuple[tuple[int, ...], ...] = tuple(tuple(_ring(r, s) for s in range(SQUARES)) for r in range(6))
"""``RING[r][s]``: bit mask of the squares within ``r`` of ``s`` (any direction) but not next to it:
where a ranged attack of range ``r`` from ``s`` may land (000 glossary "Range X", "Ranged attack");
``r = 5`` covers the whole board."""
WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << t for t in range(SQUARES) if CHEBYSHEV[s][t] <= r) for s in range(SQUARES))
    for r in range(6))
"""``WITHIN[r][s]``: the squares within ``r`` of ``s``, ``s`` and its neighbours included."""

SQUARES_OF: dict[int, tuple[int, ...]] = {}
"""Memo of :func:`squares_of` (the masks met are parts of a 3×3 neighbourhood, a few thousand)."""


def squares_of(mask: int) -> tuple[int, ...]:
    """The squares of a bit mask in increasing order (memoised in :data:`SQUARES_OF`): iterating a
    stored tuple is cheaper than peeling the low bits off every time."""
    out = []
    m = mask
    while m:
        low = m & -m
        m ^= low
        out.append(low.bit_length() - 1)
    squares = SQUARES_OF[mask] = tuple(out)
    return squares


def square_name(s: int) -> str:
    """Human name of a square: column letter a-e and board row 1-6 (row 1 = First player's back)."""
    if s == AUX:
        return "aux"
    if s < 0:
        return "-"
    return "abcde"[col_of(s)] + str(row_of(s) + 1)
