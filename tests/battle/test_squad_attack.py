"""Trigger ``squad_attack``: after an attack of a creature of its squad (a simple strike, hit or miss,
or an attack ability, once per target), about the attacker (``area = "about"``), its ``from`` the
kind of attack, its ``tiers`` the attack's strength. 40/32 Гхар-Дунн: "При дальней атаке вашего
существа оно получает +1 к следующей ближней атаке до конца вашего хода. При ближней атаке вашего
существа оно получает +1 к следующей дальней атаке до конца вашего хода"; 30/64 Тейа: "При слабом
разряде или магическом ударе вашего линунга он получает +1 к следующему своему разряду или
магическому удару (3 раза за ход)"."""

from __future__ import annotations

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

GHARR = facts('{ kind = "attack_bonus", damage = [1], from = ["ranged"], boosts = ["close"], '
              'cost = "trigger", trigger = "squad_attack", target = "ally", area = "about", '
              'lasts = "next_attack_turn" }',
              '{ kind = "attack_bonus", damage = [1], from = ["close"], boosts = ["ranged"], '
              'cost = "trigger", trigger = "squad_attack", target = "ally", area = "about", '
              'lasts = "next_attack_turn" }')
ARCHER = facts('{ kind = "shot", damage = [1], cost = "tap" }')
TEIA = facts('{ kind = "attack_bonus", damage = [1], from = ["discharge", "magic_strike"], '
             'cost = "trigger", trigger = "squad_attack", tiers = ["weak"], classes = ["Линунг"], '
             'target = "ally", area = "about", lasts = "next_attack", uses_per_turn = 3 }')
MAGE = facts('{ kind = "discharge", damage = [1, 2, 2], cost = "tap" }')


def _battle(watcher: str, attacker, dice):
    b = start([card("Watcher", strike=(1, 1, 1), life=10, abilities=watcher), attacker],
              [card("Foe", strike=(1, 1, 1), life=30), card("Far", life=30)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 2)}), dice=dice)
    b.open[2] = b.open[3] = False
    return b


def _again(b, u: int) -> None:
    b.open[u], b.acted[u] = True, False


def test_a_ranged_attack_gives_the_next_close_one_more_and_back():
    b = _battle(GHARR, card("Archer", strike=(1, 2, 3), life=8, abilities=ARCHER), [1, 1])
    b.apply(UseAbility(1, 0, (3,)))        # a shot: +1 to its next close attack
    assert b.wounds[3] == 1
    _again(b, 1)
    b.apply(Strike(1, 2))                  # its weak 1 + 1; a close attack: +1 to its next ranged one
    assert b.wounds[2] == 2
    _again(b, 1)
    b.apply(UseAbility(1, 0, (3,)))        # shot 1 + 1
    assert b.wounds[3] == 1 + 2


def test_a_linungs_weak_discharge_gives_its_next_one_more():
    linung = card("Linung", strike=(1, 1, 1), life=8, abilities=MAGE, classes=("Линунг",))
    b = _battle(TEIA, linung, [1, 1])
    b.apply(UseAbility(1, 0, (3,)))        # weak discharge 1
    assert b.wounds[3] == 1
    _again(b, 1)
    b.apply(UseAbility(1, 0, (3,)))        # die 1: 1 + 1
    assert b.wounds[3] == 1 + 2


def test_only_a_weak_discharge_of_a_linung_counts():
    linung = card("Linung", strike=(1, 1, 1), life=8, abilities=MAGE, classes=("Линунг",))
    b = _battle(TEIA, linung, [6, 1])
    b.apply(UseAbility(1, 0, (3,)))        # strong: nothing
    _again(b, 1)
    b.apply(UseAbility(1, 0, (3,)))
    assert b.wounds[3] == 2 + 1
    other = card("Other", strike=(1, 1, 1), life=8, abilities=MAGE)
    b = _battle(TEIA, other, [1, 1])
    b.apply(UseAbility(1, 0, (3,)))
    _again(b, 1)
    b.apply(UseAbility(1, 0, (3,)))
    assert b.wounds[3] == 1 + 1
