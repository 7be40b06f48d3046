"""Type stub of the native core of ddz_fast.engine.vector (src/engine/_vector.pyx): the state
of N tables of the play phase and their step."""
from typing import Any, Optional, Tuple

import numpy as np

MAX_HISTORY: int
BID_WORDS: Tuple[int, ...]

class _Tables:
    n: int
    num_moves: int
    auto_reset: bool
    ready: bool
    total: int
    full: bool
    num_ids: int
    moves: np.ndarray
    action_ids: np.ndarray
    id_words_array: np.ndarray
    bytes_per_table: int
    listing_bytes: int
    def __init__(self, n: int, rules: Any, auto_reset: bool, full: bool = False) -> None: ...
    def view(self, name: str) -> np.ndarray: ...
    def mask(self) -> np.ndarray: ...
    def reset_seeded(self, bases: np.ndarray, landlords: np.ndarray) -> None: ...
    def reset_given(self, hands: np.ndarray, landlords: np.ndarray,
                    bases: Optional[np.ndarray]) -> None: ...
    def step(self, actions: np.ndarray, words: bool, where: Optional[np.ndarray]) -> int: ...
