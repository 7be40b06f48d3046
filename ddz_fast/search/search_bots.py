"""Search bots that play under hidden cards: perfect-information Monte Carlo and ISMCTS.

Both see a decision only through the player's information set (its own hand, the public record
and the card counts) and deal the hidden hands from it with the set's ``sample``: they never read
another player's cards, so a state whose hidden hands were dealt differently, with the same
public record, gets the same decision from the same seed. The search runs in native code
(``ddz_fast.search._search_bots``, the solver), so these bots need the compiled core.

They play every table of the game, each through its own information set, and the kernels
search each with the shared play loop of its table:

* three seats on one deck (the classic rules, Botzone's space shuttle, no kitty, deal bonuses):
  :class:`~ddz_fast.search.infoset.InformationSet`;
* wild cards (laizi, tiandi laizi): the same :class:`~ddz_fast.search.infoset.InformationSet`,
  which holds the wild ranks shown (``wild``); the moves are read with them;
* the four-player table on two decks (:mod:`ddz_fast.engine.four_player`):
  :class:`~ddz_fast.search.four_player.FourPlayerInformationSet`; with ``sides="partner"`` the
  landlord and its partner (public) are one side, and a finish is won by the side of the seat
  that goes out first.

Budgets are counts, not times, so that a seed fixes every decision (the arena's results are
then identical on any machine and any split of the work). ``benchmarks/results/strength.md``
gives the time a decision takes at the default budgets on the classic table (at most about
20 ms on one core), ``benchmarks/results/strength_<table>.md`` at the other tables.

``bot.play(state)`` is ``bot.choose(<the information set of the player to move>,
state.rules)``: the information set is all a decision is given. Bidding, doubling and the
four-player landlord's choice of partner are :class:`~ddz_fast.search.bots.GreedyBot`'s (by the
strength of the bot's own hand): the search is for the play. A decision with one legal action
is taken without a search.

Both play Run Fast too (``plays_runfast``): a :class:`~ddz_fast.engine.runfast.RunFastState` is
seen through :meth:`RunFastInformationSet.from_state
<ddz_fast.search.runfast.RunFastInformationSet.from_state>` and its determinizations are
:meth:`~ddz_fast.search.runfast.RunFastInformationSet.sample`'s, searched by the same native
kernels. Every player is then a side of his own and a win is going out first; the legal
actions are the state's (the Run Fast play rules, and ``spade3_in_first_play`` on the hand's
first play).

PIMC's exact endgame solves are :func:`~ddz_fast.search.solver.solve`'s at every Dou Dizhu
table (the partner of the four-player table given); in Run Fast it scores by its finishes
alone.
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Tuple, Union

import numpy as np

from .. import bitboard
from .._two_decks_batch import split_words
from ..actions import Bid, Double, Partner
from .bots import GreedyBot, _SeenState
from ..moves import legal_moves
from ..compiled import load
from ..engine.three_player import State
from ..engine.base import check_seed
from ..engine.four_player import FourPlayerState
from ..engine.python_state import PythonState
from ..engine.runfast import RunFastState
from ..hand import Hand
from .four_player import FourPlayerInformationSet
from .infoset import InformationSet, information_set
from ..move import Move
from ..positions.four_player import FourPlayerPosition
from ..positions.rollouts import _two_decks_halves
from ..positions.three_player import Position
from ..rules import Rules, RulesLike, checked_rules, three_player_table
from .runfast import RunFastInformationSet
from .solver import solve
from ..validate import check_int, check_real
from ..wild import Wild, check_wild

__all__ = ["PIMCBot", "ISMCTSBot", "ROLLOUT_POLICIES", "MAX_ITERATIONS",
           "MAX_SAMPLES_PER_DECISION", "MAX_ROLLOUTS"]
_search = load("ddz_fast.search._search_bots")  # NativeCoreMissingError on use when not built

#: How a rollout finishes a dealt hand: ``"rules"``, every player takes a quick rule-based
#: action (the move emptying its hand; leading, the ordinary move of the most cards; following,
#: pass a partner, beat an opponent with the cheapest ordinary move, bomb only half the time
#: when nothing else beats it; one action in eight at random or a pass), or ``"random"``,
#: uniformly random legal actions.
ROLLOUT_POLICIES = {"random": 0, "rules": 1}

#: ISMCTSBot's greedy floor at the four-player tables: the greedy bot's move is played unless
#: the tree visits it less than half as often as its most visited action (docs/search.md).
GREEDY_FLOOR = 0.5
#: The most ISMCTS iterations one decision runs (a tree of that many nodes takes 288 MB).
MAX_ITERATIONS = 1 << 22
#: The most determinizations a PIMC decision deals.
MAX_SAMPLES_PER_DECISION = 1 << 16
#: The most rollouts a PIMC decision plays (about a minute on one core).
MAX_ROLLOUTS = 1 << 24
# The solver's table for PIMC's small solves: a few thousand nodes each, so a small table
# holds them, and clearing a large one would cost more than the search.
_TT_MEGABYTES = 2
#: The most determinizations an ISMCTS decision deals where the information set deals them in
#: Python (Run Fast, the four-player table): a few hundred, cycled through by the iterations,
#: keep their cost below the search's.
_PYTHON_DEALS = 256
_LOW_64 = (1 << 64) - 1

#: What a search bot is given at a decision: the information set of its table.
AnyInformationSet = Union[InformationSet, FourPlayerInformationSet, RunFastInformationSet]


class _SearchBot:
    """What both search bots share: a seeded stream, greedy bidding and the decision setup."""

    #: Plays hands with wild cards (an InformationSet holds the wild ranks shown).
    plays_wild_cards = True
    #: Plays the four-player table (FourPlayerInformationSet), partner choice included.
    plays_four_player = True
    #: Plays Run Fast states (ddz_fast.engine.runfast.RunFastState) as well as Dou Dizhu's.
    plays_runfast = True

    def __init__(self, seed: Union[int, str, None], rollout: str, break_cost: float,
                 bomb_cost: float) -> None:
        self._rng = random.Random(check_seed(seed))
        self._greedy = GreedyBot(seed)
        if not isinstance(rollout, str):
            raise TypeError(f"rollout must be a str, not {type(rollout).__name__}")
        if rollout not in ROLLOUT_POLICIES:
            raise ValueError(f"unknown rollout {rollout!r:.100}: choose one of "
                             f"{', '.join(ROLLOUT_POLICIES)}")
        self.rollout = rollout
        self._policy = ROLLOUT_POLICIES[rollout]
        self.break_cost = check_real("break_cost", break_cost, 0.0, 1.0)
        self.bomb_cost = check_real("bomb_cost", bomb_cost, 0.0, 1.0)

    def _bomb_weights(self, decision: "_Decision") -> Tuple[np.ndarray, np.ndarray]:
        """Per action, what the bot takes off its value for the bombs (:meth:`_Decision.bomb_costs`
        times ``break_cost``, to take off when it is winning, and times ``bomb_cost``, always);
        zeros without counting when the bot gives the bombs no weight."""
        if not (self.break_cost or self.bomb_cost):
            none = np.zeros(len(decision.actions))
            return none, none
        broken, bombing = decision.bomb_costs()
        return self.break_cost * broken, self.bomb_cost * bombing

    def _costs_shown(self, break_cost: float, bomb_cost: float) -> str:
        """The bomb costs for a repr, when they are not the defaults given."""
        if (self.break_cost, self.bomb_cost) == (break_cost, bomb_cost):
            return ""
        return f", break_cost={self.break_cost}, bomb_cost={self.bomb_cost}"

    def bid(self, state: State) -> Bid:
        return self._greedy.bid(state)

    def double(self, state: State) -> Double:
        return self._greedy.double(state)

    def partner(self, state: FourPlayerState) -> Partner:
        """The landlord's partner at the four-player table: the greedy bot's choice."""
        return self._greedy.partner(state)

    def play(self, state: Union[State, PythonState, RunFastState]) -> Move:
        """The move of ``state.current_player``: :meth:`choose` on the information set of its
        table (:func:`~ddz_fast.search.infoset.information_set` at three seats, wild cards
        included, :class:`~ddz_fast.search.four_player.FourPlayerInformationSet` at four,
        :class:`~ddz_fast.search.runfast.RunFastInformationSet` in a Run Fast hand)."""
        return self.choose(_information_set_of(state), state.rules)

    def choose(self, info: AnyInformationSet, rules: RulesLike = None) -> Move:
        """The move to play at ``info``, a play-phase decision of ``info.player`` under
        ``rules``: everything the bot knows is in ``info``.

        An :class:`~ddz_fast.search.infoset.InformationSet` is played under three-player rules
        (default ``standard``), with wild cards exactly when it holds wild ranks, as many as
        the rules have. A :class:`~ddz_fast.search.four_player.FourPlayerInformationSet` is
        played under four-player rules (default ``four_player``) whose ``sides`` agree with its
        partner. A :class:`~ddz_fast.search.runfast.RunFastInformationSet` holds its rules:
        ``rules`` must then be None or those.
        """
        decision = _decision_of(info, rules)
        self._check_table(decision)
        if len(decision.actions) == 1:
            return decision.actions[0]
        scores = self._scores(decision, self._rng.getrandbits(64))
        return decision.actions[self._pick(decision, scores)]

    def _check_table(self, decision: "_Decision") -> None:
        """ValueError when an option of the bot does not apply at ``decision``'s table, before
        anything is drawn (none by default)."""

    def _scores(self, decision: "_Decision", seed: int) -> np.ndarray:
        raise NotImplementedError

    def _pick(self, decision: "_Decision", scores: np.ndarray) -> int:
        """The index of the action to play: the first of the best scores, in order."""
        return int(np.argmax(scores))


def _information_set_of(state: object) -> AnyInformationSet:
    """What the player to move knows in ``state``, a play-phase decision of any table."""
    if isinstance(state, RunFastState):
        if state.is_over:
            raise ValueError("play is a decision of the play phase, not of 'over'")
        return RunFastInformationSet.from_state(state, state.current_player)
    if not isinstance(state, (State, PythonState)):
        raise TypeError(f"state must be a State, not {type(state).__name__}")
    if state.phase != "play":
        raise ValueError(f"play is a decision of the play phase, not of {state.phase!r}")
    if isinstance(state, FourPlayerState):
        return FourPlayerInformationSet.from_state(state, state.current_player)
    return information_set(state, state.current_player)


# --- a decision as the kernels take it, table by table ------------------------------------------

class _Decision:
    """A play decision at one table, as the native kernels take it: the legal actions in the
    order of the state's ``legal_actions()`` (the pass first when following), their keys, the
    root's fields and the determinizations. One subclass per table."""

    #: The kernels' name of the table (ddz_fast.search._search_bots.TABLES).
    table = ""
    #: Whether :func:`~ddz_fast.search.solver.solve` takes the table's determinized positions
    #: (:meth:`position`): PIMC's exact endgame step.
    exact = True
    #: The most determinizations an ISMCTS decision deals.
    deal_limit = MAX_SAMPLES_PER_DECISION
    #: ISMCTSBot's greedy floor at the table unless the bot names one (0: the tree alone).
    greedy_floor = 0.0
    #: Whether the greedy bot decides from the table's information set (_SeenState).
    greedy_sees = True
    #: The wild ranks the moves are read under, low to high (None: no wild cards).
    wild: Optional[Wild] = None

    def __init__(self, info: AnyInformationSet, rules: Rules) -> None:
        self.info = info
        self.rules = rules
        self.actions = self._legal_actions()

    def _legal_actions(self) -> List[Move]:
        """The player's moves (the same in every deal: they read only its hand and the public
        trick), with the pass first when following, as ``State.legal_actions()`` lists them."""
        info = self.info
        moves = list(legal_moves(info.hand, info.prev, rules=self.rules, wild=self.wild))
        return moves if info.prev is None else [Move.PASS] + moves

    def _word(self, move: Move) -> int:
        """The move word the kernels name a move by (its key's 128 bits)."""
        return int(move.word)

    def keys(self) -> np.ndarray:
        """The actions as keys: an (n, 2) uint64 array of move word halves, the pass 0."""
        return split_words([0 if m.is_pass else self._word(m) for m in self.actions])

    def root(self) -> tuple:
        """The fields of the root position (the kernels check them again)."""
        raise NotImplementedError

    def deals(self, n: int, seed: int) -> np.ndarray:
        """``n`` determinizations of the information set, rows as the kernels take them."""
        return self.info.sample(n, seed)

    def position(self, deal: np.ndarray) -> object:
        """The determinized position of one deal: what PIMC's exact step solves."""
        raise NotImplementedError

    def partner(self) -> Optional[int]:
        """The landlord's partner the solver is told (None: no partner)."""
        return None

    def bomb_costs(self) -> Tuple[np.ndarray, np.ndarray]:
        """Per action, how many bombs of the player's hand it breaks without playing them,
        and whether it plays a bomb (or the rocket) and keeps cards: what a search bot weighs
        against the action's won fraction where the bombs make the stake. Zero except at the
        four-player table (its override): the one-deck tables' bots were measured without."""
        none = np.zeros(len(self.actions))
        return none, none


def _check_decision(info: Union[InformationSet, FourPlayerInformationSet]) -> None:
    """ValueError unless ``info`` is a play-phase decision of its own player."""
    if info.phase != "play" or info.to_move != info.player:
        raise ValueError(f"info must be a play-phase decision of its player (phase "
                         f"{info.phase!r}, player {info.player}, to move {info.to_move})")


class _ThreeSeats(_Decision):
    """Three seats on one deck: rows of three hand words; a side is the landlord or the two
    peasants."""

    table = "three_player"
    info: InformationSet

    def root(self) -> tuple:
        info = self.info
        return info.landlord, info.player, 0 if info.prev is None else info.prev.word, \
            info.passes

    def position(self, deal: np.ndarray) -> Position:
        info = self.info
        hands = [Hand.from_bitboard(int(word)) for word in deal]
        return Position(hands, info.landlord, info.player, info.prev, info.passes,
                        wild=self.wild)


class _WildCards(_ThreeSeats):
    """Three seats with wild cards: the deals of the plain game (a wild card is dealt as the
    card of its own rank), the moves read under the wild ranks."""

    table = "laizi"

    def __init__(self, info: InformationSet, rules: Rules) -> None:
        if info.wild is None or not rules.laizi or len(info.wild) != rules.laizi:
            raise ValueError(f"info shows the wild ranks {info.wild} and {rules!r} has "
                             f"{rules.laizi}: in play an information set holds every wild "
                             f"rank of its rules")
        self.wild = check_wild(rules, info.wild)
        super().__init__(info, rules)

    def root(self) -> tuple:
        info, prev = self.info, self.info.prev
        fields: Tuple[int, ...] = ()
        if prev is not None:    # what the laizi generator answers: (word halves, type, key...)
            word = int(prev.word)
            fields = (word & _LOW_64, word >> 64, (word >> 60) & 0xF, prev.key, prev.length,
                      len(prev))
        return info.landlord, info.player, fields, info.passes, self.wild


class _FourSeats(_Decision):
    """The four-player table: rows of four two-deck hand words (eight halves); the landlord's
    side holds its partner under ``sides="partner"``, which the solver is told."""

    table = "four_player"
    deal_limit = _PYTHON_DEALS
    greedy_floor = GREEDY_FLOOR     # bombs make the points (ISMCTSBot)
    info: FourPlayerInformationSet

    def _word(self, move: Move) -> int:
        # The generator's two-deck layout, also for cards that fit one deck.
        low, high = _two_decks_halves(move)
        return low | high << 64

    def root(self) -> tuple:
        info = self.info
        low, high = _two_decks_halves(info.prev)
        partner = -1 if info.partner is None else info.partner
        return info.landlord, partner, info.player, low, high, info.passes

    def deals(self, n: int, seed: int) -> np.ndarray:
        return _two_deck_rows(self.info.sample(n, seed))

    def position(self, deal: np.ndarray) -> FourPlayerPosition:
        info = self.info
        hands = [Hand(_lane_counts(deal, seat), decks=2) for seat in range(4)]
        return FourPlayerPosition(hands, info.landlord, info.player, info.prev, info.passes)

    def partner(self) -> Optional[int]:
        return self.info.partner

    def bomb_costs(self) -> Tuple[np.ndarray, np.ndarray]:
        # Two decks deal many bombs (a landlord's 33 cards hold three or four), and each one
        # played doubles the stake: a side that wins with its bombs whole and played wins
        # several times what one wins that spent them as kickers and trios, and one that bombs
        # and then loses pays double. Against the greedy bot, which keeps its bombs for the
        # end, PIMC won more hands but fewer points until it weighed this (docs/search.md).
        hand = np.array(self.info.hand.counts)
        left = hand - np.array([move.counts for move in self.actions])
        bomb = np.array([move.type in ("bomb", "rocket") for move in self.actions])
        broken = _bombs_in(hand) - _bombs_in(left) - bomb
        return broken.astype(np.float64), (bomb & left.any(axis=1)).astype(np.float64)


#: The shifts of the eight 8-bit lanes of a 64-bit half of a two-deck word (ddz_fast.bitboard).
_LANES = np.arange(8, dtype=np.uint64) * np.uint64(8)


def _bombs_in(counts: np.ndarray) -> np.ndarray:
    """The most bombs two-deck hands (rows of 15 rank counts, or one row) can play, counting
    the rocket: four cards of a rank make a bomb, eight make two, the rocket is all four jokers."""
    return (counts[..., :13] // 4).sum(axis=-1) + ((counts[..., 13] == 2) & (counts[..., 14] == 2))


def _two_deck_rows(counts: np.ndarray) -> np.ndarray:
    """Deals of (n, 4, 15) rank counts as (n, 8) rows of two-deck hand words: each seat's low
    half (ranks 0..7) then its high half (ranks 8..14)."""
    wide = counts.astype(np.uint64)
    low = (wide[:, :, :8] << _LANES).sum(axis=2, dtype=np.uint64)
    high = (wide[:, :, 8:] << _LANES[:7]).sum(axis=2, dtype=np.uint64)
    return np.ascontiguousarray(np.stack([low, high], axis=2).reshape(len(counts), 8))


def _lane_counts(row: np.ndarray, seat: int) -> List[int]:
    """The 15 rank counts of one seat's two-deck hand in a row of :func:`_two_deck_rows`."""
    low, high = int(row[2 * seat]), int(row[2 * seat + 1])
    return [((low if rank < 8 else high) >> (8 * (rank % 8))) & 0xFF for rank in range(15)]


class _RunFast(_Decision):
    """Run Fast: every player a side of his own; rows of three hand words (0 for the third with
    two players), dealt in Python."""

    table = "runfast"
    exact = False       # Run Fast's solver answers one player against the others, not sides
    deal_limit = _PYTHON_DEALS
    greedy_sees = False     # every player for himself: _SeenState knows sides only
    info: RunFastInformationSet

    def _legal_actions(self) -> List[Move]:
        # The Run Fast play rules read only the player's hand, the trick and the next player's
        # card count, so any deal of the information set gives them; then the first play's 3.
        actions = self.info.sample(1, 0)[0].legal_actions(self.rules)
        return [m for m in actions if m.counts[0]] if self._first_play() else actions

    def _first_play(self) -> bool:
        """Whether the decision is the hand's first play under ``spade3_in_first_play`` with a
        3 in the player's hand (the play must then hold one), as RunFastState rules it."""
        info = self.info
        return (info.rules.spade3_in_first_play and not any(len(h) for h in info.played)
                and info.hand.counts[0] > 0)

    def _word(self, move: Move) -> int:
        return move._word & _LOW_64    # the generator's 64-bit Run Fast word

    def root(self) -> tuple:
        info = self.info
        prev = 0 if info.prev is None else info.prev._word & _LOW_64
        return info.to_move, prev, info.passes, self._first_play()

    def deals(self, n: int, seed: int) -> np.ndarray:
        # The deals of info.sample(n, seed), the hidden hands' words written from the split
        # drawn (once a split): a position of each would cost more than the search's use of it.
        info = self.info
        rows = np.zeros((n, 3), dtype=np.uint64)
        rows[:, info.player] = info.hand._bitboard
        seats = list(info.hidden_seats)
        words: Dict[Tuple[int, ...], List[int]] = {}
        for row, split in enumerate(info._splits(n, seed)):
            if split not in words:
                words[split] = [bitboard.canonical(counts, True)
                                for counts in info._hidden_counts(split)]
            rows[row, seats] = words[split]
        return rows


def _decision_of(info: object, rules: RulesLike) -> _Decision:
    """The decision at ``info`` under ``rules``, each checked (see :meth:`_SearchBot.choose`)."""
    if isinstance(info, RunFastInformationSet):
        if rules is not None and checked_rules(rules) != info.rules:
            raise ValueError(f"a Run Fast information set holds its rules ({info.rules!r}): "
                             f"rules must be None or those, not {rules!r}")
        if info.to_move != info.player:
            raise ValueError(f"info must be a decision of its player (player {info.player}, "
                             f"to move {info.to_move})")
        return _RunFast(info, info.rules)
    if isinstance(info, FourPlayerInformationSet):
        _check_decision(info)
        return _FourSeats(info, _four_player_rules(info, rules))
    if not isinstance(info, InformationSet):
        raise TypeError(f"info must be an InformationSet, a FourPlayerInformationSet or a "
                        f"RunFastInformationSet, not {type(info).__name__}")
    _check_decision(info)
    checked = three_player_table(checked_rules(rules), "the search bots on an InformationSet")
    if checked.laizi or info.wild is not None:
        return _WildCards(info, checked)
    return _ThreeSeats(info, checked)


def _four_player_rules(info: FourPlayerInformationSet, rules: RulesLike) -> Rules:
    """``rules`` (default ``four_player``) checked to be of four players, with a partner
    exactly when ``info`` names one."""
    checked = checked_rules("four_player" if rules is None else rules)
    if checked.game != "doudizhu" or checked.players != 4:
        raise ValueError(f"a FourPlayerInformationSet is played under rules of four players, "
                         f"not {checked!r}")
    if (checked.sides == "partner") != (info.partner is not None):
        raise ValueError(f"info names the partner {info.partner} but {checked!r} has "
                         f"sides={checked.sides!r}: a partner is named exactly under "
                         f"sides='partner'")
    return checked


class PIMCBot(_SearchBot):
    """Perfect-information Monte Carlo: score each action on dealt hands, play the best total.

    Each decision deals ``samples`` determinizations of the hidden hands and plays about
    ``rollouts`` finishes after the actions (by the ``rollout`` policy), scoring each action by
    the fraction of its finishes that its side won. The finishes go by sequential halving: in
    rounds, each round's share spread over the actions left and over the deals in turn, the
    better half by won fraction kept for the next round; the action left is played. When at most
    ``solve_cards`` cards are left in all hands, every deal is also solved exactly
    (:func:`ddz_fast.search.solver.solve`, at most ``max_nodes`` nodes each), and a deal on which
    an action is proven to win counts more than all the finishes together: the finishes then only
    choose among the actions with the most proven wins (when every deal is lost, or won, whatever
    is played).

    At the four-player table, where bombs make the stake (:meth:`_Decision.bomb_costs`), the
    halving ranks an action by its won fraction less ``bomb_cost`` when it plays a bomb that
    does not end the hand, and, when the fraction is above one half, less ``break_cost`` for
    each bomb of the hand it breaks: a side that is winning keeps its bombs for the end, and no
    bomb doubles a stake it would not otherwise risk.

    Cost per decision at the defaults: about 3 ms on one core in the mean, 7 ms at the 95th
    percentile (``benchmarks/results/strength.md``); with wild cards 33 to 55 ms, at the
    four-player table 10 to 16 ms (``benchmarks/results/strength_<table>.md``). The rollouts
    scale with ``rollouts``, the solves with ``samples`` and ``max_nodes``.

    >>> from ddz_fast import Game
    >>> from ddz_fast.search.bots import start_play
    >>> state = start_play(Game(), 7, landlord=0)
    >>> PIMCBot(seed=1).play(state) in state.legal_actions()
    True
    """

    def __init__(self, seed: Union[int, str, None] = None, *, samples: int = 32,
                 rollouts: int = 4000, solve_cards: int = 24, max_nodes: int = 10_000,
                 rollout: str = "rules", break_cost: float = 0.1,
                 bomb_cost: float = 0.1) -> None:
        super().__init__(seed, rollout, break_cost, bomb_cost)
        self.samples = check_int("samples", samples, 1, MAX_SAMPLES_PER_DECISION)
        self.rollouts = check_int("rollouts", rollouts, 1, MAX_ROLLOUTS)
        self.solve_cards = check_int("solve_cards", solve_cards, 0, 54)
        self.max_nodes = check_int("max_nodes", max_nodes, 1)

    def __repr__(self) -> str:
        return (f"PIMCBot(samples={self.samples}, rollouts={self.rollouts}, "
                f"solve_cards={self.solve_cards}{self._costs_shown(0.1, 0.1)})")

    def _scores(self, decision: _Decision, seed: int) -> np.ndarray:
        """Per action, a score whose maximum is the action to play: where the exact step runs,
        its proven wins; plus, among the actions with the most (all of them without the exact
        step), :meth:`_halving`'s score."""
        actions = len(decision.actions)
        solving = decision.exact and sum(decision.info.card_counts) <= self.solve_cards
        deals = decision.deals(self.samples, seed)
        candidates = np.arange(actions)
        scores = np.zeros(actions)
        if solving:
            proven = self._solved_wins(deals, decision)
            candidates = np.flatnonzero(proven == proven.max())
            scores = proven
        if len(candidates) > 1:
            scores[candidates] += self._halving(decision, deals, candidates, seed)
        return scores

    def _halving(self, decision: _Decision, deals: np.ndarray, candidates: np.ndarray,
                 seed: int) -> np.ndarray:
        """Sequential halving over ``candidates``: rounds of finishes (about ``rollouts`` in
        all, an equal share a round, spread evenly over the round's actions and over the deals
        in turn), each keeping the half with the best won fraction so far. Scores: the rounds
        an action survived plus half its won fraction, so the last one standing (after
        ``ceil(log2(len(candidates)))`` rounds) scores highest.

        A uniform split gives each of a hundred actions (a two-deck lead) about 40 finishes,
        too few to tell the best apart; halving spends most of them on the few that remain."""
        rounds = max(1, int(np.ceil(np.log2(len(candidates)))))
        keys, root = decision.keys(), decision.root()
        ahead, always = (weights[candidates] for weights in self._bomb_weights(decision))
        wins = np.zeros(len(candidates))
        plays = np.zeros(len(candidates))
        alive = np.arange(len(candidates))
        survived = np.zeros(len(candidates))
        # Ties are broken by a seeded order, not the canonical one: with a few finishes each,
        # most early scores tie, and the canonical order would always drop the same actions.
        tie = np.random.default_rng(seed).random(len(candidates))
        offset = 0
        for round_ in range(rounds):
            share = max(1, self.rollouts // (rounds * len(alive)))
            used = min(share, len(deals))
            rows = np.take(deals, np.arange(offset, offset + used) % len(deals), axis=0)
            offset += used
            per_pair = max(1, share // used)
            wins[alive] += _search._rollout_wins(
                decision.table, root, np.ascontiguousarray(rows),
                np.ascontiguousarray(keys[candidates[alive]]), per_pair, self._policy,
                (seed + round_) & _LOW_64, decision.rules)
            plays[alive] += used * per_pair
            won = wins[alive] / plays[alive]
            value = won - ahead[alive] * (won > 0.5) - always[alive]
            order = np.lexsort((tie[alive], value))[::-1]
            alive = np.sort(alive[order[:(len(alive) + 1) // 2]])
            survived[alive] += 1
        return survived + 0.5 * wins / np.maximum(plays, 1)

    def _solved_wins(self, deals: np.ndarray, decision: _Decision) -> np.ndarray:
        """Per action, on how many deals the solver proved it wins (a solve that runs out of
        nodes proves what it found)."""
        index = {move: i for i, move in enumerate(decision.actions)}
        wins = np.zeros(len(decision.actions))
        for deal in deals:
            solution = solve(decision.position(deal), rules=decision.rules, pv=False,
                             partner=decision.partner(), max_nodes=self.max_nodes,
                             tt_megabytes=_TT_MEGABYTES)
            for move in solution.winning_moves:
                wins[index[move]] += 1
        return wins


class ISMCTSBot(_SearchBot):
    """Single-observer information-set MCTS with native rollouts.

    One search tree over what the player sees. Each of ``iterations`` iterations deals the
    hidden hands afresh, walks down the tree choosing among the actions legal in that deal by
    UCB1 (``exploration`` weighs the bonus; availability counts replace the parent's visits),
    adds one node, finishes the hand by the ``rollout`` policy and credits every node whose
    mover's side won. The most visited root action is played (the first in canonical order
    among equals).

    At the four-player table, where bombs make the stake (:meth:`_Decision.bomb_costs`), the
    tree counts hands won, not points, and the greedy bot, which keeps its bombs to win with
    them played, scores more a hand won. There the search keeps the greedy bot's move
    (:class:`~ddz_fast.search.bots.GreedyBot` deciding from the information set alone) unless
    the tree visits it less than ``greedy_floor`` times as often as its most visited action:
    the tree overrules the greedy bot where it finds a clearly better move. ``greedy_floor`` is
    0.5 at the four-player tables by default, 0 (never kept) at the others, where the tree alone
    scores more; it applies at the Dou Dizhu tables only (docs/search.md has the measurements).

    The root's choice can also weigh the bombs as :class:`PIMCBot`'s halving does:
    ``-bomb_cost`` on the value of an action that plays a bomb and does not end the hand,
    ``-break_cost`` for each bomb of the hand it breaks when its won fraction is above one half.
    Both are 0 by default: against the greedy bot with a partner, every weight measured cost
    the tree hands (docs/search.md).

    Cost per decision: about 2 to 5 us per iteration on one core (longer early in a hand, when
    the finishes are long), so about 6 ms in the mean at the default 4,000 iterations
    (``benchmarks/results/strength.md``); with wild cards 53 to 125 ms (the laizi generator
    lists every reading), at the four-player table 20 to 34 ms
    (``benchmarks/results/strength_<table>.md``).

    >>> from ddz_fast import Game
    >>> from ddz_fast.search.bots import start_play
    >>> state = start_play(Game(), 7, landlord=0)
    >>> ISMCTSBot(seed=1, iterations=200).play(state) in state.legal_actions()
    True
    """

    def __init__(self, seed: Union[int, str, None] = None, *, iterations: int = 4000,
                 exploration: float = 0.7, rollout: str = "rules", break_cost: float = 0.0,
                 bomb_cost: float = 0.0, greedy_floor: Optional[float] = None) -> None:
        super().__init__(seed, rollout, break_cost, bomb_cost)
        self.iterations = check_int("iterations", iterations, 1, MAX_ITERATIONS)
        self.exploration = check_real("exploration", exploration, 0.0, 100.0)
        self.greedy_floor = None if greedy_floor is None else \
            check_real("greedy_floor", greedy_floor, 0.0, 1.0)

    def __repr__(self) -> str:
        floor = "" if self.greedy_floor is None else f", greedy_floor={self.greedy_floor}"
        return (f"ISMCTSBot(iterations={self.iterations}, exploration={self.exploration}"
                f"{self._costs_shown(0.0, 0.0)}{floor})")

    def _check_table(self, decision: _Decision) -> None:
        if self.greedy_floor and not decision.greedy_sees:
            raise ValueError("greedy_floor applies at the Dou Dizhu tables, not in Run Fast")

    def _pick(self, decision: _Decision, scores: np.ndarray) -> int:
        best = int(np.argmax(scores))
        floor = decision.greedy_floor if self.greedy_floor is None else self.greedy_floor
        if not floor:
            return best
        seen = _SeenState(decision.info, decision.rules, decision.actions)
        kept = decision.actions.index(self._greedy.play(seen))
        return kept if scores[kept] >= floor * scores[best] else best

    def _scores(self, decision: _Decision, seed: int) -> np.ndarray:
        deals = decision.deals(min(self.iterations, decision.deal_limit), seed)
        ahead, always = self._bomb_weights(decision)
        visits, _ = _search._ismcts(decision.table, decision.root(), deals, decision.keys(),
                                    self.iterations, self.exploration, self._policy, seed,
                                    decision.rules, -ahead, -always)
        return visits.astype(np.float64)
