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
stake 1. With ``bidder="greedy"`` (any name of :data:`ddz_fast.search.catalog.BOTS`) the auction
and the doubling round are played by that bot for every seat first, so the landlord holds the hand
the bot judged strongest and the base stake is the winning bid.

The rules are those of three players with one deck and no wild cards: four seats are
:mod:`ddz_fast.envs.four_player`'s, and rules with wild cards (``laizi``, ``tiandi_laizi``) are
:mod:`ddz_fast.envs.laizi`'s, whose action ids and observation hold the wild ranks; this
environment refuses them with a message naming that one.

>>> env = DouDizhuEnv(render_mode="ansi")
>>> env.reset(seed=1)
>>> env.agent_selection
'landlord'
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((94,), True)
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

try:
    import gymnasium  # noqa: F401  # checked here, so that the error names this module
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError("ddz_fast.envs.three_player needs PettingZoo and Gymnasium: "
                      "pip install 'ddz_fast[env]'") from error

from .. import moves as api
from .base import Opponents, PlayPhaseEnv
from ..search.bots import start_play
from ..cards import MAX_COPIES
from ..engine.game import Game
from ..engine.three_player import State
from ..rules import Rules, RulesLike, checked_rules, three_player_table

__all__ = ["DouDizhuEnv", "env", "raw_env", "AGENTS", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE",
           "DEAL_BONUS_LAYOUT"]

AGENTS = ("landlord", "peasant_down", "peasant_up")
#: Where each part of the ``observation`` vector lives.
OBSERVATION_LAYOUT = {
    "hand": slice(0, 15),
    "played": slice(15, 60),
    "cards_left": slice(60, 63),
    "prev": slice(63, 78),
    "kitty": slice(78, 93),
    "prev_by": slice(93, 94),
}
OBSERVATION_SIZE = 94
#: Where the deal bonuses go, under rules with ``deal_bonuses`` (whose vectors are longer).
DEAL_BONUS_LAYOUT = slice(94, 100)
_BONUS_FLAGS = 2        # per role: double kings, straight (DealBonus values)
_MAX_HAND = 20


def _observation_high(size: int) -> np.ndarray:
    high = np.zeros(size, dtype=np.int16)
    copies = np.array(MAX_COPIES, dtype=np.int16)
    for part in ("hand", "prev", "kitty"):
        high[OBSERVATION_LAYOUT[part]] = copies
    high[OBSERVATION_LAYOUT["played"]] = np.tile(copies, 3)
    high[OBSERVATION_LAYOUT["cards_left"]] = _MAX_HAND
    high[OBSERVATION_LAYOUT["prev_by"]] = len(AGENTS)
    high[OBSERVATION_SIZE:] = 1         # the deal bonus flags, when there are any
    return high


def _plain_three_player_rules(rules: RulesLike) -> Rules:
    """``rules`` checked for this environment: three players, one deck and no wild cards;
    ValueError pointing to the environment that plays wild cards otherwise."""
    checked = three_player_table(checked_rules(rules), "the PettingZoo environment")
    if checked.laizi:
        raise ValueError(f"the PettingZoo environment ddz_fast.envs.three_player plays no wild cards, and "
                         f"{checked!r} has {checked.laizi} wild rank"
                         f"{'s' if checked.laizi > 1 else ''}: use ddz_fast.envs.laizi "
                         f"(LaiziEnv), the environment with wild cards")
    return checked


class DouDizhuEnv(PlayPhaseEnv):
    """The play phase of one hand per episode; see the module docstring.

    ``rules``: a :class:`~ddz_fast.rules.Rules` or preset name (it fixes the action ids).
    ``render_mode``: None or ``"ansi"`` (:meth:`render` returns the table as text).
    ``bidder``: None (seat 0's deal is the landlord's) or a bot name playing the auction.
    ``opponents``: ``{agent: bot spec or Bot}``, the agents whose decisions bots take
    (:mod:`ddz_fast.envs.base`).
    """

    metadata = {"name": "ddz_fast_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    _AGENTS = AGENTS
    _LAYOUT = OBSERVATION_LAYOUT
    _ROLE_WIDTH = 12
    _WINS = {"landlord": "wins", "peasants": "win"}

    def __init__(self, rules: RulesLike = None, render_mode: Optional[str] = None,
                 bidder: Optional[str] = None, opponents: Optional[Opponents] = None) -> None:
        super().__init__()
        self._check_render_mode(render_mode)
        # Three players, one deck, no wild cards (four seats: ddz_fast.envs.four_player; wild
        # cards: ddz_fast.envs.laizi, whose action space and observation hold them).
        game = Game(_plain_three_player_rules(rules))
        #: The length of an observation vector: longer with the deal bonus flags.
        self.observation_size = DEAL_BONUS_LAYOUT.stop if game.rules.deal_bonuses \
            else OBSERVATION_SIZE
        self._setup(game, render_mode, bidder, self.observation_size,
                    _observation_high(self.observation_size), opponents)
        self.state: Optional[State] = None
        self._mask_of: Optional[Tuple[Tuple[State, int], np.ndarray]] = None  # (key, mask)

    def _start_hand(self, deal_seed: int) -> State:
        return (start_play(self.game, deal_seed, landlord=0) if self.bidder is None
                else start_play(self.game, deal_seed, bidder=self.bidder))

    def _observe_more(self, state: State, vector: np.ndarray) -> None:
        for seat, bonus in state.deal_bonuses:
            role = AGENTS.index(self._agent(seat))
            vector[DEAL_BONUS_LAYOUT.start + _BONUS_FLAGS * role + bonus.value] = 1

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
        prev = state.prev
        prev_word = np.array([0 if prev is None else prev.word], dtype=np.uint64)
        mask[:-1] = api.legal_action_mask(hand, prev_word, rules=self.rules)[0]
        mask[-1] = prev is not None
        mask.setflags(write=False)
        self._mask_of = (key, mask)
        return mask

    def _render_more(self, state: State) -> List[str]:
        if not state.deal_bonuses:
            return []
        bonuses = ", ".join(f"{self._agent(seat)} {bonus.name.lower().replace('_', ' ')}"
                            for seat, bonus in state.deal_bonuses)
        return [f"deal bonuses: {bonuses}"]


raw_env = DouDizhuEnv


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry point).

    Keyword arguments go to :class:`DouDizhuEnv`.
    """
    return wrappers.OrderEnforcingWrapper(DouDizhuEnv(**kwargs))
