"""Issue 20 #6 and #7: whole numbers in an abilities file are bounded when the file is read
(damage, range, targets, counters, heal amounts, start_counters …), with a message naming file,
line and field; a 5,000-digit number is refused the same way (it used to end in exit 3)."""

from __future__ import annotations

import pytest

from analysis.cards.abilities import MAX_ABILITY_NUMBER, builtin_ability_files, parse_abilities
from analysis.util.errors import BerserkInputError

HEAD = '[[card]]\ncode = "60/165"\nname = "X"\nstatus = "full"\n'


def _entry(ability: str = "", **card: str) -> str:
    extra = "".join(f"{k} = {v}\n" for k, v in card.items())
    body = f"abilities = [\n  {ability},\n]\n" if ability else ""
    return HEAD + extra + body


BIG = MAX_ABILITY_NUMBER + 1


@pytest.mark.parametrize(("text", "field"), [
    (_entry(f'{{ kind = "shot", damage = [{BIG}], cost = "tap" }}'), "damage"),
    (_entry(f'{{ kind = "shot", damage = [1, 2, {10**7}], cost = "tap" }}'), "damage"),
    (_entry(f'{{ kind = "shot", damage = [-{BIG}], cost = "tap" }}'), "damage"),
    (_entry(f'{{ kind = "shot", damage = [1], range = {10**18}, cost = "tap" }}'), "range"),
    (_entry(f'{{ kind = "shot", damage = [1], targets = {10**18}, cost = "tap" }}'), "targets"),
    (_entry(f'{{ kind = "shot", damage = [1], cost = "counter", counters = {BIG} }}'), "counters"),
    (_entry(f'{{ kind = "heal", damage = [{BIG}], cost = "tap" }}'), "damage"),
    (_entry(start_counters=str(BIG)), "start_counters"),
    (_entry(max_counters="9" * 400), "max_counters"),
    (_entry('{ kind = "shot", damage = [' + "9" * 4000 + '], cost = "tap" }'), "damage"),
])
def test_a_number_beyond_the_bound_names_file_line_and_field(text, field):
    with pytest.raises(BerserkInputError) as caught:
        parse_abilities(text, "mine.toml")
    message = str(caught.value)
    assert message.startswith("mine.toml line ")
    assert f"field {field!r}" in message and f"at most {MAX_ABILITY_NUMBER}" in message
    assert len(message) < 400  # the 5,000 digits are not echoed


def test_a_number_of_5000_digits_is_an_input_error():
    """tomllib itself refuses it (Python's 4,300-digit limit): the message names the file and the
    bound, without the digits."""
    with pytest.raises(BerserkInputError) as caught:
        parse_abilities(_entry(start_counters="9" * 5000), "mine.toml")
    message = str(caught.value)
    assert message.startswith("mine.toml: ") and f"at most {MAX_ABILITY_NUMBER}" in message
    assert "9999" not in message


def test_the_bound_itself_is_accepted():
    entry = parse_abilities(_entry(f'{{ kind = "shot", damage = [{MAX_ABILITY_NUMBER}], cost = "tap" }}',
                                   start_counters=str(MAX_ABILITY_NUMBER)), "mine.toml")[0]
    assert entry.abilities[0].damage == (MAX_ABILITY_NUMBER,)
    assert entry.start_counters == MAX_ABILITY_NUMBER


def test_every_built_in_fact_is_within_the_bound():
    files = builtin_ability_files()
    assert files
    for path in files:
        assert parse_abilities(path.read_text(encoding="utf-8"), str(path))
