"""The game scripts of tests/support/game_scripts.py do what the other tests rely on."""
from __future__ import annotations

from ddz_fast.cards import parse_cards
from ddz_fast.moves.notation import parse_move
from support.game_scripts import Bid, script, snapshot, split_deal


def test_split_deal_gives_the_fixed_cards_and_the_rest_low_to_high():
    hands, kitty = split_deal({1: "3456789TJQKA2BR33"})
    assert hands[1] == "3456789TJQKA2BR33"
    # Seat 0 then seat 2 get the rest of the deck in rank order (one 3, three of each rank
    # 4..2, no joker), and the kitty what is left.
    assert hands[0] == "34445556667778889"
    assert hands[2] == "99TTTJJJQQQKKKAAA"
    assert kitty == "222"
    assert [sum(parse_cards(h)) for h in hands] == [17, 17, 17]


def test_split_deal_refuses_cards_beyond_one_deck():
    import pytest

    with pytest.raises(AssertionError, match="more than one deck"):
        split_deal({0: "3333", 1: "3"})


def test_script_applies_bids_and_move_text_and_snapshot_sees_each_step():
    from ddz_fast.engine.game import Game

    hands, kitty = split_deal({0: "33445566778899TTJ"}, kitty="QKA")
    state = Game("standard").new_state_from_hands(hands, kitty=kitty, first_bidder=0)
    before = snapshot(state)
    script(state, [Bid.BID_3, "33"])
    assert state.phase == "play" and state.landlord == 0
    assert str(state.history[-1][1]) == "33" and state.prev == parse_move("33")
    assert snapshot(state) != before
    assert snapshot(state) == snapshot(state.clone())
