"""The random simulation of whole hands, every step checked against the test's own count
(tests/engine/test_random_hands.py and tests/variants/test_random_tables.py run it)."""
from __future__ import annotations

import random
from typing import List, Optional

import pytest

from ddz_fast import Move, Rules
from ddz_fast.bitboard import COUNT_MASK, pack
from ddz_fast.cards import FULL_DECK
from ddz_fast.engine.game import Game
from ddz_fast.engine.three_player import State
from ddz_fast.actions import DealBonus
from support.common import decide, expected_bidder, illegal_moves
from support.game_scripts import Bid, Double, snapshot

TOTAL_HANDS = 10_000
PRESETS = ("standard", "rlcard", "openspiel", "douzero")
#: The tables beyond the classic game play 10,000 hands each
#: (tests/variants/test_random_tables.py).
NEW_TABLES = ("no_kitty", "botzone")
AUCTIONS = ({"bidding": "points"}, {"bidding": "points", "single_round_auction": True},
            {"bidding": "call_rob"})
CONFIGS = [(preset, auction) for preset in PRESETS for auction in AUCTIONS]
HANDS_PER_CONFIG = -(-TOTAL_HANDS // len(CONFIGS))
BONUS_CONFIGS = [(preset, dict(auction, deal_bonuses=True))
                 for preset in PRESETS + NEW_TABLES for auction in AUCTIONS]
HANDS_PER_BONUS_CONFIG = -(-TOTAL_HANDS // len(BONUS_CONFIGS))
DECK_WORD = pack(FULL_DECK)
FULL_CHECK_EVERY = 8       # on average, one step in this many gets the full clone checks
MAX_STEPS = 5_000          # far more than any hand takes, re-deals included


class Tracker:
    """What the test knows independently of the engine about the hand it is running."""

    def __init__(self, state: State) -> None:
        self.played = 0
        self.robs = self.bombs = 0            # of the current deal, counted as they are played
        self.moves_by_landlord = self.moves_by_peasants = 0
        self.redeals = state.redeals
        self.first_bidder = state.first_bidder
        self.bonuses = list(state.events)        # the first deal's, logged at the deal
        assert self.bonuses == expected_bonuses(state)

    def check(self, state: State, before: Optional[State], action: object) -> None:
        if before is not None:
            self._check_turn(state, before, action)
        self._check_cards(state)

    def _check_cards(self, state: State) -> None:
        hands = sum(h.bitboard for h in state.hands)
        if state.phase == "bidding":
            assert state.hands == state.deal.hands and state.kitty is None
            assert hands + state.deal.kitty.bitboard == DECK_WORD
        else:           # the kitty is shown, unless the rules deal none
            assert state.kitty == (state.deal.kitty if state.rules.kitty else None)
            assert hands + self.played == DECK_WORD

    def _check_turn(self, state: State, before: State, action: object) -> None:
        player = before.current_player
        self._count(before, player, action)
        if state.redeals != self.redeals:
            assert state.redeals == self.redeals + 1 and before.phase == "bidding"
            # The new deal's bonuses right after the last pass; the old ones stay behind it.
            self.bonuses = list(state.events[len(before.events) + 1:])
            assert self.bonuses == expected_bonuses(state)
            self.robs = 0
            self.redeals += 1
            self.first_bidder = (self.first_bidder + 1) % 3
            assert state.first_bidder == state.current_player == self.first_bidder
        elif state.phase == "over":
            assert state.current_player is None and state.hands[player].bitboard == 0
        elif state.phase == "bidding":
            assert state.current_player == expected_bidder(state.rules, self.first_bidder,
                                                           state.bids, 3)
        elif state.phase == "doubling":
            landlord = state.landlord
            decided = sum(1 for _, a in state.history if isinstance(a, Double))
            order = [(landlord + 1) % 3, (landlord + 2) % 3, landlord]
            assert state.current_player == order[decided]
        elif before.phase != "play":
            assert state.current_player == state.landlord and state.prev is None
        else:
            assert state.current_player == (player + 1) % 3
        assert state.multiplier == 2 ** self._doublings(state)

    def _count(self, before: State, player: int, action: object) -> None:
        """What the action the test took adds to the cards played and to the doublings: a rob
        in the auction; a bomb or rocket, and which side played, in the play phase."""
        if before.phase == "bidding" and action == Bid.ROB:
            self.robs += 1
        if isinstance(action, Move) and not action.is_pass:
            self.played += action.word & COUNT_MASK
            self.bombs += action.type in ("bomb", "rocket")
            if player == before.landlord:
                self.moves_by_landlord += 1
            else:
                self.moves_by_peasants += 1

    def _doublings(self, state: State) -> int:
        """The current deal's bonus events, and once the landlord is known its robs, the bombs
        and rockets played and, at the end, a spring or an anti-spring."""
        count = len(self.bonuses)
        if state.landlord is None:
            return count
        count += self.robs + self.bombs
        if state.is_over:
            if state.winner == "landlord":
                count += self.moves_by_peasants == 0     # spring: no peasant played
            else:
                count += self.moves_by_landlord == 1     # anti-spring: the first lead only
        return count


def expected_bonuses(state: State) -> list:
    """The bonus events of the state's deal, from its rank counts: both jokers (ranks 13, 14)
    and a card of every rank 3..A (0..11), per seat in order; none without the option."""
    if not state.rules.deal_bonuses:
        return []
    events = []
    for seat, hand in enumerate(state.deal.hands):
        if hand.counts[13] == hand.counts[14] == 1:
            events.append(("bonus", seat, DealBonus.DOUBLE_KINGS))
        if all(hand.counts[rank] for rank in range(12)):
            events.append(("bonus", seat, DealBonus.STRAIGHT))
    return events


def illegal_actions(state: State, rng: random.Random) -> List[object]:
    legal = set(state.legal_actions())
    if state.phase == "bidding":
        candidates = [b for b in Bid if b not in legal] + [Double.DOUBLE, Move.PASS, 9, "BID_1"]
    elif state.phase == "doubling":
        candidates = [Bid.CALL, Bid.PASS, Move.PASS, 2, None]
    else:
        candidates = illegal_moves(state, legal, rng)
    return rng.sample(candidates, min(3, len(candidates)))


def full_check(state: State, rng: random.Random) -> None:
    before, seen = state.clone(), snapshot(state)
    for action in state.legal_actions():
        copy = state.clone()
        copy.apply(action)
        assert copy.history[-1] == (state.current_player, action)
    for action in illegal_actions(state, rng):
        with pytest.raises(ValueError):  # IllegalActionError, wrong kinds included
            state.apply(action)
        assert state == before
    assert snapshot(state) == seen


def play_hand(game: Game, seed: int, rng: random.Random) -> State:
    """One hand to the end, checked after every step."""
    state = game.new_state(seed=seed, first_bidder=seed % 3)
    tracker = Tracker(state)
    tracker.check(state, None, None)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state
        if rng.randrange(FULL_CHECK_EVERY) == 0:
            full_check(state, rng)
        before = state.clone()
        action = decide(state, rng)
        tracker.check(state, before, action)
    raise AssertionError(f"hand of seed {seed} did not end in {MAX_STEPS} steps")


def play_config(configs: list, preset: str, auction: dict, first: int,
                number: int) -> List[State]:
    """``number`` hands of one config of ``configs`` (seeded by ``first`` + its index), every
    step checked; half the configs play with chips."""
    index = configs.index((preset, auction))
    game = Game(Rules.preset(preset).replace(**auction), chips=60 if index % 2 else None)
    rng = random.Random(first + index)
    hands = []
    for hand in range(number):
        state = play_hand(game, seed=(first + index) * 100_000 + hand, rng=rng)
        assert sum(state.scores) == 0 and state.winner in ("landlord", "peasants")
        assert state.raw_scores is not None and sum(state.raw_scores) == 0
        if game.chips is not None:
            assert all(-s <= 60 for s in state.scores)
        hands.append(state)
    return hands


def config_id(preset: str, auction: dict) -> str:
    """A test id: the preset and the auction's options (the deal bonuses go without saying)."""
    return "-".join([preset] + [str(v) for k, v in auction.items() if k != "deal_bonuses"])
