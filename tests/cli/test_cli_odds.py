"""``berserk odds`` and ``berserk ratings`` on real cards from the sample decks."""

from __future__ import annotations

import json
from fractions import Fraction

import pandas as pd
import pytest

from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.combat.duel import duel
from analysis.combat.monte_carlo import wilson
from analysis.combat.strike import fighter_from_card, strike_odds
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.squad.recruit import read_ratings


def run_json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def deck_creatures():
    db = load_cards()
    deck = read_deck(sample_deck_paths()[0], db)
    return sorted({c for c in deck.cards() if c.is_creature}, key=lambda c: c.id)


def test_odds_json_schema_and_values(capsys):
    attacker, target = deck_creatures()[:2]
    out = run_json(capsys, "odds", attacker.name, target.name, "--json")
    assert {"outcomes", "p_target_dies", "duel"} <= set(out)
    assert set(out["duel"]) >= {"first_wins", "second_wins", "both_die", "undecided", "policy"}
    assert out["duel"]["policy"] == "always_attack" and out["weaken"] == "best"
    total = Fraction(0)
    for o in out["outcomes"]:
        assert set(o) == {"to_target", "to_attacker", "p", "p_exact"}
        assert isinstance(o["to_target"], int) and isinstance(o["to_attacker"], int)
        assert o["p"] == pytest.approx(float(Fraction(o["p_exact"])))
        total += Fraction(o["p_exact"])
    assert total == 1
    exact = strike_odds(fighter_from_card(attacker), fighter_from_card(target), "strike_table")
    assert out["p_target_dies"] == pytest.approx(float(exact.p_target_dies))
    d = duel(fighter_from_card(attacker), fighter_from_card(target))
    assert out["duel"]["first_wins"] == pytest.approx(d.first_wins)
    ends = ("first_wins", "second_wins", "both_die", "undecided")
    assert sum(out["duel"][k] for k in ends) == pytest.approx(1)


def test_odds_options(capsys):
    a, b = deck_creatures()[2:4]
    closed = run_json(capsys, "odds", a.code, b.code, "--closed", "--json")
    assert closed["closed"] is True and closed["weaken"] == "n/a"
    assert all(o["to_attacker"] == 0 for o in closed["outcomes"])
    realms = run_json(capsys, "odds", a.name, b.name, "--rules", "realms", "--json")
    assert realms["combat_model"] == "defence_die"
    optimal = run_json(capsys, "odds", "2-3-4:6:armor=1", "1-2-3:5", "--duel-policy", "optimal",
                       "--weaken", "never", "--json", "--max-turns", "20")
    assert optimal["duel"]["policy"] == "optimal" and optimal["duel"]["max_turns"] == 20
    assert main(["odds", a.name, b.name]) == 0
    text = capsys.readouterr().out
    assert "P(target dies)" in text and "first wins" in text


def test_odds_simulate_json(capsys):
    a, b = deck_creatures()[4:6]
    out = run_json(capsys, "odds", a.name, b.name, "--simulate", "100000", "--seed", "3", "--json")
    mc = out["monte_carlo"]
    assert mc["n"] == 100000 and mc["seed"] == 3 and mc["duel"]["policy"] == "always_attack"
    exact = {(o["to_target"], o["to_attacker"]): o["p"] for o in out["outcomes"]}
    figures = [(o, exact[(o["to_target"], o["to_attacker"])]) for o in mc["outcomes"]]
    ends = ("first_wins", "second_wins", "both_die", "undecided")
    figures += [(mc["duel"][k], out["duel"][k]) for k in ends]
    for fig, _ in figures:  # the reported interval is the 95 % Wilson interval of the count
        est = wilson(round(fig["p"] * 100000), 100000)
        assert (fig["lo"], fig["hi"]) == pytest.approx((est.lo, est.hi))
    # every exact figure inside its interval, Bonferroni-adjusted over the figures (see test_combat_mc)
    level = 1 - 0.05 / len(figures)
    for fig, x in figures:
        assert wilson(round(fig["p"] * 100000), 100000).at_level(level).contains(x)
    assert set(mc["outcomes"][0]) == {"to_target", "to_attacker", "p", "lo", "hi"}
    optimal = run_json(capsys, "odds", a.name, b.name, "--simulate", "1000", "--duel-policy", "optimal",
                       "--json")
    assert optimal["monte_carlo"]["duel"]["policy"] == "optimal"


@pytest.mark.parametrize("argv", [
    ["odds", "Нет такой карты", "Эвтерпа"],
    ["odds", "2-3-4", "Эвтерпа"],
    ["odds", "2-3-4:0", "Эвтерпа"],
    ["odds", "Эвтерпа+speed=1", "Эвтерпа"],
])
def test_odds_bad_input_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


def test_ratings_command_writes_a_recruit_ratings_csv(tmp_path, capsys):
    target = tmp_path / "ratings.csv"
    assert main(["ratings", "--set", "21", "-o", str(target), "--quiet", "--max-turns", "30"]) == 0
    assert "written to" in capsys.readouterr().out
    frame = pd.read_csv(target)
    assert list(frame.columns[:2]) == ["name", "rating"]
    ratings = read_ratings(target)  # the recruitment optimizer's reader takes it as is
    assert len(ratings) == len(frame) and all(0 <= v <= 1 for v in ratings.values())
    deck = sample_deck_paths()[0]
    out = run_json(capsys, "ratings", "--set", "21", "--deck", str(deck), "--json", "--max-turns", "30")
    assert out["pool_size"] == sum(1 for c in read_deck(deck, load_cards()).cards() if c.is_creature)
    values = [r["rating"] for r in out["ratings"]]
    assert values == sorted(values, reverse=True)
