"""The solver at the frontier: duels of 17 cards a side, three-hand positions of 36 and 45 cards,
and whole deals, each solved exactly (the value and every winning move) under a time limit.

    python benchmarks/solver_frontier.py [--games N] [--deals N] [--limit SECONDS]
        [--threads T] [--tt-mb MB] [--first-win] [--rows ROW,...] [--scaling] [--out PATH]

A whole deal is a deal of the engine (``deal_cards`` of seeds 0, 1, ...) whose landlord, seat 0,
has taken the kitty and leads: 20, 17 and 17 cards (the auction is not part of it). Each game is
solved once with ``--limit`` seconds (wall clock), ``--threads`` threads and a table of
``--tt-mb`` MB; the table says how many were solved within 10 s, 60 s and the limit, the median
and worst times (an unsolved game counts at the limit) and the nodes per second. Over the whole
deals solved, the landlord's perfect-information win rate, with its Wilson 95% interval, and
what the unsolved deals could make of it: the rate if every one of them were a landlord win,
and if every one were a loss. ``--first-win`` asks for the value and one winning move
(``solve(..., every_move=False)``): all the win rate needs. ``--rows`` picks rows by name
(``duels``, ``36``, ``45``, ``deals``; default all).

``--scaling`` solves every game again on one thread and adds the speed of ``--threads`` threads
against one on the games both solve within the limit (the same answers checked), and beside it
what this machine gives two CPU-bound processes: the solver's duels of 12 a side, one process
alone, then two at once.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Sequence

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
for _blas_threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas_threads, "1")

from ddz_fast import Game, solve  # noqa: E402
from ddz_fast.arena.stats import wilson_interval  # noqa: E402
from ddz_fast.search.bots import start_play  # noqa: E402
from report import machine_line, markdown_table  # noqa: E402
from solver_games import duels, positions  # noqa: E402

RESULTS = HERE / "results" / "solver_frontier.md"
FIRST_WIN_RESULTS = HERE / "results" / "solver_frontier_first_win.md"
SHARES = (10.0, 60.0)       # the share solved within these many seconds, beside the limit
#: The rows, by the name --rows takes.
ROWS = {"duels": "duels, 17 a side", "36": "three hands, 36 in all",
        "45": "three hands, 45 in all", "deals": "whole deals, 20/17/17"}
ROWS_DEFAULT = ",".join(ROWS)


class Solved(NamedTuple):
    exact: bool
    seconds: float
    nodes: int
    landlord_wins: Optional[bool]
    winning_moves: tuple


def whole_deals(count: int) -> list:
    """The positions of ``count`` whole deals: seeds 0.., seat 0 the landlord, to lead."""
    return [start_play(Game(), seed, landlord=0).position() for seed in range(count)]


def solve_all(games: Sequence, limit: float, threads: int, megabytes: int,
              every_move: bool) -> List[Solved]:
    found = []
    for game in games:
        solution = solve(game, pv=False, time_limit=limit, threads=threads,
                         tt_megabytes=megabytes, every_move=every_move)
        found.append(Solved(solution.exact, solution.seconds, solution.nodes,
                            solution.landlord_wins, solution.winning_moves))
        print(f"  {len(found)}/{len(games)}: {'exact' if solution.exact else 'stopped'} in "
              f"{solution.seconds:.1f} s", file=sys.stderr, flush=True)
    return found


def shares(limit: float) -> List[float]:
    """The times, below ``limit``, at which the share solved is counted."""
    return [s for s in SHARES if s < limit]


def row(label: str, found: Sequence[Solved], limit: float) -> List[str]:
    seconds = [f.seconds if f.exact else limit for f in found]
    within = [sum(1 for f in found if f.exact and f.seconds <= s) for s in shares(limit)]
    exact = sum(f.exact for f in found)
    rate = sum(f.nodes for f in found) / max(sum(f.seconds for f in found), 1e-9) / 1e6
    return [label, str(len(found))] + [f"{n}/{len(found)}" for n in within] + [
        f"{exact}/{len(found)}", f"{statistics.median(seconds):.2f}", f"{max(seconds):.1f}",
        f"{rate:.1f}"]


def win_rate(found: Sequence[Solved]) -> str:
    """The landlord's perfect-information win rate over the deals solved, its interval and
    the bounds the unsolved ones leave."""
    solved = [f for f in found if f.exact]
    wins, unsolved = sum(1 for f in solved if f.landlord_wins), len(found) - len(solved)
    if not solved:
        return "No whole deal was solved within the limit: no win rate."
    low, high = wilson_interval(wins, len(solved))
    return (f"Over the {len(solved)} whole deals solved of {len(found)}, the landlord wins "
            f"{wins} ({100 * wins / len(solved):.1f}%, Wilson 95% interval [{100 * low:.1f}%, "
            f"{100 * high:.1f}%]) with every hand open. The {unsolved} unsolved could move the "
            f"rate over all {len(found)} deals anywhere from {100 * wins / len(found):.1f}% "
            f"(every one a landlord loss) to {100 * (wins + unsolved) / len(found):.1f}% (every "
            f"one a landlord win): the rate over the solved ones is biased toward the deals "
            f"that are quick to solve.")


SCALING_CHILD = f"""
import sys, time
sys.path.insert(0, {str(HERE)!r})
from ddz_fast import solve
from solver_games import duels
games = duels(12, 40)
solve(games[0], pv=False)
started = time.perf_counter()
for game in games:
    solve(game, pv=False)
print(time.perf_counter() - started)
"""


def machine_scaling() -> float:
    """Two CPU-bound processes at once against one alone: the work per second of the pair
    over the alone one's (2.0 on two free cores)."""
    def start() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-c", SCALING_CHILD], stdout=subprocess.PIPE,
                                text=True, cwd="/")
    alone = float(start().communicate()[0])
    pair = [start() for _ in range(2)]
    together = [float(p.communicate()[0]) for p in pair]
    return 2 * alone / statistics.mean(together)


def thread_scaling(games: Sequence, many: Sequence[Solved], limit: float,
                   megabytes: int, every_move: bool) -> Dict[str, float]:
    """One thread against the rows' threads on ``games``: the same answers where both
    finished, and the times summed over the games both solved."""
    one = solve_all(games, limit, 1, megabytes, every_move)
    for game, alone, both in zip(games, one, many):
        if alone.exact and both.exact and (alone.landlord_wins, alone.winning_moves) != (
                both.landlord_wins, both.winning_moves):
            raise AssertionError(f"the threads disagree with one thread on {game}")
    pairs = [(a.seconds, b.seconds) for a, b in zip(one, many) if a.exact and b.exact]
    return {"games": len(pairs), "one": sum(a for a, _ in pairs),
            "many": sum(b for _, b in pairs),
            "solved by one": sum(a.exact for a in one), "solved by many": sum(
                b.exact for b in many)}


def speed_up(scaling: Dict[str, float]) -> str:
    """One thread's time over the threads' on the games both solved, or a dash for none."""
    return f"{scaling['one'] / scaling['many']:.2f}x" if scaling["games"] else "-"


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="duels and positions a row")
    parser.add_argument("--deals", type=int, default=20, help="whole deals")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds a solve")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tt-mb", type=int, default=2048)
    parser.add_argument("--first-win", action="store_true",
                        help="the value and one winning move (every_move=False)")
    parser.add_argument("--rows", default=ROWS_DEFAULT,
                        help="rows to run: duels, 36, 45, deals (comma-separated)")
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--out", type=Path, default=None,
                        help=f"default {RESULTS.relative_to(HERE.parent)}, or "
                             f"{FIRST_WIN_RESULTS.relative_to(HERE.parent)} with --first-win")
    args = parser.parse_args(argv)
    every_move = not args.first_win
    if args.out is None:
        args.out = FIRST_WIN_RESULTS if args.first_win else RESULTS
    picked = args.rows.split(",")
    unknown = sorted(set(picked) - set(ROWS))
    if unknown:
        parser.error(f"unknown rows {', '.join(unknown)}: choose from {', '.join(ROWS)}")
    started = time.perf_counter()
    rows, scaling = [], []
    found_deals: List[Solved] = []
    for name in picked:
        label = ROWS[name]
        games = (whole_deals(args.deals) if name == "deals" else
                 duels(17, args.games) if name == "duels" else positions(int(name), args.games))
        print(label, file=sys.stderr, flush=True)
        found = solve_all(games, args.limit, args.threads, args.tt_mb, every_move)
        rows.append(row(label, found, args.limit))
        if name == "deals":
            found_deals = found
        if args.scaling:
            scaling.append((label, thread_scaling(games, found, args.limit, args.tt_mb,
                                                  every_move)))
    header = (["games", "n"] + [f"solved in {s:g} s" for s in shares(args.limit)] +
              [f"solved in {args.limit:g} s", "median s", "worst s", "M nodes/s"])
    lines = [
        "# The solver at the frontier",
        "",
        f"{'Value and one winning move' if args.first_win else 'Value and every winning move'}"
        f", {args.threads} thread(s), a {args.tt_mb} MB table, a "
        f"{args.limit:g} s limit a solve (an unsolved game counts at the limit). Written by "
        f"`python benchmarks/solver_frontier.py --games {args.games} --deals {args.deals} "
        f"--limit {args.limit:g} --threads {args.threads} --tt-mb {args.tt_mb}"
        f"{' --first-win' if args.first_win else ''}"
        f"{'' if args.rows == ROWS_DEFAULT else ' --rows ' + args.rows}"
        f"{' --scaling' if args.scaling else ''}` on {machine_line(['ddz_fast'])}",
        "",
    ] + markdown_table(header, rows, 1) + (["", win_rate(found_deals)] if "deals" in picked
                                           else [])
    if args.scaling:
        machine = machine_scaling()
        lines += ["", f"{args.threads} threads against one, the same games solved again on one "
                      f"thread; times summed over the games both solved (the answers equal "
                      f"wherever both finished):", "",
                      "| games | solved by one | solved by both | one thread s | "
                      f"{args.threads} threads s | speed-up |", "|---|---:|---:|---:|---:|---:|"]
        lines += [f"| {label} | {t['solved by one']} | {t['games']} | {t['one']:.1f} | "
                  f"{t['many']:.1f} | {speed_up(t)} |" for label, t in scaling]
        lines += ["", f"In the same run this machine gave two CPU-bound processes at once "
                      f"{machine:.2f} times the work of one alone (2.00 on two free cores)."]
        lines += ["", "```json", json.dumps({"threads": dict(scaling), "machine": machine}),
                  "```"]
    lines += ["", f"({time.perf_counter() - started:.0f} s in all.)"]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
