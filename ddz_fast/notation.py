"""Text of moves and actions, shared by position notation and game records.

A move is written as its cards in canonical order (``"33344"``), ``pass`` for the pass. When
the same cards make more than one move under the most permissive rule set (``douzero``), the
type and the key rank follow: ``"333444555666:airplane_solo@4"`` is the airplane of 444555666
with wings 333. When parsing, the type alone (``"3888:trio_solo"``) or nothing may be given
as long as only one move fits. Parsing needs no rule set, so move text round-trips under
every preset.

Bids and doubling decisions are written as their enum names (``BID_2``, ``ROB``, ``DOUBLE``);
which kind an action text is follows from the phase it is played in.
"""
from __future__ import annotations

from typing import List

from . import classify
from .bidding import Bid, Double
from .cards import RANK_LETTERS, rank_index
from .clock import Action
from .move import Move

__all__ = ["format_move", "parse_move", "format_action", "parse_action"]

_WIDEST_RULES = "douzero"  # every option at its most permissive: a superset of every preset
PASS_TEXT = "pass"


def _interpretations(cards: str) -> List[Move]:
    return list(classify(cards, rules=_WIDEST_RULES))


def format_move(move: Move) -> str:
    """The text of a move (see the module docstring)."""
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.is_pass:
        return PASS_TEXT
    if len(_interpretations(move.cards)) == 1:
        return move.cards
    return f"{move.cards}:{move.type}@{RANK_LETTERS[move.key]}"


def parse_move(text: str) -> Move:
    """The move of a text written by :func:`format_move` (ValueError if none or ambiguous)."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    text = text.strip()
    if text.lower() == PASS_TEXT:
        return Move.PASS
    cards, _, spec = text.partition(":")
    candidates = _interpretations(cards)
    if spec:  # "type" or "type@key rank"
        kind, at, key = spec.partition("@")
        candidates = [m for m in candidates if m.type == kind]
        if at:
            key_rank = rank_index(key)
            candidates = [m for m in candidates if m.key == key_rank]
    if not candidates:
        raise ValueError(f"{text!r} is not a move")
    if len(candidates) > 1:
        options = ", ".join(format_move(m) for m in candidates)
        raise ValueError(f"{text!r} is ambiguous: write one of {options}")
    return candidates[0]


def format_action(action: Action) -> str:
    """The text of a bid, a doubling decision or a move."""
    if isinstance(action, (Bid, Double)):
        return action.name
    return format_move(action)


def parse_action(text: str, phase: str) -> Action:
    """The action of ``text`` played in ``phase`` ('bidding', 'doubling' or 'play')."""
    if not isinstance(text, str):
        raise TypeError(f"action text must be a str, not {type(text).__name__}")
    enum = {"bidding": Bid, "doubling": Double}.get(phase)
    if enum is None:
        if phase != "play":
            raise ValueError(f"no actions are played in phase {phase!r}")
        return parse_move(text)
    try:
        return enum[text]
    except KeyError:
        raise ValueError(f"{text!r} is not a {enum.__name__}: choose one of "
                         f"{', '.join(enum.__members__)}") from None
