"""Battle simulation: the board, the engine, players, recording, replay and drawing.

    >>> from analysis.battle import Battle, HeuristicPlayer, RandomPlayer, SearchPlayer, play_battle

The engine (:mod:`analysis.battle.engine`) and the players (:mod:`analysis.battle.players`) meet
only in :mod:`analysis.battle.interface` (actions, the documented state, the player questions);
players are looked up by name in :mod:`analysis.battle.registry`.
See :mod:`analysis.battle.engine` for the rules implemented and every simplification.

The engine's modules may be compiled with mypyc (``setup.py``): the extension modules are used only
when they were built from the sources beside them, and not under ``BERSERK_PURE=1``; else the
sources are imported (:data:`COMPILED` says which).

Imports: the packages below it (:mod:`analysis.util` … :mod:`analysis.squad` and
:mod:`analysis.combat`; it uses :mod:`analysis.util`, :mod:`analysis.cards` and
:mod:`analysis.combat`, whose :mod:`~analysis.combat.strike` builds the strike tables); never
:mod:`analysis.matchup` or anything above it.
"""

from analysis.battle._select import COMPILED
from analysis.battle.engine import Battle, BattleConfig, BattleResult, play_battle
from analysis.battle.interface import (
    END_TURN,
    Accumulate,
    Action,
    IllegalAction,
    Move,
    Player,
    Prepare,
    Strike,
    UseAbility,
    first_action,
)
from analysis.battle.players import HeuristicPlayer
from analysis.battle.random_player import RandomPlayer
from analysis.battle.registry import PLAYERS, make_player
from analysis.battle.search import SearchPlayer

__all__ = [
    "COMPILED",
    "END_TURN",
    "PLAYERS",
    "Accumulate",
    "Action",
    "Battle",
    "BattleConfig",
    "BattleResult",
    "HeuristicPlayer",
    "IllegalAction",
    "Move",
    "Player",
    "Prepare",
    "RandomPlayer",
    "SearchPlayer",
    "Strike",
    "UseAbility",
    "first_action",
    "make_player",
    "play_battle",
]
