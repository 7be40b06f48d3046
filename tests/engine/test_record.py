"""Game records: a hand to JSON and back, replayed through every intermediate state."""
from __future__ import annotations

import json
import random

import pytest

from ddz_fast import Rules
from ddz_fast.engine.game import Game
from ddz_fast.engine.record import from_json, load, replay, to_json, to_record
from support.game_scripts import Bid, script, split_deal

CALL_ROB = Rules().replace(bidding="call_rob")


def played_hand(game: Game, seed: int, *, timeouts: bool = False):
    """A random hand and the clone of its state after every event."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed, first_bidder=seed % 3)
    states = [state.clone()]
    while not state.is_over:
        roll = rng.random()
        if timeouts and roll < 0.05 and not state.auto_play[state.current_player]:
            state.set_auto_play(state.current_player, True)
        elif timeouts and roll < 0.1 and not state.has_left[state.current_player]:
            state.leave(state.current_player)
        elif timeouts and roll < 0.3:
            state.timeout()
        elif state.auto_play[state.current_player]:
            state.play_auto()
        else:
            state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return state, states


@pytest.mark.parametrize("rules", ["standard", "douzero", CALL_ROB])
@pytest.mark.parametrize("seed", range(6))
def test_replaying_a_record_reproduces_every_intermediate_state(rules, seed):
    state, states = played_hand(Game(rules, chips=40), seed, timeouts=seed % 2 == 1)
    record = from_json(to_json(state))
    assert list(replay(record)) == states
    assert load(record) == state


def test_a_record_holds_the_deal_the_bidding_the_doubles_the_plays_and_the_result():
    hands, kitty = split_deal({2: "3 5555 6666 789TJQKA"}, "222")
    state = Game(CALL_ROB).new_state_from_hands(hands, kitty, seed=77)
    script(state, [Bid.CALL, Bid.ROB, Bid.ROB, Bid.PASS])
    script(state, [0, 1, 1])  # the doubling round: peasant 1 and the landlord double
    script(state, ["3", "4", "pass", "5555", "pass", "pass", "6666", "pass", "pass",
                   "789TJQKA", "pass", "pass", "222"])
    record = json.loads(to_json(state))
    assert record["start"]["hands"] == [str(h) for h in state.start.hands]
    assert record["start"]["kitty"] == "222" and record["start"]["seed"] == 77
    actions = [e["action"] for e in record["events"]]
    assert actions[:7] == ["CALL", "ROB", "ROB", "PASS", "NO_DOUBLE", "DOUBLE", "DOUBLE"]
    assert actions[7:10] == ["3", "4", "pass"]
    assert record["result"] == {"landlord": 2, "winner": "landlord", "base_stake": 1,
                                "multiplier": 16, "doubles": [False, True, True],
                                "redeals": 0, "scores": [-32, -64, 96],
                                "raw_scores": [-32, -64, 96]}
    assert load(record) == state


def test_a_record_with_redeals_replays_them_from_the_seed():
    state = Game().new_state(seed=12)
    script(state, [Bid.PASS] * 6 + [Bid.BID_3])
    assert state.redeals == 2
    assert load(to_record(state)) == state


def test_an_unfinished_hand_has_no_result():
    state = script(Game().new_state(seed=12), [Bid.BID_2])
    record = to_record(state)
    assert record["result"] is None and load(record) == state


def test_a_tampered_record_is_refused():
    state, _ = played_hand(Game(), 3)
    record = to_record(state)
    record["events"][0]["action"] = "BID_9"
    with pytest.raises(ValueError, match="event 1"):
        load(record)
    record = to_record(state)
    record["result"]["scores"] = [0, 0, 0]
    with pytest.raises(ValueError, match="differs"):
        load(record)
    with pytest.raises(ValueError, match="not a ddz_fast.record"):
        from_json("{}")
