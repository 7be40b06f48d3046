"""Move generation and random games at every table: one deck (17 and 20 cards) beside two
decks (25 and 33), three seats beside four.

    python benchmarks/tables.py [--hands N] [--games G] [--repeats R] [--out DIR]
                                [--part moves|games|both|perft|all]

Moves: times ``list(legal_moves(h, rules=...))`` (the Move objects a user consumes) over the
same fixed-seed hands (benchmarks/hands.py) for the ``standard`` preset and the four-player
table, and the bare ``legal_moves`` of one deck (a lazy MoveList of words) for reference.
Reports hands/s and moves/s, best of ``R`` runs, in ``DIR/tables.md``.

Games: times ``random_games(G, ...)`` (deal, landlord, play and settlement, natively, one
thread) at three seats, with one and two wild ranks (``laizi``, ``tiandi_laizi``), and at the
four-player table, alone and with a partner. The tables with wild cards play ``G / 10`` games,
their moves being some thirty times dearer. Reports games/s and actions/s, best of ``R`` runs,
in ``DIR/table_games.md``.

Perft: times the native count of one four-player position at depth 3 (``perft_native``)
against the walk in Python over the compiled generator (``four_player.perft``, what
``ddz-fast perft --rules four_player`` ran before the native count), best of ``R`` runs, in
``DIR/table_perft.md``. ``both`` is moves and games, ``all`` every part.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, List, Optional, Sequence

import ddz_fast
from ddz_fast import Game, Hand, legal_moves, perft_native
from ddz_fast.positions import four_player as four_player
from hands import random_hands
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: (preset, cards per hand, decks): a peasant's and the landlord's hand at each table.
TABLES = (("standard", 17, 1), ("standard", 20, 1), ("four_player", 25, 2),
          ("four_player", 33, 2))
#: (rules, sides, bidding) of the random-games rows.
GAME_TABLES = (("standard", "alone", "random"), ("standard", "alone", "points"),
               ("four_player", "alone", "random"), ("four_player", "alone", "points"),
               ("four_player", "partner", "points"), ("laizi", "alone", "random"),
               ("laizi", "alone", "points"), ("tiandi_laizi", "alone", "random"))
#: The share of ``--games`` that the tables with wild cards play.
WILD_SHARE = 10
#: The perft row: the landlord's first lead in hand ``PERFT_SEED`` of ``Game("four_player")``
#: (every seat bids the highest it may, so seat 0 bids 3 and leads 33 cards against three of
#: 25), counted to ``PERFT_DEPTH`` plies.
PERFT_SEED = 1
PERFT_DEPTH = 3


def row(preset: str, size: int, decks: int, hands: int, repeats: int,
        call: Callable[..., object], what: str) -> List[str]:
    rules = ddz_fast.Rules.preset(preset)
    some = [Hand(c, decks=decks) for c in random_hands(hands, size, decks=decks)]
    seconds, results = best_of(lambda: [call(legal_moves(h, rules=rules)) for h in some],
                               repeats)
    moves = sum(len(r) for r in results)
    return [preset, str(size), what, f"{len(some) / seconds:,.0f}", f"{moves / seconds:,.0f}",
            f"{moves / len(some):,.0f}"]


def game_row(preset: str, sides: str, bidding: str, games: int, repeats: int) -> List[str]:
    """random_games/s of one table, one thread, best of ``repeats`` (a new seed each run)."""
    rules = ddz_fast.Rules.preset(preset).replace(sides=sides)
    if rules.laizi:
        games //= WILD_SHARE
    seeds = iter(range(1, repeats + 1))
    seconds, result = best_of(lambda: ddz_fast.random_games(games, next(seeds), rules=rules,
                                                            bidding=bidding), repeats)
    players = 4 if preset == "four_player" else 3
    return [preset, str(players), sides, bidding, f"{games:,}", f"{games / seconds:,.0f}",
            f"{int(result.plays.sum()) / seconds:,.0f}", f"{result.plays.mean():.1f}"]


def moves_report(hands: int, repeats: int) -> str:
    rows = []
    for preset, size, decks in TABLES:
        if decks == 1:
            rows.append(row(preset, size, decks, hands, repeats, lambda m: m,
                            "legal_moves (MoveList)"))
        rows.append(row(preset, size, decks, hands, repeats, list, "list(legal_moves)"))
    table = "\n".join(markdown_table(["rules", "cards", "call", "hands/s", "moves/s",
                                      "moves/hand"], rows, 3))
    return (f"# Move generation at each table\n\n{machine_line(['ddz_fast'])}\n\n"
            f"`python benchmarks/tables.py --hands {hands} --repeats {repeats}`, "
            f"leading, best of {repeats} runs:\n\n{table}\n")


def games_report(games: int, repeats: int) -> str:
    rows = [game_row(preset, sides, bidding, games, repeats)
            for preset, sides, bidding in GAME_TABLES]
    table = "\n".join(markdown_table(["rules", "players", "sides", "bidding", "games",
                                      "games/s", "actions/s", "actions/game"], rows, 4))
    return (f"# Random games at each table\n\n{machine_line(['ddz_fast'])}\n\n"
            f"`python benchmarks/tables.py --part games --games {games} --repeats {repeats}`: "
            f"`random_games(games, seed, rules=..., bidding=...)` on one thread (the tables "
            f"with wild cards play {games // WILD_SHARE:,} games), best of "
            f"{repeats} runs:\n\n{table}\n")


def first_lead(seed: int) -> four_player.FourPlayerPosition:
    """The position of the landlord's first lead in hand ``seed`` of the four-player game."""
    state = Game("four_player").new_state(seed=seed)
    while state.phase != "play":
        state.apply(state.legal_actions()[-1])
    return state.position()


def perft_report(repeats: int) -> str:
    position = first_lead(PERFT_SEED)
    native, nodes = best_of(lambda: perft_native(position, PERFT_DEPTH), repeats)
    walked, walked_nodes = best_of(lambda: four_player.perft(position, PERFT_DEPTH), repeats)
    if walked_nodes != nodes:
        raise AssertionError(f"native perft {nodes} != Python walk {walked_nodes}")
    rows = [["perft_native", f"{nodes:,}", f"{native * 1e3:,.2f}", f"{nodes / native:,.0f}",
             f"{walked / native:,.0f}x"],
            ["four_player.perft (Python walk)", f"{nodes:,}", f"{walked * 1e3:,.2f}",
             f"{nodes / walked:,.0f}", "1x"]]
    table = "\n".join(markdown_table(["count", "nodes", "ms per count", "nodes/s", "speed-up"],
                                     rows, 1))
    return (f"# Perft at the four-player table\n\n{machine_line(['ddz_fast'])}\n\n"
            f"`python benchmarks/tables.py --part perft --repeats {repeats}`: depth "
            f"{PERFT_DEPTH} below `{position}` (the first lead of hand {PERFT_SEED} of "
            f"`Game(\"four_player\")`), best of {repeats} runs:\n\n{table}\n")


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--part", choices=("moves", "games", "both", "perft", "all"),
                        default="both")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    reports = []
    if args.part in ("moves", "both", "all"):
        reports.append(("tables.md", moves_report(args.hands, args.repeats)))
    if args.part in ("games", "both", "all"):
        reports.append(("table_games.md", games_report(args.games, args.repeats)))
    if args.part in ("perft", "all"):
        reports.append(("table_perft.md", perft_report(args.repeats)))
    for name, text in reports:
        (args.out / name).write_text(text, encoding="utf-8")
        print(text)


if __name__ == "__main__":
    main()
