"""DouZero's Env beside ddz_fast's drop-in Env, and the native feature kernel on a batch.

    python benchmarks/douzero_env.py [--games N] [--tables T] [--repeats R] [--out DIR]

Plays ``N`` hands through ``douzero.env.env.Env`` (DouZero's own, its ``get_obs`` at every
decision) and through ``ddz_fast.compat.douzero.Env`` (the same observations), both with
uniformly random legal actions from a seeded numpy, in one process, the two taking turns for
``R`` rounds; reports decisions/s with features of each, best round, and their ratio. Then
times ``BatchFeatures`` on ``T`` mid-game tables (the state arrays of the batched tables, taken
from the drop-in's own games) in both layouts: tables/s and rows (legal actions)/s, with the
kernel's buffers reused between calls as a training loop would. Writes
``DIR/douzero_env.md``.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ddz_fast.compat import douzero
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: Each timing repeats for at least this long (a shared machine has quiet moments).
MIN_SECONDS = 2.0
STATE_NAMES = ("hands", "played", "last_moves", "history", "history_len", "bombs", "landlord",
               "player")


def play(make_env: Callable[[], object], games: int) -> int:
    """Play ``games`` hands with random legal actions; the decisions taken."""
    env = make_env()
    rng = np.random.RandomState(1)
    np.random.seed(0)
    decisions = 0
    for _ in range(games):
        obs = env.reset()
        while True:
            legal = obs["legal_actions"]
            obs, _, done, _ = env.step(legal[rng.randint(len(legal))])
            decisions += 1
            if done:
                break
    return decisions


def tables_of(count: int) -> Dict[str, np.ndarray]:
    """The state arrays and legal actions of ``count`` decisions of the drop-in's games."""
    env = douzero.Env("adp")
    rng = np.random.RandomState(2)
    np.random.seed(3)
    rows: Dict[str, List[np.ndarray]] = {name: [] for name in STATE_NAMES + ("moves",)}
    offsets = [0]
    obs = env.reset()
    while len(offsets) <= count:
        state = env.state
        for name in STATE_NAMES:
            rows[name].append(state[name].copy())     # views of the live table
        rows["moves"].append(state["moves"])
        offsets.append(offsets[-1] + len(state["moves"]))
        legal = obs["legal_actions"]
        obs, _, done, _ = env.step(legal[rng.randint(len(legal))])
        if done:
            obs = env.reset()
    arrays = {name: np.concatenate(rows[name]) for name in rows}
    arrays["offsets"] = np.array(offsets, dtype=np.int64)
    return arrays


def report(games: int, tables: int, repeats: int) -> str:
    from douzero.env.env import Env as DouZeroEnv

    envs: Tuple[Tuple[str, Callable[[], object]], ...] = (
        ("DouZero's Env (douzero.env.env.Env + get_obs)", lambda: DouZeroEnv("adp")),
        ("ddz_fast.compat.douzero.Env", lambda: douzero.Env("adp")),
    )
    decisions = {name: play(make, games) for name, make in envs}
    assert len(set(decisions.values())) == 1, decisions     # the very same games
    best = {name: float("inf") for name, _ in envs}
    for _ in range(repeats):
        for name, make in envs:
            best[name] = min(best[name], best_of(lambda m=make: play(m, games), 1)[0])
    base = decisions[envs[0][0]] / best[envs[0][0]]
    rows = [[name, f"{games / best[name]:,.0f}", f"{decisions[name] / best[name]:,.0f}",
             f"{decisions[name] / best[name] / base:.1f}"] for name, _ in envs]
    env_table = "\n".join(markdown_table(["environment", "games/s", "decisions/s",
                                          "decisions/s / DouZero's"], rows, 1))

    arrays = tables_of(tables)
    arguments = [arrays[name] for name in STATE_NAMES + ("moves", "offsets")]
    kernel_rows: List[List[str]] = []
    for layout in ("batch", "broadcast"):
        for dtype in (np.float32, np.int8):
            features = douzero.BatchFeatures(layout, dtype)
            features(*arguments)                            # the buffers, once
            seconds = best_of(lambda f=features: f(*arguments), repeats,
                              MIN_SECONDS / repeats)[0]
            kernel_rows.append([layout, np.dtype(dtype).name, f"{tables / seconds:,.0f}",
                                f"{len(arrays['moves']) / seconds:,.0f}",
                                f"{seconds * 1e3:.2f}"])
    kernel_table = "\n".join(markdown_table(["layout", "dtype", "tables/s", "rows/s",
                                             "ms a call"], kernel_rows, 2))
    return (f"# DouZero's Env beside the drop-in, and the feature kernel\n\n"
            f"{machine_line(['ddz_fast', 'douzero', 'numpy'])}\n\n"
            f"`python benchmarks/douzero_env.py --games {games} --tables {tables} "
            f"--repeats {repeats}`: {games} hands through each Env (the same deals and the same "
            f"random legal actions: {decisions[envs[0][0]]:,} decisions, every one with DouZero's "
            f"full observation, `x_batch` and `z_batch` in float32 included), in one process, "
            f"the two taking turns; best of {repeats} rounds, the garbage collector off while "
            f"a round is timed (report.best_of).\n\n"
            f"{env_table}\n\n"
            f"`BatchFeatures` on {tables:,} mid-game tables of such games "
            f"({len(arrays['moves']):,} legal actions: the rows), argument checks included, "
            f"buffers reused; best call of at least {MIN_SECONDS / repeats:.2f} s of calls, "
            f"{repeats} or more. One thread.\n\n"
            f"{kernel_table}\n")


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tables", type=int, default=4_096)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    text = report(args.games, args.tables, args.repeats)
    (args.out / "douzero_env.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
