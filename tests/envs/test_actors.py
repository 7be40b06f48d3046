"""The batched actor loop: each table plays the legal move its policy scores highest, one
network call per position per step, locally and in Ray actors."""
from __future__ import annotations

import os

import numpy as np
import pytest

from ddz_fast.envs.actors import (ActorStats, NumpyPolicy, best_rows, run_actor,
                                  run_actors_on_ray)
from ddz_fast.envs.vector import VectorEnv
from support.subprocesses import SUBPROCESS_CWD

pytestmark = pytest.mark.native     # the batched tables are compiled


def test_best_rows_is_the_first_highest_score_of_each_run():
    # Runs of 3, 1 and 4 scores; by hand: run 0's best is its index 1, run 1 has one score,
    # run 2's highest (5.0) comes twice, first at its index 1.
    scores = np.array([0.5, 2.0, 1.0, -3.0, 4.0, 5.0, 1.0, 5.0])
    assert best_rows(scores, np.array([3, 1, 4])).tolist() == [1, 0, 1]


class Recording:
    """A policy that records what it scored and gives seeded random scores."""

    def __init__(self) -> None:
        self.calls = []
        self.rng = np.random.default_rng(5)

    def __call__(self, position, features):
        scores = self.rng.standard_normal(len(features["row_table"]))
        self.calls.append((position, features["row_table"].copy(), scores))
        return scores


def test_each_table_plays_its_best_scored_move():
    # The loop's choices replayed on a second env of the same seed, the best row of each table
    # found by a loop over the rows: the two envs must then be in the same state.
    policy = Recording()
    stats = run_actor(policy, tables=16, decisions=16 * 40, seed=3)
    twin = VectorEnv(16, features="douzero")
    observation = twin.reset(3)
    calls = iter(policy.calls)
    hands = 0
    for _ in range(40):
        best = {}
        for position, features in observation.features.items():
            if not len(features["table"]):
                continue
            name, row_table, scores = next(calls)
            assert name == position and np.array_equal(row_table, features["row_table"])
            for row, table in enumerate(row_table):
                if table not in best or scores[row] > best[table][0]:
                    first = observation.offsets[table]
                    best[table] = (scores[row], row - np.flatnonzero(row_table == table)[0] + first)
        actions = observation.moves[[best[t][1] for t in range(16)]]
        observation, _, done = twin.step(actions, words=True)
        hands += int(done.sum())
    assert next(calls, None) is None
    assert stats.decisions == 16 * 40 and stats.network_calls == len(policy.calls)
    assert stats.rows == sum(len(scores) for _, _, scores in policy.calls)
    assert stats.hands == hands and hands > 0       # 40 steps of 16 tables end some hands


def test_a_smoke_run_serves_many_tables_per_call_in_both_layouts():
    for layout in ("batch", "broadcast"):
        stats = run_actor(NumpyPolicy(seed=2), tables=64, decisions=6_400, seed=1, layout=layout)
        assert stats.decisions == 6_400 and stats.hands > 0
        # Three positions: at most three calls a step, each serving about a third of 64 tables.
        assert stats.network_calls <= 3 * 100 and stats.tables_per_call > 15
        assert stats.rows > stats.decisions         # most decisions have more than one move


def test_the_two_layouts_score_alike():
    # The broadcast layout adds the state's part of the hidden layer once per table: the same
    # network, so the same scores as DouZero's rows up to float rounding.
    batch = VectorEnv(32, features="douzero").reset(9).features
    broadcast = VectorEnv(32, features="douzero", layout="broadcast").reset(9).features
    policy = NumpyPolicy(seed=4)
    for position in batch:
        np.testing.assert_allclose(policy(position, batch[position]),
                                   policy(position, broadcast[position]), rtol=1e-4, atol=1e-4)


def test_a_policy_of_the_wrong_shape_is_named():
    with pytest.raises(ValueError, match=r"the policy gave \(1,\) scores for the \d+ rows of "
                                         r"landlord"):
        run_actor(lambda position, features: np.zeros(1), tables=4, decisions=4)
    with pytest.raises(ValueError, match="tables"):
        run_actor(NumpyPolicy(), tables=0)


def test_stats_add_up_with_the_longest_seconds():
    total = ActorStats(10, 3, 30, 1, 2.0)
    total += ActorStats(20, 6, 50, 2, 1.5)
    assert (total.decisions, total.network_calls, total.rows, total.hands, total.seconds) == \
        (30, 9, 80, 3, 2.0)
    assert total.decisions_per_second == 15.0 and total.tables_per_call == 30 / 9


@pytest.mark.ray
@pytest.mark.slow   # twenty seconds of Ray's start-up and its workers': CI's slow step runs it
def test_the_actor_loop_runs_in_ray_actors():
    ray = pytest.importorskip("ray", reason="the ray extra is not installed "
                                            "(pip install 'ddz_fast[ray]')")
    # Ray workers import from the driver's working directory: not the source tree.
    here = os.getcwd()
    os.chdir(SUBPROCESS_CWD)
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    finally:
        os.chdir(here)
    try:
        policy = NumpyPolicy(seed=2)
        stats = run_actors_on_ray(policy, actors=2, tables=32, decisions=3_200, seed=5)
        # Each actor is run_actor on its own seeds: the sums of two local runs.
        one = run_actor(policy, tables=32, decisions=3_200, seed=5)
        two = run_actor(policy, tables=32, decisions=3_200, seed=5 + (1 << 40))
        assert (stats.decisions, stats.network_calls, stats.rows, stats.hands) == \
            (one.decisions + two.decisions, one.network_calls + two.network_calls,
             one.rows + two.rows, one.hands + two.hands)
    finally:
        ray.shutdown()
    assert not ray.is_initialized()
