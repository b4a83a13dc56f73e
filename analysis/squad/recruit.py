"""The best squad a deal can buy: an exact branch-and-bound optimizer (RULES.md §1, §3).

    >>> result = recruit(deal_cards, load_ruleset("relaunch"), player=1, top=3)
    >>> result.value, [c.name for c in result.squad], result.payment.gold_left

Objectives (the value of a squad is the sum of its cards' values):

- ``crystals``: the card's cost (gold and silver alike, as in the technical-victory rule);
- ``rating``: ``ratings[card.key]`` from the caller (e.g. ``analysis.combat.ratings.ratings_map``);
  every card of the deal needs one, unless a ``default_rating`` is given for the missing ones;
- ``weights``: the card's cost times a user weight ``weights[card.key]`` (default 1; 0 = never
  worth a crystal, 2 = worth double);
- ``strength``: the card's fitted strength for winning battles (:mod:`analysis.squad.strength_table`,
  log-odds of winning per card, fitted from simulated battles by ``berserk fit-strength``); the
  ruleset picks the table.

Values must be finite and ≥ 0.

How it works. The deal is reduced to *units* (distinct printings with a count). Units are put in
a canonical order: value per crystal (highest first), then cost (highest first), then card id.
A depth-first search takes, unit by unit, as many copies as possible first, then fewer, then none.
Every rule is checked as soon as a card is added; all of them are monotone (adding a card never
makes a broken rule whole again), because the element adjustment only falls as elements are
added. The element adjustment is therefore handled inside the search, exactly: the budget of a
partial squad uses the adjustment of the elements it already has, which can only fall later.
A branch is cut when its upper bound cannot beat the incumbent; the bound is the linear-
programming relaxation of the two crystal constraints (elites ≤ gold, all ≤ gold + silver, and
the flying cap for flyers), solved greedily by value per crystal — exact for this nested
(polymatroid) pair of constraints. When every card has the same value per crystal (the
``crystals`` objective) the bound is sharpened to the highest total the remaining cards can
actually cost (a subset-sum bitset per suffix), which removes most of the search when the budget
cannot be hit exactly. The answer is proven optimal.

Deterministic tie-break. Among squads of equal value, the answer is the one that takes the most
copies of the first unit in the canonical order, then of the second, and so on (the
lexicographically greatest count vector). The depth-first order visits squads in exactly that
order and only a strictly better squad replaces the incumbent, so the first optimum found is the
one returned; ``top`` alternatives are ranked the same way.

Prices that the squad itself changes (:mod:`analysis.squad.prices`: "costs X less", gold on
recruiting). For a deal where some of these facts could apply, every subset S of them is assumed to
hold in turn: the search runs with the prices and gold S gives (a compiled sub-optimizer, its units
ordered by their new value per crystal, so the bound stays exact) and keeps only the squads in which
each fact of S really applies (its card taken, its ``needs`` met — checked at the leaves, which
leaves the bound an upper bound); with S empty it is the plain search. Every feasible squad is
found under the S of the facts that apply to it, at its true prices, so the best over all S is the
optimum; a squad found under a smaller S only pays more than it must. The answers are merged by
value, then by the same tie-break.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path

from analysis.cards.schema import ELEMENTS
from analysis.cards.table import Card
from analysis.rules import Ruleset
from analysis.squad.economy import Payment, is_unique_in_squad, max_mulligans, pay, seat_budget
from analysis.squad.prices import PriceRule, affects, fills, holds, price_rules
from analysis.squad.strength_table import strength_table
from analysis.util.errors import BerserkInputError
from analysis.util.limits import MAX_TOP, check_range
from analysis.util.textnorm import normalize_name
from analysis.util.userfiles import read_user_text

OBJECTIVES = ("strength", "crystals", "rating", "weights")
DEFAULT_OBJECTIVE = "strength"
"""The objective wherever the question is "the best squad" (crystals stays for budget studies)."""
_POPCOUNT = tuple(bin(i).count("1") for i in range(1 << len(ELEMENTS)))
_ELEMENT_BIT = {e: 1 << i for i, e in enumerate(ELEMENTS)}
Found = tuple[float, tuple[int, ...]]
"""(value, count vector over :attr:`Recruiter.units`)."""


MAX_CARD_VALUE = 1e6
"""Largest value a rating, or cost × weight, may give a card: sums of squads stay finite and exact
enough, so no result (or JSON output) can become infinite."""


def card_values(
    cards: Sequence[Card],
    objective: str = DEFAULT_OBJECTIVE,
    ratings: Mapping[str, float] | None = None,
    weights: Mapping[str, float] | None = None,
    default_rating: float | None = None,
    rules: Ruleset | None = None,
) -> list[float]:
    """The objective value of each card (see the module docstring); bad input → BerserkInputError.

    ``default_rating`` is the rating of a card the ``ratings`` lack (None: such a card is an error).
    ``rules`` picks the strength table of the ``strength`` objective.
    """
    if objective not in OBJECTIVES:
        raise BerserkInputError(f"unknown objective {objective!r}; use one of {', '.join(OBJECTIVES)}")
    if objective == "crystals":
        return [float(c.cost) for c in cards]
    if objective == "strength":
        if rules is None:
            raise BerserkInputError("objective 'strength' needs the ruleset (its strength table)")
        table = strength_table(rules)
        return [max(0.0, table.value(c)) for c in cards]
    if objective == "rating":
        if ratings is None:
            raise BerserkInputError("objective 'rating' needs ratings (e.g. --ratings CSV with name,rating)")
        missing = sorted({c.name for c in cards if c.key not in ratings})
        if missing and default_rating is not None:
            ratings = {**{c.key: default_rating for c in cards}, **ratings}
        elif missing:
            raise BerserkInputError(
                f"no rating for {', '.join(repr(m) for m in missing[:5])}"
                f"{' …' if len(missing) > 5 else ''}; add a row 'name,rating' for each "
                "or give a default rating")
        values = [float(ratings[c.key]) for c in cards]
    else:
        weights = weights or {}
        values = [c.cost * float(weights.get(c.key, 1.0)) for c in cards]
    for card, value in zip(cards, values, strict=True):
        if not math.isfinite(value) or not 0 <= value <= MAX_CARD_VALUE:
            raise BerserkInputError(f"the value of {card.name!r} must be a finite number from 0 to "
                                    f"{MAX_CARD_VALUE:,.0f}, got {value}")
    return values


@dataclass(frozen=True)
class Alternative:
    squad: tuple[Card, ...]
    value: float

    def to_dict(self) -> dict[str, object]:
        return {"squad": [c.name for c in self.squad], "value": _number(self.value)}


@dataclass(frozen=True)
class Recruitment:
    """An optimal squad, its value and payment, the rulebook-greedy squad and the next-best squads."""

    objective: str
    squad: tuple[Card, ...]
    value: float
    payment: Payment
    greedy_squad: tuple[Card, ...]
    greedy_value: float
    alternatives: tuple[Alternative, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """The ``berserk recruit --json`` object of issue 3."""
        return {
            "squad": [c.name for c in self.squad],
            "value": _number(self.value),
            "gold_spent": self.payment.gold_spent,
            "silver_spent": self.payment.silver_spent,
            "gold_left": self.payment.gold_left,
            "silver_left": self.payment.silver_left,
            "elements": list(self.payment.elements),
            "element_adjustment": self.payment.element_adjustment,
            "greedy_value": _number(self.greedy_value),
            "alternatives": [a.to_dict() for a in self.alternatives],
        }


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(float(x), 6)


class Recruiter:
    """A compiled optimizer for deals drawn from a fixed pool of printings (a deck or a deal).

    Compile once per (pool, rules, seat, objective); then :meth:`solve` takes a deal as a count
    vector over :attr:`units` and the number of mulligans taken. Results are memoised by
    (counts, mulligans), since deals from a 30-card deck repeat; ``memo_size=0`` turns that off.
    """

    def __init__(
        self,
        pool: Sequence[Card],
        rules: Ruleset,
        player: int = 1,
        objective: str = DEFAULT_OBJECTIVE,
        ratings: Mapping[str, float] | None = None,
        weights: Mapping[str, float] | None = None,
        memo_size: int = 50_000,
        default_rating: float | None = None,
        _values: Mapping[int, float] | None = None,
        _assumed: tuple[tuple[PriceRule, ...], int] | None = None,
    ):
        distinct = {c.id: c for c in pool}
        cards = list(distinct.values())
        if _values is None:
            values = card_values(cards, objective, ratings, weights, default_rating, rules)
            value_of = {c.id: v for c, v in zip(cards, values, strict=True)}
        else:  # (a sub-optimizer of assumed prices: the values of the printed cards)
            value_of = dict(_values)

        def density(c: Card) -> float:
            v = value_of[c.id]
            if c.cost == 0:
                return math.inf if v > 0 else 0.0
            return v / c.cost

        order = sorted(cards, key=lambda c: (-density(c), -c.cost, c.id))
        self.rules, self.player, self.objective = rules, player, objective
        self.units: tuple[Card, ...] = tuple(order)
        self.index = {c.id: i for i, c in enumerate(order)}
        self.value = [value_of[c.id] for c in order]
        self.cost = [c.cost for c in order]
        self.elite = [c.elite for c in order]
        self.flyer = [c.is_flyer for c in order]
        self.terrain = [c.type == "terrain" for c in order]
        self.companion = [c.type == "companion" for c in order]
        self.ground = [c.type == "creature" for c in order]
        self.emask = [sum(_ELEMENT_BIT[e] for e in c.elements) for c in order]
        self.unique = [is_unique_in_squad(c, rules) for c in order]
        names = {c.key for c in order}
        name_index = {k: i for i, k in enumerate(sorted(names))}
        self.name = [name_index[c.key] for c in order]
        per_name: dict[int, int] = {}
        for k in self.name:
            per_name[k] = per_name.get(k, 0) + 1
        self.shared_name = [per_name[k] > 1 for k in self.name]
        self.n_names = len(name_index)
        self.integral = objective == "crystals" or all(float(v).is_integer() for v in self.value)
        dens = [density(c) for c in order]
        self.density = dens
        self.uniform = len({d for d, c in zip(dens, order, strict=True) if c.cost > 0}) <= 1 and all(
            c.cost > 0 or self.value[i] == 0 for i, c in enumerate(order))
        self.uniform_density = next((d for d, c in zip(dens, order, strict=True) if c.cost > 0), 1.0)
        self.adj = [rules.elements.adjustment(e) for e in range(len(ELEMENTS) + 1)]
        self.flying_cap = rules.squad.flying_cost_cap or 10**9
        self.max_terrains = rules.squad.max_terrains
        self.max_cards = rules.squad.max_cards
        self.greedy_order = sorted(
            range(len(order)),
            key=lambda i: (not order[i].elite, -self.value[i], -order[i].cost, order[i].id),
        )
        self.memo: dict[tuple, tuple] = {}
        self.memo_size = memo_size
        self.memo_hits = 0
        self.prices: tuple[PriceRule, ...] = price_rules(order) if _assumed is None else ()
        """The recruitment facts of the pool (:mod:`analysis.squad.prices`)."""
        self._assumed: tuple[PriceRule, ...] = _assumed[0] if _assumed else ()
        """For a sub-optimizer: the facts its prices assume, each checked on the squads it finds."""
        self._extra_gold = _assumed[1] if _assumed else 0
        self._subs: dict[tuple, Recruiter] = {}

    # ------------------------------------------------------------------ deals ↔ counts
    def counts_of(self, cards: Sequence[Card]) -> tuple[int, ...]:
        """The count vector of a deal over :attr:`units`."""
        counts = [0] * len(self.units)
        for card in cards:
            if card.id not in self.index:
                raise BerserkInputError(f"{card.label()} is not in this optimizer's card pool")
            counts[self.index[card.id]] += 1
        return tuple(counts)

    def cards_of(self, counts: Sequence[int]) -> tuple[Card, ...]:
        """The cards of a count vector, in canonical unit order."""
        return tuple(c for c, k in zip(self.units, counts, strict=True) for _ in range(k))

    def budget(self, mulligans: int) -> tuple[int, int]:
        gold, silver = seat_budget(self.rules, self.player, mulligans)
        return gold + self._extra_gold, silver

    # ------------------------------------------------------------------ exact search
    def solve(self, counts: Sequence[int], mulligans: int = 0, top: int = 1) -> tuple[Found, ...]:
        """The ``top`` best squads as (value, count vector), best first; proven optimal.

        ``top = 1`` gives the optimum; more gives the next-best distinct squads too.
        """
        key = (tuple(counts), mulligans, top)
        if self.memo_size:
            hit = self.memo.get(key)
            if hit is not None:
                self.memo_hits += 1
                return hit
        gold0, silver0 = self.budget(mulligans)
        out = self._search(tuple(counts), gold0, silver0, max(1, top))
        if self.prices:
            out = self._priced(tuple(counts), mulligans, max(1, top), out)
        if self.memo_size:
            if len(self.memo) >= self.memo_size:
                self.memo.clear()
            self.memo[key] = out
        return out

    def _priced(self, counts: tuple[int, ...], mulligans: int, top: int,
                plain: tuple[Found, ...]) -> tuple[Found, ...]:
        """:meth:`solve` with the recruitment facts (see the module docstring): the best squads over
        every subset of the facts that could apply in this deal, ``plain`` being the empty one."""
        present = [self.units[u] for u, k in enumerate(counts) if k > 0]
        names = {c.key for c in present}
        live = [r for r in self.prices if r.name in names and (
            r.ability.kind == "recruit_gold" or any(affects(r, c) for c in present))]
        if not live:
            return plain
        found = {vec: v for v, vec in plain}
        for size in range(1, len(live) + 1):
            for assumed in combinations(live, size):
                sub = self._sub(assumed, mulligans)
                sub_counts = tuple(counts[self.index[c.id]] for c in sub.units)
                gold0, silver0 = sub.budget(mulligans)
                for _, sub_vec in sub._search(sub_counts, gold0, silver0, top):
                    vec = [0] * len(self.units)
                    for j, k in enumerate(sub_vec):
                        if k:
                            vec[self.index[sub.units[j].id]] = k
                    key = tuple(vec)
                    if key not in found:  # (the value summed in the canonical order, as the plain search)
                        found[key] = sum(self.value[u] * k for u, k in enumerate(key) if k)
        return tuple(sorted(((v, vec) for vec, v in found.items()), reverse=True)[:top])

    def _sub(self, assumed: tuple[PriceRule, ...], mulligans: int) -> Recruiter:
        """The optimizer of the pool at the prices the facts ``assumed`` give (cached)."""
        per_mulligan = any(r.ability.per == "mulligans" for r in assumed)
        key = (tuple((r.name, r.index) for r in assumed), mulligans if per_mulligan else -1)
        sub = self._subs.get(key)
        if sub is None:
            cards = []
            for c in self.units:
                off = sum(r.amount(mulligans) for r in assumed if affects(r, c))
                cards.append(replace(c, cost=max(0, c.cost - off)) if off else c)
            gold = sum(r.amount(mulligans) for r in assumed if r.ability.kind == "recruit_gold")
            sub = Recruiter(cards, self.rules, self.player, self.objective, memo_size=0,
                            _values={c.id: self.value[i] for i, c in enumerate(self.units)},
                            _assumed=(assumed, gold))
            if len(self._subs) >= 256:
                self._subs.clear()
            self._subs[key] = sub
        return sub

    def _meets(self, vec: Sequence[int]) -> bool:
        """Whether every fact this sub-optimizer assumes applies in the squad ``vec`` (a discount
        whose cards are not taken has nothing to apply to)."""
        squad = self.cards_of(vec)
        for r in self._assumed:
            if r.ability.kind == "recruit_gold":
                if not holds(r, squad):
                    return False
                continue
            for c in squad:
                if affects(r, c) and not holds(r, squad, c):
                    return False
        return True

    def best_value(self, counts: Sequence[int], mulligans: int = 0) -> float:
        """The optimal value only."""
        return self.solve(counts, mulligans, 1)[0][0]

    def _search(self, counts: tuple[int, ...], gold0: int, silver0: int, top: int):
        act = [u for u, k in enumerate(counts) if k > 0]
        n = len(act)
        m = [1 if self.unique[u] else counts[u] for u in act]
        cost = [self.cost[u] for u in act]
        val = [self.value[u] for u in act]
        elite = [self.elite[u] for u in act]
        flyer = [self.flyer[u] for u in act]
        terrain = [self.terrain[u] for u in act]
        comp = [self.companion[u] for u in act]
        ground = [self.ground[u] for u in act]
        emask = [self.emask[u] for u in act]
        uniq = [self.unique[u] for u in act]
        shared = [self.shared_name[u] for u in act]
        name = [self.name[u] for u in act]
        dens = [self.density[u] for u in act]
        suf_el = [0] * (n + 1)
        suf_ord = [0] * (n + 1)
        suf_ground = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            amount = m[i] * cost[i]
            suf_el[i] = suf_el[i + 1] + (amount if elite[i] else 0)
            suf_ord[i] = suf_ord[i + 1] + (0 if elite[i] else amount)
            suf_ground[i] = suf_ground[i + 1] + (m[i] if ground[i] else 0)
        suf_min = [1 << 30] * (n + 1)
        suf_free = [False] * (n + 1)  # a card costing 0 remains (it always fits)
        for i in range(n - 1, -1, -1):
            suf_min[i] = min(suf_min[i + 1], cost[i])
            suf_free[i] = suf_free[i + 1] or cost[i] == 0
        uniform, ud = self.uniform, self.uniform_density
        # Uniform value per crystal (the crystals objective): bit s of suf_sums[i] is set when the
        # cards i.. can cost exactly s; the bound is then the highest reachable total under the cap.
        suf_sums = [1] * (n + 1)
        if uniform:
            for i in range(n - 1, -1, -1):
                acc = reach = suf_sums[i + 1]
                for _ in range(m[i]):
                    reach <<= cost[i]
                    acc |= reach
                suf_sums[i] = acc
        adj = self.adj
        pc = _POPCOUNT
        fcap, tcap, ncap = self.flying_cap, self.max_terrains, self.max_cards
        eps = 0.0 if self.integral else 1e-9
        name_cnt = [0] * self.n_names
        name_uni = [0] * self.n_names
        taken = [0] * n
        found: list[tuple[float, tuple[int, ...]]] = []
        state = {"thr": -1.0}

        def bound(i: int, rt: int, rg: int, rf: int) -> float:
            if uniform:
                cap = min(rt, suf_ord[i] + min(rg, suf_el[i]))
                return ud * ((suf_sums[i] & ((2 << cap) - 1)).bit_length() - 1) if cap >= 0 else -1.0
            b = 0.0
            for j in range(i, n):
                c = cost[j]
                if c == 0:
                    b += m[j] * val[j]
                    continue
                amt = m[j] * c
                if elite[j] and amt > rg:
                    amt = rg
                if flyer[j] and amt > rf:
                    amt = rf
                if amt > rt:
                    amt = rt
                if amt <= 0:
                    continue
                b += dens[j] * amt
                rt -= amt
                if elite[j]:
                    rg -= amt
                if flyer[j]:
                    rf -= amt
                if rt <= 0:
                    break
            return b

        assumed = bool(self._assumed)

        def record(v: float) -> None:
            vec = [0] * len(counts)
            for i in range(n):
                if taken[i]:
                    vec[act[i]] = taken[i]
            if assumed and not self._meets(vec):
                return  # (an assumed price that does not hold in this squad)
            entry = (v, tuple(vec))
            pos = len(found)
            while pos > 0 and found[pos - 1][0] < v:
                pos -= 1
            found.insert(pos, entry)
            if len(found) > top:
                found.pop()
            if len(found) == top:
                state["thr"] = found[-1][0]

        def dfs(i: int, v: float, spent: int, espent: int, fspent: int, nter: int, ncard: int,
                comps: int, grounds: int, mask: int) -> None:
            if i == n:
                if comps <= grounds and v > state["thr"]:
                    record(v)
                return
            g = gold0 + adj[pc[mask]]
            rt = g + silver0 - spent
            if uniform:
                cap = min(rt, suf_ord[i] + min(g - espent, suf_el[i]))
                reach = (suf_sums[i] & ((2 << cap) - 1)).bit_length() - 1 if cap >= 0 else -1
                add = ud * reach
            else:
                reach = -1
                add = bound(i, rt, g - espent, fcap - fspent)
            if v + add + eps <= state["thr"]:
                return
            if suf_min[i] > rt or ncard >= ncap or (uniform and reach == 0 and not suf_free[i]):
                # No remaining card can be added (each alone costs more than is left): this
                # node's squad is the only leaf below it.
                if comps <= grounds and v > state["thr"]:
                    record(v)
                return
            c = cost[i]
            mask2 = mask | emask[i]
            g2 = gold0 + adj[pc[mask2]]
            k = name[i]
            ok_name = True
            if shared[i]:
                ok_name = name_cnt[k] == 0 if uniq[i] else name_uni[k] == 0
            if ok_name:
                for x in range(m[i], 0, -1):
                    amt = x * c
                    if spent + amt > g2 + silver0:
                        continue
                    es = espent + amt if elite[i] else espent
                    if es > g2:  # a new element lowers the gold for elites already taken too
                        continue
                    if flyer[i] and fspent + amt > fcap:
                        continue
                    if terrain[i] and nter + x > tcap:
                        continue
                    if ncard + x > ncap:
                        continue
                    gr = grounds + (x if ground[i] else 0)
                    cp = comps + (x if comp[i] else 0)
                    if cp > gr + suf_ground[i + 1]:
                        continue
                    taken[i] = x
                    if shared[i]:
                        name_cnt[k] += x
                        if uniq[i]:
                            name_uni[k] += 1
                    dfs(i + 1, v + x * val[i], spent + amt, es,
                        fspent + (amt if flyer[i] else 0), nter + (x if terrain[i] else 0), ncard + x,
                        cp, gr, mask2)
                    if shared[i]:
                        name_cnt[k] -= x
                        if uniq[i]:
                            name_uni[k] -= 1
                taken[i] = 0
            if comps <= grounds + suf_ground[i + 1]:
                dfs(i + 1, v, spent, espent, fspent, nter, ncard, comps, grounds, mask)

        dfs(0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0)
        return tuple(found)

    # ------------------------------------------------------------------ the rulebook's advice
    def greedy(self, counts: Sequence[int], mulligans: int = 0) -> tuple[float, tuple[int, ...]]:
        """004's advice: elites first, then regular cards; each in order of value (then cost, id),
        taking a card whenever the squad stays within every rule (a companion only once a host is in).
        """
        gold0, silver0 = self.budget(mulligans)
        taken = [0] * len(self.units)
        spent = espent = fspent = nter = ncard = comps = grounds = mask = 0
        v = 0.0
        name_cnt: dict[int, int] = {}
        name_uni: dict[int, int] = {}
        for u in self.greedy_order:
            for _ in range(counts[u]):
                c, k = self.cost[u], self.name[u]
                mask2 = mask | self.emask[u]
                g2 = gold0 + self.adj[_POPCOUNT[mask2]]
                if self.unique[u] and name_cnt.get(k, 0) > 0:
                    break
                if not self.unique[u] and name_uni.get(k, 0) > 0:
                    break
                if spent + c > g2 + silver0 or espent + (c if self.elite[u] else 0) > g2:
                    break
                if self.flyer[u] and fspent + c > self.flying_cap:
                    break
                if self.terrain[u] and nter + 1 > self.max_terrains:
                    break
                if ncard + 1 > self.max_cards:
                    break
                if self.companion[u] and comps + 1 > grounds:
                    break
                taken[u] += 1
                spent += c
                espent += c if self.elite[u] else 0
                fspent += c if self.flyer[u] else 0
                nter += 1 if self.terrain[u] else 0
                ncard += 1
                comps += 1 if self.companion[u] else 0
                grounds += 1 if self.ground[u] else 0
                mask = mask2
                v += self.value[u]
                name_cnt[k] = name_cnt.get(k, 0) + 1
                if self.unique[u]:
                    name_uni[k] = name_uni.get(k, 0) + 1
        return v, tuple(taken)

    # ------------------------------------------------------------------ full answer
    def recruit(self, counts: Sequence[int], mulligans: int = 0, top: int = 0) -> Recruitment:
        """The optimal squad with its payment, the greedy baseline and ``top`` alternatives."""
        found = self.solve(counts, mulligans, top + 1)
        value, vec = found[0]
        squad = self.cards_of(vec)
        g_value, g_vec = self.greedy(counts, mulligans)
        return Recruitment(
            objective=self.objective,
            squad=squad,
            value=value,
            payment=pay(squad, self.rules, self.player, mulligans),
            greedy_squad=self.cards_of(g_vec),
            greedy_value=g_value,
            alternatives=tuple(Alternative(self.cards_of(vv), v) for v, vv in found[1:]),
        )


def recruit(
    deal: Sequence[Card],
    rules: Ruleset,
    player: int = 1,
    mulligans: int = 0,
    objective: str = DEFAULT_OBJECTIVE,
    ratings: Mapping[str, float] | None = None,
    weights: Mapping[str, float] | None = None,
    top: int = 0,
    default_rating: float | None = None,
) -> Recruitment:
    """The best squad ``deal`` can buy under ``rules`` (see the module docstring)."""
    check_range("--top", top, 0, MAX_TOP)
    most = max_mulligans(rules, player)
    if not 0 <= mulligans <= most:
        raise BerserkInputError(f"the number of mulligans must be between 0 and {most} under {rules.name!r}, "
                                f"got {mulligans}")
    r = Recruiter(deal, rules, player, objective, ratings, weights, default_rating=default_rating)
    return r.recruit(r.counts_of(deal), mulligans, top)


def milp_value(
    deal: Sequence[Card],
    rules: Ruleset,
    player: int = 1,
    mulligans: int = 0,
    values: Sequence[float] | None = None,
) -> float:
    """The optimum by ``scipy.optimize.milp`` (HiGHS): an independent formulation used to check
    the branch and bound and as the benchmark's reference. ``values`` default to the costs.

    Variables: x_i (card i recruited), y_e (element e used), b (squad has ≤ mono_max elements),
    p ≥ 0 (elements beyond the free ones). Every relaxation (y, b, p chosen "wrongly") only lowers
    the budget, so the optimum is that of the rules. The recruitment facts
    (:mod:`analysis.squad.prices`): w_ri (discount r applies to card i: w ≤ x_i, ≤ the copies of
    its card for ``ally``, ≤ the other cards filling each of its ``needs``; its X taken off card i's
    cost, never below 0) and g_r (gold fact r: g ≤ the copies of its card).
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    n = len(deal)
    if n == 0:
        return 0.0
    values = list(values) if values is not None else [float(c.cost) for c in deal]
    el = ELEMENTS
    ne = len(el)
    facts_ = price_rules(deal)
    pairs = [(r, i) for r in facts_ for i, c in enumerate(deal) if affects(r, c)]
    golds = [r for r in facts_ if r.ability.kind == "recruit_gold"]
    nv = n + ne + 2 + len(pairs) + len(golds)  # x..., y..., b, p, w..., g...
    ib, ip = n + ne, n + ne + 1
    iw, ig = n + ne + 2, n + ne + 2 + len(pairs)
    gold, silver = seat_budget(rules, player, mulligans)
    er = rules.elements
    rows, lo, hi = [], [], []

    def row(coefs: dict[int, float], lower: float, upper: float) -> None:
        r = np.zeros(nv)
        for k, val in coefs.items():
            r[k] += val
        rows.append(r)
        lo.append(lower)
        hi.append(upper)

    inf = np.inf
    off: dict[int, dict[int, float]] = {i: {} for i in range(n)}  # card → its discount variables
    for k, (r, i) in enumerate(pairs):
        off[i][iw + k] = -float(r.amount(mulligans))
        row({iw + k: 1.0, i: -1.0}, -inf, 0.0)
        givers = [j for j, c in enumerate(deal) if c.key == r.name]
        if r.ability.target == "ally":
            row({iw + k: 1.0, **{j: -1.0 for j in givers}}, -inf, 0.0)
        for need in r.ability.needs:
            others = {j: -1.0 for j, c in enumerate(deal) if j != i and fills(c, need)}
            row({iw + k: 1.0, **others}, -inf, 0.0)
    for i in range(n):
        if off[i]:  # never below 0: Σ X·w ≤ cost · x
            row({i: -float(deal[i].cost), **{v: -x for v, x in off[i].items()}}, -inf, 0.0)
    bonus: dict[int, float] = {}
    for k, r in enumerate(golds):
        bonus[ig + k] = -float(r.amount(mulligans))
        row({ig + k: 1.0, **{j: -1.0 for j, c in enumerate(deal) if c.key == r.name}}, -inf, 0.0)

    def priced(keep) -> dict[int, float]:
        out: dict[int, float] = {}
        for i, c in enumerate(deal):
            if keep(c):
                out[i] = float(c.cost)
                out.update(off[i])
        return out

    # budget: elite ≤ gold + mono*b − pen*p ; all ≤ gold + silver + mono*b − pen*p
    elite = priced(lambda c: c.elite)
    row({**elite, **bonus, ib: -er.mono_bonus, ip: er.penalty_per_extra}, -inf, gold)
    allc = priced(lambda c: True)
    row({**allc, **bonus, ib: -er.mono_bonus, ip: er.penalty_per_extra}, -inf, gold + silver)
    # elements: x_i ≤ y_e ; p ≥ Σy − free ; Σy ≤ mono_max + ne(1 − b)
    for i, c in enumerate(deal):
        for e in c.elements:
            row({i: 1.0, n + el.index(e): -1.0}, -inf, 0.0)
    row({**{n + j: 1.0 for j in range(ne)}, ip: -1.0}, -inf, er.free_elements)
    row({**{n + j: 1.0 for j in range(ne)}, ib: float(ne)}, -inf, er.mono_max_elements + ne)
    if rules.squad.flying_cost_cap:
        fl = priced(lambda c: c.is_flyer)
        if fl:
            row(fl, -inf, rules.squad.flying_cost_cap)
    ter = {i: 1.0 for i, c in enumerate(deal) if c.type == "terrain"}
    if ter:
        row(ter, -inf, rules.squad.max_terrains)
    row({i: 1.0 for i in range(n)}, -inf, rules.squad.max_cards)
    for i, a in enumerate(deal):
        if is_unique_in_squad(a, rules):
            for j, b in enumerate(deal):
                if j != i and b.key == a.key and (j > i or not is_unique_in_squad(b, rules)):
                    row({i: 1.0, j: 1.0}, -inf, 1.0)
    comp = {i: 1.0 for i, c in enumerate(deal) if c.type == "companion"}
    if comp:
        hosts = {i: -1.0 for i, c in enumerate(deal) if c.type == "creature"}
        row({**comp, **hosts}, -inf, 0.0)
    objective = np.zeros(nv)
    objective[:n] = -np.asarray(values, dtype=float)
    upper = np.ones(nv)
    upper[ip] = ne
    integrality = np.ones(nv)
    integrality[ip] = 0
    res = milp(objective, constraints=LinearConstraint(np.array(rows), lo, hi),
               integrality=integrality, bounds=Bounds(np.zeros(nv), upper))
    if not res.success:
        raise RuntimeError(f"milp failed: {res.message}")
    return float(-res.fun)


MAX_RATINGS_BYTES = 2_000_000


def read_ratings(path: str | Path) -> dict[str, float]:
    """A ``name,rating`` CSV (UTF-8, header row) → {normalised name: rating}; errors name the line."""
    path = Path(path)
    text = read_user_text(path, "ratings", MAX_RATINGS_BYTES)
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise BerserkInputError(f"{path}: cannot read as CSV: {exc}") from None
    if not rows or [h.strip().lower() for h in rows[0][:2]] != ["name", "rating"]:
        raise BerserkInputError(f"{path} line 1: the header must be 'name,rating'")
    out: dict[str, float] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) < 2:
            raise BerserkInputError(f"{path} line {line}: expected 'name,rating', got {','.join(row)!r}")
        key = normalize_name(row[0])
        try:
            value = float(row[1])
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not 0 <= value <= MAX_CARD_VALUE:
            raise BerserkInputError(f"{path} line {line}: rating of {row[0][:60]!r} must be a number from 0 "
                                    f"to {MAX_CARD_VALUE:,.0f}, got {row[1][:40]!r}")
        if key in out:
            raise BerserkInputError(f"{path} line {line}: {row[0]!r} is rated twice")
        out[key] = value
    return out


def parse_weight(text: str) -> tuple[str, float]:
    """``NAME=W`` (a ``--weight`` option) → (normalised name, weight ≥ 0)."""
    name, sep, value = text.rpartition("=")
    try:
        weight = float(value)
    except ValueError:
        weight = math.nan
    if not sep or not name.strip() or not math.isfinite(weight) or not 0 <= weight <= MAX_CARD_VALUE / 100:
        raise BerserkInputError(f"--weight expects NAME=W with 0 ≤ W ≤ {MAX_CARD_VALUE / 100:,.0f} "
                                f"(e.g. 'Гуль=2'), got {text[:60]!r}")
    return normalize_name(name), weight


__all__ = [
    "OBJECTIVES", "Alternative", "Recruiter", "Recruitment", "card_values", "milp_value", "parse_weight",
    "read_ratings", "recruit",
]


def before_recruit(deal: Sequence[Card], squad: Sequence[Card], gold_left: int) -> tuple[Card, ...]:
    """The cards of the deal that go into the graveyard before recruiting (a ``to_graveyard`` fact
    with cost ``recruit`` and ``target = "self"``: "перед набором отряда можно заплатить N {gold},
    чтобы положить эту карту в кладбище"), paid from the gold the squad leaves over (so the squad is
    never weakened: leftover crystals buy nothing in battle), dearest first; each from the deal
    cards not recruited (000 3.6: the rest of the deal goes back into the deck)."""
    left = list(deal)
    for c in squad:
        if c in left:
            left.remove(c)
    out: list[Card] = []
    for c in sorted(left, key=lambda c: (-c.cost, c.id)):
        price = _recruit_price(c)
        if price is not None and price <= gold_left:
            gold_left -= price
            out.append(c)
    return tuple(out)


def _recruit_price(card: Card) -> int | None:
    """The gold of the card's "before recruiting: into the graveyard" fact, or None."""
    entry = card.abilities
    if entry is None:
        return None
    for ab in entry.played:
        if ab.kind == "to_graveyard" and ab.cost == "recruit" and ab.target == "self":
            return ab.gold
    return None
