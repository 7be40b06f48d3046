"""Pictures of a hand being played: the table of a state of any table (three players, four
players, wild cards, Run Fast) as SVG, what ``state._repr_svg_()`` shows in Jupyter and what
the replay pages and the web table draw (:mod:`ddz_fast.web`).

The picture shows the hands of the ``visible`` seats face up (every seat's by default) and the
others as face-down piles with their counts; the kitty once shown; the wild ranks; each seat's
latest action of the auction, the doubling round or the current trick (the trick just won,
while its winner is to lead again); whose turn it is; and in the centre lines the phase, the
move to beat, the base stake and multiplier, and once the hand is over who won. Each seat's
notes say what is public about it: doubled, on auto-play, left, its chips, and at the end its
score. In Run Fast the cards of a hand dealt from its seed carry their suits, as long as the
seat has played no card of that rank (after that, which of them were played is not recorded).

Only the cards of the visible seats are drawn: a picture of one seat's view holds nothing of
the other hands but their counts (what :mod:`ddz_fast.web` sends a player).

>>> from ddz_fast import Game
>>> state = Game("standard").new_state(seed=7)
>>> svg = state_svg(state, visible=[0])
>>> svg.count('class="card"'), "Seat 0 to bid" in svg
(17, True)
"""
from __future__ import annotations

from typing import Any, Collection, Dict, List, Optional, Tuple

from ..actions import Bid, Double, Partner
from ..move import Move
from .base import StateBase
from ..pictures import SeatPicture, TablePicture, table_svg
from ..positions.pictures import move_line, seat_role

__all__ = ["state_picture", "state_svg", "action_text", "current_trick"]

_BIDS = {Bid.PASS: "pass", Bid.BID_1: "bid 1", Bid.BID_2: "bid 2", Bid.BID_3: "bid 3",
         Bid.CALL: "call", Bid.ROB: "rob"}
_PHASE_VERBS = {"bidding": "to bid", "doubling": "to double or not",
                "partner": "names a partner"}


def action_text(action: Any) -> str:
    """An action as a person reads it: ``bid 2``, ``call``, ``double``, ``names seat 2``, a
    move's text, ``pass``.

    >>> action_text(Bid.BID_2), action_text(Double.NO_DOUBLE), action_text(Move.parse("33"))
    ('bid 2', 'no double', '33')
    """
    if isinstance(action, Bid):
        return _BIDS[action]
    if isinstance(action, Double):
        return "double" if action == Double.DOUBLE else "no double"
    if isinstance(action, Partner):
        return f"names seat {action.seat}"
    if isinstance(action, Move):
        return str(action)
    raise TypeError(f"not an action: {type(action).__name__}")


def current_trick(moves: List[Tuple[int, Move]], players: int) -> List[Tuple[int, Move]]:
    """The moves and passes of the current trick, from its lead on: the last trick of
    ``moves`` (every play of the hand, in order), whose lead is the first move, or the first
    after ``players - 1`` passes in a row.

    >>> moves = [(0, Move.parse("3")), (1, Move.PASS), (2, Move.PASS), (0, Move.parse("4"))]
    >>> [str(m) for _, m in current_trick(moves, 3)]
    ['4']
    """
    if type(players) is not int or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, not {players!r:.20}")
    if not isinstance(moves, list) or not all(
            isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Move)
            for item in moves):
        raise TypeError("moves must be a list of (seat, Move) pairs")
    lead, passes = 0, 0
    for index, (_, move) in enumerate(moves):
        if passes == players - 1:
            lead = index
        passes = passes + 1 if move.is_pass else 0
    return moves[lead:]


def _latest_actions(state: Any, players: int) -> Dict[int, Any]:
    """Each seat's latest action of the auction, the doubling round or the current trick."""
    phase = state.phase
    if phase in ("bidding", "partner"):
        return dict(state.bids)
    history = state.history
    if phase == "doubling":
        return {seat: action for seat, action in history if isinstance(action, Double)}
    moves = [(seat, action) for seat, action in history if isinstance(action, Move)]
    return dict(current_trick(moves, players))


def _centre(state: Any) -> Tuple[str, ...]:
    """The lines of the centre: what happens now, the move to beat, the stake."""
    phase, player = state.phase, state.current_player
    runfast = state.rules.game == "runfast"
    if phase == "over":
        if runfast:
            now = f"Seat {state.winner} went out first"
        else:
            now = "The landlord's side wins" if state.winner == "landlord" else \
                "The peasants win"
    elif phase == "play":
        now = f"Seat {player} leads" if state.prev is None else \
            f"Seat {player} to beat {move_line(state.prev)}"
    else:
        now = f"Seat {player} {_PHASE_VERBS[phase]}"
    lines = [now]
    if not runfast:
        stake = f"base {state.base_stake} · " if state.base_stake else ""
        lines.append(f"{stake}multiplier ×{state.multiplier}")
    return tuple(lines)


def _notes(state: Any, seat: int) -> Tuple[str, ...]:
    notes = []
    if state.doubles[seat]:
        notes.append("doubled")
    if state.has_left[seat]:
        notes.append("left")
    elif state.auto_play[seat]:
        notes.append("auto")
    if state.stacks is not None:
        notes.append(f"{state.stacks[seat]} chips")
    if state.scores is not None:
        notes.append(f"{state.scores[seat]:+d}")
    return tuple(notes)


def state_picture(state: Any, visible: Optional[Collection[int]] = None, *,
                  bottom: int = 0) -> TablePicture:
    """The table of ``state`` with the hands of the ``visible`` seats face up (None: every
    seat's), seat ``bottom`` drawn at the bottom."""
    if not isinstance(state, StateBase):
        raise TypeError(f"state must be a state of a Game, not {type(state).__name__}")
    hands = state.hands
    players = len(hands)
    if visible is not None and (isinstance(visible, (str, bytes))
                                or not isinstance(visible, Collection)):
        raise TypeError("visible must be a collection of seats, or None")
    listed = range(players) if visible is None else list(visible)
    if not all(type(seat) is int and 0 <= seat < players for seat in listed):
        raise ValueError(f"visible seats are seats 0..{players - 1}")
    shown = frozenset(listed)
    if type(bottom) is not int or not 0 <= bottom < players:
        raise ValueError(f"bottom must be a seat 0..{players - 1}")
    suits_of = getattr(state, "_known_suits", None)
    suits = suits_of() if suits_of is not None else None
    latest = _latest_actions(state, players)
    partner = getattr(state, "partner", None)
    seats = []
    for seat, hand in enumerate(hands):
        role = seat_role(seat, state.landlord, partner)
        action = latest.get(seat)
        seats.append(SeatPicture(
            f"Seat {seat} · {role}" if role else f"Seat {seat}", len(hand),
            hand.counts if seat in shown else None,
            suits[seat] if suits is not None and seat in shown else None,
            None if action is None else action.type if isinstance(action, Move)
            and not action.is_pass else action_text(action),
            action.counts if isinstance(action, Move) and not action.is_pass else None,
            _notes(state, seat)))
    wild = tuple(getattr(state, "wild", ()) or ())
    kitty = state.kitty
    return TablePicture(tuple(seats), state.current_player, bottom, wild,
                        None if kitty is None else kitty.counts, _centre(state))


def state_svg(state: Any, visible: Optional[Collection[int]] = None, *, bottom: int = 0,
              namespace: bool = True) -> str:
    """The SVG picture of :func:`state_picture`; ``namespace`` as for
    :func:`ddz_fast.pictures.cards_svg`."""
    return table_svg(state_picture(state, visible, bottom=bottom), namespace=namespace)
