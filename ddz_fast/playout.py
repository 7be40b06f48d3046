"""The play phase in native code: many random games at once, random rollouts and perft.

These run the compiled core's play loop (src/playout.pxi) on three hand words, without the GIL
and without one Python object per move. Every argument is validated here, before it reaches
code compiled without bounds checks.

* :func:`random_games` plays whole hands (deal, landlord, play, settlement) with uniformly random
  legal actions; the result is one numpy array per statistic.
* :func:`play_out` finishes a :class:`~ddz_fast.position.Position` at random (a rollout).
* :func:`perft_native` is :func:`ddz_fast.position.perft` counted natively; the Python walk of
  ``position.perft`` over :mod:`ddz_fast.reference` is its twin.

Choices of the native games (docs/RULES.md leaves room or the native loop simplifies):

* Deal: a Fisher-Yates shuffle of the 54 cards driven by splitmix64; cards 0-16 go to seat 0,
  17-33 to seat 1, 34-50 to seat 2, the last three to the kitty. Game ``i`` of ``seed`` uses a
  stream of its own, a function of ``(seed, i)`` only, so results do not depend on how the games
  are split across calls or threads. This deal is NOT the deal of ``Game.new_state(seed)``,
  which shuffles with Python's ``random.Random``.
* Landlord: ``bidding="random"`` (the default) makes a uniformly random seat the landlord at
  base stake 1. ``bidding="points"`` runs the points auction of docs/RULES.md (single round when
  ``rules.single_round_auction``) from a random first bidder, each bidder choosing uniformly
  among the legal bids (pass included); the winning bid is the base stake, and when all three
  pass the cards are re-dealt and the next seat bids first, as in :class:`~ddz_fast.Game`.
* Play: at every turn the player chooses uniformly among the legal actions, the pass being one
  of them when following (the leader cannot pass).
* Scoring: no doubling round and no chip stacks. The multiplier doubles for each bomb and
  rocket played and for a spring or an anti-spring; each peasant settles
  ``base stake x multiplier`` with the landlord, so the landlord wins or loses twice that and
  the scores of a game sum to zero.
"""
from __future__ import annotations

import operator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields
from typing import Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from .compiled import core as _core  # NativeCoreMissingError on use when not built
from ._checks import check_prev
from .position import Position, _check_perft_args
from .rules import Rules, RulesLike, as_rules

__all__ = ["RandomGames", "Playout", "random_games", "play_out", "perft_native",
           "BIDDING_CHOICES"]

#: The ways :func:`random_games` chooses the landlord.
BIDDING_CHOICES = ("random", "points")
_WORD_LIMIT = 1 << 64
# A hand lasts at most 3 * 54 actions (every move takes a card, at most two passes follow it),
# so any deeper perft counts the same leaves: the C int depth never needs more.
_DEPTH_CAP = 1 << 16


@dataclass(frozen=True, eq=False, repr=False)
class RandomGames:
    """The results of :func:`random_games`: one read-only numpy array per statistic, indexed by
    game (row ``i`` is game ``i`` of the seed).

    ``plays`` counts every action of the play phase, passes included; ``bombs`` the bombs and
    rockets played. ``hands`` holds the three hands at the start of play (the landlord's with the
    kitty) as rank-count words (:mod:`ddz_fast.bitboard`), ``kitty`` the kitty's word. With
    ``record=True``, ``moves`` holds the move words of every action of every game (0 for a
    pass) and game ``i``'s are ``moves[offsets[i]:offsets[i + 1]]``; both are None otherwise.
    Two results compare equal when every array does.
    """

    landlord: np.ndarray        # int8: the landlord's seat
    landlord_won: np.ndarray    # bool
    base_stake: np.ndarray      # int8: 1, or the winning bid of a points auction
    multiplier: np.ndarray      # int32: 2 ** (bombs + spring + anti_spring)
    bombs: np.ndarray           # int16
    plays: np.ndarray           # int16
    scores: np.ndarray          # int32, (N, 3) by seat; every row sums to zero
    spring: np.ndarray          # bool
    anti_spring: np.ndarray     # bool
    hands: np.ndarray           # uint64, (N, 3)
    kitty: np.ndarray           # uint64
    moves: Optional[np.ndarray] = None     # uint64
    offsets: Optional[np.ndarray] = None   # int64, N + 1

    def __post_init__(self) -> None:
        for array in self._arrays():
            array.setflags(write=False)

    def _arrays(self) -> List[np.ndarray]:
        return [a for a in (getattr(self, f.name) for f in fields(self)) if a is not None]

    def __len__(self) -> int:
        return len(self.landlord)

    def __repr__(self) -> str:
        recorded = "" if self.moves is None else f", {len(self.moves)} actions recorded"
        return f"<RandomGames: {len(self)} games{recorded}>"

    def game_moves(self, game: int) -> np.ndarray:
        """The move words (0 = pass) of game ``game`` in order; needs ``record=True``."""
        if self.moves is None or self.offsets is None:
            raise ValueError("the moves were not recorded: call random_games(..., record=True)")
        index = operator.index(game)
        if not -len(self) <= index < len(self):
            raise IndexError(f"game {game} is outside 0..{len(self) - 1}")
        index %= len(self)
        return self.moves[self.offsets[index]:self.offsets[index + 1]]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RandomGames):
            return NotImplemented
        return all(_same(getattr(self, f.name), getattr(other, f.name)) for f in fields(self))

    __hash__ = None  # type: ignore[assignment]  # arrays: equality by value, never dict keys


def _same(a: Optional[np.ndarray], b: Optional[np.ndarray]) -> bool:
    if a is None or b is None:
        return a is b
    return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b))


class Playout(NamedTuple):
    """How a random rollout (:func:`play_out`) ended."""

    winner: int                     #: the seat whose hand emptied first
    landlord_won: bool
    bombs: int                      #: bombs and rockets played during the rollout
    plays: int                      #: actions of the rollout, passes included
    seat_moves: Tuple[int, int, int]  #: non-pass moves of each seat during the rollout


# --- argument checks -------------------------------------------------------------------------

def _check_count(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    value = operator.index(value)
    if value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    return value


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    seed = operator.index(seed)
    if not 0 <= seed < _WORD_LIMIT:
        raise ValueError(f"seed must be in 0..2**64 - 1, got {seed}")
    return seed


def _bidding_code(bidding: object, rules: Rules) -> int:
    """The kernel's landlord choice: 0 random, 1 points, 2 single-round points."""
    if not isinstance(bidding, str):
        raise TypeError(f"bidding must be a str, not {type(bidding).__name__}")
    if bidding not in BIDDING_CHOICES:
        raise ValueError(f"unknown bidding {bidding!r}: choose one of "
                         f"{', '.join(BIDDING_CHOICES)}")
    if bidding == "random":
        return 0
    return 2 if rules.single_round_auction else 1


def _position_words(position: Position) -> Tuple[Tuple[int, int, int], int]:
    """(hand words, move word to beat or 0) of a position."""
    hands = position.hands
    to_beat = position.move_to_beat
    return (hands[0].bitboard, hands[1].bitboard, hands[2].bitboard), \
        0 if to_beat is None else to_beat.word


def _check_to_beat(position: Position, rules: Rules) -> None:
    """The move to beat must be a move of ``rules`` (legal_moves' error otherwise)."""
    check_prev(position.move_to_beat, rules, _core._is_legal)


# --- the public functions --------------------------------------------------------------------

def random_games(n: int, seed: int, *, rules: RulesLike = None, bidding: str = "random",
                 record: bool = False, workers: int = 1, start: int = 0) -> RandomGames:
    """Play ``n`` complete hands with uniformly random legal actions, natively.

    ``seed`` (0..2**64 - 1) fixes every game: the same arguments give the same arrays, and game
    ``i`` of a seed is the same whatever ``n`` and ``workers`` are. ``start`` skips to game
    ``start`` (row 0 is then that game), so ``random_games(n, seed, start=k)`` equals rows
    ``k .. k + n - 1`` of a longer run: large runs can be split across processes. ``rules``
    gives the move options (and ``single_round_auction`` for points bidding); ``bidding`` is
    ``"random"`` or ``"points"`` (see the module docstring for the deal, the landlord choice and
    the scoring). ``record`` keeps the move words of every game. ``workers`` > 1 plays
    contiguous chunks of the games on that many threads (the loop runs without the GIL).
    """
    n = _check_count("n", n, 0)
    seed = _check_seed(seed)
    start = _check_count("start", start, 0)
    if start + n > _WORD_LIMIT:
        raise ValueError(f"games {start}..{start + n - 1} go past game 2**64 - 1")
    rules = as_rules(rules)
    code = _bidding_code(bidding, rules)
    if not isinstance(record, bool):
        raise TypeError(f"record must be a bool, not {type(record).__name__}")
    workers = _check_count("workers", workers, 1)
    bounds = [start + n * k // workers for k in range(workers + 1)]
    chunks = [(first, stop - first) for first, stop in zip(bounds, bounds[1:]) if stop > first]
    if len(chunks) <= 1:
        return RandomGames(**_core._random_games(seed, start, n, rules, code, record))
    with ThreadPoolExecutor(len(chunks)) as pool:
        parts = list(pool.map(lambda c: _core._random_games(seed, c[0], c[1], rules, code,
                                                            record), chunks))
    return RandomGames(**_joined(parts))


def _joined(parts: List[Dict[str, np.ndarray]]) -> Dict[str, np.ndarray]:
    """One result of consecutive chunks; the move offsets of a chunk continue the last one's."""
    joined = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]
              if key != "offsets"}
    if "offsets" in parts[0]:
        shift = np.cumsum([0] + [len(p["moves"]) for p in parts[:-1]])
        joined["offsets"] = np.concatenate(
            [parts[0]["offsets"][:1]] + [p["offsets"][1:] + s for p, s in zip(parts, shift)])
    return joined


def play_out(position: Position, seed: int, *, rules: RulesLike = None) -> Playout:
    """Finish ``position`` with uniformly random legal actions (a rollout) and say how it ended.

    The same position and seed always give the same rollout. A position that is already over
    returns at once (no plays).
    """
    if not isinstance(position, Position):
        raise TypeError(f"position must be a Position, not {type(position).__name__}")
    seed = _check_seed(seed)
    rules = as_rules(rules)
    if not position.is_over:
        _check_to_beat(position, rules)
    hands, to_beat = _position_words(position)
    winner, bombs, plays, seat_moves = _core._play_out(
        hands, position.landlord, position.to_move, to_beat, position.passes, seed, rules)
    return Playout(winner, winner == position.landlord, bombs, plays, seat_moves)


def perft_native(position: Position, depth: int, *, rules: RulesLike = None) -> int:
    """:func:`ddz_fast.position.perft` counted by the native core: same leaves, same errors.

    A pass is a move when following, a finished hand is a leaf at any depth and
    ``perft_native(p, 0) == 1``. The count runs without the GIL and cannot be interrupted.
    """
    _check_perft_args(position, depth)
    rules = as_rules(rules)
    if depth and not position.is_over:  # where position.perft first generates moves
        _check_to_beat(position, rules)
    hands, to_beat = _position_words(position)
    return _core._perft(hands, position.landlord, position.to_move, to_beat, position.passes,
                        min(depth, _DEPTH_CAP), rules)
