"""Deck legality: every problem, warning and info code, each at and just over its limit."""

from __future__ import annotations

import pytest

from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.decks.legality import INFO_CODES, PROBLEM_CODES, WARNING_CODES, check_deck
from analysis.rules import load_ruleset
from tests.conftest import filler, make_deck


def codes(report):
    return [p.code for p in report.problems], [w.code for w in report.warnings], [i.code for i in report.info]


def test_samples_are_legal_without_bans(db):
    casual = load_ruleset("relaunch-casual")
    for path in sample_deck_paths():
        report = check_deck(read_deck(path, db), casual)
        assert report.legal, (path.name, report.problems)


def test_default_ruleset_applies_the_ban_list(db, relaunch):
    """relaunch = tournament rules: exactly the samples holding a card flagged ``banned`` are illegal,
    each with one ``banned`` problem per flagged name (the expectation is derived from the flags)."""
    assert relaunch.bans.use_card_flag
    for path in sample_deck_paths():
        deck = read_deck(path, db)
        flagged = sorted({e.card.name for e in deck.entries if e.card.banned})
        report = check_deck(deck, relaunch)
        assert report.legal is (not flagged), path.name
        assert sorted(p.card for p in report.problems if p.code == "banned") == flagged
    illegal = {p.name for p in sample_deck_paths() if not check_deck(read_deck(p, db), relaunch).legal}
    assert len(illegal) == 5  # the README and data/decks/README.md say five


def test_old_banlist_name_still_loads_relaunch():
    assert load_ruleset("relaunch-banlist") == load_ruleset("relaunch")


@pytest.mark.parametrize(("size", "legal"), [(29, False), (30, True), (50, True), (51, False)])
def test_deck_size_limits(plain_cards, relaunch, size, legal):
    report = check_deck(make_deck(filler(plain_cards, size)), relaunch)
    assert report.legal is legal
    if not legal:
        assert codes(report)[0] == ["deck_size"]
        assert ("1 short" if size == 29 else "1 over") in report.problems[0].message


@pytest.mark.parametrize(("count", "legal"), [(3, True), (4, False)])
def test_copies(plain_cards, relaunch, count, legal):
    card = plain_cards[100]
    deck = make_deck([(card, count)] + filler(plain_cards, 30 - count))
    report = check_deck(deck, relaunch)
    assert report.legal is legal
    if not legal:
        (problem,) = report.problems
        assert problem.code == "copies" and problem.card == card.name
        assert (
            "4 copies" in problem.message and "at most 3" in problem.message and "1 over" in problem.message
        )


@pytest.mark.parametrize(("count", "legal"), [(5, True), (6, False)])
def test_horde_copies(db, plain_cards, relaunch, count, legal):
    horde = db.find("Бес")
    assert horde.horde
    report = check_deck(make_deck([(horde, count)] + filler(plain_cards, 30 - count)), relaunch)
    assert report.legal is legal
    if not legal:
        assert codes(report)[0] == ["copies"] and "Horde" in report.problems[0].message


def test_copies_count_across_printings(db, plain_cards, relaunch):
    deck = make_deck([(db.find("20/159"), 2), (db.find("60/173"), 2)] + filler(plain_cards, 26))
    (problem,) = check_deck(deck, relaunch).problems
    assert problem.code == "copies" and "4 copies of 'Мертвяцкая бомбарда'" in problem.message


def test_draft_has_no_copy_limit(plain_cards, relaunch):
    deck = make_deck([(plain_cards[0], 10)] + filler(plain_cards, 20, skip=1))
    assert check_deck(deck, relaunch, "draft").legal
    assert not check_deck(deck, relaunch, "constructed").legal


def test_banned_by_card_flag_and_by_name(db, plain_cards, tmp_path):
    ghoul = db.find("10/39")
    deck = make_deck([(ghoul, 1)] + filler(plain_cards, 29))
    assert check_deck(deck, load_ruleset("relaunch-casual")).legal
    report = check_deck(deck, load_ruleset("relaunch"))
    assert codes(report)[0] == ["banned"] and report.problems[0].card == "Гуль"
    assert "tournament ban list (March 2026)" in report.problems[0].message
    clean = make_deck([(plain_cards[50], 1)] + filler(plain_cards, 29))
    path = tmp_path / "cup.toml"
    path.write_text(
        f'base = "relaunch"\nname = "cup"\n[deck.bans]\nnames = ["{plain_cards[50].name.upper()}"]\n',
        encoding="utf-8",
    )
    report = check_deck(clean, load_ruleset(str(path)))
    assert codes(report)[0] == ["banned"] and "banned by ruleset 'cup'" in report.problems[0].message


def test_set_not_allowed(plain_cards, tmp_path):
    path = tmp_path / "sets.toml"
    path.write_text(
        'base = "relaunch"\nname = "old-sets"\n[deck.bans]\nallowed_sets = [10]\n', encoding="utf-8"
    )
    rules = load_ruleset(str(path))
    in_set = [c for c in plain_cards if c.set_id == 10]
    other = next(c for c in plain_cards if c.set_id == 20)
    assert check_deck(make_deck(filler(in_set, 30)), rules).legal
    report = check_deck(make_deck([(other, 1)] + filler(in_set, 29)), rules)
    assert codes(report)[0] == ["set_not_allowed"] and report.problems[0].card == other.name


def test_unique_copies_is_information_not_a_warning(db, plain_cards, relaunch):
    unique = next(c for c in db if c.unique and not c.banned)
    one = check_deck(make_deck([(unique, 1)] + filler(plain_cards, 29)), relaunch)
    three = check_deck(make_deck([(unique, 3)] + filler(plain_cards, 27)), relaunch)
    assert one.legal and not one.warnings and not one.info
    assert three.legal and codes(three) == ([], [], ["unique_copies"])
    assert three.info[0].message == (f"{unique.name!r}: 3 copies of a unique card: one can be in a squad; "
                                     "the others raise the odds of drawing it")
    assert dict(three.info[0].params) == {"count": 3}


def test_realms_makes_every_elite_unique(db, plain_cards):
    elite = next(c for c in db if c.elite and not c.unique and not c.banned)
    deck = make_deck([(elite, 2)] + filler(plain_cards, 28))
    assert not check_deck(deck, load_ruleset("relaunch")).info
    assert codes(check_deck(deck, load_ruleset("realms")))[2] == ["unique_copies"]


def test_incomplete_card_warning(db, plain_cards, relaunch):
    artifact = next(c for c in db if not c.complete)
    report = check_deck(make_deck([(artifact, 1)] + filler(plain_cards, 29)), relaunch)
    assert report.legal and codes(report)[1] == ["incomplete_card"]
    assert "no life" in report.warnings[0].message


def test_codes_are_stable_and_json_shape(plain_cards, relaunch):
    assert PROBLEM_CODES == ("deck_size", "copies", "banned", "set_not_allowed")
    assert WARNING_CODES == ("incomplete_card",)
    assert INFO_CODES == ("unique_copies",)
    data = check_deck(make_deck(filler(plain_cards, 29)), relaunch).to_dict()
    assert set(data) == {"legal", "ruleset", "format", "cards", "problems", "warnings", "info"}
    assert data["problems"][0].keys() == {"code", "card", "message"}
    assert dict(check_deck(make_deck(filler(plain_cards, 29)), relaunch).problems[0].params)["short"] == 1


def test_a_ban_covers_every_printing_of_the_name(db, relaunch):
    """Issue 21 item 2: ``3 Гуль`` resolves to the 50/43 reprint, the ban list flags 10/39; copies are
    counted by name (000 glossary "Copy"), so the deck is illegal whichever printing it names."""
    from analysis.decks.deck import parse_deck_text

    for line in ("3 Гуль", "3 Гуль [50/43]", "3 Гуль [10/39]", "2 Гуль [50/43]\n1 Гуль [10/39]"):
        deck = parse_deck_text(line, db)
        report = check_deck(deck, relaunch)
        assert [p.code for p in report.problems if p.card == "Гуль"] == ["banned"], line
    assert check_deck(parse_deck_text("3 Гуль", db), load_ruleset("relaunch-casual")).problems[0].code \
        == "deck_size"


def test_every_name_with_a_banned_printing_is_banned_in_all_printings(db):
    """The card table: no name is banned in one printing and allowed in another."""
    by_name: dict[str, set[bool]] = {}
    for card in db:
        by_name.setdefault(card.key, set()).add(card.banned)
    assert all(len(flags) == 1 for flags in by_name.values())
    assert all(c.banned for c in db.printings("Гуль")) and len(db.printings("Гуль")) == 2
