"""Time the solver on fixed-seed duels and three-hand positions and write a Markdown table.

    python benchmarks/solver.py [--games N] [--limit SECONDS] [--out PATH]

Every game is solved for its value and winning moves (``pv=False``: the distance search for the
line of play is not timed) on one thread, with the default 64 MB table. A solve that reaches
``--limit`` seconds stops and counts as inexact: its time is the limit, and the table says how many
finished exactly. Times are wall clock (what a caller waits) and CPU time of the process
(time.process_time: what one core spends on the solve, which runs on the calling thread; on a
shared machine the wall clock also holds the time other processes ran). Writes
benchmarks/results/solver.md by default.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import List, Sequence

sys.path.insert(0, str(Path(__file__).parent))
# ddz_fast imports NumPy, whose BLAS starts a pool of worker threads that spin for a while
# after the import: their CPU time counted in process_time and landed on the first row (about
# 4 ms on a few of its solves). The solver never calls BLAS; one thread keeps the pool idle.
for _blas_threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas_threads, "1")

from ddz_fast import solve  # noqa: E402
from solver_games import DUEL_SIZES, GAMES, POSITION_SIZES, duels, positions  # noqa: E402

RESULTS = Path(__file__).parent / "results" / "solver.md"


def measure(label: str, games: Sequence, limit: float) -> List[str]:
    solve(games[0], pv=False)           # map the table's pages before timing
    seconds: List[float] = []
    cpu: List[float] = []
    nodes: List[int] = []
    exact = 0
    for game in games:
        started = time.process_time()
        found = solve(game, pv=False, time_limit=limit)
        cpu.append(time.process_time() - started)
        seconds.append(found.seconds)
        nodes.append(found.nodes)
        exact += found.exact
    row = [label, f"{exact}/{len(games)}", f"{1000 * statistics.median(seconds):.2f}",
           f"{1000 * max(seconds):.1f}", f"{1000 * statistics.median(cpu):.2f}",
           f"{1000 * max(cpu):.1f}", f"{statistics.median(nodes):,.0f}",
           f"{max(nodes):,}", f"{sum(nodes) / sum(seconds) / 1e6:.2f}",
           f"{sum(nodes) / sum(cpu) / 1e6:.2f}"]
    print(" | ".join(row), flush=True)
    return row


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--limit", type=float, default=5.0, help="seconds per solve")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    rows = []
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    started = time.perf_counter()
    for size in DUEL_SIZES:
        rows.append(measure(f"duel, {size} a side", duels(size, args.games), args.limit))
    for total in POSITION_SIZES:
        rows.append(measure(f"three hands, {total} in all", positions(total, args.games),
                            args.limit))
    header = ["games", "exact", "median ms", "worst ms", "median CPU ms", "worst CPU ms",
              "median nodes", "worst nodes", "M nodes/s", "M nodes/CPU s"]
    lines = [
        "# Solver benchmark",
        "",
        f"{args.games} games of each kind from fixed seeds (benchmarks/solver_games.py), "
        f"standard rules, value and every winning move (no line of play), one thread, 64 MB "
        f"table, {args.limit:g} s limit per solve (an inexact solve counts at the limit). "
        f"Written by `python benchmarks/solver.py` in {time.perf_counter() - started:.0f} s on "
        f"{platform.machine()} ({platform.python_implementation()} "
        f"{platform.python_version()}), {os.cpu_count()} cores, load average "
        f"{load_before:.1f} at the start and "
        f"{os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan'):.1f} at the end.",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
