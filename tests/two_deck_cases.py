"""Random two-deck hands and the reference's moves for them, as plain words.

The reference makes a case of a 33-card hand of two decks in about 7 ms and of a 25-card
hand in about 2 ms (its moves leading and the answers to two moves): the 10,000 hands the
native generator is checked on (tests/test_two_decks.py) take about 35 s of CPU.
"""
from __future__ import annotations

import random
from typing import List, Tuple

from ddz_fast.reference import moves as reference
from ddz_fast.cards import TWO_DECKS
from ddz_fast.rules import Rules

__all__ = ["random_counts", "reference_case"]

_DECK = [rank for rank, copies in enumerate(TWO_DECKS) for _ in range(copies)]

#: (hand counts, its moves leading, moves to beat, the answers to each), all as move words.
Case = Tuple[Tuple[int, ...], List[int], List[int], List[List[int]]]


def random_counts(rng: random.Random, size: int) -> Tuple[int, ...]:
    """The counts of ``size`` cards drawn from two decks."""
    counts = [0] * 15
    for rank in rng.sample(_DECK, size):
        counts[rank] += 1
    return tuple(counts)


def reference_case(seed: int, size: int, rules: Rules) -> Case:
    """A random hand of ``size`` cards, its moves, a random move of the action space and one
    of the hand's own to beat, and the answers to each, by the reference. Its legal_moves with
    a move to beat is the filter of its moves by its beats: done once here, not per call."""
    rng = random.Random(seed)
    counts = random_counts(rng, size)
    moves = reference.all_moves(counts, rules)
    prevs = [rng.choice(reference.action_space(rules)), rng.choice(moves)]
    answers = [[m.word for m in moves if reference._beats(m, prev)] for prev in prevs]
    return counts, [m.word for m in moves], [p.word for p in prevs], answers
