"""``ddz-fast solve POSITION`` or ``ddz-fast solve --duel DUEL``: solve with every card visible.

Prints who wins, every winning move, the principal variation, the nodes searched, the time and the
nodes per second (see :func:`ddz_fast.search.solver.solve`). POSITION is one argument in the
notation of :mod:`ddz_fast.positions.three_player` and DUEL in that of
:mod:`ddz_fast.positions.duel`, quoted::

    ddz-fast solve "33445566/789TJ/QKA2B 0 1 KK 0"
    ddz-fast solve --duel "KK5543/225543 55"

The solver plays no wild cards: ``--rules laizi`` and ``tiandi_laizi`` are refused by name
before anything runs (``perft`` counts such positions, and ``arena`` plays such hands).

Under Run Fast rules (``--rules runfast`` or ``runfast_15``) POSITION is a Run Fast position
(:mod:`ddz_fast.positions.runfast`: two or three hands, the player to move, the move to beat,
the passes; two hands are the ``players=2`` game) solved by
:func:`~ddz_fast.search.runfast.solve_runfast`: whether ``--player`` (default: the player to
move) goes out first against the others playing together, the winning moves of the side to
move and a line of best play::

    ddz-fast solve --rules runfast "342/4/46 0 - 0"

``--duel``, ``--objective stake`` and ``--tt-mb`` are Dou Dizhu's (the Run Fast solver's table
is bounded by ``--max-nodes``) and are refused there in one line; ``--player`` is Run Fast's.

A long solve shows a progress line on stderr when stderr is a terminal. Ctrl-C stops it: one
line on stderr and exit status 130.
"""
from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Any, Dict, Optional, Sequence

from ddz_fast.positions.duel import Duel
from ddz_fast.move import Move
from ddz_fast.positions.runfast import RunFastPosition, format_runfast_move
from ddz_fast.positions.three_player import Position
from ddz_fast.rules import Rules
from ddz_fast._memory import check_room
from ddz_fast.search.runfast import RunFastSolution, solve_runfast
from ddz_fast.search.solver import (_MAX_TT_MEGABYTES, DEFAULT_TT_MEGABYTES, OBJECTIVES, Solution,
                                    solve)

from .common import (add_json_option, add_rules_option, format_count, move_text, print_json,
                     rules_name)

NAME = "solve"
HELP = "solve a position or a duel with every hand visible: winner, winning moves, best line"
#: What ``ddz-fast solve --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
Solves a position with every hand visible, or a two-hand duel, exactly: who
wins with best play, every first action that keeps the win, a line of best
play (the winner finishing as soon as it can, the loser holding out as long as
it can), the nodes searched and the time.

POSITION is one argument, quoted: the hands separated by /, the landlord, the
player to move, the move to beat (- when leading) and the passes since it; the
peasants play as one side that sees every card. DUEL is FIRST/SECOND,
optionally followed by a move the first player must beat. --objective stake
also maximises the signed multiplier. The solver plays no wild cards.

Under --rules runfast (or runfast_15) POSITION is a Run Fast position, "HANDS
TO_MOVE MOVE_TO_BEAT PASSES" with two or three hands: the answer is whether
--player (default: the player to move) goes out first against the others
playing together, with the winning moves of the side to move and a best line.

A long solve shows a progress line on stderr at a terminal; Ctrl-C stops it
with exit status 130.
"""
EXAMPLES = """\
ddz-fast solve "3344556677KK2/89TJQQA/9TJA22BR 0 0 - 0"
ddz-fast solve --duel "KK5543/225543 55"
ddz-fast solve --duel "BR3/44445" --objective stake --json
ddz-fast solve --rules runfast "342/4/46 0 - 0"
"""
PROGRESS_AFTER = 0.5    # seconds before the progress line appears


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="POSITION",
                        help='the position, quoted: "HANDS LANDLORD TO_MOVE MOVE_TO_BEAT '
                             'PASSES"; with --duel: "FIRST/SECOND [MOVE_TO_BEAT]"')
    parser.add_argument("--duel", action="store_true",
                        help="read the argument as a duel of two hands, the first to move")
    parser.add_argument("--objective", choices=OBJECTIVES, default="win",
                        help="also compute the stake (signed multiplier) with 'stake'")
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help="stop after N nodes (the result is then inexact)")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="stop after SECONDS (the result is then inexact)")
    parser.add_argument("--tt-mb", type=int, default=None, metavar="MB",
                        help=f"transposition table memory (default: {DEFAULT_TT_MEGABYTES}; "
                             f"not in Run Fast)")
    parser.add_argument("--player", type=int, default=None, metavar="SEAT",
                        help="Run Fast: the player whose going out first is solved (default: "
                             "the player to move)")
    add_rules_option(parser, layer="the solver")
    add_json_option(parser)


def _side_names(game: Any) -> Sequence[str]:
    return ("the first player", "the second player") if type(game) is Duel else \
        ("the landlord", "the peasants")


def winner_line(solution: Solution) -> str:
    """Who wins, in words."""
    game = solution.game
    if solution.wins is None:
        return "winner: unknown (the search stopped first)"
    if type(game) is Duel:
        return f"winner: {_side_names(game)[0 if solution.wins else 1]}"
    return f"winner: {_side_names(game)[0 if solution.landlord_wins else 1]}"


def _moves(moves: Sequence[Move], rules: Rules) -> str:
    return " ".join(move_text(m, rules) for m in moves) or "-"


def _document(solution: Solution, rules: Rules) -> Dict[str, Any]:
    return {
        "game": str(solution.game), "duel": type(solution.game) is Duel,
        "rules": rules.preset_name or "custom",
        "wins": solution.wins, "landlord_wins": solution.landlord_wins,
        "winning_moves": [move_text(m, rules) for m in solution.winning_moves],
        "pv": [move_text(m, rules) for m in solution.pv], "distance": solution.distance,
        "stake": solution.stake,
        "stake_moves": [move_text(m, rules) for m in solution.stake_moves],
        "nodes": solution.nodes, "seconds": solution.seconds,
        "nodes_per_second": solution.nodes_per_second, "exact": solution.exact,
        "stopped": solution.stopped,
    }


def _print(solution: Solution, rules: Rules) -> None:
    print(winner_line(solution) + ("" if solution.exact else " (inexact: stopped by the "
                                                             f"{solution.stopped} limit)"))
    if solution.winning_moves or solution.wins is not False:
        print(f"winning moves: {_moves(solution.winning_moves, rules)}")
    else:
        print("winning moves: none (the side to move loses)")
    if solution.pv:
        print(f"line ({solution.distance} actions): {_moves(solution.pv, rules)}")
    if solution.stake is not None:
        print(f"stake: {solution.stake:+d}  ({_moves(solution.stake_moves, rules)})")
    print(f"{format_count(solution.nodes)} nodes in {solution.seconds:.3f} s, "
          f"{format_count(solution.nodes_per_second)} nodes/s")


class _Progress:
    """A line on stderr, rewritten every half second while the solve runs (terminals only)."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._start = time.perf_counter()

    def __enter__(self) -> "_Progress":
        if sys.stderr.isatty():
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while not self._done.wait(PROGRESS_AFTER):
            elapsed = time.perf_counter() - self._start
            sys.stderr.write(f"\rsolving... {elapsed:.1f} s")
            sys.stderr.flush()

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()
            if time.perf_counter() - self._start > PROGRESS_AFTER:
                sys.stderr.write("\r\033[K")
                sys.stderr.flush()


# --- Run Fast --------------------------------------------------------------------------------

def _runfast_winner_line(solution: RunFastSolution) -> str:
    if solution.player_wins is None:
        return "winner: unknown (the search stopped first)"
    player = solution.player
    if solution.position.players == 2:
        return f"winner: player {player if solution.player_wins else 1 - player}"
    if solution.player_wins:
        return f"winner: player {player}, out first against the others together"
    return f"winner: the others, against player {player}"


def _runfast_moves(moves: Sequence[Move]) -> str:
    return " ".join(map(format_runfast_move, moves)) or "-"


def _runfast_document(solution: RunFastSolution, rules: Rules) -> Dict[str, Any]:
    return {
        "game": str(solution.position), "runfast": True, "rules": rules_name(rules),
        "player": solution.player, "wins": solution.wins, "player_wins": solution.player_wins,
        "winning_moves": [format_runfast_move(m) for m in solution.winning_moves],
        "pv": [format_runfast_move(m) for m in solution.pv], "distance": solution.distance,
        "nodes": solution.nodes, "seconds": solution.seconds,
        "nodes_per_second": solution.nodes_per_second, "exact": solution.exact,
        "stopped": solution.stopped,
    }


def _print_runfast(solution: RunFastSolution) -> None:
    print(_runfast_winner_line(solution) + ("" if solution.exact else " (inexact: stopped by "
                                            f"the {solution.stopped} limit)"))
    if solution.winning_moves or solution.wins is not False:
        print(f"winning moves: {_runfast_moves(solution.winning_moves)}")
    else:
        print("winning moves: none (the side to move loses)")
    if solution.pv:
        print(f"line ({solution.distance} actions): {_runfast_moves(solution.pv)}")
    print(f"{format_count(solution.nodes)} nodes in {solution.seconds:.3f} s, "
          f"{format_count(solution.nodes_per_second)} nodes/s")


def _refuse_dou_dizhu_options(args: argparse.Namespace) -> None:
    """ValueError naming the first option of the Dou Dizhu solver given under Run Fast
    rules."""
    if args.duel:
        raise ValueError("--duel is a Dou Dizhu duel: under Run Fast rules POSITION is a Run "
                         "Fast position (two hands are the two-player game)")
    if args.objective != "win":
        raise ValueError(f"--objective {args.objective} is Dou Dizhu's: the Run Fast solver "
                         f"answers who goes out first only")
    if args.tt_mb is not None:
        raise ValueError("--tt-mb does not apply to Run Fast: its solver's table is bounded "
                         "by --max-nodes")


def _run_runfast(args: argparse.Namespace) -> int:
    _refuse_dou_dizhu_options(args)
    position = RunFastPosition.parse(args.game)
    rules = args.rules
    if position.players != rules.players:   # two hands: the rules' two-player game
        rules = rules.replace(players=position.players)
    with _Progress():
        solution = solve_runfast(position, rules=rules, player=args.player,
                                 max_nodes=args.max_nodes, time_limit=args.time_limit)
    if args.json:
        print_json(_runfast_document(solution, rules))
    else:
        _print_runfast(solution)
    return 0


def run(args: argparse.Namespace) -> int:
    if args.rules.game == "runfast":
        return _run_runfast(args)
    if args.player is not None:
        raise ValueError("--player is Run Fast's (--rules runfast): a Dou Dizhu solve is "
                         "the landlord's side against the peasants")
    game = Duel.parse(args.game) if args.duel else Position.parse(args.game)
    tt_mb = DEFAULT_TT_MEGABYTES if args.tt_mb is None else args.tt_mb
    if 1 <= tt_mb <= _MAX_TT_MEGABYTES:  # outside, solve says what the range is
        check_room(tt_mb << 20, f"--tt-mb {tt_mb}", "the transposition table")
    with _Progress():
        solution = solve(game, rules=args.rules, objective=args.objective,
                         max_nodes=args.max_nodes, time_limit=args.time_limit,
                         tt_megabytes=tt_mb)
    if args.json:
        print_json(_document(solution, args.rules))
    else:
        _print(solution, args.rules)
    return 0
