"""Run Fast's move generation beside Dou Dizhu's, on the compiled core, in one run.

    python benchmarks/runfast_moves.py [--hands N] [--repeats R] [--out DIR]

Times the leading moves of ``N`` random 16-card hands of Run Fast (preset ``runfast``, the
48-card deck; and 15-card hands of ``runfast_15``) beside those of ``N`` random 17-card hands of
Dou Dizhu (preset ``standard``), in one process, three ways: ``legal_moves`` (a lazy MoveList of
words), ``list(legal_moves(...))`` (every Move made) and ``legal_moves_batch`` (the words of all
the hands in one call). Hands are fixed-seed deals (benchmarks/hands.py). Reports hands/s,
moves/s and nanoseconds per move, each the best pass of ``R`` rounds in which the tables take
turns (each round timing every call for at least 2/R seconds), and the cost per move of Run
Fast over Dou Dizhu's for the same call. Writes ``DIR/runfast_moves.md``.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ddz_fast import Hand, Rules, legal_moves, legal_moves_batch
from hands import random_hands, random_runfast_hands
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: Each timing repeats for at least this long (a shared machine has quiet moments).
MIN_SECONDS = 2.0
#: (name, preset, cards a hand, Run Fast deck size or None): the tables timed, the first the one
#: the others are compared with.
TABLES = (("Dou Dizhu, standard, 17 cards", "standard", 17, None),
          ("Run Fast, runfast, 16 cards", "runfast", 16, 48),
          ("Run Fast, runfast_15, 15 cards", "runfast_15", 15, 45))


def calls_of(hands: List[Hand], rules: Rules) -> Dict[str, Callable[[], object]]:
    """The calls timed over ``hands``."""
    words = np.array([hand.bitboard for hand in hands], dtype=np.uint64)
    return {
        "legal_moves (MoveList)": lambda: [legal_moves(h, rules=rules) for h in hands],
        "list(legal_moves)": lambda: [list(legal_moves(h, rules=rules)) for h in hands],
        "legal_moves_batch": lambda: legal_moves_batch(words, rules=rules),
    }


def report(count: int, repeats: int) -> str:
    runs: Dict[Tuple[str, str], Callable[[], object]] = {}
    moves: Dict[str, int] = {}
    for name, preset, size, deck in TABLES:
        rules = Rules.preset(preset)
        counts = (random_hands(count, size) if deck is None
                  else random_runfast_hands(count, size, deck))
        hands = [Hand(c) for c in counts]
        moves[name] = sum(len(legal_moves(h, rules=rules)) for h in hands)
        for call, run in calls_of(hands, rules).items():
            runs[name, call] = run
    # The tables take turns pass after pass, so that each meets the machine's quiet moments
    # (a shared machine's load comes and goes): the best pass of each is the figure.
    best = {key: float("inf") for key in runs}
    for _ in range(repeats):
        for key, run in runs.items():
            best[key] = min(best[key], best_of(run, 1, MIN_SECONDS / repeats)[0])
    rows: List[List[str]] = []
    for (name, call), seconds in best.items():
        per_move = seconds / moves[name] * 1e9
        base = best[TABLES[0][0], call] / moves[TABLES[0][0]] * 1e9
        rows.append([name, call, f"{count / seconds:,.0f}", f"{moves[name] / seconds:,.0f}",
                     f"{moves[name] / count:,.1f}", f"{per_move:.2f}", f"{per_move / base:.2f}"])
    rows.sort(key=lambda row: (row[1], [t[0] for t in TABLES].index(row[0])))
    table = "\n".join(markdown_table(["table", "call", "hands/s", "moves/s", "moves/hand",
                                      "ns/move", "per move / Dou Dizhu's"], rows, 2))
    return (f"# Run Fast's move generation beside Dou Dizhu's\n\n{machine_line(['ddz_fast'])}"
            f"\n\n`python benchmarks/runfast_moves.py --hands {count} --repeats {repeats}`: "
            f"leading moves of {count:,} random deals of each table (fixed seed), native, in "
            f"one process, the tables taking turns; best pass of {repeats} rounds of at least "
            f"{MIN_SECONDS / repeats:.2f} s each. The last column is the cost per move of the "
            f"call over Dou Dizhu's (17-card hands, ``standard``) for the same call:\n\n"
            f"{table}\n")


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    text = report(args.hands, args.repeats)
    (args.out / "runfast_moves.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
