"""Duels with abilities, flyers (000 4.16), the approach and poisoning: the plan by hand, and the
exact DP against an independent plain recursion that follows the same plan."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as s

from analysis.combat.duel import duel
from analysis.combat.duel_plan import IDLE, PREPARE, SHOOT, STRIKE, plan_duel
from analysis.combat.strike import AbilityAttack, fighter_from_stats


def oracle(a, b, model, policy, weaken, max_turns):
    """Recursion over (turns left, wounds, waiting creature open) with exact fractions, following
    the plan: the mover opens, regenerates and takes its poisoning, then acts."""
    plan = plan_duel(a, b, model)
    fighters = (a, b)

    @cache
    def value(n, w0, w1, other_open):
        if n == 0:
            return (F(0), F(0), F(0))
        t = max_turns - n
        mover = t % 2
        me, other = fighters[mover], fighters[1 - mover]
        w = [w0, w1]
        w[mover] = max(0, w[mover] - me.regeneration) + plan.poison_on(t)
        if w[mover] >= me.life:  # killed by poisoning at the start of its turn
            return (F(0), F(1), F(0)) if mover == 0 else (F(1), F(0), F(0))
        action = plan.action(t)
        if action == PREPARE:
            return value(n - 1, w[0], w[1], False)
        if action == IDLE:
            return value(n - 1, w[0], w[1], True)

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
            return value(n - 1, ww[0], ww[1], False)

        choice = plan.side(mover).choice(action, other_open)
        space = choice.space(me, other, model, other_open)
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
        hold = value(n - 1, w[0], w[1], True)
        own, opp = mover, 1 - mover
        if hold[own] > attack[own] or (hold[own] == attack[own] and hold[opp] < attack[opp]):
            return hold
        return attack

    return value(max_turns, 0, 0, True)


def close(result, exact, tol=1e-12):
    return (abs(result.first_wins - float(exact[0])) < tol and abs(result.second_wins - float(exact[1])) < tol
            and abs(result.both_die - float(exact[2])) < tol)


SHOT = AbilityAttack("shot", (1, 2, 3))
MAGIC = AbilityAttack("magic_strike", (2, 2, 2))


def test_plans_by_hand():
    """The approach (a shooter shoots once, then is walked into), 000 4.16 against a flyer, and the
    choice of attack by mean wounds on a closed card."""
    melee = fighter_from_stats("2-3-4", 8)
    shooter = replace(fighter_from_stats("1-1-1", 6), attacks=(SHOT,))
    plan = plan_duel(shooter, melee, "strike_table")
    assert [plan.action(t) for t in range(5)] == [SHOOT, STRIKE, STRIKE, STRIKE, STRIKE]
    plan = plan_duel(melee, shooter, "strike_table")
    assert [plan.action(t) for t in range(4)] == [STRIKE] * 4          # walked into at once
    rooted = replace(melee, move=0)
    plan = plan_duel(shooter, rooted, "strike_table")
    assert [plan.action(t) for t in range(4)] == [SHOOT, IDLE, SHOOT, IDLE]
    both = plan_duel(shooter, shooter, "strike_table")
    assert [both.action(t) for t in range(3)] == [SHOOT] * 3
    flyer = replace(fighter_from_stats("1-2-2", 6), flyer=True)
    plan = plan_duel(melee, flyer, "strike_table")
    assert [plan.action(t) for t in range(6)] == [PREPARE, STRIKE, STRIKE, STRIKE, PREPARE, STRIKE]
    witch = replace(fighter_from_stats("1-1-1", 6), attacks=(MAGIC,))
    plan = plan_duel(witch, replace(melee, armor=1), "strike_table")
    assert plan.first.strike_closed.label == "magic strike"     # 2 through armor beats 1-1-1 less 1


def test_a_shooter_against_a_rooted_creature_cannot_lose():
    shooter = replace(fighter_from_stats("1-1-1", 6), attacks=(SHOT,))
    rooted = replace(fighter_from_stats("5-5-5", 6), move=0)
    r = duel(shooter, rooted)
    assert r.second_wins == 0 and r.first_wins > 0.999


def test_poisoning_wounds_at_the_start_of_each_turn():
    """Glossary "Poisoning at X": the poisoned creature takes X wounds at the start of each of its
    turns. A harmless 0-0-0 target (life 6) moves first; the viper (1-1-1, poison 2) strikes it on
    turns 1 and 3, poisoning wounds it on turns 2 and 4: 1 + 2 + 1 + 2 = 6 by the start of turn 4,
    whatever the first exchange did (at most 1 more)."""
    viper = replace(fighter_from_stats("1-1-1", 20), poison=2)
    target = fighter_from_stats("0-0-0", 6)
    plan = plan_duel(target, viper, "strike_table")
    assert [plan.poison_on(t) for t in range(5)] == [0, 0, 2, 0, 2]
    assert close(duel(target, viper, max_turns=5), (0, 1, 0))
    assert close(duel(target, viper, max_turns=4), (0, 0, 0))
    immune = replace(target, guards=frozenset({"poison"}))
    assert plan_duel(immune, viper, "strike_table").poison_on(2) == 0


fighters = s.builds(
    lambda strike, life, regen, armor, flyer, move, attack, poison, guard: replace(
        fighter_from_stats(strike, life, {"regeneration": regen, "armor": armor}),
        flyer=flyer, move=move, attacks=attack, poison=poison, guards=guard),
    s.tuples(s.integers(0, 3), s.integers(0, 3), s.integers(0, 4)).map(sorted).map(tuple),
    s.integers(1, 6), s.integers(0, 1), s.integers(0, 1), s.booleans(), s.integers(0, 1),
    s.sampled_from([(), (SHOT,), (MAGIC,), (AbilityAttack("discharge", (1, 1, 2), 1, 3),),
                    (AbilityAttack("spell", (2, 2, 2)), SHOT)]),
    s.sampled_from([0, 0, 1, 2]),
    s.sampled_from([frozenset(), frozenset({"shot"}), frozenset({"poison", "magic_strike"})]),
)


@settings(max_examples=120, deadline=None)
@given(a=fighters, b=fighters, policy=s.sampled_from(["always_attack", "optimal"]),
       weaken=s.sampled_from(["never", "always", "best"]), max_turns=s.integers(1, 14))
def test_duel_follows_its_plan_exactly(a, b, policy, weaken, max_turns):
    r = duel(a, b, policy=policy, weaken=weaken, max_turns=max_turns)
    assert close(r, oracle(a, b, "strike_table", policy, weaken, max_turns))


@settings(max_examples=40, deadline=None)
@given(a=fighters, b=fighters)
def test_long_duels_reach_the_stationary_shortcut_correctly(a, b):
    """With 100 turns the DP jumps over the repeating middle; the oracle does not."""
    r = duel(a, b, max_turns=40)
    assert close(r, oracle(a, b, "strike_table", "always_attack", "best", 40), tol=1e-9)


def test_simulated_duels_follow_the_same_plan():
    """Monte Carlo duels (seeded, 95 % Wilson intervals) contain the exact figures for plans with a
    shot, 000 4.16 and poisoning, under both policies."""
    from analysis.combat.monte_carlo import simulate_duels

    shooter = replace(fighter_from_stats("1-2-2", 7), attacks=(SHOT,))
    melee = replace(fighter_from_stats("2-3-3", 9, {"regeneration": 1}), poison=1)
    flyer = replace(fighter_from_stats("1-2-3", 6), flyer=True)
    for a, b in ((shooter, melee), (melee, flyer), (flyer, melee)):
        for policy in ("always_attack", "optimal"):
            exact = duel(a, b, policy=policy, max_turns=30)
            sim = simulate_duels(a, b, n=40_000, seed=3, policy=policy, max_turns=30)
            assert sim.first_wins.lo <= exact.first_wins <= sim.first_wins.hi, (a.name, b.name, policy)
            assert sim.second_wins.lo <= exact.second_wins <= sim.second_wins.hi, (a.name, b.name, policy)


@settings(max_examples=25, deadline=None)
@given(fs=s.lists(fighters, min_size=2, max_size=5), model=s.sampled_from(["strike_table", "defence_die"]),
       weaken=s.sampled_from(["never", "always", "best"]), max_turns=s.integers(1, 30))
def test_the_duel_matrix_equals_the_dp_with_abilities(fs, model, weaken, max_turns):
    """The ratings' all-pairs computation (independent wound processes after the first blow,
    event automata) equals the exact DP for every plan."""
    from analysis.combat.duel_matrix import duel_matrix

    m = duel_matrix(fs, fs, model, weaken, max_turns)
    for i, a in enumerate(fs):
        for j, b in enumerate(fs):
            r = duel(a, b, model, "always_attack", weaken, max_turns)
            assert abs(m.first_wins[i, j] - r.first_wins) < 1e-9
            assert abs(m.second_wins[i, j] - r.second_wins) < 1e-9
            assert abs(m.both_die[i, j] - r.both_die) < 1e-9


def test_the_duel_matrix_keeps_an_exact_weakening_tie_as_the_dp():
    """A hypothesis example (regression): the flyer 0-0-1/1 strikes the open shooter 1-1-1/1
    (shot 1-2-3). On d = 4 (2 ways of 36) both die; weakening (000 4.5) to medium/— leaves both
    alive, and the shot then kills the flyer for sure, so the attacker's winning chance is 0 either
    way: a tie, and ``best`` does not weaken. The matrix read the tie as a gain through float
    rounding (the shot's sixths sum to 1 − 1e-16) and gave the shooter 35/36 instead of 33/36."""
    from analysis.combat.duel_matrix import duel_matrix

    def fighter(strike, flyer, attacks):
        return replace(fighter_from_stats(strike, 1, {"regeneration": 0, "armor": 0}), flyer=flyer, move=0,
                       attacks=attacks, poison=0, guards=frozenset())

    fs = [fighter((0, 0, 0), False, ()), fighter((0, 0, 1), True, ()),
          fighter((1, 1, 1), False, (AbilityAttack(kind="shot", damage=(1, 2, 3), roll=0, range=None),))]
    r = duel(fs[1], fs[2], "strike_table", "always_attack", "best", 3)
    assert close(r, (F(1, 36), F(33, 36), F(2, 36)), tol=1e-12)
    m = duel_matrix(fs, fs, "strike_table", "best", 3)
    for i, a in enumerate(fs):
        for j, b in enumerate(fs):
            r = duel(a, b, "strike_table", "always_attack", "best", 3)
            assert abs(m.first_wins[i, j] - r.first_wins) < 1e-9, (a.name, b.name)
            assert abs(m.second_wins[i, j] - r.second_wins) < 1e-9, (a.name, b.name)
            assert abs(m.both_die[i, j] - r.both_die) < 1e-9, (a.name, b.name)


def test_the_duel_matrix_equals_the_dp_for_real_cards():
    """Cards of the sample decks with their ability facts (shooters, flyers, magic strikes, poison)."""
    from analysis.cards.table import load_cards
    from analysis.combat.duel_matrix import duel_matrix
    from analysis.combat.strike import fighter_from_card
    from analysis.decks.deck import read_deck, sample_deck_paths

    db = load_cards()
    cards = {c.key: c for p in sample_deck_paths() for c in read_deck(p, db).cards()
             if c.is_creature and c.strike and c.life}
    special = ([c for c in cards.values() if fighter_from_card(c).attacks][:5]
               + [c for c in cards.values() if c.is_flyer][:3])
    plain = [c for c in cards.values() if not fighter_from_card(c).attacks and not c.is_flyer][:3]
    fs = [fighter_from_card(c) for c in special + plain]
    assert any(f.attacks for f in fs) and any(f.flyer for f in fs)
    m = duel_matrix(fs, fs)
    for i, a in enumerate(fs):
        for j, b in enumerate(fs):
            r = duel(a, b)
            assert abs(m.first_wins[i, j] - r.first_wins) < 1e-9, (a.name, b.name)
            assert abs(m.second_wins[i, j] - r.second_wins) < 1e-9, (a.name, b.name)


def test_the_duel_matrix_equals_the_dp_for_capped_counter_proof_and_open_strikers():
    """Fighters whose received strikes are capped (10/16 Санкторум: protection from weak simple
    strikes; 50/150 Немая стража: non-magic attacks reduced to 1), that take no counter-strike wounds
    (10/18 Килсус) or whose strike leaves them open (10/165 Барака): the matrix equals the exact duel
    under both combat models (it hands these pairs to the DP)."""
    from analysis.cards.table import load_cards
    from analysis.combat.duel_matrix import duel_matrix
    from analysis.combat.strike import fighter_from_card

    db = load_cards()
    special = [fighter_from_card(db.find(code)) for code in ("10/16", "50/150", "10/18", "10/165")]
    assert special[0].caps and special[1].caps and special[2].prot_counter and special[3].stays_open
    fs = [*special, fighter_from_stats("2-3-4", 9), fighter_from_stats("1-2-2", 6, {"armor": 1})]
    for model in ("strike_table", "defence_die"):
        m = duel_matrix(fs, fs, model)
        for i, a in enumerate(fs):
            for j, b in enumerate(fs):
                r = duel(a, b, model)
                assert abs(m.first_wins[i, j] - r.first_wins) < 1e-9, (model, a.name, b.name)
                assert abs(m.second_wins[i, j] - r.second_wins) < 1e-9, (model, a.name, b.name)
                assert abs(m.both_die[i, j] - r.both_die) < 1e-9, (model, a.name, b.name)
