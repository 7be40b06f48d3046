"""The solver beside the fastest public C++ endgame solver, on the same duels, in one run.

    python benchmarks/solver_peer.py --peer PATH [--sizes 10 12 14] [--games N] [--out PATH]

PATH is a build of benchmarks/peers/endgame_driver.cc over YunyanDeng/doudizhu_endgame (see
that file: built outside the project from the solver's own repository). Each duel of
benchmarks/solver_games.py (the first player, the solver's "lord", leading) is solved by both
for its value, single-threaded, each with a fresh table: the peer's ``Negamax::search`` (which
finds one winning move) timed by the driver around the search; ddz_fast's ``solve`` with
``pv=False, every_move=False`` (the value and one winning move, what the peer answers), with
``pv=False`` (the value and every winning move) and its default call (with a winning line), as
the solution reports its time. The rules are the peer's: a bomb may carry a pair as its two
solo kickers (``Rules(four_two_solo_max_copies=2)``). The table counts the duels where the two
values agree and lists those where they differ. Writes benchmarks/results/solver_peer.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Sequence, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
for _blas_threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas_threads, "1")

from ddz_fast import Duel, Hand, Rules, solve  # noqa: E402
from report import machine_line, markdown_table  # noqa: E402
from solver_games import duels  # noqa: E402

RESULTS = HERE / "results" / "solver_peer.md"
#: The peer's rules: four of a kind with two solos may take a pair as the two.
PEER_RULES = Rules(four_two_solo_max_copies=2)
#: ddz_fast's rank letters and the peer's, in rank order.
LETTERS = dict(zip("3456789TJQKA2BR", "34567890JQKA2YZ"))


def load_average() -> float:
    """The machine's one-minute load average (NaN where the system has none)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def peer_text(hand: Hand) -> str:
    """A hand in the peer's letters."""
    return "".join(LETTERS[card] for card in str(hand))


def peer_solve(peer: Path, games: Sequence[Duel]) -> List[Tuple[bool, float]]:
    """The peer's value and seconds for each duel, one driver process for all of them."""
    lines = "".join(f"{peer_text(g.first)} {peer_text(g.second)}\n" for g in games)
    done = subprocess.run([str(peer)], input=lines, capture_output=True, text=True, check=True)
    answers = [line.split() for line in done.stdout.splitlines()]
    if len(answers) != len(games):
        raise RuntimeError(f"the peer answered {len(answers)} of {len(games)} duels")
    return [(win == "1", float(seconds)) for win, seconds in answers]


#: ddz_fast's calls, by column: the value and one winning move (the peer's answer), the value
#: and every winning move, and the default call (with a winning line).
OURS = {"first win": {"pv": False, "every_move": False}, "pv=False": {"pv": False},
        "default": {}}


def ours(games: Sequence[Duel], options: dict) -> List[Tuple[bool, float]]:
    """ddz_fast's value and seconds for each duel, ``solve`` called with ``options``."""
    solve(games[0], rules=PEER_RULES, **options)        # map the table's pages once
    found = [solve(g, rules=PEER_RULES, **options) for g in games]
    return [(f.wins, f.seconds) for f in found]


def row(size: int, count: int, peer: Path, disagreements: List[str]) -> List[str]:
    """One size's duels: the times of the three, the duels where the peer's value differs
    from ddz_fast's appended to ``disagreements``."""
    games = duels(size, count)
    theirs = peer_solve(peer, games)
    mine = {name: ours(games, options) for name, options in OURS.items()}
    agree = 0
    for game, (a, _), *answers in zip(games, theirs, *mine.values()):
        b = answers[0][0]
        if any(wins != b for wins, _ in answers):
            raise AssertionError(f"solve() disagrees with itself on {game}")
        agree += a == b
        if a != b:
            disagreements.append(f"`{game}`: the peer says the first player "
                                 f"{'wins' if a else 'loses'}, ddz_fast that it "
                                 f"{'wins' if b else 'loses'}")
    cells = [f"{size} a side", str(count), str(agree)]
    for answers in (theirs, *mine.values()):
        seconds = [s for _, s in answers]
        cells += [f"{1000 * statistics.median(seconds):.2f}", f"{1000 * max(seconds):.1f}"]
    peer_median = statistics.median(s for _, s in theirs)
    cells += [f"{peer_median / statistics.median(s for _, s in answers):.1f}x"
              for answers in mine.values()]
    print(" | ".join(cells), flush=True)
    return cells


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, required=True,
                        help="the driver built from benchmarks/peers/endgame_driver.cc")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 12, 14])
    parser.add_argument("--games", type=int, default=100, help="duels of each size")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if not os.access(args.peer, os.X_OK):
        parser.error(f"--peer {args.peer}: no executable there")
    started, load_before = time.perf_counter(), load_average()
    disagreements: List[str] = []
    rows = [row(size, args.games, args.peer, disagreements) for size in args.sizes]
    header = (["duels", "n", "same value", "peer median ms", "peer worst ms"]
              + [f"{name} {stat} ms" for name in OURS for stat in ("median", "worst")]
              + [f"peer / {name} (medians)" for name in OURS])
    lines = [
        "# The solver beside the fastest public C++ endgame solver",
        "",
        f"The same fixed-seed duels (benchmarks/solver_games.py) under the peer's rules, each "
        f"solved single-threaded with a fresh table by YunyanDeng/doudizhu_endgame's "
        f"`Negamax::search` and by ddz_fast's `solve` (first win: `pv=False, every_move=False`, "
        f"the value and one winning move, as the peer answers; `pv=False`: the value and every "
        f"winning move; default: with a winning line). Written by `python "
        f"benchmarks/solver_peer.py --peer PATH --sizes {' '.join(map(str, args.sizes))} "
        f"--games {args.games}` in {time.perf_counter() - started:.0f} s on "
        f"{machine_line(['ddz_fast'])} Load average {load_before:.1f} at the start and "
        f"{load_average():.1f} at the end (the two solvers take turns on the same core).",
        "",
    ] + markdown_table(header, rows, 1)
    if disagreements:
        lines += ["", "The duels where the values differ (tests/search/test_solver_peer_cases.py "
                      "proves ddz_fast's value on them with the plain-minimax twin):", ""]
        lines += [f"* {line}" for line in disagreements]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
