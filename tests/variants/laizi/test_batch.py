"""The batched move APIs with wild cards: legal_moves_batch and legal_action_mask with ``wild=``.

Each batch is checked row by row against the per-hand API (``legal_moves`` and
``action_id``), for the reference and the public (native) implementation, which must also
raise the same errors with the same messages.

Rank indices: 3=0 4=1 5=2 6=3 7=4 8=5 9=6 T=7 J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import List, Optional

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Hand, Move, Rules, laizi_ids
from ddz_fast.reference import laizi as reference_laizi
from ddz_fast._two_decks_batch import join_words
from ddz_fast.rules import checked_rules

from support.common import sample_size, sizes, wild_rich_hand

LAIZI = "laizi"
TIANDI = "tiandi_laizi"


@lru_cache(maxsize=None)
def reference_size(rules, wild: tuple) -> int:
    """The reference's count of the action space (type by type, a second or more each time it
    is asked), once per rules and wild ranks."""
    return reference_laizi.action_space_size(rules, wild)


def halves(word: int) -> List[int]:
    return [word & (1 << 64) - 1, word >> 64]


def batch_case(seed: int, rules: str, wild: tuple, n: int, sizes: tuple = (4, 10, 17)):
    """(count hands, prevs as (n, 2) halves, the prev Moves): a third of the hands lead, a
    third answer one of their own moves, a third a move of a random id of the space."""
    rng = random.Random(seed)
    hands = [wild_rich_hand(rng, wild, rng.choice(sizes)) for _ in range(n)]
    # Only to draw ids from: the size the ids are counted in (kept by the library), which the
    # mask test below checks against the reference's count.
    size = laizi_ids.space_size(checked_rules(rules), wild)
    prevs: List[Optional[Move]] = []
    for row, hand in enumerate(hands):
        if row % 3 == 0:
            prevs.append(None)
        elif row % 3 == 1:
            prevs.append(rng.choice(reference_laizi.legal_moves(hand, rules=rules, wild=wild)))
        else:
            prevs.append(ddz_fast.action_move(rng.randrange(size), rules, wild))
    words = np.array([halves(p.word if p else 0) for p in prevs], dtype=np.uint64)
    return np.array(hands, dtype=np.int64), words, prevs


CASES = [(LAIZI, (2,), 1), (TIANDI, (2, 4), 2),
         (Rules(laizi=2, solo_wing_max_copies=3), (0, 12), 3)]


@pytest.mark.parametrize("count", sizes(3, 6))
@pytest.mark.parametrize("rules, wild, seed", CASES)
def test_batched_moves_are_each_hands_legal_moves(rules, wild, seed, count):
    # The reference and the public API return the same arrays; those are checked row by row:
    # ``count`` hands (3 in the default run, one of each kind of prev; 6 in the slow step).
    hands, prev_words, prevs = batch_case(seed, rules, wild, sample_size(count, minimum=3))
    bitboards = np.array([Hand(h).bitboard for h in hands.tolist()], dtype=np.uint64)
    moves, offsets = ddz_fast.legal_moves_batch(hands, prev_words, rules=rules, wild=wild)
    assert moves.dtype == np.uint64 and moves.shape == (offsets[-1], 2)
    assert offsets.dtype == np.int64 and offsets.shape == (len(hands) + 1,)
    words = join_words(moves)
    for row, (hand, prev) in enumerate(zip(hands.tolist(), prevs)):
        expected = ddz_fast.legal_moves(hand, prev, rules=rules, wild=wild)
        assert words[offsets[row]:offsets[row + 1]] == [m.word for m in expected], row
    for api, given in ((ddz_fast, bitboards), (ddz_fast.reference.moves, hands),
                       (ddz_fast.reference.moves, bitboards)):
        again = api.legal_moves_batch(given, prev_words, rules=rules, wild=wild)
        assert np.array_equal(again[0], moves) and np.array_equal(again[1], offsets)
    leading = ddz_fast.legal_moves_batch(bitboards[:2], rules=rules, wild="".join(
        "3456789TJQKA2"[r] for r in wild))
    assert join_words(leading[0]) == [m.word for h in hands[:2].tolist()
                                      for m in ddz_fast.legal_moves(h, rules=rules, wild=wild)]


@pytest.mark.parametrize("rules, wild, seed", CASES[::2])
def test_the_mask_marks_the_ids_of_each_hands_legal_moves(rules, wild, seed):
    hands, prev_words, prevs = batch_case(seed + 10, rules, wild, 3, (4, 8, 12))
    mask = ddz_fast.legal_action_mask(hands, prev_words, rules=rules, wild=wild)
    assert mask.dtype == bool
    assert mask.shape == (len(hands), reference_size(rules, wild))
    for row, (hand, prev) in enumerate(zip(hands.tolist(), prevs)):
        ids = [ddz_fast.action_id(m, rules, wild)
               for m in ddz_fast.legal_moves(hand, prev, rules=rules, wild=wild)]
        assert np.flatnonzero(mask[row]).tolist() == sorted(ids), row
    reference = ddz_fast.reference.moves.legal_action_mask(hands, prev_words, rules=rules, wild=wild)
    assert np.array_equal(reference, mask)


def test_an_empty_batch_and_a_hand_without_moves(api):
    moves, offsets = api.legal_moves_batch(np.zeros((0, 15), dtype=np.int64), rules=LAIZI,
                                           wild="5")
    assert moves.shape == (0, 2) and offsets.tolist() == [0]
    # An empty hand has no move, and a lone 3 cannot answer a pair (55 read as 22).
    twos = next(m for m in ddz_fast.classify("55", rules=LAIZI, wild="5") if m.key == 12)
    hands = np.array([Hand("").bitboard, Hand("3").bitboard], dtype=np.uint64)
    prevs = np.array([[0, 0], halves(twos.word)], dtype=np.uint64)
    moves, offsets = api.legal_moves_batch(hands, prevs, rules=LAIZI, wild="5")
    assert offsets.tolist() == [0, 0, 0]
    mask = api.legal_action_mask(hands, prevs, rules=LAIZI, wild="5")
    assert not mask.any()


def test_plain_batches_are_unchanged_by_the_wild_argument_default(api):
    # Without wild cards the one-deck batch keeps its (M,) words.
    hands = np.array([Hand("33445").bitboard], dtype=np.uint64)
    moves, offsets = api.legal_moves_batch(hands)
    assert moves.shape == (offsets[-1],) and moves.dtype == np.uint64


# --- bad input: the same error, with the same message, in both implementations ---------------

HANDS = np.array([Hand("3345").bitboard, Hand("55").bitboard], dtype=np.uint64)


def _twos_of_fives() -> int:
    return next(m for m in ddz_fast.classify("55", rules=LAIZI, wild="5") if m.key == 12).word


BAD_CALLS = [
    # The wild ranks and the rules go together.
    ("moves", HANDS, None, {"rules": LAIZI}, ValueError, "play with 1 wild rank"),
    ("mask", HANDS, None, {"rules": TIANDI}, ValueError, "play with 2 wild rank"),
    ("moves", HANDS, None, {"wild": "5"}, ValueError, "play without wild cards"),
    ("mask", HANDS, None, {"rules": "four_player", "wild": "5"}, ValueError,
     "play without wild cards"),
    ("moves", HANDS, None, {"rules": LAIZI, "wild": "57"}, ValueError, "names 2"),
    ("moves", HANDS, None, {"rules": LAIZI, "wild": "B"}, ValueError, "cannot be wild"),
    ("moves", HANDS, None, {"rules": LAIZI, "wild": 2.5}, TypeError, "wild must be"),
    # Hands: one deck's, as bitboards or counts.
    ("moves", HANDS.astype(float), None, {"rules": LAIZI, "wild": "5"}, TypeError,
     "hands must be an integer array"),
    ("mask", HANDS.astype(np.int64), None, {"rules": LAIZI, "wild": "5"}, TypeError,
     "hands of bitboards must be uint64"),
    ("moves", np.zeros((2, 14), dtype=np.int64), None, {"rules": LAIZI, "wild": "5"},
     ValueError, r"hands of counts must have shape \(N, 15\)"),
    ("mask", np.array([[5] + [0] * 14]), None, {"rules": LAIZI, "wild": "5"}, ValueError,
     "hands.0.: 5 cards of rank 3: one deck has 4"),
    ("moves", np.zeros((2, 3, 15), dtype=np.int64), None, {"rules": LAIZI, "wild": "5"},
     ValueError, "got 3 dimensions"),
    # Prevs: (N, 2) uint64 halves of legal words.
    ("moves", HANDS, np.zeros(2, dtype=np.uint64), {"rules": LAIZI, "wild": "5"}, ValueError,
     r"prevs with wild cards must have shape \(2, 2\)"),
    ("mask", HANDS, np.zeros((2, 2), dtype=np.int64), {"rules": LAIZI, "wild": "5"},
     TypeError, "prevs must be a uint64 array"),
    ("moves", HANDS, np.array([[0, 0], halves(_twos_of_fives())], dtype=np.uint64),
     {"rules": LAIZI, "wild": "7"}, ValueError,
     r"prevs\[1\]: prev .* is not a legal move under .* with wild 7"),
    ("mask", HANDS, np.array([[0, 1 << 62], [0, 0]], dtype=np.uint64),
     {"rules": LAIZI, "wild": "5"}, ValueError, r"prevs\[0\]: move word .* is no reading"),
]


@pytest.mark.parametrize("which, hands, prevs, kwargs, error, message", BAD_CALLS)
def test_bad_input_is_refused_alike_by_both_implementations(which, hands, prevs, kwargs,
                                                             error, message):
    messages = []
    for api in (ddz_fast.reference.moves, ddz_fast):
        call = api.legal_moves_batch if which == "moves" else api.legal_action_mask
        with pytest.raises(error, match=message) as caught:
            call(hands, prevs, **kwargs)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]


def test_the_arguments_are_left_as_they_were(api):
    hands = HANDS.copy()
    prevs = np.array([[0, 0], halves(_twos_of_fives())], dtype=np.uint64)
    kept = prevs.copy()
    api.legal_action_mask(hands, prevs, rules=LAIZI, wild="5")
    assert np.array_equal(hands, HANDS) and np.array_equal(prevs, kept)
