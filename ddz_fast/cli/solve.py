"""``ddz-fast solve POSITION`` or ``ddz-fast solve --duel DUEL``: solve with every card visible.

Prints who wins, every winning move, a winning line (``--shortest``: the principal variation), the
nodes searched, the time and the nodes per second (see :func:`ddz_fast.search.solver.solve`). POSITION is one argument in the
notation of :mod:`ddz_fast.positions.three_player` and DUEL in that of
:mod:`ddz_fast.positions.duel`, quoted::

    ddz-fast solve "33445566/789TJ/QKA2B 0 1 KK 0"
    ddz-fast solve --duel "KK5543/225543 55"

Every Dou Dizhu table is solved. With wild cards (``--rules laizi`` or ``tiandi_laizi``) the
position names its wild ranks in a sixth field, ``w=5``, or ``--wild`` names them. Under
``--rules four_player`` the position has four hands (:mod:`ddz_fast.positions.four_player`);
with ``--sides partner``, ``--partner SEAT`` names the landlord's partner::

    ddz-fast solve --rules laizi "34445/Q/6 0 0 KK 1 w=5"
    ddz-fast solve --rules four_player --sides partner --partner 2 "34/56/2/78 0 0 - 0"

Under Run Fast rules (``--rules runfast`` or ``runfast_15``) POSITION is a Run Fast position
(:mod:`ddz_fast.positions.runfast`: two or three hands, the player to move, the move to beat,
the passes; two hands are the ``players=2`` game) solved by
:func:`~ddz_fast.search.runfast.solve_runfast`: whether ``--player`` (default: the player to
move) goes out first against the others playing together, the winning moves of the side to
move and a line of best play::

    ddz-fast solve --rules runfast "342/4/46 0 - 0"

``--deal SEED`` solves a whole deal instead: the deal of that seed under ``--rules``, the seat
``--landlord`` (default 0) holding the kitty and leading (at the four-player table with
``--sides partner``, once it has named ``--partner``); ``--threads N`` searches the first moves
on N threads::

    ddz-fast solve --deal 7 --threads 2 --time-limit 60

``--first-win`` stops at the first winning move found: the value and that one move, at a
won position the cost of one move's proof instead of a verdict on every first move (see
``every_move`` of :func:`~ddz_fast.search.solver.solve`)::

    ddz-fast solve --deal 7 --first-win --threads 2 --time-limit 60

``--duel``, ``--deal``, ``--objective stake``, ``--tt-mb``, ``--threads``, ``--partner``,
``--first-win`` and ``--shortest`` are Dou Dizhu's (the Run Fast solver's table is bounded by
``--max-nodes``) and are refused there in one line; ``--player`` is Run Fast's.

A long solve shows a progress line on stderr when stderr is a terminal. Ctrl-C stops it: one
line on stderr and exit status 130.
"""
from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Any, Dict, List, Optional, Sequence, Union

from ddz_fast.positions.duel import Duel
from ddz_fast.move import Move
from ddz_fast.positions.runfast import RunFastPosition, format_runfast_move
from ddz_fast.rules import Rules
from ddz_fast._memory import check_room
from ddz_fast.search.runfast import RunFastSolution, solve_runfast
from ddz_fast.actions import Partner
from ddz_fast.engine.game import Game
from ddz_fast.search.bots import start_play
from ddz_fast.search.solver import (_MAX_TT_MEGABYTES, DEFAULT_TT_MEGABYTES, MAX_THREADS,
                                    OBJECTIVES, Solution, solve)

from .common import (AnyPosition, add_json_option, add_rules_option, format_count, move_text,
                     print_json, read_position, rules_name)

NAME = "solve"
HELP = "solve a position or a duel with every hand visible: winner, winning moves, best line"
#: What ``ddz-fast solve --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
Solves a position with every hand visible, or a two-hand duel, exactly: who
wins with best play, every first action that keeps the win, a winning line of
play (every move of the winner a winning move; with --shortest, the line where
the winner finishes as soon as it can and the loser holds out as long as it
can), the nodes searched and the time.

POSITION is one argument, quoted: the hands separated by /, the landlord, the
player to move, the move to beat (- when leading) and the passes since it; the
peasants play as one side that sees every card. DUEL is FIRST/SECOND,
optionally followed by a move the first player must beat. --objective stake
also maximises the signed multiplier.

With wild cards (--rules laizi or tiandi_laizi) the position names its wild
ranks in a sixth field, w=5, or --wild names them. Under --rules four_player
the position has four hands; with --sides partner, --partner names the seat
that plays on the landlord's side.

Under --rules runfast (or runfast_15) POSITION is a Run Fast position, "HANDS
TO_MOVE MOVE_TO_BEAT PASSES" with two or three hands: the answer is whether
--player (default: the player to move) goes out first against the others
playing together, with the winning moves of the side to move and a best line.

--deal SEED solves the whole deal of that seed instead of POSITION: the seat
--landlord (default 0) has taken the kitty and leads, 20 cards against 17 and
17. Whole deals are hard: give them --time-limit, --threads 2, a larger
--tt-mb, and --first-win when the winner is the question: it stops at the
first winning move found instead of judging every first move.

A long solve shows a progress line on stderr at a terminal; Ctrl-C stops it
with exit status 130.
"""
EXAMPLES = """\
ddz-fast solve "3344556677KK2/89TJQQA/9TJA22BR 0 0 - 0"
ddz-fast solve --duel "KK5543/225543 55" --shortest
ddz-fast solve --duel "BR3/44445" --objective stake --json
ddz-fast solve --rules laizi "34445/Q/6 0 0 KK 1 w=5"
ddz-fast solve --rules four_player --sides partner --partner 2 "34/56/2/78 0 0 - 0"
ddz-fast solve --rules runfast "342/4/46 0 - 0"
ddz-fast solve --deal 7 --landlord 2 --threads 2 --time-limit 60 --tt-mb 1024
"""
PROGRESS_AFTER = 0.5    # seconds before the progress line appears


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="POSITION", nargs="?",
                        help='the position, quoted: "HANDS LANDLORD TO_MOVE MOVE_TO_BEAT '
                             'PASSES"; with --duel: "FIRST/SECOND [MOVE_TO_BEAT]"')
    parser.add_argument("--duel", action="store_true",
                        help="read the argument as a duel of two hands, the first to move")
    parser.add_argument("--deal", type=int, default=None, metavar="SEED",
                        help="instead of POSITION, the whole deal of SEED: --landlord's seat "
                             "has taken the kitty and leads")
    parser.add_argument("--landlord", type=int, default=None, metavar="SEAT",
                        help="with --deal, the landlord's seat (default 0)")
    parser.add_argument("--objective", choices=OBJECTIVES, default="win",
                        help="also compute the stake (signed multiplier) with 'stake'")
    parser.add_argument("--first-win", action="store_true",
                        help="stop at the first winning move: the value and that one move "
                             "(a won position then costs one move's proof)")
    parser.add_argument("--shortest", action="store_true",
                        help="print the shortest line (the winner finishing as soon as it "
                             "can, the loser holding out): many times the cost of the value")
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help="stop after N nodes (the result is then inexact)")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="stop after SECONDS (the result is then inexact)")
    parser.add_argument("--threads", type=int, default=1, metavar="N",
                        help=f"search the first moves on N threads sharing the table (1 to "
                             f"{MAX_THREADS}; the same answers)")
    parser.add_argument("--tt-mb", type=int, default=None, metavar="MB",
                        help=f"transposition table memory (default: {DEFAULT_TT_MEGABYTES}; "
                             f"not in Run Fast)")
    parser.add_argument("--player", type=int, default=None, metavar="SEAT",
                        help="Run Fast: the player whose going out first is solved (default: "
                             "the player to move)")
    parser.add_argument("--partner", type=int, default=None, metavar="SEAT",
                        help="four_player with --sides partner: the landlord's partner")
    add_rules_option(parser, wild=True, position_wild=True, sides=True)
    add_json_option(parser)


def _side_names(game: Any, partner: Optional[int]) -> Sequence[str]:
    if type(game) is Duel:
        return ("the first player", "the second player")
    if partner is not None:
        return (f"the landlord and its partner (seats {game.landlord} and {partner})",
                "the other two")
    return ("the landlord", "the peasants")


def winner_line(solution: Solution, partner: Optional[int] = None) -> str:
    """Who wins, in words."""
    game = solution.game
    if solution.wins is None:
        return "winner: unknown (the search stopped first)"
    if type(game) is Duel:
        return f"winner: {_side_names(game, None)[0 if solution.wins else 1]}"
    return f"winner: {_side_names(game, partner)[0 if solution.landlord_wins else 1]}"


def _texts(moves: Sequence[Move], solution: Solution, rules: Rules) -> List[str]:
    """Moves as text that reads back under ``rules`` (and the position's wild ranks)."""
    wild = getattr(solution.game, "wild", None)
    return [move_text(m, rules, wild) for m in moves]


def _moves(moves: Sequence[Move], solution: Solution, rules: Rules) -> str:
    return " ".join(_texts(moves, solution, rules)) or "-"


def _document(solution: Solution, rules: Rules, partner: Optional[int]) -> Dict[str, Any]:
    return {
        "game": str(solution.game), "duel": type(solution.game) is Duel,
        "rules": rules_name(rules), "partner": partner,
        "wins": solution.wins, "landlord_wins": solution.landlord_wins,
        "winning_moves": _texts(solution.winning_moves, solution, rules),
        "pv": _texts(solution.pv, solution, rules), "distance": solution.distance,
        "stake": solution.stake,
        "stake_moves": _texts(solution.stake_moves, solution, rules),
        "nodes": solution.nodes, "seconds": solution.seconds,
        "nodes_per_second": solution.nodes_per_second, "exact": solution.exact,
        "stopped": solution.stopped,
    }


def _print(solution: Solution, rules: Rules, partner: Optional[int], first_win: bool) -> None:
    inexact = "" if solution.exact else (
        f" (inexact: stopped by the {solution.stopped} limit)" if solution.stopped else
        " (inexact: no line of play within 254 actions)")
    print(winner_line(solution, partner) + inexact)
    if first_win and solution.winning_moves:
        print(f"winning move (the first found): "
              f"{_moves(solution.winning_moves, solution, rules)}")
    elif solution.winning_moves or solution.wins is not False:
        print(f"winning moves: {_moves(solution.winning_moves, solution, rules)}")
    else:
        print("winning moves: none (the side to move loses)")
    if solution.pv:
        kind = "winning line" if solution.distance is None else "shortest line"
        print(f"{kind} ({len(solution.pv)} actions): {_moves(solution.pv, solution, rules)}")
    if solution.stake is not None:
        print(f"stake: {solution.stake:+d}  ({_moves(solution.stake_moves, solution, rules)})")
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
    if args.partner is not None:
        raise ValueError("--partner is the four-player table's: in Run Fast every player "
                         "plays for himself")
    if args.shortest:
        raise ValueError("--shortest is Dou Dizhu's: the Run Fast solver's line is always its "
                         "shortest")
    if args.first_win:
        raise ValueError("--first-win is Dou Dizhu's: the Run Fast solver finds every "
                         "winning move")
    if args.threads != 1:
        raise ValueError("--threads is Dou Dizhu's: the Run Fast solver runs on one thread")
    if args.deal is not None or args.landlord is not None:
        raise ValueError("--deal and --landlord are Dou Dizhu's whole deal: give a Run Fast "
                         "POSITION")


def _run_runfast(args: argparse.Namespace) -> int:
    _refuse_dou_dizhu_options(args)
    if args.game is None:
        raise ValueError("give a Run Fast POSITION to solve")
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


def _whole_deal(args: argparse.Namespace) -> AnyPosition:
    """The position of ``--deal SEED``: the seat ``--landlord`` has taken the kitty and leads
    (at the four-player table with a partner, once it has named ``--partner``)."""
    if args.duel or args.game is not None:
        raise ValueError("--deal solves the whole deal of its seed: give no POSITION and no "
                         "--duel beside it")
    if args.wild is not None:
        raise ValueError("--deal draws the deal's wild ranks: --wild does not apply")
    landlord = 0 if args.landlord is None else args.landlord
    state = start_play(Game(args.rules), args.deal, landlord=landlord)
    if state.phase == "partner":
        if args.partner is None:
            raise ValueError("--deal under --sides partner needs --partner SEAT: the seat the "
                             "landlord names as its partner")
        if args.partner not in state.legal_actions():
            raise ValueError(f"--partner {args.partner}: the landlord names one of seats "
                             f"{', '.join(str(int(seat)) for seat in state.legal_actions())}")
        state.apply(Partner(args.partner))
    return state.position()


def _game(args: argparse.Namespace) -> Union[Duel, AnyPosition]:
    """What to solve: the duel, the position or the whole deal the arguments name."""
    if args.deal is not None:
        return _whole_deal(args)
    if args.landlord is not None:
        raise ValueError("--landlord names the landlord of --deal's whole deal: a position "
                         "names its own")
    if args.game is None:
        raise ValueError("give a POSITION to solve (or --duel DUEL, or --deal SEED)")
    return Duel.parse(args.game) if args.duel else read_position(args.game, args)


def run(args: argparse.Namespace) -> int:
    if args.rules.game == "runfast":
        return _run_runfast(args)
    if args.player is not None:
        raise ValueError("--player is Run Fast's (--rules runfast): a Dou Dizhu solve is "
                         "the landlord's side against the peasants")
    if args.first_win and args.objective == "stake":
        raise ValueError("--first-win stops at the first winning move, but --objective stake "
                         "searches every first move: drop one of them")
    game = _game(args)
    tt_mb = DEFAULT_TT_MEGABYTES if args.tt_mb is None else args.tt_mb
    if 1 <= tt_mb <= _MAX_TT_MEGABYTES:  # outside, solve says what the range is
        check_room(tt_mb << 20, f"--tt-mb {tt_mb}", "the transposition table")
    with _Progress():
        solution = solve(game, rules=args.rules, objective=args.objective,  # type: ignore
                         max_nodes=args.max_nodes, time_limit=args.time_limit,
                         tt_megabytes=tt_mb, shortest=args.shortest, partner=args.partner,
                         threads=args.threads, every_move=not args.first_win)
    if args.json:
        print_json(_document(solution, args.rules, args.partner))
    else:
        _print(solution, args.rules, args.partner, args.first_win)
    return 0
