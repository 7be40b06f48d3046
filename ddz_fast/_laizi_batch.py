"""The batched API with wild cards (laizi), shared by the reference and the native core.

One set of wild ranks serves the whole batch, as one rule set does: ``wild=`` names them (see
:func:`ddz_fast.wild.wild_ranks`), given exactly when the rules have wild cards.
Hands are one deck's, as an (N,) uint64 bitboard array or an (N, 15) count array, checked as
the plain batch checks them. A move with wild cards has a 128-bit word (the plain word when the
same cards make the same move without wilds, else a laizi word; see :mod:`ddz_fast.bitboard`),
so move words travel as at the table of two decks (:mod:`ddz_fast._two_decks_batch`): ``moves`` is
an (M, 2) uint64 array of low and high 64 bits, and ``prevs`` an (N, 2) array of the same, a
zero word for a hand that leads.

``legal_action_mask`` is bool[N, action space size]; the ids come from
:mod:`ddz_fast.laizi_ids`, which counts the action space instead of listing it. A row is as
long as the action space: about 0.6 million entries with one wild rank and up to 6.8 million
with two, so a mask of two wild ranks takes megabytes a hand.

Both implementations run these very checks and loops with their own ``legal_moves``, so they
agree on results and errors. Every row is checked before any is listed.

Choices of this library: a batch has one set of wild ranks (a batch of hands from different
deals with different draws is several calls); ``moves`` and ``prevs`` take two columns even
when every word of a call is a plain one, so that their shape depends on the rules alone; and
wild ranks named for rules without wild cards (two decks included) are an error, never
ignored.
"""
from __future__ import annotations

from typing import Callable, List, Sequence, Tuple

import numpy as np

from . import laizi_ids
from ._batch_checks import check_hands
from ._two_decks_batch import csr_words, prev_moves
from .hand import Hand
from .move import Move
from .wild import Wild, check_wild
from .rules import Rules, RulesLike, checked_rules

__all__ = ["laizi_moves_batch", "laizi_action_mask"]

LegalMoves = Callable[..., Sequence[Move]]


def _rows(hands: object, prevs: object, rules: RulesLike, wild: object,
          legal_moves: LegalMoves) -> Tuple[Rules, Wild, List[Sequence[Move]]]:
    """(rules, wild ranks, the legal moves of each hand), after every check: the hands, the
    rules with their wild ranks, then each move to beat (a legal move under them)."""
    words = check_hands(hands).tolist()
    checked = checked_rules(rules)
    ranks = check_wild(checked, wild)
    moves = prev_moves(prevs, len(words), "with wild cards")
    for row, prev in enumerate(moves):
        if prev is not None:
            try:
                legal_moves(Hand(), prev, rules=checked, wild=ranks)
            except ValueError as error:
                raise ValueError(f"prevs[{row}]: {error}") from None
    rows = [legal_moves(Hand.from_bitboard(word), prev, rules=checked, wild=ranks)
            for word, prev in zip(words, moves)]
    return checked, ranks, rows


def laizi_moves_batch(hands: object, prevs: object, rules: RulesLike, wild: object,
                      legal_moves: LegalMoves) -> Tuple[np.ndarray, np.ndarray]:
    """legal_moves_batch with wild cards: (moves (M, 2) uint64, offsets (N + 1,) int64)."""
    return csr_words(_rows(hands, prevs, rules, wild, legal_moves)[2])


def laizi_action_mask(hands: object, prevs: object, rules: RulesLike, wild: object,
                      legal_moves: LegalMoves) -> np.ndarray:
    """legal_action_mask with wild cards: bool[N, action space size of the wild ranks]."""
    checked, ranks, rows = _rows(hands, prevs, rules, wild, legal_moves)
    mask = np.zeros((len(rows), laizi_ids.space_size(checked, ranks)), dtype=bool)
    for row, moves in enumerate(rows):
        mask[row, laizi_ids.action_ids(moves, checked, ranks)] = True
    return mask
