"""Play-phase positions and their one-line notation.

A position is exactly what a native play loop needs: three hand bitboards, the landlord, the
player to move, ``prev``, the move to beat (None when the player leads), and how many passes
followed it; and, for rules with wild cards (docs/RULES.md, "Laizi"), ``wild``, the wild ranks
of the hand (None without wild cards).
The play rules live in :mod:`ddz_fast.positions.step`; perft, divide and the perft suites in
:mod:`ddz_fast.positions.perft`.

Notation: five space-separated fields,

    <hand 0>/<hand 1>/<hand 2> <landlord> <to move> <move to beat> <passes>

with hands in card notation (``-`` for an empty hand), seats 0..2, the move to beat written as in
:mod:`ddz_fast.moves.notation` (``-`` when the player to move leads) and the number of passes since
it was played (0 or 1; a second pass gives the lead back). Example: player 1 must beat a pair of
kings that player 0 has just played::

    33445566/789TJ/QKA2B 0 1 KK 0

With wild cards a sixth field names the wild ranks: ``w=`` and their rank letters (one or two,
low to high), and the move to beat is written with its reading where its cards read several
ways (``CARDS=READING``, :mod:`ddz_fast.moves.notation`, under the widest rules with those wild
ranks). Player 2 must beat a soft bomb of 3s made of three 3s and a wild 5::

    44/66/7789 0 2 3335=3333 0 w=5

A five-field line is a position without wild cards, read and written as before.

The wild ranks are checked against the rules each time they meet (:meth:`Position.legal_actions`,
:meth:`Position.play`, :func:`ddz_fast.positions.perft.perft`,
:func:`ddz_fast.positions.perft.divide`): a position carries wild ranks exactly when the rules have
wild cards (``rules.laizi`` > 0), and as many as they say; the move to beat must then be a legal
move under those rules and wild ranks. Wild cards are played by the public API's generator with
wild cards (:func:`ddz_fast.legal_moves` with ``wild=``); the compiled core's generator of plain
words (``implementation="native"`` for :meth:`Position.legal_actions`) refuses a position with wild
ranks, while :func:`ddz_fast.positions.rollouts.perft_native` and
:func:`ddz_fast.positions.rollouts.play_out` (and ``perft``'s ``implementation="native"``) play it
in the compiled core's loop with wild cards.

Choices where the rule book is silent: the wild ranks are part of the position (they are drawn
during the hand and shown to everyone, so a position of the play phase knows them) and equal
positions have equal wild ranks; a position is still one deck (at most four cards of a wild
rank across the hands); the move to beat is checked against the rules and wild ranks when they
meet, not when the position is built, since a position holds no rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from ..bitboard import is_laizi
from ..cards import FULL_DECK, format_cards
from ..hand import Hand, HandLike, as_hand
from .. import moves as api
from ..move import Move
from .pictures import position_svg
from ..moves.notation import format_move, parse_move
from .step import Hands, Implementation, generator, play_actions, play_step
from ..wild import Wild, check_wild, wild_ranks
from ..rules import Rules, RulesLike, three_player_table
from .._checks import exact_move
from ..validate import check_seat, is_int, shown

__all__ = ["Position"]

@dataclass(frozen=True, init=False)
class Position:
    """A play-phase position (see the module docstring); immutable and hashable.

    ``prev`` is the move to beat, None when the player to move leads. ``wild``: the
    wild ranks, a rank index, rank indices or card text (``"5"``, ``"5T"``), kept as distinct
    rank indices low to high; None (the default) without wild cards.
    """

    hands: Hands
    landlord: int
    to_move: int
    prev: Optional[Move] = None
    passes: int = 0
    wild: Optional[Wild] = None

    def __init__(self, hands: Sequence[HandLike], landlord: int, to_move: int,
                 prev: Optional[Move] = None, passes: int = 0, *,
                 wild: object = None) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise TypeError(f"hands must be a sequence of three hands, "
                            f"not {type(hands).__name__}")
        if len(hands) != 3:
            raise ValueError("a position has exactly three hands")
        checked = tuple(as_hand(h) for h in hands)
        _check_one_deck(checked)
        landlord = check_seat("landlord", landlord)
        to_move = check_seat("to_move", to_move)
        prev, passes = check_prev_and_passes(prev, passes, 1)
        wild = _check_position_wild(wild, prev)
        set_fields(self, checked, landlord, to_move, prev, passes)
        object.__setattr__(self, "wild", wild)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """The position of a notation line (see the module docstring)."""
        text, wild = _split_wild_field(text)
        fields = position_fields(text)
        hand_texts = fields[0].split("/")
        if len(hand_texts) != 3:
            raise ValueError(f"hands are three card texts separated by '/', got {fields[0]!r}")
        hands = [Hand("" if h == "-" else h) for h in hand_texts]
        seats = []
        for name, field in (("landlord", fields[1]), ("to move", fields[2]),
                            ("passes", fields[4])):
            if field not in ("0", "1", "2"):
                raise ValueError(f"{name} must be 0, 1 or 2, got {field!r}")
            seats.append(int(field))
        prev = None if fields[3] == "-" else parse_move(fields[3], wild=wild)
        return cls(hands, seats[0], seats[1], prev, seats[2], wild=wild)

    def __str__(self) -> str:
        hands = "/".join(str(h) or "-" for h in self.hands)
        prev = "-" if self.prev is None else format_move(self.prev, wild=self.wild)
        line = f"{hands} {self.landlord} {self.to_move} {prev} {self.passes}"
        if self.wild is None:
            return line
        return f"{line} {WILD_PREFIX}{format_cards(self._wild_counts())}"

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, every hand face up (Jupyter shows it)."""
        return position_svg(self.hands, self.to_move, self.prev, self.passes,
                            landlord=self.landlord, wild=self.wild or ())

    def _wild_counts(self) -> List[int]:
        """One card of each wild rank: the wild ranks as card text."""
        counts = [0] * len(FULL_DECK)
        for rank in self.wild or ():
            counts[rank] = 1
        return counts

    @property
    def is_over(self) -> bool:
        """Whether a hand is empty (the hand has ended)."""
        return any(h.bitboard == 0 for h in self.hands)

    @property
    def landlord_won(self) -> Optional[bool]:
        """True or False once over (landlord out first or not), None while play goes on."""
        if not self.is_over:
            return None
        return self.hands[self.landlord].bitboard == 0

    def legal_actions(self, rules: RulesLike = None,
                      implementation: Implementation = None) -> List[Move]:
        """The legal actions of the player to move (``Move.PASS`` first when following).

        ``implementation`` picks the move generator (see
        :data:`ddz_fast.positions.step.Implementation`; None: the public API's).
        """
        if self.is_over:
            return []
        rules = three_player_table(rules, "a position")
        wild = self.wild_under(rules)
        return play_actions(self.hands[self.to_move], self.prev, rules,
                            generator(implementation, wild))

    def wild_under(self, rules: Rules) -> Wild:
        """The wild ranks of this position under checked three-player ``rules``: ``()``
        without wild cards. ValueError unless the position carries wild ranks exactly when the
        rules have wild cards, as many as they say, and its move to beat is legal under them.
        """
        wild = check_wild(rules, self.wild)     # () when neither has wild cards
        if wild and self.prev is not None and self.prev not in api.classify(
                self.prev.counts, rules=rules, wild=wild):
            raise ValueError(f"the move to beat {format_move(self.prev, wild=wild)} is not a "
                             f"legal move under {rules!r} with wild "
                             f"{format_cards(self._wild_counts())}")
        return wild

    def play(self, move: Move, rules: RulesLike = None) -> "Position":
        """The position after the player to move plays ``move`` (ValueError if illegal)."""
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__}")
        if move not in self.legal_actions(rules):
            raise ValueError(f"{format_move(move)} is not a legal action in {self}")
        return self._after(move)

    def _after(self, move: Move) -> "Position":
        hands, to_move, prev, passes = play_step(self.hands, self.to_move, self.prev,
                                                 self.passes, move)
        position = Position.__new__(Position)
        set_fields(position, hands, self.landlord, to_move, prev, passes)
        object.__setattr__(position, "wild", self.wild)
        return position


#: How the sixth field of a position's notation line starts: the wild ranks follow.
WILD_PREFIX = "w="


def _check_position_wild(wild: object, prev: Optional[Move]) -> Optional[Wild]:
    """A position's wild ranks (None without), checked on their own: the rules they go with
    are checked when they meet (:meth:`Position.wild_under`). A move to beat read with wild
    cards needs them."""
    if wild is None:
        if prev is not None and is_laizi(prev.word):
            raise ValueError(f"the move to beat {format_move(prev)} is read with wild cards: "
                             f"give the position's wild ranks (wild=)")
        return None
    return wild_ranks(wild)


def _split_wild_field(text: object) -> Tuple[object, Optional[Wild]]:
    """(the five fields of a position line, its wild ranks or None): a sixth field ``w=...``
    names the wild ranks."""
    if not isinstance(text, str):
        return text, None       # position_fields names the wrong type
    fields = text.split()
    if len(fields) != 6 or not fields[5].startswith(WILD_PREFIX):
        return text, None
    letters = fields[5][len(WILD_PREFIX):]
    if not letters:
        raise ValueError(f"the wild field {fields[5]!r} names no rank: write w= and the rank "
                         f"letters of the wild ranks, e.g. w=5")
    return " ".join(fields[:5]), wild_ranks(letters)


def plain_position(position: object, what: str) -> None:
    """ValueError when ``position`` carries wild ranks: ``what`` plays without wild cards."""
    wild = getattr(position, "wild", None)
    if wild is not None:
        raise ValueError(f"{what} cannot play wild cards (laizi) yet: the position {position} "
                         f"has wild ranks")


def check_prev_and_passes(prev: Optional[Move], passes: int,
                          most_passes: int) -> Tuple[Optional[Move], int]:
    """A position's move to beat (None, or a pass, when the player leads) and its passes since
    that move: 0 when leading, else 0 to ``most_passes`` (one fewer than the seats after the
    player who made it). At any table: the four-player positions check theirs here too."""
    if prev is not None:
        prev = exact_move(prev, "prev")
        if prev.is_pass:
            prev = None  # nothing to beat: the player leads
    allowed_passes = (0,) if prev is None else tuple(range(most_passes + 1))
    passes = int(passes) if is_int(passes) else passes
    if not is_int(passes) or passes not in allowed_passes:
        raise ValueError(f"passes must be one of {allowed_passes} "
                         f"{'when leading' if prev is None else 'after a move'}, "
                         f"got {shown(passes)}")
    return prev, passes


def position_fields(text: object) -> List[str]:
    """The five fields of a position's notation line, at any table (not yet read)."""
    if not isinstance(text, str):
        raise TypeError(f"position text must be a str, not {type(text).__name__}")
    fields = text.split()
    if len(fields) != 5:
        raise ValueError(f"a position has 5 fields (hands landlord to-move move-to-beat "
                         f"passes), got {len(fields)} in {text!r}")
    return fields


def set_fields(position: Any, hands: tuple, landlord: int, to_move: int,
               prev: Optional[Move], passes: int) -> None:
    """Fill in a frozen position, at any table, from checked fields."""
    for name, value in (("hands", hands), ("landlord", landlord), ("to_move", to_move),
                        ("prev", prev), ("passes", passes)):
        object.__setattr__(position, name, value)


def _check_one_deck(hands: Iterable[Hand]) -> None:
    total = [sum(counts) for counts in zip(*(h.counts for h in hands))]
    for rank, (have, deck) in enumerate(zip(total, FULL_DECK)):
        if have > deck:
            raise ValueError(f"the hands hold {have} of {format_cards([0] * rank + [1])!r}: "
                             f"one deck has {deck}")


def _check_perft_args(position: Position, depth: int) -> Position:
    """The checks of a perft request, shared by :mod:`ddz_fast.positions.perft` and the native
    perft: the position checked again (see :func:`checked_position`), and a depth that is an
    int >= 0."""
    position = checked_position(position)
    check_depth(depth)
    return position


def check_depth(depth: object) -> None:
    """ValueError unless ``depth`` is an int >= 0 (a perft depth, at any table)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a non-negative int, got {shown(depth)}")


def checked_position(position: object, name: str = "position") -> Position:
    """``position`` rebuilt through the constructor's checks: a Position is immutable, but its
    fields can still be changed with ``object.__setattr__`` (or lie in a subclass), and a walk
    over the play tree must read only what was checked."""
    if not isinstance(position, Position):
        raise TypeError(f"{name} must be a Position, not {type(position).__name__}")
    try:
        return Position(position.hands, position.landlord, position.to_move,
                        position.prev, position.passes, wild=getattr(position, "wild", None))
    except (TypeError, ValueError) as error:
        raise type(error)(f"{name} is no valid position: {error}") from None
