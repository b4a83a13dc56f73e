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


def test_the_packed_memo_keys_hold_every_allowed_value():
    """The heuristic's memo keys pack (attacker key, target key, life left ×2, armor left ×2, fights)
    at bits 57/37/27/17/9/1/0 and the strike tables (attacker key, parrier key) at 20/0: each field
    fits below the next for every value the engine allows, so two situations never share a key. The
    card keys count the variants played too; a long fuzz run of random squads went past 65,535 of
    them, the old bound (20 bits now)."""
    from analysis.battle.tables import MAX_ARMOR, MAX_CARDS, MAX_LIFE

    assert MAX_CARDS >= 1 << 19 and MAX_CARDS < 1 << 20 and MAX_LIFE < 1 << 10 and MAX_ARMOR < 1 << 8

    def pack(ku, kv, rem_u, rem_v, arm_u, arm_v, fights):
        return ku << 57 | kv << 37 | rem_u << 27 | rem_v << 17 | arm_u << 9 | arm_v << 1 | fights

    def unpack(key):
        return (key >> 57, key >> 37 & MAX_CARDS, key >> 27 & 1023, key >> 17 & 1023, key >> 9 & 255,
                key >> 1 & 255, key & 1)

    rng = random.Random(5)
    for _ in range(2000):
        fields = (rng.randint(0, MAX_CARDS), rng.randint(0, MAX_CARDS), rng.randint(0, MAX_LIFE),
                  rng.randint(0, MAX_LIFE), rng.randint(0, MAX_ARMOR), rng.randint(0, MAX_ARMOR),
                  rng.randint(0, 1))
        assert unpack(pack(*fields)) == fields
    top = (MAX_CARDS, MAX_CARDS, MAX_LIFE, MAX_LIFE, MAX_ARMOR, MAX_ARMOR, 1)
    assert unpack(pack(*top)) == top
    assert (MAX_CARDS << 20 | MAX_CARDS) >> 20 == MAX_CARDS


def test_a_strike_table_built_again_after_the_cache_starts_over_is_the_same():
    """The strike tables are a bounded cache (:data:`~analysis.battle.tables.PAIR_TABLES_KEPT`): an
    entry dropped when it starts over is built again, the same."""
    from analysis.battle import tables

    a, b = (tables.card_key(c) for c in DB.cards[:2])
    first = (tables.open_table(a, b), tables.closed_table(a, b), tables.open_summary(a, b),
             tables.closed_summary(a, b))
    for cache in (tables.OPEN_TABLES, tables.CLOSED_TABLES, tables.OPEN_SUMMARIES, tables.CLOSED_SUMMARIES):
        cache.get("strike_table", {}).clear()
    again = (tables.open_table(a, b), tables.closed_table(a, b), tables.open_summary(a, b),
             tables.closed_summary(a, b))
    assert again == first and tables.PAIR_TABLES_KEPT >= 10_000
