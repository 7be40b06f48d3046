"""Information sets of the four-player table (two decks) and exact uniform deals of the rest.

docs/RULES.md, "Search" and "Four players with two decks": a player knows its own hand, the
8-card kitty once the landlord has shown it, the partner once named (under ``sides="partner"``),
every action so far, so every card played and each seat's card count. Hidden is how the unseen
cards lie among the other three hands. The landlord still holds, of each rank, at least
``k_r = max(0, kitty_r - landlord_played_r)`` cards (the *kitty constraint*).

:meth:`FourPlayerInformationSet.sample` deals the hidden cards exactly uniformly in the rule
book's sense: the ``k_r`` kitty cards go to the landlord, and every way of dealing the other
``u_r`` unseen physical cards of each rank (suits and decks tell cards apart) into the three
hidden hands with their public sizes is equally likely. Each deal is one uniformly random order
of those physical cards (numpy's seeded ``Generator.permuted``, an unbiased Fisher-Yates
shuffle), cut into the hidden hands' sizes in turn: every assignment of the cards to the hands
comes from the same number of orders, so each is equally likely, with no rejection. So a split
giving the hands ``a_r``, ``b_r`` and ``c_r`` cards of rank r has probability proportional to
``prod_r u_r! / (a_r! b_r! c_r!)``; :meth:`~FourPlayerInformationSet.deal_count` sums those
weights rank by rank in exact integers.

Choices where the rule book is silent: a sample is an ``(n, 4, 15)`` array of rank counts (a
two-deck hand holds up to eight cards of a rank, which a one-deck hand word does not), one row
per seat, the player's own row its hand; sampling needs the landlord and the kitty to be known
(before that the kitty is a fourth hidden pile).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import factorial
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from ..cards import NUM_RANKS, RANK_NAMES, TWO_DECKS, Counts
from ..hand import Hand, HandLike
from ..move import Move
from ..positions.four_player import FourPlayerPosition
from ..positions.three_player import check_prev_and_passes
from ..validate import check_int, check_seat, check_seed64, is_int, shown

__all__ = ["FourPlayerInformationSet", "MAX_FOUR_PLAYER_SAMPLES"]

SEATS = 4
#: The most deals one :meth:`FourPlayerInformationSet.sample` call returns (60 MB of counts).
MAX_FOUR_PLAYER_SAMPLES = 1 << 20
_PHASES = ("bidding", "partner", "doubling", "play", "over")
Hands4 = Tuple[Hand, Hand, Hand, Hand]


@dataclass(frozen=True)
class FourPlayerInformationSet:
    """What ``player`` may know at one moment of a four-player hand (immutable, hashable).

    Two sets are equal exactly when the player could not tell the two moments apart.
    """

    #: The seat whose knowledge this is.
    player: int
    #: That player's hand now.
    hand: Hand
    #: The landlord's seat, None while bidding.
    landlord: Optional[int]
    #: The landlord's partner once named (``sides="partner"``), else None.
    partner: Optional[int]
    #: The kitty once shown (None before the landlord is known, or when not given).
    kitty: Optional[Hand]
    #: The phase of the hand (:data:`ddz_fast.engine.four_player.PHASES`).
    phase: str
    #: The seat to act, None once the hand is over.
    to_move: Optional[int]
    #: Every action taken so far, in order, as (seat, action).
    history: tuple
    #: How many cards each seat holds now.
    card_counts: Tuple[int, int, int, int]
    #: The cards each seat has played (public).
    played: Hands4
    #: Counts per rank of the cards the player cannot see.
    unseen: Counts
    #: In play, the move to beat (None when the player to move leads) and the passes since.
    prev: Optional[Move] = None
    passes: int = 0
    #: ``k_r``: the fewest cards of each rank the landlord's hidden hand holds.
    kitty_constraint: Counts = field(init=False)

    def __post_init__(self) -> None:
        _check_fields(self)
        object.__setattr__(self, "kitty_constraint", _kitty_constraint(self))

    @classmethod
    def from_state(cls, state: object, player: int) -> "FourPlayerInformationSet":
        """What ``player`` knows in a four-player ``state`` (any phase)."""
        rules = getattr(state, "rules", None)
        if getattr(rules, "players", None) != SEATS:
            raise TypeError(f"state must be a state of the four-player table, "
                            f"not {type(state).__name__}")
        player = check_seat("player", player, SEATS)
        history = tuple(state.history)
        played = _played_in(history)
        hand = state.hands[player]
        seen = _sum(hand.counts, *(h.counts for h in played))
        in_play = state.phase == "play"
        return cls(player, hand, state.landlord, state.partner, state.kitty, state.phase,
                   state.current_player, history, tuple(len(h) for h in state.hands), played,
                   tuple(d - s for d, s in zip(TWO_DECKS, seen)),
                   state.prev if in_play else None, state.passes if in_play else 0)

    @classmethod
    def from_position(cls, position: FourPlayerPosition, player: int, *,
                      played: Optional[Sequence[HandLike]] = None,
                      kitty: Optional[HandLike] = None,
                      partner: Optional[int] = None) -> "FourPlayerInformationSet":
        """What ``player`` knows in a play-phase ``position``, given the cards each seat has
        played (default: none), the shown kitty (default: unknown) and the partner (None: no
        partner, ``sides="alone"``). The other hands of the position are then forgotten."""
        if type(position) is not FourPlayerPosition:
            raise TypeError(f"position must be a FourPlayerPosition, "
                            f"not {type(position).__name__}")
        player = check_seat("player", player, SEATS)
        played_hands = _check_played(played)
        others = [h.counts for seat, h in enumerate(position.hands) if seat != player]
        over = position.is_over
        return cls(player, position.hands[player], position.landlord, partner,
                   None if kitty is None else _two_deck_hand(kitty), "over" if over else "play",
                   None if over else position.to_move, (),
                   tuple(len(h) for h in position.hands), played_hands, _sum(*others),
                   None if over else position.prev, 0 if over else position.passes)

    @property
    def hidden_seats(self) -> Tuple[int, int, int]:
        """The three seats whose hands the player cannot see, in turn order after it."""
        return tuple((self.player + k) % SEATS for k in (1, 2, 3))  # type: ignore[return-value]

    def deal_count(self) -> int:
        """How many deals of the unseen physical cards fit the set: the total weight of the
        splits (0 when none does)."""
        return _deal_count(_split(self))

    def sample(self, n: int, seed: int) -> np.ndarray:
        """``n`` uniform deals as an ``(n, 4, 15)`` uint8 array of rank counts, row ``seat``
        of deal ``i`` the hand of that seat (see the module docstring); the same seed (0 ..
        2**64 - 1) gives the same deals. ValueError before the landlord and the kitty are
        known, or when no deal fits."""
        _check_fields(self)
        n = check_int("n", n, 0, MAX_FOUR_PLAYER_SAMPLES)
        seed = check_seed64("seed", seed)
        if self.landlord is None:
            raise ValueError("deals are sampled once the landlord is known (before, the kitty "
                             "is a fourth hidden pile)")
        split = _split(self)
        if not split.possible:
            raise ValueError("no deal of the unseen cards fits the card counts and the kitty")
        out = np.zeros((n, SEATS, NUM_RANKS), dtype=np.uint8)
        out[:, self.player] = self.hand.counts
        rng = np.random.default_rng(seed)
        for start in range(0, n, _CHUNK):
            _deal_into(out[start:start + _CHUNK], split, rng)
        return out


#: Deals drawn at once: their orders of up to 75 cards, with their row offsets, take a few MB.
_CHUNK = 1 << 12


def _deal_into(out: np.ndarray, split: "_Split", rng: np.random.Generator) -> None:
    """Fill the hidden seats of each row of ``out`` with one deal: a uniformly random order of
    the free physical cards, cut into the seats' sizes in turn, plus the kitty cards owed."""
    n = len(out)
    cards = np.repeat(np.arange(NUM_RANKS), split.free)     # the free physical cards, by rank
    orders = rng.permuted(np.tile(cards, (n, 1)), axis=1)
    rows = NUM_RANKS * np.arange(n)[:, None]                 # rank r of row i counts at i*15 + r
    start = 0
    for seat, size, owed in zip(split.seats, split.sizes, split.owed):
        dealt = (orders[:, start:start + size] + rows).ravel()
        out[:, seat] = np.bincount(dealt, minlength=n * NUM_RANKS).reshape(n, NUM_RANKS) + owed
        start += size


class _Split(NamedTuple):
    """What a deal of the hidden cards places: the hidden seats in turn order, the kitty cards
    each of them holds (the landlord's ``k_r``), the free cards of each rank and how many of
    them each seat takes."""

    seats: Tuple[int, int, int]
    owed: List[Counts]
    free: List[int]
    sizes: List[int]

    @property
    def possible(self) -> bool:
        """Whether a deal fits: with no per-rank bound, exactly when the sizes take every free
        card."""
        return min(self.free) >= 0 and min(self.sizes) >= 0 and sum(self.sizes) == sum(self.free)


def _split(info: FourPlayerInformationSet) -> _Split:
    seats = info.hidden_seats
    owed = [info.kitty_constraint if seat == info.landlord else (0,) * NUM_RANKS
            for seat in seats]
    free = [u - k for u, k in zip(info.unseen, info.kitty_constraint)]
    sizes = [info.card_counts[seat] - sum(kitty) for seat, kitty in zip(seats, owed)]
    return _Split(seats, owed, free, sizes)


def _deal_count(split: _Split) -> int:
    """The total weight of the splits, summed rank by rank: ``ways[(x, y)]`` after rank r is the
    weight of dealing ranks r.. so that the first hidden seat still takes ``x`` free cards and
    the second ``y`` (the third takes the rest)."""
    if not split.possible:
        return 0
    first, second = split.sizes[0], split.sizes[1]
    ways: Dict[Tuple[int, int], int] = {(0, 0): 1}
    for rank in range(NUM_RANKS - 1, -1, -1):
        u = split.free[rank]
        here: Dict[Tuple[int, int], int] = {}
        for (x, y), weight in ways.items():
            for a in range(min(u, first - x) + 1):
                for b in range(min(u - a, second - y) + 1):
                    key = (x + a, y + b)
                    here[key] = here.get(key, 0) + weight * _multinomial(u, a, b)
        ways = here
    return ways.get((first, second), 0)


def _multinomial(u: int, a: int, b: int) -> int:
    return factorial(u) // (factorial(a) * factorial(b) * factorial(u - a - b))


def _sum(*hands: Sequence[int]) -> Counts:
    return tuple(sum(counts) for counts in zip(*hands)) if hands else (0,) * NUM_RANKS


def _played_in(history: tuple) -> Hands4:
    """The cards each seat played, read from the actions."""
    played: List[List[int]] = [[0] * NUM_RANKS for _ in range(SEATS)]
    for seat, action in history:
        if isinstance(action, Move) and not action.is_pass:
            for rank, count in enumerate(action.counts):
                played[seat][rank] += count
    return tuple(Hand(counts, decks=2) for counts in played)  # type: ignore[return-value]


def _check_played(played: Optional[Sequence[HandLike]]) -> Hands4:
    if played is None:
        return tuple(Hand((0,) * NUM_RANKS) for _ in range(SEATS))  # type: ignore[return-value]
    if isinstance(played, (str, bytes)) or not isinstance(played, Sequence) \
            or len(played) != SEATS:
        raise ValueError(f"played must be four hands, one per seat, got {shown(played)}")
    return tuple(_two_deck_hand(h) for h in played)  # type: ignore[return-value]


def _two_deck_hand(hand: HandLike) -> Hand:
    """A Hand, or cards read as a hand of the two decks (up to eight of a rank)."""
    return hand if isinstance(hand, Hand) else Hand(hand, decks=2)


def _kitty_constraint(info: FourPlayerInformationSet) -> Counts:
    if info.kitty is None or info.landlord is None or info.player == info.landlord:
        return (0,) * NUM_RANKS
    gone = info.played[info.landlord].counts
    return tuple(max(0, k - g) for k, g in zip(info.kitty.counts, gone))


def _check_fields(info: FourPlayerInformationSet) -> None:
    """Types and the consistency of the counts: a malformed set fails here."""
    check_seat("player", info.player, SEATS)
    if not isinstance(info.hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(info.hand).__name__}")
    if info.landlord is not None:
        check_seat("landlord", info.landlord, SEATS)
    if info.partner is not None:
        check_seat("partner", info.partner, SEATS)
        if info.partner == info.landlord:
            raise ValueError("the landlord cannot be its own partner")
    if info.kitty is not None and not isinstance(info.kitty, Hand):
        raise TypeError(f"kitty must be a Hand or None, not {type(info.kitty).__name__}")
    if not isinstance(info.phase, str) or info.phase not in _PHASES:
        raise ValueError(f"phase must be one of {_PHASES}, got {shown(info.phase)}")
    if info.to_move is not None:
        check_seat("to_move", info.to_move, SEATS)
    if not (isinstance(info.played, tuple) and len(info.played) == SEATS
            and all(isinstance(h, Hand) for h in info.played)):
        raise TypeError("played must be a tuple of four Hands")
    check_prev_and_passes(info.prev, info.passes, 2)
    counts = info.card_counts
    if not (isinstance(counts, tuple) and len(counts) == SEATS
            and all(is_int(c) and 0 <= c <= 33 for c in counts)):
        raise ValueError(f"card_counts must be four counts 0..33, got {shown(counts)}")
    if counts[info.player] != len(info.hand):
        raise ValueError(f"card_counts says seat {info.player} holds {counts[info.player]} "
                         f"cards, but its hand holds {len(info.hand)}")
    unseen = info.unseen
    if not (isinstance(unseen, tuple) and len(unseen) == NUM_RANKS
            and all(is_int(c) and c >= 0 for c in unseen)):
        raise ValueError(f"unseen must be {NUM_RANKS} non-negative counts, got {shown(unseen)}")
    seen = _sum(info.hand.counts, *(h.counts for h in info.played))
    for rank, (have, hidden, deck) in enumerate(zip(seen, unseen, TWO_DECKS)):
        if have + hidden > deck:
            raise ValueError(f"{have + hidden} cards of rank {RANK_NAMES[rank]} are in the "
                             f"hand, played or unseen: two decks have {deck}")
    others = sum(counts) - counts[info.player]
    if sum(unseen) < others or (info.landlord is not None and sum(unseen) != others):
        raise ValueError(f"{sum(unseen)} unseen cards cannot make the other hands' "
                         f"{others} cards")
