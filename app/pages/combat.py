"""Combat page: two creatures (or custom stats), open or closed, modifiers, weakening policy →
the 6×6 dice grid, the exact outcome distribution, duel odds, and one creature against a deck.

Each side's choices (card or custom stats, the creature, modifiers, stats) are kept for the whole
session (``persist_state``), so a typo in the modifiers or a switch to custom stats and back never
resets the chosen creature.
"""

from __future__ import annotations

import json

import plotly.express as px
import plotly.graph_objects as go
import streamlit as st
from i18n import num, t
from ui import (
    card_db,
    chart,
    current_deck,
    current_rules,
    deck_title,
    md,
    page_setup,
    show_input_error,
    table,
    words_for,
)

from analysis.combat.duel import DUEL_POLICIES, duel
from analysis.combat.ratings import creature_pool
from analysis.combat.strike import (
    EXTRA_MODIFIERS,
    NAMED_MODIFIERS,
    WEAKEN_POLICIES,
    fighter_from_card,
    fighter_from_stats,
    model_of,
    parse_modifiers,
    strike_odds,
)
from analysis.summaries.combat import (
    OUTCOMES,
    dice_grid,
    duel_frame,
    outcome_frame,
    outcome_totals,
    versus_deck,
    weighted_win,
)
from analysis.util.errors import BerserkInputError

page_setup()

OUTCOME_COLOURS = dict(
    zip(OUTCOMES, ("#1a7f37", "#8250df", "#cf222e", "#d4a72c", "#74c476", "#f4a3a3", "#d0d7de"), strict=True)
)


def outcome_name(outcome: str) -> str:
    return t(f"outcome.{outcome.replace(' ', '_')}")


def describe(fighter) -> str:
    """``Name X-Y-Z, жизни N [Опыт в атаке 1, …]`` in the current language."""
    mods = [
        f"{t(f'modifier.{k}')} {getattr(fighter, k)}"
        for k in (
            "exp_attack",
            "exp_defence",
            "blessing",
            "curse",
            "clumsiness",
            "armor",
            "regeneration",
            "roll",
            "power",
        )
        if getattr(fighter, k)
    ]
    text = t(
        "combat.describe", name=fighter.name, strike="-".join(map(str, fighter.strike)), life=fighter.life
    )
    return text + (f" [{', '.join(mods)}]" if mods else "")


db = card_db()
deck = current_deck()
rules = current_rules()
model = model_of(rules)
pool = creature_pool(db)
labels = {
    c.id: t(
        "combat.creature_label",
        name=c.name,
        code=c.code,
        strike="-".join(map(str, c.strike)),
        life=c.life,
        cost=c.cost,
    )
    for c in pool
}
in_deck = [
    db.default_printing(e.card).id
    for e in deck.entries
    if e.card.is_creature and e.card.strike and e.card.life
]
in_deck = [i for i in dict.fromkeys(in_deck) if i in labels]
defaults = (in_deck + [c.id for c in pool])[:2]

st.title(t("page.combat"))
st.caption(t("combat.intro", rules=rules.name, model=t(f"combat.model_{model}")))


def modifier_names() -> dict[str, str]:
    """The modifiers' names a player may type, in the page's language (lower case) → the library's
    names: ``опыт в атаке=1`` on the Russian page, ``exp_attack=1`` everywhere (issue 21: the Russian
    page showed the English column names as its syntax)."""
    named = {t(f"keyword.{m}").lower(): m for m in NAMED_MODIFIERS}
    extra = {t(f"combat.mod_{m}").lower(): m for m in EXTRA_MODIFIERS}
    return named | extra | {m: m for m in (*NAMED_MODIFIERS, *EXTRA_MODIFIERS)}


def read_modifiers(text: str) -> dict[str, int]:
    """The modifiers typed on the page, names in either language (``name=X``, a bare name = 1)."""
    known = {k.replace("ё", "е"): v for k, v in modifier_names().items()}
    parts = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, value = part.partition("=")
        key = " ".join(name.lower().replace("ё", "е").split())
        parts.append(f"{known.get(key, name.strip())}{eq}{value}")
    return parse_modifiers(", ".join(parts))


def fighter_input(side: str, default_id: int):
    """A creature card or custom stats, plus modifiers; returns a Fighter or None (error shown).

    Every widget is drawn before anything is parsed, so a bad modifier never hides (and so never
    resets) the creature picker.
    """
    st.subheader(t(f"combat.{side}"))
    kind = st.radio(
        t("combat.fighter"),
        ["card", "custom"],
        horizontal=True,
        key=f"combat_{side}_kind",
        format_func=words_for(["card", "custom"], lambda k: t(f"combat.kind_{k}")),
        persist_state="session",
    )
    if kind == "card":
        options = list(labels)
        if st.session_state.get(f"combat_{side}_card") not in labels:
            st.session_state.pop(f"combat_{side}_card", None)
        card_id = st.selectbox(
            t("combat.creature"),
            options,
            index=options.index(default_id),
            format_func=labels.get,
            key=f"combat_{side}_card",
            persist_state="session",
        )
    else:
        c1, c2 = st.columns(2)
        strike = c1.text_input(
            t("combat.strike"), value="2-3-4", key=f"combat_{side}_strike", persist_state="session"
        )
        life = int(
            c2.number_input(
                t("combat.life"),
                min_value=1,
                max_value=200,
                value=10,
                key=f"combat_{side}_life",
                persist_state="session",
            )
        )
    mods_text = st.text_input(
        t("combat.modifiers"),
        key=f"combat_{side}_mods",
        persist_state="session",
        placeholder=t("combat.modifiers_placeholder"),
        help=t("combat.modifiers_help"),
    )
    try:
        mods = read_modifiers(mods_text) if mods_text.strip() else None
        if kind == "card":
            return fighter_from_card(db.by_id(card_id), mods)
        return fighter_from_stats(
            strike,
            life,
            mods,
            name=t("combat.custom_name", side=t(f"combat.{side}"), strike=strike, life=life),
        )
    except BerserkInputError as exc:
        show_input_error(exc, t("combat.bad_input"))
        return None


# The address parameter that keeps the page's choices, so a reload or a language switch through the
# address (a new session) opens the same fight (issue 21 item 12). (Comments, not strings: a bare string
# in a page script is drawn by Streamlit.)
URL_KEY = "combat"
SIDE_CHOICES = {
    "kind": lambda v: v in ("card", "custom"),
    "card": lambda v: isinstance(v, int) and v in labels,
    "strike": lambda v: isinstance(v, str) and len(v) <= 20,
    "life": lambda v: isinstance(v, int) and 1 <= v <= 200,
    "mods": lambda v: isinstance(v, str) and len(v) <= 200,
}
CHOICES = {
    **{f"combat_{side}_{name}": ok for side in ("attacker", "target") for name, ok in SIDE_CHOICES.items()},
    "combat_closed": lambda v: v in ("open", "closed"),
    "combat_weaken": lambda v: v in WEAKEN_POLICIES,
    "combat_duel_policy": lambda v: v in DUEL_POLICIES,
}
# Each kept choice and the check a value from the address must pass (anything else is ignored).


def restore_choices() -> None:
    """Once per session: the choices kept in the address, where the session has none of its own."""
    if st.session_state.get("combat_restored"):
        return
    st.session_state["combat_restored"] = True
    try:
        kept = json.loads(st.query_params.get(URL_KEY, "{}"))
    except ValueError:
        return
    if not isinstance(kept, dict):
        return
    for key, ok in CHOICES.items():
        if key in kept and key not in st.session_state and ok(kept[key]):
            st.session_state[key] = kept[key]


def keep_choices() -> None:
    """The page's current choices into the address (compact JSON)."""
    kept = {k: st.session_state[k] for k in CHOICES if k in st.session_state}
    text = json.dumps(kept, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    if st.query_params.get(URL_KEY) != text:
        st.query_params[URL_KEY] = text


restore_choices()
left, right = st.columns(2)
with left:
    attacker = fighter_input("attacker", defaults[0])
with right:
    target = fighter_input("target", defaults[-1])
keep_choices()
if attacker is None or target is None:
    st.stop()
st.caption(t("combat.versus", attacker=md(describe(attacker)), target=md(describe(target))))

o1, o2, o3 = st.columns(3)
closed = (
    o1.radio(
        t("combat.target_state"),
        ["open", "closed"],
        horizontal=True,
        key="combat_closed",
        format_func=words_for(["open", "closed"], lambda s: t(f"combat.target_{s}")),
        persist_state="session",
    )
    == "closed"
)
weaken = o2.selectbox(
    t("combat.weaken"),
    WEAKEN_POLICIES,
    index=WEAKEN_POLICIES.index("best"),
    key="combat_weaken",
    format_func=words_for(WEAKEN_POLICIES, lambda w: t(f"weaken.{w}")),
    help=t("combat.weaken_help"),
    persist_state="session",
)
policy = o3.selectbox(
    t("combat.duel_play"),
    DUEL_POLICIES,
    key="combat_duel_policy",
    format_func=words_for(DUEL_POLICIES, lambda p: t(f"duel_policy.{p}")),
    help=t("combat.duel_play_help"),
    persist_state="session",
)
keep_choices()

# --------------------------------------------------------------------------- one strike
st.header(t("combat.one_strike"))
grid = dice_grid(attacker, target, rules, closed=closed, weaken=weaken)
odds = strike_odds(attacker, target, rules, closed=closed, weaken=weaken)
outcomes = outcome_frame(odds)
left, right = st.columns([3, 2])
with left:
    codes = {o: i for i, o in enumerate(OUTCOMES)}
    z = grid.pivot(index="attacker_die", columns="parrier_die", values="outcome").map(codes.get)
    text = grid.assign(
        t=grid.to_target.astype(str)
        + " / "
        + grid.to_attacker.astype(str)
        + grid.weakened.map({True: " *", False: ""})
    ).pivot(index="attacker_die", columns="parrier_die", values="t")
    hover = grid.assign(
        h=grid.apply(
            lambda r: t(
                "combat.grid_hover",
                dealt=t(f"strike_kind.{r.dealt}"),
                returned=t(f"strike_kind.{r.returned}"),
                outcome=outcome_name(r.outcome),
            ),
            axis=1,
        )
    ).pivot(index="attacker_die", columns="parrier_die", values="h")
    n = len(OUTCOMES)
    scale = []
    for i, o in enumerate(OUTCOMES):
        scale += [(i / n, OUTCOME_COLOURS[o]), ((i + 1) / n, OUTCOME_COLOURS[o])]
    fig = go.Figure(
        go.Heatmap(
            z=z.values,
            x=list(z.columns),
            y=list(z.index),
            text=text.values,
            texttemplate="%{text}",
            customdata=hover.values,
            zmin=-0.5,
            zmax=n - 0.5,
            colorscale=scale,
            showscale=False,
            xgap=2,
            ygap=2,
            hovertemplate=t("combat.grid_hover_dice") + "<br>%{customdata}<extra></extra>",
        )
    )
    parrier = t("combat.defence_die") if model == "defence_die" else t("combat.parrier_die")
    fig.update_layout(
        title=t("combat.chart_grid"),
        height=460,
        xaxis=dict(title=parrier + (t("combat.not_rolled") if closed else ""), dtick=1, side="top"),
        yaxis=dict(title=t("combat.attacker_die"), dtick=1, autorange="reversed"),
    )
    chart(fig, "chart_dice_grid", legend=False, top=110)  # room for the die faces on top
    present = [o for o in OUTCOMES if o in set(grid.outcome)]
    st.markdown(
        " ".join(
            f"<span style='background:{OUTCOME_COLOURS[o]};padding:1px 6px;border-radius:3px;"
            f"color:{'#fff' if o in ('target dies', 'both die', 'attacker dies') else '#000'}'>"
            f"{outcome_name(o)}</span>"
            for o in present
        ),
        unsafe_allow_html=True,
    )
    if model == "defence_die":
        st.caption(t("combat.defence_faces"))
with right:
    totals = outcome_totals(outcomes).assign(outcome=lambda f: f.outcome.map(outcome_name))
    fig = px.bar(
        totals,
        x="p",
        y="outcome",
        orientation="h",
        color="outcome",
        color_discrete_map={outcome_name(o): c for o, c in OUTCOME_COLOURS.items()},
        text=totals.p.map(lambda p: num(p, "share")),
        title=t("combat.chart_outcomes"),
    )
    fig.update_traces(textposition="outside", cliponaxis=False)
    fig.update_layout(
        showlegend=False,
        height=320,
        yaxis=dict(title=""),
        xaxis=dict(title=t("axis.probability"), range=[0, 1.15]),
    )
    chart(fig, "chart_outcomes", legend=False)
    k1, k2 = st.columns(2)
    k1.metric(
        t("combat.p_target_dies"), num(float(odds.p_target_dies), "share"), help=str(odds.p_target_dies)
    )
    k2.metric(
        t("combat.p_attacker_dies"), num(float(odds.p_attacker_dies), "share"), help=str(odds.p_attacker_dies)
    )
st.markdown(t("combat.outcome_table"))
table(
    outcomes.assign(outcome=outcomes.outcome.map(outcome_name)),
    "combat_outcomes",
    kinds={"p": "share"},
    static=True,
)

# --------------------------------------------------------------------------- duel
st.header(t("combat.duel"))
try:
    results = [
        duel(attacker, target, rules, policy=policy, weaken=weaken),
        duel(target, attacker, rules, policy=policy, weaken=weaken),
    ]
except BerserkInputError as exc:
    show_input_error(exc, t("combat.bad_input"))
    st.stop()
duels = duel_frame(results)
a_wins = 0.5 * (results[0].first_wins + results[1].second_wins)
t_wins = 0.5 * (results[0].second_wins + results[1].first_wins)
mine, theirs = st.columns([3, 1])
mine.markdown(t("combat.wins_of", name=md(attacker.name)))
d1, d2, d3 = mine.columns(3)
d1.metric(t("combat.wins_first"), num(results[0].first_wins, "share"))
d2.metric(t("combat.wins_second"), num(results[1].second_wins, "share"))
d3.metric(t("combat.wins_split"), num(a_wins, "share"))
theirs.markdown(t("combat.wins_of", name=md(target.name)))
theirs.metric(t("combat.wins_split"), num(t_wins, "share"))
duels = duels.assign(
    policy=duels.policy.map(lambda p: t(f"duel_policy.{p}")),
    weaken=duels.weaken.map(lambda w: t(f"weaken.{w}")),
).rename(columns={"policy": "play"})
table(
    duels,
    "combat_duels",
    kinds=dict.fromkeys(("first_wins", "second_wins", "both_die", "undecided"), "share"),
    static=True,
)
st.caption(
    t("combat.duel_caption", policy=t(f"duel_policy.{policy}"), weaken=t(f"weaken.{results[0].weaken}"))
)

# --------------------------------------------------------------------------- against the deck
st.header(t("combat.against_deck", name=md(attacker.name), title=md(deck_title(deck))))
try:
    versus = versus_deck(attacker, deck, rules, weaken=weaken)
except BerserkInputError:
    st.info(t("combat.no_creatures", title=md(deck_title(deck))))
    st.stop()
st.metric(t("combat.m_random"), num(weighted_win(versus), "share"), help=t("combat.m_random_help"))
long = versus.melt(
    id_vars=["name"], value_vars=["win", "both_die", "loss"], var_name="result", value_name="p"
)
long["result"] = long["result"].map(lambda r: t(f"combat.result_{r}"))
fig = px.bar(
    long,
    x="p",
    y="name",
    color="result",
    orientation="h",
    color_discrete_map={
        t("combat.result_win"): "#1a7f37",
        t("combat.result_both_die"): "#8250df",
        t("combat.result_loss"): "#cf222e",
    },
    title=t("combat.chart_versus", name=attacker.name),
    labels={"p": "", "name": "", "result": ""},
)
fig.update_layout(
    barmode="stack",
    height=max(320, 28 * len(versus) + 140),
    yaxis=dict(title="", autorange="reversed"),
    xaxis=dict(title=t("axis.probability"), range=[0, 1]),
)
chart(fig, "chart_versus")
table(versus, "combat_versus", kinds=dict.fromkeys(("win", "loss", "both_die"), "share"))
