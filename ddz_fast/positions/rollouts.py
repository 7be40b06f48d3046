"""The play phase in native code: many random games at once, random rollouts and perft.

These run the compiled core's play loop (ddz_fast.positions._perft and _rollouts,
ddz_fast.engine._random_games) on hand words, without the GIL and without one Python object per
move. Every argument is validated here, before it reaches code compiled without bounds checks.

* :func:`random_games` plays whole hands (deal, landlord, play, settlement) with uniformly random
  legal actions, at three seats (with or without wild cards) or at the four-player table; the
  result is one numpy array per statistic. Under Run Fast rules it plays Run Fast hands (deal,
  the three of spades' holder leading, play, settlement) into a :class:`RunFastGames`.
* :func:`play_out` finishes a position at random (a rollout): a
  :class:`~ddz_fast.positions.three_player.Position`, wild ranks included, a
  :class:`~ddz_fast.positions.four_player.FourPlayerPosition`, or a
  :class:`~ddz_fast.positions.runfast.RunFastPosition` (into a :class:`RunFastPlayout`).
* :func:`perft_native` is :func:`ddz_fast.positions.perft.perft` counted natively, for the same
  positions; the Python walk of ``position.perft`` over the reference is its twin.

How these games deal, choose the landlord, play and score where the rule book leaves room (their
own shuffle, not the engine's; random or points bidding; no doubling round and no chips; the
partner, the wild ranks and the bomb multipliers of the variants) is in docs/RULES.md, "Choices
where the rule book is silent", "Random games and rollouts in the compiled core".
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from ..compiled import CORE_MODULE, load
from . import four_player
from .._checks import check_prev
from ..bitboard import TYPE_SHIFT, TWO_DECKS_BIT, main_ranks, pack_two_decks
from ..hand import Hand
from ..move import Move
from .three_player import Position, _check_perft_args, checked_position
from ..rules import Rules, RulesLike, checked_rules, plain_rules, three_player_table
from .four_player import FourPlayerPosition
from .runfast import RunFastPosition
from . import _runfast_native
from ._runfast_native import RunFastGames, RunFastPlayout
from ._game_arrays import GameArrays
from .._memory import check_room
from ..validate import SEED_LIMIT, check_bool, check_int, check_seat, check_seed64

__all__ = ["RandomGames", "Playout", "RunFastGames", "RunFastPlayout", "random_games", "play_out", "perft_native",
           "BIDDING_CHOICES", "MAX_GAMES_PER_CALL", "MAX_RECORDED_GAMES_PER_CALL",
           "MAX_FOUR_PLAYER_GAMES_PER_CALL", "MAX_RECORDED_FOUR_PLAYER_GAMES_PER_CALL",
           "MAX_RECORDED_LAIZI_GAMES_PER_CALL", "MAX_WORKERS"]

# The native kernels, or stand-ins raising NativeCoreMissingError when they were not built.
_core = load(CORE_MODULE)
_perft = load("ddz_fast.positions._perft")
_rollouts = load("ddz_fast.positions._rollouts")
_games = load("ddz_fast.engine._random_games")

#: The ways :func:`random_games` chooses the landlord.
BIDDING_CHOICES = ("random", "points")
#: The most games one call plays (about 1 GB of results, 40 s on one core): larger runs are
#: split with ``start``, which gives the same games.
MAX_GAMES_PER_CALL = 1 << 24
#: The most games one call records the moves of (about 64 actions a game: 0.5 GB of words).
MAX_RECORDED_GAMES_PER_CALL = 1 << 20
#: The same at the four-player table, whose games hold twice the results and, recorded, four
#: times the words (about 105 actions a game, two 64-bit halves each): about 1 GB of results,
#: or 0.5 GB of recorded moves.
MAX_FOUR_PLAYER_GAMES_PER_CALL = 1 << 23
MAX_RECORDED_FOUR_PLAYER_GAMES_PER_CALL = 1 << 18
#: The most games one call records with wild cards, whose move words take two 64-bit halves
#: each: 0.5 GB of recorded moves, as for the plain game.
MAX_RECORDED_LAIZI_GAMES_PER_CALL = 1 << 19
#: The most threads one call starts, whatever ``workers`` asks for.
MAX_WORKERS = 256
# A hand lasts at most 3 * 54 actions (every move takes a card, at most two passes follow it),
# at the four-player table 4 * 108 (three passes), so any deeper perft counts the same leaves:
# the C int depth never needs more.
_DEPTH_CAP = 1 << 16
_LOW_HALF = (1 << 64) - 1       # the low 64 bits of a laizi word


@dataclass(frozen=True, eq=False, repr=False)
class RandomGames(GameArrays):
    """The results of :func:`random_games`: one read-only numpy array per statistic, indexed by
    game (row ``i`` is game ``i`` of the seed).

    ``plays`` counts every action of the play phase, passes included; ``bombs`` the bombs and
    rockets played; ``bonuses`` the deal bonuses (``rules.deal_bonuses``). ``hands`` holds the
    three hands at the start of play (the landlord's with the kitty) as rank-count words
    (:mod:`ddz_fast.bitboard`), ``kitty`` the kitty's word. With
    ``record=True``, ``moves`` holds the move words of every action of every game (0 for a
    pass) and game ``i``'s are ``moves[offsets[i]:offsets[i + 1]]``; both are None otherwise.
    Two results compare equal when every array does.

    At the four-player table, where no 64-bit word holds a hand of two decks, the per-seat
    arrays have four columns and the cards come as counts, as in the batched API of two decks:

    * ``hands``: uint8, (N, 4, 15), the 15 rank counts of each seat's hand at the start of
      play (the landlord's with the kitty), ``Hand(g.hands[i, seat], decks=2)``;
      ``kitty``: uint8, (N, 15), the kitty's counts;
    * ``scores``: int64, (N, 4) by seat; ``landlord_won``: the landlord's *side* won;
    * ``partner``: int8, the landlord's partner, -1 when it plays alone; ``out_first``: int8,
      the seat whose hand emptied;
    * ``moves``: uint64, (M, 2), each action's canonical move word (:mod:`ddz_fast.bitboard`: the
      one-deck word when the cards fit one deck, else the 128-bit two-deck word) as its low and
      high 64 bits, the pass (0, 0): ``Move.from_word(int(lo) | int(hi) << 64)``.

    ``partner`` and ``out_first`` are None for three players.

    With wild cards (``rules.laizi``) the arrays are those of three players, and:

    * ``wild``: int8, (N, 2), the wild ranks of each game (rank indices, 0 = 3 .. 12 = 2) in
      draw order, -1 in the second column with one wild rank (None without wild cards);
    * ``multiplier`` and ``scores``: int64, the bombs' factors of ``rules.bomb_multiplier``
      in place of one doubling each (see the module docstring);
    * ``moves``: uint64, (M, 2), each action's laizi word (:mod:`ddz_fast.bitboard`, the plain
      word where the move keeps it) as its low and high 64 bits, the pass (0, 0): the move
      whose ``word`` is ``int(lo) | int(hi) << 64`` among ``legal_moves(hand, prev,
      rules=rules, wild=wild)``.
    """

    landlord: np.ndarray        # int8: the landlord's seat
    landlord_won: np.ndarray    # bool
    base_stake: np.ndarray      # int8: 1, or the winning bid of a points auction
    multiplier: np.ndarray      # int32: 2 ** (bonuses + bombs + spring + anti_spring);
                                # int64 with wild cards
    bombs: np.ndarray           # int16
    plays: np.ndarray           # int16
    scores: np.ndarray          # int32, (N, 3) by seat (int64, (N, 4); int64 with wild
                                # cards); rows sum to zero
    spring: np.ndarray          # bool
    anti_spring: np.ndarray     # bool
    hands: np.ndarray           # uint64, (N, 3) (uint8 counts, (N, 4, 15))
    kitty: np.ndarray           # uint64 (uint8 counts, (N, 15))
    bonuses: np.ndarray         # int8: deal bonuses of the deal (0 without the option)
    moves: Optional[np.ndarray] = None     # uint64 ((M, 2) halves at four players)
    offsets: Optional[np.ndarray] = None   # int64, N + 1
    partner: Optional[np.ndarray] = None   # int8 at four players: the partner, or -1
    out_first: Optional[np.ndarray] = None  # int8 at four players: the seat that went out
    wild: Optional[np.ndarray] = None      # int8, (N, 2) with wild cards: ranks in draw order


class Playout(NamedTuple):
    """How a random rollout (:func:`play_out`) ended.

    ``landlord_won`` is whether the landlord's side won: the winner is the landlord, or at
    the four-player table the partner that :func:`play_out` was given. ``seat_moves`` holds
    one count per seat: three, or four at the four-player table.
    """

    winner: int                     #: the seat whose hand emptied first
    landlord_won: bool              #: the winner is the landlord or its partner
    bombs: int                      #: bombs and rockets played during the rollout
    plays: int                      #: actions of the rollout, passes included
    seat_moves: Tuple[int, ...]     #: non-pass moves of each seat during the rollout


# --- argument checks -------------------------------------------------------------------------

def _bidding_code(bidding: object, rules: Rules) -> int:
    """The kernel's landlord choice: 0 random, 1 points, 2 single-round points."""
    if not isinstance(bidding, str):
        raise TypeError(f"bidding must be a str, not {type(bidding).__name__}")
    if bidding not in BIDDING_CHOICES:
        raise ValueError(f"unknown bidding {bidding!r}: choose one of "
                         f"{', '.join(BIDDING_CHOICES)}")
    if rules.game == "runfast" and bidding != "random":
        raise ValueError(f"Run Fast has no bidding: bidding must be 'random' (the default), "
                         f"got {bidding!r}")
    if bidding == "random":
        return 0
    return 2 if rules.single_round_auction else 1


def _position_words(position: Position, rules: Rules) -> Tuple[Tuple[int, int, int], int]:
    """(hand words, move word to beat or 0) of a position, read again from exact types: what
    reaches the kernel is what was checked, whatever was done to the position since."""
    hands = position.hands
    if not isinstance(hands, tuple) or len(hands) != 3 or any(type(h) is not Hand
                                                              for h in hands):
        position = checked_position(position)      # rebuilt from what its hands say
        hands = position.hands
    prev = check_prev(position.prev, rules, _core._is_legal)
    return (hands[0]._bitboard, hands[1]._bitboard, hands[2]._bitboard), \
        0 if prev is None else prev._word


def _seats(position: Position) -> Tuple[int, int, int]:
    """(landlord, to move, passes) of a position, checked again (see _position_words)."""
    passes = check_int("position.passes", position.passes, 0, 1)
    return check_seat("position.landlord", position.landlord), \
        check_seat("position.to_move", position.to_move), passes


# --- the public functions --------------------------------------------------------------------

def random_games(n: int, seed: int, *, rules: RulesLike = None, bidding: str = "random",
                 record: bool = False, workers: int = 1,
                 start: int = 0) -> Union[RandomGames, RunFastGames]:
    """Play ``n`` complete hands with uniformly random legal actions, natively.

    ``seed`` (0..2**64 - 1) fixes every game: the same arguments give the same arrays, and game
    ``i`` of a seed is the same whatever ``n`` and ``workers`` are. ``start`` skips to game
    ``start`` (row 0 is then that game), so ``random_games(n, seed, start=k)`` equals rows
    ``k .. k + n - 1`` of a longer run: large runs can be split across processes. ``rules`` gives
    the table and the move options (and ``single_round_auction`` for points bidding): three
    players, with wild cards too (``"laizi"``, ``"tiandi_laizi"``, ``bomb_multiplier``), or four
    with two decks (``"four_player"``, ``sides`` alone or partner); ``bidding`` is ``"random"`` or
    ``"points"`` (docs/RULES.md, "Random games and rollouts in the compiled core", for the deal,
    the landlord choice and the scoring). ``record`` keeps the move words of every game.
    ``workers`` > 1 plays contiguous chunks of the games on that many threads (the loop runs
    without the GIL). ``n`` is at most :data:`MAX_GAMES_PER_CALL`, or
    :data:`MAX_RECORDED_GAMES_PER_CALL` with ``record`` (with wild cards
    :data:`MAX_RECORDED_LAIZI_GAMES_PER_CALL`; at four players
    :data:`MAX_FOUR_PLAYER_GAMES_PER_CALL` and :data:`MAX_RECORDED_FOUR_PLAYER_GAMES_PER_CALL`;
    ValueError beyond), and at most :data:`MAX_WORKERS` threads are started; Ctrl-C stops the games
    with KeyboardInterrupt.

    Under Run Fast rules (``"runfast"``, ``"runfast_15"``, ``players=2`` too) the games are Run
    Fast hands and the result a :class:`RunFastGames`: a physical deal, the holder of the three
    of spades leading (each game is the first hand of a table), ``spade3_in_first_play``
    applied, uniformly random legal actions under the rules' must-beat and one-card rule, and
    Run Fast's settlement. ``bidding`` must then be ``"random"`` (Run Fast has no bidding).
    """
    n = check_int("n", n, 0)
    seed = check_seed64("seed", seed)
    start = check_int("start", start, 0)
    rules = checked_rules(rules)
    four = rules.players == 4
    code = _bidding_code(bidding, rules)
    record = check_bool("record", record)
    _check_game_count(n, record, four, rules.laizi > 0)
    check_room(n * (_RECORDED_GAME_BYTES if record else _GAME_BYTES), f"n={n}",
               "the results of the random games")
    if start + n > SEED_LIMIT or start >= SEED_LIMIT:
        raise ValueError(f"start {start} with n {n}: games go past game 2**64 - 1")
    kernel = _kernel(rules)
    # Games never depend on the split, so the threads are capped without changing a result.
    workers = min(check_int("workers", workers, 1), max(n, 1), MAX_WORKERS)
    bounds = [start + n * k // workers for k in range(workers + 1)]
    chunks = [(first, stop - first) for first, stop in zip(bounds, bounds[1:]) if stop > first]
    result = RunFastGames if rules.game == "runfast" else RandomGames
    if len(chunks) <= 1:
        return result(**kernel(seed, start, n, rules, code, record))
    with ThreadPoolExecutor(len(chunks)) as pool:
        parts = list(pool.map(lambda c: kernel(seed, c[0], c[1], rules, code, record), chunks))
    return result(**_joined(parts))


def _kernel(rules: Rules) -> Callable[..., Dict[str, np.ndarray]]:
    """The native loop of a table: Run Fast, four seats, three with wild cards, or the plain
    game."""
    if rules.game == "runfast":
        return _games._random_runfast_games
    if rules.players == 4:
        return _games._random_four_player_games
    return _games._random_laizi_games if rules.laizi else _games._random_games


#: The most memory the result of one game takes while it is made: its row of every array
#: (about 100 bytes at four seats), twice when the chunks of several workers are joined; with
#: ``record`` its move words too, grown in a buffer and then copied out.
_GAME_BYTES = 256
_RECORDED_GAME_BYTES = 2048


def _check_game_count(n: int, record: bool, four: bool, laizi: bool = False) -> None:
    """ValueError when one call would play (or record) more games than its table allows."""
    most = MAX_FOUR_PLAYER_GAMES_PER_CALL if four else MAX_GAMES_PER_CALL
    if n > most:
        raise ValueError(f"n must be at most {most}, got {n}")
    most = MAX_RECORDED_FOUR_PLAYER_GAMES_PER_CALL if four else \
        MAX_RECORDED_LAIZI_GAMES_PER_CALL if laizi else MAX_RECORDED_GAMES_PER_CALL
    if record and n > most:
        raise ValueError(f"n must be at most {most} with record=True (the moves of every "
                         f"game are kept), got {n}")


def _joined(parts: List[Dict[str, np.ndarray]]) -> Dict[str, np.ndarray]:
    """One result of consecutive chunks; the move offsets of a chunk continue the last one's."""
    joined = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]
              if key != "offsets"}
    if "offsets" in parts[0]:
        shift = np.cumsum([0] + [len(p["moves"]) for p in parts[:-1]])
        joined["offsets"] = np.concatenate(
            [parts[0]["offsets"][:1]] + [p["offsets"][1:] + s for p, s in zip(parts, shift)])
    return joined


def play_out(position: Union[Position, FourPlayerPosition, RunFastPosition], seed: int, *,
             rules: RulesLike = None,
             partner: Optional[int] = None) -> Union[Playout, RunFastPlayout]:
    """Finish ``position`` with uniformly random legal actions (a rollout) and say how it ended.

    The same position and seed always give the same rollout. A position that is already over
    returns at once (no plays). A position with wild ranks is played out under rules with wild
    cards (``bombs`` counts its bombs of every class and the rocket).

    A :class:`~ddz_fast.positions.four_player.FourPlayerPosition` (four hands of two decks) is
    played out round the table (the lead comes back after the other three pass) under ``rules``
    that default to ``four_player`` there and may be any rule set of four players. A position does
    not hold the landlord's partner, which does not change play: under ``sides="partner"`` rules
    ``partner`` names it (a seat other than the landlord), so that ``landlord_won`` can say whether
    the landlord's side won; it is refused under ``sides="alone"`` rules and for three seats.

    A :class:`~ddz_fast.positions.runfast.RunFastPosition` is played out under Run Fast rules
    (default ``runfast``, two players for two hands) into a :class:`RunFastPlayout`: the
    winner, the cards left, the bombs paid, the actions and the scores of the settlement from
    the position on. ``partner`` is refused there (every player plays for himself).
    """
    if not isinstance(position, Position):     # the three-seat path asks nothing more
        if isinstance(position, RunFastPosition):
            if partner is not None:
                raise ValueError("partner names the landlord's partner at the four-player "
                                 "table: in Run Fast every player plays for himself")
            return _runfast_native.play_out(position, seed, rules)
        if isinstance(position, FourPlayerPosition):
            return _play_out_four_player(position, seed, "four_player" if rules is None else rules,
                                         partner)
        raise TypeError(f"position must be a Position, not {type(position).__name__}")
    seed = check_seed64("seed", seed)
    if partner is not None:
        raise ValueError("partner names the landlord's partner at the four-player table: a "
                         "position of three seats has none")
    checked = three_player_table(checked_rules(rules), "the native play loop")
    if position.wild is not None or checked.laizi:
        position = checked_position(position)
        wild, hands, prev_fields = _wild_words(position, checked)
        landlord, to_move, passes = _seats(position)
        winner, bombs, plays, seat_moves = _rollouts._play_out_laizi(
            hands, landlord, to_move, prev_fields, passes, seed, checked, wild)
        return Playout(winner, winner == landlord, bombs, plays, seat_moves)
    rules = plain_rules(checked, "the native play loop")
    hands, prev = _position_words(position, rules)
    landlord, to_move, passes = _seats(position)
    winner, bombs, plays, seat_moves = _rollouts._play_out(
        hands, landlord, to_move, prev, passes, seed, rules)
    return Playout(winner, winner == landlord, bombs, plays, seat_moves)


def perft_native(position: Union[Position, FourPlayerPosition], depth: int, *,
                 rules: RulesLike = None) -> int:
    """:func:`ddz_fast.positions.perft.perft` counted by the native core: same leaves, same errors.

    A pass is a move when following, a finished hand is a leaf at any depth and
    ``perft_native(p, 0) == 1``. The count runs without the GIL; Ctrl-C (SIGINT) stops it
    with KeyboardInterrupt.

    A :class:`~ddz_fast.positions.four_player.FourPlayerPosition` (four hands of two decks) is
    counted as :func:`ddz_fast.positions.perft.perft` counts it (the lead comes back after the
    other three pass), under ``rules`` that default to ``four_player`` there and may be any rule
    set of four players (``Rules(players=4, ...)`` with any move options and sides).
    """
    if isinstance(position, FourPlayerPosition):
        return _perft_four_player(position, depth, "four_player" if rules is None else rules)
    position = _check_perft_args(position, depth)
    checked = three_player_table(checked_rules(rules), "the native play loop")
    if position.wild is not None or checked.laizi:
        return _perft_wild(position, depth, checked)
    rules = plain_rules(checked, "the native play loop")
    if depth == 0:
        return 1
    hands, prev = _position_words(position, rules)
    landlord, to_move, passes = _seats(position)
    return _perft._perft(hands, landlord, to_move, prev, passes, min(depth, _DEPTH_CAP),
                         rules)


def _play_out_four_player(position: FourPlayerPosition, seed: int, rules: RulesLike,
                          partner: Optional[int]) -> Playout:
    """play_out of a position of the four-player table: the position rebuilt, the seed, rules
    of four players and the partner checked (the first and third as perft_native checks
    them), then the native random finish on two-deck words."""
    position = four_player._rebuilt(position)
    seed = check_seed64("seed", seed)
    checked = four_player._four_player_rules(rules)
    side = _landlord_side(position.landlord, partner, checked)
    if position.is_over:
        winner = max(seat for seat, hand in enumerate(position.hands) if not hand.bitboard)
        return Playout(winner, winner in side, 0, 0, (0,) * four_player.PLAYERS)
    winner, bombs, plays, seat_moves = _rollouts._play_out_four_player(
                                                                       *_four_player_words(position, checked), seed, checked)
    return Playout(winner, winner in side, bombs, plays, seat_moves)


def _landlord_side(landlord: int, partner: object, rules: Rules) -> Tuple[int, ...]:
    """The seats of the landlord's side: the landlord, and ``partner`` under rules with
    ``sides="partner"``, which need it (a position does not hold it); ValueError when the
    partner is missing, not allowed, or the landlord itself."""
    if rules.sides != "partner":
        if partner is not None:
            raise ValueError(f"partner {partner!r} is given, but under {rules!r} the landlord "
                             f"plays alone: a partner needs rules with sides='partner'")
        return (landlord,)
    if partner is None:
        raise ValueError(f"under {rules!r} the landlord has a partner, and a position does "
                         f"not say which seat: name it with partner=, or landlord_won (the "
                         f"landlord's side won) is unknown")
    seat = check_seat("partner", partner, four_player.PLAYERS)
    if seat == landlord:
        raise ValueError(f"partner must be a seat other than the landlord, seat {landlord}")
    return landlord, seat


def _perft_four_player(position: FourPlayerPosition, depth: int, rules: RulesLike) -> int:
    """perft_native of a position of the four-player table: the checks of
    :func:`ddz_fast.positions.perft.perft`, in its order and with its messages (the position
    rebuilt, the depth, rules of four players, and the move to beat judged under them where
    the walk generates moves), then the native walk on two-deck words."""
    position = four_player._checked(position, depth)
    checked = four_player._four_player_rules(rules)
    if depth == 0 or position.is_over:
        return 1
    return _perft._perft_four_player(*_four_player_words(position, checked),
                                     min(depth, _DEPTH_CAP), checked)


def _four_player_words(position: FourPlayerPosition, rules: Rules) -> Tuple[
        Tuple[Tuple[int, ...], ...], int, int, int, int]:
    """(hand counts, player to move, low and high halves of the move to beat's two-deck word,
    passes) of a checked position of the four-player table, as the native kernels of the
    table take them, the move to beat judged legal under checked ``rules`` first."""
    prev = check_prev(position.prev, rules, _core._is_legal)
    low, high = _two_decks_halves(prev)
    return (tuple(hand.counts for hand in position.hands), position.to_move, low, high,
            position.passes)


def _two_decks_halves(move: Optional[Move]) -> Tuple[int, int]:
    """The low and high 64 bits of a move's two-deck word (:mod:`ddz_fast.bitboard`), the word the
    native walk of two decks reads whatever the canonical word is; (0, 0) for no move."""
    if move is None:
        return 0, 0
    word = int(move.word)
    if word < TWO_DECKS_BIT:     # cards that fit one deck: the same move in the two-deck layout
        word = pack_two_decks(move.counts, main_ranks(word), word >> TYPE_SHIFT)
    return word & _LOW_HALF, word >> 64


def _perft_wild(position: Position, depth: int, rules: Rules) -> int:
    """perft_native of a checked position under checked rules of which one has wild cards:
    ValueError unless both do and agree (:meth:`Position.wild_under`), else the native walk
    over the laizi generator."""
    wild, hands, prev = _wild_words(position, rules)
    if depth == 0:
        return 1
    landlord, to_move, passes = _seats(position)
    return _perft._perft_laizi(hands, landlord, to_move, prev, passes,
                               min(depth, _DEPTH_CAP), rules, wild)


def _wild_words(position: Position, rules: Rules) -> Tuple[Tuple[int, ...], Tuple[int, ...],
                                                           Tuple[int, ...]]:
    """(wild ranks low to high, hand words, move to beat) of a checked position under checked
    rules of which one has wild cards: ValueError unless both do and agree
    (:meth:`Position.wild_under`, which also checks that the move to beat is legal under
    them). The move to beat goes to the kernels as (low half, high half, type code, key,
    length, cards) of its word, () when the player leads."""
    wild = position.wild_under(rules)
    hands = tuple(hand._bitboard for hand in position.hands)
    prev = position.prev
    fields: Tuple[int, ...] = ()
    if prev is not None:
        word = int(prev.word)
        fields = (word & _LOW_HALF, word >> 64, (word >> 60) & 0xF, prev.key, prev.length,
                  len(prev))
    return tuple(wild), hands, fields
