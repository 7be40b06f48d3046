"""Perft suites: files of positions with their expected counts, and the runner that checks them.

The suites ship with the package, in this folder (:data:`SUITES_DIR`): ``opening``,
``endgames``, ``bombs``, ``kickers`` and ``laizi``, each a ``NAME.perft`` file read by
:func:`read_perft_suites`. ``python -m ddz_fast.positions.suites [SUITE...] [--python]`` counts
every position of the suites named (a name or a file's path; none: every suite), checks each
count and prints it with its nodes per second (``--python``: over the pure-Python reference's
generator).
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

from ...rules import Rules, as_rules
from ..perft import perft
from ..three_player import Position
from ...validate import check_duration

__all__ = ["PerftSuite", "read_perft_suites", "SUITES_DIR", "suite_names", "suite_path",
           "Timing", "time_repeated", "main"]

#: The folder of the suite files that ship with the package.
SUITES_DIR: Path = Path(__file__).resolve().parent

T = TypeVar("T")


# --- timing ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Timing:
    """How long one computation took: ``runs`` repetitions in ``seconds`` in all."""

    runs: int
    seconds: float

    @property
    def per_run(self) -> float:
        return self.seconds / self.runs

    def rate(self, amount: int) -> float:
        """``amount`` per run, per second (e.g. nodes/s)."""
        return amount * self.runs / self.seconds


def time_repeated(compute: Callable[[], T], min_seconds: float = 0.2) -> Tuple[T, Timing]:
    """Run ``compute`` until at least ``min_seconds`` have passed (at least once).

    A count that takes microseconds is repeated until the total is long enough for the clock
    to measure it; one that takes longer than ``min_seconds`` runs once. Returns the last
    result and the timing.
    """
    min_seconds = check_duration("min_seconds", min_seconds, allow_zero=True)
    runs = 0
    start = time.perf_counter()
    while True:
        result = compute()
        runs += 1
        seconds = time.perf_counter() - start
        if seconds >= min_seconds:
            return result, Timing(runs, seconds)


# --- perft suites ----------------------------------------------------------------------------

@dataclass(frozen=True)
class PerftSuite:
    """One position of a suite file with its rules and its expected (depth, nodes) counts."""

    rules: Rules
    position: Position
    counts: Tuple[Tuple[int, int], ...]
    line: int


def read_perft_suites(lines: Iterable[str]) -> Iterator[PerftSuite]:
    """Parse a perft suite file.

    Lines: ``rules <preset>`` (applies to the positions after it; ``standard`` before any),
    ``position <notation>``, then ``perft <depth> <nodes>`` lines for that position. Blank
    lines and lines starting with ``#`` are ignored.
    """
    rules = as_rules(None)
    current: Optional[Tuple[Position, int]] = None
    counts: List[Tuple[int, int]] = []
    for number, raw in enumerate(lines, 1):
        if not isinstance(raw, str):
            raise TypeError(f"line {number}: a suite's lines are str, not {type(raw).__name__}")
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "perft" and current is not None:
            counts.append(_perft_line(rest, number))
            continue
        if current is not None:
            yield PerftSuite(rules, current[0], tuple(counts), current[1])
            current, counts = None, []
        try:
            if word == "rules":
                rules = as_rules(rest.strip())
            elif word == "position":
                current = (Position.parse(rest), number)
            else:
                raise ValueError(f"expected 'rules', 'position' or 'perft', got {line!r:.200}")
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from None
    if current is not None:
        yield PerftSuite(rules, current[0], tuple(counts), current[1])


def _perft_line(rest: str, number: int) -> Tuple[int, int]:
    """(depth, nodes) of the text after ``perft``: two counts of decimal digits."""
    parts = rest.split()
    if len(parts) != 2 or not all(part.isdigit() and part.isascii() for part in parts):
        raise ValueError(f"line {number}: 'perft' takes a depth and a node count, got "
                         f"{rest!r:.200}")
    return int(parts[0]), int(parts[1])


def suite_names() -> List[str]:
    """The names of the suites that ship with the package, sorted (``opening``, ...)."""
    return sorted(path.stem for path in SUITES_DIR.glob("*.perft"))


def suite_path(suite: str) -> Path:
    """The file of a suite: a shipped suite by name (``"opening"``), or any file by its path."""
    if not isinstance(suite, str):
        raise TypeError(f"a suite is named by a str, not {type(suite).__name__}")
    shipped = SUITES_DIR / f"{suite}.perft"
    if "/" not in suite and "\\" not in suite and _is_file(shipped):
        return shipped
    path = Path(suite)
    if _is_file(path):
        return path
    raise ValueError(f"no suite {suite!r:.200}: name one of {', '.join(suite_names())}, or "
                     f"give a suite file's path")


def _is_file(path: Path) -> bool:
    """Whether ``path`` names a file (a name the system refuses, too long or holding a NUL
    byte, names none)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def main(argv: Sequence[str]) -> int:
    """``python -m ddz_fast.positions.suites [SUITE...] [--python]``: check suites, print
    nodes/s."""
    parser = argparse.ArgumentParser(
        prog="python -m ddz_fast.positions.suites",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Count the positions of perft suites, check every count and print the\n"
                    "nodes per second. The suites that ship with ddz_fast are named:\n"
                    f"{', '.join(suite_names())}.",
        epilog="examples:\n"
               "  python -m ddz_fast.positions.suites opening\n"
               "  python -m ddz_fast.positions.suites endgames bombs --python\n"
               "  python -m ddz_fast.positions.suites my_positions.perft")
    parser.add_argument("suites", nargs="*", metavar="SUITE",
                        help="a suite's name, or the path of a suite file: 'position' lines, "
                             "each followed by 'perft DEPTH NODES' lines (default: every "
                             "suite that ships with ddz_fast)")
    parser.add_argument("--python", action="store_true",
                        help="walk with the pure-Python reference's move generator")
    args = parser.parse_args(argv)
    implementation = "python" if args.python else None
    try:
        paths = [suite_path(suite) for suite in args.suites or suite_names()]
        failures = sum(_check_suite(path, implementation) for path in paths)
    except UnicodeDecodeError as error:
        parser.error(f"cannot read a suite: it is not UTF-8 text (byte {error.start})")
    except OSError as error:
        parser.error(f"cannot read a suite: {error.strerror or error}")
    except ValueError as error:     # a line of a suite file
        parser.error(str(error))
    return 1 if failures else 0


def _check_suite(path: Path, implementation: Optional[str]) -> int:
    """Count every position of a suite file and print each count; returns the mismatches."""
    failures = 0
    with open(path, encoding="utf-8") as suite_file:
        for suite in read_perft_suites(suite_file):
            for depth, expected in suite.counts:
                nodes, timing = time_repeated(
                    lambda: perft(suite.position, depth, rules=suite.rules,
                                  implementation=implementation), min_seconds=0.05)
                status = "ok" if nodes == expected else f"MISMATCH (expected {expected})"
                failures += nodes != expected
                print(f"{suite.position}  perft {depth} = {nodes}  "
                      f"{timing.rate(nodes):,.0f} nodes/s over {timing.runs} runs  "
                      f"{status}")
    return failures
