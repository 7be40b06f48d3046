"""ddz_fast: fast, exact Dou Dizhu move generation on rank-count bitboards.

>>> from ddz_fast import Hand, legal_moves, classify
>>> [m.cards for m in classify("333B")]
['333B']
"""
import os as _os

from .cards import format_cards, parse_cards
from .hand import Hand
from .move import MOVE_TYPES, Move
from .rules import PRESETS, Rules

# The move API comes from the compiled core ("native", the default) or from the pure-Python
# reference ("python"), chosen by DDZ_FAST_IMPLEMENTATION; ddz_fast.reference is always there.
IMPLEMENTATION: str = _os.environ.get("DDZ_FAST_IMPLEMENTATION") or "native"
if IMPLEMENTATION == "native":
    from .native import (MoveList, action_id, action_move, action_space, beats, classify,
                         legal_action_mask, legal_moves, legal_moves_batch)
elif IMPLEMENTATION == "python":
    from .reference import (action_id, action_move, action_space, beats, classify,
                            legal_action_mask, legal_moves, legal_moves_batch)
    MoveList = list  # what the reference's legal_moves returns
else:
    raise ImportError(f"DDZ_FAST_IMPLEMENTATION={IMPLEMENTATION!r} is not an implementation: "
                      "use 'native' (the default) or 'python'")

from .bidding import Bid, Double
from .game import Game, IllegalActionError, State
from .match import Match
from .position import Position, divide, perft
# The native play loop has no Python twin to switch to (position.perft's walk is perft's twin).
from .playout import Playout, RandomGames, perft_native, play_out, random_games
from .duel import Duel
from .solver import Solution, solve

__version__ = "0.1.0"

__all__ = [
    "Hand", "Move", "Rules", "PRESETS", "MOVE_TYPES", "parse_cards", "format_cards",
    "legal_moves", "classify", "beats", "action_space", "action_id", "action_move",
    "legal_moves_batch", "legal_action_mask", "MoveList", "IMPLEMENTATION",
    "Game", "State", "Bid", "Double", "IllegalActionError", "Match", "Position", "perft", "divide",
    "random_games", "play_out", "perft_native", "RandomGames", "Playout",
    "Duel", "solve", "Solution",
]
