"""An immutable, validated hand of cards."""
from __future__ import annotations

from operator import attrgetter
from typing import Callable, Iterator, Optional, Sequence, Union

from . import bitboard
from .cards import (NUM_RANKS, Counts, _format, check_counts, deck_counts, fits_one_deck,
                    parse_cards)
from .move import Move
from .pictures import cards_svg
from .validate import is_int

__all__ = ["Hand", "HandLike", "as_hand"]


def _no_fast_path(hand: "Hand", cards: object) -> bool:
    return False


#: ``Hand()``'s and ``Hand.from_bitboard``'s fast paths: given the new hand and the counts (or
#: the word), they fill the slots and return True when the argument is plain and valid, else
#: return False and leave it to the checks: the native ones of ``ddz_fast._fast_paths`` where
#: the package is built, else none.
_fill_plain: Callable[["Hand", object], bool]
_fill_word: Callable[["Hand", object], bool]
try:
    from ._fast_paths import fill_hand as _fill_plain, fill_hand_word as _fill_word
except ModuleNotFoundError as error:  # the pure-Python package: no fast paths
    if error.name != f"{__package__}._fast_paths":
        raise
    _fill_plain = _fill_word = _no_fast_path


class Hand:
    """A multiset of cards from one deck: at most four of 3..2 and one of each joker; with
    ``decks=2``, from two decks (the four-player table): at most eight and two.

    ``Hand("33344455BR")``, ``Hand("3s 3h 10d Bj")`` or ``Hand(counts)`` with 15 counts;
    ``Hand("33333333BB", decks=2)``. Immutable and hashable; ``str()`` is the canonical text,
    ``len()`` the number of cards. A hand is its cards: ``Hand("33", decks=2) == Hand("33")``.
    """

    __slots__ = ("_counts", "_bitboard")

    def __init__(self, cards: Union[str, Sequence[int], "Hand"] = (), decks: int = 1) -> None:
        # decks is compared only once it is known to be an int (an array's == is an array)
        if type(decks) is int and decks == 1 and _fill_plain(self, cards):
            return
        if hasattr(self, "_bitboard"):
            raise TypeError("a Hand is immutable")
        deck_counts(decks)                  # 1 or 2 (True and numpy ints equal to them too)
        decks = int(decks)
        if type(cards) is Hand:
            counts = cards._counts
            if decks == 1 and cards._bitboard >= bitboard.TWO_DECKS_BIT:
                check_counts(counts)        # names the rank one deck cannot hold
        elif isinstance(cards, Hand):   # a subclass may say anything: check what it says
            counts = check_counts(cards.counts, decks)
        elif isinstance(cards, str):
            counts = parse_cards(cards, decks)
        elif isinstance(cards, (bytes, bytearray, memoryview)):
            raise TypeError(f"a hand is card text (str), 15 counts or a Hand, not "
                            f"{type(cards).__name__}: decode bytes first")
        elif isinstance(cards, Sequence) or hasattr(cards, "__array__"):
            counts = check_counts([0] * NUM_RANKS if _is_empty(cards) else cards, decks)
        else:
            raise TypeError("a hand is card text, 15 counts or a Hand, "
                            f"not {type(cards).__name__}")
        self._counts: Counts = counts
        self._bitboard: int = bitboard.canonical(counts, decks == 1 or fits_one_deck(counts))

    @classmethod
    def from_bitboard(cls, word: int) -> "Hand":
        """The hand of a bitboard word (validated: flags and type bits must be clear), or of
        the canonical two-deck word of a hand beyond one deck (:mod:`ddz_fast.bitboard`)."""
        if cls is Hand:
            hand = cls.__new__(cls)
            if _fill_word(hand, word):
                return hand
        if not is_int(word):
            raise TypeError(f"a bitboard is an int, not {type(word).__name__}")
        word = int(word)
        if word >= bitboard.TWO_DECKS_BIT:
            hand = cls(bitboard.unpack_two_decks(word), decks=2)
            if hand._bitboard != word:
                raise ValueError(f"bitboard {word:#x} is not the canonical two-deck word of a "
                                 f"hand")
            return hand
        if word < 0 or word & ~bitboard.COUNT_MASK:
            raise ValueError(f"bitboard {word:#x} has bits outside the 15 rank counts")
        return cls(bitboard.unpack(word))

    # Read-only views of the slots; attrgetter runs in C, twice as fast as a method.
    counts = property(attrgetter("_counts"),
                      doc="The count of each of the 15 ranks, 3 first, red joker last.")
    bitboard = property(attrgetter("_bitboard"), doc="The hand as one 64-bit rank-count word, "
                        "or a 128-bit two-deck word beyond one deck (see "
                        ":mod:`ddz_fast.bitboard`).")

    @property
    def decks(self) -> int:
        """The fewest decks that hold this hand: 1, or 2 beyond one deck."""
        return 2 if self._bitboard >= bitboard.TWO_DECKS_BIT else 1

    def __contains__(self, move: object) -> bool:
        counts = _cards_of(move)
        if counts is None:
            return False
        return all(have >= need for have, need in zip(self._counts, counts))

    def __sub__(self, move: "Move") -> "Hand":
        """The hand after playing ``move`` (ValueError when the hand lacks its cards)."""
        counts = _cards_of(move)
        if counts is None:
            return NotImplemented
        if move not in self:
            raise ValueError(f"hand {self} does not hold {_format(counts)}")
        return Hand([have - need for have, need in zip(self._counts, counts)], decks=2)

    def __len__(self) -> int:
        return sum(self._counts)

    def __iter__(self) -> Iterator[int]:
        """The rank index of every card, low to high."""
        for rank, count in enumerate(self._counts):
            yield from (rank,) * count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._counts == self._counts

    def __hash__(self) -> int:
        return hash(self._counts)

    def __str__(self) -> str:
        return _format(self._counts)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The cards as an SVG picture, in rank order (Jupyter shows it)."""
        return cards_svg(self._counts)


def _cards_of(cards: object) -> Optional[Counts]:
    """The checked counts of a Move or Hand (anything with valid ``counts``), else None."""
    if type(cards) in _CHECKED_ON_CREATION:
        return cards.counts     # type: ignore[attr-defined]  (checked when it was made)
    counts = getattr(cards, "counts", None)
    if counts is None or isinstance(cards, type):
        return None
    try:
        return check_counts(counts, 2)
    except (TypeError, ValueError):
        return None


#: The exact types whose counts were checked when they were made (a subclass may change
#: ``counts``): ``move in hand`` takes them as they are, which makes filtering an action space
#: by a hand twenty times faster.
_CHECKED_ON_CREATION = (Hand, Move)


def _is_empty(cards: object) -> bool:
    """Whether a sequence of counts is empty (``()`` is the empty hand)."""
    if getattr(getattr(cards, "dtype", None), "kind", "i") not in "iu":
        return False    # an array of strings or dates is no counts, even empty
    try:
        return len(cards) == 0  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return False    # no length (a 0-d array) or an impossible one: check_counts names it


HandLike = Union[Hand, str, Sequence[int]]


def as_hand(cards: HandLike, decks: int = 1) -> Hand:
    """Accept a Hand, card text or 15 counts of ``decks`` decks; always an exact Hand, whose
    values were checked (a Hand beyond one deck is refused where ``decks`` is 1)."""
    if type(cards) is Hand and type(decks) is int and (decks == 2
                                                        or cards._bitboard < bitboard.TWO_DECKS_BIT):
        return cards
    return Hand(cards, decks)
