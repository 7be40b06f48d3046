"""Per-call times of the move API, for comparing two builds in one session.

Run it once per build, alternating, on the same machine; the best of several rounds is the
figure to compare (``PYTHONPATH=/path/to/other/build python benchmarks/ab_moves.py`` times
another install of ddz_fast). Prints one line of nanoseconds per hand (per game for games).
"""
from __future__ import annotations

import time
from typing import Callable, Dict

import numpy as np

import ddz_fast
from ddz_fast import Hand

from hands import random_hands


def best(run: Callable[[], object], rounds: int = 7) -> float:
    """The shortest of ``rounds`` timings of ``run``, in seconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rules = ddz_fast.Rules.preset("douzero")
    legal_moves = ddz_fast.legal_moves
    rows: Dict[str, float] = {}
    for size in (17, 20):
        hands = [Hand(c) for c in random_hands(1000, size)]
        words = np.array([h.bitboard for h in hands], dtype=np.uint64)
        rows[f"lead{size}"] = best(lambda: [legal_moves(h, rules=rules) for h in hands])
        rows[f"array{size}"] = best(lambda: [legal_moves(h, rules=rules).array for h in hands])
        rows[f"batch{size}"] = best(lambda: ddz_fast.legal_moves_batch(words, rules=rules))
    hands = [Hand(c) for c in random_hands(1000, 17)]
    pairs = [(hand, moves[len(moves) // 2]) for hand, moves in
             zip(hands, (legal_moves(other) for other in hands[1:] + hands[:1]))]
    rows["respond"] = best(lambda: [legal_moves(h, p) for h, p in pairs])
    per_hand = {name: seconds / 1000 for name, seconds in rows.items()}
    per_hand["games"] = best(lambda: ddz_fast.random_games(20000, 1), 3) / 20000
    print(" ".join(f"{name}={seconds * 1e9:.0f}ns" for name, seconds in per_hand.items()))


if __name__ == "__main__":
    main()
