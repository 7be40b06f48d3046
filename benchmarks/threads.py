"""Throughput with one and two threads: legal_moves, legal_moves_batch and random_games.

    python benchmarks/threads.py [--seconds S] [--out DIR]

Each thread repeats the same work (single calls on fixed-seed 20-card hands, batches of 1,000
hands, or 1,000 random games) for about ``--seconds``; the table gives the calls per second of
all threads together, the speed-up of two threads over one, and the CPU time per call (all
threads' CPU time over their calls), which tells a machine that had no second core free from
a call that does not run in parallel. Writes ``DIR/threads.md``.

The batched calls and random_games let the GIL go while they work; a single legal_moves call
of a few hundred nanoseconds keeps it (handing it over would cost more than the call), so with
a GIL two threads take turns there; a free-threaded build runs them at once.
"""
from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

import ddz_fast
from ddz_fast import Hand
from hands import random_hands
from report import machine_line, markdown_table

HERE = Path(__file__).resolve().parent


def workloads() -> Dict[str, Tuple[Callable[[], object], int]]:
    """name -> (one unit of work, the calls it makes)."""
    hands = [Hand(c) for c in random_hands(1000, 20)]
    counts = np.array([h.counts for h in hands], dtype=np.uint8)
    legal_moves = ddz_fast.legal_moves
    return {
        "legal_moves (20-card hands, one call each)":
            (lambda: [legal_moves(h) for h in hands], len(hands)),
        "legal_moves_batch (1,000 hands a call)":
            (lambda: ddz_fast.legal_moves_batch(counts), 1),
        "random_games (1,000 games a call)":
            (lambda: ddz_fast.random_games(1000, 1), 1),
    }


def run_threads(work: Callable[[], object], calls: int, threads: int,
                seconds: float) -> Tuple[float, float]:
    """(calls per second, CPU seconds per call) of ``threads`` threads repeating ``work``."""
    done = [0] * threads
    start = threading.Barrier(threads + 1)

    def loop(index: int) -> None:
        start.wait()
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            work()
            done[index] += calls

    pool = [threading.Thread(target=loop, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    cpu, wall = time.process_time(), time.perf_counter()
    start.wait()
    for thread in pool:
        thread.join()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    total = sum(done)
    return total / wall, cpu / total


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--out", type=Path, default=HERE / "results", help="results folder")
    args = parser.parse_args(argv)
    cells: List[List[str]] = []
    for name, (work, calls) in workloads().items():
        work()                                        # warm: tables and caches filled
        one, one_cpu = run_threads(work, calls, 1, args.seconds)
        two, two_cpu = run_threads(work, calls, 2, args.seconds)
        cells.append([name, f"{one:,.0f}", f"{two:,.0f}", f"{two / one:.2f}x",
                      f"{one_cpu * 1e6:,.2f}", f"{two_cpu * 1e6:,.2f}"])
        print(cells[-1], flush=True)
    header = ["work", "calls/s, 1 thread", "calls/s, 2 threads", "2 threads / 1",
              "CPU us/call, 1 thread", "CPU us/call, 2 threads"]
    table = markdown_table(header, cells, 1)
    gil = "free-threaded build" if not getattr(sys, "_is_gil_enabled", lambda: True)() \
        else "with the GIL"
    text = ["# Threads: one against two", "",
            f"`python benchmarks/threads.py --seconds {args.seconds:g}`", "",
            machine_line(["ddz_fast", "numpy"], gil), "", *table, "",
            __doc__.split("\n\n", 2)[2].strip()]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "threads.md").write_text("\n".join(text) + "\n")
    print("\n".join(table))
    print(f"\nwrote {args.out / 'threads.md'}")


if __name__ == "__main__":
    main()
