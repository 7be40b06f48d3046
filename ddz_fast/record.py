"""Game records: one hand as JSON, and replaying a record through every intermediate state.

A record holds the game options, how the hand started (seed, first bidder, the dealt cards),
every event (decisions, timeouts, auto-play decisions, auto-play switches, leaving) and the
result. Replaying the events from the start reproduces the hand exactly, re-deals included,
because re-deals come from the recorded seed. An auto-play policy is code, not data: auto-play
decisions are replayed from the actions they logged.

Layout (``version`` 1)::

    {"format": "ddz_fast.record", "version": 1,
     "game": {"rules": {...every Rules option...}, "chips": [..] | null, "clock": {...}},
     "start": {"seed": .., "first_bidder": 0, "hands": ["..", "..", ".."], "kitty": "..",
               "landlord": null, "base_stake": 1, "stacks": [..] | null},
     "events": [{"kind": "act", "player": 0, "action": "BID_3"}, ...],
     "result": null | {"landlord": 0, "winner": "landlord", "base_stake": 3,
                       "multiplier": 4, "doubles": [false, false, false],
                       "redeals": 0, "scores": [24, -12, -12], "raw_scores": [...]}}
"""
from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any, Dict, Iterator, Optional

from .clock import Clock
from .game import Game, State
from .notation import format_action, parse_action
from .rules import Rules

__all__ = ["to_record", "to_json", "from_json", "game_of", "replay", "load", "FORMAT",
           "VERSION"]

FORMAT = "ddz_fast.record"
VERSION = 1
Record = Dict[str, Any]


def to_record(state: State) -> Record:
    """The record of a hand, finished or not, as plain JSON-ready data."""
    if not isinstance(state, State):
        raise TypeError(f"state must be a State, not {type(state).__name__}")
    hands, kitty, landlord, first_bidder, base_stake, stacks = state.start
    game = state.game
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": {"rules": asdict(game.rules), "chips": _list(game.chips),
                 "clock": asdict(game.clock)},
        "start": {"seed": state.seed, "first_bidder": first_bidder,
                  "hands": [str(h) for h in hands], "kitty": None if kitty is None else str(kitty),
                  "landlord": landlord, "base_stake": base_stake, "stacks": _list(stacks)},
        "events": [_event(kind, player, action) for kind, player, action in state.events],
        "result": _result(state),
    }


def _list(values: Optional[tuple]) -> Optional[list]:
    return None if values is None else list(values)


def _event(kind: str, player: int, action: Any) -> Dict[str, Any]:
    event: Dict[str, Any] = {"kind": kind, "player": player}
    if action is not None:
        event["action"] = format_action(action)
    return event


def _result(state: State) -> Optional[Dict[str, Any]]:
    if not state.is_over:
        return None
    return {"landlord": state.landlord, "winner": state.winner, "base_stake": state.base_stake,
            "multiplier": state.multiplier, "doubles": list(state.doubles),
            "redeals": state.redeals, "scores": list(state.scores),
            "raw_scores": list(state.raw_scores)}


def to_json(state: State, **dumps_options: Any) -> str:
    """The record of a hand as JSON text (``dumps_options`` go to :func:`json.dumps`)."""
    return json.dumps(to_record(state), **dumps_options)


def from_json(text: str) -> Record:
    """Parse JSON record text (checks the format and version; events are checked on replay)."""
    record = json.loads(text)
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} record")
    if record.get("version") != VERSION:
        raise ValueError(f"unsupported record version {record.get('version')!r}: "
                         f"this library reads version {VERSION}")
    return record


def game_of(record: Record) -> Game:
    """The Game a record was played under (with the default auto-play policy)."""
    options = record["game"]
    rule_names = {f.name for f in fields(Rules)}
    unknown = set(options["rules"]) - rule_names
    if unknown:
        raise ValueError(f"record has unknown rule options: {', '.join(sorted(unknown))}")
    return Game(Rules(**options["rules"]), chips=options["chips"],
                clock=Clock(**options["clock"]))


def replay(record: Record, *, game: Optional[Game] = None) -> Iterator[State]:
    """The start state, then a copy of the state after each event, in order.

    ``game`` overrides the recorded game options (e.g. to keep a custom auto-play policy).
    ValueError names the first event that cannot be replayed.
    """
    game = game if game is not None else game_of(record)
    start = record["start"]
    state = game.new_state_from_hands(
        start["hands"], start["kitty"], landlord=start["landlord"],
        first_bidder=start["first_bidder"], seed=start["seed"],
        base_stake=start["base_stake"], stacks=start["stacks"])
    yield state.clone()
    for number, event in enumerate(record["events"], 1):
        try:
            _replay_event(state, event)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"event {number} {event!r} cannot be replayed: {error}") from error
        yield state.clone()


def _replay_event(state: State, event: Dict[str, Any]) -> None:
    kind, player = event["kind"], event["player"]
    if kind in ("act", "timeout", "auto"):
        if player != state.current_player:
            raise ValueError(f"player {player} acts but player {state.current_player} is to move")
        action = parse_action(event["action"], state.phase)
        if kind == "act":
            state.apply(action)
        elif kind == "auto":
            state.play_auto(action)
        elif state.timeout() != action:
            raise ValueError(f"the timeout action is not the recorded {event['action']}")
    elif kind in ("auto_on", "auto_off"):
        state.set_auto_play(player, kind == "auto_on")
    elif kind == "leave":
        state.leave(player)
    else:
        raise ValueError(f"unknown event kind {kind!r}")


def load(record: Record, *, game: Optional[Game] = None) -> State:
    """The state at the end of a record; ValueError if it disagrees with the recorded result."""
    state = None
    for state in replay(record, game=game):
        pass
    assert state is not None  # replay always yields the start state
    if record.get("result") != _result(state):
        raise ValueError(f"the replayed result {_result(state)} differs from the recorded "
                         f"{record.get('result')}")
    return state
