"""``ddz-fast perft POSITION DEPTH [--divide]``: count the play tree and time the count.

POSITION is one argument in the notation of :mod:`ddz_fast.position`, quoted in the shell:
``ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3``.
"""
from __future__ import annotations

import argparse
import time
from typing import Dict

from ddz_fast.move import Move
from ddz_fast.notation import format_move
from ddz_fast.position import Position, divide, perft

from ._common import add_json_option, add_rules_option, format_count, print_json, rules_name

NAME = "perft"
HELP = "count the leaves of the play tree below a position, and the nodes per second"

def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help='the position, quoted: "HANDS LANDLORD TO_MOVE '
                                         'MOVE_TO_BEAT PASSES", e.g. "33445566/789TJ/QKA2B '
                                         '0 1 KK 0"')
    parser.add_argument("depth", type=int, help="plies to search (0 or more)")
    parser.add_argument("--divide", action="store_true",
                        help="also print the leaves below each first action")
    add_rules_option(parser)
    add_json_option(parser)


def run(args: argparse.Namespace) -> int:
    position = Position.parse(args.position)
    start = time.perf_counter()
    split: Dict[Move, int] = {}
    if args.divide:
        split = divide(position, args.depth, rules=args.rules, implementation="native")
        # A finished hand has no first action to divide by, and is itself the one leaf.
        nodes = sum(split.values()) if not position.is_over else 1
    else:
        nodes = perft(position, args.depth, rules=args.rules, implementation="native")
    seconds = time.perf_counter() - start
    rate = nodes / max(seconds, 1e-9)
    if args.json:
        print_json({"position": str(position), "rules": rules_name(args.rules),
                    "depth": args.depth, "nodes": nodes, "seconds": seconds,
                    "nodes_per_second": rate, "implementation": "native",
                    "divide": ({format_move(m): n for m, n in split.items()}
                               if args.divide else None)})
        return 0
    for move, count in split.items():
        print(f"{format_move(move)}: {count}")
    print(f"perft {args.depth}: {format_count(nodes)} nodes in {seconds:.3f} s, "
          f"{format_count(rate)} nodes/s (native, {rules_name(args.rules)} rules)")
    return 0
