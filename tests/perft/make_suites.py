"""Write the perft suites of the package (ddz_fast/positions/suites/), counting nodes with the
pure-Python reference.

    python tests/perft/make_suites.py [--max-nodes N]

Each position gets ``perft`` lines for depths 1, 2, ... up to the deepest whose node count stays
within ``--max-nodes`` (the fast API only picks that depth; every count written comes from
``ddz_fast.reference.moves``). Expect a few minutes: the reference is written to be read, not to be
fast. Any disagreement between the two implementations is printed as a divide.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Tuple

from ddz_fast import Hand
from ddz_fast.engine.game import deal_cards
from ddz_fast.moves.notation import format_move
from ddz_fast.positions.perft import divide, perft
from ddz_fast.positions.three_player import Position

HERE = Path(__file__).resolve().parent
#: Where the suites live in the checkout: they ship with the package.
SUITE_DIR = HERE.parent.parent / "ddz_fast" / "positions" / "suites"
MAX_DEPTH = 12


def _opening() -> str:
    hands, kitty = deal_cards(1)
    landlord = Hand([a + b for a, b in zip(hands[0].counts, kitty.counts)])
    return str(Position([landlord, hands[1], hands[2]], 0, 0))


# file -> [(rules preset, description, position notation)]
SUITES = {
    "endgames.perft": [
        ("standard", "landlord leads with a few cards each",
         "334455TTJ/6789JQK2/AA22BR99 0 0 - 0"),
        ("standard", "following a trio with a solo after one pass",
         "3334789TJ/55566QQKK/44AA22TT 1 2 3888 1"),
        ("openspiel", "following a pair chain",
         "6789TJJQQKKA/345566778899/TTJQKA2BR 2 0 334455 0"),
    ],
    "bombs.perft": [
        ("standard", "two bombs and the rocket against bombs",
         "33335555BR/6666K/77772A 0 0 - 0"),
        ("rlcard", "bombs with four + two kickers, a pair allowed as the two solos",
         "33334455/JJJJ99/TTTT22 1 0 - 0"),
    ],
    "kickers.perft": [
        ("douzero", "airplanes whose solo wings may repeat four times",
         "333444555666789/9TJQKA22/TJQKAA2BR 0 0 - 0"),
        ("openspiel", "airplanes without four + two",
         "33344455566678/9TJQKA22/TJQKAA2BR 1 1 - 0"),
    ],
    "opening.perft": [
        ("standard", "the first lead of a dealt hand (seed 1, seat 0 landlord)", _opening()),
    ],
}


def depths_within(position: Position, rules: str, max_nodes: int) -> List[int]:
    depths = []
    for depth in range(1, MAX_DEPTH + 1):
        if perft(position, depth, rules=rules) > max_nodes:
            break
        depths.append(depth)
    return depths


def reference_counts(position: Position, rules: str, depths: List[int]) -> List[Tuple[int, int]]:
    counts = []
    for depth in depths:
        start = time.perf_counter()
        nodes = perft(position, depth, rules=rules, implementation="python")
        fast = perft(position, depth, rules=rules)
        print(f"  perft {depth} = {nodes} ({time.perf_counter() - start:.1f} s)", flush=True)
        if fast != nodes:
            print(f"  MISMATCH: the fast API counts {fast}", file=sys.stderr)
            _print_divide_difference(position, rules, depth)
        counts.append((depth, nodes))
    return counts


def _print_divide_difference(position: Position, rules: str, depth: int) -> None:
    reference = divide(position, depth, rules=rules, implementation="python")
    fast = divide(position, depth, rules=rules)
    for move in sorted(set(reference) | set(fast)):
        if reference.get(move) != fast.get(move):
            print(f"    {format_move(move)}: reference {reference.get(move)}, "
                  f"fast {fast.get(move)}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-nodes", type=int, default=100_000)
    args = parser.parse_args()
    for name, entries in SUITES.items():
        lines = [f"# Perft suite written by tests/perft/make_suites.py "
                 f"(--max-nodes {args.max_nodes}); counts from ddz_fast.reference.moves.", ""]
        for rules, description, notation in entries:
            position = Position.parse(notation)
            print(f"{name}: {position} ({rules})", flush=True)
            lines += [f"# {description}", f"rules {rules}", f"position {position}"]
            depths = depths_within(position, rules, args.max_nodes)
            lines += [f"perft {d} {n}" for d, n in reference_counts(position, rules, depths)]
            lines.append("")
        (SUITE_DIR / name).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
