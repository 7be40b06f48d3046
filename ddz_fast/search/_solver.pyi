"""Type stub of the compiled solver (src/search/_solver.pyx); ddz_fast.search.solver is its only
caller."""
from typing import Tuple

from ..move import Move
from ..rules import Rules

class TranspositionTable:
    nbytes: int
    def __init__(self, nbytes: int) -> None: ...

def _solve(table: TranspositionTable, hands: Tuple[int, int, int], landlord: int, to_move: int,
           prev: int, passes: int, duel: bool, rules: Rules, objective: int,
           max_nodes: int, time_limit: float, want_pv: bool
           ) -> Tuple[Tuple[Move, ...], Tuple[Move, ...], Tuple[Move, ...], int, int, int, int,
                      float, int]: ...
