"""Legal versions of decks and the current field (issue 21 item 4): each banned card replaced by the
closest legal card by the stated rule; the committed field is that rule's output and fully legal."""

from __future__ import annotations

from pathlib import Path

import pytest

from analysis.decks.coverage import status_of
from analysis.decks.deck import parse_deck_text, read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.decks.legalize import STEPS, closest_legal, is_banned, legal_version
from analysis.planning.field import current_field_decks, current_field_path, read_field
from analysis.util.errors import BerserkInputError


def test_a_legal_deck_is_kept_as_it_is(db, relaunch):
    deck = read_deck(sample_deck_paths()[0], db)
    assert check_deck(deck, relaunch).legal
    assert legal_version(deck, db, relaunch) == (deck, ())


@pytest.mark.parametrize("path", sample_deck_paths(), ids=lambda p: p.stem)
def test_every_sample_has_a_legal_version_of_the_same_size(db, relaunch, path):
    deck = read_deck(path, db)
    legal, replaced = legal_version(deck, db, relaunch)
    assert check_deck(legal, relaunch).legal and legal.size == deck.size
    banned = {e.card.key for e in deck.entries if is_banned(e.card, relaunch)}
    assert {r.banned.key for r in replaced} == banned
    for r in replaced:
        assert r.step in STEPS and r.added.type == r.banned.type and r.added.elite == r.banned.elite
        assert status_of(r.added) in ("full", "partial") and not is_banned(r.added, relaunch)
        assert r.copies == sum(e.count for e in deck.entries if e.card.key == r.banned.key)


def test_the_closest_card_is_the_nearest_by_cost_then_life_then_strike(db, relaunch):
    """Every other candidate of the same step is at least as far from the banned card."""
    deck = read_deck(sample_deck_paths()[2], db)  # tournament-03: 2 Илинси
    banned = db.find("Илинси")
    chosen, step = closest_legal(banned, deck, db, relaunch)
    assert step == "like for like" and set(chosen.elements) == set(banned.elements)

    def distance(c):
        return (abs(c.cost - banned.cost), abs(c.life - banned.life),
                sum(abs(a - b) for a, b in zip(c.strike, banned.strike, strict=True)))

    in_deck = {e.card.key for e in deck.entries}
    rivals = [c for c in db if db.default_printing(c) is c and c.complete and c.type == banned.type
              and c.elite == banned.elite and set(c.elements) == set(banned.elements)
              and not is_banned(c, relaunch) and c.key not in in_deck and status_of(c) in ("full", "partial")]
    assert chosen in rivals and all(distance(chosen) <= distance(c) for c in rivals)


def test_no_candidate_is_an_error_naming_the_card(db, relaunch):
    """A card table with nothing to offer: the error names the banned card."""
    from analysis.cards.table import CardDB

    ghoul = db.find("Гуль")
    only = CardDB([ghoul])
    deck = parse_deck_text("3 Гуль", only)
    with pytest.raises(BerserkInputError, match="Гуль"):
        legal_version(deck, only, relaunch)


def test_the_committed_current_field_is_the_rules_output(db, relaunch):
    """data/fields/current-field.toml: every sample once, as it is or as its legal version written by
    scripts/current_field.py; all legal under relaunch; equal shares."""
    field = read_field(current_field_path(), db, relaunch)
    assert len(field.decks) == len(sample_deck_paths()) == 10
    assert sum(d.share for d in field.decks) == pytest.approx(1.0)
    assert all(check_deck(d.deck, relaunch).legal for d in field.decks)
    root = current_field_path().parent
    for path, fd in zip(sample_deck_paths(), field.decks, strict=True):
        deck = read_deck(path, db)
        legal, replaced = legal_version(deck, db, relaunch)
        assert fd.deck.counts_by_name() == legal.counts_by_name(), path.name
        assert Path(root / fd.origin).exists()
        assert fd.origin == (f"current/{path.name}" if replaced else f"../decks/{path.name}")
    decks = current_field_decks(db)
    assert [i for i in decks if i.endswith("-legal")] == [
        f"{p.stem}-legal" for p in sample_deck_paths() if not check_deck(read_deck(p, db), relaunch).legal]
    text = current_field_path().read_text(encoding="utf-8")
    assert "closest" in text and "Source:" in text and "2026" in text  # the rule, source and date
