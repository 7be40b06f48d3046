"""Hypothesis strategies for hands and moves."""
from __future__ import annotations

from hypothesis import strategies as st

from ddz_fast.cards import MAX_COPIES, NUM_RANKS

DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]


def counts_from_cards(cards) -> tuple:
    counts = [0] * NUM_RANKS
    for index in cards:
        counts[DECK[index]] += 1
    return tuple(counts)


def hands(min_size: int = 0, max_size: int = 20):
    """Hands of ``min_size``..``max_size`` distinct cards of one deck, as 15 counts."""
    return st.lists(st.integers(0, len(DECK) - 1), min_size=min_size, max_size=max_size,
                    unique=True).map(counts_from_cards)


presets = st.sampled_from(("standard", "rlcard", "openspiel", "douzero"))
