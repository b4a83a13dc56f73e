"""Cards page (AppTest): filters, card details, adding to the shared deck."""

from __future__ import annotations

from app_helpers import frame_with, metric, open_app, plotly_specs, texts

from analysis.cards.table import load_cards

DB = load_cards()


def test_filters_narrow_the_table():
    at = open_app("cards")
    assert f"{len(DB):,} of {len(DB):,} printings match." in texts(at.caption)
    at.text_input(key="cards_text").input("гуль").run()
    table = frame_with(at, "Keywords")
    assert len(table) > 0 and all("гуль" in n.lower() for n in table.Card)
    assert f"{len(table)} of {len(DB):,} printings match." in texts(at.caption)
    at.text_input(key="cards_text").input("").run()
    at.multiselect(key="cards_types").select("flyer").run()
    at.multiselect(key="cards_elements").select("steppes").run()
    at.radio(key="cards_elite").set_value("elite").run()
    table = frame_with(at, "Keywords")
    expected = [c for c in DB if c.is_flyer and "steppes" in c.elements and c.elite]
    assert sorted(table["Set/No."]) == sorted(c.code for c in expected)
    assert set(table.Type) == {"Flying creature"} and set(table.Kind) == {"elite"}


def test_no_match_says_so():
    at = open_app("cards")
    at.text_input(key="cards_text").input("zzzz no such card").run()
    assert any("No card matches" in i for i in texts(at.info))


def test_details_and_add_to_deck():
    at = open_app("cards")
    card = next(c for c in DB if c.name == "Гуль" and DB.default_printing(c) is c)
    at.text_input(key="cards_text").input("гуль").run()
    at.selectbox(key="cards_pick").set_value(card.id).run()
    details = frame_with(at, "Fact").set_index("Fact")["Value"]
    assert details["Set / number"] == f"{card.set_name} ({card.code})"
    assert details["Strike (weak-medium-strong)"] == "-".join(map(str, card.strike))
    assert details["Life"] == str(card.life)
    assert details["Banned in tournaments (ban list of March 2026)"] == ("yes" if card.banned else "no")
    before = at.session_state["deck"].size
    at.number_input(key="cards_add_n").set_value(2).run()
    at.button(key="cards_add").click().run()
    added = [s for s in texts(at.success) if f"Added 2 copies of '{card.name}'" in s]
    assert added and f"now has {before + 2} cards" in added[0]
    deck = at.session_state["deck"]
    assert deck.counts_by_name()[card.key] == 2
    at.switch_page("pages/deck.py").run()
    assert metric(at, "Cards") == str(before + 2)
    table = frame_with(at, "Strike")
    assert ((table.Card == card.name) & (table.Copies == 2)).any()
    at.switch_page("pages/cards.py").run()
    at.text_input(key="cards_text").input("гуль").run()
    at.selectbox(key="cards_pick").set_value(card.id).run()
    at.button(key="cards_remove").click().run()
    assert at.session_state["deck"].size == before
    assert any("Removed" in s for s in texts(at.success))


def test_keyword_filter_and_keyword_table():
    at = open_app("cards")
    at.multiselect(key="cards_keywords").select("armor").run()
    table = frame_with(at, "Keywords")
    assert len(table) == sum(1 for c in DB if c.has("armor"))
    assert all("Armor" in k for k in table.Keywords)
    keywords = frame_with(at, "Meaning")
    assert "Armor" in set(keywords.Keyword)


def test_cards_page_in_russian_names_keywords_and_elements():
    at = open_app("cards", lang=None)
    at.multiselect(key="cards_keywords").select("exp_attack").run()
    table = frame_with(at, "Особенности")
    assert all("Опыт в атаке" in k for k in table["Особенности"])
    assert set(table["Стихии"].str.split(", ").explode()) <= {
        "Степи",
        "Горы",
        "Леса",
        "Болота",
        "Тьма",
        "Нейтралы",
    }


def test_card_shows_its_modelled_abilities_status_and_strength():
    """Issue 9: the Cards page shows each card's modelled abilities as facts and its status; the
    strength comes from the committed table of the sidebar's ruleset."""
    from analysis.cards.abilities import load_abilities
    from analysis.rules import load_ruleset
    from analysis.squad.strength_table import strength_table

    book = load_abilities()
    at = open_app("cards")
    card = DB.find("10/4")  # Гиррит: two shots, one of them with a range
    at.text_input(key="cards_text").input(card.name).run()
    at.selectbox(key="cards_pick").set_value(card.id).run()
    shown = "\n".join(texts(at.markdown))
    assert "Abilities in the battle model** — part of the text is modelled" in shown
    assert "- shot 1, range 3 — tap" in shown and "- shot 2 — counter + tap" in shown
    assert any(f"`{book['10/4'].unmodelled[0]}`" in c for c in texts(at.caption))
    value = strength_table(load_ruleset("relaunch")).value(card)
    assert f"**Strength** (relaunch rules): {value:.2f}" in shown


def test_every_ability_fact_has_words_in_both_languages():
    """Every kind, cost, trigger, target, state and 'from' value the ability data can hold has a
    word in both catalogs, so no card's ability line can fail to render."""
    import tomllib
    from pathlib import Path

    from analysis.cards import abilities as ab
    needed = ([f"ability_kind.{k}" for k in ab.KINDS] + [f"trigger.{k}" for k in ab.TRIGGERS]
              + [f"ability_cost.{k}" for k in ab.COSTS if k not in ("passive", "trigger")]
              + [f"ability_target.{k}" for k in ab.TARGETS]
              + [f"ability_state.{k}" for k in (*ab.SELF_STATES, *ab.VS_STATES)]
              + [f"ability_from.{k}" for k in ab.FROM] + [f"ability_tier.{k}" for k in ab.TIERS]
              + [f"ability_parity.{k}" for k in ab.PARITIES]
              + [f"ability_when.{k}" for k in ab.WHENS] + [f"ability_per.{k}" for k in ab.PERS]
              + [f"ability_position.{k}" for k in ab.POSITIONS] + [f"ability_area.{k}" for k in ab.AREAS]
              + [f"ability_lasts.{k}" for k in ab.LASTS] + [f"ability_rank.{k}" for k in ab.RANKS]
              + [f"ability_marker.{k}" for k in ab.MARKERS] + [f"ability_removes.{k}" for k in ab.REMOVES]
              + [f"ability.gives_{k}" for k in ab.GIVES]
              + [f"ability_onto.{k}" for k in ab.ONTO] + ["ability.onto"]
              + [f"ability.{k}" for k in ("when", "count", "partner", "per", "plus", "per_max", "lasts",
                                          "vs_has",
                                          "vs_min_move", "vs_rank", "vs_position", "area", "every", "roll",
                                          "rest",
                                          "squad_has", "keyword_move", "when_type", "removes", "marker",
                                          "fury", "tokens", "repeats", "self_too", "anywhere",
                                          "sudden", "classes", "nth", "may", "pays_counters", "needs",
                                          "boosts", "negative", "foes")])
    for lang in ("ru", "en"):
        catalog = tomllib.loads((Path(__file__).parents[2] / "app" / "locales" / f"{lang}.toml").read_text())
        missing = [k for k in needed if k.split(".")[1] not in catalog.get(k.split(".")[0], {})]
        assert not missing, (lang, missing)


def test_rare_ability_fields_render_in_russian():
    """Cards whose facts use the rarer fields (tiers, parity, life cap, the dying/wounded card's
    state or keyword, once per card, shields) show their ability lines without a missing word."""
    from analysis.cards.abilities import load_abilities

    rare = ("tiers", "parity", "life_cap", "when_state", "when_keyword", "once_per_card", "when", "per",
            "lasts",
            "vs_has", "vs_position", "area", "roll", "squad_has", "partner", "keyword")
    book = load_abilities()
    codes = [code for code, entry in book.items()
             if any(a.kind == "shield" or any(a.to_dict().get(f) for f in rare) for a in entry.abilities)]
    assert len(codes) >= 5
    at = open_app("cards", lang="ru")
    for code in codes:
        card = DB.find(code)
        at.text_input(key="cards_text").input(card.name).run()
        at.selectbox(key="cards_pick").set_value(card.id).run()
        assert not at.exception, (code, at.exception)
        lines = [line for m in texts(at.markdown) for line in m.split("\n") if line.startswith("- ")]
        assert len(lines) >= len(book[code].abilities), code


def test_a_fact_that_is_not_played_says_so_in_both_languages():
    """A fact with ``requires`` (a condition the battle cannot check) is listed with the reason it
    is never played."""
    card = DB.find("20/77")  # Санитар рощи: its magic strike only while it hosts a symbiote
    (fact,) = [a for a in card.abilities.abilities if a.requires]
    for lang, words in (("ru", "не играется"), ("en", "not played")):
        at = open_app("cards", lang=lang)
        at.text_input(key="cards_text").input(card.name).run()
        at.selectbox(key="cards_pick").set_value(card.id).run()
        assert not at.exception
        lines = [line for m in texts(at.markdown) for line in m.split("\n") if fact.requires in line]
        assert lines and words in lines[0], lang


def test_status_filter_and_the_pool_coverage_figures():
    """Issue 19: the Cards page filters by how much of a card's text the battle plays, shows that
    status in the table, and gives the coverage targets with the figures of the library report."""
    from analysis.decks.coverage import coverage
    from analysis.summaries.coverage import target_frame

    at = open_app("cards")
    at.multiselect(key="cards_statuses").select("full").run()
    table = frame_with(at, "Keywords")
    full = [c for c in DB if c.abilities is not None and c.abilities.status == "full"]
    assert sorted(table["Set/No."]) == sorted(c.code for c in full)
    assert set(table.Status) == {"whole text"}
    targets = target_frame(coverage(DB))
    shown = {m.label: str(m.value) for m in at.metric}
    row = targets.set_index("target").loc["deck_copies_full"]
    assert shown["Sample decks' copies: whole text"] == f"{100 * row.share:.1f}%"
    spec = next(s for s in plotly_specs(at) if "Card status" in s["layout"]["title"]["text"])
    assert {t["name"] for t in spec["data"]} == {"whole text", "part of the text", "text not played"}
