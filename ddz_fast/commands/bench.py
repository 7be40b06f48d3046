"""``ddz-fast bench``: a quick benchmark of the move generator and the game engine.

Each row runs its workload over fixed-seed inputs for about ``--seconds`` and reports a rate;
the whole table takes a few seconds. For careful numbers use the pytest-benchmark suites in
``benchmarks/``.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable, Dict, List, Tuple

import numpy as np

import ddz_fast
from ddz_fast.game import Game, deal_cards
from ddz_fast.hand import Hand
from ddz_fast.rules import Rules

from ._common import (MAX_SECONDS, add_json_option, add_rules_option, format_count,
                      print_json, rules_name, seconds_option)

NAME = "bench"
HELP = "a quick benchmark: moves/s, batched hands/s, classify/s and games/s"

DEALS = 256  # fixed-seed deals every row draws its inputs from

Row = Dict[str, Any]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=seconds_option, default=0.5, metavar="S",
                        help=f"time spent on each row, at most {MAX_SECONDS:g} (default: 0.5)")
    add_rules_option(parser, deals=True)
    add_json_option(parser)


def timed(batch: Callable[[], int], budget: float) -> Tuple[int, float]:
    """Run ``batch`` (which returns how many units it did) until ``budget`` seconds pass."""
    done, start = 0, time.perf_counter()
    while True:
        done += batch()
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return done, elapsed


def _lead_moves(hands: List[Hand], rules: Rules, budget: float, label: str) -> Row:
    calls = [0]

    def batch() -> int:
        calls[0] += len(hands)
        return sum(len(ddz_fast.legal_moves(h, rules=rules)) for h in hands)

    moves, seconds = timed(batch, budget)
    return {"name": label, "rate": moves / seconds, "unit": "moves/s",
            "detail": f"{format_count(calls[0] / seconds)} hands/s"}


def _batched(hands: List[Hand], rules: Rules, budget: float) -> Row:
    words = np.array([h.bitboard for h in hands], dtype=np.uint64)

    def batch() -> int:
        ddz_fast.legal_moves_batch(words, rules=rules)
        return len(words)

    done, seconds = timed(batch, budget)
    return {"name": "legal_moves_batch, 17-card hands", "rate": done / seconds,
            "unit": "hands/s", "detail": f"batches of {len(words)}"}


def _classify(rules: Rules, budget: float) -> Row:
    # Every 7th move of the action space (all types) and as many plain deals' first 6 cards
    # (mostly not combinations), so both answers are exercised.
    space = ddz_fast.action_space(rules)
    inputs = [m.counts for m in space[::7]]
    inputs += [Hand(str(deal_cards(seed).hands[0])[:6]).counts for seed in range(len(inputs))]

    def batch() -> int:
        for counts in inputs:
            ddz_fast.classify(counts, rules=rules)
        return len(inputs)

    done, seconds = timed(batch, budget)
    return {"name": "classify", "rate": done / seconds, "unit": "calls/s", "detail": ""}


def _games(rules: Rules, budget: float) -> Row:
    game = Game(rules)
    seeds = iter(range(10 ** 9))

    def batch() -> int:
        seed = next(seeds)
        rng = random.Random(seed)
        state = game.new_state(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        return 1

    done, seconds = timed(batch, budget)
    return {"name": "random games, Game/State", "rate": done / seconds, "unit": "games/s",
            "detail": "auction and play"}


def _native_games(rules: Rules, budget: float) -> Row:
    random_games = getattr(ddz_fast, "random_games", None)  # absent from older builds
    if random_games is None:
        return {"name": "random games, native", "rate": None, "unit": "games/s",
                "detail": "not in this build"}
    size = [64]
    seeds = iter(range(10 ** 9))

    def batch() -> int:
        games = size[0]
        random_games(games, next(seeds), rules=rules)
        size[0] = min(games * 2, 65536)  # grow until one call is long enough to time
        return games

    done, seconds = timed(batch, budget)
    return {"name": "random games, native", "rate": done / seconds, "unit": "games/s",
            "detail": "ddz_fast.random_games, one thread"}


def rows(rules: Rules, budget: float) -> List[Row]:
    """Run every benchmark row."""
    deals = [deal_cards(seed) for seed in range(DEALS)]
    seventeen = [d.hands[0] for d in deals]
    twenty = [Hand([a + b for a, b in zip(d.hands[0].counts, d.kitty.counts)]) for d in deals]
    return [
        _lead_moves(seventeen, rules, budget, "lead moves, 17-card hands"),
        _lead_moves(twenty, rules, budget, "lead moves, 20-card hands"),
        _batched(seventeen, rules, budget),
        _classify(rules, budget),
        _games(rules, budget),
        _native_games(rules, budget),
    ]


def run(args: argparse.Namespace) -> int:
    table = rows(args.rules, args.seconds)
    if args.json:
        print_json({"rules": rules_name(args.rules), "implementation": ddz_fast.IMPLEMENTATION,
                    "rows": table})
        return 0
    title = f"benchmark ({rules_name(args.rules)} rules, {ddz_fast.IMPLEMENTATION})"
    width = max(len(title), *(len(r["name"]) for r in table))
    print(f"{title:<{width}}  {'rate':>13}  unit")
    for row in table:
        rate = "-" if row["rate"] is None else format_count(row["rate"])
        detail = f"  ({row['detail']})" if row["detail"] else ""
        print(f"{row['name']:<{width}}  {rate:>13}  {row['unit']:<8}{detail}".rstrip())
    return 0
