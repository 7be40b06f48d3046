"""The PettingZoo environment: PettingZoo's own API and seed tests, and what it encodes.

Skipped when PettingZoo (the ``env`` extra) is not installed.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import ddz_fast  # noqa: E402
from ddz_fast import Move, Rules  # noqa: E402
from ddz_fast.envs.three_player import (AGENTS, DEAL_BONUS_LAYOUT, OBSERVATION_LAYOUT, DouDizhuEnv,
                                        env)


@pytest.fixture(autouse=True)
def _quiet_style_warnings():
    # api_test warns about style choices made on purpose: dict observations (the action mask
    # travels with them) and role names instead of player_<n>.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("kwargs", [{}, {"rules": "douzero", "bidder": "greedy"},
                                    {"rules": "rlcard", "render_mode": "ansi"}])
def test_pettingzoo_api(kwargs):
    api_test(env(**kwargs), num_cycles=200)


def test_pettingzoo_seeding():
    seed_test(lambda: env(rules="standard"), num_cycles=50)


def play_out(environment: DouDizhuEnv, pick=lambda legal: legal[0]):
    """Play the episode with ``pick`` over legal ids; check each observation on the way."""
    space = ddz_fast.action_space(environment.rules)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        vector, mask = observation["observation"], observation["action_mask"]
        state = environment.state
        seat = state.current_player
        assert vector[OBSERVATION_LAYOUT["hand"]].tolist() == list(state.hands[seat].counts)
        left = vector[OBSERVATION_LAYOUT["cards_left"]]
        assert left[AGENTS.index(agent)] == len(state.hands[seat])
        assert left.sum() + vector[OBSERVATION_LAYOUT["played"]].sum() == 54  # every card
        legal = np.flatnonzero(mask)
        expected = {ddz_fast.action_id(m, environment.rules) if not m.is_pass
                    else environment.pass_action for m in state.legal_actions()}
        assert set(legal.tolist()) == expected
        for other in AGENTS:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        action = int(pick(legal))
        played = Move.PASS if action == environment.pass_action else space[action]
        environment.step(action)
        assert environment.state.history[-1] == (seat, played)


def test_observations_masks_and_rewards():
    environment = DouDizhuEnv()
    environment.reset(seed=7)
    assert environment.agent_selection == "landlord"
    state = environment.state
    observation = environment.observe("landlord")["observation"]
    assert observation[OBSERVATION_LAYOUT["kitty"]].tolist() == list(state.kitty.counts)
    assert observation[OBSERVATION_LAYOUT["cards_left"]].tolist() == [20, 17, 17]
    final = environment.state
    play_out(environment)
    assert environment.agents == []
    assert final.is_over and sum(final.scores) == 0


def test_rewards_are_the_settlement():
    environment = DouDizhuEnv()
    environment.reset(seed=3)
    rewards = {agent: 0.0 for agent in AGENTS}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        environment.step(None if terminated else int(np.flatnonzero(
            observation["action_mask"])[-1]))
    state = environment.state
    landlord = state.landlord
    assert rewards["landlord"] == state.scores[landlord]
    assert rewards["peasant_down"] == state.scores[(landlord + 1) % 3]
    assert rewards["peasant_up"] == state.scores[(landlord + 2) % 3]
    assert sum(rewards.values()) == 0 and rewards["landlord"] != 0


def test_the_move_to_beat_and_who_played_it():
    environment = DouDizhuEnv()
    environment.reset(seed=11)
    mask = environment.observe("landlord")["action_mask"]
    assert not mask[environment.pass_action]  # the leader cannot pass
    first = int(np.flatnonzero(mask)[0])
    environment.step(first)
    observation = environment.observe("peasant_down")["observation"]
    move = ddz_fast.action_space(environment.rules)[first]
    assert observation[OBSERVATION_LAYOUT["prev"]].tolist() == list(move.counts)
    assert observation[OBSERVATION_LAYOUT["prev_by"]].tolist() == [1]
    assert environment.observe("peasant_down")["action_mask"][environment.pass_action] == 1


def test_illegal_actions_are_refused():
    environment = DouDizhuEnv()
    environment.reset(seed=2)
    with pytest.raises(ValueError, match="not legal for landlord"):
        environment.step(environment.pass_action)
    with pytest.raises(ValueError, match="outside"):
        environment.step(environment.pass_action + 1)
    with pytest.raises(TypeError):
        environment.step("33")
    assert environment.state.history == []  # nothing was applied


def test_render_and_options():
    environment = DouDizhuEnv(render_mode="ansi")
    environment.reset(seed=1)
    text = environment.render()
    assert text.splitlines()[0].startswith("landlord") and "to move: landlord" in text
    assert DouDizhuEnv().render() is None
    with pytest.raises(ValueError, match="render_mode"):
        DouDizhuEnv(render_mode="human")
    with pytest.raises(ValueError, match="unknown bot"):
        DouDizhuEnv(bidder="oracle")
    with pytest.raises(ValueError, match="unknown preset"):
        DouDizhuEnv(rules="nope")


def test_a_seed_repeats_the_deals():
    one, two = DouDizhuEnv(), DouDizhuEnv()
    one.reset(seed=5)
    two.reset(seed=5)
    assert one.state.hands == two.state.hands
    one.reset()
    two.reset()
    assert one.state.hands == two.state.hands


def test_the_no_kitty_table_deals_18_cards_and_shows_no_kitty():
    table = env(rules="no_kitty")
    table.reset(seed=5)
    sizes = []
    for agent in table.agents:
        observation = table.observe(agent)["observation"]
        sizes.append(int(observation[OBSERVATION_LAYOUT["hand"]].sum()))
        assert not observation[OBSERVATION_LAYOUT["kitty"]].any()
    assert sizes == [18, 18, 18]
    api_test(env(rules="no_kitty"), num_cycles=200)


def test_deal_bonuses_are_observed_by_role_and_scored():
    # Over 60 deals (about a third with a bonus) the flags are checked against the state's
    # hands as dealt (the landlord's without the kitty), read from rank counts.
    rules = Rules(deal_bonuses=True)
    table = env(rules=rules, render_mode="ansi")
    plain = env(render_mode="ansi")
    for seed in range(60):
        table.reset(seed=seed)
        plain.reset(seed=seed)
        state = table.unwrapped.state
        expected = []
        for role, agent in enumerate(AGENTS):
            seat = table.unwrapped._seat(agent)
            counts = list(state.hands[seat].counts)
            if seat == state.landlord:
                counts = [c - k for c, k in zip(counts, state.kitty.counts)]
            expected += [int(counts[13] == counts[14] == 1), int(all(counts[:12]))]
        for agent in AGENTS:
            observation = table.observe(agent)["observation"]
            assert observation.shape == (100,)
            assert observation[DEAL_BONUS_LAYOUT].tolist() == expected
            assert table.observation_space(agent)["observation"].contains(observation)
            assert plain.observe(agent)["observation"].shape == (94,)
        assert state.multiplier == 2 ** sum(expected)
        assert ("deal bonuses:" in table.render()) == any(expected)
    api_test(env(rules=rules), num_cycles=200)


def test_the_botzone_table_has_the_space_shuttles_in_its_action_space():
    # 34,323 moves (standard's 13,550 and 20,773 space shuttles, docs/variants.md) and pass.
    table = env(rules="botzone")
    table.reset(seed=3)
    assert table.action_space("landlord").n == 34_323 + 1
    assert table.observe("landlord")["action_mask"].shape == (34_323 + 1,)
    environment = DouDizhuEnv(rules="botzone")
    for seed in range(3):
        environment.reset(seed=seed)
        play_out(environment)
    api_test(env(rules="botzone"), num_cycles=100)
