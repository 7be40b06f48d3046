"""Write deep.txt: perft lines in the millions of nodes, counted by the pure-Python reference.

    python tests/perft/make_deep.py [--max-nodes N]

Each position gets ``perft`` lines for depths 1, 2, ... up to the deepest whose node count stays
within ``--max-nodes`` (the native perft only picks that depth; every count written comes from
``ddz_fast.reference.moves`` and is checked against the native count). Expect an hour: the
reference counts a few thousand nodes a second. The file is named ``.txt``, not ``.perft``, so that
tests/positions/test_perft.py leaves it to the native perft (tests/positions/test_perft_native.py).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import List, Optional, Tuple

from ddz_fast.engine.game import Game
from ddz_fast.positions.perft import perft
from ddz_fast.positions.three_player import Position

HERE = Path(__file__).resolve().parent
MAX_DEPTH = 40


def play_phase_position(preset: str, seed: int, plies: int) -> Position:
    """The position after ``plies`` random play actions of ``Game(preset)``'s hand ``seed``
    (random bids and actions from ``random.Random(seed)``)."""
    rng = random.Random(seed)
    state = Game(preset).new_state(seed=seed)
    done = 0
    while not state.is_over:
        if state.phase == "play":
            if done == plies:
                return state.position()
            done += 1
        state.apply(rng.choice(state.legal_actions()))
    raise ValueError(f"hand {seed} of {preset} ends within {plies} plies")


# (rules preset, description, hand seed, random plies played before the position)
POSITIONS = [
    ("standard", "the first lead of a dealt hand", 0, 0),
    ("douzero", "a dealt hand with a bomb, wings that may repeat four times", 2, 0),
    ("standard", "following a red joker after a few tricks", 1, 6),
    ("rlcard", "mid-hand, following a pair", 2, 15),
    ("openspiel", "following a trio with a pair, no four + two", 2, 6),
]


def native_depth(position: Position, rules: str, max_nodes: int) -> int:
    """The deepest depth whose (native) node count stays within ``max_nodes``."""
    deepest = 0
    for depth in range(1, MAX_DEPTH + 1):
        if perft(position, depth, rules=rules, implementation="native") > max_nodes:
            break
        deepest = depth
    return deepest


def reference_counts(position: Position, rules: str, depth: int) -> List[Tuple[int, int]]:
    counts = []
    for d in range(1, depth + 1):
        start = time.perf_counter()
        nodes = perft(position, d, rules=rules, implementation="python")
        native = perft(position, d, rules=rules, implementation="native")
        print(f"  perft {d} = {nodes} ({time.perf_counter() - start:.1f} s)", flush=True)
        if native != nodes:
            print(f"  MISMATCH: the native perft counts {native}", file=sys.stderr)
        counts.append((d, nodes))
    return counts


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-nodes", type=int, default=3_000_000)
    args = parser.parse_args(argv)
    lines = [f"# Deep perft suite written by tests/perft/make_deep.py (--max-nodes "
             f"{args.max_nodes}); counts from ddz_fast.reference.moves.",
             "# Checked against the native perft only (the Python walk would take minutes).", ""]
    for rules, description, seed, plies in POSITIONS:
        position = play_phase_position(rules, seed, plies)
        print(f"{position} ({rules})", flush=True)
        lines += [f"# {description} (Game({rules!r}) hand {seed}, {plies} random plies)",
                  f"rules {rules}", f"position {position}"]
        depth = native_depth(position, rules, args.max_nodes)
        lines += [f"perft {d} {n}" for d, n in reference_counts(position, rules, depth)]
        lines.append("")
    (HERE / "deep.txt").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
