"""Card ratings: the fast all-pairs duel matrix equals the per-duel DP; ratings by hand from duels."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.cards.table import load_cards
from analysis.combat.duel import duel
from analysis.combat.ratings import creature_pool, duel_matrix, ratings, ratings_map
from analysis.combat.strike import fighter_from_card, fighter_from_stats
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.util.errors import BerserkInputError


def _fighters():
    return [
        fighter_from_stats("2-3-4", 7, {"exp_attack": 1, "regeneration": 1}),
        fighter_from_stats("1-3-5", 8, {"armor": 1, "exp_defence": 1}),
        fighter_from_stats("1-1-2", 3, {"blessing": 1}),
        fighter_from_stats("0-2-3", 6, {"curse": 1, "clumsiness": 1, "power": 1}),
        fighter_from_stats("3-3-3", 5, {"regeneration": 2}),
    ]


@pytest.mark.parametrize("model", ["strike_table", "defence_die"])
@pytest.mark.parametrize("weaken", ["never", "always", "best"])
def test_matrix_equals_duel_dp(model, weaken):
    fs = _fighters()
    for turns in (1, 4, 30):
        m = duel_matrix(fs, fs[:4], model, weaken, turns)
        for i, a in enumerate(fs):
            for j, b in enumerate(fs[:4]):
                r = duel(a, b, model, "always_attack", weaken, turns)
                assert m.first_wins[i, j] == pytest.approx(r.first_wins, abs=1e-12)
                assert m.second_wins[i, j] == pytest.approx(r.second_wins, abs=1e-12)
                assert m.both_die[i, j] == pytest.approx(r.both_die, abs=1e-12)


def test_ratings_from_duels_by_hand():
    db = load_cards()
    deck = read_deck(sample_deck_paths()[0], db)
    creatures = sorted({c for c in deck.cards() if c.is_creature}, key=lambda c: c.id)[:4]
    pool = creatures[:3]
    frame = ratings(creatures, pool, rules="strike_table", max_turns=40, db=db)
    assert len(frame) == len(creatures) and frame.attrs["policy"] == "always_attack"
    for card in creatures:
        me = fighter_from_card(card)
        expected = np.mean([
            0.5 * duel(me, fighter_from_card(o), max_turns=40).first_wins
            + 0.5 * duel(fighter_from_card(o), me, max_turns=40).second_wins
            for o in pool
        ])
        row = frame[frame["key"] == card.key].iloc[0]
        assert row["win"] == pytest.approx(expected, abs=1e-12)
        assert row["rating_per_crystal"] == pytest.approx(expected / card.cost)
        assert row["win"] + row["loss"] + row["both_die"] + row["undecided"] == pytest.approx(1.0)
    assert list(frame["win"]) == sorted(frame["win"], reverse=True)


def test_ratings_map_keys_and_values():
    db = load_cards()
    cards = creature_pool(db, sets=[21])
    assert cards and all(c.set_id == 21 for c in cards)
    m = ratings_map("strike_table", cards=cards, db=db, sets=[21], max_turns=30)
    assert set(m) == {c.key for c in cards}
    assert all(0.0 <= v <= 1.0 for v in m.values())
    per = ratings_map("strike_table", cards=cards, db=db, sets=[21], max_turns=30, per_crystal=True)
    for c in cards:
        assert per[c.key] == pytest.approx(m[c.key] / c.cost)
    # a stronger copy of the same profile with +1 power never rates lower
    weak = fighter_from_stats("1-2-3", 6)
    strong = fighter_from_stats("1-2-3", 6, {"power": 1})
    mat = duel_matrix([weak, strong], [weak, strong])
    assert mat.first_wins[1, 0] >= mat.first_wins[0, 0] and mat.first_wins[1, 1] >= mat.first_wins[0, 1]


def test_bad_pool():
    db = load_cards()
    terrain = [c for c in db if c.type == "terrain"][:2]
    with pytest.raises(BerserkInputError):
        ratings(terrain, db=db)
