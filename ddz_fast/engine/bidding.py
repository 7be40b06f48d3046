"""The auction, the doubling round and the partner choice (docs/RULES.md, "Bidding",
"Variants"), as pure functions of the actions.

An auction is replayed from its action list every time it is asked about: it never holds more
than a handful of actions, and a pure function of ``(rules, first bidder, actions)`` cannot get
out of step with the state that owns the list, nor be half-updated by a rejected action.

Choices where docs/RULES.md is silent:

* Points, ``single_round_auction``: a bid must still be higher than the current highest bid,
  and a bid of 3 ends the auction at once (nobody after it could outbid it anyway).
* Call/rob: the base stake is 1; each rob doubles the multiplier. "Each later player who did
  not pass" is every player after the first caller in bidding order (everyone before the caller
  passed). The first caller may rob back only when someone robbed, and at most once.
* Doubling round (whenever ``rules.doubling``): each player decides once, the two peasants
  first in turn order after the landlord, then the landlord, so the landlord's decision, which
  applies to both settlements, is taken knowing the peasants' ones.

Four players (the four-player table, docs/RULES.md, "Variants"): the same auctions over seats
0..3. A points auction ends at a bid of 3, or once the other three players have passed after a
bid; four passes re-deal. Call/rob gives each player after the first caller one chance to rob.
With ``sides="partner"`` the landlord then names its partner, one of the three other seats: a
:class:`Partner` action.
"""
from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

from ..actions import Bid
from ..rules import RulesLike, checked_rules
from ..validate import check_seat, is_int, shown

__all__ = ["Auction", "auction_status", "doubling_order", "next_player"]

#: Seats at the classic table (the four-player table has one more).
NUM_PLAYERS = 3


class Auction(NamedTuple):
    """Where an auction stands.

    While it runs, ``to_move`` is the player to act and ``legal`` their bids. When it has ended,
    ``to_move`` is None and either ``landlord`` is set (with ``base_stake`` and ``robs``) or
    ``redeal`` is true (nobody bid or called).
    """

    to_move: Optional[int]
    legal: Tuple[Bid, ...]
    landlord: Optional[int] = None
    base_stake: int = 0
    robs: int = 0
    redeal: bool = False

    @property
    def is_over(self) -> bool:
        return self.to_move is None


Actions = Tuple[Tuple[int, Bid], ...]
_POINT_BIDS = (Bid.BID_1, Bid.BID_2, Bid.BID_3)
_BID_VALUES = frozenset(int(bid) for bid in Bid)
_REDEAL = Auction(None, (), redeal=True)


def next_player(player: int, players: int = NUM_PLAYERS) -> int:
    """The next player in turn order 0 -> 1 -> 2 -> 0 (-> 3 -> 0 at a table of four)."""
    return (player + 1) % players


def auction_status(rules: RulesLike, first_bidder: int, actions: Actions) -> Auction:
    """The auction after ``actions`` (``(player, bid)`` pairs in order) under ``rules``."""
    rules = checked_rules(rules)
    players = rules.players
    first_bidder = check_seat("first_bidder", first_bidder, players)
    actions = _checked_actions(actions, players)
    if rules.bidding == "call_rob":
        return _call_rob(first_bidder, actions, players)
    if rules.single_round_auction:
        return _points_single_round(first_bidder, actions, players)
    return _points(first_bidder, actions, players)


def _checked_actions(actions: object, players: int) -> Actions:
    """``actions`` as a tuple of (seat, Bid) pairs; ints are taken for bids."""
    if isinstance(actions, (str, bytes)) or not isinstance(actions, (tuple, list)):
        raise TypeError(f"actions must be a sequence of (player, bid) pairs, "
                        f"not {type(actions).__name__}")
    checked = []
    for number, action in enumerate(actions):
        if not isinstance(action, (tuple, list)) or len(action) != 2:
            raise ValueError(f"actions[{number}] must be a (player, bid) pair, "
                             f"got {shown(action)}")
        player, bid = action
        if not is_int(bid) or int(bid) not in _BID_VALUES:
            raise ValueError(f"actions[{number}]: {shown(bid)} is not a bid")
        checked.append((check_seat(f"actions[{number}] player", player, players),
                        Bid(int(bid))))
    return tuple(checked)


def _highest(actions: Actions) -> Tuple[int, Optional[int]]:
    """(highest bid, its bidder) of a points auction; (0, None) before any bid."""
    bids = [(int(bid), player) for player, bid in actions if bid != Bid.PASS]
    return max(bids) if bids else (0, None)


def _points_turn(player: int, highest: int) -> Auction:
    return Auction(player, (Bid.PASS,) + tuple(b for b in _POINT_BIDS if b > highest))


def _points(first_bidder: int, actions: Actions, players: int) -> Auction:
    highest, bidder = _highest(actions)
    passed = {player for player, bid in actions if bid == Bid.PASS}
    if highest == 3 or (len(passed) == players - 1 and bidder is not None):
        return Auction(None, (), bidder, highest)
    if len(passed) == players:
        return _REDEAL
    player = next_player(actions[-1][0], players) if actions else first_bidder
    while player in passed:  # a player who passed never bids again
        player = next_player(player, players)
    return _points_turn(player, highest)


def _points_single_round(first_bidder: int, actions: Actions, players: int) -> Auction:
    highest, bidder = _highest(actions)
    if highest == 3 or len(actions) == players:
        return Auction(None, (), bidder, highest) if bidder is not None else _REDEAL
    return _points_turn((first_bidder + len(actions)) % players, highest)


def _call_rob(first_bidder: int, actions: Actions, players: int) -> Auction:
    call_at = next((i for i, (_, bid) in enumerate(actions) if bid == Bid.CALL), None)
    if call_at is None:
        if len(actions) == players:
            return _REDEAL
        return Auction((first_bidder + len(actions)) % players, (Bid.PASS, Bid.CALL))
    caller = actions[call_at][0]
    robbers = [(first_bidder + i) % players for i in range(call_at + 1, players)]
    rob_actions = actions[call_at + 1:]
    rob_chances = len(robbers)
    if any(bid == Bid.ROB for _, bid in rob_actions):
        robbers.append(caller)  # the first caller may rob back, once
        rob_chances += 1
    if len(rob_actions) < rob_chances:
        return Auction(robbers[len(rob_actions)], (Bid.PASS, Bid.ROB))
    landlord = [player for player, bid in actions if bid in (Bid.CALL, Bid.ROB)][-1]
    robs = sum(1 for _, bid in rob_actions if bid == Bid.ROB)
    return Auction(None, (), landlord, 1, robs)


def doubling_order(landlord: int) -> Tuple[int, int, int]:
    """Who decides in the doubling round, in order: the peasants, then the landlord."""
    return (next_player(landlord), next_player(next_player(landlord)), landlord)
