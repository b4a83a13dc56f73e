"""Cards page: search and filter the card table, read a card's details, add it to the deck."""

from __future__ import annotations

import pandas as pd
import plotly.express as px
import streamlit as st
from i18n import num, t, tn
from ui import (
    ELEMENT_COLOURS,
    card_db,
    chart,
    current_deck,
    current_rules,
    element_name,
    elements_text,
    keep_valid,
    keyword_name,
    kind_name,
    md,
    multiselect,
    page_setup,
    set_deck,
    show_input_error,
    table,
    translate_list,
    type_name,
    words_for,
    yes_no,
)

from analysis.cards.abilities import load_abilities
from analysis.cards.schema import CARD_TYPES, keywords, set_names
from analysis.decks.coverage import coverage
from analysis.squad.strength_table import strength_table
from analysis.summaries.coverage import STATUS_ORDER, status_frame, target_frame
from analysis.summaries.deck import (
    ELEMENT_ORDER,
    add_copies,
    card_frame,
    copies_in,
    keyword_columns_in_use,
    set_copies,
    strike_text,
)
from analysis.util.errors import BerserkInputError

page_setup()


def keywords_text(text: str) -> str:
    """``"exp_attack 1, armor 2"`` (the card table's keyword cell) in words: ``Опыт в атаке 1, Броня 2``."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        column, _, value = part.partition(" ")
        out.append(f"{keyword_name(column)} {value}".strip())
    return ", ".join(out)


def ability_text(a: dict) -> str:
    """One modelled ability (``Ability.to_dict()``) in the page's language, as facts:
    "выстрел 1-2-3, дальность 4 — тап"."""
    head = t(f"ability_kind.{a['kind']}")
    amount = "-".join(str(x) for x in a["damage"])
    froms = ", ".join(t(f"ability_from.{w}") for w in a.get("from", ()))
    if a["kind"] == "keyword" and a.get("keyword") == "move":
        negative = bool(a["damage"]) and a["damage"][0] < 0
        head = t("ability.keyword_move_minus" if negative else "ability.keyword_move_plus", n=amount or 1)
    elif a["kind"] == "keyword":
        column = a.get("keyword", "")
        head += " " + (t("ability.keyword_move") if column == "move" else keyword_name(column))
        head += f" {amount}" if amount else ""
    elif a["kind"] in ("reduce", "protection") and a.get("from"):
        head += f" {amount}" if amount else ""
        head += " " + t("ability.from", what=froms)
    elif amount:
        head += f" {amount}"
    parts = [head]
    if a.get("from") and a["kind"] not in ("reduce", "protection"):
        parts.append(t("ability.from", what=froms))
    if a.get("boosts"):
        parts.append(t("ability.boosts", what=", ".join(t(f"ability_from.{w}") for w in a["boosts"])))
    if a["range"] is not None:
        parts.append(t("ability.range", n=a["range"]))
    if a["targets"] > 1:
        parts.append(t("ability.targets", n=a["targets"]))
    if a.get("target"):
        parts.append(t(f"ability_target.{a['target']}"))
    for key in ("vs_elements", "vs_classes", "vs_types"):
        if a.get(key):
            words = [element_name(x) if key == "vs_elements" else type_name(x) if key == "vs_types" else x
                     for x in a[key]]
            parts.append(t("ability.vs", what=", ".join(words)))
    if a.get("vs_min_cost") is not None:
        parts.append(t("ability.vs_min_cost", n=a["vs_min_cost"]))
    if a.get("vs_max_cost") is not None:
        parts.append(t("ability.vs_max_cost", n=a["vs_max_cost"]))
    if a.get("vs_state"):
        parts.append(t("ability.vs", what=t(f"ability_state.{a['vs_state']}")))
    if a.get("self_state"):
        parts.append(t("ability.while", what=t(f"ability_state.{a['self_state']}")))
    if a.get("tiers"):
        parts.append(t("ability.tiers", what=", ".join(t(f"ability_tier.{x}") for x in a["tiers"])))
    if a.get("parity"):
        parts.append(t("ability.parity", what=t(f"ability_parity.{a['parity']}")))
    if a.get("life_cap"):
        parts.append(t("ability.life_cap", n=a["life_cap"]))
    if a.get("when_state"):
        parts.append(t("ability.when_state", what=t(f"ability_state.{a['when_state']}")))
    if a.get("when_keyword"):
        parts.append(t("ability.when_keyword", what=keyword_name(a["when_keyword"])))
    if a.get("when_elements"):
        parts.append(t("ability.when_elements", what=", ".join(element_name(x) for x in a["when_elements"])))
    if a.get("once_per_card"):
        parts.append(t("ability.once_per_card"))
    if a.get("when_type"):
        parts.append(t("ability.when_type", what=type_name(a["when_type"])))
    if a.get("when_elements"):
        parts.append(t("ability.when_type", what=", ".join(element_name(x) for x in a["when_elements"])))
    if a.get("gives"):
        parts.append(t(f"ability.gives_{a['gives']}"))
    if a.get("removes"):
        parts.append(t("ability.removes", what=", ".join(t(f"ability_removes.{x}") for x in a["removes"])))
    if a.get("marker"):
        parts.append(t("ability.marker", what=t(f"ability_marker.{a['marker']}")))
    if a.get("fury"):
        parts.append(t("ability.fury", n=a["fury"]))
    if a.get("tokens"):
        parts.append(t("ability.tokens", n=a["tokens"]))
    if a["cost"] == "trigger" and a.get("counters"):
        parts.append(t("ability.pays_counters", n=a["counters"]))
    for flag in ("repeats", "self_too", "anywhere", "sudden", "may"):
        if a.get(flag):
            parts.append(t(f"ability.{flag}"))
    if a.get("formation"):
        parts.append(t("ability.formation"))
    parts.extend(_situational_parts(a))
    if a.get("seat"):
        parts.append(t(f"ability.seat_{a['seat']}"))
    if a.get("uses_per_battle"):
        parts.append(t("ability.per_battle", n=a["uses_per_battle"]))
    if a.get("uses_per_turn"):
        parts.append(t("ability.per_turn", n=a["uses_per_turn"]))
    text = ", ".join(parts)
    if a["cost"] == "trigger":
        text += " — " + t(f"trigger.{a.get('trigger') or 'strike'}")
    elif a["cost"] != "passive":
        cost = t(f"ability_cost.{a['cost']}")
        if a.get("counters", 1) > 1:
            cost += f" ×{a['counters']}"
        text += f" — {cost}"
    if a.get("extra"):
        text += " " + t("ability.extra", what=f"`{a['extra']}`")
    if a.get("requires"):
        text += " " + t("ability.requires", what=f"`{a['requires']}`")
    return text


def _situational_parts(a: dict) -> list[str]:
    """The words of the board conditions, scaled amounts, areas and durations of an ability."""
    from analysis.cards.abilities import KINDS

    parts = []
    if a.get("when"):
        parts.append(t("ability.when", what=t(f"ability_when.{a['when']}")))
    if a.get("count"):
        parts.append(t("ability.count", n=a["count"]))
    if a.get("partner"):
        parts.append(t("ability.partner", what=t(f"ability_rank.{a['partner']}")))
    if a.get("squad_has"):
        parts.append(t("ability.squad_has", what=", ".join(element_name(x) for x in a["squad_has"])))
    if a.get("classes"):
        parts.append(t("ability.classes", what=", ".join(a["classes"])))
    if a.get("nth"):
        parts.append(t("ability.nth", n=a["nth"]))
    if a.get("needs"):
        words = [type_name(x) if x in CARD_TYPES else x for x in a["needs"]]
        parts.append(t("ability.needs", what=", ".join(words)))
    if a.get("per"):
        parts.append(t("ability.per", what=t(f"ability_per.{a['per']}")))
    if a.get("negative"):
        parts.append(t("ability.negative"))
    if a.get("may"):
        parts.append(t("ability.may"))
    if a.get("foes"):
        parts.append(t("ability.foes" if a.get("kind") == "fight" else "ability.foes_attacks",
                       what=", ".join(type_name(x) for x in a["foes"])))
    if a.get("plus"):
        parts.append(t("ability.plus", n=a["plus"]))
    if a.get("per_max"):
        parts.append(t("ability.per_max", n=a["per_max"]))
    if a.get("vs_has"):
        words = [t(f"ability_kind.{x}") if x in KINDS else keyword_name(x) for x in a["vs_has"]]
        parts.append(t("ability.vs_has", what=", ".join(words)))
    if a.get("vs_min_move") is not None:
        parts.append(t("ability.vs_min_move", n=a["vs_min_move"]))
    if a.get("vs_max_move") is not None:
        parts.append(t("ability.vs_max_move", n=a["vs_max_move"]))
    if a.get("vs_rank"):
        parts.append(t("ability.vs_rank", what=t(f"ability_rank.{a['vs_rank']}")))
    if a.get("vs_position"):
        parts.append(t("ability.vs_position", what=t(f"ability_position.{a['vs_position']}")))
    if a.get("area"):
        parts.append(t("ability.area", what=t(f"ability_area.{a['area']}")))
    if a.get("onto"):
        parts.append(t("ability.onto", what=t(f"ability_onto.{a['onto']}")))
    if a.get("zone"):
        parts.append(t("ability.zone", what=t(f"ability_zone.{a['zone']}")))
    if a.get("picker"):
        parts.append(t("ability.picker"))
    if a.get("missing"):
        parts.append(t("ability.missing", what=t(f"ability_missing.{a['missing']}"), n=a.get("count", 1)))
    if a.get("kind") == "fetch" and a.get("into"):
        parts.append(t(f"ability.fetch_into_{a['into']}"))
    if a.get("squad_max"):
        parts.append(t("ability.squad_max", n=a["squad_max"]))
    if a.get("grave_lacks_name"):
        parts.append(t("ability.grave_lacks_name"))
    if a.get("same_cost"):
        parts.append(t("ability.same_cost"))
    if a.get("new_name"):
        parts.append(t("ability.new_name"))
    if a.get("named"):
        parts.append(t("ability.named", what=a["named"]))
    if a.get("shown"):
        parts.append(t("ability.shown", what=", ".join(t(f"ability_shown.{x}") for x in a["shown"])))
    if a.get("shown_cost"):
        parts.append(t(f"ability.shown_cost_{a['shown_cost']}"))
    if a.get("every"):
        parts.append(t("ability.every"))
    if a.get("roll"):
        parts.append(t("ability.roll", what=", ".join(str(x) for x in a["roll"])))
    if a.get("rest"):
        parts.append(t("ability.rest"))
    if a.get("lasts"):
        parts.append(t("ability.lasts", what=t(f"ability_lasts.{a['lasts']}")))
    return parts


@st.cache_resource(show_spinner=False)
def ability_book():
    return load_abilities()


@st.cache_resource(show_spinner=False)
def pool_coverage():
    """How much of the card texts the battle plays (computed from the data once per process)."""
    return coverage(card_db())


STATUS_COLOURS = {"full": "#2e7d32", "partial": "#f9a825", "none": "#9e9e9e"}


def coverage_section() -> None:
    """Issue 19's coverage targets as metrics and the status of each tournament set and sample deck
    as stacked bars: what share of the figures below rests on cards played in full."""
    report = pool_coverage()
    st.caption(t("cards.coverage_intro"))
    columns = st.columns(len(report.targets))
    for column, row in zip(columns, target_frame(report).itertuples(), strict=True):
        column.metric(
            t(f"cards.target_{row.target}"),
            num(row.share, "share"),
            t("cards.target_met" if row.met else "cards.target_unmet", goal=row.goal),
            delta_color="normal" if row.met else "off",
            help=t("cards.target_counted", counted=row.counted, of=row.of),
        )
    frame = status_frame(report)
    frame = frame.assign(
        status_word=frame.status.map(lambda s: t(f"cards.status_short_{s}")),
        share_pct=frame.share * 100,
    )
    fig = px.bar(
        frame,
        x="share_pct",
        y="group",
        color="status_word",
        orientation="h",
        category_orders={"status_word": [t(f"cards.status_short_{s}") for s in STATUS_ORDER],
                         "group": list(dict.fromkeys(frame.group))},
        color_discrete_map={t(f"cards.status_short_{s}"): c for s, c in STATUS_COLOURS.items()},
        custom_data=["count"],
        title=t("cards.coverage_chart"),
        labels={"share_pct": t("cards.coverage_axis"), "group": "", "status_word": ""},
    )
    fig.update_traces(hovertemplate="%{y}: %{x:.1f} % (%{customdata[0]})<extra></extra>")
    fig.update_xaxes(range=[0, 100])
    fig.update_layout(height=520)
    chart(fig, "chart_card_coverage", legend="bottom")


db = card_db()
st.title(t("page.cards"))

c1, c2, c3 = st.columns([2, 2, 2])
text = c1.text_input(
    t("cards.name_contains"),
    key="cards_text",
    placeholder=t("cards.name_placeholder"),
    persist_state="session",
)
sets = set_names()
chosen_sets = multiselect(
    c2,
    t("cards.sets"),
    list(sets),
    format_func=lambda s: f"{s} {sets[s]}",
    key="cards_sets",
    persist_state="session",
)
chosen_elements = multiselect(
    c3,
    t("cards.elements"),
    list(ELEMENT_ORDER),
    format_func=words_for(ELEMENT_ORDER, element_name),
    key="cards_elements",
    persist_state="session",
)
c1, c2, c3, c4, c5 = st.columns([2, 2, 1, 2, 2])
chosen_types = multiselect(
    c1,
    t("cards.types"),
    list(CARD_TYPES),
    format_func=words_for(CARD_TYPES, type_name),
    key="cards_types",
    persist_state="session",
)
max_cost = max(c.cost for c in db)
cost = c2.slider(t("cards.cost"), 0, max_cost, (0, max_cost), key="cards_cost", persist_state="session")
elite_choice = c3.radio(
    t("cards.kind"),
    ["any", "elite", "ordinary"],
    key="cards_elite",
    format_func=words_for(
        ["any", "elite", "ordinary"], lambda k: t("cards.kind_any") if k == "any" else kind_name(k)
    ),
    persist_state="session",
)
in_use = keyword_columns_in_use(db)
chosen_keywords = multiselect(
    c4,
    t("cards.keywords"),
    in_use,
    format_func=words_for(in_use, keyword_name),
    key="cards_keywords",
    persist_state="session",
)
chosen_statuses = multiselect(
    c5,
    t("cards.statuses"),
    list(STATUS_ORDER),
    format_func=words_for(STATUS_ORDER, lambda s: t(f"cards.status_short_{s}")),
    key="cards_statuses",
    persist_state="session",
)

found = card_frame(
    db,
    text=text,
    sets=chosen_sets,
    elements=chosen_elements,
    types=chosen_types,
    cost=tuple(cost),
    elite=None if elite_choice == "any" else elite_choice == "elite",
    keyword_columns=chosen_keywords,
    statuses=chosen_statuses,
)
st.caption(t("cards.match", shown=len(found), total=len(db)))
with st.expander(t("cards.coverage_title")):
    coverage_section()
shown = (
    found.drop(columns=["id", "set"])  # the set is the first number of the code
    .assign(
        type=found.type.map(type_name),
        elements=found.elements.map(lambda s: translate_list(s, "element")),
        elite=found.elite.map(kind_name),
        unique=found.unique.map(lambda u: t("common.yes") if u else ""),
        keywords=found.keywords.map(keywords_text),
        status=found.status.map(lambda s: t(f"cards.status_short_{s}")),
    )
    .rename(columns={"elite": "kind"})
)
table(
    shown,
    "cards_table",
    height=min(320, 35 * (len(found) + 1) + 3),
    wide=["keywords"],
    widths={"name": "medium", "type": "medium"},  # issue 21 #10: long names and "Летающее существо" were cut
)

if found.empty:
    st.info(t("cards.none"))
    st.stop()

st.header(t("cards.details"))
labels = {
    int(r.id): t("cards.pick_label", name=r.name, code=r.code, type=type_name(r.type), cost=r.cost)
    for r in found.itertuples()
}
keep_valid("cards_pick", list(labels))
card_id = st.selectbox(
    t("cards.card"), list(labels), format_func=labels.get, key="cards_pick", persist_state="session"
)
card = db.by_id(card_id)
left, right = st.columns([3, 4])
with left:
    colour = ELEMENT_COLOURS[(card.elements or ("neutral",))[0]]
    st.markdown(f"### <span style='color:{colour}'>■</span> {md(card.name)}", unsafe_allow_html=True)
    facts = {
        "set": f"{card.set_name} ({card.code})",
        "type": type_name(card.type),
        "elements": elements_text(card),
        "cost": t("cards.cost_elite" if card.elite else "cards.cost_ordinary", cost=card.cost),
        "life": "—" if card.life is None else str(card.life),
        "strike": strike_text(card) or "—",
        "move": str(card.move),
        "unique": yes_no(card.unique),
        "horde": yes_no(card.horde),
        "banned": yes_no(card.banned),
        "classes": ", ".join(card.classes) or "—",
        "complete": yes_no(card.complete),
    }
    table(
        pd.DataFrame({"fact": [t(f"fact.{k}") for k in facts], "detail": list(facts.values())}),
        "card_details",
        static=True,
    )
with right:
    st.markdown(f"**{t('cards.keywords_of')}**")
    numbered = {k.column for k in keywords() if k.kind == "number"}
    if not card.keywords:
        st.caption(t("cards.no_keywords"))
    else:
        kw = pd.DataFrame(
            [
                {
                    "keyword": keyword_name(col),
                    "x": str(value) if col in numbered else "",
                    "meaning": t(f"keyword_meaning.{col}"),
                }
                for col, value in card.keywords
            ]
        )
        table(kw, "card_keywords", static=True)

    entry = ability_book().get(card.code)
    status = entry.status if entry else "none"
    st.markdown(f"**{t('cards.abilities_of')}** — {t(f'cards.status_{status}')}")
    if entry and entry.abilities:
        st.markdown("\n".join(f"- {ability_text(a.to_dict())}" for a in entry.abilities))
    elif status != "full":
        st.caption(t("cards.no_abilities"))
    else:
        st.caption(t("cards.no_text"))
    if entry and (entry.start_counters or entry.start_counters_second):
        st.caption(t("cards.start_counters", n=entry.start_counters, second=entry.start_counters_second))
    if entry and entry.counters_are_tokens:
        st.caption(t("cards.counters_are_tokens"))
    if entry and entry.unmodelled:
        # the phrases are data (English, as stored in data/abilities), shown as such
        st.caption(t("cards.unmodelled") + " " + "; ".join(f"`{p}`" for p in entry.unmodelled))
    table_ = strength_table(current_rules())
    value = table_.value(card)
    st.markdown(t("cards.strength", value=value, rules=current_rules().name)
                + ("" if table_.fitted(card) else " " + t("cards.strength_unfitted")))

    deck = current_deck()
    have = copies_in(deck, card)
    st.markdown(t("cards.in_deck", copies=tn("unit.copies", have), card=card.name))
    n = st.number_input(
        t("cards.copies_to_add"), min_value=1, max_value=10, value=1, step=1, key="cards_add_n"
    )
    a, b = st.columns(2)
    if a.button(t("cards.add"), type="primary", key="cards_add"):
        try:
            set_deck(add_copies(deck, card, int(n)), ("edit",))
        except BerserkInputError as exc:  # e.g. a deck over the size bound
            show_input_error(exc, t("error.add_copies"))
        else:
            st.session_state["cards_message"] = t("cards.added", copies=tn("unit.copies", int(n)),
                                                  card=card.name)
            st.rerun()
    if b.button(
        t("cards.remove"), disabled=not any(e.card.id == card.id for e in deck.entries), key="cards_remove"
    ):
        set_deck(set_copies(deck, card, 0), ("edit",))
        st.session_state["cards_message"] = t("cards.removed", card=card.name, code=card.code)
        st.rerun()
    message = st.session_state.pop("cards_message", None)
    if message:
        st.success(message + " " + t("cards.deck_now", cards=tn("unit.cards", current_deck().size)))
