"""Helpers shared by the game engine tests (building deals, scripting hands), and the tests
that show the helpers do what the other tests rely on."""
from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

from ddz_fast.engine.bidding import Bid, Double
from ddz_fast.cards import FULL_DECK, format_cards, parse_cards
from ddz_fast.engine.game import State
from ddz_fast.moves.notation import parse_move


def split_deal(fixed: Dict[int, str], kitty: Optional[str] = None) -> Tuple[list, str]:
    """Hands for seats 0..2 and a kitty: the seats (and kitty) in ``fixed``/``kitty`` get those
    cards, the other seats the rest of the deck low to high in seat order, the kitty last."""
    rest = list(FULL_DECK)
    for cards in list(fixed.values()) + ([kitty] if kitty else []):
        for rank, count in enumerate(parse_cards(cards)):
            rest[rank] -= count
            assert rest[rank] >= 0, f"{cards} uses more than one deck"
    remaining = format_cards(rest)
    hands = []
    for seat in range(3):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(remaining[:17])
            remaining = remaining[17:]
    if kitty is None:
        kitty, remaining = remaining[:3], remaining[3:]
    assert remaining == "", "the fixed cards do not leave 17-card hands and a 3-card kitty"
    return hands, kitty


def script(state: State, actions: Sequence[object]) -> State:
    """Apply actions in order: Bid/Double members as they are, strings as move text."""
    for action in actions:
        state.apply(parse_move(action) if isinstance(action, str) else action)
    return state


def snapshot(state: State) -> tuple:
    """Everything public about a state, to check a rejected action changed nothing."""
    return (state.phase, state.current_player, state.hands, state.kitty, state.landlord,
            tuple(state.history), state.events, state.bids, state.doubles, state.multiplier,
            state.base_stake, state.redeals, state.prev, state.passes, state.plays,
            state.auto_play, state.has_left, state.timeouts_in_a_row, state.scores,
            state.first_bidder, state.deal, tuple(state.legal_actions()))


__all__ = ["split_deal", "script", "snapshot", "Bid", "Double"]


# --- the helpers' own tests ------------------------------------------------------------------

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
