"""Hands played by uniformly random legal actions, and replayed to any of their moments: the
mid-game states of the sampling tests of every table."""
from __future__ import annotations

import random
from typing import List, Tuple

from ddz_fast import Game
from ddz_fast.rules import RulesLike


def random_hand(rules: RulesLike, seed: int) -> Tuple[List, List[int]]:
    """A hand of ``rules`` played by uniformly random legal actions, bidding included: its
    actions, and how many of them precede each decision of its play phase."""
    rng = random.Random(seed)
    state = Game(rules).new_state(seed)
    actions, decisions = [], []
    while not state.is_over:
        if state.phase == "play":
            decisions.append(len(actions))
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1])
    return actions, decisions


def replayed(rules: RulesLike, seed: int, actions: List, cut: int):
    """The hand of ``random_hand(rules, seed)`` after its first ``cut`` actions."""
    state = Game(rules).new_state(seed)
    for action in actions[:cut]:
        state.apply(action)
    return state
