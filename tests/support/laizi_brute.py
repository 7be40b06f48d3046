"""An independent brute force of the moves with wild cards, from docs/RULES.md alone.

It shares no code with the library: it lists every *reading* (a legal combination of the rank
counts the cards stand for, docs/RULES.md, "Combinations", with bombs of 4..12 cards read as
one rank), then every way real cards can stand for it: a card read as a rank that is not wild
is that natural card or a wild card; a card read as a wild rank is a wild card (all cards of a
wild rank are wild); a joker is itself; a solo is its own card. A move is (type, key, length,
real counts); the set of all of them is the action space. This is the opposite direction of
the library's generator, which builds moves from a hand's natural cards and wilds.

Moves are tuples ``(type, key, length, counts)``; a bomb's class follows from that and the
wild ranks (:func:`bomb_class`).
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from itertools import combinations, combinations_with_replacement
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

RANKS = 15
SUITED = range(13)          # 3..2
CHAIN = range(12)           # 3..A
B, R = 13, 14
Identity = Tuple[str, int, int, Tuple[int, ...]]


def _counts(ranks: Sequence[int]) -> List[int]:
    out = [0] * RANKS
    for rank in ranks:
        out[rank] += 1
    return out


def _wing_ok(wings: Sequence[int], main: range, opts: Dict) -> bool:
    """Solo wings of an airplane: none of a chain rank, repeats, jokers, trios next door."""
    if any(wings[r] for r in main):
        return False
    if any(c > opts["solo_wing_max_copies"] for c in wings[:13]) or wings[B] > 1 or wings[R] > 1:
        return False
    if wings[B] and wings[R] and not opts["rocket_in_kickers"]:
        return False
    if not opts["trio_wing_next_to_chain"]:
        for r in (main.start - 1, main.stop):
            if 0 <= r <= 11 and wings[r] >= 3:
                return False
    return True


def readings(opts: Dict, max_bomb: int, max_cards: int = 20,
             kinds: Optional[Sequence[str]] = None
             ) -> Iterator[Tuple[str, int, int, List[int]]]:
    """(type, key, length, reading counts) of every legal combination of at most
    ``max_cards`` cards, bombs of 4..max_bomb cards (solos excluded: see :func:`moves`); of
    the types ``kinds`` only when given (the others are not enumerated at all)."""
    def want(kind: str) -> bool:
        return kinds is None or kind in kinds

    def main(key: int, length: int, copies: int) -> List[int]:
        out = [0] * RANKS
        for r in range(key, key + length):
            out[r] = copies
        return out

    def add(a: List[int], b: Sequence[int]) -> List[int]:
        return [x + y for x, y in zip(a, b)]

    for k in SUITED:
        yield "pair", k, 1, main(k, 1, 2)
        yield "trio", k, 1, main(k, 1, 3)
        for kicker in range(RANKS if want("trio_solo") else 0):
            if kicker != k:
                yield "trio_solo", k, 1, add(main(k, 1, 3), _counts([kicker]))
        for p in (SUITED if want("trio_pair") else ()):
            if p != k:
                yield "trio_pair", k, 1, add(main(k, 1, 3), _counts([p, p]))
        for size in range(4, max_bomb + 1):
            yield "bomb", k, 1, main(k, 1, size)
        if opts["four_two"]:
            for a, b in (combinations_with_replacement(range(RANKS), 2)
                         if want("four_two_solo") else ()):
                kick = _counts([a, b])
                if k in (a, b) or kick[B] > 1 or kick[R] > 1:
                    continue
                if a == b and opts["four_two_solo_max_copies"] < 2:
                    continue
                if kick[B] and kick[R] and not opts["rocket_in_kickers"]:
                    continue
                yield "four_two_solo", k, 1, add(main(k, 1, 4), kick)
            for a, b in combinations(SUITED, 2) if want("four_two_pair") else ():
                if k not in (a, b):
                    yield "four_two_pair", k, 1, add(main(k, 1, 4), _counts([a, a, b, b]))
    for kind, copies, lengths in (("chain", 1, range(5, 13)), ("pair_chain", 2, range(3, 11)),
                                  ("airplane", 3, range(2, 7))):
        for n in lengths:
            for k in range(0, 12 - n + 1):
                if n * copies <= max_cards:
                    yield kind, k, n, main(k, n, copies)
    for n in range(2, 6):
        for k in range(0, 12 - n + 1):
            chain = range(k, k + n)
            if 4 * n <= max_cards and want("airplane_solo"):
                outside = [r for r in range(RANKS) if r not in chain]   # no wing of a chain rank
                for wing_ranks in combinations_with_replacement(outside, n):
                    wings = _counts(wing_ranks)
                    if _wing_ok(wings, chain, opts):
                        yield "airplane_solo", k, n, add(main(k, n, 3), wings)
            if n <= 4 and 5 * n <= max_cards and want("airplane_pair"):
                for pair_ranks in combinations([r for r in SUITED if r not in chain], n):
                    yield "airplane_pair", k, n, add(main(k, n, 3), _counts(pair_ranks * 2))


def _real_cards(reading: Sequence[int], wild: Sequence[int], budget: int
                ) -> List[Tuple[List[int], int]]:
    """(natural counts, wild cards used) of every way real cards stand for ``reading``.

    The lists returned may be shared between entries: copy one before changing it."""
    naturals = list(reading)    # a joker is only itself: its count stays
    used = 0
    free: List[Tuple[int, int]] = []        # (rank, count) of the ranks with a choice
    for rank in range(RANKS):
        need = reading[rank]
        if need == 0 or rank in (B, R):
            continue
        if rank in wild:
            naturals[rank] = 0                  # every card of a wild rank is wild
            used += need
        else:
            free.append((rank, need))           # natural cards, wilds for the rest
    if used > budget:
        return []
    # Rank by rank, every choice of natural cards 0..min(need, 4) with the other need - natural
    # wild, within the budget (all natural: the list as it is).
    found: List[Tuple[List[int], int]] = [(naturals, used)]
    for rank, need in free:
        extended = []
        most = min(need, 4)
        for counts, spent in found:
            fewest = need - budget + spent
            for natural in range(fewest if fewest > 0 else 0, most + 1):
                if natural == need:
                    extended.append((counts, spent))
                else:
                    grown = counts.copy()
                    grown[rank] = natural
                    extended.append((grown, spent + need - natural))
        found = extended
    return found


def _wild_splits(total: int, wild: Sequence[int]) -> Iterator[List[int]]:
    """Every way to take ``total`` wild cards from the wild ranks, four cards each."""
    if len(wild) == 1:
        if total <= 4:
            yield [total]
        return
    for first in range(0, min(total, 4) + 1):
        if total - first <= 4:
            yield [first, total - first]


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a few hundred thousand tuples are built (it would
    walk them over and over, a third of the time, and finds no cycle in them)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def moves(opts: Dict, wild: Sequence[int], max_cards: int = 20,
          kinds: Optional[Sequence[str]] = None) -> Set[Identity]:
    """Every move (type, key, length, real counts) of a full deck under ``wild``: of at most
    ``max_cards`` cards, and of the types ``kinds`` when given."""
    with gc_paused():
        return _moves(opts, wild, max_cards, kinds)


def _moves(opts: Dict, wild: Sequence[int], max_cards: int,
           kinds: Optional[Sequence[str]]) -> Set[Identity]:
    budget = 4 * len(wild)
    splits = [list(_wild_splits(used, wild)) for used in range(budget + 1)]
    found: Set[Identity] = set()
    if kinds is None or "solo" in kinds:
        for rank in range(RANKS):          # a card played alone is its own rank, wild or not
            found.add(("solo", rank, 1, tuple(_counts([rank]))))
    if kinds is None or "rocket" in kinds:
        found.add(("rocket", B, 1, tuple(_counts([B, R]))))
    for kind, key, length, reading in readings(opts, 4 + budget, max_cards, kinds):
        if sum(reading) > max_cards or (kinds is not None and kind not in kinds):
            continue
        for naturals, used in _real_cards(reading, wild, budget):
            for split in splits[used]:
                # no natural card of a wild rank: its count is the wilds it gives (the list
                # may be shared, but its wild ranks are only ever written here, just before)
                for rank, count in zip(wild, split):
                    naturals[rank] = count
                found.add((kind, key, length, tuple(naturals)))
    return found


def bomb_class(identity: Identity, wild: Sequence[int]) -> Optional[str]:
    """The class of a bomb (docs/RULES.md, "Laizi"), None for any other move."""
    kind, key, _, real = identity
    if kind != "bomb":
        return None
    if sum(real) == 4 and real[key] == 4:
        return "laizi" if key in wild else "hard"
    return "soft"


def beats(move: Identity, prev: Identity, wild: Sequence[int]) -> bool:
    """docs/RULES.md, "Beating a move" and "Laizi", on identities."""
    order = {"soft": 0, "hard": 1, "laizi": 2}
    if move[0] == "rocket":
        return prev[0] != "rocket"
    if move[0] == "bomb":
        if prev[0] == "rocket":
            return False
        if prev[0] != "bomb":
            return True
        return ((sum(move[3]), order[bomb_class(move, wild)], move[1])
                > (sum(prev[3]), order[bomb_class(prev, wild)], prev[1]))
    return (move[0] == prev[0] and move[2] == prev[2] and sum(move[3]) == sum(prev[3])
            and move[1] > prev[1])


def option_dict(rules) -> Dict:
    """The move options of a Rules object as the plain dict this module reads."""
    return {name: getattr(rules, name) for name in (
        "solo_wing_max_copies", "trio_wing_next_to_chain", "rocket_in_kickers", "four_two",
        "four_two_solo_max_copies")}
