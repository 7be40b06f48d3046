"""Random simulation: 10,000 complete hands, deal to settlement, with invariants on every step.

Every preset under points, single-round points and call/rob bidding, some with chips. After
every step: all 54 cards are accounted for and the right player is to move. On a sampled
subset of steps: every legal action applies (on a clone), and illegal actions raise and leave
the state exactly as it was. Every hand ends, and its scores sum to zero.
"""
from __future__ import annotations

import random
from typing import List, Optional

import pytest

from ddz_fast import Move, Rules, action_space
from ddz_fast.bitboard import COUNT_MASK, pack
from ddz_fast.cards import FULL_DECK
from ddz_fast.game import Game, State
from test_game_helpers import Bid, Double, snapshot

TOTAL_HANDS = 10_000
PRESETS = ("standard", "rlcard", "openspiel", "douzero", "no_kitty", "botzone")
AUCTIONS = ({"bidding": "points"}, {"bidding": "points", "single_round_auction": True},
            {"bidding": "call_rob"})
CONFIGS = [(preset, auction) for preset in PRESETS for auction in AUCTIONS]
HANDS_PER_CONFIG = -(-TOTAL_HANDS // len(CONFIGS))
DECK_WORD = pack(FULL_DECK)
FULL_CHECK_EVERY = 8       # on average, one step in this many gets the full clone checks
MAX_STEPS = 5_000          # far more than any hand takes, re-deals included


def expected_bidder(rules: Rules, first: int, bids) -> int:
    """Who must act next in an auction still running: an imperative model of docs/RULES.md."""
    if rules.bidding == "points" and not rules.single_round_auction:
        passed = set()
        turn = first
        for player, bid in bids:
            assert player == turn
            if bid == Bid.PASS:
                passed.add(player)
            turn = (player + 1) % 3
            while turn in passed:
                turn = (turn + 1) % 3
        return turn
    if rules.bidding == "points":
        return (first + len(bids)) % 3
    calls = [i for i, (_, bid) in enumerate(bids) if bid == Bid.CALL]
    if not calls:
        return (first + len(bids)) % 3
    robbers = [(first + i) % 3 for i in range(calls[0] + 1, 3)]
    after_call = len(bids) - calls[0] - 1
    if after_call < len(robbers):
        return robbers[after_call]
    return bids[calls[0]][0]  # the first caller robs back


class Tracker:
    """What the test knows independently of the engine about the hand it is running."""

    def __init__(self, state: State) -> None:
        self.played = 0
        self.redeals = state.redeals
        self.first_bidder = state.first_bidder

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
        if isinstance(action, Move) and not action.is_pass:
            self.played += action.word & COUNT_MASK
        if state.redeals != self.redeals:
            assert state.redeals == self.redeals + 1 and before.phase == "bidding"
            self.redeals += 1
            self.first_bidder = (self.first_bidder + 1) % 3
            assert state.first_bidder == state.current_player == self.first_bidder
        elif state.phase == "over":
            assert state.current_player is None and state.hands[player].bitboard == 0
        elif state.phase == "bidding":
            assert state.current_player == expected_bidder(state.rules, self.first_bidder,
                                                           state.bids)
        elif state.phase == "doubling":
            landlord = state.landlord
            decided = sum(1 for _, a in state.history if isinstance(a, Double))
            order = [(landlord + 1) % 3, (landlord + 2) % 3, landlord]
            assert state.current_player == order[decided]
        elif before.phase != "play":
            assert state.current_player == state.landlord and state.prev is None
        else:
            assert state.current_player == (player + 1) % 3


def illegal_actions(state: State, rng: random.Random) -> List[object]:
    legal = set(state.legal_actions())
    if state.phase == "bidding":
        candidates = [b for b in Bid if b not in legal] + [Double.DOUBLE, Move.PASS, 9, "BID_1"]
    elif state.phase == "doubling":
        candidates = [Bid.CALL, Bid.PASS, Move.PASS, 2, None]
    else:
        moves = action_space(state.rules)
        candidates = [m for m in rng.sample(moves, 8) if m not in legal] + [Bid.PASS, 0]
        if state.prev is None:
            candidates.append(Move.PASS)
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


def decide(state: State, rng: random.Random) -> object:
    """Mostly a random legal action; sometimes a timeout, auto-play when it is on."""
    if state.auto_play[state.current_player]:
        if rng.random() < 0.1 and not state.has_left[state.current_player]:
            state.set_auto_play(state.current_player, False)
        else:
            return state.play_auto()
    if rng.random() < 0.02:
        return state.timeout()
    action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def play_hand(game: Game, seed: int, rng: random.Random) -> State:
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


@pytest.mark.slow  # 10,000 whole hands: minutes under DDZ_FAST_IMPLEMENTATION=python
@pytest.mark.parametrize("preset, auction", CONFIGS,
                         ids=[f"{p}-{'-'.join(map(str, a.values()))}" for p, a in CONFIGS])
def test_random_hands_keep_every_invariant(preset, auction):
    rules = Rules.preset(preset).replace(**auction)
    index = CONFIGS.index((preset, auction))
    game = Game(rules, chips=60 if index % 2 else None)
    rng = random.Random(index)
    for hand in range(HANDS_PER_CONFIG):
        state = play_hand(game, seed=index * 100_000 + hand, rng=rng)
        assert sum(state.scores) == 0 and state.winner in ("landlord", "peasants")
        assert state.raw_scores is not None and sum(state.raw_scores) == 0
        if game.chips is not None:
            assert all(-s <= 60 for s in state.scores)
