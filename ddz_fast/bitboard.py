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

Two decks (the four-player table) hold up to 8 cards of a rank, which a nibble with its flag
bit cannot. Cards beyond one deck use the *two-deck* layout, 15 ranks x an 8-bit lane in 128 bits:

* bits ``8r .. 8r+3``: the count of rank ``r`` (0..8);
* bit ``8r+4``: the main-rank flag of a move; bits ``8r+5 .. 8r+7`` clear (bit ``8r+7`` is the
  lane's guard for the same one-subtraction containment test, on each 64-bit half);
* bits ``120 .. 126``: the type code; bit 127, :data:`TWO_DECKS_BIT`, always set.

A hand or a move has one *canonical* word: its one-deck word when its cards fit one deck, else its
two-deck word, so that the same cards, say the pair ``33``, are one word whichever table they are
played at. A two-deck word is a :class:`TwoDecksWord`, an int of a type of its own, and never below
2**64 (bit 127): code that takes 64-bit words tells it apart by its type alone, before reading it.

Wild cards (laizi, one deck) read some cards as other ranks, and a bomb may be read from up to
twelve cards of one rank (four natural cards and eight wilds). A move whose main part is read
as other cards than its own keeps that reading in the *laizi* layout, 128 bits:

* bits ``0 .. 63``: the one-deck word of the real cards played (wilds counted under their own
  rank), with the main-rank flags of the reading (``key .. key + length - 1``) and the type
  code, exactly as :func:`pack` makes it: the containment test above works on it unchanged;
* bits ``64 + 4r .. 64 + 4r + 3``: how many cards of the main part are read as rank ``r``
  (0..12: every main rank holds the copies of its shape, a bomb its size);
* bits ``124 .. 125``: the bomb class, :data:`BOMB_CLASSES` (0 for every other type);
* bit 126, :data:`LAIZI`, always set; bit 127 clear, so a laizi word is never a two-deck word.

Run Fast (docs/RULES.md, "Run Fast") shares its solos, pairs, chains, pair chains and bombs
with Dou Dizhu: they are the same moves, with the same one-deck words. Its own types, the trio
+ two, the airplane with two cards a trio and four + three, are the *Run Fast* layout:

* bits ``0 .. 63``: the one-deck word of the cards with the main-rank flags and, as type code,
  that of the Dou Dizhu type each stands beside (:data:`~ddz_fast.shapes.RUNFAST_OWN_TYPES`:
  trio, airplane and four + two solos, which no Run Fast move is), so that the compiled
  generator works on these 64 bits alone, in the canonical order of Run Fast's types;
* bit 125, :data:`RUNFAST`, always set; bits 126 and 127 clear.

Where a move word must be 64 bits (the compiled generator, a MoveList's ``array``, the batched
API), a Run Fast move is written as its word's low 64 bits (:func:`runfast_word64`): under Run
Fast's rules the codes 3, 8 and 11 are its own types, so nothing is lost
(:func:`runfast_from_word64` puts the bit back).

A move keeps its plain one-deck word whenever that says it all: when its cards make the same
move without wild cards (every main rank's real cards are the main part's, so the main part
reads as its own cards, and its pair kickers or wings are real pairs) and it is no soft or
laizi bomb. So ``333+5`` with a wild 5 kicker is the plain trio + solo, ``3333+55`` (5 wild)
the plain four + two solos of the widest rules, and ``3333`` of a rank that is not wild the
plain (hard) bomb; ``JJJ+Q2`` with 2 wild (the 2 read as Q) and ``5555`` with 5 wild read as 5
(the laizi bomb, class 3, distinct from the hard bomb's word) are laizi words. A move has one
canonical word under its wild ranks, a :class:`LaiziWord` when it is not plain.
"""
from __future__ import annotations

from operator import lshift
from typing import Sequence

from .cards import NUM_RANKS, Counts

__all__ = ["COUNT_MASK", "FLAG_MASK", "TYPE_SHIFT", "TWO_DECKS_BIT", "TWO_DECKS_TYPE_SHIFT",
           "TwoDecksWord", "pack", "unpack", "contains", "main_ranks", "pack_two_decks",
           "unpack_two_decks", "canonical", "LAIZI",
           "READING_SHIFT", "CLASS_SHIFT", "BOMB_CLASSES", "LaiziWord", "pack_laizi",
           "is_laizi", "unpack_reading", "bomb_class_code", "RUNFAST", "pack_runfast",
           "is_runfast", "runfast_word64", "runfast_from_word64"]

COUNT_MASK = int("7" * NUM_RANKS, 16)
FLAG_MASK = int("8" * NUM_RANKS, 16)
TYPE_SHIFT = 60
TWO_DECKS_BIT = 1 << 127
TWO_DECKS_TYPE_SHIFT = 120
_LANE_FLAG = 0x10
_NIBBLE_SHIFTS = tuple(4 * rank for rank in range(NUM_RANKS))
LAIZI = 1 << 126
RUNFAST = 1 << 125
READING_SHIFT = 64
CLASS_SHIFT = 124
#: The bomb classes of docs/RULES.md, "Laizi", by their code in a laizi word (0: no bomb), in
#: their order at equal size: soft < hard < laizi.
BOMB_CLASSES = (None, "soft", "hard", "laizi")


def pack(counts: Sequence[int], main_ranks: Sequence[int] = (), type_code: int = 0) -> int:
    """The word of 15 counts, optionally with main-rank flags and a move type code."""
    # The counts shifted into their nibbles and summed in C (they do not overlap): the
    # reference builds every move it lists through here.
    word = type_code << TYPE_SHIFT | sum(map(lshift, counts, _NIBBLE_SHIFTS))
    for rank in main_ranks:
        word |= 8 << (4 * rank)
    return word


def unpack(word: int) -> Counts:
    """The 15 counts of a word (flags and type ignored)."""
    return tuple((word >> (4 * rank)) & 7 for rank in range(NUM_RANKS))


def main_ranks(word: int) -> tuple:
    """The ranks whose main flag is set in a move word (one-deck or two-deck), low to high."""
    if word >= TWO_DECKS_BIT:
        return tuple(rank for rank in range(NUM_RANKS) if (word >> (8 * rank)) & _LANE_FLAG)
    return tuple(rank for rank in range(NUM_RANKS) if (word >> (4 * rank + 3)) & 1)


def contains(hand_word: int, move_word: int) -> bool:
    """Whether a hand holds every card of a move (one SWAR subtraction)."""
    return ((hand_word | FLAG_MASK) - (move_word & COUNT_MASK)) & FLAG_MASK == FLAG_MASK


class TwoDecksWord(int):
    """A word in the two-deck layout (an int in every other way)."""

    __slots__ = ()


def pack_two_decks(counts: Sequence[int], main_ranks: Sequence[int] = (),
                   type_code: int = 0) -> TwoDecksWord:
    """The two-deck word of 15 counts, main-rank flags and a type code."""
    word = TWO_DECKS_BIT | type_code << TWO_DECKS_TYPE_SHIFT
    for rank, count in enumerate(counts):
        word |= count << (8 * rank)
    for rank in main_ranks:
        word |= _LANE_FLAG << (8 * rank)
    return TwoDecksWord(word)


def unpack_two_decks(word: int) -> Counts:
    """The 15 counts of a two-deck word."""
    return tuple((word >> (8 * rank)) & 0xF for rank in range(NUM_RANKS))


def canonical(counts: Sequence[int], fits_one_deck: bool, main_ranks: Sequence[int] = (),
              type_code: int = 0) -> int:
    """The canonical word: :func:`pack` when the cards fit one deck, else
    :func:`pack_two_decks`."""
    if fits_one_deck:
        return pack(counts, main_ranks, type_code)
    return pack_two_decks(counts, main_ranks, type_code)


class LaiziWord(int):
    """A word in the laizi layout (an int in every other way)."""

    __slots__ = ()


def pack_laizi(counts: Sequence[int], main_ranks: Sequence[int], type_code: int,
               reading: Sequence[int], class_code: int = 0) -> LaiziWord:
    """The laizi word of real cards ``counts`` whose main part reads as ``reading`` (15
    counts, 0..12 each), with main-rank flags, type code and bomb class code."""
    word = LAIZI | class_code << CLASS_SHIFT | pack(counts, main_ranks, type_code)
    for rank, count in enumerate(reading):
        word |= count << (READING_SHIFT + 4 * rank)
    return LaiziWord(word)


def is_laizi(word: int) -> bool:
    """Whether a word is in the laizi layout (False for anything that is no int, such as the
    word of a forged move an error message has to name)."""
    return isinstance(word, int) and LAIZI <= word < TWO_DECKS_BIT


def unpack_reading(word: int) -> Counts:
    """The 15 reading counts of the main part of a laizi word."""
    return tuple((word >> (READING_SHIFT + 4 * rank)) & 0xF for rank in range(NUM_RANKS))


def bomb_class_code(word: int) -> int:
    """The bomb class code of a laizi word (0 when it is no bomb)."""
    return (word >> CLASS_SHIFT) & 3


def pack_runfast(counts: Sequence[int], main_ranks: Sequence[int], type_code: int) -> int:
    """The Run Fast word of a move of Run Fast's own types: :func:`pack` and :data:`RUNFAST`."""
    return RUNFAST | pack(counts, main_ranks, type_code)


def is_runfast(word: int) -> bool:
    """Whether a word is in the Run Fast layout (False for anything that is no int)."""
    return isinstance(word, int) and RUNFAST <= word < LAIZI


#: The type codes of Run Fast's own types (:data:`ddz_fast.shapes.RUNFAST_OWN_TYPES`: trio + two,
#: airplane with two cards a trio, four + three).
_RUNFAST_OWN_CODES = frozenset((3, 8, 11))
_LOW_64 = (1 << 64) - 1


def runfast_word64(word: int) -> int:
    """The 64-bit word of the word of a Run Fast move: the word itself, or without
    :data:`RUNFAST` for Run Fast's own types."""
    return word & _LOW_64 if is_runfast(word) else word


def runfast_from_word64(word: int) -> int:
    """The word of the Run Fast move whose 64-bit word is ``word`` (:func:`runfast_word64`
    undone): :data:`RUNFAST` set where its type code is one of Run Fast's own types."""
    if 0 < word < 1 << 64 and word >> TYPE_SHIFT in _RUNFAST_OWN_CODES:
        return RUNFAST | word
    return word
