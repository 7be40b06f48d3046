"""Random simulation of the four-player table: 10,000 complete hands, deal to settlement, with the
engine invariants checked on every step (the four-seat twin of tests/engine/test_random_hands.py).

Configurations: the landlord alone and with a partner, under points, single-round points and
call/rob bidding, each with and without the doubling round; half of them with chips. After
every step: all 108 cards are accounted for, the right player is to move, and the multiplier
is 2 to the number of robs, bombs and rockets so far (and of the spring or anti-spring at the
end), counted from the history. On a sampled subset of steps every legal action applies (on a
clone) and illegal actions raise and leave the state exactly as it was. Every hand ends, its
scores are those of an independent model of the settlement (below), sum to zero and respect
the chips, and one hand in twenty replays from its record to the same state.
"""
from __future__ import annotations

import random
from operator import add, is_
from typing import List, NamedTuple, Optional, Tuple

import pytest

from ddz_fast import Move, Rules
from ddz_fast.engine import record
from ddz_fast.actions import Bid, Double, Partner
from ddz_fast.cards import TWO_DECKS
from ddz_fast.engine.game import Game
from ddz_fast.engine.four_player import FourPlayerState
from support.common import decide, expected_bidder, illegal_moves, sample_size

TOTAL_HANDS = 10_000
SIDES = ("alone", "partner")
AUCTIONS = ({"bidding": "points"}, {"bidding": "points", "single_round_auction": True},
            {"bidding": "call_rob"})
CONFIGS = [dict(auction, sides=sides, doubling=doubling)
           for sides in SIDES for auction in AUCTIONS for doubling in (False, True)]
HANDS_PER_CONFIG = -(-TOTAL_HANDS // len(CONFIGS))
FULL_CHECK_EVERY = 96      # on average, one step in this many gets the full clone checks
RECORD_EVERY = 20          # one hand in this many is replayed from its record
MAX_STEPS = 5_000
CHIPS = 50


def model_scores(state: FourPlayerState) -> Tuple[int, ...]:
    """The uncapped settlement from the rule text and the choices of ddz_fast.engine.four_player:
    alone, the landlord settles with each peasant; with a partner, the partner with the first
    opponent after it in turn order and the landlord with the other. A settlement is base x
    multiplier, x2 for each of its two players who doubled, x2 more when the landlord doubled
    and is not one of them."""
    landlord, partner = state.landlord, state.partner
    side = {landlord} if partner is None else {landlord, partner}
    opponents = [seat for seat in range(4) if seat not in side]
    if partner is None:
        pairs = [(landlord, seat) for seat in opponents]
    else:
        first = next((partner + step) % 4 for step in (1, 2, 3)
                     if (partner + step) % 4 not in side)
        pairs = [(partner, first), (landlord, next(s for s in opponents if s != first))]
    won = state.out_first in side
    scores = [0] * 4
    for ours, theirs in pairs:
        amount = state.base_stake * state.multiplier
        amount *= 2 ** (state.doubles[ours] + state.doubles[theirs])
        if state.doubles[landlord] and ours != landlord:
            amount *= 2
        scores[ours] += amount if won else -amount
        scores[theirs] -= amount if won else -amount
    return tuple(scores)


class Before(NamedTuple):
    """What the checks of a step need of the state before it (cheaper than a clone)."""

    phase: str
    player: int
    hands: tuple
    landlord: Optional[int]


def before_step(state: FourPlayerState) -> Before:
    # tuple.__new__ in C: a NamedTuple's own __new__ is Python, and this runs every step.
    return tuple.__new__(Before, (state.phase, state.current_player, state.hands,
                                  state.landlord))


class Tracker:
    """What the test knows about the running hand independently of the engine."""

    def __init__(self, state: FourPlayerState) -> None:
        self.moves: List[Move] = []         # the moves played (no passes)
        self.plays = [0] * 4        # non-pass moves per seat
        self.bombs = 0              # bombs and rockets played
        self.doubled = 0            # decisions of the doubling round
        self.robs: Optional[int] = None     # counted from the bids once the auction ends
        self.redeals = 0
        self.first_bidder = state.first_bidder
        self.check_all_cards(state)

    def check_all_cards(self, state: FourPlayerState) -> None:
        """All 108 cards: in the hands, the kitty (while bidding) and the moves played."""
        held = [sum(column) for column in zip(*(hand.counts for hand in state.hands))]
        if state.phase == "bidding":
            assert state.kitty is None
            extra = state.deal.kitty.counts
        else:
            assert state.kitty == state.deal.kitty and len(state.kitty) == 8
            extra = [sum(column) for column in zip([0] * 15, *(m.counts for m in self.moves))]
        assert tuple(map(sum, zip(held, extra))) == TWO_DECKS

    def check(self, state: FourPlayerState, before: Before, action: object) -> None:
        """After one step: whose turn it is, the multiplier, and the cards. A move takes its
        cards from the mover's hand and changes no other hand, so with all 108 checked at
        every change of phase, every card stays accounted for."""
        player = before.player
        self.doubled += before.phase == "doubling"
        hands = state.hands
        if isinstance(action, Move) and not action.is_pass:
            self.moves.append(action)
            self.plays[player] += 1
            self.bombs += action.type in ("bomb", "rocket")
            assert tuple(map(add, hands[player].counts, action.counts)) == \
                before.hands[player].counts
            assert sum(map(is_, hands, before.hands)) == 3     # no other hand changed
        elif state.phase == before.phase and state.redeals == self.redeals:
            assert hands == before.hands
        if state.phase != before.phase or state.redeals != self.redeals:
            self.check_all_cards(state)
        self._check_turn(state, before, action)

    def _check_turn(self, state: FourPlayerState, before: Before, action: object) -> None:
        player = before.player
        phase = state.phase
        if phase == "play" and before.phase == "play":     # most steps: the next seat
            assert state.current_player == (player + 1) % 4
            assert state.multiplier == 1 << (self.robs + self.bombs)
            return
        if state.redeals != self.redeals:
            assert state.redeals == self.redeals + 1 and before.phase == "bidding"
            self.redeals += 1
            self.first_bidder = (self.first_bidder + 1) % 4
            assert state.first_bidder == state.current_player == self.first_bidder
        elif state.phase == "over":
            assert state.current_player is None and len(state.hands[player]) == 0
            assert state.out_first == player
        elif state.phase == "bidding":
            assert state.current_player == expected_bidder(state.rules, self.first_bidder,
                                                           state.bids, 4)
        elif state.phase == "partner":
            assert state.rules.sides == "partner" and state.current_player == state.landlord
        elif state.phase == "doubling":
            landlord = state.landlord
            order = [(landlord + 1) % 4, (landlord + 2) % 4, (landlord + 3) % 4, landlord]
            assert state.current_player == order[self.doubled]
        else:       # play starts: the landlord leads
            assert state.current_player == state.landlord and state.prev is None
            assert (state.partner is not None) == (state.rules.sides == "partner")
        if state.landlord is not None or before.landlord is not None:
            assert state.multiplier == 2 ** self._doublings(state)
        else:
            assert state.multiplier == 1

    def _doublings(self, state: FourPlayerState) -> int:
        """Robs once the landlord is known, bombs and rockets played, and at the end a
        spring or an anti-spring, from the test's own tallies."""
        if state.landlord is None:
            return 0
        if self.robs is None:
            self.robs = sum(1 for _, bid in state.bids if bid == Bid.ROB)
        count = self.robs + self.bombs
        if state.is_over:
            side = (state.landlord, state.partner)
            by_side = sum(n for seat, n in enumerate(self.plays) if seat in side)
            if state.winner == "landlord":
                count += by_side == sum(self.plays)     # spring: no opponent played
            else:
                count += self.plays[state.landlord] == 1  # anti-spring: the first lead only
        return count


def illegal_actions(state: FourPlayerState, rng: random.Random) -> List[object]:
    legal = set(state.legal_actions())
    phase = state.phase
    if phase == "bidding":
        candidates = [b for b in Bid if b not in legal] + [Double.DOUBLE, Move.PASS, 9]
    elif phase == "partner":
        candidates = [Partner(state.landlord), Bid.PASS, Move.PASS, 4, "SEAT_1"]
    elif phase == "doubling":
        candidates = [Bid.CALL, Partner.SEAT_1, Move.PASS, 2, None]
    else:
        candidates = illegal_moves(state, legal, rng)
    return rng.sample(candidates, min(3, len(candidates)))


def full_check(state: FourPlayerState, rng: random.Random) -> None:
    before = state.clone()
    legal = state.legal_actions()
    for action in rng.sample(legal, min(6, len(legal))):
        copy = state.clone()
        copy.apply(action)
        assert copy.history[-1] == (state.current_player, action)
    for action in illegal_actions(state, rng):
        with pytest.raises(ValueError):  # IllegalActionError, wrong kinds included
            state.apply(action)
        assert state == before
    assert state.legal_actions() == legal


def play_hand(game: Game, seed: int, rng: random.Random) -> FourPlayerState:
    state = game.new_state(seed=seed, first_bidder=seed % 4)
    tracker = Tracker(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state
        if rng.randrange(FULL_CHECK_EVERY) == 0:
            full_check(state, rng)
        before = before_step(state)
        action = decide(state, rng)
        tracker.check(state, before, action)
    raise AssertionError(f"hand of seed {seed} did not end in {MAX_STEPS} steps")


def check_result(state: FourPlayerState, chips: Optional[int]) -> None:
    assert state.winner == ("landlord" if state.out_first in state.side else "peasants")
    assert state.raw_scores == model_scores(state)
    assert sum(state.scores) == 0 and sum(state.raw_scores) == 0
    if chips is None:
        assert state.scores == state.raw_scores and state.final_stacks is None
    else:
        assert all(-score <= chips for score in state.scores)
        assert all(stack >= 0 for stack in state.final_stacks)
        # A cap only ever lowers an amount, never turns a side's result round.
        assert all(abs(c) <= abs(r) and c * r >= 0
                   for c, r in zip(state.scores, state.raw_scores))


def play_config(index: int) -> List[FourPlayerState]:
    chips = CHIPS if index % 2 else None
    game = Game(Rules.preset("four_player").replace(**CONFIGS[index]), chips=chips)
    rng = random.Random(index)
    hands = []
    for number in range(HANDS_PER_CONFIG):
        state = play_hand(game, seed=index * 100_000 + number, rng=rng)
        check_result(state, chips)
        if number % RECORD_EVERY == 0:
            assert record.load(record.from_json(record.to_json(state))) == state
        hands.append(state)
    return hands


@pytest.mark.slow  # 10,000 whole hands: minutes under DDZ_FAST_IMPLEMENTATION=python
@pytest.mark.parametrize("index", range(len(CONFIGS)),
                         ids=["-".join(str(v) for v in c.values()) for c in CONFIGS])
def test_random_four_player_hands_keep_every_invariant(index):
    hands = play_config(index)
    # Every kind of ending happens in so many hands: both sides win, bombs are played, and
    # (with a partner) the partner goes out first now and then.
    assert {state.winner for state in hands} == {"landlord", "peasants"}
    assert any(state.multiplier > 1 for state in hands)
    if CONFIGS[index]["sides"] == "partner":
        assert any(state.out_first == state.partner for state in hands)


def test_a_few_random_four_player_hands_keep_every_invariant():
    # The simulation's checks on a handful of hands of every configuration, fast enough for
    # the pure-Python run, which deselects the 10,000 above (and plays one hand of each).
    for index, config in enumerate(CONFIGS):
        chips = CHIPS if index % 2 else None
        game = Game(Rules.preset("four_player").replace(**config), chips=chips)
        rng = random.Random(1000 + index)
        for number in range(sample_size(2)):
            state = play_hand(game, seed=7_000 + 10 * index + number, rng=rng)
            check_result(state, chips)
            assert record.load(record.from_json(record.to_json(state))) == state


def test_the_settlement_model_agrees_with_hand_counts():
    # The model above on the case of tests/variants/four_player/test_engine.py worked out by hand:
    # landlord 0, partner 2, base 3, multiplier 1, the landlord and seat 1 doubled: seat 2
    # with seat 3 at x2 (the landlord's double), the landlord with seat 1 at x4.
    class Finished:
        landlord, partner, out_first, base_stake, multiplier = 0, 2, 2, 3, 1
        doubles = (True, True, False, False)
    assert model_scores(Finished()) == (12, -12, 6, -6)
