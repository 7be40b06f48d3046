"""RLCard's rule-based Dou Dizhu agent (``DouDizhuRuleAgentV1``) as a ddz_fast bot.

The agent is an opponent this project did not write: the arena (:mod:`ddz_fast.arena.duplicate`)
rates bots against it under the name ``rlcard-rule``. It needs the ``peers`` extra
(``pip install 'ddz_fast[peers]'``); RLCard is imported only when a bot is made, so ddz_fast works
without it.

What the agent sees is RLCard's raw observation of the player to act, built from the state:

* ``current_hand``: the player's cards, rank letters low to high (``"3345...2BR"``);
* ``trace``: every play-phase action so far as ``(seat, "cards" or "pass")``;
* ``actions``: the legal moves RLCard can name (under preset ``rlcard``, all of them; under
  other presets the moves RLCard does not know are left out);
* ``landlord`` and ``self``: seats.

Its answer, an action string, is read back with :func:`ddz_fast.compat.rlcard.from_string`.
When the agent fails (it raises, for instance on a move to beat that RLCard cannot name) or
answers something that is not a legal move here, the bot plays the **fallback**: pass when
passing is legal, else the first legal move in ddz_fast's canonical order (the lowest single,
for a lead). Each fallback is counted in :attr:`RLCardRuleBot.fallbacks`.

The agent draws from NumPy's global random stream when it cannot follow; the bot seeds that
stream from its own seed for the call and restores it afterwards, so a game is reproducible and
nothing else's random numbers change.
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Union

import numpy as np

from ..actions import Bid, Double
from ..engine.runfast import RunFastState
from ..engine.three_player import State
from ..engine.base import check_seed
from ..move import Move
from . import rlcard as rlcard_ids

__all__ = ["RLCardRuleBot"]


def _load_agent() -> Any:
    """A new ``DouDizhuRuleAgentV1`` (ImportError naming the extra when RLCard is missing)."""
    try:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
    except ImportError as error:
        raise ImportError("the rlcard-rule bot needs RLCard: pip install 'ddz_fast[peers]' "
                          f"({error})") from error
    return DouDizhuRuleAgentV1()


def _name(move: Move) -> Optional[str]:
    """RLCard's string for ``move``, None when RLCard has no such action."""
    try:
        return rlcard_ids.to_string(move)
    except ValueError:
        return None


class RLCardRuleBot:
    """RLCard's rule agent playing through ddz_fast: see the module docstring.

    Bidding and doubling are not part of RLCard's game: the bot bids and doubles as ``bidder`` does
    (a bot: ``ddz_fast.search.catalog.make_bot("rlcard-rule")`` gives it a
    :class:`~ddz_fast.search.bots.GreedyBot`). ``tests/arena/test_arena.py`` checks that it plays
    only legal moves.
    """

    def __init__(self, bidder: Any, seed: Union[int, str, None] = None) -> None:
        self._agent = _load_agent()
        self._rng = random.Random(check_seed(seed))
        self._bidder = bidder
        #: How many decisions fell back to the documented legal choice.
        self.fallbacks = 0

    def __repr__(self) -> str:
        return "RLCardRuleBot()"

    def bid(self, state: State) -> Bid:
        return self._bidder.bid(state)

    def double(self, state: State) -> Double:
        return self._bidder.double(state)

    def play(self, state: State) -> Move:
        if isinstance(state, RunFastState):     # RLCard's agent knows Dou Dizhu only
            raise ValueError("RLCardRuleBot does not play Run Fast")
        if not isinstance(state, State):
            raise TypeError(f"state must be a State of three players, not "
                            f"{type(state).__name__}")
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the hand is over: there is no decision to make")
        names = {name: move for move in legal if (name := _name(move)) is not None}
        answer = self._ask(self._observation(state, list(names)))
        move = names.get(answer) if isinstance(answer, str) else None
        if move is None:
            self.fallbacks += 1
            return legal[0]  # Move.PASS when legal (it comes first), else the lowest move
        return move

    def _observation(self, state: State, actions: List[str]) -> Dict[str, Any]:
        me = state.current_player
        trace = [(seat, "pass" if action.is_pass else action.cards)
                 for seat, action in state.history if isinstance(action, Move)]
        raw = {"current_hand": str(state.hands[me]), "trace": trace, "actions": actions,
               "landlord": state.landlord, "self": me}
        return {"raw_obs": raw}

    def _ask(self, observation: Dict[str, Any]) -> Optional[str]:
        """The agent's action string, None when it raises."""
        saved = np.random.get_state()
        np.random.seed(self._rng.getrandbits(32))
        try:
            return self._agent.step(observation)
        except Exception:  # the agent's own bug or a move it cannot name: the fallback
            return None
        finally:
            np.random.set_state(saved)
