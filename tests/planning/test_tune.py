"""Tuning: legal swaps from a pool or a collection, racing with common random numbers, ``berserk tune``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from analysis.cards.table import CardDB
from analysis.cli import main
from analysis.decks.deck import Deck, DeckEntry, read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.matchup.simulate import MatchupSettings
from analysis.planning.cache import GameCache
from analysis.planning.collection import Collection, parse_collection
from analysis.planning.field import make_field
from analysis.planning.games import GameRunner
from analysis.planning.swaps import (
    Swap,
    aligned_deck,
    apply_swap,
    candidate_swaps,
    pool_cards,
    strengths_of,
    swap_from_names,
)
from analysis.planning.tune import CAPPED, LOWER_HALF, OUT_OF_TOP, RESOLVED, status_parts, tune
from analysis.rules import load_ruleset
from analysis.util.errors import BerserkInputError


@pytest.fixture(scope="module")
def relaunch():
    """The relaunch rules without the March 2026 ban list: five sample decks predate it, and these
    tests are about the planner's mechanics (the ban list has its own tests)."""
    return load_ruleset("relaunch-casual")



@pytest.fixture(scope="module")
def samples(db):
    return {p.stem: read_deck(p, db) for p in sample_deck_paths()}


@pytest.fixture(scope="module")
def settings(relaunch):
    return MatchupSettings(relaunch, mulligan="never")


def _synthetic(db, card_id, name, strike, life, cost):
    """A made-up ordinary darkness creature (set 99) for planting a known improvement."""
    model = db.find("Балторн")
    return replace(model, id=card_id, set_id=99, set_name="test", number=card_id % 1000, name=name,
                   cost=cost, strike=strike, life=life, keywords=(), unique=False, elite=False)


# --------------------------------------------------------------------------- swaps


def test_apply_swap_and_the_aligned_deck_hold_the_same_cards(samples, db):
    deck = samples["tournament-02"]
    x = deck.entries[0].card                         # 3 Балторн
    y = db.find("Костяной всадник")                    # already 2 in the deck
    z = db.find("Скелет")                              # not in the deck
    merged = apply_swap(deck, Swap(x, y, 2))
    assert merged.size == deck.size and merged.counts_by_name()[y.key] == 4
    assert merged.counts_by_name()[x.key] == 1
    aligned = aligned_deck(deck, Swap(x, y, 2))
    assert aligned.counts_by_name() == merged.counts_by_name()
    new = aligned_deck(deck, Swap(x, z, 3))
    # the added copies take the removed copies' places: the same positions are dealt
    assert [c.key for c in new.cards()][3:] == [c.key for c in deck.cards()][3:]
    assert [c.key for c in new.cards()][:3] == [z.key] * 3
    with pytest.raises(BerserkInputError, match="cannot remove 4"):
        apply_swap(deck, Swap(x, z, 4))
    with pytest.raises(BerserkInputError, match="no Скелет"):
        apply_swap(deck, Swap(z, x, 1))


def test_collection_format_and_errors(db):
    c = parse_collection("# mine\n10185 3\n20159,1\n10185 1\n\n", db)
    assert c.copies == {10185: 4, 20159: 1}
    words = r"line 2: expected 'ID COUNT'.*\n.*line 3: no card with id 999"
    with pytest.raises(BerserkInputError, match=words):
        parse_collection("10185 3\nГуль 3\n99999 1\n", db, "my.txt")
    with pytest.raises(BerserkInputError, match="lists no cards"):
        parse_collection("# nothing\n", db)
    with pytest.raises(BerserkInputError, match="above 999"):
        parse_collection("10185 1000\n", db)


def test_every_proposed_swap_is_legal_under_bans_sets_and_copies(samples, db, tmp_path):
    rules_path = tmp_path / "cup.toml"
    rules_path.write_text('base = "relaunch"\nname = "cup"\n[deck.bans]\nuse_card_flag = true\n'
                          'names = ["Скелет"]\nallowed_sets = [40, 50, 60]\n', encoding="utf-8")
    rules = load_ruleset(str(rules_path))
    deck = samples["tournament-02"]
    assert check_deck(deck, rules).legal
    field = make_field([("a", samples["tournament-02"], 1.0)])
    found = candidate_swaps(deck, db, rules, "constructed", "all", field, limit=60)
    assert len(found) == 60
    for c in found:
        tuned = apply_swap(deck, c.swap)
        assert check_deck(tuned, rules).legal, c.swap.label()
        assert c.swap.add.set_id in (40, 50, 60) and not c.swap.add.banned and c.swap.add.name != "Скелет"
        assert tuned.counts_by_name()[c.swap.add.key] <= 3
    assert [c.prescreen for c in found] == sorted((c.prescreen for c in found), reverse=True)


def test_the_elements_pool_keeps_to_the_decks_elements(samples, db, relaunch):
    deck = samples["tournament-04"]                      # steppes and forests (+ a swamps companion)
    pool = pool_cards(deck, db, relaunch, "elements")
    allowed = {el for e in deck.entries for el in e.card.elements}
    assert pool and all(set(card.elements) <= allowed for card, _ in pool.values())
    assert any(not card.elements for card, _ in pool.values())      # neutral cards are in


def test_the_collection_bounds_the_copies_added(samples, db, relaunch):
    deck = samples["tournament-02"]
    owned = Collection({db.find("Арбак").id: 2, db.find("Зомби-гризли").id: 2, db.find("Скелет").id: 1})
    field = make_field([("a", samples["tournament-01"], 1.0)])
    found = candidate_swaps(deck, db, relaunch, "constructed", owned, field, limit=40)
    have = owned.owned_by_name(db)
    assert {c.swap.add.name for c in found} <= {"Зомби-гризли", "Скелет"}   # 2 Арбак are already in the deck
    for c in found:
        assert apply_swap(deck, c.swap).counts_by_name()[c.swap.add.key] <= have[c.swap.add.key]
    assert max(c.swap.copies for c in found if c.swap.add.name == "Зомби-гризли") == 1


# --------------------------------------------------------------------------- racing


def test_tuning_finds_a_planted_improvement(samples, db, settings, tmp_path):
    weak = _synthetic(db, 99001, "Слабак", (1, 1, 1), 1, 6)
    strong = _synthetic(db, 99002, "Чемпион", (4, 5, 6), 16, 6)
    big_db = CardDB([*db.cards, weak, strong])
    base = samples["tournament-02"]
    balthorn = base.entries[0]
    deck = Deck("planted", (DeckEntry(weak, balthorn.count), *base.entries[1:]))
    owned = Collection({strong.id: 3, db.find("Скелетный кот").id: 3, db.find("Гробовщик").id: 3,
                        db.find("Костяной всадник").id: 3})
    field = make_field([("orcs", samples["tournament-04"], 0.6), ("farro", samples["tournament-09"], 0.4)])
    candidates = candidate_swaps(deck, big_db, settings.rules, "constructed", owned, field, limit=6)
    planted = Swap(weak, strong, 3)
    assert planted in [c.swap for c in candidates[:2]]        # the pre-screen sees it (with the artifact)
    result = tune(deck, field, settings, candidates, seed=4, block=40, max_games=160, target=0.05, top=2,
                  runner=GameRunner(settings, GameCache(tmp_path), 1))
    best = result.swaps[0]
    # The best swap takes the planted weak card out with a gain whose whole interval is above 0,
    # and the planted replacement is among the top two, also with a positive gain (since the
    # issue-19 mechanics, Скелетный кот for Слабак can gain as much as the planted Чемпион).
    assert best.swap.remove == weak and best.gain.lo > 0
    top = {c.swap: c for c in result.swaps[:2]}
    assert planted in top and top[planted].gain.lo > 0
    assert best.status in ("resolved", "game cap") and best.games > 0
    assert result.tuned_deck(1).counts_by_name().get(weak.key, 0) < balthorn.count
    assert result.games_total == result.baseline.games + sum(s.games for s in result.swaps)
    assert sorted((s.gain.mean for s in result.swaps), reverse=True) == [s.gain.mean for s in result.swaps]
    # every swap raced at least one block against each field deck, and only finishers played the most
    assert all(s.games >= 2 * 40 for s in result.swaps)
    # every stop reason reads back as a kind and its numbers (the dashboard translates them)
    for swap in result.swaps:
        kind, numbers = status_parts(swap.status)
        assert kind in ("resolved", "game_cap", "out_of_top", "lower_half"), swap.status
        if kind == "out_of_top":
            assert numbers["top"] == 2 and 1 <= numbers["round"] <= result.rounds


def test_stop_reasons_read_back():
    assert status_parts(RESOLVED) == ("resolved", {})
    assert status_parts(CAPPED) == ("game_cap", {})
    assert status_parts(OUT_OF_TOP.format(top=5, round=12)) == ("out_of_top", {"top": 5, "round": 12})
    assert status_parts(LOWER_HALF.format(round=3)) == ("lower_half", {"round": 3})
    assert status_parts("out of the top five after round one") == ("other", {})


def test_paired_games_narrow_the_gain_interval(samples, db, settings, tmp_path):
    deck = samples["tournament-09"]
    x = next(e.card for e in deck.entries if e.count >= 1 and not e.card.unique)
    y = next(c for c in db.filter(elements=list(x.elements)) if c.is_creature and c.complete and
             c.key not in deck.counts_by_name() and not c.unique and not c.elite and c.cost == x.cost)
    field = make_field([("orcs", samples["tournament-04"], 0.5), ("incorn", samples["tournament-02"], 0.5)])
    result = tune(deck, field, settings, [Swap(x, y, 1)], seed=1, block=200, max_games=200, target=0.001,
                  top=1, runner=GameRunner(settings, GameCache(tmp_path), 1))
    s = result.swaps[0]
    unpaired = (s.expected.se ** 2 + result.baseline.se ** 2) ** 0.5
    assert s.gain.mean == pytest.approx(s.expected.mean - result.baseline.mean)
    assert s.gain.se < 0.8 * unpaired
    assert s.status == "game cap"


def test_a_swap_into_a_field_deck_and_a_baseline_in_the_field(samples, db, settings, tmp_path):
    deck = samples["tournament-02"]
    x = deck.entries[-1].card                              # 1 Скелетный кот
    y = db.find("Скелет")
    twin = apply_swap(deck, Swap(x, y, 1))
    field = make_field([("me", deck, 0.5), ("twin", twin, 0.5)])
    result = tune(deck, field, settings, [Swap(x, y, 1)], seed=2, block=20, max_games=20, top=1,
                  runner=GameRunner(settings, GameCache(tmp_path), 1))
    s = result.swaps[0]
    # the baseline meets itself (½) and plays the twin; the tuned deck is the twin (½ against it) and
    # plays the baseline deck: each side has games against one field deck only, and the gain is unpaired
    assert result.baseline.games == 20 and s.games == 20 and s.expected.games == 20
    assert s.gain.mean == pytest.approx(s.expected.mean - result.baseline.mean)
    assert s.gain.se == pytest.approx((s.expected.se ** 2 + result.baseline.se ** 2) ** 0.5)


def test_tune_command(tmp_path, capsys, samples):
    field = tmp_path / "f.toml"
    field.write_text("".join(f'[[deck]]\npath = "{p}"\nshare = 1\n\n' for p in sample_deck_paths()[3:5]),
                     encoding="utf-8")
    owned = tmp_path / "mine.txt"
    owned.write_text("50153 3\n60167 3\n40160 3\n", encoding="utf-8")
    best = tmp_path / "best.nxt"
    code = main(["tune", "--rules", "relaunch-casual",
                 str(sample_deck_paths()[1]), "--field", str(field), "--pool", str(owned),
                 "--candidates", "3", "--games", "40", "--block", "20", "--target", "0.2", "--top", "1",
                 "--seed", "1", "--mulligan", "never", "--processes", "1", "--cache", str(tmp_path / "c"),
                 "--json", "--quiet", "--save-best", str(best)])
    out = capsys.readouterr()
    assert code == 0, out.err
    data = json.loads(out.out)
    assert set(data) >= {"baseline", "swaps", "games_total", "seed"}
    assert set(data["baseline"]) >= {"expected_score", "ci95"} and data["seed"] == 1
    assert len(data["swaps"]) == 3
    for s in data["swaps"]:
        assert set(s) >= {"remove", "add", "expected_score", "gain", "gain_ci95", "games"}
        assert set(s["remove"][0]) >= {"card", "copies"} and s["games"] > 0
        assert s["gain_ci95"][0] <= s["gain"] <= s["gain_ci95"][1]
        assert 0 <= s["caveat"]["unsure_share"] <= 1  # issue 21: the share resting on model gaps
    assert data["games_total"] == data["baseline"]["games"] + sum(s["games"] for s in data["swaps"])
    assert best.read_text().startswith("#")
    # text output, from the cache this time
    assert main(["tune", "--rules", "relaunch-casual",
                 str(sample_deck_paths()[1]), "--field", str(field), "--pool", str(owned),
                 "--candidates", "3", "--games", "40", "--block", "20", "--target", "0.2", "--top", "1",
                 "--seed", "1", "--mulligan", "never", "--processes", "1",
                 "--cache", str(tmp_path / "c")]) == 0
    out = capsys.readouterr()
    assert "Baseline expected score" in out.out and "0 played now" in out.out
    # each swap row carries its unsure share, and the notes below name the cards behind it
    header = next(line for line in out.out.splitlines() if line.lstrip().startswith("rank"))
    assert "unsure" in header
    rows = [line for line in out.out.splitlines() if line.lstrip()[:1].isdigit() and "−" in line]
    assert len(rows) == 3 and all("%" in r.split("  ")[-2] or "limit" in r for r in rows)
    assert "unsure = the share of a swap's gain" in out.out


def test_tune_command_errors(tmp_path, capsys):
    field = tmp_path / "f.toml"
    field.write_text(f'[[deck]]\npath = "{sample_deck_paths()[0]}"\nshare = 1\n', encoding="utf-8")
    small = tmp_path / "small.txt"
    small.write_text("3 Гуль\n", encoding="utf-8")
    assert main(["tune", "--rules", "relaunch-casual", str(small), "--field", str(field), "--no-cache"]) == 2
    assert "not legal" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("10185 x\n", encoding="utf-8")
    deck = str(sample_deck_paths()[1])
    assert main(["tune", "--rules", "relaunch-casual",
                 deck, "--field", str(field), "--pool", str(bad), "--no-cache"]) == 2
    assert "bad.txt: 1 problem(s) in the collection" in capsys.readouterr().err
    assert main(["tune", "--rules", "relaunch-casual",
                 deck, "--field", str(field), "--block", "3", "--no-cache"]) == 2
    assert "--block must be an even number" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"block": 3}, "even number"),
        ({"block": 100, "max_games": 50}, "at least one block"),
        ({"max_games": 2_000_000}, "too many"),
        ({"target": 0}, "--target must be between 0 and 1"),
        ({"top": 0}, "--top must be at least 1"),
    ],
)
def test_tune_rejects_impossible_settings(samples, settings, kwargs, words):
    field = make_field([("a", samples["tournament-01"], 1.0)])
    with pytest.raises(BerserkInputError, match=words):
        tune(samples["tournament-02"], field, settings, [], **kwargs)


def test_swap_by_names_and_the_strength_of_a_decks_cards(samples, db, relaunch):
    deck = samples["tournament-02"]
    swap = swap_from_names(deck, db, "балторн", "Скелет", 2)
    assert swap.remove == deck.entries[0].card and swap.add.name == "Скелет"
    with pytest.raises(BerserkInputError, match="no 'Эллион' to remove"):
        swap_from_names(deck, db, "Эллион", "Скелет", 1)
    field = make_field([("orcs", samples["tournament-04"], 1.0)])
    strength = strengths_of(deck, field, relaunch)
    assert set(strength) == set(deck.counts_by_name())
    assert strength[db.find("Мертвяцкая бомбарда").key] == 0.0          # an artifact does not duel
    assert strength[db.find("Зомби-гризли").key] > strength[db.find("Балторн").key]
    assert all(0.0 <= v <= 1.0 for v in strength.values())
