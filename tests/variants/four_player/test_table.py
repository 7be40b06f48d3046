"""The four-player table beyond its moves (docs/RULES.md, "Four players with two decks"): the
auction over four seats. Each expected result is worked out from the rule text in a comment."""
from __future__ import annotations

import pytest

from ddz_fast import Bid, Rules
from ddz_fast.engine.bidding import auction_status, next_player

FOUR = Rules.preset("four_player")
P, B1, B2, B3, CALL, ROB = Bid.PASS, Bid.BID_1, Bid.BID_2, Bid.BID_3, Bid.CALL, Bid.ROB


def test_a_points_auction_ends_when_the_other_three_have_passed():
    # Seat 1 opens with 1, seat 2 passes, seat 3 bids 2, seat 0 passes: two passes, so seat 1
    # (who has not passed) bids again and may pass or bid 3. Its pass is the third: seat 3,
    # the highest bidder, is landlord at 2.
    actions = [(1, B1), (2, P), (3, B2), (0, P)]
    running = auction_status(FOUR, 1, actions)
    assert (running.to_move, running.legal) == (1, (P, B3))
    over = auction_status(FOUR, 1, actions + [(1, P)])
    assert (over.to_move, over.landlord, over.base_stake) == (None, 3, 2)
    # With three players the same two passes end it (the rule is "all others have passed").
    assert auction_status("standard", 1, [(1, B1), (2, P), (0, P)]).landlord == 1


def test_four_passes_redeal_and_a_bid_of_three_ends_at_once():
    assert auction_status(FOUR, 2, [(2, P), (3, P), (0, P), (1, P)]).redeal
    assert not auction_status(FOUR, 2, [(2, P), (3, P), (0, P)]).is_over   # seat 1 to speak
    over = auction_status(FOUR, 2, [(2, P), (3, B3)])
    assert (over.landlord, over.base_stake) == (3, 3)


def test_single_round_and_call_rob_go_round_four_seats():
    # Single round: each of the four speaks once; the highest bid after seat 3 wins.
    single = FOUR.replace(single_round_auction=True)
    assert auction_status(single, 0, [(0, B1), (1, P), (2, B2)]).to_move == 3
    assert auction_status(single, 0, [(0, B1), (1, P), (2, B2), (3, P)]).landlord == 2
    # Call/rob from seat 0: seat 1 calls, then seats 2 and 3 may rob; seat 2 robs, so the
    # caller may rob back once; it does: landlord 1 after two robs.
    call_rob = FOUR.replace(bidding="call_rob")
    actions = [(0, P), (1, CALL), (2, ROB), (3, P)]
    assert auction_status(call_rob, 0, actions).to_move == 1
    over = auction_status(call_rob, 0, actions + [(1, ROB)])
    assert (over.landlord, over.robs) == (1, 2)
    assert auction_status(call_rob, 0, [(0, P), (1, P), (2, P), (3, P)]).redeal


def test_seats_run_to_three_at_four_and_to_two_at_three():
    assert [next_player(seat, 4) for seat in range(4)] == [1, 2, 3, 0]
    with pytest.raises(ValueError, match="seat 0, 1, 2 or 3, got 4"):
        auction_status(FOUR, 0, [(4, P)])
    with pytest.raises(ValueError, match="seat 0, 1 or 2, got 3"):
        auction_status("standard", 3, [])


def test_the_four_player_deal_is_random_randoms_shuffle_of_two_decks():
    import random

    from ddz_fast import Hand
    from ddz_fast.engine.game import deal_cards
    # The 108 cards sorted by rank (eight of 3..2, two of each joker), shuffled once per deal
    # by random.Random(seed): cards 0-24 to seat 0, 25-49 to seat 1, 50-74 to 2, 75-99 to 3,
    # the last 8 to the kitty.
    deck = sorted([rank for rank in range(13) for _ in range(8)] + [13, 13, 14, 14])
    for seed, number in ((7, 0), (7, 2), ("table", 1)):
        rng = random.Random(seed)
        for _ in range(number + 1):
            cards = list(deck)
            rng.shuffle(cards)
        piles = [cards[i:i + 25] for i in range(0, 100, 25)] + [cards[100:]]
        expected = [Hand([pile.count(rank) for rank in range(15)], decks=2) for pile in piles]
        deal = deal_cards(seed, number, rules=FOUR)
        assert list(deal.hands) + [deal.kitty] == expected
        assert [len(h) for h in deal.hands] == [25] * 4 and len(deal.kitty) == 8


def test_the_plain_python_deal_is_the_three_player_deal_at_three():
    # The deal of the plain-Python engine (four seats, and wild cards at three) is the
    # three-player deal when it seats three.
    import random

    from ddz_fast.engine.game import deal_cards
    from ddz_fast.engine.python_state import shuffled_deal
    for rules in ("standard", "no_kitty"):
        for seed, number in ((3, 0), (3, 4), (2 ** 70, 1)):
            rng = random.Random(seed)
            for _ in range(number + 1):
                dealt = shuffled_deal(rng, Rules.preset(rules))
            assert dealt == deal_cards(seed, number, rules=rules)


def test_scores_at_the_four_player_table():
    from ddz_fast.engine.scoring import settle_sides, side_spring_factor
    # Alone: base 2, multiplier 4: each peasant settles 8 with the landlord (seat 1).
    assert settle_sides(2, 4, 1, None, True) == (-8, 24, -8, -8)
    assert settle_sides(2, 4, 1, None, False) == (8, -24, 8, 8)
    # Two against two, landlord 0 and partner 2: the side wins when any of its players goes
    # out, the partner included; each loser pays 3 x 2 = 6 to one winner.
    assert settle_sides(3, 2, 0, 2, True) == (6, -6, 6, -6)
    assert settle_sides(3, 2, 0, 2, False) == (-6, 6, -6, 6)
    # Spring: the landlord's side won and no opponent played (the partner's plays do not
    # matter); anti-spring: the opponents won and the landlord played its first lead only.
    assert side_spring_factor(True, (3, 0, 2, 0), 0, 2) == 2
    assert side_spring_factor(True, (3, 1, 2, 0), 0, 2) == 1
    assert side_spring_factor(True, (3, 0, 0, 0), 0, None) == 2
    assert side_spring_factor(True, (3, 0, 2, 0), 0, None) == 1       # seat 2 is an opponent
    assert side_spring_factor(False, (1, 4, 5, 2), 0, 2) == 2
    assert side_spring_factor(False, (2, 4, 0, 2), 0, 2) == 1
    with pytest.raises(ValueError, match="its own partner"):
        settle_sides(1, 1, 3, 3, True)
    with pytest.raises(ValueError, match="seat 0, 1, 2 or 3, got 4"):
        settle_sides(1, 1, 4, None, True)


def test_settlement_pairs_doubles_and_chip_caps_at_four_seats():
    from ddz_fast.engine.scoring import cap_sides_to_stacks, settle_sides, side_pairs
    # Alone: the landlord with each peasant, in turn order after it.
    assert side_pairs(2, None) == ((2, 3), (2, 0), (2, 1))
    # Landlord 3, partner 1: the first opponent after seat 1 is seat 2; the landlord takes 0.
    assert side_pairs(3, 1) == ((1, 2), (3, 0))
    # Landlord 1, partner 0: after seat 0 comes the landlord, then seat 2, the partner's.
    assert side_pairs(1, 0) == ((0, 2), (1, 3))
    # Alone, base 1 x multiplier 2, the landlord (0) and seat 2 doubled, the landlord lost:
    # every settlement x2 for the landlord's double, seat 2's x2 more: 4, 8 and 4 to seats
    # 1, 2 and 3, 16 from the landlord.
    assert settle_sides(1, 2, 0, None, False, (True, False, True, False)) == (-16, 4, 8, 4)
    # Two against two, landlord 0 and partner 2 won 10 from each opponent. Seat 1 pays the
    # landlord at most the landlord's 5 chips and at most its own 3: 3. Seat 3 pays the
    # partner 10 (only the landlord's stack caps what a winner takes).
    assert cap_sides_to_stacks((10, -10, 10, -10), (5, 3, 100, 100), 0, 2) == (3, -3, 10, -10)
    assert cap_sides_to_stacks((10, -10, 10, -10), None, 0, 2) == (10, -10, 10, -10)
    with pytest.raises(ValueError, match="four non-negative ints"):
        cap_sides_to_stacks((10, -10, 10, -10), (5, 3, 100), 0, 2)
    with pytest.raises(TypeError, match="4 bools"):
        settle_sides(1, 1, 0, None, True, (True, False, True))
