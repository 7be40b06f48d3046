"""A PettingZoo AEC environment over the play phase of Dou Dizhu with wild cards (laizi,
docs/RULES.md, "Variants" > "Laizi"; ``pip install ddz_fast[env]``): the wild-card twin of
:mod:`ddz_fast.envs.three_player`.

Agents are the three roles of :mod:`ddz_fast.envs.three_player`, in turn order: ``landlord``,
``peasant_down`` and ``peasant_up``. The landlord leads.

Actions are the laizi action ids of the hand's wild ranks (``ddz_fast.action_id(move, rules,
wild)``, counted by :mod:`ddz_fast.laizi_ids`, never listed). Their number depends on the wild
ranks, so every agent's action space is ``Discrete`` of the largest number over every choice of
wild ranks, plus one: the last id, ``LaiziEnv.pass_action``, passes, and the ids from the current
wild ranks' number up to it play nothing and are never legal. The largest numbers
(docs/variants.md, "Laizi: wild cards") are 828,816 moves for ``laizi`` (wild 2) and 6,807,949 for
``tiandi_laizi`` (wild 3 and 2): :data:`LARGEST_ACTION_SPACE` holds them; other rule sets with wild
cards are counted when first used (a second or a few) and kept.

Observations are dicts:

* ``action_mask``: int8, 1 at every legal action id of the agent to move (pass included when
  it follows), all zeros for the other agents; as long as the action space (millions of
  entries under ``tiandi_laizi``);
* ``observation``: int16[124] (:data:`OBSERVATION_LAYOUT`), :mod:`ddz_fast.envs.three_player`'s
  blocks, then the wild ranks and the reading of the move to beat; counts are per rank 3 .. 2,
  black joker, red joker, and the per-role blocks are in role order:

  =======  ===================================================================
  0:15     the agent's own hand
  15:60    the cards each role has played so far, 15 counts per role
  60:63    the number of cards each role holds
  63:78    the move to beat, its real cards (all zero when the agent to move leads)
  78:93    the kitty (shown once the landlord is known, so always at play)
  93       who played the move to beat: 1 + its role index, 0 when leading
  94:109   the wild ranks shown: 1 at each (the joker entries are always 0)
  109:124  the reading of the move to beat: the cards its main part stands for
           (:attr:`~ddz_fast.move.Move.reading`; kickers and wings have none), so
           ``55`` played as ``88`` with 5 wild reads 2 at rank 8; up to 8 of a rank
           with one wild rank (a bomb of 8), 12 with two; all zero when leading
  =======  ===================================================================

Rewards come once, at the end: each agent's settlement score under ``rules.bomb_multiplier``;
they sum to zero.

A hand starts as in :mod:`ddz_fast.envs.three_player`: seat 0's deal takes the kitty and is the
landlord's, at base stake 1, or with ``bidder=`` a bot plays the auction and the doubling round for
every seat. The engine (:mod:`ddz_fast.engine.laizi`) draws the wild ranks; they are all shown when
play starts.

Why one action space for every draw, the wild ranks as flags and the reading of the main part
only: docs/RULES.md, "Choices where the rule book is silent", "Wild cards (laizi)".

>>> env = LaiziEnv("laizi")
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("landlord").n)
('landlord', 828817)
>>> obs = env.observe("landlord")
>>> obs["observation"].shape, int(obs["observation"][WILD_LAYOUT].sum())
((124,), 1)
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, List, Optional, Tuple

import numpy as np

try:
    import gymnasium  # noqa: F401  # checked here, so that the error names this module
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError("ddz_fast.envs.laizi needs PettingZoo and Gymnasium: "
                      "pip install 'ddz_fast[env]'") from error

from .. import laizi_ids
from .base import Opponents, PlayPhaseEnv
from ..search.bots import start_play
from ..cards import NUM_RANKS, TWO
from .three_player import AGENTS, OBSERVATION_LAYOUT as _PLAIN_LAYOUT, _observation_high
from ..engine.game import Game
from ..engine.laizi import LaiziState, wild_text
from ..move import Move
from ..moves.notation import format_move
from ..wild import check_wild
from ..rules import Rules, RulesLike, checked_rules

__all__ = ["LaiziEnv", "env", "raw_env", "AGENTS", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE",
           "WILD_LAYOUT", "READING_LAYOUT", "LARGEST_ACTION_SPACE", "largest_action_space"]

#: Where the wild ranks and the reading of the move to beat go, after env.py's blocks.
WILD_LAYOUT = slice(94, 109)
READING_LAYOUT = slice(109, 124)
#: Where each part of the ``observation`` vector lives.
OBSERVATION_LAYOUT = {**_PLAIN_LAYOUT, "wild": WILD_LAYOUT, "reading": READING_LAYOUT}
OBSERVATION_SIZE = 124
#: The ranks a wild rank may be (3..2); the jokers never are.
_WILD_RANKS = TWO + 1
#: The largest action space of each preset with wild cards over every choice of wild ranks
#: (docs/variants.md, "Laizi: wild cards"; the tests count them again): with 2 wild, and with 3 and
#: 2 wild.
LARGEST_ACTION_SPACE = {Rules.preset("laizi"): 828_816, Rules.preset("tiandi_laizi"): 6_807_949}


def _laizi_rules(rules: RulesLike) -> Rules:
    """``rules`` checked, refusing rules without wild cards (ddz_fast.envs.three_player plays
    those)."""
    checked = checked_rules(rules)
    if not checked.laizi:
        raise ValueError(f"the laizi environment plays wild cards, and {checked!r} has none "
                         f"(laizi = 0): use ddz_fast.envs.three_player")
    return checked


@lru_cache(maxsize=None)
def _counted_largest(rules: Rules) -> int:
    return max(laizi_ids.space_size(rules, wild)
               for wild in combinations(range(_WILD_RANKS), rules.laizi))


def largest_action_space(rules: RulesLike) -> int:
    """The most moves an action space of ``rules`` with wild cards has, over every choice of
    wild ranks: a constant for the presets, counted once for other rules (13 wild contexts
    with one wild rank, 78 with two, a few hundredths of a second each). ValueError for rules
    without wild cards."""
    checked = _laizi_rules(rules)
    known = LARGEST_ACTION_SPACE.get(checked)
    return known if known is not None else _counted_largest(checked)


def _high(rules: Rules) -> np.ndarray:
    high = np.zeros(OBSERVATION_SIZE, dtype=np.int16)
    high[:WILD_LAYOUT.start] = _observation_high(WILD_LAYOUT.start)
    high[WILD_LAYOUT.start:WILD_LAYOUT.start + _WILD_RANKS] = 1
    # A bomb reads as one rank: its four natural cards and every card of each wild rank.
    reading = np.ones(NUM_RANKS, dtype=np.int16)          # the jokers: one each at most
    reading[:_WILD_RANKS] = 4 * (1 + rules.laizi)
    high[READING_LAYOUT] = reading
    return high


class LaiziEnv(PlayPhaseEnv):
    """The play phase of one hand with wild cards per episode; see the module docstring.

    ``rules``: rules with wild cards (``laizi`` > 0) or a preset name (default ``laizi``).
    ``render_mode``: None or ``"ansi"``. ``bidder``: None (seat 0's deal is the landlord's)
    or a bot name playing the auction. ``opponents``: ``{agent: bot spec or Bot}``, the agents
    whose decisions bots take (:mod:`ddz_fast.envs.base`).
    """

    metadata = {"name": "ddz_fast_laizi_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}
    _AGENTS = AGENTS
    _LAYOUT = OBSERVATION_LAYOUT
    _ROLE_WIDTH = 12
    _WINS = {"landlord": "wins", "peasants": "win"}

    def __init__(self, rules: RulesLike = "laizi", render_mode: Optional[str] = None,
                 bidder: Optional[str] = None, opponents: Optional[Opponents] = None) -> None:
        super().__init__()
        self._check_render_mode(render_mode)
        checked = _laizi_rules(rules)   # before anything is set up: nothing half-made
        self._setup(Game(checked), render_mode, bidder, OBSERVATION_SIZE, _high(checked),
                    opponents)
        self.state: Optional[LaiziState] = None
        self._mask_of: Optional[Tuple[LaiziState, int, np.ndarray]] = None

    def _count_actions(self) -> int:
        return largest_action_space(self.rules)

    def _wild(self) -> Tuple[int, ...]:
        """The wild ranks of the hand, as the action ids take them (a sorted tuple)."""
        return check_wild(self.rules, self._state().wild)

    def _move_of(self, action: int) -> Move:
        return laizi_ids.action_move(action, self.rules, self._wild())

    def _action_text(self, action: int) -> str:
        wild = self._wild()
        if action >= laizi_ids.space_size(self.rules, wild):
            return f"no move with wild {wild_text(wild)}"
        return self._move_text(self._move_of(action))

    def _move_text(self, move: Move) -> str:
        return format_move(move, self.rules, self._wild())

    def _start_hand(self, deal_seed: int) -> LaiziState:
        return (start_play(self.game, deal_seed, landlord=0) if self.bidder is None
                else start_play(self.game, deal_seed, bidder=self.bidder))

    def _observe_more(self, state: LaiziState, vector: np.ndarray) -> None:
        for rank in state.wild:
            vector[WILD_LAYOUT.start + rank] = 1
        if state.prev is not None:
            vector[READING_LAYOUT] = state.prev.reading

    def _step_mask(self, state: LaiziState) -> np.ndarray:
        """The mask of the agent to move, worked out once per step (read-only; copy it): the
        counted ids of the engine's legal moves (see :mod:`ddz_fast.envs.three_player` for the
        key)."""
        key = state._event_count()
        cached = self._mask_of
        if cached is not None and cached[0] is state and cached[1] == key:
            return cached[2]
        mask = np.zeros(self.pass_action + 1, dtype=np.int8)
        moves = state.legal_actions()
        plays = [move for move in moves if not move.is_pass]
        mask[laizi_ids.action_ids(plays, self.rules, self._wild())] = 1
        mask[-1] = len(plays) < len(moves)
        mask.setflags(write=False)
        self._mask_of = (state, key, mask)
        return mask

    def _render_more(self, state: LaiziState) -> List[str]:
        return [f"wild: {' '.join(wild_text((rank,)) for rank in state.wild)}"]


raw_env = LaiziEnv


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (keyword arguments go
    to :class:`LaiziEnv`)."""
    return wrappers.OrderEnforcingWrapper(LaiziEnv(**kwargs))
