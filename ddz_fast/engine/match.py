"""Matches: a fixed number of hands at one table (docs/RULES.md, "Matches").

The first bidder rotates one seat each hand, scores accumulate and sum to zero, and with chips
each hand starts from the stacks the previous one left. Hand ``k`` is dealt from the ``k``-th
seed drawn from ``random.Random(match seed)``, so a match is reproducible from its seed.
"""
from __future__ import annotations

import random
from typing import Callable, List, Optional, Tuple

from ..actions import Action
from .game import Game
from .base import Seed, check_seed
from .three_player import State
from ..validate import check_int, check_seat

__all__ = ["Match", "Policy"]

#: Chooses the action of the current player of a state.
Policy = Callable[[State], Action]
Scores = Tuple[int, ...]     # one per seat: three, or four at the four-player table


class Match:
    """``num_hands`` hands of ``game``; ``state`` is the hand being played."""

    def __init__(self, game: Game, num_hands: int, *, seed: Optional[Seed] = None,
                 first_bidder: int = 0) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game, not {type(game).__name__}")
        self.game = game
        self.num_hands = check_int("num_hands", num_hands, 1)
        self.seed: Seed = check_seed(seed)
        self.first_bidder = check_seat("first_bidder", first_bidder, game.num_players)
        # Hand seeds are drawn as the hands are dealt: a match of 10**9 hands costs nothing
        # until it is played.
        self._seeds = random.Random(self.seed)
        self._totals = [0] * game.num_players       # 3, or 4 at the four-player table
        self.results: List[Scores] = []
        self.stacks = game.chips
        self.state: Optional[State] = self._deal(0)

    def _deal(self, index: int, previous: Optional[State] = None) -> State:
        return self.game.new_state(self._seeds.getrandbits(63),
                                   (self.first_bidder + index) % self.game.num_players,
                                   stacks=self.stacks, previous=previous)

    @property
    def hands_played(self) -> int:
        """How many hands are finished and counted."""
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return self.state is None

    @property
    def scores(self) -> Scores:
        """Cumulative scores of the finished hands, one per seat."""
        return tuple(self._totals)     # type: ignore[return-value]

    def next_hand(self) -> Optional[State]:
        """Count the finished current hand and deal the next (None when the match is over)."""
        state = self.state
        if state is None:
            raise ValueError("the match is over")
        if not state.is_over:
            raise ValueError(f"hand {self.hands_played + 1} is still in the {state.phase} phase")
        self.results.append(state.scores)
        self._totals = [total + score for total, score in zip(self._totals, state.scores)]
        if state.final_stacks is not None:
            self.stacks = state.final_stacks
        self.state = self._deal(self.hands_played, state) \
            if self.hands_played < self.num_hands else None
        return self.state

    def play(self, policy: Policy) -> Scores:
        """Play the rest of the match: ``policy`` decides for every player not on auto-play.

        Raises :class:`~ddz_fast.engine.base.AutoPlayLoopError` when every seat is on auto-play and
        nobody ever bids (see :meth:`~ddz_fast.engine.three_player.State.run_auto_play`).
        """
        while self.state is not None:
            state = self.state
            while not state.is_over:
                if state.auto_play[state.current_player]:
                    state.run_auto_play()
                else:
                    state.apply(policy(state))
            self.next_hand()
        return self.scores
