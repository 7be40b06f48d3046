"""Ranks and the text notation of cards (docs/RULES.md, "Cards and ranks").

A card set is a tuple of 15 counts, one per rank, indexed low to high:
``0 = 3, 1 = 4, ..., 11 = A, 12 = 2, 13 = B`` (black joker) ``, 14 = R`` (red joker).
Suits never matter, so this is all a hand or a move needs to be.
"""
from __future__ import annotations

from collections import abc
from operator import le
from typing import Dict, Sequence, Tuple

from .validate import is_int, shown

__all__ = [
    "NUM_RANKS", "RANK_LETTERS", "RANK_NAMES", "BLACK_JOKER", "RED_JOKER", "TWO", "ACE",
    "MAX_COPIES", "FULL_DECK", "TWO_DECKS", "RUNFAST_DECKS", "deck_counts", "fits_one_deck", "Counts",
    "parse_cards", "format_cards", "check_counts", "rank_index",
]

Counts = Tuple[int, ...]

NUM_RANKS = 15
RANK_LETTERS = "3456789TJQKA2BR"
RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
              "black joker", "red joker")
ACE, TWO, BLACK_JOKER, RED_JOKER = 11, 12, 13, 14
#: How many cards of each rank one deck holds: four of 3..2, one of each joker.
MAX_COPIES: Counts = (4,) * 13 + (1, 1)
FULL_DECK: Counts = MAX_COPIES
#: The cards of two decks (the four-player table): eight of 3..2, two of each joker.
TWO_DECKS: Counts = (8,) * 13 + (2, 2)
_DECKS = {1: FULL_DECK, 2: TWO_DECKS}
#: Run Fast's decks by their size (docs/RULES.md, "Run Fast"), no jokers: four of each rank
#: 3..K, three aces and one 2 (48 cards), or four of 3..Q, three kings, one ace and one 2 (45).
RUNFAST_DECKS: Dict[int, Counts] = {
    48: (4,) * 11 + (3, 1, 0, 0),
    45: (4,) * 10 + (3, 1, 1, 0, 0),
}
_DECK_NAMES = {1: "one deck has", 2: "two decks have"}


def deck_counts(decks: int) -> Counts:
    """The cards of ``decks`` decks (1 or 2) as 15 counts."""
    try:
        return _DECKS[decks]
    except (KeyError, TypeError):       # an unhashable value is no deck count either
        raise ValueError(f"decks must be 1 or 2, got {shown(decks)}") from None


def fits_one_deck(counts: Sequence[int]) -> bool:
    """Whether checked counts hold no more of any rank than one deck does."""
    return all(map(le, counts, MAX_COPIES))

_LETTER_TO_RANK = {letter: i for i, letter in enumerate(RANK_LETTERS)}
_SUITS = frozenset("shdcSHDC\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667")


def rank_index(letter: str) -> int:
    """The rank index of one rank letter (``'3'`` -> 0, ``'t'`` or ``'10'`` -> 7,
    ``'R'`` -> 14)."""
    if not isinstance(letter, str):
        raise TypeError(f"a rank letter is a str, not {type(letter).__name__}")
    key = "T" if letter == "10" else letter.upper()
    try:
        return _LETTER_TO_RANK[key]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown rank {shown(letter)}: ranks are 3-9, T (or 10), J, Q, K, A, 2, "
                         "B (black joker) and R (red joker)") from None


def _token_ranks(token: str, most: int) -> Sequence[int]:
    """Ranks of one whitespace-free token: plain letters, or one suited card; reading stops
    after ``most + 1`` ranks (more cards than the decks hold need no more reading)."""
    # A suited card is a rank followed by a suit (3s, 10h, Td) or a joker written Bj / Rj
    # (lowercase j: "BJ" stays black joker + jack, as plain notation reads it).
    if len(token) >= 2 and token[-1] in _SUITS and token[:-1].upper() in ("10", *RANK_LETTERS[:13]):
        return (rank_index(token[:-1]),)
    if token in ("Bj", "Rj", "bj", "rj"):
        return (rank_index(token[0]),)
    ranks = []
    i = 0
    while i < len(token) and len(ranks) <= most:
        if token.startswith("10", i):
            ranks.append(7)
            i += 2
            continue
        ranks.append(rank_index(token[i]))
        i += 1
    return ranks


def parse_cards(text: str, decks: int = 1) -> Counts:
    """Parse card notation into 15 counts; validates like :func:`check_counts`.

    >>> parse_cards("33344455BR")
    (3, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1)
    >>> parse_cards("3 3 3 10 j") == parse_cards("333TJ") == parse_cards("3s 3h 3d Td Jc")
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"card text must be a str, not {type(text).__name__}")
    deck = sum(deck_counts(decks))
    counts = [0] * NUM_RANKS
    total = 0
    for token in text.split():
        ranks = _token_ranks(token, deck - total)
        for rank in ranks:
            counts[rank] += 1
        total += len(ranks)
        if total > deck:    # said at once: a text of millions of cards is not read to its end
            raise ValueError(f"more than {deck} cards: {_DECK_NAMES[decks]} {deck}")
    return check_counts(counts, decks)


def check_counts(counts: Sequence[int], decks: int = 1) -> Counts:
    """Validate 15 per-rank counts against ``decks`` decks (1 or 2) and return them as a
    tuple of ints."""
    limits = deck_counts(decks)
    if (isinstance(counts, (str, bytes, bytearray, memoryview, type))
            or not (isinstance(counts, abc.Sequence) or hasattr(counts, "__array__"))
            or getattr(counts, "ndim", 1) != 1):
        kind = f"a {counts.ndim}-dimensional array" if hasattr(counts, "ndim") else \
            type(counts).__name__
        raise TypeError(f"counts must be a sequence of {NUM_RANKS} ints, not {kind}")
    dtype_kind = getattr(getattr(counts, "dtype", None), "kind", "i")
    if dtype_kind not in "iuO":     # an array of numbers that are no ints (bool, float, dates...)
        raise TypeError(f"counts must be ints, not an array of {counts.dtype}")
    try:
        size = len(counts)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"counts must be a sequence of {NUM_RANKS} ints: "
                        f"{type(counts).__name__} has no length") from None
    if size != NUM_RANKS:
        raise ValueError(f"counts must have {NUM_RANKS} entries (ranks 3..2, B, R), "
                         f"got {size}")
    checked = []
    for rank, count in enumerate(counts):
        if not is_int(count):
            raise TypeError(f"count of rank {RANK_NAMES[rank]} must be an int, "
                            f"not {type(count).__name__}")
        count = int(count)
        if count < 0:
            raise ValueError(f"negative count {count} of rank {RANK_NAMES[rank]}")
        if count > limits[rank]:
            raise ValueError(f"{count} cards of rank {RANK_NAMES[rank]}: "
                             f"{_DECK_NAMES[decks]} {limits[rank]}")
        checked.append(count)
    return tuple(checked)


def format_cards(counts: Sequence[int]) -> str:
    """Canonical text of a card set: rank letters low to high (``"33344455BR"``).

    The counts are checked like :func:`check_counts`'s; a list or tuple of fewer than 15
    leaves the higher ranks at 0 (``format_cards([0, 2])`` is ``"44"``).
    """
    if isinstance(counts, (list, tuple)) and len(counts) < NUM_RANKS:
        counts = list(counts) + [0] * (NUM_RANKS - len(counts))
    return _format(check_counts(counts))


def _format(counts: Counts) -> str:
    """format_cards of counts already checked (hands and moves format theirs often)."""
    return "".join(RANK_LETTERS[rank] * count for rank, count in enumerate(counts))
