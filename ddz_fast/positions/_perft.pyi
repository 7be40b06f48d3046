"""Type stub of the native perft of every table (src/positions/_perft.pyx), behind
ddz_fast.positions.rollouts.perft_native, which validates the arguments."""
from typing import Tuple

from ..rules import Rules

def _perft(hands: Tuple[int, int, int], landlord: int, to_move: int, prev: int, passes: int,
           depth: int, rules: Rules) -> int: ...
def _perft_four_player(hands: Tuple[Tuple[int, ...], ...], to_move: int, prev_lo: int,
                       prev_hi: int, passes: int, depth: int, rules: Rules) -> int: ...
def _perft_laizi(hands: Tuple[int, int, int], landlord: int, to_move: int,
                 prev: Tuple[int, ...], passes: int, depth: int, rules: Rules,
                 wild: Tuple[int, ...]) -> int: ...
