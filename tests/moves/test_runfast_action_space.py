"""Run Fast's action space against the independent brute force written from the rule text
(tests/support/runfast_action_space_brute.py, itself checked against hand counts in
tests/moves/test_runfast_action_space_brute.py): the same set of (type, key, length, counts)
under each preset and each move option, type by type, in canonical order."""
from __future__ import annotations

from collections import Counter

import pytest

import ddz_fast
from ddz_fast import Rules
from support.runfast_action_space_brute import action_space as brute_space

RUNFAST = Rules.preset("runfast")
CASES = {
    "runfast": RUNFAST,
    "runfast_15": Rules.preset("runfast_15"),
    "short_last_hand_off": RUNFAST.replace(short_last_hand=False),
    "aaa_bomb": RUNFAST.replace(aaa_bomb=True),
    "four_three": RUNFAST.replace(four_three=True),
    "runfast_15_every_option": Rules.preset("runfast_15").replace(aaa_bomb=True, four_three=True),
}


@pytest.mark.parametrize("rules", list(CASES.values()), ids=list(CASES))
def test_the_action_space_is_the_brute_force(rules):
    space = ddz_fast.action_space(rules)
    ours = [(m.type, m.key, m.length, m.counts) for m in space]
    theirs = brute_space(rules)
    assert Counter(t for t, *_ in ours) == Counter(t for t, *_ in theirs)
    assert len(set(ours)) == len(ours)
    assert set(ours) == set(theirs)
    # Canonical order: the Move order, which compares sort_key() (each key computed once here).
    assert list(space) == sorted(space, key=ddz_fast.Move.sort_key)
    assert [ddz_fast.action_id(m, rules) for m in space[::997]] == list(range(0, len(space), 997))


def test_the_runfast_types_in_their_order():
    order = [m.type for m in ddz_fast.action_space(RUNFAST.replace(four_three=True))]
    firsts = list(dict.fromkeys(order))
    assert firsts == ["solo", "pair", "trio_two", "chain", "pair_chain", "airplane_two",
                      "four_three", "bomb"]
