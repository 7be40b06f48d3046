"""The perfect-information solver: who wins, every winning move, and the line of play.

:func:`solve` takes a position of any Dou Dizhu table with every hand visible, or a duel, and
answers docs/RULES.md, "Search":

* a :class:`~ddz_fast.positions.three_player.Position`: three hands, the landlord's side against
  the two peasants, who play as one side seeing every card; with wild ranks (``wild``, rules with
  ``laizi``) the moves are read with wild cards;
* a :class:`~ddz_fast.positions.four_player.FourPlayerPosition`: four hands of two decks, the
  landlord against three peasants, or under ``sides="partner"`` rules the landlord and the
  ``partner`` seat against the other two;
* a :class:`~ddz_fast.positions.duel.Duel`: two hands of one deck, the first player to move.

The answers:

* ``wins``: whether the side to move wins with best play; ``landlord_wins`` for a position
  (whether the landlord's side wins); for a duel, whose first player is always to move, ``wins``
  is whether the first player wins;
* ``winning_moves``: every first action that keeps the win for the side to move (``Move.PASS``
  included when passing keeps it), in canonical order; empty when the side to move loses
  (with ``every_move=False``, the first winning move the search finds: the value's cost);
* ``pv``: a line of play to the end of the hand. By default a *winning line*: at each of its
  turns the winning side plays a winning move (the first its search tries), the losing side
  the first action it would try; it costs little beyond the value, as the searches behind it
  mostly meet the table the value filled. With ``shortest=True``, the *principal variation*
  of the rule book instead: the first action in canonical order realising the best play at
  every step, the winning side ending the hand in the fewest actions and the losing side
  delaying the end as long as it can; ``distance`` is then its length (actions to the end,
  passes counted). Measured on duels of 10 to 14 cards a side, the shortest line costs 5 to 10
  times the value's nodes (docs/solving.md);
* ``stake`` (``objective="stake"``): the signed multiplier from this position on, positive when
  the landlord's side (a duel's first player) wins and negative when it loses: ``2**k`` for
  ``k`` bombs and rockets played from here (with wild cards under ``bomb_multiplier="app"``,
  the product of what each bomb multiplies by), the landlord's side maximising and the other
  side minimising. Spring and anti-spring depend on who played a card earlier in the hand,
  which a position does not record, so they are never counted; ``stake_moves`` are the first
  actions that get it.

The search runs natively (``ddz_fast.search._solver``) without the GIL: an OR-AND search with a
first-win cutoff over the core's move words, a transposition table of ``tt_megabytes`` keyed by
the whole node, then the line of play: a walk down the warm table for the winning line, or an
iterative-deepening distance search for the principal variation.
:mod:`ddz_fast.reference.solver` is its pure-Python specification.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import Callable, Dict, Optional, Tuple, Union

from ..compiled import CORE_MODULE, load
from .._checks import check_prev
from .._memory import allocation_error, check_room
from ..positions import four_player
from ..positions.duel import Duel, checked_duel
from ..move import Move
from ..positions.four_player import FourPlayerPosition
from ..positions.rollouts import _four_player_words, _landlord_side, _wild_words
from ..positions.three_player import Position, checked_position
from ..rules import RulesLike, three_player_table
from ..validate import check_int, is_int

__all__ = ["Solution", "solve", "OBJECTIVES", "DEFAULT_TT_MEGABYTES", "MAX_THREADS"]
_core = load(CORE_MODULE)  # NativeCoreMissingError on use when not built
_solver = load("ddz_fast.search._solver")

Game = Union[Position, FourPlayerPosition, Duel]
#: The objectives :func:`solve` accepts.
OBJECTIVES = ("win", "stake")
DEFAULT_TT_MEGABYTES = 64
#: The most threads one solve searches on.
MAX_THREADS = 64
_MAX_TT_MEGABYTES = 1 << 16
_NO_NODE_LIMIT = (1 << 63) - 1
_STOP_REASONS = {0: None, 1: "nodes", 2: "time"}
# The native objective behind every_move=False: the value and the first winning move found.
_FIRST_WIN = 2
# The line of play the native search finds: none, a winning line, the principal variation.
_NO_LINE, _WINNING_LINE, _SHORTEST_LINE = 0, 1, 2


@dataclass(frozen=True)
class Solution:
    """The result of :func:`solve` (see the module docstring for each answer).

    ``exact`` is True when everything asked for was computed. When ``max_nodes`` or
    ``time_limit`` runs out first, ``exact`` is False and ``stopped`` says which (``"nodes"``
    or ``"time"``); ``wins`` then holds a value only if it was proven (a winning move found, or
    every action refuted) and is None otherwise; ``winning_moves`` holds the winning moves
    proven so far; ``pv`` is empty and ``distance`` and ``stake`` are None unless they were
    finished. ``distance`` is None unless ``shortest=True`` asked for it. Nothing in an
    inexact result is ever a guess.
    """

    game: Game
    wins: Optional[bool]
    landlord_wins: Optional[bool]
    winning_moves: Tuple[Move, ...]
    pv: Tuple[Move, ...]
    distance: Optional[int]
    stake: Optional[int]
    stake_moves: Tuple[Move, ...]
    nodes: int
    seconds: float
    exact: bool
    stopped: Optional[str] = None

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


# --- argument checks -------------------------------------------------------------------------

def _check_game(game: object) -> Game:
    """The position or duel rebuilt through its checks: the native search reads only what
    was checked, whatever was done to the object it was handed."""
    if type(game) is Position:
        return checked_position(game)
    if type(game) is FourPlayerPosition:
        return four_player._rebuilt(game)
    if type(game) is Duel:
        return checked_duel(game)
    raise TypeError(f"solve needs a Position, a FourPlayerPosition or a Duel, not "
                    f"{type(game).__name__}")


def _check_objective(objective: object) -> int:
    if not isinstance(objective, str):
        raise TypeError(f"objective must be a str, not {type(objective).__name__}")
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: choose one of {', '.join(OBJECTIVES)}")
    return OBJECTIVES.index(objective)


def _check_max_nodes(max_nodes: object) -> int:
    if max_nodes is None:
        return _NO_NODE_LIMIT
    if not is_int(max_nodes):
        raise TypeError(f"max_nodes must be an int or None, not {type(max_nodes).__name__}")
    max_nodes = int(max_nodes)  # type: ignore[call-overload]
    if not 1 <= max_nodes <= _NO_NODE_LIMIT:
        raise ValueError(f"max_nodes must be between 1 and 2**63 - 1, got {max_nodes}")
    return max_nodes


def _check_time_limit(time_limit: object) -> float:
    if time_limit is None:
        return 0.0
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise TypeError(f"time_limit must be a number of seconds or None, "
                        f"not {type(time_limit).__name__}")
    if not (math.isfinite(time_limit) and time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit}")
    return float(time_limit)


def _check_megabytes(megabytes: object) -> int:
    if not is_int(megabytes):
        raise TypeError(f"tt_megabytes must be an int, not {type(megabytes).__name__}")
    megabytes = int(megabytes)  # type: ignore[call-overload]
    if not 1 <= megabytes <= _MAX_TT_MEGABYTES:
        raise ValueError(f"tt_megabytes must be between 1 and {_MAX_TT_MEGABYTES}, "
                         f"got {megabytes}")
    return megabytes


def _check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


# --- tables ----------------------------------------------------------------------------------
# A table is reused from one solve to the next (its pages are mapped already; a new generation
# empties it without touching memory). One solve uses a table at a time: a concurrent solve
# takes a new one. At most one idle table is kept, so memory stays bounded by the last size.

_IDLE: Dict[int, "_solver.TranspositionTable"] = {}
_IDLE_LOCK = threading.Lock()


def _take_table(megabytes: int) -> "_solver.TranspositionTable":
    with _IDLE_LOCK:
        table = _IDLE.pop(megabytes, None)
        _IDLE.clear()  # a table of another size is not coming back into use
    return table if table is not None else _new_table(megabytes)


def _new_table(megabytes: int) -> "_solver.TranspositionTable":
    """A new table, after a check that the machine has the memory: its pages are mapped
    lazily, so a table past the memory available would be refused late or not at all (and
    the system would stop the process once the search filled it)."""
    request, what = f"tt_megabytes={megabytes}", "the transposition table"
    check_room(megabytes << 20, request, what)
    try:
        return _solver.TranspositionTable(megabytes << 20)
    except MemoryError:     # an address-space limit, or memory taken meanwhile
        raise allocation_error(megabytes << 20, request, what) from None


def _give_table(megabytes: int, table: "_solver.TranspositionTable") -> None:
    with _IDLE_LOCK:
        _IDLE.clear()
        _IDLE[megabytes] = table


# --- solving ---------------------------------------------------------------------------------

def _finished(game: Union[Position, FourPlayerPosition], side: Tuple[int, ...],
              want_stake: bool) -> Solution:
    """A position whose hand has ended: its value, and nothing to play (no bomb is played from
    here on, so a stake asked for is 1 or -1, the sign of the landlord's side)."""
    landlord_won = any(not game.hands[seat].bitboard for seat in side)
    wins = landlord_won == (game.to_move in side)
    stake = (1 if landlord_won else -1) if want_stake else None
    return Solution(game, wins, landlord_won, (), (), 0, stake, (), 0, 0.0, True)


def _native_call(game: Game, rules: RulesLike, partner: object) -> Tuple[
        Tuple[int, ...], Callable[..., tuple], tuple]:
    """The landlord's side, the native entry point and its node arguments for ``game`` under
    ``rules``, every argument checked (the rules against the table, the wild ranks against the
    rules, the move to beat against both, the partner against the sides)."""
    if type(game) is FourPlayerPosition:
        checked = four_player._four_player_rules("four_player" if rules is None else rules)
        side = _landlord_side(game.landlord, partner, checked)
        hands, to_move, low, high, passes = _four_player_words(game, checked)
        return side, _solver._solve_four_player, (
            hands, to_move, low, high, passes, game.landlord, side[-1] if len(side) > 1 else -1,
            checked)
    if partner is not None:
        raise ValueError("partner names the landlord's partner at the four-player table: a "
                         "game of three seats or a duel has none")
    checked = three_player_table(rules, "the solver")
    if type(game) is Duel:
        if checked.laizi:
            raise ValueError(f"a duel is the puzzle form without wild cards, and "
                             f"{checked!r} play with them: solve a Position with wild ranks")
        check_prev(game.prev, checked, _core._is_legal)
        prev = 0 if game.prev is None else game.prev.word
        return (0,), _solver._solve, ((game.first.bitboard, game.second.bitboard, 0), 0, 0,
                                      prev, 0, True, checked)
    side = (game.landlord,)
    if game.wild is not None or checked.laizi:
        wild, hands, prev_fields = _wild_words(game, checked)
        return side, _solver._solve_laizi, (hands, game.landlord, game.to_move, prev_fields,
                                            game.passes, wild, checked)
    check_prev(game.prev, checked, _core._is_legal)
    prev = 0 if game.prev is None else game.prev.word
    hands = tuple(h.bitboard for h in game.hands)
    return side, _solver._solve, (hands, game.landlord, game.to_move, prev, game.passes, False,
                                  checked)


def solve(game: Game, *, rules: RulesLike = None, objective: str = "win",
          max_nodes: Optional[int] = None, time_limit: Optional[float] = None,
          tt_megabytes: int = DEFAULT_TT_MEGABYTES, pv: bool = True, shortest: bool = False,
          threads: int = 1, partner: Optional[int] = None, every_move: bool = True) -> Solution:
    """Solve a position or a duel exactly (see the module docstring for the answers).

    ``rules`` gives the move options (a :class:`Rules` or a preset name): those of three
    players for a :class:`~ddz_fast.positions.three_player.Position` and a duel (with wild cards
    exactly when the position has wild ranks), of four players for a
    :class:`~ddz_fast.positions.four_player.FourPlayerPosition` (default ``four_player``).
    ``partner`` names the landlord's partner at the four-player table under
    ``sides="partner"`` rules (a position does not hold it); it is refused elsewhere.
    ``objective`` is ``"win"`` or ``"stake"`` (also compute the stake; meant for small
    positions, it searches every action). ``max_nodes`` and ``time_limit`` (seconds) bound the
    search: when either runs out the result comes back with ``exact=False`` (never an exception
    and never a wrong exact answer). ``tt_megabytes`` is the memory of the transposition table.
    ``pv=False`` skips the line of play; ``shortest=True`` makes it the principal variation,
    with its ``distance``, at many times the cost of the value (a shortest line longer than
    254 actions, at four seats with about 60 cards or more in play, is not searched for: the
    result is then inexact with ``stopped`` None).

    ``every_move=False`` asks for the value and one winning move: the root's actions are
    searched in the search's own order and the search stops at the first that wins, so
    ``winning_moves`` holds that one move (the first winning move in search order, whatever
    the threads) or nothing when the side to move loses. A won position then costs the proof
    of one move instead of a verdict on every action; a lost one costs the same. It is refused
    with ``objective="stake"``, which searches every action.

    ``threads`` searches the root's actions on that many threads sharing the table (the
    calling thread one of them; they run without the GIL); under ``every_move=False`` the
    threads share the opponent's replies to one root action after another, in search order,
    once one thread has searched about four million nodes (a smaller solve is one thread's,
    to the node). The answers, the winning moves and the line of play are the same whatever
    the threads; the node count varies, and ``max_nodes`` is then counted in steps of 1,024
    nodes a thread.

    Deterministic: the same call gives the same answers, moves, line of play and (on one
    thread) node count.
    Ctrl-C (SIGINT) stops the search within a few milliseconds and raises KeyboardInterrupt.
    Bad arguments raise TypeError or ValueError naming the problem; a move to beat that is no
    move of ``rules`` is a ValueError. A ``tt_megabytes`` past the memory the machine has
    available is a MemoryError naming both, raised before any memory is taken.

    The first player holds 3, B and R, the second a pair of fours. Every lead wins: after the
    rocket the fours cannot answer and the 3 goes out; after a joker the 3 and the other joker
    follow; after the 3 the rocket (or a joker and then the 3) ends it whatever the fours do.
    The winning line leads the 3, the move the search tries first (the rocket left is one
    turn); the fours' first answer is a 4, and the rocket ends it. The fastest line is three
    actions too, the pass first in canonical order:

    >>> from ddz_fast.positions.duel import Duel
    >>> solution = solve(Duel.parse("BR3/44"))
    >>> solution.wins, [str(m) for m in solution.winning_moves], [str(m) for m in solution.pv]
    (True, ['3', 'B', 'R', 'BR'], ['3', '4', 'BR'])
    >>> [str(m) for m in solve(Duel.parse("BR3/44"), shortest=True).pv]
    ['3', 'pass', 'BR']

    With fives wild, the landlord's 4445 is a soft bomb of fours: it beats the kings that seat 1
    played (and seat 2 passed), nobody answers it, and the landlord's 3 goes out. A pass loses:
    seat 1 leads its queen and is out. Without wild cards the same hands lose.

    >>> from ddz_fast.positions.three_player import Position
    >>> position = Position.parse("34445/Q/6 0 0 KK 1 w=5")
    >>> [str(m) for m in solve(position, rules="laizi").winning_moves]
    ['4445=4444']
    """
    game = _check_game(game)
    code = _check_objective(objective)
    node_limit = _check_max_nodes(max_nodes)
    seconds_limit = _check_time_limit(time_limit)
    megabytes = _check_megabytes(tt_megabytes)
    want_pv = _check_flag("pv", pv)
    want_shortest = _check_flag("shortest", shortest)
    thread_count = check_int("threads", threads, 1, MAX_THREADS)
    if not _check_flag("every_move", every_move):
        if code == OBJECTIVES.index("stake"):
            raise ValueError("every_move=False asks for the value and one winning move, but "
                             "objective='stake' searches every action: drop one of them")
        code = _FIRST_WIN
    side, entry, node = _native_call(game, rules, partner)
    if type(game) is not Duel and game.is_over:
        return _finished(game, side, code == 1)
    line = (_SHORTEST_LINE if want_shortest else _WINNING_LINE) if want_pv else _NO_LINE
    table = _take_table(megabytes)
    try:
        found = entry(table, *node, code, node_limit, seconds_limit, line, thread_count)
    finally:
        _give_table(megabytes, table)
    return _solution(game, side, found, code == 1, want_pv, want_pv and want_shortest)


def _solution(game: Game, side: Tuple[int, ...], found: tuple, want_stake: bool,
              want_pv: bool, want_distance: bool) -> Solution:
    winning, stake_moves, line, value, signed_stake, dist, nodes, seconds, stopped = found
    if stopped == 4:
        raise MemoryError("the solver ran out of memory for its move lists")
    wins = None if value < 0 else value == 1
    landlord_wins = None
    if type(game) is not Duel and wins is not None:
        landlord_wins = wins == (game.to_move in side)
    stake = signed_stake if want_stake and signed_stake else None
    distance = dist if dist >= 0 else None
    exact = (stopped == 0 and wins is not None and (stake is not None or not want_stake)
             and (bool(line) or not want_pv) and (distance is not None or not want_distance))
    return Solution(game, wins, landlord_wins, winning, line, distance, stake, stake_moves,
                    nodes, seconds, exact, _STOP_REASONS.get(stopped))
