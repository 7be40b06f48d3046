"""ddz_fast's own compact encoding of a batch of tables for a learning model: the planes.

:func:`planes` encodes, for every table of a batch (the state arrays of
``ddz_fast.engine.vector.VectorGame``, under the same names), the state as the player to move
sees it, and every legal action of that player, as int8 arrays, in compiled code without the
GIL. The layout has a version, :data:`PLANES_VERSION`; a change of what any entry means changes
it. :func:`describe` lists the fields.

**Card sets** are 4 x 15 planes: column ``r`` is rank ``r`` (3, 4, ..., A, 2, black joker, red
joker), row ``k`` holds 1 where the set has more than ``k`` cards of that rank, so a plane shows
a count as a column filled from the top (a pair is two ones, a bomb four). Seats are named from
the player to move: *me*, *next* (plays right after me) and *previous* (played just before me).

``state``, int8 (N, 24, 4, 15), one plane per channel:

=========  =================================================================================
channel    card set
=========  =================================================================================
0          my hand
1          the unseen cards: the other two hands together (never either hand alone)
2, 3, 4    the cards me, next and previous have played this hand
5          the move to beat (empty when I lead)
6, 7, 8    the last action of me, next and previous (empty for a pass or before it acted)
9 .. 23    the last 15 actions of the hand, most recent first (channel 9 is previous's last
           action, 10 next's, 11 mine, 12 previous's before, ...), empty before the first
=========  =================================================================================

``info``, int8 (N, 99), what is no card set:

=========  =================================================================================
entries    content
=========  =================================================================================
0:21       the number of cards I hold, one-hot 0..20
21:42      the number next holds, one-hot 0..20
42:63      the number previous holds, one-hot 0..20
63:66      my role, one-hot: landlord, landlord_down (right after the landlord), landlord_up
66:81      bombs and rockets played this hand, one-hot 0..14
81:84      who played the move to beat, one-hot: nobody (I lead), next, previous
84:99      for each of the last 15 actions (as channels 9..23): 1 when it is a pass, so a
           pass is told apart from no action yet
=========  =================================================================================

``actions``, int8 (M, 4, 15): each legal move (``moves``, in their order) as a card-set plane,
empty for the pass; ``table``, int64 (M,): the table of each action row, so the legal actions
of table ``t`` are the rows ``offsets[t]:offsets[t + 1]`` and ``state[table]`` lines the states
up with them.

Why this layout. Every card set has the same 4 x 15 shape, so a convolutional model reads the
24 channels as one image (or, reshaped to (N, 96, 15) for free, as 96 rows over the rank axis
for a 1-D convolution): a filter sliding along the ranks sees chains, and one spanning the
rows sees pairs, trios and bombs, in every channel alike, and an action plane stacks onto its
table's state as a 25th channel. What has no rank (counts of cards, role, bombs, who played
what, passes) is the flat ``info`` vector, which a model joins after its convolutions rather
than smearing numbers over planes. An MLP concatenates ``state.reshape(N, -1)``, ``info`` and an
action plane (1,440 + 99 + 60 entries). Seats are named from the player to move, not by role,
so one network plays every role and the role is an input; the 15 last actions (five rounds) are
seat-aligned by construction, each third channel being the same seat's. The state is written
once per table, the actions once per move.

Only what the player to move may know is encoded: its own hand, the other hands only as their
union (and each one's number of cards, which is public), and the public record of the hand.
``tests/envs/test_planes.py`` checks the kernel against an encoder written from this layout,
and that dealing the unseen cards differently between the other two hands (the same union,
the same numbers of cards) changes nothing.
"""
from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple

import numpy as np

from .._table_arrays import card_counts, check_tables
from ..compiled import load

__all__ = ["PLANES_VERSION", "RECENT_ACTIONS", "STATE_CHANNELS", "INFO_SIZE", "Planes",
           "PlaneField", "planes", "describe"]

_native = load("ddz_fast.envs._planes")  # NativeCoreMissingError on use when not built

#: The version of the layout: it changes whenever an entry's meaning does.
PLANES_VERSION = 1
#: How many of the hand's last actions the state shows.
RECENT_ACTIONS = 15
#: The card-set channels of the state: 9 and the last actions.
STATE_CHANNELS = 9 + RECENT_ACTIONS
#: The length of the info vector.
INFO_SIZE = 3 * 21 + 3 + 15 + 3 + RECENT_ACTIONS
_MOST_HELD = 20
_MOST_BOMBS = 14        # 13 bombs and the rocket: all one deck has


class Planes(NamedTuple):
    """The planes of a batch: see the module docstring for the layout."""

    #: int8 (N, 24, 4, 15): the card-set channels of each table.
    state: np.ndarray
    #: int8 (N, 99): the other features of each table.
    info: np.ndarray
    #: int8 (M, 4, 15): each legal action's cards.
    actions: np.ndarray
    #: int64 (M,): the table of each action.
    table: np.ndarray


class PlaneField(NamedTuple):
    """One field of the layout: ``array`` (``"state"``, ``"info"`` or ``"actions"``), the
    index range ``start:stop`` along its second axis, and what it holds."""

    array: str
    start: int
    stop: int
    meaning: str


def describe() -> List[PlaneField]:
    """The fields of layout :data:`PLANES_VERSION`, in order: state channels, info entries,
    the action plane (the tables of the module docstring, as data)."""
    seats = ("me", "next", "previous")
    fields = [PlaneField("state", 0, 1, "my hand"),
              PlaneField("state", 1, 2, "the unseen cards: the other two hands together")]
    fields += [PlaneField("state", 2 + i, 3 + i, f"the cards {seat} has played")
               for i, seat in enumerate(seats)]
    fields.append(PlaneField("state", 5, 6, "the move to beat (empty when leading)"))
    fields += [PlaneField("state", 6 + i, 7 + i, f"the last action of {seat}")
               for i, seat in enumerate(seats)]
    fields += [PlaneField("state", 9 + i, 10 + i, f"the action {i + 1} back in the hand")
               for i in range(RECENT_ACTIONS)]
    fields += [PlaneField("info", 21 * i, 21 * i + 21,
                          f"the number of cards {seat} holds, one-hot 0..20")
               for i, seat in enumerate(seats)]
    fields += [PlaneField("info", 63, 66, "my role: landlord, landlord_down, landlord_up"),
               PlaneField("info", 66, 81, "bombs and rockets played, one-hot 0..14"),
               PlaneField("info", 81, 84, "who played the move to beat: nobody, next, previous"),
               PlaneField("info", 84, 84 + RECENT_ACTIONS,
                          "whether each of the last actions is a pass"),
               PlaneField("actions", 0, 1, "the cards of a legal action")]
    return fields


def planes(hands: np.ndarray, played: np.ndarray, last_moves: np.ndarray,
           history: np.ndarray, history_len: np.ndarray, bombs: np.ndarray,
           landlord: np.ndarray, player: np.ndarray, prev: np.ndarray, moves: np.ndarray,
           offsets: np.ndarray, *,
           out: Optional[Tuple[np.ndarray, np.ndarray]] = None) -> Planes:
    """The planes of every table and of every legal action (layout: the module docstring).

    The arguments are the tables' state arrays: ``hands``, ``played``, ``last_moves`` (N, 3)
    uint64, ``history`` (N, H) uint64, ``history_len``, ``bombs``, ``landlord``, ``player``
    (N,) int64, ``prev`` (N,) uint64, and the legal moves ``moves`` (M,) uint64 with
    ``offsets`` (N + 1,) int64. ``out``, when given, is a pair of arrays the tables' state
    and info are written into (int8 (N, 24, 4, 15) and (N, 99), C-contiguous); the action
    arrays are always new (their number changes from call to call).

    Raises TypeError (not a numpy array, or the wrong dtype) or ValueError, naming the array
    and the table, before anything is written: for a wrong shape; a word of cards that is no
    set of cards of one deck (``hands`` and ``played`` counts only; the move words may carry
    type bits); a table holding more than one deck; ``history_len`` outside 0..H; ``landlord``
    or ``player`` not a seat, or ``player`` not ``(landlord + history_len) % 3``; ``offsets``
    not from 0 to M without decreasing; a hand of more than 20 cards; more than 14 bombs.
    """
    a = check_tables(hands=hands, played=played, last_moves=last_moves, history=history,
                     history_len=history_len, bombs=bombs, landlord=landlord, player=player,
                     prev=prev, moves=moves, offsets=offsets)
    n, m = len(a["hands"]), len(a["moves"])
    held = card_counts(a["hands"])
    if (held > _MOST_HELD).any():
        t, seat = (int(i) for i in np.argwhere(held > _MOST_HELD)[0])
        raise ValueError(f"hands[{t}, {seat}] holds {int(held[t, seat])} cards: a hand holds "
                         f"at most {_MOST_HELD}")
    if (a["bombs"] > _MOST_BOMBS).any():
        t = int(np.argmax(a["bombs"] > _MOST_BOMBS))
        raise ValueError(f"bombs[{t}] = {int(a['bombs'][t])}: one deck makes at most "
                         f"{_MOST_BOMBS} bombs and rockets")
    state, info = _outputs(out, n)
    actions = np.empty((m, 4, 15), dtype=np.int8)
    table = np.empty(m, dtype=np.int64)
    _native._encode(a["hands"], a["played"], a["last_moves"], a["history"], a["history_len"],
                    a["bombs"], a["landlord"], a["player"], a["prev"], a["moves"],
                    a["offsets"], state.reshape(n, STATE_CHANNELS * 60), info,
                    actions.reshape(m, 60), table)
    return Planes(state, info, actions, table)


def _outputs(out: object, n: int) -> Tuple[np.ndarray, np.ndarray]:
    if out is None:
        return (np.empty((n, STATE_CHANNELS, 4, 15), dtype=np.int8),
                np.empty((n, INFO_SIZE), dtype=np.int8))
    if not isinstance(out, tuple) or len(out) != 2:
        raise TypeError(f"out must be a pair (state, info) of int8 arrays, not "
                        f"{type(out).__name__}")
    for name, array, shape in (("state", out[0], (n, STATE_CHANNELS, 4, 15)),
                               ("info", out[1], (n, INFO_SIZE))):
        if not isinstance(array, np.ndarray) or array.dtype != np.int8:
            raise TypeError(f"out's {name} must be a numpy array of int8, not "
                            f"{getattr(array, 'dtype', type(array).__name__)}")
        if array.shape != shape:
            raise ValueError(f"out's {name} must have shape {shape}, got {array.shape}")
        if not (array.flags.c_contiguous and array.flags.writeable):
            raise ValueError(f"out's {name} must be C-contiguous and writeable")
    if np.shares_memory(out[0], out[1]):
        raise ValueError("out's state and info must not share memory")
    return out[0], out[1]
