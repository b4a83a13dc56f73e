"""Options and helpers shared by the planner's commands (``meta``, ``tune``, ``report``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from analysis.cards.table import CardDB
from analysis.cli.common import progress_printer
from analysis.cli.matchup import add_battle_options, settings_from
from analysis.decks.deck import Deck, read_deck
from analysis.decks.legality import check_deck
from analysis.matchup.simulate import MatchupSettings
from analysis.planning.cache import ENV_VAR, GameCache, default_cache_dir
from analysis.planning.field import Field, read_field
from analysis.planning.games import GameRunner, Progress
from analysis.rules import FORMATS, Ruleset
from analysis.util.errors import BerserkInputError


def add_planner_options(p: argparse.ArgumentParser, games_help: str, games_default: int) -> None:
    """The battle options of ``berserk matchup`` plus the cache, the format and ``--quiet``."""
    add_battle_options(p, progress=False)
    p.set_defaults(processes=2, games=games_default)
    for action in p._actions:  # the same options as `matchup`, with the planner's wording
        if action.dest == "games":
            action.help = games_help
    p.add_argument("--format", choices=FORMATS, default="constructed",
                   help="format the decks must be legal in (default: constructed)")
    p.add_argument("--cache", metavar="DIR",
                   help=f"cache folder for game results (default: ${ENV_VAR}, else "
                        f"$XDG_CACHE_HOME/berserk-analyzer, else ~/.cache/berserk-analyzer; now "
                        f"{str(default_cache_dir()).replace('%', '%%')})")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write cached results")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")


def cache_from(args: argparse.Namespace) -> GameCache:
    if args.no_cache and args.cache:
        raise BerserkInputError("--cache and --no-cache contradict each other; give one")
    if args.no_cache:
        return GameCache.disabled()
    return GameCache(args.cache) if args.cache else GameCache.default()


def stage_progress(enabled: bool) -> Progress | None:
    """``progress(stage, done, total)`` on stderr: one progress line per stage."""
    if not enabled:
        return None
    printers: dict[str, object] = {}

    def report(stage: str, done: int, total: int) -> None:
        if stage not in printers:
            printers[stage] = progress_printer(True, stage)
        printers[stage](done, total)  # type: ignore[operator]

    return report


def runner_from(args: argparse.Namespace, settings: MatchupSettings) -> GameRunner:
    return GameRunner(settings, cache_from(args), args.processes, stage_progress(not args.quiet))


def planner_settings(args: argparse.Namespace, db: CardDB) -> MatchupSettings:
    return settings_from(args, db)


def field_from(args: argparse.Namespace, db: CardDB, rules: Ruleset, attr: str = "field") -> Field:
    return read_field(getattr(args, attr), db, rules, args.format)


def legal_deck(path: str, db: CardDB, rules: Ruleset, fmt: str) -> Deck:
    """A deck file that must be legal: an illegal one is an input error naming its problems."""
    deck = read_deck(path, db)
    report = check_deck(deck, rules, fmt)
    if not report.legal:
        problems = "; ".join(p.message for p in report.problems)
        raise BerserkInputError(f"{path}: the deck is not legal under {rules.name} / {fmt}: {problems} "
                                "(see `berserk check`)")
    return deck


def print_notes(notes: Iterable[str]) -> None:
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
