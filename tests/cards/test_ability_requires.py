"""``requires``: a condition or cost the vocabulary cannot check — the fact is shown, never played."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from analysis.battle import UseAbility
from analysis.cards.abilities import lookup_contract, parse_abilities
from analysis.cards.ability_rules import facts
from analysis.decks.coverage import attacks_modelled, kinds_of
from analysis.util.errors import BerserkInputError
from tests.battle.test_ability_kinds import P1_BACK, P2_FRONT, start
from tests.battle_helpers import card

SHOT = '{ kind = "shot", damage = [2], range = 3, cost = "tap" }'
SHOT_IF = ('{ kind = "shot", damage = [2], range = 3, cost = "tap", '
           'requires = "only while it hosts a symbiote" }')
BODY = 'status = "partial"\nunmodelled = ["-"]\nabilities = [\n  {},\n]'


def entry_text(ability: str, status: str = "partial") -> str:
    return ('[[card]]\ncode = "10/4"\nname = "Гиррит"\n'
            + BODY.replace('"partial"', f'"{status}"').format(ability) + "\n")


def test_requires_is_read_shown_and_left_out_of_the_played_facts():
    (entry,) = parse_abilities(entry_text(SHOT_IF), "x.toml")
    (shot,) = entry.abilities
    assert shot.requires == "only while it hosts a symbiote"
    assert shot.conditional  # the look-up says a condition applies
    assert entry.played == ()
    assert shot.to_dict()["requires"] == "only while it hosts a symbiote"
    assert "not played" in shot.describe()
    contract = lookup_contract("Гиррит", "10/4", entry)
    assert contract["abilities"] == [{"kind": "shot", "damage": [2], "range": 3, "cost": "tap", "targets": 1,
                                      "conditional": True}]
    # a variant made by the battle (replace) recomputes what is played; pickling keeps it
    plain = replace(entry, abilities=(replace(shot, requires=""),))
    assert plain.played == plain.abilities
    assert pickle.loads(pickle.dumps(entry)).played == ()


@pytest.mark.parametrize(("ability", "status", "message"), [
    (SHOT_IF.replace('"only while it hosts a symbiote"', "3"), "partial", "field 'requires'"),
    (SHOT_IF.replace('"only while it hosts a symbiote"', '"   "'), "partial", "field 'requires'"),
    (SHOT_IF, "full", "field 'status'"),
])
def test_a_bad_requires_names_file_line_and_field(ability, status, message):
    text = entry_text(ability, status)
    if status == "full":
        text = text.replace('unmodelled = ["-"]\n', "")
    with pytest.raises(BerserkInputError) as err:
        parse_abilities(text, "bad.toml")
    assert "bad.toml line" in str(err.value) and message in str(err.value)


def test_the_battle_never_offers_an_ability_that_requires_an_unchecked_condition():
    body = 'status = "partial"\nunmodelled = ["-"]\nabilities = [\n  {},\n  {},\n]'
    shooter = card("Shooter", strike=(1, 1, 1), life=10, abilities=body.format(SHOT_IF, SHOT))
    target = card("Target", life=10)
    assert [a.requires for a in facts(shooter)] == [""]  # only the unconditional shot is played
    battle = start([shooter], [target], ({0: P1_BACK}, {1: P2_FRONT}))
    uses = [a for a in battle.legal_actions() if isinstance(a, UseAbility)]
    assert uses and all(facts(shooter)[a.index].requires == "" for a in uses)
    only_if = card("OnlyIf", strike=(1, 1, 1), life=10,
                   abilities='status = "partial"\nunmodelled = ["-"]\nabilities = [\n  ' + SHOT_IF + ",\n]")
    battle = start([only_if], [card("Target", life=10)], ({0: P1_BACK}, {1: P2_FRONT}))
    assert not [a for a in battle.legal_actions() if isinstance(a, UseAbility)]


def test_an_attack_icon_with_only_a_requires_fact_is_not_counted_as_modelled(db):
    girrit = next(c for c in db if c.code == "10/4")
    (entry,) = parse_abilities(entry_text(SHOT_IF), "x.toml")
    assert attacks_modelled(girrit)
    conditional = replace(girrit, abilities=entry)
    assert "shot" not in kinds_of(conditional) and not attacks_modelled(conditional)
