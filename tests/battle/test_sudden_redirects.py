"""Sudden redirects (000 1.9.4 sudden action; 000 glossary "Redirecting an attack": before the
attack's target is determined, once per attack, never onto the attacker, no defender after it):
the ``redirect`` response window opens for every enemy attack — a simple strike or an attack
ability — declared on a card of the responder's squad. Synthetic cards with the facts of 50/189
Ангел-хранитель (a ward marker at the battle's start, +1 to its strike against cards next to the
warded one, redirects an attack on the warded card onto itself once a turn) and 60/7 Солнечный
элементаль (an enemy ranged attack onto a card next to its target once a turn); fixed dice."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.abilities import parse_abilities
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

ANGEL = ('{ kind = "ward", cost = "trigger", trigger = "battle_start", target = "ally", '
         'vs_types = ["creature"], lasts = "battle" }',
         '{ kind = "strike_bonus", damage = [1], vs_position = "near_ward" }',
         '{ kind = "redirect", from = ["all"], cost = "passive", vs_has = ["ward"], uses_per_turn = 1 }')
SUN = ('{ kind = "redirect", from = ["shot", "throw", "discharge"], target = "any", cost = "passive", '
       'uses_per_turn = 1 }',)
SHOT = '{ kind = "shot", damage = [3], range = 5, cost = "tap" }'


class Redirecting(Scripted):
    """Scripted, and redirects onto ``onto`` when it is offered (records the offers)."""

    def __init__(self, onto: int = -1, **kw):
        super().__init__(**kw)
        self.onto = onto
        self.offers: list[tuple[int, int, int, list[int], int]] = []

    def redirect(self, battle, unit, attacker, target, candidates, index):
        self.offers.append((unit, attacker, target, list(candidates), index))
        return self.onto if self.onto in candidates else -1


def angel():
    return card("Angel", type="flyer", move=0, life=8, strike=(1, 2, 2), abilities=facts(*ANGEL))


def test_ward_at_battle_start_and_a_strike_redirected_onto_the_angel():
    """The battle-start ward goes to a ground ally (not the flying angel itself); a simple strike on
    the warded card goes onto the angel, which takes it (no adjacency needed: 000 "the target is
    considered to be on the square of the first"); no defender is asked after it; once a turn."""
    p2 = Redirecting(onto=3, defender=4)
    b = start([card("Foe", strike=(3, 3, 3), life=20), card("Foe2", strike=(3, 3, 3), life=20)],
              [card("Ward", life=3), angel(), card("Guard", life=10)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT, 3: P2_BACK, 4: square(3, 1)}), dice=[6, 1, 6, 1],
              p2=p2)
    assert any(g.kind == "ward" for g, _ in b.grants[2]) and not b.grants[3]
    b.apply(Strike(0, 2))
    assert b.wounds[3] == 3 and b.wounds[2] == 0
    assert p2.offers[0][:4] == (3, 0, 2, [3]) and p2.defender_calls == []
    b.apply(Strike(1, 2))                          # the second attack this turn: no redirect left
    assert len(p2.offers) == 1 and b.wounds[2] + b.wounds[4] == 3


def test_redirect_answers_attack_abilities_and_only_for_the_warded_card():
    """A shot is an attack too: the window opens for it (index of the ability); an attack on a card
    without the ward is not offered."""
    p2 = Redirecting(onto=3)
    b = start([card("Shooter", abilities=facts(SHOT), life=10)],
              [card("Ward", life=3), angel(), card("Plain", life=10)],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK, 3: square(3, 1)}), dice=[], p2=p2)
    b.apply(UseAbility(0, 0, (3,)))                # Plain carries no ward
    assert p2.offers == [] and b.wounds[3] == 3
    b.apply(END_TURN)
    b.apply(END_TURN)
    p2.onto = 2
    b.apply(UseAbility(0, 0, (1,)))
    assert p2.offers[0][4] == 0 and b.wounds[2] == 3 and b.wounds[1] == 0


def test_ranged_redirect_onto_a_card_next_to_the_target():
    """60/7: an enemy shot goes onto a card next to its target — here a card of the shooter's side —
    and a simple strike is not offered (``from`` shots, throws, discharges)."""
    p2 = Redirecting(onto=1)
    b = start([card("Shooter", abilities=facts(SHOT), life=10), card("Mate", life=10)],
              [card("Target", life=3), card("Sun", type="flyer", move=0, life=8, abilities=facts(*SUN))],
              ({0: P1_BACK, 1: P1_FRONT}, {2: P2_FRONT, 3: P2_BACK}), dice=[1, 1], p2=p2)
    b.open[2] = False
    b.apply(Strike(1, 2))                          # a simple strike: not offered
    assert p2.offers == []
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(0, 0, (2,)))                # the mate stands next to the target
    unit, attacker, target, cands, index = p2.offers[0]
    assert (unit, attacker, target) == (3, 0, 2) and 0 not in cands and 1 in cands
    assert b.wounds[1] == 3 and b.wounds[2] == 1   # (the earlier strike: 1)


def test_heuristic_redirects_when_it_saves_a_card():
    """The heuristic player redirects a strike that would kill the warded card onto the sturdy angel,
    and does not redirect a strike the warded card shrugs off better than the angel would."""
    b = start([card("Foe", strike=(3, 3, 3), life=20)], [card("Ward", life=3), angel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6, 1], p2=HeuristicPlayer())
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.alive[1] and b.wounds[2] == 3
    tough = card("Tough", life=30, strike=(1, 1, 1))
    b2 = start([card("Foe", strike=(1, 1, 1), life=20)], [tough, angel()],
               ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6, 1], p2=HeuristicPlayer())
    assert b2.players[1].redirect(b2, 2, 0, 1, [2], -1) == -1


def test_strike_bonus_against_cards_next_to_the_warded_one():
    """50/189: +1 to its simple strike against cards standing next to the card with the ward
    (``vs_position = "near_ward"``)."""
    foe = card("Foe", life=20)
    b = start([card("Ward", life=10), angel()], [foe, card("Far", life=20)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: square(3, 4)}), dice=[1, 1])
    b.open[2] = b.open[3] = False
    b.apply(Strike(1, 2))                          # weak 1 + 1: the foe stands next to the ward
    assert b.wounds[2] == 2
    b.open[1], b.acted[1] = True, False
    b.apply(Strike(1, 3))                          # weak 1: not next to the ward
    assert b.wounds[3] == 1


@pytest.mark.parametrize("body", [
    '{ kind = "redirect", cost = "passive" }',
    '{ kind = "redirect", from = ["all"], cost = "trigger", trigger = "strike" }',
])
def test_redirect_schema(body):
    text = f'[[card]]\ncode = "10/1"\nname = "Кочевник"\nstatus = "full"\nabilities = [\n  {body},\n]\n'
    with pytest.raises(BerserkInputError):
        parse_abilities(text, "new.toml")


def test_mandatory_redirect_of_the_first_ranged_attack_each_turn():
    """50/87 Турс: the first ranged attack (not through a row) of the opponent's cards each of his
    turns *is* redirected onto it (``every = true``: no choice asked); a first one on Турс itself
    uses it up."""
    tur = card("Tur", life=13, abilities=facts(
        '{ kind = "redirect", from = ["shot", "throw", "discharge"], cost = "passive", every = true, '
        'uses_per_turn = 1 }'))
    two_shots = facts(SHOT, '{ kind = "shot", damage = [3], range = 5, cost = "counter" }')
    p2 = Redirecting(onto=-1)
    b = start([card("Shooter", abilities=two_shots, life=10)], [card("Ally", life=10), tur],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}), dice=[], p2=p2)
    b.counters[0] = 1
    b.apply(UseAbility(0, 1, (1,)))                # the first: onto Турс, though its player was not asked
    b.apply(UseAbility(0, 0, (1,)))                # the second reaches the ally
    assert (b.wounds[2], b.wounds[1], p2.offers) == (3, 3, [])
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.counters[0] = 1
    b.apply(UseAbility(0, 1, (2,)))                # the first on Турс itself uses it up
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 6


def test_heuristic_redirects_a_lethal_shot_onto_the_angel():
    """An attack ability too: a shot of 3 would kill the warded card (3 life); the heuristic player
    sends it onto the angel (8 life), measured by the shooter's gain on each card."""
    b = start([card("Shooter", abilities=facts(SHOT), life=10)], [card("Ward", life=3), angel()],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}), dice=[], p2=HeuristicPlayer())
    b.apply(UseAbility(0, 0, (1,)))
    assert b.alive[1] and b.wounds[2] == 3
