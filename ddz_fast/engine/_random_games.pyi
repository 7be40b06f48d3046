"""Type stub of the native random games of every table (src/engine/_random_games.pyx), behind
ddz_fast.positions.rollouts.random_games, which validates the arguments."""
from typing import Any, Dict, List, Tuple

import numpy.typing as npt

from ..rules import Rules

def _random_games(seed: int, start: int, count: int, rules: Rules, bidding: int,
                  record: bool) -> Dict[str, npt.NDArray[Any]]: ...
def _random_four_player_games(seed: int, start: int, count: int, rules: Rules, bidding: int,
                              record: bool) -> Dict[str, npt.NDArray[Any]]: ...
def _random_laizi_games(seed: int, start: int, count: int, rules: Rules, bidding: int,
                        record: bool) -> Dict[str, npt.NDArray[Any]]: ...
def _auctions(seed: int, count: int, one_round: bool) -> List[
        Tuple[int, Tuple[Tuple[int, int], ...], int, int]]: ...
def _four_player_auctions(seed: int, count: int, one_round: bool) -> List[
        Tuple[int, Tuple[Tuple[int, int], ...], int, int]]: ...
