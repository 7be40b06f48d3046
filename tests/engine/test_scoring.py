"""Settlement (docs/RULES.md, "Scoring"): multiplier pieces, doubles and chip stacks."""
from __future__ import annotations

import itertools

import pytest

from ddz_fast.engine.scoring import cap_to_stacks, settle, share_in_proportion, spring_factor


def test_landlord_win_each_peasant_pays_stake_times_multiplier():
    assert settle(3, 4, 0, True, (False, False, False)) == (24, -12, -12)


def test_peasants_win_landlord_pays_each():
    assert settle(2, 2, 1, False, (False, False, False)) == (4, -8, 4)


def test_a_peasant_double_applies_to_that_peasant_only():
    assert settle(1, 1, 0, True, (False, True, False)) == (3, -2, -1)


def test_the_landlord_double_applies_to_both_peasants():
    assert settle(1, 4, 2, True, (False, False, True)) == (-8, -8, 16)
    assert settle(1, 4, 2, True, (True, False, True)) == (-16, -8, 24)


@pytest.mark.parametrize("plays, landlord_won, factor", [
    ((5, 0, 0), True, 2),      # spring: neither peasant played a card
    ((5, 1, 0), True, 1),
    ((1, 3, 2), False, 2),     # anti-spring: the landlord played only the first lead
    ((2, 3, 2), False, 1),
])
def test_spring_and_anti_spring(plays, landlord_won, factor):
    assert spring_factor(landlord_won, plays, landlord=0) == factor


def test_no_stacks_means_no_cap():
    assert cap_to_stacks((24, -12, -12), None, 0) == (24, -12, -12)


def test_a_peasant_never_loses_more_than_its_stack():
    assert cap_to_stacks((24, -12, -12), (100, 5, 100), 0) == (17, -5, -12)


def test_the_landlord_never_wins_more_from_a_peasant_than_its_own_stack():
    assert cap_to_stacks((24, -12, -12), (7, 100, 100), 0) == (14, -7, -7)


def test_a_short_landlord_stack_is_shared_in_proportion_to_what_each_was_owed():
    # Peasant 1 doubled, so it is owed twice as much as peasant 2: 8 and 4 of a stack of 5.
    # Exact shares 3.33 and 1.67: round down to 3 and 1, the spare unit to the larger remainder.
    assert cap_to_stacks((-12, 8, 4), (5, 100, 100), 0) == (-5, 3, 2)


def test_a_landlord_stack_that_covers_both_pays_in_full():
    assert cap_to_stacks((-12, 8, 4), (12, 0, 0), 0) == (-12, 8, 4)


def test_share_in_proportion_sums_exactly_and_stays_within_one_unit():
    for total, a, b in itertools.product(range(0, 30), range(1, 12), range(1, 12)):
        shares = share_in_proportion(total, [a, b])
        assert sum(shares) == total
        for share, claim in zip(shares, (a, b)):
            assert abs(share - total * claim / (a + b)) < 1


def test_share_ties_go_to_the_earlier_claim():
    assert share_in_proportion(1, [4, 4]) == [1, 0]


@pytest.mark.parametrize("landlord", range(3))
def test_capped_scores_always_sum_to_zero(landlord):
    for stakes in itertools.product((1, 2, 4, 8, 16, 48), repeat=2):
        for landlord_won in (True, False):
            raw = [0, 0, 0]
            for peasant, stake in zip([p for p in range(3) if p != landlord], stakes):
                raw[peasant] = -stake if landlord_won else stake
                raw[landlord] -= raw[peasant]
            for stacks in itertools.product((0, 3, 10, 100), repeat=3):
                capped = cap_to_stacks(raw, stacks, landlord)
                assert sum(capped) == 0
                assert all(-c <= s for c, s in zip(capped, stacks))  # nobody loses more


def test_bad_stacks_are_rejected():
    with pytest.raises(ValueError, match="stacks"):
        cap_to_stacks((2, -1, -1), (1, -1, 3), 0)
