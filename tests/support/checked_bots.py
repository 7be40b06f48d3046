"""A bot whose every decision is checked against the state's legal actions: what the legality
sweeps of the bots seat at every table."""
from __future__ import annotations

from typing import Any


class Checked:
    """A bot whose every decision (bid, double, play, and the four-player landlord's choice of
    partner) is checked against the state's legal actions, and counted."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0

    def _check(self, state: Any, action: Any) -> Any:
        assert action in state.legal_actions(), (self.bot, state, action)
        self.decisions += 1
        return action

    def bid(self, state: Any) -> Any:
        return self._check(state, self.bot.bid(state))

    def double(self, state: Any) -> Any:
        return self._check(state, self.bot.double(state))

    def play(self, state: Any) -> Any:
        return self._check(state, self.bot.play(state))

    def partner(self, state: Any) -> Any:
        return self._check(state, self.bot.partner(state))
