"""Random hands per second through the public ``State`` API, and the ratio between two builds.

    python benchmarks/state_stepping.py [--games N] [--rounds R]
    python benchmarks/state_stepping.py --baseline DIR [--build DIR] [--games N] [--rounds R]
        [--output PATH]

Each game is what a Python driver of the engine does: ``Game().new_state(seed)``, then, until
the hand is over, ``rng.choice(state.legal_actions())`` applied with ``state.apply`` (the points
auction, re-deals included, and the whole play phase), on one thread pinned to one CPU where
the OS allows it.

With ``--baseline DIR`` the script times two installs of ddz_fast in fresh processes, taking turns
round after round: the one Python imports as usual and the one installed under DIR
(``pip install --target DIR ...``, put first on ``PYTHONPATH``); ``--build DIR`` takes this build
from such a directory too, instead of from Python's usual import. The best round of each is the
figure compared, as in the other A/B scripts: on a shared machine single rounds vary. It prints the
table and writes it as Markdown to ``--output`` when given.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

HERE = Path(__file__).resolve().parent


def play_games(games: int, first_seed: int) -> int:
    """Play ``games`` random hands through Game/State; the number of decisions taken."""
    from ddz_fast import Game

    game = Game()
    rng = random.Random(first_seed)
    decisions = 0
    for seed in range(first_seed, first_seed + games):
        state = game.new_state(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def pin_to_one_core() -> None:
    """Run on the lowest CPU allowed (both builds on the same one), where the OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def time_games(games: int, first_seed: int = 0) -> Dict[str, float]:
    """games/s and decisions per game of one timed run (the collector off, as in timeit)."""
    pin_to_one_core()
    play_games(min(games, 50), first_seed + 10 ** 6)      # imports and first-use caches
    gc.collect()
    gc.disable()
    try:
        start, cpu_start = time.perf_counter(), time.process_time()
        decisions = play_games(games, first_seed)
        seconds = time.perf_counter() - start
        cpu_seconds = time.process_time() - cpu_start
    finally:
        gc.enable()
    return {"games_per_s": games / seconds, "games_per_cpu_s": games / cpu_seconds,
            "decisions_per_game": decisions / games}


def run_child(games: int, pythonpath: Optional[str]) -> Dict[str, float]:
    """One timed run in a fresh process, with ``pythonpath`` first on the path (or not)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    code = (f"import sys; sys.path.insert(0, {str(HERE)!r}); import json, state_stepping; "
            f"import ddz_fast; r = state_stepping.time_games({games}); "
            f"r['module'] = ddz_fast.__file__; print(json.dumps(r))")
    result = subprocess.run([sys.executable, "-c", code], cwd="/", env=env, check=True,
                            capture_output=True, text=True)
    return json.loads(result.stdout)


#: The two clocks of a run: wall time, and the CPU time of the process (which leaves out the
#: time other processes of a shared machine took the core).
CLOCKS = (("games_per_s", "games per wall-clock second"),
          ("games_per_cpu_s", "games per CPU second"))


def compare(baseline: str, games: int, rounds: int, build: Optional[str] = None) -> str:
    """Alternate the two builds for ``rounds`` rounds; Markdown tables of the best rounds.
    ``build`` is this build's install directory (None: the ddz_fast Python imports)."""
    runs: Dict[str, List[Dict[str, float]]] = {"baseline": [], "this build": []}
    for number in range(rounds):
        for name, path in (("baseline", baseline), ("this build", build)):
            result = run_child(games, path)
            runs[name].append(result)
            print(f"round {number + 1}: {name:<10} {result['games_per_s']:8,.0f} games/s, "
                  f"{result['games_per_cpu_s']:8,.0f} per CPU s  ({result['module']})",
                  flush=True)
    tables = [rate_table(runs, key, title) for key, title in CLOCKS]
    decisions = runs["this build"][0]["decisions_per_game"]
    return "\n".join(tables) + f"{games} games a round, {decisions:.1f} decisions a game.\n"


def rate_table(runs: Dict[str, List[Dict[str, float]]], key: str, title: str) -> str:
    """The Markdown table of one clock: each build's best round and all rounds, the ratio."""
    best = {name: max(r[key] for r in results) for name, results in runs.items()}
    ratio = best["this build"] / best["baseline"]
    # Each round's two runs follow each other: their ratio sees about the same machine load.
    pairs = sorted(new[key] / old[key] for old, new in zip(runs["baseline"], runs["this build"]))
    lines = [f"| build | {title}, best round | all rounds |", "|---|---:|---|"]
    for name, results in runs.items():
        every = ", ".join(f"{r[key]:,.0f}" for r in results)
        lines.append(f"| {name} | {best[name]:,.0f} | {every} |")
    lines.append(f"| **ratio** | **{ratio:.2f}x** | per round: "
                 f"{', '.join(f'{p:.2f}x' for p in pairs)} (median "
                 f"{pairs[len(pairs) // 2]:.2f}x) |")
    return "\n".join(lines) + "\n\n"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", help="a directory holding another install of ddz_fast")
    parser.add_argument("--build", help="this build's install directory (default: the "
                        "ddz_fast Python imports)")
    parser.add_argument("--output", type=Path, help="write the comparison here (Markdown)")
    args = parser.parse_args(argv)
    if args.baseline is None:
        for _ in range(args.rounds):
            result = time_games(args.games)
            print(f"{result['games_per_s']:,.0f} games/s ({result['games_per_cpu_s']:,.0f} per "
                  f"CPU second), {result['decisions_per_game']:.1f} decisions a game")
        return 0
    table = compare(args.baseline, args.games, args.rounds, args.build)
    print(table)
    if args.output:
        args.output.write_text(report(table, argv if argv is not None else sys.argv[1:]),
                               encoding="utf-8")
    return 0


def report(table: str, argv: List[str]) -> str:
    """The Markdown document of a comparison: what was run, where, and the table."""
    sys.path.insert(0, str(HERE))
    from report import machine_line

    command = " ".join(["python benchmarks/state_stepping.py"] + argv)
    return (f"# Random games through the public State API: two builds\n\n"
            f"`{command}`\n\n"
            f"Each game: `Game().new_state(seed)`, then `state.apply(rng.choice("
            f"state.legal_actions()))` until `state.is_over` (points auction and play), one "
            f"thread; the two builds take turns in fresh processes, and the best round of each "
            f"is compared.\n\n{machine_line(['numpy'])}\n\n{table}")


if __name__ == "__main__":
    sys.exit(main())
