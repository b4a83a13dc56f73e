"""Curse and blessing payoffs (issue 19) with fixed dice and hand-built positions, each against the
card text or rulebook passage it implements (000 = the classic rulebook, glossary entries in quotes;
data/README.md "Curse and blessing payoffs"): an attack that also curses its target (``gives``), an
ability carried out right after another as part of the same action (cost ``then``, "затем"), a
trigger on killing a creature in a state (``kill`` with ``when_state``) that reopens the card so it
acts again (000 2.5), a trigger when a cursed creature would be cursed again (``cursed_again``), and
the heuristic player cursing before the payoff."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.abilities import parse_abilities
from tests.battle.test_ability_kinds import (
    P1_BACK,
    P1_FRONT,
    P1_MID,
    P2_BACK,
    P2_FRONT,
    P2_MID,
    facts,
    start,
)
from tests.battle_helpers import Scripted, card

CURSED = '{ kind = "curse" }'
WATCHER_SHOT = '{ kind = "shot", damage = [1, 2, 2], range = 4, cost = "tap", gives = "curse" }'
COVEN_POWER = ('{ kind = "give_curse", cost = "tap", target = "any", via = "effect" }',
               '{ kind = "effect", damage = [1], cost = "then", every = true, vs_state = "cursed" }')
REOPEN = ('{ kind = "open", cost = "trigger", trigger = "kill", target = "self", when_state = "cursed", '
          'uses_per_turn = 1 }')


def cursed(b, v) -> bool:
    return b._in_state(v, "cursed")


def foe(name="Foe", life=10, *abilities):
    return card(name, strike=(1, 1, 1), life=life, abilities=facts(*abilities) if abilities else None)


def test_a_shot_that_curses_its_target():
    """Смотрящий в ночь (40/161): "при выстреле атакованный получает проклятие" — the shot wounds by
    its die (000 "Shot at X-Y-Z") and the target receives a curse (000 glossary "Curse": −1 on its
    rolls; receiving it again changes nothing); a blocked shot is not carried out and curses no one
    (000 2.7)."""
    watcher = card("Watcher", strike=(1, 1, 1), life=9, abilities=facts(WATCHER_SHOT))
    b = start([watcher], [foe()], ({0: P1_BACK}, {1: P2_FRONT}), dice=[4])
    assert not cursed(b, 1)
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 2 and cursed(b, 1)
    blocker = foe("Blocker", 10, '{ kind = "block", from = ["shot"] }')
    b = start([watcher], [blocker], ({0: P1_BACK}, {1: P2_FRONT}), dice=[4])
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 0 and not cursed(b, 1)


def test_a_discharge_that_curses_a_target_it_kills_kills_a_cursed_creature():
    """The curse comes with the attack, before its deaths are settled: a creature the attack kills
    dies cursed (a "when a cursed creature dies" ability sees it)."""
    mage = card("Mage", strike=(1, 1, 1), life=9, abilities=facts(
        '{ kind = "discharge", damage = [2], cost = "tap", gives = "curse" }'))
    mourner = card("Mourner", life=10, abilities=facts(
        '{ kind = "gain_counter", cost = "trigger", trigger = "creature_dies", when_state = "cursed" }'))
    b = start([mage, mourner], [foe("Weak", 2)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}))
    b.apply(UseAbility(0, 0, (2,)))
    assert not b.alive[2] and b.counters[1] == 1


def test_curse_a_creature_then_wound_every_cursed_enemy():
    """Чернокнижник (30/157): "{tap}: effect — a creature receives a curse, then wound every enemy
    creature with a curse by 1": the ``then`` effect follows the curse in the same action, on every
    cursed enemy (the one just cursed included), not on the uncursed ones nor on its own cursed
    creatures."""
    warlock = card("Warlock", strike=(1, 1, 1), life=8, abilities=facts(*COVEN_POWER))
    ally = card("Ally", life=10)
    foes = [foe("Old", 10, CURSED), foe("New"), foe("Spared")]
    places = ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1), 4: square(5, 3)})
    b = start([warlock, ally], foes, places)
    b.apply(UseAbility(0, 0, (3,)))
    assert cursed(b, 3) and (b.wounds[2], b.wounds[3], b.wounds[4]) == (1, 1, 0)
    assert not b.open[0] and b.acted[0]
    b = start([warlock, ally], foes, places)
    b.apply(UseAbility(0, 0, (1,)))                  # its own creature: cursed, not wounded
    assert cursed(b, 1) and b.wounds[1] == 0 and (b.wounds[2], b.wounds[3], b.wounds[4]) == (1, 0, 0)


def test_it_reopens_after_killing_a_cursed_creature_once_per_turn():
    """Чернокнижник: "после того как уничтожает существо с проклятием, открывается (1 раз за ход)" —
    a ``kill`` trigger with ``when_state = "cursed"`` (the state the creature died in); an opened
    card acts again this turn (000 2.5); the second kill in the turn does not reopen it; killing an
    uncursed creature does not either."""
    warlock = card("Warlock", strike=(1, 1, 1), life=8, abilities=facts(*COVEN_POWER, REOPEN))
    foes = [foe("Doomed", 1, CURSED), foe("Next", 2), foe("Far", 10)]
    places = ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1), 3: square(5, 3)})
    b = start([warlock], foes, places)
    b.apply(UseAbility(0, 0, (2,)))                  # curses Next; Doomed (cursed) dies; Next 1 wound
    assert not b.alive[1] and b.wounds[2] == 1
    assert b.open[0] and not b.acted[0]              # reopened: it may act again
    b.apply(UseAbility(0, 0, (3,)))                  # curses Far; Next dies cursed, Far 1 wound
    assert not b.alive[2] and b.wounds[3] == 1
    assert not b.open[0] and b.acted[0]              # once per turn
    plain = card("Blade", strike=(3, 3, 3), life=8, abilities=facts(REOPEN))
    b = start([plain], [foe("Victim", 3)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1, 1])
    b.apply(Strike(0, 1))                            # an uncursed creature: no reopening
    assert not b.alive[1] and not b.open[0]


def test_cursing_a_cursed_creature_wounds_it_instead_three_times_a_turn():
    """Ренниах (40/166): "if a creature with a curse should receive a curse, instead wound it by 1
    (3 times per turn)": trigger ``cursed_again`` from any card's curse (its own and the enemy's),
    on a creature of either squad; the fourth time in a turn nothing happens."""
    rennie = card("Rennie", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "give_curse", cost = "tap", target = "any", via = "effect" }',
        '{ kind = "effect", damage = [1], cost = "trigger", trigger = "cursed_again", target = "any", '
        'uses_per_turn = 3 }'))
    watchers = [card(f"W{i}", strike=(1, 1, 1), life=9, abilities=facts(WATCHER_SHOT)) for i in range(3)]
    target = foe("Target", 10, CURSED)
    b = start([rennie, *watchers], [target, foe("Shooter", 10, WATCHER_SHOT)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: square(1, 2)},
               {4: P2_FRONT, 5: square(3, 1)}), dice=[1, 1, 1, 1])
    b.apply(UseAbility(0, 0, (4,)))                  # its own curse on a cursed creature: 1 wound
    assert b.wounds[4] == 1
    for w in (1, 2, 3):
        b.apply(UseAbility(w, 0, (4,)))              # shot 1 and a second curse: 1 more (twice)
    assert b.wounds[4] == 1 + 2 + 2 + 1              # the third shot: its curse no longer wounds
    b.apply(END_TURN)
    b.apply(UseAbility(5, 0, (1,)))                  # an uncursed creature: cursed, no extra wound
    assert cursed(b, 1) and b.wounds[1] == 1
    b2 = start([rennie, card("Mine", life=10, abilities=facts(CURSED))], [foe("Shooter", 10, WATCHER_SHOT)],
               ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}), dice=[1])
    b2.apply(END_TURN)
    b2.apply(UseAbility(2, 0, (1,)))                 # the enemy curses Rennie's cursed creature
    assert b2.wounds[1] == 1 + 1


def test_the_heuristic_curses_before_the_mass_wound():
    """Issue 19 item 3: with a shooter that curses and the warlock on the board, the heuristic shoots
    first (a curse on one enemy), then the warlock curses another enemy and wounds both."""
    watcher = card("Watcher", strike=(1, 1, 1), life=9, abilities=facts(WATCHER_SHOT))
    warlock = card("Warlock", strike=(1, 1, 1), life=8, abilities=facts(*COVEN_POWER))
    foes = [foe("A", 10), foe("B", 10)]
    b = start([warlock, watcher], foes, ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: square(3, 1)}),
              p1=HeuristicPlayer(), dice=[1] * 20)
    b.players[0].play_turn(b)
    assert cursed(b, 2) and cursed(b, 3)
    assert b.wounds[2] + b.wounds[3] == 1 + 1 + 1    # the shot 1, then the warlock's 1 on each
    assert b.acted[0] and b.acted[1]


def test_vocabulary_checks():
    """``gives`` only on attacks and wounding actions; ``then`` only after an action or trigger."""
    import pytest

    from analysis.util.errors import BerserkInputError

    def entry(*abilities):
        return '[[card]]\ncode = "30/157"\nname = "Чернокнижник"\n' + facts(*abilities)

    with pytest.raises(BerserkInputError, match="gives"):
        parse_abilities(entry('{ kind = "heal", damage = [1], cost = "tap", gives = "curse" }'), "x")
    with pytest.raises(BerserkInputError, match="then"):
        parse_abilities(entry('{ kind = "effect", damage = [1], cost = "then" }'), "x")
    ok = parse_abilities(entry(*COVEN_POWER), "x")[0]
    assert ok.abilities[1].describe().endswith("then, after the one before")


def _turn_start(kind: str, area: str) -> str:
    return (f'{{ kind = "{kind}", cost = "trigger", trigger = "turn_start", area = "{area}", '
            'target = "any", every = true }')


SAMAEL = (_turn_start("give_curse", "left"), _turn_start("give_curse", "opposite"),
          _turn_start("give_blessing", "right"), _turn_start("give_blessing", "behind"),
          '{ kind = "effect", damage = [2], range = 1, cost = "trigger", trigger = "kill", '
          'when_state = "cursed_or_blessed", target = "any" }',
          '{ kind = "heal", damage = [3], cost = "or", target = "self" }')


def test_turn_start_curses_left_and_opposite_blesses_right_and_behind():
    """Самаэль (40/163): "at the start of your turn every creature on the squares to the left and
    opposite gets a curse, to the right and behind a blessing" — areas ``left`` / ``opposite`` /
    ``right`` / ``behind`` as its owner sees the board (the First player: column 0 on his left; the
    Second sits across: column 4 on his left; 000 glossary "Opposite the specified"), creatures of
    either squad."""
    samael = card("Samael", strike=(2, 4, 5), life=12, abilities=facts(*SAMAEL))
    allies = [card(n, life=10) for n in ("L", "R", "B")]
    b = start([samael, *allies], [foe("O")],
              ({0: P1_FRONT, 1: square(2, 1), 2: square(2, 3), 3: P1_MID}, {4: P2_FRONT}))
    assert [cursed(b, v) for v in range(5)] == [False, True, False, False, True]
    assert [b._in_state(v, "blessed") for v in range(5)] == [False, False, True, True, False]
    b = start([foe("Far")], [samael, *allies, ],
              ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 3), 3: square(3, 1), 4: P2_MID}))
    b.apply(END_TURN)                               # the Second player's turn starts
    assert cursed(b, 2) and b._in_state(b.n - 2, "blessed") and b._in_state(4, "blessed")
    assert not cursed(b, 0)                         # (nothing opposite it: row 2 is empty)


def test_killing_a_cursed_or_blessed_creature_wounds_an_adjacent_card_or_heals():
    """Самаэль: "when it destroys a creature with a curse or a blessing, wound an adjacent card by 2
    or heal itself by 3": ``when_state = "cursed_or_blessed"`` on ``kill``, and cost ``or`` — its
    player picks one (``Player.choose_option``; the scripted player takes the first, the heuristic
    the better one: no enemy next to it, it heals); an unmarked victim sets off nothing."""
    samael = card("Samael", strike=(3, 3, 3), life=12, abilities=facts(*SAMAEL[4:]))
    places = ({0: P1_FRONT}, {1: P2_FRONT, 2: square(3, 1)})
    b = start([samael], [foe("Doomed", 3, CURSED), foe("Next", 10)], places, dice=[1, 1])
    b.wounds[0] = 5
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[2] == 2 and b.wounds[0] == 5
    b = start([samael], [foe("Doomed", 3, CURSED), foe("Next", 10)], places, dice=[1, 1],
              p1=HeuristicPlayer())
    b.wounds[0] = 5
    b.wounds[2] = 0
    b.apply(Strike(0, 1))
    assert b.wounds[2] == 2 or b.wounds[0] == 2      # the heuristic weighs a wound against a heal
    alone = start([samael, card("Friend", life=10)], [foe("Doomed", 3, '{ kind = "blessing" }')],
                  ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}), dice=[1, 1], p1=HeuristicPlayer())
    alone.wounds[0] = 5
    alone.apply(Strike(0, 2))
    assert not alone.alive[2] and alone.wounds[0] == 2 and alone.wounds[1] == 0   # healed, no own wound
    plain = start([samael], [foe("Plain", 3), foe("Next", 10)], places, dice=[1, 1])
    plain.apply(Strike(0, 1))
    assert not plain.alive[1] and plain.wounds[2] == 0


def test_the_heuristic_curses_a_cursed_enemy_for_the_wound():
    """With Ренниах's ``cursed_again`` wound ready, a curse on an already cursed enemy is worth that
    wound (it was worth nothing before), so the heuristic curses one when every enemy is cursed."""
    rennie = card("Rennie", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "give_curse", cost = "tap", target = "any", via = "effect" }',
        '{ kind = "effect", damage = [1], cost = "trigger", trigger = "cursed_again", target = "any", '
        'uses_per_turn = 3 }'))
    b = start([rennie], [foe("A", 10, CURSED), foe("B", 10, CURSED)], ({0: P1_BACK}, {1: P2_BACK, 2: P2_MID}),
              p1=HeuristicPlayer())
    b.players[0].play_turn(b)
    assert b.acted[0] and b.wounds[1] + b.wounds[2] == 1


def test_concentration_blesses_or_curses_the_heuristic_picks():
    """Эльфийский бард (40/84): "Концентрация: a creature gets a blessing or a curse" — a
    ``concentration`` trigger (003 L1407-1413: at the end of the opponent's turn, unwounded since its
    own turn) with an ``or`` alternative; the scripted player takes the first (a blessing), the
    heuristic blesses its own creature or curses an enemy, never the other way round."""
    bard = card("Bard", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "give_blessing", cost = "trigger", trigger = "concentration", target = "any" }',
        '{ kind = "give_curse", cost = "or", target = "any" }'))
    places = ({0: P1_BACK}, {1: P2_BACK})
    b = start([bard], [foe("F")], places, p1=Scripted(targets=(0,)))
    b.apply(END_TURN)
    b.apply(END_TURN)                                # the enemy's turn ends: concentration
    assert b._in_state(0, "blessed") and not cursed(b, 1)
    b = start([bard], [foe("F")], places, p1=HeuristicPlayer())
    b.apply(END_TURN)
    b.apply(END_TURN)
    blessed = b._in_state
    assert (blessed(0, "blessed") and not cursed(b, 0)) or (cursed(b, 1) and not blessed(1, "blessed"))


def test_an_action_on_every_blessed_ally_heals_them_all():
    """``every`` on an action ("излечить всех … с благословлением"): it is carried out on every card
    it may aim at in its ``vs_state``, whichever target is named (30/5 Клирик's heal of every blessed
    ally; 10/129 Ундина's spell on every poisoned enemy), and the heuristic counts them all."""
    cleric = card("Cleric", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "heal", damage = [1], cost = "tap", vs_state = "blessed", every = true }'))
    blessed = '{ kind = "blessing" }'
    mine = [card("B1", life=10, abilities=facts(blessed)), card("B2", life=10, abilities=facts(blessed)),
            card("Plain", life=10)]
    b = start([cleric, *mine], [foe()], ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: P1_MID},
                                         {4: P2_BACK}))
    for v in (1, 2, 3):
        b.wounds[v] = 2
    b.apply(UseAbility(0, 0, (1,)))
    assert (b.wounds[1], b.wounds[2], b.wounds[3]) == (1, 1, 2)
    h = start([cleric, *mine], [foe()], ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: P1_MID},
                                         {4: P2_BACK}), p1=HeuristicPlayer())
    for v in (1, 2, 3):
        h.wounds[v] = 2
    g, targets = h.players[0]._every_use(h, 0, h.slots[0][0])
    assert g == h.players[0]._target_gain(h, 0, 0, 1) + h.players[0]._target_gain(h, 0, 0, 2) > 0


def test_facts_that_hold_only_while_cursed_or_blessed():
    """``self_state = "cursed"`` / ``"blessed"`` (50/212 Осквернённый аббат: "vampirism while it has a
    curse; +1 to its strike and +1 movement while it has a blessing"): nothing before; once cursed
    its simple strike heals it (000 glossary "Vampirism"), once blessed it strikes 1 harder and moves
    one square more."""
    abbot = card("Abbot", strike=(2, 2, 2), life=8, move=1, abilities=facts(
        '{ kind = "vampirism", life_cap = 16, self_state = "cursed" }',
        '{ kind = "strike_bonus", damage = [1], self_state = "blessed" }',
        '{ kind = "keyword", keyword = "move", damage = [1], self_state = "blessed" }'))
    curser = card("Curser", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "give_curse", cost = "tap", target = "any" }',
        '{ kind = "give_blessing", cost = "tap", target = "any" }'))
    places = ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT})
    b = start([abbot, curser], [foe("Target", 20)], places, dice=[1, 1])
    b.wounds[0] = 3
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 2 and b.wounds[0] == 3           # no vampirism yet
    b = start([abbot, curser], [foe("Target", 20)], places, dice=[2, 1])
    b.wounds[0] = 3
    b.apply(UseAbility(1, 0, (0,)))                        # cursed: −1 on its rolls, vampirism on
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 2 and b.wounds[0] == 1           # healed by the 2 wounds it dealt
    b = start([abbot, curser], [foe("Target", 20)], places, dice=[1, 1])
    assert b.moves[0] == 1
    b.apply(UseAbility(1, 1, (0,)))                        # blessed: +1 strike, +1 movement
    b.apply(Strike(0, 2))
    assert b.wounds[2] == 3
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.moves[0] == 2


def test_the_heuristic_acts_again_when_the_kill_reopens_it():
    """Чернокнижник reopened by the death of a cursed creature acts again in the same turn (000 2.5):
    the heuristic plays its reopened card once more (its last pass: cards that can still act)."""
    warlock = card("Warlock", strike=(1, 1, 1), life=8, abilities=facts(*COVEN_POWER, REOPEN))
    foes = [foe("Doomed", 1, CURSED), foe("Next", 2), foe("Far", 10)]
    b = start([warlock], foes, ({0: P1_FRONT}, {1: P2_FRONT, 2: square(5, 1), 3: square(5, 3)}),
              p1=HeuristicPlayer(), dice=[1] * 10)      # in contact: it does not walk after its plan
    b.log = []
    b.players[0].play_turn(b)
    assert not b.alive[1] and b.acted[0]
    assert sum(e["e"] == "ability" and e["i"] == 0 for e in b.log) == 2          # it cursed twice


def test_a_creature_loses_its_poisoning_and_its_curse():
    """``cleanse`` (30/67 Дриада: "a creature loses its poisoning and loses its curse"): the poisoning
    ends and the curse's −1 on its rolls is gone (000 glossary "Curse", "Poisoning"), a printed curse
    as well as one given in the battle; then as part of a heal (40/186 Адепт Белого Ордена: "heal a
    creature 2, it loses its curse", cost ``then`` on the same target); the heuristic lifts the curse
    from its own creature."""
    dryad = card("Dryad", strike=(1, 1, 1), life=7, abilities=facts(
        '{ kind = "cleanse", removes = ["poison", "curse"], cost = "tap", target = "any", via = "effect" }'))
    doomed = card("Doomed", life=10, abilities=facts(CURSED))
    b = start([dryad, doomed], [foe()], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    b.poison[1] = 2
    assert cursed(b, 1)
    b.apply(UseAbility(0, 0, (1,)))
    assert not cursed(b, 1) and b.poison[1] == 0
    adept = card("Adept", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "heal", damage = [2], cost = "tap", target = "any" }',
        '{ kind = "cleanse", removes = ["curse"], cost = "then", target = "any" }'))
    watcher = card("Watcher", strike=(1, 1, 1), life=9, abilities=facts(WATCHER_SHOT))
    b = start([adept, card("Ally", life=10)], [watcher], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}),
              dice=[4])
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (1,)))                  # the enemy shoots and curses the ally: 2 wounds
    b.apply(END_TURN)
    assert cursed(b, 1) and b.wounds[1] == 2
    b.apply(UseAbility(0, 0, (1,)))
    assert not cursed(b, 1) and b.wounds[1] == 0
    h = start([dryad, doomed], [foe()], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}), p1=HeuristicPlayer())
    h.poison[1] = 1
    h.players[0].play_turn(h)
    assert not cursed(h, 1) and h.poison[1] == 0


def test_then_on_a_card_of_its_own_choice_or_on_itself_if_the_target_qualifies():
    """Cost ``then`` with another target side (40/194 Отец-экзекутор: "discharge 1-1-2, at this your
    creature gets a blessing": its player picks the ally) and with ``target = "self"`` whose ``vs_*``
    is read on the first ability's target (30/189 Мика Безбожник: "a creature gets a blessing; if it
    is dark, Мика gets a counter")."""
    father = card("Father", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "discharge", damage = [1, 1, 2], range = 4, cost = "tap" }',
        '{ kind = "give_blessing", cost = "then", target = "ally" }'))
    b = start([father, card("Ally", life=10)], [foe()], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT}),
              dice=[1], p1=Scripted(targets=(1,)))
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 1 and b._in_state(1, "blessed") and not b._in_state(2, "blessed")
    mika = card("Mika", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "give_blessing", cost = "tap", target = "any", via = "effect" }',
        '{ kind = "gain_counter", cost = "then", target = "self", vs_elements = ["darkness"] }'))
    dark = card("Dark", life=10, elements=("darkness",))
    light = card("Light", life=10)
    b = start([mika, dark, light], [foe()], ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    b.apply(UseAbility(0, 0, (2,)))
    assert b._in_state(2, "blessed") and b.counters[0] == 0
    b = start([mika, dark, light], [foe()], ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b._in_state(1, "blessed") and b.counters[0] == 1


def test_then_and_or_need_the_same_requires_as_the_ability_before():
    """A ``then`` / ``or`` ability is played with the one before it, so both have ``requires`` or
    neither (an ability with ``requires`` is never played, and the other would follow a different
    one)."""
    import pytest

    from analysis.util.errors import BerserkInputError

    body = facts('{ kind = "poison", damage = [1], cost = "trigger", trigger = "death", requires = "a" }',
                 '{ kind = "give_curse", cost = "or" }')
    body = body.replace('status = "full"', 'status = "partial"\nunmodelled = ["x"]')
    entry = '[[card]]\ncode = "40/160"\nname = "Костяной всадник"\n' + body
    with pytest.raises(BerserkInputError, match="requires"):
        parse_abilities(entry, "x")


def test_the_rider_poisons_or_curses_for_one_graveyard_token():
    """40/160 Костяной всадник: "at the start of your turn you may take an incarnation token off a
    creature of your graveyard; the chosen enemy creature gets a curse or a poisoning of 1" — the
    ``or`` alternative shares the first ability's ``tokens`` cost: one token, one of the two."""
    from tests.battle.test_incarnation_tokens import bury, undead

    rider = card("Rider", strike=(2, 3, 4), life=10, abilities=facts(
        '{ kind = "poison", damage = [1], cost = "trigger", trigger = "turn_start", tokens = 1 }',
        '{ kind = "give_curse", cost = "or" }'))
    for player, curses in ((Scripted(), False), (HeuristicPlayer(), None)):
        places = ({0: P1_BACK, 1: square(0, 1)}, {2: P2_FRONT, 3: P2_BACK})
        b = start([rider, undead()], [foe("A"), foe("B")], places, p1=player)
        bury(b, 1)
        b.tokens[1] = 1
        b._fire(0, "turn_start")
        poisoned = max(b.poison[2], b.poison[3]) == 1
        cursed_one = cursed(b, 2) or cursed(b, 3)
        assert b.tokens[1] == 0 and poisoned != cursed_one
        if curses is not None:
            assert cursed_one == curses
        b._fire(0, "turn_start")                     # no token left: neither
        assert b.tokens[1] == 0
