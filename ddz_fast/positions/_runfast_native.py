"""Run Fast in the compiled play loop: native perft, rollouts and random games of Run Fast.

:mod:`ddz_fast.positions.rollouts` and :mod:`ddz_fast.positions.perft` send Run Fast here
(:func:`ddz_fast.positions.rollouts.play_out` of a
:class:`~ddz_fast.positions.runfast.RunFastPosition`,
:func:`~ddz_fast.positions.rollouts.random_games` under Run Fast rules, ``perft(...,
implementation="native")`` of a Run Fast position). Every argument is checked here, and the
position rebuilt through its constructor, before its words reach the compiled core, which
checks them again (table_positions.pxd).

The core's Run Fast words are the 64-bit words of runfastgen.pxd: a :class:`~ddz_fast.move.Move`
of Run Fast's own types (trio + two, airplane with two, four + three) holds bit 125 besides
them, so a word goes in as the low 64 bits of a Move's word, and a recorded word comes back as
a Move through :func:`runfast_move_of_word`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Tuple

import numpy as np

from .. import moves as api
from ..bitboard import COUNT_MASK
from ..compiled import load
from ..hand import Hand
from ..move import Move
from ..rules import Rules, RulesLike
from ..validate import check_int, check_seed64
from . import runfast
from .runfast import RunFastPosition
from .three_player import check_depth
from ._game_arrays import GameArrays

__all__ = ["RunFastPlayout", "RunFastGames"]

_perft = load("ddz_fast.positions._perft")
_rollouts = load("ddz_fast.positions._rollouts")

_LOW_64 = (1 << 64) - 1
#: The deepest perft the core walks: a Run Fast hand lasts far fewer actions (every action but
#: a pass removes a card, and at most two passes follow a play).
_DEPTH_CAP = 1 << 16


class RunFastPlayout(NamedTuple):
    """How a random Run Fast rollout (:func:`ddz_fast.positions.rollouts.play_out` of a
    :class:`~ddz_fast.positions.runfast.RunFastPosition`) ended; one entry a seat in play.

    ``scores`` settle the hand from the position on, as ddz_fast.engine.runfast does: the
    card payments of the losers (``base`` a card left, nothing on one card, double for a loser
    still holding the ``hand_size`` cards of a whole hand: he played none) plus the bombs that
    won their trick during the rollout (``bomb_score x base`` from each other player). Bombs
    paid before the position are not in it. The scores sum to zero.
    """

    winner: int                     #: the seat that went out first
    cards_left: Tuple[int, ...]     #: cards each seat holds at the end
    bombs: Tuple[int, ...]          #: each seat's bombs that won their trick (paid)
    plays: int                      #: actions of the rollout, passes included
    seat_moves: Tuple[int, ...]     #: non-pass moves of each seat during the rollout
    scores: Tuple[int, ...]         #: each seat's result (negative: paid)


@dataclass(frozen=True, eq=False, repr=False)
class RunFastGames(GameArrays):
    """Random Run Fast hands (:func:`ddz_fast.positions.rollouts.random_games` under Run Fast
    rules): one row per game, ``P`` the players (2 or 3).

    A sibling of :class:`~ddz_fast.positions.rollouts.RandomGames` rather than that class:
    Run Fast has no landlord, kitty, bid, multiplier, spring or deal bonus, and settles each
    seat for itself, so most of RandomGames' fields would be meaningless here and its
    ``landlord_won`` would say nothing.

    * ``leader`` (int8): the seat that led (the holder of the three of spades; with two players
      and that card in the hidden hand, the lower lowest card, seat 0 on a tie);
    * ``spade3`` (int8): the hand dealt the three of spades (2 may be the hidden hand);
    * ``winner`` (int8): the seat that went out first;
    * ``plays`` (int16): actions, passes included; ``seat_moves`` (int16, (N, P)): non-pass
      moves of each seat;
    * ``scores`` (int64, (N, P)): the settlement (card payments and the bombs that won their
      trick; each row sums to 0); ``bombs`` (int16, (N, P)): each seat's bombs that won their
      trick; ``cards_left`` (int8, (N, P)): cards each seat held at the end;
    * ``hands`` (uint64, (N, 3)): the three hands dealt, as hand words (the third is the
      hidden one with two players);
    * with ``record``: ``moves`` (uint64, the core's 64-bit Run Fast words, 0 = pass; see
      :meth:`game_actions` for Moves) and ``offsets`` (int64, N + 1).
    """

    leader: np.ndarray
    spade3: np.ndarray
    winner: np.ndarray
    plays: np.ndarray
    seat_moves: np.ndarray
    scores: np.ndarray
    bombs: np.ndarray
    cards_left: np.ndarray
    hands: np.ndarray
    moves: Optional[np.ndarray] = None
    offsets: Optional[np.ndarray] = None

    def game_actions(self, game: int, rules: RulesLike = "runfast") -> List[Move]:
        """The actions of game ``game`` as Moves (``Move.PASS`` for a pass) under the Run Fast
        ``rules`` it was played under; needs ``record=True``."""
        return [runfast_move_of_word(int(word), rules) for word in self.game_moves(game)]

def runfast_move_of_word(word: int, rules: RulesLike = "runfast") -> Move:
    """The Move of one of the core's 64-bit Run Fast words (0: the pass), read back through
    classify under ``rules`` (ValueError when it is no move of theirs)."""
    word = check_int("word", word, 0, _LOW_64)
    if word == 0:
        return Move.PASS
    cards = Hand.from_bitboard(word & COUNT_MASK)
    for move in api.classify(cards, rules=rules):
        if move._word & _LOW_64 == word:
            return move
    raise ValueError(f"{word:#x} is no Run Fast move word of {rules!r}")


# --- the positions ---------------------------------------------------------------------------

def _words(position: RunFastPosition, rules: RulesLike) -> Tuple[Tuple[int, ...], int, int,
                                                                  int, Rules]:
    """(hand words, to move, move word to beat or 0, passes, rules) of a Run Fast position,
    read from the position rebuilt through its checks and its rules checked against it."""
    checked_position = runfast.checked_position(position)
    checked = runfast.runfast_rules(checked_position, rules)
    prev = checked_position.prev
    return (tuple(hand._bitboard for hand in checked_position.hands), checked_position.to_move,
            0 if prev is None else prev._word & _LOW_64, checked_position.passes, checked)


def perft(position: RunFastPosition, depth: int, rules: RulesLike) -> int:
    """perft of a Run Fast position counted in the compiled core (Ctrl-C raises
    KeyboardInterrupt)."""
    check_depth(depth)
    hands, to_move, prev, passes, checked = _words(position, rules)
    if depth == 0:
        return 1
    return _perft._perft_runfast(hands, to_move, prev, passes, min(depth, _DEPTH_CAP), checked)


def play_out(position: RunFastPosition, seed: int, rules: RulesLike) -> RunFastPlayout:
    """A random rollout of a Run Fast position (see RunFastPlayout); a position that is already
    over has no actions and nothing to settle."""
    seed = check_seed64("seed", seed)
    hands, to_move, prev, passes, checked = _words(position, rules)
    if not all(hands):
        seats = len(hands)
        left = tuple(len(hand) for hand in runfast.checked_position(position).hands)
        return RunFastPlayout(left.index(0), left, (0,) * seats, 0, (0,) * seats,
                              (0,) * seats)
    return RunFastPlayout(*_rollouts._play_out_runfast(hands, to_move, prev, passes, seed,
                                                       checked))
