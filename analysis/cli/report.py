"""``berserk report``: one self-contained HTML file about a deck (and its matchups against a field)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from analysis.cli.common import add_cards_option, add_rules_option, cards_from
from analysis.cli.planner import (
    add_planner_options,
    planner_settings,
    print_notes,
    runner_from,
    stage_progress,
)
from analysis.decks.deck import read_deck
from analysis.decks.legality import check_deck
from analysis.planning.field import read_field
from analysis.planning.report import build_report, write_report
from analysis.planning.swaps import candidate_swaps
from analysis.planning.tune import tune
from analysis.util.catalog import DEFAULT_LANGUAGE, LANGUAGES
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import figure, interval


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "report",
        help="write a deck report: one HTML file that opens offline",
        description="Write one self-contained HTML file (plotly.js embedded, no network needed) with the "
        "deck's legality check, cost curve, elements, deal odds, mulligan thresholds, squad strength "
        "distribution and budgets by seat, and with --field the expected score and matchups against it.",
    )
    p.add_argument("deck", metavar="DECK", help="deck file (.txt, .brsd, .json or .nxt)")
    p.add_argument("--field", metavar="FIELD", help="field file (TOML): adds the matchups against it")
    p.add_argument("-o", "--output", metavar="HTML",
                   help="file to write (default: the deck's file name with .report.html, here)")
    p.add_argument("--trials", type=int, default=4_000, metavar="N",
                   help="simulated deals per seat (default 4000)")
    p.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE,
                   help="the report's language: ru (default, as the dashboard) or en; words from the "
                   "dashboard's catalog (app/locales)")
    p.add_argument("--tune", type=int, default=0, metavar="K",
                   help="with --field: also race K candidate swaps (pool: the deck's elements) against the "
                   "field, each with the share of its gain that rests on cards not modelled in full")
    p.add_argument("--rank-field", action="store_true",
                   help="also score the field's own decks, to rank this deck among them (more games)")
    add_planner_options(p, "games per pair against the field (default 1000, as `meta`: the same games, "
                           "from the cache)", 1_000)
    add_rules_option(p)
    add_cards_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 100 <= args.trials <= 1_000_000:
        raise BerserkInputError(f"--trials must be between 100 and 1,000,000, got {args.trials}")
    db = cards_from(args)
    settings = planner_settings(args, db)
    deck = read_deck(args.deck, db)
    field = read_field(args.field, db, settings.rules, args.format) if args.field else None
    runner = runner_from(args, settings) if field else None
    if not 0 <= args.tune <= 500:
        raise BerserkInputError(f"--tune must be between 0 and 500, got {args.tune}")
    if args.tune and field is None:
        raise BerserkInputError("--tune races swaps against a field: give --field FIELD.toml too")
    tuning = None
    if args.tune and field is not None and runner is not None:
        if not check_deck(deck, settings.rules, args.format).legal:
            raise BerserkInputError(f"{args.deck}: only a legal deck can be tuned (see `berserk check`)")
        found = candidate_swaps(deck, db, settings.rules, args.format, "elements", field, args.tune)
        tuning = tune(deck, field, settings, found, args.seed, max_games=max(args.games, 100), runner=runner)
    out = Path(args.output) if args.output else Path(Path(args.deck).name).with_suffix(".report.html")
    if out.suffix.lower() not in (".html", ".htm"):
        raise BerserkInputError(f"{out}: the report is HTML; give a file name ending in .html")
    report = build_report(deck, settings.rules, args.format, deck.title or Path(args.deck).stem, args.deck,
                          field, settings, args.trials, args.games, args.seed, runner=runner,
                          progress=stage_progress(not args.quiet), rank_field=args.rank_field,
                          objective=settings.objectives[0], tuning=tuning)
    write_report(out, report, args.lang)
    if field is not None and runner is not None:
        print_notes([*field.notes, *runner.cache.notes])
    verdict = "legal" if report.legality.legal else "ILLEGAL"
    line = f"wrote {out}: {report.name}, {verdict} under {settings.rules.name} / {args.format}"
    if report.meta is not None:
        e = next(c for c in report.meta.candidates if not c.in_field).expected
        line += (f"; expected score {figure(e.mean, 'share')} (95 % CI {interval(e.lo, e.hi, 'share')}) "
                 "against the field")
    print(line)
    if not args.quiet and field is not None and runner is not None:
        print(runner.cache.describe(), file=sys.stderr)
    return 0
