"""Action ids of the action space with wild cards, by counting its moves instead of listing
them (docs/RULES.md, "Variants" > "Laizi").

One wild rank makes half a million moves or more, two make millions: listing them takes
seconds to minutes. A move's id is its place in the canonical order, computed from the blocks
of :mod:`ddz_fast.laizi_space`: the start of its block (type, chain length, number of cards,
key) plus the rank of its real counts inside the block.

The functions here take checked rules and wild ranks; the move API's ``action_id`` and
``action_move`` check the caller's.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import List, Sequence, Tuple

from ._checks import check_action_id, exact_move
from .cards import BLACK_JOKER, RANK_NAMES, Counts, fits_one_deck
from .laizi_space import space, space_size
from .move import TYPE_CODES, Move
from .rules import Rules

__all__ = ["action_id", "action_move", "action_ids", "space_size"]


def _move(block, counts: Counts, wild: Tuple[int, ...]) -> Move:
    """The move of ``block`` with real counts ``counts`` (built as the generator does)."""
    if block.kind in ("solo", "rocket"):
        return Move._trusted(block.kind, BLACK_JOKER if block.kind == "rocket" else block.key,
                             1, counts)
    copies, class_code = block.reading(counts, wild)
    return Move._trusted_read(block.kind, block.key, block.length, counts, copies, class_code)


def _not_in_space(move: Move, rules: Rules, wild: Tuple[int, ...]) -> ValueError:
    return ValueError(f"{move!r} is not in the action space of {rules!r} with wild "
                      f"{''.join(RANK_NAMES[rank] for rank in wild)}")


def action_id(move: Move, rules: Rules, wild: Tuple[int, ...]) -> int:
    """The index of ``move`` in the canonical action space of ``rules`` and ``wild``
    (ValueError naming it when it is not there, TypeError when it is no Move)."""
    move = exact_move(move, "move")     # a subclass may say anything: rebuilt from its word
    blocks = space(rules, wild)
    counts = move.counts
    name = (TYPE_CODES[move.type], move.length, sum(counts), move.key)
    block = blocks.by_name.get(name)
    index = block.rank(counts) if block is not None and fits_one_deck(counts) else None
    # The block and counts name one move of the space; the move must be that very move (its
    # word holds its reading and bomb class, which the counts alone do not check).
    if index is None or _move(block, counts, wild) != move:
        raise _not_in_space(move, rules, wild)
    return blocks.start_of[name] + index


def action_ids(moves: Sequence[Move], rules: Rules, wild: Tuple[int, ...]) -> List[int]:
    """The ids of moves known to be in the space (the generator's own moves): the ranks
    alone, without building each move again to compare it."""
    blocks = space(rules, wild)
    ids = []
    for move in moves:
        counts = move.counts
        name = (TYPE_CODES[move.type], move.length, sum(counts), move.key)
        index = blocks.by_name[name].rank(counts)
        if index is None:           # pragma: no cover - the generator's moves are all here
            raise _not_in_space(move, rules, wild)
        ids.append(blocks.start_of[name] + index)
    return ids


def action_move(action_id: object, rules: Rules, wild: Tuple[int, ...]) -> Move:
    """The move of an action id: the inverse of :func:`action_id`."""
    blocks = space(rules, wild)
    index = check_action_id(action_id, blocks.size)
    at = bisect_right(blocks.starts, index) - 1
    block = blocks.blocks[at]
    return _move(block, block.counts_at(index - blocks.starts[at]), wild)
