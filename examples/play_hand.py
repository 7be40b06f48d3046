"""Play one hand of Dou Dizhu between built-in bots and print it, action by action.

The greedy bot bids for every seat (so the strongest hand becomes the landlord's) and plays the
landlord; two random bots play the peasants. The deal comes from the seed, so the same seed
plays the same hand.

    python examples/play_hand.py [SEED]
"""
import sys

from ddz_fast import Game, Move
from ddz_fast.search.bots import GreedyBot, RandomBot, act


def main(seed: int = 7) -> None:
    state = Game("standard").new_state(seed=seed)
    print(f"deal {seed}:", ", ".join(f"seat {seat} {hand}" for seat, hand in
                                       enumerate(state.hands)))
    greedy, random_bot = GreedyBot(), RandomBot(seed=seed)
    while state.phase in ("bidding", "doubling"):
        action = act(greedy, state)          # the greedy bot bids for all three seats
        print(f"seat {state.current_player} {state.phase}: {action.name}")
        state.apply(action)
    print(f"landlord: seat {state.landlord}, kitty {state.kitty}")
    while not state.is_over:
        player = state.current_player
        bot = greedy if player == state.landlord else random_bot
        move = act(bot, state)
        state.apply(move)
        shown = "pass" if move == Move.PASS else f"{move.cards} ({move.type})"
        print(f"seat {player}: {shown:<24} {len(state.hands[player])} cards left")
    print(f"winner: the {state.winner}; multiplier {state.multiplier}, scores {state.scores}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
