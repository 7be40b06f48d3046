"""What a hand being played is at every table: the part the three-player
:class:`~ddz_fast.engine.three_player.State` and the four-player
:class:`~ddz_fast.engine.four_player.FourPlayerState` have in common.

Both keep the same fields under the same names (``_game``, ``_phase``, ``_player``,
``_landlord``, ``_auto``, ``_timeouts``, ``_log``, ...), one entry per seat in the per-seat
tuples, so the read-only properties over those fields, the auto-play and timeout bookkeeping
and the auction's memo are written once here. What depends on the table (its cards, its
phases, its play and its settlement) stays in each engine.

:class:`StateBase` has no slots of its own (``__slots__ = ()``), so the three-player state can
inherit it next to its native base, whose C layout it leaves alone.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Protocol, Sequence, Tuple, Union

from .. import moves as api
from .._move_text import ambiguous_among, format_move, text_readings
from ..actions import Action, Bid, Double, Event, Partner
from ..hand import Hand
from ..move import Move
from ..rules import Rules
from ..validate import check_int, check_seat, is_int
from .bidding import Auction, auction_status
from .clock import Clock

__all__ = ["StateBase", "IllegalActionError", "ActionTypeError", "AutoPlayLoopError",
           "AutoPlayPolicy", "timeout_action", "auction_memo", "with_entry", "check_sizes",
           "ACTION_KINDS", "Seed", "check_seed", "Deal", "GameLike"]

#: A deal's seed: ``random.Random(seed)`` deals it.
Seed = Union[int, str]

#: A function choosing the action of a player on auto-play. It gets a copy of the state.
AutoPlayPolicy = Callable[["StateBase"], Action]


class GameLike(Protocol):
    """What a state reads of the :class:`~ddz_fast.engine.game.Game` it is played under."""

    rules: Rules
    chips: Optional[Tuple[int, ...]]
    clock: Clock
    auto_play_policy: AutoPlayPolicy


class Deal(NamedTuple):
    """The hands and the kitty as dealt: three hands of 17 cards and the 3-card kitty (18
    cards each and an empty kitty under rules without one), or four hands of 25 and an 8-card
    kitty at the four-player table."""

    hands: Tuple[Hand, ...]
    kitty: Hand


def check_seed(seed: object) -> Seed:
    """A seed as given (an int, or text), or a random one for None."""
    if seed is None:
        return random.SystemRandom().randrange(2 ** 63)
    if isinstance(seed, str):
        try:
            seed.encode("utf-8")       # random.Random hashes the text's UTF-8 bytes
        except UnicodeEncodeError:
            raise ValueError("seed text must be valid Unicode (it holds a lone surrogate)") \
                from None
        return seed
    if not is_int(seed):
        raise TypeError(f"seed must be an int, a str or None, not {type(seed).__name__}")
    return int(seed)  # type: ignore[call-overload]


#: The most re-deals a call that re-deals may ask for (``run_auto_play``, ``play_hand``): as
#: many as the deals :func:`~ddz_fast.engine.game.deal_cards` numbers, a few seconds of them.
MAX_REDEALS = 100_000
#: The event kinds that are decisions (the others flag auto-play, leaving and deal bonuses).
ACTION_KINDS = ("act", "timeout", "auto")
# How many auctions a memo keeps before it starts again.
_MAX_AUCTIONS = 1 << 14


class IllegalActionError(ValueError):
    """An action the current player may not take now (the state is left unchanged)."""


class ActionTypeError(IllegalActionError, TypeError):
    """An action of the wrong kind for the phase, e.g. a Move while bidding."""


class AutoPlayLoopError(IllegalActionError):
    """:meth:`State.run_auto_play` would re-deal forever: every seat on auto-play, none bids."""



def auction_memo() -> Callable[["Rules", int, tuple], Auction]:
    """``auction_status(rules, first_bidder, bids)``, remembered in a memo of its own.

    Every bid of every hand asks it, of a few hundred different auctions. Each table keeps its
    own memo: the key (bidding system, single round, first bidder, bids) does not name the
    number of seats, and the same bids end an auction at three seats but not at four.
    """
    memo: Dict[tuple, Auction] = {}

    def auction_after(rules: "Rules", first_bidder: int, bids: tuple) -> Auction:
        key = (rules.bidding, rules.single_round_auction, first_bidder, bids)
        auction = memo.get(key)
        if auction is None:
            auction = auction_status(rules, first_bidder, bids)
            if len(memo) >= _MAX_AUCTIONS:
                memo.clear()
            memo[key] = auction
        return auction

    return auction_after


def with_entry(values: tuple, index: int, value: Any) -> tuple:
    """A copy of a per-seat tuple with one entry replaced."""
    as_list = list(values)
    as_list[index] = value
    return tuple(as_list)


def check_sizes(hands: Sequence[Any], sizes: Sequence[int]) -> None:
    """ValueError unless each hand holds as many cards as ``sizes`` says for its seat."""
    for seat, (hand, size) in enumerate(zip(hands, sizes)):
        if len(hand) != size:
            raise ValueError(f"hand {seat} holds {len(hand)} cards, not {size}")


class StateBase:
    """The properties and the bookkeeping of a hand that do not depend on the table.

    A subclass holds the fields named in the module docstring and defines ``_checked`` (an
    action in canonical form, or the error naming what is wrong with it), ``_commit`` (take a
    checked action), ``clone``, ``start`` and ``_COMPARED``.
    """

    __slots__ = ()
    #: The fields two states compare (caches left out; the start is compared as ``start``).
    _COMPARED: Tuple[str, ...] = ()

    def __init__(self, *args: object, **kwargs: object) -> None:
        # A state is made by its table's constructors (cls.__new__ and its fields): one made
        # by calling the class would be an empty shell whose every property fails.
        raise TypeError(f"a {type(self).__name__} is made by Game.new_state or "
                        f"Game.new_state_from_hands, not by calling its class")

    def __eq__(self, other: object) -> bool:
        # States of one table compare field by field; a state of another table (its own
        # fields) is never equal.
        compared = self._COMPARED
        if not isinstance(other, StateBase) or other._COMPARED is not compared:
            return NotImplemented
        return (all(getattr(self, n) == getattr(other, n) for n in compared)
                and self.start == other.start)

    __hash__ = None  # type: ignore[assignment]  # states change: never dict keys

    game = property(lambda self: self._game, doc="The Game this hand is played under.")
    rules = property(lambda self: self._game.rules, doc="The rules of the game.")
    current_player = property(lambda self: self._player,
                              doc="The seat to act, None once the hand is over.")
    landlord = property(lambda self: self._landlord, doc="The landlord's seat, None before.")
    first_bidder = property(lambda self: self._first_bidder,
                            doc="Who bid first in the current deal.")
    seed = property(lambda self: self._seed, doc="The seed of the deals (and re-deals).")
    redeals = property(lambda self: self._redeals, doc="How many times the hand was re-dealt.")
    base_stake = property(lambda self: self._base_stake,
                          doc="The winning bid (points) or 1 (call/rob); 0 before.")
    doubles = property(lambda self: self._doubles, doc="Who doubled, per seat.")
    bids = property(lambda self: self._bids,
                    doc="(player, Bid) of the current deal's auction, in order.")
    auto_play = property(lambda self: self._auto, doc="Which seats are on auto-play.")
    has_left = property(lambda self: self._left, doc="Which seats left during this hand.")
    timeouts_in_a_row = property(lambda self: self._timeouts,
                                 doc="Each seat's count of consecutive timeouts.")
    stacks = property(lambda self: self._stacks,
                      doc="Chip stacks at the start of the hand (None: no chips).")

    @property
    def events(self) -> Tuple["Event", ...]:
        """Every event of the hand, oldest first (see :data:`ddz_fast.actions.Event`)."""
        return tuple(self._log)

    @property
    def history(self) -> List[Tuple[int, Action]]:
        """Every action of the hand as (player, action), re-dealt auctions included."""
        return [(player, action) for kind, player, action in self._log
                if kind in ACTION_KINDS]

    # --- clocks and auto-play --------------------------------------------------------------

    def timeout(self) -> Action:
        """The current player's clock ran out: apply the timeout action and return it.

        Enough timeouts in a row (``clock.timeouts_to_auto_play``) turn on auto-play.
        """
        self._require_not_over()
        action = timeout_action(self)   # type: ignore[arg-type]
        self._act(action, "timeout")
        return action

    def play_auto(self, action: Optional[Action] = None) -> Action:
        """Decide for the current player, who must be on auto-play, and return the action.

        The action comes from the game's auto-play policy unless given (a record replays the
        action it logged).
        """
        self._require_not_over()
        if not self._auto[self._player]:
            raise IllegalActionError(f"player {self._player} is not on auto-play")
        if action is None:
            action = self._game.auto_play_policy(self.clone())
        self._act(action, "auto")
        return action

    def run_auto_play(self, max_redeals: int = 100) -> int:
        """Let auto-play decide until a player not on it must act or the hand ends.

        Returns how many decisions were made. When every seat is on auto-play during the
        bidding, a policy that never bids (the default one declines) would re-deal forever:
        after ``max_redeals`` re-deals in this call (at most 100,000),
        :class:`AutoPlayLoopError` is raised, with the decisions made so far applied (each one
        is a whole, legal action).
        """
        max_redeals = check_int("max_redeals", max_redeals, 0, MAX_REDEALS)
        count, first_redeals = 0, self._redeals
        while self._player is not None and self._auto[self._player]:
            if self._redeals - first_redeals >= max_redeals and self._phase == "bidding" \
                    and all(self._auto):
                raise AutoPlayLoopError(
                    f"every seat is on auto-play and the hand was re-dealt {max_redeals} "
                    "times without a bid: turn auto-play off for a seat, or use a policy "
                    "that bids")
            self.play_auto()
            count += 1
        return count

    def set_auto_play(self, player: int, on: bool) -> None:
        """Turn auto-play on or off for ``player`` (off is refused after ``leave``)."""
        player = check_seat("player", player, len(self._auto))
        if not isinstance(on, bool):
            raise TypeError(f"on must be a bool, not {type(on).__name__}")
        self._require_not_over()
        if not on and self._left[player]:
            raise ValueError(f"player {player} left: auto-play stays on until the hand ends")
        self._auto = with_entry(self._auto, player, on)
        if not on:
            self._timeouts = with_entry(self._timeouts, player, 0)
        self._log.append(("auto_on" if on else "auto_off", player, None))

    def leave(self, player: int) -> None:
        """``player`` leaves: auto-play decides for them until the hand ends."""
        player = check_seat("player", player, len(self._auto))
        self._require_not_over()
        if self._left[player]:
            raise ValueError(f"player {player} has already left")
        self._auto = with_entry(self._auto, player, True)
        self._left = with_entry(self._left, player, True)
        self._log.append(("leave", player, None))

    # --- acting ----------------------------------------------------------------------------

    def _require_not_over(self) -> None:
        if self._phase == "over":
            raise IllegalActionError("the hand is over: no more decisions")

    def _act(self, action: Action, kind: str) -> None:
        self._require_not_over()
        self._commit(self._checked(action), kind)

    def _move_of_text(self, text: str, wild: object, legal: Callable[[Move], bool]) -> Move:
        """The move that a play's text names: of its readings under the rules and the wild
        ranks ``wild`` (a pass word: the pass), the one that is ``legal`` now. A text of one
        reading that is not legal gives that move, which the checks of a Move then refuse
        naming why; IllegalActionError when the text names no move, several legal ones, or
        several readings none of which is legal (naming them)."""
        rules = self._game.rules
        try:
            found = text_readings(text, api.classify, rules, wild)
        except ValueError as error:
            raise IllegalActionError(f"player {self._player}: {error}") from None
        playable = [move for move in found if legal(move)]
        if len(playable) == 1:
            return playable[0]
        if len(found) == 1:
            return found[0]
        if playable:
            several = ambiguous_among(text, playable, api.classify, rules, wild)
            raise IllegalActionError(f"player {self._player}: {several} (each is legal now)")
        written = ", ".join(format_move(move, api.classify, rules, wild) for move in found)
        raise IllegalActionError(f"player {self._player} cannot play {text.strip()!r}: none of "
                                 f"its readings is legal now ({written})")

    def _count_timeout(self, player: int, kind: str) -> None:
        """A normal decision resets the player's count of timeouts in a row, a timeout adds
        one (and enough of them turn on auto-play), an auto-play decision leaves it."""
        if kind == "act":
            if self._timeouts[player]:
                self._timeouts = with_entry(self._timeouts, player, 0)
        elif kind == "timeout":
            count = self._timeouts[player] + 1
            self._timeouts = with_entry(self._timeouts, player, count)
            if count >= self._game.clock.timeouts_to_auto_play:
                self._auto = with_entry(self._auto, player, True)


def timeout_action(state: "StateBase") -> Action:
    """What a player does when their clock runs out (also the default auto-play policy).

    Decline to bid or call (:attr:`Bid.PASS`), decline to double, pass when following; a player
    who must lead plays their smallest single card. A landlord naming its partner (the
    four-player table) names the seat opposite, two seats on in turn order. A state whose
    game may forbid the pass (Run Fast) decides its play itself, in ``_timeout_move()``.
    """
    phase = state.phase
    if phase == "bidding":
        return Bid.PASS
    if phase == "partner":
        return Partner((state.landlord + 2) % 4)
    if phase == "doubling":
        return Double.NO_DOUBLE
    if phase == "play":
        own = getattr(state, "_timeout_move", None)     # a game where passing may be illegal
        if own is not None:
            return own()
        if state.prev is not None:
            return Move.PASS
        return min(m for m in state.legal_actions() if m.type == "solo")
    raise ValueError("the hand is over: there is no decision to time out")
