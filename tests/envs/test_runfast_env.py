"""The Run Fast PettingZoo environment: PettingZoo's API test, masks equal to the state's legal
actions, rewards, seeds and bad input.

Skipped when PettingZoo (the ``env`` extra) is not installed.
"""
from __future__ import annotations

import doctest
import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import ddz_fast  # noqa: E402
from ddz_fast import Move, Rules  # noqa: E402
from ddz_fast.envs import runfast as module  # noqa: E402
from ddz_fast.envs.runfast import RunFastEnv, env, observation_layout  # noqa: E402

TWO = Rules.preset("runfast").replace(players=2)


@pytest.fixture(autouse=True)
def _quiet_style_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("kwargs", [{}, {"rules": "runfast_15", "render_mode": "ansi"},
                                    {"rules": TWO}])
def test_pettingzoo_api(kwargs):
    api_test(env(**kwargs), num_cycles=200)


def test_the_docstring_example():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def play_out(environment: RunFastEnv, rng: random.Random):
    """Random legal play to the end, checking every observation against the state."""
    layout = observation_layout(len(environment.possible_agents))
    space = ddz_fast.action_space(environment.rules)
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    total = environment.rules.hand_size * len(environment.possible_agents)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        state = environment.state
        seat = state.current_player
        assert agent == f"player_{seat}"
        vector, mask = observation["observation"], observation["action_mask"]
        assert environment.observation_space(agent)["observation"].contains(vector)
        assert vector[layout["hand"]].tolist() == list(state.hands[seat].counts[:13])
        left = vector[layout["cards_left"]]
        assert left.tolist() == [len(hand) for hand in state.hands]
        assert left.sum() + vector[layout["played"]].sum() == total
        assert vector[layout["to_move"]].tolist() == [0]
        expected = {environment.pass_action if m.is_pass else ddz_fast.action_id(m, state.rules)
                    for m in state.legal_actions()}
        assert set(np.flatnonzero(mask).tolist()) == expected
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
                to_move = environment.observe(other)["observation"][layout["to_move"]][0]
                assert to_move == (seat - int(other[-1])) % len(environment.possible_agents)
        action = rng.choice(sorted(expected))
        played = Move.PASS if action == environment.pass_action else space[action]
        environment.step(action)
        assert environment.state.history[-1] == (seat, played)
    return rewards


@pytest.mark.parametrize("rules", ["runfast", "runfast_15", TWO])
def test_masks_are_the_legal_actions_and_rewards_the_scores(rules):
    environment = RunFastEnv(rules=rules)
    rng = random.Random(4)
    for seed in range(6):
        environment.reset(seed=seed)
        rewards = play_out(environment, rng)
        state = environment.state
        assert state.is_over and environment.agents == []
        assert [rewards[a] for a in environment.possible_agents] == list(state.scores)
        assert sum(rewards.values()) == 0


def test_the_one_card_rule_and_must_beat_are_in_the_mask():
    # The engine's legal actions hold both rules; the mask is checked against them above.
    # Here: a follower who can beat has no pass, and a leader never passes.
    environment = RunFastEnv()
    seen_forced = False
    for seed in range(20):
        environment.reset(seed=seed)
        mask = environment.observe(environment.agent_selection)["action_mask"]
        assert not mask[environment.pass_action]
        first = int(np.flatnonzero(mask)[0])
        environment.step(first)
        state = environment.state
        mask = environment.observe(environment.agent_selection)["action_mask"]
        beats = ddz_fast.legal_moves(state.hands[state.current_player], state.prev,
                                     rules="runfast")
        assert bool(mask[environment.pass_action]) == (len(beats) == 0)
        seen_forced |= len(beats) > 0
    assert seen_forced


def test_the_move_to_beat_and_who_played_it():
    environment = RunFastEnv()
    environment.reset(seed=11)
    leader = environment.state.current_player
    layout = observation_layout(3)
    first = int(np.flatnonzero(environment.observe(environment.agent_selection)
                               ["action_mask"])[0])
    environment.step(first)
    observation = environment.observe(environment.agent_selection)["observation"]
    move = ddz_fast.action_space(environment.rules)[first]
    assert observation[layout["prev"]].tolist() == list(move.counts[:13])
    assert observation[layout["prev_by"]].tolist() == [1 + leader]


def test_seeds_repeat_the_deals():
    one, two = RunFastEnv(), RunFastEnv()
    one.reset(seed=5)
    two.reset(seed=5)
    assert one.state.hands == two.state.hands
    one.reset()
    two.reset()
    assert one.state.hands == two.state.hands
    one.reset(seed="text seed")
    two.reset(seed="text seed")
    assert one.state.hands == two.state.hands
    two.reset(seed=6)
    assert one.state.hands != two.state.hands


def test_bad_input_is_refused():
    environment = RunFastEnv()
    with pytest.raises(RuntimeError, match="reset"):
        environment.observe("player_0")
    environment.reset(seed=2)
    agent = environment.agent_selection
    with pytest.raises(ValueError, match=f"not legal for {agent}"):
        environment.step(environment.pass_action)      # the leader may not pass
    with pytest.raises(ValueError, match="outside"):
        environment.step(environment.pass_action + 1)
    with pytest.raises(ValueError, match="outside"):
        environment.step(-1)
    illegal = int(np.flatnonzero(environment.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} "):
        environment.step(illegal)
    with pytest.raises(TypeError):
        environment.step("3")
    with pytest.raises(TypeError):
        environment.step(True)
    assert environment.state.history == []
    with pytest.raises(TypeError, match="options"):
        environment.reset(seed=1, options=[1])
    environment.reset(seed=1, options={})
    with pytest.raises(TypeError):
        environment.reset(seed=1.5)
    with pytest.raises(ValueError, match="unknown agent"):
        environment.observe("landlord")
    with pytest.raises(ValueError, match="Run Fast"):
        RunFastEnv(rules="standard")
    with pytest.raises(ValueError, match="render_mode"):
        RunFastEnv(render_mode="human")


def test_render():
    environment = RunFastEnv(render_mode="ansi")
    environment.reset(seed=1)
    text = environment.render()
    assert text.splitlines()[0].startswith("player_0 16 cards:")
    assert f"to move: {environment.agent_selection}, leads" in text
    play_out(environment, random.Random(1))
    assert " went out; scores player_0 " in environment.render()
    assert RunFastEnv().render() is None
    two = RunFastEnv(rules=TWO, render_mode="ansi")
    two.reset(seed=1)
    assert len(two.render().splitlines()) == 3 and two.possible_agents == ["player_0",
                                                                            "player_1"]
