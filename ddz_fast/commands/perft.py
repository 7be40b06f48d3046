"""``ddz-fast perft POSITION DEPTH [--divide]``: count the play tree and time the count.

POSITION is one argument in the notation of :mod:`ddz_fast.position`, quoted in the shell:
``ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3``.
"""
from __future__ import annotations

import argparse
import time
from functools import lru_cache
from typing import Dict

from ddz_fast.move import Move
from ddz_fast.notation import format_move
from ddz_fast.position import Position, perft
from ddz_fast.rules import Rules

from ._common import add_json_option, add_rules_option, format_count, print_json, rules_name

NAME = "perft"
HELP = "count the leaves of the play tree below a position, and the nodes per second"

_NATIVE = "native"
_PYTHON = "fast"  # position.perft's walk in Python over the compiled move generator


@lru_cache(maxsize=None)
def perft_implementation() -> str:
    """``"native"`` when :func:`ddz_fast.position.perft` has a native walk, else ``"fast"``.

    The native perft is optional: it is probed once on a tiny position, and an
    implementation name that position.perft does not know raises ValueError.
    """
    try:
        perft(Position.parse("3/4/5 0 0 - 0"), 1, implementation=_NATIVE)
    except (ValueError, TypeError):
        return _PYTHON
    return _NATIVE


def divide(position: Position, depth: int, rules: Rules, implementation: str) -> Dict[Move, int]:
    """Perft split by the first action, each subtree counted by ``implementation``.

    :func:`ddz_fast.position.divide` walks in Python only; this counts every subtree with
    :func:`~ddz_fast.position.perft`, so the native count serves ``--divide`` too.
    """
    if depth < 1:
        raise ValueError("divide needs a depth of at least 1")
    return {move: perft(position.play(move, rules), depth - 1, rules=rules,
                        implementation=implementation)
            for move in position.legal_actions(rules)}


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
    implementation = perft_implementation()
    start = time.perf_counter()
    split: Dict[Move, int] = {}
    if args.divide:
        split = divide(position, args.depth, args.rules, implementation)
        nodes = sum(split.values())
    else:
        nodes = perft(position, args.depth, rules=args.rules, implementation=implementation)
    seconds = time.perf_counter() - start
    rate = nodes / max(seconds, 1e-9)
    name = "native" if implementation == _NATIVE else "python"
    if args.json:
        print_json({"position": str(position), "rules": rules_name(args.rules),
                    "depth": args.depth, "nodes": nodes, "seconds": seconds,
                    "nodes_per_second": rate, "implementation": name,
                    "divide": ({format_move(m): n for m, n in split.items()}
                               if args.divide else None)})
        return 0
    for move, count in split.items():
        print(f"{format_move(move)}: {count}")
    print(f"perft {args.depth}: {format_count(nodes)} nodes in {seconds:.3f} s, "
          f"{format_count(rate)} nodes/s ({name}, {rules_name(args.rules)} rules)")
    return 0
