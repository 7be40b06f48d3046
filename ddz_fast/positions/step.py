"""The play rules in one place: what a move does to the hands and whose turn follows.

Shared by :class:`~ddz_fast.positions.three_player.Position`, :mod:`ddz_fast.positions.perft` and the game state of
:mod:`ddz_fast.engine.game` (docs/RULES.md, "Play"): turn order 0 -> 1 -> 2 -> 0; a player following
may pass, the leader may not; after two passes in a row the player who made the last move
leads; the hand ends when a hand empties.
"""
from __future__ import annotations

from functools import partial
from typing import Callable, List, Optional, Sequence, Tuple, Union

from .. import moves as api, bitboard
from ..hand import Hand
from ..move import Move
from ..wild import Wild
from ..rules import Rules

__all__ = ["Hands", "LegalMovesFn", "Implementation", "remove_cards", "play_step",
           "play_actions", "generator"]

Hands = Tuple[Hand, Hand, Hand]
#: A move generator with the signature of :func:`ddz_fast.legal_moves`.
LegalMovesFn = Callable[..., Sequence[Move]]
#: Which move generator a walk over the play tree uses: ``None`` (the implementation behind the
#: public API, :data:`ddz_fast.IMPLEMENTATION`), ``"native"`` (the compiled core),
#: ``"python"`` (the pure-Python reference, :mod:`ddz_fast.reference.moves`) or a move generator.
Implementation = Union[None, str, LegalMovesFn]



def remove_cards(hand: Hand, move: Move) -> Hand:
    """The hand after ``move``, which it is known to hold (the caller checked legality).

    Subtracting the counts on the bitboard skips the per-rank validation of ``Hand()``: this
    runs once per node of a search.
    """
    after = Hand.__new__(Hand)
    after._counts = tuple(have - used for have, used in zip(hand.counts, move.counts))
    after._bitboard = hand.bitboard - (move.word & bitboard.COUNT_MASK)
    return after


def play_step(hands: Hands, player: int, prev: Optional[Move], passes: int,
              move: Move) -> Tuple[Hands, int, Optional[Move], int]:
    """(hands, player to move, move to beat, passes) after ``player`` plays ``move``."""
    following = (player + 1) % 3
    if move.is_pass:
        if passes == 1:  # the second pass in a row: the last player to play leads anything
            return hands, following, None, 0
        return hands, following, prev, passes + 1
    new_hands = list(hands)
    new_hands[player] = remove_cards(hands[player], move)
    return (new_hands[0], new_hands[1], new_hands[2]), following, move, 0


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
