"""Two recruitment objectives face each other on the same deals: which one's squads win?

For each game of a sample deck a single deal is drawn (one seed per game); side A recruits the
optimal squad of that deal under objective A, side B under objective B, each with its own seat's
crystals, and the two squads fight a battle. Seats alternate (even games A is the First player),
so the seat effect cancels out, and both sides always choose from exactly the same cards (common
random numbers): the only difference between them is the objective. The figure of merit is A's
share of the decisive games, with a Wilson 95 % interval.

    >>> frame = objective_duel(decks, rules, ("strength", "crystals"), games=200, seed=1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.battle import BattleConfig, make_player, play_battle
from analysis.decks.deck import Deck
from analysis.matchup.simulate import objective_ratings
from analysis.rules import Ruleset
from analysis.squad.deals import proportion_ci
from analysis.squad.recruit import Recruiter
from analysis.util.errors import BerserkInputError
from analysis.util.frame_stack import on_fresh_frame_stack
from analysis.util.workers import worker_pool

Progress = Callable[[int, int], None]
CHUNK = 100


@dataclass(frozen=True)
class _Task:
    deck: str
    cards: tuple
    rules: Ruleset
    objectives: tuple[str, str]
    players: tuple[str, str]
    first_game: int
    games: int
    seed: int


def _play(task: _Task) -> tuple[str, np.ndarray]:
    """Rows (A's seat, outcome for A: 1 / 0 / -1) of a chunk of games."""
    rules = task.rules
    cards = list(task.cards)
    recruiters = {
        (side, player): Recruiter(cards, rules, player, task.objectives[side],
                                  objective_ratings(task.objectives[side], rules), default_rating=0.0)
        for side in (0, 1) for player in (1, 2)
    }
    players = (make_player(task.players[0]), make_player(task.players[1]))
    config = BattleConfig(model=rules.combat_model)
    rng = random.Random(task.seed)
    rows = np.zeros((task.games, 2), dtype=np.int64)
    for i in range(task.games):
        a_seat = (task.first_game + i) % 2
        deal = rng.sample(cards, min(rules.deal.size, len(cards)))
        squads = []
        for side in (0, 1):
            seat = a_seat if side == 0 else 1 - a_seat
            r = recruiters[(side, seat + 1)]
            squads.append(r.cards_of(r.solve(r.counts_of(deal), 0, 1)[0][1]))
        by_seat = (squads[0], squads[1]) if a_seat == 0 else (squads[1], squads[0])
        seat_players = players if a_seat == 0 else (players[1], players[0])
        result = play_battle(by_seat, seat_players, seed=rng.getrandbits(63), config=config)
        outcome = 0 if result.winner is None else 1 if result.winner == a_seat else -1
        rows[i] = (a_seat, outcome)
    return task.deck, rows


def objective_duel(
    decks: Mapping[str, Deck],
    rules: Ruleset,
    objectives: tuple[str, str] = ("strength", "crystals"),
    games: int = 1_000,
    seed: int = 1,
    processes: int = 1,
    players: tuple[str, str] = ("heuristic", "heuristic"),
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Per deck (and a final ``all`` row): games, A wins, B wins, draws, A's share of the decisive
    games with its Wilson 95 % interval (see the module docstring)."""
    if games < 2:
        raise BerserkInputError(f"games must be at least 2, got {games}")
    seeds = np.random.SeedSequence(seed).spawn(len(decks) * -(-games // CHUNK))
    tasks = []
    k = 0
    for name, deck in decks.items():
        for start in range(0, games, CHUNK):
            child = int(seeds[k].generate_state(1, dtype=np.uint64)[0] >> 1)
            tasks.append(_Task(name, tuple(deck.cards()), rules, objectives, players, start,
                               min(CHUNK, games - start), child))
            k += 1
    total = sum(t.games for t in tasks)
    parts: dict[str, list[np.ndarray]] = {}
    done = 0
    def collect(results) -> None:
        nonlocal done
        for (name, rows), task in zip(results, tasks, strict=True):
            parts.setdefault(name, []).append(rows)
            done += task.games
            if progress:
                progress(done, total)

    if processes <= 1:
        collect(on_fresh_frame_stack(_play, t) for t in tasks)
    else:
        with worker_pool(processes) as pool:  # workers die with the parent, ignore Ctrl-C
            collect(pool.imap(_play, tasks))
    out = []
    every = []
    for name in decks:
        rows = np.concatenate(parts[name])
        every.append(rows)
        out.append(_summary(name, rows))
    out.append(_summary("all", np.concatenate(every)))
    frame = pd.DataFrame(out)
    frame.attrs.update({"objectives": objectives, "players": players, "ruleset": rules.name, "seed": seed})
    return frame


def _summary(name: str, rows: np.ndarray) -> dict[str, object]:
    outcome = rows[:, 1]
    a, b = int((outcome == 1).sum()), int((outcome == -1).sum())
    est = proportion_ci(a, a + b) if a + b else None
    return {"deck": name, "games": len(rows), "a_wins": a, "b_wins": b, "draws": int((outcome == 0).sum()),
            "a_share_decisive": est.mean if est else float("nan"),
            "lo": est.lo if est else float("nan"), "hi": est.hi if est else float("nan")}


__all__ = ["objective_duel"]
