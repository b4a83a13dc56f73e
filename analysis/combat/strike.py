"""One simple strike, exactly: fighters, roll modifiers, weakening, and the outcome distribution.

A :class:`Fighter` is a creature's combat profile — printed strike X-Y-Z, life, and what changes a
simple strike (RULES.md §4): experience in attack / defence (+X to the attacker's / parrier's roll),
blessing (+1 to every roll), curse (−1), clumsiness (−X to both; the card data has no X, so X = 1),
armor X (the first X wounds from non-magical attacks each turn are ignored) and regeneration X (used
by :mod:`analysis.combat.duel`), and from the card's ability facts
(:mod:`analysis.cards.ability_rules`): a strike bonus, "−X from simple strikes" (``reduce``),
protection from simple strikes and a magical simple
strike (armor does not stop it). Blessing and curse come from the facts, not from the ``bls``/``cur``
icons, which only mark a text that mentions them (issue 9 audit). Users may add modifiers: named ones
(a keyword column such as ``exp_attack``) combine with the card's own by taking the largest (000
2.15); the unnamed ``roll`` (every roll) and ``power`` (every strike, 000 2.13) add up.

    >>> att = fighter_from_stats("2-3-4", life=5)
    >>> odds = strike_odds(att, fighter_from_stats("1-2-3", life=4), closed=True)
    >>> [(o.to_target, str(o.p)) for o in odds.outcomes]
    [(2, '1/2'), (3, '1/3'), (4, '1/6')]

Two combat models, chosen by the ruleset's ``combat_model``:

``strike_table`` (classic, relaunch): against an open target both roll a d6 plus modifiers,
unclamped, and :mod:`analysis.combat.strike_table` maps the difference to the strikes exchanged; on the
rows where both strike (d = 4, 2, −4) the higher roller may weaken (000 4.5). Against a closed
target only the attacker rolls, clamped to 1..6: 1-3 weak, 4-5 medium, 6 strong (000 4.9).

``defence_die`` (realms, 004 L241-247): the attacker's die gives 1-3 light, 4-5 medium, 6 strong;
an alert (open) target rolls the defence die at the same time: 1-4 the attack hits, 5 both miss,
6 the attack misses and the defender deals its light strike. Experience and blessing are re-rolls
here (004 L341, L353, L361): each side re-rolls a face while the face is worth less than what a
re-roll is expected to bring (optimal stopping on expected wounds dealt minus taken). Curse and
clumsiness do not exist in 004 and are ignored under this model.

Wounds are the strike's power (never below 0, 000 2.13) minus the receiver's armor (not below 0).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from analysis.cards.schema import column_max
from analysis.cards.table import Card
from analysis.combat import strike_table as st
from analysis.util.errors import BerserkInputError

STRIKE_TABLE, DEFENCE_DIE = "strike_table", "defence_die"
COMBAT_MODELS = (STRIKE_TABLE, DEFENCE_DIE)
WEAKEN_POLICIES = ("never", "always", "best")

NAMED_MODIFIERS = ("exp_attack", "exp_defence", "blessing", "curse", "clumsiness", "armor", "regeneration")
"""Keyword columns that change a simple strike or a duel; each is a named modifier (000 2.15)."""
FLAG_MODIFIERS = ("blessing", "curse", "clumsiness")
"""Named modifiers whose card value is a flag; clumsiness has X = 1 when the data gives none."""
EXTRA_MODIFIERS = ("roll", "power")
"""Unnamed user modifiers: ``roll`` adds to every roll, ``power`` to every strike; they add up."""


ABILITY_KINDS = ("shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike",
                 "spell", "effect", "wound")
"""Ability attacks and wounding actions a duel knows (:class:`AbilityAttack`)."""
_ARMOR_KINDS = frozenset({"shot", "throw", "strike_through_row", "special_strike"})
"""Non-magical attacks among them (000 "Armor X"; spells and effects are no attacks)."""


@dataclass(frozen=True)
class AbilityAttack:
    """A ``tap`` ability that wounds, as a duel uses it: damage by band of a die with modifier
    ``roll`` (000 glossary "Shot at X-Y-Z": 1-3 weak, 4-5 medium, 6 strong; 2.14: clamped), or a
    fixed damage (the same in all three bands); ``range`` None = the rulebook's default."""

    kind: str
    damage: tuple[int, int, int]
    roll: int = 0
    range: int | None = None

    def by_face(self, face: int) -> int:
        """Damage for a die face 1..6."""
        result = min(6, max(1, face + self.roll))
        return self.damage[0] if result <= 3 else self.damage[1] if result <= 5 else self.damage[2]

    @property
    def ranged(self) -> bool:
        """Usable two squares away (000 glossary "Ranged attack", "Range X"; spells and effects
        have no range limit unless stated)."""
        if self.kind in ("shot", "throw", "discharge", "strike_through_row", "spell", "effect",
                         "wound"):
            return self.range is None or self.range >= 2
        return self.range is not None and self.range >= 2

    @property
    def close(self) -> bool:
        """Usable against an adjacent card (ranged attacks never are; 000 glossary)."""
        return self.kind in ("magic_strike", "special_strike", "spell", "effect", "wound")


@dataclass(frozen=True)
class Fighter:
    """A creature's combat profile. Hashable, so results for it can be cached."""

    name: str
    strike: tuple[int, int, int]
    life: int
    exp_attack: int = 0
    exp_defence: int = 0
    blessing: int = 0
    curse: int = 0
    clumsiness: int = 0
    armor: int = 0
    regeneration: int = 0
    roll: int = 0
    power: int = 0
    reduce: int = 0
    """"−X from simple strikes": the power of strikes it receives is lowered by X (000 glossary)."""
    prot_simple: bool = False
    """Protection from simple strikes: they deal it no wounds (000 2.8)."""
    magical: bool = False
    """Its simple strike is magical: the receiver's armor does not stop it (000 "Armor X")."""
    flyer: bool = False
    """A flying creature (000 1.5.1, 4.16)."""
    prot_flyers: bool = False
    """Protection from flying creatures: a flyer's strikes deal it no wounds."""
    move: int = 1
    """Movement points (a ground creature with 0 cannot walk into contact)."""
    attacks: tuple[AbilityAttack, ...] = ()
    """Its ``tap`` abilities that wound an enemy (unconditional, unlimited, paid by closing only)."""
    poison: int = 0
    """Poisoning X it imposes with its simple strike (000 glossary "Poisoning at X")."""
    guards: frozenset[str] = frozenset()
    """The ability kinds (and ``poison``) that deal it no wounds: its protections, fortitude."""
    reductions: tuple[int, ...] = ()
    """"−X from" each kind of :data:`ABILITY_KINDS`, in that order (empty: none)."""
    cost: int = 0
    caps: tuple[tuple[int, int, int], ...] = ()
    """Caps on the simple strikes it receives ("reduced to N", protections for some strengths or
    parities): :func:`analysis.cards.ability_rules.limits`."""
    prot_counter: bool = False
    """It takes no wounds from counter-strikes (a ``protection`` from ``counter``; 000 4.4)."""
    stays_open: bool = False
    """Its simple strike does not close it (``stays_open``; 000 2.x, Baraka)."""
    key: str = field(default="", compare=False)

    @property
    def attack_mod(self) -> int:
        """Total modifier to this creature's roll when it strikes (Strike Table model)."""
        return self.exp_attack + self.blessing - self.curse - self.clumsiness + self.roll

    @property
    def parry_mod(self) -> int:
        """Total modifier to this creature's roll when it parries (Strike Table model)."""
        return self.exp_defence + self.blessing - self.curse - self.clumsiness + self.roll

    def wounds(self, kind: int) -> int:
        """Power of this creature's strike of ``kind`` (0 for a miss, never below 0)."""
        return st.strike_power(self.strike, kind, self.power)

    def reduction(self, kind: str) -> int:
        """"−X from" attacks or actions of ``kind`` (an :data:`ABILITY_KINDS` name)."""
        return self.reductions[ABILITY_KINDS.index(kind)] if self.reductions else 0

    def taken(self, attack: AbilityAttack, face: int) -> int:
        """Wounds one use of ``attack`` with die ``face`` deals this creature: none through a
        protection (000 2.8), "−X from" lowers the power (not below 0, 2.13), armor stops
        non-magical attacks."""
        if attack.kind in self.guards:
            return 0
        power = max(0, attack.by_face(face) - self.reduction(attack.kind))
        return max(0, power - self.armor) if attack.kind in _ARMOR_KINDS else power

    def describe(self) -> str:
        """``name X-Y-Z life N [keywords]`` for reports."""
        mods = [f"{k}={getattr(self, k)}" for k in (*NAMED_MODIFIERS, *EXTRA_MODIFIERS, "reduce")
                if getattr(self, k)]
        mods += [k for k in ("prot_simple", "magical", "flyer", "prot_flyers") if getattr(self, k)]
        if self.poison:
            mods.append(f"poison={self.poison}")
        mods += [f"{a.kind} {'-'.join(map(str, a.damage))}" for a in self.attacks]
        x, y, z = self.strike
        return f"{self.name} {x}-{y}-{z} life {self.life}" + (f" [{', '.join(mods)}]" if mods else "")


MAX_STRIKE = 99
"""Largest strike power X, Y or Z of a custom fighter (the cards' largest is 8)."""
MAX_FIGHTER_LIFE = column_max("life")
"""Largest life of a custom fighter (the duel engine's limit, 200)."""
MAX_MODIFIER = 99
"""Largest size of a modifier: named ones 0..99, ``roll`` and ``power`` −99..99 after adding up."""


def _apply_modifiers(base: dict[str, int], modifiers: dict[str, int] | None) -> dict[str, int]:
    out = dict(base)
    for name, value in (modifiers or {}).items():
        if name in NAMED_MODIFIERS:
            if int(value) < 0:
                raise BerserkInputError(
                    f"modifier {name} must be ≥ 0, got {value} (use roll= or power= to subtract)"
                )
            out[name] = max(out.get(name, 0), int(value))  # 000 2.15: only the largest applies
        elif name in EXTRA_MODIFIERS:
            out[name] = out.get(name, 0) + int(value)
        else:
            known = ", ".join((*NAMED_MODIFIERS, *EXTRA_MODIFIERS))
            raise BerserkInputError(f"unknown combat modifier {name!r}; use one of {known}")
    for name in NAMED_MODIFIERS:
        if out.get(name, 0) < 0:
            raise BerserkInputError(f"modifier {name} must be ≥ 0, got {out[name]}")
        if out.get(name, 0) > MAX_MODIFIER:
            raise BerserkInputError(f"modifier {name}={out[name]} is too large; at most {MAX_MODIFIER}")
    for name in EXTRA_MODIFIERS:
        if abs(out.get(name, 0)) > MAX_MODIFIER:
            raise BerserkInputError(f"modifier {name}={out[name]} is too large; use −{MAX_MODIFIER} to "
                                    f"{MAX_MODIFIER}")
    return out


def fighter_from_card(card: Card, modifiers: dict[str, int] | None = None, against: Card | None = None,
                      seat: int | None = None) -> Fighter:
    """The profile of a creature card, plus user modifiers (see the module docstring).

    ``against``: the opponent, for the facts that hold only against some cards (None: only the
    unconditional ones); ``seat`` (0 First, 1 Second) for facts marked for one seat."""
    if not card.is_creature:
        raise BerserkInputError(f"{card.label()} is not a creature ({card.type}): it has no simple strike")
    if card.strike is None or card.life is None:
        raise BerserkInputError(
            f"{card.label()} has no strike or life in the card data; give custom stats instead "
            "(e.g. 2-3-4:8)"
        )
    fighter = fighter_from_facts(card, card.strike, card.life, against, seat)
    if modifiers:
        values = _apply_modifiers({k: getattr(fighter, k) for k in NAMED_MODIFIERS}, modifiers)
        fighter = replace(fighter, **values)
    return fighter


def fighter_from_facts(card: Card, strike: tuple[int, int, int], life: int, against: Card | None = None,
                       seat: int | None = None) -> Fighter:
    """The combat profile of any card with the given strike and life (no type check): keyword
    columns and the ability facts that act on a simple strike against ``against``."""
    from analysis.cards.ability_rules import (
        counter_protected,
        directed_reduction,
        facts,
        forced_tier,
        granted_keywords,
        keywords_against,
        limits,
        protected,
        raised_tier,
        reduction,
        roll_bonus,
        stays_open,
        strike_passives,
    )

    passives = strike_passives(card, against, seat)
    base = {k: card.keyword(k) for k in NAMED_MODIFIERS if k not in ("blessing", "curse")}
    for k, v in (*granted_keywords(card, seat), *keywords_against(card, against, seat)):
        if k in base:
            base[k] = max(base[k], v)  # 000 2.15: only the largest applies
    base["clumsiness"] = 1 if base["clumsiness"] else 0
    bonus = passives.bonus
    powers = (strike[0] + bonus[0], strike[1] + bonus[1], strike[2] + bonus[2])
    tier = forced_tier(card, "simple", against, seat)
    if tier >= 0:  # ("сводится к сильному": every strike that lands is of that strength)
        powers = (powers[tier],) * 3
    else:
        low, high = raised_tier(card, "simple", against, seat)
        if low >= 0:  # ("слабые атаки … сводятся к средним": that strength only)
            raised = list(powers)
            raised[low] = raised[high]
            powers = (raised[0], raised[1], raised[2])
    reductions = tuple(reduction(card, k, against, seat) for k in ABILITY_KINDS)
    return Fighter(
        name=card.name, strike=powers,
        life=life, cost=card.cost, key=card.key, blessing=int(passives.blessing), curse=int(passives.curse),
        reduce=reduction(card, "simple", against, seat) + directed_reduction(card, against, seat),
        prot_simple=protected(card, "simple", against, seat), prot_counter=counter_protected(card, against,
                                                                                             seat),
        stays_open=stays_open(card, seat),
        magical=passives.magical, flyer=card.type == "flyer",
        prot_flyers=(card.has("prot_flyers") or any(k == "prot_flyers" for k, _ in granted_keywords(card,
                                                                                                    seat)))
        and not (against is not None and any(a.kind == "ignore_prot_flyers" for a in facts(against))),
        move=card.move if card.type == "creature" else 0, attacks=duel_attacks(card, against, seat),
        poison=strike_poison(card, seat), reductions=reductions if any(reductions) else (),
        guards=frozenset(k for k in (*ABILITY_KINDS, "poison") if protected(card, k, against, seat)),
        caps=limits(card, "simple", against, seat), roll=roll_bonus(card, seat), **base,
    )


def duel_attacks(card: Card, against: Card | None = None,
                 seat: int | None = None) -> tuple[AbilityAttack, ...]:
    """The card's abilities a duel can use each turn: ``tap`` cost, wounding an enemy, no limit of
    uses, no seat mark, no condition unmet by ``against`` (None: no condition at all)."""
    from analysis.cards.ability_rules import (
        attack_bonus,
        facts,
        forced_tier,
        matches,
        raised_tier,
        roll_modifier,
    )

    out = []
    for ab in facts(card):
        if (ab.kind not in ABILITY_KINDS or ab.cost != "tap" or ab.uses_per_battle or ab.uses_per_turn
                or ab.tokens or ab.seat or ab.target not in ("enemy", "any") or not ab.damage
                or not matches(ab, against)):
            continue
        damage = ab.damage * 3 if len(ab.damage) == 1 else ab.damage
        tier = forced_tier(card, ab.kind, against, seat)
        if tier >= 0:  # ("сводится к сильному": that strength whatever the die)
            damage = (damage[tier],) * 3
        elif len(damage) == 3:
            low, high = raised_tier(card, ab.kind, against, seat)
            if low >= 0:
                damage = tuple(damage[high] if i == low else d for i, d in enumerate(damage))
        bonus = attack_bonus(card, ab.kind, seat, against)  # ("+1 к метаниям": the power, never below 0)
        if bonus:
            damage = tuple(max(0, d + bonus) for d in damage)
        roll = roll_modifier(card, ab.kind, against, seat) if len(ab.damage) == 3 else 0
        out.append(AbilityAttack(ab.kind, tuple(damage), roll, ab.range))
    return tuple(out)


def strike_poison(card: Card, seat: int | None = None) -> int:
    """Poisoning X the card's simple strike imposes (a ``poison`` fact on trigger ``strike``)."""
    from analysis.cards.ability_rules import facts

    return max((ab.damage[0] for ab in facts(card) if ab.kind == "poison" and ab.trigger == "strike"
                and ab.damage and not ab.uses_per_battle and not ab.uses_per_turn and not ab.seat), default=0)


_STATS = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$", re.ASCII)
MAX_SPEC_CHARS = 300
"""A fighter given as text longer than this is refused before it is parsed."""


def parse_strike(text: str) -> tuple[int, int, int]:
    """``"2-3-4"`` → (2, 3, 4), each 0..:data:`MAX_STRIKE`; an error naming the expected form
    otherwise (ASCII digits only: ``²`` is not a number here)."""
    match = _STATS.match(text) if len(text) <= MAX_SPEC_CHARS else None
    if not match:
        raise BerserkInputError(f"strike {text[:40]!r} must look like X-Y-Z, e.g. 2-3-4")
    groups = match.groups()
    if any(len(g) > len(str(MAX_STRIKE)) or int(g) > MAX_STRIKE for g in groups):
        raise BerserkInputError(f"strike {text.strip()[:40]!r}: each power must be between 0 and "
                                f"{MAX_STRIKE}")
    x, y, z = (int(g) for g in groups)
    return x, y, z


def _whole_number(text: str, what: str, example: str) -> int:
    """ASCII digits with an optional sign, at most 12 of them, as an int; an input error otherwise."""
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not digits or not all("0" <= ch <= "9" for ch in digits):
        raise BerserkInputError(f"{what}: value must be a whole number, e.g. {example}")
    if len(digits) > 12:
        raise BerserkInputError(f"{what}: the value is too large; at most {MAX_MODIFIER}")
    return int(body)


def fighter_from_stats(
    strike: str | tuple[int, int, int],
    life: int,
    modifiers: dict[str, int] | None = None,
    name: str | None = None,
    cost: int = 0,
) -> Fighter:
    """A custom fighter: strike ``"X-Y-Z"``, life, and keyword/user modifiers by name."""
    triple = parse_strike(strike) if isinstance(strike, str) else tuple(int(v) for v in strike)
    if len(triple) != 3 or min(triple) < 0 or max(triple) > MAX_STRIKE:
        raise BerserkInputError(f"strike {strike!r} must be three whole numbers from 0 to {MAX_STRIKE}")
    if not 1 <= int(life) <= MAX_FIGHTER_LIFE:
        raise BerserkInputError(f"life must be between 1 and {MAX_FIGHTER_LIFE}, got {life}")
    label = name or "{}-{}-{}/{}".format(*triple, life)
    values = _apply_modifiers({}, modifiers)
    return Fighter(name=label, strike=triple, life=int(life), cost=cost, key=label, **values)  # type: ignore[arg-type]


def parse_modifiers(text: str) -> dict[str, int]:
    """``"exp_attack=2,blessing,power=-1"`` → dict; a bare name means 1. Same names: largest wins."""
    out: dict[str, int] = {}
    if len(text) > MAX_SPEC_CHARS:
        raise BerserkInputError(f"modifiers of {len(text):,} characters are too long "
                                f"(at most {MAX_SPEC_CHARS})")
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        name = name.strip()
        number = _whole_number(value, f"modifier {part[:40]!r}", "armor=1") if value.strip() else 1
        if name in EXTRA_MODIFIERS:
            out[name] = out.get(name, 0) + number
        else:
            out[name] = max(out.get(name, number), number)
    _apply_modifiers({}, out)  # validate names
    return out


def parse_fighter_spec(spec: str, find_card) -> Fighter:
    """A CLI fighter: a card name / ``SET/NUM`` (looked up with ``find_card``), or custom stats
    ``X-Y-Z:LIFE[:MODIFIERS]`` such as ``2-3-4:8:armor=1,blessing``. A card name may be followed by
    ``+MODIFIERS`` (``Кочевник+exp_attack=1``)."""
    if len(spec) > MAX_SPEC_CHARS:
        raise BerserkInputError(f"fighter {spec[:40]!r}… is {len(spec):,} characters long "
                                f"(at most {MAX_SPEC_CHARS})")
    head = spec.split(":", 1)[0]
    if _STATS.match(head) or (head.strip()[:1].isdigit() and "-" in head):  # "²-3-4" is custom too
        parts = spec.split(":")
        life = parts[1].strip() if len(parts) > 1 else ""
        if not life or not all("0" <= ch <= "9" for ch in life):
            raise BerserkInputError(f"custom fighter {spec[:60]!r} must be X-Y-Z:LIFE[:MODIFIERS], "
                                    "e.g. 2-3-4:8")
        if len(life) > 12:
            raise BerserkInputError(f"life must be between 1 and {MAX_FIGHTER_LIFE}, got {life[:12]}…")
        mods = parse_modifiers(":".join(parts[2:])) if len(parts) > 2 else None
        return fighter_from_stats(head, int(life), mods)
    name, plus, mods_text = spec.partition("+")
    card = find_card(name.strip())
    return fighter_from_card(card, parse_modifiers(mods_text) if plus else None)


# --------------------------------------------------------------------------- the outcome space


@dataclass(frozen=True)
class Branch:
    """Die results that lead to the same strikes: ``weight`` of ``denominator``; ``plain`` is
    (wounds to target, wounds to attacker) without weakening; where the row allows weakening,
    ``weakened`` is the pair after it and ``chooser`` who may choose (``attacker``/``parrier``)."""

    weight: int
    plain: tuple[int, int]
    weakened: tuple[int, int] | None = None
    chooser: str | None = None


@dataclass(frozen=True)
class StrikeSpace:
    """Every way one simple strike can end, before any weakening choice is made."""

    denominator: int
    branches: tuple[Branch, ...]


def _wounds(striker: Fighter, receiver: Fighter, kind: int, counter: bool = False) -> int:
    """Wounds of a strike of ``kind``: its power less the receiver's "−X from simple strikes" (not
    below 0, 000 2.13), less armor unless the strike is magical; none through protection (from
    simple strikes, or from flying creatures against a flyer's strike). ``counter``: the strike is a
    counter-strike (000 4.4), which a receiver protected from counter-strikes does not feel."""
    if receiver.prot_simple or kind < 0 or (striker.flyer and receiver.prot_flyers) or (
            counter and receiver.prot_counter):
        return 0
    power = striker.wounds(kind) - receiver.reduce
    if receiver.caps:
        from analysis.cards.ability_rules import apply_limits

        power = apply_limits(max(0, power), kind, receiver.caps)
    return max(0, power - (0 if striker.magical else receiver.armor))


def _exchange_wounds(att: Fighter, tgt: Fighter, kinds: tuple[int, int]) -> tuple[int, int]:
    return _wounds(att, tgt, kinds[0]), _wounds(tgt, att, kinds[1], True)


@lru_cache(maxsize=65536)
def strike_space(
    attacker: Fighter, target: Fighter, model: str = STRIKE_TABLE, closed: bool = False
) -> StrikeSpace:
    """The outcome space of one simple strike of ``attacker`` on ``target`` (cached)."""
    if model == STRIKE_TABLE:
        return _table_space(attacker, target, closed)
    if model == DEFENCE_DIE:
        return _realms_space(attacker, target, closed)
    raise BerserkInputError(f"unknown combat model {model!r}; use one of {', '.join(COMBAT_MODELS)}")


@lru_cache(maxsize=65536)
def ability_space(attack: AbilityAttack, target: Fighter) -> StrikeSpace:
    """The outcome space of one use of an ability attack on ``target``: the target does not fight
    (magic and special strikes, ranged attacks, spells and effects; 000 glossary), one die."""
    return _merge(6, [Branch(1, (target.taken(attack, face), 0)) for face in range(1, 7)])


def _merge(denominator: int, branches: list[Branch]) -> StrikeSpace:
    merged: dict[tuple, int] = {}
    for b in branches:
        key = (b.plain, b.weakened, b.chooser)
        merged[key] = merged.get(key, 0) + b.weight
    return StrikeSpace(denominator, tuple(Branch(w, *key) for key, w in merged.items()))


@lru_cache(maxsize=1024)
def closed_kind_weights(attack_mod: int) -> tuple[tuple[int, int], ...]:
    """(kind, ways of 6) of a strike on a closed target with roll modifier ``attack_mod``."""
    counts = Counter(st.closed_target_kind(die + attack_mod) for die in range(1, 7))
    return tuple(sorted(counts.items()))


@lru_cache(maxsize=1024)
def exchange_kind_rows(
    attack_mod: int, parry_mod: int
) -> tuple[tuple[int, tuple[int, int], tuple[int, int] | None, str | None], ...]:
    """The Strike Table exchange on an open target by kinds, before wounds: rows of
    (ways of 36, (attacker's kind, parrier's kind), kinds after weakening or None, who may weaken).

    It depends only on the two roll modifiers: results are not clamped (000 2.14), so
    d = (attacker's die − parrier's die) + (attack_mod − parry_mod); at d = 0 the split uses the
    modified results (both ≤ 4 or both ≥ 5)."""
    shift = attack_mod - parry_mod
    rows: dict[tuple[int, bool], int] = {}
    for k in range(-5, 6):  # k = attacker's die − parrier's die: 6 − |k| ways
        d = k + shift
        if d == 0:
            # both modified results are equal; they are ≥ 5 when the attacker's die is ≥ 5 − its modifier
            high = sum(1 for a in range(max(1, 1 + k), min(6, 6 + k) + 1) if a >= 5 - attack_mod)
            if high:
                rows[(0, True)] = high
            if 6 - abs(k) - high:
                rows[(0, False)] = 6 - abs(k) - high
        else:
            rows[(d, False)] = 6 - abs(k)
    out = []
    for (d, tied_high), n in rows.items():
        kinds = st.exchange_row(d, tied_high)
        if st.can_weaken(d):
            out.append((n, kinds, st.exchange_row(d - 1 if d > 0 else d + 1), st.weakener(d)))
        else:
            out.append((n, kinds, None, None))
    return tuple(out)


def _table_space(att: Fighter, tgt: Fighter, closed: bool) -> StrikeSpace:
    if closed:
        kinds = closed_kind_weights(att.attack_mod)
        return _merge(6, [Branch(n, (_wounds(att, tgt, kind), 0)) for kind, n in kinds])
    dealt = {k: _wounds(att, tgt, k) for k in st.KIND_NAMES}
    back = {k: _wounds(tgt, att, k, True) for k in st.KIND_NAMES}
    branches = []
    for n, (ka, kp), weak, chooser in exchange_kind_rows(att.attack_mod, tgt.parry_mod):
        if weak is not None:
            branches.append(Branch(n, (dealt[ka], back[kp]), (dealt[weak[0]], back[weak[1]]), chooser))
        else:
            branches.append(Branch(n, (dealt[ka], back[kp])))
    return _merge(36, branches)


def _band(face: int) -> int:
    """Attack-die bands in realms: 1-3 light, 4-5 medium, 6 strong (004 L241)."""
    return st.WEAK if face <= 3 else st.MEDIUM if face <= 5 else st.STRONG


def reroll_plan(values: tuple[Fraction | int, ...], rerolls: int) -> tuple[tuple[bool, ...], ...]:
    """Optimal stopping for a d6 with up to ``rerolls`` re-rolls: ``plan[k][f]`` says whether to
    keep face f+1 when k re-rolls are left (keep while the face is worth at least a re-roll).

    Exact: the values are brought to whole numbers (a positive common scale does not change any
    decision) and the worth of a re-roll is kept as a fraction num / 6^j in integers."""
    plan: list[tuple[bool, ...]] = [(True,) * 6]
    if rerolls <= 0:
        return tuple(plan)
    if all(isinstance(v, int) for v in values):
        ints = [int(v) for v in values]
    else:
        fracs = [Fraction(v) for v in values]
        scale = math.lcm(*(f.denominator for f in fracs))
        ints = [int(f * scale) for f in fracs]
    num, den = sum(ints), 6  # worth of a roll with no re-roll left
    for _ in range(rerolls):
        plan.append(tuple(v * den >= num for v in ints))
        num, den = sum(max(v * den, num) for v in ints), den * 6
    return tuple(plan)


def _face_weights(plan: tuple[tuple[bool, ...], ...]) -> list[int]:
    """Final face weights of a d6 rolled under ``plan``, of denominator 6 ** len(plan)."""
    weights = [1] * 6
    for k in range(1, len(plan)):
        keep = plan[k]
        dropped = keep.count(False)
        weights = [(6**k if keep[f] else 0) + dropped * weights[f] for f in range(6)]
    return weights


def _realms_faces(fighter_roll: int) -> list[int]:
    return [min(6, max(1, f + fighter_roll)) for f in range(1, 7)]


def _realms_space(att: Fighter, tgt: Fighter, closed: bool) -> StrikeSpace:
    faces = _realms_faces(att.roll)
    dealt = tuple(_wounds(att, tgt, _band(f)) for f in faces)
    back = 0 if closed else _wounds(tgt, att, st.WEAK, True)
    return _realms_space_of(
        dealt, att.exp_attack + att.blessing, closed, back, tgt.roll, tgt.exp_defence + tgt.blessing
    )


@lru_cache(maxsize=65536)
def _realms_space_of(
    dealt: tuple[int, ...],
    attack_rerolls: int,
    closed: bool,
    back: int,
    defence_roll: int,
    defence_rerolls: int,
) -> StrikeSpace:
    """The realms space from what it depends on: wounds per attack face, re-rolls, the light
    strike back and the defender's roll modifier (cached: many pairs share these)."""
    plan_a = reroll_plan(dealt, attack_rerolls)
    a_weights, a_den = _face_weights(plan_a), 6 ** len(plan_a)
    if closed:
        return _merge(a_den, [Branch(w, (dealt[f], 0)) for f, w in enumerate(a_weights) if w])
    faces = _realms_faces(defence_roll)
    if defence_rerolls:
        # worth to the defender, times a_den: a hit costs the attacker's expected wounds
        total_dealt = sum(w * d for w, d in zip(a_weights, dealt, strict=True))
        worth = tuple(-total_dealt if f <= 4 else 0 if f == 5 else back * a_den for f in faces)
        plan = reroll_plan(worth, defence_rerolls)
    else:
        plan = reroll_plan((), 0)
    d_weights, d_den = _face_weights(plan), 6 ** len(plan)
    branches = []
    for fa, wa in enumerate(a_weights):
        for fd, wd in enumerate(d_weights):
            if not wa or not wd:
                continue
            face = faces[fd]
            result = (dealt[fa], 0) if face <= 4 else (0, 0) if face == 5 else (0, back)
            branches.append(Branch(wa * wd, result))
    return _merge(a_den * d_den, branches)


# --------------------------------------------------------------------------- weakening


def _bad_policy(policy: str) -> BerserkInputError:
    return BerserkInputError(f"unknown weakening policy {policy!r}; use one of {', '.join(WEAKEN_POLICIES)}")


def lone_value(pair: tuple[int, int], chooser: str) -> int:
    """The ``best`` rule's score of an outcome for a lone strike: wounds dealt minus taken."""
    to_target, to_attacker = pair
    return to_target - to_attacker if chooser == "attacker" else to_attacker - to_target


def decide_weakening(branch: Branch, policy: str = "best", value=None) -> bool:
    """Whether the chooser of ``branch`` weakens under ``policy``.

    ``best`` compares ``value(pair, chooser)`` of the two outcomes (default :func:`lone_value`:
    wounds dealt minus wounds taken; a duel passes its win probability) and weakens only when
    weakening is strictly better for the chooser; a tie means no weakening.
    """
    if branch.weakened is None or policy == "never":
        return False
    if policy == "always":
        return True
    if policy != "best":
        raise _bad_policy(policy)
    score = value or lone_value
    return score(branch.weakened, branch.chooser) > score(branch.plain, branch.chooser)


def resolve_branches(space: StrikeSpace, policy: str = "best", value=None) -> dict[tuple[int, int], int]:
    """Outcome → weight (of ``space.denominator``) once each weakening choice is made."""
    out: dict[tuple[int, int], int] = {}
    for b in space.branches:
        pair = b.weakened if decide_weakening(b, policy, value) else b.plain
        out[pair] = out.get(pair, 0) + b.weight  # type: ignore[index]
    return out


# --------------------------------------------------------------------------- public results


@dataclass(frozen=True)
class Outcome:
    to_target: int
    to_attacker: int
    p: Fraction


@dataclass(frozen=True)
class StrikeOdds:
    """The exact distribution of one simple strike and which rules produced it."""

    attacker: Fighter
    target: Fighter
    model: str
    closed: bool
    policy: str
    outcomes: tuple[Outcome, ...]

    @property
    def p_target_dies(self) -> Fraction:
        return sum((o.p for o in self.outcomes if o.to_target >= self.target.life), Fraction(0))

    @property
    def p_attacker_dies(self) -> Fraction:
        return sum((o.p for o in self.outcomes if o.to_attacker >= self.attacker.life), Fraction(0))

    @property
    def expected_to_target(self) -> Fraction:
        return sum((o.p * o.to_target for o in self.outcomes), Fraction(0))

    @property
    def expected_to_attacker(self) -> Fraction:
        return sum((o.p * o.to_attacker for o in self.outcomes), Fraction(0))


def model_of(rules) -> str:
    """The combat model of a ruleset, or a model name given directly."""
    model = rules if isinstance(rules, str) else rules.combat_model
    if model not in COMBAT_MODELS:
        raise BerserkInputError(f"unknown combat model {model!r}; use one of {', '.join(COMBAT_MODELS)}")
    return model


@lru_cache(maxsize=65536)
def _odds(attacker: Fighter, target: Fighter, model: str, closed: bool, policy: str) -> StrikeOdds:
    space = strike_space(attacker, target, model, closed)
    weights = resolve_branches(space, policy)
    outcomes = tuple(
        Outcome(t, a, Fraction(w, space.denominator)) for (t, a), w in sorted(weights.items()) if w
    )
    return StrikeOdds(attacker, target, model, closed, policy, outcomes)


def strike_odds(
    attacker: Fighter,
    target: Fighter,
    rules=STRIKE_TABLE,
    closed: bool = False,
    weaken: str = "best",
) -> StrikeOdds:
    """Exact distribution of (wounds to target, wounds to attacker) for one simple strike.

    ``rules`` is a :class:`~analysis.rules.Ruleset` or a model name; ``weaken`` is ``never``,
    ``always`` or ``best`` (the chooser's wounds dealt minus taken; no weakening on a tie). The
    defence-die model has no weakening, so the policy is reported as ``n/a`` there.
    """
    model = model_of(rules)
    if weaken not in WEAKEN_POLICIES:
        raise _bad_policy(weaken)
    policy = weaken if model == STRIKE_TABLE and not closed else "n/a"
    return _odds(attacker, target, model, bool(closed), policy)


# --------------------------------------------------------------------------- one strike with an RNG


def roll_d6(rng) -> int:
    """One d6 from ``random.Random`` (``randint``) or ``numpy.random.Generator`` (``integers``)."""
    if hasattr(rng, "integers"):
        return int(rng.integers(1, 7))
    return rng.randint(1, 6)


@dataclass(frozen=True)
class StrikeRoll:
    """One resolved simple strike: the dice, the strikes dealt and the wounds after armor."""

    attacker_roll: int
    parrier_roll: int | None
    dealt: int
    returned: int
    to_target: int
    to_attacker: int
    weakened: bool
    chooser: str | None


def resolve_strike(
    attacker: Fighter,
    target: Fighter,
    rng,
    *,
    rules=STRIKE_TABLE,
    closed: bool = False,
    weaken: str = "best",
    value=None,
    target_armor: int | None = None,
    attacker_armor: int | None = None,
) -> StrikeRoll:
    """Resolve ONE simple strike with ``rng`` (``random.Random`` or a numpy ``Generator``).

    For the battle engine: call it when ``attacker`` strikes ``target``; ``closed`` says whether the
    target is closed (or does not fight). Rolls are the modified results (unclamped between open
    creatures, 000 2.14). On a weakening row (d = 4, 2, −4) the higher roller's choice follows
    ``weaken`` (``never``/``always``/``best``); ``best`` weakens only when ``value(pair, chooser)``
    is strictly larger for the weakened pair, ``pair = (to_target, to_attacker)``; the default value
    is :func:`lone_value` (wounds dealt minus taken) — pass your own for a position-aware choice.
    ``target_armor`` / ``attacker_armor`` override the armor still unused this turn (default the
    full printed armor). Returns the rolls, kinds dealt (``strike_table.WEAK`` …, ``MISS``) and the
    wounds after armor. Under the defence-die model the dice are the faces after re-rolls and
    ``parrier_roll`` is the defence die.
    """
    model = model_of(rules)
    att = attacker if attacker_armor is None else replace(attacker, armor=attacker_armor)
    tgt = target if target_armor is None else replace(target, armor=target_armor)
    if model == DEFENCE_DIE:
        return _resolve_realms(att, tgt, rng, closed)
    ra = roll_d6(rng) + att.attack_mod
    if closed:
        kind = st.closed_target_kind(ra)
        return StrikeRoll(min(6, max(1, ra)), None, kind, st.MISS, _wounds(att, tgt, kind), 0, False, None)
    rp = roll_d6(rng) + tgt.parry_mod
    d = ra - rp
    kinds = st.exchange_row(d, tied_high=d == 0 and ra >= 5)
    weakened, chooser = False, st.weakener(d)
    if chooser is not None:
        weak_kinds = st.exchange_row(d - 1 if d > 0 else d + 1)
        branch = Branch(1, _exchange_wounds(att, tgt, kinds), _exchange_wounds(att, tgt, weak_kinds), chooser)
        weakened = decide_weakening(branch, weaken, value)
        if weakened:
            kinds = weak_kinds
    t, a = _exchange_wounds(att, tgt, kinds)
    return StrikeRoll(ra, rp, kinds[0], kinds[1], t, a, weakened, chooser)


def _roll_with_plan(rng, plan: tuple[tuple[bool, ...], ...], faces: list[int]) -> int:
    face = roll_d6(rng)
    for k in range(len(plan) - 1, 0, -1):
        if plan[k][face - 1]:
            break
        face = roll_d6(rng)
    return faces[face - 1]


@lru_cache(maxsize=4096)
def _realms_plans(att: Fighter, tgt: Fighter):
    faces_a = _realms_faces(att.roll)
    dealt = [_wounds(att, tgt, _band(f)) for f in faces_a]
    plan_a = reroll_plan(tuple(Fraction(w) for w in dealt), att.exp_attack + att.blessing)
    weights = _face_weights(plan_a)
    expected = Fraction(sum(w * d for w, d in zip(weights, dealt, strict=True)), 6 ** len(plan_a))
    back = _wounds(tgt, att, st.WEAK, True)
    faces_d = _realms_faces(tgt.roll)
    worth = tuple(-expected if f <= 4 else Fraction(0) if f == 5 else Fraction(back) for f in faces_d)
    plan_d = reroll_plan(worth, tgt.exp_defence + tgt.blessing)
    return faces_a, plan_a, faces_d, plan_d


def _resolve_realms(att: Fighter, tgt: Fighter, rng, closed: bool) -> StrikeRoll:
    faces_a, plan_a, faces_d, plan_d = _realms_plans(att, tgt)
    fa = _roll_with_plan(rng, plan_a, faces_a)
    kind = _band(fa)
    if closed:
        return StrikeRoll(fa, None, kind, st.MISS, _wounds(att, tgt, kind), 0, False, None)
    fd = _roll_with_plan(rng, plan_d, faces_d)
    if fd <= 4:
        return StrikeRoll(fa, fd, kind, st.MISS, _wounds(att, tgt, kind), 0, False, None)
    if fd == 5:
        return StrikeRoll(fa, fd, st.MISS, st.MISS, 0, 0, False, None)
    return StrikeRoll(fa, fd, st.MISS, st.WEAK, 0, _wounds(tgt, att, st.WEAK, True), False, None)


__all__ = [
    "ABILITY_KINDS",
    "AbilityAttack",
    "Branch",
    "ability_space",
    "COMBAT_MODELS",
    "DEFENCE_DIE",
    "Fighter",
    "Outcome",
    "STRIKE_TABLE",
    "StrikeOdds",
    "StrikeRoll",
    "StrikeSpace",
    "WEAKEN_POLICIES",
    "decide_weakening",
    "closed_kind_weights",
    "duel_attacks",
    "exchange_kind_rows",
    "fighter_from_card",
    "fighter_from_facts",
    "fighter_from_stats",
    "lone_value",
    "model_of",
    "parse_fighter_spec",
    "parse_modifiers",
    "resolve_branches",
    "resolve_strike",
    "reroll_plan",
    "strike_odds",
    "strike_space",
]
