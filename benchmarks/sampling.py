"""Determinizations per second: InformationSet.sample on mid-game information sets.

    python benchmarks/sampling.py [--seconds S] [--out DIR]

The information sets come from fixed-seed random games (ddz_fast.random_games), cut after the
landlord and both peasants have had four turns each: the landlord's view and both peasants'
(with the kitty constraint while the landlord still holds kitty cards). Each row times calls of
``sample(n)`` for about ``--seconds`` (the best of three such runs, so a busy machine shows its
quietest moment) on one thread, and gives the samples per second and per CPU second. Writes
``DIR/sampling.md``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Tuple

from ddz_fast import Hand, InformationSet, Position, random_games
from report import machine_line, markdown_table

HERE = Path(__file__).resolve().parent
COUNT_MASK = int("7" * 15, 16)


def mid_game_infosets(seed: int = 11, cut: int = 12) -> List[Tuple[str, InformationSet]]:
    """(label, information set) of the three seats of the first random game of ``seed``
    that lasts beyond ``cut`` actions, cut there (four turns each)."""
    games = random_games(50, seed, record=True)
    for game in range(len(games)):
        moves = games.game_moves(game).tolist()
        if len(moves) > cut + 10:
            break
    landlord = int(games.landlord[game])
    hands = [int(w) for w in games.hands[game]]
    played = [0, 0, 0]
    for j, word in enumerate(moves[:cut]):
        hands[(landlord + j) % 3] -= word & COUNT_MASK
        played[(landlord + j) % 3] += word & COUNT_MASK
    position = Position([Hand.from_bitboard(h) for h in hands], landlord, (landlord + cut) % 3)
    kitty = Hand.from_bitboard(int(games.kitty[game]))
    views = []
    for player, role in ((landlord, "landlord's view"), ((landlord + 1) % 3, "peasant's view"),
                         ((landlord + 2) % 3, "other peasant's view")):
        info = InformationSet.from_position(
            position, player, played=[Hand.from_bitboard(p) for p in played], kitty=kitty)
        views.append((role, info))
    return views


def rate(info: InformationSet, n: int, seconds: float) -> Tuple[float, float]:
    """(samples per second, samples per CPU second): the best of three timed runs."""
    best_wall, best_cpu = 0.0, 0.0
    for _ in range(3):
        calls, start, cpu = 0, time.perf_counter(), time.process_time()
        while True:
            info.sample(n, calls)
            calls += 1
            wall = time.perf_counter() - start
            if wall >= seconds / 3:
                break
        used = max(time.process_time() - cpu, 1e-9)
        best_wall = max(best_wall, calls * n / wall)
        best_cpu = max(best_cpu, calls * n / used)
    return best_wall, best_cpu


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    rows = []
    for role, info in mid_game_infosets():
        hidden = sum(info.unseen)
        for n in (1_000, 1_000_000):
            wall, cpu = rate(info, n, args.seconds)
            rows.append([role, f"{hidden}", f"{info.deal_count():,}", f"{n:,}",
                         f"{wall:,.0f}", f"{cpu:,.0f}"])
            print(" | ".join(rows[-1]), flush=True)
    lines = ["# Sampling benchmark", "",
             "`InformationSet.sample(n, seed)` on the three views of one mid-game information "
             "set (a fixed-seed random game cut after 12 actions, four turns each), one thread. "
             "Written by "
             f"`python benchmarks/sampling.py --seconds {args.seconds:g}` on "
             f"{machine_line(['ddz_fast', 'numpy'])}", "",
             *markdown_table(["view", "unseen cards", "deals", "n per call", "samples/s",
                              "samples/CPU s"], rows, 1), ""]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "sampling.md").write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
