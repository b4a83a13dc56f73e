"""The players by name, for the CLI, matchups and the dashboard.

A name is a key of :data:`PLAYERS`, optionally with a budget for the searching player
(``search:N``). This module sits above :mod:`analysis.battle.players` and
:mod:`analysis.battle.search`, so neither imports the other's registry and the engine imports
no player at all (ARCHITECTURE.md "Game, state, player apart").

    >>> make_player("search:8").budget, player_problem("search:0") is not None
    (8, True)
"""

from __future__ import annotations

from analysis.battle.interface import Player
from analysis.battle.players import HeuristicPlayer
from analysis.battle.random_player import RandomPlayer
from analysis.battle.search import SearchPlayer, parse_budget

PLAYERS: dict[str, type[Player]] = {
    "heuristic": HeuristicPlayer,
    "random": RandomPlayer,
    "search": SearchPlayer,
}
"""Players by name (``search`` also as ``search:N``, N nodes per decision)."""
PLAYER_HELP = (
    "heuristic (greedy, fast), random (baseline), search or search:N (looks ahead one "
    "action with the exact odds, N nodes per decision, default 3; about 18x slower per battle, "
    "see reports/bench_search.md)"
)
"""One line for the ``--players`` help texts."""


def player_problem(name: str) -> str | None:
    """Why ``name`` is not a player name (None if it is one)."""
    base = name.partition(":")[0]
    if base == "search":
        try:
            parse_budget(name)
        except ValueError as err:
            return str(err)
        return None
    if name not in PLAYERS:
        return f"unknown player {name!r}; players: {', '.join(PLAYERS)} (or search:N)"
    return None


def make_player(name: str) -> Player:
    """A fresh player by name: ``heuristic``, ``random``, ``search`` or ``search:N``."""
    problem = player_problem(name)
    if problem:
        raise ValueError(problem)
    if name.partition(":")[0] == "search":
        return SearchPlayer(parse_budget(name))
    return PLAYERS[name]()


__all__ = ["PLAYERS", "PLAYER_HELP", "make_player", "player_problem"]
