"""Wild ranks (laizi, docs/RULES.md, "Variants" > "Laizi"): how a call names them, and their
checks.

A wild card stands for one rank 3..2, never a joker; the rules say how many wild ranks a hand
has (``rules.laizi``, 1 or 2), and every move function takes them as ``wild``: a rank index
(``2``), rank indices (``(2, 7)``) or card text (``"5"``, ``"5T"``).
"""
from __future__ import annotations

from typing import List, Tuple

from .cards import BLACK_JOKER, RANK_NAMES, RED_JOKER, TWO, parse_cards
from .rules import Rules
from .validate import is_int, shown

__all__ = ["Wild", "MAX_BOMB", "wild_ranks", "check_wild"]

#: The wild ranks of a call: distinct rank indices 0..12 (3..2), low to high.
Wild = Tuple[int, ...]

#: The most cards a bomb reads as one rank: four natural cards and eight wilds (two wild ranks).
MAX_BOMB = 12


def wild_ranks(wild: object) -> Wild:
    """The wild ranks ``wild`` names: a rank index, a sequence of rank indices or letters, or
    card text (``"5T"``); distinct ranks 3..2, never a joker."""
    if isinstance(wild, str):
        ranks = _ranks_of_text(wild)
    elif is_int(wild):
        ranks = [_wild_index(wild)]
    elif isinstance(wild, (tuple, list, frozenset, set)):
        ranks = [r for item in wild for r in
                 (_ranks_of_text(item) if isinstance(item, str) else [_wild_index(item)])]
    else:
        raise TypeError(f"wild must be a rank index, rank indices or card text, "
                        f"not {type(wild).__name__}")
    if not ranks:
        raise ValueError("wild names no rank")
    if len(set(ranks)) != len(ranks):
        raise ValueError(f"wild ranks must be distinct, got {shown(wild)}")
    return tuple(sorted(ranks))


def _ranks_of_text(text: str) -> List[int]:
    counts = parse_cards(text)
    ranks = [rank for rank, count in enumerate(counts) for _ in range(count)]
    for rank in ranks:
        _wild_index(rank)
    return ranks


def _wild_index(rank: object) -> int:
    if not is_int(rank):
        raise TypeError(f"a wild rank is a rank index or letter, not {type(rank).__name__}")
    rank = int(rank)  # type: ignore[call-overload]
    if rank in (BLACK_JOKER, RED_JOKER):
        raise ValueError(f"a joker ({RANK_NAMES[rank]}) cannot be wild: wild ranks are 3..2")
    if not 0 <= rank <= TWO:
        raise ValueError(f"wild rank index {rank} is outside 0..{TWO} (3..2)")
    return rank


def check_wild(rules: Rules, wild: object) -> Wild:
    """The wild ranks of a call under checked ``rules``: given exactly when the rules have
    wild cards, and as many as ``rules.laizi``."""
    if wild is None:
        if rules.laizi:
            raise ValueError(f"{rules!r} play with {rules.laizi} wild rank(s): name them "
                             f"with wild=")
        return ()
    if not rules.laizi:
        raise ValueError(f"wild ranks given, but {rules!r} play without wild cards "
                         f"(laizi = 0)")
    ranks = wild_ranks(wild)
    if len(ranks) != rules.laizi:
        raise ValueError(f"{rules!r} have {rules.laizi} wild rank(s), but wild names "
                         f"{len(ranks)}: {shown(wild)}")
    return ranks
