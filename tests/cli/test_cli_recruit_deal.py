"""``berserk recruit`` and ``berserk deal``: JSON contracts, progress, exit codes."""

from __future__ import annotations

import json
import math

import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.decks.deck import read_deck
from analysis.rules import load_ruleset
from analysis.squad.deals import deal_odds
from analysis.squad.strength_table import strength_table

DECK = "data/decks/tournament-01.txt"
DEAL = ["Чернокнижник", "Инзела", "Королева медуз", "Элмор", "Кочевник", "10/1", "Немая стража"]


def run_json(capsys, argv):
    code = main(argv)
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else None), out.err


def test_recruit_json_contract(capsys):
    code, d, _ = run_json(capsys, ["recruit", *DEAL, "--json", "--top", "2", "--rules", "classic",
                                   "--objective", "crystals"])
    assert code == 0
    assert list(d) == ["squad", "value", "gold_spent", "silver_spent", "gold_left", "silver_left",
                       "elements", "element_adjustment", "greedy_value", "alternatives"]
    db = load_cards()
    assert d["value"] == sum(db.find(n).cost for n in d["squad"])
    assert d["gold_spent"] + d["silver_spent"] == d["value"]
    assert d["element_adjustment"] == 2 - len(d["elements"])
    assert [len(a["squad"]) > 0 for a in d["alternatives"]] == [True, True]


def test_recruit_player_and_mulligans_change_the_budget(capsys):
    _, p1, _ = run_json(capsys, ["recruit", "Кочевник", "--json"])
    _, p2, _ = run_json(capsys, ["recruit", "Кочевник", "--json", "--player", "2", "--mulligans", "3"])
    _, c2, _ = run_json(capsys, ["recruit", "Кочевник", "--json", "--player", "2", "--mulligans", "3",
                                 "--rules", "classic"])
    assert (p1["gold_left"], p1["silver_left"]) == (24, 19)  # 23 + 1 (one element); silver pays first
    assert (p2["gold_left"], p2["silver_left"]) == (24 + 1, 20)  # relaunch: free mulligans (004 L129)
    assert (c2["gold_left"], c2["silver_left"]) == (23 + 1 - 3, 20)  # classic: 1 gold each (000 3.3)


def test_recruit_unknown_card_exits_2(capsys):
    assert main(["recruit", "Кочевник", "Несуществующая карта", "--json"]) == 2
    err = capsys.readouterr().err
    assert "unknown card" in err and "Traceback" not in err


def test_recruit_rating_objective_from_csv(capsys, tmp_path):
    ratings = tmp_path / "r.csv"
    ratings.write_text("name,rating\nКочевник,10\nЧернокнижник,1\n", encoding="utf-8")
    code, d, _ = run_json(capsys, ["recruit", "Кочевник", "Чернокнижник", "--objective", "rating",
                                   "--ratings", str(ratings), "--json"])
    assert code == 0 and d["value"] == 11
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nКочевник,lots\n", encoding="utf-8")
    assert main(["recruit", "Кочевник", "--objective", "rating", "--ratings", str(bad)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert main(["recruit", "Кочевник", "Гуль", "--objective", "rating", "--ratings", str(ratings)]) == 2
    assert "no rating for 'Гуль'" in capsys.readouterr().err
    code, d, _ = run_json(capsys, ["recruit", "Кочевник", "Гуль", "--objective", "rating", "--ratings",
                                   str(ratings), "--default-rating", "0.5", "--json"])
    assert code == 0 and d["value"] == 10.5
    assert main(["recruit", "Кочевник", "--weight", "Кочевник=2"]) == 2
    argv = ["recruit", "Кочевник", "--objective", "weights", "--weight", "Кочевник=2.5", "--json"]
    code, d, _ = run_json(capsys, argv)
    assert d["value"] == 7.5


def test_recruit_rating_defaults_to_combat_ratings(capsys):
    """Without --ratings, creatures are rated by the combat engine and other cards get 0."""
    from analysis.cards.table import load_cards
    from analysis.combat.ratings import ratings_map
    from analysis.rules import load_ruleset

    db, rules = load_cards(), load_ruleset("relaunch")
    deal = ["Кочевник", "Кочевник", "Гуль", "20/159"]  # two creatures' names and an artifact
    code, d, _ = run_json(capsys, ["recruit", *deal, "--objective", "rating", "--json"])
    creatures = [db.find("Кочевник"), db.find("Гуль")]
    expected = ratings_map(rules, cards=creatures, db=db)
    assert code == 0 and "Мертвяцкая бомбарда" in d["squad"]  # rated 0, still affordable
    assert d["value"] == round(2 * expected[creatures[0].key] + expected[creatures[1].key], 6)
    assert 0 < expected[creatures[0].key] < 1


def test_recruit_human_output(capsys):
    assert main(["recruit", *DEAL, "--objective", "crystals"]) == 0
    out = capsys.readouterr().out
    assert "Best squad for crystals" in out and "Rulebook greedy" in out


def test_recruit_default_objective_is_strength(capsys):
    code, d, _ = run_json(capsys, ["recruit", *DEAL, "--json"])
    assert code == 0
    rules = load_ruleset("relaunch")
    table = strength_table(rules)
    db = load_cards()
    squad = [db.find(n) for n in d["squad"]]
    assert d["value"] == pytest.approx(sum(max(0.0, table.value(c)) for c in squad), abs=1e-5)
    crystals = run_json(capsys, ["recruit", *DEAL, "--json", "--objective", "crystals"])[1]
    assert crystals["value"] >= sum(c.cost for c in squad)  # crystals maximises the cost instead


def test_deal_json_contract_and_exact_odds(capsys):
    code, d, err = run_json(capsys, [
        "deal", DECK, "--trials", "400", "--seed", "5", "--policy", "optimal", "--horizon", "2",
        "--estimate-trials", "100", "--json", "--quiet"])
    assert code == 0 and err == ""
    for key in ("deal_size", "elite_count_pmf", "card_probability", "squad_value", "mulligan_rate"):
        assert key in d
    assert "thresholds" in d
    assert d["deal_size"] == 15 and len(d["thresholds"]) == 2
    lo, hi = d["squad_value"]["ci95"]
    assert lo <= d["squad_value"]["mean"] <= hi
    odds = deal_odds(read_deck(DECK, load_cards()), 15)
    assert d["elite_count_pmf"] == pytest.approx(list(odds.elite_count_pmf), abs=1e-6)
    assert d["card_probability"]["Аранта"] == pytest.approx(0.5)


def test_deal_together_probability(capsys):
    code, d, _ = run_json(capsys, ["deal", DECK, "--trials", "50", "--quiet", "--json",
                                   "--together", "Аранта", "--together", "Эллион"])
    assert code == 0 and d["together"]["names"] == ["Аранта", "Эллион"]
    assert d["together"]["probability"] == pytest.approx(math.comb(28, 13) / math.comb(30, 15), abs=1e-6)
    assert main(["deal", DECK, "--quiet", "--together", "Гуль"]) == 2


def test_deal_progress_on_stderr_unless_quiet(capsys):
    assert main(["deal", DECK, "--trials", "300", "--seed", "1"]) == 0
    out = capsys.readouterr()
    assert "100%" in out.err and "squad value" in out.out


def test_deal_bad_input_exits_2(capsys):
    assert main(["deal", DECK, "--policy", "maybe", "--quiet"]) == 2
    assert "policy" in capsys.readouterr().err
    assert main(["deal", "no/such/deck.txt", "--quiet"]) == 2


def test_deal_on_an_illegal_deck_warns(capsys, tmp_path):
    """Issue 21 item 11: a deck with banned cards, or of 5 cards, gets its problems on stderr (even with
    ``--quiet``), a NOT LEGAL line in the output and ``legal: false`` in the JSON; a legal deck none."""
    small = tmp_path / "small.txt"
    small.write_text("3 Гуль\n2 Кочевник\n", encoding="utf-8")
    assert main(["deal", str(small), "--trials", "50", "--quiet"]) == 0
    out = capsys.readouterr()
    assert "NOT LEGAL under relaunch" in out.out
    assert "warning" in out.err and "5 cards" in out.err and "'Гуль'" in out.err
    code, d, err = run_json(capsys, ["deal", "data/decks/tournament-03.txt", "--trials", "50", "--quiet",
                                     "--json"])
    assert code == 0 and d["legal"] is False and [p["card"] for p in d["problems"]] == ["Илинси"]
    assert "Илинси" in err
    code, d, err = run_json(capsys, ["deal", DECK, "--trials", "50", "--quiet", "--json"])
    assert d["legal"] is True and d["problems"] == [] and err == ""


def test_recruit_marks_and_warns_about_banned_cards(capsys):
    """``recruit --top`` never offers a banned card unmarked: each is flagged and warned about."""
    assert main(["recruit", "Гуль", "Кочевник", "Чернокнижник", "--top", "2"]) == 0
    out = capsys.readouterr()
    offered = [line for line in out.out.splitlines() if "Гуль" in line]
    assert offered and all("[banned]" in line for line in offered)
    assert "'Гуль' is banned under relaunch" in out.err
    assert main(["recruit", "Гуль", "Кочевник", "--top", "2", "--rules", "relaunch-casual"]) == 0
    out = capsys.readouterr()
    assert "[banned]" not in out.out and "banned" not in out.err
