"""How much of a swap's gain rests on what the model does not play as printed (issue 21).

A swap changes ``2·k`` copies (k out, k in) and nothing else, so its gain is the effect of those
copies. Each changed copy's card is *unsure* by

- 1 when the card has a listed model limit (``data/model_limits.toml``: a reading the README calls
  disputable, or a bound rather than the card) or no modelled text (status ``none`` / ``missing``);
- the share of its text parts left out when its status is ``partial``: unmodelled parts /
  (played abilities + unmodelled parts) (1/2 when its entry counts neither);
- 0 when its status is ``full``.

The swap's *unsure share* is the mean over the changed copies, ``(u(removed) + u(added)) / 2``: the
games do not tell how the gain splits between the leaving and the entering copies, so each side
counts half. It is the share of the gain that rests on cards not modelled in full or on a listed
limit; the notes name the cards and why.

    >>> caveat = swap_caveat(swap)
    >>> caveat.unsure_share, caveat.notes
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from analysis.cards.table import Card
from analysis.decks.coverage import status_of
from analysis.planning.swaps import Swap
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.textnorm import normalize_name
from analysis.util.userfiles import parse_toml, read_user_text


@dataclass(frozen=True)
class ModelLimit:
    """A listed limit of the model for one card name, in English and Russian."""

    card: str
    what: str
    what_ru: str


@cache
def model_limits() -> dict[str, ModelLimit]:
    """The listed model limits by normalised card name (``data/model_limits.toml``)."""
    path = data_dir() / "model_limits.toml"
    table = parse_toml(read_user_text(path, "model limits"), str(path))
    out: dict[str, ModelLimit] = {}
    for i, entry in enumerate(table.get("limit", []), start=1):
        try:
            what = str(entry["what"])
            limit = ModelLimit(str(entry["card"]), what, str(entry.get("what_ru", what)))
        except (KeyError, TypeError) as exc:
            raise BerserkInputError(f"{path}: limit {i} needs card and what ({exc})") from None
        out[normalize_name(limit.card)] = limit
    return out


@dataclass(frozen=True)
class CardCaveat:
    """Why one card of a swap is unsure: its status, the parts left out and a listed limit."""

    card: str
    status: str
    unsure: float
    left_out: int
    limit: ModelLimit | None

    def note(self) -> str:
        """``Паровой голем: partial, 2 part(s) of its text not modelled; model limit: …`` (English;
        the dashboard words it from its catalog and ``limit.what_ru``)."""
        text = f"{self.card}: {self.status}"
        if self.left_out:
            text += f", {self.left_out} part(s) of its text not modelled"
        if self.limit:
            text += f"; model limit: {self.limit.what}"
        return text


@dataclass(frozen=True)
class SwapCaveat:
    """The unsure share of a swap's gain (0 to 1) and the cards behind it."""

    unsure_share: float
    cards: tuple[CardCaveat, ...]

    @property
    def has_limit(self) -> bool:
        return any(c.limit is not None for c in self.cards)

    def notes(self) -> list[str]:
        """One note per card that is not fully modelled or has a listed limit."""
        return [c.note() for c in self.cards if c.unsure > 0]

    @property
    def unsure_cards(self) -> tuple[CardCaveat, ...]:
        """The cards of the swap that are not fully modelled or have a listed limit."""
        return tuple(c for c in self.cards if c.unsure > 0)

    def to_dict(self) -> dict[str, object]:
        return {"unsure_share": round(self.unsure_share, 4), "has_model_limit": self.has_limit,
                "notes": self.notes()}


def card_caveat(card: Card) -> CardCaveat:
    """How unsure the model's play of ``card`` is (module docstring)."""
    status = status_of(card)
    limit = model_limits().get(card.key)
    left_out = len(card.abilities.unmodelled) if card.abilities is not None else 0
    if limit is not None or status in ("none", "missing"):
        unsure = 1.0
    elif status == "partial":
        played = len(card.abilities.played) if card.abilities is not None else 0
        unsure = left_out / (played + left_out) if played + left_out else 0.5
    else:
        unsure = 0.0
    return CardCaveat(card.name, status, unsure, left_out, limit)


def swap_caveat(swap: Swap) -> SwapCaveat:
    """The share of ``swap``'s gain that rests on cards not modelled in full or on a listed limit."""
    removed, added = card_caveat(swap.remove), card_caveat(swap.add)
    return SwapCaveat((removed.unsure + added.unsure) / 2, (removed, added))


__all__ = ["CardCaveat", "ModelLimit", "SwapCaveat", "card_caveat", "model_limits", "swap_caveat"]
