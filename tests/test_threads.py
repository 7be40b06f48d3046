"""Calls from several threads at once: the same answers as from one, and the GIL let go by long
calls.

The core generates into buffers of the call's own (on its stack, or its result's) and shares
only tables that are filled once under a lock, so threads may call it at any time. These tests
run the calls in threads, in this process and in a fresh one (where the shared table of Moves
starts empty and the threads fill it together), and check every answer against the answers of
one thread, which the differential tests check against the reference.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, List

import numpy as np
import pytest

from ddz_fast import Hand, Move, legal_moves, legal_moves_batch, random_games, reference

from common import random_hands

pytestmark = pytest.mark.native

PRESETS = ("standard", "rlcard", "openspiel", "douzero")


def _answers(hands: List[Hand]) -> List[list]:
    """Every hand's moves under every preset, as words and as Moves rebuilt from their fields."""
    answers = []
    for hand in hands:
        for preset in PRESETS:
            moves = legal_moves(hand, rules=preset)
            rebuilt = [Move(m.type, m.key, m.length, m.counts).word for m in moves]
            answers.append((moves.array.tolist(), [m.word for m in moves], rebuilt,
                            Hand(hand.counts).bitboard))
    return answers


def _in_threads(work: Callable[[int], object], threads: int) -> List[object]:
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(work, range(threads)))


def test_threads_get_the_answers_of_one_thread():
    hands = random_hands(300, seed=31)
    expected = _answers(hands)
    # The reference agrees with one thread (a sample; the differential tests do the rest).
    for hand in hands[:20]:
        assert legal_moves(hand).tolist() == reference.legal_moves(hand)
    for answers in _in_threads(lambda _: _answers(hands), 4):
        assert answers == expected


def test_batches_and_games_in_threads_equal_those_of_one_thread():
    counts = np.array([h.counts for h in random_hands(2000, seed=32)], dtype=np.int64)
    moves, offsets = legal_moves_batch(counts, rules="douzero")
    games = random_games(200, 7, record=True)
    for result in _in_threads(lambda _: legal_moves_batch(counts, rules="douzero"), 3):
        assert np.array_equal(result[0], moves) and np.array_equal(result[1], offsets)
    for result in _in_threads(lambda _: random_games(200, 7, record=True), 3):
        assert all(np.array_equal(getattr(result, name), getattr(games, name))
                   for name in ("scores", "hands", "moves", "offsets"))


FRESH_PROCESS = textwrap.dedent("""
    import sys, threading
    sys.path.insert(0, sys.argv[1])
    from common import random_hands
    from ddz_fast import legal_moves, reference
    hands = random_hands(150, seed=33)
    answers = {}
    start = threading.Barrier(4)

    def work(name):
        start.wait()                     # all four fill the empty table of Moves together
        answers[name] = [[(m.type, m.key, m.length, m.counts) for m in legal_moves(h, rules=p)]
                         for h in hands for p in ("standard", "douzero")]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expected = [[(m.type, m.key, m.length, m.counts) for m in reference.legal_moves(h, rules=p)]
                for h in hands for p in ("standard", "douzero")]
    assert all(answers[i] == expected for i in range(4)), "threads disagree"
    print("ok")
""")


def test_threads_filling_the_table_of_moves_together_agree_with_the_reference(tmp_path):
    tests = str(Path(__file__).parent)
    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS, tests], capture_output=True,
                          text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def _spin(seconds: float) -> None:
    """Run Python code, holding the GIL, for ``seconds``."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def _other_thread_ran_during(call: Callable[[], object], seconds: float) -> bool:
    """Whether a thread that waits for the GIL gets to run while ``call`` is repeated for at
    most ``seconds`` (it stops as soon as the other thread ran).

    With a switch interval of minutes the interpreter never takes the GIL from this thread, so
    the woken thread runs only when ``call`` lets the GIL go. The repetition leaves a loaded
    machine time to schedule the woken thread at all.
    """
    woken, ran = threading.Event(), threading.Event()
    other = threading.Thread(target=lambda: (woken.wait(), ran.set()))
    interval = sys.getswitchinterval()
    other.start()
    sys.setswitchinterval(300)
    try:
        woken.set()
        end = time.perf_counter() + seconds
        while not ran.is_set() and time.perf_counter() < end:
            call()
        return ran.is_set()
    finally:
        sys.setswitchinterval(interval)
        other.join()


def test_long_calls_let_the_gil_go_while_they_generate():
    # The full deck under douzero has 30,383 moves: past the call's stack buffer, so the call
    # generates them again without the GIL (short calls keep it: see src/_core.pyx).
    deck = Hand("3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR")
    assert _other_thread_ran_during(lambda: legal_moves(deck, rules="douzero"), 10)
    assert _other_thread_ran_during(lambda: legal_moves_batch(
        np.array([deck.counts] * 20), rules="douzero"), 10)
    # The check can fail: Python code holds the GIL throughout, and so does a short call.
    assert not _other_thread_ran_during(lambda: _spin(0.01), 0.5)
    assert not _other_thread_ran_during(lambda: legal_moves("3334445556", rules="douzero"), 0.5)
