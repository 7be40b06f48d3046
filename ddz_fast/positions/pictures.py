"""Pictures of play-phase positions: the table of a
:class:`~ddz_fast.positions.three_player.Position`, a
:class:`~ddz_fast.positions.four_player.FourPlayerPosition` or a
:class:`~ddz_fast.positions.runfast.RunFastPosition` as SVG (their ``_repr_svg_``, which Jupyter
shows), every hand face up, the move to beat in front of the seat that played it and a pass in
front of each seat that passed since, drawn by :func:`ddz_fast.pictures.table_svg`.

>>> from ddz_fast import Position
>>> svg = position_svg(Position.parse("33445566/789TJ/QKA2B 0 1 KK 0"))
>>> svg.count('class="card"'), "Seat 0 · landlord" in svg
(20, True)
"""
from __future__ import annotations

from typing import Any, Optional, Tuple

from ..move import Move
from ..pictures import SeatPicture, TablePicture, table_svg

__all__ = ["position_picture", "position_svg", "seat_role", "move_line"]


def seat_role(seat: int, landlord: Optional[int], partner: Optional[int] = None) -> str:
    """``landlord``, ``partner`` or ``peasant`` (empty before a landlord is known and in Run
    Fast, where there is none).

    >>> seat_role(1, 0), seat_role(0, 0), seat_role(2, None)
    ('peasant', 'landlord', '')
    """
    if landlord is None:
        return ""
    if seat == landlord:
        return "landlord"
    return "partner" if seat == partner else "peasant"


def move_line(move: Move) -> str:
    """A move as the centre of a table names it: its text and its type.

    >>> move_line(Move.parse("KK"))
    'KK (pair)'
    """
    return f"{move} ({move.type})"


def _label(seat: int, role: str) -> str:
    return f"Seat {seat} · {role}" if role else f"Seat {seat}"


def position_picture(position: Any) -> TablePicture:
    """The table of a play-phase position of any table, every hand face up."""
    hands = position.hands
    players = len(hands)
    landlord = getattr(position, "landlord", None)
    prev, passes, to_move = position.prev, position.passes, position.to_move
    over = position.is_over
    mover = None if prev is None else (to_move - 1 - passes) % players
    passed = {(to_move - k) % players for k in range(1, passes + 1)} if prev is not None else ()
    seats = []
    for seat, hand in enumerate(hands):
        action: Optional[str] = None
        played = None
        if seat == mover:
            action, played = prev.type, prev.counts
        elif seat in passed:
            action = "pass"
        seats.append(SeatPicture(_label(seat, seat_role(seat, landlord)), len(hand),
                                 hand.counts, action=action, played=played))
    if over:
        lines: Tuple[str, ...] = ("the hand is over",)
    elif prev is None:
        lines = (f"Seat {to_move} leads",)
    else:
        lines = (f"Seat {to_move} to beat {move_line(prev)}",)
    wild = tuple(getattr(position, "wild", None) or ())
    return TablePicture(tuple(seats), None if over else to_move, 0, wild, None, lines)


def position_svg(position: Any) -> str:
    """The SVG picture of :func:`position_picture`."""
    return table_svg(position_picture(position))
