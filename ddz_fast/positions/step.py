"""The play rules in one place, at any number of seats: what a move does to the hands and whose
turn follows (docs/RULES.md, "Play").

Turn order goes round the seats (0 -> 1 -> 2 -> 0, or through seat 3 at four); a player
following may pass, the leader may not; once every other seat has passed in a row the player
who made the last move leads; the hand ends when a hand empties. Positions, perft and the
play-phase table of the three-player state share these rules.
"""
from __future__ import annotations

from functools import partial
from typing import Callable, List, Optional, Sequence, Tuple, Union

from operator import sub

from .. import bitboard
from .. import moves as api
from ..cards import fits_one_deck
from ..hand import Hand
from ..move import Move
from ..wild import Wild
from ..rules import Rules

__all__ = ["Hands", "LegalMovesFn", "Implementation", "remove_cards", "play_step",
           "play_actions", "generator"]

#: The hands of a position, one per seat.
Hands = Tuple[Hand, ...]
#: A move generator with the signature of :func:`ddz_fast.legal_moves`.
LegalMovesFn = Callable[..., Sequence[Move]]
#: Which move generator a walk over the play tree uses: ``None`` (the implementation behind the
#: public API, :data:`ddz_fast.IMPLEMENTATION`), ``"native"`` (the compiled core),
#: ``"python"`` (the pure-Python reference, :mod:`ddz_fast.reference.moves`) or a move generator.
Implementation = Union[None, str, LegalMovesFn]



def remove_cards(hand: Hand, move: Move) -> Hand:
    """The hand after ``move``, which it is known to hold (the caller checked legality).

    The word of a one-deck hand is one subtraction, which skips the per-rank validation of
    ``Hand()``: this runs once per node of a search. A hand of two decks takes the canonical
    word of what is left.
    """
    after = Hand.__new__(Hand)
    counts = tuple(map(sub, hand.counts, move.counts))
    after._counts = counts
    if hand.bitboard < bitboard.TWO_DECKS_BIT:
        after._bitboard = hand.bitboard - (move.word & bitboard.COUNT_MASK)
    else:
        after._bitboard = bitboard.canonical(counts, fits_one_deck(counts))
    return after


def play_step(hands: Hands, player: int, prev: Optional[Move], passes: int,
              move: Move) -> Tuple[Hands, int, Optional[Move], int]:
    """(hands, player to move, move to beat, passes) after ``player`` plays ``move``."""
    following = (player + 1) % len(hands)
    if move.is_pass:
        if passes == len(hands) - 2:   # every other seat passed: the last mover leads anything
            return hands, following, None, 0
        return hands, following, prev, passes + 1
    new_hands = list(hands)
    new_hands[player] = remove_cards(hands[player], move)
    return tuple(new_hands), following, move, 0


def play_actions(hand: Hand, prev: Optional[Move], rules: Rules,
                 generate: LegalMovesFn) -> List[Move]:
    """Every legal play action: ``Move.PASS`` first when following, then the generated moves."""
    moves = list(generate(hand, prev, rules=rules))
    return moves if prev is None else [Move.PASS] + moves


def generator(implementation: Implementation = None, wild: Wild = ()) -> LegalMovesFn:
    """The move generator of ``implementation`` (see :data:`Implementation`); with wild ranks
    ``wild`` (checked, :func:`ddz_fast.wild.check_wild`), the same generator with
    ``wild=`` bound. Wild cards are played in Python only: ``"native"`` refuses them."""
    if wild:
        return _wild_generator(implementation, wild)
    if callable(implementation):
        return implementation
    if implementation is None:
        return api.legal_moves  # the implementation DDZ_FAST_IMPLEMENTATION chose
    if not isinstance(implementation, str):
        raise TypeError(f"implementation must be None, 'native', 'python' or a legal_moves "
                        f"function, not {type(implementation).__name__}")
    if implementation not in ("native", "python"):
        raise ValueError(f"unknown implementation {implementation!r:.100}: use None (the public "
                         "API's), 'native', 'python' or a legal_moves function")
    return api.implementation(implementation).legal_moves


def _wild_generator(implementation: Implementation, wild: Wild) -> LegalMovesFn:
    """The generator of ``implementation`` with the wild ranks bound: the public API's and
    ``"python"`` both reach the generator with wild cards, a function given is called with
    ``wild=``; the compiled core's generator does not play wild cards, so ``"native"`` is
    refused rather than quietly answered by the reference."""
    if isinstance(implementation, str) and implementation == "native":
        raise ValueError("the native implementation cannot play wild cards (laizi): count a "
                         "position with wild ranks with implementation=None or 'python'")
    return partial(generator(implementation), wild=wild)
