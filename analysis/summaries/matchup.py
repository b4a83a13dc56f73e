"""Tables for the dashboard's Matchup page, from :mod:`analysis.matchup.simulate` results and battle records.

>>> seat_frame(result)      # all games, A moving first, B moving first: W/D/L with 95 % intervals
>>> log = battle_log(events)                    # every move, strike (with its dice), heal and death
>>> log_lines(log, ("Ковеноглина", "Инкорн"))   # the same as sentences: who struck whom with which dice
>>> board_units(rep, rep.turn_frames()[3])      # the board after a turn: card names, squares, life left

The log reads the record's events only (:mod:`analysis.battle.record`); the board reads a replay.
Sentences come from templates (English by default) so the dashboard can pass its own language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from analysis.battle.board import AUX, COLS
from analysis.battle.record import Frame, Replay
from analysis.matchup.simulate import MatchupResult
from analysis.squad.deals import proportion_ci
from analysis.util.paths import reports_dir
from analysis.util.textnorm import from_spreadsheet_cell

SAVED_MATRIX_COLUMNS = ("deck", "opponent", "games", "wins", "losses", "draws", "win_rate",
                        "win_ci95_lo", "win_ci95_hi", "score")


def saved_matrix(path: Path | None = None) -> pd.DataFrame | None:
    """The matrix frame saved by ``berserk matrix`` (default ``reports/matchup_matrix.csv``), or None
    when there is none or it lacks the matrix columns; draw it with
    :func:`analysis.matchup.simulate.matrix_figure`."""
    path = path or reports_dir() / "matchup_matrix.csv"
    try:
        frame = pd.read_csv(path, encoding="utf-8")
    except (OSError, ValueError):
        return None
    if not set(SAVED_MATRIX_COLUMNS) <= set(frame.columns) or frame.empty:
        return None
    for column in ("deck", "opponent"):  # (written through textnorm.spreadsheet_cell)
        frame[column] = frame[column].astype(str).map(from_spreadsheet_cell)
    return frame


def seat_frame(result: MatchupResult) -> pd.DataFrame:
    """Wins, draws and losses of A (all games, and split by who moved first) with Wilson 95 % intervals."""
    parts = [("all games", result.games, result.a_wins, result.draws, result.b_wins)]
    for key, label in (("a_first", f"{result.a} moves first"), ("b_first", f"{result.b} moves first")):
        s = result.by_seat[key]
        parts.append((label, s.games, s.a_wins, s.draws, s.b_wins))
    rows = []
    for label, games, wins, draws, losses in parts:
        win = proportion_ci(wins, games)
        draw = proportion_ci(draws, games)
        rows.append(
            {
                "games": label,
                "n": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "win_rate": win.mean,
                "win_lo": win.lo,
                "win_hi": win.hi,
                "draw_rate": draw.mean,
                "draw_lo": draw.lo,
                "draw_hi": draw.hi,
            }
        )
    return pd.DataFrame(
        rows,
        columns=[
            "games",
            "n",
            "wins",
            "draws",
            "losses",
            "win_rate",
            "win_lo",
            "win_hi",
            "draw_rate",
            "draw_lo",
            "draw_hi",
        ],
    )


# --------------------------------------------------------------------------- one battle, readable


def square_name(square: int) -> str:
    """A board square as ``c3``: column a-e from the left, row 1-6 from the First player's back row."""
    return "abcde"[square % COLS] + str(square // COLS + 1)


LOG_COLUMNS = ["event", "turn", "seat", "kind", "unit", "name", "side", "target", "target_name",
               "target_side", "parrier", "parrier_name", "dice", "to_target", "to_attacker", "weakened",
               "healed", "square", "winner", "reason", "ability", "trigger"]


def battle_log(events: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """Every turn, move, closing, strike, ability use, counter, heal, poisoning and death of a battle
    record, one row each (an ability with several targets: one row per target).

    ``turn`` counts from 1 (0 = before the first turn), ``side`` is the acting unit's seat (0 =
    First player). For a strike: ``target`` was attacked, ``parrier`` took the strike (a defender
    when it differs from the target), ``dice`` are the Strike Table dice (attacker, parrier) — one
    die against a closed target — or, under the defence-die model, the index of the outcome in the
    engine's table of equally likely outcomes (not dice faces, so sentences leave it out);
    ``to_target`` / ``to_attacker`` are the wounds dealt after armor, ``weakened`` whether the
    higher roller weakened the result (000 2.14). For an ``ability``: ``ability`` is its kind
    (``shot``, ``heal``…), ``trigger`` what set it off (None: used as an action), ``target`` the card
    it was aimed at, ``dice`` its die when it rolled one, ``to_target`` the wounds it dealt there
    (``healed`` for a heal). A ``wound`` row is a poisoning taking effect (``to_target`` wounds on
    ``unit``); ``accumulate`` a counter taken by closing (000 1.11.1).
    """
    header = events[0]
    names = [e["name"] for squad in header["squads"] for e in squad]
    seats = [s for s, squad in enumerate(header["squads"]) for _ in squad]
    names += [e["name"] for e in header.get("reserves", ())]  # (deck and graveyard cards that may enter)
    seats += [e["seat"] for e in header.get("reserves", ())]
    rows = []
    turn = 0
    for index, ev in enumerate(events[1:], 1):
        kind = ev["e"]
        if kind in ("place", "reveal"):
            continue
        row: dict[str, Any] = dict.fromkeys(LOG_COLUMNS)
        row.update(event=index, kind=kind, weakened=False)
        if kind == "turn":
            turn = ev["n"] + 1
            row.update(seat=ev["seat"])
        elif kind == "end":
            row.update(winner=ev["winner"], reason=ev["reason"])
        else:
            u = ev["u"]
            row.update(unit=u, name=names[u], side=seats[u])
            if kind == "move":
                row.update(square=square_name(ev["to"]))
            elif kind == "enter":  # (a card entering play: its side is the one it enters under)
                row.update(side=ev["seat"], ability=ev.get("how"),
                           square=square_name(ev["pos"]) if ev["pos"] >= 0 else "")
            elif kind in ("heal", "incarnation"):  # incarnation: back unwounded (its wounds removed)
                row.update(healed=ev.get("by", 0))
            elif kind == "strike":
                t, p = ev["target"], ev["parrier"]
                row.update(target=t, target_name=names[t], target_side=seats[t], parrier=p,
                           parrier_name=names[p], dice=tuple(ev["dice"]), to_target=ev["wounds"][0],
                           to_attacker=ev["wounds"][1], weakened=bool(ev["weakened"]))
            elif kind == "wound":
                row.update(to_target=ev["by"], ability=ev.get("by_what"))
            elif kind in ("block", "redirect"):  # the blocker / the new target, and the attacker
                b = ev["by"]
                row.update(target=b, target_name=names[b], target_side=seats[b], ability=ev.get("kind"))
            elif kind == "grant":
                row.update(ability=ev.get("kind"))
            elif kind == "mark":
                row.update(square=square_name(ev["sq"]), ability=ev.get("kind"))
            elif kind == "flood":  # (data/README.md "Depth and surface")
                row.update(square=square_name(ev["sq"]))
            elif kind == "prophecy":  # (the cards a prophecy shows, top first)
                row.update(ability=", ".join(names[v] for v in ev["shown"]))
            elif kind == "form":  # (a werewolf's form, data/README.md "Werewolves")
                row.update(ability=ev["form"])
            elif kind == "become":  # (a type change, data/README.md "Type changes")
                row.update(ability=ev["into"], square=square_name(ev["pos"]) if ev["pos"] >= 0 else "")
            elif kind in ("heading", "cleansed", "destroyed"):
                row.update(ability=ev.get("direction") or ev.get("state") or ev.get("by_what"))
            elif kind in ("ambush", "hypnosis", "fight"):
                b = ev["target"]
                row.update(target=b, target_name=names[b], target_side=seats[b])
            elif kind == "ability":
                dice = ev.get("dice") or []
                for k, (t, dealt) in enumerate(zip(ev["targets"], ev["wounds"], strict=True)):
                    one = dict(row, turn=turn, seat=seats[u], target=t, target_name=names[t],
                               target_side=seats[t], ability=ev["kind"], trigger=ev.get("trigger"),
                               dice=(dice[k],) if k < len(dice) else (), to_target=max(0, dealt),
                               healed=max(0, -dealt))
                    rows.append(one)
                continue
        row["turn"] = turn
        if row["seat"] is None and row["side"] is not None:
            row["seat"] = row["side"]
        rows.append(row)
    return pd.DataFrame(rows, columns=LOG_COLUMNS, dtype=object)  # object: missing stays None


LOG_TEMPLATES = {
    "turn": "Turn {turn}: {player} moves",
    "move": "{name} ({player}) moves to {square}",
    "prepare": "{name} ({player}) closes to strike a flyer",
    "strike": "{name} ({player}) strikes {target} ({opponent}){defended}, dice {die}:{parry} → wounds: "
              "{parrier} {to_target}, {name} {to_attacker}{weakened}",
    "strike_closed": "{name} ({player}) strikes {target} ({opponent}, closed){defended}, die {die} → wounds: "
                     "{parrier} {to_target}",
    "strike_outcome": "{name} ({player}) strikes {target} ({opponent}){defended}, attack and defence dice → "
                      "wounds: {parrier} {to_target}, {name} {to_attacker}{weakened}",
    "defended": "; {parrier} defends",
    "weakened": " (weakened)",
    "heal": "{name} ({player}) regenerates {healed} wounds",
    "ability": "{name} ({player}): {ability}{trigger} at {target} ({opponent}){die} → wounds: {target} "
               "{to_target}",
    "ability_heal": "{name} ({player}): {ability}{trigger} on {target} → healed {healed}",
    "ability_self": "{name} ({player}): {ability}{trigger}",
    "ability_die": ", die {die}",
    "ability_trigger": " ({trigger})",
    "accumulate": "{name} ({player}) closes to take a counter",
    "wound": "{name} ({player}) takes {to_target} wounds from {ability}",
    "death": "{name} ({player}) dies",
    "incarnation": "{name} ({player}) returns from the graveyard (incarnation)",
    "blessing": "{name} ({player}) becomes blessed",
    "curse": "{name} ({player}) becomes cursed",
    "block": "{name} ({player}) blocks the attack of {target}",
    "redirect": "{name} ({player}) takes the strike instead",
    "grant": "{name} ({player}) gains {ability}",
    "rehost": "{name} ({player}) moves onto another host",
    "mark": "{name} ({player}) puts a marker ({ability}) on {square}",
    "token": "{name} ({player}) gets an incarnation token",
    "heading": "{name} ({player}) picks the direction: {ability}",
    "cleansed": "{name} ({player}) loses its {ability}",
    "destroyed": "{name} ({player}) is destroyed ({ability})",
    "ambush": "{name} ({player}) strikes {target} from its ambush",
    "fight": "{name} ({player}) fights {target} as if it were open",
    "hypnosis": "{name} ({player}) is hypnotised and strikes {target}",
    "claim": "{name} ({player}) gains an incarnation under the opponent's control",
    "control": "{name} ({player}) changes sides",
    "shielded": "{name} ({player}) is shielded from wounds",
    "limit": "{name} ({player}): the chain of triggered abilities stops at the engine's bound",
    "enter": "{name} ({player}) enters play ({ability}) {square}",
    "exile": "{name} ({player}) is exiled",
    "to_graveyard": "{name} ({player}) goes from the deck into the graveyard",
    "prophecy": "{name} ({player}) shows the top of its deck: {ability}",
    "dive": "{name} ({player}) dives to the depth",
    "surface": "{name} ({player}) surfaces",
    "flood": "{name} ({player}) floods {square}: it is depth now",
    "form": "{name} ({player}) takes the {ability} form",
    "become": "{name} ({player}) becomes: {ability} {square}",
    "end_win": "{player} wins ({reason})",
    "end_draw": "Draw ({reason})",
}
"""English sentences of :func:`log_lines`; a caller may pass its own (same fields) for another language."""


def log_lines(log: pd.DataFrame, players: Sequence[str], templates: Mapping[str, str] | None = None,
              reasons: Mapping[str, str] | None = None, model: str = "strike_table",
              ability_words: Mapping[str, str] | None = None,
              trigger_words: Mapping[str, str] | None = None) -> list[str]:
    """The battle log as sentences: who moved, who struck or shot whom with which dice and for how
    many wounds, who regenerated, healed, took counters or poison, and who died. ``players`` names
    seat 0 and seat 1 (e.g. the decks); ``reasons`` words the end reasons (``elimination`` …),
    ``ability_words`` the ability kinds (``shot`` …) and ``trigger_words`` the triggers (``death``
    …); ``model`` is the record's combat model."""
    text = {**LOG_TEMPLATES, **(templates or {})}
    out = []
    for r in log.itertuples(index=False):
        player = players[r.side] if r.side is not None else ""
        if r.kind == "turn":
            out.append(text["turn"].format(turn=r.turn, player=players[r.seat]))
        elif r.kind == "end":
            reason = (reasons or {}).get(r.reason, r.reason)
            out.append(text["end_draw"].format(reason=reason) if r.winner is None
                       else text["end_win"].format(player=players[r.winner], reason=reason))
        elif r.kind == "strike":
            dice = tuple(r.dice)
            if model != "strike_table":
                key = "strike_outcome"
            else:
                key = "strike" if len(dice) == 2 else "strike_closed"
            defended = text["defended"].format(parrier=r.parrier_name) if r.parrier != r.target else ""
            out.append(text[key].format(
                name=r.name, player=player, target=r.target_name, opponent=players[r.target_side],
                parrier=r.parrier_name, die=dice[0], parry=dice[1] if len(dice) > 1 else "",
                to_target=r.to_target, to_attacker=r.to_attacker, defended=defended,
                weakened=text["weakened"] if r.weakened else ""))
        elif r.kind == "ability":
            die = text["ability_die"].format(die=r.dice[0]) if r.dice else ""
            trig = text["ability_trigger"].format(trigger=(trigger_words or {}).get(r.trigger, r.trigger)) \
                if r.trigger else ""
            ability = (ability_words or {}).get(r.ability, r.ability.replace("_", " "))
            key = "ability_self" if r.target == r.unit and not r.to_target and not r.healed else (
                "ability_heal" if r.healed else "ability")
            out.append(text[key].format(name=r.name, player=player, ability=ability, trigger=trig,
                                        target=r.target_name, opponent=players[r.target_side], die=die,
                                        to_target=r.to_target, healed=r.healed))
        elif r.kind == "wound":
            ability = (ability_words or {}).get(r.ability, r.ability)
            out.append(text["wound"].format(name=r.name, player=player, to_target=r.to_target,
                                            ability=ability))
        elif r.kind in ("block", "redirect", "grant", "rehost", "mark", "token", "heading", "cleansed",
                        "destroyed", "ambush", "hypnosis", "claim", "control", "shielded", "limit", "enter",
                        "form", "fight", "become", "prophecy"):
            ability = (ability_words or {}).get(r.ability, (r.ability or "").replace("_", " "))
            out.append(text[r.kind].format(name=r.name, player=player, target=r.target_name, ability=ability,
                                           square=r.square))
        elif r.kind in ("move", "prepare", "heal", "death", "accumulate", "incarnation", "blessing", "curse",
                        "exile", "to_graveyard", "dive", "surface", "flood"):
            out.append(text[r.kind].format(name=r.name, player=player, square=r.square, healed=r.healed))
    return out


BOARD_COLUMNS = ["unit", "side", "name", "zone", "square", "row", "col", "wounds", "life", "life_left",
                 "open"]


def board_units(rep: Replay, frame: Frame) -> pd.DataFrame:
    """The living cards after ``frame``: seat, name, ``zone`` (``board`` or ``aux``, the auxiliary zone
    of flyers and terrains), square (``c3``), row (0-5 from the First player's back row) and column
    (0-4), wounds, life, life left (None when the life is unknown) and whether the card is open."""
    rows = []
    for u, p in enumerate(frame.pos):
        if not frame.alive[u] or p < AUX:
            continue
        life = rep.life[u] or None
        on_board = p >= 0
        rows.append({
            "unit": u, "side": rep.seats[u], "name": rep.names[u], "zone": "board" if on_board else "aux",
            "square": square_name(p) if on_board else "", "row": p // COLS if on_board else -1,
            "col": p % COLS if on_board else -1, "wounds": frame.wounds[u], "life": life,
            "life_left": life - frame.wounds[u] if life else None, "open": frame.open[u],
        })
    return pd.DataFrame(rows, columns=BOARD_COLUMNS)


def turn_events(rep: Replay, log: pd.DataFrame, step: int) -> pd.DataFrame:
    """The log rows that lead to ``rep.turn_frames()[step]`` from the previous one (step 0: none)."""
    frames = rep.turn_frames()
    if step <= 0:
        return log.iloc[0:0]
    lo, hi = frames[step - 1].index, frames[step].index
    return log[(log.event > lo) & (log.event <= hi)]


__all__ = ["LOG_TEMPLATES", "battle_log", "board_units", "log_lines", "saved_matrix", "seat_frame",
           "square_name", "turn_events"]
