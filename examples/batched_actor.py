"""A DouZero-style actor loop on batched tables: one network call scores the legal moves of
every table whose player holds the same position.

N tables under DouZero's rules are stepped together natively (ddz_fast.envs.vector); at each
step DouZero's features of every legal move of every table are written in one call, a small
numpy network (random weights: a stand-in for a trained model) scores them, one call per
position, and each table plays its best-scored move. Prints the decisions made, the network
calls that made them and how many tables each call served; with ``--ray``, the same loop runs
in two Ray actors on a local Ray instance.

    python examples/batched_actor.py [TABLES] [DECISIONS] [--ray]
"""
import sys

from ddz_fast.envs.actors import NumpyPolicy, run_actor, run_actors_on_ray


def main(tables: int = 256, decisions: int = 100_000, on_ray: bool = False) -> None:
    policy = NumpyPolicy(hidden=64, seed=1)
    if on_ray:
        stats = run_actors_on_ray(policy, actors=2, tables=tables, decisions=decisions, seed=1)
        where = "2 Ray actors"
    else:
        stats = run_actor(policy, tables=tables, decisions=decisions, seed=1)
        where = "one process"
    print(f"{tables} tables in {where}: {stats.decisions:,} decisions, {stats.hands:,} hands")
    print(f"{stats.network_calls:,} network calls, {stats.tables_per_call:.1f} tables per call, "
          f"{stats.rows:,} legal moves scored")
    print(f"{stats.decisions_per_second:,.0f} decisions/s")


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if arg != "--ray"]
    main(*(int(arg) for arg in args[:2]), on_ray="--ray" in sys.argv[1:])
