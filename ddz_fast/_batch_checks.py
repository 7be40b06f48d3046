"""Argument checks of the batched API, shared by the reference and the native implementation.

Both implementations run these very checks, in the same order (hands, rules, prevs), so they
raise the same exceptions with the same messages; only "is this word a legal move" is asked of
each implementation, through ``first_illegal``.
"""
from __future__ import annotations

from typing import Callable, Optional, Tuple

import numpy as np

from .bitboard import COUNT_MASK
from .cards import MAX_COPIES, NUM_RANKS, RANK_NAMES, RUNFAST_DECKS
from .rules import Rules, RulesLike, checked_rules

__all__ = ["check_batch", "check_hands", "check_prevs", "word_layout",
           "check_runfast_hands"]

#: ``first_illegal(words, rules)``: the first row of a uint64 array whose non-zero word is not a
#: legal move under ``rules``, or -1.
FirstIllegal = Callable[[np.ndarray, Rules], int]

_LIMITS = np.array(MAX_COPIES, dtype=np.int64)
_SHIFTS = np.arange(0, 4 * NUM_RANKS, 4, dtype=np.uint64)


def check_batch(hands: object, prevs: object, rules: RulesLike,
                first_illegal: FirstIllegal) -> Tuple[np.ndarray, Optional[np.ndarray], Rules]:
    """(hand words, previous-move words or None, rules), each validated; contiguous uint64.
    Under Run Fast rules the hands are Run Fast's too (:func:`check_runfast_hands`), and the
    move words are Run Fast's 64-bit words (:func:`ddz_fast.bitboard.runfast_word64`)."""
    words = check_hands(hands)
    rules = checked_rules(rules)
    if rules.game == "runfast":
        check_runfast_hands(words, rules)
    return words, check_prevs(prevs, len(words), rules, first_illegal), rules


def word_layout(hands: object, rules: RulesLike, wild: object = None) -> str:
    """How a batched call reads its hands and moves: ``"laizi"`` when the rules have wild cards
    or the call names wild ranks (:mod:`ddz_fast._laizi_batch` checks that the two go
    together), ``"two_decks"`` for rules of two decks, else ``"one_deck"``. Checked after the
    hands are found an integer array, so that a bad array is named first."""
    _integer_array(hands)
    checked = checked_rules(rules)
    if checked.game == "runfast" and wild is not None:
        raise ValueError(f"Run Fast has no wild cards: wild must be None under {checked!r}")
    if checked.laizi or wild is not None:
        return "laizi"
    return "two_decks" if checked.decks == 2 else "one_deck"


def check_runfast_hands(words: np.ndarray, rules: Rules) -> None:
    """Hand words of one deck (checked) must be hands of the Run Fast deck of ``rules``: no
    count above its deck's (no joker, its aces and twos), at most a hand's cards. The first bad
    row is named, with its first fault."""
    if not len(words):
        return
    deck = RUNFAST_DECKS[rules.deck_size]
    counts = ((words[:, None] >> _SHIFTS) & np.uint64(7)).astype(np.int64)
    beyond = counts > np.array(deck, dtype=np.int64)
    large = counts.sum(axis=1) > rules.hand_size
    bad = beyond.any(axis=1) | large
    if bad.any():
        row = int(np.argmax(bad))
        if beyond[row].any():
            rank = int(np.argmax(beyond[row]))
            raise ValueError(f"hands[{row}]: {int(counts[row, rank])} cards of rank "
                             f"{RANK_NAMES[rank]}: the {rules.deck_size}-card Run Fast deck "
                             f"has {deck[rank]}")
        raise ValueError(f"hands[{row}] holds {int(counts[row].sum())} cards: a Run Fast hand "
                         f"of {rules.deck_size} cards holds at most {rules.hand_size}")


def _integer_array(hands: object) -> np.ndarray:
    array = as_array("hands", hands)
    if array.dtype.kind not in "iu":    # numpy counts bool and timedelta64 among its ints
        raise TypeError(f"hands must be an integer array, not {array.dtype}")
    return array


def check_hands(hands: object) -> np.ndarray:
    """Hands as an (N, 15) integer count array or an (N,) uint64 bitboard array -> uint64 words."""
    array = _integer_array(hands)
    if array.ndim == 2:
        if array.shape[1] != NUM_RANKS:
            raise ValueError(f"hands of counts must have shape (N, {NUM_RANKS}), "
                             f"got {array.shape}")
        return _words_of_counts(array)
    if array.ndim == 1:
        if array.dtype != np.uint64:
            raise TypeError(f"hands of bitboards must be uint64, not {array.dtype}")
        # A private copy: the kernels read the words that were checked, whatever another
        # thread (or process, through a memory map) writes into the caller's array meanwhile.
        return _checked_words(np.array(array, dtype=np.uint64, order="C", copy=True))
    raise ValueError(f"hands must be an (N, {NUM_RANKS}) count array or an (N,) uint64 "
                     f"bitboard array, got {array.ndim} dimensions")


def check_prevs(prevs: object, size: int, rules: Rules,
                first_illegal: FirstIllegal) -> Optional[np.ndarray]:
    """None (everybody leads) or an (N,) uint64 array of legal move words, 0 meaning lead."""
    if prevs is None:
        return None
    array = as_array("prevs", prevs)
    if array.dtype != np.uint64:
        raise TypeError(f"prevs must be a uint64 array of move words, not {array.dtype}")
    if array.shape != (size,):
        raise ValueError(f"prevs must have shape ({size},), one word per hand, "
                         f"got {array.shape}")
    array = np.array(array, dtype=np.uint64, order="C", copy=True)   # private, as for hands
    row = first_illegal(array, rules)
    if row >= 0:
        raise ValueError(f"prevs[{row}] = {int(array[row]):#x} is not a legal move "
                         f"under {rules!r}")
    return array


def as_array(name: str, value: object) -> np.ndarray:
    """``value`` as a numpy array; ragged or unconvertible input is an error that names it."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{name} must be a rectangular array of integers: its rows differ in "
                         "length, or hold what is no number") from None


def _bad_count(counts: np.ndarray) -> None:
    """Raise for the first count outside 0..deck maximum (rows of 15 int64 counts)."""
    bad = (counts < 0) | (counts > _LIMITS)
    if bad.any():
        row, rank = (int(i) for i in np.argwhere(bad)[0])
        count = int(counts[row, rank])
        if count < 0:
            raise ValueError(f"hands[{row}]: negative count {count} of rank {RANK_NAMES[rank]}")
        raise ValueError(f"hands[{row}]: {count} cards of rank {RANK_NAMES[rank]}: "
                         f"one deck has {MAX_COPIES[rank]}")


def _words_of_counts(array: np.ndarray) -> np.ndarray:
    if array.dtype == np.uint64:      # int64 cannot hold every uint64: clip first, then check
        counts = np.minimum(array, np.uint64(1 << 62)).astype(np.int64)
    else:
        counts = array.astype(np.int64)
    _bad_count(counts)
    return np.bitwise_or.reduce(counts.astype(np.uint64) << _SHIFTS, axis=1, dtype=np.uint64)


def _checked_words(words: np.ndarray) -> np.ndarray:
    outside = (words & np.uint64(~COUNT_MASK & (1 << 64) - 1)) != 0
    if outside.any():
        row = int(np.argmax(outside))
        raise ValueError(f"hands[{row}] = {int(words[row]):#x} has bits outside the "
                         f"{NUM_RANKS} rank counts")
    _bad_count(((words[:, None] >> _SHIFTS) & np.uint64(7)).astype(np.int64))
    return words
