"""What the default ``solve()`` costs, against ``pv=False`` of a build before it, in one run.

    python benchmarks/solver_default.py --baseline DIR [--rounds R] [--duels N] [--output PATH]

The default call answers the value, every winning move and a winning line; ``pv=False`` the
first two alone; ``shortest=True`` the principal variation with its distance. On the fixed-seed
duels of 10, 12 and 14 cards a side (benchmarks/solver_games.py), each round times, each in a
fresh process, the baseline's ``solve(duel, pv=False)`` (the build under ``DIR``, put first on
PYTHONPATH: ``pip install --no-deps --target DIR .`` of the commit before), then this build's
``solve(duel)``, ``solve(duel, pv=False)`` and ``solve(duel, shortest=True)``. Times are CPU
seconds of the calling thread summed over the duels; the best round of each is the figure (a
shared machine slows single rounds, never speeds them). Prints the table and writes it as
Markdown to ``--output`` when given.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence

HERE = Path(__file__).resolve().parent
SIZES = (10, 12, 14)

CHILD = """
import json, sys, time
sys.path.insert(0, {here!r})
from ddz_fast import solve
from solver_games import duels
kwargs = json.loads({kwargs!r})
out = {{}}
for size in {sizes!r}:
    games = duels(size, {count})
    solve(games[0], **kwargs)           # map the table's pages before timing
    cpu = nodes = 0
    for game in games:
        started = time.process_time()
        nodes += solve(game, **kwargs).nodes
        cpu += time.process_time() - started
    out[size] = [cpu, nodes]
print(json.dumps(out))
"""

#: The calls timed: (label, the build: "baseline" or "build", solve's keyword arguments).
CALLS = (("before: solve(pv=False)", "baseline", {"pv": False}),
         ("solve() (winning line)", "build", {}),
         ("solve(pv=False)", "build", {"pv": False}),
         ("solve(shortest=True)", "build", {"shortest": True}))


def child(baseline: Optional[Path], kwargs: Dict[str, bool], count: int) -> Dict[str, list]:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    if baseline is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(baseline), env.get("PYTHONPATH", "")])
    code = CHILD.format(here=str(HERE), kwargs=json.dumps(kwargs), sizes=SIZES, count=count)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, cwd="/", check=True)
    return json.loads(result.stdout)


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True,
                        help="an install of the build before (pip install --target DIR)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duels", type=int, default=100)
    parser.add_argument("--output", type=Path)
    args = parser.parse_args(argv)
    best: Dict[str, Dict[str, list]] = {}
    for _ in range(args.rounds):
        for label, build, kwargs in CALLS:
            found = child(args.baseline if build == "baseline" else None, kwargs, args.duels)
            for size, (cpu, nodes) in found.items():
                if size not in best.setdefault(label, {}) or cpu < best[label][size][0]:
                    best[label][size] = [cpu, nodes]
    lines = table(best, args)
    print("\n".join(lines))
    if args.output:
        args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


def table(best: Dict[str, Dict[str, list]], args: argparse.Namespace) -> List[str]:
    header = ["call"] + [f"{size} a side: CPU s (nodes)" for size in SIZES] + \
        [f"{size}: vs before" for size in SIZES]
    before = best[CALLS[0][0]]
    lines = [
        "# The default solve() against pv=False before it",
        "",
        f"{args.duels} fixed-seed duels of each size (benchmarks/solver_games.py), CPU seconds "
        f"summed over them, the best of {args.rounds} rounds, each call in a fresh process. "
        f"Written by `python benchmarks/solver_default.py --baseline DIR --rounds "
        f"{args.rounds} --duels {args.duels}` on {platform.machine()} "
        f"({platform.python_implementation()} {platform.python_version()}), "
        f"{os.cpu_count()} cores.",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" + "---:|" * (len(header) - 1),
    ]
    for label, _, _ in CALLS:
        row = best[label]
        cells = [f"{row[str(s)][0]:.3f} ({row[str(s)][1]:,})" for s in SIZES]
        ratios = [f"{row[str(s)][0] / before[str(s)][0]:.2f}x" for s in SIZES]
        lines.append("| " + " | ".join([label] + cells + ratios) + " |")
    return lines


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
