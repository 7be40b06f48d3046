"""Matches (docs/RULES.md, "Matches"): a fixed number of hands, rotating first bidder,
zero-sum totals."""
from __future__ import annotations

import random

import pytest

from ddz_fast import Rules
from ddz_fast.engine.game import Game
from ddz_fast.engine.match import Match


def random_policy(seed: int):
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_actions())


@pytest.mark.parametrize("rules", ["standard", Rules().replace(bidding="call_rob")])
def test_a_match_plays_its_hands_with_a_rotating_first_bidder(rules):
    match = Match(Game(rules), 5, seed=8, first_bidder=1)
    first_bidders = []
    while not match.is_over:
        first_bidders.append(match.state.first_bidder - match.state.redeals)
        state = match.state
        policy = random_policy(match.hands_played)
        while not state.is_over:
            state.apply(policy(state))
        match.next_hand()
    assert [b % 3 for b in first_bidders] == [1, 2, 0, 1, 2]
    assert match.hands_played == 5 and len(match.results) == 5
    assert sum(match.scores) == 0
    assert match.scores == tuple(sum(r[p] for r in match.results) for p in range(3))


def test_a_match_is_reproducible_from_its_seed():
    first = Match(Game(), 4, seed=2)
    second = Match(Game(), 4, seed=2)
    assert first.play(random_policy(0)) == second.play(random_policy(0))
    assert first.results == second.results


def test_chip_stacks_carry_over_between_hands():
    match = Match(Game("douzero", chips=30), 8, seed=5)
    stacks_seen = []
    while not match.is_over:
        stacks_seen.append(match.state.stacks)
        state = match.state
        policy = random_policy(len(stacks_seen))
        while not state.is_over:
            state.apply(policy(state))
        match.next_hand()
    assert stacks_seen[0] == (30, 30, 30)
    for result, before, after in zip(match.results, stacks_seen, stacks_seen[1:]):
        assert after == tuple(s + r for s, r in zip(before, result))
    assert sum(match.stacks) == 90 and min(match.stacks) >= 0


def test_next_hand_needs_the_current_hand_finished():
    match = Match(Game(), 2, seed=1)
    with pytest.raises(ValueError, match="still in the bidding phase"):
        match.next_hand()
    match.play(random_policy(3))
    with pytest.raises(ValueError, match="over"):
        match.next_hand()


def test_match_play_lets_auto_play_decide_for_players_on_it():
    match = Match(Game(), 1, seed=4)
    match.state.leave(2)
    seen = []

    def policy(state):
        seen.append(state.current_player)
        return state.legal_actions()[-1]  # bid or call: passing all round would re-deal forever

    match.play(policy)
    assert 2 not in seen and match.is_over
