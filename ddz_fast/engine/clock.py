"""Decision clocks, timeouts and auto-play (docs/RULES.md, "Clocks and auto-play").

Nothing here waits: the engine only knows each decision's time limit, and whoever runs the
table calls a state's ``timeout()`` when a clock runs out; what a timeout plays is
:func:`ddz_fast.engine.base.timeout_action`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..validate import check_duration, check_int

__all__ = ["Clock"]


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
