"""The engine of a hand in plain Python, at any number of seats: the states of the four-player
table (:mod:`ddz_fast.engine.four_player`) and of wild cards (:mod:`ddz_fast.engine.laizi`) build
on it, each with its deal, its positions and its settlement. (The three-player state steps on
native words instead: :mod:`ddz_fast.engine.three_player`.)

A state moves through the phases ``bidding``, ``partner`` (only with ``sides="partner"``: the
landlord names one of the other seats, openly, with a :class:`~ddz_fast.actions.Partner`
action), ``doubling`` (when ``rules.doubling``), ``play`` and ``over``. Play goes round the
table from the landlord; a player following may pass; once every other seat has passed in a
row, the player who made the last move leads. The hand ends when a hand empties, and the side
of that player wins: the landlord's side (the landlord, and its partner) or the opponents.
"""
from __future__ import annotations

import random
from itertools import repeat
from operator import add, attrgetter, is_, lshift, sub
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .. import bitboard
from .. import moves as api
from .._checks import check_action_id
from ..actions import Action, Bid, Double, Partner
from ..cards import NUM_RANKS, deck_counts, fits_one_deck
from ..hand import Hand
from ..move import Move, bomb_factor
from ..rules import Rules
from ..validate import is_int, shown
from .pictures import state_svg
from .base import (ActionTypeError, Deal, GameLike, IllegalActionError, Seed, StateBase,
                   with_entry)
from .bidding import Auction
from .scoring import cap_sides_to_stacks, settle_sides, side_spring_factor

__all__ = ["PythonState", "shuffled_deal", "trusted_hand"]



def shuffled_deal(rng: random.Random, rules: Rules) -> Deal:
    """The next deal of ``rng`` at the rules' table: one shuffle of the sorted decks (ranks
    low to high), ``rules.hand_size`` cards to each seat in turn and the rest to the kitty
    (the deals of :func:`ddz_fast.engine.game.deal_cards` at four seats)."""
    deck = [rank for rank, copies in enumerate(deck_counts(rules.decks))
            for _ in range(copies)]
    rng.shuffle(deck)
    size, players = rules.hand_size, rules.players
    piles = [deck[seat * size:(seat + 1) * size] for seat in range(players)]
    piles.append(deck[players * size:])
    hands = [trusted_hand(tuple(map(pile.count, _RANKS))) for pile in piles]
    return Deal(tuple(hands[:-1]), hands[-1])   # type: ignore[arg-type]


_RANKS = tuple(range(NUM_RANKS))


def _minus(hand: Hand, move: Move) -> Hand:
    """The hand after a legal move (the move came from the hand's legal moves)."""
    return trusted_hand(tuple(map(sub, hand.counts, move.counts)))


def trusted_hand(counts: Tuple[int, ...]) -> Hand:
    """The Hand of counts known to be valid for two decks, built without ``Hand()``'s checks
    (they cost more than the rest of a step, or of a deal)."""
    hand = Hand.__new__(Hand)
    hand._counts = counts
    # bitboard.canonical's word of a hand (no flags, no type), summed in C.
    if fits_one_deck(counts):
        hand._bitboard = sum(map(lshift, counts, _NIBBLE_SHIFTS))
    else:
        hand._bitboard = bitboard.TwoDecksWord(bitboard.TWO_DECKS_BIT | sum(map(lshift, counts,
                                                                   _LANE_SHIFTS)))
    return hand


_NIBBLE_SHIFTS = tuple(4 * rank for rank in range(NUM_RANKS))
_LANE_SHIFTS = tuple(8 * rank for rank in range(NUM_RANKS))


class PythonState(StateBase):
    """One hand being played, in plain Python on Hand objects (see the module docstring).

    Nothing in the class counts seats: a table's state says how many there are
    (``num_players``), how its hands are re-dealt (``_redeal``) and what a position of its
    play is (``position``), and may change the hooks of the kitty (``_kitty_taken``), of the
    moves (``_legal_moves``, ``_action_count``, ``_action_move``) and of
    the settlement (``_spring_factor``, ``_settlement``).
    """

    __slots__ = ("_game", "_seed", "_redeals", "_stream", "_origin", "_first_bidder", "_deal",
                 "_hands", "_kitty_shown", "_landlord", "_partner", "_bids", "_auction",
                 "_doubles", "_doubling_turn", "_base_stake", "_multiplier", "_phase",
                 "_player", "_prev", "_passes", "_plays", "_bomb_factor", "_out", "_log",
                 "_timeouts", "_auto", "_left", "_stacks", "_raw_scores", "_scores",
                 "_doubling", "_moves", "_words", "_legal")
    # _stream (the random stream after the last deal), _moves, _words and _legal (the legal
    # moves, their words and the legal actions of the position) are caches; _origin is
    # compared as ``start``.
    _COMPARED = tuple(name for name in __slots__
                      if name not in ("_stream", "_moves", "_words", "_legal", "_origin"))
    #: Every slot of the class, its own and its bases' (what a copy copies).
    _ALL_SLOTS: Tuple[str, ...] = __slots__
    #: The seats of the table (each table's state sets it).
    num_players: int
    # auction_status of (rules, first bidder, bids), remembered per table's class: the key
    # does not name the number of seats (each table's state sets it, with auction_memo()).
    _auction_after: Callable[[Rules, int, tuple], Auction]

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def _start(cls, game: GameLike, seed: Seed, first_bidder: int, deal: Deal,
               origin: Any, stream: Optional[tuple]) -> "PythonState":
        state = cls._blank(game, seed, origin, stream)
        state._new_deal(first_bidder, deal)
        return state

    @classmethod
    def _blank(cls, game: GameLike, seed: Seed, origin: Any,
               stream: Optional[tuple]) -> "PythonState":
        """A state with the fields of the whole hand set, before its first deal."""
        state = cls.__new__(cls)
        state._game = game
        state._seed = seed
        state._redeals = 0
        state._stream = stream
        state._origin = origin
        state._log = []
        state._timeouts = (0,) * cls.num_players
        state._auto = state._left = (False,) * cls.num_players
        state._stacks = origin.stacks
        state._raw_scores = state._scores = None
        # A hand given with its landlord starts after the auction and has no doubling round.
        state._doubling = game.rules.doubling and origin.landlord is None
        return state

    def _new_deal(self, first_bidder: int, deal: Deal) -> None:
        self._first_bidder = first_bidder
        self._deal = deal
        self._hands = deal.hands
        self._kitty_shown = False
        self._landlord = self._partner = None
        self._bids = ()
        self._auction = self._auction_after(self.rules, first_bidder, ())
        self._doubles = (False,) * self.num_players
        self._doubling_turn = 0
        self._base_stake = 0
        self._multiplier = 1
        self._prev = None
        self._passes = 0
        self._bomb_factor = 1
        self._plays = (0,) * self.num_players
        self._out = None
        self._moves = self._words = self._legal = None
        self._phase = "bidding"
        self._player = self._auction.to_move

    def _take_seat(self, landlord: int, base_stake: int, kitty_shown: bool,
                   partner: Optional[int]) -> None:
        """Start after the auction: ``landlord``'s hand already holds the kitty."""
        self._landlord = landlord
        self._base_stake = base_stake
        self._kitty_shown = kitty_shown
        if partner is not None or self.rules.sides != "partner":
            self._partner = partner
            self._start_play()
        else:
            self._phase, self._player = "partner", landlord

    def clone(self) -> "PythonState":
        """An independent copy (every field is immutable but the event list)."""
        cls = type(self)
        copy = cls.__new__(cls)
        for name, value in zip(cls._ALL_SLOTS, _fields_getter(cls)(self)):
            _set_field(copy, name, value)
        copy._log = list(self._log)
        return copy

    __copy__ = clone

    def __reduce__(self) -> Tuple[Any, ...]:
        cls = type(self)
        return _state_of_fields, (tuple(getattr(self, name) for name in cls._ALL_SLOTS), cls)

    def __repr__(self) -> str:
        hands = "/".join(str(h) or "-" for h in self._hands)
        return (f"<{type(self).__name__} {self._phase} player={self._player} "
                f"landlord={self._landlord} partner={self._partner} hands={hands} "
                f"multiplier={self.multiplier}>")

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, every hand face up (Jupyter shows it; see
        :mod:`ddz_fast.engine.pictures`)."""
        return state_svg(self)

    # --- what the state is ---------------------------------------------------------------

    phase = property(lambda self: self._phase,
                     doc="'bidding', 'partner', 'doubling', 'play' or 'over'.")
    is_over = property(lambda self: self._phase == "over", doc="Whether the hand is over.")
    partner = property(lambda self: self._partner,
                       doc="The landlord's partner once named (None: not yet, or alone).")
    hands = property(lambda self: self._hands, doc="The hands (Hand objects) now.")
    deal = property(lambda self: self._deal,
                    doc="The current deal as dealt: hands before the kitty, and the kitty.")
    start = property(lambda self: self._origin,
                     doc="How the hand started (what a record needs to replay it).")
    deal_bonuses = property(lambda self: (), doc="Always empty: a three-player option.")
    prev = property(lambda self: self._prev,
                    doc="In play, the move to beat; None when the player leads.")
    passes = property(lambda self: self._passes,
                      doc="In play, passes since the move to beat was played (0 up to one "
                          "fewer than the other seats).")
    plays = property(lambda self: self._plays, doc="Non-pass moves made by each seat.")
    out_first = property(lambda self: self._out,
                         doc="The seat that emptied its hand, once the hand is over.")
    scores = property(lambda self: self._scores,
                      doc="Each seat's result once the hand is over (chips applied).")
    raw_scores = property(lambda self: self._raw_scores,
                          doc="The result before chip caps, once the hand is over.")

    @property
    def side(self) -> Tuple[int, ...]:
        """The seats of the landlord's side (the landlord, and its partner once named)."""
        if self._landlord is None:
            return ()
        return (self._landlord,) if self._partner is None else (self._landlord, self._partner)

    @property
    def multiplier(self) -> int:
        """x2 per rob, spring and anti-spring so far, and each bomb's and rocket's factor
        (x2 here; see :mod:`ddz_fast.engine.laizi` for wild cards)."""
        if self._phase == "play":
            return self._multiplier * self._bomb_factor
        return self._multiplier

    @property
    def kitty(self) -> Optional[Hand]:
        """The kitty, once the landlord is known and has shown it; None before."""
        return self._deal.kitty if self._kitty_shown else None

    @property
    def winner(self) -> Optional[str]:
        """'landlord' (the landlord's side) or 'peasants' once the hand is over, else None."""
        if self._scores is None:
            return None
        return "landlord" if self._out in self.side else "peasants"

    def returns(self) -> Tuple[int, ...]:
        """``scores``, or zeros while the hand goes on (the OpenSpiel convention)."""
        return self._scores if self._scores is not None else (0,) * self.num_players

    @property
    def final_stacks(self) -> Optional[Tuple[int, ...]]:
        """The chip stacks after settlement (None without chips or before the end)."""
        if self._stacks is None or self._scores is None:
            return None
        return tuple(map(add, self._stacks, self._scores))   # type: ignore[return-value]

    @property
    def time_limit(self) -> Optional[float]:
        """Seconds the current player has for this decision (None once over)."""
        if self._phase == "over":
            return None
        return self._game.clock.limit(self._phase, self._prev is None)

    def _event_count(self) -> int:
        return len(self._log)

    def position(self) -> Any:
        """The play-phase position (for perft); ValueError outside play."""
        raise NotImplementedError   # each table's state has its positions

    # --- the legal actions ---------------------------------------------------------------

    def legal_actions(self) -> List[Action]:
        """The actions ``current_player`` may apply now (empty once over), a new list."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> Tuple[Action, ...]:
        # Worked out once per decision: a driver asks for them, then applies one of them.
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> Tuple[Action, ...]:
        phase = self._phase
        if phase == "bidding":
            return self._auction.legal
        if phase == "partner":
            return tuple(Partner(seat) for seat in range(self.num_players)
                         if seat != self._landlord)
        if phase == "doubling":
            return (Double.NO_DOUBLE, Double.DOUBLE)
        if phase == "play":
            moves = tuple(self._legal_moves())
            return moves if self._prev is None else (Move.PASS,) + moves
        return ()

    def _legal_moves(self) -> Sequence[Move]:
        """The current player's moves (no pass), as the move generator lists them (a hook:
        the wild cards' table passes its wild ranks)."""
        if self._moves is None:
            self._moves = api.legal_moves(self._hands[self._player], self._prev,
                                          rules=self._game.rules)
        return self._moves

    def _listed(self, move: Move) -> bool:
        """Whether ``move`` is one of the very Move objects ``legal_actions()`` listed: what a
        driver applies, found by identity in one C loop before any set of words is built."""
        return self._legal is not None and any(map(is_, self._legal, repeat(move)))

    def _playable(self, move: Move) -> bool:
        """Whether the current player may play ``move`` now (a pass: when following)."""
        if move.is_pass:
            return self._prev is not None
        return move.word in self._legal_words()

    def _wild_ranks(self) -> Optional[Tuple[int, ...]]:
        """The wild ranks that move text is read under (a hook: None, no wild cards)."""
        return None

    def _legal_words(self) -> frozenset:
        """The words of the current player's moves: what a move is looked up by (a Move
        compares in Python, a word in C)."""
        if self._words is None:
            moves = self._legal_moves()
            words = getattr(moves, "words", None)      # the native MoveList has them listed
            self._words = frozenset(words if words is not None else map(_word_of, moves))
        return self._words

    # --- acting ----------------------------------------------------------------------------

    def apply(self, action: Union[Action, str]) -> None:
        """The current player takes ``action`` (IllegalActionError, ActionTypeError or
        another ValueError/TypeError if it is not legal; the state is then unchanged). In
        the play phase a move's text will do, read as the three-player
        :class:`~ddz_fast.engine.three_player.State` reads it, under the wild ranks too."""
        if type(action) is Move and self._phase == "play" and (
                self._prev is not None if action.is_pass else self._listed(action)):
            # The usual step: a move ``legal_actions()`` listed (or a pass when following),
            # legal as it is.
            self._commit(action, "act")
            return
        self._act(action, "act")

    def apply_id(self, action_id: int) -> None:
        """Play the move of dense action id ``action_id`` in the play phase (ids of
        :func:`ddz_fast.action_space` at these rules; the id after the last one passes)."""
        if self._phase != "play":
            self._require_not_over()
            raise ActionTypeError(f"action ids are moves of the play phase, not of the "
                                  f"{self._phase} phase")
        size = self._action_count()
        index = check_action_id(action_id, size + 1)
        self.apply(Move.PASS if index == size else self._action_move(index))

    def _action_count(self) -> int:
        """How many moves have action ids (a hook: the wild ranks have their own ids)."""
        return len(api.action_space(self._game.rules))

    def _action_move(self, index: int) -> Move:
        """The move of a checked action id below :meth:`_action_count`."""
        return api.action_space(self._game.rules)[index]

    def _checked(self, action: Any) -> Action:
        """The action in canonical form, or ValueError/TypeError naming what is wrong."""
        phase = self._phase
        if phase == "play":
            if isinstance(action, str):
                action = self._move_of_text(action, self._wild_ranks(), self._playable)
            if not isinstance(action, Move):
                raise ActionTypeError(f"in the play phase an action is a Move or its text, "
                                      f"not {type(action).__name__}")
            if action.is_pass:
                if self._prev is not None:
                    return Move.PASS
            elif self._listed(action) or action.word in self._legal_words():
                return action
        else:
            action = _as_action(action, _PHASE_ACTIONS[phase], phase)
            if action in self._legal_tuple():
                return action
        legal_actions = self._legal_tuple()
        legal = ", ".join(map(_short, legal_actions[:12]))
        more = ", ..." if len(legal_actions) > 12 else ""
        raise IllegalActionError(f"player {self._player} cannot play "
                                 f"{_text(action)} in the {phase} phase; "
                                 f"legal: {legal}{more}")

    def _commit(self, action: Action, kind: str) -> None:
        """Take ``action``, a legal action in canonical form: nothing here may fail."""
        player = self._player
        self._log.append((kind, player, action))
        self._count_timeout(player, kind)
        self._moves = self._words = self._legal = None
        phase = self._phase
        if phase == "play":
            self._apply_play(player, action)   # type: ignore[arg-type]
        elif phase == "bidding":
            self._apply_bid(player, action)    # type: ignore[arg-type]
        elif phase == "partner":
            self._partner = int(action)
            self._after_partner()
        else:
            self._apply_double(player, action)  # type: ignore[arg-type]

    # --- the phases ----------------------------------------------------------------------

    def _apply_bid(self, player: int, bid: Bid) -> None:
        bids = self._bids + ((player, bid),)
        auction = self._auction_after(self.rules, self._first_bidder, bids)
        if auction.redeal:
            self._redeal()
        elif auction.is_over:
            self._bids, self._auction = bids, auction
            self._make_landlord(auction)
        else:
            self._bids, self._auction, self._player = bids, auction, auction.to_move

    def _redeal(self) -> None:
        """Nobody bid: the next deal of the seed, the next seat bidding first (each table's
        state deals its own)."""
        raise NotImplementedError

    def _make_landlord(self, auction: Auction) -> None:
        landlord = auction.landlord
        assert landlord is not None
        self._landlord = landlord
        self._base_stake = auction.base_stake
        self._multiplier <<= auction.robs
        with_kitty = tuple(map(add, self._hands[landlord].counts, self._deal.kitty.counts))
        self._hands = with_entry(self._hands, landlord, trusted_hand(with_kitty))
        self._kitty_shown = True
        self._kitty_taken()
        if self.rules.sides == "partner":
            self._phase, self._player = "partner", landlord
        else:
            self._after_partner()

    def _kitty_taken(self) -> None:
        """The landlord has taken the kitty and shown it (a hook: nothing more here)."""

    def _after_partner(self) -> None:
        if self._doubling:
            self._phase = "doubling"
            self._player = (self._landlord + 1) % self.num_players
        else:
            self._start_play()

    def _apply_double(self, player: int, decision: Double) -> None:
        self._doubles = with_entry(self._doubles, player, decision == Double.DOUBLE)
        self._doubling_turn += 1
        if self._doubling_turn == self.num_players:
            self._start_play()
        else:   # the others in turn order after the landlord, then the landlord
            self._player = (self._landlord + self._doubling_turn + 1) % self.num_players

    def _start_play(self) -> None:
        self._phase = "play"
        self._player = self._landlord

    def _apply_play(self, player: int, move: Move) -> None:
        self._player = (player + 1) % self.num_players
        if move.is_pass:
            self._passes += 1
            if self._passes == self.num_players - 1:    # the others passed: the last mover leads
                self._prev, self._passes = None, 0
            return
        hand = _minus(self._hands[player], move)
        self._hands = with_entry(self._hands, player, hand)
        self._prev, self._passes = move, 0
        self._plays = with_entry(self._plays, player, self._plays[player] + 1)
        self._bomb_factor *= bomb_factor(move, self.rules.bomb_multiplier)
        if not any(hand.counts):
            self._out = player
            self._finish()

    def _finish(self) -> None:
        won = self._out in self.side
        self._multiplier = self._multiplier * self._bomb_factor * self._spring_factor(won)
        self._raw_scores, self._scores = self._settlement(won)
        self._phase = "over"
        self._player = None
        self._prev, self._passes = None, 0

    def _spring_factor(self, won: bool) -> int:
        """2 for a spring or an anti-spring of the landlord's side, else 1."""
        return side_spring_factor(won, self._plays, self._landlord, self._partner)

    def _settlement(self, won: bool) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        """The scores before and after the chip caps, at the final multiplier."""
        landlord, partner = self._landlord, self._partner
        raw = settle_sides(self._base_stake, self._multiplier, landlord, partner, won,
                           self._doubles)
        return raw, cap_sides_to_stacks(raw, self._stacks, landlord, partner)


_PHASE_ACTIONS = {"bidding": Bid, "partner": Partner, "doubling": Double}
_ACTION_TYPES = (Bid, Double, Partner)


def _as_action(action: Any, enum: type, phase: str) -> Any:
    """``action`` as the ``enum`` of its phase; ints are taken for its values."""
    if isinstance(action, enum):
        return action
    if isinstance(action, (bool, Move) + _ACTION_TYPES) or not is_int(action):
        raise ActionTypeError(f"in the {phase} phase an action is a {enum.__name__}, "
                              f"not {type(action).__name__}")
    try:
        return enum(int(action))
    except ValueError:
        raise IllegalActionError(f"{action} is not a {enum.__name__}: choose one of "
                                 f"{', '.join(f'{m.name}={m.value}' for m in enum)}") from None


def _text(action: Any) -> str:
    """The action tried, as an error message writes it: a move by its cards and type (its
    full notation would classify its cards, which costs more at two decks than the step)."""
    if isinstance(action, Move):
        return str(action) if action.is_pass else f"{action.cards}:{action.type}"
    return action.name if isinstance(action, _ACTION_TYPES) else shown(action)


def _short(action: Action) -> str:
    """A legal action as an error message lists it: a move by its cards."""
    return action.name if isinstance(action, _ACTION_TYPES) else str(action)


# A copy reads every slot in one C call and sets each through its descriptor (a clone per
# step is what drivers and tests make): one getter per class, made on its first copy.
_FIELD_GETTERS: Dict[type, Callable[[Any], tuple]] = {}
_word_of = attrgetter("word")
_set_field = object.__setattr__


def _fields_getter(cls: type) -> Callable[[Any], tuple]:
    getter = _FIELD_GETTERS.get(cls)
    if getter is None:
        getter = _FIELD_GETTERS[cls] = attrgetter(*cls._ALL_SLOTS)
    return getter


def _state_of_fields(values: tuple, cls: type) -> PythonState:
    """The state that ``PythonState.__reduce__`` took apart (of ``cls``, a PythonState class)."""
    if not (isinstance(cls, type) and issubclass(cls, PythonState)):
        raise TypeError(f"not a state class of this engine: {shown(cls)}")
    state = cls.__new__(cls)
    for name, value in zip(cls._ALL_SLOTS, values):
        setattr(state, name, value)
    return state


