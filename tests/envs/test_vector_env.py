"""The batched environment against the peers' own environments: DouZero's features of every
table, decision by decision, against ``douzero.env.env.Env`` fed the same deals and actions;
RLCard's observation and the planes from the same tables."""
from __future__ import annotations

from typing import List

import numpy as np
import pytest

from ddz_fast.compat import douzero
from ddz_fast.envs.vector import VectorEnv
from support import peers
from support.common import sizes

pytestmark = pytest.mark.native     # the batched tables are compiled

VALUES = douzero.CARD_OF_RANK
POSITIONS = ("landlord", "landlord_down", "landlord_up")   # seats 0, 1, 2


def cards_of_word(word: int) -> List[int]:
    return [card for rank, card in enumerate(VALUES) for _ in range((int(word) >> (4 * rank)) & 7)]


def word_of_cards(cards) -> int:
    return sum(1 << (4 * douzero.RANK_OF_CARD[card]) for card in cards)


@pytest.mark.skipif(not peers.HAVE_DOUZERO, reason="douzero is not installed")
@pytest.mark.parametrize("games", sizes(96, 2_000))
def test_douzero_features_of_every_table_are_douzeros_get_obs(games):
    """Rounds of 32 tables: each a DouZero Env dealt from its own numpy seed, the batch dealt
    the same hands; random legal actions; at every decision each table's rows equal its Env's
    obs (legal actions in the same order, x_batch, z_batch, x_no_action, z, dtypes), and at
    the end of each hand the rewards of every objective agree."""
    from douzero.env.env import Env

    tables = 32
    rng = np.random.RandomState(7)
    env = VectorEnv(tables, features="douzero", auto_reset=False)
    decisions = 0
    for first in range(0, games, tables):
        peers_envs = [Env(douzero.OBJECTIVES[(first + t) % 3]) for t in range(tables)]
        expected = []
        for t, peer in enumerate(peers_envs):
            np.random.seed(first + t)
            expected.append(peer.reset())
        hands = np.array([[word_of_cards(peer._env.info_sets[p].player_hand_cards)
                           for p in POSITIONS] for peer in peers_envs], dtype=np.uint64)
        observation = env.reset(hands=hands, landlord=0)
        live = np.ones(tables, dtype=bool)
        while live.any():
            acting, actions = live.copy(), np.zeros(tables, dtype=np.uint64)
            rewards = {}
            for t in np.flatnonzero(acting):
                obs = expected[t]
                features = observation.features[obs["position"]]
                rows = features["row_table"] == t
                (entry,) = np.flatnonzero(features["table"] == t)
                start, stop = observation.offsets[t], observation.offsets[t + 1]
                where = (first + t, decisions)
                assert [cards_of_word(w) for w in observation.moves[start:stop]] == \
                    obs["legal_actions"], where
                for name, got in (("x_batch", features["x_batch"][rows]),
                                  ("z_batch", features["z_batch"][rows]),
                                  ("x_no_action", features["x_no_action"][entry]),
                                  ("z", features["z"][entry])):
                    assert got.dtype == obs[name].dtype and np.array_equal(got, obs[name]), \
                        (where, name)
                pick = rng.randint(stop - start)
                actions[t] = observation.moves[start + pick]
                expected[t], reward, done, _ = peers_envs[t].step(obs["legal_actions"][pick])
                decisions += 1
                if done:
                    live[t] = False
                    rewards[t] = reward
            observation, _, done = env.step(actions, words=True, where=acting)
            assert np.flatnonzero(done).tolist() == sorted(rewards)
            game = env.game
            for t, reward in rewards.items():
                objective = peers_envs[t].objective
                landlord_won = int(game.final_winner[t]) == int(game.final_landlord[t])
                assert douzero.objective_reward(objective, landlord_won,
                                                int(game.final_bombs[t])) == reward
    assert decisions > 40 * games
