"""The game / state / player interface: who imports whom, turns, chance outcomes, clones."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from analysis.battle import END_TURN, Battle, IllegalAction, Player, Strike, first_action, make_player
from analysis.battle.board import square
from analysis.combat.strike import fighter_from_card, strike_odds
from tests.battle_helpers import card


def _imports(module) -> set[str]:
    """The modules ``module`` imports at run time (its source, also when it runs compiled; imports
    for the type checker only, under ``if TYPE_CHECKING:``, are left out)."""
    source = Path(module.__file__).with_name(module.__name__.rpartition(".")[2] + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = []
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_engine_and_players_do_not_import_each_other():
    from analysis.battle import engine, interface, players, powers

    assert not any("players" in m for m in _imports(engine))
    assert not any("engine" in m for m in _imports(players))
    assert not any(m.endswith(("engine", "players")) for m in _imports(interface) | _imports(powers))


class ActsTwice(Player):
    """Ends its turn, then tries to act again (for the other side)."""

    def play_turn(self, state):
        state.apply(END_TURN)
        state.apply(Strike(1, 0))


def test_a_player_cannot_act_after_its_turn_ends():
    b = Battle(([card()], [card()]), (ActsTwice(), Player()),
               placements=({0: square(2, 2)}, {1: square(3, 2)}))
    with pytest.raises(IllegalAction, match="turn has passed"):
        b.run()


def test_end_turn_passes_the_turn_and_a_finished_game_refuses_actions():
    b = Battle(([card()], [card()]), (Player(), Player()), placements=({0: square(2, 2)}, {1: square(3, 2)}))
    b._start_turn()
    assert (b.turn, b.active) == (0, 0)
    b.apply(END_TURN)
    assert (b.turn, b.active) == (1, 1) and b.open[1]
    b.over = True
    b._guarded = True
    with pytest.raises(IllegalAction, match="over"):
        b.apply(END_TURN)


def test_strike_outcomes_are_the_exact_odds():
    """Merged dice outcomes of a simple strike, applied one by one on clones, give the combat
    engine's exact distribution (open target, no weakening)."""
    att = card(strike=(2, 3, 5), life=60, exp_attack=1)
    par = card(strike=(1, 2, 4), life=60, exp_defence=2)
    b = Battle(([att], [par]), (Player(), Player()), placements=({0: square(2, 2)}, {1: square(3, 2)}))
    b._start_turn()
    action = Strike(0, 1)
    seen: dict[tuple[int, int], float] = {}
    for p, draws in b.outcomes(action):
        c = b.clone()
        c.apply(action, draws)
        pair = (c.wounds[1], c.wounds[0])
        seen[pair] = seen.get(pair, 0.0) + p
    exact = strike_odds(fighter_from_card(att), fighter_from_card(par), weaken="never")
    assert {k: Fraction(v).limit_denominator(36) for k, v in seen.items()} == {
        (o.to_target, o.to_attacker): o.p for o in exact.outcomes}
    assert b.wounds == [0, 0] and b.open[0]  # the original is untouched


def test_first_action_of_either_player_is_legal(db):
    from analysis.decks.deck import read_deck, sample_deck_paths

    deck = read_deck(sample_deck_paths()[1], db)
    squad = deck.cards()[:10]
    for name in ("heuristic", "random"):
        b = Battle((squad, squad), (make_player(name), make_player(name)), seed=3)
        b._start_turn()
        action = first_action(b.players[0], b)
        assert action == END_TURN or b.is_legal(action)
