"""Set 50 («Путь хранителей») mechanics played with fixed dice (issue 19): the texts were read
from berserk-nxt ``resources/data.json`` (commit 1d6ff4f2). Synthetic cards carry the facts of the
printings named; each test says which rule of the card it checks."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import square
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card


def unit(name="X", *abilities, **kw):
    return card(name, abilities=facts(*abilities) if abilities else "", **kw)


# ------------------------------------------------------------------ board conditions (``when``)

def test_column_clear_discharge_only_while_no_enemy_card_stands_in_its_column():
    """50/40 Снург: "while it stands in a column with no enemy cards it has tap: discharge 2, range 3"
    (``when = "column_clear"``); an enemy card entering its column takes the discharge away."""
    snurg = unit("Snurg", '{ kind = "shot", damage = [1], range = 3, cost = "tap" }',
                 '{ kind = "discharge", damage = [2], range = 3, cost = "tap", when = "column_clear" }')
    foe = card("Foe", life=10)
    b = start([snurg], [foe], ({0: square(0, 1)}, {1: square(3, 2)}))
    assert b.ability_targets(0, 1) == [1]
    b.apply(UseAbility(0, 1, (1,)))
    assert b.wounds[1] == 2
    blocked = start([snurg], [foe], ({0: square(0, 2)}, {1: square(3, 2)}))
    assert blocked.ability_targets(0, 1) == [] and blocked.ability_targets(0, 0) == [1]


def test_third_row_battle_start_discharge():
    """50/54 Фарсат: "at the start of the battle, if it stands in your third row — discharge 1-2-2"
    (``when = "third_row"`` on a ``battle_start`` trigger)."""
    farsat = unit("Farsat", '{ kind = "discharge", damage = [1, 2, 2], cost = "trigger", '
                  'trigger = "battle_start", when = "third_row" }')
    for sq, wounds in ((P1_BACK, 2), (P1_MID, 0)):
        b = start([farsat], [card("Foe", life=10)], ({0: sq}, {1: P2_BACK}), dice=[5])
        b.apply(END_TURN)  # (the battle-start trigger fired when the battle was set up)
        assert b.wounds[1] == wounds


def test_rows_held_discharge_bonus():
    """50/154 Суккуб-истязатель: "+3 to the discharge if every row of the battlefield holds a creature
    of yours" — a second discharge 4 with ``when = "rows_held"``."""
    succubus = unit("Succubus", '{ kind = "discharge", damage = [1], cost = "tap" }',
                    '{ kind = "discharge", damage = [4], cost = "tap", when = "rows_held" }')
    mates = [card(f"M{i}", life=10) for i in range(5)]
    rows = {0: square(0, 1), 1: square(1, 1), 2: square(2, 1), 3: square(0, 2), 4: square(1, 2),
            5: square(2, 2)}
    b = start([succubus, *mates], [card("Foe", life=10)], (rows, {6: square(3, 3)}))
    assert b.ability_targets(0, 1) == [] and b.ability_targets(0, 0) == [6]
    for u, sq in ((3, square(3, 0)), (4, square(4, 0)), (5, square(5, 0))):  # (as if they had walked)
        b._place_on(u, b.pos[u], sq)
    b._situate()
    assert b.ability_targets(0, 1) == [6]
    b.apply(UseAbility(0, 1, (6,)))
    assert b.wounds[6] == 4


def test_clear_of_open_enemies_strike_bonus_and_attack_experience():
    """50/115 Дева поймы: "+1 strike and attack experience 1 while no open enemy card stands next to
    it" (``when = "clear_of_enemies"``, ``when_state = "open"``): a closed neighbour does not count."""
    maiden = unit("Maiden", '{ kind = "strike_bonus", damage = [1], when = "clear_of_enemies", '
                  'when_state = "open" }',
                  '{ kind = "keyword", keyword = "exp_attack", damage = [1], when = "clear_of_enemies", '
                  'when_state = "open" }', strike=(1, 1, 1))
    b = start([maiden], [card("Foe", life=10)], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[1])
    assert b.cards[0].strike == (1, 1, 1) and not b.cards[0].has("exp_attack")
    b.open[1] = False
    b._situate()
    assert b.cards[0].keyword("exp_attack") == 1
    b.apply(Strike(0, 1))                          # against the closed foe: weak 1 + 1
    assert b.wounds[1] == 2


def test_taunt_binds_only_enemies_in_a_state():
    """50/176 Гирхилла: "enemy creatures with a curse may declare shots and throws only at it
    (whatever the range)" — a ``taunt`` with ``vs_state = "cursed"``: an uncursed shooter aims freely."""
    girhilla = unit("Girhilla", '{ kind = "taunt", from = ["shot", "throw"], '
                    'vs_types = ["creature", "flyer"], vs_state = "cursed" }', type="flyer", move=0, life=12)
    mate = card("Mate", life=10)
    shot = '{ kind = "shot", damage = [1], range = 3, cost = "tap" }'
    for cursed, reach in ((False, [0, 1]), (True, [0])):
        shooter = unit("Shooter", shot, *(['{ kind = "curse" }'] if cursed else []))
        b = start([girhilla, mate], [shooter], ({0: P1_MID, 1: P1_BACK}, {2: P2_FRONT}))
        b.apply(END_TURN)
        assert b.ability_targets(2, 0) == reach
