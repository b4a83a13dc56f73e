"""Constants and small helpers the parts of the battle engine share: the trigger bits each part
tests, the kinds carried out by the effects, and the memos of placements and marked keys."""

from __future__ import annotations

from analysis.battle.tables import TRIGGER_BITS
from analysis.cards.abilities import Ability

TIMEOUT_RULES = ("cost", "draw")
MAX_TRIGGER_DEPTH = 16
"""Triggered abilities set off by triggered abilities, at most this deep (e.g. a shot "when a card
of its squad is wounded" answered by the same shot of the enemy squad): a deeper one does not fire,
the chain stops there and the battle records it (``Battle.limit``, a ``limit`` event)."""
MAX_TRIGGERS_PER_TURN = 2000
"""Triggered abilities fired in one turn, at most (bounds chains that branch): later ones that turn
do not fire, recorded as for :data:`MAX_TRIGGER_DEPTH`."""
MAX_ACTIONS_PER_TURN = 1000
"""Actions one player applies in one turn, at most: the next one ends the game as a draw with
reason ``action_limit`` (a player that never ends its turn cannot hang the battle)."""
_DEATH, _TURN_START, _BATTLE_START, _STRIKE, _KILL, _ADJACENT = (
    TRIGGER_BITS[t]
    for t in ("death", "turn_start", "battle_start", "strike", "kill", "enemy_moves_adjacent"))
_ALLY_DIES, _CREATURE_DIES, _WOUNDED, _ALLY_WOUNDED, _SQUAD_WOUNDED, _ENEMY_TURN_START, _MOVE = (
    TRIGGER_BITS[t]
    for t in ("ally_dies", "creature_dies", "wounded", "ally_wounded", "squad_wounded", "enemy_turn_start",
              "move"))
_DIES = _ALLY_DIES | _CREATURE_DIES
_EFFECT_KINDS = frozenset({"finishing", "extra_life", "move_wounds", "open", "stun", "root", "push", "rehost",
                           "lose_counters", "teleport", "concentrate", "leap", "hypnosis", "cancel",
                           "flood", "drain", "relocate", "close", "shift", "pounce", "strike_again", "fight",
                           "become", "pull", "bind", "attach", "swap", "trap", "darken", "drag"})
"""Kinds carried out by :meth:`analysis.battle.effects.Effects._new_kind`."""
_HURT = _WOUNDED | _ALLY_WOUNDED | _SQUAD_WOUNDED
_AIMED = ("strike", "enemy_moves_adjacent", "wounded", "ally_wounded", "squad_wounded", "attacked",
          "enemy_poisoned", "squad_strike", "cursed_again", "fury", "host_fury", "attack", "killed",
          "enemy_ranged", "enemy_leaves_adjacent", "enemy_first_action", "enemy_enters", "enemy_leaves",
          "state_flip", "ghost_enters", "adjacent_misses", "revealed", "card_closes", "rider_strike",
          "squad_approached", "darkens", "squad_attack", "leaves_opposite", "adjacent_enemy_attacks",
          "blocks", "misses")
"""Triggers whose abilities without a range aim at the card that caused them."""


_UNCHECKED = object()


_PLACEMENT_PROBLEMS: dict[tuple[int, tuple[int, ...]], str | None] = {}
"""Memo of :func:`placement_problem` per (seat, squares): squads meet the same placements again."""


_MARKED: dict[tuple[int, str], int] = {}
"""(card key, ``blessing``/``curse``) → the key of that card with the standing fact (see
``Battle._bless``)."""


def has_limit(ab: Ability) -> bool:
    """Whether a fact is limited in uses or to a seat (not a standing property on its own)."""
    return bool(ab.uses_per_battle or ab.uses_per_turn or ab.seat)


ZONE_GRAVE, ZONE_DECK, ZONE_EXILE = 0, 1, 2
"""Where a unit out of play lies (``Battle.zone``): its owner's graveyard (a squad's dead cards, 000
2.1.4), its deck (000 2.1.3) or exile."""
DECK_KINDS = frozenset({"summon", "to_graveyard", "prophecy"})
"""Kinds that take cards from their user's deck in battle (data/README.md "Deck, graveyard and cards
entering play")."""


def uses_deck(card) -> bool:
    """Whether some played fact of ``card`` takes cards from its deck in battle."""
    entry = card.abilities
    return entry is not None and any(a.kind in DECK_KINDS and a.cost != "recruit" for a in entry.played)
