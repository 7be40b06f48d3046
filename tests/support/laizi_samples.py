"""The native laizi generator against the reference: the shared sampling of
``tests/variants/laizi/test_native_one_wild_rank.py`` (one wild rank) and
``tests/variants/laizi/test_native_two_wild_ranks.py`` (two).

The reference (:mod:`ddz_fast.reference.laizi`) is the specification. It lists a hand's moves
once per hand; its answers to a move to beat are that list filtered by its own comparison
(``reference_laizi._beats``, exactly what its ``legal_moves(hand, prev)`` returns for a legal
``prev``), and a sample of them is checked against direct calls. The moves to beat come from
the reference's moves of the hands dealt before under the same wild ranks, picked evenly over
their kinds (type and chain length; a bomb's size and class), so that rare kinds (long soft
bombs, the rocket, four + two) are answered as often as solos.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Dict, List, Sequence, Tuple

from ddz_fast import Hand, Move
from ddz_fast import bitboard
from ddz_fast.reference import laizi as reference_laizi
from ddz_fast.cards import MAX_COPIES, NUM_RANKS, TWO

from support.common import native

#: The preset of each number of wild ranks.
RULES = {1: "laizi", 2: "tiandi_laizi"}
DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]
#: Moves kept per kind and wild ranks to draw moves to beat from.
POOL_KIND = 40


def fields(moves: Sequence[Move]) -> List[Tuple]:
    """Everything a Move is made of (equal Moves only have equal words) and its word's type
    (a plain int or a LaiziWord); the reading and bomb class are read from the word."""
    return [(m.type, m.key, m.length, m.counts, m.word, type(m.word)) for m in moves]


def kind(move: Move) -> Tuple:
    """The kind a move to beat is picked by: its type and length, a bomb's size and class."""
    if move.type == "bomb":
        return "bomb", len(move), move.bomb_class
    return move.type, move.length


#: How hands are dealt (see :func:`deal`).
UNIFORM, WILD_RICH, DENSE = "uniform", "wild-rich", "dense"


def deal(rng: random.Random, wild: Tuple[int, ...], size: int, style: str) -> Hand:
    """``size`` cards of one deck: a uniform deal, one holding every wild card (long soft
    bombs, airplanes of wilds), or one of a few neighbouring ranks and the wild ranks (trios,
    chains, airplanes, four + two), falling back to a uniform deal when those are too few."""
    counts = [0] * NUM_RANKS
    if style == WILD_RICH:
        wilds = [rank for rank in wild for _ in range(4)][:size]
        rest = [rank for rank in DECK if rank not in wild]
        for rank in wilds + rng.sample(rest, size - len(wilds)):
            counts[rank] += 1
        return Hand(counts)
    if style == DENSE:
        low = rng.randrange(0, TWO)
        ranks = set(range(low, min(low + rng.randint(3, 7), TWO + 1))) | set(wild)
        if rng.random() < 0.4:
            ranks |= {13, 14}
        pool = [rank for rank in DECK if rank in ranks]
        if len(pool) >= size:
            for rank in rng.sample(pool, size):
                counts[rank] += 1
            return Hand(counts)
    for rank in rng.sample(DECK, size):
        counts[rank] += 1
    return Hand(counts)


class Pools:
    """Moves of earlier hands by wild ranks and kind, to answer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.moves: Dict[Tuple, Dict[Tuple, List[Move]]] = defaultdict(lambda: defaultdict(list))
        self.answered: Counter = Counter()

    def pick(self, wild: Tuple[int, ...]) -> List[Move]:
        """Two moves to beat of two kinds picked evenly (none before the first hand)."""
        kinds = self.moves[wild]
        if not kinds:
            return []
        chosen = self.rng.sample(sorted(kinds, key=repr), min(2, len(kinds)))
        return [self.rng.choice(kinds[k]) for k in chosen]

    def add(self, wild: Tuple[int, ...], moves: Sequence[Move]) -> None:
        for move in self.rng.sample(list(moves), min(len(moves), 12)):
            kept = self.moves[wild][kind(move)]
            if len(kept) < POOL_KIND:
                kept.append(move)
            else:
                kept[self.rng.randrange(POOL_KIND)] = move

    def note(self, prev: Move) -> None:
        self.answered[kind(prev)] += 1
        self.answered["laizi word", prev.type] += bitboard.is_laizi(prev.word)


#: A plan of hands: (how many, fewest cards, most cards, style of deal).
Plan = Sequence[Tuple[int, int, int, str]]


def hands_of(rng: random.Random, plan: Plan) -> List[Tuple[int, str]]:
    """The (size, style) of every hand of a plan, shuffled."""
    found = [(rng.randint(low, high), style) for count, low, high, style in plan
             for _ in range(count)]
    rng.shuffle(found)
    return found


def check_hand(hand: Hand, rules: object, wild: Tuple[int, ...], pools: Pools,
               direct: bool, classified: bool) -> None:
    """Native == reference on ``hand``: leading, answering two moves of other hands and one of
    its own; with ``direct`` the answers also against the reference's own calls, with
    ``classified`` classify of one of its moves' cards and beats on a pair of its moves."""
    rng = pools.rng
    leading = reference_laizi.legal_moves(hand, rules=rules, wild=wild)
    assert fields(native.legal_moves(hand, rules=rules, wild=wild)) == fields(leading), \
        (hand, wild)
    prevs = pools.pick(wild) + ([rng.choice(leading)] if leading else [])
    for prev in prevs:
        expected = [m for m in leading if reference_laizi._beats(m, prev)]
        if direct:
            assert reference_laizi.legal_moves(hand, prev, rules=rules, wild=wild) == expected
        assert fields(native.legal_moves(hand, prev, rules=rules, wild=wild)) == \
            fields(expected), (hand, wild, prev)
        pools.note(prev)
    if classified and leading:
        move = rng.choice(leading)
        assert fields(native.classify(move.counts, rules=rules, wild=wild)) == \
            fields(reference_laizi.classify(move.counts, rules=rules, wild=wild)), (move, wild)
        if prevs:
            assert native.beats(move, prevs[0], rules=rules, wild=wild) is \
                reference_laizi.beats(move, prevs[0], rules=rules, wild=wild), (move, prevs[0])
    pools.add(wild, leading)


def run(seed: int, wilds: int, plan: Plan, rules: object = None) -> Pools:
    """Native == reference on the random hands of ``plan``, each under its own random
    ``wilds`` wild ranks, under ``rules`` (the preset of that many wild ranks by default);
    the pools say which kinds of moves to beat were answered."""
    rng = random.Random(seed)
    pools = Pools(rng)
    rules = RULES[wilds] if rules is None else rules
    for i, (size, style) in enumerate(hands_of(rng, plan)):
        wild = tuple(sorted(rng.sample(range(TWO + 1), wilds)))
        check_hand(deal(rng, wild, size, style), rules, wild, pools, direct=i % 50 == 0,
                   classified=i % 8 == 0)
    return pools


#: The kinds every big run must have answered: every type, each bomb class, soft bombs of
#: several sizes, and every type with wilds read in its main part (a laizi word).
MUST_ANSWER = [("solo", 1), ("pair", 1), ("trio", 1), ("trio_solo", 1), ("trio_pair", 1),
               ("chain", 5), ("pair_chain", 3), ("airplane", 2), ("airplane_solo", 2),
               ("airplane_pair", 2), ("four_two_solo", 1), ("four_two_pair", 1), ("rocket", 1),
               ("bomb", 4, "hard"), ("bomb", 4, "laizi"), ("bomb", 4, "soft"),
               ("bomb", 5, "soft"), ("bomb", 6, "soft"), ("bomb", 7, "soft")] + \
    [("laizi word", kind) for kind in ("pair", "trio", "trio_solo", "trio_pair", "chain",
                                       "pair_chain", "airplane", "airplane_solo",
                                       "airplane_pair", "four_two_solo", "four_two_pair",
                                       "bomb")]
