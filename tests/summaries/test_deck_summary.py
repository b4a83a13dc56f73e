"""The deck summary tables: every count checked against a direct count over the deck's cards."""

from __future__ import annotations

from collections import Counter

import pytest

from analysis.cards.table import load_cards
from analysis.decks.deck import format_deck, read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.rules import load_ruleset
from analysis.summaries.deck import (
    add_copies,
    card_details,
    card_frame,
    card_keywords,
    copies_in,
    cost_curve,
    deck_findings,
    deck_frame,
    deck_from_bytes,
    deck_stats,
    element_counts,
    elite_split,
    flyer_costs,
    flyer_summary,
    legality_frame,
    sample_decks,
    set_copies,
    type_counts,
    unique_copies,
)
from analysis.util.errors import BerserkInputError

DB = load_cards()
RELAUNCH = load_ruleset("relaunch")
DECKS = {p.stem: read_deck(p, DB) for p in sample_deck_paths()}


@pytest.mark.parametrize("stem", sorted(DECKS))
def test_tables_match_direct_counts(stem):
    deck = DECKS[stem]
    cards = deck.cards()
    curve = cost_curve(deck)
    for (cost, kind), n in Counter((c.cost, "elite" if c.elite else "ordinary") for c in cards).items():
        assert int(curve[(curve.cost == cost) & (curve.kind == kind)].copies.iloc[0]) == n
    assert curve.copies.sum() == deck.size
    split = elite_split(deck).set_index("kind")
    assert split.loc["elite", "copies"] == sum(c.elite for c in cards)
    assert split.loc["ordinary", "total_cost"] == sum(c.cost for c in cards if not c.elite)
    elements = element_counts(deck).set_index("element").copies.to_dict()
    expected = Counter(e for c in cards for e in (c.elements or ("neutral",)))
    assert elements == dict(expected)
    assert type_counts(deck).set_index("type").copies.to_dict() == dict(Counter(c.type for c in cards))
    flyers = flyer_costs(deck)
    assert flyers.copies.sum() == sum(c.is_flyer for c in cards)
    assert list(flyers.cost) == sorted(flyers.cost, reverse=True)
    frame = deck_frame(deck)
    assert frame["count"].sum() == deck.size and len(frame) == len(deck.entries)


def test_unique_copies_and_stats():
    deck = DECKS["tournament-08"]
    unique = unique_copies(deck, RELAUNCH).set_index("name")
    counts = deck.counts_by_name()
    for card in {c.key: c for c in deck.cards() if c.unique}.values():
        assert unique.loc[card.name, "copies"] == counts[card.key]
        assert unique.loc[card.name, "dead"] == counts[card.key] - 1
    stats = deck_stats(deck, RELAUNCH)
    assert stats.dead_unique_copies == sum(n - 1 for k, n in counts.items() if DB.find(k).unique)
    assert stats.cards == deck.size == stats.elites + stats.ordinaries


def test_realms_makes_every_elite_unique():
    deck = DECKS["tournament-01"]
    realms = load_ruleset("realms")
    names = set(unique_copies(deck, realms).name)
    assert {e.card.name for e in deck.entries if e.card.elite} <= names
    assert names == {e.card.name for e in deck.entries if e.card.elite or e.card.unique}
    assert set(unique_copies(deck, RELAUNCH).name) == {e.card.name for e in deck.entries if e.card.unique}


def test_flyer_summary_against_cap():
    deck = DECKS["tournament-08"]
    summary = flyer_summary(deck, RELAUNCH)
    flyers = [e.card for e in deck.entries if e.card.is_flyer]
    assert summary.cost_one_of_each == sum(c.cost for c in flyers)
    assert summary.cap == RELAUNCH.squad.flying_cost_cap
    assert summary.all_fit == (summary.cost_one_of_each <= summary.cap)
    assert flyer_summary(deck, load_ruleset("realms")).all_fit  # no cap there


def test_legality_findings_sit_against_their_cards():
    deck = DECKS["tournament-03"]
    report = check_deck(deck, load_ruleset("relaunch"))
    assert not report.legal
    frame = legality_frame(deck, report)
    banned = frame[frame.status == "problem"]
    assert set(banned.name) == {p.card for p in report.problems}
    assert all("banned" in text for text in banned.findings)
    assert all("banned" in codes.split("|") for codes in banned.codes)
    assert set(frame[frame.status == "info"].name) == {i.card for i in report.info}
    assert frame.status.iloc[0] == "problem"  # problems are listed first
    short = deck.with_counts([(e.card, 1) for e in deck.entries])
    whole = deck_findings(check_deck(short, RELAUNCH))
    assert list(whole.code) == ["deck_size"] and "short" in whole.message.iloc[0]


@pytest.mark.parametrize("fmt", ["txt", "brsd", "json"])
def test_deck_from_bytes_round_trips_every_format(fmt):
    deck = DECKS["tournament-04"]
    again = deck_from_bytes(f"deck.{fmt}", format_deck(deck, fmt, DB).encode("utf-8"), DB)
    assert again.entries == deck.entries


def test_deck_from_bytes_reports_bad_input():
    with pytest.raises(BerserkInputError, match="closest names"):
        deck_from_bytes("d.txt", "3 Смотрящий в ночъ\n2 Гульь\n".encode(), DB)
    with pytest.raises(BerserkInputError, match="too large"):
        deck_from_bytes("d.txt", b"3 x\n" * 100_000, DB)
    with pytest.raises(BerserkInputError, match="not UTF-8"):
        deck_from_bytes("d.txt", b"\xff\xfe\x81 bad", DB)
    cp1251 = "3 Смотрящий в ночь\n".encode("cp1251")
    assert deck_from_bytes("d.txt", cp1251, DB).size == 3


def test_editing_copies():
    deck = DECKS["tournament-01"]
    ghoul = DB.find("Гуль")
    more = add_copies(deck, ghoul, 2)
    assert more.size == deck.size + 2 and copies_in(more, ghoul) == 2
    assert add_copies(more, ghoul, 1).entries[-1].count == 3
    first = deck.entries[0].card
    fewer = set_copies(deck, first, 0)
    assert copies_in(fewer, first) == 0 and fewer.size == deck.size - deck.entries[0].count
    assert set_copies(deck, first, 1).entries[0] == type(deck.entries[0])(first, 1)
    with pytest.raises(BerserkInputError):
        set_copies(deck, first, -1)


def test_card_frame_filters():
    table = card_frame(DB, elements=["steppes"], types=["flyer"], cost=(4, 6), elite=True)
    assert len(table) > 0
    for row in table.itertuples():
        card = DB.by_id(row.id)
        assert "steppes" in card.elements and card.is_flyer and 4 <= card.cost <= 6 and card.elite
    armored = card_frame(DB, keyword_columns=["armor"])
    assert len(armored) == sum(1 for c in DB if c.has("armor"))
    assert len(card_frame(DB)) == len(DB)
    names = card_frame(DB, text="гуль").name.str.lower()
    assert "гуль" in set(names) and all("гуль" in n for n in names)


def test_card_details_and_keywords():
    card = next(c for c in DB if c.keyword("armor") >= 1 and c.strike)
    details = card_details(card)
    assert details["Strike (weak-medium-strong)"] == "-".join(map(str, card.strike))
    kw = card_keywords(card).set_index("keyword")
    assert kw.loc["armor", "value"] == card.keyword("armor")
    assert "armor" in kw.loc["armor", "meaning"]


def test_sample_decks_are_all_there():
    assert set(sample_decks(DB)) == set(DECKS)


def test_plus_and_minus_stay_within_the_copy_limit():
    from analysis.summaries.deck import step_copies

    deck = DECKS["tournament-01"]
    full = next(e for e in deck.entries if e.count == 3 and not e.card.horde)
    step = step_copies(deck, full.card, 1, RELAUNCH, "constructed")
    assert step.refused and step.deck == deck and step.limit == 3
    step = step_copies(deck, full.card, -1, RELAUNCH, "constructed")
    assert not step.refused and step.copies == 2 and step.deck.size == deck.size - 1
    assert step_copies(deck, full.card, 1, RELAUNCH, "draft").copies == 4  # no copy limit in draft
    single = step_copies(step_copies(step.deck, full.card, -1, RELAUNCH, "constructed").deck,
                         full.card, -1, RELAUNCH, "constructed")
    assert single.copies == 0 and all(e.card.id != full.card.id for e in single.deck.entries)
    assert [e.card.id for e in single.deck.entries] == [e.card.id for e in deck.entries if e is not full]
    horde = DB.find("Бес")
    assert step_copies(deck, horde, 1, RELAUNCH, "constructed").limit == 5
