"""What the results of the native random games share, at every table: a dataclass of read-only
numpy arrays, one row per game, compared by value, with each game's recorded moves."""
from __future__ import annotations

import operator
from dataclasses import fields
from typing import Optional

import numpy as np


class GameArrays:
    """A frozen dataclass of numpy arrays (None for the optional ones left out), indexed by
    game: checked and made read-only when made; ``moves`` and ``offsets`` hold the recorded
    moves when there are any. Subclasses are dataclasses with ``eq=False`` and a ``plays``
    field (one entry per game)."""

    moves: Optional[np.ndarray]
    offsets: Optional[np.ndarray]
    plays: np.ndarray

    def __post_init__(self) -> None:
        name = type(self).__name__
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if not isinstance(value, np.ndarray) and (value is not None or f.default is not None):
                raise TypeError(f"{name}.{f.name} must be a numpy array"
                                f"{' or None' if f.default is None else ''}, "
                                f"not {type(value).__name__}")
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is not None:
                value.setflags(write=False)

    def __len__(self) -> int:
        return len(self.plays)

    def __repr__(self) -> str:
        recorded = "" if self.moves is None else f", {len(self.moves)} actions recorded"
        return f"<{type(self).__name__}: {len(self)} games{recorded}>"

    def game_moves(self, game: int) -> np.ndarray:
        """The move words (0 = pass) of game ``game`` in order; needs ``record=True``."""
        if self.moves is None or self.offsets is None:
            raise ValueError("the moves were not recorded: call random_games(..., record=True)")
        try:
            index = operator.index(game)
        except TypeError:
            raise TypeError(f"game must be an int, not {type(game).__name__}") from None
        if not -len(self) <= index < len(self):
            raise IndexError(f"game {game} is outside 0..{len(self) - 1}")
        index %= len(self)
        return self.moves[self.offsets[index]:self.offsets[index + 1]]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return all(_same(getattr(self, f.name), getattr(other, f.name))
                   for f in fields(self))  # type: ignore[arg-type]

    __hash__ = None  # type: ignore[assignment]  # arrays: equality by value, never dict keys


def _same(a: Optional[np.ndarray], b: Optional[np.ndarray]) -> bool:
    if a is None or b is None:
        return a is b
    return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b))
