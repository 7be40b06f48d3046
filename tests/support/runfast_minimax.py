"""Plain minimax for the Run Fast paranoid value, the twin the solver is tested against.

Written from docs/RULES.md ("Search", "Perfect information"; "Run Fast", its last bullet) over
the independent play rules of tests/support/runfast_walk.py, and importing nothing from
ddz_fast: no memo, no move ordering, no cutoff beyond the plain ``any``/``all`` of a boolean
minimax, so that it is obviously the definition. States, moves and options are the walk's.

* The named player's side is the named player alone; every other player in play is on the other
  side (the paranoid value).
* ``player_wins(state, player)``: whether the named player goes out first with best play.
* ``outcome(state, player)``: (the named player wins, actions to the end) when the winning side
  ends the hand as fast as it can and the losing side delays the end as long as it can.
"""
from __future__ import annotations

from typing import List, Tuple

from support import runfast_walk as walk


def _ends(state: walk.State, move: walk.Move) -> bool:
    """Whether ``move`` empties the mover's hand (so the mover wins)."""
    return move[0] != "pass" and move[3] == state[0][state[1]]


def child_value(state: walk.State, move: walk.Move, player: int, opts: walk.Options) -> bool:
    """Whether the named player wins after ``move`` is played at ``state``."""
    if _ends(state, move):
        return state[1] == player
    return player_wins(walk.play(state, move), player, opts)


def player_wins(state: walk.State, player: int, opts: walk.Options) -> bool:
    values = (child_value(state, m, player, opts) for m in walk.actions(state, opts))
    return any(values) if state[1] == player else all(values)


def winning_moves(state: walk.State, player: int, opts: walk.Options) -> List[walk.Move]:
    """The first actions after which the side to move still wins."""
    mine = state[1] == player
    return [m for m in walk.actions(state, opts) if child_value(state, m, player, opts) == mine]


def child_outcome(state: walk.State, move: walk.Move, player: int,
                  opts: walk.Options) -> Tuple[bool, int]:
    if _ends(state, move):
        return state[1] == player, 1
    won, length = outcome(walk.play(state, move), player, opts)
    return won, length + 1


def outcome(state: walk.State, player: int, opts: walk.Options) -> Tuple[bool, int]:
    mine = state[1] == player
    results = [child_outcome(state, m, player, opts) for m in walk.actions(state, opts)]
    kept = [length for won, length in results if won == mine]
    if kept:                                    # the side to move wins: fastest
        return mine, min(kept)
    return not mine, max(length for _, length in results)   # it loses: longest
