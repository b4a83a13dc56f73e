"""Issue 20 #1 and #2 through ``berserk meta``: cache entries replaced by links to other files are
not written through, and an entry edited to flatter a deck is discarded and the games replayed (the
same scores as an honest run)."""

from __future__ import annotations

import json

from analysis.cli import main
from analysis.util.paths import data_dir


def _meta(capsys, field, cache) -> tuple[int, dict, str]:
    code = main(["meta", str(field), "--games", "30", "--processes", "1", "--mulligan", "never",
                 "--rules", "relaunch-casual", "--cache", str(cache), "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else {}), err


def _field(tmp_path):
    decks = data_dir() / "decks"
    field = tmp_path / "two.toml"
    field.write_text("".join(f'[[deck]]\npath = "{decks / f"tournament-0{i}.txt"}"\nshare = 0.5\n\n'
                             for i in (1, 2)), encoding="utf-8")
    return field


def _entries(cache):
    return sorted(p for p in (cache / "matchups").rglob("*.json"))


def test_links_in_the_cache_are_not_written_through(capsys, tmp_path):
    field, cache = _field(tmp_path), tmp_path / "cache"
    code, honest, _ = _meta(capsys, field, cache)
    assert code == 0 and _entries(cache)
    victims = []
    for i, entry in enumerate(_entries(cache)):
        victim = tmp_path / f"victim{i}.txt"
        victim.write_text("do not overwrite", encoding="utf-8")
        entry.unlink()
        entry.symlink_to(victim)
        victims.append(victim)
    code, again, err = _meta(capsys, field, cache)
    assert code == 0
    assert all(v.read_text(encoding="utf-8") == "do not overwrite" for v in victims)
    assert "cache:" in err and ("ignored entry" in err or "not a regular file" in err)
    assert again == honest


def test_an_edited_entry_does_not_change_the_scores(capsys, tmp_path):
    field, cache = _field(tmp_path), tmp_path / "cache"
    code, honest, _ = _meta(capsys, field, cache)
    assert code == 0
    for entry in _entries(cache):
        data = json.loads(entry.read_text(encoding="utf-8"))
        if data["key"].get("kind") == "deck_matchup_rows":
            for row in data["value"]["rows"]:
                row[1] = 1
            entry.write_text(json.dumps(data), encoding="utf-8")
    code, again, err = _meta(capsys, field, cache)
    assert code == 0 and again == honest
    assert "digest does not match" in err
