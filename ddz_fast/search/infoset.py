"""Information sets: what one player may know at a decision, and uniform deals of the rest.

docs/RULES.md, "Search", "Imperfect information": a player knows its own hand, the kitty once
the landlord is known, every action taken so far (so every card played and each player's card
count). Hidden is how the unseen cards (neither in the player's hand nor played) are split
between the other two hands. The landlord showed the kitty, so it still holds at least
``k_r = max(0, kitty_r - landlord_played_r)`` cards of each rank r: the *kitty constraint*.

:meth:`InformationSet.sample` deals the hidden cards ``n`` times, exactly uniformly in the rule
book's sense: the ``k_r`` kitty cards go to the landlord, and every way of dealing the other unseen
physical cards into the hidden hands (with their public sizes) is equally likely, so a split giving
one hidden hand ``a_r`` of the ``u_r`` free cards of each rank has probability proportional to
``prod_r C(u_r, a_r)``. Optional *constraints* (a bot's own inferences, such as "seat 2 holds no
2s") bound how many cards of a rank a hidden seat holds; sampling is then uniform among the deals
that meet them. The work runs in native code (``src/search/_sampling.pyx``);
:mod:`ddz_fast.reference.sampling` enumerates every split with its weight and is the specification
it is tested against.

Deal bonuses (option ``deal_bonuses``) are public: a player that announced double kings was
dealt both jokers, one that announced a straight a card of every rank 3..A, and under the
option a player that announced nothing was dealt neither. An information set of such a hand
(``deal_bonuses`` is then the tuple of the deal's bonuses, empty when there were none) counts
and samples only the deals that give every hidden seat exactly its announced bonuses, still
uniformly among them. A seat's dealt cards are its hidden cards, plus those it played, minus
the kitty for the landlord; the conditions are per-rank bounds on the hidden cards, and the
deals where a seat lacks a bonus are cut into disjoint ranges (the first rank it misses), each
counted and sampled exactly like any constrained set. Without the option (``None``) nothing
changes.

Wild cards (laizi, ``rules.laizi`` wild ranks) are public events: ``wild`` holds the wild
ranks shown so far, in the order they were drawn (tiandi laizi shows one before the bidding and
the second once the landlord takes the kitty), and is None under rules without wild cards. A
wild card is dealt as the card of its own rank, so the deals and their weights are those of the
plain game: only what the cards can do in play depends on the wild ranks.

Constraints are a mapping ``{seat: {rank: count or (low, high)}}``: ``seat`` is one of the two
hidden seats, ``rank`` a rank index (0 = 3 ... 14 = R) or a rank letter (``"2"``, ``"A"``,
``"10"``, ``"B"``), and the value the exact number of cards of that rank the seat holds, or an
inclusive range. ``{2: {"2": 0}}`` says seat 2 holds no 2s.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import (TYPE_CHECKING, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple,
                    Union)

import numpy as np

from ..actions import Bid, Double
from ..cards import FULL_DECK, NUM_RANKS, RANK_NAMES, Counts, rank_index
from ..compiled import load
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from ..positions.three_player import Position, check_prev_and_passes, checked_position
from ..actions import DealBonus
from .._memory import check_room
from ..validate import check_int, check_seat, check_seed64, is_int, shown

if TYPE_CHECKING:
    from ..actions import Action
    from ..engine.three_player import State

__all__ = ["InformationSet", "information_set", "Constraints", "SplitSpec", "split_spec",
           "split_specs", "normalize_constraints", "MAX_SAMPLES"]
_sampler = load("ddz_fast.search._sampling")  # NativeCoreMissingError on use when not built

#: The most determinizations one :meth:`InformationSet.sample` call returns (400 MB of words).
MAX_SAMPLES = 1 << 24
PHASES = ("bidding", "doubling", "play", "over")

#: ``{seat: {rank: count or (low, high)}}``, see the module docstring.
Constraints = Mapping[int, Mapping[Union[int, str], Union[int, Tuple[int, int]]]]
#: Per hidden seat, the lowest and highest count of every rank.
Bounds = Dict[int, Tuple[Counts, Counts]]
Hands3 = Tuple[Hand, Hand, Hand]
#: The bonuses of a deal, (seat, bonus), as ``State.deal_bonuses`` gives them.
Bonuses = Tuple[Tuple[int, DealBonus], ...]


def _sum_counts(*hands: Sequence[int]) -> Counts:
    return tuple(sum(column) for column in zip(*hands))


@dataclass(frozen=True)
class InformationSet:
    """What ``player`` may know at one moment of a hand (immutable, hashable, comparable).

    Two information sets are equal exactly when the player could not tell the two moments
    apart: the hidden hands of the other players appear nowhere in it.
    """

    #: The seat whose knowledge this is.
    player: int
    #: That player's hand now.
    hand: Hand
    #: The landlord's seat, None while bidding.
    landlord: Optional[int]
    #: The kitty once shown (None before the landlord is known, or when not given).
    kitty: Optional[Hand]
    #: 'bidding', 'doubling', 'play' or 'over'.
    phase: str
    #: The seat to act, None once the hand is over.
    to_move: Optional[int]
    #: Every action taken so far, in order, as (seat, action): bids, doubles, moves and passes.
    history: Tuple[Tuple[int, "Action"], ...]
    #: How many cards each seat holds now.
    card_counts: Tuple[int, int, int]
    #: The cards each seat has played (public).
    played: Hands3
    #: Counts per rank of the cards the player cannot see: the other two hands, and the kitty
    #: while bidding.
    unseen: Counts
    #: In play, the move to beat (None when the player to move leads) and the passes since.
    prev: Optional[Move] = None
    passes: int = 0
    #: The deal's bonuses as (seat, bonus) when the rules have ``deal_bonuses`` (an empty
    #: tuple: the deal had none); None when they do not, and nothing is known from them.
    deal_bonuses: Optional[Bonuses] = None
    #: The wild ranks shown so far (rank indices, in draw order) under rules with wild cards;
    #: None under rules without.
    wild: Optional[Tuple[int, ...]] = None
    #: ``k_r``: the fewest cards of each rank the landlord's hidden hand holds (the kitty cards
    #: it has not played). All zero when the player is the landlord or the kitty is unknown.
    kitty_constraint: Counts = field(init=False)
    #: What the checks passed on (see _recheck): not a part of the set's value.
    _checked: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_fields(self)
        object.__setattr__(self, "kitty_constraint", _kitty_constraint(self))
        object.__setattr__(self, "_checked", _snapshot(self))

    # --- constructors --------------------------------------------------------------------------

    @classmethod
    def from_state(cls, state: "State", player: int) -> "InformationSet":
        """What ``player`` knows in ``state`` (any phase): see :func:`information_set`."""
        return information_set(state, player)

    @classmethod
    def from_position(cls, position: Position, player: int, *,
                      played: Optional[Sequence[HandLike]] = None,
                      kitty: Optional[HandLike] = None,
                      history: Sequence[Tuple[int, "Action"]] = (),
                      deal_bonuses: Optional[Bonuses] = None) -> "InformationSet":
        """What ``player`` knows in a play-phase ``position``, given the public history.

        ``played``: the cards each seat has played so far (default: none). ``kitty``: the
        shown kitty (default: unknown, so no kitty constraint). ``deal_bonuses``: the bonuses
        of the deal under the ``deal_bonuses`` option (None: the option is off); the landlord's
        deal is then its cards without ``kitty``, so give the kitty where the rules deal one.
        The unseen cards are the other two hands of the position, whose contents are then
        forgotten. A position with wild cards gives its wild ranks (low to high: a position
        does not say in which order they were drawn).
        """
        position = checked_position(position)
        player = check_seat("player", player)
        played_hands = _check_played(played)
        history = _check_history(history)
        kitty_hand = None if kitty is None else as_hand(kitty)
        others = [h.counts for seat, h in enumerate(position.hands) if seat != player]
        over = position.is_over
        info = cls(player, position.hands[player], position.landlord, kitty_hand,
                   "over" if over else "play", None if over else position.to_move,
                   tuple(history), _card_counts(position.hands), played_hands,
                   _sum_counts(*others), None if over else position.prev,
                   0 if over else position.passes, _check_bonuses(deal_bonuses),
                   position.wild)
        _check_kitty_held(info, position.hands[position.landlord])
        return info

    # --- what is hidden -----------------------------------------------------------------------

    @property
    def hidden_seats(self) -> Tuple[int, int]:
        """The two seats whose hands the player cannot see, in seat order after the player."""
        return ((self.player + 1) % 3, (self.player + 2) % 3)

    def deal_count(self, constraints: Optional[Constraints] = None) -> int:
        """How many deals of the unseen physical cards fit the information set (and the
        constraints): the total weight of the splits. 0 when none does."""
        return sum(_count(spec) for spec in split_specs(self, constraints))

    def sample(self, n: int, seed: int, *,
               constraints: Optional[Constraints] = None) -> np.ndarray:
        """``n`` determinizations as an (n, 3) uint64 array of hand words, row i the hands of
        seats 0, 1, 2 (:mod:`ddz_fast.bitboard`; ``Hand.from_bitboard`` reads one).

        The player's own column is its hand; the hidden hands are dealt exactly uniformly (see
        the module docstring) from a splitmix64 stream of ``seed`` (0..2**64 - 1), so the same
        seed gives the same samples. ValueError when no deal meets the constraints, and before
        the landlord is known (the kitty is then a third hidden pile).
        """
        _recheck(self)
        n = check_int("n", n, 0, MAX_SAMPLES)
        seed = check_seed64("seed", seed)
        check_room(n * _SAMPLE_BYTES, f"n={n}", "the samples")
        if self.deal_bonuses is not None:
            kept = self._sample_kept(n, seed, constraints)
            if kept is not None:
                return kept
        return self._sample_split(n, seed, constraints)

    def _sample_kept(self, n: int, seed: int,
                     constraints: Optional[Constraints]) -> Optional[np.ndarray]:
        """Deals that give each hidden seat exactly its announced bonuses, by rejection.

        Uniform deals among those giving each seat at least its announced bonuses (one range
        per rank), kept when they give no seat a bonus it did not announce: a uniform draw kept
        only when it falls in a subset is a uniform draw of that subset. Rounds of draws go on
        until ``n`` are kept; None when a round keeps under a quarter of its draws, for the
        exact split (:func:`split_specs`) to sample instead, which cuts the deals that lack a
        bonus into many ranges and costs far more when few deals hold one.
        """
        spec = _spec_of_bounds(self, _intersected(_checked_bounds(self, constraints),
                                                  _announced_bounds(self)))
        if spec is None:
            raise ValueError(_IMPOSSIBLE)
        kept: List[np.ndarray] = []
        found, stream = 0, _mix64(seed ^ _REJECTION_STREAM)
        for round_ in range(_REJECTION_ROUNDS):
            size = max(2 * (n - found), 64)
            drawn = self._sample_one(spec, size, _mix64(stream + round_))
            good = drawn[~self._unannounced_bonus(drawn)]
            kept.append(good)
            found += len(good)
            if found >= n:
                return np.concatenate(kept)[:n]
            if 4 * len(good) < size:
                break
        return None

    def _unannounced_bonus(self, deals: np.ndarray) -> np.ndarray:
        """Whether each deal (rows of hand words) gives a hidden seat a bonus it did not
        announce, read from its hand as dealt: its cards now and played, less the kitty."""
        bad = np.zeros(len(deals), dtype=bool)
        for seat in self.hidden_seats:
            dealt = deals[:, seat] + np.uint64(self.played[seat].bitboard)
            if seat == self.landlord and self.kitty is not None:
                dealt -= np.uint64(self.kitty.bitboard)
            if (seat, DealBonus.DOUBLE_KINGS) not in self.deal_bonuses:
                bad |= ((dealt >> np.uint64(52)) & np.uint64(0xFF)) == np.uint64(_BOTH_JOKERS)
            if (seat, DealBonus.STRAIGHT) not in self.deal_bonuses:
                ranks = dealt & np.uint64(_STRAIGHT_COUNTS)     # a count 1..4 sets a low bit
                held = (ranks | (ranks >> np.uint64(1)) | (ranks >> np.uint64(2)))
                bad |= (held & np.uint64(_STRAIGHT_ONES)) == np.uint64(_STRAIGHT_ONES)
        return bad

    def _sample_split(self, n: int, seed: int,
                      constraints: Optional[Constraints]) -> np.ndarray:
        """``n`` deals of the exact split (:func:`split_specs`)."""
        specs = split_specs(self, constraints)
        if not specs:
            raise ValueError(_IMPOSSIBLE)
        if len(specs) == 1:
            return self._sample_one(specs[0], n, seed)
        # Disjoint ranges (deal bonuses): each sample picks one in proportion to its count of
        # deals, exactly, then the ranges are sampled uniformly, each from its own stream.
        counts = [_count(spec) for spec in specs]
        total = sum(counts)
        if total == 0:
            raise ValueError(_IMPOSSIBLE)
        bounds = np.cumsum(np.array(counts, dtype=object))
        rng = random.Random(seed)
        picks = np.searchsorted(bounds, [rng.randrange(total) for _ in range(n)], side="right")
        out = np.empty((n, 3), dtype=np.uint64)
        for k, spec in enumerate(specs):
            rows = np.flatnonzero(picks == k)
            if len(rows):
                out[rows] = self._sample_one(spec, len(rows), _mix64(seed + k + 1))
        return out

    def _sample_one(self, spec: SplitSpec, n: int, seed: int) -> np.ndarray:
        """``n`` uniform deals of one sampling problem."""
        out = np.empty((n, 3), dtype=np.uint64)
        total = _sampler._sample(out, *spec.native_tables(), spec.need, self.player,
                                 self.hand.bitboard, spec.seat_a, _word(spec.fixed_a),
                                 spec.seat_b, _word(spec.fixed_b), seed)
        if total == 0:  # split_spec found the ranges open, but no split fits the sizes
            raise ValueError(_IMPOSSIBLE)
        return out


#: The most memory one sample takes while it is drawn: its 24 bytes, twice over when deals are
#: drawn by rejection, and the arrays of hand words and masks built to test them.
_SAMPLE_BYTES = 96
_IMPOSSIBLE = ("no deal of the unseen cards meets the constraints (with the card counts and "
               "the kitty constraint)")
#: Sampling by rejection (deal bonuses): its rounds at most, and what sets its stream apart
#: from the exact split's.
_REJECTION_ROUNDS = 8
_REJECTION_STREAM = 0x5EED_0F_B0_1D
#: Hand words (ddz_fast.bitboard): both jokers' nibbles, and the counts and low bits of 3..A.
_BOTH_JOKERS = 0x11
_STRAIGHT_COUNTS = 0x777777777777
_STRAIGHT_ONES = 0x111111111111


def _count(spec: SplitSpec) -> int:
    """How many deals one sampling problem has."""
    return int(_sampler._count(*spec.native_tables(), spec.need))


def _mix64(value: int) -> int:
    """splitmix64's finalizer: a well-mixed 64-bit seed of ``value``."""
    z = value % 2 ** 64
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 % 2 ** 64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB % 2 ** 64
    return z ^ (z >> 31)


def _word(counts: Sequence[int]) -> int:
    return sum(c << (4 * r) for r, c in enumerate(counts))


def _card_counts(hands: Sequence[Hand]) -> Tuple[int, int, int]:
    return (len(hands[0]), len(hands[1]), len(hands[2]))


# --- from a game state ---------------------------------------------------------------------------

def information_set(state: "State", player: int) -> InformationSet:
    """What ``player`` may know in ``state``, in any phase (``State.information_set``)."""
    # Read by attribute, not checked with isinstance: ddz_fast.engine.game imports this module, so
    # this one does not import it back. Whatever is read is validated by InformationSet.
    if not all(hasattr(type(state), name) for name in _STATE_FIELDS):
        raise TypeError(f"state must be a State, not {type(state).__name__}")
    if getattr(state.rules, "players", 3) != 3:
        raise ValueError(f"information sets are of the three-player table, not of "
                         f"{state.rules.players} players")
    player = check_seat("player", player)
    history = tuple(state.history)
    played = _played_in(history)
    hand = state.hands[player]
    unseen = tuple(deck - own - gone for deck, own, gone in
                   zip(FULL_DECK, hand.counts, _sum_counts(*(h.counts for h in played))))
    in_play = state.phase == "play"
    return InformationSet(player, hand, state.landlord, state.kitty, state.phase,
                          state.current_player, history, _card_counts(state.hands), played,
                          unseen, state.prev if in_play else None,
                          state.passes if in_play else 0,
                          state.deal_bonuses if state.rules.deal_bonuses else None,
                          tuple(state.wild) if state.rules.laizi else None)


_STATE_FIELDS = ("hands", "history", "landlord", "kitty", "phase", "current_player",
                 "prev", "passes", "rules", "deal_bonuses")


def _played_in(history: Sequence[Tuple[int, "Action"]]) -> Hands3:
    """The cards each seat played, read from the actions (bids and passes play none)."""
    moves: Tuple[List[Counts], ...] = ([], [], [])
    for seat, action in history:
        if isinstance(action, Move) and not action.is_pass:
            moves[seat].append(action.counts)
    # One sum per rank over a seat's moves, not a new list of 15 counts per move: a bot builds
    # an information set at every decision, from the whole history.
    return (_total(moves[0]), _total(moves[1]), _total(moves[2]))


def _total(moves: Sequence[Counts]) -> Hand:
    """The cards of ``moves`` (their counts) together."""
    return Hand([sum(column) for column in zip(*moves)]) if moves else Hand()


# --- checks --------------------------------------------------------------------------------------

def _check_played(played: Optional[Sequence[HandLike]]) -> Hands3:
    if played is None:
        return (Hand(), Hand(), Hand())
    if isinstance(played, (str, bytes)) or not isinstance(played, Sequence) or len(played) != 3:
        raise ValueError(f"played must be three hands (the cards each seat played), "
                         f"got {shown(played)}")
    return (as_hand(played[0]), as_hand(played[1]), as_hand(played[2]))


def _check_history(history: object) -> Tuple[Tuple[int, "Action"], ...]:
    """The public actions as (seat, action) pairs: a bid, a double or a Move."""
    if not isinstance(history, (list, tuple)):
        raise TypeError(f"history must be a list of (seat, action) pairs, "
                        f"not {type(history).__name__}")
    checked = []
    for i, item in enumerate(history):
        if not (isinstance(item, tuple) and len(item) == 2):
            raise ValueError(f"history[{i}] must be a (seat, action) pair, got {shown(item)}")
        if not isinstance(item[1], (Bid, Double, Move)):
            raise TypeError(f"history[{i}] action must be a bid, a double or a Move, "
                            f"not {type(item[1]).__name__}")
        checked.append((check_seat(f"history[{i}] seat", item[0]), item[1]))
    return tuple(checked)


def _check_bonuses(bonuses: object) -> Optional[Bonuses]:
    """None, or distinct (seat, DealBonus) pairs, double kings at one seat at most."""
    if bonuses is None:
        return None
    if not isinstance(bonuses, (tuple, list)):
        raise TypeError(f"deal_bonuses must be None or (seat, DealBonus) pairs, "
                        f"not {type(bonuses).__name__}")
    checked = []
    for item in bonuses:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], DealBonus)):
            raise TypeError(f"a deal bonus is a (seat, DealBonus) pair, not {shown(item)}")
        checked.append((check_seat("a deal bonus's seat", item[0]), item[1]))
    if len(set(checked)) != len(checked) or \
            sum(bonus == DealBonus.DOUBLE_KINGS for _, bonus in checked) > 1:
        raise ValueError(f"deal bonuses {shown(bonuses)} repeat one: each seat has each bonus "
                         "once at most, and one seat at most has both jokers")
    return tuple(checked)


def _check_fields(info: InformationSet) -> None:
    """Types and the consistency of the counts: a malformed set fails here, not in native
    code."""
    check_seat("player", info.player)
    if not isinstance(info.hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(info.hand).__name__}")
    if info.landlord is not None:
        check_seat("landlord", info.landlord)
    if info.kitty is not None and not isinstance(info.kitty, Hand):
        raise TypeError(f"kitty must be a Hand or None, not {type(info.kitty).__name__}")
    if not isinstance(info.phase, str) or info.phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}, got {shown(info.phase)}")
    if (info.landlord is None) != (info.phase == "bidding"):
        raise ValueError("the landlord is known exactly when the bidding is over")
    if info.to_move is not None:
        check_seat("to_move", info.to_move)
    if not isinstance(info.history, tuple):
        raise TypeError(f"history must be a tuple, not {type(info.history).__name__}")
    if not (isinstance(info.played, tuple) and len(info.played) == 3
            and all(isinstance(h, Hand) for h in info.played)):
        raise TypeError("played must be a tuple of three Hands")
    if info.deal_bonuses is not None and _check_bonuses(info.deal_bonuses) != info.deal_bonuses:
        raise TypeError("deal_bonuses must be a tuple of (seat, DealBonus) pairs")
    _check_wild(info.wild)
    # The move to beat and the passes since it, as a position has them (0 when leading, 0 or
    # 1 after a move); only the play phase has a move to beat.
    prev, passes = check_prev_and_passes(info.prev, info.passes, 1)
    if prev is not None and info.phase != "play":
        raise ValueError(f"only the play phase has a move to beat, not the {info.phase} phase")
    object.__setattr__(info, "prev", prev)
    object.__setattr__(info, "passes", passes)
    _check_counts(info)


def _check_wild(wild: object) -> None:
    """None, or one or two distinct rank indices 3..2 (0..12) as a tuple."""
    if wild is None:
        return
    if not (isinstance(wild, tuple) and len(wild) <= 2
            and all(is_int(rank) and 0 <= rank <= 12 for rank in wild)
            and len(set(wild)) == len(wild)):
        raise ValueError(f"wild must be None or a tuple of at most two distinct rank indices "
                         f"0..12 (3..2), got {shown(wild)}")


def _check_counts(info: InformationSet) -> None:
    counts = info.card_counts
    if not (isinstance(counts, tuple) and len(counts) == 3
            and all(is_int(c) and 0 <= c <= 54 for c in counts)):
        raise ValueError(f"card_counts must be three counts 0..54, got {shown(counts)}")
    if counts[info.player] != len(info.hand):
        raise ValueError(f"card_counts says seat {info.player} holds {counts[info.player]} "
                         f"cards, but its hand holds {len(info.hand)}")
    unseen = info.unseen
    if not (isinstance(unseen, tuple) and len(unseen) == NUM_RANKS
            and all(is_int(c) and c >= 0 for c in unseen)):
        raise ValueError(f"unseen must be {NUM_RANKS} non-negative counts, got {shown(unseen)}")
    seen = _sum_counts(info.hand.counts, *(h.counts for h in info.played))
    for rank, (have, hidden, deck) in enumerate(zip(seen, unseen, FULL_DECK)):
        if have + hidden > deck:
            raise ValueError(f"{have + hidden} cards of rank {RANK_NAMES[rank]} are in the "
                             f"hand, played or unseen: one deck has {deck}")
    others = sum(counts) - counts[info.player]
    # While bidding the kitty is hidden too; afterwards the unseen cards are the other hands.
    if sum(unseen) < others or (info.landlord is not None and sum(unseen) != others):
        raise ValueError(f"{sum(unseen)} unseen cards cannot make the other hands' "
                         f"{others} cards")


def _snapshot(info: InformationSet) -> tuple:
    """The objects the checks read, and the count tuples of its hands: every one immutable, so
    the same objects (``is``) are the same values."""
    values = tuple(getattr(info, name) for name in _CHECKED_FIELDS)
    hands = (info.hand, info.kitty) + tuple(info.played) if isinstance(info.played, tuple) \
        else (info.hand, info.kitty)
    return values + tuple(getattr(hand, "_counts", None) for hand in hands)


def _recheck(info: object) -> None:
    """``info`` checked again, as when it was made: a frozen InformationSet can still be
    changed with ``object.__setattr__``, and what samples a deal from it reads native tables
    built from its fields (once per sample, count or sampling problem). The full checks run
    again only when a field (or a hand's counts) is no longer the very object they passed."""
    if not isinstance(info, InformationSet):
        raise TypeError(f"info must be an InformationSet, not {type(info).__name__}")
    checked = info._checked
    now = _snapshot(info)
    if len(checked) == len(now) and all(a is b for a, b in zip(checked, now)):
        return
    _check_fields(info)
    if info.kitty_constraint != _kitty_constraint(info):
        raise ValueError("the kitty constraint of the information set does not follow from "
                         "its fields (changed after it was made)")
    object.__setattr__(info, "_checked", _snapshot(info))


_CHECKED_FIELDS = ("player", "hand", "landlord", "kitty", "phase", "to_move", "history",
                   "card_counts", "played", "unseen", "prev", "passes", "deal_bonuses",
                   "wild", "kitty_constraint")


def _kitty_constraint(info: InformationSet) -> Counts:
    """``k_r`` (RULES.md): zeros unless a peasant looks at a landlord whose kitty was shown."""
    if info.kitty is None or info.landlord is None or info.landlord == info.player:
        return (0,) * NUM_RANKS
    gone = info.played[info.landlord].counts
    keep = tuple(max(0, k - p) for k, p in zip(info.kitty.counts, gone))
    if any(k > u for k, u in zip(keep, info.unseen)) or \
            sum(keep) > info.card_counts[info.landlord]:
        raise ValueError(f"the landlord cannot still hold the kitty cards {Hand(keep)} it "
                         "has not played: they are not all unseen")
    return keep


def _check_kitty_held(info: InformationSet, landlord_hand: Hand) -> None:
    """A position's true landlord hand must hold the kitty cards the landlord did not play."""
    if any(k > h for k, h in zip(info.kitty_constraint, landlord_hand.counts)):
        raise ValueError(f"the landlord's hand {landlord_hand} does not hold the kitty cards "
                         f"{Hand(info.kitty_constraint)} it has not played")


# --- constraints and the split they leave --------------------------------------------------------

def normalize_constraints(info: InformationSet, constraints: Optional[Constraints]) -> Bounds:
    """The constraints as ``{seat: (lowest counts, highest counts)}`` for each constrained
    hidden seat; TypeError or ValueError naming whatever is malformed."""
    _recheck(info)
    if constraints is None:
        return {}
    if not isinstance(constraints, Mapping):
        raise TypeError(f"constraints must be a mapping {{seat: {{rank: count or (low, high)}}}}"
                        f", not {type(constraints).__name__}")
    bounds: Bounds = {}
    for seat, per_rank in constraints.items():
        seat = check_seat("a constrained seat", seat)
        if seat == info.player:
            raise ValueError(f"seat {seat} is the player itself: constraints are about the "
                             f"hidden seats {info.hidden_seats}")
        if not isinstance(per_rank, Mapping):
            raise TypeError(f"the constraints of seat {seat} must be a mapping "
                            f"{{rank: count or (low, high)}}, not {type(per_rank).__name__}")
        low, high = [0] * NUM_RANKS, list(FULL_DECK)
        for key, value in per_rank.items():
            rank = _rank_of(key)
            low[rank], high[rank] = _range_of(value, rank, seat)
        bounds[seat] = (tuple(low), tuple(high))
    return bounds


def _rank_of(key: object) -> int:
    if isinstance(key, str):
        return rank_index(key.strip())
    return check_int("a constrained rank", key, 0, NUM_RANKS - 1)


def _range_of(value: object, rank: int, seat: int) -> Tuple[int, int]:
    what = f"the count of rank {RANK_NAMES[rank]} for seat {seat}"
    if is_int(value):
        low = high = check_int(what, value, 0, FULL_DECK[rank])
    elif isinstance(value, tuple) and len(value) == 2:
        low = check_int(f"the lowest {what}", value[0], 0, FULL_DECK[rank])
        high = check_int(f"the highest {what}", value[1], 0, FULL_DECK[rank])
        if low > high:
            raise ValueError(f"{what}: the range ({low}, {high}) is empty")
    else:
        raise TypeError(f"{what} must be an int or a (low, high) tuple, got {shown(value)}")
    return low, high


class SplitSpec(NamedTuple):
    """A sampling problem in rank counts: hidden hand A (``seat_a``) holds ``fixed_a`` (the
    kitty cards, when A is the landlord) plus ``a_r`` of the ``free[r]`` free cards of each
    rank, ``lo[r] <= a_r <= hi[r]``, ``sum(a_r) == need``; B holds ``fixed_b`` plus the rest.
    """

    seat_a: int
    seat_b: int
    fixed_a: Counts
    fixed_b: Counts
    free: Counts
    lo: Counts
    hi: Counts
    need: int

    def native_tables(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """free, lo and hi as the int64 arrays the native sampler reads."""
        return tuple(np.array(x, dtype=np.int64) for x in (self.free, self.lo, self.hi))


def split_spec(info: InformationSet,
               constraints: Optional[Constraints] = None) -> Optional[SplitSpec]:
    """The sampling problem of ``info`` under ``constraints``, or None when the constraints
    leave some rank no possible count (so no deal fits). ValueError while bidding. It leaves
    deal bonuses out: :func:`split_specs` gives the problems that take them in."""
    return _spec_of_bounds(info, _checked_bounds(info, constraints))


def split_specs(info: InformationSet,
                constraints: Optional[Constraints] = None) -> List[SplitSpec]:
    """Disjoint sampling problems whose deals together are those of ``info`` under
    ``constraints``, the deal bonuses included (see the module docstring): one problem
    without them, none when no deal fits."""
    bounds = _checked_bounds(info, constraints)
    specs = []
    for piece in _bonus_pieces(info):
        spec = _spec_of_bounds(info, _intersected(bounds, piece))
        if spec is not None:
            specs.append(spec)
    return specs


def _checked_bounds(info: InformationSet, constraints: Optional[Constraints]) -> Bounds:
    if not isinstance(info, InformationSet):
        raise TypeError(f"info must be an InformationSet, not {type(info).__name__}")
    if info.landlord is None:
        raise ValueError("determinizations need the landlord known: while bidding the kitty "
                         "is a third hidden pile")
    return normalize_constraints(info, constraints)


def _intersected(one: Bounds, other: Bounds) -> Bounds:
    """The bounds that meet both ``one`` and ``other``, seat by seat."""
    both = dict(one)
    for seat, (low, high) in other.items():
        if seat in both:
            low = tuple(map(max, low, both[seat][0]))
            high = tuple(map(min, high, both[seat][1]))
        both[seat] = (low, high)
    return both


_JOKERS = (13, 14)
_STRAIGHT_RANKS = tuple(range(12))


def _dealt_need(info: InformationSet, seat: int) -> List[int]:
    """Per rank, how many cards the hidden hand of ``seat`` holds exactly when the seat was
    dealt at least one of the rank."""
    kitty = info.kitty.counts if info.kitty is not None and seat == info.landlord \
        else (0,) * NUM_RANKS
    return [1 - p + k for p, k in zip(info.played[seat].counts, kitty)]


_BONUS_RANKS = ((DealBonus.DOUBLE_KINGS, _JOKERS), (DealBonus.STRAIGHT, _STRAIGHT_RANKS))


def _announced_bounds(info: InformationSet) -> Bounds:
    """Bounds on the hidden hands that give each hidden seat at least its announced bonuses."""
    bounds: Bounds = {}
    for seat in info.hidden_seats:
        need = _dealt_need(info, seat)
        for bonus, ranks in _BONUS_RANKS:
            if (seat, bonus) in info.deal_bonuses:
                held = [r for r in ranks if need[r] > 0]
                bounds = _intersected(bounds, _seat_bounds(seat, need, held, None))
    return bounds


def _bonus_pieces(info: InformationSet) -> List[Bounds]:
    """Disjoint bounds on the hidden hands whose union is the deals that give each hidden seat
    exactly its announced bonuses ([{}], no bound, without the option)."""
    if info.deal_bonuses is None:
        return [{}]
    pieces: List[Bounds] = [{}]
    for seat in info.hidden_seats:
        # Dealt at least one of rank r <=> the hidden hand holds at least need[r] of it.
        need = _dealt_need(info, seat)
        for bonus, ranks in _BONUS_RANKS:
            open_ranks = [r for r in ranks if need[r] > 0]   # not yet known to be dealt
            if (seat, bonus) in info.deal_bonuses:
                choices = [_seat_bounds(seat, need, open_ranks, None)]
            elif sum(need[r] for r in open_ranks) > info.card_counts[seat]:
                continue    # too few cards left to hold the bonus: every deal lacks it
            else:           # the first rank the deal lacks: one disjoint range per rank
                choices = [_seat_bounds(seat, need, open_ranks[:j], r)
                           for j, r in enumerate(open_ranks)]
            pieces = [_intersected(piece, choice) for piece in pieces for choice in choices]
    return pieces


def _seat_bounds(seat: int, need: List[int], held: Sequence[int],
                 lacking: Optional[int]) -> Bounds:
    """Bounds on ``seat``: at least need[r] of the ranks ``held``, fewer of ``lacking``."""
    low, high = [0] * NUM_RANKS, list(FULL_DECK)
    for r in held:
        low[r] = need[r]
    if lacking is not None:
        high[lacking] = need[lacking] - 1
    return {seat: (tuple(low), tuple(high))}


def _spec_of_bounds(info: InformationSet, bounds: Bounds) -> Optional[SplitSpec]:
    """The sampling problem of checked bounds (see :func:`split_spec`)."""
    seat_a, seat_b = info.hidden_seats
    keep = info.kitty_constraint
    none = (0,) * NUM_RANKS
    fixed_a = keep if seat_a == info.landlord else none
    fixed_b = keep if seat_b == info.landlord else none
    free = tuple(u - k for u, k in zip(info.unseen, keep))
    no_bound = (none, FULL_DECK)
    low_a, high_a = bounds.get(seat_a, no_bound)
    low_b, high_b = bounds.get(seat_b, no_bound)
    lo: List[int] = []
    hi: List[int] = []
    for r in range(NUM_RANKS):
        # A's total fixed_a + a within A's bounds; B's total fixed_b + free - a within B's.
        lo.append(max(0, low_a[r] - fixed_a[r], free[r] + fixed_b[r] - high_b[r]))
        hi.append(min(free[r], high_a[r] - fixed_a[r], free[r] + fixed_b[r] - low_b[r]))
        if lo[r] > hi[r]:
            return None
    need = info.card_counts[seat_a] - sum(fixed_a)
    if not 0 <= need <= sum(free):
        return None
    return SplitSpec(seat_a, seat_b, fixed_a, fixed_b, free, tuple(lo), tuple(hi), need)


