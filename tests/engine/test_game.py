"""The game engine: dealing, bidding, doubling, play, scoring and its worked examples."""
from __future__ import annotations

import random

import pytest

from ddz_fast import Hand, Move, Rules
from ddz_fast.cards import FULL_DECK
from ddz_fast.engine.game import Game, deal_cards
from ddz_fast.engine.base import ActionTypeError, IllegalActionError
from ddz_fast.moves.notation import parse_move
from support.game_scripts import Bid, Double, script, snapshot, split_deal

CALL_ROB = Rules().replace(bidding="call_rob")
SINGLE_ROUND = Rules().replace(single_round_auction=True)

# Seat 0 holds two bombs and a long chain; the kitty brings it a trio of 2s.
BOMBER = "3 5555 6666 789TJQKA"


def bomber_state(game: Game, seat: int = 0):
    hands, kitty = split_deal({seat: BOMBER}, "222")
    return game.new_state_from_hands(hands, kitty)


def total_counts(hands) -> list:
    return [sum(h.counts[r] for h in hands) for r in range(15)]


# --- dealing -------------------------------------------------------------------------------

def test_a_seed_deals_the_same_cards_every_time():
    game = Game()
    first, again = game.new_state(seed=42), game.new_state(seed=42)
    assert first.hands == again.hands and first.deal == again.deal
    assert game.new_state(seed=43).hands != first.hands


def test_a_deal_is_three_hands_of_17_and_a_kitty_of_3_from_one_deck():
    hands, kitty = deal_cards(7)
    assert [len(h) for h in hands] == [17, 17, 17] and len(kitty) == 3
    assert tuple(total_counts(hands + (kitty,))) == FULL_DECK


def test_the_kitty_is_hidden_until_the_landlord_is_known():
    state = Game().new_state(seed=1)
    assert state.kitty is None and state.phase == "bidding"
    state.apply(Bid.BID_3)
    assert state.kitty == state.deal.kitty
    assert len(state.hands[0]) == 20 and state.phase == "play"


@pytest.mark.parametrize("change, message", [
    (lambda h, k: (h, "333"), "7 of rank 3"),
    (lambda h, k: ([h[0][:-1], h[1], h[2]], k), "holds 16 cards"),
    (lambda h, k: ([h[1], h[1], h[2]], k), "exactly one deck"),
    (lambda h, k: (h, None), "kitty"),
    (lambda h, k: (h[:2], k), "three hands"),
])
def test_bad_starting_cards_are_rejected_with_a_reason(change, message):
    hands, kitty = split_deal({})
    with pytest.raises(ValueError, match=message):
        Game().new_state_from_hands(*change(hands, kitty))


def test_a_play_phase_start_with_a_given_landlord():
    hands, kitty = split_deal({1: BOMBER}, "222")
    hands[1] += kitty
    state = Game().new_state_from_hands(hands, kitty, landlord=1, base_stake=2)
    assert state.phase == "play" and state.current_player == 1 and state.landlord == 1
    assert state.base_stake == 2 and state.kitty == Hand("222")
    with pytest.raises(ValueError, match="holds 17 cards, not 20"):
        Game().new_state_from_hands(hands, landlord=0)
    with pytest.raises(ValueError, match="not part of the landlord"):
        Game().new_state_from_hands(hands, "BR3", landlord=1)


# --- points bidding ----------------------------------------------------------------------

def bid(state, *bids):
    return script(state, bids)


@pytest.mark.parametrize("bids, landlord, stake", [
    ((Bid.BID_1, Bid.BID_2, Bid.PASS, Bid.BID_3), 0, 3),
    ((Bid.BID_1, Bid.PASS, Bid.PASS), 0, 1),
    ((Bid.PASS, Bid.PASS, Bid.BID_1), 2, 1),
    ((Bid.BID_1, Bid.BID_2, Bid.PASS, Bid.PASS), 1, 2),
    ((Bid.PASS, Bid.BID_3), 1, 3),
])
def test_points_auction(bids, landlord, stake):
    state = bid(Game().new_state(seed=3), *bids)
    assert (state.phase, state.landlord, state.base_stake) == ("play", landlord, stake)
    assert state.current_player == landlord


def test_points_bids_must_be_higher_and_a_passer_never_bids_again():
    state = bid(Game().new_state(seed=3), Bid.PASS, Bid.BID_2)
    assert state.current_player == 2 and state.legal_actions() == [Bid.PASS, Bid.BID_3]
    state.apply(Bid.PASS)
    # seat 0 passed: the auction ends with seat 1 rather than asking seat 0 again
    assert state.landlord == 1


def test_points_auction_goes_round_until_two_have_passed():
    state = bid(Game().new_state(seed=3), Bid.PASS, Bid.BID_1, Bid.BID_2)
    assert state.current_player == 1  # seat 0 passed and is skipped
    assert state.legal_actions() == [Bid.PASS, Bid.BID_3]


def test_single_round_auction_gives_each_player_one_bid():
    state = bid(Game(SINGLE_ROUND).new_state(seed=3), Bid.BID_1, Bid.PASS, Bid.BID_2)
    assert (state.landlord, state.base_stake) == (2, 2)
    state = bid(Game(SINGLE_ROUND).new_state(seed=3), Bid.BID_1, Bid.BID_3)
    assert (state.landlord, state.base_stake, state.phase) == (1, 3, "play")


@pytest.mark.parametrize("rules, decline", [
    ("standard", Bid.PASS), (SINGLE_ROUND, Bid.PASS), (CALL_ROB, Bid.PASS)])
def test_an_all_pass_auction_redeals_without_crashing(rules, decline):
    state = Game(rules).new_state(seed=9, first_bidder=2)
    dealt = state.deal
    bid(state, decline, decline, decline)
    assert state.redeals == 1 and state.phase == "bidding"
    assert state.deal != dealt and state.deal == deal_cards(9, 1)
    assert state.first_bidder == 0 and state.current_player == 0
    assert len(state.history) == 3 and state.bids == ()
    for _ in range(5):
        bid(state, decline, decline, decline)
    assert state.redeals == 6
    state.apply(state.legal_actions()[-1])
    assert state.phase in ("bidding", "doubling", "play")


# --- call / rob ------------------------------------------------------------------------

@pytest.mark.parametrize("bids, landlord, robs", [
    ((Bid.CALL, Bid.ROB, Bid.ROB, Bid.ROB), 0, 3),
    ((Bid.CALL, Bid.ROB, Bid.ROB, Bid.PASS), 2, 2),
    ((Bid.CALL, Bid.PASS, Bid.PASS), 0, 0),       # nobody robbed: no rob-back
    ((Bid.PASS, Bid.CALL, Bid.PASS), 1, 0),       # seat 0 passed: it may not rob
    ((Bid.PASS, Bid.CALL, Bid.ROB, Bid.PASS), 2, 1),
    ((Bid.PASS, Bid.CALL, Bid.ROB, Bid.ROB), 1, 2),
    ((Bid.PASS, Bid.PASS, Bid.CALL), 2, 0),
])
def test_call_rob_auction(bids, landlord, robs):
    state = bid(Game(CALL_ROB).new_state(seed=5), *bids)
    assert (state.phase, state.landlord) == ("doubling", landlord)
    assert state.base_stake == 1 and state.multiplier == 2 ** robs


def test_call_rob_offers_call_then_rob():
    state = Game(CALL_ROB).new_state(seed=5, first_bidder=1)
    assert state.current_player == 1 and state.legal_actions() == [Bid.PASS, Bid.CALL]
    state.apply(Bid.CALL)
    assert state.current_player == 2 and state.legal_actions() == [Bid.PASS, Bid.ROB]


# --- doubling --------------------------------------------------------------------------

def test_doubling_round_asks_the_peasants_then_the_landlord():
    state = bid(Game(CALL_ROB).new_state(seed=5), Bid.PASS, Bid.CALL, Bid.PASS)
    assert state.time_limit == 10
    order = []
    for decision in (Double.DOUBLE, Double.NO_DOUBLE, Double.DOUBLE):
        order.append(state.current_player)
        state.apply(decision)
    assert order == [2, 0, 1]
    assert state.doubles == (False, True, True) and state.phase == "play"
    assert state.current_player == 1


def test_points_bidding_can_have_a_doubling_round_too():
    state = bid(Game(Rules().replace(doubling=True)).new_state(seed=5), Bid.BID_3)
    assert state.phase == "doubling" and state.current_player == 1


# --- play --------------------------------------------------------------------------------

def test_the_leader_may_not_pass_and_two_passes_return_the_lead():
    state = bid(Game().new_state(seed=11), Bid.BID_1, Bid.PASS, Bid.PASS)
    assert Move.PASS not in state.legal_actions() and state.time_limit == 30
    with pytest.raises(ValueError, match="cannot play pass"):
        state.apply(Move.PASS)
    solo = min(m for m in state.legal_actions() if m.type == "solo")
    state.apply(solo)
    assert state.current_player == 1 and state.prev == solo
    assert state.legal_actions()[0] == Move.PASS and state.time_limit == 25
    script(state, ["pass", "pass"])
    assert state.current_player == 0 and state.prev is None and state.passes == 0


def test_a_move_must_beat_the_move_to_beat():
    state = bomber_state(Game())
    script(state, [Bid.BID_3, "3"])
    with pytest.raises(ValueError, match="cannot play"):
        state.apply(parse_move("3"))  # seat 1 holds a 3, but a 3 does not beat a 3


# --- worked examples of scoring -------------------------------------------------------

BOMBER_WINS = ["3", "4", "pass", "5555", "pass", "pass", "6666", "pass", "pass",
               "789TJQKA", "pass", "pass", "222"]


def test_a_3_point_hand_with_two_bombs_pays_the_landlord_12_from_each_peasant():
    state = script(bomber_state(Game()), [Bid.BID_3] + BOMBER_WINS)
    assert state.is_over and state.winner == "landlord"
    assert state.multiplier == 4 and state.scores == (24, -12, -12)


def test_spring_doubles_when_neither_peasant_played():
    spring = ["3", "pass", "pass", "5555", "pass", "pass", "6666", "pass", "pass",
              "789TJQKA", "pass", "pass", "222"]
    state = script(bomber_state(Game()), [Bid.BID_3] + spring)
    assert state.multiplier == 8 and state.scores == (48, -24, -24)


def anti_spring_state(game: Game):
    hands, kitty = split_deal({1: "R 3456789TJQKA 2222"})
    return game.new_state_from_hands(hands, kitty)


ANTI_SPRING = ["3", "R", "pass", "pass", "3456789TJQKA", "pass", "pass", "2222"]


def test_anti_spring_doubles_when_the_landlord_played_only_the_first_lead():
    state = script(anti_spring_state(Game()), [Bid.BID_1, Bid.PASS, Bid.PASS] + ANTI_SPRING)
    assert state.winner == "peasants"
    assert state.multiplier == 4 and state.scores == (-8, 4, 4)  # bomb x anti-spring


def test_two_robs_and_a_landlord_double():
    hands, kitty = split_deal({2: BOMBER}, "222")
    state = Game(CALL_ROB).new_state_from_hands(hands, kitty)
    script(state, [Bid.CALL, Bid.ROB, Bid.ROB, Bid.PASS])
    assert state.landlord == 2 and state.multiplier == 4
    script(state, [Double.NO_DOUBLE, Double.DOUBLE, Double.DOUBLE] + BOMBER_WINS)
    # 1 x 4 (robs) x 4 (bombs) = 16; the landlord's double doubles both, seat 1's its own
    assert state.multiplier == 16 and state.scores == (-32, -64, 96)


def test_a_short_landlord_stack_is_shared_between_the_peasants_in_proportion():
    game = Game(Rules().replace(doubling=True), chips=(5, 100, 100))
    state = script(anti_spring_state(game), [Bid.BID_1, Bid.PASS, Bid.PASS,
                                             Double.DOUBLE, Double.NO_DOUBLE, Double.NO_DOUBLE]
                   + ANTI_SPRING)
    assert state.raw_scores == (-12, 8, 4)
    assert state.scores == (-5, 3, 2) and state.final_stacks == (0, 103, 102)


# --- illegal actions change nothing -------------------------------------------------------

@pytest.mark.parametrize("prefix, bad, error", [
    ([], Bid.CALL, ValueError),
    ([], 7, ValueError),
    ([], Double.DOUBLE, TypeError),
    ([], Move.PASS, TypeError),
    ([Bid.BID_2], Bid.BID_1, ValueError),
    ([Bid.BID_3], Move.PASS, ValueError),
    ([Bid.BID_3], Bid.PASS, TypeError),
    ([Bid.BID_3], parse_move("B"), ValueError),        # not in the landlord's hand
    ([Bid.BID_3, "3"], parse_move("3"), ValueError),   # held, but does not beat a 3
    ([Bid.BID_3, "3"], b"not an action", TypeError),
    ([Bid.BID_3, "3"], "not an action", ValueError),
    ([Bid.BID_3, "3"], "3", ValueError),               # its text, which does not beat a 3
    ([Bid.BID_3, "3"], "34", ValueError),              # no move at all
])
def test_an_illegal_action_raises_and_leaves_the_state_exactly_as_it_was(prefix, bad, error):
    state = script(bomber_state(Game()), prefix)
    before, seen = state.clone(), snapshot(state)
    with pytest.raises(error):
        state.apply(bad)
    assert state == before and snapshot(state) == seen


def test_every_illegal_action_is_a_value_error_and_a_wrong_kind_also_a_type_error():
    state = Game().new_state(seed=1)
    with pytest.raises(IllegalActionError):
        state.apply(Bid.CALL)
    with pytest.raises(ActionTypeError) as raised:
        state.apply(Move.PASS)
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, TypeError)


def test_no_action_after_the_end():
    state = script(bomber_state(Game()), [Bid.BID_3] + BOMBER_WINS)
    assert state.legal_actions() == [] and state.current_player is None
    with pytest.raises(ValueError, match="over"):
        state.apply(Move.PASS)
    with pytest.raises(ValueError, match="over"):
        state.timeout()


def test_clones_are_independent():
    state = Game().new_state(seed=2)
    copy = state.clone()
    state.apply(Bid.BID_3)
    assert copy.phase == "bidding" and copy != state
    copy.apply(Bid.BID_3)
    assert copy == state


def test_position_of_a_play_phase_state():
    state = script(bomber_state(Game()), [Bid.BID_3, "3"])
    position = state.position()
    assert position.to_move == 1 and position.prev == parse_move("3")
    assert position.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError, match="play phase"):
        Game().new_state(seed=1).position()


def test_the_no_kitty_deal_gives_18_cards_each_and_no_kitty():
    # Derived from the rule book's deal, not from the engine: random.Random(seed) shuffles the
    # sorted deck (3333 4444 ... 2222 B R as ranks 0..14), and without a kitty cards 0-17,
    # 18-35 and 36-53 go to seats 0, 1 and 2.
    from ddz_fast.engine import record

    game = Game("no_kitty")
    for seed in (0, 7, "table", 2 ** 70):
        deck = [rank for rank in range(13) for _ in range(4)] + [13, 14]
        random.Random(seed).shuffle(deck)
        piles = [Hand([deck[18 * s:18 * s + 18].count(r) for r in range(15)]) for s in range(3)]
        state = game.new_state(seed=seed)
        assert list(state.hands) == piles
        assert deal_cards(seed, rules="no_kitty") == (tuple(piles), Hand(""))
        while state.phase == "bidding":
            state.apply(state.legal_actions()[-1])          # the highest bid: 3 at once
        landlord = state.landlord
        assert state.kitty is None and state.hands[landlord] == piles[landlord]
        rng = random.Random(1)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert sum(state.scores) == 0 and state.start.kitty is None
        assert record.load(record.from_json(record.to_json(state))) == state
    with pytest.raises(ValueError, match="holds 17 cards, not 18"):
        game.new_state_from_hands(["3" * 4 + "4" * 4 + "5" * 4 + "6" * 4 + "7", "", ""])
    with pytest.raises(ValueError, match="deal no kitty"):
        game.new_state_from_hands(piles, Hand("3"))
    played = game.new_state_from_hands(piles, landlord=2)
    assert [len(h) for h in played.hands] == [18, 18, 18] and played.phase == "play"
