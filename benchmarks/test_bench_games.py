"""pytest-benchmark cases for whole games and perft: ``pytest benchmarks --benchmark-only``.

Rates (games/s, nodes/s) are added to each case's ``extra_info`` from the mean round time, so
the JSON report (``--benchmark-json``) carries them. Everything runs on one thread.
"""
from __future__ import annotations

import random

import pytest

from ddz_fast import Game, Position, perft_native, random_games
from state_stepping import play_games

GAMES = 5_000           # native games per round
STATE_GAMES = 20        # Game/State games per round, driven from Python
STEPPING_GAMES = 200    # games per round of state_stepping.play_games
# The first lead of hand 1 (ddz_fast/positions/suites/opening.perft), standard rules.
PERFT_POSITION = "33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 0 0 - 0"
PERFT_DEPTH = 6


def record_rate(benchmark, name: str, per_round: int) -> None:
    """Store ``per_round / mean round time`` as ``extra_info[name]`` (skipped when disabled)."""
    stats = getattr(benchmark, "stats", None)
    if stats is not None and stats.stats.mean > 0:
        benchmark.extra_info[name] = round(per_round / stats.stats.mean)


@pytest.mark.parametrize("bidding", ["random", "points"])
def test_random_games(benchmark, bidding):
    benchmark.extra_info["games"] = GAMES
    seeds = iter(range(10 ** 9))  # new games each round: no round replays a cached shape
    benchmark(lambda: random_games(GAMES, next(seeds), bidding=bidding))
    record_rate(benchmark, "games_per_s", GAMES)


def test_random_games_recorded(benchmark):
    benchmark.extra_info["games"] = GAMES
    seeds = iter(range(10 ** 9))
    benchmark(lambda: random_games(GAMES, next(seeds), record=True))
    record_rate(benchmark, "games_per_s", GAMES)


def test_native_perft(benchmark):
    position = Position.parse(PERFT_POSITION)
    nodes = perft_native(position, PERFT_DEPTH)
    benchmark.extra_info.update(depth=PERFT_DEPTH, nodes=nodes)
    benchmark(perft_native, position, PERFT_DEPTH)
    record_rate(benchmark, "nodes_per_s", nodes)


def test_game_state_random_play(benchmark):
    """The Python engine, for scale: points auction, play and settlement through State."""
    rng = random.Random(1)
    game = Game()
    seeds = iter(range(10 ** 9))

    def play() -> None:
        for _ in range(STATE_GAMES):
            state = game.new_state(seed=next(seeds))
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))

    benchmark.extra_info["games"] = STATE_GAMES
    benchmark(play)
    record_rate(benchmark, "games_per_s", STATE_GAMES)


def test_state_stepping(benchmark):
    """state_stepping.py's driver (new_state, then rng.choice(legal_actions()) applied until
    the hand is over), new seeds each round; ``decisions_per_s`` counts bids and moves."""
    seeds = iter(range(0, 10 ** 9, STEPPING_GAMES))
    decisions = []
    benchmark(lambda: decisions.append(play_games(STEPPING_GAMES, next(seeds))))
    benchmark.extra_info["games"] = STEPPING_GAMES
    record_rate(benchmark, "games_per_s", STEPPING_GAMES)
    record_rate(benchmark, "decisions_per_s", sum(decisions) // len(decisions))
