"""DouZero's Env beside ddz_fast's drop-in Env and its batched tables, and the native feature
kernel on a batch.

    python benchmarks/douzero_env.py [--games N] [--sizes 1,64,1024] [--decisions D]
        [--tables T] [--repeats R] [--out DIR]

Plays ``N`` hands through ``douzero.env.env.Env`` (DouZero's own, its ``get_obs`` at every
decision) and through ``ddz_fast.compat.douzero.Env`` (the same observations), both with
uniformly random legal actions from a seeded numpy. In the same rounds it steps the batched
tables at each size of ``--sizes``, on one thread: ``ddz_fast.envs.vector.VectorEnv`` with
DouZero's features in DouZero's layout (``layout="batch"``, float32) and with the state part
once per table (``layout="broadcast"``), and ``ddz_fast.engine.vector.VectorGame`` (DouZero's
game and legal actions, no features), each table's action drawn by numpy in one vectorised
call per step and timed with the step; a timed run takes about ``D`` decisions. Everything
takes turns for ``R`` rounds; the report gives decisions/s, best round, and every figure's
ratio to DouZero's Env in the same run, then the memory a batched table holds (at the largest
size) beside DouZero's observation of one decision. Last it times ``BatchFeatures`` on ``T``
mid-game tables (the state arrays of the batched tables, taken from the drop-in's own games)
in both layouts: tables/s and rows (legal actions)/s, with the kernel's buffers reused between
calls as a training loop would. Writes ``DIR/douzero_env.md``.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ddz_fast.compat import douzero
from ddz_fast.engine.vector import VectorGame
from ddz_fast.envs.vector import VectorEnv
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: Each timing repeats for at least this long (a shared machine has quiet moments).
MIN_SECONDS = 2.0
STATE_NAMES = ("hands", "played", "last_moves", "history", "history_len", "bombs", "landlord",
               "player")
#: The batched tables are stepped this long before they are timed: about two hands, so that
#: they are at different points of their hands (auto-reset deals each its next hand when its
#: hand ends) as a training loop's tables are, not all at the first play.
WARMUP_STEPS = 128
#: A timed run of the batched tables takes at least this many steps, whatever the size.
MIN_STEPS = 8
#: The project's goals, as ratios to DouZero's Env + get_obs decisions/s.
DROP_IN_GOAL, BATCHED_GOAL = 10, 50
#: (label, features, layout) of the batched configurations timed.
BATCHED: Tuple[Tuple[str, Optional[str], str], ...] = (
    ("VectorEnv, DouZero's features, layout='batch' (DouZero's, float32)", "douzero", "batch"),
    ("VectorEnv, DouZero's features, layout='broadcast' (float32)", "douzero", "broadcast"),
    ("VectorGame(order='douzero'), no features", None, ""),
)


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


class Tables:
    """``n`` batched tables of DouZero's game stepped with random legal actions: the features
    of ``features``/``layout`` through VectorEnv, or none through VectorGame."""

    def __init__(self, n: int, features: Optional[str], layout: str) -> None:
        self.n = n
        self.rng = np.random.default_rng(n)
        if features is None:
            self.game = VectorGame(n, "douzero", order="douzero")
            self.game.reset(1)
            self.env: Optional[VectorEnv] = None
            self.features: object = None
        else:
            self.env = VectorEnv(n, features=features, layout=layout)
            self.game = self.env.game
            self.features = self.env.reset(seed=1).features
        self.run(WARMUP_STEPS)

    def run(self, steps: int) -> None:
        """Play ``steps`` steps at every table: one uniformly random legal action a table,
        drawn in one numpy call (an integer below each table's number of actions, then
        ``moves[offsets[:-1] + pick]``), played as move words."""
        rng, game = self.rng, self.game
        step = game.step if self.env is None else self.env.step
        for _ in range(steps):
            offsets = game.offsets      # the observation's moves and offsets are these views
            pick = rng.integers(0, offsets[1:] - offsets[:-1])
            result = step(game.moves[offsets[:-1] + pick], words=True)
        if self.env is not None:
            self.features = result[0].features

    def memory(self, steps: int) -> Tuple[float, float]:
        """(bytes of the legal actions listed, bytes of the feature arrays a step returns),
        per table, the mean over ``steps`` more steps."""
        listed = returned = 0
        for _ in range(steps):
            self.run(1)
            listed += self.game.moves.nbytes + self.game.action_ids.nbytes
            if self.features is not None:
                returned += sum(array.nbytes for arrays in self.features.values()
                                for array in arrays.values())
        return listed / steps / self.n, returned / steps / self.n


def douzero_obs_bytes(games: int) -> float:
    """The mean bytes of the arrays of DouZero's observation of one decision (x_batch,
    z_batch, x_no_action, z), over ``games`` random hands."""
    from douzero.env.env import Env as DouZeroEnv
    env, rng = DouZeroEnv("adp"), np.random.RandomState(4)
    np.random.seed(5)
    total = decisions = 0
    for _ in range(games):
        obs, done = env.reset(), False
        while not done:
            total += sum(v.nbytes for v in obs.values() if isinstance(v, np.ndarray))
            legal = obs["legal_actions"]
            obs, _, done, _ = env.step(legal[rng.randint(len(legal))])
            decisions += 1
    return total / decisions


def goal_line(name: str, ratio: float, goal: int, where: str = "") -> str:
    """A sentence saying whether a goal is met."""
    verdict = "met" if ratio >= goal else "**not met**"
    return f"- {name}: at least {goal}x DouZero's Env: {verdict} ({ratio:.1f}x{where})."


def report(games: int, tables: int, repeats: int, sizes: Sequence[int] = (1, 64, 1024),
           batch_decisions: int = 2_048) -> str:
    from douzero.env.env import Env as DouZeroEnv

    envs: Tuple[Tuple[str, Callable[[], object]], ...] = (
        ("DouZero's Env (douzero.env.env.Env + get_obs)", lambda: DouZeroEnv("adp")),
        ("ddz_fast.compat.douzero.Env", lambda: douzero.Env("adp")),
    )
    decisions = {name: play(make, games) for name, make in envs}
    assert len(set(decisions.values())) == 1, decisions     # the very same games
    batched = {(label, n): Tables(n, features, layout)
               for label, features, layout in BATCHED for n in sizes}
    steps = {n: max(MIN_STEPS, batch_decisions // n) for n in sizes}
    best = {name: float("inf") for name, _ in envs}
    best_batched = {key: float("inf") for key in batched}
    for _ in range(repeats):
        for name, make in envs:
            best[name] = min(best[name], best_of(lambda m=make: play(m, games), 1)[0])
        for (label, n), table in batched.items():
            seconds = best_of(lambda t=table, k=steps[n]: t.run(k), 1, MIN_SECONDS / repeats)[0]
            best_batched[label, n] = min(best_batched[label, n], seconds)
    base = decisions[envs[0][0]] / best[envs[0][0]]
    ratios: Dict[Tuple[str, int], float] = {}
    rows = [[name, "1", f"{games / best[name]:,.0f}", f"{decisions[name] / best[name]:,.0f}",
             f"{decisions[name] / best[name]:,.0f}", f"{decisions[name] / best[name] / base:.1f}"]
            for name, _ in envs]
    for (label, n), seconds in best_batched.items():
        rate = steps[n] * n / seconds
        ratios[label, n] = rate / base
        rows.append([label, f"{n:,}", "", f"{steps[n] / seconds:,.0f}", f"{rate:,.0f}",
                     f"{rate / base:.1f}"])
    env_table = "\n".join(markdown_table(["environment", "tables", "games/s", "step calls/s",
                                          "decisions/s", "decisions/s / DouZero's"], rows, 1))
    drop_in = decisions[envs[1][0]] / best[envs[1][0]] / base
    in_layout = {n: ratio for (label, n), ratio in ratios.items() if label == BATCHED[0][0]}
    top_n = max(in_layout, key=in_layout.__getitem__)
    every = "; ".join(f"N = {n:,}: {in_layout[n]:.1f}x" for n in sizes)
    goals = "\n".join([
        goal_line("the drop-in `ddz_fast.compat.douzero.Env`", drop_in, DROP_IN_GOAL),
        goal_line("the batched environment on one core with DouZero's features in DouZero's "
                  "layout (`VectorEnv`, layout='batch', float32)", in_layout[top_n],
                  BATCHED_GOAL, f" at N = {top_n:,} tables, its best size; {every}")])

    largest = max(sizes)
    memory_rows = [["a table's state (`VectorGame.bytes_per_table`: native structs and its "
                    "rows of the state arrays)",
                    f"{batched[BATCHED[2][0], largest].game.bytes_per_table:,}"],
                   ["the listing buffers as allocated (`VectorGame.listing_bytes` / N)",
                    f"{batched[BATCHED[2][0], largest].game.listing_bytes / largest:,.0f}"]]
    listed, batch_bytes = batched[BATCHED[0][0], largest].memory(MIN_STEPS)
    broadcast_bytes = batched[BATCHED[1][0], largest].memory(MIN_STEPS)[1]
    memory_rows += [["the legal actions listed (`moves` and `action_ids` / N, mean)",
                     f"{listed:,.0f}"],
                    ["DouZero's features, layout='batch', float32 (the arrays a step "
                     "returns / N, mean)", f"{batch_bytes:,.0f}"],
                    ["DouZero's features, layout='broadcast', float32 (the same)",
                     f"{broadcast_bytes:,.0f}"],
                    ["for comparison: DouZero's own observation of one decision (its "
                     "arrays, mean)", f"{douzero_obs_bytes(max(1, min(games, 20))):,.0f}"]]
    memory_table = "\n".join(markdown_table(["memory per table", "bytes"], memory_rows, 1))

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
    size_list = ",".join(str(n) for n in sizes)
    return (f"# DouZero's Env beside the drop-in and the batched tables, and the feature "
            f"kernel\n\n"
            f"{machine_line(['ddz_fast', 'douzero', 'numpy'])}\n\n"
            f"`python benchmarks/douzero_env.py --games {games} --sizes {size_list} "
            f"--decisions {batch_decisions} --tables {tables} --repeats {repeats}`: "
            f"{games} hands through each Env (the same deals and the same "
            f"random legal actions: {decisions[envs[0][0]]:,} decisions, every one with DouZero's "
            f"full observation, `x_batch` and `z_batch` in float32 included). In the same rounds, "
            f"the batched tables of DouZero's game (preset douzero, DouZero's legal actions in "
            f"its order, auto-reset), at {', '.join(f'{n:,}' for n in sizes)} tables, on one "
            f"thread: a step plays one action at every table, so it is N decisions; each "
            f"table's action is uniformly random among its legal actions, drawn for all tables "
            f"at once by numpy (`rng.integers(0, counts)`, then `moves[offsets[:-1] + pick]`), "
            f"and that draw is timed with the step. The features are written after every step "
            f"(the VectorEnv rows: every legal action's row of every table); the VectorGame "
            f"rows list the legal actions only. The tables play {WARMUP_STEPS} steps before "
            f"they are timed (so they are at different points of their hands), then each "
            f"timed run goes on from where the last stopped, for "
            f"{', '.join(f'{steps[n]:,} steps at {n:,}' for n in sizes)} tables, repeated "
            f"for at least {MIN_SECONDS / repeats:.2f} s a round. All in one process, "
            f"taking turns; best run of {repeats} rounds, the garbage collector off while a "
            f"run is timed (report.best_of). Every ratio is to DouZero's Env in this run. A "
            f"step also has a fixed cost, paid once whatever N: the Python side of the call "
            f"(the checks of the actions and, with features, the encoder's buffers of three "
            f"positions), which one table pays for one decision; "
            f"hence the growth with N.\n\n"
            f"{env_table}\n\n"
            f"The project's goals:\n\n{goals}\n\n"
            f"Memory at {largest:,} tables (after the runs above; the means over {MIN_STEPS} "
            f"more steps). The feature arrays include their index arrays (`row_table`, "
            f"`row_entry`, `table`) and, in layout 'batch', the int8 `x_no_action` and `z` "
            f"DouZero's obs also carries; they are views of buffers the encoder keeps and "
            f"writes over at the next step.\n\n"
            f"{memory_table}\n\n"
            f"`BatchFeatures` on {tables:,} mid-game tables of such games "
            f"({len(arrays['moves']):,} legal actions: the rows), argument checks included, "
            f"buffers reused; best call of at least {MIN_SECONDS / repeats:.2f} s of calls, "
            f"{repeats} or more. One thread.\n\n"
            f"{kernel_table}\n")


def sizes_of(text: str) -> Tuple[int, ...]:
    """``"1,64,1024"`` as (1, 64, 1024): positive table counts."""
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of table counts: {text!r}") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"table counts are positive: {text!r}")
    return sizes


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--sizes", type=sizes_of, default=(1, 64, 1024),
                        help="the numbers of batched tables, comma-separated")
    parser.add_argument("--decisions", type=int, default=2_048,
                        help="the decisions a timed run of the batched tables takes "
                             f"(at least {MIN_STEPS} steps)")
    parser.add_argument("--tables", type=int, default=4_096)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    text = report(args.games, args.tables, args.repeats, args.sizes, args.decisions)
    (args.out / "douzero_env.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
