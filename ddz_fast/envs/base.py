"""What the PettingZoo environments of the play phase share, at three seats
(:mod:`ddz_fast.envs.three_player`, :mod:`ddz_fast.envs.laizi`) and at four
(:mod:`ddz_fast.envs.four_player`).

Agents are roles counted from the landlord in turn order, actions are the dense action ids of
the rules (the last id passes; with wild cards, :mod:`ddz_fast.envs.laizi`, the ids are counted
rather than listed), and an episode is the play phase of one hand: the AEC steps,
the roles' seats, the checks of an action id, the common blocks of the observation and the
text rendering are the same at both tables and written once here. Each environment names its
agents and observation layout and says how a hand starts, how the action mask is found and
what its observation and rendering add.

Opponents are written once here too, for every environment: ``opponents`` maps agent names to
bots (a spec as :func:`~ddz_fast.search.catalog.make_bot` takes it, such as
``"pimc:samples=16"``, or a :class:`~ddz_fast.search.bots.Bot`). Those agents are no longer
agents of the environment: their bots take their decisions inside :meth:`PlayPhaseEnv.reset` and
:meth:`PlayPhaseEnv.step`, so only the other agents are ever selected to act, observed and
rewarded. A spec's bot is made afresh for every hand, seeded from the hand's deal (itself drawn
from the environment's seed), so that a seeded episode is reproducible; a Bot object plays as it
is, with its own random stream. A bot that does not play the table (wild cards, four seats,
Run Fast) is refused by name when the environment is made, as is the ``bidder``.

The environment modules check that PettingZoo and Gymnasium are installed before they import
this one, so that their error names them.
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv

from .. import moves as api
from ..search.bots import (Bot, act, last_mover, plays_four_player, plays_runfast,
                           plays_wild_cards)
from ..search.catalog import make_bot
from ..cards import NUM_RANKS
from ..engine.base import check_seed
from ..engine.game import Game
from ..move import Move
from ..rules import Rules
from ..validate import shown

__all__ = ["PlayPhaseEnv", "Opponents"]

#: Agents played by bots: ``{agent: bot spec or Bot}`` (see the module docstring).
Opponents = Mapping[str, Union[str, Bot]]


class PlayPhaseEnv(AECEnv):
    """The play phase of one hand per episode, at any table (see the module docstring).

    A subclass sets ``metadata``, ``_AGENTS`` (the roles, the landlord first), ``_LAYOUT``
    (where each part of the observation vector lives), ``_ROLE_WIDTH`` (the width of a role's
    name in the rendering) and ``_WINS`` (the verb after "the landlord" and "the peasants"
    there), checks the render mode and builds the spaces with ``_check_render_mode`` and
    ``_setup``, and defines ``_start_hand``, ``_step_mask``, and, for what its table adds,
    ``_observe_more`` and ``_render_more``. An action space too large to list (wild cards)
    replaces ``_count_actions``, ``_move_of`` and ``_move_text``.
    """

    _AGENTS: Tuple[str, ...] = ()
    _LAYOUT: Mapping[str, slice] = {}
    _ROLE_WIDTH = 12
    _WINS: Mapping[str, str] = {}

    def _check_render_mode(self, render_mode: Optional[str]) -> None:
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode not in self.metadata["render_modes"]):
            raise ValueError(f"unknown render_mode {shown(render_mode)}: use None or 'ansi'")

    def _setup(self, game: Game, render_mode: Optional[str], bidder: Optional[str],
               observation_size: int, high: np.ndarray,
               opponents: Optional[Opponents] = None) -> None:
        """Build the spaces of ``game``'s rules (checked already, as ``render_mode`` is), with
        the ``bidder`` and the ``opponents`` checked against them."""
        self.game = game
        self.rules = game.rules
        self.render_mode = render_mode
        self.bidder = None if bidder is None else _table_bot(make_bot(bidder), bidder,
                                                             "bidder", game.rules)
        #: The agents played by bots: ``{agent: spec or Bot}``, as given.
        self.opponents = self._checked_opponents(opponents)
        #: The action id of the pass: the last one.
        self.pass_action = self._count_actions()
        self.possible_agents: List[str] = [a for a in self._AGENTS if a not in self.opponents]
        size = self.pass_action + 1
        self._observation_size = observation_size
        # One space object per agent, always the same one: seeding a space must stick.
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0, high=high, dtype=np.int16),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = random.Random()
        self._bots: Dict[str, Bot] = {}
        self.state: Any = None

    def _checked_opponents(self, opponents: object) -> Dict[str, Union[str, Bot]]:
        """``opponents`` checked: a mapping of agent names (one left out at least) to bot specs
        or bots that play the table; TypeError or ValueError naming what is wrong."""
        if opponents is None:
            return {}
        if not isinstance(opponents, Mapping):
            raise TypeError(f"opponents must be a mapping {{agent: bot spec or Bot}}, not "
                            f"{type(opponents).__name__}")
        checked: Dict[str, Union[str, Bot]] = {}
        for agent, bot in opponents.items():
            agent = self._check_role(agent)
            if isinstance(bot, str):
                _table_bot(make_bot(bot), bot, f"the opponent of {agent}", self.rules)
            elif isinstance(bot, Bot):
                _table_bot(bot, type(bot).__name__, f"the opponent of {agent}", self.rules)
            else:
                raise TypeError(f"the opponent of {agent} must be a bot spec (a str) or a Bot, "
                                f"not {type(bot).__name__}")
            checked[agent] = bot
        if len(checked) == len(self._AGENTS):
            raise ValueError(f"opponents play every agent ({', '.join(self._AGENTS)}): leave "
                             f"at least one to act in the environment")
        return checked

    def _count_actions(self) -> int:
        """How many action ids play a move (the pass is the next one): the rules' action
        space, listed here and kept, so that an id's move is an index into it."""
        self._moves = api.action_space(self.rules)
        return len(self._moves)

    def _move_of(self, action: int) -> Move:
        """The move of ``action``, an id below :attr:`pass_action` (legal or not)."""
        return self._moves[action]

    def _move_text(self, move: Move) -> str:
        """``move`` as the rendering and the errors write it."""
        return str(move)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[self._check_agent(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[self._check_agent(agent)]

    def _check_role(self, agent: object) -> str:
        """``agent`` if it names one of the roles, else TypeError or ValueError naming them."""
        if not isinstance(agent, str):
            raise TypeError(f"an agent is named by a str, not {type(agent).__name__}")
        if agent not in self._AGENTS:
            raise ValueError(f"unknown agent {shown(agent)}: the agents are "
                             f"{', '.join(self._AGENTS)}")
        return agent

    def _check_agent(self, agent: object) -> str:
        """``agent`` if it names an agent of the environment (a role no opponent plays)."""
        if self._check_role(agent) in self.opponents:
            raise ValueError(f"agent {agent} is played by its opponent bot: the agents of the "
                             f"environment are {', '.join(self.possible_agents)}")
        return agent

    # --- roles and seats -------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        return (self._state().landlord + self._AGENTS.index(agent)) % len(self._AGENTS)

    def _agent(self, seat: int) -> str:
        return self._AGENTS[(seat - self._state().landlord) % len(self._AGENTS)]

    def _state(self) -> Any:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    # --- the AEC API -----------------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Deal a new hand; a ``seed`` (an int or text) restarts the stream of deals (None
        continues it). ``options`` is taken for the AEC API and holds nothing yet."""
        if options is not None and not isinstance(options, Mapping):
            raise TypeError(f"options must be a mapping or None, not {type(options).__name__}")
        if seed is not None:
            self._rng = random.Random(check_seed(seed))
        deal_seed = self._rng.randrange(2 ** 63)
        self.state = self._start_hand(deal_seed)
        # A spec's bot is made for each hand, from the deal's seed: the same seed, the same hand.
        self._bots = {agent: make_bot(bot, f"{deal_seed}:{agent}") if isinstance(bot, str)
                      else bot for agent, bot in self.opponents.items()}
        self._played = np.zeros((len(self._AGENTS), NUM_RANKS), dtype=np.int16)  # by role
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._after_actions()
        self._accumulate_rewards()

    def _start_hand(self, deal_seed: int) -> Any:
        """The state of a new hand dealt from ``deal_seed``, at the start of its play phase."""
        raise NotImplementedError

    def step(self, action: Optional[int]) -> None:
        """The selected agent plays action id ``action`` (ValueError if it is not legal)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._apply(agent, self._legal_move(agent, action))
        self._cumulative_rewards[agent] = 0.0
        self._after_actions()
        self._accumulate_rewards()

    def _apply(self, agent: str, move: Move) -> None:
        """``agent`` plays ``move`` (a legal one), which the observations record."""
        self._state().apply(move)
        self._played[self._AGENTS.index(agent)] += np.array(move.counts, dtype=np.int16)

    def _after_actions(self) -> None:
        """The opponents' bots act while one of them is to move; then the agent to move is
        selected, or, once the hand is over, every agent is rewarded and terminated."""
        state = self._state()
        while not state.is_over and self._agent(state.current_player) in self._bots:
            agent = self._agent(state.current_player)
            self._apply(agent, act(self._bots[agent], state))
        if state.is_over:
            self.rewards = {a: float(state.scores[self._seat(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._agent(state.current_player)

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
            what = "pass" if action == self.pass_action else self._action_text(action)
            raise ValueError(f"action {action} ({what}) is not legal for {agent} now")
        return Move.PASS if action == self.pass_action else self._move_of(action)

    def _action_text(self, action: int) -> str:
        """What an illegal id below :attr:`pass_action` would play, for its error."""
        return self._moves[action].cards

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        self._check_agent(agent)
        return {"observation": self._observation(agent), "action_mask": self._mask(agent)}

    def _observation(self, agent: str) -> np.ndarray:
        state = self._state()
        layout = self._LAYOUT
        prev = state.prev
        vector = np.zeros(self._observation_size, dtype=np.int16)
        vector[layout["hand"]] = state.hands[self._seat(agent)].counts
        vector[layout["played"]] = self._played.reshape(-1)
        vector[layout["cards_left"]] = [len(state.hands[self._seat(a)]) for a in self._AGENTS]
        if prev is not None:
            vector[layout["prev"]] = prev.counts
            mover = last_mover(state)
            vector[layout["prev_by"]] = 1 + self._AGENTS.index(self._agent(mover))
        if state.kitty is not None:
            vector[layout["kitty"]] = state.kitty.counts
        self._observe_more(state, vector)
        return vector

    def _observe_more(self, state: Any, vector: np.ndarray) -> None:
        """Fill in what the table adds to the common blocks of an observation."""

    def _mask(self, agent: str) -> np.ndarray:
        """``agent``'s action mask: a new array, which the caller may change."""
        state = self._state()
        if state.is_over or agent != self._agent(state.current_player):
            return np.zeros(self.pass_action + 1, dtype=np.int8)
        return self._step_mask(state).copy()

    def _step_mask(self, state: Any) -> np.ndarray:
        """The mask of the agent to move, worked out once per step (read-only; copy it)."""
        raise NotImplementedError

    def render(self) -> Optional[str]:
        """The table as text (``render_mode="ansi"``); None, with a warning, otherwise."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: pass render_mode='ansi'")
            return None
        state = self._state()
        lines = [f"{agent:<{self._ROLE_WIDTH}} {len(state.hands[self._seat(agent)]):>2} "
                 f"cards: {state.hands[self._seat(agent)] or '-'}" for agent in self._AGENTS]
        lines.extend(self._render_more(state))
        if state.is_over:
            scores = ", ".join(f"{a} {state.scores[self._seat(a)]:+d}" for a in self._AGENTS)
            lines.append(f"over: the {state.winner} {self._WINS[state.winner]}; "
                         f"scores {scores}")
        else:
            prev = state.prev
            lines.append(f"to move: {self.agent_selection}, "
                         f"{'leads' if prev is None else f'to beat {self._move_text(prev)}'}")
        return "\n".join(lines)

    def _render_more(self, state: Any) -> List[str]:
        """The lines the table adds between the hands and the last line of the rendering."""
        return []

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def _table_bot(bot: object, name: str, role: str, rules: Rules) -> object:
    """``bot`` (named ``name``, playing ``role``) if it plays the table of ``rules``: wild
    cards, four seats and Run Fast each need a bot that says it plays them."""
    for needed, plays, table in ((rules.game == "runfast", plays_runfast, "Run Fast"),
                                 (rules.players == 4, plays_four_player, "the four-player table"),
                                 (rules.laizi > 0, plays_wild_cards, "wild cards")):
        if needed and not plays(bot):
            raise ValueError(f"{role} {name!r:.100} does not play {table} ({rules!r})")
    return bot
