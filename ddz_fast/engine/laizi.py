"""The game engine with wild cards (docs/RULES.md, "Variants" > "Laizi").

``Game("laizi")``, ``Game("tiandi_laizi")`` and any ``Game(Rules(laizi=...))`` make their hands
here. A :class:`LaiziState` is the plain-Python engine of :mod:`ddz_fast.engine.python_state`
seated at three players with one deck: the same phases (``bidding``, ``doubling`` when
``rules.doubling``, ``play``, ``over``), the same interface as
:class:`~ddz_fast.engine.three_player.State` (``legal_actions()``, ``apply``, ``apply_id``,
``events``, ``history``, clocks, auto-play, chips, ``clone``, equality, pickling, records), and on
top of it:

* the wild draws, public events of the hand: ``state.wild`` is the tuple of the wild ranks
  shown so far (rank indices, 0 = 3 .. 12 = 2), in the order they were drawn, and each draw is
  logged in ``events`` as ``("wild", None, rank)`` (no seat draws it);
* play under the wild ranks: the legal moves are ``api.legal_moves(hand, prev, rules=...,
  wild=state.wild)``, moves with their readings (:attr:`~ddz_fast.move.Move.reading`); a
  plain Move is accepted where it is one of them;
* the multiplier under ``rules.bomb_multiplier``: ``"double"``, every bomb of any class and
  the rocket double it; ``"app"``, a 4-card soft bomb doubles it, a 4-card hard or laizi bomb
  multiplies it by 4, a bomb of 5 or more cards and the rocket by 6. Robs, spring,
  anti-spring, doubling and chips are those of the three-player game
  (:mod:`ddz_fast.engine.three_player`).

The three-player :class:`~ddz_fast.engine.three_player.State` and its native core play no wild
cards and are left as they are.

The choices the rule book leaves open (when the wild ranks are drawn and shown, what a re-deal
draws, the wild ranks of a hand given with its cards) are in docs/RULES.md, "Choices where the
rule book is silent", "Wild cards (laizi)", beside those of the three-player engine that hold
here too. ``new_state_from_hands(..., wild=...)`` fixes the wild ranks in the order they are
drawn (``wild=(7, 2)`` or ``"T5"``); without it they are deal 0's draws of the seed.
``apply_id`` takes the action ids of the rules and the wild ranks shown (counted, never listed:
two wild ranks make millions of moves), the id after the last one passing; ``position()``
carries the wild ranks.
"""
from __future__ import annotations

import random
from typing import NamedTuple, Optional, Sequence, Tuple

from .. import moves as api, laizi_ids
from ..cards import RANK_LETTERS, rank_index
from .base import Deal, GameLike, Seed, check_seed
from .three_player import check_given_hands, check_stacks
from ..hand import Hand, HandLike
from ..move import Move
from ..positions.three_player import Position
from .base import auction_memo
from ..wild import check_wild
from ..rules import Rules
from .scoring import _settle, _spring_factor, cap_to_stacks
from .python_state import PythonState, shuffled_deal
from ..validate import check_int, check_seat, is_int

__all__ = ["LaiziState", "LaiziStart", "new_state", "state_from_hands", "deal", "draw_wild",
           "PLAYERS", "WILD_EVENT"]

PLAYERS = 3
#: The kind of the event that shows a wild rank: ``("wild", None, rank)``.
WILD_EVENT = "wild"
#: The ranks a wild rank is drawn from: 3..2 (rank indices 0..12), never a joker.
WILD_CHOICES = 13
Hands = Tuple[Hand, Hand, Hand]


class LaiziStart(NamedTuple):
    """How a hand with wild cards started: :class:`~ddz_fast.engine.three_player.Start` and the
    wild ranks given with the cards, in draw order (None: drawn from the seed)."""

    hands: Hands
    kitty: Optional[Hand]
    landlord: Optional[int]
    first_bidder: int
    base_stake: int
    stacks: Optional[Tuple[int, int, int]]
    wild: Optional[Tuple[int, ...]] = None


def draw_wild(rng: random.Random, count: int) -> Tuple[int, ...]:
    """``count`` distinct wild ranks drawn from ``rng``, in draw order: each uniform over the
    ranks 3..2 not drawn yet."""
    drawn: list = []
    for _ in range(count):
        rank = rng.randrange(WILD_CHOICES - len(drawn))
        for taken in sorted(drawn):     # the rank-th of the ranks left
            if rank >= taken:
                rank += 1
        drawn.append(rank)
    return tuple(drawn)


def _next_deal(seed: Seed, number: int, stream: Optional[tuple],
               rules: Rules) -> Tuple[Deal, Tuple[int, ...], tuple]:
    """Deal ``number`` of ``seed``, its wild ranks in draw order, and the state of the random
    stream after them. ``stream`` is the state after deal ``number - 1`` and its draws (None:
    not known, the earlier deals and draws are drawn again)."""
    rng = random.Random(seed)
    if stream is None:
        for _ in range(number):
            shuffled_deal(rng, rules)
            draw_wild(rng, rules.laizi)
    else:
        rng.setstate(stream)
    deal = shuffled_deal(rng, rules)
    return deal, draw_wild(rng, rules.laizi), rng.getstate()


def deal(seed: Seed, number: int, rules: Rules) -> Deal:
    """Deal ``number`` of ``seed`` under checked ``rules`` with wild cards: what
    :func:`ddz_fast.engine.game.deal_cards` returns for them (the cards only, not the draws)."""
    return _next_deal(seed, number, None, rules)[0]


def _draw_order(rules: Rules, wild: object) -> Tuple[int, ...]:
    """The wild ranks ``wild`` names, checked against ``rules``, in the order given."""
    check_wild(rules, wild)         # every check and its message: rank, count, distinct
    items = [wild] if isinstance(wild, str) or is_int(wild) else list(wild)  # type: ignore
    order = []
    for item in items:
        if isinstance(item, str):
            order += [rank_index(letter) for letter in "".join(item.split()).replace("10", "T")]
        else:
            order.append(int(item))
    return tuple(order)


def new_state(game: GameLike, seed: Optional[Seed], first_bidder: int,
              stacks: object, previous: object = None) -> "LaiziState":
    """``game.new_state`` under rules with wild cards (arguments not yet checked;
    ``previous``, the hand before, is Run Fast's and not read here)."""
    seed = check_seed(seed)
    first_bidder = check_seat("first_bidder", first_bidder, PLAYERS)
    stacks_t = game.chips if stacks is None else check_stacks(stacks)
    deal, draws, stream = _next_deal(seed, 0, None, game.rules)
    kitty = deal.kitty if game.rules.kitty else None
    origin = LaiziStart(deal.hands, kitty, None, first_bidder, 1, stacks_t)
    return LaiziState._begin(game, seed, first_bidder, deal, draws, origin, stream)


def state_from_hands(game: GameLike, hands: Sequence[HandLike], kitty: Optional[HandLike], *,
                     landlord: Optional[int], partner: Optional[int], wild: object,
                     first_bidder: int, seed: Optional[Seed], base_stake: int,
                     stacks: object) -> "LaiziState":
    """``game.new_state_from_hands`` under rules with wild cards: one full deck, checked as
    for three players, and the wild ranks in draw order (None: the seed's)."""
    rules = game.rules
    hands_t, kitty_h, landlord, first_bidder = check_given_hands(
        rules, hands, kitty, landlord, partner, first_bidder)
    given = None if wild is None else _draw_order(rules, wild)
    base_stake = check_int("base_stake", base_stake, 1)
    stacks_t = game.chips if stacks is None else check_stacks(stacks)
    seed = check_seed(seed)
    draws = given if given is not None else _next_deal(seed, 0, None, rules)[1]
    origin = LaiziStart(hands_t, kitty_h, landlord, first_bidder, base_stake, stacks_t, given)
    deal = Deal(hands_t, kitty_h or Hand())
    state = LaiziState._begin(game, seed, first_bidder, deal, draws, origin, None)
    if landlord is not None:
        state._take_seat(landlord, base_stake, kitty_h is not None, None)
    return state


class LaiziState(PythonState):
    """One hand with wild cards being played: see the module docstring."""

    # _draws: the wild ranks of the current deal in draw order, shown or not yet; _wild: those
    # shown so far.
    __slots__ = ("_draws", "_wild")
    _COMPARED = PythonState._COMPARED + __slots__
    _ALL_SLOTS = PythonState._ALL_SLOTS + __slots__
    num_players = PLAYERS
    # The auctions of three seats: a memo of their own (the key does not name the seats).
    _auction_after = staticmethod(auction_memo())

    @classmethod
    def _begin(cls, game: GameLike, seed: Seed, first_bidder: int, deal: Deal,
               draws: Tuple[int, ...], origin: LaiziStart,
               stream: Optional[tuple]) -> "LaiziState":
        state = cls._blank(game, seed, origin, stream)
        state._draws = draws
        state._new_deal(first_bidder, deal)
        return state

    def _new_deal(self, first_bidder: int, deal: Deal) -> None:
        super()._new_deal(first_bidder, deal)
        self._wild = ()
        if self.rules.laizi == 2:       # tiandi laizi: the first rank is shown before bidding
            self._show_wild()

    def _show_wild(self) -> None:
        """Show the next wild rank of the deal: a public event."""
        rank = self._draws[len(self._wild)]
        self._wild += (rank,)
        self._log.append((WILD_EVENT, None, rank))

    def _redeal(self) -> None:
        self._redeals += 1
        deal, self._draws, self._stream = _next_deal(self._seed, self._redeals, self._stream,
                                                     self.rules)
        self._new_deal((self._first_bidder + 1) % PLAYERS, deal)

    def _kitty_taken(self) -> None:
        self._kitty_shown = self.rules.kitty > 0    # no kitty: none to show, as at three
        self._show_wild()

    def _take_seat(self, landlord: int, base_stake: int, kitty_shown: bool,
                   partner: Optional[int]) -> None:
        while len(self._wild) < self.rules.laizi:   # a hand given with its landlord
            self._show_wild()
        super()._take_seat(landlord, base_stake, kitty_shown, partner)

    # --- what the state is ---------------------------------------------------------------

    wild = property(lambda self: self._wild,
                    doc="The wild ranks shown so far (rank indices), in the order drawn.")
    deal_bonuses = property(lambda self: (), doc="Always empty: not played with wild cards.")

    def position(self) -> Position:
        """The play-phase position with its wild ranks (for perft); ValueError outside play."""
        if self._phase != "play":
            raise ValueError(f"a position exists only in the play phase, not in {self._phase}")
        return Position(self._hands, self._landlord, self._player, self._prev,
                        self._passes, wild=self._wild)

    # --- play and settlement -------------------------------------------------------------

    def _legal_moves(self) -> Sequence[Move]:
        if self._moves is None:
            self._moves = api.legal_moves(self._hands[self._player], self._prev,
                                          rules=self._game.rules, wild=self._wild)
        return self._moves

    def _wild_ranks(self) -> Tuple[int, ...]:
        return self._wild

    def _action_count(self) -> int:
        return laizi_ids.space_size(self._game.rules, check_wild(self._game.rules, self._wild))

    def _action_move(self, index: int) -> Move:
        return api.action_move(index, self._game.rules, self._wild)

    def _spring_factor(self, won: bool) -> int:
        return _spring_factor(won, self._plays, self._landlord)

    def _settlement(self, won: bool) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        raw = _settle(self._base_stake, self._multiplier, self._landlord, won, self._doubles)
        capped = raw if self._stacks is None else cap_to_stacks(raw, self._stacks,
                                                                self._landlord)
        return raw, capped


def wild_text(ranks: Sequence[int]) -> str:
    """Wild ranks as card text in the order given (``(7, 2)`` is ``"T5"``)."""
    return "".join(RANK_LETTERS[rank] for rank in ranks)
