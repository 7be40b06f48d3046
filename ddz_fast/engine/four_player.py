"""The four-player game engine (docs/RULES.md, "Variants", "Four players with two decks").

``Game("four_player")`` (any ``Rules(players=4)``) makes its hands here: a
:class:`FourPlayerState` has the public interface of the three-player
:class:`~ddz_fast.engine.three_player.State` over four seats and two decks, on the plain-Python
engine of :mod:`ddz_fast.engine.python_state` (phases, play and settlement by sides). Play goes
round the table 0 -> 1 -> 2 -> 3 -> 0 from the landlord; once the other three have passed in a
row, the player who made the last move leads.

Choices where docs/RULES.md is silent (beyond those of :mod:`ddz_fast.engine.game`, which hold here
too: the deal and re-deals from the seed, the kitty shown as soon as the landlord is known,
auto-play flags):

* The partner is named after the kitty is taken and before the doubling round, so every player
  doubles knowing the sides. Its clock is the bid's; on a timeout (and by default on
  auto-play) the landlord names the seat opposite, two seats on in turn order.
* Doubling at four seats: each player decides once, the three others in turn order after the
  landlord, then the landlord. A player's double doubles the settlement it takes part in; the
  landlord's double doubles every settlement (:func:`ddz_fast.engine.scoring.settle_sides`).
* With a partner, the partner settles with the first opponent after it in turn order (the
  rules' "opponent on its left") and the landlord with the other
  (:func:`ddz_fast.engine.scoring.side_pairs`).
* Chips: no player pays more than its stack, the landlord never wins more from one opponent
  than its own stack, and a landlord playing alone who cannot pay all three shares its stack
  between them in proportion (:func:`ddz_fast.engine.scoring.cap_sides_to_stacks`).
* ``winner`` is ``"landlord"`` when the landlord's side won (the partner going out first
  included) and ``"peasants"`` when the opponents did; ``out_first`` is the seat that went out.
* ``new_state_from_hands(..., landlord=...)`` starts after the auction at ``base_stake`` with no
  doubling round, like the three-player engine; with ``sides="partner"`` and no ``partner``
  given, the landlord names its partner first.
"""
from __future__ import annotations

import random
from typing import NamedTuple, Optional, Sequence, Tuple

from ..cards import NUM_RANKS, RANK_NAMES, deck_counts
from ..hand import Hand, HandLike, as_hand
from ..positions.four_player import FourPlayerPosition
from ..rules import Rules
from ..validate import check_int, check_seat, is_int, shown
from .base import Deal, GameLike, Seed, auction_memo, check_seed, check_sizes
from .python_state import PythonState, shuffled_deal

__all__ = ["FourPlayerState", "FourPlayerStart", "new_state", "state_from_hands", "deal",
           "check_stacks", "PHASES", "PLAYERS"]

PHASES = ("bidding", "partner", "doubling", "play", "over")
PLAYERS = 4
Hands = Tuple[Hand, Hand, Hand, Hand]
Stacks = Optional[Tuple[int, int, int, int]]


class FourPlayerStart(NamedTuple):
    """How a four-player hand started: :class:`~ddz_fast.engine.three_player.Start` and the partner
    given with the landlord (None: named in the partner phase, or no partner)."""

    hands: Hands
    kitty: Optional[Hand]
    landlord: Optional[int]
    first_bidder: int
    base_stake: int
    stacks: Stacks
    partner: Optional[int] = None


def check_stacks(stacks: object) -> Stacks:
    """None, or four non-negative stacks (one int is every seat's)."""
    if stacks is None:
        return None
    if is_int(stacks):
        stacks = (int(stacks),) * PLAYERS    # type: ignore[call-overload]
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) \
            or len(stacks) != PLAYERS or any(not is_int(s) or s < 0 for s in stacks):
        raise ValueError(f"chips must be None, one non-negative int or four of them, "
                         f"got {shown(stacks)}")
    return (int(stacks[0]), int(stacks[1]), int(stacks[2]), int(stacks[3]))


def new_state(game: GameLike, seed: Optional[Seed], first_bidder: int,
              stacks: object, previous: object = None) -> "FourPlayerState":
    """``game.new_state`` at the four-player table (arguments not yet checked;
    ``previous``, the hand before, is Run Fast's and not read here)."""
    seed = check_seed(seed)
    first_bidder = check_seat("first_bidder", first_bidder, PLAYERS)
    stacks_t = game.chips if stacks is None else check_stacks(stacks)
    deal, stream = _next_deal(seed, 0, None, game.rules)
    origin = FourPlayerStart(deal.hands, deal.kitty, None, first_bidder, 1, stacks_t)
    return FourPlayerState._start(game, seed, first_bidder, deal, origin, stream)


def state_from_hands(game: GameLike, hands: Sequence[HandLike], kitty: Optional[HandLike], *,
                     landlord: Optional[int], partner: Optional[int], wild: object,
                     first_bidder: int, seed: Optional[Seed], base_stake: int,
                     stacks: object) -> "FourPlayerState":
    """``game.new_state_from_hands`` at the four-player table: two full decks, checked.

    Without ``landlord``: four hands of 25 and the 8-card kitty, then the auction. With it:
    the landlord holds 33 cards (the kitty, if given, 8 of them) and the others 25 each.
    """
    rules = game.rules
    if wild is not None:
        raise ValueError(f"wild ranks are drawn only under rules with wild cards (laizi), "
                         f"not under {rules!r}")
    first_bidder = check_seat("first_bidder", first_bidder, PLAYERS)
    hands_t = _check_hands(hands)
    kitty_h = None if kitty is None else as_hand(kitty, 2)
    if landlord is None:
        if partner is not None:
            raise ValueError("a partner is named by the landlord: give landlord= with it")
        if kitty_h is None:
            raise ValueError(f"a hand that starts with bidding needs the {rules.kitty}-card "
                             "kitty")
        check_sizes(hands_t, (rules.hand_size,) * PLAYERS)
        _check_kitty(kitty_h, rules)
        _check_two_decks(hands_t + (kitty_h,))
    else:
        landlord = check_seat("landlord", landlord, PLAYERS)
        partner = _check_partner(partner, landlord, rules)
        check_sizes(hands_t, [rules.hand_size + rules.kitty * (seat == landlord)
                               for seat in range(PLAYERS)])
        _check_two_decks(hands_t)
        if kitty_h is not None:
            _check_kitty(kitty_h, rules)
            if any(k > h for k, h in zip(kitty_h.counts, hands_t[landlord].counts)):
                raise ValueError(f"the kitty {kitty_h} is not part of the landlord's hand "
                                 f"{hands_t[landlord]}")
    base_stake = check_int("base_stake", base_stake, 1)
    stacks_t = game.chips if stacks is None else check_stacks(stacks)
    origin = FourPlayerStart(hands_t, kitty_h, landlord, first_bidder, base_stake, stacks_t,
                             partner)
    state = FourPlayerState._start(game, check_seed(seed), first_bidder,
                                   Deal(hands_t, kitty_h or Hand()), origin, None)
    if landlord is not None:
        state._take_seat(landlord, base_stake, kitty_h is not None, partner)
    return state


def _check_hands(hands: Sequence[HandLike]) -> Hands:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) \
            or len(hands) != PLAYERS:
        raise ValueError("hands must be a sequence of exactly four hands")
    checked = tuple(as_hand(h, 2) for h in hands)
    return (checked[0], checked[1], checked[2], checked[3])


def _check_kitty(kitty: Hand, rules: Rules) -> None:
    if len(kitty) != rules.kitty:
        raise ValueError(f"the kitty holds {len(kitty)} cards, not {rules.kitty}")


def _check_two_decks(piles: Sequence[Hand]) -> None:
    deck = deck_counts(2)
    for rank in range(NUM_RANKS):
        have = sum(p.counts[rank] for p in piles)
        if have != deck[rank]:
            raise ValueError(f"the cards hold {have} of rank {RANK_NAMES[rank]}, not "
                             f"{deck[rank]}: hands and kitty must make exactly two decks")


def _check_partner(partner: object, landlord: int, rules: Rules) -> Optional[int]:
    if partner is None:
        return None
    if rules.sides != "partner":
        raise ValueError(f"sides={rules.sides!r}: the landlord plays alone, name no partner")
    seat = check_seat("partner", partner, PLAYERS)
    if seat == landlord:
        raise ValueError("the landlord cannot be its own partner")
    return seat


def _next_deal(seed: Seed, number: int, stream: Optional[tuple],
               rules: Rules) -> Tuple[Deal, tuple]:
    """Deal ``number`` of ``seed`` and the state of the random stream after it: one shuffle of
    the sorted decks per deal (:func:`~ddz_fast.engine.python_state.shuffled_deal`). ``stream``
    is the state after deal ``number - 1`` (None: not known, the earlier deals are drawn)."""
    rng = random.Random(seed)
    if stream is None:
        for _ in range(number):
            shuffled_deal(rng, rules)
    else:
        rng.setstate(stream)
    return shuffled_deal(rng, rules), rng.getstate()


def deal(seed: Seed, number: int, rules: Rules) -> Deal:
    """Deal ``number`` of ``seed`` (checked) at the four-player table: the ``number + 1``-th
    shuffle of the sorted decks by ``random.Random(seed)``; each player in turn takes the next
    25 cards, and the kitty the other 8."""
    return _next_deal(seed, number, None, rules)[0]


class FourPlayerState(PythonState):
    """One hand at the four-player table being played: see the module docstring."""

    __slots__ = ()
    num_players = PLAYERS
    _auction_after = staticmethod(auction_memo())

    def position(self) -> FourPlayerPosition:
        """The play-phase position (for perft); ValueError outside play."""
        if self._phase != "play":
            raise ValueError(f"a position exists only in the play phase, not in {self._phase}")
        return FourPlayerPosition(self._hands, self._landlord, self._player, self._prev,
                                  self._passes)

    def _redeal(self) -> None:
        """Nobody bid: the next deal of the seed, the next seat bidding first."""
        self._redeals += 1
        dealt, self._stream = _next_deal(self._seed, self._redeals, self._stream, self.rules)
        self._new_deal((self._first_bidder + 1) % PLAYERS, dealt)
