"""Fixed-seed hands shared by the benchmarks, so every engine is timed on the same deals."""
from __future__ import annotations

import random
from typing import List, Tuple

from ddz_fast.cards import MAX_COPIES, NUM_RANKS, deck_counts

DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]


def random_hands(count: int, size: int, seed: int = 2024,
                 decks: int = 1) -> List[Tuple[int, ...]]:
    """``count`` hands of ``size`` distinct cards each of ``decks`` decks, as 15 counts, from
    one seed."""
    rng = random.Random(seed * 1000 + size)
    deck = [rank for rank, copies in enumerate(deck_counts(decks)) for _ in range(copies)]
    hands = []
    for _ in range(count):
        counts = [0] * NUM_RANKS
        for rank in rng.sample(deck, size):
            counts[rank] += 1
        hands.append(tuple(counts))
    return hands


def random_runfast_hands(count: int, size: int = 16, deck_size: int = 48,
                         seed: int = 2024) -> List[Tuple[int, ...]]:
    """``count`` hands of ``size`` distinct cards each of Run Fast's deck of ``deck_size`` cards
    (docs/RULES.md, "Run Fast"), as 15 counts, from one seed."""
    from ddz_fast.cards import RUNFAST_DECKS
    rng = random.Random(seed * 1000 + deck_size * 100 + size)
    deck = [rank for rank, copies in enumerate(RUNFAST_DECKS[deck_size]) for _ in range(copies)]
    hands = []
    for _ in range(count):
        counts = [0] * NUM_RANKS
        for rank in rng.sample(deck, size):
            counts[rank] += 1
        hands.append(tuple(counts))
    return hands
