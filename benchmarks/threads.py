"""Throughput with one and two threads: legal_moves, legal_moves_batch and random_games.

    python benchmarks/threads.py [--seconds S] [--out DIR]

Each thread repeats the same work (single calls on fixed-seed 20-card hands, batches of 1,000
hands, or 1,000 random games), on Hands and arrays of its own, for about ``--seconds``; the table
gives the calls per second of all threads together, the speed-up of two threads over one, and the
CPU time per call (all threads' CPU time over their calls), which tells a machine that had no
second core free from a call that does not run in parallel. Writes its section of
``DIR/threads.md``, one for builds with the GIL and one for free-threaded builds, and keeps the
other build's section.

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


def workloads() -> Dict[str, Tuple[Callable[[], Callable[[], object]], int]]:
    """name -> (a maker of one unit of work, the calls a unit makes).

    Each thread makes its unit, with Hands and arrays of its own: on a free-threaded build the
    reference counts of objects that several threads use are updated atomically by all of
    them, and two threads running legal_moves over the same 1,000 Hands did 1.3x the work of
    one where Hands of their own let them do 1.7x (CPython 3.13t)."""
    rows = random_hands(1000, 20)

    def single_calls() -> Callable[[], object]:
        hands = [Hand(c) for c in rows]
        legal_moves = ddz_fast.legal_moves
        return lambda: [legal_moves(h) for h in hands]

    def batch() -> Callable[[], object]:
        counts = np.array(rows, dtype=np.uint8)
        return lambda: ddz_fast.legal_moves_batch(counts)

    return {
        "legal_moves (20-card hands, one call each)": (single_calls, len(rows)),
        "legal_moves_batch (1,000 hands a call)": (batch, 1),
        "random_games (1,000 games a call)":
            (lambda: lambda: ddz_fast.random_games(1000, 1), 1),
    }


def run_threads(make: Callable[[], Callable[[], object]], calls: int, threads: int,
                seconds: float) -> Tuple[float, float]:
    """(calls per second, CPU seconds per call) of ``threads`` threads repeating the work that
    each makes with ``make``."""
    done = [0] * threads
    start = threading.Barrier(threads + 1)

    def loop(index: int) -> None:
        work = make()
        work()                                        # warm: tables and caches filled
        start.wait()
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            work()
            done[index] += calls

    pool = [threading.Thread(target=loop, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    start.wait()
    cpu, wall = time.process_time(), time.perf_counter()
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
    for name, (make, calls) in workloads().items():
        one, one_cpu = run_threads(make, calls, 1, args.seconds)
        two, two_cpu = run_threads(make, calls, 2, args.seconds)
        cells.append([name, f"{one:,.0f}", f"{two:,.0f}", f"{two / one:.2f}x",
                      f"{one_cpu * 1e6:,.2f}", f"{two_cpu * 1e6:,.2f}"])
        print(cells[-1], flush=True)
    header = ["work", "calls/s, 1 thread", "calls/s, 2 threads", "2 threads / 1",
              "CPU us/call, 1 thread", "CPU us/call, 2 threads"]
    table = markdown_table(header, cells, 1)
    free_threaded = not getattr(sys, "_is_gil_enabled", lambda: True)()
    gil = "free-threaded build, the GIL off" if free_threaded else "with the GIL"
    section = [f"`python benchmarks/threads.py --seconds {args.seconds:g}`", "",
               machine_line(["ddz_fast", "numpy"], gil), "", *table]
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "threads.md"
    write_section(path, SECTIONS[free_threaded], section)
    print("\n".join(table))
    print(f"\nwrote {path}, {SECTIONS[free_threaded][3:]}")


#: The heading of the section of each kind of build, by whether it is free-threaded.
SECTIONS = {False: "## With the GIL", True: "## Free-threaded CPython (no GIL)"}


def write_section(path: Path, heading: str, lines: List[str]) -> None:
    """Write ``path`` with ``lines`` as the section under ``heading``, keeping the other
    sections of the file as they are (free text after a table goes with its section)."""
    sections: Dict[str, List[str]] = {}
    current = None
    if path.exists():
        for line in path.read_text().splitlines():
            if line.startswith("## "):
                current = line
                sections[current] = []
            elif current is not None:
                sections[current].append(line)
    sections[heading] = lines
    about = [part.strip() for part in __doc__.split("\n\n")[2:]]
    text = ["# Threads: one against two", "", "\n\n".join(about)]
    for name in [*SECTIONS.values(), *sorted(set(sections) - set(SECTIONS.values()))]:
        if name in sections:
            body = "\n".join(sections[name]).strip()
            text += ["", name, "", body]
    path.write_text("\n".join(line.rstrip("\n") for line in text).rstrip() + "\n")


if __name__ == "__main__":
    main()
