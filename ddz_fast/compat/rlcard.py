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

:func:`rlcard_observations` writes RLCard's observation vector (``env.get_state(player)["obs"]``
of ``rlcard.envs.doudizhu``) for every table of a batch, from the state arrays of the tables
(those of ``ddz_fast.engine.vector.VectorGame``), in compiled code, with the RLCard ids of
the legal actions.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, Optional, Tuple

import numpy as np

from .._checks import exact_move
from .._table_arrays import card_counts, check_tables
from ..bitboard import COUNT_MASK
from ..cards import BLACK_JOKER, RED_JOKER
from ..compiled import load
from ..move import Move
from ..rules import Rules
from . import ActionLayout, wing_ranks

__all__ = ["NUM_ACTIONS", "PASS_ID", "PASS_STRING", "RULES", "order", "to_id", "from_id",
           "to_string", "from_string", "id_map", "layout", "LANDLORD_OBS_SIZE",
           "PEASANT_OBS_SIZE", "rlcard_observations"]

_native = load("ddz_fast.compat._rlcard")  # NativeCoreMissingError on use when not built

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


#: The length of RLCard's observation of the landlord.
LANDLORD_OBS_SIZE = 790
#: The length of RLCard's observation of a peasant: the width of :func:`rlcard_observations`'s
#: rows.
PEASANT_OBS_SIZE = 901
_MOST_CARDS = (20, 17, 17)          # RLCard's one-hot widths: landlord, landlord_down, _up


@lru_cache(maxsize=None)
def _ids_by_cards() -> Tuple[np.ndarray, np.ndarray]:
    """RLCard's actions by their cards: the sorted card counts of every action, and its id.

    A card string of RLCard is one action, so the counts alone name it, whatever type bits a
    move word carries."""
    counts = np.array([move.word & COUNT_MASK for move in layout().moves()], dtype=np.uint64)
    order = np.argsort(counts, kind="stable")
    if len(np.unique(counts)) != len(counts):
        raise AssertionError("two RLCard actions hold the same cards")
    return counts[order], order.astype(np.int64)


def _action_ids(moves: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The RLCard id of each move word; ValueError naming the first that is no RLCard action."""
    keys, ids = _ids_by_cards()
    counts = moves & np.uint64(COUNT_MASK)
    place = np.minimum(np.searchsorted(keys, counts), len(keys) - 1)
    unknown = keys[place] != counts
    if unknown.any():
        j = int(np.argmax(unknown))
        t = int(np.searchsorted(offsets, j, side="right")) - 1
        raise ValueError(f"moves[{j}] = {int(moves[j]):#x} (table {t}) is no RLCard action: "
                         "the legal moves of RLCard's game are those of preset 'rlcard'")
    return ids[place]


def rlcard_observations(hands: np.ndarray, played: np.ndarray, history: np.ndarray,
                        history_len: np.ndarray, landlord: np.ndarray, player: np.ndarray,
                        moves: np.ndarray, offsets: np.ndarray, *,
                        out: Optional[np.ndarray] = None) -> Tuple[np.ndarray, np.ndarray]:
    """RLCard's observation of the player to move at every table, and its legal action ids.

    The arguments are the tables' state arrays (``hands``, ``played`` (N, 3) uint64,
    ``history`` (N, H) uint64, ``history_len``, ``landlord``, ``player`` (N,) int64, and the
    legal moves ``moves`` (M,) uint64 with ``offsets`` (N + 1,) int64), the arrays of
    ``ddz_fast.engine.vector.VectorGame`` under the same names. Returns ``(obs, ids)``:

    * ``obs``, int8 (N, 901): row ``t`` is ``env.get_state(p)["obs"]`` of RLCard's
      ``doudizhu`` environment for the same state, exactly: its first
      :data:`LANDLORD_OBS_SIZE` (790) entries when the player to move is the landlord (the
      rest of the row is zero), all :data:`PEASANT_OBS_SIZE` (901) for a peasant. Written into
      ``out`` when given (an int8 (N, 901) C-contiguous array), else a new array.
    * ``ids``, int64 (M,): the RLCard action id of each move, so the legal ids of table ``t``
      are ``ids[offsets[t]:offsets[t + 1]]``, in the order of ``moves`` (RLCard's own order is
      that of a set when the player leads, so it cannot be reproduced; a pass, id 27,471, is
      where ``moves`` has it).

    Seats: RLCard's landlord is always its player 0, the player after it (``landlord_down``,
    seat ``(landlord + 1) % 3``) its player 1, and ``landlord_up`` (seat ``(landlord + 2) % 3``)
    its player 2. Each set of cards takes 54 entries: of each rank 3..2, four entries of which
    the first ``count`` are 1, then one entry for each joker. The fields, as RLCard builds them:

    * both: the own hand (0:54), the other two hands together (54:108), the last action, or
      the one before it when the last is a pass (108:162), and the last nine actions, oldest
      first, zero before the hand's first (162:648);
    * the landlord: the cards ``landlord_up`` and ``landlord_down`` have played (648:702 and
      702:756), then the number of cards each holds as a one-hot of 17 (756:773, 773:790);
    * a peasant: the cards the landlord and the teammate have played (648:702, 702:756),
      then the landlord's and the teammate's "last" actions (756:810, 810:864), which RLCard
      finds by scanning the trace from its end without stopping, so they are the earliest:
      the hand's first action (the landlord's lead) and the teammate's first action (zero
      before it has acted); then the number of cards the landlord holds as a one-hot of 20
      (864:884) and the teammate's as a one-hot of 17 (884:901).

    A one-hot of ``n`` cards sets entry ``n - 1``. Runs without the GIL.

    Raises TypeError (not a numpy array, or the wrong dtype) or ValueError, naming the array
    and the table, before anything is written: for a wrong shape; a word of cards that is no
    set of cards of one deck (``hands`` and ``played`` counts only; history and move words
    may carry type bits); a table holding more than one deck; ``history_len`` outside 0..H;
    ``landlord`` or ``player`` not a seat, or ``player`` not ``(landlord + history_len) % 3``
    (the landlord acts first and turns go round); ``offsets`` not from 0 to M without
    decreasing; a landlord with more than 20 cards or a peasant with more than 17 (RLCard
    has no entry for them); a first action that is a pass (the landlord leads); a move that is
    no RLCard action.
    """
    a = check_tables(hands=hands, played=played, history=history, history_len=history_len,
                     landlord=landlord, player=player, moves=moves, offsets=offsets)
    n = len(a["hands"])
    held = card_counts(a["hands"])
    role = (np.arange(3) - a["landlord"][:, None]) % 3
    most = np.array(_MOST_CARDS, dtype=np.int64)[role]
    over = held > most
    if over.any():
        t, seat = (int(i) for i in np.argwhere(over)[0])
        raise ValueError(f"hands[{t}, {seat}] holds {int(held[t, seat])} cards: RLCard's "
                         f"{'landlord' if role[t, seat] == 0 else 'peasants'} hold at most "
                         f"{int(most[t, seat])}")
    width = a["history"].shape[1]
    if width:
        lead_pass = (a["history_len"] > 0) & (a["history"][:, 0] & np.uint64(COUNT_MASK) == 0)
        if lead_pass.any():
            t = int(np.argmax(lead_pass))
            raise ValueError(f"history[{t}, 0] is a pass: the landlord leads the hand")
    ids = _action_ids(a["moves"], a["offsets"])
    if out is None:
        out = np.empty((n, PEASANT_OBS_SIZE), dtype=np.int8)
    else:
        _check_out(out, n)
    _native._observe(a["hands"], a["played"], a["history"], a["history_len"], a["landlord"],
                     a["player"], out)
    return out, ids


def _check_out(out: object, n: int) -> None:
    if not isinstance(out, np.ndarray) or out.dtype != np.int8:
        raise TypeError(f"out must be a numpy array of int8, not "
                        f"{getattr(out, 'dtype', type(out).__name__)}")
    if out.shape != (n, PEASANT_OBS_SIZE):
        raise ValueError(f"out must have shape ({n}, {PEASANT_OBS_SIZE}), got {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("out must be C-contiguous and writeable")
