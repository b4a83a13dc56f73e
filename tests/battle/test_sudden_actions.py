"""Sudden actions in either turn (000 1.9.4: an ``{instant}`` playable ability "may be used in any
phase of either one's own turn or the opponent's turn"; 000 5.1 priority, 2.9 and 5.8: an action
interrupted before it is carried out is not paid for). ``sudden = true`` on an action: the enemy
answers an announced attack or action on its squad before it resolves, and may act at the start
and the end of the opponent's turn. Synthetic cards with the facts of 60/154 Тёмный менестрель
(sudden effect: wound a creature 1, then +1 extra life if it wounded another creature without
wounds); fixed dice."""

from __future__ import annotations

import pytest

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.interface import IllegalAction
from analysis.battle.players import HeuristicPlayer
from analysis.cards.abilities import parse_abilities
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

MINSTREL = ('{ kind = "effect", damage = [1], cost = "tap", target = "any", sudden = true }',
            '{ kind = "extra_life", damage = [1], cost = "then", target = "self", vs_state = "unwounded" }')
SHOT = '{ kind = "shot", damage = [3], range = 5, cost = "tap" }'


class Answering(Scripted):
    """Scripted, and answers the windows listed in ``plan`` (moment -> action) once each; records
    every window it is offered."""

    def __init__(self, plan=None, **kw):
        super().__init__(**kw)
        self.plan = dict(plan or {})
        self.windows: list[tuple[int, str, int, int, list[tuple[int, int]]]] = []

    def sudden(self, battle, seat, moment, attacker, target, options):
        self.windows.append((seat, moment, attacker, target, list(options)))
        return self.plan.pop(moment, None)


def minstrel(**kw):
    return card("Minstrel", life=5, strike=(1, 2, 2), abilities=facts(*MINSTREL), **kw)


def test_a_sudden_effect_kills_the_attacker_before_its_strike():
    """The enemy answers the announced simple strike: its sudden effect kills the attacker, so the
    strike is interrupted (000 2.9) and the target takes nothing; the answering card closes."""
    p2 = Answering({"attack": UseAbility(2, 0, (0,))})
    b = start([card("Foe", strike=(4, 4, 4), life=1)], [card("Target", life=3), minstrel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6, 6], p2=p2)
    b.apply(Strike(0, 1))
    assert not b.alive[0] and b.wounds[1] == 0 and not b.open[2]
    seat, moment, attacker, target, options = p2.windows[-1]
    assert (seat, moment, attacker, target) == (1, "attack", 0, 1) and options == [(2, 0)]


def test_an_interrupted_ability_is_not_paid_for():
    """000 5.8: the shooter's target dies in the window, so the shot is removed without payment —
    the shooter stays open and may act again."""
    p2 = Answering({"attack": UseAbility(2, 0, (1,))})
    b = start([card("Shooter", abilities=facts(SHOT), life=10)], [card("Weak", life=1), minstrel()],
              ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}), p2=p2)
    b.apply(UseAbility(0, 0, (1,)))
    assert not b.alive[1] and b.open[0] and b.wounds[2] == 0
    b.apply(UseAbility(0, 0, (2,)))          # no answer left (the minstrel is closed): it lands
    assert b.wounds[2] == 3 and not b.open[0]


def test_windows_at_the_start_and_end_of_the_enemy_turn_and_the_card_opens_again():
    """The inactive player gets priority at the start and the end of the opponent's turn; a card
    closed for a sudden action at the end of the opponent's turn opens at the start of its own and
    may use it again then (000 6.3). Its 'then' extra life follows the sudden use too."""
    p2 = Answering({"turn_end": UseAbility(2, 0, (0,))})
    b = start([card("Foe", life=9)], [card("Other", life=9), minstrel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), p2=p2)
    assert [w[1] for w in p2.windows] == ["turn_start"]
    b.apply(END_TURN)
    assert [w[1] for w in p2.windows] == ["turn_start", "turn_end"]
    assert b.wounds[0] == 1 and b.life[2] == 6   # wounded an unwounded creature: +1 extra life
    assert b.active == 1 and b.open[2]           # its own turn: open again
    b.apply(UseAbility(2, 0, (0,)))
    assert b.wounds[0] == 2 and not b.open[2]


def test_only_sudden_abilities_answer_and_not_in_its_own_windows():
    """A plain tap ability is never offered outside its owner's turn; a sudden one the engine checks
    (the wrong seat, a closed card: IllegalAction); the active player gets no window of its own."""
    plain = card("Plain", abilities=facts('{ kind = "effect", damage = [1], cost = "tap" }'))
    p1 = Answering()
    p2 = Answering()
    b = start([card("Foe", life=9), minstrel()], [plain, card("Other", life=9)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}), p1=p1, p2=p2)
    assert p2.windows == [] and p1.windows == []
    b.apply(END_TURN)                             # seat 1's turn starts: seat 0 may answer
    assert [w[1] for w in p1.windows] == ["turn_start"] and p1.windows[0][4] == [(1, 0)]
    with pytest.raises(IllegalAction):
        b.apply_sudden(1, UseAbility(1, 0, (2,)))  # not seat 1's card
    b.apply_sudden(0, UseAbility(1, 0, (2,)))
    with pytest.raises(IllegalAction):
        b.apply_sudden(0, UseAbility(1, 0, (2,)))  # closed now
    assert b.wounds[2] == 1


def test_heuristic_answers_a_lethal_strike_by_killing_the_attacker():
    """The heuristic player keeps the card open when its effect would kill nothing at the start of
    the enemy turn, and kills the attacker in the window of its strike (which would have killed
    its card); a 1-life enemy it kills already at the start of the enemy turn."""
    b = start([card("Foe", strike=(4, 4, 4), life=2)], [card("Target", life=3), minstrel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6, 6], p2=HeuristicPlayer())
    assert b.open[2] and b.wounds[0] == 0         # turn start: nothing to kill, it passes
    b.wounds[0] = 1                               # (an earlier wound: 1 life left)
    b.apply(Strike(0, 1))
    assert not b.alive[0] and b.alive[1] and b.wounds[1] == 0 and not b.open[2]
    b2 = start([card("Foe", life=1), card("Foe2", life=9)], [card("Target", life=3), minstrel()],
               ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT, 3: P2_BACK}), p2=HeuristicPlayer())
    assert not b2.alive[0] and not b2.open[3]


def test_heuristic_uses_a_free_sudden_action_at_the_end_of_the_enemy_turn():
    """At the end of the opponent's turn the card opens again before it acts: a use that gains
    anything is taken."""
    b = start([card("Foe", life=9)], [card("Other", life=9), minstrel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), p2=HeuristicPlayer())
    b.apply(END_TURN)
    assert b.wounds[0] == 1 and b.open[2]


def test_schema_checks_sudden():
    base = '[[card]]\ncode = "1/1"\nname = "X"\nstatus = "full"\nabilities = [ {{ {} }} ]\n'
    ok = parse_abilities(base.format('kind = "effect", damage = [1], cost = "tap", sudden = true'), "t")
    assert ok[0].abilities[0].sudden
    assert "sudden" in ok[0].abilities[0].describe()
    trig = parse_abilities(base.format('kind = "effect", damage = [1], cost = "trigger", trigger = "death", '
                                       'sudden = true'), "t")  # ("{instant}{tap}: при …", 30/100)
    assert trig[0].abilities[0].sudden and "closes the card" in trig[0].abilities[0].describe()
    for bad in ('kind = "flip_die", cost = "trigger", trigger = "death", sudden = true',
                'kind = "reduce", damage = [1], from = ["shot"], sudden = true',
                'kind = "effect", damage = [1], cost = "tap", sudden = 1'):
        with pytest.raises(BerserkInputError, match="sudden"):
            parse_abilities(base.format(bad), "t")


def test_redirect_of_an_enemy_discharge_onto_an_enemy_creature():
    """30/91 Воймир: an enemy discharge on a non-flying creature of its squad goes onto a chosen
    enemy creature (an enemy artifact is no candidate), once per turn; a flyer's is not offered."""
    from analysis.battle.board import square
    from tests.battle.test_sudden_redirects import Redirecting

    redirect = ('{ kind = "redirect", from = ["discharge"], target = "enemy", cost = "passive", '
                'vs_types = ["creature"], uses_per_turn = 1 }')
    zap = '{ kind = "discharge", damage = [2], cost = "tap" }'
    p2 = Redirecting(onto=1)
    b = start([card("Mage", abilities=facts(zap), life=10), card("Mate", life=10),
               card("Mage2", abilities=facts(zap), life=10), card("Relic", type="artifact", life=5)],
              [card("Ward", life=3), card("Voimir", life=12, abilities=facts(redirect)),
               card("Bird", type="flyer", move=0, life=5)],
              ({0: square(0, 2), 1: square(1, 2), 2: square(0, 1), 3: square(2, 1)},
               {4: P2_FRONT, 5: square(3, 1), 6: square(3, 3)}), p2=p2)
    b.apply(UseAbility(0, 0, (4,)))
    unit, attacker, target, cands, index = p2.offers[0]
    assert (unit, attacker, target) == (5, 0, 4) and 0 not in cands and 3 not in cands and 1 in cands
    assert b.wounds[1] == 2 and b.wounds[4] == 0
    b.apply(UseAbility(2, 0, (4,)))                # the second this turn: not offered
    assert len(p2.offers) == 1 and b.wounds[4] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(0, 0, (6,)))                # the flyer is not a non-flying creature
    assert len(p2.offers) == 1 and b.wounds[6] == 2


def _printing(code):
    from analysis.cards.table import load_cards

    set_id, number = code.split("/")
    return load_cards().by_id(int(set_id) * 1000 + int(number))


def test_poludnitsa_wounds_in_the_enemy_turn_and_more_while_the_enemy_is_mostly_closed():
    """50/117 Полудница ({instant}{tap}: effect, wound a card 1; +1 while the enemy squad has more
    closed cards than open): used in the opponent's turn in answer to an attack, 2 when most of the
    enemy cards are closed; its own turn as before."""
    noon = _printing("50/117")
    p2 = Answering()
    b = start([card("Foe", strike=(1, 1, 1), life=9), card("Foe2", life=9), card("Foe3", life=9)],
              [card("Target", life=9), noon],
              ({0: P1_FRONT, 1: P1_BACK, 2: P1_MID}, {3: P2_FRONT, 4: P2_BACK}), dice=[1, 1], p2=p2)
    b.open[1] = b.open[2] = False                 # two of the three enemy cards closed
    b._situate()
    options = b.sudden_options(1)
    wound2 = [i for (w, i) in options if w == 4 and b.slots[4][i].ability.damage == (2,)]
    assert wound2
    p2.plan["attack"] = UseAbility(4, wound2[0], (0,))
    b.apply(Strike(0, 3))
    assert b.wounds[0] == 2 and not b.open[4]


def test_hypnosis_answers_a_strike_the_attacker_strikes_its_neighbour_and_closes():
    """50/126 Шаман-душегрыз ({instant}{counter}{tap}: spell "hypnosis" — an open enemy creature
    deals its simple strike to a card next to it and closes): in answer to an enemy strike, the
    attacker strikes its own neighbour and closes, so its strike is interrupted (000 5.4 example);
    the counter is spent; the heuristic picks the weakest enemy card next to it and answers so."""
    shaman = _printing("50/126")
    assert shaman.abilities is not None
    hyp = [i for i, a in enumerate(shaman.abilities.abilities) if a.kind == "hypnosis"][0]
    b = start([card("Brute", strike=(3, 3, 3), life=12), card("Mate", life=3, strike=(1, 1, 1))],
              [card("Target", life=3), shaman],
              ({0: P1_FRONT, 1: P1_MID}, {2: P2_FRONT, 3: P2_BACK}), dice=[6, 1], p2=HeuristicPlayer())
    b.counters[3] = 1
    assert hyp in b.profiles[3].actions
    b.apply(Strike(0, 2))
    assert not b.alive[1] and b.wounds[2] == 0 and not b.open[0] and b.counters[3] == 0
    assert not b.open[3]
    with pytest.raises(IllegalAction):
        b.apply(Strike(0, 2))                     # closed: it cannot strike again


def test_hypnosis_is_a_spell_and_needs_an_open_target():
    """Protection from spells stops it (000 2.8); on a closed creature it does nothing (``vs_state``
    open, checked when it is carried out)."""
    hypnosis = '{ kind = "hypnosis", cost = "counter_tap", via = "spell", vs_state = "open", sudden = true }'
    b = start([card("Shaman", abilities=facts(hypnosis), life=7)],
              [card("Warded", life=9, prot_spells=1), card("Next", life=9), card("Shut", life=9)],
              ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 1), 3: square(3, 3)}))
    b.counters[0] = 2
    b.open[3] = False
    b.apply(UseAbility(0, 0, (1,)))
    assert b.open[1] and b.wounds[2] == 0 and b.counters[0] == 1
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.open[3] = False
    b.apply(UseAbility(0, 0, (3,)))
    assert not b.open[3] and b.wounds[2] == 0 and b.counters[0] == 0


def test_paralysing_gaze_holds_a_poisoned_enemy_for_this_turn():
    """30/122 Злобоглаз ({instant}{tap}: spell, a poisoned enemy creature takes 1 and cannot move
    this turn): used at the start of the opponent's turn, that creature cannot step this turn, and
    can again in its next one; another creature is not held."""
    from analysis.battle import Move

    gaze = _printing("30/122")
    p1 = Answering()
    p2 = Answering()
    b = start([card("Mate", life=9), gaze], [card("Foe", life=9), card("Other", life=9)],
              ({0: P1_FRONT, 1: P1_BACK}, {2: square(3, 1), 3: square(3, 3)}), p1=p1, p2=p2)
    b.poison[2] = 1
    p1.plan["turn_start"] = UseAbility(1, 0, (2,))
    b.apply(END_TURN)                              # seat 1's turn: the gaze answers at its start
    assert b.wounds[2] == 2 and not b.open[1]      # (1 from its poisoning, 1 from the spell)
    assert square(4, 1) not in b.steps(2) and b.steps(3)
    with pytest.raises(IllegalAction):
        b.apply(Move(2, square(4, 1)))
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert square(4, 1) in b.steps(2)


def test_word_of_power_cancels_the_action_of_a_cursed_creature():
    """30/162 Тальгата ({instant}{tap}: spell, cancel an action of a cursed creature): a cursed
    enemy's strike and shot are cancelled — not carried out and not paid for, so the attacker stays
    open (000 2.9); an uncursed one's strike goes ahead (the heuristic answers only a cursed one)."""
    talgata = _printing("30/162")
    cancel = [i for i, a in enumerate(talgata.abilities.abilities) if a.kind == "cancel"][0]
    cursed = '{ kind = "curse" }'
    b = start([card("Cursed", strike=(3, 3, 3), life=9, abilities=facts(cursed)),
               card("Plain", strike=(2, 2, 2), life=9),
               card("Shooter", abilities=facts(SHOT, cursed), life=9)],
              [card("Target", life=9), talgata],
              ({0: P1_FRONT, 1: square(2, 1), 2: P1_BACK}, {3: P2_FRONT, 4: P2_BACK}), dice=[6, 1, 6, 1],
              p2=HeuristicPlayer())
    assert cancel in b.profiles[4].actions
    b.apply(Strike(0, 3))
    assert b.wounds[3] == 0 and b.open[0] and not b.acted[0] and not b.open[4]
    b.apply(Strike(1, 3))                          # not cursed (and the card is closed now)
    assert b.wounds[3] == 2
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (3,)))                # a cursed shooter's shot: cancelled too
    assert b.wounds[3] == 2 and b.open[2]


def test_search_and_random_players_answer_through_the_same_hook():
    """The searching player asks its heuristic (as for its other reactions): it kills the attacker
    in the window; the random player's answers are legal sudden uses or passes."""
    from analysis.battle.random_player import RandomPlayer
    from analysis.battle.search import SearchPlayer

    b = start([card("Foe", strike=(4, 4, 4), life=2)], [card("Target", life=3), minstrel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}), dice=[6, 6], p2=SearchPlayer(budget=50))
    b.wounds[0] = 1
    b.apply(Strike(0, 1))
    assert not b.alive[0] and b.wounds[1] == 0
    b = start([card("Foe", strike=(1, 1, 1), life=9)], [card("Target", life=9), minstrel()],
              ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}))
    rand = RandomPlayer()
    answers = [rand.sudden(b, 1, "turn_end", -1, -1, b.sudden_options(1)) for _ in range(30)]
    used = [a for a in answers if a is not None]
    assert used and len(used) < 30
    for a in used:
        probe = b.clone()
        probe.apply_sudden(1, a)                   # legal
        assert not probe.open[2]
