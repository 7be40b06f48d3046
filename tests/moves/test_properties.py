"""Properties every implementation must have, checked on hypothesis-generated hands: 75
examples a test in the default run, 150 in the slow step."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_fast import Hand

from support.common import sizes
from support.strategies import hands, presets

SETTINGS = settings(deadline=None)
EXAMPLES = sizes(75, 150)


# The api fixture is a module: each test draws its examples in a function of its own, given the
# module the fixture chose.

@pytest.mark.parametrize("examples", EXAMPLES)
def test_every_move_is_in_the_hand_and_classifies_as_itself(api, examples):
    @settings(SETTINGS, max_examples=examples)
    @given(counts=hands(), preset=presets)
    def check(counts, preset):
        hand = Hand(counts)
        moves = api.legal_moves(hand, rules=preset)
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert move in hand
            assert move in api.classify(move.cards, rules=preset)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_responses_are_the_leading_moves_that_beat_prev(api, examples):
    @settings(SETTINGS, max_examples=examples)
    @given(counts=hands(min_size=1), other=hands(min_size=1), preset=presets, data=st.data())
    def check(counts, other, preset, data):
        prevs = api.legal_moves(other, rules=preset)
        prev = data.draw(st.sampled_from(prevs))
        leading = api.legal_moves(counts, rules=preset)
        expected = [m for m in leading if api.beats(m, prev, rules=preset)]
        assert list(api.legal_moves(counts, prev, rules=preset)) == expected

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_beats_is_irreflexive_and_transitive_within_a_type(api, examples):
    @settings(SETTINGS, max_examples=examples)
    @given(counts=hands(min_size=1), preset=presets, data=st.data())
    def check(counts, preset, data):
        moves = api.legal_moves(counts, rules=preset)
        a, b, c = (data.draw(st.sampled_from(moves)) for _ in range(3))
        assert not api.beats(a, a, rules=preset)
        if api.beats(a, b, rules=preset) and api.beats(b, c, rules=preset) and a.type == c.type:
            assert api.beats(a, c, rules=preset)
        if a.type == b.type and a.type not in ("bomb", "rocket"):
            assert not (api.beats(a, b, rules=preset) and api.beats(b, a, rules=preset))

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_classify_of_a_whole_hand_is_a_subset_of_its_moves(api, examples):
    @settings(SETTINGS, max_examples=examples)
    @given(counts=hands(min_size=1), preset=presets)
    def check(counts, preset):
        readings = api.classify(counts, rules=preset)
        assert all(m.counts == counts for m in readings)
        assert set(readings) <= set(api.legal_moves(counts, rules=preset))

    check()
