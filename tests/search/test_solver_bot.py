"""SolverBot: plays a winning move whenever the solver proves one, else delays the loss."""
from __future__ import annotations

import pytest

from ddz_fast import Game, solve
from ddz_fast.search.bots import GreedyBot, SolverBot, start_play
from ddz_fast.search.catalog import BOTS, make_bot
from support.common import sizes


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


@pytest.mark.native  # the solver is compiled only
@pytest.mark.parametrize("hands", sizes(2, 4))
@pytest.mark.parametrize("rules", ["laizi", "tiandi_laizi", "four_player", "four_player_partner"])
def test_plays_every_table_by_the_principal_variation(rules, hands):
    """The solver bot plays hands with wild cards and at four seats (the partner's side too),
    each move the first of the principal variation of the state's position whenever the solve
    finishes, and legal always."""
    from dataclasses import replace
    from ddz_fast import Rules
    from ddz_fast.engine.four_player import FourPlayerState

    checked = 0
    table = (replace(Rules.preset("four_player"), sides="partner")
             if rules == "four_player_partner" else Rules.preset(rules))
    bot, greedy = SolverBot(max_nodes=100_000), GreedyBot()
    for seed in range(hands):
        state = start_play(Game(table), seed, landlord=0)
        if state.phase == "partner":
            state.apply(bot.partner(state))
        while not state.is_over:
            if state.current_player != state.landlord:
                state.apply(greedy.play(state))
                continue
            move = bot.play(state)
            assert move in state.legal_actions()
            partner = state.partner if isinstance(state, FourPlayerState) else None
            found = solve(state.position(), rules=state.rules, partner=partner,
                          max_nodes=bot.max_nodes)
            if found.exact:
                checked += 1
                assert move == found.pv[0]
            state.apply(move)
    assert checked >= 3
