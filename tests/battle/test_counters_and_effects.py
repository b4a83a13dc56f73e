"""Counters that fire at a threshold, standing effects that punish enemy actions and board-state
conditions (issue 19), with fixed dice and hand-built positions, each against the card text it
implements (000 = the classic rulebook, glossary entries in quotes)."""

from __future__ import annotations

from analysis.battle import END_TURN, Move, Strike, UseAbility
from analysis.battle.board import square
from analysis.battle.interface import first_action
from analysis.battle.players import HeuristicPlayer
from analysis.cards.abilities import load_abilities, parse_abilities
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P2_BACK, P2_FRONT, facts, start
from tests.battle_helpers import card

BOLT = '{ kind = "discharge", damage = [1], cost = "tap" }'
SHOT = '{ kind = "shot", damage = [1], cost = "tap" }'


def test_the_real_printings_carry_the_facts():
    """40/168 and 40/218 are played in full by the facts the tests below use."""
    book = load_abilities()
    for code, trigger in (("40/168", "enemy_magic"), ("40/218", "enemy_roll_over_cost")):
        entry = book[code]
        assert entry.status == "full" and not entry.unmodelled
        assert any(a.trigger == trigger for a in entry.abilities)
    assert all(a.range == 4 for a in book["40/168"].abilities if a.trigger == "enemy_magic")


def absorber():
    """40/168 Поглотитель магии's facts on a 9-life card."""
    return card("Absorber", strike=(2, 2, 3), life=9, cost=4, abilities=facts(
        '{ kind = "vampirism", life_cap = 14 }',
        '{ kind = "effect", damage = [1], cost = "trigger", trigger = "enemy_magic", range = 4 }',
        '{ kind = "extra_life", damage = [1], cost = "trigger", trigger = "enemy_magic", range = 4, '
        'target = "self", via = "effect" }'))


def test_enemy_magic_within_range_wounds_the_caster_and_gives_extra_life():
    """40/168 Поглотитель магии: when an enemy creature uses a magical ability (000 glossary
    "Magical ability": a discharge here) within 4 of it, the effect wounds that creature by 1 and it
    gains 1 additional life; a shot is no magic; a caster 5 squares away is out of range."""
    near = card("Near", strike=(1, 1, 1), life=6, abilities=facts(BOLT))
    far = card("Far", strike=(1, 1, 1), life=6, abilities=facts(BOLT))
    archer = card("Archer", strike=(1, 1, 1), life=6, abilities=facts(SHOT))
    target = card("Target", life=10)
    b = start([near, far, archer], [absorber(), target],
              ({0: P1_FRONT, 1: square(0, 1), 2: square(0, 3)}, {3: square(3, 0), 4: P2_BACK}))
    b.apply(UseAbility(0, 0, (4,)))             # 1 square from the absorber... (row 2 → row 3)
    assert b.wounds[4] == 1 and b.wounds[0] == 1 and b.life[3] == 10
    b.apply(UseAbility(2, 0, (4,)))             # a shot: not magic
    assert b.wounds[2] == 0 and b.life[3] == 10
    b.pos[3], b.board[square(3, 0)], b.board[square(5, 0)] = square(5, 0), -1, 3
    b.apply(UseAbility(1, 0, (4,)))             # (0,1) → (5,0): 5 squares away
    assert b.wounds[1] == 0 and b.life[3] == 10


def test_enemy_magic_extra_life_stops_at_the_printed_maximum():
    """"Максимум 14 {health}": the gained additional life never takes it beyond 14."""
    casters = [card(f"Mage{i}", strike=(1, 1, 1), life=6, abilities=facts(BOLT)) for i in range(3)]
    b = start(casters, [absorber()], ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_FRONT}))
    b.life[3] = 13
    for u in range(3):
        b.apply(UseAbility(u, 0, (3,)))
    assert b.life[3] == 14


def ellion():
    return card("Ellion", strike=(2, 3, 5), life=10, cost=5, abilities=facts(
        '{ kind = "effect", damage = [2], cost = "trigger", trigger = "enemy_roll_over_cost", '
        'when = "enemy_turn", uses_per_turn = 3 }'))


def test_an_enemy_rolling_above_its_cost_takes_two_in_the_enemy_turn():
    """40/218 Эллион: when an enemy creature's die shows more than its cost, the effect wounds it by
    2, at most three times in the opponent's turn; a roll at or below the cost does nothing."""
    shooter = card("Shooter", strike=(1, 1, 1), life=10, cost=3,
                   abilities=facts('{ kind = "shot", damage = [1, 2, 3], cost = "tap" }'))
    others = [card(f"S{i}", strike=(1, 1, 1), life=10, cost=3,
                   abilities=facts('{ kind = "shot", damage = [1, 2, 3], cost = "tap" }')) for i in range(3)]
    target = card("Target", life=20)
    b = start([shooter, *others], [ellion(), target],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: square(1, 2)},
               {4: P2_BACK, 5: square(5, 1)}), dice=[3, 4, 6, 5, 6])
    b.apply(UseAbility(0, 0, (5,)))             # 3: not above cost 3
    assert b.wounds[0] == 0
    for u in (1, 2, 3):
        b.apply(UseAbility(u, 0, (5,)))          # 4, 6, 5: each above 3
    assert [b.wounds[u] for u in (1, 2, 3)] == [2, 2, 2]


def test_the_third_use_is_the_last_in_the_turn_and_not_in_its_own_turn():
    """"3 раза за ход противника": the fourth high roll of that turn is free; in Эллион's own turn
    the enemy's rolls (a fight when it parries) do not set it off."""
    shooters = [card(f"S{i}", strike=(1, 1, 1), life=10, cost=3,
                     abilities=facts('{ kind = "shot", damage = [1], cost = "tap", extra = "x" }'))
                for i in range(1)]
    rollers = [card(f"R{i}", strike=(1, 1, 1), life=10, cost=3,
                    abilities=facts('{ kind = "shot", damage = [1, 1, 1], cost = "tap" }')) for i in range(4)]
    target = card("Target", life=20)
    b = start(rollers, [ellion(), target],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3), 3: square(1, 2)}, {4: P2_FRONT, 5: P2_BACK}),
              dice=[6, 6, 6, 6])
    for u in range(4):
        b.apply(UseAbility(u, 0, (5,)))
    assert [b.wounds[u] for u in range(4)] == [2, 2, 2, 0]
    del shooters

    def fight(watcher, own_turn: bool) -> int:
        """The foe's wounds after a simple strike between it and ``watcher`` with dice 1 (attacker)
        and 6 (the foe parrying) or 6 (the foe attacking) and 1."""
        b = start([card("Foe", strike=(1, 1, 1), life=10, cost=3)], [watcher], ({0: P1_FRONT}, {1: P2_FRONT}))
        if own_turn:
            b.apply(END_TURN)
        b._fixed = iter([1, 6] if own_turn else [6, 1])
        b.apply(Strike(1, 0) if own_turn else Strike(0, 1))
        return b.wounds[0]

    plain = card("Plain", strike=(2, 3, 5), life=10, cost=5)
    assert fight(ellion(), own_turn=True) == fight(plain, own_turn=True)   # its own turn: nothing
    assert fight(ellion(), own_turn=False) == fight(plain, own_turn=False) + 2


EUTERPE = facts(
    '{ kind = "gain_counter", cost = "trigger", trigger = "moves_heading", target = "self", '
    'once_per_card = true }',
    '{ kind = "discharge", damage = [1, 2, 2], cost = "trigger", trigger = "counters_reach", count = 3 }')


def euterpe():
    """40/126 Эвтерпа's facts."""
    return card("Euterpe", strike=(2, 3, 5), life=12, cost=6, abilities=EUTERPE)


def _walkers(n: int):
    return [card(f"W{i}", strike=(1, 1, 1), life=8, move=2) for i in range(n)]


def test_steps_in_the_picked_direction_give_counters_once_per_creature():
    """40/126 Эвтерпа: at the start of the turn a direction is picked (the base player: forward);
    each creature stepping that way this turn gives a counter, once per creature per turn; a step
    sideways gives none; the enemy's steps in its own turn give none."""
    b = start([euterpe(), *_walkers(3)], [card("Foe", life=20, move=2)],
              ({0: square(1, 2), 1: P1_BACK, 2: square(0, 1), 3: square(0, 3)}, {4: P2_BACK}))
    assert b.heading[0] == 0                         # forward for the First player: up the rows
    b.apply(Move(2, square(1, 1)))                   # forward
    assert b.counters[0] == 1
    b.apply(Move(2, square(2, 1)))                   # the same creature again
    assert b.counters[0] == 1
    b.apply(Move(3, square(0, 4)))                   # sideways
    assert b.counters[0] == 1
    b.apply(END_TURN)
    b.apply(Move(4, square(4, 2)))                   # the enemy, forward for it, in its turn
    assert b.counters[0] == 1


def test_reaching_three_counters_fires_the_discharge_and_spends_them_all():
    """"Когда на Эвтерпе становится 3 или более {counter} может объявить разряд на 1-2-2, при этом
    теряет все {counter}": the third counter fires it (no tap: it stays open), the counters go."""
    b = start([euterpe(), *_walkers(3)], [card("Foe", life=20)],
              ({0: square(1, 2), 1: P1_BACK, 2: square(0, 1), 3: square(0, 3)}, {4: P2_BACK}), dice=[6])
    b.apply(Move(2, square(1, 1)))
    b.apply(Move(3, square(1, 3)))
    assert b.counters[0] == 2 and b.wounds[4] == 0
    b.apply(Move(0, square(2, 2)))                   # Эвтерпа's own step counts too
    assert b.counters[0] == 0 and b.wounds[4] == 2 and b.open[0] and not b.acted[0]


def test_without_a_target_the_counters_stay_and_the_next_gain_fires():
    """With no card to discharge at (the only enemy stands next to it: a ranged attack is never
    announced at an adjacent card) the counters stay; the next gain, with the enemy in reach, fires."""
    b = start([euterpe(), *_walkers(3)], [card("Foe", life=20, move=2)],
              ({0: square(2, 2), 1: P1_BACK, 2: square(0, 1), 3: square(0, 3)}, {4: P2_FRONT}), dice=[6])
    b.counters[0] = 2
    b.apply(Move(2, square(1, 1)))                   # 3 counters, but the foe is adjacent
    assert b.counters[0] == 3 and b.wounds[4] == 0
    b.apply(Move(0, square(1, 2)))                   # a step back: no gain; the foe 2 squares away
    assert b.counters[0] == 3 and b.wounds[4] == 0
    b.apply(Move(3, square(1, 3)))                   # 4 counters: it fires
    assert b.wounds[4] == 2 and b.counters[0] == 0


def test_the_heuristic_player_picks_the_way_its_creatures_will_walk():
    """The heuristic player's ``moves_heading`` choice: its ground creatures walk towards the
    nearest enemy creature, so it picks the main direction towards it — forward when the enemy is
    ahead, sideways when it stands level with them; and in a whole turn its advance gives
    Эвтерпа counters."""
    hp = HeuristicPlayer()
    b = start([euterpe(), *_walkers(3)], [card("Foe", life=20)],
              ({0: square(1, 2), 1: P1_BACK, 2: square(0, 1), 3: square(0, 3)}, {4: P2_BACK}))
    assert hp.choose_direction(b, 0) == "forward"
    b.pos[4], b.board[P2_BACK], b.board[square(1, 0)] = square(1, 0), -1, 4
    assert hp.choose_direction(b, 0) == "left"
    game = start([euterpe(), *_walkers(3)], [card("Foe", life=30)],
                 ({0: square(1, 2), 1: P1_BACK, 2: square(0, 1), 3: square(0, 3)}, {4: P2_BACK}),
                 dice=[4] * 40, p1=HeuristicPlayer(), p2=HeuristicPlayer())
    assert game.heading[0] == 0                       # forward, chosen at the turn's start
    HeuristicPlayer().play_turn(game)
    assert game.counters[0] > 0 or game.wounds[4] > 0


REGUEL = facts(
    '{ kind = "unanswerable", when = "allies_adjacent", when_state = "unwounded" }',
    '{ kind = "heal", per = "target_wounds", cost = "trigger", trigger = "turn_start", target = "ally", '
    'area = "least_wounded", uses_per_battle = 3 }')


def test_unanswerable_only_while_an_unwounded_ally_stands_next_to_it():
    """40/204 Регуэль: "Безответный удар, пока рядом стоит ваше существо без ран" — with an
    unwounded creature of its squad next to it, its strike is unanswerable; once that one is
    wounded, it is not."""
    reguel = card("Reguel", strike=(3, 4, 5), life=14, cost=7, abilities=REGUEL)
    b = start([reguel, card("Ally", life=10)], [card("Foe", life=20)],
              ({0: P1_FRONT, 1: square(2, 1)}, {2: P2_FRONT}))
    assert b.strike_flag(0, 2, "unanswerable")
    b.wounds[1] = 1
    b._situate()
    assert not b.strike_flag(0, 2, "unanswerable")


def test_turn_start_fully_heals_the_least_wounded_other_ally_three_times_a_battle():
    """40/204 Регуэль: at the start of its turn it fully heals another creature of its squad that has
    the fewest wounds among the wounded ones (itself not counted), three times a battle."""
    reguel = card("Reguel", strike=(3, 4, 5), life=14, cost=7, abilities=REGUEL)
    b = start([reguel, card("A", life=10), card("B", life=10)], [card("Foe", life=20)],
              ({0: P1_BACK, 1: square(0, 1), 2: square(0, 3)}, {3: P2_BACK}))
    healed = []
    for _ in range(4):
        b.wounds[0], b.wounds[1], b.wounds[2] = 1, 3, 2
        b.apply(END_TURN)
        b.apply(END_TURN)                             # its next turn starts
        healed.append((b.wounds[0], b.wounds[1], b.wounds[2]))
    assert healed == [(1, 3, 0), (1, 3, 0), (1, 3, 0), (1, 3, 2)]


def test_wounded_by_an_enemy_attack_another_ally_gains_extra_life():
    """40/212 Серафим: when it takes wounds from an attack of an enemy card another creature of its
    squad gets 1 additional life (not Серафим itself)."""
    seraph = card("Seraph", strike=(2, 2, 3), life=8, type="flyer", move=0, cost=4, abilities=facts(
        '{ kind = "give_blessing", cost = "trigger", trigger = "strike", target = "ally" }',
        '{ kind = "extra_life", damage = [1], cost = "trigger", trigger = "wounded", target = "ally", '
        'area = "others" }'))
    archer = card("Archer", strike=(1, 1, 1), abilities=facts(SHOT))
    b = start([archer], [seraph, card("Ally", life=10)], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}))
    b.apply(UseAbility(0, 0, (1,)))
    assert b.wounds[1] == 1 and b.life[1] == 8 and b.life[2] == 11


def test_a_discharge_follows_each_simple_strike_of_a_flyer_of_its_squad():
    """30/15 Змееглав-чародей: "при {strike} вашего летающего существа разряд на 1 в ту же цель (3
    раза за ход)" — a flyer's strike brings a discharge 1 on the struck card; a ground creature's
    does not; at most three a turn."""
    sorcerer = card("Sorcerer", strike=(1, 1, 2), life=10, cost=5, abilities=facts(
        '{ kind = "discharge", damage = [1, 2, 2], range = 5, cost = "tap" }',
        '{ kind = "discharge", damage = [1], cost = "trigger", trigger = "squad_strike", '
        'when_type = "flyer", uses_per_turn = 3 }'))
    flyers = [card(f"Bird{i}", strike=(1, 1, 1), life=6, type="flyer", move=0) for i in range(4)]
    walker = card("Walker", strike=(1, 1, 1), life=6)
    foes = [card("Foe", life=30), card("Foe2", life=30)]
    b = start([sorcerer, walker, *flyers], foes,
              ({0: P1_BACK, 1: P1_FRONT, 2: square(0, 1), 3: square(0, 3), 4: square(1, 1), 5: square(1, 3)},
               {6: P2_FRONT, 7: P2_BACK}), dice=[1] * 10)
    b.open[6] = b.open[7] = False                     # closed: a strike hits (000 4.2), one die
    b.apply(Strike(1, 6))                             # the ground walker: no discharge
    assert b.wounds[6] == 1
    for u in (2, 3, 4, 5):
        b.apply(Strike(u, 7))
    assert b.wounds[7] == 4 + 3                       # four strikes of 1, three discharges of 1


NOON = facts('{ kind = "effect", damage = [1], cost = "tap" }',
             '{ kind = "effect", damage = [2], cost = "tap", when = "enemy_more_closed" }')


NOON_FACT = parse_abilities('[[card]]\ncode = "900/1"\nname = "N"\n' + NOON, "t")[0].abilities[1]


def test_the_effect_grows_while_the_opponent_has_more_closed_cards_than_open():
    """50/117 Полудница: "+1 к воздействию, пока в отряде противника больше закрытых карт, чем
    открытых" — the wound 2 is there only while more of the enemy's cards are closed; the heuristic
    player then takes it."""
    noon = card("Noon", strike=(1, 2, 2), life=7, cost=4, abilities=NOON)
    foes = [card(f"F{i}", life=10) for i in range(3)]
    b = start([noon], foes, ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1), 3: square(5, 3)}))
    assert b.ability_targets(0, 0) and not b.ability_targets(0, 1)     # all open
    b.open[1] = b.open[2] = False
    b._situate()
    assert b.ability_targets(0, 1)
    action = first_action(HeuristicPlayer(), b)
    assert isinstance(action, UseAbility) and action.index == 1
    b.apply(action)
    assert sum(b.wounds) == 2
    b.open[2] = True                                  # one closed of three: no longer
    assert not b._when(0, NOON_FACT)


def test_the_steam_golem_clock_is_never_lethal():
    """40/206 Паровой голем: its tokens can always be taken off by its own squad's costless sudden
    action (the golem's own included), so its player never lets the clock destroy it: the printing is
    played by its unanswerable strike (and clumsiness icon) alone."""
    entry = load_abilities()["40/206"]
    assert entry.status == "full" and [a.kind for a in entry.abilities] == ["unanswerable"]


GARNET = ('{ kind = "ignore_prot_flyers", cost = "trigger", trigger = "concentration", target = "self", '
          'lasts = "next_enemy_turn" }')


def test_concentration_lets_a_flyer_ignore_protection_from_flyers_until_the_next_enemy_turn_ends():
    """40/27 Гранатовый дракон: "Концентрация: игнорирует {zoal} до конца следующего хода
    противника" — concentration fires at the end of the opponent's turn (003 L1407-1413); the grant
    (``lasts = next_enemy_turn``) holds through its own turn and the opponent's next one, then goes;
    without it the flyer's strike on a card with protection from flyers deals nothing."""
    def dragon():
        return card("Garnet", strike=(2, 3, 4), life=11, type="flyer", move=0, cost=5, concentration=1,
                    abilities=facts(GARNET))

    def strike_after(wound_it: bool) -> int:
        b = start([dragon()], [card("Warded", life=20, prot_flyers=1)], ({0: P1_BACK}, {1: P2_BACK}))
        b.apply(END_TURN)
        if wound_it:
            b.wounds[0] = 1                             # wounded in the enemy turn: no concentration
        b.apply(END_TURN)
        b._fixed = iter([6, 1, 6, 1])
        b.apply(Strike(0, 1))
        return b.wounds[1], b

    dealt, b = strike_after(False)
    assert dealt > 0
    assert strike_after(True)[0] == 0
    until = b.grants[0][0][1]
    assert until == b.turn + 1                         # to the end of the enemy's next turn
    b.apply(END_TURN)
    b.apply(END_TURN)                                  # that turn is over: that grant is gone
    assert all(end != until for _, end in b.grants[0])
