"""Rule scenarios with fixed dice (000 Parts 3, 4, 7; RULES.md §4, §6)."""

from __future__ import annotations

import pytest

from analysis.battle import Battle, BattleConfig, IllegalAction, Move, Player, Strike
from analysis.battle.board import AUX, PLACEMENT_TIERS, placement_problem, square
from tests.battle_helpers import Scripted, card

P1_FRONT = square(2, 2)   # the First player's 1st row, centre
P2_FRONT = square(3, 2)   # the Second player's 1st row, centre


def battle(a, b, pa, pb, placements, dice=(), **config):
    return Battle((a, b), (pa, pb), dice=dice, placements=placements, config=BattleConfig(**config))


def test_placement_tiers():
    centre = list(PLACEMENT_TIERS[0][0])
    assert len(centre) == 9 and P1_FRONT in centre
    assert placement_problem(0, [square(0, 0)]) is not None          # edge before the centre is full
    assert placement_problem(0, centre + [square(0, 0)]) is None      # then the edges of rows 2-3
    assert placement_problem(0, centre + [square(2, 0)]) is not None  # 1st-row edges come last
    assert placement_problem(1, [square(3, 0)]) is None               # 000 3.10: Second player's 1st row
    assert placement_problem(1, [square(4, 0)]) is not None           # edges of rows 2-3 come last
    assert placement_problem(0, [square(3, 2)]) is not None           # not his half
    with pytest.raises(IllegalAction):
        battle([card()], [card()], Player(), Player(), ({0: square(0, 0)}, {1: P2_FRONT}))


def test_default_placements_are_legal():
    for n in range(1, 16):
        b = Battle(([card()] * n, [card()] * n), (Player(), Player()))
        for seat in (0, 1):
            squares = [b.pos[u] for u in range(b.n) if b.seat[u] == seat]
            assert placement_problem(seat, squares) is None


def test_open_exchange_and_weakening():
    att, par = card(strike=(2, 3, 4), life=10), card(strike=(1, 2, 3), life=10)
    for weaken, expected in ((False, (4, 1)), (True, (3, 0))):
        p1 = Scripted([[("strike", 0, 1)]], weaken=weaken)
        b = battle([att], [par], p1, Scripted(), ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 2])
        b.run()
        # d = 4: strong for the attacker, weak back; the attacker rolled higher and may weaken.
        assert (b.wounds[1], b.wounds[0]) == expected
        assert p1.weaken_calls == [(0, (4, 1), (3, 0))]
        assert b.result().reason == "stall"


def test_closed_parrier_rolls_no_die():
    a, t = card(strike=(2, 3, 4), life=10), card(strike=(1, 2, 3), life=10)
    p1 = Scripted([[("strike", 0, 1)]])   # dice 1 and 1: d = 0, both ≤ 4 → weak for the attacker
    p2 = Scripted([[("strike", 1, 0)]])   # the attacker is closed now: only one die
    b = battle([a], [t], p1, p2, ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1, 6])
    b.run()  # exactly three dice: a die for the closed attacker would raise StopIteration
    assert b.wounds[1] == 2
    assert b.wounds[0] == 3  # 000 4.9: a 6 against a closed card is a strong strike


def test_defender_adjacent_to_both():
    att = card(strike=(2, 3, 4), life=10)
    target, guard, far = card(life=10), card(life=10), card(life=10)
    placements = ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1), 3: square(4, 2)})
    p2 = Scripted(defender=2)
    b = battle([att], [target, guard, far], Scripted([[("strike", 0, 1)]]), p2, placements, dice=[6, 2])
    b._start_turn()
    b.players[0].play_turn(b)
    assert p2.defender_calls == [(0, 1, [2])]  # unit 3 is next to the target only
    assert b.wounds[1] == 0 and (b.wounds[2], b.wounds[0]) == (4, 1)  # the defender parried (d = 4)
    assert not b.open[2] and b.open[1]  # 4.14: the defender closes


def test_directed_strike_allows_no_defender():
    att = card(strike=(2, 3, 4), life=10, directed_strike=1)
    placements = ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)})
    p2 = Scripted(defender=2)
    b = battle([att], [card(life=10), card(life=10)], Scripted([[("strike", 0, 1)]]), p2, placements,
               dice=[6, 2])
    b.run()
    assert p2.defender_calls == []
    assert b.wounds[1] == 4


def test_flyers_only_rule_4_16():
    ground, flyer = card(strike=(2, 3, 4), life=10), card(type="flyer", life=10, move=0)
    placements = ({0: P1_FRONT}, {1: P2_FRONT})
    p1 = Scripted([[("prepare", 0)], [("strike", 0, 1)]])
    b = battle([ground], [flyer], p1, Scripted(), placements, dice=[6, 1])
    assert b.pos[1] == AUX
    b._start_turn()
    assert b.targets(0) == []
    with pytest.raises(IllegalAction):
        b.apply(Strike(0, 1))
    b.players[0].play_turn(b)                  # closes "for a strike against a flying creature"
    assert not b.open[0] and b.prepared[0] == 1
    b._end_turn()
    b._start_turn()
    assert b.targets(1) == [0]                 # a flyer may strike anything
    b._end_turn()
    b._start_turn()
    assert b.targets(0) == [1]
    b.players[0].play_turn(b)
    assert b.wounds[1] == 4 and b.prepared[0] == 0


def test_no_strike_on_flyers_while_ground_creatures_remain():
    placements = ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)})
    b = battle([card()], [card(type="flyer", move=0), card()], Scripted(), Scripted(), placements)
    b._start_turn()
    assert not b.can_prepare(0) and 1 not in b.targets(0)


def test_defenders_against_flyers():
    flyer = card(type="flyer", move=0, strike=(2, 3, 4), life=10)
    placements = ({0: P1_FRONT}, {1: P2_FRONT, 2: square(4, 2), 3: square(5, 1), 4: square(3, 0)})
    b = battle([flyer], [card(), card(), card(), card(type="flyer", move=0)], Scripted(), Scripted(),
               placements)
    b._start_turn()
    # 4.12: next to the target (unit 2), or another flyer (unit 4); unit 3 is too far.
    assert sorted(b.defenders(0, 1)) == [2, 4]
    # 4.13: for a flyer only another flyer (none here for unit 4).
    assert b.defenders(0, 4) == []


def test_armor_absorbs_per_turn_and_protection_from_flyers():
    att = card(strike=(2, 3, 4), life=10)
    b = battle([att], [card(life=10, armor=1)], Scripted([[("strike", 0, 1)]]), Scripted(),
               ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1])
    b.run()
    assert b.wounds[1] == 1   # weak 2, armor 1
    flyer = card(type="flyer", move=0, strike=(2, 3, 4), life=10)
    b = battle([flyer], [card(life=10, prot_flyers=1)], Scripted([[("strike", 0, 1)]]), Scripted(),
               ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 2])
    b.run()
    assert b.wounds[1] == 0 and b.wounds[0] == 1   # protected, the counter-strike still lands


def test_regeneration_heals_at_own_turn_start():
    att = card(strike=(2, 3, 4), life=10)
    b = battle([att], [card(life=10, regeneration=1)], Scripted([[("strike", 0, 1)]]), Scripted(),
               ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 1])
    b._start_turn()
    b.players[0].play_turn(b)
    assert b.wounds[1] == 4
    b._end_turn()
    b._start_turn()
    assert b.wounds[1] == 3


def test_death_and_victory():
    b = battle([card(strike=(5, 5, 5))], [card(life=4)], Scripted([[("strike", 0, 1)]]), Scripted(),
               ({0: P1_FRONT}, {1: P2_FRONT}), dice=[3, 3])
    result = b.run()
    assert not b.alive[1] and b.board[P2_FRONT] == -1
    assert (result.winner, result.reason, result.creatures_left) == (0, "elimination", (1, 0))


def test_mutual_death_is_a_draw():
    b = battle([card(strike=(2, 3, 4), life=1)], [card(strike=(1, 2, 3), life=1)],
               Scripted([[("strike", 0, 1)]]), Scripted(), ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 2])
    result = b.run()
    assert (result.winner, result.reason) == (None, "mutual")


def test_stall_draw_and_time_out():
    far = ({0: square(0, 2)}, {1: square(5, 2)})
    result = battle([card()], [card()], Scripted(), Scripted(), far).run()
    assert (result.winner, result.reason, result.turns) == (None, "stall", 10)  # 000 7.6
    cheap, dear = card(cost=3), card(cost=5)
    result = battle([cheap], [dear], Scripted(), Scripted(), far, stall_rounds=0, max_rounds=3).run()
    assert (result.winner, result.reason, result.turns) == (1, "timeout_cost", 6)  # 000 7.3
    result = battle([cheap], [cheap], Scripted(), Scripted(), far, stall_rounds=0, max_rounds=3).run()
    assert (result.winner, result.reason) == (None, "timeout_draw")  # 000 7.4
    result = battle([cheap], [dear], Scripted(), Scripted(), far, stall_rounds=0, max_rounds=3,
                    timeout_rule="draw").run()
    assert result.winner is None


def test_companion_rides_its_host_and_dies_with_it():
    host, rider = card(life=3), card(type="companion", move=0, life=5)
    placements = ({0: P1_FRONT, 1: square(1, 2)}, {2: P2_FRONT})
    p1 = Scripted([[("move", 0, square(1, 2))]])
    b = battle([host, rider], [card(strike=(3, 3, 3), move=2)], p1, Scripted(), placements, dice=[6, 1])
    assert b.host[1] == 0 and b.pos[1] == P1_FRONT and b.board[square(1, 2)] == -1  # 000 3.11
    b._start_turn()
    p1.play_turn(b)
    assert b.pos[0] == b.pos[1] == square(1, 2)   # the companion moves with its host
    b._end_turn()
    b._start_turn()
    assert b.targets(2) == []
    with pytest.raises(IllegalAction):
        b.apply(Strike(2, 0))  # not adjacent any more
    b.apply(Move(2, P1_FRONT))
    assert sorted(b.targets(2)) == [0, 1]   # the rider stands next to what stands next to its host
    b.apply(Strike(2, 0))  # d = 5: strong 3 kills the host; its companion dies with it
    assert not b.alive[0] and not b.alive[1]
    assert b.over and b.winner == 1


def test_hidden_third_row_until_first_turn_ends():
    placements = ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 2)})
    b = battle([card()], [card(), card()], Scripted(), Scripted(hide=[1, 2]), placements)
    assert b.hidden == [False, False, True]   # only the 3rd row may stay hidden (000 3.11.1)
    b._start_turn()
    b._end_turn()
    assert b.hidden == [False, False, False]


def test_cards_beyond_the_engine_bounds_are_refused():
    from analysis.util.errors import BerserkInputError

    with pytest.raises(BerserkInputError, match="outside what the battle engine supports"):
        Battle(([card(life=5000)], [card()]), (Player(), Player()))


def test_engine_strikes_follow_the_exact_odds():
    """The engine's seeded strikes reproduce the combat engine's exact distribution (open and closed)."""
    from collections import Counter

    from scipy.stats import chisquare

    from analysis.combat.strike import fighter_from_card, strike_odds

    att = card(strike=(2, 3, 5), life=60, exp_attack=1)
    par = card(strike=(1, 2, 4), life=60, exp_defence=2, blessing=1)
    b = Battle(([att], [par]), (Scripted(), Scripted()), seed=123,
               placements=({0: P1_FRONT}, {1: P2_FRONT}))
    b._start_turn()
    n = 12_000
    for closed in (False, True):
        seen: Counter = Counter()
        for _ in range(n):
            b.open[0], b.acted[0], b.open[1] = True, False, not closed
            b.wounds[0] = b.wounds[1] = 0
            b._turn_actions = 0  # (thousands of strikes in one turn: past the engine's per-turn bound)
            b.apply(Strike(0, 1))
            seen[(b.wounds[1], b.wounds[0])] += 1
        exact = strike_odds(fighter_from_card(att), fighter_from_card(par), closed=closed, weaken="never")
        expected = {(o.to_target, o.to_attacker): float(o.p) * n for o in exact.outcomes}
        assert set(seen) <= set(expected)
        keys = sorted(expected)
        assert chisquare([seen[k] for k in keys], [expected[k] for k in keys]).pvalue > 1e-4
