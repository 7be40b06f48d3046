"""Bots written the way a bot author writes one, outside ddz_fast: what the arena's tests rate
beside the built-in bots (by class, by object, by ``support.own_bots:Class`` spec)."""
from __future__ import annotations

import random
import threading

from ddz_fast.search.bots import GreedyBot


class WobblyBot:
    """Plays the greedy bot's move, except that now and then (``wobble``, from its own seeded
    stream) it plays a legal move at random: a bot whose every game depends on its seed."""

    plays_four_player = True

    def __init__(self, seed=None, wobble: float = 0.25):
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)
        self.wobble = wobble

    def bid(self, state):
        return self.greedy.bid(state)

    def double(self, state):
        return self.greedy.double(state)

    def play(self, state):
        if self.rng.random() < self.wobble:
            return self.rng.choice(state.legal_actions())
        return self.greedy.play(state)


def wobbly_of_seed_5(seed=None) -> WobblyBot:
    """A factory that ignores the game's seed: what a WobblyBot(5) object plays in every game."""
    return WobblyBot(5)


class Locked(WobblyBot):
    """Holds a lock: it copies (its own __deepcopy__) but no pickler can send it."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.lock = threading.Lock()

    def __deepcopy__(self, memo):
        return Locked(0)


class SeedlessBot(WobblyBot):
    """A bot whose constructor takes no seed: the arena makes it without one."""

    def __init__(self):
        super().__init__(11)
