"""Duels where the fastest public C++ endgame solver (YunyanDeng/doudizhu_endgame) and ddz_fast
disagree, and why ddz_fast is right.

benchmarks/solver_peer.py solves the same fixed-seed duels with both, under the peer's rules (a
bomb may carry a pair as its two solo kickers). On two of the 100 duels of 14 cards a side the
peer says the first player wins; ddz_fast says it loses, and so does the plain-minimax twin,
which searches every line without a table. The peer's table keeps 32-bit keys, so two nodes can
share an entry; ddz_fast's is keyed by the whole node.
"""
from __future__ import annotations

import pytest

from ddz_fast import Duel, Rules, solve
from ddz_fast.reference.solver import solve_reference

PEER_RULES = Rules(four_two_solo_max_copies=2)
#: The duels of benchmarks/solver_games.py (14 a side) the peer gets wrong.
PEER_WRONG = ["34567889JQQKA2/3344466779JAAB", "334559TTQQK222/34789TJQQKAAA2"]


@pytest.mark.native  # the compiled solver's side
@pytest.mark.parametrize("duel", PEER_WRONG)
def test_the_first_player_loses_where_the_peer_says_it_wins(duel):
    found = solve(Duel.parse(duel), rules=PEER_RULES, pv=False)
    assert found.exact and found.wins is False and found.winning_moves == ()


@pytest.mark.slow  # minutes each of plain minimax in Python
@pytest.mark.parametrize("duel", PEER_WRONG)
def test_plain_minimax_agrees_that_the_first_player_loses(duel):
    assert solve_reference(Duel.parse(duel), rules=PEER_RULES).wins is False
