"""pytest-benchmark cases for the solver: ``pytest benchmarks/test_bench_solver.py
--benchmark-only``. Each round solves a fixed set of games (value and winning moves);
``extra_info`` carries the nodes and the nodes per second of a round."""
from __future__ import annotations

import pytest

from ddz_fast import solve
from solver_games import duels, positions

GAMES = 20          # per round: a benchmark round should stay well under a minute
LIMIT = 5.0         # seconds per solve; a round that hits it reports inexact solves


def run_all(games):
    return [solve(game, pv=False, time_limit=LIMIT) for game in games]


def record(benchmark, found) -> None:
    nodes = sum(f.nodes for f in found)
    benchmark.extra_info.update(nodes=nodes, exact=sum(f.exact for f in found))
    stats = getattr(benchmark, "stats", None)
    if stats is not None and stats.stats.mean > 0:
        benchmark.extra_info["nodes_per_s"] = round(nodes / stats.stats.mean)


@pytest.mark.parametrize("size", [8, 10, 12, 14])
def test_duels(benchmark, size):
    games = duels(size, GAMES)
    found = benchmark.pedantic(run_all, args=(games,), rounds=1 if size >= 14 else 3,
                               warmup_rounds=0)
    record(benchmark, found)


@pytest.mark.parametrize("total", [15, 20, 25, 30])
def test_positions(benchmark, total):
    games = positions(total, GAMES)
    found = benchmark.pedantic(run_all, args=(games,), rounds=1 if total >= 25 else 3,
                               warmup_rounds=0)
    record(benchmark, found)
