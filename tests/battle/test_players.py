"""The players use the abilities: the heuristic shoots from the back, keeps shooters out of reach,
prefers an armor-piercing magic strike, spends and saves counters; the random player picks among
all legal actions, abilities included; abilities win battles."""

from __future__ import annotations

from analysis.battle import (
    END_TURN,
    Accumulate,
    Battle,
    HeuristicPlayer,
    Player,
    RandomPlayer,
    UseAbility,
    first_action,
)
from analysis.battle.board import ADJ8, square
from analysis.squad.deals import proportion_ci
from tests.battle_helpers import card


def facts(*abilities: str) -> str:
    return 'status = "full"\nabilities = [\n' + "".join(f"  {a},\n" for a in abilities) + "]"


FOE = card("Foe", strike=(2, 3, 4), life=8, move=2)


def heuristic_battle(a, b, placements):
    battle = Battle((a, b), (HeuristicPlayer(), HeuristicPlayer()), placements=placements, record=True)
    battle._start_turn()
    return battle


def test_a_shooter_in_range_shoots_instead_of_walking():
    archer = card(
        "Archer", strike=(1, 1, 1), life=6, abilities=facts('{ kind = "shot", damage = [2], cost = "tap" }')
    )
    b = heuristic_battle([archer], [FOE], ({0: square(0, 2)}, {1: square(5, 2)}))
    assert first_action(b.players[0], b) == UseAbility(0, 0, (1,))


def test_a_shooter_out_of_range_walks_but_not_next_to_an_enemy():
    archer = card(
        "Archer",
        strike=(1, 1, 1),
        life=6,
        move=3,
        abilities=facts('{ kind = "shot", damage = [2], range = 2, cost = "tap" }'),
    )
    b = heuristic_battle([archer], [FOE], ({0: square(0, 2)}, {1: square(5, 2)}))
    b.players[0].play_turn(b)
    enemy = b.pos[1]
    assert b.pos[0] != square(0, 2) and enemy not in ADJ8[b.pos[0]]


def test_magic_strike_is_chosen_against_armor():
    witch = card(
        "Witch",
        strike=(1, 1, 1),
        life=8,
        abilities=facts('{ kind = "magic_strike", damage = [4], cost = "tap" }'),
    )
    tank = card("Tank", strike=(1, 2, 2), life=8, armor=2)
    b = heuristic_battle([witch], [tank], ({0: square(2, 2)}, {1: square(3, 2)}))
    assert first_action(b.players[0], b) == UseAbility(0, 0, (1,))


def test_counters_are_accumulated_then_spent():
    caster = card(
        "Caster",
        strike=(1, 1, 1),
        life=6,
        abilities=facts('{ kind = "spell", damage = [3], cost = "counter_tap" }'),
    )
    b = heuristic_battle([caster], [FOE], ({0: square(0, 2)}, {1: square(5, 2)}))
    assert first_action(b.players[0], b) == Accumulate(0)
    b.counters[0] = 1
    assert first_action(b.players[0], b) == UseAbility(0, 0, (1,))
    b.counters[0] = 2  # two uses' worth saved: it does not hoard more
    b.apply(UseAbility(0, 0, (1,)))
    assert b.counters[0] == 1


def test_the_random_player_draws_uniformly_from_the_legal_actions():
    mage = card(
        "Mage",
        strike=(1, 1, 1),
        life=6,
        abilities=facts(
            '{ kind = "discharge", damage = [1], cost = "tap" }',
            '{ kind = "heal", damage = [1], cost = "counter" }',
        ),
    )
    b = Battle(
        ([mage, card()], [FOE, FOE]),
        (RandomPlayer(), Player()),
        seed=5,
        placements=({0: square(1, 2), 1: square(2, 2)}, {2: square(4, 2), 3: square(5, 2)}),
    )
    b._start_turn()
    b.counters[0] = 1
    actions = b.legal_actions()
    assert END_TURN in actions and UseAbility(0, 0, (2,)) in actions and UseAbility(0, 1, (0,)) in actions
    seen = {a: 0 for a in actions}
    player = RandomPlayer()
    for _ in range(3000):
        seen[player.choose_action(b)] += 1
    expected = 3000 / len(actions)
    assert all(0.6 * expected < n < 1.4 * expected for n in seen.values())


def test_abilities_win_battles():
    """The same stat lines with and without their shots, heuristic against heuristic, seats
    alternating: the squad that may shoot wins most decisive battles (95 % interval above 1/2)."""

    def squad(shots: bool):
        shot = facts('{ kind = "shot", damage = [1, 2, 2], range = 3, cost = "tap" }') if shots else ""
        return [card(f"M{i}", strike=(2, 3, 4), life=9) for i in range(4)] + [
            card(f"S{i}", strike=(1, 2, 2), life=6, abilities=shot) for i in range(4)
        ]

    with_shots, without = squad(True), squad(False)
    wins = losses = 0
    for k in range(200):
        seat = k % 2
        squads = (with_shots, without) if seat == 0 else (without, with_shots)
        result = Battle(squads, (HeuristicPlayer(), HeuristicPlayer()), seed=k).run()
        wins += result.winner == seat
        losses += result.winner == 1 - seat
    assert proportion_ci(wins, wins + losses).lo > 0.5


def test_a_mover_killed_by_a_trigger_on_its_step_does_not_act_afterwards():
    """50/187's effect wounds an enemy that steps next to it (trigger ``enemy_moves_adjacent``); a
    heuristic mover it kills must not then be sent to strike (this real battle of the strength fit
    ended in an illegal strike by a dead unit)."""
    from analysis.battle import BattleConfig, play_battle
    from analysis.cards.table import load_cards

    db = load_cards()
    a = [db.find(c) for c in ("50/203", "40/163", "40/162", "60/207", "50/175", "50/157", "30/173",
                              "40/166", "50/172", "60/154")]
    b = [db.find(c) for c in ("60/18", "30/8", "10/15", "20/15", "10/69", "20/187", "30/87", "10/83",
                              "50/22", "50/187", "10/23")]
    result = play_battle((a, b), (HeuristicPlayer(), HeuristicPlayer()), seed=1563971838851754324,
                         config=BattleConfig(model="strike_table"))
    assert result.turns >= 1



def test_a_wounding_action_with_a_board_amount_is_used_and_aimed_where_it_kills():
    """A wounding action whose amount is a ``per`` read off the board at each use (here
    ``target_move``, 40/… "ранить на X, где X — его {move}") was valued 0 (no printed ``damage``),
    so the heuristic never used it: it now values the exact amount on each target and aims at
    the card it finishes."""
    caster = card("Caster", strike=(1, 1, 1), life=8,
                  abilities=facts('{ kind = "effect", per = "target_move", cost = "tap" }'))
    quick = card("Quick", strike=(1, 1, 1), life=3, move=3)
    slow = card("Slow", strike=(1, 1, 1), life=9, move=1)
    still = card("Still", strike=(1, 1, 1), life=9, move=0)
    b = heuristic_battle([caster], [slow, quick, still],
                         ({0: square(0, 2)}, {1: square(3, 1), 2: square(3, 3), 3: square(4, 2)}))
    gain = b.players[0]._target_gain
    assert gain(b, 0, 0, 2) > gain(b, 0, 0, 1) > 0 == gain(b, 0, 0, 3)
    assert first_action(b.players[0], b) == UseAbility(0, 0, (2,))
