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


def _play_until_some_are_over(env: VectorEnv, rng: np.random.Generator):
    """Random legal actions until a few of the tables (and not all) are over."""
    observation = env.reset(4)
    while not env.game.over.any() or env.game.over.all():
        legal = np.diff(observation.offsets)
        live = legal > 0
        picks = observation.offsets[:-1] + (rng.random(env.game.n) * legal).astype(np.int64)
        actions = np.where(live, observation.moves[np.minimum(picks, len(observation.moves) - 1)],
                           0).astype(np.uint64)
        observation, _, _ = env.step(actions, words=True, where=live)
    return observation


@pytest.mark.parametrize("features", ["douzero", "rlcard", "planes"])
def test_a_table_that_is_over_has_no_features_and_the_others_keep_theirs(features):
    # The features of the tables still playing are those of a batch of those tables alone,
    # built here from the state arrays by hand (the kernels' own tests hold them to the peers).
    from ddz_fast.compat.douzero import BatchFeatures
    from ddz_fast.compat.rlcard import rlcard_observations
    from ddz_fast.envs.planes import planes

    env = VectorEnv(24, features=features, auto_reset=False)
    observation = _play_until_some_are_over(env, np.random.default_rng(1))
    g = env.game
    live = np.flatnonzero(~g.over)
    names = ("hands", "played", "last_moves", "history", "history_len", "bombs", "landlord",
             "player", "prev")
    sub = {name: getattr(g, name)[live].copy() for name in names}
    offsets = np.append(g.offsets[live], g.offsets[-1])
    if features == "douzero":
        alone = BatchFeatures()(*(sub[n] for n in names[:-1]), g.moves, offsets)
        for position, arrays in observation.features.items():
            assert set(arrays["table"].tolist()) <= set(live.tolist())
            np.testing.assert_array_equal(arrays["table"], live[alone[position]["table"]])
            np.testing.assert_array_equal(arrays["x_batch"], alone[position]["x_batch"])
    elif features == "rlcard":
        obs, ids = observation.features
        want, want_ids = rlcard_observations(sub["hands"], sub["played"], sub["history"],
                                             sub["history_len"], sub["landlord"],
                                             sub["player"], g.moves, offsets)
        np.testing.assert_array_equal(obs[live], want)
        assert not obs[g.over].any()
        np.testing.assert_array_equal(ids, want_ids)
    else:
        found = observation.features
        want = planes(*(sub[n] for n in names), g.moves, offsets)
        np.testing.assert_array_equal(found.state[live], want.state)
        np.testing.assert_array_equal(found.info[live], want.info)
        assert not found.state[g.over].any() and not found.info[g.over].any()
        np.testing.assert_array_equal(found.table, live[want.table])


def test_the_features_and_their_rules_are_checked():
    with pytest.raises(ValueError, match="the rlcard features are those of preset 'rlcard', "
                                         "not of standard"):
        VectorEnv(2, "standard", features="rlcard")
    with pytest.raises(ValueError, match="unknown features 'bogus'"):
        VectorEnv(2, features="bogus")
    with pytest.raises(TypeError, match="features must be one of"):
        VectorEnv(2, features=3)
    with pytest.raises(ValueError, match="describe the play phase"):
        VectorEnv(2, features="planes", phase="full")
    with pytest.raises(ValueError, match="layout must be 'batch' or 'broadcast'"):
        VectorEnv(2, features=None, layout="rows")
    # Whole hands batch without features; the planes read any plain preset.
    assert VectorEnv(2, features=None, phase="full").reset(1).features is None
    assert VectorEnv(2, "botzone", features="planes").reset(1).features.state.shape == \
        (2, 24, 4, 15)


@pytest.mark.skipif(not peers.HAVE_RLCARD, reason="rlcard is not installed")
@pytest.mark.parametrize("games", sizes(32, 2_000))
def test_rlcard_features_of_every_table_are_rlcards_own_observation(games):
    """Rounds of 16 tables: each an RLCard environment (its landlord its player 0, at seat 0
    here), the batch dealt the same hands; random legal actions; at every decision each
    table's row equals RLCard's ``obs`` and its ids RLCard's legal ids. The default run plays
    two rounds, so the batch is also reset with new hands once."""
    import rlcard as rlcard_package
    from rlcard.games.doudizhu.utils import cards2str

    from ddz_fast import Hand

    tables = 16
    rng = np.random.RandomState(3)
    env = VectorEnv(tables, features="rlcard", auto_reset=False)
    decisions = 0
    for first in range(0, games, tables):
        peers_envs = [rlcard_package.make("doudizhu", config={"seed": first + t})
                      for t in range(tables)]
        players = [peer.reset()[1] for peer in peers_envs]
        hands = np.array([[Hand(cards2str(p.current_hand)).bitboard for p in peer.game.players]
                          for peer in peers_envs], dtype=np.uint64)
        observation = env.reset(hands=hands, landlord=0)
        live = np.ones(tables, dtype=bool)
        while live.any():
            acting, actions = live.copy(), np.zeros(tables, dtype=np.uint64)
            obs, ids = observation.features
            for t in np.flatnonzero(acting):
                peer = peers_envs[t]
                seen = peer.get_state(players[t])
                width = len(seen["obs"])
                assert int(observation.player[t]) == players[t]
                assert np.array_equal(obs[t, :width], seen["obs"]), (first + t, decisions)
                assert not obs[t, width:].any()
                start, stop = observation.offsets[t], observation.offsets[t + 1]
                assert sorted(ids[start:stop].tolist()) == sorted(seen["legal_actions"])
                chosen = list(seen["legal_actions"])[rng.randint(len(seen["legal_actions"]))]
                actions[t] = observation.moves[start + int(np.flatnonzero(
                    ids[start:stop] == chosen)[0])]
                _, players[t] = peer.step(chosen)
                decisions += 1
                if peer.is_over():
                    live[t] = False
            observation, _, done = env.step(actions, words=True, where=acting)
            assert np.array_equal(done, acting & ~live)
    assert decisions > 40 * games
