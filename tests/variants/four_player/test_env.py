"""The PettingZoo environment of the four-player table (ddz_fast.envs.four_player)."""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from ddz_fast import Rules, action_space  # noqa: E402
from ddz_fast.envs.four_player import (AGENTS, OBSERVATION_LAYOUT, OBSERVATION_SIZE, FourPlayerEnv,
                                       env)

FOUR = Rules.preset("four_player")


@pytest.mark.filterwarnings("ignore")   # api_test's style notes (see tests/envs/test_three_player.py)
@pytest.mark.parametrize("kwargs", [{}, {"rules": FOUR.replace(sides="partner")}])
def test_pettingzoo_api(kwargs):
    api_test(env(**kwargs), num_cycles=60)


def play_episode(environment: FourPlayerEnv, rng: random.Random):
    """Random legal actions to the end: (rewards, steps)."""
    steps, final = 0, {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            final[agent] = reward
            environment.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == (OBSERVATION_SIZE,)
        legal = np.flatnonzero(mask)
        assert len(legal) > 0
        environment.step(int(rng.choice(legal)))
        steps += 1
    return final, steps


def test_random_episodes_end_with_zero_sum_settlements():
    rng = random.Random(3)
    for rules in (FOUR, FOUR.replace(sides="partner", bidding="call_rob")):
        environment = FourPlayerEnv(rules, bidder="greedy")
        for episode in range(3):
            environment.reset(seed=episode)
            state = environment.state
            rewards, steps = play_episode(environment, rng)
            assert steps > 0 and state.is_over
            # Each role's reward is its seat's score, the roles counted from the landlord.
            assert [rewards[a] for a in AGENTS] == [
                float(state.scores[(state.landlord + i) % 4]) for i in range(4)]
            assert sum(rewards.values()) == 0


def test_observation_mask_and_illegal_actions():
    environment = FourPlayerEnv(FOUR.replace(sides="partner"))
    environment.reset(seed=5)
    state = environment.state
    # Seat 0 took the kitty (33 cards) and named the seat opposite: peasant_2 is the partner.
    assert (state.landlord, state.partner, environment.agent_selection) == (0, 2, "landlord")
    obs = environment.observe("landlord")
    vector = obs["observation"]
    assert list(vector[OBSERVATION_LAYOUT["cards_left"]]) == [33, 25, 25, 25]
    assert vector[OBSERVATION_LAYOUT["partner"]][0] == 1 + AGENTS.index("peasant_2")
    assert tuple(vector[OBSERVATION_LAYOUT["kitty"]]) == state.kitty.counts
    moves = action_space(FOUR)
    first_index = {}                        # moves.index(m), for every move at once
    for i, move in enumerate(moves):
        first_index.setdefault(move, i)
    legal = {int(i) for i in np.flatnonzero(obs["action_mask"])}
    assert legal == {first_index[m] for m in state.legal_actions()}
    assert not environment.observe("peasant_1")["action_mask"].any()
    with pytest.raises(ValueError, match="not legal"):
        environment.step(environment.pass_action)       # the leader may not pass
    with pytest.raises(TypeError):
        environment.step("3")
    lowest = min(m for m in state.legal_actions() if m.type == "solo")
    environment.step(moves.index(lowest))
    after = environment.observe("peasant_1")["observation"]
    assert tuple(after[OBSERVATION_LAYOUT["prev"]]) == lowest.counts
    assert after[OBSERVATION_LAYOUT["prev_by"]][0] == 1            # the landlord
    text = FourPlayerEnv(render_mode="ansi")
    text.reset(seed=5)
    assert text.render().splitlines()[0].startswith("landlord   33 cards:")
    with pytest.raises(ValueError, match="four-player table"):
        FourPlayerEnv("standard")
