"""Type stub of the compiled solver (src/search/_solver.pyx); ddz_fast.search.solver is its only
caller."""
from typing import Tuple

from ..move import Move
from ..rules import Rules

class TranspositionTable:
    nbytes: int
    def __init__(self, nbytes: int) -> None: ...

#: The winning moves, the stake moves, the principal variation, the value (1, 0, -1 unknown),
#: the signed stake (0 unknown), the distance (-1 unknown), the nodes, the seconds, the stop code.
Found = Tuple[Tuple[Move, ...], Tuple[Move, ...], Tuple[Move, ...], int, int, int, int, float,
              int]

def _solve(table: TranspositionTable, hands: Tuple[int, int, int], landlord: int, to_move: int,
           prev: int, passes: int, duel: bool, rules: Rules, objective: int,
           max_nodes: int, time_limit: float, want_pv: bool) -> Found: ...

def _solve_laizi(table: TranspositionTable, hands: Tuple[int, int, int], landlord: int,
                 to_move: int, prev: Tuple[int, ...], passes: int, wild: Tuple[int, ...],
                 rules: Rules, objective: int, max_nodes: int, time_limit: float,
                 want_pv: bool) -> Found: ...

def _solve_four_player(table: TranspositionTable, hands: Tuple[Tuple[int, ...], ...],
                       to_move: int, prev_lo: int, prev_hi: int, passes: int, landlord: int,
                       partner: int, rules: Rules, objective: int, max_nodes: int,
                       time_limit: float, want_pv: bool) -> Found: ...
