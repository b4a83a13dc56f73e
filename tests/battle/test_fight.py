"""``fight``: a creature fights an enemy creature next to it with its simple strike, as with an
open card (the foe fights back even if closed), without closing — 50/28 Нартал's «жажда крови» on
its fury, 50/15 Орудийный расчёт after it closes to move a war machine."""

from __future__ import annotations

from analysis.battle import Move, Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import facts, start
from tests.battle_helpers import card

CREW = '{ kind = "fight", cost = "trigger", trigger = "hauls", target = "self" }'
NARTAL = ('{ kind = "fight", cost = "trigger", trigger = "fury", fury = 3, target = "ally", via = "spell", '
          'uses_per_turn = 1 }')


def test_gun_crew_fights_an_adjacent_enemy_after_closing_for_a_war_machine():
    """50/15 Орудийный расчёт closes to move the war machine next to it, then fights the enemy
    next to it: a closed enemy fights back as an open card (two dice), and the crew stays closed."""
    machine = card("Machine", type="artifact", strike=None, move=0, life=9, classes=("Боевая машина",),
                   abilities=facts('{ kind = "hauled" }'))
    crew = card("Crew", strike=(3, 4, 4), life=13, move=2, abilities=facts(CREW))
    foe = card("Foe", strike=(1, 1, 1), life=10)
    b = start([machine, crew], [foe], ({0: square(1, 2), 1: square(2, 2)}, {2: square(3, 2)}),
              dice=[6, 1])
    b.open[2] = False
    b.log = []
    b.apply(Move(0, square(1, 1)))
    fights = [e for e in b.log if e.get("e") == "fight"]
    strikes = [e for e in b.log if e.get("e") == "strike"]
    assert fights and fights[0]["u"] == 1 and fights[0]["target"] == 2
    assert strikes and len(strikes[0]["dice"]) == 2          # (the foe fought back as an open card)
    assert b.wounds[2] > 0 and not b.open[1] and not b.open[2]


def test_nartal_fury_lets_an_ally_fight_its_neighbour_without_closing():
    """50/28 Нартал: when its attack's die is 3 or less (Бешенство 3) an ally fights an enemy next
    to it as with an open card; the heuristic player picks the ally that has an enemy next to it,
    which stays open."""
    nartal = card("Nartal", strike=(1, 2, 2), life=8, abilities=facts(NARTAL))
    ally = card("Ally", strike=(4, 4, 4), life=12)
    foe, other = card("Foe", strike=(1, 1, 1), life=10), card("Other", strike=(1, 1, 1), life=10)
    b = start([nartal, ally], [foe, other], ({0: square(2, 1), 1: square(2, 3)},
                                             {2: square(3, 1), 3: square(3, 3)}),
              dice=[1, 1, 6, 1], p1=HeuristicPlayer())
    b.log = []
    b.apply(Strike(0, 2))
    fights = [e for e in b.log if e.get("e") == "fight"]
    assert fights and fights[0]["u"] == 1 and fights[0]["target"] == 3
    assert b.wounds[3] == 4 and b.open[1]
