"""Random positions and duels for the solver tests, from seeds (every preset's moves)."""
from __future__ import annotations

import random
from typing import List, Optional

import ddz_fast
from ddz_fast.cards import MAX_COPIES, NUM_RANKS
from ddz_fast.positions.duel import Duel
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.positions.three_player import Position
from ddz_fast.rules import Rules

DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]


def _hand(cards: List[int]) -> Hand:
    counts = [0] * NUM_RANKS
    for rank in cards:
        counts[rank] += 1
    return Hand(counts)


def _split(rng: random.Random, cards: List[int], parts: int) -> List[Hand]:
    """``cards`` dealt into ``parts`` non-empty hands of random sizes."""
    cuts = sorted(rng.sample(range(1, len(cards)), parts - 1))
    bounds = [0] + cuts + [len(cards)]
    return [_hand(cards[a:b]) for a, b in zip(bounds, bounds[1:])]


def _move_to_beat(rng: random.Random, rest: List[int], rules: Rules) -> Optional[Move]:
    """A random move of a few of the cards nobody holds (they were played), or None."""
    if not rest:
        return None
    played = _hand(rng.sample(rest, min(len(rest), rng.randint(1, 8))))
    moves = list(ddz_fast.legal_moves(played, rules=rules))
    return rng.choice(moves)


def random_position(rng: random.Random, total: int, rules: Rules,
                    with_move: Optional[bool] = None) -> Position:
    """Three non-empty hands of ``total`` cards in all, random seats, maybe a move to beat."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = _split(rng, deck[:total], 3)
    if with_move is None:
        with_move = rng.random() < 0.5
    prev = _move_to_beat(rng, deck[total:], rules) if with_move else None
    passes = rng.randint(0, 1) if prev is not None else 0
    return Position(hands, rng.randrange(3), rng.randrange(3), prev, passes)


def random_duel(rng: random.Random, first: int, second: int, rules: Rules,
                with_move: Optional[bool] = None) -> Duel:
    """A duel of ``first`` and ``second`` cards, maybe with a move to beat."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = (_hand(deck[:first]), _hand(deck[first:first + second]))
    if with_move is None:
        with_move = rng.random() < 0.5
    prev = _move_to_beat(rng, deck[first + second:], rules) if with_move else None
    return Duel(hands[0], hands[1], prev)
