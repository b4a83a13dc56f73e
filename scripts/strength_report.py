"""Write reports/strength.md: how the card strengths were fitted, how well they predict held-out
battles, the strongest and weakest cards, plots against cost and duel rating, and the validation
matchups (strength-recruited squads against crystal- and rating-recruited squads on the same deals).

    python3 scripts/strength_report.py [--rules relaunch] [--games 1000] [--processes 2] [--seed 1]

The fit itself is rebuilt by ``berserk fit-strength`` (its metadata is read from
``data/strength/<ruleset>.json``); this script only reads it and plays the validation games.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from benchlib import load, machine  # noqa: E402

from analysis.cards.table import load_cards  # noqa: E402
from analysis.combat.ratings import ratings_map  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.fitting.objective_duel import objective_duel  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.squad.strength_table import strength_dir  # noqa: E402
from analysis.util.atomic import write_text_atomic  # noqa: E402

REPORTS = ROOT / "reports"


def scatter_svg(x: np.ndarray, y: np.ndarray, xlabel: str, ylabel: str, title: str) -> str:
    """A small self-contained SVG scatter plot (no plotting dependency, opens anywhere)."""
    w, h, m = 640, 420, 56
    x0, x1 = float(np.min(x)), float(np.max(x))
    y0, y1 = float(np.min(y)), float(np.max(y))
    x1 = x1 if x1 > x0 else x0 + 1
    y1 = y1 if y1 > y0 else y0 + 1

    def px(v: float) -> float:
        return m + (v - x0) / (x1 - x0) * (w - 2 * m)

    def py(v: float) -> float:
        return h - m - (v - y0) / (y1 - y0) * (h - 2 * m)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" '
             f'font-size="12"><rect width="{w}" height="{h}" fill="white"/>',
             f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="15">{html.escape(title)}</text>',
             f'<line x1="{m}" y1="{h - m}" x2="{w - m}" y2="{h - m}" stroke="black"/>',
             f'<line x1="{m}" y1="{m}" x2="{m}" y2="{h - m}" stroke="black"/>',
             f'<text x="{w / 2}" y="{h - 14}" text-anchor="middle">{html.escape(xlabel)}</text>',
             f'<text x="16" y="{h / 2}" text-anchor="middle" transform="rotate(-90 16 {h / 2})">'
             f'{html.escape(ylabel)}</text>']
    for k in range(5):
        vx = x0 + k * (x1 - x0) / 4
        vy = y0 + k * (y1 - y0) / 4
        parts.append(f'<text x="{px(vx):.1f}" y="{h - m + 16}" text-anchor="middle">{vx:.2g}</text>')
        parts.append(f'<text x="{m - 6}" y="{py(vy) + 4:.1f}" text-anchor="end">{vy:.2g}</text>')
    for a, b in zip(x, y, strict=True):
        parts.append(f'<circle cx="{px(a):.1f}" cy="{py(b):.1f}" r="2.2" fill="#3b7dd8" '
                     'fill-opacity="0.45"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="relaunch")
    parser.add_argument("--games", type=int, default=1000, help="validation games per sample deck")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    db = load_cards()
    rules = load_ruleset(args.rules)
    meta = json.loads((strength_dir() / f"{rules.name}.json").read_text(encoding="utf-8"))
    table = pd.read_csv(strength_dir() / f"{rules.name}.csv", dtype={"code": str})
    by_code = {c.code: c for c in db}
    table["cost"] = [by_code[c].cost for c in table.code]
    table["type"] = [by_code[c].type for c in table.code]
    rmap = ratings_map(rules)
    table["duel_rating"] = [rmap.get(by_code[c].key) for c in table.code]
    creatures = table.dropna(subset=["duel_rating"])
    well_seen = table[table.appearances >= 100]

    write_text_atomic(REPORTS / "strength_vs_cost.svg", scatter_svg(
        table.cost.to_numpy(float), table.strength.to_numpy(float), "cost (crystals)", "strength (log-odds)",
        f"Card strength against cost ({rules.name}, {len(table)} printings)"))
    write_text_atomic(REPORTS / "strength_vs_rating.svg", scatter_svg(
        creatures.duel_rating.to_numpy(float), creatures.strength.to_numpy(float), "duel rating",
        "strength (log-odds)", f"Card strength against duel rating ({len(creatures)} creatures)"))

    decks = {p.stem: read_deck(p, db) for p in sample_deck_paths()}
    load_before = load()
    started = time.time()
    duels = {}
    for other in ("crystals", "rating"):
        duels[other] = objective_duel(decks, rules, ("strength", other), games=args.games, seed=args.seed,
                                      processes=args.processes)
    seconds = time.time() - started
    load_after = load()

    q = {x["name"]: x for x in meta["quality"]}
    rho_cost = stats.spearmanr(table.strength, table.cost).statistic
    rho_rating = stats.spearmanr(creatures.strength, creatures.duel_rating).statistic
    lines = [
        f"# Card strength for winning ({rules.name})",
        "",
        "Generated by `python3 scripts/strength_report.py"
        f" --rules {rules.name} --games {args.games} --seed {args.seed}` from the fit that "
        f"`berserk fit-strength --rules {rules.name} --battles {meta['battles']} --seed {meta['seed']}` "
        "wrote "
        f"(`data/strength/{rules.name}.csv` and `.json`).",
        "",
        "## Method",
        "",
        "Legal squads are drawn two ways: half are dealt 15 cards from a sample deck, half from a random "
        "pool of 1-3 elements plus neutrals; each deal is recruited by the exact optimizer under random "
        "per-card weights, so that many different legal subsets are tried. Two squads fight a full battle "
        f"({' vs '.join(meta['players'])} players) on the engine with the cards' modelled abilities. The "
        "result (1 win, ½ draw, 0 loss for the First player) is fitted by a logistic Bradley–Terry model "
        "`P(First wins) = σ(β + Σ w_card · (copies for First − copies for Second))` with `w ≥ 0` and an L2 "
        "penalty chosen on a validation split (80 % train, 10 % validation, 10 % test). Each card's `w` is "
        "what it adds to its squad's log-odds of winning; the sum over a squad is the `strength` objective, "
        "additive, so the exact optimizer proves the best squad for it. See `analysis/fitting/strength.py`.",
        "",
        "## Sample and fit",
        "",
        f"- battles: {meta['battles']:,} (seed {meta['seed']}); printings fitted: {len(table)}; "
        f"printings seen in ≥ 100 battles: {len(well_seen)}",
        f"- L2 penalty chosen: {meta['l2']} (validation log-loss by penalty: "
        + ", ".join(f"{k}: {v:.4f}" for k, v in meta["validation"].items()) + ")",
        f"- first-seat effect β = {meta['seat_effect']:+.3f} log-odds between equal squads",
        f"- Spearman correlation of strength with cost: {rho_cost:.2f}; with the duel rating "
        f"(creatures): {rho_rating:.2f}",
        "",
        "## Prediction of held-out battles (test split)",
        "",
        "| predictor | log-loss | Brier | accuracy (decisive) |",
        "|---|---|---|---|",
    ]
    for name in ("strength", "duel ratings", "crystals", "seat only"):
        if name in q:
            lines.append(f"| {name} | {q[name]['log_loss']:.4f} | {q[name]['brier']:.4f} | "
                         f"{q[name]['accuracy']:.3f} |")
    lines += [
        "",
        "The baselines are fitted on the same training battles: `σ(a + b · Σ duel rating)`, "
        "`σ(a + b · Σ cost)`, and the First player's base rate alone.",
        "",
        "## Strongest and weakest cards (seen in ≥ 100 battles)",
        "",
        "| card | code | cost | strength | battles |",
        "|---|---|---|---|---|",
    ]
    ranked = well_seen.sort_values("strength", ascending=False)
    for _, row in pd.concat([ranked.head(15), ranked.tail(10)]).iterrows():
        lines.append(f"| {row['name']} | {row.code} | {row.cost} | {row.strength:.3f} | {row.appearances} |")
    lines += [
        "",
        "![strength against cost](strength_vs_cost.svg)",
        "",
        "![strength against duel rating](strength_vs_rating.svg)",
        "",
        "## Validation: squads recruited by strength against other objectives, on the same deals",
        "",
        f"Each game draws one deal of a sample deck; one side recruits it by `strength`, the other by the "
        f"named objective, each with its own seat's crystals; seats alternate; heuristic players. "
        f"{args.games} games per deck, seed {args.seed}; share of decisive games won by the strength side, "
        "with Wilson 95 % intervals.",
        "",
    ]
    for other, frame in duels.items():
        total = frame[frame.deck == "all"].iloc[0]
        lines += [f"### strength against {other}: {total.a_share_decisive:.1%} "
                  f"(95 % CI {total.lo:.1%}-{total.hi:.1%}) of {total.a_wins + total.b_wins:,} "
                  "decisive games",
                  "", "| deck | games | strength wins | other wins | draws | share | 95 % CI |",
                  "|---|---|---|---|---|---|---|"]
        for _, row in frame.iterrows():
            lines.append(f"| {row.deck} | {row.games} | {row.a_wins} | {row.b_wins} | {row.draws} | "
                         f"{row.a_share_decisive:.1%} | {row.lo:.1%}-{row.hi:.1%} |")
        lines.append("")
    info = machine("numpy", "scipy")
    lines += [f"Validation games took {seconds:.0f} s on {args.processes} processes ({info['cpu']}, "
              f"{info['cores']} cores, Python {info['python']}); 1-minute load {load_before} before, "
              f"{load_after} after.", ""]
    write_text_atomic(REPORTS / "strength.md", "\n".join(lines))
    payload = {"ruleset": rules.name, "games_per_deck": args.games, "seed": args.seed,
               "machine": info, "seconds": round(seconds, 1),
               "validation": {k: v.to_dict(orient="records") for k, v in duels.items()},
               "spearman": {"cost": rho_cost, "duel_rating": rho_rating}}
    write_text_atomic(REPORTS / "strength_validation.json", json.dumps(payload, indent=2, ensure_ascii=False)
                      + "\n")
    print((REPORTS / "strength.md").read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
