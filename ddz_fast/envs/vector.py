"""A batched environment for training: N tables stepped natively, with the features a model
reads written for every legal action of every table in one call.

:class:`VectorEnv` is :class:`ddz_fast.engine.vector.VectorGame` (the tables, their state
arrays, the legal actions in CSR form, rewards, auto-reset) with a feature encoder run after
every reset and step:

* ``"douzero"``: DouZero's ``get_obs`` of the player to move at every table, by position
  (:class:`ddz_fast.compat.douzero.BatchFeatures`), the legal actions listed in DouZero's own
  order (duplicates included) under preset ``douzero``, so that row ``i`` of a table is
  DouZero's ``legal_actions[i]``. ``layout="batch"`` repeats the state part in every action's
  row as DouZero's model reads it; ``layout="broadcast"`` writes it once per table;
* ``"rlcard"``: RLCard's observation vector (:func:`ddz_fast.compat.rlcard.rlcard_observations`)
  and the RLCard ids of the legal actions, under preset ``rlcard``;
* ``"planes"``: ddz_fast's own encoding (:mod:`ddz_fast.envs.planes`), under any rules;
* ``None``: the legal actions and the state arrays only.

The shape of the API beside Gymnasium's vector environments and pgx: ``reset(seed)`` and
``step(actions)`` over N tables with auto-reset, as Gymnasium's ``VectorEnv``; the player to
move, the rewards of every seat and the legal actions of each table, as pgx's ``State``
(``current_player``, ``rewards``, ``legal_action_mask``). Unlike both, the legal actions come
as a list (CSR: ``moves[offsets[t]:offsets[t + 1]]``) as well as a mask, since a Dou Dizhu
decision has a handful of legal moves among tens of thousands of ids, and the features are one
row per legal action (an action-in model, as DouZero's) rather than one observation per table.

>>> env = VectorEnv(8, features="douzero")
>>> observation = env.reset(seed=1)
>>> sorted(observation.features)
['landlord', 'landlord_down', 'landlord_up']
>>> observation.features["landlord"]["x_batch"].shape[1]
373
>>> first = observation.moves[observation.offsets[:-1]]     # each table's first legal action
>>> observation, rewards, done = env.step(first, words=True)
>>> rewards.shape, done.dtype
((8, 3), dtype('bool'))
"""
from __future__ import annotations

from typing import Any, NamedTuple, Optional, Tuple

import numpy as np

from ..compat.douzero import BatchFeatures
from ..compat.rlcard import rlcard_observations
from ..engine.vector import Seeds, VectorGame
from ..rules import RulesLike, checked_rules
from ..validate import shown
from .planes import planes

__all__ = ["VectorEnv", "Observation", "FEATURES"]

#: The feature encoders of :class:`VectorEnv`, and the preset each needs (None: any rules).
FEATURES = {"douzero": "douzero", "rlcard": "rlcard", "planes": None, None: None}


class Observation(NamedTuple):
    """What a :class:`VectorEnv` shows after a reset or a step (views of buffers that the
    next step writes over: copy what must outlive it)."""

    #: int64 (N,): the seat to move at each table.
    player: np.ndarray
    #: uint64 (M,): every table's legal actions (move words, the pass 0 last), table 0 first.
    moves: np.ndarray
    #: int64 (N + 1,): table ``t``'s actions are ``moves[offsets[t]:offsets[t + 1]]``.
    offsets: np.ndarray
    #: int64 (M,): the dense action id of each of ``moves``.
    action_ids: np.ndarray
    #: The encoder's output: DouZero's arrays by position, RLCard's ``(obs, ids)``, the
    #: :class:`~ddz_fast.envs.planes.Planes`, or None.
    features: Any


class VectorEnv:
    """``n`` tables under ``rules`` with the features ``features`` (see the module docstring).

    ``rules`` defaults to the preset the features need (``standard`` for ``planes`` and none);
    ``layout`` and ``dtype`` are DouZero's (:class:`~ddz_fast.compat.douzero.BatchFeatures`).
    The other arguments are :class:`~ddz_fast.engine.vector.VectorGame`'s; the tables are in
    :attr:`game`, with their state arrays and the results of the hands that ended.
    """

    def __init__(self, n: int, rules: RulesLike = None, *, features: Optional[str] = "douzero",
                 layout: str = "batch", dtype: Any = np.float32, phase: str = "play",
                 auto_reset: bool = True) -> None:
        if features is not None and not isinstance(features, str):
            raise TypeError(f"features must be one of {list(FEATURES)}, not "
                            f"{type(features).__name__}")
        if features not in FEATURES:
            raise ValueError(f"unknown features {shown(features)}: choose one of "
                             f"{list(FEATURES)}")
        needed = FEATURES[features]
        table = checked_rules(rules if rules is not None else needed or "standard")
        if needed is not None and table.name != needed:
            raise ValueError(f"the {features} features are those of preset {needed!r}, not of "
                             f"{table.name}")
        if features is not None and phase != "play":
            raise ValueError(f"the {features} features describe the play phase: use "
                             "phase='play', or features=None to batch whole hands")
        self._features = features
        self._encoder = BatchFeatures(layout, dtype)   # checks layout and dtype in any case
        self._game = VectorGame(n, table, phase=phase, auto_reset=auto_reset,
                                order="douzero" if features == "douzero" else "canonical")

    def __repr__(self) -> str:
        return f"VectorEnv({self.game.n}, {self.game.rules.name!r}, features={self._features!r})"

    @property
    def game(self) -> VectorGame:
        """The tables: their state arrays, legal actions and the results of the hands that
        ended (``final_scores``, ``final_winner``, ...)."""
        return self._game

    @property
    def features(self) -> Optional[str]:
        """The feature encoder's name (None: no features)."""
        return self._features

    def reset(self, seed: Optional[Seeds] = None, *, hands: Any = None,
              landlord: Any = None) -> Observation:
        """Deal every table (:meth:`VectorGame.reset <ddz_fast.engine.vector.VectorGame.reset>`)
        and observe them."""
        self.game.reset(seed, hands=hands, landlord=landlord)
        return self.observe()

    def step(self, actions: Any, *, words: bool = False,
             where: Any = None) -> Tuple[Observation, np.ndarray, np.ndarray]:
        """Play one action at every table (dense ids, or move words with ``words=True``;
        :meth:`VectorGame.step <ddz_fast.engine.vector.VectorGame.step>`) and observe them:
        ``(observation, rewards (N, 3), done (N,))``. A hand that ends is settled in
        ``rewards`` and its table dealt its next hand (auto-reset); its results stay in
        ``game.final_scores`` and the other ``final_`` arrays."""
        _, rewards, done = self.game.step(actions, words=words, where=where)
        return self.observe(), rewards, done

    def observe(self) -> Observation:
        """The tables as they are now, with the features of those whose hand goes on (a table
        that is over, under ``auto_reset=False``, has no legal action and no features: its
        entries are left out of DouZero's arrays and zero in RLCard's and the planes')."""
        g = self.game
        features: Any = None
        if self._features is not None:
            over = g.over
            live = np.flatnonzero(~over) if over.any() else None
            features = self._encode(live)
        return Observation(g.player, g.moves, g.offsets, g.action_ids, features)

    def _encode(self, live: Optional[np.ndarray]) -> Any:
        """The features of the tables ``live`` (None: all), indexed by table of the batch."""
        g = self.game
        names = ("hands", "played", "last_moves", "history", "history_len", "bombs",
                 "landlord", "player", "prev")
        state = {name: getattr(g, name) for name in names}
        offsets = g.offsets
        if live is not None:        # an over table lists no action: the moves stay as they are
            state = {name: array[live] for name, array in state.items()}
            offsets = np.append(offsets[live], offsets[-1])
        if self._features == "douzero":
            # The tables' own arrays (or rows of them): valid by construction, so not checked
            # again at every step (that would cost more than writing the features of a few).
            out = self._encoder._write(tuple(state[name] for name in names[:-1]) +
                                       (g.moves, offsets))
            if live is not None:
                for arrays in out.values():
                    arrays["table"] = live[arrays["table"]]
                    arrays["row_table"] = live[arrays["row_table"]]
            return out
        if self._features == "rlcard":
            obs, ids = rlcard_observations(state["hands"], state["played"], state["history"],
                                           state["history_len"], state["landlord"],
                                           state["player"], g.moves, offsets)
            return (obs, ids) if live is None else (_scattered(obs, live, g.n), ids)
        found = planes(*(state[name] for name in names), g.moves, offsets)
        if live is None:
            return found
        return found._replace(state=_scattered(found.state, live, g.n),
                              info=_scattered(found.info, live, g.n), table=live[found.table])


def _scattered(rows: np.ndarray, live: np.ndarray, n: int) -> np.ndarray:
    """``rows`` of the tables ``live`` as rows of all ``n`` tables, zero elsewhere."""
    out = np.zeros((n,) + rows.shape[1:], dtype=rows.dtype)
    out[live] = rows
    return out
