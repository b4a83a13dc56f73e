"""Experience in attack / defence that holds only against some cards: a standing ``keyword`` fact
of ``exp_attack`` / ``exp_defence`` with ``vs_*`` conditions (60/80 Пороховой крыс "{ova} 1 по
болотным", 60/39 Ратник хирда "{ovz} 1, пока сражается с болотным существом") or a ``vs_state``
the battle checks at the strike (50/146 Бледный всадник "{ova}2 по картам с дополнительными
{health}"). 000 glossary "Experience in attack" / "Experience in defense"."""

from __future__ import annotations

from analysis.battle.tables import _fighter
from analysis.cards.abilities import load_abilities
from analysis.combat.strike import fighter_from_facts
from tests.battle.test_ability_kinds import P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

RAT = facts('{ kind = "keyword", keyword = "exp_attack", damage = [1], vs_elements = ["swamps"] }',
            '{ kind = "keyword", keyword = "exp_defence", damage = [1], vs_elements = ["swamps"] }')
RIDER = facts('{ kind = "keyword", keyword = "exp_attack", damage = [2], vs_state = "extra_life" }')


def test_the_real_printings_carry_the_facts():
    book = load_abilities()
    assert [a.vs_elements for a in book["60/80"].abilities if a.kind == "keyword"] == [("swamps",)]
    assert any(a.keyword == "exp_defence" and a.vs_elements == ("swamps",) for a in book["60/39"].abilities)
    assert [a.vs_state for a in book["50/146"].abilities if a.kind == "keyword"] == ["extra_life"]


def test_experience_against_swamp_cards_only():
    rat = card("Rat", abilities=RAT)
    swamp, steppe = card("S", elements=("swamps",)), card("T", elements=("steppes",))
    f = fighter_from_facts(rat, rat.strike, rat.life, swamp)
    assert (f.exp_attack, f.exp_defence) == (1, 1)
    g = fighter_from_facts(rat, rat.strike, rat.life, steppe)
    assert (g.exp_attack, g.exp_defence) == (0, 0)
    assert fighter_from_facts(rat, rat.strike, rat.life, None).exp_attack == 0


def test_experience_against_cards_with_additional_life_is_checked_at_the_strike():
    rider = card("Rider", abilities=RIDER)
    foes = [card("Foe", life=8), card("Back", life=8)]
    b = start([rider], foes, ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}))
    assert _fighter(b._strike_key(0, 1, True), b.key[1]).exp_attack == 0
    b.life = list(b.life)
    b.life[1] += 2                                    # the foe now has 2 additional life
    assert _fighter(b._strike_key(0, 1, True), b.key[1]).exp_attack == 2


def test_a_terrain_has_no_additional_life():
    """A card with no printed life (a terrain: 20/11 Пустыня Дзара) is no card "с дополнительными
    {health}": the rider's experience does not apply to it, and asking does not fail (found by
    fuzzing: an effect of 50/146 aimed at a terrain raised a TypeError comparing with no life)."""
    rider = card("Rider", abilities=RIDER)
    land = card("Land", type="terrain", strike=None, life=None, cost=3)
    b = start([rider], [card("Foe", life=8), land], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}))
    assert b._in_state(2, "extra_life") is False
    assert b._in_state(1, "extra_life") is False
    b.life = list(b.life)
    b.life[1] += 1
    assert b._in_state(1, "extra_life") is True
