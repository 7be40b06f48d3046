"""The rank-count bitboard: 15 ranks x a 4-bit nibble in one unsigned 64-bit word.

Layout of a word (the same for hands and moves, so a move list is a plain uint64 array):

* bits ``4r .. 4r+2``: the count of rank ``r`` (0..4);
* bit ``4r+3``: for a move, set on its *main* ranks (the trio, four or pair rank, or every rank
  of a chain); always clear in a hand. The key of a move is its lowest main rank and its chain
  length the number of main ranks, so ``333444555+666`` and ``444555666+333`` (the same cards)
  stay different words;
* bits ``60 .. 63``: for a move, its type code (:data:`TYPE_CODES`); 0 in a hand and for pass.

Because a count never exceeds 4, adding the flag bit of every nibble to a hand and subtracting a
move's counts leaves every flag set exactly when the hand holds the move: one subtraction tests
containment for all fifteen ranks at once, with no borrow crossing a nibble.
"""
from __future__ import annotations

from typing import Sequence

from .cards import NUM_RANKS, Counts

__all__ = ["COUNT_MASK", "FLAG_MASK", "TYPE_SHIFT", "pack", "unpack", "contains", "main_ranks"]

COUNT_MASK = int("7" * NUM_RANKS, 16)
FLAG_MASK = int("8" * NUM_RANKS, 16)
TYPE_SHIFT = 60


def pack(counts: Sequence[int], main_ranks: Sequence[int] = (), type_code: int = 0) -> int:
    """The word of 15 counts, optionally with main-rank flags and a move type code."""
    word = type_code << TYPE_SHIFT
    for rank, count in enumerate(counts):
        word |= count << (4 * rank)
    for rank in main_ranks:
        word |= 8 << (4 * rank)
    return word


def unpack(word: int) -> Counts:
    """The 15 counts of a word (flags and type ignored)."""
    return tuple((word >> (4 * rank)) & 7 for rank in range(NUM_RANKS))


def main_ranks(word: int) -> tuple:
    """The ranks whose main flag is set in a move word, low to high."""
    return tuple(rank for rank in range(NUM_RANKS) if (word >> (4 * rank + 3)) & 1)


def contains(hand_word: int, move_word: int) -> bool:
    """Whether a hand holds every card of a move (one SWAR subtraction)."""
    return ((hand_word | FLAG_MASK) - (move_word & COUNT_MASK)) & FLAG_MASK == FLAG_MASK
