"""Issue 13: every attack input of the adversarial pass ends in a clear message with exit 2 (or the
right answer), quickly, through the real command line. One row per reproduction; the item number
of the issue is in each row's id. Signals are in ``test_signals.py``, the dashboard launcher in
``test_launcher.py``, parser fuzzing in ``test_fuzz_parsers.py``."""

from __future__ import annotations

import csv
import json
import os
import socket
import time
from pathlib import Path

import pytest

from analysis.cli import main
from analysis.decks.deck import MAX_DECK_CARDS
from analysis.util.paths import data_dir

DECK = str(data_dir() / "decks" / "tournament-01.txt")
SECONDS = 5.0
"""Each attack must be answered well within this (the issue asks for a second or two; the bound
leaves room for a loaded test machine)."""


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as done:  # argparse usage errors
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def attack_dir(tmp_path_factory) -> Path:
    """The crafted files of the adversarial pass."""
    d = tmp_path_factory.mktemp("attacks")
    (d / "s.txt").write_text("1 a" + " " * 4000 + "b\n", encoding="utf-8")
    ids = [row["id"] for row in csv.DictReader((data_dir() / "cards.csv").open(encoding="utf-8"))]
    (d / "big.brsd").write_text("#big\n" + "".join(f"999 {i}\n" for i in ids), encoding="utf-8")
    (d / "big.txt").write_text("999 Гуль\n999 Бес\n", encoding="utf-8")
    (d / "nested.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (d / "count.json").write_text('{"cards": [{"count": ' + "9" * 5000 + ', "name": "Гуль"}]}',
                                  encoding="utf-8")
    (d / "count.txt").write_text("9" * 5000 + " Гуль\n", encoding="utf-8")
    (d / "count.brsd").write_text("#x\n" + "9" * 5000 + " 10001\n", encoding="utf-8")
    (d / "nested.toml").write_text("name = " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    (d / "banlist-base.toml").write_text('base = "relaunch-banlist"\nname = "cup"\n', encoding="utf-8")
    (d / "spring-cup.toml").write_text('base = "relaunch"\n', encoding="utf-8")
    (d / "typo-ban.toml").write_text('base = "relaunch"\n[deck.bans]\nnames = ["Гульь"]\n', encoding="utf-8")
    header = "set_id,number,name,type,cost,elite,unique,life\n"
    (d / "inf.csv").write_text(header + "99,1,Бесконечный,creature,inf,false,false,5\n", encoding="utf-8")
    (d / "1e400.csv").write_text(header + "99,1,Огромный,creature,1e400,false,false,5\n", encoding="utf-8")
    (d / "rounded.csv").write_text(header + "99,1,Дорогой,creature,99999999999999999999999,false,false,5\n",
                                   encoding="utf-8")
    (d / "twins.csv").write_text(header + "99,1,Близнец,creature,3,false,false,5\n"
                                 "99,2,Близнец,creature,3,false,false,5\n", encoding="utf-8")
    (d / "huge.csv").write_text("name,rating\nГуль,1e308\nБес,1\n", encoding="utf-8")
    (d / "raw-abc.json").write_text(json.dumps([{"set_id": 99, "number": 1, "name": "Сырой", "cost": "abc",
                                                 "type": 0, "color": 1}]), encoding="utf-8")
    os.mkfifo(d / "fifo.txt")
    os.mkfifo(d / "fifo.toml")
    os.mkfifo(d / "fifo.csv")
    (d / "out").mkdir()
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(d / "sock"))
    server.close()
    return d


ATTACKS = [
    # (id, arguments with {d} for the attack folder, exit status, text the message must hold)
    ("1 backtracking line", ["check", "{d}/s.txt"], 2, "line 1: a card line of 4,004 characters is too long"),
    ("2 1.3M-card brsd check", ["check", "{d}/big.brsd"], 2, "a deck of 1,308,690 cards is too large"),
    ("2 1.3M-card brsd deal", ["deal", "{d}/big.brsd", "--quiet"], 2, "a deck of 1,308,690 cards"),
    ("2 1.3M-card brsd matchup", ["matchup", "{d}/big.brsd", DECK, "--games", "2"], 2,
     "a deck of 1,308,690 cards"),
    ("2 deck over the bound", ["deal", "{d}/big.txt", "--quiet"], 2, f"at most {MAX_DECK_CARDS}"),
    ("3 -o at a FIFO", ["convert", DECK, "{d}/fifo.csv"], 2, "is not a regular file"),
    ("3 -o at a socket", ["import-cards", "-o", "{d}/sock"], 2, "refusing to replace it"),
    ("5 --processes 100000 deal", ["deal", DECK, "--processes", "100000"], 2,
     "argument --processes: must be between 1 and"),
    ("5 --processes 100000 matrix", ["matrix", DECK, DECK, "--processes", "100000"], 2,
     "argument --processes: must be between 1 and"),
    ("6 negative seed deal", ["deal", DECK, "--seed", "-1", "--quiet"], 2,
     "argument --seed: must be between 0 and 9,223,372,036,854,775,807"),
    ("6 negative seed odds", ["odds", "Гуль", "Бес", "--seed", "-1"], 2, "argument --seed"),
    ("6 negative seed matchup", ["matchup", DECK, DECK, "--seed", "-5"], 2, "argument --seed"),
    ("6 nested JSON deck", ["check", "{d}/nested.json"], 2, "not valid JSON: nested too deeply"),
    ("6 nested TOML ruleset", ["check", DECK, "--rules", "{d}/nested.toml"], 2,
     "not valid TOML: nested too deeply"),
    ("6 5000-digit count txt", ["check", "{d}/count.txt"], 2, "too long"),
    ("6 5000-digit count brsd", ["check", "{d}/count.brsd"], 2, "too long"),
    ("6 5000-digit count JSON", ["check", "{d}/count.json"], 2, "has 5,000 digits"),
    ("6 CSV cost inf", ["check", DECK, "--cards", "{d}/inf.csv"], 2,
     "column 'cost' must be a whole number from 0 to 99, got 'inf'"),
    ("6 CSV cost 1e400", ["check", DECK, "--cards", "{d}/1e400.csv"], 2,
     "column 'cost' must be a whole number"),
    ("6 odds with ²", ["odds", "²-3-4:8", "Гуль"], 2, "must look like X-Y-Z"),
    ("6 odds with 10^23 strikes", ["odds", "99999999999999999999999-2-3:5", "Гуль"], 2,
     "each power must be between 0 and 99"),
    ("6 odds with a huge roll", ["odds", "2-3-4:8:roll=99999999999999999999999", "Гуль"], 2, "too large"),
    ("6 -o at a folder", ["ratings", "--set", "21", "--quiet", "--max-turns", "2", "-o", "{d}/out"], 2,
     "is a folder; give a file name inside it"),
    ("6 -o with a missing folder", ["convert", DECK, "{d}/no/such/x.brsd"], 2,
     "does not exist; create it first"),
    ("6 /dev/zero as a deck", ["check", "/dev/zero"], 2, "/dev/zero: is a device, not a deck file"),
    ("7 FIFO deck", ["check", "{d}/fifo.txt"], 2, "is a FIFO (named pipe), not a deck file"),
    ("7 FIFO ruleset", ["check", DECK, "--rules", "{d}/fifo.toml"], 2, "not a ruleset file"),
    ("7 FIFO cards", ["check", DECK, "--cards", "{d}/fifo.csv"], 2, "not a card file"),
    ("7 FIFO ratings", ["recruit", "Гуль", "--objective", "rating", "--ratings", "{d}/fifo.csv"], 2,
     "not a ratings file"),
    ("10 --estimate-trials 10^12",
     ["deal", DECK, "--policy", "optimal", "--estimate-trials", "1000000000000"], 2,
     "argument --estimate-trials: must be between 30 and 1,000,000"),
    ("10 odds --simulate 10^12", ["odds", "Гуль", "Бес", "--simulate", "1000000000000"], 2,
     "argument --simulate: must be between 0 and 2,000,000"),
    ("10 --trials 10^12", ["deal", DECK, "--trials", "1000000000000"], 2, "argument --trials"),
    ("11 CSV cost rounded", ["check", DECK, "--cards", "{d}/rounded.csv"], 2,
     "got '99999999999999999999999'"),
    ("11 ratings 1e308", ["recruit", "Гуль", "Бес", "--objective", "rating", "--ratings", "{d}/huge.csv",
                          "--json"], 2, "rating of 'Гуль' must be a number from 0 to 1,000,000"),
    ("11 ratings --top -1", ["ratings", "--top", "-1"], 2, "argument --top: must be between 0 and"),
    ("11 base relaunch-banlist", ["check", DECK, "--rules", "{d}/banlist-base.toml"], 0, "LEGAL under cup"),
    ("11 ruleset without a name", ["check", DECK, "--rules", "{d}/spring-cup.toml"], 0,
     "LEGAL under spring-cup"),
    ("11 unknown banned name", ["check", DECK, "--rules", "{d}/typo-ban.toml"], 2,
     "key 'deck.bans.names': unknown card 'Гульь'; closest names: 'Гуль'"),
    ("11 duplicate user card names", ["check", DECK, "--cards", "{d}/twins.csv"], 2,
     "clashes with Близнец (99/1)"),
    ("11 import-cards cost abc", ["import-cards", "--raw", "{d}/raw-abc.json", "-o", "{d}/out/cards.csv"], 2,
     "key 'cost' must be a whole number ≥ 0, got 'abc'"),
]


@pytest.mark.parametrize(("args", "status", "message"), [a[1:] for a in ATTACKS], ids=[a[0] for a in ATTACKS])
def test_attack_ends_in_a_clear_message(capsys, attack_dir, args, status, message):
    argv = [a.replace("{d}", str(attack_dir)) for a in args]
    started = time.monotonic()
    code, out, err = run(capsys, *argv)
    elapsed = time.monotonic() - started
    assert code == status, err[-500:]
    assert message in out + err
    assert "Traceback" not in err and "internal error" not in err
    assert elapsed < SECONDS, f"took {elapsed:.1f} s"


def test_special_targets_survive_and_nothing_is_written(capsys, attack_dir):
    for name in ("fifo.csv", "sock"):
        run(capsys, "convert", DECK, str(attack_dir / name))
    assert (attack_dir / "fifo.csv").is_fifo() and (attack_dir / "sock").is_socket()
    assert not (attack_dir / "no").exists() and not (attack_dir / "out" / "cards.csv").exists()
    assert not [p for p in attack_dir.rglob(".*.tmp")]


def test_ratings_top_zero_prints_every_row_and_json_is_strict(capsys):
    code, out, _ = run(capsys, "ratings", "--set", "21", "--quiet", "--max-turns", "4", "--top", "0")
    rated = int(out.strip().splitlines()[-1].split()[0])
    assert code == 0 and len(out.strip().splitlines()) == rated + 2  # header, rows, summary
    code, out, _ = run(capsys, "deal", DECK, "--trials", "1", "--json", "--quiet")
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in JSON output"))
    assert code == 0 and data["squad_value"]["ci95"] == [None, None]  # one trial: no interval


def test_a_symlinked_output_updates_its_target(capsys, tmp_path):
    real = tmp_path / "real.brsd"
    real.write_text("old", encoding="utf-8")
    (tmp_path / "link.brsd").symlink_to(real)
    assert run(capsys, "convert", DECK, str(tmp_path / "link.brsd"))[0] == 0
    assert (tmp_path / "link.brsd").is_symlink() and real.read_text(encoding="utf-8").startswith("#")
