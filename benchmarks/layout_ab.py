"""The one-deck three-player path of two builds side by side, the builds taking turns round after
round in one run: the move API's per-call times and random games (benchmarks/ab_moves.py), games
through the public State API (benchmarks/state_stepping.py) and the solver's duels
(benchmarks/solver_games.py).

    python benchmarks/layout_ab.py --baseline DIR --build DIR [--rounds R] [--cpu N]
        [--output PATH]
    python benchmarks/layout_ab.py --instructions --baseline DIR --build DIR [--also NAME=DIR]
        [--workloads NAME,...]

Each build is an install under DIR (``pip install --no-deps --target DIR .``), put first on
PYTHONPATH. Every measurement runs in a fresh process pinned to CPU ``--cpu`` (``taskset``,
where there is one); each round runs every measurement for both builds, one right after the
other, so that both see about the same machine. The best round of each build is the figure
compared (the lowest time, the highest rate): on a shared machine single rounds vary. Prints
the table and writes it as Markdown to ``--output`` when given.

``--instructions`` counts instead what the same work executes, which the load of a shared
machine does not change: each workload runs under valgrind's cachegrind with R and 3R
repetitions (hash seed 0, the collector off, the address space not randomized), and the
difference over 2R repetitions is the count of one call (instructions, and the first-level
data cache misses of cachegrind's simulated caches).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent

#: The solver's duel rows timed here: duels of these many cards a side, this many each.
DUEL_SIZES = (10, 12)
DUELS = 100

# What a child prints: one JSON object of figures. The solver's child times every duel on the
# calling thread, as benchmarks/solver.py does (value and winning moves, no line of play).
SOLVER_CHILD = f"""
import json, os, statistics, sys, time
sys.path.insert(0, {str(HERE)!r})
from ddz_fast import solve
from solver_games import duels
out = {{}}
for size in {DUEL_SIZES!r}:
    games = duels(size, {DUELS})
    solve(games[0], pv=False)           # map the table's pages before timing
    cpu, nodes = [], 0
    for game in games:
        started = time.process_time()
        nodes += solve(game, pv=False).nodes
        cpu.append(time.process_time() - started)
    out[f"duel {{size}}: median CPU ms"] = 1000 * statistics.median(cpu)
    out[f"duel {{size}}: M nodes per CPU s"] = nodes / sum(cpu) / 1e6
print(json.dumps(out))
"""



def stepping_child(games: int) -> str:
    """The code of a child timing ``games`` games through State (state_stepping.time_games)."""
    return (f"import json, sys; sys.path.insert(0, {str(HERE)!r}); import state_stepping; "
            f"r = state_stepping.time_games({games}); "
            f"print(json.dumps({{'State games per CPU s': r['games_per_cpu_s']}}))")


#: Rows of ab_moves.py's line, and what they time (nanoseconds per hand, per game for games).
AB_ROWS = {
    "lead17": "leading moves, 17 cards (ns)", "array17": "leading moves as an array, 17 (ns)",
    "batch17": "a batch, per 17-card hand (ns)", "lead20": "leading moves, 20 cards (ns)",
    "array20": "leading moves as an array, 20 (ns)", "batch20": "a batch, per 20-card hand (ns)",
    "respond": "answers to a move, 17 cards (ns)", "games": "random_games, per game (ns)",
}


def _run(code: List[str], pythonpath: str, cpu: Optional[int]) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = pythonpath
    # NumPy's BLAS starts worker threads on import that spin for a while: their CPU time would
    # count in the process's. Nothing here calls BLAS; one thread keeps the pool idle.
    env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    pin = ["taskset", "-c", str(cpu)] if cpu is not None and shutil.which("taskset") else []
    done = subprocess.run(pin + [sys.executable] + code, cwd="/", env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout


def measure(pythonpath: str, cpu: Optional[int], games: int) -> Dict[str, float]:
    """Every figure of one build, each from a fresh process: lower is better for the times
    (ns, ms), higher for the rates."""
    figures: Dict[str, float] = {}
    line = _run([str(HERE / "ab_moves.py")], pythonpath, cpu).split()
    for item in line:
        name, value = item.split("=")
        figures[AB_ROWS[name]] = float(value.rstrip("ns"))
    figures.update(json.loads(_run(["-c", stepping_child(games)], pythonpath, cpu)))
    figures.update(json.loads(_run(["-c", SOLVER_CHILD], pythonpath, cpu)))
    return figures


# --- instruction counts -------------------------------------------------------------------------

#: The workloads counted, as ab_moves.py, state_stepping.py and the duel rows run them: name ->
#: (repetitions R, calls in one repetition, what a call is).
WORKLOADS = {"lead17": (4, 1000, "hand"), "array17": (4, 1000, "hand"),
             "batch17": (4, 1000, "hand"), "lead20": (4, 1000, "hand"),
             "array20": (4, 1000, "hand"), "batch20": (4, 1000, "hand"),
             "respond": (4, 1000, "hand"), "games": (2, 1000, "game"),
             "state": (2, 100, "game"), "duel10": (2, 10, "duel"), "duel12": (2, 10, "duel")}


def run_workload(name: str, reps: int) -> None:
    """``reps`` repetitions of one workload (the child of --instructions)."""
    import gc
    import numpy as np
    import ddz_fast
    from ddz_fast import Hand
    from hands import random_hands

    gc.disable()
    rules = ddz_fast.Rules.preset("douzero")
    legal_moves = ddz_fast.legal_moves
    if name[:-2] in ("lead", "array", "batch"):
        hands = [Hand(c) for c in random_hands(1000, int(name[-2:]))]
        words = np.array([h.bitboard for h in hands], dtype=np.uint64)
        for _ in range(reps):
            if name.startswith("lead"):
                [legal_moves(h, rules=rules) for h in hands]
            elif name.startswith("array"):
                [legal_moves(h, rules=rules).array for h in hands]
            else:
                ddz_fast.legal_moves_batch(words, rules=rules)
    elif name == "respond":
        hands = [Hand(c) for c in random_hands(1000, 17)]
        pairs = [(hand, moves[len(moves) // 2]) for hand, moves in
                 zip(hands, (legal_moves(other) for other in hands[1:] + hands[:1]))]
        for _ in range(reps):
            [legal_moves(h, p) for h, p in pairs]
    elif name == "games":
        for i in range(reps):
            ddz_fast.random_games(1000, 1 + i)
    elif name == "state":
        import state_stepping
        state_stepping.play_games(100 * reps, 0)
    else:
        from solver_games import duels
        games = duels(int(name[4:]), 100)
        ddz_fast.solve(games[0], pv=False)
        for i in range(reps):
            for game in games[10 * i:10 * i + 10]:
                ddz_fast.solve(game, pv=False)


def counted(pythonpath: str, name: str, reps: int) -> Tuple[int, int]:
    """(instructions, D1 misses) of ``reps`` repetitions of a workload, under cachegrind."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=pythonpath, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    # The same addresses in every run (no address randomization where setarch can turn it
    # off): the allocator then does the same work in both runs of a count.
    fixed = ["setarch", platform.machine(), "-R"] if shutil.which("setarch") else []
    done = subprocess.run(fixed + ["valgrind", "--tool=cachegrind", "--cache-sim=yes",
                           "--cachegrind-out-file=/dev/null", sys.executable, str(Path(__file__)),
                           "--workload", name, str(reps)], cwd="/", env=env, check=True,
                          capture_output=True, text=True)

    def total(label: str) -> int:
        line = next(line for line in done.stderr.splitlines() if label in line)
        return int(line.split(":")[1].split()[0].replace(",", ""))
    return total("I   refs"), total("D1  misses")


def instructions(builds: Dict[str, str], only: Optional[List[str]] = None) -> str:
    """The Markdown table of the per-call counts of every workload (or of those in ``only``),
    for every build."""
    names = list(builds)
    lines = ["| workload | " + " | ".join(f"{n}: instructions" for n in names) + " | "
             + " | ".join(f"{n}: D1 misses" for n in names) + " | "
             + f"{names[-1]} / {names[0]} |", "|---|" + "---:|" * (2 * len(names) + 1)]
    for name, (reps, calls, unit) in WORKLOADS.items():
        if only is not None and name not in only:
            continue
        per = {}
        for build, path in builds.items():
            once, thrice = counted(path, name, reps), counted(path, name, 3 * reps)
            per[build] = [(b - a) / (2 * reps * calls) for a, b in zip(once, thrice)]
        line = (f"| {name} (per {unit}) | "
                + " | ".join(f"{per[n][0]:,.0f}" for n in names) + " | "
                + " | ".join(f"{per[n][1]:,.1f}" for n in names) + " | "
                + f"{per[names[-1]][0] / per[names[0]][0]:.3f} |")
        print(line, flush=True)
        lines.append(line)
    return "\n".join(lines) + "\n"


def higher_is_better(name: str) -> bool:
    return "per CPU s" in name


def compare(baseline: str, build: str, rounds: int, cpu: Optional[int],
            games: int) -> Tuple[str, Dict[str, List[Dict[str, float]]]]:
    runs: Dict[str, List[Dict[str, float]]] = {"before": [], "after": []}
    for number in range(rounds):
        for name, path in (("before", baseline), ("after", build)):
            runs[name].append(measure(path, cpu, games))
            print(f"round {number + 1} {name}: " + ", ".join(
                f"{key} {value:,.2f}" for key, value in runs[name][-1].items()), flush=True)
    return table(runs), runs


def table(runs: Dict[str, List[Dict[str, float]]]) -> str:
    lines = ["| measurement | before (best round) | after (best round) | after / before | "
             "per round |", "|---|---:|---:|---:|---|"]
    for name in runs["before"][0]:
        pick = max if higher_is_better(name) else min
        before = pick(r[name] for r in runs["before"])
        after = pick(r[name] for r in runs["after"])
        pairs = sorted(new[name] / old[name] for old, new in zip(runs["before"], runs["after"]))
        lines.append(f"| {name} | {before:,.2f} | {after:,.2f} | {after / before:.3f} | "
                     f"{', '.join(f'{p:.2f}' for p in pairs)} |")
    return "\n".join(lines) + "\n"


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--workload"]:
        sys.path.insert(0, str(HERE))
        run_workload(argv[1], int(argv[2]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="the install of the build before")
    parser.add_argument("--build", required=True, help="the install of this build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=2000, help="games through State a round")
    parser.add_argument("--cpu", type=int, default=1, help="the CPU every run is pinned to")
    parser.add_argument("--output", type=Path, help="write the comparison here (Markdown)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under cachegrind instead of timing")
    parser.add_argument("--also", action="append", default=[], metavar="NAME=DIR",
                        help="with --instructions: another build, counted between the two")
    parser.add_argument("--workloads", type=lambda text: text.split(","), metavar="NAME,...",
                        help=f"with --instructions: count only these ({', '.join(WORKLOADS)})")
    args = parser.parse_args(argv)
    if args.instructions:
        builds = {"before": args.baseline}
        builds.update(item.split("=", 1) for item in args.also)
        builds["after"] = args.build
        unknown = set(args.workloads or ()) - set(WORKLOADS)
        if unknown:
            parser.error(f"unknown workloads: {', '.join(sorted(unknown))}")
        text = instructions(builds, args.workloads)
    else:
        text, _ = compare(args.baseline, args.build, args.rounds, args.cpu, args.games)
    print(text)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
