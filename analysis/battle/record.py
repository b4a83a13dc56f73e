"""Recording a battle as JSON lines, reading it back, replaying it board by board.

A record is a list of events (dicts), one JSON object per line: first a ``header`` (seed, config,
players, both squads by card id and name), then what the engine emitted (``place``, ``reveal``,
``turn``, ``heal``, ``move``, ``prepare``, ``strike``, ``ability`` (an ability used or triggered:
unit, ability index, kind, targets, dice, wounds per target — negative for a heal — and whether the
user closed), ``accumulate``, ``wound`` (poisoning at the start of a turn), ``death``, ``end``).
:func:`replay`
rebuilds the board after every event from the record alone; :func:`rerun` plays the battle
again from the header (same seed, same players) and must give the same events.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analysis.battle.board import NOWHERE
from analysis.battle.engine import Battle, BattleConfig
from analysis.battle.registry import make_player
from analysis.battle.tables import profile
from analysis.cards.table import Card, CardDB
from analysis.util.atomic import write_text_atomic
from analysis.util.errors import BerserkInputError

FORMAT_VERSION = 2
"""2: ability, accumulate and wound events (issue 9)."""


def record_battle(
    squads: tuple[Sequence[Card], Sequence[Card]],
    players: tuple[str, str] = ("heuristic", "heuristic"),
    seed: int = 0,
    config: BattleConfig | None = None,
    decks: tuple[Sequence[Card], Sequence[Card]] | None = None,
    graves: tuple[Sequence[Card], Sequence[Card]] | None = None,
) -> list[dict[str, Any]]:
    """Play one battle with players by name and return its full record (header first). With
    ``decks`` / ``graves`` whose cards may enter play (``Battle.n > Battle.n_squad``) the header also
    holds them (``decks``, ``graves``: card ids per seat) and the units beyond the squads
    (``reserves``: id, name and seat of each, in unit order)."""
    config = config or BattleConfig()
    battle = Battle(squads, (make_player(players[0]), make_player(players[1])), seed=seed, config=config,
                    record=True, decks=decks, graves=graves)
    battle.run()
    header = {
        "e": "header",
        "version": FORMAT_VERSION,
        "seed": seed,
        "config": {"max_rounds": config.max_rounds, "timeout_rule": config.timeout_rule,
                   "stall_rounds": config.stall_rounds, "model": config.model},
        "players": list(players),
        "squads": [[{"id": c.id, "name": c.name} for c in squad] for squad in squads],
    }
    if battle.n > battle.n_squad:
        header["reserves"] = [{"id": battle.cards[u].id, "name": battle.cards[u].name, "seat": battle.seat[u]}
                              for u in range(battle.n_squad, battle.n)]
        header["decks"] = [[c.id for c in deck] for deck in decks] if decks is not None else [[], []]
        header["graves"] = [[c.id for c in grave] for grave in graves] if graves is not None else [[], []]
    assert battle.log is not None
    return [header, *battle.log]


def to_jsonl(events: Sequence[dict[str, Any]]) -> str:
    """The record as JSON lines text."""
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)


def write_record(path: Path | str, events: Sequence[dict[str, Any]]) -> None:
    """Write a record as JSON lines (atomically)."""
    write_text_atomic(path, to_jsonl(events))


def read_record(path: Path | str) -> list[dict[str, Any]]:
    """Read a JSON-lines record; errors name the line."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BerserkInputError(f"{path}: no such battle record") from None
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BerserkInputError(f"{path} line {number}: not JSON: {exc.msg}") from None
        if not isinstance(event, dict) or "e" not in event:
            raise BerserkInputError(f"{path} line {number}: an event needs an \"e\" field")
        events.append(event)
    if not events or events[0]["e"] != "header":
        raise BerserkInputError(f"{path}: a battle record starts with a header line")
    return events


def squads_of(header: dict[str, Any], db: CardDB,
              field: str = "squads") -> tuple[list[Card], list[Card]]:
    """The two squads of a record header (or its ``decks`` / ``graves``), looked up by card id."""
    out: list[list[Card]] = []
    for squad in header[field]:
        cards = []
        for entry in squad:
            card = db.by_id(int(entry["id"] if isinstance(entry, dict) else entry))
            if card is None:
                raise BerserkInputError(
                    f"card {entry.get('name')!r} (id {entry['id']}) is not in the card database; "
                    "load the same cards (--cards) as when the battle was recorded"
                )
            cards.append(card)
        out.append(cards)
    return out[0], out[1]


def rerun(events: Sequence[dict[str, Any]], db: CardDB) -> list[dict[str, Any]]:
    """Play the recorded battle again from its header (deterministic: equals the record)."""
    header = events[0]
    zones = {f: squads_of(header, db, f) for f in ("decks", "graves") if f in header}
    return record_battle(squads_of(header, db), tuple(header["players"]), header["seed"],
                         BattleConfig(**header["config"]), decks=zones.get("decks"),
                         graves=zones.get("graves"))


@dataclass(frozen=True)
class Frame:
    """The board after one event: per unit position (square, -1 auxiliary zone, -2 gone),
    wounds, open and alive; ``turn``/``seat`` of the turn in progress (-1 before the first)."""

    index: int
    event: str
    turn: int
    seat: int
    pos: tuple[int, ...]
    wounds: tuple[int, ...]
    open: tuple[bool, ...]
    alive: tuple[bool, ...]


@dataclass(frozen=True)
class Replay:
    """A recorded battle, ready to draw: the units' facts and the frames."""

    names: tuple[str, ...]
    seats: tuple[int, ...]
    life: tuple[int, ...]
    kinds: tuple[int, ...]
    frames: tuple[Frame, ...]
    result: dict[str, Any]

    def turn_frames(self) -> list[Frame]:
        """The last frame of each turn (plus the board after reveal): the board per turn."""
        out: list[Frame] = []
        for i, f in enumerate(self.frames):
            nxt = self.frames[i + 1] if i + 1 < len(self.frames) else None
            if f.event == "reveal" or nxt is None or nxt.event == "turn":
                out.append(f)
        return out


def replay(events: Sequence[dict[str, Any]], db: CardDB | None = None) -> Replay:
    """Rebuild the board after every event from a record (no dice, no players needed)."""
    header = events[0]
    squads = header["squads"]
    reserves = header.get("reserves", [])
    names = tuple([e["name"] for squad in squads for e in squad] + [e["name"] for e in reserves])
    seats = tuple([s for s, squad in enumerate(squads) for _ in squad] + [e["seat"] for e in reserves])
    n = len(names)
    n_squad = n - len(reserves)
    if db is not None:
        cards = [c for squad in squads_of(header, db) for c in squad]
        cards += [db.by_id(int(e["id"])) for e in reserves]
        life = tuple(profile(c).life for c in cards)
        kinds = tuple(profile(c).kind for c in cards)
    else:
        life = tuple(0 for _ in range(n))
        kinds = tuple(0 for _ in range(n))
    pos, wounds, opened, alive = [NOWHERE] * n, [0] * n, [True] * n, [u < n_squad for u in range(n)]
    turn, seat = -1, -1
    frames = []
    result: dict[str, Any] = {}
    for index, ev in enumerate(events[1:], 1):
        kind = ev["e"]
        if kind in ("place", "reveal"):
            pos = list(ev["pos"])
            for u in ev.get("dead", []):
                alive[u] = False
                pos[u] = NOWHERE
        elif kind == "turn":
            turn, seat = ev["n"], ev["seat"]
            for u in range(n):
                if seats[u] == seat and alive[u]:
                    opened[u] = True
        elif kind == "heal":
            wounds[ev["u"]] -= ev["by"]
        elif kind == "move":
            u, to = ev["u"], ev["to"]
            for r in range(n):  # a rider moves with its host (not a card sharing the square)
                if r != u and alive[r] and pos[r] == pos[u] and not ev.get("solo") and r != ev.get("stay"):
                    pos[r] = to
            pos[u] = to
        elif kind in ("prepare", "accumulate"):
            opened[ev["u"]] = False
        elif kind == "fight":  # (a fight as with an open card: nothing closes; the strike follows)
            pass
        elif kind == "haul":  # (the creature that closed to move a war machine)
            opened[ev["by"]] = False
        elif kind == "ability":
            for v, w in zip(ev["targets"], ev["wounds"], strict=True):
                wounds[v] += w
            if ev.get("closes"):
                opened[ev["u"]] = False
            if ev["kind"] in ("open", "stun", "close"):
                for v in ev["targets"]:
                    opened[v] = ev["kind"] == "open"
        elif kind == "block":
            if ev.get("kind") == "simple":  # a blocked simple strike is still paid for (000 2.7)
                opened[ev["by"]] = False
        elif kind in ("rehost", "become"):  # (a type change: to the auxiliary zone, or a landing)
            pos[ev["u"]] = ev["pos"]
        elif kind == "wound":
            wounds[ev["u"]] += ev["by"]
        elif kind == "strike":
            u, parrier = ev["u"], ev["parrier"]
            to_p, to_a = ev["wounds"]
            wounds[parrier] += to_p
            wounds[u] += to_a
            opened[u] = False
            if parrier != ev["target"]:
                opened[parrier] = False
            for x in ev.get("stays_open", ()):
                opened[x] = True
        elif kind == "death":
            alive[ev["u"]] = False
            pos[ev["u"]] = NOWHERE
        elif kind == "enter":  # a card entering play mid-battle, open and unwounded (summoned, resurrected)
            u = ev["u"]
            alive[u], pos[u], wounds[u], opened[u] = True, ev["pos"], 0, True
        elif kind == "exile":
            alive[ev["u"]] = False
            pos[ev["u"]] = NOWHERE
        elif kind == "incarnation":  # back from the graveyard, closed and unwounded
            u = ev["u"]
            alive[u], pos[u], wounds[u], opened[u] = True, ev["pos"], 0, False
        elif kind == "end":
            result = {k: ev[k] for k in ("winner", "reason", "turn")}
        frames.append(Frame(index, kind, turn, seat, tuple(pos), tuple(wounds), tuple(opened), tuple(alive)))
    return Replay(names, seats, life, kinds, tuple(frames), result)
