"""A PettingZoo AEC environment over one hand of Run Fast (Pao De Kuai, docs/RULES.md "Run
Fast"; ``pip install ddz_fast[env]``).

Agents are the seats: ``player_0``, ``player_1``, ``player_2`` (``player_0`` and ``player_1``
under ``players=2``, where the third hand is dealt face down and never played). There is no
landlord: the deal names who leads (the holder of the three of spades), so the first agent to
move is that seat's.

Actions are the dense action ids of the rules: id ``i`` below ``len(action_space(rules))`` plays
``ddz_fast.action_space(rules)[i]`` and the last id passes. The action mask of the agent to
move is exactly the state's ``legal_actions()``: the pass only when following and nothing
beats under ``must_beat``, and a solo only as the highest card while the next player holds one
card (``one_card_rule``). The other agents' masks are all zeros.

The ``observation`` is an int16 vector (see :func:`observation_layout`; ``n`` the players,
per-seat blocks in seat order):

==================  ==============================================================
``hand``            the agent's own hand, 13 counts (ranks 3 .. 2; no jokers)
``played``          the cards each seat has played, 13 counts per seat
``cards_left``      the cards each seat holds, one per seat
``prev``            the move to beat, 13 counts (zeros when the agent to move leads)
``prev_by``         1 + the seat that played the move to beat, 0 when leading
``to_move``         whose turn, relative to the viewer: 0 the viewer, 1 the next seat,
                    ...; ``n`` once the hand is over
==================  ==============================================================

Rewards come once, at the end: each seat's score of the hand (cards left, closed hands doubled,
bombs that won their trick), and they sum to zero.

Why not the landlord-relative agents of :class:`~ddz_fast.envs.base.PlayPhaseEnv`: Run Fast has
no landlord, so the agents are seats; this class reuses its AEC machinery (reset, step,
action checks, rewards) and replaces the seat mapping, the observation and the rendering.

>>> env = RunFastEnv(render_mode="ansi")
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((70,), True)
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

try:
    import gymnasium  # noqa: F401  # checked here, so that the error names this module
    from gymnasium import logger
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError("ddz_fast.envs.runfast needs PettingZoo and Gymnasium: "
                      "pip install 'ddz_fast[env]'") from error

from .. import moves as api
from ..engine.game import Game
from ..rules import Rules, RulesLike, checked_rules
from .base import Opponents, PlayPhaseEnv

from ..validate import check_int

__all__ = ["RunFastEnv", "env", "raw_env", "agents_of", "observation_layout", "RANKS"]

#: Ranks observed: 3 .. 2 (Run Fast decks have no jokers).
RANKS = 13


def _check_players(players: object) -> int:
    return check_int("players", players, 2, 3)


def agents_of(players: int) -> Tuple[str, ...]:
    """The agents at a table of ``players`` seats (2 or 3): ``player_0`` ..."""
    players = _check_players(players)
    return tuple(f"player_{seat}" for seat in range(players))


def observation_layout(players: int) -> Dict[str, slice]:
    """Where each part of the observation vector lives at a table of ``players`` seats."""
    players = _check_players(players)
    layout: Dict[str, slice] = {}
    at = 0
    for name, width in (("hand", RANKS), ("played", RANKS * players),
                        ("cards_left", players), ("prev", RANKS), ("prev_by", 1),
                        ("to_move", 1)):
        layout[name] = slice(at, at + width)
        at += width
    return layout


def _runfast_rules(rules: RulesLike) -> Rules:
    checked = checked_rules("runfast" if rules is None else rules)
    if checked.game != "runfast":
        raise ValueError(f"ddz_fast.envs.runfast plays Run Fast rules (presets 'runfast', "
                         f"'runfast_15'), not {checked!r}: Dou Dizhu is "
                         f"ddz_fast.envs.three_player (DouDizhuEnv)")
    return checked


class RunFastEnv(PlayPhaseEnv):
    """One hand of Run Fast per episode; see the module docstring.

    ``rules``: a Run Fast :class:`~ddz_fast.rules.Rules` or preset name (default
    ``"runfast"``; it fixes the action ids and the number of agents).
    ``render_mode``: None or ``"ansi"`` (:meth:`render` returns the table as text).
    ``opponents``: ``{agent: bot spec or Bot}``, the seats whose decisions bots take
    (:mod:`ddz_fast.envs.base`): bots that play Run Fast.
    """

    metadata = {"name": "ddz_fast_runfast_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}
    _ROLE_WIDTH = 8

    def __init__(self, rules: RulesLike = None, render_mode: Optional[str] = None,
                 opponents: Optional[Opponents] = None) -> None:
        super().__init__()
        self._check_render_mode(render_mode)
        game = Game(_runfast_rules(rules))
        players = game.rules.players
        self._AGENTS = agents_of(players)
        self._LAYOUT = observation_layout(players)
        #: The length of an observation vector.
        self.observation_size = self._LAYOUT["to_move"].stop
        self._setup(game, render_mode, None, self.observation_size, self._high(game.rules),
                    opponents)
        self._ids = {move.word: index for index, move in enumerate(self._moves)}
        self._mask_of: Optional[Tuple[Any, int, np.ndarray]] = None

    def _high(self, rules: Rules) -> np.ndarray:
        players, layout = rules.players, self._LAYOUT
        copies = np.array([4] * RANKS, dtype=np.int16)
        high = np.zeros(self._LAYOUT["to_move"].stop, dtype=np.int16)
        high[layout["hand"]] = copies
        high[layout["prev"]] = copies
        high[layout["played"]] = np.tile(copies, players)
        high[layout["cards_left"]] = rules.hand_size
        high[layout["prev_by"]] = players
        high[layout["to_move"]] = players
        return high

    # --- seats are the agents ---------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        return self._AGENTS.index(agent)

    def _agent(self, seat: int) -> str:
        return self._AGENTS[seat]

    def _start_hand(self, deal_seed: int) -> Any:
        return self.game.new_state(deal_seed)

    # --- what an agent sees -----------------------------------------------------------------

    def _step_mask(self, state: Any) -> np.ndarray:
        """The mask of the agent to move: 1 at the id of each of ``state.legal_actions()``
        (worked out once per decision, kept with the state and its event count)."""
        count = state._event_count()
        if self._mask_of is not None and self._mask_of[0] is state \
                and self._mask_of[1] == count:
            return self._mask_of[2]
        mask = np.zeros(self.pass_action + 1, dtype=np.int8)
        for move in state.legal_actions():
            mask[self.pass_action if move.is_pass else self._ids[move.word]] = 1
        mask.setflags(write=False)
        self._mask_of = (state, count, mask)
        return mask

    def _observation(self, agent: str) -> np.ndarray:
        state = self._state()
        layout, players = self._LAYOUT, len(self._AGENTS)
        viewer = self._seat(agent)
        vector = np.zeros(self.observation_size, dtype=np.int16)
        vector[layout["hand"]] = state.hands[viewer].counts[:RANKS]
        vector[layout["played"]] = self._played[:, :RANKS].reshape(-1)
        vector[layout["cards_left"]] = [len(hand) for hand in state.hands]
        prev, player = state.prev, state.current_player
        if prev is not None:
            vector[layout["prev"]] = prev.counts[:RANKS]
            vector[layout["prev_by"]] = 1 + (player - 1 - state.passes) % players
        vector[layout["to_move"]] = players if player is None else (player - viewer) % players
        return vector

    def render(self) -> Optional[str]:
        """The table as text (``render_mode="ansi"``); None, with a warning, otherwise."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: pass render_mode='ansi'")
            return None
        state = self._state()
        lines = [f"{agent:<{self._ROLE_WIDTH}} {len(state.hands[seat]):>2} cards: "
                 f"{state.hands[seat] or '-'}" for seat, agent in enumerate(self._AGENTS)]
        if state.is_over:
            scores = ", ".join(f"{agent} {state.scores[seat]:+d}"
                               for seat, agent in enumerate(self._AGENTS))
            lines.append(f"over: {self._AGENTS[state.winner]} went out; scores {scores}")
        else:
            prev = state.prev
            lines.append(f"to move: {self.agent_selection}, "
                         f"{'leads' if prev is None else f'to beat {prev}'}")
        return "\n".join(lines)


raw_env = RunFastEnv


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry point).

    Keyword arguments go to :class:`RunFastEnv`.
    """
    return wrappers.OrderEnforcingWrapper(RunFastEnv(**kwargs))
