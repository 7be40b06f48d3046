"""Type stub of the play phase a State steps on (src/engine/_play_phase.pyx);
ddz_fast.engine.stepping builds it from checked words."""
from typing import Any, List, Optional, Tuple

from ..move import Move
from ..rules import Rules

class PlayPhase:
    def __init__(self, hands: Tuple[int, int, int], landlord: int, rules: Rules) -> None: ...
    def actions(self) -> List[Move]: ...
    def contains(self, move: object) -> bool: ...
    def play(self, move: object, log: Optional[List[Any]]) -> int: ...
    def copy(self) -> "PlayPhase": ...
    def key(self) -> tuple: ...
    hands: Tuple[int, int, int]
    prev: Optional[Move]
    prev_word: int
    passes: int
    player: int
    landlord: int
    plays: Tuple[int, int, int]
    bombs: int
    winner: int

# The fields and calls of a game State's steps (ddz_fast.engine.stepping.PythonStateCore is its
# twin).
class _StateCore:
    _phase: str
    _player: Optional[int]
    _play_phase: Any
    _log: List[Any]
    _timeouts: Tuple[int, int, int]
    _over: bool
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self) -> List[Any]: ...
    def apply(self, action: Any) -> None: ...

def _restored_play_phase(hands: Tuple[int, int, int], landlord: int, player: int, prev: int,
                         passes: int, actions: int, plays: Tuple[int, int, int], bombs: int,
                         winner: int, rules: Rules) -> PlayPhase: ...
