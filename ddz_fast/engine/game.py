"""The game: :class:`Game` holds the rules and the table options, and deals hands of whichever
table its rules seat (three players, four players with two decks, wild cards), each played by
that table's state (:mod:`ddz_fast.engine.three_player`, :mod:`ddz_fast.engine.four_player`,
:mod:`ddz_fast.engine.laizi`)."""
from __future__ import annotations

from types import ModuleType
from typing import Optional, Sequence, Union

from ..hand import HandLike
from ..rules import Rules, RulesLike, checked_rules
from ..validate import check_int
from . import four_player, laizi, runfast, three_player
from .base import AutoPlayPolicy, Deal, Seed, StateBase, check_seed, timeout_action
from .clock import Clock

__all__ = ["Game", "deal_cards", "MAX_DEAL_NUMBER"]

#: The highest deal number :func:`deal_cards` deals (deal n costs n + 1 shuffles).
MAX_DEAL_NUMBER = 100_000




def engine_of(rules: Rules) -> ModuleType:
    """The engine module of the table ``rules`` seat: Run Fast, wild cards, four players, or
    three."""
    if rules.game == "runfast":
        return runfast
    if rules.laizi:
        return laizi
    return four_player if rules.players == 4 else three_player


def deal_cards(seed: Seed, number: int = 0, *, rules: RulesLike = None) -> Deal:
    """Deal ``number`` (0 first) of the stream of ``random.Random(seed)``: 17 cards each and the
    kitty, or 18 each and an empty kitty under ``rules`` without one; at the four-player table,
    25 cards to each of four players and the 8-card kitty from the 108 cards of two decks;
    under rules with wild cards, the cards of the deal whose wild ranks the engine draws;
    under Run Fast rules, three hands of 16 (15) cards and an empty kitty, the third hidden
    when two play (:func:`ddz_fast.engine.runfast.physical_deal` gives their suits)."""
    seed = check_seed(seed)
    number = check_int("number", number, 0, MAX_DEAL_NUMBER)
    checked = checked_rules(rules)
    return engine_of(checked).deal(seed, number, checked)


class Game:
    """The rules and table options shared by every hand played under them.

    ``rules``: a :class:`~ddz_fast.rules.Rules` or a preset name (moves, bidding, doubling).
    ``chips``: None (no stacks: scores are not capped), or every player's starting stack as one
    int or one per seat. ``clock``: the decision time limits. ``auto_play_policy``: how a
    player on auto-play decides, a function of a state copy (default: the timeout action).

    The hands are the states of the table the rules seat:
    :class:`~ddz_fast.engine.three_player.State` at three players;
    :class:`~ddz_fast.engine.four_player.FourPlayerState`, with the same interface over four seats,
    at the four-player table (``Rules(players=4)``, preset ``four_player``);
    :class:`~ddz_fast.engine.laizi.LaiziState` under rules with wild cards (``laizi``,
    ``tiandi_laizi``).
    """

    __slots__ = ("rules", "chips", "clock", "auto_play_policy")

    def __init__(self, rules: RulesLike = None, *, chips: Union[None, int, Sequence[int]] = None,
                 clock: Optional[Clock] = None,
                 auto_play_policy: Optional[AutoPlayPolicy] = None) -> None:
        if clock is not None and not isinstance(clock, Clock):
            raise TypeError(f"clock must be a Clock, not {type(clock).__name__}")
        if auto_play_policy is not None and not callable(auto_play_policy):
            raise TypeError("auto_play_policy must be a function of a state")
        self.rules: Rules = checked_rules(rules)
        self.chips = engine_of(self.rules).check_stacks(chips)
        self.clock: Clock = clock if clock is not None else Clock()
        self.auto_play_policy: AutoPlayPolicy = auto_play_policy or timeout_action

    @property
    def num_players(self) -> int:
        """The seats at the table: 3, or 4 at the four-player table."""
        return self.rules.players

    def _key(self) -> tuple:
        return (self.rules, self.chips, self.clock, self.auto_play_policy)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Game({self.rules!r}, chips={self.chips!r}, clock={self.clock!r})"

    def new_state(self, seed: Optional[Seed] = None, first_bidder: int = 0, *,
                  stacks: Union[None, int, Sequence[int]] = None,
                  previous: Optional[StateBase] = None) -> StateBase:
        """A new hand dealt from ``seed`` (None: a random seed, kept in ``state.seed``).

        ``stacks`` overrides the game's ``chips`` for this hand (a match passes the stacks
        left after the previous hands). ``previous`` is the hand played just before at the
        table (a match passes it): under Run Fast's ``next_lead="winner"`` its winner leads;
        the Dou Dizhu tables do not read it.
        """
        return engine_of(self.rules).new_state(self, seed, first_bidder, stacks, previous)

    def new_state_from_hands(self, hands: Sequence[HandLike], kitty: Optional[HandLike] = None,
                             *, landlord: Optional[int] = None, first_bidder: int = 0,
                             seed: Optional[Seed] = None, base_stake: int = 1,
                             stacks: Union[None, int, Sequence[int]] = None,
                             partner: Optional[int] = None, wild: object = None) -> StateBase:
        """A hand starting from given cards: one full deck, checked.

        Without ``landlord``: three 17-card hands and the 3-card kitty (three 18-card hands
        and no kitty under rules without one); bidding starts with ``first_bidder`` and
        re-deals come from ``seed``. With ``landlord``: the play phase starts at once, the
        landlord holding 20 cards (the kitty, if given, must be 3 of them) and the peasants 17
        each (18 each without a kitty), at ``base_stake`` with multiplier 1 and no doubles.
        Under ``deal_bonuses`` the multiplier starts at the bonuses of the hands as dealt (the
        landlord's without the kitty), so a landlord's hand under rules with a kitty needs
        the kitty.

        At the four-player table: two full decks, four hands of 25 and the 8-card kitty, or
        with ``landlord`` a landlord's hand of 33; with ``sides="partner"``, ``partner``
        (with ``landlord``) names the landlord's partner, else the landlord names it first
        (:mod:`ddz_fast.engine.four_player`).

        Under rules with wild cards, ``wild`` fixes the wild ranks of the hand, in the order
        they are drawn (None: drawn from ``seed`` as for a dealt hand; see
        :mod:`ddz_fast.engine.laizi`); other rules refuse it.
        """
        return engine_of(self.rules).state_from_hands(
            self, hands, kitty, landlord=landlord, partner=partner, wild=wild,
            first_bidder=first_bidder, seed=seed, base_stake=base_stake, stacks=stacks)
