"""The cost of the Python objects a user consumes: Move lists, word arrays, Hands and Moves.

    python benchmarks/objects.py [--hands N] [--repeats R] [--out DIR]

Every row times one way of getting the moves of the same fixed-seed hands (benchmarks/hands.py)
or of making the same objects, and gives the time per call and its ratio to the bare
``legal_moves`` call (which returns a lazy MoveList of words). Writes ``DIR/objects.md``.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

import ddz_fast
from ddz_fast import Hand, Move, legal_moves
from hands import random_hands
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
SIZES = (17, 20)


def _per_call(run: Callable[[], list], repeats: int) -> float:
    seconds, results = best_of(run, repeats)
    return seconds / len(results)


def move_rows(size: int, hands: int, repeats: int) -> List[Tuple[str, float]]:
    """(what, seconds per hand) for the moves of ``hands`` hands of ``size`` cards."""
    some = [Hand(c) for c in random_hands(hands, size)]
    ways = [
        ("legal_moves(h) (lazy MoveList)", lambda: [legal_moves(h) for h in some]),
        ("legal_moves(h).array", lambda: [legal_moves(h).array for h in some]),
        ("legal_moves(h).action_ids()", lambda: [legal_moves(h).action_ids() for h in some]),
        ("legal_moves(h).tolist()", lambda: [legal_moves(h).tolist() for h in some]),
        ("list(legal_moves(h))", lambda: [list(legal_moves(h)) for h in some]),
        ("legal_moves(h).array.tolist()", lambda: [legal_moves(h).array.tolist() for h in some]),
    ]
    return [(f"{size}-card hands: {what}", _per_call(run, repeats)) for what, run in ways]


def object_rows(count: int, repeats: int) -> List[Tuple[str, float]]:
    """(what, seconds per object) for Hands and Moves made from plain values."""
    counts = [tuple(c) for c in random_hands(count, 17)]
    lists = [list(c) for c in counts]
    arrays = [np.array(c, dtype=np.int64) for c in counts]
    words = [Hand(c).bitboard for c in counts]
    moves = [m for c in counts[:200] for m in legal_moves(Hand(c))][:count]
    fields = [(m.type, m.key, m.length, m.counts) for m in moves]
    ways = [
        ("Hand(counts tuple)", lambda: [Hand(c) for c in counts]),
        ("Hand(counts list)", lambda: [Hand(c) for c in lists]),
        ("Hand(numpy counts)", lambda: [Hand(c) for c in arrays]),
        ("Hand.from_bitboard(word)", lambda: [Hand.from_bitboard(w) for w in words]),
        ("Move(type, key, length, counts)", lambda: [Move(*f) for f in fields]),
    ]
    return [(what, _per_call(run, repeats)) for what, run in ways]


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands (and objects) per row")
    parser.add_argument("--repeats", type=int, default=7, help="runs per timing (the best)")
    parser.add_argument("--out", type=Path, default=HERE / "results", help="results folder")
    args = parser.parse_args(argv)
    cells = []
    for size in SIZES:
        rows = move_rows(size, args.hands, args.repeats)
        bare = rows[0][1]
        cells += [[what, f"{seconds * 1e9:,.0f}", f"{seconds / bare:.2f}x"]
                  for what, seconds in rows]
    cells += [[what, f"{seconds * 1e9:,.0f}", ""]
              for what, seconds in object_rows(args.hands, args.repeats)]
    table = markdown_table(["call", "ns per call", "x bare legal_moves"], cells, 1)
    print("\n".join(table))
    text = ["# Python objects: what the moves, hands and moves cost as objects", "",
            f"`python benchmarks/objects.py --hands {args.hands} --repeats {args.repeats}`",
            "", machine_line(["ddz_fast", "numpy"]), "", *table, "",
            "The best of the runs, per hand (the moves rows, default rules) or per object; "
            "each run keeps its results, with the garbage collector off, as `timeit` does. "
            "*x bare legal_moves*: the row's time over that of `legal_moves(h)` on the same "
            "hands."]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "objects.md").write_text("\n".join(text) + "\n")
    print(f"\nwrote {args.out / 'objects.md'}")


if __name__ == "__main__":
    main()
