"""Rate a bot of your own against the built-in bots in duplicate games.

A bot is any object with ``bid(state)``, ``double(state)`` and ``play(state)`` methods that
answer for ``state.current_player`` (see ddz_fast.search.bots). The arena takes the class
itself beside the built-ins' specs, and makes a fresh bot with its own seed for every game;
every deal is played once for every ordered pair of bots on the same cards, so the luck of
the deal cancels. The bot is examples/my_bot.py's, which the command line can import too.

    python examples/rate_your_bot.py [DEALS]
"""
import sys

from ddz_fast.arena.duplicate import ArenaConfig, run_arena, summarise
from my_bot import LongestMoveBot     # this script's folder is on the path


def main(deals: int = 10) -> None:
    config = ArenaConfig((LongestMoveBot, "greedy", "pimc:samples=4,rollouts=200"),
                         seed=2024)
    results = summarise(config, run_arena(config, deals, workers=1))   # in this process
    print(f"{deals} deals, {results['games']} games (standard rules, seed 2024)")
    print(f"{'bot':28} {'rating':>6}  score/hand [95% interval]")
    for bot in results["bots"]:
        low, high = bot["mean_score_ci95"]
        print(f"{bot['bot']:28} {bot['rating']:+6.0f}  {bot['mean_score']:+.3f} "
              f"[{low:+.3f}, {high:+.3f}]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
