"""Card strength fitted from battles: the estimator, its reproducibility, and the `strength` objective."""

from __future__ import annotations

import random

import numpy as np
import pytest
from scipy import stats

import analysis.fitting.strength as strength_mod
from analysis.cli import main
from analysis.decks.deck import read_deck, sample_deck_paths
from analysis.fitting.strength import BattleData, fit_strength, random_squad, simulate_battles, squad_source
from analysis.rules import load_ruleset
from analysis.squad.economy import check_squad
from analysis.squad.recruit import Recruiter, card_values
from analysis.squad.strength_table import strength_table
from tests.squad.test_recruit import brute_force, tight


def test_fit_recovers_planted_strengths(db):
    """Battles drawn from the model itself with known strengths: the fit finds them again."""
    rng = np.random.default_rng(4)
    cards = [c for c in db if c.is_creature][:40]
    truth = {c.code: float(w) for c, w in zip(cards, rng.uniform(0.0, 0.6, len(cards)), strict=True)}
    beta = -0.4
    first, second, result = [], [], []
    for _ in range(6000):
        picks = rng.choice(len(cards), 16, replace=False)
        a = tuple(cards[i].code for i in picks[:8])
        b = tuple(cards[i].code for i in picks[8:])
        p = 1 / (1 + np.exp(-(beta + sum(truth[c] for c in a) - sum(truth[c] for c in b))))
        first.append(a)
        second.append(b)
        result.append(float(rng.random() < p))
    data = BattleData(tuple(first), tuple(second), np.array(result), 4, "relaunch", ("x", "x"))
    fit = fit_strength(data, db)
    fitted = [fit.values[c.code] for c in cards]
    assert stats.spearmanr(fitted, [truth[c.code] for c in cards]).statistic > 0.9
    assert fit.seat_effect == pytest.approx(beta, abs=0.15)
    by_name = {q.name: q for q in fit.quality}
    assert by_name["strength"].log_loss < by_name["crystals"].log_loss
    assert by_name["strength"].log_loss < by_name["seat only"].log_loss


def test_random_squads_are_legal(db):
    rules = load_ruleset("relaunch")
    source = squad_source(db)
    rng = random.Random(5)
    for i in range(120):
        player = 1 + i % 2
        squad = random_squad(source, rules, player, rng)
        assert squad and check_squad(squad, rules, player, 0).ok


def test_same_seed_same_battles_whatever_the_processes(db, monkeypatch):
    monkeypatch.setattr(strength_mod, "CHUNK", 20)
    rules = load_ruleset("relaunch")
    one = simulate_battles(db, rules, 60, seed=3, processes=1)
    two = simulate_battles(db, rules, 60, seed=3, processes=2)
    assert one.first == two.first and one.second == two.second
    assert np.array_equal(one.result, two.result)
    other = simulate_battles(db, rules, 60, seed=4, processes=1)
    assert other.first != one.first


def test_rebuild_command_reproduces_the_table(tmp_path, capsys):
    outs = []
    for name in ("a.csv", "b.csv"):
        path = tmp_path / name
        assert main(["fit-strength", "--battles", "60", "--seed", "9", "--processes", "1", "--quiet",
                     "-o", str(path)]) == 0
        outs.append(path.read_text(encoding="utf-8"))
        assert path.with_suffix(".json").is_file()
    assert outs[0] == outs[1]
    header, *rows = outs[0].splitlines()
    assert header == "code,name,strength,appearances" and rows
    assert all(float(r.split(",")[2]) >= 0 for r in rows)
    assert "held-out test battles" in capsys.readouterr().out


def test_strength_objective_equals_brute_force_on_small_deals(db):
    rules = tight(load_ruleset("relaunch"), gold=12, silver=10, cards=5)
    decks = [read_deck(p, db) for p in sample_deck_paths()]
    rng = np.random.default_rng(21)
    for _ in range(30):
        cards = decks[int(rng.integers(0, len(decks)))].cards()
        deal = [cards[i] for i in rng.permutation(len(cards))[:8]]
        r = Recruiter(deal, rules, 1, objective="strength")
        assert r.value == card_values(r.units, "strength", rules=rules)
        assert list(r.solve(r.counts_of(deal), 0, top=2)) == brute_force(r, deal, 0, 2)


def test_unfitted_printing_gets_the_mean_rate_per_crystal(db):
    from dataclasses import replace

    table = strength_table(load_ruleset("relaunch"))
    user = replace(db.find("Кочевник"), id=990001, set_id=990, number=1, name="Мой кочевник")
    assert not table.fitted(user)
    assert table.value(user) == pytest.approx(table.per_crystal * user.cost)
    assert table.fitted(db.find("10/1"))
    assert load_ruleset("classic").combat_model == "strike_table"
    assert strength_table(load_ruleset("realms")).ruleset == "realms"


def test_matchup_takes_an_objective_and_a_player_per_side(capsys):
    import json

    a, b = "data/decks/tournament-01.txt", "data/decks/tournament-02.txt"
    assert main(["matchup", a, b, "--games", "6", "--objective", "strength,crystals",
                 "--players", "heuristic", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["objectives"] == ["strength", "crystals"] and d["players"] == ["heuristic", "heuristic"]
    assert main(["matchup", a, b, "--games", "2", "--objective", "weights"]) == 2
    assert "unknown objective 'weights'" in capsys.readouterr().err
    assert main(["matchup", a, b, "--games", "2", "--objective", "a,b,c"]) == 2
