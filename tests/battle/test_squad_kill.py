"""Trigger ``squad_kill`` with ``from = ["attacks"]`` and ``per = "excess"`` and a shield for the
opponent's next turn (40/19 Эндор Флем: "когда ваше существо уничтожает атакой карту противника воздействие
«щит магистра»
предотвращает следующие Х ран (максимум 4) от немагических атак по вашим картам в следующий ход
противника, где Х избыточный урон")."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

ENDOR = '{ kind = "shield", per = "excess", per_max = 4, cost = "trigger", trigger = "squad_kill", ' \
        'from = ["attacks"], lasts = "next_enemy_turn" }'


def test_an_attack_kill_shields_the_squad_by_the_excess():
    """An ally's strike of 5 kills a creature with 2 life left: 3 wounds beyond, a shield of 3 for
    the opponent's turn."""
    endor = card("Endor", strike=(1, 1, 1), life=9, abilities=facts(ENDOR))
    hitter = card("Hitter", strike=(5, 5, 5), life=10)
    b = start([endor, hitter], [card("Weak", life=2), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}), dice=[1])
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert not b.alive[2] and b.shield[0] == 3


def test_the_excess_is_capped_at_four_and_a_spell_kill_gives_nothing():
    endor = card("Endor", strike=(1, 1, 1), life=9, abilities=facts(ENDOR))
    hitter = card("Hitter", strike=(9, 9, 9), life=10)
    b = start([endor, hitter], [card("Weak", life=2), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}), dice=[1])
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert b.shield[0] == 4
    caster = card("Caster", life=10, abilities=facts('{ kind = "spell", damage = [6], cost = "tap" }'))
    b = start([endor, caster], [card("Weak", life=2), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}))
    b.apply(UseAbility(1, 0, (2,)))
    assert not b.alive[2] and b.shield[0] == 0


def test_a_kill_in_the_opponents_turn_shields_its_next_turn():
    """Killed by a counter-strike in the opponent's turn: the shield waits for its next turn."""
    endor = card("Endor", strike=(1, 1, 1), life=9, abilities=facts(ENDOR))
    tough = card("Tough", strike=(6, 6, 6), life=20)
    b = start([endor, tough], [card("Weak", strike=(1, 1, 1), life=2), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}), dice=[1, 6])
    b.apply(END_TURN)
    b.apply(Strike(2, 1))          # its strike is answered: the counter-strike kills it
    assert not b.alive[2] and b.shield[0] == 0 and b.shield_next[0] == 4
    b.apply(END_TURN)
    assert b.shield[0] == 4


def test_a_kill_that_also_kills_the_killer_still_shields():
    """Both die in one fight (the weak one strikes back as it falls): its squad's creature still
    destroyed it by an attack, so the shield comes — ``squad_kill`` abilities not aimed at the
    killer do not need it alive."""
    endor = card("Endor", strike=(1, 1, 1), life=9, abilities=facts(ENDOR))
    frail = card("Frail", strike=(5, 5, 5), life=1)
    b = start([endor, frail], [card("Weak", strike=(3, 3, 3), life=2), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}), dice=[5, 3])
    b.apply(Strike(1, 2))
    assert not b.alive[2] and not b.alive[1] and b.shield[0] == 3


def test_blessing_the_killer_needs_it_alive():
    """30/175 Поборник Ордена's kind of ``squad_kill`` fact, aimed at the killer: a dead killer gets
    nothing (and nothing fails)."""
    priest = card("Priest", strike=(1, 1, 1), life=9, abilities=facts(
        '{ kind = "give_blessing", cost = "trigger", trigger = "squad_kill", target = "ally" }'))
    frail = card("Frail", strike=(5, 5, 5), life=1)
    b = start([priest, frail], [card("Weak", strike=(3, 3, 3), life=2), card("Far")],
              ({0: square(0, 1), 1: P1_FRONT}, {2: P2_FRONT, 3: square(5, 1)}), dice=[5, 3])
    b.apply(Strike(1, 2))
    assert not b.alive[2] and not b.alive[1] and not b.cards[0].has("blessing")
