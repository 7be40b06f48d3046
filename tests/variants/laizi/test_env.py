"""The PettingZoo environment with wild cards (ddz_fast.envs.laizi): PettingZoo's API test, random
episodes checked against the engine, hand-made observations and the size of the action space.

Skipped when PettingZoo (the ``env`` extra) is not installed.
"""
from __future__ import annotations

import random
import warnings
from itertools import combinations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import ddz_fast  # noqa: E402
from ddz_fast import Move, Rules
from ddz_fast import laizi_ids
from ddz_fast.reference import laizi as reference_laizi  # noqa: E402
from ddz_fast.envs.three_player import DouDizhuEnv  # noqa: E402
from ddz_fast.envs.laizi import (AGENTS, LARGEST_ACTION_SPACE, OBSERVATION_LAYOUT, OBSERVATION_SIZE,
                                 LaiziEnv, env, largest_action_space)
from ddz_fast.moves.notation import parse_move  # noqa: E402

from support.common import sample_size, sizes  # noqa: E402

LAIZI = Rules.preset("laizi")
TIANDI = Rules.preset("tiandi_laizi")


@pytest.fixture(autouse=True)
def _quiet_style_warnings():
    # api_test warns about style choices made on purpose (see tests/envs/test_three_player.py).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _cycles(kwargs: dict, name: str, default: int, full: int) -> list:
    """Like support.common.sizes: ``default`` cycles in the default run, ``full`` marked slow
    (a cycle is a step of each agent: 50 and 30 still play the laizi games to their end)."""
    return [pytest.param(kwargs, default, id=f"{name}-{default}"),
            pytest.param(kwargs, full, id=f"{name}-{full}", marks=pytest.mark.slow)]


@pytest.mark.parametrize("kwargs, cycles",
                         _cycles({}, "default", 50, 100)
                         + _cycles({"rules": "laizi", "bidder": "greedy"}, "greedy", 30, 60)
                         + _cycles({"rules": "tiandi_laizi", "render_mode": "ansi"},
                                   "tiandi_laizi-ansi", 6, 12))
def test_pettingzoo_api(kwargs, cycles):
    api_test(env(**kwargs), num_cycles=cycles)


@pytest.mark.parametrize("cycles", sizes(15, 30))
def test_pettingzoo_seeding(cycles):
    seed_test(lambda: env(rules="laizi"), num_cycles=cycles)


# --- random episodes against the engine -----------------------------------------------------

def _expected_ids(environment: LaiziEnv) -> set:
    """The ids of the engine's legal moves, each found by the public action_id."""
    state = environment.state
    return {environment.pass_action if move.is_pass
            else ddz_fast.action_id(move, state.rules, state.wild)
            for move in state.legal_actions()}


def play_random_episode(environment: LaiziEnv, rng: random.Random) -> dict:
    """Random legal ids from the mask to the end, each step checked; the final rewards."""
    final = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            final[agent] = reward
            environment.step(None)
            continue
        state = environment.state
        vector, mask = observation["observation"], observation["action_mask"]
        assert environment.observation_space(agent).contains(observation)
        assert vector[OBSERVATION_LAYOUT["prev"]].tolist() == \
            list(state.prev.counts if state.prev is not None else [0] * 15)
        assert vector[OBSERVATION_LAYOUT["reading"]].tolist() == \
            list(state.prev.reading if state.prev is not None else [0] * 15)
        legal = np.flatnonzero(mask != 0)   # (an int8 mask: != 0 is the fast path of numpy)
        assert set(legal.tolist()) == _expected_ids(environment)
        action = int(rng.choice(legal))
        seat = state.current_player
        played = Move.PASS if action == environment.pass_action else \
            ddz_fast.action_move(action, state.rules, state.wild)
        environment.step(action)
        assert state.history[-1] == (seat, played)      # the id's move, and the engine's
    return final


def _episodes(rules: Rules, bidder, name: str, default: int, full: int, minimum: int) -> list:
    """Like support.common.sizes: ``default`` episodes in the default run, ``full`` marked
    slow; fewer under DDZ_FAST_IMPLEMENTATION=python (sample_size)."""
    return [pytest.param(rules, bidder, sample_size(default, minimum=minimum),
                         id=f"{name}-{bidder}-{default}"),
            pytest.param(rules, bidder, sample_size(full, minimum=minimum),
                         id=f"{name}-{bidder}-{full}", marks=pytest.mark.slow)]


@pytest.mark.parametrize("rules, bidder, episodes",
                         _episodes(LAIZI, None, "laizi", 3, 6, 2)
                         + _episodes(LAIZI.replace(bomb_multiplier="app"), "greedy",
                                     "laizi-app", 2, 4, 1)
                         + _episodes(TIANDI, "random", "tiandi_laizi", 1, 2, 1))
def test_random_episodes_play_the_engines_moves_and_score_its_settlement(rules, bidder,
                                                                         episodes):
    environment = LaiziEnv(rules, bidder=bidder)
    rng = random.Random(11)
    for episode in range(episodes):
        environment.reset(seed=100 + episode)
        state = environment.state
        wild = [0] * 15
        for rank in state.wild:
            wild[rank] = 1
        observed = environment.observe("landlord")["observation"]
        assert sum(wild) == rules.laizi and observed[OBSERVATION_LAYOUT["wild"]].tolist() == wild
        rewards = play_random_episode(environment, rng)
        assert state.is_over and environment.agents == []
        assert [rewards[agent] for agent in AGENTS] == [
            float(state.scores[(state.landlord + role) % 3]) for role in range(3)]
        assert sum(rewards.values()) == 0


# --- hand-made observations -------------------------------------------------------------------

# One deck: the landlord's 20 cards (the kitty JQQ among them) and the peasants' 17 each.
HANDS = ("33445566778899TTJJQQ", "33445566778899TTK", "JJQQKKKAAAA2222BR")
KITTY = "JQQ"


class _Dealt(LaiziEnv):
    """Every hand is HANDS with the wild ranks given, seat 0 the landlord."""

    wild = "5"

    def _start_hand(self, deal_seed: int):
        return self.game.new_state_from_hands(HANDS, KITTY, landlord=0, wild=self.wild)


def _rank_vector(**counts: int) -> list:
    """15 counts from rank letters (``_5=2``: two at rank 5; ``T``, ``J`` ... as named)."""
    vector = [0] * 15
    for name, count in counts.items():
        vector["3456789TJQKA2BR".index(name.lstrip("_"))] = count
    return vector


def test_the_observation_holds_the_wild_rank_and_the_reading_of_the_move_to_beat():
    environment = _Dealt("laizi", render_mode="ansi")
    environment.reset(seed=0)
    assert environment.render().splitlines()[3] == "wild: 5"
    pair = parse_move("55=88", "laizi", "5")           # two wild 5s played as a pair of 8s
    environment.step(ddz_fast.action_id(pair, "laizi", "5"))
    vector = environment.observe("peasant_down")["observation"]
    assert vector[OBSERVATION_LAYOUT["hand"]].tolist() == \
        _rank_vector(_3=2, _4=2, _5=2, _6=2, _7=2, _8=2, _9=2, T=2, K=1)
    assert vector[OBSERVATION_LAYOUT["prev"]].tolist() == _rank_vector(_5=2)
    assert vector[OBSERVATION_LAYOUT["reading"]].tolist() == _rank_vector(_8=2)
    assert vector[OBSERVATION_LAYOUT["wild"]].tolist() == _rank_vector(_5=1)
    assert vector[OBSERVATION_LAYOUT["prev_by"]].tolist() == [1]
    assert vector[OBSERVATION_LAYOUT["cards_left"]].tolist() == [18, 17, 17]
    assert vector[OBSERVATION_LAYOUT["played"]].tolist()[:15] == _rank_vector(_5=2)
    assert "to move: peasant_down, to beat 55=88" in environment.render()
    # peasant_down (33445566778899TTK, 5 wild) answers a pair read as 88 with, by hand:
    # natural pairs above 8, 99 TT (2); a natural 9, T or K with a 5 (3); its two 5s as any
    # pair 99..22 (7); a natural pair 33..TT with both 5s as a 4-card soft bomb (7); pass (1).
    mask = environment.observe("peasant_down")["action_mask"]
    assert int(mask.sum()) == 2 + 3 + 7 + 7 + 1 == 20
    answers = {str(ddz_fast.action_move(int(i), "laizi", "5"))
               for i in np.flatnonzero(mask[:-1])}
    assert {"99", "TT", "59=99", "5T=TT", "5K=KK", "55=22", "3355=3333"} <= answers


def test_two_wild_ranks_are_flags_and_a_soft_bomb_reads_as_its_rank():
    environment = _Dealt("tiandi_laizi")
    environment.wild = "5T"
    environment.reset(seed=0)
    bomb = parse_move("3355T=33333", "tiandi_laizi", "5T")  # 33 and three wilds: five 3s
    assert bomb.type == "bomb" and bomb.bomb_class == "soft"
    environment.step(ddz_fast.action_id(bomb, "tiandi_laizi", "5T"))
    vector = environment.observe("peasant_down")["observation"]
    assert vector[OBSERVATION_LAYOUT["wild"]].tolist() == _rank_vector(_5=1, T=1)
    assert vector[OBSERVATION_LAYOUT["prev"]].tolist() == _rank_vector(_3=2, _5=2, T=1)
    assert vector[OBSERVATION_LAYOUT["reading"]].tolist() == _rank_vector(_3=5)
    assert environment.observation_space("peasant_down")["observation"].contains(vector)


def test_a_kicker_has_no_reading():
    # 3345 with 5 wild as a trio of 3s (33 and the 5) and the 4 as its solo: the main part
    # reads 333, the kicker nothing.
    environment = _Dealt("laizi")
    environment.reset(seed=0)
    trio = next(m for m in ddz_fast.classify("3345", rules="laizi", wild="5")
                if m.type == "trio_solo" and m.key == 0)
    environment.step(ddz_fast.action_id(trio, "laizi", "5"))
    vector = environment.observe("peasant_down")["observation"]
    assert vector[OBSERVATION_LAYOUT["reading"]].tolist() == _rank_vector(_3=3)


# --- the action space and bad actions ---------------------------------------------------------

def test_the_action_space_is_the_largest_over_the_wild_ranks_and_ids_past_the_hands_are_refused():
    environment = LaiziEnv("laizi")
    assert environment.action_space("landlord").n == 828_816 + 1
    environment.reset(seed=3)
    state = environment.state
    size = laizi_ids.space_size(LAIZI, tuple(state.wild))
    assert state.wild != (12,) and size < environment.pass_action   # 2 is the largest
    mask = environment.observe("landlord")["action_mask"]
    assert mask.shape == (828_817,) and mask.dtype == np.int8
    assert not mask[size:].any()
    with pytest.raises(ValueError, match=f"action {size} .no move with wild .*not legal"):
        environment.step(size)
    with pytest.raises(ValueError, match="not legal for landlord"):
        environment.step(environment.pass_action)      # the leader may not pass
    eight = ddz_fast.action_id(parse_move("8", "laizi", state.wild), "laizi", state.wild)
    assert "8" not in str(state.hands[0])
    with pytest.raises(ValueError, match=rf"action {eight} \(8\) is not legal for landlord"):
        environment.step(eight)                         # no 8 in the landlord's hand
    for outside in (environment.pass_action + 1, -1):
        with pytest.raises(ValueError, match="outside"):
            environment.step(outside)
    with pytest.raises(TypeError, match="action id"):
        environment.step("33")
    assert state.history == [] and environment.agent_selection == "landlord"  # nothing applied


def test_bad_rules_and_options_are_refused_by_name():
    with pytest.raises(ValueError, match="has none .laizi = 0.: use ddz_fast.envs.three_player"):
        LaiziEnv("standard")
    with pytest.raises(ValueError, match=r"PettingZoo environment ddz_fast\.envs\.three_player plays no wild "
                                         r"cards.*: use ddz_fast\.envs\.laizi \(LaiziEnv\)"):
        DouDizhuEnv("tiandi_laizi")     # ddz_fast.envs.three_player's refusal (tests/variants/laizi/test_moves.py)
    with pytest.raises(ValueError, match="render_mode"):
        LaiziEnv(render_mode="human")
    with pytest.raises(ValueError, match="unknown bot"):
        LaiziEnv(bidder="oracle")
    with pytest.raises(ValueError, match="unknown preset"):
        LaiziEnv("nope")
    with pytest.raises(RuntimeError, match="reset"):
        LaiziEnv().observe("landlord")


def test_the_observation_space_bounds():
    # The reading: a bomb of one wild rank is at most 4 natural + 4 wild cards, of two 4 + 8.
    for rules, most in ((LAIZI, 8), (TIANDI, 12)):
        high = LaiziEnv(rules).observation_space("landlord")["observation"].high
        assert high.shape == (OBSERVATION_SIZE,)
        assert high[OBSERVATION_LAYOUT["reading"]].tolist() == [most] * 13 + [1, 1]
        assert high[OBSERVATION_LAYOUT["wild"]].tolist() == [1] * 13 + [0, 0]
        assert high[OBSERVATION_LAYOUT["hand"]].tolist() == [4] * 13 + [1, 1]


# --- the largest action spaces, counted again --------------------------------------------------

#: Where each preset's action space is largest: at wild 2 (one wild rank), at 3 and 2 (two).
LARGEST_AT = ((LAIZI, (12,)), (TIANDI, (0, 12)))


def test_the_largest_action_spaces_of_the_presets():
    # The constants counted block by block (laizi_ids) where the spaces are largest (every
    # choice of wild ranks in the slow test below); the reference counts type by type, another
    # method: at 3 and 2 here, every one-wild choice in the slow test.
    for rules, most_at in LARGEST_AT:
        assert laizi_ids.space_size(rules, most_at) == LARGEST_ACTION_SPACE[rules]
    assert reference_laizi.action_space_size(TIANDI, (0, 12)) == 6_807_949
    # Rules that are no preset are counted: the bomb multiplier changes no move.
    assert LaiziEnv(LAIZI.replace(bomb_multiplier="app")).pass_action == 828_816
    assert largest_action_space("tiandi_laizi") == 6_807_949
    with pytest.raises(ValueError, match="use ddz_fast.envs.three_player"):
        largest_action_space("standard")


@pytest.mark.slow   # 91 action spaces counted, about 5 s
def test_no_choice_of_wild_ranks_has_a_larger_action_space():
    for rules, most_at in LARGEST_AT:
        counted = {wild: laizi_ids.space_size(rules, wild)
                   for wild in combinations(range(13), rules.laizi)}
        assert max(counted.values()) == counted[most_at] == LARGEST_ACTION_SPACE[rules]


@pytest.mark.slow   # the reference counts 13 action spaces of half a million moves or more
def test_the_reference_count_of_every_one_wild_action_space_tops_at_wild_two():
    counted = {rank: reference_laizi.action_space_size(LAIZI, (rank,)) for rank in range(13)}
    assert max(counted.values()) == counted[12] == LARGEST_ACTION_SPACE[LAIZI] == 828_816
