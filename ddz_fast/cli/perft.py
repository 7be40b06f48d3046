"""``ddz-fast perft POSITION DEPTH [--divide]``: count the play tree and time the count.

POSITION is one argument in the notation of :mod:`ddz_fast.positions.three_player`, quoted in
the shell:
``ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3``.

The count runs in the compiled core (``native``) under the default implementation, and walks
the tree in Python over :mod:`ddz_fast.reference.moves` (``python``) under
``DDZ_FAST_IMPLEMENTATION=python``; ``--implementation`` picks either. The output names the one
used. Under ``--rules four_player`` (any four-player rules) the position has four hands
(:mod:`ddz_fast.positions.four_player`) and is counted the same two ways, natively on the
two-deck words or in Python.

With wild cards (``--rules laizi`` or ``tiandi_laizi``) the position names its wild ranks in
its sixth field, ``w=5`` (:mod:`ddz_fast.positions.three_player`), or ``--wild`` names them for a
five-field position; given both, they must agree. Such a position is counted the same way,
natively or in Python. ``--divide`` writes a first action read with wild cards as
``CARDS=READING`` (:mod:`ddz_fast.moves.notation`), text that reads back as that move.

Under Run Fast rules (``--rules runfast`` or ``runfast_15``) the position is a Run Fast position
(:mod:`ddz_fast.positions.runfast`: the hands, the player to move, the move to beat, the passes);
one of two hands is played by the rules with ``players=2``. It is counted the same two ways as
Dou Dizhu's: in the compiled core by default, or by the Python walk.

The count is repeated until the runs add up to a time the clock can measure (``--seconds``),
and the rate is given only for trees of at least :data:`MIN_TIMED_NODES` nodes, where it
measures the search rather than the cost of one call.
"""
from __future__ import annotations

import argparse
from typing import Dict, Tuple

from ddz_fast.moves import IMPLEMENTATION
from ddz_fast.move import Move
from ddz_fast.moves.notation import format_move
from ddz_fast.positions.perft import divide, perft
from ddz_fast.positions.suites import Timing, time_repeated
from ddz_fast.positions.runfast import RunFastPosition, format_runfast_move

from .common import (AnyPosition, add_json_option, add_rules_option, format_count, print_json,
                     read_position, rules_name, seconds_option)

NAME = "perft"
HELP = "count the leaves of the play tree below a position, and the nodes per second"
#: What ``ddz-fast perft --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
Counts the leaves of the play tree below a position, cut at DEPTH plies (a
pass counts as a move when following; a finished hand is a leaf), and times
the count. POSITION is one argument, quoted: the hands separated by /, the
landlord, the player to move, the move to beat (- when leading) and the passes
since it.

The count runs in the compiled core (native) by default, or walks the tree in
Python over the pure-Python reference (python, the default under
DDZ_FAST_IMPLEMENTATION=python); --implementation picks either, and the output
names the one used. Under --rules four_player the position has four hands.
With wild cards (--rules laizi or tiandi_laizi) the position names its wild
ranks in a sixth field, w=5, or --wild names them. Under --rules runfast (or
runfast_15) the position is Run Fast's: two or three hands, the player to move,
the move to beat and the passes; it is counted in Python.

The count is repeated until --seconds have passed, and the rate is given only
for trees of at least 10,000 nodes, where it measures the search rather than
the cost of one call.
"""
EXAMPLES = """\
ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3 --divide
ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3 --implementation python
ddz-fast perft "4467/5888/JJQQK 1 1 3555=3333 0 w=5" 3 --rules laizi
ddz-fast perft "345677/889TTT/JJQQK2 0 - 0" 6 --rules runfast
"""
#: Below this many nodes a count is a few calls' overhead: no rate is given.
MIN_TIMED_NODES = 10_000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help='the position, quoted: "HANDS LANDLORD TO_MOVE '
                                         'MOVE_TO_BEAT PASSES", e.g. "33445566/789TJ/QKA2B '
                                         '0 1 KK 0"; under Run Fast rules "HANDS TO_MOVE '
                                         'MOVE_TO_BEAT PASSES", e.g. "345677/889TTT/JJQQK2 0 '
                                         '- 0"')
    parser.add_argument("depth", type=int, help="plies to search (0 or more)")
    parser.add_argument("--divide", action="store_true",
                        help="also print the leaves below each first action")
    parser.add_argument("--seconds", type=seconds_option, default=0.2, metavar="S",
                        help="repeat the count until S seconds have passed (default 0.2)")
    parser.add_argument("--implementation", choices=("native", "python"),
                        help="native: count in the compiled core; python: walk the tree in "
                             "Python over the pure-Python reference (default: native when "
                             "built)")
    add_rules_option(parser, wild=True, position_wild=True)
    add_json_option(parser)


def choose_implementation(args: argparse.Namespace) -> str:
    """The ``implementation`` perft is given, also its name in the output: "native", the
    compiled core's count, or "python", the Python walk over the reference."""
    if args.implementation is not None:
        return args.implementation
    return "native" if IMPLEMENTATION == "native" else "python"


def _rules_text(args: argparse.Namespace) -> str:
    """The rules' name for output: the preset's, with ", 2 players" for Run Fast's option."""
    rules = args.rules
    if rules.game == "runfast" and rules.players == 2:
        base = rules.replace(players=3).preset_name
        if base is not None:
            return f"{base}, 2 players"
    return rules_name(rules)


def _move_text(args: argparse.Namespace, position: AnyPosition, move: Move) -> str:
    """A first action of ``--divide`` as text that reads back under the command's rules."""
    if isinstance(position, RunFastPosition):
        return format_runfast_move(move)
    return format_move(move, args.rules, getattr(position, "wild", None))


def count(args: argparse.Namespace, position: AnyPosition,
          implementation: str) -> Tuple[int, Dict[Move, int], Timing]:
    """(the leaves, the leaves below each first action with ``--divide``, the timing)."""
    if args.divide:
        split, timing = time_repeated(lambda: divide(position, args.depth, rules=args.rules,
                                                     implementation=implementation),
                                      args.seconds)
        # A finished hand has no first action to divide by, and is itself the one leaf.
        return (sum(split.values()) if not position.is_over else 1), split, timing
    nodes, timing = time_repeated(lambda: perft(position, args.depth, rules=args.rules,
                                                implementation=implementation),
                                  args.seconds)
    return nodes, {}, timing


def run(args: argparse.Namespace) -> int:
    position = read_position(args.position, args)
    implementation = choose_implementation(args)
    nodes, split, timing = count(args, position, implementation)
    rate = timing.rate(nodes) if nodes >= MIN_TIMED_NODES else None
    if args.json:
        print_json({"position": str(position), "rules": _rules_text(args),
                    "depth": args.depth, "nodes": nodes, "implementation": implementation,
                    "runs": timing.runs, "seconds": timing.seconds,
                    "seconds_per_run": timing.per_run, "nodes_per_second": rate,
                    "divide": ({_move_text(args, position, m): n for m, n in split.items()}
                               if args.divide else None)})
        return 0
    for move, leaves in split.items():
        print(f"{_move_text(args, position, move)}: {leaves}")
    print(f"perft {args.depth}: {format_count(nodes)} nodes "
          f"({implementation}, {_rules_text(args)} rules)")
    runs = f"{format_count(timing.runs)} run{'s' if timing.runs > 1 else ''}"
    per_run = f"{_duration(timing.per_run)} per count ({runs})"
    if rate is None:
        print(f"time: {per_run}; no rate: fewer than {format_count(MIN_TIMED_NODES)} nodes")
    else:
        print(f"time: {per_run}, {format_count(rate)} nodes/s")
    return 0


def _duration(seconds: float) -> str:
    """``1.23 s``, ``45.60 ms`` or ``78.9 us``: the time in a fitting unit."""
    if seconds >= 1.0:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} us"
