"""Move generation with one wild rank (laizi) beside the one-deck figures, on the same hands.

    python benchmarks/laizi.py [--hands N] [--repeats R] [--reference-hands K] [--out DIR]

Times ``legal_moves(h, rules="laizi", wild=w)`` (a list of Moves) leading, for 17- and
20-card hands (benchmarks/hands.py, fixed seed) with the wild rank of hand i being rank
i mod 13, beside ``legal_moves(h)`` of the same hands without wild cards (standard rules: a
lazy MoveList of words, and the list of its Moves), in one process. Reports hands/s and
moves/s: the first pass over the hands (the Moves of laizi words are made on first use and
kept, up to the size of their table), the best of ``R`` passes (more while they took less
than two seconds), and the reference's lists of the first ``K`` hands for scale. Writes
``DIR/laizi.md``.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple

from ddz_fast import Hand, legal_moves
from ddz_fast.reference import laizi as reference_laizi
from hands import random_hands
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
SIZES = (17, 20)
#: Each timing repeats for at least this long (a shared machine has quiet moments).
MIN_SECONDS = 2.0


def rate(seconds: float, hands: int, moves: int) -> Tuple[str, str]:
    return f"{hands / seconds:,.0f}", f"{moves / seconds:,.0f}"


def once(run: Callable[[], List]) -> Tuple[float, List]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def rows_of(size: int, count: int, repeats: int, reference_hands: int) -> List[List[str]]:
    hands = [Hand(c) for c in random_hands(count, size)]
    wild = [i % 13 for i in range(count)]
    # The reference first, while the tables of laizi Moves are empty: the first native pass
    # below is then the one that makes them.
    few = hands[:reference_hands]
    ref_seconds, ref = once(lambda: [reference_laizi.legal_moves(h, rules="laizi", wild=w)
                                     for h, w in zip(few, wild)])
    first, lists = once(lambda: [legal_moves(h, rules="laizi", wild=w)
                                 for h, w in zip(hands, wild)])
    best, lists = best_of(lambda: [legal_moves(h, rules="laizi", wild=w)
                                   for h, w in zip(hands, wild)], repeats, MIN_SECONDS)
    laizi_moves = sum(map(len, lists))
    plain_seconds, plain = best_of(lambda: [legal_moves(h) for h in hands], repeats,
                                   MIN_SECONDS)
    listed_seconds, _ = best_of(lambda: [list(legal_moves(h)) for h in hands], repeats,
                                MIN_SECONDS)
    plain_moves = sum(map(len, plain))
    ref_moves = sum(map(len, ref))
    return [
        [str(size), "none", "legal_moves (MoveList)", *rate(plain_seconds, count, plain_moves),
         f"{plain_moves / count:,.0f}"],
        [str(size), "none", "list(legal_moves)", *rate(listed_seconds, count, plain_moves),
         f"{plain_moves / count:,.0f}"],
        [str(size), "1", "legal_moves, first pass", *rate(first, count, laizi_moves),
         f"{laizi_moves / count:,.0f}"],
        [str(size), "1", "legal_moves, best pass", *rate(best, count, laizi_moves),
         f"{laizi_moves / count:,.0f}"],
        [str(size), "1", f"reference, {len(few)} hands", *rate(ref_seconds, len(few), ref_moves),
         f"{ref_moves / max(1, len(few)):,.0f}"],
    ]


def report(count: int, repeats: int, reference_hands: int) -> str:
    rows = [row for size in SIZES for row in rows_of(size, count, repeats, reference_hands)]
    table = "\n".join(markdown_table(["cards", "wild ranks", "call", "hands/s", "moves/s",
                                      "moves/hand"], rows, 3))
    return (f"# Move generation with wild cards (laizi)\n\n{machine_line(['ddz_fast'])}\n\n"
            f"`python benchmarks/laizi.py --hands {count} --repeats {repeats} "
            f"--reference-hands {reference_hands}`, leading, the same hands with one wild rank "
            f"(rank i mod 13 for hand i) and without (standard rules), in one process; best "
            f"pass of at least {repeats} and two seconds; the first pass makes the Moves of "
            f"laizi words:\n\n"
            f"{table}\n")


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--reference-hands", type=int, default=100)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    text = report(args.hands, args.repeats, args.reference_hands)
    (args.out / "laizi.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
