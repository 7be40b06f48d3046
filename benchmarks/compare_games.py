"""Random complete games per second: ddz_fast against DouZero and RLCard, in one process.

    python benchmarks/compare_games.py [--quick] [--games-only] [--output PATH]

(timing, the machine's description and Markdown come from ``benchmarks/report.py``).

Every engine plays whole hands, each player choosing uniformly among its legal actions, on one
core (the process pins itself to one CPU where the OS allows it):

* ddz_fast ``random_games`` (the native loop: deal, random landlord, play, settle);
* ddz_fast ``Game``/``State`` driven from Python (points auction, play, settlement), for scale;
* the same at the four-player table (``Game("four_player")``: four seats, two decks, the
  landlord alone; its pure-Python state, :mod:`ddz_fast.engine.four_player`), beside it;
* DouZero 1.1 ``douzero.env.game.GameEnv`` with random players (deal as ``douzero.env.Env``
  does; the torch-free module only);
* RLCard 1.2 ``rlcard.games.doudizhu.game.DoudizhuGame`` (``init_game`` deals and picks the
  landlord; each step plays a random entry of ``state["actions"]``).

It also times perft on one position: the native count, the Python walk over the native
generator, and the pure-Python reference, each at a stated depth and repeated until the runs
add up to a time the clock measures well. The table is printed and written as Markdown to
benchmarks/results/compare_games.md.
"""
from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path
from typing import Callable, List, Optional, Tuple

from ddz_fast import Game, Position, perft, random_games
from report import machine_line, markdown_table, repeat_until

HERE = Path(__file__).resolve().parent
# The first lead of hand 1 (ddz_fast/positions/suites/opening.perft): 73 leading moves.
PERFT_POSITION = "33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 0 0 - 0"
SEED = 2024


def pin_to_one_core() -> str:
    """Run on one CPU, so that no engine gets more than one core."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def timed(play: Callable[[int], None], games: int) -> float:
    """Games per second of ``play(games)``."""
    start = time.perf_counter()
    play(games)
    return games / (time.perf_counter() - start)


# --- the engines ---------------------------------------------------------------------------

def ddz_native(games: int) -> None:
    random_games(games, SEED)


def ddz_state(games: int) -> None:
    rng = random.Random(SEED)
    game = Game()
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))


def ddz_state_four(games: int) -> None:
    rng = random.Random(SEED)
    game = Game("four_player")
    for seed in range(games):
        state = game.new_state(seed=seed, first_bidder=seed % 4)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))


def douzero(games: int) -> None:
    from douzero.env.game import GameEnv

    rng = random.Random(SEED)

    class RandomPlayer:
        def act(self, infoset):
            return rng.choice(infoset.legal_actions)

    # DouZero's cards: 3..14 for 3..A, 17 for 2, 20 and 30 for the jokers.
    deck = [card for card in list(range(3, 15)) + [17] for _ in range(4)] + [20, 30]
    env = GameEnv({seat: RandomPlayer() for seat in ("landlord", "landlord_up",
                                                     "landlord_down")})
    for _ in range(games):
        rng.shuffle(deck)
        env.reset()
        env.card_play_init({"landlord": sorted(deck[:20]), "landlord_up": sorted(deck[20:37]),
                            "landlord_down": sorted(deck[37:54]),
                            "three_landlord_cards": sorted(deck[17:20])})
        while not env.game_over:
            env.step()


def rlcard(games: int) -> None:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    rng = random.Random(SEED)
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(SEED)
    for _ in range(games):
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))


ENGINES: List[Tuple[str, Callable[[int], None], int]] = [
    ("ddz_fast random_games (native)", ddz_native, 200_000),
    ("ddz_fast Game/State (Python driver)", ddz_state, 2_000),
    ("ddz_fast Game/State, four_player (Python driver)", ddz_state_four, 1_000),
    ("DouZero GameEnv", douzero, 500),
    ("RLCard DoudizhuGame", rlcard, 500),
]


def engine_rates(scale: float) -> List[Tuple[str, int, Optional[float]]]:
    """(engine, games played, games/s or None when the engine is not installed)."""
    rates = []
    for name, play, games in ENGINES:
        games = max(10, int(games * scale))
        try:
            play(1)  # imports and warms up outside the timing
        except ImportError:
            rates.append((name, games, None))
            continue
        rates.append((name, games, timed(play, games)))
        print(f"{name}: {rates[-1][2]:,.0f} games/s", flush=True)
    return rates


# --- perft ---------------------------------------------------------------------------------

def perft_rate(implementation: str, depth: int, min_seconds: float) -> Tuple[int, float]:
    """(nodes, nodes/s) of perft at ``depth``, repeated for at least ``min_seconds``.

    ``implementation`` is a row label of :data:`PERFT_RUNS`: "public" walks the tree in Python
    over the public API's generator (perft's ``implementation=None``)."""
    position = Position.parse(PERFT_POSITION)
    value = None if implementation == "public" else implementation
    nodes, timing = repeat_until(lambda: perft(position, depth, implementation=value),
                                 min_seconds)
    return nodes, timing.rate(nodes)


PERFT_RUNS = [("native", 4, 1.0), ("native", 6, 1.0), ("native", 8, 2.0), ("public", 4, 1.0),
              ("python", 4, 0.0)]


def perft_rates(scale: float) -> List[Tuple[str, int, int, float]]:
    rates = []
    for implementation, depth, seconds in PERFT_RUNS:
        if scale < 1 and implementation == "native" and depth > 5:
            depth = 5
        nodes, rate = perft_rate(implementation, depth, seconds * scale)
        rates.append((implementation, depth, nodes, rate))
        print(f"perft {depth} ({implementation}): {rate:,.0f} nodes/s", flush=True)
    return rates


# --- the report ----------------------------------------------------------------------------

def games_table(rates: List[Tuple[str, int, Optional[float]]]) -> List[str]:
    ours = rates[0][2] or 0.0
    rows = [[name, "-", "not installed", "-"] if rate is None else
            [name, f"{games:,}", f"{rate:,.0f}", f"{ours / rate:,.1f}x"]
            for name, games, rate in rates]
    return markdown_table(["engine", "games timed", "games/s",
                           "ddz_fast random_games is faster by"], rows, numeric_from=1)


def perft_table(rates: List[Tuple[str, int, int, float]]) -> List[str]:
    reference = next(rate for implementation, _, _, rate in rates
                     if implementation == "python")
    rows = [[implementation, str(depth), f"{nodes:,}", f"{rate:,.0f}",
             f"{rate / reference:,.1f}x"] for implementation, depth, nodes, rate in rates]
    return markdown_table(["perft implementation", "depth", "nodes", "nodes/s",
                           "speed-up over the reference"], rows, numeric_from=1)


def report(pinned: str, games: List[str], perfts: List[str]) -> str:
    return "\n".join([
        "# Random complete games per second",
        "",
        "Written by `python benchmarks/compare_games.py`: every engine plays whole hands with",
        "uniformly random legal actions, in one process on one core. The native ddz_fast run",
        "includes dealing, choosing the landlord and settling every hand.",
        "",
        "Machine: " + machine_line(("ddz_fast", "douzero", "rlcard"), pinned),
        "",
        *games,
        "",
        "## Perft on one position",
        "",
        f"`{PERFT_POSITION}` (standard rules):",
        "the native count, the Python walk over the native move generator (`fast`) and the",
        "pure-Python reference. Each counts the last ply without making its moves, so nodes/s",
        "compare like with like at one depth; deeper trees have fewer leaves per generation.",
        "",
        *perfts,
        "",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the work")
    parser.add_argument("--games-only", action="store_true",
                        help="time the games only: no perft, and no results file written")
    parser.add_argument("--output", type=Path, default=HERE / "results" / "compare_games.md")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    scale = 0.1 if args.quick else 1.0
    games = games_table(engine_rates(scale))
    if args.games_only:
        print("\n".join(["", *games]))
        return
    perfts = perft_table(perft_rates(scale))
    text = report(pinned, games, perfts)
    print()
    print(text)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
