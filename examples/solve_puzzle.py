"""Solve a two-hand puzzle (a duel) exactly and print who wins and the winning line.

A duel is two open hands: the first player leads, the two alternate, and the first to empty
their hand wins. The solver finds every winning first move and a line of best play in which
the winner finishes as soon as it can and the loser holds out as long as it can.

    python examples/solve_puzzle.py [FIRST/SECOND]
"""
import sys

from ddz_fast import Duel, solve


def main(puzzle: str = "KK5543/225543") -> None:
    duel = Duel.parse(puzzle)
    found = solve(duel, shortest=True)
    print(f"puzzle {puzzle}: the {'first' if found.wins else 'second'} player wins")
    print("winning first moves:", " ".join(str(move) for move in found.winning_moves))
    players = ("first", "second")
    for turn, move in enumerate(found.pv):
        print(f"{turn + 1:2}. {players[turn % 2]:6} {move}")
    print(f"{found.nodes:,} nodes searched")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "KK5543/225543")
