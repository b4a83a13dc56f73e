"""``berserk recruit``: the best squad a deal can buy, with its payment and the rulebook-greedy squad."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from analysis.cards.table import Card, CardDB
from analysis.cli.common import (
    add_cards_option,
    add_json_option,
    add_rules_option,
    bounded_int,
    cards_from,
    print_json,
    rules_from,
    warn_banned_cards,
)
from analysis.combat.ratings import ratings_map
from analysis.rules import Ruleset
from analysis.squad.economy import squad_elements
from analysis.squad.recruit import (
    DEFAULT_OBJECTIVE,
    MAX_CARD_VALUE,
    OBJECTIVES,
    parse_weight,
    read_ratings,
    recruit,
)
from analysis.util.errors import BerserkInputError
from analysis.util.limits import MAX_TOP
from analysis.util.numbers import figure, objective_kind


def add_objective_options(p: argparse.ArgumentParser) -> None:
    """``--objective``, ``--ratings CSV`` and ``--weight NAME=W`` (shared with ``berserk deal``)."""
    p.add_argument("--objective", choices=OBJECTIVES, default=DEFAULT_OBJECTIVE,
                   help="strength (default): sum of the card strengths fitted from battles (log-odds of "
                        "winning, data/strength/); crystals: total cost; rating: sum of --ratings (default "
                        "the duel ratings); weights: cost × --weight (default weight 1)")
    p.add_argument("--ratings", metavar="CSV",
                   help="per-card ratings, a CSV with columns name,rating (default for --objective "
                        "rating: the combat ratings, each creature's duel win probability against "
                        "every built-in creature)")
    p.add_argument("--default-rating", type=float, default=None, metavar="X",
                   help="rating of a card missing from the ratings (default: an error with --ratings; "
                        "0 with the combat ratings, which rate creatures only)")
    p.add_argument("--weight", action="append", default=[], metavar="NAME=W",
                   help="weight of a card for --objective weights (repeatable)")


def objective_inputs(
    args: argparse.Namespace, db: CardDB, rules: Ruleset, cards: Sequence[Card]
) -> tuple[dict[str, float] | None, dict[str, float] | None]:
    """(ratings, weights) from the options, checked against ``--objective``.

    ``--objective rating`` without ``--ratings`` rates the creatures among ``cards`` with the combat
    engine (duel win probability against every built-in creature under ``rules``); other cards get
    ``--default-rating`` (0 unless given), which is set on ``args``.
    """
    ratings = read_ratings(args.ratings) if args.ratings else None
    weights = dict(parse_weight(w) for w in args.weight) if args.weight else None
    if args.objective == "rating" and ratings is None:
        creatures = list({c.key: c for c in cards if c.is_creature and c.complete}.values())
        ratings = ratings_map(rules, cards=creatures, db=db) if creatures else {}
        if args.default_rating is None:
            args.default_rating = 0.0
    if weights and args.objective != "weights":
        raise BerserkInputError("--weight only applies with --objective weights")
    default = args.default_rating
    if default is not None and not (math.isfinite(default) and 0 <= default <= MAX_CARD_VALUE):
        raise BerserkInputError(f"--default-rating must be a number from 0 to {MAX_CARD_VALUE:,.0f}, "
                                f"got {args.default_rating}")
    return ratings, weights


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "recruit",
        help="the best squad a deal can buy",
        description="Find a provably optimal squad for a deal under every squad rule (RULES.md §1, §3), "
        "with the payment, the rulebook's greedy squad (elites first) and the next-best squads.",
    )
    p.add_argument("cards_in_deal", nargs="+", metavar="CARD",
                   help="a card by name or SET/NUMBER; repeat a name for copies")
    add_rules_option(p)
    p.add_argument("--player", type=int, choices=(1, 2), default=1, help="seat (default 1)")
    p.add_argument("--mulligans", type=bounded_int(0, 1_000), default=0, metavar="K",
                   help="mulligans already taken (default 0)")
    add_objective_options(p)
    p.add_argument("--top", type=bounded_int(0, MAX_TOP), default=0, metavar="K",
                   help=f"also show the K next-best squads (K ≤ {MAX_TOP:,})")
    add_cards_option(p)
    add_json_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = cards_from(args)
    rules = rules_from(args, db)
    if len(args.cards_in_deal) > 50:
        raise BerserkInputError(f"a deal of {len(args.cards_in_deal):,} cards is too large; at most 50")
    deal = [db.find(name) for name in args.cards_in_deal]
    banned = warn_banned_cards(deal, rules, "recruit")
    ratings, weights = objective_inputs(args, db, rules, deal)
    result = recruit(deal, rules, args.player, args.mulligans, args.objective, ratings, weights, args.top,
                     args.default_rating)
    if args.json:
        print_json(result.to_dict())
        return 0
    p = result.payment
    d = result.to_dict()
    obj = args.objective
    print(f"Best squad for {obj} = {_shown(d['value'], obj)}{UNITS.get(obj, '')} "
          f"({rules.name}, player {args.player}, "
          f"{args.mulligans} mulligan(s); {len(deal)} cards dealt)")
    for card in result.squad:
        kind = "elite" if card.elite else "ordinary"
        element = "/".join(card.elements) or "neutral"
        mark = "  [banned]" if card.name in banned else ""
        print(f"  {card.cost:>2}  {kind:<8}  {element:<10} {card.label()}{mark}")
    elements = ", ".join(p.elements) or "none"
    print(f"Elements: {elements} → gold {p.gold} {p.element_adjustment:+d} = {p.gold_eff}, silver {p.silver}")
    print(f"Paid: {p.gold_spent} gold + {p.silver_spent} silver; "
          f"left: {p.gold_left} gold, {p.silver_left} silver")
    greedy_el = ", ".join(squad_elements(result.greedy_squad)) or "none"
    print(f"Rulebook greedy (elites first): {_shown(d['greedy_value'], obj)} with {len(result.greedy_squad)} "
          f"cards ({greedy_el}); the optimizer adds {_shown(result.value - result.greedy_value, obj)}")
    for i, alt in enumerate(result.alternatives, start=1):
        a = alt.to_dict()
        print(f"  #{i + 1}: {_shown(a['value'], args.objective)}  "
              + ", ".join(f"{n} [banned]" if n in banned else n for n in a["squad"]))
    return 0


UNITS = {"strength": " (log-odds of winning, summed over the squad's cards)", "crystals": " crystals"}
"""The unit printed after the best squad's value, per objective."""


def _shown(value: float, objective: str = "strength") -> str:
    """A squad value for people by the rule of its kind (strength two decimals, crystals whole;
    analysis.util.numbers); the JSON keeps the full precision."""
    return figure(value, objective_kind(objective))
