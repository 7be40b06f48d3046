"""Random simulation of hands with wild cards: 10,000 complete hands, deal to settlement, with the
engine invariants checked on every step (the wild-card twin of
tests/variants/four_player/test_random_hands.py).

Configurations: one wild rank (``laizi``) and two (``tiandi_laizi``), each bomb multiplier
option (``double``, ``app``), points bidding without the doubling round and call/rob with it;
half of them with chips. After every step: all 54 cards are accounted for, the right player is
to move, the wild ranks shown are the right number at the right time, and the multiplier is 2
to the number of robs times the factor of every bomb and rocket played so far, each factor
worked out below from the move's cards and the wild ranks (not from the engine's bomb class).
On a sampled subset of steps every legal action applies (on a clone) and illegal actions raise
and leave the state exactly as it was. Every hand ends, its scores are those of an independent
model of the settlement, sum to zero and respect the chips, the multiplier at the end is
recomputed from the moves of the history (and the spring or anti-spring), and one hand in
twenty replays from its record to the same state.

The move generator with wild cards is the pure-Python reference today (about 20 ms a listing
of 17 cards), so the 10,000 hands are marked ``slow``; a handful of hands of every
configuration run in every run.
"""
from __future__ import annotations

import random
from operator import add, is_
from typing import List, NamedTuple, Optional, Sequence, Tuple

import pytest

from ddz_fast import Move, Rules, classify
from ddz_fast.engine import record
from ddz_fast.actions import Bid, Double
from ddz_fast.cards import FULL_DECK
from ddz_fast.engine.game import Game
from ddz_fast.engine.laizi import LaiziState
from support.common import decide, expected_bidder, sample_size

TOTAL_HANDS = 10_000
CONFIGS = [dict(laizi=laizi, bomb_multiplier=option, **auction)
           for laizi in (1, 2) for option in ("double", "app")
           for auction in ({"bidding": "points"}, {"bidding": "call_rob", "doubling": True})]
HANDS_PER_CONFIG = -(-TOTAL_HANDS // len(CONFIGS))
FULL_CHECK_EVERY = 48      # on average, one step in this many gets the full clone checks
RECORD_EVERY = 20          # one hand in this many is replayed from its record
MAX_STEPS = 5_000
CHIPS = 50


def bomb_factor(move: Move, option: str, wild: Sequence[int]) -> int:
    """What a bomb or the rocket multiplies the multiplier by, from docs/RULES.md ("Laizi"):
    ``double``: 2. ``app``: the rocket and a bomb of 5+ cards 6; a 4-card bomb is hard (four
    natural cards of a rank that is not wild) or laizi (the four cards of a wild rank read as
    that rank) exactly when it holds four real cards of its key rank: 4; else soft: 2."""
    if option == "double":
        return 2
    if move.type == "rocket" or len(move) >= 5:
        return 6
    return 4 if move.counts[move.key] == 4 else 2


def bomb_class(move: Move, wild: Sequence[int]) -> str:
    """The class of a bomb from its cards: see :func:`bomb_factor`."""
    if len(move) == 4 and move.counts[move.key] == 4:
        return "laizi" if move.key in wild else "hard"
    return "soft"


def model_scores(state: LaiziState) -> Tuple[int, int, int]:
    """The uncapped settlement of docs/RULES.md ("Scoring"): each peasant settles base x
    multiplier with the landlord, x2 if it doubled, x2 if the landlord doubled."""
    landlord = state.landlord
    won = state.winner == "landlord"
    scores = [0, 0, 0]
    for peasant in range(3):
        if peasant == landlord:
            continue
        amount = state.base_stake * state.multiplier
        amount *= 2 ** (state.doubles[peasant] + state.doubles[landlord])
        scores[peasant] -= amount if won else -amount
        scores[landlord] += amount if won else -amount
    return (scores[0], scores[1], scores[2])


class Before(NamedTuple):
    """What the checks of a step need of the state before it (cheaper than a clone)."""

    phase: str
    player: int
    hands: tuple
    landlord: Optional[int]


def before_step(state: LaiziState) -> Before:
    return tuple.__new__(Before, (state.phase, state.current_player, state.hands,
                                  state.landlord))


class Tracker:
    """What the test knows about the running hand independently of the engine."""

    def __init__(self, state: LaiziState) -> None:
        self.moves: List[Move] = []     # the moves played (no passes)
        self.plays = [0, 0, 0]          # non-pass moves per seat
        self.factor = 1                 # the product of the bomb factors so far
        self.doubled = 0                # decisions of the doubling round
        self.robs: Optional[int] = None     # counted from the bids once the auction ends
        self.redeals = 0
        self.first_bidder = state.first_bidder
        self.option = state.rules.bomb_multiplier
        self.check_all_cards(state)
        self.check_wild(state)

    def check_all_cards(self, state: LaiziState) -> None:
        """All 54 cards: in the hands, the kitty (while bidding) and the moves played."""
        held = [sum(column) for column in zip(*(hand.counts for hand in state.hands))]
        if state.phase == "bidding":
            assert state.kitty is None
            extra = state.deal.kitty.counts
        else:
            assert state.kitty == state.deal.kitty and len(state.kitty) == 3
            extra = [sum(column) for column in zip([0] * 15, *(m.counts for m in self.moves))]
        assert tuple(map(sum, zip(held, extra))) == FULL_DECK

    def check_wild(self, state: LaiziState) -> None:
        """Tiandi laizi shows its first rank before the bidding; every wild rank is shown once
        the landlord is known; the ranks are distinct ranks 3..2."""
        laizi = state.rules.laizi
        expected = laizi - 1 if state.phase == "bidding" else laizi
        assert len(state.wild) == expected and len(set(state.wild)) == expected
        assert all(0 <= rank <= 12 for rank in state.wild)

    def check(self, state: LaiziState, before: Before, action: object) -> None:
        """After one step: whose turn it is, the multiplier, the wild ranks and the cards."""
        player = before.player
        self.doubled += before.phase == "doubling"
        hands = state.hands
        if isinstance(action, Move) and not action.is_pass:
            self.moves.append(action)
            self.plays[player] += 1
            if action.type in ("bomb", "rocket"):
                self.factor *= bomb_factor(action, self.option, state.wild)
                if action.type == "bomb":
                    assert action.bomb_class == bomb_class(action, state.wild)
            assert tuple(map(add, hands[player].counts, action.counts)) == \
                before.hands[player].counts
            assert sum(map(is_, hands, before.hands)) == 2     # no other hand changed
        elif state.phase == before.phase and state.redeals == self.redeals:
            assert hands == before.hands
        if state.phase != before.phase or state.redeals != self.redeals:
            self.check_all_cards(state)
            self.check_wild(state)
        self._check_turn(state, before)

    def _check_turn(self, state: LaiziState, before: Before) -> None:
        player = before.player
        if state.phase == "play" and before.phase == "play":    # most steps: the next seat
            assert state.current_player == (player + 1) % 3
            assert state.multiplier == (1 << self.robs) * self.factor
            return
        if state.redeals != self.redeals:
            assert state.redeals == self.redeals + 1 and before.phase == "bidding"
            self.redeals += 1
            self.first_bidder = (self.first_bidder + 1) % 3
            assert state.first_bidder == state.current_player == self.first_bidder
            self.check_wild(state)
        elif state.phase == "over":
            assert state.current_player is None and len(state.hands[player]) == 0
        elif state.phase == "bidding":
            assert state.current_player == expected_bidder(state.rules, self.first_bidder,
                                                           state.bids, 3)
        elif state.phase == "doubling":
            landlord = state.landlord
            order = [(landlord + 1) % 3, (landlord + 2) % 3, landlord]
            assert state.current_player == order[self.doubled]
        else:       # play starts: the landlord leads
            assert state.current_player == state.landlord and state.prev is None
        if state.landlord is not None:
            if self.robs is None:
                self.robs = sum(1 for _, bid in state.bids if bid == Bid.ROB)
            expected = (1 << self.robs) * self.factor
            if state.is_over:
                expected *= self._spring(state)
            assert state.multiplier == expected
        else:
            assert state.multiplier == 1

    def _spring(self, state: LaiziState) -> int:
        if state.winner == "landlord":
            return 2 if sum(self.plays) == self.plays[state.landlord] else 1
        return 2 if self.plays[state.landlord] == 1 else 1


def illegal_actions(state: LaiziState, rng: random.Random) -> List[object]:
    """Actions the state must refuse: bids of the wrong kind or not legal now, moves while
    bidding; in play, readings of card sets drawn from the whole deck (under the hand's wild
    ranks or other ones) that are not legal now, a bid, an int, and the pass when leading."""
    legal = set(state.legal_actions())
    if state.phase == "bidding":
        candidates = [b for b in Bid if b not in legal] + [Double.DOUBLE, Move.PASS, 9]
    elif state.phase == "doubling":
        candidates = [Bid.CALL, Move.PASS, 2, None]
    else:
        deck = [rank for rank, copies in enumerate(FULL_DECK) for _ in range(copies)]
        candidates = [Bid.PASS, 0]
        for _ in range(6):
            drawn = rng.sample(deck, rng.randint(1, 6))
            cards = [drawn.count(rank) for rank in range(15)]
            wild = state.wild if rng.random() < 0.5 else (rng.randrange(13),)
            rules = state.rules.replace(laizi=len(wild))
            candidates += [m for m in classify(cards, rules=rules, wild=wild)
                           if m not in legal][:2]
        if state.prev is None:
            candidates.append(Move.PASS)
    return rng.sample(candidates, min(4, len(candidates)))


def full_check(state: LaiziState, rng: random.Random) -> None:
    before = state.clone()
    legal = state.legal_actions()
    for action in rng.sample(legal, min(4, len(legal))):
        copy = state.clone()
        copy.apply(action)
        assert copy.history[-1] == (state.current_player, action)
    for action in illegal_actions(state, rng):
        with pytest.raises(ValueError):  # IllegalActionError, wrong kinds included
            state.apply(action)
        assert state == before and state.events == before.events
    assert state.legal_actions() == legal


def play_hand(game: Game, seed: int, rng: random.Random) -> Tuple[LaiziState, Tracker]:
    state = game.new_state(seed=seed, first_bidder=seed % 3)
    tracker = Tracker(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state, tracker
        if rng.randrange(FULL_CHECK_EVERY) == 0:
            full_check(state, rng)
        before = before_step(state)
        action = decide(state, rng)
        tracker.check(state, before, action)
    raise AssertionError(f"hand of seed {seed} did not end in {MAX_STEPS} steps")


def multiplier_from_history(state: LaiziState) -> int:
    """The final multiplier from the hand's history alone: 2 per rob, each bomb's and
    rocket's factor, and 2 for a spring or an anti-spring."""
    landlord = state.landlord
    robs = sum(1 for _, action in state.history
               if isinstance(action, Bid) and action == Bid.ROB)
    moves = [(seat, action) for seat, action in state.history
             if isinstance(action, Move) and not action.is_pass]
    value = 1 << robs
    for _, move in moves:
        if move.type in ("bomb", "rocket"):
            value *= bomb_factor(move, state.rules.bomb_multiplier, state.wild)
    by_landlord = sum(1 for seat, _ in moves if seat == landlord)
    if state.winner == "landlord":
        return value * (2 if by_landlord == len(moves) else 1)
    return value * (2 if by_landlord == 1 else 1)


def check_result(state: LaiziState, chips: Optional[int]) -> None:
    assert state.winner in ("landlord", "peasants")
    assert state.multiplier == multiplier_from_history(state)
    assert state.raw_scores == model_scores(state)
    assert sum(state.scores) == 0 and sum(state.raw_scores) == 0
    if chips is None:
        assert state.scores == state.raw_scores and state.final_stacks is None
    else:
        assert all(-score <= chips for score in state.scores)
        assert all(stack >= 0 for stack in state.final_stacks)
        assert all(abs(c) <= abs(r) and c * r >= 0
                   for c, r in zip(state.scores, state.raw_scores))


def game_of(index: int) -> Tuple[Game, Optional[int]]:
    chips = CHIPS if index % 2 else None
    return Game(Rules(**CONFIGS[index]), chips=chips), chips


def play_config(index: int, hands: int, seed_base: int) -> List[LaiziState]:
    game, chips = game_of(index)
    rng = random.Random(seed_base + index)
    played = []
    for number in range(hands):
        state, _ = play_hand(game, seed=seed_base + index * 100_000 + number, rng=rng)
        check_result(state, chips)
        if number % RECORD_EVERY == 0:
            assert record.load(record.from_json(record.to_json(state))) == state
        played.append(state)
    return played


def _config_id(config: dict) -> str:
    return "-".join(str(value) for value in config.values())


@pytest.mark.slow  # 10,000 whole hands: the pure-Python generator lists every move
@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[_config_id(c) for c in CONFIGS])
def test_random_laizi_hands_keep_every_invariant(index):
    hands = play_config(index, HANDS_PER_CONFIG, 0)
    # Every kind of ending happens in so many hands: both sides win, bombs are played.
    assert {state.winner for state in hands} == {"landlord", "peasants"}
    assert any(state.multiplier > 2 for state in hands)


def test_a_few_random_laizi_hands_keep_every_invariant():
    # The simulation's checks on a handful of hands of every configuration, in every run.
    for index in range(len(CONFIGS)):
        play_config(index, sample_size(2), 7_000)


def test_the_models_agree_with_hand_counts():
    # The bomb factors on the bombs of tests/variants/laizi/test_engine.py, with 5 (index 2) wild:
    # 3335 read as 3333 is soft (x2), 8888 hard (x4), 5555 read as 5555 laizi (x4), 55555
    # cannot be (4 fives), 33355 read as 33333 soft of five cards (x6), the rocket x6.
    from ddz_fast.moves.notation import parse_move
    wild = (2,)

    def bomb(text):
        return parse_move(text, "laizi", wild)
    cases = [("3335=3333", "soft", 2), ("8888", "hard", 4), ("5555=5555", "laizi", 4),
             ("5555=KKKK", "soft", 2), ("33355=33333", "soft", 6)]
    for text, kind, factor in cases:
        move = bomb(text)
        assert bomb_class(move, wild) == kind == move.bomb_class
        assert bomb_factor(move, "app", wild) == factor and bomb_factor(move, "double", wild) == 2
    assert bomb_factor(bomb("BR"), "app", wild) == 6

    # The settlement model on a case worked out by hand: landlord 1, base 2, multiplier 3,
    # the landlord and seat 2 doubled, the landlord won: seat 0 pays 2 x 3 x 2 = 12, seat 2
    # pays 2 x 3 x 4 = 24.
    class Finished:
        landlord, winner, base_stake, multiplier = 1, "landlord", 2, 3
        doubles = (False, True, True)
    assert model_scores(Finished()) == (-12, 36, -24)
