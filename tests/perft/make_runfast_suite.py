"""Write tests/perft/runfast.perft: Run Fast positions and their perft counts, counted by the
brute-force walk of tests/support/runfast_walk.py (which shares no code with ddz_fast).

    python tests/perft/make_runfast_suite.py [--max-nodes N]

Each position gets ``perft`` lines for depths 1, 2, ... up to the deepest whose count stays
within ``--max-nodes``, or up to the first depth that counts the whole tree (every leaf a
finished hand: deeper counts repeat it). Every count is also walked by ddz_fast's Python perft
(``implementation="python"``) and a disagreement is printed with a divide of both. A few
seconds.

The file is the perft suite format of tests/perft/README with one extension that Run Fast
needs: a ``rules`` line names a preset and then options, ``rules runfast must_beat=false
players=2``, the preset with those options replaced (``true``/``false`` or an int). Its
positions are Run Fast positions (:mod:`ddz_fast.positions.runfast`). It lies beside the
scripts rather than among the package's suites because ``ddz_fast.positions.suites`` reads
neither yet; tests/positions/test_runfast_perft.py checks it.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List, Sequence, Tuple, Union

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))        # tests/: the support package

from ddz_fast import Rules  # noqa: E402
from ddz_fast.positions.perft import divide, perft  # noqa: E402
from ddz_fast.positions.runfast import RunFastPosition  # noqa: E402
from support import runfast_walk as walk  # noqa: E402

SUITE = HERE / "runfast.perft"
MAX_DEPTH = 40
Option = Union[bool, int]

# (preset, options, description, position)
ENTRIES: List[Tuple[str, Dict[str, Option], str, str]] = [
    ("runfast", {}, "a lead with solos, pairs, a chain and a trio + two",
     "345677/889TTT/JJQQK2 0 - 0"),
    ("runfast", {}, "must beat a pair: the pairs above it or the bomb, no pass",
     "5566/3333KK/99AA 1 44 0"),
    ("runfast", {"must_beat": False}, "the same without must-beat: the pass too",
     "5566/3333KK/99AA 1 44 0"),
    ("runfast", {}, "one card left: while seat 1 holds one card seat 0's solo is his highest",
     "36TKK/4/589A 0 - 0"),
    ("runfast", {"one_card_rule": False}, "the same without the one-card rule",
     "36TKK/4/589A 0 - 0"),
    ("runfast", {}, "short last hands: a trio with one kicker, an airplane without wings",
     "5556/666777/34 0 - 0"),
    ("runfast", {"short_last_hand": False}, "the same without short last hands",
     "5556/666777/34 0 - 0"),
    ("runfast", {}, "following a solo after one pass, bombs against bombs",
     "44449/55559/78 2 3 1"),
    ("runfast", {"aaa_bomb": True}, "three aces are the highest bomb",
     "33AAA/KKKK5/2Q 0 - 0"),
    ("runfast", {"four_three": True}, "four + three against a trio + two",
     "5555789/6666JQ/K3 0 - 0"),
    ("runfast", {"players": 2}, "two players: one pass gives the lead back",
     "3456789/TTJJQ 0 - 0"),
    ("runfast", {"players": 2}, "two players following a pair chain",
     "556677889/TTJJQQK 1 3344 0"),
    ("runfast_15", {}, "45 cards: three kings, one ace",
     "345KKK/QQQQ7/6A2 0 - 0"),
]


def rules_of(preset: str, options: Dict[str, Option]) -> Rules:
    return Rules.preset(preset).replace(**options) if options else Rules.preset(preset)


def rules_line(preset: str, options: Dict[str, Option]) -> str:
    words = [f"{name}={str(value).lower()}" for name, value in options.items()]
    return " ".join(["rules", preset, *words])


def brute_state(position: RunFastPosition) -> walk.State:
    """The position in the brute walk's tuples (its hands' and move's counts, 13 ranks)."""
    prev = None if position.prev is None else brute_move(position.prev)
    return (tuple(h.counts[:13] for h in position.hands), position.to_move, prev,
            position.passes)


def brute_move(move) -> walk.Move:
    if move.is_pass:
        return walk.PASS
    return (move.type, move.key, move.length, tuple(move.counts[:13]))


def counts(position: RunFastPosition, rules: Rules, max_nodes: int) -> List[Tuple[int, int]]:
    opts = walk.options(rules)
    state = brute_state(position)
    found = []
    for depth in range(1, MAX_DEPTH + 1):
        nodes = walk.perft(state, depth, opts)
        if nodes > max_nodes:
            break
        ours = perft(position, depth, rules=rules, implementation="python")
        if ours != nodes:
            print(f"  MISMATCH at depth {depth}: brute {nodes}, ddz_fast {ours}",
                  file=sys.stderr)
            print_divides(position, rules, depth)
        found.append((depth, nodes))
        if not walk.live(state, depth, opts):   # every line has ended: the whole tree
            break
    return found


def print_divides(position: RunFastPosition, rules: Rules, depth: int) -> None:
    ours = {brute_move(m): n for m, n in divide(position, depth, rules=rules,
                                                implementation="python").items()}
    brute = walk.divide(brute_state(position), depth, walk.options(rules))
    for move in sorted(set(ours) | set(brute)):
        if ours.get(move) != brute.get(move):
            print(f"    {move}: brute {brute.get(move)}, ddz_fast {ours.get(move)}",
                  file=sys.stderr)


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-nodes", type=int, default=20_000)
    args = parser.parse_args(argv)
    lines = [f"# Run Fast perft suite written by tests/perft/make_runfast_suite.py "
             f"(--max-nodes {args.max_nodes});",
             "# counts from the brute-force walk of tests/support/runfast_walk.py. A rules "
             "line is a preset",
             "# and the options it replaces; positions in ddz_fast.positions.runfast's "
             "notation.", ""]
    for preset, options, description, text in ENTRIES:
        rules = rules_of(preset, options)
        position = RunFastPosition.parse(text)
        print(f"{position} ({rules_line(preset, options)})", flush=True)
        lines += [f"# {description}", rules_line(preset, options), f"position {position}"]
        lines += [f"perft {d} {n}" for d, n in counts(position, rules, args.max_nodes)]
        lines.append("")
    SUITE.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
