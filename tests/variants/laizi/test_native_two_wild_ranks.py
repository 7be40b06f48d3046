"""The compiled laizi generator against the reference with two wild ranks (tiandi laizi): the
random run of :mod:`support.laizi_samples` on 20,000 hands (one wild rank:
tests/variants/laizi/test_native_one_wild_rank.py).
"""
from __future__ import annotations

import pytest

from support import laizi_samples
from support.laizi_samples import DENSE, UNIFORM, WILD_RICH

pytestmark = pytest.mark.native  # the compiled laizi generator

SEED = 20_261_202

#: 20,000 hands of 1..20 cards. Two wild ranks cost the reference two to four times one:
#: ~0.6 ms for a uniform deal of up to 9 cards, ~75 ms for a full hand and more for a hand
#: holding all eight wilds, so the larger hands are fewer than with one.
TWO_WILD_PLAN = [(18_850, 1, 9, UNIFORM), (400, 10, 14, UNIFORM), (50, 17, 17, UNIFORM),
                 (50, 20, 20, UNIFORM), (400, 1, 9, WILD_RICH), (200, 1, 9, DENSE),
                 (50, 10, 14, DENSE)]


@pytest.mark.slow
def test_two_wild_ranks_native_equals_the_reference_on_20000_hands():
    assert sum(count for count, *_ in TWO_WILD_PLAN) == 20_000
    pools = laizi_samples.run(SEED, 2, TWO_WILD_PLAN)
    missing = [kind for kind in laizi_samples.MUST_ANSWER + [("bomb", 8, "soft")]
               if not pools.answered[kind]]
    assert not missing, missing
