"""Play-phase positions of the four-player table and their notation.

The four-seat twin of :class:`ddz_fast.positions.three_player.Position`: four hands of two decks,
the landlord, the player to move, ``prev`` (the move to beat, None when the player leads) and the
passes since it was played: 0, 1 or 2, since the third pass in a row gives the lead back to the
player who made the move. The partner does not change the play tree (the hand ends when any
hand empties), so a position does not hold it.

Notation: the five fields of :mod:`ddz_fast.positions.three_player` with four hands,

    <hand 0>/<hand 1>/<hand 2>/<hand 3> <landlord> <to move> <move to beat> <passes>

hands in card notation (``-`` for an empty hand), the move to beat written as in
:mod:`ddz_fast.moves.notation` under the most permissive rules of two decks
(:data:`ddz_fast.rules.WIDEST_TWO_DECKS`, whose readings are a superset of every two-deck rule
set's), ``-`` when the player to move leads. Example: seat 2 must beat a pair of kings that seat
1 has just played::

    33445566/789TJ/QKA2B/88888 0 2 KK 0

:func:`ddz_fast.positions.perft.perft` and :func:`~ddz_fast.positions.perft.divide` count the
play tree below a position as at three seats, in Python over a move generator or in the
compiled core.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from ..cards import RANK_NAMES, TWO_DECKS
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from .pictures import position_svg
from ..moves.notation import format_move, parse_move
from .step import Implementation, generator, play_actions, play_step
from .three_player import check_depth, check_prev_and_passes, position_fields, set_fields
from ..rules import WIDEST_TWO_DECKS, Rules, RulesLike, checked_rules
from ..validate import check_seat

__all__ = ["FourPlayerPosition", "PLAYERS"]

PLAYERS = 4
Hands = Tuple[Hand, Hand, Hand, Hand]


@dataclass(frozen=True, init=False)
class FourPlayerPosition:
    """A play-phase position of the four-player table (see the module docstring); immutable
    and hashable."""

    hands: Hands
    landlord: int
    to_move: int
    prev: Optional[Move] = None
    passes: int = 0

    def __init__(self, hands: Sequence[HandLike], landlord: int, to_move: int,
                 prev: Optional[Move] = None, passes: int = 0) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise TypeError(f"hands must be a sequence of four hands, "
                            f"not {type(hands).__name__}")
        if len(hands) != PLAYERS:
            raise ValueError("a four-player position has exactly four hands")
        checked = tuple(as_hand(h, 2) for h in hands)
        _check_two_decks(checked)
        landlord = check_seat("landlord", landlord, PLAYERS)
        to_move = check_seat("to_move", to_move, PLAYERS)
        prev, passes = check_prev_and_passes(prev, passes, PLAYERS - 2)
        set_fields(self, checked, landlord, to_move, prev, passes)

    @classmethod
    def parse(cls, text: str) -> "FourPlayerPosition":
        """The position of a notation line (see the module docstring)."""
        fields = position_fields(text)
        texts = fields[0].split("/")
        if len(texts) != PLAYERS:
            raise ValueError(f"hands are four card texts separated by '/', got {fields[0]!r}")
        hands = [Hand("" if h == "-" else h, decks=2) for h in texts]
        numbers = []
        for name, field, choices in (("landlord", fields[1], "0123"),
                                     ("to move", fields[2], "0123"),
                                     ("passes", fields[4], "012")):
            if len(field) != 1 or field not in choices:
                raise ValueError(f"{name} must be one of {', '.join(choices)}, got {field!r}")
            numbers.append(int(field))
        prev = None if fields[3] == "-" else parse_move(fields[3], WIDEST_TWO_DECKS)
        return cls(hands, numbers[0], numbers[1], prev, numbers[2])

    def __str__(self) -> str:
        hands = "/".join(str(h) or "-" for h in self.hands)
        prev = "-" if self.prev is None else format_move(self.prev, WIDEST_TWO_DECKS)
        return f"{hands} {self.landlord} {self.to_move} {prev} {self.passes}"

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, every hand face up (Jupyter shows it)."""
        return position_svg(self.hands, self.to_move, self.prev, self.passes,
                            landlord=self.landlord)

    @property
    def is_over(self) -> bool:
        """Whether a hand is empty (the hand has ended)."""
        return any(not h.bitboard for h in self.hands)

    def legal_actions(self, rules: RulesLike = "four_player",
                      implementation: Implementation = None) -> List[Move]:
        """The legal actions of the player to move (``Move.PASS`` first when following)."""
        if self.is_over:
            return []
        return play_actions(self.hands[self.to_move], self.prev, _four_player_rules(rules),
                            generator(implementation))

    def play(self, move: Move, rules: RulesLike = "four_player") -> "FourPlayerPosition":
        """The position after the player to move plays ``move`` (ValueError if illegal)."""
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__}")
        if move not in self.legal_actions(rules):
            raise ValueError(f"{move.cards or 'pass'} ({move.type}) is not a legal action "
                             f"in {self}")
        return self._after(move)

    def _after(self, move: Move) -> "FourPlayerPosition":
        hands, to_move, prev, passes = play_step(self.hands, self.to_move, self.prev,
                                                 self.passes, move)
        after = FourPlayerPosition.__new__(FourPlayerPosition)
        set_fields(after, hands, self.landlord, to_move, prev, passes)
        return after


def _check_two_decks(hands: Sequence[Hand]) -> None:
    total = [sum(counts) for counts in zip(*(h.counts for h in hands))]
    for rank, (have, deck) in enumerate(zip(total, TWO_DECKS)):
        if have > deck:
            raise ValueError(f"the hands hold {have} of rank {RANK_NAMES[rank]}: two decks "
                             f"have {deck}")


def _four_player_rules(rules: RulesLike) -> Rules:
    checked = checked_rules(rules)
    if checked.players != PLAYERS:
        raise ValueError(f"a four-player position is played under four-player rules, not "
                         f"{checked!r}")
    return checked


def _checked(position: object, depth: object) -> FourPlayerPosition:
    position = _rebuilt(position)
    check_depth(depth)
    return position


def _rebuilt(position: object) -> FourPlayerPosition:
    """``position`` rebuilt through the checks of :class:`FourPlayerPosition` (its fields can be
    changed behind its back); TypeError or ValueError saying it is no valid position."""
    if not isinstance(position, FourPlayerPosition):
        raise TypeError(f"position must be a FourPlayerPosition, not {type(position).__name__}")
    try:
        return FourPlayerPosition(position.hands, position.landlord, position.to_move,
                                  position.prev, position.passes)
    except (TypeError, ValueError) as error:
        raise type(error)(f"position is no valid position: {error}") from None
