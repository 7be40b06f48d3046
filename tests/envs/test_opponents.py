"""Bots as opponents in every PettingZoo environment (``opponents=``, ddz_fast.envs.base).

An agent named in ``opponents`` is no longer an agent of the environment: its bot takes its
decisions inside reset() and step(). Checked here: PettingZoo's API and seed tests with
opponents, that only the other agents are ever selected, that every opponent action is its
bot's decision (replayed with deterministic greedy bots), rewards, reproducible seeded
episodes with the search bots, search bots as the bidder at the four-agent and laizi tables,
and bad input.

Skipped when PettingZoo (the ``env`` extra) is not installed.
"""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from ddz_fast import Rules  # noqa: E402
from ddz_fast.envs import four_player, laizi, runfast, three_player  # noqa: E402
from ddz_fast.search.bots import GreedyBot, RandomBot  # noqa: E402
from support.checked_bots import Checked  # noqa: E402

pytestmark = pytest.mark.native     # the search bots' kernels are compiled

PARTNER = Rules.preset("four_player").replace(sides="partner")
#: Each environment with opponents among the search bots (small budgets) and the others.
TABLES = {
    "three_player": (three_player, {"opponents": {"peasant_down": "pimc:samples=4,rollouts=200",
                                                  "peasant_up": "greedy"}}),
    "four_player": (four_player, {"opponents": {"peasant_1": "ismcts:iterations=100",
                                                "peasant_3": "pimc:samples=4,rollouts=200"}}),
    "four_player_partner": (four_player, {"rules": PARTNER, "bidder": "pimc",
                                          "opponents": {"landlord": "ismcts:iterations=100"}}),
    "laizi": (laizi, {"bidder": "ismcts", "opponents": {"landlord":
                                                        "pimc:samples=4,rollouts=100"}}),
    "runfast": (runfast, {"opponents": {"player_1": "ismcts:iterations=100"}}),
}


@pytest.fixture(autouse=True)
def _quiet_style_warnings():
    # api_test's style notes: see tests/envs/test_three_player.py.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("table", TABLES)
def test_pettingzoo_api_with_opponents(table):
    module, kwargs = TABLES[table]
    api_test(module.env(**kwargs), num_cycles=30)


@pytest.mark.parametrize("table", ["three_player", "four_player_partner", "laizi"])
def test_pettingzoo_seeding_with_search_bot_opponents(table):
    module, kwargs = TABLES[table]
    seed_test(lambda: module.env(**kwargs), num_cycles=20)


def play_episode(environment, rng: random.Random):
    """Random legal actions of the environment's agents to the end: (final rewards, agents
    selected to act)."""
    rewards, selected = {}, set()
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            rewards[agent] = reward
            environment.step(None)
            continue
        selected.add(agent)
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return rewards, selected


@pytest.mark.parametrize("table", TABLES)
def test_only_the_other_agents_act_and_are_rewarded(table):
    module, kwargs = TABLES[table]
    environment = module.raw_env(**kwargs)
    opponents = set(kwargs["opponents"])
    assert set(environment.possible_agents) == set(environment._AGENTS) - opponents
    rng = random.Random(table)
    for episode in range(3):
        environment.reset(seed=episode)
        state = environment.state
        rewards, selected = play_episode(environment, rng)
        assert state.is_over and selected and not selected & opponents
        assert set(rewards) == set(environment.possible_agents)
        for agent, reward in rewards.items():
            assert reward == state.scores[environment._seat(agent)]
        # The opponents did move: every seat played or passed at some turn of the hand.
        movers = {seat for seat, _ in state.history}
        assert {environment._seat(agent) for agent in opponents} <= movers


@pytest.mark.parametrize("table", ["three_player", "four_player_partner", "laizi", "runfast"])
def test_every_opponent_action_is_its_bots_decision(table):
    # Greedy bots decide deterministically from the state: replaying the hand's actions from
    # the end of reset() on, each action of an opponent's seat is what a fresh GreedyBot plays
    # there.
    module, kwargs = TABLES[table]
    opponents = {agent: "greedy" for agent in kwargs["opponents"]}
    environment = module.raw_env(**{**kwargs, "opponents": opponents})
    environment.reset(seed=4)
    start = environment.state.clone()
    play_episode(environment, random.Random(4))
    state = environment.state
    seats = {environment._seat(agent) for agent in opponents}
    replay = start
    checked = 0
    for seat, action in state.history[len(start.history):]:
        if seat in seats:
            assert action == GreedyBot().play(replay)
            checked += 1
        replay.apply(action)
    assert checked > 0


def test_a_bot_object_plays_as_given():
    bot = Checked(GreedyBot())
    environment = three_player.raw_env(opponents={"peasant_up": bot})
    environment.reset(seed=1)
    play_episode(environment, random.Random(1))
    assert bot.decisions == sum(seat == environment._seat("peasant_up")
                                for seat, _ in environment.state.history)
    assert bot.decisions > 0


def test_a_seeded_episode_with_search_bots_repeats_and_another_seed_differs():
    def history(seed: int) -> list:
        module, kwargs = TABLES["four_player"]
        environment = module.raw_env(**kwargs)
        environment.reset(seed=seed)
        play_episode(environment, random.Random(0))
        return environment.state.history
    assert history(7) == history(7)
    assert history(7) != history(8)


@pytest.mark.parametrize("module, rules", [(laizi, "laizi"), (four_player, PARTNER)])
def test_the_search_bots_bid_and_choose_a_partner_as_the_greedy_bot(module, rules):
    # The search bots bid, double and name a partner by the greedy bot's rules: the same deal
    # reaches the same start of play under any of them as the bidder.
    starts = []
    for bidder in ("greedy", "pimc", "ismcts"):
        environment = module.raw_env(rules=rules, bidder=bidder)
        environment.reset(seed=5)
        state = environment.state
        assert state.phase == "play" and state.history      # the auction was played
        starts.append((state.history, state.hands, state.landlord))
    assert starts[0] == starts[1] == starts[2]


class ClassicBot(GreedyBot):
    """The greedy bot, saying it plays the classic tables only."""

    plays_wild_cards = plays_four_player = plays_runfast = False


def test_bad_opponents_are_refused_by_name():
    with pytest.raises(TypeError, match="opponents must be a mapping"):
        three_player.raw_env(opponents=["greedy"])
    with pytest.raises(TypeError, match="an agent is named by a str"):
        three_player.raw_env(opponents={0: "greedy"})
    with pytest.raises(ValueError, match="unknown agent 'peasant_1': the agents are landlord"):
        three_player.raw_env(opponents={"peasant_1": "greedy"})
    with pytest.raises(ValueError, match="unknown bot 'bogus'"):
        three_player.raw_env(opponents={"landlord": "bogus"})
    with pytest.raises(ValueError, match="no option 'speed'"):
        three_player.raw_env(opponents={"landlord": "greedy:speed=2"})
    with pytest.raises(TypeError, match="the opponent of landlord must be a bot spec"):
        three_player.raw_env(opponents={"landlord": 3})
    with pytest.raises(ValueError, match="opponents play every agent"):
        three_player.raw_env(opponents=dict.fromkeys(three_player.AGENTS, "greedy"))
    with pytest.raises(ValueError, match="'ClassicBot' does not play wild cards"):
        laizi.raw_env(opponents={"peasant_up": ClassicBot()})
    with pytest.raises(ValueError, match="'ClassicBot' does not play the four-player table"):
        four_player.raw_env(opponents={"peasant_1": ClassicBot()})
    with pytest.raises(ValueError, match="'solver' does not play Run Fast"):
        runfast.raw_env(opponents={"player_2": "solver"})
    environment = three_player.raw_env(opponents={"peasant_up": RandomBot(1)})
    environment.reset(seed=2)
    with pytest.raises(ValueError, match="peasant_up is played by its opponent bot"):
        environment.observe("peasant_up")


def test_a_bidder_that_does_not_play_the_table_is_refused():
    pytest.importorskip("rlcard", reason="RLCard's rule agent (the peers extra)")
    with pytest.raises(ValueError, match="bidder 'rlcard-rule' does not play wild cards"):
        laizi.raw_env(bidder="rlcard-rule")
