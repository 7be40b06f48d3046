"""MoveList's numpy views: ``array`` shares the list's words, ``action_ids`` maps them to ids."""
from __future__ import annotations

import gc

import numpy as np
import pytest

from ddz_fast import legal_moves
from ddz_fast.reference import moves as reference

from support.common import random_hands

pytestmark = pytest.mark.native  # the core's MoveList


@pytest.mark.parametrize("preset", ["standard", "douzero"])
def test_array_and_action_ids_follow_the_moves(preset: str):
    for hand in random_hands(200, seed=5):
        moves = legal_moves(hand, rules=preset)
        words = moves.array
        assert words.dtype == np.uint64 and not words.flags.writeable
        assert words.tolist() == [m.word for m in moves]
        # The reference's own ids are the independent source.
        expected = [reference.action_id(m, rules=preset) for m in moves]
        assert moves.action_ids(preset).tolist() == expected


def test_an_array_keeps_its_list_alive():
    words = legal_moves("33344455BR").array
    expected = [m.word for m in reference.legal_moves("33344455BR")]
    gc.collect()
    legal_moves("3456789TJQKA2")        # would reuse a freed block of the same size
    assert words.tolist() == expected
    with pytest.raises(ValueError, match="read-only"):
        words[0] = 0


def test_action_ids_refuse_a_move_of_another_rule_set():
    moves = legal_moves("33344455", rules="douzero")   # wings 44 + 55 repeat a rank
    with pytest.raises(ValueError, match="is not in the action space"):
        moves.action_ids("standard")
    assert legal_moves("").action_ids().tolist() == []
