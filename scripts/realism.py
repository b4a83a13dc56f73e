"""Realism check (issue 19 item 4): do the model's values agree with what tournament players choose?

    python3 scripts/realism.py --games 200 --processes 1     # writes reports/realism.md and .json

(a) Each of the ten sample decks against a seeded "pile" of cards no sample deck plays, with the
same type, gold/silver flag, element and cost copy group by copy group
(:func:`analysis.fitting.realism.build_pile`), played with
:func:`analysis.matchup.simulate.deck_matchup` under ``relaunch`` and the default settings (seats
alternating, optimal mulligans, heuristic players, the ``strength`` recruitment objective); the
deck's score with its Wilson 95 % interval and the mean over the decks. Every pile is checked with
:func:`analysis.decks.legality.check_deck`.

(b) How well the fitted strengths (``data/strength/relaunch.csv``) rank the creatures the sample
decks play above the unplayed creatures of the same sets: ROC AUC with a bootstrap interval, and the
AUC of rarity alone and of cost alone beside it (references only; nothing is computed from them).

Progress goes to stderr; bad options end with a message and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))  # benchlib, also when this file is imported (the tests do)

from benchlib import load, machine  # noqa: E402

from analysis.battle import COMPILED  # noqa: E402
from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck, sample_deck_paths  # noqa: E402
from analysis.decks.legality import check_deck  # noqa: E402
from analysis.fitting.realism import (  # noqa: E402
    MAX_BOOTSTRAP,
    MAX_COST_WIDENING,
    build_pile,
    mean_over_piles,
    mean_score,
    pile_pool,
    played_keys,
    score_estimate,
    separation,
)
from analysis.matchup.simulate import MatchupSettings, deck_matchup  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.squad.strength_table import strength_table  # noqa: E402
from analysis.util.atomic import writable_target, write_text_atomic  # noqa: E402
from analysis.util.errors import BerserkInputError  # noqa: E402
from analysis.util.limits import MAX_GAMES, check_processes, check_range, check_seed, max_processes  # noqa: E402

RULES = "relaunch"
DEFAULT_OUT = ROOT / "reports" / "realism"


MAX_PILES = 100
"""Piles per deck."""


def deck_seeds(seed: int, n_decks: int, n_piles: int) -> list[list[int]]:
    """``[deck][pile]`` seeds: child ``pile`` of child ``deck`` of ``numpy.random.SeedSequence(seed)``.
    One seed seeds both a pile and its games, so any single pile can be rerun alone."""
    return [[int(p.generate_state(1, dtype=np.uint64)[0] >> 1) for p in d.spawn(n_piles)]
            for d in np.random.SeedSequence(seed).spawn(n_decks)]


def say(text: str) -> None:
    print(f"realism: {text}", file=sys.stderr, flush=True)


def mean_strength(cards, table) -> float:
    """Mean fitted strength per copy of a deck's creatures (what the ``strength`` objective sums)."""
    values = [table.value(c) for c in cards if c.is_creature]
    return sum(values) / len(values) if values else float("nan")


def play_pile(deck, pile, rules, settings, table, args, seed, label) -> dict:
    """One pile of one deck: legality, the games, the score and how the pile was matched."""
    legality = check_deck(pile.deck, rules)
    say(f"{label}: pile {'legal' if legality.legal else 'ILLEGAL'}, playing {args.games:,} games")
    t0 = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done < total:
            say(f"  {label}: {done:,}/{total:,} games, {time.perf_counter() - t0:.0f} s")

    executor = "processes" if args.processes > 1 else "serial"
    result = deck_matchup(deck, pile.deck, settings, games=args.games, seed=seed, executor=executor,
                          processes=args.processes, progress=progress)
    wall = time.perf_counter() - t0
    score, lo, hi = score_estimate(result.a_wins, result.draws, result.games)
    seat = {}
    for key, part in result.by_seat.items():
        s, s_lo, s_hi = score_estimate(part.a_wins, part.draws, part.games)
        seat[key] = {"games": part.games, "score": round(s, 4), "ci95": [round(s_lo, 4), round(s_hi, 4)]}
    say(f"  {label}: score {100 * score:.1f} % ({100 * lo:.1f}–{100 * hi:.1f}) in {wall:.0f} s")
    return {
        "seed": seed,
        "games": result.games,
        "wins": result.a_wins,
        "draws": result.draws,
        "losses": result.b_wins,
        "score": round(score, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "by_seat": seat,
        "mean_turns": round(result.mean_turns, 2),
        "wall_s": round(wall, 1),
        "pile_legal": legality.legal,
        "pile_problems": [p.message for p in legality.problems],
        "groups": len(pile.replacements),
        "widened_groups": pile.widened_groups,
        "widened_copies": pile.widened_copies,
        "element_groups": pile.element_groups,
        "reused_groups": pile.reused_groups,
        "unique_differs_copies": pile.unique_differs_copies,
        "pile_strength_per_creature": round(mean_strength(pile.deck.cards(), table), 4),
        "pile": [{"for": r.original.label(), "copies": r.count, "card": r.card.label(),
                  "cost_shift": r.cost_shift, "element_differs": r.element_differs,
                  "unique_differs": r.unique_differs, "reused": r.reused} for r in pile.replacements],
    }


def part_a(decks, paths, pool, rules, args, seeds) -> list[dict]:
    """Every deck against each of its piles; pile 0 is the deck's main pile."""
    table = strength_table(rules)
    settings = MatchupSettings(rules)
    rows = []
    for i, (deck, path) in enumerate(zip(decks, paths, strict=True)):
        piles = []
        for j, seed in enumerate(seeds[i]):
            label = f"deck {i + 1}/{len(decks)} {path.name} ({deck.title}), pile {j + 1}/{len(seeds[i])}"
            piles.append(play_pile(deck, build_pile(deck, pool, rules, seed), rules, settings, table, args,
                                   seed, label))
        rows.append({"file": path.name, "deck": deck.title, "copies": deck.size,
                     "deck_legal": check_deck(deck, rules).legal,
                     "deck_strength_per_creature": round(mean_strength(deck.cards(), table), 4),
                     "piles": piles})
    return rows


def part_b(decks, db, rules, args) -> list[dict]:
    table = strength_table(rules)
    played = played_keys(decks)
    sets = sorted({e.card.set_id for d in decks for e in d.entries})
    creatures = [c for c in db if c.set_id in sets and c.is_creature]
    elements = sorted({e for d in decks for entry in d.entries for e in entry.card.elements})
    own = [c for c in creatures if not c.elements or c.elements[0] in elements]
    say(f"separation: {len(creatures)} creatures of sets {', '.join(map(str, sets))}, "
        f"{args.bootstrap:,} bootstrap resamples")
    out = []
    for label, group in ((f"all creatures of sets {', '.join(map(str, sets))}", creatures),
                         (f"only the decks' elements ({', '.join(elements)}) and neutral", own)):
        out.append(separation(label, group, played, table, args.bootstrap, args.seed).to_dict())
    return out


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def brief(out: dict) -> str:
    """Two sentences with the headline figures, worded from the numbers."""
    main = [r["piles"][0] for r in out["decks"]]
    mean, over = out["mean_score"], out["mean_over_piles"]
    st, ra = out["separation"][0]["strength"], out["separation"][0]["rarity"]
    text = (f"The sample decks score {pct(mean[0])} ({pct(mean[1])}–{pct(mean[2])}) on average against "
            f"their main piles of unplayed cards")
    if over:
        text += f", {pct(over[0])} ({pct(over[1])}–{pct(over[2])}) over {out['piles']} piles each"
    lost = [r["deck"] for r, p in zip(out["decks"], main, strict=True) if p["ci95"][1] < 0.5]
    text += (f"; {len(lost)} of 10 " + ("loses to its" if len(lost) == 1 else "lose to their") + " main pile"
             + (f" ({', '.join(lost)})" if lost else "") + ". ")
    text += (f"The fitted strengths rank the played creatures above the unplayed ones of the same sets with "
             f"an AUC of {st['auc']:.3f} ({st['ci95'][0]:.3f}–{st['ci95'][1]:.3f}; 0.5 is a coin), rarity "
             f"alone with {ra['auc']:.3f} ({ra['ci95'][0]:.3f}–{ra['ci95'][1]:.3f}).")
    return text


def markdown(out: dict) -> str:
    """The report: what it measures, how piles are built, the two tables and the machine."""
    a, b, m = out["decks"], out["separation"], out["machine"]
    main = [r["piles"][0] for r in a]
    every = [p for r in a for p in r["piles"]]
    mean = out["mean_score"]
    losing = [r for r, p in zip(a, main, strict=True) if p["ci95"][1] < 0.5]
    below = [p for p in main if p["score"] < 0.5]
    clear = [p for p in main if p["ci95"][0] > 0.5]
    groups = sum(p["groups"] for p in every)
    copies = sum(r["copies"] for r in a) * out["piles"]
    illegal = [(r, j) for r in a for j, p in enumerate(r["piles"]) if not p["pile_legal"]]
    n_piles = out["piles"]
    md = [
        "# Realism: the model against what tournament players choose",
        "",
        f"Written by `{out['command']}` (seed {out['seed']}, {n_piles} pile(s) per deck, "
        f"{out['games']:,} games per pile, {out['wall_min']:.1f} min).",
        "",
        "## In brief",
        "",
        brief(out),
        "",
        "## What this measures",
        "",
        "Two checks of the current model (battle engine, card facts, fitted strength table "
        f"`{out['strength_table']}`) against the choices of tournament players, as the ten sample decks "
        "(`data/decks/tournament-*.txt`) record them. Neither feeds back into any value of the product: "
        "rarity and cost appear below only as reference scores.",
        "",
        "- **(a) Decks against piles.** Each sample deck plays *piles*: decks of cards that no sample deck "
        "plays, with the deck's own profile (below). If the model knew what makes the players' decks "
        "good, they would beat such piles clearly. Games: `analysis.matchup.simulate.deck_matchup` under "
        f"the `{out['ruleset']}` ruleset with the default settings (seats alternating, optimal mulligans, "
        "heuristic players on both sides, recruitment by the fitted strengths). Score = (wins + draws/2) "
        "/ games, with the Wilson 95 % interval on that count (a draw counted as half a win). The mean "
        "over the decks has a normal 95 % interval from the decks' binomial variances (game noise only, "
        "for these piles). The first pile of each deck is its main pile; the others show how much the "
        "figure depends on which unplayed cards the draw picked.",
        "- **(b) Played against unplayed creatures.** The ROC AUC of the fitted strength as a score that "
        "ranks the creatures (ground and flying) the sample decks play above the unplayed creatures of "
        "the same sets: the chance that a random played creature has a higher strength than a random "
        "unplayed one (ties half); 0.5 is a coin, 1 a perfect separation. Beside it, as references only, "
        "the AUC of the card's rarity alone (1 common … 4 ultra-rare) and of its cost alone. Intervals: "
        f"95 % percentile bootstrap, {out['bootstrap']:,} resamples of played and unplayed separately.",
        "",
        "### How a pile is built (`analysis.fitting.realism.build_pile`)",
        "",
        "The pool: every printing of the sets the sample decks draw from "
        f"({', '.join(map(str, out['pool']['sets']))}) whose name no sample deck plays (any printing), "
        f"not banned under `{out['ruleset']}`, with complete card data: {out['pool']['cards']} printings. "
        "Then, for each copy group of the deck (one printing and its number of copies), in deck order, "
        "the pile card is drawn at random (seeded) among the pool's cards with the **same type** "
        "(creature, flyer, artifact, terrain, companion …), the **same elite flag** (gold or silver), the "
        "**same element** (each card has one element or none) and the **same cost** that the pile does "
        "not hold yet, preferring those with the same uniqueness (a unique card counts once per squad); "
        "the group keeps its number of copies, so 3-ofs stay 3-ofs. Only when no card matches is the "
        f"cost widened to ±1, then ±2, up to ±{out['pool']['max_widening']}; only when still none "
        "matches is the element widened to the deck's other elements, then to neutral cards; only then "
        "may a card the pile already holds be taken again, within the copy limit (3, Horde 5).",
        "",
        f"Over the {len(every)} piles ({groups} copy groups, {copies} copies): the cost was widened for "
        f"**{sum(p['widened_groups'] for p in every)}** groups "
        f"({sum(p['widened_copies'] for p in every)} copies), the element for "
        f"**{sum(p['element_groups'] for p in every)}**, a card was reused for "
        f"**{sum(p['reused_groups'] for p in every)}**; "
        f"{sum(p['unique_differs_copies'] for p in every)} copies have a pile card whose uniqueness "
        "differs (no card of the same cost and uniqueness was left). The main piles alone: cost widened "
        f"for {sum(p['widened_groups'] for p in main)} of {sum(p['groups'] for p in main)} groups, element "
        f"for {sum(p['element_groups'] for p in main)}. Every pile's list of stand-ins is in "
        "`reports/realism.json`.",
        "",
        ("**Legality:** " + (f"all {len(every)} piles are legal under `{out['ruleset']}` / constructed "
                             "(`analysis.decks.legality.check_deck` finds no problem)." if not illegal else
                             "NOT every pile is legal: " + "; ".join(
                                 f"{r['file']} pile {j + 1}: {', '.join(r['piles'][j]['pile_problems'])}"
                                 for r, j in illegal) + ".")
         + f" The sample decks are played as they were registered: {sum(not r['deck_legal'] for r in a)} "
         "of them hold a card banned since (data/decks/README.md); legality does not change a battle."),
        "",
        "## (a) Sample decks against their main piles",
        "",
        "| deck | title | seed | wins–draws–losses | score (95 % CI) | as First player | as Second player "
        "| strength per creature, deck / pile | groups with another cost or element |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r, p in zip(a, main, strict=True):
        s1, s2 = p["by_seat"]["a_first"], p["by_seat"]["b_first"]
        md.append(
            f"| {r['file']} | {r['deck']} | {p['seed']} | {p['wins']}–{p['draws']}–{p['losses']} | "
            f"**{pct(p['score'])}** ({pct(p['ci95'][0])}–{pct(p['ci95'][1])}) | {pct(s1['score'])} | "
            f"{pct(s2['score'])} | {r['deck_strength_per_creature']:.3f} / "
            f"{p['pile_strength_per_creature']:.3f} | {p['widened_groups'] + p['element_groups']} of "
            f"{p['groups']} |")
    md += [
        "",
        f"**Mean score over the ten decks: {pct(mean[0])} ({pct(mean[1])}–{pct(mean[2])}).** "
        f"{len(clear)} of 10 decks beat their main pile with the interval above 50 %; {len(below)} score "
        f"below 50 %, {len(losing)} with the whole interval below 50 %"
        + (f" ({', '.join(r['deck'] for r in losing)})" if losing else "") + ".",
        "",
        "A row's seed seeds both the pile and its games, so one pile can be rerun alone "
        "(`build_pile(deck, pile_pool(…), rules, seed)`, then "
        "`deck_matchup(deck, pile.deck, settings, games, seed)`). \"Strength per creature\" is the mean "
        "fitted strength per creature copy, what the recruiter sums.",
        "",
    ]
    if n_piles > 1:
        over = out["mean_over_piles"]
        md += [
            f"### How much the pile draw matters ({n_piles} piles per deck)",
            "",
            "| deck | title | score per pile | mean | lowest – highest |",
            "|---|---|---|---:|---:|",
        ]
        for r in a:
            scores = [p["score"] for p in r["piles"]]
            md.append(f"| {r['file']} | {r['deck']} | {', '.join(pct(x) for x in scores)} | "
                      f"{pct(sum(scores) / len(scores))} | {pct(min(scores))} – {pct(max(scores))} |")
        lost = sum(1 for p in every if p["ci95"][1] < 0.5)
        md += [
            "",
            f"**Mean over decks of the mean over their piles: {pct(over[0])} ({pct(over[1])}–"
            f"{pct(over[2])}),** the interval from the pile-to-pile spread within each deck (so it covers "
            f"the draw of the piles as well as the games). {lost} of the {len(every)} deck–pile pairs "
            "end with the deck's whole interval below 50 %.",
            "",
        ]
    md += [
        "## (b) Fitted strengths: played against unplayed creatures",
        "",
        "| creatures | played | unplayed | AUC of fitted strength (95 % CI) | rarity alone | cost alone "
        "| strength − rarity (paired) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in b:
        cells = [f"{r[k]['auc']:.3f} ({r[k]['ci95'][0]:.3f}–{r[k]['ci95'][1]:.3f})"
                 for k in ("strength", "rarity", "cost")]
        d = r["strength_minus_rarity"]
        cells.append(f"{d['auc']:+.3f} ({d['ci95'][0]:+.3f} to {d['ci95'][1]:+.3f})")
        md.append(f"| {r['label']} | {r['played']} | {r['unplayed']} | **{cells[0]}** | {cells[1]} "
                  f"| {cells[2]} | {cells[3]} |")
    st, ra, diff = b[0]["strength"], b[0]["rarity"], b[0]["strength_minus_rarity"]
    coin = st["ci95"][0] <= 0.5 <= st["ci95"][1]
    if diff["ci95"][1] < 0:
        versus = ("rarity alone separates them better: the paired difference strength − rarity is "
                  f"{diff['auc']:+.3f}, its interval wholly below 0")
    elif diff["ci95"][0] > 0:
        versus = f"the strength separates them better than rarity alone (difference {diff['auc']:+.3f})"
    else:
        versus = (f"the paired difference strength − rarity ({diff['auc']:+.3f}) has an interval that "
                  "includes 0")
    md += [
        "",
        f"Over all creatures of those sets the fitted strength reaches an AUC of {st['auc']:.3f}"
        + (" — its interval includes 0.5, a coin's" if coin else "")
        + f"; rarity alone reaches {ra['auc']:.3f}, and {versus}. The two AUCs are bootstrapped on the "
        "same resamples of creatures, so their difference has its own (paired) interval. A creature "
        "counts as played when any sample deck plays its name. The second row leaves out the creatures "
        "of elements no sample deck plays (their absence may say more about the decks sampled than "
        "about the card).",
        "",
        "## Machine",
        "",
        f"{m['cpu']}, {m['cores']} cores (shared with other work; 1-minute load {out['load'][0]} before, "
        f"{out['load'][1]} after), Python {m['python']}, numpy {m['numpy']}, {m['platform']}; "
        f"{out['processes']} worker process(es); battle engine {out['battle_engine']}.",
        "",
    ]
    return "\n".join(md)


def parse(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200,
                   help=f"games per deck against its pile (1-{MAX_GAMES:,})")
    p.add_argument("--piles", type=int, default=5,
                   help=f"piles per deck, each seeded (1-{MAX_PILES}); the first is the main one")
    p.add_argument("--seed", type=int, default=19, help="seed of the piles, games and bootstrap")
    p.add_argument("--processes", type=int, default=1, help=f"worker processes (1-{max_processes()})")
    p.add_argument("--bootstrap", type=int, default=2000, help=f"bootstrap resamples (1-{MAX_BOOTSTRAP:,})")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT,
                   help="path without suffix: writes OUT.md and OUT.json (default reports/realism)")
    args = p.parse_args(argv)
    check_range("--games", args.games, 1, MAX_GAMES)
    check_seed(args.seed)
    check_range("--piles", args.piles, 1, MAX_PILES)
    check_processes(args.processes)
    check_range("--bootstrap", args.bootstrap, 1, MAX_BOOTSTRAP)
    for suffix in (".json", ".md"):
        writable_target(args.out.with_suffix(suffix))
    return args


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = parse(argv)
        t0 = time.perf_counter()
        load_before = load()
        db = load_cards()
        rules = load_ruleset(RULES, db)
        paths = sorted(sample_deck_paths())
        decks = [read_deck(path, db) for path in paths]
        seeds = deck_seeds(args.seed, len(decks), args.piles)
        pool = pile_pool(db, decks, rules)
        decks_out = part_a(decks, paths, pool, rules, args, seeds)
        sep = part_b(decks, db, rules, args)
        out = {
            "command": " ".join(["python3 scripts/realism.py", shlex.join(argv)]).strip(),
            "seed": args.seed,
            "games": args.games,
            "bootstrap": args.bootstrap,
            "processes": args.processes,
            "ruleset": RULES,
            "strength_table": strength_table(rules).source.replace(str(ROOT) + "/", ""),
            "pool": {"sets": sorted({e.card.set_id for d in decks for e in d.entries}), "cards": len(pool),
                     "max_widening": MAX_COST_WIDENING},
            "piles": args.piles,
            "mean_score": [round(x, 4) for x in mean_score([(r["piles"][0]["score"], r["piles"][0]["games"])
                                                            for r in decks_out])],
            "mean_over_piles": ([round(x, 4) for x in mean_over_piles([[p["score"] for p in r["piles"]]
                                                                       for r in decks_out])]
                                if args.piles > 1 else None),
            "decks": decks_out,
            "separation": sep,
            "wall_min": round((time.perf_counter() - t0) / 60, 2),
            "load": [load_before, load()],
            "battle_engine": "compiled (mypyc)" if COMPILED else "pure Python",
            "machine": machine("numpy"),
        }
        write_text_atomic(args.out.with_suffix(".json"), json.dumps(out, indent=2, ensure_ascii=False) + "\n")
        text = markdown(out)
        write_text_atomic(args.out.with_suffix(".md"), text)
        print(text)
        return 0
    except BerserkInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
