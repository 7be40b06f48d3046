"""Checks of plain argument values shared by every module: ints, seats, seeds, durations, flags.

Each check returns the value in canonical form (a Python ``int``, ``float`` or ``bool``) or
raises TypeError (wrong kind of value) or ValueError (right kind, wrong value) with a message
that names the argument. An "int" is a Python int or a numpy integer, never a bool and never a
``timedelta64`` (numpy counts it among its integers, but a duration is no count). This module
imports nothing from the package, so every module can use it.
"""
from __future__ import annotations

import math
import operator
import reprlib
from typing import Optional

import numpy as np

__all__ = ["is_int", "check_int", "check_seat", "check_seed64", "check_duration",
           "check_bool", "shown", "SEED_LIMIT"]

#: Seeds and game indices of the native core are unsigned 64-bit values.
SEED_LIMIT = 1 << 64


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, 80, 80


def shown(value: object) -> str:
    """A short repr of any value for an error message: nesting, long strings and a repr that
    fails (or recurses without end) never make the message itself fail."""
    try:
        return _SHORT.repr(value)
    except Exception:       # noqa: BLE001 - any repr may raise; the message must not
        return f"<{type(value).__name__}>"


def is_int(value: object) -> bool:
    """Whether ``value`` is an integer that is not a bool nor a duration."""
    if isinstance(value, int):
        return not isinstance(value, bool)
    return isinstance(value, np.integer) and not isinstance(value, np.timedelta64)


def check_int(name: str, value: object, low: Optional[int] = None,
              high: Optional[int] = None) -> int:
    """``value`` as an int in ``low..high`` (either bound may be None)."""
    if not is_int(value):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    number = operator.index(value)  # type: ignore[arg-type]
    if low is not None and number < low:
        raise ValueError(f"{name} must be at least {low}, got {number}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be at most {high}, got {number}")
    return number


def check_seat(name: str, value: object, players: int = 3) -> int:
    """A seat number 0, 1 or 2 (or 3 at a table of four)."""
    if not is_int(value):
        raise TypeError(f"{name} must be a seat number (int), not {type(value).__name__}")
    seat = operator.index(value)  # type: ignore[arg-type]
    if not 0 <= seat < players:
        seats = ", ".join(map(str, range(players - 1)))
        raise ValueError(f"{name} must be seat {seats} or {players - 1}, got {seat}")
    return seat


def check_seed64(name: str, value: object) -> int:
    """An unsigned 64-bit value (the seeds and game indices of the native core)."""
    number = check_int(name, value)
    if not 0 <= number < SEED_LIMIT:
        raise ValueError(f"{name} must be in 0..2**64 - 1, got {number}")
    return number


def _is_real(value: object) -> bool:
    """Whether ``value`` is a real number: an int, a float or a numpy int or float."""
    if isinstance(value, (int, float)):
        return not isinstance(value, bool)
    return is_int(value) or isinstance(value, np.floating)


def check_real(name: str, value: object, low: Optional[float] = None,
               high: Optional[float] = None) -> float:
    """A finite real number (an int, a float or a numpy number, no bool) in [low, high]."""
    if not _is_real(value):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number):
        raise ValueError(f"{name} must be finite, got {number}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be between {low} and {high}, got {number}")
    return number


def check_duration(name: str, value: object, *, allow_zero: bool = False) -> float:
    """A finite number of seconds, positive (or also 0 with ``allow_zero``)."""
    if not _is_real(value):
        raise TypeError(f"{name} must be a number of seconds, not {type(value).__name__}")
    seconds = float(value)  # type: ignore[arg-type]
    if not math.isfinite(seconds):
        raise ValueError(f"{name} must be a finite number of seconds, got {seconds}")
    if seconds < 0 or seconds == 0 and not allow_zero:
        raise ValueError(f"{name} must be {'at least 0' if allow_zero else 'positive'}, "
                         f"got {seconds}")
    return seconds


def check_bool(name: str, value: object) -> bool:
    """A bool (numpy's included); ints are refused, so that ``1`` is never taken for True."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
