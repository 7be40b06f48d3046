"""``ddz-fast perft POSITION DEPTH [--divide]``: count the play tree and time the count.

POSITION is one argument in the notation of :mod:`ddz_fast.position`, quoted in the shell:
``ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3``.

The count runs in the compiled core (``native``) under the default implementation, and walks
the tree in Python over :mod:`ddz_fast.reference` (``python``) under
``DDZ_FAST_IMPLEMENTATION=python``; the output names the one used. The count is repeated until
the runs add up to a time the clock can measure (``--seconds``), and the rate is given only
for trees of at least :data:`MIN_TIMED_NODES` nodes, where it measures the search rather than
the cost of one call.
"""
from __future__ import annotations

import argparse
from typing import Dict

from ddz_fast.api import IMPLEMENTATION
from ddz_fast.move import Move
from ddz_fast.notation import format_move
from ddz_fast.perft import divide, perft, time_repeated
from ddz_fast.position import Position
from ddz_fast.table_position import TablePosition

from ._common import (add_json_option, add_rules_option, format_count, print_json, rules_name,
                      seconds_option)

NAME = "perft"
HELP = "count the leaves of the play tree below a position, and the nodes per second"
#: Below this many nodes a count is a few calls' overhead: no rate is given.
MIN_TIMED_NODES = 10_000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help='the position, quoted: "HANDS LANDLORD TO_MOVE '
                                         'MOVE_TO_BEAT PASSES", e.g. "33445566/789TJ/QKA2B '
                                         '0 1 KK 0"')
    parser.add_argument("depth", type=int, help="plies to search (0 or more)")
    parser.add_argument("--divide", action="store_true",
                        help="also print the leaves below each first action")
    parser.add_argument("--seconds", type=seconds_option, default=0.2, metavar="S",
                        help="repeat the count until S seconds have passed (default 0.2)")
    add_rules_option(parser, layer="the perft command")
    add_json_option(parser)


def run(args: argparse.Namespace) -> int:
    # Four hands under the four-player rules (ddz_fast.table_position), else three.
    position = (TablePosition if args.rules.players == 4 else Position).parse(args.position)
    # "native": the compiled core's perft; "python": the Python walk over the reference.
    implementation = "native" if IMPLEMENTATION == "native" else "python"
    split: Dict[Move, int] = {}
    if args.divide:
        split, timing = time_repeated(lambda: divide(position, args.depth, rules=args.rules,
                                                     implementation=implementation),
                                      args.seconds)
        # A finished hand has no first action to divide by, and is itself the one leaf.
        nodes = sum(split.values()) if not position.is_over else 1
    else:
        nodes, timing = time_repeated(lambda: perft(position, args.depth, rules=args.rules,
                                                    implementation=implementation),
                                      args.seconds)
    rate = timing.rate(nodes) if nodes >= MIN_TIMED_NODES else None
    if args.json:
        print_json({"position": str(position), "rules": rules_name(args.rules),
                    "depth": args.depth, "nodes": nodes, "implementation": IMPLEMENTATION,
                    "runs": timing.runs, "seconds": timing.seconds,
                    "seconds_per_run": timing.per_run, "nodes_per_second": rate,
                    "divide": ({format_move(m, args.rules): n for m, n in split.items()}
                               if args.divide else None)})
        return 0
    for move, count in split.items():
        print(f"{format_move(move, args.rules)}: {count}")
    print(f"perft {args.depth}: {format_count(nodes)} nodes "
          f"({IMPLEMENTATION}, {rules_name(args.rules)} rules)")
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
