"""RLCard's Dou Dizhu actions (rlcard 1.2, ``rlcard.games.doudizhu``) for preset ``rlcard``.

RLCard names an action by its cards, rank letters low to high (``"33344456"``, ``"BR"``), or
``"pass"``, and numbers the 27,472 actions densely. Its card strings are exactly the moves of
preset ``rlcard`` and each reads one way, so a string, an id and a :class:`~ddz_fast.Move` are
interchangeable.

The id order, derived here from ddz_fast's action space (RLCard is never imported): the moves
in ddz_fast's canonical order (type, then chain length, then key, then the cards low to high),
except the wings of an airplane with solo wings, which RLCard orders within each chain length
and key as follows:

* 2 wings: by their cards, low to high (as canonical);
* 3 wings: three distinct ranks first, then a trio, then a pair and a solo, the last by the
  pair's rank and then the solo's; each group by its cards, low to high;
* 4 and 5 wings: those with a joker first, then those without, each by their cards.

``"pass"`` is the last id, 27,471. ``tests/compat/test_ids.py`` checks every id against RLCard's
own table.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, Tuple

import numpy as np

from .._checks import exact_move
from ..cards import BLACK_JOKER, RED_JOKER
from ..move import Move
from ..rules import Rules
from . import ActionLayout, wing_ranks

__all__ = ["NUM_ACTIONS", "PASS_ID", "PASS_STRING", "RULES", "order", "to_id", "from_id",
           "to_string", "from_string", "id_map", "layout"]

NUM_ACTIONS = 27_472
PASS_ID = 27_471
PASS_STRING = "pass"
RULES = Rules.preset("rlcard")

_THREE_WING_GROUPS = {(1, 1, 1): 0, (3,): 1, (2, 1): 2}


def _wing_order(wings: Tuple[int, ...]) -> tuple:
    """RLCard's order of the wings of one chain length and key (see the module docstring)."""
    if len(wings) == 3:
        shape = tuple(sorted((wings.count(r) for r in set(wings)), reverse=True))
        if shape == (2, 1):                  # by the pair's rank, then the solo's
            pair = max(set(wings), key=wings.count)
            return 2, (pair, *(r for r in wings if r != pair))
        return _THREE_WING_GROUPS[shape], wings
    if len(wings) >= 4:
        return (BLACK_JOKER not in wings and RED_JOKER not in wings), wings
    return 0, wings


def order(move: Move) -> tuple:
    """The sort key of a play in RLCard's id order."""
    move = exact_move(move, "move")
    kind, length, _, key, cards = move.sort_key()
    if move.type == "airplane_solo":
        return kind, length, key, _wing_order(wing_ranks(move))
    return kind, length, key, (0, cards)


@lru_cache(maxsize=None)
def layout() -> ActionLayout:
    """The id layout (built once, on first use)."""
    return ActionLayout("RLCard", RULES, order, 0, PASS_ID, NUM_ACTIONS)


@lru_cache(maxsize=None)
def _ids_of_strings() -> Dict[str, int]:
    return {to_string(move): i for i, move in enumerate(layout().moves())}


def to_id(move: Move) -> int:
    """RLCard's action id of ``move`` (``Move.PASS`` -> 27471)."""
    return layout().to_id(move)


def from_id(action_id: int) -> Move:
    """The move of an RLCard action id (27471 -> ``Move.PASS``)."""
    return layout().from_id(action_id)


def to_string(move: Move) -> str:
    """RLCard's action string of ``move``: its cards low to high, or ``"pass"``."""
    move = exact_move(move, "move")
    layout().to_id(move)                      # a move RLCard knows
    return PASS_STRING if move.is_pass else move.cards


def from_string(action: str) -> Move:
    """The move of an RLCard action string (exactly as RLCard writes it: ``"33344456"``)."""
    if not isinstance(action, str):
        raise TypeError(f"an RLCard action is a str, not {type(action).__name__}")
    try:
        return from_id(_ids_of_strings()[action])
    except KeyError:
        raise ValueError(f"{action!r} is not an RLCard action: rank letters 3-9, T, J, Q, K, "
                         "A, 2, B, R low to high, or 'pass'") from None


def id_map() -> np.ndarray:
    """int64[27471]: the RLCard id of each ddz_fast action id of preset ``rlcard``."""
    return layout().id_map()
