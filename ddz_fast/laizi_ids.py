"""Action ids of the laizi action space, by counting its moves instead of listing them.

The action space of a rule set with wild cards (docs/RULES.md, "Variants" > "Laizi") is every
move of a full deck under the wild ranks, in canonical order: type, chain length, number of
cards, key, then the real cards with more of the lowest rank first (see
:mod:`ddz_fast.reference.laizi`). One wild rank makes half a million moves or more, two make
millions: listing them takes seconds to minutes. Here a move's id is computed from its place
in that order, as a rank in a set of words:

* The space falls into *blocks*: the moves of one type, chain length, number of cards and key,
  which are consecutive in the canonical order. A block is counted, never listed, so the
  block table of a rule set and its wild ranks is a few hundred counts.
* Inside a block the moves differ only in their real cards, read rank by rank (3 first). A
  block is a small automaton over those counts: each rank allows a number of real cards (its
  *cap*: the main part's natural cards, the wild ranks' cards, the kickers' natural cards) and
  the moves are the count vectors that use exactly the block's number of cards and keep the
  kickers' limits. The number of completions of every prefix is counted once and kept, so
  the rank of a move (the moves of its block with more of the first rank where they differ)
  and the move of a rank are one walk over the 15 ranks.

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

The functions here take checked rules and wild ranks;
:func:`ddz_fast.reference.laizi.action_id` and :func:`~ddz_fast.reference.laizi.action_move`
check the caller's and are the public API.
"""
from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

from . import bitboard
from ._checks import check_action_id
from .cards import BLACK_JOKER, NUM_RANKS, RANK_NAMES, RED_JOKER, Counts, fits_one_deck
from .move import TYPE_CODES, Move
from .rules import Rules
from .shapes import CHAIN_RANKS, MAIN_SHAPES, SUITED_RANKS

__all__ = ["action_id", "action_move", "action_ids", "space_size"]

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

    def move(self, counts: Counts, wild: Tuple[int, ...]) -> Move:
        """The move of the block with real counts ``counts`` (built as the generator does)."""
        if self.kind == "solo":
            return Move._trusted("solo", self.key, 1, counts)
        if self.kind == "rocket":
            return Move._trusted("rocket", BLACK_JOKER, 1, counts)
        if self.kind == "bomb":
            return Move._trusted_read("bomb", self.key, 1, counts, self.cards,
                                      _bomb_class(self.key, counts, wild))
        return Move._trusted_read(self.kind, self.key, self.length, counts, self.copies)


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
    copies, lengths, ranks = MAIN_SHAPES[kind]
    blocks = []
    for length in lengths:
        for key in ranks:
            main = range(key, key + length)
            if main[-1] not in ranks:
                continue
            caps, kickers = [0] * NUM_RANKS, [False] * NUM_RANKS
            for rank in main:
                caps[rank] = copies
            extra, pairs = _kicker_caps(kind, main, rules, caps, kickers, wild)
            for rank in wild:
                caps[rank] = 4      # a wild rank's cards sit in the main part or the kickers
            blocks.append(_Block(kind, key, length, copies * length + extra, copies, caps,
                                 kickers, extra, pairs,
                                 kind in _SOLO_KICKERS and not rules.rocket_in_kickers))
    return blocks


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
    blocks = []
    for key in SUITED_RANKS:
        caps = [0] * NUM_RANKS
        caps[key] = 4
        for rank in wild:
            caps[rank] = 4
        for cards in range(4, sum(caps) + 1):
            blocks.append(_Block("bomb", key, 1, cards, cards, caps, [False] * NUM_RANKS))
    return blocks


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
def _space(rules: Rules, wild: Tuple[int, ...]) -> _Space:
    """The block table of checked rules and wild ranks, built on first use (about a tenth of
    a second) and kept for the last 16 used (4 to 6 MB each): the 13 single wild ranks of a
    preset fit, and two wild ranks change once a hand."""
    return _Space(rules, wild)


# --- the public functions (on checked rules and wild ranks) ------------------------------------

def space_size(rules: Rules, wild: Tuple[int, ...]) -> int:
    """The number of moves in the action space (counted block by block)."""
    return _space(rules, wild).size


def _not_in_space(move: Move, rules: Rules, wild: Tuple[int, ...]) -> ValueError:
    return ValueError(f"{move!r} is not in the action space of {rules!r} with wild "
                      f"{''.join(RANK_NAMES[rank] for rank in wild)}")


def action_id(move: Move, rules: Rules, wild: Tuple[int, ...]) -> int:
    """The index of ``move`` in the canonical action space of ``rules`` and ``wild``
    (ValueError naming it when it is not there, TypeError when it is no Move)."""
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    space = _space(rules, wild)
    counts = move.counts
    name = (TYPE_CODES[move.type], move.length, sum(counts), move.key)
    block = space.by_name.get(name)
    index = block.rank(counts) if block is not None and fits_one_deck(counts) else None
    # The block and counts name one move of the space; the move must be that very move (its
    # word holds its reading and bomb class, which the counts alone do not check).
    if index is None or block.move(counts, wild) != move:
        raise _not_in_space(move, rules, wild)
    return space.start_of[name] + index


def action_ids(moves: Sequence[Move], rules: Rules, wild: Tuple[int, ...]) -> List[int]:
    """The ids of moves known to be in the space (the generator's own moves): the ranks
    alone, without building each move again to compare it."""
    space = _space(rules, wild)
    ids = []
    for move in moves:
        counts = move.counts
        name = (TYPE_CODES[move.type], move.length, sum(counts), move.key)
        index = space.by_name[name].rank(counts)
        if index is None:           # pragma: no cover - the generator's moves are all here
            raise _not_in_space(move, rules, wild)
        ids.append(space.start_of[name] + index)
    return ids


def action_move(action_id: object, rules: Rules, wild: Tuple[int, ...]) -> Move:
    """The move of an action id: the inverse of :func:`action_id`."""
    space = _space(rules, wild)
    index = check_action_id(action_id, space.size)
    at = bisect_right(space.starts, index) - 1
    block = space.blocks[at]
    return block.move(block.counts_at(index - space.starts[at]), wild)
