"""The actions of a hand and the events of its log: bids, doubles, the partner choice, moves,
and the deal bonuses announced at the deal."""
from __future__ import annotations

from enum import Enum, EnumMeta, IntEnum
from typing import Any, Optional, Tuple, Union

from .move import Move
from .validate import is_int

__all__ = ["Bid", "Double", "Partner", "DealBonus", "Action", "Event"]


class _ActionKind(EnumMeta):
    """The metaclass of the actions: ``Bid(3)`` takes an int (a numpy one too) or a member.
    Enum's own lookup compares any other value with every member (an array's comparison is an
    array, whose truth is an error) and shows its repr in the error it raises (a list too
    deep to show is a RecursionError)."""

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or isinstance(value, cls):
            return super().__call__(value, *args, **kwargs)
        if not is_int(value):
            raise TypeError(f"{cls.__name__} takes an int, not {type(value).__name__}")
        return super().__call__(int(value))


class Bid(IntEnum, metaclass=_ActionKind):
    """A bidding action. ``PASS`` declines: no bid (points), no call or no rob (call/rob)."""

    PASS = 0
    BID_1 = 1
    BID_2 = 2
    BID_3 = 3
    CALL = 4
    ROB = 5


class Double(IntEnum, metaclass=_ActionKind):
    """A doubling-round action."""

    NO_DOUBLE = 0
    DOUBLE = 1


class Partner(IntEnum, metaclass=_ActionKind):
    """The landlord's choice of partner at the four-player table (``sides="partner"``):
    ``Partner(seat)`` names that seat, ``Partner.SEAT_2`` is ``Partner(2)``."""

    SEAT_0 = 0
    SEAT_1 = 1
    SEAT_2 = 2
    SEAT_3 = 3

    @property
    def seat(self) -> int:
        """The seat named."""
        return int(self)


class DealBonus(Enum, metaclass=_ActionKind):
    """A bonus of the deal (option ``deal_bonuses``): each one doubles the multiplier once.
    Not an int (unlike bids), so that no bonus ever equals an action.

    ``DOUBLE_KINGS``: the player was dealt both jokers. ``STRAIGHT``: the player was dealt a
    12-card straight, at least one card of every rank 3..A. "Dealt" is the hand as dealt,
    before the kitty: the kitty is no player's deal.
    """

    DOUBLE_KINGS = 0
    STRAIGHT = 1


#: An action of any phase: a bid, a doubling decision, the landlord's choice of partner (the
#: four-player table) or a move (``Move.PASS`` passes).
Action = Union[Bid, Double, Partner, Move]
#: One entry of a state's event log: (kind, player, action or None). Kinds: ``act`` (a normal
#: decision), ``timeout``, ``auto`` (an auto-play decision), ``auto_on``, ``auto_off``,
#: ``leave``, ``bonus`` (a :class:`DealBonus` of the player's deal, in the place of the
#: action; only under the ``deal_bonuses`` option), and ``wild`` (a wild rank shown,
#: ``("wild", None, rank)``: no seat's; only with wild cards, :mod:`ddz_fast.engine.laizi`).
Event = Tuple[str, Optional[int], Union[Action, DealBonus, int, None]]
