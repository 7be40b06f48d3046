"""The Run Fast engine (docs/RULES.md, "Run Fast"): the :class:`RunFastState` of a hand of Pao
De Kuai, Dou Dizhu's cousin.

``Game("runfast")``, ``Game("runfast_15")`` and any ``Game(Rules(game="runfast", ...))`` make
their hands here. There is no bidding, no landlord and no kitty: a state starts in the phase
``play`` and ends in ``over``. At every decision ``current_player`` chooses one of
``legal_actions()`` and calls ``apply`` (a :class:`~ddz_fast.move.Move`, its text, or
``apply_id`` with an id of :func:`ddz_fast.action_space`, the id after the last one passing),
as at the Dou Dizhu tables; an illegal action raises
:class:`~ddz_fast.engine.base.IllegalActionError` naming the rule it breaks and changes nothing.
Clocks, timeouts, auto-play, leaving, events, ``clone``, equality, pickling and records are
the shared machinery of :class:`~ddz_fast.engine.base.StateBase`.

The deal is of physical cards (:func:`physical_deal`): the sorted deck, rank by rank from the
3 up and within a rank in the suit order spades, hearts, clubs, diamonds (``SUITS``), is
shuffled by ``random.Random(seed)`` (deal ``n`` of a seed is the ``n + 1``-th shuffle of that
stream, as in Dou Dizhu), and cards 0-15 go to seat 0, 16-31 to seat 1 and 32-47 to seat 2
(15 each with 45 cards). With ``players=2`` the third hand is the hidden one.

Choices where docs/RULES.md is silent:

* The 48-card deck lacks the ace of spades and the twos of hearts, clubs and diamonds (as the
  rule book says). The 45-card deck (``runfast_15``) also lacks the king of spades and the
  aces of clubs and diamonds: it keeps the kings of hearts, clubs and diamonds, the ace of
  hearts and the two of spades (the usual 15-card deck; the rule documents name no suits).
* With two players the third hand stays in ``deal`` and ``start`` (three hands, as dealt; the
  last is the hidden one) and in ``hidden_hand``; ``hands``, ``plays`` and ``scores`` have one
  entry per player. "The lower lowest card" compares ranks only (seat 0 on a tie).
* Who leads is ``first_bidder`` (the seat that acts first, as in Dou Dizhu): a dealt hand
  works it out (the holder of the three of spades; under ``next_lead="winner"`` the winner of
  the ``previous`` hand when one is given); ``new_state``'s own ``first_bidder`` argument is
  checked and not used. Hands given by their cards (rank counts) do not say who holds the
  three of spades, so ``new_state_from_hands`` takes the leader as ``first_bidder``.
* ``spade3_in_first_play``: the first play of every hand must contain a 3 when its leader
  holds one; a leader who holds no 3 (possible with two players, the three of spades
  hidden, or for a winner leading under ``next_lead="winner"``) plays freely.
* ``base`` multiplies the bomb score too ("it multiplies everything"): a bomb that wins its
  trick earns ``bomb_score * base`` from each other player (never from the hidden hand).
  Bombs are paid when their trick is won (``bomb_scores`` while the hand goes on) and the
  scores at the end are the bomb payments plus the card payments.
* A loser on exactly one card pays nothing, even when closed (a closed loser holds a whole
  hand, so the two never meet).
* Run Fast is played without chips: a Game under Run Fast rules refuses ``chips`` and every
  hand's ``stacks``. There is no bid: ``base_stake`` and ``multiplier`` are 1 (the rules'
  ``base`` is in the scores), ``landlord`` is None, ``winner`` is the seat that went out.
* A timeout (and the default auto-play policy) passes when passing is legal; otherwise a
  leader plays his smallest legal solo (his highest card under the one-card rule) and a
  follower the first of his legal moves, the lowest that beats (a bomb only when nothing
  else beats).
"""
from __future__ import annotations

import random
from operator import sub
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from .. import moves as api
from .._checks import check_action_id
from ..actions import Action
from ..cards import NUM_RANKS, RANK_NAMES, RUNFAST_DECKS
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from ..positions.runfast import RunFastPosition
from ..rules import Rules
from ..validate import check_int, check_seat, shown
from .pictures import state_svg
from .base import (ActionTypeError, Deal, GameLike, IllegalActionError, Seed, StateBase,
                   check_seed, check_sizes, with_entry)
from .python_state import trusted_hand

__all__ = ["RunFastState", "RunFastStart", "new_state", "state_from_hands", "deal",
           "physical_deal", "leader_of_deal", "check_stacks", "SUITS", "SPADE_THREE",
           "PHASES", "HANDS_DEALT"]

PHASES = ("play", "over")
#: Hands dealt at every table: three, the last one hidden when two play.
HANDS_DEALT = 3
#: The suits in the order of the sorted deck: spades, hearts, clubs, diamonds.
SUITS = "SHCD"
#: A physical card: (rank index, suit letter).
Card = Tuple[int, str]
SPADE_THREE: Card = (0, "S")
_KING, _ACE, _TWO = 10, 11, 12
#: The suits of each rank that a deck keeps (see the module docstring).
_DECK_SUITS: Dict[int, Dict[int, str]] = {
    48: {**{rank: SUITS for rank in range(_ACE)}, _ACE: "HCD", _TWO: "S"},
    45: {**{rank: SUITS for rank in range(_KING)}, _KING: "HCD", _ACE: "H", _TWO: "S"},
}
_SORTED_DECKS: Dict[int, Tuple[Card, ...]] = {
    size: tuple((rank, suit) for rank, suits in ranks.items() for suit in suits)
    for size, ranks in _DECK_SUITS.items()}
assert all(tuple(sum(rank == r for rank, _ in deck) for r in range(NUM_RANKS))
           == RUNFAST_DECKS[size] for size, deck in _SORTED_DECKS.items())
_RANKS = tuple(range(NUM_RANKS))


class RunFastStart(NamedTuple):
    """How a Run Fast hand started, in the fields a record reads
    (:class:`~ddz_fast.engine.three_player.Start`'s): the three hands dealt (the last hidden
    when two play), no kitty, no landlord, the leader as ``first_bidder``, no bid, no chips."""

    hands: Tuple[Hand, Hand, Hand]
    kitty: None
    landlord: None
    first_bidder: int
    base_stake: int
    stacks: None


# --- the deal --------------------------------------------------------------------------------

def physical_deal(seed: Seed, number: int, rules: Rules) -> Tuple[Tuple[Card, ...], ...]:
    """The three piles of physical cards of deal ``number`` of ``seed`` (checked), each sorted:
    the ``number + 1``-th shuffle of the sorted deck by ``random.Random(seed)``."""
    rng = random.Random(seed)
    deck = list(_SORTED_DECKS[rules.deck_size])
    for _ in range(number + 1):
        rng.shuffle(deck)
    size = rules.hand_size
    return tuple(tuple(sorted(deck[seat * size:(seat + 1) * size]))
                 for seat in range(HANDS_DEALT))


def _hand_of_pile(pile: Sequence[Card]) -> Hand:
    ranks = [rank for rank, _ in pile]
    return trusted_hand(tuple(map(ranks.count, _RANKS)))


def deal(seed: Seed, number: int, rules: Rules) -> Deal:
    """Deal ``number`` of ``seed`` as rank counts: three hands and an empty kitty (what
    :func:`ddz_fast.engine.game.deal_cards` returns for Run Fast rules)."""
    return Deal(tuple(map(_hand_of_pile, physical_deal(seed, number, rules))), Hand())


def leader_of_deal(piles: Sequence[Sequence[Card]], players: int) -> int:
    """Who leads a dealt hand under ``next_lead="spade3"``: the holder of the three of spades;
    with two players and that card in the hidden hand, the player with the lower lowest card
    (by rank; seat 0 on a tie)."""
    holder = next(seat for seat, pile in enumerate(piles) if SPADE_THREE in pile)
    if holder < players:
        return holder
    return 1 if min(piles[1])[0] < min(piles[0])[0] else 0


# --- starting a hand -------------------------------------------------------------------------

def check_stacks(stacks: object) -> None:
    """None: Run Fast is played without chips (a Game's ``chips``, a hand's ``stacks``)."""
    if stacks is not None:
        raise ValueError(f"Run Fast is played without chips: chips and stacks must be None, "
                         f"got {shown(stacks)}")


def new_state(game: GameLike, seed: Optional[Seed], first_bidder: int, stacks: object,
              previous: Optional["RunFastState"] = None) -> "RunFastState":
    """``game.new_state`` under Run Fast rules: deal 0 of ``seed``. ``previous`` is the hand
    played just before at the table (a match's last hand): under ``next_lead="winner"`` its
    winner leads. ``first_bidder`` is checked, not used: the deal names the leader."""
    rules = game.rules
    seed = check_seed(seed)
    check_seat("first_bidder", first_bidder, rules.players)
    check_stacks(stacks)
    winner = _previous_winner(previous, rules)
    piles = physical_deal(seed, 0, rules)
    leader = winner if winner is not None else leader_of_deal(piles, rules.players)
    hands = tuple(map(_hand_of_pile, piles))
    return RunFastState._start(game, seed, RunFastStart(hands, None, None, leader, 1, None))


def _previous_winner(previous: object, rules: Rules) -> Optional[int]:
    """The seat that leads after ``previous`` under ``next_lead="winner"`` (None: the deal
    decides), ``previous`` being checked whatever the rules."""
    if previous is None:
        return None
    if not isinstance(previous, RunFastState):
        raise TypeError(f"previous must be a RunFastState (the hand played before), not "
                        f"{type(previous).__name__}")
    if not previous.is_over:
        raise ValueError("previous is a hand still being played: its winner is not known")
    if previous.rules.players != rules.players:
        raise ValueError(f"previous was played by {previous.rules.players} players, "
                         f"not {rules.players}")
    return previous.winner if rules.next_lead == "winner" else None


def state_from_hands(game: GameLike, hands: Sequence[HandLike], kitty: Optional[HandLike], *,
                     landlord: Optional[int], partner: Optional[int], wild: object,
                     first_bidder: int, seed: Optional[Seed], base_stake: int,
                     stacks: object) -> "RunFastState":
    """``game.new_state_from_hands`` under Run Fast rules: three hands of ``hand_size`` cards
    making exactly the deck (the last one hidden when two play), ``first_bidder`` leading."""
    rules = game.rules
    for name, value in (("landlord", landlord), ("partner", partner), ("wild", wild)):
        if value is not None:
            raise ValueError(f"Run Fast has no {name}: give {name}=None")
    if kitty is not None:
        raise ValueError("Run Fast deals no kitty: give kitty=None (with two players the "
                         "hidden hand is the third hand)")
    if check_int("base_stake", base_stake, 1) != 1:
        raise ValueError(f"Run Fast has no bid: base_stake must be 1, got {base_stake} (the "
                         f"stake is the rules' base, Rules(base=...))")
    check_stacks(stacks)
    leader = check_seat("first_bidder", first_bidder, rules.players)
    checked = check_runfast_hands(hands, rules)
    return RunFastState._start(game, check_seed(seed),
                               RunFastStart(checked, None, None, leader, 1, None))


def check_runfast_hands(hands: Sequence[HandLike], rules: Rules) -> Tuple[Hand, Hand, Hand]:
    """Three hands of ``rules.hand_size`` cards that together are exactly the rules' deck
    (no card outside it, none twice), or ValueError/TypeError naming what is wrong."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) \
            or len(hands) != HANDS_DEALT:
        raise ValueError("hands must be a sequence of exactly three hands (with two players "
                         "the third is the hidden hand)")
    checked = tuple(as_hand(hand) for hand in hands)
    deck = RUNFAST_DECKS[rules.deck_size]
    for seat, hand in enumerate(checked):
        rank = next((r for r in _RANKS if hand.counts[r] > deck[r]), None)
        if rank is not None:
            raise ValueError(f"hand {seat} holds {hand.counts[rank]} of rank "
                             f"{RANK_NAMES[rank]}: the {rules.deck_size}-card Run Fast deck "
                             f"has {deck[rank]}")
    check_sizes(checked, (rules.hand_size,) * HANDS_DEALT)
    for rank in _RANKS:     # the sizes add up to the deck's: no rank over, none short
        held = sum(hand.counts[rank] for hand in checked)
        if held > deck[rank]:
            raise ValueError(f"the hands hold {held} of rank {RANK_NAMES[rank]}, but the "
                             f"{rules.deck_size}-card Run Fast deck has {deck[rank]}: they "
                             f"must make exactly that deck, each card once")
    return (checked[0], checked[1], checked[2])


# --- the state -------------------------------------------------------------------------------

class RunFastState(StateBase):
    """One hand of Run Fast being played: see the module docstring."""

    __slots__ = ("_game", "_seed", "_origin", "_first_bidder", "_phase", "_player", "_hands",
                 "_prev", "_passes", "_plays", "_bomb_scores", "_out", "_scores", "_log",
                 "_timeouts", "_auto", "_left", "_legal", "_by_word")
    # _legal and _by_word (the legal actions of the position, and its moves by word) are
    # caches; _origin is compared as ``start``.
    _COMPARED = tuple(name for name in __slots__ if name not in ("_legal", "_by_word",
                                                                  "_origin"))
    # What StateBase's properties read, the same in every Run Fast hand.
    _landlord = None
    _redeals = 0
    _bids: Tuple[Any, ...] = ()
    _base_stake = 1
    _stacks = None

    @classmethod
    def _start(cls, game: GameLike, seed: Seed, origin: RunFastStart) -> "RunFastState":
        """A hand from checked cards, its leader to act."""
        players = game.rules.players
        state = cls.__new__(cls)
        state._game, state._seed, state._origin = game, seed, origin
        state._first_bidder = state._player = origin.first_bidder
        state._phase = "play"
        state._hands = origin.hands[:players]
        state._prev, state._passes, state._out, state._scores = None, 0, None, None
        state._plays = state._bomb_scores = state._timeouts = (0,) * players
        state._auto = state._left = (False,) * players
        state._log = []
        state._legal = state._by_word = None
        return state

    def clone(self) -> "RunFastState":
        """An independent copy (every field is immutable but the event list)."""
        copy = RunFastState.__new__(RunFastState)
        for name in RunFastState.__slots__:
            setattr(copy, name, getattr(self, name))
        copy._log = list(self._log)
        return copy

    __copy__ = clone

    def __reduce__(self) -> Tuple[Any, ...]:
        return _state_of_fields, (tuple(getattr(self, name) for name in self.__slots__),)

    def __repr__(self) -> str:
        hands = "/".join(str(hand) or "-" for hand in self._hands)
        return f"<RunFastState {self._phase} player={self._player} hands={hands}>"

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, every hand face up (Jupyter shows it; see
        :mod:`ddz_fast.engine.pictures`)."""
        return state_svg(self)

    # --- what the state is ---------------------------------------------------------------

    phase = property(lambda self: self._phase, doc="'play', or 'over' once a hand is empty.")
    is_over = property(lambda self: self._phase == "over", doc="Whether the hand is over.")
    num_players = property(lambda self: self._game.rules.players, doc="The players: 3 or 2.")
    hands = property(lambda self: self._hands, doc="The players' hands (Hand objects) now.")
    hidden_hand = property(lambda self: self._origin.hands[2] if len(self._hands) == 2
                           else None, doc="The hand dealt face down when two play, else None.")
    start = property(lambda self: self._origin,
                     doc="How the hand started (what a record needs to replay it).")
    deal = property(lambda self: Deal(self._origin.hands, Hand()),
                    doc="The three hands as dealt (the last hidden when two play), no kitty.")
    leader = property(lambda self: self._first_bidder, doc="The seat that led the hand.")
    kitty = property(lambda self: None, doc="Always None: Run Fast has no kitty.")
    prev = property(lambda self: self._prev, doc="The play to beat; None when leading.")
    passes = property(lambda self: self._passes, doc="Passes since the play to beat.")
    plays = property(lambda self: self._plays, doc="Non-pass moves made by each player.")
    bomb_scores = property(lambda self: self._bomb_scores,
                           doc="What the bombs that won their tricks have paid so far.")
    out_first = winner = property(lambda self: self._out,
                                  doc="The seat that went out (won), once the hand is over.")
    scores = raw_scores = property(lambda self: self._scores,
                                   doc="Each player's result once the hand is over.")
    multiplier = property(lambda self: 1, doc="Always 1: the rules' base is in the scores.")
    doubles = property(lambda self: (False,) * len(self._hands), doc="Nobody doubles.")
    deal_bonuses = property(lambda self: (), doc="Always empty: a Dou Dizhu option.")
    final_stacks = property(lambda self: None, doc="Always None: no chips.")

    def returns(self) -> Tuple[int, ...]:
        """``scores``, or zeros while the hand goes on (the OpenSpiel convention)."""
        return self._scores if self._scores is not None else (0,) * len(self._hands)

    @property
    def time_limit(self) -> Optional[float]:
        """Seconds the current player has for this decision (None once over)."""
        if self._phase == "over":
            return None
        return self._game.clock.limit("play", self._prev is None)

    def position(self) -> RunFastPosition:
        """The play position (for perft and search): the hands in play, the player to move,
        the move to beat and the passes since; ValueError once the hand is over. (The rules
        of the first play, ``spade3_in_first_play``, are the state's: a position does not
        know whether its lead is the hand's first.)"""
        if self._phase != "play":
            raise ValueError(f"a position exists only in the play phase, not in {self._phase}")
        return RunFastPosition(self._hands, self._player, self._prev, self._passes)

    def _event_count(self) -> int:
        return len(self._log)

    # --- the legal actions ---------------------------------------------------------------

    def legal_actions(self) -> List[Action]:
        """The actions ``current_player`` may take now (``Move.PASS`` first when passing is
        legal; empty once over), a new list each time."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> Tuple[Move, ...]:
        # Worked out once per decision: a driver asks for them, then applies one of them.
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> Tuple[Move, ...]:
        """The generator's moves (the plays that beat, or every play when leading) less those
        the first-play and one-card rules forbid; the pass when following, unless must-beat
        applies and something beats."""
        if self._phase == "over":
            return ()
        rules, hand = self._game.rules, self._hands[self._player]
        beating = api.legal_moves(hand, self._prev, rules=rules)
        # Most decisions meet neither rule that forbids some of the generator's moves: those
        # take its moves as they are, without asking each one (_breaks) why not.
        restricted = (rules.spade3_in_first_play and not any(self._plays) and hand.counts[0]) \
            or (rules.one_card_rule and self._next_holds_one())
        allowed = tuple(move for move in beating if self._breaks(move) is None) if restricted \
            else tuple(beating)
        if self._prev is None or (rules.must_beat and len(beating)):
            return allowed
        return (Move.PASS,) + allowed

    def _next_holds_one(self) -> bool:
        return len(self._hands[(self._player + 1) % len(self._hands)]) == 1

    def _breaks(self, move: Move) -> Optional[str]:
        """The rule of the table that forbids playing ``move`` (one the generator lists) now,
        or None."""
        rules, hand = self._game.rules, self._hands[self._player]
        if (rules.spade3_in_first_play and not any(self._plays) and hand.counts[0]
                and not move.counts[0]):
            return "the first play of the hand must contain a 3 (spade3_in_first_play)"
        if rules.one_card_rule and move.type == "solo" and self._next_holds_one():
            highest = max(rank for rank in _RANKS if hand.counts[rank])
            if move.key != highest:
                return (f"the next player holds one card: a solo must be the highest card "
                        f"{RANK_NAMES[highest]} (one_card_rule)")
        return None

    def _listed(self, move: Move) -> Optional[Move]:
        """The legal move with ``move``'s word (the pass when it is legal), else None."""
        if self._by_word is None:
            self._by_word = {legal.word: legal for legal in self._legal_tuple()}
        return self._by_word.get(move.word)

    def _is_legal(self, move: Move) -> bool:
        return self._listed(move) is not None

    # --- acting ----------------------------------------------------------------------------

    def apply(self, action: Union[Action, str]) -> None:
        """The current player takes ``action``: a Move or its text (IllegalActionError, or
        another ValueError/TypeError, naming what is wrong; the state is then unchanged)."""
        self._act(action, "act")

    def apply_id(self, action_id: int) -> None:
        """Play the move of dense action id ``action_id``: ids of
        :func:`ddz_fast.action_space` under the rules, the id after the last one passing."""
        self._require_not_over()
        moves = api.action_space(self._game.rules)
        index = check_action_id(action_id, len(moves) + 1)
        self.apply(Move.PASS if index == len(moves) else moves[index])

    def _checked(self, action: Any) -> Move:
        """The legal move ``action`` names, or the error naming why it may not be played."""
        if isinstance(action, str):
            action = self._move_of_text(action, None, self._is_legal)
        if not isinstance(action, Move):
            raise ActionTypeError(f"in Run Fast an action is a Move or its text, not "
                                  f"{type(action).__name__}")
        legal = self._listed(action)
        if legal is not None:
            return legal
        raise IllegalActionError(f"player {self._player} cannot play {action}: "
                                 f"{self._why_illegal(action)}")

    def _why_illegal(self, move: Move) -> str:
        if move.is_pass:
            if self._prev is None:
                return "the leader may not pass"
            return f"a play beats {self._prev} and must_beat forbids passing"
        hand = self._hands[self._player]
        if move not in hand:
            return f"the hand {hand} does not hold it"
        if move in api.legal_moves(hand, self._prev, rules=self._game.rules):
            return self._breaks(move) or "not legal now"
        if self._prev is not None:
            return f"it is not a play of this hand that beats {self._prev}"
        return "it is not a play of this hand under these rules"

    def _commit(self, action: Move, kind: str) -> None:
        """Take ``action``, a legal move or pass: nothing here may fail."""
        player = self._player
        self._log.append((kind, player, action))
        self._count_timeout(player, kind)
        self._legal = self._by_word = None
        self._player = (player + 1) % len(self._hands)
        if action.is_pass:
            self._pass()
        else:
            self._play(player, action)

    def _pass(self) -> None:
        """A pass; after everyone else passed, the last player leads, and a bomb he played
        has won its trick."""
        self._passes += 1
        if self._passes == len(self._hands) - 1:
            if self._prev.type == "bomb":
                self._pay_bomb(self._player)
            self._prev, self._passes = None, 0

    def _play(self, player: int, move: Move) -> None:
        hand = trusted_hand(tuple(map(sub, self._hands[player].counts, move.counts)))
        self._hands = with_entry(self._hands, player, hand)
        self._plays = with_entry(self._plays, player, self._plays[player] + 1)
        self._prev, self._passes = move, 0
        if not len(hand):
            if move.type == "bomb":     # a bomb as the last play wins its trick
                self._pay_bomb(player)
            self._finish(player)

    def _pay_bomb(self, bomber: int) -> None:
        """``bomb_score x base`` from each other player to ``bomber``, at once."""
        rules = self._game.rules
        amount = rules.bomb_score * rules.base
        others = len(self._hands) - 1
        self._bomb_scores = tuple(score + (amount * others if seat == bomber else -amount)
                                  for seat, score in enumerate(self._bomb_scores))

    def _finish(self, winner: int) -> None:
        cards = card_payments(winner, tuple(map(len, self._hands)), self._plays,
                              self._game.rules.base)
        self._scores = tuple(map(sum, zip(cards, self._bomb_scores)))
        self._out = winner
        self._phase = "over"
        self._player = None
        self._prev, self._passes = None, 0

    def _known_suits(self) -> Optional[Tuple[Tuple[str, ...], ...]]:
        """Per seat in play and per rank, the suit letters of its cards that are still those
        dealt (it has played none of that rank); None when the hand was not dealt from its
        seed (given by its cards: no suits are known). What a picture of the hand draws."""
        piles = physical_deal(self._seed, 0, self._game.rules)
        if tuple(map(_hand_of_pile, piles)) != self._origin.hands:
            return None
        return tuple(tuple("".join(suit for r, suit in pile if r == rank)
                           if self._hands[seat].counts[rank] == dealt.counts[rank] else ""
                           for rank in _RANKS)
                     for seat, (pile, dealt) in enumerate(zip(piles, self._origin.hands))
                     if seat < len(self._hands))

    def _timeout_move(self) -> Move:
        """What a timeout plays (see the module docstring): pass if legal, else a leader's
        smallest legal solo, else the lowest legal move."""
        legal = self._legal_tuple()
        if self._prev is None:
            solos = [move for move in legal if move.type == "solo"]
            return min(solos) if solos else legal[0]
        return legal[0]


def card_payments(winner: int, cards_left: Sequence[int], plays: Sequence[int],
                  base: int) -> Tuple[int, ...]:
    """What each loser pays the winner for his cards: ``base`` per card left, nothing on one
    card, double when he played no card (closed)."""
    paid = [0 if seat == winner or left == 1 else base * left * (2 if not plays[seat] else 1)
            for seat, left in enumerate(cards_left)]
    paid[winner] = -sum(paid)
    return tuple(-amount for amount in paid)


def _state_of_fields(values: tuple) -> RunFastState:
    """The state that ``RunFastState.__reduce__`` took apart."""
    state = RunFastState.__new__(RunFastState)
    for name, value in zip(RunFastState.__slots__, values):
        setattr(state, name, value)
    return state
