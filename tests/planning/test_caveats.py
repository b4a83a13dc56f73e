"""Honest tuning (issue 21 item 3): each swap carries the share of its gain that rests on cards not
modelled in full or on a listed model limit, and says which cards and why."""

from __future__ import annotations

import dataclasses

import pytest

from analysis.cards.abilities import CardAbilities
from analysis.planning.caveats import card_caveat, model_limits, swap_caveat
from analysis.planning.swaps import Swap
from analysis.util.textnorm import normalize_name


def _with_status(card, status, unmodelled=()):
    abilities = card.abilities or CardAbilities(code=card.code, name=card.name, status=status)
    return dataclasses.replace(card, abilities=dataclasses.replace(abilities, status=status,
                                                                   unmodelled=tuple(unmodelled)))


def test_the_listed_limits_name_known_cards(db):
    limits = model_limits()
    assert normalize_name("Паровой голем") in limits
    for key, limit in limits.items():
        assert key == normalize_name(limit.card)
        assert db.printings(limit.card), limit.card  # every listed card exists
        assert limit.what and limit.what_ru


def test_a_card_with_a_listed_limit_is_wholly_unsure(db):
    golem = card_caveat(db.find("Паровой голем"))
    assert golem.unsure == 1.0 and golem.limit is not None
    assert "token clock" in golem.note() and "счётчики" in golem.limit.what_ru


def test_unsure_share_follows_the_status(db):
    card = db.find("Кочевник")
    full = _with_status(card, "full")
    none = _with_status(card, "none")
    assert card_caveat(full).unsure == 0.0 and card_caveat(none).unsure == 1.0
    partial = _with_status(card, "partial", ["one part", "another part"])
    played = len(partial.abilities.played)
    assert card_caveat(partial).unsure == pytest.approx(2 / (played + 2))
    caveat = swap_caveat(Swap(full, none, 2))
    assert caveat.unsure_share == pytest.approx(0.5) and len(caveat.notes()) == 1
    other = dataclasses.replace(full, id=full.id + 1, name="Другая")
    assert swap_caveat(Swap(full, other, 1)).unsure_share == 0


def test_the_golem_swaps_say_so(db):
    """The README's top tuning advice, "+3 Паровой голем", rests on a listed limit: at least half its
    gain is unsure, and the note says why."""
    caveat = swap_caveat(Swap(db.find("Чернокнижник"), db.find("Паровой голем"), 3))
    assert caveat.has_limit and caveat.unsure_share >= 0.5
    assert any("Паровой голем" in n and "model limit" in n for n in caveat.notes())
    assert caveat.to_dict()["has_model_limit"] is True
