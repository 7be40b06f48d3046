"""Fixed-seed games for the solver benchmarks: duels of N cards a side and three-hand
positions of N cards in all, dealt uniformly from one deck."""
from __future__ import annotations

import random
from typing import List

from ddz_fast import Duel, Hand, Position
from ddz_fast.cards import MAX_COPIES, NUM_RANKS

DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]
DUEL_SIZES = (8, 10, 12, 14)            # cards a side
POSITION_SIZES = (15, 20, 25, 30)       # cards in all
GAMES = 100


def _hand(cards: List[int]) -> Hand:
    counts = [0] * NUM_RANKS
    for rank in cards:
        counts[rank] += 1
    return Hand(counts)


def duels(size: int, count: int = GAMES, seed: int = 2024) -> List[Duel]:
    """``count`` duels of ``size`` cards a side; the first player leads."""
    rng = random.Random(f"duel:{seed}:{size}")
    games = []
    for _ in range(count):
        cards = rng.sample(DECK, 2 * size)
        games.append(Duel(_hand(cards[:size]), _hand(cards[size:])))
    return games


def positions(total: int, count: int = GAMES, seed: int = 2024) -> List[Position]:
    """``count`` positions of ``total`` cards in all, split as evenly as possible; the
    landlord (a random seat, with the largest share) leads."""
    rng = random.Random(f"position:{seed}:{total}")
    games = []
    for _ in range(count):
        cards = rng.sample(DECK, total)
        landlord = rng.randrange(3)
        shares = [total // 3 + (1 if i < total % 3 else 0) for i in range(3)]
        hands, start = [], 0
        for seat in range(3):
            share = shares[(seat - landlord) % 3]      # the landlord takes shares[0]
            hands.append(_hand(cards[start:start + share]))
            start += share
        games.append(Position(hands, landlord, landlord))
    return games
