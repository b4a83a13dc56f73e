"""Terrains in the battle (000 1.8: a terrain goes to the auxiliary zone after the reveal, blocks all
attacks and cannot receive wounds): it is never a target, but it opens at its owner's turn start,
uses its abilities (closing for a {tap} one) and fires its triggers — 60/22 Аль-Джамия."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import AUX, square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

JAMIA = ('{ kind = "shield", damage = [1], cost = "trigger", trigger = "enemy_turn_start" }',
         '{ kind = "concentrate", cost = "tap", target = "ally", vs_elements = ["steppes"], via = "effect" }')
DRIVER = ('{ kind = "keyword", keyword = "move", damage = [1], cost = "trigger", trigger = "concentration", '
          'target = "self", lasts = "own_turn" }')


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


def jamia():
    return unit("Jamia", *JAMIA, type="terrain", strike=None, life=None, move=0, cost=2)


def driver():
    return unit("Driver", DRIVER, strike=(3, 3, 3), life=15, move=2, elements=("steppes",))


def test_terrain_stands_in_the_auxiliary_zone_and_is_never_a_target():
    """000 1.8: after the reveal the terrain is in the auxiliary zone; it is no unit of the squad
    that can be attacked (a flyer, which may strike any card, does not get it as a target)."""
    flyer = card("Flyer", type="flyer", life=6, move=0)
    b = start([flyer], [card("Foe", life=10), jamia()], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    assert b.pos[2] == AUX and b.lands[1] == [2] and 2 not in b.units[1]
    assert 2 not in b.targets(0)


def test_terrain_shield_fires_at_the_start_of_the_enemy_turn():
    """60/22 Аль-Джамия: at the start of the opponent's turn its squad is shielded from the next
    non-magic wound (``shield`` 1 on ``enemy_turn_start``): a strike of 3 deals 2."""
    foe = card("Foe", strike=(3, 3, 3), life=10)
    b = start([card("Mine", strike=(1, 1, 1), life=10), jamia()], [foe],
              ({0: P1_FRONT, 1: square(0, 1)}, {2: P2_FRONT}), dice=[6])
    assert b.shield[0] == 0
    b.apply(END_TURN)
    assert b.active == 1 and b.shield[0] == 1
    b.open[0] = False  # (a closed card does not fight: one die, the attacker's)
    b.apply(Strike(2, 0))
    assert b.wounds[0] == 2


def test_terrain_acts_closes_and_opens_again_at_its_owners_turn():
    """A terrain's {tap} ability is among the legal actions; using it closes the terrain, which
    opens at the start of its owner's next turn (000 2.4, 6.3)."""
    b = start([driver(), jamia()], [card("Foe", life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert UseAbility(1, 1, (0,)) in b.legal_actions()
    before = b.moves[0]
    b.apply(UseAbility(1, 1, (0,)))
    assert b.moves[0] == before + 1 and not b.open[1]
    assert not any(isinstance(a, UseAbility) and a[0] == 1 for a in b.legal_actions())
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.active == 0 and b.open[1] and UseAbility(1, 1, (0,)) in b.legal_actions()


def test_heuristic_player_uses_its_terrain_on_the_steppe_creature():
    """The heuristic player acts with its terrain: Аль-Джамия sets off the concentration of its
    steppe creature (+1 movement) in its own turn."""
    p1 = HeuristicPlayer()
    b = start([driver(), jamia()], [card("Foe", life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              p1=p1, p2=Scripted())
    b.log = []
    p1.play_turn(b)
    used = [e for e in b.log if e.get("e") == "ability" and e.get("u") == 1]
    assert used and used[0]["targets"] == [0] and not b.open[1]
