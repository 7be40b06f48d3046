"""Random positions and duels for the solver tests, from seeds (every table's moves)."""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import replace
from typing import Iterator, List, Optional

import ddz_fast
from ddz_fast.cards import MAX_COPIES, NUM_RANKS
from ddz_fast.compiled import load
from ddz_fast.positions.duel import Duel
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.positions.three_player import Position
from ddz_fast.rules import Rules
from ddz_fast.search.solver import solve

DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]


def _hand(cards: List[int], decks: int = 1) -> Hand:
    """The hand of the rank indices ``cards``."""
    counts = [0] * NUM_RANKS
    for rank in cards:
        counts[rank] += 1
    return Hand(counts, decks=decks)


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


def random_wild_position(rng: random.Random, total: int, rules: Rules,
                         with_move: Optional[bool] = None) -> Position:
    """A position of ``rules`` with wild cards: their wild ranks drawn, three non-empty hands
    of ``total`` cards in all holding a wild card or two more often than a deal would (where
    soft bombs and wild readings come from), random seats, maybe a move to beat read with the
    same wild ranks."""
    wild = tuple(sorted(rng.sample(range(13), rules.laizi)))
    deck = DECK[:]
    rng.shuffle(deck)
    chosen = [r for r in deck if r in wild][:rng.randint(0, 3)]
    for rank in chosen:
        deck.remove(rank)
    cards = (chosen + deck)[:total]
    rng.shuffle(cards)
    hands = _split(rng, cards, 3)
    rest = deck[total - len(chosen):] if total >= len(chosen) else deck
    if with_move is None:
        with_move = rng.random() < 0.5
    prev = None
    if with_move and rest:
        played = _hand(rng.sample(rest, min(len(rest), rng.randint(1, 6))))
        prev = rng.choice(list(ddz_fast.legal_moves(played, rules=rules, wild=wild)))
    passes = rng.randint(0, 1) if prev is not None else 0
    return Position(hands, rng.randrange(3), rng.randrange(3), prev, passes, wild=wild)


TWO_DECKS = [rank for rank in range(NUM_RANKS) for _ in range(2 * MAX_COPIES[rank])]


def random_four_player_position(rng: random.Random, total: int, rules: Rules,
                                with_move: Optional[bool] = None) -> FourPlayerPosition:
    """Four non-empty hands of two decks, ``total`` cards in all, drawn from fewer ranks than
    a deal would use (so that five- to eight-card bombs and joker pairs turn up), random seats,
    maybe a move to beat of the cards nobody holds."""
    ranks = rng.sample(range(NUM_RANKS), rng.randint(4, 9))
    deck = [rank for rank in TWO_DECKS if rank in ranks]
    rng.shuffle(deck)
    cuts = sorted(rng.sample(range(1, total), 3))
    bounds = [0] + cuts + [total]
    hands = [_hand(deck[a:b], decks=2) for a, b in zip(bounds, bounds[1:])]
    rest = deck[total:]
    if with_move is None:
        with_move = rng.random() < 0.5
    prev = None
    if with_move and rest:
        played = _hand(rng.sample(rest, min(len(rest), rng.randint(1, 8))), decks=2)
        prev = rng.choice(list(ddz_fast.legal_moves(played, rules=rules)))
    passes = rng.randint(0, 2) if prev is not None else 0
    return FourPlayerPosition(hands, rng.randrange(4), rng.randrange(4), prev, passes)


PARTNER = replace(Rules.preset("four_player"), sides="partner")
APP = replace(Rules.preset("laizi"), bomb_multiplier="app")
#: The tables beyond one deck without wild cards, by name: what their solver tests run on.
TABLES = {"laizi": Rules.preset("laizi"), "tiandi_laizi": Rules.preset("tiandi_laizi"),
          "four_player": Rules.preset("four_player"), "four_player_partner": PARTNER,
          "laizi_app": APP}


def opening(table: str):
    """A whole deal of ``table`` from a fixed seed, the landlord (seat 0, with the kitty) to
    lead: far too large to solve, so every limit is reached. (position, rules, partner)."""
    rules = TABLES[table]
    rng = random.Random(f"opening:{table}")
    if rules.players == 4:
        deck = TWO_DECKS[:]
        rng.shuffle(deck)
        starts = [0, 33, 58, 83, 108]        # 25 cards a seat, the landlord's 8 of the kitty
        hands = [_hand(deck[a:b], decks=2) for a, b in zip(starts, starts[1:])]
        partner = 2 if rules.sides == "partner" else None
        return FourPlayerPosition(hands, 0, 0), rules, partner
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [_hand(deck[:20]), _hand(deck[20:37]), _hand(deck[37:])]
    wild = tuple(sorted(rng.sample(range(13), rules.laizi)))
    return Position(hands, 0, 0, wild=wild), rules, None


@contextmanager
def threads_at_once() -> Iterator[None]:
    """Threads under the first win start with the search, not after one thread's warm-up of
    about four million nodes, which the tests' small positions never reach."""
    solver = load("ddz_fast.search._solver")
    old = solver._set_warm_nodes(0)
    try:
        yield
    finally:
        solver._set_warm_nodes(old)


def check_first_win(game, expected, **options) -> None:
    """``solve(game, every_move=False, **options)`` against the reference's solution
    ``expected``: the same value, and one of its winning moves (none when the side to move
    loses), the same on two threads (started at once)."""
    one = solve(game, pv=False, every_move=False, **options)
    assert one.exact and one.wins == expected.wins, game
    if expected.wins:
        assert len(one.winning_moves) == 1, game
        assert one.winning_moves[0] in expected.winning_moves, game
    else:
        assert one.winning_moves == (), game
    with threads_at_once():
        two = solve(game, pv=False, every_move=False, threads=2, **options)
    assert (two.wins, two.winning_moves) == (one.wins, one.winning_moves), game
