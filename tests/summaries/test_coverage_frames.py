"""The coverage tables of the Cards page (analysis.summaries.coverage) against the report they lay out."""

from __future__ import annotations

from analysis.cards.table import load_cards
from analysis.decks.coverage import TOURNAMENT_SETS, coverage
from analysis.summaries.coverage import status_frame, target_frame
from analysis.summaries.deck import card_frame, played_status

DB = load_cards()
REPORT = coverage(DB)


def test_target_frame_is_the_reports_targets():
    frame = target_frame(REPORT)
    assert list(frame.target) == [t.name for t in REPORT.targets]
    for row, target in zip(frame.itertuples(), REPORT.targets, strict=True):
        assert (row.counted, row.of, row.met) == (target.count.modelled, target.count.total, target.met)
        assert abs(row.share - target.count.modelled / target.count.total) < 1e-12


def test_status_frame_counts_every_printing_and_copy_once():
    frame = status_frame(REPORT)
    sets = frame[frame.kind == "set"]
    printings = {s: sum(1 for c in DB if c.set_id == s) for s in TOURNAMENT_SETS}
    per_set = sets.groupby("group")["count"].sum().sort_index().tolist()
    assert per_set == [printings[s] for s in TOURNAMENT_SETS]
    for group, rows in frame.groupby("group"):
        assert abs(rows.share.sum() - 1.0) < 1e-9, group
    decks = frame[frame.kind == "deck"]
    assert decks["count"].sum() == sum(d.copies for d in REPORT.decks)
    none = sets[sets.status == "none"]["count"].sum()
    assert none == next(t for t in REPORT.targets if t.name == "sets_none").count.modelled


def test_card_frame_filters_by_played_status():
    partial = card_frame(DB, statuses=["partial"])
    assert len(partial) == sum(1 for c in DB if played_status(c) == "partial") > 0
    assert set(partial.status) == {"partial"}
    both = card_frame(DB, statuses=["full", "none"])
    assert set(both.status) <= {"full", "none"}
    assert len(both) + len(partial) == len(DB)
