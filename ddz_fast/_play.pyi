"""Type stub of ddz_fast._play: the play-phase kernels behind ddz_fast.playout (src/_play.pyx),
whose arguments are validated there."""
from typing import Any, Dict, List, Tuple

import numpy as np
import numpy.typing as npt

from .rules import Rules

def _random_games(seed: int, start: int, count: int, rules: Rules, bidding: int,
                  record: bool) -> Dict[str, npt.NDArray[Any]]: ...
def _play_out(hands: Tuple[int, int, int], landlord: int, to_move: int, to_beat: int,
              passes: int, seed: int, rules: Rules) -> Tuple[int, int, int,
                                                             Tuple[int, int, int]]: ...
def _perft(hands: Tuple[int, int, int], landlord: int, to_move: int, to_beat: int, passes: int,
           depth: int, rules: Rules) -> int: ...
def _auctions(seed: int, count: int, one_round: bool) -> List[
        Tuple[int, Tuple[Tuple[int, int], ...], int, int]]: ...
