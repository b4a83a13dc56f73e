"""Duels: hand-computed cases and an independent exact recursion (fractions) as the oracle."""

from __future__ import annotations

from fractions import Fraction as F
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as s

from analysis.combat.duel import duel
from analysis.combat.strike import fighter_from_stats, strike_space
from analysis.util.errors import BerserkInputError


def oracle(a, b, model, policy, weaken, max_turns):
    """Plain recursion over (turns left, mover, wounds, waiting creature open) with exact fractions.

    Written from the rules directly (not vectorised): the mover opens and regenerates, then attacks
    (closing itself) or, under ``optimal``, holds back (staying open)."""
    fighters = (a, b)

    @cache
    def value(n, mover, w0, w1, other_open):
        if n == 0:
            return (F(0), F(0), F(0))
        w = [w0, w1]
        w[mover] = max(0, w[mover] - fighters[mover].regeneration)

        def after(pair):
            dealt, taken = pair
            ww = list(w)
            ww[1 - mover] += dealt
            ww[mover] += taken
            dead_a, dead_b = ww[0] >= a.life, ww[1] >= b.life
            if dead_a and dead_b:
                return (F(0), F(0), F(1))
            if dead_a:
                return (F(0), F(1), F(0))
            if dead_b:
                return (F(1), F(0), F(0))
            return value(n - 1, 1 - mover, ww[0], ww[1], False)

        space = strike_space(fighters[mover], fighters[1 - mover], model, not other_open)
        attack = [F(0)] * 3
        for br in space.branches:
            v = after(br.plain)
            if br.weakened is not None and weaken != "never":
                vw = after(br.weakened)
                own = mover if br.chooser == "attacker" else 1 - mover
                if weaken == "always" or vw[own] > v[own]:
                    v = vw
            attack = [x + F(br.weight, space.denominator) * y for x, y in zip(attack, v, strict=True)]
        attack = tuple(attack)
        if policy == "always_attack":
            return attack
        hold = value(n - 1, 1 - mover, w[0], w[1], True)
        own, opp = mover, 1 - mover
        if hold[own] > attack[own] or (hold[own] == attack[own] and hold[opp] < attack[opp]):
            return hold
        return attack

    return value(max_turns, 0, 0, 0, True)


def close(result, exact, tol=1e-12):
    return (abs(result.first_wins - float(exact[0])) < tol and abs(result.second_wins - float(exact[1])) < tol
            and abs(result.both_die - float(exact[2])) < tol)


def test_one_life_duel_by_hand():
    # Two 1-1-1 creatures with 1 life. Turn 1: A strikes the open B (36 die pairs).
    one = fighter_from_stats("1-1-1", 1)
    # never weaken: A alone strikes on d = 5, 3, 1, −1 and d = 0 low: 1 + 3 + 5 + 5 + 4 = 18;
    # both strike on d = 4, 2, −4: 2 + 4 + 2 = 8; B alone on d = 0 high, −3, −5: 2 + 3 + 1 = 6;
    # nobody on d = −2 (4), and then B's closed-target strike always wounds: B wins.
    r = duel(one, one, weaken="never")
    assert close(r, (F(18, 36), F(6 + 4, 36), F(8, 36)))
    assert r.policy == "always_attack" and r.weaken == "never"
    # always / best: on d = 4, 2 A weakens to a lone strike (wins); on d = −4 B weakens to a lone
    # return strike (B wins). best = always here because each side then wins outright.
    for weaken in ("always", "best"):
        r = duel(one, one, weaken=weaken)
        assert close(r, (F(18 + 6, 36), F(10 + 2, 36), F(0)))


def test_nobody_can_wound_is_undecided():
    zero = fighter_from_stats("0-0-0", 3)
    r = duel(zero, zero, max_turns=50)
    assert r.undecided == pytest.approx(1.0) and r.first_wins == 0 == r.second_wins


def test_armor_and_regeneration():
    # A's strikes never exceed 1, B's armor 1 soaks them: A never wins.
    a = fighter_from_stats("1-1-1", 3)
    armored = fighter_from_stats("1-1-1", 3, {"armor": 1})
    r = duel(a, armored)
    assert r.first_wins == 0 and r.second_wins == pytest.approx(1.0)
    # B heals 1 at the start of each of its turns and takes at most 1 a turn: B never dies.
    regen = fighter_from_stats("1-1-1", 2, {"regeneration": 1})
    r = duel(a, regen, max_turns=40)
    assert r.first_wins == 0 and r.both_die == 0
    assert r.second_wins + r.undecided == pytest.approx(1.0)
    assert close(r, oracle(a, regen, "strike_table", "always_attack", "best", 40))


def test_horizon_counts_both_players_turns():
    # 0-0-0 cannot hurt; A deals exactly 1 per closed strike. B (life 3) takes A's 1st, 2nd, 3rd attack
    # on turns 1, 3, 5: with 4 turns A cannot have won unless the open exchange dealt more.
    a = fighter_from_stats("1-1-1", 5, {"exp_attack": 6})  # d ≥ 5 against the open 0-0-0 too
    target = fighter_from_stats("0-0-0", 3)
    assert duel(a, target, max_turns=4).first_wins == 0
    assert duel(a, target, max_turns=5).first_wins == pytest.approx(1.0)


@pytest.mark.parametrize("model", ["strike_table", "defence_die"])
@pytest.mark.parametrize("policy", ["always_attack", "optimal"])
def test_against_oracle_fixed_cases(model, policy):
    a = fighter_from_stats("2-3-4", 7, {"exp_attack": 1, "regeneration": 1})
    b = fighter_from_stats("1-3-5", 8, {"armor": 1, "exp_defence": 1})
    for weaken in ("never", "always", "best"):
        r = duel(a, b, model, policy, weaken, max_turns=16)
        assert close(r, oracle(a, b, model, policy, weaken, 16))
        assert r.first_wins + r.second_wins + r.both_die + r.undecided == pytest.approx(1.0)


fighters = s.builds(
    lambda x, y, z, life, ea, ed, armor, regen, curse: fighter_from_stats(
        (x, x + y, x + y + z), life,
        {"exp_attack": ea, "exp_defence": ed, "armor": armor, "regeneration": regen, "curse": curse},
    ),
    s.integers(0, 3), s.integers(0, 2), s.integers(0, 2), s.integers(1, 6), s.integers(0, 2),
    s.integers(0, 1), s.integers(0, 1), s.integers(0, 2), s.integers(0, 1),
)


@settings(max_examples=25, deadline=None)
@given(fighters, fighters, s.sampled_from(["strike_table", "defence_die"]),
       s.sampled_from(["always_attack", "optimal"]), s.sampled_from(["never", "always", "best"]),
       s.integers(0, 12))
def test_against_oracle_random(a, b, model, policy, weaken, turns):
    assert close(duel(a, b, model, policy, weaken, turns), oracle(a, b, model, policy, weaken, turns))


def test_long_horizon_is_stationary_without_regeneration():
    # Without regeneration every attack wounds (strike ≥ 1, no armor), so all duels end by turn 20.
    a, b = fighter_from_stats("1-2-3", 9), fighter_from_stats("2-2-3", 8)
    short, long = duel(a, b, max_turns=20), duel(a, b, max_turns=61)
    assert short.first_wins == pytest.approx(long.first_wins, abs=1e-15)
    assert short.second_wins == pytest.approx(long.second_wins, abs=1e-15)
    assert long.undecided == pytest.approx(0.0, abs=1e-12)
    assert close(short, oracle(a, b, "strike_table", "always_attack", "best", 20))


def test_bad_input():
    a = fighter_from_stats("1-2-3", 9)
    with pytest.raises(BerserkInputError):
        duel(a, a, policy="sometimes")
    with pytest.raises(BerserkInputError):
        duel(a, a, weaken="maybe")
