"""Matches: a fixed number of hands at one table (docs/RULES.md, "Matches").

The first bidder rotates one seat each hand, scores accumulate and sum to zero, and with chips
each hand starts from the stacks the previous one left. Hand ``k`` is dealt from the ``k``-th
seed drawn from ``random.Random(match seed)``, so a match is reproducible from its seed.
"""
from __future__ import annotations

import random
from typing import Callable, List, Optional, Tuple

from .clock import Action
from .game import Game, Seed, State, _check_seat, _check_seed

__all__ = ["Match", "Policy"]

#: Chooses the action of the current player of a state.
Policy = Callable[[State], Action]
Scores = Tuple[int, int, int]


class Match:
    """``num_hands`` hands of ``game``; ``state`` is the hand being played."""

    def __init__(self, game: Game, num_hands: int, *, seed: Optional[Seed] = None,
                 first_bidder: int = 0) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game, not {type(game).__name__}")
        if isinstance(num_hands, bool) or not isinstance(num_hands, int) or num_hands < 1:
            raise ValueError(f"num_hands must be a positive int, got {num_hands!r}")
        self.game = game
        self.num_hands = num_hands
        self.seed: Seed = _check_seed(seed)
        self.first_bidder = _check_seat("first_bidder", first_bidder)
        rng = random.Random(self.seed)
        self._hand_seeds = [rng.getrandbits(63) for _ in range(num_hands)]
        self.results: List[Scores] = []
        self.stacks = game.chips
        self.state: Optional[State] = self._deal(0)

    def _deal(self, index: int) -> State:
        return self.game.new_state(self._hand_seeds[index],
                                   (self.first_bidder + index) % 3, stacks=self.stacks)

    @property
    def hands_played(self) -> int:
        """How many hands are finished and counted."""
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return self.state is None

    @property
    def scores(self) -> Scores:
        """Cumulative scores of the finished hands."""
        totals = [sum(result[p] for result in self.results) for p in range(3)]
        return (totals[0], totals[1], totals[2])

    def next_hand(self) -> Optional[State]:
        """Count the finished current hand and deal the next (None when the match is over)."""
        state = self.state
        if state is None:
            raise ValueError("the match is over")
        if not state.is_over:
            raise ValueError(f"hand {self.hands_played + 1} is still in the {state.phase} phase")
        self.results.append(state.scores)
        if state.final_stacks is not None:
            self.stacks = state.final_stacks
        self.state = self._deal(self.hands_played) if self.hands_played < self.num_hands \
            else None
        return self.state

    def play(self, policy: Policy) -> Scores:
        """Play the rest of the match: ``policy`` decides for every player not on auto-play."""
        while self.state is not None:
            state = self.state
            while not state.is_over:
                if state.auto_play[state.current_player]:
                    state.play_auto()
                else:
                    state.apply(policy(state))
            self.next_hand()
        return self.scores
