"""Rate a bot of your own against the built-in bots in duplicate games.

A bot is any object with ``bid(state)``, ``double(state)`` and ``play(state)`` methods that
answer for ``state.current_player`` (see ddz_fast.search.bots). This one plays the greedy
bot's moves but never passes when it can play, and bids like the greedy bot. Registered by
name in ``BOTS``, it takes a seat in the arena beside ``random`` and ``greedy``: every deal is
played once for every ordered pair of bots on the same cards, so the luck of the deal cancels.

    python examples/rate_your_bot.py [DEALS]
"""
import sys

from ddz_fast import Move
from ddz_fast.arena.duplicate import ArenaConfig, play_deals, summarise
from ddz_fast.search.bots import GreedyBot
from ddz_fast.search.catalog import BOTS


class EagerBot:
    """Plays the greedy bot's move, or the lowest legal move where the greedy bot would pass."""

    def __init__(self, seed=None):
        self.greedy = GreedyBot(seed)

    def bid(self, state):
        return self.greedy.bid(state)

    def double(self, state):
        return self.greedy.double(state)

    def play(self, state):
        move = self.greedy.play(state)
        if move == Move.PASS:
            moves = [m for m in state.legal_actions() if m != Move.PASS]
            if moves:
                return moves[0]
        return move


def main(deals: int = 30) -> None:
    BOTS["eager"] = EagerBot
    config = ArenaConfig(("eager", "greedy", "random"), seed=2024)
    results = summarise(config, play_deals(config, 0, deals))   # in this process
    print(f"{deals} deals, {results['games']} games (standard rules, seed 2024)")
    print(f"{'bot':8} {'rating':>6}  score/hand [95% interval]")
    for bot in results["bots"]:
        low, high = bot["mean_score_ci95"]
        print(f"{bot['bot']:8} {bot['rating']:+6.0f}  {bot['mean_score']:+.3f} "
              f"[{low:+.3f}, {high:+.3f}]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
