"""The native implementation: :mod:`ddz_fast.reference.moves`'s API on the compiled core.

Every function has the signature, the results and the exceptions of its reference twin; the
differences are speed and that :func:`legal_moves` returns a lazy :class:`MoveList` (equal to
the reference's list, move for move) instead of a list.

The core plays every table of Dou Dizhu (one deck, two decks at four players, wild cards) and
Run Fast (``game="runfast"``: presets ``runfast`` and ``runfast_15``, with every move option of
the rule book: the short last hand, the AAA bomb, four + three). Under Run Fast rules
:func:`legal_moves` returns a MoveList too: its words, like the batched API's, are Run Fast's
64-bit words, the low half of each Move's word (:func:`ddz_fast.bitboard.runfast_word64`).
"""
from __future__ import annotations

from typing import Tuple

import numpy as np

from .._batch_checks import word_layout, check_batch
from .._laizi_batch import laizi_action_mask, laizi_moves_batch
from .._two_decks_batch import two_decks_action_mask, two_decks_moves_batch
from ..compiled import load, require_core
from ..rules import RulesLike, checked_rules

# NativeCoreMissingError (an ImportError naming the build) when the core was not compiled.
_core = require_core()
_batches = load("ddz_fast.moves._batches")
MoveList = _core.MoveList
action_id = _core.action_id
action_move = _core.action_move
action_space = _core.action_space
beats = _core.beats
classify = _core.classify
legal_moves = _core.legal_moves

__all__ = ["MoveList", "legal_moves", "classify", "beats", "action_space", "action_id",
           "action_move", "legal_moves_batch", "legal_action_mask"]


def legal_moves_batch(hands: object, prevs: object = None, *, rules: RulesLike = None,
                      wild: object = None) -> Tuple[np.ndarray, np.ndarray]:
    """The legal moves of many hands at once, as move words in CSR form.

    ``hands`` is an (N, 15) integer array of counts or an (N,) uint64 array of hand bitboards;
    ``prevs`` is None (every hand leads) or an (N,) uint64 array of move words to beat, 0 for
    a hand that leads. Returns ``(moves, offsets)``: uint64 move words and int64 offsets of
    length N + 1; the moves of hand i are ``moves[offsets[i]:offsets[i + 1]]``, in canonical
    order. Runs without the GIL.
    Under Run Fast rules the hands are Run Fast's (within its deck, at most a hand) and the
    move words, as the prevs, are its 64-bit words: a Move's word without bit 125 for Run
    Fast's own types (:func:`ddz_fast.bitboard.runfast_word64`, undone by
    :func:`~ddz_fast.bitboard.runfast_from_word64`), the words a MoveList's ``array`` holds.
    Under rules of two decks (``four_player``), hands are an (N, 15) count array and move words
    are 128-bit: ``moves`` and ``prevs`` are (N, 2) uint64 arrays of their low and high 64 bits
    (see :mod:`ddz_fast._two_decks_batch`).
    With wild cards (``laizi`` rules), ``wild`` names the wild ranks of the whole batch; hands
    are one deck's, and ``moves`` and ``prevs`` are (N, 2) uint64 arrays of the halves of
    128-bit words, as with two decks (see :mod:`ddz_fast._laizi_batch`).
    """
    # The compiled kernels play neither wild cards nor two decks (they play one deck of both
    # games): the fast path declines their rules, and a call naming wild ranks must not reach
    # it (they would be ignored).
    found = _batches._try_batch_moves(hands, prevs, rules) if wild is None else None
    if found is None:
        table = word_layout(hands, rules, wild)
        if table == "laizi":
            return laizi_moves_batch(hands, prevs, rules, wild, legal_moves)
        if table == "two_decks":
            return two_decks_moves_batch(hands, prevs, checked_rules(rules), legal_moves)
        hand_words, prev_words, rules = check_batch(hands, prevs, rules, _batches._first_illegal)
        found = _batches._batch_moves(hand_words, prev_words, rules)
    return found


def legal_action_mask(hands: object, prevs: object = None, *, rules: RulesLike = None,
                      wild: object = None) -> np.ndarray:
    """bool[N, len(action_space(rules, wild))]: True at the action id of every legal move of
    hand i.

    Arguments as for :func:`legal_moves_batch`. Runs without the GIL (one deck, no wild
    cards: Dou Dizhu's, or Run Fast's, whose ids are those of its action space).
    """
    found = _batches._try_batch_mask(hands, prevs, rules) if wild is None else None
    if found is None:
        table = word_layout(hands, rules, wild)
        if table == "laizi":
            return laizi_action_mask(hands, prevs, rules, wild, legal_moves)
        if table == "two_decks":
            return two_decks_action_mask(hands, prevs, checked_rules(rules), legal_moves,
                                         len(action_space(rules)), action_id)
        hand_words, prev_words, rules = check_batch(hands, prevs, rules, _batches._first_illegal)
        found = _batches._batch_mask(hand_words, prev_words, rules)
    return found
