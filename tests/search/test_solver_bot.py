"""SolverBot: plays a winning move whenever the solver proves one, else delays the loss."""
from __future__ import annotations

import pytest

from ddz_fast import Game, solve
from ddz_fast.search.bots import GreedyBot, SolverBot, start_play
from ddz_fast.search.catalog import BOTS, make_bot


def test_registered():
    assert BOTS["solver"] is SolverBot
    assert isinstance(make_bot("solver", 1), SolverBot)


@pytest.mark.native  # the solver is compiled only
def test_plays_the_first_move_of_the_principal_variation():
    bot, greedy = SolverBot(), GreedyBot()
    checked = 0
    for seed in range(3):
        state = start_play(Game(), seed, landlord=seed % 3)
        while not state.is_over:
            position = state.position()
            if state.current_player == state.landlord:
                move = bot.play(state)
                found = solve(position, rules=state.rules, max_nodes=bot.max_nodes)
                assert move in state.legal_actions()
                if found.exact:
                    checked += 1
                    assert move == found.pv[0]
                    if found.wins:
                        assert move in found.winning_moves
            else:
                move = greedy.play(state)
            state.apply(move)
    assert checked >= 5
