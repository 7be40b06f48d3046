"""A PettingZoo AEC environment over the play phase of the four-player table
(``pip install ddz_fast[env]``): the four-agent twin of :mod:`ddz_fast.envs.three_player`.

Agents are the four roles, in turn order: ``landlord`` and ``peasant_1``, ``peasant_2``,
``peasant_3``, the seats after it. With ``sides="partner"`` one of the peasants is the
landlord's partner (observed, and scored with the landlord's side). The landlord leads.

Actions are the dense action ids of the rules (``four_player``, 20,307 moves): id ``i`` below
``len(action_space(rules))`` plays ``ddz_fast.action_space(rules)[i]``, and the last id passes.

Observations are dicts: ``action_mask`` (int8, 1 at every legal action id of the agent to
move, zeros for the others) and ``observation``, int16[111] (:data:`OBSERVATION_LAYOUT`), the
per-role blocks in role order:

  =======  ====================================================================
  0:15     the agent's own hand, count per rank (3 .. 2, black joker, red joker)
  15:75    the cards each role has played so far, 15 counts per role
  75:79    the number of cards each role holds
  79:94    the move to beat, 15 counts (all zero when the agent to move leads)
  94:109   the kitty (shown once the landlord is known, so always at play)
  109      who played the move to beat: 1 + its role index, 0 when leading
  110      the landlord's partner: 1 + its role index, 0 when the landlord plays alone
  =======  ====================================================================

Rewards come once, at the end: each agent's settlement score; they sum to zero.

A hand starts at play: seat 0's deal takes the kitty and is the landlord's, at base stake 1, and
with a partner the landlord names the seat opposite (the timeout choice). With ``bidder="greedy"``
(any name of :data:`ddz_fast.search.catalog.BOTS`) that bot plays the auction, the choice of
partner and the doubling round for every seat first.
"""
from __future__ import annotations

from typing import Any, List, Optional

import numpy as np

try:
    import gymnasium  # noqa: F401  # checked here, so that the error names this module
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError("ddz_fast.envs.four_player needs PettingZoo and Gymnasium: "
                      "pip install 'ddz_fast[env]'") from error

from .base import Opponents, PlayPhaseEnv
from ..search.bots import start_play
from ..cards import TWO_DECKS
from ..engine.base import timeout_action
from ..engine.game import Game
from ..rules import RulesLike
from ..engine.four_player import FourPlayerState

__all__ = ["FourPlayerEnv", "env", "AGENTS", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE"]

AGENTS = ("landlord", "peasant_1", "peasant_2", "peasant_3")
PLAYERS = len(AGENTS)
OBSERVATION_LAYOUT = {
    "hand": slice(0, 15),
    "played": slice(15, 75),
    "cards_left": slice(75, 79),
    "prev": slice(79, 94),
    "kitty": slice(94, 109),
    "prev_by": slice(109, 110),
    "partner": slice(110, 111),
}
OBSERVATION_SIZE = 111
_MAX_HAND = 33


def _observation_high() -> np.ndarray:
    high = np.zeros(OBSERVATION_SIZE, dtype=np.int16)
    copies = np.array(TWO_DECKS, dtype=np.int16)
    for part in ("hand", "prev", "kitty"):
        high[OBSERVATION_LAYOUT[part]] = copies
    high[OBSERVATION_LAYOUT["played"]] = np.tile(copies, PLAYERS)
    high[OBSERVATION_LAYOUT["cards_left"]] = _MAX_HAND
    high[OBSERVATION_LAYOUT["prev_by"]] = PLAYERS
    high[OBSERVATION_LAYOUT["partner"]] = PLAYERS
    return high


class FourPlayerEnv(PlayPhaseEnv):
    """The play phase of one four-player hand per episode; see the module docstring.

    ``rules``: a four-player :class:`~ddz_fast.rules.Rules` or preset name (default
    ``four_player``). ``render_mode``: None or ``"ansi"``. ``bidder``: None or a bot name.
    ``opponents``: ``{agent: bot spec or Bot}``, the agents whose decisions bots take
    (:mod:`ddz_fast.envs.base`).
    """

    metadata = {"name": "ddz_fast_four_player_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}
    _AGENTS = AGENTS
    _LAYOUT = OBSERVATION_LAYOUT
    _ROLE_WIDTH = 10
    _WINS = {"landlord": "win", "peasants": "win"}   # "the landlord" names its side here

    def __init__(self, rules: RulesLike = "four_player", render_mode: Optional[str] = None,
                 bidder: Optional[str] = None, opponents: Optional[Opponents] = None) -> None:
        super().__init__()
        self._check_render_mode(render_mode)
        game = Game(rules)
        if game.rules.players != PLAYERS:
            raise ValueError(f"the four-player environment plays the four-player table, not "
                             f"{game.rules!r}: use ddz_fast.envs.three_player for three")
        self._setup(game, render_mode, bidder, OBSERVATION_SIZE, _observation_high(), opponents)
        self._ids = {move: index for index, move in enumerate(self._moves)}
        self.state: Optional[FourPlayerState] = None

    def _start_hand(self, deal_seed: int) -> FourPlayerState:
        if self.bidder is not None:
            return start_play(self.game, deal_seed, bidder=self.bidder)
        state = start_play(self.game, deal_seed, landlord=0)
        if state.phase == "partner":
            state.apply(timeout_action(state))
        return state

    def _observe_more(self, state: FourPlayerState, vector: np.ndarray) -> None:
        if state.partner is not None:
            vector[OBSERVATION_LAYOUT["partner"]] = 1 + AGENTS.index(self._agent(state.partner))

    def _step_mask(self, state: FourPlayerState) -> np.ndarray:
        """The mask of the agent to move, worked out once per step (read-only; copy it)."""
        key = state._event_count()
        cached = getattr(self, "_mask_of", None)
        if cached is not None and cached[0] is state and cached[1] == key:
            return cached[2]
        mask = np.zeros(self.pass_action + 1, dtype=np.int8)
        ids = [self.pass_action if move.is_pass else self._ids[move]
               for move in state.legal_actions()]
        mask[ids] = 1
        mask.setflags(write=False)
        self._mask_of = (state, key, mask)
        return mask

    def _render_more(self, state: FourPlayerState) -> List[str]:
        return [] if state.partner is None else [f"partner: {self._agent(state.partner)}"]


raw_env = FourPlayerEnv


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (keyword arguments go
    to :class:`FourPlayerEnv`)."""
    return wrappers.OrderEnforcingWrapper(FourPlayerEnv(**kwargs))
