"""Checks of the state arrays of a batch of tables, shared by the feature kernels.

A batch of N tables in the play phase is a set of numpy arrays (the names and meanings of
``ddz_fast.engine.vector.VectorGame``'s attributes): ``hands``, ``played`` and ``last_moves``
(N, 3) uint64, ``history`` (N, H) uint64 with ``history_len`` (N,) int64, ``bombs``,
``landlord`` and ``player`` (N,) int64, ``prev`` (N,) uint64, and the legal actions in CSR form,
``moves`` (M,) uint64 and ``offsets`` (N + 1,) int64. :func:`check_tables` validates the ones a
kernel reads, before any of them reaches compiled code, and raises TypeError (not a numpy
array, or the wrong dtype) or ValueError (a wrong shape or value) naming the array and, for a
value, the table. Nothing is copied unless an array is not C-contiguous.
"""
from __future__ import annotations

from typing import Dict, Tuple

import numpy as np

from .bitboard import COUNT_MASK, FLAG_MASK
from .cards import MAX_COPIES, NUM_RANKS

__all__ = ["TABLE_ARRAYS", "check_tables", "card_counts"]

#: Each array's dtype and shape, in the order they are checked: "seats" is (N, 3), "history"
#: (N, H), "tables" (N,), "moves" (M,), "offsets" (N + 1,).
TABLE_ARRAYS: Dict[str, Tuple[type, str]] = {
    "hands": (np.uint64, "seats"),
    "played": (np.uint64, "seats"),
    "last_moves": (np.uint64, "seats"),
    "history": (np.uint64, "history"),
    "history_len": (np.int64, "tables"),
    "bombs": (np.int64, "tables"),
    "landlord": (np.int64, "tables"),
    "player": (np.int64, "tables"),
    "prev": (np.uint64, "tables"),
    "moves": (np.uint64, "moves"),
    "offsets": (np.int64, "offsets"),
}

#: Arrays of cards that may carry a move's type and flag bits (masked off when read).
_TYPED = {"last_moves", "history", "prev", "moves"}
_COUNTS = np.uint64(COUNT_MASK)
_FLAGS = np.uint64(FLAG_MASK)
# One more than one deck holds of each rank, in every nibble: (counts | flags) - limit keeps a
# nibble's flag bit exactly when its count is beyond the deck (movegen.pxd's fits_deck).
_LIMIT = np.uint64(sum((copies + 1) << (4 * rank) for rank, copies in enumerate(MAX_COPIES)))
_SHIFTS = np.arange(0, 4 * NUM_RANKS, 4, dtype=np.uint64)


def card_counts(words: np.ndarray) -> np.ndarray:
    """int64 number of cards of each word of counts (any shape)."""
    nibbles = (words[..., None] >> _SHIFTS) & np.uint64(7)
    return nibbles.sum(axis=-1, dtype=np.int64)


def _outside_deck(counts: np.ndarray) -> np.ndarray:
    """Where a word of counts holds more of a rank than one deck."""
    return ((counts | _FLAGS) - _LIMIT) & _FLAGS != 0


def _where(name: str, index: tuple, shape: str) -> str:
    if shape == "seats":
        return f"{name}[{index[0]}, {index[1]}] (table {index[0]}, seat {index[1]})"
    if shape == "history":
        return f"{name}[{index[0]}, {index[1]}] (table {index[0]}, action {index[1]})"
    return f"{name}[{index[0]}]"


def _array(name: str, value: object, dtype: type) -> np.ndarray:
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy array of {np.dtype(dtype)}, not "
                        f"{type(value).__name__}")
    if value.dtype != dtype:
        raise TypeError(f"{name} must be a numpy array of {np.dtype(dtype)}, not {value.dtype}")
    return value


def _shape(name: str, array: np.ndarray, shape: str, n: int) -> None:
    expected = {"seats": "(N, 3)", "history": "(N, H)", "tables": "(N,)", "moves": "(M,)",
                "offsets": "(N + 1,)"}[shape]
    ndim = 2 if shape in ("seats", "history") else 1
    good = array.ndim == ndim
    if good and shape == "seats":
        good = array.shape == (n, 3)
    elif good and shape == "history":
        good = array.shape[0] == n
    elif good and shape == "tables":
        good = array.shape == (n,)
    elif good and shape == "offsets":
        good = array.shape == (n + 1,)
    if not good:
        raise ValueError(f"{name} must have shape {expected}, N = {n} tables (from hands "
                         f"{(n, 3)}), got {array.shape}")


def _check_cards(name: str, array: np.ndarray, shape: str, filled: np.ndarray) -> None:
    """Every word of ``array`` (where ``filled``) is a set of cards of one deck."""
    if name in _TYPED:
        bad = _outside_deck(array & _COUNTS)
    else:
        outside = (array & ~_COUNTS) != 0
        if outside.any():
            index = tuple(int(i) for i in np.argwhere(outside)[0])
            raise ValueError(f"{_where(name, index, shape)} = {int(array[index]):#x} has bits "
                             f"outside the {NUM_RANKS} rank counts")
        bad = _outside_deck(array)
    if filled is not None:
        bad &= filled
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{_where(name, index, shape)} = {int(array[index]):#x} holds more "
                         "of a rank than one deck (4 of 3..2, 1 of each joker)")


def check_tables(**arrays: object) -> Dict[str, np.ndarray]:
    """The named arrays (``hands`` among them) validated, C-contiguous, by name.

    Beyond dtypes and shapes: the words of cards are sets of cards of one deck (``hands`` and
    ``played`` counts only; the move words may carry type and flag bits); a table's hands and
    played cards together are at most one deck; ``history_len`` is 0..H; ``landlord`` and
    ``player`` are seats 0..2 and ``player`` is ``(landlord + history_len) % 3`` (the landlord
    acts first and turns go round); ``bombs`` is not negative; ``offsets`` starts at 0, never
    decreases and ends at M.
    """
    if "hands" not in arrays:
        raise TypeError("the state arrays of the tables start with hands")
    unknown = [name for name in arrays if name not in TABLE_ARRAYS]
    if unknown:
        raise TypeError(f"unknown state arrays {unknown}: the arrays are "
                        f"{', '.join(TABLE_ARRAYS)}")
    checked: Dict[str, np.ndarray] = {}
    n = 0
    for name, (dtype, shape) in TABLE_ARRAYS.items():
        if name not in arrays:
            continue
        array = _array(name, arrays[name], dtype)
        if name == "hands":
            if array.ndim != 2 or array.shape[1:] != (3,):
                raise ValueError(f"hands must have shape (N, 3), got {array.shape}")
            n = array.shape[0]
        _shape(name, array, shape, n)
        checked[name] = np.ascontiguousarray(array)
    _check_values(checked)
    return checked


def _check_values(a: Dict[str, np.ndarray]) -> None:
    h = a.get("history")
    filled = None
    if "history_len" in a:
        length = a["history_len"]
        width = h.shape[1] if h is not None else None
        bad = (length < 0) | (length > width if width is not None else False)
        if bad.any():
            t = int(np.argmax(bad))
            raise ValueError(f"history_len[{t}] = {int(length[t])} is outside 0.."
                             f"{width if width is not None else 'H'}")
        if h is not None:
            filled = np.arange(h.shape[1]) < length[:, None]
    for name in ("landlord", "player"):
        if name in a:
            bad = (a[name] < 0) | (a[name] > 2)
            if bad.any():
                t = int(np.argmax(bad))
                raise ValueError(f"{name}[{t}] = {int(a[name][t])} is no seat: seats are 0, "
                                 "1 and 2")
    if {"landlord", "player", "history_len"} <= a.keys():
        bad = a["player"] != (a["landlord"] + a["history_len"]) % 3
        if bad.any():
            t = int(np.argmax(bad))
            raise ValueError(f"player[{t}] = {int(a['player'][t])} is not the seat to move: "
                             f"the landlord (seat {int(a['landlord'][t])}) acts first and "
                             f"turns go round, so after {int(a['history_len'][t])} actions it "
                             f"is seat {int((a['landlord'][t] + a['history_len'][t]) % 3)}")
    if "bombs" in a and (a["bombs"] < 0).any():
        t = int(np.argmax(a["bombs"] < 0))
        raise ValueError(f"bombs[{t}] = {int(a['bombs'][t])} is negative")
    for name, (_, shape) in TABLE_ARRAYS.items():
        if name in a and a[name].dtype == np.uint64:
            _check_cards(name, a[name], shape, filled if name == "history" else None)
    if "hands" in a:
        _check_one_deck(a["hands"], a.get("played"))
    if "offsets" in a:
        _check_offsets(a["offsets"], len(a["moves"]) if "moves" in a else None)


def _check_one_deck(hands: np.ndarray, played: object) -> None:
    """A table's hands (and played cards) together are at most one deck."""
    piles = hands if played is None else np.concatenate([hands, played], axis=1)
    counts = ((piles[:, :, None] >> _SHIFTS) & np.uint64(7)).sum(axis=1, dtype=np.int64)
    bad = counts > np.array(MAX_COPIES, dtype=np.int64)
    if bad.any():
        t = int(np.argmax(bad.any(axis=1)))
        what = "hands" if played is None else "hands and played cards"
        raise ValueError(f"table {t}: its {what} together hold more of a rank than one deck")


def _check_offsets(offsets: np.ndarray, moves: object) -> None:
    if offsets[0] != 0:
        raise ValueError(f"offsets[0] must be 0, got {int(offsets[0])}")
    down = np.diff(offsets) < 0
    if down.any():
        t = int(np.argmax(down))
        raise ValueError(f"offsets must not decrease: offsets[{t + 1}] = "
                         f"{int(offsets[t + 1])} < offsets[{t}] = {int(offsets[t])}")
    if moves is not None and offsets[-1] != moves:
        raise ValueError(f"offsets[-1] must be len(moves) = {moves}, got {int(offsets[-1])}")
