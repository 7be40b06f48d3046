"""Search bots that play under hidden cards: perfect-information Monte Carlo and ISMCTS.

Both see a decision only through the player's :class:`~ddz_fast.search.infoset.InformationSet` (its
own hand, the public record and the card counts) and deal the hidden hands from it with
:meth:`~ddz_fast.search.infoset.InformationSet.sample`: they never read another player's cards, so
a state whose hidden hands were dealt differently, with the same public record, gets the same
decision from the same seed. The search runs in native code (``ddz_fast.search._search_bots``, the
solver), so these bots need the compiled core.

Budgets are counts, not times, so that a seed fixes every decision (the arena's results are
then identical on any machine and any split of the work). ``benchmarks/results/strength.md``
gives the time a decision takes at the default budgets: at most about 20 ms on one core.

``bot.play(state)`` is ``bot.choose(information_set(state, player), state.rules)``: the information
set is all a decision is given. Bidding and doubling are :class:`~ddz_fast.search.bots.GreedyBot`'s
(by the strength of the bot's own hand): the search is for the play. A decision with one legal
action is taken without a search.

Both play Run Fast too (``plays_runfast``): a :class:`~ddz_fast.engine.runfast.RunFastState` is
seen through :meth:`RunFastInformationSet.from_state
<ddz_fast.search.runfast.RunFastInformationSet.from_state>` and its determinizations are
:meth:`~ddz_fast.search.runfast.RunFastInformationSet.sample`'s, searched by the same native
kernels. Every player is then a side of his own and a win is going out first; the legal
actions are the state's (the Run Fast play rules, and ``spade3_in_first_play`` on the hand's
first play). PIMC's exact endgame solves are Dou Dizhu's only: in Run Fast it scores by its
finishes alone.
"""
from __future__ import annotations

import random
from typing import List, Sequence, Union

import numpy as np

from ..actions import Bid, Double
from .bots import GreedyBot, refuse_wild_cards
from ..moves import legal_moves
from ..compiled import load
from ..engine.three_player import State
from ..engine.base import check_seed
from ..engine.runfast import RunFastState
from ..hand import Hand
from .infoset import InformationSet, information_set
from ..move import Move
from ..positions.three_player import Position
from ..rules import Rules, RulesLike, checked_rules, three_player_rules
from .runfast import RunFastInformationSet
from .solver import solve
from ..validate import check_int, check_real

__all__ = ["PIMCBot", "ISMCTSBot", "ROLLOUT_POLICIES", "MAX_ITERATIONS",
           "MAX_SAMPLES_PER_DECISION", "MAX_ROLLOUTS"]
_search = load("ddz_fast.search._search_bots")  # NativeCoreMissingError on use when not built

#: How a rollout finishes a dealt hand: ``"rules"``, every player takes a quick rule-based
#: action (the move emptying its hand; leading, the ordinary move of the most cards; following,
#: pass a partner, beat an opponent with the cheapest ordinary move, bomb only half the time
#: when nothing else beats it; one action in eight at random or a pass), or ``"random"``,
#: uniformly random legal actions.
ROLLOUT_POLICIES = {"random": 0, "rules": 1}

#: The most ISMCTS iterations one decision runs (a tree of that many nodes takes 256 MB).
MAX_ITERATIONS = 1 << 22
#: The most determinizations a PIMC decision deals.
MAX_SAMPLES_PER_DECISION = 1 << 16
#: The most rollouts a PIMC decision plays (about a minute on one core).
MAX_ROLLOUTS = 1 << 24
# The solver's table for PIMC's small solves: a few thousand nodes each, so a small table
# holds them, and clearing a large one would cost more than the search.
_TT_MEGABYTES = 2


_LOW_64 = (1 << 64) - 1
#: The most determinizations a Run Fast ISMCTS decision deals.
_RUNFAST_DEALS = 256


class _SearchBot:
    """What both search bots share: a seeded stream, greedy bidding and the decision setup."""

    #: Plays Run Fast states (ddz_fast.engine.runfast.RunFastState) as well as Dou Dizhu's.
    plays_runfast = True

    def __init__(self, seed: Union[int, str, None], rollout: str) -> None:
        self._rng = random.Random(check_seed(seed))
        self._greedy = GreedyBot(seed)
        if not isinstance(rollout, str):
            raise TypeError(f"rollout must be a str, not {type(rollout).__name__}")
        if rollout not in ROLLOUT_POLICIES:
            raise ValueError(f"unknown rollout {rollout!r:.100}: choose one of "
                             f"{', '.join(ROLLOUT_POLICIES)}")
        self.rollout = rollout
        self._policy = ROLLOUT_POLICIES[rollout]

    def bid(self, state: State) -> Bid:
        refuse_wild_cards(state, type(self).__name__)
        return self._greedy.bid(state)

    def double(self, state: State) -> Double:
        refuse_wild_cards(state, type(self).__name__)
        return self._greedy.double(state)

    def play(self, state: Union[State, RunFastState]) -> Move:
        """The move of ``state.current_player``: :meth:`choose` on its information set (a
        :class:`~ddz_fast.search.runfast.RunFastInformationSet` in a Run Fast hand)."""
        if isinstance(state, RunFastState):
            if state.is_over:
                raise ValueError("play is a decision of the play phase, not of 'over'")
            return self.choose(RunFastInformationSet.from_state(state, state.current_player))
        refuse_wild_cards(state, type(self).__name__)
        if not isinstance(state, State):
            raise TypeError(f"state must be a State, not {type(state).__name__}")
        if state.phase != "play":
            raise ValueError(f"play is a decision of the play phase, not of {state.phase!r}")
        return self.choose(information_set(state, state.current_player), state.rules)

    def choose(self, info: Union[InformationSet, RunFastInformationSet],
               rules: RulesLike = None) -> Move:
        """The move to play at ``info``, a play-phase decision of ``info.player`` under
        ``rules``: everything the bot knows is in ``info``. A
        :class:`~ddz_fast.search.runfast.RunFastInformationSet` holds its rules: ``rules`` must
        then be None or those."""
        if isinstance(info, RunFastInformationSet):
            return self._choose_runfast(info, rules)
        if not isinstance(info, InformationSet):
            raise TypeError(f"info must be an InformationSet, not {type(info).__name__}")
        if info.phase != "play" or info.to_move != info.player:
            raise ValueError(f"info must be a play-phase decision of its player (phase "
                             f"{info.phase!r}, player {info.player}, to move {info.to_move})")
        rules = three_player_rules(rules, "the search bots")
        actions = _actions(info, rules)
        if len(actions) == 1:
            return actions[0]
        words = np.fromiter((m.word for m in actions), dtype=np.uint64, count=len(actions))
        scores = self._scores(info, actions, words, self._rng.getrandbits(64), rules)
        return actions[int(np.argmax(scores))]  # the first of the best, in canonical order

    def _scores(self, info: InformationSet, actions: Sequence[Move], words: np.ndarray,
                seed: int, rules: Rules) -> np.ndarray:
        raise NotImplementedError

    def _choose_runfast(self, info: RunFastInformationSet, rules: RulesLike) -> Move:
        """A Run Fast decision: the legal actions of the player (the same in every deal), then
        the kernel's scores over :meth:`RunFastInformationSet.sample`'s deals."""
        if rules is not None and checked_rules(rules) != info.rules:
            raise ValueError(f"a Run Fast information set holds its rules ({info.rules!r}): "
                             f"rules must be None or those, not {rules!r}")
        if info.to_move != info.player:
            raise ValueError(f"info must be a decision of its player (player {info.player}, "
                             f"to move {info.to_move})")
        seed = self._rng.getrandbits(64)
        first_play = _first_play(info)
        actions = _runfast_actions(info, first_play)
        if len(actions) == 1:
            return actions[0]
        words = np.fromiter((m._word & _LOW_64 for m in actions), dtype=np.uint64,
                            count=len(actions))
        root = (info.to_move, 0 if info.prev is None else info.prev._word & _LOW_64,
                info.passes, first_play)
        scores = self._runfast_scores(info, root, words, seed)
        return actions[int(np.argmax(scores))]  # the first of the best, in canonical order

    def _runfast_scores(self, info: RunFastInformationSet, root: tuple, words: np.ndarray,
                        seed: int) -> np.ndarray:
        raise NotImplementedError


def _first_play(info: RunFastInformationSet) -> bool:
    """Whether the decision is the hand's first play under ``spade3_in_first_play`` with a 3
    in the player's hand (the play must then hold one), as RunFastState rules it."""
    return (info.rules.spade3_in_first_play and not any(len(h) for h in info.played)
            and info.hand.counts[0] > 0)


def _runfast_actions(info: RunFastInformationSet, first_play: bool) -> List[Move]:
    """The player's legal actions in the order of RunFastState.legal_actions(): the Run Fast
    play rules, which read only his hand, the trick and the next player's card count (so any
    deal of the information set gives them), and the first play's 3."""
    actions = info.sample(1, 0)[0].legal_actions(info.rules)
    return [m for m in actions if m.counts[0]] if first_play else actions


def _runfast_words(info: RunFastInformationSet, n: int, seed: int) -> np.ndarray:
    """``n`` deals of the information set as rows of three hand words (the third 0 with two
    players): the determinizations the kernels take."""
    rows = np.zeros((n, 3), dtype=np.uint64)
    for row, position in enumerate(info.sample(n, seed)):
        for seat, hand in enumerate(position.hands):
            rows[row, seat] = hand._bitboard
    return rows


def _actions(info: InformationSet, rules: Rules) -> List[Move]:
    """The player's legal actions, as ``State.legal_actions()`` lists them: the pass first
    when following, then the moves in canonical order."""
    moves = list(legal_moves(info.hand, info.prev, rules=rules))
    return moves if info.prev is None else [Move.PASS] + moves


def _root(info: InformationSet) -> tuple:
    """The kernels' view of the decision: (landlord, player, move word to beat, passes)."""
    prev = 0 if info.prev is None else info.prev.word
    return info.landlord, info.player, prev, info.passes


class PIMCBot(_SearchBot):
    """Perfect-information Monte Carlo: score each action on dealt hands, play the best total.

    Each decision deals ``samples`` determinizations of the hidden hands. Each action scores the
    fraction of the finishes after it (by the ``rollout`` policy) that its side won: about
    ``rollouts`` finishes per decision, spread over the deals and actions. When at most
    ``solve_cards`` cards are left in all hands, every deal is also solved exactly
    (:func:`ddz_fast.search.solver.solve`, at most ``max_nodes`` nodes each), and a deal on which
    an action is proven to win counts more than all the finishes together: the finishes then only
    order actions with equal proven wins (when every deal is lost, or won, whatever is played). The
    action with the best total is played, the first in canonical order among equals.

    Cost per decision at the defaults: about 6 ms on one core in the mean, 12 ms at the 95th
    percentile (``benchmarks/results/strength.md``); the rollouts scale with ``rollouts``, the
    solves with ``samples`` and ``max_nodes``.

    >>> from ddz_fast import Game
    >>> from ddz_fast.search.bots import start_play
    >>> state = start_play(Game(), 7, landlord=0)
    >>> PIMCBot(seed=1).play(state) in state.legal_actions()
    True
    """

    def __init__(self, seed: Union[int, str, None] = None, *, samples: int = 32,
                 rollouts: int = 4000, solve_cards: int = 24, max_nodes: int = 10_000,
                 rollout: str = "rules") -> None:
        super().__init__(seed, rollout)
        self.samples = check_int("samples", samples, 1, MAX_SAMPLES_PER_DECISION)
        self.rollouts = check_int("rollouts", rollouts, 1, MAX_ROLLOUTS)
        self.solve_cards = check_int("solve_cards", solve_cards, 0, 54)
        self.max_nodes = check_int("max_nodes", max_nodes, 1)

    def __repr__(self) -> str:
        return (f"PIMCBot(samples={self.samples}, rollouts={self.rollouts}, "
                f"solve_cards={self.solve_cards})")

    def _scores(self, info: InformationSet, actions: Sequence[Move], words: np.ndarray,
                seed: int, rules: Rules) -> np.ndarray:
        deals = info.sample(self.samples, seed)
        scores = self._rollout_scores(deals, info, words, seed, rules)
        if sum(info.card_counts) <= self.solve_cards:
            # A proven win outweighs every rollout: the finishes only order equal totals.
            scores += (len(deals) + 1) * self._solved_wins(deals, info, actions, rules)
        return scores

    def _solved_wins(self, deals: np.ndarray, info: InformationSet, actions: Sequence[Move],
                     rules: Rules) -> np.ndarray:
        """Per action, on how many deals the solver proved it wins (a solve that runs out of
        nodes proves what it found)."""
        index = {move: i for i, move in enumerate(actions)}
        wins = np.zeros(len(actions))
        for deal in deals:
            solution = solve(_position(info, deal), rules=rules, pv=False,
                             max_nodes=self.max_nodes, tt_megabytes=_TT_MEGABYTES)
            for move in solution.winning_moves:
                wins[index[move]] += 1
        return wins

    def _rollout_scores(self, deals: np.ndarray, info: InformationSet, words: np.ndarray,
                        seed: int, rules: Rules) -> np.ndarray:
        """Per action, the won fraction of its finishes, times the number of deals: about
        ``rollouts`` finishes in all, at least one per action."""
        used = deals[:max(1, min(len(deals), self.rollouts // len(words)))]
        per_pair = max(1, self.rollouts // (len(used) * len(words)))
        wins = _search._rollout_wins(used, *_root(info), words, per_pair, self._policy, seed,
                                     rules)
        return wins * (len(deals) / (len(used) * per_pair))

    def _runfast_scores(self, info: RunFastInformationSet, root: tuple, words: np.ndarray,
                        seed: int) -> np.ndarray:
        """The won fraction of each action's finishes, about ``rollouts`` in all."""
        deals = _runfast_words(info, max(1, min(self.samples, self.rollouts // len(words))),
                               seed)
        per_pair = max(1, self.rollouts // (len(deals) * len(words)))
        wins = _search._rollout_wins_runfast(deals, *root, words, per_pair, self._policy, seed,
                                             info.rules)
        return wins / (len(deals) * per_pair)


def _position(info: InformationSet, deal: np.ndarray) -> Position:
    """The determinized position: the dealt hands, with the public turn and move to beat."""
    hands = [Hand.from_bitboard(int(word)) for word in deal]
    return Position(hands, info.landlord, info.player, info.prev, info.passes)


class ISMCTSBot(_SearchBot):
    """Single-observer information-set MCTS with native rollouts.

    One search tree over what the player sees. Each of ``iterations`` iterations deals the
    hidden hands afresh, walks down the tree choosing among the actions legal in that deal by
    UCB1 (``exploration`` weighs the bonus; availability counts replace the parent's visits),
    adds one node, finishes the hand by the ``rollout`` policy and credits every node whose
    mover's side won. The most visited root action is played (the first in canonical order
    among equals).

    Cost per decision: about 2 to 5 us per iteration on one core (longer early in a hand, when
    the finishes are long), so about 8 ms in the mean at the default 4,000 iterations
    (``benchmarks/results/strength.md``).

    >>> from ddz_fast import Game
    >>> from ddz_fast.search.bots import start_play
    >>> state = start_play(Game(), 7, landlord=0)
    >>> ISMCTSBot(seed=1, iterations=200).play(state) in state.legal_actions()
    True
    """

    def __init__(self, seed: Union[int, str, None] = None, *, iterations: int = 4000,
                 exploration: float = 0.7, rollout: str = "rules") -> None:
        super().__init__(seed, rollout)
        self.iterations = check_int("iterations", iterations, 1, MAX_ITERATIONS)
        self.exploration = check_real("exploration", exploration, 0.0, 100.0)

    def __repr__(self) -> str:
        return f"ISMCTSBot(iterations={self.iterations}, exploration={self.exploration})"

    def _scores(self, info: InformationSet, actions: Sequence[Move], words: np.ndarray,
                seed: int, rules: Rules) -> np.ndarray:
        deals = info.sample(min(self.iterations, MAX_SAMPLES_PER_DECISION), seed)
        visits, _ = _search._ismcts(deals, *_root(info), words, self.iterations,
                                    self.exploration, self._policy, seed, rules)
        return visits.astype(np.float64)

    def _runfast_scores(self, info: RunFastInformationSet, root: tuple, words: np.ndarray,
                        seed: int) -> np.ndarray:
        # The deals are Python positions (RunFastInformationSet.sample): a few hundred, cycled
        # through by the iterations, keep their cost below the search's.
        deals = _runfast_words(info, min(self.iterations, _RUNFAST_DEALS), seed)
        visits, _ = _search._ismcts_runfast(deals, *root, words, self.iterations,
                                            self.exploration, self._policy, seed, info.rules)
        return visits.astype(np.float64)
