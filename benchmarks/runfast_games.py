"""Run Fast's native random games and perft beside Dou Dizhu's, on the compiled core, in one run.

    python benchmarks/runfast_games.py [--games N] [--state-games M] [--repeats R] [--out DIR]

Times ``random_games(N, seed)`` (one thread: deal, play with uniformly random legal actions,
settle) under ``standard`` (Dou Dizhu), ``runfast``, ``runfast_15`` and ``runfast`` with two
players, and native perft (``perft(..., implementation="native")``) of fixed positions of each
game: Dou Dizhu's three-seat position of a random deal at a depth, and Run Fast positions of
dealt hands at a depth. Reports games/s, actions/s and perft nodes/s, each the best pass of
``R`` rounds in which the tables take turns (each round timing each call for at least 2/R
seconds), and the ratio of each figure to Dou Dizhu's. Then the same tables through the public
``Game``/``State`` API from Python (``--state-games`` hands each: ``Game(rules).new_state(seed)``,
then ``rng.choice(state.legal_actions())`` applied until the hand is over; Dou Dizhu's auction
included): games/s, decisions/s and the ratio of decisions/s to Dou Dizhu's. Writes
``DIR/runfast_games.md``.
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ddz_fast import Game, Rules, perft, random_games
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: Each timing repeats for at least this long (a shared machine has quiet moments).
MIN_SECONDS = 2.0
#: (name, rules): the tables timed, the first the one the others are compared with.
TABLES: Tuple[Tuple[str, Rules], ...] = (
    ("Dou Dizhu, standard", Rules.preset("standard")),
    ("Run Fast, runfast", Rules.preset("runfast")),
    ("Run Fast, runfast_15", Rules.preset("runfast_15")),
    ("Run Fast, runfast, 2 players", Rules.preset("runfast").replace(players=2)),
)
#: The perft of each table: the position of the hand dealt by seed 1 at its first decision of
#: play, to a depth that takes a few tenths of a second natively (the rate changes with the
#: depth: the last ply is counted without its moves being written, so compare like with like).
PERFT_DEPTH = {"Dou Dizhu, standard": 10, "Run Fast, runfast": 11, "Run Fast, runfast_15": 13,
               "Run Fast, runfast, 2 players": 10}


def perft_position(rules: Rules):
    """The play position at the first play of the hand dealt by seed 1."""
    if rules.game == "runfast":
        return Game(rules).new_state(seed=1).position()
    from ddz_fast.search.bots import start_play
    return start_play(Game(rules), 1, landlord=0).position()


def state_games(rules: Rules, games: int) -> int:
    """Play ``games`` random hands through Game/State; the decisions taken."""
    game, rng, decisions = Game(rules), random.Random(1), 0
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def stepping_table(games: int, repeats: int) -> str:
    """The Markdown table of Game/State stepping of every table (tables taking turns)."""
    best = {name: float("inf") for name, _ in TABLES}
    decisions = {name: state_games(rules, games) for name, rules in TABLES}
    for _ in range(repeats):
        for name, rules in TABLES:
            best[name] = min(best[name], best_of(lambda r=rules: state_games(r, games), 1)[0])
    base = decisions[TABLES[0][0]] / best[TABLES[0][0]]
    rows = [[name, f"{games / best[name]:,.0f}", f"{decisions[name] / games:.1f}",
             f"{decisions[name] / best[name]:,.0f}",
             f"{decisions[name] / best[name] / base:.2f}"] for name, _ in TABLES]
    return "\n".join(markdown_table(["table", "Game/State games/s", "decisions/game",
                                      "decisions/s", "decisions/s / Dou Dizhu's"], rows, 1))


def report(games: int, repeats: int, state: int) -> str:
    runs: Dict[Tuple[str, str], Callable[[], object]] = {}
    amounts: Dict[Tuple[str, str], int] = {}
    actions: Dict[str, float] = {}
    for name, rules in TABLES:
        runs[name, "games"] = (lambda r=rules: random_games(games, 7, rules=r))
        amounts[name, "games"] = games
        actions[name] = float(random_games(games, 7, rules=rules).plays.mean())
        position, depth = perft_position(rules), PERFT_DEPTH[name]
        runs[name, "perft"] = (lambda p=position, d=depth, r=rules:
                               perft(p, d, rules=r, implementation="native"))
        amounts[name, "perft"] = perft(position, depth, rules=rules, implementation="native")
    best = {key: float("inf") for key in runs}
    for _ in range(repeats):
        for key, run in runs.items():
            best[key] = min(best[key], best_of(run, 1, MIN_SECONDS / repeats)[0])
    base = TABLES[0][0]
    rows: List[List[str]] = []
    for name, _ in TABLES:
        games_rate = games / best[name, "games"]
        nodes_rate = amounts[name, "perft"] / best[name, "perft"]
        rows.append([name, f"{games_rate:,.0f}", f"{actions[name]:.1f}",
                     f"{games_rate * actions[name]:,.0f}",
                     f"{games_rate / (games / best[base, 'games']):.2f}",
                     f"{PERFT_DEPTH[name]}", f"{amounts[name, 'perft']:,}", f"{nodes_rate:,.0f}",
                     f"{nodes_rate / (amounts[base, 'perft'] / best[base, 'perft']):.2f}"])
    table = "\n".join(markdown_table(
        ["table", "games/s", "actions/game", "actions/s", "games/s / Dou Dizhu's",
         "perft depth", "perft nodes", "perft nodes/s", "nodes/s / Dou Dizhu's"], rows, 1))
    return (f"# Run Fast's native random games and perft beside Dou Dizhu's\n\n"
            f"{machine_line(['ddz_fast'])}\n\n"
            f"`python benchmarks/runfast_games.py --games {games} --state-games {state} "
            f"--repeats {repeats}`: "
            f"`random_games({games}, 7, rules=...)` on one thread, and native perft of the play "
            f"position of the hand dealt by seed 1 (Dou Dizhu: landlord 0 at its first play) to "
            f"the depth shown, in one process, the tables taking turns; best pass of {repeats} "
            f"rounds of at least {MIN_SECONDS / repeats:.2f} s each. The ratios are to Dou "
            f"Dizhu's figure (``standard``) in the same run. A Run Fast hand is shorter "
            f"(16 or 15 cards a hand, no kitty), so its games/s and its actions/s say "
            f"different things: actions/s is the cost of the play loop per step.\n\n"
            f"{table}\n\n"
            f"Through `Game`/`State` from Python, {state} hands a table a round (the same "
            f"{repeats} rounds, the tables taking turns): `Game(rules).new_state(seed)`, then "
            f"`rng.choice(state.legal_actions())` applied until the hand is over (Dou Dizhu's "
            f"auction included).\n\n"
            f"{stepping_table(state, repeats)}\n")


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--state-games", type=int, default=1_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    text = report(args.games, args.repeats, args.state_games)
    (args.out / "runfast_games.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
