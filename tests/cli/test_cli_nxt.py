"""Decks that travel, through the command line: ``berserk convert … deck.nxt``, ``berserk check deck.nxt``."""

from __future__ import annotations

import json

from analysis.cli import main
from analysis.decks.code import decode_entries
from analysis.decks.deck import format_nxt, read_deck, sample_deck_paths


def test_convert_to_nxt_and_check_it(tmp_path, capsys, db):
    for path in sample_deck_paths():
        code_file = tmp_path / f"{path.stem}.nxt"
        assert main(["convert", str(path), str(code_file)]) == 0
        assert "carries no title" in capsys.readouterr().err
        deck = read_deck(path, db)
        assert code_file.read_text(encoding="utf-8") == format_nxt(deck)
        assert [(c.id, n) for c, n in decode_entries(code_file.read_text(), db)] == \
            [(e.card.id, e.count) for e in deck.entries]
        assert main(["check", str(code_file), "--json", "--rules", "relaunch-casual"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["legal"] and report["cards"] == deck.size
        # and back to a list: the same cards
        assert main(["convert", str(code_file), "--to", "brsd"]) == 0
        assert capsys.readouterr().out.splitlines()[1:] == [f"{e.count} {e.card.id}" for e in deck.entries]


def test_check_nxt_under_the_ban_list_and_malformed_codes(tmp_path, capsys):
    banned = tmp_path / "ban.nxt"
    assert main(["convert", str(sample_deck_paths()[2]), str(banned)]) == 0
    assert main(["check", str(banned)]) == 1  # relaunch applies the March 2026 ban list
    assert "ILLEGAL" in capsys.readouterr().out
    bad = tmp_path / "bad.nxt"
    cases = (("#YA\n", "multiple of 3"), ("#YA!\n", "character '!'"), ("#YAB\n#YAB\n", "one deck code"))
    for text, words in cases:
        bad.write_text(text, encoding="utf-8")
        assert main(["check", str(bad)]) == 2
        err = capsys.readouterr().err
        assert str(bad) in err and words in err and "Traceback" not in err
