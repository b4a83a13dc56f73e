"""Fuzz targets, one per parser of user input (issue 13): deck text, ``.brsd``, deck JSON, the
compact deck code (``.nxt``), ruleset TOML, card CSV, ratings CSV and custom fighter stats.

Each target feeds hypothesis-made input, from arbitrary text to near-valid input built from the
format's own pieces (real card names, count spellings, long runs of spaces, huge numbers, deep
nesting), and asserts the contract: the parser returns a well-formed value or raises
:class:`BerserkInputError` with a message, never anything else, and answers each input within
:data:`DEADLINE` (hypothesis's deadline). The runs are derandomised with a modest example count so
CI is stable; set ``BERSERK_FUZZ_EXAMPLES`` (e.g. 5000) to fuzz longer locally."""

from __future__ import annotations

import csv
import io
import json
import os
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.cards.schema import card_columns
from analysis.cards.table import CardDB, cards_from_csv_text, load_cards
from analysis.combat.strike import parse_fighter_spec, strike_odds
from analysis.decks.code import ALPHABET
from analysis.decks.deck import MAX_DECK_CARDS, Deck, parse_deck
from analysis.rules import load_ruleset
from analysis.squad.recruit import read_ratings
from analysis.util.errors import BerserkInputError

DEADLINE = timedelta(seconds=2)
EXAMPLES = int(os.environ.get("BERSERK_FUZZ_EXAMPLES", "80"))
FUZZ = settings(max_examples=EXAMPLES, deadline=DEADLINE, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])
DB: CardDB = load_cards()
NAMES = sorted({c.name for c in DB})[::9]
IDS = [str(c.id) for c in DB][::9]

huge_number = st.one_of(st.integers(-10**30, 10**30).map(str), st.integers(1, 6000).map(lambda n: "9" * n))
spaces = st.sampled_from([" ", "  ", "\t", "\u00a0", " " * 300, " " * 4000])
count_like = st.one_of(st.integers(0, 1200).map(str), huge_number,
                       st.sampled_from(["²", "٣", "3.0", "-1", "1e3"]))
marker = st.sampled_from(["", "x", "X", "х", "×", "-", "–", "(", ")", "[", "]", "/", "#", ":", "+"])
name = st.one_of(st.sampled_from(NAMES), st.text(max_size=30))
pin = st.builds(lambda s, n: f"[{s}/{n}]", st.integers(0, 2000), st.integers(0, 20000))


def _fragment_line() -> st.SearchStrategy[str]:
    return st.lists(st.one_of(count_like, marker, name, spaces, pin), min_size=1, max_size=8).map("".join)


LINE_FORMS = ["{c} {n}", "{c}x {n}", "{c} x {n}", "{c} х {n}", "{c}× {n}", "{n} x{c}", "{n} х{c}", "{n} ×{c}",
              "{n} - {c}", "{n} ({c})", "{c} {n} [10/1]", "  {c}\t{n}  "]
near_valid_line = st.builds(lambda form, c, n: form.format(c=c, n=n), st.sampled_from(LINE_FORMS),
                            st.one_of(st.integers(1, 9), st.integers(0, 1200)).map(str),
                            st.sampled_from(NAMES))


def _check_deck(result: Deck) -> None:
    assert 1 <= result.size <= MAX_DECK_CARDS
    assert all(e.count >= 1 for e in result.entries)


def _contract(fn, *args) -> object | None:
    """The parser's answer, or None after a clear input error; any other exception fails."""
    try:
        return fn(*args)
    except BerserkInputError as exc:
        assert str(exc).strip()
        return None


# --------------------------------------------------------------------------- deck formats


@FUZZ
@given(text=st.one_of(st.text(max_size=400),
                     st.lists(st.one_of(near_valid_line, near_valid_line, _fragment_line()), max_size=12).map(
                         lambda lines: "# fuzz\n" + "\n".join(lines))))
def test_fuzz_deck_text(text):
    deck = _contract(parse_deck, text, DB, "txt", "fuzz.txt")
    if deck is not None:
        _check_deck(deck)


@FUZZ
@given(text=st.one_of(
    st.text(max_size=300),
    st.lists(st.builds(lambda c, s, i: f"{c}{s}{i}", count_like, spaces, st.one_of(st.sampled_from(IDS),
                                                                                     huge_number)),
             max_size=12).map(lambda lines: "#t\n" + "\n".join(lines)),
))
def test_fuzz_brsd(text):
    deck = _contract(parse_deck, text, DB, "brsd", "fuzz.brsd")
    if deck is not None:
        _check_deck(deck)


json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-10**25, 10**25), st.floats(allow_nan=False),
                        st.text(max_size=20), st.sampled_from(NAMES))
json_value = st.recursive(json_scalar, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                               st.dictionaries(st.text(max_size=8), inner,
                                                                               max_size=4)), max_leaves=20)
json_entry = st.fixed_dictionaries({"count": st.one_of(st.integers(-5, 2000), json_scalar),
                                    "name": st.one_of(st.sampled_from(NAMES), json_scalar)},
                                   optional={"set_id": json_value, "number": json_value})


@FUZZ
@given(data=st.one_of(
    st.text(max_size=300),
    json_value.map(json.dumps),
    st.builds(lambda t, cards: json.dumps({"title": t, "notes": [], "cards": cards}),
              json_scalar, st.lists(json_entry, max_size=10)),
    st.integers(1, 200_000).map(lambda depth: "[" * depth + "]" * depth),
    st.sampled_from(['{"cards": [{"count": NaN, "name": "Гуль"}]}', '{"cards": [{"count": 1e400}]}']),
))
def test_fuzz_deck_json(data):
    deck = _contract(parse_deck, data, DB, "json", "fuzz.json")
    if deck is not None:
        _check_deck(deck)


@FUZZ
@given(code=st.one_of(
    st.text(max_size=60),
    st.text(alphabet=ALPHABET, max_size=600).map(lambda body: "#" + body),
    st.lists(st.text(alphabet=ALPHABET, min_size=3, max_size=3), max_size=2100).map(
        lambda groups: "#" + "".join(groups)),
))
def test_fuzz_deck_code(code):
    deck = _contract(parse_deck, code, DB, "nxt", "fuzz.nxt")
    if deck is not None:
        _check_deck(deck)


# --------------------------------------------------------------------------- ruleset TOML


toml_value = st.one_of(st.integers(-10**20, 10**20), st.booleans(), st.text(max_size=12),
                       st.lists(st.one_of(st.integers(-5, 2000), st.text(max_size=8)), max_size=4),
                       st.sampled_from(["inf", "nan", "9" * 5000, "[[[[[[[[[[]]]]]]]]]]", '"relaunch"']))
RULE_KEYS = ["base", "name", "deal.size", "deal.mulligan", "deal.min_size", "crystals.gold",
             "crystals.silver", "squad.max_cards", "squad.flying_cost_cap", "deck.constructed.max_cards",
             "deck.constructed.copies",
             "deck.bans.names", "deck.bans.allowed_sets", "combat.model", "elements.free_elements", "extra"]


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_line(key: str, value: object) -> str:
    if isinstance(value, str) and value[:1] in "[\"" or value in ("inf", "nan") or (
            isinstance(value, str) and value.isdigit()):
        shown = value
    elif isinstance(value, bool):
        shown = str(value).lower()
    elif isinstance(value, str):
        shown = _quoted(value)
    elif isinstance(value, list):
        shown = "[" + ", ".join(str(v) if isinstance(v, int) else _quoted(v) for v in value) + "]"
    else:
        shown = str(value)
    return f"{key} = {shown}"


@FUZZ
@given(text=st.one_of(
    st.text(max_size=300),
    st.lists(st.tuples(st.sampled_from(RULE_KEYS), toml_value), max_size=8).map(
        lambda pairs: 'base = "relaunch"\n' + "\n".join(_toml_line(k, v) for k, v in pairs)),
    st.integers(1, 60_000).map(lambda depth: "a = " + "[" * depth + "]" * depth),
))
def test_fuzz_ruleset_toml(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("rules") / "fuzz.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    rules = _contract(load_ruleset, str(path), DB)
    if rules is not None:
        assert rules.name and 1 <= rules.deal.size <= 50 and rules.formats
        assert all(0 <= limits.min_cards <= limits.max_cards <= 1000 for _, limits in rules.formats)


# --------------------------------------------------------------------------- card and ratings CSV


cell = st.one_of(st.sampled_from(["", "0", "3", "3.0", "99", "100", "true", "false", "creature", "flyer",
                                  "steppes", "steppes|darkness", "inf", "1e400", "-1", "nan", "³"]),
                 huge_number, st.text(max_size=12))
CARD_COLUMNS = list(card_columns())


REQUIRED = ["set_id", "number", "name", "type", "cost", "elite", "unique"]
VALID_CELL = {
    "set_id": st.integers(1, 999).map(str), "number": st.integers(0, 999).map(str),
    "name": st.text(alphabet="абвгдежзик -'", min_size=1, max_size=12).map(str.strip),
    "type": st.sampled_from(["creature", "flyer", "artifact", "terrain"]),
    "cost": st.integers(0, 120).map(str),
    "elite": st.sampled_from(["true", "false"]), "unique": st.sampled_from(["true", "false", "1", "0"]),
    "life": st.one_of(st.just(""), st.integers(0, 250).map(str)),
    "elements": st.sampled_from(["", "steppes"]),
    "complete": st.sampled_from(["", "true", "false"]), "missing": st.just(""), "id": st.just(""),
    "strike_weak": st.integers(0, 9).map(str), "strike_medium": st.integers(0, 9).map(str),
    "strike_strong": st.integers(0, 9).map(str), "armor": st.integers(0, 120).map(str),
}


@st.composite
def card_csv(draw) -> str:
    """A card table: the required columns and some others, rows mostly valid, some cells junk."""
    extra = draw(st.lists(st.sampled_from(CARD_COLUMNS + ["colour"]), max_size=5, unique=True))
    header = REQUIRED + [c for c in extra if c not in REQUIRED]
    header = draw(st.permutations(header)) if draw(st.booleans()) else header
    if draw(st.integers(0, 9)) == 0:
        header = header[1:]  # a required column missing
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for _ in range(draw(st.integers(0, 6))):
        junk = [draw(st.integers(0, 19)) == 0 for _ in header]  # one cell in twenty is junk
        pairs = zip(header, junk, strict=True)
        writer.writerow([draw(cell if bad else VALID_CELL.get(c, cell)) for c, bad in pairs])
    return out.getvalue()


@FUZZ
@given(text=st.one_of(card_csv(), st.text(max_size=200)))
def test_fuzz_card_csv(text):
    cards = _contract(cards_from_csv_text, text, "fuzz.csv")
    for card in cards or []:
        assert 0 <= card.cost <= 99 and card.name and card.id == card.set_id * 1000 + card.number
    if cards:
        assert len({c.id for c in cards}) == len(cards)


@FUZZ
@given(rows=st.lists(st.tuples(st.one_of(st.sampled_from(NAMES), st.text(max_size=20)),
                               st.one_of(cell, st.floats().map(repr))), max_size=8))
def test_fuzz_ratings_csv(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("ratings") / "r.csv"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([("name", "rating"), *rows])
    path.write_text(out.getvalue(), encoding="utf-8", errors="surrogatepass")
    ratings = _contract(read_ratings, path)
    for value in (ratings or {}).values():
        assert 0 <= value <= 1e6


# --------------------------------------------------------------------------- custom fighters


digits = st.one_of(st.integers(0, 9).map(str), st.integers(1, 30).map(str), st.integers(0, 250).map(str),
                   huge_number, st.sampled_from(["²", "٣", "", " 3 ", "1_0"]))
modifier = st.builds(lambda n, v: f"{n}={v}" if v is not None else n,
                     st.sampled_from(["exp_attack", "armor", "blessing", "roll", "power", "regeneration",
                                      "bogus"]),
                     st.one_of(st.none(), digits))


@FUZZ
@given(spec=st.one_of(
    st.text(max_size=60),
    st.builds(lambda x, y, z, life, mods: f"{x}-{y}-{z}:{life}" + (":" + ",".join(mods) if mods else ""),
              digits, digits, digits, digits, st.lists(modifier, max_size=4)),
    st.builds(lambda n, mods: n + "+" + ",".join(mods), st.sampled_from(NAMES),
              st.lists(modifier, max_size=3)),
))
def test_fuzz_custom_stats(relaunch, spec):
    fighter = _contract(parse_fighter_spec, spec, DB.find)
    if fighter is not None:
        assert 1 <= fighter.life <= 200 and max(fighter.strike) <= 99
        odds = strike_odds(fighter, fighter, relaunch)
        assert sum(o.p for o in odds.outcomes) == 1

