"""Issue 20 #5 and #6 through the real command line: the issue's endless trigger chain plays to an
answer with worker processes too, and an abilities file with a huge damage is refused at once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from analysis.cli import main
from analysis.util.paths import data_dir

DECKS = [str(data_dir() / "decks" / f"tournament-0{i}.txt") for i in (1, 2)]
CHAIN = """[[card]]
code = "60/165"
name = "Отринувший свет"
status = "full"
abilities = [
  { kind = "shot", damage = [1], cost = "trigger", trigger = "squad_wounded" },
  { kind = "heal", damage = [99], cost = "trigger", trigger = "wounded", target = "self" },
]
"""


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as done:
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("processes", ["1", "2"])
def test_the_endless_chain_of_the_issue_plays_to_an_answer(capsys, tmp_path, processes):
    (tmp_path / "min.toml").write_text(CHAIN, encoding="utf-8")
    deck = tmp_path / "d.txt"  # a deck with the chained card, against itself
    lines = Path(DECKS[0]).read_text(encoding="utf-8").splitlines(keepends=True)
    deck.write_text("# chain\n3 Отринувший свет\n" + "".join(x for x in lines if not x.startswith("#")),
                    encoding="utf-8")
    code, out, err = run(capsys, "matchup", str(deck), str(deck), "--games", "4", "--abilities",
                         str(tmp_path / "min.toml"), "--processes", processes)
    assert code == 0, err
    assert "4 games" in out


@pytest.mark.parametrize("ability", [
    '{ kind = "shot", damage = [10000000], cost = "tap" }',
    '{ kind = "shot", damage = [1], range = 1000000000000000000, cost = "tap" }',
    '{ kind = "heal", damage = [3000], cost = "tap" }',
])
def test_a_huge_ability_number_is_refused_before_any_work(capsys, tmp_path, ability):
    path = tmp_path / "big.toml"
    head = '[[card]]\ncode = "10/2"\nname = "Кшар"\nstatus = "full"\n'
    path.write_text(f"{head}abilities = [\n  {ability},\n]\n", encoding="utf-8")
    start = time.monotonic()
    code, _, err = run(capsys, "odds", "10/2", "10/1", "--abilities", str(path))
    assert time.monotonic() - start < 5
    assert code == 2
    assert f"{path} line 6" in err and "at most 99" in err
