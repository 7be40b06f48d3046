"""Duels: the two-hand puzzle form of Dou Dizhu (docs/RULES.md, "Search").

Two visible hands; the first player moves first; the players alternate; a player may pass only
when following, and after a pass the other player leads freely; whoever empties their hand first
wins. A duel may start with a move to beat: the first player must then beat it or pass.

Notation: ``FIRST/SECOND`` in card notation, optionally followed by the move to beat in the
move notation of :mod:`ddz_fast.moves.notation`::

    KK5543/225543          the first player leads
    KK5543/225543 55       the first player must beat a pair of fives (or pass)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .._checks import exact_move
from ..cards import FULL_DECK, format_cards
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from ..moves.notation import format_move, parse_move

__all__ = ["Duel", "checked_duel"]


@dataclass(frozen=True, init=False)
class Duel:
    """A duel (see the module docstring): immutable, hashable, equal by value.

    ``prev`` is the move to beat, None when the first player leads.

    >>> duel = Duel.parse("kk5543/225543 55")
    >>> str(duel), duel == Duel("345KK5", "223455", duel.prev)
    ('3455KK/345522 55', True)
    """

    first: Hand
    second: Hand
    prev: Optional[Move] = None

    def __init__(self, first: HandLike, second: HandLike, prev: Optional[Move] = None) -> None:
        hands = (as_hand(first), as_hand(second))
        for name, hand in zip(("first", "second"), hands):
            if not hand.bitboard:
                raise ValueError(f"the {name} hand of a duel is empty: the duel is over")
        for rank, (a, b, deck) in enumerate(zip(hands[0].counts, hands[1].counts, FULL_DECK)):
            if a + b > deck:
                raise ValueError(f"the hands hold {a + b} of {format_cards([0] * rank + [1])!r}:"
                                 f" one deck has {deck}")
        if prev is not None:
            if not isinstance(prev, Move):
                raise TypeError(f"prev must be a Move or None, not {type(prev).__name__}")
            prev = exact_move(prev, "prev")     # a subclass is rebuilt from its word
            if prev.is_pass:
                prev = None  # nothing to beat: the first player leads
        object.__setattr__(self, "first", hands[0])
        object.__setattr__(self, "second", hands[1])
        object.__setattr__(self, "prev", prev)

    @classmethod
    def parse(cls, text: str) -> "Duel":
        """The duel of a notation line (see the module docstring)."""
        if not isinstance(text, str):
            raise TypeError(f"duel text must be a str, not {type(text).__name__}")
        fields = text.split()
        if len(fields) not in (1, 2):
            raise ValueError(f"a duel is 'FIRST/SECOND' with an optional move to beat, "
                             f"got {text!r}")
        hand_texts = fields[0].split("/")
        if len(hand_texts) != 2:
            raise ValueError(f"a duel has two hands separated by '/', got {fields[0]!r}")
        prev = parse_move(fields[1]) if len(fields) == 2 else None
        return cls(Hand(hand_texts[0]), Hand(hand_texts[1]), prev)

    @property
    def hands(self) -> tuple:
        """(first, second)."""
        return (self.first, self.second)

    def __str__(self) -> str:
        text = f"{self.first}/{self.second}"
        if self.prev is not None:
            text += f" {format_move(self.prev)}"
        return text


def checked_duel(duel: object, name: str = "duel") -> Duel:
    """``duel`` rebuilt through the constructor's checks: its fields can still be changed with
    ``object.__setattr__`` (or lie in a subclass), and a search must read only what was
    checked."""
    if not isinstance(duel, Duel):
        raise TypeError(f"{name} must be a Duel, not {type(duel).__name__}")
    try:
        return Duel(duel.first, duel.second, duel.prev)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{name} is no valid duel: {error}") from None
