"""The engine's bookkeeping shortcuts give what the long way gives: a variant's dependency bits, the
look-ahead's dice streams, the cached protections and granted facts."""

from __future__ import annotations

import random

import pytest

from analysis.battle import engine, situational
from analysis.battle.situational import DEPS, Spec, dep_bits, granted
from analysis.cards.abilities import Ability
from analysis.cards.ability_rules import _protected, protected
from analysis.cards.table import load_cards

DB = load_cards()


def test_dependency_bits_name_each_dependency_once():
    """Each name of :data:`DEPS` has its own bit and the named constants are those bits; an unknown
    name is an error (a dependency the snapshot would silently ignore)."""
    assert len(set(DEPS)) == len(DEPS)
    for i, name in enumerate(DEPS):
        assert getattr(situational, name.upper()) == 1 << i == dep_bits({name})
    assert dep_bits(DEPS) == (1 << len(DEPS)) - 1
    with pytest.raises(ValueError):
        dep_bits({"weather"})


def test_every_card_spec_carries_its_dependencies_as_bits():
    """For every card with facts, :attr:`Spec.bits` is exactly its :attr:`Spec.deps`."""
    checked = 0
    for card in DB.cards:
        if card.abilities is None:
            continue
        spec = Spec(card.abilities.played)
        assert spec.bits == dep_bits(spec.deps)
        assert {name for i, name in enumerate(DEPS) if spec.bits >> i & 1} == set(spec.deps)
        checked += bool(spec.deps)
    assert checked > 50  # (many cards read the board: the test is not vacuous)


def test_a_seeded_stream_is_the_seeded_generator_whether_asked_once_or_again():
    """A look-ahead's dice stream equals ``random.Random(seed)``: for a new seed (seeded directly) and
    for the same seed asked for again in a row (restored from the kept state)."""
    for seed in (5, 5, 5, 9, 5):
        expected = random.Random(seed)
        stream = engine._seeded_stream(seed)
        assert [stream.random() for _ in range(20)] == [expected.random() for _ in range(20)]


def test_cached_protection_matches_the_rules_for_every_pair_asked():
    """``protected`` (cached per card object) answers as the uncached rules do, asked twice."""
    cards = [c for c in DB.cards if c.abilities is not None][:120]
    sources = [None, *cards[:15]]
    for kind in ("simple", "shot", "effect", "spell", "poison", "discharge"):
        for card in cards:
            for source in sources:
                want = _protected(card, kind, source, 0)
                assert protected(card, kind, source, 0) == want
                assert protected(card, kind, source, 0) == want


def test_granted_fact_is_cached_per_fact_and_equal_to_a_fresh_one():
    """``granted`` gives the same held fact for the same given fact (one object, reused) and a
    different one for another fact."""
    a = Ability("strike_bonus", damage=(1,), lasts="turn", cost="trigger", trigger="turn_start")
    b = Ability("reduce", damage=(1,), lasts="battle", applies_to=("simple",), foes=("creature",))
    assert granted(a) is granted(a)
    assert granted(a) == situational._granted(a)
    assert granted(b) == situational._granted(b) != granted(a)
    assert granted(a).cost == "passive" and granted(a).lasts is None
    assert granted(b).vs_types == ("creature",)
