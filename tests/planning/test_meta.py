"""The tournament planner's field file, game cache and expected scores (``berserk meta``)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from analysis.cli import main
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.decks.legality import check_deck
from analysis.matchup.simulate import MatchupSettings, deck_matchup
from analysis.planning.cache import GameCache, default_cache_dir
from analysis.planning.field import (
    equal_field,
    field_to_toml,
    make_field,
    read_field,
    sample_field_path,
    sample_field_shares,
)
from analysis.planning.games import Block, GameRunner
from analysis.planning.keys import block_key, deck_key, derived_seed
from analysis.planning.meta import expected_scores
from analysis.planning.stats import Sample, combine, weighted_score
from analysis.rules import load_ruleset
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir


@pytest.fixture(scope="module")
def relaunch():
    """The relaunch rules without the March 2026 ban list: five sample decks predate it, and these
    tests are about the planner's mechanics (the ban list has its own tests)."""
    return load_ruleset("relaunch-casual")


SAMPLE_FIELD = data_dir() / "fields" / "sample-field-2025.toml"
CURRENT_FIELD = data_dir() / "fields" / "sample-field.toml"


@pytest.fixture(scope="module")
def settings(relaunch):
    return MatchupSettings(relaunch, mulligan="never")


@pytest.fixture(scope="module")
def samples(db):
    return [read_deck(p, db) for p in sample_deck_paths()]


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def _field_text(entries):
    out = []
    for e in entries:
        out.append("[[deck]]")
        out += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in e.items()]
        out.append("")
    return "\n".join(out)


# --------------------------------------------------------------------------- the field file


def test_sample_field_has_the_ten_sample_decks_at_equal_shares(db, relaunch, samples):
    field = read_field(SAMPLE_FIELD, db, relaunch)
    assert field.names == tuple(d.title for d in samples)
    assert [d.deck.entries for d in field.decks] == [d.entries for d in samples]
    assert math.isclose(sum(field.shares), 1.0) and len(set(field.shares)) == 1
    assert field.notes == ()


def test_current_sample_field_holds_the_sample_decks_legal_under_the_ban_list(db, samples):
    tournament = load_ruleset("relaunch")  # with the March 2026 ban list
    legal = [d for d in samples if check_deck(d, tournament).legal]
    assert 0 < len(legal) < len(samples)  # some samples hold since-banned cards
    field = read_field(CURRENT_FIELD, db, tournament)
    assert [d.deck.entries for d in field.decks] == [d.entries for d in legal]
    assert math.isclose(sum(field.shares), 1.0) and len(set(field.shares)) == 1
    # ... which is where the dashboard's field editor starts: by sample file stem, in file order
    shares = sample_field_shares(db)
    assert sample_field_path().samefile(CURRENT_FIELD)
    legal_stems = [p.stem for p in sample_deck_paths() if check_deck(read_deck(p, db), tournament).legal]
    assert list(shares) == legal_stems
    assert list(shares.values()) == list(field.shares)


def test_shares_that_do_not_add_up_are_normalised_with_a_note(tmp_path, db, relaunch):
    path = _write(tmp_path / "f.toml", _field_text([
        {"path": str(p), "share": s} for p, s in zip(sample_deck_paths()[:3], (1, 1, 2), strict=True)]))
    field = read_field(path, db, relaunch)
    assert field.shares == (0.25, 0.25, 0.5)
    assert len(field.notes) == 1 and "add up to 4" in field.notes[0]


@pytest.mark.parametrize(
    ("entries", "words"),
    [
        ([{"path": "missing.txt", "share": 1}], r"deck 1 \(missing.txt\).*no such deck file"),
        ([{"path": "{0}", "share": 0}], "'share' must be a number above 0"),
        ([{"path": "{0}", "share": -1}], "'share' must be a number above 0"),
        ([{"path": "{0}", "share": "a lot"}], "'share' must be a number above 0"),
        ([{"path": "{0}"}], "'share' is missing"),
        ([{"share": 1}], "either 'path'"),
        ([{"path": "{0}", "code": "#YAB", "share": 1}], "either 'path'"),
        ([{"path": "{0}", "share": 1, "weight": 2}], "unknown key 'weight'"),
        ([{"path": "{0}", "share": 1}, {"path": "{0}", "share": 1}], "both named"),
        ([{"path": "{0}", "share": 1}, {"path": "small.txt", "share": 1}],
         r"deck 2 \('small'\) is not legal.*30"),
        ([{"code": "#YA!", "share": 1}], "deck 1: deck code has the character"),
    ],
)
def test_bad_field_entries_are_errors_naming_the_entry(tmp_path, db, relaunch, entries, words):
    _write(tmp_path / "small.txt", "3 Гуль\n")
    first = str(sample_deck_paths()[0])
    for e in entries:
        if e.get("path") == "{0}":
            e["path"] = first
    path = _write(tmp_path / "field.toml", _field_text(entries))
    with pytest.raises(BerserkInputError, match=words):
        read_field(path, db, relaunch)


def test_field_file_errors(tmp_path, db, relaunch):
    with pytest.raises(BerserkInputError, match="not valid TOML"):
        read_field(_write(tmp_path / "a.toml", "[[deck]\n"), db, relaunch)
    with pytest.raises(BerserkInputError, match="no decks"):
        read_field(_write(tmp_path / "b.toml", 'title = "x"\n'), db, relaunch)
    with pytest.raises(BerserkInputError, match="unknown key 'decks'"):
        read_field(_write(tmp_path / "c.toml", "[[decks]]\npath = 'x'\n"), db, relaunch)
    with pytest.raises(BerserkInputError, match="no such field file"):
        read_field(tmp_path / "none.toml", db, relaunch)


def test_a_deck_banned_under_the_ruleset_makes_the_field_illegal(tmp_path, db):
    banlist = load_ruleset("relaunch")  # with the March 2026 ban list
    banned = next(p for p in sample_deck_paths() if any(e.card.banned for e in read_deck(p, db).entries))
    path = _write(tmp_path / "f.toml", _field_text([{"path": str(banned), "share": 1}]))
    with pytest.raises(BerserkInputError, match="not legal under relaunch.*ban list"):
        read_field(path, db, banlist)


def test_field_written_with_codes_reads_back(tmp_path, db, relaunch):
    field = read_field(SAMPLE_FIELD, db, relaunch)
    again = read_field(_write(tmp_path / "codes.toml", field_to_toml(field)), db, relaunch)
    assert again.names == field.names and again.shares == field.shares
    assert [d.deck.entries for d in again.decks] == [d.deck.entries for d in field.decks]
    assert {d.origin for d in again.decks} == {"code"}


# --------------------------------------------------------------------------- games, keys and the cache


def test_a_block_is_exactly_deck_matchup(samples, settings, tmp_path):
    a, b = samples[0], samples[1]
    expected = deck_matchup(a, b, settings, games=60, seed=5)
    for processes in (1, 2):
        runner = GameRunner(settings, GameCache(tmp_path / f"c{processes}"), processes)
        got = runner.matchup(Block(a, b, 60, 5), expected.a, expected.b)
        assert got.to_dict() == expected.to_dict()


def test_cache_hits_survive_corruption_and_follow_the_settings(samples, settings, tmp_path):
    a, b = samples[2], samples[3]
    cache = GameCache(tmp_path)
    runner = GameRunner(settings, cache, 1)
    first = runner.play([Block(a, b, 40, 1)])[0]
    assert runner.games_played == 40
    again = GameRunner(settings, GameCache(tmp_path), 1)
    assert np.array_equal(again.play([Block(a, b, 40, 1)])[0], first)
    assert again.games_played == 0 and again.games_cached == 40
    # a corrupt entry is ignored with a note and replayed to the same rows
    entry = cache.path_of(block_key(a, b, settings, 40, 1))
    entry.write_text("{not json", encoding="utf-8")
    fixed = GameRunner(settings, GameCache(tmp_path), 1)
    assert np.array_equal(fixed.play([Block(a, b, 40, 1)])[0], first)
    assert fixed.games_played == 40 and any("ignored" in n for n in fixed.cache.notes)
    # other settings (a field of the settings) are other games
    other = MatchupSettings(settings.rules, mulligan="never", estimate_trials=501)
    assert block_key(a, b, other, 40, 1) != block_key(a, b, settings, 40, 1)
    # the title does not play; the order of the entries does
    retitled = type(a)("another title", a.entries, a.notes)
    assert deck_key(retitled) == deck_key(a)
    assert deck_key(type(a)("x", tuple(reversed(a.entries)))) != deck_key(a)


def test_an_unwritable_cache_costs_a_note_not_the_answer(samples, settings, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    runner = GameRunner(settings, GameCache(blocker), 1)
    rows = runner.play([Block(samples[0], samples[4], 20, 3)])[0]
    assert len(rows) == 20
    assert any("cannot write" in n for n in runner.cache.notes)


def test_default_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BERSERK_CACHE", str(tmp_path / "mine"))
    assert default_cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("BERSERK_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "berserk-analyzer"


# --------------------------------------------------------------------------- expected scores


def test_weighted_score_by_hand():
    # Three opponents with shares .5/.3/.2; the deck won 6 of 10, drew 2 of 10 and won 1 of 4.
    s1 = Sample.of(np.array([1.0] * 6 + [0.0] * 4), 0.0, 1.0)
    s2 = Sample.of(np.array([0.5] * 2 + [0.0] * 8), 0.0, 1.0)
    est = weighted_score([(0.5, s1), (0.3, s2), (0.2, None)])
    assert est.mean == pytest.approx(0.5 * 0.6 + 0.3 * 0.1 + 0.2 * 0.5)
    var1 = np.var([1.0] * 6 + [0.0] * 4 + [0.0, 1.0], ddof=1) / 10
    var2 = np.var([0.5] * 2 + [0.0] * 8 + [0.0, 1.0], ddof=1) / 10
    se = math.sqrt(0.25 * var1 + 0.09 * var2)
    assert est.se == pytest.approx(se)
    z = 1.959963984540054
    assert (est.lo, est.hi) == pytest.approx((est.mean - z * se, est.mean + z * se))
    # the same sample named twice adds its coefficients (a pair counted from both sides)
    both = combine(1.0, [("p", 0.5, s1), ("p", -0.2, s1)])
    assert both.mean == pytest.approx(1.0 + 0.3 * 0.6) and both.se == pytest.approx(0.3 * math.sqrt(var1))


def test_expected_scores_equal_the_share_weighted_matrix_by_hand(samples, settings, tmp_path):
    field = make_field([("A", samples[0], 0.5), ("B", samples[1], 0.3), ("C", samples[2], 0.2)])
    mine = samples[3]
    games, seed = 40, 9
    result = expected_scores(field, settings, [("mine", mine)], games, seed,
                             GameRunner(settings, GameCache(tmp_path), 1))

    def pair_score(x, y):
        """Score of x against y, played as the planner does: the deck with the smaller key is A."""
        kx, ky = deck_key(x), deck_key(y)
        lo, hi = (x, y) if kx <= ky else (y, x)
        r = deck_matchup(lo, hi, settings, games, derived_seed(seed, "meta-pair", *sorted((kx, ky))))
        return r.a_score if lo is x else 1 - r.a_score

    decks = {"A": samples[0], "B": samples[1], "C": samples[2], "mine": mine}
    shares = {"A": 0.5, "B": 0.3, "C": 0.2}
    for name, deck in decks.items():
        by_hand = sum(share * (0.5 if opp == name else pair_score(deck, decks[opp]))
                      for opp, share in shares.items())
        got = result.candidate(name).expected
        assert got.mean == pytest.approx(by_hand)
        assert got.lo < got.mean < got.hi
    assert result.best == max(decks, key=lambda n: result.candidate(n).expected.mean)
    table = result.score_table()
    assert table.loc["A", "A"] == 0.5
    assert table.loc["mine", "B"] == pytest.approx(pair_score(mine, samples[1]))
    # a pair seen from both sides adds up to 1
    assert table.loc["A", "B"] + table.loc["B", "A"] == pytest.approx(1.0)
    # the difference of two candidates equals the difference of their scores
    diff = result.difference("mine", "A")
    mine_score, a_score = result.candidate("mine").expected.mean, result.candidate("A").expected.mean
    assert diff.mean == pytest.approx(mine_score - a_score)
    best = result.candidate("mine")
    played = result.matchups_frame("mine")
    assert best.best.score == played["score"].max() and best.worst.score == played["score"].min()


def test_adding_a_deck_plays_only_its_new_pairs(samples, settings, tmp_path):
    field = make_field([(d.title, d, 1.0) for d in samples[:3]])
    first = GameRunner(settings, GameCache(tmp_path), 1)
    expected_scores(field, settings, (), 30, 2, first)
    assert first.games_played == 3 * 30
    second = GameRunner(settings, GameCache(tmp_path), 1)
    before = expected_scores(field, settings, [("new", samples[5])], 30, 2, second)
    assert second.games_played == 3 * 30 and second.games_cached == 3 * 30
    bigger = make_field([(d.title, d, 1.0) for d in samples[:4]])
    third = GameRunner(settings, GameCache(tmp_path), 1)
    after = expected_scores(bigger, settings, [("new", samples[5])], 30, 2, third)
    assert third.games_played == 4 * 30   # the fourth field deck against the three and against "new"
    a, b = samples[0].title, samples[1].title
    assert after.score_table().loc[a, b] == before.score_table().loc[a, b]


# --------------------------------------------------------------------------- the command


def test_meta_command_json_and_html(tmp_path, capsys, samples):
    field = _write(tmp_path / "f.toml", _field_text([
        {"path": str(p), "share": s} for p, s in zip(sample_deck_paths()[:3], (2, 1, 1), strict=True)]))
    html = tmp_path / "meta.html"
    code = main(["meta", "--rules", "relaunch-casual",
                 str(field), "--deck", str(sample_deck_paths()[4]), "--games", "20", "--seed", "3",
                 "--mulligan", "never", "--processes", "1", "--cache", str(tmp_path / "cache"), "--json",
                 "--html", str(html), "--quiet"])
    out = capsys.readouterr()
    assert code == 0
    data = json.loads(out.out)
    assert [f["share"] for f in data["field"]] == [0.5, 0.25, 0.25]
    assert len(data["candidates"]) == 4 and data["games_per_pair"] == 20 and data["seed"] == 3
    assert data["best"] == data["candidates"][0]["deck"]
    scores = [c["expected_score"] for c in data["candidates"]]
    assert scores == sorted(scores, reverse=True)
    for c in data["candidates"]:
        lo, hi = c["ci95"]
        assert lo <= c["expected_score"] <= hi
        assert set(c["best_matchup"]) == {"opponent", "score"}
    assert "add up to 4" in out.err
    page = html.read_text(encoding="utf-8")
    assert "<script src=\"http" not in page and "Plotly.newPlot" in page


def test_meta_command_errors_exit_2(tmp_path, capsys):
    field = _write(tmp_path / "f.toml", _field_text([{"path": "nowhere.txt", "share": 1}]))
    assert main(["meta", "--rules", "relaunch-casual", str(field), "--no-cache"]) == 2
    assert "deck 1 (nowhere.txt)" in capsys.readouterr().err
    ok = _write(tmp_path / "g.toml", _field_text([{"path": str(sample_deck_paths()[0]), "share": 1}]))
    small = _write(tmp_path / "small.txt", "3 Гуль\n")
    assert main(["meta", "--rules", "relaunch-casual", str(ok), "--deck", str(small), "--no-cache"]) == 2
    assert "small.txt: the deck is not legal" in capsys.readouterr().err
    assert main(["meta", "--rules", "relaunch-casual", str(ok), "--cache", str(tmp_path), "--no-cache"]) == 2


def test_equal_field_and_progress(samples, settings, tmp_path):
    field = equal_field({d.title: d for d in samples[:4]})
    assert field.shares == (0.25,) * 4 and field.notes == ()
    seen = []
    runner = GameRunner(settings, GameCache(tmp_path), 1,
                        progress=lambda stage, d, t: seen.append((stage, d, t)))
    expected_scores(field, settings, (), 10, 0, runner)
    stages = {s for s, _, _ in seen}
    assert "games" in stages and "mulligan thresholds" in stages
    assert seen[-1] == ("games", 60, 60)   # 6 pairs of 10 games
    with pytest.raises(BerserkInputError, match="no decks"):
        equal_field({})


def test_meta_text_output(tmp_path, capsys):
    entries = [{"path": str(p), "share": 1} for p in sample_deck_paths()[:3]]
    field = _write(tmp_path / "f.toml", _field_text(entries))
    assert main(["meta", "--rules", "relaunch-casual",
                 str(field), "--games", "10", "--mulligan", "never", "--processes", "1",
                 "--cache", str(tmp_path / "c")]) == 0
    out = capsys.readouterr()
    assert "Best choice:" in out.out and "rank  deck" in out.out and "95 % CI" in out.out
    rows = [line for line in out.out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == 3 and all("%" in r for r in rows)  # scores as percent (analysis.util.numbers)
    assert " pp (95 % CI " in out.out  # the lead of the best deck in percentage points
    assert "cache:" in out.err and "6 computed" in out.err   # 3 pairs and 3 decks' thresholds
