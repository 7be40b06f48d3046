"""Random two-deck hands and the reference's moves for them, as plain words.

The reference makes a case of a 33-card hand of two decks in about 7 ms and of a 25-card
hand in about 2 ms (its moves leading and the answers to two moves): the 10,000 hands the
native generator is checked on in the slow step (tests/variants/four_player/test_moves.py; 500
in the default run) take about 35 s of CPU.
"""
from __future__ import annotations

import random
from math import comb
from typing import Dict, List, Tuple

from ddz_fast.reference import moves as reference
from ddz_fast.cards import TWO_DECKS
from ddz_fast.rules import Rules

__all__ = ["random_counts", "reference_case", "per_type_counts"]

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


def per_type_counts(rules: Rules) -> Dict[str, int]:
    """Every move type's count in the action space of two decks, by the rule text.

    Ranks: 13 suited ranks 3..2 and the two jokers; chains run over the 12 ranks 3..A, so a
    chain of n ranks has 13 - n keys. Kickers and wings are never of a main rank: a trio or
    four leaves 14 other ranks (12 suited, B, R), a chain of n trios 15 - n. With
    ``solo_wing_max_copies = 1`` and ``four_two_solo_max_copies = 1`` solo wings and kickers
    are distinct ranks; pair wings and kickers are always distinct ranks, and BB and RR are
    pairs. Without ``rocket_in_kickers`` a wing or kicker set may not hold both jokers: the
    sets that hold them both (as solos or as pairs) are the sets of the other n - 2 ranks
    among the remaining 13 - n.
    """
    both_jokers_allowed = rules.rocket_in_kickers

    def wing_sets(n: int) -> int:       # n distinct wing ranks among 15 - n
        total = comb(15 - n, n)
        return total if both_jokers_allowed else total - comb(13 - n, n - 2)

    def kicker_pairs() -> int:          # two distinct kicker ranks among 14
        return comb(14, 2) if both_jokers_allowed else comb(14, 2) - 1

    return {
        "solo": 15,                                        # any rank
        "pair": 13 + 2,                                    # 33 .. 22, BB, RR
        "trio": 13,                                        # 333 .. 222
        "trio_solo": 13 * 14,                              # trio rank x another rank
        "trio_pair": 13 * 14,                              # trio rank x another pair (BB, RR)
        "chain": sum(13 - n for n in range(5, 13)),        # 8 + 7 + ... + 1 = 36
        "pair_chain": sum(13 - n for n in range(3, 13)),   # 10 + ... + 1 = 55
        "airplane": sum(13 - n for n in range(2, 12)),     # 11 + ... + 2 = 65 (33 cards)
        # n = 2..8 trios (4n <= 33) with n solo wings of distinct other ranks: 858 + 2,200 +
        # 2,970 + 2,016 + 588 + 48 + 0 (eight wings among seven ranks) = 8,680
        "airplane_solo": sum((13 - n) * wing_sets(n) for n in range(2, 9)),
        # n = 2..6 trios (5n <= 33) with n pairs of distinct other ranks (13 - n suited, BB,
        # RR): the same ranks to choose from as solo wings, so 858 + ... + 588 = 8,632
        "airplane_pair": sum((13 - n) * wing_sets(n) for n in range(2, 7)),
        "four_two_solo": 13 * kicker_pairs(),              # 13 x C(14, 2) = 1,183
        "four_two_pair": 13 * kicker_pairs(),              # the same ranks, as pairs
        "bomb": 13 * 5,                                    # 4, 5, 6, 7 or 8 of a rank
        "rocket": 1,                                       # BBRR
    }
