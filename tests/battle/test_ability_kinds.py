"""Abilities in the battle engine with fixed dice, each against the rulebook passage it implements
(000 = the classic rulebook; glossary entries in quotes)."""

from __future__ import annotations

import pytest

from analysis.battle import (
    END_TURN,
    Accumulate,
    Battle,
    BattleConfig,
    IllegalAction,
    Player,
    Strike,
    UseAbility,
)
from analysis.battle.board import AUX, square
from tests.battle_helpers import Scripted, card

P1_BACK = square(0, 2)    # the First player's 3rd row, centre
P1_MID = square(1, 2)
P1_FRONT = square(2, 2)
P2_FRONT = square(3, 2)
P2_MID = square(4, 2)
P2_BACK = square(5, 2)


def facts(*abilities: str, **card_fields) -> str:
    """An abilities entry body: status full and the given inline ability tables."""
    head = "".join(f"{k} = {v}\n" for k, v in card_fields.items())
    return head + 'status = "full"\nabilities = [\n' + "".join(f"  {a},\n" for a in abilities) + "]"


def shooter(ability: str, **kw):
    return card("Shooter", strike=(1, 1, 1), life=10, abilities=facts(ability), **kw)


def start(a, b, placements, dice=(), p1=None, p2=None, **config) -> Battle:
    """A battle at the start of the First player's first turn."""
    battle = Battle((a, b), (p1 or Scripted(), p2 or Scripted()), dice=dice, placements=placements,
                    config=BattleConfig(**config))
    battle._start_turn()
    return battle


SHOT = '{ kind = "shot", damage = [1, 2, 3], range = 3, cost = "tap" }'


def test_shot_range_adjacency_and_damage_by_roll():
    """Glossary "Range X" (any direction), "Ranged attack" (never adjacent), "Shot at X-Y-Z"
    (1-3 X, 4-5 Y, 6 Z); the shooter closes (000 2.4)."""
    for die, wounds in ((1, 1), (3, 1), (4, 2), (5, 2), (6, 3)):
        b = start([shooter(SHOT)], [card(life=10)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[die])
        assert b.ability_targets(0, 0) == [1]          # 3 squares away: in range
        b.apply(UseAbility(0, 0, (1,)))
        assert b.wounds[1] == wounds and not b.open[0] and b.acted[0]
    b = start([shooter(SHOT)], [card(life=10)], ({0: P1_BACK}, {1: P2_MID}))
    assert b.ability_targets(0, 0) == []               # 4 squares away
    with pytest.raises(IllegalAction):
        b.apply(UseAbility(0, 0, (1,)))
    b = start([shooter(SHOT)], [card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT}))
    assert b.ability_targets(0, 0) == []               # adjacent
    diagonal = start([shooter(SHOT)], [card(life=10)], ({0: square(0, 1)}, {1: square(3, 3)}))
    assert diagonal.ability_targets(0, 0) == [1]       # 3 rows and 2 columns: range 3


def test_shots_reach_flyers_whatever_the_range_and_no_defender():
    """000 2.1.2: a shot, discharge, throw, spell or effect reaches a card in the auxiliary zone
    regardless of range; 4.11: defenders only against simple strikes."""
    short = '{ kind = "shot", damage = [2], range = 1, cost = "tap" }'
    flyer, guard = card(type="flyer", move=0, life=10), card(type="flyer", move=0, life=10)
    p2 = Scripted(defender=2)
    b = start([shooter(short)], [flyer, guard], ({0: P1_BACK}, {1: P2_BACK, 2: P2_MID}), p2=p2)
    assert b.pos[1] == AUX and b.ability_targets(0, 0) == [1, 2]
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2 and p2.defender_calls == []


def test_protections_armor_and_magic():
    """Glossary: "Protection from shots"; "Throw": protection from shots does not protect from
    throws; "Protection from magic" covers discharges; "Armor X" stops non-magical attacks only;
    "Discharge" is magical."""
    cases = [
        ('{ kind = "shot", damage = [3], cost = "tap" }', {"prot_shots": 1}, 0),
        ('{ kind = "throw", damage = [3], cost = "tap" }', {"prot_shots": 1}, 3),
        ('{ kind = "throw", damage = [3], cost = "tap" }', {"prot_throws": 1}, 0),
        ('{ kind = "discharge", damage = [3], cost = "tap" }', {"prot_magic": 1}, 0),
        ('{ kind = "discharge", damage = [3], cost = "tap" }', {"prot_discharges": 1}, 0),
        ('{ kind = "discharge", damage = [3], cost = "tap" }', {"armor": 2}, 3),
        ('{ kind = "shot", damage = [3], cost = "tap" }', {"armor": 2}, 1),
        ('{ kind = "spell", damage = [3], cost = "tap" }', {"prot_spells": 1}, 0),
        ('{ kind = "spell", damage = [3], cost = "tap" }', {"fortitude": 1}, 3),
        ('{ kind = "effect", damage = [3], cost = "tap" }', {"fortitude": 1}, 0),
        ('{ kind = "effect", damage = [3], cost = "tap" }', {"prot_magic": 1}, 3),
    ]
    for ability, keywords, wounds in cases:
        b = start([shooter(ability)], [card(life=10, **keywords)], ({0: P1_BACK}, {1: P2_FRONT}))
        b.apply(UseAbility(0, 0, (1,)))
        assert b.wounds[1] == wounds, (ability, keywords)


def test_reduce_and_protection_facts():
    """Glossary "−X from attack": the target lowers the power; "Protection from [text]"."""
    tough = card(life=10, abilities=facts('{ kind = "reduce", damage = [1], from = ["ranged"] }'))
    shot = shooter('{ kind = "shot", damage = [3], cost = "tap" }')
    b = start([shot], [tough], ({0: P1_BACK}, {1: P2_FRONT}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2
    warded = card(life=10, abilities=facts('{ kind = "protection", from = ["magic"] }'))
    spell = shooter('{ kind = "spell", damage = [3], cost = "tap" }')
    b = start([spell], [warded], ({0: P1_BACK}, {1: P2_FRONT}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 0


def test_experience_in_shooting_and_blessing_on_the_die():
    """Glossary "Experience in shooting" (+X to a shot's die), "Blessing" (+1 to any roll); 000
    2.14: the result is clamped to 6."""
    b = start([shooter(SHOT, exp_shooting=2)], [card(life=10)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[3])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2  # 3 + 2 = 5: medium
    blessed = card("Blessed", strike=(1, 1, 1), life=10,
                   abilities=facts(SHOT, '{ kind = "blessing" }'))
    b = start([blessed], [card(life=10)], ({0: P1_BACK}, {1: P2_FRONT}), dice=[5])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 3  # 5 + 1 = 6: strong


def test_strike_through_a_row_geometry():
    """Glossary "Strike through a row": two squares vertically or horizontally, through an own card
    or an empty square, never through an enemy card or diagonally; power 1 if not stated; as against
    a closed card (one die: here none, the power is fixed)."""
    str_ = '{ kind = "strike_through_row", cost = "tap" }'
    hero = card("Pikeman", abilities=facts(str_))
    assert hero.abilities.abilities[0].damage == (1,)
    friend, foe, far = card(), card(life=10), card(life=10)
    # own card in between (P1 front), target in the enemy's front row
    b = start([hero, friend], [foe], ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT}))
    assert b.ability_targets(0, 0) == [2]
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 1
    # an enemy card in between blocks it
    b = start([hero], [foe, far], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_MID}))
    assert b.ability_targets(0, 0) == []
    # an empty square in between, but diagonal: no
    b = start([hero], [foe], ({0: square(1, 1)}, {1: P2_FRONT}))
    assert b.ability_targets(0, 0) == []


def test_magic_strike_no_defender_one_die_armor_does_not_apply():
    """000 L212 / L792 (glossary "Magic strike"): a close magical attack; no defender; only the
    attacker fights, as against a closed card (4.9); armor stops non-magical attacks only."""
    witch = card("Witch", strike=(1, 1, 1),
                 abilities=facts('{ kind = "magic_strike", damage = [1, 2, 3], cost = "tap" }'))
    target, guard = card(life=10, armor=2), card(life=10)
    p2 = Scripted(defender=2)
    b = start([witch], [target, guard], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}), dice=[6], p2=p2)
    assert b.ability_targets(0, 0) == [1, 2]
    b.apply(UseAbility(0, 0, (1,)))   # exactly one die: a second would raise StopIteration
    assert b.wounds[1] == 3 and b.wounds[0] == 0 and p2.defender_calls == []


def test_special_strike_unanswerable_and_unaffected_by_strike_modifiers():
    """Glossary "Special strike": close, non-magical, always unanswerable; abilities influencing a
    simple strike do not influence it; armor applies."""
    monk = card("Monk", abilities=facts('{ kind = "special_strike", damage = [3], cost = "tap" }',
                                        '{ kind = "strike_bonus", damage = [5] }'))
    b = start([monk], [card(life=10, armor=1)], ({0: P1_FRONT}, {1: P2_FRONT}))
    b.apply(UseAbility(0, 0, (1,)))
    assert (b.wounds[1], b.wounds[0]) == (2, 0)


def test_unanswerable_fact_lets_no_defender_and_the_target_does_not_fight():
    """000 4.11, L409, L622: no defender against an unanswerable strike; the target does not fight."""
    brute = card("Brute", strike=(2, 3, 4), abilities=facts('{ kind = "unanswerable" }'))
    p2 = Scripted(defender=2)
    b = start([brute], [card(life=10), card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}),
              dice=[6], p2=p2)
    assert b.defenders(0, 1) == []
    b.apply(Strike(0, 1))       # one die only
    assert (b.wounds[1], b.wounds[0]) == (4, 0) and p2.defender_calls == []


def test_uht_icon_alone_leaves_the_strike_answerable():
    """Issue 9 audit: the ``uht`` icon marks a text; without an ``unanswerable`` fact the target
    parries and a defender may be appointed."""
    marked = card("Marked", strike=(2, 3, 4), unanswerable_strike=1)
    p2 = Scripted(defender=2)
    b = start([marked], [card(life=10), card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)}),
              dice=[6, 2], p2=p2)
    assert b.defenders(0, 1) == [2]
    b.apply(Strike(0, 1))
    assert p2.defender_calls == [(0, 1, [2])] and (b.wounds[2], b.wounds[0]) == (4, 1)  # d = 4


def test_mht_icon_alone_does_not_pierce_armor():
    """Issue 9 audit: the ``mht`` icon gives no magical simple strike; ``simple_magic`` does."""
    for extra, wounds in (({"magic_strike": 1}, 1), ({"abilities": facts('{ kind = "simple_magic" }')}, 2)):
        att = card("A", strike=(2, 2, 2), **extra)
        b = start([att], [card(life=10, armor=1)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1])
        b.apply(Strike(0, 1))   # d = 0, both ≤ 4: the attacker's weak strike
        assert b.wounds[1] == wounds


def test_cur_icon_alone_gives_no_minus_one():
    """Issue 9 audit: a card with only the ``cur`` icon rolls without −1; a ``curse`` fact gives it
    (glossary "Curse"). Against a closed card a 4 is a medium strike, a 3 a weak one (4.9)."""
    for extra, wounds in (({"curse": 1}, 3), ({"abilities": facts('{ kind = "curse" }')}, 2)):
        att = card("C", strike=(2, 3, 4), **extra)
        b = start([att], [card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[4])
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == wounds


def test_strike_bonus_against_an_element_only():
    """A conditional fact acts only against matching cards (``vs_elements``)."""
    hunter = card("Hunter", strike=(1, 1, 1), abilities=facts('{ kind = "strike_bonus", damage = [2], '
                                                             'vs_elements = ["mountains"] }'))
    for elements, wounds in ((("mountains",), 3), (("forests",), 1)):
        b = start([hunter], [card(life=10, elements=elements)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == wounds


def test_counters_accumulate_pay_and_cap():
    """000 1.11: counters pay for abilities; 1.11.1: a card with a counter cost may "[tap]:
    accumulate 1 counter"; "Maximum tokens"; a counter-only cost is not an action (2.6)."""
    mage = card("Mage", abilities=facts('{ kind = "spell", damage = [2], cost = "counter_tap" }',
                                        '{ kind = "heal", damage = [1], cost = "counter", target = "self" }',
                                        max_counters=2))
    b = start([mage], [card(life=10)], ({0: P1_BACK}, {1: P2_FRONT}))
    assert b.counters[0] == 0 and b.ability_targets(0, 0) == []
    assert Accumulate(0) in b.legal_actions()
    b.apply(Accumulate(0))
    assert b.counters[0] == 1 and not b.open[0]
    with pytest.raises(IllegalAction):
        b.apply(Accumulate(0))     # closed: it has acted
    b.counters[0] = 2
    b.open[0], b.acted[0] = True, False
    assert not b.can_accumulate(0)  # at its maximum
    b.wounds[0] = 3
    b.apply(UseAbility(0, 1, (0,)))  # counter only: heals, does not close
    assert (b.wounds[0], b.counters[0], b.open[0]) == (2, 1, True)
    b.apply(UseAbility(0, 0, (1,)))  # counter + tap
    assert (b.wounds[1], b.counters[0], b.open[0]) == (2, 0, False)


def test_start_counters_by_seat():
    entry = facts('{ kind = "shot", damage = [1], cost = "counter_tap" }', start_counters=1,
                  start_counters_second=1)
    a, b_ = card("S", abilities=entry), card("S", abilities=entry)
    b = start([a], [b_], ({0: P1_BACK}, {1: P2_BACK}))
    assert b.counters == [1, 2]


def test_uses_per_battle_and_seat_marks():
    once = shooter('{ kind = "shot", damage = [1], cost = "counter", uses_per_battle = 1 }')
    b = start([once], [card(life=10)], ({0: P1_BACK}, {1: P2_FRONT}))
    b.counters[0] = 3
    b.apply(UseAbility(0, 0, (1,)))
    assert b.ability_targets(0, 0) == [] and b.counters[0] == 2
    second_only = shooter('{ kind = "shot", damage = [1], cost = "tap", seat = "second" }')
    b = start([second_only], [card(life=10)], ({0: P1_BACK}, {1: P2_FRONT}))
    assert b.ability_targets(0, 0) == []


def test_several_different_targets():
    """"Three discharges on different creatures": ``targets`` = 3, different cards."""
    volley = shooter('{ kind = "discharge", damage = [1], cost = "tap", targets = 2 }')
    foes = [card(life=10), card(life=10), card(life=10)]
    b = start([volley], foes, ({0: P1_BACK}, {1: square(3, 1), 2: P2_FRONT, 3: square(3, 3)}))
    uses = [a for a in b.legal_actions() if isinstance(a, UseAbility)]
    assert len(uses) == 3 and all(len(a.targets) == 2 for a in uses)   # C(3, 2)
    with pytest.raises(IllegalAction):
        b.apply(UseAbility(0, 0, (1, 1)))
    with pytest.raises(IllegalAction):
        b.apply(UseAbility(0, 0, (1, 2, 3)))
    b.apply(UseAbility(0, 0, (1, 3)))
    assert b.wounds[1:] == [1, 0, 1]


def test_poison_on_strike_and_at_turn_start():
    """Glossary "Poisoning at X": at the start of its turn an open creature takes X wounds; several
    poisonings do not add up (the largest applies); protection from poison blocks it."""
    viper = card("Viper", strike=(1, 1, 1),
                 abilities=facts('{ kind = "poison", damage = [2], cost = "trigger", '
                                                            'trigger = "strike" }'))
    victim, immune = card(life=10), card(life=10, prot_poison=1)
    for target, poisoned in ((victim, 2), (immune, 0)):
        b = start([viper], [target], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == 1 and b.poison[1] == poisoned
        b.apply(END_TURN)                       # the Second player's turn starts: poison wounds
        assert b.wounds[1] == 1 + poisoned
    b = start([viper], [victim], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    b.poison[1] = 3
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.poison[1] == 3


def test_death_trigger_strikes_from_where_the_card_stood():
    """000 glossary "On death": the ability is carried out although the card has left play."""
    martyr = card("Martyr", strike=(0, 0, 0), life=1,
                  abilities=facts('{ kind = "special_strike", damage = [2], cost = "trigger", '
                                  'trigger = "death" }'))
    killer = card("Killer", strike=(5, 5, 5), life=10)
    b = start([killer], [martyr], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[0] == 2


def test_turn_start_gain_counter_and_battle_start_shot():
    saver = card("Saver", abilities=facts('{ kind = "gain_counter", damage = [1], cost = "trigger", '
                                          'trigger = "turn_start" }',
                                          '{ kind = "shot", damage = [1], cost = "counter" }'))
    opener = card("Opener", abilities=facts('{ kind = "shot", damage = [2], cost = "trigger", '
                                            'trigger = "battle_start" }'))
    b = start([saver, opener], [card(life=10)], ({0: P1_BACK, 1: P1_MID}, {2: P2_BACK}))
    assert b.wounds[2] == 2            # 3.13: at the beginning of the battle
    assert b.counters[0] == 1          # gained at the start of its first turn
    b.apply(END_TURN)
    assert b.counters[0] == 1          # not at the opponent's turn
    b.apply(END_TURN)
    assert b.counters[0] == 2


def test_kill_trigger():
    reaper = card("Reaper", strike=(5, 5, 5), life=10,
                  abilities=facts('{ kind = "gain_counter", damage = [2], cost = "trigger", '
                                  'trigger = "kill" }'))
    b = start([reaper], [card(life=3), card(life=3)], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6])
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.counters[0] == 2


def test_hidden_target_with_a_failing_condition_is_blocked():
    """Glossary "Hidden card": a legal target for any action; if it turns out illegal, the action is
    blocked (paid for, no wounds)."""
    picky = shooter('{ kind = "shot", damage = [3], cost = "tap", vs_elements = ["swamps"] }')
    hidden = card(life=10, elements=("forests",))
    b = Battle(([picky], [card(), hidden]), (Scripted(), Scripted(hide=[2])),
               placements=({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}))
    b._start_turn()
    assert b.hidden[2] and 2 in b.ability_targets(0, 0)
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 0 and not b.hidden[2] and not b.open[0]


def test_timeout_counts_terrain():
    """000 7.3: the total cost of the squad under a player's control, terrain included."""
    far = ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK})
    land = card(type="terrain", strike=None, life=None, cost=3)
    result = Battle(([card(cost=3), land], [card(cost=5)]), (Player(), Player()), placements=far,
                    config=BattleConfig(stall_rounds=0, max_rounds=2)).run()
    assert (result.winner, result.reason) == (0, "timeout_cost")


def test_outcomes_are_exact_and_apply_their_draws():
    """``outcomes`` lists the dice with distinct effects and sums to 1; applying each outcome's
    draws gives the effect it stands for."""
    b = start([shooter(SHOT)], [card(life=10, armor=1)], ({0: P1_BACK}, {1: P2_FRONT}))
    action = UseAbility(0, 0, (1,))
    outs = b.outcomes(action)
    assert abs(sum(p for p, _ in outs) - 1) < 1e-12
    seen = {}
    for p, draws in outs:
        c = b.clone()
        c.apply(action, draws)
        seen[c.wounds[1]] = p
    assert seen == pytest.approx({0: 0.5, 1: 1 / 3, 2: 1 / 6})   # 1-2-3 less armor 1
    assert b.wounds[1] == 0 and b.open[0]                            # the clones are independent
    strike = Strike(0, 1)
    b2 = start([card(strike=(2, 3, 4), life=10)], [card(life=10)], ({0: P1_FRONT}, {1: P2_FRONT}))
    total = 0.0
    for p, draws in b2.outcomes(strike):
        c = b2.clone()
        c.apply(strike, draws)
        total += p
    assert abs(total - 1) < 1e-12 and len(b2.outcomes(strike)) < 36
