"""Fixed-seed games for the solver benchmarks: duels of N cards a side and three-hand
positions of N cards in all, dealt uniformly from one deck; positions of the other tables
(wild cards, four hands of two decks) of N cards in all."""
from __future__ import annotations

import random
from typing import List

from ddz_fast import Duel, Hand, Position, Rules
from ddz_fast.cards import MAX_COPIES, NUM_RANKS
from ddz_fast.positions.four_player import FourPlayerPosition

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


def table_positions(total: int, rules: Rules, count: int = GAMES,
                    seed: int = 2024) -> List[Position]:
    """:func:`positions` of another three-player table: dealt from its deck with its wild
    ranks drawn first (one or two of 3..2 under ``laizi``)."""
    rng = random.Random(f"table:{rules.name}:{seed}:{total}")
    games = []
    for position in positions(total, count, seed + 1):
        wild = tuple(sorted(rng.sample(range(13), rules.laizi))) if rules.laizi else None
        games.append(Position(position.hands, position.landlord, position.landlord, wild=wild))
    return games


TWO_DECKS = [rank for rank in range(NUM_RANKS) for _ in range(2 * MAX_COPIES[rank])]
FOUR_PLAYER_SIZES = (16, 20, 24)        # cards in all, four hands


def four_player_positions(total: int, count: int = GAMES,
                          seed: int = 2024) -> List[FourPlayerPosition]:
    """``count`` positions of four hands of two decks, ``total`` cards in all split as evenly
    as possible; the landlord (a random seat, with the largest share) leads. Under
    ``sides="partner"`` its partner is the seat opposite (:func:`partner_of`)."""
    rng = random.Random(f"four:{seed}:{total}")
    games = []
    for _ in range(count):
        cards = rng.sample(TWO_DECKS, total)
        landlord = rng.randrange(4)
        shares = [total // 4 + (1 if i < total % 4 else 0) for i in range(4)]
        hands, start = [], 0
        for seat in range(4):
            share = shares[(seat - landlord) % 4]
            counts = [0] * NUM_RANKS
            for rank in cards[start:start + share]:
                counts[rank] += 1
            hands.append(Hand(counts, decks=2))
            start += share
        games.append(FourPlayerPosition(hands, landlord, landlord))
    return games


def partner_of(position: FourPlayerPosition) -> int:
    """The landlord's partner in the benchmark's partner rows: the seat opposite."""
    return (position.landlord + 2) % 4
