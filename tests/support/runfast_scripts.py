"""Helpers of the Run Fast engine tests (tests/engine/test_runfast_*.py), written from
docs/RULES.md, "Run Fast", and the card order of :mod:`ddz_fast.engine.runfast`'s docstring,
never from the engine's code: the deck, the physical deal, who leads, which actions are legal,
what a hand pays, and a tracker that checks every step of a hand against them."""
from __future__ import annotations

import random
from typing import Callable, List, Optional, Sequence, Tuple

from ddz_fast import Move, Rules, beats, legal_moves
from ddz_fast.cards import parse_cards
from ddz_fast.engine.game import Game

RANKS = "3456789TJQKA2"
#: The suits each deck keeps, rank by rank (the module docstring's choice for 45 cards).
DECK_SUITS = {48: {**{r: "SHCD" for r in "3456789TJQK"}, "A": "HCD", "2": "S"},
              45: {**{r: "SHCD" for r in "3456789TJQ"}, "K": "HCD", "A": "H", "2": "S"}}


def sorted_deck(deck_size: int) -> List[Tuple[int, str]]:
    """The physical cards, rank by rank from the 3 up, suits in the order S H C D."""
    return [(RANKS.index(rank), suit) for rank in RANKS
            for suit in DECK_SUITS[deck_size].get(rank, "")]


def deck_counts(deck_size: int) -> Tuple[int, ...]:
    counts = [0] * 15
    for rank, _ in sorted_deck(deck_size):
        counts[rank] += 1
    return tuple(counts)


def dealt_piles(seed: object, deck_size: int, number: int = 0) -> List[List[Tuple[int, str]]]:
    """Deal ``number`` of ``seed``: the (number + 1)-th shuffle of random.Random(seed), cards
    0..n-1 to seat 0, n..2n-1 to seat 1, the rest to seat 2 (n = 16, or 15 of 45)."""
    rng = random.Random(seed)
    deck = sorted_deck(deck_size)
    for _ in range(number + 1):
        rng.shuffle(deck)
    size = deck_size // 3
    return [deck[seat * size:(seat + 1) * size] for seat in range(3)]


def expected_leader(piles: Sequence[Sequence[Tuple[int, str]]], players: int) -> int:
    """The three of spades leads; with two players and that card hidden, the lower lowest
    rank (seat 0 on a tie)."""
    holder = next(seat for seat, pile in enumerate(piles) if (0, "S") in pile)
    if holder < players:
        return holder
    low0, low1 = (min(rank for rank, _ in piles[seat]) for seat in (0, 1))
    return 1 if low1 < low0 else 0


def counts_of(pile: Sequence[Tuple[int, str]]) -> Tuple[int, ...]:
    counts = [0] * 15
    for rank, _ in pile:
        counts[rank] += 1
    return tuple(counts)


def hands_state(rules: Rules, hands: Sequence[str], leader: int = 0):
    """A hand from given cards, checked here to make exactly the deck, ``leader`` leading."""
    total = [sum(column) for column in zip(*(parse_cards(h) for h in hands))]
    assert tuple(total) == deck_counts(rules.deck_size), "the hands are not one deck"
    return Game(rules).new_state_from_hands(list(hands), first_bidder=leader)


def play(state, *texts: str) -> None:
    """Apply move texts (``pass`` passes) in order."""
    for text in texts:
        state.apply(text)


def expected_legal(state) -> Tuple[bool, List[Move]]:
    """(whether passing is legal, the legal plays) of the state's position, from the rule
    book: the plays that beat ``prev`` by :func:`ddz_fast.beats` among the hand's plays (all
    of them when leading), less those the first-play rule and the one-card rule forbid."""
    rules, hand, prev = state.rules, state.hands[state.current_player], state.prev
    plays = list(legal_moves(hand, None, rules=rules))
    beating = plays if prev is None else [m for m in plays if beats(m, prev, rules=rules)]
    allowed = list(beating)
    if rules.spade3_in_first_play and not any(state.plays) and hand.counts[0]:
        allowed = [m for m in allowed if m.counts[0] > 0]
    following = state.hands[(state.current_player + 1) % rules.players]
    if rules.one_card_rule and len(following) == 1:
        top = max(r for r in range(15) if hand.counts[r])
        allowed = [m for m in allowed if m.type != "solo" or m.key == top]
    may_pass = prev is not None and not (rules.must_beat and beating)
    return may_pass, allowed


def expected_scores(winner: int, cards_left: Sequence[int], plays: Sequence[int],
                    base: int, bombs: Sequence[int]) -> Tuple[int, ...]:
    """Each loser pays base per card, nothing on one card, double when closed; plus the bomb
    payments ``bombs``."""
    scores = list(bombs)
    for seat, left in enumerate(cards_left):
        if seat != winner and left != 1:
            owed = base * left * (2 if plays[seat] == 0 else 1)
            scores[seat] -= owed
            scores[winner] += owed
    return tuple(scores)


class Tracker:
    """What a test knows of a hand, counted from the actions it takes, checked after every
    step: cards, turn order, the passes and the lead, bombs paid, legality, the scores."""

    def __init__(self, state) -> None:
        self.rules: Rules = state.rules
        self.players = self.rules.players
        self.deck = deck_counts(self.rules.deck_size)
        self.hidden = state.hidden_hand
        self.played = [0] * 15
        self.plays = [0] * self.players
        self.bombs = [0] * self.players
        self.last_mover: Optional[int] = None
        self.passes = 0
        self.to_move = state.current_player
        self.check(state)

    def step(self, state, decide: Callable[[object, list], Move]) -> Move:
        """Check the legal actions against the rules, let ``decide(state, legal)`` take one
        (apply it, or time out) and return it, and check the state after it."""
        mover = state.current_player
        assert mover == self.to_move
        may_pass, allowed = expected_legal(state)
        listed = state.legal_actions()
        assert set(listed) == set(allowed) | ({Move.PASS} if may_pass else set())
        assert len(listed) == len(set(listed))
        action = decide(state, listed)
        assert state.history[-1] == (mover, action) and action in listed
        self._count(state, mover, action)
        self.check(state)
        return action

    def _count(self, state, mover: int, action: Move) -> None:
        self.to_move = (mover + 1) % self.players
        if action.is_pass:
            self.passes += 1
            if self.passes == self.players - 1:
                assert self.to_move == self.last_mover
                if self.last_move.type == "bomb":
                    self._bomb(self.last_mover)
                self.passes = 0
            return
        self.passes = 0
        self.last_mover, self.last_move = mover, action
        self.plays[mover] += 1
        for rank, count in enumerate(action.counts):
            self.played[rank] += count
        if not len(state.hands[mover]) and action.type == "bomb":
            self._bomb(mover)

    def _bomb(self, bomber: int) -> None:
        amount = self.rules.bomb_score * self.rules.base
        for seat in range(self.players):
            self.bombs[seat] += amount * (self.players - 1) if seat == bomber else -amount

    def check(self, state) -> None:
        hands = [h.counts for h in state.hands] + ([self.hidden.counts] if self.hidden else [])
        assert len(state.hands) == self.players
        assert tuple(map(sum, zip(self.played, *hands))) == self.deck
        assert list(state.plays) == self.plays
        assert list(state.bomb_scores) == self.bombs
        if state.hidden_hand is not None:
            assert state.hidden_hand == self.hidden == state.deal.hands[2]
        if state.is_over:
            winner = state.winner
            assert state.current_player is None and len(state.hands[winner]) == 0
            assert state.scores == expected_scores(winner, [len(h) for h in state.hands],
                                                   self.plays, self.rules.base, self.bombs)
            assert sum(state.scores) == 0
            return
        assert all(len(h) for h in state.hands)
        assert state.current_player == self.to_move
        assert state.passes == self.passes
        assert (state.prev is None) == (self.passes == 0 and self.to_move == self.last_mover
                                        or self.last_mover is None)


__all__ = ["sorted_deck", "deck_counts", "dealt_piles", "expected_leader", "counts_of",
           "hands_state", "play", "expected_legal", "expected_scores",
           "Tracker"]
