"""``berserk matrix``: every pair of a field of decks, over processes or a Dask cluster; CSV + heatmap."""

from __future__ import annotations

import argparse
from pathlib import Path

from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_rules_option,
    cards_from,
    print_json,
    progress_printer,
)
from analysis.cli.matchup import add_battle_options, settings_from
from analysis.decks.deck import read_deck
from analysis.matchup.simulate import EXECUTORS, matchup_matrix
from analysis.planning.html import offline_figure_html
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError
from analysis.util.textnorm import spreadsheet_cell

DEFAULT_OUTPUT = "reports/matchup_matrix"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "matrix",
        help="matchup matrix of a field of decks (CSV and heatmap in reports/)",
        description="Play every pair of the decks (as `berserk matchup` does) and write the results as "
        "CSV and a plotly heatmap (HTML). Runs over local processes, or over Dask: a LocalCluster "
        "(--executor dask) or an existing cluster (--scheduler ADDRESS).",
    )
    p.add_argument("decks", nargs="+", metavar="DECK", help="deck files (at least two)")
    add_battle_options(p)
    p.set_defaults(processes=2)
    p.add_argument("--executor", choices=EXECUTORS, default=None,
                   help="serial, processes (default) or dask (default dask when --scheduler is given)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (implies --executor dask)")
    p.add_argument("-o", "--output", default=DEFAULT_OUTPUT, metavar="PATH",
                   help=f"output prefix: writes PATH.csv and PATH.html (default {DEFAULT_OUTPUT}; the "
                   "folder of another PATH must exist)")
    add_rules_option(p)
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if len(args.decks) < 2:
        raise BerserkInputError("a matrix needs at least two decks")
    db = cards_from(args)
    settings = settings_from(args, db)
    decks = [read_deck(path, db) for path in args.decks]
    labels = [d.title or Path(path).stem for d, path in zip(decks, args.decks, strict=True)]
    executor = args.executor or ("dask" if args.scheduler else "processes")
    if args.scheduler and executor != "dask":
        raise BerserkInputError("--scheduler needs --executor dask (or leave --executor out)")
    result = matchup_matrix(decks, settings, args.games, args.seed, labels, executor, args.processes,
                            args.scheduler, progress_printer(args.progress, "matrix"))
    out = Path(args.output)
    if out.suffix in (".csv", ".html"):
        out = out.with_suffix("")
    csv_path, html_path = out.with_name(out.name + ".csv"), out.with_name(out.name + ".html")
    frame = result.frame()
    for column in ("deck", "opponent"):  # a title like "=cmd|…" must stay text in a spreadsheet
        frame[column] = frame[column].map(spreadsheet_cell)
    default = args.output == DEFAULT_OUTPUT  # its reports/ folder is made when missing
    write_text_atomic(csv_path, frame.to_csv(index=False, float_format="%.6g"), create_parents=default)
    html = offline_figure_html(result.figure(), "matchup-matrix")  # plotly.js inside: opens offline
    write_text_atomic(html_path, html, create_parents=default)  # a fixed div id: same matrix, same file
    if args.json:
        print_json({
            "decks": list(result.names),
            "games": args.games,
            "seed": args.seed,
            "executor": executor,
            "csv": str(csv_path),
            "html": str(html_path),
            "pairs": [result.pair(i, j).to_dict() for i, j in sorted(result.pairs)],
        })
        return 0
    table = result.score_table()
    print(f"{len(decks)} decks, {len(result.pairs)} pairs × {args.games} games ({executor}); "
          f"score = wins + draws/2 per game of the row deck")
    print(table.round(3).to_string(na_rep="-"))
    print(f"wrote {csv_path} and {html_path}")
    return 0
