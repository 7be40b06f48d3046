"""The batched API at the table of two decks, shared by the reference and the native core.

Two-deck hands hold up to eight cards of a rank, which no 64-bit bitboard can: they come as an
(N, 15) integer count array. A move word there is a 128-bit number (the one-deck word of cards
that fit one deck, else the two-deck word; see :mod:`ddz_fast.bitboard`), so an array of move words
has shape (N, 2): the low 64 bits, then the high 64. Both implementations run these very checks
and loops with their own ``legal_moves`` and action ids, so they agree on results and errors.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from ._batch_checks import as_array
from .cards import NUM_RANKS
from .hand import Hand
from .move import Move
from .rules import Rules

__all__ = ["split_words", "join_words", "prev_moves", "csr_words", "two_decks_moves_batch",
           "two_decks_action_mask"]

_LOW = (1 << 64) - 1
LegalMoves = Callable[..., Sequence[Move]]


def split_words(words: Sequence[int]) -> np.ndarray:
    """Move words as an (N, 2) uint64 array: low 64 bits, high 64 bits."""
    pairs = np.zeros((len(words), 2), dtype=np.uint64)
    if words:
        pairs[:, 0] = [word & _LOW for word in words]
        pairs[:, 1] = [word >> 64 for word in words]
    return pairs


def join_words(pairs: np.ndarray) -> List[int]:
    """The move words of an (N, 2) uint64 array of halves."""
    return [low | high << 64 for low, high in pairs.tolist()]


def _hands(hands: object) -> List[Hand]:
    array = as_array("hands", hands)
    if array.ndim != 2 or array.shape[1] != NUM_RANKS:
        raise ValueError(f"hands of two decks must be an (N, {NUM_RANKS}) count array (no "
                         f"64-bit bitboard holds them), got shape {array.shape}")
    checked = []
    for row, counts in enumerate(array.tolist()):
        try:
            checked.append(Hand(counts, decks=2))
        except ValueError as error:
            raise ValueError(f"hands[{row}]: {error}") from None
    return checked


def prev_moves(prevs: object, size: int, words_of: str = "of two decks"
               ) -> List[Optional[Move]]:
    """The moves to beat of a batch of 128-bit words: None (every hand leads) or an (N, 2)
    uint64 array of word halves, 0 where a hand leads; ``words_of`` names the words in the
    error of a wrong shape."""
    if prevs is None:
        return [None] * size
    array = as_array("prevs", prevs)
    if array.dtype != np.uint64:
        raise TypeError(f"prevs must be a uint64 array of move words, not {array.dtype}")
    if array.shape != (size, 2):
        raise ValueError(f"prevs {words_of} must have shape ({size}, 2), the low and high "
                         f"64 bits of one word per hand, got {array.shape}")
    moves: List[Optional[Move]] = []
    for row, word in enumerate(join_words(array)):
        try:
            moves.append(Move.from_word(word) if word else None)
        except ValueError as error:
            raise ValueError(f"prevs[{row}]: {error}") from None
    return moves


def csr_words(rows: Iterable[Sequence[Move]]) -> Tuple[np.ndarray, np.ndarray]:
    """The move words of each row in CSR form: (words as (M, 2) halves, offsets (N + 1,))."""
    words: List[int] = []
    offsets = [0]
    for moves in rows:
        words.extend(move.word for move in moves)
        offsets.append(len(words))
    return split_words(words), np.array(offsets, dtype=np.int64)


def _rows(hands: object, prevs: object, rules: Rules,
          legal_moves: LegalMoves) -> Iterator[Sequence[Move]]:
    """The legal moves of each hand, after every check (a bad row fails before any is listed)."""
    checked = _hands(hands)
    pairs = list(zip(checked, prev_moves(prevs, len(checked))))
    for row, (hand, prev) in enumerate(pairs):
        if prev is not None:
            try:
                legal_moves(Hand(), prev, rules=rules)
            except ValueError as error:
                raise ValueError(f"prevs[{row}]: {error}") from None
    for hand, prev in pairs:
        yield legal_moves(hand, prev, rules=rules)


def two_decks_moves_batch(hands: object, prevs: object, rules: Rules,
                          legal_moves: LegalMoves) -> Tuple[np.ndarray, np.ndarray]:
    """legal_moves_batch at the table of two decks: (moves (M, 2), offsets (N + 1,))."""
    return csr_words(_rows(hands, prevs, rules, legal_moves))


def two_decks_action_mask(hands: object, prevs: object, rules: Rules, legal_moves: LegalMoves,
                          actions: int, action_id: Callable[[Move, Rules], int]) -> np.ndarray:
    """legal_action_mask at the table of two decks: bool[N, actions]."""
    rows = list(_rows(hands, prevs, rules, legal_moves))
    mask = np.zeros((len(rows), actions), dtype=bool)
    for row, moves in enumerate(rows):
        mask[row, [action_id(move, rules) for move in moves]] = True
    return mask
