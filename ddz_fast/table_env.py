"""A PettingZoo AEC environment over the play phase of the four-player table
(``pip install ddz_fast[env]``): the four-agent twin of :mod:`ddz_fast.env`.

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

A hand starts at play: seat 0's deal takes the kitty and is the landlord's, at base stake 1,
and with a partner the landlord names the seat opposite (the timeout choice). With
``bidder="greedy"`` (any name of :data:`ddz_fast.bots.BOTS`) that bot plays the auction, the
choice of partner and the doubling round for every seat first.
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

import numpy as np

try:
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError("ddz_fast.table_env needs PettingZoo and Gymnasium: "
                      "pip install 'ddz_fast[env]'") from error

from . import api
from .bots import last_mover, make_bot, start_play
from .cards import NUM_RANKS, TWO_DECKS
from .clock import timeout_action
from .game import Game
from .move import Move
from .rules import RulesLike
from .table_game import TableState
from .validate import shown

__all__ = ["FourPlayerEnv", "env", "AGENTS", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE"]

AGENTS = ("landlord", "peasant_1", "peasant_2", "peasant_3")
PLAYERS = len(AGENTS)
OBSERVATION_LAYOUT = {
    "hand": slice(0, 15),
    "played": slice(15, 75),
    "cards_left": slice(75, 79),
    "to_beat": slice(79, 94),
    "kitty": slice(94, 109),
    "to_beat_by": slice(109, 110),
    "partner": slice(110, 111),
}
OBSERVATION_SIZE = 111
_MAX_HAND = 33


def _observation_high() -> np.ndarray:
    high = np.zeros(OBSERVATION_SIZE, dtype=np.int16)
    copies = np.array(TWO_DECKS, dtype=np.int16)
    for part in ("hand", "to_beat", "kitty"):
        high[OBSERVATION_LAYOUT[part]] = copies
    high[OBSERVATION_LAYOUT["played"]] = np.tile(copies, PLAYERS)
    high[OBSERVATION_LAYOUT["cards_left"]] = _MAX_HAND
    high[OBSERVATION_LAYOUT["to_beat_by"]] = PLAYERS
    high[OBSERVATION_LAYOUT["partner"]] = PLAYERS
    return high


class FourPlayerEnv(AECEnv):
    """The play phase of one four-player hand per episode; see the module docstring.

    ``rules``: a four-player :class:`~ddz_fast.rules.Rules` or preset name (default
    ``four_player``). ``render_mode``: None or ``"ansi"``. ``bidder``: None or a bot name.
    """

    metadata = {"name": "ddz_fast_four_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}

    def __init__(self, rules: RulesLike = "four_player", render_mode: Optional[str] = None,
                 bidder: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode not in self.metadata["render_modes"]):
            raise ValueError(f"unknown render_mode {shown(render_mode)}: use None or 'ansi'")
        self.game = Game(rules)
        self.rules = self.game.rules
        if self.rules.players != PLAYERS:
            raise ValueError(f"the four-player environment plays the four-player table, not "
                             f"{self.rules!r}: use ddz_fast.env for three")
        self.render_mode = render_mode
        self.bidder = None if bidder is None else make_bot(bidder)
        self._moves = api.action_space(self.rules)
        self._ids = {move: index for index, move in enumerate(self._moves)}
        #: The action id of the pass: the last one.
        self.pass_action = len(self._moves)
        self.possible_agents: List[str] = list(AGENTS)
        size = self.pass_action + 1
        high = _observation_high()
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0, high=high, dtype=np.int16),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        }) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in AGENTS}
        self._rng = random.Random()
        self.state: Optional[TableState] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- roles and seats -------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        return (self._state().landlord + AGENTS.index(agent)) % PLAYERS

    def _agent(self, seat: int) -> str:
        return AGENTS[(seat - self._state().landlord) % PLAYERS]

    def _state(self) -> TableState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    # --- the AEC API -----------------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Deal a new hand; a ``seed`` restarts the stream of deals (None continues it)."""
        if seed is not None:
            self._rng = random.Random(seed)
        deal_seed = self._rng.randrange(2 ** 63)
        if self.bidder is None:
            state = start_play(self.game, deal_seed, landlord=0)
            if state.phase == "partner":
                state.apply(timeout_action(state))
        else:
            state = start_play(self.game, deal_seed, bidder=self.bidder)
        self.state = state
        self._played = np.zeros((PLAYERS, NUM_RANKS), dtype=np.int16)  # by role
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(state.current_player)

    def step(self, action: Optional[int]) -> None:
        """The selected agent plays action id ``action`` (ValueError if it is not legal)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        move = self._legal_move(agent, action)
        state.apply(move)
        self._played[AGENTS.index(agent)] += np.array(move.counts, dtype=np.int16)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            self.rewards = {a: float(state.scores[self._seat(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._agent(state.current_player)
        self._accumulate_rewards()

    def _legal_move(self, agent: str, action: Optional[int]) -> Move:
        if action is None or isinstance(action, bool) or not np.issubdtype(type(action),
                                                                           np.integer):
            raise TypeError(f"an action is an int action id, not {type(action).__name__}")
        action = int(action)
        if not 0 <= action <= self.pass_action:
            raise ValueError(f"action {action} is outside 0..{self.pass_action}")
        state = self._state()
        if not state.is_over and agent == self._agent(state.current_player) \
                and self._step_mask(state)[action]:
            return Move.PASS if action == self.pass_action else self._moves[action]
        what = "pass" if action == self.pass_action else self._moves[action].cards
        raise ValueError(f"action {action} ({what}) is not legal for {agent} now")

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return {"observation": self._observation(agent), "action_mask": self._mask(agent)}

    def _observation(self, agent: str) -> np.ndarray:
        state = self._state()
        to_beat = state.prev
        vector = np.zeros(OBSERVATION_SIZE, dtype=np.int16)
        vector[OBSERVATION_LAYOUT["hand"]] = state.hands[self._seat(agent)].counts
        vector[OBSERVATION_LAYOUT["played"]] = self._played.reshape(-1)
        vector[OBSERVATION_LAYOUT["cards_left"]] = [len(state.hands[self._seat(a)])
                                                    for a in AGENTS]
        if to_beat is not None:
            vector[OBSERVATION_LAYOUT["to_beat"]] = to_beat.counts
            vector[OBSERVATION_LAYOUT["to_beat_by"]] = \
                1 + AGENTS.index(self._agent(last_mover(state)))  # type: ignore[arg-type]
        if state.kitty is not None:
            vector[OBSERVATION_LAYOUT["kitty"]] = state.kitty.counts
        if state.partner is not None:
            vector[OBSERVATION_LAYOUT["partner"]] = 1 + AGENTS.index(self._agent(state.partner))
        return vector

    def _mask(self, agent: str) -> np.ndarray:
        """``agent``'s action mask: a new array, which the caller may change."""
        state = self._state()
        if state.is_over or agent != self._agent(state.current_player):
            return np.zeros(self.pass_action + 1, dtype=np.int8)
        return self._step_mask(state).copy()

    def _step_mask(self, state: TableState) -> np.ndarray:
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

    def render(self) -> Optional[str]:
        """The table as text (``render_mode="ansi"``); None, with a warning, otherwise."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: pass render_mode='ansi'")
            return None
        state = self._state()
        lines = [f"{agent:<10} {len(state.hands[self._seat(agent)]):>2} cards: "
                 f"{state.hands[self._seat(agent)] or '-'}" for agent in AGENTS]
        if state.partner is not None:
            lines.append(f"partner: {self._agent(state.partner)}")
        if state.is_over:
            scores = ", ".join(f"{a} {state.scores[self._seat(a)]:+d}" for a in AGENTS)
            lines.append(f"over: the {state.winner} win; scores {scores}")
        else:
            to_beat = state.prev
            lines.append(f"to move: {self.agent_selection}, "
                         f"{'leads' if to_beat is None else f'to beat {to_beat}'}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


raw_env = FourPlayerEnv


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (keyword arguments go
    to :class:`FourPlayerEnv`)."""
    return wrappers.OrderEnforcingWrapper(FourPlayerEnv(**kwargs))
