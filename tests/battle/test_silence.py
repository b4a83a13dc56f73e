"""``silence``: enemy creatures standing in a position to the card lose their abilities — their
facts and keyword columns (30/126 Безликий: "существа противника теряют особенности, пока стоят
напротив открытого Безликого")."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, P2_MID, facts, start
from tests.battle_helpers import card

FACELESS = ('{ kind = "cap", damage = [1], from = ["simple"], self_state = "closed" }',
            '{ kind = "silence", vs_position = "opposite", self_state = "open" }')
SHOT = '{ kind = "shot", damage = [2], range = 5, cost = "tap" }'


def faceless():
    return card("Faceless", strike=(2, 3, 4), life=12, abilities=facts(*FACELESS))


def shooter():
    return card("Shooter", strike=(1, 1, 1), life=9, armor=2, move=1, abilities=facts(SHOT))


def test_enemy_opposite_the_open_faceless_loses_its_abilities_and_armor():
    """The enemy in front of an open Безликий has neither its shot nor its armor; beside it, it
    keeps them."""
    b = start([faceless(), card("Mine", life=10)], [shooter(), card("Foe")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 1)}))
    assert b.armor[2] == 0 and not b.profiles[2].actions
    b2 = start([faceless(), card("Mine", life=10)], [shooter(), card("Foe")],
               ({0: P1_FRONT, 1: square(0, 1)}, {2: square(3, 1), 3: square(5, 1)}))
    assert b2.armor[2] == 2 and b2.profiles[2].actions


def test_silence_ends_when_the_faceless_closes_or_the_enemy_steps_away():
    """Once Безликий closes (it strikes) the enemy opposite has its abilities again; an enemy that
    steps out from in front of an open one gets them back too."""
    b = start([faceless(), card("Mine", life=10)], [shooter(), card("Foe")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 1)}), dice=[1, 1])
    b.apply(Strike(0, 2))                      # it closes
    assert not b.open[0] and b.profiles[2].actions and b.armor[2] == 2
    b = start([faceless(), card("Mine", life=10)], [shooter(), card("Foe")],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT, 3: square(5, 1)}))
    b.apply(END_TURN)
    assert not any(isinstance(a, UseAbility) and a[0] == 2 for a in b.legal_actions())
    b.apply(Move(2, P2_MID))
    assert b.profiles[2].actions and b.armor[2] == 2
