"""Werewolves (the ``wohu`` icon of set 60; «особенности оборотня», 60/68): "{wolf}: …" facts hold in
the wolf form, "{human}: …" in the human form; before each of its owner's turns the werewolf takes
the form its player picks, to the end of the opponent's next turn — the reminder text of 60/60
Щенок Ульфгарда ("до начала вашего хода — получить {wolf} либо {human} до конца хода противника").
Fixed positions and dice (data/README.md "Werewolves")."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.abilities import load_abilities
from tests.battle.test_ability_kinds import facts, start
from tests.battle_helpers import Scripted, card

# 60/51 Вукула: "{wolf}: +1 к {strike} и {ova} 1. {human}: {ovz}1 и «После нападения {strike} не
# закрывается»"
VUKULA = facts('{ kind = "strike_bonus", damage = [1], when = "wolf" }',
               '{ kind = "keyword", keyword = "exp_attack", damage = [1], when = "wolf" }',
               '{ kind = "keyword", keyword = "exp_defence", damage = [1], when = "human" }',
               '{ kind = "stays_open", when = "human" }')


class Former(Scripted):
    """A scripted player that picks the given forms in turn."""

    def __init__(self, forms, *args, **kw):
        super().__init__(*args, **kw)
        self.forms = list(forms)
        self.asked = 0

    def choose_form(self, battle, unit):
        self.asked += 1
        return self.forms.pop(0) if self.forms else "wolf"


def wolf(**kw):
    return card("Vukula", strike=(2, 3, 3), life=10, move=2, abilities=VUKULA, wohu=1, **kw)


def test_the_form_is_picked_before_the_turn_and_its_facts_hold():
    b = start([wolf()], [card("Foe", life=12)], ({0: square(2, 2)}, {1: square(3, 2)}), p1=Former(["wolf"]))
    assert b.form[0] == 1 and b.cards[0].has("exp_attack") and not b.cards[0].has("exp_defence")
    assert b.players[0].asked == 1


def test_the_human_form_lasts_through_the_opponents_turn_and_stays_open():
    b = start([wolf()], [card("Foe", life=12)], ({0: square(2, 2)}, {1: square(3, 2)}),
              p1=Former(["human", "wolf"]), dice=[6, 1] * 4)
    assert b.form[0] == 2 and b.cards[0].has("exp_defence")
    b.apply(Strike(0, 1))
    assert b.open[0]                                     # "после нападения не закрывается"
    b.apply(END_TURN)                                    # the opponent's turn: still human
    assert b.form[0] == 2 and b.cards[0].has("exp_defence")
    b.apply(END_TURN)                                    # before its next turn: the wolf now
    assert b.form[0] == 1 and b.cards[0].has("exp_attack")


def test_a_card_without_the_icon_takes_no_form():
    plain = card("Plain", abilities=VUKULA)
    b = start([plain], [card("Foe")], ({0: square(2, 2)}, {1: square(3, 2)}), p1=Former(["wolf"]))
    assert b.form[0] == 0 and not b.cards[0].has("exp_attack") and b.players[0].asked == 0


def test_the_heuristic_player_is_a_wolf_near_the_enemy_and_human_far_from_it():
    near = start([wolf()], [card("Foe")], ({0: square(2, 2)}, {1: square(3, 2)}), p1=HeuristicPlayer())
    far = start([wolf()], [card("Foe")], ({0: square(0, 2)}, {1: square(5, 2)}), p1=HeuristicPlayer())
    assert near.form[0] == 1 and far.form[0] == 2


def test_the_real_printings_carry_the_form_facts():
    book = load_abilities()
    for code in ("60/51", "60/60"):
        assert book[code].status == "full", code
    for code in ("60/49", "60/51", "60/57", "60/60", "60/68", "60/203"):
        assert {a.when for a in book[code].abilities} & {"wolf", "human"}, code
