"""Clocks, timeouts and auto-play (docs/RULES.md, "Clocks and auto-play")."""
from __future__ import annotations

import pytest

from ddz_fast import Move, Rules
from ddz_fast.engine.clock import Clock
from ddz_fast.engine.base import timeout_action
from ddz_fast.engine.game import Game
from support.game_scripts import Bid, Double, script, split_deal


def play_state(game: Game = None):
    """Seat 1 is landlord after seat 0 timed out of the bidding; seat 1 is to lead."""
    state = (game or Game()).new_state(seed=21)
    state.timeout()
    return script(state, [Bid.BID_1, Bid.PASS])


def test_each_decision_has_its_time_limit():
    state = Game(Rules().replace(doubling=True)).new_state(seed=4)
    assert state.time_limit == 15
    state.apply(Bid.BID_3)
    assert state.time_limit == 10
    script(state, [Double.NO_DOUBLE] * 3)
    assert state.time_limit == 30
    state.apply(state.legal_actions()[0])
    assert state.time_limit == 25


def test_the_clock_is_configurable():
    clock = Clock(bid=5, double=3, follow=7, lead=9)
    assert Game(clock=clock).new_state(seed=1).time_limit == 5
    with pytest.raises(ValueError, match="positive"):
        Clock(bid=0)


@pytest.mark.parametrize("rules, expected", [
    ("standard", Bid.PASS), (Rules().replace(bidding="call_rob"), Bid.PASS)])
def test_a_timeout_declines_to_bid_or_call(rules, expected):
    state = Game(rules).new_state(seed=1)
    assert state.timeout() == expected
    assert state.history == [(0, expected)]


def test_a_timeout_declines_to_double():
    state = Game(Rules().replace(doubling=True)).new_state(seed=1)
    state.apply(Bid.BID_3)
    assert state.timeout() == Double.NO_DOUBLE


def test_a_timeout_passes_when_following_and_plays_the_smallest_single_when_leading():
    hands, kitty = split_deal({0: "5 6 7 8 9 TT JJ QQ KK AA 2 B"}, "R34")
    state = Game().new_state_from_hands(hands, kitty)
    state.apply(Bid.BID_1)
    state.timeout()
    state.timeout()
    assert state.landlord == 0
    lead = state.timeout()
    assert lead.type == "solo" and lead.cards == "3"
    assert state.timeout() == Move.PASS


def test_two_timeouts_in_a_row_turn_on_auto_play():
    state = play_state()
    assert state.timeouts_in_a_row == (1, 0, 0) and state.auto_play == (False,) * 3
    state.apply(state.legal_actions()[0])  # seat 1 leads
    state.apply(Move.PASS)                 # seat 2
    state.timeout()                # seat 0 again: the second timeout in a row
    assert state.auto_play == (True, False, False)
    assert state.timeouts_in_a_row[0] == 2


def test_a_decision_in_time_resets_the_count():
    state = Game().new_state(seed=21)
    state.timeout()                          # seat 0 passes on time-out
    script(state, [Bid.BID_1, Bid.PASS])     # landlord 1, who leads
    state.apply(state.legal_actions()[0])
    state.timeout()                          # seat 2
    state.apply(Move.PASS)                   # seat 0 decides in time
    assert state.timeouts_in_a_row == (0, 0, 1)
    state.apply(state.legal_actions()[1])    # seat 1 leads again
    state.timeout()                          # seat 2: a second timeout in a row
    assert state.auto_play == (False, False, True)


def test_auto_play_decides_until_a_player_not_on_it_must_act():
    state = play_state()
    state.set_auto_play(2, True)
    state.set_auto_play(0, True)
    state.apply(state.legal_actions()[0])
    assert state.run_auto_play() == 2 and state.current_player == 1
    assert [kind for kind, _, _ in state.events[-2:]] == ["auto", "auto"]


def test_auto_play_can_be_turned_off():
    state = play_state()
    state.set_auto_play(0, True)
    state.set_auto_play(0, False)
    assert state.auto_play == (False,) * 3 and state.timeouts_in_a_row == (0, 0, 0)
    state.apply(state.legal_actions()[0])
    state.apply(Move.PASS)
    with pytest.raises(ValueError, match="not on auto-play"):
        state.play_auto()


def test_a_player_who_leaves_is_on_auto_play_until_the_hand_ends():
    state = play_state()
    state.leave(2)
    assert state.auto_play[2] and state.has_left[2]
    with pytest.raises(ValueError, match="left"):
        state.set_auto_play(2, False)
    with pytest.raises(ValueError, match="already left"):
        state.leave(2)


def test_the_auto_play_policy_is_pluggable():
    def last_action(state):
        return state.legal_actions()[-1]

    state = play_state(Game(auto_play_policy=last_action))
    state.apply(state.legal_actions()[0])
    state.set_auto_play(2, True)
    expected = state.legal_actions()[-1]
    assert state.play_auto() == expected and state.history[-1] == (2, expected)


def test_the_default_policy_is_the_timeout_action():
    state = play_state()
    assert Game().auto_play_policy is timeout_action
    state.set_auto_play(1, True)
    smallest = next(iter(state.hands[1]))
    lead = state.play_auto()
    assert lead.type == "solo" and lead.key == smallest


def test_an_auto_play_policy_returning_an_illegal_action_changes_nothing():
    state = play_state(Game(auto_play_policy=lambda s: Move.PASS))
    state.set_auto_play(1, True)
    before = state.clone()
    with pytest.raises(ValueError):
        state.play_auto()  # the landlord leads: passing is not allowed
    assert state == before
