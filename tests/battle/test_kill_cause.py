"""``enemy_dies`` with ``from``: the kind of attack that killed the enemy card (40/105 Финириарх:
"При гибели существа противника от магической атаки следующий {strike} Финириарха сводится к
сильному. При гибели существа противника от немагической атаки следующий магический удар Финириарха
сводится к сильному"; ``boosts``: the attacks its grant is for)."""

from __future__ import annotations

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

FINI = facts('{ kind = "magic_strike", damage = [2, 3, 4], cost = "tap" }',
             '{ kind = "counts_as", tiers = ["strong"], from = ["magic_strike", "discharge"], '
             'boosts = ["simple"], cost = "trigger", trigger = "enemy_dies", target = "self", '
             'lasts = "next_attack", when_type = "creature" }',
             '{ kind = "counts_as", tiers = ["strong"], from = ["nonmagic"], boosts = ["magic_strike"], '
             'cost = "trigger", trigger = "enemy_dies", target = "self", lasts = "next_attack", '
             'when_type = "creature" }')
MAGE = facts('{ kind = "discharge", damage = [1], cost = "tap" }')


NEXT_TO_MAGE = square(3, 1)


def _battle(dice, weak_at=NEXT_TO_MAGE):
    fini = card("Fini", strike=(1, 2, 4), life=12, abilities=FINI)
    mage = card("Mage", strike=(1, 1, 1), life=8, abilities=MAGE)
    foe = card("Foe", strike=(1, 1, 1), life=30)
    weak = card("Weak", strike=(1, 1, 1), life=1)
    b = start([fini, mage], [foe, weak], ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: weak_at}),
              dice=dice)
    b.open[2] = b.open[3] = False
    return b


def _granted(b):
    return [g.applies_to for g, _ in b.grants[0] if g.kind == "counts_as"]


def test_a_magical_kill_makes_its_next_simple_strike_strong():
    b = _battle([1], weak_at=square(5, 2))
    b.apply(UseAbility(1, 0, (3,)))        # the mage's discharge kills "Weak"
    assert not b.alive[3] and _granted(b) == [("simple",)]
    b.apply(Strike(0, 2))                  # die 1: counts as strong, 4
    assert b.wounds[2] == 4


def test_a_nonmagical_kill_makes_its_next_magic_strike_strong():
    b = _battle([1, 1])
    b.apply(Strike(1, 3))                  # the mage's simple strike kills "Weak"
    assert not b.alive[3] and _granted(b) == [("magic_strike",)]
    b.apply(UseAbility(0, 0, (2,)))        # die 1: counts as strong, 4
    assert b.wounds[2] == 4
