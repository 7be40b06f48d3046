"""Time the solver on fixed-seed duels and positions of every table and write a Markdown table.

    python benchmarks/solver.py [--games N] [--limit SECONDS] [--tables] [--out PATH]

The classic rows are duels and three-hand positions under the standard rules; ``--tables`` adds,
beside them, three-hand positions of the other three-player presets (botzone, no_kitty, laizi,
tiandi_laizi: the wild ranks drawn for each position) and four-hand positions of four_player,
the landlord alone and with the seat opposite as its partner.

Every game is solved for its value and winning moves (``pv=False``: the distance search for the
line of play is not timed) on one thread, with the default 64 MB table. A solve that reaches
``--limit`` seconds stops and counts as inexact: its time is the limit, and the table says how many
finished exactly. Times are wall clock (what a caller waits) and CPU time of the process
(time.process_time: what one core spends on the solve, which runs on the calling thread; on a
shared machine the wall clock also holds the time other processes ran). Writes
benchmarks/results/solver.md by default. The rows at the frontier (duels of 17 a side,
three-hand positions of 36 and 45 cards, whole deals) take minutes each: they are
benchmarks/solver_frontier.py.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, List, Optional, Sequence

sys.path.insert(0, str(Path(__file__).parent))
# ddz_fast imports NumPy, whose BLAS starts a pool of worker threads that spin for a while
# after the import: their CPU time counted in process_time and landed on the first row (about
# 4 ms on a few of its solves). The solver never calls BLAS; one thread keeps the pool idle.
for _blas_threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas_threads, "1")

from dataclasses import replace  # noqa: E402

from ddz_fast import Rules, solve  # noqa: E402
from solver_games import (DUEL_SIZES, FOUR_PLAYER_SIZES, GAMES, POSITION_SIZES,  # noqa: E402
                          duels, four_player_positions, partner_of, positions, table_positions)

#: The three-player presets of the --tables rows, and their positions' sizes (cards in all).
TABLE_PRESETS = ("botzone", "no_kitty", "laizi", "tiandi_laizi")
TABLE_SIZES = (15, 20, 25)

RESULTS = Path(__file__).parent / "results" / "solver.md"


def measure(label: str, games: Sequence, limit: float, rules: Rules = Rules(),
            partner: Optional[Callable] = None) -> List[str]:
    """One row: ``games`` solved under ``rules`` (``partner(game)`` names the landlord's
    partner where the rules have one)."""
    def partner_in(game):
        return None if partner is None else partner(game)

    solve(games[0], rules=rules, partner=partner_in(games[0]), pv=False)   # map the table
    seconds: List[float] = []
    cpu: List[float] = []
    nodes: List[int] = []
    exact = 0
    for game in games:
        started = time.process_time()
        found = solve(game, rules=rules, partner=partner_in(game), pv=False, time_limit=limit)
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


def table_rows(games: int, limit: float) -> List[List[str]]:
    """The rows of the other tables: three-hand positions of each preset, four-hand ones of
    four_player alone and with a partner."""
    rows = []
    for preset in TABLE_PRESETS:
        rules = Rules.preset(preset)
        for total in TABLE_SIZES:
            rows.append(measure(f"{preset}, three hands, {total} in all",
                                table_positions(total, rules, games), limit, rules))
    alone = Rules.preset("four_player")
    for name, rules, partner in (("four_player", alone, None),
                                 ("four_player partner", replace(alone, sides="partner"),
                                  partner_of)):
        for total in FOUR_PLAYER_SIZES:
            rows.append(measure(f"{name}, four hands, {total} in all",
                                four_player_positions(total, games), limit, rules, partner))
    return rows


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--limit", type=float, default=5.0, help="seconds per solve")
    parser.add_argument("--tables", action="store_true",
                        help="also the other tables' positions (wild cards, four seats...)")
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
    if args.tables:
        rows += table_rows(args.games, args.limit)
    header = ["games", "exact", "median ms", "worst ms", "median CPU ms", "worst CPU ms",
              "median nodes", "worst nodes", "M nodes/s", "M nodes/CPU s"]
    lines = [
        "# Solver benchmark",
        "",
        f"{args.games} games of each kind from fixed seeds (benchmarks/solver_games.py), "
        f"standard rules unless the row names its table, value and every winning move (no "
        f"line of play), one thread, 64 MB "
        f"table, {args.limit:g} s limit per solve (an inexact solve counts at the limit). "
        f"Written by `python benchmarks/solver.py{' --tables' if args.tables else ''}` in {time.perf_counter() - started:.0f} s on "
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
