"""Random simulation: 10,000 complete hands, deal to settlement, with invariants on every step.

The classic presets under points, single-round points and call/rob bidding, some with chips
(the tables beyond them play 10,000 hands each in tests/variants/test_random_tables.py). After
every step: all 54 cards are accounted for and the right player is to move. On a sampled
subset of steps: every legal action applies (on a clone), and illegal actions raise and leave
the state exactly as it was. Every hand ends, and its scores sum to zero.

Then 10,000 more with the ``deal_bonuses`` option on every preset and auction: each deal's bonus
events are those its rank counts give, and the multiplier is 2 to the number of the current deal's
bonus events (from the rank counts), robs, bombs and rockets (and the spring or anti-spring at the
end), counted from the actions the test takes; the record of every hand with a bonus (and of one
hand in ten without) replays to the same state.
"""
from __future__ import annotations

import pytest

from ddz_fast.engine import record
from support.random_hands import (BONUS_CONFIGS, CONFIGS, HANDS_PER_BONUS_CONFIG,
                                  HANDS_PER_CONFIG, config_id, play_config)


@pytest.mark.slow  # 10,000 whole hands: minutes under DDZ_FAST_IMPLEMENTATION=python
@pytest.mark.parametrize("preset, auction", CONFIGS, ids=[config_id(*c) for c in CONFIGS])
def test_random_hands_keep_every_invariant(preset, auction):
    play_config(CONFIGS, preset, auction, 0, HANDS_PER_CONFIG)


@pytest.mark.slow  # 10,000 whole hands: minutes under DDZ_FAST_IMPLEMENTATION=python
@pytest.mark.parametrize("preset, auction", BONUS_CONFIGS,
                         ids=[config_id(*c) for c in BONUS_CONFIGS])
def test_random_hands_with_deal_bonuses_keep_every_invariant(preset, auction):
    hands = play_config(BONUS_CONFIGS, preset, auction, 100, HANDS_PER_BONUS_CONFIG)
    for number, state in enumerate(hands):
        if state.deal_bonuses or number % 10 == 0:
            assert record.load(record.from_json(record.to_json(state))) == state
    # About 3 deals in 10 have double kings (3 x 17 x 16 / (54 x 53) = 0.29; 0.32 with 18
    # cards each), fewer once re-deals are counted by their last deal only.
    assert 0.2 < sum(bool(state.deal_bonuses) for state in hands) / len(hands) < 0.45
