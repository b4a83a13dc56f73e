"""One simple strike: the rulebook's table and examples reproduced by hand (000 2.13-2.15, 4.3-4.9;
004 L241-247), the weakening policies, modifiers, and the RNG resolver against the exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as s

from analysis.cards.table import load_cards
from analysis.combat import strike_table as st
from analysis.combat.strike import (
    Branch,
    decide_weakening,
    fighter_from_card,
    fighter_from_stats,
    parse_fighter_spec,
    parse_modifiers,
    reroll_plan,
    resolve_strike,
    strike_odds,
)
from analysis.rules import load_ruleset
from analysis.util.errors import BerserkInputError


class Dice:
    """A scripted RNG: returns the given faces in order (random.Random's ``randint`` protocol)."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def randint(self, lo: int, hi: int) -> int:
        assert (lo, hi) == (1, 6)
        return self.faces.pop(0)


def dist(odds) -> dict[tuple[int, int], F]:
    return {(o.to_target, o.to_attacker): o.p for o in odds.outcomes}


# Strikes whose wounds tell the kind apart: weak 1, medium 2, strong 4 vs weak 10, medium 20, strong 40.
ATT = fighter_from_stats("1-2-4", 100)
PAR = fighter_from_stats("10-20-40", 100)
WOUNDS_A = {"-": 0, "weak": 1, "medium": 2, "strong": 4}
WOUNDS_P = {"-": 0, "weak": 10, "medium": 20, "strong": 40}

# 000 4.3, typed from the rulebook: d → (attacker deals, parrier deals)
RULEBOOK_TABLE = {
    1: ("weak", "-"), 2: ("medium", "weak"), 3: ("medium", "-"), 4: ("strong", "weak"),
    5: ("strong", "-"), 6: ("strong", "-"), 9: ("strong", "-"),
    -1: ("weak", "-"), -2: ("-", "-"), -3: ("-", "weak"), -4: ("weak", "medium"),
    -5: ("-", "medium"), -7: ("-", "medium"),
}


@pytest.mark.parametrize("d", sorted(RULEBOOK_TABLE))
def test_every_strike_table_row(d):
    # Reach d with real dice plus a roll modifier on the attacker, e.g. d = 9: 6 + 4 vs 1.
    a_die, p_die = (6, 6 - d) if 1 <= 6 - d <= 6 else ((1, 1 - d) if 1 <= 1 - d <= 6 else (6, 1))
    bonus = d - (a_die - p_die)
    att = fighter_from_stats("1-2-4", 100, {"roll": bonus})
    roll = resolve_strike(att, PAR, Dice(a_die, p_die), weaken="never")
    want_a, want_p = RULEBOOK_TABLE[d]
    assert roll.attacker_roll - roll.parrier_roll == d
    assert (roll.to_target, roll.to_attacker) == (WOUNDS_A[want_a], WOUNDS_P[want_p])


@pytest.mark.parametrize(
    "a_die,p_die,a_mod,p_mod,expected",
    [
        (3, 3, 0, 0, ("weak", "-")),  # d = 0, both rolled 4 or less
        (4, 4, 0, 0, ("weak", "-")),
        (5, 5, 0, 0, ("-", "weak")),  # d = 0, both rolled 5 or more
        (6, 6, 0, 0, ("-", "weak")),
        (3, 4, 2, 1, ("-", "weak")),  # modified results 5 and 5: the split uses modified results
        (6, 3, 0, 3, ("-", "weak")),  # 6 vs 3 + 3 = 6
        (2, 4, 2, 0, ("weak", "-")),  # 4 vs 4
    ],
)
def test_zero_difference_split(a_die, p_die, a_mod, p_mod, expected):
    att = fighter_from_stats("1-2-4", 100, {"exp_attack": a_mod} if a_mod else None)
    par = fighter_from_stats("10-20-40", 100, {"exp_defence": p_mod} if p_mod else None)
    roll = resolve_strike(att, par, Dice(a_die, p_die), weaken="never")
    assert (roll.to_target, roll.to_attacker) == (WOUNDS_A[expected[0]], WOUNDS_P[expected[1]])


def test_no_clamp_between_open_creatures():
    # 5 + 3 = 8 vs 3: d = 5 → strong, no return (a clamped 6 − 3 = 3 would give medium).
    att = fighter_from_stats("1-2-4", 100, {"exp_attack": 3})
    roll = resolve_strike(att, PAR, Dice(5, 3), weaken="never")
    assert roll.attacker_roll == 8 and (roll.to_target, roll.to_attacker) == (4, 0)
    # Cursed and clumsy: 1 − 2 = −1 vs 4: d = −5 → —/medium (clamped 1 − 4 = −3 would be —/weak).
    att = fighter_from_stats("1-2-4", 100, {"curse": 1, "clumsiness": 1})
    roll = resolve_strike(att, PAR, Dice(1, 4), weaken="never")
    assert roll.attacker_roll == -1 and (roll.to_target, roll.to_attacker) == (0, 20)
    # The exact distribution sees it too: with +3, any d ≥ 5 happens with 6 + 3 vs 4 etc.
    odds = strike_odds(fighter_from_stats("1-2-4", 100, {"exp_attack": 3}), PAR, weaken="never")
    # d = a − p + 3 ≥ 5 ⇔ a − p ≥ 2: 4 + 3 + 2 + 1 = 10 of 36 die pairs give strong/—.
    assert dist(odds)[(4, 0)] == F(10, 36)


def test_closed_target_bands_and_clamp():
    # 000 4.9: 1-3 weak, 4-5 medium, 6 strong; only the attacker rolls.
    odds = strike_odds(ATT, PAR, closed=True)
    assert dist(odds) == {(1, 0): F(1, 2), (2, 0): F(1, 3), (4, 0): F(1, 6)}
    assert odds.policy == "n/a"
    # +2: faces 3..8 clamp to 3,4,5,6,6,6 → weak 1/6, medium 2/6, strong 3/6.
    plus2 = fighter_from_stats("1-2-4", 100, {"exp_attack": 2})
    assert dist(strike_odds(plus2, PAR, closed=True)) == {(1, 0): F(1, 6), (2, 0): F(1, 3), (4, 0): F(1, 2)}
    # −3 (curse + clumsiness + roll −1): faces −2..3 clamp to 1,1,1,1,2,3 → always weak.
    minus3 = fighter_from_stats("1-2-4", 100, {"curse": 1, "clumsiness": 1, "roll": -1})
    assert dist(strike_odds(minus3, PAR, closed=True)) == {(1, 0): F(1)}
    roll = resolve_strike(plus2, PAR, Dice(6), closed=True)
    assert roll.attacker_roll == 6 and roll.to_target == 4 and roll.parrier_roll is None


def test_power_modifiers_2_13_examples():
    # Dwarf Basaarg 2-3-4 with three +1 strike modifiers strikes 5-6-7 (000 2.13).
    basaarg = fighter_from_stats("2-3-4", 10, parse_modifiers("power=1,power=1,power=1"))
    assert basaarg.power == 3
    assert dist(strike_odds(basaarg, PAR, closed=True)) == {(5, 0): F(1, 2), (6, 0): F(1, 3), (7, 0): F(1, 6)}
    # Shadow 0-0-0 with −1 stays 0-0-0; adding Ingri's +2 gives 1-1-1 (power below 0 counts as 0).
    shadow = fighter_from_stats("0-0-0", 3, {"power": -1})
    assert dist(strike_odds(shadow, PAR, closed=True)) == {(0, 0): F(1)}
    shadow = fighter_from_stats("0-0-0", 3, parse_modifiers("power=-1,power=2"))
    assert dist(strike_odds(shadow, PAR, closed=True)) == {(1, 0): F(1)}


def test_named_modifiers_take_the_largest():
    db = load_cards()
    card = db.find("Эвтерпа")  # experience in attack 1
    assert card.keyword("exp_attack") == 1
    assert fighter_from_card(card, {"exp_attack": 2}).exp_attack == 2  # 000 2.15 example 2
    assert fighter_from_card(card, {"exp_attack": 1}).exp_attack == 1
    assert parse_modifiers("regeneration=2,regeneration=1") == {"regeneration": 2}  # example 1
    assert parse_modifiers("blessing,curse") == {"blessing": 1, "curse": 1}


def test_modifiers_from_card_keywords():
    db = load_cards()
    samael = db.find("Самаэль")  # exp_attack 1; its bls/cur icons only mark a text about them
    assert samael.has("blessing") and samael.has("curse")
    fighter = fighter_from_card(samael)
    assert (fighter.exp_attack, fighter.blessing, fighter.curse) == (1, 0, 0)
    assert fighter.attack_mod == 1 and fighter.parry_mod == 0
    halniada = fighter_from_card(db.find("Халниада"))  # experience in defence 1
    assert halniada.parry_mod == 1 and halniada.attack_mod == 0
    with pytest.raises(BerserkInputError, match="not a creature"):
        fighter_from_card(next(c for c in db if c.type == "terrain"))


def test_armor_soaks_wounds():
    armored = fighter_from_stats("10-20-40", 100, {"armor": 1})
    att = fighter_from_stats("2-3-4", 10)
    assert dist(strike_odds(att, armored, closed=True)) == {(1, 0): F(1, 2), (2, 0): F(1, 3), (3, 0): F(1, 6)}
    # armor 5 soaks everything from 2-3-4
    heavy = fighter_from_stats("1-1-1", 10, {"armor": 5})
    assert dist(strike_odds(att, heavy, closed=True)) == {(0, 0): F(1)}


def test_weakening_rows_and_policies():
    # 000 4.5 / 002 L23: strong/weak → medium/—, medium/weak → weak/—, weak/medium → —/weak.
    rows = [((6, 2), (4, 10), (2, 0)), ((5, 3), (2, 10), (1, 0)), ((2, 6), (1, 20), (0, 10))]
    for dice, plain, weakened in rows:
        r = resolve_strike(ATT, PAR, Dice(*dice), weaken="never")
        assert (r.to_target, r.to_attacker) == plain and not r.weakened
        r = resolve_strike(ATT, PAR, Dice(*dice), weaken="always")
        assert (r.to_target, r.to_attacker) == weakened and r.weakened
    # Only the rows where both strike can be weakened.
    assert [d for d in range(-6, 7) if st.can_weaken(d)] == [-4, 2, 4]


def test_exact_distribution_equal_fighters_by_hand():
    # Two 2-3-4 creatures, no modifiers: P(d = k) = (6 − |k|)/36.
    a = fighter_from_stats("2-3-4", 10)
    never = dist(strike_odds(a, a, weaken="never"))
    by_hand = {
        (4, 0): F(1, 36),  # d = 5
        (4, 2): F(2, 36),  # d = 4: strong / weak
        (3, 0): F(3, 36),  # d = 3
        (3, 2): F(4, 36),  # d = 2: medium / weak
        (2, 0): F(5 + 5 + 4, 36),  # d = 1, d = −1, d = 0 with both ≤ 4 (4 of the 6 ties)
        (0, 2): F(2, 36) + F(3, 36),  # d = 0 both ≥ 5 (5-5, 6-6), d = −3
        (0, 0): F(4, 36),  # d = −2
        (2, 3): F(2, 36),  # d = −4: weak / medium
        (0, 3): F(1, 36),  # d = −5
    }
    assert never == by_hand
    # always: d=4 → (3, 0), d=2 → (2, 0), d=−4 → (0, 2)
    always = dist(strike_odds(a, a, weaken="always"))
    assert always[(3, 0)] == F(3 + 2, 36) and always[(2, 0)] == F(14 + 4, 36) and always[(0, 2)] == F(7, 36)
    # best, lone strike: d=4: 4−2=2 vs 3−0=3 → weaken; d=2: 3−2=1 vs 2 → weaken;
    # d=−4 (parrier): 3−2=1 vs 2−0=2 → weaken. So best = always here.
    best = strike_odds(a, a, weaken="best")
    assert dist(best) == always and best.policy == "best"
    assert sum(never.values()) == 1


def test_best_weakening_tie_means_no_weakening():
    # 2-3-4 vs 1-2-3 at d = 2: medium/weak (3, 1) vs weak/— (2, 0): 2 = 2 → no weakening.
    branch = Branch(1, (3, 1), (2, 0), "attacker")
    assert not decide_weakening(branch, "best")
    assert decide_weakening(branch, "always") and not decide_weakening(branch, "never")
    # a position-aware value (e.g. the battle engine's) decides instead
    assert decide_weakening(branch, "best", value=lambda pair, who: -pair[1])


def test_realms_defence_die_by_hand():
    realms = load_ruleset("realms")
    a = fighter_from_stats("2-3-4", 10)
    b = fighter_from_stats("1-2-3", 10)
    # Closed (exhausted): attacker die only, 1-3 light, 4-5 medium, 6 strong.
    assert dist(strike_odds(a, b, realms, closed=True)) == {(2, 0): F(1, 2), (3, 0): F(1, 3), (4, 0): F(1, 6)}
    # Open: defence die 1-4 hit, 5 both miss, 6 the defender deals its light strike.
    odds = strike_odds(a, b, realms, closed=False, weaken="always")
    assert odds.policy == "n/a"
    assert dist(odds) == {
        (2, 0): F(1, 2) * F(4, 6), (3, 0): F(1, 3) * F(4, 6), (4, 0): F(1, 6) * F(4, 6),
        (0, 0): F(1, 6), (0, 1): F(1, 6),
    }
    # Experience in attack 1 is one re-roll: keep 4-6 (worth 3, 3, 4 ≥ the 8/3 a roll brings).
    skilled = fighter_from_stats("2-3-4", 10, {"exp_attack": 1})
    expected = {(2, 0): F(1, 4), (3, 0): F(1, 2), (4, 0): F(1, 4)}
    assert dist(strike_odds(skilled, b, realms, closed=True)) == expected
    assert reroll_plan((F(2), F(2), F(2), F(3), F(3), F(4)), 1)[1] == (False, False, False, True, True, True)


def test_custom_fighter_specs():
    db = load_cards()
    f = parse_fighter_spec("2-3-4:8:armor=1,blessing", db.find)
    assert (f.strike, f.life, f.armor, f.blessing) == ((2, 3, 4), 8, 1, 1)
    g = parse_fighter_spec("Эвтерпа+exp_attack=2", db.find)
    assert g.exp_attack == 2 and g.life == 12
    for bad in ("2-3-4", "2-3-4:x", "2-3:5", "Эвтерпа+speed=2", "2-3-4:5:armor=-1", "2-3-4:0"):
        with pytest.raises(BerserkInputError):
            parse_fighter_spec(bad, db.find)


small = s.integers(min_value=0, max_value=6)


@settings(max_examples=40, deadline=None)
@given(small, small, small, s.integers(0, 2), s.integers(0, 2), s.integers(-2, 2), s.integers(0, 2),
       s.sampled_from(["never", "always", "best"]))
def test_resolver_matches_exact_odds(x, y, z, exp_a, exp_d, roll, armor, policy):
    """Every die pair through the RNG resolver reproduces the exact distribution."""
    att = fighter_from_stats((x, y, z), 6, {"exp_attack": exp_a, "roll": roll})
    par = fighter_from_stats((z, x, y), 6, {"exp_defence": exp_d, "armor": armor})
    counts: dict[tuple[int, int], int] = {}
    for a, p in itertools.product(range(1, 7), repeat=2):
        r = resolve_strike(att, par, Dice(a, p), weaken=policy)
        counts[(r.to_target, r.to_attacker)] = counts.get((r.to_target, r.to_attacker), 0) + 1
    exact = dist(strike_odds(att, par, weaken=policy))
    assert {k: F(v, 36) for k, v in counts.items()} == exact
    assert sum(exact.values()) == 1


@settings(max_examples=60, deadline=None)
@given(s.lists(s.integers(-30, 30), min_size=6, max_size=6), s.integers(1, 60), s.integers(0, 4))
def test_reroll_plan_is_scale_free_and_exact(values, scale, rerolls):
    """Integer values and the same values as fractions (divided by ``scale``) give the same plan,
    and the plan equals a direct Fraction computation of optimal stopping."""
    fracs = tuple(F(v, scale) for v in values)
    plan = reroll_plan(tuple(values), rerolls)
    assert plan == reroll_plan(fracs, rerolls)
    expected = sum(fracs, F(0)) / 6
    for k in range(1, rerolls + 1):
        assert plan[k] == tuple(f >= expected for f in fracs)
        expected = sum((max(f, expected) for f in fracs), F(0)) / 6
