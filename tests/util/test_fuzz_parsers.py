"""Fuzz targets, one per parser of user input (issue 13): deck text, ``.brsd``, deck JSON, the
compact deck code (``.nxt``), ruleset TOML, card CSV, ratings CSV and custom fighter stats; and
(issue 20) field files, abilities files and the planner's cache entries.

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
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.cards.abilities import COSTS, KINDS, MAX_ABILITY_NUMBER, TARGETS, TRIGGERS, parse_abilities
from analysis.cards.schema import card_columns
from analysis.cards.table import CardDB, cards_from_csv_text, load_cards
from analysis.combat.strike import parse_fighter_spec, strike_odds
from analysis.decks.code import ALPHABET
from analysis.decks.deck import MAX_DECK_CARDS, Deck, format_nxt, parse_deck
from analysis.planning.cache import GameCache
from analysis.planning.field import read_field
from analysis.planning.games import _rows_from_cache, _valid_thresholds
from analysis.rules import load_ruleset
from analysis.squad.recruit import read_ratings
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir

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
    st.text(alphabet=ALPHABET + "#", max_size=40).map(lambda body: "#" + body),  # '##YAB' (issue 20 #7)
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



# --------------------------------------------------------------------------- field files (issue 20)

SMALL = settings(FUZZ, max_examples=max(10, EXAMPLES // 2))
"""Targets that write files or read decks: half the examples (the suite must stay fast)."""
GOOD_DECK = str(data_dir() / "decks" / "tournament-01.txt")
GOOD_CODE = format_nxt(parse_deck(Path(GOOD_DECK).read_text(encoding="utf-8"), DB, "txt", "d.txt")).strip()
share_value = st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr),
                        st.integers(-5, 10**7).map(str), huge_number,
                        st.sampled_from(["1e308", "inf", "nan", "true", '"0.5"', "[]", "0"]))
path_value = st.sampled_from([GOOD_DECK, "../../../../../../etc/passwd", "/etc/passwd", "missing.txt",
                              "field.toml", "x.nxt", "/dev/zero", ""])
code_value = st.one_of(st.sampled_from([GOOD_CODE, "##YAB", "#", ""]),
                       st.text(alphabet=ALPHABET + "#", max_size=20))


@st.composite
def field_toml(draw) -> str:
    lines = []
    if draw(st.booleans()):
        lines.append(f"title = {_quoted(draw(st.text(max_size=20)))}")
    for _ in range(draw(st.integers(0, 4))):
        lines.append("[[deck]]")
        if draw(st.booleans()):
            lines.append(f"path = {_quoted(draw(path_value))}")
        else:
            lines.append(f"code = {_quoted(draw(code_value))}")
        if draw(st.integers(0, 4)):
            lines.append(f"share = {draw(share_value)}")
        if draw(st.booleans()):
            lines.append(f"name = {_quoted(draw(st.text(max_size=12)))}")
    return "\n".join(lines) + "\n"


@SMALL
@given(text=st.one_of(field_toml(), st.text(max_size=200),
                      st.integers(1, 5000).map(lambda d: "title = " + "[" * d + "]" * d)))
def test_fuzz_field_file(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("field")
    (folder / "x.nxt").write_text("root:x:0:0 secret", encoding="utf-8")
    path = folder / "field.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        field = read_field(path, DB)
    except BerserkInputError as exc:
        assert str(exc).strip() and "root:x" not in str(exc)  # never a file's content
        return
    assert field.decks and abs(sum(field.shares) - 1) < 1e-6
    assert all(0 < s <= 1 and d.name and d.name.isprintable() for s, d in zip(field.shares, field.decks,
                                                                              strict=True))


# --------------------------------------------------------------------------- abilities files (issue 20)

number_value = st.one_of(st.integers(-3, 12), st.integers(-10**6, 10**6), st.integers(90, 110),
                         st.just(10**18), st.booleans(), st.floats(allow_nan=False, allow_infinity=False))


def _toml_scalar(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return _quoted(value)
    return repr(value) if isinstance(value, float) else str(value)


@st.composite
def ability_table(draw) -> str:
    fields = {"kind": draw(st.sampled_from([*KINDS, "bogus"])), "cost": draw(st.sampled_from([*COSTS, "x"]))}
    if draw(st.integers(0, 3)):
        fields["damage"] = "[" + ", ".join(_toml_scalar(draw(number_value))
                                           for _ in range(draw(st.sampled_from([1, 1, 3, 2])))) + "]"
    for key in ("range", "targets", "counters", "uses_per_turn", "life_cap"):
        if draw(st.integers(0, 3)) == 0:
            fields[key] = _toml_scalar(draw(number_value))
    if fields["cost"] == "trigger" or draw(st.integers(0, 5)) == 0:
        fields["trigger"] = _quoted(draw(st.sampled_from([*TRIGGERS, "never"])))
    if draw(st.booleans()):
        fields["target"] = _quoted(draw(st.sampled_from([*TARGETS, "all"])))
    return "{ " + ", ".join(f"{k} = {v if k != 'kind' and k != 'cost' else _quoted(str(v))}"
                            for k, v in fields.items()) + " }"


@st.composite
def abilities_toml(draw) -> str:
    out = []
    for i in range(draw(st.integers(1, 3))):
        status = draw(st.sampled_from(["full", "partial"]))
        out += ["[[card]]", f'code = "60/{i + 1}"', 'name = "X"', f'status = "{status}"']
        if out[-1].endswith('"partial"'):
            out.append('unmodelled = ["a"]')
        for key in ("start_counters", "max_counters"):
            if draw(st.integers(0, 3)) == 0:
                out.append(f"{key} = {draw(st.one_of(number_value.map(_toml_scalar), huge_number))}")
        tables = draw(st.lists(ability_table(), max_size=3))
        out.append("abilities = [\n" + "".join(f"  {a},\n" for a in tables) + "]")
    return "\n".join(out) + "\n"


@FUZZ
@given(text=st.one_of(abilities_toml(), st.text(max_size=200)))
def test_fuzz_abilities_file(text):
    entries = _contract(parse_abilities, text, "fuzz.toml")
    for entry in entries or []:
        most = MAX_ABILITY_NUMBER
        assert 0 <= entry.start_counters <= most and 0 <= entry.max_counters <= most
        for ab in entry.abilities:
            assert all(abs(d) <= most for d in ab.damage)
            assert 1 <= ab.targets <= most and (ab.range is None or ab.range <= most)


# --------------------------------------------------------------------------- cache entries (issue 20)

KEY = {"kind": "deck_matchup_rows", "games": 2, "seed": 1}
VALUE = {"columns": ["seat", "outcome", "turns", "mulligans_a", "mulligans_b"],
         "rows": [[0, -1, 12, 0, 1], [1, 1, 9, 0, 0]]}


def _mutate(data: dict, how: int, junk: object) -> object:
    if how == 0:
        return junk
    if how == 1:
        data["value"]["rows"][0][1] = junk
    elif how == 2:
        data["digest"] = junk
    elif how == 3:
        data["key"] = junk
    elif how == 4:
        data["value"] = junk
    else:
        data[str(junk)[:8]] = junk
    return data


@SMALL
@given(how=st.integers(0, 5), junk=json_value, raw=st.one_of(st.none(), st.binary(max_size=200)))
def test_fuzz_cache_entry(tmp_path_factory, how, junk, raw):
    """An entry edited in any way is either the value that was stored or discarded with a note; the
    value checks never raise, whatever JSON they are given."""
    root = tmp_path_factory.mktemp("cache")
    GameCache(root).put(KEY, VALUE)
    path = GameCache(root).path_of(KEY)
    if raw is not None:
        path.write_bytes(raw)
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(_mutate(data, how, junk)), encoding="utf-8")
    cache = GameCache(root)
    got = cache.get(KEY)
    assert got is None or got == VALUE
    if got is None:
        assert len(cache.notes) <= 1
    assert _rows_from_cache(junk, 2) is None or isinstance(junk, dict)
    assert _valid_thresholds(junk) in (True, False)
