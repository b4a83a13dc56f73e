"""``self_state = "extra_life"``: facts that hold only while the card has additional life ("пока
имеет дополнительные {health}": 50/98 Снаг's regeneration, 50/106 Воин листьев's directed strike,
60/111 Рогаль's magic strike 3). Fixed positions."""

from __future__ import annotations

from analysis.battle import UseAbility
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

ROGAL = facts('{ kind = "magic_strike", damage = [3], cost = "tap", self_state = "extra_life" }',
              '{ kind = "keyword", keyword = "regeneration", damage = [1], self_state = "extra_life" }')
GIVER = facts('{ kind = "extra_life", damage = [2], cost = "tap", target = "ally" }')


def test_the_real_printings_carry_the_fact():
    book = load_abilities()
    for code in ("50/98", "50/106", "60/111"):
        assert [a.self_state for a in book[code].abilities][0] == "extra_life"  # (50/106: + its death strike)


def test_the_magic_strike_and_regeneration_hold_only_with_additional_life():
    """60/111 Рогаль: "имеет '{tap}: магический удар на 3', пока имеет дополнительные {health}";
    50/98 Снаг: regeneration 1 while it has them. Two extra life from an ally turn them on; two
    wounds take the additional life first, and they are gone again."""
    me = card("Rogal", strike=(1, 1, 1), life=8, abilities=ROGAL)
    giver = card("Giver", strike=(1, 1, 1), life=6, abilities=GIVER)
    foes = [card("Foe", life=9), card("Back", life=9)]
    b = start([me, giver], foes, ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}))
    assert not b.ability_targets(0, 0) and not b.cards[0].has("regeneration")
    b.apply(UseAbility(1, 0, (0,)))
    assert b.life[0] == 10
    assert b.ability_targets(0, 0) == [2] and b.cards[0].has("regeneration")
    b.wounds[0] = 2                                   # 8 left: no additional life any more
    b._situate()
    assert not b.ability_targets(0, 0) and not b.cards[0].has("regeneration")
