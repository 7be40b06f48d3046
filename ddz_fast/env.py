"""A PettingZoo AEC environment over the play phase of Dou Dizhu (``pip install ddz_fast[env]``).

Agents are the three roles, in turn order: ``landlord``, ``peasant_down`` (plays right after
the landlord) and ``peasant_up`` (plays right before the landlord). The landlord leads.

Actions are the dense action ids of the chosen rule preset: id ``i`` below
``len(action_space(rules))`` plays the move ``ddz_fast.action_space(rules)[i]``, and the last id,
``len(action_space(rules))``, passes. Each agent's action space is ``Discrete`` of that many ids
plus one.

Observations are dicts:

* ``action_mask``: int8, 1 at every legal action id of the agent to move (pass included when it
  follows), all zeros for the other agents;
* ``observation``: int16[94], public information and the agent's own hand (see
  :data:`OBSERVATION_LAYOUT`); the three per-player blocks are in the fixed role order
  landlord, peasant_down, peasant_up:

  ======  =====================================================================
  0:15    the agent's own hand, count per rank (3 .. 2, black joker, red joker)
  15:60   the cards each role has played so far, 15 counts per role
  60:63   the number of cards each role holds
  63:78   the move to beat, 15 counts (all zero when the agent to move leads)
  78:93   the kitty (shown once the landlord is known, so always at play)
  93      who played the move to beat: 1 + its role index, 0 when leading
  94:100  only under ``rules.deal_bonuses``: the deal's bonuses, two flags per role
          (dealt double kings, dealt a straight); the vector then has 100 entries
  ======  =====================================================================

Rewards come once, at the end: each agent's settlement score (base stake x multiplier, with
deal bonuses, bombs, rockets and springs doubling it), and they sum to zero.

A hand starts at play: the dealt hand of seat 0 takes the kitty and is the landlord's, at base
stake 1. With ``bidder="greedy"`` (any name of :data:`ddz_fast.bots.BOTS`) the auction and the
doubling round are played by that bot for every seat first, so the landlord holds the hand the
bot judged strongest and the base stake is the winning bid.

>>> env = DouDizhuEnv(render_mode="ansi")
>>> env.reset(seed=1)
>>> env.agent_selection
'landlord'
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((94,), True)
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

try:
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError("ddz_fast.env needs PettingZoo and Gymnasium: "
                      "pip install 'ddz_fast[env]'") from error

import ddz_fast
from .bots import last_mover, make_bot, start_play
from .cards import MAX_COPIES, NUM_RANKS
from .game import Game, State
from .move import Move
from .rules import RulesLike, three_player_rules
from .validate import shown

__all__ = ["DouDizhuEnv", "env", "raw_env", "AGENTS", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE",
           "DEAL_BONUS_LAYOUT"]

AGENTS = ("landlord", "peasant_down", "peasant_up")
#: Where each part of the ``observation`` vector lives.
OBSERVATION_LAYOUT = {
    "hand": slice(0, 15),
    "played": slice(15, 60),
    "cards_left": slice(60, 63),
    "to_beat": slice(63, 78),
    "kitty": slice(78, 93),
    "to_beat_by": slice(93, 94),
}
OBSERVATION_SIZE = 94
#: Where the deal bonuses go, under rules with ``deal_bonuses`` (whose vectors are longer).
DEAL_BONUS_LAYOUT = slice(94, 100)
_BONUS_FLAGS = 2        # per role: double kings, straight (DealBonus values)
_MAX_HAND = 20


def _observation_high(size: int) -> np.ndarray:
    high = np.zeros(size, dtype=np.int16)
    copies = np.array(MAX_COPIES, dtype=np.int16)
    for part in ("hand", "to_beat", "kitty"):
        high[OBSERVATION_LAYOUT[part]] = copies
    high[OBSERVATION_LAYOUT["played"]] = np.tile(copies, 3)
    high[OBSERVATION_LAYOUT["cards_left"]] = _MAX_HAND
    high[OBSERVATION_LAYOUT["to_beat_by"]] = len(AGENTS)
    high[OBSERVATION_SIZE:] = 1         # the deal bonus flags, when there are any
    return high


class DouDizhuEnv(AECEnv):
    """The play phase of one hand per episode; see the module docstring.

    ``rules``: a :class:`~ddz_fast.rules.Rules` or preset name (it fixes the action ids).
    ``render_mode``: None or ``"ansi"`` (:meth:`render` returns the table as text).
    ``bidder``: None (seat 0's deal is the landlord's) or a bot name playing the auction.
    """

    metadata = {"name": "ddz_fast_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: RulesLike = None, render_mode: Optional[str] = None,
                 bidder: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode not in self.metadata["render_modes"]):
            raise ValueError(f"unknown render_mode {shown(render_mode)}: use None or 'ansi'")
        # Three players, one deck, no wild cards (four seats: ddz_fast.table_env).
        self.game = Game(three_player_rules(rules, "the PettingZoo environment"))
        self.rules = self.game.rules
        self.render_mode = render_mode
        self.bidder = None if bidder is None else make_bot(bidder)  # checks the name
        self._moves = ddz_fast.action_space(self.rules)
        #: The action id of the pass: the last one.
        self.pass_action = len(self._moves)
        self.possible_agents: List[str] = list(AGENTS)
        size = self.pass_action + 1
        #: The length of an observation vector: longer with the deal bonus flags.
        self.observation_size = DEAL_BONUS_LAYOUT.stop if self.rules.deal_bonuses \
            else OBSERVATION_SIZE
        high = _observation_high(self.observation_size)
        # One space object per agent, always the same one: seeding a space must stick.
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0, high=high, dtype=np.int16),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        }) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in AGENTS}
        self._rng = random.Random()
        self.state: Optional[State] = None
        self._mask_of: Optional[Tuple[Tuple[State, int], np.ndarray]] = None  # (key, mask)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- roles and seats -------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        return (self._state().landlord + AGENTS.index(agent)) % 3

    def _agent(self, seat: int) -> str:
        return AGENTS[(seat - self._state().landlord) % 3]

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    # --- the AEC API -----------------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Deal a new hand; a ``seed`` restarts the stream of deals (None continues it)."""
        if seed is not None:
            self._rng = random.Random(seed)
        deal_seed = self._rng.randrange(2 ** 63)
        self.state = (start_play(self.game, deal_seed, landlord=0) if self.bidder is None
                      else start_play(self.game, deal_seed, bidder=self.bidder))
        self._played = np.zeros((3, NUM_RANKS), dtype=np.int16)  # by role
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.state.current_player)

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
        legal = (not state.is_over and agent == self._agent(state.current_player)
                 and self._step_mask(state)[action])
        if not legal:
            what = "pass" if action == self.pass_action else self._moves[action].cards
            raise ValueError(f"action {action} ({what}) is not legal for {agent} now")
        return Move.PASS if action == self.pass_action else self._moves[action]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return {"observation": self._observation(agent), "action_mask": self._mask(agent)}

    def _observation(self, agent: str) -> np.ndarray:
        state = self._state()
        to_beat = state.prev
        vector = np.zeros(self.observation_size, dtype=np.int16)
        vector[OBSERVATION_LAYOUT["hand"]] = state.hands[self._seat(agent)].counts
        vector[OBSERVATION_LAYOUT["played"]] = self._played.reshape(-1)
        vector[OBSERVATION_LAYOUT["cards_left"]] = [len(state.hands[self._seat(a)])
                                                    for a in AGENTS]
        if to_beat is not None:
            vector[OBSERVATION_LAYOUT["to_beat"]] = to_beat.counts
            mover = last_mover(state)
            vector[OBSERVATION_LAYOUT["to_beat_by"]] = 1 + AGENTS.index(self._agent(mover))
        if state.kitty is not None:
            vector[OBSERVATION_LAYOUT["kitty"]] = state.kitty.counts
        for seat, bonus in state.deal_bonuses:
            role = AGENTS.index(self._agent(seat))
            vector[DEAL_BONUS_LAYOUT.start + _BONUS_FLAGS * role + bonus.value] = 1
        return vector

    def _mask(self, agent: str) -> np.ndarray:
        """``agent``'s action mask: a new array, which the caller may change."""
        state = self._state()
        if state.is_over or agent != self._agent(state.current_player):
            return np.zeros(self.pass_action + 1, dtype=np.int8)
        return self._step_mask(state).copy()

    def _step_mask(self, state: State) -> np.ndarray:
        """The mask of the agent to move, computed once per step (read-only; copy it).

        It is kept with the state and its event count, which grows at every action: the key
        holds the state, so neither a state that moved on nor another state matches it.
        """
        key = (state, state._event_count())
        if self._mask_of is not None and self._mask_of[0][0] is state \
                and self._mask_of[0][1] == key[1]:
            return self._mask_of[1]
        mask = np.zeros(self.pass_action + 1, dtype=np.int8)
        hand = np.array([state.hands[state.current_player].bitboard], dtype=np.uint64)
        to_beat = state.prev
        prev = np.array([0 if to_beat is None else to_beat.word], dtype=np.uint64)
        mask[:-1] = ddz_fast.legal_action_mask(hand, prev, rules=self.rules)[0]
        mask[-1] = to_beat is not None
        mask.setflags(write=False)
        self._mask_of = (key, mask)
        return mask

    def render(self) -> Optional[str]:
        """The table as text (``render_mode="ansi"``); None, with a warning, otherwise."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: pass render_mode='ansi'")
            return None
        state = self._state()
        lines = [f"{agent:<12} {len(state.hands[self._seat(agent)]):>2} cards: "
                 f"{state.hands[self._seat(agent)] or '-'}" for agent in AGENTS]
        if state.deal_bonuses:
            bonuses = ", ".join(f"{self._agent(seat)} {bonus.name.lower().replace('_', ' ')}"
                                for seat, bonus in state.deal_bonuses)
            lines.append(f"deal bonuses: {bonuses}")
        if state.is_over:
            scores = ", ".join(f"{a} {state.scores[self._seat(a)]:+d}" for a in AGENTS)
            verb = "wins" if state.winner == "landlord" else "win"
            lines.append(f"over: the {state.winner} {verb}; scores {scores}")
        else:
            to_beat = state.prev
            lines.append(f"to move: {self.agent_selection}, "
                         f"{'leads' if to_beat is None else f'to beat {to_beat}'}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


raw_env = DouDizhuEnv


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry point).

    Keyword arguments go to :class:`DouDizhuEnv`.
    """
    return wrappers.OrderEnforcingWrapper(DouDizhuEnv(**kwargs))
