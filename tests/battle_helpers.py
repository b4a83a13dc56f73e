"""Helpers for the battle tests: synthetic cards and a scripted player."""

from __future__ import annotations

import itertools

from analysis.battle.engine import Battle
from analysis.battle.interface import Accumulate, Move, Player, Prepare, Strike, UseAbility
from analysis.cards.table import Card

_ids = itertools.count(900_001)


def card(name: str = "X", strike=(1, 2, 3), life: int = 8, type: str = "creature", move: int = 1,
         cost: int = 3, abilities: str = "", elements=(), classes=(), **keywords: int) -> Card:
    """A synthetic card with the given facts (keyword columns as keyword arguments). ``abilities``
    is the body of an abilities-file entry after the ``[[card]]`` header's code and name, e.g.
    ``'status = "full"\nabilities = [ { kind = "shot", damage = [2], cost = "tap" } ]'``."""
    number = next(_ids)
    facts = None
    if abilities:
        from analysis.cards.abilities import parse_abilities

        text = f'[[card]]\ncode = "900/{number % 10_000}"\nname = "{name}"\n{abilities}\n'
        facts = parse_abilities(text, "test")[0]
    return Card(
        id=number, set_id=900, set_name="test", number=number % 10_000, name=name, rarity=0,
        elements=tuple(elements),
        type=type, cost=cost, elite=False, unique=False, life=life, move=move, strike=strike,
        horde=False, banned=False, classes=tuple(classes),
        keywords=tuple(sorted((k, v) for k, v in keywords.items() if v)), abilities=facts,
    )


ACTIONS = {"move": Move, "strike": Strike, "prepare": Prepare, "accumulate": Accumulate, "use": UseAbility}


class Scripted(Player):
    """Plays the given turns: ``turns[k]`` is a list of ("move", u, sq) / ("strike", u, v) /
    ("prepare", u) / ("accumulate", u) / ("use", u, index, targets) actions for this player's k-th
    turn. Defender choices, weakening and the targets of triggered abilities are fixed."""

    name = "scripted"

    def __init__(self, turns=(), defender: int = -1, weaken: bool = False, hide=(), targets=None):
        self.turns = list(turns)
        self.k = 0
        self.defender = defender
        self.do_weaken = weaken
        self.to_hide = list(hide)
        self.defender_calls: list[tuple[int, int, list[int]]] = []
        self.weaken_calls: list[tuple[int, tuple[int, int], tuple[int, int]]] = []
        self.targets = targets
        self.target_calls: list[tuple[int, int, list[int], int]] = []

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return [u for u in self.to_hide if u in candidates]

    def play_turn(self, battle: Battle) -> None:
        actions = self.turns[self.k] if self.k < len(self.turns) else []
        self.k += 1
        for action in actions:
            if battle.over:
                return
            kind, *args = action
            battle.apply(ACTIONS[kind](*args))

    def choose_defender(self, battle, attacker, target, candidates):
        self.defender_calls.append((attacker, target, list(candidates)))
        return self.defender if self.defender in candidates else -1

    def weaken(self, battle, chooser, attacker, parrier, base, alt):
        self.weaken_calls.append((chooser, base, alt))
        return self.do_weaken

    def choose_targets(self, battle, unit, index, candidates, most):
        self.target_calls.append((unit, index, list(candidates), most))
        if self.targets is not None:
            return tuple(self.targets)
        return tuple(candidates[:most])
