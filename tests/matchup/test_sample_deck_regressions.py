"""Deck matchups of the sample decks that once stopped with an engine error after the issue-19
merges (each found by running the README's and the guide's commands, then narrowed to a pair, a
number of games and a seed). They must play to the end."""

from __future__ import annotations

import pytest

from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck
from analysis.matchup.simulate import MatchupSettings, deck_matchup
from analysis.rules import load_ruleset

CASES = [
    # a flyer that landed mid-turn (30/173 Мятущаяся душа, cursed) kept its planned strike at a
    # card it no longer reached: the heuristic player re-checks such plans now
    ("tournament-07.txt", "tournament-07.txt", 40, 0),
    # an ability fired earlier in the same trigger loop changed the card's facts, and the loop read
    # an index the card no longer had
    ("tournament-02.txt", "tournament-06.txt", 100, 1),
]


@pytest.mark.parametrize("a, b, games, seed", CASES)
def test_sample_deck_matchup_plays_to_the_end(a, b, games, seed):
    db = load_cards()
    deck_a = read_deck(f"data/decks/{a}", db)
    deck_b = read_deck(f"data/decks/{b}", db)
    result = deck_matchup(deck_a, deck_b, MatchupSettings(load_ruleset("relaunch", db)), games=games,
                          seed=seed)
    assert result.games == games
    assert result.a_wins + result.b_wins + result.draws == games


def test_an_announced_step_the_actor_can_no_longer_make_does_nothing():
    """tournament-07 against tournament-08, 12 cards each, random against search, seed 6: an
    incorporeal 30/173 Мятущаяся душа announced a step; the announcement destroyed an incorporeal card
    of its squad sharing a square, whose death blessed the soul, and a blessed soul takes flight. The
    step can no longer be made (it is a flyer now): nothing more happens, the battle goes on (it
    stopped with IllegalAction before)."""
    import random

    from analysis.battle.record import record_battle
    from analysis.decks.deck import sample_deck_paths

    db = load_cards()
    decks = [read_deck(p, db) for p in sorted(sample_deck_paths())]
    a, b = decks[6].cards(), decks[7].cards()
    random.Random(6).shuffle(a)
    random.Random(-6).shuffle(b)
    assert "Мятущаяся душа" in [c.name for c in a[:12]]
    record = record_battle((a[:12], b[:12]), players=("random", "search"), seed=6)
    assert record[-1]["e"] == "end"  # (it played to the end)


def test_a_strike_planned_before_a_heal_that_became_a_jump_is_dropped():
    """A random squad pair of the strength fit (seed 1, chunk 20, battle 375): the heuristic planned
    a strike of 30/72 Глоа at 50/61 Варг, then an earlier plan healed Глоа, which takes a heal as a
    jump ("вместо лечения может прыгнуть"); Глоа landed out of reach, and the stale strike stopped
    the battle with IllegalAction. Every plan after an applied one is re-checked now."""
    from analysis.battle import BattleConfig, make_player, play_battle

    db = load_cards()
    first = [db.find(c) for c in ("30/72", "30/39", "20/199", "40/186", "20/56", "20/73", "30/56", "50/82",
                                  "40/197", "10/64")]
    second = [db.find(c) for c in ("40/168", "40/48", "50/61", "10/178", "50/153", "22/6", "10/65", "50/50",
                                   "40/197", "50/187")]
    outcome = play_battle((first, second), (make_player("heuristic"), make_player("heuristic")),
                          seed=3488942928627757426,
                          config=BattleConfig(model=load_ruleset("relaunch", db).combat_model))
    assert outcome.turns > 14  # (it stopped in turn 14)


def test_delayed_wounds_land_with_the_facts_the_card_chose_with():
    """The battle benchmark's random players, squads of tournament-01 and tournament-10 (seed 1361):
    60/128 Халниада chose targets for its wounds that land at the end of the turn ("apart"), then its
    facts changed in the same turn; landing them read an ability index its new facts no longer had
    (IndexError). The wounds land as the ability was when it was used."""
    import random

    from analysis.battle import Battle, make_player
    from analysis.decks.deck import sample_deck_paths

    db = load_cards()
    paths = sample_deck_paths()

    def squad(path, seed):  # (scripts/bench_battle.py: the first 12 names after a seeded shuffle)
        cards = read_deck(path, db).cards()
        random.Random(seed).shuffle(cards)
        seen, out = set(), []
        for c in cards:
            if c.key not in seen and len(out) < 12:
                seen.add(c.key)
                out.append(c)
        return out

    first, second = squad(paths[0], 0), squad(paths[9], 9)
    assert "60/128" in [c.code for c in first]
    result = Battle((first, second), (make_player("random"), make_player("random")), seed=1361).run()
    assert result.turns > 0
