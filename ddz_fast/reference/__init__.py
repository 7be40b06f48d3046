"""The pure-Python reference: the specification the compiled core is tested against.

Its move API (``ddz_fast.reference.legal_moves`` and its siblings) has the signatures of
``ddz_fast.legal_moves`` and its siblings.
"""
from .moves import (action_id, action_move, action_space, beats, classify, legal_action_mask,
                    legal_moves, legal_moves_batch)

__all__ = ["legal_moves", "classify", "beats", "action_space", "action_id", "action_move",
           "legal_moves_batch", "legal_action_mask"]
