"""Helpers for the battle tests: synthetic cards and a scripted player."""

from __future__ import annotations

import itertools

from analysis.battle.engine import Battle
from analysis.battle.players import Player
from analysis.cards import Card

_ids = itertools.count(900_001)


def card(name: str = "X", strike=(1, 2, 3), life: int = 8, type: str = "creature", move: int = 1,
         cost: int = 3, **keywords: int) -> Card:
    """A synthetic card with the given facts (keyword columns as keyword arguments)."""
    return Card(
        id=next(_ids), set_id=900, set_name="test", number=0, name=name, rarity=0, elements=(),
        type=type, cost=cost, elite=False, unique=False, life=life, move=move, strike=strike,
        horde=False, banned=False, keywords=tuple(sorted((k, v) for k, v in keywords.items() if v)),
    )


class Scripted(Player):
    """Plays the given turns: ``turns[k]`` is a list of ("move", u, sq) / ("strike", u, v) /
    ("prepare", u) actions for this player's k-th turn. Defender choices and weakening are fixed."""

    name = "scripted"

    def __init__(self, turns=(), defender: int = -1, weaken: bool = False, hide=()):
        self.turns = list(turns)
        self.k = 0
        self.defender = defender
        self.do_weaken = weaken
        self.to_hide = list(hide)
        self.defender_calls: list[tuple[int, int, list[int]]] = []
        self.weaken_calls: list[tuple[int, tuple[int, int], tuple[int, int]]] = []

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return [u for u in self.to_hide if u in candidates]

    def play_turn(self, battle: Battle) -> None:
        actions = self.turns[self.k] if self.k < len(self.turns) else []
        self.k += 1
        for action in actions:
            if battle.over:
                return
            kind, *args = action
            getattr(battle, kind)(*args)

    def choose_defender(self, battle, attacker, target, candidates):
        self.defender_calls.append((attacker, target, list(candidates)))
        return self.defender if self.defender in candidates else -1

    def weaken(self, battle, chooser, attacker, parrier, base, alt):
        self.weaken_calls.append((chooser, base, alt))
        return self.do_weaken
