"""30/164 Маэнас: "Ваши пираты с проклятием имеют +1 к {move} и +1 к {strike}. В начале вашего хода
пират в вашем отряде может получить проклятие. Когда уничтожает существо противника получает +Х к
следующему {strike}, где Х слабый {strike} уничтоженного" — auras for cursed holders, a curse the
heuristic gives its own pirate for them, and ``per = "about_weak"`` on ``kill``."""

from __future__ import annotations

from analysis.battle import Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.ability_rules import strike_passives
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

MAENAS = facts(
    '{ kind = "keyword", keyword = "move", damage = [1], cost = "aura", area = "squad", target = "ally", '
    'vs_classes = ["Пират"], when_state = "cursed" }',
    '{ kind = "strike_bonus", damage = [1], cost = "aura", area = "squad", target = "ally", '
    'vs_classes = ["Пират"], when_state = "cursed" }',
    '{ kind = "give_curse", cost = "trigger", trigger = "turn_start", target = "ally", '
    'vs_classes = ["Пират"], may = true }',
    '{ kind = "attack_bonus", per = "about_weak", from = ["simple"], cost = "trigger", trigger = "kill", '
    'target = "self", lasts = "next_attack", when_type = "creature" }')


def _maenas():
    return card("Maenas", strike=(3, 4, 5), life=16, classes=("Пират",), abilities=MAENAS)


def test_the_heuristic_curses_its_pirate_for_the_aura_and_not_a_landlubber():
    pirate = card("Pirate", strike=(2, 2, 3), life=10, classes=("Пират",))
    b = start([_maenas(), pirate, card("Sailor", strike=(2, 2, 3), life=10)],
              [card("Foe", life=10), card("Far", life=10)],
              ({0: square(1, 2), 1: P1_FRONT, 2: square(2, 1)}, {3: P2_FRONT, 4: square(5, 2)}),
              p1=HeuristicPlayer())
    cursed = [u for u in (0, 1) if b._in_state(u, "cursed")]   # (its first turn start: one pirate)
    assert len(cursed) == 1 and not b._in_state(2, "cursed")
    u = cursed[0]
    assert strike_passives(b.cards[u]).bonus == (1, 1, 1)


def test_a_kill_gives_the_victims_weak_strike_to_its_next_strike():
    b = start([_maenas()], [card("Victim", strike=(3, 4, 4), life=1), card("Next", life=20),
                            card("Far", life=10)],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: square(5, 2)}), dice=[1, 1, 1],
              p1=Scripted(targets=[]))                # (it declines the curse)
    b.apply(Strike(0, 1))                             # 1 v 1: weak 3 kills it
    assert not b.alive[1]
    assert strike_passives(b.cards[0]).bonus == (3, 3, 3)
    b.open[0] = True
    b.acted[0] = False
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 6 and strike_passives(b.cards[0]).bonus == (0, 0, 0)
