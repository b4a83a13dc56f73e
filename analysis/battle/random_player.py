"""The random player: a uniformly random legal action at every decision (the baseline every
other player is measured against; it draws only from ``state.prng``, so a battle stays a pure
function of its seed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from analysis.battle.board import SQUARES, tier_squares
from analysis.battle.interface import Action, Player, UseAbility

if TYPE_CHECKING:
    from analysis.battle.engine import Battle


@mypyc_attr(allow_interpreted_subclasses=True)  # (players are extended in Python)
class RandomPlayer(Player):
    """Baseline: every decision uniformly at random among the legal ones (each action, ending the
    turn included, equally likely at each step; every ability use with its targets is one action)."""

    name = "random"

    def place(self, battle: Battle, seat: int) -> dict[int, int]:
        rng = battle.prng
        units = [u for u in range(battle.n_squad) if battle.seat[u] == seat]
        pref = list(range(SQUARES))
        rng.shuffle(pref)
        squares = tier_squares(seat, len(units), pref)
        rng.shuffle(squares)
        return dict(zip(units, squares, strict=True))

    def attach(self, battle: Battle, unit: int, hosts: list[int]) -> int:
        return battle.prng.choice(hosts)

    def hauler(self, battle: Battle, machine: int, candidates: list[int]) -> int:
        return battle.prng.choice(candidates)

    def fight_target(self, battle: Battle, fighter: int, candidates: list[int]) -> int:
        return battle.prng.choice(candidates)

    def hide(self, battle: Battle, candidates: list[int]) -> list[int]:
        return [u for u in candidates if battle.prng.random() < 0.5]

    def choose_action(self, battle: Battle) -> Action:
        actions = battle.legal_actions()
        return actions[int(battle.prng.random() * len(actions))]

    def choose_defender(self, battle: Battle, attacker: int, target: int, candidates: list[int]) -> int:
        rng = battle.prng
        return candidates[int(rng.random() * len(candidates))] if rng.random() < 0.5 else -1

    def redirect(self, battle: Battle, unit: int, attacker: int, target: int, candidates: list[int],
                 index: int) -> int:
        rng = battle.prng
        return candidates[int(rng.random() * len(candidates))] if rng.random() < 0.5 else -1

    def sudden(self, battle: Battle, seat: int, moment: str, attacker: int, target: int,
               options: Sequence[tuple[int, int]]) -> Any:
        rng = battle.prng
        if rng.random() < 0.5:
            return None
        u, index = options[int(rng.random() * len(options))]
        targets = battle.sudden_targets(u, index)
        if not targets:
            return None
        return UseAbility(u, index, (targets[int(rng.random() * len(targets))],))

    def weaken(self, battle: Battle, chooser: int, attacker: int, parrier: int,
               base: tuple[int, int], alt: tuple[int, int]) -> bool:
        return battle.prng.random() < 0.5

    def choose_targets(self, battle: Battle, unit: int, index: int, candidates: Sequence[int],
                       most: int) -> tuple[int, ...]:
        pool = list(candidates)
        battle.prng.shuffle(pool)
        return tuple(sorted(pool[:most]))

    def token_holder(self, battle: Battle, unit: int, candidates: Sequence[int], give: bool) -> int:
        return candidates[battle.prng.randrange(len(candidates))]
    def relocate(self, battle: Battle, unit: int, why: str, squares: Sequence[int]) -> int:
        options = [-1, *squares]
        return options[battle.prng.randrange(len(options))]

    def choose_form(self, battle: Battle, unit: int) -> str:
        return ("wolf", "human")[int(battle.prng.random() * 2)]

    def dirty_trick(self, battle: Battle, unit: int, x: int, candidates: Sequence[int]) -> int:
        options = [-1, *candidates]
        return options[battle.prng.randrange(len(options))]

    def accept(self, battle: Battle, unit: int, index: int, target: int) -> bool:
        return battle.prng.random() < 0.5

    def stay_closed(self, battle: Battle, unit: int) -> bool:
        return battle.prng.random() < 0.5

    def choose_direction(self, battle: Battle, unit: int) -> str:
        return ("forward", "back", "left", "right")[int(battle.prng.random() * 4)]
