"""50/172 Счастливчик Тони: "когда ваш пират с проклятием должен получить проклятие вместо этого он
может сразиться {strike} со стоящей рядом с ним картой (1 раз за ход). {tap}: метание кинжала на
1-2-2, дальность 4, при этом ваш пират может получить проклятие" — the ``may`` pick of a ``then``
and the heuristic's combo: it curses its already cursed pirate next to an enemy, which then fights."""

from __future__ import annotations

from analysis.battle import UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

TONY = ('{ kind = "fight", foes = ["artifact"], cost = "trigger", trigger = "cursed_again", target = "ally", '
        'vs_classes = ["Пират"], uses_per_turn = 1 }',
        '{ kind = "throw", damage = [1, 2, 2], range = 4, cost = "tap" }',
        '{ kind = "give_curse", cost = "then", target = "ally", vs_classes = ["Пират"], may = true }')


def test_heuristic_curses_its_cursed_pirate_next_to_an_enemy_which_then_fights():
    tony = card("Tony", strike=(1, 2, 2), life=9, classes=("Пират",), abilities=facts(*TONY))
    pirate = card("Pirate", strike=(4, 4, 4), life=10, classes=("Пират",),
                  abilities=facts('{ kind = "curse" }'))
    foe = card("Foe", strike=(1, 1, 1), life=12)
    b = start([tony, pirate], [foe, card("Far", life=10)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(4, 3)}),
              dice=[1, 6, 1], p1=HeuristicPlayer(), p2=Scripted())
    b.log = []
    b.apply(UseAbility(0, 1, (3,)))            # the throw (die 1: 1 wound), then the curse pick
    assert b.wounds[3] == 1
    fights = [e for e in b.log if e.get("e") == "fight"]
    assert fights and fights[0]["u"] == 1 and fights[0]["target"] == 2
    assert b.wounds[2] == 4


def test_heuristic_declines_to_curse_an_uncursed_pirate():
    """"может": with no cursed pirate the heuristic picks nobody (a curse only harms its own)."""
    tony = card("Tony", strike=(1, 2, 2), life=9, classes=("Пират",), abilities=facts(*TONY))
    pirate = card("Pirate", strike=(4, 4, 4), life=10, classes=("Пират",))
    b = start([tony, pirate], [card("Foe", life=12), card("Far", life=10)],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(4, 3)}),
              dice=[1], p1=HeuristicPlayer(), p2=Scripted())
    b.log = []
    b.apply(UseAbility(0, 1, (3,)))
    assert not [e for e in b.log if e.get("e") == "curse"]
