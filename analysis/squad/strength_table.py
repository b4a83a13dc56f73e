"""The stored card strengths (``data/strength/<ruleset>.csv``) the ``strength`` objective reads.

The values are fitted from battles by :mod:`analysis.fitting.strength` (``berserk fit-strength``): each
printing's contribution to its squad's log-odds of winning. A ruleset uses its own table when one
is committed, otherwise the built-in table of its combat model (``relaunch`` for the Strike
Table, ``realms`` for the defence die): the battle does not depend on the economy or the deck
rules. A printing the fit never saw gets the fitted mean strength per crystal times its cost.

    >>> from analysis.rules import load_ruleset
    >>> table = strength_table(load_ruleset("relaunch"))
    >>> table.ruleset
    'relaunch'
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from analysis.cards.table import Card
from analysis.rules import Ruleset
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir


def strength_dir() -> Path:
    return data_dir() / "strength"


@dataclass(frozen=True)
class StrengthTable:
    """Strengths of printings for one ruleset, with the fallback for printings the fit never saw."""

    ruleset: str
    values: dict[str, float]
    per_crystal: float
    """Mean strength per crystal over the fitted printings (the fallback rate)."""
    source: str

    def value(self, card: Card) -> float:
        v = self.values.get(card.code)
        return v if v is not None else self.per_crystal * card.cost

    def fitted(self, card: Card) -> bool:
        return card.code in self.values

    def by_key(self, cards: Sequence[Card]) -> dict[str, float]:
        """``{card.key: strength}`` for the optimizer's rating-style look-up (newest printing wins)."""
        return {c.key: self.value(c) for c in sorted(cards, key=lambda c: c.id)}


def _table_name(rules: Ruleset) -> str:
    """The stored fit for a ruleset: its own, else the built-in one with the same combat model
    (battles do not depend on the economy or the deck rules)."""
    if (strength_dir() / f"{rules.name}.csv").is_file():
        return rules.name
    return "realms" if rules.combat_model == "defence_die" else "relaunch"


@lru_cache(maxsize=16)
def _read_table(path: Path) -> StrengthTable:
    values: dict[str, float] = {}
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                values[row["code"]] = float(row["strength"])
    except FileNotFoundError:
        raise BerserkInputError(f"{path}: no strength table; build it with 'berserk fit-strength'") from None
    except (KeyError, ValueError) as exc:
        raise BerserkInputError(f"{path}: not a strength table ({exc}); rebuild it with "
                                "'berserk fit-strength'") from None
    return StrengthTable(path.stem, values, _per_crystal(values), str(path))


def _per_crystal(values: Mapping[str, float]) -> float:
    from analysis.cards.table import load_cards  # the built-in table: costs of the fitted printings

    by_code = {c.code: c for c in load_cards()}
    pairs = [(v, by_code[k].cost) for k, v in values.items() if k in by_code and by_code[k].cost > 0]
    total_cost = sum(c for _, c in pairs)
    return sum(v for v, _ in pairs) / total_cost if total_cost else 0.0


def strength_table(rules: Ruleset) -> StrengthTable:
    """The committed strength table for ``rules`` (``data/strength/<name>.csv``)."""
    return _read_table(strength_dir() / f"{_table_name(rules)}.csv")


__all__ = ["StrengthTable", "strength_dir", "strength_table"]
