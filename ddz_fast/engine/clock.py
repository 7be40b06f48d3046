"""Decision clocks, timeouts and auto-play (docs/RULES.md, "Clocks and auto-play").

Nothing here waits: the engine only knows each decision's time limit, and whoever runs the
table calls :meth:`ddz_fast.engine.game.State.timeout` when a clock runs out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Union

from .bidding import Bid, Double, Partner
from ..move import Move
from ..validate import check_duration, check_int

if TYPE_CHECKING:
    from .game import State

__all__ = ["Clock", "Action", "AutoPlayPolicy", "timeout_action"]

#: An action of any phase: a bid, a doubling decision, the landlord's choice of partner (the
#: four-player table) or a move (``Move.PASS`` passes).
Action = Union[Bid, Double, Partner, Move]
#: A function choosing the action of a player on auto-play. It gets a copy of the state.
AutoPlayPolicy = Callable[["State"], Action]


@dataclass(frozen=True)
class Clock:
    """Time limits in seconds per kind of decision, and when timeouts turn auto-play on."""

    bid: float = 15.0
    double: float = 10.0
    follow: float = 25.0
    lead: float = 30.0
    timeouts_to_auto_play: int = 2

    def __post_init__(self) -> None:
        # Finite and positive: a clock of nan or inf seconds never runs out, or always has.
        for name in ("bid", "double", "follow", "lead"):
            value = getattr(self, name)
            seconds = check_duration(f"clock limit {name}", value)
            if type(value) not in (int, float):         # a numpy number: keep a plain float
                object.__setattr__(self, name, seconds)
        object.__setattr__(self, "timeouts_to_auto_play",
                           check_int("timeouts_to_auto_play", self.timeouts_to_auto_play, 1))

    def limit(self, phase: str, leading: bool) -> float:
        """The time limit of a decision in ``phase`` ('bidding', 'doubling' or 'play'; the
        four-player table's 'partner' choice has the time of a bid)."""
        if phase == "bidding" or phase == "partner":
            return self.bid
        if phase == "doubling":
            return self.double
        return self.lead if leading else self.follow


def timeout_action(state: "State") -> Action:
    """What a player does when their clock runs out (also the default auto-play policy).

    Decline to bid or call (:attr:`Bid.PASS`), decline to double, pass when following; a player
    who must lead plays their smallest single card. A landlord naming its partner (the
    four-player table) names the seat opposite, two seats on in turn order.
    """
    phase = state.phase
    if phase == "bidding":
        return Bid.PASS
    if phase == "partner":
        return Partner((state.landlord + 2) % 4)
    if phase == "doubling":
        return Double.NO_DOUBLE
    if phase == "play":
        if state.prev is not None:
            return Move.PASS
        return min(m for m in state.legal_actions() if m.type == "solo")
    raise ValueError("the hand is over: there is no decision to time out")
