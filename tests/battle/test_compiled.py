"""The battle engine compiled with mypyc (setup.py) and as pure Python: same results, same state."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import analysis
from analysis.battle import COMPILED, Battle, make_player
from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths

ROOT = Path(analysis.__file__).resolve().parents[1]
_SCRIPT = """
import hashlib, json, random
from analysis.battle import COMPILED
from analysis.battle.record import record_battle, to_jsonl
from analysis.cards.table import load_cards
from analysis.decks.deck import read_deck, sample_deck_paths
db = load_cards()
decks = [read_deck(p, db) for p in sorted(sample_deck_paths())]
out = {"compiled": COMPILED, "records": []}
for k in range(12):
    a, b = decks[k % len(decks)].cards(), decks[(k + 1) % len(decks)].cards()
    random.Random(k).shuffle(a)
    random.Random(-k).shuffle(b)
    players = ("heuristic", "heuristic") if k % 3 else ("random", "search")
    rec = to_jsonl(record_battle((a[:12], b[:12]), players=players, seed=k))
    out["records"].append(hashlib.sha256(rec.encode()).hexdigest())
print(json.dumps(out))
"""


def _run(pure: bool) -> dict:
    """The script's output in a new process, importing the same ``analysis`` as this one."""
    env = dict(os.environ, BERSERK_PURE="1" if pure else "0",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.skipif(not COMPILED, reason="the battle engine is not compiled here")
def test_compiled_and_pure_engines_play_the_same_battles():
    compiled, pure = _run(pure=False), _run(pure=True)
    assert compiled["compiled"] and not pure["compiled"]
    assert compiled["records"] == pure["records"]


def test_a_clone_has_every_attribute_of_the_state():
    """:meth:`Battle.clone` copies the attributes one by one (no ``__dict__`` when compiled): it
    must not miss one (declared for the compiled class, or set on the pure-Python instance)."""
    db = load_cards()
    decks = [read_deck(p, db) for p in sorted(sample_deck_paths())]
    battle = Battle((decks[0].cards()[:12], decks[1].cards()[:12]),
                    (make_player("heuristic"), make_player("heuristic")), seed=3, record=True)
    battle.run()
    names = set(getattr(Battle, "__mypyc_attrs__", ())) - {"__dict__"} or set(vars(battle))
    assert len(names) > 100
    copy = battle.clone()
    for name in sorted(names):
        getattr(copy, name)  # AttributeError if clone() left it out
