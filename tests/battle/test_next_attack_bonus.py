"""Bonuses to the next attack (``attack_bonus`` with ``lasts = "next_attack"`` / ``"next_attack_turn"``):
a bonus whose ``from`` names a kind waits for an attack of that kind (40/150 Демон гордыни: "когда
уничтожает карту противника получает +1 к следующему разряду (или +2, если она уникальная)"), bonuses
given again add up to ``per_max`` (40/145 Отпрыск Гхора: "+1 к следующему {strike} (максимум +2)"), and
one given "до конца хода" is lost at the end of the turn (40/86 Глемсель)."""

from __future__ import annotations

from dataclasses import replace

from analysis.battle import Strike, UseAbility
from analysis.battle.board import square
from analysis.cards.ability_rules import attack_bonus, strike_passives
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card

DEMON = ('{ kind = "discharge", damage = [1], range = 4, cost = "tap" }',
         '{ kind = "attack_bonus", damage = [1], from = ["discharge"], cost = "trigger", trigger = "kill", '
         'target = "self", lasts = "next_attack" }',
         '{ kind = "attack_bonus", damage = [1], from = ["discharge"], cost = "trigger", trigger = "kill", '
         'target = "self", lasts = "next_attack", when_state = "unique" }')


def _demon():
    return card("Demon", strike=(1, 2, 2), life=8, abilities=facts(*DEMON))


def test_kill_of_a_unique_card_gives_two_to_the_next_discharge_kept_through_a_simple_strike():
    victim = replace(card("Hero", strike=(1, 1, 1), life=1), unique=True)
    b = start([_demon(), card("Mine", life=10)], [victim, card("Foe", strike=(1, 1, 1), life=10),
                                                   card("Far", life=10)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: square(4, 2), 3: square(3, 1), 4: square(5, 2)}),
              dice=[1, 1, 1, 1])
    b.apply(UseAbility(0, 0, (2,)))                      # the discharge kills the unique hero
    assert not b.alive[2]
    assert attack_bonus(b.cards[0], "discharge") == 2 and attack_bonus(b.cards[0], "simple") == 0
    b._end_turn()
    b._start_turn()
    b._end_turn()
    b._start_turn()
    b.apply(Strike(0, 3))                                # a simple strike does not use it up
    assert attack_bonus(b.cards[0], "discharge") == 2
    b._end_turn()
    b._start_turn()
    b._end_turn()
    b._start_turn()
    before = b.wounds[4]
    b.apply(UseAbility(0, 0, (4,)))                      # discharge 1 + 2
    assert b.wounds[4] - before == 3
    assert attack_bonus(b.cards[0], "discharge") == 0   # (spent)


def test_a_plain_kill_gives_one():
    b = start([_demon()], [card("Weak", strike=(1, 1, 1), life=1), card("Far", life=10)],
              ({0: P1_FRONT}, {1: square(4, 2), 2: square(5, 2)}))
    b.apply(UseAbility(0, 0, (1,)))
    assert attack_bonus(b.cards[0], "discharge") == 1


GROWTH = ('{ kind = "attack_bonus", damage = [1], from = ["simple"], cost = "tap", target = "ally", '
          'lasts = "next_attack", per_max = 2 }')


def test_bonuses_to_the_next_strike_add_up_to_per_max():
    helpers = [card(f"Helper{i}", life=6, abilities=facts(GROWTH)) for i in range(3)]
    fighter = card("Fighter", strike=(2, 3, 4), life=10)
    b = start([fighter, *helpers], [card("Foe", life=10), card("Far", life=10)],
              ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3), 3: square(1, 2)},
               {4: P2_FRONT, 5: square(5, 2)}), dice=[1, 1])
    for h in (1, 2, 3):
        b.apply(UseAbility(h, 0, (0,)))
    assert strike_passives(b.cards[0]).bonus == (2, 2, 2)   # three gifts of +1, at most +2
    b.apply(Strike(0, 4))                                   # dice 1 v 1: a weak strike, 2 + 2
    assert b.wounds[4] == 4 and strike_passives(b.cards[0]).bonus == (0, 0, 0)


TURN_BONUS = ('{ kind = "attack_bonus", damage = [2], from = ["simple"], cost = "tap", target = "ally", '
              'lasts = "next_attack_turn", via = "effect" }')


def test_a_bonus_to_the_next_strike_this_turn_is_lost_at_the_end_of_the_turn():
    giver = card("Giver", life=6, abilities=facts(TURN_BONUS))
    b = start([giver, card("Fighter", life=10)], [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: square(5, 2)}))
    b.apply(UseAbility(0, 0, (1,)))
    assert strike_passives(b.cards[1]).bonus == (2, 2, 2)
    b._end_turn()
    assert strike_passives(b.cards[1]).bonus == (0, 0, 0)


SCION = ('{ kind = "spell", damage = [1], range = 3, cost = "trigger", trigger = "concentration" }',
         '{ kind = "attack_bonus", damage = [1], from = ["simple"], cost = "then", target = "self", '
         'lasts = "next_attack", per_max = 2 }')


def test_concentration_spell_then_plus_one_to_its_next_strike_at_most_two():
    """40/145 Отпрыск Гхора: "Концентрация: заклинание … ранить существо на 1, дальность 3, при этом
    получить +1 к следующему {strike} (максимум +2)"."""
    scion = card("Scion", strike=(1, 2, 2), life=6, abilities=facts(*SCION))
    b = start([scion], [card("Foe", life=10), card("Far", life=10)],
              ({0: P1_FRONT}, {1: square(4, 2), 2: square(5, 2)}))
    for _ in range(3):
        b._fire(0, "concentration")
    assert b.wounds[1] + b.wounds[2] == 3
    assert strike_passives(b.cards[0]).bonus == (2, 2, 2)


def test_the_heuristic_gives_a_bonus_for_this_turn_to_a_creature_that_can_still_strike():
    from analysis.battle.players import HeuristicPlayer

    giver = card("Giver", life=6, abilities=facts(TURN_BONUS))
    b = start([giver, card("Done", strike=(3, 4, 5), life=10), card("Ready", strike=(1, 2, 2), life=10)],
              [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT, 2: square(2, 3)}, {3: square(5, 2)}))
    b.open[1] = False
    b.acted[1] = True                                   # (it has struck this turn already)
    assert HeuristicPlayer().choose_targets(b, 0, 0, [0, 1, 2], 1) in ((0,), (2,))
    assert HeuristicPlayer()._target_gain(b, 0, 0, 1) == 0.0
    assert HeuristicPlayer()._target_gain(b, 0, 0, 2) > 0.0


MELIADA = ('{ kind = "attack_bonus", damage = [1], from = ["simple"], cost = "trigger", '
           'trigger = "concentration", target = "ally", lasts = "next_attack_turn", via = "effect" }',)


def test_a_concentration_bonus_lasts_through_its_holders_next_turn_only():
    """60/85 Мелиада: "Концентрация: … ваше существо получает +1 к следующему {strike} до конца вашего
    хода" — given at the end of the opponent's turn, lost at the end of its holder's next turn."""
    meliada = card("Meliada", strike=(1, 1, 1), life=8, abilities=facts(*MELIADA))
    b = start([meliada, card("Fighter", life=10)], [card("Foe", life=10)],
              ({0: square(2, 1), 1: P1_FRONT}, {2: square(5, 2)}))
    b._end_turn()
    b._start_turn()                                      # the opponent's turn
    assert sum(strike_passives(b.cards[x]).bonus[0] for x in (0, 1)) == 0
    b._end_turn()                                        # its concentration fires
    assert sum(strike_passives(b.cards[x]).bonus[0] for x in (0, 1)) == 1
    b._start_turn()                                      # its own turn: still there
    assert sum(strike_passives(b.cards[x]).bonus[0] for x in (0, 1)) == 1
    b._end_turn()
    assert sum(strike_passives(b.cards[x]).bonus[0] for x in (0, 1)) == 0
