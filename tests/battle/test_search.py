"""The searching player: never an illegal action (hypothesis over random positions), finds a
forced kill, a seed gives the same battle, budget names, and the CLI with per-side players."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.battle import (
    Battle,
    BattleConfig,
    HeuristicPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from analysis.battle.board import square
from analysis.battle.registry import player_problem
from analysis.cards.table import load_cards
from analysis.cli import main
from analysis.decks.deck import sample_deck_paths
from analysis.matchup.simulate import MatchupSettings
from analysis.util.errors import BerserkInputError
from tests.battle_helpers import Scripted, card

DB = load_cards()
POOL = ([c for c in DB.cards if c.type != "creature"][:200]
        + [c for c in DB.cards if c.type == "creature"][::5])


class LegalityChecked(Battle):
    """Records every action applied to the real battle that was not legal at that moment (look-
    ahead copies are plain :class:`Battle` objects, so only the actions actually played count)."""

    def apply(self, action, draws=None):
        if not self.is_legal(action):
            self.illegal.append((self.turn, action))
        super().apply(action, draws)


class RandomThenSearch(Player):
    """Random play for the first ``k`` turns of its seat, then the searching player."""

    def __init__(self, k: int, budget: int):
        self.k = k
        self.random = RandomPlayer()
        self.search = SearchPlayer(budget)
        self.search_turns = 0

    def play_turn(self, state) -> None:
        if state.turn < self.k:
            self.random.play_turn(state)
        else:
            self.search_turns += 1
            self.search.play_turn(state)

    def choose_defender(self, state, attacker, target, candidates):
        return self.search.choose_defender(state, attacker, target, candidates)

    def weaken(self, state, chooser, attacker, parrier, base, alt):
        return self.search.weaken(state, chooser, attacker, parrier, base, alt)

    def choose_targets(self, state, unit, index, candidates, most):
        return self.search.choose_targets(state, unit, index, candidates, most)


squads = st.lists(st.sampled_from(POOL), min_size=1, max_size=10)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=squads, b=squads, seed=st.integers(0, 2**32), k=st.integers(0, 6), budget=st.integers(1, 6))
def test_search_never_plays_an_illegal_action(a, b, seed, k, budget):
    players = (RandomThenSearch(k, budget), RandomThenSearch(k, budget))
    battle = LegalityChecked((a, b), players, seed=seed, config=BattleConfig(max_rounds=k // 2 + 3))
    battle.illegal = []
    result = battle.run()  # an illegal action would also raise IllegalAction
    assert battle.illegal == []
    assert battle.over and result.turns <= 2 * (k // 2 + 3)


def test_search_finds_the_forced_kill():
    # The First player's A stands next to the Second player's only creature B (1 life left,
    # closed: it cannot parry, so any strike kills it and wins) and to a costly artifact W (1 life).
    # The heuristic takes the bigger material gain, W; the search sees that striking B wins.
    a = card("A", strike=(1, 2, 3), life=8, move=1)
    b = card("B", strike=(1, 1, 1), life=1, move=1, cost=1)
    w = card("W", type="artifact", strike=None, life=1, move=0, cost=10)
    placements = ({0: square(2, 2)}, {1: square(3, 2), 2: square(3, 1)})
    for seed in range(5):
        results = {}
        for name in ("heuristic", "search"):
            battle = Battle(([a], [b, w]), (make_player(name), Scripted()), seed=seed, placements=placements,
                            record=True)
            battle.open[1] = False  # B acted last turn: closed (only seat 0's cards open now)
            battle.run()
            strikes = [e for e in battle.log if e["e"] == "strike"]
            results[name] = (strikes[0]["target"], battle.winner, battle.turn)
        assert results["heuristic"][0] == 2  # the heuristic strikes the artifact first
        assert results["search"] == (1, 0, 0)  # the search kills B and wins in its first turn


def test_a_seed_gives_the_same_battle():
    squad = [c for c in DB.cards if c.type == "creature" and c.strike][:6]
    logs = []
    for _ in range(2):
        battle = Battle((squad, squad), (make_player("search:3"), make_player("heuristic")), seed=11,
                        record=True)
        battle.run()
        logs.append(battle.log)
    assert logs[0] == logs[1] and len(logs[0]) > 3


def test_budget_names():
    assert make_player("search").budget == 3
    assert make_player("search:32").budget == 32
    assert isinstance(make_player("search:1"), SearchPlayer)
    for bad in ("search:0", "search:x", "search:-3", "search:", "search:1001", "search:2.5"):
        with pytest.raises(ValueError, match="budget"):
            make_player(bad)
        assert "search:" in player_problem(bad)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("serch")
    assert player_problem("heuristic") is None and player_problem("search:8") is None
    assert isinstance(make_player("heuristic"), HeuristicPlayer)


def test_matchup_settings_reject_bad_budgets(relaunch):
    with pytest.raises(BerserkInputError, match="budget"):
        MatchupSettings(relaunch, players=("search:0", "heuristic"))
    assert MatchupSettings(relaunch, players=("search:8", "heuristic")).players == ("search:8", "heuristic")


def test_cli_matchup_with_search_players(capsys):
    a, b = sorted(sample_deck_paths())[:2]
    assert main(["matchup", str(a), str(b), "--games", "2", "--seed", "1", "--mulligan", "never",
                 "--players", "search:2,heuristic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == ["search:2", "heuristic"]
    assert out["a_wins"] + out["b_wins"] + out["draws"] == 2
    assert main(["matchup", str(a), str(b), "--games", "2", "--mulligan", "never", "--players", "search",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["search", "search"]
    assert main(["matchup", str(a), str(b), "--games", "2", "--players", "search:0"]) == 2
    err = capsys.readouterr().err
    assert "search:0" in err and "Traceback" not in err
