"""ddz_fast: fast, exact Dou Dizhu move generation on rank-count bitboards.

>>> from ddz_fast import Hand, legal_moves, classify
>>> [m.cards for m in classify("333B")]
['333B']
"""
from .cards import format_cards, parse_cards
from .compiled import NativeCoreMissingError
from .hand import Hand
from .move import MOVE_TYPES, Move
from .rules import PRESETS, Rules

# The move API comes from the compiled core ("native", the default) or from the pure-Python
# reference ("python"), chosen by DDZ_FAST_IMPLEMENTATION (see ddz_fast.moves).
from .moves import (IMPLEMENTATION, MoveList, action_id, action_move, action_space, beats, classify,
                    legal_action_mask, legal_moves, legal_moves_batch)

from .actions import Bid, DealBonus, Double
from .engine.base import IllegalActionError
from .engine.game import Game
from .engine.match import Match
from .engine.three_player import State
from .positions.three_player import Position
from .positions.perft import divide, perft
# The native play loop has no Python twin to switch to (perft's walk is perft_native's twin):
# without the compiled core these raise NativeCoreMissingError when called.
from .positions.rollouts import Playout, RandomGames, perft_native, play_out, random_games
from .positions.duel import Duel
from .version import __version__
from .search.solver import Solution, solve
from .search.infoset import InformationSet, information_set


__all__ = [
    "Hand", "Move", "Rules", "PRESETS", "MOVE_TYPES", "parse_cards", "format_cards",
    "legal_moves", "classify", "beats", "action_space", "action_id", "action_move",
    "legal_moves_batch", "legal_action_mask", "MoveList", "IMPLEMENTATION",
    "Game", "State", "Bid", "Double", "DealBonus", "IllegalActionError", "Match", "Position",
    "perft", "divide",
    "random_games", "play_out", "perft_native", "RandomGames", "Playout",
    "Duel", "solve", "Solution", "NativeCoreMissingError", "__version__",
    "InformationSet", "information_set",
]
