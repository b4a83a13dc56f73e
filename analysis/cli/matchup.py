"""``berserk matchup``: deck A against deck B (or squad against squad), win/draw/loss with 95 % CIs."""

from __future__ import annotations

import argparse
from pathlib import Path

from analysis.battle import BattleConfig
from analysis.battle.draw import battle_figure, battle_text
from analysis.battle.engine import TIMEOUT_RULES
from analysis.battle.record import replay, write_record
from analysis.battle.registry import PLAYER_HELP
from analysis.cards.table import CardDB
from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_processes_option,
    add_rules_option,
    add_seed_option,
    bounded_int,
    cards_from,
    print_json,
    progress_printer,
    rules_from,
)
from analysis.decks.deck import read_deck
from analysis.matchup.simulate import (
    MATCHUP_OBJECTIVES,
    MatchupSettings,
    deck_matchup,
    first_game_record,
    squad_matchup,
)
from analysis.planning.html import offline_figure_html
from analysis.squad.recruit import DEFAULT_OBJECTIVE
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError
from analysis.util.limits import MAX_GAMES, MAX_ROUNDS
from analysis.util.numbers import figure, interval


def add_battle_options(p: argparse.ArgumentParser, progress: bool = True) -> None:
    """Options shared by ``matchup``, ``matrix`` and the planner: games, seed, mulligan policy, players,
    end rules (and ``--progress`` unless ``progress`` is false: the planner shows progress unless
    ``--quiet``)."""
    p.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=1_000, metavar="N",
                   help=f"games per pair, 1 to {MAX_GAMES:,} (default 1,000)")
    add_seed_option(p)
    p.add_argument("--mulligan", default="optimal", metavar="POLICY",
                   help="never, optimal (default) or threshold:V — see `berserk deal`")
    p.add_argument("--players", default="heuristic,heuristic", metavar="A[,B]",
                   help=f"players of A and B: {PLAYER_HELP}; one name applies to both "
                   "(default heuristic), e.g. --players search:8,heuristic")
    p.add_argument("--objective", default=DEFAULT_OBJECTIVE, metavar="A[,B]",
                   help=f"recruitment objective of A and B, from {', '.join(MATCHUP_OBJECTIVES)}; one name "
                   f"applies to both (default {DEFAULT_OBJECTIVE}: card strengths fitted from battles)")
    p.add_argument("--max-rounds", type=bounded_int(1, MAX_ROUNDS), default=40, metavar="R",
                   help=f"full rounds before the game is stopped, at most {MAX_ROUNDS:,} (default 40)")
    p.add_argument("--timeout-rule", choices=TIMEOUT_RULES, default="cost",
                   help="at the round cap: cost = higher squad cost wins (000 7.3), draw (default cost)")
    p.add_argument("--stall-rounds", type=bounded_int(0, MAX_ROUNDS), default=5, metavar="R",
                   help="draw after R full rounds with no change of life (000 7.6; 0 = off; default 5)")
    add_processes_option(p)
    if progress:
        p.add_argument("--progress", action="store_true", help="draw a progress bar on stderr")


def _pair(text: str, option: str) -> tuple[str, str]:
    """``X`` or ``X,Y`` → (A's, B's)."""
    names = tuple(x.strip() for x in text.split(","))
    if len(names) == 1:
        names = names * 2
    if len(names) != 2 or not all(names):
        raise BerserkInputError(f"{option} needs one name or two separated by a comma, got {text!r}")
    return names  # type: ignore[return-value]


def settings_from(args: argparse.Namespace, db: CardDB) -> MatchupSettings:
    rules = rules_from(args, db)
    players = _pair(args.players, "--players")
    objectives = _pair(args.objective, "--objective")
    try:
        battle = BattleConfig(max_rounds=args.max_rounds, timeout_rule=args.timeout_rule,
                              stall_rounds=args.stall_rounds, model=rules.combat_model)
    except ValueError as exc:
        raise BerserkInputError(str(exc)) from None
    return MatchupSettings(rules, args.mulligan, players, battle, objectives)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "matchup",
        help="deck against deck: win/draw/loss odds with 95 %% intervals",
        description="Play deck A against deck B through the whole pipeline (seats alternating, deals, "
        "mulligans, optimal recruitment, placement, battle) and report win, draw and loss rates with "
        "95 % intervals, split by seat. With --squads the two files are squads that fight as they are.",
    )
    p.add_argument("a", metavar="A", help="deck file (.txt, .brsd, .json or .nxt)")
    p.add_argument("b", metavar="B", help="deck file of the opponent")
    p.add_argument("--squads", action="store_true", help="A and B are squads (every card fights), not decks")
    add_battle_options(p)
    p.add_argument("--record", metavar="JSONL", help="also write the first game's battle as JSON lines")
    p.add_argument("--draw", action="store_true", help="also print the first game's board turn by turn")
    p.add_argument("--plot", metavar="HTML", help="also write the first game as a plotly board (HTML)")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    settings = settings_from(args, db)
    deck_a, deck_b = read_deck(args.a, db), read_deck(args.b, db)
    labels = (deck_a.title or Path(args.a).stem, deck_b.title or Path(args.b).stem)
    executor = "processes" if args.processes > 1 else "serial"
    progress = progress_printer(args.progress, "matchup")
    if args.squads:
        a, b = deck_a.cards(), deck_b.cards()
        result = squad_matchup(a, b, settings, args.games, args.seed, labels, executor, args.processes,
                               progress=progress)
    else:
        a, b = deck_a, deck_b  # type: ignore[assignment]
        result = deck_matchup(deck_a, deck_b, settings, args.games, args.seed, executor, args.processes,
                              progress=progress)
    if args.record or args.draw or args.plot:
        events = first_game_record(a, b, settings, args.seed)
        if args.record:
            write_record(args.record, events)
        if args.plot:
            board = battle_figure(replay(events, db))
            write_text_atomic(args.plot, offline_figure_html(board, "battle"))   # opens offline
        if args.draw and not args.json:
            print(battle_text(replay(events, db)))
            print()
    if args.json:
        print_json(result.to_dict())
        return 0
    d = result.to_dict()
    lo, hi = d["a_wins_ci95"]
    recruited = f"objective {'/'.join(settings.objectives)}; " if not args.squads else ""
    print(f"{result.a} vs {result.b}: {result.games} games ({result.mode}; {settings.rules.name}; "
          f"mulligan {settings.mulligan}; {recruited}players {'/'.join(settings.players)}; seed {args.seed})")
    print(f"  A wins {result.a_wins} ({figure(result.a_win_rate, 'share')}, "
          f"95 % CI {interval(lo, hi, 'share')}), "
          f"B wins {result.b_wins}, draws {result.draws}")
    for key, label in (("a_first", "A moves first"), ("b_first", "B moves first")):
        s = d["by_seat"][key]
        if s["games"]:
            slo, shi = s["a_wins_ci95"]
            print(f"  {label}: A wins {s['a_wins']}/{s['games']} ({figure(s['a_win_rate'], 'share')}, "
                  f"{interval(slo, shi, 'share')}), B wins {s['b_wins']}, draws {s['draws']}")
    print(f"  mean length {result.mean_turns:.1f} turns; mean mulligans A {result.mean_mulligans[0]:.2f}, "
          f"B {result.mean_mulligans[1]:.2f}")
    return 0
