"""Rulesets: every contested number of the rules, read from a TOML file.

    >>> rules = load_ruleset("relaunch")
    >>> rules.crystals.gold, rules.deck_limits("constructed").copies
    (23, 3)

Imports: :mod:`analysis.util` and :mod:`analysis.cards` only (everything above reads a ruleset).

Built-in rulesets live in ``data/rules/*.toml``: ``classic``, ``relaunch`` (tournament rules: the
card table's ban list of March 2026), ``relaunch-casual`` (the same without bans) and ``realms``.
The old name ``relaunch-banlist`` still loads ``relaunch`` (:data:`RULESET_ALIASES`). A user file
may start from a built-in one with ``base = "relaunch"`` and override only what differs, e.g. a
tournament's extra bans::

    base = "relaunch"
    name = "my-cup"
    [deck.bans]
    names = ["Гуль"]

A base may itself have a base (``relaunch-banlist`` is ``relaunch`` plus the ban list), up to
:data:`MAX_BASE_DEPTH` levels, without cycles. A user file without ``name`` is named after the file
(``my-cup.toml`` → ``my-cup``), never after its base. Every whole number is between 0 and
:data:`MAX_RULE_INT`. With a card database, the banned names and allowed sets are checked
against it (:func:`check_ruleset_cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.userfiles import parse_toml, read_user_text

if TYPE_CHECKING:
    from analysis.cards.table import CardDB

FORMATS = ("constructed", "draft", "sealed")
MULLIGAN_MODELS = ("pay_gold", "shrink")
UNIQUENESS_MODELS = ("unique_flag", "elite_unique")
COMBAT_MODELS = ("strike_table", "defence_die")
MAX_RULESET_BYTES = 200_000
MAX_RULE_INT = 1_000
"""Largest whole number of a ruleset (the real ones stay below 60)."""
RULESET_ALIASES = {"relaunch-banlist": "relaunch"}
"""Old built-in names that still load: ``relaunch-banlist`` became the default ``relaunch``."""
MAX_BASE_DEPTH = 8


@dataclass(frozen=True)
class DeckLimits:
    """Deck size and copy limits of one format; ``copies = 0`` means no copy limit."""

    min_cards: int
    max_cards: int
    copies: int
    horde_copies: int


@dataclass(frozen=True)
class Bans:
    use_card_flag: bool
    names: tuple[str, ...]
    allowed_sets: tuple[int, ...]


@dataclass(frozen=True)
class DealRules:
    """Deal size and the mulligan model: ``pay_gold`` (redeal the full deal for gold) or ``shrink``."""

    size: int
    mulligan: str
    mulligan_gold_cost: int
    min_size: int

    def size_after(self, mulligans: int) -> int:
        """Deal size after ``mulligans`` redeals."""
        if self.mulligan == "shrink":
            return max(self.min_size, self.size - mulligans)
        return self.size


@dataclass(frozen=True)
class Crystals:
    gold: int
    silver: int
    second_player_gold: int
    second_player_silver: int
    carry_over: bool


@dataclass(frozen=True)
class ElementRules:
    """Gold adjustment: −penalty per element beyond ``free_elements``; +bonus at ≤ ``mono_max_elements``."""

    free_elements: int
    penalty_per_extra: int
    mono_bonus: int
    mono_max_elements: int

    def adjustment(self, n_elements: int) -> int:
        """Gold added (positive) or lost (negative) for a squad with ``n_elements`` elements."""
        bonus = self.mono_bonus if n_elements <= self.mono_max_elements else 0
        return bonus - self.penalty_per_extra * max(0, n_elements - self.free_elements)


@dataclass(frozen=True)
class SquadRules:
    """Squad limits; ``flying_cost_cap = 0`` means no cap."""

    max_cards: int
    max_terrains: int
    flying_cost_cap: int
    uniqueness: str


@dataclass(frozen=True)
class Ruleset:
    name: str
    description: str
    formats: tuple[tuple[str, DeckLimits], ...]
    bans: Bans
    deal: DealRules
    crystals: Crystals
    elements: ElementRules
    squad: SquadRules
    combat_model: str
    source: str = "built-in"

    def deck_limits(self, fmt: str) -> DeckLimits:
        """Limits of a format; an error naming the formats this ruleset has if it lacks ``fmt``."""
        for name, limits in self.formats:
            if name == fmt:
                return limits
        have = ", ".join(n for n, _ in self.formats)
        raise BerserkInputError(f"ruleset {self.name!r} has no {fmt!r} format (it has: {have})")

    @property
    def format_names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.formats)

    def seat_crystals(self, player: int) -> tuple[int, int]:
        """(gold, silver) before the element adjustment for player 1 or 2."""
        if player not in (1, 2):
            raise BerserkInputError(f"player must be 1 or 2, got {player}")
        c = self.crystals
        if player == 1:
            return c.gold, c.silver
        return c.gold + c.second_player_gold, c.silver + c.second_player_silver


# --------------------------------------------------------------------------- validation

_SCHEMA: dict[str, dict[str, type]] = {
    "deck.<format>": {"min_cards": int, "max_cards": int, "copies": int, "horde_copies": int},
    "deck.bans": {"use_card_flag": bool, "names": list, "allowed_sets": list},
    "deal": {"size": int, "mulligan": str, "mulligan_gold_cost": int, "min_size": int},
    "crystals": {
        "gold": int,
        "silver": int,
        "second_player_gold": int,
        "second_player_silver": int,
        "carry_over": bool,
    },
    "elements": {"free_elements": int, "penalty_per_extra": int, "mono_bonus": int, "mono_max_elements": int},
    "squad": {"max_cards": int, "max_terrains": int, "flying_cost_cap": int, "uniqueness": str},
    "combat": {"model": str},
}


class _Validator:
    def __init__(self, source: str):
        self.source = source

    def fail(self, key: str, message: str) -> BerserkInputError:
        return BerserkInputError(f"{self.source}: key {key!r}: {message}")

    def table(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        node: Any = data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise self.fail(key, "missing table")
            node = node[part]
        if not isinstance(node, dict):
            raise self.fail(key, "must be a table ([...])")
        return node

    def fields(self, table: dict[str, Any], key: str, schema: dict[str, type]) -> dict[str, Any]:
        unknown = sorted(set(table) - set(schema))
        if unknown:
            raise self.fail(f"{key}.{unknown[0]}", f"unknown key; known keys: {', '.join(schema)}")
        out = {}
        for name, kind in schema.items():
            full = f"{key}.{name}"
            if name not in table:
                raise self.fail(full, "missing")
            value = table[name]
            if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
                raise self.fail(full, f"must be a whole number, got {value!r}")
            if kind is int and not 0 <= value <= MAX_RULE_INT:
                raise self.fail(full, f"must be between 0 and {MAX_RULE_INT:,}, got {value:,}")
            if kind is not int and not isinstance(value, kind):
                raise self.fail(full, f"must be a {kind.__name__}, got {value!r}")
            out[name] = value
        return out

    def choice(self, value: str, key: str, options: tuple[str, ...]) -> str:
        if value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, got {value!r}")
        return value


def _deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def ruleset_from_dict(data: dict[str, Any], source: str) -> Ruleset:
    """Validate a parsed ruleset; errors name the offending key."""
    v = _Validator(source)
    top_unknown = sorted(
        set(data) - {"name", "description", "base", "deck", "deal", "crystals", "elements", "squad", "combat"}
    )
    if top_unknown:
        raise v.fail(top_unknown[0], "unknown key")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise v.fail("name", "missing or not a string")
    deck = v.table(data, "deck")
    formats = []
    for fmt in FORMATS:
        if fmt in deck:
            f = v.fields(v.table(data, f"deck.{fmt}"), f"deck.{fmt}", _SCHEMA["deck.<format>"])
            if f["min_cards"] > f["max_cards"]:
                raise v.fail(f"deck.{fmt}.min_cards", f"{f['min_cards']} is above max_cards {f['max_cards']}")
            if f["max_cards"] == 0:
                raise v.fail(f"deck.{fmt}.max_cards", "must be at least 1")
            formats.append((fmt, DeckLimits(**f)))
    extra_tables = sorted(set(deck) - set(FORMATS) - {"bans"})
    if extra_tables:
        raise v.fail(f"deck.{extra_tables[0]}", f"unknown format; formats: {', '.join(FORMATS)}")
    if not formats:
        raise v.fail("deck", f"no format table; give at least one of {', '.join(FORMATS)}")
    b = v.fields(v.table(data, "deck.bans"), "deck.bans", _SCHEMA["deck.bans"])
    if not all(isinstance(n, str) for n in b["names"]):
        raise v.fail("deck.bans.names", "must be a list of card names")
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 999 for s in b["allowed_sets"]):
        raise v.fail("deck.bans.allowed_sets", "must be a list of set ids such as [10, 20]")
    d = v.fields(v.table(data, "deal"), "deal", _SCHEMA["deal"])
    v.choice(d["mulligan"], "deal.mulligan", MULLIGAN_MODELS)
    if not 1 <= d["size"] <= 50:
        raise v.fail("deal.size", f"must be between 1 and 50, got {d['size']}")
    if not 1 <= d["min_size"] <= d["size"]:
        raise v.fail("deal.min_size", f"must be between 1 and deal.size ({d['size']}), got {d['min_size']}")
    c = v.fields(v.table(data, "crystals"), "crystals", _SCHEMA["crystals"])
    e = v.fields(v.table(data, "elements"), "elements", _SCHEMA["elements"])
    s = v.fields(v.table(data, "squad"), "squad", _SCHEMA["squad"])
    v.choice(s["uniqueness"], "squad.uniqueness", UNIQUENESS_MODELS)
    if s["max_cards"] == 0:
        raise v.fail("squad.max_cards", "must be at least 1")
    combat = v.fields(v.table(data, "combat"), "combat", _SCHEMA["combat"])
    v.choice(combat["model"], "combat.model", COMBAT_MODELS)
    return Ruleset(
        name=name,
        description=str(data.get("description", "")),
        formats=tuple(formats),
        bans=Bans(b["use_card_flag"], tuple(b["names"]), tuple(b["allowed_sets"])),
        deal=DealRules(**d),
        crystals=Crystals(**c),
        elements=ElementRules(**e),
        squad=SquadRules(**s),
        combat_model=combat["model"],
        source=source,
    )


def builtin_ruleset_names() -> list[str]:
    """Names of the rulesets shipped in ``data/rules``."""
    return sorted(p.stem for p in (data_dir() / "rules").glob("*.toml"))


def _read_toml(path: Path) -> dict[str, Any]:
    return parse_toml(read_user_text(path, "ruleset", MAX_RULESET_BYTES), str(path))


def _with_bases(data: dict[str, Any], path: Path, chain: tuple[str, ...] = ()) -> dict[str, Any]:
    """``data`` merged over its base, the base over its own base, and so on (no cycles, at most
    :data:`MAX_BASE_DEPTH` levels); the ``base`` keys are consumed."""
    base = data.pop("base", None)
    if base is None:
        return data
    names = builtin_ruleset_names()
    base = RULESET_ALIASES.get(base, base) if isinstance(base, str) else base
    if not isinstance(base, str) or base not in names:
        raise BerserkInputError(f"{path}: key 'base': must name a built-in ruleset ({', '.join(names)})")
    if base in chain:
        raise BerserkInputError(f"{path}: key 'base': the bases form a cycle ({' → '.join((*chain, base))})")
    if len(chain) >= MAX_BASE_DEPTH:
        raise BerserkInputError(f"{path}: key 'base': more than {MAX_BASE_DEPTH} levels of bases")
    base_path = data_dir() / "rules" / f"{base}.toml"
    return _deep_merge(_with_bases(_read_toml(base_path), base_path, (*chain, base)), data)


def load_ruleset(name_or_path: str | Path = "relaunch", db: CardDB | None = None) -> Ruleset:
    """A built-in ruleset by name (``classic``, ``relaunch``, ``relaunch-casual``, ``realms``; the
    old name ``relaunch-banlist`` loads ``relaunch``) or a TOML file by path; with ``db``, its banned
    names and allowed sets are checked against the cards."""
    text = str(name_or_path)
    text = RULESET_ALIASES.get(text, text)
    builtin = data_dir() / "rules" / f"{text}.toml"
    if "/" not in text and "\\" not in text and not text.endswith(".toml"):
        if not builtin.exists():
            raise BerserkInputError(
                f"unknown ruleset {text!r}; built-in rulesets: {', '.join(builtin_ruleset_names())}, "
                "or give the path of a .toml file"
            )
        path = builtin
    else:
        path = Path(text)
    data = _read_toml(path)
    data.setdefault("name", path.stem)  # the file's own name, not its base's
    chain = (path.stem,) if path == builtin else ()
    rules = ruleset_from_dict(_with_bases(data, path, chain), "built-in" if path == builtin else str(path))
    if db is not None:
        check_ruleset_cards(rules, db)
    return rules


def check_ruleset_cards(rules: Ruleset, db: CardDB) -> None:
    """An input error when ``[deck.bans]`` names a card or a set the card database lacks (a typo
    would otherwise ban nothing, silently)."""
    unknown = [n for n in rules.bans.names if n not in db]
    if unknown:
        first = unknown[0]
        hint = ", ".join(repr(n) for n in db.suggest(first)) if len(first) <= 100 else ""
        more = f" (and {len(unknown) - 1:,} more unknown)" if len(unknown) > 1 else ""
        raise BerserkInputError(
            f"{rules.source}: key 'deck.bans.names': unknown card {first[:100]!r}{more}"
            + (f"; closest names: {hint}" if hint else ""))
    sets = {c.set_id for c in db}
    missing = [s for s in rules.bans.allowed_sets if s not in sets]
    if missing:
        raise BerserkInputError(
            f"{rules.source}: key 'deck.bans.allowed_sets': no card has set id {missing[0]} "
            f"(set ids: {', '.join(map(str, sorted(sets)))})")
