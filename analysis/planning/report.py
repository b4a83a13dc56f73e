"""The deck report: one self-contained HTML file to print or send (``berserk report``).

    >>> report = build_report(deck, rules, name="Ковен", field=field, games=500)
    >>> write_report("report.html", report)

Sections: the deck and its compact code; the legality check (RULES.md §2); the cost curve; the
elements and card types; the exact odds of the first deal; the optimal mulligan thresholds by seat;
the distribution of the optimal squad's value ("squad strength" under the recruitment ``objective``
— strength by default, or crystals — what the recruitment optimizer maximises); the budgets by
seat; and, given a field, the expected score and the matchups against it
(:mod:`analysis.planning.meta`). Every Monte Carlo figure states its seed and sample size and
carries a 95 % interval. plotly.js is embedded once (:mod:`analysis.planning.html`), so the file
opens without a network.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.decks.deck import Deck, format_nxt
from analysis.decks.legality import LegalityReport, check_deck
from analysis.matchup.simulate import MATCHUP_OBJECTIVES, MatchupSettings, objective_ratings
from analysis.planning import figures as fig
from analysis.planning.field import Field
from analysis.planning.games import GameRunner, Progress
from analysis.planning.html import figure_div, page, table_html, text
from analysis.planning.meta import MetaResult, expected_scores
from analysis.planning.tune import TuneResult
from analysis.rules import Ruleset
from analysis.squad.deals import Simulation, deal_odds, simulate
from analysis.squad.recruit import DEFAULT_OBJECTIVE
from analysis.summaries.deals import (
    OBJECTIVE_UNITS,
    card_odds_frame,
    count_odds_frame,
    count_odds_table,
    seat_difference,
    threshold_frame,
    value_frame,
)
from analysis.summaries.deck import (
    cost_curve,
    deck_frame,
    deck_stats,
    element_counts,
    elite_split,
    finding_words,
    legality_frame,
    type_counts,
)
from analysis.util.atomic import write_text_atomic
from analysis.util.catalog import Catalog
from analysis.util.errors import BerserkInputError
from analysis.util.numbers import figure, objective_kind

SECTIONS = (
    ("deck", "The deck"),
    ("legality", "Legality"),
    ("curve", "Cost curve"),
    ("elements", "Elements and card types"),
    ("odds", "Deal odds"),
    ("mulligans", "Mulligan thresholds"),
    ("strength", "Squad strength"),
    ("budgets", "Budgets by seat"),
    ("field", "Matchups against the field"),
    ("tuning", "Tuning"),
)


@dataclass(frozen=True)
class DeckReport:
    """Everything the report shows, as the library's tables (the HTML is drawn from these)."""

    name: str
    source: str
    deck: Deck
    rules: Ruleset
    fmt: str
    code: str | None
    legality: LegalityReport
    simulations: dict[int, Simulation]
    meta: MetaResult | None
    trials: int
    seed: int
    policy: str
    tuning: TuneResult | None = None
    """Raced swaps against the field (:func:`analysis.planning.tune.tune`), when asked for."""

    # -- tables -------------------------------------------------------------------------------

    def thresholds(self) -> pd.DataFrame:
        """The optimal policy's redeal thresholds per seat, with their 95 % intervals."""
        return pd.concat([threshold_frame(s).assign(seat=p) for p, s in self.simulations.items()],
                         ignore_index=True)

    @property
    def objective(self) -> str:
        """The recruitment objective the squad values are measured in."""
        return self.simulations[1].objective

    @property
    def unit(self) -> str:
        return OBJECTIVE_UNITS.get(self.objective, self.objective)

    def strength(self) -> pd.DataFrame:
        """Distribution of the optimal squad's value per seat (rows series, value, width, p, lo, hi;
        :func:`analysis.summaries.deals.value_frame`)."""
        return pd.concat([value_frame(s).assign(series=f"player {p}")
                          for p, s in self.simulations.items()], ignore_index=True)

    def budgets(self) -> pd.DataFrame:
        """Expected squad value per seat with its interval, and the mulligan rate."""
        rows = [{"deck": self.name, "ruleset": self.rules.name, "seat": p, "value": s.squad_value.mean,
                 "lo": s.squad_value.lo, "hi": s.squad_value.hi, "mulligan_rate": s.mulligan_rate.mean,
                 "mean_mulligans": sum(k * e.mean for k, e in s.mulligans_taken.items()),
                 "trials": s.trials} for p, s in self.simulations.items()]
        return pd.DataFrame(rows)

    # -- the page -----------------------------------------------------------------------------

    def html(self, lang: str = "ru") -> str:
        """The whole report as one HTML document, in Russian (default) or English."""
        return report_html(self, lang)


def build_report(
    deck: Deck,
    rules: Ruleset,
    fmt: str = "constructed",
    name: str = "",
    source: str = "",
    field: Field | None = None,
    settings: MatchupSettings | None = None,
    trials: int = 4_000,
    games: int = 1_000,
    seed: int = 0,
    policy: str = "optimal",
    runner: GameRunner | None = None,
    progress: Progress | None = None,
    rank_field: bool = False,
    objective: str = DEFAULT_OBJECTIVE,
    tuning: TuneResult | None = None,
) -> DeckReport:
    """Compute every section (module docstring). ``trials`` deals per seat; ``games`` per pair
    against the field; ``rank_field`` also scores the field's own decks, to rank the deck among them;
    ``objective`` the deck's recruitment objective (:data:`analysis.matchup.simulate.MATCHUP_OBJECTIVES`; the
    command line passes the deck's ``--objective``), in the deal sections as in the games."""
    if objective not in MATCHUP_OBJECTIVES:
        raise BerserkInputError(f"unknown objective {objective!r}; use one of "
                                f"{', '.join(MATCHUP_OBJECTIVES)}")
    if deck.size < 1:
        raise BerserkInputError("the deck has no cards")
    name = name or deck.title or "deck"
    try:
        code = format_nxt(deck).strip()
    except BerserkInputError:
        code = None   # a card from a set the compact code cannot name (a user card file)
    sims: dict[int, Simulation] = {}
    for player in (1, 2):
        sims[player] = simulate(deck, rules, player, trials, seed, policy, objective=objective,
                                ratings=objective_ratings(objective, rules), default_rating=0.0,
                                estimate_trials=max(200, min(trials, 2_000)))
        if progress:
            progress("deals", player, 2)
    meta = None
    if field is not None:
        settings = settings or MatchupSettings(rules)
        runner = runner or GameRunner(settings, progress=progress)
        label = f"{name} (this deck)" if name in field.names else name
        meta = expected_scores(field, settings, [(label, deck)], games, seed, runner,
                               field_candidates=rank_field)
    return DeckReport(name, source, deck, rules, fmt, code, check_deck(deck, rules, fmt), sims, meta, trials,
                      seed, policy, tuning)


def _version() -> str:
    try:
        return metadata.version("berserk-analyzer")
    except metadata.PackageNotFoundError:
        return "development copy"


def _section(key: str, title: str, parts: list[str]) -> str:
    return f'<section id="{key}">\n<h2>{text(title)}</h2>\n' + "\n".join(parts) + "\n</section>"


def _p(words: str, cls: str = "") -> str:
    """An escaped paragraph, optionally with a CSS class; ``code`` in backticks (the catalog's
    markup for paths and commands) becomes ``<code>``."""
    attribute = f' class="{cls}"' if cls else ""
    body = CODE_MARK.sub(r"<code>\1</code>", text(words))
    return f"<p{attribute}>{body}</p>"


CODE_MARK = re.compile(r"`([^`]+)`")


VALUE_WORDS = {"type": "type", "kind": "kind", "element": "element", "status": "status",
               "quantity": "report.quantity"}
"""Columns whose values are words of the catalog (``type.creature`` …); ``elements`` is a list of them."""


class _Words:
    """The report's texts and tables in one language (the dashboard's catalog, ``app/locales``)."""

    def __init__(self, lang: str):
        self.c = Catalog(lang)
        self.lang = lang

    def t(self, key: str, **fmt) -> str:
        return self.c.t(key, **fmt)

    def num(self, value, kind: str, sign: bool = False) -> str:
        return figure(value, kind, self.lang, sign)

    def column(self, name: str) -> str:
        """A column's header: ``col.<name>`` (as on the pages), else ``report.col.<name>``; never the
        raw name (a test reads every header of the report)."""
        for key in (f"col.{name}", f"report.col.{name}"):
            if self.c.has(key):
                return self.c.t(key)
        if name.startswith("P(") and name.endswith(")"):
            return name  # notation, the same in every language
        raise KeyError(f"no header for the report column {name!r} in app/locales/{self.lang}.toml")

    def cell(self, column: str, value) -> str:
        """One cell: booleans as yes/no, catalog words for types, kinds, elements; data as it is."""
        if isinstance(value, bool | np.bool_):
            return self.c.t("common.yes") if value else self.c.t("common.no")
        if value is None or (isinstance(value, float) and value != value):
            return "—"
        if column == "quantity" and str(value).endswith(" cards"):  # "swamps cards": one element's cards
            return self.c.t("report.quantity_element", element=self.c.word("element", str(value)[:-6]))
        if column in VALUE_WORDS:
            return self.c.word(VALUE_WORDS[column], value)
        if column == "elements" and isinstance(value, str):
            return ", ".join(self.c.word("element", e.strip()) for e in value.split(",") if e.strip()) or "—"
        if column == "seat":
            return self.player(int(value))
        return str(value)

    def player(self, seat: int) -> str:
        return self.c.t(f"common.player{seat}")

    def table(self, frame: pd.DataFrame, kinds: dict[str, str] | None = None, drop: tuple[str, ...] = (),
              wide: bool = False) -> str:
        """A table with the catalog's headers and readable cells (numbers by their kind of figure:
        :mod:`analysis.util.numbers`); ``wide`` tables print smaller so they fit an A4 page."""
        kinds = kinds or {}
        shown = frame.drop(columns=[c for c in drop if c in frame.columns])
        out = pd.DataFrame({
            self.column(c): [self.num(v, kinds[c]) if c in kinds else self.cell(c, v) for v in shown[c]]
            for c in shown.columns
        })
        return table_html(out, 0, "table wide" if wide else "table")


def _count_odds_tables(w: _Words, odds) -> list[str]:
    """The exact odds of the counts in the first deal, only the counts that can happen (≥ 0.05 % for
    some quantity), at most :data:`ODDS_COLUMNS` columns of P(k) per table, so each fits A4."""
    table = count_odds_table(odds)
    ks = [c for c in table.columns if c.startswith("P(") and (table[c] >= 0.0005).any()]
    out = []
    for i in range(0, len(ks), ODDS_COLUMNS):
        part = table[["quantity", "expected", *ks[i:i + ODDS_COLUMNS]]]
        kinds = {"expected": "strength"} | dict.fromkeys(ks, "share")
        out.append(w.table(part, kinds))
    return out


ODDS_COLUMNS = 8
"""P(k) columns per deal-odds table (with the quantity and the expectation, ten fit an A4 page)."""


def _relabel(figure_obj, title: str, x: str | None = None, y: str | None = None, names=None):
    """A library figure with the report's words: its title, axis titles and trace names."""
    layout: dict = {"title": title}
    if x is not None:
        layout["xaxis_title"] = x
    if y is not None:
        layout["yaxis_title"] = y
    figure_obj.update_layout(**layout)
    if names:
        for trace in figure_obj.data:
            if trace.name in names:
                trace.name = names[trace.name]
    return figure_obj


def report_html(r: DeckReport, lang: str = "ru") -> str:
    """Render a :class:`DeckReport` in ``lang`` (``ru`` by default, or ``en``) with the dashboard's
    catalog: headers and words from it, numbers by their kind (strength two decimals, shares as
    percent, crystals whole), tables that fit an A4 page; figures with fixed ids (same bytes)."""
    w = _Words(lang)
    stats = deck_stats(r.deck, r.rules)
    n_fig = iter(range(1, 100))
    kind = objective_kind(r.objective)
    unit = w.t(f"objective.{r.objective}.unit") if w.c.has(f"objective.{r.objective}.unit") else r.unit
    players = {f"player {p}": w.player(p) for p in (1, 2)}

    def draw(f) -> str:
        return figure_div(f, f"figure-{next(n_fig)}")

    sections: dict[str, list[str]] = {}
    code = (f"<p>{text(w.t('report.code'))} <code>{text(r.code)}</code></p>" if r.code
            else _p(w.t("report.no_code"), "muted"))
    elements = ", ".join(w.c.word("element", e) for e in stats.elements) or w.t("common.none")
    sections["deck"] = [
        _p(w.t("report.deck_summary", cards=w.c.tn("unit.cards", stats.cards), names=stats.distinct,
               mean_cost=w.num(stats.mean_cost, "strength"), elites=stats.elites,
               ordinary=stats.ordinaries, flyers=stats.flyers, elements=elements)),
        code, w.table(deck_frame(r.deck), wide=True)]
    verdict_key = "report.legal" if r.legality.legal else "report.illegal"
    verdict = f'<p class="{"ok" if r.legality.legal else "bad"}">' + text(
        w.t(verdict_key, rules=r.rules.name, fmt=w.t(f"format.{r.fmt}"))) + "</p>"
    whole = pd.DataFrame({"kind": [k for k, fs in r.legality.by_level() for f in fs if not f.card],
                          "message": [finding_words(f, w.c) for _, fs in r.legality.by_level()
                                      for f in fs if not f.card]})
    by_card = legality_frame(r.deck, r.legality, describe=lambda f: finding_words(f, w.c, with_card=False))
    sections["legality"] = [verdict] + ([w.table(whole.rename(columns={"kind": "status"}))]
                                        if len(whole) else []) + [
        w.table(by_card, drop=("codes",), wide=True)]
    curve = cost_curve(r.deck)
    kinds_names = {"elite": w.t("kind.elite"), "ordinary": w.t("kind.ordinary")}
    sections["curve"] = [
        draw(_relabel(fig.curve_figure(curve), w.t("report.fig_curve"), w.t("report.axis_cost"),
                      w.t("report.axis_copies"), kinds_names)),
        _p(w.t("report.curve_note")),
        w.table(elite_split(r.deck), {"mean_cost": "strength"})]
    element_frame = element_counts(r.deck)
    sections["elements"] = [
        draw(_relabel(fig.elements_figure(element_frame), w.t("report.fig_elements"), None,
                      w.t("report.axis_copies"))),
        w.table(element_frame), w.table(type_counts(r.deck))]
    odds = deal_odds(r.deck, r.rules.deal.size)
    sections["odds"] = [
        _p(w.t("report.odds_intro", size=odds.deal_size, deck=odds.deck_size)),
        draw(_relabel(fig.count_odds_figure(count_odds_frame(odds), "elites"), w.t("report.fig_elites"),
                      w.t("report.axis_elites"), w.t("report.axis_probability"),
                      {"elites": w.t("report.quantity.elites")})),
        *_count_odds_tables(w, odds),
        _p(w.t("report.odds_cards")),
        w.table(card_odds_frame(r.deck, odds), {"p_at_least_one": "share", "expected_dealt": "strength"})]
    one = r.simulations[1]
    thresholds = r.thresholds()
    sections["mulligans"] = [
        _p(w.t("report.mulligans_intro", unit=unit, trials=one.estimate_trials, seed=r.seed,
               mulligan=w.t(f"mulligan.{r.rules.deal.mulligan}"), rules=r.rules.name)),
        draw(_relabel(fig.thresholds_figure(thresholds), w.t("report.fig_thresholds"),
                      w.t("report.axis_mulligans_taken"), w.t("report.axis_threshold", unit=unit), players))
        if len(thresholds) else _p(w.t("report.keeps_every"), "muted"),
        w.table(thresholds, dict.fromkeys(("threshold", "lo", "hi"), kind))]
    sections["strength"] = [
        _p(w.t("report.strength_intro", unit=unit, objective=w.t(f"objective.{r.objective}.label"),
               trials=r.trials, policy=w.t(f"policy.{r.policy}", value=""), seed=r.seed)),
        draw(_relabel(fig.value_distribution_figure(r.strength(), "", unit), w.t("report.fig_value"),
                      w.t("report.axis_value", unit=unit), w.t("report.axis_share_of_games"), players)),
    ]
    budgets = r.budgets()
    diff = seat_difference(budgets)
    budget_figure = fig.seat_budget_figure(budgets, unit)
    for trace in budget_figure.data:  # the seats in the report's words
        trace.x = tuple(players.get(x, x) for x in trace.x)
        trace.text = tuple(w.num(v, kind) for v in trace.y)
    sections["budgets"] = [
        draw(_relabel(budget_figure, w.t("report.fig_budgets"), None, unit)),
        w.table(budgets, dict.fromkeys(("value", "lo", "hi"), kind)
                | {"mulligan_rate": "share", "mean_mulligans": "strength", "trials": "count"})] + (
        [_p(w.t("report.seat_diff", diff=w.num(diff.difference.iloc[0], kind, sign=True), unit=unit,
                lo=w.num(diff.lo.iloc[0], kind, sign=True), hi=w.num(diff.hi.iloc[0], kind, sign=True)))]
        if len(diff) else [])
    sections["field"] = _field_section(r, draw, w)
    sections["tuning"] = _tuning_section(r, w)
    titles = {k: w.t(f"report.section.{k}") for k, _ in SECTIONS}
    body = [f"<h1>{text(w.t('report.title', name=r.name))}</h1>",
            _p(w.t("report.meta", source=r.source or w.t("report.deck"), rules=r.rules.name,
                   description=w.t(f"ruleset.{r.rules.name}.description")
                   if w.c.has(f"ruleset.{r.rules.name}.description") else r.rules.description,
                   fmt=w.t(f"format.{r.fmt}"), seed=r.seed, version=_version()), "muted"),
            "<nav><ul>" + "".join(f'<li><a href="#{k}">{text(titles[k])}</a></li>' for k, _ in SECTIONS)
            + "</ul></nav>"]
    body += [_section(k, titles[k], sections[k]) for k, _ in SECTIONS]
    body.append(_p(w.t("report.footer", objective=w.t(f"objective.{r.objective}.label"),
                       unit=unit), "muted"))
    return page(w.t("report.title", name=r.name), "\n".join(body), lang)


def _field_section(r: DeckReport, draw, w: _Words) -> list[str]:
    if r.meta is None:
        return [_p(w.t("report.no_field"), "muted")]
    m = r.meta
    me = next(c for c in m.candidates if not c.in_field)   # the deck (renamed if a field deck has its name)
    e = me.expected
    out = [_p(w.t("report.field_intro", title=m.field.title or m.field.source, decks=len(m.field.decks),
                  games=m.games, seed=m.seed, mulligan=w.t(f"policy.{m.settings.mulligan}", value=""),
                  players="/".join(m.settings.players))),
           "<p><strong>" + text(w.t("report.expected", score=w.num(e.mean, "share"))) + "</strong> "
           + text(w.t("report.expected_ci", lo=w.num(e.lo, "share"), hi=w.num(e.hi, "share"))) + "</p>"]
    if me.best and me.worst:
        best, worst = me.best, me.worst
        out.append(_p(w.t("report.best_worst", best=best.opponent, best_score=w.num(best.score, "share"),
                          worst=worst.opponent, worst_score=w.num(worst.score, "share"))))
    if len(m.candidates) > 1:
        rank = [c.deck for c in m.candidates].index(me.deck) + 1
        out.append(_p(w.t("report.rank", rank=rank, total=len(m.candidates))))
        out.append(draw(_relabel(m.figure(), w.t("report.fig_expected"), w.t("report.axis_expected"))))
    frame = m.matchups_frame(me.deck)
    out.append(draw(_relabel(fig.matchup_bars(frame, ""), w.t("report.fig_matchups", deck=me.deck),
                             w.t("report.axis_score"))))
    out.append(w.table(frame, dict.fromkeys(("share", "score", "lo", "hi", "contribution"), "share")
                       | dict.fromkeys(("games", "wins", "draws", "losses"), "count"), drop=("deck",)))
    out += [_p(note, "muted") for note in m.field.notes]
    return out


def _caveat_note(card, w: _Words) -> str:
    """One card behind a swap's unsure share, in the report's language (as on the Tournament page)."""
    out = w.t("tournament.caveat_card", card=card.card, status=w.t(f"modelling.{card.status}"))
    if card.left_out:
        out += w.t("tournament.caveat_parts", parts=card.left_out)
    if card.limit is not None:
        out += w.t("tournament.caveat_limit", what=card.limit.what_ru if w.lang == "ru" else card.limit.what)
    return out


def _tuning_section(r: DeckReport, w: _Words) -> list[str]:
    """The raced swaps with their gains and, beside each, the share of the gain that rests on cards not
    modelled in full or on a listed model limit (:mod:`analysis.planning.caveats`)."""
    t = r.tuning
    if t is None:
        return [_p(w.t("report.no_tuning"), "muted")]
    if not t.swaps:
        return [_p(w.t("report.no_swaps"), "muted")]
    rows = pd.DataFrame({
        "rank": range(1, len(t.swaps) + 1),
        "swap": [s.swap.label() for s in t.swaps],
        "gain": [s.gain.mean for s in t.swaps],
        "gain_lo": [s.gain.lo for s in t.swaps],
        "gain_hi": [s.gain.hi for s in t.swaps],
        "expected_score": [s.expected.mean for s in t.swaps],
        "games": [s.games for s in t.swaps],
        "unsure_share": [s.caveat.unsure_share for s in t.swaps],
    })
    out = [_p(w.t("report.tuning_intro", baseline=w.num(t.baseline.mean, "share"), games=t.games_total,
                  seed=t.seed)),
           w.table(rows, dict.fromkeys(("gain", "gain_lo", "gain_hi"), "gain")
                   | {"expected_score": "share", "unsure_share": "share", "games": "count"}),
           _p(w.t("tournament.unsure_help"), "muted")]
    for rank, s in enumerate(t.swaps, start=1):
        if s.caveat.unsure_share > 0:
            notes = "; ".join(_caveat_note(c, w) for c in s.caveat.unsure_cards)
            share = w.num(s.caveat.unsure_share, "share")
            out.append(_p(f"{rank}. {s.swap.label()}: " + w.t("tournament.caveat", share=share, notes=notes)))
    return out


def write_report(path: Path | str, report: DeckReport, lang: str = "ru") -> None:
    """Write the report's HTML atomically, in ``lang`` (``ru`` by default, or ``en``)."""
    write_text_atomic(path, report.html(lang))


__all__ = ["DeckReport", "SECTIONS", "build_report", "report_html", "write_report"]
