"""Run Fast in the native play loop: random games and rollouts (ddz_fast.positions.rollouts
under Run Fast rules) against the engine.

The replay is the heart of it: the native loop records every action of a game, and the test
plays the same hand in :class:`ddz_fast.engine.runfast.RunFastState` (the engine, which knows
nothing of the core's loop) from the dealt hands and the leader, asking at each step that the
recorded action be one of the engine's legal actions, then compares the winner, the cards
left, the plays and the scores. The deal is checked as a physical deal: the three of spades
is one of the four threes, so the hand holding it is hand ``s`` with probability (threes in
``s``) / 4.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from ddz_fast import Game, Hand, Rules, play_out, random_games
from ddz_fast.cards import RUNFAST_DECKS
from ddz_fast.engine.runfast import card_payments
from ddz_fast.positions.rollouts import RunFastGames, RunFastPlayout
from ddz_fast.positions.runfast import RunFastPosition

pytestmark = pytest.mark.native  # the native play loop

RUNFAST = Rules.preset("runfast")
VARIANTS = {
    "runfast": RUNFAST,
    "runfast_15": Rules.preset("runfast_15"),
    "two_players": RUNFAST.replace(players=2),
    "two_players_15": Rules.preset("runfast_15").replace(players=2, four_three=True),
    "loose": RUNFAST.replace(must_beat=False, one_card_rule=False, short_last_hand=False),
    "spade3_first": RUNFAST.replace(spade3_in_first_play=True, aaa_bomb=True),
    "scored": RUNFAST.replace(base=3, bomb_score=7, four_three=True),
}


def replay(games: RunFastGames, i: int, rules: Rules):
    """Game ``i`` played again through the engine from its deal and leader; each recorded
    action must be legal there."""
    hands = [Hand.from_bitboard(int(word)) for word in games.hands[i]]
    state = Game(rules).new_state_from_hands(hands, None, first_bidder=int(games.leader[i]))
    for action in games.game_actions(i, rules):
        assert action in state.legal_actions(), (i, action, state)
        state.apply(action)
    assert state.is_over
    return state


@pytest.mark.parametrize("name", VARIANTS)
def test_random_games_replay_through_the_engine(name):
    rules = VARIANTS[name]
    games = random_games(60, 11, rules=rules, record=True)
    assert isinstance(games, RunFastGames) and len(games) == 60
    for i in range(len(games)):
        state = replay(games, i, rules)
        assert state.winner == games.winner[i]
        assert state.scores == tuple(games.scores[i])
        assert tuple(map(len, state.hands)) == tuple(games.cards_left[i])
        assert state.plays == tuple(games.seat_moves[i])
        assert len(games.game_moves(i)) == games.plays[i]
        bomb = rules.bomb_score * rules.base
        assert state.bomb_scores == tuple(
            bomb * (rules.players * int(b) - int(games.bombs[i].sum())) for b in games.bombs[i])


@pytest.mark.parametrize("name", VARIANTS)
def test_invariants_of_random_games(name):
    rules = VARIANTS[name]
    games = random_games(3000, 5, rules=rules)
    n, players = len(games), rules.players
    deck = RUNFAST_DECKS[rules.deck_size]
    # The deal: three hands of hand_size cards that make the deck.
    for i in range(0, n, 97):
        hands = [Hand.from_bitboard(int(word)) for word in games.hands[i]]
        assert [len(h) for h in hands] == [rules.hand_size] * 3
        assert tuple(map(sum, zip(*(h.counts for h in hands)))) == tuple(deck)
    assert (games.scores.sum(axis=1) == 0).all()
    assert (games.cards_left[np.arange(n), games.winner] == 0).all()
    assert (games.cards_left.sum(axis=1) > 0).all()
    assert games.scores.shape == games.cards_left.shape == (n, players)
    # The winner alone gains from the cards; a loser with one card pays nothing for them.
    cards_paid = games.scores - rules.bomb_score * rules.base * (
        players * games.bombs - games.bombs.sum(axis=1, keepdims=True))
    losers = np.arange(players)[None, :] != games.winner[:, None]
    assert (cards_paid[losers] <= 0).all()
    assert (cards_paid[losers & (games.cards_left == 1)] == 0).all()
    # The leader: the three of spades' holder, or with it hidden the lower lowest card.
    held = games.spade3 < players
    assert (games.leader[held] == games.spade3[held]).all()
    if players == 2:
        assert not held.all() and (games.leader[~held] < 2).all()


def test_the_three_of_spades_lands_as_in_a_physical_deal():
    """P(hand s holds the three of spades) = (threes in s) / 4 for a uniformly random physical
    deal: the mean of the difference of the two is 0 within five standard errors, and each
    hand holds it a third of the time."""
    games = random_games(40_000, 3, rules=RUNFAST)
    threes = (games.hands & 0xF).astype(np.int64)
    for seat in range(3):
        diff = (games.spade3 == seat) - threes[:, seat] / 4
        assert abs(diff.mean()) < 5 * diff.std() / math.sqrt(len(diff))
        share = (games.spade3 == seat).mean()
        assert abs(share - 1 / 3) < 5 * math.sqrt(2 / 9 / len(games))


def test_random_games_are_deterministic_and_split_the_same_way():
    whole = random_games(200, 9, rules="runfast_15", record=True)
    assert whole == random_games(200, 9, rules="runfast_15", record=True)
    assert random_games(200, 9, rules="runfast_15", record=True, workers=3) == whole
    tail = random_games(50, 9, rules="runfast_15", start=150, record=True)
    assert (tail.scores == whole.scores[150:]).all()
    assert [list(tail.game_moves(i)) for i in range(50)] == \
        [list(whole.game_moves(150 + i)) for i in range(50)]
    assert random_games(200, 10, rules="runfast_15") != random_games(200, 9, rules="runfast_15")


def test_random_games_arguments_are_checked():
    with pytest.raises(ValueError, match="no bidding"):
        random_games(1, 0, rules="runfast", bidding="points")
    with pytest.raises(ValueError, match="bidding"):
        random_games(1, 0, rules="runfast", bidding="auction")
    with pytest.raises(TypeError, match="record"):
        random_games(1, 0, rules="runfast", record=1)
    with pytest.raises(ValueError, match="n must be"):
        random_games(-1, 0, rules="runfast")
    with pytest.raises(ValueError, match="record"):
        random_games(1 << 21, 0, rules="runfast", record=True)
    with pytest.raises(ValueError, match="not recorded"):
        random_games(1, 0, rules="runfast").game_moves(0)
    assert len(random_games(0, 0, rules="runfast")) == 0


# --- rollouts --------------------------------------------------------------------------------

def dealt_position(rules: Rules, seed: int) -> RunFastPosition:
    state = Game(rules).new_state(seed=seed)
    return state.position()


@pytest.mark.parametrize("name", VARIANTS)
def test_play_out_settles_as_the_engine_does(name):
    """From the start of a dealt hand (a seat that made no play holds its whole hand, so it is
    closed exactly when it has no moves) the scores are card_payments' plus the bombs won."""
    rules = VARIANTS[name]
    for seed in range(40):
        position = dealt_position(rules, seed)
        out = play_out(position, seed, rules=rules)
        assert isinstance(out, RunFastPlayout)
        assert out == play_out(position, seed, rules=rules)
        assert out.cards_left[out.winner] == 0 and sum(out.scores) == 0
        cards = card_payments(out.winner, out.cards_left, out.seat_moves, rules.base)
        bomb = rules.bomb_score * rules.base
        bombs = [bomb * (rules.players * b - sum(out.bombs)) for b in out.bombs]
        assert out.scores == tuple(c + b for c, b in zip(cards, bombs))
        assert sum(position.hands[s].__len__() - out.cards_left[s]
                   for s in range(rules.players)) >= sum(out.seat_moves)
        assert out.plays >= sum(out.seat_moves)


def test_play_out_of_small_positions_counted_by_hand():
    # Seat 0 leads its last card: it wins, each loser holds one card and pays nothing.
    assert play_out(RunFastPosition.parse("3/4/5 0 - 0"), 1) == \
        RunFastPlayout(0, (0, 1, 1), (0, 0, 0), 1, (1, 0, 0), (0, 0, 0))
    # Two players: seat 1 must beat the 3 and can only with its last card; seat 0 then holds
    # two cards and pays 2.
    assert play_out(RunFastPosition.parse("K4/5 1 3 0"), 2) == \
        RunFastPlayout(1, (2, 0), (0, 0), 1, (0, 1), (-2, 2))
    # Seat 0 must beat seat 2's 2, and only the bomb 3333 does (must_beat): it ends the hand,
    # and a bomb as the last play wins its trick (10 from each other player); the losers pay
    # 2 cards each.
    out = play_out(RunFastPosition.parse("3333/45/66 0 2 0"), 3)
    assert out == RunFastPlayout(0, (0, 2, 2), (1, 0, 0), 1, (1, 0, 0), (24, -12, -12))
    # A finished hand has nothing left to play.
    over = play_out(RunFastPosition.parse("-/4/5 1 - 0"), 0)
    assert over == RunFastPlayout(0, (0, 1, 1), (0, 0, 0), 0, (0, 0, 0), (0, 0, 0))


def test_play_out_arguments_are_checked():
    position = RunFastPosition.parse("3/4/5 0 - 0")
    with pytest.raises(ValueError, match="seed"):
        play_out(position, -1)
    with pytest.raises(ValueError, match="partner"):
        play_out(position, 0, partner=1)
    with pytest.raises(ValueError, match="Run Fast rules"):
        play_out(position, 0, rules="standard")
    with pytest.raises(ValueError, match="players=3"):
        play_out(position, 0, rules=RUNFAST.replace(players=2))
    broken = RunFastPosition.parse("3/4/5 0 - 0")
    object.__setattr__(broken, "to_move", 5)
    with pytest.raises(ValueError, match="to_move"):
        play_out(broken, 0)
