"""Type stub of the native rollouts of every table (src/positions/_rollouts.pyx), behind
ddz_fast.positions.rollouts.play_out, which validates the arguments."""
from typing import Tuple

from ..rules import Rules

def _play_out(hands: Tuple[int, int, int], landlord: int, to_move: int, prev: int,
              passes: int, seed: int, rules: Rules) -> Tuple[int, int, int,
                                                             Tuple[int, int, int]]: ...
def _play_out_four_player(hands: Tuple[Tuple[int, ...], ...], to_move: int, prev_lo: int,
                          prev_hi: int, passes: int, seed: int, rules: Rules) -> Tuple[
                        int, int, int, Tuple[int, int, int, int]]: ...
def _play_out_laizi(hands: Tuple[int, int, int], landlord: int, to_move: int,
                    prev: Tuple[int, ...], passes: int, seed: int, rules: Rules,
                    wild: Tuple[int, ...]) -> Tuple[int, int, int, Tuple[int, int, int]]: ...
