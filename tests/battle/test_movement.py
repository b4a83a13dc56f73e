"""Movement keywords (issue 19): teleportation (000 3.15 and glossary "Teleportation": a jump with
no range limit; 002 "Телепортация") and dash (Рывок, read from the reminder text of 30/19 Конный
лучник: when it attacks it may move to an adjacent square, not diagonally, once per turn), with
their triggers ``teleports`` (60/176 Файзер) and ``dash`` ("при рывке", 30/19)."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import ADJ4, ADJ8, square
from analysis.battle.players import HeuristicPlayer
from tests.battle.test_ability_kinds import P1_BACK, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import Scripted, card

TELEPORT = '{ kind = "teleportation" }'
DASH = '{ kind = "dash" }'


class Dasher(Scripted):
    """A scripted player whose dashes go to fixed squares (first one offered that is in ``to``)."""

    def __init__(self, to=(), **kw):
        super().__init__(**kw)
        self.to = list(to)
        self.offers: list[list[int]] = []

    def relocate(self, battle, unit, why, squares):
        self.offers.append(list(squares))
        for sq in self.to:
            if sq in squares:
                return sq
        return -1


def test_teleportation_to_any_free_square_spends_the_movement():
    """000 3.15: teleportation goes to any unoccupied square, only if the creature has not moved
    yet this turn; afterwards it has no movement left but stays open and may act."""
    demon = card("Demon", strike=(3, 3, 3), life=10, move=2, abilities=facts(TELEPORT))
    foe = card("Foe", life=10)
    b = start([demon], [foe], ({0: P1_BACK}, {1: P2_BACK}), dice=[6, 1])
    far = square(5, 1)                    # next to the foe, on the far side of the board
    assert far in b.steps(0) and square(4, 4) in b.steps(0)
    b.apply(Move(0, far))
    assert b.pos[0] == far and b.moves[0] == 0 and b.open[0]
    b.apply(Strike(0, 1))                 # it may still act
    assert b.wounds[1] > 0
    # once it has stepped, it may not teleport any more this turn
    b = start([demon], [foe], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(Move(0, square(1, 2)))
    assert b.steps(0) == [s for s in ADJ4[square(1, 2)] if b.board[s] < 0]


def test_teleports_trigger_fires_after_a_teleport_only():
    """60/176 Файзер: its shot 1 (range 3) fires when it teleports, not on an ordinary step."""
    faizer = card("Faizer", strike=(1, 1, 1), life=10, move=2, abilities=facts(
        TELEPORT, '{ kind = "shot", damage = [1], range = 3, cost = "trigger", trigger = "teleports" }'))
    foe = card("Foe", life=10)
    b = start([faizer], [foe], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(Move(0, square(1, 2)))        # a step: no shot
    assert b.wounds[1] == 0
    b = start([faizer], [foe], ({0: P1_BACK}, {1: P2_BACK}))
    b.apply(Move(0, square(3, 2)))        # a teleport: two squares from the foe, shot 1
    assert b.wounds[1] == 1 and b.moves[0] == 0


def test_heuristic_player_teleports_to_a_square_where_it_attacks():
    """The heuristic player uses teleportation to land next to an enemy it cannot walk to this
    turn, then strikes it."""
    demon = card("Demon", strike=(3, 3, 3), life=10, move=1, abilities=facts(TELEPORT))
    foe = card("Foe", strike=(1, 1, 1), life=10)
    b = start([demon], [foe], ({0: P1_BACK}, {1: P2_BACK}), p1=HeuristicPlayer(), dice=[6, 1] * 4)
    b.players[0].play_turn(b)
    assert max(abs(b.pos[0] // 5 - P2_BACK // 5), abs(b.pos[0] % 5 - P2_BACK % 5)) == 1
    assert b.wounds[1] > 0


def test_dash_after_a_simple_strike_once_per_turn_orthogonal_squares():
    """Рывок (30/19's reminder text): when it attacks it may move to an adjacent free square, not
    diagonally, once per turn."""
    rider = card("Rider", strike=(1, 1, 1), life=10, move=1, abilities=facts(
        DASH, '{ kind = "shot", damage = [1], cost = "tap" }'))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    here = square(2, 2)
    p1 = Dasher(to=[square(1, 2), square(2, 0)])
    b = start([rider], [foe], ({0: here}, {1: P2_FRONT}), p1=p1, dice=[6, 1])
    b.apply(Strike(0, 1))
    assert p1.offers == [[s for s in ADJ4[here] if s != P2_FRONT]]   # orthogonal, free squares
    assert b.pos[0] == square(1, 2) and b.board[here] < 0
    b.open[0], b.acted[0] = True, False   # (opened again this turn: no second dash)
    b.apply(UseAbility(0, 1, (1,)))
    assert b.pos[0] == square(1, 2) and len(p1.offers) == 1


def test_dash_trigger_shot_of_30_19():
    """30/19 Конный лучник: "при рывке" a shot 1-2-3 (any range) at a card its player picks."""
    archer = card("Archer", strike=(1, 1, 1), life=11, move=2, abilities=facts(
        DASH, '{ kind = "shot", damage = [1, 2, 3], cost = "trigger", trigger = "dash" }'))
    foe, other = card("Foe", strike=(1, 1, 1), life=20), card("Other", life=20)
    p1 = Dasher(to=[square(1, 2)], targets=(2,))
    b = start([archer], [foe, other], ({0: square(2, 2)}, {1: P2_FRONT, 2: P2_BACK}), p1=p1, dice=[6, 1, 6])
    b.apply(Strike(0, 1))
    assert b.pos[0] == square(1, 2)
    assert b.wounds[2] == 3               # the shot on a 6: 3


def test_no_dash_when_declined():
    """Dashing is a choice ("может переместиться"; -1: it stays)."""
    rider = card("Rider", strike=(1, 1, 1), life=10, abilities=facts(DASH))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([rider], [foe], ({0: square(2, 2)}, {1: P2_FRONT}), p1=Dasher(), dice=[6, 1])
    b.apply(Strike(0, 1))
    assert b.pos[0] == square(2, 2)


def test_heuristic_player_dashes_out_of_reach():
    """After its strike the closed card dashes to a square next to fewer enemy creatures."""
    rider = card("Rider", strike=(1, 1, 1), life=10, abilities=facts(DASH))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([rider], [foe], ({0: square(2, 2)}, {1: P2_FRONT}), p1=HeuristicPlayer(), dice=[6, 1])
    b.apply(Strike(0, 1))
    assert b.pos[0] == square(1, 2)       # straight back: no enemy next to it


def test_diagonal_steps_cost_one_movement_point():
    """40/106 Вербер ("может двигаться по диагонали"): a step may go to a free diagonal neighbour,
    one movement point; it is no jump (the rest of its movement stays)."""
    verber = card("Verber", strike=(3, 4, 5), life=14, move=2, abilities=facts('{ kind = "diagonal" }'))
    b = start([verber], [card("Foe", life=10)], ({0: square(1, 2)}, {1: P2_BACK}))
    assert square(2, 3) in b.steps(0) and square(0, 1) in b.steps(0)
    b.apply(Move(0, square(2, 3)))
    assert b.moves[0] == 1
    b.apply(Move(0, square(3, 4)))        # a second diagonal step
    assert b.pos[0] == square(3, 4) and b.moves[0] == 0
    plain = card("Plain", move=2)
    b = start([plain], [card("Foe", life=10)], ({0: square(1, 2)}, {1: P2_BACK}))
    assert square(2, 3) not in b.steps(0)


def test_diagonal_only_while_unwounded():
    """60/81 Вепрь Святолесья: diagonal moves only while it has no wounds (``self_state``)."""
    boar = card("Boar", life=10, move=2, abilities=facts('{ kind = "diagonal", self_state = "unwounded" }'))
    b = start([boar], [card("Foe", life=10)], ({0: square(1, 2)}, {1: P2_BACK}))
    assert square(2, 3) in b.steps(0)
    b.wounds[0] = 1
    b._situate()
    assert square(2, 3) not in b.steps(0)


def test_heuristic_player_walks_diagonally_into_contact():
    """A diagonal mover two diagonal steps from an enemy reaches it this turn and strikes."""
    verber = card("Verber", strike=(3, 4, 5), life=14, move=2, abilities=facts('{ kind = "diagonal" }'))
    foe = card("Foe", strike=(1, 1, 1), life=10)
    b = start([verber], [foe], ({0: square(0, 1)}, {1: square(3, 4)}), p1=HeuristicPlayer(), dice=[6, 1] * 4)
    b.players[0].play_turn(b)
    assert b.wounds[1] > 0


def test_leap_after_a_kill_30_179():
    """30/179 Гаррид-шпион: when it destroys an enemy creature it may jump, range 3 (a ``leap`` on
    ``kill``, its player's pick of the free squares within 3)."""
    spy = card("Spy", strike=(3, 3, 3), life=10, move=1, abilities=facts(
        '{ kind = "leap", damage = [3], cost = "trigger", trigger = "kill", when_type = "creature" }'))
    weak, far = card("Weak", strike=(1, 1, 1), life=2), card("Far", life=10)
    p1 = Dasher(to=[square(0, 0)])
    b = start([spy], [weak, far], ({0: square(2, 2)}, {1: P2_FRONT, 2: P2_BACK}), p1=p1, dice=[6, 1])
    b.apply(Strike(0, 1))
    assert not b.alive[1]
    assert b.pos[0] == square(0, 0)
    assert square(5, 0) in p1.offers[0]                                  # within range 3
    short = card("Short", strike=(3, 3, 3), life=10, abilities=facts(
        '{ kind = "leap", damage = [2], cost = "trigger", trigger = "kill", when_type = "creature" }'))
    p1 = Dasher()
    b = start([short], [card("Weak", strike=(1, 1, 1), life=2), card("Far", life=10)],
              ({0: square(2, 2)}, {1: P2_FRONT, 2: P2_BACK}), p1=p1, dice=[6, 1])
    b.apply(Strike(0, 1))
    assert square(4, 0) in p1.offers[0] and square(5, 0) not in p1.offers[0]   # range 2 only


def test_heuristic_leap_out_of_reach_when_closed():
    """After the kill the closed spy leaps away from the enemies next to it (the heuristic)."""
    spy = card("Spy", strike=(3, 3, 3), life=10, move=1, abilities=facts(
        '{ kind = "leap", damage = [3], cost = "trigger", trigger = "kill", when_type = "creature" }'))
    weak, other = card("Weak", strike=(1, 1, 1), life=2), card("Other", life=10)
    b = start([spy], [weak, other], ({0: square(2, 2)}, {1: P2_FRONT, 2: square(3, 1)}),
              p1=HeuristicPlayer(), dice=[6, 1])
    b.apply(Strike(0, 1))
    p = b.pos[0]
    assert not any(b.board[t] == 2 for t in ADJ8[p])


def test_counter_on_dash_40_7():
    """40/7 Вейла: "При рывке получить {counter}" (a ``gain_counter`` on ``dash``)."""
    veila = card("Veila", strike=(1, 1, 1), life=8, abilities=facts(
        DASH, '{ kind = "gain_counter", cost = "trigger", trigger = "dash" }'))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([veila], [foe], ({0: square(2, 2)}, {1: P2_FRONT}), p1=Dasher(to=[square(1, 2)]), dice=[6, 1])
    b.apply(Strike(0, 1))
    assert b.pos[0] == square(1, 2) and b.counters[0] == 1


def test_squad_dash_blesses_an_ally_landing_next_to_it_50_26():
    """50/26 Боевой маг Аккении: an ally of yours that dashes onto a square next to it becomes
    blessed (2 per turn); a dash that ends farther away does nothing."""
    mage = card("Mage", strike=(2, 2, 3), life=8, abilities=facts(
        '{ kind = "give_blessing", cost = "trigger", trigger = "squad_dash", range = 1, uses_per_turn = 2 }'))
    rider = card("Rider", strike=(1, 1, 1), life=10, abilities=facts(DASH))
    foe = card("Foe", strike=(1, 1, 1), life=30)
    places = ({0: square(1, 1), 1: square(2, 2)}, {2: P2_FRONT})
    b = start([mage, rider], [foe], places, p1=Dasher(to=[square(2, 1)]), dice=[6, 1])
    b.apply(Strike(1, 2))
    assert b.pos[1] == square(2, 1) and b._in_state(1, "blessed")
    b = start([mage, rider], [foe], places, p1=Dasher(to=[square(2, 3)]), dice=[6, 1])
    b.apply(Strike(1, 2))
    assert b.pos[1] == square(2, 3) and not b._in_state(1, "blessed")    # two columns away


MONK = facts('{ kind = "jump", damage = [3] }',
             '{ kind = "special_strike", damage = [3], cost = "trigger", trigger = "wounded", '
             'when = "enemy_turn" }',
             '{ kind = "leap", damage = [3], cost = "or", target = "self" }')


class Picker(Dasher):
    """A scripted player that also picks an ``or`` option (its ``option`` index when offered)."""

    def __init__(self, option=-1, **kw):
        super().__init__(**kw)
        self.option = option

    def choose_option(self, battle, unit, options, candidates):
        return self.option if self.option in options else options[0]


def _enemy_strikes_monk(p2):
    """The First player's foe strikes the Second player's monk in the First player's turn."""
    monk = card("Monk", strike=(2, 3, 4), life=11, abilities=MONK)
    foe = card("Foe", strike=(2, 2, 2), life=20)
    b = start([foe], [monk], ({0: square(2, 2)}, {1: P2_FRONT}), p2=p2, dice=[6, 1])
    b.apply(Strike(0, 1))
    return b


def test_leap_or_special_strike_when_wounded_30_55():
    """30/55 Монах Тарга: wounded by an enemy attack in the enemy's turn it may jump, range 3, or
    make a special strike 3 (cost ``or``: its player picks)."""
    b = _enemy_strikes_monk(Picker(option=2, to=[square(5, 0)]))
    assert b.wounds[1] > 0 and b.pos[1] == square(5, 0) and b.wounds[0] == 0
    b = _enemy_strikes_monk(Picker(option=1))
    assert b.pos[1] == P2_FRONT and b.wounds[0] == 3


def test_heuristic_monk_takes_the_special_strike():
    """The heuristic player answers with the special strike (it gains wounds on the attacker)."""
    b = _enemy_strikes_monk(HeuristicPlayer())
    assert b.wounds[0] == 3


def test_leap_after_finishing_60_126():
    """60/126 Каппа: "{tap}: Добивание на 2, при этом может совершить прыжок, дальность 3" (a
    ``leap`` with cost ``then`` after the finishing)."""
    kappa = card("Kappa", strike=(2, 2, 3), life=10, abilities=facts(
        '{ kind = "finishing", damage = [2], cost = "tap" }',
        '{ kind = "leap", damage = [3], cost = "then", target = "self" }'))
    weak, other = card("Weak", strike=(1, 1, 1), life=5), card("Other", life=10)
    p1 = Dasher(to=[square(0, 2)])
    b = start([kappa], [weak, other], ({0: square(2, 2)}, {1: P2_FRONT, 2: P2_BACK}), p1=p1)
    b.wounds[1] = 3                       # 2 life left: finished off
    b.apply(UseAbility(0, 0, (1,)))
    assert not b.alive[1] and b.pos[0] == square(0, 2)


def test_diagonal_given_by_concentration_50_116():
    """50/116 Дух тайфуна: "Концентрация: может двигаться по диагонали до конца вашего хода" — at
    the end of the opponent's turn, unwounded since its own turn, it gets diagonal steps for its
    next turn (``diagonal`` among the grants, ``lasts = "own_turn"``)."""
    spirit = card("Spirit", strike=(2, 2, 2), life=7, move=3, abilities=facts(
        '{ kind = "diagonal", cost = "trigger", trigger = "concentration", target = "self", '
        'lasts = "own_turn" }'))
    b = start([spirit], [card("Foe", life=10)], ({0: square(1, 2)}, {1: P2_BACK}))
    assert square(2, 3) not in b.steps(0)
    b.apply(END_TURN)                     # the opponent's turn …
    b.apply(END_TURN)                     # … ends: concentration; its own turn begins
    assert square(2, 3) in b.steps(0)
