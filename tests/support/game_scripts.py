"""Helpers shared by the game engine tests: building deals, scripting hands, snapshots."""
from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

from ddz_fast.actions import Bid, Double
from ddz_fast.cards import FULL_DECK, format_cards, parse_cards
from ddz_fast.engine.three_player import State
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
