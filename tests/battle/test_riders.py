"""Companions and parasites (000 1.5.2, 3.11-3.12, glossary "Symbiote", "Parasite", "Host of a
symbiote") and what their texts do with their hosts (issue 19, wave 2): conditions on the host's state
(``when = "host_open"`` …: 30/123 Крайт), acting when the host opens (trigger ``host_opens``, ``area =
"host"``, kind ``host_may_stay_closed``: 30/69 Люмми), "a creature with a parasite / symbiote"
(``vs_state`` / ``when_state`` ``has_parasite`` …: 30/110 Галлот) and a host's aura on its rider
(``area = "rider"``: 30/93 Энт). Synthetic cards with the facts of the printings named, fixed dice."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_FRONT, P2_FRONT, facts, start
from tests.battle_helpers import card


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


KRAIT = ('{ kind = "reduce", damage = [2], from = ["simple", "shot", "throw", "strike_through_row", '
         '"special_strike"], when = "host_closed" }',
         '{ kind = "directed", when = "host_open" }')


def test_companion_reduction_only_while_its_host_is_closed():
    """30/123 Крайт: "-2 from non-magic attacks while its host is closed": a strong strike 3 on it
    deals 1 while the host is closed, 3 while it is open."""
    for host_open, wounds in ((False, 1), (True, 3)):
        krait = unit("Krait", *KRAIT, type="companion", move=0, life=7, strike=(2, 2, 2))
        host = card("Host", life=10)
        b = start([card("Foe", strike=(3, 3, 3), life=20)], [host, krait],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(4, 2)}), dice=[6])
        assert b.host[2] == 1
        b.open[1] = host_open
        b.open[2] = False
        b._situate()
        b.apply(Strike(0, 2))
        assert b.wounds[2] == wounds


def test_companion_directed_only_while_its_host_is_open():
    """30/123 Крайт: "directed strike while its host is open" — the flag follows the host's state."""
    krait = unit("Krait", *KRAIT, type="companion", move=0, life=7, strike=(2, 2, 2))
    b = start([card("Host", life=10), krait], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: square(1, 2)}, {2: P2_FRONT}))
    assert b.host[1] == 0 and b.directed[1]
    b.open[0] = False
    b._situate()
    assert not b.directed[1]


LUMMI = ('{ kind = "effect", damage = [2], cost = "trigger", trigger = "host_opens", area = "host", '
         'target = "enemy" }', '{ kind = "host_may_stay_closed" }')


def test_parasite_wounds_its_host_as_it_opens():
    """30/69 Люмми: "when its host opens, effect: wound it 2" — at the start of the host's turn a
    closed host opens and takes 2; an open one does not open, and takes nothing."""
    for closed, wounds in ((True, 2), (False, 0)):
        lummi = unit("Lummi", *LUMMI, type="parasite", move=0, life=8, strike=(1, 2, 2))
        b = start([lummi, card("Mine", life=10)], [card("Host", life=10)],
                  ({0: square(1, 1), 1: square(1, 2)}, {2: P2_FRONT}))
        assert b.host[0] == 2 and b.rider[2] == 0
        b.open[2] = not closed
        b.apply(END_TURN)                          # the Second player's turn starts
        assert b.open[2] and b.wounds[2] == wounds


class _StartOnly(HeuristicPlayer):
    """The heuristic player's turn-start choices, then no actions (only those choices are tested;
    a subclass, since the compiled player's methods cannot be replaced on an instance)."""

    def play_turn(self, state) -> None:
        return None


def test_host_may_stay_closed_and_the_heuristic_does_so_only_to_survive():
    """30/69 Люмми: "its host may not open on its turn": the heuristic player keeps a host closed
    when the 2 wounds would kill it (life left 2), and opens one that survives them."""
    for wounded, stays in ((8, True), (5, False)):
        lummi = unit("Lummi", *LUMMI, type="parasite", move=0, life=8, strike=(1, 2, 2))
        b = start([lummi, card("Mine", life=10)], [card("Host", life=10)],
                  ({0: square(1, 1), 1: square(1, 2)}, {2: P2_FRONT}), p2=_StartOnly())
        b.wounds[2] = wounded
        b.open[2] = False
        b.apply(END_TURN)
        assert b.open[2] == (not stays)
        assert b.wounds[2] == wounded + (0 if stays else 2)


def test_extra_life_on_striking_a_creature_with_a_parasite():
    """30/110 Галлот: "on its simple strike at a creature with a parasite it gains 1 additional
    life" (trigger ``strike`` with ``when_state = "has_parasite"``): not against a creature without
    one, nor with a companion."""
    gallot_facts = ('{ kind = "extra_life", damage = [1], cost = "trigger", trigger = "strike", '
                    'target = "self", when_state = "has_parasite" }',)
    for rider_type, gained in (("parasite", 1), ("companion", 0), (None, 0)):
        gallot = unit("Gallot", *gallot_facts, type="flyer", move=0, life=8, strike=(2, 3, 3))
        foe = card("Foe", life=20)
        if rider_type == "parasite":
            squads = ([gallot, card("Rider", type="parasite", move=0, life=5)], [foe])
            where = ({0: square(1, 2), 1: square(1, 1)}, {2: P2_FRONT})
        elif rider_type == "companion":
            squads = ([gallot], [foe, card("Rider", type="companion", move=0, life=5)])
            where = ({0: square(0, 2)}, {1: P2_FRONT, 2: square(4, 2)})
        else:
            squads, where = ([gallot], [foe]), ({0: square(0, 2)}, {1: P2_FRONT})
        b = start(*squads, where, dice=[6])
        target = 2 if rider_type == "parasite" else 1
        assert (b.rider[target] >= 0) == (rider_type is not None)
        b.open[target] = False
        b.apply(Strike(0, target))
        assert b.life[0] == 8 + gained


def test_host_gives_its_companion_far_strike_at_flyers():
    """30/93 Энт: "the Ent and its companion may attack flyers with a simple strike as adjacent
    cards" (``far_strike`` and an aura with ``area = "rider"``): the companion strikes an enemy
    flyer while the enemy still has ground creatures (000 4.16 would forbid it); a companion of
    another host may not."""
    ent = unit("Ent", '{ kind = "far_strike", vs_types = ["flyer"] }',
               '{ kind = "far_strike", cost = "aura", area = "rider", target = "ally", '
               'vs_types = ["flyer"] }',
               life=10, strike=(3, 3, 4))
    pet = card("Pet", type="companion", move=0, life=5, strike=(1, 1, 1))
    b = start([ent, pet], [card("Bird", type="flyer", move=0, life=10), card("Foe", life=10)],
              ({0: P1_FRONT, 1: square(1, 2)}, {2: square(5, 2), 3: square(3, 0)}), dice=[6])
    assert b.host[1] == 0 and b._far_ok(1, 2)
    assert not b._far_ok(1, 3)                     # (only flyers: the aura keeps its filter)
    b.open[2] = False
    b.apply(Strike(1, 2))
    assert b.wounds[2] == 1
    plain = card("Plain", life=10)
    pet2 = card("Pet", type="companion", move=0, life=5, strike=(1, 1, 1))
    b2 = start([plain, pet2], [card("Bird", type="flyer", move=0, life=10), card("Foe", life=10)],
               ({0: P1_FRONT, 1: square(1, 2)}, {2: square(5, 2), 3: square(3, 0)}))
    assert not b2._far_ok(1, 2)


def test_companion_takes_flight_when_its_host_dies():
    """40/58 Морозная бабочка: "if it would die as a result of its host's death, instead it gains
    flight" (``flies_from_dead_host``; 000 1.5.2 a otherwise): it lives on as a flyer in the
    auxiliary zone; a plain companion dies with its host."""
    for facts_, survives in ((('{ kind = "flies_from_dead_host" }',), True), ((), False)):
        moth = unit("Moth", *facts_, type="companion", move=0, life=7, strike=(1, 2, 2))
        b = start([card("Foe", strike=(5, 5, 5), life=20)], [card("Host", life=3), moth],
                  ({0: P1_FRONT}, {1: P2_FRONT, 2: square(4, 2)}), dice=[6])
        assert b.host[2] == 1
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert not b.alive[1] and b.alive[2] == survives
        if survives:
            assert b.kind[2] == 1 and b.pos[2] < 0 and b.host[2] == -1 and b.n_creatures[1] == 1


def test_old_vail_moves_a_rider_onto_another_creature_once_per_battle():
    """30/106 Старый вайл: "if your symbiote would die as a result of its host's death, instead
    place it on another creature of the same squad (once per battle for a companion)": the companion
    moves onto the other ally; the second time it dies."""
    vail = unit("Vail", '{ kind = "rehosts_riders", vs_types = ["companion"], uses_per_battle = 1 }',
                '{ kind = "rehosts_riders", vs_types = ["parasite"], uses_per_battle = 1 }', life=10)
    pet = card("Pet", type="companion", move=0, life=5, strike=(1, 1, 1))
    b = start([card("Foe", strike=(5, 5, 5), life=30)],
              [card("Host", life=3), pet, card("Other", life=3), vail],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: square(4, 2), 3: square(3, 1), 4: square(3, 3)}), dice=[6, 6])
    assert b.host[2] == 1
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.alive[2] and b.host[2] == 3 and b.rider[3] == 2
    new = b.host[2]
    b.open[0] = True
    b.acted[0] = False
    b.open[new] = False
    b.apply(Strike(0, new))
    assert not b.alive[new] and not b.alive[2]      # (its one use for a companion is spent)


def test_lizard_saves_its_forward_host_then_is_destroyed():
    """40/73 Ящерка: "instead of its host's death, if the host stands in your first row or on the
    enemy half, heal it by X, X the lizard's current life, then destroy it" (``saves_host`` with
    ``vs_state = "forward"``): a host in its first row lives, healed by 5 from 3 + 5 wounds on 6
    life; one in its second row dies (and the lizard with it)."""
    for row, saved in ((3, True), (4, False)):
        lizard = unit("Lizard", '{ kind = "saves_host", vs_state = "forward" }', type="companion", move=0,
                      life=5, strike=(1, 1, 2))
        b = start([card("Foe", strike=(5, 5, 5), life=20)], [card("Host", life=6), lizard],
                  ({0: P1_FRONT}, {1: square(row, 2), 2: square(4, 1) if row == 3 else square(3, 2)}),
                  dice=[6])
        assert b.host[2] == 1
        b.wounds[1] = 3
        b.open[1] = False
        if row == 4:
            b._place_on(0, b.pos[0], square(3, 2))  # (next to the host in its second row)
        b.apply(Strike(0, 1))
        assert b.alive[1] == saved and not b.alive[2]
        if saved:
            assert b.wounds[1] == 3 + 5 - 5


def test_attack_experience_against_creatures_with_symbiotes():
    """40/122 Воин вайлов: "{ova} 2 against creatures with symbiotes" (``vs_state = "has_symbiote"``):
    against an open parrier its 1 beats a 2 with the +2 (weak strike 2), without a rider not."""
    for with_rider, wounds in ((True, 2), (False, 0)):
        warrior = unit("Warrior", '{ kind = "keyword", keyword = "exp_attack", damage = [2], '
                       'vs_state = "has_symbiote" }', life=12, strike=(2, 2, 4))
        foes = [card("Foe", life=20, strike=(1, 1, 1))]
        where = {1: P2_FRONT}
        if with_rider:
            foes.append(card("Pet", type="companion", move=0, life=5, strike=(1, 1, 1)))
            where[2] = square(4, 2)
        b = start([warrior], foes, ({0: P1_FRONT}, where), dice=[2, 4])
        b.apply(Strike(0, 1))
        assert b.wounds[1] == wounds


def test_troll_cub_strike_bonus_only_while_its_host_is_unwounded():
    """40/111 Детеныш тролля: "+1 to its simple strike while its host has no wounds": its weak 1 on
    a closed enemy deals 2 while the host is unwounded, 1 once the host is wounded."""
    for host_wounds, wounds in ((0, 2), (1, 1)):
        cub = unit("Cub", '{ kind = "strike_bonus", damage = [1], when = "host_unwounded" }',
                   type="companion", move=0, life=7, strike=(1, 2, 2))
        b = start([card("Host", life=10), cub], [card("Foe", life=20)],
                  ({0: P1_FRONT, 1: square(1, 2)}, {2: P2_FRONT}), dice=[1])
        assert b.host[1] == 0
        b.wounds[0] = host_wounds
        b.open[2] = False
        b._situate()
        b.apply(Strike(1, 2))
        assert b.wounds[2] == wounds
