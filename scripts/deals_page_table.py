"""The Deals page's policy table at the page's defaults, printed as the documentation shows it.

    python3 scripts/deals_page_table.py [DECK] [--objective crystals]   # default: tournament-01, strength

The same calls as app/pages/deals.py with its default form (strength objective, relaunch, player 1,
5,000 deals, seed 1, 2,000 deals per stage for the thresholds; the threshold policy at the page's
suggested threshold: the 10th percentile of 1,000 first deals, seed 0). The documentation's Deals
example is this script's output, so scripts/readme_examples.py can rerun and check it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analysis.cards.table import load_cards  # noqa: E402
from analysis.decks.deck import read_deck  # noqa: E402
from analysis.rules import load_ruleset  # noqa: E402
from analysis.squad.deals import simulate, suggested_threshold  # noqa: E402
from analysis.summaries.deals import policy_frame  # noqa: E402

# the page's defaults (app/pages/deals.py)
PLAYER, TRIALS, SEED, ESTIMATE_TRIALS = 1, 5_000, 1, 2_000
THRESHOLD_TRIALS, THRESHOLD_SEED = 1_000, 0
COLUMNS = ["policy", "value", "value_lo", "value_hi", "mulligan_rate", "rate_lo", "rate_hi"]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("deck", nargs="?", default=str(ROOT / "data/decks/tournament-01.txt"))
    p.add_argument("--objective", default="strength", choices=["strength", "crystals"])
    args = p.parse_args(argv)
    path, objective = args.deck, args.objective
    db = load_cards()
    rules = load_ruleset("relaunch", db)
    deck = read_deck(path, db)
    suggestion = suggested_threshold(deck, rules, PLAYER, objective,
                                     trials=THRESHOLD_TRIALS, seed=THRESHOLD_SEED)
    policies = ["never", f"threshold:{suggestion.value:g}", "optimal"]
    sims = [simulate(deck, rules, player=PLAYER, trials=TRIALS, seed=SEED, policy=p,
                     estimate_trials=ESTIMATE_TRIALS, objective=objective) for p in policies]
    frame = policy_frame(sims)[COLUMNS].copy()
    frame["policy"] = ["never", f"threshold:{suggestion.value:.2f}", "optimal"]
    if suggestion.quantile is None:
        print(f"suggested threshold {suggestion.value:.2f} (the fixed default for {objective})")
    else:
        print(f"suggested threshold {suggestion.value:.2f} ({100 * suggestion.quantile:g}th percentile of"
              f" {suggestion.trials:,} first deals, seed {suggestion.seed})")
    print(frame.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    optimal = sims[2]
    print(f"optimal policy: redeal a first deal worth less than {optimal.thresholds[0]:.2f};"
          f" mulligans in {100 * optimal.mulligan_rate.mean:.0f} % of games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
