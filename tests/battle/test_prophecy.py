"""Prophecy (Пророчество N; data/README.md "Prophecy"): no rulebook at hand defines it; the cards'
texts read it — "Пророчество 1; если показана карта нечётной стоимости …" (30/104 Несущий отраву),
"… стоимостью Х или менее, где Х стоимость показанной карты" (40/119 Шаг Архааля), "за каждую
показанную карту" (40/132 Горуг). The top N cards of the user's deck are shown and stay on top in
order; the facts after the ``prophecy`` (cost ``then``) act per card shown by its ``shown`` /
``shown_cost``. Synthetic cards, fixed dice, the deck's order set by hand."""

from __future__ import annotations

from analysis.battle import END_TURN, Battle, BattleConfig, HeuristicPlayer, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_FRONT, facts
from tests.battle_helpers import Scripted, card

PARITY = ('{ kind = "prophecy", damage = [1], cost = "tap" }',
          '{ kind = "poison", damage = [1], cost = "then", target = "any", shown = ["odd"] }',
          '{ kind = "give_curse", cost = "then", target = "any", shown = ["even"] }')


class Picks(Scripted):
    """Scripted, and the targets of the facts after a prophecy are the ones given (else the first)."""

    def __init__(self, picks=()):
        super().__init__()
        self.picks = list(picks)

    def choose_targets(self, battle, unit, index, candidates, most):
        want = [v for v in self.picks if v in candidates]
        return tuple(want[:most]) if want else (candidates[0],)


def battle(a, b, placements, deck, p1=None, p2=None, record=True, seat=0, dice=()) -> Battle:
    decks = (list(deck), []) if seat == 0 else ([], list(deck))
    out = Battle((a, b), (p1 or Picks(), p2 or Picks()), placements=placements, config=BattleConfig(),
                 decks=decks, record=record, dice=dice)
    n = out.n_squad
    order = list(range(n, out.n))
    out.deck = (order, []) if seat == 0 else ([], order)  # (the deck in the order given: top first)
    out._start_turn()
    return out


def test_odd_cost_shown_poisons_even_curses_and_the_deck_keeps_its_order():
    """30/104: an odd cost shown poisons the chosen creature 1, an even one curses it; the shown card
    stays on top, so a second prophecy without a shuffle shows it again."""
    seer = card("Seer", abilities=facts(*PARITY), strike=(1, 1, 1))
    foe = card("Foe", life=9)
    b = battle([seer], [foe], ({0: P1_BACK}, {1: P2_FRONT}), [card("Odd", cost=3), card("Even", cost=4)],
               p1=Picks([1]))
    top = list(b.deck[0])
    b.apply(UseAbility(0, 0, (0,)))
    assert b.poison[1] == 1 and not b._in_state(1, "cursed")
    assert b.deck[0] == top and b.seen_top == (1, 0)
    shown = [e for e in b.log if e["e"] == "prophecy"]
    assert shown == [{"e": "prophecy", "u": 0, "shown": [top[0]]}]
    b2 = battle([seer], [foe], ({0: P1_BACK}, {1: P2_FRONT}), [card("Even", cost=4), card("Odd", cost=3)],
                p1=Picks([1]))
    b2.apply(UseAbility(0, 0, (0,)))
    assert b2.poison[1] == 0 and b2._in_state(1, "cursed")


def test_death_prophecy_wounds_a_creature_of_at_most_the_shown_cost():
    """40/119: at its death, prophecy 1; it may wound 2 a creature of cost X or less (X: the shown
    card's cost): the dearer enemy is not offered, the cheaper one is wounded."""
    step = card("Step", abilities=facts(
        '{ kind = "prophecy", damage = [1], cost = "trigger", trigger = "death" }',
        '{ kind = "wound", damage = [2], cost = "then", target = "any", shown_cost = "at_most", '
        'may = true }'), life=1, cost=4)
    killer = card("Killer", strike=(5, 5, 5), cost=6, life=9)
    cheap = card("Cheap", cost=3, life=9)
    seen = []

    class Spy(Picks):
        def choose_targets(self, battle, unit, index, candidates, most):
            seen.append(sorted(candidates))
            return (1,)

    b = battle([killer, cheap], [step], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_FRONT}),
               [card("Three", cost=3)], p2=Spy(), seat=1, dice=[6])
    b.open[2] = False
    b.apply(Strike(0, 2))
    assert not b.alive[2]
    assert seen == [[1, 2]] or seen == [[1]]
    assert b.wounds[1] == 2 and b.wounds[0] == 0


def test_each_shown_card_acts_and_no_deck_shows_nothing():
    """A prophecy 2 shows two cards: the facts after it act once for each ("за каждую показанную
    карту", 40/132); an empty deck offers no prophecy."""
    seer = card("Seer", abilities=facts(
        '{ kind = "prophecy", damage = [2], cost = "tap" }',
        '{ kind = "wound", damage = [2], cost = "then", target = "any", shown_cost = "equal" }'),
        strike=(1, 1, 1))
    a3, a5 = card("A3", cost=3, life=9), card("A5", cost=5, life=9)
    b = battle([seer], [a3, a5], ({0: P1_BACK}, {1: P2_FRONT, 2: square(3, 1)}),
               [card("C5", cost=5), card("C3", cost=3), card("C7", cost=7)], p1=Picks([1, 2]))
    b.apply(UseAbility(0, 0, (0,)))
    assert b.wounds[1] == 2 and b.wounds[2] == 2
    assert b.seen_top == (2, 0)
    empty = battle([seer], [a3], ({0: P1_BACK}, {1: P2_FRONT}), [card("C1", cost=1)])
    empty.deck = ([], [])
    assert empty.ability_targets(0, 0) == []


def test_heuristic_uses_the_prophecy_on_a_known_top_card():
    """The heuristic player values a prophecy by what the card it shows would let it do; a card
    already shown is known (it stays on top), so it taps again only when that pays."""
    seer = card("Seer", abilities=facts(*PARITY), strike=(1, 1, 1))
    foe = card("Foe", life=9)
    b = battle([seer], [foe], ({0: P1_BACK}, {1: P2_FRONT}), [card("Odd", cost=3)],
               p1=HeuristicPlayer())
    b.seen_top = (1, 0)
    g = b.players[0].prophecy_worth(b, 0, 0)
    assert g > 0
    b.poison[1] = 1  # (already poisoned 1: a second poisoning 1 adds nothing)
    assert b.players[0].prophecy_worth(b, 0, 0) <= g
    b.apply(END_TURN)


def test_strike_prophecy_magic_strike_on_a_neutral_or_missing_element_card():
    """40/76 Райская птица: at its simple strike, prophecy 1; a neutral card or one of an element its
    squad lacks shown: a magic strike 1 on the struck card; a card of its own element: nothing."""
    bird_facts = facts('{ kind = "prophecy", damage = [1], cost = "trigger", trigger = "strike" }',
                       '{ kind = "magic_strike", damage = [1], cost = "then", area = "about", '
                       'shown = ["neutral", "missing_element"] }')
    for shown, extra in ((card("Neutral", elements=()), 1), (card("Swamp", elements=("swamps",)), 1),
                         (card("Forest", elements=("forests",)), 0)):
        bird = card("Bird", abilities=bird_facts, strike=(1, 1, 1), elements=("forests",))
        foe = card("Foe", life=9)
        b = battle([bird], [foe], ({0: P2_FRONT - 5}, {1: P2_FRONT}), [shown], dice=[6, 1])
        b.open[1] = False
        b.apply(Strike(0, 1))
        assert b.wounds[1] == 1 + extra, shown.name
