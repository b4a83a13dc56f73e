"""``berserk meta``: which deck to bring — expected score of every candidate against the field."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from analysis.cli.common import add_cards_option, add_json_option, add_rules_option, cards_from, print_json
from analysis.cli.planner import (
    add_planner_options,
    field_from,
    legal_deck,
    planner_settings,
    print_notes,
    runner_from,
)
from analysis.planning.meta import MetaResult, expected_scores
from analysis.util.numbers import figure, interval


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "meta",
        help="expected score of each deck against a tournament field",
        description="Expected score (wins + draws/2, weighted by the field's shares) of every deck of the "
        "field, and of your --deck decks, against the field, with 95 % intervals, the best choice and "
        "each deck's best and worst matchups. Games are cached by their inputs, so adding a deck plays "
        "only its new pairs.",
    )
    p.add_argument("field", metavar="FIELD", help="field file (TOML: [[deck]] tables with path and share)")
    p.add_argument("--deck", action="append", default=[], metavar="MINE",
                   help="your deck file, also a candidate (repeatable)")
    add_planner_options(p, "games per pair of decks (default 1000)", 1_000)
    p.add_argument("--html", metavar="PATH", help="also write the chart and the matchups as one HTML file")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    settings = planner_settings(args, db)
    field = field_from(args, db, settings.rules)
    extra = []
    for path in args.deck:
        deck = legal_deck(path, db, settings.rules, args.format)
        extra.append((deck.title or Path(path).stem, deck))
    runner = runner_from(args, settings)
    result = expected_scores(field, settings, extra, args.games, args.seed, runner)
    print_notes([*field.notes, *runner.cache.notes])
    if not args.quiet:
        print(runner.cache.describe(), file=sys.stderr)
    if args.html:
        from analysis.planning.html import write_figures_html

        write_figures_html(args.html, f"Field: {field.title or field.source}",
                           [result.figure(), result.matchup_figure()])
        if not args.quiet:
            print(f"wrote {args.html}", file=sys.stderr)
    if args.json:
        print_json(result.to_dict())
    else:
        print(meta_text(result, args.field))
    return 0


def meta_text(result: MetaResult, source: str) -> str:
    """The plain-text table of ``berserk meta``."""
    s = result.settings
    field = result.field
    shares = ", ".join(f"{n} {sh:.0%}" for n, sh in zip(field.names, field.shares, strict=True))
    lines = [f"Field: {field.title or source} — {len(field.decks)} deck(s): {shares}",
             f"Expected score against the field (wins + draws/2, share-weighted); {result.games:,} games per "
             f"pair, seed {result.seed}; {s.rules.name}, mulligan {s.mulligan}, "
             f"players {'/'.join(s.players)}"]
    width = max(len(c.deck) for c in result.candidates)
    lines.append(f"{'rank':>4}  {'deck':<{width}}  score  95 % CI          best matchup / worst matchup")
    for rank, c in enumerate(result.candidates, start=1):  # scores are shares of the points: percent
        mark = "" if c.in_field else " *"
        best = f"{c.best.opponent} {figure(c.best.score, 'share')}" if c.best else "-"
        worst = f"{c.worst.opponent} {figure(c.worst.score, 'share')}" if c.worst else "-"
        e = c.expected
        lines.append(f"{rank:>4}  {c.deck:<{width}}  {figure(e.mean, 'share'):>5}  "
                     f"{interval(e.lo, e.hi, 'share'):<15}  {best} / {worst}{mark}")
    if any(not c.in_field for c in result.candidates):
        lines.append("(* your decks, not in the field)")
    if len(result.candidates) > 1:
        first, second = result.candidates[0], result.candidates[1]
        diff = result.difference(first.deck, second.deck)
        verdict = "clearly" if diff.lo > 0 else "not clearly (the interval includes 0)"
        lo, hi = figure(diff.lo, "gain"), figure(diff.hi, "gain")
        lines.append(f"Best choice: {first.deck}, {verdict} ahead of {second.deck} by "
                     f"{figure(diff.mean, 'gain')} (95 % CI {lo} to {hi})")
    else:
        lines.append(f"Best choice: {result.best}")
    return "\n".join(lines)
