"""ddz_fast: fast, exact Dou Dizhu move generation on rank-count bitboards.

>>> from ddz_fast import Hand, legal_moves, classify
>>> [m.cards for m in classify("333B")]
['333B']
"""
from .cards import format_cards, parse_cards
from .hand import Hand
from .move import MOVE_TYPES, Move
from .reference import action_id, action_move, action_space, beats, classify, legal_moves
from .rules import PRESETS, Rules

__version__ = "0.1.0"

__all__ = [
    "Hand", "Move", "Rules", "PRESETS", "MOVE_TYPES", "parse_cards", "format_cards",
    "legal_moves", "classify", "beats", "action_space", "action_id", "action_move",
]
