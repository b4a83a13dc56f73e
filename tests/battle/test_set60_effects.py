"""Set 60 («Призрачный легион») sample-deck mechanics played with fixed dice (issue 19): the
texts were read from berserk-nxt ``resources/data.json`` at commit 6f3af261."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.players import HeuristicPlayer
from analysis.cards.ability_rules import strike_passives
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


SHOT = '{ kind = "shot", damage = [1, 2, 3], range = 5, cost = "tap" }'
SHARPER = '{ kind = "flip_die", cost = "tap", via = "effect" }'


def test_sharper_flips_the_die_of_an_ability_not_only_of_a_strike():
    """60/207 Шулер: «перевернуть кубик на противоположную грань» names any die (000 1.1: 1-6,
    2-5, 3-4): the die of a shot of its own squad turns from 1 (weak 1) to 6 (strong 3)."""
    shooter = unit("Shooter", SHOT, strike=(1, 1, 1), life=10)
    sharper = unit("Sharper", SHARPER, strike=(1, 1, 1), life=5)
    b = start([shooter, sharper], [card("Foe", life=20)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              dice=[1], p1=Scripted(weaken=True))
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 3 and not b.open[1]


def test_enemy_sharper_flips_a_strong_shot_down():
    """The opponent's Шулер turns the die of a shot on its squad: 6 (strong 3) becomes 1 (weak 1)."""
    shooter = unit("Shooter", SHOT, strike=(1, 1, 1), life=10)
    sharper = unit("Sharper", SHARPER, strike=(1, 1, 1), life=5)
    b = start([shooter], [card("Foe", life=20), sharper], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}),
              dice=[6], p2=Scripted(weaken=True))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 1 and not b.open[2]


def test_heuristic_sharper_turns_only_a_die_that_helps_its_side():
    """The heuristic player turns its shot's weak die up, and leaves a strong one alone."""
    shooter = unit("Shooter", SHOT, strike=(1, 1, 1), life=10)
    sharper = unit("Sharper", SHARPER, strike=(1, 1, 1), life=5)
    b = start([shooter, sharper], [card("Foe", life=20)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              dice=[1], p1=HeuristicPlayer())
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 3 and not b.open[1]
    b2 = start([shooter, sharper], [card("Foe", life=20)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
               dice=[6], p1=HeuristicPlayer())
    b2.apply(UseAbility(0, 0, (2,)))
    assert b2.wounds[2] == 3 and b2.open[1]


HALNIADA = ('{ kind = "effect", damage = [2], cost = "trigger", trigger = "enemy_turn_start", targets = 2, '
            'range = 3, vs_types = ["creature"], delay = "apart" }')


def test_halniada_wounds_at_turn_end_the_chosen_enemies_not_next_to_it():
    """60/128 Халниада: at the start of the opponent's turn it picks up to two ground enemy
    creatures within range 3; at the end of that turn those not next to it take 2 (an effect:
    armor does not stop it); a flyer is never picked."""
    halniada = unit("Halniada", HALNIADA, strike=(2, 2, 3), life=11)
    near, far = card("Near", life=10), card("Far", life=10, armor=1)
    flyer = card("Flyer", type="flyer", move=0, life=10)
    b = start([near, far, flyer], [halniada],
              ({0: P1_FRONT, 1: P1_BACK, 2: square(0, 1)}, {3: P2_FRONT}))
    assert b.players[1].target_calls[-1][2] == [0, 1]   # (the flyer is not a ground creature)
    assert [v for _, _, v, _ in b.delayed] == [0, 1] and b.wounds == [0, 0, 0, 0]
    b.apply(END_TURN)
    assert b.wounds[:3] == [0, 2, 0]
    assert not b.delayed


def test_halniada_wounds_nothing_once_the_target_stands_next_to_it():
    """A chosen enemy that moves next to Халниада during the turn takes no wounds."""
    halniada = unit("Halniada", HALNIADA, strike=(2, 2, 3), life=11)
    walker = card("Walker", life=10, move=2)
    b = start([walker], [halniada], ({0: P1_MID}, {1: P2_FRONT}))
    assert [v for _, _, v, _ in b.delayed] == [0]
    b.apply(Move(0, P1_FRONT))
    b.apply(END_TURN)
    assert b.wounds[0] == 0


def test_heuristic_halniada_picks_the_enemies_not_next_to_it_first():
    """With three ground enemies in range, the heuristic player picks the two that do not stand next
    to Халниада (a creature engaged with it will likely still be next to it at the turn end)."""
    halniada = unit("Halniada", HALNIADA, strike=(2, 2, 3), life=11)
    near, a, c = card("Near", life=10), card("A", life=10), card("C", life=10)
    b = start([near, a, c], [halniada], ({0: P1_FRONT, 1: P1_BACK, 2: square(0, 1)}, {3: P2_FRONT}),
              p2=HeuristicPlayer())
    assert sorted(v for _, _, v, _ in b.delayed) == [1, 2]


INZELA = ('{ kind = "discharge", damage = [2], range = 5, cost = "trigger", trigger = "last_life_lost", '
          'uses_per_turn = 1 }')


def test_inzela_discharges_when_a_creature_with_one_life_left_dies():
    """60/179 Инзела: when a creature of either squad with 1 life left takes lethal wounds (or is
    destroyed), a discharge 2, range 5 (once per turn); a creature killed from 3 left does not set
    it off, wherever the wounds came from."""
    inzela = unit("Inzela", INZELA, strike=(2, 3, 4), life=12)
    shooter = unit("Shooter", '{ kind = "shot", damage = [3], range = 5, cost = "tap" }', strike=(1, 1, 1))
    low, full_, foe = card("Low", life=4), card("Full", life=3), card("Foe", life=10)
    b = start([shooter, inzela], [low, full_, foe],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1), 4: square(5, 3)}),
              p1=Scripted(targets=[4]))
    b.wounds[2] = 3
    b._respare(2)                                  # (as if its earlier wounds had been settled)
    b.apply(UseAbility(0, 0, (3,)))                # 3 life left, killed: nothing
    assert not b.alive[3] and b.wounds[4] == 0
    b.open[0] = True
    b.acted[0] = False
    b.apply(UseAbility(0, 0, (2,)))                # 1 life left, killed: discharge 2 on Foe
    assert not b.alive[2] and b.wounds[4] == 2


def test_inzela_hears_a_one_life_creature_of_its_own_squad_too():
    """Any creature: its own squad's creature at 1 life struck dead by the enemy sets it off, and
    only once per turn."""
    inzela = unit("Inzela", INZELA, strike=(2, 3, 4), life=12)
    mine = card("Mine", life=5)
    hitter = card("Hitter", strike=(2, 2, 2), life=10)
    b = start([hitter], [mine, inzela], ({0: P1_FRONT}, {1: P2_FRONT, 2: P2_BACK}),
              dice=[1], p2=Scripted(targets=[0]))
    b.wounds[1] = 4
    b._respare(1)
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.wounds[0] == 2


JAMIA = ('{ kind = "shield", damage = [1], cost = "trigger", trigger = "enemy_turn_start" }',
         '{ kind = "concentrate", cost = "tap", target = "ally", vs_elements = ["steppes"], via = "effect" }')
DRIVER = ('{ kind = "keyword", keyword = "move", damage = [1], cost = "trigger", trigger = "concentration", '
          'target = "self", lasts = "own_turn" }')


def test_al_jamia_sets_off_the_concentration_of_a_steppe_creature():
    """60/22 Аль-Джамия ({tap}, an effect): the concentration of a steppe creature of its squad
    fires now (60/21 Погонщик Тоа-Дана: +1 movement to the end of its turn), whatever its wounds.
    (The terrain acts from the auxiliary zone: tests/battle/test_terrains.py.)"""
    driver = unit("Driver", DRIVER, strike=(3, 3, 3), life=15, move=2, elements=("steppes",))
    jamia = unit("Jamia", *JAMIA, type="terrain", strike=None, life=None, move=0, cost=2)
    b = start([driver, jamia], [card("Foe", life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    before = b.moves[0]
    b.apply(UseAbility(1, 1, (0,)))
    assert b.moves[0] == before + 1 and not b.open[1]


def test_heuristic_uses_al_jamia_on_its_steppe_creature():
    """The heuristic player values the action on a steppe creature whose concentration gives
    something, and not on one without concentration."""
    driver = unit("Driver", DRIVER, strike=(3, 3, 3), life=15, move=2, elements=("steppes",))
    jamia = unit("Jamia", *JAMIA, type="terrain", strike=None, life=None, move=0, cost=2)
    b = start([driver, jamia], [card("Foe", life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    gain = HeuristicPlayer()._target_gain(b, 1, 1, 0)
    assert gain > 0
    plain = card("Plain", elements=("steppes",))
    b2 = start([plain, jamia], [card("Foe", life=10)], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    assert HeuristicPlayer()._target_gain(b2, 1, 1, 0) == 0


MORRAG = ('{ kind = "reduce", damage = [2], from = ["simple", "shot", "throw", "strike_through_row", '
          '"special_strike"], when = "war_machine" }')


def test_morrag_takes_two_less_only_while_its_squad_has_a_war_machine():
    """60/37 Морраг: −2 from non-magic attacks while a card of class «Боевая машина» of its squad
    is on the battlefield (``when = "war_machine"``); once it is destroyed, the full strike lands."""
    shooter = unit("Shooter", '{ kind = "shot", damage = [3], range = 5, cost = "tap" }', strike=(1, 1, 1))
    morrag = unit("Morrag", MORRAG, strike=(3, 4, 5), life=18)
    machine = card("Machine", type="artifact", strike=None, move=0, life=1, classes=("Боевая машина",))
    b = start([shooter, card("Two")], [morrag, machine],
              ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK, 3: square(5, 1)}))
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 1
    b.open[0], b.acted[0] = True, False
    b.apply(UseAbility(0, 0, (3,)))                # the war machine is destroyed
    assert not b.alive[3]
    b.open[0], b.acted[0] = True, False
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 4


AIRA_HEAL = ('{ kind = "heal", per = "strike_value", cost = "trigger", trigger = "strike", target = "ally", '
             'vs_types = ["flyer"] }')


def test_aira_heals_a_flying_ally_by_the_value_of_its_strike():
    """60/31 Аира: on its simple strike it may heal another flying creature of its squad by that
    strike's value (weak 2 here); a ground ally is not offered."""
    aira = unit("Aira", AIRA_HEAL, strike=(2, 3, 3), life=10)
    bird, walker = card("Bird", type="flyer", move=0, life=10), card("Walker", life=10)
    b = start([aira, bird, walker], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: P1_BACK, 2: square(0, 1)}, {3: P2_FRONT}), dice=[1, 1])
    b.wounds[1] = b.wounds[2] = 5
    b.open[3] = False
    b.apply(Strike(0, 3))
    assert b.wounds[3] == 2 and b.wounds[1] == 3 and b.wounds[2] == 5


class _Early(Scripted):
    def __init__(self, take: bool):
        super().__init__()
        self.take = take
        self.asked: list[int] = []

    def incarnate_early(self, battle, unit, missing):
        self.asked.append(missing)
        return self.take


def _grizzly_battle(p2):
    grizzly = unit("Grizzly", '{ kind = "incarnation", damage = [4], early = true }', strike=(4, 5, 6),
                   life=15)
    return start([card("Friend", life=10)], [grizzly, card("Other", life=20)],
                 ({0: P1_BACK}, {1: P2_FRONT, 2: P2_BACK}), dice=[1], p2=p2)


def test_zombie_grizzly_incarnates_early_with_wounds_and_a_weaker_strike():
    """60/168 Зомби-гризли (incarnation 4): before the start of its owner's turn it may return
    with fewer tokens (at least one), taking 2 wounds and −1 to its simple strike per missing token
    (here one token held, three missing: 6 wounds, strike 1-2-3)."""
    p2 = _Early(True)
    b = _grizzly_battle(p2)
    b.wounds[1] = 15
    b._settle([1])
    b.apply(END_TURN)                              # token 1 (none held before: no choice)
    assert not b.alive[1] and b.tokens[1] == 1 and p2.asked == []
    b.apply(END_TURN)
    b.apply(END_TURN)                              # one held: it returns now, 3 tokens short
    assert p2.asked == [3]
    assert b.alive[1] and not b.open[1] and b.wounds[1] == 6
    assert strike_passives(b.cards[1], None, b.seat[1]).bonus == (-3, -3, -3)   # 1-2-3 left


def test_zombie_grizzly_waits_when_its_player_declines_and_heuristic_takes_one_short():
    """Declined, it takes its tokens as usual; the heuristic player returns early only one token
    short (2 wounds on 15 life), not three short."""
    p2 = _Early(False)
    b = _grizzly_battle(p2)
    b.wounds[1] = 15
    b._settle([1])
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert not b.alive[1] and b.tokens[1] == 2
    h = HeuristicPlayer()
    assert h.incarnate_early(b, 1, 1) and not h.incarnate_early(b, 1, 3)


def test_berrow_and_bon_strike_through_a_row_gives_a_graveyard_token():
    """60/177 Берроу и Бон ({tap}): a strike through a row 2, and with it a card of its squad in the
    graveyard gets an incarnation token (a ``grave_token`` with cost ``then``)."""
    berrow = unit("Berrow", '{ kind = "strike_through_row", damage = [2], cost = "tap" }',
                  '{ kind = "grave_token", cost = "then" }', strike=(2, 3, 4), life=9, move=2)
    undead = unit("Undead", '{ kind = "incarnation", damage = [3] }', strike=(1, 1, 1), life=2)
    b = start([berrow, undead], [card("Front", life=10)], ({0: P1_MID, 1: P1_FRONT}, {2: P2_FRONT}))
    b.wounds[1] = 2
    b._settle([1])
    assert not b.alive[1] and b.tokens[1] == 0
    b.apply(UseAbility(0, 0, (2,)))                # through the square it left
    assert b.wounds[2] == 2 and b.tokens[1] == 1


def test_berrow_and_bon_discharges_and_curses_when_a_creature_incarnates_next_to_it():
    """60/177 Берроу и Бон: when a creature returns by incarnation onto a square next to it, a
    discharge 1-2-2, range 4, and the target gets a curse (trigger ``incarnates_adjacent``)."""
    berrow = unit("Berrow", '{ kind = "discharge", damage = [1, 2, 2], range = 4, cost = "trigger", '
                  'trigger = "incarnates_adjacent", gives = "curse", uses_per_turn = 2 }', strike=(2, 3, 4),
                  life=9)
    undead = unit("Undead", '{ kind = "incarnation", damage = [1] }', strike=(1, 1, 1), life=2)
    foe = card("Foe", life=10)
    b = start([foe], [berrow, undead], ({0: P1_FRONT}, {1: square(5, 1), 2: P2_BACK}), dice=[6])
    b.wounds[2] = 2
    b._settle([2])
    b.apply(END_TURN)                              # its owner's turn: it returns to (5, 0), next to it
    assert b.alive[2] and b.pos[2] == square(5, 0)
    assert b.wounds[0] == 2 and b._in_state(0, "cursed")


def test_sharper_turns_the_die_of_a_block_on_die_faces():
    """A die that decides whether a fact acts (a block "on a 1-3") is a die Шулер may turn: the
    attacker's Шулер turns a blocking 2 into a 5, and the shot lands."""
    shooter = unit("Shooter", '{ kind = "shot", damage = [2], range = 5, cost = "tap" }', strike=(1, 1, 1))
    sharper = unit("Sharper", SHARPER, strike=(1, 1, 1), life=5)
    dodger = unit("Dodger", '{ kind = "block", from = ["shot"], roll = [1, 2, 3] }', life=10)
    b = start([shooter, sharper], [dodger], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
              dice=[2], p1=Scripted(weaken=True))
    b.apply(UseAbility(0, 0, (2,)))
    assert b.wounds[2] == 2 and not b.open[1]
    b2 = start([shooter, sharper], [dodger], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}),
               dice=[2], p1=HeuristicPlayer())
    b2.apply(UseAbility(0, 0, (2,)))
    assert b2.wounds[2] == 2 and not b2.open[1]      # the heuristic player turns it too
