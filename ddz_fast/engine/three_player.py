"""The three-player engine: the :class:`State` of a hand at the classic table, one deck.

In the OpenSpiel style a state moves through the phases ``bidding``, ``doubling`` (only when
``rules.doubling``), ``play`` and ``over``. At every decision ``current_player`` chooses one of
``legal_actions()`` and calls ``apply``:

* bidding: a :class:`~ddz_fast.actions.Bid` (``PASS``, ``BID_1``..``BID_3`` for points;
  ``PASS``, ``CALL``, ``ROB`` for call/rob); plain ints are accepted for bids;
* doubling: a :class:`~ddz_fast.actions.Double` (``NO_DOUBLE`` or ``DOUBLE``);
* play: a :class:`~ddz_fast.move.Move`; ``Move.PASS`` passes. A move's text will do
  (``"3"``, ``"333444555666:airplane"``, ``"pass"``): it is read under the game's rules
  (:func:`ddz_fast.moves.notation.parse_move`), and of its readings the one legal now is
  played; text with several legal readings, or several readings none of which is legal, is
  refused naming them. ``apply_id`` takes the dense action id of a move instead
  (:func:`ddz_fast.action_space`; the id after the last passes).

An illegal action raises :class:`IllegalActionError` (a ValueError; for an action of the wrong
kind, such as a Move while bidding, :class:`ActionTypeError`, which is also a TypeError) and
leaves the state exactly as it was: every check runs before anything changes. Clocks never wait:
``timeout()`` is called by whoever keeps time (see :mod:`ddz_fast.engine.clock`).

Choices where docs/RULES.md is silent (see also :mod:`ddz_fast.engine.bidding`):

* Dealing: the deck (ranks 3..2 four times, both jokers) is shuffled with
  ``random.Random(seed)``; cards 0-16 go to seat 0, 17-33 to seat 1, 34-50 to seat 2 and the
  last three to the kitty (without a kitty, ``no_kitty``: 0-17, 18-35 and 36-53). Deal ``n``
  of a seed is the ``n``-th shuffle of that one stream.
* Re-deal: when nobody bids (or calls), the state takes the next deal of its seed (re-deal
  ``r`` is deal number ``r``), ``redeals`` grows by one and the first bidder moves to the next
  seat, so a different player starts each deal as call/rob requires. There is no limit on
  re-deals, and each costs one shuffle. The history keeps the passes of the abandoned deals.
  (:meth:`State.run_auto_play` stops with :class:`AutoPlayLoopError` when every seat is on
  auto-play and the auction keeps being re-dealt.)
* The kitty is revealed, and joins the landlord's hand, as soon as the landlord is known (before
  the doubling round).
* Deal bonuses (option ``deal_bonuses``): right after each deal, before the first bid, the
  state logs one ``bonus`` event per bonus of that deal (seat order; a seat's double kings
  before its straight) and its multiplier starts at 2 to their number. "Dealt" means the
  hand as dealt, without the kitty. A re-deal starts again from the new deal's bonuses (the
  abandoned deal's events stay in the log, as its passes do). A hand given with its landlord
  (``new_state_from_hands(..., landlord=...)``) takes the bonuses of the hands without the
  kitty, so under rules with a kitty it needs the kitty.
* Auto-play flags start off at each new hand. A decision made normally resets the player's
  count of timeouts in a row; a decision made by auto-play leaves it unchanged; turning
  auto-play off resets it.
"""
from __future__ import annotations

import random
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from .. import moves as api
from .._checks import check_action_id
from ..actions import Action, Bid, DealBonus, Double
from ..cards import FULL_DECK, NUM_RANKS, format_cards
from ..compiled import load
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from ..moves.notation import format_action
from ..positions.three_player import Position
from ..rules import Rules
from ..validate import check_int, check_seat, shown
from .pictures import state_svg
from .base import (ActionTypeError, Deal, GameLike, IllegalActionError, Seed, StateBase,
                   auction_memo, check_seed, check_sizes, with_entry)
from .bidding import Auction, doubling_order, next_player
from .scoring import _settle, _spring_factor, cap_to_stacks, deal_bonuses
from .stepping import (HAND_OVER, NATIVE_PLAY_PHASE, STATE_CORE_FIELDS, StateCore, hand_of_word,
                       new_play_phase)

__all__ = ["State", "Start", "new_state", "state_from_hands", "deal", "check_stacks",
           "PHASES", "HAND_SIZE", "KITTY_SIZE", "PLAYERS"]
_dealing = load("ddz_fast.engine._deal")  # NativeCoreMissingError on use when not built

PHASES = ("bidding", "doubling", "play", "over")
PLAYERS = 3
HAND_SIZE = 17
KITTY_SIZE = 3
Hands = Tuple[Hand, Hand, Hand]
Stacks = Optional[Tuple[int, int, int]]


class Start(NamedTuple):
    """How a hand started: the cards given (or dealt first) and the options of the start."""

    hands: Hands
    kitty: Optional[Hand]
    landlord: Optional[int]
    first_bidder: int
    base_stake: int
    stacks: Optional[Tuple[int, int, int]]


class _DealtStart(NamedTuple):
    """The start of a hand dealt from a seed, as words: made a :class:`Start` when asked for,
    since its four Hand objects cost more than the deal itself."""

    deal: Tuple[int, int, int, int]
    first_bidder: int
    stacks: Optional[Tuple[int, int, int]]

    def start(self) -> Start:
        dealt = _deal_of_words(self.deal)
        kitty = dealt.kitty if self.deal[3] else None    # a deal without a kitty has none
        return Start(dealt.hands, kitty, None, self.first_bidder, 1, self.stacks)


def _shuffled_deck(rng: random.Random) -> List[int]:
    """The ranks of the 54 cards in the order ``rng.shuffle`` puts the sorted deck in."""
    return _shuffle(rng)


def _python_shuffle(rng: random.Random) -> List[int]:
    deck = [rank for rank, copies in enumerate(FULL_DECK) for _ in range(copies)]
    rng.shuffle(deck)
    return deck


def _native_shuffle_agrees() -> bool:
    """Whether the native shuffle draws what Python's does (see ``_dealing._shuffled_deck``)."""
    for seed in (0, 1, "a", 2 ** 70):
        python_rng, native_rng = random.Random(seed), random.Random(seed)
        for _ in range(3):
            if _dealing._shuffled_deck(native_rng) != _python_shuffle(python_rng):
                return False
        if native_rng.getstate() != python_rng.getstate():
            return False
    return True


#: The shuffle: one native call where it agrees with Python's (whose 53 calls in Python cost
#: more than all the moves of a game), else Python's.
_shuffle = _dealing._shuffled_deck if NATIVE_PLAY_PHASE and _native_shuffle_agrees() else \
    _python_shuffle
# Int seeds below this in magnitude are dealt by the native Mersenne Twister.
_NATIVE_SEED_BOUND = 2 ** 64


def _native_seeding_agrees() -> bool:
    """Whether ``_dealing._seeded_deal`` deals what ``random.Random`` does, on seeds of one and
    two 32-bit words, negative ones and the bounds."""
    seeds = (0, 1, -1, 7, 2 ** 32 - 1, 2 ** 32, -(2 ** 40 + 3), 2 ** 63 + 5, 2 ** 64 - 1)
    return all(_dealing._seeded_deal(seed, size) == _dealt(random.Random(seed), size)
               for seed in seeds for size in (HAND_SIZE, HAND_SIZE + 1))


def _first_deal(seed: Seed, hand_size: int = HAND_SIZE) -> "DealWords":
    """Deal 0 of ``seed`` as words: ``_dealt(random.Random(seed), hand_size)``, natively for an
    int seed of magnitude below 2**64 (seeding a Python ``Random`` alone costs more than that
    deal)."""
    if _NATIVE_SEEDING and type(seed) is int and -_NATIVE_SEED_BOUND < seed < _NATIVE_SEED_BOUND:
        return _dealing._seeded_deal(seed, hand_size)
    return _dealt(random.Random(seed), hand_size)


#: Three hand words and the kitty's word (:mod:`ddz_fast.bitboard`).
DealWords = Tuple[int, int, int, int]
_CARD_WORDS = tuple(1 << (4 * rank) for rank in range(NUM_RANKS))   # one card of each rank


def _python_deal_words(deck: List[int], hand_size: int = HAND_SIZE) -> DealWords:
    """The words of the three hands and the kitty of a shuffled deck (see the module doc)."""
    card = _CARD_WORDS.__getitem__
    return (sum(map(card, deck[:hand_size])), sum(map(card, deck[hand_size:2 * hand_size])),
            sum(map(card, deck[2 * hand_size:3 * hand_size])),
            sum(map(card, deck[3 * hand_size:])))


_deal_words = _dealing._deck_words if NATIVE_PLAY_PHASE else _python_deal_words


def _dealt(rng: random.Random, hand_size: int = HAND_SIZE) -> DealWords:
    """The next deal of ``rng``, as words, ``hand_size`` cards to each player."""
    return _deal_words(_shuffled_deck(rng), hand_size)


_NATIVE_SEEDING = NATIVE_PLAY_PHASE and _native_seeding_agrees()


def _deal_of_words(words: DealWords) -> Deal:
    return Deal((hand_of_word(words[0]), hand_of_word(words[1]), hand_of_word(words[2])),
                hand_of_word(words[3]))


def _next_deal(seed: Seed, number: int, stream: Optional[tuple],
               hand_size: int = HAND_SIZE) -> Tuple[DealWords, tuple]:
    """Deal ``number`` of ``seed`` and the state of its random stream after it.

    ``stream`` is the state after deal ``number - 1`` (None: not known yet), so a hand that is
    re-dealt r times shuffles r + 1 times in all, not (r + 1)(r + 2) / 2 times.
    """
    rng = random.Random(seed)
    if stream is None:
        for _ in range(number):
            _dealt(rng, hand_size)
    else:
        rng.setstate(stream)
    deal = _dealt(rng, hand_size)
    return deal, rng.getstate()


# auction_status of (bidding system, single round, first bidder, bids), remembered.
_auction_after = auction_memo()


def check_stacks(stacks: object) -> Stacks:
    """None, or three non-negative stacks (one int is every seat's)."""
    if stacks is None:
        return None
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        stacks = (stacks,) * 3
    if not isinstance(stacks, Sequence) or len(stacks) != 3 or any(
            isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks):
        raise ValueError(f"chips must be None, one non-negative int or three of them, "
                         f"got {shown(stacks)}")
    return (stacks[0], stacks[1], stacks[2])


def deal(seed: Seed, number: int, rules: Rules) -> Deal:
    """Deal ``number`` of ``seed`` (checked): the ``number + 1``-th shuffle of the stream of
    ``random.Random(seed)``, 17 cards each and the kitty, or 18 each and an empty kitty under
    rules without one."""
    hand_size = rules.hand_size
    if number == 0:
        return _deal_of_words(_first_deal(seed, hand_size))
    rng = random.Random(seed)
    for _ in range(number):
        _dealt(rng, hand_size)
    return _deal_of_words(_dealt(rng, hand_size))


def new_state(game: GameLike, seed: Optional[Seed], first_bidder: int,
              stacks: object, previous: object = None) -> "State":
    """``game.new_state`` at the three-player table (arguments not yet checked;
    ``previous``, the hand before, is Run Fast's and not read here)."""
    seed = check_seed(seed)
    first_bidder = check_seat("first_bidder", first_bidder)
    stacks_t = game.chips if stacks is None else check_stacks(stacks)
    dealt = _first_deal(seed, game.rules.hand_size)  # deal(seed, 0, rules) as words
    return State._start(game, seed, first_bidder, dealt,
                        _DealtStart(dealt, first_bidder, stacks_t))


def state_from_hands(game: GameLike, hands: Sequence[HandLike], kitty: Optional[HandLike], *,
                     landlord: Optional[int], partner: Optional[int], wild: object,
                     first_bidder: int, seed: Optional[Seed], base_stake: int,
                     stacks: object) -> "State":
    """``game.new_state_from_hands`` at the three-player table: one full deck, checked."""
    rules = game.rules
    if wild is not None:
        raise ValueError(f"wild ranks are drawn only under rules with wild cards (laizi), "
                         f"not under {rules!r}")
    hands_t, kitty_h, landlord, first_bidder = check_given_hands(
        rules, hands, kitty, landlord, partner, first_bidder)
    if landlord is not None:
        if kitty_h is None and rules.kitty and rules.deal_bonuses:
            raise ValueError("deal bonuses are of the hands as dealt: give the kitty, "
                             "which the landlord's hand holds on top of its deal")
    base_stake = check_int("base_stake", base_stake, 1)
    stacks_t = game.chips if stacks is None else check_stacks(stacks)
    origin = Start(hands_t, kitty_h, landlord, first_bidder, base_stake, stacks_t)
    words = (hands_t[0].bitboard, hands_t[1].bitboard, hands_t[2].bitboard,
             0 if kitty_h is None else kitty_h.bitboard)
    return State._start(game, check_seed(seed), first_bidder, words, origin, landlord,
                        kitty_h is not None, base_stake)


def check_given_hands(rules: Rules, hands: Sequence[HandLike], kitty: Optional[HandLike],
                      landlord: Optional[int], partner: Optional[int], first_bidder: int
                      ) -> Tuple[Hands, Optional[Hand], Optional[int], int]:
    """The hands, kitty, landlord and first bidder of a hand given with its cards at three seats
    and one deck, checked: a deal to bid on (no landlord) or the start of play."""
    if partner is not None:
        raise ValueError("a partner is named at the four-player table only")
    first_bidder = check_seat("first_bidder", first_bidder)
    hands_t = check_hands(hands)
    kitty_h = None if kitty is None else as_hand(kitty)
    if kitty_h is not None and not rules.kitty:
        raise ValueError("these rules deal no kitty: give kitty=None")
    if landlord is None:
        check_deal(hands_t, kitty_h, rules)
    else:
        landlord = check_seat("landlord", landlord)
        check_play_start(hands_t, kitty_h, landlord, rules)
    return hands_t, kitty_h, landlord, first_bidder


def check_hands(hands: Sequence[HandLike]) -> Hands:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 3:
        raise ValueError("hands must be a sequence of exactly three hands")
    checked = tuple(as_hand(h) for h in hands)
    return (checked[0], checked[1], checked[2])


def check_one_full_deck(piles: Sequence[Hand]) -> None:
    for rank in range(NUM_RANKS):
        have = sum(p.counts[rank] for p in piles)
        if have != FULL_DECK[rank]:
            name = format_cards([0] * rank + [1])
            raise ValueError(f"the cards hold {have} of rank {name}, not {FULL_DECK[rank]}: "
                             "hands and kitty must make exactly one deck")


def check_deal(hands: Hands, kitty: Optional[Hand], rules: Rules) -> None:
    check_sizes(hands, (rules.hand_size,) * 3)
    if not rules.kitty:                 # the caller refused a kitty
        check_one_full_deck(hands)
        return
    if kitty is None:
        raise ValueError("a hand that starts with bidding needs the 3-card kitty")
    if len(kitty) != KITTY_SIZE:
        raise ValueError(f"the kitty holds {len(kitty)} cards, not {KITTY_SIZE}")
    check_one_full_deck(hands + (kitty,))


def check_play_start(hands: Hands, kitty: Optional[Hand], landlord: int,
                     rules: Rules) -> None:
    check_sizes(hands, [rules.hand_size + rules.kitty if s == landlord else rules.hand_size
                        for s in range(3)])
    check_one_full_deck(hands)
    if kitty is not None:
        if len(kitty) != KITTY_SIZE:
            raise ValueError(f"the kitty holds {len(kitty)} cards, not {KITTY_SIZE}")
        if any(k > h for k, h in zip(kitty.counts, hands[landlord].counts)):
            raise ValueError(f"the kitty {kitty} is not part of the landlord's hand "
                             f"{hands[landlord]}")


class State(StateCore, StateBase):
    """One hand of Dou Dizhu being played: see the module docstring.

    A state keeps the cards as 64-bit words (:mod:`ddz_fast.bitboard`) and, in the play phase, a
    play phase on words (:mod:`ddz_fast.engine.stepping`) that lists the legal actions once per
    position and plays a move in one native call. The Hand and Move objects of the public
    properties are made when asked for. :meth:`clone` is a cheap copy, and states compare equal
    when every field does.
    """

    # The fields a step reads (phase, player, play phase, log, timeouts, over) are StateCore's.
    __slots__ = ("_game", "_seed", "_first_bidder", "_redeals", "_deal", "_origin", "_words",
                 "_kitty_shown", "_landlord", "_bids", "_auction", "_doubles",
                 "_doubling_turn", "_base_stake", "_multiplier", "_auto", "_left", "_stacks",
                 "_raw_scores", "_scores", "_legal", "_stream", "_hands", "_bonuses")
    _FIELDS = STATE_CORE_FIELDS + __slots__
    # _legal, _stream (the random stream after the last deal) and _hands ((words, Hands) of
    # _words or of the play phase's words) are only caches; _origin is compared as ``start``.
    _COMPARED = tuple(s for s in _FIELDS if s not in ("_legal", "_stream", "_hands",
                                                      "_origin"))

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def _start(cls, game: GameLike, seed: Seed, first_bidder: int, deal: DealWords,
               origin: Union[Start, "_DealtStart"], landlord: Optional[int] = None,
               kitty_given: bool = False, base_stake: int = 1) -> "State":
        """A state from checked cards: ``deal`` is three hand words and the kitty's word (the
        landlord's hand already holding the kitty when ``landlord`` is given)."""
        state = cls.__new__(cls)
        state._game = game
        state._seed = seed
        state._redeals = 0
        state._origin = origin
        state._log = []
        state._timeouts = (0, 0, 0)
        state._auto = (False, False, False)
        state._left = (False, False, False)
        state._stacks = origin.stacks
        state._raw_scores = state._scores = None
        state._over = False
        state._legal = None
        state._stream = None
        state._new_deal(first_bidder, deal, landlord)
        if landlord is not None:
            state._kitty_shown = kitty_given
            state._landlord = landlord
            state._base_stake = base_stake
            state._start_play()
        return state

    def _new_deal(self, first_bidder: int, deal: DealWords,
                  landlord: Optional[int] = None) -> None:
        """Take ``deal`` (the landlord's hand holding the kitty when ``landlord`` is given) and
        start its auction; its bonuses are logged first, under ``deal_bonuses``."""
        self._first_bidder = first_bidder
        self._deal = deal
        self._words = deal[:3]
        self._hands = None
        self._play_phase = None
        self._kitty_shown = False
        self._landlord = None
        self._bids = ()
        self._auction = _auction_after(self.rules, first_bidder, ())
        self._doubles = (False, False, False)
        self._doubling_turn = 0
        self._base_stake = 0
        self._multiplier = 1
        self._bonuses = ()
        if self._game.rules.deal_bonuses:       # one look per deal when the option is off
            self._announce_bonuses(deal, landlord)
        self._phase = "bidding"
        self._player = self._auction.to_move

    def _announce_bonuses(self, deal: DealWords, landlord: Optional[int]) -> None:
        dealt = [word - deal[3] if seat == landlord else word
                 for seat, word in enumerate(deal[:3])]
        self._bonuses = deal_bonuses(dealt)
        self._multiplier = 1 << len(self._bonuses)
        self._log.extend(("bonus", seat, bonus) for seat, bonus in self._bonuses)

    def clone(self) -> "State":
        """An independent copy (cheap: the fields are immutable but for the event list and the
        play phase, which are copied)."""
        copy = State.__new__(State)
        for name in State._FIELDS:
            setattr(copy, name, getattr(self, name))
        copy._log = list(self._log)
        if self._play_phase is not None:
            copy._play_phase = self._play_phase.copy()
        return copy

    def __copy__(self) -> "State":
        return self.clone()     # a shallow copy would share the event list and the play phase

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled (and deep-copied) field by field: the native base would keep only its own.
        return _state_of_fields, (type(self), tuple(getattr(self, n) for n in State._FIELDS))

    def __repr__(self) -> str:
        hands = "/".join(str(h) or "-" for h in self.hands)
        return (f"<State {self._phase} player={self._player} landlord={self._landlord} "
                f"hands={hands} multiplier={self.multiplier}>")

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, every hand face up (Jupyter shows it; see
        :mod:`ddz_fast.engine.pictures`)."""
        return state_svg(self)

    # --- what the state is ---------------------------------------------------------------

    phase = property(lambda self: self._phase,
                     doc="'bidding', 'doubling', 'play' or 'over'.")

    @property
    def hands(self) -> Hands:
        """The three hands (Hand objects) now."""
        words = self._words if self._play_phase is None else self._play_phase.hands
        cached = self._hands
        if cached is not None and cached[0] == words:
            return cached[1]
        hands = (hand_of_word(words[0]), hand_of_word(words[1]), hand_of_word(words[2]))
        self._hands = (words, hands)
        return hands

    @property
    def deal(self) -> Deal:
        """The current deal as dealt: hands before the kitty, and the kitty."""
        return _deal_of_words(self._deal)

    @property
    def start(self) -> Start:
        """How the hand started (what a record needs to replay it)."""
        origin = self._origin
        return origin if isinstance(origin, Start) else origin.start()

    @property
    def deal_bonuses(self) -> Tuple[Tuple[int, DealBonus], ...]:
        """The bonuses of the current deal as (seat, bonus), as its ``bonus`` events logged
        them; empty without the ``deal_bonuses`` option."""
        return self._bonuses

    @property
    def prev(self) -> Optional[Move]:
        """In play, the move to beat; None when the player leads."""
        if self._phase != "play":
            return None
        return self._play_phase.prev

    @property
    def passes(self) -> int:
        """In play, passes since the move to beat was played (0 or 1)."""
        return self._play_phase.passes if self._phase == "play" else 0

    @property
    def plays(self) -> Tuple[int, int, int]:
        """Non-pass moves made by each seat."""
        return (0, 0, 0) if self._play_phase is None else self._play_phase.plays

    @property
    def multiplier(self) -> int:
        """x2 per deal bonus, rob, bomb, rocket, spring and anti-spring so far."""
        if self._phase == "play":   # the bombs so far; _finish folds them in
            return self._multiplier << self._play_phase.bombs
        return self._multiplier

    @property
    def kitty(self) -> Optional[Hand]:
        """The kitty, once the landlord is known and has shown it; None before (and always
        under rules without a kitty)."""
        return hand_of_word(self._deal[3]) if self._kitty_shown else None

    @property
    def winner(self) -> Optional[str]:
        """'landlord' or 'peasants' once the hand is over, else None."""
        if self._scores is None:
            return None
        return "landlord" if self._play_phase.winner == self._landlord else "peasants"

    @property
    def scores(self) -> Optional[Tuple[int, int, int]]:
        """Each seat's result once the hand is over (chip caps applied), else None."""
        return self._scores

    @property
    def raw_scores(self) -> Optional[Tuple[int, int, int]]:
        """The result before chip caps (equal to ``scores`` without chips), else None."""
        return self._raw_scores

    def returns(self) -> Tuple[int, int, int]:
        """``scores``, or zeros while the hand goes on (the OpenSpiel convention)."""
        return self._scores if self._scores is not None else (0, 0, 0)

    @property
    def final_stacks(self) -> Optional[Tuple[int, int, int]]:
        """The chip stacks after settlement (None without chips or before the end)."""
        if self._stacks is None or self._scores is None:
            return None
        s = self._stacks
        r = self._scores
        return (s[0] + r[0], s[1] + r[1], s[2] + r[2])

    @property
    def time_limit(self) -> Optional[float]:
        """Seconds the current player has for this decision (None once over)."""
        if self._phase == "over":
            return None
        return self._game.clock.limit(self._phase, self.prev is None)

    def position(self) -> Position:
        """The play-phase position (for perft and search); ValueError outside play."""
        if self._phase != "play":
            raise ValueError(f"a position exists only in the play phase, not in {self._phase}")
        return Position(self.hands, self._landlord, self._player, self.prev, self.passes)

    def _event_count(self) -> int:
        """How many events the hand has had: it grows with every action, so a state and this count
        identify a position (what :mod:`ddz_fast.envs.three_player` keys its action mask on)."""
        return len(self._log)

    def _legal_tuple(self) -> Tuple[Action, ...]:
        # Cached until the next change: a driver asks for the actions, then applies one of
        # them, and validating that one must not work the actions out a second time.
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return self._legal

    def _compute_legal(self) -> Sequence[Action]:
        if self._phase == "bidding":
            return self._auction.legal
        if self._phase == "doubling":
            return (Double.NO_DOUBLE, Double.DOUBLE)
        return ()       # the play phase lists them

    # --- acting ----------------------------------------------------------------------------

    # is_over, legal_actions() and apply(action) are StateCore's: the play phase's step.

    def _apply_checked(self, action: Action) -> None:
        """``apply`` of anything but a legal move of the play phase."""
        if type(action) is Bid and self._phase == "bidding" and action in self._auction.legal:
            self._commit(action, "act")     # a legal bid as it is: nothing to convert
            return
        self._act(action, "act")    # the checks that name what is wrong, and the other phases

    def apply_id(self, action_id: int) -> None:
        """Play the move of dense action id ``action_id`` in the play phase.

        Ids ``0 .. len(action_space(rules)) - 1`` are :func:`ddz_fast.action_move`'s moves and
        ``len(action_space(rules))`` is the pass, as in :mod:`ddz_fast.envs.three_player`.
        ``apply_id(i)`` is ``apply(action_move(i, rules))``; an id out of range raises ValueError
        (TypeError for a non-int), an illegal move :class:`IllegalActionError`, and outside the
        play phase :class:`ActionTypeError`. The state is unchanged whenever it raises.
        """
        if self._phase != "play":
            self._require_not_over()
            raise ActionTypeError(f"action ids are moves of the play phase; in the "
                                  f"{self._phase} phase apply a "
                                  f"{'Bid' if self._phase == 'bidding' else 'Double'}")
        moves = api.action_space(self._game.rules)
        if type(action_id) is int and 0 <= action_id < len(moves):
            self.apply(moves[action_id])
            return
        index = check_action_id(action_id, len(moves) + 1)
        self.apply(Move.PASS if index == len(moves) else moves[index])

    def _commit(self, action: Action, kind: str) -> None:
        """Take ``action``, a legal action in canonical form."""
        player = self._player
        # Validation is complete: from here on nothing may fail half-way.
        self._log.append((kind, player, action))
        self._count_timeout(player, kind)
        self._legal = None
        if self._phase == "bidding":
            self._apply_bid(player, action)
        elif self._phase == "doubling":
            self._apply_double(player, action)
        else:
            self._apply_play(action)

    def _checked(self, action: Any) -> Action:
        """The action in canonical form, or ValueError/TypeError naming what is wrong."""
        phase, player = self._phase, self._player
        if phase == "play":
            if isinstance(action, str):
                action = self._move_of_text(action, None, self._play_phase.contains)
            if not isinstance(action, Move):
                raise ActionTypeError(f"in the play phase an action is a Move or its text, "
                                      f"not {type(action).__name__}")
            if self._play_phase.contains(action):
                return action
            legal_actions = tuple(self._play_phase.actions())
        else:
            action = _as_enum(action, Bid if phase == "bidding" else Double, phase)
            legal_actions = self._legal_tuple()
            if action in legal_actions:
                return action
        legal = ", ".join(format_action(a) for a in legal_actions[:12])
        more = ", ..." if len(legal_actions) > 12 else ""
        raise IllegalActionError(f"player {player} cannot play {format_action(action)} in "
                                 f"the {phase} phase; legal: {legal}{more}")

    # --- the phases ----------------------------------------------------------------------

    def _apply_bid(self, player: int, bid: Bid) -> None:
        bids = self._bids + ((player, bid),)
        auction = _auction_after(self.rules, self._first_bidder, bids)
        if auction.redeal:
            self._redeals += 1
            deal, self._stream = _next_deal(self._seed, self._redeals, self._stream,
                                            self.rules.hand_size)
            self._new_deal(next_player(self._first_bidder), deal)
        elif auction.is_over:
            self._bids, self._auction = bids, auction
            self._make_landlord(auction)
        else:
            self._bids, self._auction, self._player = bids, auction, auction.to_move

    def _make_landlord(self, auction: Auction) -> None:
        landlord = auction.landlord
        self._landlord = landlord
        self._base_stake = auction.base_stake
        self._multiplier <<= auction.robs
        self._words = with_entry(self._words, landlord, self._words[landlord] + self._deal[3])
        self._kitty_shown = self._game.rules.kitty > 0
        if self.rules.doubling:
            self._phase = "doubling"
            self._player = doubling_order(landlord)[0]
        else:
            self._start_play()

    def _apply_double(self, player: int, decision: Double) -> None:
        self._doubles = with_entry(self._doubles, player, decision == Double.DOUBLE)
        self._doubling_turn += 1
        if self._doubling_turn == 3:
            self._start_play()
        else:
            self._player = doubling_order(self._landlord)[self._doubling_turn]

    def _start_play(self) -> None:
        self._play_phase = new_play_phase(self._words, self._landlord, self.rules)
        self._phase = "play"
        self._player = self._landlord

    def _apply_play(self, move: Move) -> None:
        after = self._play_phase.play(move, None)    # a legal move: _checked asked the play phase
        if after == HAND_OVER:
            self._finish()
        else:
            self._player = after

    def _finish(self) -> None:
        phase, landlord = self._play_phase, self._landlord
        landlord_won = phase.winner == landlord
        # The state's own values: scoring's unchecked twins (its checks cost more than the
        # whole play phase).
        self._multiplier = (self._multiplier << phase.bombs) * _spring_factor(
            landlord_won, phase.plays, landlord)
        self._raw_scores = _settle(self._base_stake, self._multiplier, landlord, landlord_won,
                                   self._doubles)
        self._scores = self._raw_scores if self._stacks is None else cap_to_stacks(
            self._raw_scores, self._stacks, landlord)
        self._phase = "over"
        self._over = True
        self._player = None


def _state_of_fields(cls: type, values: tuple) -> State:
    """The State that ``State.__reduce__`` took apart."""
    state = cls.__new__(cls)
    for name, value in zip(State._FIELDS, values):
        setattr(state, name, value)
    return state


def _as_enum(action: Any, enum: type, phase: str) -> Any:
    if isinstance(action, enum):
        return action
    other = Double if enum is Bid else Bid
    if isinstance(action, (bool, other, Move)) or not isinstance(action, int):
        raise ActionTypeError(f"in the {phase} phase an action is a {enum.__name__}, "
                              f"not {type(action).__name__}")
    try:
        return enum(action)
    except ValueError:
        raise IllegalActionError(f"{action} is not a {enum.__name__}: choose one of "
                                 f"{', '.join(f'{m.name}={m.value}' for m in enum)}") from None
