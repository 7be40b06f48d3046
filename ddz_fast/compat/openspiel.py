"""OpenSpiel's ``dou_dizhu`` action ids (open-spiel 2.0) for preset ``openspiel``.

OpenSpiel numbers 26,057 player actions: 0 is the pass, 1..3 bid 1..3 points, and 4..26056 are
the 26,053 plays, the moves of preset ``openspiel`` one to one. The same cards may be two
plays: ``333444555666`` is the plain airplane of four and two airplanes with solo wings
(333444555 + 666 and 444555666 + 333), three ids.

The play ids, derived here from ddz_fast's action space (OpenSpiel is never imported), run in
blocks by type in this order: solo, chain, pair, pair chain, trio, trio + solo, trio + pair,
airplane, airplane + solo wings, airplane + pair wings, bomb, rocket. Within a block the moves
are in ddz_fast's canonical order (chain length, then key, then the cards low to high), except
that the wings of an airplane are compared from their highest rank down (colexicographic: for
one chain length and key, ``55`` < ``56`` < ``66`` < ``57``...). The two readings of
``333444555666`` as an airplane with wings thus fall in the blocks of their keys: 333444555 +
666 among the airplanes of three trios from 3, 444555666 + 333 among those from 4.
``tests/compat/test_ids.py`` checks every id against OpenSpiel's own action strings.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Tuple

import numpy as np

from ..move import Move
from .._checks import exact_move
from ..rules import Rules
from ..validate import is_int
from . import ActionLayout, wing_ranks

__all__ = ["NUM_DISTINCT_ACTIONS", "PASS_ID", "BID_IDS", "FIRST_PLAY_ID", "TYPE_BLOCKS",
           "RULES", "order", "to_id", "from_id", "id_map", "layout"]

NUM_DISTINCT_ACTIONS = 26_057
PASS_ID = 0
BID_IDS: Tuple[int, ...] = (1, 2, 3)
FIRST_PLAY_ID = 4
TYPE_BLOCKS: Tuple[str, ...] = (
    "solo", "chain", "pair", "pair_chain", "trio", "trio_solo", "trio_pair", "airplane",
    "airplane_solo", "airplane_pair", "bomb", "rocket",
)
RULES = Rules.preset("openspiel")


def order(move: Move) -> tuple:
    """The sort key of a play in OpenSpiel's id order."""
    move = exact_move(move, "move")
    _, length, _, key, cards = move.sort_key()
    if move.type in ("airplane_solo", "airplane_pair"):
        cards = wing_ranks(move)[::-1]
    return TYPE_BLOCKS.index(move.type), length, key, cards


@lru_cache(maxsize=None)
def layout() -> ActionLayout:
    """The id layout (built once, on first use)."""
    return ActionLayout("OpenSpiel", RULES, order, FIRST_PLAY_ID, PASS_ID, NUM_DISTINCT_ACTIONS)


def to_id(move: Move) -> int:
    """OpenSpiel's action id of ``move`` (``Move.PASS`` -> 0)."""
    return layout().to_id(move)


def from_id(action_id: int) -> Move:
    """The move of an OpenSpiel action id (0 -> ``Move.PASS``; a bid id is a ValueError)."""
    if is_int(action_id) and action_id in BID_IDS:
        raise ValueError(f"OpenSpiel action {action_id} bids {action_id}: it is not a move")
    return layout().from_id(action_id)


def id_map() -> np.ndarray:
    """int64[26053]: the OpenSpiel id of each ddz_fast action id of preset ``openspiel``."""
    return layout().id_map()
