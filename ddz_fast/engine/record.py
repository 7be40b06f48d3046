"""Game records: one hand as JSON, and replaying a record through every intermediate state.

A record holds the game options, how the hand started (seed, first bidder, the dealt cards),
every event (decisions, timeouts, auto-play decisions, auto-play switches, leaving, and the
deal bonuses of the ``deal_bonuses`` option) and the result. Replaying the events from the
start reproduces the hand exactly, re-deals included, because re-deals come from the recorded
seed. An auto-play policy is code, not data: auto-play decisions are replayed from the actions
they logged. Deal bonuses are not decisions: the replayed deal makes them, and each recorded
``bonus`` event must be the one the deal made at that point (none missing, none extra).

Layout (``version`` 1)::

    {"format": "ddz_fast.record", "version": 1,
     "game": {"rules": {...every Rules option...}, "chips": [..] | null, "clock": {...}},
     "start": {"seed": .., "first_bidder": 0, "hands": ["..", "..", ".."], "kitty": "..",
               "landlord": null, "base_stake": 1, "stacks": [..] | null},
     "events": [{"kind": "bonus", "player": 2, "bonus": "DOUBLE_KINGS"},
                {"kind": "act", "player": 0, "action": "BID_3"}, ...],
     "result": null | {"landlord": 0, "winner": "landlord", "base_stake": 3,
                       "multiplier": 4, "doubles": [false, false, false],
                       "redeals": 0, "scores": [24, -12, -12], "raw_scores": [...]}}

A hand of the four-player table (:mod:`ddz_fast.engine.four_player`) has the same layout, with one
value per seat for four seats, and ``"partner"`` (a seat, or null) in ``start`` (the partner
given with the landlord) and in ``result``; its partner choices are events with the actions
``SEAT_0`` .. ``SEAT_3``, and its moves are written under its rules
(:func:`ddz_fast.moves.notation.format_action`). Records of three players are as they were.

A hand with wild cards (:mod:`ddz_fast.engine.laizi`) adds ``"wild"`` to ``start``: the wild
ranks given with the cards, as rank letters in draw order (``"T5"``), or null when the seed
drew them. Each wild rank shown is an event ``{"kind": "wild", "player": null, "rank": "T"}``:
like a deal bonus it is no decision, so the replayed deal draws it and the recorded event must
be the one drawn at that point. Its moves are written under its rules and wild ranks
(``CARDS=READING`` where the cards read several ways, :mod:`ddz_fast.moves.notation`).
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, fields
from typing import Any, Dict, Iterator, Optional, Tuple, Union

from ..cards import RANK_LETTERS, rank_index
from .base import StateBase
from .clock import Clock
from .game import Game
from .three_player import State
from .laizi import WILD_EVENT, wild_text
from .python_state import PythonState
from ..moves.notation import format_action, parse_action
from ..rules import RUNFAST_FIELDS, Rules
from ..actions import DealBonus
from ..validate import check_bool, check_int, check_seat, shown

__all__ = ["to_record", "to_json", "from_json", "check_record", "game_of", "replay", "load",
           "FORMAT", "VERSION", "MAX_RECORD_CHARS", "MAX_EVENTS"]

FORMAT = "ddz_fast.record"
VERSION = 1
Record = Dict[str, Any]


def to_record(state: Union[State, PythonState]) -> Record:
    """The record of a hand, finished or not, as plain JSON-ready data."""
    if not isinstance(state, StateBase):     # a state of any table (Run Fast's included)
        raise TypeError(f"state must be a State, not {type(state).__name__}")
    hands, kitty, landlord, first_bidder, base_stake, stacks = state.start[:6]
    game = state.game
    start = {"seed": state.seed, "first_bidder": first_bidder,
             "hands": [str(h) for h in hands], "kitty": None if kitty is None else str(kitty),
             "landlord": landlord, "base_stake": base_stake, "stacks": _list(stacks)}
    if game.rules.players == 4:
        start["partner"] = state.start.partner
    if game.rules.laizi:
        given = state.start.wild
        start["wild"] = None if given is None else wild_text(given)
    rules, wild = _move_rules(game.rules), _move_wild(state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": {"rules": _rules_fields(game.rules), "chips": _list(game.chips),
                 "clock": asdict(game.clock)},
        "start": start,
        "events": [_event(kind, player, action, rules, wild)
                   for kind, player, action in state.events],
        "result": _result(state),
    }


def _rules_fields(rules: Rules) -> Dict[str, Any]:
    """Every option of the rules; a Dou Dizhu record leaves out Run Fast's (at their defaults
    there), so that it is the record it was before Run Fast and reads back the same."""
    fields = asdict(rules)
    if rules.game == "doudizhu":
        for name in RUNFAST_FIELDS:
            del fields[name]
    return fields


def _move_rules(rules: Rules) -> Optional[Rules]:
    """The rules moves are written and read under: the table's at four players and with wild
    cards; at three the widest, as records have always been written."""
    return rules if rules.players != 3 or rules.laizi else None


def _move_wild(state: Union[State, PythonState]) -> Optional[Tuple[int, ...]]:
    """The wild ranks moves are written and read under: all of the hand's once shown (every
    move is played after that), else None (no move yet)."""
    wild = getattr(state, "wild", ())
    return wild if wild and len(wild) == state.rules.laizi else None


def _list(values: Optional[tuple]) -> Optional[list]:
    return None if values is None else list(values)


def _event(kind: str, player: Optional[int], action: Any, rules: Optional[Rules] = None,
           wild: Optional[Tuple[int, ...]] = None) -> Dict[str, Any]:
    event: Dict[str, Any] = {"kind": kind, "player": player}
    if kind == "bonus":
        event["bonus"] = action.name
    elif kind == WILD_EVENT:
        event["rank"] = RANK_LETTERS[action]
    elif action is not None:
        event["action"] = format_action(action, rules, wild)
    return event


def _result(state: Union[State, PythonState]) -> Optional[Dict[str, Any]]:
    if not state.is_over:
        return None
    result = {"landlord": state.landlord, "winner": state.winner,
              "base_stake": state.base_stake, "multiplier": state.multiplier,
              "doubles": list(state.doubles), "redeals": state.redeals,
              "scores": list(state.scores), "raw_scores": list(state.raw_scores)}
    if state.rules.players == 4:
        result["partner"] = state.partner
    return result


def to_json(state: State, *, indent: Optional[int] = None, sort_keys: bool = False) -> str:
    """The record of a hand as JSON text, indented by ``indent`` spaces (None: one line)."""
    if indent is not None:
        indent = check_int("indent", indent, 0, 16)
    return json.dumps(to_record(state), indent=indent,
                      sort_keys=check_bool("sort_keys", sort_keys))


#: The largest record text :func:`from_json` reads, and the most events a record may hold.
MAX_RECORD_CHARS = 16 << 20
MAX_EVENTS = 100_000
_MAX_DEPTH = 8     # a valid record nests 4 deep: record, game, rules or clock, a value list


def from_json(text: str) -> Record:
    """Parse JSON record text and check its structure (events are checked on replay)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_RECORD_CHARS:       # more bytes than any record's UTF-8
            raise ValueError(f"record text of {len(text)} bytes: at most "
                             f"{MAX_RECORD_CHARS} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"record bytes are not UTF-8 text (byte {error.start})") from None
    if not isinstance(text, str):
        raise TypeError(f"record text must be a str, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError(f"record text of {len(text)} characters: at most {MAX_RECORD_CHARS}")
    if _nesting(text) > _MAX_DEPTH:
        raise ValueError(f"record text nests deeper than {_MAX_DEPTH} levels: not a record")
    try:
        record = json.loads(text)
    except ValueError as error:
        raise ValueError(f"record text is not JSON: {error}") from None
    return check_record(record)


def _nesting(text: str) -> int:
    """How deep the JSON arrays and objects of ``text`` nest (strings skipped), in one pass."""
    deepest = depth = 0
    for token in _STRUCTURE.findall(text):
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def check_record(record: object) -> Record:
    """``record`` if it has the layout of a record (see the module docstring), else ValueError
    naming the first field that is wrong. Values are checked where they are used."""
    record = _mapping(record, "record", ())
    if not _is(record.get("format"), FORMAT):
        raise ValueError(f"not a {FORMAT} record")
    if not _is(record.get("version"), VERSION):
        raise ValueError(f"unsupported record version {shown(record.get('version'))}: "
                         f"this library reads version {VERSION}")
    _mapping(record, "record", ("game", "start", "events"))
    game = _mapping(record["game"], "record game", ("rules", "chips", "clock"))
    _mapping(game["rules"], "record game rules", ())
    _mapping(game["clock"], "record game clock", ())
    start = _mapping(record["start"], "record start",
                     ("seed", "first_bidder", "hands", "kitty", "landlord", "base_stake",
                      "stacks"))
    if not isinstance(start["hands"], list) or len(start["hands"]) not in (3, 4):
        raise ValueError("record start hands must be a list of three card texts (four at the "
                         "four-player table)")
    events = record["events"]
    if not isinstance(events, list):
        raise ValueError(f"record events must be a list, not {type(events).__name__}")
    if len(events) > MAX_EVENTS:
        raise ValueError(f"record has {len(events)} events: at most {MAX_EVENTS}")
    for number, event in enumerate(events, 1):
        _mapping(event, f"record event {number}", ("kind", "player"))
    if record.get("result") is not None:
        _mapping(record["result"], "record result", ())
    return record


def _same_result(recorded: object, replayed: object) -> bool:
    try:
        return bool(recorded == replayed)
    except (TypeError, ValueError):     # values that do not compare (arrays): not the same
        return False


def _is(value: object, expected: object) -> bool:
    """``value == expected`` for values of any type (an array compares without ambiguity)."""
    return type(value) is type(expected) and value == expected


def _mapping(value: object, name: str, keys: Tuple[str, ...]) -> Dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be a JSON object, not {type(value).__name__}")
    missing = [key for key in keys if key not in value]
    if missing:
        raise ValueError(f"{name} lacks {', '.join(repr(k) for k in missing)}")
    return value


def game_of(record: Record) -> Game:
    """The Game a record was played under (with the default auto-play policy)."""
    options = check_record(record)["game"]
    for name, kind in (("rules", Rules), ("clock", Clock)):
        unknown = set(options[name]) - {f.name for f in fields(kind)}
        if unknown:
            raise ValueError(f"record has unknown {name} options: "
                             f"{', '.join(sorted(map(str, unknown)))}")
    return Game(Rules(**options["rules"]), chips=options["chips"],
                clock=Clock(**options["clock"]))


def replay(record: Record, *,
           game: Optional[Game] = None) -> Iterator[Union[State, PythonState]]:
    """The start state, then a copy of the state after each event, in order.

    ``game`` overrides the recorded game options (e.g. to keep a custom auto-play policy).
    ValueError names the first event that cannot be replayed.
    """
    if game is not None and not isinstance(game, Game):
        raise TypeError(f"game must be a Game or None, not {type(game).__name__}")
    game = game if game is not None else game_of(record)
    start = check_record(record)["start"]
    state = game.new_state_from_hands(
        start["hands"], start["kitty"], landlord=start["landlord"],
        first_bidder=start["first_bidder"], seed=start["seed"],
        base_stake=start["base_stake"], stacks=start["stacks"],
        partner=start.get("partner"), wild=start.get("wild"))
    yield state.clone()
    # The state logs the bonuses of each deal itself: the recorded ones are checked against
    # them, the bonus events the state logged and no recorded event has matched yet.
    made = list(state.events)
    number = 0
    for number, event in enumerate(record["events"], 1):
        try:
            made = _replay_event(state, event, made)
        except (TypeError, ValueError) as error:
            raise ValueError(f"event {number} {shown(event)} cannot be replayed: "
                             f"{error}") from error
        yield state.clone()
    if made:
        raise ValueError(f"the record leaves out the deal's event {_event(*made[0])} "
                         f"after event {number}")


def _replay_event(state: State, event: Dict[str, Any], made: list) -> list:
    """Replay one event; the bonus events the state has logged that are still to match."""
    kind = event["kind"]
    if not isinstance(kind, str):
        raise TypeError(f"event kind must be a str, not {type(kind).__name__}")
    if kind == WILD_EVENT:
        return _replay_wild(event, made)
    player = check_seat("event player", event["player"], state.game.num_players)
    if kind == "bonus":
        bonus = event.get("bonus")
        if not isinstance(bonus, str) or bonus not in DealBonus.__members__:
            raise ValueError(f"a bonus event names one of {', '.join(DealBonus.__members__)}")
        if not made or made[0] != ("bonus", player, DealBonus[bonus]):
            raise ValueError("the deal gives no such bonus here")
        return made[1:]
    if made:
        raise ValueError(f"the deal's event {_event(*made[0])} comes first")
    logged = state._event_count()
    if kind in ("act", "timeout", "auto"):
        if player != state.current_player:
            raise ValueError(f"player {shown(player)} acts but player {state.current_player} "
                             "is to move")
        if "action" not in event:
            raise ValueError(f"a {kind!r} event needs an action")
        action = parse_action(event["action"], state.phase, _move_rules(state.rules),
                              _move_wild(state))
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
    if state._event_count() == logged + 1:
        return []
    # A re-deal's bonuses or first wild rank after the last pass, or the wild rank shown
    # after the last bid.
    return list(state.events[logged + 1:])


def _replay_wild(event: Dict[str, Any], made: list) -> list:
    """Check a recorded wild rank against the one the replayed deal showed there."""
    if event["player"] is not None:
        raise ValueError("a wild rank is shown to all: its event has player null")
    rank = event.get("rank")
    if not isinstance(rank, str):
        raise ValueError("a wild event names its rank as a rank letter, e.g. \"rank\": \"T\"")
    if not made or made[0] != (WILD_EVENT, None, rank_index(rank)):
        raise ValueError("the deal shows no such wild rank here")
    return made[1:]


def load(record: Record, *, game: Optional[Game] = None) -> Union[State, PythonState]:
    """The state at the end of a record; ValueError if it disagrees with the recorded result."""
    state = None
    for state in replay(record, game=game):
        pass
    assert state is not None  # replay always yields the start state
    if not _same_result(record.get("result"), _result(state)):
        raise ValueError(f"the replayed result {_result(state)} differs from the recorded "
                         f"{shown(record.get('result'))}")
    return state
