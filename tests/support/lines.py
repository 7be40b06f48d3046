"""The winning line of a solve checked against the reference, node by node: what makes a line of
play a winning line (ddz_fast.search.solver.solve's default ``pv``)."""
from __future__ import annotations

from typing import Optional

import ddz_fast
from ddz_fast.move import Move
from ddz_fast.positions.duel import Duel
from ddz_fast.reference.solver import solve_reference


def _after(game, move: Move, rules):
    """The game after the player to move plays ``move`` (legality checked; a duel turns round:
    its player to move is always its first)."""
    if type(game) is not Duel:
        return game.play(move, rules)
    if move.is_pass:
        return Duel(game.second, game.first)
    assert move in ddz_fast.legal_moves(game.first, game.prev, rules=rules), move
    rest = game.first - move
    return None if not rest else Duel(game.second, rest, move)


def check_winning_line(game, line, rules, partner: Optional[int] = None) -> None:
    """``line`` is a winning line of ``game``: every action legal where it is played, every
    action of the side that wins there one of the reference's winning moves, and the last one
    empties a hand."""
    assert line, game
    kwargs = {} if partner is None else {"partner": partner}
    for step, move in enumerate(line):
        assert game is not None and not getattr(game, "is_over", False), (step, line)
        expected = solve_reference(game, rules=rules, legal_moves=ddz_fast.legal_moves, **kwargs)
        if expected.wins:
            assert move in expected.winning_moves, (game, move, expected.winning_moves)
        game = _after(game, move, rules)
    assert game is None or game.is_over, line
