"""The specification of uniform determinizations: every split of the unseen cards, weighted.

Read straight off docs/RULES.md ("Imperfect information"), independently of the native
sampler's reduction to ranges (:func:`ddz_fast.search.infoset.split_spec`): for each hidden seat A
(the first after the player) and every way of giving A ``c_r`` of the ``u_r`` unseen cards of
each rank (B gets the rest), keep the split when both hands have their public sizes, the
landlord's hidden hand holds its ``k_r`` kitty cards, every constraint holds and, under the
``deal_bonuses`` option, each hidden seat's hand as dealt (its cards now and those it played,
without the kitty for the landlord) has exactly the bonuses it announced; its weight is
the number of ways to deal the physical cards once the kitty cards are placed,
``prod_r C(u_r - k_r, landlord-free share)``. Sampling draws a split with probability
proportional to its weight, with Python's :class:`random.Random`.

Enumeration is exponential in the number of ranks unseen: it is meant for small information
sets (late in a hand), and stops with ValueError past :data:`MAX_SPLITS` splits.
"""
from __future__ import annotations

import bisect
import random
from math import comb
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

import numpy as np

from ..actions import DealBonus
from ..cards import FULL_DECK, NUM_RANKS, Counts, rank_index
from ..validate import check_int, check_seed64

__all__ = ["enumerate_splits", "deal_count", "sample_reference", "MAX_SPLITS"]

#: The most splits :func:`enumerate_splits` lists before giving up.
MAX_SPLITS = 200_000
#: (hand words of seats 0, 1, 2; weight)
Split = Tuple[Tuple[int, int, int], int]
#: ``{seat: {rank: count or (low, high)}}`` (:data:`ddz_fast.search.infoset.Constraints`).
Constraints = Mapping[int, Mapping[Union[int, str], Union[int, Tuple[int, int]]]]


def enumerate_splits(info: Any, constraints: Optional[Constraints] = None) -> List[Split]:
    """Every split of the unseen cards consistent with ``info`` (an
    :class:`~ddz_fast.search.infoset.InformationSet`) and ``constraints``, with its weight
    (> 0), in a fixed order."""
    if info.landlord is None:
        raise ValueError("determinizations need the landlord known")
    bounds = _bounds(constraints)
    seat_a, seat_b = info.hidden_seats
    splits: List[Split] = []
    for counts_a in _shares(info.unseen, info.card_counts[seat_a]):
        counts_b = tuple(u - a for u, a in zip(info.unseen, counts_a))
        hands = {info.player: info.hand.counts, seat_a: counts_a, seat_b: counts_b}
        if not all(_within(hands[seat], low, high) for seat, (low, high) in bounds.items()):
            continue
        if not _announced_bonuses_fit(info, hands):
            continue
        weight = _weight(info, hands)
        if weight:
            splits.append((tuple(_word(hands[s]) for s in range(3)), weight))
    return splits


def _bounds(constraints: Optional[Constraints]) -> Dict[int, Tuple[Counts, Counts]]:
    """The constraints, read as written: per constrained seat, the lowest and highest count of
    every rank (a rank given as an index or a letter, its count exactly or as a range)."""
    bounds = {}
    for seat, per_rank in (constraints or {}).items():
        low, high = [0] * NUM_RANKS, list(FULL_DECK)
        for key, value in per_rank.items():
            rank = rank_index(key.strip()) if isinstance(key, str) else int(key)
            low[rank], high[rank] = (value, value) if isinstance(value, int) else value
        bounds[int(seat)] = (tuple(low), tuple(high))
    return bounds


def _shares(unseen: Tuple[int, ...], size: int) -> List[Tuple[int, ...]]:
    """Every count vector of ``size`` cards taken from ``unseen``."""
    found: List[Tuple[int, ...]] = []

    def extend(prefix: Tuple[int, ...], left: int) -> None:
        rank = len(prefix)
        if rank == NUM_RANKS:
            if left == 0:
                found.append(prefix)
            return
        if left > sum(unseen[rank:]):
            return
        for take in range(min(unseen[rank], left) + 1):
            extend(prefix + (take,), left - take)
            if len(found) > MAX_SPLITS:
                raise ValueError(f"more than {MAX_SPLITS} splits: the information set is too "
                                 "large to enumerate")

    extend((), size)
    return found


def _within(counts: Tuple[int, ...], low: Tuple[int, ...], high: Tuple[int, ...]) -> bool:
    return all(lo <= c <= hi for c, lo, hi in zip(counts, low, high))


def _announced_bonuses_fit(info: Any, hands: dict) -> bool:
    """Whether each hidden seat, given ``hands``, was dealt exactly the bonuses it announced
    (always, without the option)."""
    if info.deal_bonuses is None:
        return True
    for seat in info.hidden_seats:
        dealt = [now + played for now, played in zip(hands[seat], info.played[seat].counts)]
        if seat == info.landlord and info.kitty is not None:
            dealt = [have - kitty for have, kitty in zip(dealt, info.kitty.counts)]
        has = set()
        if dealt[13] == 1 and dealt[14] == 1:           # both jokers
            has.add(DealBonus.DOUBLE_KINGS)
        if all(dealt[rank] >= 1 for rank in range(12)):  # every rank 3..A
            has.add(DealBonus.STRAIGHT)
        if has != {bonus for s, bonus in info.deal_bonuses if s == seat}:
            return False
    return True


def _weight(info: Any, hands: dict) -> int:
    """Ways to deal the physical cards of a split: 0 when the landlord lacks a kitty card.

    With the landlord's k_r kitty cards set aside, u_r - k_r physical cards of rank r are dealt
    freely and one hidden hand H (the landlord when it is hidden, else seat A) gets
    H_r - k_r of them, the other hand the rest: C(u_r - k_r, H_r - k_r) ways per rank. When the
    player is the landlord every k_r is 0.
    """
    landlord = info.landlord
    held = hands[landlord] if landlord != info.player else hands[info.hidden_seats[0]]
    weight = 1
    for u, k, h in zip(info.unseen, info.kitty_constraint, held):
        if h < k:
            return 0
        weight *= comb(u - k, h - k)
    return weight


def _word(counts: Tuple[int, ...]) -> int:
    return sum(c << (4 * r) for r, c in enumerate(counts))


def deal_count(info: Any, constraints: Optional[Constraints] = None) -> int:
    """The total weight of the splits: the number of physical deals that fit."""
    return sum(weight for _, weight in enumerate_splits(info, constraints))


def sample_reference(info: Any, n: int, seed: int, *,
                     constraints: Optional[Constraints] = None) -> np.ndarray:
    """``n`` determinizations drawn from the enumeration, as
    :meth:`~ddz_fast.search.infoset.InformationSet.sample` returns them (the same distribution,
    another random stream)."""
    n = check_int("n", n, 0)
    rng = random.Random(check_seed64("seed", seed))
    splits = enumerate_splits(info, constraints)
    if not splits:
        raise ValueError("no deal of the unseen cards meets the constraints")
    cumulative, total = [], 0
    for _, weight in splits:
        total += weight
        cumulative.append(total)
    out = np.empty((n, 3), dtype=np.uint64)
    for i in range(n):
        out[i] = splits[bisect.bisect_right(cumulative, rng.randrange(total))][0]
    return out

