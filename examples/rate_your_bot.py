"""Rate a bot of your own against the built-in bots in the duplicate arena.

A bot is any object with ``bid(state)``, ``double(state)`` and ``play(state)`` methods that
answer for ``state.current_player`` with one of ``state.legal_actions()`` (see
ddz_fast.search.bots). EagerBot below plays the greedy bot's move, but never passes when it
can play. The arena plays every deal once for every ordered pair of bots on the same cards, so
the luck of the deal cancels, and prints each bot's rating and score per hand with 95%
intervals. From Python, on worker processes (or on Ray, which starts a local instance):

    python examples/rate_your_bot.py [DEALS] [--backend ray]

From the command line, the same bot by its import path (run from examples/, the folder of
this module), named ``eager`` in the results; the same seed gives the same table:

    ddz-fast arena greedy pimc --bot eager=rate_your_bot:EagerBot --hands 30 --seed 2024
"""
import argparse

from ddz_fast import Move
from ddz_fast.arena.duplicate import ArenaConfig, run_arena, summarise
from ddz_fast.arena.report import format_summary
from ddz_fast.search.bots import GreedyBot


class EagerBot:
    """Plays the greedy bot's move, or the lowest legal move where the greedy bot would pass."""

    def __init__(self, seed=None):      # the arena gives each game's seed
        self.greedy = GreedyBot(seed)

    def bid(self, state):
        return self.greedy.bid(state)

    def double(self, state):
        return self.greedy.double(state)

    def play(self, state):
        move = self.greedy.play(state)
        moves = [m for m in state.legal_actions() if m != Move.PASS]
        return moves[0] if move == Move.PASS and moves else move


def main() -> None:
    parser = argparse.ArgumentParser(description="Rate EagerBot against greedy and pimc.")
    parser.add_argument("deals", type=int, nargs="?", default=30)
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    args = parser.parse_args()
    # The class itself, beside built-in bots by name; names= gives it its name in the table.
    config = ArenaConfig(("greedy", "pimc", EagerBot), seed=2024, names=(None, None, "eager"))
    tally = run_arena(config, args.deals, backend=args.backend, workers=2)
    print(format_summary(summarise(config, tally)))


if __name__ == "__main__":
    main()
