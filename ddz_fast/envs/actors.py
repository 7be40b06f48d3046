"""The actor loop of a DouZero-style trainer on batched tables: every network call scores the
legal actions of every table whose player to move holds one position, so one step of N tables
costs three calls (landlord, landlord_down, landlord_up), not N.

:func:`run_actor` plays ``decisions`` decisions on a :class:`~ddz_fast.envs.vector.VectorEnv`
with DouZero's features, each table taking the legal action its policy scores highest;
:func:`run_actors_on_ray` runs the same loop in Ray actors (one VectorEnv each, on disjoint
seeds), for more cores or machines. A policy is any callable ``policy(position, features)``
returning one score per row of ``features`` (the arrays
:class:`~ddz_fast.compat.douzero.BatchFeatures` gives for that position, in the env's layout);
:class:`NumpyPolicy` is a small numpy network of that shape, for smoke runs and benchmarks.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, fields
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from ..validate import check_int, check_seed64, shown
from .vector import VectorEnv

__all__ = ["ActorStats", "NumpyPolicy", "Policy", "run_actor", "run_actors_on_ray"]

#: ``policy(position, features) -> scores``: one float per row of the position's features.
Policy = Callable[[str, Dict[str, np.ndarray]], np.ndarray]
#: Seeds of one actor's tables stay below this distance from the actor's first seed (2**40
#: hands of a table), so that actors dealt from ``seed + k * ACTOR_SEEDS`` never share a deal.
ACTOR_SEEDS = 1 << 40


@dataclass
class ActorStats:
    """What an actor loop did: its decisions, the network calls that made them, the rows
    those calls scored, the hands that ended, and the seconds it took."""

    decisions: int = 0
    network_calls: int = 0
    rows: int = 0
    hands: int = 0
    seconds: float = 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def tables_per_call(self) -> float:
        """Decisions made by one network call, on average."""
        return self.decisions / self.network_calls if self.network_calls else 0.0

    def __iadd__(self, other: "ActorStats") -> "ActorStats":
        if not isinstance(other, ActorStats):
            raise TypeError(f"ActorStats add up with ActorStats, not {type(other).__name__}")
        for f in fields(self):
            value = getattr(other, f.name)
            # Actors run at the same time: their seconds are the longest, not the sum.
            setattr(self, f.name, max(self.seconds, value) if f.name == "seconds"
                    else getattr(self, f.name) + value)
        return self


class NumpyPolicy:
    """A two-layer network of random weights (seeded) over DouZero's features: ``x`` and the
    mean of ``z``'s five rows through a ReLU layer of ``hidden`` units, then one score. Reads
    either layout: ``batch`` rows, or ``broadcast`` (the state part once per table, each
    action's part added to it in the hidden layer, as a model that broadcasts does)."""

    def __init__(self, hidden: int = 64, seed: int = 0) -> None:
        self.hidden = check_int("hidden", hidden, 1, 4096)
        self._rng = np.random.default_rng(check_seed64("seed", seed))
        self._weights: Dict[int, np.ndarray] = {}
        self._z = self._layer(162)
        self._out = self._rng.standard_normal(self.hidden).astype(np.float32)

    def _layer(self, width: int) -> np.ndarray:
        scale = np.float32(1.0 / np.sqrt(width))
        return (self._rng.standard_normal((width, self.hidden)) * scale).astype(np.float32)

    def _x(self, width: int) -> np.ndarray:
        if width not in self._weights:
            self._weights[width] = self._layer(width)
        return self._weights[width]

    def __call__(self, position: str, features: Dict[str, np.ndarray]) -> np.ndarray:
        if "x_batch" in features:               # DouZero's layout: one row per action
            x = features["x_batch"].astype(np.float32, copy=False)
            z = features["z_batch"].astype(np.float32, copy=False).mean(axis=1)
            hidden = x @ self._x(x.shape[1]) + z @ self._z
        else:                                   # the state once per table, then broadcast
            state = features["x_no_action"].astype(np.float32, copy=False)
            z = features["z"].astype(np.float32, copy=False).mean(axis=1)
            action = features["action"].astype(np.float32, copy=False)
            weights = self._x(state.shape[1] + 54)
            per_table = state @ weights[:-54] + z @ self._z
            hidden = per_table[features["row_entry"]] + action @ weights[-54:]
        return np.maximum(hidden, 0) @ self._out


def best_rows(scores: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The index of the highest score (the first of equal ones) in each run of ``counts``
    consecutive scores."""
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    top = np.repeat(np.maximum.reduceat(scores, starts), counts)
    index = np.where(scores == top, np.arange(len(scores)), len(scores))
    return np.minimum.reduceat(index, starts) - starts


def run_actor(policy: Policy, *, tables: int = 256, decisions: int = 100_000, seed: int = 0,
              layout: str = "batch", progress: Optional[Callable[[int], None]] = None
              ) -> ActorStats:
    """Play at least ``decisions`` decisions on ``tables`` tables (DouZero's setting: preset
    ``douzero``, the landlord at seat 0, auto-reset), one policy call per position per step,
    each table playing its best-scored legal action. ``progress`` gets the decisions made so
    far after every step."""
    tables, wanted = _check_loop(policy, tables, decisions, layout)
    env = VectorEnv(tables, features="douzero", layout=layout)
    observation = env.reset(check_int("seed", seed, 0, (1 << 62) - 1 - ACTOR_SEEDS))
    stats = ActorStats()
    choice = np.empty(tables, dtype=np.int64)
    start = time.perf_counter()
    while stats.decisions < wanted:
        legal = np.diff(observation.offsets)
        for position, features in observation.features.items():
            table = features["table"]
            if not len(table):
                continue
            scores = np.asarray(policy(position, features))
            if scores.shape != (len(features["row_table"]),):
                raise ValueError(f"the policy gave {scores.shape} scores for the "
                                 f"{len(features['row_table'])} rows of {position}")
            choice[table] = best_rows(scores, legal[table])
            stats.network_calls += 1
            stats.rows += len(scores)
        actions = observation.moves[observation.offsets[:-1] + choice]
        observation, _, done = env.step(actions, words=True)
        stats.decisions += tables
        stats.hands += int(done.sum())
        if progress is not None:
            progress(stats.decisions)
    stats.seconds = time.perf_counter() - start
    return stats


def _check_loop(policy: object, tables: object, decisions: object,
                layout: object) -> Tuple[int, int]:
    if not callable(policy):
        raise TypeError(f"policy must be callable as policy(position, features), not "
                        f"{type(policy).__name__}")
    if not isinstance(layout, str) or layout not in ("batch", "broadcast"):
        raise ValueError(f"layout must be 'batch' or 'broadcast', not {shown(layout)}")
    return (check_int("tables", tables, 1, 1 << 20),
            check_int("decisions", decisions, 1, 10**12))


def _actor_task(policy: Policy, tables: int, decisions: int, seed: int,
                layout: str) -> ActorStats:
    return run_actor(policy, tables=tables, decisions=decisions, seed=seed, layout=layout)


def run_actors_on_ray(policy: Policy, *, actors: int = 2, tables: int = 256,
                      decisions: int = 100_000, seed: int = 0, layout: str = "batch",
                      address: Optional[str] = None) -> ActorStats:
    """:func:`run_actor` in ``actors`` Ray tasks at once (the policy is sent to each; actor
    ``k`` deals from ``seed + k * 2**40``), their stats added up. Starts a local Ray instance
    when none is running (or joins ``address``) and stops what it started."""
    try:
        import ray
    except ImportError as error:
        raise ImportError("run_actors_on_ray needs Ray: pip install 'ddz_fast[ray]' "
                          f"({error})") from error
    count = check_int("actors", actors, 1, 4096)
    check_int("seed", seed, 0, (1 << 62) - 1 - ACTOR_SEEDS * (count + 1))
    _check_loop(policy, tables, decisions, layout)      # before any Ray worker starts
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(_actor_task)
        shared = ray.put(policy)
        refs: List[Any] = [task.remote(shared, tables, decisions, seed + k * ACTOR_SEEDS, layout)
                           for k in range(count)]
        total = ActorStats()
        for stats in ray.get(refs):
            total += stats
        return total
    finally:
        if started:
            ray.shutdown()
