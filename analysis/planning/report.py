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

from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pandas as pd

from analysis.decks.deck import Deck, format_nxt
from analysis.decks.legality import LegalityReport, check_deck
from analysis.matchup.simulate import MATCHUP_OBJECTIVES, MatchupSettings, objective_ratings
from analysis.planning import figures as fig
from analysis.planning.field import Field
from analysis.planning.games import GameRunner, Progress
from analysis.planning.html import figure_div, page, table_html, text
from analysis.planning.meta import MetaResult, expected_scores
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
    deck_findings,
    deck_frame,
    deck_stats,
    element_counts,
    elite_split,
    legality_frame,
    type_counts,
)
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError

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

    def html(self) -> str:
        """The whole report as one HTML document."""
        return report_html(self)


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
                      seed, policy)


def _version() -> str:
    try:
        return metadata.version("berserk-analyzer")
    except metadata.PackageNotFoundError:
        return "development copy"


def _section(key: str, title: str, parts: list[str]) -> str:
    return f'<section id="{key}">\n<h2>{text(title)}</h2>\n' + "\n".join(parts) + "\n</section>"


def _p(words: str, cls: str = "") -> str:
    """An escaped paragraph, optionally with a CSS class."""
    attribute = f' class="{cls}"' if cls else ""
    return f"<p{attribute}>{text(words)}</p>"


def report_html(r: DeckReport) -> str:
    """Render a :class:`DeckReport` (tables escaped, figures with fixed ids: same report, same bytes)."""
    stats = deck_stats(r.deck, r.rules)
    n_fig = iter(range(1, 100))

    def figure(f) -> str:
        return figure_div(f, f"figure-{next(n_fig)}")

    sections: dict[str, list[str]] = {}
    code = (f"<p>Compact deck code (berserk-nxt): <code>{text(r.code)}</code></p>" if r.code
            else _p("This deck has cards the compact deck code cannot name.", "muted"))
    sections["deck"] = [
        _p(f"{stats.cards} cards, {stats.distinct} names, mean cost {stats.mean_cost:.2f}; "
           f"{stats.elites} elite, {stats.ordinaries} ordinary, {stats.flyers} flyers; "
           f"elements: {', '.join(stats.elements) or 'none'}."),
        code, table_html(deck_frame(r.deck), 0)]
    verdict = (f'<p class="ok">LEGAL under {text(r.rules.name)} / {text(r.fmt)}</p>' if r.legality.legal else
               f'<p class="bad">ILLEGAL under {text(r.rules.name)} / {text(r.fmt)}</p>')
    whole = deck_findings(r.legality)
    sections["legality"] = [verdict] + ([table_html(whole)] if len(whole) else []) + [
        table_html(legality_frame(r.deck, r.legality))]
    curve = cost_curve(r.deck)
    sections["curve"] = [figure(fig.curve_figure(curve)),
                         _p("Elites are paid with gold only; ordinary cards with silver first, then gold."),
                         table_html(elite_split(r.deck), 2)]
    sections["elements"] = [figure(fig.elements_figure(element_counts(r.deck))),
                            table_html(element_counts(r.deck), 0), table_html(type_counts(r.deck), 0)]
    odds = deal_odds(r.deck, r.rules.deal.size)
    sections["odds"] = [
        _p(f"Exact (hypergeometric) odds of the first deal of {odds.deal_size} cards from {odds.deck_size}."),
        figure(fig.count_odds_figure(count_odds_frame(odds), "elites")),
        table_html(count_odds_table(odds), 4),
        _p("Each card: the chance of at least one copy in the first deal, and the copies expected."),
        table_html(card_odds_frame(r.deck, odds), 3)]
    one = r.simulations[1]
    sections["mulligans"] = [
        _p(f"Redeal when the best squad of the deal is worth less than the threshold ({r.unit}); optimal "
           f"stopping by backward induction, estimated on {one.estimate_trials:,} deals per stage "
           f"(seed {r.seed}), {r.rules.deal.mulligan} mulligans under {r.rules.name}."),
        figure(fig.thresholds_figure(r.thresholds())) if len(r.thresholds()) else
        _p("The policy keeps every deal.", "muted"),
        table_html(r.thresholds(), 3)]
    sections["strength"] = [
        _p(f"Value of the optimal squad ({r.unit}; objective {r.objective}) over {r.trials:,} simulated "
           f"games per seat, {r.policy} mulligan policy, seed {r.seed}; bars with 95 % Wilson intervals."),
        figure(fig.value_distribution_figure(r.strength(), "Value of the optimal squad by seat", r.unit)),
    ]
    budgets = r.budgets()
    diff = seat_difference(budgets)
    sections["budgets"] = [figure(fig.seat_budget_figure(budgets, r.unit)), table_html(budgets, 3)] + (
        [_p(f"Player 2 minus player 1: {diff.difference.iloc[0]:+.2f} {r.unit} (95 % CI "
            f"{diff.lo.iloc[0]:+.2f} to {diff.hi.iloc[0]:+.2f}; conservative: both seats used the "
            "same seed).")]
        if len(diff) else [])
    sections["field"] = _field_section(r, figure)
    body = [f"<h1>Deck report: {text(r.name)}</h1>",
            _p(f"{r.source or 'deck'} · ruleset {r.rules.name} ({r.rules.description}) · format {r.fmt} · "
               f"seed {r.seed} · berserk-analyzer {_version()}", "muted"),
            "<nav><ul>" + "".join(f'<li><a href="#{k}">{text(t)}</a></li>' for k, t in SECTIONS)
            + "</ul></nav>"]
    body += [_section(k, t, sections[k]) for k, t in SECTIONS]
    body.append(_p("Model: battles follow the engine's simplifications (card abilities beyond the modelled "
                   "keywords are not played; see the README, 'The battle model'); recruitment maximises the "
                   "squad's crystal cost. Monte Carlo figures come with their seed and 95 % intervals.",
                   "muted"))
    return page(f"Deck report: {r.name}", "\n".join(body))


def _field_section(r: DeckReport, figure) -> list[str]:
    if r.meta is None:
        return [_p("No field given: run berserk report DECK --field FIELD.toml to add the expected score "
                   "and the matchups against the decks you expect.", "muted")]
    m = r.meta
    me = next(c for c in m.candidates if not c.in_field)   # the deck (renamed if a field deck has its name)
    e = me.expected
    out = [_p(f"Field: {m.field.title or m.field.source} ({len(m.field.decks)} decks); {m.games:,} games "
              f"per pair, seed {m.seed}; mulligan {m.settings.mulligan}, "
              f"players {'/'.join(m.settings.players)}."),
           f"<p><strong>Expected score {e.mean:.3f}</strong> (95 % CI {e.lo:.3f}–{e.hi:.3f}; wins + draws/2, "
           "weighted by the field's shares).</p>"]
    if me.best and me.worst:
        out.append(_p(f"Best matchup: {me.best.opponent} ({me.best.score:.3f}); worst: {me.worst.opponent} "
                      f"({me.worst.score:.3f})."))
    if len(m.candidates) > 1:
        rank = [c.deck for c in m.candidates].index(me.deck) + 1
        out.append(_p(f"Rank {rank} of {len(m.candidates)} among the field's decks and this one."))
        out.append(figure(m.figure()))
    title = f"{me.deck}: score against each field deck"
    out.append(figure(fig.matchup_bars(m.matchups_frame(me.deck), title)))
    out.append(table_html(m.matchups_frame(me.deck).drop(columns=["deck"]), 3))
    out += [_p(note, "muted") for note in m.field.notes]
    return out


def write_report(path: Path | str, report: DeckReport) -> None:
    """Write the report's HTML atomically."""
    write_text_atomic(path, report.html())


__all__ = ["DeckReport", "SECTIONS", "build_report", "report_html", "write_report"]
