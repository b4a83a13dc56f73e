"""Type changes mid-battle (kind ``become``, data/README.md "Type changes"): a ground creature taking
flight (000 1.5.1: a flyer stands in the auxiliary zone; 000 1.5.2 a: "if a creature … becomes
flying, its symbiote dies"), a flyer landing (003 "Let" L1587: it becomes a creature with movement 1
unless the text says otherwise, on a free square its player picks; with none it dies), an artifact
coming to life. Synthetic cards with the facts of the printings named, fixed dice."""

from __future__ import annotations

from analysis.battle import END_TURN, Strike, UseAbility
from analysis.battle.board import AUX, NOWHERE, square
from analysis.battle.players import HeuristicPlayer
from analysis.battle.tables import ARTIFACT, FLYER, GROUND
from tests.battle.test_ability_kinds import P1_BACK, P1_FRONT, P1_MID, P2_BACK, P2_FRONT, facts, start
from tests.battle.test_invariants import check
from tests.battle_helpers import Scripted, card

RIDER = (  # 30/45 Драконий всадник: at its turn start may take −1 strike to fly this turn
    '{ kind = "become", into = "flyer", cost = "trigger", trigger = "turn_start", may = true,'
    ' lasts = "turn" }',
    '{ kind = "strike_bonus", damage = [-1], cost = "then", target = "self", lasts = "turn" }',
)


class Yes(Scripted):
    """Takes every optional type change; lands on the first square offered (or a fixed one)."""

    def __init__(self, *a, land: int = -1, agree: bool = True, **kw):
        super().__init__(*a, **kw)
        self.land, self.agree, self.asked = land, agree, []

    def accept(self, battle, unit, index, target):
        self.asked.append((unit, index, target))
        return self.agree

    def choose_targets(self, battle, unit, index, candidates, most):
        """A triggered ``may`` fact is offered as a choice of targets (none declines it)."""
        if battle.slots[unit][index].ability.may:
            self.asked.append((unit, index, candidates[0]))
            return tuple(candidates[:most]) if self.agree else ()
        return super().choose_targets(battle, unit, index, candidates, most)

    def choose_square(self, battle, unit, marker, squares):
        return self.land if self.land in squares else squares[0]


def test_flight_for_the_turn_strikes_anything_then_lands():
    """30/45: at its turn start it takes flight (to the auxiliary zone, no longer a ground creature),
    with −1 to its strike; a flyer may strike any card (000 1.5.1 c) — here one far away — and at the
    end of the turn it lands (003 L1587) on a square its player picks, a ground creature again."""
    rider = card("Rider", strike=(3, 4, 4), life=9, move=1, abilities=facts(*RIDER))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([rider], [foe], ({0: P1_BACK}, {1: P2_BACK}), dice=[6, 1], p1=Yes(land=square(1, 1)))
    assert b.kind[0] == FLYER and b.pos[0] == AUX and b.n_ground == [0, 1]
    check(b)
    assert 1 in b.targets(0)
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 3  # (strong 4, −1 for the turn)
    b.apply(END_TURN)
    assert b.kind[0] == GROUND and b.pos[0] == square(1, 1) and b.n_ground == [1, 1]
    assert b.move_points[0] == 1
    check(b)


def test_declined_flight_gives_no_strike_penalty():
    """"Может получить … при этом": declined, nothing of it happens (no −1 either)."""
    rider = card("Rider", strike=(3, 4, 4), life=9, move=1, abilities=facts(*RIDER))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([rider], [foe], ({0: P1_FRONT}, {1: P2_FRONT}), dice=[6, 1], p1=Yes(agree=False))
    assert b.kind[0] == GROUND and b.pos[0] == P1_FRONT
    b.apply(Strike(0, 1))
    assert b.wounds[1] == 4


def test_heuristic_takes_flight_only_out_of_contact():
    """The heuristic player flies when no enemy creature stands next to it (a flyer reaches every
    card), and keeps fighting on the ground when one does."""
    rider = card("Rider", strike=(3, 4, 4), life=9, move=1, abilities=facts(*RIDER))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    far = start([rider], [foe], ({0: P1_BACK}, {1: P2_BACK}), p1=HeuristicPlayer())
    assert far.kind[0] == FLYER
    near = start([rider], [foe], ({0: P1_FRONT}, {1: P2_FRONT}), p1=HeuristicPlayer())
    assert near.kind[0] == GROUND and near.pos[0] == P1_FRONT


def test_taking_flight_kills_the_symbiote():
    """000 1.5.2 a: a creature that becomes flying loses its symbiote (it dies); declined, the
    companion stays on its host."""
    rider = card("Rider", strike=(3, 4, 4), life=9, move=1, abilities=facts(*RIDER))
    pet = card("Pet", strike=(1, 1, 1), life=4, type="companion", move=0)
    foe = card("Foe", strike=(1, 1, 1), life=20)
    places = ({0: P1_BACK, 1: square(1, 2)}, {2: P2_BACK})
    kept = start([rider, pet], [foe], places, p1=Yes(agree=False))
    assert kept.host[1] == 0 and kept.alive[1]
    b = start([rider, pet], [foe], places, p1=Yes())
    assert b.kind[0] == FLYER and not b.alive[1] and b.rider[0] == -1
    check(b)


def test_landing_with_no_free_square_kills_it():
    """003 L1587: a flyer that loses flight with no free square on the battlefield dies; one told
    where to land (``onto``) with no such square stays a flyer."""
    text = '{ kind = "become", into = "creature", cost = "counter", target = "self"%s }'
    lander = card("Lander", strike=(1, 1, 1), life=6, type="flyer", move=0, abilities=facts(
        text % "", text % ', onto = "depth"', start_counters=2))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([lander], [foe], ({0: P1_BACK}, {1: P2_BACK}))
    b.board = [1] * 30  # (every square taken)
    b.occupied = (1 << 30) - 1
    b.apply(UseAbility(0, 1, (0,)))
    assert b.alive[0] and b.kind[0] == FLYER
    b.apply(UseAbility(0, 0, (0,)))
    assert not b.alive[0] and b.pos[0] == NOWHERE


def test_landing_onto_depth_after_a_strike_and_flight_on_the_surface():
    """50/136 Летучая рыба: on the surface it may take flight at its turn start; after a simple
    strike as a flyer it lands on a free depth square (the default layout: column c), with its
    printed movement."""
    fish = card("Fish", strike=(3, 3, 4), life=11, move=1, abilities=facts(
        '{ kind = "become", into = "flyer", cost = "trigger", trigger = "turn_start",'
        ' vs_state = "on_surface", may = true }',
        '{ kind = "become", into = "creature", cost = "trigger", trigger = "strike", vs_state = "flying",'
        ' onto = "depth" }'))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([fish], [foe], ({0: square(0, 1)}, {1: P2_BACK}), dice=[6, 1], p1=Yes())
    assert b.kind[0] == FLYER
    b.apply(Strike(0, 1))
    assert b.kind[0] == GROUND and b.pos[0] % 5 == 2 and b.move_points[0] == 1
    check(b)
    deep = start([fish], [foe], ({0: square(0, 2)}, {1: P2_BACK}), p1=Yes())
    assert deep.kind[0] == GROUND  # (at depth it does not fly)


def test_countdown_to_flight_and_landing_on_carrion():
    """40/220 Око бури: starts with 3 counters, loses one at each of its turn starts and then, with
    none, flies; eating carrion gives 3 counters and ends its flight."""
    eye = card("Eye", strike=(3, 4, 5), life=14, move=1, abilities=facts(
        '{ kind = "carrion_eating" }',
        '{ kind = "lose_counters", damage = [1], cost = "trigger", trigger = "turn_start" }',
        '{ kind = "become", into = "flyer", cost = "then", vs_state = "no_counters" }',
        '{ kind = "gain_counter", damage = [3], cost = "trigger", trigger = "eats" }',
        '{ kind = "become", into = "creature", cost = "then" }', start_counters=3))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    prey = card("Prey", strike=(1, 1, 1), life=1)
    b = start([eye], [foe, prey], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 1)}), dice=[6, 1])
    assert b.counters[0] == 2 and b.kind[0] == GROUND
    for _ in range(4):
        b.apply(END_TURN)
    assert b.counters[0] == 0 and b.kind[0] == FLYER
    b.open[2] = False
    b.apply(Strike(0, 2))                          # kills it: carrion eating
    assert not b.alive[2] and b.counters[0] == 3 and b.kind[0] == GROUND
    check(b)


def test_lands_for_a_strike_bonus_after_a_kill():
    """50/198 Небесный капитан: flies at its turn start; after a kill as a flyer it may lose flight
    for +1 to its strike for the battle (3 per battle); the heuristic takes it."""
    captain = card("Captain", strike=(3, 3, 4), life=12, move=1, abilities=facts(
        '{ kind = "become", into = "flyer", cost = "trigger", trigger = "turn_start" }',
        '{ kind = "become", into = "creature", cost = "trigger", trigger = "kill", vs_state = "flying",'
        ' may = true, uses_per_battle = 3 }',
        '{ kind = "strike_bonus", damage = [1], cost = "then", target = "self", lasts = "battle" }'))
    prey = card("Prey", strike=(1, 1, 1), life=1)
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([captain], [prey, foe], ({0: P1_BACK}, {1: P2_BACK, 2: square(5, 3)}), dice=[6],
              p1=HeuristicPlayer())
    assert b.kind[0] == FLYER
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert not b.alive[1] and b.kind[0] == GROUND and b.pos[0] >= 0
    assert b.cards[0].strike == (3, 3, 4) and any(
        a.kind == "strike_bonus" and a.damage == (1,) for a in b.cards[0].abilities.abilities)
    check(b)


def test_strike_from_the_heavens_lands_next_to_the_target():
    """30/195 Микаэль: after its simple strike as a flyer at a card on the battlefield it may land on
    a square next to it (movement 1), wound it 2 (an effect) and not close; concentration gives it
    flight back."""
    angel = card("Angel", strike=(2, 3, 3), life=10, type="flyer", move=0, abilities=facts(
        '{ kind = "become", into = "flyer", cost = "trigger", trigger = "concentration" }',
        '{ kind = "become", into = "creature", cost = "trigger", trigger = "strike", vs_state = "flying",'
        ' onto = "adjacent", move = 1, may = true }',
        '{ kind = "effect", damage = [2], cost = "then", area = "about" }',
        '{ kind = "open", cost = "then", target = "self", rest = true }'))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([angel], [foe], ({0: P1_BACK}, {1: P2_BACK}), dice=[6], p1=HeuristicPlayer())
    b.open[1] = False
    b.apply(Strike(0, 1))
    assert b.kind[0] == GROUND and b.pos[0] in (square(4, 1), square(4, 2), square(4, 3), square(5, 1),
                                                square(5, 3))
    assert b.wounds[1] == 3 + 2 and b.open[0] and b.move_points[0] == 1
    check(b)


def test_artifact_comes_to_life():
    """30/107 Статуя скорби: 2 counters and tap — it becomes a creature with movement 2 and strike
    3-4-5 where it stands (it now counts as a creature of its squad)."""
    statue = card("Statue", strike=None, life=6, type="artifact", move=0, abilities=facts(
        '{ kind = "become", into = "creature", damage = [3, 4, 5], move = 2, cost = "counter_tap",'
        ' counters = 2, via = "effect" }', start_counters=2))
    guard = card("Guard", strike=(1, 1, 1), life=5)
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([statue, guard], [foe], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK}))
    assert b.kind[0] == ARTIFACT and b.n_creatures[0] == 1
    b.apply(UseAbility(0, 0, (0,)))
    assert b.kind[0] == GROUND and b.pos[0] == P1_FRONT and b.n_creatures[0] == 2 and b.n_ground[0] == 2
    assert b.has_strike[0] and b.cards[0].strike == (3, 4, 5) and b.move_points[0] == 2
    check(b)


def test_lands_when_its_squad_has_no_ground_creature():
    """50/173 Эстри: at its turn start, with no ground creature in its squad, it may lose flight for
    movement 2 and +2 to its strike; with a ground ally it stays a flyer."""
    estri = card("Estri", strike=(2, 2, 3), life=8, type="flyer", move=0, abilities=facts(
        '{ kind = "become", into = "creature", cost = "trigger", trigger = "turn_start",'
        ' vs_state = "no_ground_squad", move = 2, may = true }',
        '{ kind = "strike_bonus", damage = [2], cost = "then", target = "self", lasts = "battle" }'))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    alone = start([estri], [foe], ({0: P1_BACK}, {1: P2_FRONT}), p1=Yes(land=P1_FRONT))
    assert alone.kind[0] == GROUND and alone.pos[0] == P1_FRONT and alone.move_points[0] == 2
    ally = card("Ally", strike=(1, 1, 1), life=5)
    kept = start([estri, ally], [foe], ({0: P1_MID, 1: P1_BACK}, {2: P2_FRONT}), p1=Yes())
    assert kept.kind[0] == FLYER


def test_flies_at_turn_end_with_movement_five():
    """30/121 Вереселень: at the end of its turn, with movement 5 or more (modifiers counted), it
    becomes a flyer for good."""
    text = ('{ kind = "become", into = "flyer", cost = "trigger", trigger = "turn_end", vs_min_move = 5 }',)
    slow = card("Slow", strike=(1, 2, 3), life=7, move=1, abilities=facts(*text))
    fast = card("Fast", strike=(1, 2, 3), life=7, move=5, abilities=facts(*text))
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([slow, fast], [foe], ({0: P1_BACK, 1: square(0, 1)}, {2: P2_BACK}))
    b.apply(END_TURN)
    assert b.kind[0] == GROUND and b.kind[1] == FLYER and b.pos[1] == AUX
    b.apply(END_TURN)
    assert b.kind[1] == FLYER  # (no end to it)


def test_a_card_dying_in_flight_incarnates_as_printed():
    """000 2.1.4: a card in the graveyard keeps nothing it acquired — one killed while flying for the
    turn comes back by incarnation as the ground creature it was printed (50/162 Зомби-грифон)."""
    griffin = card("Griffin", strike=(3, 4, 5), life=2, move=2, abilities=facts(
        '{ kind = "incarnation", damage = [1] }', *RIDER))
    foe = card("Foe", strike=(5, 5, 5), life=20)
    ally = card("Ally", strike=(1, 1, 1), life=5)
    b = start([griffin, ally], [foe], ({0: P1_BACK, 1: P1_MID}, {2: P2_BACK}), dice=[1, 6], p1=Yes())
    assert b.kind[0] == FLYER
    b.apply(Strike(0, 2))                          # it strikes, the foe strikes back: it dies
    assert not b.alive[0] and b.kind[0] == GROUND
    b.players[0].agree = False                     # (back in play, it does not take flight again)
    b.apply(END_TURN)
    b.apply(END_TURN)
    assert b.alive[0] and b.pos[0] >= 0 and b.kind[0] == GROUND
    check(b)


SOUL = (  # 30/173 Мятущаяся душа
    '{ kind = "cleanse", removes = ["curse"], cost = "trigger", trigger = "gets_blessing", target = "self" }',
    '{ kind = "become", into = "flyer", cost = "trigger", trigger = "gets_blessing" }',
    '{ kind = "cleanse", removes = ["blessing"], cost = "trigger", trigger = "gets_curse", target = "self" }',
    '{ kind = "become", into = "creature", cost = "trigger", trigger = "gets_curse", onto = "own_half" }',
    '{ kind = "discharge", damage = [2], cost = "trigger", trigger = "gets_curse" }',
)


def test_blessing_lifts_the_soul_and_a_curse_brings_it_down():
    """30/173: when it receives a blessing it loses its curse and takes flight; when it receives a
    curse it loses its blessing, lands on a square of its player's half, then makes a discharge 2
    (triggers ``gets_blessing`` / ``gets_curse``)."""
    soul = card("Soul", strike=(2, 2, 3), life=8, move=1, abilities=facts(*SOUL))
    priest = card("Priest", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "give_blessing", cost = "tap", target = "ally" }'))
    witch = card("Witch", strike=(1, 1, 1), life=8, abilities=facts('{ kind = "give_curse", cost = "tap" }'))
    b = start([soul, priest], [witch], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK}), p1=Yes(land=square(1, 1)))
    b.apply(UseAbility(1, 0, (0,)))
    assert b.kind[0] == FLYER and b._in_state(0, "blessed") and b.n_ground[0] == 1
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))
    assert b.kind[0] == GROUND and b.pos[0] == square(1, 1)
    assert b._in_state(0, "cursed") and not b._in_state(0, "blessed")
    assert b.wounds[2] == 2                        # (the discharge, at the only enemy)
    check(b)


def test_scarecrow_comes_to_life_as_a_flyer_with_a_directed_strike():
    """30/190 Пугало: 3 counters and tap — it becomes a flying creature with strike 2-3-4 and gains
    a directed strike; it leaves its square for the auxiliary zone."""
    crow = card("Crow", strike=None, life=6, type="artifact", move=0, abilities=facts(
        '{ kind = "become", into = "flyer", damage = [2, 3, 4], cost = "counter_tap", counters = 3,'
        ' via = "effect" }', '{ kind = "directed", cost = "then", target = "self", lasts = "battle" }',
        start_counters=3))
    guard = card("Guard", strike=(1, 1, 1), life=5)
    foe = card("Foe", strike=(1, 1, 1), life=20)
    b = start([crow, guard], [foe], ({0: P1_FRONT, 1: P1_BACK}, {2: P2_BACK}))
    b.apply(UseAbility(0, 0, (0,)))
    assert b.kind[0] == FLYER and b.pos[0] == AUX and b.board[P1_FRONT] == -1 and b.n_creatures[0] == 2
    assert b.cards[0].strike == (2, 3, 4) and b.directed[0]
    check(b)


def test_patrol_flies_on_extra_life_and_lands_when_it_blocks_a_shot():
    """40/89 Небесный патруль: when it gains additional life it takes flight; attacked at range while
    flying, a 5 or 6 blocks the attack (000 2.7) and it lands (triggers ``gets_extra_life``,
    ``blocks``; a ``block`` with ``self_state = "flying"``)."""
    patrol = card("Patrol", strike=(2, 3, 3), life=10, move=2, abilities=facts(
        '{ kind = "become", into = "flyer", cost = "trigger", trigger = "gets_extra_life" }',
        '{ kind = "block", from = ["ranged"], roll = [5, 6], self_state = "flying" }',
        '{ kind = "become", into = "creature", cost = "trigger", trigger = "blocks" }'))
    druid = card("Druid", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "extra_life", damage = [1], cost = "tap", target = "ally" }'))
    archer = card("Archer", strike=(1, 1, 1), life=8, abilities=facts(
        '{ kind = "shot", damage = [2], cost = "tap" }'))
    b = start([patrol, druid], [archer, card("Foe", life=20)], ({0: P1_FRONT, 1: P1_BACK},
              {2: P2_BACK, 3: P2_FRONT}), dice=[4, 6], p1=Yes(land=square(1, 1)))
    b.apply(UseAbility(0 + 1, 0, (0,)))
    assert b.kind[0] == FLYER and b.life[0] == 11
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))                # a 4: not blocked
    assert b.wounds[0] == 2 and b.kind[0] == FLYER
    b.apply(END_TURN)
    b.apply(END_TURN)
    b.apply(UseAbility(2, 0, (0,)))                # a 6: blocked, and it lands
    assert b.wounds[0] == 2 and b.kind[0] == GROUND and b.pos[0] == square(1, 1)
    check(b)
