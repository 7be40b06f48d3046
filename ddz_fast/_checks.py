"""Argument checks shared by the reference and the native implementation.

Both implementations run the very same checks, so they raise the same exceptions, with the
same messages, on the same bad input.
"""
from __future__ import annotations

from typing import Callable, Optional

from .cards import NUM_RANKS, RUNFAST_DECKS, _format
from .hand import Hand, HandLike, as_hand
from .move import Move
from .rules import Rules
from .validate import is_int

__all__ = ["exact_move", "check_play", "check_prev", "check_action_id", "check_runfast_hand"]


def exact_move(move: object, name: str) -> Move:
    """``move`` as an exact :class:`Move`: a subclass may say anything about itself, so it is
    rebuilt from its word, which is validated like any word."""
    if type(move) is Move:
        return move
    if not isinstance(move, Move):
        raise TypeError(f"{name} must be a Move, not {type(move).__name__}")
    try:
        return Move.from_word(move.word)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} is no valid move: {error}") from None


def check_play(move: object, name: str, rules: Rules,
               is_legal: Callable[[Move, Rules], bool]) -> Move:
    """``move`` must be a non-pass Move that ``rules`` allow (returned as an exact Move)."""
    move = exact_move(move, name)
    if move.is_pass:
        raise ValueError(f"{name} is a pass, which is no combination")
    if not is_legal(move, rules):
        raise ValueError(f"{name} {move!r} is not a legal move under {rules!r}")
    return move


def check_prev(prev: object, rules: Rules,
               is_legal: Callable[[Move, Rules], bool]) -> Optional[Move]:
    """The move to beat: None (or Move.PASS) means the player leads."""
    if prev is None:
        return None
    prev = exact_move(prev, "prev")
    return None if prev.is_pass else check_play(prev, "prev", rules, is_legal)


def check_action_id(action_id: object, size: int) -> int:
    if not is_int(action_id):
        raise TypeError(f"an action id is an int, not {type(action_id).__name__}")
    action_id = int(action_id)  # type: ignore[call-overload]
    if not 0 <= action_id < size:
        raise ValueError(f"action id {action_id} is outside 0..{size - 1}")
    return action_id


def check_runfast_hand(hand: HandLike, rules: Rules) -> Hand:
    """The hand as a :class:`Hand` (:func:`ddz_fast.hand.as_hand`'s errors first), refusing
    cards its Run Fast deck does not have (jokers, a fourth ace, a second 2, and with 45 cards
    a fourth king, a second ace) and more cards than a hand holds."""
    hand = as_hand(hand)
    deck = RUNFAST_DECKS[rules.deck_size]
    for rank, (count, most) in enumerate(zip(hand.counts, deck)):
        if count > most:
            raise ValueError(f"hand {_format(hand.counts)} holds {count} of rank "
                             f"{_format(tuple(int(r == rank) for r in range(NUM_RANKS)))}: "
                             f"the {rules.deck_size}-card Run Fast deck has {most}")
    if len(hand) > rules.hand_size:
        raise ValueError(f"hand {_format(hand.counts)} holds {len(hand)} cards: a Run Fast "
                         f"hand of {rules.deck_size} cards holds at most {rules.hand_size}")
    return hand
