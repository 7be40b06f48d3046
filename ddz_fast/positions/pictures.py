"""Pictures of play-phase positions: the table of a
:class:`~ddz_fast.positions.three_player.Position`, a
:class:`~ddz_fast.positions.four_player.FourPlayerPosition` or a
:class:`~ddz_fast.positions.runfast.RunFastPosition` as SVG (their ``_repr_svg_``, which Jupyter
shows), every hand face up, the move to beat in front of the seat that played it and a pass in
front of each seat that passed since, drawn by :func:`ddz_fast.pictures.table_svg`.

>>> from ddz_fast import Position
>>> p = Position.parse("33445566/789TJ/QKA2B 0 1 KK 0")
>>> svg = position_svg(p.hands, p.to_move, p.prev, p.passes, landlord=p.landlord)
>>> svg.count('class="card"'), "Seat 0 · landlord" in svg
(20, True)
"""
from __future__ import annotations

from typing import Optional, Sequence, Tuple

from ..cards import TWO
from ..hand import Hand
from ..move import Move
from ..pictures import SeatPicture, TablePicture, table_svg
from ..validate import check_int, check_seat

__all__ = ["position_picture", "position_svg", "seat_role", "move_line"]


def seat_role(seat: int, landlord: Optional[int], partner: Optional[int] = None) -> str:
    """``landlord``, ``partner`` or ``peasant`` (empty before a landlord is known and in Run
    Fast, where there is none).

    >>> seat_role(1, 0), seat_role(0, 0), seat_role(2, None)
    ('peasant', 'landlord', '')
    """
    for name, value in (("seat", seat), ("landlord", landlord), ("partner", partner)):
        if not (type(value) is int or value is None and name != "seat"):
            raise TypeError(f"{name} must be a seat number, not {type(value).__name__}")
    if landlord is None:
        return ""
    if seat == landlord:
        return "landlord"
    return "partner" if seat == partner else "peasant"


def move_line(move: Move) -> str:
    """A move as the centre of a table names it: its text and its type (TypeError for
    anything but a Move).

    >>> move_line(Move.parse("KK"))
    'KK (pair)'
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    return f"{move} ({move.type})"


def _label(seat: int, role: str) -> str:
    return f"Seat {seat} · {role}" if role else f"Seat {seat}"


def _checked(hands: Sequence[Hand], to_move: int, prev: Optional[Move], passes: int,
             landlord: Optional[int], wild: Sequence[int]) -> Tuple[Hand, ...]:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) \
            or not 2 <= len(hands) <= 4 or not all(type(h) is Hand for h in hands):
        raise TypeError("hands must be two to four Hand objects")
    players = len(hands)
    check_seat("to_move", to_move, players)
    if landlord is not None:
        check_seat("landlord", landlord, players)
    if prev is not None and not isinstance(prev, Move):
        raise TypeError(f"prev must be a Move or None, not {type(prev).__name__}")
    check_int("passes", passes, 0, players - 2 if prev is not None else 0)
    if isinstance(wild, (str, bytes)) or not isinstance(wild, Sequence) or not all(
            type(rank) is int and 0 <= rank <= TWO for rank in wild):
        raise TypeError("wild must be rank indices 0..12")
    return tuple(hands)


def position_picture(hands: Sequence[Hand], to_move: int, prev: Optional[Move] = None,
                     passes: int = 0, *, landlord: Optional[int] = None,
                     wild: Sequence[int] = ()) -> TablePicture:
    """The table of a play-phase position given by its fields (those of a
    :class:`~ddz_fast.positions.three_player.Position`, a
    :class:`~ddz_fast.positions.four_player.FourPlayerPosition` or a
    :class:`~ddz_fast.positions.runfast.RunFastPosition`, which has no landlord), every hand
    face up."""
    hands = _checked(hands, to_move, prev, passes, landlord, wild)
    players = len(hands)
    over = any(not hand for hand in hands)
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
    return TablePicture(tuple(seats), None if over else to_move, 0, tuple(wild), None, lines)


def position_svg(hands: Sequence[Hand], to_move: int, prev: Optional[Move] = None,
                 passes: int = 0, *, landlord: Optional[int] = None,
                 wild: Sequence[int] = ()) -> str:
    """The SVG picture of :func:`position_picture`."""
    return table_svg(position_picture(hands, to_move, prev, passes, landlord=landlord,
                                      wild=wild))
