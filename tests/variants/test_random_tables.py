"""Random simulation of the tables beyond the classic game: 10,000 complete hands of each.

``no_kitty`` (18 cards each, no kitty) and ``botzone`` (the space shuttle) play 10,000 hands
each, split over points, single-round points and call/rob bidding, half of the auctions with
chips, with the checks of tests/engine/test_random_hands.py: after every step the cards (all 54 of
them, none in a kitty without one), whose turn it is and the multiplier against the test's own
count; on a sample of steps every legal action applies on a clone and illegal actions raise
and change nothing; every hand ends, its scores sum to zero and respect the chips. Records
replay: every hand in which a space shuttle was played, and one hand in four of the others.
(The four-player table has its own, tests/variants/four_player/test_random_hands.py.)
"""
from __future__ import annotations

import pytest

from ddz_fast import Move
from ddz_fast.engine import record
from support.random_hands import AUCTIONS, NEW_TABLES, config_id, play_config

HANDS_PER_TABLE = 10_000
CONFIGS = [(preset, auction) for preset in NEW_TABLES for auction in AUCTIONS]
HANDS_PER_CONFIG = -(-HANDS_PER_TABLE // len(AUCTIONS))
REPLAY_EVERY = 4


def played_a_shuttle(state) -> bool:
    return any(isinstance(a, Move) and a.type == "space_shuttle" for _, a in state.history)


@pytest.mark.slow  # 10,000 whole hands a table: minutes under DDZ_FAST_IMPLEMENTATION=python
@pytest.mark.parametrize("preset, auction", CONFIGS, ids=[config_id(*c) for c in CONFIGS])
def test_ten_thousand_random_hands_a_table_keep_every_invariant(preset, auction):
    hands = play_config(CONFIGS, preset, auction, 200, HANDS_PER_CONFIG)
    shuttles = 0
    for number, state in enumerate(hands):
        shuttle = played_a_shuttle(state)
        shuttles += shuttle
        if shuttle or number % REPLAY_EVERY == 0:
            assert record.load(record.from_json(record.to_json(state))) == state
        if preset == "no_kitty":
            assert state.kitty is None and state.deal.kitty.bitboard == 0
            assert sorted(map(len, state.deal.hands)) == [18, 18, 18]
    if preset == "botzone":
        # Random play leads a shuttle only from a hand holding two bombs of consecutive ranks,
        # so a few hands in a thousand: the records of some must have been replayed.
        assert shuttles > 0
