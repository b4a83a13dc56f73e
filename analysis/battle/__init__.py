"""Battle simulation: the board, the engine, players, recording, replay and drawing.

    >>> from analysis.battle import Battle, HeuristicPlayer, RandomPlayer, play_battle

See :mod:`analysis.battle.engine` for the rules implemented and every simplification.
"""

from analysis.battle.engine import Battle, BattleConfig, BattleResult, IllegalAction, play_battle
from analysis.battle.players import PLAYERS, HeuristicPlayer, Player, RandomPlayer, make_player

__all__ = [
    "PLAYERS",
    "Battle",
    "BattleConfig",
    "BattleResult",
    "HeuristicPlayer",
    "IllegalAction",
    "Player",
    "RandomPlayer",
    "make_player",
    "play_battle",
]
