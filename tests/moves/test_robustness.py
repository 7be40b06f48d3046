"""Bad input gets the reference's exceptions and never crashes the process; the batched API is
thread-safe; a million calls leave memory where it was; the implementation switch works."""
from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Hand, Move, Rules
from ddz_fast.moves import _batches

from support.common import both, counts_array, native, random_hands, reference, sizes
from support.subprocesses import SUBPROCESS_CWD

pytestmark = pytest.mark.native  # the compiled core under bad input

HANDS = counts_array([Hand("33344455BR"), Hand("3456789TJQKA2"), Hand("")])
WORDS = np.array([Hand(c).bitboard for c in HANDS.tolist()], dtype=np.uint64)
AIRPLANE_WITH_REPEATED_WINGS = reference.classify("33344455", rules="douzero")[0]


def _counts(dtype=np.int64, **changes: int) -> np.ndarray:
    """HANDS with some cells changed, e.g. ``_counts(r1c0=5)``: row 1, rank 0 holds 5."""
    counts = HANDS.astype(dtype)
    for cell, value in changes.items():
        row, rank = cell[1:].split("c")
        counts[int(row), int(rank)] = value
    return counts


def _words(row: int, word: int) -> np.ndarray:
    words = WORDS.copy()
    words[row] = np.uint64(word)
    return words


BAD_HANDS = {
    "float": (HANDS.astype(np.float64), TypeError, "integer array, not float64"),
    "object": (HANDS.astype(object), TypeError, "integer array, not object"),
    "bool": (HANDS.astype(bool), TypeError, "integer array, not bool"),
    "text": (np.array(["333", "444"]), TypeError, "integer array"),
    "none": (None, TypeError, "integer array, not object"),
    "ragged": ([[1, 2], [3]], ValueError, None),
    "scalar": (np.int64(3), ValueError, "got 0 dimensions"),
    "3-d": (HANDS[None], ValueError, "got 3 dimensions"),
    "14 ranks": (HANDS[:, :14], ValueError, r"shape \(N, 15\), got \(3, 14\)"),
    "five 4s": (_counts(r1c1=5), ValueError, r"hands\[1\]: 5 cards of rank 4: one deck has 4"),
    "two red jokers": (_counts(r2c14=2), ValueError, r"hands\[2\]: 2 cards of rank red joker"),
    "negative": (_counts(r0c3=-1), ValueError, r"hands\[0\]: negative count -1 of rank 6"),
    "huge uint64": (_counts(np.uint64, r2c0=2**63), ValueError, r"hands\[2\]: \d+ cards"),
    "int8 min": (_counts(np.int8, r1c7=-128), ValueError, r"hands\[1\]: negative count"),
    "int64 words": (WORDS.astype(np.int64), TypeError, "bitboards must be uint64, not int64"),
    "flag bit": (_words(1, 8), ValueError, r"hands\[1\] = 0x8 has bits outside"),
    "type bits": (_words(0, 1 << 60), ValueError, r"hands\[0\] = 0x1000000000000000 has bits"),
    "count 5": (_words(2, 5), ValueError, r"hands\[2\]: 5 cards of rank 3: one deck has 4"),
    "count 7": (_words(2, 7 << 20), ValueError, r"hands\[2\]: 7 cards of rank 8"),
    "black jokers": (_words(0, 2 << 52), ValueError, r"hands\[0\]: 2 cards of rank black joker"),
}


@pytest.mark.parametrize("name", BAD_HANDS)
@pytest.mark.parametrize("function", ["legal_moves_batch", "legal_action_mask"])
def test_bad_hand_arrays(function, name):
    hands, error, message = BAD_HANDS[name]
    with pytest.raises(error, match=message):
        both(function, hands)


def _prevs(row: int, word: int) -> np.ndarray:
    prevs = np.zeros(len(HANDS), dtype=np.uint64)
    prevs[row] = np.uint64(word)
    return prevs


BAD_PREVS = {
    "float": (np.zeros(3), TypeError, "uint64 array of move words, not float64"),
    "int64": (np.zeros(3, dtype=np.int64), TypeError, "not int64"),
    "objects": ([Move.PASS] * 3, TypeError, "not object"),
    "too short": (np.zeros(2, dtype=np.uint64), ValueError, r"shape \(3,\), one word per hand"),
    "2-d": (np.zeros((3, 1), dtype=np.uint64), ValueError, r"got \(3, 1\)"),
    "all ones": (_prevs(1, 2**64 - 1), ValueError, r"prevs\[1\] = 0xffffffffffffffff is not"),
    "type 15": (_prevs(0, (15 << 60) | 9), ValueError, r"prevs\[0\]"),
    "pass with cards": (_prevs(2, 1), ValueError, r"prevs\[2\] = 0x1 is not a legal move"),
    "no main flag": (_prevs(0, (1 << 60) | 1), ValueError, r"prevs\[0\]"),
    "flag off the key": (_prevs(0, (2 << 60) | 0x82), ValueError, r"prevs\[0\]"),
    "gapped chain": (_prevs(1, reference.classify("34567")[0].word ^ (0x9 << 8) ^ (0x9 << 20)),
                     ValueError, r"prevs\[1\]"),
    "five 3s": (_prevs(0, (1 << 60) | 0xD), ValueError, r"prevs\[0\]"),
    "repeated wings under standard": (_prevs(1, AIRPLANE_WITH_REPEATED_WINGS.word), ValueError,
                                      r"prevs\[1\] = 0x.* under Rules.preset\('standard'\)"),
}


@pytest.mark.parametrize("name", BAD_PREVS)
@pytest.mark.parametrize("function", ["legal_moves_batch", "legal_action_mask"])
def test_bad_prev_arrays(function, name):
    prevs, error, message = BAD_PREVS[name]
    with pytest.raises(error, match=message):
        both(function, HANDS, prevs)


def test_prevs_legal_under_the_rules_in_force_are_accepted():
    prevs = _prevs(0, AIRPLANE_WITH_REPEATED_WINGS.word)
    moves, offsets = both("legal_moves_batch", HANDS, prevs, rules="douzero")
    assert offsets[1] == 1 and Move.from_word(int(moves[0])).type == "rocket"


def test_bad_rules_in_batches():
    with pytest.raises(TypeError, match="rules must be"):
        both("legal_moves_batch", HANDS, rules=3)
    with pytest.raises(ValueError, match="unknown preset"):
        both("legal_action_mask", HANDS, rules="chess")
    with pytest.raises(TypeError, match="integer array"):      # hands are checked first
        both("legal_moves_batch", HANDS.astype(float), rules="chess")


def test_strided_and_foreign_layouts_equal_contiguous_arrays():
    hands = counts_array(random_hands(200, 3))
    views = {"every other row": hands[::2], "reversed": hands[::-1],
             "fortran": np.asfortranarray(hands), "column slice": np.hstack([hands, hands])[:, 15:],
             "uint8": hands.astype(np.uint8)[::3], "words": np.array(
                 [Hand(c).bitboard for c in hands.tolist()], dtype=np.uint64)[::-2]}
    for name, view in views.items():
        contiguous = np.ascontiguousarray(view)
        expected = native.legal_moves_batch(contiguous, rules="rlcard")
        got = both("legal_moves_batch", view, rules="rlcard")
        assert all(np.array_equal(a, b) for a, b in zip(got, expected)), name
        prevs = np.zeros(2 * len(view), dtype=np.uint64)[::2]
        assert np.array_equal(native.legal_action_mask(view, prevs),
                              native.legal_action_mask(contiguous)), name
    both("legal_moves_batch", [[1] * 15, [0] * 15])          # nested lists are arrays too


BAD_SINGLE_CALLS = [
    ("legal_moves", ("33X",), {}),
    ("legal_moves", (123,), {}),
    ("legal_moves", ([5] + [0] * 14,), {}),
    ("legal_moves", ([1] * 14,), {}),
    ("legal_moves", ([1.0] * 15,), {}),
    ("legal_moves", (None,), {}),
    ("legal_moves", ("33",), {"rules": 5}),
    ("legal_moves", ("33",), {"rules": "chess"}),
    ("legal_moves", ("33", "3X"), {}),
    ("legal_moves", ("33", "34"), {}),
    ("legal_moves", ("33", "333444555666"), {"rules": "douzero"}),
    ("legal_moves", ("33", 3), {}),
    ("legal_moves", ("33X",), {"rules": "chess", "prev": 3}),
    ("legal_moves", ("33",), {"rules": "standard", "prev": AIRPLANE_WITH_REPEATED_WINGS}),
    ("legal_moves", ("33",), {"rules": "openspiel",
                              "prev": reference.classify("333345")[0]}),
    ("classify", ("3X",), {}),
    ("classify", ("33",), {"rules": object()}),
    ("beats", (3, "4"), {}),
    ("beats", ("3", "4X"), {}),
    ("beats", ("3", "pass"), {}),
    ("beats", (reference.classify("4")[0], Move.PASS), {}),
    ("beats", (AIRPLANE_WITH_REPEATED_WINGS, reference.classify("4")[0]), {}),
    ("beats", (reference.classify("4")[0], AIRPLANE_WITH_REPEATED_WINGS), {}),
    ("action_id", (333,), {}),
    ("action_id", ("34",), {}),
    ("action_id", ("pass",), {}),
    ("action_id", (AIRPLANE_WITH_REPEATED_WINGS, "standard"), {}),
    ("action_id", (Move.PASS,), {}),
    ("action_move", (True,), {}),
    ("action_move", (-1,), {}),
    ("action_move", (13_550,), {}),
    ("action_move", (1.5,), {}),
    ("action_move", (0, "chess"), {}),
]


@pytest.mark.parametrize("name, args, kwargs", BAD_SINGLE_CALLS)
def test_bad_single_calls_raise_the_reference_exceptions(name, args, kwargs):
    with pytest.raises((TypeError, ValueError)):
        both(name, *args, **kwargs)


def test_kernels_survive_any_words():
    """The kernels trust ddz_fast.moves.native's checks, but even garbage must not crash them."""
    rng = np.random.default_rng(5)
    garbage = rng.integers(0, 2**64, size=2000, dtype=np.uint64)
    for hands, prevs in ((garbage, garbage[::-1].copy()), (garbage[:50], None)):
        moves, offsets = _batches._batch_moves(hands, prevs, "douzero")
        assert offsets[0] == 0 and len(moves) == offsets[-1] and np.all(np.diff(offsets) >= 0)
    assert _batches._batch_mask(garbage, garbage.copy(), None).shape == (2000, 13_550)
    assert _batches._batch_mask(garbage[:50], None, "douzero").shape == (50, 30_383)
    assert _batches._first_illegal(garbage, "douzero") == 0


@pytest.mark.parametrize("mutated", sizes(750, 1500))
@pytest.mark.parametrize("preset", ["standard", "douzero"])
def test_prev_validation_agrees_on_mutated_words(preset, mutated):
    """Legal words with one bit flipped: sometimes still legal, mostly not; both must agree.
    ``mutated`` such words (750, and 1,500 in the slow step) and a fifteenth as many unchanged."""
    rng = random.Random(preset)
    space = reference.action_space(preset)
    words = [rng.choice(space).word ^ (1 << rng.randrange(64)) for _ in range(mutated)]
    words += [rng.choice(space).word for _ in range(mutated // 15)]
    rules = Rules.preset(preset)
    native_verdicts = [_batches._first_illegal(np.array([w], dtype=np.uint64), rules) for w in words]
    reference_verdicts = [reference._first_illegal(np.array([w], dtype=np.uint64), rules)
                          for w in words]
    assert native_verdicts == reference_verdicts
    assert 0 < native_verdicts.count(-1) < len(words)


def test_batched_calls_from_four_threads_agree():
    hands = counts_array(random_hands(3000, 11))
    leads = native.legal_moves_batch(hands, rules="douzero")[0]
    prevs = np.where(np.arange(3000) % 3 == 0, 0, leads[np.arange(3000) % len(leads)])
    prevs = prevs.astype(np.uint64)
    expected = (native.legal_moves_batch(hands, prevs, rules="douzero"),
                native.legal_action_mask(hands[:400], prevs[:400], rules="douzero"))
    start = threading.Barrier(4)

    def work(_):
        start.wait()
        return [(native.legal_moves_batch(hands, prevs, rules="douzero"),
                 native.legal_action_mask(hands[:400], prevs[:400], rules="douzero"))
                for _ in range(3)]

    with ThreadPoolExecutor(4) as pool:
        results = [r for rs in pool.map(work, range(4)) for r in rs]
    for (moves, offsets), mask in results:
        assert np.array_equal(moves, expected[0][0]) and np.array_equal(offsets, expected[0][1])
        assert np.array_equal(mask, expected[1])


def _rss() -> int:
    """Resident memory in bytes (peak resident memory where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@pytest.mark.parametrize("calls", sizes(100_000, 1_000_000))
def test_many_calls_do_not_grow_memory(calls):
    # A leak of a few hundred bytes a call shows past the bound at the default size, of tens
    # of bytes at the slow step's million calls.
    hand = Hand("33344455566677789TJQ")
    prev = native.legal_moves("345678")[-1]
    hands = counts_array(random_hands(100, 13))
    legal_moves, batch, mask = native.legal_moves, native.legal_moves_batch, \
        native.legal_action_mask
    for _ in range(50_000):
        legal_moves(hand)
    gc.collect()
    before = _rss()
    for _ in range(calls):
        legal_moves(hand)
    for _ in range(calls // 5):
        legal_moves(hand, prev, rules="douzero")
    for _ in range(calls // 500):
        batch(hands, rules="douzero")
        mask(hands[:5])
    gc.collect()
    assert _rss() - before < 16 * 2**20


def _run_with_implementation(value):
    env = {k: v for k, v in os.environ.items() if k != "DDZ_FAST_IMPLEMENTATION"}
    if value is not None:
        env["DDZ_FAST_IMPLEMENTATION"] = value
    code = ("import ddz_fast, ddz_fast.reference.moves; "
            "print(ddz_fast.IMPLEMENTATION, ddz_fast.legal_moves.__module__, "
            "ddz_fast.MoveList.__name__, ddz_fast.legal_moves_batch.__module__); "
            "ddz_fast.legal_moves('33')")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          cwd=SUBPROCESS_CWD)


def test_implementation_switch():
    assert _run_with_implementation(None).stdout.split() == [
        "native", "ddz_fast.moves._api", "MoveList", "ddz_fast.moves.native"]
    assert _run_with_implementation("python").stdout.split() == [
        "python", "ddz_fast.reference.moves", "ListOfMoves", "ddz_fast.reference.moves"]
    # An unknown name imports, and the move API refuses it when used.
    failed = _run_with_implementation("cython")
    assert failed.returncode != 0 and failed.stdout.startswith("cython ")
    assert failed.stderr.rstrip().endswith(
        "ImportError: DDZ_FAST_IMPLEMENTATION='cython' is not an implementation: use "
        "'native' (the default) or 'python'")
    assert ddz_fast.IMPLEMENTATION == (os.environ.get("DDZ_FAST_IMPLEMENTATION") or "native")
