"""The action space with wild cards as *blocks* of real counts, counted and never listed.

The action space of a rule set with wild cards (docs/RULES.md, "Variants" > "Laizi") is every
move of a full deck under the wild ranks, in canonical order. It falls into *blocks*: the
moves of one type, chain length, number of cards and key, consecutive in that order. Inside a
block the moves differ only in their real cards, read rank by rank (3 first): a block is a
small automaton over those counts, each rank allowing a number of real cards (its *cap*: the
main part's natural cards, the wild ranks' cards, the kickers' natural cards), the moves being
the count vectors that use exactly the block's number of cards and keep the kickers' limits.

Why the automaton is exactly the block (see :func:`ddz_fast.reference.laizi.all_moves`): a
move of a main type is a choice of natural main cards, a kicker set and a way to take the
wilds the two need from the wild ranks, and those three sit on disjoint ranks (main ranks that
are not wild, other ranks that are not wild, wild ranks), so a move's real counts give each
back. The wilds needed are the cards the main part and kickers miss, so "the block's number
of cards" is the one condition that ties the three together. Kickers keep their limits rank
by rank (the caps), plus three that span ranks: at most the kicker cards of the type, both
jokers only where ``rocket_in_kickers`` allows it, and for pair kickers at most as many
natural ranks as pairs (a natural card of a rank is a pair or half of one, completed by a
wild; the other wilds pair up as ranks no card reads as, which one deck always has).

This module knows counts and words only: :mod:`ddz_fast.laizi_ids` turns blocks into action
ids and Moves, and ``Move.from_word`` checks a word read with wild cards with
:func:`readings`.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from . import bitboard
from .cards import BLACK_JOKER, NUM_RANKS, RED_JOKER, Counts
from .rules import WIDEST_LAIZI, Rules
from .shapes import CHAIN_RANKS, MAIN_SHAPES, SUITED_RANKS, TYPE_CODES

__all__ = ["space", "space_size", "readings"]


#: A block's name: (type code, chain length, number of cards, key), its place in the order.
BlockName = Tuple[int, int, int, int]
#: The walk's state after some ranks, packed in an int (the tables keep tens of thousands of
#: them): bits 0-4 the cards (at most 20), 5-8 the natural kicker cards, 9-12 the natural
#: kicker ranks, 13 whether the black joker is a kicker.
State = int

_START: State = 0
_KICKER_CARD, _KICKER_RANK, _BLACK = 1 << 5, 1 << 9, 1 << 13
#: A memo key is the position above the state's bits.
_POS = 1 << 14
_SOFT, _HARD, _LAIZI = (bitboard.BOMB_CLASSES.index(name) for name in ("soft", "hard", "laizi"))
_PAIR_KICKERS = {"trio_pair": 1, "airplane_pair": 0, "four_two_pair": 2}   # 0: the length
_SOLO_KICKERS = ("trio_solo", "airplane_solo", "four_two_solo")


class _Block:
    """The moves of one type, length, number of cards and key, as an automaton over the real
    counts of the ranks that may hold cards (:attr:`ranks`, low to high)."""

    __slots__ = ("kind", "key", "length", "cards", "copies", "ranks", "others", "caps",
                 "kickers", "kicker_cards", "pairs", "no_rocket", "_room", "_memo", "size")

    def __init__(self, kind: str, key: int, length: int, cards: int, copies: int,
                 caps: Sequence[int], kickers: Sequence[bool], kicker_cards: int = 0,
                 pairs: int = 0, no_rocket: bool = False) -> None:
        self.kind, self.key, self.length, self.cards, self.copies = \
            kind, key, length, cards, copies
        self.ranks = tuple(rank for rank in range(NUM_RANKS) if caps[rank])
        self.others = tuple(rank for rank in range(NUM_RANKS) if not caps[rank])
        self.caps = tuple(caps[rank] for rank in self.ranks)
        self.kickers = tuple(kickers[rank] for rank in self.ranks)
        self.kicker_cards, self.pairs, self.no_rocket = kicker_cards, pairs, no_rocket
        # The most cards the ranks from a position on can add: prunes prefixes that fall short.
        self._room = [sum(self.caps[pos:]) for pos in range(len(self.ranks) + 1)]
        self._memo: Dict[int, int] = {}
        self.size = self.completions(0, _START)

    @property
    def name(self) -> BlockName:
        return TYPE_CODES[self.kind], self.length, self.cards, self.key

    def step(self, pos: int, count: int, state: State) -> Optional[State]:
        """The state after ``count`` real cards of the rank at ``pos``; None if no move of the
        block holds them."""
        if (state & 31) + count > self.cards:
            return None
        state += count
        if count and self.kickers[pos]:
            if (state >> 5 & 15) + count > self.kicker_cards or \
                    (self.pairs and (state >> 9 & 15) + 1 > self.pairs):
                return None
            state += count * _KICKER_CARD + _KICKER_RANK
            rank = self.ranks[pos]
            if rank == BLACK_JOKER:
                state |= _BLACK
            elif rank == RED_JOKER and state & _BLACK and self.no_rocket:
                return None
        return state

    def completions(self, pos: int, state: State) -> int:
        """How many moves of the block continue the counts that led to ``state``."""
        found = self._memo.get(pos * _POS + state)
        if found is None:
            if (state & 31) + self._room[pos] < self.cards:
                found = 0
            elif pos == len(self.ranks):
                found = 1           # every card placed (the room check saw to the number)
            else:
                found = 0
                for count in range(self.caps[pos] + 1):
                    after = self.step(pos, count, state)
                    if after is not None:
                        found += self.completions(pos + 1, after)
            self._memo[pos * _POS + state] = found
        return found

    def rank(self, counts: Counts) -> Optional[int]:
        """The index of the move with real counts ``counts`` in the block, or None when no
        move of the block has them."""
        if any(counts[rank] for rank in self.others):
            return None
        index, state = 0, _START
        for pos, rank in enumerate(self.ranks):
            target = counts[rank]
            if target > self.caps[pos]:
                return None
            for count in range(target + 1, self.caps[pos] + 1):   # more cards sort first
                after = self.step(pos, count, state)
                if after is not None:
                    index += self.completions(pos + 1, after)
            after = self.step(pos, target, state)
            if after is None:
                return None
            state = after
        return index if state & 31 == self.cards else None

    def counts_at(self, index: int) -> Counts:
        """The real counts of the move at ``index`` (0 <= index < size) in the block."""
        counts = [0] * NUM_RANKS
        state = _START
        for pos, rank in enumerate(self.ranks):
            for count in range(self.caps[pos], -1, -1):
                after = self.step(pos, count, state)
                if after is None:
                    continue
                below = self.completions(pos + 1, after)
                if index < below:
                    counts[rank], state = count, after
                    break
                index -= below
        return tuple(counts)

    def reading(self, counts: Counts, wild: Tuple[int, ...]) -> Tuple[int, int]:
        """(cards read as each main rank, bomb class code) of the block's move with real
        counts ``counts``: what its word packs beside the counts (:mod:`ddz_fast.bitboard`)."""
        if self.kind == "bomb":
            return self.cards, _bomb_class(self.key, counts, wild)
        return self.copies, 0


def _bomb_class(key: int, counts: Counts, wild: Tuple[int, ...]) -> int:
    """docs/RULES.md, "Laizi": hard is four natural cards of a rank that is not wild, laizi
    the four cards of a wild rank read as it, soft every other bomb."""
    if sum(counts) == 4 and counts[key] == 4:
        return _LAIZI if key in wild else _HARD
    return _SOFT


# --- the blocks of a rule set and its wild ranks -----------------------------------------------

def _solo_blocks() -> List[_Block]:
    """A card played alone is its own rank, a wild one too: one move a rank."""
    blocks = []
    for rank in range(NUM_RANKS):
        caps = [1 if other == rank else 0 for other in range(NUM_RANKS)]
        blocks.append(_Block("solo", rank, 1, 1, 1, caps, [False] * NUM_RANKS))
    return blocks


def _main_blocks(kind: str, rules: Rules, wild: Tuple[int, ...]) -> List[_Block]:
    """The blocks of a type with a main part (and perhaps kickers), by length and key."""
    _, lengths, ranks = MAIN_SHAPES[kind]
    return [_main_block(kind, key, length, rules, wild) for length in lengths for key in ranks
            if key + length - 1 in ranks]


def _main_block(kind: str, key: int, length: int, rules: Rules,
                wild: Tuple[int, ...]) -> _Block:
    """The block of a type with a main part of ``length`` ranks from ``key``."""
    copies = MAIN_SHAPES[kind][0]
    main = range(key, key + length)
    caps, kickers = [0] * NUM_RANKS, [False] * NUM_RANKS
    for rank in main:
        caps[rank] = copies
    extra, pairs = _kicker_caps(kind, main, rules, caps, kickers, wild)
    for rank in wild:
        caps[rank] = 4      # a wild rank's cards sit in the main part or the kickers
    return _Block(kind, key, length, copies * length + extra, copies, caps, kickers, extra,
                  pairs, kind in _SOLO_KICKERS and not rules.rocket_in_kickers)


def _kicker_caps(kind: str, main: range, rules: Rules, caps: List[int], kickers: List[bool],
                 wild: Tuple[int, ...]) -> Tuple[int, int]:
    """Fill the caps of the natural kicker cards of ``kind`` around ``main`` (the ranks that
    are neither main nor wild); returns (kicker cards, pairs: 0 for solo kickers)."""
    length = len(main)
    if kind in _PAIR_KICKERS:
        pairs = _PAIR_KICKERS[kind] or length
        most, ranks, extra = 2, SUITED_RANKS, 2 * pairs      # pairs are of 3..2
    elif kind in _SOLO_KICKERS:
        pairs, ranks = 0, range(NUM_RANKS)
        most, extra = {"trio_solo": (1, 1), "airplane_solo": (rules.solo_wing_max_copies, length),
                       "four_two_solo": (rules.four_two_solo_max_copies, 2)}[kind]
    else:
        return 0, 0
    for rank in ranks:
        if rank not in main and rank not in wild:
            caps[rank] = min(most, 1 if rank in (BLACK_JOKER, RED_JOKER) else 4)
            kickers[rank] = True
    if kind == "airplane_solo" and not rules.trio_wing_next_to_chain:
        for rank in (main.start - 1, main.stop):        # no wing trio next to the chain
            if rank in CHAIN_RANKS and kickers[rank]:
                caps[rank] = min(caps[rank], 2)
    return extra, pairs


def _bomb_blocks(wild: Tuple[int, ...]) -> List[_Block]:
    """Bombs of 4..12 cards read as one rank: at most four natural cards, the rest wilds."""
    return [_bomb_block(key, cards, wild) for key in SUITED_RANKS
            for cards in range(4, 4 * len(set(wild) | {key}) + 1)]


def _bomb_block(key: int, cards: int, wild: Tuple[int, ...]) -> _Block:
    caps = [0] * NUM_RANKS
    caps[key] = 4
    for rank in wild:
        caps[rank] = 4
    return _Block("bomb", key, 1, cards, cards, caps, [False] * NUM_RANKS)


def _rocket_block() -> _Block:
    caps = [1 if rank in (BLACK_JOKER, RED_JOKER) else 0 for rank in range(NUM_RANKS)]
    return _Block("rocket", BLACK_JOKER, 1, 2, 1, caps, [False] * NUM_RANKS)


def _type_allowed(kind: str, rules: Rules) -> bool:
    if kind in ("solo", "bomb", "space_shuttle"):
        return False            # solos and bombs have blocks of their own; no shuttle here
    return rules.four_two or kind not in ("four_two_solo", "four_two_pair")


class _Space:
    """The blocks of a rule set and its wild ranks in canonical order, where each starts."""

    def __init__(self, rules: Rules, wild: Tuple[int, ...]) -> None:
        blocks = _solo_blocks() + _bomb_blocks(wild) + [_rocket_block()]
        for kind in MAIN_SHAPES:
            if _type_allowed(kind, rules):
                blocks.extend(_main_blocks(kind, rules, wild))
        self.wild = wild
        self.blocks = sorted((block for block in blocks if block.size),
                             key=lambda block: block.name)
        self.by_name = {block.name: block for block in self.blocks}
        self.starts: List[int] = []
        total = 0
        for block in self.blocks:
            self.starts.append(total)
            total += block.size
        self.start_of = {block.name: start for block, start in zip(self.blocks, self.starts)}
        self.size = total


@lru_cache(maxsize=16)
def space(rules: Rules, wild: Tuple[int, ...]) -> _Space:
    """The block table of checked rules and wild ranks, built on first use (about a tenth of
    a second) and kept for the last 16 used (4 to 6 MB each): the 13 single wild ranks of a
    preset fit, and two wild ranks change once a hand."""
    return _Space(rules, wild)


def space_size(rules: Rules, wild: Tuple[int, ...]) -> int:
    """The number of moves in the action space (counted block by block)."""
    return space(rules, wild).size


# --- which wild ranks read a word's cards as its move ----------------------------------------

#: The widest move options with one wild rank and with two (a move of one rule set is a move of
#: these): what a move word read with wild cards is checked against.
_WIDEST = {1: WIDEST_LAIZI.replace(laizi=1), 2: WIDEST_LAIZI}


def readings(kind: str, key: int, length: int, counts: Counts
             ) -> Iterator[Tuple[Tuple[int, ...], int, int]]:
    """Every (wild ranks, cards read as each main rank, bomb class code) under which the real
    cards ``counts`` are a move ``kind`` of that key and length with the widest move options:
    one wild rank or two, among the ranks the cards hold (a wild rank they lack stands for
    nothing). What a move word read with wild cards must be one of."""
    present = [rank for rank in SUITED_RANKS if counts[rank]]
    contexts = [(rank,) for rank in present] + list(combinations(present, 2))
    for wild in contexts:
        block = _block_of(kind, key, length, sum(counts), wild)
        if block is not None and block.rank(counts) is not None:
            copies, class_code = block.reading(counts, wild)
            yield wild, copies, class_code


@lru_cache(maxsize=4096)
def _block_of(kind: str, key: int, length: int, cards: int,
              wild: Tuple[int, ...]) -> Optional[_Block]:
    """The block of a move's type, key, length and cards under the widest options and
    ``wild`` (None where the space has no such block)."""
    rules = _WIDEST[len(wild)]
    if kind == "bomb":
        return _bomb_block(key, cards, wild) if key in SUITED_RANKS and length == 1 else None
    if kind not in MAIN_SHAPES or not _type_allowed(kind, rules):
        return None         # solos and the rocket are never read with wild cards
    _, lengths, ranks = MAIN_SHAPES[kind]
    if length not in lengths or key not in ranks or key + length - 1 not in ranks:
        return None
    block = _main_block(kind, key, length, rules, wild)
    return block if block.cards == cards else None
