"""What the page is sent: the board, the position, the legal actions with their notation, label
and cost, the pending roll, the events.  Everything here is computed by the engine; the page
draws it and holds no rule (STYLE: the board renders and sends intents).

The position goes through the save format (``position_to_json``, docs/save-format.md), never
through the fields of ``State``, so the page sees exactly what a saved position says.
"""

from __future__ import annotations

from typing import Any

from tetrarchia.core.actions import (
    Action,
    Attack,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Sail,
    Secure,
    Subdue,
    mover,
)
from tetrarchia.core.board import Board
from tetrarchia.core.combat import battle_odds, battle_values
from tetrarchia.core.costs import action_cost
from tetrarchia.core.engine import deciding_seat, legal_actions
from tetrarchia.core.events import PURPOSE_NAMES, Event, Purpose, event_to_json
from tetrarchia.core.faces import ODDS
from tetrarchia.core.notation import format_action
from tetrarchia.core.rolls import pending_roll
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.render import render
from tetrarchia.render.labels import emperor_names, label_in, seat_title_in
from tetrarchia.web.geography import board_positions

BARBARIAN_SEAT = 4
# R1: the Roman die picks a region or fights for Rome; alone, it is rolled for an initial army's
# region (R3.5) and an uprising's region (R7.2); every other single die is the Barbarian die.
ROMAN_DIE_ALONE = (Purpose.INITIAL_ARMY, Purpose.UPRISING_REGION)


def board_json(board: Board, board_text: str | None) -> dict[str, Any]:
    """The board as the page draws it: provinces in board order with their position on the map
    (longitude/latitude from the board file), links, arrows, sea zones."""
    positions = board_positions(board, board_text)
    provinces = []
    for i, p in enumerate(board.provinces):
        lon, lat = positions.get(p.id, (None, None))
        provinces.append({
            "index": i, "id": p.id, "name": board.name(i), "label": board.label(i),
            "coords": p.coords, "region": p.region, "title": p.title, "number": p.number,
            "border": p.is_border, "capital_of": [e.title for e in p.capital_of],
            "coastal": list(p.coastal), "lon": lon, "lat": lat,
        })
    return {
        "source": board.source, "digest": board.digest, "provinces": provinces,
        "links": [{"a": link.a, "b": link.b, "broken": link.broken} for link in board.links],
        "arrows": [{"from": a, "to": b} for a, b in enumerate(board.arrow) if b >= 0],
        "zones": {str(z): zone.title for z, zone in board.zones.items()},
        "roma": board.roma,
    }


def odds(base_roman: int, roman_multiplier: int, base_barbarian: int,
         barbarian_multiplier: int) -> dict[str, int]:
    """R6 before the dice: wins, draws and losses out of the 36 rolls."""
    win, draw, lose = battle_odds(base_roman, roman_multiplier, base_barbarian, barbarian_multiplier)
    return {"win": win, "draw": draw, "lose": lose}


def attack_preview(state: State, action: Attack) -> dict[str, Any]:
    """Both sides of the battle before the dice (R6): die modifiers, support, multiplier."""
    values = battle_values(state, mover(action), action.origin, action.target, 0, 0)
    return {
        "roman": {"modifier": values.roman_die, "support": values.roman_support,
                  "multiplier": values.roman_multiplier},
        "barbarian": {"modifier": values.barbarian_die, "support": values.barbarian_support,
                      "multiplier": values.barbarian_multiplier},
        "odds": odds(values.roman_die + values.roman_support, values.roman_multiplier,
                     values.barbarian_die + values.barbarian_support, values.barbarian_multiplier),
    }


def option_preview(state: State, action: OptionAction) -> dict[str, Any] | None:
    """An optional rule's battle before the dice (R11.3 the Pirates: the coast counts as
    linked), as its module declares the values (``core.faces.declare_odds``); None for an
    action that is no battle."""
    declared = ODDS.get(type(action))
    if declared is None:
        return None
    support, times, revolts, pirate_times = declared(state, action)
    return {"roman": {"modifier": 0, "support": support, "multiplier": times},
            "barbarian": {"modifier": 0, "support": revolts, "multiplier": pirate_times},
            "odds": odds(support, times, revolts, pirate_times)}


def action_json(state: State, index: int, action: Action, pirates: int | None = None,
                lang: str = "en") -> dict[str, Any]:
    """One legal action: its notation (long and compact), a kind, the places it concerns, its
    cost in IP and its label in ``lang`` (``render.labels``), so the page can highlight and label
    it without knowing a rule.  ``pirates``: the Pirates' sea zone, read from the position
    (R11.3)."""
    item = _action_json(state, index, action, pirates)
    # the catalogue's label in every language, English too (the page adds each item's cost
    # itself, so the Pirates' label leaves its out); an optional rule's action that the
    # catalogue does not know keeps its own English label
    found = label_in(state, action, lang) or item.get("label")
    if found is not None:
        item["label"] = found
    return item


def _action_json(state: State, index: int, action: Action, pirates: int | None) -> dict[str, Any]:
    board = state.board
    item: dict[str, Any] = {"i": index, "notation": format_action(action, board),
                            "compact": format_action(action, board, compact=True),
                            "kind": type(action).__name__.lower(),
                            "cost": action_cost(state, action)}  # one source: core/costs.py
    if isinstance(action, OptionAction):
        item.update(kind="option", group=action.group(state), label=action.label(state),
                    places=option_places(action, board))
        preview = option_preview(state, action) if pirates is not None else None
        if preview is not None:
            item.update(preview=preview)
        return item
    if isinstance(action, PlaceFleet):
        item.update(zone=action.zone)
    elif isinstance(action, Enter):
        item.update(piece=int(action.emperor), to=action.province)
    elif isinstance(action, Move):
        item.update(piece=int(mover(action)), origin=action.origin, to=action.dest,
                    by_fleet=action.by_fleet, zones=list(action.zones),
                    passing=bool(state.figure[action.dest]) and not state.passing)
    elif isinstance(action, Sail):
        item.update(zone=action.src, to_zone=action.dst)
    elif isinstance(action, Secure):
        item.update(at=action.at, border=board.is_border[action.at])
    elif isinstance(action, Subdue):
        item.update(piece=int(mover(action)), at=action.at, subdue=action.kind.name.lower())
    elif isinstance(action, Attack):
        item.update(piece=int(mover(action)), origin=action.origin, target=action.target,
                    preview=attack_preview(state, action))
    item.setdefault("group", item["kind"])
    item["places"] = [item[key] for key in ("origin", "to", "at", "target") if key in item]
    return item


PLACE_FIELDS = ("province", "at", "origin", "dest", "target", "border", "burn")


def option_places(action: OptionAction, board: Board) -> list[int]:
    """The provinces an optional rule's action names (its fields that hold one), so the page can
    offer it from a click on the map."""
    places = []
    for name in PLACE_FIELDS:
        value = getattr(action, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < board.size:
            places.append(value)
    return places


def event_json(event: Event, board: Board, log_index: int) -> dict[str, Any]:
    """An event as data, with its English sentence (``tetrarchia.render``) and the log entry it
    came with."""
    return {"n": log_index, "data": event_to_json(event), "text": render(event, board)}


def roll_json(state: State) -> dict[str, Any] | None:
    request = pending_roll(state)
    if request is None:
        return None
    names = ["roman", "barbarian"] if request.dice == 2 else \
        ["roman" if request.purpose in ROMAN_DIE_ALONE else "barbarian"]
    purpose = PURPOSE_NAMES.get(int(request.purpose), str(int(request.purpose))).replace("-", "_")
    return {"purpose": purpose, "dice": request.dice, "dice_names": names,
            "step": request.step,
            "for_step": request.for_step, "region": request.region, "province": request.province,
            "army": request.army}


def seat_title(seat: int | None, settings: Settings, lang: str = "en") -> str | None:
    """Who decides, as the players at the screen know themselves (R10: ``Player 2 (Galerius)``;
    alone, the Emperor's name), in ``lang``: ``render.labels`` holds the words, English too."""
    return seat_title_in(seat, settings, lang)


def state_json(state: State, lang: str = "en") -> dict[str, Any]:
    """The position and what can be done in it, its words in ``lang``."""
    legal = legal_actions(state) if state.awaiting is not Awaiting.ROLL else []
    seat = deciding_seat(state)
    position = position_to_json(state)
    pirates = position.get("records", {}).get("pirates") or None  # R11.3: 0 is off the board
    return {
        "position": position,
        "awaiting": state.awaiting.name.lower(),
        "seat": seat,
        "seat_title": seat_title(seat, state.settings, lang),
        "emperor_names": emperor_names(lang),
        "over": state.is_over,
        "roll": roll_json(state),
        "legal": [action_json(state, i, a, pirates, lang) for i, a in enumerate(legal)],
    }
